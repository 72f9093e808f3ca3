# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""The rules engine: a Go board with chains, liberties, Zobrist hash, play/undo.

Layout: a padded 1-D array with a wall ring (``loc = (row + 1) * (size + 2) +
col + 1``, see ``tsumego_gui.core.coords``); loc 0 is pass.  Chains are
circular linked lists with a head that holds the stone and liberty counts,
updated incrementally on play.  Undo restores a copy of the ``Position``
taken before the move, of the cells the board size uses only (about 1 KB on
9x9, 4 KB on 19x19): exact by construction, and measured by
``benchmarks/engine.py`` to be cheaper than rebuilding split chains.

Rules (the same as ``tsumego_gui.core.reference_board``):

* legality for the side to move, checked in this order: occupied; simple ko
  (the point just captured in a ko); suicide (a move that leaves its own chain
  without liberties and captures nothing); ko capture forbidden for that side
  (a move that captures exactly one stone, has no friendly neighbour and is
  left with exactly one liberty); situational superko (the resulting stones
  plus side to move equal an earlier position on the path).  Pass is always
  legal and never checked against the path.
* external ko threats: each side may hold a number of threats (0 unless set,
  ``set_ko_threats``).  They stand for threats elsewhere on the board that the
  opponent must answer: the simple-ko retake at the ko point, forbidden
  otherwise, is legal while the mover holds a threat (and may capture kos at
  all), and playing it spends one.  A threat and its answer would put two
  stones outside the region, so the position after the retake is a new one:
  the threat counts are part of the hash (a count of 0 adds nothing, so
  positions without threats hash as before).
