"""Proof trees (ARCHITECTURE §4): data, statistics, JSON save/load and SGF export.

A proof of "the defender lives" is an AND/OR tree:

* ``or`` node (defender to move), won: one child, the winning move;
* ``and`` node (attacker to move), won: a child for every attacker move that
  had to be searched (the moves the proof must answer, ``must_answer``: the
  papers' must-play region, the pass included when it was searched), and the
  moves cut as null moves with the sibling whose zone covered them;
* ``goal`` leaf: the goal holds; its zone is the life zone, ``uca`` the
  unconditionally alive chains with their vital regions.

A disproof ("the defender dies") is the dual tree, shown the same way: an
``or`` node lost has a child for every defender move it had to search (and
the cuts: these are the moves a disproof must answer), an ``and`` node lost
has the attacker's killing move (the prover's move), and the
leaves are ``captured`` (no crucial stone left; zone = the crucial points)
and ``passes`` (two passes ended the game without the goal; zone = the whole
board).  Under the goal ``survive`` a proof may also end in ``survives``
leaves: two passes ended the game with a crucial stone on the board (seki
counts as life); zone = the crucial points.

Every node has a zone (a frozenset of locs).  Nodes may be shared when
the search reused a transposition: the tree is then a DAG, and JSON keeps the
sharing.  In JSON (version 2) every move and point is its GTP name (``"C3"``,
``"pass"``) and the side to move ``"B"`` or ``"W"``, so that another program
reads a proof without our point numbering; version 1 files (points as locs,
sides as 1 and 2) are still read.  This module knows moves and zones as locs
(``core.coords``) and nothing about how proofs are searched or checked.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from sgfmill import sgf

from engine_cy.board import EMPTY, PASS, Board
from tsumego_gui.core import coords
from tsumego_gui.core.book_lines import Book, moves_at, with_line
from tsumego_gui.core.problem import Problem
from tsumego_gui.core.safe_write import write_atomically
from tsumego_gui.core.sgf_io import set_move
from tsumego_gui.core.wording import PLAYERS
from tsumego_gui.search.ko_notes import KoNotes
from tsumego_gui.search.line_threats import ThreatReader, reader_for
from tsumego_gui.search.proof_memo import ProofMemo

KINDS = ("or", "and", "goal", "captured", "passes", "survives")
FORMAT = "tsumego_gui proof"    # a proof file's "format"
FORMAT_VERSION = 2          # see the module docstring; 1 is still read
JSON_SIDES = {1: "B", 2: "W"}
# Our own SGF property for a proof node's relevance zone (``core.sgf_io`` lists it).
ZONE_PROPERTY = "TZ"
# how the comment of a correct first move and of each end of its lines starts (problem
# sites' and trainers' word)
RIGHT = "RIGHT"


@contextlib.contextmanager
def malformed_as_value_error(what: str):
    """Turn the errors a damaged file's JSON meets (a missing key, a list too short, a
    value of another type) into the ValueError the loaders promise (QA s46)."""
    try:
        yield
    except (KeyError, IndexError, TypeError, AttributeError) as e:
        raise ValueError(f"not a readable tsumego_gui {what} file ({type(e).__name__}: "
                         f"{e})") from None


@dataclass(eq=False)
class ProofNode:
    """One node; ``children`` are (move, node) pairs, ``pruned`` (move, covering move)."""

    kind: str
    won: bool                                    # the defender wins this node
    zone: frozenset[int] | None = None
    children: list[tuple[int, ProofNode]] = field(default_factory=list)
    pruned: list[tuple[int, int]] = field(default_factory=list)
    uca: list[tuple[list[int], list[list[int]]]] = field(default_factory=list)

    @property
    def mover_loses(self) -> bool:
        """The side to move here loses: an ``and`` node the defender wins (a proof's AND
        node) or an ``or`` node it loses (a disproof's AND node, the defender to move)."""
        return self.kind in ("or", "and") and (self.kind == "and") == self.won

    @property
    def must_answer(self) -> list[int]:
        """The moves the proof answers one by one: at a node whose side to move loses, every
        move of that side the search had to try (in a proof the attacker's, in a disproof
        the defender's); empty where the side to move wins and at leaves."""
        return [m for m, _ in self.children] if self.mover_loses else []

    @property
    def prover_move(self) -> int | None:
        """Where the side to move wins: its one move in the proof (the defender's living
        move in a proof, the attacker's killing move in a disproof); None elsewhere."""
        if self.kind in ("or", "and") and not self.mover_loses and self.children:
            return self.children[0][0]
        return None

    def iter_unique(self):
        """Every distinct node below and including this one, each once."""
        seen = {id(self)}
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            for _, child in node.children:
                if id(child) not in seen:       # marked as stacked: stacked once
                    seen.add(id(child))
                    stack.append(child)


@dataclass
class Proof:
    """A solved problem: who wins, the tree, and how the search went."""

    problem: Problem
    to_play: int                 # side to move at the root
    root: ProofNode
    winning_moves: list[int]     # moves that win for the side to move (all of them with --all)
    stats: dict = field(default_factory=dict)

    @property
    def defender_lives(self) -> bool:
        return self.root.won

    def size(self) -> int:
        """Distinct nodes of the tree."""
        return sum(1 for _ in self.root.iter_unique())

    def depth(self) -> int:
        """The nodes on the longest line, the root included (:func:`line_length`)."""
        return line_length(self.root, line_lengths(self))

    def board(self) -> Board:
        """The position at the root, its side to move to play."""
        board = self.problem.to_board()
        board.to_play = self.to_play
        return board

    def main_line(self, most: int = 40, first: int | None = None) -> list[int]:
        """:func:`main_line` from the root."""
        return main_line(self.root, self.board(), most, first, lengths=line_lengths(self))

    # ---- JSON ---------------------------------------------------------------------

    def to_json(self) -> dict:
        ids: dict[int, int] = {}
        nodes = []
        for node in self.root.iter_unique():
            ids[id(node)] = len(ids)
            nodes.append(node)
        name = coords.gtp_names(self.problem.size)

        def names(points) -> list[str]:
            return [name[p] for p in points]
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "problem_sgf": _problem_sgf(self.problem),
            "to_play": JSON_SIDES[self.to_play],
            "winning_moves": names(self.winning_moves),
            "stats": self.stats,
            "nodes": [
                {
                    "kind": n.kind,
                    "won": n.won,
                    "zone": None if n.zone is None else names(sorted(n.zone)),
                    "children": [[name[m], ids[id(c)]] for m, c in n.children],
                    "pruned": [names(p) for p in n.pruned],
                    "uca": [[names(stones), [names(r) for r in regions]]
                            for stones, regions in n.uca],
                }
                for n in nodes
            ],
        }

    def save_json(self, path: str | Path) -> None:
        write_atomically(path, json.dumps(self.to_json()))

    @classmethod
    def from_json(cls, data: dict) -> Proof:
        """The proof a :meth:`to_json` dict holds (either version); ValueError for one that
        is not a proof or names a point that is not on its board."""
        from tsumego_gui.core.sgf_io import read_sgf
        version = data.get("version")
        if data.get("format") != FORMAT or version not in (1, FORMAT_VERSION):
            raise ValueError("not a tsumego_gui proof file (or another version)")
        problem = read_sgf(data["problem_sgf"].encode())[0]
        locs = json_points_reader(problem.size, version)
        nodes = [
            ProofNode(kind=d["kind"], won=d["won"],
                      zone=None if d["zone"] is None else frozenset(locs(d["zone"])),
                      pruned=[tuple(locs(p)) for p in d["pruned"]],
                      uca=[(locs(stones), [locs(r) for r in regions])
                           for stones, regions in d["uca"]])
            for d in data["nodes"]
        ]
        for node, d in zip(nodes, data["nodes"], strict=True):
            moves = locs([m for m, _ in d["children"]])
            node.children = [(m, nodes[i]) for m, (_, i) in zip(moves, d["children"],
                                                                 strict=True)]
        if _has_cycle(nodes[0]):
            # a damaged file: every walk of the tree (the verifier, the browser, the export)
            # would go round for ever
            raise ValueError("the proof's nodes form a cycle: a move leads back to a node "
                             "above it")
        return cls(problem=problem, to_play=read_json_side(data["to_play"], version),
                   root=nodes[0],
                   winning_moves=locs(data["winning_moves"]), stats=dict(data["stats"]))

    @classmethod
    def load_json(cls, path: str | Path) -> Proof:
        """The proof a file saved by :meth:`save_json` holds; ValueError for any other."""
        with malformed_as_value_error("proof"):
            return cls.from_json(json.loads(Path(path).read_text()))

    # ---- SGF ------------------------------------------------------------------------

    def to_sgf(self, max_nodes: int = 200_000, note: str = "",
               ko_moves: Iterable[int] = (), book: Book | None = None) -> bytes:
        """The problem, then the tree as variations; ``note``: more for the root's comment,
        after the summary (which frame proved it, where that is not the problem's own);
        ``ko_moves``: first moves whose result a ko decides (``search.kill_by_ko``'s
        reading), marked ``KO`` (:func:`mark`); ``book``: the problem file's lines, which
        a losing side's first reply follows where the proof holds their move
        (:class:`TreeWriter`); then the main line ``--diagram`` draws, the attacker's
        threats first (the proof's reader, ``line_threats.reader_for``: what a diagram
        of it asked is known).

        Each move node gets a comment with its status (and where the ko rule or
        a missing ko threat decides a move, ``search.ko_notes``) and, when it has one,
        its zone in our own property ``TZ`` (``core.sgf_io``; other viewers
        keep it and show nothing, where ``SQ`` would cover the board in
        squares at every node); winning first moves are marked with ``TE``
        (a good move) with comments starting ``RIGHT``, the others with ``BM`` and
        ``WRONG`` (:func:`mark`).  Below a winning first move (not a ``KO`` one) the
        comment of every line's last node starts ``RIGHT`` too, as problem sites and
        trainers (goproblems.com, GoGrinder) judge a line by its end
        (:meth:`TreeWriter.mark_right_ends`).  A node's stone moves come before its
        pass, which a viewer would otherwise show as the main line.  The root keeps
        the problem's region as ``SQ`` and its game info (``Problem.game_info``).  A
        subtree the proof shares is written once (:class:`TreeWriter`), up to
        ``max_nodes`` SGF nodes; a tree cut there says so on the root.
        """
        game = sgf.Sgf_game.from_bytes(problem_sgf_for(self.problem, self.to_play))
        size = self.problem.size
        root = game.get_root()
        verdict = "lives" if self.root.won else "dies"
        # one move: the one a single solve proved, others may win too (QA s56: a trainer
        # read "Winning moves: B1" as E1 being wrong), as the CLI and the app say it
        winning = "A winning move" if len(self.winning_moves) == 1 else "Winning moves"
        root.add_comment_text(
            f"tsumego_gui proof: the {PLAYERS[self.problem.defender]} group {verdict}. "
            f"{winning} for {PLAYERS[self.to_play]}: "
            f"{', '.join(coords.to_gtp(m, size) for m in self.winning_moves) or 'none'}."
            + (f" {note}" if note else ""))
        ko_moves = frozenset(ko_moves)
        # a viewer's main sequence is the diagram's line (s57: the export ranked the
        # attacker's tries without asking which are threats)
        line = main_line(self.root, self.board(), first=next(iter(ko_moves), None),
                         book=book, threats=reader_for(self), lengths=line_lengths(self))
        writer = TreeWriter(size, self.problem.defender, max_nodes,
                            with_line(book, line, self.to_play))
        notes = KoNotes(self.problem, self.to_play)
        # the move that makes the ko first, where --diagram's line starts (review s50)
        replies = sorted(writer.replies(self.root, notes.board),
                         key=lambda pair: pair[0] not in ko_moves)
        for move, child in replies:
            node = writer.write(root, move, child, self.to_play, notes)
            if node is None:
                break
            right, ko = move in self.winning_moves, move in ko_moves
            mark(node, right, ko)
            if right and not ko:
                writer.mark_right_ends(node)
        writer.say_on_root(root)
        return game.serialise()


