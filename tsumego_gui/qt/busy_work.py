"""Run a blocking job (an export of a large proof, the reading of a large collection) in a
thread while the window paints.

:func:`run_busy` waits for the job in a local event loop, so that its caller
reads as a plain call (it returns the job's result or raises its error), while
the window repaints, the user's input waits for the job's end (nothing else can
start meanwhile), and a busy dialog says what runs once the job takes longer
than ``SHOW_AFTER_MS`` (QA s44: a 55 MB proof export held the GUI thread for 10 s).

:func:`run_with_progress` does the same for a job that says how far it is and
can stop half-way (review s46: a collection of 50,000 games read for a minute
with nothing shown): its dialog shows the job's words and a bar, and has a
Cancel button.  The job's thread never touches a widget: it leaves its progress
where the GUI thread's timer reads it.

Knows Qt and threads; nothing about what the job does.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

T = TypeVar("T")

SHOW_AFTER_MS = 400     # a shorter job shows no dialog
POLL_MS = 20            # how often the loop looks whether the job is done

# ``report(text, done, total)``: the job's progress; False once the user cancelled
Report = Callable[[str, int, int], bool]


def _start(job: Callable[[], T]) -> tuple[threading.Event, dict[str, object]]:
    """``job`` started in a thread: the event set when it ends, the dict its result
    ("value") or its exception ("error") is left in."""
    out: dict[str, object] = {}
    done = threading.Event()

    def target() -> None:
        try:
            out["value"] = job()
        except BaseException as e:      # noqa: BLE001 - raised again in the caller's thread
            out["error"] = e
        finally:
            done.set()

    threading.Thread(target=target, name="busy-work", daemon=True).start()
    return done, out


def _result(out: dict[str, object]) -> object:
    if "error" in out:
        raise out["error"]
    return out["value"]


def run_busy(parent: QWidget | None, text: str, job: Callable[[], T]) -> T:
    """``job()`` run in a thread, its result returned (or its exception raised) here, with
    ``text`` in a busy dialog over ``parent`` while it runs."""
    dialog = QProgressDialog(text, "", 0, 0, parent)
    dialog.setCancelButton(None)                  # the job cannot be stopped half-written
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(SHOW_AFTER_MS)
    # Qt shows the dialog once a value is set and the job outlasts the minimum duration
    # (QA s44: without a value it never showed)
    dialog.setValue(0)
    loop = QEventLoop()
    timer = QTimer()
    done, out = _start(job)
    timer.timeout.connect(lambda: loop.quit() if done.is_set() else None)
    timer.start(POLL_MS)
    if not done.wait(POLL_MS / 1000):
        # the window paints; the user's clicks and keys wait for the job to end (before
        # the dialog shows, a Space started a solve: QA s44)
        loop.exec(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
    timer.stop()
    dialog.reset()
    dialog.deleteLater()
    return _result(out)


def run_with_progress(parent: QWidget | None, text: str, job: Callable[[Report], T]) -> T:
    """``job(report)`` run in a thread, its result returned (or its exception raised) here;
    a dialog over ``parent`` shows ``text``, then what the job reports, and a Cancel
    button.  The job calls ``report(text, done, total)`` as it goes; it returns False
    once the user cancelled, and the job then stops as it likes (its own exception,
    raised here, says it did)."""
    state: dict[str, object] = {"report": (text, 0, 0)}
    cancelled = threading.Event()

    def report(words: str, done: int, total: int) -> bool:
        state["report"] = (words, done, total)     # one assignment: read whole, never torn
        return not cancelled.is_set()

    dialog = QProgressDialog(text, "Cancel", 0, 0, parent)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setAutoReset(False)          # the bar full is not the job done
    dialog.setMinimumDuration(1 << 30)  # shown here, after SHOW_AFTER_MS, not by Qt's guess
    dialog.canceled.connect(cancelled.set)
    loop = QEventLoop()
    timer = QTimer()
    started = time.monotonic()
    done, out = _start(lambda: job(report))
    shown_in_loop = [False]         # whether the running loop takes the user's input

    def tick() -> None:
        if dialog.wasCanceled():        # Escape, the close button: no ``canceled`` from all
            cancelled.set()
        words, count, total = state["report"]
        if dialog.labelText() != words:
            dialog.setLabelText(words)
        if dialog.maximum() != total:
            dialog.setMaximum(total)
        if dialog.value() != min(count, total):
            dialog.setValue(min(count, total))
        if not dialog.isVisible() and not cancelled.is_set() and \
                (time.monotonic() - started) * 1000 >= SHOW_AFTER_MS:
            dialog.show()
        if done.is_set() or dialog.isVisible() != shown_in_loop[0]:
            loop.quit()

    timer.timeout.connect(tick)
    timer.start(POLL_MS)
    while not done.wait(POLL_MS / 1000):
        # before the dialog shows (and after Cancel hid it), the user's clicks and keys
        # wait for the job's end, as run_busy's do; while it shows, it takes them (its
        # Cancel) and, window-modal, keeps them from the window
        shown_in_loop[0] = dialog.isVisible()
        loop.exec(QEventLoop.ProcessEventsFlag.AllEvents if shown_in_loop[0] else
                  QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
    timer.stop()
    # reset also stops Qt's own timer that shows the dialog 4 s after it was made: hidden
    # and waiting for its deletion, it popped up over the window and took the keys where
    # nothing ran the deferred deletion yet (QA s48, a script's event loop)
    dialog.reset()
    dialog.hide()
    dialog.deleteLater()
    return _result(out)
