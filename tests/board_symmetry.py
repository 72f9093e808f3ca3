"""The eight symmetries of a square board, and a problem turned and recoloured by them.

Go's rules know no orientation and no colour, so a problem turned by a symmetry,
with or without its colours swapped, has the same answer with its moves turned the
same way: tests use that as an expectation that no solver result supplies.  Knows
problems and coordinates; nothing about searches.
"""

from __future__ import annotations

from dataclasses import replace

from engine_cy.board import BLACK, PASS, WHITE
from tsumego_gui.core import coords
from tsumego_gui.core.problem import Problem

OTHER = {BLACK: WHITE, WHITE: BLACK}


def symmetries(size: int) -> list:
    """The eight maps of (row, col) onto the board, the identity first."""
    n = size - 1
    return [lambda r, c: (r, c), lambda r, c: (c, r), lambda r, c: (r, n - c),
            lambda r, c: (n - r, c), lambda r, c: (n - r, n - c), lambda r, c: (c, n - r),
            lambda r, c: (n - c, r), lambda r, c: (n - c, n - r)]


def turn_point(loc: int, size: int, k: int) -> int:
    """``loc`` under symmetry ``k`` of ``symmetries`` (the pass stays the pass)."""
    if loc == PASS:
        return PASS
    return coords.to_loc(*symmetries(size)[k](*coords.from_loc(loc, size)), size)


def turned(problem: Problem, k: int, swap_colours: bool = False) -> Problem:
    """``problem`` under symmetry ``k``, its colours swapped if asked (the side to move,
    the defender, the ko permissions and threats with them).  A problem with a superko
    history has none that could be turned (its positions are hashes): refused."""
    if problem.history:
        raise ValueError("a problem with a history of positions cannot be turned")

    def points(locs):
        return frozenset(turn_point(x, problem.size, k) for x in locs)

    out = replace(problem, black=points(problem.black), white=points(problem.white),
                  crucial=points(problem.crucial), region=points(problem.region),
                  frame=points(problem.frame),
                  ko_point=turn_point(problem.ko_point, problem.size, k),
                  book_moves=tuple((c, turn_point(x, problem.size, k))
                                   for c, x in problem.book_moves))
    if not swap_colours:
        return out
    return replace(out, black=out.white, white=out.black, to_play=OTHER[out.to_play],
                   to_play_given=True, defender=OTHER[out.defender],
                   ko_allowed=out.ko_allowed[::-1], ko_threats=out.ko_threats[::-1],
                   book_moves=tuple((OTHER[c], x) for c, x in out.book_moves))
