"""The board's look: crop and zoom, move numbers, edge lines, device pixel ratio, dark theme."""

from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter, QPalette  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from engine_cy.board import PASS  # noqa: E402
from tsumego_gui.core import coords  # noqa: E402
from tsumego_gui.core.board_crop import Window, crop_window  # noqa: E402
from tsumego_gui.core.problem_files import read_file  # noqa: E402
from tsumego_gui.qt.board_painter import (  # noqa: E402
    NEXT_MOVE,
    THEMES,
    BoardView,
    Geometry,
    Overlay,
    paint_board,
    shown_labels,
)
from tsumego_gui.qt.board_widget import LEFT, BoardWidget  # noqa: E402
from tsumego_gui.qt.theme import app_theme, apply_app_theme, contrast_ratio  # noqa: E402

CORNER = Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems" \
    / "corner" / "bent-three-corner.sgf"


def corner_problem():
    return read_file(CORNER)[0].problem


def render(size, view, overlay=None, w=300, h=300, dpr=1.0, theme="light", show=False,
           window=None, numbers=False):
    img = QImage(int(w * dpr), int(h * dpr), QImage.Format.Format_ARGB32)
    img.setDevicePixelRatio(dpr)
    img.fill(0)
    p = QPainter(img)
    g = paint_board(p, w, h, view, overlay or Overlay(), THEMES[theme], show,
                    window=window, move_numbers=numbers)
    p.end()
    return img, g


# ---- crop ------------------------------------------------------------------------------------

def test_crop_window_grows_by_the_margin_and_snaps_to_near_edges():
    size = 19
    # a stone at D16 (row 3, col 3): within 3 lines of the top and left edges
    w = crop_window(size, [coords.to_loc(3, 3, size)])
    assert (w.row0, w.col0) == (0, 0)
    assert w.row1 == w.col1 == 5                 # 3 + margin 2
    assert w.cut() == (False, False, True, True)
    # nothing to show: the whole board; points all over: the whole board
    assert crop_window(size, []).is_whole
    assert crop_window(size, [coords.to_loc(0, 0, size),
                              coords.to_loc(18, 18, size)]).is_whole
    # a lone stone in the middle: at least MIN_SPAN lines each way, centred on it
    mid = crop_window(size, [coords.to_loc(9, 9, size)])
    assert mid.row0 <= 9 <= mid.row1 and mid.row1 - mid.row0 + 1 >= 5
    assert not mid.is_whole


def test_a_corner_problem_on_19x19_fills_the_view_and_clicks_map_right(qtbot):
    p = corner_problem()
    assert p.size == 19
    w = BoardWidget()
    qtbot.addWidget(w)
    w.resize(500, 500)
    w.set_position(BoardView(19, p.black, p.white), Overlay(region=p.region))
    shown = w.visible_window()
    rows = [coords.from_loc(loc, 19)[0] for loc in p.black | p.white | p.region]
    cols = [coords.from_loc(loc, 19)[1] for loc in p.black | p.white | p.region]
    # the bottom-left corner, edges included, and little else
    assert (shown.row1, shown.col0) == (18, 0)
    assert shown.row0 <= min(rows) and shown.col1 >= max(cols)
    assert shown.row1 - shown.row0 + 1 <= 9 and shown.col1 - shown.col0 + 1 <= 10
    # zoomed: a cell is more than twice what the whole board would give
    whole = Geometry(19, 500, 500, True)
    assert w.geometry_now().cell > 2 * whole.cell
    # every visible point is clicked where it is drawn
    for loc in p.region | p.black:
        with qtbot.waitSignal(w.pressed) as blocker:
            qtbot.mouseClick(w, Qt.MouseButton.LeftButton, pos=w.point_position(loc))
        assert blocker.args == [loc, LEFT]
    # a point far outside the view is nowhere on the widget
    g = w.geometry_now()
    far = coords.from_gtp("Q16", 19)
    assert not g.visible(far)
    c = g.center(far)
    assert not (0 <= c.x() < w.width() and 0 <= c.y() < w.height())
    # off: the whole board, and the clicks follow
    w.set_crop(False)
    assert w.visible_window().is_whole
    with qtbot.waitSignal(w.pressed) as blocker:
        qtbot.mouseClick(w, Qt.MouseButton.LeftButton, pos=w.point_position(far))
    assert blocker.args == [far, LEFT]