* the path is the list of position hashes from the start of the game (before
  the problem's root, via ``set_history``) through the current search line.

This module knows nothing about problems, goals or search.
"""

from libc.string cimport memcpy, memset

from engine_cy.zone cimport zone_add, zone_clear, zone_next

import numpy as np

cdef uint64_t ZOBRIST[3][MAX_ARR]
cdef uint64_t ZOBRIST_WHITE_TO_PLAY
cdef uint64_t ZOBRIST_THREATS[3][MAX_THREATS + 1]    # [colour][count]; count 0 is 0


cdef uint64_t _splitmix_state = 0x7473756D65676F21ULL

cdef uint64_t _splitmix64():
    global _splitmix_state
    _splitmix_state = _splitmix_state + 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = _splitmix_state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef void _init_zobrist():
    global ZOBRIST_WHITE_TO_PLAY
    cdef int c, loc
    for loc in range(MAX_ARR):
        ZOBRIST[EMPTY][loc] = 0
    for c in (BLACK, WHITE):
        for loc in range(MAX_ARR):
            ZOBRIST[c][loc] = _splitmix64()
    ZOBRIST_WHITE_TO_PLAY = _splitmix64()
    cdef int n
    for c in range(3):
        ZOBRIST_THREATS[c][0] = 0
        for n in range(1, MAX_THREATS + 1):
            ZOBRIST_THREATS[c][n] = _splitmix64() if c != EMPTY else 0


_init_zobrist()

# The enum names are C constants here; publish them to Python under the same names.
globals().update(EMPTY=EMPTY, BLACK=BLACK, WHITE=WHITE, PASS=PASS_LOC)

_REASONS = {
    OCCUPIED: "occupied",
    KO: "ko",
    SUICIDE: "suicide",
    KO_CAPTURE_FORBIDDEN: "ko capture forbidden",
    SUPERKO: "superko",
}
_COLOR_NAMES = {BLACK: "black", WHITE: "white"}
_GTP_COLUMNS = "ABCDEFGHJKLMNOPQRST"


class IllegalMoveError(ValueError):
    """A move that the rules forbid in the current position."""


def zobrist_key(int color, int loc):
    """The Zobrist key of a stone of ``color`` at raw index ``loc``."""
    if color not in (BLACK, WHITE) or not 0 <= loc < MAX_ARR:
        raise ValueError(f"no Zobrist key for colour {color} at {loc}")
    return ZOBRIST[color][loc]


def zobrist_white_to_play():
    """The key XORed into the hash while White is to move."""
    return ZOBRIST_WHITE_TO_PLAY


cdef enum:
    SNAPSHOT_TAIL = 8 + 2 + 1 + 1 + 12 + 2  # hash, ko_loc, to_play, passes, captures, threats


cdef inline size_t snapshot_size(int cells) noexcept nogil:
    return 9 * <size_t>cells + SNAPSHOT_TAIL


cdef inline void save_position(const Position* p, uint8_t* out, int cells) noexcept nogil:
    """Copy the first ``cells`` cells of every array of ``p``, and its scalars, to ``out``."""
    memcpy(out, p.color, cells)
    out += cells
    memcpy(out, p.head, 2 * cells)
    out += 2 * cells
    memcpy(out, p.next, 2 * cells)
    out += 2 * cells
    memcpy(out, p.libs, 2 * cells)
    out += 2 * cells
    memcpy(out, p.stones, 2 * cells)
    out += 2 * cells
    memcpy(out, &p.hash, 8)
    memcpy(out + 8, &p.ko_loc, 2)
    out[10] = p.to_play
    out[11] = p.passes
    memcpy(out + 12, p.captures, 12)
    out[24] = p.threats[BLACK]
    out[25] = p.threats[WHITE]


cdef inline void load_position(Position* p, const uint8_t* src, int cells) noexcept nogil:
    """The inverse of ``save_position``; cells past ``cells`` are left as they are."""
    memcpy(p.color, src, cells)
    src += cells
    memcpy(p.head, src, 2 * cells)
    src += 2 * cells
    memcpy(p.next, src, 2 * cells)
    src += 2 * cells
    memcpy(p.libs, src, 2 * cells)
    src += 2 * cells
    memcpy(p.stones, src, 2 * cells)
    src += 2 * cells
    memcpy(&p.hash, src, 8)
    memcpy(&p.ko_loc, src + 8, 2)
    p.to_play = src[10]
    p.passes = src[11]
    memcpy(p.captures, src + 12, 12)
    p.threats[BLACK] = src[24]
    p.threats[WHITE] = src[25]


cdef class Board:
    """A Go board of size 2..19 with the side to move, ko state and path history."""

    def __cinit__(self, int size, int to_play=BLACK):
        if not 2 <= size <= MAX_SIZE:
            raise ValueError(f"board size {size} is not supported (use 2..{MAX_SIZE})")
        if to_play not in (BLACK, WHITE):
            raise ValueError(f"to_play must be BLACK (1) or WHITE (2), not {to_play!r}")
        self.size = size
        self.stride = size + 2
        self.offsets[0] = -self.stride
        self.offsets[1] = -1
        self.offsets[2] = 1
        self.offsets[3] = self.stride
        self.n_points = size * size
        self.cells = self.stride * self.stride
        self.undo_n = 0
        memset(&self.pos, 0, sizeof(Position))
        memset(self.mark, 0, sizeof(self.mark))
        memset(self.hist_filter, 0, sizeof(self.hist_filter))
        self.epoch = 0
        cdef int loc, r, c, k = 0
        for loc in range(MAX_ARR):
            self.pos.color[loc] = WALL
        for r in range(size):
            for c in range(size):
                loc = (r + 1) * self.stride + c + 1
                self.pos.color[loc] = EMPTY
                self.points[k] = loc
                k += 1
        self.pos.to_play = to_play
        self.pos.hash = ZOBRIST_WHITE_TO_PLAY if to_play == WHITE else 0
        self.pos.ko_loc = PASS_LOC
        self.ko_allowed[BLACK] = True
        self.ko_allowed[WHITE] = True
        self.path_push(self.pos.hash)

    # ---- path history (situational superko) -------------------------------

    cdef void path_push(self, uint64_t h) noexcept nogil:
        self.path.push_back(h)
        self.hist_filter[h >> 52] += 1

    cdef void path_pop(self) noexcept nogil:
        cdef uint64_t h = self.path.back()
        self.path.pop_back()
        self.hist_filter[h >> 52] -= 1

    cdef bint path_contains(self, uint64_t h) noexcept nogil:
        if self.hist_filter[h >> 52] == 0:
            return False
        cdef Py_ssize_t i
        for i in range(<Py_ssize_t>self.path.size()):
            if self.path[i] == h:
                return True
        return False

    # ---- chains -----------------------------------------------------------

    cdef int count_libs(self, int head) noexcept nogil:
        cdef int s = head, k, n, count = 0
        self.epoch += 1
        while True:
            for k in range(4):
                n = s + self.offsets[k]
                if self.pos.color[n] == EMPTY and self.mark[n] != self.epoch:
                    self.mark[n] = self.epoch
                    count += 1
            s = self.pos.next[s]
            if s == head:
                break
        return count

    cdef void rebuild_chains(self) noexcept nogil:
        """Recompute chains, counts and the hash from the colours alone."""
        cdef int i, loc, s, n, k, c, top
        cdef int16_t stack[MAX_ARR]
        cdef uint64_t h = ZOBRIST_WHITE_TO_PLAY if self.pos.to_play == WHITE else 0
        h ^= ZOBRIST_THREATS[BLACK][self.pos.threats[BLACK]]
        h ^= ZOBRIST_THREATS[WHITE][self.pos.threats[WHITE]]
        self.epoch += 1
        cdef uint32_t seen = self.epoch
        for i in range(self.n_points):
            loc = self.points[i]
            c = self.pos.color[loc]
            if c == EMPTY:
                continue
            h ^= ZOBRIST[c][loc]
            if self.mark[loc] == seen:
                continue
            # flood fill the chain, linking it as we go
            self.mark[loc] = seen
            self.pos.head[loc] = loc
            self.pos.next[loc] = loc
            self.pos.stones[loc] = 1
            stack[0] = loc
            top = 1
            while top > 0:
                top -= 1
                s = stack[top]
                for k in range(4):
                    n = s + self.offsets[k]
                    if self.pos.color[n] == c and self.mark[n] != seen:
                        self.mark[n] = seen
                        self.pos.head[n] = loc
                        self.pos.next[n] = self.pos.next[loc]
                        self.pos.next[loc] = n
                        self.pos.stones[loc] += 1
                        stack[top] = n
                        top += 1
        # liberties need fresh epochs, so count them after every chain is linked
        for i in range(self.n_points):
            loc = self.points[i]
            if self.pos.color[loc] != EMPTY and self.pos.head[loc] == loc:
                self.pos.libs[loc] = self.count_libs(loc)
        self.pos.hash = h

    # ---- legality -----------------------------------------------------------

    cdef int illegal_reason_c(self, int loc) noexcept nogil:
        cdef uint64_t hash_after
        cdef int ko_after
        return self.check_move_c(loc, &hash_after, &ko_after)

    cdef int check_move_c(self, int loc, uint64_t* hash_after, int* ko_after) noexcept nogil:
        """``illegal_reason_c``; for a legal move other than pass, also the hash and ko
        point of the position it leads to (what ``play_c`` would make them)."""
        if loc == PASS_LOC:
            return LEGAL
        if self.pos.color[loc] != EMPTY:
            return OCCUPIED
        cdef int c = self.pos.to_play, o = opp(c)
        # the retake a ko forbids is legal with a threat (which it spends)
        cdef bint threat = loc == self.pos.ko_loc
        if threat and (self.pos.threats[c] == 0 or not self.ko_allowed[c]):
            return KO
        cdef int k, j, n, h, col, empties = 0, captured = 0, n_cap = 0
        cdef bint has_friend = False, friend_safe = False, dup
        cdef int cap_heads[4]
        for k in range(4):
            n = loc + self.offsets[k]
            col = self.pos.color[n]
            if col == EMPTY:
                empties += 1
            elif col == c:
                has_friend = True
                if self.pos.libs[self.pos.head[n]] > 1:
                    friend_safe = True
            elif col == o:
                h = self.pos.head[n]
                if self.pos.libs[h] == 1:
                    dup = False
                    for j in range(n_cap):
                        if cap_heads[j] == h:
                            dup = True
                    if not dup:
                        cap_heads[n_cap] = h
                        n_cap += 1
                        captured += self.pos.stones[h]
        if captured == 0 and empties == 0 and not friend_safe:
            return SUICIDE
        if (captured == 1 and not has_friend and empties == 0
                and not self.ko_allowed[c]):
            return KO_CAPTURE_FORBIDDEN
        cdef uint64_t hh = self.pos.hash ^ ZOBRIST[c][loc] ^ ZOBRIST_WHITE_TO_PLAY
        if threat:
            hh ^= (ZOBRIST_THREATS[c][self.pos.threats[c]]
                   ^ ZOBRIST_THREATS[c][self.pos.threats[c] - 1])
        cdef int s
        for j in range(n_cap):
            s = cap_heads[j]
            while True:
                hh ^= ZOBRIST[o][s]
                s = self.pos.next[s]
                if s == cap_heads[j]:
                    break
        if self.path_contains(hh):
            return SUPERKO
        hash_after[0] = hh
        # play_c's ko: one stone taken by a lone stone left with one liberty (the point taken)
        ko_after[0] = cap_heads[0] if captured == 1 and not has_friend and empties == 0 \
            else PASS_LOC
        return LEGAL

    cdef bint is_legal_c(self, int loc) noexcept nogil:
        return self.illegal_reason_c(loc) == LEGAL

    # ---- play / undo ----------------------------------------------------------

    cdef void play_c(self, int loc) noexcept nogil:
        cdef size_t snap = snapshot_size(self.cells)
        if (self.undo_n + 1) * snap > self.undo_bytes.size():
            self.undo_bytes.resize(2 * (self.undo_n + 1) * snap)
        save_position(&self.pos, &self.undo_bytes[self.undo_n * snap], self.cells)
        self.undo_n += 1
        cdef Position* p = &self.pos
        cdef int c = p.to_play, o = opp(c)
        p.to_play = o
        p.hash ^= ZOBRIST_WHITE_TO_PLAY
        if loc == PASS_LOC:
            p.ko_loc = PASS_LOC
            p.passes += 1
            self.path_push(p.hash)
            return
        p.passes = 0
        if loc == p.ko_loc:         # a retake a ko forbids: legal only with a threat
            p.hash ^= ZOBRIST_THREATS[c][p.threats[c]] ^ ZOBRIST_THREATS[c][p.threats[c] - 1]
            p.threats[c] -= 1
        p.color[loc] = c
        p.hash ^= ZOBRIST[c][loc]
        p.head[loc] = loc
        p.next[loc] = loc
        p.stones[loc] = 1
        p.libs[loc] = 0
        cdef int k, j, m, n, h, s, t, captured = 0, captured_at = PASS_LOC, n_seen = 0, n_adj
        cdef int seen[4]
        cdef int adj[4]
        cdef bint dup
        # opponent chains lose the liberty at loc; those left without any are removed
        for k in range(4):
            n = loc + self.offsets[k]
            if p.color[n] != o:
                continue
            h = p.head[n]
            dup = False
            for j in range(n_seen):
                if seen[j] == h:
                    dup = True
            if dup:
                continue
            seen[n_seen] = h
            n_seen += 1
            p.libs[h] -= 1
            if p.libs[h] == 0:
                captured += p.stones[h]
                captured_at = h
                s = h
                while True:
                    p.color[s] = EMPTY
                    p.hash ^= ZOBRIST[o][s]
                    s = p.next[s]
                    if s == h:
                        break
                # each emptied point is a new liberty of every distinct chain next to it
                s = h
                while True:
                    n_adj = 0
                    for j in range(4):
                        n = s + self.offsets[j]
                        if p.color[n] == c:
                            t = p.head[n]
                            dup = False
                            for m in range(n_adj):
                                if adj[m] == t:
                                    dup = True
                            if not dup:
                                adj[n_adj] = t
                                n_adj += 1
                                p.libs[t] += 1
                    s = p.next[s]
                    if s == h:
                        break
        # merge with friendly chains (smaller list relabelled into the larger)
        cdef bint has_friend = False
        cdef int a, b, tmp
        for k in range(4):
            n = loc + self.offsets[k]
            if p.color[n] != c or p.head[n] == p.head[loc]:
                continue
            has_friend = True
            a = p.head[n]
            b = p.head[loc]
            if p.stones[a] < p.stones[b]:
                a, b = b, a
            s = b
            while True:
                p.head[s] = a
                s = p.next[s]
                if s == b:
                    break
            tmp = p.next[a]
            p.next[a] = p.next[b]
            p.next[b] = tmp
            p.stones[a] += p.stones[b]
        h = p.head[loc]
        p.libs[h] = self.count_libs(h)
        if captured == 1 and not has_friend and p.libs[h] == 1:
            p.ko_loc = captured_at
        else:
            p.ko_loc = PASS_LOC
        p.captures[c] += captured
        self.path_push(p.hash)

    cdef void undo_c(self) noexcept nogil:
        self.path_pop()
        self.undo_n -= 1
        load_position(&self.pos, &self.undo_bytes[self.undo_n * snapshot_size(self.cells)],
                      self.cells)

    cdef void copy_into(self, Board other):
        other.pos = self.pos
        other.ko_allowed[BLACK] = self.ko_allowed[BLACK]
        other.ko_allowed[WHITE] = self.ko_allowed[WHITE]
        other.undo_bytes = self.undo_bytes
        other.undo_n = self.undo_n
        other.path = self.path
        other.hist_filter = self.hist_filter

    # ---- Python-facing API (validates every argument) ----------------------

    def _check_point(self, loc):
        if not isinstance(loc, (int, np.integer)):
            raise ValueError(f"a point must be an int loc, not {loc!r}")
        if not 0 < loc < self.stride * self.stride or self.pos.color[loc] == WALL:
            raise ValueError(f"loc {loc} is not a point of a {self.size}x{self.size} board")
        return int(loc)

    def _check_color(self, color, allow_empty=False):
        if not (color == BLACK or color == WHITE or (allow_empty and color == EMPTY)):
            raise ValueError(f"{color!r} is not a colour here")
        return int(color)

    def _gtp(self, int loc):
        r, c = divmod(loc, self.stride)
        return f"{_GTP_COLUMNS[c - 1]}{self.size - r + 1}"

    @property
    def to_play(self):
        return self.pos.to_play

    @to_play.setter
    def to_play(self, color):
        color = self._check_color(color)
        if color != self.pos.to_play:
            self.pos.to_play = color
            # the other side to move stands for a move elsewhere, which lifts a ko ban
            # (review s46: a problem's ko point still forbade the retake with --to-play)
            self.pos.ko_loc = PASS_LOC
            self.pos.hash ^= ZOBRIST_WHITE_TO_PLAY
            self.path_pop()
            self.path_push(self.pos.hash)

    @property
    def hash(self):
        return self.pos.hash

    @property
    def ko_loc(self):
        return self.pos.ko_loc

    @property
    def consecutive_passes(self):
        return self.pos.passes

    def captures(self, color):
        return self.pos.captures[self._check_color(color)]

    def ko_capture_allowed(self, color):
        return bool(self.ko_allowed[self._check_color(color)])

    def forbidden_ko_captures(self, locs):
        """Those of ``locs`` that capture a ko the side to move may not capture (a list;
        empty where it may capture kos): one call for a node's moves."""
        cdef int c = self.pos.to_play
        if self.ko_allowed[c]:
            return []
        return [loc for loc in locs if loc != PASS_LOC
                and self.illegal_reason_c(self._check_point(loc)) == KO_CAPTURE_FORBIDDEN]

    def set_ko_capture_allowed(self, color, allowed):
        self.ko_allowed[self._check_color(color)] = bool(allowed)

    def set_ko_point(self, loc):
        """Setup edit: the side to move may not retake at ``loc`` now (PASS: nowhere), as
        after a ko capture there; a problem taken just after one keeps it."""
        if loc == PASS_LOC:
            self.pos.ko_loc = PASS_LOC
            return
        cdef int p = self._check_point(loc)
        if self.pos.color[p] != EMPTY:
            raise ValueError(f"the ko point {self._gtp(p)} is not empty")
        self.pos.ko_loc = p

    def ko_threats(self, color):
        """External ko threats ``color`` holds (module docstring)."""
        return self.pos.threats[self._check_color(color)]

    def set_ko_threats(self, color, count):
        """Give ``color`` ``count`` external ko threats (0..MAX_THREATS).  Like a setup
        edit, it changes the current position's hash (and the path's last entry)."""
        c = self._check_color(color)
        if not isinstance(count, (int, np.integer)) or not 0 <= count <= MAX_THREATS:
            raise ValueError(f"ko threats must be an int 0..{MAX_THREATS}, not {count!r}")
        self.pos.hash ^= ZOBRIST_THREATS[c][self.pos.threats[c]] ^ ZOBRIST_THREATS[c][count]
        self.pos.threats[c] = count
        self.path_pop()
        self.path_push(self.pos.hash)

    def color_at(self, loc):
        return self.pos.color[self._check_point(loc)]

    def set_stone(self, loc, color):
        """Setup edit: put ``color`` (or EMPTY) at ``loc`` without captures.

        Raises ValueError, leaving the board unchanged, if a chain would be
        left without liberties.
        """
        cdef int p = self._check_point(loc)
        color = self._check_color(color, allow_empty=True)
        cdef Position saved = self.pos
        self.pos.color[p] = color
        self.settle_setup(&saved)

    def set_stones(self, black, white):
        """Setup edit: ``set_stone`` for every point of ``black`` (BLACK) and then of
        ``white`` (WHITE), the chains rebuilt once.  Raises ValueError, leaving the board
        unchanged, if a point is off the board or a chain would be left without
        liberties."""
        cdef Position saved = self.pos
        try:
            for color, locs in ((BLACK, black), (WHITE, white)):
                for loc in locs:
                    self.pos.color[self._check_point(loc)] = color
        except ValueError:
            self.pos = saved
            raise
        self.settle_setup(&saved)

    cdef int settle_setup(self, const Position* saved) except -1:
        """The end of a setup edit of colours: the ko point cleared, the chains rebuilt
        and the path's last hash replaced, or, where a chain is left without liberties,
        the board put back as ``saved`` and ValueError raised."""
        cdef int i, s
        self.pos.ko_loc = PASS_LOC
        self.rebuild_chains()
        for i in range(self.n_points):
            s = self.points[i]
            if self.pos.color[s] != EMPTY and self.pos.libs[self.pos.head[s]] == 0:
                name = _COLOR_NAMES[self.pos.color[s]]
                self.pos = saved[0]
                raise ValueError(f"the {name} chain at {self._gtp(s)} would have no liberties")
        self.path_pop()
        self.path_push(self.pos.hash)
        return 0

    def colors(self):
        out = np.empty((self.size, self.size), dtype=np.int8)
        cdef int r, c
        for r in range(self.size):
            for c in range(self.size):
                out[r, c] = self.pos.color[(r + 1) * self.stride + c + 1]
        return out

    def chain(self, loc):
        cdef int p = self._check_point(loc)
        if self.pos.color[p] == EMPTY:
            raise ValueError(f"no stone at {self._gtp(p)}")
        out = []
        self.add_chain(p, out)
        return sorted(out)

    cdef void add_chain(self, int loc, list out):
        cdef int s = loc
        while True:
            out.append(s)
            s = self.pos.next[s]
            if s == loc:
                break

    def chains_at(self, locs):
        """The chains (sorted stones) with a stone among ``locs``, each once, in the order
        of their first stone among the sorted ``locs``."""
        cdef int p
        cdef bint seen[MAX_ARR]         # by chain head
        memset(seen, 0, sizeof(seen))
        out = []
        for loc in sorted(locs):
            p = self._check_point(loc)
            if self.pos.color[p] == EMPTY or seen[self.pos.head[p]]:
                continue
            seen[self.pos.head[p]] = True
            chain = []
            self.add_chain(p, chain)
            chain.sort()
            out.append(chain)
        return out

    def adjacent_stones(self, loc):
        """The stones of every chain that touches the chain at ``loc`` (sorted)."""
        cdef int p = self._check_point(loc)
        if self.pos.color[p] == EMPTY:
            raise ValueError(f"no stone at {self._gtp(p)}")
        cdef bint taken[MAX_ARR]        # by chain head: the chain at loc, and those found
        memset(taken, 0, sizeof(taken))
        taken[self.pos.head[p]] = True
        cdef int s = p, k, n
        out = []
        while True:
            for k in range(4):
                n = s + self.offsets[k]
                if (self.pos.color[n] == BLACK or self.pos.color[n] == WHITE) \
                        and not taken[self.pos.head[n]]:
                    taken[self.pos.head[n]] = True
                    self.add_chain(n, out)
            s = self.pos.next[s]
            if s == p:
                break
        out.sort()
        return out

    def liberties(self, loc):
        cdef int p = self._check_point(loc)
        if self.pos.color[p] == EMPTY:
            raise ValueError(f"no stone at {self._gtp(p)}")
        cdef int s = p, k, n
        out = set()
        while True:
            for k in range(4):
                n = s + self.offsets[k]
                if self.pos.color[n] == EMPTY:
                    out.add(n)
            s = self.pos.next[s]
            if s == p:
                break
        return sorted(out)

    def stone_counts(self):
        """(black stones, white stones) on the board."""
        cdef int black, white
        self.stone_counts_c(&black, &white)
        return black, white

    cdef void stone_counts_c(self, int* black, int* white) noexcept nogil:
        cdef int i, c
        cdef int stones[4]
        memset(stones, 0, sizeof(stones))
        for i in range(self.n_points):
            c = self.pos.color[self.points[i]]
            stones[c] += 1
        black[0] = stones[BLACK]
        white[0] = stones[WHITE]

    cdef int capture_heads(self, int loc, int* heads) noexcept nogil:
        """The heads of the chains a move of the side to move at the empty point ``loc``
        would capture (whether or not the move is legal) into ``heads`` (room for 4);
        returns how many."""
        cdef int k, j, n, h, n_heads = 0, them = opp(self.pos.to_play)
        cdef bint dup
        for k in range(4):
            n = loc + self.offsets[k]
            if self.pos.color[n] != them or self.pos.libs[self.pos.head[n]] != 1:
                continue
            h = self.pos.head[n]
            dup = False
            for j in range(n_heads):
                dup = dup or heads[j] == h
            if not dup:
                heads[n_heads] = h
                n_heads += 1
        return n_heads

    cdef int stones_taken_by(self, int loc) noexcept nogil:
        """How many stones a move of the side to move at the empty point ``loc`` would
        capture (whether or not the move is legal)."""
        cdef int j, taken = 0
        cdef int heads[4]
        for j in range(self.capture_heads(loc, heads)):
            taken += self.pos.stones[heads[j]]
        return taken

    def stone_counts_after_moves(self):
        """The set of (black stones, white stones) that a move of the side to move on an
        empty point may leave (legal or not: a superset of those of the legal moves)."""
        cdef int black[MAX_ARR]
        cdef int white[MAX_ARR]
        cdef int i, n = self.counts_after_moves_c(black, white)
        return {(black[i], white[i]) for i in range(n)}

    cdef int counts_after_moves_c(self, int* black, int* white) noexcept nogil:
        """``stone_counts_after_moves`` into ``black`` and ``white`` (room for MAX_ARR
        each), one entry per number of stones a move may take; returns how many."""
        cdef int i, loc, taken, n = 0, me = self.pos.to_play, b, w
        cdef bint seen[MAX_ARR]         # by the number of stones taken
        memset(seen, 0, sizeof(seen))
        self.stone_counts_c(&b, &w)
        for i in range(self.n_points):
            loc = self.points[i]
            if self.pos.color[loc] != EMPTY:
                continue
            taken = self.stones_taken_by(loc)
            if seen[taken]:
                continue
            seen[taken] = True
            black[n] = b + 1 if me == BLACK else b - taken
            white[n] = w - taken if me == BLACK else w + 1
            n += 1
        return n

    def moves_left_filter(self, int bits):
        """The positions a stone of the side to move on an empty point may leave (legal or
        not: a superset of those of the legal moves), as a filter: an int with bit ``k``
        set where such a position's hash has ``k`` in its top ``bits`` bits (6..16).  A
        retake at the ko point counts with and without a threat spent.  Superko forbids a
        move only where its position is on the path, so a path position whose bit is clear
        is one that none of these moves can repeat."""
        if not 6 <= bits <= 16:
            raise ValueError(f"filter bits {bits} not in 6..16")
        cdef vector[uint64_t] words = vector[uint64_t]((1 << bits) // 64, 0)
        self.moves_left_filter_c(bits, words.data())
        return int.from_bytes((<char*>words.data())[:words.size() * 8], "little")

    cdef void moves_left_filter_c(self, int bits, uint64_t* words) noexcept nogil:
        """``moves_left_filter``'s bits OR-ed into ``words`` (2 ** ``bits`` / 64 of them)."""
        cdef int i, loc, c = self.pos.to_play, shift = 64 - bits
        cdef uint64_t h
        for i in range(self.n_points):
            loc = self.points[i]
            if self.pos.color[loc] != EMPTY:
                continue
            h = self.hash_after_c(loc) >> shift
            words[h >> 6] |= (<uint64_t>1) << (h & 63)
            if loc == self.pos.ko_loc and self.pos.threats[c] > 0:
                h = (self.hash_after_c(loc) ^ ZOBRIST_THREATS[c][self.pos.threats[c]]
                     ^ ZOBRIST_THREATS[c][self.pos.threats[c] - 1]) >> shift
                words[h >> 6] |= (<uint64_t>1) << (h & 63)

    cdef uint64_t hash_after_c(self, int loc) noexcept nogil:
        """The hash of the position a stone of the side to move at the empty point ``loc``
        leaves, the chains it takes removed, legal or not (no threat spent)."""
        cdef int j, s, c = self.pos.to_play, o = opp(c)
        cdef int heads[4]
        cdef uint64_t hh = self.pos.hash ^ ZOBRIST[c][loc] ^ ZOBRIST_WHITE_TO_PLAY
        for j in range(self.capture_heads(loc, heads)):
            s = heads[j]
            while True:
                hh ^= ZOBRIST[o][s]
                s = self.pos.next[s]
                if s == heads[j]:
                    break
        return hh

    def num_liberties(self, loc):
        cdef int p = self._check_point(loc)
        if self.pos.color[p] == EMPTY:
            raise ValueError(f"no stone at {self._gtp(p)}")
        return self.pos.libs[self.pos.head[p]]

    def is_legal(self, loc):
        if loc == PASS_LOC:
            return True
        return self.is_legal_c(self._check_point(loc))

    def illegal_reason(self, loc):
        if loc == PASS_LOC:
            return None
        return _REASONS.get(self.illegal_reason_c(self._check_point(loc)))

    def superko_forbids(self, locs):
        """Whether superko, and only superko, forbids the side to move one of ``locs``."""
        cdef Zone z
        zone_clear(&z)
        for loc in locs:
            zone_add(&z, self._check_point(loc))
        return self.superko_forbids_c(&z)

    cdef bint superko_forbids_c(self, const Zone* z) noexcept nogil:
        """Whether superko, and only superko, forbids the side to move an empty point of
        ``z``."""
        cdef int loc = zone_next(z, 0)
        while loc >= 0:
            if self.pos.color[loc] == EMPTY and self.illegal_reason_c(loc) == SUPERKO:
                return True
            loc = zone_next(z, loc + 1)
        return False

    def hash_and_ko_after(self, loc):
        """(hash, ko point) of the position a legal move at ``loc`` leads to, without
        playing it; None for an illegal move or pass."""
        cdef uint64_t h
        cdef int ko
        if loc == PASS_LOC or self.check_move_c(self._check_point(loc), &h, &ko) != LEGAL:
            return None
        return h, ko

    def legal_moves(self, region=None):
        cdef int i, loc
        if region is None:
            return [self.points[i] for i in range(self.n_points)
                    if self.is_legal_c(self.points[i])]
        out = []
        for loc in sorted({self._check_point(x) for x in region}):
            if self.is_legal_c(loc):
                out.append(loc)
        return out

    def play(self, loc):
        """Play ``loc`` (or PASS) for the side to move; return the undo token."""
        cdef int p = PASS_LOC if loc == PASS_LOC else self._check_point(loc)
        cdef int reason = self.illegal_reason_c(p)
        if reason != LEGAL:
            raise IllegalMoveError(f"{self._gtp(p)} is illegal: {_REASONS[reason]}")
        self.play_c(p)
        return self.undo_n

    def undo(self, token):
        """Take back the move that returned ``token`` (it must be the last one)."""
        if token != self.undo_n or self.undo_n == 0:
            raise ValueError(f"undo token {token!r} is not the last move "
                             f"({self.undo_n} moves on the stack)")
        self.undo_c()

    def history(self):
        return [self.path[i] for i in range(<Py_ssize_t>self.path.size())]

    def set_history(self, hashes):
        """Make ``hashes`` (oldest first) the positions before the current one.

        This starts a new root: moves played before it can no longer be undone,
        since their undo would have to restore a history that no longer exists.
        """
        values = [int(h) for h in hashes]
        if any(not 0 <= h < 2 ** 64 for h in values):
            raise ValueError("history hashes must be 64-bit unsigned ints")
        self.undo_n = 0
        while self.path.size():
            self.path_pop()
        for h in values:
            self.path_push(h)
        self.path_push(self.pos.hash)

    def copy(self):
        cdef Board other = Board.__new__(Board, self.size, self.pos.to_play)
        self.copy_into(other)
        return other

    def __copy__(self):
        return self.copy()

    def check_consistency(self):
        """Rebuild chains from the colours alone and compare; AssertionError on mismatch."""
        cdef Position saved = self.pos
        self.rebuild_chains()
        cdef Position fresh = self.pos
        self.pos = saved
        cdef int i, loc, s, count
        for loc in range(MAX_ARR):
            r, c = divmod(loc, self.stride)
            on_board = loc < self.stride * self.stride and 1 <= r <= self.size and 1 <= c <= self.size
            assert (saved.color[loc] != WALL) == on_board, f"wall mismatch at {loc}"
        for i in range(self.n_points):
            loc = self.points[i]
            if saved.color[loc] == EMPTY:
                continue
            h = saved.head[loc]
            assert saved.color[h] == saved.color[loc], f"head of {loc} has another colour"
            # same partition: the fresh head is shared exactly when the saved one is
            assert fresh.head[fresh.head[loc]] == fresh.head[loc]
            assert saved.head[h] == h, f"head {h} of {loc} is not its own head"
            if h == loc:
                count = 0
                s = loc
                while True:
                    assert saved.head[s] == loc, f"stone {s} in list of {loc} has head {saved.head[s]}"
                    assert fresh.head[s] == fresh.head[loc], f"list of {loc} crosses chains at {s}"
                    count += 1
                    s = saved.next[s]
                    if s == loc or count > self.n_points:
                        break
                assert count == saved.stones[loc] == fresh.stones[fresh.head[loc]], \
                    f"chain at {loc}: {count} in list, {saved.stones[loc]} counted"
                assert saved.libs[loc] == fresh.libs[fresh.head[loc]], \
                    f"chain at {loc}: {saved.libs[loc]} liberties, {fresh.libs[fresh.head[loc]]} real"
        assert saved.hash == fresh.hash, "hash mismatch"
        assert self.path.size() > 0 and self.path.back() == saved.hash, "path does not end here"
        cdef uint16_t counts[HIST_FILTER]
        memset(counts, 0, sizeof(counts))
        for i in range(<Py_ssize_t>self.path.size()):
            counts[self.path[i] >> 52] += 1
        for i in range(HIST_FILTER):
            assert counts[i] == self.hist_filter[i], "history filter out of date"

