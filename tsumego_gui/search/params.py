"""Search settings as frozen dataclasses (passed in; nothing reads globals or the environment)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FocusParams:
    """Network-focused df-pn (``engine_cy.dfpn``), used when df-pn is given an evaluator.

    Nodes fewer than ``max_depth`` plies below the search's root are evaluated
    (at most ``max_evals`` positions per search, 0 = no limit, and while the
    network has taken at most ``time_share`` of the search's time); there a node's
    region moves are tried in policy order and only the first
    ``1 + ceil(widening * live)`` unresolved ones (``live`` of them) count,
    widening as they fail; an evaluated child starts from proof and disproof
    numbers ``1 + value_scale * (1 - w)`` and ``1 + value_scale * w``, ``w``
    the network's probability that its mover wins.  The Proof Cost Network
    paper's Focused df-pn uses widening 0.1.
    """

    max_depth: int = 6
    max_evals: int = 0
    # on a CPU one evaluation costs ~10^4 df-pn nodes and the focus saves at most a few
    # tens of per cent of them (enclosed-dev gop/5194 B: 9.9M nodes vs 13.4M; gop/19747 B
    # and gop/4015 B: within 5%), so the network gets a tenth of the time
    time_share: float = 0.1
    widening: float = 0.25
    value_scale: float = 8.0

    def __post_init__(self) -> None:
        if self.max_depth < 0 or self.max_evals < 0:
            raise ValueError("focus max_depth and max_evals must be >= 0")
        if not 0.0 < self.time_share <= 1.0:
            raise ValueError("focus time_share must be in (0, 1]")
        if not 0.0 <= self.widening <= 1.0:
            raise ValueError("focus widening must be in [0, 1]")
        if not 0.0 <= self.value_scale <= 1000.0:
            raise ValueError("focus value_scale must be in [0, 1000]")


@dataclass(frozen=True)
class SearchParams:
    """Budgets shared by the solvers."""

    max_nodes: int = 2_000_000    # nodes over the whole call (0 = no limit)
    max_seconds: float = 30.0     # wall-clock seconds over the whole call (0 = no limit)
    max_depth: int = 400          # deepest iterative-deepening iteration, in plies ("id" only)
    algorithm: str = "dfpn"       # "dfpn": proof-number search; "id": iterative deepening
    # df-pn table entries: 24M fill 32M slots (768 MB); with zones about 60 bytes an entry
    max_table_entries: int = 24_000_000
    # a full df-pn table drops its open entries with the least work below them and the
    # search goes on (``engine_cy.dfpn``'s ``collect``); False: the search stops there
    collect_table: bool = True
    # df-pn proof nodes extracted at most (per core): a proof tree a player browses takes
    # about 1.5 kB a node, and the verifier walks 2M positions at most
    max_proof_nodes: int = 2_000_000
    focus: FocusParams = FocusParams()    # df-pn with an evaluator only
    # df-pn only: where the region splits at the root (``search.split``), prove the
    # attacker's win area by area; the result then holds a split proof, not a tree
    decompose: bool = False
    # a classification only (``search.classify``): the df-pn cores of its rule sets take
    # each other's results where one implies the other (``engine_cy.dfpn``'s
    # ``take_results_of``); False: each searches on its own
    share_rule_results: bool = True
    # a classification only: the first-move pass is searched in the position's cores, as
    # the other first moves are (a tenuki there: ``DfpnCore.solve_move``); False: on
    # cores rooted after it, which share nothing with the others
    pass_in_position_cores: bool = True

    def __post_init__(self) -> None:
        if self.max_nodes < 0 or self.max_seconds < 0 or self.max_depth < 1:
            raise ValueError("budgets must be >= 0 and max_depth >= 1")
        if self.algorithm not in ("dfpn", "id"):
            raise ValueError(f"algorithm must be 'dfpn' or 'id', not {self.algorithm!r}")
        if self.max_table_entries < 1000:
            raise ValueError("max_table_entries must be >= 1000")
        if self.max_proof_nodes < 1:
            raise ValueError("max_proof_nodes must be >= 1")


@dataclass(frozen=True)
class MctsParams:
    """Settings of the best-first (MCTS) solver, ``tsumego_gui.search.mcts``."""

    max_nodes: int = 500_000      # evaluated leaves + terminal visits (0 = no limit)
    max_seconds: float = 60.0     # wall-clock seconds (0 = no limit)
    seed: int = 0                 # tie-breaking order of moves; same seed + batch = same search
    batch_size: int = 8           # leaves per evaluator call
    # PUCT exploration constant; None: the evaluator's own ``c_puct`` if it has one, else
    # 1.5 (the RZS code's effective value).  How far to trust priors over values depends
    # on how sharp the priors and how noisy the values are, so it belongs to the evaluator
    c_puct: float | None = None
    virtual_loss: int = 1         # virtual losses added per pending leaf on its path
    attacker_pass_prior: float = 0.9    # least prior of the attacker's pass (tried first)
    report_every: float = 0.5     # seconds between progress callbacks
    # the tree's memory at most (0 = no limit): each evaluated leaf adds an edge for every
    # move there, some 1.7 kB an evaluation on a 19x19 book problem, so uniform search with
    # no node budget fills 3 GB in about 20 s (s49); a df-pn table takes some 2 GB at most
    max_tree_bytes: int = 3 * 2**30

    def __post_init__(self) -> None:
        if self.max_nodes < 0 or self.max_seconds < 0:
            raise ValueError("budgets must be >= 0")
        if not 1 <= self.batch_size <= 4096:
            raise ValueError("batch_size must be 1..4096")
        if (self.c_puct is not None and self.c_puct <= 0) or self.virtual_loss < 0:
            raise ValueError("c_puct must be > 0 and virtual_loss >= 0")
        if not 0.0 <= self.attacker_pass_prior < 1.0:
            raise ValueError("attacker_pass_prior must be in [0, 1)")
        if not 0 <= self.seed < 2 ** 64:
            raise ValueError("seed must be a 64-bit unsigned int")
        if self.report_every <= 0:
            raise ValueError("report_every must be > 0")
        if self.max_tree_bytes < 0:
            raise ValueError("max_tree_bytes must be >= 0")
