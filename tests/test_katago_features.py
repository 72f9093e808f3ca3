"""KataGo's input planes (``nn.katago_features``, ``engine_cy.katago_inputs``).

* The four positions of ../shared/katago/reference, whose inputs KataGo itself dumped,
  encode to exactly those arrays (skipped when the data is absent).
* Komi, history and ladder planes on hand-made positions: every expected value is
  derived in the test from KataGo's rules (cited where used), not read from our code.
* The Cython ladder reader against the plain Python one (``tests/katago_ladder_reference``)
  on random positions.
"""

import random
from pathlib import Path

import numpy as np
import pytest
from sgfmill import sgf

from engine_cy import katago_inputs as ki
from engine_cy.board import BLACK, PASS, WHITE, Board, zobrist_white_to_play
from tests import katago_ladder_reference as reference
from tsumego_gui.core import coords
from tsumego_gui.core.diagram import parse_diagram
from tsumego_gui.core.problem import Problem
from tsumego_gui.nn import katago_features as kf

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "katago" / "reference"
needs_reference = pytest.mark.skipif(not SHARED.is_dir(),
                                     reason=f"KataGo's reference inputs are absent ({SHARED})")


def gtp(*names, size=19):
    return [coords.from_gtp(n, size) for n in names]


def points(plane, size):
    """The GTP names of the points set on a plane, sorted."""
    return sorted(coords.to_gtp(coords.to_loc(r, c, size), size)
                  for r, c in zip(*np.nonzero(plane), strict=True))


def board_from_sgf(path):
    """The SGF's set-up position on an engine Board, its PL[] to move (sgfmill directly,
    so the check does not depend on our problem reader)."""
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    size = game.get_size()
    root = game.get_root()
    board = Board(size, WHITE if root.get("PL") == "w" else BLACK)
    black, white, _ = root.get_setup_stones()
    for color, stones in ((BLACK, black), (WHITE, white)):
        for point in stones:
            board.set_stone(coords.from_sgfmill(point, size), color)
    return board


def reference_arrays(name):
    data = np.load(SHARED / name)
    return data["spatial"], data["global_"]


def assert_same_inputs(ours, theirs):
    (spatial, global_), (ref_spatial, ref_global) = ours, theirs
    assert spatial.dtype == ref_spatial.dtype == np.float32
    assert spatial.shape == ref_spatial.shape
    bad = [i for i in range(spatial.shape[0]) if not np.array_equal(spatial[i], ref_spatial[i])]
    assert not bad, f"spatial planes {bad} differ"
    assert np.array_equal(global_, ref_global), f"{global_.tolist()} != {ref_global.tolist()}"


# --- (a) KataGo's own dumps ------------------------------------------------------------

@needs_reference
def test_empty_board_tromp_taylor():
    board = Board(19)
    ours = kf.encode_katago(board, kf.TROMP_TAYLOR, 7.5, kf.history_from_moves(board, []))
    assert_same_inputs(ours, reference_arrays("rawnn_inputs_1_19x19_empty_trompTaylor_komi7.5.npz"))


@needs_reference
@pytest.mark.parametrize("sgf_name, npz", [
    ("tsumego19.sgf", "rawnn_inputs_2_19x19_tsumego_japanese_komi6.5.npz"),
    ("tsumego9.sgf", "rawnn_inputs_3_9x9_tsumego_japanese_komi6.5.npz"),
])
def test_set_up_tsumego_japanese(sgf_name, npz):
    board = board_from_sgf(SHARED / sgf_name)
    ours = kf.encode_katago(board, kf.rules_named("japanese"), 6.5,
                            kf.history_from_moves(board, []))
    assert_same_inputs(ours, reference_arrays(npz))


@needs_reference
def test_ko_fight_reached_by_moves_tromp_taylor():
    commands = (SHARED / "gtp-commands.txt").read_text().splitlines()
    start = commands.index("clear_board", commands.index("loadsgf tsumego9.sgf"))
    moves = []
    for line in commands[start:]:
        if line.startswith("play "):
            _, color, vertex = line.split()
            moves.append(({"b": BLACK, "w": WHITE}[color], coords.from_gtp(vertex, 19)))
    assert len(moves) == 9
    root = Board(19)
    board = root.copy()
    for _, loc in moves:
        board.play(loc)
    ours = kf.encode_katago(board, kf.rules_named("tromp-taylor"), 7.5,
                            kf.history_from_moves(root, moves))
    assert_same_inputs(ours, reference_arrays(
        "rawnn_inputs_4_19x19_kofight_history_trompTaylor_komi7.5.npz"))


