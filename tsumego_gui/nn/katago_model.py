"""A KataGo network as a torch module, built from ``katago_file``'s descriptors.

* :func:`load_katago_model` reads a ``.bin.gz``/``.bin`` file into a
  :class:`KataGoNet` (eval mode, float32, CPU).  Batch norms are folded into a
  per-channel multiplier and offset at load.
* ``KataGoNet.forward(spatial, global_)`` takes KataGo's input planes
  (B, C, H, W) and global inputs (B, G) for any H, W (KataGo's nets are
  trained up to 19x19) and returns the raw outputs (:class:`KataGoRawOutput`).
  Plane 0 is the on-board mask, as in KataGo: a board can sit in the top-left
  corner of a larger buffer, zeros outside, and gives the same outputs on its
  points as the board run at its own size.
* :func:`postprocess` turns raw outputs into what KataGo's ``kata-raw-nn``
  reports, from the side to move's perspective.

What is computed follows KataGo's own backends: every norm's output is
masked; pooling is the mean, the mean scaled by (sqrt(points) - 14) / 10,
and the maximum over on-board points (the value head: a third scaled mean
instead of the maximum); attention is pre-norm (RMSNorm), scaled by
1/sqrt(head size), keys off the board masked out, with 2-D rotary embeddings
on channel pairs (2p, 2p+1) at angle x * fx + y * fy (learnable) or, fixed,
y * theta^(-2p/P) for the first half of the P pairs and x * ... for the
second; transformer residuals are masked.  Half precision: norms and pooling
sums are taken in float32.

Knows torch and KataGo's network semantics (and, for the no-result output,
which global inputs carry the ko and scoring rules); nothing about boards,
features or search.  Not supported: the SGF-metadata encoder of human-style
networks and transformer FFN blocks without SwiGLU (KataGo itself runs
neither); the loader refuses them with a :class:`KataGoModelError`.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import NamedTuple

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F  # noqa: N812 - the usual torch alias

from tsumego_gui.nn.katago_file import (
    ActivationDesc,
    AttentionBlockDesc,
    BatchNormDesc,
    BlockDesc,
    ConvDesc,
    FFNBlockDesc,
    GPoolBlockDesc,
    KataGoModelError,
    MatMulDesc,
    ModelDesc,
    NestedBlockDesc,
    OrdinaryBlockDesc,
    PolicyHeadDesc,
    PostProcessParams,
    TipRMSNormDesc,
    TokenRMSNormDesc,
    ValueHeadDesc,
    read_katago_model,
)

# Global inputs (v7 features) that carry the rules KataGo's no-result rule reads.
GLOBAL_KO_NOT_SIMPLE = 6
GLOBAL_TERRITORY_SCORING = 9


class KataGoRawOutput(NamedTuple):
    """The network's outputs, side to move's perspective, in the compute dtype."""

    policy: torch.Tensor              # (B, P, H*W + 1) logits; index y*W + x, H*W = pass
    value: torch.Tensor               # (B, 3) win / loss / no-result logits
    misc: torch.Tensor                # (B, 6) (4 before version 9) raw score/error outputs
    ownership: torch.Tensor           # (B, H, W) pre-tanh, 0 off the board
    no_result_possible: torch.Tensor  # (B,) bool: simple ko or territory scoring (as KataGo)
    params: PostProcessParams         # the model's multipliers and version


class KataGoOutput(NamedTuple):
    """What ``kata-raw-nn`` reports, from the side to move's perspective; float32.
    ``var_time_left`` and the short-term errors are -1 for models before version 9."""

    win: torch.Tensor                      # (B,)
    loss: torch.Tensor
    no_result: torch.Tensor
    lead: torch.Tensor
    score_selfplay: torch.Tensor
    score_selfplay_sq: torch.Tensor
    var_time_left: torch.Tensor
    shortterm_winloss_error: torch.Tensor
    shortterm_score_error: torch.Tensor
    policy: torch.Tensor                   # (B, H*W + 1), 0 on illegal moves
    ownership: torch.Tensor                # (B, H, W) in [-1, 1]


class _Board(NamedTuple):
    """Per-batch mask data every layer needs."""

    mask: torch.Tensor      # (B, 1, H, W), compute dtype
    count: torch.Tensor     # (B, 1) on-board points, float32
    keys: torch.Tensor      # (B, 1, 1, H*W) bool: attention may look there
    height: int
    width: int


def _activation(kind: str):
    return {"identity": lambda x: x, "relu": F.relu, "mish": F.mish, "silu": F.silu}[kind]


def _tensor(a: np.ndarray) -> torch.Tensor:
    return torch.from_numpy(np.ascontiguousarray(a, dtype=np.float32))


def _conv(d: ConvDesc) -> nn.Conv2d:
    ky, kx = d.weight.shape[2:]
    conv = nn.Conv2d(d.in_channels, d.out_channels, (ky, kx), bias=False, dilation=d.dilation,
                     padding=(d.dilation[0] * (ky // 2), d.dilation[1] * (kx // 2)))
    conv.weight.data.copy_(_tensor(d.weight))
    return conv


def _linear(*mats: MatMulDesc, bias: np.ndarray | None = None) -> nn.Linear:
    """One linear layer computing the matmuls side by side (outputs concatenated)."""
    weight = np.concatenate([m.weight for m in mats], axis=1)
    lin = nn.Linear(weight.shape[0], weight.shape[1], bias=bias is not None)
    lin.weight.data.copy_(_tensor(weight.T))
    if bias is not None:
        lin.bias.data.copy_(_tensor(bias))
    return lin


class _NormAct(nn.Module):
    """A folded batch norm, its activation and the mask."""

    def __init__(self, norm: BatchNormDesc, act: ActivationDesc) -> None:
        super().__init__()
        mul, add = norm.folded()
        self.register_buffer("mul", _tensor(mul).view(1, -1, 1, 1))
        self.register_buffer("add", _tensor(add).view(1, -1, 1, 1))
        self.act = _activation(act.kind)

    def forward(self, x: torch.Tensor, board: _Board) -> torch.Tensor:
        return self.act(x * self.mul + self.add) * board.mask


def _pool(x: torch.Tensor, board: _Board, value_head: bool = False) -> torch.Tensor:
    """(B, 3C): KataGo's global pooling of masked features (sums in float32)."""
    mean = x.sum((2, 3), dtype=torch.float32) / board.count
    offset = board.count.sqrt() - 14.0
    if value_head:
        third = mean * (offset * offset / 100.0 - 0.1)
    else:
        third = x.masked_fill(board.mask == 0, float("-inf")).amax((2, 3)).float()
    return torch.cat((mean, mean * (offset / 10.0), third), 1).to(x.dtype)


