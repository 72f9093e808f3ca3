# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Benson's unconditional life (1976) for one colour, from scratch, and the zone it proves.

Terms (for colour ``c``):

* region: a maximal 4-connected set of points not occupied by ``c`` (empty
  points and opponent stones);
* a region is *vital* to a chain of ``c`` when every empty point of the region
  is a liberty of that chain;
* Benson's fixpoint: start with every chain and every region; repeatedly drop a
  chain with fewer than two vital regions still standing, and drop every region
  that borders a dropped chain.  The chains left are unconditionally alive
  (UCA): the opponent cannot capture them even with unlimited moves in a row.

The *life zone* of a live chain is the closure of that chain under "add its
vital regions (every point, opponent stones included) and every chain
bordering them": the set that must stay as it is for the life to stand (RZS
paper, "Relevance Zones", leaf zones).  Liberties outside vital regions are
not part of it.

Knows the board layout and nothing about search; goals are given as a
defender colour, a live_any flag and a zone of crucial points.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport UINT32_MAX, int16_t, uint8_t, uint32_t
from libc.string cimport memset

from engine_cy.board cimport BLACK, EMPTY, WALL, WHITE, Board
from engine_cy.zone cimport (
    Zone, zone_add, zone_clear, zone_count, zone_has, zone_next, zone_union,
)


cdef void benson_run(Board b, int color, Benson* out, const OpenBoard* open_board) noexcept nogil:
    """Benson's fixpoint for ``color`` into ``out``.

    ``open_board`` (or NULL): the problem's open board (``open_board_zone``);
    only its closed points are read, the flood fill does not enter the open
    ones, and a region that reaches them is marked open: vital to no chain, as
    the whole region is, whatever it holds.  On a big board around a small
    problem this skips most of the board.  Arrays indexed by point hold
    results for the points read only."""
    cdef int i, k, loc, n, h, r, e, top, n_empty, n_adj, j, n_pts = b.n_points
    cdef int16_t* pts = b.points
    cdef const Zone* skip = NULL
    cdef bint dup
    cdef int16_t stack[MAX_ARR]
    cdef int adj[4]
    cdef int16_t vital_count[MAX_ARR]    # per chain head: vital edges to standing regions
    cdef int16_t liberty_hits[MAX_ARR]   # per chain head: empty points of the current region it touches
    cdef uint32_t hits_epoch[MAX_ARR]
    cdef uint32_t border_epoch[MAX_ARR]
    if open_board != NULL:
        pts = <int16_t*>open_board.closed
        n_pts = open_board.n_closed
        skip = &open_board.zone
    out.color = color
    out.n_regions = 0
    out.n_edges = 0
    for i in range(n_pts):
        loc = pts[i]
        out.region_of[loc] = -1
        out.chain_first_edge[loc] = -1
        out.chain_alive[loc] = b.pos.color[loc] == color and b.pos.head[loc] == loc
        vital_count[loc] = 0
        hits_epoch[loc] = 0
        border_epoch[loc] = 0
    # regions by flood fill; for each, which chains border it and which it is vital to
    for i in range(n_pts):
        loc = pts[i]
        if b.pos.color[loc] == color or out.region_of[loc] != -1:
            continue
        r = out.n_regions
        out.n_regions += 1
        out.region_alive[r] = True
        out.region_open[r] = False
        out.region_first[r] = -1
        out.region_first_edge[r] = -1
        out.region_of[loc] = r
        stack[0] = loc
        top = 1
        n_empty = 0
        while top > 0:
            top -= 1
            loc = stack[top]
            out.point_next[loc] = out.region_first[r]
            out.region_first[r] = loc
            if b.pos.color[loc] == EMPTY:
                n_empty += 1
            n_adj = 0
            for k in range(4):
                n = loc + b.offsets[k]
                if b.pos.color[n] == color:
                    h = b.pos.head[n]
                    dup = False
                    for j in range(n_adj):
                        if adj[j] == h:
                            dup = True
                    if not dup:
                        adj[n_adj] = h
                        n_adj += 1
                elif b.pos.color[n] != WALL:
                    if skip != NULL and zone_has(skip, n):
                        out.region_open[r] = True
                        continue
                    if out.region_of[n] != -1:
                        continue
                    out.region_of[n] = r
                    stack[top] = n
                    top += 1
            # count, per chain, the empty points of this region it is adjacent to
            for j in range(n_adj):
                h = adj[j]
                if hits_epoch[h] != <uint32_t>(r + 1):
                    hits_epoch[h] = r + 1
                    liberty_hits[h] = 0
                if b.pos.color[loc] == EMPTY:
                    liberty_hits[h] += 1
        # one edge per bordering chain
        loc = out.region_first[r]
        while loc != -1:
            for k in range(4):
                n = loc + b.offsets[k]
                if b.pos.color[n] != color:
                    continue
                h = b.pos.head[n]
                if border_epoch[h] == <uint32_t>(r + 1):
                    continue
                border_epoch[h] = r + 1
                e = out.n_edges
                out.n_edges += 1
                out.edge_chain[e] = h
                out.edge_region[e] = r
                out.edge_vital[e] = liberty_hits[h] == n_empty and not out.region_open[r]
                out.edge_next_of_chain[e] = out.chain_first_edge[h]
                out.chain_first_edge[h] = e
                out.edge_next_of_region[e] = out.region_first_edge[r]
                out.region_first_edge[r] = e
                if out.edge_vital[e]:
                    vital_count[h] += 1
            loc = out.point_next[loc]
    # the fixpoint, driven by a worklist of chains that may have dropped below two
    top = 0
    for i in range(n_pts):
        loc = pts[i]
        if out.chain_alive[loc] and vital_count[loc] < 2:
            out.chain_alive[loc] = False
            stack[top] = loc
            top += 1
    cdef int e2, h2
    while top > 0:
        top -= 1
        h = stack[top]
        e = out.chain_first_edge[h]
        while e != -1:
            r = out.edge_region[e]
            if out.region_alive[r]:
                out.region_alive[r] = False
                e2 = out.region_first_edge[r]
                while e2 != -1:
                    h2 = out.edge_chain[e2]
                    if out.edge_vital[e2] and out.chain_alive[h2]:
                        vital_count[h2] -= 1
                        if vital_count[h2] < 2:
                            out.chain_alive[h2] = False
                            stack[top] = h2
                            top += 1
                    e2 = out.edge_next_of_region[e2]
            e = out.edge_next_of_chain[e]


