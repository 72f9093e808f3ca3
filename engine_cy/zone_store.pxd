# cython: language_level=3
"""Zones kept by index in fixed blocks: adding one never moves the others.

df-pn keeps a zone for every resolved entry, millions in a large search.  A
vector doubled by copying touched about twice the memory it ended with, and
new memory is dear (on the development VM ~2.5 s per GiB, s64); blocks of
2^16 zones are allocated as the store fills and never copied, so a pointer to
a zone stays good until the store is freed.  Knows nothing about what a zone
means.
"""

from libc.stdint cimport uint32_t
from libc.stdlib cimport free, malloc, realloc

from engine_cy.zone cimport Zone


cdef enum:
    ZONE_BLOCK_BITS = 16
    ZONE_BLOCK = 1 << ZONE_BLOCK_BITS


cdef struct ZoneStore:
    Zone** blocks
    size_t n_blocks           # blocks allocated
    size_t room               # length of ``blocks``
    size_t count              # zones stored


cdef inline void zones_init(ZoneStore* s) noexcept nogil:
    s.blocks = NULL
    s.n_blocks = 0
    s.room = 0
    s.count = 0


cdef inline Zone* zones_at(const ZoneStore* s, uint32_t i) noexcept nogil:
    return &s.blocks[i >> ZONE_BLOCK_BITS][i & (ZONE_BLOCK - 1)]


cdef inline bint zones_add(ZoneStore* s, const Zone* z, uint32_t* index) noexcept nogil:
    """Store a copy of ``z`` and set ``index`` to its index; False when out of memory."""
    cdef Zone** more
    cdef Zone* block
    if s.count == s.n_blocks << ZONE_BLOCK_BITS:
        if s.n_blocks == s.room:
            more = <Zone**>realloc(s.blocks, (2 * s.room + 16) * sizeof(Zone*))
            if more == NULL:
                return False
            s.blocks = more
            s.room = 2 * s.room + 16
        block = <Zone*>malloc(ZONE_BLOCK * sizeof(Zone))
        if block == NULL:
            return False
        s.blocks[s.n_blocks] = block
        s.n_blocks += 1
    s.blocks[s.count >> ZONE_BLOCK_BITS][s.count & (ZONE_BLOCK - 1)] = z[0]
    index[0] = <uint32_t>s.count
    s.count += 1
    return True


cdef inline void zones_free(ZoneStore* s) noexcept nogil:
    cdef size_t i
    for i in range(s.n_blocks):
        free(s.blocks[i])
    free(s.blocks)
    zones_init(s)
