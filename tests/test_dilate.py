"""Zone dilation (``engine_cy.dilate``): the RZS appendix's figures, and CR-1..CR-3 by brute force.

Golden tests reproduce the appendix's Figures 5, 6 and 7 (zone dilation for
the OR player with a capture, for the AND player with a capture, and for the
AND player with a suicide point) from the exact transcriptions in
``shared/design/paper-figures.md``: the position, the zone dilation starts
from (the winning child's zone for an OR node, the union of the children's
zones for an AND node), and the paper's dilated zone.  Our dilation gives the
paper's zone point for point at all six nodes (see ``FIGURE_CASES``), so no
figure needs a "ours is bigger" explanation.  The figures' proofs are also
re-derived bottom-up from the leaves: Benson's life zone at each leaf, then
our OR and AND dilation at each internal node, give the paper's zones.

Figures 8-11 draw no Go zones: Figure 8 is Slither (stones slide; its zones
follow Slither's diagonal rule, which is not Go), Figure 9 shows openings, and
Figures 10 and 11 show problems.  Their positions (11's twenty 7x7 problems,
10(b)'s 19x19 problem) are used below as realistic inputs for the properties.

Property tests (seeded random positions, 5x5 to 9x9, plus the figure
problems) check the rules the dilation promises (monotone, idempotent, chains
whole, DL-1) and the consistent-replay conditions themselves, by brute force
over random positions p* that agree with p inside the zone and differ outside:

* AND node (attacker to move), CR-1: an attacker move inside the zone that is
  legal in p* is legal in p and leaves the same pattern in the zone; CR-2: an
  attacker move outside the zone leaves the zone's pattern unchanged.  (The
  converse of CR-1, "legal in p => legal in p*", is not required and does not
  hold: the attacker may simply have fewer moves in p*.)  Moves illegal in p
  by ko or superko are skipped: they depend on the history, which p* (built
  from scratch) does not share; the dilation reports superko ones.
* OR node (defender to move, wins with m), CR-3: m is legal in p*, leaves
  the same pattern in the zone and takes the same ko; the child zone is
  random (any zone, as after a null move) or a real one (AND-dilated on the
  child position), and with a real one the child's CR-1 holds too.

The single-rule tests at the end include the three OR-node cases these
properties found missing in the dilation (fixed in ``dilate.pyx``): a move
that captures nothing could be suicide in p*, a ko-taking move could take no
ko in p*, and a single-stone capture by a side forbidden to take kos could be
a forbidden ko capture in p*.

Diagrams (``tsumego_gui.core.diagram``): ``X`` black, ``O`` white, ``.``
empty; in zone diagrams, as in paper-figures.md, ``#`` is a zone point that
is empty and ``x``/``o`` a black/white stone in the zone.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine_cy import zone_testing
from engine_cy.benson import goal_zone
from engine_cy.board import BLACK, EMPTY, PASS, WHITE, Board
from engine_cy.dilate import dilate_and, dilate_or
from tsumego_gui.core import coords
from tsumego_gui.core.diagram import parse_diagram, parse_marks, render_diagram

FIGURES_MD = Path(__file__).resolve().parents[2] / "shared" / "design" / "paper-figures.md"
ZONE_CHARS = {EMPTY: "#", BLACK: "x", WHITE: "o"}


# ---- diagram helpers ----------------------------------------------------------------

def norm(text: str) -> str:
    """A diagram with blank lines and spacing differences removed."""
    return "\n".join(" ".join(line.split()) for line in text.strip().splitlines() if line.strip())


def zone_board(text: str, to_play: int) -> tuple[Board, set[int]]:
    """The position and the zone drawn in a paper-style zone diagram (x/o/# shaded)."""
    position = text.translate(str.maketrans("xo#", "XO."))
    board = parse_diagram(position, to_play=to_play)
    return board, parse_marks(text, board.size, "#xo")


def zone_diagram(board: Board, zone) -> str:
    return render_diagram(board, {p: ZONE_CHARS[board.color_at(p)] for p in zone})


def gtp(points, size: int = 7) -> list[str]:
    return sorted(coords.to_gtp(p, size) for p in points)


def loc(name: str, size: int = 7) -> int:
    return coords.from_gtp(name, size)


def as_int(zone) -> int:
    return sum(1 << p for p in set(zone))


def agree(a: Board, b: Board, zone) -> bool:
    return zone_testing.agree(a, b, as_int(zone))


# ---- the appendix's Figures 5, 6 and 7 ----------------------------------------------
#
# Each diagram is copied from paper-figures.md (the zone diagram carries the whole
# position: shaded stones are lowercase).  Lower-right 7x7 corners; Black attacks,
# White lives.

FIG5_ZA = """
    . . . . . . .
    . . . . . X #
    . . . X . X o
    . . . . X o x
    . . X X o o x
    . . X o # o x
    . . X o o # x
"""  # p_a (White to play, wins with F1 capturing G1-G4) and its zone z_a
FIG5_ZB = """
    . . . . . . .
    . . . . . X .
    . . . X . X O
    . . . . X o .
    . . X X o o #
    . . X o # o #
    . . X o o o #
"""  # p_b = p_a + White F1 (Black to play) and z_b = z_c | z_d
FIG5_ZC = """
    . . . . . . .
    . . . . . X .
    . . . X . X O
    . . . . X o .
    . . X X o o X
    . . X o # o o
    . . X o o o #
"""  # p_c = p_b + Black G3 + White G2: White UCA, leaf zone z_c
FIG5_ZD = """
    . . . . . . .
    . . . . . X .
    . . . X . X O
    . . . . X o .
    . . X X o o o
    . . X o # o x
    . . X o o o #
"""  # p_d = p_b + Black G2 + White G3: White UCA, leaf zone z_d
FIG5_PE = """
    . . . . . . .
    . . . . . X .
    . . . X X X X
    . . . X X O X
    . . X X O O X
    . . X O . O X
    . . X O O . X
"""  # p_e: same pattern as p_a on z_b, but White F1 captures nothing

FIG6_ZA = """
    . . . . X X X
    . . . X X . .
    . . X . O X X
    . . . . O X #
    . X X X X o o
    . X o o o x o
    . X o # o # o
"""  # p_a (Black to play; White wins) and z_a = z_b + G4
FIG6_ZB = """
    . . . . X X X
    . . . X X . .
    . . X . O X X
    . . . . O X X
    . X X X X o o
    . X o o o x o
    . X o # o # o
"""  # p_b = p_a + Black G4 (White to play, wins with F1) and z_b = z_c
FIG6_ZC = """
    . . . . X X X
    . . . X X . .
    . . X . O X X
    . . . . O X X
    . X X X X o o
    . X o o o # o
    . X o # o o o
"""  # p_c = p_b + White F1 capturing F2: White UCA, leaf zone z_c
FIG6_PD = """
    . . . . X X X
    . . . X X . .
    . . X . O X X
    . . . . O X X
    . X X X X O O
    . X O O O X O
    . X O . O . O
"""  # p_d (Black to play): same pattern as p_a on z_b; Black F1 captures four stones

FIG7_ZA = """
    . . . . x x #
    . . . x x o o
    . . X # o x x
    . . . # o x #
    . X X X X o o
    . X o o o x #
    . X o # o # o
"""  # p_a (Black to play; G4 and D1 are suicides) and z_a
FIG7_ZB = """
    . . . . X X X
    . . . X X . .
    . . X . O X X
    . . . . O X #
    . X X X X o o
    . X o o o x #
    . X o # o # o
"""  # p_b = p_a + Black G7 capturing F6 G6 (White to play, wins with G2) and z_b = z_c
FIG7_ZC = """
    . . . . X X X
    . . . X X . .
    . . X . O X X
    . . . . O X #
    . X X X X o o
    . X o o o x o
    . X o # o # o
"""  # p_c = p_b + White G2 = Figure 6 p_a, with z_c = Figure 6 z_a
FIG7_PD = """
    . . . . X X X
    . . . X X . .
    . . X . O X X
    . . . . O X .
    . X X X X O O
    . X O O O X .
    . X O . O . O
"""  # p_d (Black to play): same pattern as p_a on z_b; Black G4 is legal here

# name: (node diagram with the expected zone, side to move, OR move or None for an
#        AND node, diagram of the zone dilation starts from)
FIGURE_CASES = {
    # OR node with a capture: z_u = z_b + F1 = z_b; the captured block G1-G4 and the
    # white G5 around it join, then DL-1 adds G5's only liberty G6 (the text's words).
    "fig5-pa-or": (FIG5_ZA, WHITE, "F1", FIG5_ZB),
    # AND node: "the union of RZs of the children of p_b is z_b ... a valid RZ" (no growth).
    "fig5-pb-and": (FIG5_ZB, BLACK, None, FIG5_ZB),
    # AND node, CR-2: the four-stone white block F3 G3 G2 G1 has two liberties, F1 and G4;
    # both must be in the zone, so G4 joins ("one extra grid at G4").
    "fig6-pa-and": (FIG6_ZA, BLACK, None, FIG6_ZB),
    # OR node with a capture (F1 takes F2): everything involved is already in z_c.
    "fig6-pb-or": (FIG6_ZB, WHITE, "F1", FIG6_ZC),
    # AND node, CR-1 + CR-2: G4 is suicide, so the black block F4 F5 G5 and the white
    # blocks E4 E5 and F6 G6 around it join; E4 E5 keeps two liberties (D4 D5); F6 G6 has
    # one (G7), so G7 and the black block F7 E7 E6 D6 around it join.
    "fig7-pa-and": (FIG7_ZA, BLACK, None, FIG7_ZB),
    # OR node without a capture: z_b = z_c + G2 = z_c.
    "fig7-pb-or": (FIG7_ZB, WHITE, "G2", FIG7_ZC),
}


# AND nodes whose union is drawn on a child: the attacker's move that leads there
UNION_DRAWN_AFTER = {"fig6-pa-and": "G4", "fig7-pa-and": "G7"}


def child_colors(board: Board, move: int) -> list[list[int]]:
    child = board.copy()
    child.play(move)
    return child.colors().tolist()


@pytest.mark.parametrize("name", sorted(FIGURE_CASES))
def test_figure_dilation_gives_the_papers_zone(name):
    expected, to_play, move, start = FIGURE_CASES[name]
    board, paper_zone = zone_board(expected, to_play)
    start_board, start_zone = zone_board(start, BLACK)
    if move is None:
        # the union is drawn on the node itself (5b) or on the child it comes from
        drawn_on = UNION_DRAWN_AFTER.get(name)
        assert start_board.colors().tolist() == (
            board.colors().tolist() if drawn_on is None else child_colors(board, loc(drawn_on)))
        zone, history_dependent = dilate_and(board, start_zone)
        assert not history_dependent
    else:
        # the child zone is drawn on the child position: the node plus the move
        assert child_colors(board, loc(move)) == start_board.colors().tolist()
        zone = dilate_or(board, loc(move), start_zone)
    assert zone == sorted(zone)
    assert norm(zone_diagram(board, zone)) == norm(expected), gtp(set(zone) ^ paper_zone)


def test_figure5_derived_from_its_leaves():
    """p_b's zone is the union of its children's zones, each the leaf's life zone
    dilated at the OR node above it; p_a's zone is then the OR dilation of z_b."""
    p_b, z_b = zone_board(FIG5_ZB, BLACK)
    _, z_c = zone_board(FIG5_ZC, WHITE)
    _, z_d = zone_board(FIG5_ZD, WHITE)
    union: set[int] = set()
    # Black's three moves in the must-play region and White's answers (the caption:
    # G3 -> G2 reaching p_c, G2 -> G3 reaching p_d, G1 -> G2 "trivially").
    for black, white, paper_leaf_zone in (("G3", "G2", z_c), ("G2", "G3", z_d),
                                          ("G1", "G2", None)):
        t1 = p_b.play(loc(black))
        t2 = p_b.play(loc(white))
        reached, leaf_zone = goal_zone(p_b, WHITE, True)
        assert reached
        if paper_leaf_zone is not None:
            assert set(leaf_zone) == paper_leaf_zone
        p_b.undo(t2)
        or_zone = dilate_or(p_b, loc(white), leaf_zone)
        p_b.undo(t1)
        union |= set(or_zone)
        if black == "G3":
            # the null move of the caption: G3 is outside this zone, so every Black move
            # outside it is pruned and only G1 and G2 remain to be searched
            assert loc("G3") not in or_zone
            assert set(or_zone) == z_c
    assert union == z_b
    zone, history_dependent = dilate_and(p_b, union)
    assert set(zone) == z_b and not history_dependent
    p_a, z_a = zone_board(FIG5_ZA, WHITE)
    assert set(dilate_or(p_a, loc("F1"), zone)) == z_a


def test_figure6_derived_from_its_leaf():
    p_c, z_c = zone_board(FIG6_ZC, BLACK)
    reached, leaf_zone = goal_zone(p_c, WHITE, True)
    assert reached and set(leaf_zone) == z_c
    p_b, z_b = zone_board(FIG6_ZB, WHITE)
    zone_b = dilate_or(p_b, loc("F1"), leaf_zone)
    assert set(zone_b) == z_b
    # Black's only move G4 is outside z_b: a null move, so z_u = z_b, dilated to z_a.
    assert loc("G4") not in zone_b
    p_a, z_a = zone_board(FIG6_ZA, BLACK)
    assert set(dilate_and(p_a, zone_b)[0]) == z_a


def test_figure7_derived_from_figure6():
    """p_c is Figure 6's p_a, so its zone is the one derived there; the caption omits
    the F1 and G2 children ("the same RZs"), so z_u is z_b as the paper says."""
    p_c, z_c = zone_board(FIG7_ZC, BLACK)
    fig6_a, fig6_za = zone_board(FIG6_ZA, BLACK)
    assert p_c.colors().tolist() == fig6_a.colors().tolist() and z_c == fig6_za
    p_b, z_b = zone_board(FIG7_ZB, WHITE)
    zone_b = dilate_or(p_b, loc("G2"), sorted(z_c))
    assert set(zone_b) == z_b
    p_a, z_a = zone_board(FIG7_ZA, BLACK)
    # Black's legal moves inside z_b are only F1 and G2 (G4 and D1 are suicides).
    assert p_a.legal_moves(z_b) == sorted(loc(p) for p in ("F1", "G2"))
    assert {p_a.illegal_reason(loc(p)) for p in ("G4", "D1")} == {"suicide"}
    assert loc("G7") not in z_b      # Black G7 was a null move
    assert set(dilate_and(p_a, zone_b)[0]) == z_a


# ---- the figures' counter-examples: why the undilated zones fail ----------------

def test_figure5_counter_example():
    p_a, z_a = zone_board(FIG5_ZA, WHITE)
    _, z_b = zone_board(FIG5_ZB, BLACK)
    p_e = parse_diagram(FIG5_PE, to_play=WHITE)
    assert agree(p_a, p_e, z_b) and not agree(p_a, p_e, z_a)
    assert gtp(p for p in z_a if p_a.color_at(p) != p_e.color_at(p)) == ["G5"]
    # White F1 captures four stones in p_a, nothing in p_e: z_b breaks CR-3.
    for board, captured in ((p_a, 4), (p_e, 0)):
        board.play(loc("F1"))
        assert board.captures(WHITE) == captured


def test_figure6_counter_example():
    p_a, z_a = zone_board(FIG6_ZA, BLACK)
    _, z_b = zone_board(FIG6_ZB, WHITE)
    p_d = parse_diagram(FIG6_PD, to_play=BLACK)
    assert agree(p_a, p_d, z_b) and not agree(p_a, p_d, z_a)
    # Black F1 is suicide in p_a but captures F3 G3 G2 G1 in p_d: z_b breaks CR-1.
    assert p_a.illegal_reason(loc("F1")) == "suicide"
    p_d.play(loc("F1"))
    assert p_d.captures(BLACK) == 4


def test_figure7_counter_example():
    p_a, z_a = zone_board(FIG7_ZA, BLACK)
    _, z_b = zone_board(FIG7_ZB, WHITE)
    p_d = parse_diagram(FIG7_PD, to_play=BLACK)
    assert agree(p_a, p_d, z_b) and not agree(p_a, p_d, z_a)
    # Black G4 is suicide in p_a, legal in p_d (leaving F3 G3 in atari): z_b breaks CR-1.
    assert p_a.illegal_reason(loc("G4")) == "suicide"
    assert p_d.is_legal(loc("G4"))
    p_d.play(loc("G4"))
    assert p_d.num_liberties(loc("G3")) == 1


# ---- single rules and documented deviations, on small boards --------------------

def test_or_move_keeps_a_liberty_the_zone_fixes():
    """CR-3 for a move that captures nothing: its stone needs a liberty that every
    pattern-equal position shares.  White's D2 here is answered by a child zone that
    does not contain D2 (for example a null move); the zone gets D2 and D2's smallest
    empty neighbour C2 (top row first), not just D2: without it, Black stones on C2 and
    D1 would make D2 suicide in a pattern-equal position."""
    board = parse_diagram("""
        . . . . .
        . . . . .
        . . . X .
        . . . . X
        . . . . .
    """, to_play=WHITE)
    zone = dilate_or(board, loc("D2", 5), [])
    assert norm(zone_diagram(board, zone)) == norm("""
        . . . . .
        . . . . .
        . . . X .
        . . # # X
        . . . . .
    """)
    # with a liberty already in the zone nothing more is needed
    assert dilate_or(board, loc("D2", 5), [loc("C2", 5)]) == sorted(loc(p, 5) for p in ("C2", "D2"))


def test_or_move_next_to_a_friendly_chain_uses_its_liberty():
    """No empty neighbour: the move lives through the white chain next to it, so that
    chain joins whole with a liberty other than the move: B3, the smallest (top row
    first) of A1, A2 and B3."""
    board = parse_diagram("""
        . . . . .
        . . . . .
        . . X X .
        . O O X .
        . O . X .
    """, to_play=WHITE)
    zone = dilate_or(board, loc("C1", 5), [])
    assert norm(zone_diagram(board, zone)) == norm("""
        . . . . .
        . . . . .
        . # X X .
        . o o X .
        . o # X .
    """)


def test_or_move_that_takes_a_ko_brings_the_chains_around_it():
    """White C3 takes the ko at B3: Black may not retake at once in the child.  The
    ko point is part of the child's pattern, so the move must take the same ko in
    every pattern-equal position: the black chains around C3 join the zone (each
    keeping a liberty in it other than C3).  Without them, a p* with White D3 (and
    Black on D4, E3, D2) agrees on the rest, but there C3 joins D3, no ko arises and
    Black's immediate retake at B3 captures two stones: a move the proof never answered."""
    board = parse_diagram("""
        . . . . .
        . O X . .
        O X . X .
        . O X . .
        . . . . .
    """, to_play=WHITE)
    zone = dilate_or(board, loc("C3", 5), [loc("B3", 5)])
    assert norm(zone_diagram(board, zone)) == norm("""
        . # # . .
        # o x # .
        o x # x .
        # o x # .
        . . . . .
    """)
    counter = parse_diagram("""
        . . . . .
        . O X X .
        O X . O X
        . O X X .
        . . . . .
    """, to_play=WHITE)
    counter.play(loc("C3", 5))
    assert counter.ko_loc == PASS and counter.is_legal(loc("B3", 5))
    assert loc("D3", 5) in zone        # so this p* no longer agrees with the zone


def test_or_single_capture_by_a_side_forbidden_to_take_kos_stays_no_ko():
    """White may not take kos.  White C3 takes B3 and is no ko capture here, because
    D3 is empty; with Black on D3 it would be one, and illegal.  So D3 joins the
    zone, but only when White is forbidden to take kos."""
    text = """
        . . . . .
        . O X . .
        O X . . .
        . O X . .
        . . . . .
    """
    board = parse_diagram(text, to_play=WHITE)
    allowed = dilate_or(board, loc("C3", 5), [loc("B3", 5)])
    board.set_ko_capture_allowed(WHITE, False)
    assert board.is_legal(loc("C3", 5))
    forbidden = dilate_or(board, loc("C3", 5), [loc("B3", 5)])
    assert set(forbidden) - set(allowed) == {loc("D3", 5)}
    assert norm(zone_diagram(board, forbidden)) == norm("""
        . # . . .
        # o X . .
        o x # # .
        # o X . .
        . . . . .
    """)
    board.set_stone(loc("D3", 5), BLACK)
    assert board.illegal_reason(loc("C3", 5)) == "ko capture forbidden"


def test_or_pass_adds_nothing_but_the_closure_rules():
    board = parse_diagram("""
        . . . . .
        . X X . .
        . O O X .
        . . . . .
        . . . . .
    """, to_play=WHITE)
    zone = dilate_or(board, PASS, [loc("B3", 5)])
    # the chain B3 C3 joins whole, and DL-1 adds its smallest liberty A3
    assert gtp(zone, 5) == ["A3", "B3", "C3"]


def test_and_forbidden_ko_capture_is_treated_like_a_suicide():
    """A deviation from the appendix (which ignores ko): when the attacker may not
    capture a ko at all, that point must stay a forbidden ko capture in every
    pattern-equal position, so the stones around it and their surroundings join."""
    text = """
        . . . . .
        . . . . .
        . X O . .
        X O . O .
        . X O . .
    """
    board = parse_diagram(text, to_play=BLACK)
    assert board.is_legal(loc("C2", 5))
    zone_allowed, _ = dilate_and(board, [loc("C2", 5)])
    board.set_ko_capture_allowed(BLACK, False)
    assert board.illegal_reason(loc("C2", 5)) == "ko capture forbidden"
    zone_forbidden, _ = dilate_and(board, [loc("C2", 5)])
    # Black C2 would capture B2 (one liberty): B2 and the black stones around it
    # (A2 B1 B3) join, and so do White C1, C3 and D2 with two zone liberties each.
    assert set(zone_allowed) < set(zone_forbidden)
    assert {loc(p, 5) for p in ("A2", "B1", "B2", "B3", "C1", "C3", "D2")} <= set(zone_forbidden)
    assert {loc(p, 5) for p in ("A2", "B1", "B3")}.isdisjoint(zone_allowed)


def test_and_superko_point_makes_the_zone_history_dependent():
    board = parse_diagram("""
        . . . . .
        . . . . .
        . . . . .
        . X . . .
        . . . . .
    """, to_play=WHITE)
    target = loc("D4", 5)
    token = board.play(target)
    repeated = board.hash
    board.undo(token)
    board.set_history([repeated])   # White D4 would recreate a position of the path
    assert board.illegal_reason(target) == "superko"
    assert dilate_and(board, [target])[1] is True
    assert dilate_and(board, [loc("A5", 5)]) == ([loc("A5", 5)], False)


def test_bad_input_is_a_clear_error():
    board = Board(5)
    with pytest.raises(ValueError):
        dilate_and(board, [0])                     # pass / wall is no zone point
    with pytest.raises(ValueError):
        dilate_and(board, [coords.to_loc(0, 0, 5) - 1])
    with pytest.raises(ValueError):
        dilate_or(board, 10_000, [])


# ---- properties, by brute force -------------------------------------------------------

def neighbours(p: int, size: int):
    return coords.neighbours(p, size)


def drop_dead_chains(colors: dict[int, int], size: int, keep: set[int]) -> dict[int, int]:
    """Remove chains without liberties (none may touch ``keep``) until none is left."""
    while True:
        seen: set[int] = set()
        removed = False
        for p, c in list(colors.items()):
            if c == EMPTY or p in seen:
                continue
            chain, stack, has_liberty = {p}, [p], False
            while stack:
                q = stack.pop()
                for n in neighbours(q, size):
                    if colors[n] == EMPTY:
                        has_liberty = True
                    elif colors[n] == c and n not in chain:
                        chain.add(n)
                        stack.append(n)
            seen |= chain
            if not has_liberty:
                # DL-1 keeps every chain of the zone alive whatever lies outside
                assert not chain & keep, "a chain of the zone lost its last liberty"
                for q in chain:
                    colors[q] = EMPTY
                removed = True
        if not removed:
            return colors


def board_from(colors: dict[int, int], size: int, like: Board) -> Board:
    board = Board(size, like.to_play)
    for c in (BLACK, WHITE):
        board.set_ko_capture_allowed(c, like.ko_capture_allowed(c))
    for p, c in colors.items():
        if c != EMPTY:
            board.set_stone(p, c)
    return board


def random_position(rng: random.Random, size: int, to_play: int) -> Board:
    density, white = rng.uniform(0.3, 0.8), rng.uniform(0.3, 0.7)
    colors = {p: EMPTY if rng.random() > density else (WHITE if rng.random() < white else BLACK)
              for p in coords.all_locs(size)}
    return board_from(drop_dead_chains(colors, size, set()), size, Board(size, to_play))


def pattern_equal_variant(rng: random.Random, board: Board, zone: set[int]) -> Board:
    """A legal position equal to ``board`` inside ``zone`` and random outside; half the
    time every point next to the zone is filled (the hardest case for liberties)."""
    size = board.size
    density = rng.uniform(0.2, 0.9)
    border = {n for p in zone for n in neighbours(p, size)} - zone
    border_density = rng.choice((density, 1.0))
    colors = {}
    for p in coords.all_locs(size):
        if p in zone:
            colors[p] = board.color_at(p)
        elif rng.random() < (border_density if p in border else density):
            colors[p] = rng.choice((BLACK, WHITE))
        else:
            colors[p] = EMPTY
    variant = board_from(drop_dead_chains(colors, size, zone), size, board)
    # colours only: a variant built from scratch has no ko point (see check_and_zone)
    assert zone_pattern(variant, zone) == zone_pattern(board, zone)
    return variant


def zone_pattern(board: Board, zone) -> dict[int, int]:
    return {p: board.color_at(p) for p in zone}


def show(board: Board, zone) -> str:
    return "\n" + render_diagram(board, {p: ZONE_CHARS[board.color_at(p)] for p in zone},
                                 coordinates=True)


def context(move: int, other: Board, board: Board, zone) -> str:
    """Failure context: the move, p* and p with the zone drawn."""
    return f" ({coords.to_gtp(move, board.size)} in{show(other, zone)}\nfor{show(board, zone)})"


def random_seed_zone(rng: random.Random, board: Board) -> list[int]:
    points = coords.all_locs(board.size)
    return rng.sample(points, rng.randint(0, max(1, len(points) // 6)))


def check_rules(board: Board, seed, zone, where: str) -> None:
    """Monotone, sorted, chains whole, DL-1."""
    assert zone == sorted(set(zone)), where
    zone = set(zone)
    assert set(seed) <= zone, "dilation lost points" + where
    for p in zone:
        if board.color_at(p) != EMPTY:
            assert set(board.chain(p)) <= zone, f"chain at {p} split" + where
            assert set(board.liberties(p)) & zone, f"DL-1 fails at {p}" + where


def check_and_zone(board: Board, zone: set[int], rng: random.Random, variants: int) -> None:
    """CR-1 and CR-2 on ``variants`` random pattern-equal positions."""
    for _ in range(variants):
        other = pattern_equal_variant(rng, board, zone)
        for m in coords.all_locs(board.size):
            if other.color_at(m) != EMPTY or not other.is_legal(m):
                continue
            where = context(m, other, board, zone)
            if m in zone:
                reason = board.illegal_reason(m)
                assert reason in (None, "ko", "superko"), "CR-1: illegal in p" + where
                if reason is not None:
                    continue     # history: p* has no ko and no path
                token = board.play(m)
                after = zone_pattern(board, zone)
                board.undo(token)
            else:
                after = zone_pattern(board, zone)
            token = other.play(m)
            assert zone_pattern(other, zone) == after, "CR-1/CR-2: pattern changed" + where
            other.undo(token)


def check_or_zone(board: Board, move: int, zone: set[int], child_zone: set[int] | None,
                  rng: random.Random, variants: int) -> None:
    """CR-3 (and the child's CR-1 legality when ``child_zone`` is a real child zone)."""
    token = board.play(move)
    after = zone_pattern(board, zone)
    child = board.copy()
    board.undo(token)
    for _ in range(variants):
        other = pattern_equal_variant(rng, board, zone)
        where = context(move, other, board, zone)
        assert other.is_legal(move), "CR-3: the move is illegal in p*" + where
        other.play(move)
        assert zone_pattern(other, zone) == after, "CR-3: pattern changed" + where
        if child.ko_loc != PASS:
            # the ko point (the stone taken, in the zone) is part of the pattern
            assert other.ko_loc == child.ko_loc, "CR-3: the move takes no ko in p*" + where
        if child_zone is not None:
            # the ko point of p*' may differ from p''s, but never so that the attacker
            # gets a move inside the child's zone that the proof did not answer
            for m in child_zone:
                if other.color_at(m) == EMPTY and other.is_legal(m):
                    assert child.is_legal(m), f"child CR-1 at {m}" + where


def takes_stones(board: Board, move: int) -> bool:
    before = board.captures(board.to_play)
    mover = board.to_play
    token = board.play(move)
    taken = board.captures(mover) > before
    board.undo(token)
    return taken


def check_position(board: Board, rng: random.Random, variants: int = 2) -> None:
    """Both node kinds on ``board`` with random seed zones and, for OR, a random move."""
    attacker = board.to_play
    seed = random_seed_zone(rng, board)
    zone, history_dependent = dilate_and(board, seed)
    check_rules(board, seed, zone, show(board, zone))
    assert dilate_and(board, zone) == (zone, history_dependent), "not idempotent"
    check_and_zone(board, set(zone), rng, variants)

    board.to_play = attacker ^ 3
    try:
        moves = board.legal_moves()
        if not moves:
            return
        captures = [m for m in moves if takes_stones(board, m)]
        # captures half the time: they are where the capture and ko rules act
        move = rng.choice(captures if captures and rng.random() < 0.5 else moves)
        token = board.play(move)
        real_child = rng.random() < 0.5
        child_zone = random_seed_zone(rng, board)
        if real_child:
            child_zone = dilate_and(board, child_zone)[0]
        board.undo(token)
        zone = dilate_or(board, move, child_zone)
        check_rules(board, [*child_zone, move], zone, show(board, zone))
        assert dilate_or(board, move, zone) == zone, "not idempotent"
        check_or_zone(board, move, set(zone), set(child_zone) if real_child else None,
                      rng, variants)
    finally:
        board.to_play = attacker


def pick(rng: random.Random, board: Board) -> int | None:
    """A random legal move, a capture half the time when there is one."""
    moves = board.legal_moves()
    captures = [m for m in moves if takes_stones(board, m)]
    if captures and rng.random() < 0.5:
        return rng.choice(captures)
    return rng.choice(moves) if moves else None


def check_two_plies(board: Board, rng: random.Random, variants: int = 3) -> None:
    """Replay two plies in p*.  The AND node's zone is dilated from the zone of its
    child after the attacker's m, which is the OR dilation (defender's reply r) of a
    grandchild zone; wherever m is legal in p*, r must be legal after it, leave the
    same pattern on the child's zone and take the same ko."""
    m = pick(rng, board)
    if m is None:
        return
    token_m = board.play(m)
    r = pick(rng, board)
    if r is None:
        board.undo(token_m)
        return
    token_r = board.play(r)
    grandchild_zone = random_seed_zone(rng, board)
    if rng.random() < 0.5:
        grandchild_zone = dilate_and(board, grandchild_zone)[0]
    after = zone_pattern(board, coords.all_locs(board.size))
    ko_after = board.ko_loc
    board.undo(token_r)
    child_zone = dilate_or(board, r, grandchild_zone)
    board.undo(token_m)
    seed = set(child_zone) | ({m} if rng.random() < 0.7 else set())   # m may be a null move
    zone = set(dilate_and(board, seed)[0])
    for _ in range(variants):
        other = pattern_equal_variant(rng, board, zone)
        if other.color_at(m) != EMPTY or not other.is_legal(m):
            continue
        other.play(m)
        where = context(r, other, board, zone) + f" after {coords.to_gtp(m, board.size)}"
        assert other.is_legal(r), "the reply is illegal in p*" + where
        other.play(r)
        assert zone_pattern(other, child_zone) == {p: after[p] for p in child_zone}, \
            "the reply changed the pattern" + where
        if ko_after != PASS:
            assert other.ko_loc == ko_after, "the reply takes no ko in p*" + where


@pytest.mark.parametrize("seed", range(4))
def test_random_positions_satisfy_the_rules_and_consistent_replay(seed):
    rng = random.Random(seed)
    for _ in range(150):
        size = rng.randint(5, 9)
        board = random_position(rng, size, rng.choice((BLACK, WHITE)))
        for colour in (BLACK, WHITE):       # the problem may forbid a side ko captures
            if rng.random() < 0.3:
                board.set_ko_capture_allowed(colour, False)
        check_position(board, rng)


@pytest.mark.parametrize("seed", range(2))
def test_random_positions_replay_two_plies(seed):
    rng = random.Random(100 + seed)
    for _ in range(150):
        board = random_position(rng, rng.randint(5, 9), rng.choice((BLACK, WHITE)))
        for colour in (BLACK, WHITE):
            if rng.random() < 0.3:
                board.set_ko_capture_allowed(colour, False)
        check_two_plies(board, rng)


def test_random_positions_after_play_with_kos():
    """Positions reached by play carry ko points and histories; still consistent."""
    rng = random.Random(11)
    kos = 0
    for _ in range(120):
        size = rng.randint(5, 7)
        board = random_position(rng, size, BLACK)
        for _ in range(rng.randint(1, 30)):             # play until a ko (or give up)
            moves = board.legal_moves()
            if not moves or board.ko_loc != PASS:
                break
            captures = [m for m in moves if takes_stones(board, m)]
            board.play(rng.choice(captures or moves))    # captures make kos
        kos += board.ko_loc != PASS
        check_position(board, rng)
        check_two_plies(board, rng)
    assert kos >= 10, f"the sample should contain ko positions, not {kos}"


# ---- the figure problems as inputs (Figures 10(b) and 11) -------------------------

def figure_problems() -> dict[str, Board]:
    """The positions of Figure 11's twenty 7x7 problems (replayed from their move lists,
    side to move from the caption) and Figure 10(b)'s 19x19 problem."""
    if not FIGURES_MD.exists():
        pytest.skip(f"{FIGURES_MD} is absent")
    text = FIGURES_MD.read_text()
    out = {}
    for m in re.finditer(r"### Figure 11\((\w)\): problem \d+, (Black|White) to play"
                         r".*?Move order[^:]*: ([^\n]*)", text, re.S):
        board = Board(7)
        for item in m.group(3).split(","):
            colour, point = item.split()
            board.to_play = BLACK if colour == "B" else WHITE
            board.play(coords.from_gtp(point, 7))
        board.to_play = BLACK if m.group(2) == "Black" else WHITE
        out[f"11{m.group(1)}"] = board
    block = re.search(r"### Figure 10\(b\).*?```(.*?)```", text, re.S)
    out["10b"] = parse_diagram(block.group(1), to_play=WHITE)
    assert len(out) == 21, sorted(out)
    return out


def test_figure_problem_positions():
    rng = random.Random(3)
    for name, board in sorted(figure_problems().items()):
        for to_play in (BLACK, WHITE):
            board.to_play = to_play
            for _ in range(2 if name == "10b" else 5):
                check_position(board, rng, variants=1 if name == "10b" else 2)


def test_and_a_ko_capture_the_attacker_may_make_is_kept_for_either_ko_rule():
    """``either_ko_rule``: a classification's rule sets differ in who may take kos and
    take each other's results, so a zone must hold under both: the ko capture Black may
    make at C2 gets the surroundings a forbidden one gets (the test above)."""
    text = """
        . . . . .
        . . . . .
        . X O . .
        X O . O .
        . X O . .
    """
    board = parse_diagram(text, to_play=BLACK)
    plain, _ = dilate_and(board, [loc("C2", 5)])
    either, _ = dilate_and(board, [loc("C2", 5)], either_ko_rule=True)
    board.set_ko_capture_allowed(BLACK, False)
    forbidden, _ = dilate_and(board, [loc("C2", 5)])
    assert set(plain) < set(either)
    assert set(either) == set(forbidden)


@pytest.mark.parametrize("seed", range(3))
def test_random_either_ko_rule_zones_hold_where_the_attacker_may_not_take_kos(seed):
    """An AND zone dilated with ``either_ko_rule`` where the attacker may take kos holds
    (CR-1, CR-2 on pattern-equal positions) there and where it may not; on random
    positions with a ko capture for the attacker, one of them in the seed.  (It need not
    hold the plain zone: liberties are added smallest first, and the chains the ko
    capture brings may already give a chain the liberties it needs.)"""
    rng = random.Random(300 + seed)
    checked = 0
    for _ in range(3000):
        size = rng.randint(5, 7)
        board = random_position(rng, size, BLACK)
        for _ in range(rng.randint(0, 20)):             # captures make ko shapes
            moves = board.legal_moves()
            if not moves:
                break
            captures = [m for m in moves if takes_stones(board, m)]
            board.play(rng.choice(captures or moves))
        board.set_ko_capture_allowed(board.to_play, False)
        ko_captures = [p for p in coords.all_locs(size)
                       if board.illegal_reason(p) == "ko capture forbidden"]
        if not ko_captures:
            continue
        board.set_ko_capture_allowed(board.to_play, True)
        seed_zone = random_seed_zone(rng, board) + [rng.choice(ko_captures)]
        zone, _ = dilate_and(board, seed_zone, either_ko_rule=True)
        check_rules(board, seed_zone, zone, show(board, zone))
        check_and_zone(board, set(zone), rng, 2)
        board.set_ko_capture_allowed(board.to_play, False)
        check_and_zone(board, set(zone), rng, 3)
        checked += 1
        if checked == 60:
            return
    pytest.fail(f"only {checked} positions with a ko capture")