cdef void benson_life_zone(Board b, Benson* res, int head, Zone* zone) noexcept nogil:
    """Zone of the live chain at ``head``: closure over its vital regions and their borders."""
    cdef int16_t stack[MAX_ARR]
    cdef uint8_t region_done[MAX_ARR]
    cdef int top = 1, h, s, e, r, e2, loc
    memset(region_done, 0, res.n_regions)
    zone_clear(zone)
    stack[0] = head
    zone_add(zone, head)
    while top > 0:
        top -= 1
        h = stack[top]
        s = h
        while True:
            zone_add(zone, s)
            s = b.pos.next[s]
            if s == h:
                break
        e = res.chain_first_edge[h]
        while e != -1:
            r = res.edge_region[e]
            if res.edge_vital[e] and res.region_alive[r] and not region_done[r]:
                region_done[r] = True
                loc = res.region_first[r]
                while loc != -1:
                    zone_add(zone, loc)
                    loc = res.point_next[loc]
                e2 = res.region_first_edge[r]
                while e2 != -1:
                    # a standing region borders live chains only
                    if not zone_has(zone, res.edge_chain[e2]):
                        zone_add(zone, res.edge_chain[e2])
                        stack[top] = res.edge_chain[e2]
                        top += 1
                    e2 = res.edge_next_of_region[e2]
            e = res.edge_next_of_chain[e]


