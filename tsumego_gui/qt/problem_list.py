"""A list of problems (a folder, or a multi-game SGF) with spoiler-free thumbnails.

The problems are those ``core.problem_files`` reads: a folder's SGF and
research json files, sub-folders included, sorted.  Thumbnails show the setup
position only: no solution moves, no marks, so browsing a collection gives
nothing away; they are zoomed, as the board is, to the problem's stones and
region.  Each entry has two lines: a readable title (the game name GN,
else the file name and the game number: "10838.sgf #1", never a bare
"10838"), then the board size, the side to move and the practice state
(solved / failed, from ``qt.collection_state`` when the window hands one in).
A file that cannot be read is listed, greyed out, with its error as the
tooltip.  A large collection (50,000 games) is read with its progress reported
(:func:`load_entries`, run beside the window by the caller) and listed at once:
a thumbnail is drawn when the list first shows its entry.  The order is the
files' order, or a shuffle with an explicit seed (:meth:`ProblemList.set_order`;
unreadable files go last), which the next / previous keys follow.  Emits
``problem_chosen(path, index, problem)`` when the user picks an entry: a
click, Enter, or the keys that move the highlight (↑/↓, Home/End, page keys);
``picked`` after a click or Enter, so the window can give the keyboard back to
the board.  The window says which entry is on the board with
:meth:`ProblemList.select` (no signal), so the highlight never disagrees with
the board (a line over the list says when the board's problem is none of its
entries), and asks :meth:`ProblemList.sourced` what the reader assumed to pose
an open problem (and which stones its frame added).
Knows which files hold problems and painting; nothing about editing or solving.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from tsumego_gui.core.board_crop import crop_window
from tsumego_gui.core.file_limits import same_file
from tsumego_gui.core.problem import COLOR_NAMES, Problem
from tsumego_gui.core.problem_files import (
    POSING,
    ProblemFileError,
    ReadCancelled,
    SourcedProblem,
    problem_files,
    read_file_entries,
)
from tsumego_gui.qt.board_painter import THEMES, BoardView, Overlay, paint_board
from tsumego_gui.qt.busy_work import Report
from tsumego_gui.qt.collection_state import MARKS, UNSOLVED, CollectionState, problem_key

THUMB = 40          # small: six entries and more fit the dock at the default window size
ROLE = Qt.ItemDataRole.UserRole
TITLE_ROLE = Qt.ItemDataRole.UserRole + 1      # the entry's title (first line)
STATE_ROLE = Qt.ItemDataRole.UserRole + 2      # its practice state

# (file, index, problem as read or None, error): one entry of the list
Entry = tuple[Path, int, SourcedProblem | None, str]


def thumbnail(problem: Problem, theme: str = "light", size: int = THUMB,
              frame: frozenset[int] = frozenset()) -> QPixmap:
    """The problem's stones, zoomed to its area as the board shows it (a corner problem
    on 19x19 would be a few pixels of a whole board): the stones other than a frame's and
    the region, nothing of the answer."""
    pix = QPixmap(size, size)
    painter = QPainter(pix)
    window = crop_window(problem.size, ((problem.black | problem.white) - frame)
                         | problem.region)
    paint_board(painter, size, size, BoardView(problem.size, problem.black, problem.white),
                Overlay(), THEMES.get(theme, THEMES["light"]), show_coordinates=False,
                frame=frame, window=window)
    painter.end()
    return pix


def load_entries(source: Path, report: Report | None = None) -> list[Entry]:
    """An :data:`Entry` for every problem of a folder's files (a collection may keep its
    problems in sub-folders, as the bundled one does) or of one file.  Its progress goes
    to ``report`` (the games of one file, else the files); ReadCancelled when ``report``
    says the user cancelled.  Touches no widget: it may run in a thread."""
    out = []
    try:
        files = problem_files(source)
    except ProblemFileError as e:
        return [(source, 0, None, e.reason)]
    for n, f in enumerate(files):
        progress = None
        if report is not None:
            progress = partial(_report_games, report) if len(files) == 1 else \
                partial(_report_file, report, f.name, n, len(files))
            progress("", 0, 0)      # a file without games to report may be cancelled too
        out.extend(file_entries(f, read_file_entries(f, progress=progress)))
    return out


def _report_games(report: Report, stage: str, done: int, total: int) -> None:
    what = "Posing open problems" if stage == POSING else "Reading games"
    if not report(f"{what}… {done:,} of {total:,}", done, total):
        raise ReadCancelled


def _report_file(report: Report, name: str, n: int, files: int, stage: str, done: int,
                 total: int) -> None:
    games = f" ({name}: game {done:,} of {total:,})" if total > 1 else ""
    if not report(f"Reading files… {n:,} of {files:,}{games}", n, files):
        raise ReadCancelled


def file_entries(path: Path, games: list[SourcedProblem | ProblemFileError]) -> list[Entry]:
    """The entries of one file's games as ``read_file_entries`` gave them (a bad game stays
    in its place)."""
    return [(path, i, None, g.reason) if isinstance(g, ProblemFileError) else
            (path, g.index, g, "") for i, g in enumerate(games)]


def entry_title(path: Path, index: int, problem: Problem | None, games: int,
                source: Path | None = None) -> str:
    """The game name (GN) when the game has one, else the file name; the game number after
    it in a file of several games; a sub-folder of the folder ``source`` goes in front
    ("gop/10838.sgf", "cc1/two.sgf #2")."""
    named = problem is not None and bool(problem.title)
    title = problem.title if named else path.name
    # a title that ends in its game's number says it (QA s50: "Elementary 1 #1")
    if games > 1 and not re.search(rf"(?<!\d){index + 1}$", title.rstrip()):
        title += f" #{index + 1}"
    if source is not None and path != source and path.parent != source:
        folder = path.parent.relative_to(source).as_posix()
        title = f"{folder}: {title}" if named else f"{folder}/{title}"
    return title


def entry_details(problem: Problem, state: str = UNSOLVED) -> str:
    """The second line: size, side to move, practice state (nothing of the answer)."""
    mark = MARKS.get(state, "")
    text = f"{problem.size}×{problem.size} · {COLOR_NAMES[problem.to_play].capitalize()} to play"
    return f"{text} · {mark}" if mark else text


@dataclass
class _Row:
    title: str
    tooltip: str
    data: tuple | None          # (file, index, problem); None: unreadable
    state: str = UNSOLVED
    frame: frozenset[int] = frozenset()     # the stones a frame added: drawn apart
    key: str = ""               # its practice state's key (``collection_state.problem_key``)
    icon: QIcon | None = field(default=None, compare=False)     # drawn when first shown
    file: Path | None = None    # the file it was read from


@dataclass
class Listing:
    """What the list shows of a source, made beside the window (:func:`listing`: no widget,
    no settings) so that the window only fills the list."""

    source: Path
    rows: list[_Row]
    sourced: dict[tuple[Path, int], SourcedProblem]

    @property
    def read(self) -> int:
        """How many problems were read."""
        return len(self.sourced)


def listing(source: Path, entries: list[Entry]) -> Listing:
    """The rows of ``entries`` (:func:`load_entries` of ``source``): titles, tooltips and
    the keys of their practice states, the states themselves still unknown."""
    games = Counter(f for f, *_ in entries)
    rows, sourced = [], {}
    for f, i, sp, error in entries:
        problem = sp.problem if sp is not None else None
        title = entry_title(f, i, problem, games[f], source)
        if problem is None:
            rows.append(_Row(title, f"{f.name}: {error}", None, file=f))
            continue
        rows.append(_Row(title, f"{title}\n{f}, game {i + 1}: {problem.size}x{problem.size}",
                         (f, i, problem), frame=sp.frame, key=problem_key(f, i, problem),
                         file=f))
        sourced[(f, i)] = sp
    return Listing(source, rows, sourced)


def read_file_listing(path: Path, report: Report, listed: bool
                      ) -> tuple[list[SourcedProblem | ProblemFileError], Listing | None]:
    """A file's games (``read_file_entries``, their progress going to ``report``:
    ReadCancelled when it says the user cancelled) and, where ``listed`` and it holds several,
    their :func:`listing`: all the work of opening a collection but filling the list,
    beside the window."""
    games = read_file_entries(path, progress=partial(_report_games, report))
    return games, listing(path, file_entries(path, games)) if listed and len(games) > 1 \
        else None


class _Item(QListWidgetItem):
    """An entry whose thumbnail is drawn when the view first asks for it: drawing those of
    50,000 games at once took longer than reading them (review s46)."""

    def __init__(self, text: str, row: _Row, icon_of: Callable[[_Row], QIcon]):
        super().__init__(text)
        self.row, self._icon_of = row, icon_of

    def data(self, role: int):
        if role == Qt.ItemDataRole.DecorationRole and self.row.data is not None:
            return self._icon_of(self.row)
        return super().data(role)


class _KeyList(QListWidget):
    """A list that says when a key (not Qt itself) moved its current item."""

    moved_by_key = Signal(object)        # the new current QListWidgetItem

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt API
        before = self.currentItem()
        super().keyPressEvent(event)
        after = self.currentItem()
        if after is not None and after is not before:
            self.moved_by_key.emit(after)


class ProblemList(QWidget):
    problem_chosen = Signal(object, int, object)     # Path, index, Problem
    picked = Signal()                                # a click or Enter chose an entry

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.list = _KeyList()
        self.list.setIconSize(QSize(THUMB, THUMB))
        self.list.setViewMode(QListWidget.ViewMode.ListMode)
        # a long title is cut at the dock's edge (its tooltip has it all), never scrolled to
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # the highlighted entry is the problem on the board: the user moving it (mouse or
        # keys) asks for that problem.  Not currentItemChanged: Qt also moves the current
        # item by itself (the list getting focus), and that must not load anything.
        self.list.itemClicked.connect(self._activated)
        self.list.itemActivated.connect(self._activated)
        self.list.moved_by_key.connect(self._moved)
        # every entry as tall as the first: the view does not ask all of them their size
        # (and draw every thumbnail) to lay the list out
        self.list.setUniformItemSizes(True)
        # said where the problem on the board is not listed (a lone file opened, a new
        # board): the list keeps its collection, which no entry highlighted explained
        # (QA s59: "the previous collection stays, with none selected")
        self.elsewhere = QLabel("The problem on the board is not in this list.")
        self.elsewhere.setWordWrap(True)
        self.elsewhere.setVisible(False)
        layout.addWidget(self.elsewhere)
        layout.addWidget(self.list)
        self.source: Path | None = None
        self.theme = "light"
        self._sourced: dict[tuple[Path, int], SourcedProblem] = {}
        self._rows: list[_Row] = []
        self._shown: list[_Row] = []                    # the rows in list order
        self._at: dict[tuple[Path, int], int] = {}      # (file, index): its list row
        self._entries: list[tuple] = []                 # ``entries()``
        self._entry_at: dict[tuple[Path, int], int] = {}    # (file, index): its place there
        self._games: Counter[Path] = Counter()          # readable entries of each file
        self.seed: int | None = None             # None: the files' order
        self.states: CollectionState | None = None

    def load(self, source: Path, theme: str = "light") -> int:
        """List the problems of a folder or file; returns how many were read.  With none
        read, the list stays as it was (QA s44: a failed open emptied it, and the open
        collection lost its navigation)."""
        return self.show_listing(listing(source, load_entries(source)), theme)

    def show_listing(self, listed: Listing, theme: str = "light") -> int:
        """List what :func:`listing` made (read beforehand, beside the window); as
        :meth:`load`."""
        if not listed.read:
            return 0
        if self.states is not None:
            for row in listed.rows:
                if row.data is not None:
                    row.state = self.states.state_of(row.key)
        self.source, self._rows, self._sourced = listed.source, listed.rows, listed.sourced
        self.theme = theme
        self._fill()
        return listed.read

    def reread(self, path: Path) -> bool:
        """Read ``path`` again where the list holds it (the app wrote over it: QA s62, a
        Save As onto a listed collection left its lost games listed, and PgDown opened
        them): its rows become the games it holds now, in their place; False where it is
        not listed."""
        at = [n for n, row in enumerate(self._rows)
              if row.file is not None and same_file(row.file, path)]
        if not at or self.source is None:
            return False
        path = self._rows[at[0]].file        # by the name the list knows it
        fresh = listing(self.source, file_entries(path, read_file_entries(path)))
        if self.states is not None:
            for row in fresh.rows:
                if row.data is not None:
                    row.state = self.states.state_of(row.key)
        self._rows[at[0]:at[-1] + 1] = fresh.rows      # a file's games are listed together
        self._sourced = {key: sp for key, sp in self._sourced.items() if key[0] != path}
        self._sourced.update(fresh.sourced)
        self._fill()
        return True

    def _icon(self, row: _Row) -> QIcon:
        if row.icon is None:
            row.icon = QIcon(thumbnail(row.data[2], self.theme, frame=row.frame))
        return row.icon

    def set_theme(self, theme: str) -> None:
        """Draw the thumbnails again in ``theme`` (QA s45: they kept the old one until the
        app started again), as the list shows them."""
        self.theme = theme
        for row in self._rows:
            row.icon = None
        self.list.viewport().update()

    def set_order(self, seed: int | None) -> None:
        """The files' order (None), or a shuffle drawn from ``random.Random(seed)``; the
        highlight stays on its problem."""
        self.seed = seed
        self._fill()

    def _ordered(self) -> list[_Row]:
        if self.seed is None:
            return list(self._rows)
        readable = [r for r in self._rows if r.data is not None]
        random.Random(self.seed).shuffle(readable)
        return readable + [r for r in self._rows if r.data is None]

    def _fill(self) -> None:
        current = self.current()
        self._shown = self._ordered()
        self._at = {row.data[:2]: n for n, row in enumerate(self._shown)
                    if row.data is not None}
        self._entries = [row.data for row in self._shown if row.data is not None]
        self._entry_at = {data[:2]: n for n, data in enumerate(self._entries)}
        self._games = Counter(path for path, _ in self._entry_at)
        self.list.blockSignals(True)
        try:
            self.list.clear()
            for row in self._shown:
                item = _Item(self._text(row), row, self._icon)
                item.setToolTip(row.tooltip)
                item.setData(TITLE_ROLE, row.title)
                if row.data is None:
                    item.setFlags(Qt.ItemFlag.NoItemFlags)
                else:
                    item.setData(ROLE, row.data)
                    item.setData(STATE_ROLE, row.state)
                self.list.addItem(item)
        finally:
            self.list.blockSignals(False)
        if current is not None:
            self.select(*current)

    @staticmethod
    def _text(row: _Row) -> str:
        if row.data is None:
            return f"{row.title}\n(cannot be read)"
        return f"{row.title}\n{entry_details(row.data[2], row.state)}"

    def set_state(self, path: Path, index: int, state: str) -> bool:
        """Show (and, with a store, keep) the practice state of game ``index`` of ``path``;
        False when that game is not listed."""
        at = self._at.get((path, index))
        if at is None:
            return False
        row = self._shown[at]
        row.state = state
        if self.states is not None:
            self.states.set(path, index, row.data[2], state)
        item = self.list.item(at)
        item.setData(STATE_ROLE, state)
        item.setText(self._text(row))
        return True

    def state(self, path: Path, index: int) -> str:
        at = self._at.get((path, index))
        return self._shown[at].state if at is not None else UNSOLVED

    def _activated(self, item: QListWidgetItem) -> None:
        data = item.data(ROLE)
        if data:
            self.problem_chosen.emit(*data)
        self.picked.emit()

    def _moved(self, item: QListWidgetItem) -> None:
        data = item.data(ROLE)
        if data:
            self.problem_chosen.emit(*data)

    def entries(self) -> list[tuple[Path, int, Problem]]:
        """(file, index, problem) of every readable entry, in list order."""
        return list(self._entries)

    def games_listed(self, path: Path | None) -> int:
        """How many of the list's readable entries are games of ``path``."""
        return self._games[path]

    def sourced(self, path: Path | None, index: int) -> SourcedProblem | None:
        """The listed problem of game ``index`` of ``path`` as the reader gave it (with what
        posing an open problem assumed); None when it is not listed."""
        return self._sourced.get((path, index))

    def select(self, path: Path | None, index: int = 0) -> bool:
        """Highlight the entry of game ``index`` of ``path`` (None, or a problem not in the
        list: no highlight, and a line over the list says so) without emitting anything;
        True when it is listed."""
        at = self._at.get((path, index))
        self.elsewhere.setVisible(at is None and bool(self._shown))
        self.list.blockSignals(True)
        try:
            if at is not None:
                self.list.setCurrentRow(at)
                return True
            self.list.setCurrentRow(-1)
            self.list.clearSelection()
            return False
        finally:
            self.list.blockSignals(False)

    def current(self) -> tuple[Path, int] | None:
        """(file, index) of the highlighted entry, None when none is."""
        item = self.list.currentItem()
        data = item.data(ROLE) if item is not None and item.isSelected() else None
        return (data[0], data[1]) if data else None

    def neighbour(self, path: Path | None, index: int, step: int) -> tuple | None:
        """The readable entry ``step`` places after (before, when negative) the entry of
        ``path`` / ``index``; None past the end, or when that entry is not listed."""
        at = self._entry_at.get((path, index))
        if at is None:
            return None
        i = at + step
        return self._entries[i] if 0 <= i < len(self._entries) else None

