# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""KataGo's spatial input planes (input version 7), the per-position work in C.

What is here, read from KataGo's ``nninputs.cpp`` (``fillRowV7``, ``iterLadders``)
and ``board.cpp`` (ladder search, ``calculateArea``), written anew:

* ``KBoard``: a board with KataGo's own move semantics (legal = empty, not the
  simple-ko point, not suicide; the ko point is set when one stone captures
  exactly one stone and is left alone with one liberty) and a journal of writes,
  so the ladder search can play and take back moves cheaply.  It never sees
  superko, our ko-capture policy or the path: KataGo's ladder reader does not.
* the ladder reader: for a chain with one liberty, "is it captured whatever the
  defender does, the defender moving first" (every ko is assumed won by the
  defender at the start, and a ko point left by the attacker counts as an
  escape); for a chain with two, which of its liberties the attacker can fill so
  that the first answer is yes (the "working moves").  The search is KataGo's:
  the defender tries captures of attacker chains in atari and its own liberty,
  the attacker its two liberties, with the same shortcuts (liberty bounds, the
  double-ko death, the three-liberty quit-outs), the same move ordering
  heuristic, the stack limit (``size * size * 3 / 2 + 1`` plies: "captured")
  and the node budget (``LADDER_NODE_BUDGET`` moves: "escapes"; like KataGo's
  board copy, a 1-liberty search cut off by the budget leaves the board's ko
  point cleared for the chains read after it).  Moves are listed in
  increasing loc order where KataGo lists them in the order of its chain lists,
  with the defender's own liberty last (as KataGo intends; see kb_defender_moves):
  the answers can differ from KataGo's only when a search hits the budget or the
  stack limit, or when the defender's lone liberty is itself a capture and another
  capture is possible (KataGo may then bound the wrong move).
* area (planes 18/19): Benson's pass-alive chains and territory for each colour
  (Black first, then White), big territories bordered by one colour only, and
  for area scoring with a tax the independent-life variant that keeps stones.
* ``encode_c``: planes 0-6, 9-19 of one position, given the board, the side to
  move, the history's move locs, the two previous positions for the ladder
  planes, and which superko bans to mark.  Planes 7, 8, 20, 21 (encore) stay 0.

What is not here: global inputs, komi, history bookkeeping and rules presets
(``tsumego_gui.nn.katago_features``), and anything about networks.
"""

from libc.stdint cimport int8_t, int16_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memset

from engine_cy.board cimport (
    BLACK, EMPTY, KO_CAPTURE_FORBIDDEN, LEGAL, MAX_ARR, PASS_LOC, SUPERKO, WALL, WHITE, Board,
)

from engine_cy.board import zobrist_key, zobrist_white_to_play

import numpy as np

# The engine's Zobrist keys, to hash a ko capture its policy forbids (check_move_c stops
# before computing that hash).
cdef uint64_t WHITE_TO_PLAY_KEY = zobrist_white_to_play()
cdef uint64_t STONE_KEY[3][MAX_ARR]


def _copy_keys():
    cdef int c, loc
    for loc in range(MAX_ARR):
        STONE_KEY[EMPTY][loc] = 0
        for c in (BLACK, WHITE):
            STONE_KEY[c][loc] = zobrist_key(c, loc)


_copy_keys()

globals().update(NUM_SPATIAL=NUM_SPATIAL, HISTORY_TURNS=HISTORY_TURNS,
                 LADDER_NODE_BUDGET=LADDER_NODE_BUDGET,
                 SUPERKO_NONE=SUPERKO_NONE, SUPERKO_POSITIONAL=SUPERKO_POSITIONAL,
                 SUPERKO_SITUATIONAL=SUPERKO_SITUATIONAL, AREA_NONE=AREA_NONE,
                 AREA_PLAIN=AREA_PLAIN, AREA_KEEP_STONES=AREA_KEEP_STONES)


# ---- the board -------------------------------------------------------------------

cdef int kb_init(KBoard* b, int size) noexcept nogil:
    """Set up an empty board of ``size``; 0, or -1 when memory runs out."""
    cdef int loc, r, c, k = 0
    b.size = size
    b.stride = size + 2
    b.n_points = size * size
    b.stack_limit = size * size * 3 // 2 + 1
    b.offsets[0] = -b.stride
    b.offsets[1] = -1
    b.offsets[2] = 1
    b.offsets[3] = b.stride
    for loc in range(MAX_ARR):
        b.color[loc] = WALL
        b.index_of[loc] = -1
    for r in range(size):
        for c in range(size):
            loc = (r + 1) * b.stride + c + 1
            b.color[loc] = EMPTY
            b.points[k] = loc
            b.index_of[loc] = r * size + c
            k += 1
    b.ko_loc = PASS_LOC
    memset(b.mark, 0, sizeof(b.mark))
    memset(b.hmark, 0, sizeof(b.hmark))
    b.epoch = 0
    b.hepoch = 0
    b.n_journal = 0
    b.cap_journal = 4096
    b.journal = <Undo*>malloc(b.cap_journal * sizeof(Undo))
    b.cap_buf = 4 * MAX_ARR
    b.buf = <int*>malloc(b.cap_buf * sizeof(int))
    b.nodes = 0
    b.aborted = False
    b.out_of_memory = b.journal == NULL or b.buf == NULL
    return -1 if b.out_of_memory else 0


cdef void kb_free(KBoard* b) noexcept nogil:
    free(b.journal)
    free(b.buf)
    b.journal = NULL
    b.buf = NULL


cdef inline void kb_set(KBoard* b, int16_t* at, int value) noexcept nogil:
    """Write ``value`` at ``at``, journaled."""
    cdef Undo* grown
    if b.n_journal == b.cap_journal:
        grown = <Undo*>realloc(b.journal, 2 * b.cap_journal * sizeof(Undo))
        if grown == NULL:
            # the write still happens (the position stays playable); the caller
            # sees out_of_memory and reports it: undo can no longer be trusted
            b.out_of_memory = True
            at[0] = <int16_t>value
            return
        b.journal = grown
        b.cap_journal *= 2
    b.journal[b.n_journal].at = at
    b.journal[b.n_journal].old = at[0]
    b.n_journal += 1
    at[0] = <int16_t>value


cdef void kb_undo_to(KBoard* b, size_t n_journal) noexcept nogil:
    """Take back every write after the first ``n_journal`` ones."""
    while b.n_journal > n_journal:
        b.n_journal -= 1
        b.journal[b.n_journal].at[0] = b.journal[b.n_journal].old


cdef int kb_count_libs(KBoard* b, int h) noexcept nogil:
    cdef int s = h, k, n, count = 0
    b.epoch += 1
    while True:
        for k in range(4):
            n = s + b.offsets[k]
            if b.color[n] == EMPTY and b.mark[n] != b.epoch:
                b.mark[n] = b.epoch
                count += 1
        s = b.next[s]
        if s == h:
            return count


cdef int kb_rebuild(KBoard* b) noexcept nogil:
    """Chains and liberties from the colours alone; -1 if a chain has no liberty."""
    cdef int i, loc, s, n, k, c, top
    cdef int16_t stack[MAX_ARR]
    b.n_journal = 0
    b.epoch += 1
    cdef uint32_t seen = b.epoch
    for i in range(b.n_points):
        loc = b.points[i]
        c = b.color[loc]
        if c == EMPTY or b.mark[loc] == seen:
            continue
        b.mark[loc] = seen
        b.head[loc] = loc
        b.next[loc] = loc
        b.stones[loc] = 1
        stack[0] = loc
        top = 1
        while top > 0:
            top -= 1
            s = stack[top]
            for k in range(4):
                n = s + b.offsets[k]
                if b.color[n] == c and b.mark[n] != seen:
                    b.mark[n] = seen
                    b.head[n] = loc
                    b.next[n] = b.next[loc]
                    b.next[loc] = n
                    b.stones[loc] += 1
                    stack[top] = n
                    top += 1
    for i in range(b.n_points):
        loc = b.points[i]
        if b.color[loc] != EMPTY and b.head[loc] == loc:
            b.libs[loc] = kb_count_libs(b, loc)
            if b.libs[loc] == 0:
                return -1
    return 0


cdef int kb_load_padded(KBoard* b, const uint8_t* color, int ko_loc) noexcept nogil:
    """Load colours laid out as the engine's Board holds them; -1 on a bad position."""
    cdef int i, loc
    for i in range(b.n_points):
        loc = b.points[i]
        if color[loc] > WHITE:
            return -1
        b.color[loc] = color[loc]
    b.ko_loc = ko_loc
    return kb_rebuild(b)


