"""The verifier rejects broken proofs: each test damages a real proof in one way.

A checker that accepts everything would pass every solver test, so here every
kind of damage a buggy solver could produce must be caught: a missing
refutation, a losing "winning" move, a zone too small for its leaf or for its
children, a null-move cut that does not hold, a leaf claimed where the goal
does not hold.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from engine_cy.board import BLACK, PASS, WHITE
from tests.test_solver import BENT_FOUR, STRAIGHT_THREE, problem_from, solved
from tsumego_gui.core import coords
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search.verify import verify

ENCLOSED = Path(__file__).resolve().parents[2] / "shared" / "problems" / "enclosed-dev"
RABBITY_SIX = (Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"
               / "classic" / "rabbity-six.sgf")


@pytest.fixture
def kill_proof():
    """Black kills straight three with B1: a disproof with branching defender nodes."""
    return solved(problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=BLACK)).proof


@pytest.fixture
def live_proof():
    """White lives in bent four with B1: AND nodes with several refutations."""
    return solved(problem_from(BENT_FOUR, 7, crucial="A3"), all_moves=False).proof


def nodes_of(proof, kind, won=None):
    return [n for n in proof.root.iter_unique()
            if n.kind == kind and (won is None or n.won == won)]


def damaged(proof):
    return copy.deepcopy(proof)


def assert_rejected(proof, fragment):
    report = verify(proof, replays=0)
    assert not report.ok
    assert any(fragment in e for e in report.errors), report.errors


def test_the_undamaged_proofs_verify(kill_proof, live_proof):
    assert verify(kill_proof).ok
    assert verify(live_proof).ok


def test_a_missing_refutation_is_caught(kill_proof):
    proof = damaged(kill_proof)
    lost_or = [n for n in nodes_of(proof, "or", won=False) if len(n.children) > 1]
    assert lost_or, "the disproof should branch at a defender node"
    node = lost_or[0]
    node.children = node.children[1:]
    node.pruned = [(m, c) for m, c in node.pruned if any(c == k for k, _ in node.children)]
    assert_rejected(proof, "is not answered")


def test_a_losing_move_presented_as_winning_is_caught(live_proof):
    proof = damaged(live_proof)
    root = proof.root
    assert root.kind == "or" and root.won
    (move, child), = root.children
    other = coords.from_gtp("A1", 7)
    assert move != other
    root.children = [(other, child)]
    report = verify(proof, replays=0)
    assert not report.ok


def test_a_leaf_zone_without_the_vital_regions_is_caught(live_proof):
    proof = damaged(live_proof)
    leaf = nodes_of(proof, "goal")[0]
    # drop the empty points (the eyes) from every zone that holds them: the parents
    # still satisfy ZZ-1, only the leaf's own life closure is broken
    eyes = {p for p in leaf.zone if p in proof.problem.region}
    for node in proof.root.iter_unique():
        node.zone = frozenset(node.zone - eyes)
    report = verify(proof, replays=0)
    assert not report.ok


def test_a_child_zone_outside_its_parent_zone_is_caught(live_proof):
    proof = damaged(live_proof)
    parent = next(n for n in proof.root.iter_unique() if n.children)
    _, child = parent.children[0]
    outside = coords.from_gtp("G7", 7)
    assert outside not in parent.zone
    child.zone = frozenset(child.zone | {outside})
    assert_rejected(proof, "ZZ-1")


def test_a_pruned_move_that_is_not_a_null_move_is_caught(kill_proof):
    proof = damaged(kill_proof)
    # a node where every defender move fails, with two searched moves m1, m2 where m2
    # lies in m1's zone: claiming that m2 is answered as after m1 is false
    for node in nodes_of(proof, "or", won=False):
        pairs = [(m1, m2) for m1, c1 in node.children for m2, _ in node.children
                 if m1 != m2 and m2 != PASS and m2 in c1.zone]
        if pairs:
            m1, m2 = pairs[0]
            node.children = [(m, c) for m, c in node.children if m != m2]
            node.pruned = node.pruned + [(m2, m1)]
            assert_rejected(proof, "is not a null move")
            return
    pytest.fail("the disproof should have a node with two moves in one zone")


def test_a_goal_leaf_where_the_goal_does_not_hold_is_caught(kill_proof):
    proof = damaged(kill_proof)
    # turn the root of the disproof into a claimed win at once
    proof.root.kind = "goal"
    proof.root.won = True
    proof.root.children = []
    assert_rejected(proof, "goal does not hold")


def test_the_wrong_side_to_move_is_caught(live_proof):
    proof = damaged(live_proof)
    proof.to_play = BLACK if proof.to_play == WHITE else WHITE
    report = verify(proof, replays=0)
    assert not report.ok


@pytest.fixture
def dag_proof():
    """Black kills the bundled rabbity six: lines that meet again by other move orders."""
    problem = read_sgf(RABBITY_SIX.read_bytes())[0]
    return solved(problem, to_play=BLACK, all_moves=False).proof


def test_a_node_met_again_is_not_walked_again(dag_proof):
    full = verify(dag_proof, replays=0, reuse=False)
    shared = verify(dag_proof, replays=0)
    assert full.ok and shared.ok and shared.complete
    assert shared.positions_reused > 0
    assert shared.positions_checked < full.positions_checked


def test_a_damaged_node_met_again_is_caught(dag_proof):
    proof = damaged(dag_proof)
    parents = Counter(id(child) for node in proof.root.iter_unique()
                      for _, child in node.children)
    shared = [n for n in proof.root.iter_unique() if parents[id(n)] > 1 and n.children]
    assert shared, "the disproof should meet an inner node on two lines"
    shared[0].zone = frozenset()        # its children's zones now leave it (ZZ-1)
    report = verify(proof, replays=0)
    assert not report.ok, "a damaged shared node must be caught"


@pytest.fixture
def cut_proof():
    """White lives in enclosed-dev cc1/895: a null move whose subtree cuts moves too."""
    if not ENCLOSED.is_dir():
        pytest.skip("../shared/problems is absent")
    problem = read_sgf((ENCLOSED / "cc1" / "895.sgf").read_bytes())[0]
    return solved(problem, to_play=WHITE, all_moves=False).proof


def test_a_cut_covered_by_a_result_superko_decided_is_caught(cut_proof):
    """A null move whose subtree met a move forbidden by superko covers nothing: under the
    cut move's history that move may be legal, and the proof never answers it.

    The damage: a pre-root history holding the position one pruned reply deep inside a
    covering child's subtree, so superko now forbids that reply there."""
    assert verify(cut_proof).ok
    proof = damaged(cut_proof)
    problem = proof.problem
    board = problem.to_board()
    board.to_play = proof.to_play

    def first_found(node, find):
        """``find`` at each node of the subtree, the board on its position; the first
        answer that is not None."""
        found = find(node)
        for move, child in node.children:
            if found is not None:
                break
            token = board.play(move)
            found = first_found(child, find)
            board.undo(token)
        return found

    def loser_moves(node):
        return node.kind in ("and", "or") and (node.kind == "or") != node.won

    def pruned_reply(node):
        """The hash after a legal pruned reply of the loser here."""
        for move, _ in node.pruned if loser_moves(node) else []:
            after = board.hash_and_ko_after(move)
            if move != PASS and after is not None:
                return after[0]
        return None

    def cover_with_pruned_reply(node):
        covers = dict(node.children)
        for cover in {cover for _, cover in node.pruned} if loser_moves(node) else set():
            token = board.play(cover)
            found = first_found(covers[cover], pruned_reply)
            board.undo(token)
            if found is not None:
                return found
        return None

    forbidden = first_found(proof.root, cover_with_pruned_reply)
    assert forbidden is not None, "the proof should cut moves by a child with cuts below"
    proof.problem = replace(problem, history=(forbidden,))
    assert_rejected(proof, "whose result superko decided")
