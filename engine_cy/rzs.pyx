# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# distutils: language = c++
"""Depth-first relevance-zone search (RZS, appendix Algorithm 1 "AchieveGoal") by iterative deepening.

What a node is -- leaves, moves, null moves, zones, line-bound results -- is
``engine_cy.node_rules`` (read its docstring first); this module is only the
order of work: iterative deepening over plies, each iteration a depth-first
search with play/undo on one board, for proofs and disproofs alike.

* the mover wins a node with the first move whose child it wins;
* the mover loses a node when every move and the pass fail; a failed null
  move covers the moves after it that change nothing in its child's zone
  (``node_rules.cover_moves``), and they are cut.

Results are records in C arrays (``RNode``, with their moves and cuts in two
side vectors), so the search runs without the GIL and makes no Python object
per node; the table maps ``node_rules.position_key`` to the record of a
resolved node that is not line-bound (a line-bound result holds on its own
path only).  After the search ``solve`` turns the root's record into
``node_rules.Result`` records.  Such a result can still be wrong under another
path history only if a line of the subtree recreates a position of that
history; ``tsumego_gui.search.verify`` replays every line with the full
history and rejects such a proof.

Knows the board, Benson, zones and the node rules; nothing about files,
threads or proof objects.
"""

from libc.stdint cimport int16_t, int32_t, uint8_t, uint64_t
from cython.operator cimport dereference as deref
from libcpp.unordered_map cimport unordered_map
from libcpp.vector cimport vector

from engine_cy.benson cimport Benson
from engine_cy.board cimport PASS_LOC, Board
from engine_cy.goal cimport GoalSpec, goal_init
from engine_cy.node_rules cimport (
    ALL, CAPTURED, GOAL, INNER, LOSS, MAX_MOVES, MOVE, PASSBACK, PASSES, SURVIVES, UNKNOWN, WIN,
    Result,
    all_result, cover_moves, is_null_move, leaf_kind, leaf_result, leaf_winner, loss_zone,
    move_result, node_moves, position_key, win_zone,
)
from engine_cy.search_control cimport NOT_STOPPED, SearchControl
from engine_cy.zone cimport Zone, zone_clear, zone_union

from engine_cy.node_rules import STATUS_NAMES
from engine_cy.search_control import STOP_NAMES


cdef struct RNode:
    # a resolved node: a leaf, a win with one move, or a loss with every move
    uint8_t kind              # node_rules leaf kinds, MOVE, ALL
    uint8_t winner            # WIN (the defender) or LOSS
    int16_t move              # MOVE: the winning move
    int32_t zone              # index into RzsCore.zones
    int32_t child             # MOVE: the child's record
    int32_t first             # ALL: first of its children in RzsCore.links ...
    int32_t n_links
    int32_t first_cut         # ... and of its cut moves in RzsCore.cuts
    int32_t n_cuts


cdef struct Link:
    int16_t move
    int32_t node


cdef struct Cut:
    int16_t move
    int16_t by                # the covering null move


