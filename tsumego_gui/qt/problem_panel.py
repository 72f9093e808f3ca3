"""The problem panel: edit tools and the problem's fields, with the inline validation message.

A valid problem that the search would take as posed but hardly as meant (no
region: the whole board is searched; a region that does not touch the
crucial stones, or one that leaves out some of their liberties: they cannot be
captured; a region with no empty point) gets a warning in that line.

Shows an :class:`~tsumego_gui.qt.editor.EditorModel`'s draft and changes it
only through the model (so every change is undoable).  An open book problem
that the reader posed and framed shows, at the top, what was assumed (one
line each: side to move, defender, frame distance, region size) and a
*Remove frame* button (``remove_frame_requested``) that goes back to the
open position.  The problem's own text (the file's comment) opens on request,
since a book's text often gives the answer.  Knows the draft's fields;
nothing about solving.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tsumego_gui.core import coords
from tsumego_gui.core.frame import DISTANCE
from tsumego_gui.core.problem import GOAL_TEXT, GOALS
from tsumego_gui.core.wording import counted
from tsumego_gui.qt.editor import BLACK, TOOLS, WHITE, Draft, EditorModel
from tsumego_gui.qt.history_line_edit import HistoryLineEdit
from tsumego_gui.qt.theme import DEFAULT as DEFAULT_THEME
from tsumego_gui.qt.theme import message_colour
from tsumego_gui.search.choice import SMALL_REGION

TEXT_HEIGHT = 140      # pixels: the problem text box scrolls beyond this
TOOL_LABELS = {"stones": "Stones (left black, right white)",
               "crucial": "Crucial stones (toggle a chain)",
               "region": "Region (left paint, right clear)"}
TOOL_TIPS = {"stones": "Place and erase stones",
             "crucial": "Mark the stones that must live (or be killed)",
             "region": "Mark the points where moves are played"}
NO_CRUCIAL_TIP = ("A kill-all board (goal live_any) has no crucial stones: any stone of the "
                  "defender that lives wins")
MAX_FRAME_DISTANCE = 4     # the Frame distance box's most: a wider frame holds a larger search


def tool_tip(tool: str) -> str:
    """A tool button's tooltip, with the key of Edit's action for it (QA s55: said nowhere
    outside the menu)."""
    return f"{TOOL_TIPS[tool]} (Ctrl+{TOOLS.index(tool) + 1})"


class ProblemPanel(QWidget):
    new_requested = Signal(int)      # board size
    remove_frame_requested = Signal()
    defender_picked = Signal(int)    # a colour picked in the Defender box by the user
    frame_distance_picked = Signal(int)     # the frame's distance changed by the user
    tool_picked = Signal(str)        # a tool button pressed by the user (editing wanted)

    def __init__(self, model: EditorModel, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = model
        self._updating = False
        self.assumed: tuple[str, ...] = ()
        # the look the validation line's colour is picked for (``set_theme``), and the kind
        # of message it shows ("error", "warning", "ok")
        self._theme = DEFAULT_THEME
        self._message_kind = "ok"
        layout = QVBoxLayout(self)

        # an open problem posed and framed on reading: what was assumed, and the way back
        self.posed_box = QWidget()
        posed = QVBoxLayout(self.posed_box)
        posed.setContentsMargins(0, 0, 0, 0)
        posed.addWidget(QLabel("<b>Open problem, posed and framed</b>"))
        self.assumptions_label = QLabel()
        self.assumptions_label.setObjectName("assumptions")
        self.assumptions_label.setWordWrap(True)
        self.assumptions_label.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse)
        posed.addWidget(self.assumptions_label)
        self.frame_removed_label = QLabel("<i>Frame removed: mark the crucial stones and the "
                                          "region by hand.</i>")
        self.frame_removed_label.setWordWrap(True)
        posed.addWidget(self.frame_removed_label)
        self.remove_frame_button = QPushButton("Remove frame")
        self.remove_frame_button.setObjectName("remove_frame")
        self.remove_frame_button.setToolTip(
            "back to the open position: the frame's stones, the region and the target "
            "marks go; mark the crucial stones and the region by hand (Undo brings the "
            "frame back)")
        self.remove_frame_button.clicked.connect(self.remove_frame_requested)
        # the frame's room, changed: the problem posed and framed again (QA s56 book19 D5:
        # a frame could only be removed, the distance set on the command line alone)
        distance_row = QHBoxLayout()
        distance_row.addWidget(QLabel("Frame distance"))
        self.frame_distance = QSpinBox()
        self.frame_distance.setRange(0, MAX_FRAME_DISTANCE)
        self.frame_distance.setValue(DISTANCE)
        self.frame_distance.setToolTip(
            "empty lines between the problem's stones and the frame: more room for the "
            "defender (a larger search), or less; the problem is posed and framed again")
        self.frame_distance.valueChanged.connect(
            lambda value: self._updating or self.frame_distance_picked.emit(value))
        distance_row.addWidget(self.frame_distance)
        distance_row.addStretch(1)
        distance_row.addWidget(self.remove_frame_button)
        posed.addLayout(distance_row)
        layout.addWidget(self.posed_box)
        self.posed_box.setVisible(False)

        layout.addWidget(QLabel("<b>Edit tool</b>"))
        self.tool_group = QButtonGroup(self)
        self.tool_buttons: dict[str, QRadioButton] = {}
        for i, tool in enumerate(TOOLS):
            b = QRadioButton(TOOL_LABELS[tool])
            b.setObjectName(f"tool_{tool}")
            b.setToolTip(tool_tip(tool))
            self.tool_group.addButton(b, i)
            self.tool_buttons[tool] = b
            layout.addWidget(b)
        self.tool_buttons["stones"].setChecked(True)
        self.tool_group.idToggled.connect(self._tool_toggled)
        model.tool_changed.connect(self._tool_followed)
        self.clear_region_button = QPushButton("Clear region")
        self.clear_region_button.setToolTip("Unmark every point of the region (Ctrl+Z "
                                            "brings it back)")
        self.clear_region_button.clicked.connect(
            lambda: self.model.set_fields("clear region", region=frozenset()))
        layout.addWidget(self.clear_region_button)

        form = QFormLayout()
        # typing goes onto the editor's undo stack as it is typed: one history, the
        # window's (``use_history``), for the field's Ctrl+Z as for Edit › Undo
        self.title_edit = HistoryLineEdit()
        self.title_edit.textEdited.connect(lambda text: self.model.type_text("title", text))
        self.title_edit.editingFinished.connect(self._title_edited)
        form.addRow("Title", self.title_edit)
        # the file's own text: a book's question, often its answer too (QA s50: the
        # bundled problems' lessons were shown nowhere), so it opens on request
        self.text_box = QGroupBox("Problem text (may give the answer)")
        self.text_box.setObjectName("problem_text")
        self.text_box.setCheckable(True)
        self.text_box.setChecked(False)
        text_layout = QVBoxLayout(self.text_box)
        self.text_view = QPlainTextEdit()
        self.text_view.setReadOnly(True)
        self.text_view.setMaximumHeight(TEXT_HEIGHT)
        self.text_view.setVisible(False)
        text_layout.addWidget(self.text_view)
        self.text_box.toggled.connect(self._show_text)
        form.addRow(self.text_box)
        self.to_play_combo = _combo(("Black", BLACK), ("White", WHITE))
        self.to_play_combo.activated.connect(self._to_play_changed)
        form.addRow("To play", self.to_play_combo)
        self.defender_combo = _combo(("Black", BLACK), ("White", WHITE))
        # the window sets it, posing a posed problem again (``MainWindow.pose_by_hand``)
        self.defender_combo.activated.connect(
            lambda: self.defender_picked.emit(self.defender_combo.currentData()))
        form.addRow("Defender (must live)", self.defender_combo)
        # GOAL_TEXT labels are whole sentences, too wide for the dock: the combo lists the
        # goals' names (the sentence as each item's tooltip) and the line below it says
        # the chosen goal's sentence in full
        self.goal_combo = _combo(*((g, g) for g in GOALS))
        for i, g in enumerate(GOALS):
            self.goal_combo.setItemData(i, GOAL_TEXT[g], Qt.ItemDataRole.ToolTipRole)
        self.goal_combo.activated.connect(
            lambda: self.model.apply(self.model.draft.with_goal(self.goal_combo.currentData()),
                                     "set goal"))
        form.addRow("Goal", self.goal_combo)
        self.goal_hint = QLabel()
        self.goal_hint.setObjectName("goal_hint")
        self.goal_hint.setWordWrap(True)
        form.addRow("", self.goal_hint)
        ko_row = QHBoxLayout()
        self.ko_black = QCheckBox("Black")
        self.ko_white = QCheckBox("White")
        for box in (self.ko_black, self.ko_white):
            box.clicked.connect(self._ko_changed)
            ko_row.addWidget(box)
        ko_box = QWidget()
        ko_box.setLayout(ko_row)
        ko_box.setToolTip("sides allowed to capture a ko (research default: only the attacker)")
        form.addRow("Ko captures", ko_box)
        layout.addLayout(form)

        new_row = QHBoxLayout()
        self.size_combo = QComboBox()
        for n in range(2, 20):
            self.size_combo.addItem(f"{n}x{n}", n)
        self.size_combo.setCurrentIndex(9 - 2)
        # the size of the problem on the board, as last shown (None: show the next one's)
        self._board_size: int | None = 9
        self.size_combo.setToolTip("The board size of a new problem")
        new_button = QPushButton("New problem")
        new_button.setToolTip("An empty board of the size beside it, to set up a problem "
                              "(Ctrl+N)")
        new_button.clicked.connect(lambda: self.new_requested.emit(self.size_combo.currentData()))
        new_row.addWidget(self.size_combo)
        new_row.addWidget(new_button)
        layout.addLayout(new_row)

        self.validation_label = QLabel()
        self.validation_label.setObjectName("validation")
        self.validation_label.setWordWrap(True)
        layout.addWidget(self.validation_label)
        layout.addStretch(1)
        model.changed.connect(self.show_draft)
        self.show_draft(model.draft)

    def _show_text(self, shown: bool) -> None:
        self.text_view.setVisible(shown)
        if shown:
            # the panel scrolls in a short dock: the text opened below its fold, out of
            # sight (QA s50 round 4, with a proof shown); brought into view once laid out
            QTimer.singleShot(0, self._bring_text_into_view)

    def _bring_text_into_view(self) -> None:
        parent = self.parentWidget()
        while parent is not None and not isinstance(parent, QScrollArea):
            parent = parent.parentWidget()
        if parent is not None and self.text_view.isVisible():
            parent.ensureWidgetVisible(self.text_view)

    # ---- model -> widgets ---------------------------------------------------------------

    def hide_text(self) -> None:
        """Close the problem text (practice starts: it may give the answer)."""
        self.text_box.setChecked(False)

    def show_assumptions(self, assumed: tuple[str, ...], distance: int = DISTANCE) -> None:
        """What the reader assumed to pose the problem on the board (empty: nothing), and
        the ``distance`` its frame was built at; said of each problem put on the board, so
        the size box says its size again (review s56: one of the same size kept the size
        picked before)."""
        self.assumed = tuple(assumed)
        self._board_size = None
        self._updating = True
        try:
            self.frame_distance.setValue(distance)
        finally:
            self._updating = False
        self.show_draft(self.model.draft)

    def assumptions_text(self) -> str:
        """The assumptions as shown, one line each (empty when none are shown)."""
        return "\n".join(self.assumed) if self.posed_box.isVisibleTo(self) else ""

    def _show_posed(self, draft: Draft) -> None:
        self.posed_box.setVisible(bool(self.assumed))
        if not self.assumed:
            return
        lines = "".join(f"<li>{escape(line)}</li>" for line in self.assumed)
        self.assumptions_label.setText(f"<ul style='margin-left: -20px'>{lines}</ul>")
        self.frame_removed_label.setVisible(not draft.frame)
        self.remove_frame_button.setEnabled(bool(draft.frame))

    def show_draft(self, draft: Draft) -> None:
        self._updating = True
        try:
            self._show_posed(draft)
            if self.text_view.toPlainText() != draft.comment:
                self.text_view.setPlainText(draft.comment)
            self.text_box.setVisible(bool(draft.comment.strip()))
            if self.title_edit.text() != draft.title:
                self.title_edit.setText(draft.title)
                # a long title shows its beginning; in the field, after an undo of typing
                # there, typing goes on at its end
                if not self.title_edit.hasFocus():
                    self.title_edit.setCursorPosition(0)
            # the size box says the size of a problem put on the board (New starts one that
            # size); an edit keeps the size the user picked for the next (QA s56 editor D12)
            if draft.size != self._board_size:
                self._board_size = draft.size
                self.size_combo.setCurrentIndex(max(0, self.size_combo.findData(draft.size)))
            self.to_play_combo.setCurrentIndex(0 if draft.to_play == BLACK else 1)
            self.defender_combo.setCurrentIndex(0 if draft.defender == BLACK else 1)
            self.goal_combo.setCurrentIndex(max(0, self.goal_combo.findData(draft.goal)))
            self.goal_combo.setToolTip(GOAL_TEXT.get(draft.goal, ""))
            name, _, gloss = GOAL_TEXT.get(draft.goal, "").partition(" (")
            self.goal_hint.setText(f"<small>{gloss.rstrip(')') or name}</small>")
            crucial = self.tool_buttons["crucial"]
            crucial.setEnabled(draft.reads_crucial)
            crucial.setToolTip(tool_tip("crucial") if draft.reads_crucial else NO_CRUCIAL_TIP)
            ko = draft.effective_ko()
            self.ko_black.setChecked(ko[0])
            self.ko_white.setChecked(ko[1])
            message = draft.validation_message()
            if message:
                self.validation_label.setText(f"⚠ Not a valid problem yet: {message}")
                self._colour_message("error")
            elif not draft.region and draft.goal != "live_any" and \
                    (empty := draft.size * draft.size - len(draft.black)
                     - len(draft.white)) > SMALL_REGION:
                # valid, but the search will roam a large board: say so, with the way out
                # (not on a kill-all board, whose region is the board; not where few points
                # are empty, which df-pn searches at once: QA s44)
                self.validation_label.setText(
                    f"✓ Valid problem, but no region is marked: the whole board ({empty} "
                    "empty points) will be searched, which can take very long.  Mark where "
                    "play happens with the Region tool.")
                self._colour_message("warning")
            elif not draft.region_touches_crucial():
                # valid, but no move in the region can take a liberty of the crucial stones:
                # the search can only find them alive, a verdict that says nothing of the problem
                self.validation_label.setText(
                    "✓ Valid problem, but the region does not touch the crucial stones: no "
                    "move in it can take their liberties, so they cannot be captured.  Mark "
                    "the points around them with the Region tool.")
                self._colour_message("warning")
            elif warning := draft.region_warning() or draft.crucial_warning():
                # valid, but the verdict would say nothing of the problem (a pass lives)
                self.validation_label.setText(f"✓ Valid problem, but {warning}.")
                self._colour_message("warning")
            else:
                empty = draft.size * draft.size - len(draft.black) - len(draft.white)
                where = f"in the region ({counted(len(draft.region), 'point')})" \
                    if draft.region else f"on the whole board ({counted(empty, 'empty point')})"
                self.validation_label.setText(f"✓ Valid problem: play is searched {where}")
                self._colour_message("ok")
        finally:
            self._updating = False

    def set_theme(self, name: str) -> None:
        """The app's look changed: the validation line takes that look's colours."""
        self._theme = name
        self._colour_message(self._message_kind)

    def _colour_message(self, kind: str) -> None:
        self._message_kind = kind
        self.validation_label.setStyleSheet(f"color: {message_colour(self._theme, kind)};")

    def validation_text(self) -> str:
        return self.validation_label.text()

    # ---- widgets -> model ---------------------------------------------------------------

    def _tool_toggled(self, tool_id: int, checked: bool) -> None:
        if checked:
            self.model.set_tool(TOOLS[tool_id])
            self.tool_picked.emit(TOOLS[tool_id])

    def _tool_followed(self, _tool: str) -> None:
        # the editor took another tool itself (the stones' on a kill-all board)
        if self.tool_group.checkedButton() is not None:
            self.show_tools_active(True)

    def set_tool(self, tool: str) -> None:
        self.tool_buttons[tool].setChecked(True)

    def show_tools_active(self, active: bool) -> None:
        """The editor's tool checked while editing, no tool checked elsewhere (QA s50: a
        checked Region button beside a proof read as a tool in use)."""
        self.tool_group.blockSignals(True)
        try:
            if active:
                self.tool_buttons[self.model.tool].setChecked(True)
            else:
                self.tool_group.setExclusive(False)
                for button in self.tool_buttons.values():
                    button.setChecked(False)
                self.tool_group.setExclusive(True)
        finally:
            self.tool_group.blockSignals(False)

    def _title_edited(self) -> None:
        """Enter, or the field left: what it holds is the title (a text set without typing
        too), and the next keystroke starts another undo step."""
        if not self._updating:
            self.model.type_text("title", self.title_edit.text())
            self.model.end_typing()

    def _to_play_changed(self) -> None:
        to_play = self.to_play_combo.currentData()
        # the other side to move stands for a move elsewhere, which lifts a ko ban (review
        # s62: the ko point kept made the draft no problem)
        lifted = {} if to_play == self.model.draft.to_play else {"ko_point": coords.PASS}
        self.model.set_fields("set side to move", to_play=to_play, to_play_given=True,
                              **lifted)

    def _ko_changed(self) -> None:
        if not self._updating:
            self.model.set_fields("set ko policy",
                                  ko_allowed=(self.ko_black.isChecked(),
                                              self.ko_white.isChecked()))


def _combo(*items: tuple[str, object]) -> QComboBox:
    box = QComboBox()
    for label, data in items:
        box.addItem(label, data)
    return box
