"""KataGo's network inputs for our engine's ``Board``: input version 7, the one networks of
model versions 8 to 15 read (22 spatial planes, 19 global inputs), exactly as KataGo's
``NNInputs::fillRowV7`` builds them.

What the Board does not know comes from two values:

* :class:`KataGoRules`: ko rule, scoring, tax, multi-stone suicide, button, white's
  handicap bonus (KataGo's rule sets; presets :data:`JAPANESE`, :data:`CHINESE`,
  :data:`TROMP_TAYLOR`, more through :func:`rules_named`).  Komi is not part of the
  rules: it is an argument of :func:`encode_katago` (White's komi, KataGo's convention).
* :class:`KataGoHistory`: what KataGo's ``BoardHistory`` would know about the line
  that led here from the *root* (the position KataGo would have "set up": a problem's
  stones, placed as setup stones).  It is small, immutable and cheap to extend by one
  move (:meth:`KataGoHistory.after`), so a search can carry it down its tree:

  - ``moves``: the last :data:`HISTORY_MOVES` moves as ``(colour, loc)``, newest last,
    passes included;
  - ``past``: the positions before the newest and the second-newest move
    (:class:`PastPosition`: colours and ko point), for the ladder planes 15/16;
  - ``stone_balance``: stones placed by Black minus stones placed by White, KataGo's
    territory-scoring komi adjustment ("1 point of chill per move").  At a set-up
    root: Black's stones on the board minus White's, less the net *white stones
    lost* (KataGo's ``numWhiteCaptures - numBlackCaptures``: white stones captured
    minus black stones captured, i.e. ``captures(BLACK) - captures(WHITE)`` on our
    Board), which makes it "black stones placed − white stones placed" for a root
    reached by play too; then +1 per black move on a point, −1 per white one;
  - ``handicap``: handicap stones of the root (KataGo's rule: a root with no white
    stone and at least two black ones), for the ``N``/``N-1`` handicap bonus;
  - ``passes``: ``(colour, Board.hash)`` of every pass since the root, oldest first:
    the button, consecutive passes, and the simple-ko rule's "same player passes
    again in the same situation" (our hash includes the side to move, which is
    KataGo's situation under simple ko).

  :func:`history_from_moves` builds one from a root Board and the moves since; a
  root whose previous move was a pass (``Board.consecutive_passes``, e.g. a
  ``Problem`` with ``previous_pass``) starts with that pass, so the network is told
  that one more pass ends the game.

Planes (row 0 at the top, as ``Board.colors()``), own = the side to move:

==========  =================================================================
0           on the board
1 / 2       own / opponent stones
3 / 4 / 5   stones of chains with 1 / 2 / 3 liberties
6           the simple-ko point (``Board.ko_loc``, whichever rule); under the
            positional and situational rules also KataGo's superko bans: empty
            points whose stone would repeat a position of the Board's path
            (``Board.history()``), stones only or stones and side to move
7, 8        encore (always 0 here)
9 .. 13     the last five moves, newest first, as long as they alternate
            colours ending with the opponent's (KataGo stops at the first move
            out of turn); a pass marks no point but sets global 0 .. 4
14          stones of chains with 1 or 2 liberties a ladder captures
15 / 16     the same for the positions one / two moves ago (the current one,
            resp. the one before, where the history has no such move)
17          the side to move's moves that ladder-capture an opponent chain with
            2 liberties
18 / 19     own / opponent area: area scoring only (KataGo's ``calculateArea``
            without tax, its independent-life area keeping stones with one)
20, 21      encore (always 0 here)
==========  =================================================================

Global inputs: 0 .. 4 the included last moves were passes; 5 komi from the side to
move's view (with the territory and handicap adjustments and the button's half point)
/ 20; 6 / 7 ko rule (0/0 simple, 1/0.5 positional, 1/−0.5 situational); 8 multi-stone
suicide; 9 territory scoring; 10 / 11 tax (seki, all); 12 / 13 encore phase; 14 a pass
now would end the phase; 15 / 16 playout-doubling advantage (always 0 here); 17 the
button is still there; 18 the komi parity wave (area scoring only).

Deliberate limits (what KataGo could do that this does not):

* the main phase only: KataGo's encore (territory scoring after the game-ending
  passes) is modelled only at its very start (the position right after those passes:
  global 12 set, no history, no ko marks); moves after it are encoded as if the main
  phase went on.  Under area scoring the position after the game-ending passes is
  encoded as KataGo encodes a finished game (history hidden).
* superko bans are read from our Board, which forbids every suicide: a multi-stone
  suicide that would repeat a position (legal under Tromp-Taylor) is never marked.
  Our engine's own ko policy (a side that may not capture kos at all) is not shown:
  KataGo has no such rule.  The path holds what ``Board.set_history`` gave it, so
  positions before the root can ban moves (KataGo would forget them at a set-up root).
* draws count half a win for White (KataGo's default ``drawEquivalentWinsForWhite``),
  so an integer komi gets no draw adjustment; no playout-doubling advantage; KataGo's
  "conservative pass" option is off; the handicap bonus ignores KataGo's option to count
  several black moves at the start as handicap stones.
* ladders: see ``engine_cy.katago_inputs`` (exact up to its node budget and stack limit).

Knows the engine's Board, coordinates and ``engine_cy.katago_inputs``; nothing about
networks, torch or search.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from engine_cy import katago_inputs as _ki
from engine_cy.board import BLACK, PASS, WHITE, Board, zobrist_white_to_play
from tsumego_gui.core.problem import Problem

NUM_SPATIAL = 22
NUM_GLOBAL = 19
HISTORY_MOVES = 5          # moves the planes can show (9..13)
INPUT_VERSION = 7

KO_RULES = ("simple", "positional", "situational")
SCORING_RULES = ("area", "territory")
TAX_RULES = ("none", "seki", "all")
HANDICAP_BONUS_RULES = ("0", "N", "N-1")

_WHITE_TO_PLAY = zobrist_white_to_play()


@dataclass(frozen=True)
class KataGoRules:
    """A KataGo rule set (komi apart): ``ko`` simple/positional/situational, ``scoring``
    area/territory, ``tax`` none/seki/all, ``multi_stone_suicide``, ``has_button``,
    ``white_handicap_bonus`` "0"/"N"/"N-1" (points White gets per handicap stone)."""

    ko: str = "simple"
    scoring: str = "area"
    tax: str = "none"
    multi_stone_suicide: bool = False
    has_button: bool = False
    white_handicap_bonus: str = "0"

    def __post_init__(self) -> None:
        for name, value, allowed in (("ko", self.ko, KO_RULES),
                                     ("scoring", self.scoring, SCORING_RULES),
                                     ("tax", self.tax, TAX_RULES),
                                     ("white_handicap_bonus", self.white_handicap_bonus,
                                      HANDICAP_BONUS_RULES)):
            if value not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
        for name in ("multi_stone_suicide", "has_button"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be a bool")


JAPANESE = KataGoRules("simple", "territory", "seki")
CHINESE = KataGoRules("simple", "area", "none", white_handicap_bonus="N")
TROMP_TAYLOR = KataGoRules("positional", "area", "none", multi_stone_suicide=True)

# KataGo's named rule sets (Rules::parseRules), with the komi it gives each.
_PRESETS: dict[str, tuple[KataGoRules, float]] = {
    "japanese": (JAPANESE, 6.5),
    "korean": (JAPANESE, 6.5),
    "chinese": (CHINESE, 7.5),
    "chinese-ogs": (KataGoRules("positional", "area", "none", white_handicap_bonus="N"), 7.5),
    "chinese-kgs": (KataGoRules("positional", "area", "none", white_handicap_bonus="N"), 7.5),
    "tromp-taylor": (TROMP_TAYLOR, 7.5),
    "aga": (KataGoRules("situational", "area", "none", white_handicap_bonus="N-1"), 7.5),
    "bga": (KataGoRules("situational", "area", "none", white_handicap_bonus="N-1"), 7.5),
    "french": (KataGoRules("situational", "area", "none", white_handicap_bonus="N-1"), 7.5),
    "aga-button": (KataGoRules("situational", "area", "none", has_button=True,
                               white_handicap_bonus="N-1"), 7.0),
    "new-zealand": (KataGoRules("situational", "area", "none", multi_stone_suicide=True), 7.5),
    "stone-scoring": (KataGoRules("simple", "area", "all"), 7.5),
    "ancient-territory": (KataGoRules("simple", "territory", "all"), 6.5),
}
_ALIASES = {"nz": "new-zealand", "newzealand": "new-zealand", "tromptaylor": "tromp-taylor",
            "chineseogs": "chinese-ogs", "chinesekgs": "chinese-kgs", "agabutton": "aga-button",
            "stonescoring": "stone-scoring", "ancientarea": "stone-scoring",
            "ancient-area": "stone-scoring", "ancientterritory": "ancient-territory"}


def _preset_key(name: str) -> str:
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = _ALIASES.get(key, key)
    if key not in _PRESETS:
        raise ValueError(f"unknown KataGo rule set {name!r} "
                         f"(choose from {', '.join(sorted(_PRESETS))})")
    return key


def rules_named(name: str) -> KataGoRules:
    """The rule set KataGo calls ``name`` ("japanese", "chinese", "tromp-taylor", "aga",
    ...; case, ``_`` and spaces as KataGo accepts them).  ValueError if unknown."""
    return _PRESETS[_preset_key(name)][0]


def preset_komi(name: str) -> float:
    """The komi KataGo sets with the rule set ``name``."""
    return _PRESETS[_preset_key(name)][1]


# --- the history ----------------------------------------------------------------------

@dataclass(frozen=True)
class PastPosition:
    """A position the ladder planes 15/16 read: ``size * size`` colour bytes (row-major,
    EMPTY/BLACK/WHITE) and its simple-ko point (``PASS`` if none)."""

    colors: bytes
    ko_loc: int = PASS

    @classmethod
    def of(cls, board: Board) -> PastPosition:
        return cls(_ki.board_rows(board), board.ko_loc)


@dataclass(frozen=True)
class KataGoHistory:
    """The line from the root to a position, as far as KataGo's inputs need it (see the
    module docstring for the fields).  ``past[k]`` is the position before
    ``moves[-1 - k]``; it must be given for each of the last two moves."""

    moves: tuple[tuple[int, int], ...] = ()
    past: tuple[PastPosition, ...] = ()
    stone_balance: int = 0
    handicap: int = 0
    passes: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "moves", tuple((int(c), int(loc)) for c, loc in self.moves))
        set_(self, "past", tuple(self.past))
        set_(self, "passes", tuple((int(c), int(h)) for c, h in self.passes))
        if len(self.moves) > HISTORY_MOVES:
            raise ValueError(f"at most {HISTORY_MOVES} moves, not {len(self.moves)}")
        if any(c not in (BLACK, WHITE) for c, _ in self.moves + self.passes):
            raise ValueError("move and pass colours must be BLACK or WHITE")
        if len(self.past) < min(len(self.moves), 2) or len(self.past) > 2:
            raise ValueError("past must hold the positions before the last two moves "
                             f"({min(len(self.moves), 2)} here), newest first")
        if any(not isinstance(p, PastPosition) for p in self.past):
            raise ValueError("past must hold PastPosition values")
        if self.handicap < 0:
            raise ValueError("handicap must not be negative")

    @classmethod
    def at_root(cls, root: Board) -> KataGoHistory:
        """The history of a set-up root: its stone balance and handicap stones, and the
        passes that led to it (``root.consecutive_passes``, alternating colours, the last
        one by the side not to move; the positions before them: the root's stones, no ko
        point)."""
        rows = _ki.board_rows(root)
        black, white = rows.count(BLACK), rows.count(WHITE)
        balance = black - white - (root.captures(BLACK) - root.captures(WHITE))
        handicap = black if white == 0 and black >= 2 else 0
        n = min(root.consecutive_passes, HISTORY_MOVES)
        me = root.to_play
        # oldest first: the pass k moves before the root was made by `me` when k is even
        movers = [me if (n - i) % 2 == 0 else BLACK + WHITE - me for i in range(n)]
        past = PastPosition(rows, PASS)
        return cls(moves=tuple((c, PASS) for c in movers), past=(past,) * min(n, 2),
                   stone_balance=balance, handicap=handicap,
                   passes=tuple((c, root.hash if c == me else root.hash ^ _WHITE_TO_PLAY)
                                for c in movers))

    def after(self, board: Board, loc: int) -> KataGoHistory:
        """This history extended by ``board.to_play`` playing ``loc`` (PASS allowed) in
        ``board``, the position this history leads to (the move is not checked)."""
        color = board.to_play
        loc = int(loc)
        moves = (self.moves + ((color, loc),))[-HISTORY_MOVES:]
        past = (PastPosition.of(board),) + self.past[:1]
        if loc == PASS:
            return self._trusted(moves, past, self.stone_balance, self.passes
                                 + ((color, board.hash),))
        return self._trusted(moves, past, self.stone_balance + (1 if color == BLACK else -1),
                             self.passes)

    def _trusted(self, moves: tuple, past: tuple, balance: int, passes: tuple) -> KataGoHistory:
        # `after` builds values that are valid by construction: skip __post_init__ (a
        # search extends histories at every node)
        new = object.__new__(KataGoHistory)
        for name, value in (("moves", moves), ("past", past), ("stone_balance", balance),
                            ("handicap", self.handicap), ("passes", passes)):
            object.__setattr__(new, name, value)
        return new


EMPTY_HISTORY = KataGoHistory()


def history_from_moves(root: Board, moves: Iterable[int | tuple[int, int]]) -> KataGoHistory:
    """The history after ``moves`` played from ``root`` (:meth:`KataGoHistory.at_root`).
    A move is a loc (played by the side to move: colours alternate) or ``(colour, loc)``.
    Raises ``IllegalMoveError`` (a ValueError) for a move the engine forbids."""
    history = KataGoHistory.at_root(root)
    board = root.copy()
    for move in moves:
        color, loc = move if isinstance(move, tuple) else (board.to_play, move)
        if color != board.to_play:
            board.to_play = color
        history = history.after(board, loc)
        board.play(loc)
    return history


@functools.lru_cache(maxsize=512)     # as many problems as the evaluator's windows
def _problem_root(problem: Problem, to_play: int) -> Board:
    # never played on: history_from_moves copies it
    board = problem.to_board()
    board.to_play = to_play
    return board


def history_after(problem: Problem, moves: Sequence[int], to_play: int | None = None
                  ) -> KataGoHistory:
    """:func:`history_from_moves` from the problem's position (``Problem.to_board()``,
    cached, its previous pass included) along ``moves`` (locs, colours alternating, as a
    search's line).  ``to_play``: the side to move after them (default: as the problem's
    side to move leaves it); a search may start from the problem's position with the other
    side to move."""
    if to_play is None:
        first = problem.to_play
    else:
        first = to_play if len(moves) % 2 == 0 else BLACK + WHITE - to_play
    return history_from_moves(_problem_root(problem, first), moves)


# --- the encoder ----------------------------------------------------------------------

@dataclass(frozen=True)
class _State:
    """KataGo's history state derived from a KataGoHistory under given rules."""

    turns: tuple[int, ...]        # locs of the included history moves, newest first
    encore: int                   # 0, or 1 right after the passes that end the main phase
    pass_ends_phase: bool
    has_button: bool
    white_bonus: float            # territory chill and the button's half point


