"""Read problems from SGF and write them back (sgfmill does all the SGF syntax).

Reading (:func:`read_sgf`): every game of a collection becomes one
:class:`~tsumego_gui.core.problem.Problem`.

* ``SZ`` (2..19), ``AB``/``AW``/``AE`` setup in the root and in later setup
  nodes; ``GM`` other than 1 is rejected.
* **Problem file or game record?** When the root marks a problem (``TR``,
  ``MA``, ``SQ`` or one of our own properties below) or has two or more
  children, the root is the problem and the first moves of its children are
  the solution variations: they become ``book_moves`` (colour, loc) and are
  not played, each once; a variation whose first comment starts with ``WRONG``
  or ``OPEN`` (problem sites' and our export's marks) or that its labels call a
  failure (``N[失敗圖]``, as books' files label their lines, or "wrong") or a
  reference diagram (``N[參考圖]``) is not a book move (:func:`line_verdict`).
  Before that, setup nodes after a root that marks nothing, and a line of
  unlabelled moves that ends where labelled answers branch, are lifted into the
  root (:func:`lift_to_branch`): the problem is the position where its answers
  branch, as a viewer shows it.
  Otherwise the file is a game record (the research 7x7 files, the PCN
  Killall-Go records): its main line is played with captures, passes included,
  and the problem is the position after the last move. The positions along the
  way become the problem's superko ``history``. Two moves of one colour in a
  row are read as a pass in between.
* ``PL``: side to move; ``PL[]`` counts as absent.  After a played line the
  side to move is the one after the last move.  With neither, ``to_play`` is
  BLACK and ``to_play_given`` False: "solve for both sides".
* ``TR`` on stones: crucial stones (``TR`` on an empty point is an error).
* ``MA`` on a stone: a *target* (tsumego.js convention): the defender is its
  colour and its whole chain is crucial.  ``MA`` on empty points: region.
* ``SQ``: with a target, holes in the attacker's wall (tsumego.js
  convention): each must be empty and is filled with an attacker stone.
  Without a target: region points (stones allowed).
* A target with no region marked gets the enclosed region of
  :mod:`tsumego_gui.core.region` (``auto_region=False`` leaves it empty).
* ``GN``, root ``C`` and ``SO`` become title, comment and source (``SO``
  absent: the file name).
* The root's other game-info properties (``GAME_INFO``: the players, the
  date, the rules, ``KM``...) become ``game_info``, each as its text, so that a
  file written from the problem (a save, an export of its proof) still says
  them.  Properties of the position and marks (``AB``, ``PL``, ``SQ``, ``TR``,
  ours...) are never among them: the writer writes those from the problem.
* Keyword arguments override what the file says.  The defender comes from
  the argument, else ``TD``, else the target's colour, else the colour of
  the crucial stones.  With none of these, the caller must give it.

Our own properties (for what SGF has no standard property for; Sabaki
and GoGui keep unknown properties and ignore them), all on the root but
``TZ``, which only exported proofs carry, on their move nodes:

======  ================================================================
``TG``  goal: ``survive``, ``live`` or ``live_any`` (absent: ``survive``
        with crucial stones, else ``live_any``)
``TD``  defender: ``B`` or ``W``
``TK``  sides allowed to capture a ko: ``B``, ``W``, ``BW`` or ``-`` (none)
``TT``  external ko threats held (``Problem.ko_threats``): ``B:W`` counts,
        e.g. ``TT[1:0]``; absent: none
``TO``  the point the side to move may not retake at once (the previous
        move took a ko there; ``Problem.ko_point``)
``TH``  superko history: one 16-digit hex Zobrist hash (``engine_cy.board``)
        per value, oldest first; valid for the engine that wrote it
``TP``  ``TP[1]``: the previous move was a pass (a pass now ends the game);
        a game record whose last move is a pass says it by that move
``TF``  the stones a tsumego frame added (``Problem.frame``): points, each
        holding a stone of the setup
``TZ``  relevance zone of a proof node: its points, on the move node that
        reaches it, where it differs from the zone above (a node without one
        has its nearest ancestor's; ``search.proof``); the reader here ignores it
======  ================================================================

Writing (:func:`write_sgf`) uses ``AB``/``AW``, ``PL`` (only when the side to
move is given), ``TR`` on crucial stones, ``SQ`` on region points, ``GN``/
``C``/``SO``, the game info, the properties above, and one child of the root
per book move, so that ``read_sgf(write_sgf(p)) == [p]``.  Text is stored as
SGF text, so the round trip is exact for text already in SGF's normal form: a
one-line title, a comment whose line breaks are ``\\n`` and that holds no
tabs (game info as the comment).

Text (``GN``, ``C``, ``SO``, a variation's ``N``) is decoded in the file's
character set (``CA``; without it, :func:`guess_encoding`: UTF-8 where the
text reads so, else the East Asian set that reads the most of a problem's
words, else SGF's default, ISO-8859-1); bytes that set cannot read become
U+FFFD, so that a mislabelled comment does not make a problem unreadable.  A
book's lines written into a file of ours (:func:`write_sgf`'s ``lines``) are
re-encoded as its UTF-8.  A ``CA`` that names no character set Python knows is an
error (``CA[]`` counts as absent).

Every failure, from unreadable bytes to illegal moves, raises ProblemError
with a message in words that quotes what is wrong (``AB[zz] is off the 9x9
board``, ``it ends in the middle of game 1``).  :func:`game_of` and
:func:`text_of` are the checked ways into sgfmill that ``open_problem`` and
``rzone_json`` share.
This module knows nothing about search or Benson.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path

from sgfmill import sgf, sgf_grammar

from engine_cy.board import BLACK, EMPTY, PASS, WHITE, Board, IllegalMoveError
from tsumego_gui.core import coords
from tsumego_gui.core.file_limits import MAX_SGF_NODES
from tsumego_gui.core.posing import read_intent
from tsumego_gui.core.problem import (
    COLOR_NAMES,
    GOALS,
    Problem,
    ProblemError,
    check_position,
    ko_taken_by,
    opponent,
    point_name,
    point_names,
)
from tsumego_gui.core.region import enclosed_region

SGF_COLORS = {"b": BLACK, "w": WHITE}     # sgfmill's colour letters
DEFAULT_CHARSET = "ISO-8859-1"     # SGF's (and sgfmill's) when CA is absent; CA[] too
COLOUR_LETTERS = {BLACK: "b", WHITE: "w"}      # a colour as sgfmill writes it
# Root properties that say "this root is a problem, its children are answers".
_UNANSWERED = re.compile(r"\s*(WRONG|OPEN)\b")
# the words that label a solution variation a failure (Chinese, Japanese, Korean, English)
FAILURE_LABEL = re.compile(r"失敗|失败|실패|\bWRONG\b|\bfail(?:ure|s|ed)?\b|\bincorrect\b",
                           re.IGNORECASE)
# the name of a reference diagram (參考圖, 参考図, 참고도): a line shown beside the answer,
# such as the attacker's tries on a "cannot be killed" problem (QA s44: book 23, 黑棋不死)
REFERENCE_LABEL = re.compile(r"參考|参考|참고|\breference\b", re.IGNORECASE)
RIGHT_LABEL = re.compile(r"正解|\bRIGHT\b|\bcorrect\b", re.IGNORECASE)
# what a book's line is (``line_verdict``); "": its labels do not say
RIGHT, WRONG, REFERENCE = "right", "wrong", "reference"
# what a reader of many games calls as it goes: (games done, games in the file); a long
# read shows it, and stops by raising from it (``problem_files.ReadCancelled``)
Progress = Callable[[int, int], None]
_PROBLEM_MARKUP = ("TR", "MA", "SQ", "TG", "TD", "TK", "TH", "TP", "TF")
# SGF FF[4]'s game-info properties and Go's (HA, KM) that a problem keeps as it read them
# (``Problem.game_info``); GN and SO are its title and source.  Only these are ever copied
# to a file written from a problem: never what sets up or marks the position.
GAME_INFO = ("PB", "BR", "BT", "PW", "WR", "WT", "HA", "KM", "RU", "TM", "OT", "DT", "EV",
             "RO", "PC", "GC", "ON", "RE", "AN", "CP", "US")


# --- reading -----------------------------------------------------------------

def read_sgf(source: str | PathLike[str] | bytes, *, defender: int | None = None,
             to_play: int | None = None, goal: str | None = None,
             ko_allowed: tuple[bool, bool] | None = None,
             auto_region: bool = True) -> list[Problem]:
    """Read every game of an SGF file (a path) or of SGF bytes as a problem.

    Returns a list with one Problem per game.  Raises ProblemError naming
    the fault (prefixed with the game number in a collection of several):
    the first game's that has one (:func:`read_sgf_games` keeps the others).
    """
    games = read_sgf_games(source, defender=defender, to_play=to_play, goal=goal,
                           ko_allowed=ko_allowed, auto_region=auto_region)
    for game in games:
        if isinstance(game, ProblemError):
            raise game
    return games


def read_sgf_games(source: str | PathLike[str] | bytes, *, defender: int | None = None,
                   to_play: int | None = None, goal: str | None = None,
                   ko_allowed: tuple[bool, bool] | None = None,
                   auto_region: bool = True,
                   progress: Progress | None = None,
                   stop_at: Callable[[Problem | ProblemError], bool] | None = None
                   ) -> list[Problem | ProblemError]:
    """Each game of an SGF file or bytes: its Problem, or the ProblemError that says why it
    gives none (prefixed with the game number in a collection of several; a
    NoDefenderError stays one).  A file that cannot be read or parsed at all raises.
    ``progress(done, total)`` is called before each game and at the end (what it
    raises stops the reading and comes out of this call).  The first game for which
    ``stop_at`` is true ends the reading: the games up to it come back, it last.  A
    collection cut short keeps the games that parse, the broken one's error last
    (:func:`parse_collection`)."""
    if isinstance(source, bytes | bytearray | memoryview):
        data, name = bytes(source), ""
    else:
        path = Path(source)
        try:
            data = path.read_bytes()
        except OSError as e:
            raise ProblemError(f"cannot read {path}: {e.strerror or e}") from None
        name = path.name
    trees, broken = parse_collection(data)
    if not trees:
        raise broken
    games: list[Problem | ProblemError] = []
    for i, tree in enumerate(trees):
        if progress is not None:
            progress(i, len(trees))
        try:
            games.append(read_game(tree, name, defender=defender, to_play=to_play,
                                   goal=goal, ko_allowed=ko_allowed,
                                   auto_region=auto_region))
        except ProblemError as e:
            games.append(e if len(trees) == 1 and broken is None
                         else type(e)(f"game {i + 1}: {e}"))
        if stop_at is not None and stop_at(games[-1]):
            break
    else:
        if progress is not None:
            progress(len(trees), len(trees))
        if broken is not None:
            games.append(broken_game(broken))
    return games


def broken_game(broken: ProblemError) -> ProblemError:
    """The entry of a collection's game that does not parse, after the games that do."""
    return ProblemError(str(broken).removeprefix("not a readable SGF file: "))