cdef int kb_load_rows(KBoard* b, const uint8_t* rows, int ko_loc) noexcept nogil:
    """Load ``size * size`` colours in row-major order; -1 on a bad position."""
    cdef int i
    for i in range(b.n_points):
        if rows[i] > WHITE:
            return -1
        b.color[b.points[i]] = rows[i]
    b.ko_loc = ko_loc
    return kb_rebuild(b)


cdef bint kb_legal(KBoard* b, int loc, int pla) noexcept nogil:
    """KataGo's legality with multi-stone suicide illegal: empty, not the ko point,
    and the stone keeps or gains a liberty."""
    cdef int k, n, c, opp = 3 - pla
    if b.color[loc] != EMPTY or loc == b.ko_loc:
        return False
    for k in range(4):
        n = loc + b.offsets[k]
        c = b.color[n]
        if c == EMPTY:
            return True
        if c == pla and b.libs[b.head[n]] > 1:
            return True
        if c == opp and b.libs[b.head[n]] == 1:
            return True
    return False


cdef void kb_merge(KBoard* b, int a, int c) noexcept nogil:
    """Join the chains with heads ``a`` and ``c`` (the smaller one is relabelled)."""
    cdef int s, tmp
    if b.stones[a] < b.stones[c]:
        a, c = c, a
    s = c
    while True:
        kb_set(b, &b.head[s], a)
        s = b.next[s]
        if s == c:
            break
    tmp = b.next[a]
    kb_set(b, &b.next[a], b.next[c])
    kb_set(b, &b.next[c], tmp)
    kb_set(b, &b.stones[a], b.stones[a] + b.stones[c])


cdef void kb_play(KBoard* b, int loc, int pla) noexcept nogil:
    """Play a legal move (kb_legal) for ``pla``, journaled."""
    cdef int opp = 3 - pla
    cdef int k, k2, j, m, n, h, s, t, captured = 0, captured_at = PASS_LOC, n_seen = 0, n_adj
    cdef int seen[4]
    cdef int adj[4]
    cdef bint dup
    kb_set(b, &b.color[loc], pla)
    kb_set(b, &b.head[loc], loc)
    kb_set(b, &b.next[loc], loc)
    kb_set(b, &b.stones[loc], 1)
    kb_set(b, &b.libs[loc], 0)
    for k in range(4):
        n = loc + b.offsets[k]
        if b.color[n] != opp:
            continue
        h = b.head[n]
        dup = False
        for j in range(n_seen):
            dup = dup or seen[j] == h
        if dup:
            continue
        seen[n_seen] = h
        n_seen += 1
        kb_set(b, &b.libs[h], b.libs[h] - 1)
        if b.libs[h] > 0:
            continue
        captured += b.stones[h]
        captured_at = h
        s = h
        while True:
            kb_set(b, &b.color[s], EMPTY)
            s = b.next[s]
            if s == h:
                break
        # each emptied point is a new liberty of every distinct chain of `pla` next to it
        s = h
        while True:
            n_adj = 0
            for j in range(4):
                m = s + b.offsets[j]
                if b.color[m] == pla:
                    t = b.head[m]
                    dup = False
                    for k2 in range(n_adj):
                        dup = dup or adj[k2] == t
                    if not dup:
                        adj[n_adj] = t
                        n_adj += 1
                        kb_set(b, &b.libs[t], b.libs[t] + 1)
            s = b.next[s]
            if s == h:
                break
    for k in range(4):
        n = loc + b.offsets[k]
        if b.color[n] == pla and b.head[n] != b.head[loc]:
            kb_merge(b, b.head[n], b.head[loc])
    h = b.head[loc]
    kb_set(b, &b.libs[h], kb_count_libs(b, h))
    if captured == 1 and b.stones[h] == 1 and b.libs[h] == 1:
        kb_set(b, &b.ko_loc, captured_at)
    else:
        kb_set(b, &b.ko_loc, PASS_LOC)


