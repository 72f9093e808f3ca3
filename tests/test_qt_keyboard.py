"""The app without a mouse: Space on a focused control, panels closed and brought back."""

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication, QDockWidget  # noqa: E402

from tsumego_gui.qt.main_window import BUNDLED_PROBLEM  # noqa: E402


@pytest.fixture
def window(make_window, qtbot):
    w = make_window("k.ini", show=True)
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    return w


def test_space_on_a_focused_control_acts_on_it_and_on_the_board_solves(window, qtbot):
    """QA s46: Space is the window's Solve key, and it solved from a focused check box or
    button, which then could not be used from the keyboard at all."""
    assert_space_ticks_the_box(window, qtbot)
    window.board.setFocus()
    qtbot.waitUntil(window.board.hasFocus)
    with qtbot.waitSignal(window.solver.classified, timeout=60_000):
        qtbot.keyClick(window.board, Qt.Key.Key_Space)
    assert window.outcome is not None and window.outcome.verified


def test_space_on_a_control_of_a_floating_panel_acts_on_it(window, qtbot):
    """A floating dock is a window of its own, and the main window's Space still reaches
    it: its controls keep their Space too (review s59)."""
    dock = window.findChild(QDockWidget, "dock_solve")
    dock.setFloating(True)
    qtbot.waitUntil(dock.isFloating)
    dock.activateWindow()
    assert_space_ticks_the_box(window, qtbot)


def assert_space_ticks_the_box(window, qtbot) -> None:
    """Space on the focused "Prove by areas" box ticks it, and solves nothing."""
    box = window.solve_panel.by_areas
    was = box.isChecked()
    box.setFocus()
    qtbot.waitUntil(box.hasFocus)
    qtbot.keyClick(box, Qt.Key.Key_Space)
    assert box.isChecked() != was
    assert not window.solver.running


def test_a_closed_panel_comes_back_from_the_view_menu(window):
    """QA s46: a panel closed with its x came back only by a right click on the dock area."""
    proof = window.findChild(QDockWidget, "dock_proof")
    proof.close()
    assert not proof.isVisible()
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    panels = next(a.menu() for a in view.actions() if a.text() == "&Panels")
    names = [a.text() for a in panels.actions()]
    assert names == ["Problem", "Solve", "Proof", "Problems"]
    panels.actions()[names.index("Proof")].trigger()
    assert proof.isVisible()


def test_the_board_shows_when_the_keys_go_to_it(window, qtbot):
    """QA s46: Tab reached the board with nothing on screen to say so."""
    edge = lambda: window.board.grab().toImage().pixelColor(0, 0)  # noqa: E731
    highlight = window.board.palette().color(window.board.palette().ColorRole.Highlight)
    window.board.setFocus()
    qtbot.waitUntil(window.board.hasFocus)
    assert edge() == highlight
    window.solve_panel.by_areas.setFocus()
    qtbot.waitUntil(lambda: not window.board.hasFocus())
    assert edge() != highlight


@pytest.mark.parametrize("key", [Qt.Key.Key_R, Qt.Key.Key_H])
def test_practice_keys_outside_practice_say_how_to_start_it(window, qtbot, key):
    """QA s46: H and Shift+P said practice was off, R said nothing."""
    window.board.setFocus()
    qtbot.waitUntil(window.board.hasFocus)
    qtbot.keyClick(window.board, key)
    assert "P starts it" in window.statusBar().currentMessage()
