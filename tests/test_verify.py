"""The verifier rejects broken proofs: each test damages a real proof in one way.

A checker that accepts everything would pass every solver test, so here every
kind of damage a buggy solver could produce must be caught: a missing
refutation, a losing "winning" move, a zone too small for its leaf or for its
children, a null-move cut that does not hold, a leaf claimed where the goal
does not hold, a move that names no point of the board, a cut whose line
superko ends.  Each damage must be caught for its own reason: the tests name
the rule the verifier reports as broken.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from engine_cy.board import BLACK, EMPTY, PASS, WHITE
from tests.test_solver import BENT_FOUR, STRAIGHT_THREE, problem_from, solved
from tsumego_gui.core import coords
from tsumego_gui.core.diagram import render_diagram
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search.choice import solve
from tsumego_gui.search.proof import Proof, ProofNode
from tsumego_gui.search.verify import FILTER_BITS, _Checker, verify

ENCLOSED = Path(__file__).resolve().parents[2] / "shared" / "problems" / "enclosed-dev"
RABBITY_SIX = (Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"
               / "classic" / "rabbity-six.sgf")
J_GROUP = RABBITY_SIX.parents[1] / "corner" / "j-group.sgf"


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
    assert_rejected(proof, "A1: a goal leaf where the goal does not hold")


def test_a_leaf_zone_without_the_vital_regions_is_caught(live_proof):
    proof = damaged(live_proof)
    leaf = nodes_of(proof, "goal")[0]
    # drop the empty points (the eyes) from the leaf's zone only: a smaller zone still
    # satisfies ZZ-1, and the parents keep theirs, so only the life closure is broken
    eyes = {p for p in leaf.zone if p in proof.problem.region}
    assert eyes
    leaf.zone = frozenset(leaf.zone - eyes)
    assert_rejected(proof, "the leaf zone misses the life closure")


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


def test_a_node_marked_lost_where_the_goal_holds_is_caught(live_proof):
    # after White's B1 the bent four lives (the root's child is a goal leaf): a proof that
    # starts there and says White has lost is wrong at its first node, whatever follows
    (move, leaf), = live_proof.root.children
    assert leaf.kind == "goal"
    there = live_proof.problem.after(move)
    claim = Proof(problem=there, to_play=there.to_play, winning_moves=[],
                  root=ProofNode("or", False, leaf.zone))
    assert_rejected(claim, "root: marked lost but the goal holds")


def test_the_wrong_side_to_move_is_caught(live_proof):
    proof = damaged(live_proof)
    proof.to_play = BLACK if proof.to_play == WHITE else WHITE
    assert_rejected(proof, "root: or node with the wrong side to move")


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


def test_a_stop_ends_the_check_unfinished_and_says_why(dag_proof):
    """A caller's ``stop`` (a cancel, a spent time budget) ends the walk, as the position
    budget does: nothing found wrong, but not passed, and the reason kept."""
    full = verify(dag_proof, replays=0, reuse=False)
    readings = []

    def cancel_at_the_third_reading() -> str:
        readings.append(1)
        return "cancelled" if len(readings) >= 3 else ""

    stopped = verify(dag_proof, replays=0, reuse=False, stop=cancel_at_the_third_reading)
    assert full.passed and full.positions_checked > 3 * 256
    assert stopped.ok and not stopped.complete and not stopped.passed
    assert stopped.stopped == "cancelled"
    # read every 256 positions (at 1, 257, 513), and no more once it said stop; the walk
    # ends there: the nodes still listed above are only counted on the way out
    assert len(readings) == 3
    assert 2 * 256 < stopped.positions_checked < 2 * 256 + 64 < full.positions_checked
    never = verify(dag_proof, replays=5, stop=lambda: "")
    assert never.passed and never.stopped == "" and never.replays == 5


def test_the_walk_says_how_far_it_has_come_where_it_reads_stop(dag_proof):
    """``walking`` hears the proof's distinct nodes checked so far, as often as ``stop``
    is read (a long check's progress in the app): they grow to the proof's size, while
    the positions walked, lines meeting again, pass it."""
    heard, readings = [], []
    report = verify(dag_proof, replays=0, reuse=False, stop=lambda: readings.append(1) or "",
                    walking=heard.append)
    size = sum(1 for _ in dag_proof.root.iter_unique())
    assert report.passed and report.positions_checked > 3 * 256 > size
    assert len(heard) == len(readings) + 1 >= 4         # and once more as the walk ends
    assert heard == sorted(heard) and heard[0] == 0
    assert heard[-1] == report.nodes_checked == size


def test_a_history_before_the_root_is_on_every_line_and_does_not_stop_reuse(dag_proof):
    """The proof rooted after a first move (its history holds the position before it), as
    the classification's proofs are: lines still meet again, and are walked once."""
    board = dag_proof.problem.to_board()
    board.to_play = dag_proof.to_play
    move, child = dag_proof.root.children[0]
    board.play(move)
    after = replace(dag_proof, problem=dag_proof.problem.after(move, dag_proof.to_play),
                    to_play=board.to_play, root=child)
    assert len(after.problem.history) == 1
    full = verify(after, replays=0, reuse=False)
    shared = verify(after, replays=0)
    assert full.passed and shared.passed
    assert 0 < shared.positions_reused and shared.positions_checked < full.positions_checked


def test_stone_counts_that_meet_the_line_block_no_reuse_the_filter_allows(monkeypatch):
    """Black kills the bundled J group: on some lines a subtree's moves may leave the stone
    counts of a position on the line, yet none leaves that position (its bit is clear in
    their filter), so the subtree is reused there; by counts alone it was walked again."""
    problem = read_sgf(J_GROUP.read_bytes())[0]
    proof = solved(problem, to_play=BLACK, all_moves=False).proof
    filtered = verify(proof, replays=0, compiled=False)

    def by_counts_alone(checker, walked) -> bool:
        return checker.reuse and walked[0] is not None and walked[0].isdisjoint(checker.line)

    monkeypatch.setattr(_Checker, "line_apart", by_counts_alone)
    counted = verify(proof, replays=0, compiled=False)
    assert filtered.passed and counted.passed
    assert filtered.nodes_checked == counted.nodes_checked
    assert filtered.positions_checked < counted.positions_checked


def test_reuse_is_refused_where_a_move_below_may_repeat_a_position_on_the_line(kill_proof):
    """The reuse test itself, both ways.  A subtree rooted at the problem's position, whose
    moves may leave the position after Black's B1: on a line holding that very position it
    is walked again (superko may forbid B1 there and not where it was walked).  On a line
    holding another position with the same stone counts (B1's stone, and Black's A3 moved
    to G7), which no move of the subtree leaves, it is reused."""
    board = kill_proof.problem.to_board()
    board.to_play = BLACK
    walked = (frozenset(board.stone_counts_after_moves()), False,
              board.moves_left_filter(FILTER_BITS))
    after_b1 = board.copy()
    after_b1.play(coords.from_gtp("B1", 7))
    other = after_b1.copy()
    other.set_stone(coords.from_gtp("A3", 7), EMPTY)
    other.set_stone(coords.from_gtp("G7", 7), BLACK)
    assert other.stone_counts() == after_b1.stone_counts() in walked[0]
    checker = _Checker(kill_proof, 10, random.Random(0), 1)
    for position, reused in ((after_b1, False), (other, True)):
        checker.line, checker.line_hashes = [position.stone_counts()], [position.hash]
        assert checker.line_apart(walked) is reused


def test_a_damaged_node_met_again_is_caught(dag_proof):
    proof = damaged(dag_proof)
    parents = Counter(id(child) for node in proof.root.iter_unique()
                      for _, child in node.children)
    shared = [n for n in proof.root.iter_unique() if parents[id(n)] > 1 and n.children]
    assert shared, "the disproof should meet an inner node on two lines"
    shared[0].zone = frozenset()        # its children's zones now leave it (ZZ-1)
    assert_rejected(proof, "zone is not inside the parent's zone (ZZ-1)")


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


def forbid_a_reply(proof):
    """The proof with a pre-root history in which superko forbids a stone reply of the
    loser at the first node (depth first) that has one, a reply that covers no cut move;
    None when there is no such reply."""
    board = proof.problem.to_board()
    board.to_play = proof.to_play

    def find(node):
        if node.kind in ("and", "or") and (node.kind == "or") != node.won:
            covers = {cover for _, cover in node.pruned}
            for reply, _ in node.children:
                if reply != PASS and reply not in covers:
                    token = board.play(reply)
                    forbidden = board.hash
                    board.undo(token)
                    return forbidden
        for move, child in node.children:
            token = board.play(move)
            found = find(child)
            board.undo(token)
            if found is not None:
                return found
        return None

    forbidden = find(proof.root)
    if forbidden is None:
        return None
    out = damaged(proof)
    out.problem = replace(proof.problem, history=(forbidden,))
    return out


def test_an_answer_to_a_reply_superko_forbids_on_the_line_is_not_walked_there(cut_proof):
    """A subtree shared by lines where a reply is legal keeps that reply's answer; on a line
    where superko forbids the reply it is never played: the proof still holds there."""
    proof = forbid_a_reply(cut_proof)
    assert proof is not None
    assert verify(proof, replays=0).passed


# ---- moves that name no point of the board ---------------------------------------------

WALL = 1        # a cell of the padded board's top wall row (coords: loc = (row+1)*S + col+1)
OFF_BOARD = {"far": 9999, "negative": -1, "wall": WALL}


def with_a_cut(proof):
    """A lost defender node of the disproof made to cut one of its moves, as after a sibling
    (a cut the verifier rejects too, but only once its moves are points of the board)."""
    node = next(n for n in nodes_of(proof, "or", won=False) if len(n.children) > 1)
    (cut, _), (cover, _) = node.children[:2]
    node.children = node.children[1:]
    node.pruned = node.pruned + [(cut, cover)]
    return node


def bad_root_move(kill, live, bad):
    """The winning move of an OR node (White lives in bent four), at the root."""
    proof = damaged(live)
    (_, child), = proof.root.children
    proof.root.children = [(bad, child)]
    return proof


def bad_deeper_and_move(kill, live, bad):
    """The attacker's answer at an AND node below the root of the disproof."""
    proof = damaged(kill)
    node = next(n for n in nodes_of(proof, "and") if n.children and n is not proof.root)
    node.children = [(bad, node.children[0][1])] + node.children[1:]
    return proof


def bad_lost_or_move(kill, live, bad):
    """A move the defender tries in the disproof of straight three (an OR node lost)."""
    proof = damaged(kill)
    node = next(n for n in nodes_of(proof, "or", won=False) if n.children)
    node.children = [(bad, node.children[0][1])] + node.children[1:]
    return proof


def bad_killing_move(kill, live, bad):
    """The attacker's killing move at the root of the disproof (an AND node lost)."""
    proof = damaged(kill)
    (_, child), = proof.root.children
    proof.root.children = [(bad, child)]
    return proof


def bad_cut_move(kill, live, bad):
    proof = damaged(kill)
    node = with_a_cut(proof)
    node.pruned = [(bad, cover) for _, cover in node.pruned]
    return proof


def bad_covering_move(kill, live, bad):
    proof = damaged(kill)
    node = with_a_cut(proof)
    node.pruned = [(cut, bad) for cut, _ in node.pruned]
    return proof


def bad_cover_zone_point(kill, live, bad):
    """The zone of a child that covers a cut move (read again for the cut)."""
    proof = damaged(kill)
    node = with_a_cut(proof)
    cover = dict(node.children)[node.pruned[0][1]]
    cover.zone = frozenset(cover.zone | {bad})
    return proof


def bad_zone_point(kill, live, bad):
    proof = damaged(live)
    leaf = nodes_of(proof, "goal")[0]
    leaf.zone = frozenset(leaf.zone | {bad})
    return proof


@pytest.mark.parametrize("bad", OFF_BOARD.values(), ids=OFF_BOARD.keys())
@pytest.mark.parametrize("damage, fragment", [
    (bad_root_move, "root: the child move {bad} is not a point of the 7x7 board"),
    (bad_deeper_and_move, "the child move {bad} is not a point of the 7x7 board"),
    (bad_lost_or_move, "the child move {bad} is not a point of the 7x7 board"),
    (bad_killing_move, "root: the child move {bad} is not a point of the 7x7 board"),
    (bad_cut_move, "the cut move {bad} is not a point of the 7x7 board"),
    (bad_covering_move, "the covering move {bad} of "),
    (bad_zone_point, "zone point {bad} is not a point of the 7x7 board"),
    (bad_cover_zone_point, "zone point {bad} is not a point of the 7x7 board"),
])
def test_a_move_off_the_board_is_rejected_not_raised(kill_proof, live_proof, damage, fragment,
                                                      bad):
    proof = damage(kill_proof, live_proof, bad)
    assert_rejected(proof, fragment.format(bad=bad))
    assert not verify(proof).ok          # the replays never play it either


# ---- superko and the history before the root ------------------------------------------

# White to play; the crucial stone is D4, in atari.  The game before the root (TH, the
# positions' hashes) holds the position after Black's C4 capture with White to play.
#
#   4  O O . O
#   3  O O O X
#   2  . X X .
#   1  X . . .
#      A B C D
KO_AFTER_A_HISTORY = (
    b"(;FF[4]GM[1]SZ[4]PL[W]AB[ad][bc][cc][db]AW[aa][ab][ba][bb][cb][da]TD[W]TG[live]TK[B]"
    b"TR[da]TH[8858fa49301573f9][c9cce55ead515ecc][6c1e9e92827640af][45533d3b46606620]"
    b"[b27058a2fa2ab390][275e982d886653cc])")


@pytest.fixture
def mcts_disproof():
    """The MCTS disproof: C1, B1 and D1 are answered by C4 (B1 and D1 cut as after C1),
    a White pass by a pass.  After a pass C4 would repeat the position before the root."""
    problem = read_sgf(KO_AFTER_A_HISTORY)[0]
    assert render_diagram(problem.to_board()).split() == "O O . O O O O X . X X . X . . .".split()
    result, used, _ = solve(problem, "mcts")
    assert used == "mcts" and result.verdict == "dies"
    moves = dict(result.proof.root.children)
    assert {"C1", "pass"} <= {coords.to_gtp(m, 4) for m in moves}
    return result.proof


def test_a_perturbed_replay_does_not_repeat_the_history_of_the_real_line(mcts_disproof):
    """Replayed from C1 with C1 emptied, the position is the root with Black to play:
    C4 there repeats a position before the root, so superko forbids it.  That position is
    on no line of the game (a White pass has its own answer), so its replay has no history
    but its own; every seed verifies."""
    for seed in range(12):
        report = verify(mcts_disproof, seed=seed)
        assert report.passed, (seed, report.errors)
        assert report.replays > 0 and report.cut_replays >= len(mcts_disproof.root.pruned)


def test_a_defender_pass_cut_under_live_needs_no_replay(mcts_disproof):
    """The pass cut as after C1 (df-pn did this).  On the real line W pass, B C4 would
    repeat the position before the root, so C1's answer is illegal there -- but under
    the goal live Black simply passes back and the game ends without White's life, which
    the walk checks does not hold at the root.  The proof is sound; the verifier takes
    it without replaying that line (it once rejected it)."""
    proof = damaged(mcts_disproof)
    root = proof.root
    c1 = coords.from_gtp("C1", 4)
    root.children = [(m, c) for m, c in root.children if m != PASS]
    root.pruned = root.pruned + [(PASS, c1)]
    assert proof.problem.goal == "live"
    for seed in range(3):
        report = verify(proof, seed=seed)
        assert report.passed, report.errors
        assert report.cut_replays == len(root.pruned) - 1


@pytest.mark.parametrize("offered", [3, 8, 40])
def test_the_replays_start_from_a_uniform_sample_of_the_proven_nodes(live_proof, offered):
    """The replays start from a reservoir of the walk's proven nodes, which skips ahead
    between the nodes it keeps (algorithm L) rather than drawing for every node: each of
    ``offered`` nodes must still be kept with probability size / offered, early and late
    ones alike.  Counted over 3000 seeds: 5 standard deviations either side."""
    size, seeds = 5, 3000
    kept = Counter()
    node = SimpleNamespace(zone=frozenset())       # nothing in its zone: perturbable
    board = live_proof.problem.to_board()            # no ko point
    for seed in range(seeds):
        checker = _Checker(live_proof, 10, random.Random(seed), size)
        for i in range(offered):
            checker.sample(node, board, [i])
        assert len(checker.proven_nodes) == min(size, offered)
        kept.update(path[0] for _, path in checker.proven_nodes)
    p = min(size, offered) / offered
    mean, sd = seeds * p, (seeds * p * (1 - p)) ** 0.5
    assert all(abs(kept[i] - mean) <= 5 * sd + 1e-9 for i in range(offered)), kept
