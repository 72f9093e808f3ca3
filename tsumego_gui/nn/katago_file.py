"""KataGo model files (``.bin.gz`` / ``.bin``) read into plain descriptors.

The format (KataGo's ``cpp/neuralnet/desc.cpp``): optionally gzipped,
whitespace-separated text tokens, each weight array written as ``@BIN@``
followed by little-endian float32 values.  Records:

* conv ``name ky kx ic oc dilY dilX`` + weights in (y, x, ic, oc) order;
* batch norm ``name C eps hasScale hasBias`` + mean, variance, [scale], [bias];
* activation ``name`` and, from model version 11, its kind (``ACTIVATION_*``;
  older files are ReLU throughout);
* matmul ``name ic oc`` + weights in (ic, oc) order; bias ``name C`` + values;
* trunk-tip RMSNorm ``name C eps spatial cgroupSize`` + gamma, beta;
  transformer RMSNorm ``name C eps`` + weight.

A file is a header (name, version, input counts; from version 13 seven output
multipliers; from version 15 a metadata-encoder version and seven zero ints),
a trunk (block count and channel counts, from version 15 the trunk norm kind
and five zero ints; stem conv and global matmul, the optional metadata
encoder, the blocks, the tip norm and activation), a policy head and a value
head.  Versions 16 and 17 add policy channels (q-value predictions) and, in
17, a channel count and zero guard ints in both heads.

Reads model versions 8 to 17 (KataGo's input features v7).  Knows the file
layout and the consistency rules between records; nothing about what the
layers compute (``katago_model``) or about torch.  Weights keep the file's
numbers; only their axes are reordered (documented per descriptor).
Every failure is a :class:`KataGoModelError` with a one-line message.
"""

from __future__ import annotations

import gzip
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tsumego_gui.core.file_limits import MAX_NETWORK_BYTES, refusal

MIN_VERSION = 8
MAX_VERSION = 17
ACTIVATIONS = {
    "ACTIVATION_IDENTITY": "identity",
    "ACTIVATION_RELU": "relu",
    "ACTIVATION_MISH": "mish",
    "ACTIVATION_SILU": "silu",
}
TRUNK_NORM_BATCH, TRUNK_NORM_RMS = 0, 1
META_ENCODER_INPUTS = {0: 0, 1: 192}

# KataGo's multipliers for files older than version 13, which do not store them.
DEFAULT_MULTIPLIERS = (20.0, 20.0, 20.0, 20.0, 40.0, 0.25, 30.0)


class KataGoModelError(ValueError):
    """A model file that cannot be used; ``str()`` is one line for the user."""


# --- descriptors ----------------------------------------------------------------------
# eq=False: they hold numpy arrays, which do not compare to a single bool.


@dataclass(frozen=True, eq=False)
class ConvDesc:
    """``weight``: (out, in, ky, kx), torch's order; ``dilation``: (y, x)."""

    name: str
    weight: np.ndarray
    dilation: tuple[int, int]

    @property
    def in_channels(self) -> int:
        return self.weight.shape[1]

    @property
    def out_channels(self) -> int:
        return self.weight.shape[0]


@dataclass(frozen=True, eq=False)
class BatchNormDesc:
    """Inference batch norm: ``(x - mean) / sqrt(variance + epsilon) * scale + bias``
    (scale 1 and bias 0 where the file has none)."""

    name: str
    epsilon: float
    mean: np.ndarray
    variance: np.ndarray
    scale: np.ndarray | None
    bias: np.ndarray | None

    @property
    def channels(self) -> int:
        return self.mean.shape[0]

    def folded(self) -> tuple[np.ndarray, np.ndarray]:
        """(multiplier, offset) per channel, computed in float64 then rounded once."""
        scale = np.ones(self.channels) if self.scale is None else self.scale.astype(np.float64)
        bias = np.zeros(self.channels) if self.bias is None else self.bias.astype(np.float64)
        mul = scale / np.sqrt(self.variance.astype(np.float64) + self.epsilon)
        return mul.astype(np.float32), (bias - mul * self.mean).astype(np.float32)


