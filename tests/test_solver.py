"""The depth-first RZS solver on small textbook shapes: verdicts, winning moves, budgets.

Expected answers here are Go knowledge stated in each test (straight three
lives with the vital point and dies without it, bent four in the corner...),
and every proof is checked by the independent verifier.  Larger problems with
answers from an independent peer solver are in ``test_enclosed_subset.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine_cy.board import BLACK, EMPTY, PASS, WHITE, Board
from engine_cy.dfpn import DfpnCore
from engine_cy.node_rules import GOAL_CODES
from engine_cy.search_control import SearchControl
from tsumego_gui.core import coords
from tsumego_gui.core.diagram import parse_diagram, parse_marks
from tsumego_gui.core.problem import Problem
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search import choice
from tsumego_gui.search.dfs import solve
from tsumego_gui.search.params import SearchParams
from tsumego_gui.search.proof import Proof
from tsumego_gui.search.results import to_proof_tree
from tsumego_gui.search.verify import verify

PARAMS = SearchParams(max_nodes=2_000_000, max_seconds=20.0)


def problem_from(diagram: str, size: int, *, crucial: str, region_marks: str = "*",
                 to_play: int = WHITE, goal: str | None = None, **fields) -> Problem:
    """A problem from a diagram whose ``*`` cells are empty region points."""
    board = parse_diagram(diagram, size, extra_empty=region_marks)
    black = {p for p in coords.all_locs(size) if board.color_at(p) == BLACK}
    white = {p for p in coords.all_locs(size) if board.color_at(p) == WHITE}
    region = parse_marks(diagram, size, region_marks)
    crucial_locs = {coords.from_gtp(name, size) for name in crucial.split()}
    return Problem.create(size, black, white, to_play=to_play, crucial=crucial_locs,
                          region=frozenset(region), goal=goal, **fields)


def solved(problem: Problem, to_play: int | None = None, all_moves: bool = True,
           params: SearchParams = PARAMS):
    result = solve(problem, params, to_play=to_play, all_moves=all_moves)
    assert result.proof is not None, f"not solved: {result.stop_reason}"
    report = verify(result.proof)
    assert report.ok and report.complete, report.errors
    return result


def names(moves, size):
    return sorted(coords.to_gtp(m, size) for m in moves)


# White's chain G7 (enclosed-dev gop/3185 after its E4; our own cut), dead where only Black
# takes kos: its liberties E5, E3 and J8 each fill a dame of its own, and a ko at H3 White
# would take (tests of proof.fills_own_dame and practice's ko check).
DEAD_FILLING_ITS_DAME = """
    . . . . . . . X X
    . . . . . X X X *
    . . . . X X O X O
    . . . X X O O O O
    . . . X * O X X O
    . . . X X O O X X
    . . . X * O X * X
    . . . X X O O X X
    . . . . X X X X *
"""

# White's corner group, eye space A1 B1 C1 (straight three), a solid black wall.
STRAIGHT_THREE = """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    X X X X X . .
    O O O O X . .
    * * * O X . .
"""


def test_straight_three_lives_only_with_the_vital_point():
    # White B1 splits the space into two eyes; A1 or C1 leaves a two-point eye Black kills.
    problem = problem_from(STRAIGHT_THREE, 7, crucial="A2")
    result = solved(problem)
    assert result.verdict == "lives"
    assert names(result.proof.winning_moves, 7) == ["B1"]


def test_straight_three_dies_when_black_takes_the_vital_point():
    problem = problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=BLACK)
    result = solved(problem)
    assert result.verdict == "dies"
    assert names(result.proof.winning_moves, 7) == ["B1"]


# Bent four in the corner (eye space A2 A1 B1 C1): the vital point is B1 for both sides.
BENT_FOUR = """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    X X X . . . .
    O O X X X . .
    * O O O X . .
    * * * O X . .