def parse_games(data: bytes) -> list[sgf_grammar.Coarse_game_tree]:
    """The games of SGF bytes, parsed; ProblemError saying in words why they cannot be.
    A game whose position is set up in the nodes after its root is read as if the root
    held it (:func:`lift_setup`)."""
    trees, broken = parse_collection(data)
    if broken is not None:
        raise broken
    return trees


def parse_collection(data: bytes) -> tuple[list[sgf_grammar.Coarse_game_tree],
                                           ProblemError | None]:
    """The games of SGF bytes up to the first that does not parse, and the error saying
    why that one does not (None: every game parses); where not even the first parses, no
    games and that error.  A collection cut short inside its last game keeps the games
    before it (QA s50: a download cut near its end opened none).  Each game as
    :func:`parse_games` gives it."""
    nodes = data.count(b";")          # every node starts with one (comments may add some)
    if nodes > MAX_SGF_NODES:
        raise ProblemError(f"the file holds about {nodes:,} SGF nodes, more than any problem "
                           f"file (at most {MAX_SGF_NODES:,})")
    try:
        trees, broken = sgf_grammar.parse_sgf_collection(data), None
    except ValueError as e:
        broken = ProblemError(f"not a readable SGF file: {_parse_error_words(str(e))}")
        # the games before the broken one: sgfmill's collection reader is a loop over
        # its game reader, which says where each game ends (a private function: where a
        # later sgfmill lacks it, nothing is kept, as before)
        trees, position = [], 0
        while True:
            try:
                tree, position = sgf_grammar._parse_sgf_game(data, position)
            except (ValueError, AttributeError):
                break
            if tree is None:
                break
            trees.append(tree)
    for tree in trees:
        lift_setup(tree)
        lift_to_branch(tree)
    return trees, broken


