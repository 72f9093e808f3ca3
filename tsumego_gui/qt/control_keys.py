"""Space acts on the focused control: a button, a check box or a combo box gets its key
rather than the window's Space shortcut (Solve).

Qt asks the focused widget first (a ShortcutOverride event) whether it takes a key that a
shortcut also names; text fields take Space, buttons do not, so Space on a focused "Prove
by areas" box solved instead of ticking it (QA s46), and a keyboard-only player could not
use such controls at all.  The board and the lists keep Space for Solve.

Knows Qt's key events and focus; nothing about the app's actions.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QComboBox, QWidget
from shiboken6 import isValid

CONTROLS = (QAbstractButton, QComboBox)


class ControlKeys(QObject):
    """An event filter on the one control under a watched widget (``watch``) that has the
    focus, the only one a key goes to: a filter on every control saw each of their events
    cross into Python, some 15-35 in one tick as a solve changed the panels' buttons, each
    waiting for the GIL while the search ran (helper s58 stall probe)."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._roots: list[QWidget] = []
        self._filtered: QWidget | None = None
        QApplication.instance().focusChanged.connect(self._focus_changed)

    def watch(self, root: QWidget) -> None:
        self._roots.append(root)
        self._focus_changed(None, QApplication.focusWidget())

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if self._filtered is not None and isValid(self._filtered):
            self._filtered.removeEventFilter(self)
        self._filtered = None
        if isinstance(new, CONTROLS) and self._watched(new):
            new.installEventFilter(self)
            self._filtered = new

    def _watched(self, widget: QWidget) -> bool:
        """Whether ``widget`` lies under a watched widget, across windows (a floating dock
        is a window of its own, where ``isAncestorOf`` stops, and the main window's Space
        still reaches it)."""
        while widget is not None:
            if any(widget is root for root in self._roots):
                return True
            widget = widget.parentWidget()
        return False

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.ShortcutOverride \
                and event.key() == Qt.Key.Key_Space \
                and event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier \
                == Qt.KeyboardModifier.NoModifier:
            event.accept()          # the control's own key press follows
            return True
        return False
