"""What keeps the GUI thread free while the worker solves: no full garbage collection walks the
heap during a request, the proof is counted in the worker, the wood is painted once.

Measured before these fixes (benchmarks/screenshot.py, gop/12403 by df-pn and its
classification): 16 full collections of up to 730 ms each, 290 ms in the solve panel
counting a 50,680-node proof, 35 ms of wood grain in every board paint.
"""

import gc
import threading

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtGui import QImage, QPainter  # noqa: E402

from tsumego_gui.core.sgf_io import read_sgf  # noqa: E402
from tsumego_gui.qt import board_painter  # noqa: E402
from tsumego_gui.qt.board_painter import THEMES, BoardView, Overlay, paint_board  # noqa: E402
from tsumego_gui.qt.main_window import BUNDLED_PROBLEM  # noqa: E402
from tsumego_gui.qt.solver_worker import SolveRequest  # noqa: E402
from tsumego_gui.search import gc_pacing  # noqa: E402
from tsumego_gui.search.proof import Proof  # noqa: E402

# Our own: a nearly empty 6x6 board, White to live anywhere: no proof within a second.
OPEN_6X6 = b"(;GM[1]SZ[6]PL[W]AB[cc]AW[dd]TG[live_any]TD[W])"



def test_no_full_collection_runs_while_a_request_is_in_flight(qtbot, controller):
    full = []

    def seen(phase, info):
        if phase == "start" and info["generation"] == 2:
            full.append(info)

    request = SolveRequest(read_sgf(OPEN_6X6)[0], solver="dfs", max_nodes=0, max_seconds=1.5,
                           all_moves=False, verify=False)
    kept = []
    gc.callbacks.append(seen)
    try:
        with qtbot.waitSignal(controller.finished, timeout=30_000):
            controller.start(request)
            assert gc_pacing.searching()
            # what a growing proof does: many surviving containers, enough to set off
            # several full collections under the interpreter's own thresholds
            for i in range(400_000):
                kept.append([i])
        assert full == []
        assert not gc_pacing.searching()
        # after the request: what is alive is frozen, and full collections are back
        assert gc.get_freeze_count() > len(kept)
        assert gc.get_threshold()[2] < gc_pacing.NEVER
    finally:
        gc.callbacks.remove(seen)
        kept.clear()
        gc_pacing.clean_slate()


def test_the_solve_panel_does_not_walk_the_proof_in_the_gui_thread(make_window, qtbot,
                                                                   monkeypatch):
    walked = []
    size, depth = Proof.size, Proof.depth

    def counted(method):
        def wrapper(self):
            walked.append(threading.current_thread() is threading.main_thread())
            return method(self)
        return wrapper

    monkeypatch.setattr(Proof, "size", counted(size))
    monkeypatch.setattr(Proof, "depth", counted(depth))
    w = make_window()
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    with qtbot.waitSignal(w.solver.finished, timeout=30_000):
        w.solve()
    assert "Proof: 2 nodes" in w.solve_panel.verdict_label.text()
    assert walked and not any(walked), "the GUI thread walked the proof"


def _paint(width=400, height=400):
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    paint_board(painter, width, height, BoardView(9, frozenset({23}), frozenset({24})),
                Overlay(), THEMES["light"])
    painter.end()
    return image


def test_the_wood_is_drawn_once_then_copied(qtbot, monkeypatch):
    board_painter._wood_images.clear()
    drawn = []
    draw = board_painter._draw_wood
    monkeypatch.setattr(board_painter, "_draw_wood",
                        lambda *a: (drawn.append(a[1:3]), draw(*a))[1])
    first = _paint()
    second = _paint()
    assert drawn == [(400, 400)]
    assert first == second
    _paint(500, 400)                 # another size: drawn for it
    assert drawn == [(400, 400), (500, 400)]


def test_the_copied_wood_is_the_wood_drawn_directly(qtbot):
    board_painter._wood_images.clear()
    copied = QImage(300, 200, QImage.Format.Format_ARGB32_Premultiplied)
    direct = QImage(300, 200, QImage.Format.Format_ARGB32_Premultiplied)
    for image, draw in ((copied, board_painter._wood), (direct, board_painter._draw_wood)):
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        draw(painter, 300, 200, THEMES["dark"])
        painter.end()
    assert copied == direct
