"""A position and a line of moves as Sensei's Library diagrams: the text Go forums read.

Go players post positions as text in Sensei's Library's diagram syntax, which
the library's wiki and several forums draw as a board::

    $$B Black to play
    $$ +---------------
    $$ | . . O 2 . . .
    $$ | X 1 O . . . .
    $$ | X X O . . . .
    $$ | . . . , . . .

Each line starts ``$$``; the first says who plays first (``B`` or ``W``: the
first numbered move, where there is one), from which move number (``m21``: the
stones numbered 1 to 0 are moves 21 to 30), and a title.  ``X`` is black, ``O``
white, ``.`` an empty point, ``,`` a star point; the digits ``1``..``9`` and
``0`` are the line's moves, odd ones by the side named in the header; ``|`` and
a row of ``-`` (``+`` at a corner) are the board's edges, drawn only where the
diagram reaches them.

A diagram numbers at most ten moves, so a longer line is written as several
diagrams, each from the position the one before it ends in.  What a diagram
cannot show is said under it, as the books do: a move on a point where a stone
was taken earlier (``7 at 3``, or ``7 at C2`` where a stone of the diagram
stood), a move off the part shown, and a pass.

An open problem the solver closed in with a frame (``core.frame``) is no
problem of the book's: the frame's stones can be left out (``hidden``), drawn
as empty points for as long as they stand, with a line under the last diagram
that says so.

Knows the board API (``copy``, ``play``, ``color_at``, ``to_play``) and
``core.coords``; nothing about proofs or widgets.
"""

from __future__ import annotations

from collections.abc import Sequence

from tsumego_gui.core import coords
from tsumego_gui.core.colors import BLACK, EMPTY, WHITE
from tsumego_gui.core.wording import PLAYERS

MOVES_PER_DIAGRAM = 10
STONES = {BLACK: "X", WHITE: "O"}
HEADER = {BLACK: "B", WHITE: "W"}


HIDDEN_NOTE = "The stones of the frame that closes the open problem in are not drawn."


def sl_diagrams(board, moves: Sequence[int], rows: tuple[int, int], cols: tuple[int, int],
                title: str = "", turn_known: bool = True,
                hidden: frozenset[int] = frozenset()) -> str:
    """``board`` (the position before the first move, its side to move first; not
    changed) and ``moves`` (legal there in turn, passes as ``coords.PASS``) as one
    diagram per ten moves, blank lines between; ``rows`` and ``cols``: the first and
    last row and column shown (row 0 at the top), ``title`` on the first diagram.
    ``turn_known`` False: with no moves, the header names no side.  ``hidden``: points
    whose stones are drawn as empty while they stand (a frame's; said under the last
    diagram where one is in view)."""
    size = board.size
    if not (0 <= rows[0] <= rows[1] < size and 0 <= cols[0] <= cols[1] < size):
        raise ValueError(f"rows {rows} and columns {cols} are not a part of a "
                         f"{size}x{size} board")
    board = board.copy()
    standing = {p for p in hidden if board.color_at(p) != EMPTY}
    in_view = any(rows[0] <= r <= rows[1] and cols[0] <= c <= cols[1]
                  for r, c in (coords.from_loc(p, size) for p in standing))
    parts = []
    for start in range(0, max(len(moves), 1), MOVES_PER_DIAGRAM):
        chunk = moves[start:start + MOVES_PER_DIAGRAM]
        parts.append(_diagram(board, chunk, start + 1, rows, cols, title if not start else "",
                              turn_known or bool(moves), standing))
    return "\n\n".join(parts) + (f"\n{HIDDEN_NOTE}" if in_view else "")


def _diagram(board, moves: Sequence[int], first_number: int, rows: tuple[int, int],
             cols: tuple[int, int], title: str, turn_known: bool, hidden: set[int]) -> str:
    """One diagram of ``moves`` from ``board``, which plays them (the next diagram starts
    where this one ends); ``hidden``: the points of stones drawn as empty, those taken
    here dropped from it."""
    size = board.size
    first = board.to_play
    stars = set(coords.star_points(size))
    cells = {}
    for r in range(rows[0], rows[1] + 1):
        for c in range(cols[0], cols[1] + 1):
            loc = coords.to_loc(r, c, size)
            colour = EMPTY if loc in hidden else board.color_at(loc)
            cells[r, c] = STONES[colour] if colour != EMPTY else (
                "," if (r, c) in stars else ".")
    notes = []
    numbered: dict[int, int] = {}       # loc -> the number of the move shown there
    for i, move in enumerate(moves):
        number = first_number + i
        if move == coords.PASS:
            notes.append(f"{number}: {PLAYERS[board.to_play]} passes")
        else:
            point = coords.from_loc(move, size)
            name = coords.to_gtp(move, size)
            if point not in cells:
                notes.append(f"{number} at {name} (off the diagram)")
            elif cells[point] not in ".,":
                # a stone the diagram shows was taken first: the point has its number
                notes.append(f"{number} at {numbered.get(move, name)}")
            else:
                cells[point] = str(number % 10)
                numbered[move] = number
        board.play(move)
        hidden.difference_update([p for p in hidden if board.color_at(p) == EMPTY])
    header = "$$" + (HEADER[first] if turn_known else "") + (
        f"m{first_number}" if first_number > 1 else "") + (f" {title}" if title else "")
    lines = [header]
    left, right = cols[0] == 0, cols[1] == size - 1
    width = 2 * (cols[1] - cols[0] + 1) + 1

    def edge() -> str:
        return "$$ " + ("+" if left else "") + "-" * width + ("+" if right else "")
    if rows[0] == 0:
        lines.append(edge())
    for r in range(rows[0], rows[1] + 1):
        row = " ".join(cells[r, c] for c in range(cols[0], cols[1] + 1))
        lines.append("$$ " + ("| " if left else "") + row + (" |" if right else ""))
    if rows[1] == size - 1:
        lines.append(edge())
    return "\n".join(lines + notes)
