# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# distutils: language = c++
"""The heuristic evaluator: cheap Go knowledge and random playouts, in C.

Priors from a move score (captures, saving chains in atari, ataris, eye
points, no self-atari, staying near the stones) and a value that blends a
static estimate (eye-like points, stone balance) with random playouts seeded
by the position's hash, so the value is a function of the position.  The
MCTS core calls ``heuristic_c`` directly (``MODE_HEURISTIC``); Python calls
``heuristic_evaluate`` (``search.evaluators.HeuristicEvaluator``), which gives
the same numbers.

Knows the board, Benson and zones; nothing about search trees.
"""

import numpy as np

from libc.math cimport exp
from libc.stdint cimport int16_t, uint64_t
from libc.stdlib cimport abs, free, malloc

from engine_cy.benson cimport Benson, benson_goal
from engine_cy.board cimport BLACK, EMPTY, MAX_ARR, PASS_LOC, WALL, WHITE, Board, opp
from engine_cy.node_rules cimport rng_next
from engine_cy.zone cimport Zone, zone_add, zone_clear, zone_has


cdef inline bint eye_like(Board b, int loc, int color) noexcept nogil:
    """Empty ``loc`` whose on-board neighbours are all ``color`` stones."""
    cdef int k, n, c
    for k in range(4):
        n = loc + b.offsets[k]
        c = b.pos.color[n]
        if c != WALL and c != color:
            return False
    return True


cdef inline int near_eye(Board b, int loc, int color, int also) noexcept nogil:
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


cdef bint stone_nearby(Board b, int loc) noexcept nogil:
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


cdef int heuristic_score(Board b, int move) noexcept nogil:
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
    k = b.stride
    score += ((b.pos.color[move - k - 1] == me) + (b.pos.color[move - k + 1] == me)
              + (b.pos.color[move + k - 1] == me) + (b.pos.color[move + k + 1] == me))
    if not stone_nearby(b, move):
        score -= FAR_PENALTY     # tsumego moves touch the fight
    return score


cdef enum:
    PLAYOUTS = 2              # random games per heuristic evaluation
    BENSON_EVERY = 6          # plies between goal checks inside a playout


cdef bint goal_or_lost(Board b, int defender, bint live_any, const Zone* crucial,
                       bint has_crucial, Benson* work, int* outcome) noexcept nogil:
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
                    uint64_t* rng) noexcept nogil:
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
            k = <int>(rng_next(rng) % <uint64_t>n)
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
                       const int16_t* moves, int n, float* priors) noexcept nogil:
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
    cdef int16_t* moves = <int16_t*>malloc(sizeof(int16_t) * (n + 1))
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


