"""The first-move list: every first move of the side to move with its class, colour-coded.

Shows a ``search.classify.Classification``: above the list, the position's
class in words (left out where the verdict above says it: ``said_above``) and
how many moves were classified; then a "position" row (selecting it goes back to the main
proof) and one row per first move (GTP name or ``pass``) with its class as
the side to move names it in a word ("kills", "fails", "seki", "ko", ...; the
full words, ``Classification.words``, in its tooltip) and whether its proofs
were verified.  Emits ``chosen`` with
the row's ``FirstMove``, or None for the position row.  A move with more
than one proof (a class made by a win and a loss, a ko figure's win with n
threats and loss with n - 1) has a row below it per proof, saying what it
proves under which rules; selecting one emits ``proof_chosen``.  While the
classification runs, each move is listed as soon as it has its class (a
running snapshot: the moves not decided yet read "deciding…"), and the row the
user selected stays selected as the list fills in (the list keeps where it is
scrolled to and the rows expanded).  A classification the user stopped says so
for its open moves ("stopped by you", not the budget).  Where the solve proved
the position's verdict but its class stayed open, the position row says the
verdict and that only the class is open, never "open" alone (which would read
as doubting the verified verdict); a move the solve's proof wins with whose
class stayed open reads "wins (solve)".  A text longer than the class column
(a proof's row, an open verdict) wraps onto more lines.  The list asks for the
height of its rows (up to ``WANTED_ROWS``); an empty one is hidden, and so is the
line above it where it has nothing to say.

Colours are badges (a saturated background with its own text colour), so
they read the same on a light and on a dark palette, and they follow the side
to move as the words do: green its best result (a life, a kill), red a move
that fails it, orange a ko, teal the defender's seki.  Knows classifications
and coordinates; nothing about solving, proofs' contents or the board.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Sequence

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine_cy.board import PASS
from tsumego_gui.core import coords
from tsumego_gui.core.book_lines import Book, moves_at
from tsumego_gui.core.sgf_io import RIGHT, WRONG
from tsumego_gui.core.wording import PLAYERS, capitalised, rules_text
from tsumego_gui.search.classify import OPEN, Classification, FirstMove, pass_note
from tsumego_gui.search.proof import Proof

# (background, text) per class as the side to move reads it (``class_colours``): mid-tone
# backgrounds with white or black text read on both themes; the hues are the usual ones
# (green good, red bad, orange "it depends", teal the defender's seki)
CLASS_COLOURS = {
    "best": ("#1e8449", "#ffffff"),
    "seki": ("#117a8b", "#ffffff"),
    "ko": ("#e67e22", "#000000"),
    "fails": ("#c0392b", "#ffffff"),
    OPEN: ("#7f8c8d", "#ffffff"),
}
# a class (the defender's word) -> its colour for the side to move (defender to move): the
# attacker's kill is its green, a seki is its failure (QA s43: the killing move was red)
MOVER_COLOURS = {True: {"lives": "best", "seki": "seki", "ko": "ko", "dies": "fails"},
                 False: {"dies": "best", "ko": "ko", "seki": "fails", "lives": "fails"}}
# the second column holds the mover's word ("kills", "fails"), not the defender's class
# that ``tsumego solve --all`` prints under "class": its header names the mover (QA s44)
COLUMNS = ("Move", "Result", "Proof")
CLASS_COLUMN = 1
# an open move of a classification the user stopped (``Classification.words`` says the budget)
STOPPED_WORDS = "open (stopped by you)"
ROLE = Qt.ItemDataRole.UserRole
# the rows the list asks room for (the position row and seven moves, of one line each):
# more scroll, so that a 19x19 problem's many moves leave the verdict above them some room
WANTED_ROWS = 8
WORDS_ROLE = ROLE + 1       # a row's class in full words (its cell holds a short word)
# a proven verdict as the side to move reads it: (defender to move, verdict) -> words
VERDICT_WORDS = {(True, "lives"): "lives", (True, "dies"): "dies",
                 (False, "lives"): "fails", (False, "dies"): "kills"}
# a class in the list's narrow column, as the side to move reads it (defender to move):
# the word a player uses; the full words (``Classification.words``) are the cell's tooltip
SHORT_WORDS = {True: {"lives": "lives", "seki": "seki", "ko": "ko", "dies": "dies"},
               False: {"dies": "kills", "ko": "ko", "seki": "fails (seki)", "lives": "fails"}}


# a row's mark for the problem file's own first move, by its line's verdict, and its tooltip
BOOK_MARKS = {RIGHT: (" · book ✓", "The problem file's own solution: its correct line."),
              WRONG: (" · book ✗", "The problem file's own solution: a failure line."),
              "": (" · book", "The problem file's own solution: a line it gives.")}


def class_colours(c: Classification, cls: str) -> tuple[str, str]:
    """(background, text) of a class's badge as ``c``'s side to move reads it."""
    return CLASS_COLOURS[OPEN if cls == OPEN else MOVER_COLOURS[c.defender_to_move][cls]]


def short_class(c: Classification, cls: str) -> str:
    """A class in the list's column (``SHORT_WORDS``; "open" for an open move)."""
    return "open" if cls == OPEN else SHORT_WORDS[c.defender_to_move][cls]


