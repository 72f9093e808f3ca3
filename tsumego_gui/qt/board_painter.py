"""Pure board painting (GoGui ``boardpainter`` style): a position view plus an overlay, no state.

:class:`BoardView` is a read-only view of the stones; :class:`Overlay` says
what to draw on top (zone shading, marks, ghost stone, labels, the moves
played for move numbers); the colours are a ``theme.Theme``.  Stones a
frame added around an open problem (``frame``, passed in by the caller) are
drawn smaller and see-through, still in their colour, so the problem's own
stones stand out.  :func:`paint_board` draws a wood board (a gradient and
faint grain strokes, drawn once per size and theme and then copied), shaded
stones with shadows, edge lines thicker than the inner ones, star points,
coordinates, and the overlay, all with vector QPainter calls in logical
coordinates.  Lines, stones and the grid's origin
are snapped to whole device pixels of the painter's device pixel ratio, so
the board stays crisp at any size and ratio.  ``window`` (a
``core.board_crop.Window``) shows part of the board, zoomed: the lines of a cut
side run on to the border to say that the board goes on, and coordinates
are shown for the visible lines only.  :class:`Geometry` maps widget pixels
to points and back (hit tests) for the same window.  Knows locs through
``core.coords`` only; nothing about widgets, editing or search.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
)

from tsumego_gui.core import coords
from tsumego_gui.core.board_crop import Window
from tsumego_gui.core.colors import BLACK, EMPTY, WHITE
from tsumego_gui.core.coords import star_points
from tsumego_gui.qt.theme import THEMES, Theme

__all__ = ["THEMES", "BoardView", "Geometry", "Overlay", "Theme", "paint_board",
           "star_points"]


@dataclass(frozen=True)
class BoardView:
    """A position as the painter sees it."""

    size: int
    black: frozenset[int] = frozenset()
    white: frozenset[int] = frozenset()

    def color_at(self, loc: int) -> int:
        return BLACK if loc in self.black else WHITE if loc in self.white else EMPTY


NEXT_MOVE = "1"      # the label of the proof's next move (a hint's, the browser's)


@dataclass(frozen=True)
class Overlay:
    """Everything drawn over the stones; empty sets draw nothing."""

    zone: frozenset[int] = frozenset()          # relevance zone: shaded
    region: frozenset[int] = frozenset()        # problem region: tinted (editor)
    crucial: frozenset[int] = frozenset()       # triangles on stones
    must_answer: frozenset[int] = frozenset()   # the losing mover's moves the proof answers
    pruned: frozenset[int] = frozenset()        # null moves: crosses
    uca: frozenset[int] = frozenset()           # unconditionally alive stones: rings
    vital: frozenset[int] = frozenset()         # vital regions of those chains: dots
    last_move: int | None = None
    ghost: tuple[int, int] | None = None        # (loc, colour) under the mouse
    labels: tuple[tuple[int, str], ...] = ()    # text on points (winning moves...)
    moves: tuple[int, ...] = ()                 # moves played since the root, in order
    #                                             (passes count): numbered when asked

    def marked(self) -> frozenset[int]:
        """Every point the overlay draws something on (the crop keeps them in view)."""
        out = set(self.zone | self.region | self.crucial | self.must_answer | self.pruned
                  | self.uca | self.vital)
        out.update(loc for loc, _ in self.labels)
        if self.last_move is not None:
            out.add(self.last_move)
        return frozenset(out)


def _snap_centre(v: float, dpr: float) -> float:
    """``v`` moved to the centre of the device pixel it falls in."""
    return (math.floor(v * dpr) + 0.5) / dpr


class Geometry:
    """Where each point of ``window`` (default: the whole board) lies in a ``width`` x
    ``height`` rectangle painted at device pixel ratio ``dpr``."""

    def __init__(self, size: int, width: float, height: float, show_coordinates: bool,
                 window: Window | None = None, dpr: float = 1.0):
        self.size = size
        self.window = window if window is not None and window.size == size \
            else Window.whole(size)
        self.dpr = dpr = max(1.0, float(dpr))
        self.show_coordinates = show_coordinates
        self.margin = margin = 1.3 if show_coordinates else 0.6  # cells around the lines
        w = self.window
        cols, rows = w.col1 - w.col0, w.row1 - w.row0           # cells between the lines
        cell = min(width / (cols + 2 * margin), height / (rows + 2 * margin))
        # whole device pixels per cell, so every line lands on the same pixel phase
        self.cell = max(1.0, math.floor(cell * dpr)) / dpr
        self.x0 = _snap_centre((width - self.cell * cols) / 2, dpr)
        self.y0 = _snap_centre((height - self.cell * rows) / 2, dpr)
        self.width, self.height = width, height

    def xy(self, row: int, col: int) -> QPointF:
        return QPointF(self.x0 + (col - self.window.col0) * self.cell,
                       self.y0 + (row - self.window.row0) * self.cell)

    def center(self, loc: int) -> QPointF:
        return self.xy(*coords.from_loc(loc, self.size))

    def visible(self, loc: int) -> bool:
        return coords.is_on_board(loc, self.size) and \
            self.window.contains(*coords.from_loc(loc, self.size))

    def loc_at(self, x: float, y: float) -> int | None:
        """The visible point nearest to (x, y), or None off the board or its window."""
        col = round((x - self.x0) / self.cell) + self.window.col0
        row = round((y - self.y0) / self.cell) + self.window.row0
        if self.window.contains(row, col):
            return coords.to_loc(row, col, self.size)
        return None

    def line_widths(self) -> tuple[float, float]:
        """(inner, edge) line widths in logical pixels, whole device pixels each."""
        inner = max(1, round(self.dpr * self.cell / 32))
        edge = max(inner + 1, round(inner * 2.2))
        return inner / self.dpr, edge / self.dpr


FRAME_RADIUS = 0.36     # a frame stone's radius, in cells (a stone of the problem: 0.48)
STONE_RADIUS = 0.48
FRAME_ALPHA = 175


def paint_board(painter: QPainter, width: float, height: float, view: BoardView,
                overlay: Overlay, theme: Theme, show_coordinates: bool = True,
                frame: frozenset[int] = frozenset(), window: Window | None = None,
                move_numbers: bool = False) -> Geometry:
    """Draw the board into (0, 0, width, height); returns the geometry used.

    ``frame``: points whose stones a frame added (drawn smaller and see-through);
    ``window``: the part of the board to show (default: all of it); ``move_numbers``:
    number the stones of ``overlay.moves`` 1..n."""
    device = painter.device()
    dpr = device.devicePixelRatioF() if device is not None else 1.0
    g = Geometry(view.size, width, height, show_coordinates, window, dpr)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    _wood(painter, width, height, theme)
    cell, half = g.cell, g.cell / 2
    region = QColor(theme.region)
    region.setAlpha(80)
    for loc in overlay.region:
        if g.visible(loc):
            c = g.center(loc)
            painter.fillRect(QRectF(c.x() - half, c.y() - half, cell, cell), region)
    _zone(painter, g, overlay.zone, theme)
    _grid(painter, g, theme)
    if show_coordinates:
        _coordinates(painter, g, theme)
    stones = [(loc, view.color_at(loc)) for loc in coords.all_locs(view.size)
              if view.color_at(loc) != EMPTY and g.visible(loc)]
    for loc, _ in stones:       # all shadows first: a shadow never darkens a stone
        radius = FRAME_RADIUS if loc in frame else STONE_RADIUS
        _shadow(painter, g.center(loc), cell * radius, theme,
                FRAME_ALPHA if loc in frame else 255)
    for loc, colour in stones:
        if loc in frame:
            _stone(painter, g.center(loc), cell, colour, theme, alpha=FRAME_ALPHA,
                   radius=FRAME_RADIUS)
        else:
            _stone(painter, g.center(loc), cell, colour, theme, alpha=255)
    numbered = _move_numbers(painter, g, view, overlay, theme) if move_numbers else set()
    _marks(painter, g, view, replace(overlay, labels=shown_labels(overlay, move_numbers)),
           theme, numbered)
    painter.restore()
    return g


# ---- wood -----------------------------------------------------------------------------------

WOOD_CACHE = 4          # wood images kept (a board, its resizes, the other theme)
_wood_images: dict[tuple, QImage] = {}


def _wood(painter: QPainter, width: float, height: float, theme: Theme) -> None:
    """The wood, drawn once per size, theme and pixel ratio and then copied: its grain
    strokes cost some 35 ms a paint, and the board repaints on every hover and step."""
    if width < 60 or height < 60:
        _draw_wood(painter, width, height, theme)       # thumbnails: no grain, no cache
        return
    device = painter.device()
    dpr = device.devicePixelRatioF() if device is not None else 1.0
    key = (round(width * dpr), round(height * dpr), dpr, theme)
    image = _wood_images.pop(key, None)
    if image is None:
        image = QImage(key[0], key[1], QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(dpr)
        p = QPainter(image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        _draw_wood(p, width, height, theme)
        p.end()
        while len(_wood_images) >= WOOD_CACHE:
            del _wood_images[next(iter(_wood_images))]     # the least recently used
    _wood_images[key] = image
    painter.drawImage(QRectF(0, 0, width, height), image)


def _draw_wood(painter: QPainter, width: float, height: float, theme: Theme) -> None:
    """A diagonal gradient and long, faint, wavy grain strokes; the same strokes each time
    (a fixed seed), so the board does not shimmer as it repaints."""
    grad = QLinearGradient(0, 0, width, height)
    grad.setColorAt(0, QColor(theme.board_light))
    grad.setColorAt(0.55, QColor(theme.board))
    grad.setColorAt(1, QColor(theme.board_dark))
    painter.fillRect(QRectF(0, 0, width, height), grad)
    if width < 60 or height < 60:
        return                  # thumbnails: grain would be noise
    rng = random.Random(7)
    grain = QColor(theme.grain)
    pen = QPen()
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    y = 0.0
    steps = 8
    while y < height:
        gap = rng.uniform(3.0, 11.0)
        y += gap
        amp = rng.uniform(1.0, 4.0)
        phase = rng.uniform(0, 2 * math.pi)
        waves = rng.uniform(0.6, 1.6)
        grain.setAlpha(rng.randint(10, 28))
        pen.setColor(grain)
        pen.setWidthF(rng.uniform(0.6, 1.8))
        painter.setPen(pen)
        path = QPainterPath(QPointF(0, y + amp * math.sin(phase)))
        for i in range(1, steps + 1):
            x = width * i / steps
            path.lineTo(QPointF(x, y + amp * math.sin(phase + waves * math.pi * i / steps)
                                + 0.02 * x))
        painter.drawPath(path)


# ---- grid -----------------------------------------------------------------------------------

def _line_pos(v: float, width_logical: float, dpr: float) -> float:
    """A line centred on the grid position ``v`` (a device pixel's centre): an even number
    of device pixels wide, it moves half a pixel so its edges fall on pixel borders."""
    if round(width_logical * dpr) % 2 == 0:
        return v - 0.5 / dpr
    return v


def _grid(painter: QPainter, g: Geometry, theme: Theme) -> None:
    w, size, cell = g.window, g.size, g.cell
    inner, edge = g.line_widths()
    top, left, bottom, right = w.cut()
    run = cell * 0.6           # how far a cut side's lines run past the last visible line
    x_start = g.x0 - (run if left else 0)
    x_end = g.x0 + (w.col1 - w.col0) * cell + (run if right else 0)
    y_start = g.y0 - (run if top else 0)
    y_end = g.y0 + (w.row1 - w.row0) * cell + (run if bottom else 0)
    pen = QPen(QColor(theme.line))
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for row in range(w.row0, w.row1 + 1):
        width = edge if row in (0, size - 1) else inner
        pen.setWidthF(width)
        painter.setPen(pen)
        y = _line_pos(g.xy(row, w.col0).y(), width, g.dpr)
        painter.drawLine(QPointF(x_start, y), QPointF(x_end, y))
    for col in range(w.col0, w.col1 + 1):
        width = edge if col in (0, size - 1) else inner
        pen.setWidthF(width)
        painter.setPen(pen)
        x = _line_pos(g.xy(w.row0, col).x(), width, g.dpr)
        painter.drawLine(QPointF(x, y_start), QPointF(x, y_end))
    # the edge lines' corners: square, not notched by the flat caps
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(theme.line))
    for row, col in ((0, 0), (0, size - 1), (size - 1, 0), (size - 1, size - 1)):
        if w.contains(row, col):
            c = g.xy(row, col)
            x, y = _line_pos(c.x(), edge, g.dpr), _line_pos(c.y(), edge, g.dpr)
            painter.drawRect(QRectF(x - edge / 2, y - edge / 2, edge, edge))
    radius = max(1.5, cell * 0.1)
    for row, col in star_points(size):
        if w.contains(row, col):
            painter.drawEllipse(g.xy(row, col), radius, radius)


def _coordinates(painter: QPainter, g: Geometry, theme: Theme) -> None:
    w, size, cell = g.window, g.size, g.cell
    font = QFont()
    font.setPixelSize(max(6, int(cell * 0.38)))
    painter.setFont(font)
    painter.setPen(QColor(theme.text))
    off, half = cell * 0.9, cell / 2
    left, top = g.x0, g.y0
    right = g.x0 + (w.col1 - w.col0) * cell
    bottom = g.y0 + (w.row1 - w.row0) * cell
    for col in range(w.col0, w.col1 + 1):
        x = g.xy(w.row0, col).x()
        for y in (top - off, bottom + off):
            painter.drawText(QRectF(x - half, y - half, cell, cell),
                             Qt.AlignmentFlag.AlignCenter, coords.GTP_COLUMNS[col])
    for row in range(w.row0, w.row1 + 1):
        y = g.xy(row, w.col0).y()
        number = str(size - row)   # rows counted from the bottom
        for x in (left - off, right + off):
            painter.drawText(QRectF(x - half, y - half, cell, cell),
                             Qt.AlignmentFlag.AlignCenter, number)


# ---- zone -----------------------------------------------------------------------------------

def _zone(painter: QPainter, g: Geometry, zone: frozenset[int], theme: Theme) -> None:
    """Shade the zone's cells and outline its border, so it reads on any board colour."""
    if not zone:
        return
    cell, half = g.cell, g.cell / 2
    fill = QColor(theme.zone)
    fill.setAlpha(70)
    shown = [loc for loc in zone if g.visible(loc)]
    for loc in shown:
        c = g.center(loc)
        painter.fillRect(QRectF(c.x() - half, c.y() - half, cell, cell), fill)
    pen = QPen(QColor(theme.zone))
    pen.setWidthF(max(1.5, cell / 14))
    painter.setPen(pen)
    for loc in shown:
        row, col = coords.from_loc(loc, g.size)
        c = g.center(loc)
        x0, y0, x1, y1 = c.x() - half, c.y() - half, c.x() + half, c.y() + half
        for dr, dc, a, b in ((-1, 0, (x0, y0), (x1, y0)), (1, 0, (x0, y1), (x1, y1)),
                             (0, -1, (x0, y0), (x0, y1)), (0, 1, (x1, y0), (x1, y1))):
            r, cc = row + dr, col + dc
            inside = 0 <= r < g.size and 0 <= cc < g.size and \
                coords.to_loc(r, cc, g.size) in zone
            if not inside:
                painter.drawLine(QPointF(*a), QPointF(*b))


# ---- stones ---------------------------------------------------------------------------------

def _shadow(painter: QPainter, c: QPointF, r: float, theme: Theme, alpha: int) -> None:
    """A soft shadow down and to the right, as under a light from the top left."""
    centre = QPointF(c.x() + r * 0.10, c.y() + r * 0.14)
    grad = QRadialGradient(centre, r * 1.12)
    dark = QColor(0, 0, 0, theme.shadow_alpha * alpha // 255)
    grad.setColorAt(0, dark)
    grad.setColorAt(0.78, dark)
    grad.setColorAt(1, QColor(0, 0, 0, 0))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(grad)
    painter.drawEllipse(centre, r * 1.12, r * 1.12)


def _stone(painter: QPainter, c: QPointF, cell: float, colour: int, theme: Theme,
           alpha: int, radius: float = STONE_RADIUS) -> None:
    r = cell * radius
    light, body, rim = theme.stone_black if colour == BLACK else theme.stone_white
    # the highlight off-centre towards the light; the body and rim towards the shadow
    grad = QRadialGradient(c, r, QPointF(c.x() - r * 0.38, c.y() - r * 0.42))
    for stop, name in ((0.0, light), (0.45 if colour == BLACK else 0.55, body), (1.0, rim)):
        q = QColor(name)
        q.setAlpha(alpha)
        grad.setColorAt(stop, q)
    painter.setBrush(grad)
    edge = QColor("#000000" if colour == BLACK else "#6f6f68")
    edge.setAlpha(alpha * (200 if colour == BLACK else 150) // 255)
    pen = QPen(edge)
    pen.setWidthF(max(0.6, cell / 48))
    painter.setPen(pen)
    painter.drawEllipse(c, r, r)


def shown_labels(ov: Overlay, move_numbers: bool) -> tuple[tuple[int, str], ...]:
    """The labels as drawn: with the moves numbered, the next move takes the next number,
    not a second "1" beside the first move's (QA s44)."""
    if not move_numbers:
        return ov.labels
    after = str(len(ov.moves) + 1)
    return tuple((loc, after if text == NEXT_MOVE else text) for loc, text in ov.labels)


def _contrast(view: BoardView, loc: int) -> QColor:
    return QColor("#ffffff") if view.color_at(loc) == BLACK else QColor("#000000")


def _move_numbers(painter: QPainter, g: Geometry, view: BoardView, ov: Overlay,
                  theme: Theme) -> set[int]:
    """Number the stones played since the root; a point played twice (a ko, a capture
    refilled) shows its latest number.  Returns the points numbered."""
    number: dict[int, int] = {}
    for i, move in enumerate(ov.moves, start=1):
        if coords.is_on_board(move, g.size):
            number[move] = i
    shown = {loc: n for loc, n in number.items()
             if view.color_at(loc) != EMPTY and g.visible(loc)}
    if not shown:
        return set()
    font = QFont()
    font.setBold(True)
    for loc, n in shown.items():
        text = str(n)
        font.setPixelSize(max(6, int(g.cell * (0.5 if len(text) < 3 else 0.38))))
        painter.setFont(font)
        colour = _contrast(view, loc)
        if loc == ov.last_move:     # the last move: its number in the marker's colour
            colour = QColor(theme.marker)
            if view.color_at(loc) == BLACK:
                colour = colour.lighter(150)
        painter.setPen(colour)
        c = g.center(loc)
        painter.drawText(QRectF(c.x() - g.cell / 2, c.y() - g.cell / 2, g.cell, g.cell),
                         Qt.AlignmentFlag.AlignCenter, text)
    return set(shown)


def _marks(painter: QPainter, g: Geometry, view: BoardView, ov: Overlay, theme: Theme,
           numbered: set[int] = frozenset()) -> None:
    cell = g.cell
    painter.setBrush(Qt.BrushStyle.NoBrush)
    thick = max(1.2, cell / 16)
    for loc in ov.vital:
        if view.color_at(loc) == EMPTY and g.visible(loc):
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(theme.vital))
            painter.drawEllipse(g.center(loc), cell * 0.16, cell * 0.16)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    pen = QPen(QColor(theme.uca))
    pen.setWidthF(thick * 1.3)
    painter.setPen(pen)
    for loc in ov.uca:
        if g.visible(loc):
            painter.drawEllipse(g.center(loc), cell * 0.5, cell * 0.5)
    pen = QPen(QColor(theme.crucial))
    pen.setWidthF(thick)
    painter.setPen(pen)
    for loc in ov.crucial:
        if not g.visible(loc) or loc in numbered:
            continue
        c, s = g.center(loc), cell * 0.22
        painter.drawPolygon([QPointF(c.x(), c.y() - s), QPointF(c.x() - s * 0.95, c.y() + s * 0.6),
                             QPointF(c.x() + s * 0.95, c.y() + s * 0.6)])
    pen = QPen(QColor(theme.must_answer))
    pen.setWidthF(thick)
    painter.setPen(pen)
    for loc in ov.must_answer:
        if g.visible(loc):
            c, s = g.center(loc), cell * 0.2
            painter.drawRect(QRectF(c.x() - s, c.y() - s, 2 * s, 2 * s))
    pen = QPen(QColor(theme.pruned))
    pen.setWidthF(thick)
    painter.setPen(pen)
    for loc in ov.pruned:
        if g.visible(loc):
            c, s = g.center(loc), cell * 0.17
            painter.drawLine(QPointF(c.x() - s, c.y() - s), QPointF(c.x() + s, c.y() + s))
            painter.drawLine(QPointF(c.x() - s, c.y() + s), QPointF(c.x() + s, c.y() - s))
    last = ov.last_move
    if last is not None and g.visible(last) and last not in numbered:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(theme.marker))
        painter.drawEllipse(g.center(last), cell * 0.13, cell * 0.13)
    if ov.ghost is not None:
        loc, colour = ov.ghost
        if g.visible(loc) and view.color_at(loc) == EMPTY:
            _stone(painter, g.center(loc), cell, colour, theme, alpha=110)
    if ov.labels:
        font = QFont()
        font.setPixelSize(max(6, int(cell * 0.42)))
        font.setBold(True)
        painter.setFont(font)
        for loc, text in ov.labels:
            if not g.visible(loc):
                continue
            c = g.center(loc)
            rect = QRectF(c.x() - cell / 2, c.y() - cell / 2, cell, cell)
            if view.color_at(loc) == EMPTY:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(theme.board))
                painter.drawEllipse(c, cell * 0.3, cell * 0.3)
                painter.setPen(QColor(theme.point_label))
            else:
                painter.setPen(_contrast(view, loc))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