"""


def test_bent_four_lives_with_b1_and_dies_without():
    problem = problem_from(BENT_FOUR, 7, crucial="A3")
    white = solved(problem)
    assert white.verdict == "lives"
    assert "B1" in names(white.proof.winning_moves, 7)
    black = solved(problem, to_play=BLACK)
    assert black.verdict == "dies"
    assert "B1" in names(black.proof.winning_moves, 7)


# Two separate one-point eyes: alive already, whoever moves.
TWO_EYES = """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    X X X X X . .
    O O O O X . .
    * O * O X . .
"""


@pytest.mark.parametrize("to_play", [BLACK, WHITE])
def test_a_group_with_two_eyes_is_a_goal_leaf(to_play):
    problem = problem_from(TWO_EYES, 7, crucial="A2", to_play=to_play)
    result = solved(problem, all_moves=False)
    assert result.verdict == "lives"
    assert result.proof.root.kind == "goal"
    assert result.nodes == 1


# Straight two: one eye at best, dead whoever moves (seki is impossible: no black stones inside).
STRAIGHT_TWO = """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    X X X X . . .
    O O O X . . .
    * * O X . . .
"""


@pytest.mark.parametrize("to_play", [BLACK, WHITE])
def test_straight_two_is_dead(to_play):
    problem = problem_from(STRAIGHT_TWO, 7, crucial="A2", to_play=to_play)
    result = solved(problem)
    assert result.verdict == "dies"
    if to_play == WHITE:
        assert result.proof.winning_moves == []      # no white move lives
    kinds = {node.kind for node in result.proof.root.iter_unique()}
    assert kinds & {"captured", "passes"}           # a disproof ends in a lost leaf


def test_the_attacker_pass_is_searched_at_every_attacker_node():
    # An explicit null move: every AND node of a proof has the pass among its children,
    # or covers it by a null-move sibling (the verifier checks the coverage; here we
    # check that the solver actually considers it first).
    problem = problem_from(BENT_FOUR, 7, crucial="A3")
    result = solved(problem, all_moves=False)
    for node in result.proof.root.iter_unique():
        if node.kind == "and" and node.won:
            moves = [m for m, _ in node.children] + [m for m, _ in node.pruned]
            assert PASS in moves


def test_iterative_deepening_and_dfpn_agree():
    for diagram, crucial in ((STRAIGHT_THREE, "A2"), (BENT_FOUR, "A3"), (STRAIGHT_TWO, "A2")):
        for to_play in (BLACK, WHITE):
            problem = problem_from(diagram, 7, crucial=crucial, to_play=to_play)
            dfpn = solved(problem, all_moves=True)
            deep = solved(problem, all_moves=True,
                          params=SearchParams(max_seconds=20.0, algorithm="id"))
            assert dfpn.verdict == deep.verdict
            assert sorted(dfpn.proof.winning_moves) == sorted(deep.proof.winning_moves)


# One white stone on an empty board: far beyond a handful of nodes.
OPEN = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . O . . . .
"""


def test_a_node_budget_gives_unknown():
    problem = problem_from(OPEN, 9, crucial="E5")
    result = solve(problem, SearchParams(max_nodes=50, max_seconds=10.0))
    assert result.verdict == "unknown"
    assert result.proof is None
    assert result.stop_reason == "node budget"
    assert result.nodes <= 50 + 82   # the budget is checked once per expansion (81 points + pass)


def test_the_time_budget_holds_on_a_whole_19x19_board():
    """QA s56 editor D4: an open corner of a 19x19 board entered with no region, searched
    whole (the app's automatic choice: MCTS), ran 16 s past a 5 s budget at some 40 nodes a
    second: the clock was read every 1,024 nodes, now every 32."""
    problem = Problem.create(19, [coords.from_gtp(p, 19) for p in "B4 C4 D3 E3 F2 G2".split()],
                             [coords.from_gtp(p, 19) for p in "B3 C3 C2 D2 E2".split()],
                             to_play=BLACK, crucial={coords.from_gtp("C2", 19)})
    for solver in ("auto", "dfs"):
        result, _, _ = choice.solve(problem, solver, evaluator_name="heuristic", max_nodes=0,
                                    max_seconds=1.0)
        assert result.stop_reason == "time budget" and result.seconds < 3.0


