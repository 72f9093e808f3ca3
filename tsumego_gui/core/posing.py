"""Pose an open problem: who must live, who moves first, which stones are the target.

A Go player's problem is a corner or side position with at most a line of
text ("Black to live", 黑先活, 白先殺, 黑棋不死, 흑선활) and some solution
variations.  It names no crucial stones and no region.  :func:`pose` reads
what it can and says how sure it is (:class:`Posing`):

* **Intent** (:func:`read_intent`): the side to move and the side that must
  live, from the title and the comment.  Text that names two different
  intents (a book page listing several problems) gives no intent of its own
  (but see the defender below), and text in a language this module does not
  read is ignored: it never guesses from words it does not know.
  Where the file's node names (``N``) name one of the problems a book page
  states under place names ("左上: 345頁, 白先活"), that problem's words
  decide (:func:`named_intent`).
* **Side to move**: given by the file (``PL``) if it says, else the colour of
  the solution variations' first moves when they agree, else the intent's.
* **Defender**: the intent's; else, where the text states several problems
  (a book page) and the file or the solution lines say who moves, the intent
  of those problems where that side moves, when they agree; else geometry:
  the attacker closes the defender in from outside, so the colour with fewer
  stones facing the open board defends; on a tie, the colour whose stones lie
  nearer the edges; then the side to move.
* **Targets**: the defender's stones.  The goal ``survive`` then means that
  the defender wins if one of them is still on the board at the end, so a
  sacrifice of some of them is allowed, as in the books.

Stones that fall into two separate fights, an empty board and a board with
no room around the stones are refused with a message asking the user to mark
the target or the region (:class:`~tsumego_gui.core.problem.ProblemError`).

Knows stones and text; nothing about frames (``core.frame``), files or search.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine_cy.board import BLACK, WHITE
from tsumego_gui.core import coords, crucial_chains
from tsumego_gui.core.problem import COLOR_NAMES, Problem, ProblemError, opponent, point_name

FIGHT_GAP = 3      # stones farther apart than this (Chebyshev) are separate fights

SURE, LIKELY, GUESS = "sure", "likely", "guess"      # Posing.confidence, best first

_COLOR_WORDS = {"黑": BLACK, "黒": BLACK, "흑": BLACK, "black": BLACK,
                "白": WHITE, "백": WHITE, "white": WHITE}
_CJK_COLOR = "[黑黒白흑백]"
# (pattern, meaning); the groups are colour words; meaning says what they are:
# "move+live": group 1 moves first and lives; "move+kill": group 1 moves and kills;
# "move,live:2" / "move,die:2": group 1 moves, group 2 lives / dies;
# "live": group 1 is the one whose life is at stake ("lives", "dies", "不死");
# "move": group 1 moves (goal unknown).
_INTENTS = [
    # 生き: Japanese "lives" (QA s50: 黒先生き read as 黒先 alone)
    (rf"({_CJK_COLOR})\s*先\s*({_CJK_COLOR})\s*(?:(?:淨|净)?活|生き)", "move,live:2"),
    (rf"({_CJK_COLOR})\s*先\s*({_CJK_COLOR})\s*死", "move,die:2"),
    (rf"({_CJK_COLOR})\s*先\s*(?:(?:淨|净|做)?活|生き)", "move+live"),
    (rf"({_CJK_COLOR})\s*先\s*(?:殺|杀|殺し|吃)", "move+kill"),
    # seki is life to the goal ``survive``; a ko or a won race names no side that must
    # live (QA s51 book D8: 白先雙活 and 白先劫 were quoted as "白先")
    (rf"({_CJK_COLOR})\s*先\s*(?:雙活|双活|セキ)", "move+live"),
    (rf"({_CJK_COLOR})\s*先\s*(?:打劫|劫|コウ|勝|胜)", "move"),
    (rf"({_CJK_COLOR})\s*(?:棋|石)?\s*不死", "live"),
    (rf"({_CJK_COLOR})\s*(?:先|番)", "move"),
    (r"(흑|백)\s*선\s*(흑|백)\s*(?:활|삶)", "move,live:2"),
    (r"(흑|백)\s*선\s*(흑|백)\s*(?:사|죽음)", "move,die:2"),
    (r"(흑|백)\s*선\s*(?:활|삶|살)", "move+live"),
    (r"(흑|백)\s*선\s*(?:사|잡)", "move+kill"),
    (r"(흑|백)\s*선\s*빅", "move+live"),
    (r"(흑|백)\s*선\s*패", "move"),
    (r"\b(black|white)\s+to\s+(?:play\s+(?:and|&)\s+)?(?:live|make\s+life|survive)\b",
     "move+live"),
    (r"\b(black|white)\s+to\s+(?:play\s+(?:and|&)\s+)?(?:kill|capture)\b", "move+kill"),
    (r"\b(black|white)\s+(?:lives|is\s+alive|dies|is\s+dead)\b", "live"),
    (r"\b(black|white)\s+to\s+play\b", "move"),
]
_COMPILED = [(re.compile(p, re.IGNORECASE), m) for p, m in _INTENTS]
# where a book page names its problems (左上: 345頁, 白先活 ...): corners, sides, centre
_PLACES = r"[左右][上下]|[上下左右][邊边]|中央|中腹"


@dataclass(frozen=True)
class Intent:
    """What a problem's text says: the side to move and the side that must live (None: unsaid)."""

    to_play: int | None = None
    defender: int | None = None
    text: str = ""                 # the words it was read from