@dataclass(frozen=True, eq=False)
class ActivationDesc:
    """``kind``: identity, relu, mish or silu."""

    name: str
    kind: str


@dataclass(frozen=True, eq=False)
class MatMulDesc:
    """``weight``: (in, out), the file's order (``y = x @ weight``)."""

    name: str
    weight: np.ndarray

    @property
    def in_channels(self) -> int:
        return self.weight.shape[0]

    @property
    def out_channels(self) -> int:
        return self.weight.shape[1]


@dataclass(frozen=True, eq=False)
class BiasDesc:
    name: str
    bias: np.ndarray


@dataclass(frozen=True, eq=False)
class TipRMSNormDesc:
    """The v15 trunk-tip RMSNorm: over channels at each point, or (``spatial``) over
    channels and on-board points together; then ``* gamma + beta``."""

    name: str
    epsilon: float
    spatial: bool
    gamma: np.ndarray
    beta: np.ndarray


@dataclass(frozen=True, eq=False)
class TokenRMSNormDesc:
    """A transformer block's RMSNorm over the channels of each point, ``* weight``."""

    name: str
    epsilon: float
    weight: np.ndarray


@dataclass(frozen=True, eq=False)
class OrdinaryBlockDesc:
    name: str
    pre_norm: BatchNormDesc
    pre_act: ActivationDesc
    conv1: ConvDesc
    mid_norm: BatchNormDesc
    mid_act: ActivationDesc
    conv2: ConvDesc


@dataclass(frozen=True, eq=False)
class GPoolBlockDesc:
    """An ordinary block whose first conv is joined by a pooled branch: ``gpool_conv``
    -> norm -> act -> mean/scaled mean/max -> ``gpool_to_bias`` added per channel."""

    name: str
    pre_norm: BatchNormDesc
    pre_act: ActivationDesc
    conv1: ConvDesc
    gpool_conv: ConvDesc
    gpool_norm: BatchNormDesc
    gpool_act: ActivationDesc
    gpool_to_bias: MatMulDesc
    mid_norm: BatchNormDesc
    mid_act: ActivationDesc
    conv2: ConvDesc


@dataclass(frozen=True, eq=False)
class NestedBlockDesc:
    """Norm -> act -> ``pre_conv`` down to the inner width, the inner residual
    ``blocks``, norm -> act -> ``post_conv`` back to the outer width."""

    name: str
    pre_norm: BatchNormDesc
    pre_act: ActivationDesc
    pre_conv: ConvDesc
    blocks: tuple[BlockDesc, ...]
    post_norm: BatchNormDesc
    post_act: ActivationDesc
    post_conv: ConvDesc


@dataclass(frozen=True, eq=False)
class AttentionBlockDesc:
    """Pre-norm self-attention over the board's points.  ``rope_freqs`` (kv_heads,
    q_head_dim / 2, 2): learnable (x, y) frequencies per channel pair; None with
    ``rope_theta`` for fixed 2-D rotary embeddings; both None: no rotary embedding."""

    name: str
    heads: int
    kv_heads: int
    q_head_dim: int
    v_head_dim: int
    norm: TokenRMSNormDesc
    q_proj: MatMulDesc
    k_proj: MatMulDesc
    v_proj: MatMulDesc
    out_proj: MatMulDesc
    rope_freqs: np.ndarray | None
    rope_theta: float | None


@dataclass(frozen=True, eq=False)
class FFNBlockDesc:
    """Pre-norm feed-forward: ``linear2(silu(linear1(x)) * gate(x))`` with SwiGLU."""

    name: str
    swiglu: bool
    norm: TokenRMSNormDesc
    linear1: MatMulDesc
    gate: MatMulDesc | None
    linear2: MatMulDesc


