"""The training loop: self-play rounds, a replay buffer, SGD on policy + FTL + value, checkpoints.

One process alternates: play ``games_per_round`` self-play games with the
current network (``nn.selfplay``), add their positions to the replay buffer,
then take enough SGD steps that each new position is drawn about
``train_ratio`` times (batches augmented with a random symmetry of the square
board per sample).  Losses: cross-entropy against the search's visit
distribution; binary cross-entropy on each of the K FTL outputs against the
paper's labels (masked where a censored game leaves a label unknown); binary
cross-entropy on the win value.  Optimiser: SGD with momentum and weight
decay; the learning rate steps down at the games given in ``lr_schedule``
(appendix: 0.02, then 0.002).

Every ``checkpoint_minutes`` it writes ``latest.pt`` (weights, optimiser,
counters, d_w state; ``nn.checkpoint`` format), a numbered copy, and
``buffer.npz``; ``resume`` picks all of them up again.  Progress goes to
stdout and to ``train_log.jsonl`` in the output folder.

Settings come from a JSON or TOML file (:func:`load_config`): top-level
:class:`TrainConfig` fields plus a ``selfplay`` table of
:class:`~tsumego_gui.nn.selfplay.SelfPlayConfig` fields.  Knows torch, the
model, self-play and checkpoints; nothing about proofs.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import time
import tomllib
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import torch
from torch.nn import functional as F  # noqa: N812 - the usual torch alias

from tsumego_gui.nn import checkpoint
from tsumego_gui.nn.evaluator import NetRunner, choose_device
from tsumego_gui.nn.features import NUM_PLANES, NUM_SYMMETRIES, transform_planes, transform_policy
from tsumego_gui.nn.model import FtlNet, ftl_cdf, preset
from tsumego_gui.nn.selfplay import HorizonControl, SelfPlay, SelfPlayConfig


@dataclass(frozen=True)
class TrainConfig:
    """Training settings (see the module docstring)."""

    preset: str = "small"
    selfplay: SelfPlayConfig = field(default_factory=SelfPlayConfig)
    seed: int = 1
    threads: int = 1
    device: str = "cpu"
    buffer_positions: int = 60_000
    min_buffer_positions: int = 1_000
    batch_size: int = 128
    games_per_round: int = 32
    train_ratio: float = 4.0
    lr_schedule: tuple[tuple[int, float], ...] = ((0, 0.02), (1_500_000, 0.002))
    momentum: float = 0.9
    weight_decay: float = 1e-4
    ftl_weight: float = 1.0
    value_weight: float = 1.0
    dw_initial: int = 30
    dw_min: int = 4
    dw_window: int = 32
    dw_spread: int = 3
    checkpoint_minutes: float = 5.0
    keep_checkpoints: int = 6
    max_games: int | None = None
    max_minutes: float | None = None

    def to_dict(self) -> dict:
        d = asdict(self)
        d["lr_schedule"] = [list(x) for x in self.lr_schedule]
        return d


def load_config(path: str | os.PathLike[str]) -> TrainConfig:
    """A TrainConfig from a .json or .toml file; ValueError with a one-line message otherwise."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ValueError(f"cannot read config {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:      # QA s46: said without the file's name
        raise ValueError(f"config {path} is not UTF-8 text") from None
    try:
        if path.suffix.lower() == ".toml":
            raw = tomllib.loads(text)
        else:
            raw = json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"config {path} is not valid {path.suffix[1:] or 'json'}: {e}") from None
    return config_from_dict(raw, str(path))


def config_from_dict(raw: dict, where: str = "config") -> TrainConfig:
    """A TrainConfig from plain values; unknown or badly typed keys raise ValueError."""
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: the top level must be a table of settings")
    raw = dict(raw)
    sp_raw = raw.pop("selfplay", {})
    if not isinstance(sp_raw, dict):
        raise ValueError(f"{where}: 'selfplay' must be a table of settings")
    sp = _build(SelfPlayConfig, sp_raw, f"{where} [selfplay]")
    if "lr_schedule" in raw:
        try:
            raw["lr_schedule"] = tuple((int(g), float(lr)) for g, lr in raw["lr_schedule"])
        except (TypeError, ValueError):
            raise ValueError(f"{where}: lr_schedule must be a list of [games, rate] pairs"
                             ) from None
    cfg = _build(TrainConfig, raw | {"selfplay": sp}, where)
    preset(cfg.preset)  # ValueError for an unknown preset
    return cfg


