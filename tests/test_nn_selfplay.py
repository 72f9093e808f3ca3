"""Self-play of 7x7 kill-all with FTL labels (``tsumego_gui.nn.selfplay``).

Games are played with a network-free stub (uniform policy, constant values),
then replayed on a fresh engine board to check the rules, the recorded
positions and the labels against the RZS paper's definition.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine_cy.benson import goal_zone
from engine_cy.board import BLACK, PASS, WHITE, Board
from tsumego_gui.core import coords
from tsumego_gui.nn import selfplay
from tsumego_gui.nn.features import NUM_PLANES, encode, point_index


class UniformRunner:
    """Stands in for a NetRunner: uniform policy, value 0.5, FTL 0.5 for every d."""

    def __init__(self, horizon: int = 16) -> None:
        self.horizon = horizon

    def run(self, planes):
        b, _, n, _ = planes.shape
        return (np.full((b, n * n + 1), 1.0 / (n * n + 1), np.float32),
                np.full(b, 0.5, np.float32), np.full((b, self.horizon), 0.5, np.float32))


def _labels_by_definition(t, result, end_ply, k):
    """Paper: a White life at the m-th move from t is a d-win for d >= m, not for d < m."""
    lab, mask = [], []
    for d in range(1, k + 1):
        if result == "white":
            lab.append(1 if d >= end_ply - t else 0)
            mask.append(1)
        elif result == "black":
            lab.append(0)
            mask.append(1)
        else:  # censored: only "no life within the plies actually played" is known
            lab.append(0)
            mask.append(1 if d <= end_ply - t else 0)
    return lab, mask


@pytest.mark.parametrize("result", ["white", "black", "censored"])
def test_ftl_labels_follow_the_paper(result):
    k, end = 12, 20
    for t in range(0, end):
        lab, mask, value, vmask = selfplay.ftl_labels(t, result, end, k)
        exp_lab, exp_mask = _labels_by_definition(t, result, end, k)
        assert lab.tolist() == exp_lab and mask.tolist() == exp_mask
        assert value == (1.0 if result == "white" else 0.0)
        assert vmask == (0 if result == "censored" else 1)


def test_horizon_control_balances_results():
    hc = selfplay.HorizonControl(20, 4, 40, window=10, spread=0)
    for _ in range(10):
        hc.record(True)           # White always wins within d_w: make it harder
    assert hc.center < 20
    c = hc.center
    for _ in range(10):
        hc.record(False)
    assert hc.center > c
    hc2 = selfplay.HorizonControl(5, 4, 40)
    hc2.restore(hc.state())
    assert hc2.center == hc.center
    rng = np.random.default_rng(0)
    hc3 = selfplay.HorizonControl(10, 8, 12, spread=5)
    assert all(8 <= hc3.sample(rng) <= 12 for _ in range(50))


def _replay_and_check(rec, size, k):
    board = Board(size, BLACK)
    board.set_ko_capture_allowed(BLACK, True)
    board.set_ko_capture_allowed(WHITE, False)
    assert rec.moves[1] == PASS                       # the kill-all opening's White pass
    assert rec.moves[0] != PASS and rec.moves[2] != PASS
    sample = 0
    for ply, move in enumerate(rec.moves):
        assert not goal_zone(board, WHITE, True)[0], "the game went on after White lived"
        if ply != 1:                                  # the forced pass is not recorded
            expected = encode(board, WHITE, True)
            assert np.array_equal(rec.planes[sample], expected.astype(np.uint8))
            legal = set(board.legal_moves()) | ({PASS} if ply >= 3 else set())
            allowed = {point_index(m, size) for m in legal}
            nonzero = set(np.flatnonzero(rec.policy[sample]).tolist())
            assert nonzero and nonzero <= allowed
            assert abs(float(rec.policy[sample].sum()) - 1.0) < 1e-5
            lab, mask = _labels_by_definition(ply, rec.result, rec.end_ply, k)
            assert rec.ftl[sample].tolist() == lab and rec.ftl_mask[sample].tolist() == mask
            sample += 1
        assert move == PASS or board.is_legal(move)
        board.play(move)
    assert sample == len(rec.value) == len(rec.moves) - 1
    assert rec.end_ply == len(rec.moves)
    alive = goal_zone(board, WHITE, True)[0]
    if rec.result == "white":
        assert alive
        assert rec.won_within == (rec.end_ply <= selfplay.OPENING_PLIES + rec.d_w)
    elif rec.result == "black":
        assert not alive and rec.moves[-2:] == [PASS, PASS]
    else:
        assert not alive and rec.end_ply >= 0


def test_games_obey_the_rules_and_labels_match_a_replay():
    k = 16
    cfg = selfplay.SelfPlayConfig(size=5, simulations=6, parallel_games=3, max_plies=40)
    sp = selfplay.SelfPlay(UniformRunner(k), cfg, selfplay.HorizonControl(8, 2, k),
                           np.random.default_rng(11))
    recs = list(sp.games(5))
    assert len(recs) == 5
    assert sp.batches > 0 and sp.evaluations >= sp.batches
    for rec in recs:
        assert rec.planes.shape[1:] == (NUM_PLANES, 5, 5)
        _replay_and_check(rec, 5, k)
    assert {r.result for r in recs} <= {"white", "black", "censored"}


def test_search_finds_an_immediate_life():
    # White's row-1 wall has one eye space above it; a stone on B7..F7 splits it in two.
    size = 7
    board = Board(size, WHITE)
    board.set_ko_capture_allowed(WHITE, False)
    for c in range(size):
        board.set_stone(coords.to_loc(1, c, size), WHITE)
    assert not goal_zone(board, WHITE, True)[0]
    cfg = selfplay.SelfPlayConfig(size=size, simulations=300, noise_fraction=0.0,
                                  temperature_plies=0)
    sp = selfplay.SelfPlay(UniformRunner(16), cfg, selfplay.HorizonControl(8, 2, 16),
                           np.random.default_rng(0))
    game = selfplay._Game(size, 8)
    game.board, game.ply, game.horizon = board, 10, 20
    while game.root.visits() < cfg.simulations:
        if sp._simulate(game):
            sp._evaluate([game], [sp._queue_planes])
    best = game.root.moves[int(np.argmax(game.root.n))]
    assert best != PASS
    row, col = coords.from_loc(best, size)
    assert row == 0 and 1 <= col <= 5
    # The root value it backs up for White approaches a sure win.
    i = int(np.argmax(game.root.n))
    assert game.root.w[i] / game.root.n[i] == pytest.approx(1.0)