# ---- what the ladder search asks about points and chains ----------------------------

cdef inline void sort_small(int* a, int n) noexcept nogil:
    cdef int i, j, v
    for i in range(1, n):
        v = a[i]
        j = i - 1
        while j >= 0 and a[j] > v:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = v


cdef int kb_liberties(KBoard* b, int loc, int* out, int max_out) noexcept nogil:
    """Up to ``max_out`` liberties of the chain at ``loc``, in increasing loc order."""
    cdef int h = b.head[loc], s, k, n, count = 0
    b.epoch += 1
    s = h
    while True:
        for k in range(4):
            n = s + b.offsets[k]
            if b.color[n] == EMPTY and b.mark[n] != b.epoch:
                b.mark[n] = b.epoch
                if count < max_out:
                    out[count] = n
                count += 1
        s = b.next[s]
        if s == h:
            break
    if count > max_out:
        count = max_out
    sort_small(out, count)
    return count


cdef inline int immediate_libs(KBoard* b, int loc) noexcept nogil:
    cdef int k, count = 0
    for k in range(4):
        if b.color[loc + b.offsets[k]] == EMPTY:
            count += 1
    return count


cdef int kb_defender_moves(KBoard* b, int loc, size_t start) noexcept nogil:
    """The defender's candidate moves into ``b.buf[start:]``: the liberties of the
    attacker chains in atari next to the chain at ``loc`` (increasing loc order), then
    the chain's own (single) liberty, which is always last, even when it captures too
    (KataGo means it to be: its bound shortcut reads the last move; KataGo's own list
    drops it there as a duplicate, leaving last whichever capture its chain walk met
    last).  Returns their number."""
    cdef int pla = b.color[loc], opp = 3 - pla
    cdef int h0 = b.head[loc], s, k, n, h, t, j, q, count = 0, own = PASS_LOC
    b.epoch += 1
    b.hepoch += 1
    s = h0
    while True:
        for k in range(4):
            n = s + b.offsets[k]
            if b.color[n] == EMPTY:
                own = n
                b.mark[n] = b.epoch
        s = b.next[s]
        if s == h0:
            break
    s = h0
    while True:
        for k in range(4):
            n = s + b.offsets[k]
            if b.color[n] != opp:
                continue
            h = b.head[n]
            if b.libs[h] != 1 or b.hmark[h] == b.hepoch:
                continue
            b.hmark[h] = b.hepoch
            t = h
            while True:
                for j in range(4):
                    q = t + b.offsets[j]
                    if b.color[q] == EMPTY and b.mark[q] != b.epoch:
                        b.mark[q] = b.epoch
                        b.buf[start + count] = q
                        count += 1
                t = b.next[t]
                if t == h:
                    break
        s = b.next[s]
        if s == h0:
            break
    sort_small(&b.buf[start], count)
    b.buf[start + count] = own
    return count + 1


cdef void liberty_bounds(KBoard* b, int loc, int pla, int* lower, int* upper) noexcept nogil:
    """KataGo's quick bounds on the liberties of a stone ``pla`` would play at ``loc``."""
    cdef int k, n, c, libs, opp = 3 - pla
    cdef int immediate = 0, caps = 0, cap_stones = 0, conn = 0, max_conn = 0
    for k in range(4):
        n = loc + b.offsets[k]
        c = b.color[n]
        if c == EMPTY:
            immediate += 1
        elif c == opp:
            if b.libs[b.head[n]] == 1:
                caps += 1
                cap_stones += b.stones[b.head[n]]
        elif c == pla:
            libs = b.libs[b.head[n]] - 1
            conn += libs
            if libs > max_conn:
                max_conn = libs
    lower[0] = caps + (max_conn if max_conn > immediate else immediate)
    upper[0] = immediate + cap_stones + conn


cdef int connection_libs_x2(KBoard* b, int loc, int pla) noexcept nogil:
    """The attacker's move-ordering heuristic: for each neighbour of ``pla`` with more
    than one liberty (once per neighbouring stone), twice its liberties less three."""
    cdef int k, n, libs, total = 0
    for k in range(4):
        n = loc + b.offsets[k]
        if b.color[n] == pla:
            libs = b.libs[b.head[n]]
            if libs > 1:
                total += 2 * libs - 3
    return total


cdef bint would_be_ko_capture(KBoard* b, int loc, int pla) noexcept nogil:
    """``pla`` at the empty ``loc`` captures a lone stone from a point walled in by the
    opponent (and the board's edge)."""
    cdef int k, n, c, opp = 3 - pla, capturable = PASS_LOC
    if b.color[loc] != EMPTY:
        return False
    for k in range(4):
        n = loc + b.offsets[k]
        c = b.color[n]
        if c != WALL and c != opp:
            return False
        if c == opp and b.libs[b.head[n]] == 1:
            if capturable != PASS_LOC:
                return False
            capturable = n
    if capturable == PASS_LOC:
        return False
    return b.stones[b.head[capturable]] == 1