def test_a_frames_stones_do_not_widen_the_crop(qtbot):
    p = corner_problem()
    w = BoardWidget()
    qtbot.addWidget(w)
    far = frozenset({coords.from_gtp("T19", 19), coords.from_gtp("T18", 19)})
    w.set_position(BoardView(19, p.black | far, p.white), Overlay(region=p.region))
    assert w.visible_window().is_whole
    w.set_frame(far)
    assert w.visible_window().col1 < 10


def test_coordinates_are_drawn_for_the_visible_lines_only(qapp):
    p = corner_problem()
    view = BoardView(19, p.black, p.white)
    window = crop_window(19, p.black | p.white | p.region)
    img, g = render(19, view, w=400, h=400, show=True, window=window)
    text = QImage(img)

    def ink_near(x, y):
        """Dark text pixels in a cell-sized box around (x, y)."""
        r = int(g.cell * 0.3)
        return sum(1 for dx in range(-r, r + 1) for dy in range(-r, r + 1)
                   if 0 <= x + dx < text.width() and 0 <= y + dy < text.height()
                   and text.pixelColor(int(x + dx), int(y + dy)).lightness() < 90)

    below = g.y0 + (window.row1 - window.row0) * g.cell + g.cell * 0.9
    first = g.xy(18, window.col0)
    assert ink_near(first.x(), below) > 0            # "A" under the first column
    beyond = first.x() + (window.col1 - window.col0 + 1) * g.cell
    assert beyond < img.width() - 1
    assert ink_near(beyond, below) == 0              # no label past the last visible column


# ---- lines, DPR ----------------------------------------------------------------------------

def dark_run(img, x, y0, y1):
    """How many pixels of column ``x`` between ``y0`` and ``y1`` are line-dark."""
    return sum(1 for y in range(y0, y1) if img.pixelColor(x, y).lightness() < 100)


@pytest.mark.parametrize("dpr", [1.0, 2.0])
def test_edge_lines_are_thicker_than_inner_lines(qapp, dpr):
    img, g = render(9, BoardView(9), w=300, h=300, dpr=dpr)
    inner, edge = g.line_widths()
    assert edge > inner
    # measured in device pixels across the top edge line and the second line, between
    # two intersections (no star point, no crossing line)
    x = int((g.x0 + 0.5 * g.cell) * dpr)
    span = int(g.cell * dpr * 0.4)
    top = int(g.y0 * dpr)
    second = int((g.y0 + g.cell) * dpr)
    edge_px = dark_run(img, x, top - span, top + span)
    inner_px = dark_run(img, x, second - span, second + span)
    assert inner_px >= 1
    assert edge_px > inner_px
    assert edge_px == round(edge * dpr) and inner_px == round(inner * dpr)


def test_dpr_2_draws_the_same_board_twice_as_fine(qapp):
    locs = coords.all_locs(9)
    view = BoardView(9, frozenset(locs[:5]), frozenset(locs[-5:]))
    one, g1 = render(9, view, w=240, h=240, dpr=1.0)
    two, g2 = render(9, view, w=240, h=240, dpr=2.0)
    assert two.width() == 2 * one.width()
    assert g1.cell == g2.cell                    # the same logical layout
    # inner lines stay one device pixel-ish sharp: a 1-px line at DPR 1 is at most 2 px
    # at DPR 2 (not smeared over 3 by a half-pixel offset)
    x1, x2 = int(g1.x0 + 4.5 * g1.cell), int((g2.x0 + 4.5 * g2.cell) * 2)
    y1, y2 = int(g1.y0 + 4 * g1.cell), int((g2.y0 + 4 * g2.cell) * 2)
    span = 6
    assert dark_run(one, x1, y1 - span, y1 + span) == 1
    assert dark_run(two, x2, y2 - 2 * span, y2 + 2 * span) in (1, 2)
    # the stones are where the layout says, at both ratios: a black stone's centre is dark
    for img, g, k in ((one, g1, 1), (two, g2, 2)):
        c = g.center(locs[2])
        assert img.pixelColor(int(c.x() * k), int(c.y() * k)).lightness() < 80


