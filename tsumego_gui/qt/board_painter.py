"""Pure board painting (GoGui ``boardpainter`` style): a position view plus an overlay, no state.

:class:`BoardView` is a read-only view of the stones; :class:`Overlay` says
what to draw on top (zone shading, marks, ghost stone, labels);
:class:`Theme` holds the colours.  Stones a frame added around an open
problem (``frame``, passed in by the caller) are drawn smaller and see-through,
still in their colour, so the problem's own stones stand out.
:func:`paint_board` draws all three with
vector QPainter calls, so the board stays crisp at any size and device pixel
ratio; :class:`Geometry` maps widget pixels to points and back (hit tests).
Knows locs through ``core.coords`` only; nothing about widgets, editing or
search.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QRadialGradient

from tsumego_gui.core import coords
from tsumego_gui.core.colors import BLACK, EMPTY, WHITE


@dataclass(frozen=True)
class BoardView:
    """A position as the painter sees it."""

    size: int
    black: frozenset[int] = frozenset()
    white: frozenset[int] = frozenset()

    def color_at(self, loc: int) -> int:
        return BLACK if loc in self.black else WHITE if loc in self.white else EMPTY


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


@dataclass(frozen=True)
class Theme:
    name: str
    board: str
    line: str
    text: str
    zone: str
    region: str
    crucial: str
    must_answer: str
    pruned: str
    uca: str
    vital: str
    marker: str = "#d02020"
    stone_black: tuple[str, str] = ("#555555", "#0a0a0a")
    stone_white: tuple[str, str] = ("#ffffff", "#c8c8c8")


THEMES = {
    "light": Theme("light", board="#dcb35c", line="#1e1e1e", text="#2a2a2a",
                   zone="#1f5fd0", region="#2ea05a", crucial="#e0301e",
                   must_answer="#d9480f", pruned="#6a1b9a", uca="#1b9e3e", vital="#1b9e3e"),
    "dark": Theme("dark", board="#4a4f57", line="#c9ccd1", text="#d8dade",
                  zone="#5fa8ff", region="#66cc8a", crucial="#ff6b5a",
                  must_answer="#ffa94d", pruned="#d0a0ff", uca="#5ee37f", vital="#5ee37f"),
}

STAR_POINTS = {13: (3, 6, 9), 19: (3, 9, 15)}


def star_points(size: int) -> list[tuple[int, int]]:
    """(row, col) of the hoshi of the usual sizes; the centre of other odd sizes >= 7."""
    if size in STAR_POINTS:
        lines = STAR_POINTS[size]
        return [(r, c) for r in lines for c in lines]
    if size == 9:
        return [(2, 2), (2, 6), (6, 2), (6, 6), (4, 4)]
    if size >= 7 and size % 2 == 1:
        return [(size // 2, size // 2)]
    return []


class Geometry:
    """Where each point lies in a ``width`` x ``height`` rectangle."""

    def __init__(self, size: int, width: float, height: float, show_coordinates: bool):
        self.size = size
        margin = 1.3 if show_coordinates else 0.6   # in cells, around the outer lines
        self.cell = max(1.0, min(width, height) / (size - 1 + 2 * margin))
        self.x0 = (width - self.cell * (size - 1)) / 2
        self.y0 = (height - self.cell * (size - 1)) / 2
        self.show_coordinates = show_coordinates

    def center(self, loc: int) -> QPointF:
        row, col = coords.from_loc(loc, self.size)
        return QPointF(self.x0 + col * self.cell, self.y0 + row * self.cell)

    def loc_at(self, x: float, y: float) -> int | None:
        """The point nearest to (x, y), or None off the board."""
        col = round((x - self.x0) / self.cell)
        row = round((y - self.y0) / self.cell)
        if 0 <= row < self.size and 0 <= col < self.size:
            return coords.to_loc(row, col, self.size)
        return None


FRAME_RADIUS = 0.36     # a frame stone's radius, in cells (a stone of the problem: 0.47)
FRAME_ALPHA = 175


def paint_board(painter: QPainter, width: float, height: float, view: BoardView,
                overlay: Overlay, theme: Theme, show_coordinates: bool = True,
                frame: frozenset[int] = frozenset()) -> Geometry:
    """Draw the whole board into (0, 0, width, height); returns the geometry used.

    ``frame``: points whose stones a frame added (drawn smaller and see-through)."""
    g = Geometry(view.size, width, height, show_coordinates)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.fillRect(QRectF(0, 0, width, height), QColor(theme.board))
    cell, size = g.cell, view.size
    half = cell / 2
    region = QColor(theme.region)   # colours are #RRGGBB; Qt would read 8 digits as #AARRGGBB
    region.setAlpha(80)
    for loc in overlay.region:
        if coords.is_on_board(loc, size):
            c = g.center(loc)
            painter.fillRect(QRectF(c.x() - half, c.y() - half, cell, cell), region)
    _zone(painter, g, overlay.zone, theme)
    _grid(painter, g, theme)
    if show_coordinates:
        _coordinates(painter, g, theme)
    for loc in coords.all_locs(size):
        colour = view.color_at(loc)
        if colour != EMPTY and loc in frame:
            _stone(painter, g.center(loc), cell, colour, theme, alpha=FRAME_ALPHA,
                   radius=FRAME_RADIUS)
        elif colour != EMPTY:
            _stone(painter, g.center(loc), cell, colour, theme, alpha=255)
    _marks(painter, g, view, overlay, theme)
    painter.restore()
    return g


def _zone(painter: QPainter, g: Geometry, zone: frozenset[int], theme: Theme) -> None:
    """Shade the zone's cells and outline its border, so it reads on any board colour."""
    if not zone:
        return
    cell, half = g.cell, g.cell / 2
    fill = QColor(theme.zone)
    fill.setAlpha(85)
    for loc in zone:
        if coords.is_on_board(loc, g.size):
            c = g.center(loc)
            painter.fillRect(QRectF(c.x() - half, c.y() - half, cell, cell), fill)
    pen = QPen(QColor(theme.zone))
    pen.setWidthF(max(1.5, cell / 14))
    painter.setPen(pen)
    for loc in zone:
        if not coords.is_on_board(loc, g.size):
            continue
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


