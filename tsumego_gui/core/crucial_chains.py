"""Crucial stones a player must read about before the verdict.

The goal holds where any crucial stone survives (the research problems' rule:
``core.problem``).  Where the crucial stones form several chains and one of them
is unconditionally alive already (Benson) while another is not, the problem is
solved before a move is played, whatever happens to the others (QA s53: a corner
group that one move kills read "White lives ... unconditionally alive already",
another crucial group having two eyes): :func:`alive_already_warning` says
which.  Where they lie in groups that nothing of the defender's nor an empty
point of the region joins, one surviving group is enough (QA s53: two
straight-three groups, White's B1 kills one of them and "fails"):
:func:`separate_groups_warning` says so.

Knows stones, chains, the region's points and Benson; nothing about files or
searches.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine_cy.benson import unconditionally_alive
from engine_cy.board import BLACK, WHITE, Board
from tsumego_gui.core import coords
from tsumego_gui.core.problem import chains, point_names, reach


def crucial_warning(size: int, black: Iterable[int], white: Iterable[int],
                    crucial: Iterable[int], region: Iterable[int], goal: str) -> str:
    """What a player must read about the crucial stones (a valid position): some chains
    alive already (:func:`alive_already_warning`), else groups that no empty point of the
    region joins (:func:`separate_groups_warning`); "" for neither."""
    return alive_already_warning(size, black, white, crucial, goal) or \
        separate_groups_warning(size, black, white, crucial, region, goal)


def separate_groups_warning(size: int, black: Iterable[int], white: Iterable[int],
                            crucial: Iterable[int], region: Iterable[int], goal: str) -> str:
    """Where the crucial stones lie in groups that neither the defender's stones nor the
    region's empty points join (QA s53: two straight-three groups marked crucial read
    "Black lives" with White's B1, which kills one of them, a failure), that the goal holds
    where any one survives; "" otherwise (one group, or ``live_any``)."""
    crucial, black, white = frozenset(crucial), frozenset(black), frozenset(white)
    if not crucial or goal == "live_any":
        return ""
    own = black if crucial <= black else white
    passable = own | ((frozenset(region) or frozenset(coords.all_locs(size))) - black - white)
    reached: set[int] = set()
    firsts = []
    for start in sorted(crucial):
        if start not in reached:
            firsts.append(start)
            reached |= reach(size, (start,), passable)
    if len(firsts) < 2:
        return ""
    return (f"the crucial stones lie in {len(firsts)} separate groups (at "
            f"{point_names(firsts, size)}): the goal holds where any one of them survives, "
            "not all (mark one group where the problem is about that one)")


def alive_already_warning(size: int, black: Iterable[int], white: Iterable[int],
                          crucial: Iterable[int], goal: str) -> str:
    """What a player must read where some crucial chains, not all, are unconditionally
    alive in the position as set up (a valid one) under ``goal`` (``live_any`` reads no
    crucial stones); "" otherwise.  A chain is named by its first crucial stone."""
    crucial, black, white = frozenset(crucial), frozenset(black), frozenset(white)
    if not crucial or goal == "live_any":
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
    named = [(min(crucial.intersection(g)), g[0] in alive) for g in groups]
    living = [p for p, lives in named if lives]
    if not living or len(living) == len(groups):
        return ""
    rest = [p for p, lives in named if not lives]
    holds = "a crucial stone survives" if goal == "survive" else \
        "a crucial stone becomes unconditionally alive"
    return (f"the crucial stones at {point_names(living, size)} are unconditionally alive "
            f"already, so the goal ({holds}) holds whatever happens to those at "
            f"{point_names(rest, size)}: mark only the group the problem is about")
