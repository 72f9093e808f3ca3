"""The tsumego frame: an open corner, side or centre problem made enclosed.

A book problem shows only the stones of one fight; the rest of the board is
empty, so a solver would search all of it.  :func:`frame` closes the problem
in, as players read it ("the outside is the attacker's"):

* The **area** is the bounding box of the problem's stones, widened by
  ``distance`` empty lines towards the centre; a side of the box within
  ``EDGE_REACH`` lines of the board's edge reaches the edge instead (the
  space between a group and the edge is where its eyes are).
* Around the area lies the attacker's **wall**, ``band`` lines thick, and
  beyond it the defender's **outside** (when there is room), so that the
  position stays a balanced game for a network that evaluates it.  Both are
  solid stones with single-point eyes, checked to be unconditionally alive
  (Benson): no move in the area can capture them, so nothing outside the area
  matters and the search never plays there.
* The **region** (where the search plays) is the area minus the target
  stones; the targets are crucial and the goal is ``survive``.

``distance`` trades speed for safety: a wall right next to the stones makes
small regions that search fast, but can take away room the defender needs
or connect a weak attacker stone to safety.  The default was chosen by
measurement on book problems (``benchmarks/book.py``, see ``DISTANCE``).

Framing never changes a stone inside the area (tested).  Knows stones,
chains and Benson; nothing about text (``core.posing``), files or search.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine_cy.benson import unconditionally_alive
from engine_cy.board import BLACK, WHITE, Board
from tsumego_gui.core import coords
from tsumego_gui.core.posing import Posing
from tsumego_gui.core.problem import Problem, ProblemError

DISTANCE = 1        # empty lines between the stones' box and the wall (see the docstring)
EDGE_REACH = 4      # a box side this close to the edge extends to it
BAND = 3            # thickness of the attacker's wall: stones, eyes, stones
EYE_SPACING = 3     # Chebyshev distance between eyes: the stones between them stay connected
MIN_OUTSIDE = 20    # fewer points beyond the wall than this: they join the wall
MORE_ROOM = 2       # lines the wall may move out when it would capture or cannot live


@dataclass(frozen=True)
class Framed:
    """A framed problem and what the frame added."""

    problem: Problem
    added: frozenset[int]        # the frame's stones (both colours)
    area: frozenset[int]         # the problem's area: the region and the targets
    distance: int                # empty lines between the stones' box and the wall

    @property
    def empty_region(self) -> int:
        """Empty points of the region: what the search's size depends on."""
        p = self.problem
        return sum(1 for q in p.region if q not in p.black and q not in p.white)

    def describe(self) -> str:
        return (f"framed at distance {self.distance}: a region of {len(self.problem.region)} "
                f"points ({self.empty_region} empty), {len(self.added)} frame stones added")


def area_bounds(size: int, stones: frozenset[int], distance: int) -> tuple[int, int, int, int]:
    """(top, bottom, left, right) rows and columns of the area, inclusive."""
    rows = [coords.from_loc(p, size)[0] for p in stones]
    cols = [coords.from_loc(p, size)[1] for p in stones]
    last = size - 1

    def low(v: int) -> int:
        return 0 if v <= EDGE_REACH else max(0, v - distance)

    def high(v: int) -> int:
        return last if last - v <= EDGE_REACH else min(last, v + distance)

    return low(min(rows)), high(max(rows)), low(min(cols)), high(max(cols))


def frame(size: int, black: frozenset[int], white: frozenset[int], posing: Posing, *,
          distance: int = DISTANCE, **fields: object) -> Framed:
    """The framed problem of an open position (``fields``: other Problem fields, e.g. title).

    A wall that would take a chain's last liberty, or that cannot live, moves up
    to ``MORE_ROOM`` lines out (``Framed.distance`` says where it ended).  Raises
    ProblemError when the stones leave no room for a wall that lives (the area
    would be the whole board).
    """
    if distance < 0:
        raise ProblemError(f"frame distance {distance} is negative")
    black, white = frozenset(black), frozenset(white)
    # a wall that takes a chain's last liberty, or one that cannot live, is moved a line out
    for room in range(distance, distance + MORE_ROOM + 1):
        built = _build(size, black, white, posing, room)
        if built is not None:
            area, added, stones = built
            targets = posing.targets
            problem = Problem.create(
                size, stones[BLACK], stones[WHITE], to_play=posing.to_play,
                defender=posing.defender, goal="survive", crucial=targets,
                region=area - targets, **fields)
            return Framed(problem, frozenset(added), area, room)
    top, bottom, left, right = area_bounds(size, black | white, distance)
    raise ProblemError(
        f"no room for a frame around the stones (rows {top + 1}-{bottom + 1} from the top, "
        f"columns {coords.GTP_COLUMNS[left]}-{coords.GTP_COLUMNS[right]}): mark the target "
        "stones and the region where the problem is played")


def _build(size: int, black: frozenset[int], white: frozenset[int], posing: Posing,
           distance: int) -> tuple[frozenset[int], dict[int, int], dict[int, set[int]]] | None:
    """(area, added stones by colour, all stones) of the frame at ``distance``, or None
    when the area is the whole board or the frame does not live."""
    top, bottom, left, right = area_bounds(size, black | white, distance)

    def gap(loc: int) -> int:       # Chebyshev distance from the area (0 inside)
        r, c = coords.from_loc(loc, size)
        dr = top - r if r < top else r - bottom if r > bottom else 0
        dc = left - c if c < left else c - right if c > right else 0
        return max(dr, dc)

    gaps = {p: gap(p) for p in coords.all_locs(size)}
    area = frozenset(p for p, g in gaps.items() if g == 0)
    if len(area) == size * size:
        return None
    outside = [p for p, g in gaps.items() if g > BAND]
    attacker, defender = posing.attacker, posing.defender
    for with_outside in ((True, False) if len(outside) >= MIN_OUTSIDE else (False,)):
        owner = {p: (defender if with_outside and g > BAND else attacker)
                 for p, g in gaps.items() if g > 0}
        eyes = _eyes(size, owner, gaps)
        added = {p: c for p, c in owner.items() if p not in eyes}
        stones = {BLACK: set(black), WHITE: set(white)}
        for p, c in added.items():
            stones[c].add(p)
        if _all_alive(size, stones, set(added)):
            return area, added, stones
    return None


def _eyes(size: int, owner: dict[int, int], gaps: dict[int, int]) -> set[int]:
    """Single-point eyes of the frame: each inside one owner's stones, none touching the area
    or the other owner's stones, spaced so that the stones around them stay connected."""
    eyes: set[int] = set()
    rc = {p: coords.from_loc(p, size) for p in owner}
    for p in sorted(owner, key=lambda q: rc[q]):
        if gaps[p] < 2:
            continue
        neighbours = coords.neighbours(p, size)
        if any(owner.get(n) != owner[p] or gaps[n] == 0 for n in neighbours):
            continue
        r, c = rc[p]
        if any(max(abs(rc[e][0] - r), abs(rc[e][1] - c)) < EYE_SPACING for e in eyes):
            continue
        eyes.add(p)
    return eyes


def _all_alive(size: int, stones: dict[int, set[int]], added: set[int]) -> bool:
    """True when the position is legal and every added stone is unconditionally alive."""
    board = Board(size, BLACK)
    try:
        for color in (BLACK, WHITE):
            for p in sorted(stones[color]):
                board.set_stone(p, color)
    except ValueError:
        return False
    alive: set[int] = set()
    for color in (BLACK, WHITE):
        for chain, _regions in unconditionally_alive(board, color):
            alive.update(chain)
    return added <= alive