# what sets up or marks a problem's position, and what plays a move
_SETUP = ("AB", "AW", "AE")
_POSED = (*_SETUP, "PL", *_PROBLEM_MARKUP)
_MOVES = ("B", "W")


def lift_setup(tree: sgf_grammar.Coarse_game_tree) -> None:
    """Merge into a bare root the node after it where it sets the position up.

    SGF lets any node hold setup stones; some editors write the game's properties (SZ,
    FF) in the root and the stones, the side to move and the marks in the next node.  The
    readers take a problem from the root, so such a file read as an open position posed
    with Black to play, its PL and marks unread (QA s46: a wrong verdict, verified).
    Only a root that sets up and marks nothing takes a node, and only a node that places
    stones and plays no move and clears nothing: a root that holds the problem keeps its
    next node as the line it is (an answer drawn with AW, a hint marked with MA; review
    s46).  The root's own properties (its comment, its name) stay beside the node's.
    """
    seq = tree.sequence
    if len(seq) < 2 or any(p in seq[0] for p in _POSED):
        return
    node = seq[1]
    if any(p in node for p in _MOVES) or "AE" in node or not ("AB" in node or "AW" in node):
        return
    root = seq[0]
    for prop, values in seq.pop(1).items():
        if prop not in root:
            root[prop] = values
        elif prop in ("C", "GN"):
            root[prop] = [b"\n".join(root[prop] + values)]
        # any other game property in both (FF, SZ): the root's, where SGF puts it


def lift_to_branch(tree: sgf_grammar.Coarse_game_tree) -> None:
    """Make the position where a problem's answers branch the root (QA s50: two files a
    problem site might give were read as games, the answer played, verified wrong).

    * Setup nodes after the root (stones placed, or taken off with ``AE``, no move
      played) that more nodes follow: the position is theirs, the root's stones as they
      change it (a viewer shows the same), with their side to move, marks and text.
    * A position made by moves alone (no setup stones before them), none labelled (N or
      C naming a right, wrong or reference line), that ends where two or more
      variations branch, each labelled, or whose last node states a problem ("Black to
      play and live"): the position after the moves is the problem, the variations its
      answers, the last node's text its text.  Moves after setup stones are the answer
      (a book's single right move, White's replies labelled below it: review s50); an
      earlier move's marks are that move's (a last-move triangle), not the problem's; a
      reviewed game whose game line goes on unlabelled stays a game.

    Only a root that marks no problem (``TR``, ``SQ``...) is changed: a marked root is
    the problem.  The lifted position has no history (a ko the line took is not kept),
    and its side to move is what a ``PL`` says (else the answers' first moves say it).
    A line that does not replay (an illegal move) leaves the tree as it was, for the
    readers to name the fault."""
    seq = tree.sequence
    if len(seq) < 2 or any(p in seq[0] for p in _PROBLEM_MARKUP):
        return
    end = 1
    while end < len(seq) and any(p in seq[end] for p in _SETUP) \
            and not any(p in seq[end] for p in _MOVES):
        end += 1
    if end == len(seq) and not tree.children:
        end = 1             # the last node: an answer drawn with setup stones
    set_up = any(p in node for node in seq[:end] for p in ("AB", "AW"))
    try:
        game = game_of(tree)
        line = game.get_main_sequence()[:len(seq)]
        branch = line[-1]
        if not set_up and len(branch) >= 2 and not any(_labelled(n) for n in line[1:]) and (
                all(line_verdict(child)[0] for child in branch)
                or read_intent(text_of(branch, "C")) is not None):
            end = len(seq)
        if end > 1:
            tree.sequence = [_lifted(seq[0], line[:end], game.get_size()), *seq[end:]]
    except ProblemError:
        return


def _labelled(node: sgf.Tree_node) -> bool:
    """Whether a node's name or comment labels a line right, wrong or a reference."""
    return any(label.search(text_of(node, p)) for p in ("N", "C")
               for label in (RIGHT_LABEL, FAILURE_LABEL, REFERENCE_LABEL))


def _lifted(root: dict[str, list[bytes]], nodes: list[sgf.Tree_node],
            size: int) -> dict[str, list[bytes]]:
    """The raw root holding the position ``nodes`` (the root first) set up and play, with
    the setup nodes' side to move, marks and text, and the last node's text
    (:func:`lift_to_branch`)."""
    played = replay(nodes, size)
    lifted = {p: v for p, v in root.items() if p not in (*_SETUP, *_MOVES)}
    for prop, color in (("AB", BLACK), ("AW", WHITE)):
        points = [_sgf_point(p, size) for p in coords.all_locs(size)
                  if played.board.color_at(p) == color]
        if points:
            lifted[prop] = points
    for node in nodes[1:]:
        raw = node.get_raw_property_map()
        moved = any(p in raw for p in _MOVES)
        if moved:
            lifted.pop("PL", None)      # a PL before a move no longer says who moves
            if node is not nodes[-1]:
                continue                # a move's own marks and words
        for prop, values in raw.items():
            if prop in (*_SETUP, *_MOVES) or (moved and prop not in ("C", "GN", "PL")):
                continue
            if prop in ("C", "GN") and prop in lifted:
                lifted[prop] = [b"\n".join(lifted[prop] + values)]
            elif prop in lifted and prop in _POSED and prop != "PL":
                lifted[prop] = lifted[prop] + values
            else:
                lifted[prop] = values
    return lifted