# --- (b) komi ----------------------------------------------------------------------------

CAPTURE_ROOT = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . O . . . .
    . . . O X O . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
"""


def test_territory_komi_counts_stones_placed_not_stones_on_the_board():
    # KataGo (BoardHistory::clear, makeBoardMoveAssumeLegal), territory scoring: White's
    # komi gains (black stones - white stones) of a set-up root, +1 for each black move
    # on a point and -1 for each white one since; captures change nothing after the root.
    root = parse_diagram(CAPTURE_ROOT, size=9)                 # Black 1 stone, White 3
    line = gtp("A1", "E4", size=9)                              # Black A1; White E4 takes E5
    komi_inputs = []
    board = root.copy()
    for k in range(len(line) + 1):
        history = kf.history_from_moves(root, line[:k])
        komi_inputs.append(kf.encode_katago(board, kf.JAPANESE, 6.5, history)[1][5])
        if k < len(line):
            board.play(line[k])
    assert board.captures(WHITE) == 1 and board.color_at(gtp("E5", size=9)[0]) == 0
    # root, Black to move: White's komi 6.5 + (1 - 3) = 4.5, seen by Black: -4.5 / 20
    # after Black A1, White to move: 4.5 + 1 = 5.5 -> +5.5 / 20
    # after White E4 (a capture), Black to move: 5.5 - 1 = 4.5 -> -4.5 / 20, although
    # the board now has 1 black and 4 white stones
    assert komi_inputs == [np.float32(-4.5) / 20, np.float32(5.5) / 20, np.float32(-4.5) / 20]
    # A root reached by play counts the stones captured too: 1 - 4 + 1 white stone lost
    # minus 0 black ones = -2, the same balance as the line above.
    assert kf.history_from_moves(board, []).stone_balance == -2
    # area scoring: no adjustment at all
    assert kf.encode_katago(board, kf.CHINESE, 7.5, kf.history_from_moves(root, line))[1][5] \
        == np.float32(-7.5) / 20


def test_handicap_bonus_and_komi_wave():
    # KataGo's computeWhiteHandicapBonus: a root with no white stone and N >= 2 black ones
    # has N handicap stones; "N" adds N to White's komi, "N-1" adds N - 1.
    root = parse_diagram("""
        . . . . . . . . .
        . . . . . . . . .
        . . X . . . X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X . . . . . .
        . . . . . . . . .
        . . . . . . . . .
    """, size=9, to_play=WHITE)
    history = kf.history_from_moves(root, [])
    assert history.handicap == 3
    _, chinese = kf.encode_katago(root, kf.CHINESE, 7.5, history)
    _, aga = kf.encode_katago(root, kf.rules_named("aga"), 7.5, history)
    _, zero = kf.encode_katago(root, kf.TROMP_TAYLOR, 7.5, history)
    assert chinese[5] == np.float32(10.5) / 20 and aga[5] == np.float32(9.5) / 20
    assert zero[5] == np.float32(7.5) / 20
    # The parity wave (area scoring): 81 points is odd, so drawable komis are odd; White's
    # komi 10.5 lies 1.5 above 9, where the wave is 1.5 - 2 = -0.5; 9.5 lies 0.5 above
    # 9: 1 - 0.5 = 0.5; 7.5 lies 0.5 above 7: 0.5.
    assert (chinese[18], aga[18], zero[18]) == (-0.5, 0.5, 0.5)
    # On 8x8 (64 points, even) drawable komis are even: Black's view of 7.5 is -7.5,
    # 0.5 above -8: wave 0.5.
    assert kf.encode_katago(Board(8), kf.TROMP_TAYLOR, 7.5)[1][18] == 0.5


def test_button_takes_half_a_point_and_a_pass():
    # KataGo's button (aga-button): the first pass takes it, moves half a point of komi
    # towards the passer and does not count towards ending the game.
    rules = kf.rules_named("aga-button")
    root = Board(9)
    _, at_root = kf.encode_katago(root, rules, 7.0, kf.history_from_moves(root, []))
    assert at_root[17] == 1 and at_root[5] == np.float32(-7.0) / 20
    board = root.copy()
    board.play(PASS)                                          # Black takes the button
    _, after_one = kf.encode_katago(board, rules, 7.0, kf.history_from_moves(root, [PASS]))
    assert after_one[17] == 0 and after_one[0] == 1           # the pass is shown ...
    assert after_one[14] == 0                                 # ... but a second one ends nothing
    assert after_one[5] == np.float32(7.0 - 0.5) / 20         # White to move
    board.play(PASS)
    _, after_two = kf.encode_katago(board, rules, 7.0, kf.history_from_moves(root, [PASS, PASS]))
    assert after_two[14] == 1 and after_two[0] == after_two[1] == 1


# --- (d) history planes ------------------------------------------------------------------

def test_recent_moves_passes_and_turn_order():
    # KataGo (fillRowV7): history move k (newest first) is shown while the moves alternate
    # back from the opponent's; a pass sets global k instead of a point.
    root = Board(9)
    line = [(BLACK, gtp("D4", size=9)[0]), (WHITE, PASS), (BLACK, gtp("C3", size=9)[0]),
            (WHITE, gtp("F6", size=9)[0]), (BLACK, PASS), (WHITE, gtp("E5", size=9)[0])]
    board = root.copy()
    for _, loc in line:
        board.play(loc)
    history = kf.history_from_moves(root, line)
    assert len(history.moves) == kf.HISTORY_MOVES              # only the last five are kept
    spatial, global_ = kf.encode_katago(board, kf.JAPANESE, 6.5, history)
    # Black to move: W E5, B pass, W F6, B C3, W pass (B D4 is the sixth move back)
    assert [points(spatial[9 + k], 9) for k in range(5)] == [["E5"], [], ["F6"], ["C3"], []]
    assert global_[:5].tolist() == [0, 1, 0, 0, 1]
    assert global_[14] == 0                                   # the last move was no pass


def test_moves_out_of_turn_stop_the_history():
    # White moves twice in a row: the older white move is not shown, nor anything before it.
    root = Board(9)
    line = [(BLACK, gtp("D4", size=9)[0]), (WHITE, gtp("E5", size=9)[0]),
            (WHITE, gtp("F6", size=9)[0])]
    board = root.copy()
    for color, loc in line:
        board.to_play = color
        board.play(loc)
    spatial, _ = kf.encode_katago(board, kf.JAPANESE, 6.5, kf.history_from_moves(root, line))
    assert [points(spatial[9 + k], 9) for k in range(5)] == [["F6"], [], [], [], []]
    # the side to move moved last: nothing at all
    board.to_play = WHITE
    spatial, _ = kf.encode_katago(board, kf.JAPANESE, 6.5, kf.history_from_moves(root, line))
    assert not spatial[9:14].any()


def test_pass_that_ends_the_game():
    root = Board(9)
    board = root.copy()
    board.play(gtp("E5", size=9)[0])
    board.play(PASS)
    history = kf.history_from_moves(root, [gtp("E5", size=9)[0], PASS])
    for rules in (kf.JAPANESE, kf.TROMP_TAYLOR):
        _, global_ = kf.encode_katago(board, rules, 7.5, history)
        assert global_[0] == 1 and global_[14] == 1           # one more pass ends the phase
    board.play(PASS)
    history = kf.history_from_moves(root, [gtp("E5", size=9)[0], PASS, PASS])
    # area scoring: the game is over and KataGo hides the history
    spatial, global_ = kf.encode_katago(board, kf.TROMP_TAYLOR, 7.5, history)
    assert not spatial[9:14].any() and not global_[:5].any() and global_[14] == 0
    # territory scoring: the encore begins (phase 1, a fresh history)
    spatial, global_ = kf.encode_katago(board, kf.JAPANESE, 6.5, history)
    assert global_[12] == 1 and global_[13] == 0 and not global_[:5].any()
    assert not spatial[9:14].any()


def test_previous_pass_of_a_problem_root():
    # Problem.to_board() plays the previous pass on the board: the history starts with it.
    root = Board(9)
    root.play(PASS)                                           # Black passed, White to move
    history = kf.history_from_moves(root, [])
    assert history.moves == ((BLACK, PASS),)
    _, global_ = kf.encode_katago(root, kf.TROMP_TAYLOR, 7.5, history)
    assert global_[0] == 1 and global_[14] == 1


def test_history_after_a_problem():
    # the search's view: a problem (here with a previous pass) and the line from it
    problem = Problem.create(9, gtp("E5", size=9), gtp("D5", "F5", "E6", size=9),
                             to_play=WHITE, defender=BLACK, previous_pass=True)
    history = kf.history_after(problem, gtp("E4", size=9), BLACK)
    # Black's pass before the root, then White E4 (taking E5): 1 - 3 stones, -1
    assert history.moves == ((BLACK, PASS), (WHITE, gtp("E4", size=9)[0]))
    assert history.stone_balance == -3 and len(history.passes) == 1
    # a search of the same problem with Black to move first: the line's move is Black's
    other = kf.history_after(problem, gtp("E4", size=9), WHITE)
    assert other.moves[-1] == (BLACK, gtp("E4", size=9)[0])


def test_incremental_history_equals_replay():
    root = parse_diagram(CAPTURE_ROOT, size=9)
    line = gtp("A1", "E4", "B1", "D6", size=9) + [PASS, gtp("J9", size=9)[0]]
    history = kf.history_from_moves(root, [])
    board = root.copy()
    for loc in line:
        history = history.after(board, loc)
        board.play(loc)
    assert history == kf.history_from_moves(root, line)
    # root 1 - 3; Black A1, B1 +2; White E4, D6, J9 -3; Black's pass 0
    assert history.stone_balance == (1 - 3) + 2 - 3 and len(history.passes) == 1


# --- (c) ladders -------------------------------------------------------------------------

# White's stones C5, D6, E5, E4 leave Black D5 one liberty (D4).  Black D4 gets two
# (C4, D3); White keeps taking one of them and Black's chain runs down the diagonal
# towards A1, never with three: captured.
LADDER = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . O . . . . .
    . . O X O . . . .
    . . . . O . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
"""
# The same with a black stone on that diagonal (C3): the running chain reaches it and
# gets three liberties, whichever way White chases.
BROKEN_LADDER = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . O . . . . .
    . . O X O . . . .
    . . . . O . . . .
    . . X . . . . . .
    . . . . . . . . .
    . . . . . . . . .