def _state(rules: KataGoRules, history: KataGoHistory, board: Board) -> _State:
    me = board.to_play
    moves, passes = history.moves, history.passes
    trailing = 0
    for _, loc in reversed(moves):
        if loc != PASS:
            break
        trailing += 1
    button_taken = rules.has_button and len(passes) > 0
    # the first pass takes the button and does not count towards ending the game
    ending = trailing - 1 if button_taken and 0 < len(passes) <= trailing else trailing
    repeat_passes = passes[1:] if button_taken else passes
    white_bonus = float(history.stone_balance) if rules.scoring == "territory" else 0.0
    if button_taken:
        white_bonus += 0.5 if passes[0][0] == WHITE else -0.5
    ended = False
    if trailing and not (button_taken and len(passes) == 1):
        ended = ending >= 2 or (rules.ko == "simple" and len(repeat_passes) > 0
                                and repeat_passes[-1] in repeat_passes[:-1])
    if ended:
        # area scoring: the game is over and KataGo hides the history; territory
        # scoring: the encore starts, a phase with no moves yet
        encore = 1 if rules.scoring == "territory" else 0
        return _State((), encore, False, rules.has_button and not passes, white_bonus)
    pass_ends = ending + 1 >= 2 or (rules.ko == "simple"
                                    and (me, board.hash) in repeat_passes)
    turns = []
    expect = BLACK + WHITE - me
    for color, loc in reversed(moves):
        if color != expect:
            break
        turns.append(loc)
        expect = BLACK + WHITE - expect
    return _State(tuple(turns), 0, pass_ends, rules.has_button and not passes, white_bonus)


