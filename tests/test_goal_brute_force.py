"""The goals ``survive`` and ``live`` on small eye spaces, against an exhaustive game search.

The peer here is a plain minimax over every legal region move and the pass,
with the rules engine's legality (simple ko, the ko permissions, positional
superko over the whole line) and the goal's ends, as the issue states them:
the defender has won when a crucial chain is unconditionally alive (Benson),
has lost when no crucial stone is left, and two passes in a row end the game
(under ``survive`` the defender then wins, a crucial stone being on the
board; under ``live`` it loses).  No zones, no null moves, no table: nothing
the solver's node rules decide.  On the bundled problems with small eye
spaces, changed at random (stones added in the eye space, the side to move,
the goal, who may capture kos), the df-pn solver's verdict must be the
peer's and its proof must pass the verifier -- so every SURVIVES zone, and
the zones dilated from it, stood for positions the solver never looked at
only where the game really goes the same way.
"""

import random
from dataclasses import replace
from pathlib import Path

import pytest

from engine_cy.benson import unconditionally_alive
from engine_cy.board import BLACK, EMPTY, PASS, WHITE
from tsumego_gui.core.problem import ProblemError
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search.dfs import solve
from tsumego_gui.search.params import SearchParams
from tsumego_gui.search.verify import verify

PROBLEMS = Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"
SMALL = ["classic/seki-shared-liberties.sgf", "corner/l-four-corner-ko.sgf",
         "corner/l-four-corner-liberty.sgf", "classic/bent-three.sgf",
         "classic/straight-four.sgf", "classic/bent-four.sgf", "classic/square-four.sgf",
         "classic/pyramid-four.sgf", "straight-three.sgf"]
PLIES = 40          # a line longer than this leaves the case undecided (skipped)


class TooLongError(Exception):
    pass


def defender_wins(problem, to_play: int) -> bool:
    """Exhaustive minimax (see the module docstring); TooLongError past PLIES."""
    board = problem.to_board()
    board.to_play = to_play
    region = sorted(problem.region_or_all())
    defender, crucial = problem.defender, problem.crucial

    def wins(ply: int) -> bool:
        if not any(board.color_at(p) == defender for p in crucial):
            return False
        if any(crucial & set(stones) for stones, _ in unconditionally_alive(board, defender)):
            return True
        if board.consecutive_passes >= 2:
            return problem.goal == "survive"
        if ply == PLIES:
            raise TooLongError
        mover = board.to_play
        for move in board.legal_moves(region) + [PASS]:
            token = board.play(move)
            result = wins(ply + 1)
            board.undo(token)
            if result == (mover == defender):
                return result
        return mover != defender

    return wins(0)


def variant(rng: random.Random, problem):
    """The problem with up to two stones added on empty eye-space points, a goal and ko
    permissions drawn at random; None when the stones make it invalid."""
    black, white = set(problem.black), set(problem.white)
    empty = sorted(problem.region_or_all() - black - white)
    for p in rng.sample(empty, rng.randint(0, min(2, len(empty) - 1))):
        (black if rng.random() < 0.5 else white).add(p)
    ko = rng.choice([None, (True, True), (not problem.ko_allowed[0], not problem.ko_allowed[1])])
    try:
        out = replace(problem, black=frozenset(black), white=frozenset(white),
                      goal=rng.choice(["survive", "live"]), ko_allowed=ko)
        board = out.to_board()
    except (ProblemError, ValueError):
        return None
    if any(board.color_at(p) == EMPTY for p in out.crucial):
        return None      # a crucial stone captured by the setup
    return out


@pytest.mark.parametrize("seed", range(6))
def test_the_solver_agrees_with_exhaustive_search_on_small_eye_spaces(seed):
    rng = random.Random(seed)
    checked = 0
    for name in SMALL:
        problem = read_sgf(PROBLEMS / name)[0]
        case = variant(rng, problem)
        if case is None:
            continue
        to_play = rng.choice([BLACK, WHITE])
        try:
            expected = defender_wins(case, to_play)
        except TooLongError:
            continue
        result = solve(case, SearchParams(max_nodes=500_000, max_seconds=30), to_play=to_play)
        where = f"{name} goal={case.goal} ko={case.ko_allowed} to_play={to_play}"
        assert result.verdict == ("lives" if expected else "dies"), where
        report = verify(result.proof, replays=20)
        assert report.passed, (where, report.errors)
        checked += 1
    assert checked >= len(SMALL) // 2
