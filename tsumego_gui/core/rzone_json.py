"""Import of the research problem format (RZS paper's json files).

Fields read (shared/design/reference-implementations.md §A):

* ``masked_sgf_str``: the position: ``SZ``, ``AB``/``AW`` setup, and for
  the 7x7 files a move list from the empty board, played with captures.
  Passes (``W[]``) are played as passes (the research loader skips them;
  the position is the same).  The positions along the way become the
  superko history.  ``MA`` there is the region; ``TR``, ``PL`` and ``KM``
  (an FTL move budget, not komi) are not read: the json fields below say
  the same or more.
* ``winning_color`` (``b``/``w``): the defender.  ``turn_color``: the side
  to move at the root; when it is not the side after the last move, that
  side passes, as the research loader does.
* ``black_search_goal``/``white_search_goal``: the defender's goal,
  ``TOLIVE`` -> ``live``, ``TOLIVE_ANY`` -> ``live_any``; the attacker's
  (``TOKILL``, ``TOKILL_ALL``) is never evaluated by the research code and
  only checked for being a known name.
* ``black_crucial_stone``/``white_crucial_stone``: comma-separated SGF
  (or GTP) points, ``tt`` = pass (marks nothing).  Groups joined with ``|``
  mean "any group", the same as one group; ``&`` (all groups must live) has
  no equivalent here and is rejected.
* ``black_ko_rule``/``white_ko_rule``: ``allow_ko`` / ``disallow_ko``.
* ``region``: comma-separated SGF points (empty or absent: ``MA`` of the
  masked SGF; both empty: the whole board).
* ``answer_firstmove``: the book's first move for the side to move, kept as
  a book move; ``tt`` ("no move needed": the defender is already alive) is
  kept as a pass.
* the title is the json file's own name with ``filename`` (the problem's file in
  the research set) after it, "18 (s1_.sgf)" (QA s57 kill-all D6: ``filename``
  alone named 18.json "s1_.sgf"); the json file's name is the source.

The file is UTF-8 (a byte-order mark is allowed); a string holding half a
UTF-16 pair (``"\ud800"``, which JSON allows) reads it as U+FFFD.  Every
fault raises ProblemError saying in words what is wrong, quoting at most a
short piece of a bad value.  This module knows nothing about search.
"""

from __future__ import annotations

import json
import re
from os import PathLike
from pathlib import Path

from engine_cy.board import BLACK, PASS, WHITE
from tsumego_gui.core import coords
from tsumego_gui.core.problem import Problem, ProblemError, quoted
from tsumego_gui.core.sgf_io import SGF_COLORS, check_points, game_of, parse_games, replay

_GOALS = {"TOLIVE": "live", "TOLIVE_ANY": "live_any"}
_ATTACKER_GOALS = ("TOKILL", "TOKILL_ALL", "TOLIVE", "TOLIVE_ANY")
_KO_RULES = {"allow_ko": True, "disallow_ko": False}


