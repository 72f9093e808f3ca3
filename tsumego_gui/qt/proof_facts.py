"""What the panels read of a proof, made once in the worker thread: its size and longest
line, and the threats its main line reads.

Counting walks the whole proof (``Proof.size`` and ``Proof.depth``): some
300 ms for a proof of 50,000 nodes, too long for the GUI thread.  The solver
worker calls :func:`count` before it hands a proof over; :func:`facts` then
answers from that count (and counts itself for a proof never seen).  Its main
line asks a short search of each attacker's try (``search.line_threats``, up
to two seconds): the worker reads them (:func:`read_threats`) right after
it hands the proof over, and the browser's main line finds the answers known
(one reader per proof, ``line_threats.reader_for``).  Entries go with their
proofs (``search.proof_memo``).
Knows ``search.proof.Proof`` and the threat reader; nothing about widgets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tsumego_gui.search.line_threats import reader_for
from tsumego_gui.search.proof import Proof, main_line
from tsumego_gui.search.proof_memo import ProofMemo


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


def read_threats(proof: Proof, cancelled: Callable[[], bool]) -> None:
    """Ask now what the main line from the root asks (call it off the GUI thread), until
    ``cancelled``: the answers stay with the proof's reader (``line_threats.reader_for``)."""
    reader = reader_for(proof)
    reader.cancelled = cancelled
    try:
        main_line(proof.root, proof.board(), threats=reader)
    finally:
        reader.cancelled = None
