"""A problem file's book lines: the move its solution variations play after each line of moves.

A player practising a book problem the solver cannot prove in a few seconds
still expects the app to answer as the book does, in its correct line and in
its failure lines, which show how a wrong try is refuted (QA s51 book D3: the
app's guess after a failure move was not the book's reply).  :func:`book_replies`
reads one game of an SGF file and maps each sequence of moves from the problem's
position to the moves the book plays next (:class:`BookMove`), the book's main
variation first, each with what its line is: a variation's labels say it
(``sgf_io.line_verdict``), else it is what the line it branches from is, so a
hint need not name a failure line's move as the book's advice (QA s52).
Reference diagrams are left out (they show what follows another choice, not a
reply), and a variation ends at a node that is no move or sets up stones.

Knows SGF and coordinates; nothing about solving, proofs or games.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from sgfmill import sgf

from tsumego_gui.core import coords
from tsumego_gui.core.problem import ProblemError
from tsumego_gui.core.sgf_io import REFERENCE, game_of, line_verdict, parse_games

SETUP = ("AB", "AW", "AE")


@dataclass(frozen=True)
class BookMove:
    """A move the book plays, and what its line is: ``sgf_io.RIGHT``, ``WRONG`` or ""."""

    move: int
    verdict: str


Book = dict[tuple[int, ...], tuple[BookMove, ...]]
# a larger file (a collection of thousands) is not parsed again for one game's lines
MAX_BOOK_BYTES = 1 << 20


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
    except (OSError, ValueError, AttributeError):
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
    except (ProblemError, ValueError):
        return {}
    size, replies = game.get_size(), {}
    # (node, the moves that led to it, its parent's line's verdict); the root's children
    # are the solution lines
    stack = [(child, (), "") for child in reversed(game.get_root())]
    while stack:
        node, before, inherited = stack.pop()
        move = _move(node, size)
        # a line's own labels, where it starts or branches off; else its parent's
        verdict = line_verdict(node)[0] or inherited \
            if not before or len(node.parent) > 1 else inherited
        if move is None or verdict == REFERENCE:
            continue
        replies.setdefault(before, []).append(BookMove(move, verdict))
        line = (*before, move)
        stack.extend((child, line, verdict) for child in reversed(node))
    return {before: tuple(moves) for before, moves in replies.items()}


def _move(node: sgf.Tree_node, size: int) -> int | None:
    """The node's move as a location (``coords.PASS`` for a pass), or None for no move
    (or a node that also sets up stones, or a point off the board)."""
    try:
        colour, point = node.get_move()
    except ValueError:
        return None
    if colour is None or any(node.has_property(p) for p in SETUP):
        return None
    if point is not None and not all(0 <= v < size for v in point):
        return None
    return coords.from_sgfmill(point, size)
