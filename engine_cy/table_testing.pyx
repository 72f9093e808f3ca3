# cython: language_level=3
"""Python surface of the df-pn table (``engine_cy/dfpn_table.pxd``), for tests only.

``dfpn_table.pxd`` is a header of ``cdef inline`` functions that only Cython
code can call.  :func:`drop_and_sweep` drives them the way ``DfpnCore.collect``
does (insert, then sweep out some entries in place), and :func:`insert_all`
as its inserts grow the table, so ``tests/test_dfpn_table.py`` can check every
key against a Python dict.

Knows the table; nothing about df-pn's numbers or Go.
"""

from libc.stdint cimport UINT32_MAX, uint32_t, uint64_t

from engine_cy.dfpn_table cimport (
    Entry, Table, table_find, table_free, table_get, table_grow, table_init,
    table_needs_room, table_sweep,
)


cdef bint marked(const Entry* e, const void* ctx) noexcept nogil:
    return e.d == UINT32_MAX


cdef _insert(Table* t, keys, dropped):
    """Insert ``keys`` (entry ``p`` = the key's index; ``d`` marks those in ``dropped``),
    growing the table as needed."""
    cdef bint fresh
    cdef Entry* e
    cdef uint64_t k
    cdef uint32_t index
    for index, k in enumerate(keys):
        if table_needs_room(t) and not table_grow(t):
            raise MemoryError()
        e = table_get(t, k, &fresh)
        e.p = index
        e.d = UINT32_MAX if k in dropped else 0


cdef dict _found(Table* t, keys):
    """{key: its entry's ``p``, or None where the table does not find it}."""
    cdef Entry* e
    cdef uint64_t k
    found = {}
    for k in keys:
        e = table_find(t, k)
        found[k] = None if e == NULL else e.p
    return found


def drop_and_sweep(keys, dropped, int capacity):
    """Insert ``keys`` (distinct 64-bit ints; entry ``p`` = the key's index) into a table of
    ``capacity`` slots (a power of two, grown as needed), sweep out the entries of the keys
    in ``dropped``, and return ({key: p found, or None}, count, how many the sweep
    dropped)."""
    cdef Table t
    cdef size_t swept
    if not table_init(&t, capacity):
        raise MemoryError()
    try:
        _insert(&t, keys, dropped)
        swept = table_sweep(&t, marked, NULL)
        return _found(&t, keys), t.count, swept
    finally:
        table_free(&t)


def insert_all(keys, int capacity):
    """Insert ``keys`` (distinct 64-bit ints; entry ``p`` = the key's index) into a table of
    ``capacity`` slots, grown as needed, and return ({key: p found, or None}, capacity at
    the end) with no sweep between: what the growths alone left."""
    cdef Table t
    if not table_init(&t, capacity):
        raise MemoryError()
    try:
        _insert(&t, keys, ())
        return _found(&t, keys), t.mask + 1
    finally:
        table_free(&t)