# ---- stones and numbers ----------------------------------------------------------------------

def test_stones_are_shaded_and_cast_a_shadow(qapp):
    c3, e5 = coords.from_gtp("C3", 9), coords.from_gtp("E5", 9)
    img, g = render(9, BoardView(9, frozenset({c3}), frozenset({e5})))
    bare, _ = render(9, BoardView(9))
    r = g.cell * 0.48
    for loc in (c3, e5):
        c = g.center(loc)
        hi = img.pixelColor(int(c.x() - r * 0.4), int(c.y() - r * 0.4)).lightness()
        lo = img.pixelColor(int(c.x() + r * 0.7), int(c.y() + r * 0.7)).lightness()
        assert hi > lo + 15          # lit at the top left, darker at the bottom right
        # just outside the stone, down-right: darker than the bare board there (shadow)
        x, y = int(c.x() + r * 0.78), int(c.y() + r * 0.82)
        assert img.pixelColor(x, y).lightness() < bare.pixelColor(x, y).lightness()


@pytest.mark.parametrize("colour", ["black", "white"])
def test_move_numbers_are_drawn_on_demand(qapp, colour):
    c3, d4 = coords.from_gtp("C3", 9), coords.from_gtp("D4", 9)
    stones = frozenset({c3, d4})
    view = BoardView(9, stones if colour == "black" else frozenset(),
                     stones if colour == "white" else frozenset())
    ov = Overlay(moves=(c3, 0, d4))          # C3, a pass, D4: numbers 1 and 3
    off, g = render(9, view, ov)
    on, _ = render(9, view, ov, numbers=True)

    def centre_box(img, loc):
        c = g.center(loc)
        r = int(g.cell * 0.2)
        return [img.pixelColor(int(c.x()) + dx, int(c.y()) + dy).rgb()
                for dx in range(-r, r + 1) for dy in range(-r, r + 1)]

    for loc in (c3, d4):
        assert centre_box(on, loc) != centre_box(off, loc)
    # a point not played carries no number
    e5 = coords.from_gtp("E5", 9)
    view2 = BoardView(9, view.black | ({e5} if colour == "black" else set()),
                      view.white | ({e5} if colour == "white" else set()))
    a, _ = render(9, view2, ov)
    b, _ = render(9, view2, ov, numbers=True)
    assert centre_box(a, e5) == centre_box(b, e5)


def test_the_widget_numbers_the_proof_moves_when_asked(qtbot):
    c3 = coords.from_gtp("C3", 9)
    w = BoardWidget()
    qtbot.addWidget(w)
    w.resize(300, 300)
    w.set_position(BoardView(9, frozenset({c3})), Overlay(moves=(c3,)))
    plain = w.grab().toImage()
    w.set_show_move_numbers(True)
    numbered = w.grab().toImage()
    c = w.point_position(c3)
    k = numbered.devicePixelRatio()
    box = [(int((c.x() + dx) * k), int((c.y() + dy) * k)) for dx in range(-4, 5)
           for dy in range(-4, 5)]
    assert [plain.pixelColor(*p).rgb() for p in box] != \
        [numbered.pixelColor(*p).rgb() for p in box]


def test_with_move_numbers_the_next_move_takes_the_next_number():
    """QA s44: the first move played and the proof's next move were both labelled "1"."""
    g1, h1, c3 = (coords.from_gtp(v, 9) for v in ("G1", "H1", "C3"))
    ov = Overlay(moves=(g1, PASS, c3, g1), labels=((h1, NEXT_MOVE), (c3, "A")))
    assert shown_labels(ov, move_numbers=False) == ov.labels
    assert shown_labels(ov, move_numbers=True) == ((h1, "5"), (c3, "A"))


# ---- dark theme ------------------------------------------------------------------------------

