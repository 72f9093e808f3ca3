"""A blocking job run beside the window (``qt.busy_work``): the caller gets its result or
its error, and the window's events go on meanwhile (QA s44: a proof export held the GUI
thread for 10 s)."""

import time

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QTimer  # noqa: E402

from tsumego_gui.qt.busy_work import run_busy  # noqa: E402


def test_the_result_comes_back_and_events_run_meanwhile(qtbot):
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start(10)
    assert run_busy(None, "Working…", lambda: time.sleep(0.3) or 42) == 42
    timer.stop()
    assert len(ticks) >= 5             # the event loop ran while the job slept


def test_the_jobs_error_is_raised_in_the_caller(qtbot):
    def job():
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space left"):
        run_busy(None, "Working…", job)


def test_a_long_job_shows_the_busy_dialog(qtbot):
    """QA s44: the dialog was made but never shown."""
    from PySide6.QtWidgets import QApplication, QProgressDialog

    seen = []

    def look():
        seen.extend(w.labelText() for w in QApplication.topLevelWidgets()
                    if isinstance(w, QProgressDialog) and w.isVisible())

    QTimer.singleShot(900, look)
    run_busy(None, "Writing x.sgf…", lambda: time.sleep(1.2))
    assert seen == ["Writing x.sgf…"]