"""
# Black D5 with two liberties (E5, D4) and the breaker on C3.  White E5 makes Black run
# down-left into C3 (escapes); White D4 makes it run up-right (E5, then E6/F5 ...) where
# nothing of Black's waits: D4 is White's one working move.
TWO_LIBERTIES = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . O . . . . .
    . . O X . . . . .
    . . . . O . . . .
    . . X . . . . . .
    . . . . . . . . .
    . . . . . . . . .
"""


def ladder_inputs(diagram, to_play):
    board = parse_diagram(diagram, size=9, to_play=to_play)
    spatial, _ = kf.encode_katago(board, kf.JAPANESE, 6.5, kf.history_from_moves(board, []))
    return [points(spatial[p], 9) for p in (14, 15, 16, 17)]


def test_working_ladder():
    # no history: planes 15/16 read the current position too (KataGo's fallback)
    assert ladder_inputs(LADDER, WHITE) == [["D5"], ["D5"], ["D5"], []]


def test_broken_ladder():
    assert ladder_inputs(BROKEN_LADDER, WHITE) == [[], [], [], []]


def test_two_liberty_chain_and_working_move():
    # the chain can be laddered (plane 14); plane 17 shows the side to move's working
    # move against the opponent's chain, so only with White to move
    assert ladder_inputs(TWO_LIBERTIES, WHITE) == [["D5"], ["D5"], ["D5"], ["D4"]]
    assert ladder_inputs(TWO_LIBERTIES, BLACK) == [["D5"], ["D5"], ["D5"], []]


