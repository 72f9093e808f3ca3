"""A lazy QAbstractItemModel over a proof tree, indexed by path.

Proofs can be DAGs (the search shares transposed subtrees), so a node alone
does not say where it sits; a model index stands for a *path*: the tuple of
child positions from the root.  Paths get a small integer id (the index's
internal id) the first time Qt asks for them, so only the rows a view has
shown cost memory: a proof of millions of nodes opens as fast as a tiny one.
The single top-level row is the root position; for a first move's proof
(rooted after that move) it names the move.

Knows the proof data type and coordinates; nothing about painting.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import QFont

from tsumego_gui.core import coords
from tsumego_gui.core.wording import PLAYERS
from tsumego_gui.search.proof import Proof, ProofNode

_ROOT = QModelIndex()
COLUMNS = ("Move", "Status", "Zone")
LETTER = {1: "B", 2: "W"}


def mover_at(proof: Proof, depth: int) -> int:
    """The colour to move at a node ``depth`` moves below the root."""
    return proof.to_play if depth % 2 == 0 else 3 - proof.to_play


def status_text(proof: Proof, node: ProofNode, depth: int) -> str:
    """The defender's result at a node ``depth`` moves below the root, and what the node is:
    whose turn (by colour, as a player reads it: QA s46), or how the line ended."""
    verdict = "lives" if node.won else "dies"
    turn = f"{PLAYERS[mover_at(proof, depth)]} to play"
    # a goal leaf is unconditional life under every goal; "(goal)" read as the problem's
    # goal, which the proof of an area (made for unconditional life) may not share
    kind = {"or": turn, "and": turn,
            "goal": "unconditionally alive",
            "captured": "captured", "passes": "two passes",
            "survives": "two passes, on the board (seki)"}.get(node.kind, node.kind)
    return f"{verdict} · {kind}"


class ProofTreeModel(QAbstractItemModel):
    def __init__(self, proof: Proof, parent=None, first_move: int | None = None):
        super().__init__(parent)
        self.proof = proof
        self.first_move = first_move       # the move that led to the root, if any
        self._paths: list[tuple[int, ...]] = [()]
        self._ids: dict[tuple[int, ...], int] = {(): 0}
        self._nodes: list[ProofNode] = [proof.root]
        self._bold = QFont()
        self._bold.setBold(True)

    # ---- paths ------------------------------------------------------------------------

    def _id(self, path: tuple[int, ...]) -> int:
        i = self._ids.get(path)
        if i is None:
            node = self._nodes[self._id(path[:-1])].children[path[-1]][1]
            i = len(self._paths)
            self._paths.append(path)
            self._ids[path] = i
            self._nodes.append(node)
        return i

    def registered_paths(self) -> int:
        """How many paths Qt has asked for so far (the model's memory)."""
        return len(self._paths)

    def node_at(self, path: tuple[int, ...]) -> ProofNode:
        node = self.proof.root
        for i in path:
            node = node.children[i][1]
        return node

    def path_of(self, index: QModelIndex) -> tuple[int, ...] | None:
        if not index.isValid():
            return None
        return self._paths[index.internalId()]

    def index_for_path(self, path: tuple[int, ...]) -> QModelIndex:
        row = path[-1] if path else 0
        return self.createIndex(row, 0, self._id(tuple(path)))

    def moves_of(self, path: tuple[int, ...]) -> list[int]:
        node, out = self.proof.root, []
        for i in path:
            move, node = node.children[i]
            out.append(move)
        return out

    # ---- Qt model API -----------------------------------------------------------------

    def index(self, row: int, column: int, parent: QModelIndex = _ROOT) -> QModelIndex:
        if not parent.isValid():
            if row != 0:
                return QModelIndex()
            return self.createIndex(0, column, 0)
        path = self._paths[parent.internalId()]
        node = self._nodes[parent.internalId()]
        if not 0 <= row < len(node.children):
            return QModelIndex()
        return self.createIndex(row, column, self._id(path + (row,)))

    def parent(self, index: QModelIndex = _ROOT) -> QModelIndex:  # type: ignore[override]
        if not index.isValid():
            return QModelIndex()
        path = self._paths[index.internalId()]
        if not path:
            return QModelIndex()
        up = path[:-1]
        return self.createIndex(up[-1] if up else 0, 0, self._id(up))

    def rowCount(self, parent: QModelIndex = _ROOT) -> int:  # noqa: N802
        if not parent.isValid():
            return 1
        if parent.column() != 0:
            return 0
        return len(self._nodes[parent.internalId()].children)

    def hasChildren(self, parent: QModelIndex = _ROOT) -> bool:  # noqa: N802
        return self.rowCount(parent) > 0

    def columnCount(self, parent: QModelIndex = _ROOT) -> int:  # noqa: N802
        return len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        i = index.internalId()
        path, node = self._paths[i], self._nodes[i]
        size = self.proof.problem.size
        if role == Qt.ItemDataRole.DisplayRole:
            col = index.column()
            if col == 0:
                # whose turn is the Status column's (QA s55: said here too, the root's row
                # widened the Move column and cut the Status column at 285 px)
                if not path and self.first_move is not None:
                    return (f"After {LETTER[3 - self.proof.to_play]} "
                            f"{coords.to_gtp(self.first_move, size)}")
                if not path:
                    return "Start"
                move = self._nodes[self._id(path[:-1])].children[path[-1]][0]
                return f"{LETTER[mover_at(self.proof, len(path) - 1)]} {coords.to_gtp(move, size)}"
            if col == 1:
                return status_text(self.proof, node, len(path))
            if col == 2:
                return "" if node.zone is None else str(len(node.zone))
        if role == Qt.ItemDataRole.FontRole and len(path) == 1:
            move = self.proof.root.children[path[0]][0]
            if move in self.proof.winning_moves:
                return self._bold
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 2:
            return "points in this node's relevance zone"
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 1:
            return status_text(self.proof, node, len(path))  # whole, where a dock cuts it
        return None
