"""The decomposable benchmark set (benchmarks/problems/decomposable): the data stays honest.

``expected.json`` there holds, per problem and side to move, the answer that
exhaustive df-pn *without* decomposition found (verdict, class, the complete
set of first moves of that class when the side to move succeeds) and what it
cost.  A later decomposition search is measured against it, so this test
checks it: every file loads as a legal, closed problem; and for the problems
whose df-pn search is fast (under about 2 s), the solver's verdict, class and
winning first moves still equal the recorded ones, with every proof verified.
The slow ones (up to 10^7 nodes) are left to ``benchmarks/dds.py``.

``expected-live.json`` holds the verdicts under goal ``live`` (the goal the
decomposition needs), found the same way; its fast problem-sides are re-solved
here too.
"""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from engine_cy.board import BLACK, EMPTY, PASS, WHITE
from tsumego_gui.core import coords
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search.choice import VERIFIED, solve_and_verify
from tsumego_gui.search.classify import classify
from tsumego_gui.search.params import SearchParams

SET = Path(__file__).resolve().parents[1] / "benchmarks" / "problems" / "decomposable"
EXPECTED_FILE = SET / "expected.json"
EXPECTED = json.loads(EXPECTED_FILE.read_text())["problems"] if EXPECTED_FILE.exists() else []
LIVE_FILE = SET / "expected-live.json"
LIVE = json.loads(LIVE_FILE.read_text())["problems"] if LIVE_FILE.exists() else {}
LIVE_FAST_NODES = 200_000     # plain df-pn nodes: the problem-sides re-solved under live
SIDES = {"B": BLACK, "W": WHITE}
WINS_UNDER_RULES = {"W": ("lives", "seki"), "B": ("dies", "ko")}   # classes in which the mover wins
FAST = 2.0            # seconds: searches recorded as faster than this are re-run here
PARAMS = SearchParams(max_nodes=0, max_seconds=60.0)


def load(entry):
    path = SET / entry["file"]
    if not path.exists():
        pytest.skip(f"{entry['file']} is absent")
    games = read_sgf(path)
    assert len(games) == 1, "one problem per file"
    return games[0]


def name(loc, size):
    return "pass" if loc == PASS else coords.to_gtp(loc, size)


def test_the_set_is_complete():
    assert EXPECTED, "expected.json is missing or empty"
    files = sorted(p.name for p in SET.glob("*.sgf"))
    assert files == sorted(e["file"] for e in EXPECTED)
    assert len(files) >= 24
    kinds = {e["set"] for e in EXPECTED}
    assert kinds == {"toy", "one-eye", "linked"}


@pytest.mark.parametrize("entry", EXPECTED, ids=lambda e: e["file"])
def test_problem_is_legal_and_closed(entry):
    problem = load(entry)
    assert 9 <= problem.size <= 19
    assert problem.to_play_given and problem.crucial and problem.region
    assert problem.defender == WHITE
    board = problem.to_board()
    # Every chain has a liberty (the reader refuses others; checked here on the data itself).
    for loc in problem.black | problem.white:
        assert board.num_liberties(loc) > 0, name(loc, problem.size)
    # Closed: the crucial stones have no liberty outside the region, so play inside it decides.
    for loc in problem.crucial:
        assert set(board.liberties(loc)) <= problem.region, name(loc, problem.size)
    # The region holds only empty points and stones that may be captured in it.
    assert all(board.color_at(p) == EMPTY or p not in problem.crucial for p in problem.region)


FAST_SOLVES = [pytest.param(e, s, id=f"{e['file']}-{s}") for e in EXPECTED
               for s, want in sorted(e["expect"].items()) if want["seconds"] < FAST]
FAST_CLASSES = [pytest.param(e, s, id=f"{e['file']}-{s}") for e in EXPECTED
                for s, want in sorted(e["expect"].items())
                if want.get("all_seconds") is not None and want["all_seconds"] < FAST]


@pytest.mark.parametrize("entry,side", FAST_SOLVES)
def test_fast_problem_solves_as_recorded(entry, side):
    problem = load(entry)
    want = entry["expect"][side]
    outcome = solve_and_verify(problem, "dfs", max_nodes=0, max_seconds=60.0, to_play=SIDES[side])
    assert outcome.result.verdict == want["verdict"]
    assert outcome.verification == VERIFIED, outcome.verifier_errors
    moves = [name(m, problem.size) for m in outcome.result.proof.winning_moves]
    if (want["verdict"] == "lives") != (side == "W"):
        assert moves == []          # the side to move fails: no first move wins
    elif "table" in want:
        # Under the default rules a ko Black makes is a kill (White may not capture it), so the
        # plain search may win by a move whose class is ko rather than the best class.
        assert want["table"][moves[0]] in WINS_UNDER_RULES[side]
    elif want["winning"]:
        assert moves[0] in want["winning"]


@pytest.mark.parametrize("entry,side", FAST_CLASSES)
def test_fast_problem_classifies_as_recorded(entry, side):
    problem = load(entry)
    want = entry["expect"][side]
    c = classify(problem, PARAMS, to_play=SIDES[side])
    assert c.status == want["class"]
    assert all(m.verification == "verified" for m in c.moves), \
        [(m.move, m.verification) for m in c.moves]
    succeeds = (c.status in ("lives", "seki", "ko")) == c.defender_to_move or c.status == "ko"
    winning = sorted(name(m, problem.size) for m in c.best_moves()) if succeeds else []
    assert winning == sorted(want["winning"])


def test_the_live_answers_cover_the_set():
    assert LIVE, "expected-live.json is missing or empty"
    assert sorted(LIVE) == sorted(p.name for p in SET.glob("*.sgf"))
    assert all(sorted(sides) == ["B", "W"] for sides in LIVE.values())


@pytest.mark.parametrize("file,side", [pytest.param(f, s, id=f"{f}-{s}")
                                       for f, sides in sorted(LIVE.items())
                                       for s, want in sorted(sides.items())
                                       if want["nodes"] < LIVE_FAST_NODES])
def test_fast_problem_solves_under_live_as_recorded(file, side):
    problem = load({"file": file})
    want = LIVE[file][side]
    outcome = solve_and_verify(replace(problem, goal="live"), "dfs", max_nodes=0,
                               max_seconds=60.0, to_play=SIDES[side])
    assert outcome.result.verdict == want["verdict"]
    assert outcome.verification == VERIFIED, outcome.verifier_errors
    succeeds = (want["verdict"] == "lives") == (side == "W")
    assert (want["first_found"] is not None) == succeeds
