"""Benson's unconditional life (1976), slow and written to be read: the test oracle.

This module computes the same answers as the Cython ``engine_cy.benson``
(``unconditionally_alive`` and ``goal_zone``, same return formats) straight
from the definitions, with plain flood fills over sets.  Tests run both and
compare; nothing in the product should call this module on a hot path.

Definitions, for one colour ``c``:

* chain: a maximal 4-connected set of ``c`` stones (taken from the board);
* region: a maximal 4-connected set of points *not* occupied by ``c`` (empty
  points and opponent stones together);
* a region is *vital* to a chain that borders it when every empty point of
  the region is a liberty of that chain;
* Benson's fixpoint: start with all chains and all regions; repeatedly keep
  only the regions all of whose bordering chains are still kept ("standing"),
  and only the chains with at least two standing vital regions.  The chains
  left are unconditionally alive (UCA): the opponent cannot capture any of
  them even when it may move any number of times in a row while ``c`` passes.

The *life zone* of a live chain is the closure of that chain under "add each
standing region vital to it (every point, opponent stones included) and every
chain bordering such a region".  Each chain of the closure keeps its two
standing vital regions inside it and every such region is bounded by chains
of the closure, so any position that agrees on the zone is still UCA there.

It knows only the board's public reading API (``size``, ``color_at``,
``chain``, ``liberties``), so it runs on the engine ``Board`` and on
``ReferenceBoard`` alike.  It knows nothing about search, moves or ko.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from dataclasses import dataclass

from tsumego_gui.core.colors import BLACK, EMPTY, WHITE
from tsumego_gui.core.coords import all_locs, is_on_board, neighbours

__all__ = ["BensonResult", "analyse", "goal_zone", "life_zone", "unconditionally_alive"]


@dataclass(frozen=True)
class BensonResult:
    """Everything Benson's fixpoint found for one colour.

    Chains are named by their smallest point (``head``), regions by their index
    in ``regions``.
    """

    color: int
    chains: dict[int, frozenset[int]]          # head -> stones
    regions: list[frozenset[int]]              # every region, row-major order of first point
    border: list[frozenset[int]]               # region -> heads of the chains bordering it
    vital: list[frozenset[int]]                # region -> heads of the chains it is vital to
    alive: frozenset[int]                      # heads of the UCA chains
    standing: frozenset[int]                   # indices of regions bordered by live chains only

    def vital_regions(self, head: int) -> list[int]:
        """Indices of the standing regions vital to the chain ``head``."""
        return [r for r in sorted(self.standing) if head in self.vital[r]]


def _check_color(color: int) -> None:
    if color not in (BLACK, WHITE):
        raise ValueError(f"colour must be BLACK (1) or WHITE (2), not {color}")


def _flood(start: int, inside, size: int) -> frozenset[int]:
    """The 4-connected component of ``start`` among the points where ``inside`` holds."""
    seen = {start}
    todo = [start]
    while todo:
        p = todo.pop()
        for n in neighbours(p, size):
            if n not in seen and inside(n):
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


def analyse(board, color: int) -> BensonResult:
    """Run Benson's fixpoint for ``color`` on ``board`` and return every intermediate set."""
    _check_color(color)
    size = board.size
    points = all_locs(size)

    # Chains come from the board itself (its own flood fill), liberties too:
    # we only trust the board's public answers, not its internals.
    chains: dict[int, frozenset[int]] = {}
    chain_of: dict[int, int] = {}
    liberties: dict[int, frozenset[int]] = {}
    for p in points:
        if board.color_at(p) == color and p not in chain_of:
            stones = frozenset(board.chain(p))
            head = min(stones)
            chains[head] = stones
            liberties[head] = frozenset(board.liberties(p))
            for s in stones:
                chain_of[s] = head

    # Regions: our own flood fill over the points that are not ``color``.
    regions: list[frozenset[int]] = []
    region_of: dict[int, int] = {}
    for p in points:
        if board.color_at(p) != color and p not in region_of:
            region = _flood(p, lambda q: board.color_at(q) != color, size)
            for q in region:
                region_of[q] = len(regions)
            regions.append(region)

    border: list[frozenset[int]] = []
    vital: list[frozenset[int]] = []
    for region in regions:
        heads = frozenset(chain_of[n] for q in region for n in neighbours(q, size)
                          if board.color_at(n) == color)
        empties = frozenset(q for q in region if board.color_at(q) == EMPTY)
        border.append(heads)
        vital.append(frozenset(h for h in heads if empties <= liberties[h]))

    # The fixpoint.  Both sets only shrink, so this ends after at most
    # (#chains + #regions) rounds; nothing here needs to be fast.
    alive = frozenset(chains)
    standing = frozenset(range(len(regions)))
    while True:
        new_standing = frozenset(r for r in standing if border[r] <= alive)
        new_alive = frozenset(
            h for h in alive if sum(1 for r in new_standing if h in vital[r]) >= 2)
        if new_alive == alive and new_standing == standing:
            break
        alive, standing = new_alive, new_standing

    return BensonResult(color=color, chains=chains, regions=regions, border=border,
                        vital=vital, alive=alive, standing=standing)


def unconditionally_alive(board, color: int) -> list[tuple[list[int], list[list[int]]]]:
    """Every UCA chain of ``color`` as (sorted stones, sorted list of its sorted vital regions).

    Only standing vital regions are listed (at least two per chain).  The
    outer list is sorted, the same format as ``engine_cy.benson.unconditionally_alive``.
    """
    res = analyse(board, color)
    out = []
    for head in res.alive:
        regions = sorted(sorted(res.regions[r]) for r in res.vital_regions(head))
        out.append((sorted(res.chains[head]), regions))
    return sorted(out)


def life_zone(res: BensonResult, head: int) -> frozenset[int]:
    """The life zone of the live chain ``head`` (see the module docstring)."""
    if head not in res.alive:
        raise ValueError(f"chain {head} is not unconditionally alive")
    zone: set[int] = set()
    done_regions: set[int] = set()
    reached = {head}
    todo = [head]
    while todo:
        h = todo.pop()
        zone |= res.chains[h]
        for r in res.vital_regions(h):
            if r in done_regions:
                continue
            done_regions.add(r)
            zone |= res.regions[r]
            # A standing region borders live chains only, so each is alive.
            for h2 in res.border[r]:
                if h2 not in reached:
                    reached.add(h2)
                    todo.append(h2)
    return frozenset(zone)


def goal_zone(board, defender: int, live_any: bool,
              crucial: Iterable[int] = ()) -> tuple[bool, list[int]]:
    """(goal reached?, sorted smallest life zone or ``[]``).

    ``live_any``: the goal holds when any defender chain is UCA.  Otherwise a
    UCA chain must hold one of the ``crucial`` points.  Of the candidate
    chains, the one with the smallest life zone wins; on a tie, the chain
    whose first stone comes first in row-major order (smallest loc).
    """
    _check_color(defender)
    crucial_points = set()
    for loc in crucial:
        try:
            point = operator.index(loc)    # ints and numpy integers, not floats or strings
        except TypeError:
            raise ValueError(f"a point must be an int loc, not {loc!r}") from None
        if not is_on_board(point, board.size):
            raise ValueError(f"loc {loc!r} is not a point of a {board.size}x{board.size} board")
        crucial_points.add(point)
    res = analyse(board, defender)
    best: frozenset[int] | None = None
    for head in sorted(res.alive):
        if not live_any and not (res.chains[head] & crucial_points):
            continue
        zone = life_zone(res, head)
        if best is None or len(zone) < len(best):
            best = zone
    if best is None:
        return False, []
    return True, sorted(best)