cdef int libs_after_play(KBoard* b, int loc, int pla, int max_libs) noexcept nogil:
    """KataGo's count of the liberties a stone of ``pla`` at ``loc`` would have (its
    empty neighbours, the neighbours it captures, and the liberties of the chains it
    joins, the captured stones counting as empty), capped at ``max_libs``."""
    cdef int opp = 3 - pla, k, j, i, n, h, cur, lib, n_libs = 0, n_caps = 0, n_conn = 0
    cdef int found[8]
    cdef int caps[4]
    cdef int conn[4]
    cdef bint dup, empty_after
    for k in range(4):
        n = loc + b.offsets[k]
        if b.color[n] == EMPTY:
            found[n_libs] = n
            n_libs += 1
            if n_libs >= max_libs:
                return max_libs
        elif b.color[n] == opp and b.libs[b.head[n]] == 1:
            found[n_libs] = n
            n_libs += 1
            if n_libs >= max_libs:
                return max_libs
            h = b.head[n]
            dup = False
            for j in range(n_caps):
                dup = dup or caps[j] == h
            if not dup:
                caps[n_caps] = h
                n_caps += 1
    for k in range(4):
        n = loc + b.offsets[k]
        if b.color[n] != pla:
            continue
        h = b.head[n]
        dup = False
        for j in range(n_conn):
            dup = dup or conn[j] == h
        if dup:
            continue
        conn[n_conn] = h
        n_conn += 1
        cur = n
        while True:
            for j in range(4):
                lib = cur + b.offsets[j]
                if lib == loc:
                    continue
                empty_after = b.color[lib] == EMPTY
                if not empty_after and b.color[lib] == opp:
                    for i in range(n_caps):
                        empty_after = empty_after or caps[i] == b.head[lib]
                if not empty_after:
                    continue
                dup = False
                for i in range(n_libs):
                    dup = dup or found[i] == lib
                if not dup:
                    found[n_libs] = lib
                    n_libs += 1
                    if n_libs >= max_libs:
                        return max_libs
            cur = b.next[cur]
            if cur == n:
                break
    return n_libs


cdef bint has_liberty_gaining_capture(KBoard* b, int loc) noexcept nogil:
    """An opponent chain in atari touches the chain at ``loc``."""
    cdef int h = b.head[loc], s = h, k, n, opp = 3 - b.color[loc]
    while True:
        for k in range(4):
            n = s + b.offsets[k]
            if b.color[n] == opp and b.libs[b.head[n]] == 1:
                return True
        s = b.next[s]
        if s == h:
            return False


cdef inline bint adjacent(KBoard* b, int p, int q) noexcept nogil:
    cdef int d = p - q
    return d == 1 or d == -1 or d == b.stride or d == -b.stride


cdef bint ensure_buf(KBoard* b, size_t needed) noexcept nogil:
    cdef int* grown
    cdef size_t cap = b.cap_buf
    if needed <= cap:
        return True
    while cap < needed:
        cap *= 2
    grown = <int*>realloc(b.buf, cap * sizeof(int))
    if grown == NULL:
        b.out_of_memory = True
        return False
    b.buf = grown
    b.cap_buf = cap
    return True


# ---- the ladder search ------------------------------------------------------------

cdef bint kb_search(KBoard* b, int loc, int depth, bint defender_first, size_t start) noexcept nogil:
    """Is the chain at ``loc`` captured, the side to move at ``depth`` (0 = root)
    being the defender when ``depth`` is even and ``defender_first``?"""
    cdef bint is_defender = (depth % 2 == 0) == defender_first
    cdef int pla = b.color[loc], opp = 3 - pla, mover
    cdef int libs, n_moves, i, move, lower, upper, l0, l1, m0, m1
    cdef size_t mark
    cdef bint captured
    if depth >= b.stack_limit - 1:
        return True    # KataGo's stack is full: it calls the ladder working
    libs = b.libs[b.head[loc]]
    if not is_defender and libs <= 1:
        return True
    if not is_defender and libs >= 3:
        return False
    if is_defender and libs >= 2:
        return False
    if is_defender and b.ko_loc != PASS_LOC:
        return False   # a ladder that needs a ko does not count
    if not ensure_buf(b, start + b.n_points + 2):
        b.aborted = True
        return False
    if is_defender:
        n_moves = kb_defender_moves(b, loc, start)
        # the last move listed is the chain's lone liberty
        liberty_bounds(b, b.buf[start + n_moves - 1], pla, &lower, &upper)
        if lower >= 3:
            return False
        if n_moves == 1 and upper <= 1:
            return True
    else:
        n_moves = kb_liberties(b, loc, &b.buf[start], 2)
        m0 = b.buf[start]
        m1 = b.buf[start + 1]
        l0 = immediate_libs(b, m0)
        l1 = immediate_libs(b, m1)
        # double-ko death: both liberties are ko mouths the attacker can take, filling
        # either gives the defender no third liberty, and it has no capture to make
        if (l0 == 0 and l1 == 0 and would_be_ko_capture(b, m0, opp)
                and would_be_ko_capture(b, m1, opp)
                and libs_after_play(b, m0, pla, 3) <= 2 and libs_after_play(b, m1, pla, 3) <= 2
                and not has_liberty_gaining_capture(b, loc)):
            return True
        if not adjacent(b, m0, m1):
            if l0 >= 3 and l1 >= 3:
                return False
            elif l0 >= 3:
                n_moves = 1
            elif l1 >= 3:
                b.buf[start] = m1
                n_moves = 1
        if n_moves > 1:
            l0 = 2 * l0 + connection_libs_x2(b, m0, pla)
            l1 = 2 * l1 + connection_libs_x2(b, m1, pla)
            if l1 > l0:
                b.buf[start] = m1
                b.buf[start + 1] = m0
    mover = pla if is_defender else opp
    for i in range(n_moves):
        move = b.buf[start + i]
        if not kb_legal(b, move, mover):
            continue    # an illegal move fails, like a refuted one
        mark = b.n_journal
        kb_play(b, move, mover)
        b.nodes += 1
        if b.nodes >= LADDER_NODE_BUDGET or b.out_of_memory:
            b.aborted = True
            kb_undo_to(b, mark)
            return False
        captured = kb_search(b, loc, depth + 1, defender_first, start + n_moves)
        kb_undo_to(b, mark)
        if b.aborted:
            return False
        if is_defender and not captured:
            return False
        if not is_defender and captured:
            return True
    return is_defender


