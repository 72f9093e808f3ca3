"""The problem spec (ARCHITECTURE §3): a position, who must live, where one may play, which rules.

A :class:`Problem` is a frozen value.  Constructing one validates it, so a
``Problem`` that exists is a valid problem; every fault raises
:class:`ProblemError` with a one-line message naming the point in GTP
coordinates ("crucial stone at C3 is an empty point").

Fields:

* ``size``: 2..19.
* ``black``, ``white``: setup stones as frozensets of locs (``core.coords``).
* ``to_play``: BLACK (1) or WHITE (2), the side to move at the root.
  ``to_play_given`` is False when the source did not say (an SGF without
  ``PL`` and without moves): the problem may then be solved for either side,
  and ``to_play`` holds the conventional default, BLACK.
* ``defender``: the side that must live (OR-player); ``attacker`` is the other.
* ``goal``: ``"survive"`` (a crucial stone is still on the board when two
  passes in a row end the game, or is unconditionally alive earlier: seki
  counts as life, as in Go books), ``"live"`` (a crucial stone becomes
  unconditionally alive: the research goal) or ``"live_any"`` (any defender
  stone does: kill-all boards).
* ``crucial``: defender stones that must live (needed for ``"survive"`` and
  ``"live"``).
* ``region``: the points where either side may play; empty = whole board.
* ``ko_allowed``: ``(black, white)``: may that side capture a ko?  Left out,
  it is the research default: the defender may not, the attacker may.
* ``ko_threats``: ``(black, white)``: external ko threats each side holds
  (``engine_cy.board``): a threat lets its side retake a ko at once, and is
  spent doing so.  Only a side that may capture kos may hold any; ``(0, 0)``
  (the default) is play without threats.
* ``ko_point``: the point the side to move may not retake at once, as the
  previous move took a ko there (``PASS``: none).  Superko alone forbids the
  same retake through ``history``; the point matters where a side holds ko
  threats, as a retake there spends one.
* ``history``: Zobrist hashes (``engine_cy.board``) of the positions that came
  before this one, oldest first, for situational superko.
* ``previous_pass``: the move that led to this position was a pass, so a pass
  now ends the game (two passes in a row).
* ``book_moves``: ``(colour, loc)`` pairs: the source's recorded answers, each
  once (the first moves of an SGF's solution variations, those labelled
  failures left out; the research ``answer_firstmove``);
  ``loc`` may be PASS, meaning the source says no move is needed.  They are
  the source's claims, checked only for being points of the board: one may
  even lie on a stone (rzone-19x19 json #75 does).
* ``title``, ``comment``, ``source``: free text, ``""`` when absent.
* ``frame``: the stones a tsumego frame added around an open problem
  (``core.frame``), so that they can be shown apart and taken off; every one
  is a stone of the position.  The search does not read it.
* ``game_info``: what the source says about the game beside the problem (the
  players, the date, the rules, the copyright...), as ``(property, text)``
  pairs of SGF game-info properties (``core.sgf_io.GAME_INFO``), each property
  once, sorted; kept so that a file written from the problem (a save, an
  export) still says it.  Nothing else reads it.

This module knows the rules only as far as chains and liberties go; it knows
nothing about files (``sgf_io``, ``rzone_json``), regions derived from walls
(``region``), Benson, or search.
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, fields, replace

from engine_cy.board import BLACK, EMPTY, PASS, WHITE, Board
from tsumego_gui.core import coords

GOALS = ("survive", "live", "live_any")    # the order of the engine's goal codes
GOAL_TEXT = {
    "survive": "survive (a crucial stone is on the board at the end; seki counts as life)",
    "live": "live unconditionally (a crucial stone becomes unconditionally alive)",
    "live_any": "live_any (any defender stone becomes unconditionally alive)",
}
COLOR_NAMES = {BLACK: "black", WHITE: "white"}
MAX_KO_THREATS = 15     # the engine's limit (``engine_cy.board``)


_SURROGATE = re.compile("[\ud800-\udfff]")


def _without_surrogates(text: str) -> str:
    """``text`` with undecodable bytes (lone surrogates) as U+FFFD."""
    return _SURROGATE.sub("\N{REPLACEMENT CHARACTER}", text)


class ProblemError(ValueError):
    """The input is not a valid problem; the message names the fault."""


# what a problem that names no defender asks for (the CLI adds the option that says it)
NO_DEFENDER = "say which side is the defender"


class NoDefenderError(ProblemError):
    """Nothing says which side must live (no crucial stones, no target, no defender given):
    an open problem, which ``core.open_problem`` can pose."""


def opponent(color: int) -> int:
    """The other colour."""
    return color ^ 3


def point_name(loc: object, size: int) -> str:
    """A loc as people read it: GTP on the board, ``pass``, or a best effort off it.

    Off-board locs in the wall rows above and below the board keep their
    column letter (``T20`` on 19x19), so messages can say where a bad point
    was meant to be.
    """
    if not _is_int(loc):
        return repr(loc)
    loc = int(loc)
    if loc == PASS:
        return "pass"
    if coords.is_on_board(loc, size):
        return coords.to_gtp(loc, size)
    row, col = divmod(loc, coords.stride(size))
    row, col = row - 1, col - 1
    if 0 < loc and -1 <= row <= size and 0 <= col < size:
        return f"{coords.GTP_COLUMNS[col]}{size - row}"
    return f"loc {loc}"


def point_names(locs: Iterable[int], size: int, limit: int = 10) -> str:
    """Points for a message, in order: the first ``limit`` named, the rest counted (a
    damaged file can put hundreds in one list)."""
    names = [point_name(p, size) for p in sorted(locs)]
    rest = len(names) - limit
    return ", ".join(names[:limit]) + (f" and {rest} more" if rest > 0 else "")


def quoted(value: object, limit: int = 24) -> str:
    """A value from a file for a message: repr'd, one line, at most about ``limit`` characters
    (a damaged file can hold a whole game where one word belongs)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 4] + "…" + text[-1]


