# cython: language_level=3
"""Declarations of KataGo's input planes (see katago_inputs.pyx)."""

from libc.stdint cimport int16_t, uint8_t, uint32_t

from engine_cy.board cimport MAX_ARR, Board

cdef enum:
    NUM_SPATIAL = 22              # spatial planes of KataGo's input version 7
    HISTORY_TURNS = 5             # planes 9..13: the last five moves
    LADDER_NODE_BUDGET = 25000    # KataGo gives up (answers "escapes") after this many moves
    SUPERKO_NONE = 0              # which repetitions plane 6 marks besides the simple-ko point
    SUPERKO_POSITIONAL = 1
    SUPERKO_SITUATIONAL = 2
    AREA_NONE = 0                 # what planes 18/19 hold
    AREA_PLAIN = 1                # area scoring, no tax: KataGo's calculateArea
    AREA_KEEP_STONES = 2          # area scoring with a tax: independent-life area, stones kept

cdef struct Undo:
    # One journaled write: undo puts `old` back at `at`.
    int16_t* at
    int16_t old

cdef struct KBoard:
    # A Go board with KataGo's move semantics (simple ko point, no suicide) and an
    # undo journal, for the ladder search; also holds the position being encoded.
    # Layout as the engine's Board: loc = (row + 1) * stride + col + 1, loc 0 = none.
    int size
    int stride
    int n_points
    int stack_limit               # KataGo's ladder stack size: size * size * 3 / 2 + 1
    int offsets[4]
    int16_t points[MAX_ARR]       # on-board locs, row-major from the top-left
    int16_t index_of[MAX_ARR]     # row * size + col of each point, -1 on walls
    int16_t color[MAX_ARR]        # EMPTY / BLACK / WHITE / WALL
    int16_t head[MAX_ARR]         # chain head of each stone
    int16_t next[MAX_ARR]         # next stone of the chain, circular
    int16_t libs[MAX_ARR]         # liberties, valid at heads
    int16_t stones[MAX_ARR]       # stone count, valid at heads
    int16_t ko_loc                # the simple-ko point the next move may not take, 0 if none
    uint32_t mark[MAX_ARR]        # epoch marks for point sets (scratch)
    uint32_t epoch
    uint32_t hmark[MAX_ARR]       # epoch marks for chain heads (scratch)
    uint32_t hepoch
    Undo* journal                 # writes of the moves played since the position was loaded
    size_t n_journal
    size_t cap_journal
    int* buf                      # the ladder search's move lists, one segment per level
    size_t cap_buf
    int nodes                     # moves played by the current ladder search
    bint aborted                  # the current ladder search ran out of its node budget
    bint out_of_memory

cdef struct Encoding:
    # What the spatial planes need besides the board (see encode_spatial).
    int pla                       # side to move
    int history[HISTORY_TURNS]    # locs marked on planes 9..13 (0: nothing)
    bint use_ko_loc               # plane 6 shows the board's simple-ko point (main phase)
    int superko                   # SUPERKO_*: repetitions plane 6 marks as banned
    int area                      # AREA_*
    bint suicide                  # multi-stone suicide legal (area's vital-region rule)

cdef int kb_init(KBoard* b, int size) noexcept nogil
cdef void kb_free(KBoard* b) noexcept nogil
cdef int kb_load_padded(KBoard* b, const uint8_t* color, int ko_loc) noexcept nogil
cdef int kb_load_rows(KBoard* b, const uint8_t* rows, int ko_loc) noexcept nogil
cdef bint kb_legal(KBoard* b, int loc, int pla) noexcept nogil
cdef void kb_play(KBoard* b, int loc, int pla) noexcept nogil
cdef void kb_undo_to(KBoard* b, size_t n_journal) noexcept nogil
cdef bint kb_ladder_captured(KBoard* b, int loc, bint defender_first) noexcept nogil
cdef int kb_ladder_2libs(KBoard* b, int loc, int* working) noexcept nogil
cdef void kb_ladders(KBoard* b, uint8_t* laddered, uint8_t* working, int working_color) noexcept nogil
cdef void kb_area(KBoard* b, int mode, bint suicide, int16_t* result) noexcept nogil
cdef int encode_c(Board board, KBoard* kb, const Encoding* e,
                  const uint8_t* prev1, int prev1_ko, const uint8_t* prev2, int prev2_ko,
                  float* out) noexcept nogil
