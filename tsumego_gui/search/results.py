"""What a search hands back: progress snapshots, solve results, proof trees from core results.

Shared by the depth-first (``dfs``) and best-first (``mcts``) front doors.
``to_proof_tree`` turns a search core's result (the nested records of
``engine_cy``) into a :class:`~tsumego_gui.search.proof.Proof` tree, replaying
moves to annotate each goal leaf with its unconditionally alive chains.

Knows problems, the engine's result format and the proof data type; nothing
about how a search runs, files, threads or the GUI.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from engine_cy.benson import goal_zone, unconditionally_alive
from engine_cy.board import Board
from engine_cy.node_rules import STATUS_NAMES, Result
from engine_cy.search_control import SearchControl
from tsumego_gui.core.problem import Problem
from tsumego_gui.search import gc_pacing
from tsumego_gui.search.proof import Proof, ProofNode


@dataclass(frozen=True)
class Progress:
    """A snapshot sent to the progress callback."""

    nodes: int
    nodes_per_s: float
    elapsed: float
    depth: int
    table_size: int
    # "unknown" | "lives" | "dies": best-first search as it goes, depth-first once proven
    root_status: str = ""
    best_line: tuple[int, ...] = ()     # best-first search: the principal line (locs)
    proof_nodes: int = 0                # depth-first search: proof nodes built so far


# a core's root status (defender's side) as a verdict
VERDICT_OF_STATUS = {"win": "lives", "loss": "dies", "unknown": "unknown"}


def control_progress(control: SearchControl, before: int, elapsed: float,
                     position_root: bool = True) -> Progress:
    """The counters a search published, with ``before`` nodes searched before it.
    ``position_root`` False: the search is rooted after a first move, so its root's
    status and proof are left out (they would read as the position's)."""
    n, depth, table, root, line = control.snapshot()
    nodes = before + n
    if not position_root:
        return Progress(nodes, nodes / max(elapsed, 1e-9), elapsed, depth, table)
    return Progress(nodes, nodes / max(elapsed, 1e-9), elapsed, depth, table,
                    root_status=VERDICT_OF_STATUS[STATUS_NAMES[root]], best_line=line,
                    proof_nodes=control.proof_nodes)


@dataclass(frozen=True)
class SolveResult:
    """What a search found: a proof (or None when unknown within budget) and figures."""

    verdict: str                 # "lives" | "dies" | "unknown"
    proof: Proof | None
    nodes: int
    seconds: float
    stop_reason: str | None      # None, "node budget", "time budget", "cancelled"
    depth: int
    split: object | None = None  # a ``search.split.SplitProof`` where it proved the verdict
    # with verdict "unknown": the verdict the search reached ("lives" / "dies") where a
    # budget, a cancel or the proof's size stopped the building of its proof; unproven
    decided: str = ""

    @property
    def nodes_per_s(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


def let_go(items: list) -> None:
    """Drop ``items`` one at a time, last first, and leave the list empty.

    A tree of records freed through its root is one deallocation: tens of thousands of
    objects freed while the GIL is held (tens of milliseconds, the GUI thread waiting).
    Given the records each after everything below it (``to_proof_tree``'s ``keep``), the
    last one has no parent left, so each step here frees one record -- what is below it
    is still in the list -- and the Python loop lets other threads run between steps."""
    while items:
        items.pop()


def let_go_memo(core) -> None:
    """Drop a df-pn core's extraction memo (``DfpnCore.release_memo``) a few thousand
    subtrees at a time, for the same reason: freed with the core, a memo of a few hundred
    thousand held the GIL for some 50 ms.  The records stay alive through their roots."""
    while core.release_memo(4096):
        pass


def forget_zones() -> None:
    """Drop the zones spelled out so far (``zone_locs``'s cache), once a problem's proofs
    are dropped: they serve that problem's proofs only, and kept after them they pin the
    memory those proofs were freed from (QA s47: a CLI run over enclosed-dev stayed at
    1.6 GB, 1.27 GB of it this cache's doing; 334 MB once it was cleared)."""
    zone_locs.cache_clear()


@functools.lru_cache(maxsize=65536)
def zone_locs(bits: int) -> frozenset[int]:
    """The locs of a zone given as an int (bit ``loc`` set)."""
    # a proof's nodes share few zones: each is spelled out once, one set bit at a time
    locs = []
    while bits:
        low = bits & -bits
        locs.append(low.bit_length() - 1)
        bits ^= low
    return frozenset(locs)


STOP_EVERY = 1024       # records converted between readings of ``to_proof_tree``'s ``stop``


class ConversionStoppedError(Exception):
    """``to_proof_tree``'s ``stop`` ended the conversion; ``args[0]`` says why."""


def to_proof_tree(result: Result, board: Board, problem: Problem,
                  memo: dict[int, ProofNode] | None = None,
                  keep: list[Result] | None = None,
                  stop: Callable[[], str] | None = None,
                  lent: bool = False) -> ProofNode:
    """A proof tree from a core's ``engine_cy.node_rules.Result`` records, replaying
    moves to annotate the goal leaves (records shared by several lines stay shared).

    ``memo`` (record id -> node) may carry the nodes of earlier trees converted from
    the same core's records under the same rules, so that their trees share them too;
    the caller keeps those records alive.  ``keep``, when given, gets every record
    converted, each after every record below it (also across calls that share
    ``memo``), for :func:`let_go`.  ``stop`` is read every ``STOP_EVERY`` records (a
    large proof takes seconds to convert): a reason it returns (a cancel, a spent time
    budget) raises :class:`ConversionStoppedError`, with the board as it was and ``memo``
    holding only whole subtrees.  ``lent``: the core took results of searches under
    another ko rule (``DfpnCore.take_results_of``), whose records may list the loser's ko
    captures that these rules forbid it: those are no moves here, and are left out."""
    memo = {} if memo is None else memo
    converted = [0]

    def convert(node: Result) -> ProofNode:
        key = id(node)
        if key in memo:
            return memo[key]
        converted[0] += 1
        if stop is not None and converted[0] % STOP_EVERY == 0:
            why = stop()
            if why:
                raise ConversionStoppedError(why)
        kind = node.kind_name
        zone = zone_locs(node.zone)
        if kind == "goal":
            out = ProofNode("goal", True, zone, uca=_leaf_uca(board, problem))
        elif kind in ("captured", "passes", "survives"):
            out = ProofNode(kind, node.defender_wins, zone)
        else:
            side = "or" if board.to_play == problem.defender else "and"
            if kind == "move":
                children = [(node.move, play_and_convert(node.move, node.child))]
                out = ProofNode(side, node.defender_wins, zone, children=children)
            else:
                children, cuts = node.children, node.cuts
                barred = board.forbidden_ko_captures(
                    [m for m, _ in children] + [m for m, _ in cuts]) if lent else ()
                if barred:
                    children = [(m, c) for m, c in children if m not in barred]
                    cuts = [(m, cover) for m, cover in cuts if m not in barred]
                out = ProofNode(side, node.defender_wins, zone,
                                children=[(m, play_and_convert(m, c)) for m, c in children],
                                pruned=list(cuts))
        memo[key] = out
        if keep is not None:
            keep.append(node)       # after everything below it: parents come last
        return out

    def play_and_convert(move: int, node: Result) -> ProofNode:
        known = memo.get(id(node))
        if known is not None:
            return known        # a record met again: no need to play its move
        token = board.play(move)
        try:
            return convert(node)
        finally:
            board.undo(token)

    try:
        # a node or more per record, and no cycle: not walked by young collections
        with gc_pacing.bulk_allocation():
            return convert(result)
    finally:
        # the two closures refer to each other through their cells, and ``memo`` holds
        # every node: cut the cycle, so a dropped proof is freed at once by reference
        # counting instead of waiting for a full collection (which holds the GIL for as
        # long as it walks every object, and stalls the GUI thread)
        convert = play_and_convert = None  # noqa: F841


def _leaf_uca(board: Board, problem: Problem) -> list[tuple[list[int], list[list[int]]]]:
    """The unconditionally alive defender chains (with vital regions) that meet the goal."""
    reached, zone = goal_zone(board, problem.defender, problem.goal == "live_any",
                              problem.crucial)
    if not reached:
        return []
    zone_set = set(zone)
    return [(stones, regions) for stones, regions in unconditionally_alive(board, problem.defender)
            if stones[0] in zone_set]
