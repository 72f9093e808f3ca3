# cython: language_level=3
"""Python surface of the df-pn table (``engine_cy/dfpn_table.pxd``), for tests only.

``dfpn_table.pxd`` is a header of ``cdef inline`` functions that only Cython
code can call.  :func:`drop_and_rehash` drives them the way ``DfpnCore.collect``
does (insert, empty some slots, rehash in place) so ``tests/test_dfpn_table.py``
can check every key against a Python dict.

Knows the table; nothing about df-pn's numbers or Go.
"""

from libc.stdint cimport uint32_t, uint64_t

from engine_cy.dfpn_table cimport (
    Entry, Table, table_find, table_free, table_get, table_init, table_needs_room,
    table_grow, table_rehash,
)


def drop_and_rehash(keys, dropped, int capacity):
    """Insert ``keys`` (distinct 64-bit ints; entry ``p`` = the key's index) into a table of
    ``capacity`` slots (a power of two, grown as needed), empty the slots of the keys in
    ``dropped``, rehash, and return ({key: p found, or None}, count, capacity)."""
    cdef Table t
    cdef bint fresh
    cdef Entry* e
    cdef uint64_t k
    cdef size_t i
    cdef uint32_t index
    if not table_init(&t, capacity):
        raise MemoryError()
    try:
        for index, k in enumerate(keys):
            if table_needs_room(&t) and not table_grow(&t):
                raise MemoryError()
            e = table_get(&t, k, &fresh)
            e.p = index
        drop = {(1 if d == 0 else d) for d in dropped}     # the table stores key 0 as 1
        for i in range(t.mask + 1):
            if t.slots[i].key != 0 and t.slots[i].key in drop:
                t.slots[i].key = 0
                t.count -= 1
        table_rehash(&t)
        found = {}
        for k in keys:
            e = table_find(&t, k)
            found[k] = None if e == NULL else e.p
        return found, t.count, t.mask + 1
    finally:
        table_free(&t)
