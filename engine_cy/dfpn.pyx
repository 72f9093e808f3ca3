# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# distutils: language = c++
"""Depth-first proof-number search (df-pn) with relevance zones: the default solver core.

Same game, leaves, zones and null-move rule as ``engine_cy.rzs`` (read its
docstring first); only the order of work differs.  Every node stores, for
the side to move, a proof number ``p`` (how hard it looks to show the mover
wins) and a disproof number ``d`` (to show the mover loses), negamax style:

* ``p(n) = min over children of d(child)``;
* ``d(n) = sum over children still needed of p(child)``: a child that failed
  for the mover (``p(child) == 0``) with a zone untouched by its own move is a
  null move, and every other move that changes nothing in that zone is cut;
* the search descends into the child with the smallest ``d`` while the
  node's numbers stay below the thresholds it was given (df-pn, Nagai 2002,
  with the 1 + epsilon threshold rule of Pawlewicz & Lew 2007, epsilon = 1/8),
  so effort goes where a proof or disproof looks cheapest;
* a new inner node starts from numbers that read the defender's eyes off the
  Benson run its leaf test made (``initial_numbers``): no eye makes living
  look harder, eyes make killing look harder.

Zones are computed when a node is resolved, exactly as in ``rzs``: a win is
the winning child's zone plus the move, dilated for the mover; a loss is the
union of the needed children's zones, dilated for the winner.

The table (``dfpn_table``) is keyed by (hash, ko point, passes).  A result
that superko decided somewhere below (a move rejected by it, or a zone that
depends on it) is stored under a key that also hashes the whole path, so it
is found only on that path, and it is never a null move (under another
history a move superko forbade may be legal and unanswered).  A node where
superko forbids a move keeps even its open numbers per path (``own_entry``):
its move list depends on the path, and two histories sharing one entry made
df-pn cycle through known entries.  Numbers of open nodes saturate at LARGE,
so INF always means resolved.  ``extract`` rebuilds the proof tree from the
table in the nested tuple format of ``rzs``.

Knows the board, Benson, zones and dilation; nothing about files, threads or
proof objects.
"""

import time

from libc.stdint cimport int16_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from cython.operator cimport dereference as deref
from libcpp.unordered_map cimport unordered_map
from libcpp.vector cimport vector

from engine_cy.benson cimport Benson, benson_goal
from engine_cy.board cimport EMPTY, LEGAL, MAX_ARR, PASS_LOC, SUPERKO, Board, opp
from engine_cy.dfpn_table cimport (
    Entry, Table, table_find, table_free, table_get, table_grow, table_init, table_needs_room,
    table_prefetch,
)
from engine_cy.dilate cimport HISTORY_DEPENDENT, dilate_c
from engine_cy.gil cimport offer_gil
from engine_cy.goal cimport GoalSpec, add_captured, goal_crucial_lost, goal_init
from engine_cy.zone cimport (
    Zone, zone_add, zone_clear, zone_empty, zone_has, zone_intersect, zone_subset, zone_union,
)

cdef enum:
    CRUCIAL_ZONE = 0           # DfpnCore.zones indices
    BOARD_ZONE = 1
    INF = 1 << 28              # only a resolved node's numbers reach it
    LARGE = INF - 1            # where an open node's sums saturate
    MAX_MOVES = 362            # 361 points + pass
    # entry kinds
    INNER = 0
    GOAL = 1
    CAPTURED = 2
    PASSES = 3
    # entry flags
    RESOLVED = 1
    SENSITIVE = 2
    # statuses, as in rzs
    UNKNOWN = 0
    WIN = 1
    LOSS = 2

cdef enum StopReason:
    NOT_STOPPED = 0
    NODE_BUDGET = 1
    TIME_BUDGET = 2
    CANCELLED = 3
    MEMORY_BUDGET = 4
    STALLED = 5                # the root came back open with no budget spent (a bug)