def chains(size: int, color_of: dict[int, int]) -> list[tuple[int, list[int], set[int]]]:
    """Every chain of a position: ``(colour, stones sorted, liberties)``.

    ``color_of`` maps each occupied loc to its colour.  Chains come in the
    order of their first stone, row-major from the top-left, so messages
    name a chain by that stone.
    """
    out = []
    seen: set[int] = set()
    for start in sorted(color_of):
        if start in seen:
            continue
        color = color_of[start]
        stones, libs, stack = {start}, set(), [start]
        while stack:
            for n in coords.neighbours(stack.pop(), size):
                c = color_of.get(n, EMPTY)
                if c == EMPTY:
                    libs.add(n)
                elif c == color and n not in stones:
                    stones.add(n)
                    stack.append(n)
        seen |= stones
        out.append((color, sorted(stones), libs))
    return out


def liberties_outside_region(size: int, black: Iterable[int], white: Iterable[int],
                             crucial: Iterable[int], region: Iterable[int]) -> frozenset[int]:
    """The empty points next to a crucial chain that lie outside the region (none without
    a region: then the whole board is played).  No move is ever played on such a point, so
    it stays a liberty and the chain can never be captured: under ``survive`` the defender
    wins whatever happens in the region, a verdict that says nothing of the problem."""
    region, crucial = frozenset(region), frozenset(crucial)
    if not region or not crucial:
        return frozenset()
    color_of = {**dict.fromkeys(black, BLACK), **dict.fromkeys(white, WHITE)}
    return frozenset(lib for _, stones, libs in chains(size, color_of)
                     if not crucial.isdisjoint(stones) for lib in libs if lib not in region)


def reach(size: int, starts: Iterable[int], passable: AbstractSet[int]) -> set[int]:
    """The points reached from ``starts`` by orthogonal steps onto ``passable`` points,
    the starts included."""
    reached = set(starts)
    stack = list(reached)
    while stack:
        for n in coords.neighbours(stack.pop(), size):
            if n not in reached and n in passable:
                reached.add(n)
                stack.append(n)
    return reached


