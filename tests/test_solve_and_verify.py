"""``search.choice.solve_and_verify``: one front door that solves and checks the proof."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from engine_cy.board import BLACK, WHITE
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search import choice, mcts, verify
from tsumego_gui.search.choice import (
    PARTLY,
    REJECTED,
    UNCHECKED,
    VERIFIED,
    SolveOutcome,
    solve_and_verify,
)
from tsumego_gui.search.params import SearchParams

STRAIGHT_THREE = (Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" /
                  "problems" / "straight-three.sgf")


@pytest.fixture
def problem():
    return read_sgf(STRAIGHT_THREE)[0]


@pytest.fixture
def no_verifier(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the verifier must not run here")
    monkeypatch.setattr(verify, "verify", refuse)


@pytest.mark.parametrize("side, verdict", [(WHITE, "lives"), (BLACK, "dies")])
def test_a_proof_the_verifier_walks_in_full_is_verified(problem, side, verdict):
    seen = []
    out = solve_and_verify(problem, "dfs", to_play=side, all_moves=True,
                           on_verify=seen.append)
    assert isinstance(out, SolveOutcome) and out.solver_used == "dfs" and out.reason
    assert out.result.verdict == verdict and out.result.proof is not None
    assert out.verification == VERIFIED and out.verified and out.verifier_errors == ()
    assert seen == [out.result]


def test_a_walk_cut_short_by_the_position_budget_is_partly_not_verified(problem):
    out = solve_and_verify(problem, "dfs", to_play=BLACK, max_positions=1, replays=0)
    assert out.result.proof is not None
    assert out.verification == PARTLY and not out.verified and out.verifier_errors == ()


def test_a_faulty_proof_is_rejected_with_the_errors(problem, monkeypatch):
    real_solve = choice.solve

    def broken_solve(*args, **kwargs):
        result, used, reason = real_solve(*args, **kwargs)
        result.proof.root.children.clear()      # the winning move is gone
        return result, used, reason
    monkeypatch.setattr(choice, "solve", broken_solve)
    out = solve_and_verify(problem, "dfs", to_play=WHITE)
    assert out.verification == REJECTED and not out.verified and out.verifier_errors


def test_no_proof_is_not_checked(problem, no_verifier):
    out = solve_and_verify(problem, "dfs", to_play=BLACK, max_nodes=1)
    assert out.result.verdict == "unknown" and out.result.proof is None
    assert out.verification == UNCHECKED and not out.verified


def test_a_cancelled_search_is_not_checked(problem, no_verifier):
    out = solve_and_verify(problem, "dfs", to_play=WHITE, cancelled=lambda: True)
    assert out.result.stop_reason == "cancelled"
    assert out.verification == UNCHECKED


def test_cancelling_after_the_search_skips_the_check(problem, no_verifier, monkeypatch):
    flag = []
    real_solve = choice.solve

    def solve_then_cancel(*args, **kwargs):
        out = real_solve(*args, **kwargs)
        flag.append(True)            # the user cancels as the search ends
        return out
    monkeypatch.setattr(choice, "solve", solve_then_cancel)
    out = solve_and_verify(problem, "dfs", to_play=WHITE, cancelled=lambda: bool(flag))
    assert out.result.proof is not None and out.verification == UNCHECKED


def test_checking_can_be_left_out(problem, no_verifier):
    out = solve_and_verify(problem, "dfs", to_play=WHITE, check=False)
    assert out.result.proof is not None and out.verification == UNCHECKED


def test_the_mcts_settings_reach_the_solver(problem, monkeypatch):
    seen = []
    real_solve = mcts.solve

    def spy(problem, params, **kwargs):
        seen.append(params)
        return real_solve(problem, params, **kwargs)
    monkeypatch.setattr(mcts, "solve", spy)
    out = solve_and_verify(problem, "mcts", to_play=WHITE, c_puct=2.0, seed=3, batch_size=2,
                           max_nodes=5000, max_seconds=0)
    assert out.solver_used == "mcts" and out.verified
    assert (seen[0].c_puct, seen[0].seed, seen[0].batch_size) == (2.0, 3, 2)
    assert (seen[0].max_nodes, seen[0].max_seconds) == (5000, 0)


def test_auto_hands_the_time_left_to_best_first_search_when_the_table_is_full(monkeypatch):
    rabbity_six = read_sgf(STRAIGHT_THREE.parent / "side" / "rabbity-six.sgf")[0]
    whole, _, _ = choice.solve(rabbity_six, "dfs", max_nodes=0, max_seconds=20.0)
    # 2,200 entries: df-pn chosen by name collects its full table and proves it (some
    # 2,400 nodes); ``auto``'s does not collect, and hands over to best-first search
    monkeypatch.setattr(choice, "SearchParams",
                        functools.partial(SearchParams, max_table_entries=2200))
    alone, _, _ = choice.solve(rabbity_six, "dfs", max_nodes=0, max_seconds=20.0)
    assert alone.verdict == whole.verdict and alone.proof.stats["table_collections"] >= 1

    out = solve_and_verify(rabbity_six, "auto", max_nodes=0, max_seconds=20.0)
    assert out.solver_used == "mcts" and "depth-first search first; its table was full" \
        in out.reason
    assert out.result.verdict == whole.verdict and out.verified
    assert out.result.nodes > 2200       # both searches' nodes are counted
    # a network named but never built (df-pn did not need it): the fallback goes on without
    named = solve_and_verify(rabbity_six, "auto", evaluator_name="ftl", max_nodes=0,
                             max_seconds=20.0)
    assert named.result.verdict == whole.verdict and "evaluator heuristic" in named.reason


def test_auto_keeps_df_pns_answer_when_a_budget_of_the_callers_stopped_it(problem):
    out = solve_and_verify(problem, "auto", to_play=BLACK, max_nodes=3, max_seconds=20.0)
    assert out.solver_used == "dfs" and out.result.stop_reason == "node budget"


def test_the_classification_decides_first_moves_the_way_auto_solves(problem):
    killall = read_sgf(STRAIGHT_THREE.parent / "killall7" / "killall-7x7.sgf")[0]
    assert choice.classification_search(problem) == "dfs"          # a small enclosed region
    assert choice.classification_search(killall) == "mcts"         # the whole board in play
    assert choice.classification_search(killall, "dfs") == "dfs"   # the caller's choice
    with pytest.raises(ValueError, match="unknown solver"):
        choice.classification_search(problem, "guess")


def test_a_cancel_while_the_proof_is_checked_leaves_it_unchecked(problem):
    """A cancel ends the check as it ends the search (a large proof takes minutes to walk):
    the proof comes back unchecked, not verified."""
    flag = []
    outcome = solve_and_verify(problem, "dfs", cancelled=lambda: bool(flag),
                               on_verify=lambda result: flag.append(True))
    assert outcome.result.proof is not None and flag
    assert outcome.verification == UNCHECKED and not outcome.verified
