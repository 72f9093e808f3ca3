"""What the screenshots of benchmarks/screenshot.py showed wrong, each fixed and kept fixed.

* The status bar kept saying "Open problem, posed: ... a frame of 62 stones
  added" after another problem (no frame) was opened, and "Correct: White is
  dead" from a finished practice game after a folder was opened.
* The list's thumbnail of a 19x19 corner problem was the whole board shrunk
  to 40 pixels: the problem was a speck in its corner.
"""

import pytest

pytest.importorskip("pytestqt")

from tsumego_gui.qt.main_window import BUNDLED_PROBLEM, PROBLEMS_DIR  # noqa: E402

# Our own open book problem: a black group on the top-left corner's second line, no target,
# no region (the reader poses and frames it).
BOOK = b"(;SZ[19]GN[Black to live]AB[ab][bb][cb][db]AW[eb][ac][bc][cc][dc][ec])"


def test_a_message_about_the_last_problem_goes_when_another_opens(make_window, tmp_path):
    w = make_window()
    book = tmp_path / "book.sgf"
    book.write_bytes(BOOK)
    assert w.open_path(book, ask=False)
    assert "posed" in w.statusBar().currentMessage()      # said for the book problem
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    assert "posed" not in w.statusBar().currentMessage()
    w.statusBar().showMessage("Correct: White is dead (every crucial stone is captured).")
    assert w.open_list(PROBLEMS_DIR, ask=False)
    assert "Correct" not in w.statusBar().currentMessage()


def test_a_corner_problems_thumbnail_is_zoomed_to_the_corner(monkeypatch, tmp_path):
    from tsumego_gui.core.problem_files import read_file
    from tsumego_gui.qt import problem_list

    windows = []
    paint = problem_list.paint_board
    monkeypatch.setattr(problem_list, "paint_board",
                        lambda *a, window=None, **kw: (windows.append(window),
                                                       paint(*a, window=window, **kw))[1])
    book = tmp_path / "book.sgf"
    book.write_bytes(BOOK)
    (posed,) = read_file(book)          # posed and framed, as the list reads it
    problem_list.thumbnail(posed.problem, frame=posed.frame)
    (window,) = windows
    assert window is not None and (window.row0, window.col0) == (0, 0)
    assert window.row1 < 12 and window.col1 < 12      # the corner, not the whole board


def test_the_window_fits_a_laptop_screen_at_150_percent(make_window):
    """QA s46: the panels' least widths (the proof buttons' 80 px each) held the window at
    929 px at least, wider than a 1366x768 screen at 150% (910 px), shrinking only the
    board."""
    w = make_window(show=True)
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    assert w.minimumSizeHint().width() <= 1366 / 1.5


def test_the_proof_legend_is_whole_at_the_first_window_size(make_window, qtbot):
    """QA s50 (a new user): at the first start's 1240x680 the legend's last line was cut
    in half behind the proof's buttons."""
    from tsumego_gui.qt.main_window import DEFAULT_SIZE
    w = make_window(show=True)
    w.resize(*DEFAULT_SIZE)
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    qtbot.wait(50)
    legend = w.browser.legend
    assert legend.height() >= legend.heightForWidth(legend.width())


def test_a_folded_legend_gives_the_tree_its_rows_and_stays_folded(make_window, qtbot):
    """QA s50: at 1240x680 the legend left the proof tree two rows; a player who knows the
    marks folds it away, and the next start keeps it folded."""
    from tsumego_gui.qt.main_window import DEFAULT_SIZE
    w = make_window("fold.ini", show=True)
    w.resize(*DEFAULT_SIZE)
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    qtbot.wait(50)
    shown = w.browser.tree.height() + w.browser.explanation.height()
    w.browser.legend_button.click()
    qtbot.wait(50)
    assert not w.browser.legend.isVisible()
    assert w.browser.tree.height() + w.browser.explanation.height() > shown + 50
    again = make_window("fold.ini")
    assert not again.browser.legend_button.isChecked()
    assert again.browser.legend.isHidden()


def test_the_problem_text_opens_in_sight_in_a_short_dock(make_window, qtbot):
    """QA s50 round 4: with a proof shown the Problem dock is short, and its text box opened
    below the fold, out of sight."""
    from PySide6.QtWidgets import QScrollArea

    from tsumego_gui.qt.main_window import PROBLEMS_DIR
    w = make_window(show=True)
    assert w.open_path(PROBLEMS_DIR / "classic" / "rabbity-six.sgf", ask=False)
    panel = w.problem_panel
    area = panel.parentWidget()
    while not isinstance(area, QScrollArea):
        area = area.parentWidget()
    with qtbot.waitSignal(w.solver.finished, timeout=60_000):
        w.solve()           # the Problem dock as short as beside a proof
    qtbot.waitUntil(lambda: not w.solver.running, timeout=60_000)
    qtbot.wait(50)
    panel.text_box.setChecked(True)
    qtbot.wait(50)
    view = area.viewport()
    top = panel.text_view.mapTo(view, panel.text_view.rect().topLeft()).y()
    assert 0 <= top < view.height() - 20
