"""First sizes that fit the screen: a window's or a dialog's size, cut to the room the screen
it opens on has (QA s55: at 1240x680 on a 1024x600 netbook the status bar and the lower
panels were below the screen's edge, and at 620x640 the guide's Close button too).

Knows screens and widget sizes; nothing about what the widgets show.
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

# a window manager's title bar and frame, which a widget's own size leaves out
TITLE_BAR = 40


def screen_room(widget: QWidget) -> QRect:
    """The part of the screen ``widget`` opens on that windows may take (no task bar);
    tests replace it to play a smaller screen."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def resize_to_fit(widget: QWidget, width: int, height: int) -> None:
    """Resize ``widget`` to ``width`` x ``height``, or smaller where its screen has less
    room, a title bar left above it (never below the widget's minimum size: Qt keeps it)."""
    room = screen_room(widget)
    widget.resize(min(width, room.width()), min(height, room.height() - TITLE_BAR))
