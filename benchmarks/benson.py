"""Time Benson's unconditional life on 19x19 research positions: Cython vs the reference.

    python benchmarks/benson.py [FOLDER] [--min-seconds S] [--reference-calls N]

(from the repository root, with the package importable: ``pip install -e .``
or ``PYTHONPATH=.``).

FOLDER (default ``../shared/problems/rzone-19x19-dev`` next to the repository)
is searched for research json problems (``core.rzone_json``).  For each
problem's start position and its defender colour, in the same run:

* Cython: ``engine_cy.benson.alive_mask_benchmark`` runs the whole fixpoint
  (regions, vital edges, drops) many times in C; the repeat count doubles
  until one batch takes ``--min-seconds``, and the best of three batches counts;
* reference: ``core.benson_reference.analyse`` (the same computation,
  from scratch, in Python), the fastest of a few calls, on the same engine
  board, so the board's own chain and liberty queries are the fast ones for
  both.

Both must find the same number of live chains.  Prints a per-problem table
and ends with ``RESULT cython_vs_reference=<mean reference time / mean Cython
time> us_per_call=<mean Cython microseconds per call>``.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

from engine_cy.benson import alive_mask_benchmark
from tsumego_gui.core import benson_reference
from tsumego_gui.core.rzone_json import read_rzone_json

DEFAULT_FOLDER = Path(__file__).resolve().parents[2] / "shared" / "problems" / "rzone-19x19-dev"


def natural_key(path: Path) -> list:
    """Sort 2.json before 10.json."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", str(path))]


def time_cython(board, color: int, min_seconds: float) -> tuple[float, int]:
    """(seconds per call, live chains): batches grown until one lasts ``min_seconds``,
    then the best of three such batches (the least disturbed by other processes)."""
    repeats = 16
    while True:
        start = time.perf_counter()
        alive = alive_mask_benchmark(board, color, repeats)
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            break
        repeats *= 2
    best = elapsed
    for _ in range(2):
        start = time.perf_counter()
        alive_mask_benchmark(board, color, repeats)
        best = min(best, time.perf_counter() - start)
    return best / repeats, alive


def time_reference(board, color: int, calls: int) -> tuple[float, int]:
    """(seconds of the fastest of ``calls`` calls, live chains)."""
    best = float("inf")
    for _ in range(calls):
        start = time.perf_counter()
        result = benson_reference.analyse(board, color)
        best = min(best, time.perf_counter() - start)
    return best, len(result.alive)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_FOLDER)
    parser.add_argument("--min-seconds", type=float, default=0.05,
                        help="minimum duration of one Cython batch (default 0.05)")
    parser.add_argument("--reference-calls", type=int, default=3,
                        help="reference calls per problem (default 3)")
    args = parser.parse_args(argv)

    files = sorted(args.folder.rglob("*.json"), key=natural_key)
    if not files:
        print(f"no json problems under {args.folder}", file=sys.stderr)
        return 2

    cy_times, ref_times = [], []
    print(f"{'problem':<14} {'def':>3} {'stones':>6} {'live':>4} {'cython us':>10} "
          f"{'reference us':>13} {'ratio':>7}")
    for path in files:
        problem = read_rzone_json(path)
        board = problem.to_board()
        color = problem.defender
        cy, cy_alive = time_cython(board, color, args.min_seconds)
        ref, ref_alive = time_reference(board, color, args.reference_calls)
        if cy_alive != ref_alive:
            print(f"{path.name}: Cython finds {cy_alive} live chains, the reference "
                  f"{ref_alive}", file=sys.stderr)
            return 1
        cy_times.append(cy)
        ref_times.append(ref)
        stones = len(problem.black) + len(problem.white)
        name = str(path.relative_to(args.folder))
        print(f"{name:<14} {'BW'[color - 1]:>3} {stones:>6} {cy_alive:>4} {cy * 1e6:>10.2f} "
              f"{ref * 1e6:>13.0f} {ref / cy:>7.0f}")

    cy_mean = statistics.fmean(cy_times)
    ref_mean = statistics.fmean(ref_times)
    print(f"{len(files)} problems: Cython mean {cy_mean * 1e6:.2f} us, reference mean "
          f"{ref_mean * 1e6:.0f} us per call")
    print(f"RESULT cython_vs_reference={ref_mean / cy_mean:.1f} us_per_call={cy_mean * 1e6:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