# the least value of each number setting, and the most where there is one: checked as the
# file is read (QA s45: games_per_round = 0 ran for ever, batch_size = 0 and others ended
# in a traceback after the games played were lost)
LIMITS = {
    TrainConfig: {"seed": (0, None), "threads": (1, None), "buffer_positions": (1, None),
                  "min_buffer_positions": (0, None), "batch_size": (1, None),
                  "games_per_round": (1, None), "train_ratio": (0, None),
                  "momentum": (0, 1), "weight_decay": (0, None), "ftl_weight": (0, None),
                  "value_weight": (0, None), "dw_initial": (1, None), "dw_min": (1, None),
                  "dw_window": (1, None), "dw_spread": (0, None),
                  "checkpoint_minutes": (0, None), "keep_checkpoints": (1, None),
                  "max_games": (1, None), "max_minutes": (0, None)},
    SelfPlayConfig: {"size": (5, 19), "simulations": (1, None), "parallel_games": (1, None),
                     "c_puct": (0, None), "fpu_reduction": (0, None),
                     "dirichlet_alpha": (0, None), "noise_fraction": (0, 1),
                     "temperature_plies": (0, None), "max_plies": (1, None)},
}
# settings whose value must be a whole number (their defaults may be None), and those
# that must be more than their least
WHOLE = {"max_games"}
ABOVE_LEAST = {"train_ratio", "max_minutes", "c_puct", "dirichlet_alpha"}


def _build(cls, raw: dict, where: str):
    names = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(raw) - set(names))
    if unknown:
        raise ValueError(f"{where}: unknown setting(s) {', '.join(unknown)}")
    for key, value in raw.items():
        default = getattr(cls(), key) if key != "selfplay" else None
        if (isinstance(default, bool) != isinstance(value, bool) and default is not None) \
                or (isinstance(default, str) and not isinstance(value, str)):
            raise ValueError(f"{where}: {key} must be {type(default).__name__}, not {value!r}")
        if key in LIMITS.get(cls, {}):
            whole = key in WHOLE or (isinstance(default, int) and not isinstance(default, bool))
            kind = (int,) if whole else (int, float)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise ValueError(f"{where}: {key} must be a "
                                 f"{'whole number' if whole else 'number'}, not {value!r}")
            least, most = LIMITS[cls][key]
            above = key in ABOVE_LEAST
            if value < least or (above and value == least) \
                    or (most is not None and value > most):
                span = (f"more than {least}" if above else f"at least {least}") \
                    if most is None else f"{least} to {most}"
                raise ValueError(f"{where}: {key} must be {span}, not {value!r}")
    return cls(**raw)


# --- replay buffer -------------------------------------------------------------

