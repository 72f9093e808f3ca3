"""The proof browser: tree view, explanation panel, legend, SGF export and "try it" mode.

Holds the current path into the proof and tells the board what to show via
``position_changed(view, overlay)``.  Keys (on the tree, and forwarded from
the board by the window): ←/→ back and forward along the line, ↑/↓ between
siblings, Home/End to the root and to the end of the line.  In "try it"
mode the user plays the problem as posed, the side to move, on the board and
the app answers from the proof (:class:`~tsumego_gui.qt.proof_view.TryIt`);
once a classification of the first moves is known
(:meth:`ProofBrowser.set_classification`), the user may play any first move,
and the app answers from that move's proof
(:class:`~tsumego_gui.qt.try_first_move.TryFirstMove`).  The window may
hand in its own game instead (``game_factory``: practice mode,
``qt.practice``), which also runs where there is no proof yet.
The proof shown may be a first move's proof, rooted after that move
(``set_proof(proof, first_move=...)``).
Knows the proof and its views; nothing about solving or files.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QItemSelectionModel, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from engine_cy.board import Board
from tsumego_gui.core import coords
from tsumego_gui.core.book_lines import Book
from tsumego_gui.core.problem import Problem
from tsumego_gui.qt.board_painter import NEXT_MOVE, THEMES
from tsumego_gui.qt.proof_model import ProofTreeModel
from tsumego_gui.qt.proof_view import (
    TryIt,
    explain,
    gui_reader,
    node_and_moves,
    overlay_at,
)
from tsumego_gui.qt.try_first_move import TryFirstMove
from tsumego_gui.search.classify import Classification
from tsumego_gui.search.line_diagram import first_move_start, proof_line
from tsumego_gui.search.line_threats import ThreatReader
from tsumego_gui.search.proof import (
    STUBBORN_WALK,
    Proof,
    ProofNode,
    book_reply,
    line_lengths,
    stubborn_reply,
    with_other_side,
)

NAV_KEYS = {Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down,
            Qt.Key.Key_Home, Qt.Key.Key_End}
# what the browser says with no proof to show, before any solve
NOT_SOLVED_TEXT = "Solve the problem to browse its proof here."
TEXT_MARGIN = 20      # a button's frame and padding beside its words, in pixels


def legend_html(theme_name: str, kill_all: bool = False) -> str:
    """The legend's items in ``theme_name``'s colours; on a kill-all board (``kill_all``:
    goal live_any, QA s57 kill-all D6) without crucial stones, which it has none of."""
    t = THEMES.get(theme_name, THEMES["light"])

    def swatch(colour: str, text: str, shape: str = "■") -> str:
        return f"<span style='color:{colour[:7]}'>{shape}</span>&nbsp;{text}"
    # an item a line at the dock's first width (QA s50: at 1240x680 the nine lines the
    # long items wrapped to left the proof tree two rows); the tooltip says them in full
    items = [swatch(t.zone, "relevance zone") + ("" if kill_all else "&nbsp;&nbsp; "
                                                 + swatch(t.crucial, "crucial stones", "△")),
             swatch(t.must_answer, "moves the proof must answer", "□"),
             swatch(t.pruned, "null moves (answered as in another line)", "✕"),
             swatch(t.uca, "unconditionally alive", "◯") + "&nbsp;&nbsp; "
             + swatch(t.vital, "vital regions", "●"),
             swatch(t.marker, "next move; dot: the last move", NEXT_MOVE),
             # QA s45: the frame's stones were drawn apart with no word of what they are
             swatch("#808080", "faded stones: the frame of a book problem", "●")]
    return "<br>".join(items)


LEGEND_TIP = ("Shaded: the relevance zone, the points that decide this node's result.\n"
              "△ crucial stones: the stones that must live (or be killed).\n"
              "□ moves the proof must answer: each move of the side to move that loses "
              "here.\n"
              "✕ null moves: moves outside a line's zone, answered as in that line.\n"
              "◯ unconditionally alive chains; ● their vital regions.\n"
              f"{NEXT_MOVE} the proof's next move (its number, with move numbers on); dot: "
              "the last move.\n"
              "Small faded stones: the frame added around a book problem.\n"
              "Help › How to read the screen says more.")


class ProofBrowser(QWidget):
    position_changed = Signal(object, object)     # BoardView, Overlay
    export_requested = Signal()
    # the Pass button: the window plays it as Shift+P does (QA s54 D7: the button's pass
    # ended a game whose result the status bar never said)
    pass_requested = Signal()
    try_mode_changed = Signal(bool)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.proof: Proof | None = None
        self.first_move: int | None = None     # set when the proof is a first move's
        # the problem file's lines, which the main line follows where the proof holds their
        # moves (``search.proof.book_reply``; the window gives them: none once edited)
        self.book_source: Callable[[], Book] = dict
        self._ko_book: tuple[tuple, Book] | None = None     # ``_line_book``'s, by its sources
        self.heading = ""                      # what the proof is, when not the board's
        self.classification: Classification | None = None
        self.model: ProofTreeModel | None = None
        self.path: tuple[int, ...] = ()
        self.try_it: TryIt | TryFirstMove | None = None
        # builds the game "try it" plays (None: a TryIt / TryFirstMove over what is shown)
        self.game_factory: Callable[[], object | None] | None = None
        # called before a game restarts (the window drops an answer still being computed:
        # a restart may ask for a new one at once)
        self.before_restart: Callable[[], None] | None = None
        layout = QVBoxLayout(self)
        self.tree = QTreeView()
        self.tree.setUniformRowHeights(True)       # keeps huge trees cheap to lay out
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setAllColumnsShowFocus(True)
        self.tree.setIndentation(14)               # deep lines stay narrow
        self.tree.header().setStretchLastSection(False)
        self.tree.installEventFilter(self)
        self.explanation = QPlainTextEdit()
        self.explanation.setReadOnly(True)
        self.explanation.setObjectName("explanation")
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.tree)
        split.addWidget(self.explanation)
        split.setSizes([300, 200])
        layout.addWidget(split, 1)
        # folded away by a player who knows it, for the tree's sake in a short window
        self.legend_button = QToolButton()
        self.legend_button.setText("Legend")
        self.legend_button.setCheckable(True)
        self.legend_button.setChecked(True)
        self.legend_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.legend_button.setAutoRaise(True)
        self.legend_button.setToolTip("Show or fold the legend of the board's marks (Help › "
                                      "How to read the screen says more)")
        self.legend_button.toggled.connect(self.show_legend)
        layout.addWidget(self.legend_button)
        self._theme = "light"
        self._goal = ""         # the problem's on the board (``show_goal``)
        self.legend = QLabel(legend_html(self._theme))
        self.legend.setObjectName("legend")
        self.legend.setWordWrap(True)        # its long lines must not widen the dock
        self.legend.setToolTip(LEGEND_TIP)
        layout.addWidget(self.legend)
        self.show_legend(True)
        # the keys' moves by mouse too (QA s45: keys, wheel and tree only)
        nav = QHBoxLayout()
        self.nav_buttons = []
        for text, tip, walk in (("|◀", "the proof's root (Home)", self.home),
                                ("◀", "back one move (←)", self.back),
                                ("▶", "forward along the main line (→)", self.forward),
                                ("▶|", "to the end of the main line (End)", self.end)):
            button = QPushButton(text)
            button.setToolTip(tip)
            button.clicked.connect(walk)
            nav.addWidget(button)
            self.nav_buttons.append(button)
        layout.addLayout(nav)
        row = QHBoxLayout()
        self.export_button = QPushButton("Export…")
        self.export_button.setToolTip("the proof as SGF; with a classification of the first "
                                      "moves, that as SGF or JSON")
        self.export_button.clicked.connect(self.export_requested)
        self.try_button = QPushButton("Practice")
        self.try_button.setCheckable(True)
        self.try_button.setToolTip("play the problem as posed (the side to move) against "
                                   "the proof; with the first moves classified, any first "
                                   "move")
        self.try_button.toggled.connect(self.set_try_mode)
        self.restart_button = QPushButton("Restart")
        self.restart_button.setToolTip("play the practice game again from the start (R)")
        self.restart_button.clicked.connect(self.restart_try)
        self.pass_button = QPushButton("Pass")
        self.pass_button.setToolTip("pass in practice (Shift+P)")
        self.pass_button.clicked.connect(self.pass_requested)
        for b in (self.export_button, self.try_button, self.restart_button, self.pass_button):
            row.addWidget(b)
        layout.addLayout(row)
        # as narrow as their words: the style's 80-px least width per button held the dock
        # at 356 px and left the board to shrink alone in a small window (QA s46)
        for b in (*self.nav_buttons, self.export_button, self.try_button,
                  self.restart_button, self.pass_button):
            b.setMinimumWidth(b.fontMetrics().horizontalAdvance(b.text()) + TEXT_MARGIN)
        self.set_proof(None)

    # ---- proof --------------------------------------------------------------------------

    def set_proof(self, proof: Proof | None, first_move: int | None = None, *,
                  empty_text: str = NOT_SOLVED_TEXT, heading: str = "") -> None:
        """Browse ``proof``; ``first_move``: the move that led to its root, for a first
        move's proof (``search.classify``), shown played on the board.  ``empty_text``:
        what to say when there is no proof (e.g. that the last solve found none).
        ``heading``: what the proof is, said above every node's explanation, for a proof
        whose problem is not the one on the board (an area's: its goal may differ)."""
        self.try_button.setChecked(False)
        self.proof = proof
        self._show_legend_items()
        # a new proof starts at its root: the old path may lead nowhere in it (QA s46: a
        # shorter proof after browsing a long one stopped the app with an IndexError)
        self.path = ()
        self.heading = heading if proof is not None else ""
        self.first_move = first_move if proof is not None else None
        old = self.model
        self.model = ProofTreeModel(proof, self, self.first_move) if proof is not None else None
        self.tree.setModel(self.model)
        # the view makes a selection model for each model it is given (its header another,
        # which the view's replaces at once) and deletes none: all but the one in use go
        # (QA s47: two more QItemSelectionModels under the window at every problem)
        in_use = self.tree.selectionModel()
        for view in (self.tree, self.tree.header()):
            for selection in view.findChildren(QItemSelectionModel,
                                               options=Qt.FindChildOption.FindDirectChildrenOnly):
                if selection is not in_use:
                    selection.deleteLater()
        if old is not None:
            old.deleteLater()
        self.export_button.setEnabled(proof is not None)
        self.try_button.setEnabled(proof is not None or self.game_factory is not None)
        self.restart_button.setEnabled(False)
        self.pass_button.setEnabled(False)
        self._enable_nav()
        if proof is None:
            self.explanation.setPlainText(empty_text)
            return
        self.tree.selectionModel().currentChanged.connect(self._current_changed)
        self.tree.expand(self.model.index_for_path(()))
        # the Move column grows with the lines opened (a fixed width cut "B D4" to "B…" some
        # five moves deep); Qt measures only the rows on screen, so a huge proof stays cheap
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        # the zone's size (a short number) as wide as it and its title, the status the rest:
        # a fixed status width pushed "Zone" past the edge of the dock
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.go_to(())

    def set_classification(self, c: Classification | None) -> None:
        """The first moves' classification that "try it" answers from (None: the proof's).
        A game against the proof goes on (the next one uses ``c``); one over an older
        classification stops."""
        if isinstance(self.try_it, TryFirstMove) and self.try_it.classification is not c:
            self.set_try_mode(False)
        self.classification = c

    def set_theme(self, name: str) -> None:
        self._theme = name
        self._show_legend_items()

    def show_goal(self, goal: str) -> None:
        """The legend for ``goal``, the problem's on the board, until a proof says its own
        (QA s59: a kill-all board's listed crucial stones until the first solve)."""
        self._goal = goal
        self._show_legend_items()

    def _show_legend_items(self) -> None:
        goal = self.proof.problem.goal if self.proof is not None else self._goal
        self.legend.setText(legend_html(self._theme, goal == "live_any"))

    def show_legend(self, shown: bool) -> None:
        """Show or fold the legend (the button's state follows)."""
        self.legend_button.setChecked(shown)
        self.legend_button.setArrowType(Qt.ArrowType.DownArrow if shown
                                        else Qt.ArrowType.RightArrow)
        self.legend.setVisible(shown)
        self._fit_legend()

    def line(self) -> tuple[Board, list[int]] | None:
        """(the position the line shown starts from, its moves to the current node): from
        before the first move for a first move's proof whose classification is known, else
        from the proof's root; None with no proof, or in "try it" (a game, not the proof)."""
        found = self._line()
        return None if found is None else found[:2]

    def main_line(self, first: int | None = None) -> tuple[Board, list[int], bool,
                                                            Problem] | None:
        """:meth:`line` gone on from the node shown by the proof's main line
        (``search.line_diagram.proof_line``; ``first``: its move at the proof's root, where
        the root is shown): (its start, its moves, whether the main line was cut, the
        problem at the start under the proof's ko rule); None as for :meth:`line`."""
        found = self._line()
        if found is None:
            return None
        board, moves, start = found
        there: Board | None = board.copy()
        for move in moves:
            if not there.is_legal(move):
                there = None
                break
            there.play(move)
        more, cut = proof_line(self.node(), there, first if not self.path else None,
                               goes_on=bool(moves), book=self._line_book(),
                               before=self._walked(self.path)[1], threats=self._reader(),
                               lengths=line_lengths(self.proof))
        return board, moves + more, cut, start

    def _line_book(self) -> Book:
        """The lines the main line follows where the proof holds their moves: the file's
        (``book_source``), then, for one side of a ko first move (of its class or its
        fight), the other side's main line, so that the line goes into the ko as far as
        its own ko rule lets it (QA s54: the side that may not take the ko avoided it and
        died, no ko in sight)."""
        book = self.book_source()
        c, first = self.classification, self.first_move
        fm = None if c is None or first is None else \
            next((m for m in c.moves if m.move == first), None)
        other = None if fm is None else c.ko_other_side(fm, self.proof)
        if other is None:
            return book
        # no file's lines come as a new empty dict each time: one key for them all
        key = (book or None, self.proof, other)
        known = self._ko_book
        if known is None or any(a is not b for a, b in zip(known[0], key, strict=True)):
            self._ko_book = key, with_other_side(book, first, other, c.to_play)
        return self._ko_book[1]

    def _line(self) -> tuple[Board, list[int], Problem] | None:
        if self.proof is None or self.try_it is not None:
            return None
        _, moves = node_and_moves(self.proof, self.path)
        c = self.classification
        if self.first_move is not None and c is not None:
            # the position before the first move under the proof's ko rule, which the line
            # is played by
            found = first_move_start(c.problem, c.to_play, self.first_move, self.proof)
            if found is not None:
                return found[0], [self.first_move, *moves], found[1]
        return self.proof.board(), moves, self.proof.problem

    # ---- navigation ---------------------------------------------------------------------

    def node(self):
        return self.model.node_at(self.path) if self.model else None

    def go_to(self, path: tuple[int, ...]) -> None:
        if self.model is None:
            return
        self.path = tuple(path)
        index = self.model.index_for_path(self.path)
        if self.tree.currentIndex() != index:
            self.tree.selectionModel().setCurrentIndex(
                index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)
        self.tree.scrollTo(index)
        self._show()

    def _show(self) -> None:
        if self.try_it is not None:
            view, overlay = self.try_it.overlay()
            self.explanation.setPlainText("\n".join(self.try_it.log))
            # the game's log grows at its end: the last move and the result show
            self.explanation.moveCursor(QTextCursor.MoveOperation.End)
            self.position_changed.emit(view, overlay)
            return
        pos, overlay = overlay_at(self.proof, self.path, self.first_move)
        if self.heading:
            text = self.heading + "\n" + explain(self.proof, self.path, self.first_move,
                                                 "This proof's problem")
        else:
            text = explain(self.proof, self.path, self.first_move)
        self.explanation.setPlainText(text)
        self._enable_nav()
        self.position_changed.emit(pos.view, overlay)

    def _enable_nav(self) -> None:
        """The walk's buttons where they lead somewhere: not during a game (it is played on
        the board, not walked), back only below the root, forward only above a leaf."""
        walking = self.proof is not None and self.try_it is None and self.model is not None
        below = walking and bool(self.model.node_at(self.path).children)
        for button, on in zip(self.nav_buttons, (walking and bool(self.path),) * 2
                              + (below,) * 2, strict=True):
            button.setEnabled(on)

    def forward(self) -> None:
        """One move along the main line: the prover's move, else the most stubborn reply, as
        the diagram draws it (QA s51: the first child, often the attacker's pass, made a
        line of passes)."""
        node = self.node()
        if node is not None and node.children:
            self._reader().new_line()       # this step's questions get budgets of their own
            self.go_to(self.path + (self._main_child(node, *self._walked(self.path)),))

    def _walked(self, path: tuple[int, ...]) -> tuple[Board, list[int]]:
        """(the position at the node at ``path``, the moves to it from the problem's
        position: a first move's proof starts after that move)."""
        moves = node_and_moves(self.proof, path)[1]
        board = self.proof.board()
        for move in moves:
            board.play(move)
        return board, ([] if self.first_move is None else [self.first_move]) + moves

    def _main_child(self, node: ProofNode, board: Board, before: list[int]) -> int:
        """The index of the child the main line takes at ``node`` (``board``: its
        position; ``before``: the moves to it from the problem's position); the reader's
        budgets are the line's that :meth:`forward` or :meth:`end` began."""
        move = node.prover_move
        if move is None:
            move = book_reply(self._line_book(), before, node, board.to_play)
        if move is None:
            move = stubborn_reply(node, board, line_lengths(self.proof), STUBBORN_WALK,
                                  threats=self._reader())
        return next(i for i, (m, _) in enumerate(node.children) if m == move)

    def _reader(self) -> ThreatReader:
        """The main line's reader of the attacker's threats: the proof's
        (``line_threats.reader_for``), whose questions the worker may have asked already,
        hurried to ``GUI_LINE_SECONDS`` a line (this thread waits for its searches)."""
        return gui_reader(self.proof)

    def back(self) -> None:
        if self.path:
            self.go_to(self.path[:-1])

    def sibling(self, step: int) -> None:
        if not self.path or self.model is None:
            return
        parent = self.model.node_at(self.path[:-1])
        i = self.path[-1] + step
        if 0 <= i < len(parent.children):
            self.go_to(self.path[:-1] + (i,))

    def home(self) -> None:
        self.go_to(())

    def end(self) -> None:
        """To the end of the main line (:meth:`forward` to a leaf)."""
        if self.model is None:
            return
        path, node = self.path, self.node()
        board, before = self._walked(path)
        # one line's budgets for the whole walk (helper s58: each step's own made a first
        # End on a first move's proof wait up to 1.8 s)
        self._reader().new_line()
        while node.children:
            i = self._main_child(node, board, before)
            move, node = node.children[i]
            board.play(move)
            before.append(move)
            path += (i,)
        self.go_to(path)

    def follow(self, loc: int) -> str:
        """Go to the child of the current node whose move is ``loc`` (a click on the board);
        a null move goes to the line of the move that covers it.  Returns what to tell the
        user ("" when the move is in the proof)."""
        if self.model is None:
            return ""
        node = self.model.node_at(self.path)
        moves = [m for m, _ in node.children]
        if loc in moves:
            self.go_to(self.path + (moves.index(loc),))
            return ""
        covers = dict(node.pruned)
        if loc in covers and covers[loc] in moves:
            self.go_to(self.path + (moves.index(covers[loc]),))
            return (f"{coords.to_gtp(loc, self.proof.problem.size)} is a null move here: "
                    f"shown as the line of {coords.to_gtp(covers[loc], self.proof.problem.size)}"
                    ", which answers it.")
        if node.prover_move is not None:
            return (f"The proof plays {coords.to_gtp(node.prover_move, self.proof.problem.size)}"
                    " here; it has no line for other moves.")
        return "No line of the proof plays there."

    def handle_key(self, key: int) -> bool:
        """Navigate for a key; True when the key was a navigation key."""
        if self.model is None or self.try_it is not None or key not in NAV_KEYS:
            return False
        {Qt.Key.Key_Left: self.back, Qt.Key.Key_Right: self.forward,
         Qt.Key.Key_Up: lambda: self.sibling(-1), Qt.Key.Key_Down: lambda: self.sibling(1),
         Qt.Key.Key_Home: self.home, Qt.Key.Key_End: self.end}[key]()
        return True

    def step(self, n: int) -> None:
        """Mouse wheel: n > 0 forward, n < 0 back."""
        for _ in range(abs(n)):
            self.forward() if n > 0 else self.back()

    def resizeEvent(self, event) -> None:  # noqa: N802
        # a wrapped label gets less height than its lines need when the dock is short (QA
        # s50: the legend's last line was cut in half behind the buttons at the first
        # window size): the tree and the explanation above it give way instead
        super().resizeEvent(event)
        self._fit_legend()

    def _fit_legend(self) -> None:
        self.legend.setMinimumHeight(self.legend.heightForWidth(self.legend.width()))

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if obj is self.tree:
            if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
                if self.handle_key(event.key()):
                    return True
        return super().eventFilter(obj, event)

    def _current_changed(self, current, previous) -> None:
        self.sync_from_tree()

    def sync_from_tree(self) -> None:
        """Follow the tree's current item (clicks and keyboard of the view itself)."""
        path = self.model.path_of(self.tree.currentIndex()) if self.model else None
        if path is not None and path != self.path:
            self.go_to(path)

    # ---- try it -------------------------------------------------------------------------

    def set_try_mode(self, on: bool) -> None:
        """Start a game (``on``) over what the browser holds, or end the one played;
        ``try_mode_changed`` where one starts or ends (QA s56 editor D5: Ctrl+2 ended no
        game, and the signal took the board's keyboard cursor away)."""
        was = self.try_it is not None
        if on and self.game_factory is not None:
            self.try_it = self.game_factory()
        elif on and self.classification is not None:
            self.try_it = TryFirstMove(self.classification)
        elif on and self.proof is not None and self.first_move is None:
            self.try_it = TryIt(self.proof)
        elif on and self.proof is not None:
            # a first move's proof without its classification: start after that move
            self.try_it = TryIt(self.proof, first_move=self.first_move)
        else:
            self.try_it = None
        self.restart_button.setEnabled(self.try_it is not None)
        self.pass_button.setEnabled(self.try_it is not None)
        self._enable_nav()
        if self.try_button.isChecked() != (self.try_it is not None):
            self.try_button.setChecked(self.try_it is not None)
        if on or was:
            self.try_mode_changed.emit(self.try_it is not None)
        if self.proof is not None or self.try_it is not None:
            self._show()

    def refresh(self) -> None:
        """Show the game (or the node) again: the game changed outside a move of the board
        (an answer computed on demand)."""
        if self.proof is not None or self.try_it is not None:
            self._show()

    def restart_try(self) -> None:
        if self.try_it is not None:
            if self.before_restart is not None:
                self.before_restart()
            self.try_it.restart()
            self._show()

    def try_move(self, loc: int) -> str:
        if self.try_it is None:
            return ""
        text = self.try_it.play(loc)
        self._show()
        return text
