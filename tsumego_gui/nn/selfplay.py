"""AlphaZero-style self-play of 7x7 kill-all Go with Faster-to-Life labels.

The game (RZS paper, 7x7 experiments; shared/problems/README.md):

* empty board; Black plays a stone, White passes, Black plays a second stone
  (the kill-all opening; the White pass is forced and not recorded); then
  both sides alternate, passes allowed;
* White (the defender) wins the moment any white chain is unconditionally
  alive (Benson, ``engine_cy.benson.goal_zone(..., live_any=True)``); two
  passes in a row end the game as a Black win; Black may capture kos, White
  may not (the research default); situational superko is the engine's;
* a game still running after ``max_plies`` is *censored*: it is known only
  that White did not live before then.

The player is a small PUCT search (not the proof search of
``search.mcts``): one tree per game, values are the defender's
probabilities, and the search's value at a leaf is the network's
``ftl[moves_left - 1]`` where ``moves_left`` counts down to the game's
winning horizon ``d_w`` (paper: "we set the winning condition to
d_w-win"); a White life after the horizon counts as a loss *to the
search*.  Once a game passes its horizon without a result it goes on to its
real end with the win-value head, so every label below is a fact about the
game, not about the horizon.  :class:`HorizonControl` moves ``d_w`` so that
about half of the games are won within it (the paper's dynamic d_w).

Labels for a position ``t`` plies into a game (paper: a White life at the
d-th move from a position counts as a d'-win for every d' >= d, not for
d' < d):

* White lives at ply ``T``: ``ftl[d-1] = 1`` iff ``d >= T - t``; value 1;
* Black wins (two passes): every ``ftl`` label 0; value 0;
* censored at ply ``E``: ``ftl[d-1] = 0`` for ``d <= E - t``, unknown
  (masked) above; value unknown (masked).

Many games run side by side so that network calls are batched.  Knows the
engine, Benson, features and a :class:`NetRunner`-like object (anything with
``run(planes) -> (policy, value, ftl)`` and ``horizon``); nothing about
training.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field

import numpy as np

from engine_cy.benson import goal_zone
from engine_cy.board import BLACK, PASS, WHITE, Board
from tsumego_gui.nn.features import (
    NUM_PLANES,
    NUM_SYMMETRIES,
    encode,
    index_table,
    inverse_symmetry,
    point_index,
    transform_planes,
    transform_policy,
)

DEFENDER = WHITE
ATTACKER = BLACK
OPENING_PLIES = 3  # Black stone, forced White pass, Black stone


@dataclass(frozen=True)
class SelfPlayConfig:
    """Self-play settings.  Plies count from the empty board."""

    size: int = 7
    simulations: int = 64
    parallel_games: int = 32
    c_puct: float = 1.5
    fpu_reduction: float = 0.1
    dirichlet_alpha: float = 0.25
    noise_fraction: float = 0.25
    temperature_plies: int = 8
    max_plies: int = 100
    random_symmetry: bool = True

    def to_dict(self) -> dict:
        return asdict(self)


class HorizonControl:
    """The paper's dynamic d_w: keep about half of the games won within the horizon.

    After every ``window`` finished games the centre moves down by
    ``step`` when White won more than ``target + tolerance`` of them
    (harder for White) and up when fewer than ``target - tolerance``.
    Each game draws its own d_w uniformly within ``spread`` of the centre.
    """

    def __init__(self, initial: int, lo: int, hi: int, *, window: int = 32,
                 spread: int = 3, target: float = 0.5, tolerance: float = 0.05) -> None:
        self.center, self.lo, self.hi = int(initial), int(lo), int(hi)
        self.window, self.spread = window, spread
        self.target, self.tolerance = target, tolerance
        self.results: list[bool] = []
        self.history: list[tuple[int, float]] = []  # (centre, win rate) per window

    def sample(self, rng: np.random.Generator) -> int:
        d = self.center + int(rng.integers(-self.spread, self.spread + 1))
        return int(min(max(d, self.lo), self.hi))

    def record(self, won_within: bool) -> None:
        self.results.append(bool(won_within))
        if len(self.results) >= self.window:
            rate = sum(self.results) / len(self.results)
            self.history.append((self.center, rate))
            if rate > self.target + self.tolerance:
                step = max(1, round((rate - self.target) * 10))
                self.center = max(self.lo, self.center - step)
            elif rate < self.target - self.tolerance:
                step = max(1, round((self.target - rate) * 10))
                self.center = min(self.hi, self.center + step)
            self.results.clear()

    def state(self) -> dict:
        return {"center": self.center, "results": list(self.results),
                "history": [list(h) for h in self.history[-200:]]}

    def restore(self, state: dict) -> None:
        self.center = int(state["center"])
        self.results = [bool(r) for r in state.get("results", [])]
        self.history = [(int(c), float(r)) for c, r in state.get("history", [])]


@dataclass
class GameRecord:
    """One finished game's training samples (arrays with one row per recorded position)."""

    planes: np.ndarray       # (P, NUM_PLANES, N, N) uint8
    policy: np.ndarray       # (P, N*N + 1) float32 visit distribution
    ftl: np.ndarray          # (P, K) uint8 labels
    ftl_mask: np.ndarray     # (P, K) uint8, 1 = label known
    value: np.ndarray        # (P,) float32
    value_mask: np.ndarray   # (P,) uint8
    result: str              # "white" (lived), "black" (two passes) or "censored"
    end_ply: int
    d_w: int
    won_within: bool
    moves: list[int] = field(default_factory=list)