cdef void chain_eyes(Board b, int head, const OpenBoard* open_board,
                     int* vital, int* small) noexcept nogil:
    """The regions bordering the chain at ``head`` as ``benson_run`` sees them before
    its fixpoint: ``vital`` counts those vital to the chain, ``small`` the others of
    at most SMALL_REGION points that do not reach the open board.

    Equal to counting the chain's edges in a ``benson_run`` (same ``open_board``),
    but it reads only the regions around one chain and leaves a region as soon as
    it can be neither (it reaches the open board, or it holds an empty point that
    is no liberty of the chain and is already too big), so it costs a few points
    where the whole run costs the board.  A region left early is marked, so that
    reaching it again from another stone counts nothing either.

    Regions are numbered in the board's flood-fill marks (``Board.mark``): region
    ``r`` of this call marks its points ``base + r``, where ``base`` is the board's
    epoch on entry, above every older mark; the epoch then moves past them.  So
    no array is cleared per call (clearing one was a fifth of this function)."""
    cdef int color = b.pos.color[head]
    cdef const Zone* skip = &open_board.zone if open_board != NULL else NULL
    cdef uint32_t* mark = b.mark
    cdef int16_t stack[MAX_ARR]
    cdef int s = head, k, j, n, q, p, top, size
    cdef uint32_t r
    cdef bint is_open, all_liberties, gave_up
    if b.epoch > UINT32_MAX - MAX_ARR:      # room for this call's numbers above old marks
        memset(b.mark, 0, sizeof(b.mark))
        b.epoch = 0
    cdef uint32_t base = b.epoch
    r = base
    vital[0] = 0
    small[0] = 0
    while True:
        for k in range(4):
            n = s + b.offsets[k]
            if b.pos.color[n] == color or b.pos.color[n] == WALL or mark[n] > base:
                continue
            if skip != NULL and zone_has(skip, n):
                continue            # in no region: Benson reads closed points only
            r += 1
            mark[n] = r
            stack[0] = <int16_t>n
            top = 1
            size = 1
            is_open = False
            all_liberties = True
            gave_up = False
            while top > 0 and not gave_up:
                top -= 1
                p = stack[top]
                if all_liberties and b.pos.color[p] == EMPTY:
                    all_liberties = False
                    for j in range(4):
                        q = p + b.offsets[j]
                        if b.pos.color[q] == color and b.pos.head[q] == head:
                            all_liberties = True
                            break
                for j in range(4):
                    q = p + b.offsets[j]
                    if b.pos.color[q] == color or b.pos.color[q] == WALL:
                        continue
                    if skip != NULL and zone_has(skip, q):
                        is_open = True
                    elif mark[q] <= base:
                        mark[q] = r
                        stack[top] = <int16_t>q
                        top += 1
                        size += 1
                    elif mark[q] != r:
                        # a region left early (a finished one has no unmarked
                        # neighbours): this is the same region
                        gave_up = True
                if is_open or (not all_liberties and size > SMALL_REGION):
                    gave_up = True
            if not gave_up:
                if all_liberties:
                    vital[0] += 1
                elif size <= SMALL_REGION:
                    small[0] += 1
        s = b.pos.next[s]
        if s == head:
            break
    b.epoch = r


cdef bint goal_chains_may_live(Board b, int defender, bint live_any, const Zone* crucial,
                               const OpenBoard* open_board, int* eye_level) noexcept nogil:
    """Has a goal chain (any defender chain with ``live_any``, else one holding a
    crucial point) two vital regions before Benson's fixpoint?  Without one, none
    is unconditionally alive.  ``eye_level``: the goal chains' best eye level,
    2 vital + small regions (``chain_eyes``, each counted up to 2).

    Without ``live_any`` it visits the crucial points only (a leaf test runs at
    every node: scanning the board for them cost as much as the eye counts)."""
    cdef int i = 0, loc, h, vital, small, level, n_pts = b.n_points
    cdef int16_t* pts = b.points
    cdef Zone tried
    if open_board != NULL:      # defender stones are never open
        pts = <int16_t*>open_board.closed
        n_pts = open_board.n_closed
    zone_clear(&tried)
    eye_level[0] = 0
    loc = -1
    while True:
        if live_any:
            if i == n_pts:
                break
            loc = pts[i]
            i += 1
        else:
            loc = zone_next(crucial, loc + 1)
            if loc < 0:
                break
        if b.pos.color[loc] != defender:
            continue
        h = b.pos.head[loc]
        if zone_has(&tried, h):
            continue
        zone_add(&tried, h)
        chain_eyes(b, h, open_board, &vital, &small)
        if vital >= 2:
            eye_level[0] = MAX_EYE_LEVEL
            return True
        level = 2 * vital + (small if small < 2 else 2)
        if level > eye_level[0]:
            eye_level[0] = level
    return False


