# cython: language_level=3
"""Declarations of the rules engine: see board.pyx for the rules it implements."""

from libc.stdint cimport int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from libcpp.vector cimport vector

from engine_cy.zone cimport Zone

cdef enum:
    EMPTY = 0
    BLACK = 1
    WHITE = 2
    WALL = 3
    PASS_LOC = 0          # loc 0 is a wall corner on every board size, so it doubles as pass
    MAX_SIZE = 19
    MAX_ARR = 441         # (MAX_SIZE + 2) ** 2 padded cells
    HIST_FILTER = 4096    # buckets of the counting filter in front of the history scan
    MAX_THREATS = 15      # external ko threats a side may hold (``Board.set_ko_threats``)

cdef enum IllegalReason:
    LEGAL = 0
    OCCUPIED = 1
    KO = 2
    SUICIDE = 3
    KO_CAPTURE_FORBIDDEN = 4
    SUPERKO = 5

cdef extern from *:
    """
    static inline int tsg_opp(int c) { return c ^ 3; }
    """
    int opp "tsg_opp"(int c) nogil

cdef struct Position:
    # Everything that undo must restore exactly: the undo stack holds copies of it.
    uint8_t color[MAX_ARR]      # EMPTY / BLACK / WHITE / WALL per cell
    int16_t head[MAX_ARR]       # chain head of each stone (undefined on empty/wall)
    int16_t next[MAX_ARR]       # next stone of the chain, circular (undefined on empty/wall)
    int16_t libs[MAX_ARR]       # distinct liberties, valid at chain heads
    int16_t stones[MAX_ARR]     # stone count, valid at chain heads
    uint64_t hash               # Zobrist of stones + side to move
    int16_t ko_loc              # point the side to move may not retake now, PASS_LOC if none
    uint8_t to_play             # BLACK / WHITE
    uint8_t passes              # consecutive passes that led here
    uint8_t threats[3]          # external ko threats left per colour (hashed)
    int32_t captures[3]         # stones captured BY each colour

cdef class Board:
    cdef Position pos
    cdef readonly int size      # 2..19
    cdef int stride             # size + 2
    cdef int offsets[4]         # loc deltas of the four neighbours
    cdef int n_points           # size * size
    cdef int16_t points[MAX_ARR]            # on-board locs, row-major from the top-left
    cdef bint ko_allowed[3]                 # per colour: may it capture a ko?
    cdef vector[uint8_t] undo_bytes         # before each play: `pos` on `cells` (snapshot_size)
    cdef int undo_n                         # moves on the undo stack
    cdef int cells                          # stride * stride: the cells a position uses
    cdef vector[uint64_t] path              # hashes of the path, current position last
    cdef uint16_t hist_filter[HIST_FILTER]  # counts of path hashes by bucket (superko fast reject)
    cdef uint32_t mark[MAX_ARR]             # epoch marks for flood fills (scratch)
    cdef uint32_t epoch

    cdef int illegal_reason_c(self, int loc) noexcept nogil
    cdef int check_move_c(self, int loc, uint64_t* hash_after, int* ko_after) noexcept nogil
    cdef bint is_legal_c(self, int loc) noexcept nogil
    cdef void play_c(self, int loc) noexcept nogil      # no legality check; pushes an undo entry
    cdef void undo_c(self) noexcept nogil
    cdef int count_libs(self, int head) noexcept nogil
    cdef int capture_heads(self, int loc, int* heads) noexcept nogil   # legal or not
    cdef int stones_taken_by(self, int loc) noexcept nogil  # a move of the side to move
    cdef uint64_t hash_after_c(self, int loc) noexcept nogil   # legal or not
    cdef void moves_left_filter_c(self, int bits, uint64_t* words) noexcept nogil
    cdef void stone_counts_c(self, int* black, int* white) noexcept nogil
    cdef int counts_after_moves_c(self, int* black, int* white) noexcept nogil
    cdef bint superko_forbids_c(self, const Zone* z) noexcept nogil
    cdef void add_chain(self, int loc, list out)             # the stones of the chain at loc
    cdef void rebuild_chains(self) noexcept nogil
    cdef int settle_setup(self, const Position* saved) except -1   # after a setup edit
    cdef void path_push(self, uint64_t h) noexcept nogil
    cdef void path_pop(self) noexcept nogil
    cdef bint path_contains(self, uint64_t h) noexcept nogil
    cdef void copy_into(self, Board other)
