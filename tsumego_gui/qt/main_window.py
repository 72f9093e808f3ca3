"""The main window: board in the middle, problem / solve / proof / list panels docked around it.

Two modes: *edit* (the board shows the editor's draft and clicks edit it)
and *proof* (the board shows the proof browser's node; in "try it" clicks
play).  After a solve the worker classifies every first move; the solve
panel's first-move list shows the classes, and choosing a move browses that
move's proof (the position row goes back to the main proof).  With "Prove
by areas" (the solve panel) a problem whose region splits is proven one area
at a time (``search.split``): the panel lists the areas, choosing one browses
its proof, and no first move is classified.  A re-solve of the same position
that the user stops (Esc) gives the finished result before it back whole; an
edit of the problem's text only (title, comment, source) keeps the result,
any other edit drops it, and an edit back to the problem solved last (an
undo, then a redo) shows its result again.  Every user prompt goes through an
attribute that tests replace (``confirm_discard``,
``ask_open_file``, ``ask_open_folder``, ``ask_save_file``,
``ask_export_file``; the solve panel's ``ask_network_file`` picks the KataGo
network, which the window remembers), so nothing blocks a test.  Errors (bad
files, invalid positions, failed searches, networks that do not load,
verifier rejections) appear in a banner above the board; nothing is lost
silently.  A file or folder is read beside the window (``qt.busy_work``): a
long read (a collection of 50,000 games) shows its progress and a Cancel that
leaves the window as it was.

Practice mode (``qt.practice``; the proof browser's *Practice* button, the
Practice menu, P) plays the problem as posed, with or without a proof: a move
off the proof is answered by a short solve on demand in a second solver
worker, while the window stays live ("Thinking…"; Esc stops it and the app
plays its best guess; Esc never ends the game, P does); it waits for a running
solve, whose proof would replace the one the game is played against.  H gives a
hint (the zone, then the move).  A game's result marks the problem solved or
failed in the problem list, remembered across runs (``qt.collection_state``); the
collection listed when the app closed is listed again when it starts, with the
problem open then (``Preferences.last_list``).
File › Open Recent lists the last files opened (``qt.recent_files``); Help
lists every shortcut, read from the actions themselves, and says what the app
runs on (``qt.help_dialogs``).

An open book problem (no target, no region) comes from the reader posed and
framed: the board draws the frame's stones apart (the draft's ``frame``,
handed to the board widget), the problem panel lists what was assumed, the
status bar says it in one line, and *Remove frame* (Edit menu, or the
panel's button) goes back to the open position as one undoable edit.

The left column gives the Solve dock most of its height while the board shows a
proof (``PROBLEM_HEIGHT``; the Problem dock is never taller than its panel); the
Solve panel keeps its buttons above and its first moves below the part that
scrolls, and a solve scrolls that part to the verdict
(``SolvePanel.scroll_to_results``); the problem text opened beside a proof gives
the Problem dock the height its panel needs.  While a position is edited, the
Problem dock takes the height of its whole panel, validation line included, and
grows with a longer message (after a solve that proved nothing, the column is
split as for a proof until the next edit, so that the verdict shows); it takes
it back after the window is resized (a window made smaller shares the column out
in proportion and would cut the panel off): editing keeps no split of its own.
Browsing a proof keeps the split the user last left it with, across runs too.
←/→ walk the proof from the problem list and the first-move list (Home/End too
there) as well as from the board, and View › Keyboard to the board (Ctrl+G)
gives the keys back to the board.  Next / previous problem keep to the list:
from a problem not in it, they say so and stay.

Knows the widgets and the solver worker's request/outcome types; nothing
about how solvers work.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from engine_cy.board import PASS
from tsumego_gui.core.book_lines import Book, book_of_file
from tsumego_gui.core.file_limits import MAX_PROBLEM_BYTES, refusal, same_file
from tsumego_gui.core.frame import DISTANCE
from tsumego_gui.core.open_problem import OpenPosition, pose_stones, read_open_position
from tsumego_gui.core.posing import problem_warnings
from tsumego_gui.core.problem import Problem, ProblemError
from tsumego_gui.core.problem_files import ProblemFileError, ReadCancelled, SourcedProblem
from tsumego_gui.core.safe_write import write_atomically
from tsumego_gui.core.sgf_io import parse_games, read_marks, read_sgf, write_sgf
from tsumego_gui.core.wording import PLAYERS, capitalised, counted, unproven_finding
from tsumego_gui.qt import screen_fit
from tsumego_gui.qt.board_painter import BoardView, Overlay
from tsumego_gui.qt.board_widget import LEFT, BoardWidget
from tsumego_gui.qt.busy_work import Report, run_busy, run_with_progress
from tsumego_gui.qt.collection_state import FAILED, SOLVED, CollectionState
from tsumego_gui.qt.control_keys import ControlKeys
from tsumego_gui.qt.diagram_copy import diagram_text
from tsumego_gui.qt.editor import BLACK, WHITE, Draft, EditorModel, draft_sgf
from tsumego_gui.qt.help_dialogs import AboutDialog, GuideDialog, ShortcutsDialog
from tsumego_gui.qt.practice import CORRECT, KO, Practice
from tsumego_gui.qt.problem_list import (
    Listing,
    ProblemList,
    listing,
    load_entries,
    read_file_listing,
)
from tsumego_gui.qt.problem_panel import NO_CRUCIAL_TIP, ProblemPanel
from tsumego_gui.qt.proof_browser import ProofBrowser
from tsumego_gui.qt.recent_files import RecentFiles
from tsumego_gui.qt.screen_fit import resize_to_fit
from tsumego_gui.qt.settings import (
    SEED_BOUND,
    Preferences,
    load_preferences,
    save_preferences,
)
from tsumego_gui.qt.solve_panel import SolvePanel
from tsumego_gui.qt.solver_worker import CANCELLED, SolverController, SolveRequest
from tsumego_gui.qt.theme import apply_app_theme
from tsumego_gui.qt.vertical_scroll import scroll_vertically
from tsumego_gui.search import classification_file, gc_pacing, split_file
from tsumego_gui.search.choice import REJECTED, SolveOutcome
from tsumego_gui.search.classify import OPEN, Classification, FirstMove
from tsumego_gui.search.line_diagram import line_notes
from tsumego_gui.search.proof import EXPORT_MARK, Proof
from tsumego_gui.search.results import forget_zones

T = TypeVar("T")
PROBLEMS_DIR = Path(__file__).resolve().parents[1] / "resources" / "problems"
BUNDLED_PROBLEM = PROBLEMS_DIR / "straight-three.sgf"
# how the status bar's notes on a proof's moves end: dropped when the proof is left
PROOF_NOTE_END = "  (Ctrl+E edits the position.)"


def file_stem(title: str) -> str:
    """A file name for a new problem from its title (QA s45: "problem.sgf" was offered
    for one titled "My straight three"): letters, digits and dashes, at most 40."""
    words = re.findall(r"\w+", title.lower())
    return "-".join(words)[:40].strip("-")


# what the line above the board says while editing, by tool (``editor.TOOLS``)
EDIT_HINTS = {
    "stones": "Editing: left click black, right click white, click a stone to erase, drag "
              "to paint (or arrows and Enter).",
    "crucial": "Marking crucial stones: click a chain to mark or unmark it (the stones that "
               "must live).",
    "region": "Marking the region: left click or drag paints the points where moves are "
              "played (stones inside the fight too), right click clears them.",
}
SGF_FILTER = "SGF files (*.sgf);;Research json (*.json);;All files (*)"
PROBLEM_FILTER = "SGF files (*.sgf)"
PROOF_FILTER = "Proof as SGF (*.sgf);;Proof as JSON (*.json)"
# the proof of every first move: one name for it, the Export button's (QA s50: "Export
# proof" saved "a classification")
CLASSIFICATION_FILTER = ("Proof of every first move as SGF (*.sgf);;"
                         "Proof of every first move as JSON (*.json)")
SPLIT_FILTER = "Split proof as SGF (*.sgf);;Split proof as JSON (*.json)"
CANNOT_SOLVE = "Cannot solve:"     # the banner's start where the position is no problem yet
DRAFT_SAVED = "Saved as a draft, not a problem yet:"     # the banner's start where it is so
DRAFT_OPENS = "(File › Open stones for editing opens it again).  To make it one:"
# a proof by areas in which no area can hold an eye: proven with no search
NO_AREA_TEXT = ("No area can hold an eye, so no area needed a search and there is no "
                "proof to browse: the verdict says why.")
DEFAULT_SIZE = (1240, 680)     # fits a 1280x720 screen with a title bar
LIST_HEIGHT = 300              # the problem list's dock: six entries and its title
LEGEND_SCREEN = 800            # screens less tall start with the proof's legend folded
# the Problem dock's share of the left column at first while the board shows a proof (the
# edit tools and the title; the rest scrolls): the Solve dock below it gets the rest, its
# result and first moves being what the user reads most; the docks keep these proportions
# as the window grows
PROBLEM_HEIGHT = 190
# the layout saved on closing; a saved layout of another version (docks shared out
# differently) is not restored, so an old one cannot hide the first moves again
LAYOUT_VERSION = 1
BACK_TO_SOLVED = ("Back to the position solved last: its result is shown again (Ctrl+B "
                  "browses the proof).")
PRACTICE_SECONDS = 3.0         # a solve on demand in practice: short, the player waits
# its evaluator where best-first search takes the position: the heuristic proved more of
# the positions after a book problem's answer in 3 s than uniform (own frame, 11 problems:
# 8 against 7 with no node budget; uniform and a 1,000,000-node cap, as before: 6) in a
# tenth of the tree's memory (s48)
PRACTICE_EVALUATOR = "heuristic"


class _NoTallerThanContent(QObject):
    """Keeps a scroll area no taller than its widget wants (updated as the widget's layout
    changes), so a dock of it never holds an empty area: the height goes to the dock below.
    ``grew``: the widget wants more height while the area shows it whole, so that a dock of
    it may grow with it."""

    grew = Signal()

    def __init__(self, area: QScrollArea):
        super().__init__(area)
        self.area = area
        area.widget().installEventFilter(self)
        self.fit()

    def fit(self) -> None:
        wanted = self.area.widget().sizeHint().height() + 2 * self.area.frameWidth()
        whole = self.area.height() >= self.area.maximumHeight()
        grows = wanted > self.area.maximumHeight()
        self.area.setMaximumHeight(wanted)
        if whole and grows:
            self.grew.emit()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.LayoutRequest:
            self.fit()
        return False


def forget_old_proofs() -> None:
    """Once the old problem's proofs are gone (the event loop deleted their models): the
    zones spelled out for them, and a walk of the heap where it pays (``gc_pacing.settle``)."""
    forget_zones()
    gc_pacing.settle()


def _read_stones(path: Path) -> tuple[OpenPosition, bytes]:
    """The stones of ``path``'s first game, its marks left unread (``open_problem``'s
    open position), and the file's bytes; OSError or ProblemError where even they do not
    read."""
    refused = refusal(path, MAX_PROBLEM_BYTES)
    if refused:
        raise ProblemError(refused)
    data = path.read_bytes()
    return read_open_position(data, path.name), data


def _stones_read(path: Path) -> bool:
    try:
        _read_stones(path)
        return True
    except (OSError, ProblemError):
        return False


def _posing_key(draft: Draft) -> tuple:
    """What tells one posing of a problem from another: its stones, frame and defender."""
    return frozenset(draft.black), frozenset(draft.white), frozenset(draft.frame), \
        draft.defender


def _bytes_of(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _rewrites_as_is(data: bytes | None) -> bool:
    """Whether writing the problem of an SGF file's bytes ``data`` (None: unreadable) gives
    them back: a file this app wrote, which holds nothing that saving over it could lose.
    Read from its bytes: read from its path, a file with no source (``SO``) takes its name
    as one, which the writing adds (QA s56 editor D1: a problem entered by hand, saved and
    opened again, was saved as ``name-1.sgf``)."""
    try:
        return data is not None and write_sgf(read_sgf(data)[0]) == data
    except ProblemError:
        return False


def _side_not_given(problem: Problem) -> str:
    """What a player must know of a problem whose file does not say who plays first (QA s62:
    the app solved Black to play without a word, where the CLI solves both sides)."""
    side, other = PLAYERS[problem.to_play], PLAYERS[3 - problem.to_play]
    return (f"the file does not say who plays first: this is {side} to play, and {other} to "
            "play is a problem too (the Problem panel's To play box solves it)")


def _games_in(path: Path) -> int | None:
    """How many games an SGF file holds (0: none, or not SGF this app parses); None for one
    too large to read, which may hold thousands."""
    if path.suffix.lower() != ".sgf":
        return 0
    if refusal(path, MAX_PROBLEM_BYTES):
        return None
    try:
        return len(parse_games(path.read_bytes()))
    except (OSError, ProblemError, ValueError, RecursionError):
        return 0


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings, *, open_last: bool = True):
        super().__init__()
        self.settings = settings
        self.prefs: Preferences = load_preferences(settings)
        # prompts, replaceable in tests
        self.confirm_discard: Callable[[], bool] = self._ask_discard
        self.ask_open_file: Callable[[], str | None] = self._dialog_open_file
        self.ask_open_folder: Callable[[], str | None] = self._dialog_open_folder
        self.ask_save_file: Callable[[str], str | None] = self._dialog_save_file
        # export: (default name, file-type filter) -> path; the suffix picks the format
        self.ask_export_file: Callable[[str, str], str | None] = self._dialog_save_file
        # dialogs opened from the Help menu (tests replace ``show_dialog`` to look at them)
        self.show_dialog: Callable[[object], None] = lambda dialog: dialog.exec()
        self.recent = RecentFiles(settings)
        self.collection = CollectionState(settings)
        self.network_text = ""         # what the solver worker said about the network
        self.practice_best: tuple[int, ...] = ()    # the practice search's best line so far
        self._crop_owner: object | None = None       # the proof (or game) the crop grew over
        self._book_key: tuple | None = None          # (file, game) of the lines read
        self._book: Book = {}
        self._recorded: object | None = None        # the practice game whose result is kept

        self.file_path: Path | None = None
        self.file_games = 1
        self.mode = "edit"
        self.outcome: SolveOutcome | None = None
        self.classification: Classification | None = None
        # the problem the result on screen (or the solve running) is of; None: nothing
        # solved of the draft
        self.solve_problem: Problem | None = None
        # while practising: whether the first moves' list and the proof tree were shown
        self._answers_shown: tuple[bool, ...] | None = None
        self._last_draft: Draft | None = None       # the position before the last edit
        # what each posing of this problem assumed, its frame's distance and its closer
        # frame, by its stones (``_posing_key``), so that an undo or redo of a posing
        # brings its own back (``pose_by_hand``; review s56: keyed by the frame's points,
        # the posings for Black and for White were one)
        self._posings: dict[tuple, tuple[tuple[str, ...], int, tuple | None]] = {}
        # the draft, no problem yet, last saved, and its bytes: Ctrl+S writes over that file
        self._draft_saved: tuple[Path, bytes] | None = None
        # the left column split for an unproven solve's verdict while editing (``_solved``)
        self._verdict_split = False
        # while a re-solve runs: the result before it, finished, to give back if the user
        # stops the re-solve
        self._kept: tuple[SolveOutcome, Classification | None] | None = None
        # the problem solved last and its finished result, kept through edits of the
        # position: an edit back to that problem (an undo, then a redo) shows it again
        self._last_solved: (tuple[Problem, tuple[SolveOutcome, Classification | None]]
                            | None) = None
        # the problem as a file posed it and its closer frame (``_load_problem``)
        self._closer: tuple[Problem, Problem] | None = None

        self.editor = EditorModel(parent=self)
        self.board = BoardWidget()
        self.board.set_theme(self.prefs.theme)
        apply_app_theme(self.prefs.theme)      # the whole app, not only the board
        self.board.set_show_coordinates(self.prefs.show_coordinates)
        self.board.set_show_move_numbers(self.prefs.move_numbers)
        self.board.set_crop(self.prefs.crop_board)
        self.board.installEventFilter(self)
        self.setAcceptDrops(True)

        self.banner = QLabel()
        self.banner.setObjectName("error_banner")
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet("background: #fdecea; color: #8e1c13; padding: 6px;")
        self.banner_close = QPushButton("×")
        self.banner_close.setFixedWidth(28)
        self.banner_close.clicked.connect(self.clear_error)
        self.mode_label = QLabel()
        self.mode_label.setWordWrap(True)    # a long hint must not widen the window
        # room for two lines whatever it says, so the board below does not move up and down
        # as the hint goes from one line to two (a hint, then a practice result)
        self.mode_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        margins = self.mode_label.contentsMargins()
        self.mode_label.setMinimumHeight(2 * self.mode_label.fontMetrics().lineSpacing()
                                         + margins.top() + margins.bottom())
        central = QWidget()
        col = QVBoxLayout(central)
        row = QHBoxLayout()
        row.addWidget(self.banner, 1)
        row.addWidget(self.banner_close)
        col.addLayout(row)
        col.addWidget(self.mode_label)
        col.addWidget(self.board, 1)
        self.setCentralWidget(central)
        self.clear_error()

        self.problem_panel = ProblemPanel(self.editor)
        self.problem_panel.set_theme(self.prefs.theme)
        self.solve_panel = SolvePanel(self.prefs)
        self.browser = ProofBrowser()
        self.browser.set_theme(self.prefs.theme)
        if not settings.contains("prefs/show_legend") and \
                screen_fit.screen_room(self).height() < LEGEND_SCREEN:
            # first run on a short screen: the legend folded, its rows to the proof tree
            # (QA s55: at 1240x680 the tree showed 3 rows beside an open legend)
            self._set_prefs(show_legend=False)
        self.browser.show_legend(self.prefs.show_legend)
        self.browser.legend_button.toggled.connect(
            lambda shown: self._set_prefs(show_legend=shown))
        self.problem_panel.text_box.toggled.connect(self._problem_text_toggled)
        self.problem_list = ProblemList()
        self.problem_list.states = self.collection
        self.problem_list.seed = self.prefs.order_seed if self.prefs.random_order else None
        # the panels scroll rather than push the window past a 1280x720 screen
        self.problem_scroll = scroll_vertically(QScrollArea(), self.problem_panel)
        _NoTallerThanContent(self.problem_scroll).grew.connect(self._fit_edit_column)
        self._docks: list[QDockWidget] = []     # in the View menu's Panels, to bring back
        self.problem_dock = self._dock("Problem", self.problem_scroll,
                                       Qt.DockWidgetArea.LeftDockWidgetArea)
        # the panel scrolls its options and verdict itself, its lists kept in view
        self.solve_scroll = self.solve_panel.scroll
        self.solve_dock = self._dock("Solve", self.solve_panel,
                                     Qt.DockWidgetArea.LeftDockWidgetArea)
        # the Problem dock's height while a proof is browsed, as the user last left it
        # (``_fit_left_docks``; editing gives it its whole panel)
        self._proof_split = PROBLEM_HEIGHT
        proof_dock = self._dock("Proof", self.browser, Qt.DockWidgetArea.RightDockWidgetArea)
        list_dock = self._dock("Problems", self.problem_list,
                               Qt.DockWidgetArea.RightDockWidgetArea)

        self.problem_list.load(PROBLEMS_DIR, self.prefs.theme)   # our own collection
        self.solver = SolverController(self)
        # practice's solves on demand: a worker of their own, so a running classification
        # and the game never drop each other's requests
        self.practice_solver = SolverController(self)
        self.browser.game_factory = self._new_practice
        self.browser.try_button.setEnabled(True)
        self._wire()
        self._build_menus()
        self._control_keys = ControlKeys(self)
        self._control_keys.watch(self)
        # what Qt saved is bytes; a hand-edited file may hold anything (QA s46: a string
        # stopped the app at every start)
        geometry = settings.value("window/geometry")
        if not isinstance(geometry, QByteArray):
            geometry = None
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = settings.value("window/state")
        if not isinstance(state, QByteArray) or not self.restoreState(state, LAYOUT_VERSION):
            if geometry is None:
                resize_to_fit(self, *DEFAULT_SIZE)
            # room for a handful of problems in the list, the rest for the proof
            self.resizeDocks([proof_dock, list_dock],
                             [self.height() - LIST_HEIGHT, LIST_HEIGHT],
                             Qt.Orientation.Vertical)
        else:
            # an edit split saved by an earlier version is not read: it may cut the panel off
            try:
                self._proof_split = int(settings.value("window/problem_height_proof"))
            except (TypeError, ValueError):
                pass        # none saved (or not a number): the first split
        self._fit_left_docks()
        if open_last:
            self.open_start_problem()
        else:
            self._show_edit_board()
            self._update_title()

    # ---- construction -------------------------------------------------------------------

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock_{title.lower()}")
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        self._docks.append(dock)
        return dock

    def _wire(self) -> None:
        self.editor.changed.connect(self._draft_changed)
        self.editor.tool_changed.connect(self._tool_changed)
        self.editor.said.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.editor.undo_stack.cleanChanged.connect(self._clean_changed)
        self.board.pressed.connect(self._board_pressed)
        self.board.dragged.connect(self._board_dragged)
        self.board.released.connect(self.editor.release)
        self.board.wheel_steps.connect(self._wheel)
        self.board.cursor_moved.connect(self._cursor_moved)
        self.problem_panel.new_requested.connect(self.new_problem)
        self.problem_panel.tool_picked.connect(self._tool_changed)
        self.problem_panel.remove_frame_requested.connect(self.remove_frame)
        self.problem_panel.defender_picked.connect(self._defender_picked)
        # the same posing (its defender) framed anew at the distance picked
        self.problem_panel.frame_distance_picked.connect(self._frame_distance_picked)
        self.solve_panel.solve_requested.connect(self.solve)
        self.solve_panel.stop_requested.connect(self.stop)
        self.solver.progress.connect(self.solve_panel.show_progress)
        self.solver.finished.connect(self._solved)
        self.solver.classified.connect(self._classified)
        self.solver.partly_classified.connect(self.solve_panel.show_classification)
        self.solve_panel.first_moves.chosen.connect(self.browse_first_move)
        self.solve_panel.first_moves.proof_chosen.connect(self.browse_first_move_proof)
        self.solve_panel.areas.chosen.connect(self.browse_area)
        self.solver.failed.connect(self._solve_failed)
        self.solver.stage.connect(self.solve_panel.show_stage)
        self.solver.walked.connect(self.solve_panel.show_walked)
        self.solver.network.connect(self._network_ready)
        self.solve_panel.network_changed.connect(self._network_chosen)
        self.solver.running_changed.connect(self.solve_panel.set_running)
        self.browser.position_changed.connect(self._proof_position)
        self.browser.export_requested.connect(self.export_proof)
        self.browser.pass_requested.connect(lambda: self._practice_move(PASS))
        self.browser.try_mode_changed.connect(self._try_mode)
        self.problem_list.problem_chosen.connect(self._list_chosen)
        # a problem picked with the mouse (or Enter): the keys go back to the board, so
        # Space solves and the arrows walk the proof
        self.problem_list.picked.connect(self._focus_board)
        # lists where ←/→ walk the proof (``eventFilter``)
        self._proof_key_lists = (self.problem_list.list, self.solve_panel.first_moves.tree)
        for widget in self._proof_key_lists:
            widget.installEventFilter(self)
        # before the game restarts, which may ask at once (review s52: the button's forget
        # ran after the restart and dropped the new question: "thinking" for ever)
        self.browser.before_restart = self._before_restart
        self.browser.book_source = self._file_book
        self.solve_panel.first_moves.book_source = self._file_book
        self.practice_solver.progress.connect(self._practice_progress)
        self.practice_solver.finished.connect(self._practice_solved)
        self.practice_solver.failed.connect(self._practice_failed)

    def _action(self, menu, text: str, slot, shortcut=None, checkable=False) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        f = bar.addMenu("&File")
        self._action(f, "&New problem", lambda: self.new_problem(
            self.problem_panel.size_combo.currentData()), QKeySequence.StandardKey.New)
        self._action(f, "&Open…", self.open_file_dialog, QKeySequence.StandardKey.Open)
        self._action(f, "Open &folder as problem list…", self.open_folder_dialog)
        self._action(f, "Open s&tones for editing…", self.open_stones_dialog)
        self.recent_menu = f.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self._fill_recent_menu()
        self._action(f, "Open &bundled problems", lambda: self.open_list(PROBLEMS_DIR))
        self._action(f, "Ne&xt problem", lambda: self.step_problem(1),
                     QKeySequence(Qt.Key.Key_PageDown))
        self._action(f, "Pre&vious problem", lambda: self.step_problem(-1),
                     QKeySequence(Qt.Key.Key_PageUp))
        self.random_action = self._action(f, "Random or&der", self.set_random_order,
                                          checkable=True)
        self.random_action.setChecked(self.prefs.random_order)
        self._action(f, "&Save", self.save, QKeySequence.StandardKey.Save)
        self._action(f, "Save &as…", self.save_as, QKeySequence("Ctrl+Shift+S"))
        self._action(f, "&Export proof…", self.export_proof)
        f.addSeparator()
        self._action(f, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        e = bar.addMenu("&Edit")
        # the stack's own actions, their edits held back during practice (``_edit_history``)
        stack = self.editor.undo_stack
        undo = self._action(e, "&Undo", lambda: self._edit_history(stack.undo),
                            QKeySequence.StandardKey.Undo)
        redo = self._action(e, "&Redo", lambda: self._edit_history(stack.redo))
        for action, can, text, name in ((undo, stack.canUndoChanged, stack.undoTextChanged,
                                         "&Undo"),
                                        (redo, stack.canRedoChanged, stack.redoTextChanged,
                                         "&Redo")):
            can.connect(action.setEnabled)
            action.setEnabled(False)
            # "Undo place stones", as the stack's own action says
            text.connect(lambda what, action=action, name=name:
                         action.setText(f"{name} {what}".rstrip()))
        # every key the platform binds to Redo (QA s50: only its first, Ctrl+Y, was taken,
        # and Ctrl+Shift+Z did nothing), Ctrl+Y and Ctrl+Shift+Z wherever it binds other
        # keys; each once (given twice, Qt finds the shortcut ambiguous and runs neither)
        keys = [*QKeySequence.keyBindings(QKeySequence.StandardKey.Redo),
                QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z")]
        redo.setShortcuts(list({k.toString(): k for k in keys}.values()))
        self.undo_action, self.redo_action = undo, redo
        # the Title field's Ctrl+Z is this Undo, not QLineEdit's own history beside it
        self.problem_panel.title_edit.use_history(undo, redo)
        e.addSeparator()
        # (triggered's ``checked`` is not a defender: QA s56 regression D1)
        self._action(e, "Pose as a book &problem (frame it)", lambda: self.pose_by_hand())
        self.remove_frame_action = self._action(e, "Remove &frame", self.remove_frame)
        self.remove_frame_action.setEnabled(False)
        e.addSeparator()
        # a game played on the position waits, as undo and the tools do (QA s45: Ctrl+E
        # ended practice without a word)
        self._action(e, "Edit &position",
                     lambda: self._game_holds_edits() or self.set_mode("edit"),
                     QKeySequence("Ctrl+E"))
        self._action(e, "&Browse proof", lambda: self.set_mode("proof"), QKeySequence("Ctrl+B"))
        e.addSeparator()
        self._action(e, "Copy &diagram (Sensei's Library text)", self.copy_diagram,
                     QKeySequence("Ctrl+Shift+C"))
        self._action(e, "Copy &main line (Sensei's Library text)", self.copy_main_line,
                     QKeySequence("Ctrl+Shift+M"))
        self._action(e, "Copy board &image", self.copy_board_image, QKeySequence("Ctrl+Alt+C"))
        e.addSeparator()
        # the edit tools from the keyboard too (QA s45: Tab, Tab, arrows and Ctrl+G)
        for n, (tool, text) in enumerate((("stones", "&Stones tool"),
                                          ("crucial", "&Crucial stones tool"),
                                          ("region", "Re&gion tool")), 1):
            self._action(e, text, lambda _checked=False, tool=tool: self._take_tool(tool),
                         QKeySequence(f"Ctrl+{n}"))
        v = bar.addMenu("&View")
        self.dark_action = self._action(v, "&Dark theme", self._toggle_theme, checkable=True)
        self.dark_action.setChecked(self.prefs.theme == "dark")
        self.coords_action = self._action(v, "Show &coordinates", self._toggle_coords,
                                          checkable=True)
        self.coords_action.setChecked(self.prefs.show_coordinates)
        self.numbers_action = self._action(v, "Move &numbers", self._toggle_numbers,
                                           checkable=True)
        self.numbers_action.setChecked(self.prefs.move_numbers)
        self.crop_action = self._action(v, "&Zoom to the problem", self._toggle_crop,
                                        checkable=True)
        self.crop_action.setChecked(self.prefs.crop_board)
        # a panel closed with its x came back only by a right click on the dock area, with
        # the mouse, and stayed closed across restarts (QA s46)
        panels = v.addMenu("&Panels")
        for dock in self._docks:
            panels.addAction(dock.toggleViewAction())
        v.addSeparator()
        # the keys that play on the board (Space, the proof keys) from anywhere, without
        # tabbing through every field of the panels
        self._action(v, "&Keyboard to the board", self._focus_board, QKeySequence("Ctrl+G"))
        s = bar.addMenu("&Solve")
        self.solve_action = self._action(s, "&Solve", self.solve, QKeySequence(Qt.Key.Key_Space))
        self.stop_action = self._action(s, "S&top", self.stop, QKeySequence(Qt.Key.Key_Escape))
        p = bar.addMenu("&Practice")
        self.practice_action = self._action(p, "&Practice (play the problem)",
                                            self.set_practice, QKeySequence("P"),
                                            checkable=True)
        self.hint_action = self._action(p, "&Hint (zone, then move)", self.hint,
                                        QKeySequence("H"))
        self._action(p, "P&ass", lambda: self._practice_move(PASS), QKeySequence("Shift+P"))
        self._action(p, "&Restart", self.restart_practice, QKeySequence("R"))
        self.switch_action = self._action(p, "Play the &other side (the app moves first)",
                                          self.play_other_side, QKeySequence("O"),
                                          checkable=True)
        h = bar.addMenu("&Help")
        self._action(h, "&How to read the screen", self.show_guide)
        self._action(h, "&Keyboard shortcuts", self.show_shortcuts,
                     QKeySequence(QKeySequence.StandardKey.HelpContents))
        self._action(h, "&About tsumego_gui", self.show_about)

    # ---- errors -------------------------------------------------------------------------

    def show_error(self, text: str) -> None:
        self.banner.setText(text)
        self.banner.setVisible(True)
        self.banner_close.setVisible(True)
        self.statusBar().showMessage(text, 8000)

    def clear_error(self) -> None:
        if self.statusBar().currentMessage() == self.banner.text():
            self.statusBar().clearMessage()     # the error said there too (``show_error``)
        self.banner.clear()
        self.banner.setVisible(False)
        self.banner_close.setVisible(False)

    def error_text(self) -> str:
        return self.banner.text() if self.banner.isVisibleTo(self) else ""

    # ---- problems in and out ------------------------------------------------------------

    def open_start_problem(self) -> None:
        """The problem open when the app last closed, in the problem list it was listed in
        (QA s55: a folder worked through came back as our collection, unmarked, and the
        next problem was "not in the problem list"), else the bundled straight three; a
        last problem that cannot be opened is named in the banner, with the reason."""
        self._list_last_collection()
        last = Path(self.prefs.last_problem) if self.prefs.last_problem else None
        if last is not None and last.exists() and self.open_path(last, self.prefs.last_index,
                                                                 ask=False, in_list=True):
            return
        if last is None:
            failed = ""
        elif last.exists():
            failed = self.error_text()      # what ``open_path`` said is wrong with it
        else:
            failed = f"Cannot open {last.name}: the file is no longer there."
        self.open_path(BUNDLED_PROBLEM, ask=False)      # clears the banner: said again below
        if failed:
            self.show_error(f"{failed}  It was the problem open last time ({last}); the "
                            f"bundled problem {BUNDLED_PROBLEM.name} opened instead.")

    def _list_last_collection(self) -> None:
        """List the collection listed when the app last closed, where it is still there
        and holds a readable problem; else ours stays listed."""
        source = Path(self.prefs.last_list) if self.prefs.last_list else None
        if source is None or not source.exists():
            return
        listed = self._read_listing(source)
        if listed is not None and listed.rows:
            self.problem_list.show_listing(listed, self.prefs.theme)

    def _may_discard(self) -> bool:
        """Whether the draft may go: unchanged since saved or opened, an empty board with no
        text (QA s56 regression D8: a new board asked to be saved, Save the default), or
        the user says so."""
        d = self.editor.draft
        empty = not (d.black or d.white or d.title or d.comment)
        return not self.editor.is_modified() or empty or self.confirm_discard()

    def open_path(self, path: str | Path, index: int = 0, *, ask: bool = True,
                  in_list: bool = False) -> bool:
        """Open a problem file (or a folder, as a list); errors go to the banner.
        ``in_list``: a file whose games the problem list holds keeps that list (the
        collection listed again at start-up), where opening it lists its own games."""
        # absolute, as dialogs give them: a file or folder named relative to where the app
        # started was not found in the list by its saved path (review s61 L6)
        path = Path(path).absolute()
        if path.is_dir():
            return self.open_list(path, ask=ask)
        # a bad game of several stays in its place; a collection not listed yet is listed
        # from the games read here (not read again: a collection of 50,000 read twice)
        relist = self.problem_list.source != path and \
            not (in_list and self.problem_list.games_listed(path))
        read = self._read_beside(path, lambda report: read_file_listing(path, report, relist))
        if read is None:
            return False
        games, listed = read
        bad = [g for g in games if isinstance(g, ProblemFileError)]
        if len(bad) == len(games):
            # read before asking: a file that cannot open leaves the edits as they are,
            # without a question about discarding them
            self.show_error(f"Cannot open {path.name}: {bad[0].reason}" + (
                # a position may still read where its marks do not (QA s45); said only
                # where it does (review s46: also after a parse error)
                "  (File › Open stones for editing reads its stones, and its marks as far as "
                "they read.)"
                if path.suffix.lower() == ".sgf" and _stones_read(path) else ""))
            return False
        if ask and not self._may_discard():
            return False
        if not (0 <= index < len(games)) or isinstance(games[index], ProblemFileError):
            index = next(i for i, g in enumerate(games) if not isinstance(g, ProblemFileError))
        if listed is not None:
            self.problem_list.show_listing(listed, self.prefs.theme)
            self._set_prefs(last_list=str(path))
        self._load_problem(games[index].problem, path, index, len(games), games[index])
        if classification_file.is_saved_proof(path):
            # QA s56 research D2: the tree went unread without a word
            self.statusBar().showMessage(
                f"{path.name} is a saved proof: its problem is opened, not its tree; Space "
                f"solves it again (tsumego verify {path.name} checks the saved tree).", 15000)
        if bad:
            self.show_error(f"{path.name}: {len(bad)} of its {len(games)} problems cannot be "
                            f"read ({bad[0].reason}{' ...' if len(bad) > 1 else ''}); the "
                            "others opened (see the problem list).")
        self._remember_recent(path)
        return True

    def open_list(self, source: Path, *, ask: bool = True) -> bool:
        """List a folder's (or a file's) problems and open the first readable one."""
        if ask and not self._may_discard():
            return False
        source = Path(source).absolute()        # as in ``open_path``
        listed = self._read_listing(source)
        if listed is None:
            return False
        count = self.problem_list.show_listing(listed, self.prefs.theme)
        if count == 0:
            self.show_error(f"No readable problem in {source.name}")
            self.problem_list.select(self.file_path, self.prefs.last_index)
            return False
        path, index, problem = self.problem_list.entries()[0]
        self._load_problem(problem, path, index, self._games_listed(path),
                           self.problem_list.sourced(path, index))
        self._remember_recent(source)
        self._set_prefs(last_list="" if source == PROBLEMS_DIR else str(source))
        return True

    def _read_listing(self, source: Path) -> Listing | None:
        """The listing of a folder's (or a file's) problems, read beside the window (None:
        the user cancelled)."""
        return self._read_beside(source,
                                 lambda report: listing(source, load_entries(source, report)))

    def _read_beside(self, source: Path, read: Callable[[Report], T]) -> T | None:
        """``read(report)`` run beside the window, which paints meanwhile; a long read (a
        collection of 50,000 games: a minute) shows its progress and a Cancel button
        (review s46: the window showed nothing).  None when the user cancelled: nothing
        was changed, the problem on the board and the list stay as they were."""
        try:
            # no full collection walks the growing collection meanwhile (with the GIL
            # held: the window stalled up to 280 ms at a time); what was read is frozen
            with gc_pacing.paced():
                return run_with_progress(self, f"Opening {source.name}…", read)
        except ReadCancelled:
            self.statusBar().showMessage(f"Opening {source.name} cancelled: the problem and "
                                         "the list are as they were.", 8000)
            return None

    def _games_listed(self, path: Path) -> int:
        return max(1, self.problem_list.games_listed(path))

    def _list_chosen(self, path: Path, index: int, problem: Problem) -> None:
        if self.file_path == path and self.prefs.last_index == index and \
                not self.editor.is_modified():
            return
        if not self._may_discard():
            # refused: the highlight goes back to the problem on the board
            self.problem_list.select(self.file_path, self.prefs.last_index)
            return
        self._load_problem(problem, path, index, self._games_listed(path),
                           self.problem_list.sourced(path, index))

    def step_problem(self, step: int) -> bool:
        """Open the next (``step`` 1) or previous (-1) problem of the list; from a problem
        that is not in the list, say so and stay (the list's first problem is no "next" of
        it, and opening it would drop the problem and its solve)."""
        listed = self.problem_list
        if listed.sourced(self.file_path, self.prefs.last_index) is None:
            if self.file_path is None:
                self.statusBar().showMessage("This new problem is not in the problem list: "
                                             "there is no next or previous problem.", 8000)
            else:
                self.statusBar().showMessage(
                    f"{self.file_path.name} is not in the problem list: there is no next or "
                    "previous problem.  File > Open folder as problem list lists its "
                    "folder.", 8000)
            return False
        entry = listed.neighbour(self.file_path, self.prefs.last_index, step)
        if entry is None:
            self.statusBar().showMessage("No more problems in the list that way.", 4000)
            return False
        if not self._may_discard():
            return False
        path, index, problem = entry
        self._load_problem(problem, path, index, self._games_listed(path),
                           self.problem_list.sourced(path, index))
        return True

    def _focus_board(self) -> None:
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)

    def _load_problem(self, problem: Problem, path: Path | None, index: int, games: int,
                      sourced: SourcedProblem | None = None) -> None:
        """Put ``problem`` on the board; ``sourced``: how the reader gave it (an open
        problem it posed and framed says what it assumed and which stones the frame added)."""
        self.solver.forget()
        self.solve_problem = None       # another problem: its draft drops the result shown
        self._last_solved = None
        self.file_path, self.file_games = path, games
        assumed = sourced.assumed if sourced is not None else ()
        frame = sourced.frame if sourced is not None else frozenset()
        # a posed problem's closer frame, solved first while the draft still poses it
        self._closer = (problem, sourced.closer) if sourced is not None and \
            sourced.closer is not None else None
        self.problem_panel.show_assumptions(assumed)
        self.problem_panel.hide_text()      # another problem: its text may give the answer
        self.editor.reset(replace(Draft.from_problem(problem), frame=frame))
        self._posings = {_posing_key(self.editor.draft): (assumed, DISTANCE, self._closer)} \
            if frame else {}
        self.solve_panel.clear()        # another problem: nothing about it was solved yet
        self.clear_error()
        if path is not None:
            self._set_prefs(last_problem=str(path), last_index=index)
        self.problem_list.select(path, index)   # the highlight follows the board
        self._update_title()
        if assumed:
            self.statusBar().showMessage(self._posed_summary(problem, frame), 15000)
        elif not problem.to_play_given:
            self.statusBar().showMessage(capitalised(_side_not_given(problem)) + ".", 15000)
        elif EXPORT_MARK.search(problem.comment):
            # our own export opened again: its lines are for SGF viewers (QA s45: only the
            # problem showed, with no word of the variations)
            self.statusBar().showMessage("A proof saved by tsumego_gui: the app shows the "
                                         "problem; solve it (Space) to browse the proof, or "
                                         "read the file's lines in an SGF viewer.", 15000)
        else:
            self.statusBar().clearMessage()     # what it said was about the problem before
        # the old problem's proofs are gone (once the event loop has deleted their models)
        QTimer.singleShot(0, forget_old_proofs)

    @staticmethod
    def _posed_summary(problem: Problem, frame: frozenset[int]) -> str:
        return (f"Open problem, posed: {PLAYERS[problem.to_play]} to play, "
                f"{PLAYERS[problem.defender]} must live; a frame of {len(frame)} stones "
                "added (the Problem panel says what was assumed; Edit > Remove frame undoes "
                "it).")

    def copy_diagram(self) -> str:
        """The part of the board in view to the clipboard as a Sensei's Library diagram, the
        proof's line to the node shown numbered (``qt.diagram_copy``); the text copied."""
        line = self.browser.line() if self.mode == "proof" else None
        to_play = self.editor.draft.to_play if self.mode == "edit" else None
        text = diagram_text(self.board.visible_window(), line, self.board.view, to_play,
                            hidden=self.board.frame)
        QApplication.clipboard().setText(text)
        self.statusBar().showMessage("Diagram copied as Sensei's Library text, for a forum "
                                     "post" + (f" ({len(line[1])} moves numbered)"
                                               if line and line[1] else ""), 5000)
        return text

    def copy_main_line(self) -> str:
        """The proof's line to the node shown, gone on by its main line (the prover's moves
        against the longest resistance, as ``tsumego solve --diagram`` prints it), to the
        clipboard as Sensei's Library text; the text copied ("" with no proof shown)."""
        outcome = self.outcome
        # the solve's own proof of a ko: its line starts with the move that makes the ko,
        # as the CLI's does (QA s48: the longest failure came first)
        ko_first = outcome.ko_move if outcome is not None and \
            self.browser.proof is outcome.result.proof else None
        found = self.browser.main_line(ko_first) if self.mode == "proof" else None
        if found is None:
            why = "practice is on (P ends it)" if self.browser.try_it is not None else \
                "solve, then browse the proof (Ctrl+B)"
            self.statusBar().showMessage(f"Copy main line needs a proof shown: {why}.", 5000)
            return ""
        board, moves, cut, start = found
        text = "\n".join([
            diagram_text(self.board.visible_window(), (board, moves), self.board.view, None,
                         hidden=self.board.frame),
            *line_notes(start, board.to_play, moves, cut)])
        QApplication.clipboard().setText(text)
        self.statusBar().showMessage("Main line copied as Sensei's Library text "
                                     f"({counted(len(moves), 'move')} numbered)", 5000)
        return text

    def copy_board_image(self) -> None:
        QApplication.clipboard().setPixmap(self.board.grab())
        self.statusBar().showMessage("Board image copied.", 4000)

    def remove_frame(self) -> bool:
        """Back to the open position (one undoable edit): the frame's stones, the region and
        the target marks go, for the user to mark by hand."""
        draft = self.editor.draft
        if not draft.frame:
            self.statusBar().showMessage("No frame to remove.", 4000)
            return False
        self.editor.apply(draft.without_frame(), "remove frame")    # the board shows it
        self.statusBar().showMessage("Frame removed: the open position.  Mark the crucial "
                                     "stones, then the region (the Problem panel's tools); "
                                     "Undo brings the frame back.", 10000)
        return True

    def pose_by_hand(self, defender: int | None = None, distance: int | None = None) -> bool:
        """The stones on the board posed and framed as an open book problem is when opened
        (one undoable edit; its marks and any frame before replaced): who must live and
        who moves, from the stones and the side to play, or the ``defender`` given; the
        frame ``distance`` lines away (default: the Frame distance box's) (QA s56 editor
        D6: a corner entered by hand was searched on the whole board)."""
        if self._game_holds_edits():
            return False
        d = self.editor.draft
        stones = d.without_frame() if d.frame else d
        try:
            if distance is None:
                distance = self.problem_panel.frame_distance.value()
            # the file's lines say who moves first, as on opening (review s56: posed again
            # it read "the file says so" of the To play box)
            posed = pose_stones(d.size, stones.black, stones.white,
                                d.to_play if d.to_play_given else None, d.title, d.comment,
                                defender, distance, d.book_moves)
        except ProblemError as e:
            self.show_error(f"Cannot pose it as a book problem: {e}")
            return False
        self.set_mode("edit")
        problem = posed.problem
        # what the user set beside the posing stays (review s56: goal and ko rule reset)
        kept = {"goal": d.goal, "ko_threats": d.ko_threats} if d.frame else {}
        if d.frame and d.ko_allowed is not None and defender in (None, d.defender):
            kept["ko_allowed"] = d.ko_allowed
        self._closer = (problem, posed.closer) if posed.closer is not None else None
        self.editor.apply(replace(Draft.from_problem(problem), frame=posed.frame,
                                  source=d.source, book_moves=d.book_moves,
                                  game_info=d.game_info, **kept), "pose as a book problem")
        self._posings[_posing_key(self.editor.draft)] = (posed.assumed, distance, self._closer)
        self.problem_panel.show_assumptions(posed.assumed, distance)
        self.clear_error()
        self.statusBar().showMessage(self._posed_summary(problem, posed.frame), 15000)
        return True

    def _defender_picked(self, colour: int) -> None:
        """The Defender box: a posed problem (one with a frame) is posed again for that
        side, its frame and marks with it (QA s56 book19 D4: the frame stayed a wall built
        for the other side, the crucial marks on its stones); else the field alone."""
        draft = self.editor.draft
        if colour == draft.defender:
            return
        if not draft.frame:
            self.editor.set_fields("set defender", defender=colour)
        elif not self.pose_by_hand(colour):
            # refused (a game on, no posing for that side): the box says the problem's
            # (review s56: the defender changed anyway, the frame built for the other side)
            self.problem_panel.show_draft(draft)

    def _frame_distance_picked(self, distance: int) -> None:
        """The Frame distance box: the same posing framed anew; refused, the box says the
        frame's distance again."""
        if self.pose_by_hand(self.editor.draft.defender, distance):
            return
        posing = self._posings.get(_posing_key(self.editor.draft))
        if posing is not None:
            self.problem_panel.show_assumptions(*posing[:2])
        else:
            self.problem_panel.show_draft(self.editor.draft)

    def new_problem(self, size: int) -> None:
        if self._may_discard():
            self._start_draft(Draft.new(size))

    def _start_draft(self, draft: Draft) -> None:
        """Edit ``draft`` as a new problem, of no file yet."""
        self.solver.forget()
        self.solve_problem = None
        self._last_solved = None
        self._closer = None
        self.file_path, self.file_games = None, 1
        self._posings = {}
        self.problem_panel.show_assumptions(())
        self.problem_panel.hide_text()
        self.editor.reset(draft)
        self.editor.mark_unsaved()          # a new, never-saved problem
        self.solve_panel.clear()
        self.problem_list.select(None)
        self.clear_error()
        self._update_title()
        QTimer.singleShot(0, forget_old_proofs)

    def open_stones_dialog(self) -> None:
        path = self.ask_open_file()
        if path:
            self.open_stones(path)

    def open_stones(self, path: str | Path) -> bool:
        """The stones of a file's first game in the editor, with its marks, rules, lines and
        game info as far as each reads: a problem whose marks do not read (a crucial stone
        on an empty point) could not be opened to be mended at all (QA s45), nor a draft
        saved before it was a problem (QA s56).  The file stays as it is, and the draft has
        none, but for a draft this app saved, which it is again (Ctrl+S writes over it)."""
        path = Path(path)
        try:
            position, data = _read_stones(path)
            marks = read_marks(data)
        except (OSError, ProblemError) as e:
            self.show_error(f"Cannot read the stones of {path.name}: "
                            f"{getattr(e, 'strerror', None) or e}")
            return False
        if not self._may_discard():
            return False
        stones = position.black | position.white
        crucial = marks["crucial"] & stones
        if crucial and "defender" not in marks:
            marks["defender"] = BLACK if crucial <= position.black else WHITE
        # a draft's frame, lines, game info and source come back with it (review s56: its
        # frame came back as plain stones, and the next save dropped the book's answer)
        draft = Draft(position.size, position.black, position.white,
                      to_play=position.to_play or BLACK,
                      to_play_given=position.to_play is not None,
                      title=position.title, comment=position.comment,
                      source=position.source, crucial=crucial, region=marks["region"],
                      frame=marks.get("frame", frozenset()) & stones,
                      book_moves=position.answers(),
                      game_info=tuple(sorted(position.game_info)),
                      **{k: marks[k] for k in ("defender", "goal", "ko_allowed", "ko_threats")
                         if k in marks})
        # a file with no source takes its name as one (``read_open_position``)
        ours = next((d for d in (draft, replace(draft, source="")) if draft_sgf(d) == data),
                    None)
        self._start_draft(ours or draft)
        if ours is not None:
            # a draft this app saved: it is the draft's file again (QA s56 regression D7:
            # Ctrl+S offered ~/problem.sgf, a copy beside it)
            self.file_path, self._draft_saved = path, (path, data)
            self._update_title()
            self.statusBar().showMessage(f"The draft {path.name}: mark what is missing; "
                                         "Ctrl+S saves it again.", 15000)
            return True
        self.statusBar().showMessage(f"The stones of {path.name}, with the marks that read: "
                                     "mark what is missing, then save it under a name (the "
                                     "file is unchanged).", 15000)
        return True

    def open_file_dialog(self) -> None:
        path = self.ask_open_file()
        if path:
            self.open_path(path)

    def open_folder_dialog(self) -> None:
        path = self.ask_open_folder()
        if path:
            self.open_list(Path(path))

    def save(self) -> bool:
        """Ctrl+S: write the problem back to its file, where that loses nothing of the file;
        else Save As.  An unchanged problem is not written at all."""
        path = self.file_path
        if path is not None and not self.editor.is_modified():
            self.statusBar().showMessage(f"Nothing to save: {path.name} has no change.", 5000)
            return True
        if path is None or self.file_games > 1 or path.suffix.lower() != ".sgf" \
                or PROBLEMS_DIR in path.parents:
            # never overwrite a collection with one game, or the bundled problems
            return self.save_as(fresh=True)
        data = _bytes_of(path)
        as_is = _rewrites_as_is(data)
        if self.editor.draft.validation_message() and as_is:
            # a draft never replaces a problem (review s56: the file, opened at start, then
            # would not open at all)
            self.statusBar().showMessage(
                f"Saving as a new file: {path.name} holds a problem, and this position is "
                "no problem yet (a draft).", 10000)
            return self.save_as(fresh=True)
        if not as_is and self._draft_saved != (path, data):
            self.statusBar().showMessage(
                f"Saving as a new file: {path.name} holds more than a problem file keeps "
                "(its solution tree, comments or marks), which writing over it would lose.",
                10000)
            return self.save_as(fresh=True)
        return self.save_to(path)

    def save_as(self, fresh: bool = False) -> bool:
        """Ask for a name in the problem's folder: its own name (as SGF: a research .json
        is saved as SGF), or with ``fresh`` (Ctrl+S would not write over the file) the
        first free one of ``name-1.sgf``, ``name-2.sgf``, ... so that Enter in the dialog
        never offers to replace what Save just kept safe (QA s43)."""
        stem = self.file_path.stem if self.file_path else \
            file_stem(self.editor.draft.title) or "problem"
        default = self._save_folder() / f"{stem}.sgf"
        n = 0
        while fresh and default.exists():
            n += 1
            default = default.with_name(f"{stem}-{n}.sgf")
        path = self.ask_save_file(str(default))
        return bool(path) and self.save_to(Path(path))

    def _save_folder(self) -> Path:
        """Where the save and export dialogs start: the problem's own folder (not the
        bundled problems', which belong to the installed app), else the home folder
        (not the folder the app was started from)."""
        if self.file_path is not None and PROBLEMS_DIR not in self.file_path.parents:
            return self.file_path.parent
        return Path.home()

    def _overwrite_refusal(self, path: Path, what: str) -> str:
        """Why writing ``what`` to ``path`` would lose a problem file, or "": a file of
        several games (one written over it loses the others, as Save says), and for a
        proof the problem's own file (QA s62: Save As and Export wrote over both without
        a word; the CLI's --proof-out refuses the second)."""
        path = path.absolute()
        own = self.file_path is not None and same_file(path, self.file_path)
        if what != "problem" and own:
            return (f"Not exported: {path.name} is the problem's own file: name another, or "
                    f"the {what} would replace the problem.")
        counted_games = _games_in(path) if path.exists() else 0
        games = max(self.problem_list.games_listed(path), counted_games or 0)
        done = "saved" if what == "problem" else "exported"
        if counted_games is None:
            # review s62: a collection too large to count was written over
            return (f"Not {done}: {path.name} is larger than this app reads, and may hold "
                    f"many problems, which the {what} written over it would lose: name "
                    "another file.")
        if games > 1:
            return (f"Not {done}: {path.name} holds {games} problems, and the {what} written "
                    "over it would lose them: name another file.")
        return ""

    def _wrote(self, path: Path) -> None:
        """A file the app wrote: where the problem list holds it, it lists what it holds now."""
        self.problem_list.reread(path.absolute())

    def save_to(self, path: Path) -> bool:
        if path.suffix.lower() != ".sgf":
            self.show_error(f"Cannot save {path.name}: a problem is saved as SGF; name a "
                            ".sgf file.")
            return False
        refused = self._overwrite_refusal(path, "problem")
        if refused:
            self.show_error(refused)
            return False
        draft = self.editor.draft
        try:
            data, fault = write_sgf(draft.to_problem()), ""
        except ProblemError as e:
            # a position that is no problem yet is saved as it stands (QA s56 editor D2: the
            # work of setting it up could be lost), and says what to do, as Space says it
            data, fault = draft_sgf(draft), draft.advice() or str(e)
        try:
            write_atomically(path, data)
        except OSError as e:
            self.show_error(f"Cannot save {path.name}: {e.strerror or e}")
            return False
        self.file_path, self.file_games = path, 1
        self._wrote(path)
        # the highlight follows the board's file (review s60 S6: it stayed on the file the
        # problem came from after Save As to another name)
        self.problem_list.select(path)
        self._draft_saved = (path, data) if fault else None
        self.editor.mark_saved()
        self.clear_error()      # a name refused before (QA s55: "Cannot save" stayed up)
        self._update_title()
        if fault:
            # not among the recent files nor opened at start: it opens for editing only
            self.show_error(f"{DRAFT_SAVED} {path.name} {DRAFT_OPENS} {fault}")
            return True
        self._remember_recent(path)
        self._set_prefs(last_problem=str(path), last_index=0)
        self.statusBar().showMessage(f"Saved {path}", 5000)
        return True

    def export_proof(self) -> bool:
        """Export what the solve proved: the classification of the first moves when there
        is one, a result proven area by area as a split proof, else the proof; each as SGF,
        or JSON for a ``.json`` name (any other name is refused: the name says the
        format, and adding a suffix would write a file the dialog never asked about)."""
        c = self.classification
        result = self.outcome.result if self.outcome is not None else None
        split = result.split if result is not None else None
        if c is None and split is None and (result is None or result.proof is None):
            self.show_error("No proof to export: solve the problem first.")
            return False
        stem = str(self._save_folder() / (self.file_path.stem if self.file_path else "problem"))
        if c is not None:
            path = self.ask_export_file(f"{stem}-proof.sgf", CLASSIFICATION_FILTER)
        elif split is not None:
            path = self.ask_export_file(f"{stem}-areas.sgf", SPLIT_FILTER)
        else:
            path = self.ask_export_file(f"{stem}-proof.sgf", PROOF_FILTER)
        if not path:
            return False
        path = Path(path)
        if path.suffix.lower() not in (".sgf", ".json"):
            self.show_error(f"Not exported: {path.name} is neither .sgf nor .json, and the "
                            "name says the format (SGF for .sgf, JSON for .json).")
            return False
        json_name = path.suffix.lower() == ".json"
        refused = self._overwrite_refusal(path, "proof")
        if refused:
            self.show_error(refused)
            return False
        book = self._file_book()        # the main sequence follows the file's lines

        def write() -> None:
            if c is not None and json_name:
                classification_file.save_json(c, path)
            elif c is not None:
                write_atomically(path, classification_file.to_sgf(c, book=book))
            elif split is not None and json_name:
                split_file.save_json(split, path)
            elif split is not None:
                write_atomically(path, split_file.to_sgf(split))
            elif json_name:
                result.proof.save_json(path)
            else:
                ko = self.outcome.ko_move
                # which frame proved it, where the closer one did (QA s48: the CLI's file
                # said so, the app's did not)
                closer = self.solve_problem is not None and \
                    result.proof.problem.frame != self.solve_problem.frame
                write_atomically(path, result.proof.to_sgf(
                    note=f"Frame: {self.outcome.note}" if closer and self.outcome.note else "",
                    ko_moves=() if ko is None else (ko,), book=book))

        try:
            # a proof of some 100,000 nodes takes seconds to write: the window paints on
            run_busy(self, f"Writing {path.name}…", write)
        except OSError as e:
            self.show_error(f"Cannot export the proof to {path}: {e.strerror or e}")
            return False
        self._wrote(path)
        what = ("Proof of every first move" if c is not None else
                "Split proof" if split is not None else "Proof")
        open_moves = sum(m.cls == OPEN for m in c.moves) if c is not None else 0
        # a stopped classification's file marks its open moves so; the message too (QA s50)
        undecided = f" ({open_moves} of {len(c.moves)} first moves not decided)" \
            if open_moves else ""
        self.clear_error()      # a name refused before (QA s55: "Not exported" stayed up)
        self.statusBar().showMessage(f"{what} saved to {path}{undecided}", 5000)
        return True

    # ---- editing ------------------------------------------------------------------------

    def _draft_changed(self, draft: Draft) -> None:
        self.browser.show_goal(draft.goal)
        if self.banner.text().startswith((CANNOT_SOLVE, DRAFT_SAVED)) and \
                not draft.validation_message():
            self.clear_error()      # the user did what it asked (QA s50, s56: it stayed)
        before, self._last_draft = self._last_draft, draft
        posing = self._posings.get(_posing_key(draft))
        if posing is not None and before is not None and \
                _posing_key(before) != _posing_key(draft):
            # an undo or redo of a posing: its words, distance and closer frame
            self.problem_panel.show_assumptions(*posing[:2])
            self._closer = posing[2]
        if before is not None and not before.crucial and draft.crucial and \
                before.defender != draft.defender:
            # the first chain marked names the defender (QA s56 editor D10: a click on the
            # wall first switched the Defender and Ko captures boxes without a word)
            self.statusBar().showMessage(
                f"{PLAYERS[draft.defender]} is now the defender: the stones marked must live "
                "(the Defender box; Ko captures follow it).  Undo (Ctrl+Z) if those were "
                "the attacker's.", 10000)
        if self._verdict_split:     # an edit: the Problem dock takes its panel again
            self._verdict_split = False
            self._fit_edit_column()
        if self.solve_problem is not None and draft.poses(self.solve_problem):
            # only the problem's text changed (title, comment, source): the solve, its
            # proof and classification, and a game of it still hold
            self._update_title()
            return
        # the finished result of the position before the edit (while a re-solve of it
        # runs, the one kept), for an edit back to it
        result = self._kept if self._kept is not None else \
            None if self.solver.running else self._finished_result()
        if self.solve_problem is not None and result is not None:
            self._last_solved = (self.solve_problem, result)
        if self.browser.try_it is not None:
            self.browser.set_try_mode(False)     # the game was of the position before
        if self.solver.running:
            # the position changed under the search: cancel it and drop what it sends
            self.solver.forget()
            self.solve_panel.clear("Solve cancelled: the position was edited.")
        if self.outcome is not None or self.browser.proof is not None or \
                self.classification is not None:
            self.outcome = None
            self.classification = None
            self.browser.set_classification(None)
            self.browser.set_proof(None)
            self.solve_panel.clear("The position changed since the last solve.")
            if self.statusBar().currentMessage() == BACK_TO_SOLVED:
                # it said the solved position was back (QA s48: seconds after a redo)
                self.statusBar().clearMessage()
        self.solve_problem = None
        self._kept = None
        self._enter_mode("edit")
        if self._last_solved is not None and draft.poses(self._last_solved[0]):
            self._solved_again(*self._last_solved)
        self._show_edit_board()
        self._update_title()

    def _solved_again(self, problem: Problem,
                      result: tuple[SolveOutcome, Classification | None]) -> None:
        """The position is back to the problem solved last: its result comes back whole
        (verdict, first moves, proof), while the board stays in the editor."""
        self.solve_problem = problem
        self.solve_panel.board_size = problem.size
        self._show_result(result)
        self._enter_mode("edit")
        self.statusBar().showMessage(BACK_TO_SOLVED, 8000)

    def _show_edit_board(self) -> None:
        d = self.editor.draft
        self._crop_owner = None
        self.board.set_crop_area(frozenset())
        self.board.ghost_colour = BLACK if self.editor.tool == "stones" else None
        self._apply_crop()
        self.board.set_frame(d.frame)
        self.remove_frame_action.setEnabled(bool(d.frame))
        self.board.set_position(BoardView(d.size, d.black, d.white),
                                Overlay(region=d.region, crucial=d.crucial))
        # a zoomed view leaves the rest of the board out of reach (QA s56 editor D7: nothing
        # said how to place a stone there)
        zoomed = "" if self.board.visible_window().is_whole else \
            "  Zoomed to the problem: View › Zoom to the problem shows the whole board."
        self.mode_label.setText(EDIT_HINTS[self.editor.tool] + "  Space solves." + zoomed)

    def _take_tool(self, tool: str) -> None:
        """Edit the position with ``tool``, the board taking the keys (not during a game:
        editing would end it, as undo would)."""
        if self._game_holds_edits():
            return
        if tool == "crucial" and not self.editor.draft.reads_crucial:
            self.statusBar().showMessage(NO_CRUCIAL_TIP + ".", 6000)
            return
        self.set_mode("edit")
        self.problem_panel.set_tool(tool)
        self.board.setFocus()

    def _tool_changed(self, _tool: str) -> None:
        if self.mode == "edit":
            self._show_edit_board()     # the hint and the ghost stone follow the tool
        elif not self._game_holds_edits():
            # a tool picked in the Problem panel means editing, as its key does (QA s49:
            # after a solve the next click went to the proof, and marked nothing)
            self.set_mode("edit")
        else:
            # a game holds the position: the button shows no tool picked (QA s50: it stayed
            # checked, and pressing it after the game did nothing)
            self.problem_panel.show_tools_active(False)

    def _board_pressed(self, loc: int, button: int) -> None:
        if self.mode == "edit":
            self.editor.press(loc, button)
        elif self.browser.try_it is not None and button == LEFT:
            self._practice_move(loc)
        elif self.browser.try_it is not None:
            self.statusBar().showMessage("Practice: a left click (or Enter) plays your move.",
                                         4000)
        elif button == LEFT:
            # a click on a move of the proof follows that variation (Sabaki, GoGui)
            text = self.browser.follow(loc)
            if text:
                self.statusBar().showMessage(text + PROOF_NOTE_END, 6000)
        else:
            self.statusBar().showMessage("Browsing the proof: Ctrl+E to edit the position.", 4000)

    def _board_dragged(self, loc: int, button: int) -> None:
        if self.mode == "edit":
            self.editor.drag(loc)

    def _wheel(self, steps: int) -> None:
        if self.mode == "proof" and self.browser.try_it is None:
            self.browser.step(steps)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if obj is self.board and event.type() == QEvent.Type.KeyPress and self.mode == "proof":
            if self.browser.handle_key(event.key()):
                return True
        lists = getattr(self, "_proof_key_lists", ())     # events come during construction
        if event.type() == QEvent.Type.KeyPress and obj in lists and self.mode == "proof" \
                and not event.modifiers() and event.key() in self._proof_keys(obj):
            # ←/→ mean nothing to the one-column problem list, and the first moves' proof
            # rows open and close with + and -: they walk the proof (↑/↓ stay the list's,
            # and choose the problem or the first move they move to)
            if self.browser.handle_key(event.key()):
                return True
        return super().eventFilter(obj, event)

    def _proof_keys(self, widget: QObject) -> tuple[Qt.Key, ...]:
        """The keys that walk the proof from ``widget``, one of ``_proof_key_lists``:
        ←/→, and from the first moves' short list Home/End too (QA s55: End there chose
        the last first move, the pass, and dropped the line being walked); in the problem
        list Home/End go to its first and last problem."""
        arrows = (Qt.Key.Key_Left, Qt.Key.Key_Right)
        if widget is self.solve_panel.first_moves.tree:
            return arrows + (Qt.Key.Key_Home, Qt.Key.Key_End)
        return arrows

    def set_mode(self, mode: str) -> None:
        if mode == "proof" and self.browser.proof is None and self.browser.try_it is None:
            self.statusBar().showMessage("No proof yet: solve first (Space).", 4000)
            return
        self._enter_mode(mode)
        if mode == "edit":
            if self.statusBar().currentMessage().endswith(PROOF_NOTE_END):
                self.statusBar().clearMessage()     # of the proof left (QA s45)
            self.browser.set_try_mode(False)
            self._show_edit_board()
        else:
            self.board.ghost_colour = None
            self._apply_crop()
            self.browser.go_to(self.browser.path)
            self.mode_label.setText("Proof: ←/→ along the line, ↑/↓ siblings, Home/End, "
                                    "wheel; click a move to follow it.  Ctrl+E edits the "
                                    "position.")

    def _enter_mode(self, mode: str) -> None:
        """Set the mode; a change of mode keeps the left column's split of a proof left
        and shares the column out for the mode entered (``_fit_left_docks``)."""
        if mode == self.mode:
            return
        self._keep_split()
        self.mode = mode
        self.problem_panel.show_tools_active(mode == "edit")
        self._fit_cursor()
        self._fit_left_docks()

    def _keep_split(self) -> None:
        # a split asked for (``resizeDocks``) is laid out later: lay it out now, or a mode
        # left at once (passed through to show a result again) would keep the one before
        self.layout().activate()
        if self.mode == "proof" and self.problem_dock.isVisible() and \
                not self.problem_panel.text_box.isChecked():
            self._proof_split = self.problem_dock.height()

    def _problem_text_toggled(self, shown: bool) -> None:
        """While a proof is browsed, the problem text opened gives the Problem dock the
        height its panel needs, and closed, the split back (QA s55 gui D12: 4 lines of a
        lesson in the 190-px dock, two scroll bars side by side)."""
        if self.mode != "proof":
            return
        if shown:
            self.layout().activate()        # the split the user left, before the text's
            self._proof_split = self.problem_dock.height()
            self._split_left_column(None)
        else:
            self._split_left_column(self._proof_split)

    def _fit_left_docks(self) -> None:
        """Share the left column between the Problem and Solve docks for this mode.
        Editing gives the Problem dock the height of its whole panel, always (the fields
        and the validation line below them; the first moves have nothing to show while a
        position is set up); browsing a proof gives it the height the user last left it
        with, at first ``PROBLEM_HEIGHT`` (the Solve dock gets the rest)."""
        self._split_left_column(None if self.mode == "edit" else self._proof_split)

    def _fit_edit_column(self) -> None:
        # a longer validation message, or a resized window, while editing: the whole panel
        # must show again (a window made smaller shrinks both docks in proportion)
        if self.mode == "edit":
            self._fit_left_docks()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        # the docks take the new size when the window lays them out, after this event
        QTimer.singleShot(0, self, self._fit_edit_column)

    def _split_left_column(self, problem_height: int | None) -> None:
        """Give the Problem dock ``problem_height`` of the left column (None: the height of
        its whole panel, where the column has it) and the Solve dock the rest."""
        docks = [self.problem_dock, self.solve_dock]
        if any(d.isFloating() or d.isHidden() for d in docks) or \
                self.dockWidgetArea(docks[0]) != self.dockWidgetArea(docks[1]):
            return      # the user moved them apart or closed one: no split to share
        # Qt shares the column out in proportion to the sizes asked for: they must add up
        # to the column's height (the window's, before the docks are laid out)
        column = sum(d.height() for d in docks) if self.isVisible() else self.height()
        # the Problem dock is never taller than its panel (``_NoTallerThanContent``): asked
        # for the whole column, it takes what its panel needs and leaves the rest
        height = column if problem_height is None else problem_height
        self.resizeDocks(docks, [height, max(1, column - height)], Qt.Orientation.Vertical)

    def _proof_position(self, view: BoardView, overlay: Overlay) -> None:
        if self.mode == "proof":
            # the stones a frame added, drawn apart: a game's own (practice plays the
            # problem's frame: QA s46 saw its wall drawn as stones, and the app's moves on
            # the closer wall's points drawn as frame), the browsed proof's (a proof in
            # the closer frame has a wall of its own), else the edited problem's
            proof, game = self.browser.proof, self.browser.try_it
            rules = getattr(game, "rules", None)
            frame = rules.frame if rules is not None else \
                proof.problem.frame if proof is not None else self.editor.draft.frame
            self.board.set_frame(frame)
            # the crop only grows while one proof (or, with none, one game) is walked and
            # holds the region (QA s51 book D7: the view jumped at each step as zones and
            # captures changed; QA s52: and when practice began on the proof)
            owner = proof if proof is not None else game
            kept = self.board.crop_area if owner is self._crop_owner else frozenset()
            self._crop_owner = owner
            region = rules.region if rules is not None else \
                proof.problem.region if proof is not None else self.editor.draft.region
            self.board.set_crop_area(kept | region | (view.black | view.white) - frame
                                     | overlay.marked())
            self.board.set_position(view, overlay)
        if self.browser.try_it is not None:
            # every change of a game is shown through here (the board, the browser's own
            # Pass and Restart buttons, an answer computed on demand)
            self._practice_label()
            self._record_result()

    def _try_mode(self, on: bool) -> None:
        self.practice_action.setChecked(on)
        self._hide_answers(on and isinstance(self.browser.try_it, Practice))
        if on:
            self.problem_panel.hide_text()      # the problem's text may give the answer
        if on:
            self.set_mode("proof")
            self.board.ghost_colour = self.browser.try_it.user
            self._practice_label()
        else:
            self.practice_solver.forget()
            self.switch_action.setChecked(False)    # the next game is the problem as posed
            if self.mode == "proof" and self.browser.proof is not None:
                self.set_mode("proof")
            elif self.mode == "proof":
                self.set_mode("edit")
        self._fit_cursor()

    def _edit_history(self, step: Callable[[], None]) -> None:
        """Undo or redo an edit of the position; not while a game is played on it (QA s45:
        Ctrl+Z in practice took back an edit made before the solve and ended the game)."""
        if not self._game_holds_edits():
            step()

    def _game_holds_edits(self) -> bool:
        """Whether a game is played on the position, which an edit would end: said."""
        if self.browser.try_it is None:
            return False
        self.statusBar().showMessage("That edits the position: end the game first (P); R "
                                     "restarts it.", 5000)
        return True

    def _hide_answers(self, hide: bool) -> None:
        """While the user practises, the verdict (its winning move), the first moves'
        classes and the proof tree would give the answer away (QA s45): they are hidden,
        and shown again as they were after; the keys go to the board (a hidden list had
        the focus, and it went to the explanation's text)."""
        widgets = (self.solve_panel.verdict_label, self.solve_panel.first_moves,
                   self.browser.tree)
        if hide and self._answers_shown is None:
            self._answers_shown = tuple(w.isVisibleTo(w.parentWidget()) for w in widgets)
            for w in widgets:
                w.setVisible(False)
            self.board.setFocus()
        elif not hide and self._answers_shown is not None:
            for w, shown in zip(widgets, self._answers_shown, strict=True):
                w.setVisible(shown)
            self._answers_shown = None

    def _fit_cursor(self) -> None:
        """The board's keyboard cursor serves where a click is the user's own move or edit
        (editing, practice; browsing a proof, the arrows walk it): a change of place starts
        without a cursor."""
        self.board.hide_cursor()
        self.board.cursor_allowed = self.mode == "edit" or self.browser.try_it is not None

    def _cursor_moved(self, text: str) -> None:
        status = self.statusBar()
        if text:
            status.showMessage(f"Cursor {text}  (Enter clicks there, Shift+Enter "
                               "right-clicks)", 6000)
        elif status.currentMessage().startswith("Cursor "):
            status.clearMessage()       # the cursor went: its words go with it

    # ---- practice -----------------------------------------------------------------------

    def _new_practice(self) -> Practice | None:
        """A practice game over what is known of the problem on the board: the first moves'
        classification, else the proof browsed, else nothing (answers are solved on
        demand); None (with the reason in the banner) for a position that is no problem,
        and (saying why in the status bar) while a solve runs."""
        if self.solver.running:
            # the result it brings would replace the proof the game is played against
            self.statusBar().showMessage("A solve is running: Esc stops it (or wait for its "
                                         "result) before practice.", 6000)
            return None
        self._recorded = None
        self.practice_best = ()
        b = self.browser
        options = {"seconds": PRACTICE_SECONDS, "switched": self.switch_action.isChecked(),
                   "book": self._file_book()}
        if b.classification is not None:
            return Practice(b.classification.problem, self._practice_ask,
                            classification=b.classification, **options)
        if b.proof is not None:
            return Practice(b.proof.problem, self._practice_ask, proof=b.proof,
                            first_move=b.first_move, **options)
        try:
            problem = self.editor.draft.to_problem()
        except ProblemError as e:
            self.show_error(f"Cannot practise: the position is not a valid problem ({e}).")
            return None
        return Practice(problem, self._practice_ask, **options)

    def _file_book(self) -> Book:
        """The lines of the file the problem on the board came from (``core.book_lines``),
        while the position is the file's (an edit makes it another's; its text aside), read
        once a file and game."""
        if self.file_path is None or not self.editor.holds_saved_position():
            return {}
        try:
            changed = self.file_path.stat().st_mtime_ns    # saved since: read again
        except OSError:
            return {}
        key = (self.file_path, self.prefs.last_index, changed)
        if self._book_key != key:
            self._book_key, self._book = key, book_of_file(*key[:2])
        return self._book

    def set_practice(self, on: bool) -> None:
        """Start (or end) practice mode on the problem on the board."""
        self.browser.set_try_mode(bool(on))
        self.practice_action.setChecked(self.browser.try_it is not None)

    def play_other_side(self, on: bool) -> None:
        """O: practice (a new game) with the user on the other side and the app moving first
        (QA s51 book D2), or back on the side to move; starts practice where it is off."""
        self.practice_solver.forget()
        self.browser.set_try_mode(True)
        game = self.browser.try_it
        self.practice_action.setChecked(game is not None)
        self.switch_action.setChecked(bool(getattr(game, "switched", False)))
        if game is not None:
            # the new game's first line: who plays which side (or why the app cannot take
            # the other one), not the last game's hint left there (QA s55)
            self.statusBar().showMessage(game.log[0], 8000)

    def restart_practice(self) -> None:
        if self.browser.try_it is None:     # R said nothing where H and Shift+P do (QA s46)
            self.statusBar().showMessage("Practice is off: P starts it.", 4000)
            return
        self.browser.restart_try()

    def _before_restart(self) -> None:
        """A game starts again (R, the Restart button): the answer being computed goes,
        the new game's result counts (QA s45), and what the status bar said of the last
        game (a hint, its result) goes with it (QA s55)."""
        self.practice_solver.forget()
        self._recorded = None
        self.statusBar().clearMessage()

    def _practice_move(self, loc: int) -> None:
        if self.browser.try_it is None:
            self.statusBar().showMessage("Practice is off: P starts it.", 4000)
            return
        text = self.browser.try_move(loc)
        self._after_practice(text)

    def hint(self) -> None:
        game = self.browser.try_it
        if not isinstance(game, Practice):
            self.statusBar().showMessage("Hints are for practice mode: P starts it.", 4000)
            return
        text = game.hint()
        self.browser.refresh()
        self._after_practice(text)

    def _practice_ask(self, problem: Problem) -> None:
        """The game needs ``problem`` solved: a short search in the practice worker."""
        self.practice_best = ()
        self.practice_solver.start(SolveRequest(
            problem, solver="auto", evaluator=PRACTICE_EVALUATOR, max_nodes=0,
            max_seconds=PRACTICE_SECONDS, all_moves=False))

    def _practice_progress(self, p) -> None:
        best = tuple(getattr(p, "best_line", ()) or ())
        if best:
            self.practice_best = best

    def _practice_solved(self, outcome: SolveOutcome) -> None:
        game = self.browser.try_it
        if not isinstance(game, Practice) or not game.thinking:
            return
        proof = outcome.result.proof
        failure = ""
        if proof is not None and outcome.verification == REJECTED:
            proof, failure = None, "the verifier rejected the proof found"
        elif proof is None and outcome.result.stop_reason == CANCELLED:
            failure = "stopped"
        text = game.answer(proof, self.practice_best, failure)
        self.browser.refresh()
        self._after_practice(text)

    def _practice_failed(self, message: str) -> None:
        game = self.browser.try_it
        if isinstance(game, Practice) and game.thinking:
            text = game.answer(None, self.practice_best, message)
            self.browser.refresh()
            self._after_practice(text)

    def _after_practice(self, text: str) -> None:
        """Say the last line of what the game said in the status bar."""
        if text:
            self.statusBar().showMessage(text.splitlines()[-1], 8000)

    def _record_result(self) -> None:
        """A finished game marks its problem solved or failed in the list (once a game)."""
        game = self.browser.try_it
        result = getattr(game, "result", None)
        if getattr(game, "switched", False):
            return      # the other side's game: no solve of the problem as posed
        if result is not None and self._recorded is not game and self.file_path is not None:
            self._recorded = game
            c = self.browser.classification
            if result == KO and c is None:
                return      # a ko, but whether the problem offers better is not known
            good = result == CORRECT or (result == KO and c.status == "ko")
            if good and getattr(game, "move_shown", False):
                # a game won with the move shown is no solve of the player's (QA s45);
                # said after the game's own last line, which the status bar shows next
                # (QA s52: this was overwritten at once); a hint showed a winning move,
                # which the player may not have played (QA s62: bent four's other one)
                QTimer.singleShot(0, self, lambda: self.statusBar().showMessage(
                    "Solved after a hint showed a winning move: the problem is not marked "
                    "solved.", 8000))
                return
            state = SOLVED if good else FAILED
            if not self.problem_list.set_state(self.file_path, self.prefs.last_index, state):
                try:                # not listed: kept all the same, for when it is
                    self.collection.set(self.file_path, self.prefs.last_index,
                                        self.editor.draft.to_problem(), state)
                except ProblemError:
                    pass

    def _practice_label(self) -> None:
        game = self.browser.try_it
        if game is None:
            return
        side = PLAYERS[game.user]
        thinking = getattr(game, "thinking", None)
        if thinking in ("ko", "ko-first"):
            # review s53: no best guess follows a stopped ko check
            self.mode_label.setText(f"Practice ({side}): checking for a ko… (Esc stops the "
                                    "check)")
        elif thinking:
            self.mode_label.setText(f"Practice ({side}): thinking… (Esc stops it and the app "
                                    "plays its best guess)")
        elif game.finished:
            self.mode_label.setText(f"Practice ({side}): {game.log[-1]}  R restarts, P ends "
                                    "practice.")
        else:
            self.mode_label.setText(f"Practice: you play {side}; click (or arrows and Enter) "
                                    "to move, H for a hint, Shift+P passes, R restarts, P ends "
                                    "practice.")

    # ---- solving ------------------------------------------------------------------------

    def solve(self) -> None:
        if self.browser.try_it is not None:
            # a solve would replace the proof the game is played against, and drop its moves
            self.statusBar().showMessage("Practice is on: P (or the Practice button) ends "
                                         "the game before a new solve.", 6000)
            return
        try:
            problem = self.editor.draft.to_problem()
        except ProblemError as e:
            advice = self.editor.draft.advice()
            # a fault of the stones themselves too (QA s56 editor D9: a chain with no
            # liberty was said only in the validation line, in brackets)
            fault = self.editor.draft.position_fault() if advice else ""
            self.show_error(f"{CANNOT_SOLVE} {advice}" + (f"  Also: {fault}." if fault else "")
                            if advice else
                            f"{CANNOT_SOLVE} the position is not a valid problem ({e}).")
            return
        self.clear_error()
        opts = self._keep_solve_options()
        # a result on screen poses the draft's problem (``_draft_changed`` drops any other);
        # a request replaced while it runs leaves what it kept
        if not self.solver.running:
            self._kept = self._finished_result()
        self.solve_problem = problem
        self.solve_panel.board_size = problem.size
        self.classification = None
        self.browser.set_classification(None)
        closer = self._closer[1] if self._closer is not None and \
            self.editor.draft.poses(self._closer[0]) else None
        self.solver.start(SolveRequest(problem, closer=closer, all_moves=True,
                                       book=self._file_book(), **opts))
        self.solve_panel.scroll_to_results()

    def _finished_result(self) -> tuple[SolveOutcome, Classification | None] | None:
        """The result on screen, no request running, when its solve ran to its end and
        proved something: the outcome and the first moves' classification (None for a
        result proven by areas; a single proof's result without one was stopped before
        its classification, review s60)."""
        o, c = self.outcome, self.classification
        if o is None or o.result.stop_reason == CANCELLED \
                or (o.result.proof is None and o.result.split is None) \
                or (c is None and o.result.split is None) \
                or (c is not None and c.cancelled):
            return None
        return o, c

    def _give_back_kept(self, kept: tuple[SolveOutcome, Classification | None]) -> None:
        """The user stopped a re-solve: the result before it comes back whole."""
        self._show_result(kept)
        self.statusBar().showMessage("New solve stopped: the earlier result is kept.", 8000)

    def _show_result(self, result: tuple[SolveOutcome, Classification | None]) -> None:
        """Show a finished result of ``solve_problem`` again, whole (verdict, first moves,
        proof), so the panels, export and practice agree with each other."""
        outcome, classification = result
        self._solved(outcome)
        if classification is not None:
            self._classified(classification)

    def stop(self) -> None:
        """Esc: stop the search that runs (practice's thinking first).  It never ends a
        game: an Esc a moment too late would throw the game away (P ends practice)."""
        if self.practice_solver.running:
            self.practice_solver.stop()      # the answer comes unproven: the best guess
        elif self.solver.running:
            self.solver.stop()
        elif self.browser.try_it is not None:
            self.statusBar().showMessage("Nothing to stop: the game goes on (P ends "
                                         "practice).", 4000)

    def _solved(self, outcome: SolveOutcome) -> None:
        if self._kept is not None and outcome.result.stop_reason == CANCELLED:
            return      # the earlier result comes back when the request ends (``_classified``)
        problem = self.solve_problem
        to_play = outcome.result.proof.to_play if outcome.result.proof is not None \
            else problem.to_play
        warnings = problem_warnings(problem) + \
            ([] if problem.to_play_given else [_side_not_given(problem)])
        self.solve_panel.show_outcome(
            outcome, problem.size, problem.defender, problem.goal,
            warning="; ".join(warnings),
            book=problem.book_moves_for(to_play))
        self.solve_panel.scroll_to_results()
        self.outcome = outcome
        proof = outcome.result.proof
        if outcome.verification == REJECTED:
            self.show_error("The independent verifier REJECTED this proof; do not trust it: "
                            + "; ".join(outcome.verifier_errors[:3]))
        split = outcome.result.split
        if split is not None:
            self._kept = None       # the request ends here (areas have no classification)
            proofs = self.solve_panel.areas.proofs()
            if proofs:
                self.solve_panel.areas.select(proofs[0])
                self.browse_area(proofs[0])
            else:
                # no area can hold an eye: the verdict needs no search, nothing to browse
                # (QA s57 areas D1: an IndexError here)
                self.browser.set_proof(None, empty_text=NO_AREA_TEXT)
        elif proof is not None:
            # a proof of the closer frame is of another position than the one edited: the
            # board shows its wall, and the explanation says why
            heading = "" if proof.problem.frame == problem.frame else \
                f"The proof in the closer frame: {outcome.note}."
            self.browser.set_proof(proof, heading=heading)
            self.set_mode("proof")
        else:
            # no proof of this solve: a proof from a solve before it must not stay on show
            self.browser.set_proof(None, empty_text=self._no_proof_text(outcome, problem))
            if self.mode == "proof":
                self.set_mode("edit")
            # the verdict must show: editing gives the Problem dock its whole panel, and a
            # posed book problem's list of assumptions left the Solve dock some 80 px, the
            # verdict out of view (QA s45); the split a proof gets, until the next edit
            self._split_left_column(self._proof_split)
            self._verdict_split = True
            self.solve_panel.scroll_to_results()

    @staticmethod
    def _no_proof_text(outcome: SolveOutcome, problem: Problem) -> str:
        """What the proof browser says after a solve that found no proof, and why."""
        r = outcome.result
        if r.decided:
            found = unproven_finding(PLAYERS[problem.defender], r.decided, problem.goal)
            return f"{capitalised(found)}: nothing proven to browse yet."
        if r.stop_reason == CANCELLED:
            why = "you stopped it"
        elif r.stop_reason in ("time budget", "node budget"):
            why = f"its {r.stop_reason} ran out (raise it in the Solve panel)"
        elif r.stop_reason:
            why = f"it stopped: {r.stop_reason}"
        else:
            why = "the position was not decided"
        return f"The solve found no proof: {why}.  Nothing to browse yet."

    def browse_area(self, proof: Proof) -> None:
        """Browse one area's proof of a result proven area by area, saying which area and
        the goal it is proven for."""
        self.browser.set_proof(proof, heading=self.solve_panel.areas.heading(proof))
        self.set_mode("proof")

    def _classified(self, c: Classification | None) -> None:
        kept, self._kept = self._kept, None      # the request is over
        if c is None:       # the solve decided nothing within its budget: nothing classified
            draft = self.editor.draft
            self.solve_panel.show_not_classified(
                whole_board=not draft.region and draft.goal != "live_any")
            return
        if kept is not None and c.cancelled:
            self._give_back_kept(kept)
            return
        if c.cancelled and all(m.cls == "open" and m.why_open == "cancelled"
                               for m in c.moves):
            # stopped in the search or its check: the classification returned at once,
            # having tried no move; a list of every move "open (stopped by you)" said
            # otherwise (QA s45), and "Classification stopped" where none had begun (s60)
            self.solve_panel.show_not_classified(stopped=True)
            proven = self.outcome is not None and \
                self.outcome.result.stop_reason != CANCELLED
            self.statusBar().showMessage(
                "Stopped by you: the first moves not classified." if proven else
                "Solve stopped by you: not proven, the first moves not classified.", 6000)
            return
        self.classification = c
        self.solve_panel.show_classification(c)
        self.browser.set_classification(c)
        opened = sum(1 for m in c.moves if m.cls == "open")
        if c.cancelled:
            self.statusBar().showMessage(f"Classification stopped by you: {opened} first "
                                         "move(s) left open.", 6000)
        faults = [m for m in c.moves if m.cls != "open" and m.verification != "verified"]
        if faults:
            self.show_error(f"The verifier did not accept the proofs of {len(faults)} first "
                            f"move(s) (e.g. {faults[0].verification}); do not trust those "
                            "rows.")

    def browse_first_move(self, fm: FirstMove | None) -> None:
        """Browse a first move's proof (None: the main proof again) in the proof browser."""
        if fm is None:
            proof = self.outcome.result.proof if self.outcome is not None else None
            if proof is None:
                self.statusBar().showMessage("No proof of the position to browse.", 4000)
                return
            if self.browser.proof is not proof or self.browser.first_move is not None:
                self.browser.set_proof(proof)
        elif fm.ends_game:
            self.statusBar().showMessage(f"No tree to browse: {fm.by_the_rules}.", 6000)
            return
        elif not fm.proofs:
            # (a running classification's undecided move has no reason yet: review s60)
            why = fm.why_open or "not decided"
            self.statusBar().showMessage(f"This first move is open ({why}): no proof to "
                                         "browse.", 4000)
            return
        else:
            self.browser.set_proof(fm.proofs[0], first_move=fm.move)
        self.set_mode("proof")

    def browse_first_move_proof(self, fm: FirstMove, proof: Proof) -> None:
        """Browse one of a first move's proofs (the class's other one, or a ko figure's)."""
        self.browser.set_proof(proof, first_move=fm.move)
        self.set_mode("proof")

    def _network_chosen(self, path: str) -> None:
        self._set_prefs(katago_model=path)
        chosen = self.solve_panel.network_file()
        self.statusBar().showMessage(
            f"KataGo network: {chosen}" if chosen is not None else "No KataGo network.", 5000)

    def _network_ready(self, text: str) -> None:
        self.network_text = text
        self.solve_panel.show_network(text)
        self.statusBar().showMessage(text, 8000)

    def _solve_failed(self, message: str) -> None:
        self._kept = None       # the request is over
        self.solve_panel.show_failure(message)
        self.show_error(message)

    # ---- preferences, title, closing ----------------------------------------------------

    def _keep_solve_options(self) -> dict:
        """The Solve panel's options, saved as the preferences; returned."""
        opts = self.solve_panel.options()
        self._set_prefs(solver=opts["solver"], evaluator=opts["evaluator"],
                        max_nodes=opts["max_nodes"], max_seconds=opts["max_seconds"],
                        by_areas=opts["decompose"])
        return opts

    def _set_prefs(self, **changes) -> None:
        self.prefs = self.prefs.with_(**changes)
        save_preferences(self.settings, self.prefs)

    def _toggle_theme(self, dark: bool) -> None:
        theme = "dark" if dark else "light"
        self._set_prefs(theme=theme)
        self.board.set_theme(theme)
        self.browser.set_theme(theme)
        self.problem_list.set_theme(theme)
        self.problem_panel.set_theme(theme)
        apply_app_theme(theme)

    def _toggle_numbers(self, on: bool) -> None:
        self._set_prefs(move_numbers=on)
        self.board.set_show_move_numbers(on)

    def _toggle_crop(self, on: bool) -> None:
        self._set_prefs(crop_board=on)
        if self.mode == "edit":
            self._show_edit_board()     # its hint says whether the view is zoomed
        else:
            self._apply_crop()

    def _apply_crop(self) -> None:
        """Zoom to the problem as the View menu says, but not while a position without a
        region is set up, nor while the region is painted: the view would close in on the
        first stones (or the first region point: QA s45) and leave the rest of the board
        out of reach."""
        editing_open = self.mode == "edit" and (not self.editor.draft.region
                                                or self.editor.tool == "region")
        self.board.set_crop(self.prefs.crop_board and not editing_open)

    def _toggle_coords(self, on: bool) -> None:
        self._set_prefs(show_coordinates=on)
        self.board.set_show_coordinates(on)

    def set_random_order(self, on: bool) -> None:
        """Problems in a random order (a new seed each time it is turned on, remembered so
        the order stays across runs), or the files' order."""
        seed = secrets.randbelow(SEED_BOUND) if on else self.prefs.order_seed
        self._set_prefs(random_order=bool(on), order_seed=seed)
        self.problem_list.set_order(seed if on else None)
        self.random_action.setChecked(bool(on))

    # ---- recent files, help -------------------------------------------------------------

    def _remember_recent(self, path: Path) -> None:
        if PROBLEMS_DIR not in (path, *path.parents):     # our own collection is a menu item
            self.recent.add(path)
            self._fill_recent_menu()

    def _fill_recent_menu(self) -> None:
        menu = self.recent_menu
        menu.clear()
        paths = self.recent.paths()
        for i, path in enumerate(paths):
            action = menu.addAction(f"&{i + 1} {path.name}")
            action.setToolTip(str(path))
            action.setData(str(path))
            action.triggered.connect(lambda _=False, p=path: self.open_recent(p))
        if not paths:
            menu.addAction("(none yet)").setEnabled(False)
        else:
            menu.addSeparator()
            menu.addAction("Clear the list", self._clear_recent)

    def _clear_recent(self) -> None:
        self.recent.clear()
        self._fill_recent_menu()

    def open_recent(self, path: Path) -> bool:
        """Open a recent file or folder; one that is gone leaves the list, and says so."""
        path = Path(path)
        if not path.exists():
            self.recent.remove(path)
            self._fill_recent_menu()
            self.show_error(f"{path.name} is no longer there ({path}); removed from the "
                            "recent files.")
            return False
        return self.open_path(path)

    def show_guide(self) -> None:
        self.show_dialog(GuideDialog(self))

    def show_shortcuts(self) -> None:
        self.show_dialog(ShortcutsDialog(self.menuBar(), self))

    def show_about(self) -> None:
        self.show_dialog(AboutDialog(self.network_text, self))

    def _clean_changed(self, _clean: bool) -> None:
        # a bound method (not a lambda), so Qt disconnects it when the window goes away
        self._update_title()

    def _update_title(self) -> None:
        name = self._file_name() if self.file_path else "new problem"
        if self.file_games > 1:
            name += f" #{self.prefs.last_index + 1}"
        mark = " *" if self.editor.is_modified() else ""
        self.setWindowTitle(f"tsumego_gui — {name}{mark}")

    def _file_name(self) -> str:
        """The file's name; for a file of the listed folder, its path from that folder
        ("4/basic.sgf"), so files of the same name in sub-folders tell apart."""
        source = self.problem_list.source
        if source is not None and source.is_dir() and source in self.file_path.parents:
            return self.file_path.relative_to(source).as_posix()
        return self.file_path.name

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if not self._may_discard():
            event.ignore()
            return
        # the Solve panel's choices, kept as a solve keeps them (QA s48: a budget changed
        # and then the window closed without a solve was lost)
        self._keep_solve_options()
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState(LAYOUT_VERSION))
        self._keep_split()
        self.settings.setValue("window/problem_height_proof", self._proof_split)
        self.settings.sync()
        self.solver.shutdown()
        self.practice_solver.shutdown()
        event.accept()

    # ---- drag and drop ------------------------------------------------------------------

    def dragEnterEvent(self, event) -> None:  # noqa: N802
        if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:  # noqa: N802
        for url in event.mimeData().urls():
            if url.isLocalFile():
                self.open_path(url.toLocalFile())
                event.acceptProposedAction()
                return

    # ---- default dialogs ----------------------------------------------------------------

    def _ask_discard(self) -> bool:
        """Whether the edits may go: discarded, or saved first (QA s56 editor D2: only
        Discard or Cancel were offered)."""
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self, "Unsaved changes", "The problem has unsaved edits. Save them first?",
            buttons.Save | buttons.Discard | buttons.Cancel, buttons.Save)
        return answer == buttons.Discard or (answer == buttons.Save and self.save())

    def _dialog_open_file(self) -> str | None:
        path, _ = QFileDialog.getOpenFileName(self, "Open problem", "", SGF_FILTER)
        return path or None

    def _dialog_open_folder(self) -> str | None:
        return QFileDialog.getExistingDirectory(self, "Open a folder of problems") or None

    def _dialog_save_file(self, default: str, filters: str = PROBLEM_FILTER) -> str | None:
        path, chosen = QFileDialog.getSaveFileName(self, "Save", default, filters)
        if path and not Path(path).suffix and "(*." in chosen:
            # a name typed without a suffix takes the chosen file type's
            path += chosen[chosen.index("(*.") + 2:].split(")")[0].split()[0]
        return path or None
