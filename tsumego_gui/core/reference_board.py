"""A slow, obviously correct Go board: the rules oracle the Cython engine is tested against.

It has exactly the Python API and the rules of ``engine_cy.board`` (see
``engine_cy/board.pyi``), but no incremental state: it stores only which
colour sits on which point, and every chain, liberty set and hash is computed
from scratch by flood fill whenever it is needed.  Legality is decided by
actually resolving the move (place the stone, remove opponent chains left
without liberties) on a copy of the stones.  Undo restores a full snapshot.

Rules, for the side to move, checked in this order (``illegal_reason``):

* a point off the board (a wall, or out of range) raises ValueError;
  pass is always legal and never checked against the path;
* ``"occupied"``;
* ``"ko"``: the point the previous move captured in a ko, unless the mover
  holds an external ko threat (``set_ko_threats``) and may capture kos: then
  the retake is legal and spends the threat;
* ``"suicide"``: the new stone's chain has no liberty and nothing is captured;
* ``"ko capture forbidden"``: the mover may not capture kos
  (``set_ko_capture_allowed``) and the move is a ko capture: it captures
  exactly one stone, the played stone has no friendly neighbour, and after the
  capture it has exactly one liberty;
* ``"superko"``: the hash of the resulting (stones, side to move, threats
  held) is in ``history()`` (situational superko along the path).

The Zobrist keys come from splitmix64 seeded with ``0x7473756D65676F21``:
first a key per (colour, raw loc) for BLACK then WHITE over all 441 cells of
the largest padded board, then the white-to-play key, then a key per count 1..15
of the ko threats held, for BLACK then WHITE (a count of 0 adds no key).

This module knows the rules of Go, ``core.coords`` and ``core.colors``; it knows
nothing about problems, goals, zones or search, and it is far too slow for search.
"""

from __future__ import annotations

import copy
import functools
import operator
from collections.abc import Iterable

import numpy as np

from tsumego_gui.core import coords
from tsumego_gui.core.colors import BLACK, EMPTY, WHITE

PASS = coords.PASS

_MASK64 = (1 << 64) - 1
_SEED = 0x7473756D65676F21
_MAX_CELLS = coords.array_size(coords.MAX_SIZE)  # 441 = 21 * 21
_COLOR_NAMES = {BLACK: "black", WHITE: "white"}


class IllegalMoveError(ValueError):
    """A move that the rules forbid in the current position."""


def _splitmix64(count: int, seed: int = _SEED) -> list[int]:
    """The first ``count`` outputs of splitmix64 started from ``seed``."""
    out = []
    state = seed
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        out.append(z ^ (z >> 31))
    return out


MAX_THREATS = 15


def _make_keys() -> tuple[dict[int, list[int]], int, dict[int, list[int]]]:
    n = 2 * _MAX_CELLS + 1
    stream = _splitmix64(n + 2 * MAX_THREATS)
    keys = {BLACK: stream[:_MAX_CELLS], WHITE: stream[_MAX_CELLS:2 * _MAX_CELLS]}
    threats = {BLACK: [0] + stream[n:n + MAX_THREATS],
               WHITE: [0] + stream[n + MAX_THREATS:n + 2 * MAX_THREATS]}
    return keys, stream[n - 1], threats


_KEYS, _WHITE_TO_PLAY_KEY, _THREAT_KEYS = _make_keys()


def zobrist_key(color: int, loc: int) -> int:
    """The Zobrist key of a stone of ``color`` at raw index ``loc`` (0..440)."""
    if color not in (BLACK, WHITE) or not 0 <= loc < _MAX_CELLS:
        raise ValueError(f"no Zobrist key for colour {color} at {loc}")
    return _KEYS[color][loc]


def zobrist_white_to_play() -> int:
    """The key XORed into the hash while White is to move."""
    return _WHITE_TO_PLAY_KEY


# --- pure helpers on a stones dict {loc: colour} ------------------------------
# Board geometry is fixed per size, so caching the neighbour table is not board state.

@functools.cache
def _neighbour_table(size: int) -> dict[int, tuple[int, ...]]:
    """Neighbours of every point; its keys are exactly the board's points."""
    return {loc: tuple(coords.neighbours(loc, size)) for loc in coords.all_locs(size)}


