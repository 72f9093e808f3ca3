# cython: language_level=3
"""The df-pn table: 64-bit position keys to 16-byte entries, open addressing, linear probing.

One flat array of 24-byte slots: a lookup is one cache miss, a new entry
costs no allocation, and freeing millions of entries is one ``free``.  It
grows in place (doubling before it is more than 3/4 full); entries are
removed in bulk only, by ``table_sweep``, which drops those a test picks and
puts the others back where a probe finds them.  Growing and sweeping move entries, so a
pointer to an entry is good until the next insert that grows the table or the
next sweep: ``generation`` counts both, for callers that keep pointers.

Key 0 marks an empty slot, so a key of 0 is stored as 1.  Knows nothing
about Go; ``Entry`` is df-pn's.
"""

from libc.stdint cimport int16_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, realloc
from libc.string cimport memset

cdef extern from *:
    void __builtin_prefetch(const void* addr) nogil


cdef struct Entry:
    # 16 bytes: the table holds millions, and its speed is the speed of the cache
    uint32_t p                # proof number, for the side to move
    uint32_t d                # disproof number, for the side to move
    uint32_t zone             # resolved: index of its zone in DfpnCore.zones; open: the
                              # df-pn steps taken below it (which entries a collection keeps)
    int16_t best              # when resolved as a win for the mover: the move
    uint8_t kind              # INNER / GOAL / CAPTURED / PASSES
    uint8_t flags             # RESOLVED | SENSITIVE


cdef struct Slot:
    uint64_t key
    Entry e


cdef struct Table:
    Slot* slots
    size_t mask               # capacity - 1; capacity is a power of two
    size_t count
    uint32_t generation       # growths and sweeps so far


# ``table_sweep``'s test: whether to drop an entry (``ctx``: the caller's data)
ctypedef bint (*DropTest)(const Entry* e, const void* ctx) noexcept nogil


cdef inline bint table_init(Table* t, size_t capacity) noexcept nogil:
    """An empty table of ``capacity`` (a power of two) slots; False when out of memory."""
    t.slots = <Slot*>calloc(capacity, sizeof(Slot))
    t.mask = capacity - 1
    t.count = 0
    t.generation = 0
    return t.slots != NULL


cdef inline void table_free(Table* t) noexcept nogil:
    free(t.slots)
    t.slots = NULL
    t.count = 0


cdef inline Slot* table_probe(Slot* slots, size_t mask, uint64_t key) noexcept nogil:
    """The slot holding ``key``, or the empty slot where it belongs."""
    cdef size_t i = key & mask
    while slots[i].key != 0 and slots[i].key != key:
        i = (i + 1) & mask
    return &slots[i]


cdef inline bint table_grow(Table* t) noexcept nogil:
    """Double the capacity in place; False (table unchanged) when out of memory.

    The array is extended (``realloc``: the old slots keep their memory, so a
    table that grows to F bytes touches F bytes of new memory, not 2F as
    copying into a fresh array did: on a virtual machine new memory cost ~2.5 s
    per GiB, s64) and the old entries are placed again under the new mask, one
    at a time, by a probe that treats an empty slot and a slot still waiting to
    be placed alike as free: the entry goes there (swapped with the waiting one,
    which is placed next).  A placed slot never changes again, and every slot
    between a placed entry's home and its slot was placed when it went there:
    a probe for it meets no empty slot before it, and every entry is found."""
    cdef size_t old_cap = t.mask + 1, cap = 2 * old_cap, mask = cap - 1, i, j, ahead
    cdef uint64_t* waiting = <uint64_t*>calloc((old_cap + 63) // 64, sizeof(uint64_t))
    if waiting == NULL:
        return False
    cdef Slot* slots = <Slot*>realloc(t.slots, cap * sizeof(Slot))
    if slots == NULL:
        free(waiting)
        return False
    memset(&slots[old_cap], 0, old_cap * sizeof(Slot))
    for i in range(old_cap):
        if slots[i].key != 0:
            waiting[i >> 6] |= (<uint64_t>1) << (i & 63)
    cdef Slot moving
    for i in range(old_cap):
        # the homes are random: ask for the one a few entries on, to overlap the misses
        ahead = i + 16
        if ahead < old_cap and slots[ahead].key != 0:
            __builtin_prefetch(&slots[slots[ahead].key & mask])
        while (waiting[i >> 6] >> (i & 63)) & 1:
            j = slots[i].key & mask
            while slots[j].key != 0 and not (j < old_cap and (waiting[j >> 6] >> (j & 63)) & 1):
                j = (j + 1) & mask
            if j != i:
                moving = slots[j]
                slots[j] = slots[i]
                slots[i] = moving           # empty, or the next entry waiting at i
            if j < old_cap:                 # placed at j (i itself, or one that waited)
                waiting[j >> 6] &= ~((<uint64_t>1) << (j & 63))
            if slots[i].key == 0:
                waiting[i >> 6] &= ~((<uint64_t>1) << (i & 63))
    free(waiting)
    t.slots = slots
    t.mask = mask
    t.generation += 1
    return True


cdef inline size_t table_sweep(Table* t, DropTest drop, const void* ctx) noexcept nogil:
    """Drop the entries ``drop`` picks and put every other back where a probe from its
    home slot finds it; how many were dropped.  In place, no allocation.

    Entries are taken out in slot order from just after a slot that is empty
    before the sweep, so no probe run crosses the start: when an entry is probed
    for again, every slot between its home and its old place holds an entry
    already put back (or is empty), and it lands at its old place or before it.
    (Starting at a slot emptied by the sweep itself, a run that crosses it from
    the table's end would be cut: an entry placed past it, then a hole left
    behind it, and the entry lost.)"""
    cdef size_t cap = t.mask + 1, start = 0, k, i, dropped = 0
    cdef Slot moving
    while t.slots[start].key != 0:      # the table is at most 3/4 full: one is empty
        start += 1
    for k in range(1, cap + 1):
        i = (start + k) & t.mask
        if t.slots[i].key == 0:
            continue
        moving = t.slots[i]
        t.slots[i].key = 0
        if drop(&moving.e, ctx):
            dropped += 1
        else:
            table_probe(t.slots, t.mask, moving.key)[0] = moving
    t.count -= dropped
    t.generation += 1
    return dropped


cdef inline void table_prefetch(const Table* t, uint64_t key) noexcept nogil:
    """Start loading the slot where ``key`` would be, for a lookup soon after."""
    __builtin_prefetch(&t.slots[(key if key != 0 else 1) & t.mask])


cdef inline Entry* table_find(Table* t, uint64_t key) noexcept nogil:
    """The entry of ``key``, or NULL."""
    if key == 0:
        key = 1
    cdef Slot* s = table_probe(t.slots, t.mask, key)
    return &s.e if s.key == key else NULL


cdef inline bint table_needs_room(const Table* t) noexcept nogil:
    """Whether one more entry would take the table past 3/4 full."""
    return 4 * (t.count + 1) > 3 * (t.mask + 1)


cdef inline Entry* table_get(Table* t, uint64_t key, bint* fresh) noexcept nogil:
    """The entry of ``key``, inserted zeroed if missing (``fresh`` says which).  The
    caller grows the table first when it needs room (an insert must not fill it)."""
    if key == 0:
        key = 1
    cdef Slot* s = table_probe(t.slots, t.mask, key)
    fresh[0] = s.key != key
    if fresh[0]:
        s.key = key
        memset(&s.e, 0, sizeof(Entry))      # an emptied slot keeps its old entry's bytes
        t.count += 1
    return &s.e