cdef class RzsCore:
    """One search over one problem position; see the module docstring."""

    cdef Board b
    cdef GoalSpec g             # defender, goal, crucial points, region
    cdef Benson benson          # Benson's scratch for the leaf test
    cdef readonly SearchControl control
    cdef readonly long nodes
    cdef int stop
    cdef bint depth_cut
    cdef readonly int depth
    cdef readonly long tt_hits
    cdef vector[RNode] arena
    cdef vector[Link] links
    cdef vector[Cut] cuts
    cdef vector[Zone] zones
    cdef unordered_map[uint64_t, int32_t] tt
    cdef unordered_map[uint64_t, int32_t] goal_zones    # of positions met before
    cdef int32_t leaf_zone[8]       # the zone of every CAPTURED / PASSES / PASSBACK / SURVIVES leaf

    def __init__(self, Board board not None, int defender, int goal, crucial, region,
                 SearchControl control not None):
        """``board`` is searched in place (and restored); ``goal`` is a ``goal.pxd``
        code; ``crucial`` and ``region`` are iterables of locs (an empty region means
        the whole board)."""
        self.b = board
        goal_init(&self.g, board, defender, goal, crucial, region)
        self.control = control
        self.nodes = 0
        self.tt_hits = 0
        self.stop = NOT_STOPPED
        self.leaf_zone[CAPTURED] = self.add_zone(&self.g.crucial)
        self.leaf_zone[SURVIVES] = self.add_zone(&self.g.ended)
        self.leaf_zone[PASSES] = self.leaf_zone[PASSBACK] = self.add_zone(&self.g.full)

    @property
    def stop_reason(self):
        return STOP_NAMES[self.stop]

    def solve(self, int max_depth=400):
        """Iterative deepening; returns (status name, Result or None).  The search runs
        without the GIL; building the Result afterwards holds it."""
        cdef Zone zone
        cdef int status = UNKNOWN, d
        cdef bint line_bound
        cdef int32_t node = -1
        with nogil:
            for d in range(1, max_depth + 1):
                self.depth = d
                self.depth_cut = False
                node = self.search(d, &zone, &status, &line_bound)
                if status != UNKNOWN or self.stop != NOT_STOPPED or not self.depth_cut:
                    break
            self.control.publish(self.nodes, self.depth, <long>self.tt.size())
        if status == UNKNOWN:
            return STATUS_NAMES[status], None
        return STATUS_NAMES[status], self.build(node, {})

    # ---- records -------------------------------------------------------------------

    cdef int32_t add_zone(self, const Zone* z) noexcept nogil:
        self.zones.push_back(z[0])
        return <int32_t>(self.zones.size() - 1)

    cdef int32_t add_node(self, int kind, int winner, int32_t zone) noexcept nogil:
        cdef RNode r
        r.kind = kind
        r.winner = winner
        r.move = -1
        r.zone = zone
        r.child = -1
        r.first = r.n_links = r.first_cut = r.n_cuts = 0
        self.arena.push_back(r)
        return <int32_t>(self.arena.size() - 1)

    cdef int32_t add_leaf(self, int kind, const Zone* z) noexcept nogil:
        """A new leaf record for the position on the board (every visit gets its own, as
        the proof tree gets a node per line; only the zones are shared)."""
        cdef uint64_t key
        cdef unordered_map[uint64_t, int32_t].iterator it
        if kind != GOAL:
            return self.add_node(kind, leaf_winner(kind), self.leaf_zone[kind])
        key = position_key(self.b)
        it = self.goal_zones.find(key)
        if it != self.goal_zones.end():
            return self.add_node(GOAL, WIN, deref(it).second)
        self.goal_zones[key] = self.add_zone(z)
        return self.add_node(GOAL, WIN, self.goal_zones[key])

    cdef Result build(self, int32_t n, dict memo):
        """The record ``n`` as a Result (records met again stay shared)."""
        cached = memo.get(n)
        if cached is not None:
            return cached
        cdef RNode r = self.arena[n]
        cdef int32_t i
        cdef Result out
        if r.kind == MOVE:
            out = move_result(&self.zones[r.zone], r.winner, r.move, self.build(r.child, memo))
        elif r.kind == ALL:
            children = [(self.links[i].move, self.build(self.links[i].node, memo))
                        for i in range(r.first, r.first + r.n_links)]
            cut = [(self.cuts[i].move, self.cuts[i].by)
                   for i in range(r.first_cut, r.first_cut + r.n_cuts)]
            out = all_result(&self.zones[r.zone], r.winner, children, cut)
        else:
            out = leaf_result(r.kind, &self.zones[r.zone])
        memo[n] = out
        return out

    cdef inline bint ends(self, int32_t n) noexcept nogil:
        """The record ``n`` is a leaf or a win by the mover's pass."""
        return self.arena[n].kind != MOVE and self.arena[n].kind != ALL \
            or self.arena[n].kind == MOVE and self.arena[n].move == PASS_LOC

    # ---- the search ----------------------------------------------------------------

    cdef bint out_of_budget(self) noexcept nogil:
        if self.stop == NOT_STOPPED:
            self.stop = self.control.budget_stop(self.nodes)
            if (self.nodes & 255) == 0:
                self.control.publish(self.nodes, self.depth, <long>self.tt.size())
        return self.stop != NOT_STOPPED

    cdef int32_t search(self, int depth, Zone* zone_out, int* status,
                        bint* line_bound) noexcept nogil:
        """Search the position on the board: sets status, zone_out and line_bound, and
        returns the result's record (-1 when unknown)."""
        cdef int kind
        cdef int32_t node
        cdef uint64_t key
        cdef unordered_map[uint64_t, int32_t].iterator it
        self.nodes += 1
        line_bound[0] = False
        status[0] = UNKNOWN
        if self.out_of_budget():
            return -1
        kind = leaf_kind(&self.g, self.b, &self.benson, zone_out)
        if kind != INNER:
            status[0] = leaf_winner(kind)
            return self.add_leaf(kind, zone_out)
        key = position_key(self.b)
        it = self.tt.find(key)
        if it != self.tt.end():
            self.tt_hits += 1
            node = deref(it).second
            status[0] = self.arena[node].winner
            zone_out[0] = self.zones[self.arena[node].zone]
            return node
        if depth <= 0:
            self.depth_cut = True
            return -1
        node = self.search_moves(depth, zone_out, status, line_bound)
        if status[0] != UNKNOWN and not line_bound[0]:
            self.tt[key] = node
        return node

    cdef int32_t search_moves(self, int depth, Zone* zone_out, int* status,
                              bint* line_bound) noexcept nogil:
        """An inner node, for either side: the mover wins with one good move, or loses
        when every move (and the pass) fails, some of them cut as null moves."""
        cdef int mover = self.b.pos.to_play
        cdef int good = WIN if mover == self.g.defender else LOSS   # a win for the mover
        cdef int bad = LOSS if good == WIN else WIN
        cdef int16_t moves[MAX_MOVES]
        cdef int16_t cut_by[MAX_MOVES]
        cdef uint8_t settled[MAX_MOVES]
        cdef int32_t failed[MAX_MOVES]
        cdef int16_t cut_order[MAX_MOVES]
        cdef int n, i, j, m, child_status, n_failed = 0, n_cut = 0
        cdef int32_t child, node
        cdef Zone child_zone
        cdef bint child_bound, unknown = False
        cdef RNode* r
        n = node_moves(&self.g, self.b, moves, NULL, NULL, line_bound)
        for i in range(n):
            cut_by[i] = -1
            settled[i] = 0
        zone_clear(zone_out)
        for i in range(n):
            if cut_by[i] >= 0:
                continue
            settled[i] = 1
            m = moves[i]
            self.b.play_c(m)
            child = self.search(depth - 1, &child_zone, &child_status, &child_bound)
            self.b.undo_c()
            line_bound[0] |= child_bound
            if child_status == good:
                zone_out[0] = child_zone
                line_bound[0] |= win_zone(self.b, zone_out, m)
                status[0] = good
                node = self.add_node(MOVE, good, self.add_zone(zone_out))
                self.arena[node].move = <int16_t>m
                self.arena[node].child = child
                return node
            if child_status == UNKNOWN:
                unknown = True
                if self.stop != NOT_STOPPED:
                    break
                continue
            failed[i] = child
            n_failed += 1
            zone_union(zone_out, &child_zone)
            if is_null_move(self.b, m, &child_zone, child_bound, self.ends(child)):
                cover_moves(self.b, moves, n, i, &child_zone, settled, cut_by)
                for j in range(i + 1, n):
                    if cut_by[j] == i:
                        cut_order[n_cut] = <int16_t>j
                        n_cut += 1
        if unknown:
            status[0] = UNKNOWN
            return -1
        line_bound[0] |= loss_zone(self.b, zone_out, False)
        status[0] = bad
        node = self.add_node(ALL, bad, self.add_zone(zone_out))
        r = &self.arena[node]
        r.first = <int32_t>self.links.size()
        r.n_links = n_failed
        r.first_cut = <int32_t>self.cuts.size()
        r.n_cuts = n_cut
        for i in range(n):
            if cut_by[i] < 0:
                self.links.push_back(Link(moves[i], failed[i]))
        for i in range(n_cut):
            j = cut_order[i]
            self.cuts.push_back(Cut(moves[j], moves[cut_by[j]]))
        return node