def test_the_dark_theme_darkens_the_whole_app_and_light_restores_it(qapp):
    before = QApplication.palette().color(QPalette.ColorRole.Window)
    try:
        assert apply_app_theme("dark")
        pal = QApplication.palette()
        assert pal.color(QPalette.ColorRole.Window).lightness() < 70
        assert pal.color(QPalette.ColorRole.Base).lightness() < 70
        assert pal.color(QPalette.ColorRole.WindowText).lightness() > 180
        assert pal.color(QPalette.ColorRole.Text).lightness() > 180
        assert app_theme() == "dark"
    finally:
        apply_app_theme("light")
    assert QApplication.palette().color(QPalette.ColorRole.Window) == before
    assert app_theme() == "light"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_next_move_number_reads_on_its_disc(qapp, theme):
    """QA s55 D9: in the dark theme the "1" of the proof's next move was red on the dark
    wood's disc, 2.2:1.  The number's strokes stand out from the disc under them at least
    4.5:1 in the dark theme, and no less than they did in the light one (2.6:1, bold)."""
    e5 = coords.from_gtp("E5", 9)
    img, g = render(9, BoardView(9), Overlay(labels=((e5, NEXT_MOVE),)), theme=theme)
    disc = QColor(THEMES[theme].board)
    c, r = g.center(e5), int(g.cell * 0.25)
    best = max(contrast_ratio(img.pixelColor(int(c.x()) + dx, int(c.y()) + dy), disc)
               for dx in range(-r, r + 1) for dy in range(-r, r + 1))
    assert best >= (4.5 if theme == "dark" else 2.6)


def test_the_view_menus_dark_theme_darkens_panels_and_board(qtbot, tmp_path):
    from tsumego_gui.qt.main_window import MainWindow
    from tsumego_gui.qt.settings import open_settings

    window = MainWindow(open_settings(str(tmp_path / "s.ini")), open_last=False)
    qtbot.addWidget(window)
    try:
        window.dark_action.trigger()
        assert window.dark_action.isChecked()
        QApplication.processEvents()      # Qt hands the new palette to widgets by events
        panel = window.problem_list
        assert panel.palette().color(QPalette.ColorRole.Window).lightness() < 70
        assert window.board.theme.name == "dark"
        # a window opened later with the stored preference starts dark too
        apply_app_theme("light")
        again = MainWindow(open_settings(str(tmp_path / "s.ini")), open_last=False)
        qtbot.addWidget(again)
        assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() < 70
    finally:
        apply_app_theme("light")


def test_view_menu_toggles_move_numbers_and_crop(qtbot, tmp_path):
    from tsumego_gui.qt.main_window import BUNDLED_PROBLEM, MainWindow
    from tsumego_gui.qt.settings import open_settings

    def opened():       # a problem with a region: the zoom applies while it is edited
        w = MainWindow(open_settings(str(tmp_path / "s.ini")), open_last=False)
        qtbot.addWidget(w)
        assert w.open_path(BUNDLED_PROBLEM, ask=False)
        return w

    window = opened()
    assert not window.board.move_numbers and window.board.crop
    window.numbers_action.trigger()
    window.crop_action.trigger()
    assert window.board.move_numbers and not window.board.crop
    again = opened()
    assert again.board.move_numbers and not again.board.crop


def test_proof_overlays_carry_the_moves_played_since_the_root(qtbot, tmp_path):
    from tsumego_gui.qt.proof_view import overlay_at
    from tsumego_gui.search.choice import solve_and_verify

    straight = CORNER.parents[1] / "straight-three.sgf"
    problem = read_file(straight)[0].problem
    proof = solve_and_verify(problem, "dfs", check=False).result.proof
    assert proof is not None
    path, node = [], proof.root
    while node.children and len(path) < 3:
        path.append(0)
        node = node.children[0][1]
    pos, ov = overlay_at(proof, tuple(path))
    assert ov.moves == pos.moves and len(ov.moves) == len(path)


def test_window_whole_and_cut():
    w = Window.whole(9)
    assert w.is_whole and w.cut() == (False, False, False, False)
    assert Window(9, 2, 0, 8, 5).cut() == (True, False, False, True)
