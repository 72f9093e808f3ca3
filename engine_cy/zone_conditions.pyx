# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""The verifier's zone conditions, checked on an engine board: does a zone hold?

``tsumego_gui.search.verify`` checks every node of a proof against these
conditions; this module is that check in C, and
``tsumego_gui.core.zone_conditions_reference`` is the same check in plain
Python, from the definitions, which the differential tests hold it to (the
same fault, at the same point, on every position and zone they try).  It
checks zones; it makes none: the solvers grow theirs with
``engine_cy.dilate``, and nothing here is shared with that code, so that a
fault in one is not the other's too.

The conditions, for a node's position and its zone ``z`` (the fault reported
is the first one met, in the reference's order, and names the same point):

* ``basics_fault``: a chain with a stone in ``z`` lies in ``z`` whole, and
  has a liberty in ``z`` (DL-1); chains are taken by their first stone in
  point order within ``z``, and named by their smallest stone;
* ``reply_fault`` (the prover's opponent to move): CR-1, at each empty point
  of ``z`` (in point order) where the side to move's move is suicide or a ko
  capture it may not make, every chain next to the point, and every chain
  around such a neighbour chain in atari, lies in ``z``; then CR-2, for each
  prover's chain of ``z``: with two liberties or more it keeps two in ``z``,
  with one, every chain around it lies in ``z``;
* ``move_fault`` (the prover's move): the move is in ``z``; it keeps a
  liberty that ``z`` fixes when it captures nothing (an empty neighbour in
  ``z``, or a friendly neighbour chain in ``z`` with a liberty in ``z`` other
  than the move); when it takes a ko, every chain around it lies in ``z``;
  a single-stone capture by a side that may not take kos keeps an empty or
  friendly neighbour in ``z``; each opponent chain next to it that it
  captures lies in ``z`` with every chain around it, and one of ``z`` that
  it does not capture keeps a liberty in ``z`` other than the move
  (neighbours in the order up, down, left, right, as ``core.coords``);
* ``changes_inside``: a move changes a point of ``z`` (its own point, or a
  stone it captures).

Knows the board and zones; nothing about proofs or search.
"""

from libc.string cimport memset

from engine_cy.board cimport (
    BLACK, EMPTY, KO_CAPTURE_FORBIDDEN, MAX_ARR, PASS_LOC, SUICIDE, WALL, WHITE, Board, opp,
)
from engine_cy.zone cimport Zone, zone_add, zone_clear, zone_has, zone_next

FAULT_NAMES = {
    SPLIT_CHAIN: "split chain", NO_ZONE_LIBERTY: "no zone liberty", CR1: "CR-1",
    CR2_LIBERTIES: "CR-2 liberties", CR2_ATARI: "CR-2 atari",
    MOVE_OUTSIDE: "move outside", MAY_BE_SUICIDE: "may be suicide",
    KO_NOT_FIXED: "ko not fixed", MAY_BE_FORBIDDEN_KO: "may be a forbidden ko capture",
    CAPTURE_NOT_FIXED: "capture not fixed", NO_OTHER_LIBERTY: "no other liberty",
}


cdef inline ZoneFault fault(int kind, int loc) noexcept nogil:
    cdef ZoneFault f
    f.kind = kind
    f.loc = loc
    return f


cdef inline void neighbours(Board b, int loc, int* out) noexcept nogil:
    """The four neighbour cells in ``core.coords``' order: up, down, left, right."""
    out[0] = loc - b.stride
    out[1] = loc + b.stride
    out[2] = loc - 1
    out[3] = loc + 1


cdef inline bint is_stone(Board b, int loc) noexcept nogil:
    return b.pos.color[loc] == BLACK or b.pos.color[loc] == WHITE


cdef int smallest_stone(Board b, int loc) noexcept nogil:
    cdef int s = loc, low = loc
    while True:
        if s < low:
            low = s
        s = b.pos.next[s]
        if s == loc:
            return low


cdef int stones_inside(Board b, int loc, const Zone* z) noexcept nogil:
    """How many stones of the chain at ``loc`` are in ``z``."""
    cdef int s = loc, count = 0
    while True:
        count += zone_has(z, s)
        s = b.pos.next[s]
        if s == loc:
            return count


cdef inline bint chain_inside(Board b, int loc, const Zone* z) noexcept nogil:
    """Every stone of the chain at ``loc`` is in ``z``."""
    return stones_inside(b, loc, z) == b.pos.stones[b.pos.head[loc]]


cdef int liberties_inside(Board b, int loc, const Zone* z, int besides) noexcept nogil:
    """The distinct liberties of the chain at ``loc`` in ``z``, ``besides`` not counted
    (PASS_LOC: none left out)."""
    cdef Zone seen
    cdef int s = loc, k, n, count = 0
    cdef int around[4]
    zone_clear(&seen)
    while True:
        neighbours(b, s, around)
        for k in range(4):
            n = around[k]
            if b.pos.color[n] == EMPTY and zone_has(z, n) and n != besides \
                    and not zone_has(&seen, n):
                zone_add(&seen, n)
                count += 1
        s = b.pos.next[s]
        if s == loc:
            return count


cdef bint surroundings_inside(Board b, int loc, const Zone* z) noexcept nogil:
    """Every chain touching the chain at ``loc`` lies in ``z`` (the reference's
    ``adjacent_stones`` in the zone)."""
    cdef int s = loc, k, n
    cdef int around[4]
    while True:
        neighbours(b, s, around)
        for k in range(4):
            n = around[k]
            if is_stone(b, n) and b.pos.head[n] != b.pos.head[loc] \
                    and not chain_inside(b, n, z):
                return False
        s = b.pos.next[s]
        if s == loc:
            return True


cdef ZoneFault basics_fault_c(Board b, const Zone* z) noexcept nogil:
    cdef bint seen[MAX_ARR]         # by chain head
    cdef int loc = zone_next(z, 0), low
    memset(seen, 0, sizeof(seen))
    while loc >= 0:
        if is_stone(b, loc) and not seen[b.pos.head[loc]]:
            seen[b.pos.head[loc]] = True
            if not chain_inside(b, loc, z):
                return fault(SPLIT_CHAIN, smallest_stone(b, loc))
            if liberties_inside(b, loc, z, PASS_LOC) == 0:
                return fault(NO_ZONE_LIBERTY, smallest_stone(b, loc))
        loc = zone_next(z, loc + 1)
    return fault(NO_FAULT, PASS_LOC)


cdef ZoneFault reply_fault_c(Board b, const Zone* z, int prover) noexcept nogil:
    cdef bint seen[MAX_ARR]         # by chain head
    cdef int loc = zone_next(z, 0), k, n, reason
    cdef int around[4]
    while loc >= 0:
        if b.pos.color[loc] == EMPTY:
            reason = b.illegal_reason_c(loc)
            if reason == SUICIDE or reason == KO_CAPTURE_FORBIDDEN:
                neighbours(b, loc, around)
                for k in range(4):
                    n = around[k]
                    if not is_stone(b, n):
                        continue
                    if not chain_inside(b, n, z) or (
                            b.pos.libs[b.pos.head[n]] == 1
                            and not surroundings_inside(b, n, z)):
                        return fault(CR1, loc)
        loc = zone_next(z, loc + 1)
    memset(seen, 0, sizeof(seen))
    loc = zone_next(z, 0)
    while loc >= 0:
        if b.pos.color[loc] == prover and not seen[b.pos.head[loc]]:
            seen[b.pos.head[loc]] = True
            if b.pos.libs[b.pos.head[loc]] >= 2 and liberties_inside(b, loc, z, PASS_LOC) < 2:
                return fault(CR2_LIBERTIES, smallest_stone(b, loc))
            if b.pos.libs[b.pos.head[loc]] == 1 and not surroundings_inside(b, loc, z):
                return fault(CR2_ATARI, smallest_stone(b, loc))
        loc = zone_next(z, loc + 1)
    return fault(NO_FAULT, PASS_LOC)


cdef ZoneFault move_fault_c(Board b, const Zone* z, int move, int prover) noexcept nogil:
    if move == PASS_LOC:
        return fault(NO_FAULT, PASS_LOC)
    if not zone_has(z, move):
        return fault(MOVE_OUTSIDE, move)
    cdef int them = opp(prover), k, n, captured = 0, taken = 0
    cdef bint empty_in_zone = False, friend_in_zone = False, fixed = False, takes_ko
    cdef int around[4]
    neighbours(b, move, around)
    for k in range(4):
        n = around[k]
        if b.pos.color[n] == them and b.pos.libs[b.pos.head[n]] == 1:
            captured += 1
            # by neighbour, as the reference sums (one stone counts once only alone)
            taken += b.pos.stones[b.pos.head[n]]
        elif b.pos.color[n] == EMPTY and zone_has(z, n):
            empty_in_zone = True
        elif b.pos.color[n] == prover and zone_has(z, n):
            friend_in_zone = True
            fixed = fixed or liberties_inside(b, n, z, move) > 0
    if captured == 0:
        if not empty_in_zone and not fixed:
            return fault(MAY_BE_SUICIDE, move)
    else:
        b.play_c(move)
        takes_ko = b.pos.ko_loc != PASS_LOC
        b.undo_c()
        if takes_ko:
            for k in range(4):
                if is_stone(b, around[k]) and not chain_inside(b, around[k], z):
                    return fault(KO_NOT_FIXED, move)
        elif taken == 1 and not b.ko_allowed[prover] and not (empty_in_zone or friend_in_zone):
            return fault(MAY_BE_FORBIDDEN_KO, move)
    for k in range(4):
        n = around[k]
        if b.pos.color[n] != them:
            continue
        if b.pos.libs[b.pos.head[n]] == 1:
            if not (chain_inside(b, n, z) and surroundings_inside(b, n, z)):
                return fault(CAPTURE_NOT_FIXED, n)
        elif chain_inside(b, n, z) and liberties_inside(b, n, z, move) == 0:
            return fault(NO_OTHER_LIBERTY, n)
    return fault(NO_FAULT, PASS_LOC)


cdef bint changes_inside_c(Board b, int move, const Zone* z) noexcept nogil:
    if move == PASS_LOC:
        return False
    if zone_has(z, move):
        return True
    if b.pos.color[move] != EMPTY:
        return False
    cdef int them = opp(b.pos.to_play), k, n
    cdef int around[4]
    neighbours(b, move, around)
    for k in range(4):
        n = around[k]
        if b.pos.color[n] == them and b.pos.libs[b.pos.head[n]] == 1 \
                and stones_inside(b, n, z) > 0:
            return True
    return False


# ---- the Python-facing API: validated arguments, faults as (name, point) ----------------

cdef void zone_of(Board b, object points, Zone* z) except *:
    """``points`` (an iterable of board points) as a zone; ValueError for anything else."""
    zone_clear(z)
    cdef int p, cells = b.stride * b.stride
    for point in points:
        p = point
        if not 0 < p < cells or b.pos.color[p] == WALL:
            raise ValueError(f"{point!r} is not a point of a {b.size}x{b.size} board")
        zone_add(z, p)


cdef int point_of(Board b, object move) except -1:
    """``move`` (a board point or the pass) as a loc; ValueError for anything else."""
    cdef int p = move
    if p != PASS_LOC and (not 0 < p < b.stride * b.stride or b.pos.color[p] == WALL):
        raise ValueError(f"{move!r} is not a point of a {b.size}x{b.size} board")
    return p


cdef object named(ZoneFault f):
    return None if f.kind == NO_FAULT else (FAULT_NAMES[f.kind], f.loc)


cdef int colour_of(object prover) except -1:
    if prover != BLACK and prover != WHITE:
        raise ValueError(f"{prover!r} is not a colour")
    return prover


def basics_fault(Board b not None, zone):
    """The first chain of ``zone`` not in it whole or without a liberty in it, as
    (fault name, its smallest stone); None if there is none."""
    cdef Zone z
    zone_of(b, zone, &z)
    return named(basics_fault_c(b, &z))


def reply_fault(Board b not None, zone, prover):
    """CR-1 and CR-2 for ``prover``'s opponent to move: (fault name, point) or None."""
    cdef Zone z
    zone_of(b, zone, &z)
    return named(reply_fault_c(b, &z, colour_of(prover)))


def move_fault(Board b not None, zone, move, prover):
    """CR-3 for ``prover``'s legal move ``move``: (fault name, point) or None."""
    cdef Zone z
    zone_of(b, zone, &z)
    cdef int p = point_of(b, move), c = colour_of(prover)
    if p != PASS_LOC and not b.is_legal_c(p):
        raise ValueError(f"{move!r} is not a legal move here")
    return named(move_fault_c(b, &z, p, c))


def changes_inside(Board b not None, move, zone):
    """Whether ``move`` of the side to move changes a point of ``zone``: its own point,
    or a stone it captures."""
    cdef Zone z
    zone_of(b, zone, &z)
    return changes_inside_c(b, point_of(b, move), &z)