def stones_before_pass(children: list[tuple[int, ProofNode]]) -> list[tuple[int, ProofNode]]:
    """A node's (move, child) pairs as an export writes them: the stone moves in their
    order, then the pass.  A viewer shows a node's first child as its main line, and the
    MCTS proofs list the pass first: the main line passed."""
    return sorted(children, key=lambda pair: pair[0] == PASS)


def mark(node, right: bool, ko: bool = False) -> None:
    """Mark a first move's SGF node as problem sites and viewers read it: its comment
    starts with ``RIGHT`` or ``WRONG`` and it is a good (``TE``) or bad (``BM``) move, so
    that a reader does not take a refuted move for the book's answer (QA s44); a move
    whose result is decided by who may take a ko (``ko``) starts ``KO`` and is neither
    (QA s46: the move that makes a direct ko read WRONG, the same move RIGHT with
    ``--all``)."""
    if ko:
        node.set("C", f"KO: {node.get('C')}")
        return
    node.set("C", f"{RIGHT if right else 'WRONG'}: {node.get('C')}")
    node.set("TE" if right else "BM", 1)


def main_line(node: ProofNode, board: Board | None, most: int = 40,
              first: int | None = None, goes_on: bool = False,
              sacrifices: bool = True, book: Book | None = None,
              before: Sequence[int] = (), settled: bool = True,
              threats: ThreatReader | None = None,
              lengths: dict[int, int] | None = None) -> list[int]:
    """The line a book would print from ``node`` (``board``: its position, left as it
    was; None: not known), and the app plays against a player: at each node the prover's
    move, and where its opponent is to move the problem file's own next move where the
    line has followed the file's and the proof holds that move (``book``: the file's
    lines, ``core.book_lines``; ``before``: the moves from the problem's position to
    ``node``), else its most stubborn reply (:func:`stubborn_reply`); up to ``most``
    moves, and no further than where a dying defender has nothing left
    (:func:`nothing_left`), after one move at least unless the line ``goes_on`` from
    moves already shown, and (``settled``) no further than where the winner would leave
    the loser's last move, this line's or the last of ``before``, unanswered: a pass that
    does not end the game.  ``first``: the move to start with instead, where ``node`` has
    that child (a losing side's move that makes a ko, say).  ``sacrifices``:
    :func:`stubborn_reply`'s.  ``threats`` (``search.line_threats``): where the defender
    lives, the attacker's tries it must answer come first, and (``settled``) the line ends
    where it need answer none of them (but stones given away), as a book stops at
    "alive"; where that is so from the start, after the attacker's try, unanswered.
    ``lengths``: :func:`line_length`'s memo (a proof's: :func:`line_lengths`)."""
    lengths = {} if lengths is None else lengths
    line = []
    tokens = []
    if threats is not None:
        threats.new_line()
    # a proof read under another ko rule may leave the board's rules
    on_board = board is not None
    retakes: list[bool] = []    # by move of the line: a ko retaken at once (with a threat)
    try:
        while len(line) < most and node.children:
            loser = node.prover_move is None
            move = node.prover_move
            if not line and first in dict(node.children):
                move = first
            elif move == PASS and settled and (line or before) and \
                    (line or before)[-1] != PASS:
                # the winner leaves the loser's last move unanswered: the result stands
                # as it is, where a book stops (QA s52 lines: ko lines ran on for 10-23
                # moves, the loser filling points while the winner passed); a pass that
                # ends the game after the loser's is the line's end, and stays
                break
            elif move is None:
                if (line or goes_on) and on_board and nothing_left(node, board):
                    break
                move = book_reply(book, (*before, *line), node,
                                  board.to_play if on_board else None, covered=True)
                reader = threats if on_board and node.won else None
                quiet = False
                if move is None:
                    move = stubborn_reply(node, board if on_board else None, lengths,
                                          sacrifices=sacrifices, threats=reader)
                    # an open question counts as a threat here; a ko just taken is fought
                    # out or resolved as before (the ko rule's note says who may take it
                    # back).  The reply's answer is known: a threat or an open one ends
                    # the test at once
                    if settled and reader is not None and board.ko_loc == PASS:
                        tries = reader.tries(board)
                        quiet = all(reader.needs_answer(board, m) is False
                                    for m in [move] * (move in tries) + tries
                                    if not _gives_away(board, m))
                if quiet and (line or goes_on):
                    break
                if quiet:
                    # alive as it stands: the try is shown, an answer it does not need
                    # is not
                    line.append(move)
                    break
            retake = on_board and move != PASS and move == board.ko_loc
            if settled and loser and _repeats(line, retakes, move, retake):
                # the loser sends stones to be taken again, as it did before (QA s53 teacher
                # D4: lines ran on with the same three moves twice): a book shows it once
                break
            line.append(move)
            retakes.append(retake)
            # a null move of the file's goes on as after the move that covers it (the
            # proof's consistent-replay conditions make that line sound: ``search.verify``)
            node = dict(node.children)[dict(node.pruned).get(move, move)]
            on_board = on_board and (move == PASS or board.is_legal(move))
            if on_board:
                tokens.append(board.play(move))
    finally:
        while tokens:
            board.undo(tokens.pop())
    return line


