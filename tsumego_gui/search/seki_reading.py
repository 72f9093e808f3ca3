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
(a kill read for a ko), whose verifier check this module shares.

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
from tsumego_gui.search.kill_by_ko import MIN_SECONDS, holds


@dataclass(frozen=True)
class SekiReading:
    """What the goal ``live`` says of a life under ``survive``."""

    seki: bool | None            # the defender lives only in seki (None: not settled)
    outcome: SolveOutcome        # the solve's, or the unconditional life that replaces it
    move: int | None = None      # the search's unconditional living move, where it named one
    why_open: str = ""           # why ``seki`` is None


def applies(outcome: SolveOutcome) -> bool:
    """A verified life under the goal ``survive``, from a position that is not alive
    already, with no split: the lives this module reads."""
    result = outcome.result
    if outcome.verification != VERIFIED or result.verdict != "lives" or result.proof is None \
            or result.split is not None:
        return False
    return result.proof.problem.goal == "survive" and result.proof.root.kind != "goal"


def read_life(outcome: SolveOutcome, solve: Callable[[Problem, float | None], SolveOutcome],
              seconds: float | None, *, stop: Callable[[], str] | None = None,
              max_positions: int | None = None,
              clock: Callable[[], float] = time.monotonic) -> SekiReading:
    """Read a life ``applies`` accepts (module docstring); ``solve(problem, seconds)``
    searches the goal ``live`` with what is left of ``seconds`` (None: no limit), with
    the side to move of the life's proof."""
    deadline = None if seconds is None else clock() + seconds

    def spent() -> str:
        why = stop() if stop is not None else ""
        return why or ("time budget" if deadline is not None and clock() >= deadline else "")

    proof = outcome.result.proof
    problem = proof.problem
    outright = replace(problem, goal="live")
    carried = holds(proof, outright, spent, max_positions)
    if carried is True:
        return SekiReading(False, outcome)
    if carried is not False:
        return SekiReading(None, outcome, why_open=carried)
    left = None if deadline is None else deadline - clock()
    if spent() or (left is not None and left < MIN_SECONDS):
        return SekiReading(None, outcome, why_open=spent() or "time budget")
    again = solve(outright, left)
    result = again.result
    if again.verification != VERIFIED:
        why = result.stop_reason if result.verdict == "unknown" else "its proof was not verified"
        return SekiReading(None, outcome, why_open=why or "not proven")
    if result.verdict == "dies":
        return SekiReading(True, outcome)
    moves = result.proof.winning_moves
    move = moves[0] if moves else None
    if holds(result.proof, problem, spent, max_positions) is True:
        combined = replace(result, proof=replace(result.proof, problem=problem),
                           nodes=outcome.result.nodes + result.nodes,
                           seconds=outcome.result.seconds + result.seconds)
        return SekiReading(False, replace(again, result=combined), move)
    return SekiReading(False, outcome, move)


def words(reading: SekiReading | None, classes: str) -> str:
    """What the goal ``live`` said of a life (None: it was not read, ""), in a player's
    words; ``classes``: where every first move's class is found ("--all")."""
    if reading is None:
        return ""
    problem = reading.outcome.result.proof.problem
    defender = PLAYERS[problem.defender]
    if reading.seki is None:
        return f"seki or unconditional life: not settled ({reading.why_open})"
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
