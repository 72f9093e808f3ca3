"""Golden rule tests, written as diagrams, run on both boards (reference and Cython engine).

Every expected answer below comes from the rules of Go as the engine defines
them (see ``engine_cy/board.pyi`` and ``core.reference_board``), worked out by
hand for the diagram next to it.
"""

import sys

import numpy as np
import pytest

from tsumego_gui.core import coords
from tsumego_gui.core.diagram import parse_diagram, render_diagram
from tsumego_gui.core.reference_board import BLACK, EMPTY, PASS, WHITE, ReferenceBoard

KO_SHAPE = """
    . . . . .
    . X O . .
    X O . O .
    . X O . .
    . . . . .
"""  # Black C3 captures B3 in a ko


def setup(board_class, text, to_play=BLACK, size=None):
    return parse_diagram(text, size=size, to_play=to_play, board_class=board_class)


def pt(board, name):
    return coords.from_gtp(name, board.size)


def play(board, *names):
    """Play GTP moves ("pass" too) in order; return the undo tokens."""
    return [board.play(pt(board, name)) for name in names]


def module_of(board):
    return sys.modules[type(board).__module__]


def assert_position(board, text):
    expected = parse_diagram(text, size=board.size, board_class=ReferenceBoard)
    assert render_diagram(board) == render_diagram(expected)


def state(board):
    """Everything undo must restore."""
    return (render_diagram(board), board.to_play, board.hash, board.ko_loc,
            board.captures(BLACK), board.captures(WHITE), board.consecutive_passes,
            board.history())


# --- captures --------------------------------------------------------------------------


def test_single_capture(board_class):
    board = setup(board_class, """
        . . . . .
        . . X . .
        . X O X .
        . . . . .
        . . . . .
    """)
    assert board.num_liberties(pt(board, "C3")) == 1
    assert board.liberties(pt(board, "C3")) == [pt(board, "C2")]
    play(board, "C2")
    assert_position(board, """
        . . . . .
        . . X . .
        . X . X .
        . . X . .
        . . . . .
    """)
    assert board.captures(BLACK) == 1 and board.captures(WHITE) == 0
    assert board.ko_loc == PASS  # C2 keeps three liberties: no ko
    assert board.to_play == WHITE


def test_capture_of_two_chains_at_once(board_class):
    board = setup(board_class, """
        X O . O X
        . X . X .
        . . . . .
        . . . . .
        . . . . .
    """)
    play(board, "C5")
    assert_position(board, """
        X . X . X
        . X . X .
        . . . . .
        . . . . .
        . . . . .
    """)
    assert board.captures(BLACK) == 2
    assert board.ko_loc == PASS  # two stones captured: not a ko
    assert board.liberties(pt(board, "C5")) == sorted(pt(board, p) for p in ("B5", "D5", "C4"))


def test_snapback(board_class):
    board = setup(board_class, """
        . . X O .
        X X X O .
        O O O O .
        . . . . .
        . . . . .
    """, to_play=WHITE)
    play(board, "B5")            # throw-in: one white stone in atari
    play(board, "A5")            # Black captures it ...
    assert board.captures(BLACK) == 1
    assert board.ko_loc == PASS  # A5 touches A4: not a ko capture
    assert board.liberties(pt(board, "A5")) == [pt(board, "B5")]
    assert board.chain(pt(board, "A5")) == sorted(
        pt(board, p) for p in ("A5", "C5", "A4", "B4", "C4"))
    assert board.illegal_reason(pt(board, "B5")) is None
    play(board, "B5")            # ... and White takes back five
    assert_position(board, """
        . O . O .
        . . . O .
        O O O O .
        . . . . .
        . . . . .
    """)
    assert board.captures(WHITE) == 5 and board.captures(BLACK) == 1
    assert board.ko_loc == PASS


# --- suicide -----------------------------------------------------------------------------