cdef bint kb_ladder_captured(KBoard* b, int loc, bint defender_first) noexcept nogil:
    """KataGo's ``searchIsLadderCaptured``: can the chain at ``loc`` (1 liberty when the
    defender moves first, at most 2 otherwise) be captured by a ladder?"""
    cdef int libs, saved_ko
    cdef bint captured
    if b.color[loc] != BLACK and b.color[loc] != WHITE:
        return False
    libs = b.libs[b.head[loc]]
    if libs > 2 or (defender_first and libs > 1):
        return False
    saved_ko = b.ko_loc
    if defender_first:
        b.ko_loc = PASS_LOC    # every ko is the defender's at the start (not journaled)
    b.nodes = 0
    b.aborted = False
    captured = kb_search(b, loc, 0, defender_first, 0)
    if b.aborted:
        return False           # the ko point stays cleared, as on KataGo's copy
    b.ko_loc = saved_ko
    return captured


cdef int kb_ladder_2libs(KBoard* b, int loc, int* working) noexcept nogil:
    """KataGo's ``searchIsLadderCapturedAttackerFirst2Libs``: the liberties of the
    2-liberty chain at ``loc`` the attacker can fill so that the chain is then
    ladder-captured, into ``working`` (increasing loc order); returns their number."""
    cdef int libs[2]
    cdef int i, opp, n_working = 0
    cdef size_t mark
    if b.color[loc] != BLACK and b.color[loc] != WHITE:
        return 0
    if b.libs[b.head[loc]] != 2:
        return 0
    opp = 3 - b.color[loc]
    kb_liberties(b, loc, libs, 2)
    for i in range(2):
        if not kb_legal(b, libs[i], opp):
            continue
        mark = b.n_journal
        kb_play(b, libs[i], opp)
        if kb_ladder_captured(b, loc, True):
            working[n_working] = libs[i]
            n_working += 1
        kb_undo_to(b, mark)
    return n_working


cdef void kb_ladders(KBoard* b, uint8_t* laddered, uint8_t* working, int working_color) noexcept nogil:
    """KataGo's ``iterLadders``: flag (by ``row * size + col``) in ``laddered`` every stone
    of a chain with 1 or 2 liberties that a ladder captures, and in ``working`` (if not
    NULL) the working moves against the 2-liberty chains of ``working_color``."""
    cdef int i, j, loc, h, libs, n_working
    cdef int moves[2]
    cdef int8_t solved[MAX_ARR]   # per chain head: -1 unknown, else the answer
    for i in range(b.n_points):
        solved[b.points[i]] = -1
    for i in range(b.n_points):
        loc = b.points[i]
        if b.color[loc] == EMPTY:
            continue
        h = b.head[loc]
        libs = b.libs[h]
        if libs != 1 and libs != 2:
            continue
        if solved[h] == -1:
            if libs == 1:
                solved[h] = kb_ladder_captured(b, loc, True)
            else:
                n_working = kb_ladder_2libs(b, loc, moves)
                solved[h] = n_working > 0
                if working != NULL and b.color[loc] == working_color:
                    for j in range(n_working):
                        working[b.index_of[moves[j]]] = 1
        if solved[h]:
            laddered[b.index_of[loc]] = 1


# ---- area ---------------------------------------------------------------------------

cdef void area_for(KBoard* b, int pla, bint safe_big, bint unsafe_big, bint suicide,
                   int16_t* result) noexcept nogil:
    """KataGo's ``calculateAreaForPla``: mark in ``result`` ``pla``'s pass-alive chains
    (Benson), its pass-alive territory (regions with at most one point not touching
    ``pla`` and bordered by pass-alive chains only), with ``safe_big`` its regions
    without opponent stones bordered by pass-alive chains only, and with ``unsafe_big``
    its regions without opponent stones (only where nothing is marked yet)."""
    cdef int opp = 3 - pla
    cdef int i, i2, k, j, loc, n, q, r, h, c, n_regions = 0, n_heads = 0, n_queue = 0, read
    cdef int16_t region_of[MAX_ARR]
    cdef int16_t queue[MAX_ARR]          # region points, one region after the other
    cdef int16_t region_start[MAX_ARR]
    cdef int16_t vital[4 * MAX_ARR]      # per region: chains it is vital to (every empty
    cdef uint8_t n_vital[MAX_ARR]        # point of it, every point with suicide, touches them)
    cdef uint8_t internal[MAX_ARR]       # points touching no `pla` stone, counted to 2
    cdef uint8_t has_opp[MAX_ARR]
    cdef uint8_t borders_dead[MAX_ARR]
    cdef int16_t heads[MAX_ARR]
    cdef uint8_t dead[MAX_ARR]
    cdef int16_t vital_count[MAX_ARR]
    cdef bint any_pla = False, touches, killed, mark_it, dup
    for i in range(b.n_points):
        loc = b.points[i]
        region_of[loc] = -1
        if b.color[loc] == pla:
            any_pla = True
            if b.head[loc] == loc:
                heads[n_heads] = loc
                n_heads += 1
    for i in range(b.n_points):
        loc = b.points[i]
        if b.color[loc] != EMPTY or region_of[loc] != -1:
            continue
        r = n_regions
        n_regions += 1
        region_start[r] = n_queue
        internal[r] = 0
        has_opp[r] = False
        borders_dead[r] = False
        n_vital[r] = 0
        for k in range(4):
            n = loc + b.offsets[k]
            if b.color[n] == pla:
                h = b.head[n]
                dup = False
                for j in range(n_vital[r]):
                    dup = dup or vital[4 * r + j] == h
                if not dup:
                    vital[4 * r + n_vital[r]] = h
                    n_vital[r] += 1
        region_of[loc] = r
        queue[n_queue] = loc
        n_queue += 1
        read = region_start[r]
        while read < n_queue:
            q = queue[read]
            read += 1
            if suicide or b.color[q] == EMPTY:
                j = 0
                for i2 in range(n_vital[r]):
                    h = vital[4 * r + i2]
                    touches = False
                    for k in range(4):
                        n = q + b.offsets[k]
                        touches = touches or (b.color[n] == pla and b.head[n] == h)
                    if touches:
                        vital[4 * r + j] = h
                        j += 1
                n_vital[r] = j
            if internal[r] < 2:
                touches = False
                for k in range(4):
                    touches = touches or b.color[q + b.offsets[k]] == pla
                if not touches:
                    internal[r] += 1
            if b.color[q] == opp:
                has_opp[r] = True
            for k in range(4):
                n = q + b.offsets[k]
                c = b.color[n]
                if (c == EMPTY or c == opp) and region_of[n] == -1:
                    region_of[n] = r
                    queue[n_queue] = n
                    n_queue += 1
    region_start[n_regions] = n_queue
    # Benson: drop chains with fewer than two vital regions bordered by live chains only
    for i in range(n_heads):
        dead[i] = False
    while True:
        for i in range(n_heads):
            vital_count[heads[i]] = 0
        for r in range(n_regions):
            if not borders_dead[r]:
                for j in range(n_vital[r]):
                    vital_count[vital[4 * r + j]] += 1
        killed = False
        for i in range(n_heads):
            if dead[i] or vital_count[heads[i]] >= 2:
                continue
            dead[i] = True
            killed = True
            h = heads[i]
            q = h
            while True:
                for k in range(4):
                    n = q + b.offsets[k]
                    if b.color[n] == EMPTY or b.color[n] == opp:
                        borders_dead[region_of[n]] = True
                q = b.next[q]
                if q == h:
                    break
        if not killed:
            break
    for i in range(n_heads):
        if not dead[i]:
            h = heads[i]
            q = h
            while True:
                result[q] = pla
                q = b.next[q]
                if q == h:
                    break
    for r in range(n_regions):
        mark_it = (internal[r] <= 1 and any_pla and not borders_dead[r]) or \
            (safe_big and any_pla and not has_opp[r] and not borders_dead[r])
        if mark_it:
            for j in range(region_start[r], region_start[r + 1]):
                result[queue[j]] = pla
        elif unsafe_big and any_pla and not has_opp[r]:
            for j in range(region_start[r], region_start[r + 1]):
                if result[queue[j]] == EMPTY:
                    result[queue[j]] = pla