def test_ladder_planes_of_earlier_positions():
    # White G7, then Black breaks the ladder with C3: the two positions before had it
    root = parse_diagram(LADDER, size=9, to_play=WHITE)
    line = gtp("G7", "C3", size=9)
    board = root.copy()
    for loc in line:
        board.play(loc)
    spatial, _ = kf.encode_katago(board, kf.JAPANESE, 6.5, kf.history_from_moves(root, line))
    assert [points(spatial[p], 9) for p in (14, 15, 16)] == [[], ["D5"], ["D5"]]
    # Black breaks it and moves again: only the last move is in turn, so plane 16 repeats
    # plane 15 (the position after C3) instead of showing the root's ladder
    root.to_play = BLACK
    twice = [(BLACK, gtp("C3", size=9)[0]), (BLACK, gtp("G7", size=9)[0])]
    board = root.copy()
    for color, loc in twice:
        board.to_play = color
        board.play(loc)
    spatial, _ = kf.encode_katago(board, kf.JAPANESE, 6.5, kf.history_from_moves(root, twice))
    assert [points(spatial[p], 9) for p in (14, 15, 16)] == [[], [], []]


def random_position(rng, size, n_moves):
    board = Board(size)
    for _ in range(n_moves):
        legal = board.legal_moves()
        board.play(rng.choice(legal) if legal else PASS)
    return board