@pytest.mark.parametrize("algorithm", ["dfpn", "id"])
def test_a_budget_spent_on_the_first_moves_is_named(algorithm):
    # every first move gets its own search after the root's: a node budget the root
    # search leaves almost nothing of ends them, and the result says so
    problem = problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=BLACK)
    params = SearchParams(max_seconds=20.0, algorithm=algorithm)
    root = solve(problem, params)
    assert root.verdict != "unknown"
    for spare in (0, 1):
        tight = SearchParams(max_nodes=root.nodes + spare, max_seconds=20.0,
                             algorithm=algorithm)
        result = solve(problem, tight, all_moves=True)
        assert result.verdict == "unknown" and result.proof is None
        assert result.stop_reason == "node budget"


def test_a_full_table_stops_the_search_with_a_memory_budget_when_not_collected():
    problem = problem_from(OPEN, 9, crucial="E5")
    result = solve(problem, SearchParams(max_nodes=0, max_seconds=20.0,
                                         max_table_entries=100_000, collect_table=False))
    assert result.verdict == "unknown" and result.proof is None
    assert result.stop_reason == "memory budget"
    # checked once per df-pn step, which adds at most one expansion (81 points + pass)
    assert 100_000 <= result.nodes <= 100_000 + 82


BUNDLED = Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"
RABBITY_SIX_SIDE = BUNDLED / "side" / "rabbity-six.sgf"


def test_a_full_table_is_collected_and_the_search_goes_on_to_the_same_verified_answer():
    # rabbity six on the side is dead; its search makes some 2,300 entries
    problem = read_sgf(RABBITY_SIX_SIDE)[0]
    roomy = solve(problem, SearchParams(max_nodes=0, max_seconds=20.0))
    assert roomy.verdict == "dies" and "table_collections" not in roomy.proof.stats
    small = solve(problem, SearchParams(max_nodes=0, max_seconds=20.0,
                                        max_table_entries=2200))
    assert small.verdict == "dies" and small.proof.stats["table_collections"] >= 1
    assert small.nodes > 2200
    report = verify(small.proof)
    assert report.ok and report.complete, report.errors


def test_a_table_too_small_to_hold_the_search_gives_up_instead_of_going_round():
    # collected down to half of 1,000 entries again and again, df-pn would forget most
    # of what it searched each time: it stops, long before the time budget
    problem = read_sgf(RABBITY_SIX_SIDE)[0]
    result = solve(problem, SearchParams(max_nodes=0, max_seconds=20.0,
                                         max_table_entries=1000))
    assert result.verdict == "unknown" and result.stop_reason == "memory budget"
    assert result.seconds < 5.0


def test_a_proof_too_large_to_keep_is_not_extracted_and_the_result_says_why():
    problem = read_sgf(RABBITY_SIX_SIDE)[0]
    result = solve(problem, SearchParams(max_nodes=0, max_seconds=20.0, max_proof_nodes=50))
    assert result.verdict == "unknown" and result.proof is None
    assert "more than 50 nodes" in result.stop_reason
    # the search did decide: the result says what it found, unproven (the problem's
    # expectation: Black to play kills the rabbity six on the side)
    assert result.decided == "dies"


