"""Space acts on the focused control: a button, a check box or a combo box gets its key
rather than the window's Space shortcut (Solve).

Qt asks the focused widget first (a ShortcutOverride event) whether it takes a key that a
shortcut also names; text fields take Space, buttons do not, so Space on a focused "Prove
by areas" box solved instead of ticking it (QA s46), and a keyboard-only player could not
use such controls at all.  The board and the lists keep Space for Solve.

Knows Qt's key events; nothing about the app's actions.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractButton, QComboBox, QWidget

CONTROLS = (QAbstractButton, QComboBox)


class ControlKeys(QObject):
    """An event filter on each control under a widget (``watch``): only their events
    cross into Python, not every event of the app."""

    def watch(self, root: QWidget) -> None:
        for kind in CONTROLS:
            for control in root.findChildren(kind):
                control.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.ShortcutOverride \
                and event.key() == Qt.Key.Key_Space \
                and event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier \
                == Qt.KeyboardModifier.NoModifier:
            event.accept()          # the control's own key press follows
            return True
        return False
