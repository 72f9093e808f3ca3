"""How many ko threats a ko needs: a direct ko, or an approach ko and its approach moves.

The classes of ``search.classify`` ask only *who may capture kos*: a position
is ``ko`` when the defender survives if it alone may capture them, and not
when only the attacker may.  How hard that ko is to win is a different
question, answered here with ko threats as a resource (``engine_cy.board``:
a threat elsewhere on the board, which the opponent answers, makes one retake
of a ko legal and is spent doing so).  Under the **threat rules** both sides
may capture kos, the goal is the problem's own (survival, or ``live_any`` on a
kill-all board), and each side holds a number of threats.

With no threats on either side, one side fails: it is the side that *must
win the ko*.  Its **figure** is the least number of threats ``n`` with which
it wins while the other side holds none:

* ``n = 1``: a **direct ko**: one threat lets it retake the ko it lost, and
  then the ko is its own;
* ``n = k + 1`` for ``k >= 1``: an **approach ko** with ``k`` approach moves
  (the side must first play ``k`` moves that give the other side time to
  resolve the ko, and each costs one more threat).  A multi-stage ko reads
  the same: the figure counts the threats the fight costs, whatever its shape.

A figure is claimed only with two verified proofs: the win with ``n``
threats and the loss with ``n - 1`` (for ``n = 1``, the loss with none).
Threats above ``MAX_TRIED`` are not tried; a ko that needs more is reported as
not measured, and where the side still fails with ``MAX_TRIED`` threats, that
loss is proven and said (``FirstMove.ko_beyond``): a double ko fails so with
any number, since each retake is answered in the other ko without a threat.

Knows problems and their rule fields; nothing about searching (``classify``
runs the searches) or about files.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine_cy.board import BLACK, WHITE
from tsumego_gui.core.problem import Problem
from tsumego_gui.core.wording import PLAYERS, counted
from tsumego_gui.search.proof import FORMAT_VERSION, JSON_SIDES, Proof, read_json_side

MAX_TRIED = 3       # threats tried at most for the side that must win the ko


def threat_rules(problem: Problem, defender: int, attacker: int) -> Problem:
    """``problem`` under the threat rules: both sides may capture kos, the defender holds
    ``defender`` threats and the attacker ``attacker``."""
    held = {problem.defender: defender, problem.attacker: attacker}
    goal = "live_any" if problem.goal == "live_any" else "survive"
    return replace(problem, goal=goal, ko_allowed=(True, True),
                   ko_threats=(held[BLACK], held[WHITE]))


def one_side_threat_rules(problem: Problem, side: int, threats: int) -> Problem:
    """:func:`threat_rules` with ``side`` holding ``threats`` and the other side none: a ko
    figure's rules."""
    return threat_rules(problem, *((threats, 0) if side == problem.defender else (0, threats)))


def threat_rules_name(side_is_defender: bool, threats: int) -> str:
    """The name of a threat rule set in ``classify``'s table of rule sets."""
    return f"threats {threats}:0" if side_is_defender else f"threats 0:{threats}"


def threats_held(problem: Problem) -> str:
    """The external ko threats each side holds, in words: "White holds 1 ko threat, Black
    none", "neither side holds a ko threat"."""
    held = dict(zip((BLACK, WHITE), problem.ko_threats, strict=True))
    if not any(held.values()):
        return "neither side holds a ko threat"
    first = max(held, key=held.get)
    second = 3 - first
    rest = counted(held[second], "ko threat") if held[second] else "none"
    return f"{PLAYERS[first]} holds {counted(held[first], 'ko threat')}, {PLAYERS[second]} {rest}"


@dataclass
class KoFigure:
    """A measured ko: the side that must win it and the threats it needs."""

    side: int                   # BLACK or WHITE: the side that fails with no threats
    threats: int                # least threats with which it wins (the other side none)
    proofs: list[Proof] = field(default_factory=list)   # the win with them, the loss with one fewer

    @property
    def approach_moves(self) -> int:
        return self.threats - 1

    @property
    def kind(self) -> str:
        return "direct ko" if self.threats == 1 else "approach ko"

    def words(self) -> str:
        """As a player reads it: "direct ko: White needs 1 ko threat to win it" ("to win
        it": beside "Black must win the ko to kill", the other side's need read as a
        contradiction: QA s45)."""
        side = PLAYERS[self.side]
        need = f"{side} needs {counted(self.threats, 'ko threat')} to win it"
        if self.threats == 1:
            return f"direct ko: {need}"
        k = self.approach_moves
        return f"approach ko, {counted(k, 'approach move')}: {need}"

    def to_json(self) -> dict:
        return {"side": JSON_SIDES[self.side], "threats": self.threats,
                "proofs": [p.to_json() for p in self.proofs]}

    @classmethod
    def from_json(cls, data: dict, version: int = FORMAT_VERSION) -> KoFigure:
        """The figure a :meth:`to_json` dict holds, in a file of ``version`` (the proofs'
        versions: ``search.proof``)."""
        if not isinstance(data.get("threats"), int):
            raise ValueError(f"not a ko figure: {data!r:.80}")
        return cls(read_json_side(data.get("side"), version), data["threats"],
                   [Proof.from_json(p) for p in data["proofs"]])