def _grid(painter: QPainter, g: Geometry, theme: Theme) -> None:
    size, cell = g.size, g.cell
    pen = QPen(QColor(theme.line))
    pen.setWidthF(max(1.0, cell / 28))
    painter.setPen(pen)
    end = cell * (size - 1)
    for i in range(size):
        painter.drawLine(QPointF(g.x0, g.y0 + i * cell), QPointF(g.x0 + end, g.y0 + i * cell))
        painter.drawLine(QPointF(g.x0 + i * cell, g.y0), QPointF(g.x0 + i * cell, g.y0 + end))
    painter.setBrush(QColor(theme.line))
    radius = max(1.5, cell * 0.09)
    for row, col in star_points(size):
        painter.drawEllipse(QPointF(g.x0 + col * cell, g.y0 + row * cell), radius, radius)


def _coordinates(painter: QPainter, g: Geometry, theme: Theme) -> None:
    size, cell = g.size, g.cell
    font = QFont()
    font.setPixelSize(max(6, int(cell * 0.38)))
    painter.setFont(font)
    painter.setPen(QColor(theme.text))
    off = cell * 0.85
    for i in range(size):
        letter = coords.GTP_COLUMNS[i]
        number = str(size - i)   # rows counted from the bottom
        x, y = g.x0 + i * cell, g.y0 + i * cell
        for cx, cy, text in ((x, g.y0 - off, letter), (x, g.y0 + cell * (size - 1) + off, letter),
                             (g.x0 - off, y, number), (g.x0 + cell * (size - 1) + off, y, number)):
            painter.drawText(QRectF(cx - cell / 2, cy - cell / 2, cell, cell),
                             Qt.AlignmentFlag.AlignCenter, text)


