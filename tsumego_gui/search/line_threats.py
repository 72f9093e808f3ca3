"""Which of a losing attacker's moves a living defender must answer: a short search each.

A book stops a line where the group is alive in a player's sense: the attacker
has nothing left that the defender must answer, though a stone could still be
taken or a point filled (QA s56 judge: enclosed-dev gop/14322 Black showed four
more moves after the eyes were settled).  The proof goes on to unconditional
life or to two passes; it does not say where answering stopped mattering.  So
a main line (``search.proof.main_line``) asks this reader, at each attacker
move of a line the defender wins: after that move and a defender tenuki (a
move elsewhere: it lifts a ko ban and does not count toward the two passes that
end the game, as a first-move pass does in ``search.classify``; on a board that
is all region, a pass), does the attacker then win under the proof's goal
(under ``live``, keep the defender from unconditional life)?  Where it does,
the move is a threat the defender must answer, and the line shows such a move
before any other; where no move of the attacker does (but one that gives
stones away: the capture is the answer), the line ends.

Each question is a df-pn search of its own (``engine_cy.dfpn``) under the
proof's goal and ko rule, with small node and time budgets (and those of a
line's questions together: a line waits two seconds at most; answers stay known
for the next line).  A question left open within them
counts as a threat where the line would end (it goes on, as it did without the
reader), and ranks between the threats and the moves known to be none.  The
line asks its tries in the order of its other keys and stops at the first
threat (``search.proof.stubborn_move``), so that the budgets go to the
questions that decide it (s58: a third fewer questions, and a third as many
left open, on enclosed-dev's lives).  Only
the line's presentation reads the answers: nothing here is a proof, and the
proof the line is drawn from stays what it was.

Knows problems, boards and the df-pn core; nothing about proof trees or widgets.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from engine_cy.board import PASS, Board
from engine_cy.dfpn import DfpnCore
from engine_cy.node_rules import GOAL_CODES
from engine_cy.search_control import SearchControl, now
from tsumego_gui.core.problem import Problem, has_elsewhere
from tsumego_gui.search.proof_memo import ProofMemo

# df-pn nodes for one question (most take a few hundred; s58: at 50,000 the questions on
# enclosed-dev's larger lives were left open at some 0.05 s, and the lines ran on), and
# seconds, whatever the nodes: here the clock, not the nodes, ends a long question
MOVE_NODES = 500_000
MOVE_SECONDS = 0.5
# for every question of one reader together: a proof's browser keeps one
READER_NODES = 2_000_000
READER_SECONDS = 2.0
# a question's table: room for every entry its nodes make (a node's children each get
# one), so that it is never collected (s57: a table of 65,536 entries, collected again
# and again, made 6,000 nodes a second and ran for minutes)
TABLE_ENTRIES = 1 << 21


class ThreatReader:
    """Answers for the positions of one proof (``problem``: its problem, whose goal, ko
    rule, crucial stones and region the questions keep), remembered by position."""

    def __init__(self, problem: Problem, budget: int = READER_NODES,
                 per_move: int = MOVE_NODES, seconds: float = READER_SECONDS,
                 move_seconds: float = MOVE_SECONDS,
                 cancelled: Callable[[], bool] | None = None):
        self.problem = problem
        self.budget = (budget, seconds)
        self.per_move = (per_move, move_seconds)
        self.cancelled = cancelled
        self.elsewhere = has_elsewhere(problem)
        self.known: dict[tuple, bool] = {}          # decided answers, by position and try
        self.open: set[tuple] = set()     # questions left open with a whole question's budgets
        self.new_line()

    def hurried(self, seconds: float) -> ThreatReader:
        """A reader of the same proof for lines of ``seconds`` at most (the GUI thread's:
        helper s58 browse, a line's questions held the GUI up to 1.8 s): it shares this
        reader's decided answers both ways, and reads the questions this one left open as
        open; those it leaves open itself stay its own, so that this reader, with time
        to decide them, still asks them."""
        view = copy.copy(self)
        view.budget = (self.budget[0], seconds)
        view.per_move = (self.per_move[0], min(self.per_move[1], seconds))
        view.open = set(self.open)
        view.cancelled = None
        view.new_line()
        return view

    def new_line(self) -> None:
        """The budgets again, for the questions of another line (the answers stay known:
        the solver worker's line, read first, leaves the browser's its own budgets)."""
        self.left, self.seconds_left = self.budget

    def needs_answer(self, board: Board, move: int) -> bool | None:
        """Whether the attacker's ``move`` at ``board`` (the attacker to move; left as it
        was) wins where the defender tenukis after it; None where the search leaves that
        open within the budgets (or the move is illegal there)."""
        if move == PASS:
            return False        # a pass threatens nothing
        if not board.is_legal(move):
            return None         # a proof's move that superko forbids on this line, say
        key = (board.hash, board.to_play, board.ko_loc, board.consecutive_passes, move)
        if key in self.known:
            return self.known[key]
        if key in self.open:
            return None
        answer, searched = self._kills_after(board, move)
        if answer is not None:
            self.known[key] = answer
        elif searched:
            self.open.add(key)
        return answer

    def tries(self, board: Board) -> list[int]:
        """The attacker's moves at ``board`` (the attacker to move) in the region."""
        return board.legal_moves(self.problem.region_or_all())

    def _kills_after(self, board: Board, move: int) -> tuple[bool | None, bool]:
        """(the attacker's win after ``move`` and a defender tenuki, None when the search
        does not decide it within the budgets; whether it was searched with a whole
        question's budgets and not cancelled: only then is an open answer kept, and a
        question the line's budget cut short is asked again by the next line)."""
        budget = min(self.per_move[0], self.left)
        seconds = min(self.per_move[1], self.seconds_left)
        if budget <= 0 or seconds <= 0 or self._cancelled():
            return None, False
        whole = (budget, seconds) == self.per_move
        there = board.copy()
        there.play(move)
        if not any(there.color_at(p) == self.problem.defender
                   for p in self.problem.at_stake()):
            return True, whole      # the move took every stone at stake
        if self.elsewhere:
            there.to_play = self.problem.attacker      # the tenuki
        else:
            there.play(PASS)        # a board that is all region: a pass, which counts
        problem = self.problem
        core = DfpnCore(there, problem.defender, GOAL_CODES[problem.goal], problem.crucial,
                        problem.region, SearchControl(budget, seconds),
                        max_entries=TABLE_ENTRIES, collect=False)
        start = now()
        status, _ = core.solve(extract=False)
        self.left -= core.nodes
        self.seconds_left -= now() - start
        if status == "unknown":
            return None, whole and not self._cancelled()
        return status == "loss", whole

    def _cancelled(self) -> bool:
        return self.cancelled is not None and self.cancelled()


_readers: ProofMemo[ThreatReader] = ProofMemo()


def reader_for(proof) -> ThreatReader:
    """The one reader of ``proof``'s lines (a ``search.proof.Proof``), kept while the proof
    lives: a question is searched once, whoever draws a line of it (the CLI's diagram and
    export, the app's worker, browser and export)."""
    return _readers.get(proof, lambda p: ThreatReader(p.problem))
