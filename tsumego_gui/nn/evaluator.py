"""The network evaluator: ``search.evaluators.Evaluator`` backed by an FTL network.

* :class:`NetRunner` runs batches of encoded planes through a network on a
  device (CUDA, then Apple MPS, then CPU unless told otherwise) under
  ``torch.inference_mode``; on CUDA it uses half precision and pinned host
  memory.  It returns probabilities as numpy arrays.
* :class:`FtlEvaluator` turns ``Query`` objects into planes
  (``nn.features``), groups them by board size, and maps the outputs back:
  priors over ``Query.legal`` (pass included, renormalised), the FTL vector,
  and the value the search uses: ``ftl[moves_left - 1]`` when the query has a
  horizon (RZS paper, FTL section: the d-win rate for the remaining moves),
  clamped to K, else ``ftl[default_moves_left - 1]`` when the evaluator has
  a default horizon, else the win-value head.  Values are the defender's.
* :func:`load_evaluator` reads a checkpoint through ``nn.checkpoint``'s checks
  (missing, corrupt or mismatched files raise ``WeightsError``, a ValueError
  with a one-line message).

Optional symmetry averaging runs all 8 symmetries of a square board and
averages (slower, smoother).  Knows torch, features and the evaluator
protocol; nothing about how the search uses the numbers.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np
import torch

from tsumego_gui.nn import checkpoint
from tsumego_gui.nn.features import (
    NUM_PLANES,
    NUM_SYMMETRIES,
    encode_problem_position,
    inverse_symmetry,
    point_index,
    transform_planes,
    transform_policy,
)
from tsumego_gui.nn.model import FtlNet, ftl_cdf
from tsumego_gui.search.evaluators import Evaluation, Query

DEVICES = ("auto", "cpu", "cuda", "mps")


def choose_device(device: str | None = None) -> torch.device:
    """``None``/``"auto"``: CUDA if present, else MPS, else CPU; else the named device.

    ValueError for an unknown name or a device this machine lacks.
    """
    name = (device or "auto").lower()
    if name == "auto":
        if torch.cuda.is_available():
            return torch.device("cuda")
        mps = getattr(torch.backends, "mps", None)
        if mps is not None and mps.is_available():
            return torch.device("mps")
        return torch.device("cpu")
    base = name.split(":")[0]
    if base not in DEVICES:
        raise ValueError(f"unknown device {device!r} (choose from {', '.join(DEVICES)})")
    if base == "cuda" and not torch.cuda.is_available():
        raise ValueError("device 'cuda' was asked for but no CUDA GPU is available")
    if base == "mps":
        mps = getattr(torch.backends, "mps", None)
        if mps is None or not mps.is_available():
            raise ValueError("device 'mps' was asked for but Apple MPS is not available")
    return torch.device(name)


class NetRunner:
    """Batched inference of one network on one device.

    ``run(planes)`` takes ``(B, NUM_PLANES, N, N)`` float32 (or 0/1 uint8)
    planes and returns ``(policy, value, ftl)``: softmax over ``N*N + 1``
    moves, P(defender lives eventually), and the K-vector of "within d"
    probabilities, all float32 numpy arrays.
    """

    def __init__(self, net: FtlNet, device: str | torch.device | None = None,
                 half: bool | None = None) -> None:
        self.device = device if isinstance(device, torch.device) else choose_device(device)
        # Half precision only on CUDA: MPS/CPU half kernels are slow or missing.
        self.half = (self.device.type == "cuda") if half is None else half
        self.net = net.to(self.device)
        self.net.eval()
        if self.half:
            self.net.half()
        self.horizon = net.config.horizon

    def run(self, planes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        if planes.ndim != 4 or planes.shape[1] != NUM_PLANES:
            raise ValueError(f"planes must be (B, {NUM_PLANES}, N, N), not {planes.shape}")
        x = torch.from_numpy(np.ascontiguousarray(planes))
        if self.device.type == "cuda":
            # Pinned memory lets the copy overlap with the previous batch's kernels.
            x = x.pin_memory().to(self.device, non_blocking=True)
        else:
            x = x.to(self.device)
        x = x.half() if self.half else x.float()
        with torch.inference_mode():
            policy, value, ftl = self.net(x)
            policy = torch.softmax(policy.float(), dim=1)
            value = torch.sigmoid(value.float())
            cdf = ftl_cdf(ftl)
        return (policy.cpu().numpy(), value.cpu().numpy(), cdf.cpu().numpy())

    def run_symmetric(self, planes: np.ndarray, symmetries: Sequence[int]
                      ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Average of :meth:`run` over the given symmetries (policy mapped back)."""
        size = planes.shape[-1]
        acc_p = acc_v = acc_f = None
        for sym in symmetries:
            p, v, f = self.run(np.ascontiguousarray(transform_planes(planes, sym)))
            p = transform_policy(p, size, inverse_symmetry(sym))
            acc_p = p if acc_p is None else acc_p + p
            acc_v = v if acc_v is None else acc_v + v
            acc_f = f if acc_f is None else acc_f + f
        k = float(len(symmetries))
        return acc_p / k, acc_v / k, acc_f / k


