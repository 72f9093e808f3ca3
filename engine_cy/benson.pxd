# cython: language_level=3
"""Declarations of Benson's unconditional life (see benson.pyx)."""

from libc.stdint cimport int16_t, uint8_t

from engine_cy.board cimport MAX_ARR, Board
from engine_cy.zone cimport Zone

cdef enum:
    MAX_EDGES = 4 * MAX_ARR
    SMALL_REGION = 7        # ``chain_eyes``: the most points of a small region (eye space)
    MAX_EYE_LEVEL = 4       # ``goal_chains_may_live``: two vital regions

cdef struct Benson:
    # Result of one run for one colour.  Chains are named by their head loc,
    # regions by an index 0..n_regions-1.
    int color
    int eye_level                       # ``benson_goal``: the goal chains' eye level
    uint8_t chain_alive[MAX_ARR]        # at chain heads of `color`: unconditionally alive
    int16_t region_of[MAX_ARR]          # region index of each non-`color` point, -1 otherwise
    int16_t region_first[MAX_ARR]       # first point of each region (linked by point_next)
    int16_t point_next[MAX_ARR]         # next point of the same region, -1 at the end
    uint8_t region_alive[MAX_ARR]       # region still enclosed by live chains only
    uint8_t region_open[MAX_ARR]        # region reaches the open board: vital to no chain
    int n_regions
    int n_edges
    int16_t edge_chain[MAX_EDGES]       # edge = (region, bordering chain)
    int16_t edge_region[MAX_EDGES]
    uint8_t edge_vital[MAX_EDGES]       # every empty point of the region is a liberty of the chain
    int16_t chain_first_edge[MAX_ARR]   # per chain head: first edge (linked by edge_next_of_chain)
    int16_t edge_next_of_chain[MAX_EDGES]
    int16_t region_first_edge[MAX_ARR]  # per region: first edge (linked by edge_next_of_region)
    int16_t edge_next_of_region[MAX_EDGES]

cdef struct OpenBoard:
    # A problem's open board (open_board_zone) and the points Benson reads instead.
    Zone zone
    int n_closed
    int16_t closed[MAX_ARR]             # the points outside `zone`, row-major

cdef void benson_run(Board b, int color, Benson* out, const OpenBoard* open_board) noexcept nogil
cdef void benson_life_zone(Board b, Benson* res, int head, Zone* zone) noexcept nogil
cdef bint benson_goal(Board b, int defender, bint live_any, const Zone* crucial,
                      Benson* work, Zone* zone, const OpenBoard* open_board) noexcept nogil
cdef void open_board_zone(Board b, int defender, const Zone* region, OpenBoard* out) noexcept