BlockDesc = OrdinaryBlockDesc | GPoolBlockDesc | NestedBlockDesc | AttentionBlockDesc | FFNBlockDesc


@dataclass(frozen=True, eq=False)
class MetaEncoderDesc:
    """The SGF-metadata encoder of human-style networks (metadata version 1)."""

    name: str
    mul1: MatMulDesc
    bias1: BiasDesc
    act1: ActivationDesc
    mul2: MatMulDesc
    bias2: BiasDesc
    act2: ActivationDesc
    mul3: MatMulDesc


@dataclass(frozen=True, eq=False)
class TrunkDesc:
    name: str
    channels: int
    mid_channels: int
    gpool_channels: int
    stem_conv: ConvDesc
    stem_global: MatMulDesc
    meta_encoder: MetaEncoderDesc | None
    blocks: tuple[BlockDesc, ...]
    tip_norm: BatchNormDesc | TipRMSNormDesc
    tip_act: ActivationDesc


@dataclass(frozen=True, eq=False)
class PolicyHeadDesc:
    """``pass_bias``/``pass_act``/``pass_mul2``: the pass MLP's second layer, from
    version 15 (before it, ``pass_mul`` gives the pass logits directly)."""

    name: str
    channels: int
    p1_conv: ConvDesc
    g1_conv: ConvDesc
    g1_norm: BatchNormDesc
    g1_act: ActivationDesc
    gpool_to_bias: MatMulDesc
    p1_norm: BatchNormDesc
    p1_act: ActivationDesc
    p2_conv: ConvDesc
    pass_mul: MatMulDesc
    pass_bias: BiasDesc | None
    pass_act: ActivationDesc | None
    pass_mul2: MatMulDesc | None


@dataclass(frozen=True, eq=False)
class ValueHeadDesc:
    name: str
    v1_conv: ConvDesc
    v1_norm: BatchNormDesc
    v1_act: ActivationDesc
    v2_mul: MatMulDesc
    v2_bias: BiasDesc
    v2_act: ActivationDesc
    value_mul: MatMulDesc
    value_bias: BiasDesc
    misc_mul: MatMulDesc
    misc_bias: BiasDesc
    ownership_conv: ConvDesc


@dataclass(frozen=True)
class PostProcessParams:
    """How KataGo turns the raw value outputs into numbers (multipliers from the file
    from version 13, KataGo's defaults before)."""

    version: int
    td_score: float
    score_mean: float
    score_stdev: float
    lead: float
    variance_time: float
    shortterm_value_error: float
    shortterm_score_error: float


@dataclass(frozen=True, eq=False)
class ModelDesc:
    name: str
    version: int
    num_spatial_inputs: int
    num_global_inputs: int
    meta_encoder_version: int
    post: PostProcessParams
    trunk: TrunkDesc
    policy: PolicyHeadDesc
    value: ValueHeadDesc

    def num_parameters(self) -> int:
        """KataGo's count: every weight array except batch-norm mean and variance."""
        return _count_parameters(self)


# --- reading --------------------------------------------------------------------------


def read_katago_model(path: str | Path) -> ModelDesc:
    """Parse a KataGo model file; :class:`KataGoModelError` for anything unusable."""
    path = Path(path)
    refused = refusal(path, MAX_NETWORK_BYTES)
    if refused:
        raise KataGoModelError(f"cannot read KataGo model file {path}: {refused}")
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise KataGoModelError(f"KataGo model file not found: {path}") from None
    except OSError as err:
        raise KataGoModelError(f"cannot read KataGo model file {path}: "
                               f"{err.strerror or err}") from None
    if raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except EOFError:
            raise KataGoModelError(f"{path.name}: the gzip data is truncated "
                                   "(incomplete download?)") from None
        except (OSError, zlib.error) as err:
            raise KataGoModelError(f"{path.name}: unreadable gzip data ({err})") from None
    return parse_katago_model(raw, path.name)