cdef bint benson_goal(Board b, int defender, bint live_any, const Zone* crucial,
                      Benson* work, Zone* zone, const OpenBoard* open_board) noexcept nogil:
    """Does the defender reach its goal?  If so, ``zone`` gets the smallest life zone.

    ``live_any``: any defender chain UCA; otherwise a chain holding a point of
    ``crucial`` must be UCA.  ``open_board``: as in ``benson_run`` (or NULL).
    ``work.eye_level`` gets the goal chains' eye level (``goal_chains_may_live``);
    the run itself is skipped where no goal chain has two vital regions to start
    from (most positions of a search), and the rest of ``work`` is then left as it
    was.
    """
    if not goal_chains_may_live(b, defender, live_any, crucial, open_board, &work.eye_level):
        return False
    benson_run(b, defender, work, open_board)
    cdef int i, loc, h, best = -1, n_pts = b.n_points
    cdef int16_t* pts = b.points
    cdef Zone candidate, tried
    if open_board != NULL:      # defender stones are never open
        pts = <int16_t*>open_board.closed
        n_pts = open_board.n_closed
    zone_clear(&tried)
    for i in range(n_pts):
        loc = pts[i]
        if b.pos.color[loc] != defender:
            continue
        h = b.pos.head[loc]
        if zone_has(&tried, h) or not work.chain_alive[h]:
            continue
        if not live_any and not zone_has(crucial, loc):
            continue
        zone_add(&tried, h)
        benson_life_zone(b, work, h, &candidate)
        if best == -1 or zone_count(&candidate) < best:
            best = zone_count(&candidate)
            zone[0] = candidate
    return best != -1


cdef void open_board_zone(Board b, int defender, const Zone* region, OpenBoard* out) noexcept:
    """The open board of a problem whose moves stay inside ``region``: for the
    defender's Benson runs, points that never change and whose region is never
    vital to a defender chain, whatever happens inside ``region``.

    Outside the region nobody plays, so an empty point there stays empty, and an
    attacker chain with such a liberty can never be captured.  Call these
    points (empty outside the region, stones of those attacker chains) fixed.
    A fixed empty point whose neighbours are all fixed never touches a defender
    stone, so the region holding it is vital to no chain.  The open board is
    every fixed point connected through fixed points to such a point.  Empty
    when ``region`` is empty (the whole board is in play)."""
    zone_clear(&out.zone)
    if zone_count(region) != 0:
        open_points(b, BLACK + WHITE - defender, region, &out.zone)
    list_closed(b, defender, out)


cdef void open_points(Board b, int attacker, const Zone* region, Zone* out) noexcept:
    """The zone of ``open_board_zone``."""
    cdef int i, k, loc, n, s, top = 0
    cdef bint seed
    cdef uint8_t fixed[MAX_ARR]
    cdef int16_t stack[MAX_ARR]
    memset(fixed, 0, sizeof(fixed))
    for i in range(b.n_points):
        loc = b.points[i]
        if b.pos.color[loc] == EMPTY and not zone_has(region, loc):
            fixed[loc] = True
    for i in range(b.n_points):
        loc = b.points[i]
        if b.pos.color[loc] != attacker or b.pos.head[loc] != loc:
            continue
        if chain_touches(b, loc, fixed):
            n = loc
            while True:
                fixed[n] = True
                n = b.pos.next[n]
                if n == loc:
                    break
    for i in range(b.n_points):
        loc = b.points[i]
        if not fixed[loc] or b.pos.color[loc] != EMPTY or zone_has(out, loc):
            continue
        seed = True
        for k in range(4):
            n = loc + b.offsets[k]
            if b.pos.color[n] != WALL and not fixed[n]:
                seed = False
        if not seed:
            continue
        zone_add(out, loc)
        stack[0] = loc
        top = 1
        while top > 0:
            top -= 1
            s = stack[top]
            for k in range(4):
                n = s + b.offsets[k]
                if b.pos.color[n] != WALL and fixed[n] and not zone_has(out, n):
                    zone_add(out, n)
                    stack[top] = n
                    top += 1


cdef void list_closed(Board b, int defender, OpenBoard* ob) noexcept nogil:
    """Fill ``ob.closed`` with the points outside ``ob.zone``, and every defender stone."""
    cdef int i, loc
    ob.n_closed = 0
    for i in range(b.n_points):
        loc = b.points[i]
        if b.pos.color[loc] == defender or not zone_has(&ob.zone, loc):
            ob.closed[ob.n_closed] = loc
            ob.n_closed += 1


cdef bint chain_touches(Board b, int head, const uint8_t* fixed) noexcept:
    """Has the chain at ``head`` a liberty among the ``fixed`` empty points?"""
    cdef int k, n, s = head
    while True:
        for k in range(4):
            n = s + b.offsets[k]
            if b.pos.color[n] == EMPTY and fixed[n]:
                return True
        s = b.pos.next[s]
        if s == head:
            return False