def ftl_labels(t: int, result: str, end_ply: int, horizon: int
               ) -> tuple[np.ndarray, np.ndarray, float, int]:
    """(labels, mask, value, value_mask) for a position ``t`` plies into a game (module doc)."""
    d = np.arange(1, horizon + 1)
    if result == "white":
        return (d >= end_ply - t).astype(np.uint8), np.ones(horizon, np.uint8), 1.0, 1
    if result == "black":
        return np.zeros(horizon, np.uint8), np.ones(horizon, np.uint8), 0.0, 1
    if result == "censored":
        return np.zeros(horizon, np.uint8), (d <= end_ply - t).astype(np.uint8), 0.0, 0
    raise ValueError(f"unknown game result {result!r}")


class _Node:
    __slots__ = ("moves", "priors", "n", "w", "children", "value", "terminal")

    def __init__(self, terminal: float | None = None) -> None:
        self.moves: list[int] | None = None
        self.priors: np.ndarray | None = None
        self.n: np.ndarray | None = None
        self.w: np.ndarray | None = None
        self.children: list[_Node | None] | None = None
        self.value = 0.5
        self.terminal = terminal

    def visits(self) -> int:
        return 0 if self.n is None else int(self.n.sum())


def _alive(board: Board) -> bool:
    return bool(goal_zone(board, DEFENDER, True)[0])


def legal_for(board: Board, ply: int) -> list[int]:
    """The moves self-play considers at ``ply``: the forced opening, then all legal moves + pass."""
    if ply == 1:
        return [PASS]
    moves = board.legal_moves()
    if ply >= OPENING_PLIES or not moves:
        moves.append(PASS)
    return moves


class _Game:
    """One game in progress: its board, tree, horizon and recorded positions."""

    def __init__(self, size: int, d_w: int) -> None:
        self.board = Board(size, BLACK)
        self.board.set_ko_capture_allowed(BLACK, True)
        self.board.set_ko_capture_allowed(WHITE, False)
        self.ply = 0
        self.d_w = d_w
        self.horizon: int | None = OPENING_PLIES + d_w  # absolute ply White must live by
        self.root = _Node()
        self.root_planes: np.ndarray | None = None
        self.samples: list[tuple[np.ndarray, np.ndarray, int]] = []
        self.moves: list[int] = []
        self.result: str | None = None
        # pending evaluation: (path of (node, index), leaf, legal moves, leaf ply)
        self.pending: tuple[list[tuple[_Node, int]], _Node, list[int], int] | None = None


