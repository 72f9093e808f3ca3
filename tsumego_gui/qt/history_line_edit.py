"""A line edit whose undo and redo are the window's, not QLineEdit's own.

QLineEdit keeps a history of its keystrokes and takes Ctrl+Z / Ctrl+Shift+Z for
it while it has the focus, beside the app's undo stack of edits: Ctrl+Z in the
Title field undid typing the stack knew nothing of, while Edit › Undo undid the
last edit of the problem.  :class:`HistoryLineEdit` leaves those keys (and its
context menu's Undo and Redo) to the actions handed to :meth:`use_history`, the
window's Edit › Undo and Redo, so that the user has one history; the field's
typing goes onto that stack as its owner pushes it (``EditorModel.type_text``).

Knows Qt's keys and menus; nothing about what the text means.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QLineEdit, QMenu, QWidget

# Ctrl+Y redoes too: the window's Redo takes it beside the platform's own key
_CTRL_Y = QKeySequence("Ctrl+Y")


def _history_key(event: QKeyEvent) -> str | None:
    """"undo" or "redo" for the keys that step a history, else None."""
    if event.matches(QKeySequence.StandardKey.Undo):
        return "undo"
    if event.matches(QKeySequence.StandardKey.Redo) or \
            QKeySequence(event.keyCombination()) == _CTRL_Y:
        return "redo"
    return None


class HistoryLineEdit(QLineEdit):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._history: dict[str, QAction] = {}

    def use_history(self, undo: QAction, redo: QAction) -> None:
        """Step the history of ``undo`` and ``redo`` (the window's actions) for the field's
        keys and context menu."""
        self._history = {"undo": undo, "redo": redo}

    def event(self, event: QEvent) -> bool:
        # QLineEdit claims its undo keys before the window's shortcuts see them: left
        # unclaimed, the window's Undo and Redo take them
        if event.type() == QEvent.Type.ShortcutOverride and _history_key(event):
            event.ignore()
            return False
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        step = _history_key(event)
        if step is None:
            super().keyPressEvent(event)
            return
        # here when no shortcut took the key (the action disabled, or out of reach):
        # never QLineEdit's own history
        action = self._history.get(step)
        if action is not None and action.isEnabled():
            action.trigger()
        event.accept()

    def context_menu(self) -> QMenu:
        """Qt's menu for the field, the window's Undo and Redo in place of its own."""
        menu = self.createStandardContextMenu()
        for own in menu.actions():
            step = {"edit-undo": "undo", "edit-redo": "redo"}.get(own.objectName())
            if step is None:
                continue
            if step in self._history:
                menu.insertAction(own, self._history[step])
            menu.removeAction(own)
        return menu

    def contextMenuEvent(self, event) -> None:  # noqa: N802 - Qt API
        menu = self.context_menu()
        menu.exec(event.globalPos())
        menu.deleteLater()