def _repeats(line: Sequence[int], retakes: Sequence[bool], move: int, retake: bool) -> bool:
    """Whether ``move`` ends, for the second time in ``line``, the same three moves in a
    row (stones on points played before, so stones were taken between).  Ko retakes
    (``retakes``, ``retake``: a move at the ko point, paid for with a threat) are no such
    cycle: each spends a threat, and the fight's lines run on until one side has none
    (review s54: a fight with threats on both sides stopped on the loser's retake)."""
    if len(line) < 2 or PASS in (line[-2], line[-1], move) or \
            retake or retakes[-1] or retakes[-2]:
        return False
    window = (line[-2], line[-1], move)
    return any(tuple(line[i:i + 3]) == window for i in range(len(line) - 2))


def with_other_side(book: Book | None, move: int, other: Proof, to_play: int) -> Book:
    """``book`` with the main line of ``other``, the other side of the ko that the first
    move ``move`` (``to_play``'s) makes, as a line after the file's own: a ko's line
    follows it where its proof holds the moves, so that the side its ko rule forbids the
    ko goes into the ko too (QA s54: it avoided the ko and died, no ko in the line)."""
    line = main_line(other.root, other.board(), goes_on=True, book=book, before=(move,),
                     settled=False, lengths=line_lengths(other))
    return with_line(book, [move, *line], to_play)


