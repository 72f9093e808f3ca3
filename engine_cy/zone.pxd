# cython: language_level=3
"""Zones: fixed-size bitsets over padded board points (inline, shared by every engine module).

A zone holds any subset of the MAX_ARR padded cells of a board up to 19x19.
Besides set operations: iteration (``zone_next``) and the zone-pattern test
(``zone_pattern_equal``: two positions agree inside a zone).  Knows colour
arrays indexed by padded point and that ko point 0 means "none"; nothing
about rules.
"""

from libc.stdint cimport uint64_t
from libc.string cimport memset

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil

cdef enum:
    ZONE_WORDS = 7        # 7 * 64 = 448 >= 441 padded cells

cdef struct Zone:
    uint64_t w[ZONE_WORDS]

cdef inline void zone_clear(Zone* z) noexcept nogil:
    memset(z, 0, sizeof(Zone))

cdef inline void zone_add(Zone* z, int loc) noexcept nogil:
    z.w[loc >> 6] |= (<uint64_t>1) << (loc & 63)

cdef inline void zone_remove(Zone* z, int loc) noexcept nogil:
    z.w[loc >> 6] &= ~((<uint64_t>1) << (loc & 63))

cdef inline bint zone_has(const Zone* z, int loc) noexcept nogil:
    return (z.w[loc >> 6] >> (loc & 63)) & 1

cdef inline void zone_union(Zone* z, const Zone* a) noexcept nogil:
    cdef int i
    for i in range(ZONE_WORDS):
        z.w[i] |= a.w[i]

cdef inline void zone_intersect(Zone* z, const Zone* a) noexcept nogil:
    cdef int i
    for i in range(ZONE_WORDS):
        z.w[i] &= a.w[i]

cdef inline void zone_subtract(Zone* z, const Zone* a) noexcept nogil:
    cdef int i
    for i in range(ZONE_WORDS):
        z.w[i] &= ~a.w[i]

cdef inline bint zone_equal(const Zone* a, const Zone* b) noexcept nogil:
    cdef int i
    for i in range(ZONE_WORDS):
        if a.w[i] != b.w[i]:
            return False
    return True

cdef inline bint zone_subset(const Zone* a, const Zone* b) noexcept nogil:
    """a is a subset of b."""
    cdef int i
    for i in range(ZONE_WORDS):
        if a.w[i] & ~b.w[i]:
            return False
    return True

cdef inline bint zone_empty(const Zone* z) noexcept nogil:
    cdef int i
    for i in range(ZONE_WORDS):
        if z.w[i]:
            return False
    return True

cdef inline int zone_count(const Zone* z) noexcept nogil:
    cdef int i, n = 0
    for i in range(ZONE_WORDS):
        n += __builtin_popcountll(z.w[i])
    return n


cdef inline int zone_next(const Zone* z, int loc) noexcept nogil:
    """The smallest member >= ``loc``, or -1 (iterate: ``zone_next(z, 0)``, then
    ``zone_next(z, previous + 1)``)."""
    cdef int i = loc >> 6
    cdef uint64_t word
    if loc < 0 or i >= ZONE_WORDS:
        return -1
    word = z.w[i] & ((<uint64_t>0xFFFFFFFFFFFFFFFFULL) << (loc & 63))
    while True:
        if word:
            return (i << 6) + __builtin_ctzll(word)
        i += 1
        if i >= ZONE_WORDS:
            return -1
        word = z.w[i]


cdef inline bint zone_pattern_equal(const Zone* z, const unsigned char* color_a,
                                    const unsigned char* color_b, int ko_a,
                                    int ko_b) noexcept nogil:
    """beta(a) (.) z == beta(b) (.) z: the same colour on every point of ``z``, and the
    same ko point when either ko point (0: none) lies in ``z`` (a simple-ko retake
    inside the zone is part of its pattern, see ``dilate.pyx``)."""
    cdef int loc = zone_next(z, 0)
    while loc >= 0:
        if color_a[loc] != color_b[loc]:
            return False
        loc = zone_next(z, loc + 1)
    if ko_a != ko_b and ((ko_a != 0 and zone_has(z, ko_a)) or (ko_b != 0 and zone_has(z, ko_b))):
        return False
    return True