class ReplayBuffer:
    """A ring buffer of the most recent positions of self-play games."""

    FIELDS = ("planes", "policy", "ftl", "ftl_mask", "value", "value_mask")

    def __init__(self, capacity: int, size: int, horizon: int) -> None:
        self.capacity, self.size, self.horizon = capacity, size, horizon
        n2 = size * size
        self.planes = np.zeros((capacity, NUM_PLANES, size, size), np.uint8)
        self.policy = np.zeros((capacity, n2 + 1), np.float32)
        self.ftl = np.zeros((capacity, horizon), np.uint8)
        self.ftl_mask = np.zeros((capacity, horizon), np.uint8)
        self.value = np.zeros(capacity, np.float32)
        self.value_mask = np.zeros(capacity, np.uint8)
        self.count = 0   # rows filled
        self.next = 0    # next row to write

    def add(self, rec) -> None:
        for i in range(len(rec.value)):
            j = self.next
            for name in self.FIELDS:
                getattr(self, name)[j] = getattr(rec, name)[i]
            self.next = (j + 1) % self.capacity
            self.count = min(self.count + 1, self.capacity)

    def sample(self, batch: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
        idx = rng.integers(0, self.count, size=batch)
        out = {name: getattr(self, name)[idx] for name in self.FIELDS}
        planes = out["planes"].astype(np.float32)
        policy = out["policy"].copy()
        syms = rng.integers(0, NUM_SYMMETRIES, size=batch)
        for s in range(1, NUM_SYMMETRIES):
            sel = np.flatnonzero(syms == s)
            if len(sel):
                planes[sel] = transform_planes(planes[sel], s)
                policy[sel] = transform_policy(policy[sel], self.size, s)
        out["planes"], out["policy"] = planes, policy
        return out

    def save(self, path: Path) -> None:
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez_compressed(tmp, count=self.count, next=self.next,
                            **{n: getattr(self, n)[: self.count] for n in self.FIELDS})
        os.replace(tmp, path)

    def load(self, path: Path) -> None:
        with np.load(path) as data:
            count = min(int(data["count"]), self.capacity)
            for n in self.FIELDS:
                getattr(self, n)[:count] = data[n][:count]
            self.count = count
            self.next = int(data["next"]) % self.capacity if count == self.capacity else count


# --- losses --------------------------------------------------------------------

def losses(net: FtlNet, batch: dict[str, np.ndarray], device: torch.device
           ) -> dict[str, torch.Tensor]:
    """Policy, FTL and value losses of one batch (means over known labels)."""
    def t(name: str, dtype=torch.float32) -> torch.Tensor:
        return torch.from_numpy(batch[name]).to(device=device, dtype=dtype)

    policy_logits, value_logit, ftl_logits = net(t("planes"))
    policy_loss = -(t("policy") * F.log_softmax(policy_logits, dim=1)).sum(1).mean()
    cdf = ftl_cdf(ftl_logits).clamp(1e-6, 1 - 1e-6)
    mask = t("ftl_mask")
    bce = F.binary_cross_entropy(cdf, t("ftl"), reduction="none")
    ftl_loss = (bce * mask).sum() / mask.sum().clamp(min=1.0)
    vmask = t("value_mask")
    vbce = F.binary_cross_entropy_with_logits(value_logit, t("value"), reduction="none")
    value_loss = (vbce * vmask).sum() / vmask.sum().clamp(min=1.0)
    return {"policy": policy_loss, "ftl": ftl_loss, "value": value_loss}


def learning_rate(schedule: tuple[tuple[int, float], ...], games: int) -> float:
    """The rate of the last schedule entry whose game count has been reached."""
    lr = schedule[0][1]
    for at, rate in schedule:
        if games >= at:
            lr = rate
    return lr


# --- the loop --------------------------------------------------------------------

class Trainer:
    """State of one training run in an output folder (see the module docstring)."""

    def __init__(self, config: TrainConfig, out_dir: str | os.PathLike[str], *,
                 resume: bool = True, log=print) -> None:
        self.config = config
        self.out = Path(out_dir)
        self.out.mkdir(parents=True, exist_ok=True)
        self.log = log
        torch.set_num_threads(max(1, config.threads))
        self.device = choose_device(config.device)
        self.model_config = preset(config.preset)
        torch.manual_seed(config.seed)
        self.net = FtlNet(self.model_config).to(self.device)
        self.opt = torch.optim.SGD(self.net.parameters(), lr=config.lr_schedule[0][1],
                                   momentum=config.momentum, weight_decay=config.weight_decay)
        self.control = HorizonControl(config.dw_initial, config.dw_min,
                                      self.model_config.horizon, window=config.dw_window,
                                      spread=config.dw_spread)
        self.buffer = ReplayBuffer(config.buffer_positions, config.selfplay.size,
                                   self.model_config.horizon)
        self.steps = self.games = self.positions = 0
        self.seconds = 0.0  # training wall time over all sessions
        self.results = {"white": 0, "black": 0, "censored": 0}
        latest = self.out / "latest.pt"
        if resume and latest.exists():
            self._resume(latest)
        self.rng = np.random.default_rng([config.seed, self.games])

    def _resume(self, path: Path) -> None:
        data = checkpoint.read(path)
        meta = data["metadata"]
        if meta.get("preset") != self.config.preset:
            raise checkpoint.WeightsError(
                f"{path} holds preset {meta.get('preset')!r}, the config asks for "
                f"{self.config.preset!r}")
        self.net.load_state_dict(data["model"])
        if "optimizer" in data:
            self.opt.load_state_dict(data["optimizer"])
        st = data.get("train_state", {})
        self.steps, self.games = int(meta["steps"]), int(meta["games"])
        self.positions = int(meta["positions"])
        self.seconds = float(st.get("seconds", 0.0))
        self.results.update(st.get("results", {}))
        if "horizon" in st:
            self.control.restore(st["horizon"])
        buf = self.out / "buffer.npz"
        if buf.exists():
            self.buffer.load(buf)
        self.log(f"resumed from {path}: {self.games} games, {self.steps} steps, "
                 f"{self.buffer.count} buffered positions, d_w centre {self.control.center}")

    def metadata(self) -> dict:
        return checkpoint.make_metadata(
            self.config.preset, self.model_config, steps=self.steps, games=self.games,
            positions=self.positions, train_seconds=round(self.seconds, 1),
            results=dict(self.results), d_w_center=self.control.center,
            train_config=self.config.to_dict(), device=str(self.device),
            threads=self.config.threads)

    def save(self) -> Path:
        state = {"seconds": self.seconds, "results": dict(self.results),
                 "horizon": self.control.state()}
        latest = self.out / "latest.pt"
        checkpoint.save(latest, self.net, self.metadata(), self.opt, state)
        numbered = self.out / f"ckpt-{self.games:08d}.pt"
        checkpoint.save(numbered, self.net, self.metadata())
        self.buffer.save(self.out / "buffer.npz")
        old = sorted(self.out.glob("ckpt-*.pt"))[: -self.config.keep_checkpoints]
        for p in old:
            p.unlink(missing_ok=True)
        return latest

    def _runner(self) -> NetRunner:
        # Self-play gets its own copy: the runner may cast to half precision on a GPU.
        return NetRunner(copy.deepcopy(self.net), self.device)

    def train_steps(self, n: int) -> dict[str, float]:
        cfg = self.config
        lr = learning_rate(cfg.lr_schedule, self.games)
        for g in self.opt.param_groups:
            g["lr"] = lr
        self.net.train()
        sums = {"policy": 0.0, "ftl": 0.0, "value": 0.0}
        for _ in range(n):
            batch = self.buffer.sample(cfg.batch_size, self.rng)
            parts = losses(self.net, batch, self.device)
            loss = (parts["policy"] + cfg.ftl_weight * parts["ftl"]
                    + cfg.value_weight * parts["value"])
            self.opt.zero_grad(set_to_none=True)
            loss.backward()
            self.opt.step()
            self.steps += 1
            for k in sums:
                sums[k] += float(parts[k].detach())
        self.net.eval()
        return {k: v / max(n, 1) for k, v in sums.items()} | {"lr": lr}

    def run(self) -> None:
        cfg = self.config
        start = time.monotonic()
        last_ckpt = time.monotonic()
        log_file = (self.out / "train_log.jsonl").open("a", encoding="utf-8")
        self.log(f"training {cfg.preset} on {self.device} into {self.out}; "
                 f"{cfg.selfplay.simulations} simulations/move, "
                 f"{cfg.selfplay.parallel_games} games in parallel")
        player = SelfPlay(self._runner(), cfg.selfplay, self.control, self.rng)
        stream = player.games()
        try:
            while True:
                if cfg.max_games is not None and self.games >= cfg.max_games:
                    break
                if cfg.max_minutes is not None and \
                        time.monotonic() - start >= cfg.max_minutes * 60:
                    break
                t0 = time.monotonic()
                n_games = cfg.games_per_round
                if cfg.max_games is not None:
                    n_games = min(n_games, cfg.max_games - self.games)
                # One endless stream of games: slots refill at once, so batches stay full;
                # games in flight simply continue with the newer network.
                player.runner = self._runner()
                evals_before = player.evaluations
                evals = 0
                new_positions, lengths, within = 0, [], 0
                for _ in range(n_games):
                    rec = next(stream)
                    self.buffer.add(rec)
                    self.games += 1
                    self.positions += len(rec.value)
                    new_positions += len(rec.value)
                    self.results[rec.result] += 1
                    lengths.append(rec.end_ply)
                    within += rec.won_within
                t1 = time.monotonic()
                evals = player.evaluations - evals_before
                stats = {}
                if self.buffer.count >= cfg.min_buffer_positions:
                    n_steps = max(1, round(new_positions * cfg.train_ratio / cfg.batch_size))
                    stats = self.train_steps(n_steps)
                t2 = time.monotonic()
                self.seconds += t2 - t0
                row = {"games": self.games, "steps": self.steps, "positions": self.positions,
                       "buffer": self.buffer.count, "d_w_center": self.control.center,
                       "won_within_rate": round(within / max(len(lengths), 1), 3),
                       "mean_game_plies": round(float(np.mean(lengths)), 1) if lengths else 0,
                       "results": dict(self.results),
                       "selfplay_s": round(t1 - t0, 1), "train_s": round(t2 - t1, 1),
                       "evals_per_s": round(evals / max(t1 - t0, 1e-9), 1),
                       "total_hours": round(self.seconds / 3600, 3),
                       **{k: round(v, 4) for k, v in stats.items()}}
                log_file.write(json.dumps(row) + "\n")
                log_file.flush()
                self.log(_progress_line(row))
                if time.monotonic() - last_ckpt >= cfg.checkpoint_minutes * 60:
                    self.log(f"checkpoint {self.save()}")
                    last_ckpt = time.monotonic()
        except KeyboardInterrupt:
            # Ctrl-C / SIGINT: keep the work done so far (games in flight are lost).
            self.log(f"interrupted; checkpoint {self.save()}")
            raise
        finally:
            log_file.close()
        self.log(f"checkpoint {self.save()}")


def _progress_line(row: dict) -> str:
    losses_ = ""
    if "policy" in row:
        losses_ = (f" | loss p {row['policy']:.3f} ftl {row['ftl']:.3f} "
                   f"v {row['value']:.3f} lr {row['lr']:g}")
    r = row["results"]
    return (f"[{row['total_hours']:.2f} h] games {row['games']} (W {r['white']} / "
            f"B {r['black']} / cut {r['censored']}) steps {row['steps']} "
            f"buffer {row['buffer']} | d_w {row['d_w_center']} won-within "
            f"{row['won_within_rate']:.2f} plies {row['mean_game_plies']} | "
            f"{row['evals_per_s']:.0f} evals/s, self-play {row['selfplay_s']} s, "
            f"train {row['train_s']} s{losses_}")
