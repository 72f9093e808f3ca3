"""Open book problems: read the position and its solution lines, pose it, frame it.

A problem as Go players have it (a book's SGF, a goproblems-style file) sets
up the stones of one corner or side fight in its root and gives the solution
as variations: the correct line (``N[正解]``, a ``RIGHT`` or "correct"
comment) and failure lines (``N[失敗圖]``, ``WRONG``, "wrong", "failure").  It
marks no target and no region, so :func:`tsumego_gui.core.sgf_io.read_sgf`
cannot say who must live.  This module:

* reads such a file (:func:`read_open_position`): the root's setup stones
  are the problem (even when a single line of moves follows: that line is
  the solution, not a game to replay); a file without setup stones is a game
  record and its position is the one after its main line (``read_sgf``'s
  rule); each child of the root is a :class:`BookLine` with the verdict its
  labels give;
* poses and frames it (:func:`pose_and_frame`) with ``core.posing`` and
  ``core.frame``, keeping the book's first moves, title, comment, source and
  game info (``read_sgf``'s); and
  frames the same posing closer (:func:`frame_closer`: the wall around the
  defender's stones alone, at ``CLOSER_DISTANCE``), the frame a solver may
  try first (``search.frame_ladder``);
* reads a file's games (:func:`read_games`): a game that names its defender
  (crucial stones, a target, ``TD``) is read as it is, one that does not is
  posed and framed, and says what was assumed (:class:`Posed`); so is one whose
  only marks are ``TR`` triangles and that leaves room for a frame (a book's
  triangle marks a stone to look at: the triangles give the defender's colour
  only); a game that gives no problem is the error saying why, in its place, so
  that one bad game of a collection does not hide the others.

Knows SGF only through sgfmill and ``sgf_io``; nothing about search.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sgfmill import sgf, sgf_grammar

from engine_cy.board import BLACK, WHITE
from tsumego_gui.core import coords
from tsumego_gui.core.frame import AROUND, CLOSER_DISTANCE, DISTANCE, Framed, frame
from tsumego_gui.core.posing import Posing, pose
from tsumego_gui.core.problem import NoDefenderError, Problem, ProblemError, check_position
from tsumego_gui.core.sgf_io import (  # RIGHT, WRONG, REFERENCE: BookLine.verdict's values
    REFERENCE,
    RIGHT,
    SGF_COLORS,
    WRONG,
    Progress,
    broken_game,
    check_points,
    color_prop,
    game_info_of,
    game_of,
    line_verdict,
    note_texts,
    parse_collection,
    parse_games,
    read_game,
    setup_points,
    text_of,
)
from tsumego_gui.core.wording import counted


@dataclass(frozen=True)
class BookLine:
    """One solution variation: its first move, what its labels say, and the labels."""

    color: int
    move: int
    verdict: str            # RIGHT | WRONG | REFERENCE | "" (a line the labels do not judge)
    label: str
    name: str = ""          # its first node's N[] (a book page's place name: ``posing``)


@dataclass(frozen=True)
class OpenPosition:
    """An unposed problem: stones, the side to move if said, text, the book's lines."""

    size: int
    black: frozenset[int]
    white: frozenset[int]
    to_play: int | None
    title: str
    comment: str
    lines: tuple[BookLine, ...]
    source: str = ""
    defender: int | None = None     # the colour the file's TR marks give (``_loose_triangles``)
    chosen: int | None = None       # the defender the caller gives (``--defender``)
    game_info: tuple[tuple[str, str], ...] = ()     # ``Problem.game_info``

    def book_moves(self, verdict: str | None = None) -> list[tuple[int, int]]:
        """(colour, loc) of the lines' first moves, of one verdict or all."""
        return [(line.color, line.move) for line in self.lines
                if verdict is None or line.verdict == verdict]

    def answers(self) -> tuple[tuple[int, int], ...]:
        """The first moves of the lines not labelled failures or reference diagrams, each
        once: the book's answers, a posed problem's ``book_moves`` (QA s43: a failure
        line's move was listed, and saved, as an answer; QA s44: so were the attacker's
        tries of a reference diagram).  Where a line is labelled right, the lines no label
        judges are not answers (QA s50: goproblems.com marks only the right line)."""
        labelled = any(line.verdict == RIGHT for line in self.lines)
        return tuple(dict.fromkeys(
            (line.color, line.move) for line in self.lines
            if line.verdict not in (WRONG, REFERENCE) and not (labelled and not line.verdict)))