def game_of(tree: sgf_grammar.Coarse_game_tree, encoding: str | None = None) -> sgf.Sgf_game:
    """The sgfmill game of a parsed game, its board size and character set checked first
    (sgfmill's own errors there are bare: "size out of range: 52", "unknown encoding: ").

    ``encoding``: the character set of the bytes whatever ``CA`` says (a research json's
    SGF is UTF-8).  Raises ProblemError.
    """
    root = tree.sequence[0]
    _size(root)
    if encoding is None and "CA" not in root:
        encoding = guess_encoding(tree)
    if encoding is None and "CA" in root:
        # sgfmill reads CA itself; handing it the name we checked keeps its errors out
        encoding = root["CA"][0].decode("ascii", "replace").strip() or DEFAULT_CHARSET
        # files labelled GB2312 are GBK in practice, and GB18030 reads both (QA s46: 殺,
        # outside GB2312, came out as U+FFFD)
        if _is_text_codec(encoding) and codecs.lookup(encoding).name in ("gb2312", "gbk"):
            encoding = "GB18030"
        if not _is_text_codec(encoding):
            raise ProblemError(f"{shown_value('CA', root['CA'][0])} is not a character set this "
                               "reader knows (such as UTF-8, ISO-8859-1, GB18030 or Shift_JIS)")
    return _get(sgf.Sgf_game.from_coarse_game_tree, tree, encoding)


# a file without CA is, by SGF's rule, ISO-8859-1; in practice it is UTF-8, or from an
# East Asian problem site in its own legacy set (QA s45: 黑先活 in GBK read as "ºÚÏÈ»î",
# its failure line taken for an answer, and UTF-8 itself read as "é»åæ´»")
_GUESSED = ("GB18030", "Shift_JIS", "EUC-KR", "Big5")
# characters a problem's text is made of, in Chinese, Japanese and Korean: a guess that
# reads more of them is the likelier
_PROBLEM_CHARACTERS = frozenset("黑黒白先活死殺杀劫正解失敗败變变図圖题題흑백선활사정답실패")


def guess_encoding(tree: sgf_grammar.Coarse_game_tree) -> str | None:
    """The character set of a game that names none (no ``CA``): UTF-8 where its text
    reads as UTF-8, else the East Asian set in which its text reads as the most of a
    problem's characters; None (SGF's default, ISO-8859-1) where no set reads it whole."""
    text = bytearray()
    stack = [tree]
    while stack:
        game = stack.pop()
        for node in game.sequence:
            for values in node.values():
                for value in values:
                    text += value
        stack.extend(game.children)
    data = bytes(text)
    if data.isascii():
        return None
    try:
        data.decode("utf-8")
        return "UTF-8"
    except UnicodeDecodeError:
        pass
    scores = {}
    for name in _GUESSED:
        try:
            read = data.decode(name)
        except UnicodeDecodeError:
            continue
        scores[name] = sum(ch in _PROBLEM_CHARACTERS for ch in read)
    best = max(scores, key=scores.get, default=None)
    return best if best is not None and scores[best] > 0 else None


def _is_text_codec(name: str) -> bool:
    """Whether ``name`` is a codec that turns bytes into text ("rot13" and "hex" are codecs
    too, of another kind) and reads plain ASCII as itself, as an SGF file's character
    set must (QA s46: "idna" and "punycode" are text codecs that fail on a comment)."""
    if not name.isascii():      # sgfmill refuses other names
        return False
    try:
        return codecs.lookup(name).name not in _HOST_NAME_CODECS \
            and _ASCII_SAMPLE.decode(name) == _ASCII_SAMPLE.decode("ascii")
    except (LookupError, ValueError):
        return False


# no backslash: Shift_JIS-2004 reads it as a yen sign, and SGF's escapes are undone first
_ASCII_SAMPLE = b"Black to play: B1, then W[aa]. (1-2)"
# codecs that read the sample as itself yet are no character set: internet names' (they
# refuse other text) and Python's escapes (they would read a comment's backslashes)
_HOST_NAME_CODECS = ("idna", "punycode", "unicode-escape", "raw-unicode-escape")


def text_of(node: sgf.Tree_node, prop: str) -> str:
    """A text property's value, "" when absent: SGF escapes undone, decoded in the file's
    character set with U+FFFD for bytes it cannot read."""
    if not node.has_property(prop):
        return ""
    raw = node.get_raw(prop)
    value = (sgf_grammar.simpletext_value(raw) if prop in _SIMPLE_TEXT
             else sgf_grammar.text_value(raw))
    return value.decode(node.get_encoding(), "replace")


_SIMPLE_TEXT = ("GN", "SO", "N")      # SGF's one-line texts: line breaks become spaces

# The properties of SGF FF[4] (Go) and the older ones readers still meet, and ours
# (T*: problem markup, zones, ko): the rest are an editor's private properties.
_KNOWN_PROPERTIES = frozenset("""
    AB AE AN AP AR AS AW B BL BM BR BT C CA CP CR DD DM DO DT EV FF FG GB GC GM GN GW HA HO
    ID IP IT KM KO L LB LN M MA MN N OB OM ON OP OT OV OW PB PC PL PM PW RE RG RO RU SC SE
    SI SL SO SQ ST SZ TB TC TE TM TR TW UC US V VW W WL WR WT
    TD TF TG TH TK TO TP TT TZ
    DI DP GE CO
""".split())    # the last line: goproblems.com's difficulty, genre and such (QA s50)


def note_texts(node: sgf.Tree_node) -> list[str]:
    """The texts a node keeps about itself besides ``C``: the game comment ``GC`` and the
    values of private properties (an editor's own, where some keep a problem's
    statement: a book file has "白先活" in an ``AEC`` property).  Values of
    properties this module reads for what they mean are not among them, nor values
    without a letter in any script: an editor's flags and numbers (MultiGo's
    ``MULTIGOGM[1]`` read as a comment "1", QA s43)."""
    names = ["GC"] + sorted(p for p in node.properties() if p not in _KNOWN_PROPERTIES)
    return [text for text in (text_of(node, p) for p in names)
            if any(ch.isalpha() for ch in text)]