def parse_katago_model(data: bytes, label: str = "model") -> ModelDesc:
    """Parse the (decompressed) bytes of a model file; ``label`` names it in errors."""
    return _Parser(data, label).model()


class _Parser:
    """A cursor over the file's bytes, reading records as desc.cpp lays them out."""

    def __init__(self, data: bytes, label: str) -> None:
        self.data = data
        self.pos = 0
        self.label = label
        self.version = 0

    # -- errors --

    def fail(self, detail: str) -> KataGoModelError:
        return KataGoModelError(f"{self.label}: invalid KataGo model: {detail}")

    def foreign(self) -> KataGoModelError:
        return KataGoModelError(f"{self.label}: not a KataGo model file "
                                "(no KataGo network header)")

    def check(self, ok: bool, detail: str) -> None:
        if not ok:
            raise self.fail(detail)

    # -- tokens --

    def token(self, what: str) -> str:
        data, n = self.data, len(self.data)
        pos = self.pos
        while pos < n and data[pos] in b" \t\r\n\v\f":
            pos += 1
        end = pos
        while end < n and data[end] not in b" \t\r\n\v\f":
            end += 1
        if end == pos:
            raise self.fail(f"the file ends inside {what} (truncated?)")
        self.pos = end
        return data[pos:end].decode("latin-1")

    def integer(self, what: str) -> int:
        tok = self.token(what)
        try:
            return int(tok)
        except ValueError:
            raise self.fail(f"expected an integer for {what}, found {tok[:20]!r}") from None

    def positive(self, what: str) -> int:
        value = self.integer(what)
        self.check(value > 0, f"{what} must be positive, found {value}")
        return value

    def number(self, what: str) -> float:
        tok = self.token(what)
        try:
            value = float(tok)
        except ValueError:
            raise self.fail(f"expected a number for {what}, found {tok[:20]!r}") from None
        self.check(np.isfinite(value), f"{what} is not finite")
        return value

    def zeros(self, count: int, what: str) -> None:
        for _ in range(count):
            value = self.integer(what)
            self.check(value == 0, f"unsupported option {value} in {what}")

    def floats(self, count: int, name: str) -> np.ndarray:
        data, n = self.data, len(self.data)
        pos = self.pos
        skipped = 0
        while pos < n and data[pos] in b" \t\r\n\v\f" and skipped <= 100:
            pos += 1
            skipped += 1
        if pos >= n:
            raise self.fail(f"the file ends before the weights of {name} (truncated?)")
        if data[pos:pos + 5] != b"@BIN@":
            raise self.fail(f"no binary weights (@BIN@) for {name}; "
                            "text-format (.txt) models are not supported")
        start = pos + 5
        end = start + 4 * count
        if end > n:
            raise self.fail(f"the file ends inside the weights of {name} (truncated?)")
        values = np.frombuffer(data, dtype="<f4", count=count, offset=start).astype(np.float32)
        self.check(bool(np.isfinite(values).all()), f"{name} has a NaN or infinite weight")
        self.pos = end
        return values

    # -- layers --

    def conv(self) -> ConvDesc:
        name = self.token("a convolution")
        ky, kx = self.positive(f"{name} height"), self.positive(f"{name} width")
        ic, oc = self.positive(f"{name} inputs"), self.positive(f"{name} outputs")
        dy, dx = self.positive(f"{name} dilation"), self.positive(f"{name} dilation")
        self.check(ky % 2 == 1 and kx % 2 == 1, f"{name}: even convolution size {ky}x{kx}")
        w = self.floats(ky * kx * ic * oc, name).reshape(ky, kx, ic, oc)
        return ConvDesc(name, np.ascontiguousarray(w.transpose(3, 2, 0, 1)), (dy, dx))

    def batch_norm(self) -> BatchNormDesc:
        name = self.token("a batch norm")
        c = self.positive(f"{name} channels")
        eps = self.number(f"{name} epsilon")
        self.check(eps > 0, f"{name}: epsilon {eps} is not positive")
        has_scale = self.integer(f"{name} hasScale") != 0
        has_bias = self.integer(f"{name} hasBias") != 0
        mean = self.floats(c, name)
        var = self.floats(c, name)
        scale = self.floats(c, name) if has_scale else None
        bias = self.floats(c, name) if has_bias else None
        return BatchNormDesc(name, eps, mean, var, scale, bias)

    def activation(self) -> ActivationDesc:
        name = self.token("an activation")
        if self.version < 11:
            return ActivationDesc(name, "relu")
        kind = self.token(f"{name} kind")
        self.check(kind in ACTIVATIONS, f"{name}: unknown activation {kind[:40]!r}")
        return ActivationDesc(name, ACTIVATIONS[kind])

    def matmul(self) -> MatMulDesc:
        name = self.token("a matmul")
        ic, oc = self.positive(f"{name} inputs"), self.positive(f"{name} outputs")
        return MatMulDesc(name, self.floats(ic * oc, name).reshape(ic, oc))

    def bias(self) -> BiasDesc:
        name = self.token("a bias")
        return BiasDesc(name, self.floats(self.positive(f"{name} channels"), name))

    def token_norm(self) -> TokenRMSNormDesc:
        name = self.token("an RMSNorm")
        c = self.positive(f"{name} channels")
        eps = self.number(f"{name} epsilon")
        self.check(0 < eps <= 1, f"{name}: epsilon {eps} out of range")
        return TokenRMSNormDesc(name, eps, self.floats(c, name))

    def tip_rms_norm(self) -> TipRMSNormDesc:
        name = self.token("an RMSNorm")
        c = self.positive(f"{name} channels")
        eps = self.number(f"{name} epsilon")
        self.check(0 < eps <= 1, f"{name}: epsilon {eps} out of range")
        spatial = self.integer(f"{name} spatial") != 0
        group = self.integer(f"{name} channel group")
        self.check(group == 0, f"{name}: grouped RMSNorm (group {group}) is not supported")
        return TipRMSNormDesc(name, eps, spatial, self.floats(c, name), self.floats(c, name))

    # -- blocks --

    def block_stack(self, count: int, channels: int, owner: str) -> tuple[BlockDesc, ...]:
        blocks: list[BlockDesc] = []
        for _ in range(count):
            kind = self.token(f"a block of {owner}")
            if kind == "ordinary_block":
                block: BlockDesc = self.ordinary()
            elif kind == "gpool_block":
                block = self.gpool()
            elif kind == "nested_bottleneck_block":
                block = self.nested()
            elif kind == "transformer_attention_block":
                block = self.attention()
            elif kind == "transformer_ffn_block":
                block = self.ffn()
            else:
                raise self.fail(f"unknown block kind {kind[:40]!r} in {owner}")
            inp, out = _block_channels(block)
            self.check(inp == channels and out == channels,
                       f"{block.name}: {inp}->{out} channels in a {channels}-channel stack")
            blocks.append(block)
        return tuple(blocks)

    def ordinary(self) -> OrdinaryBlockDesc:
        b = OrdinaryBlockDesc(self.token("a block name"), self.batch_norm(), self.activation(),
                              self.conv(), self.batch_norm(), self.activation(), self.conv())
        self.check(b.pre_norm.channels == b.conv1.in_channels
                   and b.mid_norm.channels == b.conv1.out_channels == b.conv2.in_channels,
                   f"{b.name}: inconsistent channel counts")
        return b

    def gpool(self) -> GPoolBlockDesc:
        b = GPoolBlockDesc(self.token("a block name"), self.batch_norm(), self.activation(),
                           self.conv(), self.conv(), self.batch_norm(), self.activation(),
                           self.matmul(), self.batch_norm(), self.activation(), self.conv())
        self.check(b.pre_norm.channels == b.conv1.in_channels == b.gpool_conv.in_channels
                   and b.gpool_norm.channels == b.gpool_conv.out_channels
                   and b.gpool_to_bias.in_channels == 3 * b.gpool_norm.channels
                   and b.mid_norm.channels == b.conv1.out_channels
                   == b.gpool_to_bias.out_channels == b.conv2.in_channels,
                   f"{b.name}: inconsistent channel counts")
        return b

    def nested(self) -> NestedBlockDesc:
        name = self.token("a block name")
        count = self.positive(f"{name} block count")
        pre = (self.batch_norm(), self.activation(), self.conv())
        blocks = self.block_stack(count, pre[2].out_channels, name)
        b = NestedBlockDesc(name, *pre, blocks, self.batch_norm(), self.activation(), self.conv())
        self.check(b.pre_norm.channels == b.pre_conv.in_channels
                   and b.post_norm.channels == b.pre_conv.out_channels == b.post_conv.in_channels,
                   f"{name}: inconsistent channel counts")
        return b

    def attention(self) -> AttentionBlockDesc:
        name = self.token("a block name")
        heads, kv_heads = self.positive(f"{name} heads"), self.positive(f"{name} kv heads")
        qdim, vdim = self.positive(f"{name} q head size"), self.positive(f"{name} v head size")
        use_rope = self.integer(f"{name} rope flag") != 0
        learnable = self.integer(f"{name} learnable rope flag") != 0
        self.check(heads % kv_heads == 0, f"{name}: {heads} heads over {kv_heads} kv heads")
        self.check(not use_rope or qdim % 2 == 0, f"{name}: odd head size with rotary embedding")
        norm = self.token_norm()
        q, k, v, o = self.matmul(), self.matmul(), self.matmul(), self.matmul()
        c = q.in_channels
        self.check(norm.weight.shape[0] == c == k.in_channels == v.in_channels == o.out_channels
                   and q.out_channels == heads * qdim and k.out_channels == kv_heads * qdim
                   and v.out_channels == kv_heads * vdim and o.in_channels == heads * vdim,
                   f"{name}: inconsistent projection sizes")
        freqs, theta = None, None
        if use_rope and learnable:
            fname = self.token(f"{name} rope frequencies")
            shape = (self.integer(fname), self.integer(fname), self.integer(fname))
            self.check(shape == (kv_heads, qdim // 2, 2),
                       f"{fname}: shape {shape}, expected {(kv_heads, qdim // 2, 2)}")
            freqs = self.floats(kv_heads * qdim, fname).reshape(shape)
        elif use_rope:
            self.token(f"{name} rope theta")
            theta = self.number(f"{name} rope theta")
            self.check(theta > 0, f"{name}: rope theta {theta} is not positive")
        return AttentionBlockDesc(name, heads, kv_heads, qdim, vdim, norm, q, k, v, o,
                                  freqs, theta)

    def ffn(self) -> FFNBlockDesc:
        name = self.token("a block name")
        c, width = self.positive(f"{name} channels"), self.positive(f"{name} width")
        swiglu = self.integer(f"{name} SwiGLU flag") != 0
        norm = self.token_norm()
        linear1 = self.matmul()
        gate = self.matmul() if swiglu else None
        linear2 = self.matmul()
        self.check(norm.weight.shape[0] == c == linear1.in_channels == linear2.out_channels
                   and linear1.out_channels == width == linear2.in_channels
                   and (gate is None or gate.weight.shape == linear1.weight.shape),
                   f"{name}: inconsistent sizes")
        return FFNBlockDesc(name, swiglu, norm, linear1, gate, linear2)

    # -- parts --

    def header(self) -> tuple[str, int, int, int]:
        if not self.data.strip():
            raise self.foreign()
        name = self.token("the header")
        if not (len(name) <= 256 and name.isprintable() and name.isascii()):
            raise self.foreign()
        version_token = self.token("the header")
        try:
            version = int(version_token)
        except ValueError:
            raise self.foreign() from None
        if not MIN_VERSION <= version <= MAX_VERSION:
            raise KataGoModelError(
                f"{self.label}: KataGo model version {version} is not supported "
                f"(this program reads versions {MIN_VERSION} to {MAX_VERSION})")
        self.version = version
        return (name, version, self.positive("the number of spatial inputs"),
                self.positive("the number of global inputs"))

    def meta_encoder(self) -> MetaEncoderDesc:
        name = self.token("the metadata encoder")
        self.positive(f"{name} inputs")
        enc = MetaEncoderDesc(name, self.matmul(), self.bias(), self.activation(),
                              self.matmul(), self.bias(), self.activation(), self.matmul())
        self.check(enc.mul1.out_channels == enc.bias1.bias.shape[0] == enc.mul2.in_channels
                   and enc.mul2.out_channels == enc.bias2.bias.shape[0] == enc.mul3.in_channels,
                   f"{name}: inconsistent sizes")
        return enc

    def trunk(self, meta_version: int) -> TrunkDesc:
        name = self.token("the trunk")
        count = self.positive(f"{name} block count")
        channels = self.positive(f"{name} channels")
        mid = self.positive(f"{name} mid channels")
        self.positive(f"{name} regular channels")
        self.integer(f"{name} dilated channels")
        gpool = self.positive(f"{name} gpool channels")
        norm_kind = TRUNK_NORM_BATCH
        if self.version >= 15:
            norm_kind = self.integer(f"{name} norm kind")
            self.check(norm_kind in (TRUNK_NORM_BATCH, TRUNK_NORM_RMS),
                       f"{name}: unknown trunk norm kind {norm_kind}")
            self.zeros(5, f"{name} options")
        stem_conv, stem_global = self.conv(), self.matmul()
        self.check(stem_conv.out_channels == channels == stem_global.out_channels,
                   f"{name}: stem width differs from the trunk's {channels} channels")
        meta = None
        if meta_version > 0:
            meta = self.meta_encoder()
            self.check(meta.mul1.in_channels == META_ENCODER_INPUTS[meta_version]
                       and meta.mul3.out_channels == channels,
                       f"{meta.name}: inconsistent sizes")
        blocks = self.block_stack(count, channels, name)
        tip = self.batch_norm() if norm_kind == TRUNK_NORM_BATCH else self.tip_rms_norm()
        width = tip.channels if isinstance(tip, BatchNormDesc) else tip.gamma.shape[0]
        self.check(width == channels, f"{tip.name}: {width} channels, trunk has {channels}")
        return TrunkDesc(name, channels, mid, gpool, stem_conv, stem_global, meta, blocks,
                         tip, self.activation())

    def policy_head(self) -> PolicyHeadDesc:
        name = self.token("the policy head")
        if self.version >= 17:
            channels = self.integer(f"{name} channels")
            self.check(channels in (2, 4), f"{name}: {channels} policy channels")
            self.zeros(3, f"{name} options")
        else:
            channels = 4 if self.version == 16 else 2 if self.version >= 12 else 1
        parts = (self.conv(), self.conv(), self.batch_norm(), self.activation(), self.matmul(),
                 self.batch_norm(), self.activation(), self.conv(), self.matmul())
        second = (self.bias(), self.activation(), self.matmul()) if self.version >= 15 else (
            None, None, None)
        h = PolicyHeadDesc(name, channels, *parts, *second)
        g = h.g1_conv.out_channels
        pass_out = h.pass_mul.out_channels if h.pass_mul2 is None else h.pass_mul2.out_channels
        self.check(h.p1_conv.out_channels == h.p1_norm.channels == h.gpool_to_bias.out_channels
                   == h.p2_conv.in_channels and h.g1_norm.channels == g
                   and h.gpool_to_bias.in_channels == h.pass_mul.in_channels == 3 * g
                   and h.p2_conv.out_channels == channels == pass_out
                   and (h.pass_mul2 is None
                        or h.pass_mul.out_channels == h.pass_bias.bias.shape[0]
                        == h.pass_mul2.in_channels),
                   f"{name}: inconsistent channel counts")
        return h

    def value_head(self) -> ValueHeadDesc:
        name = self.token("the value head")
        if self.version >= 17:
            self.zeros(3, f"{name} options")
        h = ValueHeadDesc(name, self.conv(), self.batch_norm(), self.activation(), self.matmul(),
                          self.bias(), self.activation(), self.matmul(), self.bias(),
                          self.matmul(), self.bias(), self.conv())
        v1, v2 = h.v1_conv.out_channels, h.v2_mul.out_channels
        misc = 6 if self.version >= 9 else 4
        self.check(h.v1_norm.channels == v1 and h.v2_mul.in_channels == 3 * v1
                   and h.v2_bias.bias.shape[0] == v2 == h.value_mul.in_channels
                   == h.misc_mul.in_channels
                   and h.value_mul.out_channels == 3 == h.value_bias.bias.shape[0]
                   and h.misc_mul.out_channels == misc == h.misc_bias.bias.shape[0]
                   and h.ownership_conv.in_channels == v1 and h.ownership_conv.out_channels == 1,
                   f"{name}: inconsistent channel counts")
        return h

    def model(self) -> ModelDesc:
        name, version, n_spatial, n_global = self.header()
        multipliers = DEFAULT_MULTIPLIERS
        if version >= 13:
            multipliers = tuple(self.number("an output multiplier") for _ in range(7))
            self.check(all(m > 0 for m in multipliers), "an output multiplier is not positive")
        meta_version = 0
        if version >= 15:
            meta_version = self.integer("the metadata encoder version")
            self.check(meta_version in META_ENCODER_INPUTS,
                       f"unknown metadata encoder version {meta_version}")
            self.zeros(7, "the model options")
        trunk = self.trunk(meta_version)
        self.check(trunk.stem_conv.in_channels == n_spatial
                   and trunk.stem_global.in_channels == n_global,
                   "the stem's input counts differ from the header's")
        policy, value = self.policy_head(), self.value_head()
        self.check(policy.p1_conv.in_channels == policy.g1_conv.in_channels
                   == value.v1_conv.in_channels == trunk.channels,
                   "the heads' input width differs from the trunk's")
        return ModelDesc(name, version, n_spatial, n_global, meta_version,
                         PostProcessParams(version, *multipliers), trunk, policy, value)


def _block_channels(block: BlockDesc) -> tuple[int, int]:
    """(input, output) width of a block, which must both be its stack's width."""
    if isinstance(block, OrdinaryBlockDesc | GPoolBlockDesc):
        return block.pre_norm.channels, block.conv2.out_channels
    if isinstance(block, NestedBlockDesc):
        return block.pre_norm.channels, block.post_conv.out_channels
    if isinstance(block, AttentionBlockDesc):
        return block.q_proj.in_channels, block.out_proj.out_channels
    return block.linear1.in_channels, block.linear2.out_channels


def _count_parameters(node: object) -> int:
    """Sum of weight sizes below ``node``, skipping batch-norm statistics (as KataGo)."""
    if isinstance(node, np.ndarray):
        return node.size
    if isinstance(node, BatchNormDesc):
        return sum(a.size for a in (node.scale, node.bias) if a is not None)
    if isinstance(node, tuple):
        return sum(_count_parameters(x) for x in node)
    fields = getattr(node, "__dataclass_fields__", None)
    if fields is None:
        return 0
    return sum(_count_parameters(getattr(node, f)) for f in fields)