def _stone(painter: QPainter, c: QPointF, cell: float, colour: int, theme: Theme,
           alpha: int, radius: float = 0.47) -> None:
    r = cell * radius
    light, dark = theme.stone_black if colour == BLACK else theme.stone_white
    grad = QRadialGradient(QPointF(c.x() - r * 0.35, c.y() - r * 0.35), r * 1.4)
    c1, c2 = QColor(light), QColor(dark)
    c1.setAlpha(alpha)
    c2.setAlpha(alpha)
    grad.setColorAt(0, c1)
    grad.setColorAt(1, c2)
    painter.setBrush(grad)
    edge = QColor("#000000")
    edge.setAlpha(alpha)
    pen = QPen(edge)
    pen.setWidthF(max(0.8, cell / 40))
    painter.setPen(pen)
    painter.drawEllipse(c, r, r)


def _contrast(view: BoardView, loc: int) -> QColor:
    return QColor("#ffffff") if view.color_at(loc) == BLACK else QColor("#000000")


def _marks(painter: QPainter, g: Geometry, view: BoardView, ov: Overlay, theme: Theme) -> None:
    cell = g.cell
    painter.setBrush(Qt.BrushStyle.NoBrush)
    thick = max(1.2, cell / 16)
    for loc in ov.vital:
        if view.color_at(loc) == EMPTY:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(theme.vital))
            painter.drawEllipse(g.center(loc), cell * 0.16, cell * 0.16)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    pen = QPen(QColor(theme.uca))
    pen.setWidthF(thick * 1.3)
    painter.setPen(pen)
    for loc in ov.uca:
        painter.drawEllipse(g.center(loc), cell * 0.5, cell * 0.5)
    pen = QPen(QColor(theme.crucial))
    pen.setWidthF(thick)
    painter.setPen(pen)
    for loc in ov.crucial:
        c, s = g.center(loc), cell * 0.22
        painter.drawPolygon([QPointF(c.x(), c.y() - s), QPointF(c.x() - s * 0.95, c.y() + s * 0.6),
                             QPointF(c.x() + s * 0.95, c.y() + s * 0.6)])
    pen = QPen(QColor(theme.must_answer))
    pen.setWidthF(thick)
    painter.setPen(pen)
    for loc in ov.must_answer:
        c, s = g.center(loc), cell * 0.2
        painter.drawRect(QRectF(c.x() - s, c.y() - s, 2 * s, 2 * s))
    pen = QPen(QColor(theme.pruned))
    pen.setWidthF(thick)
    painter.setPen(pen)
    for loc in ov.pruned:
        c, s = g.center(loc), cell * 0.17
        painter.drawLine(QPointF(c.x() - s, c.y() - s), QPointF(c.x() + s, c.y() + s))
        painter.drawLine(QPointF(c.x() - s, c.y() + s), QPointF(c.x() + s, c.y() - s))
    if ov.last_move is not None and coords.is_on_board(ov.last_move, g.size):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(theme.marker))
        painter.drawEllipse(g.center(ov.last_move), cell * 0.13, cell * 0.13)
    if ov.ghost is not None:
        loc, colour = ov.ghost
        if coords.is_on_board(loc, g.size) and view.color_at(loc) == EMPTY:
            _stone(painter, g.center(loc), cell, colour, theme, alpha=110)
    if ov.labels:
        font = QFont()
        font.setPixelSize(max(6, int(cell * 0.42)))
        font.setBold(True)
        painter.setFont(font)
        for loc, text in ov.labels:
            c = g.center(loc)
            rect = QRectF(c.x() - cell / 2, c.y() - cell / 2, cell, cell)
            if view.color_at(loc) == EMPTY:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(theme.board))
                painter.drawEllipse(c, cell * 0.3, cell * 0.3)
                painter.setPen(QColor(theme.marker))
            else:
                painter.setPen(_contrast(view, loc))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