@dataclass
class Replay:
    """A main line played out on an engine board (see :func:`replay`)."""

    board: Board
    history: list[int] = field(default_factory=list)
    moves: int = 0
    last_mover: int | None = None

    def set_to_play(self, color: int) -> None:
        """Make ``color`` the side to move; after a played line that is a pass, kept in history."""
        if self.board.to_play != color:
            if self.history:
                self.history.append(self.board.hash)
            self.board.to_play = color


def replay(nodes: list[sgf.Tree_node], size: int) -> Replay:
    """Apply setup (``AB``/``AW``/``AE``) and moves of ``nodes`` in order, root first.

    Moves are played with captures by the engine (passes included); a move
    by the side not to move is read as a pass before it.  The returned
    history holds the hash of every position before the last one, starting
    after the root's setup (setup positions are not moves).
    Raises ProblemError for bad setup or an illegal move.
    """
    board = Board(size, BLACK)
    out = Replay(board)
    for i, node in enumerate(nodes):
        check_points(node, size, ("AB", "AW", "AE", "B", "W"),
                      where="" if i == 0 else f"node {i}: ")
        black, white, empty = (
            {coords.from_sgfmill(p, size) for p in pts} for pts in setup_points(node))
        for a, b, what in ((black, white, "black and white"), (black, empty, "black and empty"),
                           (white, empty, "white and empty")):
            if a & b:
                raise ProblemError(f"a point is both {what}: {point_names(a & b, size)}")
        if i == 0:
            # Check the root's stones as a whole, so the message matches Problem's.
            check_position(size, black, white)
        elif black or white or empty:
            out.history.append(board.hash)
        try:
            for color, locs in ((EMPTY, empty), (BLACK, black), (WHITE, white)):
                for loc in sorted(locs):
                    board.set_stone(loc, color)
        except ValueError as e:
            raise ProblemError(f"setup in node {i}: {e}") from None
        color_name, point = _get(node.get_move)
        if color_name is None:
            continue
        color = SGF_COLORS[color_name]
        out.set_to_play(color)
        out.history.append(board.hash)
        out.moves += 1
        loc = coords.from_sgfmill(point, size)
        try:
            board.play(loc)
        except IllegalMoveError:
            raise ProblemError(
                f"move {out.moves} ({color_name.upper()} {point_name(loc, size)}) is illegal: "
                f"{board.illegal_reason(loc)}") from None
        out.last_mover = color
    return out


def read_game(tree: sgf_grammar.Coarse_game_tree, file_name: str = "", *,
              defender: int | None = None, to_play: int | None = None,
              goal: str | None = None, ko_allowed: tuple[bool, bool] | None = None,
              auto_region: bool = True) -> Problem:
    """One parsed game (:func:`parse_games`) as a problem: :func:`read_sgf`'s rules."""
    root_props = tree.sequence[0]
    size = _size(root_props)
    if "GM" in root_props and root_props["GM"][0].strip() != b"1":
        raise ProblemError(f"{shown_value('GM', root_props['GM'][0])} is not a game of Go (GM[1])")
    game = game_of(tree)
    root = game.get_root()
    is_problem = any(root.has_property(p) for p in _PROBLEM_MARKUP) or len(root) > 1
    nodes = [root] if is_problem else _get(game.get_main_sequence)
    played = replay(nodes, size)
    board = played.board

    # Side to move: argument, else after the last move, else PL, else "not given".
    given = True
    if to_play is None:
        if played.moves:
            to_play = opponent(played.last_mover)
        else:
            to_play = color_prop(root, "PL")
            if to_play is None:
                to_play, given = BLACK, False
    played.set_to_play(to_play)

    check_points(root, size, ("TR", "MA", "SQ", "TF", "TO"))
    if is_problem:
        for child in root:
            check_points(child, size, ("B", "W"), where="a solution move: ")

    def locs(prop: str) -> set[int]:
        if not root.has_property(prop):
            return set()
        return {coords.from_sgfmill(p, size) for p in _get(root.get, prop)}

    marked_ma, marked_sq = locs("MA"), locs("SQ")
    targets = sorted(p for p in marked_ma if board.color_at(p) != EMPTY)
    region = {p for p in marked_ma if board.color_at(p) == EMPTY}
    crucial = locs("TR")
    if targets:
        target_colors = {board.color_at(t) for t in targets}
        if len(target_colors) > 1:
            raise ProblemError(f"MA targets of both colours: {point_names(targets, size)}")
        target_color = target_colors.pop()
        _fill_wall_holes(board, marked_sq, opponent(target_color))
        for t in targets:
            crucial.update(board.chain(t))
        if defender is None and not root.has_property("TD"):
            defender = target_color
        if not region and auto_region:
            region = set(enclosed_region(board, targets))
    else:
        region |= marked_sq

    if defender is None:
        defender = color_prop(root, "TD")
    if goal is None and root.has_property("TG"):
        goal = _text(root.get_raw("TG"))
        if goal not in GOALS:
            raise ProblemError(f"{shown_value('TG', goal.encode())} is not a goal "
                               f"({', '.join(GOALS)})")
    if ko_allowed is None and root.has_property("TK"):
        ko_allowed = _ko_prop(_text(root.get_raw("TK")))
    threats = _threats_prop(_text(root.get_raw("TT"))) if root.has_property("TT") else (0, 0)
    history = [_hash_prop(v) for v in root.get_raw_list("TH")] if root.has_property("TH") else []
    previous_pass = board.consecutive_passes >= 1
    if root.has_property("TP"):
        if _text(root.get_raw("TP")) != "1":
            raise ProblemError(f"{shown_value('TP', root.get_raw('TP'))} is not TP[1] (the "
                               "previous move was a pass)")
        previous_pass = True
    ko_point = board.ko_loc
    if root.has_property("TO"):
        points = _raw_points(root, "TO", size)
        if len(points) != 1:
            raise ProblemError(f"{shown_value('TO', root.get_raw('TO'))} is not one point "
                               "(the ko point)")
        (ko_point,) = points
        if board.color_at(ko_point) == EMPTY and ko_taken_by(board, ko_point, to_play):
            # the side to move took it: the ban was the other side's, and a move elsewhere
            # lifted it, as turning the side to move does (files that turned PL and kept TO)
            ko_point = PASS
    book_moves = []
    if is_problem:
        verdicts = [line_verdict(child)[0] for child in root]
        for child, verdict in zip(root, verdicts, strict=True):
            color_name, point = _get(child.get_move)
            # a variation marked as a failure or as undecided (problem sites' convention,
            # and our own export's) is not the book's answer, nor one no label judges
            # beside one labelled right (goproblems.com marks only the right line: QA
            # s50); several lines of one first move (a book's variations of the answer)
            # give it once
            failed = _UNANSWERED.match(text_of(child, "C")) or \
                verdict in (WRONG, REFERENCE) or (not verdict and RIGHT in verdicts)
            move = None if color_name is None else \
                (SGF_COLORS[color_name], coords.from_sgfmill(point, size))
            if move is not None and not failed and move not in book_moves:
                book_moves.append(move)

    black = [p for p in coords.all_locs(size) if board.color_at(p) == BLACK]
    white = [p for p in coords.all_locs(size) if board.color_at(p) == WHITE]
    return Problem.create(
        size, black, white, to_play=to_play, defender=defender, goal=goal, crucial=crucial,
        region=region, ko_allowed=ko_allowed, history=tuple(history + played.history),
        previous_pass=previous_pass, to_play_given=given, book_moves=tuple(book_moves),
        title=text_of(root, "GN"), comment=text_of(root, "C"),
        source=text_of(root, "SO") or file_name, frame=_raw_points(root, "TF", size),
        ko_threats=threats, ko_point=ko_point, game_info=game_info_of(root))


