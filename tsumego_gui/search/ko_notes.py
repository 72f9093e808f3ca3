"""What an exported line says about kos beyond its moves: where the tree's ko rule forbids
a ko capture, and where a retake spends an external ko threat.

A proof holds under its problem's ko rule (``Problem.ko_allowed``, and under the
ko figure's threat rules ``Problem.ko_threats``, ``search.ko_figure``).  Read in
another SGF program, a line in which a side does not take an open ko, or
retakes one at once, looks like a mistake or an illegal move: the player needs
the rule at that point.  :class:`KoNotes` follows a line on a board of the
problem and words those points for the move comments of ``search.proof``'s SGF
export:

* after a move, the side now to move may not capture a ko that stands on the
  board, since its rule forbids it kos: "White may not take the ko at F1 (this
  tree's ko rule)", or, for the ko just taken, "White may not retake the ko at
  E1 (this tree's ko rule)";
* a ko just taken whose retake the side now to move cannot pay for with an
  external threat (it may capture kos, but holds none): "White has no ko threat
  to retake at E1";
* a move at the point a ko forbids is a retake with a threat elsewhere, which
  the opponent answers: "White retakes the ko with a ko threat elsewhere, which
  Black answers (0 threats left)".

Knows problems and the rules engine; nothing about proofs or SGF.
"""

from __future__ import annotations

from engine_cy.board import PASS, IllegalMoveError
from tsumego_gui.core import coords
from tsumego_gui.core.problem import Problem
from tsumego_gui.core.wording import PLAYERS, counted

FORBIDDEN = "ko capture forbidden"      # ``engine_cy.board``'s reason


class KoNotes:
    """A board that follows an exported line (``play`` and ``undo`` in step with it)."""

    def __init__(self, problem: Problem, to_play: int, held_by: str = "tree"):
        """``held_by``: what the reader holds, in the rule's name ("this tree's ko rule";
        a diagram's reader has a line)."""
        self.problem = problem
        self.rule = f"this {held_by}'s ko rule"
        self.board = problem.to_board()
        self.board.to_play = to_play
        self.region = sorted(problem.region_or_all())

    def play(self, move: int) -> tuple[int | None, str]:
        """Play ``move``: (the undo token, or None when the board cannot follow the line,
        and the note for the move's comment, "" when there is none)."""
        board = self.board
        mover = board.to_play
        retake = move != PASS and move == board.ko_loc
        try:
            token = board.play(move)
        except IllegalMoveError:
            return None, ""
        notes = []
        if retake:
            left = counted(board.ko_threats(mover), "threat")
            notes.append(f"{PLAYERS[mover]} retakes the ko with a ko threat elsewhere, "
                         f"which {PLAYERS[3 - mover]} answers ({left} left)")
        side = board.to_play
        name = PLAYERS[side]
        barred = not self.problem.ko_capture_allowed(side)
        if board.ko_loc != PASS and (barred or board.ko_threats(side) == 0):
            point = coords.to_gtp(board.ko_loc, self.problem.size)
            notes.append(f"{name} may not retake the ko at {point} ({self.rule})"
                         if barred else f"{name} has no ko threat to retake at {point}")
        if barred:
            kos = [p for p in self.region
                   if p != board.ko_loc and board.illegal_reason(p) == FORBIDDEN]
            if kos:
                points = ", ".join(coords.to_gtp(p, self.problem.size) for p in kos)
                notes.append(f"{name} may not take the ko at {points} ({self.rule})")
        return token, "".join(f". {n}" for n in notes)

    def undo(self, token: int) -> None:
        self.board.undo(token)
