# cython: language_level=3
"""Declarations of zone dilation (see dilate.pyx)."""

from engine_cy.board cimport Board
from engine_cy.zone cimport Zone

cdef enum:
    HISTORY_DEPENDENT = 1   # an attacker move in the zone is illegal only by ko / superko

cdef int dilate_c(Board b, Zone* z, bint and_node, int move) noexcept nogil
