"""A plain solve's kill read where the defender may take kos (``search.kill_by_ko``).

Expected answers are the bundled problems' classes (``expected.json``, written from
Go knowledge): a kill of class ``ko`` needs the ko, one of class ``dies`` does not,
and the move the reading names is one of that class's first moves."""

from dataclasses import replace

import pytest

from engine_cy.board import BLACK, WHITE
from tests.test_bundled_problems import EXPECTED, PARAMS, SIDES, load, move_name
from tsumego_gui.core import coords
from tsumego_gui.search import kill_by_ko, verify
from tsumego_gui.search.choice import VERIFIED, solve_and_verify

KILLS = [pytest.param(entry, side, id=f"{entry['file']}#{entry['game']}-{side}")
         for entry in EXPECTED for side, want in sorted(entry["expect"].items())
         if want["verdict"] == "dies"]


def solver(to_play, calls):
    def solve(problem, seconds):
        calls.append(problem)
        return solve_and_verify(problem, "dfs", to_play=to_play, max_nodes=PARAMS.max_nodes,
                                max_seconds=PARAMS.max_seconds if seconds is None else seconds)
    return solve


@pytest.mark.parametrize("entry,side", KILLS)
def test_a_kill_is_read_as_its_class_says(entry, side):
    want = entry["expect"][side]
    problem = replace(load(entry), to_play=SIDES[side], to_play_given=True)
    calls = []
    outcome = solver(SIDES[side], calls)(problem, None)
    assert kill_by_ko.applies(outcome)      # a verified kill, the default rule
    reading = kill_by_ko.read_kill(outcome, solver(SIDES[side], calls), 20.0)
    assert reading.needs_ko == (want.get("class", "dies") == "ko")
    named = reading.outcome.result.proof.winning_moves
    attacker_to_move = SIDES[side] == problem.attacker
    if reading.needs_ko and not attacker_to_move:
        assert move_name(reading.move, problem.size) in want["winning"]   # makes the ko
    if attacker_to_move:
        # the kill named is one of the class's first moves: a clean kill where one exists
        assert move_name(named[0], problem.size) in want["winning"]
    assert reading.outcome.verification == VERIFIED
    proof = reading.outcome.result.proof
    assert proof.problem == problem            # a proof of the position as posed ...
    assert verify.verify(proof).passed         # ... which the verifier passes there


def read(name, side, seconds=20.0, ko_allowed=None, **options):
    """A bundled problem's kill with ``side`` to play (under ``ko_allowed``, default the
    file's), read: (the solve, the reading, the problems the two searched)."""
    entry = next(e for e in EXPECTED if e["file"] == name)
    problem = replace(load(entry), to_play=SIDES[side], to_play_given=True)
    if ko_allowed is not None:
        problem = replace(problem, ko_allowed=ko_allowed)
    calls = []
    outcome = solver(SIDES[side], calls)(problem, None)
    reading = kill_by_ko.read_kill(outcome, solver(SIDES[side], calls), seconds, **options)
    return outcome, reading, calls


def test_a_kill_without_a_ko_is_not_searched_again():
    outcome, reading, calls = read("classic/bent-three.sgf", "B")
    assert (reading.needs_ko, reading.outcome, len(calls)) == (False, outcome, 1)


@pytest.mark.parametrize("ko_allowed", [None, (False, False)])
def test_the_direct_ko_names_the_clean_kill(ko_allowed):
    """QA s39 (A2): with Black to play the solve named F1, which takes the ko; E1 kills.
    QA s45: the same where nobody may take a ko (the turned rule: White may, Black not)."""
    outcome, reading, calls = read("ko/direct-ko.sgf", "B", ko_allowed=ko_allowed)
    assert [move_name(m, 9) for m in outcome.result.proof.winning_moves] == ["F1"]
    assert [move_name(m, 9) for m in reading.outcome.result.proof.winning_moves] == ["E1"]
    assert reading.outcome.result.nodes > outcome.result.nodes     # both searches counted
    turned = calls[1]
    assert turned.ko_capture_allowed(WHITE) and not turned.ko_capture_allowed(BLACK)


