# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Random legal games on an engine board, entirely in C (benchmarks, fuzzing).

Knows the board's public C methods only; nothing about problems or search.
"""

from libc.stdint cimport uint64_t

from engine_cy.board cimport Board, EMPTY, MAX_ARR, PASS_LOC
from engine_cy.node_rules cimport rng_next


cdef int _random_legal_move(Board b, uint64_t* rng) noexcept nogil:
    cdef int cand[MAX_ARR]
    cdef int n = 0, i, k, loc
    for i in range(b.n_points):
        if b.pos.color[b.points[i]] == EMPTY:
            cand[n] = b.points[i]
            n += 1
    while n > 0:
        k = <int>(rng_next(rng) % <uint64_t>n)
        loc = cand[k]
        if b.is_legal_c(loc):
            return loc
        n -= 1
        cand[k] = cand[n]
    return PASS_LOC


def play_random_games(Board board, int games, int moves_per_game, uint64_t seed):
    """Play ``games`` random games of ``moves_per_game`` legal moves from
    ``board``, undoing each game move by move; return the play+undo pairs made.

    The board ends as it started.  Two passes in a row end a game early.
    """
    if games < 0 or moves_per_game < 0:
        raise ValueError("games and moves_per_game must be >= 0")
    cdef uint64_t rng = seed * 2654435761ULL + 0x9E3779B97F4A7C15ULL
    cdef long pairs = 0
    cdef int g, m, played
    with nogil:
        for g in range(games):
            played = 0
            for m in range(moves_per_game):
                board.play_c(_random_legal_move(board, &rng))
                played += 1
                if board.pos.passes >= 2:
                    break
            for m in range(played):
                board.undo_c()
            pairs += played
    return pairs