def read_open_position(data: bytes, name: str = "") -> OpenPosition:
    """The first game of SGF bytes as an open position (raises ProblemError)."""
    return open_position_of(parse_games(data)[0], name)


def open_position_of(tree: sgf_grammar.Coarse_game_tree, name: str = "") -> OpenPosition:
    """One parsed game (``sgf_io.parse_games``) as an open position (raises ProblemError).

    Points and stones are checked as ``read_sgf`` checks them, so a bad one is
    named (``AB[zz] is off the 9x9 board``) rather than left to sgfmill's bare
    errors or to a later step.
    """
    game = game_of(tree)
    root, size = game.get_root(), game.get_size()
    check_points(root, size, ("AB", "AW", "AE"))
    setup_black, setup_white, _ = setup_points(root)
    to_play = color_prop(root, "PL")
    title = text_of(root, "GN")
    comment = "\n".join([text_of(root, "C"), *note_texts(root)]).strip()
    # as ``read_sgf`` reads them; the game comment is in ``comment`` already
    source = text_of(root, "SO") or name
    game_info = game_info_of(root, leave=("GC",))
    lines = []
    for child in root:
        check_points(child, size, ("B", "W"), where="a solution move: ")
        if child.get_move()[0]:
            lines.append(_line(child, size))
    if setup_black or setup_white:
        black = frozenset(coords.from_sgfmill(p, size) for p in setup_black)
        white = frozenset(coords.from_sgfmill(p, size) for p in setup_white)
        check_position(size, black, white)    # as read_sgf checks a root's stones
        return OpenPosition(size, black, white, to_play, title, comment, tuple(lines), source,
                            game_info=game_info)
    # a game record: the position after its main line (read_game plays it; it needs a
    # defender with stones on the board, which posing replaces)
    for defender in (BLACK, WHITE):
        try:
            played = read_game(tree, name, defender=defender, auto_region=False)
            break
        except ProblemError:
            if defender == WHITE:
                raise
    return OpenPosition(size, played.black, played.white,
                        played.to_play if played.to_play_given else None,
                        title, comment, (), source, game_info=game_info)


def _line(node: sgf.Tree_node, size: int) -> BookLine:
    color, point = node.get_move()
    verdict, label = line_verdict(node)
    return BookLine(SGF_COLORS[color], coords.from_sgfmill(point, size), verdict, label,
                    text_of(node, "N"))


def pose_and_frame(position: OpenPosition, *, distance: int = DISTANCE,
                   around: str = AROUND[0]) -> tuple[Posing, Framed]:
    """Pose the open position (``core.posing``) and frame it (``core.frame``)."""
    posing = pose(position.size, position.black, position.white, to_play=position.to_play,
                  text=f"{position.title}\n{position.comment}",
                  first_moves=tuple(line.color for line in position.lines),
                  defender=position.defender, chosen=position.chosen,
                  names=tuple(line.name for line in position.lines))
    return posing, _framed(position, posing, distance, around)


def frame_closer(position: OpenPosition, posing: Posing, framed: Framed) -> Framed | None:
    """The same posing framed around the defender's stones alone at ``CLOSER_DISTANCE``,
    or None where that frame cannot be built or is no smaller than ``framed``."""
    try:
        closer = _framed(position, posing, CLOSER_DISTANCE, "defender")
    except ProblemError:
        return None
    return closer if closer.empty_region < framed.empty_region else None


def _framed(position: OpenPosition, posing: Posing, distance: int, around: str) -> Framed:
    return frame(position.size, position.black, position.white, posing, distance=distance,
                 around=around, book_moves=position.answers(), title=position.title,
                 comment=position.comment, source=position.source,
                 game_info=position.game_info)


@dataclass(frozen=True)
class Posed:
    """A problem read from a file, and, when it was posed, what was assumed and added."""

    problem: Problem
    assumed: tuple[str, ...] = ()       # the posing's reasons and the frame, one line each
    closer: Problem | None = None       # the same posing framed closer (``frame_closer``)

    @property
    def frame(self) -> frozenset[int]:
        """The stones the frame added (``Problem.frame``)."""
        return self.problem.frame


