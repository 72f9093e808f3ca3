"""The zone bitset (``engine_cy/zone.pxd``) and the zone-pattern test, against Python models.

``zone.pxd`` holds ``cdef inline`` functions only; ``engine_cy.zone_testing``
wraps each one for Python, with zones as ints (bit ``loc`` set).  Python's own
int bit operations are the independent model: every operation is checked on
seeded random zones spread over all padded cells of boards up to 19x19.

The zone-pattern test beta(p) (.) z == beta(p*) (.) z ("two positions agree
inside z") is ``zone_testing.agree``: same colours on z, and the same ko point
whenever either position's ko point lies in z (``dilate.pyx``: a simple-ko
retake inside the zone is part of the pattern).  ``zone_testing.stored``: the
block store df-pn keeps its zones in (``engine_cy/zone_store.pxd``).
"""

from __future__ import annotations

import random

import pytest

from engine_cy import zone_testing as zt
from engine_cy.board import BLACK, EMPTY, PASS, WHITE, Board
from tsumego_gui.core import coords
from tsumego_gui.core.diagram import parse_diagram

CELLS_19 = coords.array_size(19)     # 441 padded cells of a 19x19 board


def random_zone(rng: random.Random) -> int:
    """A random zone: dense, sparse, empty or one word's worth of bits."""
    kind = rng.randrange(4)
    if kind == 0:
        return rng.getrandbits(CELLS_19)
    if kind == 1:
        return sum(1 << rng.randrange(CELLS_19) for _ in range(rng.randrange(1, 12)))
    if kind == 2:
        return 0
    word = rng.randrange(7)
    return (rng.getrandbits(64) << (64 * word)) & ((1 << CELLS_19) - 1)


def test_capacity_covers_every_padded_cell_of_19x19():
    assert zt.CAPACITY >= CELLS_19 == zt.MAX_CELLS
    last = CELLS_19 - 1
    assert zt.members(zt.add(zt.clear(), last)) == [last]
    assert zt.count((1 << CELLS_19) - 1) == CELLS_19


def test_operations_match_python_ints():
    rng = random.Random(7)
    for _ in range(2000):
        a, b = random_zone(rng), random_zone(rng)
        p = rng.randrange(zt.CAPACITY)
        assert zt.clear() == 0
        assert zt.add(a, p) == a | (1 << p)
        assert zt.remove(a, p) == a & ~(1 << p)
        assert zt.has(a, p) == bool(a >> p & 1)
        assert zt.union(a, b) == a | b
        assert zt.intersect(a, b) == a & b
        assert zt.subtract(a, b) == a & ~b
        assert zt.equal(a, b) == (a == b) and zt.equal(a, a)
        assert zt.subset(a, b) == (a & ~b == 0)
        assert zt.subset(a & b, a) and zt.subset(a, a | b)
        assert zt.empty(a) == (a == 0)
        assert zt.count(a) == bin(a).count("1")
        assert zt.members(a) == [q for q in range(zt.CAPACITY) if a >> q & 1]
        assert zt.iterate(a) == zt.members(a)


def test_every_board_point_is_its_own_bit():
    """Points of every board size map to distinct bits that round-trip through iteration."""
    for size in (2, 5, 9, 13, 19):
        z = zt.clear()
        for p in coords.all_locs(size):
            assert not zt.has(z, p)
            z = zt.add(z, p)
        assert zt.members(z) == sorted(coords.all_locs(size))
        assert zt.count(z) == size * size
        assert not zt.has(z, coords.PASS)


@pytest.mark.parametrize("bad", [-1, 1 << 448])
def test_values_that_are_no_zone_are_rejected(bad):
    with pytest.raises(ValueError):
        zt.count(bad)
    with pytest.raises(ValueError):
        zt.add(0, 448)


# ---- the zone-pattern test ------------------------------------------------------

def zone_of(points) -> int:
    return sum(1 << p for p in points)


