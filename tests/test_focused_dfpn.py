"""Network-focused df-pn: the evaluator orders and focuses the work, never the answer.

Evaluators here are stand-ins with known behaviour: a seeded random one, one
that ranks the proven winning move last and calls every position lost for its
mover, one that fails, and (when ``../shared/katago`` has the model) KataGo's
network.  Every verdict must equal plain df-pn's and every proof must pass the
independent verifier.  Budgets are in nodes and ``time_share`` is 1 (no time
gate), so a busy machine cannot change what is searched; one test keeps a time
budget, with a stand-in whose batches take a second.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import numpy as np
import pytest

from engine_cy.board import BLACK, WHITE
from tests.test_solver import STRAIGHT_THREE, problem_from
from tsumego_gui.core import coords
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search import choice
from tsumego_gui.search.dfs import solve
from tsumego_gui.search.evaluators import Evaluation, HeuristicEvaluator, UniformEvaluator
from tsumego_gui.search.params import FocusParams, SearchParams
from tsumego_gui.search.verify import verify

HERE = Path(__file__).resolve().parent
FOLDER = HERE.parents[1] / "shared" / "problems" / "enclosed-dev"
MODEL = HERE.parents[1] / "shared" / "katago" / "b10c384h6nbttflrs.bin.gz"
CASES = json.loads((HERE / "data" / "enclosed_fast.json").read_text())["cases"]
FOCUS = FocusParams(max_depth=6, max_evals=0, time_share=1.0)


def params(focus: FocusParams = FOCUS, max_nodes: int = 3_000_000) -> SearchParams:
    return SearchParams(max_nodes=max_nodes, max_seconds=0, focus=focus)


class RandomEvaluator:
    """Priors and values from a generator seeded by the position: the same every run."""

    name = "random"

    def __init__(self) -> None:
        self.asked = 0

    def evaluate(self, queries):
        self.asked += len(queries)
        out = []
        for q in queries:
            rng = random.Random(hash((q.board.hash, q.board.to_play)) & 0xFFFFFFFF)
            priors = np.array([rng.random() for _ in q.legal], dtype=np.float32)
            out.append(Evaluation(priors / priors.sum(), rng.random()))
        return out


class WrongEvaluator:
    """Ranks ``worst`` last at every node and says the side to move loses everywhere."""

    name = "wrong"

    def __init__(self, worst: int) -> None:
        self.worst = worst

    def evaluate(self, queries):
        out = []
        for q in queries:
            priors = np.array([0.0 if m == self.worst else 1.0 for m in q.legal],
                              dtype=np.float32)
            priors = priors / priors.sum() if priors.sum() else np.full(len(q.legal), 1.0)
            mover_is_defender = q.board.to_play == q.problem.defender
            out.append(Evaluation(priors.astype(np.float32), 0.0 if mover_is_defender else 1.0))
        return out


class FailingEvaluator:
    name = "failing"

    def evaluate(self, queries):
        raise RuntimeError("CUDA out of memory (a stand-in)")


class NanEvaluator:
    name = "nan"

    def evaluate(self, queries):
        return [Evaluation(np.full(len(q.legal), np.nan, dtype=np.float32), 0.5)
                for q in queries]


def checked(result):
    assert result.proof is not None, f"not solved: {result.stop_reason}"
    report = verify(result.proof, replays=30)
    assert report.ok and report.complete, report.errors
    return result


def first_cases(count: int):
    if not FOLDER.is_dir():
        pytest.skip("../shared/problems is absent")
    return CASES[:count]


@pytest.mark.parametrize("index", range(8))
def test_random_focus_keeps_the_verdict_and_the_proof_verifies(index):
    case = first_cases(8)[index]
    problem = read_sgf((FOLDER / case["problem"]).read_bytes())[0]
    side = {"B": BLACK, "W": WHITE}[case["side"]]
    plain = checked(solve(problem, params(), to_play=side))
    evaluator = RandomEvaluator()
    focused = checked(solve(problem, params(), to_play=side, evaluator=evaluator))
    assert focused.verdict == plain.verdict
    assert evaluator.asked > 0
    assert focused.proof.stats["network_evals"] == evaluator.asked


def test_the_winning_move_ranked_last_is_still_found():
    """Straight three: B1 is White's only living move.  The stand-in puts B1 last at
    every node and calls every position lost for its mover; the window widens
    until B1 comes in, and the proof is the same as without it."""
    problem = problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=WHITE)
    vital = coords.from_gtp("B1", 7)
    result = checked(solve(problem, params(), all_moves=True,
                           evaluator=WrongEvaluator(vital)))
    assert result.verdict == "lives"
    assert result.proof.winning_moves == [vital]
    assert result.proof.stats["network_evals"] > 0


def test_the_evaluation_budget_is_kept():
    problem = problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=BLACK)
    evaluator = RandomEvaluator()
    result = checked(solve(problem, params(FocusParams(max_depth=20, max_evals=3,
                                                       time_share=1.0)),
                           evaluator=evaluator))
    assert result.verdict == "dies"
    assert evaluator.asked <= 3
    assert result.proof.stats["network_evals"] == evaluator.asked


class SlowEvaluator(RandomEvaluator):
    """A batch takes a second, as a network's does on a slow CPU."""

    def evaluate(self, queries):
        time.sleep(1.0)
        return super().evaluate(queries)


