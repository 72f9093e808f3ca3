"""Search settings as frozen dataclasses (passed in; nothing reads globals or the environment)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SearchParams:
    """Budgets shared by the solvers."""

    max_nodes: int = 2_000_000    # nodes over the whole call (0 = no limit)
    max_seconds: float = 30.0     # wall-clock seconds over the whole call (0 = no limit)
    max_depth: int = 400          # deepest iterative-deepening iteration, in plies ("id" only)
    algorithm: str = "dfpn"       # "dfpn": proof-number search; "id": iterative deepening
    max_table_entries: int = 4_000_000   # df-pn table size (about 100 bytes an entry)

    def __post_init__(self) -> None:
        if self.max_nodes < 0 or self.max_seconds < 0 or self.max_depth < 1:
            raise ValueError("budgets must be >= 0 and max_depth >= 1")
        if self.algorithm not in ("dfpn", "id"):
            raise ValueError(f"algorithm must be 'dfpn' or 'id', not {self.algorithm!r}")
        if self.max_table_entries < 1000:
            raise ValueError("max_table_entries must be >= 1000")