@pytest.mark.parametrize("stop", ["cancelled", "time budget"])
def test_building_the_proof_of_a_proven_root_stops_at_a_cancel_or_the_deadline(stop):
    # extraction searches no node, but a large proof takes seconds to build (enclosed-dev
    # gop/5194 W came back open 8-16 s past its 30-s budget): it reads the cancel flag
    # and the clock as the search does
    problem = read_sgf(RABBITY_SIX_SIDE)[0]
    board = problem.to_board()
    core = DfpnCore(board, problem.defender, GOAL_CODES[problem.goal], problem.crucial,
                    problem.region, SearchControl(0, 20.0))
    status, _ = core.solve(SearchControl(0, 20.0), False)      # the status, no proof yet
    assert status == "loss"
    control = SearchControl(0, 0.0 if stop == "cancelled" else 1e-9)
    if stop == "cancelled":
        control.cancel()
    assert core.solve(control, True) == ("unknown", None)
    assert core.stop_reason == stop
    assert core.decided == "loss"       # what the search found, with no tree for it
    # what was built before the stop is kept, and the next call builds the whole proof
    status, result = core.solve(SearchControl(0, 20.0), True)
    assert status == "loss" and core.stop_reason is None and core.decided == ""
    proof = Proof(problem=problem, to_play=problem.to_play, winning_moves=[],
                  root=to_proof_tree(result, problem.to_board(), problem))
    report = verify(proof)
    assert report.passed, report.errors


# White's straight four in the corner (eye space A1 B1 C1 D1): alive, but not yet
# unconditionally: a black move inside gets the answer that makes two eyes.
STRAIGHT_FOUR = """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    X X X X X X .
    O O O O O X .
    * * * * O X .
"""


def test_a_tenuki_is_a_first_move_pass_that_does_not_count_toward_the_game_end():
    # goal live: after White's pass Black passes back and the game is over with White
    # short of unconditional life; after a tenuki play goes on, and White answers
    # whatever Black tries with two eyes.  Searched in the position's core, the tenuki
    # gives what a search rooted after it gives, with a proof the verifier passes.
    problem = problem_from(STRAIGHT_FOUR, 7, crucial="A2", goal="live")
    core = DfpnCore(problem.to_board(), problem.defender, GOAL_CODES["live"],
                    problem.crucial, problem.region, SearchControl(0, 20.0))
    assert core.solve_move(PASS, SearchControl(0, 20.0), False)[0] == "loss"
    status, result = core.solve_move(PASS, SearchControl(0, 20.0), True, tenuki=True)
    assert status == "win"
    after = problem.after(PASS).derived(previous_pass=False)    # a tenuki: no pass counted
    assert solved(after).verdict == "lives"
    proof = Proof(problem=after, to_play=after.to_play, winning_moves=[],
                  root=to_proof_tree(result, after.to_board(), after))
    report = verify(proof)
    assert report.passed, report.errors
    with pytest.raises(ValueError, match="only a pass"):
        core.solve_move(coords.from_gtp("B1", 7), SearchControl(0, 20.0), tenuki=True)


@pytest.mark.parametrize("to_play", [BLACK, WHITE])
def test_extraction_reuses_a_subtree_whose_stone_count_meets_the_line_but_no_position(
        to_play):
    # in the J group a subtree built on one line is met again on another where one of the
    # stone counts its moves leave is a count of the line (a capture brought it back), but
    # none of the positions: extraction reuses it (s63: half of a large proof's steps went
    # into building such subtrees again), and the proof it makes passes the verifier
    problem = read_sgf(BUNDLED / "corner" / "j-group.sgf")[0]
    board = problem.to_board()
    board.to_play = to_play
    core = DfpnCore(board, problem.defender, GOAL_CODES[problem.goal], problem.crucial,
                    problem.region, SearchControl(0, 20.0))
    status, result = core.solve(SearchControl(0, 20.0), True)
    assert core.reused_off_line > 0
    proof = Proof(problem=problem, to_play=to_play, winning_moves=[],
                  root=to_proof_tree(result, board, problem))
    report = verify(proof)
    assert report.passed, report.errors
    assert proof.root.won == (status == "win") == (to_play == problem.defender)