def _handicap_bonus(rules: KataGoRules, handicap: int) -> int:
    if rules.white_handicap_bonus == "N":
        return handicap
    if rules.white_handicap_bonus == "N-1":
        return handicap - 1 if handicap > 1 else 0
    return 0


def _fill_global(board: Board, rules: KataGoRules, komi: float, handicap_bonus: int,
                 state: _State, out: np.ndarray) -> None:
    f32 = np.float32
    out.fill(0.0)
    for k, loc in enumerate(state.turns):
        if loc == PASS:
            out[k] = 1.0
    # float32 sums in KataGo's order: bonus score, handicap bonus, komi
    white_komi = f32(state.white_bonus) + f32(handicap_bonus) + f32(komi)
    self_komi = white_komi if board.to_play == WHITE else -white_komi
    limit = f32(board.size * board.size + 20)
    self_komi = f32(min(max(self_komi, -limit), limit))
    out[5] = self_komi / f32(20.0)
    if rules.ko == "positional":
        out[6], out[7] = 1.0, 0.5
    elif rules.ko == "situational":
        out[6], out[7] = 1.0, -0.5
    out[8] = float(rules.multi_stone_suicide)
    out[9] = float(rules.scoring == "territory")
    out[10] = float(rules.tax != "none")
    out[11] = float(rules.tax == "all")
    out[12] = float(state.encore > 0)
    out[13] = float(state.encore > 1)
    out[14] = float(state.pass_ends_phase)
    out[17] = float(state.has_button)
    if rules.scoring == "area" or state.encore >= 2:
        # where on a 2-point cycle the komi lies relative to the komis that allow a draw
        # (even komis on boards with an even number of points, odd ones otherwise)
        if (board.size * board.size) % 2 == 0:
            floor = f32(math.floor(self_komi / f32(2.0))) * f32(2.0)
        else:
            floor = f32(math.floor((self_komi - f32(1.0)) / f32(2.0))) * f32(2.0) + f32(1.0)
        delta = f32(min(max(self_komi - floor, f32(0.0)), f32(2.0)))
        if delta < 0.5:
            out[18] = delta
        elif delta < 1.5:
            out[18] = f32(1.0) - delta
        else:
            out[18] = delta - f32(2.0)