class _Ordinary(nn.Module):
    def __init__(self, d: OrdinaryBlockDesc) -> None:
        super().__init__()
        self.pre = _NormAct(d.pre_norm, d.pre_act)
        self.conv1 = _conv(d.conv1)
        self.mid = _NormAct(d.mid_norm, d.mid_act)
        self.conv2 = _conv(d.conv2)

    def forward(self, x: torch.Tensor, board: _Board) -> torch.Tensor:
        return self.conv2(self.mid(self.conv1(self.pre(x, board)), board))


class _GPool(nn.Module):
    def __init__(self, d: GPoolBlockDesc) -> None:
        super().__init__()
        self.pre = _NormAct(d.pre_norm, d.pre_act)
        self.conv1 = _conv(d.conv1)
        self.gconv = _conv(d.gpool_conv)
        self.gnorm = _NormAct(d.gpool_norm, d.gpool_act)
        self.gbias = _linear(d.gpool_to_bias)
        self.mid = _NormAct(d.mid_norm, d.mid_act)
        self.conv2 = _conv(d.conv2)

    def forward(self, x: torch.Tensor, board: _Board) -> torch.Tensor:
        a = self.pre(x, board)
        g = _pool(self.gnorm(self.gconv(a), board), board)
        out = self.conv1(a) + self.gbias(g)[:, :, None, None]
        return self.conv2(self.mid(out, board))