def random_board(rng: random.Random, size: int) -> Board:
    board = Board(size)
    for p in coords.all_locs(size):
        colour = rng.choice((EMPTY, EMPTY, BLACK, WHITE))
        if colour != EMPTY:
            try:
                board.set_stone(p, colour)
            except ValueError:
                pass            # a chain without liberties: leave the point empty
    return board


def test_agree_matches_comparing_colours():
    rng = random.Random(5)
    for _ in range(300):
        size = rng.randint(2, 19)
        a = random_board(rng, size)
        b = a.copy()
        # change a few points of b
        for p in rng.sample(coords.all_locs(size), rng.randint(0, 3)):
            try:
                b.set_stone(p, rng.choice((EMPTY, BLACK, WHITE)))
            except ValueError:
                pass
        points = rng.sample(coords.all_locs(size), rng.randint(0, size * size))
        z = zone_of(points)
        expected = all(a.color_at(p) == b.color_at(p) for p in points)
        assert zt.agree(a, b, z) == expected == zt.agree(b, a, z)
        assert zt.agree(a, a, z)
        differ = [p for p in coords.all_locs(size) if a.color_at(p) != b.color_at(p)]
        assert zt.agree(a, b, zone_of(set(coords.all_locs(size)) - set(differ)))


def test_agree_on_the_papers_figure5():
    """Figure 5: p_e agrees with p_a on z_b but not on z_a (they differ at G5 only)."""
    p_a = parse_diagram("""
        . . . . . . .
        . . . . . X .
        . . . X . X O
        . . . . X O X
        . . X X O O X
        . . X O . O X
        . . X O O . X
    """, to_play=WHITE)
    p_e = parse_diagram("""
        . . . . . . .
        . . . . . X .
        . . . X X X X
        . . . X X O X
        . . X X O O X
        . . X O . O X
        . . X O O . X
    """, to_play=WHITE)
    names_b = "D1 D2 E1 E2 E3 F1 F2 F3 F4 G1 G2 G3"
    z_b = zone_of(coords.from_gtp(n, 7) for n in names_b.split())
    z_a = zone_of(coords.from_gtp(n, 7) for n in (names_b + " G4 G5 G6").split())
    assert zt.agree(p_a, p_e, z_b)
    assert not zt.agree(p_a, p_e, z_a)
    assert not zt.agree(p_a, p_e, zone_of([coords.from_gtp("G5", 7)]))


def test_agree_includes_the_ko_point_inside_the_zone():
    """Black C3 takes a ko (capturing B3): the ko point is part of the pattern."""
    text = """
        . . . . .
        . X O . .
        X O . O .
        . X O . .
        . . . . .
    """
    with_ko = parse_diagram(text, to_play=BLACK)
    with_ko.play(coords.from_gtp("C3", 5))          # captures B3: White may not retake at once
    ko_point = with_ko.ko_loc
    assert ko_point == coords.from_gtp("B3", 5)
    no_ko = Board(5)
    for p in coords.all_locs(5):
        if with_ko.color_at(p) != EMPTY:
            no_ko.set_stone(p, with_ko.color_at(p))
    assert no_ko.ko_loc == PASS
    everything = zone_of(coords.all_locs(5))
    assert not zt.agree(with_ko, no_ko, everything)
    assert not zt.agree(with_ko, no_ko, zone_of([ko_point]))
    # a zone without the ko point does not see it
    assert zt.agree(with_ko, no_ko, everything & ~(1 << ko_point))


def test_agree_rejects_bad_input():
    small, big = Board(5), Board(7)
    with pytest.raises(ValueError):
        zt.agree(small, big, 0)
    with pytest.raises(ValueError):
        zt.agree(small, Board(5), 1 << 0)             # pass / wall corner is no point
    with pytest.raises(ValueError):
        zt.agree(small, Board(5), 1 << coords.array_size(5))


def test_the_store_gives_every_zone_back_across_its_blocks():
    # 3.5 blocks of 2^16: the zones stored before a new block was allocated are unchanged
    rng = random.Random(7)
    values = [rng.getrandbits(zt.CAPACITY) for _ in range(3 * 65536 + 32768)]
    indices, read = zt.stored(values)
    assert indices == list(range(len(values)))
    assert read == values
