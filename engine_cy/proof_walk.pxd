# cython: language_level=3
"""Declarations of the verifier's compiled walk (see proof_walk.pyx)."""

from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t
from libcpp.unordered_map cimport unordered_map
from libcpp.vector cimport vector

from engine_cy.benson cimport Benson
from engine_cy.board cimport Board
from engine_cy.zone cimport Zone

cdef enum:
    FILTER_WORDS = 64         # the positions filter: 4096 bits (``proof_walk.FILTER_BITS``)

cdef struct NodeData:
    # one proof node as read once (``Record.read``)
    uint8_t kind              # GOAL, CAPTURED, PASSES, SURVIVES, OR_NODE, AND_NODE, OTHER
    bint won
    bint no_zone              # its zone is None
    bint off                  # something in it names no point of the board, or is not
                              # of the types a proof holds: the reference walk explains
    bint twice                # a move has two children
    int first_child           # into Record.child_move / child_node / child_objs
    int n_children
    int first_cut             # into Record.cut_move / cut_cover
    int n_cuts
    uint32_t seen             # the walk (``Walk.epoch``) that last counted it

cdef struct Verdict:
    # what a walk of a subtree found (``verify.Walked``): ``known`` False is the
    # reference's None (stone counts unknown, never reused)
    bint known
    bint line_bound
    vector[int32_t] counts    # stone counts (black * 1024 + white) its moves may leave, sorted
    vector[uint64_t] bits     # the filter of the positions they may leave; empty: none
    int node                  # memo key: node, position hash, ko point, passes
    uint64_t hash
    int ko
    int passes
    int next                  # next entry with the same memo slot, -1 at the end

cdef class Record:
    cdef list nodes           # the ProofNode objects read, by index (kept alive: ids key them)
    cdef list child_objs
    cdef unordered_map[Py_ssize_t, int] index     # id(node) -> index
    cdef vector[NodeData] data
    cdef vector[Zone] zones
    cdef vector[int] child_move
    cdef vector[int] child_node                   # -1: not read yet
    cdef vector[int] cut_move
    cdef vector[int] cut_cover
    cdef vector[Verdict] memo
    cdef unordered_map[uint64_t, int] memo_slot   # mixed key -> first entry
    cdef uint32_t walks                           # walks made with it (``NodeData.seen``)

    cdef int read(self, object node, Board b) except -1
    cdef int child(self, int at, Board b) except -1

cdef class Walk:
    cdef Board b
    cdef Record rec
    cdef object checker
    cdef int defender, attacker
    cdef bint survive, live_any, reuse
    cdef Zone region, crucial, all_points, crucial_or_region
    cdef vector[int] region_points
    cdef vector[int] crucial_points
    cdef long long positions, reused, max_positions
    cdef int nodes_seen
    cdef uint32_t epoch
    cdef object stop, walking
    cdef str stopped
    cdef bint halted
    cdef vector[int] path
    cdef vector[int32_t] line_code
    cdef vector[uint64_t] line_hash
    cdef long long sample_size, proven_seen, keep_at
    cdef list cut_lines
    cdef int max_recorded
    cdef Benson* benson

    cdef bint read_stop(self) except -1
    cdef void count_seen(self, int idx) noexcept
    cdef bint line_apart(self, const Verdict* v) noexcept
    cdef int find(self, int idx) noexcept
    cdef void store(self, int idx, int entry, const Verdict* v) noexcept
    cdef bint goal_holds(self) noexcept
    cdef bint crucial_on_board(self) noexcept
    cdef void add_moves_left(self, Verdict* out) noexcept
    cdef int sample(self, int idx) except -1
    cdef tuple path_tuple(self)
    cdef bint ends_the_game(self, int idx) noexcept
    cdef int check(self, int idx, const Zone* parent, Verdict* out) except -1
    cdef int check_position(self, int idx, Verdict* out) except -1
    cdef int32_t counts_code(self) noexcept
    cdef int play_child(self, int move, int child, const Zone* zone, Verdict* out) except -1
    cdef int check_move_node(self, int idx, const Zone* zone, int prover,
                             Verdict* out) except -1
    cdef int check_all_node(self, int idx, const Zone* zone, int prover,
                            Verdict* out) except -1