def book_reply(book: Book | None, before: Sequence[int], node: ProofNode,
               mover: int | None, covered: bool = False) -> int | None:
    """The file's next move after the moves ``before`` (by ``mover``, where known) where
    ``node``, the proof's node there, holds it as a child, or where ``covered`` as a null
    move (``ProofNode.pruned``); else None (QA s51 book D5: the main line's attack was the
    longest, not the book's hane; QA s52: the hane was a null move there)."""
    if not book:
        return None
    held = {m for m, _ in node.children} | ({m for m, _ in node.pruned} if covered else set())
    return next((e.move for e in moves_at(book, before, mover) if e.move in held), None)


def nothing_left(node: ProofNode, board: Board) -> bool:
    """Whether the defender, to move and dying at ``node`` (``board``: its position), has
    nothing left in the proof but to pass or throw its stones away: each stone move gives
    stones away (:func:`_gives_away`) and the proof ends at the answer to it (a capture
    of all).  There a book says "dead" and stops; the proof goes on to the capture, the
    line need not (QA s49: the lines ended in the defender's self-atari).  A sacrifice the
    proof goes on after (under the stones, a throw-in met by a snapback) is a try the line
    shows (review s50)."""
    if node.kind != "or" or node.won:
        return False
    for move, child in node.children:
        if move == PASS:
            continue
        answer = child.prover_move
        if not _gives_away(board, move) or answer is None or \
                dict(child.children)[answer].children:
            return False
    return True


def meets_a_ko(proof: Proof, most: int = 20_000, scanned: int = 2_000,
               unknown: bool = True) -> bool:
    """Whether a move of ``proof``'s tree takes a ko, or one of its first ``scanned``
    positions holds a ko capture that the proof's rule forbids the side to move
    (``unknown`` where the walk stops after ``most`` moves without knowing): where
    neither, the ko rule decides nothing there (QA s53: practice said "proven, where only
    Black may capture kos" on the straight three; QA s55: the approach ko, where White may
    never take the ko at A1 and nobody takes one, read "proven: this game is lost", then
    ended "Ko")."""
    board, tokens, walked = proof.board(), [], 0
    region = sorted(proof.problem.region_or_all())

    def barred() -> bool:
        return walked <= scanned and ko_barred(board, region)

    if barred():
        return True
    stack = [iter(proof.root.children)]
    try:
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                if tokens and len(tokens) == len(stack):
                    board.undo(tokens.pop())
                continue
            walked += 1
            if walked > most:
                return unknown
            move, child = step
            if move != PASS and not board.is_legal(move):
                continue
            tokens.append(board.play(move))
            if board.ko_loc != PASS or barred():
                return True
            stack.append(iter(child.children))
    finally:
        while tokens:
            board.undo(tokens.pop())
    return False


def ko_barred(board: Board, points: Iterable[int]) -> bool:
    """Whether the side to move at ``board`` could take a ko at one of ``points`` but for
    its ko rule."""
    return any(board.color_at(p) == EMPTY and board.illegal_reason(p) == "ko capture forbidden"
               for p in points)


_lengths: ProofMemo[dict[int, int]] = ProofMemo()


