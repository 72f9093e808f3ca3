"""The one place that converts coordinates.

Every other module — the engine included — uses the *point index* (``loc``)
defined here; conversions to and from people's formats happen only here.

Formats (on a board of ``size`` N, stride ``S = N + 2``):

=================  ===============  ===============  ==================  ========
format             top-left         top-right        bottom-left         pass
=================  ===============  ===============  ==================  ========
loc (engine)       S + 1            S + N            N*S + 1             0
(row, col)         (0, 0)           (0, N-1)         (N-1, 0)            None
GTP                ``A<N>``         ``T19`` on 19x19 ``A1``              ``pass``
SGF                ``aa``           ``sa`` on 19x19  ``as`` on 19x19     ``tt``/``""``
=================  ===============  ===============  ==================  ========

* ``loc``: index into a padded 1-D array of ``(N + 2) ** 2`` cells with a wall
  ring; ``loc = (row + 1) * S + (col + 1)``.  Index 0 is a wall corner, so it
  doubles as ``PASS``.
* ``(row, col)``: row 0 is the top row (as in SGF and in ASCII diagrams).
* GTP: columns ``A``..``T`` skipping ``I``; rows counted from the bottom.
* SGF: column letter then row letter, both from ``a`` at the top-left.
  ``tt`` (on boards up to 19x19) and the empty string mean pass.

This module knows nothing about stones or rules.
"""

from __future__ import annotations

import functools

MIN_SIZE = 2
MAX_SIZE = 19
PASS = 0
GTP_COLUMNS = "ABCDEFGHJKLMNOPQRST"
SGF_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def check_size(size: int) -> int:
    """Return ``size`` if it is a supported board size; raise ValueError otherwise."""
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"board size {size!r} is not supported (use {MIN_SIZE}..{MAX_SIZE})")
    return size


def stride(size: int) -> int:
    """Row length of the padded array."""
    return size + 2


def array_size(size: int) -> int:
    """Number of cells of the padded array, walls included."""
    return (size + 2) * (size + 2)


def to_loc(row: int, col: int, size: int) -> int:
    """(row, col) -> loc.  Raises ValueError for a point off the board."""
    if not (0 <= row < size and 0 <= col < size):
        raise ValueError(f"point ({row}, {col}) is off a {size}x{size} board")
    return (row + 1) * (size + 2) + col + 1


def from_loc(loc: int, size: int) -> tuple[int, int]:
    """loc -> (row, col).  Raises ValueError for pass, walls and out-of-range values."""
    s = size + 2
    row, col = divmod(loc, s)
    if loc == PASS or not (1 <= row <= size and 1 <= col <= size):
        raise ValueError(f"loc {loc} is not a point of a {size}x{size} board")
    return row - 1, col - 1


def is_on_board(loc: int, size: int) -> bool:
    """True when ``loc`` names a point (not a wall, not pass)."""
    s = size + 2
    row, col = divmod(loc, s)
    return 0 < loc < s * s and 1 <= row <= size and 1 <= col <= size


def all_locs(size: int) -> list[int]:
    """Every point of the board, in row-major order from the top-left."""
    return list(_all_locs(size))


@functools.cache
def _all_locs(size: int) -> tuple[int, ...]:
    # made once per size: a classification asks for them per first move and proof (s61)
    return tuple(to_loc(r, c, size) for r in range(size) for c in range(size))


def neighbours(loc: int, size: int) -> tuple[int, ...]:
    """The on-board orthogonal neighbours of a point.  Raises ValueError off the board."""
    try:
        return _neighbour_table(size)[loc]
    except KeyError:
        raise ValueError(f"loc {loc} is not a point of a {size}x{size} board") from None


@functools.cache
def _neighbour_table(size: int) -> dict[int, tuple[int, ...]]:
    # the verifier asks millions of times per proof: computed once per size
    table = {}
    for row in range(size):
        for col in range(size):
            table[to_loc(row, col, size)] = tuple(
                to_loc(r, c, size) for r, c in ((row - 1, col), (row + 1, col),
                                                (row, col - 1), (row, col + 1))
                if 0 <= r < size and 0 <= c < size)
    return table