def test_no_batch_starts_that_would_end_past_the_time_budget():
    """With 1.5 s and batches of a second, a second batch would end at 2 s: the search goes
    on without it (a network's batch cannot be cut short; QA s47: --time 2 with KataGo
    searched for 3.4 s)."""
    problem = problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=WHITE)
    evaluator = SlowEvaluator()
    start = time.monotonic()
    result = solve(problem, SearchParams(max_nodes=0, max_seconds=1.5, focus=FocusParams(
        max_depth=20, max_evals=0, time_share=1.0)), evaluator=evaluator)
    assert evaluator.asked >= 1
    assert time.monotonic() - start < 1.8
    assert result.proof is None or (result.verdict == "lives" and verify(result.proof).passed)


@pytest.mark.parametrize("evaluator, says", [(FailingEvaluator(), "CUDA out of memory"),
                                             (NanEvaluator(), "not finite")])
def test_a_failing_evaluator_leaves_plain_dfpn_and_says_why(evaluator, says):
    problem = problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=WHITE)
    result = checked(solve(problem, params(), evaluator=evaluator))
    assert result.verdict == "lives"
    assert says in result.proof.stats["focus_error"]
    assert result.proof.stats["network_evals"] == 0


def test_only_general_networks_focus_dfpn():
    class Katago(RandomEvaluator):
        name = "katago"

    assert choice.focuses_dfpn(Katago())
    for other in (None, UniformEvaluator(), HeuristicEvaluator(), RandomEvaluator()):
        assert not choice.focuses_dfpn(other)
    problem = problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=WHITE)
    evaluator = Katago()
    result, used, reason = choice.solve(problem, "dfs", evaluator=evaluator, max_seconds=0,
                                        max_nodes=100_000)
    assert used == "dfs" and "focused by katago" in reason
    assert evaluator.asked > 0 and result.verdict == "lives"


def test_focus_settings_are_checked():
    for bad in (dict(max_depth=-1), dict(max_evals=-1), dict(time_share=0.0),
                dict(widening=1.5), dict(value_scale=-1.0)):
        with pytest.raises(ValueError):
            FocusParams(**bad)


@pytest.mark.skipif(not MODEL.is_file(), reason="../shared/katago model is absent")
def test_katago_focus_keeps_the_verdicts_of_enclosed_problems():
    pytest.importorskip("torch")
    from tsumego_gui.nn.katago_evaluator import load_katago_evaluator

    evaluator = load_katago_evaluator(MODEL, device="cpu", threads=1)
    for case in first_cases(4):
        problem = read_sgf((FOLDER / case["problem"]).read_bytes())[0]
        side = {"B": BLACK, "W": WHITE}[case["side"]]
        result = checked(solve(problem, params(FocusParams(max_depth=3, max_evals=40,
                                                           time_share=1.0)),
                               to_play=side, evaluator=evaluator))
        assert ((result.verdict == "lives") == (side == problem.defender)) == case["peer_wins"]
        assert 0 < result.proof.stats["network_evals"] <= 40
        assert "focus_error" not in result.proof.stats
