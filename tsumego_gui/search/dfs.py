"""Depth-first RZS (appendix Algorithm 1, AchieveGoal) over a problem: the solver's front door.

The search itself is Cython: ``engine_cy.dfpn`` (df-pn, the default) or
``engine_cy.rzs`` (iterative deepening), both on the node rules of
``engine_cy.node_rules``; see their docstrings.  This module turns a
:class:`~tsumego_gui.core.problem.Problem` and :class:`SearchParams` into a
search (run without the GIL, watched by ``search.running``), optionally
searches every first move separately (``all_moves``, so a player sees *every*
winning first move), and converts the result into a
:class:`~tsumego_gui.search.proof.Proof` (``search.results``).  Should df-pn's
table fail to give back a whole proof tree (``ExtractionError``), the
iterative-deepening core gets what is left of the budgets, and the proof's
``solver`` stat names both; a proof too large to keep (``max_proof_nodes``)
leaves the result unknown, with that reason.  Given an ``evaluator`` (a network), df-pn is
network-focused (``engine_cy.dfpn``, ``SearchParams.focus``): the network
orders and focuses the work; the proof is exact as ever.

Knows problems, the Cython cores and the proof data type; nothing about files,
threads or the GUI.
"""

from __future__ import annotations

from collections.abc import Callable

from engine_cy.board import PASS, Board
from engine_cy.dfpn import DfpnCore, ExtractionError, ProofTooLarge
from engine_cy.dilate import dilate_or
from engine_cy.node_rules import (
    ATTACKER_WINS,
    DEFENDER_WINS,
    GOAL_CODES,
    Result,
    won_with_move,
)
from engine_cy.rzs import RzsCore
from engine_cy.search_control import SearchControl, now
from tsumego_gui.core.problem import Problem
from tsumego_gui.search import gc_pacing
from tsumego_gui.search.evaluators import Evaluator
from tsumego_gui.search.params import SearchParams
from tsumego_gui.search.proof import Proof
from tsumego_gui.search.results import (
    VERDICT_OF_STATUS,
    ConversionStoppedError,
    Progress,
    SolveResult,
    control_progress,
    let_go,
    let_go_memo,
    to_proof_tree,
    zone_locs,
)
from tsumego_gui.search.running import cancel_reader, run_watched


