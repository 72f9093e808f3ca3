"""File › Open Recent: the last files and folders opened, most recent first, kept in QSettings.

Stored as one JSON list under ``recent/files`` (QSettings' own lists come back
from an ini file as a bare string when they hold one item).  A stored value
that cannot be read counts as an empty list.  Knows the list and its limit;
nothing about menus or opening files.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QSettings

KEY = "recent/files"
LIMIT = 8


class RecentFiles:
    def __init__(self, settings: QSettings, limit: int = LIMIT):
        self.settings = settings
        self.limit = limit

    def paths(self) -> list[Path]:
        raw = self.settings.value(KEY)
        try:
            items = json.loads(raw) if isinstance(raw, str) else []
        except ValueError:
            items = []
        if not isinstance(items, list):
            return []
        return [Path(p) for p in items if isinstance(p, str) and p][: self.limit]

    def _store(self, paths: list[Path]) -> None:
        self.settings.setValue(KEY, json.dumps([str(p) for p in paths[: self.limit]]))
        self.settings.sync()

    def add(self, path: Path) -> None:
        """``path`` first; an older entry of the same file goes, the oldest past the limit."""
        path = Path(path).absolute()
        self._store([path] + [p for p in self.paths() if p != path])

    def remove(self, path: Path) -> None:
        path = Path(path).absolute()
        self._store([p for p in self.paths() if p != path])

    def clear(self) -> None:
        self._store([])
