"""Golden tests of Benson's unconditional life and of the life zone, on ASCII boards.

Every test runs three ways: the Cython ``engine_cy.benson`` on the engine
board, the pure-Python ``core.benson_reference`` on ``ReferenceBoard``, and the
reference on the engine board (it only uses the board's public API).

Expected answers are written by hand from the definitions (regions, vital
regions, Benson's fixpoint) and Go rules, or taken from the RZS paper's
appendix (text of its Figure 1; Figures 5 and 6 as transcribed in
shared/design/paper-figures.md).  The reasoning for each is in a comment.

Diagram conventions (``tsumego_gui.core.diagram``): ``X`` black, ``O`` white,
``.`` empty; the top row is printed first.  In an expected *alive* diagram the
stones of every UCA chain of the colour under test are drawn ``@`` and every
point of their standing vital regions ``v`` (whatever stands there).  In an
expected *zone* diagram the points of the life zone are drawn ``*``.
"""

from __future__ import annotations

import pytest

from engine_cy import benson as cy_benson
from engine_cy.board import BLACK, WHITE
from tsumego_gui.core import benson_reference, coords
from tsumego_gui.core.diagram import parse_diagram, parse_marks, render_diagram
from tsumego_gui.core.reference_board import ReferenceBoard

IMPLEMENTATIONS = {
    "cython": (cy_benson, None),                      # None: the engine Board
    "reference": (benson_reference, ReferenceBoard),
    "reference-on-engine-board": (benson_reference, None),
}


class Impl:
    """One Benson implementation together with the board class it runs on."""

    def __init__(self, module, board_class) -> None:
        self.module = module
        self.board_class = board_class

    def board(self, text: str, size: int | None = None):
        return parse_diagram(text, size=size, board_class=self.board_class)

    def alive(self, board, color):
        return self.module.unconditionally_alive(board, color)

    def goal_zone(self, board, defender, live_any, crucial=()):
        return self.module.goal_zone(board, defender, live_any, crucial)


@pytest.fixture(params=list(IMPLEMENTATIONS))
def impl(request) -> Impl:
    return Impl(*IMPLEMENTATIONS[request.param])


def norm(text: str) -> str:
    """A diagram with blank lines and spacing differences removed."""
    return "\n".join(" ".join(line.split()) for line in text.strip().splitlines() if line.strip())


def alive_diagram(impl: Impl, board, color: int) -> str:
    result = impl.alive(board, color)
    marks = {}
    for stones, regions in result:
        # The API's promises on its own format, checked on every golden case.
        assert stones == sorted(stones) and regions == sorted(regions)
        assert len(regions) >= 2, "a UCA chain has at least two vital regions"
        for region in regions:
            assert region == sorted(region)
            marks.update(dict.fromkeys(region, "v"))
    for stones, _ in result:
        marks.update(dict.fromkeys(stones, "@"))
    assert result == sorted(result)
    return render_diagram(board, marks)


def zone_diagram(board, zone) -> str:
    return render_diagram(board, dict.fromkeys(zone, "*"))


NONE = None  # expected "alive" diagram equal to the position: nothing is UCA