class FtlEvaluator:
    """``Evaluator`` over a :class:`NetRunner`; see the module docstring."""

    name = "ftl"

    def __init__(self, runner: NetRunner, *, symmetries: bool = False,
                 max_batch: int = 256, metadata: dict | None = None,
                 default_moves_left: int | None = None) -> None:
        self.runner = runner
        self.symmetries = symmetries
        # Horizon for queries that carry none (the research 7x7 solver used one
        # constant d, the problem's KM, at every depth); None = win-value head.
        self.default_moves_left = default_moves_left
        self.max_batch = max_batch
        self.metadata = metadata or {}
        self.horizon = runner.horizon

    def describe(self) -> str:
        """One line for a status bar: where the network runs (the app shows it)."""
        precision = "fp16" if self.runner.half else "fp32"
        return f"network on {self.runner.device.type} ({precision})"

    def evaluate(self, queries: Sequence[Query]) -> list[Evaluation]:
        out: list[Evaluation | None] = [None] * len(queries)
        by_size: dict[int, list[int]] = {}
        for i, q in enumerate(queries):
            by_size.setdefault(q.board.size, []).append(i)
        for size, idx in by_size.items():
            for start in range(0, len(idx), self.max_batch):
                chunk = idx[start:start + self.max_batch]
                planes = np.zeros((len(chunk), NUM_PLANES, size, size), dtype=np.float32)
                for j, i in enumerate(chunk):
                    encode_problem_position(queries[i].board, queries[i].problem, planes[j])
                if self.symmetries:
                    policy, value, ftl = self.runner.run_symmetric(
                        planes, range(NUM_SYMMETRIES))
                else:
                    policy, value, ftl = self.runner.run(planes)
                for j, i in enumerate(chunk):
                    out[i] = self._evaluation(queries[i], policy[j], float(value[j]), ftl[j])
        return out  # type: ignore[return-value]

    def _evaluation(self, q: Query, policy: np.ndarray, win: float,
                    ftl: np.ndarray) -> Evaluation:
        size = q.board.size
        priors = np.array([policy[point_index(m, size)] for m in q.legal], dtype=np.float32)
        total = float(priors.sum())
        if total > 0.0:
            priors /= total
        elif len(priors):
            priors[:] = 1.0 / len(priors)
        ftl = np.maximum.accumulate(ftl.astype(np.float32))
        moves_left = self.default_moves_left if q.moves_left is None else q.moves_left
        value = win if moves_left is None else ftl_value(ftl, moves_left)
        return Evaluation(priors, float(min(max(value, 0.0), 1.0)), ftl)


def ftl_value(ftl: np.ndarray, moves_left: int) -> float:
    """The d-win rate for ``d = moves_left`` (clamped to 1..K); 0 when no move is left."""
    if moves_left <= 0:
        return 0.0
    return float(ftl[min(moves_left, len(ftl)) - 1])


def load_evaluator(weights: str | os.PathLike[str], device: str | None = None, *,
                   symmetries: bool = False, half: bool | None = None,
                   threads: int | None = None,
                   default_moves_left: int | None = None) -> FtlEvaluator:
    """An :class:`FtlEvaluator` for a checkpoint file; WeightsError (a ValueError) if unusable.

    ``threads`` sets torch's CPU thread count for the whole process (None:
    leave it); small networks on small batches gain little from more threads,
    and on a busy machine extra threads can make inference many times slower.
    ``default_moves_left``: the FTL horizon for queries without one (None:
    such queries get the win-value head).
    """
    if threads is not None:
        torch.set_num_threads(max(1, int(threads)))
    net, data = checkpoint.load_net(weights)
    runner = NetRunner(net, device, half)
    return FtlEvaluator(runner, symmetries=symmetries, metadata=data["metadata"],
                        default_moves_left=default_moves_left)