def read_rzone_json(path: str | PathLike[str]) -> Problem:
    """Read one research json problem.  Raises ProblemError naming the fault."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise ProblemError(f"cannot read {path}: {e.strerror or e}") from None
    data = _json_object(raw)

    def text(name: str, default: str | None = None) -> str:
        value = data.get(name, default)
        if not isinstance(value, str):
            raise ProblemError(f"field {name!r} is missing or not a string")
        # JSON may spell half a UTF-16 pair ("\ud800"), which is no character: U+FFFD
        return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace").strip()

    def color(name: str) -> int:
        value = text(name)
        if value.lower() not in SGF_COLORS:
            raise ProblemError(f"{name} {quoted(value)} is not 'b' or 'w'")
        return SGF_COLORS[value.lower()]

    defender, to_play = color("winning_color"), color("turn_color")
    side = {BLACK: "black", WHITE: "white"}
    goals = {c: text(f"{side[c]}_search_goal") for c in (BLACK, WHITE)}
    if goals[defender] not in _GOALS:
        raise ProblemError(f"{side[defender]}_search_goal {quoted(goals[defender])} is not a goal "
                           "for the winning colour (TOLIVE or TOLIVE_ANY)")
    attacker = defender ^ 3
    if goals[attacker] not in _ATTACKER_GOALS:
        raise ProblemError(f"{side[attacker]}_search_goal {quoted(goals[attacker])} is not a "
                           "known goal")
    ko = {}
    for c in (BLACK, WHITE):
        rule = text(f"{side[c]}_ko_rule")
        if rule not in _KO_RULES:
            raise ProblemError(f"{side[c]}_ko_rule {quoted(rule)} is not allow_ko or disallow_ko")
        ko[c] = _KO_RULES[rule]

    masked = text("masked_sgf_str").encode("utf-8")
    try:
        # the first game of the SGF; its text is the json's, so UTF-8 whatever CA says
        game = game_of(parse_games(masked)[0], encoding="UTF-8")
        size = game.get_size()
        nodes = game.get_main_sequence()
        root = game.get_root()
        check_points(root, size, ("MA",))
        marked = root.get("MA") if root.has_property("MA") else set()
        played = replay(nodes, size)
    except ProblemError as e:
        raise ProblemError(f"masked_sgf_str: {e}") from None
    played.set_to_play(to_play)
    board = played.board

    crucial: set[int] = set()
    for c in (BLACK, WHITE):
        crucial |= _points(text(f"{side[c]}_crucial_stone", ""), size,
                           f"{side[c]}_crucial_stone")
    region = _points(text("region", ""), size, "region")
    ma_region = {coords.from_sgfmill(p, size) for p in marked}
    if region and ma_region and region != ma_region:
        raise ProblemError("the region field and MA in masked_sgf_str differ")
    answer = text("answer_firstmove", "")
    book = ()
    if answer:
        try:
            book = ((to_play, PASS if answer == "tt" else coords.from_sgf(answer, size)),)
        except ValueError:
            raise ProblemError(f"answer_firstmove {quoted(answer)} is not a point of the "
                               f"{size}x{size} board (an SGF point such as 'cd', or 'tt': no "
                               "move needed)") from None

    black = [p for p in coords.all_locs(size) if board.color_at(p) == BLACK]
    white = [p for p in coords.all_locs(size) if board.color_at(p) == WHITE]
    original = text("filename", "")
    return Problem.create(
        size, black, white, to_play=to_play, defender=defender, goal=_GOALS[goals[defender]],
        crucial=crucial, region=region or ma_region, ko_allowed=(ko[BLACK], ko[WHITE]),
        history=tuple(played.history), book_moves=book,
        title=f"{path.stem} ({original})" if original else path.stem, source=path.name)


def _json_object(raw: bytes) -> dict:
    """The object a research json file holds; ProblemError saying in words why not."""
    try:
        text = raw.decode("utf-8-sig")      # a byte-order mark some editors write is allowed
    except UnicodeDecodeError as e:
        raise ProblemError(f"not UTF-8 text: the byte 0x{raw[e.start]:02x} at position "
                           f"{e.start} cannot be read (a research json file is UTF-8)") from None
    if not text.strip():
        raise ProblemError("the file is empty (a research json file holds one object)")
    try:
        data = json.loads(text)
    except RecursionError:
        raise ProblemError("not valid JSON: its lists or objects nest too deeply") from None
    except ValueError as e:
        raise ProblemError(f"not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise ProblemError("the json file does not hold an object")
    return data


def _points(value: str, size: int, name: str) -> set[int]:
    """Points of a comma-separated list (SGF ``dd`` or GTP ``D4``); ``tt`` and ``pass``
    mark nothing."""
    if "&" in value:
        raise ProblemError(f"{name}: groups that must all live ('&') are not supported")
    out = set()
    for item in re.split(r"[,|]", value):
        item = item.strip()
        if item in ("", "tt"):
            continue
        try:
            if re.fullmatch(r"[a-s]{2}", item):
                loc = coords.from_sgf(item, size)
            else:
                loc = coords.from_gtp(item, size)
        except ValueError:
            raise ProblemError(f"{name}: {quoted(item)} is not a point of the {size}x{size} "
                               "board (points are SGF 'cd' or GTP 'C4', comma-separated)") from None
        if loc != PASS:
            out.add(loc)
    return out
