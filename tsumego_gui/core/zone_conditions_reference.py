"""The verifier's zone conditions in plain Python: the reference for ``engine_cy.zone_conditions``.

The same four checks, with the same API and the same answers (the first
fault met, as ``(fault name, point)``, or None); the module docstring of
``engine_cy.zone_conditions`` says what each condition is.  Written from the
definitions, on the engine board's Python API, for the differential tests:
the verifier itself calls the Cython module.

Knows the board's Python API and ``core.coords``; nothing about proofs.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine_cy.board import EMPTY, PASS, Board
from tsumego_gui.core import coords


def basics_fault(board: Board, zone: Iterable[int]) -> tuple[str, int] | None:
    zone = frozenset(zone)
    for chain in board.chains_at(zone):
        if not zone.issuperset(chain):
            return "split chain", chain[0]
        if zone.isdisjoint(board.liberties(chain[0])):
            return "no zone liberty", chain[0]
    return None


def reply_fault(board: Board, zone: Iterable[int], prover: int) -> tuple[str, int] | None:
    zone = frozenset(zone)
    for p in sorted(zone):
        if board.color_at(p) != EMPTY:
            continue
        if board.illegal_reason(p) in ("suicide", "ko capture forbidden"):
            around: set[int] = set()
            for n in coords.neighbours(p, board.size):
                if board.color_at(n) != EMPTY:
                    around |= set(board.chain(n))
                    if board.num_liberties(n) == 1:
                        around.update(board.adjacent_stones(n))
            if not around <= zone:
                return "CR-1", p
    for chain in board.chains_at(zone):
        if board.color_at(chain[0]) != prover:
            continue
        libs = board.liberties(chain[0])
        if len(libs) >= 2 and len(set(libs) & zone) < 2:
            return "CR-2 liberties", chain[0]
        if len(libs) == 1 and not zone.issuperset(board.adjacent_stones(chain[0])):
            return "CR-2 atari", chain[0]
    return None


def move_fault(board: Board, zone: Iterable[int], move: int,
               prover: int) -> tuple[str, int] | None:
    zone = frozenset(zone)
    if move == PASS:
        return None
    if move not in zone:
        return "move outside", move
    fault = _own_stone_fault(board, zone, move, prover)
    if fault is not None:
        return fault
    for n in coords.neighbours(move, board.size):
        if board.color_at(n) != prover ^ 3:
            continue
        chain = board.chain(n)
        libs = board.liberties(n)
        if libs == [move]:
            if not (zone.issuperset(chain) and zone.issuperset(board.adjacent_stones(n))):
                return "capture not fixed", n
        elif set(chain) <= zone and not (set(libs) - {move}) & zone:
            return "no other liberty", n
    return None


def _own_stone_fault(board: Board, zone: frozenset[int], move: int,
                     prover: int) -> tuple[str, int] | None:
    """The move's own stone: legal, and a ko capture exactly when it is one here, in every
    position that agrees with this one inside the zone."""
    neighbours = coords.neighbours(move, board.size)
    captured = [n for n in neighbours
                if board.color_at(n) == prover ^ 3 and board.num_liberties(n) == 1]
    empty_in_zone = any(board.color_at(n) == EMPTY and n in zone for n in neighbours)
    friend_in_zone = [n for n in neighbours if board.color_at(n) == prover and n in zone]
    if not captured:
        if not empty_in_zone and not any((set(board.liberties(n)) - {move}) & zone
                                         for n in friend_in_zone):
            return "may be suicide", move
        return None
    token = board.play(move)
    takes_ko = board.ko_loc != PASS
    board.undo(token)
    if takes_ko:
        around: set[int] = set()
        for n in neighbours:
            if board.color_at(n) != EMPTY:
                around |= set(board.chain(n))
        if not around <= zone:
            return "ko not fixed", move
    elif (sum(len(board.chain(n)) for n in captured) == 1
          and not board.ko_capture_allowed(prover)
          and not (empty_in_zone or friend_in_zone)):
        return "may be a forbidden ko capture", move
    return None


def changes_inside(board: Board, move: int, zone: Iterable[int]) -> bool:
    if move == PASS:
        return False
    changed = {move}
    for n in coords.neighbours(move, board.size):
        if board.color_at(n) == board.to_play ^ 3 and board.liberties(n) == [move]:
            changed |= set(board.chain(n))
    return not changed.isdisjoint(zone)
