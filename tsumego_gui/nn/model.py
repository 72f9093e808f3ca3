"""The FTL network: a residual trunk and three heads (policy, win value, Faster to Life).

* Trunk: 3x3 convolution, batch norm, ReLU, then ``blocks`` residual blocks
  (conv-BN-ReLU-conv-BN + skip, ReLU).  Fully convolutional: nothing depends
  on the board size, so one network runs on any size up to 19.
* Heads pool globally (mean and max over the board) instead of using a
  fully connected layer over points, which is what keeps them size-free:

  - policy: a 1x1 convolution gives one logit per point; the pass logit comes
    from the pooled features.  Output: ``size*size + 1`` logits.
  - win value: one logit, P(defender ever reaches its goal).
  - FTL: ``K + 1`` logits of a distribution over "the defender first reaches
    its goal in exactly d more moves" (d = 1..K) and "not within K".  Its
    cumulative sum gives the K outputs of the paper's multi-label head,
    ``ftl[d-1]`` = P(goal within d moves), non-decreasing in d by
    construction.

Presets (``PRESETS``) name the sizes: ``paper`` is the RZS paper's 5 blocks x
64 filters; ``small`` and ``tiny`` are for CPU training and tests.  Knows
torch and the number of input planes; nothing about boards or search.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import torch
from torch import nn
from torch.nn import functional as F  # noqa: N812 - the usual torch alias

from tsumego_gui.nn.features import NUM_PLANES


@dataclass(frozen=True)
class ModelConfig:
    """Shape of a network.  ``horizon`` is K, the number of FTL outputs."""

    blocks: int
    filters: int
    head_channels: int = 32
    value_hidden: int = 128
    horizon: int = 64
    in_planes: int = NUM_PLANES

    def to_dict(self) -> dict:
        return asdict(self)


PRESETS: dict[str, ModelConfig] = {
    "paper": ModelConfig(blocks=5, filters=64),
    "small": ModelConfig(blocks=4, filters=32, head_channels=16, value_hidden=64),
    "tiny": ModelConfig(blocks=1, filters=16, head_channels=8, value_hidden=16, horizon=16),
}


def preset(name: str) -> ModelConfig:
    """The config called ``name``; ValueError naming the choices otherwise."""
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown model preset {name!r} "
                         f"(choose from {', '.join(PRESETS)})") from None


class _Block(nn.Module):
    def __init__(self, c: int) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(c)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = F.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return F.relu(x + y)


def _pool(x: torch.Tensor) -> torch.Tensor:
    # Mean and max over the board: size-independent summaries.
    return torch.cat([x.mean(dim=(2, 3)), x.amax(dim=(2, 3))], dim=1)


class FtlNet(nn.Module):
    """Input ``(B, in_planes, N, N)``; output ``(policy_logits, value_logit, ftl_logits)``.

    Shapes: ``(B, N*N + 1)``, ``(B,)``, ``(B, K + 1)``.  Use :func:`ftl_cdf`
    to turn the FTL logits into the K probabilities.
    """

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        self.config = config
        c, h = config.filters, config.head_channels
        self.stem = nn.Conv2d(config.in_planes, c, 3, padding=1, bias=False)
        self.stem_bn = nn.BatchNorm2d(c)
        self.blocks = nn.Sequential(*[_Block(c) for _ in range(config.blocks)])
        self.policy_conv = nn.Conv2d(c, h, 1, bias=False)
        self.policy_bn = nn.BatchNorm2d(h)
        self.policy_point = nn.Conv2d(h, 1, 1)
        self.policy_pass = nn.Linear(2 * h, 1)
        self.value_conv = nn.Conv2d(c, h, 1, bias=False)
        self.value_bn = nn.BatchNorm2d(h)
        self.value_fc = nn.Linear(2 * h, config.value_hidden)
        self.value_out = nn.Linear(config.value_hidden, 1)
        self.ftl_out = nn.Linear(config.value_hidden, config.horizon + 1)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        x = F.relu(self.stem_bn(self.stem(x)))
        x = self.blocks(x)
        p = F.relu(self.policy_bn(self.policy_conv(x)))
        points = self.policy_point(p).flatten(1)
        pass_logit = self.policy_pass(_pool(p))
        policy = torch.cat([points, pass_logit], dim=1)
        v = F.relu(self.value_bn(self.value_conv(x)))
        v = F.relu(self.value_fc(_pool(v)))
        return policy, self.value_out(v).squeeze(1), self.ftl_out(v)


def ftl_cdf(ftl_logits: torch.Tensor) -> torch.Tensor:
    """K probabilities P(goal within d moves), d = 1..K, from the K + 1 FTL logits."""
    probs = torch.softmax(ftl_logits.float(), dim=-1)
    return torch.cumsum(probs[..., :-1], dim=-1).clamp(0.0, 1.0)


def build(config: ModelConfig) -> FtlNet:
    """A freshly initialised network."""
    return FtlNet(config)


def count_parameters(net: nn.Module) -> int:
    """Number of trainable parameters."""
    return sum(p.numel() for p in net.parameters() if p.requires_grad)