def test_ladder_reader_matches_the_reference():
    rng = random.Random(20240611)
    chains = laddered = working = 0
    for _ in range(120):
        size = rng.choice([5, 7, 9, 9, 13])
        board = random_position(rng, size, rng.randint(size, size * size))
        rows = ki.board_rows(board)
        ours = ki.ladder_results(rows, size, board.ko_loc)
        theirs = reference.iter_ladders(reference.Position.from_rows(rows, size, board.ko_loc))
        assert ours == theirs, f"\n{board.colors()}\nko {board.ko_loc}"
        chains += len(ours)
        laddered += sum(r[2] for r in ours)
        working += sum(bool(r[3]) for r in ours)
    # the sample exercises every kind of answer
    assert chains > 500 and 0.2 < laddered / chains < 0.8 and working > 100


def test_ladder_planes_match_the_reference():
    rng = random.Random(7)
    for _ in range(30):
        board = random_position(rng, 9, rng.randint(20, 60))
        rows = ki.board_rows(board)
        results = reference.iter_ladders(reference.Position.from_rows(rows, 9, board.ko_loc))
        mover = board.to_play
        spatial, _ = kf.encode_katago(board, kf.JAPANESE, 6.5, kf.history_from_moves(board, []))
        expected = np.zeros((9, 9), np.float32)
        expected_work = np.zeros((9, 9), np.float32)
        for first, _, captured, moves in results:
            if captured:
                for stone in board.chain(first):
                    expected[coords.from_loc(stone, 9)] = 1
            if board.color_at(first) != mover:
                for m in moves:
                    expected_work[coords.from_loc(m, 9)] = 1
        assert np.array_equal(spatial[14], expected)
        assert np.array_equal(spatial[17], expected_work)


# --- other planes --------------------------------------------------------------------------

def test_liberty_planes_and_own_stones():
    board = parse_diagram(CAPTURE_ROOT, size=9, to_play=WHITE)
    spatial, _ = kf.encode_katago(board, kf.JAPANESE, 6.5)
    assert points(spatial[1], 9) == ["D5", "E6", "F5"]        # White's, White to move
    assert points(spatial[2], 9) == ["E5"]
    assert points(spatial[3], 9) == ["E5"]                     # in atari (E4)
    assert points(spatial[4], 9) == []
    assert points(spatial[5], 9) == ["D5", "E6", "F5"]        # three liberties each


def test_area_planes():
    # Black's wall with three one-point eyes is pass-alive (Benson): its stones and eyes
    # are Black's area; White's lone stone is not pass-alive and the empty points around
    # it hold a white stone, so only that stone counts (as a stone).  With a tax (stone
    # scoring) Black's area touches neutral points: it counts as seki, keeps its stones
    # and loses its eyes.
    diagram = """
        . X . X .
        X X X X X
        . . . . .
        . . O . .
        . . . . .
    """
    board = parse_diagram(diagram, size=5, to_play=BLACK)
    stones = ["A4", "B4", "B5", "C4", "D4", "D5", "E4"]
    spatial, _ = kf.encode_katago(board, kf.CHINESE, 7.5)
    assert points(spatial[18], 5) == sorted(stones + ["A5", "C5", "E5"])
    assert points(spatial[19], 5) == ["C2"]
    spatial, _ = kf.encode_katago(board, kf.rules_named("stone-scoring"), 7.5)
    assert points(spatial[18], 5) == stones and points(spatial[19], 5) == ["C2"]
    spatial, _ = kf.encode_katago(board, kf.JAPANESE, 6.5)    # territory: no area planes
    assert not spatial[18:20].any()


