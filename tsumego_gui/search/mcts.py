"""Best-first RZS: PUCT Monte-Carlo tree search with proof propagation, the front door.

The search is ``engine_cy.mcts_core`` (see its docstring: node layout, batched
evaluation with virtual loss, AND/OR proof propagation with the depth-first
solver's zone semantics, null-move pruning, the superko-safe transposition
table).  This module turns a :class:`~tsumego_gui.core.problem.Problem`,
:class:`MctsParams` and an :class:`~tsumego_gui.search.evaluators.Evaluator`
into a search and converts its result into the same
:class:`~tsumego_gui.search.results.SolveResult` / :class:`Proof` as the
depth-first solver (the proof-tree conversion is shared with ``dfs``).

Node count: one per evaluated leaf plus one per terminal leaf reached, as the
RZS paper's code counts (reference-implementations §D.8); table hits are free.

Knows problems, the Cython core, evaluators and the proof data type; nothing
about files, threads or the GUI.
"""

from __future__ import annotations

from collections.abc import Callable

from engine_cy.mcts_core import (
    MODE_HEURISTIC,
    MODE_PYTHON,
    MODE_UNIFORM,
    ExtractionError,
    MctsCore,
)
from engine_cy.node_rules import GOAL_CODES
from engine_cy.search_control import SearchControl, now
from tsumego_gui.core.problem import Problem
from tsumego_gui.search.evaluators import (
    Evaluator,
    HeuristicEvaluator,
    Query,
    UniformEvaluator,
)
from tsumego_gui.search.params import MctsParams
from tsumego_gui.search.proof import Proof
from tsumego_gui.search.results import (
    VERDICT_OF_STATUS,
    ConversionStoppedError,
    Progress,
    SolveResult,
    control_progress,
    to_proof_tree,
)
from tsumego_gui.search.running import cancel_reader, run_watched

DEFAULT_C_PUCT = 1.5     # the RZS code's effective exploration constant
MEMORY_STOP = "memory budget"     # the stop reason df-pn gives when its memory runs out


def _mode(evaluator: Evaluator) -> int:
    """Built-in evaluators run natively in the core (the same numbers as their
    ``evaluate``); anything else, subclasses included, is called in batches."""
    if type(evaluator) is UniformEvaluator:
        return MODE_UNIFORM
    if type(evaluator) is HeuristicEvaluator:
        return MODE_HEURISTIC
    return MODE_PYTHON


def native_depth_for(evaluator: Evaluator) -> int:
    """How deep the evaluator is asked: an evaluator with ``network_depth`` N >= 0 sees
    only leaves fewer than N moves from the root (the core's heuristic values the
    rest); -1, or no such attribute: every leaf."""
    depth = getattr(evaluator, "network_depth", -1)
    if not isinstance(depth, int) or depth < -1:
        raise ValueError(f"evaluator {evaluator.name!r} asks for network_depth {depth!r}, "
                         "not an int >= -1")
    return depth


def c_puct_for(params: MctsParams, evaluator: Evaluator) -> float:
    """The exploration constant a search uses: the params', else the evaluator's."""
    if params.c_puct is not None:
        return params.c_puct
    c_puct = getattr(evaluator, "c_puct", DEFAULT_C_PUCT)
    if not isinstance(c_puct, (int, float)) or not c_puct > 0:
        raise ValueError(f"evaluator {evaluator.name!r} asks for c_puct {c_puct!r}, "
                         "not a number > 0")
    return float(c_puct)


