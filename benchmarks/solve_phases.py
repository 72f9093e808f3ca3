"""Where one depth-first solve's time goes: the search, building the proof tree from the
table (extraction), converting it, and the verifier's check.

    python benchmarks/solve_phases.py SGF_OR_JSON [--to-play B|W] [--time S]

(from the repository root, with the package importable: ``pip install -e .`` or
``PYTHONPATH=.``).  The solve is ``search.dfs.solve`` with no node budget and a time
budget of ``--time`` seconds (default 120), as the suite's solve but longer, within
``gc_pacing.paced`` as the CLI and the app run it; then ``search.verify.verify`` with 50
replays.  Times come from the search's progress reports: when the root was first
proven, and the last report of the proof being built (reports come every 256 nodes of
it, so the extraction's end is known to that grain).  Prints one line per phase and
ends ``RESULT verdict=<v> nodes=<n> proven_s=<x> built_s=<x> solve_s=<x> verify_s=<x>``
(``solve_s``: search, extraction and conversion; the suite's 30 s limit covers the
first two).  One process, one core; the machine may be shared: figures vary with its
load.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from engine_cy.board import BLACK, WHITE
from tsumego_gui.core.problem_files import read_file
from tsumego_gui.search import gc_pacing, verify
from tsumego_gui.search.dfs import solve
from tsumego_gui.search.params import SearchParams
from tsumego_gui.search.results import Progress


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("problem", type=Path, help="an SGF or research json file")
    parser.add_argument("--to-play", choices=["B", "W"], default=None,
                        help="the side to move (default: the file's)")
    parser.add_argument("--time", type=float, default=120.0, help="seconds for the solve")
    args = parser.parse_args()
    problem = read_file(args.problem)[0].problem
    to_play = {"B": BLACK, "W": WHITE}.get(args.to_play, problem.to_play)
    proven: float | None = None
    built: float | None = None
    start = time.monotonic()

    def progress(p: Progress) -> None:
        nonlocal proven, built
        elapsed = time.monotonic() - start
        if proven is None and p.root_status not in ("", "unknown"):
            proven = elapsed
        if p.proof_nodes:
            built = elapsed

    with gc_pacing.paced():
        result = solve(problem, SearchParams(max_nodes=0, max_seconds=args.time),
                       to_play=to_play, progress=progress)
        solved = time.monotonic() - start
        checked = None
        if result.proof is not None:
            report = verify.verify(result.proof, replays=50)
            checked = time.monotonic() - start - solved
    print(f"{args.problem} {'BW'[to_play - 1]}: {result.verdict}, {result.nodes:,} nodes")
    print(f"  root proven at     {proven if proven is not None else float('nan'):8.2f} s")
    print(f"  proof built by     {built if built is not None else float('nan'):8.2f} s")
    print(f"  solve (converted)  {solved:8.2f} s")
    if checked is not None:
        print(f"  verifier           {checked:8.2f} s  ({'passed' if report.passed else 'FAILED'})")

    def figure(x: float | None) -> str:
        return "nan" if x is None else f"{x:.2f}"
    print(f"RESULT verdict={result.verdict} nodes={result.nodes} proven_s={figure(proven)} "
          f"built_s={figure(built)} solve_s={solved:.2f} verify_s={figure(checked)}")


if __name__ == "__main__":
    main()
