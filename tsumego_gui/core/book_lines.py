"""A problem file's book lines: the move its solution variations play after each line of moves.

A player practising a book problem the solver cannot prove in a few seconds
still expects the app to answer as the book does, in its correct line and in
its failure lines, which show how a wrong try is refuted (QA s51 book D3: the
app's guess after a failure move was not the book's reply).  :func:`book_replies`
reads one game of an SGF file and maps each sequence of moves from the problem's
position to the moves the book plays next (:class:`BookMove`: the move, its
colour and what its line is), the book's main variation first.  A solution
line's labels say what it is (``sgf_io.line_verdict``: its name, its comment,
the labels down it); a variation that branches off inside a line is what its
own first node's name or comment says, else what the line it leaves is (QA
s52: "Correct: White fails to make two eyes" further down read as a failure),
so a hint need not name a failure line's move as the book's advice.
Reference diagrams are left out (they show what follows another choice, not a
reply), a variation ends at a node that is no move or sets up stones, and a
line is read ``MAX_BOOK_MOVES`` deep at most (each place is keyed by the whole
line to it).

Knows SGF and coordinates; nothing about solving, proofs or games.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sgfmill import sgf

from tsumego_gui.core import coords
from tsumego_gui.core.problem import ProblemError
from tsumego_gui.core.sgf_io import (
    FAILURE_LABEL,
    REFERENCE,
    REFERENCE_LABEL,
    RIGHT,
    RIGHT_LABEL,
    SGF_COLORS,
    WRONG,
    game_of,
    line_verdict,
    parse_games,
    text_of,
)

SETUP = ("AB", "AW", "AE")


@dataclass(frozen=True)
class BookMove:
    """A move the book plays, its colour, and what its line is: ``sgf_io.RIGHT``,
    ``WRONG`` or ""."""

    move: int
    colour: int
    verdict: str


Book = dict[tuple[int, ...], tuple[BookMove, ...]]
# a larger file (a collection of thousands) is not parsed again for one game's lines
MAX_BOOK_BYTES = 1 << 20
MAX_BOOK_MOVES = 300        # a line read deeper is cut (no book problem's line is so long)


def moves_at(book: Book, before: Sequence[int], colour: int | None) -> list[BookMove]:
    """The book's moves after the moves ``before``, of ``colour`` (None: either), main
    variation first."""
    return [e for e in book.get(tuple(before), ()) if colour in (None, e.colour)]


def with_line(book: Book | None, moves: Sequence[int], colour: int) -> Book:
    """``book`` (None: empty) with ``moves``, played in turn from ``colour``, as a line
    after its own at each place: the other side of a ko, whose moves a ko's first line
    follows where its own proof allows (QA s54: the losing side avoided the ko there and
    the line read as no ko at all)."""
    out = dict(book or {})
    for i, move in enumerate(moves):
        place = tuple(moves[:i])
        out[place] = (*out.get(place, ()), BookMove(move, colour if i % 2 == 0 else 3 - colour,
                                                    ""))
    return out


def book_of_file(path: Path, index: int = 0) -> Book:
    """:func:`book_replies` of game ``index`` of a problem file: an SGF, or a research
    json's ``rawsgf`` (the book's problem); empty for a file that cannot be read, holds
    no lines, or is larger than ``MAX_BOOK_BYTES``."""
    try:
        if path.stat().st_size > MAX_BOOK_BYTES:
            return {}
        data = path.read_bytes()
        if path.suffix.lower() == ".json":
            raw = json.loads(data).get("rawsgf")
            if not isinstance(raw, str):
                return {}
            data, index = raw.encode("utf-8"), 0
    except (OSError, ValueError, AttributeError, RecursionError):
        return {}
    return book_replies(data, index)


def book_replies(data: bytes, index: int = 0) -> Book:
    """The book's next moves (locations, or ``PASS``) after each line of moves from game
    ``index``'s position, the main variation's first; empty where the file cannot be
    read or holds no such game."""
    try:
        trees = parse_games(data)
        if not 0 <= index < len(trees):
            return {}
        game = game_of(trees[index])
    except (ProblemError, ValueError, RecursionError):
        return {}
    size, replies = game.get_size(), {}
    # (node, the moves that led to it, what the line it is on is); the root's children
    # are the solution lines
    stack = [(child, (), line_verdict(child)[0]) for child in reversed(game.get_root())]
    while stack:
        node, before, verdict = stack.pop()
        played = _move(node, size)
        if played is None or verdict == REFERENCE or len(before) >= MAX_BOOK_MOVES:
            continue
        colour, move = played
        replies.setdefault(before, []).append(BookMove(move, colour, verdict))
        line = (*before, move)
        branching = len(node) > 1
        stack.extend((child, line, _own_verdict(child) or verdict if branching else verdict)
                     for child in reversed(node))
    return {before: tuple(moves) for before, moves in replies.items()}


def _own_verdict(node: sgf.Tree_node) -> str:
    """What a variation that branches off inside a line is by its first node's own name,
    then comment, the label said first ("" where they do not say); a reference diagram
    only by its name."""
    name, comment = text_of(node, "N"), text_of(node, "C")
    for text in (name, comment):
        # the label said first ("Correct: White fails to make two eyes" is right)
        found = [(m.start(), verdict) for label, verdict in ((FAILURE_LABEL, WRONG),
                                                             (RIGHT_LABEL, RIGHT))
                 if (m := label.search(text))]
        if found:
            return min(found)[1]
    return REFERENCE if REFERENCE_LABEL.search(name) else ""


def _move(node: sgf.Tree_node, size: int) -> tuple[int, int] | None:
    """The node's (colour, move): a location, ``coords.PASS`` for a pass; None for no
    move (or a node that also sets up stones, or a point off the board)."""
    try:
        colour, point = node.get_move()
    except ValueError:
        return None
    if colour is None or any(node.has_property(p) for p in SETUP):
        return None
    if point is not None and not all(0 <= v < size for v in point):
        return None
    return SGF_COLORS[colour], coords.from_sgfmill(point, size)
