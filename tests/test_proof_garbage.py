"""A proof dropped by its last owner is freed by reference counting, not by the cycle collector.

Regression: ``to_proof_tree``'s two nested functions referred to each other,
so the memo of every converted node stayed in a reference cycle: each proof
(hundreds of thousands of objects for a large one) lived on as garbage until
a full collection, and those collections -- walking every object with the GIL
held -- stalled the GUI thread for hundreds of milliseconds during solves.
"""

import gc
import weakref
from pathlib import Path

import pytest

from engine_cy.dfpn import DfpnCore
from engine_cy.node_rules import GOAL_CODES
from engine_cy.search_control import SearchControl
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search import choice

STRAIGHT_THREE = (Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources"
                  / "problems" / "straight-three.sgf")


def straight_three_kill(seconds):
    """(problem, board, df-pn core) for Black killing the straight three: a disproof with
    several defender tries."""
    problem = read_sgf(STRAIGHT_THREE.read_bytes())[0]
    board = problem.to_board()
    board.to_play = 1
    core = DfpnCore(board, problem.defender, GOAL_CODES[problem.goal], problem.crucial,
                    problem.region, SearchControl(0, seconds))
    return problem, board, core


@pytest.mark.parametrize("solver", ["dfs", "mcts"])
def test_a_dropped_proof_is_freed_without_a_collection(solver):
    problem = read_sgf(STRAIGHT_THREE.read_bytes())[0]
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()            # only reference counting frees anything from here on
    try:
        result = choice.solve(problem, solver)[0]
        assert result.proof is not None
        root = weakref.ref(result.proof.root)
        leaf = weakref.ref(next(n for n in result.proof.root.iter_unique()
                                if not n.children))
        del result
        assert root() is None and leaf() is None
    finally:
        if enabled:
            gc.enable()


def test_the_records_kept_come_after_their_children_so_they_can_be_freed_one_by_one():
    # ``results.let_go`` frees a tree's records last first, one at a time (a single
    # cascade from the root held the GIL for tens of ms): every record must come after
    # everything below it, each once
    from tsumego_gui.search.results import let_go, to_proof_tree

    problem, board, core = straight_three_kill(10.0)
    _, result = core.solve(SearchControl(0, 10.0), True)
    kept = []
    to_proof_tree(result, board, problem, keep=kept)
    assert kept[-1] is result and len({id(r) for r in kept}) == len(kept) > 3
    where = {id(r): i for i, r in enumerate(kept)}
    for i, record in enumerate(kept):
        below = ([c for _, c in record.children] if record.kind_name == "all" else
                 [record.child] if record.kind_name == "move" else [])
        assert all(where[id(c)] < i for c in below if id(c) in where)
    let_go(kept)
    assert kept == []