@dataclass(frozen=True)
class Posing:
    """Who must live, who moves, the target stones, and how each was decided."""

    to_play: int
    defender: int
    targets: frozenset[int]
    confidence: str                # SURE (text or file said it) | LIKELY | GUESS (geometry)
    reasons: tuple[str, ...]       # one line per decision, for the UI and the CLI

    @property
    def attacker(self) -> int:
        return opponent(self.defender)


def read_claims(text: str) -> list[Intent]:
    """Every intent the text states, one per phrase found (a book page may state several)."""
    claims = []
    rest = text
    for pattern, meaning in _COMPILED:
        for m in pattern.finditer(rest):
            colors = [_COLOR_WORDS[g.lower()] for g in m.groups()]
            first = colors[0]
            to_play, defender = {
                "move+live": (first, first),
                "move+kill": (first, opponent(first)),
                "live": (None, first),
                "move": (first, None),
            }.get(meaning) or (first, colors[1])   # "move,live:2" / "move,die:2": the second
            claims.append(Intent(to_play, defender, m.group(0)))
        # a longer form must not be read again by a shorter pattern ("黑先活" as "黑先")
        rest = pattern.sub(" ", rest)
    return claims


def agreed(claims: list[Intent]) -> Intent | None:
    """The one intent ``claims`` make together, or None when they are none or disagree."""
    moves = {c.to_play for c in claims if c.to_play is not None}
    lives = {c.defender for c in claims if c.defender is not None}
    if not claims or len(moves) > 1 or len(lives) > 1:
        return None
    return Intent(moves.pop() if moves else None, lives.pop() if lives else None,
                  ", ".join(dict.fromkeys(c.text for c in claims)))   # each words once


def read_intent(text: str) -> Intent | None:
    """The intent of a problem's text, or None when it says none or contradicts itself."""
    return agreed(read_claims(text))


def named_intent(text: str, names: tuple[str, ...]) -> tuple[str, Intent] | None:
    """Of a text stating several problems under place names ("右下: 343頁, 白先活右上:
    ..."), (the name, its intent) where ``names`` (the file's node names, ``N``) name
    exactly one of those places and its part of the text states an intent; else None
    (QA s51 book D8: N[下邊] named the problem and was not read)."""
    parts = list(re.finditer(rf"({_PLACES})\s*[:：]", text))
    named = {place for name in names for place in re.findall(_PLACES, name)}
    found = [(m.group(1), text[m.end():parts[i + 1].start() if i + 1 < len(parts) else None])
             for i, m in enumerate(parts) if m.group(1) in named]
    if len({place for place, _ in found}) != 1:
        return None
    intent = agreed([c for _, part in found for c in read_claims(part)])
    return (found[0][0], intent) if intent is not None else None


def intent_for_side(text: str, to_play: int) -> Intent | None:
    """Of a text stating several problems (a book page: "lower right: Black to live,
    upper right: White to live"), the intent of those where ``to_play`` moves, when
    they name one side that must live; None otherwise."""
    mine = agreed([c for c in read_claims(text) if c.to_play == to_play])
    return mine if mine is not None and mine.defender is not None else None


