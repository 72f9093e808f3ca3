# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Best-first relevance-zone search (RZS inside PUCT MCTS), the hot core.

The tree lives in two ``std::deque``s: an expanded node's moves are one block
of consecutive ``Edge`` structs (12 bytes: the move, its prior, whether a
sibling's zone cut it, and its child), and a child ``Node`` (32 bytes) is made
only when a simulation first goes down its edge, or where it is proven when
created.  Most moves of a wide region are never tried: a node for every move
at each expansion took some 5 kB an evaluation on a 19x19 book problem.  Zones
of proven nodes are in a vector.  A deque grows without moving what it holds: a
vector held up to twice the tree, three times while it moved, and its copies
cost a quarter of a fast search's time (s48).  One board is searched in place
with play/undo.

A *simulation* descends from the root by PUCT (proven and pruned children
are never selected; at attacker nodes the explicit attacker pass is tried
first, as in the depth-first solver, because its zone says where the
attacker must play at all).  At the leaf:

* a terminal position (``node_rules.leaf_kind``) is proven at once, with its
  leaf zone, and counted as one node;
* a position in the transposition table is proven from the table (not
  counted);
* at a defender leaf, every legal move is probed for reaching the goal at once
  (the RZS code's "immediate win"; probes are not counted): the first that
  does becomes the leaf's only child, a goal leaf, counted as one node;
* otherwise the leaf joins the batch for the evaluator, with virtual loss on
  its path; after the batch is evaluated each leaf is expanded and counted as
  one node (RZS paper's code counts network evaluations plus terminal visits).
  The defender's pass child is created proven lost (the attacker passes back,
  or two passes end the game), as the depth-first solver would find it.

Values are plain averages of the defender's value; when a node is proven its
sum becomes exact (1 or 0 per visit) and its ancestors' sums move with it, so
selection leaves decided lines at once.  Proof status alone decides the result.

Proof propagation runs up the path whenever a leaf is proven, with the node
rules of ``engine_cy.node_rules``: the mover wins a node with one child it
wins (``win_zone``); a lost child that is a null move prunes every unresolved
sibling it covers (the must-answer set shrinks); the mover loses a node when
every child left is lost (``loss_zone``).  A line-bound node stands on its own
path in the tree, never enters the table and covers no other move.  A proof
built through the table may still meet, on the line where a table result was
reused, a move superko forbids there, or a cover that superko decides there:
``build`` walks every subtree reused from the table on the new line with the
verifier's rules (unless the verifier's stone-count rule shows no position of
the line can repeat in it), raises ``ExtractionError`` where the proof does not
hold there, and ``tsumego_gui.search.mcts`` searches again without the table.

The search runs without the GIL and talks to other threads through its
``SearchControl``; a Python evaluator (``MODE_PYTHON``) takes the GIL for each
batch.  ``UniformEvaluator`` and ``HeuristicEvaluator`` run natively
(``engine_cy.heuristic``, the same numbers their ``evaluate`` returns); any
other evaluator is called with a batch of ``Query`` objects, only for leaves
fewer than ``native_depth`` moves deep when that is set (the others get the
native heuristic: a slow network guides the first moves of each line).  Values
are the defender's win probability.  Results are ``node_rules.Result`` records.
Knows the board, Benson, zones and the node rules; nothing about files,
threads or proof objects.
"""

from libc.math cimport sqrt
from libc.stdint cimport int16_t, int32_t, uint8_t, uint64_t
from libcpp.deque cimport deque
from libcpp.unordered_map cimport unordered_map
from libcpp.utility cimport pair
from libcpp.vector cimport vector
from cython.operator cimport dereference as deref

import sys

import numpy as np

from engine_cy.benson cimport Benson, benson_goal
from engine_cy.board cimport PASS_LOC, Board
from engine_cy.gil cimport OFFER_SWITCHES, offer_gil
from engine_cy.goal cimport GoalSpec, goal_init
from engine_cy.heuristic cimport heuristic_c
from engine_cy.node_rules cimport (
    GOAL, INNER, LOSS, MAX_MOVES, PASSBACK, PASSES, SURVIVES, UNKNOWN, WIN, Result, add_pass,
    all_result, covered_by, is_null_move, leaf_kind, leaf_result, leaf_winner, loss_zone,
    move_result, position_key, region_moves, region_start, rng_next, rng_seed,
    superko_forbids_in, superko_forbids_region, survive_by_passing, win_zone,
)
from engine_cy.search_control cimport MEMORY_BUDGET, NOT_STOPPED, SearchControl, monotonic
from engine_cy.zone cimport Zone, zone_clear, zone_union

from engine_cy.node_rules import STATUS_NAMES
from engine_cy.search_control import STOP_NAMES

cdef enum:
    # a node's kind: INNER, a leaf kind of ``node_rules.leaf_kind``, or
    TABLE = 5         # proven by the transposition table (``ref`` = the stored node)

cdef enum:
    # bytes a table entry takes in ``std::unordered_map`` (key, value, hash link, bucket)
    TABLE_ENTRY_BYTES = 40
    # edges at most: their indices are int32 (some 24 GiB of edges, reached only with no
    # tree budget); the search then stops as for its memory budget (review s49)
    MAX_EDGES = 2000000000

cdef enum:
    # proof-building steps between GIL offers (``build``): by the memo's size, most of its
    # multiples of 256 passed unseen (it grows as nodes are left), as in df-pn's
    # extraction (s43), and the GUI waited for the GIL (s58: stall_mcts_ms up to 73 ms)
    BUILD_OFFER_EVERY = 64

cdef enum:
    F_EXPANDED = 1
    F_PENDING = 2
    F_LINE_BOUND = 4
    F_PRUNED = 8

cdef enum:
    MODE_PYTHON = 0
    MODE_UNIFORM = 1
    MODE_HEURISTIC = 2

globals().update(MODE_PYTHON=MODE_PYTHON, MODE_UNIFORM=MODE_UNIFORM,
                 MODE_HEURISTIC=MODE_HEURISTIC)


class ExtractionError(RuntimeError):
    """A proof built from the table met a move that superko forbids on its new line."""

cdef struct Node:
    int32_t first_edge       # index of its first move in ``edges`` (a node's are contiguous)
    int32_t visits
    float value_sum          # sum of the defender's values backed up through here
    int32_t zone_id          # index into ``zones`` once proven, else -1
    int32_t ref              # INNER won by the mover: winning child; TABLE: stored node
    int16_t move             # the move that led here (PASS_LOC for the root)
    int16_t n_edges
    int16_t vloss
    uint8_t status
    uint8_t kind
    uint8_t flags            # F_PRUNED mirrors its edge's ``pruned_by`` once it is made


cdef struct Edge:
    float prior
    int32_t node             # the child's index in ``nodes``, -1 until it is made
    int16_t move
    int16_t pruned_by        # move of the sibling whose zone cut this one, or -1


cdef class MctsCore:
    """One best-first search over one position; see the module docstring."""

    cdef Board b
    cdef GoalSpec g             # defender, goal, crucial points, region
    cdef Benson benson          # Benson's scratch for leaf tests and the heuristic
    cdef deque[Node] nodes
    cdef deque[Edge] edges
    cdef vector[Zone] zones
    cdef unordered_map[uint64_t, int32_t] tt
    cdef vector[int32_t] path
    cdef list build_line        # stone counts of the positions on the line ``build`` is on
    # the pending batch: leaves, their paths, moves and evaluations (flattened)
    cdef vector[int32_t] pend_leaf
    cdef vector[int32_t] pend_path
    cdef vector[int32_t] pend_path_off
    cdef vector[int16_t] pend_moves
    cdef vector[int32_t] pend_moves_off
    cdef vector[float] pend_priors
    cdef vector[float] pend_value
    cdef vector[uint8_t] pend_defpass
    cdef vector[int32_t] pend_asked     # batch index of each leaf the evaluator is asked about
    cdef int32_t full_zone_id
    cdef int32_t ended_zone_id
    cdef object queries
    cdef readonly long evals
    cdef readonly long tt_hits
    cdef readonly int depth
    cdef readonly SearchControl control     # budgets, cancel flag, published progress
    cdef bint use_table         # False: every result is proven on its own line
    cdef object evaluator
    cdef object problem
    cdef object query_type
    cdef int mode
    cdef int native_depth       # MODE_PYTHON: leaves this deep or deeper get the heuristic
    cdef int stop
    cdef int batch_size
    cdef double c_puct
    cdef int vloss_weight
    cdef double pass_prior
    cdef uint64_t rng
    cdef bint all_moves
    cdef double report_every
    cdef double next_report
    cdef double next_offer      # clock time of the next GIL offer (engine_cy.gil)
    cdef double offer_every     # seconds between offers: a few switch intervals
    cdef long built_steps       # calls of build (BUILD_OFFER_EVERY)
    cdef size_t max_bytes       # the tree's memory at most (0: no limit)

    def __init__(self, Board board not None, int defender, int goal, crucial, region, *,
                 SearchControl control not None, evaluator, int mode, problem=None,
                 query_type=None, int batch_size, double c_puct, int virtual_loss,
                 double attacker_pass_prior, uint64_t seed, bint all_moves=False,
                 double report_every=0.5, bint use_table=True, int native_depth=-1,
                 size_t max_bytes=0):
        """``board`` is searched in place (and restored, except after a MemoryError,
        which leaves it and the tree half-updated: drop both); ``goal`` is a ``goal.pxd``
        code; ``crucial`` and ``region`` are iterables of locs (an empty region means
        the whole board); ``mode``
        is 0 (call ``evaluator.evaluate`` with ``query_type`` objects), 1
        (uniform) or 2 (heuristic).  With mode 0, ``native_depth`` >= 0 sends only
        leaves fewer than that many moves from the root to the evaluator and gives
        the others the native heuristic (a slow network where its guidance counts
        most).  The control's node budget counts evaluations.  ``max_bytes`` (0: none)
        ends the search with the stop reason "memory budget" once the tree, its zones and
        its table hold more (each evaluated leaf adds an edge for every move there)."""
        self.b = board
        goal_init(&self.g, board, defender, goal, crucial, region)
        self.control = control
        self.offer_every = OFFER_SWITCHES * sys.getswitchinterval()
        self.use_table = use_table
        self.evaluator = evaluator
        self.problem = problem
        self.query_type = query_type
        self.mode = mode
        self.native_depth = native_depth
        self.batch_size = max(1, batch_size)
        self.c_puct = c_puct
        self.vloss_weight = max(0, virtual_loss)
        self.pass_prior = attacker_pass_prior
        self.rng = rng_seed(seed)
        self.all_moves = all_moves
        self.report_every = report_every
        self.max_bytes = max_bytes
        self.next_report = 0.0
        self.evals = 0
        self.tt_hits = 0
        self.depth = 0
        self.stop = NOT_STOPPED
        self.queries = []
        self.build_line = []
        self.nodes.push_back(self.new_node(PASS_LOC))
        self.zones.push_back(self.g.full)
        self.full_zone_id = 0
        self.zones.push_back(self.g.ended)
        self.ended_zone_id = 1

    # ---- small helpers ---------------------------------------------------------------

    cdef Node new_node(self, int move) noexcept nogil:
        cdef Node n
        n.first_edge = -1
        n.visits = 0
        n.value_sum = 0.0
        n.zone_id = -1
        n.ref = -1
        n.move = move
        n.n_edges = 0
        n.vloss = 0
        n.status = UNKNOWN
        n.kind = INNER
        n.flags = 0
        return n

    cdef Edge new_edge(self, int move, float prior) noexcept nogil:
        cdef Edge e
        e.prior = prior
        e.node = -1
        e.move = move
        e.pruned_by = -1
        return e

    cdef int32_t child_of(self, int32_t e) except -1 nogil:
        """The node at the end of edge ``e``, made now if it is not yet."""
        cdef int32_t c
        if self.edges[e].node < 0:
            c = <int32_t>self.nodes.size()
            self.nodes.push_back(self.new_node(self.edges[e].move))
            self.edges[e].node = c
        return self.edges[e].node

    cdef void cut(self, int32_t e, int by) noexcept nogil:
        """Edge ``e`` is covered by the null-move sibling ``by``'s zone."""
        self.edges[e].pruned_by = by
        if self.edges[e].node >= 0:
            self.nodes[self.edges[e].node].flags |= F_PRUNED

    # ``except -1`` on the paths that grow the tree's nodes, zones and table: std::bad_alloc
    # there must end the search as MemoryError (review s46: printed and ignored, or an
    # abort of the whole program where the table grew)
    cdef int set_zone(self, int32_t n, const Zone* z) except -1 nogil:
        self.zones.push_back(z[0])
        self.nodes[n].zone_id = <int32_t>(self.zones.size() - 1)
        return 0


    @property
    def stop_reason(self):
        return STOP_NAMES[self.stop]

    @property
    def tree_size(self):
        return self.nodes.size()

    @property
    def memory(self):
        """Bytes the tree, its zones and its table hold (``max_bytes``' measure)."""
        return self.bytes_held()

    cdef size_t bytes_held(self) noexcept nogil:
        # the zones' capacity, not size: what the vector holds, its room to grow included
        return (self.nodes.size() * sizeof(Node) + self.edges.size() * sizeof(Edge)
                + self.zones.capacity() * sizeof(Zone) + self.tt.size() * TABLE_ENTRY_BYTES)

    def root_status(self):
        return STATUS_NAMES[self.nodes[0].status]

    # ---- the main loop -----------------------------------------------------------------

    def solve(self):
        """Search until the root is proven or a budget ends; returns (status name,
        Result or None, winning first moves).  The search runs without the GIL (a
        Python evaluator takes it for each batch); building the Result holds it."""
        with nogil:
            self.run()
        if self.nodes[0].status == UNKNOWN:
            return "unknown", None, []
        result = self.build(0, {}, False)[0]
        return STATUS_NAMES[self.nodes[0].status], result, self.winning_moves()

    cdef int run(self) except -1 nogil:
        while self.nodes[0].status == UNKNOWN:
            self.stop = self.control.budget_stop(self.evals)
            if self.stop == NOT_STOPPED and (self.edges.size() > MAX_EDGES or (
                    self.max_bytes and self.bytes_held() > self.max_bytes)):
                self.stop = MEMORY_BUDGET
            if self.stop != NOT_STOPPED:
                break
            self.collect_batch()
            if self.pend_leaf.size() > 0:
                if self.mode == MODE_PYTHON:
                    with gil:
                        self.evaluate_batch()
                self.expand_batch()
            self.publish(False)
        self.publish(True)
        return 0

    cdef void publish(self, bint final) noexcept nogil:
        """Progress for the threads that poll the control: counters always, the root's
        status and principal line every ``report_every`` seconds."""
        cdef int16_t line[32]
        cdef double now
        self.control.publish(self.evals, self.depth, <long>self.tt.size())
        now = monotonic()
        if final or now >= self.next_report:
            self.next_report = now + self.report_every
            self.control.publish_line(self.nodes[0].status, line, self.principal_line(line, 32))

    def best_line(self, int max_len=20):
        """The principal line (see ``principal_line``)."""
        cdef int16_t line[MAX_MOVES]
        cdef int n = self.principal_line(line, min(max_len, MAX_MOVES))
        return [int(line[i]) for i in range(n)]

    cdef int principal_line(self, int16_t* out, int max_len) noexcept nogil:
        """The proven winning child where there is one, else the most visited child,
        from the root down: up to ``max_len`` moves into ``out``; their count."""
        cdef int32_t n = 0, e, best, i, visits, most
        cdef int count = 0
        cdef Node* nd
        while count < max_len:
            nd = &self.nodes[n]
            if nd.kind == TABLE or not (nd.flags & F_EXPANDED) or nd.n_edges == 0:
                break
            if nd.ref >= 0:
                out[count] = self.nodes[nd.ref].move
                n = nd.ref
            else:
                best = -1
                most = 0
                for i in range(nd.n_edges):
                    e = nd.first_edge + i
                    visits = self.nodes[self.edges[e].node].visits \
                        if self.edges[e].node >= 0 else 0
                    if best < 0 or visits > most:
                        best = e
                        most = visits
                out[count] = self.edges[best].move
                n = self.edges[best].node
            count += 1
            if n < 0:       # a move never tried: the line ends with it
                break
        return count

    # ---- collecting a batch ----------------------------------------------------------

    cdef int collect_batch(self) except -1 nogil:
        cdef int k, d, result
        cdef int32_t n, c, e
        self.pend_leaf.clear()
        self.pend_path.clear()
        self.pend_path_off.clear()
        self.pend_moves.clear()
        self.pend_moves_off.clear()
        self.pend_priors.clear()
        self.pend_value.clear()
        self.pend_defpass.clear()
        self.pend_asked.clear()
        for k in range(self.batch_size):
            if self.nodes[0].status != UNKNOWN:
                break
            if self.control.max_nodes > 0 and \
                    self.evals + <long>self.pend_leaf.size() >= self.control.max_nodes:
                break
            self.path.clear()
            self.path.push_back(0)
            n = 0
            while self.nodes[n].flags & F_EXPANDED:
                e = self.select_child(n)
                if e < 0:
                    self.undo_path()
                    with gil:
                        raise RuntimeError("MCTS: an unproven node has no child to select")
                c = self.child_of(e)
                self.b.play_c(self.nodes[c].move)
                self.path.push_back(c)
                n = c
            d = <int>self.path.size() - 1
            if d > self.depth:
                self.depth = d
            if self.nodes[n].flags & F_PENDING:
                # this leaf is already waiting in the batch: evaluate what we have
                self.undo_path()
                break
            result = self.visit_leaf(n)
            if result == 0:
                # 1: a defender move reaches the goal at once (a probe, not an
                # evaluation); the path now ends at that goal leaf
                result = self.add_pending(n)
            if result == 0:
                self.undo_path()
            else:
                if result == 1:
                    self.evals += 1
                self.backup(1.0 if self.nodes[n].status == WIN else 0.0)
                self.propagate()
        return 0

    cdef void undo_path(self) noexcept nogil:
        cdef size_t i
        for i in range(1, self.path.size()):
            self.b.undo_c()

    cdef int32_t select_child(self, int32_t n) noexcept nogil:
        """The edge of node ``n`` (board there) a simulation goes down, or -1."""
        cdef Node* nd = &self.nodes[n]
        cdef Node* ch
        cdef Edge* ed
        cdef int mover = self.b.pos.to_play
        cdef bint for_defender = mover == self.g.defender
        cdef int32_t i, e, best = -1, first = nd.first_edge
        cdef double total, sq, fpu, q, score, best_score = -1e300, nv, w
        if not for_defender and nd.n_edges > 0:
            ed = &self.edges[first]
            if ed.move == PASS_LOC and ed.pruned_by < 0 and (ed.node < 0 or (
                    self.nodes[ed.node].status == UNKNOWN
                    and self.nodes[ed.node].visits + self.nodes[ed.node].vloss == 0)):
                return first
        total = 1.0 + nd.visits + nd.vloss
        sq = sqrt(total)
        if nd.visits > 0:
            fpu = nd.value_sum / nd.visits
            if not for_defender:
                fpu = 1.0 - fpu
        else:
            fpu = 0.5
        for i in range(nd.n_edges):
            e = first + i
            ed = &self.edges[e]
            if ed.pruned_by >= 0:
                continue
            nv = 0.0
            if ed.node >= 0:
                ch = &self.nodes[ed.node]
                if ch.status != UNKNOWN:
                    continue
                nv = ch.visits + ch.vloss
            if nv > 0:
                w = ch.value_sum if for_defender else ch.visits - ch.value_sum
                q = w / nv
            else:
                q = fpu
            score = q + self.c_puct * ed.prior * sq / (1.0 + nv)
            if score > best_score:
                best_score = score
                best = e
        return best

    cdef int visit_leaf(self, int32_t n) except -1 nogil:
        """Prove a terminal leaf (1) or a table hit (2); 0: it needs an evaluation."""
        cdef Zone z
        cdef Node* nd
        cdef int kind = leaf_kind(&self.g, self.b, &self.benson, &z)
        cdef unordered_map[uint64_t, int32_t].iterator it
        if kind != INNER:
            self.nodes[n].status = leaf_winner(kind)
            self.nodes[n].kind = kind
            self.set_zone(n, &z)
            return 1
        if not self.use_table:
            return 0
        it = self.tt.find(position_key(self.b))
        if it != self.tt.end():
            nd = &self.nodes[n]
            nd.status = self.nodes[deref(it).second].status
            nd.zone_id = self.nodes[deref(it).second].zone_id
            nd.kind = TABLE
            nd.ref = deref(it).second
            self.tt_hits += 1
            return 2
        return 0

    cdef int add_pending(self, int32_t n) except -1 nogil:
        """Generate the leaf's moves, queue it for the evaluator, add virtual loss;
        0.  Or, when a defender move reaches the goal at once, give the leaf that
        one child (a goal leaf), play it and extend the path; 1."""
        cdef int i, j, mover = self.b.pos.to_play
        cdef Zone gz
        cdef int32_t child
        cdef Edge edge
        cdef int16_t moves[MAX_MOVES]
        cdef float pri[MAX_MOVES]
        cdef int16_t tmp
        cdef bint line_bound = False
        cdef size_t p
        cdef int16_t* region = moves + region_start(&self.g, self.b)
        cdef int count = region_moves(&self.g, self.b, region, NULL, NULL, False, &line_bound)
        if mover == self.g.defender and not (n == 0 and self.all_moves):
            for i in range(count):
                self.b.play_c(region[i])
                if benson_goal(self.b, self.g.defender, self.g.live_any, &self.g.crucial,
                               &self.benson, &gz, &self.g.open_board):
                    edge = self.new_edge(region[i], 1.0)
                    self.edges.push_back(edge)
                    child = self.child_of(<int32_t>self.edges.size() - 1)
                    self.nodes[child].status = WIN
                    self.nodes[child].kind = GOAL
                    self.set_zone(child, &gz)
                    self.nodes[n].first_edge = <int32_t>self.edges.size() - 1
                    self.nodes[n].n_edges = 1
                    self.nodes[n].flags |= F_EXPANDED
                    if line_bound:
                        self.nodes[n].flags |= F_LINE_BOUND
                    self.path.push_back(child)
                    return 1
                self.b.undo_c()
        # seeded shuffle: ties in the priors are broken differently per seed
        for i in range(count - 1, 0, -1):
            j = <int>(rng_next(&self.rng) % <uint64_t>(i + 1))
            tmp = region[i]
            region[i] = region[j]
            region[j] = tmp
        count = add_pass(&self.g, self.b, moves, NULL, NULL, count)
        if line_bound:
            self.nodes[n].flags |= F_LINE_BOUND
        self.nodes[n].flags |= F_PENDING
        self.pend_leaf.push_back(n)
        self.pend_path_off.push_back(<int32_t>self.pend_path.size())
        for p in range(self.path.size()):
            self.pend_path.push_back(self.path[p])
            self.nodes[self.path[p]].vloss += self.vloss_weight
        self.pend_moves_off.push_back(<int32_t>self.pend_moves.size())
        for i in range(count):
            self.pend_moves.push_back(moves[i])
        if self.mode == MODE_UNIFORM:
            for i in range(count):
                self.pend_priors.push_back(1.0 / count)
            self.pend_value.push_back(0.5)
        elif self.mode == MODE_HEURISTIC or (
                self.native_depth >= 0 and <int>self.path.size() - 1 >= self.native_depth):
            self.pend_value.push_back(heuristic_c(
                self.b, self.g.defender, self.g.live_any, &self.g.crucial, self.g.has_crucial,
                self.g.region, self.g.n_region, &self.benson, moves, count, pri))
            for i in range(count):
                self.pend_priors.push_back(pri[i])
        else:
            # placeholders, filled by ``evaluate_batch``
            self.pend_asked.push_back(<int32_t>self.pend_leaf.size() - 1)
            for i in range(count):
                self.pend_priors.push_back(0.0)
            self.pend_value.push_back(0.5)
            with gil:
                legal = tuple([moves[i] for i in range(count)])
                line = tuple([self.nodes[self.path[p]].move for p in range(1, self.path.size())])
                self.queries.append(self.query_type(board=self.b.copy(), problem=self.problem,
                                                    legal=legal, moves=line))
        # the defender's pass that ends the game (goal survive, after the attacker's pass)
        # wins, but only as a fallback: proven when created, it is never selected and is
        # taken when every other child is lost.  Under the other goals the defender's
        # pass loses at once (the attacker passes back, or the game ends), also proven
        # when created.
        if mover == self.g.defender and count > 1:
            if survive_by_passing(&self.g, self.b):
                self.pend_defpass.push_back(SURVIVES)
            elif not self.g.survive:
                self.pend_defpass.push_back(PASSES if self.b.pos.passes >= 1 else PASSBACK)
            else:
                self.pend_defpass.push_back(0)
        else:
            self.pend_defpass.push_back(0)
        return 0

    cdef int evaluate_batch(self) except -1:
        cdef size_t i, k, n_moves, leaf, first
        if self.mode != MODE_PYTHON or not self.queries:
            return 0
        answers = list(self.evaluator.evaluate(self.queries))
        if len(answers) != len(self.queries):
            raise ValueError(f"evaluator {getattr(self.evaluator, 'name', '?')!r} returned "
                             f"{len(answers)} answers for {len(self.queries)} positions")
        for i in range(len(answers)):
            ev = answers[i]
            n_moves = len(self.queries[i].legal)
            priors = np.asarray(ev.priors, dtype=np.float64).reshape(-1)
            value = float(ev.value)
            if priors.shape[0] != n_moves or not np.all(np.isfinite(priors)) \
                    or not 0.0 <= value <= 1.0:
                raise ValueError(f"evaluator {getattr(self.evaluator, 'name', '?')!r} gave "
                                 "priors not aligned with the legal moves, or a value "
                                 "outside [0, 1]")
            total = float(priors.clip(0.0).sum())
            leaf = self.pend_asked[i]
            first = self.pend_moves_off[leaf]
            for k in range(n_moves):
                self.pend_priors[first + k] = \
                    max(priors[k], 0.0) / total if total > 0 else 1.0 / n_moves
            self.pend_value[leaf] = value
        self.queries = []
        return 0

    cdef int expand_batch(self) except -1 nogil:
        # the node deque may fail to grow (std::bad_alloc): that must reach ``solve``'s
        # caller as MemoryError, not be printed and ignored (QA s46)
        cdef size_t i, k, start, end, pstart, pend
        cdef int32_t n, first, c
        cdef int count
        cdef float value, pp, scale
        for i in range(self.pend_leaf.size()):
            n = self.pend_leaf[i]
            start = self.pend_moves_off[i]
            end = self.pend_moves_off[i + 1] if i + 1 < self.pend_leaf.size() \
                else self.pend_moves.size()
            count = <int>(end - start)
            first = <int32_t>self.edges.size()
            # the attacker's pass (first in its list) gets at least ``pass_prior``
            scale = 1.0
            pp = -1.0
            if self.pend_moves[start] == PASS_LOC and self.pass_prior > 0 and count > 1 \
                    and self.pend_priors[start] < self.pass_prior:
                pp = self.pass_prior
                if self.pend_priors[start] < 1.0:
                    scale = (1.0 - pp) / (1.0 - self.pend_priors[start])
            for k in range(start, end):
                self.edges.push_back(self.new_edge(
                    self.pend_moves[k],
                    pp if k == start and pp >= 0 else self.pend_priors[k] * scale))
            if self.pend_defpass[i]:
                # the defender's pass is the last child, made proven
                c = self.child_of(first + count - 1)
                self.nodes[c].status = leaf_winner(self.pend_defpass[i])
                self.nodes[c].kind = self.pend_defpass[i]
                self.nodes[c].zone_id = self.ended_zone_id \
                    if self.pend_defpass[i] == SURVIVES else self.full_zone_id
            self.nodes[n].first_edge = first
            self.nodes[n].n_edges = <int16_t>count
            self.nodes[n].flags = (self.nodes[n].flags & ~F_PENDING) | F_EXPANDED
            self.evals += 1
            value = self.pend_value[i]
            pstart = self.pend_path_off[i]
            pend = self.pend_path_off[i + 1] if i + 1 < self.pend_leaf.size() \
                else self.pend_path.size()
            for k in range(pstart, pend):
                self.nodes[self.pend_path[k]].vloss -= self.vloss_weight
                self.nodes[self.pend_path[k]].visits += 1
                self.nodes[self.pend_path[k]].value_sum += value
        self.pend_leaf.clear()
        return 0

    cdef void backup(self, float value) noexcept nogil:
        cdef size_t p
        for p in range(self.path.size()):
            self.nodes[self.path[p]].visits += 1
            self.nodes[self.path[p]].value_sum += value

    # ---- proof propagation -------------------------------------------------------------

    cdef int propagate(self) except -1 nogil:
        """The leaf at the end of ``path`` (board there) was just proven: update
        its ancestors while undoing the path back to the root."""
        cdef int d
        cdef int32_t child, parent
        cdef bint proving = True
        for d in range(<int>self.path.size() - 1, 0, -1):
            child = self.path[d]
            parent = self.path[d - 1]
            self.b.undo_c()
            if not proving:
                continue
            if self.nodes[parent].status != UNKNOWN or (self.nodes[child].flags & F_PRUNED):
                proving = False
                continue
            proving = self.update_parent(parent, child)
            if proving:
                self.inject(d - 1)
        return 0

    cdef void inject(self, int d) noexcept nogil:
        """Node ``path[d]`` was just proven: its value becomes exact (1 or 0 for the
        defender), and its ancestors' sums move by the same amount, so selection
        turns away from decided lines at once."""
        cdef int32_t n = self.path[d]
        cdef int k
        cdef float target = 1.0 if self.nodes[n].status == WIN else 0.0
        cdef float delta = target * self.nodes[n].visits - self.nodes[n].value_sum
        for k in range(d + 1):
            self.nodes[self.path[k]].value_sum += delta

    cdef int update_parent(self, int32_t parent, int32_t child) except -1 nogil:
        """Board at ``parent``; ``child`` was just proven.  True if ``parent`` is now."""
        cdef int mover = self.b.pos.to_play
        cdef int good = WIN if mover == self.g.defender else LOSS
        cdef int bad = LOSS if good == WIN else WIN
        cdef int m = self.nodes[child].move, i
        cdef int32_t first = self.nodes[parent].first_edge, c, winner = -1
        cdef int nc = self.nodes[parent].n_edges
        cdef Edge* ed
        cdef Zone cz, z
        cdef bint line_bound = False, root_all = parent == 0 and self.all_moves
        cdef uint64_t key
        if self.nodes[child].status == good and not root_all:
            winner = child
        else:
            if self.nodes[child].status == bad and is_null_move(
                    self.b, m, &self.zones[self.nodes[child].zone_id],
                    (self.nodes[child].flags & F_LINE_BOUND) != 0, self.ends(child)):
                cz = self.zones[self.nodes[child].zone_id]
                for i in range(nc):
                    ed = &self.edges[first + i]
                    if ed.node == child or ed.pruned_by >= 0 or (
                            ed.node >= 0 and self.nodes[ed.node].status != UNKNOWN):
                        continue
                    if covered_by(self.b, ed.move, &cz):
                        self.cut(first + i, m)
            # resolved when every child is lost or cut (or, at an all-moves root,
            # decided either way); a move not tried yet has no node
            for i in range(nc):
                ed = &self.edges[first + i]
                if ed.pruned_by >= 0:
                    continue
                if ed.node < 0 or self.nodes[ed.node].status == UNKNOWN:
                    return False
                if self.nodes[ed.node].status == good and winner < 0:
                    winner = ed.node
        if winner >= 0:
            z = self.zones[self.nodes[winner].zone_id]
            line_bound = win_zone(self.b, &z, self.nodes[winner].move) \
                or (self.nodes[winner].flags & F_LINE_BOUND) != 0
            self.nodes[parent].status = good
            self.nodes[parent].ref = winner
        else:
            zone_clear(&z)
            for i in range(nc):
                ed = &self.edges[first + i]
                if ed.pruned_by >= 0:
                    continue
                c = ed.node
                zone_union(&z, &self.zones[self.nodes[c].zone_id])
                if self.nodes[c].flags & F_LINE_BOUND:
                    line_bound = True
            line_bound |= loss_zone(self.b, &z, False)
            self.nodes[parent].status = bad
        self.set_zone(parent, &z)
        if line_bound:
            self.nodes[parent].flags |= F_LINE_BOUND
        elif not (self.nodes[parent].flags & F_LINE_BOUND):
            key = position_key(self.b)
            if self.tt.find(key) == self.tt.end():
                self.tt.insert(pair[uint64_t, int32_t](key, parent))
        return True

    cdef bint ends(self, int32_t n) noexcept nogil:
        """The proven node ``n`` is a leaf, or won by its mover's pass."""
        if self.nodes[n].kind == TABLE:
            n = self.nodes[n].ref
        if self.nodes[n].kind != INNER:
            return True
        return self.nodes[n].ref >= 0 and self.nodes[self.nodes[n].ref].move == PASS_LOC

    # ---- results -------------------------------------------------------------------------

    def winning_moves(self):
        """First moves that win for the side to move at the proven root (every one
        of them when searched with ``all_moves``)."""
        cdef Node* root = &self.nodes[0]
        cdef int good = WIN if self.b.pos.to_play == self.g.defender else LOSS
        cdef int i
        cdef Edge* ed
        if root.status != good or root.kind != INNER:
            return []
        if not self.all_moves:
            return [int(self.nodes[root.ref].move)]
        out = []
        for i in range(root.n_edges):
            ed = &self.edges[root.first_edge + i]
            if ed.node >= 0 and ed.pruned_by < 0 and self.nodes[ed.node].status == good:
                out.append(int(ed.move))
        return out

    cdef tuple build(self, int32_t n, dict memo, bint foreign):
        """The proven node ``n`` (board there) as Result records (shared subtrees shared):
        (Result, the stone counts its moves may leave, whether superko decided part of it
        on this line).

        A subtree proven on another line and found through the table (``foreign``) is
        walked again on this one, with the verifier's rules: a move of the loser that
        superko forbids here is left out and makes the subtree line-bound here, as does
        a zone point superko forbids; a line-bound child covers no cut move, and a
        prover's move superko forbids proves nothing.  Either way the proof does not
        hold here: ExtractionError (``tsumego_gui.search.mcts`` then searches again
        without the table).  A subtree built before is reused only where no position of
        this line has the stone counts its moves may leave (the verifier's rule: only
        then can no move of it repeat a position of this line)."""
        cached = memo.get(n)
        if cached is not None and (<frozenset>cached[1]).isdisjoint(self.build_line):
            return cached
        self.built_steps += 1
        if (self.built_steps & (BUILD_OFFER_EVERY - 1)) == 0:   # a big tree takes a while
            offer_gil(monotonic(), &self.next_offer, self.offer_every)
        cdef Node nd = self.nodes[n]
        cdef int i, move
        cdef int32_t c
        cdef Edge ed
        cdef Zone* zone = &self.zones[nd.zone_id]
        cdef Result out
        counts = frozenset()
        line_bound = False
        if nd.kind == TABLE:
            out, counts, line_bound = self.build(nd.ref, memo, True)
        elif nd.kind != INNER:
            out = leaf_result(nd.kind, zone)
        else:
            line_bound = foreign and superko_forbids_in(self.b, zone)
            self.build_line.append(self.b.stone_counts())
            try:
                counts = frozenset(self.b.stone_counts_after_moves())
                if nd.ref >= 0:
                    child, below, bound = self.build_child(nd.ref, memo, foreign)
                    counts |= below
                    line_bound = line_bound or bound
                    out = move_result(zone, nd.status, self.nodes[nd.ref].move, child)
                else:
                    line_bound = line_bound or (foreign and superko_forbids_region(&self.g, self.b))
                    failed = []
                    cuts = []
                    bound_moves = set()
                    for i in range(nd.n_edges):
                        ed = self.edges[nd.first_edge + i]
                        move = ed.move
                        c = ed.node     # made: every move of a lost node is proven or cut
                        if ed.pruned_by >= 0:
                            cuts.append((move, int(ed.pruned_by)))
                        elif self.b.illegal_reason_c(move) != 0:
                            # only superko can forbid here what the table's line allowed
                            bound_moves.add(move)
                        else:
                            if c < 0:
                                raise RuntimeError("MCTS: a lost node's move has no child")
                            child, below, bound = self.build_child(c, memo, foreign)
                            counts |= below
                            if bound:
                                bound_moves.add(move)
                            failed.append((move, child))
                    if any(by in bound_moves for _, by in cuts):
                        raise ExtractionError("a cut's cover was decided by superko on this line")
                    line_bound = line_bound or bool(bound_moves)
                    out = all_result(zone, nd.status, failed, cuts)
            finally:
                self.build_line.pop()
        triple = (out, counts, line_bound)
        if counts.isdisjoint(self.build_line):
            memo[n] = triple
        return triple

    cdef tuple build_child(self, int32_t c, dict memo, bint foreign):
        """``build`` of the child ``c`` played on the board; its move must be legal."""
        cdef int move = self.nodes[c].move
        if self.b.illegal_reason_c(move) != 0:
            raise ExtractionError(f"the proof's move at {move} is illegal on its line")
        self.b.play_c(move)
        try:
            return self.build(c, memo, foreign)
        finally:
            self.b.undo_c()
