"""The closer frame first: a posed open problem is solved in a frame around the defender's
stones, and again in its own frame only when that does not show the defender alive.

Framing an open (book) problem (``core.frame``) is an assumption: the outside
is the attacker's.  The problem's own frame walls in the box of all its stones;
the closer frame (``core.open_problem.frame_closer``) walls in the defender's
stones alone, with the attacker's outside stones left standing beyond it.  The
closer wall takes room from the defender and gives the attacker, for nothing,
safe stones on every point next to the area, which it could at best play one
by one in the wider frame.  So a life the verifier accepts in the closer frame
is taken as the answer, and the proof shown is that one (of the closer framed
problem, which says so).  A death there may be the wall's doing (the defender
lacked the room it lives in), and an open search says nothing: both are
searched again in the problem's own frame with the time left.  For the same
reason a classification of every first move (``tsumego solve --all``, the
app's first-move list) stays in the problem's own frame: a first move that
dies in the closer frame may live in the wider one.

This is a reading of Go, not a theorem: a tighter frame is not a position the
wider one must reach, and the relevance zone of a life proven in the closer
frame holds some of the wall's stones (measured, book 9/25/31.json: 13-15
of 36-46 zone points), so the zone does not carry the proof over.  Measured on
the 53 book problems of rzone-19x19-dev at 20 s (s28, ``benchmarks/book.py
--around defender``): every one of the 21 lives proven in the closer frame had
the book's first move among its winning moves, and every death proven there (6)
contradicted the book.  The closer frame gets ``CLOSER_SHARE`` of the time
(its regions are about half the size: median 20 empty points against 43).  At
300 s (s29, ``benchmarks/results/2026-11-26-s29-book-closer-frame.txt``) the
ladder has the book's first move proven on 30 of the 53 (28 answered in the
closer frame), none against the book; the problems' own frames alone reached
about 24.

Knows the solvers' front door (``search.choice``) and problems; nothing about
files, posing or threads.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from tsumego_gui.core.problem import Problem
from tsumego_gui.search.choice import VERIFIED, SolveOutcome

CLOSER_SHARE = 1 / 3     # of the time budget, for the closer frame
MIN_LEFT = 0.05          # share of the budget the problem's own frame gets at the least


@dataclass(frozen=True)
class LadderOutcome:
    """A solve of a posed problem: which framed problem the outcome is about, and why."""

    problem: Problem             # the closer framed problem, or the problem's own
    outcome: SolveOutcome
    closer: bool                 # the outcome is the closer frame's
    note: str                    # what was tried, for the user ("" when nothing was)


def solve_closer_first(problem: Problem, closer: Problem | None,
                       solve: Callable[[Problem, float | None], SolveOutcome],
                       seconds: float | None, *, share: float = CLOSER_SHARE,
                       clock: Callable[[], float] = time.monotonic) -> LadderOutcome:
    """``solve(framed problem, seconds)`` on ``closer`` with ``share`` of ``seconds``; its
    verified life is the answer, else ``problem`` is solved with the time left."""
    if closer is None:
        return LadderOutcome(problem, solve(problem, seconds), False, "")
    start = clock()
    first = solve(closer, None if seconds is None else seconds * share)
    if first.verification == VERIFIED and first.result.verdict == "lives":
        return LadderOutcome(closer, first, True,
                             f"proven in the closer frame around the defender "
                             f"({closer.empty_region()} empty points): a wall that close "
                             "only helps the attacker, so the defender is taken to live in "
                             "a wider one too")
    why = {"dies": "the defender dies there, maybe for want of the room the wall took",
           "lives": "its proof was not verified in full"}.get(first.result.verdict,
                                                              "not proven there in time")
    left = None
    if seconds is not None:
        left = max(seconds - (clock() - start), seconds * MIN_LEFT)
    # "then searched", not "solved": the own frame's search may end unproven too (QA s43)
    budget = "" if left is None else f" with the {left:.1f} s left"
    return LadderOutcome(problem, solve(problem, left), False,
                         f"tried the closer frame around the defender "
                         f"({closer.empty_region()} empty points) first: {why}; then "
                         f"searched in the problem's own frame{budget}")
