"""The problem editor: a draft position, edit tools, and undo/redo of every edit.

A :class:`Draft` is a problem that may still be invalid (the user is halfway
through setting it up); :meth:`Draft.to_problem` validates it through
``core.problem`` and its ProblemError message is what the window shows
inline.  :class:`EditorModel` owns the current draft and a QUndoStack; a
mouse stroke (press, drags, release) is one undo step, and so is a run of typing
in a text field (:meth:`EditorModel.type_text`; the field leaves its own undo to
the stack: ``qt.history_line_edit``).  Tools:

* ``stones``: left = black, right = white, on a stone = erase; a drag keeps
  the action of its first point (paint that colour, or erase);
* ``crucial``: toggle the crucial mark on the chain under the mouse;
* ``region``: left paints region points, right clears them.

A draft read from an open book problem that ``core.problem_files`` posed and
framed keeps the frame's stones in ``Draft.frame`` (the board draws them
apart); :meth:`Draft.without_frame` goes back to the open position.

Knows problems and coordinates; nothing about painting or solving.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from tsumego_gui.core import coords
from tsumego_gui.core.colors import BLACK, EMPTY, WHITE
from tsumego_gui.core.crucial_chains import crucial_warning
from tsumego_gui.core.problem import Problem, ProblemError, check_position, region_warning
from tsumego_gui.core.sgf_io import write_sgf
from tsumego_gui.core.wording import capitalised

LEFT, RIGHT = 1, 2
TOOLS = ("stones", "crucial", "region")
TEXT_FIELDS = ("title", "comment", "source")    # a problem's free text: no solver reads it
# blanks for what does not change the position a draft poses (``Draft.poses``)
_NOT_POSED = {**dict.fromkeys(TEXT_FIELDS, ""), "book_moves": (), "game_info": ()}


@dataclass(frozen=True)
class Draft:
    """The fields of a problem, not yet validated."""

    size: int
    black: frozenset[int] = frozenset()
    white: frozenset[int] = frozenset()
    to_play: int = BLACK
    to_play_given: bool = True
    defender: int = WHITE
    goal: str = "survive"          # seki counts as life, as in Go books (core.problem)
    crucial: frozenset[int] = frozenset()
    region: frozenset[int] = frozenset()
    ko_allowed: tuple[bool, bool] | None = None    # None: research default for the defender
    history: tuple[int, ...] = ()
    previous_pass: bool = False    # the move before was a pass: a pass now ends the game
    title: str = ""
    comment: str = ""
    source: str = ""
    frame: frozenset[int] = frozenset()    # stones a frame added around an open problem
    ko_threats: tuple[int, int] = (0, 0)   # (black, white) external ko threats
    ko_point: int = coords.PASS            # the point the side to move may not retake
    # the source's recorded first moves (its solution variations), kept so that saving an
    # edited problem does not drop the book's answer; no solver reads them
    book_moves: tuple[tuple[int, int], ...] = ()
    # the source's game info (players, date, rules...: ``Problem.game_info``), kept so that
    # a save or an export of the edited problem still says it; no solver reads it
    game_info: tuple[tuple[str, str], ...] = ()

    @classmethod
    def new(cls, size: int) -> Draft:
        coords.check_size(size)
        return cls(size)

    @classmethod
    def from_problem(cls, p: Problem) -> Draft:
        return cls(p.size, p.black, p.white, p.to_play, p.to_play_given, p.defender, p.goal,
                   p.crucial, p.region, p.ko_allowed, p.history, p.previous_pass, p.title,
                   p.comment, p.source, p.frame, p.ko_threats, p.ko_point, p.book_moves,
                   p.game_info)

    def to_problem(self) -> Problem:
        """The validated problem; ProblemError names the first fault.  A side that may
        not capture kos (the ko policy was changed) holds no ko threats."""
        # by keyword: Problem's fields grow (previous_pass came in the middle)
        ko = self.effective_ko()
        threats = tuple(n if allowed else 0 for n, allowed in zip(self.ko_threats, ko,
                                                                  strict=True))
        return Problem(self.size, self.black, self.white, self.to_play, self.defender,
                       goal=self.goal, crucial=self.crucial, region=self.region,
                       ko_allowed=self.ko_allowed, history=self.history,
                       previous_pass=self.previous_pass, to_play_given=self.to_play_given,
                       title=self.title, comment=self.comment, source=self.source,
                       frame=self.frame, ko_threats=threats, ko_point=self.ko_point,
                       book_moves=self.book_moves, game_info=self.game_info)

    def poses(self, problem: Problem) -> bool:
        """Whether this draft is ``problem`` up to its text (``TEXT_FIELDS``), book moves
        and game info: the same position and rules, so what was solved of the one holds for
        the other."""
        try:
            mine = self.to_problem()
        except ProblemError:
            return False
        return replace(mine, **_NOT_POSED) == replace(problem, **_NOT_POSED)

    def validation_message(self) -> str:
        """"" for a valid problem, else the ProblemError message, led by what to do where
        the editor's tools do it (QA s50: a new problem's first message named goals and
        "a kill-all board")."""
        try:
            self.to_problem()
        except ProblemError as e:
            # a position no game reaches comes first (QA s62: a chain with no liberty was
            # said in brackets, behind the advice to mark the crucial stones)
            fault = self.position_fault()
            if fault:
                return capitalised(fault) + "."
            advice = self.advice()
            return f"{advice}  ({e})" if advice else str(e)
        return ""

    def position_fault(self) -> str:
        """What is wrong with the stones themselves (a chain with no liberty), or ""."""
        try:
            check_position(self.size, self.black, self.white)
        except ProblemError as e:
            return str(e)
        return ""

    def advice(self) -> str:
        """What the user does next where the problem lacks the group at stake, or ""."""
        side = "black" if self.defender == BLACK else "white"
        if not (self.black if self.defender == BLACK else self.white):
            return (f"Place the {side} stones that must live (the Defender box says which "
                    "side), then mark them with the Crucial stones tool (Ctrl+2).")
        if self.goal != "live_any" and not self.crucial:
            return (f"Mark the {side} stones that must live: choose the Crucial stones tool "
                    "(Ctrl+2) and click their group.")
        return ""

    @property
    def reads_crucial(self) -> bool:
        """Whether the goal reads crucial stones (a kill-all board's, ``live_any``, reads
        every stone of the defender: there are none to mark)."""
        return self.goal != "live_any"

    def color_at(self, loc: int) -> int:
        return BLACK if loc in self.black else WHITE if loc in self.white else EMPTY

    def region_touches_crucial(self) -> bool:
        """Whether a point of the region lies next to a crucial chain: one of its liberties,
        or an attacker's stone whose capture would give it one.  A region far from them
        holds no move that could capture them (their liberties lie outside it), so the
        search can only find them alive.  True with no region (the whole board) or no
        crucial stone (nothing to touch)."""
        if not self.region or not self.crucial:
            return True
        chains = set().union(*(self.chain(loc) for loc in self.crucial))
        return any(n in self.region and n not in chains
                   for loc in chains for n in coords.neighbours(loc, self.size))

    def region_warning(self) -> str:
        """``core.problem.region_warning`` of this draft."""
        return region_warning(self.size, self.black, self.white, self.crucial, self.region)

    def crucial_warning(self) -> str:
        """``core.crucial_chains.crucial_warning`` of this draft (a valid one)."""
        return crucial_warning(self.size, self.black, self.white, self.crucial, self.region,
                               self.goal)

    def effective_ko(self) -> tuple[bool, bool]:
        if self.ko_allowed is not None:
            return self.ko_allowed
        return (self.defender != BLACK, self.defender != WHITE)

    # ---- edits (each returns a new draft) -----------------------------------------------

    def with_stone(self, loc: int, colour: int) -> Draft:
        """Put ``colour`` (EMPTY erases) on ``loc``; crucial marks go with erased stones.

        Stone edits drop the superko history, the previous pass and the ko point: they
        described the old position's past; and a book move on the point a stone now holds
        (QA s56 regress 9: the verdict named the book's E1 under a stone put there).
        """
        if colour == self.color_at(loc):
            return self
        black, white = set(self.black), set(self.white)
        black.discard(loc)
        white.discard(loc)
        if colour == BLACK:
            black.add(loc)
        elif colour == WHITE:
            white.add(loc)
        book = self.book_moves if colour == EMPTY else \
            tuple(entry for entry in self.book_moves if entry[1] != loc)
        # a stone put by hand is ours, not the frame's
        return replace(self, black=frozenset(black), white=frozenset(white),
                       crucial=self.crucial - {loc}, history=(), previous_pass=False,
                       frame=self.frame - {loc}, ko_point=coords.PASS, book_moves=book)

    def without_frame(self) -> Draft:
        """The open position: the frame's stones gone, and with them the marks the posing
        and the frame chose (the region inside the frame, the target stones), for the user
        to mark by hand.  Side to move, defender, goal and text stay."""
        if not self.frame:
            return self
        return replace(self, black=self.black - self.frame, white=self.white - self.frame,
                       crucial=frozenset(), region=frozenset(), frame=frozenset(),
                       history=(), previous_pass=False, ko_point=coords.PASS)

    def chain(self, loc: int) -> frozenset[int]:
        colour = self.color_at(loc)
        if colour == EMPTY:
            return frozenset()
        out, stack = {loc}, [loc]
        while stack:
            for n in coords.neighbours(stack.pop(), self.size):
                if n not in out and self.color_at(n) == colour:
                    out.add(n)
                    stack.append(n)
        return frozenset(out)

    def with_crucial_toggled(self, loc: int) -> Draft:
        chain = self.chain(loc)
        if not chain:
            return self
        if chain & self.crucial:
            return replace(self, crucial=self.crucial - chain)
        changes: dict = {"crucial": self.crucial | chain}
        if not self.crucial:
            # The first crucial chain names the defender (the user can still change it).
            changes["defender"] = self.color_at(loc)
        return replace(self, **changes)

    def with_goal(self, goal: str) -> Draft:
        """``goal`` for the problem; a kill-all board's (``live_any``) reads no crucial
        stones, so their marks go (QA s57 kill-all D6: still drawn, and with the tool off
        there, a defender changed afterwards left marks no tool could take away)."""
        crucial = self.crucial if goal != "live_any" else frozenset()
        return replace(self, goal=goal, crucial=crucial)

    def with_region_point(self, loc: int, on: bool) -> Draft:
        region = self.region | {loc} if on else self.region - {loc}
        return replace(self, region=frozenset(region))


def draft_sgf(draft: Draft) -> bytes:
    """``draft`` as SGF whether it is a valid problem or not (``sgf_io.write_sgf`` reads
    the fields a draft shares with a problem; its ko rule as it takes effect), for
    :func:`sgf_io.read_marks` to read back."""
    return write_sgf(replace(draft, ko_allowed=draft.effective_ko()))


class _Snapshot(QUndoCommand):
    def __init__(self, model: EditorModel, before: Draft, after: Draft, text: str):
        super().__init__(text)
        self.model, self.before, self.after = model, before, after

    def redo(self) -> None:
        self.model._set(self.after)

    def undo(self) -> None:
        self.model._set(self.before)


# what the Edit menu's Undo / Redo name a stroke (QA s56 editor D11: "Undo edit (region+)")
STROKE_WORDS = {"black": "black stones", "white": "white stones", "erase": "erasing",
                "region+": "region points", "region-": "clearing region points"}
TYPING_ID = 1       # QUndoCommand.id of typing in a text field: a run of it merges


class _Typing(_Snapshot):
    """Typing in a text field (``TEXT_FIELDS``): the keystrokes of one run in one field
    merge into one step, so that Undo takes back what was typed, as in any text field."""

    def __init__(self, model: EditorModel, before: Draft, after: Draft, field: str, run: int):
        super().__init__(model, before, after, f"set {field}")
        self.run = (field, run)

    def id(self) -> int:
        return TYPING_ID

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt API
        if not isinstance(other, _Typing) or other.run != self.run:
            return False
        self.after = other.after
        # typed and deleted again: no step is left
        self.setObsolete(self.after == self.before)
        return True


class EditorModel(QObject):
    """The current draft, its undo stack, and what the tools do to it."""

    changed = Signal(object)      # the new Draft
    tool_changed = Signal(str)    # the tool now in use (``TOOLS``)
    said = Signal(str)            # why a click changed nothing, for the status bar

    def __init__(self, draft: Draft | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.draft = draft or Draft.new(9)
        self._saved: Draft | None = self.draft      # as last opened or saved (None: never)
        self.undo_stack = QUndoStack(self)
        self.tool = "stones"
        self._stroke: str | None = None     # "black" / "white" / "erase" / "region+" ...
        self._stroke_open = False
        self._typing_run = 0                # which run of typing the next keystroke is of
        # the stack's moves (pushes, undos, redos), and their count after the last keystroke:
        # typing after an undo or a redo starts another step, as in any text field
        self._moves = self._moves_typed = 0
        self.undo_stack.indexChanged.connect(self._moved)

    # ---- whole-draft changes ------------------------------------------------------------

    def _set(self, draft: Draft) -> None:
        self.draft = draft
        self.changed.emit(draft)
        if self.tool == "crucial" and not draft.reads_crucial:
            self.set_tool("stones")     # QA s57 kill-all D6: a tool that marks nothing read

    def apply(self, draft: Draft, text: str) -> None:
        """Make ``draft`` current as one undoable step (no step when nothing changed)."""
        if draft != self.draft:
            self.undo_stack.push(_Snapshot(self, self.draft, draft, text))

    def reset(self, draft: Draft) -> None:
        """Start over from ``draft`` (a loaded or new problem): history cleared, clean."""
        self.undo_stack.clear()
        self._saved = draft
        self._set(draft)
        self.undo_stack.setClean()

    def set_fields(self, text: str, **changes: object) -> None:
        self.apply(replace(self.draft, **changes), text)

    def type_text(self, field: str, text: str) -> None:
        """What a text field (``TEXT_FIELDS``) holds as the user types it, on the undo stack
        as the rest of the edits are: a run of typing is one step (until
        :meth:`end_typing`), not QLineEdit's own history beside the stack's."""
        if field not in TEXT_FIELDS:
            raise ValueError(f"not a text field: {field!r}")
        after = replace(self.draft, **{field: text})
        if after == self.draft:
            return
        if self._moves != self._moves_typed:
            self.end_typing()
        self.undo_stack.push(_Typing(self, self.draft, after, field, self._typing_run))
        self._moves_typed = self._moves

    def end_typing(self) -> None:
        """The field was left (or Enter pressed): the next keystroke starts another step."""
        self._typing_run += 1

    def _moved(self, _index: int) -> None:
        self._moves += 1

    def set_tool(self, tool: str) -> None:
        """Use ``tool`` (not the crucial stones' where the goal reads none)."""
        if tool == "crucial" and not self.draft.reads_crucial:
            return
        if tool != self.tool:
            self.tool = tool
            self.tool_changed.emit(tool)

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def mark_saved(self) -> None:
        self.undo_stack.setClean()
        self._saved = self.draft

    def mark_unsaved(self) -> None:
        """The draft is of no file yet (a new problem, stones opened for editing): it counts
        as unsaved, and no file's lines apply to it."""
        self.undo_stack.resetClean()
        self._saved = None

    def holds_saved_position(self) -> bool:
        """Whether the draft is the one last opened or saved up to its text, book moves and
        game info (``Draft.poses``' blanks): the file's own lines apply to it.  By value,
        not by the undo stack's clean state, which an undo or a redo updates only after the
        draft has changed (QA s60: a result shown again on redo marked the edited
        position's list from the file)."""
        if self._saved is None:
            return False
        return replace(self.draft, **_NOT_POSED) == replace(self._saved, **_NOT_POSED)

    # ---- mouse strokes ------------------------------------------------------------------

    def press(self, loc: int, button: int) -> None:
        """Start a stroke at ``loc`` with the current tool."""
        self.release()
        d = self.draft
        if self.tool == "stones":
            if d.color_at(loc) != EMPTY:
                self._stroke = "erase"
            else:
                self._stroke = "black" if button == LEFT else "white"
        elif self.tool == "region":
            self._stroke = "region+" if button == LEFT else "region-"
        else:
            self._stroke = None
            if d.color_at(loc) == EMPTY:
                # QA s62: the click did nothing, with no word
                self.said.emit("Crucial stones are marked on stones: click a stone of the "
                               "group that must live (the Stones tool, Ctrl+1, places them).")
                return
            self.apply(d.with_crucial_toggled(loc), "mark crucial stones")
            return
        self._paint(loc)

    def drag(self, loc: int) -> None:
        if self._stroke is not None:
            self._paint(loc)

    def release(self) -> None:
        if self._stroke_open:
            self.undo_stack.endMacro()
        self._stroke, self._stroke_open = None, False

    def _paint(self, loc: int) -> None:
        d, s = self.draft, self._stroke
        if s == "erase":
            new = d.with_stone(loc, EMPTY)
        elif s in ("black", "white"):
            colour = BLACK if s == "black" else WHITE
            new = d.with_stone(loc, colour)
        else:
            new = d.with_region_point(loc, s == "region+")
        if new == d:
            return
        if not self._stroke_open:
            # opened at the first real change, so a stroke that changes nothing leaves no step
            self.undo_stack.beginMacro(STROKE_WORDS[s])
            self._stroke_open = True
        self.apply(new, STROKE_WORDS[s])
