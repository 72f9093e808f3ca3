"""Input planes of the FTL network (``tsumego_gui.nn.features``), checked against the engine."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("torch")

from engine_cy.board import BLACK, PASS, WHITE, Board  # noqa: E402
from tsumego_gui.core import coords  # noqa: E402
from tsumego_gui.core.problem import Problem  # noqa: E402
from tsumego_gui.nn import features as ft  # noqa: E402


def _board(rows: list[str], to_play: int = BLACK) -> Board:
    size = len(rows)
    b = Board(size, to_play)
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch in "XO":
                b.set_stone(coords.to_loc(r, c, size), BLACK if ch == "X" else WHITE)
    return b


POSITION = [
    ".XO....",
    "XO.O...",
    ".XO....",
    "..X....",
    ".......",
    "...OO..",
    "..X....",
]


def test_stone_role_and_constant_planes():
    b = _board(POSITION, WHITE)
    p = ft.encode(b, defender=WHITE, live_any=True)
    assert p.shape == (ft.NUM_PLANES, 7, 7) and p.dtype == np.float32
    colors = b.colors()
    assert np.array_equal(p[0], colors == WHITE)   # white to move: own = white
    assert np.array_equal(p[1], colors == BLACK)
    assert np.array_equal(p[2], colors == WHITE)   # defender = white
    assert p[3].min() == 1.0 and p[4].min() == 1.0 and p[5].min() == 1.0
    assert p[6].min() == 1.0                        # live_any: every point is a target
    b.to_play = BLACK
    q = ft.encode(b, defender=WHITE, live_any=True)
    assert np.array_equal(q[0], p[1]) and np.array_equal(q[1], p[0])
    assert q[3].max() == 0.0


def test_liberty_planes_match_engine():
    b = _board(POSITION)
    p = ft.encode(b, defender=WHITE, live_any=True)
    for loc in coords.all_locs(7):
        r, c = coords.from_loc(loc, 7)
        hot = [k for k in range(7, 11) if p[k, r, c]]
        if b.color_at(loc) == 0:
            assert hot == []
        else:
            assert hot == [6 + min(b.num_liberties(loc), 4)]


def test_legal_region_and_goal_planes():
    b = _board(POSITION)
    region = {coords.to_loc(r, c, 7) for r in range(4) for c in range(4)}
    crucial = {coords.to_loc(1, 1, 7)}
    p = ft.encode(b, defender=WHITE, live_any=False, crucial=crucial, region=region)
    legal = set(b.legal_moves(region))
    for loc in coords.all_locs(7):
        r, c = coords.from_loc(loc, 7)
        assert p[5, r, c] == (loc in region)
        assert p[12, r, c] == (loc in legal)
        assert p[6, r, c] == (loc in b.chain(coords.to_loc(1, 1, 7)))


def test_ko_and_pass_planes():
    # White captures the lone black stone at B4: a ko Black may not retake at once.
    b = _board([
        ".XO..",
        "X.XO.",
        ".XO..",
        ".....",
        ".....",
    ], WHITE)
    b.play(coords.to_loc(1, 1, 5))
    assert b.ko_loc == coords.to_loc(1, 2, 5)
    p = ft.encode(b, defender=WHITE, live_any=True)
    assert p[11].sum() == 1.0 and p[11, 1, 2] == 1.0
    assert p[12, 1, 2] == 0.0             # the retake is not a legal move
    assert p[14].max() == 0.0
    b.play(PASS)
    p = ft.encode(b, defender=WHITE, live_any=True)
    assert p[14].min() == 1.0             # the previous move was a pass
    assert p[11].max() == 0.0


def test_ko_capture_rule_plane():
    b = _board(POSITION)
    b.set_ko_capture_allowed(BLACK, False)
    assert ft.encode(b, WHITE, True)[13].max() == 0.0
    b.set_ko_capture_allowed(BLACK, True)
    assert ft.encode(b, WHITE, True)[13].min() == 1.0


def test_encode_problem_position_uses_the_problem_goal():
    size = 7
    white = {coords.to_loc(1, 1, size)}
    prob = Problem.create(size, {coords.to_loc(0, 1, size)}, white, to_play=BLACK,
                          crucial=white)
    p = ft.encode_problem_position(prob.to_board(), prob)
    assert p[6].sum() == 1.0


def test_index_table_agrees_with_point_index():
    for size in (5, 7, 19):
        table = ft.index_table(size)
        for loc in coords.all_locs(size):
            r, c = coords.from_loc(loc, size)
            assert table[loc] == ft.point_index(loc, size) == r * size + c
        assert table[PASS] == size * size


def test_symmetries_are_a_group_and_policy_follows_planes():
    rng = np.random.default_rng(3)
    x = rng.random((2, 3, 5, 5))
    seen = set()
    for s in range(ft.NUM_SYMMETRIES):
        y = ft.transform_planes(x, s)
        seen.add(y.tobytes())
        back = ft.transform_planes(y, ft.inverse_symmetry(s))
        assert np.array_equal(back, x)
        # A one-hot policy moves where its plane moves; the pass stays last.
        pol = np.zeros(26)
        pol[7] = 1.0
        pol[25] = 0.5
        plane = pol[:25].reshape(5, 5)
        moved = ft.transform_policy(pol, 5, s)
        assert np.array_equal(moved[:25].reshape(5, 5), ft.transform_planes(plane, s))
        assert moved[25] == 0.5
    assert len(seen) == 8