def verified_text(fm: FirstMove) -> tuple[str, str]:
    """(cell text, tooltip) saying what the verifier found of a move's proofs."""
    if fm.cls == OPEN:
        return "—", f"open: {fm.why_open or 'not decided'}; no proof"
    if fm.ends_game:
        return "✔ no proof needed", fm.by_the_rules
    rules = ", ".join(str(p.stats.get("rules", "?")) for p in fm.proofs)
    forbidden = f"; the move is {fm.forbidden}" if fm.forbidden else ""
    if fm.verification == "verified":
        return "✔ verified", f"{len(fm.proofs)} proof(s) ({rules}), each checked by the " \
                             f"independent verifier{forbidden}"
    return "✘ not verified", f"the verifier: {fm.verification or 'not checked'} ({rules})"


def proof_rows(fm: FirstMove) -> list[tuple[str, Proof]]:
    """(what it proves, proof) for each proof of a move that has more than one: the
    class's, then the ko figure's."""
    proofs = fm.proofs + (fm.ko.proofs if fm.ko is not None else [])
    if len(proofs) < 2:
        return []
    out = []
    for proof in proofs:
        defender = PLAYERS[proof.problem.defender]
        lives = "lives" if proof.root.won else "dies"
        out.append((f"{defender} {lives}: {rules_text(proof.problem)}", proof))
    return out


@functools.cache
def swatch(colour: str) -> QIcon:
    """One icon per colour, made once: Qt caches a scaled pixmap per icon painted, and a
    new icon for each row of each snapshot of a running classification filled its
    pixmap cache (QA s47: some 80 KB a request, to the cache's 10 MB)."""
    pix = QPixmap(12, 12)
    pix.fill(QColor(colour))
    return QIcon(pix)


class _RowsTree(QTreeWidget):
    """The list itself, asking for the height of its rows (up to that of ``WANTED_ROWS``
    rows of one line: a proof's rows wrap onto four or five), so that a dock that has the
    room shows them all; never less than some four rows."""

    def sizeHint(self) -> QSize:  # noqa: N802
        size = super().sizeHint()
        item = self.topLevelItem(0)
        one_line = self.indexRowSizeHint(self.indexFromItem(item)) if item is not None else 0
        rows = 0
        while item is not None:
            rows += self.indexRowSizeHint(self.indexFromItem(item))
            item = self.itemBelow(item)
        height = 2 * self.frameWidth() + self.header().sizeHint().height() \
            + min(rows, WANTED_ROWS * one_line)
        return QSize(size.width(), max(height, self.minimumHeight()))


