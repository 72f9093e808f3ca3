"""Per-problem practice state of a collection (unsolved / solved / failed), kept across runs.

A problem is named by its file's absolute path, its game index in that file and
a hash of its position (size, stones, side to move), so an edited file whose
game changed starts unsolved again, and two files with the same problem keep
their own state.  The states live in the app's QSettings under
``collection/<key>`` (tests hand in a QSettings on a temporary ini file).
The last practice result counts: a correct game marks the problem solved (one
won with the move shown by a hint marks nothing), a wrong one failed.  Knows
problems and QSettings; nothing about widgets.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QSettings

from tsumego_gui.core.problem import Problem

UNSOLVED, SOLVED, FAILED = "unsolved", "solved", "failed"
STATES = (UNSOLVED, SOLVED, FAILED)
MARKS = {UNSOLVED: "", SOLVED: "✓ solved", FAILED: "✗ failed"}


def position_hash(problem: Problem) -> str:
    text = (f"{problem.size}|{sorted(problem.black)}|{sorted(problem.white)}|"
            f"{problem.to_play}")
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def problem_key(path: Path, index: int, problem: Problem) -> str:
    text = f"{_absolute(path)}|{index}|{position_hash(problem)}"
    return hashlib.sha256(text.encode()).hexdigest()[:24]


@lru_cache(maxsize=64)
def _absolute(path: Path) -> str:
    """Once per file, not once per game (50,000 of them in a collection)."""
    return str(Path(path).absolute())


class CollectionState:
    def __init__(self, settings: QSettings):
        self.settings = settings

    def get(self, path: Path, index: int, problem: Problem) -> str:
        return self.state_of(problem_key(path, index, problem))

    def state_of(self, key: str) -> str:
        """The state kept under ``problem_key``'s ``key`` (made beside the window for a
        collection of 50,000 games)."""
        value = self.settings.value(f"collection/{key}")
        return value if value in STATES else UNSOLVED

    def set(self, path: Path, index: int, problem: Problem, state: str) -> None:
        if state not in STATES:
            raise ValueError(f"unknown state {state!r}")
        self.settings.setValue(f"collection/{problem_key(path, index, problem)}", state)
        self.settings.sync()
