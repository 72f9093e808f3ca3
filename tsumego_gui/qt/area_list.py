"""The area list: a result proven area by area (``search.split``), one row per area.

Shows a ``search.split.SplitProof``: above the list, how the areas prove the
result (``search.split_file.explanation``: the group's eye, miai or the one
area, the strategy; the whole text with the areas' points as its tooltip);
then one row per hopeful
area with what its local proof shows (``area_line``), greyed where the result
does not need that area.  Selecting a row with a proof emits ``chosen`` with
that proof: the browser then shows the area's own problem (the area as the
region; for a life, the attacker's stones on the group's liberties in the
other areas), and :meth:`AreaList.heading` says above it which area it is and
the goal its proof is made for: an area's life is proven as unconditional life,
more than the goal ``survive`` asks.  Hidden while there is no split proof.
Knows split proofs and their words; nothing about solving or the board.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from tsumego_gui.core.wording import PLAYERS
from tsumego_gui.search.proof import Proof
from tsumego_gui.search.split import SplitProof
from tsumego_gui.search.split_file import area_line, explanation

ROLE = Qt.ItemDataRole.UserRole


class AreaList(QWidget):
    """A split proof's areas; ``chosen(Proof)`` when a row with a proof is selected."""

    chosen = Signal(object)      # search.proof.Proof: an area's local proof

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.summary = QLabel()
        self.summary.setObjectName("areas")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.currentItemChanged.connect(self._current_changed)
        layout.addWidget(self.list, 1)
        self.split: SplitProof | None = None
        self.setVisible(False)

    def show_split(self, split: SplitProof | None) -> None:
        """List ``split``'s areas (None: clear and hide); nothing is selected."""
        self.split = split
        self.list.blockSignals(True)
        self.list.clear()
        self.list.blockSignals(False)
        self.setVisible(split is not None)
        if split is None:
            self.summary.clear()
            return
        self.summary.setText(" ".join(explanation(split, "each row below", short=True))
                             + " First moves are not classified here: turn off “Prove by "
                             "areas” to classify every one.")
        self.summary.setToolTip(" ".join(explanation(split, "each row below")))
        for i, proof in enumerate(split.proofs):
            item = QListWidgetItem(area_line(split, i))
            item.setData(ROLE, i)
            if proof is None:
                item.setFlags(Qt.ItemFlag.NoItemFlags)     # not needed: nothing to browse
            self.list.addItem(item)

    def proofs(self) -> list[Proof]:
        """The area proofs the result uses, in area order."""
        return [] if self.split is None else [p for p in self.split.proofs if p is not None]

    def heading(self, proof: Proof) -> str:
        """What the browser says above one of ``proofs()``: the area, what its proof shows,
        and, where its goal is not the problem's, that it proves more than the goal asks."""
        split = self.split
        i = next(i for i, p in enumerate(split.proofs) if p is proof)
        text = f"{area_line(split, i)}."
        asked, made = split.problem.goal, proof.problem.goal
        if made == "live" and asked != made:
            defender = PLAYERS[split.problem.defender]
            text += (f"  Proved: {defender} lives unconditionally there, which is more than "
                     f"the problem's goal, {asked}, asks (an unconditional life survives too).")
        elif made != asked:
            text += f"  This area's proof is made for the goal {made}, not {asked}."
        return text

    def select(self, proof: Proof) -> None:
        """Select the row of ``proof`` (one of ``proofs()``) without emitting ``chosen``."""
        for row in range(self.list.count()):
            item = self.list.item(row)
            if self.split.proofs[item.data(ROLE)] is proof:
                self.list.blockSignals(True)
                self.list.setCurrentItem(item)
                self.list.blockSignals(False)

    def _current_changed(self, item: QListWidgetItem | None, _previous) -> None:
        if item is None or self.split is None:
            return
        proof = self.split.proofs[item.data(ROLE)]
        if proof is not None:
            self.chosen.emit(proof)