def leaks_out_of_region(size: int, black: Iterable[int], white: Iterable[int],
                        crucial: Iterable[int], region: Iterable[int]) -> frozenset[int]:
    """The empty points outside the region that a crucial chain can reach by moves in it:
    next to an empty region point that empty region points and the defender's stones join
    to a crucial chain.  A defender stone played there gives the chain a liberty no move
    ever fills (QA s49: a bulky five with a gap in its wall gave "seki", where the group
    walked out).  The crucial chains' own liberties outside the region are
    ``liberties_outside_region``'s, not repeated here.  Empty without a region."""
    region, crucial = frozenset(region), frozenset(crucial)
    if not region or not crucial:
        return frozenset()
    black, white = frozenset(black), frozenset(white)
    own = black if crucial <= black else white
    stones = black | white
    reached = reach(size, crucial, own | (region - stones))
    direct = liberties_outside_region(size, black, white, crucial, region)
    return frozenset(q for p in reached if p in region and p not in stones
                     for q in coords.neighbours(p, size)
                     if q not in region and q not in stones and q not in direct)


def capturable_outside_region(size: int, black: Iterable[int], white: Iterable[int],
                              crucial: Iterable[int], region: Iterable[int]) -> frozenset[int]:
    """The stones of chains inside the fight but outside the region: chains (not crucial)
    whose every neighbour is a region point or a crucial stone.  Moves in the region can
    capture them, and then their points take no move ever (QA s45: a straight four with
    two attacker stones in it, the region marked on its empty points only: once White took
    the stones, Black could never play the vital point among them, and "White lives" was
    proven).  A wall meets points outside the region or stones not at stake, and is not
    named.  Empty without a region."""
    region, crucial = frozenset(region), frozenset(crucial)
    if not region:
        return frozenset()
    color_of = {**dict.fromkeys(black, BLACK), **dict.fromkeys(white, WHITE)}
    inside = region | crucial
    return frozenset(p for _, stones, _ in chains(size, color_of) if crucial.isdisjoint(stones)
                     for p in stones if p not in region
                     if all(n in inside or n in stones for s in stones
                            for n in coords.neighbours(s, size)))


FEW_OUTSIDE = 2     # a chain of the fight with this many liberties outside the region or
#                     fewer is named; every wall of the bundled and shared collections has 3+


def fight_liberties_outside_region(size: int, black: Iterable[int], white: Iterable[int],
                                   crucial: Iterable[int],
                                   region: Iterable[int]) -> frozenset[int]:
    """The liberties outside the region of chains in the fight: chains (not crucial) next
    to a crucial stone with few liberties outside the region (``FEW_OUTSIDE``), whether
    or not they have some in it.  No move is ever played there, so moves in the region
    can never capture such a chain (QA s53: a capturing race's eyeless chain with one
    outside liberty left out of the region, and the race read "Black dies"; QA s55: the
    derived region left out a cutting chain inside the defender's shape, its two
    liberties with it, and "White dies" where White lives by a snapback).  A wall, with
    liberties all round, is not named; nor stones away from the crucial ones (a wall of
    single stones drawn in the editor).  Empty without a region."""
    region, crucial = frozenset(region), frozenset(crucial)
    if not region:
        return frozenset()
    color_of = {**dict.fromkeys(black, BLACK), **dict.fromkeys(white, WHITE)}
    out: set[int] = set()
    for _, stones, libs in chains(size, color_of):
        outside = libs - region
        if crucial.isdisjoint(stones) and 0 < len(outside) <= FEW_OUTSIDE \
                and any(n in crucial for p in stones for n in coords.neighbours(p, size)):
            out |= outside
    return frozenset(out)


def ko_taken_by(board: Board, point: int, taker: int) -> bool:
    """Whether ``taker`` can just have taken a ko at ``point`` on ``board``: its stones on
    every point beside it, one of them alone with ``point`` its only liberty (the engine's
    rule for a ko ban)."""
    beside = coords.neighbours(point, board.size)
    return all(board.color_at(p) == taker for p in beside) and any(
        board.chain(p) == [p] and board.liberties(p) == [point] for p in beside)