def _chain(stones: dict[int, int], nbrs: dict[int, tuple[int, ...]], loc: int) -> set[int]:
    """Flood fill: the stones connected to the stone at ``loc`` through its colour."""
    color = stones[loc]
    seen = {loc}
    todo = [loc]
    while todo:
        p = todo.pop()
        for n in nbrs[p]:
            if n not in seen and stones.get(n) == color:
                seen.add(n)
                todo.append(n)
    return seen


def _liberties(stones: dict[int, int], nbrs: dict[int, tuple[int, ...]],
               chain: set[int]) -> set[int]:
    return {n for p in chain for n in nbrs[p] if n not in stones}


def _resolve(stones: dict[int, int], nbrs: dict[int, tuple[int, ...]], loc: int,
             color: int) -> tuple[dict[int, int], list[int]]:
    """Place ``color`` at ``loc`` on a copy; remove opponent chains without liberties.

    Returns the new stones and the sorted captured points.  The mover's own
    chain is never removed here (suicide is rejected before a move is played).
    """
    after = dict(stones)
    after[loc] = color
    captured: set[int] = set()
    for n in nbrs[loc]:
        if after.get(n) == color ^ 3 and n not in captured:
            if any(m not in after for m in nbrs[n]):
                continue  # this stone touches an empty point: its chain has a liberty
            chain = _chain(after, nbrs, n)
            if not _liberties(after, nbrs, chain):
                captured |= chain
    for p in captured:
        del after[p]
    return after, sorted(captured)


# The same keys looked up by a stone (loc, colour), the shape of stones.items().
_KEY_OF_STONE = {(loc, c): _KEYS[c][loc] for c in (BLACK, WHITE) for loc in range(_MAX_CELLS)}


def _hash(stones: dict[int, int], to_play: int, threats: dict[int, int]) -> int:
    """XOR of the keys of all stones, the white-to-play key when White is to move, and
    the keys of the threat counts."""
    start = ((_WHITE_TO_PLAY_KEY if to_play == WHITE else 0)
             ^ _THREAT_KEYS[BLACK][threats[BLACK]] ^ _THREAT_KEYS[WHITE][threats[WHITE]])
    return functools.reduce(operator.xor, map(_KEY_OF_STONE.__getitem__, stones.items()), start)