def game_info_of(root: sgf.Tree_node,
                 leave: tuple[str, ...] = ()) -> tuple[tuple[str, str], ...]:
    """The root's game-info properties (``GAME_INFO``, but those in ``leave``) that hold
    text, as ``(property, text)`` pairs (``Problem.game_info``)."""
    texts = ((prop, text_of(root, prop)) for prop in GAME_INFO if prop not in leave)
    return tuple((prop, text) for prop, text in texts if text)


def _fill_wall_holes(board: Board, holes: set[int], attacker: int) -> None:
    size = board.size
    for loc in sorted(holes):
        if board.color_at(loc) != EMPTY:
            raise ProblemError(f"wall hole {point_name(loc, size)} (SQ) is not an empty point")
        try:
            board.set_stone(loc, attacker)
        except ValueError as e:
            raise ProblemError(f"filling the wall hole {point_name(loc, size)} with a "
                               f"{COLOR_NAMES[attacker]} stone: {e}") from None


def line_verdict(node: sgf.Tree_node) -> tuple[str, str]:
    """(what a book's line is, its labels): ``RIGHT``, ``WRONG``, ``REFERENCE`` or "",
    from the line's first node ``node`` and the nodes of its main line below.

    The first node's own name (``N``), then its comment, say what the line is; where they
    do not, the labels along the line do, a failure first (a "correct" line whose later
    comment says another move fails is judged by its name: QA s44).  A reference diagram
    is only ever named so."""
    own = [text_of(node, p) for p in ("N", "C")]
    labels, below = [t for t in own if t], node
    while len(below):
        below = below[0]
        labels += [text_of(below, p) for p in ("N", "C") if below.has_property(p)]
    name, comment = own
    label = " ".join(labels)
    if REFERENCE_LABEL.search(name) and not (FAILURE_LABEL.search(name)
                                             or RIGHT_LABEL.search(name)):
        return REFERENCE, label
    for text in (name, comment, label):
        if FAILURE_LABEL.search(text):
            return WRONG, label
        if RIGHT_LABEL.search(text):
            return RIGHT, label
    return "", label


def read_marks(data: bytes) -> dict:
    """What the first game's root says of the marks and rules, each property as far as it
    reads, for a draft that is no problem yet (the editor's own drafts, saved before they
    were: QA s56): ``crucial`` (``TR`` points), ``region`` (``SQ`` and ``MA`` points, a
    target's ``MA`` on a stone too), ``frame`` (``TF`` points), ``defender``
    (``TD``), ``goal`` (``TG``), ``ko_allowed`` (``TK``), ``ko_threats`` (``TT``); a
    property that does not read is left out.  ProblemError where the game does not
    parse."""
    game = game_of(parse_games(data)[0])
    root, size = game.get_root(), game.get_size()
    marks: dict = {}

    def points(prop: str) -> set[int]:
        try:
            return {coords.from_sgfmill(p, size) for p in root.get(prop)} \
                if root.has_property(prop) else set()
        except ValueError:
            return set()

    def frame() -> frozenset[int]:
        check_points(root, size, ("TF",))       # our own property, read raw
        return _raw_points(root, "TF", size)

    marks["crucial"] = frozenset(points("TR"))
    marks["region"] = frozenset(points("SQ") | points("MA"))
    for key, read in (("defender", lambda: color_prop(root, "TD")),
                      ("goal", lambda: _text(root.get_raw("TG"))),
                      ("ko_allowed", lambda: _ko_prop(_text(root.get_raw("TK")))),
                      ("ko_threats", lambda: _threats_prop(_text(root.get_raw("TT")))),
                      ("frame", frame)):
        try:
            value = read()
        except (ProblemError, KeyError, ValueError, IndexError):
            continue
        if value is not None and (key != "goal" or value in GOALS):
            marks[key] = value
    return marks


def _get(fn, *args):
    """Call an sgfmill accessor, turning its ValueErrors into ProblemError."""
    try:
        return fn(*args)
    except ValueError as e:
        # sgfmill often raises a bare ValueError: its str() is empty
        raise ProblemError(f"malformed SGF: {str(e) or 'a property value it cannot read'}") \
            from None