def test_superko_bans_positional_and_situational():
    # Plane 6 under superko rules also marks KataGo's superKoBanned points: a move whose
    # result repeats a position on the path, stones only (positional) or stones and side
    # to move (situational).  Put such a position on the path by hand.
    board = parse_diagram(CAPTURE_ROOT, size=9, to_play=BLACK)
    move = gtp("G7", size=9)[0]
    after, _ = board.hash_and_ko_after(move)
    board.set_history([after ^ zobrist_white_to_play()])     # same stones, Black to move
    for rules, marked in ((kf.JAPANESE, []), (kf.TROMP_TAYLOR, ["G7"]),
                          (kf.rules_named("aga"), [])):
        assert points(kf.encode_katago(board, rules, 7.5)[0][6], 9) == marked
    board.set_history([after])                               # the very position: our Board
    assert board.illegal_reason(move) == "superko"           # forbids it as well
    for rules, marked in ((kf.JAPANESE, []), (kf.TROMP_TAYLOR, ["G7"]),
                          (kf.rules_named("aga"), ["G7"])):
        assert points(kf.encode_katago(board, rules, 7.5)[0][6], 9) == marked


def test_superko_ban_of_a_ko_capture_our_policy_forbids():
    # Our engine may forbid a side every ko capture; KataGo has no such rule, so plane 6
    # still says whether the capture would repeat a position (and nothing more).
    board = parse_diagram("""
        . . . . .
        . X O . .
        X O . O .
        . X O . .
        . . . . .
    """, size=5, to_play=BLACK)
    take = gtp("C3", size=5)[0]
    allowed = board.copy()
    after, _ = allowed.hash_and_ko_after(take)
    board.set_ko_capture_allowed(BLACK, False)
    assert board.illegal_reason(take) == "ko capture forbidden"
    assert not kf.encode_katago(board, kf.rules_named("aga"), 7.5)[0][6].any()
    board.set_history([after])
    assert points(kf.encode_katago(board, kf.rules_named("aga"), 7.5)[0][6], 5) == ["C3"]
    assert not kf.encode_katago(board, kf.JAPANESE, 6.5)[0][6].any()
    assert not board.ko_capture_allowed(BLACK)


# --- API -------------------------------------------------------------------------------------

def test_batch_equals_single_encodings():
    rng = random.Random(3)
    root = Board(9)
    boards, histories = [], []
    for _ in range(6):
        line = []
        board = root.copy()
        for _ in range(rng.randint(0, 30)):
            loc = rng.choice(board.legal_moves() + [PASS])
            if loc == PASS and board.consecutive_passes:
                continue
            line.append(loc)
            board.play(loc)
        boards.append(board)
        histories.append(kf.history_from_moves(root, line))
    spatial = np.full((8, kf.NUM_SPATIAL, 9, 9), 7, np.float32)
    global_ = np.full((8, kf.NUM_GLOBAL), 7, np.float32)
    kf.encode_katago_batch(boards, kf.TROMP_TAYLOR, 7.5, histories, spatial, global_)
    for i, (board, history) in enumerate(zip(boards, histories, strict=True)):
        s, g = kf.encode_katago(board, kf.TROMP_TAYLOR, 7.5, history)
        assert np.array_equal(spatial[i], s) and np.array_equal(global_[i], g)
    assert (spatial[6:] == 7).all() and (global_[6:] == 7).all()


def test_rules_presets_and_validation():
    assert kf.rules_named("Japanese") == kf.rules_named("korean") == kf.JAPANESE
    assert kf.rules_named("tromp_taylor") == kf.TROMP_TAYLOR
    assert kf.preset_komi("japanese") == 6.5 and kf.preset_komi("aga-button") == 7.0
    with pytest.raises(ValueError):
        kf.rules_named("spight")
    with pytest.raises(ValueError):
        kf.KataGoRules(ko="spight")
    board = Board(9)
    with pytest.raises(ValueError):
        kf.encode_katago(board, kf.JAPANESE, float("nan"))
    with pytest.raises(ValueError):
        kf.encode_katago(board, kf.JAPANESE, 6.5, out_spatial=np.zeros((22, 19, 19), np.float32))
    with pytest.raises(ValueError):
        kf.KataGoHistory(moves=((BLACK, PASS),))              # its past position is missing
    with pytest.raises(ValueError):
        kf.encode_katago(board, kf.JAPANESE, 6.5, kf.history_from_moves(Board(7), [PASS]))
