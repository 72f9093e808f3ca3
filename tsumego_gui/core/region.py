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

    # 2. Attacker chains touching the area: inner (<= 1 outside liberty) or wall.
    inner: list[int] = []
    wall = False
    seen: set[int] = set()
    for p in sorted(area):
        for n in coords.neighbours(p, size):
            if board.color_at(n) != attacker or n in seen:
                continue
            chain = board.chain(n)
            seen.update(chain)
            libs = board.liberties(n)
            if sum(1 for lib in libs if lib not in area) >= 2:
                wall = True
            else:
                inner.extend(chain)
                inner.extend(libs)
    if not wall:
        raise ProblemError(
            f"not enclosed: no {COLOR_NAMES[attacker]} chain around the target at "
            f"{point_name(targets[0], size)} has two or more liberties outside the area")
    area.update(inner)

    # 3. Minus the target chains themselves.
    for t in targets:
        area.difference_update(board.chain(t))
    return frozenset(area)
