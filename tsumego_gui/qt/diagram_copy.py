"""What the board shows, as text for a forum post: a Sensei's Library diagram.

The part of the board in view (the board's crop) is written with
``core.sl_diagram``, a frame's stones left out: in the proof browser, the line
from the proof's start to the node shown, its moves numbered (a first move's
proof starts before that move); elsewhere the position on the board, unnumbered.

Knows the board's view and window and the browser's line; nothing about
solving or files.
"""

from __future__ import annotations

from engine_cy.board import Board
from tsumego_gui.core.board_crop import Window
from tsumego_gui.core.colors import BLACK, WHITE
from tsumego_gui.core.sl_diagram import sl_diagrams
from tsumego_gui.core.wording import PLAYERS
from tsumego_gui.qt.board_painter import BoardView


def board_of(view: BoardView, to_play: int) -> Board:
    """An engine board with the stones of ``view`` and ``to_play`` to move."""
    board = Board(view.size, to_play)
    for colour, stones in ((BLACK, view.black), (WHITE, view.white)):
        for loc in sorted(stones):
            board.set_stone(loc, colour)
    return board


def diagram_text(window: Window, line: tuple[Board, list[int]] | None, view: BoardView,
                 to_play: int | None, hidden: frozenset[int] = frozenset()) -> str:
    """The diagram of ``line`` (a start position and its moves), or of ``view`` where
    there is no line; the rows and columns of ``window``.  The title says who plays, where
    that is known (``to_play`` None: not known, as in a game played on the board).
    ``hidden``: a frame's stones, left out (``core.sl_diagram``)."""
    if line is not None:
        board, moves = line
        to_play = board.to_play
    else:
        board, moves = board_of(view, to_play or BLACK), []
    title = f"{PLAYERS[to_play]} to play" if to_play is not None else ""
    return sl_diagrams(board, moves, (window.row0, window.row1), (window.col0, window.col1),
                       title=title, turn_known=to_play is not None, hidden=hidden)
