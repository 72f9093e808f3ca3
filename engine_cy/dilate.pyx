# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Zone dilation: grow a relevance zone until replay inside it is always consistent.

A zone ``z`` of a position ``p`` claims: every position ``p*`` that agrees with
``p`` on ``z`` (same side to move) is won the same way.  The proof's moves are
replayed in ``p*``; the consistent-replay conditions of the RZS appendix say
what ``z`` must contain for that replay to stay legal and meaningful:

* CR-1 (AND node): an attacker move inside ``z`` that is illegal in ``p`` is
  illegal in ``p*`` too (otherwise ``p*`` has a move the proof never answered);
* CR-2 (AND node): an attacker move outside ``z`` cannot change ``z``'s
  pattern (it can only do so by capturing a defender chain of ``z``);
* CR-3 (OR node): the defender's winning move has the same effect in ``p*``.

Rules applied here, to a fixpoint (the zone only grows):

* closure: a chain with a stone in ``z`` is in ``z`` whole;
* DL-1: every chain in ``z`` (both colours) has a liberty in ``z``;
* AND node, CR-2: a defender chain in ``z`` keeps two liberties in ``z`` when
  it has two or more (no attacker move, inside or outside, captures it in
  ``p*``), and when it has exactly one, the attacker chains around it join
  ``z`` (so in ``p*`` it has that same single liberty and the capture there
  has the same effect);
* AND node, CR-1: at an empty point of ``z`` where the attacker's move is
  suicide or a ko capture the attacker may not make, every chain next to the
  point joins ``z``, and so do the chains around each of those that has a
  single liberty (so they still have exactly that liberty in ``p*``);
  ``either_ko_rule``: at a ko capture the attacker may make too, so that the
  zone also holds where it may not (a classification's rule sets take each
  other's results, ``engine_cy.dfpn``'s ``take_results_of``);