def read_games(data: bytes, name: str = "", *, distance: int = DISTANCE,
               goal: str | None = None,
               defender: int | None = None,
               progress: Progress | None = None) -> list[Posed | ProblemError]:
    """Every game of SGF bytes: as marked, or posed and framed when it names no defender;
    a game that gives no problem is the ProblemError saying why (prefixed with its number
    in a collection of several).  ``defender``: the caller's (:func:`_given_defender`).
    Bytes that do not parse raise; a collection cut short keeps the games before the
    broken one, its error last.  ``progress``: as ``read_sgf_games``'s."""
    trees, broken = parse_collection(data)
    if not trees:
        raise broken
    out: list[Posed | ProblemError] = []
    for i, tree in enumerate(trees):
        if progress is not None:
            progress(i, len(trees))
        where = f"game {i + 1}: " if len(trees) > 1 or broken is not None else ""
        if defender is not None:
            out.append(_given_defender(tree, name, where, distance, goal, defender))
            continue
        marked = None       # read as marked, by TR marks that may be a book's triangles
        unusable = ""       # why TR marks alone could not be read as crucial stones
        try:
            marked = read_game(tree, name, goal=goal)
        except NoDefenderError as e:
            unsaid = str(e)
        except ProblemError as e:
            if _setup_and_one_line(tree):
                # read as a game, its one line did not play; as a book's problem the line
                # is the solution, cut where it breaks, as a book's lines are when there
                # are two (a single broken line rejected the file: s44)
                unsaid = str(e)
            elif not _only_triangles(tree):
                out.append(ProblemError(f"{where}{e}"))
                continue
            else:
                # a book's triangles on an empty point or on both sides' stones (QA s44):
                # the problem is posed as if they were not there
                unsaid = unusable = str(e)
        if marked is not None and not _loose_triangles(tree, marked):
            out.append(Posed(marked))
            continue
        try:
            position = open_position_of(tree, name)
            if marked is not None:
                position = replace(position, defender=marked.defender)
            posing, framed = pose_and_frame(position, distance=distance)
        except ProblemError as e:
            if marked is not None:      # no room for a frame: the TR marks are meant so
                out.append(Posed(marked))
            elif unusable:              # no problem either way: the marks' fault is said
                out.append(ProblemError(f"{where}{unusable}"))
            else:
                # a kill-all record, say: what it lacks comes first, then why posing failed
                # (once, where both readings failed for one reason: a bad setup)
                also = "" if str(e) == unsaid else f"; as an open problem: {e}"
                out.append(ProblemError(f"{where}{unsaid}{also}"))
            continue
        out.append(_posed(position, posing, framed, goal, _unused_marks(tree, unusable)))
    if progress is not None:
        progress(len(trees), len(trees))
    if broken is not None:
        out.append(broken_game(broken))
    return out


def pose_stones(size: int, black: frozenset[int], white: frozenset[int],
                to_play: int | None, title: str = "", comment: str = "",
                defender: int | None = None, distance: int = DISTANCE,
                book_moves: tuple[tuple[int, int], ...] = ()) -> Posed:
    """A position set up by hand posed and framed as an open book problem is on opening
    (QA s56 editor D6: only a file was), with the ``defender`` given where one is (as
    ``--defender``) and the frame ``distance`` lines away; ``book_moves``: (colour, move)
    of the file's lines' first moves; ProblemError where it cannot be."""
    lines = tuple(BookLine(colour, move, "", "") for colour, move in book_moves)
    position = OpenPosition(size, frozenset(black), frozenset(white), to_play, title,
                            comment, lines, chosen=defender)
    posing, framed = pose_and_frame(position, distance=distance)
    return _posed(position, posing, framed, None, ())


def _posed(position: OpenPosition, posing: Posing, framed: Framed, goal: str | None,
           unused: tuple[str, ...]) -> Posed:
    """A posed and framed game, with its closer frame and what was assumed."""
    closer = frame_closer(position, posing, framed)
    problem, closer = framed.problem, closer and closer.problem
    if goal is not None:
        problem, closer = replace(problem, goal=goal), closer and replace(closer, goal=goal)
    return Posed(problem, (*posing.reasons, framed.describe(), *unused), closer)


