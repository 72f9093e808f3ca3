"""What the panels read of a proof, made once in the worker thread: its size and longest
line, and the threats its main line reads.

Counting walks the whole proof (``Proof.size`` and ``Proof.depth``): some
300 ms for a proof of 50,000 nodes, too long for the GUI thread.  The solver
worker calls :func:`count` before it hands a proof over; :func:`facts` then
answers from that count (and counts itself for a proof never seen).  Its main
line asks a short search of each attacker's try (``search.line_threats``, up
to two seconds): the worker reads them (:func:`read_threats`) right after
it hands the proof over, and the browser's main line (:func:`threat_reader`)
finds the answers known.  Entries go with their proofs (weak references).
Knows ``search.proof.Proof`` and the threat reader; nothing about widgets.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass

from tsumego_gui.search.line_threats import ThreatReader
from tsumego_gui.search.proof import Proof, main_line


@dataclass(frozen=True)
class ProofFacts:
    size: int           # distinct nodes
    depth: int          # nodes on the longest line, the root included (``Proof.depth``)


_lock = threading.Lock()
_known: dict[int, tuple[weakref.ref, ProofFacts]] = {}
_readers: dict[int, tuple[weakref.ref, ThreatReader]] = {}


def count(proof: Proof) -> ProofFacts:
    """Walk ``proof`` and remember what it holds (call it off the GUI thread)."""
    return _lookup(_known, proof) or _remember(
        _known, proof, ProofFacts(proof.size(), proof.depth()))


def facts(proof: Proof) -> ProofFacts:
    """What :func:`count` found for ``proof`` (counting now when it never saw it)."""
    return _lookup(_known, proof) or count(proof)


def threat_reader(proof: Proof) -> ThreatReader:
    """The one reader of ``proof``'s main lines, made when first asked for."""
    return _lookup(_readers, proof) or _remember(_readers, proof, ThreatReader(proof.problem))


def read_threats(proof: Proof, cancelled: Callable[[], bool]) -> None:
    """Ask now what the main line from the root asks (call it off the GUI thread), until
    ``cancelled``."""
    reader = threat_reader(proof)
    reader.cancelled = cancelled
    try:
        main_line(proof.root, proof.board(), threats=reader)
    finally:
        reader.cancelled = None


def _remember(registry: dict, proof: Proof, value):
    """``value`` kept for ``proof``, or the one another thread kept for it first."""
    key = id(proof)

    def gone(_ref, key=key) -> None:
        with _lock:
            entry = registry.get(key)
            if entry is not None and entry[0]() is None:
                del registry[key]

    with _lock:
        entry = registry.get(key)
        if entry is not None and entry[0]() is proof:
            return entry[1]
        registry[key] = (weakref.ref(proof, gone), value)
    return value


def _lookup(registry: dict, proof: Proof):
    with _lock:
        entry = registry.get(id(proof))
    if entry is not None and entry[0]() is proof:
        return entry[1]
    return None