cdef void kb_area(KBoard* b, int mode, bint suicide, int16_t* result) noexcept nogil:
    """The owner of each point (indexed by loc) as planes 18/19 show it: AREA_PLAIN is
    ``calculateArea`` with non-pass-alive stones, safe and unsafe big territories;
    AREA_KEEP_STONES is ``calculateIndependentLifeArea`` keeping stones, not
    territories (area scoring with a tax).  Black is marked first, then White."""
    cdef int i, j, k, loc, q, n, pla, head_q, tail_q
    cdef int16_t basic[MAX_ARR]
    cdef uint8_t seki[MAX_ARR]
    cdef int16_t queue[MAX_ARR]
    cdef bint dame
    for loc in range(MAX_ARR):
        basic[loc] = EMPTY
        result[loc] = EMPTY
    area_for(b, BLACK, True, True, suicide, basic)
    area_for(b, WHITE, True, True, suicide, basic)
    for i in range(b.n_points):
        loc = b.points[i]
        if basic[loc] == EMPTY:
            basic[loc] = b.color[loc]
    if mode != AREA_KEEP_STONES:
        for i in range(b.n_points):
            loc = b.points[i]
            result[loc] = basic[loc]
        return
    # independent life: a region of one owner is in seki when it touches a neutral
    # empty point or holds one of the owner's stones in atari
    for i in range(b.n_points):
        seki[b.points[i]] = False
    for i in range(b.n_points):
        loc = b.points[i]
        if basic[loc] == EMPTY or seki[loc]:
            continue
        dame = b.color[loc] == basic[loc] and b.libs[b.head[loc]] == 1
        for k in range(4):
            n = loc + b.offsets[k]
            dame = dame or (b.color[n] == EMPTY and basic[n] == EMPTY)
        if not dame:
            continue
        pla = basic[loc]
        seki[loc] = True
        queue[0] = loc
        head_q = 0
        tail_q = 1
        while head_q < tail_q:
            q = queue[head_q]
            head_q += 1
            for k in range(4):
                n = q + b.offsets[k]
                if basic[n] == pla and not seki[n]:
                    seki[n] = True
                    queue[tail_q] = n
                    tail_q += 1
    for i in range(b.n_points):
        loc = b.points[i]
        if basic[loc] != EMPTY and not seki[loc]:
            result[loc] = basic[loc]
    # keep stones: every stone its own area calls its owner's keeps it, seki or not
    for i in range(b.n_points):
        loc = b.points[i]
        if basic[loc] != EMPTY and basic[loc] == b.color[loc]:
            result[loc] = basic[loc]


# ---- one position ---------------------------------------------------------------------

cdef void mark_superko_bans(Board board, KBoard* kb, int mode, float* plane) noexcept nogil:
    """Plane 6's superko bans: empty points (not the ko point) where the side to move's
    stone would repeat a position of the board's path, stones and side to move
    (situational) or stones only (positional).  A ko capture our policy forbids is
    tested too (KataGo has no such policy); suicides are not (our engine forbids every
    suicide, so it has no hash for them)."""
    cdef int i, k, n, loc, reason, ko_after, captured
    cdef int me = board.pos.to_play, them = 3 - me
    cdef uint64_t after
    cdef bint banned
    for i in range(kb.n_points):
        loc = kb.points[i]
        if board.pos.color[loc] != EMPTY or loc == board.pos.ko_loc:
            continue
        reason = board.check_move_c(loc, &after, &ko_after)
        if reason == KO_CAPTURE_FORBIDDEN:
            # it takes exactly one stone: the lone neighbour in atari
            captured = PASS_LOC
            for k in range(4):
                n = loc + board.offsets[k]
                if board.pos.color[n] == them and board.pos.libs[board.pos.head[n]] == 1:
                    captured = n
            after = (board.pos.hash ^ STONE_KEY[me][loc] ^ STONE_KEY[them][captured]
                     ^ WHITE_TO_PLAY_KEY)
            banned = board.path_contains(after)
        else:
            banned = reason == SUPERKO
        if reason == LEGAL or reason == KO_CAPTURE_FORBIDDEN:
            banned = banned or (mode == SUPERKO_POSITIONAL
                                and board.path_contains(after ^ WHITE_TO_PLAY_KEY))
        if banned:
            plane[kb.index_of[loc]] = 1.0


