"""The fast subset of the enclosed problem set: our verdicts against an independent solver.

``data/enclosed_fast.json`` lists enclosed-dev problem-sides that we solve in
well under 2 s, each with the verdict of the tsumego.js solver (an exact
solver for enclosed problems, run by ``benchmarks/suite.py`` on the same
problem and side).  Every proof is checked by the verifier.  The budget is
in nodes, not seconds, so a busy machine cannot change the outcome.  Skipped
when ``../shared/problems`` is absent.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine_cy.board import BLACK, WHITE
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search.dfs import solve
from tsumego_gui.search.params import SearchParams
from tsumego_gui.search.verify import verify

HERE = Path(__file__).resolve().parent
FOLDER = HERE.parents[1] / "shared" / "problems" / "enclosed-dev"
CASES = json.loads((HERE / "data" / "enclosed_fast.json").read_text())["cases"]
SIDES = {"B": BLACK, "W": WHITE}

pytestmark = pytest.mark.skipif(not FOLDER.is_dir(), reason="../shared/problems is absent")


def test_the_subset_is_big_enough():
    assert len(CASES) >= 20
    assert any(not c["peer_wins"] for c in CASES), "the subset should hold failures too"


@pytest.mark.parametrize("case", CASES, ids=[f"{c['problem']}-{c['side']}" for c in CASES])
def test_verdict_matches_the_peer_and_the_proof_verifies(case):
    problem = read_sgf((FOLDER / case["problem"]).read_bytes())[0]
    side = SIDES[case["side"]]
    result = solve(problem, SearchParams(max_nodes=3_000_000, max_seconds=0), to_play=side)
    assert result.proof is not None, f"not solved: {result.stop_reason}"
    report = verify(result.proof, replays=30)
    assert report.ok and report.complete, report.errors
    # nodes met again on other lines are reused only where no line could change them
    walked = verify(result.proof, replays=0, reuse=False)
    assert walked.ok and walked.complete and walked.positions_reused == 0
    assert report.positions_checked <= walked.positions_checked
    side_wins = (result.verdict == "lives") == (side == problem.defender)
    assert side_wins == case["peer_wins"]


def test_nodes_that_superko_decided_are_not_replayed_elsewhere():
    """gop/11020, Black kills: deep in the proof White may not retake at H1 only because
    of superko.  Such a node's result holds for its own line; replayed from a position
    that differs outside its zone, H1 is legal and has no answer in the tree."""
    problem = read_sgf((FOLDER / "gop" / "11020.sgf").read_bytes())[0]
    result = solve(problem, SearchParams(max_nodes=3_000_000, max_seconds=0), to_play=BLACK)
    assert result.verdict == "dies"
    report = verify(result.proof, replays=300)
    assert report.ok and report.complete, report.errors
    assert report.replays == 300


@pytest.mark.parametrize("name, side", [("cc2/333", BLACK), ("gop/8147", WHITE),
                                        ("gop/13737", WHITE), ("gop/20255", BLACK)])
def test_searches_where_superko_forbids_moves_finish_with_sound_proofs(name, side):
    """Where superko forbids a move, a position's move list depends on the path.

    cc2/333, Black to play: with such a position's proof numbers in one shared entry,
    two histories overwrote each other's numbers and df-pn went round known entries
    without a new node (it stopped "search stalled" at 11.95M nodes).  gop/8147, White
    to play: proof extraction reused one such position's listing, made on a line where
    superko forbade J5, on a line where J5 is legal and unanswered (the verifier
    rejected the proof).  Per-path numbers and per-path listings fix both.  gop/13737,
    White to play: a pass was cut as answered like the stone move D4; on the pass line
    (no stone at D4) the prover's C1 repeated a position, so superko forbade it there
    (the verifier's cut-line replay rejected the proof): the pass is never cut now.
    gop/20255, Black to play: a White pass covered C2 with a subtree shared from a line
    where superko forbade nothing; on this line it forbids a reply below, so the pass
    covers nothing here (the verifier said so).  Extraction now finds such covers, and
    the node is searched again on its own line without them; a subtree built on one line
    is reused on another only where no position of that line could be repeated in it."""
    problem = read_sgf((FOLDER / f"{name}.sgf").read_bytes())[0]
    result = solve(problem, SearchParams(max_nodes=20_000_000, max_seconds=240), to_play=side)
    assert result.proof is not None, f"not solved: {result.stop_reason}"
    report = verify(result.proof, replays=50)
    assert report.ok and report.complete, report.errors


@pytest.mark.parametrize("name", ["gop/20048", "gop/15283", "gop/224"])
def test_a_resolved_child_is_never_searched_again(name):
    """Black to play, Black kills.  A node proven won kept a saturated (open-looking)
    disproof number instead of INF; its parent, all of whose other children looked
    hopeless, kept descending into it, and df-pn went round known entries without a new
    node (at 1.38M nodes on gop/20048, for ever)."""
    problem = read_sgf((FOLDER / f"{name}.sgf").read_bytes())[0]
    result = solve(problem, SearchParams(max_nodes=4_000_000, max_seconds=120), to_play=BLACK)
    assert result.verdict == "dies", result.stop_reason
    report = verify(result.proof, replays=30)
    assert report.ok and report.complete, report.errors


def test_a_walk_cut_short_by_its_budget_is_incomplete_not_wrong():
    """gop/13737 after White's D1, Black to play, under survive (a first move of the
    classification): with the verifier's position budget too small for the proof, the
    walks below a cover came back unknown, which read as "superko decided", and the
    verifier rejected the proof ("G5 is covered by F4, whose result superko decided")
    instead of saying it checked only part of it."""
    from tsumego_gui.core import coords
    from tsumego_gui.search.classify import first_move_problem, rule_sets

    problem = read_sgf((FOLDER / "gop" / "13737.sgf").read_bytes())[0]
    after = first_move_problem(rule_sets(problem)["survive"], coords.from_gtp("D1", 9), WHITE)
    result = solve(after, SearchParams(max_nodes=6_000_000, max_seconds=0))
    assert result.verdict == "dies"
    full = verify(result.proof, replays=50)
    assert full.ok and full.complete, full.errors
    # a budget of half the walk (a fixed 200,000 became the whole walk when extraction
    # came to share more subtrees, s63)
    short = verify(result.proof, replays=50, max_positions=full.positions_checked // 2)
    assert short.ok and not short.complete, short.errors
