"""A KataGo network as the search's ``Evaluator``: priors from its policy, values from
what it says about the crucial stones.

* Each problem is looked at through its window (``nn.window``): the smallest
  rectangle holding the region and the wall, so a corner problem costs a
  fraction of a full board.  Queries are grouped by window and sent to the
  network in batches of up to ``max_batch``.
* Inputs: KataGo's planes (``nn.katago_features``) of the whole board,
  cropped to the window, with the line of moves that led to the position
  (``Query.moves``) and the rules and komi of :class:`KataGoSettings`.
* Priors: the network's policy over the moves the search considers
  (``Query.legal``: region moves and the pass), renormalised.
* Value, the defender's chance of reaching its goal (``value`` setting):

  - ``ownership``: the network's ownership of the crucial stones from the
    defender's side, mapped from [-1, 1] to [0, 1]; the best crucial stone
    counts (one living crucial stone is enough for the goals ``survive`` and
    ``live``); on kill-all boards (``live_any``) the best defender stone;
  - ``win``: the network's win probability for the defender's colour under the
    settings' komi;
  - ``blend``: the mean of the two.

  ``benchmarks/katago_value.py`` measures which ranks proven moves best.
* A cache of evaluated positions (keyed by position, ko point and the
  history the inputs read) answers transpositions and repeated queries.

Knows torch, KataGo's inputs and outputs, windows and the evaluator protocol;
nothing about how the search uses the numbers.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import torch

from tsumego_gui.core.problem import Problem
from tsumego_gui.nn.cuda_graphs import GraphedForward
from tsumego_gui.nn.evaluator import choose_device
from tsumego_gui.nn.katago_features import (
    KataGoHistory,
    KataGoRules,
    encode_katago_batch,
    history_after,
    rules_named,
)
from tsumego_gui.nn.katago_model import KataGoNet, load_katago_model, postprocess
from tsumego_gui.nn.window import Window, problem_window, whole_board
from tsumego_gui.search.evaluators import Evaluation, Query

VALUE_MODES = ("ownership", "win", "blend")
# problems whose windows are remembered: more than a batch may hold (a batch from 256
# problems evicted its own windows at 64 and ran at a third of the speed on an H100)
MAX_WINDOWS = 512
# on a CPU the network guides the first moves of a line only: on rzone-19x19 21.json the
# network at every leaf left it open after 1,025 nodes in 90 s; asked above depth 8, 4
# and 2 it took 761 / 11,154 / 52,331 nodes in 76 / 24 / 57 s (benchmarks/results/
# 2026-11-24-s18-katago.txt, section 5)
# measured: 23/53 rzone-19x19 problems at 300 s on a CPU and on an H100 alike; on the GPU
# 8/16 at 30 s against 7/16 at depth 8 and 3/16 everywhere (benchmarks/results/*-s22-gpu.txt)
NETWORK_DEPTH = 4


@dataclass(frozen=True)
class KataGoSettings:
    """How the network is asked and read.

    ``rules``/``komi``: the game the network is told it plays (KataGo rule-set
    name).  ``optimism``: KataGo's short-term optimistic policy mix (0 = the
    normal policy).  ``crop``: look through the problem's window (False: the
    whole board).  ``symmetries``: average over the board's eight symmetries
    (eight network passes per position; smoother priors and values).
    ``network_depth``: a best-first search asks the network only about positions
    fewer than this many moves from its root and values deeper ones with its own
    fast heuristic (-1: everywhere; None: the first ``NETWORK_DEPTH`` moves, on a
    GPU too: a search that reaches deep lines fast proves more than one that asks
    the network everywhere).
    """

    value: str = "ownership"
    rules: str = "chinese"
    komi: float = 7.0
    optimism: float = 0.0
    crop: bool = True
    symmetries: bool = False
    network_depth: int | None = None
    max_batch: int = 64
    # a 19x19 reading holds ~2.9 kB: 20,000 of them ~60 MB
    cache_positions: int = 20_000

    def __post_init__(self) -> None:
        if self.value not in VALUE_MODES:
            raise ValueError(f"unknown KataGo value {self.value!r} "
                             f"(choose from {', '.join(VALUE_MODES)})")
        rules_named(self.rules)
        if self.network_depth is not None and self.network_depth < -1:
            raise ValueError("network_depth must be -1 (everywhere), 0 or more, or None")
        if self.max_batch < 1 or self.cache_positions < 0:
            raise ValueError("max_batch must be at least 1 and cache_positions at least 0")


@dataclass(frozen=True)
class Reading:
    """What the network said about one position, in window coordinates."""

    policy: np.ndarray       # (rows * cols + 1,) over the window's points and the pass
    ownership: np.ndarray    # (rows, cols), from the side to move's view
    win: float               # side to move's win probability
    loss: float


class KataGoEvaluator:
    """``Evaluator`` backed by a KataGo network; see the module docstring."""

    name = "katago"

    def __init__(self, net: KataGoNet, device: str | torch.device | None = None, *,
                 half: bool | None = None, settings: KataGoSettings | None = None) -> None:
        self.settings = KataGoSettings() if settings is None else settings
        self.device = device if isinstance(device, torch.device) else choose_device(device)
        # half precision only on CUDA: CPU half kernels are slow or missing
        self.half = (self.device.type == "cuda") if half is None else half
        self.net = net.to(self.device).eval()
        if self.half:
            self.net.half()
        self._forward = GraphedForward(self.net)
        depth = self.settings.network_depth
        self.network_depth = NETWORK_DEPTH if depth is None else depth
        self.rules: KataGoRules = rules_named(self.settings.rules)
        self.network_evals = 0
        self.cache_hits = 0
        self._cache: OrderedDict[tuple, Reading] = OrderedDict()
        self._windows: dict[int, tuple[Problem, Window]] = {}

    def describe(self) -> str:
        """One line for a status bar: the network and where it runs."""
        precision = "fp16" if self.half else "fp32"
        return f"{self.net.name} on {self.device.type} ({precision})"

    # --- the protocol -----------------------------------------------------------------

    def evaluate(self, queries: Sequence[Query]) -> list[Evaluation]:
        readings = self.readings(queries)
        return [self._evaluation(q, r) for q, r in zip(queries, readings, strict=True)]

    # --- pieces -----------------------------------------------------------------------

    def readings(self, queries: Sequence[Query]) -> list[Reading]:
        """What the network says about each query's position (cached)."""
        readings: list[Reading | None] = [None] * len(queries)
        misses: dict[tuple[int, int, int], list[int]] = {}     # by board size and window
        keys = []
        histories = [history_after(q.problem, q.moves, q.board.to_play) for q in queries]
        for i, q in enumerate(queries):
            window = self.window(q.problem)
            # the history holds everything the inputs read besides the position: recent
            # moves, the positions before, the stone balance
            key = (q.board.hash, q.board.ko_loc, histories[i], window)
            keys.append(key)
            hit = self._cache.get(key)
            if hit is not None:
                self._cache.move_to_end(key)
                self.cache_hits += 1
                readings[i] = hit
            else:
                misses.setdefault((q.board.size, *window.shape), []).append(i)
        for idx in misses.values():
            for start in range(0, len(idx), self.settings.max_batch):
                chunk = idx[start:start + self.settings.max_batch]
                batch = self.forward(*self.encode([queries[i] for i in chunk],
                                                  [histories[i] for i in chunk]))
                for i, reading in zip(chunk, batch, strict=True):
                    readings[i] = reading
                    self._remember(keys[i], reading)
        return readings  # type: ignore[return-value]

    def window(self, problem: Problem) -> Window:
        """The problem's window (the whole board when cropping is off), computed once."""
        known = self._windows.get(id(problem))
        if known is None or known[0] is not problem:
            if len(self._windows) >= MAX_WINDOWS:     # a long-lived evaluator (the app's)
                self._windows.clear()
            window = problem_window(problem) if self.settings.crop else whole_board(problem.size)
            known = self._windows[id(problem)] = (problem, window)
        return known[1]

    def _remember(self, key: tuple, reading: Reading) -> None:
        if self.settings.cache_positions == 0:
            return
        self._cache[key] = reading
        if len(self._cache) > self.settings.cache_positions:
            self._cache.popitem(last=False)

    def encode(self, queries: Sequence[Query], histories: Sequence[KataGoHistory] | None = None
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Network inputs of queries sharing a board size and a window shape: the cropped
        spatial planes, the global inputs and the legal-move mask (the queries' moves).
        ``histories``: the queries' (default: from their move lines)."""
        if histories is None:
            histories = [history_after(q.problem, q.moves, q.board.to_play) for q in queries]
        size = queries[0].board.size
        n = len(queries)
        spatial = np.zeros((n, self.net.num_spatial_inputs, size, size), np.float32)
        global_ = np.zeros((n, self.net.num_global_inputs), np.float32)
        windows = [self.window(q.problem) for q in queries]
        rows, cols = windows[0].shape
        encode_katago_batch([q.board for q in queries], self.rules, self.settings.komi,
                            histories, spatial, global_)
        legal = np.zeros((n, rows * cols + 1), bool)
        for j, q in enumerate(queries):
            legal[j, windows[j].indices(q.legal)] = True
        legal[:, -1] = True
        cropped = np.stack([w.crop(spatial[j]) for j, w in enumerate(windows)])
        return np.ascontiguousarray(cropped), global_, legal

    def forward(self, spatial: np.ndarray, global_: np.ndarray,
                legal: np.ndarray) -> list[Reading]:
        """Run the network on :meth:`encode`'s inputs (averaged over the eight
        symmetries of the board when the settings ask)."""
        dtype = torch.float16 if self.half else torch.float32
        n, _, rows, cols = spatial.shape
        symmetries = range(8) if self.settings.symmetries else (0,)
        with torch.inference_mode():
            x = torch.from_numpy(spatial).to(self.device, dtype)
            g = torch.from_numpy(global_).to(self.device, dtype)
            mask = torch.from_numpy(legal).to(self.device)
            policy = ownership = win = loss = None
            for sym in symmetries:
                seen = _turn(x, sym).contiguous()
                seen_mask = torch.cat((_turn(mask[:, :-1].reshape(n, rows, cols), sym)
                                       .reshape(n, -1), mask[:, -1:]), 1)
                out = postprocess(self._forward(seen, g), seen_mask,
                                  optimism=self.settings.optimism)
                board = _unturn(out.policy[:, :-1].reshape(n, *seen.shape[2:]), sym)
                parts = (torch.cat((board.reshape(n, -1), out.policy[:, -1:]), 1),
                         _unturn(out.ownership, sym), out.win, out.loss)
                if policy is None:
                    policy, ownership, win, loss = parts
                else:
                    policy, ownership, win, loss = (a + b for a, b in zip(
                        (policy, ownership, win, loss), parts, strict=True))
            k = float(len(symmetries))
            policy, ownership, win, loss = (_numpy(t / k) for t in (policy, ownership, win, loss))
        self.network_evals += n * len(symmetries)
        return [Reading(policy[j], ownership[j], float(win[j]), float(loss[j]))
                for j in range(n)]

    def _evaluation(self, q: Query, r: Reading) -> Evaluation:
        window = self.window(q.problem)
        priors = r.policy[window.indices(q.legal)].astype(np.float32)
        total = float(priors.sum())
        if total > 0.0:
            priors /= total
        elif len(priors):
            priors[:] = 1.0 / len(priors)
        return Evaluation(priors, self.value_of(q, r))

    def value_of(self, q: Query, r: Reading, mode: str | None = None) -> float:
        """The defender's value of a reading, read as ``mode`` (default: the settings')."""
        defender_moves = q.board.to_play == q.problem.defender
        mode = mode or self.settings.value
        win = r.win if defender_moves else r.loss
        if mode == "win":
            return float(min(max(win, 0.0), 1.0))
        owned = ownership_value(q, r.ownership if defender_moves else -r.ownership,
                                self.window(q.problem))
        return owned if mode == "ownership" else 0.5 * (owned + win)


def ownership_value(q: Query, ownership: np.ndarray, window: Window) -> float:
    """(1 + best ownership of the points that decide the goal) / 2, from the defender's
    ownership map: the crucial stones' points, or on a kill-all board every defender
    stone (0 when it has none)."""
    flat = ownership.reshape(-1)
    problem = q.problem
    if problem.goal == "live_any":
        points = [loc for loc in problem.region_or_all()
                  if q.board.color_at(loc) == problem.defender]
    else:
        points = list(problem.crucial)
    found = window.index_table[np.asarray(points, dtype=np.int64)] if points else []
    inside = [i for i in found if i >= 0]
    if not inside:
        return 0.0
    best = float(flat[inside].max())
    return min(max(0.5 * (1.0 + best), 0.0), 1.0)


def _turn(t: torch.Tensor, sym: int) -> torch.Tensor:
    """Symmetry ``sym`` (0..7: bit 4 transposes, then bits 1 and 2 flip rows and
    columns) of the last two axes."""
    if sym & 4:
        t = t.transpose(-1, -2)
    if sym & 1:
        t = t.flip(-2)
    if sym & 2:
        t = t.flip(-1)
    return t


def _unturn(t: torch.Tensor, sym: int) -> torch.Tensor:
    """Undo :func:`_turn` (its steps in reverse order)."""
    if sym & 2:
        t = t.flip(-1)
    if sym & 1:
        t = t.flip(-2)
    if sym & 4:
        t = t.transpose(-1, -2)
    return t


def _numpy(t: torch.Tensor) -> np.ndarray:
    return t.float().cpu().numpy()


def load_katago_evaluator(path, device: str | None = None, *, half: bool | None = None,
                          settings: KataGoSettings | None = None,
                          threads: int | None = None) -> KataGoEvaluator:
    """A :class:`KataGoEvaluator` for a model file; ``KataGoModelError`` (a ValueError)
    when the file is missing or not a supported KataGo model.  ``threads``: torch's
    CPU thread count for the process (None: leave it)."""
    if threads is not None:
        torch.set_num_threads(max(1, int(threads)))
    return KataGoEvaluator(load_katago_model(path), device, half=half, settings=settings)

