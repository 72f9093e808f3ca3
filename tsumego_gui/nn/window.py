"""The part of the board a network looks at: the smallest rectangle that holds a problem.

A corner problem framed on 19x19 needs far fewer than 361 points: KataGo's
networks run on any rectangle (their inputs carry an on-board plane), and
their cost grows with the number of points (a 9x9 window costs about a fifth
of the full board).  :func:`problem_window` picks the rectangle: the bounding
box of the region, the crucial stones and the stones next to the region (the
wall a network must see to judge the group), widened by ``margin`` lines (room
for the wall to look safe), and
stretched to a real board edge when it comes within ``snap`` lines of it (a
network reads a window's border as the edge of the board; near a real edge
it had better be that edge).

A problem without a region (an open board, kill-all) is looked at whole.
Knows coordinates and problems; nothing about networks.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from tsumego_gui.core import coords
from tsumego_gui.core.problem import Problem

# lines beyond the stones that touch the region: with one, a wall on the window's border
# has no outside liberties and the network reads it as dying (a dead corner group then
# looked alive, tests/test_katago_evaluator.py); from two on it reads the wall as safe.
# Six hold a posed book problem's whole frame (``core.frame``: wall, two lines of territory,
# the attacker's second line, the defender's line) and a line of the defender's territory:
# with three the window cut the attacker's territory and KataGo passed or read living
# groups as dead (the book's first move got priors of 0.11-0.34 on rzone-19x19-dev 1, 3,
# 21 and 25 framed at distance 1; 0.72-0.97 with six)
MARGIN = 6
SNAP = 2     # a window this close to an edge goes to the edge


@dataclass(frozen=True)
class Window:
    """Rows ``row0 .. row0 + rows - 1`` and columns ``col0 .. col0 + cols - 1`` of a board."""

    size: int
    row0: int
    col0: int
    rows: int
    cols: int

    @property
    def shape(self) -> tuple[int, int]:
        return self.rows, self.cols

    @property
    def whole(self) -> bool:
        return self.rows == self.size and self.cols == self.size

    def crop(self, planes: np.ndarray) -> np.ndarray:
        """The window of ``planes`` (``(..., size, size)``), as a view."""
        return planes[..., self.row0:self.row0 + self.rows, self.col0:self.col0 + self.cols]

    @functools.cached_property
    def index_table(self) -> np.ndarray:
        """``table[loc]`` = :meth:`index` for every loc of the board and the pass, -1 for
        points outside the window and the wall ring."""
        table = np.full(coords.array_size(self.size), -1, dtype=np.int64)
        for r in range(self.rows):
            for c in range(self.cols):
                table[coords.to_loc(self.row0 + r, self.col0 + c, self.size)] = r * self.cols + c
        table[coords.PASS] = self.rows * self.cols
        return table

    def index(self, loc: int) -> int:
        """A network output's index of ``loc`` in the window (``rows * cols`` for the pass);
        ValueError for a point outside it."""
        return int(self.indices([loc])[0])

    def indices(self, locs) -> np.ndarray:
        """:meth:`index` of many locs at once; ValueError when one is outside."""
        found = self.index_table[np.asarray(locs, dtype=np.int64)]
        if (found < 0).any():
            raise ValueError("a move is outside the network's window")
        return found


def whole_board(size: int) -> Window:
    return Window(size, 0, 0, size, size)


def problem_window(problem: Problem, margin: int = MARGIN, snap: int = SNAP) -> Window:
    """The window a network needs to judge ``problem`` (see the module docstring)."""
    size = problem.size
    if not problem.region:
        return whole_board(size)
    points = set(problem.region) | set(problem.crucial)
    stones = problem.black | problem.white
    for loc in problem.region:
        row, col = coords.from_loc(loc, size)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                r, c = row + dr, col + dc
                if 0 <= r < size and 0 <= c < size and coords.to_loc(r, c, size) in stones:
                    points.add(coords.to_loc(r, c, size))
    rows, cols = zip(*(coords.from_loc(loc, size) for loc in points), strict=True)
    top, bottom = _span(min(rows), max(rows), size, margin, snap)
    left, right = _span(min(cols), max(cols), size, margin, snap)
    return Window(size, top, left, bottom - top + 1, right - left + 1)


def _span(low: int, high: int, size: int, margin: int, snap: int) -> tuple[int, int]:
    low, high = max(low - margin, 0), min(high + margin, size - 1)
    if low <= snap:
        low = 0
    if high >= size - 1 - snap:
        high = size - 1
    return low, high
