"""A solve's proof read again under another rule: checked by the verifier there,
and where it does not hold, the position searched there with the time left.

The two readings of a plain solve share it: a kill read where the defender may
take kos (``search.kill_by_ko``) and a life read under unconditional life
(``search.seki_reading``).  What the second search means is theirs.

Knows proofs, the verifier and the solvers' outcome record; the search itself is
the caller's ``solve``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from tsumego_gui.core.problem import Problem
from tsumego_gui.search import verify
from tsumego_gui.search.choice import VERIFIED, SolveOutcome
from tsumego_gui.search.proof import Proof

MIN_SECONDS = 0.5      # the search under the other rule: not with less time left


def holds(proof: Proof, problem: Problem, stop: Callable[[], str] | None,
          max_positions: int | None,
          walking: Callable[[int], None] | None = None) -> bool | str:
    """Whether the verifier passes ``proof``'s tree as a proof of ``problem`` (True), finds
    a fault in it (False), or was cut short before either (why, a string); ``walking``:
    as the verifier's (how far the check has come)."""
    carried = Proof(problem=problem, to_play=proof.to_play, root=proof.root,
                    winning_moves=proof.winning_moves, stats=proof.stats)
    budget = {} if max_positions is None else {"max_positions": max_positions}
    report = verify.verify(carried, stop=stop, walking=walking, **budget)
    if not report.ok:
        return False
    return True if report.complete else (report.stopped or "the verifier's position budget")


class ReadingTime:
    """A reading's time: the caller's ``stop`` and ``seconds`` from when it was made (None:
    no limit), on ``clock``."""

    def __init__(self, seconds: float | None, stop: Callable[[], str] | None,
                 clock: Callable[[], float]):
        self.stop, self.clock = stop, clock
        self.deadline = None if seconds is None else clock() + seconds

    def spent(self) -> str:
        """Why the reading must stop now (the caller's stop, then the time), or "".  The
        verifier reads it as it walks (a large proof walked again under another rule takes
        as long as its first check: a minute for enclosed-dev gop/5194 W)."""
        why = self.stop() if self.stop is not None else ""
        return why or ("time budget" if self.deadline is not None
                       and self.clock() >= self.deadline else "")

    def left(self) -> float | None:
        return None if self.deadline is None else self.deadline - self.clock()


@dataclass(frozen=True)
class Reread:
    """What the other rule said: the proof holds there, or the search's verified outcome,
    or why neither is known."""

    holds: bool = False
    again: SolveOutcome | None = None    # the search under the other rule, verified
    why_open: str = ""


def reread(proof: Proof, other: Problem,
           solve: Callable[[Problem, float | None], SolveOutcome],
           time: ReadingTime, max_positions: int | None) -> Reread:
    """``proof`` checked as a proof of ``other``; where the check finds a fault, ``other``
    searched with the ``time`` left.  A check cut short before a fault leaves it open
    without a search (QA s44: the app's position budget cut a large kill's check, and its
    time went to a search that could not settle more)."""
    carried = holds(proof, other, time.spent, max_positions)
    if carried is True:
        return Reread(holds=True)
    if carried is not False:
        return Reread(why_open=carried)
    left, spent = time.left(), time.spent()
    if spent or (left is not None and left < MIN_SECONDS):
        return Reread(why_open=spent or "time budget")
    again = solve(other, left)
    if again.verification != VERIFIED:
        result = again.result
        why = result.stop_reason if result.verdict == "unknown" else "its proof was not verified"
        return Reread(why_open=why or "not proven")
    return Reread(again=again)


def in_place_of(outcome: SolveOutcome, again: SolveOutcome, problem: Problem) -> SolveOutcome:
    """``again`` (a search under another rule whose proof also holds under ``problem``'s)
    standing for ``outcome``: its proof as a proof of ``problem``, both searches' nodes
    and seconds counted."""
    result = again.result
    combined = replace(result, proof=replace(result.proof, problem=problem),
                       nodes=outcome.result.nodes + result.nodes,
                       seconds=outcome.result.seconds + result.seconds)
    return replace(again, result=combined)
