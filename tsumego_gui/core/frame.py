"""The tsumego frame: an open corner, side or centre problem made enclosed.

A book problem shows only the stones of one fight; the rest of the board is
empty, so a solver would search all of it.  :func:`frame` closes the problem
in, as players read it ("the outside is the attacker's"):

* The **area** is the bounding box of the problem's stones, widened by
  ``distance`` empty lines towards the centre; a side of the box within
  ``EDGE_REACH`` lines of the board's edge reaches the edge instead (the
  space between a group and the edge is where its eyes are); where both ends
  of an axis are that close on a board smaller than ``FULL_BOARD``, only the
  nearer one does (on 19x19 that is a whole-board position: no room).  With
  ``around="defender"`` the box is that of the defender's stones only:
  attacker stones beyond it stay where they are, outside the area, as the
  attacker's outside strength (a book shows such a stone to say "this side
  is the attacker's"; in the box of all stones it opened a field of empty
  points to the search: book 7.json, 33 empty points, 20 of them below the
  fight).  A frame line never replaces a problem stone.
* Around the area lies the attacker's **wall**: a line of stones next to the
  area, ``TERRITORY`` empty lines of attacker territory behind it, closed by
  a second attacker line; beyond that, when there is room, a defender line and
  the defender's empty territory to the board's far edges.  It is what a
  finished game around the fight looks like, which is what a network that
  evaluates the position (KataGo) understands: a board packed with stones and
  single-point eyes made it prefer passing and misread a living group as dead.
* **Safety** is exact rather than Benson's: the search plays only in the
  region, so a chain with a liberty outside the area can never be captured.
  Every chain the frame touches is checked to have one, so nothing outside
  the area matters.
* The **region** (where the search plays) is the whole area, the target
  stones' points included: the targets are every defender stone, often more
  than one chain, and where the attacker captures one while another stands,
  the game goes on and its points may be played again, as in a game (left
  out of the region, they were points no one could fill, where superko could
  still forbid a move: book 81.json framed around the defender).  The targets
  are crucial and the goal is ``survive``.

``distance`` trades speed for safety: a wall right next to the stones makes
small regions that search fast, but can take away room the defender needs
or connect a weak attacker stone to safety.  The default, 1, was chosen by
measurement on the 53 book problems of rzone-19x19-dev (``benchmarks/book.py``,
20 s each, df-pn): at 0 (median region 28 empty points) 14 were proven, but
two against the book: on #97 the wall joined the attacker's stones on the
box's edge to safety and White, who lives by the book, died; on #51 a failure
move was proven to live.  At 1 (median 43) 10 were proven, none against the
book.  A wider frame does not always search longer: #1 was proven at 1 and
not at 0, whose wall made a stray white stone safe.  Around the defender's
stones (s28, 20 s each, heuristic MCTS, at the parent of the commit that put
the targets' points in the region): at distance 1 (median 20) 27 were proven
but 6 against the book (#1, #7, #13, #15, #81, #97: the wall took the room
the defender lives in); at 2 (median 32) 16, none against the book, where
the box of all stones at 1 proved 17: the default stays.  The frame around
the defender at distance 1 is the closer frame a solve tries first
(``open_problem.frame_closer``, ``search.frame_ladder``): only a life proven
there is taken, and every one of those agreed with the book.

Framing never changes a stone inside the area (tested).  Knows stones and
chains; nothing about text (``core.posing``), files or search.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine_cy.board import BLACK, WHITE, Board
from tsumego_gui.core import coords
from tsumego_gui.core.posing import Posing
from tsumego_gui.core.problem import Problem, ProblemError

DISTANCE = 1        # empty lines between the stones' box and the wall (measured: docstring)
CLOSER_DISTANCE = 1     # the closer frame, around the defender (``search.frame_ladder``)
AROUND = ("stones", "defender")     # whose stones the area's box holds (docstring)
EDGE_REACH = 4      # a box side this close to the edge extends to it
FULL_BOARD = 19     # below this size, of two box sides near an edge only the nearer reaches it
TERRITORY = 2       # empty lines of attacker territory between its two lines
MORE_ROOM = 2       # lines the wall may move out when it would capture a chain


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
        return self.problem.empty_region()

    def describe(self) -> str:
        return (f"framed at distance {self.distance}: a region of {len(self.problem.region)} "
                f"points ({self.empty_region} empty), {len(self.added)} frame stones added")


def area_bounds(size: int, stones: frozenset[int], distance: int) -> tuple[int, int, int, int]:
    """(top, bottom, left, right) rows and columns of the area, inclusive."""
    rows = [coords.from_loc(p, size)[0] for p in stones]
    cols = [coords.from_loc(p, size)[1] for p in stones]
    last = size - 1

    def span(lo: int, hi: int) -> tuple[int, int]:
        # on a small board both ends may be near an edge: only the nearer reaches it (QA
        # s50: a 13x13 side problem's area ran from edge to edge, 36 empty points, where
        # the same shape on 19x19 had 20 and was proven at once); on a full board that is
        # a whole-board position, for which no frame is room enough (review s50)
        reach_lo, reach_hi = lo <= EDGE_REACH, last - hi <= EDGE_REACH
        if reach_lo and reach_hi and size < FULL_BOARD:
            reach_lo, reach_hi = lo <= last - hi, lo > last - hi
        return (0 if reach_lo else max(0, lo - distance),
                last if reach_hi else min(last, hi + distance))

    top, bottom = span(min(rows), max(rows))
    left, right = span(min(cols), max(cols))
    return top, bottom, left, right


def frame(size: int, black: frozenset[int], white: frozenset[int], posing: Posing, *,
          distance: int = DISTANCE, around: str = AROUND[0], **fields: object) -> Framed:
    """The framed problem of an open position (``fields``: other Problem fields, e.g. title).

    A wall that would take a chain's last liberty moves up to ``MORE_ROOM`` lines
    out (``Framed.distance`` says where it ended).  Raises
    ProblemError when the stones leave no room for a wall that lives (the area
    would be the whole board).
    """
    if distance < 0:
        raise ProblemError(f"frame distance {distance} is negative")
    if around not in AROUND:
        raise ProblemError(f"frame around {around!r}: choose {' or '.join(AROUND)}")
    black, white = frozenset(black), frozenset(white)
    boxed = posing.targets if around == "defender" else black | white
    # a wall that takes a chain's last liberty, or one that cannot live, is moved a line out
    for room in range(distance, distance + MORE_ROOM + 1):
        built = _build(size, black, white, boxed, posing, room)
        if built is not None:
            area, added, stones = built
            targets = posing.targets
            problem = Problem.create(
                size, stones[BLACK], stones[WHITE], to_play=posing.to_play,
                defender=posing.defender, goal="survive", crucial=targets,
                region=area, frame=added, **fields)
            return Framed(problem, frozenset(added), area, room)
    raise ProblemError(_no_room(size, boxed, distance))


def _no_room(size: int, boxed: frozenset[int], distance: int) -> str:
    """Why no frame fits around ``boxed``, in the words of a player who sees the board."""
    rows = sorted(coords.from_loc(p, size)[0] for p in boxed)
    cols = sorted(coords.from_loc(p, size)[1] for p in boxed)
    top, bottom, left, right = area_bounds(size, boxed, distance)
    # rows numbered as the board's coordinates number them (QA s44: "from the top")
    reach = (f"the stones reach from row {size - rows[0]} down to row {size - rows[-1]} "
             f"and from column {coords.GTP_COLUMNS[cols[0]]} to "
             f"{coords.GTP_COLUMNS[cols[-1]]}")
    if (bottom - top + 1) * (right - left + 1) == size * size:
        why = (f"a frame around them (a side within {EDGE_REACH} lines of the edge goes to "
               "the edge, on a small board the nearer of two) would leave no point of the "
               f"{size}x{size} board outside it")
    else:
        why = (f"a frame {distance} to {distance + MORE_ROOM} lines out would take the last "
               "liberty of a chain or could not live")
    return (f"no room for a frame: {reach}, and {why}; mark the target stones and the "
            "region where the problem is played")


def _build(size: int, black: frozenset[int], white: frozenset[int], boxed: frozenset[int],
           posing: Posing, distance: int
           ) -> tuple[frozenset[int], dict[int, int], dict[int, set[int]]] | None:
    """(area, added stones by colour, all stones) of the frame at ``distance`` around the
    box of ``boxed``, or None when the area is the whole board or the frame would take a
    chain's last liberty."""
    top, bottom, left, right = area_bounds(size, boxed, distance)

    def gap(loc: int) -> int:       # Chebyshev distance from the area (0 inside)
        r, c = coords.from_loc(loc, size)
        dr = top - r if r < top else r - bottom if r > bottom else 0
        dc = left - c if c < left else c - right if c > right else 0
        return max(dr, dc)

    gaps = {p: gap(p) for p in coords.all_locs(size)}
    area = frozenset(p for p, g in gaps.items() if g == 0)
    if len(area) == size * size:
        return None
    attacker, defender = posing.attacker, posing.defender
    outer = TERRITORY + 2             # the gap of the attacker's second line
    for with_defender in (True, False):
        added = {}
        for p, g in gaps.items():
            if p in black or p in white:
                continue            # the problem's own stones stay
            if g == 1 or g == outer:
                added[p] = attacker
            elif g == outer + 1 and with_defender:
                added[p] = defender
        stones = {BLACK: set(black), WHITE: set(white)}
        for p, c in added.items():
            stones[c].add(p)
        # the problem's stones beyond the area (around the defender only) are as safe as
        # the frame's: a point off the region that a capture empties is a point no one
        # may fill, where superko could still forbid a move and tie a result to its line
        outside = set(added) | {p for p in black | white if p not in area}
        if _uncapturable(size, stones, outside, area):
            return area, added, stones
    return None


def _uncapturable(size: int, stones: dict[int, set[int]], outside: set[int],
                  area: frozenset[int]) -> bool:
    """True when the position is legal and every chain holding a stone of ``outside`` has a
    liberty outside the area (moves are played only inside it, so such a chain cannot be
    taken)."""
    board = Board(size, BLACK)
    try:
        for color in (BLACK, WHITE):
            for p in sorted(stones[color]):
                board.set_stone(p, color)
    except ValueError:
        return False
    for p in outside:
        if not any(lib not in area for lib in board.liberties(p)):
            return False
    return True