def _check_komi(komi: float) -> float:
    komi = float(komi)
    if not math.isfinite(komi):
        raise ValueError(f"komi must be a finite number, not {komi!r}")
    return komi


def encode_katago(board: Board, rules: KataGoRules, komi: float,
                  history: KataGoHistory | None = None, *,
                  out_spatial: np.ndarray | None = None, out_global: np.ndarray | None = None,
                  scratch: _ki.Scratch | None = None) -> tuple[np.ndarray, np.ndarray]:
    """KataGo's inputs for ``board`` (side to move: ``board.to_play``) under ``rules`` with
    White's komi ``komi``, after ``history`` (None: ``board`` is a set-up root,
    :meth:`KataGoHistory.at_root`): ``(spatial float32 [22, size, size], global float32
    [19])``.  ``out_spatial``/``out_global``, when given, are filled in place
    (float32, those shapes, the spatial one C-contiguous) and returned.  ``scratch``: an
    ``engine_cy.katago_inputs.Scratch`` of the board's size to reuse across calls (one
    thread at a time).  The board is not changed."""
    if not isinstance(board, Board):
        raise TypeError(f"board must be an engine Board, not {type(board).__name__}")
    if not isinstance(rules, KataGoRules):
        raise TypeError(f"rules must be KataGoRules, not {type(rules).__name__}")
    if history is None:
        history = KataGoHistory.at_root(board)
    elif not isinstance(history, KataGoHistory):
        raise TypeError(f"history must be a KataGoHistory, not {type(history).__name__}")
    komi = _check_komi(komi)
    n = board.size
    spatial = _out(out_spatial, (NUM_SPATIAL, n, n), "out_spatial")
    global_ = _out(out_global, (NUM_GLOBAL,), "out_global")
    _encode_one(board, rules, komi, history, spatial, global_, scratch)
    return spatial, global_