* OR node, CR-3: the move joins ``z``; chains it captures join ``z`` with every
  chain around them; an attacker chain of ``z`` next to the move that it does
  not capture keeps a liberty in ``z`` other than the move.  The move must
  also stay legal, and take the same ko, in ``p*``, even when the child's
  zone does not contain it (a null move's zone, for example):

  - a move that captures nothing keeps a liberty that ``z`` fixes (an empty
    neighbour in ``z``, else a friendly neighbour chain with a liberty in
    ``z`` other than the move), or it could be suicide in ``p*``;
  - a single-stone capture by a side that may not take kos keeps an empty or
    friendly neighbour in ``z``, or it could be a forbidden ko capture in ``p*``;
  - a move that takes a ko brings every chain around it, so it takes the same
    ko in ``p*`` (otherwise the attacker could retake at once in ``p*``, a move
    the proof never answered).

Deviations from the appendix: the closure rule (chains are never split by a
zone), the OR-node rules for uncaptured attacker neighbours, for the move's
own legality and for a ko it takes, and forbidden ko captures treated like
suicides; each only adds points.  The ko point is part of a position's
pattern (a simple-ko retake inside the zone stays illegal only in positions
with the same ko point).  Superko legality depends on the
path history, which no zone can fix; ``dilate`` reports such moves
(``LINE_BOUND``) so the caller can keep the result to this history.
Liberties are added smallest point first, so results are deterministic.

Knows the board and zones; nothing about search or proofs.
"""

from libc.stdint cimport uint32_t
from libc.string cimport memset

from engine_cy.board cimport (
    EMPTY, KO_CAPTURE_FORBIDDEN, LEGAL, MAX_ARR, PASS_LOC, SUICIDE, SUPERKO, WALL, Board, opp,
)
from engine_cy.zone cimport Zone, zone_add, zone_clear, zone_has

cdef inline bint _add_chain(Board b, Zone* z, int head) noexcept nogil:
    """Add the chain at ``head`` (any stone of it); True if the zone grew."""
    cdef int s = head
    cdef bint grew = False
    while True:
        if not zone_has(z, s):
            zone_add(z, s)
            grew = True
        s = b.pos.next[s]
        if s == head:
            break
    return grew


cdef bint _add_neighbour_chains(Board b, Zone* z, int head) noexcept nogil:
    """Add every chain adjacent to the chain at ``head``."""
    cdef int s = head, k, n
    cdef bint grew = False
    while True:
        for k in range(4):
            n = s + b.offsets[k]
            if b.pos.color[n] != EMPTY and b.pos.color[n] != WALL \
                    and b.pos.head[n] != b.pos.head[head]:
                grew |= _add_chain(b, z, n)
        s = b.pos.next[s]
        if s == head:
            break
    return grew


cdef bint _add_liberties(Board b, Zone* z, int head, int wanted, int skip) noexcept nogil:
    """Make ``wanted`` liberties of the chain (other than ``skip``) lie in ``z``,
    adding the smallest missing ones; True if the zone grew."""
    cdef int i, loc, k, n, have = 0
    cdef bint adjacent, grew = False
    # count liberties already in the zone
    for i in range(b.n_points):
        loc = b.points[i]
        if b.pos.color[loc] != EMPTY or loc == skip:
            continue
        adjacent = False
        for k in range(4):
            n = loc + b.offsets[k]
            if b.pos.color[n] != EMPTY and b.pos.color[n] != WALL \
                    and b.pos.head[n] == b.pos.head[head]:
                adjacent = True
        if adjacent and zone_has(z, loc):
            have += 1
    if have >= wanted:
        return False
    for i in range(b.n_points):
        loc = b.points[i]
        if have >= wanted:
            break
        if b.pos.color[loc] != EMPTY or loc == skip or zone_has(z, loc):
            continue
        for k in range(4):
            n = loc + b.offsets[k]
            if b.pos.color[n] != EMPTY and b.pos.color[n] != WALL \
                    and b.pos.head[n] == b.pos.head[head]:
                zone_add(z, loc)
                have += 1
                grew = True
                break
    return grew


cdef int _zone_liberties(Board b, Zone* z, int head, bint inside) noexcept nogil:
    """Distinct liberties of the chain that lie inside (or outside) ``z``."""
    cdef int s = head, k, n, count = 0
    b.epoch += 1
    while True:
        for k in range(4):
            n = s + b.offsets[k]
            if b.pos.color[n] == EMPTY and b.mark[n] != b.epoch \
                    and zone_has(z, n) == inside:
                b.mark[n] = b.epoch
                count += 1
        s = b.pos.next[s]
        if s == head:
            break
    return count


cdef bint _has_zone_liberty_except(Board b, Zone* z, int head, int skip) noexcept nogil:
    """Does the chain at ``head`` have a liberty in ``z`` other than ``skip``?"""
    cdef int s = head, k, n
    while True:
        for k in range(4):
            n = s + b.offsets[k]
            if b.pos.color[n] == EMPTY and n != skip and zone_has(z, n):
                return True
        s = b.pos.next[s]
        if s == head:
            return False


cdef int _stones_taken(Board b, int move, int mover) noexcept nogil:
    """How many stones ``move`` captures (chains next to it with one liberty)."""
    cdef int k, j, n, h, captured = 0, n_heads = 0
    cdef int heads[4]
    cdef bint seen
    for k in range(4):
        n = move + b.offsets[k]
        if b.pos.color[n] == opp(mover) and b.pos.libs[b.pos.head[n]] == 1:
            h = b.pos.head[n]
            seen = False
            for j in range(n_heads):
                if heads[j] == h:
                    seen = True
            if not seen:
                heads[n_heads] = h
                n_heads += 1
                captured += b.pos.stones[h]
    return captured


cdef void _keep_move_legal(Board b, Zone* z, int move, int mover) noexcept nogil:
    """CR-3: ``move`` stays legal in every pattern-equal position.

    A move that captures is legal wherever its captures are the same (the OR
    rule puts the captured chains and everything around them in ``z``), except
    that a single-stone capture by a side forbidden to take kos must not turn
    into a ko capture: it keeps an empty or friendly neighbour that ``z`` fixes.
    A move that captures nothing needs a liberty that ``z`` fixes: an empty
    neighbour in ``z``, or a liberty in ``z`` (other than ``move``) of a friendly
    neighbour chain in ``z``.  If there is none, add the smallest empty
    neighbour, or else the first friendly neighbour chain (smallest point
    first) with a liberty other than ``move`` (one exists: ``move`` is legal),
    with that liberty (no liberty is needed for the ko case).
    """
    cdef int k, n, best = -1
    cdef int captured = _stones_taken(b, move, mover)
    if captured >= 2 or (captured == 1 and b.ko_allowed[mover]):
        return
    for k in range(4):
        n = move + b.offsets[k]
        if b.pos.color[n] == EMPTY and zone_has(z, n):
            return
        if b.pos.color[n] == mover and zone_has(z, n) and (
                captured == 1 or _has_zone_liberty_except(b, z, b.pos.head[n], move)):
            return
    for k in range(4):
        n = move + b.offsets[k]
        if b.pos.color[n] == EMPTY and (best == -1 or n < best):
            best = n
    if best != -1:
        zone_add(z, best)
        return
    for k in range(4):
        n = move + b.offsets[k]
        if b.pos.color[n] == mover and (captured == 1 or b.pos.libs[b.pos.head[n]] >= 2) \
                and (best == -1 or n < best):
            best = n
    if best != -1:
        _add_chain(b, z, best)
        if captured == 0:
            _add_liberties(b, z, b.pos.head[best], 1, move)


cdef bint _takes_a_ko(Board b, int move, int mover) noexcept nogil:
    """Does ``move`` capture a single stone and leave a single stone in atari (the
    board's simple-ko shape: no empty and no friendly neighbour, one stone taken)?"""
    cdef int k, n
    for k in range(4):
        n = move + b.offsets[k]
        if b.pos.color[n] == EMPTY or b.pos.color[n] == mover:
            return False
    return _stones_taken(b, move, mover) == 1


cdef int dilate_c(Board b, Zone* z, bint and_node, int move,
                  bint either_ko_rule) noexcept nogil:
    """Dilate ``z`` in place for the position on ``b``; returns flags.

    ``and_node``: the attacker is to move on ``b``.  Otherwise the defender is
    to move on ``b`` and wins with ``move`` (PASS_LOC for a pass).
    """
    cdef int mover = b.pos.to_play
    cdef int defender = opp(mover) if and_node else mover
    cdef int attacker = opp(defender)
    cdef int i, loc, h, k, n, reason, flags = 0
    cdef bint grew = True
    cdef uint32_t done[MAX_ARR]
    cdef uint32_t stamp = 0
    memset(done, 0, sizeof(done))
    if not and_node and move != PASS_LOC:
        zone_add(z, move)
        for k in range(4):
            n = move + b.offsets[k]
            if b.pos.color[n] == attacker and b.pos.libs[b.pos.head[n]] == 1:
                _add_chain(b, z, n)
                _add_neighbour_chains(b, z, n)
        _keep_move_legal(b, z, move, mover)
        if _takes_a_ko(b, move, mover):
            # the ko point is part of the child's pattern: every chain around the
            # move joins (the attacker-neighbour rule below then keeps each of them
            # uncaptured), so the move takes the same ko wherever the zone agrees
            for k in range(4):
                n = move + b.offsets[k]
                if b.pos.color[n] == attacker:
                    _add_chain(b, z, n)
    while grew:
        grew = False
        stamp += 1
        for i in range(b.n_points):
            loc = b.points[i]
            if not zone_has(z, loc):
                continue
            if b.pos.color[loc] == EMPTY:
                if and_node:
                    reason = b.illegal_reason_c(loc)
                    if reason == SUICIDE or reason == KO_CAPTURE_FORBIDDEN or (
                            either_ko_rule and reason == LEGAL
                            and _takes_a_ko(b, loc, mover)):
                        for k in range(4):
                            n = loc + b.offsets[k]
                            if b.pos.color[n] == EMPTY or b.pos.color[n] == WALL:
                                continue
                            grew |= _add_chain(b, z, n)
                            if b.pos.libs[b.pos.head[n]] == 1:
                                grew |= _add_neighbour_chains(b, z, n)
                    elif reason == SUPERKO:
                        flags |= LINE_BOUND
                continue
            h = b.pos.head[loc]
            if done[h] == stamp:
                continue
            done[h] = stamp
            grew |= _add_chain(b, z, h)
            if _zone_liberties(b, z, h, True) == 0:
                grew |= _add_liberties(b, z, h, 1, PASS_LOC)
            if and_node and b.pos.color[h] == defender:
                if b.pos.libs[h] >= 2:
                    grew |= _add_liberties(b, z, h, 2, PASS_LOC)
                else:
                    grew |= _add_neighbour_chains(b, z, h)
            if not and_node and move != PASS_LOC and b.pos.color[h] == attacker \
                    and b.pos.libs[h] >= 2:
                for k in range(4):
                    n = move + b.offsets[k]
                    if b.pos.color[n] == attacker and b.pos.head[n] == h:
                        grew |= _add_liberties(b, z, h, 1, move)
                        break
    return flags


# ---- Python-facing API ----------------------------------------------------------

cdef Zone _zone_from(Board b, object locs) except *:
    cdef Zone z
    zone_clear(&z)
    for loc in locs:
        zone_add(&z, b._check_point(loc))
    return z


cdef list _zone_list(Board b, Zone* z):
    return [b.points[i] for i in range(b.n_points) if zone_has(z, b.points[i])]


def dilate_and(Board board not None, zone, bint either_ko_rule=False):
    """Dilate ``zone`` (iterable of locs) for an AND node: the attacker is to move
    on ``board``.  Returns (sorted locs, line_bound)."""
    cdef Zone z = _zone_from(board, zone)
    flags = dilate_c(board, &z, True, PASS_LOC, either_ko_rule)
    return _zone_list(board, &z), bool(flags & LINE_BOUND)


def dilate_or(Board board not None, int move, zone):
    """Dilate ``zone`` (the winning child's zone) for an OR node: the defender is
    to move on ``board`` and wins with ``move`` (PASS for a pass).  Returns sorted locs."""
    if move != PASS_LOC:
        board._check_point(move)
    cdef Zone z = _zone_from(board, zone)
    dilate_c(board, &z, False, move, False)
    return _zone_list(board, &z)
