# cython: language_level=3
"""Zones: fixed-size bitsets over padded board points (inline, shared by every engine module).

A zone holds any subset of the MAX_ARR padded cells of a board up to 19x19.
Knows nothing about stones or rules.
"""

from libc.stdint cimport uint64_t
from libc.string cimport memset

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil

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