def _given_defender(tree: sgf_grammar.Coarse_game_tree, name: str, where: str,
                    distance: int, goal: str | None, defender: int) -> Posed | ProblemError:
    """A game read with the defender the caller gives: a book's open position (no marks,
    or TR triangles only) posed and framed with that defender (QA s44: ``--defender`` on
    a book problem whose posing guessed its defender read the whole board as kill-all);
    as marked where it marks crucial stones, a target or a region, carries marks of ours,
    is a game record (a kill-all board), or leaves no room for a frame."""
    try:
        root = game_of(tree).get_root()
    except ProblemError as e:
        return ProblemError(f"{where}{e}")
    # set-up stones: a book's position (a game record's stones come from its moves); their
    # points are checked by whichever reading below takes them
    set_up = root.has_property("AB") or root.has_property("AW")
    marked, fault = None, None
    try:
        marked = read_game(tree, name, goal=goal, defender=defender)
    except ProblemError as e:
        fault = e
    triangles = _only_triangles(tree)
    if set_up and (triangles or (
            marked is not None and not marked.crucial and not marked.region
            and not any(root.has_property(p) for p in _OWN_MARKS))):
        try:
            position = replace(open_position_of(tree, name), chosen=defender)
            posing, framed = pose_and_frame(position, distance=distance)
            return _posed(position, posing, framed, goal,
                          _unused_marks(tree, "the defender is given" if triangles else ""))
        except ProblemError:
            pass
    return Posed(marked) if marked is not None else ProblemError(f"{where}{fault}")


# our own problem properties (``core.sgf_io``): a file with one was marked by a program
# that means its TR marks as crucial stones
_OWN_MARKS = ("SQ", "MA", "TG", "TD", "TK", "TH", "TP", "TF", "TO", "TT")


def _root(tree: sgf_grammar.Coarse_game_tree) -> sgf.Tree_node | None:
    """The game's root, or None for a game that does not read (its error is the one a
    reading says)."""
    try:
        return game_of(tree).get_root()
    except (ProblemError, ValueError):
        return None


def _only_triangles(tree: sgf_grammar.Coarse_game_tree) -> bool:
    """Whether the root's only problem marks are ``TR`` (none of ours besides)."""
    root = _root(tree)
    return root is not None and root.has_property("TR") and \
        not any(root.has_property(p) for p in _OWN_MARKS)


def _setup_and_one_line(tree: sgf_grammar.Coarse_game_tree) -> bool:
    """Whether the root sets up stones, has no mark of ours and one variation follows (a
    book's one line, or a game record after handicap stones): read as a game, that line
    is played; read as an open problem, the root is the problem and the line its
    solution (:func:`open_position_of`, which reads any file with setup stones so)."""
    root = _root(tree)
    return (root is not None and len(root) == 1
            and any(root.has_property(p) for p in ("AB", "AW"))
            and not any(root.has_property(p) for p in (*_OWN_MARKS, "TR")))


def _loose_triangles(tree: sgf_grammar.Coarse_game_tree, problem: Problem) -> bool:
    """Whether a game read as marked by ``TR`` alone may be an open problem after all: a
    book's triangle marks a stone to look at, not the group at stake (QA s44: Cho
    Chikun 45's TR[ha] made H19 crucial on an open 19x19 board, searched whole).  So
    crucial stones marked by ``TR`` alone, with no region and no other mark of ours, are
    posed and framed where a frame fits (:func:`read_games`; a research file's framed
    board leaves no room for one, and keeps its marks)."""
    return bool(problem.crucial) and not problem.region and _only_triangles(tree)


def _unused_marks(tree: sgf_grammar.Coarse_game_tree, unusable: str = "") -> tuple[str, ...]:
    """Lines saying what became of the root's marks, when it has some: MA / SQ were not
    used (a posed game has no target, so they are region marks only), TR gave only the
    defender's colour (``_loose_triangles``), or nothing where they could not be read as
    crucial stones (``unusable``: why)."""
    root = game_of(tree).get_root()
    out = []
    # counted as written (a mark that is no point of the board was said by the reading)
    tr = f"the file's TR marks ({counted(len(root.get_raw_list('TR')), 'point')})" \
        if root.has_property("TR") else ""
    if tr and unusable:
        out.append(f"{tr} are not used ({unusable}); a book's triangle marks a point to "
                   "look at")
    elif tr:
        out.append(f"{tr} give the defender only: with no region marked, every stone of "
                   "that colour is a target and the frame makes the region (a book's "
                   "triangle marks a stone to look at)")
    marks = [prop for prop in ("MA", "SQ") if root.has_property(prop)]
    if marks:
        count = len({p for prop in marks for p in root.get_raw_list(prop)})
        out.append(f"the file's {' and '.join(marks)} marks ({counted(count, 'point')}) are "
                   "not used: "
                   "without a target (MA on a stone) or crucial stones (TR) they do not say "
                   "who must live, and the frame makes the region")
    return tuple(out)