class ReferenceBoard:
    """A Go board of size 2..19 with the side to move, ko state and path history."""

    def __init__(self, size: int, to_play: int = BLACK) -> None:
        self._size = coords.check_size(size)
        self._nbrs = _neighbour_table(size)
        self._to_play = self._check_color(to_play)
        self._stones: dict[int, int] = {}
        self._ko_loc = PASS
        self._passes = 0
        self._captures = {BLACK: 0, WHITE: 0}
        self._ko_allowed = {BLACK: True, WHITE: True}
        self._threats = {BLACK: 0, WHITE: 0}
        self._history = [self.hash]
        self._undo_stack: list[tuple] = []

    # ---- argument checks ------------------------------------------------------

    def _check_point(self, loc: object) -> int:
        if not isinstance(loc, int | np.integer):
            raise ValueError(f"a point must be an int loc, not {loc!r}")
        if loc not in self._nbrs:
            raise ValueError(f"loc {loc} is not a point of a {self._size}x{self._size} board")
        return int(loc)

    @staticmethod
    def _check_color(color: object, allow_empty: bool = False) -> int:
        if not (color == BLACK or color == WHITE or (allow_empty and color == EMPTY)):
            raise ValueError(f"{color!r} is not a colour here")
        return int(color)

    def _name(self, loc: int) -> str:
        return coords.to_gtp(loc, self._size)

    # ---- state ------------------------------------------------------------------

    @property
    def size(self) -> int:
        return self._size

    @property
    def to_play(self) -> int:
        return self._to_play

    @to_play.setter
    def to_play(self, color: int) -> None:
        color = self._check_color(color)
        if color != self._to_play:
            self._ko_loc = PASS     # the other side to move: a move elsewhere lifts a ko ban
        self._to_play = color
        # the path must end with the current (stones, side to move)
        self._history[-1] = self.hash

    @property
    def hash(self) -> int:
        """64-bit Zobrist hash of (stones, side to move, threats), recomputed from the stones."""
        return _hash(self._stones, self._to_play, self._threats)

    @property
    def ko_loc(self) -> int:
        return self._ko_loc

    @property
    def consecutive_passes(self) -> int:
        return self._passes

    def captures(self, color: int) -> int:
        """Stones captured BY ``color``."""
        return self._captures[self._check_color(color)]

    def ko_capture_allowed(self, color: int) -> bool:
        return self._ko_allowed[self._check_color(color)]

    def set_ko_capture_allowed(self, color: int, allowed: bool) -> None:
        self._ko_allowed[self._check_color(color)] = bool(allowed)

    def set_ko_point(self, loc: int) -> None:
        if loc != PASS and self.color_at(loc) != EMPTY:
            raise ValueError(f"the ko point {self._name(loc)} is not empty")
        self._ko_loc = PASS if loc == PASS else self._check_point(loc)

    def ko_threats(self, color: int) -> int:
        return self._threats[self._check_color(color)]

    def set_ko_threats(self, color: int, count: int) -> None:
        color = self._check_color(color)
        if not isinstance(count, int | np.integer) or not 0 <= count <= MAX_THREATS:
            raise ValueError(f"ko threats must be an int 0..{MAX_THREATS}, not {count!r}")
        self._threats[color] = int(count)
        self._history[-1] = self.hash

    # ---- points and chains ----------------------------------------------------------

    def color_at(self, loc: int) -> int:
        return self._stones.get(self._check_point(loc), EMPTY)

    def set_stone(self, loc: int, color: int) -> None:
        """Setup edit: put ``color`` (or EMPTY) at ``loc`` without captures.

        Raises ValueError, leaving the board unchanged, if any chain would be
        left without liberties.
        """
        loc = self._check_point(loc)
        self._set_all({loc: self._check_color(color, allow_empty=True)})

    def set_stones(self, black: Iterable[int], white: Iterable[int]) -> None:
        """Setup edit: ``set_stone`` for every point of ``black`` (BLACK), then of
        ``white`` (WHITE), with the liberties checked once, at the end."""
        changes = {self._check_point(loc): BLACK for loc in black}
        changes.update({self._check_point(loc): WHITE for loc in white})
        self._set_all(changes)

    def _set_all(self, changes: dict[int, int]) -> None:
        after = dict(self._stones)
        for loc, color in changes.items():
            if color == EMPTY:
                after.pop(loc, None)
            else:
                after[loc] = color
        seen: set[int] = set()
        for p in coords.all_locs(self._size):  # row-major, so the error names a chain's first stone
            if p in after and p not in seen:
                chain = _chain(after, self._nbrs, p)
                seen |= chain
                if not _liberties(after, self._nbrs, chain):
                    raise ValueError(f"the {_COLOR_NAMES[after[p]]} chain at {self._name(p)} "
                                     "would have no liberties")
        self._stones = after
        self._ko_loc = PASS
        self._history[-1] = self.hash

    def colors(self) -> np.ndarray:
        """(size, size) int8 array of colours, row 0 at the top."""
        flat = np.zeros(coords.array_size(self._size), dtype=np.int8)
        for loc, color in self._stones.items():
            flat[loc] = color
        # drop the wall ring of the padded layout: what is left is rows from the top
        s = self._size
        return flat.reshape(s + 2, s + 2)[1:s + 1, 1:s + 1].copy()

    def chain(self, loc: int) -> list[int]:
        loc = self._check_point(loc)
        if loc not in self._stones:
            raise ValueError(f"no stone at {self._name(loc)}")
        return sorted(_chain(self._stones, self._nbrs, loc))

    def liberties(self, loc: int) -> list[int]:
        return sorted(_liberties(self._stones, self._nbrs, set(self.chain(loc))))

    def num_liberties(self, loc: int) -> int:
        return len(self.liberties(loc))

    # ---- legality -----------------------------------------------------------------

    def _is_ko_capture(self, after: dict[int, int], loc: int, captured: list[int]) -> bool:
        if len(captured) != 1:
            return False
        if any(after.get(n) == after[loc] for n in self._nbrs[loc]):
            return False
        return len(_liberties(after, self._nbrs, {loc})) == 1

    def illegal_reason(self, loc: int) -> str | None:
        """Why the side to move may not play ``loc``, or None if it may."""
        if loc == PASS:
            return None
        loc = self._check_point(loc)
        if loc in self._stones:
            return "occupied"
        mover = self._to_play
        threat = loc == self._ko_loc
        if threat and not (self._threats[mover] and self._ko_allowed[mover]):
            return "ko"
        after, captured = _resolve(self._stones, self._nbrs, loc, mover)
        # (an empty neighbour is a liberty: only then is the flood fill needed)
        if (not captured and all(n in after for n in self._nbrs[loc])
                and not _liberties(after, self._nbrs, _chain(after, self._nbrs, loc))):
            return "suicide"
        if not self._ko_allowed[mover] and self._is_ko_capture(after, loc, captured):
            return "ko capture forbidden"
        if self._hash_after(after, loc) in self._history:
            return "superko"
        return None

    def hash_after(self, loc: int) -> int:
        """The hash of the position that a stone of the side to move at the empty point
        ``loc`` leaves (its captures taken; at the ko point, a threat spent), whether or
        not the move is legal."""
        loc = self._check_point(loc)
        if loc in self._stones:
            raise ValueError(f"{self._name(loc)} is occupied")
        return self._hash_after(_resolve(self._stones, self._nbrs, loc, self._to_play)[0], loc)

    def _hash_after(self, after: dict[int, int], loc: int) -> int:
        return _hash(after, self._to_play ^ 3, self._threats_after(loc))

    def _threats_after(self, loc: int) -> dict[int, int]:
        """The threat counts after the side to move plays ``loc``: the retake the ko
        forbids spends one."""
        after = dict(self._threats)
        if loc == self._ko_loc:
            after[self._to_play] -= 1
        return after

    def is_legal(self, loc: int) -> bool:
        return self.illegal_reason(loc) is None

    def legal_moves(self, region: Iterable[int] | None = None) -> list[int]:
        """Sorted legal points for the side to move (pass excluded), optionally within region."""
        if region is None:
            points = coords.all_locs(self._size)
        else:
            points = sorted({self._check_point(p) for p in region})
        return [p for p in points if self.illegal_reason(p) is None]

    # ---- play / undo ----------------------------------------------------------------

    def _snapshot(self) -> tuple:
        return (dict(self._stones), self._to_play, self._ko_loc, self._passes,
                dict(self._captures), list(self._history), dict(self._threats))

    def play(self, loc: int) -> int:
        """Play ``loc`` (or PASS) for the side to move; return the undo token."""
        mover = self._to_play
        if loc == PASS:
            self._undo_stack.append(self._snapshot())
            self._ko_loc = PASS
            self._passes += 1
        else:
            loc = self._check_point(loc)
            reason = self.illegal_reason(loc)
            if reason is not None:
                raise IllegalMoveError(f"{self._name(loc)} is illegal: {reason}")
            self._undo_stack.append(self._snapshot())
            self._threats = self._threats_after(loc)
            after, captured = _resolve(self._stones, self._nbrs, loc, mover)
            self._ko_loc = captured[0] if self._is_ko_capture(after, loc, captured) else PASS
            self._stones = after
            self._captures[mover] += len(captured)
            self._passes = 0
        self._to_play = mover ^ 3
        self._history.append(self.hash)
        return len(self._undo_stack)

    def undo(self, token: int) -> None:
        """Take back the move that returned ``token`` (it must be the last one)."""
        if not self._undo_stack or token != len(self._undo_stack):
            raise ValueError(f"undo token {token!r} is not the last move "
                             f"({len(self._undo_stack)} moves on the stack)")
        (self._stones, self._to_play, self._ko_loc, self._passes,
         self._captures, self._history, self._threats) = self._undo_stack.pop()

    # ---- path history ------------------------------------------------------------------

    def history(self) -> list[int]:
        """Hashes of the positions on the path, oldest first, the current one last."""
        return list(self._history)

    def set_history(self, hashes: Iterable[int]) -> None:
        """Make ``hashes`` (oldest first) the positions before the current one.

        This starts a new root: earlier moves can no longer be undone.
        """
        values = [int(h) for h in hashes]
        if any(not 0 <= h <= _MASK64 for h in values):
            raise ValueError("history hashes must be 64-bit unsigned ints")
        self._undo_stack.clear()
        self._history = values + [self.hash]

    def copy(self) -> ReferenceBoard:
        return copy.deepcopy(self)

    def __copy__(self) -> ReferenceBoard:
        return self.copy()

    def check_consistency(self) -> None:
        """The reference keeps no derived state; check the few invariants it does have."""
        assert self._history and self._history[-1] == self.hash, "path does not end here"
        for loc in self._stones:
            assert coords.is_on_board(loc, self._size), f"stone off the board at {loc}"
            assert _liberties(self._stones, self._nbrs, _chain(self._stones, self._nbrs, loc)), \
                f"chain at {self._name(loc)} has no liberties"


# Same name as the engine's class, so either module can be used as ``module.Board``.
Board = ReferenceBoard
