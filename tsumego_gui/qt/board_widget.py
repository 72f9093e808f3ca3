"""The board widget: paints through ``board_painter`` and turns mouse input into point signals.

It holds the current :class:`BoardView` and :class:`Overlay` (set from
outside), the points whose stones a frame added (``set_frame``: drawn
apart) and a ghost-stone colour for hover; it never changes the position
itself.  It crops and zooms to the part of the board that matters
(``core.board_crop``: the stones other than a frame's, the region, the zone and
every mark, with a margin; ``set_crop`` turns it off, ``set_crop_area``
pins points that must stay in view); clicks map through the same window, and
the margin lines stay clickable, so a stone put at the view's border widens
the view.  ``set_show_move_numbers`` numbers the overlay's ``moves``.
Signals: ``pressed(loc, button)`` on a click, ``dragged(loc, button)`` for
every new point the mouse enters with a button held, ``released()``,
``wheel_steps(n)`` (+1 = forward, towards the leaves).

The board also works without a mouse (GoGui's keyboard cursor; Sabaki #456
asks for it): the arrow keys that reach the widget move a cursor over the
visible points (with Shift, to the edge of the view), and Enter clicks there
(Shift+Enter: the right button), through the same signals as the mouse,
while ``cursor_allowed`` (the window says where a click is the user's own:
editing, practice).  A cursor the view no longer shows is dropped, never
clicked.  The cursor's point and what stands on it are the widget's
accessible description and go out as ``cursor_moved(text)`` when either
changes ("" when the cursor goes).
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPalette,
    QPen,
    QWheelEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from tsumego_gui.core import coords
from tsumego_gui.core.board_crop import Window, crop_window
from tsumego_gui.core.wording import PLAYERS
from tsumego_gui.qt.board_painter import BoardView, Geometry, Overlay, paint_board
from tsumego_gui.qt.theme import board_theme

LEFT, RIGHT = 1, 2
# the keyboard cursor's steps (row, column) and its colour: an orange that reads on the
# light and the dark board and on stones of both colours
ARROW_STEPS = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1),
               Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
CURSOR_COLOUR = QColor("#e67e22")
FOCUS_WIDTH = 2.0       # the frame round the board while the keys go to it, in pixels


class BoardWidget(QWidget):
    pressed = Signal(int, int)       # loc, LEFT or RIGHT
    dragged = Signal(int, int)
    released = Signal()
    wheel_steps = Signal(int)
    cursor_moved = Signal(str)       # the keyboard cursor's point and its stone; "": gone

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.view = BoardView(9)
        self.overlay = Overlay()
        self.frame: frozenset[int] = frozenset()   # stones a frame added: drawn apart
        self.theme = board_theme("light")
        self.show_coordinates = True
        self.crop = True                          # zoom to the problem's area
        self.move_numbers = False                 # number the overlay's moves
        self.crop_area: frozenset[int] = frozenset()   # points kept in view besides the content
        self._window = Window.whole(9)
        self.ghost_colour: int | None = None     # colour of the hover stone, None = no ghost
        self._hover: int | None = None
        self._drag_button: int | None = None
        self._last_drag: int | None = None
        self._wheel_accum = 0
        self.cursor: int | None = None           # the keyboard cursor, None = not shown
        self.cursor_allowed = True
        self._cursor_text = ""
        self.setMouseTracking(True)
        self.setMinimumSize(240, 240)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Go board")

    # ---- state set from outside -----------------------------------------------------------

    def set_position(self, view: BoardView, overlay: Overlay | None = None) -> None:
        if view.size != self.view.size:
            self.hide_cursor()          # a point of the old size names another point here
        self.view = view
        if overlay is not None:
            self.overlay = overlay
        self._recrop()
        self._describe_cursor()         # a click there, or an undo, may change its stone

    def set_overlay(self, overlay: Overlay) -> None:
        self.overlay = overlay
        self._recrop()

    def set_frame(self, frame: frozenset[int]) -> None:
        """The points whose stones a frame added around an open problem (empty: none)."""
        self.frame = frozenset(frame)
        self._recrop()

    def set_theme(self, name: str) -> None:
        self.theme = board_theme(name)
        self.update()

    def set_show_coordinates(self, show: bool) -> None:
        self.show_coordinates = show
        self.update()

    def set_show_move_numbers(self, show: bool) -> None:
        self.move_numbers = show
        self.update()

    def set_crop(self, on: bool) -> None:
        """Zoom to the problem's area (on) or show the whole board."""
        self.crop = on
        self._recrop()

    def set_crop_area(self, points: frozenset[int]) -> None:
        """Points the crop keeps in view whatever the position (e.g. a problem's region while
        its proof is browsed, so captures do not move the view); empty: none."""
        self.crop_area = frozenset(points)
        self._recrop()

    def hide_cursor(self) -> None:
        """Take the keyboard cursor away (a new mode starts without it)."""
        self.cursor = None
        self._describe_cursor()
        self.update()

    def visible_window(self) -> Window:
        """The rows and columns shown now."""
        return self._window

    def _recrop(self) -> None:
        v = self.view
        if not self.crop:
            self._window = Window.whole(v.size)
        else:
            # a frame fills the board around an open problem: its stones say nothing
            # about where the problem is
            content = ((v.black | v.white) - self.frame) | self.overlay.marked() \
                | self.crop_area
            self._window = crop_window(v.size, content)
        if self.cursor is not None and not self.geometry_now().visible(self.cursor):
            self.hide_cursor()          # out of view: Enter must not click where none sees
        self.update()

    def geometry_now(self) -> Geometry:
        return Geometry(self.view.size, self.width(), self.height(), self.show_coordinates,
                        self._window, self.devicePixelRatioF())

    def point_position(self, loc: int):
        """Widget coordinates of a point's centre (tests click there)."""
        return self.geometry_now().center(loc).toPoint()

    # ---- painting -------------------------------------------------------------------------

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(560, 560)

    def paintEvent(self, event) -> None:  # noqa: N802
        painter = QPainter(self)
        overlay = self.overlay
        if self.ghost_colour is not None and self._hover is not None:
            overlay = replace(overlay, ghost=(self._hover, self.ghost_colour))
        paint_board(painter, self.width(), self.height(), self.view, overlay, self.theme,
                    self.show_coordinates, frame=self.frame, window=self._window,
                    move_numbers=self.move_numbers)
        if self.cursor is not None:     # shown: ``_recrop`` drops one out of view
            self._paint_cursor(painter)
        if self.hasFocus():
            # where the keys go (QA s46: Tab reached the board with nothing to show it)
            pen = QPen(self.palette().color(QPalette.ColorRole.Highlight), FOCUS_WIDTH)
            pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            inset = FOCUS_WIDTH / 2
            painter.drawRect(QRectF(self.rect()).adjusted(inset, inset, -inset, -inset))
        painter.end()

    def focusInEvent(self, event) -> None:  # noqa: N802
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event) -> None:  # noqa: N802
        super().focusOutEvent(event)
        self.update()

    def _paint_cursor(self, painter: QPainter) -> None:
        g = self.geometry_now()
        centre, half = g.center(self.cursor), 0.46 * g.cell
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(CURSOR_COLOUR, max(2.0, g.cell / 14)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(centre.x() - half, centre.y() - half, 2 * half, 2 * half))

    # ---- keyboard -------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if not self.cursor_allowed:
            super().keyPressEvent(event)
            return
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        step = ARROW_STEPS.get(event.key())
        if step is not None:
            self._move_cursor(step, to_edge=shift)
        elif event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.cursor is not None:
            self.pressed.emit(self.cursor, RIGHT if shift else LEFT)
            self.released.emit()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def _move_cursor(self, step: tuple[int, int], to_edge: bool) -> None:
        """One point along ``step`` (to the view's edge with ``to_edge``); the first arrow
        shows the cursor at the middle of the view.  It stays within the points shown."""
        w = self._window
        if self.cursor is None:
            row, col = (w.row0 + w.row1) // 2, (w.col0 + w.col1) // 2
        else:
            row, col = coords.from_loc(self.cursor, self.view.size)
            reach = self.view.size if to_edge else 1
            row = min(max(row + step[0] * reach, w.row0), w.row1)
            col = min(max(col + step[1] * reach, w.col0), w.col1)
        self.cursor = coords.to_loc(row, col, self.view.size)
        self._describe_cursor()
        self.update()

    def _describe_cursor(self) -> None:
        """Say the cursor's point and what stands there ("" without a cursor): the
        accessible description, and ``cursor_moved`` when the words change."""
        v, text = self.view, ""
        if self.cursor is not None:
            colour = v.color_at(self.cursor)
            stone = f"{PLAYERS[colour].lower()} stone" if colour in PLAYERS else "empty"
            text = f"{coords.to_gtp(self.cursor, v.size)}: {stone}"
        if text != self._cursor_text:
            self._cursor_text = text
            self.setAccessibleDescription(text)
            self.cursor_moved.emit(text)

    # ---- mouse ----------------------------------------------------------------------------

    def _loc(self, event) -> int | None:
        p = event.position()
        return self.geometry_now().loc_at(p.x(), p.y())

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        button = {Qt.MouseButton.LeftButton: LEFT,
                  Qt.MouseButton.RightButton: RIGHT}.get(event.button())
        loc = self._loc(event)
        if button is None or loc is None:
            return
        self._drag_button, self._last_drag = button, loc
        self.pressed.emit(loc, button)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        loc = self._loc(event)
        if loc != self._hover:
            self._hover = loc
            self.update()
        if self._drag_button is not None and loc is not None and loc != self._last_drag:
            self._last_drag = loc
            self.dragged.emit(loc, self._drag_button)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._drag_button is not None:
            self._drag_button = self._last_drag = None
            self.released.emit()

    def leaveEvent(self, event) -> None:  # noqa: N802
        self._hover = None
        self.update()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        # 120 units a notch; accumulate so touchpads with small deltas still step.
        self._wheel_accum += event.angleDelta().y()
        steps = int(self._wheel_accum / 120)
        if steps:
            self._wheel_accum -= steps * 120
            self.wheel_steps.emit(-steps)   # wheel down = forward
        event.accept()
