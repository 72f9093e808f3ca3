"""Bundled problems: each one loads, solves, verifies, and matches its expectations.

``tsumego_gui/resources/problems/expected.json`` holds, for each problem
(file, 1-based game index) and side to move, the verdict for the defender, the
class of the position, and the complete set of first moves of that class
(``search.classify``: every first move is classified and each class's proofs
are verified) and, where given, the class of every first move and the ko figure
(``search.ko_figure``: the side that must win the ko and the threats it needs).
Those expectations come from Go knowledge (vital points, eye shapes, miai),
explained in each problem's SGF comment; they were written independently of
the solver, which this test checks against them.  Every proof is also checked by the independent
verifier.
"""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from engine_cy.board import BLACK, PASS, WHITE
from tests.board_symmetry import OTHER, turn_point, turned
from tsumego_gui.core import coords
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search.choice import VERIFIED, solve_and_verify
from tsumego_gui.search.classify import classify
from tsumego_gui.search.params import SearchParams

PROBLEMS = Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"
EXPECTED = json.loads((PROBLEMS / "expected.json").read_text())["problems"]
SIDES = {"B": BLACK, "W": WHITE}
# Each problem solves in well under a second; the budget only keeps a regression from hanging.
PARAMS = SearchParams(max_nodes=2_000_000, max_seconds=20.0)


def bundled_files():
    return sorted(p.relative_to(PROBLEMS).as_posix() for p in PROBLEMS.rglob("*.sgf"))


def load(entry):
    return read_sgf(PROBLEMS / entry["file"])[entry["game"] - 1]


def move_name(loc, size):
    return "pass" if loc == PASS else coords.to_gtp(loc, size)


SIDES_OF = [(entry, side) for entry in EXPECTED for side in sorted(entry["expect"])]
CASES = [pytest.param(entry, side, id=f"{entry['file']}#{entry['game']}-{side}")
         for entry, side in SIDES_OF]
# each case turned by one of the seven symmetries other than the identity, in turn
TURNED = [pytest.param(entry, side, 1 + i % 7,
                       id=f"{entry['file']}#{entry['game']}-{side}-symmetry{1 + i % 7}")
          for i, (entry, side) in enumerate(SIDES_OF)]


def test_every_bundled_game_has_expectations_and_every_expectation_a_game():
    games = {(f, i + 1) for f in bundled_files() for i in range(len(read_sgf(PROBLEMS / f)))}
    expected = {(e["file"], e["game"]) for e in EXPECTED}
    assert games == expected
    assert len(expected) == len(EXPECTED), "a game is listed twice in expected.json"
    assert len(games) >= 20


@pytest.mark.parametrize("entry", EXPECTED, ids=lambda e: f"{e['file']}#{e['game']}")
def test_problem_metadata(entry):
    problem = load(entry)
    assert problem.title == entry["title"]
    assert problem.to_play_given
    assert "Authored for tsumego_gui" in problem.comment  # our own problems, reasons included
    # The book (solution variations) names only winning moves of the side to move.
    side = "B" if problem.to_play == BLACK else "W"
    assert side in entry["expect"]
    winners = set(entry["expect"][side]["winning"])
    for color, loc in problem.book_moves:
        assert color == problem.to_play
        assert move_name(loc, problem.size) in winners


@pytest.mark.parametrize("entry,side", CASES)
def test_bundled_problem_classifies_as_expected(entry, side):
    check_classes(load(entry), SIDES[side], entry["expect"][side])


@pytest.mark.parametrize("entry,side", CASES)
def test_the_plain_solve_gives_the_expected_verdict(entry, side):
    """The verdict a plain solve gives (``tsumego solve``, the app's verdict line) under the
    problem's own ko rule: where the defender may not capture kos, a ko counts as dying."""
    problem = replace(load(entry), to_play=SIDES[side], to_play_given=True)
    outcome = solve_and_verify(problem, max_nodes=PARAMS.max_nodes,
                               max_seconds=PARAMS.max_seconds)
    assert outcome.result.verdict == entry["expect"][side]["verdict"]
    assert outcome.verification == VERIFIED


# Each case again, turned by a symmetry of the board, once with its colours and once with
# them swapped: the expectations turn and swap with it (Go's rules know neither).
@pytest.mark.parametrize("swap", [False, True], ids=["turned", "recoloured"])
@pytest.mark.parametrize("entry,side,k", TURNED)
def test_bundled_problem_classifies_the_same_turned_and_recoloured(entry, side, k, swap):
    problem = load(entry)
    size = problem.size

    def turn(name):
        return move_name(turn_point(PASS if name == "pass" else coords.from_gtp(name, size),
                                    size, k), size)

    want = dict(entry["expect"][side])
    want["winning"] = [turn(m) for m in want["winning"]]
    if "table" in want:
        want["table"] = {turn(m): cls for m, cls in want["table"].items()}
    if "ko" in want and swap:
        want["ko"] = {key: "BW"[OTHER[SIDES[v]] - 1] if key in ("side", "beyond") else v
                      for key, v in want["ko"].items()}
    to_play = OTHER[SIDES[side]] if swap else SIDES[side]
    check_classes(turned(problem, k, swap), to_play, want)


def check_classes(problem, to_play, want):
    c = classify(problem, PARAMS, to_play=to_play)
    assert c.status == want.get("class", want["verdict"])
    assert all(m.verification == "verified" for m in c.moves), \
        [(m.move, m.verification) for m in c.moves]
    succeeds = (c.status in ("lives", "seki", "ko")) == c.defender_to_move or c.status == "ko"
    winning = sorted(move_name(m, problem.size) for m in c.best_moves()) if succeeds else []
    assert winning == sorted(want["winning"])
    if "table" in want:
        assert {move_name(m.move, problem.size): m.cls for m in c.moves} == want["table"]
    if "beyond" in want.get("ko", {}):      # the side that fails the ko even with threats
        assert c.ko is None and c.ko_beyond == SIDES[want["ko"]["beyond"]]
    elif "ko" in want:      # the position's ko figure: who must win the ko, with how many threats
        assert c.ko is not None, [(m.move, m.ko_why) for m in c.moves if m.cls == "ko"]
        assert ("BW"[c.ko.side - 1], c.ko.threats) == (want["ko"]["side"], want["ko"]["threats"])