# sgfmill's parser messages, and what they mean to someone holding the file
_PARSE_WORDS = {
    "unexpected end of SGF data": "it ends in the middle of {game}, with a closing ']' or ')' "
                                  "missing (is the file cut short?)",
    "no SGF data found": "no SGF game in it (an SGF file holds games that start with '(;')",
    "unexpected value": "{game} has a value in brackets that belongs to no property",
    "unexpected node": "{game} has a ';' node outside a game",
    "empty sequence": "{game} has a '(' variation with no ';' node in it",
    "property with no values": "{game} has a property name with no [value] after it",
    "property value outside a node": "{game} has a property before its first ';' node",
}


def _parse_error_words(message: str) -> str:
    """sgfmill's "error parsing game 0: unexpected end of SGF data" in words, games counted
    from 1."""
    game, detail = "the game", message
    head, sep, rest = message.partition(": ")
    if sep and head.startswith("error parsing game "):
        try:
            game = f"game {int(head.rsplit(' ', 1)[1]) + 1}"
        except ValueError:
            pass
        detail = rest
    words = _PARSE_WORDS.get(detail)
    return words.format(game=game) if words else f"{game}: {detail}"


def check_points(node: sgf.Tree_node, size: int, props: tuple[str, ...],
                 where: str = "") -> None:
    """Every value of ``props`` in ``node`` must be a point of the board (moves may also be
    a pass: ``B[]``, or ``B[tt]`` up to 19x19); the ProblemError quotes the value and says
    what is wrong with it, where sgfmill would only say "ValueError"."""
    for prop in props:
        if not node.has_property(prop):
            continue
        values = node.get_raw_list(prop)
        if prop not in ("B", "W") and values == [b""]:
            continue       # AB[] and the like: an empty list
        for raw in values:
            fault = _point_fault(prop, raw, size, move=prop in ("B", "W"))
            if fault:
                raise ProblemError(where + fault)


def _point_fault(prop: str, raw: bytes, size: int, *, move: bool) -> str:
    """What is wrong with one raw point value, "" when nothing is."""
    shown = shown_value(prop, raw)
    if move and (raw == b"" or (raw == b"tt" and size <= 19)):
        return ""          # a pass
    corners = [raw] if move else raw.split(b":")
    if len(corners) > 2:
        return f"{shown} is not a point or a rectangle of points"
    last = chr(ord("a") + size - 1)
    for corner in corners:
        if len(corner) != 2 or not all(ord("a") <= b <= ord("z") for b in corner):
            return (f"{shown} is not a point (an SGF point is two lower-case letters, "
                    f"column then row, e.g. {prop}[cd])")
        if max(corner) > ord(last):
            return (f"{shown} is off the {size}x{size} board (its points run from aa "
                    f"to {last}{last})")
    if len(corners) == 2 and not (corners[0][0] <= corners[1][0]
                                  and corners[0][1] <= corners[1][1]):
        return (f"{shown} is not a rectangle (the first corner must be the upper left one, "
                f"e.g. {prop}[aa:cc])")
    return ""


def shown_value(prop: str, raw: bytes, limit: int = 16) -> str:
    """``PROP[value]`` for a message: one line, a long value cut (a damaged file can hold a
    whole game inside one pair of brackets)."""
    text = "".join(c if c.isprintable() else " " for c in raw.decode("utf-8", "replace"))
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    return f"{prop}[{text}]"


def setup_points(node: sgf.Tree_node) -> tuple[set, set, set]:
    """sgfmill's (black, white, empty) setup points of a node whose points are checked."""
    points = _get(node.get_setup_stones)
    if any(p is None for pts in points for p in pts):
        raise ProblemError("malformed SGF: a setup property holds a pass")
    return points


def _raw_points(node: sgf.Tree_node, prop: str, size: int) -> frozenset[int]:
    """The points of one of our own point-list properties (single points or ``aa:cc``
    rectangles, already checked by :func:`check_points`)."""
    if not node.has_property(prop):
        return frozenset()
    out = set()
    for raw in node.get_raw_list(prop):
        if not raw:
            continue
        corners = [(c[1] - ord("a"), c[0] - ord("a")) for c in raw.split(b":")]
        (top, left), (bottom, right) = corners[0], corners[-1]
        out.update(coords.to_loc(r, c, size) for r in range(top, bottom + 1)
                   for c in range(left, right + 1))
    return frozenset(out)


def _size(root_props: dict[str, list[bytes]]) -> int:
    if "SZ" not in root_props:
        return 19
    raw = root_props["SZ"][0].strip()
    try:
        size = int(raw)
    except ValueError:
        raise ProblemError(f"{shown_value('SZ', raw)} is not a supported board size "
                           f"({coords.MIN_SIZE}..{coords.MAX_SIZE})") from None
    if not coords.MIN_SIZE <= size <= coords.MAX_SIZE:
        raise ProblemError(f"board size {size} is not supported "
                           f"({coords.MIN_SIZE}..{coords.MAX_SIZE})")
    return size


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace").strip()


def color_prop(node: sgf.Tree_node, prop: str) -> int | None:
    """A ``B``/``W`` property (``PL``, ``TD``): the colour, None when absent or empty."""
    if not node.has_property(prop):
        return None
    value = _text(node.get_raw(prop)).upper()
    if value == "":
        return None  # PL[] occurs in the wild and says nothing
    if value not in ("B", "W"):
        raise ProblemError(f"{shown_value(prop, value.encode())} is not B or W")
    return BLACK if value == "B" else WHITE


def _ko_prop(value: str) -> tuple[bool, bool]:
    if value == "-" or (value and set(value) <= {"B", "W"}):
        return "B" in value, "W" in value
    raise ProblemError(f"{shown_value('TK', value.encode())} is not B, W, BW or -")


def _threats_prop(value: str) -> tuple[int, int]:
    black, _, white = value.partition(":")
    if black.isdigit() and white.isdigit():
        return int(black), int(white)
    raise ProblemError(f"{shown_value('TT', value.encode())} is not two ko threat counts "
                       "B:W (such as 1:0)")


def _hash_prop(raw: bytes) -> int:
    text = _text(raw)
    try:
        if len(text) != 16:
            raise ValueError
        return int(text, 16)
    except ValueError:
        raise ProblemError(f"{shown_value('TH', text.encode())} is not a 16-digit hex "
                           "hash") from None


