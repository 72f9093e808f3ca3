"""Preferences as a frozen dataclass, persisted with QSettings.

Library code never reads settings; the window loads :class:`Preferences`
once, passes them down, and saves a new value when the user changes one.
Knows the preference names and their defaults; nothing about widgets.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from PySide6.QtCore import QSettings

from tsumego_gui.nn.choice import DEFAULT_EVALUATOR

THEMES = ("light", "dark")
SOLVERS = ("auto", "dfs", "mcts")
# the budgets' ranges (the Solve panel's spin boxes take no more) and the shuffle seed's:
# a hand-edited value past them stopped the app at every start (QA s46)
MAX_NODES = 2_000_000_000
MAX_SECONDS = 86_400.0
SEED_BOUND = 2**31
# The node budget's default before settings had a version: it ended df-pn within a second
# or two, so the app called "unknown" 19 of the 145 enclosed-dev sides the CLI proves in
# 30 s (s48).  A stored value equal to it with no version is read as the default.
OLD_DEFAULT_NODES = 2_000_000
SETTINGS_VERSION = 2


@dataclass(frozen=True)
class Preferences:
    """What the user chose last time."""

    theme: str = "light"
    show_coordinates: bool = True
    move_numbers: bool = False   # number the stones played in a proof
    crop_board: bool = True      # zoom the board to the problem's area
    show_legend: bool = True     # the proof's legend beside its tree (folded: more rows)
    solver: str = "auto"
    evaluator: str = DEFAULT_EVALUATOR
    katago_model: str = ""       # a KataGo model file, "" for the one found automatically
    max_nodes: int = 0           # none: the time budget decides, as in the CLI
    max_seconds: float = 30.0
    by_areas: bool = False       # prove by areas where the region splits (search.split)
    last_problem: str = ""       # a file path, "" for the bundled problem
    last_index: int = 0          # which game of a multi-game file
    last_list: str = ""          # the folder or file listed as problems, "" for ours
    random_order: bool = False   # the problem list shuffled (with ``order_seed``)
    order_seed: int = 0          # the shuffle's seed, kept so the order stays across runs

    def __post_init__(self) -> None:
        # Stored values can be stale or hand-edited: fall back per field, never fail.
        if self.theme not in THEMES:
            object.__setattr__(self, "theme", "light")
        if self.solver not in SOLVERS:
            object.__setattr__(self, "solver", "auto")
        if not isinstance(self.max_nodes, int) or not 0 <= self.max_nodes <= MAX_NODES:
            object.__setattr__(self, "max_nodes", 0)
        if not isinstance(self.max_seconds, float) \
                or not 0 <= self.max_seconds <= MAX_SECONDS:       # NaN fails both
            object.__setattr__(self, "max_seconds", 30.0)
        if not isinstance(self.order_seed, int) or not 0 <= self.order_seed < SEED_BOUND:
            object.__setattr__(self, "order_seed", 0)

    def with_(self, **changes: object) -> Preferences:
        return replace(self, **changes)


def open_settings(path: str | None = None) -> QSettings:
    """The app's QSettings: the user's native store, or an ini file (tests)."""
    if path is not None:
        return QSettings(path, QSettings.Format.IniFormat)
    return QSettings("tsumego_gui", "tsumego_gui")


def load_preferences(settings: QSettings) -> Preferences:
    """The stored preferences, defaults for what is missing or unreadable."""
    default = Preferences()
    values = {}
    old = _convert(settings.value("prefs/version", 1), int) or 1
    for f in fields(Preferences):
        raw = settings.value(f"prefs/{f.name}")
        if raw is None:
            continue
        values[f.name] = _convert(raw, type(getattr(default, f.name)))
        if values[f.name] is None:
            del values[f.name]
    if old < 2 and values.get("max_nodes") == OLD_DEFAULT_NODES:
        del values["max_nodes"]
    return Preferences(**values)


def save_preferences(settings: QSettings, prefs: Preferences) -> None:
    for f in fields(Preferences):
        settings.setValue(f"prefs/{f.name}", getattr(prefs, f.name))
    settings.setValue("prefs/version", SETTINGS_VERSION)
    settings.sync()


def _convert(raw: object, kind: type) -> object:
    # Ini files hand everything back as strings.
    try:
        if kind is bool:
            return raw if isinstance(raw, bool) else str(raw).lower() in ("true", "1", "yes")
        if kind is int:
            return int(raw)
        if kind is float:
            return float(raw)
        return str(raw)
    except (TypeError, ValueError):
        return None