def test_a_node_leaves_the_positions_of_its_legal_moves_and_a_win_its_move_alone():
    # extraction's test that superko forbids nothing new in a subtree on another line reads
    # the positions its moves leave: at a loss, those of every legal move (Board.play's
    # own hashes), none for the retake the ko forbids; at a win, its winning move's alone,
    # and none for a pass, which superko never forbids
    board = Board(5)
    for name in ("B5", "C5", "A4", "D4", "B3", "C3", "C4"):    # Black, White in turn
        board.play(coords.from_gtp(name, 5))
    board.play(coords.from_gtp("B4", 5))                       # White takes C4: a ko
    assert board.illegal_reason(coords.from_gtp("C4", 5)) == "ko"
    core = DfpnCore(board, WHITE, GOAL_CODES["survive"], {coords.from_gtp("B4", 5)},
                    set(), SearchControl(0, 1.0))
    empty = [p for p in coords.all_locs(5) if board.color_at(p) == EMPTY]
    played = []
    for p in empty:
        if board.is_legal(p):
            after = board.copy()
            after.play(p)
            played.append(after.hash)
    assert len(played) == len(empty) - 1       # all but the retake
    assert core.hashes_left(whole_board=True) == sorted(set(played))
    d5 = coords.from_gtp("D5", 5)
    after = board.copy()
    after.play(d5)
    assert core.hashes_left(best=d5) == [after.hash]
    assert core.hashes_left(best=PASS) == []


def test_a_stone_more_moves_every_stone_count_to_its_own_bit():
    # extraction keeps (black, white) stone counts as bits, the root's counts nearest
    # bit 0; a cover by the pass stands for lines with one more stone of the mover, so
    # its counts are moved one stone (``DfpnCore.shift_counts``).  Every count within
    # the encoded span must land on the bit of its neighbour, either colour
    problem = read_sgf(RABBITY_SIX_SIDE)[0]
    board = problem.to_board()
    core = DfpnCore(board, problem.defender, GOAL_CODES[problem.goal], problem.crucial,
                    problem.region, SearchControl(0, 0.0))
    black, white = board.stone_counts()
    for db in range(-64, 63):
        for dw in range(-64, 63):
            assert core.shift_agrees(black + db, white + dw, BLACK), (db, dw)
            assert core.shift_agrees(black + db, white + dw, WHITE), (db, dw)


