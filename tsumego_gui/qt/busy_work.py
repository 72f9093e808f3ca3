"""Run a blocking job (an export of a large proof) in a thread while the window paints.

:func:`run_busy` waits for the job in a local event loop, so that its caller
reads as a plain call (it returns the job's result or raises its error), while
the window repaints, the user's input waits for the job's end (nothing else can
start meanwhile), and a busy dialog says what runs once the job takes longer
than ``SHOW_AFTER_MS`` (QA s44: a 55 MB proof export held the GUI thread for 10 s).

Knows Qt and threads; nothing about what the job does.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

T = TypeVar("T")

SHOW_AFTER_MS = 400     # a shorter job shows no dialog
POLL_MS = 20            # how often the loop looks whether the job is done


def run_busy(parent: QWidget | None, text: str, job: Callable[[], T]) -> T:
    """``job()`` run in a thread, its result returned (or its exception raised) here, with
    ``text`` in a busy dialog over ``parent`` while it runs."""
    out: dict[str, object] = {}
    done = threading.Event()

    def target() -> None:
        try:
            out["value"] = job()
        except BaseException as e:      # noqa: BLE001 - raised again in the caller's thread
            out["error"] = e
        finally:
            done.set()

    dialog = QProgressDialog(text, "", 0, 0, parent)
    dialog.setCancelButton(None)                  # the job cannot be stopped half-written
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(SHOW_AFTER_MS)
    # Qt shows the dialog once a value is set and the job outlasts the minimum duration
    # (QA s44: without a value it never showed)
    dialog.setValue(0)
    loop = QEventLoop()
    timer = QTimer()
    timer.timeout.connect(lambda: loop.quit() if done.is_set() else None)
    threading.Thread(target=target, name="busy-work", daemon=True).start()
    timer.start(POLL_MS)
    if not done.wait(POLL_MS / 1000):
        # the window paints; the user's clicks and keys wait for the job to end (before
        # the dialog shows, a Space started a solve: QA s44)
        loop.exec(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
    timer.stop()
    dialog.reset()
    dialog.deleteLater()
    if "error" in out:
        raise out["error"]
    return out["value"]