def one_side_takes_kos(defender: int, defender_takes: bool) -> tuple[bool, bool]:
    """``ko_allowed`` (black, white) where one side alone may capture kos: the attacker
    (the research rule) or, ``defender_takes``, the defender (the rule turned round)."""
    allowed = {defender: defender_takes, opponent(defender): not defender_takes}
    return allowed[BLACK], allowed[WHITE]


def captures_all(problem: Problem) -> str:
    """What a move that ends the game by capture takes (``Problem.at_stake``): every
    crucial stone (under ``live_any``, every stone of the defender)."""
    if problem.goal != "live_any":
        return "captures every crucial stone"
    return f"captures every {COLOR_NAMES[problem.defender]} stone"


def region_warning(size: int, black: Iterable[int], white: Iterable[int],
                   crucial: Iterable[int], region: Iterable[int]) -> str:
    """What a player must read about a region under which the verdict says nothing of the
    problem, "" for none: a region with no empty point (no move can be played: a pass
    "lives in seki"), crucial stones with liberties outside it
    (``liberties_outside_region``) or within reach of its moves (``leaks_out_of_region``),
    other chains of the fight with a few liberties outside it
    (``fight_liberties_outside_region``), or stones outside it that its moves can capture
    (``capturable_outside_region``).  No
    problem of the shared or bundled collections has any of these: it is a region drawn
    too small."""
    region = frozenset(region)
    if region and region <= frozenset(black) | frozenset(white):
        return "the region has no empty point: no move can be played in it, only passes"
    said = []
    outside = liberties_outside_region(size, black, white, crucial, region)
    if outside:
        one = len(outside) == 1
        said.append(f"crucial stones have {'a liberty' if one else 'liberties'} outside the "
                    f"region ({point_names(outside, size)}): no move is ever played there, so "
                    f"those stones can never be captured; add {'it' if one else 'them'} to "
                    "the region")
    leaks = leaks_out_of_region(size, black, white, crucial, region)
    if leaks:
        one = len(leaks) == 1
        said.append(f"the region leaks: a crucial stone can reach {point_names(leaks, size)} "
                    f"outside it by moves in it, and no move is ever played there, so "
                    f"{'that point' if one else 'those points'} would be a liberty nothing "
                    f"fills; add {'it' if one else 'them'} to the region or close the gap")
    fight = fight_liberties_outside_region(size, black, white, crucial, region)
    if fight:
        one = len(fight) == 1
        said.append(f"stones in the fight have {'a liberty' if one else 'liberties'} outside "
                    f"the region ({point_names(fight, size)}): no move is ever played there, "
                    "so moves in the region can never capture them; if the fight may, add "
                    f"{'it' if one else 'them'} to the region")
    taken = capturable_outside_region(size, black, white, crucial, region)
    if taken:
        said.append(f"the stones at {point_names(taken, size)} can be captured by moves in "
                    "the region but are not in it: once they are taken, no move is ever "
                    "played on their points; add them to the region")
    return "; ".join(said)


def check_position(size: int, black: Iterable[int], white: Iterable[int]) -> None:
    """Raise ProblemError unless the stones are on the board, disjoint, and every chain breathes."""
    try:
        coords.check_size(size)
    except ValueError:
        raise ProblemError(
            f"board size {size!r} is not supported "
            f"({coords.MIN_SIZE}..{coords.MAX_SIZE})") from None
    black, white = set(black), set(white)
    for name, locs in (("black stone", black), ("white stone", white)):
        _check_points(name, locs, size)
    both = sorted(black & white)
    if both:
        raise ProblemError(f"a point is both black and white: {point_names(both, size)}")
    color_of = {p: BLACK for p in black} | {p: WHITE for p in white}
    for color, stones, libs in chains(size, color_of):
        if not libs:
            raise ProblemError(f"the {COLOR_NAMES[color]} chain at "
                               f"{point_name(stones[0], size)} has no liberties")