def line_lengths(proof: Proof) -> dict[int, int]:
    """:func:`line_length`'s memo for ``proof``'s nodes, kept while the proof lives: its
    longest line, counted once (``Proof.depth``, in the solver's worker), is known to every
    main line drawn of it after (s57 stall probe: a line of a 52,968-node kill walked the
    whole proof in Python again, 130 ms, as the GUI repainted)."""
    return _lengths.get(proof, lambda _: {})


def line_length(node: ProofNode, lengths: dict[int, int], budget: int = 0) -> int:
    """The nodes on the longest line from ``node`` down, memoised in ``lengths`` by ``id``
    (kept between calls on one proof); -1 where that takes walking more than ``budget``
    new nodes (0: no limit).  Without recursion: a proof's lines run hundreds of moves
    deep."""
    stack, seen = [(node, False)], 0
    while stack:
        n, done = stack.pop()
        if id(n) in lengths:
            continue
        if done:
            lengths[id(n)] = 1 + max((lengths[id(c)] for _, c in n.children), default=0)
            continue
        seen += 1
        if budget and seen > budget:
            return -1
        stack.append((n, True))
        stack.extend((c, False) for _, c in n.children if id(c) not in lengths)
    return lengths[id(node)]


# nodes walked at most to read a losing side's most stubborn move (a child past it reads as
# the shortest line: the GUI thread waits for the walk)
STUBBORN_WALK = 200_000
GIVEN_AWAY = 2      # stones in atari given away whatever they threaten (a seki's liberty filled)
PRESSED = 3         # a chain left with this many liberties or fewer by a move is pressed
THREAT_RANKS = {True: 2, None: 1, False: 0}     # a try's rank by ``ThreatReader.needs_answer``


def stubborn_reply(node: ProofNode, board: Board | None, lengths: dict[int, int],
                   budget: int = 0, sacrifices: bool = True,
                   threats: ThreatReader | None = None) -> int:
    """Where the side to move loses whatever it plays (``board``: the position at
    ``node``, left as it was; None: not known): its most stubborn move in the proof.
    For an attacker that cannot kill, first a move that does not give stones away
    (:func:`_gives_away`; QA s49: in a seki it filled a shared liberty or its own eye,
    its group in atari, since those lines run longest), unless the sacrifice pays back
    (:func:`_pays_back`: under the stones, QA s51) where ``sacrifices``.  A dying
    defender's atari or eye-space filling is a try books show (its pass lets the proof
    wander on), so it is not set aside.  Then anything but a move that fills its own
    dame (:func:`fills_own_dame`: a tenuki keeps that liberty), then a move other than a
    pass (a pass only where the proof holds nothing else, or where a ko is there that the
    mover may not take back at once: the pass then stands for a ko threat elsewhere),
    then one that does more than fill a liberty of its own (:func:`_fills_own`), then the
    one with the longest line below; the first of equals.  ``lengths`` and ``budget``:
    :func:`line_length`'s; ``threats``: where it is given, an attacker's move the defender
    must answer goes before one it need not (:func:`main_line`)."""
    # the mover loses here: where the defender wins the node, the mover is the attacker
    return stubborn_move(node.children, node.won, board, lengths, budget, sacrifices,
                         threats)


def stubborn_move(children: Sequence[tuple[int, ProofNode]], attacker_fails: bool,
                  board: Board | None, lengths: dict[int, int], budget: int = 0,
                  sacrifices: bool = True, threats: ThreatReader | None = None) -> int:
    """:func:`stubborn_reply` among ``children`` (move, the node after it), all lost by
    the side to move at ``board`` (the attacker where ``attacker_fails``): also the first
    moves of a classification, whose proofs are separate trees."""
    given = {move: attacker_fails and _gives_away(board, move) for move, _ in children}
    idle = {move: _fills_own(board, move) for move, _ in children}
    dame = {move: idle[move] and _nothing_empty_beside(board, move) for move, _ in children}
    # a ko the mover may not take back at once: its pass is the ko threat elsewhere (or the
    # wait for one) a player makes there, not a pass that lets the proof wander on (QA s54:
    # the dying side put itself in atari at C1 instead)
    waits = board is not None and board.ko_loc != PASS and not board.is_legal(board.ko_loc)

    def rank(move: int, child: ProofNode) -> tuple[bool, bool, bool, int]:
        return (not dame[move], move != PASS or waits, not idle[move],
                line_length(child, lengths, budget))

    if sacrifices and board is not None and any(given.values()):
        # only a sacrifice that would otherwise be the reply is played out (its line's
        # length was found within ``budget``, so its subtree is that small)
        plain = max((rank(m, c) for m, c in children if not given[m]), default=None)
        for move, child in children:
            if given[move] and (plain is None or rank(move, child) > plain) and \
                    _pays_back(board, move, child):
                given[move] = False
    # the reader's questions are searches: asked in the order of the other keys, they stop
    # at the first threat, which nothing after it can beat (a stable sort keeps the first
    # of equals first), so that a line's budget goes to the questions that decide it
    keys = {move: (not given[move], rank(move, child)) for move, child in children}
    best, best_key = children[0][0], None
    for move, _ in sorted(children, key=lambda pair: keys[pair[0]], reverse=True):
        kept, ranked = keys[move]
        threat = _threat_rank(threats if attacker_fails and kept else None, board, move,
                              waits)
        key = (kept, threat, *ranked)
        if best_key is None or key > best_key:
            best, best_key = move, key
        if kept and threat == THREAT_RANKS[True]:
            break
    return best


