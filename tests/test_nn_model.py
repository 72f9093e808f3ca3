"""The FTL network's shapes, presets and FTL head semantics (``tsumego_gui.nn.model``)."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from tsumego_gui.nn import model  # noqa: E402
from tsumego_gui.nn.features import NUM_PLANES  # noqa: E402


@pytest.mark.parametrize("size", [5, 7, 9, 19])
def test_one_network_runs_on_every_board_size(size):
    torch.manual_seed(0)
    net = model.build(model.preset("tiny")).eval()
    x = torch.rand(3, NUM_PLANES, size, size)
    with torch.inference_mode():
        policy, value, ftl = net(x)
    k = net.config.horizon
    assert policy.shape == (3, size * size + 1)
    assert value.shape == (3,)
    assert ftl.shape == (3, k + 1)


def test_ftl_cdf_is_a_non_decreasing_probability():
    torch.manual_seed(1)
    logits = torch.randn(50, 17) * 3
    cdf = model.ftl_cdf(logits)
    assert cdf.shape == (50, 16)
    assert float(cdf.min()) >= 0.0 and float(cdf.max()) <= 1.0
    assert bool((cdf[:, 1:] >= cdf[:, :-1] - 1e-6).all())
    # P(within K) = 1 - P(not within K), the last logit's probability.
    last = torch.softmax(logits, dim=1)[:, -1]
    assert torch.allclose(cdf[:, -1], 1 - last, atol=1e-5)


def test_presets_include_the_papers_size():
    paper = model.preset("paper")
    assert (paper.blocks, paper.filters) == (5, 64)
    net = model.build(model.preset("small"))
    big = model.build(paper)
    assert model.count_parameters(net) < model.count_parameters(big)


def test_unknown_preset_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown model preset 'huge'"):
        model.preset("huge")
