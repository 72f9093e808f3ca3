"""A line of a proof as diagram text for a forum post (``tsumego solve --diagram``).

The line is the proof's main line (``Proof.main_line``), at most
``DIAGRAM_MOVES`` moves, said to go on where the proof does.  The diagrams
(``core.sl_diagram``) show the part of the board the app crops to
(``core.board_crop``: the stones but a frame's, and the region), with the
frame's stones left out: a forum reader wants the book's position, not the
walls the solver put round an open problem.  Where the line's ko rule decides a
move (a side that may not take a ko, a retake paid for with a threat), the
words of the SGF export (``search.ko_notes``) are said under the diagrams with
the move they follow: a line in which the defender passes rather than take a
ko reads as a blunder without them (QA s48).  Where the defender lives, the
line shows the attacker's threats first and ends where the defender need answer
none (``search.line_threats``: a short search per try).

Knows problems, proofs, the threat reader and the diagram writer; nothing about files
or widgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine_cy.board import PASS, Board
from tsumego_gui.core import coords
from tsumego_gui.core.board_crop import crop_window
from tsumego_gui.core.book_lines import Book
from tsumego_gui.core.problem import Problem
from tsumego_gui.core.sl_diagram import sl_diagrams
from tsumego_gui.core.wording import PLAYERS
from tsumego_gui.search.ko_notes import KoNotes
from tsumego_gui.search.line_threats import ThreatReader, reader_for
from tsumego_gui.search.proof import Proof, ProofNode, line_lengths, main_line

DIAGRAM_MOVES = 30      # three diagrams; a longer line is cut, and said to be
CUT_NOTE = "The line goes on in the proof (shown to move {})."


def proof_line(node: ProofNode, board: Board | None, first: int | None = None,
               most: int | None = None, goes_on: bool = False, book: Book | None = None,
               before: Sequence[int] = (), threats: ThreatReader | None = None,
               lengths: dict[int, int] | None = None) -> tuple[list[int], bool]:
    """(the proof's main line from ``node``, at most ``most`` moves (None:
    ``DIAGRAM_MOVES``) and without the passes it ends with, whether it was cut);
    ``board``, ``first``, ``goes_on``, ``book``, ``before``, ``threats`` and ``lengths``:
    ``proof.main_line``'s."""
    most = DIAGRAM_MOVES if most is None else most
    line = main_line(node, board, most + 1, first, goes_on, book=book, before=before,
                     threats=threats, lengths=lengths)
    cut = len(line) > most
    line = line[:most]
    # the passes that end the game show nothing (QA s50: a seki's three), but a line of
    # passes alone says its first (review s50: a bare position)
    while not cut and len(line) > (0 if goes_on else 1) and line[-1] == PASS:
        line.pop()
    return line, cut


def ko_heading(problem: Problem, proof: Proof) -> str:
    """The words over the second line of a ko: who may take kos in ``proof`` (a proof of
    the ko's other side), and what the line shows."""
    d, a = PLAYERS[problem.defender], PLAYERS[problem.attacker]
    if proof.root.won:
        return f"Where {d} may take kos (and {a} may not), it lives"
    return f"Where {d} may not take a ko (and {a} may), it dies"


def line_notes(start: Problem, to_play: int, moves: Sequence[int], cut: bool) -> list[str]:
    """What is said under the diagrams of ``moves`` from ``start`` (its position under the
    line's ko rule, ``to_play`` to move): "After N: ..." where the ko rule decides a move,
    in the words of the SGF export (``ko_notes``), and that the line goes on (``cut``)."""
    notes = KoNotes(start, to_play, held_by="line")
    said = []
    for number, move in enumerate(moves, 1):
        token, note = notes.play(move)
        if token is None:
            break
        if note:
            said.append(f"After {number}: {note.removeprefix('. ')}")
    return said + ([CUT_NOTE.format(len(moves))] if cut else [])


def line_diagram(problem: Problem, to_play: int, moves: Sequence[int], rules: Problem,
                 cut: bool = False) -> str:
    """``moves`` from ``problem``'s position with ``to_play`` to move, as diagram text;
    ``rules``: the problem whose ko rule the line follows (its proof's), for the notes;
    ``cut``: the line goes on in the proof."""
    # played under the line's ko rule (QA s50: a defender's first move that takes a ko,
    # which the problem's own rule forbids it, stopped --all --diagram as bad input)
    board = with_ko_rule(problem, rules).to_board()
    board.to_play = to_play
    window = crop_window(problem.size, ((problem.black | problem.white) - problem.frame)
                         | problem.region)
    text = sl_diagrams(board, moves, (window.row0, window.row1), (window.col0, window.col1),
                       title=f"{PLAYERS[to_play]} to play", hidden=problem.frame)
    return "\n".join([text, *line_notes(with_ko_rule(problem, rules), to_play, moves, cut)])


def proof_diagram(start: Problem, to_play: int, proof: Proof, before: Sequence[int] = (),
                  first: int | None = None, book: Book | None = None
                  ) -> tuple[str, list[int]]:
    """(the diagram of ``proof``'s main line, that line): from ``start``'s position with
    ``to_play`` to move, ``before`` played first (the first move whose proof it is), under
    the proof's ko rule; ``first`` and ``book`` (the problem file's lines):
    ``proof_line``'s; the attacker's tries a living defender must answer are read
    (``search.line_threats``)."""
    line, cut = proof_line(proof.root, proof.board(), first, goes_on=bool(before),
                           book=book, before=before, threats=reader_for(proof),
                           lengths=line_lengths(proof))
    return line_diagram(start, to_play, [*before, *line], proof.problem, cut), line


def first_move_start(problem: Problem, to_play: int, first: int, proof: Proof
                     ) -> tuple[Board, Problem] | None:
    """(the position of ``problem`` before ``to_play``'s first move ``first``, the problem
    there under ``proof``'s ko rule), from which the line of ``first``'s proof is drawn:
    the proof's root is that position after ``first``; None where it is not (QA s48: under
    the problem's own ko rule, a ko move's line met a capture the problem forbids)."""
    start = with_ko_rule(problem, proof.problem)
    board = start.to_board()
    board.to_play = to_play
    if board.is_legal(first) or first == PASS:
        after = board.copy()
        after.play(first)
        root = proof.board()
        if all(after.color_at(p) == root.color_at(p) for p in coords.all_locs(after.size)):
            return board, start
    return None


def with_ko_rule(problem: Problem, rules: Problem) -> Problem:
    """``problem``'s position under ``rules``' ko rule and ko threats."""
    return replace(problem, ko_allowed=rules.ko_allowed, ko_threats=rules.ko_threats)
