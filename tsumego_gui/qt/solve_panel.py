"""The solve panel: solver and budget choice, live progress, the result with its verified badge
and the goal it was judged under, and the first-move list.

The Solve and Stop buttons stay at the top; below them the options, the
progress and the verdict scroll (``scroll``); the lists below those do not:
they get the height of their rows first (the first-move list up to some eight
rows, never fewer than four), the scrolled part the rest, and what it leaves
over; :meth:`SolvePanel.scroll_to_results` scrolls the options away.

Emits ``solve_requested`` / ``stop_requested``; the window turns them into
solver-worker requests and feeds progress, stages, outcomes and the
classification of the first moves back through :meth:`SolvePanel.show_progress`,
:meth:`show_stage`, :meth:`show_outcome`, :meth:`show_classification`,
:meth:`show_failure`.  The list itself (``first_moves``) is a
:class:`~tsumego_gui.qt.first_move_list.FirstMoveList`; the window listens to
its ``chosen`` signal.  "Prove by areas" (``options()["decompose"]``) asks for a
result proven area by area where the region splits; such a result shows the
area list (``areas``, a :class:`~tsumego_gui.qt.area_list.AreaList`, whose
``chosen`` the window listens to) in place of the first-move list.  Where the
position's class is ko, the verdict says how the problem's ko rule counted the
ko and names the best ko moves; a solve that decided nothing has its first
moves "not classified" (:meth:`SolvePanel.show_not_classified`), with the
budget to raise.

The evaluator combo lists ``katago`` when a KataGo network is chosen (the
"Network…" button, a file picker; ``network_changed`` tells the window, which
remembers it) or found where KaTrain keeps one; the label beside the button
names the file and, once the worker has loaded it, where it runs
(:meth:`show_network`).  The file picker goes through ``ask_network_file``,
which tests replace.  Knows solver options, result types and network files by
name; nothing about the worker thread.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from html import escape
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine_cy.board import PASS
from tsumego_gui.core import coords
from tsumego_gui.core.problem import GOAL_TEXT, opponent
from tsumego_gui.core.wording import (
    PLAYERS,
    capitalised,
    counted,
    unproven_finding,
    verdict_words,
    who_takes_kos,
)
from tsumego_gui.nn.choice import DEFAULT_EVALUATOR, available_evaluators
from tsumego_gui.nn.katago_locate import default_katago_model
from tsumego_gui.qt import proof_facts
from tsumego_gui.qt.area_list import AreaList
from tsumego_gui.qt.first_move_list import FirstMoveList
from tsumego_gui.qt.settings import MAX_NODES, MAX_SECONDS, Preferences
from tsumego_gui.qt.solver_worker import CANCELLED, SOLVER_LABELS
from tsumego_gui.qt.vertical_scroll import scroll_vertically
from tsumego_gui.search.choice import PARTLY, REJECTED, VERIFIED, SolveOutcome
from tsumego_gui.search.classify import Classification, beyond_words
from tsumego_gui.search.proof import Proof
from tsumego_gui.search.results import Progress
from tsumego_gui.search.split import SplitProof

NETWORK_FILTER = "KataGo models (*.bin.gz *.bin)"
# the solver that ran, as the outcome line names it ("dfs" read as a typo; QA s46)
SOLVER_NAMES = {"dfs": "df-pn", "mcts": "MCTS"}
EXACT = ("Proofs stay exact whichever evaluator is chosen: it only orders and focuses the "
         "search, and every proof is checked by the independent verifier.")


def book_note(book: tuple[int, ...], proof: Proof | None, size: int) -> str:
    """The book's answer under the verdict where the proof does not win with it as well
    (QA s51: a book problem's own answer was shown nowhere, an unproven guess was the only
    move on screen); "" without one, and where the proof wins with every book move (the
    winning moves' line shows them: one line more pushed the first moves out of a short
    Solve dock)."""
    moves = [m for m in book if m != PASS]
    common = [m for m in moves if proof is not None and m in proof.winning_moves]
    if len(common) == len(moves):
        return ""
    if proof is None:
        how = "not proven here"
    elif common:
        how = (f"the proof wins with {', '.join(coords.to_gtp(m, size) for m in common)} "
               "too; the first-move list classes the others")
    elif proof.winning_moves:
        how = "the proof's winning move is another; the first-move list classes the book's"
    else:
        how = "the proof finds no winning move here; the first-move list classes the book's"
    return (f"<br><small>Book: {', '.join(coords.to_gtp(m, size) for m in moves)} "
            f"({how}).</small>")


class ElidingLabel(QLabel):
    """A label that cuts each of its lines in the middle ("…") to fit its width, never
    widening its dock; :meth:`full_text` keeps the whole text."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._full = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(40)

    def full_text(self) -> str:
        return self._full

    def set_full_text(self, text: str) -> None:
        self._full = text
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        metrics, width = self.fontMetrics(), max(1, self.contentsRect().width())
        self.setText("\n".join(metrics.elidedText(line, Qt.TextElideMode.ElideMiddle, width)
                               for line in self._full.split("\n")))