# --- GTP ---------------------------------------------------------------------

@functools.cache
def gtp_names(size: int) -> tuple[str | None, ...]:
    """Every loc's GTP name (``"pass"`` at PASS, None at the walls): for files that name
    millions of points (proof JSON)."""
    names: list[str | None] = [None] * array_size(size)
    names[PASS] = "pass"
    for loc in all_locs(size):
        names[loc] = to_gtp(loc, size)
    return tuple(names)


@functools.cache
def gtp_locs(size: int) -> dict[str, int]:
    """GTP name (upper case, and ``"pass"``) -> loc: the inverse of :func:`gtp_names`."""
    return {name: loc for loc, name in enumerate(gtp_names(size)) if name is not None}


def to_gtp(loc: int, size: int) -> str:
    """loc -> GTP vertex (``"D4"``, ``"pass"``)."""
    if loc == PASS:
        return "pass"
    row, col = from_loc(loc, size)
    return f"{GTP_COLUMNS[col]}{size - row}"


def from_gtp(text: str, size: int) -> int:
    """GTP vertex -> loc.  Raises ValueError on a malformed or off-board vertex."""
    t = text.strip().upper()
    if t == "PASS":
        return PASS
    if len(t) < 2 or t[0] not in GTP_COLUMNS or not t[1:].isdigit():
        raise ValueError(f"{text!r} is not a GTP vertex")
    col = GTP_COLUMNS.index(t[0])
    row = size - int(t[1:])
    if not (0 <= row < size and 0 <= col < size):
        raise ValueError(f"{text!r} is off a {size}x{size} board")
    return to_loc(row, col, size)


# --- SGF ---------------------------------------------------------------------

def to_sgf(loc: int, size: int) -> str:
    """loc -> SGF point (``"dd"``); pass -> ``""``."""
    if loc == PASS:
        return ""
    row, col = from_loc(loc, size)
    return SGF_LETTERS[col] + SGF_LETTERS[row]


def from_sgf(text: str, size: int) -> int:
    """SGF point -> loc; ``""`` and ``"tt"`` (boards up to 19x19) are pass."""
    if text == "" or (text == "tt" and size <= 19):
        return PASS
    if len(text) != 2 or text[0] not in SGF_LETTERS or text[1] not in SGF_LETTERS:
        raise ValueError(f"{text!r} is not an SGF point")
    col, row = SGF_LETTERS.index(text[0]), SGF_LETTERS.index(text[1])
    if not (0 <= row < size and 0 <= col < size):
        raise ValueError(f"SGF point {text!r} is off a {size}x{size} board")
    return to_loc(row, col, size)


# sgfmill speaks (row, col) with row 0 at the *bottom*.

def to_sgfmill(loc: int, size: int) -> tuple[int, int] | None:
    """loc -> sgfmill's (row_from_bottom, col); pass -> None."""
    if loc == PASS:
        return None
    row, col = from_loc(loc, size)
    return size - 1 - row, col


def from_sgfmill(point: tuple[int, int] | None, size: int) -> int:
    """sgfmill's (row_from_bottom, col) or None -> loc."""
    if point is None:
        return PASS
    r, c = point
    return to_loc(size - 1 - r, c, size)


def star_points(size: int) -> list[tuple[int, int]]:
    """(row, col) of the hoshi: the 4-4 points and the sides' and centre's on 13x13 and
    19x19, the 3-3 points and the centre on 9x9, the centre of other odd boards of 7 or
    more."""
    lines = {19: (3, 9, 15), 13: (3, 6, 9)}.get(size)
    if lines:
        return [(r, c) for r in lines for c in lines]
    if size == 9:
        return [(2, 2), (2, 6), (4, 4), (6, 2), (6, 6)]
    if size >= 7 and size % 2:
        return [(size // 2, size // 2)]
    return []
