"""A slow, plain reading of KataGo's ladder features: the oracle ``engine_cy.katago_inputs`` is
tested against.

It reads the rules of KataGo's ``iterLadders``, ``searchIsLadderCaptured`` and
``searchIsLadderCapturedAttackerFirst2Libs`` (``cpp/neuralnet/nninputs.cpp``,
``cpp/game/board.cpp``) a second time, written for clarity: immutable positions,
chains and liberties recomputed by flood fill at every question, and a recursive
search.  Like the Cython reader it lists moves in increasing loc order (KataGo uses its
chain order) with the defender's own liberty last, so the two agree move for move,
node budget included.

Knows ``core.coords`` and ``core.colors``; nothing about networks or the engine's Board.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tsumego_gui.core import coords
from tsumego_gui.core.colors import BLACK, EMPTY, WHITE

WALL = 3
PASS = coords.PASS
NODE_BUDGET = 25000


@dataclass(frozen=True)
class Position:
    """Colours on the padded layout (walls included) and the simple-ko point."""

    size: int
    colors: tuple[int, ...]
    ko: int = PASS

    @classmethod
    def from_rows(cls, rows: bytes, size: int, ko: int = PASS) -> Position:
        colors = [WALL] * coords.array_size(size)
        for i, c in enumerate(rows):
            colors[coords.to_loc(i // size, i % size, size)] = c
        return cls(size, tuple(colors), ko)

    def around(self, loc: int) -> tuple[int, ...]:
        s = self.size + 2
        return loc - s, loc - 1, loc + 1, loc + s

    def chain(self, loc: int) -> frozenset[int]:
        color, todo, seen = self.colors[loc], [loc], {loc}
        while todo:
            for n in self.around(todo.pop()):
                if self.colors[n] == color and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return frozenset(seen)

    def liberties(self, loc: int) -> list[int]:
        """Liberties of the chain at ``loc``, increasing."""
        return sorted({n for s in self.chain(loc) for n in self.around(s)
                       if self.colors[n] == EMPTY})

    def libs(self, loc: int) -> int:
        return len(self.liberties(loc))

    def legal(self, loc: int, pla: int) -> bool:
        """Empty, not the ko point, and not suicide (multi-stone suicide illegal too)."""
        if self.colors[loc] != EMPTY or loc == self.ko:
            return False
        for n in self.around(loc):
            c = self.colors[n]
            if c == EMPTY or (c == pla and self.libs(n) > 1) \
                    or (c == 3 - pla and self.libs(n) == 1):
                return True
        return False

    def play(self, loc: int, pla: int) -> Position:
        colors = list(self.colors)
        colors[loc] = pla
        after = replace(self, colors=tuple(colors), ko=PASS)
        captured: set[int] = set()
        for n in self.around(loc):
            if after.colors[n] == 3 - pla and n not in captured and after.libs(n) == 0:
                captured |= after.chain(n)
        for s in captured:
            colors[s] = EMPTY
        after = replace(self, colors=tuple(colors), ko=PASS)
        if len(captured) == 1 and len(after.chain(loc)) == 1 and after.libs(loc) == 1:
            after = replace(after, ko=next(iter(captured)))
        return after


class _OutOfBudgetError(Exception):
    pass


def _immediate(pos: Position, loc: int) -> int:
    return sum(pos.colors[n] == EMPTY for n in pos.around(loc))


def _bounds(pos: Position, loc: int, pla: int) -> tuple[int, int]:
    """KataGo's quick lower and upper bounds on a new stone's liberties."""
    immediate = caps = cap_stones = conn = max_conn = 0
    for n in pos.around(loc):
        c = pos.colors[n]
        if c == EMPTY:
            immediate += 1
        elif c == 3 - pla and pos.libs(n) == 1:
            caps += 1
            cap_stones += len(pos.chain(n))
        elif c == pla:
            conn += pos.libs(n) - 1
            max_conn = max(max_conn, pos.libs(n) - 1)
    return caps + max(max_conn, immediate), immediate + cap_stones + conn


def _libs_after_play(pos: Position, loc: int, pla: int, cap: int) -> int:
    """KataGo's liberty count of a new stone: empty neighbours, captured neighbours, and
    the liberties of joined chains (captured stones next to them count as empty)."""
    found: list[int] = []
    captured: set[int] = set()
    for n in pos.around(loc):
        if pos.colors[n] == EMPTY or (pos.colors[n] == 3 - pla and pos.libs(n) == 1):
            found.append(n)
            if pos.colors[n] != EMPTY:
                captured |= pos.chain(n)
    for n in pos.around(loc):
        if pos.colors[n] == pla:
            for s in pos.chain(n):
                for lib in pos.around(s):
                    if lib != loc and (pos.colors[lib] == EMPTY or lib in captured) \
                            and lib not in found:
                        found.append(lib)
    return min(len(found), cap)


def _ko_capture(pos: Position, loc: int, pla: int) -> bool:
    """``pla`` at ``loc`` takes a lone stone from a point walled in by the opponent."""
    if pos.colors[loc] != EMPTY:
        return False
    capturable = [n for n in pos.around(loc) if pos.colors[n] == 3 - pla and pos.libs(n) == 1]
    walled = all(pos.colors[n] in (WALL, 3 - pla) for n in pos.around(loc))
    return walled and len(capturable) == 1 and len(pos.chain(capturable[0])) == 1


def _gains_by_capture(pos: Position, loc: int) -> bool:
    opp = 3 - pos.colors[loc]
    return any(pos.colors[n] == opp and pos.libs(n) == 1
               for s in pos.chain(loc) for n in pos.around(s))


def _defender_moves(pos: Position, loc: int) -> list[int]:
    """Liberties of attacker chains in atari next to the chain (increasing), then its own
    liberty, last even when it also captures (KataGo's stated intent)."""
    opp = 3 - pos.colors[loc]
    (own,) = pos.liberties(loc)
    captures = sorted({lib for s in pos.chain(loc) for n in pos.around(s)
                       if pos.colors[n] == opp and pos.libs(n) == 1
                       for lib in pos.liberties(n)} - {own})
    return captures + [own]


def _attacker_moves(pos: Position, loc: int, pla: int) -> list[int]:
    """The defender's two liberties, pruned and ordered as KataGo does."""
    m0, m1 = pos.liberties(loc)
    l0, l1 = _immediate(pos, m0), _immediate(pos, m1)
    if l0 >= 3 and l1 >= 3 and m1 - m0 not in (1, pos.size + 2):
        return []
    if m1 - m0 not in (1, pos.size + 2):
        if l0 >= 3:
            return [m0]
        if l1 >= 3:
            return [m1]
    h0 = 2 * l0 + sum(2 * pos.libs(n) - 3 for n in pos.around(m0)
                      if pos.colors[n] == pla and pos.libs(n) > 1)
    h1 = 2 * l1 + sum(2 * pos.libs(n) - 3 for n in pos.around(m1)
                      if pos.colors[n] == pla and pos.libs(n) > 1)
    return [m1, m0] if h1 > h0 else [m0, m1]


def _double_ko_death(pos: Position, loc: int, pla: int) -> bool:
    m0, m1 = pos.liberties(loc)
    return (_immediate(pos, m0) == 0 and _immediate(pos, m1) == 0
            and _ko_capture(pos, m0, 3 - pla) and _ko_capture(pos, m1, 3 - pla)
            and _libs_after_play(pos, m0, pla, 3) <= 2 and _libs_after_play(pos, m1, pla, 3) <= 2
            and not _gains_by_capture(pos, loc))


def _search(pos: Position, loc: int, depth: int, defender_first: bool, count: list[int]) -> bool:
    """Is the chain at ``loc`` captured with this side to move?"""
    defender = (depth % 2 == 0) == defender_first
    if depth >= pos.size * pos.size * 3 // 2:
        return True                       # KataGo's stack is full
    pla = pos.colors[loc]
    libs = pos.libs(loc)
    if not defender:
        if libs <= 1:
            return True
        if libs >= 3:
            return False
        if _double_ko_death(pos, loc, pla):
            return True
        moves = _attacker_moves(pos, loc, pla)
    else:
        if libs >= 2 or pos.ko != PASS:
            return False
        moves = _defender_moves(pos, loc)
        lower, upper = _bounds(pos, moves[-1], pla)
        if lower >= 3:
            return False
        if len(moves) == 1 and upper <= 1:
            return True
    mover = pla if defender else 3 - pla
    for move in moves:
        if not pos.legal(move, mover):
            continue
        count[0] += 1
        if count[0] >= NODE_BUDGET:
            raise _OutOfBudgetError
        captured = _search(pos.play(move, mover), loc, depth + 1, defender_first, count)
        if defender and not captured:
            return False
        if not defender and captured:
            return True
    return defender


def ladder_captured(pos: Position, loc: int, defender_first: bool = True) -> tuple[bool, Position]:
    """KataGo's answer, and the position as its board copy is left: out of node budget,
    the answer is "escapes" and a ko point the defender-first start cleared stays cleared."""
    libs = pos.libs(loc)
    if libs > 2 or (defender_first and libs > 1):
        return False, pos
    start = replace(pos, ko=PASS) if defender_first else pos
    try:
        return _search(start, loc, 0, defender_first, [0]), pos
    except _OutOfBudgetError:
        return False, start


def working_moves(pos: Position, loc: int) -> tuple[int, ...]:
    """The liberties of a 2-liberty chain that the attacker can fill so that the chain is
    then ladder-captured."""
    opp = 3 - pos.colors[loc]
    return tuple(m for m in pos.liberties(loc)
                 if pos.legal(m, opp) and ladder_captured(pos.play(m, opp), loc)[0])


def iter_ladders(pos: Position) -> list[tuple[int, int, bool, tuple[int, ...]]]:
    """``(first_stone, liberties, laddered, working_moves)`` for each chain with one or two
    liberties, first stones in row-major order, as ``katago_inputs.ladder_results``."""
    out = []
    done: set[int] = set()
    for loc in coords.all_locs(pos.size):
        if pos.colors[loc] not in (BLACK, WHITE) or loc in done:
            continue
        stones = pos.chain(loc)
        done |= stones
        libs = pos.libs(loc)
        if libs == 1:
            laddered, pos = ladder_captured(pos, loc)
            out.append((loc, 1, laddered, ()))
        elif libs == 2:
            moves = working_moves(pos, loc)
            out.append((loc, 2, bool(moves), moves))
    return out
