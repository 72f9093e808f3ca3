"""Whether a solve's life is a seki: the life checked, and searched again, under
unconditional life.

Under the goal ``survive`` (the default, as Go books count) a seki is a life, so
a solve answers "White lives" and names the living move it proved first; in a
seki that may be a move that fills a shared liberty, and the word seki is never
said (QA s49 D8: the CLI's plain solve of an eye-against-eye seki).  A Go player
wants to know which life it is.  So after a verified life under ``survive``:

1. its proof is checked by the verifier under the goal ``live`` (unconditional
   life, the problem's ko rule kept).  Where it holds, the life is unconditional
   and nothing is searched; where the check is cut short before a fault, the
   reading is left open;
2. otherwise the position is searched under ``live`` with the time left.  A
   kill there means the defender lives only in seki.  A life there is an
   unconditional one: with the defender to move its move is named, and where
   that proof also verifies under ``survive`` it replaces the solve's (a player
   names the move that lives outright).

This is the position's class between ``lives`` and ``seki`` only; ``tsumego
solve --all`` classifies every first move.  The mirror of ``search.kill_by_ko``
(a kill read for a ko); the check and the search are ``search.reread``'s.

Knows problems, proofs, the verifier and the solvers' outcome record; the search
itself is the caller's ``solve``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from tsumego_gui.core import coords
from tsumego_gui.core.problem import Problem
from tsumego_gui.core.wording import PLAYERS
from tsumego_gui.search.choice import VERIFIED, SolveOutcome
from tsumego_gui.search.reread import ReadingTime, holds, in_place_of, reread


@dataclass(frozen=True)
class SekiReading:
    """What the goal ``live`` says of a life under ``survive``."""

    seki: bool | None            # the defender lives only in seki (None: not settled)
    outcome: SolveOutcome        # the solve's, or the unconditional life that replaces it
    move: int | None = None      # the search's unconditional living move, where it named one
    why_open: str = ""           # why ``seki`` is None


def applies(outcome: SolveOutcome) -> bool:
    """A verified life under the goal ``survive``, from a position that is not alive
    already, with no split, under the rules the classes read a seki by (``search.classify``):
    the defender may not take kos (where it may, a life may be a ko's: review s50, a
    "seki" that ``--all`` called a ko), no ko threats, and no pass just played (its pass
    would end the game, which under ``live`` is no life: a straight four read as a seki)."""
    result = outcome.result
    if outcome.verification != VERIFIED or result.verdict != "lives" or result.proof is None \
            or result.split is not None:
        return False
    problem = result.proof.problem
    return (problem.goal == "survive" and result.proof.root.kind != "goal"
            and not problem.ko_capture_allowed(problem.defender)
            and problem.ko_threats == (0, 0) and not problem.previous_pass)


def read_life(outcome: SolveOutcome, solve: Callable[[Problem, float | None], SolveOutcome],
              seconds: float | None, *, stop: Callable[[], str] | None = None,
              max_positions: int | None = None,
              clock: Callable[[], float] = time.monotonic) -> SekiReading:
    """Read a life ``applies`` accepts (module docstring); ``solve(problem, seconds)``
    searches the goal ``live`` with what is left of ``seconds`` (None: no limit), with
    the side to move of the life's proof."""
    budget = ReadingTime(seconds, stop, clock)
    proof = outcome.result.proof
    problem = proof.problem
    read = reread(proof, replace(problem, goal="live"), solve, budget, max_positions)
    if read.holds:
        return SekiReading(False, outcome)
    if read.again is None:
        return SekiReading(None, outcome, why_open=read.why_open)
    again = read.again
    if again.result.verdict == "dies":
        return SekiReading(True, outcome)
    moves = again.result.proof.winning_moves
    move = moves[0] if moves else None
    if holds(again.result.proof, problem, budget.spent, max_positions) is True:
        return SekiReading(False, in_place_of(outcome, again, problem), move)
    return SekiReading(False, outcome, move)


def words(reading: SekiReading | None, classes: str) -> str:
    """What the goal ``live`` said of a life (None: it was not read, ""), in a player's
    words; ``classes``: where every first move's class is found ("--all")."""
    if reading is None:
        return ""
    if reading.seki is None:
        return f"seki or unconditional life: not settled ({reading.why_open})"
    problem = reading.outcome.result.proof.problem
    defender = PLAYERS[problem.defender]
    if reading.seki:
        return (f"seki: {defender} lives only in seki, it cannot live unconditionally "
                f"({classes} gives every first move's class)")
    proof = reading.outcome.result.proof
    named = coords.to_gtp(proof.winning_moves[0], problem.size) if proof.winning_moves \
        else None
    move = None if reading.move is None else coords.to_gtp(reading.move, problem.size)
    if move in (None, named):
        return f"no seki: {defender} lives unconditionally"
    return (f"no seki with {move}: {defender} lives unconditionally ({named} lives, "
            "perhaps only in seki)")
