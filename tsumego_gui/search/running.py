"""Running a search core without the GIL, and the thread that watches it.

The Cython cores run their whole search loop without the GIL and talk only
through an ``engine_cy.search_control.SearchControl``: budgets, an atomic
cancel flag, progress counters.  A caller's ``cancelled`` callable and
``progress`` callback are Python, so they cannot be called from inside the
loop; :func:`run_watched` runs the search in the calling thread while a small
watcher thread polls ``cancelled`` (and sets the cancel flag) and reports
progress from the published counters.  The watcher holds the GIL only for
those few calls, so a GUI thread stays responsive and a cancel takes effect
within one poll interval.  The work after a search (building the proof tree,
checking it) reads the same ``cancelled`` through :func:`cancel_reader`.

Knows the control block and threads; nothing about Go or any search.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from engine_cy.search_control import SearchControl, now

T = TypeVar("T")

POLL_SECONDS = 0.02       # how often the watcher asks ``cancelled``
REPORT_SECONDS = 0.2      # how often it reports progress


def run_watched(search: Callable[[], T], control: SearchControl,
                cancelled: Callable[[], bool] | None = None,
                report: Callable[[SearchControl], None] | None = None,
                report_every: float = REPORT_SECONDS) -> T:
    """``search()`` in this thread; meanwhile, if there is anything to watch, a watcher
    thread polls ``cancelled`` and calls ``report(control)`` every ``report_every`` s
    (and once at the end).
    An exception in ``cancelled`` or ``report`` cancels the search and is raised here."""
    if cancelled is not None and cancelled():
        control.cancel()      # asked before the search began: it stops at its first node
    if cancelled is None and report is None:
        return search()
    done = threading.Event()
    failure: list[BaseException] = []

    def watch() -> None:
        next_report = now() + report_every
        try:
            while not done.wait(POLL_SECONDS):
                if cancelled is not None and cancelled():
                    control.cancel()
                if report is not None and now() >= next_report:
                    next_report = now() + report_every
                    report(control)
        except BaseException as exc:     # noqa: BLE001 - handed to the searching thread
            failure.append(exc)
            control.cancel()

    watcher = threading.Thread(target=watch, name="search-watcher", daemon=True)
    watcher.start()
    try:
        out = search()
    finally:
        done.set()
        watcher.join()
    if failure:
        raise failure[0]
    if report is not None:
        report(control)      # the final figures
    return out


def cancel_reader(cancelled: Callable[[], bool] | None) -> Callable[[], str]:
    """``cancelled`` as the ``stop`` of the work after a search (``search.results``'s
    conversion, ``search.verify``): "cancelled" once it says so, else ""."""
    return lambda: "cancelled" if cancelled is not None and cancelled() else ""
