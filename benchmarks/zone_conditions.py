"""The verifier in Cython vs its Python reference: the zone checks, or the whole walk.

    python benchmarks/zone_conditions.py [FOLDER] [--time S] [--limit N] [--repeats R]
                                         [--compare zones|walk] [--replays K]

Solves the SGF problems of FOLDER (default ``../shared/problems/enclosed-dev``),
the side to move of each file, with df-pn (``--time`` seconds each, ``--limit``
problems at most, taken in name order), and checks every proof found with
``search.verify`` twice over.  ``--compare zones`` (the default): the reference
walk with the Cython zone checks (``engine_cy.zone_conditions``), and with
``tsumego_gui.core.zone_conditions_reference`` put in their place.  ``--compare
walk``: the compiled walk (``engine_cy.proof_walk``, the default of ``verify``)
and the reference walk.  Each check makes ``--replays`` random replays (default
50; 0 times the walk alone).  The two runs alternate, ``--repeats`` times each
(the best time counts), and their reports must be identical.  Prints per proof
its positions and both times (Cython first), then

    RESULT proofs=<n> speedup_median=<x> speedup_total=<x> different_reports=<n>
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from tsumego_gui.core import zone_conditions_reference
from tsumego_gui.core.problem import ProblemError
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search import dfs, gc_pacing, verify
from tsumego_gui.search.params import SearchParams

DEFAULT_FOLDER = Path(__file__).resolve().parents[2] / "shared" / "problems" / "enclosed-dev"


def timed_report(proof, repeats: int, replays: int, compiled: bool) -> tuple[float, tuple]:
    best, report = float("inf"), None
    for _ in range(repeats):
        with gc_pacing.paced():
            start = time.perf_counter()
            got = verify.verify(proof, replays=replays, compiled=compiled)
            best = min(best, time.perf_counter() - start)
        report = (got.ok, got.complete, tuple(got.errors), got.positions_checked,
                  got.positions_reused, got.cut_replays, got.replays)
    return best, report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_FOLDER)
    parser.add_argument("--time", type=float, default=5.0, help="seconds per solve")
    parser.add_argument("--limit", type=int, default=40, help="problems at most")
    parser.add_argument("--repeats", type=int, default=2, help="checks of each kind a proof")
    parser.add_argument("--compare", choices=["zones", "walk"], default="zones",
                        help="the zone checks (default) or the whole walk")
    parser.add_argument("--replays", type=int, default=50, help="random replays a check")
    args = parser.parse_args(argv)
    files = sorted(args.folder.rglob("*.sgf"))[:args.limit]
    if not files:
        print(f"no SGF problems under {args.folder}", file=sys.stderr)
        return 2
    fast = verify.zone_conditions
    ratios, totals, different = [], [0.0, 0.0], 0
    print(f"{'problem':<28}{'positions':>10}{'cython s':>10}{'python s':>10}{'ratio':>7}")
    for path in files:
        try:
            problem = read_sgf(path.read_bytes())[0]
        except (ProblemError, ValueError) as e:
            print(f"{path.name:<28}skipped: {e}")
            continue
        result = dfs.solve(problem, SearchParams(max_nodes=0, max_seconds=args.time))
        gc_pacing.clean_slate()
        if result.proof is None:
            continue
        times = []
        reports = []
        walk = args.compare == "walk"
        for module, compiled in ((fast, walk), (zone_conditions_reference, False)):
            verify.zone_conditions = fast if walk else module
            try:
                seconds, report = timed_report(result.proof, args.repeats, args.replays,
                                               compiled)
            finally:
                verify.zone_conditions = fast
            times.append(seconds)
            reports.append(report)
        different += reports[0] != reports[1]
        ratio = times[1] / max(times[0], 1e-9)
        ratios.append(ratio)
        totals[0] += times[0]
        totals[1] += times[1]
        name = str(path.relative_to(args.folder))
        print(f"{name:<28}{reports[0][3]:>10}{times[0]:>10.3f}{times[1]:>10.3f}{ratio:>7.2f}"
              + ("  REPORTS DIFFER" if reports[0] != reports[1] else ""))
    median = statistics.median(ratios) if ratios else float("nan")
    total = totals[1] / totals[0] if totals[0] else float("nan")
    print(f"RESULT proofs={len(ratios)} speedup_median={median:.2f} speedup_total={total:.2f} "
          f"different_reports={different}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