class _ResultsScroll(QScrollArea):
    """The Solve panel's scrolled part (options, progress, verdict): frameless,
    vertical only, never taller than its contents (the lists below get the rest; while
    the results are kept at the top, than the results), and never shorter than a line.
    Its own height is asked for last (``Ignored``): the lists below keep their rows
    first.

    :meth:`scroll_to_results` brings ``results`` (the progress bar) to the top and keeps it
    there while the results below it grow, until the user scrolls: measured once, at
    once, it stopped 45 px short, the verdict's wrapped lines not laid out yet (QA s55 D4).
    """

    def __init__(self, contents: QWidget, results: QWidget):
        super().__init__()
        self.results = results
        scroll_vertically(self, contents)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        # no more, so that a short dock leaves its height to the Problem panel while a
        # position is set up
        self.setMinimumHeight(self.fontMetrics().height())
        self._on_top = False          # ``results`` kept at the top (``scroll_to_results``)
        # while a request runs the part only grows: its progress words come and go, and
        # each shrink gave the list room and scrolled the options back into view, the
        # next growth away again (QA s55 regression: the progress bar jumped 120 px)
        self._holding = False
        self._fitted = 0
        bar = self.verticalScrollBar()
        bar.rangeChanged.connect(self._range_changed)
        bar.actionTriggered.connect(self._user_scrolled)     # the wheel, keys, a drag
        contents.installEventFilter(self)

    def scroll_to_results(self) -> None:
        self._on_top = True
        self._fitted = 0            # held from here: the results' height, not the options'
        self._fit()
        self._scroll_results_up()

    def _results_top(self) -> int:
        contents = self.widget()
        return max(0, self.results.mapTo(contents, QPoint(0, 0)).y()
                   - contents.layout().spacing())

    def _scroll_results_up(self) -> None:
        bar = self.verticalScrollBar()
        bar.setValue(min(self._results_top(), bar.maximum()))

    def _range_changed(self, _minimum: int, _maximum: int) -> None:
        # the contents grew or shrank, or the dock did: the results go back to the top
        if self._on_top:
            self._scroll_results_up()

    def _user_scrolled(self, _action: int) -> None:
        if self._on_top:
            self._on_top = False
            self._fit()         # the options above may show again

    def _fit(self) -> None:
        contents = self.widget()
        width = self.viewport().width()     # without the scroll bar where one shows
        wanted = contents.heightForWidth(width) if contents.hasHeightForWidth() else -1
        if wanted <= 0:
            wanted = contents.sizeHint().height()
        if self._on_top:
            # no taller than the results: the options stay scrolled away while the results
            # are short (QA s55 regression: they came back into view as the words changed)
            wanted -= self._results_top()
        wanted = max(wanted, self.minimumHeight())
        if self._holding:
            wanted = max(wanted, self._fitted)
        self._fitted = wanted
        if wanted != self.maximumHeight():
            self.setMaximumHeight(wanted)
        # results kept at the top of a part held taller than they are: room below them
        # to scroll the options away still
        contents.setMinimumHeight(wanted + self._results_top()
                                  if self._on_top and self._holding else 0)

    def hold(self, on: bool) -> None:
        """Only grow while ``on`` (a request runs), fit the contents again after it."""
        self._holding = on
        if not on:
            self._fit()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if obj is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self._fit()
        return super().eventFilter(obj, event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit()      # a new width wraps the verdict anew


class SolvePanel(QWidget):
    solve_requested = Signal()
    stop_requested = Signal()
    network_changed = Signal(str)      # the KataGo model file chosen ("": found automatically)

    def __init__(self, prefs: Preferences, parent: QWidget | None = None):
        super().__init__(parent)
        # the file picker, replaceable in tests: (folder to start in) -> path or None
        self.ask_network_file: Callable[[str], str | None] = self._dialog_network_file
        self.katago_model = prefs.katago_model
        self._found: Path | None = None        # the model found automatically, if any
        self._network_text = ""                # where the loaded network runs
        # the options, the progress and the verdict scroll (``scroll``); the
        # lists below them keep their rows in view (QA s55: in one scroll area with the
        # rest, a long verdict pushed the first moves out of a 1240x680 window)
        self.controls = QWidget()
        layout = QVBoxLayout(self.controls)
        form = QFormLayout()
        self.solver_combo = QComboBox()
        for key, label in SOLVER_LABELS.items():
            self.solver_combo.addItem(label, key)
        self.solver_combo.setCurrentIndex(max(0, self.solver_combo.findData(prefs.solver)))
        form.addRow("Solver", self.solver_combo)
        self.evaluator_combo = QComboBox()
        self.evaluator_combo.setToolTip(
            "Guides the best-first (MCTS) search: which moves it tries first and where it "
            "looks; depth-first search uses none.  'ftl' appears when its weights are "
            "installed, 'katago' when a KataGo network is chosen or found.  " + EXACT)
        form.addRow("Evaluator", self.evaluator_combo)
        self.network_button = QPushButton("Network…")
        self.network_button.setToolTip(
            "Choose the KataGo network: a model file (.bin.gz) such as the one KaTrain or "
            "Lizzie uses; the app remembers it.  " + EXACT)
        self.network_button.clicked.connect(self.choose_network)
        # a long file name is cut in the middle in a narrow dock; the tooltip has the path
        self.network_label = ElidingLabel()
        self.network_label.setObjectName("network")
        self.network_forget = QToolButton()
        self.network_forget.setText("×")
        self.network_forget.setAutoRaise(True)
        self.network_forget.setToolTip("Forget the chosen file: use the KataGo network found "
                                       "where KaTrain keeps one (if any)")
        self.network_forget.clicked.connect(self.forget_network)
        network_row = QHBoxLayout()
        network_row.setContentsMargins(0, 0, 0, 0)
        network_row.addWidget(self.network_label, 1)
        network_row.addWidget(self.network_forget)
        form.addRow(self.network_button, network_row)
        self._refresh_network(prefs.evaluator)
        self.nodes_spin = QSpinBox()
        self.nodes_spin.setRange(0, MAX_NODES)
        self.nodes_spin.setSingleStep(100_000)
        self.nodes_spin.setGroupSeparatorShown(True)
        self.nodes_spin.setSpecialValueText("no limit")
        self.nodes_spin.setValue(prefs.max_nodes)
        form.addRow("Node budget", self.nodes_spin)
        self.seconds_spin = QDoubleSpinBox()
        self.seconds_spin.setRange(0, MAX_SECONDS)
        self.seconds_spin.setDecimals(1)
        self.seconds_spin.setSuffix(" s")
        self.seconds_spin.setSpecialValueText("no limit")
        self.seconds_spin.setValue(prefs.max_seconds)
        # a solve then a classification: each has the budgets, which a user expecting one
        # wait would not guess (a 10-s budget took 18 s)
        for spin in (self.nodes_spin, self.seconds_spin):
            spin.setToolTip("For the solve, and again for classifying the first moves after "
                            "it (Esc stops either; a stopped classification keeps the classes "
                            "it proved).")
        self.nodes_spin.setToolTip(self.nodes_spin.toolTip() + "  Depth-first search visits "
                                   "one to two million nodes a second: with 'no limit' the "
                                   "time budget decides.")
        form.addRow("Time budget", self.seconds_spin)
        self.by_areas = QCheckBox("Prove by areas")
        self.by_areas.setToolTip(
            "Where the group and safe stones of the other side cut the region into areas "
            "that no move in one can change in another, prove the result one area at a "
            "time (depth-first search): much faster on such problems.  A kill splits "
            "only under the goal 'live' (under 'survive' it takes a capture, which reaches "
            "every area).  The areas' proofs are listed and checked; the first moves are "
            "then not classified.")
        self.by_areas.setChecked(prefs.by_areas)
        form.addRow("", self.by_areas)
        layout.addLayout(form)

        # the buttons stay above the scrolled part: in a short dock the options hid the
        # Solve button while a position was set up (QA s55 D3)
        buttons = QHBoxLayout()
        self.solve_button = QPushButton("Solve (Space)")
        self.stop_button = QPushButton("Stop (Esc)")
        self.stop_button.setEnabled(False)
        self.solve_button.clicked.connect(self.solve_requested)
        self.stop_button.clicked.connect(self.stop_requested)
        buttons.addWidget(self.solve_button)
        buttons.addWidget(self.stop_button)
        self.progress_bar = QProgressBar()
        self.progress_bar.setRange(0, 1000)
        self.progress_bar.setTextVisible(False)
        layout.addWidget(self.progress_bar)
        self.progress_label = QLabel("Not solved yet.")
        self.progress_label.setObjectName("progress")
        self.progress_label.setWordWrap(True)
        layout.addWidget(self.progress_label)
        self.verdict_label = QLabel()
        self.verdict_label.setObjectName("verdict")
        self.verdict_label.setWordWrap(True)
        layout.addWidget(self.verdict_label)
        self.badge = QLabel()
        self.badge.setObjectName("verified")
        self.badge.setVisible(False)
        layout.addWidget(self.badge)
        # the room the verdict leaves stays below it: the badge grew to a 250-px green
        # block (QA s46)
        layout.addStretch(0)
        self.scroll = _ResultsScroll(self.controls, self.progress_bar)

        whole = QVBoxLayout(self)
        whole.setContentsMargins(0, 0, 0, 0)
        left, top, right, bottom = layout.getContentsMargins()
        fixed = QVBoxLayout()
        fixed.setContentsMargins(left, top, right, 0)
        fixed.addLayout(buttons)
        whole.addLayout(fixed)
        # the lists first get the rows they show (``FirstMoveList``: up to some eight,
        # never fewer than four), the scrolled part the rest, up to its own height; what
        # is left over then goes to the lists (a stretch far below the scrolled part's)
        whole.addWidget(self.scroll, 100)
        lists = QVBoxLayout()
        lists.setContentsMargins(left, 0, right, bottom)
        self.areas = AreaList()
        lists.addWidget(self.areas, 1)
        self.first_moves = FirstMoveList()
        lists.addWidget(self.first_moves, 1)
        whole.addLayout(lists, 1)
        # where the lists are hidden (practice), the room they leave stays below the rest
        whole.addStretch(0)

        self.board_size = 19       # set by the window for each solve (names the best line)
        self.best_line: tuple[int, ...] = ()     # an unproven solve's best line, if any
        self._last: Progress | None = None
        self._stage_started = 0.0  # when the worker's current stage began (its bar's clock)
        self._walked = ""          # how far the verifier has come (``show_walked``)
        self._phase = ""           # what the worker does now (a stage), shown over progress
        self._outcome_text = ""    # the solve's statistics, back once the list is filled
        self._outcome: SolveOutcome | None = None    # the solve whose verdict is shown
        # the verdict's text before and after where a ko note goes (``_show_ko``)
        self._verdict_parts = ("", "", "", "", "")
        self._read_first = ""     # how the problem is posed, where it must be read first
        self._clock = QTimer(self)
        self._clock.setInterval(200)
        self._clock.timeout.connect(self._tick)

    def scroll_to_results(self) -> None:
        """Scroll the options away: the progress and the verdict come to the top (below
        the buttons, which do not scroll), and stay so while the verdict grows, until the
        user scrolls (``_ResultsScroll``)."""
        self.scroll.scroll_to_results()

    # ---- options ------------------------------------------------------------------------

    def options(self) -> dict:
        return {"solver": self.solver_combo.currentData(),
                "evaluator": self.evaluator_combo.currentData() or DEFAULT_EVALUATOR,
                "katago_model": self.katago_model,
                "max_nodes": self.nodes_spin.value(),
                "max_seconds": float(self.seconds_spin.value()),
                "decompose": self.by_areas.isChecked()}

    # ---- the KataGo network --------------------------------------------------------------

    def choose_network(self) -> None:
        """Ask for a KataGo model file; a file chosen becomes the network and the evaluator."""
        current = Path(self.katago_model) if self.katago_model else self._found
        path = self.ask_network_file(str(current.parent) if current is not None else "")
        if path:
            self.set_network(path, select=True)

    def set_network(self, path: str, *, select: bool = False) -> None:
        """Use the model file ``path`` ("": the one found automatically); ``select`` makes
        ``katago`` the evaluator.  Emits ``network_changed`` when the choice changes."""
        changed = path != self.katago_model
        self.katago_model = path
        if changed:
            self._network_text = ""       # the worker loads (and reports) the new one
        self._refresh_network("katago" if select else None)
        if changed:
            self.network_changed.emit(path)

    def forget_network(self) -> None:
        self.set_network("")

    def show_network(self, text: str) -> None:
        """The worker built the network: ``text`` says which and on what it runs."""
        self._network_text = text
        self._refresh_network()

    def network_file(self) -> Path | None:
        """The model file a KataGo solve would load: the chosen one, else the one found."""
        return Path(self.katago_model) if self.katago_model else self._found

    def _refresh_network(self, select: str | None = None) -> None:
        """The label, the forget button and the combo's entries after a change of file."""
        self._found = default_katago_model()
        if self.katago_model:
            path = Path(self.katago_model)
            text = path.name if path.is_file() else f"{path.name} (file not found)"
            tip = str(path)
        elif self._found is not None:
            text = f"found: {self._found.name}"
            tip = f"{self._found}\n(found where KaTrain keeps its network; Network… chooses " \
                  "another)"
        else:
            text = "none found"      # the button beside it says how to choose one
            tip = "No KataGo network was found: Network… chooses one (e.g. KaTrain's)."
        if self._network_text:
            text += f"\n{self._network_text}"
        self.network_label.set_full_text(text)
        self.network_label.setToolTip(f"{tip}\n\n{EXACT}")
        self.network_forget.setVisible(bool(self.katago_model))

        combo = self.evaluator_combo
        keep = select or combo.currentData()
        names = [n for n in available_evaluators() if n != "katago"]
        if self.katago_model or self._found is not None:
            names.append("katago")
        if names != [combo.itemData(i) for i in range(combo.count())]:
            combo.blockSignals(True)
            combo.clear()
            for name in names:
                combo.addItem(name, name)
            combo.blockSignals(False)
        index = combo.findData(keep)
        if index < 0:       # a stale choice (a network no longer found): the default
            index = max(0, combo.findData(DEFAULT_EVALUATOR))
        combo.setCurrentIndex(index)

    def _dialog_network_file(self, folder: str) -> str | None:
        path, _ = QFileDialog.getOpenFileName(self, "Choose a KataGo network", folder,
                                              NETWORK_FILTER)
        return path or None

    # ---- state --------------------------------------------------------------------------

    def set_running(self, running: bool) -> None:
        self.solve_button.setEnabled(not running)
        self.stop_button.setEnabled(running)
        if running:
            self._stage_started = time.monotonic()
            self._last = None
            self.best_line = ()
            self._phase = ""
            self._walked = ""
            self._outcome_text = ""
            self.progress_bar.setValue(0)
            self.progress_label.setText("Solving…")
            self._outcome = None
            self.verdict_label.clear()
            self.clear_badge()
            self.areas.show_split(None)
            self.first_moves.setVisible(True)
            self.first_moves.clear("First moves: classified after the solve…")
            self._clock.start()
        else:
            self._clock.stop()
        self.scroll.hold(running)

    def clear(self, text: str = "Not solved yet.") -> None:
        self.progress_bar.setValue(0)
        self.progress_label.setText(text)
        self.progress_label.setToolTip("")
        self._outcome = None
        self.verdict_label.clear()
        self.clear_badge()
        self.areas.show_split(None)
        self.first_moves.setVisible(True)
        self.first_moves.clear()
        self._outcome_text = ""

    def clear_badge(self) -> None:
        """No verifier badge: its text, its colour (an empty coloured bar would still read
        as "verified") and the label itself go."""
        self.badge.clear()
        self.badge.setStyleSheet("")
        self.badge.setVisible(False)

    def _set_badge(self, text: str, style: str) -> None:
        self.badge.setText(text)
        self.badge.setStyleSheet(style)
        self.badge.setVisible(True)

    def _tick(self) -> None:
        # the solver reports every few thousand nodes; keep the clock moving between reports
        # (the stage's clock: each stage's search has its budget, and its reports count from
        # its start; the request's clock beside them sent the bar back and forth, QA s60)
        elapsed = time.monotonic() - self._stage_started
        seconds = self.seconds_spin.value()
        if seconds > 0 and not self._walked:    # the verifier's walk has a bar of its own
            self._advance(elapsed / seconds)
        if self._last is None:
            self.progress_label.setText(f"{self._phase or 'Solving…'} {elapsed:.1f} s"
                                        + self._walked)

    def _advance(self, fraction: float) -> None:
        """The bar to ``fraction`` of its length, never back within a stage."""
        self.progress_bar.setValue(max(self.progress_bar.value(),
                                       min(1000, int(1000 * fraction))))

    def show_walked(self, done: int, size: int) -> None:
        """How far the verifier's walk has come: ``done`` of the proof's ``size`` nodes
        checked."""
        self._walked = f"\n{done:,} of {size:,} nodes checked"
        self._advance(done / max(size, 1))

    def show_progress(self, p: Progress) -> None:
        self._last = p
        fractions = []
        if self.nodes_spin.value() > 0:
            fractions.append(p.nodes / self.nodes_spin.value())
        if self.seconds_spin.value() > 0:
            fractions.append(p.elapsed / self.seconds_spin.value())
        if fractions:
            self._advance(max(fractions))
        text = f"{self._phase}\n" if self._phase else ""
        text += (f"{p.nodes:,} nodes · {p.nodes_per_s:,.0f} nodes/s · {p.elapsed:.1f} s · "
                f"depth {p.depth} · table {p.table_size:,}")
        best = getattr(p, "best_line", ())      # best-first search only
        if best:
            line = " ".join(coords.to_gtp(m, self.board_size) for m in best[:12])
            text += f"\nbest line so far: {line}{' …' if len(best) > 12 else ''}"
        status = getattr(p, "root_status", "")
        if status and status != "unknown":
            # a depth-first search then builds its proof from its table, which can take a
            # while on a large one while the node count stands still
            built = getattr(p, "proof_nodes", 0)
            text += f"\nproven: {status}" + (
                f"; building the proof tree: {built:,} nodes" if built else "")
        self.progress_label.setText(text)

    def show_stage(self, text: str) -> None:
        # a new stage counts its own progress (the classification has its own clock)
        self._last = None
        self._phase = text
        self._walked = ""
        self._stage_started = time.monotonic()
        self.progress_bar.setValue(0)
        self.progress_label.setText(text)

    def _proven(self) -> str | None:
        """The verdict ("lives" or "dies") the solve shown proved, else None."""
        r = self._outcome.result if self._outcome is not None else None
        return r.verdict if r is not None and r.proof is not None else None

    def show_classification(self, c: Classification) -> None:
        r = self._outcome.result if self._outcome is not None else None
        # a ko's verdict above says the class (``_show_ko``, for the same side to move): the
        # list does not say it again; "lives in seki" and the like the verdict does not say
        said_above = c.status == "ko" and r is not None and r.proof is not None \
            and r.proof.to_play == c.to_play
        if c.running:       # a move more has its class; the job and its progress go on
            self.first_moves.show_classification(c, said_above=said_above)
            return
        self._phase = ""
        if not c.cancelled:     # a full bar would read as a job done
            self.progress_bar.setValue(1000)
        if self._outcome_text:
            self.progress_label.setText(self._outcome_text)
        winning = r.proof.winning_moves if r is not None and r.proof is not None \
            and r.proof.to_play == c.to_play else ()
        self.first_moves.show_classification(c, proven=self._proven(), winning=winning,
                                             said_above=said_above)
        self._show_ko(c)

    def show_not_classified(self, stopped: bool = False, whole_board: bool = False) -> None:
        """The solve did not decide the position within its budget, so its first moves were
        not classified (the same budget again would leave them open too): say so, and
        which budget to raise, or where no region is marked (``whole_board``), to mark one
        (QA s50: "raise the Time budget" after a whole-board search).  ``stopped``: the
        user stopped the solve."""
        self._phase = ""
        if self._outcome_text:
            self.progress_label.setText(self._outcome_text)
        if stopped:
            self.first_moves.clear("First moves: not classified: you stopped the solve.")
            return
        r = self._outcome.result if self._outcome is not None else None
        reason = r.stop_reason if r is not None else None
        if reason == "memory budget":
            # no budget of this panel's filled: the search's own memory did (QA s48: "raise
            # the budgets" where neither was the limit)
            self.first_moves.clear("First moves: not classified: the search filled its memory "
                                   "before the position was decided; depth-first search or "
                                   "the heuristic evaluator may go further in the same room.")
            return
        budget = {"time budget": "the Time budget", "node budget": "the Node budget"}.get(
            reason, "the budgets")
        remedy = ("mark where play happens with the Region tool (Ctrl+3): the whole board "
                  "was searched" if whole_board else f"raise {budget}")
        self.first_moves.clear("First moves: not classified: the position itself was not "
                               f"decided within the budget; {remedy}.")

    def _show_ko(self, c: Classification) -> None:
        """Where the position's class is ko, the verdict says how it counted the ko (the
        problem's ko rule decides it) and names the ko moves, so "dies … none" above and
        "ko" in the list below read as one result."""
        verdict = self._proven()
        proof = self._outcome.result.proof if verdict is not None else None
        if proof is None or c.status != "ko" or proof.to_play != c.to_play:
            return
        mover, problem = PLAYERS[c.to_play], c.problem
        mover_wins = (verdict == "lives") == c.defender_to_move
        kos = who_takes_kos(problem.ko_capture_allowed)
        moves = c.best_moves()       # the best ko figure's moves, else every ko move
        names = ", ".join(coords.to_gtp(m, problem.size) for m in moves)
        # the headline is the ko; the verdict under the problem's rule comes second (QA s45:
        # a bold "White dies" read as the answer, the ko after it as a footnote)
        counted = verdict_words(PLAYERS[problem.defender], verdict == "lives", problem.goal)
        head = (f"<b>Ko</b> with {mover} to play: {mover} must win it to "
                f"{'live' if c.defender_to_move else 'kill'}.")
        # a pass alone: the side to move need not start the ko (QA s49: "Ko at best: pass")
        starts = (f": {PLAYERS[opponent(c.to_play)]} must start the ko" if moves == [PASS]
                  else "")
        best = c.ko
        figure = f" ({best.words()})" if best is not None and moves != [PASS] else ""
        head += f"  Ko at best: <b>{names}</b>{starts}{figure}."
        if c.ko_beyond is not None:     # QA s52: a double ko read "must win it", no more
            head += f"  {capitalised(beyond_words(c.ko_beyond))}."
        # the proof below follows the problem's ko rule: said once, after the answer, and
        # its "winning first move: none" left out where the mover loses the ko there (QA
        # s50: "Ko", "dies", "none" and "E1" read as four answers)
        note = (f"<br><small>The proof below is counted under this problem's ko rule "
                f"({kos}; the Problem panel's Ko captures setting): there {counted}, {mover} "
                f"{'wins' if mover_wins else 'loses'} the ko.</small>")
        judged, winning, _ko, size_text = self._verdict_parts[1:]
        if set(proof.winning_moves) and not set(proof.winning_moves) & set(moves):
            # the solve stops at its first win, not the best ko (QA s55: the board's proof
            # began at B2, an approach ko, under "Ko at best: B1")
            winning += (f" <small>(a worse ko than {names}, whose proof the first-move "
                        "list shows)</small>")
        self.verdict_label.setText(self._read_first + head + note + judged
                                   + (winning if mover_wins else "") + size_text)

    def show_outcome(self, outcome: SolveOutcome, size: int, defender: int,
                     goal: str | None = None, warning: str = "",
                     book: tuple[int, ...] = ()) -> None:
        """The verdict, judged under ``goal`` (default: the proof's problem's goal), with
        a ``warning`` about how the problem is posed under it; ``book``: the book's first
        moves for the side to move (the file's answers), said beside it."""
        r = outcome.result
        self._outcome = outcome
        self._walked = ""
        cancelled = r.stop_reason == CANCELLED
        if not cancelled:       # the bar stays where the user stopped the search
            self.progress_bar.setValue(1000)
        stop = " (stopped by you)" if cancelled else \
            f" (stopped: {r.stop_reason})" if r.stop_reason else ""
        self._outcome_text = (
            # no search depth here: the solver's deepest line and the proof's longest one
            # (below) differ, and two "depths" side by side read as a contradiction
            f"{r.nodes:,} node{'' if r.nodes == 1 else 's'} in {r.seconds:.2f} s "
            f"({r.nodes_per_s:,.0f} nodes/s); solver: "
            f"{SOLVER_NAMES.get(outcome.solver_used, outcome.solver_used)}{stop}")
        self.progress_label.setText(self._outcome_text)
        self.progress_label.setToolTip(outcome.reason)
        d = PLAYERS[defender]
        if goal is None and r.proof is not None:
            goal = r.proof.problem.goal
        judged = f"<br><small>Goal: {GOAL_TEXT[goal]}</small>" if goal in GOAL_TEXT else ""
        # first, not in small print under the verdict (QA s49: a region that left out an
        # eye point gave "seki" rows and a green badge; its warning went unread)
        self._read_first = (f"<span style='color: black; background: #f5b041'>⚠ Read first: "
                            f"{escape(warning)}.</span><br>" if warning else "")
        if outcome.note:        # the closer frame tried first (``search.frame_ladder``)
            judged += f"<br><small>Frame: {escape(outcome.note)}.</small>"
        judged += book_note(book, r.proof, size)
        if r.split is not None:
            self._show_split(r.split, size, judged)
            self._show_verification(outcome)
            return
        if r.proof is None:
            why = "<b>Not proven: stopped by you</b>" if cancelled else \
                f"<b>Not proven within the budget</b>{stop}"
            if r.decided:
                found = unproven_finding(d, r.decided, goal or "survive")
                why += f".<br>{capitalised(found)}: unproven and unchecked"
            self.verdict_label.setText(f"{self._read_first}{why}.{judged}"
                                       + self._best_guess(size))
            self.clear_badge()
            return
        proof = r.proof
        mover = PLAYERS[proof.to_play]
        verdict = verdict_words(d, r.verdict == "lives", proof.problem.goal)
        # QA s46: "none" beside a first-move list where every move lives; for the attacker
        # "none" (review s49: "none needed" read as if it needed no move)
        alive = f" ({d} is unconditionally alive already)" if proof.root.kind == "goal" else ""
        needed = " needed" if alive and proof.to_play == proof.problem.defender else ""
        moves = ", ".join(coords.to_gtp(m, size) for m in proof.winning_moves) or \
            f"none{needed}{alive}"
        what = "Winning first move" + ("s" if len(proof.winning_moves) > 1 else "")
        known = proof_facts.facts(proof)      # counted by the worker, not here
        # whether the kill is a ko (``search.kill_by_ko``), said as the CLI says it
        ko = f"<br>{escape(capitalised(outcome.ko_words))}." \
            if outcome.ko_words else ""
        # (headline, goal, winning moves, ko reading, proof size): a ko class shows some
        # of them (``_show_ko``)
        # no move wins: said as such (QA s56 book19 D7: "Winning first move ...: none")
        winning = f"<br>{what} of the proof for {mover}: <b>{moves}</b>" \
            if proof.winning_moves or alive else \
            f"<br>No first move wins for {mover}: the proof answers each"
        self._verdict_parts = (
            f"<b>{verdict}</b> with {mover} to play.", judged, winning, ko,
            # Proof.depth() counts the nodes of the longest line, the root included
            f"<br>Proof: {known.size:,} node{'s' if known.size != 1 else ''}, longest line "
            f"{counted(known.depth - 1, 'move')}")
        self.verdict_label.setText(self._read_first + "".join(self._verdict_parts))
        self._show_verification(outcome)

    def _show_split(self, split: SplitProof, size: int, judged: str) -> None:
        """A result proven area by area: the verdict and first move, and the areas' list."""
        d = PLAYERS[split.problem.defender]
        mover = PLAYERS[split.to_play]
        verdict = verdict_words(d, split.defender_wins, split.problem.goal)
        winner = (split.to_play == split.problem.defender) == split.defender_wins
        first = ""
        if winner and split.first is not None:
            first = f"<br>Winning first move for {mover}: <b>{coords.to_gtp(split.first, size)}</b>"
        used = sum(1 for p in split.proofs if p is not None)
        nodes = sum(proof_facts.facts(p).size for p in split.proofs if p is not None)
        # an area's life is proven as unconditional life (``search.split``): more than the
        # goal survive asks, said so rather than left to contradict the goal above
        stronger = {p.problem.goal for p in split.proofs if p is not None} - {
            split.problem.goal}
        proved = ""
        if split.defender_wins and stronger == {"live"}:
            proved = (f"<br>Proved: {d} lives unconditionally, which is more than the goal "
                      f"{split.problem.goal} asks.")
        self.verdict_label.setText(
            f"{self._read_first}<b>{verdict}</b> with {mover} to play, proven area by "
            f"area.{judged}{proved}"
            f"{first}<br>Proof: " + (f"{used} area proof{'s' if used > 1 else ''}, "
                                     f"{nodes:,} nodes" if used else
                                     "no area needed a search (none can hold an eye)"))
        self.areas.show_split(split)
        self.first_moves.clear()
        self.first_moves.setVisible(False)      # nothing to classify: the areas decide

    def _show_verification(self, outcome: SolveOutcome) -> None:
        self.badge.setWordWrap(True)
        if outcome.verification == VERIFIED:
            self._set_badge("✔ verified by the independent checker",
                            "color: white; background: #1e8449; padding: 3px;")
        elif outcome.verification == PARTLY:
            self._set_badge("◐ partly verified: the checker's position budget ran out before "
                            "it walked the whole proof (no fault in the part it checked)",
                            "color: black; background: #f5b041; padding: 3px;")
        elif outcome.verification == REJECTED:
            self._set_badge("✘ the verifier REJECTED this proof: "
                            + "; ".join(outcome.verifier_errors[:3]),
                            "color: white; background: #c0392b; padding: 3px;")
        elif outcome.result.proof is not None or outcome.result.split is not None:
            # the app always checks a proof: one left unchecked was stopped by the user
            # (QA s60: Esc in the check left a plain "not verified" that said nothing of it)
            self._set_badge("not verified: stopped before the independent checker finished",
                            "")
        else:
            self._set_badge("not verified", "")

    def _best_guess(self, size: int) -> str:
        """What an unproven search still tells: the last line it liked best (best-first
        search reports one as it goes), its first move as the best guess."""
        best = tuple(getattr(self._last, "best_line", ()) or ())
        self.best_line = best
        if not best:
            return ("<br>No best guess: depth-first search keeps no preferred line (the MCTS "
                    "solver shows one as it searches).")
        line = " ".join(coords.to_gtp(m, size) for m in best[:12])
        more = " …" if len(best) > 12 else ""
        # in plain type: a guess is no answer (QA s45: a bold B17 beside the book's B18)
        return (f"<br><small>Best guess (not proven, may be wrong): "
                f"{coords.to_gtp(best[0], size)}<br>Best line found: {line}{more}</small>")

    def show_failure(self, message: str) -> None:
        self._phase = ""
        self.progress_label.setText(message)
        if self._outcome_text:
            # the classification failed after the solve: its verdict still stands
            self.first_moves.clear(f"First moves: {message}")
            return
        self.verdict_label.clear()
        self.clear_badge()