class _Nested(nn.Module):
    def __init__(self, d: NestedBlockDesc) -> None:
        super().__init__()
        self.pre = _NormAct(d.pre_norm, d.pre_act)
        self.pre_conv = _conv(d.pre_conv)
        self.blocks = nn.ModuleList(_block(b) for b in d.blocks)
        self.post = _NormAct(d.post_norm, d.post_act)
        self.post_conv = _conv(d.post_conv)

    def forward(self, x: torch.Tensor, board: _Board) -> torch.Tensor:
        out = self.pre_conv(self.pre(x, board))
        for block in self.blocks:
            out = out + block(out, board)
        return self.post_conv(self.post(out, board))


class _TokenNorm(nn.Module):
    """RMSNorm over the last axis (statistics in float32)."""

    def __init__(self, d: TokenRMSNormDesc) -> None:
        super().__init__()
        self.eps = d.epsilon
        self.register_buffer("weight", _tensor(d.weight))

    def forward(self, t: torch.Tensor) -> torch.Tensor:
        tf = t.float()
        tf = tf * torch.rsqrt(tf.square().mean(-1, keepdim=True) + self.eps)
        return tf.to(t.dtype) * self.weight


def _tokens(x: torch.Tensor) -> torch.Tensor:
    return x.flatten(2).transpose(1, 2)           # (B, C, H, W) -> (B, H*W, C)


def _untokens(t: torch.Tensor, board: _Board) -> torch.Tensor:
    b, s, c = t.shape
    return t.transpose(1, 2).reshape(b, c, board.height, board.width) * board.mask


