"""Help › How to read the screen, Help › Keyboard shortcuts and Help › About.

The guide says in a player's words what the marks, the verdicts and the
settings mean (QA s50: a new user met "relevance zone", "crucial stone",
"survive" and "df-pn" with nothing at hand to explain them).

The shortcut list is read from the menu bar's actions when the dialog opens
(so a shortcut added or changed shows without editing a list here), after the
keys and mouse moves the proof browser handles itself (``proof_browser.NAV_KEYS``,
the window's wheel and clicks on the board): those come first, as no menu
shows them.  The
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
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from tsumego_gui.qt.proof_browser import NAV_KEYS
from tsumego_gui.qt.screen_fit import resize_to_fit

# the proof browser's own keys (not actions), in the order listed: the key as the help
# line writes it, and what it does
NAV_TEXT = {Qt.Key.Key_Left: ("←", "Back along the line"),
            Qt.Key.Key_Right: ("→", "Forward along the main line"),
            Qt.Key.Key_Up: ("↑", "Previous sibling move"),
            Qt.Key.Key_Down: ("↓", "Next sibling move"),
            Qt.Key.Key_Home: ("Home", "Go to the start of the proof"),
            Qt.Key.Key_End: ("End", "Go to the end of the main line")}
# where those keys work (``MainWindow.eventFilter``, ``ProofBrowser.eventFilter``): on the
# board while it shows the proof (Browse proof), and in the proof's tree
PROOF_PLACE = "Proof (board, tree)"
# the mouse on the board while it shows the proof (``MainWindow._wheel``,
# ``MainWindow._board_pressed``; in practice a click plays a move instead)
MOUSE_ROWS = (("Proof (board)", "Forward / back along the line", "Wheel down / up"),
              ("Proof (board)", "Follow a move of the proof", "Click the move"))
# the keyboard cursor (``BoardWidget.keyPressEvent``): where the arrows reach the board
CURSOR_PLACE = "Board (editing, practice)"
CURSOR_ROWS = ((CURSOR_PLACE, "Move the keyboard cursor (Shift: to the edge of the view)",
                "← → ↑ ↓"),
               (CURSOR_PLACE, "Click at the cursor (Shift: right click)", "Enter"))
HELP_NOTE = ("The proof keys work on the board while it shows the proof (Edit › Browse "
             "proof, Ctrl+B) and in the Proof panel's tree; ← and → also from the problem "
             "list and the first-move list (there Home and End too, and + and - open and "
             "close a move's proof rows).  Ctrl+G gives the keys back to the board from "
             "anywhere.  In practice, clicks on the board play your moves.  While editing "
             "and in practice the arrows move a cursor on the board and Enter clicks "
             "there, so the board needs no mouse.  Space on a focused button, box or list "
             "of choices presses it rather than solving; View › Panels brings back a "
             "closed panel.")
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
    """(where, command, keys): the proof browser's keys and mouse first (no menu shows
    them), then every menu action with a shortcut (its menu as the place)."""
    rows = [(PROOF_PLACE, text, label) for key, (label, text) in NAV_TEXT.items()
            if key in NAV_KEYS]         # the keys it does handle
    rows += MOUSE_ROWS + CURSOR_ROWS
    for top in bar.actions():
        menu = top.menu()
        if menu is None:
            continue
        for path, action in _menu_actions(menu, _plain(top.text())):
            keys = [k.toString(QKeySequence.SequenceFormat.NativeText)
                    for k in action.shortcuts() if not k.isEmpty()]
            if keys:
                rows.append((path, _plain(action.text()), ", ".join(keys)))
    return rows


class ShortcutsDialog(QDialog):
    def __init__(self, bar: QMenuBar, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        rows = shortcut_rows(bar)
        self.note = QLabel(HELP_NOTE)
        self.note.setWordWrap(True)
        self.table = QTableWidget(len(rows), 3)
        self.table.setHorizontalHeaderLabels(["Where", "Command", "Keys"])
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
        layout.addWidget(self.note)
        layout.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        resize_to_fit(self, 560, 560)


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



GUIDE_HTML = """
<h3>Setting up a problem</h3>
<p>The <b>crucial stones</b> (red triangles) are the group that must live or die: mark them
with the <i>Crucial stones</i> tool (Ctrl+2).  The <b>region</b> (green) is where play
happens: mark it with the <i>Region</i> tool (Ctrl+3); nobody plays outside it.  A book
problem with no marks is posed for you: a wall of the attacker's stones is built around
it (the <i>frame</i>), as a player reads "the outside is the attacker's".</p>
<h3>What "lives" means (the goal)</h3>
<p><b>survive</b> (the default, as Go books count): the group lives if one of its crucial
stones is still on the board when both sides pass, so a seki is life.
<b>live</b>: unconditional life, two eyes that no attack can take away.
<b>live_any</b>: for kill-all boards, where any stone of the side that must live counts.</p>
<h3>Ko</h3>
<p>By default only the attacker may capture a ko, so a group that needs to win a ko counts
as dead in the plain answer.  The first-move list says which moves lead to a ko, who must
win it and how many ko threats that takes (an approach ko needs more).</p>
<h3>The answer</h3>
<p>The verdict says who wins with the side to move.  The first-move list gives every first
move its result: <i>lives unconditionally</i>, <i>lives in seki</i>, <i>ko</i> or
<i>dies</i> (read by the attacker: <i>fails</i>, <i>fails (seki)</i>, <i>ko</i>,
<i>kills</i>).  The <i>Position</i> row is the position itself; click a row to see that
move's proof.  Every proof shown was checked again by an independent checker.</p>
<h3>Reading a proof</h3>
<p>The board shows one position of the proof; the arrow keys step through it (→ forward,
← back, ↑ ↓ the other moves at the same point).  The <b>shaded area</b> is the position's
<i>relevance zone</i>: what stands or is played outside it cannot change the result, so
the proof need not look at moves there.  <b>Squares</b> mark the moves the proof answers one
by one (the losing side's tries).  An <b>×</b> marks a move outside a line's zone: it is
answered as in that line.  <b>Circles</b> mark chains that are alive whatever the opponent
does (unconditionally alive), <b>dots</b> their eyes.  The Proof panel's <i>Legend</i> says
this in short; click its title to fold it away and give the tree more rows.</p>
<h3>Practice</h3>
<p><i>P</i> plays the problem against the app, <i>H</i> gives a hint (first the zone where
the problem is decided, then a move), <i>R</i> starts again, <i>Shift+P</i> passes.
<i>O</i> plays the other side: the app moves first and you answer (where every move of
the side to move fails, that is the side with something to find).  Where the app cannot
prove an answer in a few seconds, it plays the move of the file's own solution lines if the
game is on one, else its best guess, and says which.</p>
<h3>The Solve panel's settings</h3>
<p>They can be left as they are.  <i>auto</i> uses depth-first search (df-pn) on small
regions and best-first search (MCTS) guided by an <i>evaluator</i> on large ones; the time
budget stops a search that takes too long (a larger one, or a smaller region, may decide
it).  <i>Prove by areas</i> splits a region that the group's stones cut into parts.</p>
"""


class GuideDialog(QDialog):
    """Help › How to read the screen (``GUIDE_HTML``)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("How to read the screen")
        self.text = QTextBrowser()
        self.text.setHtml(GUIDE_HTML)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        resize_to_fit(self, 620, 640)
