"""The open board: Benson runs that skip it give the answers of runs over the whole board.

``engine_cy.benson.open_board`` names the points of a problem that never
change and whose region can be vital to no defender chain; the search cores
skip them in every Benson run (``benson_goal``).  These tests check the
definition on a diagram and, on every position of real proofs, that skipping
changes no goal test and no life zone.
"""

from __future__ import annotations

from pathlib import Path

from engine_cy.benson import goal_zone, open_board
from engine_cy.board import BLACK, WHITE
from tsumego_gui.core import coords
from tsumego_gui.core.problem import Problem
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search.dfs import solve
from tsumego_gui.search.params import SearchParams

PROBLEMS = Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"


def corner_problem() -> Problem:
    # White (to live) in the corner inside a black wall; the region is the corner.
    rows = [
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        "X X X X . . .",
        "O O O X . . .",
        ". . O X . . .",
        ". . O X . . .",
    ]
    size = len(rows)
    black, white = set(), set()
    for r, row in enumerate(rows):
        for c, ch in enumerate(row.split()):
            if ch == "X":
                black.add(coords.to_loc(r, c, size))
            elif ch == "O":
                white.add(coords.to_loc(r, c, size))
    region = {coords.to_loc(r, c, size) for r in (5, 6) for c in (0, 1)}
    return Problem(size=size, black=frozenset(black), white=frozenset(white), to_play=BLACK,
                   defender=WHITE, goal="live", crucial=frozenset(white),
                   region=frozenset(region))


def test_open_board_of_a_corner_problem():
    problem = corner_problem()
    board = problem.to_board()
    size = problem.size
    got = set(open_board(board, problem.defender, problem.region))
    # the empty board outside the wall and the wall itself (it has outside liberties);
    # the white stones and the corner region are never open
    expected = {coords.to_loc(r, c, size) for r in range(size) for c in range(size)}
    expected -= problem.white | problem.region
    assert got == expected


def test_no_open_board_when_the_whole_board_is_in_play():
    problem = corner_problem().with_region(frozenset())
    assert open_board(problem.to_board(), problem.defender, ()) == []


def proof_positions(problem: Problem, to_play: int):
    """Every position of the proof of ``problem`` (a depth-first walk, boards replayed)."""
    result = solve(problem, SearchParams(max_nodes=300_000, max_seconds=0), to_play=to_play)
    if result.proof is None:
        return
    board = problem.to_board()
    board.to_play = to_play
    seen = set()

    def walk(node):
        key = (board.hash, board.ko_loc, id(node))
        if key in seen:
            return
        seen.add(key)
        yield board
        for move, child in node.children:
            token = board.play(move)
            yield from walk(child)
            board.undo(token)

    yield from walk(result.proof.root)


def test_goal_tests_agree_on_every_proof_position():
    compared = reached = 0
    for path in sorted(PROBLEMS.rglob("*.sgf")):
        problem = read_sgf(path)[0]
        live_any = problem.goal == "live_any"
        # as the search cores do: computed once, from the problem's position
        skip = open_board(problem.to_board(), problem.defender, problem.region)
        for to_play in (BLACK, WHITE):
            for board in proof_positions(problem, to_play):
                whole = goal_zone(board, problem.defender, live_any, problem.crucial)
                fast = goal_zone(board, problem.defender, live_any, problem.crucial, skip)
                assert fast == whole, path.name
                compared += 1
                reached += whole[0]
    # enough positions, and enough of them live, for the comparison to mean something
    assert compared >= 1000 and reached >= 100, (compared, reached)
