"""Shared fixtures: every rules test runs on the slow reference board and on the Cython engine.

The engine is required, so when ``engine_cy.board`` cannot be imported its
parameter fails (it is not skipped): a missing build must not look green.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before anything imports Qt

import importlib  # noqa: E402
import sys  # noqa: E402

import pytest  # noqa: E402

from tsumego_gui.core.reference_board import ReferenceBoard  # noqa: E402


def import_engine_board():
    """The ``engine_cy.board`` module, or a test failure that says how to build it."""
    try:
        return importlib.import_module("engine_cy.board")
    except ImportError as exc:
        pytest.fail(f"engine_cy.board is not built ({exc}); run "
                    "`pip install -e . --no-build-isolation` first", pytrace=False)


@pytest.fixture(params=["Reference", "Engine"])
def board_class(request):
    """The board class under test: ReferenceBoard, then the Cython engine's Board."""
    if request.param == "Reference":
        return ReferenceBoard
    return import_engine_board().Board


@pytest.fixture
def illegal_move_error(board_class):
    """The IllegalMoveError class of the module that defines ``board_class``."""
    return sys.modules[board_class.__module__].IllegalMoveError


@pytest.fixture
def engine_board_module():
    """``engine_cy.board`` (fails the test when it is not built)."""
    return import_engine_board()


@pytest.fixture
def controller(qtbot):
    """A solver controller with its worker thread, shut down after the test."""
    from tsumego_gui.qt.solver_worker import SolverController

    c = SolverController()
    yield c
    c.shutdown()


@pytest.fixture
def make_window(qtbot, tmp_path):
    """``make_window(settings_name, show=False)``: a main window with its own settings
    file that never asks to discard edits; every window is closed after the test."""
    from tsumego_gui.qt.main_window import MainWindow
    from tsumego_gui.qt.settings import open_settings

    made = []

    def make(settings_name="s.ini", show=False):
        w = MainWindow(open_settings(str(tmp_path / settings_name)), open_last=False)
        w.confirm_discard = lambda: True
        qtbot.addWidget(w)
        if show:
            w.resize(1200, 800)
            w.show()
            qtbot.waitExposed(w)
        made.append(w)
        return w

    yield make
    for w in made:
        w.confirm_discard = lambda: True
        w.close()


@pytest.fixture
def laptop_screen(monkeypatch):
    """The window opens on a 1280x720 screen (the offscreen platform's is 800x800, which
    cuts the first size: ``screen_fit``)."""
    from PySide6.QtCore import QRect

    from tsumego_gui.qt import screen_fit
    monkeypatch.setattr(screen_fit, "screen_room", lambda widget: QRect(0, 0, 1280, 720))
