"""The ``Evaluator`` protocol: what a best-first search asks of a position, and simple answers.

An evaluator looks at a *batch* of positions (so a network can be fed many at
once) and returns, for each, prior probabilities over the position's legal
moves (the pass included) and a value.  Values are always from the
**defender's** point of view (probability that the defender reaches its goal),
whoever is to move: the AND/OR search then needs no sign flips.  An evaluator
may also return the "Faster to Life" vector: entry ``d - 1`` is the
probability that the defender reaches its goal within ``d`` more moves,
d = 1..K (RZS paper, "Faster to Life").  An evaluator may also carry ``c_puct``,
the PUCT exploration constant that suits how sharp its priors and how noisy its
values are; the search uses it unless its params name one.

``HeuristicEvaluator`` is cheap Go knowledge (captures, ataris, eye points,
no self-atari, nearness to the stones for the priors; the defender's eye-like
points and two random games that fill no eyes for the value),
computed by ``engine_cy.mcts_core.heuristic_evaluate``; the MCTS core computes
the same numbers natively for both evaluators here.

This module knows positions only through the engine's ``Board`` and the
problem's fields; it imports neither torch nor Qt (``tsumego_gui.nn`` holds the
network evaluator).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

from engine_cy.board import Board
from engine_cy.heuristic import heuristic_evaluate
from tsumego_gui.core.problem import Problem


@dataclass(frozen=True)
class Query:
    """One position to evaluate.

    ``board`` is the position with its side to move, ko state and path history;
    the evaluator must not change it.  ``legal`` lists the moves the search
    will consider there (locs, ``PASS`` included), in the order the priors
    must follow.  ``problem`` supplies the defender, goal, crucial stones and
    region; ``moves_left`` is the remaining horizon for FTL values (None when
    the search has no horizon).  ``moves`` is the line from the search's root
    to this position (``PASS`` included; the last one was played by the side
    not to move, and the colours alternate), for evaluators that read recent
    moves (KataGo's networks do); empty when unknown.
    """

    board: Board
    problem: Problem
    legal: tuple[int, ...]
    moves_left: int | None = None
    moves: tuple[int, ...] = ()


@dataclass(frozen=True)
class Evaluation:
    """The evaluator's answer for one query.

    ``priors``: float32 array aligned with ``Query.legal``, non-negative,
    summing to 1.  ``value``: probability in [0, 1] that the defender reaches
    its goal.  ``ftl``: float32 array of K "win within d moves" probabilities
    (non-decreasing in d), or None.
    """

    priors: np.ndarray
    value: float
    ftl: np.ndarray | None = None


@runtime_checkable
class Evaluator(Protocol):
    """Anything that evaluates batches of positions (optionally with a ``c_puct``)."""

    name: str

    def evaluate(self, queries: Sequence[Query]) -> list[Evaluation]:
        """One Evaluation per query, in order."""
        ...


class UniformEvaluator:
    """Equal priors over the legal moves and an uninformed value of 0.5."""

    name = "uniform"

    def evaluate(self, queries: Sequence[Query]) -> list[Evaluation]:
        out = []
        for q in queries:
            n = len(q.legal)
            priors = np.full(n, 1.0 / n if n else 0.0, dtype=np.float32)
            out.append(Evaluation(priors, 0.5))
        return out


class HeuristicEvaluator:
    """Cheap Go knowledge: priors from captures, ataris, eye points, self-atari
    and nearness to the stones; value from the defender's eye-like points and
    stone balance, blended with two random games (nobody fills its own eye)
    seeded by the position's hash."""

    name = "heuristic"
    # its priors are sharp and its two-game values noisy: leaning on the priors twice as
    # hard as the default 1.5 proves the RZS paper's 7x7 json 6 (table 14) in 77k-162k
    # nodes for seeds 0-3, where 1.5 leaves it unproven within 500k (benchmarks/rzone7.py)
    c_puct = 3.0

    def evaluate(self, queries: Sequence[Query]) -> list[Evaluation]:
        out = []
        for q in queries:
            problem = q.problem
            priors, value = heuristic_evaluate(
                q.board, problem.defender, q.legal, live_any=problem.goal == "live_any",
                crucial=problem.crucial, region=problem.region)
            out.append(Evaluation(priors, value))
        return out