def _threat_rank(threats: ThreatReader | None, board: Board | None, move: int,
                 waits: bool) -> int:
    """How an attacker's try ranks by whether the defender must answer it: a threat, an
    open question (and a try not asked: a stone given away, or a pass that stands for a
    ko threat elsewhere, ``waits``), no threat (a pass otherwise)."""
    if threats is None or board is None or (move == PASS and waits):
        return THREAT_RANKS[None]
    return THREAT_RANKS[threats.needs_answer(board, move)]


def _pays_back(board: Board, move: int, child: ProofNode) -> bool:
    """Whether the attacker's ``move`` that gives stones away (``board``: the position
    before it, left as it was) is played under the stones on its line in the proof (drawn
    with sacrifices set aside): once they are taken, a move of the attacker's on one of
    their points takes stones (QA s51: the line left out the very sacrifice the problem
    is about).  A seki's filled liberty never does: the capture makes the defender's
    eyes."""
    mover = board.to_play
    tokens = [board.play(move)]
    given = set(board.chain(move))
    try:
        for reply in main_line(child, board, goes_on=True, sacrifices=False, settled=False):
            if reply != PASS and not board.is_legal(reply):
                break
            taken = board.captures(mover)
            tokens.append(board.play(reply))
            if reply in given and board.to_play != mover and board.captures(mover) > taken:
                return True
        return False
    finally:
        while tokens:
            board.undo(tokens.pop())


def _fills_own(board: Board | None, move: int) -> bool:
    """Whether ``move`` only fills a liberty of a chain of the mover's own: it touches one
    such chain and no empty point that chain lacks, takes no stones, and leaves every
    opponent chain it touches more than ``PRESSED`` liberties (QA s52: a dying group
    filled its own outside liberty, and an attacker that could not kill its own outer
    liberty in a semeai, as their most stubborn tries: the longest lines, not a
    player's)."""
    if board is None or move == PASS or not board.is_legal(move):
        return False
    mover = board.to_play
    near = coords.neighbours(move, board.size)
    own = {min(board.chain(p)) for p in near if board.color_at(p) == mover}
    if len(own) != 1:
        return False
    liberties = set(board.liberties(own.pop()))
    if any(board.color_at(p) == EMPTY and p not in liberties for p in near):
        return False
    taken = board.captures(mover)
    token = board.play(move)
    try:
        return board.captures(mover) == taken and all(
            board.num_liberties(p) > PRESSED for p in near if board.color_at(p) == 3 - mover)
    finally:
        board.undo(token)


def fills_own_dame(board: Board | None, move: int) -> bool:
    """Whether ``move`` only fills a liberty of a chain of the mover's own
    (:func:`_fills_own`) with no empty point beside it: it shapes no eye space either, and
    a tenuki keeps the liberty (QA s55: the bent four in the corner's White filled its
    outside liberty where it had to wait for the ko)."""
    return board is not None and move != PASS and _nothing_empty_beside(board, move) and \
        _fills_own(board, move)


def _nothing_empty_beside(board: Board, move: int) -> bool:
    return not any(board.color_at(p) == EMPTY for p in coords.neighbours(move, board.size))


def _gives_away(board: Board | None, move: int) -> bool:
    """Whether ``move`` leaves its chain in atari and takes nothing (a capture into a
    snapback is a try books show): a chain of ``GIVEN_AWAY`` stones or more, or one stone
    that puts no chain beside it in atari (QA s56: a throw-in that threatened nothing was a
    line's "most stubborn" try, where a tenuki kept the result; a mutual atari must be
    answered, and books show it: the L-four's B1, a snapback's counter-atari)."""
    if board is None or move == PASS or not board.is_legal(move):
        return False
    mover = board.to_play
    taken = board.captures(mover)
    token = board.play(move)
    try:
        if board.captures(mover) != taken or board.num_liberties(move) != 1:
            return False
        return len(board.chain(move)) >= GIVEN_AWAY or not any(
            board.color_at(p) == 3 - mover and board.num_liberties(p) == 1
            for p in coords.neighbours(move, board.size))
    finally:
        board.undo(token)


def _has_cycle(root: ProofNode) -> bool:
    """Whether a node can be reached again from below itself (a shared subtree is no
    cycle).  Iterative: a proof may be thousands of moves deep."""
    on_line: set[int] = set()      # the nodes on the current line from the root
    done: set[int] = set()         # nodes whose every line below was walked
    stack = [(root, iter(root.children))]
    on_line.add(id(root))
    while stack:
        node, below = stack[-1]
        for _, child in below:
            if id(child) in on_line:
                return True
            if id(child) not in done:
                on_line.add(id(child))
                stack.append((child, iter(child.children)))
                break
        else:
            stack.pop()
            on_line.discard(id(node))
            done.add(id(node))
    return False


def json_points_reader(size: int, version: int) -> Callable[[Iterable], list[int]]:
    """What reads a list of points (moves, a zone) of a file of ``version`` on a board of
    ``size``: GTP names (version 1: locs, as they are); it raises ValueError for a name
    that is not a point of the board."""
    if version == 1:
        return list
    table = coords.gtp_locs(size)

    def locs(points: Iterable) -> list[int]:
        try:
            return [table[p] for p in points]
        except KeyError as e:
            raise ValueError(f"the file names {e.args[0]!r}, not a point of its "
                             f"{size}x{size} board") from None
    return locs


