# cython: language_level=3
"""Declarations of the heuristic evaluator (see heuristic.pyx)."""

from libc.stdint cimport int16_t

from engine_cy.benson cimport Benson
from engine_cy.board cimport Board
from engine_cy.zone cimport Zone

cdef float heuristic_c(Board b, int defender, bint live_any, const Zone* crucial,
                       bint has_crucial, const int* region, int n_region, Benson* work,
                       const int16_t* moves, int n, float* priors) noexcept nogil