# ---- Python-facing API ----------------------------------------------------------

def _check_color(int color):
    if color != BLACK and color != WHITE:
        raise ValueError(f"colour must be BLACK (1) or WHITE (2), not {color}")


def unconditionally_alive(Board board not None, int color):
    """Benson for ``color``: a list of (chain stones, [vital region points, ...]) for
    every unconditionally alive chain, each list sorted."""
    _check_color(color)
    cdef Benson* res = <Benson*>PyMem_Malloc(sizeof(Benson))
    if res == NULL:
        raise MemoryError()
    try:
        benson_run(board, color, res, NULL)
        out = []
        for h in range(MAX_ARR):
            if h >= board.stride * board.stride or board.pos.color[h] != color \
                    or board.pos.head[h] != h or not res.chain_alive[h]:
                continue
            regions = []
            e = res.chain_first_edge[h]
            while e != -1:
                r = res.edge_region[e]
                if res.edge_vital[e] and res.region_alive[r]:
                    pts = []
                    loc = res.region_first[r]
                    while loc != -1:
                        pts.append(loc)
                        loc = res.point_next[loc]
                    regions.append(sorted(pts))
                e = res.edge_next_of_chain[e]
            out.append((board.chain(h), sorted(regions)))
        return sorted(out)
    finally:
        PyMem_Free(res)


cdef list _zone_to_list(Zone* z, int n):
    return [loc for loc in range(n) if zone_has(z, loc)]


def open_board(Board board not None, int defender, region):
    """The sorted points of ``open_board_zone`` for a problem played inside ``region``."""
    _check_color(defender)
    cdef Zone region_zone
    cdef OpenBoard out
    zone_clear(&region_zone)
    for loc in region:
        zone_add(&region_zone, board._check_point(loc))
    open_board_zone(board, defender, &region_zone, &out)
    return _zone_to_list(&out.zone, board.stride * board.stride)


def goal_zone(Board board not None, int defender, bint live_any, crucial=(), open_points=None):
    """(goal reached?, sorted life-zone points or []) for the defender's goal.

    ``open_points``: the problem's ``open_board`` to skip (None: the whole board
    is read; the answer is the same, only slower)."""
    _check_color(defender)
    cdef Zone crucial_zone, zone
    cdef OpenBoard skip
    zone_clear(&crucial_zone)
    zone_clear(&zone)
    zone_clear(&skip.zone)
    for loc in crucial:
        board._check_point(loc)
        zone_add(&crucial_zone, loc)
    for loc in open_points or ():
        zone_add(&skip.zone, board._check_point(loc))
    list_closed(board, defender, &skip)
    cdef Benson* res = <Benson*>PyMem_Malloc(sizeof(Benson))
    if res == NULL:
        raise MemoryError()
    try:
        reached = benson_goal(board, defender, live_any, &crucial_zone, res, &zone,
                              &skip if open_points is not None else NULL)
        return bool(reached), _zone_to_list(&zone, board.stride * board.stride)
    finally:
        PyMem_Free(res)


def eye_counts(Board board not None, int loc, open_points=None):
    """(vital, small) of ``chain_eyes`` for the chain at ``loc``: its bordering regions
    vital to it, and its other regions of at most SMALL_REGION points; regions that
    reach ``open_points`` (the problem's ``open_board``, or None) count as neither."""
    board._check_point(loc)
    if board.pos.color[loc] != BLACK and board.pos.color[loc] != WHITE:
        raise ValueError(f"no chain at {loc}")
    cdef OpenBoard skip
    cdef int vital, small
    zone_clear(&skip.zone)
    for p in open_points or ():
        zone_add(&skip.zone, board._check_point(p))
    chain_eyes(board, board.pos.head[loc], &skip if open_points is not None else NULL,
               &vital, &small)
    return vital, small


def alive_mask_benchmark(Board board not None, int color, int repeats):
    """Run Benson ``repeats`` times (GIL released); returns the number of live chains."""
    _check_color(color)
    cdef Benson* res = <Benson*>PyMem_Malloc(sizeof(Benson))
    cdef int i, n = 0
    if res == NULL:
        raise MemoryError()
    with nogil:
        for i in range(repeats):
            benson_run(board, color, res, NULL)
        for i in range(board.n_points):
            if res.chain_alive[board.points[i]]:
                n += 1
    PyMem_Free(res)
    return n