class FirstMoveList(QWidget):
    chosen = Signal(object)        # FirstMove, or None for the position row
    proof_chosen = Signal(object, object)      # FirstMove, one of its proofs

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.classification: Classification | None = None
        # the problem file's own lines, whose first moves the rows mark (the window's)
        self.book_source: Callable[[], Book] = dict
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.status_label = QLabel()
        self.status_label.setObjectName("position_class")
        self.status_label.setWordWrap(True)
        self.status_label.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.status_label)
        self.tree = _RowsTree()
        self.tree.setObjectName("first_moves")
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels(list(COLUMNS))
        # the dock is narrow: move and proof columns as wide as their text, the class the
        # rest, its longer words ("ko (must win the ko to kill)") on more lines
        self.tree.setWordWrap(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(CLASS_COLUMN, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        # a new width wraps the class text anew: the rows take their heights again
        header.sectionResized.connect(self._class_width_changed)
        # room for the position row and a few moves before it scrolls (more would push the
        # window past a 1280x720 screen)
        self.tree.setMinimumHeight(5 * self.tree.fontMetrics().height() + 16)
        self.tree.currentItemChanged.connect(self._current_changed)
        # a proof's rows shown or hidden: the list asks for another height
        self.tree.itemExpanded.connect(self.tree.updateGeometry)
        self.tree.itemCollapsed.connect(self.tree.updateGeometry)
        layout.addWidget(self.tree, 1)
        self.clear()

    def _class_width_changed(self, section: int, _old: int, new: int) -> None:
        if section == CLASS_COLUMN:
            # the header's sectionSize() still gives the old width while this is emitted
            self._fit_rows(new)
            self.tree.doItemsLayout()
            self.tree.updateGeometry()

    def _fit_rows(self, column_width: int | None = None) -> None:
        """Each row as tall as its class text wrapped to the class column's width (one
        line by default, whatever the width: the text was cut, "ko (must win …"), as a
        size hint that Qt's own delegate reads: a delegate of ours was asked again for
        every row at every layout, each time a call into Python that waited for the GIL
        while a search ran (helper s58 stall probe: 96 calls in one tick)."""
        if column_width is None:
            column_width = self.tree.header().sectionSize(CLASS_COLUMN)
        width = max(1, column_width - 8)        # the cell's margins: the style's, as painted
        metrics = self.tree.fontMetrics()
        rows = [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]
        for item in rows + [row.child(i) for row in rows for i in range(row.childCount())]:
            text = item.text(CLASS_COLUMN)
            lines = metrics.boundingRect(QRect(0, 0, width, 10_000),
                                         Qt.TextFlag.TextWordWrap, text)
            # no text: no height of its own (the other cells' one line)
            item.setSizeHint(CLASS_COLUMN, QSize(width, lines.height() + 4 if text else 0))

    # ---- contents -----------------------------------------------------------------------

    def clear(self, text: str = "") -> None:
        self.classification = None
        self.tree.blockSignals(True)
        self.tree.clear()
        self.tree.blockSignals(False)
        self.status_label.setText(text)
        self.tree.setHeaderLabels(list(COLUMNS))
        self.tree.setEnabled(False)
        # an empty list's header alone says nothing, and with a line that only said "solve
        # first" it took the height of some four rows from the Problem panel while a
        # position is set up (the line above the board says that Space solves)
        self.status_label.setVisible(bool(text))
        self.tree.setVisible(False)

    def show_classification(self, c: Classification, proven: str | None = None,
                            winning: Sequence[int] = (), said_above: bool = False) -> None:
        """Show ``c``; a running snapshot (``Classification.running``) lists its open moves
        as not decided yet.  A later snapshot or the final classification of the same
        position keeps the row the user selected, without choosing it again, the rows
        expanded and where the list was scrolled to.  ``proven``: the position's verdict
        ("lives" or "dies") where the solve proved it; ``winning``: the moves its proof
        wins with (an open one is listed as winning by the solve).  The class column
        holds a player's word for the class; its full words are the cell's tooltip.
        ``said_above``: the verdict above the list says the position's class, so the line
        above the rows keeps to the counts (QA s55: the ko sentence was said twice, and the
        repeat took the height of two rows)."""
        same = (self.classification is not None and self.classification.problem is c.problem
                and self.classification.to_play == c.to_play)
        kept = self._selected_key() if same else None
        expanded = self._expanded_moves() if same else set()
        scrolled = self.tree.verticalScrollBar().value()
        self.classification = c
        size = c.problem.size
        mover = PLAYERS[c.to_play]
        self.tree.setHeaderLabels([COLUMNS[0], f"{COLUMNS[1]} for {mover}", COLUMNS[2]])
        bg, fg = class_colours(c, c.status)
        status = c.status_words()
        why = "stopped by you" if c.cancelled else "budget ran out"
        verdict = VERDICT_WORDS.get((c.defender_to_move, proven))
        if c.status == OPEN and c.running:
            status = "deciding…"
        elif c.status == OPEN and verdict is not None:
            # the verdict stands (the solve proved it); what is open is which class it is
            status = f"{verdict} (proven); class open ({why})"
        elif c.status == OPEN and c.cancelled:
            status = STOPPED_WORDS
        opened = sum(1 for m in c.moves if m.cls == OPEN)
        decided = f"{len(c.moves) - opened} of {len(c.moves)}"
        if c.running:
            counted = f"{decided} first moves classified so far ({c.seconds:.1f} s, " \
                      f"{c.nodes:,} nodes)…"
        else:
            note = f"; {opened} move(s) open ({why})" if opened else ""
            if c.status == OPEN and verdict is not None:
                note += ": the verdict above stands; whether it is a ko or a seki is open"
            counted = f"{decided if opened else len(c.moves)} first moves classified in " \
                      f"{c.seconds:.1f} s, {c.nodes:,} nodes{note}"
        need_not = [f"{mover} need not play: a tenuki keeps this result"] \
            if not c.running and c.need_not_play else []
        notes = "".join(f"<br><small>{html.escape(n)}</small>"
                        for n in need_not + c.set_aside())
        heading = "" if said_above else (
            f"<b>{mover} to play:</b> <span style='background:{bg}; color:{fg}'>"
            f"&nbsp;{status}&nbsp;</span><br>")
        self.status_label.setText(f"{heading}<small>{counted}</small>{notes}")
        self.status_label.setVisible(True)
        self.tree.blockSignals(True)
        self.tree.clear()
        # the full words are in the line above: the row keeps to a player's word for it
        cell = short_class(c, c.status) if status == c.status_words() else status
        top = QTreeWidgetItem(["Position", cell, "main proof"])
        top.setData(0, ROLE, None)
        top.setToolTip(0, "the position itself: browse the solver's proof")
        top.setToolTip(1, status)
        self._paint(top, c, c.status)
        self.tree.addTopLevelItem(top)
        best = set(c.best_moves()) if c.status != OPEN else set()
        # the file's own first moves, marked (QA s56 book19: its failure moves were named
        # nowhere, its right ones only under the verdict); after an edit the file's lines
        # no longer apply, but the problem keeps its answers, which the verdict's "Book:"
        # note names: they keep their mark (QA s59: the note pointed at a mark not there)
        book = {e.move: e.verdict for e in moves_at(self.book_source(), (), c.to_play)} or \
            dict.fromkeys(c.problem.book_moves_for(c.to_play), "")
        for fm in c.moves:
            text, tip = verified_text(fm)
            words, cell = c.move_words(fm), short_class(c, fm.cls)
            why = fm.why_open
            if fm.cls == OPEN and fm.move in winning:
                cell = words = "wins (solve)"
                why = ("the solve proved that this move wins (its proof is the Position "
                       f"row's); its class was not decided: {why or 'not decided'}")
            elif c.running and fm.cls == OPEN:
                cell = words = "deciding…"
                why = "not decided yet: the classification is running"
            elif c.cancelled and fm.cls == OPEN:
                words = STOPPED_WORDS
            name = coords.to_gtp(fm.move, size)
            if fm.move in book:
                name += BOOK_MARKS[book[fm.move]][0]
            item = QTreeWidgetItem([name, cell, text])
            item.setData(0, ROLE, fm)
            item.setData(1, WORDS_ROLE, words)
            item.setToolTip(1, why if fm.cls == OPEN else words)
            item.setToolTip(2, tip)
            if fm.move == PASS:
                item.setToolTip(0, capitalised(pass_note(c.problem)) + ".")
            elif fm.move in book:
                item.setToolTip(0, BOOK_MARKS[book[fm.move]][1])
            self._paint(item, c, fm.cls)
            if fm.move in best:
                font = item.font(0)
                font.setBold(True)
                item.setFont(0, font)
            for label, proof in proof_rows(fm):
                child = QTreeWidgetItem(["", label, "browse"])
                child.setData(0, ROLE, (fm, proof))
                child.setToolTip(1, label)
                item.addChild(child)
            self.tree.addTopLevelItem(item)
            item.setExpanded(fm.move in expanded)
        self._fit_rows()
        self.tree.setCurrentItem(self._item_of(kept) or top)
        self.tree.blockSignals(False)
        self.tree.setEnabled(True)
        self.tree.setVisible(True)
        self.tree.updateGeometry()      # its rows' height, asked for (``_RowsTree``)
        if same:
            # after the rows are laid out (the scroll range comes from them) and after
            # setCurrentItem, which scrolls to the row it selects
            self.tree.doItemsLayout()
            self.tree.verticalScrollBar().setValue(scrolled)

    def _expanded_moves(self) -> set[int]:
        """The moves whose rows are expanded (showing their proofs' rows)."""
        items = (self.tree.topLevelItem(i) for i in range(1, self.tree.topLevelItemCount()))
        return {item.data(0, ROLE).move for item in items if item.isExpanded()}

    def _selected_key(self) -> tuple | None:
        """The selected row as (move or None for the position row, proof row index or -1)."""
        item = self.tree.currentItem()
        if item is None:
            return None
        parent = item.parent()
        if parent is None:
            fm = item.data(0, ROLE)
            return (None if fm is None else fm.move, -1)
        return (parent.data(0, ROLE).move, parent.indexOfChild(item))

    def _item_of(self, key: tuple | None) -> QTreeWidgetItem | None:
        if key is None:
            return None
        item = self._row(key[0])
        if item is None or key[1] < 0:
            return item
        return item.child(key[1]) if key[1] < item.childCount() else item

    @staticmethod
    def _paint(item: QTreeWidgetItem, c: Classification, cls: str) -> None:
        bg, fg = class_colours(c, cls)
        item.setIcon(0, swatch(bg))
        item.setBackground(1, QBrush(QColor(bg)))
        item.setForeground(1, QBrush(QColor(fg)))
        item.setData(1, ROLE, cls)

    # ---- queries (for the window and tests) ---------------------------------------------

    def rows(self) -> list[tuple[str, str, str, str]]:
        """(move, class word, full words, proof cell) per first-move row (not the position
        row); the move by its name, without the book's mark beside it."""
        out = []
        for i in range(1, self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            out.append((item.text(0).partition(" · ")[0], item.data(1, ROLE),
                        item.data(1, WORDS_ROLE), item.text(2)))
        return out

    def _row(self, move: int | None) -> QTreeWidgetItem | None:
        """The row of ``move`` (None: the position row), or None when there is none."""
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            fm = item.data(0, ROLE)
            if (fm is None and move is None) or (fm is not None and fm.move == move):
                return item
        return None

    def proof_items(self, move: int) -> list[QTreeWidgetItem]:
        """The rows below ``move``'s row, one per proof (none for a move of one proof)."""
        item = self._row(move)
        return [] if item is None else [item.child(j) for j in range(item.childCount())]

    def select_move(self, move: int | None) -> bool:
        """Select the row of ``move`` (None: the position row); False when there is none."""
        item = self._row(move)
        if item is not None:
            self.tree.setCurrentItem(item)
        return item is not None

    def _current_changed(self, current: QTreeWidgetItem | None, _previous) -> None:
        if current is None:
            return
        data = current.data(0, ROLE)
        if isinstance(data, tuple):
            self.proof_chosen.emit(*data)
        else:
            self.chosen.emit(data)