def _check_points(what: str, locs: Iterable[object], size: int) -> None:
    locs = list(locs)
    for p in locs:
        if not _is_int(p):
            raise ProblemError(f"{what} {p!r} is not a point index")
    for p in sorted(locs):  # type: ignore[type-var]
        if not coords.is_on_board(p, size):
            raise ProblemError(f"{what} {point_name(p, size)} is off a {size}x{size} board")


def _is_int(value: object) -> bool:
    # numpy integers count (boards hand out numpy arrays); bools do not.
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _color_arg(value: object, what: str) -> int:
    if value not in (BLACK, WHITE) or isinstance(value, bool):
        raise ProblemError(f"{what} must be black (1) or white (2), not {value!r}")
    return value  # type: ignore[return-value]


@dataclass(frozen=True)
class Problem:
    """A validated life-and-death problem (see the module docstring for the fields)."""

    size: int
    black: frozenset[int]
    white: frozenset[int]
    to_play: int
    defender: int
    goal: str = "live"
    crucial: frozenset[int] = frozenset()
    region: frozenset[int] = frozenset()
    ko_allowed: tuple[bool, bool] | None = None
    history: tuple[int, ...] = ()
    previous_pass: bool = False
    to_play_given: bool = True
    book_moves: tuple[tuple[int, int], ...] = ()
    title: str = ""
    comment: str = ""
    source: str = ""
    frame: frozenset[int] = frozenset()
    ko_threats: tuple[int, int] = (0, 0)
    ko_point: int = PASS
    game_info: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        # Accept any iterables but store immutable values, so problems can be
        # compared, hashed and shared between threads.
        set_ = object.__setattr__
        try:
            for name in ("black", "white", "crucial", "region", "frame"):
                set_(self, name, frozenset(getattr(self, name)))
            set_(self, "history", tuple(self.history))
            set_(self, "book_moves", tuple(tuple(m) for m in self.book_moves))
            set_(self, "ko_threats", tuple(self.ko_threats))
            # in one order, so that the same game info compares equal however it came
            set_(self, "game_info", tuple(sorted(tuple(pair) for pair in self.game_info)))
        except TypeError as e:
            raise ProblemError(f"a field of the problem has the wrong type: {e}") from None
        for name in ("title", "comment", "source"):
            text = getattr(self, name)
            if isinstance(text, str):
                # a file name's undecodable bytes come as lone surrogates, which no file
                # or terminal takes (QA s46: the proof of "caf\xe9.sgf" was never saved)
                set_(self, name, _without_surrogates(text))
        if self.ko_allowed is None:
            if self.defender in (BLACK, WHITE):
                # Research default: life must not depend on winning a ko.
                set_(self, "ko_allowed", one_side_takes_kos(self.defender, False))
        else:
            set_(self, "ko_allowed", tuple(self.ko_allowed))
        self.validate()

    # --- derived values ------------------------------------------------------

    @property
    def attacker(self) -> int:
        """The side that tries to kill (AND-player)."""
        return opponent(self.defender)

    def color_at(self, loc: int) -> int:
        """EMPTY, BLACK or WHITE at ``loc`` in the setup position."""
        return BLACK if loc in self.black else WHITE if loc in self.white else EMPTY

    def stones(self, color: int) -> frozenset[int]:
        """The setup stones of one colour."""
        return self.black if color == BLACK else self.white

    def region_or_all(self) -> frozenset[int]:
        """The region, or every point of the board when the region is empty."""
        return self.region or frozenset(coords.all_locs(self.size))

    def empty_region(self) -> int:
        """Empty points of the region (of the board without one): what a search's size
        depends on."""
        return sum(1 for p in self.region_or_all() if p not in self.black and p not in self.white)

    def region_warning(self) -> str:
        """See the module function of that name."""
        return region_warning(self.size, self.black, self.white, self.crucial, self.region)

    def ko_capture_allowed(self, color: int) -> bool:
        """Whether ``color`` may capture a ko."""
        assert self.ko_allowed is not None
        return self.ko_allowed[0] if color == BLACK else self.ko_allowed[1]

    def book_moves_for(self, color: int) -> tuple[int, ...]:
        """The book's first moves for ``color`` (locs, PASS included)."""
        return tuple(loc for c, loc in self.book_moves if c == color)

    def with_region(self, region: Iterable[int]) -> Problem:
        """A copy with an explicit region (empty = whole board); validated."""
        return replace(self, region=frozenset(region))

    def at_stake(self) -> frozenset[int]:
        """The points whose defender stones keep the game going: the crucial points, and
        under ``live_any`` (which reads no crucial point) every point of the board.  A move
        that leaves no defender stone on them has won the game for the attacker."""
        if self.goal == "live_any":
            return frozenset(coords.all_locs(self.size))
        return self.crucial

    def after(self, move: int, to_play: int | None = None) -> Problem:
        """The problem after ``to_play`` (default: the side to move) plays ``move`` (PASS
        allowed, unless a pass came before it: that ends the game): the position, the
        history with this one added, the previous pass; crucial stones the move captured
        are no longer crucial (the group at stake is what is left of it).  ProblemError
        for an illegal move, and for one that captures every crucial stone (on a kill-all
        board, every defender stone): the game is over, no problem follows."""
        board = self.to_board()
        if to_play is not None:
            board.to_play = to_play
        if move == PASS and board.consecutive_passes:
            raise ProblemError("a second pass ends the game: no problem follows it")
        mover = board.to_play
        if move != PASS and not board.is_legal(move):
            raise ProblemError(f"{COLOR_NAMES[mover]} {point_name(move, self.size)} is "
                               f"illegal: {board.illegal_reason(move)}")
        board.play(move)
        # a move adds its own stone and takes some: no other point changes
        stones = {c: frozenset([p for p in self.stones(c) if board.color_at(p) == c]
                               + ([move] if move != PASS and c == mover else []))
                  for c in (BLACK, WHITE)}
        if not self.at_stake() & stones[self.defender]:
            raise ProblemError(f"{COLOR_NAMES[mover]} {point_name(move, self.size)} "
                               f"{captures_all(self)}: the game is over")
        crucial = self.crucial & stones[self.defender]
        # a frame stone the move took is no frame stone (review s61: the child kept it, and
        # a classification saved with it did not read back)
        frame = self.frame & (stones[BLACK] | stones[WHITE])
        return self.derived(black=stones[BLACK], white=stones[WHITE], crucial=crucial,
                            frame=frame,
                            to_play=opponent(mover), to_play_given=True,
                            history=tuple(board.history()[:-1]), previous_pass=move == PASS,
                            book_moves=(), ko_point=board.ko_loc,
                            ko_threats=(board.ko_threats(BLACK), board.ko_threats(WHITE)))

    def _check_ko_point(self) -> None:
        """A ko point is where one stone of the side to move was just taken by a single
        stone left with that point as its only liberty (the engine's rule): every point
        beside it holds the taker's stones, one of them such a stone.  Anything else
        forbids a move no game can forbid (QA s62: TO[E1] where no ko could be turned the
        direct ko's answer into "White dies")."""
        taker, point, size = opponent(self.to_play), self.ko_point, self.size
        if ko_taken_by(self.derived(ko_point=PASS).to_board(), point, taker):
            return
        raise ProblemError(f"the ko point {point_name(point, size)} (a ko just taken, the "
                           f"retake forbidden to {COLOR_NAMES[self.to_play]}) is no ko: "
                           f"{COLOR_NAMES[taker]} stones must stand on every point beside "
                           "it, one of them alone with no other liberty")

    def derived(self, **changes) -> Problem:
        """``replace(self, **changes)`` without validating the result again: for changes
        the rules derive from this valid problem (a legal move played, a pass), given in
        their stored forms (frozensets, tuples).  A classification makes a problem per
        first move and rule set, and their validation was a fifth of a small one (s61)."""
        unknown = changes.keys() - set(_FIELD_NAMES)
        if unknown:
            raise TypeError(f"no such fields of a problem: {', '.join(sorted(unknown))}")
        child = object.__new__(Problem)
        for name in _FIELD_NAMES:
            object.__setattr__(child, name, changes[name] if name in changes
                               else getattr(self, name))
        return child

    def to_board(self) -> Board:
        """A fresh engine board: stones, side to move, ko policy, superko history, and
        the previous pass (played on the board, so its pass count is 1)."""
        board = Board(self.size, opponent(self.to_play) if self.previous_pass else self.to_play)
        board.set_stones(self.black, self.white)
        for color, threats in zip((BLACK, WHITE), self.ko_threats, strict=True):
            board.set_ko_capture_allowed(color, self.ko_capture_allowed(color))
            board.set_ko_threats(color, threats)
        board.set_history(list(self.history))
        if self.previous_pass:
            board.play(PASS)
        board.set_ko_point(self.ko_point)
        return board

    # --- construction --------------------------------------------------------

    @classmethod
    def create(cls, size: int, black: Iterable[int], white: Iterable[int], *,
               to_play: int | None = None, defender: int | None = None,
               goal: str | None = None, crucial: Iterable[int] = (),
               **fields: object) -> Problem:
        """Build a problem, deriving what the caller left out.

        * ``defender``: the colour of the crucial stones when they all have
          one colour; otherwise the caller must say.
        * ``goal``: ``"survive"`` when there are crucial stones (what a Go book
          means), else ``"live_any"``.
        * ``to_play``: BLACK with ``to_play_given=False`` when not given.

        Other keyword arguments are fields of :class:`Problem`.
        Raises ProblemError when the defender cannot be derived or the problem
        is invalid.
        """
        black, white, crucial = frozenset(black), frozenset(white), frozenset(crucial)
        check_position(size, black, white)
        _check_points("crucial stone", crucial, size)
        if defender is None:
            defender = _defender_from_crucial(size, black, white, crucial)
        if goal is None:
            goal = "survive" if crucial else "live_any"
        if to_play is None:
            fields.setdefault("to_play_given", False)
            to_play = BLACK
        return cls(size, black, white, to_play, defender, goal, crucial,
                   **fields)  # type: ignore[arg-type]

    # --- validation ----------------------------------------------------------

    def validate(self) -> None:
        """Raise ProblemError naming the first fault; return None for a valid problem."""
        size = self.size
        check_position(size, self.black, self.white)
        _color_arg(self.to_play, "to_play")
        _color_arg(self.defender, "the defender")
        if self.goal not in GOALS:
            raise ProblemError("goal must be one of " + ", ".join(map(repr, GOALS))
                               + f", not {self.goal!r}")
        _check_points("crucial stone", self.crucial, size)
        _check_points("region point", self.region, size)
        defender_name = COLOR_NAMES[self.defender]
        if not self.stones(self.defender):
            raise ProblemError("no defender stones on the board "
                               f"(the defender is {defender_name})")
        for loc in sorted(self.crucial):
            if self.color_at(loc) == EMPTY:
                raise ProblemError(f"crucial stone at {point_name(loc, size)} is an empty point")
        wrong = sorted(loc for loc in self.crucial if self.color_at(loc) != self.defender)
        if wrong:
            # all of them, the one clicked among them (QA s62: a chain's other stone named)
            raise ProblemError(f"crucial {'stones' if len(wrong) > 1 else 'stone'} at "
                               f"{point_names(wrong, size)} "
                               f"{'are' if len(wrong) > 1 else 'is'} "
                               f"{COLOR_NAMES[self.color_at(wrong[0])]} but the defender is "
                               f"{defender_name}")
        if self.goal != "live_any" and not self.crucial:
            raise ProblemError(f"goal {self.goal!r} needs at least one crucial stone (a "
                               "kill-all board, with none, takes the goal 'live_any')")
        ko = self.ko_allowed
        if not (isinstance(ko, tuple) and len(ko) == 2 and all(isinstance(k, bool) for k in ko)):
            raise ProblemError(f"ko_allowed must be two bools (black, white), not {ko!r}")
        threats = self.ko_threats
        if not (len(threats) == 2 and all(_is_int(t) and 0 <= t <= MAX_KO_THREATS
                                           for t in threats)):
            raise ProblemError(f"ko_threats must be two counts 0..{MAX_KO_THREATS} "
                               f"(black, white), not {quoted(threats)}")
        for color, count in zip((BLACK, WHITE), threats, strict=True):
            if count and not self.ko_capture_allowed(color):
                raise ProblemError(f"{COLOR_NAMES[color]} holds {count} ko threat(s) but may "
                                   "not capture kos: a threat only serves to retake a ko")
        if not isinstance(self.previous_pass, bool):
            raise ProblemError(f"previous_pass must be a bool, not {self.previous_pass!r}")
        if self.ko_point != PASS:
            _check_points("the ko point", [self.ko_point], size)
            if self.color_at(self.ko_point) != EMPTY:
                raise ProblemError(f"the ko point {point_name(self.ko_point, size)} is not "
                                   "an empty point")
            if self.previous_pass:
                raise ProblemError("a ko point after a pass: a pass lifts the ko")
            self._check_ko_point()
        if not isinstance(self.to_play_given, bool):
            raise ProblemError(f"to_play_given must be a bool, not {self.to_play_given!r}")
        if not self.to_play_given and self.to_play != BLACK:
            # One representation for "the source did not say", so problems
            # compare equal and survive a round trip through SGF.
            raise ProblemError("to_play must be black when the side to move is not given")
        for h in self.history:
            if not _is_int(h) or not 0 <= h < 2 ** 64:
                raise ProblemError(f"history hash {h!r} is not a 64-bit unsigned int")
        for move in self.book_moves:
            if len(move) != 2:
                raise ProblemError(f"book move {move!r} is not a (colour, loc) pair")
            color, loc = move
            _color_arg(color, "a book move's colour")
            if loc != PASS:
                # Only checked for being a point: book moves are the source's
                # claims and stay as it gave them, even when wrong.
                _check_points("book move", [loc], size)
        _check_points("frame stone", self.frame, size)
        empty = sorted(self.frame - self.black - self.white)
        if empty:
            raise ProblemError(f"frame stone at {point_names(empty, size)} is an empty point")
        for name in ("title", "comment", "source"):
            if not isinstance(getattr(self, name), str):
                raise ProblemError(f"{name} must be a str, not {getattr(self, name)!r}")
        for pair in self.game_info:
            if not (len(pair) == 2 and all(isinstance(x, str) for x in pair)
                    and re.fullmatch("[A-Z]+", pair[0])):
                raise ProblemError(f"game info {quoted(pair)} is not a (property, text) pair "
                                   "such as ('PB', 'Cho Chikun')")
        said = [prop for prop, _ in self.game_info]
        if len(set(said)) < len(said):
            raise ProblemError(f"game info names a property twice: {quoted(said)}")


