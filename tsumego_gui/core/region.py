"""The region of an enclosed problem, derived from the attacker's wall.

Problems of the tsumego.js collection (``shared/problems/enclosed-dev``) mark
only a *target* block and leave the region implicit: it is the space inside
the attacker's thick wall.  :func:`enclosed_region` reproduces the peer
solver's rule exactly, so both solvers search the same moves:

1. From the target, collect every point reachable through empty points and
   target-coloured stones, stepping to all 8 neighbours (diagonals included).
2. Each attacker chain orthogonally next to that area with at most one
   liberty outside it is *inner*: it may be captured, so its stones and all
   its liberties join the area (without flooding any further).  Chains with
   two or more outside liberties form the safe wall; there must be at least
   one, else the problem is not enclosed.
3. The region is the area minus the target chain(s).  Other target-coloured
   stones stay in it.

One departure from the peer's rule: a chain with two or more outside
liberties in a *pocket* (:func:`_in_pocket`: the attacker stones and empty
points it reaches without crossing a target-coloured stone are all next to
its stones, so it breathes only inside the target's shape) is inner too, while
another chain stays wall (QA s55: a cutting chain inside White's shape, with
two liberties of its own, was counted as wall, and "White dies" where a
snapback lives).  No problem of the shared or bundled collections has one, so
both solvers still search the same moves there.

Wall holes (SGF ``SQ`` in those files) are filled by the SGF reader before
this runs.  This module knows nothing about files; it reads stones from an
engine board and knows no search.  To override the derived region, give the
problem an explicit one (``Problem.with_region``).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine_cy.board import EMPTY, Board
from tsumego_gui.core import coords
from tsumego_gui.core.problem import COLOR_NAMES, ProblemError, opponent, point_name


def _eight_neighbours(loc: int, size: int) -> list[int]:
    row, col = coords.from_loc(loc, size)
    return [coords.to_loc(row + dr, col + dc, size)
            for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= row + dr < size and 0 <= col + dc < size]


def enclosed_region(board: Board, targets: Iterable[int]) -> frozenset[int]:
    """The region inside the attacker's wall around the target stones.

    ``targets``: one or more stones of one colour (the side that must live).
    Raises ProblemError if a target is an empty point, the targets have both
    colours, or no attacker chain with two or more outside liberties touches
    the area ("not enclosed").
    """
    size = board.size
    targets = sorted(set(targets))
    if not targets:
        raise ProblemError("no target stone to derive the region from")
    colors = set()
    for t in targets:
        if not coords.is_on_board(t, size):
            raise ProblemError(f"target {point_name(t, size)} is off a {size}x{size} board")
        if board.color_at(t) == EMPTY:
            raise ProblemError(f"target {point_name(t, size)} is an empty point")
        colors.add(board.color_at(t))
    if len(colors) > 1:
        raise ProblemError("targets of both colours: "
                           + ", ".join(point_name(t, size) for t in targets))
    own = colors.pop()
    attacker = opponent(own)

    # 1. 8-connected flood through empty points and target-coloured stones.
    area = set(targets)
    stack = list(targets)
    while stack:
        for n in _eight_neighbours(stack.pop(), size):
            if n not in area and board.color_at(n) != attacker:
                area.add(n)
                stack.append(n)

    # 2. Attacker chains touching the area: inner (<= 1 outside liberty, or in a
    # pocket while some other chain is wall) or wall.
    inner: list[int] = []
    pockets: list[int] = []
    wall = False
    seen: set[int] = set()
    for p in sorted(area):
        for n in coords.neighbours(p, size):
            if board.color_at(n) != attacker or n in seen:
                continue
            chain = board.chain(n)
            seen.update(chain)
            libs = board.liberties(n)
            if sum(1 for lib in libs if lib not in area) < 2:
                inner.extend(chain)
                inner.extend(libs)
            elif _in_pocket(board, chain, area):
                pockets.extend(chain)
                pockets.extend(libs)
            else:
                wall = True
    if not wall and not pockets:
        raise ProblemError(
            f"not enclosed: no {COLOR_NAMES[attacker]} chain around the target at "
            f"{point_name(targets[0], size)} has two or more liberties outside the area")
    area.update(inner)
    if wall:
        area.update(pockets)

    # 3. Minus the target chains themselves.
    for t in targets:
        area.difference_update(board.chain(t))
    return frozenset(area)


def _in_pocket(board: Board, chain: Iterable[int], area: set[int]) -> bool:
    """Whether the attacker stones and empty points outside ``area`` that ``chain``
    reaches (orthogonally, never across a stone of the other colour) are all stones of
    that reach or next to one: the chain breathes only inside the target's shape, where
    the board beyond a wall has points away from every wall stone."""
    attacker = board.color_at(next(iter(chain)))
    reach = set(chain)
    stack = list(reach)
    while stack:
        for n in coords.neighbours(stack.pop(), board.size):
            if n not in reach and n not in area and board.color_at(n) in (EMPTY, attacker):
                reach.add(n)
                stack.append(n)
    return all(board.color_at(p) != EMPTY or any(n in reach and board.color_at(n) != EMPTY
                                                 for n in coords.neighbours(p, board.size))
               for p in reach)