STOP_NAMES = {NOT_STOPPED: None, NODE_BUDGET: "node budget", TIME_BUDGET: "time budget",
              CANCELLED: "cancelled", MEMORY_BUDGET: "memory budget",
              STALLED: "search stalled"}

# initial (proof, disproof) numbers for the defender to move, by eye level (initial_numbers);
# tuned on enclosed-dev problems: they halve the nodes of the uniform (1, 1)
cdef uint32_t* LEVEL_P = [3, 3, 2, 2, 1]
cdef uint32_t* LEVEL_D = [1, 1, 1, 1, 3]


cdef inline uint64_t mix(uint64_t x) noexcept nogil:
    x ^= x >> 33
    x *= 0xFF51AFD7ED558CCDULL
    x ^= x >> 33
    x *= 0xC4CEB9FE1A85EC53ULL
    x ^= x >> 33
    return x


cdef object zone_to_int(const Zone* z):
    cdef int i
    out = 0
    for i in range(7):
        out |= (<object>z.w[i]) << (64 * i)
    return out


cdef class DfpnCore:
    """One df-pn search over one problem position; see the module docstring."""

    cdef Board b
    cdef GoalSpec g             # defender, goal, crucial points, region
    cdef Benson* benson
    cdef Table table
    cdef Entry spare            # handed out when the table cannot grow (memory budget)
    cdef unordered_map[uint64_t, Entry] paths     # results that hold on one path only
    cdef bint shared_only       # extraction below a shared result: no path entries
    cdef bint listed_on_path    # extraction: a listing below depended on the path
    cdef vector[Zone] zones     # zones of resolved entries; 0: the crucial points, 1: the board
    # from the last gen_moves, by move index: the hash and ko point each move leads to
    # (pass: hash 0), so known children are found without playing them (``entries``)
    cdef uint64_t next_hash[MAX_MOVES]
    cdef int next_ko[MAX_MOVES]
    cdef uint64_t path_hash[1024]     # running hash of the path, by ply from the root
    cdef int ply
    cdef readonly long nodes
    cdef long max_nodes
    cdef long next_check        # node count of the next clock / cancel / progress check
    cdef long steps             # calls of out_of_budget (df-pn iterations)
    cdef double next_progress   # clock time of the next progress report
    cdef double next_offer      # clock time of the next GIL offer (engine_cy.gil)
    cdef long max_entries
    cdef double deadline
    cdef object cancelled
    cdef object progress
    cdef int stop
    cdef readonly int max_ply

    def __cinit__(self):
        self.benson = <Benson*>malloc(sizeof(Benson))
        if self.benson == NULL or not table_init(&self.table, 1 << 16):
            raise MemoryError()

    def __dealloc__(self):
        free(self.benson)
        table_free(&self.table)
        with nogil:
            # millions of entries take a while to free: let the GUI thread run meanwhile
            self.paths.clear()
            self.zones.clear()

    def __init__(self, Board board not None, int defender, bint live_any, crucial, region,
                 long max_nodes, double max_seconds, cancelled=None, progress=None,
                 long max_entries=4_000_000):
        self.b = board
        goal_init(&self.g, board, defender, live_any, crucial, region)
        self.max_nodes = max_nodes
        self.max_entries = max_entries
        self.deadline = time.monotonic() + max_seconds if max_seconds > 0 else 0.0
        self.cancelled = cancelled
        self.progress = progress
        self.nodes = 0
        self.next_check = 0
        self.steps = 0
        self.next_progress = 0.0
        self.stop = NOT_STOPPED
        self.ply = 0
        self.max_ply = 0
        self.path_hash[0] = mix(board.pos.hash)
        self.zones.push_back(self.g.crucial)
        self.zones.push_back(self.g.full)

    @property
    def stop_reason(self):
        return STOP_NAMES[self.stop]

    @property
    def tt_size(self):
        return self.table.count + self.paths.size()

    @property
    def path_entries(self):
        """Results kept for one path only (superko decided them)."""
        return self.paths.size()

    @property
    def depth(self):
        return self.max_ply

    # ---- keys, budgets -----------------------------------------------------------------

    cdef inline uint64_t key(self) noexcept:
        return (self.b.pos.hash ^ (<uint64_t>self.b.pos.ko_loc * 0x9E3779B97F4A7C15ULL)
                ^ (<uint64_t>self.b.pos.passes * 0xC2B2AE3D27D4EB4FULL))

    cdef inline uint64_t path_key(self) noexcept:
        """``key`` for a result that holds on the current path only."""
        return self.key() ^ self.path_hash[self.ply]

    cdef bint out_of_budget(self):
        self.steps += 1
        if self.stop != NOT_STOPPED:
            return True
        if self.max_nodes > 0 and self.nodes >= self.max_nodes:
            self.stop = NODE_BUDGET
        elif <long>(self.table.count + self.paths.size()) >= self.max_entries:
            self.stop = MEMORY_BUDGET
        elif self.nodes >= self.next_check or (self.steps & 63) == 0:
            # node counts jump (a whole expansion at a time), so compare, never mask; and
            # df-pn can work long on known entries without new nodes, so count steps too
            self.next_check = self.nodes + 1024
            now = time.monotonic()
            offer_gil(now, &self.next_offer)
            if self.deadline > 0 and now > self.deadline:
                self.stop = TIME_BUDGET
            elif self.cancelled is not None and self.cancelled():
                self.stop = CANCELLED
            elif self.progress is not None and now >= self.next_progress:
                self.next_progress = now + 0.2     # five reports a second
                self.progress(self.nodes, self.max_ply, self.table.count + self.paths.size())
        return self.stop != NOT_STOPPED

    # ---- positions ----------------------------------------------------------------------

    cdef void play(self, int move) noexcept:
        self.b.play_c(move)
        self.ply += 1
        self.path_hash[self.ply] = mix(self.path_hash[self.ply - 1] ^ self.b.pos.hash)
        if self.ply > self.max_ply:
            self.max_ply = self.ply

    cdef void undo(self) noexcept:
        self.b.undo_c()
        self.ply -= 1

    cdef uint32_t add_zone(self, const Zone* z) noexcept:
        """Store a zone; its index.  Like the table, the vector grows without the GIL."""
        if self.zones.size() == self.zones.capacity():
            with nogil:
                self.zones.reserve(2 * self.zones.size() + 1024)
        self.zones.push_back(z[0])
        return <uint32_t>(self.zones.size() - 1)

    cdef inline void make_room(self) noexcept:
        """Grow the table before an insert would fill it: moving millions of entries takes
        a second, so it runs without the GIL (the GUI thread runs meanwhile)."""
        cdef bint grown = False
        if table_needs_room(&self.table):
            if <long>self.table.count < self.max_entries:     # else the budget is spent
                with nogil:
                    grown = table_grow(&self.table)
            if not grown:
                self.stop = MEMORY_BUDGET

    cdef Entry* lookup(self) noexcept:
        """The entry of the current position, evaluating leaves on first sight."""
        cdef uint64_t k = self.key()
        cdef unordered_map[uint64_t, Entry].iterator it
        cdef Entry* e
        # a result that superko decided is kept under a key of its own path
        if not self.paths.empty() and not self.shared_only:
            it = self.paths.find(k ^ self.path_hash[self.ply])
            if it != self.paths.end():
                return &deref(it).second
        self.make_room()
        cdef bint fresh
        if table_needs_room(&self.table):      # could not grow: out of memory, stopping
            self.spare.p = 1
            self.spare.d = 1
            self.spare.kind = INNER
            self.spare.flags = 0
            return &self.spare
        e = table_get(&self.table, k, &fresh)
        if not fresh:
            return e
        self.nodes += 1
        e.flags = 0
        e.kind = INNER
        e.best = -1
        e.p = 1
        e.d = 1
        cdef int mover = self.b.pos.to_play
        cdef bint defender_wins
        cdef Zone z
        if benson_goal(self.b, self.g.defender, self.g.live_any, &self.g.crucial, self.benson,
                       &z, &self.g.open_board):
            e.kind = GOAL
            e.zone = self.add_zone(&z)
            defender_wins = True
        elif goal_crucial_lost(&self.g, self.b):
            e.kind = CAPTURED
            e.zone = CRUCIAL_ZONE
            defender_wins = False
        elif self.b.pos.passes >= 2:
            e.kind = PASSES
            e.zone = BOARD_ZONE
            defender_wins = False
        else:
            self.initial_numbers(e)
            return e
        e.flags = RESOLVED
        if defender_wins == (mover == self.g.defender):
            e.p, e.d = 0, INF
        else:
            e.p, e.d = INF, 0
        return e

    cdef inline uint64_t child_key(self, int i) noexcept:
        """``key`` of the position move ``i`` of the last ``gen_moves`` leads to (no pass)."""
        return self.next_hash[i] ^ (<uint64_t>self.next_ko[i] * 0x9E3779B97F4A7C15ULL)

    cdef Entry* known_child(self, int i) noexcept:
        """``lookup`` of that position if it has an entry, else NULL (nothing added)."""
        cdef uint64_t k = self.child_key(i)
        cdef unordered_map[uint64_t, Entry].iterator it
        if not self.paths.empty():
            # the child's path hash, as ``play`` would make it
            it = self.paths.find(k ^ mix(self.path_hash[self.ply] ^ self.next_hash[i]))
            if it != self.paths.end():
                return &deref(it).second
        return table_find(&self.table, k)

    cdef void initial_numbers(self, Entry* e) noexcept:
        """Proof and disproof numbers of a new inner node from the defender's eyes.

        Uses the Benson run ``lookup`` just made for the defender.  For each goal
        chain: its vital regions (eyes Benson counts) ``v`` and its other small
        bordering regions ``s`` (eye space that may still become an eye); the
        best chain's level ``2 v + s`` (capped) picks the numbers."""
        cdef int i, loc, ed, r, v, sm, level, best = 0
        for i in range(self.b.n_points):
            loc = self.b.points[i]
            if self.b.pos.color[loc] != self.g.defender or self.b.pos.head[loc] != loc:
                continue
            if not self.g.live_any and not self.chain_is_crucial(loc):
                continue
            v = 0
            sm = 0
            ed = self.benson.chain_first_edge[loc]
            while ed != -1:
                if self.benson.edge_vital[ed]:
                    v += 1
                elif self.region_is_small(self.benson.edge_region[ed]):
                    sm += 1
                ed = self.benson.edge_next_of_chain[ed]
            level = 2 * (v if v < 2 else 2) + (sm if sm < 2 else 2)
            if level > best:
                best = level
        if best > 4:
            best = 4
        cdef uint32_t pd = LEVEL_P[best], dd = LEVEL_D[best]
        if self.b.pos.to_play == self.g.defender:
            e.p, e.d = pd, dd
        else:
            e.p, e.d = dd, pd

    cdef bint region_is_small(self, int r) noexcept:
        cdef int n = 0, loc = self.benson.region_first[r]
        if self.benson.region_open[r]:
            return False
        while loc != -1:
            n += 1
            if n > 7:       # small: eye space, not the open board outside
                return False
            loc = self.benson.point_next[loc]
        return True

    cdef bint chain_is_crucial(self, int head) noexcept:
        cdef int loc = head
        while True:
            if zone_has(&self.g.crucial, loc):
                return True
            loc = self.b.pos.next[loc]
            if loc == head:
                return False

    # ---- move generation -------------------------------------------------------------


    cdef int score_move(self, int move) noexcept:
        cdef int me = self.b.pos.to_play, them = opp(me)
        cdef int k, n, libs, score = 0
        for k in range(4):
            n = move + self.b.offsets[k]
            if self.b.pos.color[n] == EMPTY:
                score += 2
            elif self.b.pos.color[n] == them:
                libs = self.b.pos.libs[self.b.pos.head[n]]
                if libs == 1:
                    score += 40 + 4 * self.b.pos.stones[self.b.pos.head[n]]
                elif libs == 2:
                    score += 12
                else:
                    score += 3
            elif self.b.pos.color[n] == me:
                libs = self.b.pos.libs[self.b.pos.head[n]]
                if libs == 1:
                    score += 30
                elif libs == 2:
                    score += 6
                else:
                    score += 1
        for k in (-self.b.stride - 1, -self.b.stride + 1, self.b.stride - 1, self.b.stride + 1):
            if self.b.pos.color[move + k] == me:
                score += 1
        return score

    cdef int gen_moves(self, int16_t* moves, bint* sensitive) noexcept:
        """Region moves (pass first for the attacker, last for the defender), best first."""
        cdef int i, j, loc, reason, n = 0, s, start = 0, ko
        cdef uint64_t h
        cdef int scores[MAX_MOVES]
        cdef bint attacker = self.b.pos.to_play != self.g.defender
        if attacker:
            moves[0] = PASS_LOC
            self.next_hash[0] = 0
            scores[0] = 1 << 20
            n = 1
            start = 1
        for i in range(self.g.n_region):
            loc = self.g.region[i]
            if self.b.pos.color[loc] != EMPTY:
                continue
            reason = self.b.check_move_c(loc, &h, &ko)
            if reason == SUPERKO:
                sensitive[0] = True
            if reason != LEGAL:
                continue
            s = self.score_move(loc)
            j = n
            while j > start and scores[j - 1] < s:
                scores[j] = scores[j - 1]
                moves[j] = moves[j - 1]
                self.next_hash[j] = self.next_hash[j - 1]
                self.next_ko[j] = self.next_ko[j - 1]
                j -= 1
            scores[j] = s
            moves[j] = loc
            self.next_hash[j] = h
            self.next_ko[j] = ko
            n += 1
        if not attacker:
            moves[n] = PASS_LOC
            self.next_hash[n] = 0
            n += 1
        return n

    # ---- df-pn ---------------------------------------------------------------------------

    def solve(self):
        """Run to a result or a budget; returns (status name, result tuple or None)."""
        cdef Entry* root = self.lookup()
        if not (root.flags & RESOLVED):
            self.mid(INF, INF)
            root = self.lookup()
        if not (root.flags & RESOLVED):
            if self.stop == NOT_STOPPED:
                # cannot happen (the root's thresholds are INF, which only a resolved
                # node's numbers reach): kept so that a bug reads as a stop reason
                self.stop = STALLED
            return "unknown", None
        defender_wins = (root.p == 0) == (self.b.pos.to_play == self.g.defender)
        return ("win" if defender_wins else "loss"), self.extract({})

    cdef void mid(self, uint32_t th_p, uint32_t th_d):
        """Work below the current position until p >= th_p or d >= th_d."""
        cdef int16_t moves[MAX_MOVES]
        cdef bint sensitive = False
        cdef int n = self.gen_moves(moves, &sensitive)
        cdef Entry* e
        if self.b.pos.passes == 1 and self.b.pos.to_play != self.g.defender:
            # the attacker passes (its first move) and the game is over
            e = self.lookup()
            e.p = 0
            e.d = INF
            self.resolve(e, moves, n, NULL, 0, sensitive)
            return
        if self.ply >= 1000:
            self.stop = NODE_BUDGET
            return
        # the children's entries, looked up once (see ``entries``)
        cdef Entry** child = <Entry**>malloc(n * (sizeof(Entry*) + 2 * sizeof(uint32_t) + 1))
        if child == NULL:
            self.stop = MEMORY_BUDGET
            return
        cdef uint32_t* cp = <uint32_t*>(child + n)
        cdef uint32_t* cd = cp + n
        cdef uint8_t* cut = <uint8_t*>(cd + n)
        cdef int i, best
        cdef uint32_t p, d, d2, child_th_p, child_th_d
        cdef uint64_t sum_p
        e = self.entries(moves, n, child, True)
        if sensitive:
            e = self.own_entry(e)
        cdef uint32_t generation = self.table.generation
        while True:
            if self.out_of_budget():
                break
            self.children(moves, n, child, cp, cd, cut, NULL)
            p = INF
            sum_p = 0
            best = -1
            d2 = INF
            for i in range(n):
                if cut[i]:
                    continue
                sum_p += cp[i]
                if cd[i] < p:
                    d2 = p
                    p = cd[i]
                    best = i
                elif cd[i] < d2:
                    d2 = cd[i]
            # a saturated sum stays open: were it INF, the node would read as lost for
            # its mover, and its parent (p = min d) as won with nothing proven
            d = <uint32_t>(sum_p if sum_p < LARGE else LARGE)
            e.p = p
            e.d = d
            if p == 0 or d == 0:
                self.resolve(e, moves, n, cut, best, sensitive)
                break
            if p >= th_p or d >= th_d:
                break
            # thresholds for the most promising child (negamax: its p is our d)
            child_th_p = th_d - d + cp[best]
            if child_th_p > INF:
                child_th_p = INF
            child_th_d = d2 + d2 // 8 + 1
            if th_p < child_th_d:
                child_th_d = th_p
            self.play(moves[best])
            self.mid(child_th_p, child_th_d)
            child[best] = self.lookup()
            self.undo()
            if self.stop != NOT_STOPPED:
                break
            if self.table.generation != generation:     # the table grew: entries moved
                e = self.entries(moves, n, child, False)
                generation = self.table.generation
        free(child)

    cdef Entry* own_entry(self, const Entry* shared) noexcept:
        """This path's entry of a node where superko forbids a move, made from the shared
        one on first sight.  Its moves, so its numbers, hold on this path only: shared,
        two histories would overwrite each other's numbers, and df-pn could cycle
        through known entries forever without a new node (cc2/333 B)."""
        cdef uint64_t k = self.path_key()
        cdef unordered_map[uint64_t, Entry].iterator it = self.paths.find(k)
        if it != self.paths.end():
            return &deref(it).second
        cdef Entry* e = &self.paths[k]
        e[0] = shared[0]
        return e

    cdef Entry* entries(self, int16_t* moves, int n, Entry** child, bint foreseen) noexcept:
        """The children's entries into ``child``; the current position's entry.

        ``foreseen``: ``next_hash`` and ``next_ko`` hold these moves' positions
        (``gen_moves`` just ran), so a child already in the table is found
        without playing its move; only new children are played (to evaluate).

        Pointers stay good until the table grows; only the child searched below
        can change which entry its position uses (its own path), so the caller
        refreshes that one after each search and all of them after a growth."""
        cdef int i
        cdef uint32_t generation
        cdef Entry* e
        if foreseen:
            for i in range(n):
                if self.next_hash[i] != 0:
                    table_prefetch(&self.table, self.child_key(i))
        while True:
            generation = self.table.generation
            for i in range(n):
                if foreseen and self.next_hash[i] != 0:
                    child[i] = self.known_child(i)
                    if child[i] != NULL:
                        continue
                self.play(moves[i])
                child[i] = self.lookup()
                self.undo()
            e = self.lookup()       # this node's shared entry until it is resolved
            if self.table.generation == generation:
                return e

    cdef void children(self, int16_t* moves, int n, Entry** child, uint32_t* cp, uint32_t* cd,
                       uint8_t* cut, const Zone* within) noexcept:
        """The children's numbers, and ``cut`` set for moves covered by a null move.

        ``child``: the children's entries if the caller has them, else NULL.

        A null move is a child that failed for the mover (``cp == 0``), whose
        result no superko rejection decided, and whose zone holds nothing its move
        changed; it covers every other move that changes nothing in that zone.
        Null moves themselves are never cut.

        ``within`` (proof extraction): only children whose zone lies inside this
        node's stored zone count as null moves.  Children resolved after this
        node was (through transpositions) must not change which moves the proof
        lists, or a listed child's zone could leave the node's zone (ZZ-1).
        """
        cdef int i, j, mover = self.b.pos.to_play
        cdef Entry* c
        cdef uint8_t is_null[MAX_MOVES]
        cdef Zone zones[MAX_MOVES]
        cdef Zone changed
        for i in range(n):
            if child != NULL:
                c = child[i]
            else:
                self.play(moves[i])
                c = self.lookup()
                self.undo()
            cp[i] = c.p
            cd[i] = c.d
            # a result superko decided holds on its own path only: it covers no other move
            is_null[i] = (c.flags & RESOLVED) != 0 and c.p == 0 and not (c.flags & SENSITIVE)
            if is_null[i]:
                zones[i] = self.zones[c.zone]
                if within != NULL and not zone_subset(&zones[i], within):
                    is_null[i] = False
            cut[i] = 0
            if is_null[i]:
                self.changes(moves[i], mover, &changed)
                zone_intersect(&changed, &zones[i])
                is_null[i] = zone_empty(&changed)
        for i in range(n):
            if not is_null[i]:
                continue
            for j in range(n):
                if cut[j] or is_null[j] or zone_has(&zones[i], moves[j]):
                    continue
                self.changes(moves[j], mover, &changed)
                zone_intersect(&changed, &zones[i])
                if zone_empty(&changed):
                    cut[j] = 1

    cdef void changes(self, int move, int mover, Zone* out) noexcept:
        """The points ``move`` changes: itself and the stones it captures."""
        zone_clear(out)
        if move != PASS_LOC:
            zone_add(out, move)
            add_captured(self.b, move, opp(mover), out)

    cdef void resolve(self, Entry* e, int16_t* moves, int n, uint8_t* cut, int best,
                      bint sensitive):
        """Store the zone of a node just resolved (win with ``best``, or loss)."""
        cdef Zone z
        cdef Entry* c
        cdef Entry* own
        cdef int i, mover = self.b.pos.to_play
        cdef uint32_t p = e.p, d = e.d
        zone_clear(&z)
        if p == 0:
            self.play(moves[best])
            c = self.lookup()
            if c.flags & RESOLVED:
                z = self.zones[c.zone]
                sensitive |= (c.flags & SENSITIVE) != 0
            else:
                z = self.g.full     # the attacker's ending pass: the whole board counts
            self.undo()
            if dilate_c(self.b, &z, False, moves[best]) & HISTORY_DEPENDENT:
                sensitive = True
        else:
            for i in range(n):
                if cut[i]:
                    continue
                self.play(moves[i])
                c = self.lookup()
                zone_union(&z, &self.zones[c.zone])
                sensitive |= (c.flags & SENSITIVE) != 0
                self.undo()
            if dilate_c(self.b, &z, True, PASS_LOC) & HISTORY_DEPENDENT:
                sensitive = True
        e = self.lookup()     # the map may have moved entries while children were added
        if sensitive:
            own = self.own_entry(e)
            if own != e:
                # keep the shared entry open for other paths; this path gets its own
                e.p = 1
                e.d = 1
            e = own
        e.p = p
        e.d = d
        e.zone = self.add_zone(&z)
        e.best = moves[best] if p == 0 else -1
        e.flags = RESOLVED | (SENSITIVE if sensitive else 0)

    # ---- proof extraction ------------------------------------------------------------

    cdef object extract(self, dict memo):
        """The resolved current position as a result tuple (format of ``rzs``).

        A shared result was resolved from shared children only (a child superko
        decided would have made it a path result), so its subtree is rebuilt from
        shared entries: path entries met on this line may belong to later work that
        reached the same children, and may differ in what they cut.
        """
        cdef Entry* e = self.lookup()
        cdef bint was_shared_only = self.shared_only
        if not (e.flags & SENSITIVE):
            self.shared_only = True
        try:
            return self.extract_entry(e, memo)
        finally:
            self.shared_only = was_shared_only

    cdef object extract_entry(self, Entry* e, dict memo):
        cdef int mover = self.b.pos.to_play
        cdef int16_t moves[MAX_MOVES]
        cdef uint32_t cp[MAX_MOVES]
        cdef uint32_t cd[MAX_MOVES]
        cdef uint8_t cut[MAX_MOVES]
        cdef bint sensitive = False
        cdef int n = 0, i, m
        if e.kind == INNER and e.p != 0:
            n = self.gen_moves(moves, &sensitive)
        # the moves listed where superko forbids one hold on this path only, and so does
        # every subtree holding such a listing: those are kept per path, like results
        # superko decided, so that no other line reuses them
        cdef uint64_t shared_key = self.key()
        cdef uint64_t path_key = self.path_key()
        cdef bint outer = self.listed_on_path
        cdef bint own_path = sensitive or (e.flags & SENSITIVE) != 0
        if not own_path and shared_key in memo:
            return memo[shared_key]
        if path_key in memo:
            self.listed_on_path = True
            return memo[path_key]
        self.listed_on_path = own_path
        if (len(memo) & 255) == 255:     # a big tree takes a while to build
            offer_gil(time.monotonic(), &self.next_offer)
        # a copy: lookups below may add zones and move the vector
        cdef Zone own = self.zones[e.zone]
        zone = zone_to_int(&own)
        winner = WIN if (e.p == 0) == (mover == self.g.defender) else LOSS
        if e.kind == GOAL:
            out = ("goal", zone)
        elif e.kind == CAPTURED:
            out = ("captured", zone)
        elif e.kind == PASSES:
            out = ("passes", zone)
        elif e.p == 0:
            m = e.best
            self.play(m)
            if not (self.lookup().flags & RESOLVED):
                self.undo()
                raise RuntimeError("proof extraction met an unresolved position")
            child = self.extract(memo)
            self.undo()
            out = ("move", zone, winner, m, child)
        else:
            self.children(moves, n, NULL, cp, cd, cut, &own)
            failed = []
            pruned = []
            for i in range(n):
                if cut[i]:
                    pruned.append((moves[i], self.covering(moves, n, cut, i, &own)))
                    continue
                self.play(moves[i])
                failed.append((moves[i], self.extract(memo)))
                self.undo()
            out = ("all", zone, winner, failed, pruned)
        memo[path_key if self.listed_on_path else shared_key] = out
        self.listed_on_path |= outer
        return out

    cdef int covering(self, int16_t* moves, int n, uint8_t* cut, int i, const Zone* within):
        """The null move whose zone covers the cut move ``i`` (as ``children`` decided)."""
        cdef int j, mover = self.b.pos.to_play
        cdef Entry* c
        cdef Zone z, changed
        for j in range(n):
            if cut[j]:
                continue
            self.play(moves[j])
            c = self.lookup()
            if not ((c.flags & RESOLVED) and c.p == 0):
                self.undo()
                continue
            z = self.zones[c.zone]
            self.undo()
            if not zone_subset(&z, within):
                continue
            self.changes(moves[j], mover, &changed)
            zone_intersect(&changed, &z)
            if not zone_empty(&changed) or zone_has(&z, moves[i]):
                continue
            self.changes(moves[i], mover, &changed)
            zone_intersect(&changed, &z)
            if zone_empty(&changed):
                return moves[j]
        raise RuntimeError("proof extraction: a cut move has no covering null move")
