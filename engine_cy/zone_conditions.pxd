# cython: language_level=3
"""Declarations of the verifier's zone conditions (see zone_conditions.pyx)."""

from engine_cy.board cimport Board
from engine_cy.zone cimport Zone

cdef enum:  # what a check found (``ZoneFault.kind``); 0: nothing
    NO_FAULT = 0
    SPLIT_CHAIN = 1           # a chain with a stone in the zone is not in it whole
    NO_ZONE_LIBERTY = 2       # DL-1: a chain of the zone has no liberty in it
    CR1 = 3                   # a suicide / forbidden ko capture point's surroundings leave it
    CR2_LIBERTIES = 4         # a prover's chain with two liberties or more keeps < 2 in it
    CR2_ATARI = 5             # a prover's chain in atari whose surroundings leave it
    MOVE_OUTSIDE = 6          # the prover's move is not in the zone
    MAY_BE_SUICIDE = 7        # the move has no liberty the zone fixes
    KO_NOT_FIXED = 8          # the move takes a ko whose surroundings leave the zone
    MAY_BE_FORBIDDEN_KO = 9   # the move's capture could be a ko capture its mover may not make
    CAPTURE_NOT_FIXED = 10    # a chain the move captures, or one around it, leaves the zone
    NO_OTHER_LIBERTY = 11     # an opponent chain of the zone next to the move keeps no other

cdef struct ZoneFault:
    int kind
    int loc                   # the point or chain (by a stone) the fault is at

cdef ZoneFault basics_fault_c(Board b, const Zone* z) noexcept nogil
cdef ZoneFault reply_fault_c(Board b, const Zone* z, int prover) noexcept nogil
cdef ZoneFault move_fault_c(Board b, const Zone* z, int move, int prover) noexcept nogil
cdef bint changes_inside_c(Board b, int move, const Zone* z) noexcept nogil