def text_disagrees(problem: Problem) -> str:
    """What a marked problem's own text says against its defender or its side to move,
    for a warning; "" where it says nothing against them (or nothing this module reads).  The
    marks decide the solve: a book's words may be wrong, and a file's marks are what its
    author set down for a solver (a posed problem took its defender from the text)."""
    text = f"{problem.title}\n{problem.comment}"
    claims = read_claims(text)
    intent = agreed(claims)
    if intent is None:
        return ""
    said = []
    # "here": the file's marks and PL, its lines' first moves, or the user's edits (QA s45:
    # "the file gives" blamed the file for both of the last two)
    if intent.defender is not None and intent.defender != problem.defender:
        said.append(f"{COLOR_NAMES[intent.defender]} must live, but "
                    f"{COLOR_NAMES[problem.defender]} is the defender here")
    if intent.to_play is not None and problem.to_play_given \
            and intent.to_play != problem.to_play:
        said.append(f"{COLOR_NAMES[intent.to_play]} plays first, but "
                    f"{COLOR_NAMES[problem.to_play]} does here")
    if not said:
        return ""
    # each phrase quoted as the text has it, in its order (QA s62: 'White dies, Black to
    # play' read as one quote, where the two stand sentences apart)
    phrases = sorted(dict.fromkeys(c.text for c in claims),
                     key=lambda phrase: text.find(phrase) % (len(text) + 1))    # -1: last
    words = ", ".join(repr(phrase) for phrase in phrases)
    return f"the problem's text ({words}) says {' and '.join(said)}; the solve follows " \
        "the problem as set up, not its text"


def problem_warnings(problem: Problem) -> list[str]:
    """What a player must read before the verdict: the region's warning
    (``Problem.region_warning``), the crucial chains' (``core.crucial_chains``) and the
    text's (:func:`text_disagrees`), those that apply."""
    return [w for w in (problem.region_warning(), crucial_warning(problem),
                        text_disagrees(problem)) if w]


def crucial_warning(problem: Problem) -> str:
    """``crucial_chains.crucial_warning`` of ``problem``."""
    return crucial_chains.crucial_warning(problem.size, problem.black, problem.white,
                                          problem.crucial, problem.region, problem.goal)


def fights(size: int, stones: frozenset[int]) -> list[frozenset[int]]:
    """The stones grouped into fights: stones within FIGHT_GAP of each other share one."""
    rc = {p: coords.from_loc(p, size) for p in stones}
    left, out = set(stones), []
    while left:
        start = left.pop()
        group, stack = {start}, [start]
        while stack:
            r, c = rc[stack.pop()]
            near = [q for q in left
                    if max(abs(rc[q][0] - r), abs(rc[q][1] - c)) <= FIGHT_GAP]
            for q in near:
                left.discard(q)
                group.add(q)
                stack.append(q)
        out.append(frozenset(group))
    return sorted(out, key=len, reverse=True)


def edge_distance(loc: int, size: int) -> int:
    """Lines between a point and the nearest board edge (0 on the first line)."""
    r, c = coords.from_loc(loc, size)
    return min(r, c, size - 1 - r, size - 1 - c)


def facing_outside(size: int, black: frozenset[int], white: frozenset[int]) -> dict[int, int]:
    """How many stones of each colour touch the open board: the empty points joined,
    through empty points, to the space beyond the stones' bounding box."""
    stones = black | white
    rows = [coords.from_loc(p, size)[0] for p in stones]
    cols = [coords.from_loc(p, size)[1] for p in stones]

    def beyond(p: int) -> bool:
        r, c = coords.from_loc(p, size)
        return not (min(rows) <= r <= max(rows) and min(cols) <= c <= max(cols))

    open_board = {p for p in coords.all_locs(size) if p not in stones and beyond(p)}
    stack = list(open_board)
    while stack:
        for n in coords.neighbours(stack.pop(), size):
            if n not in stones and n not in open_board:
                open_board.add(n)
                stack.append(n)
    return {color: sum(1 for p in s if any(n in open_board for n in coords.neighbours(p, size)))
            for color, s in ((BLACK, black), (WHITE, white))}


def _enclosed_side(size: int, black: frozenset[int], white: frozenset[int],
                   to_play: int) -> tuple[int, str]:
    """The colour that is closed in, and why: fewer stones facing the open board (the
    attacker surrounds from outside), else stones nearer the edge, else the side to move."""
    facing = facing_outside(size, black, white)
    if facing[BLACK] != facing[WHITE]:
        defender = min(facing, key=facing.get)
        return defender, (f"fewer of its stones face the open board: {facing[defender]} vs "
                          f"{facing[opponent(defender)]}")
    mean = {color: sum(edge_distance(p, size) for p in s) / len(s)
            for color, s in ((BLACK, black), (WHITE, white))}
    if mean[BLACK] != mean[WHITE]:
        defender = min(mean, key=mean.get)
        return defender, (f"its stones lie nearer the edge: {mean[defender]:.1f} vs "
                          f"{mean[opponent(defender)]:.1f} lines on average")
    return to_play, "nothing tells the sides apart: the side to move"


