"""The board painter and widget: geometry, every size, themes, clicks to points (offscreen Qt)."""

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QImage, QPainter  # noqa: E402

from tsumego_gui.core import coords  # noqa: E402
from tsumego_gui.qt.board_painter import (  # noqa: E402
    THEMES,
    BoardView,
    Geometry,
    Overlay,
    paint_board,
    star_points,
)
from tsumego_gui.qt.board_widget import LEFT, RIGHT, BoardWidget  # noqa: E402


@pytest.mark.parametrize("show", [True, False])
def test_geometry_maps_every_point_back_to_itself(show):
    for size in range(coords.MIN_SIZE, coords.MAX_SIZE + 1):
        g = Geometry(size, 500, 380, show)
        for loc in coords.all_locs(size):
            c = g.center(loc)
            assert g.loc_at(c.x(), c.y()) == loc
            # a third of a cell away still hits the same point
            assert g.loc_at(c.x() + g.cell / 3, c.y() - g.cell / 3) == loc
        # beyond the outer lines by more than half a cell: off the board
        assert g.loc_at(g.x0 - g.cell, g.y0) is None


def test_star_points_are_the_usual_ones():
    # 9x9: the four 3-3 points and tengen; 19x19: nine hoshi on lines 4, 10, 16
    assert sorted(star_points(9)) == [(2, 2), (2, 6), (4, 4), (6, 2), (6, 6)]
    assert len(star_points(19)) == 9 and (3, 3) in star_points(19)
    assert star_points(4) == []


def render(size, theme, overlay=None, w=200, h=200, dpr=1.0):
    overlay = Overlay() if overlay is None else overlay
    img = QImage(int(w * dpr), int(h * dpr), QImage.Format.Format_ARGB32)
    img.setDevicePixelRatio(dpr)
    img.fill(0)
    p = QPainter(img)
    locs = coords.all_locs(size)
    view = BoardView(size, frozenset(locs[:1]), frozenset(locs[-1:]))
    paint_board(p, w, h, view, overlay, THEMES[theme])
    p.end()
    return img


def test_every_size_paints_in_both_themes_and_high_dpi(qapp):
    for size in range(2, 20):
        locs = coords.all_locs(size)
        overlay = Overlay(zone=frozenset(locs[:3]), pruned=frozenset(locs[-2:-1]),
                          last_move=locs[0], labels=((locs[1], "1"),))
        light = render(size, "light", overlay)
        dark = render(size, "dark", overlay, dpr=2.0)
        assert light.pixelColor(2, 2) != dark.pixelColor(2, 2)   # board colours differ
    # the first point (A<size>) holds a black stone: its centre is dark
    g = Geometry(9, 200, 200, True)
    c = g.center(coords.all_locs(9)[0])
    assert render(9, "light").pixelColor(int(c.x()), int(c.y())).lightness() < 80


def test_clicks_become_points(qtbot):
    w = BoardWidget()
    qtbot.addWidget(w)
    w.resize(400, 400)
    w.set_position(BoardView(7))
    target = coords.from_gtp("C5", 7)
    with qtbot.waitSignal(w.pressed) as blocker:
        qtbot.mouseClick(w, Qt.MouseButton.LeftButton, pos=w.point_position(target))
    assert blocker.args == [target, LEFT]
    with qtbot.waitSignal(w.pressed) as blocker:
        qtbot.mouseClick(w, Qt.MouseButton.RightButton, pos=w.point_position(target))
    assert blocker.args == [target, RIGHT]
