"""A plain solve's life read under unconditional life (``search.seki_reading``).

Expected answers are the bundled problems' classes (``expected.json``, written from
Go knowledge): a life of class ``seki`` is a seki, every other life is unconditional.
Kill-all problems (goal ``live_any``) are not read."""

from dataclasses import replace

import pytest

from tests.test_bundled_problems import EXPECTED, SIDES, load
from tests.test_kill_by_ko import solver
from tsumego_gui.search import seki_reading, verify
from tsumego_gui.search.choice import VERIFIED

LIVES = [pytest.param(entry, side, id=f"{entry['file']}#{entry['game']}-{side}")
         for entry in EXPECTED for side, want in sorted(entry["expect"].items())
         if want["verdict"] == "lives" and load(entry).goal == "survive"]


def read(entry, side, seconds=20.0):
    """(the solve, the reading, the problems the two searched)."""
    problem = replace(load(entry), to_play=SIDES[side], to_play_given=True)
    calls = []
    outcome = solver(SIDES[side], calls)(problem, None)
    if not seki_reading.applies(outcome):
        return outcome, None, calls
    reading = seki_reading.read_life(outcome, solver(SIDES[side], calls), seconds)
    return outcome, reading, calls


@pytest.mark.parametrize("entry,side", LIVES)
def test_a_life_is_read_as_its_class_says(entry, side):
    outcome, reading, calls = read(entry, side)
    if outcome.result.proof.root.kind == "goal":
        # alive already: nothing to read
        assert reading is None and entry["expect"][side].get("class", "lives") == "lives"
        return
    assert reading.seki == (entry["expect"][side].get("class") == "seki")
    assert reading.outcome.verification == VERIFIED
    proof = reading.outcome.result.proof
    assert proof.problem == outcome.result.proof.problem       # the position as posed ...
    assert verify.verify(proof).passed                         # ... which the verifier passes
    word = "seki:" if reading.seki else "no seki"
    assert seki_reading.words(reading, "--all").startswith(word)


def entry_of(name):
    return next(e for e in EXPECTED if e["file"] == name)


def test_an_unconditional_life_in_its_proof_is_not_searched_again():
    outcome, reading, calls = read(entry_of("straight-three.sgf"), "W")
    assert (reading.seki, reading.outcome, len(calls)) == (False, outcome, 1)


def test_a_seki_is_searched_under_live_and_said():
    """QA s49 D8: the plain solve of an eye-against-eye seki said "White lives" and named a
    liberty fill, with no word of seki."""
    _, reading, calls = read(entry_of("classic/seki-shared-liberties.sgf"), "W")
    assert reading.seki and len(calls) == 2 and calls[1].goal == "live"
    assert seki_reading.words(reading, "--all") == (
        "seki: White lives only in seki, it cannot live unconditionally (--all gives every "
        "first move's class)")


def test_a_life_whose_proof_leans_on_two_passes_is_searched_and_its_live_proof_kept():
    """The survive proof does not carry to live (a line ends in two passes); the search under
    live proves a life, whose proof, checked under survive, replaces the solve's."""
    outcome, reading, calls = read(entry_of("corner/nine-point-corner.sgf"), "W")
    assert reading.seki is False and len(calls) == 2
    assert reading.outcome is not outcome
    assert reading.outcome.result.proof.problem.goal == "survive"
    assert reading.outcome.result.nodes > outcome.result.nodes     # both searches counted


def test_no_time_left_leaves_it_open():
    _, reading, calls = read(entry_of("classic/seki-shared-liberties.sgf"), "W", seconds=0.1)
    assert (reading.seki, reading.why_open, len(calls)) == (None, "time budget", 1)
    assert seki_reading.words(reading, "--all") == \
        "seki or unconditional life: not settled (time budget)"


@pytest.mark.parametrize("change", ["previous_pass", "defender_takes_kos", "ko_threats"])
def test_a_life_is_not_read_where_the_rules_make_live_mean_something_else(change):
    """Review s50: with a pass just played the attacker's pass ends the game, which under
    live is no life (a straight four read as a seki); where the defender may take kos, or
    holds threats, a life may be a ko's (``--all`` said ko where the reading said seki)."""
    from tsumego_gui.core.problem import one_side_takes_kos
    entry = entry_of("classic/straight-four.sgf")
    problem = replace(load(entry), to_play=SIDES["B"], to_play_given=True)
    calls = []
    assert seki_reading.applies(solver(SIDES["B"], calls)(problem, None))
    changed = {"previous_pass": {"previous_pass": True},
               "defender_takes_kos": {"ko_allowed": one_side_takes_kos(problem.defender,
                                                                       True)},
               "ko_threats": {"ko_threats": (1, 0)}}[change]
    outcome = solver(SIDES["B"], calls)(replace(problem, **changed), None)
    assert outcome.result.verdict == "lives" and not seki_reading.applies(outcome)
