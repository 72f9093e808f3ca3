"""A proof's size and longest line, counted once in the worker thread and read by the panels.

Counting walks the whole proof (``Proof.size`` and ``Proof.depth``): some
300 ms for a proof of 50,000 nodes, too long for the GUI thread.  The solver
worker calls :func:`count` before it hands a proof over; :func:`facts` then
answers from that count (and counts itself for a proof never seen).  Entries
go with their proofs (weak references).  Knows ``search.proof.Proof``;
nothing about widgets.
"""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass

from tsumego_gui.search.proof import Proof


@dataclass(frozen=True)
class ProofFacts:
    size: int           # distinct nodes
    depth: int          # nodes on the longest line, the root included (``Proof.depth``)


_lock = threading.Lock()
_known: dict[int, tuple[weakref.ref, ProofFacts]] = {}


def count(proof: Proof) -> ProofFacts:
    """Walk ``proof`` and remember what it holds (call it off the GUI thread)."""
    found = _lookup(proof)
    if found is not None:
        return found
    out = ProofFacts(proof.size(), proof.depth())
    key = id(proof)

    def gone(_ref, key=key) -> None:
        with _lock:
            entry = _known.get(key)
            if entry is not None and entry[0]() is None:
                del _known[key]

    with _lock:
        _known[key] = (weakref.ref(proof, gone), out)
    return out


def facts(proof: Proof) -> ProofFacts:
    """What :func:`count` found for ``proof`` (counting now when it never saw it)."""
    return _lookup(proof) or count(proof)


def _lookup(proof: Proof) -> ProofFacts | None:
    with _lock:
        entry = _known.get(id(proof))
    if entry is not None and entry[0]() is proof:
        return entry[1]
    return None
