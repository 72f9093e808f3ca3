# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""The verifier's walk of a proof tree, compiled: it passes a proof or finds a fault.

``tsumego_gui.search.verify`` checks a proof by walking it along every line
from the root (its module docstring says what it checks and why).  That walk,
in Python (``verify._Checker.check``), is the reference; this module is the
same walk in C, node for node in the same order, with the same rule for
reusing a subtree met again on another line, so that where a proof passes
both walk the same positions, reuse the same subtrees, offer the same nodes
to the replays' sample and record the same cut lines (the differential tests
hold it to that).  It says only *whether* a fault was found: at the first one
it stops, and the caller walks the proof again with the reference, which
says what the fault is and where.  A compiled pass therefore stands on every
check the reference makes; a failing proof is explained by the reference
alone.

What the walk reads and from where:

* the rules (legality, superko, captures, hashes) from ``engine_cy.board``,
  and Benson's unconditional life from ``engine_cy.benson.benson_run``, the
  two parts the verifier shares with the solver;
* the zone conditions from ``engine_cy.zone_conditions``, the verifier's own;
* a goal leaf's life closure from the caller (``goal_leaf_sound``): leaves
  are few, and the closure is read from Benson's chains as the reference does;
* proof nodes once each (``Record.read``), their zones as bitsets: anything
  that is not a point of the board or the pass, or not of the type a proof
  holds, makes the node one the reference must explain.

