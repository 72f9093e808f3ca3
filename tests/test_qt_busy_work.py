"""A blocking job run beside the window (``qt.busy_work``): the caller gets its result or
its error, and the window's events go on meanwhile (QA s44: a proof export held the GUI
thread for 10 s)."""

import time

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QTimer  # noqa: E402

from tsumego_gui.qt.busy_work import run_busy, run_with_progress  # noqa: E402


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


def _visible_dialogs():
    from PySide6.QtWidgets import QApplication, QProgressDialog
    return [w for w in QApplication.topLevelWidgets()
            if isinstance(w, QProgressDialog) and w.isVisible()]


def test_a_job_with_progress_shows_it_and_can_be_cancelled(qtbot):
    """Review s46: a long open of a collection showed nothing and could not be stopped."""
    from PySide6.QtWidgets import QPushButton
    seen, steps = [], []

    def look():
        for dialog in _visible_dialogs():
            seen.append((dialog.labelText(), dialog.value(), dialog.maximum()))
            if dialog.value() >= 20:
                dialog.findChild(QPushButton).click()       # the user's Cancel

    timer = QTimer()
    timer.timeout.connect(look)
    timer.start(30)

    def job(report):
        for i in range(1000):
            if not report(f"Reading games… {i} of 1,000", i, 1000):
                return f"stopped at {i}"
            steps.append(i)
            time.sleep(0.005)
        return "done"

    result = run_with_progress(None, "Opening big.sgf…", job)
    timer.stop()
    assert result.startswith("stopped at") and len(steps) < 1000
    assert seen and all(maximum == 1000 for _, _, maximum in seen)
    assert any(text.startswith("Reading games… ") for text, _, _ in seen)
    assert not _visible_dialogs()


def test_a_job_with_progress_gives_its_result_or_its_error(qtbot):
    assert run_with_progress(None, "Working…", lambda report: report("a", 1, 2) and 42) == 42

    def job(report):
        raise OSError(5, "Input/output error")

    with pytest.raises(OSError, match="Input/output"):
        run_with_progress(None, "Working…", job)


def test_a_finished_jobs_dialog_stays_hidden_until_it_is_deleted(qtbot):
    """QA s48: a quick job's dialog, hidden and left for deletion, was shown by Qt's own
    timer 4 s after it was made where no deferred deletion ran in between (a script's
    loop of ``processEvents``): it took the keys, and Esc no longer stopped a solve."""
    from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget
    window = QWidget()
    qtbot.addWidget(window)
    window.show()
    assert run_with_progress(window, "Opening…", lambda report: 7) == 7
    end = time.monotonic() + 4.5
    while time.monotonic() < end:
        QApplication.processEvents()        # no deferred deletion
        assert not any(d.isVisible() for d in window.findChildren(QProgressDialog))
        time.sleep(0.02)