cdef inline void flags_to_plane(KBoard* kb, const uint8_t* flags, float* plane) noexcept nogil:
    cdef int i
    for i in range(kb.n_points):
        if flags[i]:
            plane[i] = 1.0


cdef int encode_c(Board board, KBoard* kb, const Encoding* e,
                  const uint8_t* prev1, int prev1_ko, const uint8_t* prev2, int prev2_ko,
                  float* out) noexcept nogil:
    """Fill the ``NUM_SPATIAL * size * size`` floats at ``out`` (plane-major, row 0 at the
    top) for ``board`` with ``e.pla`` to move.  ``prev1``/``prev2``: row-major colours of
    the positions one and two moves ago whose ladders planes 15/16 show (NULL: the
    plane repeats the one before it, as KataGo does without that history).
    Returns 0, -1 for a position with a chain without liberties, -2 when memory ran out."""
    cdef int n_pts = kb.n_points, i, k, loc, c, libs, opp = 3 - e.pla
    cdef uint8_t flags[MAX_ARR]
    cdef uint8_t work[MAX_ARR]
    cdef int16_t area[MAX_ARR]
    memset(out, 0, NUM_SPATIAL * n_pts * sizeof(float))
    if kb_load_padded(kb, board.pos.color, board.pos.ko_loc) != 0:
        return -1
    for i in range(n_pts):
        loc = kb.points[i]
        out[i] = 1.0
        c = kb.color[loc]
        if c == EMPTY:
            continue
        out[(1 if c == e.pla else 2) * n_pts + i] = 1.0
        libs = kb.libs[kb.head[loc]]
        if libs <= 3:
            out[(2 + libs) * n_pts + i] = 1.0
    if e.use_ko_loc and board.pos.ko_loc != PASS_LOC:
        out[6 * n_pts + kb.index_of[board.pos.ko_loc]] = 1.0
    if e.superko != SUPERKO_NONE:
        mark_superko_bans(board, kb, e.superko, out + 6 * n_pts)
    for k in range(HISTORY_TURNS):
        if e.history[k] != PASS_LOC:
            out[(9 + k) * n_pts + kb.index_of[e.history[k]]] = 1.0
    if e.area != AREA_NONE:
        kb_area(kb, e.area, e.suicide, area)
        for i in range(n_pts):
            loc = kb.points[i]
            if area[loc] == e.pla:
                out[18 * n_pts + i] = 1.0
            elif area[loc] == opp:
                out[19 * n_pts + i] = 1.0
    memset(flags, 0, n_pts)
    memset(work, 0, n_pts)
    kb_ladders(kb, flags, work, opp)
    flags_to_plane(kb, flags, out + 14 * n_pts)
    flags_to_plane(kb, work, out + 17 * n_pts)
    if prev1 != NULL:
        if kb_load_rows(kb, prev1, prev1_ko) != 0:
            return -1
        memset(flags, 0, n_pts)
        kb_ladders(kb, flags, NULL, 0)
    flags_to_plane(kb, flags, out + 15 * n_pts)
    if prev2 != NULL:
        if kb_load_rows(kb, prev2, prev2_ko) != 0:
            return -1
        memset(flags, 0, n_pts)
        kb_ladders(kb, flags, NULL, 0)
    flags_to_plane(kb, flags, out + 16 * n_pts)
    return -2 if kb.out_of_memory else 0


# ---- Python-facing API (validates every argument) -------------------------------------

cdef class Scratch:
    """Working memory for encoding positions of one board size; reuse it for a batch.
    Not for two threads at once."""

    cdef KBoard* kb

    def __cinit__(self, int size):
        if not 2 <= size <= 19:
            raise ValueError(f"board size {size} is not supported (use 2..19)")
        self.kb = <KBoard*>malloc(sizeof(KBoard))
        if self.kb == NULL:
            raise MemoryError()
        if kb_init(self.kb, size) != 0:
            kb_free(self.kb)
            free(self.kb)
            self.kb = NULL
            raise MemoryError()

    def __dealloc__(self):
        if self.kb != NULL:
            kb_free(self.kb)
            free(self.kb)

    @property
    def size(self):
        return self.kb.size


cdef const uint8_t* _rows_ptr(object rows, int n_points, str what) except? NULL:
    if rows is None:
        return NULL
    if not isinstance(rows, bytes) or len(rows) != n_points:
        raise ValueError(f"{what} must be {n_points} bytes of colours, row-major")
    return <const uint8_t*><char*>rows


def _check_loc(int loc, int size, str what):
    cdef int stride = size + 2
    cdef int r = loc // stride, c = loc % stride
    if loc != PASS_LOC and not (1 <= r <= size and 1 <= c <= size):
        raise ValueError(f"{what} {loc} is not a point of a {size}x{size} board")