def solve(problem: Problem, params: SearchParams | None = None, *,
          to_play: int | None = None, all_moves: bool = False,
          cancelled: Callable[[], bool] | None = None,
          progress: Callable[[Progress], None] | None = None,
          evaluator: Evaluator | None = None) -> SolveResult:
    """Prove or disprove that the defender lives with ``to_play`` to move.

    Args:
        problem: a validated problem.
        params: budgets (shared by all searches of this call).
        to_play: the side to move (default: the problem's).
        all_moves: search each first move on its own, to list every winning
            first move (the root's proof then uses the first of them).
        cancelled: polled during the search; returning True stops it.
        progress: called every few thousand nodes with a :class:`Progress`.
        evaluator: focuses df-pn (``params.focus``); None: plain df-pn.
    With ``params.decompose`` (not with ``all_moves``) the search goes through
    ``search.split.solve_split``: a verdict proven area by area has ``split`` set and
    no ``proof``.
    Returns:
        a SolveResult; ``verdict`` is "unknown" when a budget ran out or the
        search was cancelled.
    """
    params = SearchParams() if params is None else params
    to_play = problem.to_play if to_play is None else to_play
    if params.decompose and not all_moves:
        from tsumego_gui.search.split import solve_split  # it searches through here
        return solve_split(problem, params, to_play=to_play, cancelled=cancelled,
                           progress=progress, evaluator=evaluator)
    start = now()
    nodes = 0
    deadline = start + params.max_seconds if params.max_seconds > 0 else 0.0
    used: list[str] = []      # the cores whose results the proof holds
    evals, eval_seconds = 0, 0.0
    collections = 0         # of full df-pn tables (``engine_cy.dfpn``'s ``collect``)
    focus_errors: list[str] = []

    def run(board: Board, root_line: tuple[int, ...] = ()) -> tuple[str, Result, str, int]:
        """One search from ``board`` (``root_line`` after the problem's position):
        (status, result, stop reason, depth).  Where df-pn's table cannot give back a
        whole tree (a superko corner case), the iterative-deepening core, which builds
        trees as it goes, gets what is left of the budgets."""
        out = run_core(board, params.algorithm, root_line)
        return run_core(board, "id", root_line) if out is None else out

    # (``run`` is not recursive: a function that calls itself is a reference cycle, which
    # kept each call's problem, budgets and closures until the next full collection)
    def run_core(board: Board, algorithm: str,
                 root_line: tuple[int, ...]) -> tuple[str, Result, str, int] | None:
        """``run`` with one core; None where df-pn's table gave back no whole tree."""
        nonlocal nodes, evals, eval_seconds, collections
        left_nodes = params.max_nodes - nodes if params.max_nodes > 0 else 0
        left_time = deadline - now() if deadline else 0.0
        if params.max_nodes > 0 and left_nodes <= 0:
            return "unknown", None, "node budget", 0
        if deadline and left_time <= 0:
            return "unknown", None, "time budget", 0
        offset = nodes
        control = SearchControl(left_nodes, max(left_time, 1e-3) if deadline else 0.0)

        def report(control: SearchControl) -> None:
            progress(control_progress(control, offset, now() - start, not root_line))

        args = (board, problem.defender, GOAL_CODES[problem.goal], problem.crucial,
                problem.region, control)
        if algorithm == "dfpn":
            focus = {} if evaluator is None else dict(
                evaluator=evaluator, problem=problem, root_line=root_line,
                focus=params.focus)
            core = DfpnCore(*args, max_entries=params.max_table_entries,
                            collect=params.collect_table,
                            max_proof_nodes=params.max_proof_nodes, **focus)
            search = core.solve
        else:
            core = RzsCore(*args)
            search = lambda: core.solve(params.max_depth)  # noqa: E731
        try:
            try:
                with gc_pacing.bulk_allocation():
                    status, result = run_watched(search, control, cancelled,
                                                 report if progress else None)
            finally:
                if algorithm == "dfpn":
                    # bit by bit, however the search ended (a proof too large leaves the
                    # largest memo); a result keeps its records through its root
                    let_go_memo(core)
        except ProofTooLarge as e:
            nodes += core.nodes
            note_decided(core, root_line)
            return "unknown", None, str(e), core.depth
        except ExtractionError:
            nodes += core.nodes
            return None
        nodes += core.nodes
        if algorithm == "dfpn":
            collections += core.collections
            evals += core.evals
            eval_seconds += core.eval_seconds
            if core.focus_error is not None:
                focus_errors.append(core.focus_error)
        if status != "unknown":
            used.append(algorithm)
        elif algorithm == "dfpn":
            note_decided(core, root_line)
        return status, result, core.stop_reason, core.depth

    decided = ""        # the root's verdict where the search found it but built no proof

    def note_decided(core: DfpnCore, root_line: tuple[int, ...]) -> None:
        nonlocal decided
        if not root_line and core.decided:
            decided = VERDICT_OF_STATUS[core.decided]

    board = problem.to_board()
    board.to_play = to_play
    mover_good = "win" if to_play == problem.defender else "loss"
    status, root_result, stop_reason, depth = run(board)
    winning: list[int] = []
    if status == mover_good and root_result.kind_name == "move":
        winning = [root_result.move]
    if all_moves and status != "unknown" and root_result.kind_name in ("move", "all"):
        status, root_result, winning, stop_reason = _solve_each_move(
            problem, board, mover_good, run, status, root_result, stop_reason)
    seconds = now() - start
    if status == "unknown":
        return SolveResult("unknown", None, nodes, seconds, stop_reason, depth,
                           decided=decided)
    records: list = []
    try:
        root = to_proof_tree(root_result, board, problem, keep=records,
                             stop=cancel_reader(cancelled))
    except ConversionStoppedError as stopped:
        return SolveResult("unknown", None, nodes, now() - start, stopped.args[0], depth,
                           decided=VERDICT_OF_STATUS[status])
    finally:
        root_result = None          # the records go one by one (a single cascade stalls)
        let_go(records)
    proof = Proof(problem=problem, to_play=to_play, root=root, winning_moves=winning,
                  stats={"nodes": nodes, "seconds": round(seconds, 4), "depth": depth,
                         "solver": "+".join(sorted(set(used))),
                         **({"table_collections": collections} if collections else {}),
                         **({"network_evals": evals, "network_seconds": round(eval_seconds, 3)}
                            if evaluator is not None else {}),
                         **({"focus_error": focus_errors[0]} if focus_errors else {})})
    return SolveResult(VERDICT_OF_STATUS[status], proof, nodes, seconds, stop_reason, depth)


def _solve_each_move(problem, board, mover_good, run, status, root_result, stop_reason):
    """Search every legal first move (and the pass) on its own, so that every
    winning first move is known; the root keeps the first of them."""
    moves = board.legal_moves(problem.region_or_all()) + [PASS]
    winners = []
    for move in moves:
        token = board.play(move)
        child_status, child, child_stop, _ = run(board, root_line=(move,))
        board.undo(token)
        if child_status == "unknown":
            return "unknown", None, [], child_stop
        if child_status == mover_good:
            winners.append((move, child))
    if not winners:
        # every move fails: the single search's node, with its null-move cuts, stands
        return status, root_result, [], stop_reason
    move, child = winners[0]
    zone = sum(1 << loc for loc in dilate_or(board, move, zone_locs(child.zone)))
    good = DEFENDER_WINS if mover_good == "win" else ATTACKER_WINS
    return (mover_good, won_with_move(zone, good, move, child), [m for m, _ in winners],
            stop_reason)
