"""Crucial chains that are alive before a move is played.

The goal holds where any crucial stone survives (the research problems' rule:
``core.problem``).  Where the crucial stones form several chains and one of them
is unconditionally alive already (Benson) while another is not, the problem is
solved before a move is played, whatever happens to the others (QA s53: a corner
group that one move kills read "White lives ... unconditionally alive already",
another crucial group having two eyes).  :func:`alive_already_warning` says
which chains, so that the player marks only the group the problem is about.

Knows stones, chains and Benson; nothing about regions, files or searches.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine_cy.benson import unconditionally_alive
from engine_cy.board import BLACK, WHITE, Board
from tsumego_gui.core.problem import chains, point_names


def alive_already_warning(size: int, black: Iterable[int], white: Iterable[int],
                          crucial: Iterable[int]) -> str:
    """What a player must read where some crucial chains, not all, are unconditionally
    alive in the position as set up (a valid one); "" otherwise."""
    crucial, black, white = frozenset(crucial), frozenset(black), frozenset(white)
    if not crucial:
        return ""
    colour = BLACK if crucial <= black else WHITE
    color_of = {**dict.fromkeys(black, BLACK), **dict.fromkeys(white, WHITE)}
    groups = [stones for c, stones, _ in chains(size, color_of)
              if c == colour and not crucial.isdisjoint(stones)]
    if len(groups) < 2:
        return ""
    board = Board(size, BLACK)
    for loc, c in sorted(color_of.items()):
        board.set_stone(loc, c)
    alive = {p for stones, _ in unconditionally_alive(board, colour) for p in stones}
    living = [g[0] for g in groups if g[0] in alive]
    if not living or len(living) == len(groups):
        return ""
    rest = [g[0] for g in groups if g[0] not in alive]
    return (f"the crucial stones at {point_names(living, size)} are unconditionally alive "
            "already, so the goal (a crucial stone survives) holds whatever happens to "
            f"those at {point_names(rest, size)}: mark only the group the problem is about")