def read_json_side(value, version: int) -> int:
    """A side as a file of ``version`` writes it ("B"/"W"; version 1: 1/2); ValueError for
    another value."""
    sides = JSON_SIDES if version > 1 else {c: c for c in JSON_SIDES}
    side = next((c for c, written in sides.items() if written == value), None)
    if side is None:
        raise ValueError(f"{value!r} is not a side (B or W)")
    return side


class TreeWriter:
    """Writes proof trees as SGF variations, each node once, up to a budget of SGF nodes.

    Each move gets a comment saying its status in ``defender``'s colour's words
    ("White lives", "Black kills": another viewer shows them as they are) and what
    a :class:`~tsumego_gui.search.ko_notes.KoNotes` says about kos there, and its
    zone as ``TZ`` where it differs from the zone written above it.  A node the
    proof reaches again by another move order (a transposition: the same position,
    the tree shared) is written once; where it
    comes again its move says where its tree is ("the same position as after B C1
    W D1 ...") and nothing is written below it, so a file is about the size of the
    proof (a 8,514-node proof with shared subtrees written out in full came to
    168,227 SGF nodes, QA s44).  ``cut`` says whether the budget ended the writing.

    A node's replies are written stone moves first, the pass last
    (:func:`stones_before_pass`), except that where the side to move loses the problem
    file's move (``book``) or its most stubborn reply comes first (:meth:`replies`: a
    viewer's main line is then the one ``main_line`` draws; QA s50: in a ko's variation
    the seki's attacker put its own stones in atari there); a retake written after a
    ko threat exchange (:meth:`_threat_exchange`) starts with two passes but is the
    stone move it stands for, in its place among them.

    :meth:`mark_right_ends` marks the ends of a winning first move's lines
    ``RIGHT``.  An end is a node with no child in the file, except one whose
    replies the budget left unwritten (``cut_ends``: the proof goes on there).  A
    node that points to a shared subtree written elsewhere is an end of its line
    in the file, and is marked with the others: its position is proven for the
    same side as its line's, and a trainer that follows the line stops there.  The
    shared subtree's own ends are marked by the first move of the line it is
    written under (each SGF node lies in one first move's variation), so one that
    a ``WRONG`` first move's line holds is left unmarked where a winning line
    points to it."""

    def __init__(self, size: int, defender: int, max_nodes: int, book: Book | None = None):
        self.size, self.defender = size, defender
        self.book = book
        self.left = max_nodes
        self.cut = False
        self.exchanges = 0                  # ko threats written as two passes
        self.where: dict[int, str] = {}     # id(node) -> the line where its tree is written
        # id() of each SGF node whose proof node has replies but none of them was written:
        # the budget ended its line, not the proof
        self.cut_ends: set[int] = set()
        self.lengths: dict[int, int] = {}   # line_length's, for the stubborn replies

    def replies(self, node: ProofNode, board: Board | None,
                before: Sequence[int] = ()) -> list[tuple[int, ProofNode]]:
        """``node``'s (move, child) pairs in the order written (``board``: its position, or
        None; ``before``: the moves from the problem's position to it): stone moves, then
        the pass, and where the side to move loses, the problem file's next move where the
        line has followed the file's and the proof holds it (``book``: :func:`book_reply`),
        else its most stubborn reply (:func:`stubborn_reply`), first: the line
        ``main_line`` draws."""
        replies = stones_before_pass(node.children)
        if node.mover_loses and len(replies) > 1:
            first = book_reply(self.book, before, node,
                               board.to_play if board is not None else None)
            if first is None:
                first = stubborn_reply(node, board, self.lengths)
            replies.sort(key=lambda pair: pair[0] != first)
        return replies

    def write(self, parent, move: int, child: ProofNode, to_play: int,
              notes: KoNotes | None = None, line: str = "",
              zone_above: frozenset[int] | None = None, before: tuple[int, ...] = ()):
        """Write ``move`` (``to_play``'s, leading to ``child``; ``notes``: a board at the
        position before it; ``line``: the moves before it, as text; ``zone_above``: the
        zone written last on the way here; ``before``: the moves before it, from the
        problem's position) and the tree below it as a variation of ``parent``; the new
        SGF node, or None when the budget is spent."""
        if self.left <= 0:
            self.cut = True
            return None
        self.left -= 1
        size = self.size
        colour = "bw"[to_play - 1]
        if notes is not None and move != PASS and move == notes.board.ko_loc:
            parent, line = self._threat_exchange(parent, to_play, line)
        token, note = notes.play(move) if notes is not None else (None, "")
        sgf_node = parent.new_child()
        set_move(sgf_node, colour, move, size)
        line = f"{line} {colour.upper()} {coords.to_gtp(move, size)}".strip()
        text = _describe(child, self.defender, size) + note
        if child.zone and child.zone != zone_above:
            # where it changes only: the same zone on node after node was 70-80% of a
            # 64-MB export, more than the reader takes back (QA s46)
            sgf_node.set_raw_list(ZONE_PROPERTY, [coords.to_sgf(p, size).encode()
                                                  for p in sorted(child.zone)])
        first = self.where.get(id(child))
        if first is not None and child.children:
            text += f". The same position as after {first}: the tree from here is written there"
        elif child.children:
            self.where[id(child)] = line
            below = notes if token is not None else None
            board = below.board if below is not None else None
            moves = (*before, move)
            for reply, grandchild in self.replies(child, board, moves):
                if self.write(sgf_node, reply, grandchild, 3 - to_play, below, line,
                              child.zone or zone_above, moves) is None:
                    break
            if not len(sgf_node):
                self.cut_ends.add(id(sgf_node))
        sgf_node.set("C", text)
        if token is not None:
            notes.undo(token)
        return sgf_node

    def mark_right_ends(self, first) -> None:
        """Start the comment of each end of the lines below ``first`` (a winning first
        move's SGF node, itself included) with ``RIGHT``, once (class docstring)."""
        stack = [first]
        while stack:
            node = stack.pop()
            if len(node):
                stack.extend(node)
                continue
            text = node.get("C") if node.has_property("C") else ""
            if id(node) not in self.cut_ends and not text.startswith(RIGHT):
                node.set("C", f"{RIGHT}: {text}" if text else RIGHT)

    def _threat_exchange(self, parent, to_play: int, line: str):
        """Before a retake that spends an external ko threat, the threat and its answer
        as two passes (there is no point of the board for them): another program that
        keeps the ko rule then plays the retake as legal, and the comments say what the
        passes stand for.  (the node the retake goes under, the line to it)"""
        mover, other = PLAYERS[to_play], PLAYERS[3 - to_play]
        self.exchanges += 1
        threat = parent.new_child()
        set_move(threat, "bw"[to_play - 1], PASS, self.size)
        threat.set("C", f"{mover} plays a ko threat elsewhere (shown as a pass)")
        answer = threat.new_child()
        set_move(answer, "bw"[2 - to_play], PASS, self.size)
        answer.set("C", f"{other} answers the threat (shown as a pass)")
        return answer, (f"{line} {'BW'[to_play - 1]} pass {'BW'[2 - to_play]} pass").strip()

    def say_on_root(self, root) -> None:
        """Say on ``root`` what a reader needs of the tree as written: where the budget cut
        it, and that two passes in a row may stand for a ko threat and its answer (most
        programs end a game there: QA s44)."""
        if self.exchanges:
            root.add_comment_text("Two passes in a row before a ko is taken back stand for "
                                  "a ko threat played elsewhere and its answer: the game "
                                  "goes on after them.")
        if self.cut:
            root.add_comment_text("The tree was cut short: it is larger than an SGF file "
                                  "here holds. The JSON proof file holds all of it.")


