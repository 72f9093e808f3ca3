"""Which solver for which problem: the single front door of the CLI and the GUI.

``auto`` looks at the problem's shape only:

* goal ``live_any`` (kill-all boards such as 7x7 kill-all Go): best-first
  MCTS -- the whole board is in play and an evaluator's knowledge helps;
* a region with few empty points (an enclosed tsumego): depth-first df-pn,
  which is exhaustive and fast there;
* anything else (open boards, large regions): MCTS.

Evaluators are named here only for the network-free ones (``uniform``,
``heuristic``); a network evaluator is built by ``tsumego_gui.nn.choice`` (this
layer may not import it) and passed in as ``evaluator``.  Knows the solvers'
front doors and problem fields; nothing about files or threads.
"""

from __future__ import annotations

from collections.abc import Callable

from engine_cy.board import EMPTY
from tsumego_gui.core.problem import Problem
from tsumego_gui.search import dfs, mcts
from tsumego_gui.search.evaluators import Evaluator, HeuristicEvaluator, UniformEvaluator
from tsumego_gui.search.params import MctsParams, SearchParams
from tsumego_gui.search.results import Progress, SolveResult

SOLVERS = ("auto", "dfs", "mcts")
SMALL_REGION = 30     # empty region points up to which ``auto`` picks depth-first search


def pick_solver(problem: Problem) -> tuple[str, str]:
    """(``"dfs"`` or ``"mcts"``, why) for ``auto``."""
    if problem.goal == "live_any":
        return "mcts", "kill-all goal (any defender stone may live): best-first search"
    board = problem.to_board()
    empty = sum(1 for p in problem.region_or_all() if board.color_at(p) == EMPTY)
    if problem.region and empty <= SMALL_REGION:
        return "dfs", f"small enclosed region ({empty} empty points): depth-first search"
    if problem.region:
        return "mcts", f"large region ({empty} empty points): best-first search"
    return "mcts", f"open board ({empty} empty points, no region): best-first search"


def network_free_evaluator(name: str) -> Evaluator:
    """``uniform`` or ``heuristic``; ValueError naming the choices otherwise."""
    if name == "uniform":
        return UniformEvaluator()
    if name == "heuristic":
        return HeuristicEvaluator()
    raise ValueError(f"evaluator {name!r} is not built here (choose uniform or heuristic, "
                     "or pass a network evaluator from tsumego_gui.nn.choice)")


def solve(problem: Problem, solver: str = "auto", *, evaluator_name: str = "uniform",
          max_nodes: int | None = None, max_seconds: float | None = None,
          to_play: int | None = None, all_moves: bool = False,
          cancelled: Callable[[], bool] | None = None,
          progress: Callable[[Progress], None] | None = None,
          evaluator: Evaluator | None = None, seed: int = 0,
          batch_size: int | None = None) -> tuple[SolveResult, str, str]:
    """Solve with the named solver (``auto`` picks one); returns (result, solver used, why).

    ``max_nodes`` / ``max_seconds`` default to each solver's own budget.
    ``evaluator`` (e.g. a network) overrides ``evaluator_name``; both are used
    by MCTS only.  ``seed`` and ``batch_size`` are MCTS settings.
    """
    if solver not in SOLVERS:
        raise ValueError(f"unknown solver {solver!r} (choose from {', '.join(SOLVERS)})")
    if solver == "auto":
        used, reason = pick_solver(problem)
    else:
        used, reason = solver, "chosen by the caller"
    budgets = {}
    if max_nodes is not None:
        budgets["max_nodes"] = max_nodes
    if max_seconds is not None:
        budgets["max_seconds"] = max_seconds
    if used == "dfs":
        result = dfs.solve(problem, SearchParams(**budgets), to_play=to_play,
                           all_moves=all_moves, cancelled=cancelled, progress=progress)
        return result, "dfs", reason
    if evaluator is None:
        evaluator = network_free_evaluator(evaluator_name)
    extra = {"batch_size": batch_size} if batch_size is not None else {}
    params = MctsParams(seed=seed, **budgets, **extra)
    result = mcts.solve(problem, params, evaluator=evaluator, to_play=to_play,
                        all_moves=all_moves, cancelled=cancelled, progress=progress)
    return result, "mcts", f"{reason}; evaluator {getattr(evaluator, 'name', '?')}"
