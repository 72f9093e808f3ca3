"""Which part of the board to show: the problem's area with a margin, snapped to near edges.

A corner problem on 19x19 is a few lines in one corner; drawn on the whole
board its stones are tiny.  :func:`crop_window` takes the points that matter
(the problem's stones, its region, the marks) and returns the
:class:`Window` of rows and columns to show: their bounding box grown by
``margin`` lines, stretched to the board's edge where it comes within
``snap`` lines of it (so a corner problem shows its corner, edges included),
at least ``min_span`` lines each way, and the whole board when the window
would cover most of it anyway.  Pure arithmetic on (row, col); knows locs
through ``core.coords`` only, nothing about painting or widgets.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tsumego_gui.core import coords

MARGIN = 2          # lines shown around the problem's area
SNAP = 3            # a window side this close to the board's edge goes to the edge
MIN_SPAN = 5        # at least this many lines each way (a lone stone is not a 3x3 view)
WHOLE = 0.8         # a window spanning this much of the board each way: the whole board


@dataclass(frozen=True)
class Window:
    """Rows ``row0..row1`` and columns ``col0..col1`` (inclusive) of a ``size`` board."""

    size: int
    row0: int
    col0: int
    row1: int
    col1: int

    @classmethod
    def whole(cls, size: int) -> Window:
        return cls(size, 0, 0, size - 1, size - 1)

    @property
    def is_whole(self) -> bool:
        return (self.row0, self.col0, self.row1, self.col1) == (0, 0, self.size - 1,
                                                                self.size - 1)

    def contains(self, row: int, col: int) -> bool:
        return self.row0 <= row <= self.row1 and self.col0 <= col <= self.col1

    def cut(self) -> tuple[bool, bool, bool, bool]:
        """Whether the board goes on past each side: (top, left, bottom, right)."""
        last = self.size - 1
        return self.row0 > 0, self.col0 > 0, self.row1 < last, self.col1 < last


def _side(lo: int, hi: int, size: int, margin: int, snap: int, min_span: int) -> tuple[int, int]:
    lo, hi = lo - margin, hi + margin
    # grow a thin window evenly to its minimum span before snapping
    while hi - lo + 1 < min(min_span, size):
        lo, hi = lo - 1, hi + 1
    lo, hi = max(0, lo), min(size - 1, hi)
    if lo <= snap:
        lo = 0
    if hi >= size - 1 - snap:
        hi = size - 1
    if hi - lo + 1 < min(min_span, size):       # clipped at an edge: grow the other way
        if lo == 0:
            hi = min(size - 1, lo + min_span - 1)
        else:
            lo = max(0, hi - min_span + 1)
    return lo, hi


def crop_window(size: int, points: Iterable[int], margin: int = MARGIN, snap: int = SNAP,
                min_span: int = MIN_SPAN, whole: float = WHOLE) -> Window:
    """The window that shows ``points`` (locs; off-board ones are ignored) of a ``size``
    board; the whole board when there are none."""
    cells = [coords.from_loc(p, size) for p in points if coords.is_on_board(p, size)]
    if not cells:
        return Window.whole(size)
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    r0, r1 = _side(min(rows), max(rows), size, margin, snap, min_span)
    c0, c1 = _side(min(cols), max(cols), size, margin, snap, min_span)
    if r1 - r0 + 1 >= whole * size and c1 - c0 + 1 >= whole * size:
        return Window.whole(size)
    return Window(size, r0, c0, r1, c1)