class _Attention(nn.Module):
    def __init__(self, d: AttentionBlockDesc) -> None:
        super().__init__()
        self.heads, self.kv_heads = d.heads, d.kv_heads
        self.q_dim, self.v_dim = d.q_head_dim, d.v_head_dim
        self.norm = _TokenNorm(d.norm)
        self.qkv = _linear(d.q_proj, d.k_proj, d.v_proj)
        self.out = _linear(d.out_proj)
        self.rope_theta = d.rope_theta
        # kept out of the module's tensors so that .half() cannot round them
        self.rope_freqs = d.rope_freqs
        self._rotations: dict[tuple, tuple[torch.Tensor, ...]] = {}

    def _rotation(self, board: _Board, x: torch.Tensor) -> tuple[torch.Tensor, ...]:
        """cos, sin of the rotary angles for the keys (kv heads or 1, H*W, pairs), then
        for the queries (heads or 1, ...), in ``x``'s dtype; cached per board shape,
        device and dtype."""
        key = (board.height, board.width, x.device, x.dtype)
        if key not in self._rotations:
            cos, sin = self._angles(board, x.device)
            rep = self.heads // self.kv_heads
            # query head h shares kv head h // rep, and with it that head's frequencies
            q_cos, q_sin = ((cos.repeat_interleave(rep, 0), sin.repeat_interleave(rep, 0))
                            if cos.shape[0] > 1 and rep > 1 else (cos, sin))
            self._rotations[key] = tuple(t.to(x.dtype) for t in (cos, sin, q_cos, q_sin))
        return self._rotations[key]

    def _angles(self, board: _Board, device: torch.device) -> tuple[torch.Tensor, torch.Tensor]:
        """cos, sin: (kv heads or 1, H*W, pairs), float32."""
        ys, xs = torch.meshgrid(torch.arange(board.height, device=device, dtype=torch.float32),
                                torch.arange(board.width, device=device, dtype=torch.float32),
                                indexing="ij")
        ys, xs = ys.reshape(1, -1, 1), xs.reshape(1, -1, 1)
        if self.rope_freqs is not None:
            f = _tensor(self.rope_freqs).to(device)
            angles = xs * f[:, None, :, 0] + ys * f[:, None, :, 1]
        else:
            pairs = self.q_dim // 2
            half = pairs // 2
            p = torch.arange(pairs, device=device, dtype=torch.float32)
            freq = torch.pow(torch.tensor(self.rope_theta, device=device),
                             -2.0 * torch.where(p < half, p, p - half) / pairs)
            angles = torch.where(p < half, ys * freq, xs * freq)
        return angles.cos(), angles.sin()

    @staticmethod
    def _rotate(t: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
        pairs = t.unflatten(-1, (-1, 2))
        t0, t1 = pairs[..., 0], pairs[..., 1]
        return torch.stack((t0 * cos - t1 * sin, t0 * sin + t1 * cos), -1).flatten(-2)

    def forward(self, x: torch.Tensor, board: _Board) -> torch.Tensor:
        b = x.shape[0]
        qkv = self.qkv(self.norm(_tokens(x)))
        q, k, v = qkv.split((self.heads * self.q_dim, self.kv_heads * self.q_dim,
                             self.kv_heads * self.v_dim), -1)
        q = q.unflatten(-1, (self.heads, self.q_dim)).transpose(1, 2)      # (B, H, S, d)
        k = k.unflatten(-1, (self.kv_heads, self.q_dim)).transpose(1, 2)
        v = v.unflatten(-1, (self.kv_heads, self.v_dim)).transpose(1, 2)
        rep = self.heads // self.kv_heads
        if self.rope_freqs is not None or self.rope_theta is not None:
            k_cos, k_sin, q_cos, q_sin = self._rotation(board, x)
            k, q = self._rotate(k, k_cos, k_sin), self._rotate(q, q_cos, q_sin)
        if rep > 1:
            k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=board.keys,
                                           scale=1.0 / math.sqrt(self.q_dim))
        return _untokens(self.out(o.transpose(1, 2).reshape(b, -1, self.heads * self.v_dim)),
                         board)


class _FFN(nn.Module):
    """SwiGLU feed-forward; the first and gate matmuls run as one."""

    def __init__(self, d: FFNBlockDesc) -> None:
        super().__init__()
        self.norm = _TokenNorm(d.norm)
        self.up = _linear(d.linear1, d.gate)
        self.down = _linear(d.linear2)

    def forward(self, x: torch.Tensor, board: _Board) -> torch.Tensor:
        a, gate = self.up(self.norm(_tokens(x))).chunk(2, -1)
        return _untokens(self.down(F.silu(a) * gate), board)


def _block(d: BlockDesc) -> nn.Module:
    if isinstance(d, OrdinaryBlockDesc):
        return _Ordinary(d)
    if isinstance(d, GPoolBlockDesc):
        return _GPool(d)
    if isinstance(d, NestedBlockDesc):
        return _Nested(d)
    if isinstance(d, AttentionBlockDesc):
        return _Attention(d)
    if not d.swiglu:
        raise KataGoModelError(f"{d.name}: transformer FFN blocks without SwiGLU are not "
                               "supported (KataGo does not run them either)")
    return _FFN(d)


class _TipRMSNorm(nn.Module):
    """The trunk tip's RMSNorm, its activation and the mask (statistics in float32)."""

    def __init__(self, d: TipRMSNormDesc, act: ActivationDesc) -> None:
        super().__init__()
        self.eps, self.spatial = d.epsilon, d.spatial
        self.register_buffer("gamma", _tensor(d.gamma).view(1, -1, 1, 1))
        self.register_buffer("beta", _tensor(d.beta).view(1, -1, 1, 1))
        self.act = _activation(act.kind)

    def forward(self, x: torch.Tensor, board: _Board) -> torch.Tensor:
        xf = x.float()
        if self.spatial:   # one statistic per board: all channels, on-board points
            sq = (xf.square() * board.mask).sum((1, 2, 3)) / (x.shape[1] * board.count[:, 0])
            xf = xf * torch.rsqrt(sq + self.eps).view(-1, 1, 1, 1)
        else:
            xf = xf * torch.rsqrt(xf.square().mean(1, keepdim=True) + self.eps)
        return self.act(xf.to(x.dtype) * self.gamma + self.beta) * board.mask


