# cython: language_level=3
"""Declarations of zone dilation (see dilate.pyx)."""

from engine_cy.board cimport Board
from engine_cy.zone cimport Zone

cdef enum:
    LINE_BOUND = 1   # superko decided part of the result: it holds on its own line only (node_rules)

cdef int dilate_c(Board b, Zone* z, bint and_node, int move,
                  bint either_ko_rule) noexcept nogil
