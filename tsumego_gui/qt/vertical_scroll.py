"""A panel in a scroll area that scrolls only vertically: frameless, as wide as the panel's
narrowest layout with the scroll bar beside it, and never a Tab stop itself.

Knows scroll areas; nothing about what the panels show.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


def scroll_vertically(area: QScrollArea, widget: QWidget) -> QScrollArea:
    """``area`` set up to hold ``widget`` and scroll it vertically only; ``area`` back."""
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    # Tab goes to the fields inside (the area follows them), not to the area itself,
    # which showed no focus (QA s46)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    area.setMinimumWidth(widget.minimumSizeHint().width()
                         + area.verticalScrollBar().sizeHint().width())
    return area
