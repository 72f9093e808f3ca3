# cython: language_level=3
"""Python surface of the inline zone bitset (``engine_cy/zone.pxd``), for tests only.

``zone.pxd`` is a header of ``cdef inline`` functions that only Cython code
can call.  This module wraps each of them one-to-one so ``tests/test_zone.py``
can check them against Python's own integer bit operations.  Zones cross into
Python as non-negative ints with bit ``loc`` set (the form the search cores
already return).

:func:`agree` wraps the zone-pattern test beta(p) (.) z == beta(p*) (.) z (two
positions agree inside a zone, ``zone_pattern_equal``) and :func:`iterate`
the member iteration ``zone_next``; :func:`stored` the block store of zones
(``engine_cy/zone_store.pxd``).

Knows the zone layout and the board's colour array; no rules.
"""

from libc.stdint cimport uint32_t, uint64_t

from engine_cy.board cimport MAX_ARR, Board
from engine_cy.node_rules cimport zone_to_int
from engine_cy.zone cimport (
    ZONE_WORDS, Zone, zone_add, zone_clear, zone_count, zone_empty, zone_equal, zone_has,
    zone_intersect, zone_next, zone_pattern_equal, zone_remove, zone_subset, zone_subtract,
    zone_union,
)
from engine_cy.zone_store cimport ZoneStore, zones_add, zones_at, zones_free, zones_init

CAPACITY = 64 * ZONE_WORDS      # bits a zone holds (>= MAX_ARR padded cells of 19x19)
MAX_CELLS = MAX_ARR


cdef Zone _zone(object value) except *:
    """The Zone with the bits of ``value`` (ValueError when it does not fit)."""
    cdef Zone z
    cdef int i
    if value < 0 or value >> CAPACITY:
        raise ValueError(f"a zone is a non-negative int below 2**{CAPACITY}")
    for i in range(ZONE_WORDS):
        z.w[i] = <uint64_t>((value >> (64 * i)) & 0xFFFFFFFFFFFFFFFF)
    return z



cdef int _loc(int loc) except -1:
    if not 0 <= loc < CAPACITY:
        raise ValueError(f"loc {loc} is outside a zone (0..{CAPACITY - 1})")
    return loc


def clear():
    cdef Zone z
    zone_clear(&z)
    return zone_to_int(&z)


def add(value, int loc):
    cdef Zone z = _zone(value)
    zone_add(&z, _loc(loc))
    return zone_to_int(&z)


def remove(value, int loc):
    cdef Zone z = _zone(value)
    zone_remove(&z, _loc(loc))
    return zone_to_int(&z)


def has(value, int loc):
    cdef Zone z = _zone(value)
    return bool(zone_has(&z, _loc(loc)))


def union(a, b):
    cdef Zone z = _zone(a), other = _zone(b)
    zone_union(&z, &other)
    return zone_to_int(&z)


def intersect(a, b):
    cdef Zone z = _zone(a), other = _zone(b)
    zone_intersect(&z, &other)
    return zone_to_int(&z)


def subtract(a, b):
    cdef Zone z = _zone(a), other = _zone(b)
    zone_subtract(&z, &other)
    return zone_to_int(&z)


def equal(a, b):
    cdef Zone z = _zone(a), other = _zone(b)
    return bool(zone_equal(&z, &other))


def subset(a, b):
    """Is ``a`` a subset of ``b``?"""
    cdef Zone z = _zone(a), other = _zone(b)
    return bool(zone_subset(&z, &other))


def empty(value):
    cdef Zone z = _zone(value)
    return bool(zone_empty(&z))


def count(value):
    cdef Zone z = _zone(value)
    return zone_count(&z)


def members(value):
    """The locs of the zone, ascending (iteration through ``zone_has``)."""
    cdef Zone z = _zone(value)
    return [loc for loc in range(CAPACITY) if zone_has(&z, loc)]


def iterate(value):
    """The locs of the zone, ascending (iteration through ``zone_next``)."""
    cdef Zone z = _zone(value)
    cdef int loc = zone_next(&z, 0)
    out = []
    while loc >= 0:
        out.append(loc)
        loc = zone_next(&z, loc + 1)
    return out


def agree(Board a not None, Board b not None, value):
    """Do the two positions agree inside the zone?  Same board size required;
    ValueError for a zone bit that is not a point of the board."""
    if a.size != b.size:
        raise ValueError(f"boards of different sizes ({a.size}, {b.size})")
    cdef Zone z = _zone(value)
    for loc in members(value):
        a._check_point(loc)     # a zone holds board points only
    return bool(zone_pattern_equal(&z, a.pos.color, b.pos.color, a.pos.ko_loc, b.pos.ko_loc))


def stored(values):
    """Store the zones ``values`` in a fresh ``ZoneStore`` and return (the indices it
    gave, every zone read back by its index after the last was stored)."""
    cdef ZoneStore store
    cdef Zone z
    cdef uint32_t index
    zones_init(&store)
    try:
        indices = []
        for value in values:
            z = _zone(value)
            if not zones_add(&store, &z, &index):
                raise MemoryError()
            indices.append(index)
        return indices, [zone_to_int(zones_at(&store, i)) for i in indices]
    finally:
        zones_free(&store)
