"""core.diagram: parse and render ASCII boards (the helper every other test relies on)."""

import numpy as np
import pytest

from tsumego_gui.core import coords
from tsumego_gui.core.diagram import parse_diagram, parse_marks, render_diagram
from tsumego_gui.core.reference_board import BLACK, EMPTY, WHITE, ReferenceBoard

KO_SHAPE = """
    . . . . .
    . X O . .
    X O . O .
    . X O . .
    . . . . .
"""

KO_SHAPE_LABELLED = """
       A B C D E
     5 . . . . . 5
     4 . X O . . 4
     3 X O + O . 3
     2 . X O . . 2
     1 , . . . . 1
       A B C D E
"""


def parse(text, **kw):
    return parse_diagram(text, board_class=ReferenceBoard, **kw)


def test_parse_full_diagram():
    board = parse(KO_SHAPE)
    assert board.size == 5
    expected = np.array([
        [0, 0, 0, 0, 0],
        [0, 1, 2, 0, 0],
        [1, 2, 0, 2, 0],
        [0, 1, 2, 0, 0],
        [0, 0, 0, 0, 0],
    ], dtype=np.int8)
    assert np.array_equal(board.colors(), expected)
    assert board.color_at(coords.from_gtp("B4", 5)) == BLACK
    assert board.color_at(coords.from_gtp("B3", 5)) == WHITE
    assert board.to_play == BLACK


def test_labels_and_alternative_empty_marks_are_ignored():
    assert np.array_equal(parse(KO_SHAPE_LABELLED).colors(), parse(KO_SHAPE).colors())


def test_spacing_does_not_matter():
    compact = "\n".join("".join(line.split()) for line in KO_SHAPE.splitlines())
    assert np.array_equal(parse(compact).colors(), parse(KO_SHAPE).colors())


def test_row_of_white_stones_is_not_a_header():
    board = parse("""
        O O O
        . . .
        X X X
    """)
    assert board.colors().tolist() == [[2, 2, 2], [0, 0, 0], [1, 1, 1]]


def test_partial_diagram_is_the_top_left_corner():
    board = parse("""
        . X O
        X O .
    """, size=9)
    assert board.size == 9
    assert board.color_at(coords.from_gtp("B9", 9)) == BLACK
    assert board.color_at(coords.from_gtp("C9", 9)) == WHITE
    assert board.color_at(coords.from_gtp("A8", 9)) == BLACK
    assert board.color_at(coords.from_gtp("B8", 9)) == WHITE
    assert int(np.count_nonzero(board.colors())) == 4


def test_partial_diagram_on_19_with_labels():
    board = parse("""
           A B C D
        19 . . . .
        18 . . X .
        17 . . . O
    """, size=19)
    assert board.color_at(coords.from_gtp("C18", 19)) == BLACK
    assert board.color_at(coords.from_gtp("D17", 19)) == WHITE
    assert int(np.count_nonzero(board.colors())) == 2


def test_to_play_is_passed_on():
    assert parse(KO_SHAPE, to_play=WHITE).to_play == WHITE


def test_default_board_class_is_the_engine(engine_board_module):
    board = parse_diagram(KO_SHAPE)
    assert isinstance(board, engine_board_module.Board)
    assert np.array_equal(board.colors(), parse(KO_SHAPE).colors())


@pytest.mark.parametrize("text, size", [
    (". X\nX . O", None),             # ragged rows
    (". X .\nX . .", None),           # not square and no size given
    (". . .\n. . .\n. . .", 2),       # does not fit
    (". Q\n. .", None),               # unknown character
    ("", None),                       # no rows
    (".", None),                      # size 1
    (". O\nO .", 20),                 # size out of range
])
def test_bad_diagrams(text, size):
    with pytest.raises(ValueError):
        parse(text, size=size)


def test_stones_without_liberties_are_rejected():
    with pytest.raises(ValueError, match="no liberties"):
        parse("""
            X O .
            O . .
            . . .
        """)


def test_extra_empty_characters():
    board = parse("""
        * X
        . *
    """, extra_empty="*")
    assert board.colors().tolist() == [[0, 1], [0, 0]]


def test_render_plain():
    board = parse(KO_SHAPE)
    assert render_diagram(board) == "\n".join([
        ". . . . .",
        ". X O . .",
        "X O . O .",
        ". X O . .",
        ". . . . .",
    ])


def test_render_coordinates_and_marks():
    board = parse(KO_SHAPE)
    marks = {coords.from_gtp("C3", 5): "*", coords.from_gtp("B3", 5): "#"}
    assert render_diagram(board, marks=marks, coordinates=True) == "\n".join([
        "  A B C D E",
        "5 . . . . .",
        "4 . X O . .",
        "3 X # * O .",
        "2 . X O . .",
        "1 . . . . .",
    ])


def test_render_19_skips_i_and_pads_row_numbers():
    lines = render_diagram(np.zeros((19, 19), dtype=np.int8), coordinates=True).splitlines()
    assert lines[0] == "   A B C D E F G H J K L M N O P Q R S T"
    assert lines[1].startswith("19 . . .")
    assert lines[-1].startswith(" 1 . . .")
    assert len(lines) == 20


def test_render_accepts_lists_and_rejects_bad_shapes():
    assert render_diagram([[1, 0], [0, 2]]) == "X .\n. O"
    with pytest.raises(ValueError):
        render_diagram(np.zeros((2, 3)))
    with pytest.raises(ValueError):
        render_diagram([[1, 0], [0, 2]], marks={coords.from_gtp("A1", 2): "**"})


@pytest.mark.parametrize("size", [2, 5, 9, 13, 19])
@pytest.mark.parametrize("coordinates", [False, True])
def test_render_parse_round_trip(size, coordinates):
    # positions from seeded random legal play (any position the board accepts will do)
    rng = np.random.default_rng(size)
    board = ReferenceBoard(size)
    for _ in range(3 * size):
        empties = [p for p in coords.all_locs(size) if board.color_at(p) == EMPTY]
        legal = [p for p in empties if board.is_legal(p)]
        board.play(legal[int(rng.integers(len(legal)))] if legal else coords.PASS)
    text = render_diagram(board, coordinates=coordinates)
    again = parse(text)
    assert np.array_equal(again.colors(), board.colors())
    assert render_diagram(again, coordinates=coordinates) == text


def test_parse_marks():
    text = """
          A B C D
        4 * . X *
        3 X * O .
        2 . . . .
        1 . . . *
    """
    marks = parse_marks(text, 4, "*")
    assert marks == {coords.from_gtp(p, 4) for p in ("A4", "D4", "B3", "D1")}
    assert parse_marks(text, 4, "XO") == {coords.from_gtp(p, 4) for p in ("C4", "A3", "C3")}
    assert parse_marks(text, 4, "#") == set()


def test_parse_marks_partial_and_rendered_marks():
    board = ReferenceBoard(9)
    zone = {coords.from_gtp(p, 9) for p in ("A9", "B8", "J1")}
    text = render_diagram(board, marks={p: "*" for p in zone})
    assert parse_marks(text, 9, "*") == zone
    assert parse_marks("* .\n. *", 9, "*") == {coords.from_gtp("A9", 9), coords.from_gtp("B8", 9)}
    with pytest.raises(ValueError):
        parse_marks(". . .", 2, "*")