# --- writing -----------------------------------------------------------------

def _sgf_point(loc: int, size: int) -> bytes:
    row, col = coords.from_loc(loc, size)
    return bytes((ord("a") + col, ord("a") + row))


def set_move(node: sgf.Tree_node, colour: str, loc: int, size: int) -> None:
    """Put ``colour``'s ("b" or "w") move at ``loc`` on ``node``; a pass as ``B[]``, as
    FF[4] writes it (sgfmill writes ``tt`` up to 19x19, which FF[4] keeps only for FF[3]'s
    sake; QA s46)."""
    if loc == PASS:
        node.set_raw(colour.upper(), b"")
    else:
        node.set_move(colour, coords.to_sgfmill(loc, size))


def write_sgf(problem: Problem, lines: sgf.Tree_node | None = None) -> bytes:
    """The problem as SGF bytes (UTF-8), readable back by :func:`read_sgf` unchanged.

    ``lines``: the root of the game the problem was read from, whose variations (the
    book's lines, with the moves that follow the first and their comments) are written
    in place of the bare first moves of ``book_moves``, each as far as the problem's
    position allows its moves (a frame's stone on a point the line plays ends it, said in
    a comment)."""
    size = problem.size
    game = sgf.Sgf_game(size)
    root = game.get_root()

    def points(locs):
        return {coords.to_sgfmill(p, size) for p in locs}

    root.set_setup_stones(points(problem.black), points(problem.white))
    if problem.to_play_given:
        root.set("PL", COLOUR_LETTERS[problem.to_play])
    if problem.crucial:
        root.set("TR", points(problem.crucial))
    if problem.region:
        # all of it, crucial stones too (a framed problem's region holds them): SQ and TR
        # then mark the same points, which FF[4] frowns on, but a region read back without
        # them would be another problem (no move on a captured crucial stone's point)
        root.set("SQ", points(problem.region))
    for prop, text in (("GN", problem.title), ("C", problem.comment), ("SO", problem.source)):
        if text:
            root.set(prop, text)
    for prop, text in problem.game_info:
        if prop in GAME_INFO:       # a problem built by hand may hold anything
            root.set_raw(prop, sgf_grammar.escape_text(text.encode(root.get_encoding())))
    root.set_raw("TG", problem.goal.encode())
    root.set_raw("TD", COLOUR_LETTERS[problem.defender].upper().encode())
    ko = "".join(c for c, ok in zip("BW", problem.ko_allowed, strict=True) if ok)
    root.set_raw("TK", (ko or "-").encode())
    if problem.ko_point != PASS:
        root.set_raw("TO", _sgf_point(problem.ko_point, size))
    if any(problem.ko_threats):
        root.set_raw("TT", "{}:{}".format(*problem.ko_threats).encode())
    if problem.history:
        root.set_raw_list("TH", [f"{h:016x}".encode() for h in problem.history])
    if problem.previous_pass:
        root.set_raw("TP", b"1")
    if problem.frame:
        root.set_raw_list("TF", sorted(_sgf_point(p, size) for p in problem.frame))
    if lines is None:
        for color, loc in problem.book_moves:
            set_move(root.new_child(), COLOUR_LETTERS[color], loc, size)
    else:
        board = problem.to_board()
        for child in lines:
            _copy_line(child, root, board, size)
    return game.serialise()


def _copy_line(source: sgf.Tree_node, parent: sgf.Tree_node, board: Board, size: int) -> None:
    """Copy ``source`` (a node of a book's line) and the nodes below it under ``parent``,
    each move played on ``board`` (the position before it, given back as it was); a move
    the position does not allow, or a setup of stones, ends the line there, said on
    ``parent``.  A loop, not a recursion: a line of a thousand moves reached Python's
    recursion limit (QA s46)."""
    work: list[tuple] = [(source, parent)]
    try:
        while work:
            item = work.pop()
            if item[0] is None:          # a line below a move is done: take the move back
                board.undo(item[1])
                continue
            node_source, node_parent = item
            copied = _copy_node(node_source, node_parent, board, size)
            if copied is None:
                continue
            node, token = copied
            if token is not None:
                work.append((None, token))
            work.extend((child, node) for child in reversed(list(node_source)))
    finally:
        # a copy stopped part way gives the board back all the same (the moves still
        # played are the pending undos, latest last)
        for item in reversed(work):
            if item[0] is None:
                board.undo(item[1])


def _copy_node(source: sgf.Tree_node, parent: sgf.Tree_node, board: Board,
               size: int) -> tuple[sgf.Tree_node, object] | None:
    """Copy one node of a line under ``parent`` and play its move on ``board``: (the copy,
    the move's undo token or None), or None where the line ends (said on ``parent``)."""
    colour, point = _get(source.get_move)
    loc = None if colour is None else PASS if point is None else coords.from_sgfmill(point, size)
    why = ""
    if any(source.has_property(p) for p in _SETUP):
        why = "it sets up stones"
    elif loc is not None:
        board.to_play = SGF_COLORS[colour]      # two moves of one colour: a pass between
        if loc != PASS:
            why = board.illegal_reason(loc) or ""
    if why:
        move = f"{colour.upper()} {coords.to_gtp(loc, size)}" if loc is not None else "it"
        # the words of the part cut off are kept: a line's verdict may be said at its end
        # (QA s44: a "正解1" at the end of a cut line was lost, and so was a "失敗")
        words = line_verdict(source)[1]
        parent.add_comment_text(f"The book's line goes on with {move}, which this position "
                                f"does not allow ({why})." + (f" The book there: {words}"
                                                             if words else ""))
        return None
    node = parent.new_child()
    encoding = source.get_encoding()
    transcode = codecs.lookup(encoding).name != "utf-8"
    for prop in source.properties():
        values = source.get_raw_list(prop)
        if transcode:
            # the book's own character set, written as this file's UTF-8 (QA s45: GBK
            # comments copied as they were made the file unreadable)
            values = [v.decode(encoding, "replace").encode("utf-8") for v in values]
        node.set_raw_list(prop, values)
    return node, (board.play(loc) if loc is not None else None)
