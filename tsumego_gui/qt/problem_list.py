"""A list of problems (a folder, or a multi-game SGF) with spoiler-free thumbnails.

The problems are those ``core.problem_files`` reads: a folder's SGF and
research json files, sub-folders included, sorted.  Thumbnails show the setup
position only: no solution moves, no marks, so browsing a collection gives
nothing away.  A file that cannot be read is listed, greyed out, with its
error as the tooltip.  Emits ``problem_chosen(path, index, problem)``.  Knows
which files hold problems and painting; nothing about editing or solving.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from tsumego_gui.core.problem import Problem
from tsumego_gui.core.problem_files import ProblemFileError, problem_files, read_file
from tsumego_gui.qt.board_painter import THEMES, BoardView, Overlay, paint_board

THUMB = 96
ROLE = Qt.ItemDataRole.UserRole


def thumbnail(problem: Problem, theme: str = "light", size: int = THUMB) -> QPixmap:
    pix = QPixmap(size, size)
    painter = QPainter(pix)
    paint_board(painter, size, size, BoardView(problem.size, problem.black, problem.white),
                Overlay(), THEMES.get(theme, THEMES["light"]), show_coordinates=False)
    painter.end()
    return pix


def load_entries(source: Path) -> list[tuple[Path, int, Problem | None, str]]:
    """(file, index, problem or None, error) for every problem of a folder's files (a
    collection may keep its problems in sub-folders, as the bundled one does) or of one file."""
    out = []
    try:
        files = problem_files(source)
    except ProblemFileError as e:
        return [(source, 0, None, e.reason)]
    for f in files:
        try:
            out += [(f, sp.index, sp.problem, "") for sp in read_file(f)]
        except ProblemFileError as e:
            out.append((f, 0, None, e.reason))
    return out


class ProblemList(QWidget):
    problem_chosen = Signal(object, int, object)     # Path, index, Problem

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.list = QListWidget()
        self.list.setIconSize(QSize(THUMB, THUMB))
        self.list.setViewMode(QListWidget.ViewMode.ListMode)
        self.list.itemActivated.connect(self._activated)
        self.list.itemClicked.connect(self._activated)
        layout.addWidget(self.list)
        self.source: Path | None = None

    def load(self, source: Path, theme: str = "light") -> int:
        """List the problems of a folder or file; returns how many were read."""
        self.list.clear()
        self.source = source
        count = 0
        entries = load_entries(source)
        games: dict[Path, int] = {}
        for f, *_ in entries:
            games[f] = games.get(f, 0) + 1
        for f, i, problem, error in entries:
            label = f.stem if problem is None or not problem.title else problem.title
            if source.is_dir() and f.parent != source:
                label = f"{f.parent.relative_to(source)}: {label}"
            if games[f] > 1:
                label = f"{label} #{i + 1}"
            item = QListWidgetItem(label)
            if problem is None:
                item.setFlags(Qt.ItemFlag.NoItemFlags)
                item.setToolTip(f"{f.name}: {error}")
            else:
                item.setIcon(QIcon(thumbnail(problem, theme)))
                item.setToolTip(f"{f.name}, game {i + 1}: {problem.size}x{problem.size}")
                item.setData(ROLE, (f, i, problem))
                count += 1
            self.list.addItem(item)
        return count

    def _activated(self, item: QListWidgetItem) -> None:
        data = item.data(ROLE)
        if data:
            self.problem_chosen.emit(*data)

