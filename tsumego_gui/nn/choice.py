"""Evaluators by name, for the CLI, the benchmarks and the app: ``uniform``, ``heuristic``,
``ftl`` (our shipped Faster-to-Life network) and ``katago`` (a KataGo network the player
has: ``--network PATH``, else the one ``nn.katago_locate`` finds where KaTrain keeps it).

Torch is imported only when a network evaluator is asked for, so choosing a
network-free evaluator stays cheap.

``ftl`` values a position with the network's d-win rate (RZS paper, "Faster
to Life"): ``d`` is the query's ``moves_left`` when the search gives one,
else ``FTL_MOVES_LEFT``.  The paper's 7x7 solver used one constant d per
problem (its KM, 22..40) at every depth; a short scan on the 7x7 set found
the proofs insensitive to d in 12..48, while the plain win-value head (no
horizon) did worse, so the default is a constant in that range.

``DEFAULT_EVALUATOR`` is what the front doors (the CLI, the app, the book
benchmark) give best-first search when the user names none: ``heuristic``.
Measured on this project's 2-core machine, book problems posed and framed
(``benchmarks/book.py``, 53 problems, 20 s each): uniform proved 11, heuristic
17, katago 13 (its network on one CPU core evaluates ~5 positions/s); on the
7x7 kill-all set (``benchmarks/rzone7.py``) heuristic 5 of 20, uniform 4.  The
search library's own default stays ``uniform`` (the cheapest, the baseline).

Knows evaluator names and where the shipped weights live; nothing about
search.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from tsumego_gui.nn.katago_locate import ENV_VAR, MODEL_SUFFIXES, default_katago_model

if TYPE_CHECKING:       # the CLI reads the names at start-up: no engine import for them
    from tsumego_gui.search.evaluators import Evaluator

NAMES = ("uniform", "heuristic", "ftl", "katago")
DEFAULT_EVALUATOR = "heuristic"     # the front doors' choice (docstring)
MODELS_DIR = Path(__file__).resolve().parents[1] / "resources" / "models"
DEFAULT_WEIGHTS = MODELS_DIR / "ftl-7x7.pt"
FTL_MOVES_LEFT = 30


def available_evaluators() -> list[str]:
    """The names usable here: ``ftl`` only when the shipped weights exist, ``katago``
    only when a model is found (a path given by hand is not looked for here)."""
    found = {"ftl": DEFAULT_WEIGHTS.exists(), "katago": default_katago_model() is not None}
    return [n for n in NAMES if found.get(n, True)]


def make_evaluator(name: str, weights: str | Path | None = None,
                   device: str | None = None, settings=None) -> Evaluator:
    """The evaluator called ``name``; ValueError with a clear message otherwise.

    ``weights``: the network file (``ftl``: default the shipped one; ``katago``:
    default the model found where KaTrain keeps one).  ``settings``: a
    ``KataGoSettings`` for ``katago``.
    """
    if name in ("uniform", "heuristic"):
        from tsumego_gui.search.choice import network_free_evaluator
        return network_free_evaluator(name)
    if name == "katago":
        model = weights or default_katago_model()
        named = os.environ.get(ENV_VAR)
        if model is None and named:
            # the variable is set: what is wrong with it, not advice to set it (QA s45)
            raise ValueError(f"{ENV_VAR} names {named}, which is not a KataGo model file "
                             f"here (missing, or not named {' or '.join(MODEL_SUFFIXES)})")
        if model is None:
            raise ValueError("no KataGo network found: give one with --network FILE (a "
                             "KataGo .bin.gz model, e.g. the one KaTrain uses) or set "
                             f"{ENV_VAR}")
        from tsumego_gui.nn.katago_evaluator import load_katago_evaluator
        # torch's own thread count: the search waits while a big network runs, so unlike
        # the small ftl network it gains from every core
        return load_katago_evaluator(model, device=device, settings=settings)
    if name == "ftl":
        from tsumego_gui.nn.evaluator import load_evaluator
        # one torch thread: small batches gain little from more, and they fight the
        # search thread for the cores (measured: 730 vs 31 nodes/s on a busy 2-core box)
        return load_evaluator(weights or DEFAULT_WEIGHTS, device=device, threads=1,
                              default_moves_left=FTL_MOVES_LEFT)
    raise ValueError(f"unknown evaluator {name!r} (choose from {', '.join(NAMES)})")
