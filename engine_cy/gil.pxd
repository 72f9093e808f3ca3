# cython: language_level=3
"""Letting a waiting thread (the GUI) take the GIL from a long search.

A thread waiting for CPython's GIL asks the holder to hand it over only after
waiting one switch interval (``sys.getswitchinterval``: 5 ms by default; the
app sets 1 ms, ``qt.solver_worker``) without a switch, and every release wakes
it and restarts that wait.  A search that released the GIL on every batch (well
under an interval apart) therefore kept the GUI thread waiting for as long as it
ran: it re-took the GIL before the woken thread could.  Releasing it at most once
per OFFER_SWITCHES intervals (the searches read the interval when they are made)
lets the waiter time out and ask, and the next release then waits until the
waiter has the GIL.  Knows nothing about searches.
"""

cdef enum:
    OFFER_SWITCHES = 2


cdef inline void offer_gil(double now, double* next_offer, double every) noexcept:
    """Release and re-take the GIL if ``now`` (seconds) has reached ``next_offer``; the
    next offer comes ``every`` seconds later."""
    if now >= next_offer[0]:
        next_offer[0] = now + every
        with nogil:
            pass
