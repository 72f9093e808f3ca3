"""Something made once per proof and kept while the proof lives, whichever thread asks.

A proof is a dataclass compared by value, so it is no dictionary key: entries are
kept by ``id`` with a weak reference that drops them when the proof goes (and tells
a reused ``id`` apart).  Knows nothing about what is kept.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class ProofMemo(Generic[T]):
    """Values by proof (``get``: the one kept, else ``make(proof)``, kept)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: dict[int, tuple[weakref.ref, T]] = {}

    def known(self, proof) -> T | None:
        with self._lock:
            entry = self._entries.get(id(proof))
        return entry[1] if entry is not None and entry[0]() is proof else None

    def get(self, proof, make: Callable[[object], T]) -> T:
        """The value kept for ``proof``, else ``make(proof)`` kept (made outside the lock:
        where two threads make one at once, the first kept is the one both get)."""
        found = self.known(proof)
        if found is not None:
            return found
        value = make(proof)
        key = id(proof)

        def gone(_ref, key=key) -> None:
            with self._lock:
                entry = self._entries.get(key)
                if entry is not None and entry[0]() is None:
                    del self._entries[key]

        with self._lock:
            entry = self._entries.get(key)
            if entry is not None and entry[0]() is proof:
                return entry[1]
            self._entries[key] = (weakref.ref(proof, gone), value)
        return value