def encode_katago_batch(boards: Sequence[Board], rules: KataGoRules, komi: float,
                        histories: Sequence[KataGoHistory | None], out_spatial: np.ndarray,
                        out_global: np.ndarray) -> None:
    """Encode ``boards[i]`` after ``histories[i]`` (None: a set-up root) into
    ``out_spatial[i]`` (float32 ``[N, 22, size, size]``, C-contiguous) and
    ``out_global[i]`` (float32 ``[N, 19]``); all boards of one size, N at least
    ``len(boards)``.  Rows past ``len(boards)`` are left as they are."""
    if len(boards) != len(histories):
        raise ValueError(f"{len(boards)} boards but {len(histories)} histories")
    if not boards:
        return
    if not isinstance(rules, KataGoRules):
        raise TypeError(f"rules must be KataGoRules, not {type(rules).__name__}")
    komi = _check_komi(komi)
    n = boards[0].size
    if (not isinstance(out_spatial, np.ndarray) or out_spatial.dtype != np.float32
            or out_spatial.ndim != 4 or out_spatial.shape[1:] != (NUM_SPATIAL, n, n)
            or out_spatial.shape[0] < len(boards) or not out_spatial.flags.c_contiguous):
        raise ValueError(f"out_spatial must be C-contiguous float32 [>= {len(boards)}, "
                         f"{NUM_SPATIAL}, {n}, {n}]")
    if (not isinstance(out_global, np.ndarray) or out_global.dtype != np.float32
            or out_global.ndim != 2 or out_global.shape[1] != NUM_GLOBAL
            or out_global.shape[0] < len(boards)):
        raise ValueError(f"out_global must be float32 [>= {len(boards)}, {NUM_GLOBAL}]")
    scratch = _ki.Scratch(n)
    for i, (board, history) in enumerate(zip(boards, histories, strict=True)):
        if not isinstance(board, Board) or board.size != n:
            raise ValueError(f"boards[{i}] is not an engine Board of size {n}")
        if history is None:
            history = KataGoHistory.at_root(board)
        elif not isinstance(history, KataGoHistory):
            raise TypeError(f"histories[{i}] is not a KataGoHistory")
        _encode_one(board, rules, komi, history, out_spatial[i], out_global[i], scratch)