def test_single_stone_suicide_is_illegal(board_class, illegal_move_error):
    board = setup(board_class, """
        . O . . .
        O . . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    a5 = pt(board, "A5")
    assert board.illegal_reason(a5) == "suicide"
    assert not board.is_legal(a5)
    assert a5 not in board.legal_moves()
    before = state(board)
    with pytest.raises(illegal_move_error, match="suicide"):
        board.play(a5)
    assert state(board) == before
    board.to_play = WHITE
    assert board.illegal_reason(a5) is None  # White may fill its own eye


def test_multi_stone_suicide_is_illegal(board_class):
    board = setup(board_class, """
        . X O . .
        O O . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    assert board.illegal_reason(pt(board, "A5")) == "suicide"


def test_white_suicide_in_a_black_eye(board_class):
    board = setup(board_class, """
        . . . . .
        . . X . .
        . X . X .
        . . X . .
        . . . . .
    """, to_play=WHITE)
    assert board.illegal_reason(pt(board, "C3")) == "suicide"
    assert board.illegal_reason(pt(board, "D2")) is None


def test_capture_instead_of_suicide_is_legal(board_class):
    board = setup(board_class, """
        . O O X .
        O X X . .
        . . . . .
        . . . . .
        . . . . .
    """)
    assert board.illegal_reason(pt(board, "A5")) is None
    play(board, "A5")
    assert_position(board, """
        X . . X .
        O X X . .
        . . . . .
        . . . . .
        . . . . .
    """)
    assert board.captures(BLACK) == 2
    assert board.ko_loc == PASS


# --- ko ------------------------------------------------------------------------------------


def test_simple_ko(board_class):
    board = setup(board_class, KO_SHAPE)
    play(board, "C3")
    assert_position(board, """
        . . . . .
        . X O . .
        X . X O .
        . X O . .
        . . . . .
    """)
    assert board.captures(BLACK) == 1
    assert board.ko_loc == pt(board, "B3")
    assert board.illegal_reason(pt(board, "B3")) == "ko"
    assert pt(board, "B3") not in board.legal_moves()
    play(board, "E1", "E5")      # ko threat and answer
    assert board.ko_loc == PASS
    assert board.illegal_reason(pt(board, "B3")) is None
    play(board, "B3")            # White retakes: now Black may not retake at once
    assert board.captures(WHITE) == 1
    assert board.ko_loc == pt(board, "C3")
    assert board.illegal_reason(pt(board, "C3")) == "ko"


def test_a_ko_threat_makes_the_retake_legal_and_is_spent(board_class):
    board = setup(board_class, KO_SHAPE)
    board.set_ko_threats(WHITE, 1)
    before = board.hash
    play(board, "C3")                      # Black takes the ko
    assert board.illegal_reason(pt(board, "B3")) is None    # White holds a threat
    play(board, "B3")                      # ... and retakes at once, spending it
    assert board.ko_threats(WHITE) == 0
    assert board.illegal_reason(pt(board, "C3")) == "ko"    # Black holds none
    board.set_ko_threats(BLACK, 2)
    play(board, "C3")
    assert board.ko_threats(BLACK) == 1
    assert board.illegal_reason(pt(board, "B3")) == "ko"
    assert board.hash != before            # the counts are part of the position


def test_a_side_that_may_not_capture_kos_cannot_retake_with_a_threat(board_class):
    board = setup(board_class, KO_SHAPE)
    board.set_ko_threats(WHITE, 3)
    board.set_ko_capture_allowed(WHITE, False)
    play(board, "C3")
    assert board.illegal_reason(pt(board, "B3")) == "ko"


def test_ko_threats_are_checked_and_hashed(board_class):
    board = board_class(5)
    empty = board.hash
    board.set_ko_threats(BLACK, 2)
    assert board.ko_threats(BLACK) == 2 and board.ko_threats(WHITE) == 0
    assert board.hash != empty and board.history()[-1] == board.hash
    board.set_ko_threats(BLACK, 0)
    assert board.hash == empty                # no threats: the hash of old
    for bad in (-1, 16, 1.5):
        with pytest.raises(ValueError):
            board.set_ko_threats(WHITE, bad)


def test_pass_clears_ko(board_class):
    board = setup(board_class, KO_SHAPE)
    play(board, "C3", "pass")
    assert board.ko_loc == PASS
    assert board.to_play == BLACK


def test_the_other_side_to_move_clears_ko_as_a_move_elsewhere_does(board_class):
    """Review s46: ``--to-play`` the other side kept the ban on the retake."""
    board = setup(board_class, KO_SHAPE)
    play(board, "C3")
    board.to_play = WHITE                   # the side already to move: the ban stays
    assert board.ko_loc == pt(board, "B3")
    board.to_play = BLACK
    assert board.ko_loc == PASS


def test_ko_capture_forbidden_flag(board_class):
    board = setup(board_class, KO_SHAPE)
    assert board.ko_capture_allowed(BLACK) and board.ko_capture_allowed(WHITE)
    board.set_ko_capture_allowed(BLACK, False)
    assert not board.ko_capture_allowed(BLACK)
    assert board.ko_capture_allowed(WHITE)
    assert board.illegal_reason(pt(board, "C3")) == "ko capture forbidden"
    board.set_ko_capture_allowed(BLACK, True)
    board.set_ko_capture_allowed(WHITE, False)
    play(board, "C3")
    assert board.illegal_reason(pt(board, "B3")) == "ko"  # ko comes before the flag
    play(board, "E1", "E5")
    assert board.illegal_reason(pt(board, "B3")) == "ko capture forbidden"


def test_forbidden_flag_leaves_other_captures_alone(board_class):
    board = setup(board_class, """
        . . . . .
        . . X . .
        . X O X .
        . . . . .
        . . . . .
    """)
    board.set_ko_capture_allowed(BLACK, False)
    assert board.illegal_reason(pt(board, "C2")) is None  # one stone, but C2 keeps liberties
    board = setup(board_class, """
        . O X O .
        X X X O .
        O O O O .
        . . . . .
        . . . . .
    """)
    board.set_ko_capture_allowed(BLACK, False)
    # A5 captures one stone and is left with one liberty, but it touches A4: not a ko
    assert board.illegal_reason(pt(board, "A5")) is None


# --- superko -----------------------------------------------------------------------------


def test_superko_cycle_on_2x2(board_class, illegal_move_error):
    board = board_class(2)
    play(board, "A2", "B1", "B2")
    play(board, "A1")            # White captures A2+B2
    assert_position(board, """
        . .
        O O
    """)
    play(board, "A2")
    play(board, "B2")            # White captures A2 (B2 touches B1: not a ko)
    assert_position(board, """
        . O
        O O
    """)
    assert board.ko_loc == PASS
    a2 = pt(board, "A2")
    # Capturing three would recreate "black A2, White to play" from move 1.
    assert board.illegal_reason(a2) == "superko"
    assert not board.is_legal(a2)
    assert board.legal_moves() == []
    with pytest.raises(illegal_move_error, match="superko"):
        board.play(a2)
    assert board.is_legal(PASS)


def test_ko_retake_after_two_passes_is_superko(board_class):
    board = setup(board_class, KO_SHAPE)
    play(board, "C3", "pass", "pass")
    assert board.ko_loc == PASS
    # White's retake would restore the starting position with Black to play.
    assert board.illegal_reason(pt(board, "B3")) == "superko"


def test_superko_against_set_history(board_class):
    m = module_of(board_class(3))
    board = board_class(3)
    b2 = pt(board, "B2")
    after_b2 = m.zobrist_key(BLACK, b2) ^ m.zobrist_white_to_play()
    board.set_history([after_b2])
    assert board.history() == [after_b2, board.hash]
    assert board.illegal_reason(b2) == "superko"
    assert board.illegal_reason(pt(board, "A1")) is None
    board.set_history([])
    assert board.history() == [board.hash]
    assert board.illegal_reason(b2) is None
    with pytest.raises(ValueError):
        board.set_history([-1])
    with pytest.raises(ValueError):
        board.set_history([2**64])


# --- passes, to_play, history ------------------------------------------------------------


def test_passes(board_class):
    board = board_class(5)
    wtp = module_of(board).zobrist_white_to_play()
    assert board.hash == 0 and board.history() == [0]
    assert board.illegal_reason(PASS) is None and board.is_legal(PASS)
    board.play(PASS)
    assert board.to_play == WHITE and board.consecutive_passes == 1
    assert board.hash == wtp and board.history() == [0, wtp]
    board.play(PASS)
    assert board.to_play == BLACK and board.consecutive_passes == 2
    assert board.hash == 0 and board.history() == [0, wtp, 0]  # passes are never superko
    play(board, "C3")
    assert board.consecutive_passes == 0
    play(board, "pass")
    assert board.consecutive_passes == 1
    assert board.captures(BLACK) == board.captures(WHITE) == 0


def test_to_play_setter(board_class):
    board = board_class(5)
    wtp = module_of(board).zobrist_white_to_play()
    board.to_play = WHITE
    assert board.to_play == WHITE and board.hash == wtp
    assert board.history() == [wtp]  # the path still ends with the current position
    board.to_play = BLACK
    assert board.hash == 0
    for bad in (0, 3, -1):
        with pytest.raises(ValueError):
            board.to_play = bad
    assert board_class(5, WHITE).hash == wtp
    with pytest.raises(ValueError):
        board_class(5, 3)


# --- hash --------------------------------------------------------------------------------


def splitmix64(count):
    """The key stream of the spec, written out independently of both boards."""
    state, out, mask = 0x7473756D65676F21, [], (1 << 64) - 1
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        out.append(z ^ (z >> 31))
    return out


def test_zobrist_keys_follow_the_spec(board_class):
    m = module_of(board_class(2))
    stream = splitmix64(2 * 441 + 1)
    for loc in (0, 1, 22, 100, 418, 440):
        assert m.zobrist_key(BLACK, loc) == stream[loc]
        assert m.zobrist_key(WHITE, loc) == stream[441 + loc]
    assert m.zobrist_white_to_play() == stream[882]
    for color, loc in ((EMPTY, 22), (3, 22), (BLACK, -1), (BLACK, 441)):
        with pytest.raises(ValueError):
            m.zobrist_key(color, loc)


def test_hash_is_the_xor_of_the_stones(board_class):
    board = setup(board_class, KO_SHAPE, to_play=WHITE)
    m = module_of(board)
    expected = m.zobrist_white_to_play()
    for loc in coords.all_locs(5):
        if board.color_at(loc) != EMPTY:
            expected ^= m.zobrist_key(board.color_at(loc), loc)
    assert board.hash == expected
    assert 0 <= board.hash < 2**64


def test_equal_positions_by_different_orders_have_equal_hashes(board_class):
    one, two = board_class(9), board_class(9)
    play(one, "C3", "D4", "E5", "F6", "G7", "B2")
    play(two, "G7", "F6", "C3", "B2", "E5", "D4")
    assert render_diagram(one) == render_diagram(two)
    assert one.hash == two.hash
    play(one, "pass")
    assert one.hash == two.hash ^ module_of(one).zobrist_white_to_play()


def test_hash_after_capture_equals_hash_of_set_up_position(board_class):
    board = setup(board_class, KO_SHAPE)
    play(board, "C3")
    direct = setup(board_class, """
        . . . . .
        . X O . .
        X . X O .
        . X O . .
        . . . . .
    """, to_play=WHITE)
    assert board.hash == direct.hash


# --- geometry and sizes ------------------------------------------------------------------


def test_liberties_at_corner_edge_and_centre(board_class):
    board = setup(board_class, """
        X . . . .
        . . . . .
        . . X . .
        . . . . .
        . . X . X
    """)
    libs = lambda name: [coords.to_gtp(p, 5) for p in board.liberties(pt(board, name))]  # noqa: E731
    assert sorted(libs("A5")) == ["A4", "B5"]
    assert sorted(libs("C1")) == ["B1", "C2", "D1"]
    assert sorted(libs("E1")) == ["D1", "E2"]
    assert sorted(libs("C3")) == ["B3", "C2", "C4", "D3"]
    assert board.num_liberties(pt(board, "C3")) == 4
    assert board.liberties(pt(board, "C3")) == sorted(board.liberties(pt(board, "C3")))


def test_corner_and_edge_captures(board_class):
    board = setup(board_class, """
        O X . . .
        . . . . .
        . . . . .
        X . . . .
        O O X . .
    """)
    play(board, "A4")            # corner stone: two liberties were enough to lose it
    assert board.color_at(pt(board, "A5")) == EMPTY
    board.to_play = BLACK
    play(board, "A3")            # not in contact: A1-B1 keeps its liberty B2
    assert board.color_at(pt(board, "A1")) == WHITE
    board.to_play = BLACK
    play(board, "B2")            # edge chain of two captured
    assert board.color_at(pt(board, "A1")) == EMPTY and board.color_at(pt(board, "B1")) == EMPTY
    assert board.captures(BLACK) == 3


@pytest.mark.parametrize("size", [2, 7, 9, 19])
def test_sizes(board_class, size):
    board = board_class(size)
    assert board.size == size
    colors = board.colors()
    assert colors.shape == (size, size) and colors.dtype == np.int8 and not colors.any()
    assert board.legal_moves() == coords.all_locs(size)
    # capture in each corner: a white stone, then Black takes its two liberties
    for r, c in ((0, 0), (0, size - 1), (size - 1, 0), (size - 1, size - 1)):
        board = board_class(size)
        corner = coords.to_loc(r, c, size)
        board.set_stone(corner, WHITE)
        first, second = coords.neighbours(corner, size)
        board.play(first)
        board.play(PASS)
        assert board.num_liberties(corner) == 1
        board.play(second)
        assert board.color_at(corner) == EMPTY
        assert board.captures(BLACK) == 1
    top_right = coords.to_loc(0, size - 1, size)
    board = board_class(size)
    board.play(top_right)
    assert board.colors()[0, size - 1] == BLACK
    assert coords.to_gtp(top_right, size) == coords.GTP_COLUMNS[size - 1] + str(size)


def test_2x2_whole_board_capture(board_class):
    board = board_class(2)
    play(board, "A1", "B2", "B1")  # black A1-B1 has one liberty left: A2
    assert board.liberties(pt(board, "A1")) == [pt(board, "A2")]
    play(board, "A2")              # White captures both; A2-B2 now has two liberties
    assert_position(board, """
        O O
        . .
    """)
    assert board.captures(WHITE) == 2
    assert board.num_liberties(pt(board, "A2")) == 2
    assert board.illegal_reason(pt(board, "A1")) is None


def test_19x19_far_corner(board_class):
    with pytest.raises(ValueError, match="white chain at T19"):
        setup(board_class, """
            . . . . . . . . . . . . . . . . . X O
            . . . . . . . . . . . . . . . . . . X
        """, size=19)
    board = setup(board_class, """
        . . . . . . . . . . . . . . . . . X O
        . . . . . . . . . . . . . . . . . . .
    """, size=19)
    assert board.liberties(pt(board, "T19")) == [pt(board, "T18")]
    play(board, "T18")
    assert board.color_at(pt(board, "T19")) == EMPTY
    assert board.captures(BLACK) == 1


# --- set_stone ---------------------------------------------------------------------------


def test_set_stone_rejects_a_chain_without_liberties(board_class):
    board = setup(board_class, """
        . O . . .
        O . . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    before = state(board)
    with pytest.raises(ValueError, match="the black chain at A5 would have no liberties"):
        board.set_stone(pt(board, "A5"), BLACK)
    assert state(board) == before


def test_set_stone_rejects_taking_the_last_liberty_of_the_other_colour(board_class):
    board = setup(board_class, """
        O X . . .
        . . . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    before = state(board)
    with pytest.raises(ValueError, match="the white chain at A5 would have no liberties"):
        board.set_stone(pt(board, "A4"), BLACK)
    assert state(board) == before
    board.set_stone(pt(board, "A4"), WHITE)  # joins A5 instead
    assert board.chain(pt(board, "A5")) == sorted([pt(board, "A5"), pt(board, "A4")])


def test_set_stone_edits_and_history(board_class):
    board = board_class(5)
    board.set_stone(pt(board, "C3"), BLACK)
    assert board.history() == [board.hash]
    play(board, "D4")
    assert len(board.history()) == 2
    first = board.history()[0]
    board.set_stone(pt(board, "C3"), EMPTY)  # erase
    board.set_stone(pt(board, "D4"), WHITE)  # overwrite
    assert board.color_at(pt(board, "C3")) == EMPTY
    assert board.color_at(pt(board, "D4")) == WHITE
    assert board.history() == [first, board.hash]  # only the last entry changes
    assert board.captures(BLACK) == 0
    for bad in (3, -1):
        with pytest.raises(ValueError):
            board.set_stone(pt(board, "A1"), bad)


def test_set_stones_is_set_stone_for_each_point_checked_at_the_end(board_class):
    """A problem's setup in one edit: the same board as one stone at a time, black first;
    a chain left without liberties, or a point off the board, leaves it unchanged."""
    black, white = ["A4", "B5", "C3", "D3"], ["B4", "C4", "D4", "E2"]
    one_by_one, at_once = board_class(5), board_class(5)
    for name in black:
        one_by_one.set_stone(pt(one_by_one, name), BLACK)
    for name in white:
        one_by_one.set_stone(pt(one_by_one, name), WHITE)
    at_once.set_stones([pt(at_once, n) for n in black], [pt(at_once, n) for n in white])
    assert state(at_once) == state(one_by_one)
    # a white stone at A5, between Black's A4 and B5, has no liberty: refused as a whole
    before = state(at_once)
    with pytest.raises(ValueError, match="the white chain at A5 would have no liberties"):
        at_once.set_stones([pt(at_once, "E1")], [pt(at_once, "A5")])
    with pytest.raises(ValueError, match="not a point"):
        at_once.set_stones([pt(at_once, "E1"), 0], [])
    assert state(at_once) == before


def test_set_stone_clears_ko_and_keeps_captures(board_class):
    board = setup(board_class, KO_SHAPE)
    play(board, "C3")
    assert board.ko_loc == pt(board, "B3")
    board.set_stone(pt(board, "E1"), WHITE)
    assert board.ko_loc == PASS
    assert board.captures(BLACK) == 1


# --- undo --------------------------------------------------------------------------------


@pytest.mark.parametrize("moves", [
    ["C3", "E1", "E5", "B3", "pass", "pass", "A1"],
    ["C3", "pass", "pass"],
])
def test_undo_round_trip_through_ko(board_class, moves):
    board = setup(board_class, KO_SHAPE)
    board.set_ko_capture_allowed(WHITE, False)
    board.set_ko_capture_allowed(WHITE, True)
    states, tokens = [], []
    for move in moves:
        states.append(state(board))
        tokens.append(board.play(pt(board, move)))
        board.check_consistency()
    for token, before in zip(reversed(tokens), reversed(states), strict=True):
        board.undo(token)
        board.check_consistency()
        assert state(board) == before
    # and replaying gives the same line again
    again = setup(board_class, KO_SHAPE)
    play(again, *moves)
    play(board, *moves)
    assert state(board) == state(again)


def test_undo_snapback_restores_captured_stones(board_class):
    board = setup(board_class, """
        . . X O .
        X X X O .
        O O O O .
        . . . . .
        . . . . .
    """, to_play=WHITE)
    start = state(board)
    tokens = play(board, "B5", "A5", "B5")
    for token in reversed(tokens):
        board.undo(token)
    assert state(board) == start


def test_set_history_starts_a_new_root(board_class):
    # the undo of an earlier move would have to restore a history that is gone
    board = board_class(5)
    token = board.play(pt(board, "C3"))
    board.set_history([12345])
    with pytest.raises(ValueError):
        board.undo(token)
    assert board.history() == [12345, board.hash]
    assert board.color_at(pt(board, "C3")) == BLACK
    board.check_consistency()


def test_undo_needs_the_last_token(board_class):
    board = board_class(5)
    with pytest.raises(ValueError):
        board.undo(1)
    t1, t2 = play(board, "C3", "D4")
    after = state(board)
    with pytest.raises(ValueError):
        board.undo(t1)
    with pytest.raises(ValueError):
        board.undo(t2 + 1)
    assert state(board) == after
    board.undo(t2)
    board.undo(t1)
    assert state(board) == state(board_class(5))
    with pytest.raises(ValueError):
        board.undo(t1)


# --- queries, copy, bad input --------------------------------------------------------------


def test_colors_row_zero_is_the_top(board_class):
    board = setup(board_class, KO_SHAPE)
    colors = board.colors()
    assert colors[1, 1] == BLACK  # B4
    assert colors[2, 1] == WHITE  # B3
    assert colors[2, 0] == BLACK  # A3
    assert board.color_at(pt(board, "B4")) == BLACK


def test_legal_moves_in_a_region(board_class):
    board = setup(board_class, KO_SHAPE, to_play=WHITE)
    region = (pt(board, p) for p in ("C3", "B4", "A5", "A4"))
    # White C3 is legal (it fills its own point), B4 is occupied
    assert board.legal_moves(region) == sorted(pt(board, p) for p in ("C3", "A5", "A4"))
    assert board.legal_moves([]) == []
    with pytest.raises(ValueError):
        board.legal_moves([1])
    full = board.legal_moves()
    assert full == sorted(full) and PASS not in full
    assert len(full) == 25 - 7


def test_copy_is_independent(board_class):
    board = setup(board_class, KO_SHAPE)
    board.set_ko_capture_allowed(WHITE, False)
    play(board, "C3")
    clone = board.copy()
    assert state(clone) == state(board)
    assert not clone.ko_capture_allowed(WHITE)
    assert clone.illegal_reason(pt(board, "B3")) == "ko"
    before = state(board)
    play(clone, "E1", "E5", "pass")
    clone.set_ko_capture_allowed(BLACK, False)
    assert state(board) == before
    assert board.ko_capture_allowed(BLACK)


@pytest.mark.parametrize("size", [1, 20, 0])
def test_bad_sizes(board_class, size):
    with pytest.raises(ValueError):
        board_class(size)


@pytest.mark.parametrize("loc", [-1, 1, 6, 7, 13, 14, 42, 48, 49, 10**6, "C3"])
def test_off_board_locs(board_class, loc):
    # 5x5, stride 7: walls at 0..6, 7, 13, 14, ..., 42..48
    board = board_class(5)
    for method in (board.color_at, board.is_legal, board.illegal_reason, board.play,
                   board.chain, board.liberties, board.num_liberties):
        with pytest.raises(ValueError):
            method(loc)
    with pytest.raises(ValueError):
        board.set_stone(loc, BLACK)


def test_pass_is_not_a_point(board_class):
    board = board_class(5)
    for method in (board.color_at, board.chain, board.liberties):
        with pytest.raises(ValueError):
            method(PASS)
    with pytest.raises(ValueError):
        board.set_stone(PASS, BLACK)


def test_empty_point_has_no_chain(board_class):
    board = board_class(5)
    for method in (board.chain, board.liberties, board.num_liberties):
        with pytest.raises(ValueError):
            method(pt(board, "C3"))


def test_playing_on_a_stone_raises(board_class, illegal_move_error):
    board = setup(board_class, KO_SHAPE)
    before = state(board)
    assert board.illegal_reason(pt(board, "B4")) == "occupied"
    with pytest.raises(illegal_move_error, match="occupied") as info:
        board.play(pt(board, "B4"))
    assert isinstance(info.value, ValueError)
    assert state(board) == before


def test_bad_colours(board_class):
    board = board_class(5)
    for bad in (EMPTY, 3):
        with pytest.raises(ValueError):
            board.captures(bad)
        with pytest.raises(ValueError):
            board.ko_capture_allowed(bad)
        with pytest.raises(ValueError):
            board.set_ko_capture_allowed(bad, False)


def test_check_consistency_exists(board_class):
    board = setup(board_class, KO_SHAPE)
    assert board.check_consistency() is None
