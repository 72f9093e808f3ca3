"""ASCII board diagrams: the one way tests, fixtures and the CLI write positions as text.

A diagram is one line per board row, top row first::

       A B C D E
     5 . . . . .
     4 . X O . .
     3 X O . O .
     2 . X O . .
     1 . . . . .

``X`` is black, ``O`` white, and ``.``, ``+`` or ``,`` an empty point.
Whitespace is ignored, and so are labels: digits anywhere on a row line (row
numbers) and header lines made only of the GTP column letters ``A``..``T``
(``I`` is skipped, as in GTP).  A diagram with fewer rows or columns than the
board describes the board's top-left corner; the rest of the board is empty.

:func:`render_diagram` writes cells separated by single spaces, optionally
with GTP coordinates, and :func:`parse_diagram` reads back what it writes.
:func:`parse_marks` reads which points carry given mark characters (zones in
golden tests, for example).

This module knows ``core.coords``, ``core.colors`` and the board API (``set_stone``,
``colors``); it knows no rules beyond what ``set_stone`` enforces.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from tsumego_gui.core import coords
from tsumego_gui.core.colors import BLACK, EMPTY, WHITE

STONE_CHARS = {"X": BLACK, "O": WHITE, ".": EMPTY, "+": EMPTY, ",": EMPTY}
RENDER_CHARS = {EMPTY: ".", BLACK: "X", WHITE: "O"}


def _is_header(compact: str) -> bool:
    # A row made only of white stones ("OOO") also consists of A..T letters; a header
    # always has some other letter (it starts with "A").
    return all(ch in coords.GTP_COLUMNS for ch in compact) and set(compact) != {"O"}


def _grid(text: str) -> list[str]:
    """The diagram's rows as strings of cell characters, labels and whitespace removed."""
    rows = []
    for line in text.splitlines():
        compact = "".join(ch for ch in line if not ch.isspace())
        if not compact or _is_header(compact):
            continue
        cells = "".join(ch for ch in compact if not ch.isdigit())
        if cells:
            rows.append(cells)
    if not rows:
        raise ValueError("the diagram has no board rows")
    widths = {len(r) for r in rows}
    if len(widths) != 1:
        raise ValueError(f"the diagram's rows have different lengths {sorted(widths)}")
    return rows


def _fit(rows: list[str], size: int | None) -> int:
    """Check the grid against ``size`` (default: its row count, then it must be square)."""
    if size is None:
        size = len(rows)
        coords.check_size(size)
        if len(rows[0]) != size:
            raise ValueError(f"the diagram has {size} rows of {len(rows[0])} points; give the "
                             "size for a partial diagram")
        return size
    coords.check_size(size)
    if len(rows) > size or len(rows[0]) > size:
        raise ValueError(f"a {len(rows)}x{len(rows[0])} diagram does not fit a "
                         f"{size}x{size} board")
    return size


def parse_diagram(text: str, size: int | None = None, to_play: int = BLACK,
                  board_class: type | None = None, extra_empty: str = ""):
    """A board with the stones of ``text`` and ``to_play`` to move.

    ``board_class`` defaults to the Cython ``engine_cy.board.Board``; any class
    with its API works (tests pass ``ReferenceBoard`` too).  Characters in
    ``extra_empty`` are read as empty points (marks drawn on empty points).
    Raises ValueError on an unknown character, a diagram that does not fit,
    or a chain without liberties (from ``set_stone``).

    >>> from tsumego_gui.core.reference_board import ReferenceBoard
    >>> board = parse_diagram('''
    ...     . X O
    ...     X O .
    ... ''', size=5, board_class=ReferenceBoard)
    >>> board.color_at(coords.from_gtp("B5", 5)), board.color_at(coords.from_gtp("C5", 5))
    (1, 2)
    """
    if board_class is None:
        from engine_cy.board import Board  # lazy: keep this module light

        board_class = Board
    rows = _grid(text)
    size = _fit(rows, size)
    board = board_class(size, to_play)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in extra_empty:
                continue
            if ch not in STONE_CHARS:
                raise ValueError(f"unknown character {ch!r} in row {r + 1} of the diagram "
                                 "(use X, O, '.', '+' or ',')")
            if STONE_CHARS[ch] != EMPTY:
                board.set_stone(coords.to_loc(r, c, size), STONE_CHARS[ch])
    return board


def parse_marks(text: str, size: int, chars: str) -> set[int]:
    """The locs where the diagram shows one of ``chars`` (any other cell character is fine).

    >>> sorted(coords.to_gtp(p, 3) for p in parse_marks('''
    ...     * . .
    ...     X * O
    ... ''', 3, "*"))
    ['A3', 'B2']
    """
    rows = _grid(text)
    size = _fit(rows, size)
    return {coords.to_loc(r, c, size)
            for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in chars}


def render_diagram(board_or_colors, marks: Mapping[int, str] | None = None,
                   coordinates: bool = False) -> str:
    """Rows of ``X O .`` separated by single spaces, top row first, no trailing newline.

    ``board_or_colors``: a board (anything with ``colors()``) or a square
    (size, size) array of colours.  ``marks`` maps locs to one character that
    replaces the point's own.  With ``coordinates`` the GTP column letters head
    the diagram and row numbers (counted from the bottom) start each row.

    >>> print(render_diagram(np.array([[1, 0], [0, 2]]), coordinates=True))
      A B
    2 X .
    1 . O
    """
    colors = board_or_colors.colors() if hasattr(board_or_colors, "colors") else board_or_colors
    colors = np.asarray(colors)
    if colors.ndim != 2 or colors.shape[0] != colors.shape[1]:
        raise ValueError(f"colours must be a square 2-D array, not shape {colors.shape}")
    size = coords.check_size(int(colors.shape[0]))
    grid = [[RENDER_CHARS[int(v)] for v in row] for row in colors]
    for loc, ch in (marks or {}).items():
        if len(ch) != 1 or ch.isspace() or ch.isdigit():
            raise ValueError(f"a mark must be one visible non-digit character, not {ch!r}")
        r, c = coords.from_loc(loc, size)
        grid[r][c] = ch
    if not coordinates:
        return "\n".join(" ".join(row) for row in grid)
    width = len(str(size))
    lines = [" " * (width + 1) + " ".join(coords.GTP_COLUMNS[:size])]
    lines += [f"{size - r:>{width}} " + " ".join(row) for r, row in enumerate(grid)]
    return "\n".join(lines)