def pose(size: int, black: frozenset[int], white: frozenset[int], *,
         to_play: int | None = None, text: str = "",
         first_moves: tuple[int, ...] = (), defender: int | None = None,
         chosen: int | None = None, names: tuple[str, ...] = ()) -> Posing:
    """Decide the defender, the side to move and the targets of an open problem.

    ``to_play``: the file's side to move, or None when it does not say.
    ``text``: title and comment.  ``first_moves``: the colours of the solution
    variations' first moves.  ``defender``: the colour the file's marks give (its
    ``TR`` stones'), where the text names no side that must live.  ``chosen``: the
    defender the caller gives (``--defender``), before anything.  ``names``: the file's
    node names (``N``), which may name one of the problems a book page's text states
    (:func:`named_intent`).  Raises ProblemError
    when the position holds no plausible problem.
    """
    marked = defender
    stones = frozenset(black) | frozenset(white)
    if not black or not white:
        lacking = WHITE if black else BLACK
        missing = f"no {COLOR_NAMES[lacking]} stones" if stones else "no stones"
        raise ProblemError(f"{missing}: this is not a life-and-death position; set up "
                           "both sides' stones or mark the target and the region")
    groups = fights(size, stones)
    if len(groups) > 1:
        where = ", ".join(point_name(min(g), size) for g in groups)
        raise ProblemError(f"the stones form {len(groups)} separate fights (near {where}): "
                           "mark the target stones or the region to say which one to solve")
    reasons: list[str] = []
    confidence = SURE
    # the problem a name picks from a page first: its words alone are about this problem
    named = named_intent(text, names)
    intent = read_intent(text) if named is None else None
    if named is not None:
        place, intent = named
        reasons.append(f"the file names this problem {place!r}, and the text says "
                       f"{intent.text!r} for it")
    elif intent is not None:
        reasons.append(f"the text says {intent.text!r}")
    elif text.strip():
        reasons.append("the text names no single intent")

    move_colors = set(first_moves)
    said = intent.to_play if intent is not None else None
    if to_play is not None and said is not None and said != to_play and \
            move_colors == {said}:
        # an editor that always writes PL[B] (QA s50: 白先杀, every line White's, solved
        # as Black to play and live)
        reasons.append(f"{COLOR_NAMES[said]} to play: the text and every solution "
                       f"variation say so, though the file's PL says {COLOR_NAMES[to_play]}")
        to_play = said
    elif to_play is not None:
        # a file's PL, or the To play box of a position set up by hand (QA s56)
        reasons.append(f"{COLOR_NAMES[to_play]} to play: as given")
    elif len(move_colors) == 1:
        to_play = move_colors.pop()
        reasons.append(f"{COLOR_NAMES[to_play]} to play: the solution variations start so")
    elif intent is not None and intent.to_play is not None:
        to_play = intent.to_play
        reasons.append(f"{COLOR_NAMES[to_play]} to play: from the text")
    else:
        to_play, confidence = BLACK, LIKELY
        reasons.append("black to play: nothing says otherwise (the usual default)")

    # a page of problems: the side to move (said by the file or the lines) picks its intent
    page = intent_for_side(text, to_play) if intent is None and confidence == SURE else None
    if chosen is not None:
        defender = chosen
        reasons.append(f"{COLOR_NAMES[defender]} must live: as given")
    elif intent is not None and intent.defender is not None:
        # the text first: a book's triangle may sit on either side's stone (QA s44: Cho
        # Chikun's comments speak of "白三角子", a white marked stone, on a Black-to-live page)
        defender = intent.defender
        reasons.append(f"{COLOR_NAMES[defender]} must live: from the text" + (
            f" (the file's TR marks are on {COLOR_NAMES[marked]} stones)"
            if marked is not None and marked != defender else ""))
    elif marked is not None:
        defender = marked
        reasons.append(f"{COLOR_NAMES[defender]} must live: the file's TR marks are on its "
                       "stones")
    elif page is not None:
        defender, confidence = page.defender, LIKELY
        reasons.append(f"{COLOR_NAMES[defender]} must live: the text states several problems, "
                       f"and those where {COLOR_NAMES[to_play]} moves say {page.text!r}")
    else:
        defender, why = _enclosed_side(size, black, white, to_play)
        reasons.append(f"{COLOR_NAMES[defender]} must live: a guess ({why})")
        confidence = GUESS
    targets = frozenset(black if defender == BLACK else white)
    return Posing(to_play, defender, targets, confidence, tuple(reasons))