class SelfPlay:
    """Plays games in parallel with a network runner; yields :class:`GameRecord` objects."""

    def __init__(self, runner, config: SelfPlayConfig, control: HorizonControl,
                 rng: np.random.Generator) -> None:
        self.runner = runner
        self.config = config
        self.control = control
        self.rng = rng
        self.horizon = int(runner.horizon)
        self.evaluations = 0
        self.batches = 0

    # --- tree search -----------------------------------------------------

    def _leaf_value(self, game: _Game, ply: int, win: float, ftl: np.ndarray) -> float:
        if game.horizon is None:
            return win
        left = game.horizon - ply
        if left <= 0:
            return 0.0
        return float(ftl[min(left, len(ftl)) - 1])

    def _terminal_after_move(self, game: _Game, ply: int) -> float | None:
        """The defender's value if the position at ``ply`` (just reached) ends the search."""
        if _alive(game.board):
            return 1.0 if game.horizon is None or ply <= game.horizon else 0.0
        if game.board.consecutive_passes >= 2 or ply >= self.config.max_plies:
            return 0.0
        if game.horizon is not None and ply >= game.horizon:
            return 0.0
        return None

    def _select(self, node: _Node, defender_to_move: bool) -> int:
        n, w = node.n, node.w
        total = float(n.sum())
        fpu = node.value - self.config.fpu_reduction if defender_to_move \
            else node.value + self.config.fpu_reduction
        with np.errstate(divide="ignore", invalid="ignore"):
            q = np.where(n > 0, w / np.maximum(n, 1), fpu)
        if not defender_to_move:
            q = 1.0 - q
        u = self.config.c_puct * node.priors * math.sqrt(total + 1.0) / (1.0 + n)
        return int(np.argmax(q + u))

    def _simulate(self, game: _Game) -> bool:
        """Run one simulation; True when it stopped at a leaf awaiting evaluation."""
        board = game.board
        node, ply = game.root, game.ply
        path: list[tuple[_Node, int]] = []
        tokens: list[int] = []
        try:
            while True:
                if node.terminal is not None:
                    self._backup(path, node.terminal)
                    return False
                if node.moves is None:
                    legal = legal_for(board, ply)
                    planes = encode(board, DEFENDER, True)
                    if node is game.root:
                        game.root_planes = planes
                    game.pending = (path, node, legal, ply)
                    self._queue_planes = planes
                    return True
                idx = self._select(node, board.to_play == DEFENDER)
                tokens.append(board.play(node.moves[idx]))
                path.append((node, idx))
                ply += 1
                child = node.children[idx]
                if child is None:
                    child = _Node(self._terminal_after_move(game, ply))
                    node.children[idx] = child
                node = child
        finally:
            for token in reversed(tokens):
                board.undo(token)

    @staticmethod
    def _backup(path: list[tuple[_Node, int]], value: float) -> None:
        for node, idx in path:
            node.n[idx] += 1
            node.w[idx] += value

    def _expand(self, game: _Game, policy: np.ndarray, win: float, ftl: np.ndarray) -> None:
        path, leaf, legal, ply = game.pending
        game.pending = None
        size = self.config.size
        pri = policy[index_table(size)[legal]].astype(np.float64)
        s = pri.sum()
        pri = pri / s if s > 0 else np.full(len(legal), 1.0 / len(legal))
        leaf.moves = legal
        leaf.priors = pri
        leaf.n = np.zeros(len(legal), dtype=np.float64)
        leaf.w = np.zeros(len(legal), dtype=np.float64)
        leaf.children = [None] * len(legal)
        leaf.value = self._leaf_value(game, ply, win, ftl)
        if leaf is game.root:
            self._add_noise(leaf)
        self._backup(path, leaf.value)

    def _add_noise(self, root: _Node) -> None:
        if len(root.moves) > 1 and self.config.noise_fraction > 0:
            noise = self.rng.dirichlet([self.config.dirichlet_alpha] * len(root.moves))
            f = self.config.noise_fraction
            root.priors = (1 - f) * root.priors + f * noise

    # --- moves and game end ----------------------------------------------

    def _play_move(self, game: _Game) -> None:
        root, size = game.root, self.config.size
        visits = root.n
        if game.ply < self.config.temperature_plies:
            idx = int(self.rng.choice(len(visits), p=visits / visits.sum()))
        else:
            best = np.flatnonzero(visits == visits.max())
            idx = int(self.rng.choice(best))
        target = np.zeros(size * size + 1, dtype=np.float32)
        for m, v in zip(root.moves, visits, strict=True):
            target[point_index(m, size)] = v
        target /= target.sum()
        game.samples.append((game.root_planes.astype(np.uint8), target, game.ply))
        self._advance(game, root.moves[idx], root.children[idx])

    def _advance(self, game: _Game, move: int, child: _Node | None) -> None:
        game.board.play(move)
        game.moves.append(move)
        game.ply += 1
        if _alive(game.board):
            game.result = "white"
        elif game.board.consecutive_passes >= 2:
            game.result = "black"
        elif game.ply >= self.config.max_plies:
            game.result = "censored"
        if game.result is not None:
            return
        if game.horizon is not None and game.ply >= game.horizon:
            # Past the horizon: play on for the true result with the win-value head.
            game.horizon = None
            child = None
        if game.ply == 1:
            self._advance(game, PASS, None)  # the forced White pass of the opening
            return
        if child is not None and child.moves is not None and child.terminal is None:
            game.root = child
            game.root_planes = encode(game.board, DEFENDER, True)
            self._add_noise(child)
        else:
            game.root = _Node()
            game.root_planes = None

    def _finish(self, game: _Game) -> GameRecord:
        k, size = self.horizon, self.config.size
        p = len(game.samples)
        rec = GameRecord(
            planes=np.zeros((p, NUM_PLANES, size, size), np.uint8),
            policy=np.zeros((p, size * size + 1), np.float32),
            ftl=np.zeros((p, k), np.uint8), ftl_mask=np.zeros((p, k), np.uint8),
            value=np.zeros(p, np.float32), value_mask=np.zeros(p, np.uint8),
            result=game.result, end_ply=game.ply, d_w=game.d_w,
            won_within=game.result == "white" and game.ply <= OPENING_PLIES + game.d_w,
            moves=list(game.moves))
        for i, (planes, target, t) in enumerate(game.samples):
            rec.planes[i] = planes
            rec.policy[i] = target
            lab, mask, val, vmask = ftl_labels(t, game.result, game.ply, k)
            rec.ftl[i], rec.ftl_mask[i] = lab, mask
            rec.value[i], rec.value_mask[i] = val, vmask
        return rec

    # --- the driver ------------------------------------------------------

    def _evaluate(self, games: list[_Game], planes: list[np.ndarray]) -> None:
        batch = np.stack(planes)
        size = self.config.size
        sym = int(self.rng.integers(NUM_SYMMETRIES)) if self.config.random_symmetry else 0
        if sym:
            batch = np.ascontiguousarray(transform_planes(batch, sym))
        policy, win, ftl = self.runner.run(batch)
        if sym:
            policy = transform_policy(policy, size, inverse_symmetry(sym))
        self.evaluations += len(games)
        self.batches += 1
        for j, g in enumerate(games):
            self._expand(g, policy[j], float(win[j]), ftl[j])

    def games(self, count: int | None = None,
              should_stop: Callable[[], bool] | None = None) -> Iterator[GameRecord]:
        """Yield finished games (``count`` of them, or until ``should_stop()``)."""
        cfg = self.config
        started = 0

        def new_game() -> _Game:
            nonlocal started
            started += 1
            return _Game(cfg.size, self.control.sample(self.rng))

        slots: list[_Game | None] = [new_game() for _ in range(
            cfg.parallel_games if count is None else min(cfg.parallel_games, count))]
        finished = 0
        while any(s is not None for s in slots):
            waiting, planes = [], []
            for i, game in enumerate(slots):
                if game is None:
                    continue
                while True:
                    if game.root.visits() >= cfg.simulations and game.root.moves is not None:
                        self._play_move(game)
                        if game.result is not None:
                            break
                        continue
                    if self._simulate(game):
                        waiting.append(game)
                        planes.append(self._queue_planes)
                        break
                if game.result is not None:
                    rec = self._finish(game)
                    self.control.record(rec.won_within)
                    finished += 1
                    more = (count is None or started < count) and not (
                        should_stop is not None and should_stop())
                    slots[i] = new_game() if more else None
                    yield rec
            if waiting:
                self._evaluate(waiting, planes)
            if count is not None and finished >= count:
                break
