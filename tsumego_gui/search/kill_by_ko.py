"""Whether a solve's kill is a ko: the kill checked, and searched again, where the
defender may take kos.

The solvers' default rule forbids the defender to capture a ko (ARCHITECTURE
§3), so a ko the attacker must win counts as a kill there, and a solve may name
a ko's first move as "the" kill (the bundled direct ko with Black to play: F1
takes the ko, E1 kills outright).  A Go player calls the first a ko and
expects the second.  So after a kill proven under a rule that forbids the
defender kos (the default, or one where nobody may take a ko):

1. its proof is checked by the verifier under the turned ko rule (the defender
   may capture kos, the attacker may not: ``search.classify``'s ``ko`` rule
   set).  Where it holds there, no ko is in the kill and nothing is searched;
   where the check is cut short before a fault (its position budget, the time),
   the reading is left open;
2. otherwise the position is searched under the turned rule with the time
   left.  A life there means the kill needs the ko: the position is a ko, and
   with the defender to move, the move that wins it is the move that makes
   the ko.  A kill there is one without a ko; its proof is checked again under
   the problem's own rule, and where it holds it replaces the solve's (the same
   position and rule, a kill a player would name).  Where it does not hold
   there (a child for a ko capture the defender may not make under the
   problem's own rule, say), the kill without a ko is named, the solve's proof
   kept.

The problem's own ko threats are set aside in both checks, as the classes set
them aside (``search.classify``): a problem with threats is not read.  This is
the position's class between ``dies`` and ``ko`` only; ``tsumego solve --all``
classifies every first move (and says which side must win the ko, and how).

Knows problems, proofs, the verifier and the solvers' outcome record; the search
itself is the caller's ``solve``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from engine_cy.board import PASS
from tsumego_gui.core import coords
from tsumego_gui.core.problem import Problem, one_side_takes_kos
from tsumego_gui.core.wording import PLAYERS, verdict_words
from tsumego_gui.search.choice import VERIFIED, SolveOutcome
from tsumego_gui.search.proof import Proof
from tsumego_gui.search.reread import ReadingTime, holds, in_place_of, reread


@dataclass(frozen=True)
class KoReading:
    """What the turned ko rule says of a kill."""

    needs_ko: bool | None        # the kill holds only while the defender may not take kos
    outcome: SolveOutcome        # the solve's, or the kill without a ko that replaces it
    move: int | None = None      # the ko's move (defender to move) or the kill without one
    why_open: str = ""           # why ``needs_ko`` is None
    # where the kill needs the ko: the proof that the defender lives where it may take kos
    # (and the attacker may not), which shows the ko the kill's own lines leave out
    turned: Proof | None = None

    @property
    def ko_move(self) -> int | None:
        """Where the kill needs the ko, the first move whose result it decides: the move
        that makes the ko (defender to move), else the kill named; None otherwise."""
        if not self.needs_ko:
            return None
        if self.move is not None:
            return self.move
        moves = self.outcome.result.proof.winning_moves
        return moves[0] if moves else None


def applies(outcome: SolveOutcome) -> bool:
    """A verified kill where the defender may not take kos (under the research ko rule,
    or where nobody may: QA s45, the direct ko's F1 was named there beside E1), with no
    ko threats and no split: the kills this module reads."""
    result = outcome.result
    if outcome.verification != VERIFIED or result.verdict != "dies" or result.proof is None \
            or result.split is not None:
        return False
    problem = result.proof.problem
    return not problem.ko_capture_allowed(problem.defender) and problem.ko_threats == (0, 0)


def turned(problem: Problem) -> Problem:
    """``problem`` where the defender may capture kos and the attacker may not."""
    return replace(problem, ko_allowed=one_side_takes_kos(problem.defender, True))


def read_kill(outcome: SolveOutcome, solve: Callable[[Problem, float | None], SolveOutcome],
              seconds: float | None, *, stop: Callable[[], str] | None = None,
              max_positions: int | None = None,
              clock: Callable[[], float] = time.monotonic,
              walking: Callable[[int], None] | None = None) -> KoReading:
    """Read a kill ``applies`` accepts (module docstring); ``solve(problem, seconds)``
    searches the turned rule with what is left of ``seconds`` (None: no limit), with the
    side to move of the kill's proof; ``walking`` hears how far the last check has come
    (the verifier's): the turned rule's kill, whose own check came just before it,
    checked again under the problem's rule."""
    budget = ReadingTime(seconds, stop, clock)
    proof = outcome.result.proof
    problem = proof.problem
    read = reread(proof, turned(problem), solve, budget, max_positions)
    if read.holds:
        return KoReading(False, outcome)
    if read.again is None:
        return KoReading(None, outcome, why_open=read.why_open)
    again = read.again
    result = again.result
    moves = result.proof.winning_moves
    move = moves[0] if moves else None
    if result.verdict == "lives":
        return KoReading(True, outcome, move, turned=result.proof)
    if move is not None and move != PASS and \
            holds(result.proof, problem, budget.spent, max_positions, walking) is True:
        return KoReading(False, in_place_of(outcome, again, problem), move)
    return KoReading(False, outcome, move)


def words(reading: KoReading | None, classes: str) -> str:
    """What the turned ko rule said of a kill (None: it was not read), in a player's words;
    ``classes``: where every first move's class is found ("--all", "the first-move list").
    The CLI prints it under a kill and the app shows it under the verdict (QA s48: the app
    named a kill that needs a ko, and left out the kill without one the CLI named)."""
    if reading is None or reading.needs_ko is None:
        why = f" (not settled: {reading.why_open})" if reading and reading.why_open else ""
        return ("ko: the defender may not capture a ko here, so a ko counts as dying; "
                f"{classes} tells kos apart{why}")
    proof = reading.outcome.result.proof
    problem = proof.problem
    size, defender = problem.size, PLAYERS[problem.defender]
    named = coords.to_gtp(proof.winning_moves[0], size) if proof.winning_moves else None
    move = None if reading.move is None else coords.to_gtp(reading.move, size)
    # under the goal live, a seki is no death (QA s45): the loss is said as what it is
    dies = verdict_words(defender, False, problem.goal)
    how = f"({classes} says who must win it, and how)"
    if reading.needs_ko and named is None and reading.move == PASS:
        # QA s49 (bent four in the corner): "pass makes the ko" -- the opponent starts it
        return (f"a ko: {dies} only while it may not take a ko; it need not play first: "
                f"{PLAYERS[problem.attacker]} must start the ko to kill {how}")
    if reading.needs_ko and named is None:
        # the search's move, not always the best ko (QA s49: an approach ko named where
        # the first-move list had two direct ones)
        return (f"a ko: {dies} only while it may not take a ko; {move} makes a ko "
                f"({classes} says which ko is best, who must win it, and how)")
    if reading.needs_ko:
        return (f"a ko: {named} kills only while {defender} may not take a ko; where "
                f"{defender} may, no move kills {how}")
    if move in (None, named):
        return f"no ko: {dies} even where it may take kos"
    return (f"no ko with {move}: it kills even where {defender} may take kos ({named} kills "
            f"only while {defender} may not take a ko)")
