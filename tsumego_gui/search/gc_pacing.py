"""Garbage collection paced around searches: no full collection walks the growing proofs.

CPython's cycle collector walks every object of the generations it collects
with the GIL held.  A solve builds proof trees of up to a million objects and
more (``ProofNode`` with its lists and tuples) in the worker thread; the
full (generation 2) collections those allocations set off walked the whole
heap, the growing proofs included, and held the GUI thread for 100-700 ms
each, longer as the heap grew (measured on gop/12403 and its classification:
16 full collections, up to 730 ms each).

The same walks cost a batch run its time: a classification, which keeps some
twenty proofs alive, ran 13% faster without them and a single solve 9%
(32 enclosed-dev sides, every third solved one, in s34).

The policy, driven by the GUI's solver controllers (``qt.solver_worker``),
and by the CLI and the benchmarks through :func:`paced`:

* while any search request runs (:func:`search_started` .. :func:`search_ended`),
  the interpreter starts no full collection of its own (generation 2's
  threshold is raised); young collections run as usual, and they are cheap;
* when the last one ends, everything alive is frozen (``gc.freeze``: moved to
  the permanent generation, which no collection walks) and the thresholds come
  back, so browsing a large proof never pays for walking it;
* around a df-pn call that may build a large proof (:func:`bulk_allocation`),
  collection is off; within a request, what is alive after it is frozen at once;
* :func:`clean_slate` (in a batch, after each problem's results were dropped)
  unfreezes and collects once, when the old proofs are gone and the heap is
  small (some 40,000 objects, about 10 ms), so garbage cycles among frozen
  objects do not pile up;
* :func:`settle` (the app: a problem opened, New) does the same and freezes what
  is left, but only while the frozen heap is small (``SMALL_HEAP``) or has grown
  by half since it last did: a large collection's problems (50,000 posed: some
  millions of objects) made every step to the next problem walk them all, 1-2 s
  with the window stalled (QA s47); growth bounds what waits frozen.

Frozen objects are still freed by reference counting when dropped: proofs are
trees (``search.results.to_proof_tree`` cuts its one cycle), so a replaced
proof goes at once.  Knows the ``gc`` module only; nothing about widgets.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

NEVER = 1_000_000_000        # generation 2's threshold while a search runs: no full collection
SMALL_HEAP = 200_000         # frozen objects a full collection walks in some 50 ms
GROWTH = 1.5                 # frozen objects since the last settle, as a multiple, to settle again

_busy = 0                    # controllers with a request in flight
_saved: tuple[int, int, int] | None = None
_settled_at = 0              # objects frozen after the last settle
_bulk = 0                    # bulk allocations in flight (``bulk_allocation``)
_bulk_was_enabled = True     # whether collection was on when the first of them began
_bulk_lock = threading.Lock()


def search_started() -> None:
    """A controller has a request in flight: no automatic full collection from now on."""
    global _busy, _saved
    _busy += 1
    if _busy == 1:
        _saved = gc.get_threshold()
        gc.set_threshold(_saved[0], _saved[1], NEVER)


def search_ended() -> None:
    """A controller's requests are all over; after the last one, freeze what is alive
    (the proofs shown) and let full collections run again, on what comes after."""
    global _busy, _saved
    if _busy == 0:
        return
    _busy -= 1
    if _busy == 0:
        gc.freeze()
        if _saved is not None:
            gc.set_threshold(*_saved)
        _saved = None


@contextmanager
def paced() -> Iterator[None]:
    """One request run in the calling thread (the CLI, a benchmark): from
    :func:`search_started` to :func:`search_ended`, however it ends."""
    search_started()
    try:
        yield
    finally:
        search_ended()


@contextmanager
def bulk_allocation() -> Iterator[None]:
    """Around a search core's call that may build a large proof (df-pn's extraction:
    millions of objects, no cycle): collection is off meanwhile.  Left on, the young
    collections walked every new object once or twice on its way to the oldest
    generation, where it stays (gop/17101 B's solve and check: 1.5 s in the collector
    with them, 0.9 s without; its extraction alone 5.8-6.3 s and 4.8-5.2 s); outside a
    paced request the full collections walked them all again and again (half of a 30-s
    budget on gop/5194 W).  Within a paced request what is alive when the last bulk
    allocation ends is frozen (``gc.freeze``: moved at once, the young counts back to
    0), as the request's end would freeze it: no young collection walks the new objects
    afterwards either.  (Turned off and on again with no freeze, it left them all in the
    youngest generation, and the first collections after it walked them at once with the
    GIL held: 55-120 ms each, stalling the GUI thread on gop/12403 B.)  Outside a paced
    request they are not frozen, since nothing would unfreeze them: collection comes
    back as it was.  Nested and concurrent calls (two requests in flight) share one
    switch: the last to end turns collection back on."""
    global _bulk, _bulk_was_enabled
    with _bulk_lock:
        if _bulk == 0:
            _bulk_was_enabled = gc.isenabled()
            gc.disable()
        _bulk += 1
    try:
        yield
    finally:
        with _bulk_lock:
            _bulk -= 1
            if _bulk == 0:
                if searching():
                    gc.freeze()
                if _bulk_was_enabled:
                    gc.enable()


def searching() -> bool:
    return _busy > 0


def clean_slate() -> None:
    """The old problem's proofs are gone: unfreeze and collect once, while that is cheap
    (nothing while a search runs: its objects stay unwalked until it ends)."""
    if _busy:
        return
    gc.unfreeze()
    gc.collect()


def settle() -> None:
    """The app's clean slate (module docstring): unfreeze, collect and freeze again, where
    the frozen heap is small or has grown by half since the last time; else nothing."""
    global _settled_at
    frozen = gc.get_freeze_count()
    if _busy or SMALL_HEAP < frozen < GROWTH * _settled_at:
        return
    clean_slate()
    gc.freeze()
    _settled_at = gc.get_freeze_count()