def test_the_clean_kills_check_under_the_problems_rule_says_how_far_it_has_come():
    """Review s60: the app's label stood on the end of the check before it while this one
    ran (the turned rule's kill, E1, checked again under the problem's rule)."""
    heard = []
    _, reading, _ = read("ko/direct-ko.sgf", "B", walking=heard.append)
    proof = reading.outcome.result.proof
    assert [move_name(m, 9) for m in proof.winning_moves] == ["E1"]
    assert heard and heard[-1] == sum(1 for _ in proof.root.iter_unique())


def test_no_time_left_leaves_it_open():
    _, reading, calls = read("ko/approach-ko.sgf", "B", seconds=0.1)
    assert (reading.needs_ko, reading.why_open, len(calls)) == (None, "time budget", 1)


def test_a_check_cut_short_leaves_it_open_without_a_search():
    """A check the verifier's position budget cut found no fault: it says nothing of a ko,
    and the time left is not spent on a search (the app's budget cut large kills' checks)."""
    _, reading, calls = read("ko/direct-ko.sgf", "B", max_positions=2)
    assert (reading.needs_ko, reading.why_open, len(calls)) == \
        (None, "the verifier's position budget", 1)



def test_a_clean_kill_whose_check_runs_out_of_time_is_named_beside_the_solves():
    """QA s48: the app's second check of the kill without a ko ran past the deadline, the
    solve's kill (which needs the ko) was kept, and nothing said so.  The reading names the
    clean kill; its words say both, as the CLI and the app show them."""
    entry = next(e for e in EXPECTED if e["file"] == "ko/direct-ko.sgf")
    problem = replace(load(entry), to_play=BLACK, to_play_given=True)
    outcome = solver(BLACK, [])(problem, None)
    searched = []
    late = solver(BLACK, searched)

    def clock():        # the deadline passes once the turned rule has been searched
        return 1e9 if searched else 0.0

    reading = kill_by_ko.read_kill(outcome, late, 20.0, clock=clock)
    assert (reading.needs_ko, reading.outcome) == (False, outcome)
    assert move_name(reading.move, 9) == "E1"
    assert kill_by_ko.words(reading, "--all") == (
        "no ko with E1: it kills even where White may take kos (F1 kills only while White "
        "may not take a ko)")
    assert kill_by_ko.words(None, "--all").startswith("ko: the defender may not capture")


# bent four in the corner: White's eye space B3 and B1 holds Black's A1-A3
BENT_FOUR_IN_THE_CORNER = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X X X X . . . .
    O O O X . . . . .
    X * O X . . . . .
    X O O X . . . . .
    X * O X . . . . .
"""


def test_a_ko_the_defender_need_not_start_is_said_so():
    """QA s49: bent four in the corner, White to play: "pass makes the ko".  White can do
    nothing (the solve finds no move); where it may take kos it lives by passing, so
    Black must start the ko."""
    from tests.test_solver import problem_from
    problem = problem_from(BENT_FOUR_IN_THE_CORNER, 9, crucial="C2", to_play=WHITE,
                           goal="survive")
    # Black's stones in the eye space are region points too: captured, they leave room
    problem = replace(problem, region=problem.region | {coords.from_gtp(n, 9)
                                                        for n in ("A1", "A2", "A3")})
    outcome = solver(WHITE, [])(problem, None)
    assert outcome.result.verdict == "dies" and not outcome.result.proof.winning_moves
    assert outcome.verification == VERIFIED
    reading = kill_by_ko.read_kill(outcome, solver(WHITE, []), 20.0)
    assert reading.needs_ko and move_name(reading.move, 9) == "pass"
    assert verify.verify(reading.turned).passed     # White lives where it may take kos
    assert kill_by_ko.words(reading, "--all") == (
        "a ko: White dies only while it may not take a ko; it need not play first: Black "
        "must start the ko to kill (--all says who must win it, and how)")
