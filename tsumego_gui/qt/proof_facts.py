"""What the panels read of a proof, made once in the worker thread: its size and longest
line, and the threats its main line reads.

Counting walks the whole proof (``Proof.size`` and ``Proof.depth``): some
300 ms for a proof of 50,000 nodes, too long for the GUI thread.  The solver
worker calls :func:`count` before it hands a proof over; :func:`facts` then
answers from that count (and counts itself for a proof never seen).  Its main
line asks a short search of each attacker's try (``search.line_threats``, up
to two seconds): the worker reads them (:func:`read_threats`) right after it
hands the proof over, and those of the first moves' proofs after it hands their
classification over (:func:`read_first_move_lines`), and the browser's main line
finds the answers and the line lengths known (one reader and one memo of lengths
per proof, ``line_threats.reader_for``, ``proof.line_lengths``).  Entries go
with their proofs (``search.proof_memo``).
Knows proofs, classifications, main lines and the threat reader; nothing about widgets.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from tsumego_gui.core.book_lines import Book
from tsumego_gui.search.classify import Classification
from tsumego_gui.search.line_diagram import first_move_start, proof_line
from tsumego_gui.search.line_threats import ThreatReader, reader_for
from tsumego_gui.search.proof import Proof, line_lengths, main_line, with_other_side
from tsumego_gui.search.proof_memo import ProofMemo

# seconds the solver worker spends at most drawing the first moves' lines ahead
# (``read_first_move_lines``), after it hands the classification over
READ_AHEAD_SECONDS = 20.0


@dataclass(frozen=True)
class ProofFacts:
    size: int           # distinct nodes
    depth: int          # nodes on the longest line, the root included (``Proof.depth``)


_facts: ProofMemo[ProofFacts] = ProofMemo()


def count(proof: Proof) -> ProofFacts:
    """Walk ``proof`` and remember what it holds (call it off the GUI thread)."""
    return _facts.get(proof, lambda p: ProofFacts(p.size(), p.depth()))


def facts(proof: Proof) -> ProofFacts:
    """What :func:`count` found for ``proof`` (counting now when it never saw it)."""
    return count(proof)


def read_first_move_lines(c: Classification, cancelled: Callable[[], bool],
                          book: Book | None = None) -> None:
    """Draw now (call it off the GUI thread) the main line of each first move's proof, as
    the browser draws it after that move: the threats it asks stay with the proof's
    reader, the line lengths it counts with the proof (``proof.line_lengths``); the best
    moves first, within ``READ_AHEAD_SECONDS`` in all, until ``cancelled`` (helper s58: a
    first Copy main line or End on a first move's proof waited 134 ms at the median, up
    to 1.8 s, in the GUI thread).  ``book``: the problem file's lines, which the browser's
    lines follow."""
    book = book or {}
    start = time.monotonic()
    best = set(c.best_moves())
    for fm in sorted(c.moves, key=lambda m: m.move not in best):
        proof = c.line_proofs(fm)[0]
        if cancelled() or time.monotonic() - start > READ_AHEAD_SECONDS:
            return
        found = None if proof is None else \
            first_move_start(c.problem, c.to_play, fm.move, proof)
        if found is not None:
            board = found[0]
            board.play(fm.move)
            # a ko move's line follows its other side's into the ko, as the browser's does
            other = c.ko_other_side(fm, proof)
            line_book = book if other is None else \
                with_other_side(book, fm.move, other, c.to_play)
            _read(proof, cancelled,
                  lambda reader, proof=proof, board=board, fm=fm, line_book=line_book:
                  proof_line(proof.root, board, goes_on=True, book=line_book,
                             before=(fm.move,), threats=reader, lengths=line_lengths(proof)))


def read_threats(proof: Proof, cancelled: Callable[[], bool],
                 book: Book | None = None) -> None:
    """Ask now what the main line from the root asks (call it off the GUI thread), until
    ``cancelled``: the answers stay with the proof's reader (``line_threats.reader_for``).
    ``book``: the problem file's lines, which the browser's line follows."""
    _read(proof, cancelled, lambda reader: main_line(
        proof.root, proof.board(), book=book, threats=reader, lengths=line_lengths(proof)))


def _read(proof: Proof, cancelled: Callable[[], bool],
          draw: Callable[[ThreatReader], object]) -> None:
    """``draw(reader)`` with ``proof``'s reader, its questions stopped by ``cancelled``."""
    reader = reader_for(proof)
    reader.cancelled = cancelled
    try:
        draw(reader)
    finally:
        reader.cancelled = None
