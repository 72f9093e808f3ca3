"""The network evaluator (``nn.evaluator``) and the weights-file checks (``nn.checkpoint``)."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from engine_cy.board import BLACK, PASS, WHITE  # noqa: E402
from tsumego_gui.core import coords  # noqa: E402
from tsumego_gui.core.problem import Problem  # noqa: E402
from tsumego_gui.nn import checkpoint, choice  # noqa: E402
from tsumego_gui.nn.evaluator import (  # noqa: E402
    NetRunner,
    choose_device,
    ftl_value,
    load_evaluator,
)
from tsumego_gui.nn.features import encode_problem_position  # noqa: E402
from tsumego_gui.nn.model import FtlNet, ftl_cdf, preset  # noqa: E402
from tsumego_gui.search.evaluators import Evaluator, Query  # noqa: E402

CUDA = torch.cuda.is_available()


def _weights(tmp_path, name="tiny", seed=0, **meta):
    torch.manual_seed(seed)
    net = FtlNet(preset(name))
    # Random BN statistics so that the eval-mode network is not near-constant.
    for m in net.modules():
        if isinstance(m, torch.nn.BatchNorm2d):
            m.running_mean.uniform_(-0.2, 0.2)
            m.running_var.uniform_(0.5, 1.5)
    path = tmp_path / f"{name}.pt"
    checkpoint.save(path, net, checkpoint.make_metadata(name, net.config, **meta))
    return path, net


def _problem(size=7, rot=0):
    black = [(1, 2), (2, 3), (3, 1)]
    white = [(2, 2), (3, 2), (1, 1)]

    def r(p):
        row, col = p
        for _ in range(rot):
            row, col = col, size - 1 - row
        return coords.to_loc(row, col, size)

    return Problem.create(size, {r(p) for p in black}, {r(p) for p in white},
                          to_play=BLACK, defender=WHITE, goal="live_any")


def _query(problem, moves_left=None):
    board = problem.to_board()
    legal = tuple(board.legal_moves()) + (PASS,)
    return Query(board, problem, legal, moves_left)


def _forward(net, problem):
    x = torch.from_numpy(encode_problem_position(problem.to_board(), problem)[None])
    with torch.inference_mode():
        p, v, f = net.eval()(x)
    return torch.softmax(p, 1)[0].numpy(), float(torch.sigmoid(v)[0]), ftl_cdf(f)[0].numpy()


def test_evaluations_follow_the_network_and_the_query(tmp_path):
    path, net = _weights(tmp_path)
    ev = load_evaluator(path, device="cpu")
    assert isinstance(ev, Evaluator) and ev.name == "ftl"
    assert ev.describe() == "network on cpu (fp32)"     # the app shows where it runs
    prob = _problem()
    policy, win, ftl = _forward(net, prob)
    k = len(ftl)
    queries = [_query(prob, None), _query(prob, 3), _query(prob, k + 10), _query(prob, 0)]
    out = ev.evaluate(queries)
    assert len(out) == 4
    q = queries[0]
    expect = np.array([policy[coords.from_loc(m, 7)[0] * 7 + coords.from_loc(m, 7)[1]]
                       if m != PASS else policy[49] for m in q.legal])
    expect /= expect.sum()
    for e in out:
        assert e.priors.shape == (len(q.legal),) and e.priors.dtype == np.float32
        assert abs(float(e.priors.sum()) - 1.0) < 1e-5
        np.testing.assert_allclose(e.priors, expect, rtol=1e-4, atol=1e-6)
        assert e.ftl is not None and e.ftl.shape == (k,)
        assert np.all(np.diff(e.ftl) >= 0)
    assert out[0].value == pytest.approx(win, abs=1e-5)
    assert out[1].value == pytest.approx(ftl[2], abs=1e-5)      # d = 3 -> index 2
    assert out[2].value == pytest.approx(ftl[k - 1], abs=1e-5)  # beyond K: clamp to K
    assert out[3].value == 0.0                                   # no move left
    assert ftl_value(np.array([0.1, 0.2]), 1) == pytest.approx(0.1)
    # A default horizon applies to queries without one, not to the others.
    ev7 = load_evaluator(path, device="cpu", default_moves_left=7)
    a, b = ev7.evaluate([_query(prob, None), _query(prob, 3)])
    assert a.value == pytest.approx(ftl[6], abs=1e-5)
    assert b.value == pytest.approx(ftl[2], abs=1e-5)


def test_mixed_board_sizes_in_one_batch(tmp_path):
    path, _ = _weights(tmp_path)
    ev = load_evaluator(path, device="cpu")
    qs = [_query(_problem(7), 5), _query(_problem(9), 5), _query(_problem(7, 1), None)]
    together = ev.evaluate(qs)
    for q, e in zip(qs, together, strict=True):
        alone = ev.evaluate([q])[0]
        np.testing.assert_allclose(e.priors, alone.priors, rtol=1e-4, atol=1e-6)
        assert e.value == pytest.approx(alone.value, abs=1e-5)


def test_symmetry_averaging_is_invariant_under_rotation(tmp_path):
    path, _ = _weights(tmp_path)
    ev = load_evaluator(path, device="cpu", symmetries=True)
    plain = load_evaluator(path, device="cpu")
    a, b = _problem(7, 0), _problem(7, 1)
    ea, eb = ev.evaluate([_query(a, 4), _query(b, 4)])
    assert ea.value == pytest.approx(eb.value, abs=1e-5)
    np.testing.assert_allclose(ea.ftl, eb.ftl, atol=1e-5)
    # Priors of corresponding moves agree (rotate a's moves into b's frame).
    size = 7

    def rot(loc):
        if loc == PASS:
            return PASS
        r, c = coords.from_loc(loc, size)
        return coords.to_loc(c, size - 1 - r, size)

    qa, qb = _query(a, 4), _query(b, 4)
    pb = dict(zip(qb.legal, eb.priors, strict=True))
    for m, pa in zip(qa.legal, ea.priors, strict=True):
        assert pb[rot(m)] == pytest.approx(pa, abs=1e-5)
    # Without averaging the two differ (the network itself is not symmetric).
    pa_, pb_ = plain.evaluate([qa, qb])
    assert abs(pa_.value - pb_.value) > 1e-7 or not np.allclose(pa_.ftl, pb_.ftl)


def test_missing_file_is_a_one_line_value_error(tmp_path):
    with pytest.raises(ValueError, match="does not exist") as err:
        load_evaluator(tmp_path / "nope.pt")
    assert isinstance(err.value, checkpoint.WeightsError)
    assert "\n" not in str(err.value)
    with pytest.raises(ValueError, match="is a folder"):        # QA s45: "does not exist"
        load_evaluator(tmp_path)


def test_corrupt_file(tmp_path):
    bad = tmp_path / "bad.pt"
    bad.write_bytes(b"this is not a checkpoint at all" * 10)
    with pytest.raises(checkpoint.WeightsError, match="not a checkpoint") as err:
        load_evaluator(bad)
    assert "\n" not in str(err.value) and "weights_only" not in str(err.value)
    katago = tmp_path / "model.bin.gz"                  # QA s45: say which evaluator reads it
    katago.write_bytes(b"\x1f\x8b not a zip")
    with pytest.raises(checkpoint.WeightsError, match="goes with --evaluator katago"):
        load_evaluator(katago)
    cut = tmp_path / "cut.pt"                       # a checkpoint cut short: still a zip head
    _weights(tmp_path)[0].rename(cut)
    cut.write_bytes(cut.read_bytes()[:-2000])
    with pytest.raises(checkpoint.WeightsError) as err:
        load_evaluator(cut)
    assert "cut short" in str(err.value) and "\n" not in str(err.value)
    other = tmp_path / "other.pt"
    torch.save({"weights": torch.zeros(3)}, other)
    with pytest.raises(checkpoint.WeightsError, match="not a tsumego_gui FTL checkpoint"):
        load_evaluator(other)


def test_feature_version_mismatch(tmp_path):
    path, net = _weights(tmp_path)
    data = torch.load(path, weights_only=True)
    data["metadata"]["feature_version"] = 999
    torch.save(data, path)
    with pytest.raises(checkpoint.WeightsError, match="features version 999"):
        load_evaluator(path)


def test_weights_that_do_not_fit_the_config(tmp_path):
    path, net = _weights(tmp_path)
    data = torch.load(path, weights_only=True)
    data["metadata"]["config"] = preset("small").to_dict()
    torch.save(data, path)
    with pytest.raises(checkpoint.WeightsError, match="does not match its model config") as err:
        load_evaluator(path)
    assert "\n" not in str(err.value)


def test_device_choice():
    assert choose_device("cpu").type == "cpu"
    assert choose_device(None).type in ("cpu", "cuda", "mps")
    with pytest.raises(ValueError, match="unknown device"):
        choose_device("tpu")
    if not CUDA:
        with pytest.raises(ValueError, match="no CUDA GPU"):
            choose_device("cuda")


@pytest.mark.skipif(not CUDA, reason="needs a CUDA GPU (half precision path)")
def test_cuda_half_precision_matches_cpu(tmp_path):  # pragma: no cover - no GPU here
    path, net = _weights(tmp_path)
    gpu = load_evaluator(path, device="cuda")
    cpu = load_evaluator(path, device="cpu")
    assert gpu.runner.half
    q = [_query(_problem(), 5)]
    a, b = gpu.evaluate(q)[0], cpu.evaluate(q)[0]
    np.testing.assert_allclose(a.priors, b.priors, atol=2e-2)
    assert a.value == pytest.approx(b.value, abs=2e-2)


def test_runner_rejects_wrong_planes(tmp_path):
    _, net = _weights(tmp_path)
    runner = NetRunner(net, "cpu")
    with pytest.raises(ValueError, match="planes must be"):
        runner.run(np.zeros((2, 3, 7, 7), np.float32))


def test_choice_builds_ftl_from_a_weights_file(tmp_path):
    path, _ = _weights(tmp_path)
    ev = choice.make_evaluator("ftl", weights=path, device="cpu")
    assert ev.name == "ftl"
    # Queries without a horizon get the d-win rate at the default d.
    e = ev.evaluate([_query(_problem(), None)])[0]
    assert e.value == pytest.approx(ftl_value(e.ftl, choice.FTL_MOVES_LEFT), abs=1e-6)
    with pytest.raises(ValueError, match="unknown evaluator 'nope'"):
        choice.make_evaluator("nope")
    with pytest.raises(checkpoint.WeightsError, match="does not exist"):
        choice.make_evaluator("ftl", weights=tmp_path / "absent.pt")


def test_shipped_weights_load_through_the_checks():
    assert choice.DEFAULT_WEIGHTS.exists(), "resources/models/ftl-7x7.pt is not shipped"
    assert choice.DEFAULT_WEIGHTS.stat().st_size < 10 * 1024 * 1024
    ev = choice.make_evaluator("ftl", device="cpu")
    assert ev.metadata["games"] > 0 and ev.metadata["steps"] > 0
    e = ev.evaluate([_query(_problem(), 20)])[0]
    assert 0.0 <= e.value <= 1.0 and abs(float(e.priors.sum()) - 1.0) < 1e-5