class _PolicyHead(nn.Module):
    def __init__(self, d: PolicyHeadDesc) -> None:
        super().__init__()
        self.p1 = _conv(d.p1_conv)
        self.g1 = _conv(d.g1_conv)
        self.g1_act = _NormAct(d.g1_norm, d.g1_act)
        self.gbias = _linear(d.gpool_to_bias)
        self.p1_act = _NormAct(d.p1_norm, d.p1_act)
        self.p2 = _conv(d.p2_conv)
        if d.pass_mul2 is None:
            self.pass1 = _linear(d.pass_mul)
            self.pass2 = None
        else:
            self.pass1 = _linear(d.pass_mul, bias=d.pass_bias.bias)
            self.pass_act = _activation(d.pass_act.kind)
            self.pass2 = _linear(d.pass_mul2)

    def forward(self, x: torch.Tensor, board: _Board) -> torch.Tensor:
        pooled = _pool(self.g1_act(self.g1(x), board), board)
        p = self.p1_act(self.p1(x) + self.gbias(pooled)[:, :, None, None], board)
        passes = self.pass1(pooled)
        if self.pass2 is not None:
            passes = self.pass2(self.pass_act(passes))
        return torch.cat((self.p2(p).flatten(2), passes[:, :, None]), 2)


class _ValueHead(nn.Module):
    def __init__(self, d: ValueHeadDesc) -> None:
        super().__init__()
        self.v1 = _conv(d.v1_conv)
        self.v1_act = _NormAct(d.v1_norm, d.v1_act)
        self.v2 = _linear(d.v2_mul, bias=d.v2_bias.bias)
        self.v2_act = _activation(d.v2_act.kind)
        self.value = _linear(d.value_mul, bias=d.value_bias.bias)
        self.misc = _linear(d.misc_mul, bias=d.misc_bias.bias)
        self.ownership = _conv(d.ownership_conv)

    def forward(self, x: torch.Tensor, board: _Board) -> tuple[torch.Tensor, ...]:
        v1 = self.v1_act(self.v1(x), board)
        v2 = self.v2_act(self.v2(_pool(v1, board, value_head=True)))
        return self.value(v2), self.misc(v2), (self.ownership(v1) * board.mask)[:, 0]


class KataGoNet(nn.Module):
    """A KataGo network; see the module docstring."""

    def __init__(self, desc: ModelDesc) -> None:
        super().__init__()
        if desc.trunk.meta_encoder is not None:
            raise KataGoModelError(f"{desc.name}: networks that read SGF metadata (human-style "
                                   "networks) are not supported")
        self.name = desc.name
        self.version = desc.version
        self.num_spatial_inputs = desc.num_spatial_inputs
        self.num_global_inputs = desc.num_global_inputs
        self.params = desc.post
        self._num_parameters = desc.num_parameters()
        trunk = desc.trunk
        self.stem = _conv(trunk.stem_conv)
        self.stem_global = _linear(trunk.stem_global)
        self.blocks = nn.ModuleList(_block(b) for b in trunk.blocks)
        if isinstance(trunk.tip_norm, BatchNormDesc):
            self.tip = _NormAct(trunk.tip_norm, trunk.tip_act)
        else:
            self.tip = _TipRMSNorm(trunk.tip_norm, trunk.tip_act)
        self.policy_head = _PolicyHead(desc.policy)
        self.value_head = _ValueHead(desc.value)

    def num_parameters(self) -> int:
        """The model's parameter count as KataGo reports it (batch-norm statistics
        excluded)."""
        return self._num_parameters

    def forward(self, spatial: torch.Tensor, global_: torch.Tensor) -> KataGoRawOutput:
        b, _, h, w = spatial.shape
        mask = spatial[:, :1]
        board = _Board(mask, mask.sum((2, 3), dtype=torch.float32),
                       (mask.reshape(b, 1, 1, h * w) != 0), h, w)
        x = (self.stem(spatial) + self.stem_global(global_)[:, :, None, None]) * mask
        for block in self.blocks:
            x = x + block(x, board)
        x = self.tip(x, board)
        value, misc, ownership = self.value_head(x, board)
        no_result = ((global_[:, GLOBAL_KO_NOT_SIMPLE] == 0)
                     | (global_[:, GLOBAL_TERRITORY_SCORING] != 0))
        return KataGoRawOutput(self.policy_head(x, board), value, misc, ownership, no_result,
                               self.params)


