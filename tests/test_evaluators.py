"""The ``Evaluator`` contract of the network-free evaluators, and what the heuristic prefers."""

from __future__ import annotations

import numpy as np
import pytest

from engine_cy.board import BLACK, PASS, WHITE
from tsumego_gui.core import coords
from tsumego_gui.core.diagram import parse_diagram
from tsumego_gui.core.problem import Problem
from tsumego_gui.search.evaluators import (
    Evaluation,
    Evaluator,
    HeuristicEvaluator,
    Query,
    UniformEvaluator,
)

DIAGRAM = """
    . O . . O X .
    O O O O O X .
    X X X X X X .
    . . . . X O X
    . . X . . . .
    . . . . . . .
    . . . . . . .
"""


def position(to_play: int):
    board = parse_diagram(DIAGRAM, size=7, to_play=to_play)
    black = {p for p in coords.all_locs(7) if board.color_at(p) == BLACK}
    white = {p for p in coords.all_locs(7) if board.color_at(p) == WHITE}
    problem = Problem.create(7, black, white, to_play=to_play, defender=WHITE, goal="live_any")
    board = problem.to_board()
    legal = tuple(board.legal_moves()) + (PASS,)
    return board, problem, legal


@pytest.mark.parametrize("evaluator", [UniformEvaluator(), HeuristicEvaluator()],
                         ids=lambda e: e.name)
@pytest.mark.parametrize("to_play", [BLACK, WHITE])
def test_contract(evaluator, to_play):
    assert isinstance(evaluator, Evaluator)
    board, problem, legal = position(to_play)
    before = (board.hash, board.ko_loc, board.history())
    answers = evaluator.evaluate([Query(board, problem, legal), Query(board, problem, legal[:3])])
    assert (board.hash, board.ko_loc, board.history()) == before
    assert len(answers) == 2
    for answer, n in zip(answers, (len(legal), 3), strict=True):
        assert isinstance(answer, Evaluation)
        assert answer.priors.dtype == np.float32 and answer.priors.shape == (n,)
        assert (answer.priors >= 0).all()
        assert answer.priors.sum() == pytest.approx(1.0, abs=1e-5)
        assert 0.0 <= answer.value <= 1.0
    assert evaluator.evaluate([]) == []


def test_heuristic_prefers_captures_and_eyes():
    gtp = lambda name: coords.from_gtp(name, 7)  # noqa: E731
    board, problem, legal = position(BLACK)
    priors = dict(zip(legal, HeuristicEvaluator().evaluate([Query(board, problem, legal)])[0]
                      .priors, strict=True))
    # F3 captures the white stone in atari: Black's best move
    assert max(priors, key=priors.get) == gtp("F3")
    assert gtp("A7") not in priors      # White's eye: suicide for Black
    board, problem, legal = position(WHITE)
    priors = dict(zip(legal, HeuristicEvaluator().evaluate([Query(board, problem, legal)])[0]
                      .priors, strict=True))
    # D7 makes C7 an eye and F3 saves the stone: both beat a quiet move; passing is
    # worst for the defender
    assert priors[gtp("D7")] > priors[gtp("A1")]
    assert priors[gtp("F3")] > priors[gtp("A1")]
    assert priors[PASS] < priors[gtp("A1")]


def test_heuristic_keeps_to_the_fight():
    # D6 and B2 look alike up close (four empty neighbours, nothing to capture or
    # save); only D6 is within two points of a stone
    gtp = lambda name: coords.from_gtp(name, 7)  # noqa: E731
    problem = Problem.create(7, [], [gtp("D4")], to_play=BLACK, defender=WHITE,
                             goal="live_any")
    board = problem.to_board()
    legal = (gtp("D6"), gtp("B2"), PASS)
    (answer,) = HeuristicEvaluator().evaluate([Query(board, problem, legal)])
    assert answer.priors[0] > answer.priors[1]


def test_heuristic_value_grows_with_eyes():
    board, problem, legal = position(WHITE)
    (one_eye,) = HeuristicEvaluator().evaluate([Query(board, problem, legal)])
    board.play(coords.from_gtp("D7", 7))   # White makes a second eye at C7
    (two_eyes,) = HeuristicEvaluator().evaluate(
        [Query(board, problem, tuple(board.legal_moves()) + (PASS,))])
    assert two_eyes.value > one_eye.value


def test_uniform_is_uniform():
    board, problem, legal = position(WHITE)
    (answer,) = UniformEvaluator().evaluate([Query(board, problem, legal)])
    assert np.allclose(answer.priors, 1.0 / len(legal)) and answer.value == 0.5