# (name, colour, position, expected alive diagram or NONE, expected live_any zone or NONE)
GOLDEN = [
    (
        # Two one-point eyes in the corner.  The white stone far away does not matter.
        "corner-two-eyes", BLACK,
        """
        . X . X .
        X X X X .
        . . . . .
        . . O . .
        . . . . .
        """,
        """
        v @ v @ .
        @ @ @ @ .
        . . . . .
        . . O . .
        . . . . .
        """,
        """
        * * * * .
        * * * * .
        . . . . .
        . . O . .
        . . . . .
        """,
    ),
    (
        # Two two-point eyes on the bottom edge: both regions have every empty point
        # next to the chain, so both are vital.
        "edge-two-eyes", BLACK,
        """
        . . . . . . .
        . . . . . . .
        . . O . . . .
        . . . . . . .
        . X X X X X .
        . X . X . X .
        . X . X . X .
        """,
        """
        . . . . . . .
        . . . . . . .
        . . O . . . .
        . . . . . . .
        . @ @ @ @ @ .
        . @ v @ v @ .
        . @ v @ v @ .
        """,
        """
        . . . . . . .
        . . . . . . .
        . . O . . . .
        . . . . . . .
        . * * * * * .
        . * * * * * .
        . * * * * * .
        """,
    ),
    (
        "centre-two-eyes", WHITE,
        """
        . . . . . . .
        . O O O O O .
        . O . O . O .
        . O O O O O .
        . . . . . . .
        . . . X . . .
        . . . . . . .
        """,
        """
        . . . . . . .
        . @ @ @ @ @ .
        . @ v @ v @ .
        . @ @ @ @ @ .
        . . . . . . .
        . . . X . . .
        . . . . . . .
        """,
        """
        . . . . . . .
        . * * * * * .
        . * * * * * .
        . * * * * * .
        . . . . . . .
        . . . X . . .
        . . . . . . .
        """,
    ),
    (
        # One eye only (a straight three in the corner): the eye is vital, but one
        # vital region is not enough; White fills two points and captures on the third.
        "one-eye-only", BLACK,
        """
        . . . X .
        X X X X .
        . . . . .
        . . . . .
        . . . . .
        """,
        NONE, NONE,
    ),
    (
        # False eye at C7: its black neighbour D7 is a separate chain whose only
        # liberty is C7 (White D6/E7 take the others), so D7 has one vital region,
        # is dropped, and C7 stops counting for the main chain, which keeps A7 only.
        "false-eye", BLACK,
        """
        . X . X O . .
        X X X O O . .
        . . X . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
        NONE, NONE,
    ),
    (
        # The same eye shape with D7 protected: D7 now shares two one-point regions
        # (C7 and D6) with the main chain, so both chains are UCA together although
        # D7 borders the open outside too.  Each chain's zone contains the other.
        "shared-eyes-keep-a-stone-alive", BLACK,
        """
        . X . X . . .
        X X X . X . .
        . . X X X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
        """
        v @ v @ . . .
        @ @ @ v @ . .
        . . @ @ @ . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
        """
        * * * * . . .
        * * * * * . .
        . . * * * . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
    ),
    (
        # A region may hold opponent stones: {A5, B5} holds White A5, and its only
        # empty point B5 is a liberty of the chain, so it is vital (White B5 would be
        # suicide while D5 is open).  The zone includes the white stone.
        "region-with-opponent-stone", BLACK,
        """
        O . X . X
        X X X X X
        . . . . .
        . . . . .
        . . . . .
        """,
        """
        v v @ v @
        @ @ @ @ @
        . . . . .
        . . . . .
        . . . . .
        """,
        """
        * * * * *
        * * * * *
        . . . . .
        . . . . .
        . . . . .
        """,
    ),
    (
        # A big region is not vital when one of its empty points (D7) is not a
        # liberty: White can fill everything else and capture through A7.
        "big-region-not-vital", BLACK,
        """
        . X . . . X .
        X X . . . X .
        . X X X X X .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
        NONE, NONE,
    ),
    (
        # The same with a white stone on D7: every *empty* point of the region now
        # touches the chain, so the region is vital and the chain is UCA.  Indeed
        # White can fill four of C7 E7 C6 D6 E6 but the fifth is suicide while A7
        # is open, and A7 is suicide while the big region has a point left.
        "opponent-stone-makes-region-vital", BLACK,
        """
        . X . O . X .
        X X . . . X .
        . X X X X X .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
        """
        v @ v v v @ .
        @ @ v v v @ .
        . @ @ @ @ @ .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
        """
        * * * * * * .
        * * * * * * .
        . * * * * * .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
    ),
    (
        # Seki: Black (A3..D3, A2, D2, D1) and the inner White (B2 C2 B1) share the
        # liberties A1 and C1 and have no others.  Neither is UCA: if Black passes,
        # White plays A1 (self-atari, but Black never captures) then C1.  For Black
        # the region {A1, B1, B2, C2, C1} is vital but it is the only one.
        "seki-black", BLACK,
        """
        . O . O .
        O O O O O
        X X X X O
        X O O X O
        . O . X O
        """,
        NONE, NONE,
    ),
    (
        # The same seki for White: the outer wall has three one-point eyes and is
        # UCA; the inner White chain has one vital region ({A1, C1} plus the black
        # stones), so it is not.
        "seki-white", WHITE,
        """
        . O . O .
        O O O O O
        X X X X O
        X O O X O
        . O . X O
        """,
        """
        v @ v @ v
        @ @ @ @ @
        X X X X @
        X O O X @
        . O . X @
        """,
        """
        * * * * *
        * * * * *
        X X X X *
        X O O X *
        . O . X *
        """,
    ),
    # The RZS appendix, Figure 1, as its text describes it (the figure itself is
    # not transcribed in paper-figures.md; these 7x7 lower-right corners are built
    # to match the description, not copied from the image):
    (
        # p_b: "the (only) white block is UCA with the two vital regions at F2 and G1".
        "fig1-pb-one-block-F2-G1", WHITE,
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . X X X X
        . . . X O O O
        . . . X O . O
        . . . X O O .
        """,
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . X X X X
        . . . X @ @ @
        . . . X @ v @
        . . . X @ @ v
        """,
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . X X X X
        . . . X * * *
        . . . X * * *
        . . . X * * *
        """,
    ),
    (
        # p_c: "two white blocks ... the first vital region contains E2 and F2, and
        # the other G1".  Block A = D3 E3 F3 G3 D2 G2, block B = E1 F1 (Black D1 cuts
        # them).  Both regions are vital to both blocks, and neither block has
        # another one: each lives only because the other does.  The zone of either
        # block therefore holds both.
        "fig1-pc-two-blocks-E2F2-G1", WHITE,
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . X X X X X
        . . X O O O O
        . . X O . . O
        . . X X O O .
        """,
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . X X X X X
        . . X @ @ @ @
        . . X @ v v @
        . . X X @ @ v
        """,
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . X X X X X
        . . X * * * *
        . . X * * * *
        . . X X * * *
        """,
    ),
    (
        # p_a: "the white block at D2 (one single stone) has no vital regions".  Its
        # liberties are D1 and E2 (the appendix's "z-liberties"); D1 belongs to the
        # big outside region and {E2, F2} is not vital to D2 (F2 is not a liberty of
        # it).  So D2 is dropped, {E2, F2} with it, and the other two blocks keep
        # only {G1}: nothing is UCA.
        "fig1-pa-single-stone-D2", WHITE,
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . X X X X X
        . . X X O O O
        . . X O . . O
        . . X . O O .
        """,
        NONE, NONE,
    ),
]


GOLDEN_BY_NAME = {case[0]: case for case in GOLDEN}


def _golden_params():
    return [pytest.param(*case, id=case[0]) for case in GOLDEN]


@pytest.mark.parametrize(("name", "color", "position", "alive", "zone"), _golden_params())
def test_golden_alive_chains(impl, name, color, position, alive, zone):
    board = impl.board(position)
    expected = position if alive is NONE else alive
    assert norm(alive_diagram(impl, board, color)) == norm(expected)


@pytest.mark.parametrize(("name", "color", "position", "alive", "zone"), _golden_params())
def test_golden_live_any_zone(impl, name, color, position, alive, zone):
    board = impl.board(position)
    reached, got = impl.goal_zone(board, color, True)
    if zone is NONE:
        assert (reached, got) == (False, [])
    else:
        assert reached
        assert got == sorted(got)
        assert norm(zone_diagram(board, got)) == norm(zone)


@pytest.mark.parametrize(("name", "color", "position", "alive", "zone"), _golden_params())
def test_cython_and_reference_agree_exactly(name, color, position, alive, zone):
    """Both colours, full output (vital region lists included), every goal variant."""
    engine_board = parse_diagram(position)
    ref_board = parse_diagram(position, board_class=ReferenceBoard)
    size = engine_board.size
    for c in (BLACK, WHITE):
        assert (cy_benson.unconditionally_alive(engine_board, c)
                == benson_reference.unconditionally_alive(ref_board, c))
        assert (cy_benson.goal_zone(engine_board, c, True)
                == benson_reference.goal_zone(ref_board, c, True))
        for loc in coords.all_locs(size):
            assert (cy_benson.goal_zone(engine_board, c, False, [loc])
                    == benson_reference.goal_zone(ref_board, c, False, [loc]))


# --- the paper's Figures 5 and 6 (shared/design/paper-figures.md) ------------
#
# Zone diagrams as transcribed: '#' shaded empty point, 'x'/'o' shaded black/white
# stone.  These three positions are leaves of the figures' proofs ("White has
# UCA"), so their zones are leaf zones: the UCA block plus its vital regions,
# which is exactly our life zone.  All three agree point for point:
# * 5(c): block D1 D2 E1 E3 F1 F2 F3 F4 G2 + eyes E2 and G1 (11 points).  Black G3
#   and White G5 lie outside: G3 is the null move of the caption.
# * 5(d): the block with G3 instead of G2 + E2 + the region {G1, G2} holding the
#   black stone G2 (its only empty point G1 is a liberty), 12 points.  G4 is not in it.
# * 6(c): block C1 C2 D2 E1 E2 F1 F3 G1 G2 G3 + eyes D1 and F2 (12 points).  The white
#   pair E4 E5 is a separate, non-UCA chain and is outside, as is Black's G4.

FIGURE_LEAVES = {
    "5c": (
        """
        . . . . . . .
        . . . . . X .
        . . . X . X O
        . . . . X O .
        . . X X O O X
        . . X O . O O
        . . X O O O .
        """,
        """
        . . . . . . .
        . . . . . X .
        . . . X . X O
        . . . . X o .
        . . X X o o X
        . . X o # o o
        . . X o o o #
        """,
    ),
    "5d": (
        """
        . . . . . . .
        . . . . . X .
        . . . X . X O
        . . . . X O .
        . . X X O O O
        . . X O . O X
        . . X O O O .
        """,
        """
        . . . . . . .
        . . . . . X .
        . . . X . X O
        . . . . X o .
        . . X X o o o
        . . X o # o x
        . . X o o o #
        """,
    ),
    "6c": (
        """
        . . . . X X X
        . . . X X . .
        . . X . O X X
        . . . . O X X
        . X X X X O O
        . X O O O . O
        . X O . O O O
        """,
        """
        . . . . X X X
        . . . X X . .
        . . X . O X X
        . . . . O X X
        . X X X X o o
        . X o o o # o
        . X o # o o o
        """,
    ),
}


@pytest.mark.parametrize("figure", sorted(FIGURE_LEAVES))
def test_paper_leaf_positions_are_uca_with_the_papers_zone(impl, figure):
    position, shaded = FIGURE_LEAVES[figure]
    board = impl.board(position)
    zone = parse_marks(shaded, 7, "#xo")
    alive = impl.alive(board, WHITE)
    assert len(alive) == 1, "one white block is UCA (the caption's 'White has UCA')"
    stones, regions = alive[0]
    assert set(stones) | {p for r in regions for p in r} == zone
    assert impl.goal_zone(board, WHITE, True) == (True, sorted(zone))
    # With the block's stones as crucial stones (goal `live`) the zone is the same.
    assert impl.goal_zone(board, WHITE, False, stones[:1]) == (True, sorted(zone))
    # Black has nothing UCA on these small boards.
    assert impl.alive(board, BLACK) == []


# Internal nodes of the same proofs: the figures go on searching there, so White is
# not UCA yet.  The Go-rule reasons:
# * 5(b) (Black to play): the region G1..G4 is vital to the big block but also
#   borders White G5, which has no vital region (Black can take it via G6 and G4),
#   so the region does not stand and the big block keeps only E2.
# * 6(a) (= 7(c)): the right block F3 G3 G2 G1 has the vital region {F1, F2} (Black F2
#   sits in it) and nothing else, so it is dropped, and with it that region, which
#   leaves the left block with D1 only.
FIGURE_INTERNAL = {
    "5b": """
        . . . . . . .
        . . . . . X .
        . . . X . X O
        . . . . X O .
        . . X X O O .
        . . X O . O .
        . . X O O O .
        """,
    "6a": """
        . . . . X X X
        . . . X X . .
        . . X . O X X
        . . . . O X .
        . X X X X O O
        . X O O O X O
        . X O . O . O
        """,
}


@pytest.mark.parametrize("figure", sorted(FIGURE_INTERNAL))
def test_paper_internal_positions_are_not_uca(impl, figure):
    board = impl.board(FIGURE_INTERNAL[figure])
    assert impl.alive(board, WHITE) == []
    assert impl.goal_zone(board, WHITE, True) == (False, [])


# --- goal_zone: `live` with crucial stones versus `live_any` -----------------

TWO_GROUPS = """
    . O . O O . .
    O O O O O . .
    . . . . . . .
    . . . X . . .
    . O . . O O O
    . . . . O . O
    . . . . O O .
    """
# Top-left block: 8 stones + eyes A7, C7 = 10 points.  Bottom-right block (the
# p_b shape): 7 stones + eyes F2, G1 = 9 points.  White B3 is not UCA.
TOP_LEFT_ZONE = """
    * * * * * . .
    * * * * * . .
    . . . . . . .
    . . . X . . .
    . O . . O O O
    . . . . O . O
    . . . . O O .
    """
BOTTOM_RIGHT_ZONE = """
    . O . O O . .
    O O O O O . .
    . . . . . . .
    . . . X . . .
    . O . . * * *
    . . . . * * *
    . . . . * * *
    """


def gtp(names: str, size: int = 7) -> list[int]:
    return [coords.from_gtp(n, size) for n in names.split()]


def test_live_any_takes_the_smallest_zone(impl):
    board = impl.board(TWO_GROUPS)
    reached, zone = impl.goal_zone(board, WHITE, True)
    assert reached
    # The bottom-right zone is smaller although the top-left block comes first.
    assert norm(zone_diagram(board, zone)) == norm(BOTTOM_RIGHT_ZONE)


@pytest.mark.parametrize(("crucial", "expected"), [
    ("B7", TOP_LEFT_ZONE),            # a crucial stone of the bigger block: its zone
    ("A6 E6", TOP_LEFT_ZONE),         # several stones of one block
    ("B7 E1", BOTTOM_RIGHT_ZONE),     # one stone in each: the smaller zone
    ("F3 B3", BOTTOM_RIGHT_ZONE),     # a dead crucial stone beside a live one
])
def test_live_with_crucial_stones(impl, crucial, expected):
    board = impl.board(TWO_GROUPS)
    reached, zone = impl.goal_zone(board, WHITE, False, gtp(crucial))
    assert reached
    assert norm(zone_diagram(board, zone)) == norm(expected)


@pytest.mark.parametrize("crucial", ["", "B3", "D4", "A7", "G7"])
def test_live_not_reached(impl, crucial):
    # No crucial point; a white stone that is not UCA; a black stone; an eye of a
    # live block (an empty point is no stone); an empty point outside.
    board = impl.board(TWO_GROUPS)
    assert impl.goal_zone(board, WHITE, False, gtp(crucial)) == (False, [])


def test_live_any_for_a_colour_with_nothing_alive(impl):
    board = impl.board(TWO_GROUPS)
    assert impl.goal_zone(board, BLACK, True) == (False, [])
    assert impl.goal_zone(board, BLACK, False, gtp("D4")) == (False, [])


def test_crucial_stone_of_a_block_that_lives_only_with_its_partner(impl):
    # Figure 1 p_c: block B (E1 F1) lives only together with block A, so the zone
    # of a crucial stone on B holds both blocks and both regions.
    board = impl.board(GOLDEN_BY_NAME["fig1-pc-two-blocks-E2F2-G1"][2])
    reached, zone = impl.goal_zone(board, WHITE, False, gtp("E1"))
    assert reached
    assert set(zone) == set(gtp("D3 E3 F3 G3 D2 E2 F2 G2 E1 F1 G1"))


def test_equal_zones_tie_goes_to_the_first_block_in_row_major_order(impl):
    # Two copies of the same two-eyed shape, 8 points each.  The API promises the
    # block whose first stone comes first from the top-left.
    board = impl.board("""
        . O . O . . .
        O O O O . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . O O O O
        . . . O . O .
        """)
    assert impl.goal_zone(board, WHITE, True) == (True, sorted(gtp("A7 B7 C7 D7 A6 B6 C6 D6")))


def test_empty_and_full_boards(impl):
    board = impl.board(". . .\n. . .\n. . .")
    for c in (BLACK, WHITE):
        assert impl.alive(board, c) == []
        assert impl.goal_zone(board, c, True) == (False, [])
    # A single chain filling a 3x3 board except two separate points: two eyes.
    board = impl.board(". X X\nX X X\nX X .")
    assert impl.alive(board, BLACK) == [(sorted(gtp("B3 C3 A2 B2 C2 A1 B1", 3)),
                                         [[coords.from_gtp("A3", 3)],
                                          [coords.from_gtp("C1", 3)]])]
    # One empty point only: one region, not alive.
    board = impl.board(". X X\nX X X\nX X X")
    assert impl.alive(board, BLACK) == []


def test_bad_arguments_are_rejected(impl):
    board = impl.board(TWO_GROUPS)
    for color in (0, 3):
        with pytest.raises(ValueError):
            impl.alive(board, color)
        with pytest.raises(ValueError):
            impl.goal_zone(board, color, True)
    for loc in (0, -1, 10_000, 8):       # pass, negative, past the end, a wall cell
        with pytest.raises(ValueError):
            impl.goal_zone(board, WHITE, False, [loc])
