# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Depth-first relevance-zone search (RZS, appendix Algorithm 1 "AchieveGoal"), the hot core.

Iterative deepening over plies; each iteration is a depth-first search with
play/undo on one board.  Proofs (the defender lives) and disproofs (the
attacker kills) are searched the same way, each with its own zones:

* the mover wins a node with the first move whose child it wins; the node's
  zone is the child's zone plus the move, dilated for the mover (``dilate_c``);
* the mover loses a node when every move and the pass fail.  A failed move
  whose child's zone contains nothing the move changed is a *null move*:
  every remaining move that changes nothing inside that zone fails the same
  way and is cut.  The node's zone is the union of the children's zones,
  dilated for the winner.  The attacker's pass is searched first (its zone is
  where the attacker must play at all), the defender's pass last (the
  attacker can always pass back and end the game).
* leaves: the goal holds (Benson; zone = the life zone); no crucial point
  holds a defender stone (goal ``live``; zone = the crucial points); the
  attacker ends the game by passing after a defender pass (zone = the whole
  board, as the goal's failure depends on all of it).

Transposition table: keyed by (hash, ko point, passes); a result is stored
only when nothing in its subtree was decided by superko (no move rejected by
it, no zone that depends on it).  Such a *sensitive* result holds on its own
path only, so it is never a null move either: under another history a move
superko forbade may be legal and unanswered.  Such a result can still be wrong under
another path history only if a line of the subtree recreates a position of
that history; ``tsumego_gui.search.verify`` replays every line with the full
history and rejects such a proof.

Results are nested tuples, converted to proof trees by
``tsumego_gui.search.dfs``; zones are Python ints (bit ``loc`` set):

* ``("goal", zone)``, ``("captured", zone)``, ``("passes", zone)``: leaves;
* ``("move", zone, winner, move, child)``: the mover wins with ``move``;
* ``("all", zone, winner, [(move, child), ...], [(cut move, covering move), ...])``:
  every move of the mover fails;

``winner`` is WIN (the defender) or LOSS (the attacker).  Knows the board,
Benson, zones and dilation; nothing about files, threads or proof objects.
"""

import time

from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc

from engine_cy.benson cimport Benson, benson_goal
from engine_cy.board cimport (
    EMPTY, KO, LEGAL, MAX_ARR, PASS_LOC, SUPERKO, WALL, Board, opp,
)
from engine_cy.dilate cimport HISTORY_DEPENDENT, dilate_c
from engine_cy.gil cimport offer_gil
from engine_cy.goal cimport GoalSpec, add_captured, goal_crucial_lost, goal_init
from engine_cy.zone cimport (
    Zone, zone_add, zone_clear, zone_empty, zone_has, zone_intersect, zone_union,
)

cdef enum:
    UNKNOWN = 0
    WIN = 1
    LOSS = 2

STATUS_NAMES = {UNKNOWN: "unknown", WIN: "win", LOSS: "loss"}
DEFENDER_WINS = WIN      # the ``winner`` field of result tuples, for Python
ATTACKER_WINS = LOSS

cdef enum StopReason:
    NOT_STOPPED = 0
    NODE_BUDGET = 1
    TIME_BUDGET = 2
    CANCELLED = 3

STOP_NAMES = {NOT_STOPPED: None, NODE_BUDGET: "node budget", TIME_BUDGET: "time budget",
              CANCELLED: "cancelled"}


cdef object zone_to_int(const Zone* z):
    cdef int i
    out = 0
    for i in range(7):
        out |= (<object>z.w[i]) << (64 * i)
    return out


cdef void zone_from_int(object value, Zone* z):
    cdef int i
    for i in range(7):
        z.w[i] = (value >> (64 * i)) & 0xFFFFFFFFFFFFFFFF


cdef class RzsCore:
    """One search over one problem position; see the module docstring."""

    cdef Board b
    cdef GoalSpec g             # defender, goal, crucial points, region
    cdef Benson* benson
    cdef readonly long nodes
    cdef long max_nodes
    cdef long next_check        # node count of the next clock / cancel / progress check
    cdef double next_progress   # clock time of the next progress report
    cdef double next_offer      # clock time of the next GIL offer (engine_cy.gil)
    cdef double deadline
    cdef object cancelled
    cdef object progress
    cdef int stop
    cdef bint depth_cut
    cdef readonly int depth
    cdef dict tt
    cdef readonly long tt_hits

    def __cinit__(self):
        self.benson = <Benson*>malloc(sizeof(Benson))
        if self.benson == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.benson)

    def __init__(self, Board board not None, int defender, bint live_any, crucial, region,
                 long max_nodes, double max_seconds, cancelled=None, progress=None):
        """``board`` is searched in place (and restored); ``crucial`` and ``region``
        are iterables of locs (an empty region means the whole board)."""
        self.b = board
        goal_init(&self.g, board, defender, live_any, crucial, region)
        self.max_nodes = max_nodes
        self.deadline = time.monotonic() + max_seconds if max_seconds > 0 else 0.0
        self.cancelled = cancelled
        self.progress = progress
        self.tt = {}
        self.nodes = 0
        self.next_check = 0
        self.next_progress = 0.0
        self.tt_hits = 0
        self.stop = NOT_STOPPED

    @property
    def stop_reason(self):
        return STOP_NAMES[self.stop]

    @property
    def tt_size(self):
        return len(self.tt)

    def solve(self, int max_depth=400):
        """Iterative deepening; returns (status name, result tuple or None)."""
        cdef Zone zone
        cdef int status = UNKNOWN
        cdef bint sensitive
        node = None
        for depth in range(1, max_depth + 1):
            self.depth = depth
            self.depth_cut = False
            node = self.search(depth, &zone, &status, &sensitive)
            if status != UNKNOWN or self.stop != NOT_STOPPED or not self.depth_cut:
                break
        return STATUS_NAMES[status], node

    # ---- budgets -------------------------------------------------------------------

    cdef bint out_of_budget(self):
        if self.stop != NOT_STOPPED:
            return True
        if self.max_nodes > 0 and self.nodes >= self.max_nodes:
            self.stop = NODE_BUDGET
        elif self.nodes >= self.next_check:
            # node counts jump (a whole expansion at a time), so compare, never mask
            self.next_check = self.nodes + 1024
            now = time.monotonic()
            offer_gil(now, &self.next_offer)
            if self.deadline > 0 and now > self.deadline:
                self.stop = TIME_BUDGET
            elif self.cancelled is not None and self.cancelled():
                self.stop = CANCELLED
            elif self.progress is not None and now >= self.next_progress:
                self.next_progress = now + 0.2     # five reports a second
                self.progress(self.nodes, self.depth, len(self.tt))
        return self.stop != NOT_STOPPED

    # ---- terminal tests ------------------------------------------------------------

    # ---- move generation -----------------------------------------------------------


    cdef int score_move(self, int move) noexcept:
        """Cheap Go ordering: captures, saving chains in atari, ataris, liberties."""
        cdef int me = self.b.pos.to_play, them = opp(me)
        cdef int k, n, h, libs, score = 0
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
        # diagonal contact shapes eyes
        for k in (-self.b.stride - 1, -self.b.stride + 1, self.b.stride - 1, self.b.stride + 1):
            if self.b.pos.color[move + k] == me:
                score += 1
        return score

    cdef int gen_moves(self, int* moves, bint* sensitive) noexcept:
        """Legal region moves for the side to move, best first; returns the count."""
        cdef int i, j, loc, reason, n = 0, s
        cdef int scores[MAX_ARR]
        for i in range(self.g.n_region):
            loc = self.g.region[i]
            if self.b.pos.color[loc] != EMPTY:
                continue
            reason = self.b.illegal_reason_c(loc)
            if reason == SUPERKO:
                sensitive[0] = True
            if reason != LEGAL:
                continue
            s = self.score_move(loc)
            j = n
            while j > 0 and scores[j - 1] < s:
                scores[j] = scores[j - 1]
                moves[j] = moves[j - 1]
                j -= 1
            scores[j] = s
            moves[j] = loc
            n += 1
        return n

    # ---- the search ----------------------------------------------------------------

    cdef object search(self, int depth, Zone* zone_out, int* status, bint* sensitive):
        """Search the position on the board; sets status/zone_out/sensitive, returns the node."""
        self.nodes += 1
        sensitive[0] = False
        if self.out_of_budget():
            status[0] = UNKNOWN
            return None
        if benson_goal(self.b, self.g.defender, self.g.live_any, &self.g.crucial, self.benson,
                       zone_out, &self.g.open_board):
            status[0] = WIN
            return ("goal", zone_to_int(zone_out))
        if goal_crucial_lost(&self.g, self.b):
            # every crucial point is empty or the attacker's wherever the pattern holds
            zone_out[0] = self.g.crucial
            status[0] = LOSS
            return ("captured", zone_to_int(zone_out))
        cdef int mover = self.b.pos.to_play
        if self.b.pos.passes >= 2:
            # two passes ended the game without the goal
            zone_out[0] = self.g.full
            status[0] = LOSS
            return ("passes", zone_to_int(zone_out))
        if self.b.pos.passes == 1 and mover != self.g.defender:
            # the attacker ends the game by passing after the defender's pass; the
            # goal's failure depends on the whole board
            zone_out[0] = self.g.full
            status[0] = LOSS
            ended = ("passes", zone_to_int(zone_out))
            return ("move", ended[1], LOSS, PASS_LOC, ended)
        key = (self.b.pos.hash, self.b.pos.ko_loc, self.b.pos.passes)
        entry = self.tt.get(key)
        if entry is not None:
            self.tt_hits += 1
            status[0] = entry[0]
            zone_from_int(entry[1][1], zone_out)
            return entry[1]
        if depth <= 0:
            self.depth_cut = True
            status[0] = UNKNOWN
            return None
        node = self.search_moves(depth, zone_out, status, sensitive)
        if status[0] != UNKNOWN and not sensitive[0]:
            self.tt[key] = (status[0], node)
        return node

    cdef object search_moves(self, int depth, Zone* zone_out, int* status, bint* sensitive):
        """An inner node, for either side: the mover wins with one good move, or loses
        when every move (and the pass) fails, some of them cut as null moves."""
        cdef int mover = self.b.pos.to_play
        cdef int good = WIN if mover == self.g.defender else LOSS   # a win for the mover
        cdef int bad = LOSS if good == WIN else WIN
        cdef int moves[MAX_ARR + 1]
        cdef int n, i, j, m, other_move, child_status
        cdef Zone child_zone, changed, other
        cdef bint child_sensitive, unknown = False
        cdef int pruned_by[MAX_ARR + 1]
        if mover == self.g.defender:
            # the defender's pass is tried last: the attacker can always pass back
            n = self.gen_moves(moves, sensitive)
            moves[n] = PASS_LOC
            n += 1
        else:
            # the attacker's pass first: its zone says where the attacker must play at all
            moves[0] = PASS_LOC
            n = self.gen_moves(moves + 1, sensitive) + 1
        for i in range(n):
            pruned_by[i] = -1
        zone_clear(zone_out)
        failed = []
        pruned = []
        for i in range(n):
            if pruned_by[i] != -1:
                continue
            m = moves[i]
            zone_clear(&changed)
            if m != PASS_LOC:
                zone_add(&changed, m)
                add_captured(self.b, m, opp(mover), &changed)
            self.b.play_c(m)
            child = self.search(depth - 1, &child_zone, &child_status, &child_sensitive)
            self.b.undo_c()
            sensitive[0] |= child_sensitive
            if child_status == good:
                zone_out[0] = child_zone
                if dilate_c(self.b, zone_out, False, m) & HISTORY_DEPENDENT:
                    sensitive[0] = True
                status[0] = good
                return ("move", zone_to_int(zone_out), good, m, child)
            if child_status == UNKNOWN:
                unknown = True
                if self.stop != NOT_STOPPED:
                    break
                continue
            failed.append((m, child))
            zone_union(zone_out, &child_zone)
            # null move: nothing the move changed lies in the child's zone, so every
            # move that changes nothing there either fails the same way -- unless superko
            # decided the child, whose result then holds on its own path only
            zone_intersect(&changed, &child_zone)
            if zone_empty(&changed) and not child_sensitive:
                for j in range(i + 1, n):
                    other_move = moves[j]
                    if pruned_by[j] != -1 or zone_has(&child_zone, other_move):
                        continue
                    zone_clear(&other)
                    if other_move != PASS_LOC:
                        add_captured(self.b, other_move, opp(mover), &other)
                    zone_intersect(&other, &child_zone)
                    if zone_empty(&other):
                        pruned_by[j] = m
                        pruned.append((other_move, m))
        if unknown:
            status[0] = UNKNOWN
            return None
        if dilate_c(self.b, zone_out, True, PASS_LOC) & HISTORY_DEPENDENT:
            sensitive[0] = True
        status[0] = bad
        return ("all", zone_to_int(zone_out), bad, failed, pruned)