def encode_spatial(Board board not None, float[:, :, ::1] out, history_locs=(),
                   prev1=None, int prev1_ko=PASS_LOC, prev2=None, int prev2_ko=PASS_LOC,
                   *, bint use_ko_loc=True, int superko=SUPERKO_NONE, int area=AREA_NONE,
                   bint suicide=False, Scratch scratch=None):
    """Fill ``out`` (float32 ``[NUM_SPATIAL, size, size]``, C-contiguous) with KataGo's
    spatial planes of ``board``, the side to move being ``board.to_play``.

    ``history_locs``: up to ``HISTORY_TURNS`` locs for planes 9..13 (PASS: nothing
    marked), newest first, already filtered by KataGo's turn rule.  ``prev1``/``prev2``
    with ``prev1_ko``/``prev2_ko``: row-major colour bytes and ko point of the positions
    whose ladders planes 15/16 show, or None (the plane repeats the one before).
    ``use_ko_loc``: plane 6 shows the board's ko point; ``superko``: SUPERKO_*;
    ``area``: AREA_*; ``suicide``: multi-stone suicide is legal (area's vital rule).
    ``scratch``: a :class:`Scratch` of the board's size to reuse.  The board is only read
    (without the GIL: do not change it meanwhile)."""
    cdef int size = board.size, n_points = size * size
    cdef Encoding e
    cdef int k, rc
    if out.shape[0] != NUM_SPATIAL or out.shape[1] != size or out.shape[2] != size:
        raise ValueError(f"out must have shape ({NUM_SPATIAL}, {size}, {size}), "
                         f"not {(out.shape[0], out.shape[1], out.shape[2])}")
    if superko not in (SUPERKO_NONE, SUPERKO_POSITIONAL, SUPERKO_SITUATIONAL):
        raise ValueError(f"unknown superko mode {superko!r}")
    if area not in (AREA_NONE, AREA_PLAIN, AREA_KEEP_STONES):
        raise ValueError(f"unknown area mode {area!r}")
    locs = tuple(history_locs)
    if len(locs) > HISTORY_TURNS:
        raise ValueError(f"at most {HISTORY_TURNS} history locs, not {len(locs)}")
    e.pla = board.pos.to_play
    e.use_ko_loc = use_ko_loc
    e.superko = superko
    e.area = area
    e.suicide = suicide
    for k in range(HISTORY_TURNS):
        e.history[k] = PASS_LOC
    for k, loc in enumerate(locs):
        _check_loc(loc, size, "history loc")
        e.history[k] = loc
    _check_loc(prev1_ko, size, "ko point")
    _check_loc(prev2_ko, size, "ko point")
    cdef const uint8_t* p1 = _rows_ptr(prev1, n_points, "prev1")
    cdef const uint8_t* p2 = _rows_ptr(prev2, n_points, "prev2")
    if scratch is None:
        scratch = Scratch(size)
    elif scratch.kb.size != size:
        raise ValueError(f"the scratch is for {scratch.kb.size}x{scratch.kb.size}, "
                         f"the board is {size}x{size}")
    with nogil:
        rc = encode_c(board, scratch.kb, &e, p1, prev1_ko, p2, prev2_ko, &out[0, 0, 0])
    if rc == -1:
        raise ValueError("a position to encode is not valid (bad colour, or a chain "
                         "without liberties)")
    if rc == -2:
        raise MemoryError()


def board_rows(Board board not None):
    """The colours of ``board`` as ``size * size`` bytes, row-major (EMPTY/BLACK/WHITE):
    what ``Board.colors().tobytes()`` gives, without the numpy detour."""
    cdef char rows[MAX_ARR]
    cdef int size = board.size, stride = size + 2, r, c
    for r in range(size):
        for c in range(size):
            rows[r * size + c] = <char>board.pos.color[(r + 1) * stride + c + 1]
    return rows[:size * size]


def _scratch_from_rows(bytes colors, int size, int ko_loc):
    scratch = Scratch(size)
    if len(colors) != size * size:
        raise ValueError(f"colors must be {size * size} bytes, row-major")
    _check_loc(ko_loc, size, "ko point")
    if kb_load_rows((<Scratch>scratch).kb, <const uint8_t*><char*>colors, ko_loc) != 0:
        raise ValueError("not a valid position (bad colour, or a chain without liberties)")
    return scratch


def ladder_results(bytes colors, int size, int ko_loc=PASS_LOC):
    """KataGo's ladder answers for a position given as row-major colour bytes: for each
    chain with one or two liberties, in the order ``iterLadders`` meets them (its first
    stone in row-major order), ``(first_stone, liberties, laddered, working_moves)``;
    ``working_moves`` (increasing loc order) only for 2-liberty chains.  Each chain is
    read on the board as the previous reads left it (see the module docstring)."""
    cdef Scratch scratch = _scratch_from_rows(colors, size, ko_loc)
    cdef KBoard* kb = scratch.kb
    cdef int i, j, loc, h, libs, n_working
    cdef int moves[2]
    cdef bint captured
    out = []
    seen = set()
    for i in range(kb.n_points):
        loc = kb.points[i]
        if kb.color[loc] == EMPTY:
            continue
        h = kb.head[loc]
        libs = kb.libs[h]
        if (libs != 1 and libs != 2) or h in seen:
            continue
        seen.add(h)
        with nogil:
            if libs == 1:
                captured = kb_ladder_captured(kb, loc, True)
                n_working = 0
            else:
                n_working = kb_ladder_2libs(kb, loc, moves)
                captured = n_working > 0
        if kb.out_of_memory:
            raise MemoryError()
        working = []
        for j in range(n_working):
            working.append(moves[j])
        out.append((loc, libs, bool(captured), tuple(working)))
    return out


def ladder_planes(bytes colors, int size, int ko_loc=PASS_LOC, int working_color=EMPTY):
    """Planes 14 and 17 of a position as two ``(size, size)`` uint8 arrays: the stones of
    laddered chains, and the working moves against 2-liberty chains of ``working_color``."""
    cdef Scratch scratch = _scratch_from_rows(colors, size, ko_loc)
    laddered = np.zeros((size, size), np.uint8)
    working = np.zeros((size, size), np.uint8)
    cdef uint8_t[:, ::1] lv = laddered
    cdef uint8_t[:, ::1] wv = working
    with nogil:
        kb_ladders(scratch.kb, &lv[0, 0], &wv[0, 0], working_color)
    if scratch.kb.out_of_memory:
        raise MemoryError()
    return laddered, working


def area_owners(bytes colors, int size, int mode=AREA_PLAIN, bint suicide=False):
    """The owner (EMPTY/BLACK/WHITE) of each point as a ``(size, size)`` int8 array, as
    planes 18/19 read it (``mode``: AREA_PLAIN or AREA_KEEP_STONES)."""
    if mode not in (AREA_PLAIN, AREA_KEEP_STONES):
        raise ValueError(f"unknown area mode {mode!r}")
    cdef Scratch scratch = _scratch_from_rows(colors, size, PASS_LOC)
    cdef int16_t result[MAX_ARR]
    cdef int i
    with nogil:
        kb_area(scratch.kb, mode, suicide, result)
    owners = np.zeros(size * size, np.int8)
    for i in range(scratch.kb.n_points):
        owners[i] = result[scratch.kb.points[i]]
    return owners.reshape(size, size)
