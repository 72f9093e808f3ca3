"""Sensei's Library diagrams: a position and a line of moves as forum text."""

from __future__ import annotations

import pytest

from engine_cy.board import BLACK, PASS, WHITE, Board
from tsumego_gui.core import coords
from tsumego_gui.core.diagram import parse_diagram
from tsumego_gui.core.sl_diagram import sl_diagrams

# White to play lives with B1 (the straight three's vital point); the bottom-left corner of
# a 7x7 board
STRAIGHT_THREE = """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    X X X X X . .
    O O O O X . .
    . . . O X . .
"""
BOTTOM_LEFT = (3, 6), (0, 4)        # rows 3-6 (the bottom edge), columns A-E (the left edge)


def moves(*names: str, size: int = 7) -> list[int]:
    return [PASS if n == "pass" else coords.from_gtp(n, size) for n in names]


def test_the_vital_point_numbered_in_the_corner_with_its_edges():
    """White's B1 (1) and Black's pass (2) in the bottom-left corner: the left and bottom
    edges drawn, the 7x7 board's star point (D4) a comma, the pass said under it."""
    board = parse_diagram(STRAIGHT_THREE, 7, to_play=WHITE)
    text = sl_diagrams(board, moves("B1", "pass"), *BOTTOM_LEFT, title="White to play: lives")
    assert text == "\n".join([
        "$$W White to play: lives",
        "$$ | . . . , .",
        "$$ | X X X X X",
        "$$ | O O O O X",
        "$$ | . 1 . O X",
        "$$ +-----------",
        "2: Black passes",
    ])


def test_a_whole_board_has_four_edges():
    board = parse_diagram("""
        . . .
        . X O
        . . .
    """, 3)
    assert sl_diagrams(board, [], (0, 2), (0, 2)) == "\n".join([
        "$$B",
        "$$ +-------+",
        "$$ | . . . |",
        "$$ | . X O |",
        "$$ | . . . |",
        "$$ +-------+",
    ])


def test_a_line_longer_than_ten_moves_goes_on_in_a_second_diagram():
    """Moves 11 and 12 start the second diagram, numbered 1 and 2 under ``m11``, from the
    position the first ends in (its numbered stones drawn as stones); 10 shows as 0."""
    board = Board(7, BLACK)
    line = moves("A7", "C7", "E7", "G7", "A5", "C5", "E5", "G5", "A3", "C3", "E3", "G3")
    assert sl_diagrams(board, line, (0, 4), (0, 6)) == "\n".join([
        "$$B",
        "$$ +---------------+",
        "$$ | 1 . 2 . 3 . 4 |",
        "$$ | . . . . . . . |",
        "$$ | 5 . 6 . 7 . 8 |",
        "$$ | . . . , . . . |",
        "$$ | 9 . 0 . . . . |",
        "",
        "$$Bm11",
        "$$ +---------------+",
        "$$ | X . O . X . O |",
        "$$ | . . . . . . . |",
        "$$ | X . O . X . O |",
        "$$ | . . . , . . . |",
        "$$ | X . O . 1 . 2 |",
    ])


def test_what_a_diagram_cannot_show_is_said_under_it():
    """White's B1 (4) takes Black's A1 (1) and White plays there (6: "at 1"); Black passes
    (7); White plays off the part shown (8)."""
    board = Board(5, BLACK)
    line = moves("A1", "A2", "D4", "B1", "D3", "A1", "pass", "E5", size=5)
    assert sl_diagrams(board, line, (1, 4), (0, 3)) == "\n".join([
        "$$B",
        "$$ | . . . 3",
        "$$ | . . . 5",
        "$$ | 2 . . .",
        "$$ | 1 4 . .",
        "$$ +---------",
        "6 at 1",
        "7: Black passes",
        "8 at E5 (off the diagram)",
    ])


def test_a_move_where_a_stone_of_the_diagram_was_taken_is_named_by_its_point():
    board = parse_diagram("""
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        X O . . .
    """, 5, to_play=WHITE)
    text = sl_diagrams(board, moves("A2", "C3", "A1", size=5), (2, 4), (0, 4))
    assert text.splitlines()[1:] == ["$$ | . . 2 . . |", "$$ | 1 . . . . |",
                                     "$$ | X O . . . |", "$$ +-----------+", "3 at A1"]


@pytest.mark.parametrize("size,stars", [(9, 5), (13, 9), (19, 9), (7, 1), (5, 0)])
def test_star_points_show_as_commas(size, stars):
    board = Board(size, BLACK)
    assert sl_diagrams(board, [], (0, size - 1), (0, size - 1)).count(",") == stars


def test_a_part_off_the_board_is_refused():
    board = Board(7, BLACK)
    with pytest.raises(ValueError, match="not a part of a 7x7 board"):
        sl_diagrams(board, [], (0, 7), (0, 6))


def test_a_position_whose_side_to_move_is_not_known_names_none():
    board = Board(3, BLACK)
    assert sl_diagrams(board, [], (0, 2), (0, 2), turn_known=False).splitlines()[0] == "$$"
    assert sl_diagrams(board, moves("A1", size=3), (0, 2), (0, 2),
                       turn_known=False).splitlines()[0] == "$$B"


def test_a_frames_stones_are_left_out_until_taken_and_said_to_be():
    """The walls the solver put round an open problem are no part of the book's position
    (QA s48): drawn as empty points while they stand, said so under the last diagram; a
    frame stone taken (Black's B1, by White's A1) leaves an empty point a later move is
    numbered on."""
    board = parse_diagram("""
        . . . . .
        . . . . .
        X X X . .
        O O X . .
        . X O . .
    """, 5, to_play=WHITE)
    frame = frozenset(moves("A3", "B3", "C3", "C2", "B1", size=5))
    text = sl_diagrams(board, moves("A1", "pass", "B1", size=5), (2, 4), (0, 4),
                       hidden=frame)
    assert text.splitlines() == [
        "$$W",
        "$$ | . . . . . |",
        "$$ | O O . . . |",
        "$$ | 1 3 O . . |",
        "$$ +-----------+",
        "2: Black passes",
        "The stones of the frame that closes the open problem in are not drawn.",
    ]
    # a frame out of view is not mentioned
    assert "frame" not in sl_diagrams(board, [], (4, 4), (3, 4), hidden=frame)