def read_zone(sgf_node, size: int,
              above: frozenset[int] | None = None) -> frozenset[int] | None:
    """The zone :class:`TreeWriter` wrote on a move node of an exported proof: ``TZ``, or
    ``SQ`` in files from versions that wrote zones as ``SQ`` (never call it on the root,
    whose ``SQ`` is the problem's region); where the node has none, ``above``: the zone
    read on the way to it (a zone is written only where it changes)."""
    if sgf_node.has_property(ZONE_PROPERTY):
        return frozenset(coords.from_sgf(v.decode("ascii"), size)
                         for v in sgf_node.get_raw_list(ZONE_PROPERTY))
    if sgf_node.has_property("SQ"):
        return frozenset(coords.from_sgfmill(p, size) for p in sgf_node.get("SQ"))
    return above


def _describe(node: ProofNode, defender: int, size: int) -> str:
    status = f"{PLAYERS[defender]} lives" if node.won else f"{PLAYERS[3 - defender]} kills"
    if node.kind == "goal":
        return f"{status}: the goal holds (unconditionally alive)"
    if node.kind == "captured":
        # in a player's words: another viewer's reader does not know "crucial" (QA s53)
        return f"{status}: the {PLAYERS[defender].lower()} group is captured"
    if node.kind == "passes":
        return f"{status}: two passes end the game"
    if node.kind == "survives":
        return f"{status}: two passes end the game with the group on the board (seki)"
    text = f"{status}"
    if node.pruned:     # a proof's AND node, or a disproof's OR node (QA s56: left out)
        covered = ", ".join(
            f"{coords.to_gtp(m, size)} as {coords.to_gtp(c, size)}" for m, c in node.pruned)
        text += f"; answered as another move (they change nothing in its zone): {covered}"
    return text


def _problem_sgf(problem: Problem) -> str:
    from tsumego_gui.core.sgf_io import write_sgf
    return write_sgf(problem).decode("utf-8")


# how an export's summary begins its paragraph of a root comment (a proof's, a split
# proof's, a classification's)
EXPORT_MARK = re.compile(r"^tsumego_gui( split)?( proof)?: ", re.MULTILINE)
# the other paragraphs an export adds to a root comment (``TreeWriter.say_on_root``)
_EXPORT_NOTES = ("Two passes in a row before a ko is taken back stand for",
                 "The tree was cut short:")


def without_export_words(comment: str) -> str:
    """A root comment without the paragraphs an export of ours wrote into it, the
    problem's own words and a player's notes kept (QA s46: each export of an export said
    its summary once more; review s46: cutting at the summary lost a note after it)."""
    kept = [p for p in comment.split("\n\n")
            if not EXPORT_MARK.match(p) and not p.startswith(_EXPORT_NOTES)]
    return "\n\n".join(kept).strip()


def problem_sgf_for(problem: Problem, to_play: int) -> bytes:
    """The problem as the root of an exported proof: ``to_play`` to move (``PL``),
    without the book's first moves, whose bare variations would come first and read as
    the main line, and without the words of an export it was read from."""
    from tsumego_gui.core.sgf_io import write_sgf
    # the other side to move stands for a move elsewhere, which lifts a ko ban (review s62:
    # the problem with its ko point kept was refused, and the proof not written)
    ko_point = problem.ko_point if to_play == problem.to_play else PASS
    return write_sgf(replace(problem, to_play=to_play, to_play_given=True, book_moves=(),
                             ko_point=ko_point, comment=without_export_words(problem.comment)))
