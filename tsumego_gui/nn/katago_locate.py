"""Where a Go player's KataGo network already is: the model KaTrain uses or ships.

Players of KaTrain (and of apps that share its files) have a KataGo model on
disk; the app proves with it instead of shipping one.  Looked at, in order:

1. ``TSUMEGO_KATAGO_MODEL``, when set: a model file named by the user;
2. KaTrain's settings, ``~/.katrain/config.json``, key ``engine.model``: a
   path, absolute, relative to the home folder (``~``), or relative to the
   folder holding the ``katrain`` package (its default
   ``katrain/models/...`` names the model the package ships);
3. models KaTrain downloaded into ``~/.katrain/``;
4. the models shipped inside an installed ``katrain`` package.

Only files whose names end in ``.bin.gz`` or ``.bin`` count; this module
neither opens nor checks them (``katago_file`` does).  Knows file locations;
nothing about networks.
"""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

ENV_VAR = "TSUMEGO_KATAGO_MODEL"
MODEL_SUFFIXES = (".bin.gz", ".bin")


def is_model_name(path: Path) -> bool:
    return path.name.endswith(MODEL_SUFFIXES)


def katrain_package_dir() -> Path | None:
    """The installed ``katrain`` package's folder, found without importing it."""
    try:
        spec = importlib.util.find_spec("katrain")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def _configured_model(home: Path, package: Path | None) -> Path | None:
    try:
        config = json.loads((home / ".katrain" / "config.json").read_text(encoding="utf-8"))
        name = config["engine"]["model"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(name, str) or not name:
        return None
    path = Path(name).expanduser()
    if path.is_absolute():
        return path
    if package is not None and (package.parent / path).is_file():
        return package.parent / path
    return home / path


def find_katago_models(home: Path | None = None) -> list[Path]:
    """Existing model files in the order of the module docstring, without repeats."""
    home = Path.home() if home is None else home
    package = katrain_package_dir()
    candidates: list[Path] = []
    if os.environ.get(ENV_VAR):
        candidates.append(Path(os.environ[ENV_VAR]).expanduser())
    configured = _configured_model(home, package)
    if configured is not None:
        candidates.append(configured)
    for folder in (home / ".katrain", package / "models" if package else None):
        if folder is not None and folder.is_dir():
            candidates.extend(sorted(p for p in folder.iterdir() if is_model_name(p)))
    found: list[Path] = []
    for path in candidates:
        if path.is_file() and is_model_name(path) and path.resolve() not in \
                {p.resolve() for p in found}:
            found.append(path)
    return found


def default_katago_model(home: Path | None = None) -> Path | None:
    """The first model :func:`find_katago_models` finds, or None."""
    found = find_katago_models(home)
    return found[0] if found else None