A ``Record`` is what walks of proofs that follow one history share (the first
moves of one position): the nodes read and the verdicts of the subtrees
walked, by node, position hash, ko point and passes (the reference's key).

Knows the board, Benson, zones and the shape of a proof node; nothing about
search.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cython.operator cimport dereference as deref
from libc.stdint cimport int32_t, uint64_t
from libcpp.algorithm cimport sort

from engine_cy.benson cimport benson_run
from engine_cy.board cimport BLACK, MAX_ARR, PASS_LOC, SUPERKO, WALL, WHITE, Board
from engine_cy.zone cimport Zone, zone_add, zone_clear, zone_has, zone_subset
from engine_cy.zone_conditions cimport (
    NO_FAULT, basics_fault_c, changes_inside_c, move_fault_c, reply_fault_c,
)


cdef enum:      # NodeData.kind
    GOAL = 0
    CAPTURED = 1
    PASSES = 2
    SURVIVES = 3
    OR_NODE = 4
    AND_NODE = 5
    OTHER = 6

cdef enum:      # what a walk of a subtree ended with
    DONE = 0
    FAULT = 1       # the reference must say what
    HALT = 2        # the position budget ran out, or the caller's ``stop`` said so

cdef enum:
    STOP_EVERY = 256          # positions between readings of ``stop`` (``verify.STOP_EVERY``)
    FILTER_SHIFT = 52         # a hash's top 12 bits name its bit in the filter

KINDS = {"goal": GOAL, "captured": CAPTURED, "passes": PASSES, "survives": SURVIVES,
         "or": OR_NODE, "and": AND_NODE}

# the positions filter's size, 2 ** FILTER_BITS bits (``verify`` reads it from here)
FILTER_BITS = 64 - FILTER_SHIFT

FAULT_FOUND = "fault"         # ``Walk.run``'s outcomes
PASSED = "passed"
HALTED = "halted"


cdef inline bint on_board(Board b, object p):
    """``p`` is an int naming a point of ``b``."""
    if type(p) is not int:
        return False
    if not 0 < p < b.stride * b.stride:
        return False
    return b.pos.color[<int>p] != WALL


cdef inline bint move_on_board(Board b, object m):
    return (type(m) is int and m == PASS_LOC) or on_board(b, m)


cdef class Record:
    """The nodes read and the subtrees walked by the walks of one history's proofs."""

    def __cinit__(self):
        self.nodes = []
        self.child_objs = []

    def clear(self):
        """Let go of everything (the nodes one by one: see ``verify.WalkRecord``)."""
        self.index.clear()
        self.data.clear()
        self.zones.clear()
        self.child_move.clear()
        self.child_node.clear()
        self.cut_move.clear()
        self.cut_cover.clear()
        self.memo.clear()
        self.memo_slot.clear()
        while self.child_objs:
            self.child_objs.pop()
        while self.nodes:
            self.nodes.pop()

    cdef int read(self, object node, Board b) except -1:
        """The index of ``node``, read now if it was not before."""
        cdef Py_ssize_t key = id(node)
        cdef unordered_map[Py_ssize_t, int].iterator it = self.index.find(key)
        if it != self.index.end():
            return deref(it).second
        cdef int idx = <int>len(self.nodes)
        cdef NodeData d
        cdef Zone z
        cdef int j
        self.nodes.append(node)
        self.index[key] = idx
        d.kind = KINDS.get(node.kind, OTHER) if type(node.kind) is str else OTHER
        won = node.won
        d.won = won is True
        d.off = type(won) is not bool
        d.no_zone = False
        d.twice = False
        d.seen = 0
        zone_clear(&z)
        zone = node.zone
        if zone is None:
            d.no_zone = True
        elif type(zone) is frozenset or type(zone) is set:
            for p in zone:
                if not on_board(b, p):
                    d.off = True
                    break
                zone_add(&z, <int>p)
        else:
            d.off = True
        d.first_child = <int>self.child_move.size()
        d.n_children = 0
        d.first_cut = <int>self.cut_move.size()
        d.n_cuts = 0
        try:
            for pair in node.children:
                move, child = pair
                if not move_on_board(b, move):
                    d.off = True
                    move = -1
                for j in range(d.n_children):
                    if self.child_move[d.first_child + j] == move:
                        d.twice = True
                self.child_move.push_back(move)
                self.child_node.push_back(-1)
                self.child_objs.append(child)
                d.n_children += 1
            for pair in node.pruned:
                move, cover = pair
                if not (move_on_board(b, move) and move_on_board(b, cover)):
                    d.off = True
                    continue
                self.cut_move.push_back(move)
                self.cut_cover.push_back(cover)
                d.n_cuts += 1
        except (TypeError, ValueError):
            # not pairs: the reference says what it makes of them
            d.off = True
        self.data.push_back(d)
        self.zones.push_back(z)
        return idx

    cdef int child(self, int at, Board b) except -1:
        """The index of the child at ``at`` (into ``child_node``), read when first asked."""
        if self.child_node[at] < 0:
            self.child_node[at] = self.read(self.child_objs[at], b)
        return self.child_node[at]


cdef inline uint64_t slot_of(int node, uint64_t h, int ko, int passes) noexcept nogil:
    return h ^ ((<uint64_t>(node + 1)) * 0x9E3779B97F4A7C15ULL) ^ (<uint64_t>ko << 17) \
        ^ (<uint64_t>passes << 29)


cdef void merge_counts(vector[int32_t]* into, const vector[int32_t]* other) noexcept:
    """``into`` |= ``other`` (both sorted, no repeats)."""
    if other.size() == 0:
        return
    if into.size() == 0:
        into[0] = other[0]
        return
    cdef vector[int32_t] out
    cdef size_t i = 0, j = 0, n = into.size(), m = other.size()
    out.reserve(n + m)
    while i < n and j < m:
        if into[0][i] < other[0][j]:
            out.push_back(into[0][i])
            i += 1
        elif other[0][j] < into[0][i]:
            out.push_back(other[0][j])
            j += 1
        else:
            out.push_back(into[0][i])
            i += 1
            j += 1
    while i < n:
        out.push_back(into[0][i])
        i += 1
    while j < m:
        out.push_back(other[0][j])
        j += 1
    into.swap(out)


cdef inline bint has_count(const vector[int32_t]* counts, int32_t c) noexcept nogil:
    cdef size_t lo = 0, hi = counts.size(), mid
    while lo < hi:
        mid = (lo + hi) >> 1
        if counts[0][mid] < c:
            lo = mid + 1
        else:
            hi = mid
    return lo < counts.size() and counts[0][lo] == c


cdef inline void or_bits(Verdict* into, const vector[uint64_t]* bits) noexcept:
    cdef int i
    if bits.size() == 0:
        return
    if into.bits.size() == 0:
        into.bits.assign(FILTER_WORDS, 0)
    for i in range(FILTER_WORDS):
        into.bits[i] |= bits[0][i]


cdef inline void set_leaf(Verdict* out) noexcept:
    out.known = True
    out.line_bound = False
    out.counts.clear()
    out.bits.clear()


cdef class Walk:
    """One walk of one proof (``verify._Checker.walk_compiled``)."""

    def __cinit__(self):
        self.benson = <Benson*>PyMem_Malloc(sizeof(Benson))
        if self.benson == NULL:
            raise MemoryError()

    def __dealloc__(self):
        PyMem_Free(self.benson)

    def __init__(self, Record rec not None, Board b not None, checker, int defender,
                 str goal, region, crucial, bint reuse, long long max_positions, stop,
                 walking, long long sample_size, int max_recorded, list cut_lines not None):
        self.rec = rec
        self.b = b
        self.checker = checker
        self.defender = defender
        self.attacker = WHITE if defender == BLACK else BLACK
        self.survive = goal == "survive"
        self.live_any = goal == "live_any"
        self.reuse = reuse
        self.max_positions = max_positions
        self.stop = stop
        self.walking = walking
        self.sample_size = sample_size
        self.keep_at = sample_size
        self.max_recorded = max_recorded
        self.cut_lines = cut_lines
        self.stopped = ""
        zone_clear(&self.region)
        zone_clear(&self.crucial)
        zone_clear(&self.all_points)
        for p in sorted(region):
            if not on_board(b, p):
                raise ValueError(f"region point {p!r} is not a point of the board")
            zone_add(&self.region, p)
            self.region_points.push_back(p)
        for p in sorted(crucial):
            if not on_board(b, p):
                raise ValueError(f"crucial point {p!r} is not a point of the board")
            zone_add(&self.crucial, p)
            self.crucial_points.push_back(p)
        cdef int i
        for i in range(b.n_points):
            zone_add(&self.all_points, b.points[i])
        self.crucial_or_region = self.crucial
        for i in range(self.region_points.size()):
            zone_add(&self.crucial_or_region, self.region_points[i])
        rec.walks += 1
        self.epoch = rec.walks

    def run(self, root):
        """Walk the proof from ``root`` at the board's position: (outcome, positions
        walked, positions reused, distinct nodes, why ``stop`` ended it, line-bound,
        nodes offered to the sample)."""
        cdef Verdict out
        cdef int idx = self.rec.read(root, self.b)
        cdef int r = self.check(idx, NULL, &out)
        outcome = PASSED if r == DONE else FAULT_FOUND if r == FAULT else HALTED
        return (outcome, self.positions, self.reused, self.nodes_seen, self.stopped,
                bool(out.line_bound) if r == DONE else True, self.proven_seen)

    # ---- helpers -------------------------------------------------------------------

    cdef bint read_stop(self) except -1:
        if self.walking is not None:
            self.walking(self.nodes_seen)
        if not self.stopped and self.stop is not None:
            self.stopped = self.stop() or ""
        return bool(self.stopped)

    cdef void count_seen(self, int idx) noexcept:
        if self.rec.data[idx].seen != self.epoch:
            self.rec.data[idx].seen = self.epoch
            self.nodes_seen += 1

    cdef bint line_apart(self, const Verdict* v) noexcept:
        cdef size_t i
        cdef uint64_t h
        if not self.reuse or not v.known:
            return False
        for i in range(self.line_code.size()):
            if not has_count(&v.counts, self.line_code[i]):
                continue
            if v.bits.size() == 0:
                continue
            h = self.line_hash[i] >> FILTER_SHIFT
            if (v.bits[h >> 6] >> (h & 63)) & 1:
                return False
        return True

    cdef int find(self, int idx) noexcept:
        cdef Board b = self.b
        cdef uint64_t key = slot_of(idx, b.pos.hash, b.pos.ko_loc, b.pos.passes)
        cdef unordered_map[uint64_t, int].iterator it = self.rec.memo_slot.find(key)
        if it == self.rec.memo_slot.end():
            return -1
        cdef int e = self.rec.memo_slot[key]
        while e >= 0:
            if self.rec.memo[e].node == idx and self.rec.memo[e].hash == b.pos.hash \
                    and self.rec.memo[e].ko == b.pos.ko_loc \
                    and self.rec.memo[e].passes == b.pos.passes:
                return e
            e = self.rec.memo[e].next
        return -1

    cdef void store(self, int idx, int entry, const Verdict* v) noexcept:
        cdef Board b = self.b
        cdef uint64_t key
        cdef int e = entry
        if e < 0:
            key = slot_of(idx, b.pos.hash, b.pos.ko_loc, b.pos.passes)
            e = <int>self.rec.memo.size()
            self.rec.memo.resize(e + 1)
            self.rec.memo[e].node = idx
            self.rec.memo[e].hash = b.pos.hash
            self.rec.memo[e].ko = b.pos.ko_loc
            self.rec.memo[e].passes = b.pos.passes
            if self.rec.memo_slot.find(key) != self.rec.memo_slot.end():
                self.rec.memo[e].next = self.rec.memo_slot[key]
            else:
                self.rec.memo[e].next = -1
            self.rec.memo_slot[key] = e
        self.rec.memo[e].known = v.known
        self.rec.memo[e].line_bound = v.line_bound
        self.rec.memo[e].counts = v.counts
        self.rec.memo[e].bits = v.bits

    cdef bint goal_holds(self) noexcept:
        cdef Board b = self.b
        cdef int i, loc
        benson_run(b, self.defender, self.benson, NULL)
        if self.live_any:
            for i in range(b.n_points):
                loc = b.points[i]
                if b.pos.color[loc] == self.defender \
                        and self.benson.chain_alive[b.pos.head[loc]]:
                    return True
            return False
        for i in range(<int>self.crucial_points.size()):
            loc = self.crucial_points[i]
            if b.pos.color[loc] == self.defender and self.benson.chain_alive[b.pos.head[loc]]:
                return True
        return False

    cdef bint crucial_on_board(self) noexcept:
        cdef int i
        for i in range(<int>self.crucial_points.size()):
            if self.b.pos.color[self.crucial_points[i]] == self.defender:
                return True
        return False

    cdef void add_moves_left(self, Verdict* out) noexcept:
        """This position's moves into ``out``: the stone counts they may leave, and the
        filter of the positions (``Board.stone_counts_after_moves``, ``moves_left_filter``)."""
        cdef Board b = self.b
        cdef int black[MAX_ARR]
        cdef int white[MAX_ARR]
        cdef int i, n = b.counts_after_moves_c(black, white)
        cdef vector[int32_t] mine
        for i in range(n):
            mine.push_back(black[i] * 1024 + white[i])
        sort(mine.begin(), mine.end())
        merge_counts(&out.counts, &mine)
        if out.bits.size() == 0:
            out.bits.assign(FILTER_WORDS, 0)
        b.moves_left_filter_c(64 - FILTER_SHIFT, out.bits.data())

    cdef int sample(self, int idx) except -1:
        """Offer a proven node to the replays' reservoir (the reference's ``sample``)."""
        if self.b.pos.ko_loc != PASS_LOC or zone_subset(&self.all_points, &self.rec.zones[idx]):
            return 0
        self.proven_seen += 1
        if self.proven_seen <= self.sample_size or self.proven_seen == self.keep_at:
            self.keep_at = self.checker.keep(self.rec.nodes[idx], self.path_tuple(),
                                             self.proven_seen)
        return 0

    cdef tuple path_tuple(self):
        return tuple([self.path[i] for i in range(<int>self.path.size())])

    cdef bint ends_the_game(self, int idx) noexcept:
        """``verify.ends_the_game``: a leaf, or a node won by its mover's pass."""
        cdef NodeData d = self.rec.data[idx]
        if d.n_children == 0:
            return True
        if d.kind != OR_NODE and d.kind != AND_NODE:
            return False
        if (d.kind == AND_NODE) == d.won:       # its mover loses: no move of its own
            return False
        return self.rec.child_move[d.first_child] == PASS_LOC

    # ---- the walk (``verify._Checker``'s methods of the same names) -----------------

    cdef int check(self, int idx, const Zone* parent, Verdict* out) except -1:
        cdef int entry, r
        self.positions += 1
        if self.positions > self.max_positions:
            self.halted = True
            return HALT
        if self.stopped or (self.positions % STOP_EVERY == 1 and self.read_stop()):
            return HALT
        if self.rec.data[idx].no_zone or self.rec.data[idx].off:
            return FAULT
        self.count_seen(idx)
        if parent != NULL and not zone_subset(&self.rec.zones[idx], parent):
            return FAULT
        entry = self.find(idx)
        if entry >= 0 and self.line_apart(&self.rec.memo[entry]):
            self.reused += 1
            out.known = self.rec.memo[entry].known
            out.line_bound = self.rec.memo[entry].line_bound
            out.counts = self.rec.memo[entry].counts
            out.bits = self.rec.memo[entry].bits
            return DONE
        r = self.check_position(idx, out)
        if r != DONE:
            return r
        if self.line_apart(out):
            self.store(idx, entry, out)
        return DONE

    cdef int check_position(self, int idx, Verdict* out) except -1:
        cdef Board b = self.b
        cdef NodeData d = self.rec.data[idx]
        cdef Zone zone = self.rec.zones[idx]
        cdef int mover, prover, r
        set_leaf(out)
        if d.kind == GOAL:
            if not d.won or not self.checker.goal_leaf_sound(self.rec.nodes[idx], b):
                return FAULT
            if basics_fault_c(b, &zone).kind != NO_FAULT:
                return FAULT
            return DONE
        if not d.won and self.goal_holds():
            return FAULT
        if d.kind == CAPTURED:
            if d.won or self.live_any or self.crucial_on_board() \
                    or not zone_subset(&self.crucial, &zone):
                return FAULT
            return DONE
        if d.kind == PASSES:
            if d.won or b.pos.passes < 2 or self.survive \
                    or not (zone_subset(&zone, &self.all_points)
                            and zone_subset(&self.all_points, &zone)):
                return FAULT
            return DONE
        if d.kind == SURVIVES:
            if not (d.won and self.survive and b.pos.passes >= 2 and self.crucial_on_board()) \
                    or not zone_subset(&self.crucial_or_region, &zone):
                return FAULT
            return DONE
        if b.pos.passes >= 2:
            return FAULT
        mover = b.pos.to_play
        if (d.kind == OR_NODE) != (mover == self.defender):
            return FAULT
        prover = self.defender if d.won else self.attacker
        if basics_fault_c(b, &zone).kind != NO_FAULT:
            return FAULT
        self.line_code.push_back(self.counts_code())
        self.line_hash.push_back(b.pos.hash)
        if mover == prover:
            r = self.check_move_node(idx, &zone, prover, out)
        else:
            r = self.check_all_node(idx, &zone, prover, out)
        self.line_code.pop_back()
        self.line_hash.pop_back()
        if r != DONE:
            return r
        if not out.line_bound:
            self.sample(idx)
        if not out.known:
            out.counts.clear()
            out.bits.clear()
            return DONE
        self.add_moves_left(out)
        return DONE

    cdef int32_t counts_code(self) noexcept:
        """This position's (black, white) stone counts as one number, black * 1024 + white
        (the line's and ``Verdict.counts``' form)."""
        cdef int black, white
        self.b.stone_counts_c(&black, &white)
        return black * 1024 + white

    cdef int play_child(self, int move, int child, const Zone* zone, Verdict* out) except -1:
        cdef Board b = self.b
        cdef int r
        if move != PASS_LOC and (not zone_has(&self.region, move) or not b.is_legal_c(move)):
            return FAULT
        b.play_c(move)
        self.path.push_back(move)
        try:
            r = self.check(child, zone, out)
        finally:
            self.path.pop_back()
            b.undo_c()
        return r

    cdef int check_move_node(self, int idx, const Zone* zone, int prover,
                             Verdict* out) except -1:
        cdef NodeData d = self.rec.data[idx]
        cdef int move, child
        if d.n_children != 1:
            return FAULT
        move = self.rec.child_move[d.first_child]
        child = self.rec.child(d.first_child, self.b)
        if self.rec.data[child].won != d.won or self.rec.data[child].off:
            # a child whose ``won`` is not a bool: the reference compares it as it is
            return FAULT
        if move != PASS_LOC and (not zone_has(&self.region, move)
                                 or not self.b.is_legal_c(move)):
            return FAULT
        if move_fault_c(self.b, zone, move, prover).kind != NO_FAULT:
            return FAULT
        return self.play_child(move, child, zone, out)

    cdef int check_all_node(self, int idx, const Zone* zone, int prover,
                            Verdict* out) except -1:
        cdef Board b = self.b
        cdef NodeData d = self.rec.data[idx]
        cdef int k, j, move, child, cover, kc, r, i
        cdef bint forbidden_here, line_bound, ends, passes_back
        cdef vector[char] bound_child
        cdef Verdict below
        cdef Zone cover_zone
        if prover == self.defender and b.pos.passes >= 1 and not self.survive:
            return FAULT
        if d.twice:
            return FAULT
        if reply_fault_c(b, zone, prover).kind != NO_FAULT:
            return FAULT
        out.known = True
        forbidden_here = self.b.superko_forbids_c(&self.region)
        line_bound = forbidden_here or self.b.superko_forbids_c(zone)
        bound_child.assign(d.n_children, 0)
        for k in range(d.n_children):
            child = self.rec.child(d.first_child + k, b)
            if self.rec.data[child].won != d.won or self.rec.data[child].off:
                return FAULT
            move = self.rec.child_move[d.first_child + k]
            if forbidden_here and move != PASS_LOC and zone_has(&self.region, move) \
                    and b.illegal_reason_c(move) == SUPERKO:
                bound_child[k] = 1
                line_bound = True
                continue
            r = self.play_child(move, child, zone, &below)
            if r != DONE:
                return r
            if out.known and below.known:
                merge_counts(&out.counts, &below.counts)
            else:
                out.known = False
            or_bits(out, &below.bits)
            bound_child[k] = below.line_bound
            line_bound = line_bound or below.line_bound
        # every move of the mover in the region, and the pass: a child, or a cut
        for i in range(<int>self.region_points.size() + 1):
            if i < <int>self.region_points.size():
                move = self.region_points[i]
                if not b.is_legal_c(move):
                    continue
            else:
                move = PASS_LOC
            kc = -1
            for k in range(d.n_children):
                if self.rec.child_move[d.first_child + k] == move:
                    kc = k
            if kc >= 0:
                continue
            cover = -1
            for j in range(d.n_cuts - 1, -1, -1):
                if self.rec.cut_move[d.first_cut + j] == move:
                    cover = self.rec.cut_cover[d.first_cut + j]
                    break
            if cover < 0:
                return FAULT
            for k in range(d.n_children):
                if self.rec.child_move[d.first_child + k] == cover:
                    kc = k
            if kc < 0:
                return FAULT
            if cover != PASS_LOC and cover == b.pos.ko_loc:
                return FAULT
            child = self.rec.child(d.first_child + kc, b)
            if self.rec.data[child].no_zone:
                zone_clear(&cover_zone)
            else:
                if self.rec.data[child].off:
                    return FAULT
                self.count_seen(child)
                cover_zone = self.rec.zones[child]
            if changes_inside_c(b, cover, &cover_zone) or changes_inside_c(b, move, &cover_zone):
                return FAULT
            ends = move == PASS_LOC and self.survive and b.pos.passes >= 1
            if ends and prover != self.defender:
                return FAULT
            if cover == PASS_LOC and self.ends_the_game(child):
                return FAULT
            if bound_child[kc]:
                return FAULT
            passes_back = move == PASS_LOC and prover != self.defender and not self.survive
            if ends and not self.crucial_on_board():
                return FAULT
            if len(self.cut_lines) < self.max_recorded and not passes_back and not ends:
                self.cut_lines.append((self.rec.child_objs[d.first_child + kc],
                                       self.path_tuple() + (move,), cover))
        out.line_bound = line_bound
        return DONE
