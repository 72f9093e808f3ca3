"""Play+undo throughput of random legal games: Cython engine vs the reference board.

Both boards play the same kind of workload in one run: random legal games
(a uniformly random legal point each move, pass only when none is left),
each game undone move by move.  A "pair" is one play plus its undo.

    python benchmarks/engine.py [--seconds S]

Ends with ``RESULT cython_vs_reference=<ratio on 19x19> moves_per_s=<Cython pairs/s on 19x19>``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from engine_cy.board import EMPTY, PASS, Board
from engine_cy.playout import play_random_games
from tsumego_gui.core.coords import all_locs
from tsumego_gui.core.reference_board import ReferenceBoard

GAME_LENGTH = {19: 250, 7: 40}


def random_legal_move(board, rng) -> int:
    """A random empty point, rejecting illegal ones (as ``play_random_games`` does)."""
    candidates = [p for p in all_locs(board.size) if board.color_at(p) == EMPTY]
    while candidates:
        k = int(rng.integers(len(candidates)))
        if board.is_legal(candidates[k]):
            return candidates[k]
        candidates[k] = candidates[-1]
        candidates.pop()
    return PASS


def reference_random_games(board, games: int, moves_per_game: int, seed: int) -> int:
    """The same workload as ``play_random_games``, through the Python API."""
    rng = np.random.default_rng(seed)
    pairs = 0
    for _ in range(games):
        tokens = []
        for _ in range(moves_per_game):
            move = random_legal_move(board, rng)
            tokens.append(board.play(move))
            if board.consecutive_passes >= 2:
                break
        for token in reversed(tokens):
            board.undo(token)
        pairs += len(tokens)
    return pairs


def measure(run, min_seconds: float) -> float:
    """Pairs per second of ``run(games)``, growing the batch until it takes min_seconds."""
    games = 1
    while True:
        start = time.perf_counter()
        pairs = run(games)
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return pairs / elapsed
        games *= 2 if elapsed < min_seconds / 4 else 1
        games = max(games, int(games * min_seconds / max(elapsed, 1e-6)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="minimum time per measurement")
    args = parser.parse_args()

    rates = {}
    print(f"{'size':>4}  {'board':<10} {'play+undo pairs/s':>18}")
    for size, length in GAME_LENGTH.items():
        fast = Board(size)
        slow = ReferenceBoard(size)
        rates[size, "cython"] = measure(
            lambda g, b=fast, n=length, s=size: play_random_games(b, g, n, seed=s),
            args.seconds)
        rates[size, "reference"] = measure(
            lambda g, b=slow, n=length, s=size: reference_random_games(b, g, n, seed=s),
            args.seconds)
        fast.check_consistency()
        for kind in ("cython", "reference"):
            print(f"{size:>4}  {kind:<10} {rates[size, kind]:>18,.0f}")
        print(f"{size:>4}  ratio      {rates[size, 'cython'] / rates[size, 'reference']:>18,.1f}")
    ratio = rates[19, "cython"] / rates[19, "reference"]
    print(f"RESULT cython_vs_reference={ratio:.1f} moves_per_s={rates[19, 'cython']:.0f}")


if __name__ == "__main__":
    main()