def test_prover_hash_sets_unite_as_sets_up_to_their_cap():
    # extraction keeps the hashes of a subtree's prover positions as sorted arrays of
    # distinct hashes, merged; past a cap (MAX_PROVER_HASHES) a set stands for "too many" (None),
    # and a union with too many is too many.  Python's sets say what a union is
    import random

    from engine_cy.dfpn import PROVER_HASH_CAP, prover_hash_union
    rng = random.Random(59)
    top = (1 << 64) - 1
    for size_a, size_b, span in [(0, 0, top), (1, 0, top), (0, 5, top), (40, 60, 80),
                                 (300, 300, top), (700, 700, 1000), (1024, 1024, 1024),
                                 (1024, 1, top), (600, 600, top)]:
        a = [rng.randint(0, span) for _ in range(size_a)]
        b = [rng.randint(0, span) for _ in range(size_b)] + a[:size_b // 3]
        union = sorted(set(a) | set(b))
        want = union if len(union) <= PROVER_HASH_CAP else None
        assert prover_hash_union(a, b) == want, (size_a, size_b, span)
        assert prover_hash_union(b, a) == want
    assert prover_hash_union(None, [1, 2]) is None and prover_hash_union([3], None) is None
    assert prover_hash_union([top, 0, top], []) == [0, top]


def test_many_hash_sets_unite_at_once_as_sets_up_to_a_cap():
    # an inner node unites its children's sets in one go (merged pairwise in rounds): the
    # union is Python's, whatever the number of sets, odd or even, empty ones among them;
    # more than the cap, or any set that stands for too many, is too many
    import random

    from engine_cy.dfpn import hash_union_of
    rng = random.Random(63)
    top = (1 << 64) - 1
    for count in range(0, 12):
        for span in (top, 300):
            sets = [[rng.randint(0, span) for _ in range(rng.choice([0, 1, 5, 60]))]
                    for _ in range(count)]
            union = sorted(set().union(*sets))
            for most in {len(union), max(len(union) - 1, 0), 1024}:
                want = union if len(union) <= most else None
                assert hash_union_of(sets, most) == want, (count, span, most)
    assert hash_union_of([[1], None, [2]], 1024) is None
    assert hash_union_of([[], [top, 0, top]], 1024) == [0, top]
    # one set over the cap is too many, alone or with others (a cut line's may be)
    assert hash_union_of([[1, 2, 3]], 2) is None
    assert hash_union_of([[], [1, 2, 3], []], 2) is None


@pytest.mark.parametrize("algorithm", ["dfs", "mcts"])
def test_a_cancel_while_the_proof_tree_is_built_gives_unknown(monkeypatch, algorithm):
    """Turning the search's records into a proof tree takes seconds on a large proof: a
    cancel then ends it too (the board as it was), and the result says so."""
    from tsumego_gui.search import dfs, mcts, results
    module = dfs if algorithm == "dfs" else mcts
    real, flag, boards = results.to_proof_tree, [], []

    def cancel_while_converting(result, board, problem, *args, **kwargs):
        flag.append(True)
        boards.append((board, board.hash))
        return real(result, board, problem, *args, **kwargs)

    monkeypatch.setattr(module, "to_proof_tree", cancel_while_converting)
    monkeypatch.setattr(results, "STOP_EVERY", 4)       # the proof has fewer than 1024 nodes
    problem = read_sgf(RABBITY_SIX_SIDE)[0]
    params = SearchParams(max_nodes=0, max_seconds=20.0) if algorithm == "dfs" else None
    result = module.solve(problem, params, cancelled=lambda: bool(flag))
    assert flag and result.verdict == "unknown" and result.proof is None
    assert result.stop_reason == "cancelled"
    assert all(board.hash == before for board, before in boards)


def test_progress_says_the_root_is_proven_and_counts_the_proof_being_built():
    # Black B1 kills the straight three; the last report comes after the proof is built
    seen = []
    problem = problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=BLACK)
    result = solve(problem, progress=seen.append)
    assert result.verdict == "dies"
    assert verify(result.proof).passed
    assert seen[-1].root_status == "dies"
    assert seen[-1].proof_nodes > 0


def test_cancellation_stops_the_search_and_progress_is_reported():
    problem = problem_from(OPEN, 9, crucial="E5")
    seen = []

    def progress(p):
        seen.append(p)

    calls = [0]

    def cancelled():
        calls[0] += 1
        return calls[0] > 40     # checked every 1024 nodes; progress comes every 16384

    result = solve(problem, SearchParams(max_nodes=0, max_seconds=30.0),
                   cancelled=cancelled, progress=progress)
    assert result.verdict == "unknown"
    assert result.stop_reason == "cancelled"
    assert result.seconds < 10
    assert seen and seen[-1].nodes > 0 and seen[-1].nodes_per_s > 0


def test_where_dfpn_gives_back_no_whole_tree_iterative_deepening_proves_it(monkeypatch):
    """df-pn's table may fail to give back a whole tree (a superko corner case): the
    iterative-deepening core then searches with what is left of the budgets."""
    from engine_cy.dfpn import ExtractionError
    from tsumego_gui.search import dfs

    class NoTree:
        nodes, depth = 7, 0

        def __init__(self, *args, **kwargs):
            pass

        def solve(self):
            raise ExtractionError("no whole tree")

        def release_memo(self, count):
            return 0

    monkeypatch.setattr(dfs, "DfpnCore", NoTree)
    problem = problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=WHITE)
    result = dfs.solve(problem, SearchParams(max_nodes=0, max_seconds=0))
    assert result.verdict == "lives" and result.proof.stats["solver"] == "id"
    assert result.nodes > NoTree.nodes
    assert verify(result.proof).passed