def solve(problem: Problem, params: MctsParams | None = None, *,
          evaluator: Evaluator | None = None, to_play: int | None = None,
          all_moves: bool = False,
          cancelled: Callable[[], bool] | None = None,
          progress: Callable[[Progress], None] | None = None,
          stop: Callable[[], str] | None = None) -> SolveResult:
    """Prove or disprove that the defender lives with ``to_play`` to move.

    Args:
        problem: a validated problem.
        params: budgets and search settings (default :class:`MctsParams`).
        evaluator: priors and values for leaves (default: uniform).
        to_play: the side to move (default: the problem's).
        all_moves: keep searching the root until every first move is decided,
            so ``proof.winning_moves`` lists every winning first move.
        cancelled: polled between batches; returning True stops the search.
        progress: called about every ``params.report_every`` seconds with a
            :class:`Progress` (root status and principal line included).
        stop: read while the proof is converted (default: whether ``cancelled``);
            a reason it returns ends the conversion, the result unknown for that
            reason (a job whose budget covers the proofs, ``search.classify``).
    Returns:
        a SolveResult; ``verdict`` is "unknown" when a budget ran out or the
        search was cancelled.
    """
    params = MctsParams() if params is None else params
    evaluator = UniformEvaluator() if evaluator is None else evaluator
    if not isinstance(evaluator, Evaluator):
        raise ValueError(f"{evaluator!r} is not an evaluator (it needs .name and .evaluate)")
    to_play = problem.to_play if to_play is None else to_play
    c_puct = c_puct_for(params, evaluator)
    start = now()
    board = problem.to_board()
    board.to_play = to_play

    spent = 0     # evaluations of the searches so far

    def search(use_table: bool, max_nodes: int, seconds: float):
        nonlocal spent
        control = SearchControl(max_nodes, seconds)

        def report(control: SearchControl) -> None:
            progress(control_progress(control, 0, now() - start))

        core = MctsCore(board, problem.defender, GOAL_CODES[problem.goal], problem.crucial,
                        problem.region, control=control, evaluator=evaluator,
                        mode=_mode(evaluator), problem=problem, query_type=Query,
                        batch_size=params.batch_size, c_puct=c_puct,
                        virtual_loss=params.virtual_loss,
                        attacker_pass_prior=params.attacker_pass_prior, seed=params.seed,
                        all_moves=all_moves, report_every=params.report_every,
                        use_table=use_table, native_depth=native_depth_for(evaluator),
                        max_bytes=params.max_tree_bytes)
        try:
            return core, run_watched(core.solve, control, cancelled,
                                     report if progress else None, params.report_every)
        finally:
            spent += core.evals

    try:
        try:
            core, (status, result, winning) = search(True, params.max_nodes,
                                                     params.max_seconds)
            again = False
        except ExtractionError:
            # a table result reused on another line met a move superko forbids there:
            # search again without the table (every result proven on its own line) on
            # what is left, once out of this handler, whose traceback would keep the
            # first tree alive beside the second (review s46)
            again = True
        if again:
            left_nodes = max(params.max_nodes - spent, 1) if params.max_nodes else 0
            left_time = max(params.max_seconds - (now() - start), 1e-3) \
                if params.max_seconds else 0
            core, (status, result, winning) = search(False, left_nodes, left_time)
    except MemoryError:
        # the tree outgrew the memory (no node budget set): a budget that ran out, as
        # df-pn says it, not a traceback (QA s46); the tree goes with the frame
        return SolveResult("unknown", None, spent, now() - start, MEMORY_STOP, 0)
    seconds = now() - start
    if status == "unknown":
        return SolveResult("unknown", None, core.evals, seconds, core.stop_reason, core.depth)
    winning = list(winning)
    if not winning and result.kind_name == "move":
        # the root itself was a terminal "move" (the attacker passes back and wins)
        winning = [result.move]
    try:
        root = to_proof_tree(result, board, problem,
                             stop=cancel_reader(cancelled) if stop is None else stop)
    except ConversionStoppedError as stopped:
        return SolveResult("unknown", None, core.evals, now() - start, stopped.args[0],
                           core.depth)
    proof = Proof(problem=problem, to_play=to_play, root=root, winning_moves=winning,
                  stats={"nodes": core.evals, "seconds": round(seconds, 4),
                         "depth": core.depth, "solver": "mcts",
                         "evaluator": getattr(evaluator, "name", "?"), "c_puct": c_puct,
                         "tree_nodes": core.tree_size, "table_hits": core.tt_hits})
    return SolveResult(VERDICT_OF_STATUS[status], proof, core.evals, seconds, core.stop_reason,
                       core.depth)

