"""Checkpoint files: network weights plus the metadata needed to trust them.

A checkpoint is a ``torch.save`` of a plain dict (loaded back with
``weights_only=True``, so a file cannot run code)::

    {"format": FORMAT, "format_version": 1,
     "metadata": {"preset", "config", "feature_version", "num_planes",
                  "steps", "games", "positions", "command_line",
                  "git_revision", "saved_at", ...},
     "model": state_dict,
     "optimizer": state_dict | absent, "train_state": dict | absent}

Shipped weights are the same format without optimizer and training state.
Every fault (missing file, not a checkpoint, other feature version, shapes
that do not match the config) raises :class:`WeightsError`, a ValueError with
a one-line message.  Knows torch, the model configs and the feature version;
nothing about self-play or search.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
import zipfile
from pathlib import Path

import torch

from tsumego_gui.nn.features import FEATURE_VERSION, NUM_PLANES
from tsumego_gui.nn.model import FtlNet, ModelConfig

FORMAT = "tsumego_gui.ftl"
FORMAT_VERSION = 1


class WeightsError(ValueError):
    """A weights file is missing, unreadable, or does not fit this code."""


def git_revision() -> str:
    """The repository's HEAD commit (with ``+dirty`` for local changes), or ``unknown``."""
    root = Path(__file__).resolve().parents[2]
    try:
        rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True,
                             text=True, timeout=10, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=root, capture_output=True, text=True, timeout=10).stdout
        return rev + ("+dirty" if dirty.strip() else "")
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def make_metadata(preset: str, config: ModelConfig, *, steps: int = 0, games: int = 0,
                  positions: int = 0, **extra: object) -> dict:
    """Metadata for a checkpoint being written now (command line and git revision included)."""
    meta = {
        "preset": preset,
        "config": config.to_dict(),
        "feature_version": FEATURE_VERSION,
        "num_planes": NUM_PLANES,
        "steps": int(steps),
        "games": int(games),
        "positions": int(positions),
        "command_line": " ".join(sys.argv),
        "git_revision": git_revision(),
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    meta.update(extra)
    return meta


def save(path: str | os.PathLike[str], net: FtlNet, metadata: dict,
         optimizer: torch.optim.Optimizer | None = None,
         train_state: dict | None = None) -> None:
    """Write a checkpoint atomically (a temporary file renamed into place)."""
    path = Path(path)
    data: dict = {"format": FORMAT, "format_version": FORMAT_VERSION,
                  "metadata": metadata,
                  "model": {k: v.detach().cpu() for k, v in net.state_dict().items()}}
    if optimizer is not None:
        data["optimizer"] = optimizer.state_dict()
    if train_state is not None:
        data["train_state"] = train_state
    tmp = path.with_name(path.name + ".tmp")
    torch.save(data, tmp)
    os.replace(tmp, path)


def read(path: str | os.PathLike[str]) -> dict:
    """The checkpoint dict, checked for format and feature version; WeightsError otherwise."""
    path = Path(path)
    if not path.is_file():
        what = "is a folder" if path.is_dir() else "does not exist"      # QA s45
        raise WeightsError(f"weights file {path} {what}")
    if not zipfile.is_zipfile(path):
        # torch's own words for any other file speak of its weights_only option; a KataGo
        # model given to the FTL evaluator is said so (QA s45)
        katago = " (a KataGo model goes with --evaluator katago)" \
            if path.name.endswith((".bin.gz", ".bin")) else ""
        raise WeightsError(f"weights file {path} is not a checkpoint, or is cut short "
                           "(torch.save writes a zip archive; this file does not read as one)"
                           + katago)
    try:
        data = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as e:  # torch raises many kinds for a damaged file
        reason = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise WeightsError(f"weights file {path} is not a readable checkpoint "
                           f"({textwrap.shorten(reason, 120, placeholder=' ...')})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise WeightsError(f"weights file {path} is not a tsumego_gui FTL checkpoint")
    if data.get("format_version") != FORMAT_VERSION:
        raise WeightsError(f"weights file {path} has format version "
                           f"{data.get('format_version')!r}, this code reads {FORMAT_VERSION}")
    meta = data.get("metadata")
    if not isinstance(meta, dict) or not isinstance(data.get("model"), dict):
        raise WeightsError(f"weights file {path} has no metadata or no model")
    if meta.get("feature_version") != FEATURE_VERSION or meta.get("num_planes") != NUM_PLANES:
        raise WeightsError(
            f"weights file {path} was trained on input features version "
            f"{meta.get('feature_version')!r} ({meta.get('num_planes')!r} planes); "
            f"this code makes version {FEATURE_VERSION} ({NUM_PLANES} planes)")
    return data


def config_of(data: dict, path: str | os.PathLike[str] = "?") -> ModelConfig:
    """The model config recorded in a checkpoint's metadata; WeightsError if it is malformed."""
    try:
        return ModelConfig(**data["metadata"]["config"])
    except (KeyError, TypeError) as e:
        raise WeightsError(f"weights file {path} has a malformed model config ({e})") from None


def load_net(path: str | os.PathLike[str]) -> tuple[FtlNet, dict]:
    """(network in eval mode on the CPU, checkpoint dict); WeightsError on any mismatch."""
    data = read(path)
    config = config_of(data, path)
    net = FtlNet(config)
    try:
        net.load_state_dict(data["model"], strict=True)
    except RuntimeError as e:
        first = str(e).strip().splitlines()
        detail = (first[1] if len(first) > 1 else first[0]).strip()[:160]
        raise WeightsError(f"weights file {path} does not match its model config ({detail})"
                           ) from None
    net.eval()
    return net, data


def export(src: str | os.PathLike[str], dst: str | os.PathLike[str],
           **extra_metadata: object) -> dict:
    """Copy a checkpoint's weights and metadata (no optimiser/training state) to ``dst``.

    The source is checked like any weights file, and the copy is loaded back
    through :func:`load_net` before this returns; returns the metadata.
    """
    net, data = load_net(src)
    meta = dict(data["metadata"]) | extra_metadata
    meta["exported_from"] = str(src)
    save(dst, net, meta)
    load_net(dst)
    return meta
