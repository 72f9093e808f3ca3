# cython: language_level=3
"""Letting a waiting thread (the GUI) take the GIL from a long search.

A thread waiting for CPython's GIL asks the holder to hand it over only after
waiting 5 ms without a switch, and every release wakes it and restarts that
wait.  A search that released the GIL on every batch (well under 5 ms apart)
therefore kept the GUI thread waiting for as long as it ran: it re-took the GIL
before the woken thread could.  Releasing it at most once per OFFER_MS milliseconds
lets the waiter time out and ask, and the next release then waits until the
waiter has the GIL.  Knows nothing about searches.
"""

cdef enum:
    OFFER_MS = 10


cdef inline void offer_gil(double now, double* next_offer) noexcept:
    """Release and re-take the GIL if ``now`` (seconds) has reached ``next_offer``."""
    if now >= next_offer[0]:
        next_offer[0] = now + OFFER_MS / 1000.0
        with nogil:
            pass
