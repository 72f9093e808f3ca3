"""Which solver for which problem, and its proof checked: the single front door of the CLI,
the GUI and the benchmarks.

:func:`solve_and_verify` solves (:func:`solve`), then checks any proof with
the independent verifier (``search.verify``) and returns one record,
:class:`SolveOutcome`, whose ``verification`` says what the checker found:
``verified`` (it walked the whole proof and found no fault), ``partly`` (no
fault, but its position budget ran out before it walked the whole proof),
``rejected`` (a fault; ``verifier_errors`` says which), or ``unchecked`` (no
proof to check, checking not asked, or the caller cancelled before or while
checking).

``auto`` looks at the problem's shape only:

* asked to decompose (``SearchParams.decompose``), a region that splits into
  areas (``search.split``): df-pn, which proves it area by area;
* goal ``live_any`` (kill-all boards such as 7x7 kill-all Go): best-first
  MCTS -- the whole board is in play and an evaluator's knowledge helps;
* a region with few empty points (an enclosed tsumego): depth-first df-pn,
  which is exhaustive and fast there;
* anything else (open boards, large regions): MCTS.

When ``auto``'s df-pn stops because its table is full while time is left,
best-first search takes the rest of the budgets: df-pn keeps every node it
has seen, so on a small region that still branches too much it can fill its
table in a fraction of the time (book problems framed tightly, measured:
24M entries in 37 s of 300), and MCTS keeps only the tree it grows.  So
``auto``'s df-pn does not collect its full table (``SearchParams.collect_table``):
that hand-over is what was measured on the book problems; df-pn chosen by
name collects and goes on.

Evaluators are named here only for the network-free ones (``uniform``,
``heuristic``); a network evaluator is built by ``tsumego_gui.nn.choice`` (this
layer may not import it) and passed in as ``evaluator``.  MCTS uses any
evaluator; df-pn is focused by the general Go networks of ``FOCUSING``
(KataGo's: the FTL network knows 7x7 kill-all only) and runs plain otherwise.  Knows the solvers'
and the verifier's front doors and problem fields; nothing about files or threads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from engine_cy.board import EMPTY
from tsumego_gui.core.problem import Problem
from tsumego_gui.core.wording import counted
from tsumego_gui.search import dfs, mcts, verify
from tsumego_gui.search.evaluators import Evaluator, HeuristicEvaluator, UniformEvaluator
from tsumego_gui.search.params import MctsParams, SearchParams
from tsumego_gui.search.results import Progress, SolveResult
from tsumego_gui.search.running import cancel_reader
from tsumego_gui.search.split import Split, find_split
from tsumego_gui.search.verify_split import verify_split

SOLVERS = ("auto", "dfs", "mcts")
NETWORK_FREE = ("uniform", "heuristic")     # evaluators this layer builds by name
FOCUSING = ("katago",)      # evaluators that focus df-pn (``engine_cy.dfpn``)
SMALL_REGION = 30     # empty region points up to which ``auto`` picks depth-first search
MIN_FALLBACK_SECONDS = 1.0   # ``auto``'s MCTS after a full df-pn table: not for less time
# what the verifier found (SolveOutcome.verification)
VERIFIED = "verified"      # the whole proof walked, no fault
PARTLY = "partly"          # no fault in what was walked; the position budget cut the walk short
REJECTED = "rejected"      # a fault: the proof must not be trusted
UNCHECKED = "unchecked"    # no proof, checking not asked, or cancelled before or while checking


@dataclass(frozen=True)
class SolveOutcome:
    """A finished solve: the result, which solver ran and why, and what the verifier found."""

    result: SolveResult
    solver_used: str
    reason: str
    verification: str = UNCHECKED                  # VERIFIED | PARTLY | REJECTED | UNCHECKED
    verifier_errors: tuple[str, ...] = ()
    note: str = ""      # what was tried first, for the user (``search.frame_ladder``)
    # a kill's first move that holds only while the defender may not take kos: a ko
    # (``search.kill_by_ko``; an export marks it KO, neither right nor wrong)
    ko_move: int | None = None
    # that reading in a player's words (``kill_by_ko.words``; "": the kill was not read)
    ko_words: str = ""

    @property
    def verified(self) -> bool:
        """True only when the verifier walked the whole proof and found no fault."""
        return self.verification == VERIFIED


def pick_solver(problem: Problem, decompose: bool = False) -> tuple[str, str]:
    """(``"dfs"`` or ``"mcts"``, why) for ``auto``; with ``decompose``, df-pn for a
    problem whose region splits (``search.split.find_split``)."""
    if decompose and isinstance(find_split(problem), Split):
        return "dfs", "the region splits into areas: depth-first search, area by area"
    if problem.goal == "live_any":
        return "mcts", "kill-all goal (any defender stone may live): best-first search"
    board = problem.to_board()
    empty = sum(1 for p in problem.region_or_all() if board.color_at(p) == EMPTY)
    points = counted(empty, "empty point")
    if problem.region and empty <= SMALL_REGION:
        return "dfs", f"small enclosed region ({points}): depth-first search"
    if problem.region:
        return "mcts", f"large region ({points}): best-first search"
    return "mcts", f"open board ({points}, no region): best-first search"


def classification_search(problem: Problem, solver: str = "auto") -> str:
    """How ``search.classify`` decides each first move (``dfs`` or ``mcts``): the solver
    asked for, or the one ``auto`` picks for the problem."""
    if solver not in SOLVERS:
        raise ValueError(f"unknown solver {solver!r} (choose from {', '.join(SOLVERS)})")
    return pick_solver(problem)[0] if solver == "auto" else solver


def focuses_dfpn(evaluator: Evaluator | None) -> bool:
    """Whether ``evaluator`` focuses df-pn (one of ``FOCUSING``)."""
    return evaluator is not None and getattr(evaluator, "name", "") in FOCUSING


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
          batch_size: int | None = None,
          c_puct: float | None = None, decompose: bool = False) -> tuple[SolveResult, str, str]:
    """Solve with the named solver (``auto`` picks one); returns (result, solver used, why).

    ``max_nodes`` / ``max_seconds`` default to each solver's own budget.
    ``evaluator`` (e.g. a network) overrides ``evaluator_name`` for MCTS, and
    focuses df-pn when it is one of ``FOCUSING``.  ``seed``, ``batch_size`` and
    ``c_puct`` (None: the evaluator's own) are MCTS settings.  ``decompose``
    (``SearchParams.decompose``): df-pn splits the region at the root where it can;
    ``auto`` picks df-pn for a problem that splits (``search.split.find_split``) and
    its usual solver for one that does not.
    """
    if solver not in SOLVERS:
        raise ValueError(f"unknown solver {solver!r} (choose from {', '.join(SOLVERS)})")
    split = find_split(problem) if decompose else None
    if solver == "auto":
        used, reason = pick_solver(problem, decompose)
    else:
        used, reason = solver, "chosen by the caller"
    if isinstance(split, str):
        reason = f"{reason}; not split: {split}"
    elif split is not None and used == "mcts":
        reason = f"{reason}; the region splits, but best-first search takes it whole"
    budgets = {}
    if max_nodes is not None:
        budgets["max_nodes"] = max_nodes
    if max_seconds is not None:
        budgets["max_seconds"] = max_seconds
    if used == "dfs":
        focusing = evaluator if focuses_dfpn(evaluator) else None
        # ``auto`` hands over at the first full table, as it was measured on the book
        # problems (collection came later); df-pn chosen by name collects and goes on
        collect = {"collect_table": False} if solver == "auto" else {}
        result = dfs.solve(problem, SearchParams(**budgets, **collect, decompose=decompose),
                           to_play=to_play, all_moves=all_moves, cancelled=cancelled,
                           progress=progress, evaluator=focusing)
        if focusing is not None:
            reason = f"{reason}; focused by {focusing.name}"
        if isinstance(split, Split) and result.split is None:
            # QA s57 areas D4: nothing said that a kill splits under 'live' only
            why = "" if split.kills else \
                " (a kill is proven by areas under goal live only: under survive it takes " \
                "a capture, which reaches every area)"
            reason = f"{reason}; split at the root, but the areas did not decide it{why}"
        left = budgets_left(SearchParams(**budgets), result) \
            if solver == "auto" and result.stop_reason == "memory budget" else None
        if left is None or (cancelled is not None and cancelled()):
            return result, "dfs", reason
        # "first": the line begins "solver: mcts (... depth-first search", which read as a
        # contradiction (QA s45)
        reason = (f"{reason} first; its table was full after {result.nodes:,} nodes in "
                  f"{result.seconds:.1f} s, so best-first search took the budget left")
        budgets = left
        first = result
    else:
        first = None
    if evaluator is None:
        if first is not None and evaluator_name not in NETWORK_FREE:
            # a network named but not built (df-pn did not need it): go on without it
            evaluator_name = "heuristic"
        evaluator = network_free_evaluator(evaluator_name)
    extra = {"batch_size": batch_size} if batch_size is not None else {}
    params = MctsParams(seed=seed, c_puct=c_puct, **budgets, **extra)
    result = mcts.solve(problem, params, evaluator=evaluator, to_play=to_play,
                        all_moves=all_moves, cancelled=cancelled, progress=progress)
    if first is not None:
        result = replace(result, nodes=first.nodes + result.nodes,
                         seconds=first.seconds + result.seconds)
    return result, "mcts", f"{reason}; evaluator {getattr(evaluator, 'name', '?')}"


def budgets_left(params: SearchParams, spent: SolveResult) -> dict | None:
    """The node and time budgets ``params`` leave after ``spent`` (MctsParams keywords;
    0 = no limit), or None when less than ``MIN_FALLBACK_SECONDS`` or no node is left."""
    seconds = params.max_seconds - spent.seconds if params.max_seconds > 0 else 0.0
    nodes = params.max_nodes - spent.nodes if params.max_nodes > 0 else 0
    if params.max_seconds > 0 and seconds < MIN_FALLBACK_SECONDS:
        return None
    if params.max_nodes > 0 and nodes <= 0:
        return None
    return {"max_nodes": nodes, "max_seconds": seconds}


def solve_and_verify(problem: Problem, solver: str = "auto", *, check: bool = True,
                     replays: int | None = None, max_positions: int | None = None,
                     on_verify: Callable[[SolveResult], None] | None = None,
                     walking: Callable[[int], None] | None = None,
                     **solve_options) -> SolveOutcome:
    """Solve (``solve_options`` are :func:`solve`'s), then check any proof with the verifier.

    ``replays`` and ``max_positions`` (the verifier's position budget) default
    to the verifier's own.  Nothing is checked when there is no proof, when
    ``check`` is False, or when ``solve_options["cancelled"]`` says so once
    the search is over (or while the proof is checked: the outcome is then
    unchecked); ``on_verify(result)`` is called just before checking
    (checking a large proof takes a while), and ``walking`` as the check goes
    (``verify``'s).
    """
    result, used, reason = solve(problem, solver, **solve_options)
    cancelled = solve_options.get("cancelled")
    checked = result.proof if result.split is None else result.split
    if checked is None or not check or (cancelled is not None and cancelled()):
        return SolveOutcome(result, used, reason)
    if on_verify is not None:
        on_verify(result)
    budgets = {name: value for name, value in (("replays", replays),
                                                ("max_positions", max_positions))
               if value is not None}
    # a cancel ends the check too (a large proof takes minutes to walk)
    budgets["stop"] = cancel_reader(cancelled)
    budgets["walking"] = walking
    if result.split is not None:
        report = verify_split(result.split, **budgets)
    else:
        report = verify.verify(result.proof, **budgets)
    if report.stopped:
        return SolveOutcome(result, used, reason)
    verification = VERIFIED if report.passed else PARTLY if report.ok else REJECTED
    return SolveOutcome(result, used, reason, verification, tuple(report.errors))
