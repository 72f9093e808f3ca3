"""Evaluators by name, for the CLI, the benchmarks and the app: ``uniform``, ``heuristic``, ``ftl``.

Torch is imported only when the ``ftl`` evaluator is asked for, so choosing a
network-free evaluator stays cheap.  Knows evaluator names and where the
shipped weights live; nothing about search.
"""

from __future__ import annotations

from pathlib import Path

from tsumego_gui.search.evaluators import Evaluator, UniformEvaluator

NAMES = ("uniform", "heuristic", "ftl")
MODELS_DIR = Path(__file__).resolve().parents[1] / "resources" / "models"
DEFAULT_WEIGHTS = MODELS_DIR / "ftl-7x7.pt"


def available_evaluators() -> list[str]:
    """The names usable here: ``ftl`` only when the shipped weights exist."""
    return [n for n in NAMES if n != "ftl" or DEFAULT_WEIGHTS.exists()]


def make_evaluator(name: str, weights: str | Path | None = None,
                   device: str | None = None) -> Evaluator:
    """The evaluator called ``name``; ValueError with a clear message otherwise."""
    if name == "uniform":
        return UniformEvaluator()
    if name == "heuristic":
        from tsumego_gui.search.evaluators import HeuristicEvaluator
        return HeuristicEvaluator()
    if name == "ftl":
        from tsumego_gui.nn.evaluator import load_evaluator
        return load_evaluator(weights or DEFAULT_WEIGHTS, device=device)
    raise ValueError(f"unknown evaluator {name!r} (choose from {', '.join(NAMES)})")
