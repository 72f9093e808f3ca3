"""The closer frame first (search.frame_ladder, core.open_problem.frame_closer, the CLI)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tsumego_gui.cli.main import main as cli_main
from tsumego_gui.core.open_problem import frame_closer, pose_and_frame, read_open_position
from tsumego_gui.search.choice import PARTLY, VERIFIED, SolveOutcome
from tsumego_gui.search.frame_ladder import CLOSER_SHARE, solve_closer_first

# Black's corner group with room to live inside a white wall, and a white stone further out
# that widens the box of all stones (13x13, our own):
#     . . . . X O
#     . . . . X O
#     X X X X X O
#     O O O O O O
#     . . . . . .
#     . . O . . .
LIVES_CLOSE = ("(;SZ[13]GN[Black to live]AB[ea][eb][ac][bc][cc][dc][ec]"
               "AW[fa][fb][fc][ad][bd][cd][dd][ed][fd][cf])")
# Black's four stones under a white wall: no room to live in either frame
DIES = ("(;SZ[13]GN[Black to live]AB[ab][bb][cb][db]AW[eb][ac][bc][cc][dc][ec]"
        "(;B[ba]C[RIGHT])(;B[ca]C[wrong: White plays B1]))")


class Recorder:
    """A stand-in solver: answers from a script and records what it was asked."""

    def __init__(self, answers, clock):
        self.answers, self.clock, self.calls = list(answers), clock, []

    def __call__(self, problem, seconds):
        self.calls.append((problem.name, seconds))
        verdict, verification, took = self.answers.pop(0)
        self.clock.now += took
        return SolveOutcome(SimpleNamespace(verdict=verdict), "dfs", "", verification)


def framed(name, empty):
    return SimpleNamespace(name=name, empty_region=lambda: empty)


def ladder(answers, closer=True, seconds=30.0):
    clock = SimpleNamespace(now=0.0)
    solve = Recorder(answers, clock)
    out = solve_closer_first(framed("own", 40), framed("closer", 20) if closer else None,
                             solve, seconds, clock=lambda: clock.now)
    return out, solve.calls


def test_a_verified_life_in_the_closer_frame_is_the_answer():
    out, calls = ladder([("lives", VERIFIED, 2.0)])
    assert (out.problem.name, out.closer) == ("closer", True)
    assert calls == [("closer", 30.0 * CLOSER_SHARE)]
    assert "proven in the closer frame" in out.note


@pytest.mark.parametrize("verdict, verification, why", [
    ("dies", VERIFIED, "the defender dies there"),
    ("lives", PARTLY, "not verified in full"),
    ("unknown", "unchecked", "not proven there in time"),
])
def test_anything_but_a_verified_life_is_searched_again_in_the_own_frame(verdict, verification,
                                                                        why):
    out, calls = ladder([(verdict, verification, 4.0), ("dies", VERIFIED, 1.0)])
    assert (out.problem.name, out.closer, out.outcome.result.verdict) == ("own", False, "dies")
    assert calls == [("closer", 30.0 * CLOSER_SHARE), ("own", 26.0)]    # the time left
    assert why in out.note


def test_without_a_closer_frame_the_problem_is_solved_once():
    out, calls = ladder([("lives", VERIFIED, 1.0)], closer=False)
    assert calls == [("own", 30.0)] and not out.closer and out.note == ""


def test_the_closer_frame_walls_in_the_defender_only_and_keeps_every_stone():
    position = read_open_position(LIVES_CLOSE.encode())
    posing, framed = pose_and_frame(position)
    closer = frame_closer(position, posing, framed)
    assert closer is not None
    assert closer.empty_region < framed.empty_region
    problem = closer.problem
    assert position.black <= problem.black and position.white <= problem.white
    assert problem.crucial == framed.problem.crucial and problem.defender == posing.defender
    assert frame_closer(position, posing, closer) is None       # no smaller than itself


def test_cli_answers_from_the_closer_frame_when_the_defender_lives_there(tmp_path, capsys):
    path = tmp_path / "lives.sgf"
    path.write_text(LIVES_CLOSE)
    assert cli_main(["solve", str(path), "--time", "20"]) == 0
    out = capsys.readouterr().out
    assert "frame: proven in the closer frame around the defender" in out
    assert "Black to play: Black lives" in out
    # --all classifies in the own frame: the hint says so (QA s43: it proved less)
    assert "(--all gives every first move its class in the problem's own frame" in out
    assert cli_main(["solve", str(path), "--time", "20", "--no-closer"]) == 0
    out = capsys.readouterr().out
    assert "frame:" not in out and "Black to play: Black lives" in out
    assert "own frame" not in out
    # --all with too little room for the own frame: "open", and what a plain solve, the
    # closer frame first, proves (QA s53: a teacher read "open" where a plain solve proves
    # life at once; s56: the plain solve is run)
    cli_main(["solve", str(path), "--all", "--max-nodes", "1"])
    out = capsys.readouterr().out
    assert "Black to play: open" in out and "a plain solve, the closer frame first, proved " \
        "nothing either within the budget" in out
    # the saved proof says which frame it is of (QA s46: nothing said it)
    proof = tmp_path / "p.sgf"
    assert cli_main(["solve", str(path), "--time", "20", "--proof-out", str(proof)]) == 0
    assert "Frame: proven in the closer frame around the defender" in proof.read_text()


def test_cli_searches_the_own_frame_when_the_defender_dies_in_the_closer_one(tmp_path, capsys):
    path = tmp_path / "dies.sgf"
    path.write_text(DIES)
    assert cli_main(["solve", str(path), "--time", "20"]) == 0
    out = capsys.readouterr().out
    assert "the defender dies there" in out and "then searched in the problem's own frame" \
        " with the" in out
    # four stones on the second line in the corner: a ko, dead where Black may not take it
    assert "Black to play: a ko\n  winning moves: none without a ko\n" in out
    assert "a ko: Black dies only while it may not take a ko" in out
