"""Help › Keyboard shortcuts and Help › About.

The shortcut list is read from the menu bar's actions when the dialog opens
(so a shortcut added or changed shows without editing a list here), plus the
keys the proof browser handles itself, from ``proof_browser.NAV_KEYS``.  The
About text gives the version, where the network runs (what the solver worker
reported, or that none was loaded yet), and the licences of the libraries the
app ships with; versions come from package metadata, so torch is never
imported just to show them.  Knows menus, actions and package metadata;
nothing about solving.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util

import PySide6
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMenuBar,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tsumego_gui.qt.proof_browser import NAV_KEYS

# the proof browser's own keys (not actions): what each does
NAV_TEXT = {Qt.Key.Key_Left: "Proof: back along the line",
            Qt.Key.Key_Right: "Proof: forward along the line",
            Qt.Key.Key_Up: "Proof: previous sibling move",
            Qt.Key.Key_Down: "Proof: next sibling move",
            Qt.Key.Key_Home: "Proof: go to the root",
            Qt.Key.Key_End: "Proof: go to the end of the line"}
LICENCES = (("PySide6 / Qt", "LGPL-3.0"), ("PyTorch", "BSD-3-Clause"),
            ("sgfmill", "MIT"), ("NumPy", "BSD-3-Clause"))


def _menu_actions(menu, path: str):
    for action in menu.actions():
        if action.isSeparator():
            continue
        sub = action.menu()
        if sub is not None:
            yield from _menu_actions(sub, f"{path} › {_plain(action.text())}")
        else:
            yield path, action


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


def shortcut_rows(bar: QMenuBar) -> list[tuple[str, str, str]]:
    """(menu, command, keys) for every menu action with a shortcut, then the proof keys."""
    rows = []
    for top in bar.actions():
        menu = top.menu()
        if menu is None:
            continue
        for path, action in _menu_actions(menu, _plain(top.text())):
            keys = [k.toString(QKeySequence.SequenceFormat.NativeText)
                    for k in action.shortcuts() if not k.isEmpty()]
            if keys:
                rows.append((path, _plain(action.text()), ", ".join(keys)))
    for key in NAV_KEYS:
        rows.append(("Board", NAV_TEXT.get(key, "Proof navigation"),
                     QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)))
    rows.append(("Board", "Proof: follow a move", "click"))
    rows.append(("Board", "Proof: forward / back", "mouse wheel"))
    return rows


class ShortcutsDialog(QDialog):
    def __init__(self, bar: QMenuBar, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        rows = shortcut_rows(bar)
        self.table = QTableWidget(len(rows), 3)
        self.table.setHorizontalHeaderLabels(["Menu", "Command", "Keys"])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.Stretch)
        self.table.resizeColumnToContents(0)
        self.table.resizeColumnToContents(2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(560, 520)


def _version(name: str) -> str:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return ""


def about_html(network: str) -> str:
    """The About text; ``network``: what the worker said about the network in use ("" when
    none was loaded in this session)."""
    app = _version("tsumego-gui") or _version("tsumego_gui") or "unknown"
    torch = _version("torch") if importlib.util.find_spec("torch") is not None else ""
    versions = {"PySide6 / Qt": f"{PySide6.__version__} / Qt {qVersion()}",
                "PyTorch": torch or "not installed",
                "sgfmill": _version("sgfmill") or "?", "NumPy": _version("numpy") or "?"}
    where = network or ("no network loaded in this session (a KataGo or FTL solve loads one, "
                        "on the GPU when there is one, else the CPU)")
    rows = "".join(f"<tr><td>{name}</td><td>{versions[name]}</td><td>{licence}</td></tr>"
                   for name, licence in LICENCES)
    return (f"<h3>tsumego_gui {app}</h3>"
            "<p>Proves life-and-death problems with relevance-zone search and shows the "
            "proof.</p>"
            f"<p><b>Network:</b> {where}</p>"
            "<p><b>Libraries</b> (each under its own licence):</p>"
            f"<table cellspacing='6'><tr><th align='left'>Library</th>"
            f"<th align='left'>Version</th><th align='left'>Licence</th></tr>{rows}</table>"
            "<p>Qt and PySide6 are used under the LGPL v3: they are linked dynamically and "
            "may be replaced.</p>")


class AboutDialog(QDialog):
    def __init__(self, network: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("About tsumego_gui")
        self.label = QLabel(about_html(network))
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