def load_katago_model(path: str | Path) -> KataGoNet:
    """The network in a KataGo model file, in eval mode, float32, on the CPU.
    :class:`KataGoModelError` (a ValueError) when it is missing or unusable."""
    return KataGoNet(read_katago_model(path)).eval()


def postprocess(raw: KataGoRawOutput, legal_mask: torch.Tensor, optimism: float = 0.0,
                params: PostProcessParams | None = None) -> KataGoOutput:
    """KataGo's reading of raw outputs (nneval's postprocessing), batched, float32.

    ``legal_mask`` (B, H*W + 1) bool: the moves the policy is spread over (rows
    without a legal move get all zeros).  ``optimism`` mixes the short-term
    optimistic policy channel in as p + (p_opt - p) * optimism (models before
    version 12 have none).  ``params``: the multipliers, by default the model's.
    """
    p = raw.params if params is None else params
    logits = raw.policy.float()
    mixed = logits[:, 0]
    if logits.shape[1] > 1 and optimism != 0.0:
        mixed = mixed + (logits[:, 1] - mixed) * optimism
    legal = legal_mask.to(torch.bool)
    policy = torch.softmax(mixed.masked_fill(~legal, float("-inf")), -1)
    policy = torch.where(legal.any(-1, keepdim=True), policy, torch.zeros_like(policy))

    # KataGo drops the no-result outcome under non-simple ko with area scoring
    value = raw.value.float()
    no_result_logit = value[:, 2].masked_fill(~raw.no_result_possible, float("-inf"))
    win, loss, no_result = torch.softmax(
        torch.stack((value[:, 0], value[:, 1], no_result_logit), -1), -1).unbind(-1)

    misc = raw.misc.float()
    has_result = 1.0 - no_result
    mean = misc[:, 0] * p.score_mean
    stdev = F.softplus(misc[:, 1]) * p.score_stdev
    score_sq = (mean * mean + stdev * stdev) * has_result
    lead = misc[:, 2] * p.lead * has_result
    unknown = torch.full_like(mean, -1.0)
    if p.version >= 9:
        var_time = F.softplus(misc[:, 3]) * p.variance_time
        if p.version >= 14:
            wl_err = F.softplus(0.5 * misc[:, 4]) * math.sqrt(p.shortterm_value_error)
            score_err = F.softplus(0.5 * misc[:, 5]) * math.sqrt(p.shortterm_score_error)
        elif p.version >= 10:
            wl_err = torch.sqrt(F.softplus(misc[:, 4]) * p.shortterm_value_error)
            score_err = torch.sqrt(F.softplus(misc[:, 5]) * p.shortterm_score_error)
        else:
            wl_err, score_err = F.softplus(misc[:, 4]), F.softplus(misc[:, 5]) * 10.0
    else:
        var_time, wl_err, score_err = unknown, unknown, unknown
    return KataGoOutput(win, loss, no_result, lead, mean * has_result, score_sq, var_time,
                        wl_err, score_err, policy, torch.tanh(raw.ownership.float()))
