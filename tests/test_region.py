"""core.region: the enclosed region of tsumego.js problems, as golden diagrams.

Each golden case is one diagram of the top-left part of a board: ``X``/``O``
are black/white stones, ``.`` empty points; the expected region is written
in the same diagram with lower-case ``x``/``o`` for region stones and ``*``
for empty region points.  The expectations were worked out by hand from the
rule in shared/problems/README.md (enclosed-dev), not by running the code.
"""

import pytest

from tsumego_gui.core import coords
from tsumego_gui.core.diagram import parse_diagram, parse_marks
from tsumego_gui.core.problem import ProblemError
from tsumego_gui.core.region import enclosed_region


def marked_board(diagram, size):
    """(engine board, set of marked locs) from a marked diagram of the top-left corner."""
    position = diagram.replace("x", "X").replace("o", "O").replace("*", ".")
    return parse_diagram(position, size), parse_marks(diagram, size, "xo*")


def gtp(vertex, size):
    return coords.from_gtp(vertex, size)


def region_of(diagram, size, *targets):
    board, expected = marked_board(diagram, size)
    return enclosed_region(board, [gtp(t, size) for t in targets]), expected


def test_corner_group_behind_a_thick_wall():
    # Flood from C7: A7 B7 and the O stones; D7 D6 A5..D5 is one wall chain
    # with 7 liberties outside.  Region = area minus the target chain.
    got, expected = region_of("""
        * * O X . . .
        O O O X . . .
        X X X X . . .
    """, 7, "C7")
    assert got == expected


def test_attacker_stone_with_all_liberties_inside_joins_the_region():
    # B7 touches the area and its liberties A7, C7 are both inside: inner.
    got, expected = region_of("""
        * x * O X . .
        O O O O X . .
        X X X X X . .
    """, 7, "D7")
    assert got == expected


def test_weak_enclosing_chain_with_one_outside_liberty_is_inner():
    # Column E (one chain) separates the area from the right side, where the
    # only empty point next to it is F4: one outside liberty, so the chain is
    # inner and its stones and liberties (D7 D6 D5 D1 and F4) join the area.
    # The safe wall is the black group with eyes A7 and A5 (two liberties
    # the 8-neighbour flood cannot reach).  The lone O at A2 is not part of
    # the target chain (D4 D3 D2 C2 C1), so it stays in the region.
    got, expected = region_of("""
        . X * * x O .
        X X * * x O .
        . X * * x O .
        X X * O x * .
        * * * O x O .
        o * O O x O .
        * * O * x O .
    """, 7, "D4")
    assert got == expected


def test_several_targets_of_one_colour_flood_together():
    got, expected = region_of("""
        * * O X . . .
        O O O X . . .
        X X X X . . .
    """, 7, "C7", "A6")
    assert got == expected


@pytest.mark.parametrize("diagram, target, message", [
    # Nothing but an attacker stone whose liberties are all in the area.
    ("""
        . . . . .
        . O . . .
        . . . . .
        . . . X .
        . . . . .
     """, "B6", "not enclosed: no black chain around the target at B6 has two or more "
                "liberties outside the area"),
    # The enclosing chain of the weak-chain case without the safe group.
    ("""
        . . . . X O .
        . . . . X O .
        . . . . X O .
        . . . O X . .
        . . . O X O .
        . . O O X O .
        . . O . X O .
     """, "D4", "not enclosed"),
    # A gap in the wall at C5 lets the flood out to the whole board.
    ("""
        . . O X . . .
        O O O X . . .
        X X . X . . .
     """, "C7", "not enclosed"),
    ("""
        . . O X
        O O O X
        X X X X
     """, "A7", "target A7 is an empty point"),
    ("""
        . . O X
        O O O X
        X X X X
     """, "", "no target stone"),
], ids=["lone-stone", "weak-chain-only", "wall-gap", "empty-target", "no-target"])
def test_problems_without_a_safe_wall_are_rejected(diagram, target, message):
    board, _ = marked_board(diagram, 7)
    with pytest.raises(ProblemError, match=message):
        enclosed_region(board, [gtp(target, 7)] if target else [])


def test_targets_of_both_colours_are_rejected():
    board, _ = marked_board("""
        . . O X . . .
        O O O X . . .
        X X X X . . .
    """, 7)
    with pytest.raises(ProblemError, match="targets of both colours: C7, D7"):
        enclosed_region(board, [gtp("C7", 7), gtp("D7", 7)])


def test_a_cutting_chain_breathing_only_inside_the_targets_shape_joins_the_region():
    # QA s55: White's group (one eye, E2) holds Black's cutting chain A2 B2 C2 C1, with
    # two liberties of its own, A1 and B1, that the 8-neighbour flood from C3 never
    # reaches.  By the peer's rule the chain is wall (two outside liberties) and the
    # region is E2 and G1: "White dies", where White A1 or B1 lives by a snapback.  What
    # the chain reaches without crossing a White stone is itself and A1, B1, all next to
    # its stones: a pocket, so it is inner; the black group from row 4 up stays wall.
    got, expected = region_of("""
        . . . . . . . . .
        . . . . . . . . .
        X X X X X X X X X
        X . X . X X . X X
        X X X X X X X X X
        X X X X X X X X X
        O O O O O O O X X
        x x x O * O O X X
        * * x O O O * X X
    """, 9, "C3")
    assert got == expected


def test_a_pocket_with_no_wall_beside_it_stays_wall():
    # Black's only chain, A2 B2 C2 C1, is a pocket (its liberties A1 and B1 lie inside
    # White's shape), and no other black chain is there to be the wall: taking it in
    # would leave the problem with none, so the rule is the peer's (it is the wall).
    board, _ = marked_board("""
        . . . . .
        . . . . .
        O O O O .
        X X X O .
        . . X O .
    """, 5)
    region = enclosed_region(board, [gtp("D3", 5)])
    assert not region & {gtp(v, 5) for v in ("A1", "B1", "A2", "C1")}
    assert gtp("E1", 5) in region
