"""Search settings as frozen dataclasses (passed in; nothing reads globals or the environment)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SearchParams:
    """Budgets shared by the solvers."""

    max_nodes: int = 2_000_000    # nodes over the whole call (0 = no limit)
    max_seconds: float = 30.0     # wall-clock seconds over the whole call (0 = no limit)
    max_depth: int = 400          # deepest iterative-deepening iteration, in plies

    def __post_init__(self) -> None:
        if self.max_nodes < 0 or self.max_seconds < 0 or self.max_depth < 1:
            raise ValueError("budgets must be >= 0 and max_depth >= 1")