_FIELD_NAMES = tuple(f.name for f in fields(Problem))


def _defender_from_crucial(size: int, black: frozenset[int], white: frozenset[int],
                           crucial: frozenset[int]) -> int:
    if not crucial:
        raise NoDefenderError(f"no crucial stones: {NO_DEFENDER}")
    colors = set()
    for loc in sorted(crucial):
        if loc in black:
            colors.add(BLACK)
        elif loc in white:
            colors.add(WHITE)
        else:
            raise ProblemError(f"crucial stone at {point_name(loc, size)} is an empty point")
    if len(colors) > 1:
        first = {c: next(p for p in sorted(crucial) if p in s)
                 for c, s in ((BLACK, black), (WHITE, white))}
        raise ProblemError(
            f"crucial stones of both colours (black at {point_name(first[BLACK], size)}, "
            f"white at {point_name(first[WHITE], size)}): {NO_DEFENDER}")
    return colors.pop()


def has_elsewhere(problem: Problem) -> bool:
    """Whether a move may be played off the region: an empty point outside it.  A board
    that is all region has no elsewhere, and a pass there is a pass (QA s57 kill-all D1: on
    a whole-board kill-all, "White need not play" where a White pass lost at once): a
    first move's tenuki (``search.classify.first_move_problem``) needs one."""
    stones = problem.black | problem.white
    return any(p not in problem.region and p not in stones
               for p in coords.all_locs(problem.size)) if problem.region else False