def _out(out: np.ndarray | None, shape: tuple[int, ...], name: str) -> np.ndarray:
    if out is None:
        return np.zeros(shape, np.float32)
    if (not isinstance(out, np.ndarray) or out.dtype != np.float32 or out.shape != shape
            or not out.flags.c_contiguous):
        raise ValueError(f"{name} must be a C-contiguous float32 array of shape {shape}")
    return out


def _encode_one(board: Board, rules: KataGoRules, komi: float, history: KataGoHistory,
                spatial: np.ndarray, global_: np.ndarray, scratch: _ki.Scratch | None) -> None:
    n = board.size
    for p in history.past:
        if len(p.colors) != n * n:
            raise ValueError(f"a past position of the history is not of a {n}x{n} board")
    state = _state(rules, history, board)
    # planes 15/16 fall back to the position before them when the turns stop short
    prev1 = history.past[0] if len(state.turns) >= 1 else None
    prev2 = history.past[1] if len(state.turns) >= 2 else None
    superko = _ki.SUPERKO_NONE
    if state.encore == 0 and rules.ko == "positional":
        superko = _ki.SUPERKO_POSITIONAL
    elif state.encore == 0 and rules.ko == "situational":
        superko = _ki.SUPERKO_SITUATIONAL
    area = _ki.AREA_NONE
    if rules.scoring == "area":
        area = _ki.AREA_PLAIN if rules.tax == "none" else _ki.AREA_KEEP_STONES
    _ki.encode_spatial(
        board, spatial, state.turns,     # a pass marks no point (PASS is "nothing")
        prev1.colors if prev1 else None, prev1.ko_loc if prev1 else PASS,
        prev2.colors if prev2 else None, prev2.ko_loc if prev2 else PASS,
        use_ko_loc=state.encore == 0, superko=superko, area=area,
        suicide=rules.multi_stone_suicide, scratch=scratch)
    _fill_global(board, rules, komi, _handicap_bonus(rules, history.handicap), state, global_)


__all__ = [
    "CHINESE", "EMPTY_HISTORY", "HISTORY_MOVES", "INPUT_VERSION", "JAPANESE", "NUM_GLOBAL",
    "NUM_SPATIAL", "TROMP_TAYLOR", "KataGoHistory", "KataGoRules", "PastPosition",
    "encode_katago", "encode_katago_batch", "history_after", "history_from_moves", "preset_komi",
    "rules_named",
]
