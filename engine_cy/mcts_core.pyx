# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Best-first relevance-zone search (RZS inside PUCT MCTS), the hot core.

The tree lives in one ``std::vector`` of compact ``Node`` structs (about 40
bytes each; a node's children are one contiguous block), zones of proven
nodes in a second vector, so a million evaluated leaves fit well within a
few GiB.  One board is searched in place with play/undo.

A *simulation* descends from the root by PUCT (proven and pruned children
are never selected; at attacker nodes the explicit attacker pass is tried
first, as in the depth-first solver, because its zone says where the
attacker must play at all).  At the leaf:

* a terminal position (the goal holds; no crucial stone left; two passes; the
  attacker may end the game by passing back after a defender pass) is proven
  at once, with exactly the zones of ``engine_cy.rzs``, and counted as one
  node;
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

Proof propagation runs up the path whenever a leaf is proven, with the zone
semantics of the depth-first solver (``rzs.pyx``):

* the mover wins a node with one child it wins; zone = the child's zone
  dilated for the mover with the move (``dilate_c``, OR rule);
* a child the mover loses, whose move changed nothing inside the child's
  zone, is a null move: every unresolved sibling that changes nothing there
  either is pruned (cut, answered the same way) -- the must-play set shrinks;
* the mover loses a node when every child left is lost; zone = union of the
  lost children's zones dilated for the winner (AND rule).

Superko: a node whose move generation rejected a move by superko, whose
dilation reported a history-dependent point, or whose proof uses such a node
is *sensitive*: its result stands on its own path in the tree but never
enters the transposition table (key: hash, ko point, passes) and never
covers another move as a null move.  As in
``rzs.pyx``, ``tsumego_gui.search.verify`` replays every proof line with the
full history.

Evaluation: ``UniformEvaluator`` and ``HeuristicEvaluator`` are computed
here natively (the same numbers their ``evaluate`` returns, see
``heuristic_evaluate``); any other evaluator is called with a batch of
``Query`` objects.  Values are the defender's win probability.  Results are
the nested tuples of ``rzs.pyx``.  Knows the board, Benson, zones and
dilation; nothing about files, threads or proof objects.
"""

import time

import numpy as np

from libc.math cimport exp, sqrt
from libc.stdint cimport int16_t, int32_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libcpp.unordered_map cimport unordered_map
from libcpp.vector cimport vector
from cython.operator cimport dereference as deref

from engine_cy.benson cimport Benson, benson_goal
from engine_cy.board cimport (
    BLACK, EMPTY, LEGAL, MAX_ARR, PASS_LOC, SUPERKO, WALL, WHITE, Board, opp,
)
from engine_cy.dilate cimport LINE_BOUND, dilate_c
from engine_cy.gil cimport offer_gil
from engine_cy.goal cimport GoalSpec, add_captured, goal_crucial_lost, goal_init
from engine_cy.zone cimport (
    Zone, zone_add, zone_clear, zone_empty, zone_has, zone_intersect, zone_union,
)

cdef enum:
    UNKNOWN = 0
    WIN = 1          # the defender wins (same values as rzs.pyx's winner field)
    LOSS = 2

cdef enum:
    K_INNER = 0
    K_GOAL = 1
    K_CAPTURED = 2
    K_PASSES = 3
    K_PASSBACK = 4   # attacker to move after a defender pass: it passes back and wins
    K_TT = 5         # proven by the transposition table (``ref`` = the stored node)

cdef enum:
    F_EXPANDED = 1
    F_PENDING = 2
    F_SENSITIVE = 4
    F_PRUNED = 8

cdef enum:
    MODE_PYTHON = 0
    MODE_UNIFORM = 1
    MODE_HEURISTIC = 2

cdef enum:
    NOT_STOPPED = 0
    NODE_BUDGET = 1
    TIME_BUDGET = 2
    CANCELLED = 3

globals().update(MODE_PYTHON=MODE_PYTHON, MODE_UNIFORM=MODE_UNIFORM,
                 MODE_HEURISTIC=MODE_HEURISTIC)

STOP_NAMES = {NOT_STOPPED: None, NODE_BUDGET: "node budget", TIME_BUDGET: "time budget",
              CANCELLED: "cancelled"}
STATUS_NAMES = {UNKNOWN: "unknown", WIN: "win", LOSS: "loss"}

cdef struct Node:
    int32_t first_child      # index of the first child (children are contiguous)
    int32_t visits
    float value_sum          # sum of the defender's values backed up through here
    float prior
    int32_t zone_id          # index into ``zones`` once proven, else -1
    int32_t ref              # K_INNER won by the mover: winning child; K_TT: stored node
    int16_t move             # the move that led here (PASS_LOC for the root)
    int16_t pruned_by        # move of the sibling whose zone cut this one, or -1
    int16_t n_children
    int16_t vloss
    uint8_t status
    uint8_t kind
    uint8_t flags


cdef object zone_to_int(const Zone* z):
    cdef int i
    out = 0
    for i in range(7):
        out |= (<object>z.w[i]) << (64 * i)
    return out


cdef inline uint64_t tt_key(Board b) noexcept nogil:
    return (b.pos.hash ^ (<uint64_t>b.pos.ko_loc * <uint64_t>0x9E3779B97F4A7C15ULL)
            ^ (<uint64_t>b.pos.passes * <uint64_t>0xC2B2AE3D27D4EB4FULL))


# ---- cheap Go knowledge (the heuristic evaluator) -------------------------------------

cdef inline bint eye_like(Board b, int loc, int color) noexcept nogil:
    """Empty ``loc`` whose on-board neighbours are all ``color`` stones."""
    cdef int k, n, c
    for k in range(4):
        n = loc + b.offsets[k]
        c = b.pos.color[n]
        if c != WALL and c != color:
            return False
    return True


cdef inline int near_eye(Board b, int loc, int color, int also) noexcept:
    """How many on-board neighbours of ``loc`` are neither ``color`` nor ``also``."""
    cdef int k, n, c, out = 0
    for k in range(4):
        n = loc + b.offsets[k]
        c = b.pos.color[n]
        if c != WALL and c != color and n != also:
            out += 1
    return out


cdef enum:
    FAR_PENALTY = 8           # heuristic score off a move with no stone near it


cdef bint stone_nearby(Board b, int loc) noexcept:
    """A stone of either colour within Manhattan distance 2 of ``loc``."""
    cdef int dr, dc, r = loc // b.stride, c = loc % b.stride, rr, cc, col
    for dr in range(-2, 3):
        for dc in range(-2, 3):
            if abs(dr) + abs(dc) > 2 or (dr == 0 and dc == 0):
                continue
            rr = r + dr
            cc = c + dc
            if rr < 1 or rr > b.size or cc < 1 or cc > b.size:
                continue
            col = b.pos.color[rr * b.stride + cc]
            if col == BLACK or col == WHITE:
                return True
    return False


cdef int heuristic_score(Board b, int move) noexcept:
    """Captures, saving chains in atari, ataris, eye points, no self-atari, and
    staying near the stones."""
    cdef int me = b.pos.to_play, them = opp(me)
    cdef int k, n, h, libs, score = 0, empty_n = 0, captures = 0, own_libs = 0
    for k in range(4):
        n = move + b.offsets[k]
        if b.pos.color[n] == EMPTY:
            score += 2
            empty_n += 1
        elif b.pos.color[n] == them:
            libs = b.pos.libs[b.pos.head[n]]
            if libs == 1:
                score += 40 + 4 * b.pos.stones[b.pos.head[n]]
                captures += 1
            elif libs == 2:
                score += 10
            else:
                score += 3
        elif b.pos.color[n] == me:
            libs = b.pos.libs[b.pos.head[n]]
            own_libs += libs - 1
            if libs == 1:
                score += 30
            elif libs == 2:
                score += 5
            else:
                score += 1
    # making eyes: empty neighbours the move turns into eye-like points of ``me``
    for k in range(4):
        n = move + b.offsets[k]
        if b.pos.color[n] == EMPTY and near_eye(b, n, me, move) == 0:
            score += 8
    # taking eyes: the move point is (nearly) enclosed by the opponent
    if near_eye(b, move, them, PASS_LOC) <= 1:
        score += 6
    if eye_like(b, move, me):
        score -= 25        # filling one's own eye
    if captures == 0 and empty_n + own_libs <= 1:
        score -= 20        # self-atari
    for k in (-b.stride - 1, -b.stride + 1, b.stride - 1, b.stride + 1):
        if b.pos.color[move + k] == me:
            score += 1
    if not stone_nearby(b, move):
        score -= FAR_PENALTY     # tsumego moves touch the fight
    return score


cdef enum:
    PLAYOUTS = 2              # random games per heuristic evaluation
    BENSON_EVERY = 6          # plies between goal checks inside a playout


cdef inline uint64_t xorshift(uint64_t* state) noexcept:
    state[0] ^= state[0] >> 12
    state[0] ^= state[0] << 25
    state[0] ^= state[0] >> 27
    return state[0] * <uint64_t>0x2545F4914F6CDD1DULL


cdef bint goal_or_lost(Board b, int defender, bint live_any, const Zone* crucial,
                       bint has_crucial, Benson* work, int* outcome) noexcept:
    """Set ``outcome`` 1 (goal holds) / 0 (no crucial stone left) and return True."""
    cdef Zone z
    cdef int i, loc
    if benson_goal(b, defender, live_any, crucial, work, &z, NULL):
        outcome[0] = 1
        return True
    if not live_any and has_crucial:
        for i in range(b.n_points):
            loc = b.points[i]
            if zone_has(crucial, loc) and b.pos.color[loc] == defender:
                return False
        outcome[0] = 0
        return True
    return False


cdef double playout(Board b, int defender, bint live_any, const Zone* crucial,
                    bint has_crucial, const int* region, int n_region, Benson* work,
                    uint64_t* rng) noexcept:
    """One random game from the board (no one fills its own eye-like points):
    1.0 if the defender's goal holds on the way or at the end, else 0.0.  The
    board is restored."""
    cdef int cand[MAX_ARR]
    cdef int played = 0, n, i, k, loc, move, me, outcome = 0
    cdef int max_moves = 3 * n_region + 20
    while played < max_moves and b.pos.passes < 2:
        me = b.pos.to_play
        n = 0
        for i in range(n_region):
            loc = region[i]
            if b.pos.color[loc] == EMPTY and not eye_like(b, loc, me):
                cand[n] = loc
                n += 1
        move = PASS_LOC
        while n > 0:
            k = <int>(xorshift(rng) % <uint64_t>n)
            if b.is_legal_c(cand[k]):
                move = cand[k]
                break
            n -= 1
            cand[k] = cand[n]
        b.play_c(move)
        played += 1
        if played % BENSON_EVERY == 0 and goal_or_lost(b, defender, live_any, crucial,
                                                        has_crucial, work, &outcome):
            break
    else:
        goal_or_lost(b, defender, live_any, crucial, has_crucial, work, &outcome)
    for i in range(played):
        b.undo_c()
    return outcome


cdef float heuristic_c(Board b, int defender, bint live_any, const Zone* crucial,
                       bint has_crucial, const int* region, int n_region, Benson* work,
                       const int* moves, int n, float* priors) noexcept:
    """Priors over ``moves`` (PASS_LOC allowed) and the defender's value: a static
    estimate (eye-like points, stone balance) blended with random playouts seeded
    by the position's hash, so the value is a function of the position."""
    cdef int i, loc, me = b.pos.to_play, eyes = 0, mine = 0, theirs = 0, c
    cdef double total = 0.0, s, x, static, games = 0.0
    cdef uint64_t rng
    for i in range(n):
        if moves[i] == PASS_LOC:
            s = -3.0 if me == defender else 0.0
        else:
            s = heuristic_score(b, moves[i]) / 8.0
        priors[i] = <float>exp(s)
        total += priors[i]
    for i in range(n):
        priors[i] = <float>(priors[i] / total)
    for i in range(b.n_points):
        loc = b.points[i]
        c = b.pos.color[loc]
        if c == EMPTY:
            if eye_like(b, loc, defender):
                eyes += 1
        elif c == defender:
            mine += 1
        else:
            theirs += 1
    x = 1.5 * (eyes - 1.5) + 2.0 * (mine - theirs) / b.n_points
    static = 1.0 / (1.0 + exp(-x))
    rng = b.pos.hash ^ <uint64_t>0x9E3779B97F4A7C15ULL
    if rng == 0:
        rng = 1
    for i in range(PLAYOUTS):
        games += playout(b, defender, live_any, crucial, has_crucial, region, n_region, work,
                         &rng)
    return <float>(0.3 * static + 0.7 * games / PLAYOUTS)


def heuristic_evaluate(Board board not None, int defender, legal, *, bint live_any=False,
                       crucial=(), region=()):
    """The heuristic evaluator for one position: (float32 priors aligned with
    ``legal``, the defender's value).  ``crucial`` and ``region`` are locs (an
    empty region is the whole board).  ``board`` ends as it started."""
    cdef int n = len(legal)
    if n == 0:
        return np.zeros(0, dtype=np.float32), 0.5
    cdef Zone crucial_zone
    cdef bint has_crucial = False
    cdef int i
    zone_clear(&crucial_zone)
    for loc in crucial:
        zone_add(&crucial_zone, board._check_point(loc))
        has_crucial = True
    region_set = {board._check_point(loc) for loc in region}
    region_locs = [board.points[i] for i in range(board.n_points)
                   if not region_set or board.points[i] in region_set]
    cdef int* moves = <int*>malloc(sizeof(int) * (n + 1))
    cdef float* pri = <float*>malloc(sizeof(float) * (n + 1))
    cdef int* reg = <int*>malloc(sizeof(int) * (len(region_locs) + 1))
    cdef Benson* work = <Benson*>malloc(sizeof(Benson))
    if moves == NULL or pri == NULL or reg == NULL or work == NULL:
        free(moves)
        free(pri)
        free(reg)
        free(work)
        raise MemoryError()
    try:
        for i, m in enumerate(legal):
            moves[i] = 0 if m == PASS_LOC else board._check_point(m)
        for i, loc in enumerate(region_locs):
            reg[i] = loc
        value = heuristic_c(board, defender, live_any, &crucial_zone, has_crucial, reg,
                            len(region_locs), work, moves, n, pri)
        out = np.array([pri[i] for i in range(n)], dtype=np.float32)
        return out, float(value)
    finally:
        free(moves)
        free(pri)
        free(reg)
        free(work)


cdef class MctsCore:
    """One best-first search over one position; see the module docstring."""

    cdef Board b
    cdef GoalSpec g             # defender, goal, crucial points, region
    cdef Benson* benson
    cdef vector[Node] nodes
    cdef vector[Zone] zones
    cdef unordered_map[uint64_t, int32_t] tt
    cdef vector[int32_t] path
    # the pending batch: leaves, their paths, moves and evaluations (flattened)
    cdef vector[int32_t] pend_leaf
    cdef vector[int32_t] pend_path
    cdef vector[int32_t] pend_path_off
    cdef vector[int16_t] pend_moves
    cdef vector[int32_t] pend_moves_off
    cdef vector[float] pend_priors
    cdef vector[float] pend_value
    cdef vector[uint8_t] pend_defpass
    cdef int32_t full_zone_id
    cdef object queries
    cdef readonly long evals
    cdef readonly long tt_hits
    cdef readonly int depth
    cdef long max_nodes
    cdef double deadline
    cdef double start
    cdef object cancelled
    cdef object progress
    cdef object evaluator
    cdef object problem
    cdef object query_type
    cdef int mode
    cdef int stop
    cdef int batch_size
    cdef double c_puct
    cdef int vloss_weight
    cdef double pass_prior
    cdef uint64_t rng
    cdef bint all_moves
    cdef double report_every
    cdef double last_report
    cdef double next_offer      # clock time of the next GIL offer (engine_cy.gil)

    def __cinit__(self):
        self.benson = <Benson*>malloc(sizeof(Benson))
        if self.benson == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.benson)

    def __init__(self, Board board not None, int defender, bint live_any, crucial, region, *,
                 long max_nodes, double max_seconds, evaluator, int mode, problem=None,
                 query_type=None, int batch_size=8, double c_puct=1.5, int virtual_loss=1,
                 double attacker_pass_prior=0.25, uint64_t seed=0, bint all_moves=False,
                 cancelled=None, progress=None, double report_every=0.5):
        """``board`` is searched in place (and restored); ``crucial`` and ``region``
        are iterables of locs (an empty region means the whole board); ``mode``
        is 0 (call ``evaluator.evaluate`` with ``query_type`` objects), 1
        (uniform) or 2 (heuristic)."""
        cdef int i
        self.b = board
        goal_init(&self.g, board, defender, live_any, crucial, region)
        self.max_nodes = max_nodes
        self.start = time.monotonic()
        self.deadline = self.start + max_seconds if max_seconds > 0 else 0.0
        self.cancelled = cancelled
        self.progress = progress
        self.evaluator = evaluator
        self.problem = problem
        self.query_type = query_type
        self.mode = mode
        self.batch_size = max(1, batch_size)
        self.c_puct = c_puct
        self.vloss_weight = max(0, virtual_loss)
        self.pass_prior = attacker_pass_prior
        # splitmix64 of the seed: nearby seeds give unrelated streams
        self.rng = seed + <uint64_t>0x9E3779B97F4A7C15ULL
        self.rng = (self.rng ^ (self.rng >> 30)) * <uint64_t>0xBF58476D1CE4E5B9ULL
        self.rng = (self.rng ^ (self.rng >> 27)) * <uint64_t>0x94D049BB133111EBULL
        self.rng ^= self.rng >> 31
        if self.rng == 0:
            self.rng = 1
        self.all_moves = all_moves
        self.report_every = report_every
        self.last_report = self.start
        self.evals = 0
        self.tt_hits = 0
        self.depth = 0
        self.stop = NOT_STOPPED
        self.nodes.push_back(self.new_node(PASS_LOC, 1.0))
        self.zones.push_back(self.g.full)
        self.full_zone_id = 0

    # ---- small helpers ---------------------------------------------------------------

    cdef Node new_node(self, int move, float prior) noexcept:
        cdef Node n
        n.first_child = -1
        n.visits = 0
        n.value_sum = 0.0
        n.prior = prior
        n.zone_id = -1
        n.ref = -1
        n.move = move
        n.pruned_by = -1
        n.n_children = 0
        n.vloss = 0
        n.status = UNKNOWN
        n.kind = K_INNER
        n.flags = 0
        return n

    cdef inline uint64_t next_random(self) noexcept:
        # xorshift64*
        self.rng ^= self.rng >> 12
        self.rng ^= self.rng << 25
        self.rng ^= self.rng >> 27
        return self.rng * <uint64_t>0x2545F4914F6CDD1DULL

    cdef void set_zone(self, int32_t n, const Zone* z):
        self.zones.push_back(z[0])
        self.nodes[n].zone_id = <int32_t>(self.zones.size() - 1)


    @property
    def stop_reason(self):
        return STOP_NAMES[self.stop]

    @property
    def tt_size(self):
        return self.tt.size()

    @property
    def tree_size(self):
        return self.nodes.size()

    def root_status(self):
        return STATUS_NAMES[self.nodes[0].status]

    # ---- the main loop -----------------------------------------------------------------

    def solve(self):
        """Search until the root is proven or a budget ends; returns
        (status name, result tuple or None, winning first moves)."""
        while self.nodes[0].status == UNKNOWN and not self.check_stop():
            self.collect_batch()
            if self.pend_leaf.size() > 0:
                self.evaluate_batch()
                self.expand_batch()
            self.maybe_report(False)
        self.maybe_report(True)
        if self.nodes[0].status == UNKNOWN:
            return "unknown", None, []
        memo = {}
        result = self.build(0, memo)
        return STATUS_NAMES[self.nodes[0].status], result, self.winning_moves()

    cdef int check_stop(self) except -1:
        cdef double now
        if self.stop != NOT_STOPPED:
            return True
        now = time.monotonic()
        offer_gil(now, &self.next_offer)
        if self.max_nodes > 0 and self.evals >= self.max_nodes:
            self.stop = NODE_BUDGET
        elif self.deadline > 0 and now > self.deadline:
            self.stop = TIME_BUDGET
        elif self.cancelled is not None and self.cancelled():
            self.stop = CANCELLED
        return self.stop != NOT_STOPPED

    cdef int maybe_report(self, bint final) except -1:
        if self.progress is None:
            return 0
        now = time.monotonic()
        if final or now - self.last_report >= self.report_every:
            self.last_report = now
            self.progress(self.evals, self.depth, <long>self.tt.size())
        return 0

    def best_line(self, int max_len=20):
        """The principal line: the proven winning child where there is one,
        else the most visited child."""
        out = []
        cdef int32_t n = 0, c, best, i
        cdef Node* nd
        while len(out) < max_len:
            nd = &self.nodes[n]
            if nd.kind == K_TT or not (nd.flags & F_EXPANDED) or nd.n_children == 0:
                break
            if nd.ref >= 0:
                best = nd.ref
            else:
                best = -1
                for i in range(nd.n_children):
                    c = nd.first_child + i
                    if best < 0 or self.nodes[c].visits > self.nodes[best].visits:
                        best = c
            out.append(int(self.nodes[best].move))
            n = best
        return out

    # ---- collecting a batch ----------------------------------------------------------

    cdef int collect_batch(self) except -1:
        cdef int k, d, result
        cdef int32_t n, c
        self.pend_leaf.clear()
        self.pend_path.clear()
        self.pend_path_off.clear()
        self.pend_moves.clear()
        self.pend_moves_off.clear()
        self.pend_priors.clear()
        self.pend_value.clear()
        self.pend_defpass.clear()
        self.queries = []
        for k in range(self.batch_size):
            if self.nodes[0].status != UNKNOWN:
                break
            if self.max_nodes > 0 and self.evals + <long>self.pend_leaf.size() >= self.max_nodes:
                break
            self.path.clear()
            self.path.push_back(0)
            n = 0
            while self.nodes[n].flags & F_EXPANDED:
                c = self.select_child(n)
                if c < 0:
                    self.undo_path()
                    raise RuntimeError("MCTS: an unproven node has no child to select")
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
                self.backup(1.0 if self.nodes[n].status == WIN else 0.0, False)
                self.propagate()
        return 0

    cdef void undo_path(self):
        cdef size_t i
        for i in range(1, self.path.size()):
            self.b.undo_c()

    cdef int32_t select_child(self, int32_t n):
        cdef Node* nd = &self.nodes[n]
        cdef Node* ch
        cdef int mover = self.b.pos.to_play
        cdef bint for_defender = mover == self.g.defender
        cdef int32_t i, c, best = -1, first = nd.first_child
        cdef double total, sq, fpu, q, score, best_score = -1e300, nv, w
        if not for_defender and nd.n_children > 0:
            ch = &self.nodes[first]
            if (ch.move == PASS_LOC and ch.status == UNKNOWN and not (ch.flags & F_PRUNED)
                    and ch.visits + ch.vloss == 0):
                return first
        total = 1.0 + nd.visits + nd.vloss
        sq = sqrt(total)
        if nd.visits > 0:
            fpu = nd.value_sum / nd.visits
            if not for_defender:
                fpu = 1.0 - fpu
        else:
            fpu = 0.5
        for i in range(nd.n_children):
            c = first + i
            ch = &self.nodes[c]
            if ch.status != UNKNOWN or (ch.flags & F_PRUNED):
                continue
            nv = ch.visits + ch.vloss
            if nv > 0:
                w = ch.value_sum if for_defender else ch.visits - ch.value_sum
                q = w / nv
            else:
                q = fpu
            score = q + self.c_puct * ch.prior * sq / (1.0 + nv)
            if score > best_score:
                best_score = score
                best = c
        return best

    cdef int visit_leaf(self, int32_t n):
        """Prove a terminal leaf (1) or a table hit (2); 0: it needs an evaluation."""
        cdef Zone z
        cdef Node* nd
        cdef int mover = self.b.pos.to_play
        cdef uint64_t key
        cdef unordered_map[uint64_t, int32_t].iterator it
        if benson_goal(self.b, self.g.defender, self.g.live_any, &self.g.crucial, self.benson, &z,
                       &self.g.open_board):
            self.nodes[n].status = WIN
            self.nodes[n].kind = K_GOAL
            self.set_zone(n, &z)
            return 1
        if goal_crucial_lost(&self.g, self.b):
            self.nodes[n].status = LOSS
            self.nodes[n].kind = K_CAPTURED
            self.set_zone(n, &self.g.crucial)
            return 1
        if self.b.pos.passes >= 2:
            self.nodes[n].status = LOSS
            self.nodes[n].kind = K_PASSES
            self.set_zone(n, &self.g.full)
            return 1
        if self.b.pos.passes == 1 and mover != self.g.defender:
            self.nodes[n].status = LOSS
            self.nodes[n].kind = K_PASSBACK
            self.set_zone(n, &self.g.full)
            return 1
        key = tt_key(self.b)
        it = self.tt.find(key)
        if it != self.tt.end():
            nd = &self.nodes[n]
            nd.status = self.nodes[deref(it).second].status
            nd.zone_id = self.nodes[deref(it).second].zone_id
            nd.kind = K_TT
            nd.ref = deref(it).second
            self.tt_hits += 1
            return 2
        return 0

    cdef int add_pending(self, int32_t n) except -1:
        """Generate the leaf's moves, queue it for the evaluator, add virtual loss;
        0.  Or, when a defender move reaches the goal at once, give the leaf that
        one child (a goal leaf), play it and extend the path; 1."""
        cdef int i, j, loc, reason, count = 0, mover = self.b.pos.to_play
        cdef Zone gz
        cdef int32_t child
        cdef int moves[MAX_ARR + 1]
        cdef float pri[MAX_ARR + 1]
        cdef int tmp
        cdef bint sensitive = False
        cdef size_t p
        for i in range(self.g.n_region):
            loc = self.g.region[i]
            if self.b.pos.color[loc] != EMPTY:
                continue
            reason = self.b.illegal_reason_c(loc)
            if reason == SUPERKO:
                sensitive = True
            if reason != LEGAL:
                continue
            moves[count] = loc
            count += 1
        if mover == self.g.defender and not (n == 0 and self.all_moves):
            for i in range(count):
                self.b.play_c(moves[i])
                if benson_goal(self.b, self.g.defender, self.g.live_any, &self.g.crucial,
                               self.benson, &gz, &self.g.open_board):
                    child = <int32_t>self.nodes.size()
                    self.nodes.push_back(self.new_node(moves[i], 1.0))
                    self.nodes[child].status = WIN
                    self.nodes[child].kind = K_GOAL
                    self.set_zone(child, &gz)
                    self.nodes[n].first_child = child
                    self.nodes[n].n_children = 1
                    self.nodes[n].flags |= F_EXPANDED
                    if sensitive:
                        self.nodes[n].flags |= F_SENSITIVE
                    self.path.push_back(child)
                    return 1
                self.b.undo_c()
        # seeded shuffle: ties in the priors are broken differently per seed
        for i in range(count - 1, 0, -1):
            j = <int>(self.next_random() % <uint64_t>(i + 1))
            tmp = moves[i]
            moves[i] = moves[j]
            moves[j] = tmp
        if mover == self.g.defender:
            moves[count] = PASS_LOC      # the defender's pass last
        else:
            for i in range(count, 0, -1):
                moves[i] = moves[i - 1]
            moves[0] = PASS_LOC          # the attacker's pass first
        count += 1
        if sensitive:
            self.nodes[n].flags |= F_SENSITIVE
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
        elif self.mode == MODE_HEURISTIC:
            self.pend_value.push_back(heuristic_c(
                self.b, self.g.defender, self.g.live_any, &self.g.crucial, self.g.has_crucial,
                self.g.region, self.g.n_region, self.benson, moves, count, pri))
            for i in range(count):
                self.pend_priors.push_back(pri[i])
        else:
            legal = tuple([moves[i] for i in range(count)])
            self.queries.append(self.query_type(board=self.b.copy(), problem=self.problem,
                                                legal=legal))
        # the defender's pass loses at once (the attacker passes back, or the game
        # ends): its child is proven when created, without a visit
        if mover == self.g.defender and count > 1:
            self.pend_defpass.push_back(K_PASSES if self.b.pos.passes >= 1 else K_PASSBACK)
        else:
            self.pend_defpass.push_back(0)
        return 0

    cdef int evaluate_batch(self) except -1:
        cdef size_t i, k, n_moves
        if self.mode != MODE_PYTHON:
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
            for k in range(n_moves):
                self.pend_priors.push_back(
                    max(priors[k], 0.0) / total if total > 0 else 1.0 / n_moves)
            self.pend_value.push_back(value)
        self.queries = []
        return 0

    cdef int expand_batch(self) except -1:
        cdef size_t i, k, start, end, pstart, pend
        cdef int32_t n, first
        cdef int count
        cdef float value, pp, scale
        for i in range(self.pend_leaf.size()):
            n = self.pend_leaf[i]
            start = self.pend_moves_off[i]
            end = self.pend_moves_off[i + 1] if i + 1 < self.pend_leaf.size() \
                else self.pend_moves.size()
            count = <int>(end - start)
            first = <int32_t>self.nodes.size()
            # the attacker's pass (first in its list) gets at least ``pass_prior``
            scale = 1.0
            pp = -1.0
            if self.pend_moves[start] == PASS_LOC and self.pass_prior > 0 and count > 1 \
                    and self.pend_priors[start] < self.pass_prior:
                pp = self.pass_prior
                if self.pend_priors[start] < 1.0:
                    scale = (1.0 - pp) / (1.0 - self.pend_priors[start])
            for k in range(start, end):
                if k == start and pp >= 0:
                    self.nodes.push_back(self.new_node(self.pend_moves[k], pp))
                else:
                    self.nodes.push_back(self.new_node(self.pend_moves[k],
                                                       self.pend_priors[k] * scale))
            if self.pend_defpass[i]:
                # the defender's pass is the last child
                self.nodes[first + count - 1].status = LOSS
                self.nodes[first + count - 1].kind = self.pend_defpass[i]
                self.nodes[first + count - 1].zone_id = self.full_zone_id
            self.nodes[n].first_child = first
            self.nodes[n].n_children = <int16_t>count
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

    cdef void backup(self, float value, bint unused):
        cdef size_t p
        for p in range(self.path.size()):
            self.nodes[self.path[p]].visits += 1
            self.nodes[self.path[p]].value_sum += value

    # ---- proof propagation -------------------------------------------------------------

    cdef void propagate(self):
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

    cdef void inject(self, int d) noexcept:
        """Node ``path[d]`` was just proven: its value becomes exact (1 or 0 for the
        defender), and its ancestors' sums move by the same amount, so selection
        turns away from decided lines at once."""
        cdef int32_t n = self.path[d]
        cdef int k
        cdef float target = 1.0 if self.nodes[n].status == WIN else 0.0
        cdef float delta = target * self.nodes[n].visits - self.nodes[n].value_sum
        for k in range(d + 1):
            self.nodes[self.path[k]].value_sum += delta

    cdef bint update_parent(self, int32_t parent, int32_t child):
        """Board at ``parent``; ``child`` was just proven.  True if ``parent`` is now."""
        cdef int mover = self.b.pos.to_play
        cdef int good = WIN if mover == self.g.defender else LOSS
        cdef int bad = LOSS if good == WIN else WIN
        cdef int m = self.nodes[child].move, i, om, flags
        cdef int32_t first = self.nodes[parent].first_child, c, winner = -1
        cdef int nc = self.nodes[parent].n_children
        cdef Zone cz, changed, other, z
        cdef bint sensitive = False, root_all = parent == 0 and self.all_moves
        cdef uint64_t key
        if self.nodes[child].status == good and not root_all:
            winner = child
        else:
            if self.nodes[child].status == bad \
                    and not (self.nodes[child].flags & F_SENSITIVE):
                # null move: nothing the move changed lies in the child's zone, so every
                # move that changes nothing there either fails the same way (a result
                # superko decided holds on its own path only, so it covers nothing)
                cz = self.zones[self.nodes[child].zone_id]
                zone_clear(&changed)
                if m != PASS_LOC:
                    zone_add(&changed, m)
                    add_captured(self.b, m, opp(mover), &changed)
                zone_intersect(&changed, &cz)
                if zone_empty(&changed):
                    for i in range(nc):
                        c = first + i
                        if c == child or self.nodes[c].status != UNKNOWN \
                                or (self.nodes[c].flags & F_PRUNED):
                            continue
                        om = self.nodes[c].move
                        if om != PASS_LOC and zone_has(&cz, om):
                            continue
                        zone_clear(&other)
                        if om != PASS_LOC:
                            add_captured(self.b, om, opp(mover), &other)
                        zone_intersect(&other, &cz)
                        if zone_empty(&other):
                            self.nodes[c].flags |= F_PRUNED
                            self.nodes[c].pruned_by = m
            # resolved when every child is lost or cut (or, at an all-moves root,
            # decided either way)
            for i in range(nc):
                c = first + i
                if self.nodes[c].flags & F_PRUNED:
                    continue
                if self.nodes[c].status == UNKNOWN:
                    return False
                if self.nodes[c].status == good and winner < 0:
                    winner = c
        if winner >= 0:
            z = self.zones[self.nodes[winner].zone_id]
            flags = dilate_c(self.b, &z, False, self.nodes[winner].move)
            sensitive = (flags & LINE_BOUND) != 0 \
                or (self.nodes[winner].flags & F_SENSITIVE) != 0
            self.nodes[parent].status = good
            self.nodes[parent].ref = winner
        else:
            zone_clear(&z)
            for i in range(nc):
                c = first + i
                if self.nodes[c].flags & F_PRUNED:
                    continue
                zone_union(&z, &self.zones[self.nodes[c].zone_id])
                if self.nodes[c].flags & F_SENSITIVE:
                    sensitive = True
            if dilate_c(self.b, &z, True, PASS_LOC) & LINE_BOUND:
                sensitive = True
            self.nodes[parent].status = bad
        self.set_zone(parent, &z)
        if sensitive:
            self.nodes[parent].flags |= F_SENSITIVE
        elif not (self.nodes[parent].flags & F_SENSITIVE):
            key = tt_key(self.b)
            if self.tt.find(key) == self.tt.end():
                self.tt[key] = parent
        return True

    # ---- results -------------------------------------------------------------------------

    def winning_moves(self):
        """First moves that win for the side to move at the proven root (every one
        of them when searched with ``all_moves``)."""
        cdef Node* root = &self.nodes[0]
        cdef int good = WIN if self.b.pos.to_play == self.g.defender else LOSS
        cdef int i
        cdef int32_t c
        if root.status != good or root.kind != K_INNER:
            return []
        if not self.all_moves:
            return [int(self.nodes[root.ref].move)]
        out = []
        for i in range(root.n_children):
            c = root.first_child + i
            if self.nodes[c].status == good and not (self.nodes[c].flags & F_PRUNED):
                out.append(int(self.nodes[c].move))
        return out

    cdef object build(self, int32_t n, dict memo):
        """The proven node ``n`` as the nested tuples of rzs.pyx (shared subtrees shared)."""
        cached = memo.get(n)
        if cached is not None:
            return cached
        if (len(memo) & 255) == 255:     # a big tree takes a while to build
            offer_gil(time.monotonic(), &self.next_offer)
        cdef Node nd = self.nodes[n]
        cdef int i
        cdef int32_t c
        zone = zone_to_int(&self.zones[nd.zone_id])
        if nd.kind == K_TT:
            out = self.build(nd.ref, memo)
        elif nd.kind == K_GOAL:
            out = ("goal", zone)
        elif nd.kind == K_CAPTURED:
            out = ("captured", zone)
        elif nd.kind == K_PASSES:
            out = ("passes", zone)
        elif nd.kind == K_PASSBACK:
            out = ("move", zone, LOSS, PASS_LOC, ("passes", zone))
        elif nd.ref >= 0:
            out = ("move", zone, nd.status, int(self.nodes[nd.ref].move),
                   self.build(nd.ref, memo))
        else:
            failed = []
            pruned = []
            for i in range(nd.n_children):
                c = nd.first_child + i
                if self.nodes[c].flags & F_PRUNED:
                    pruned.append((int(self.nodes[c].move), int(self.nodes[c].pruned_by)))
                else:
                    failed.append((int(self.nodes[c].move), self.build(c, memo)))
            out = ("all", zone, nd.status, failed, pruned)
        memo[n] = out
        return out
