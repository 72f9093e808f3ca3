"""Evaluators by name, for the CLI, the benchmarks and the app: ``uniform``, ``heuristic``, ``ftl``.

Torch is imported only when the ``ftl`` evaluator is asked for, so choosing a
network-free evaluator stays cheap.

``ftl`` values a position with the network's d-win rate (RZS paper, "Faster
to Life"): ``d`` is the query's ``moves_left`` when the search gives one,
else ``FTL_MOVES_LEFT``.  The paper's 7x7 solver used one constant d per
problem (its KM, 22..40) at every depth; a short scan on the 7x7 set found
the proofs insensitive to d in 12..48, while the plain win-value head (no
horizon) did worse, so the default is a constant in that range.

Knows evaluator names and where the shipped weights live; nothing about
search.
"""

from __future__ import annotations

from pathlib import Path

from tsumego_gui.search.choice import network_free_evaluator
from tsumego_gui.search.evaluators import Evaluator

NAMES = ("uniform", "heuristic", "ftl")
MODELS_DIR = Path(__file__).resolve().parents[1] / "resources" / "models"
DEFAULT_WEIGHTS = MODELS_DIR / "ftl-7x7.pt"
FTL_MOVES_LEFT = 30


def available_evaluators() -> list[str]:
    """The names usable here: ``ftl`` only when the shipped weights exist."""
    return [n for n in NAMES if n != "ftl" or DEFAULT_WEIGHTS.exists()]


def make_evaluator(name: str, weights: str | Path | None = None,
                   device: str | None = None) -> Evaluator:
    """The evaluator called ``name``; ValueError with a clear message otherwise."""
    if name in ("uniform", "heuristic"):
        return network_free_evaluator(name)
    if name == "ftl":
        from tsumego_gui.nn.evaluator import load_evaluator
        # one torch thread: small batches gain little from more, and they fight the
        # search thread for the cores (measured: 730 vs 31 nodes/s on a busy 2-core box)
        return load_evaluator(weights or DEFAULT_WEIGHTS, device=device, threads=1,
                              default_moves_left=FTL_MOVES_LEFT)
    raise ValueError(f"unknown evaluator {name!r} (choose from {', '.join(NAMES)})")
