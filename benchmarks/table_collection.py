"""df-pn with a table too small for the search, collected as it fills, against a roomy one.

    python benchmarks/table_collection.py FOLDER [--share 0.25] [--time 30]
                                         [--min-nodes N] [--max-nodes N] [--only F,...]

Every problem-side of FOLDER (an enclosed problem set, e.g.
``../shared/problems/enclosed-dev``) is solved twice with ``--solver dfs``'s
df-pn: first with the default table (24M entries), then with a table of
``--share`` times the nodes that first search made, so that the second search
must collect its table (``engine_cy.dfpn``'s ``collect``) to finish.  Sides the
first search does not prove, or proves in fewer than ``--min-nodes`` nodes,
are skipped.  Every proof of the second search is checked by the verifier.

Per side: both verdicts, nodes, seconds, collections; ends with ``RESULT
sides=<n> same=<n> gave_up=<n> open=<n> wrong=<n> unverified=<n>
median_node_ratio=<x>``: ``gave_up`` counts small-table searches that stopped
on their memory budget (collecting would have dropped most of their searched
work), ``open`` those another budget stopped, ``wrong`` verdicts that differ,
``median_node_ratio`` the small table's nodes over the roomy table's, over the
sides both prove.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from suite import chosen_files  # benchmarks/ is on sys.path as a script

from engine_cy.board import BLACK, WHITE
from tsumego_gui.core.problem_files import ProblemFileError, read_file
from tsumego_gui.search import dfs, verify
from tsumego_gui.search.params import SearchParams

NAMES = {BLACK: "B", WHITE: "W"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--share", type=float, default=0.25,
                        help="the small table's entries, as a share of the roomy search's nodes")
    parser.add_argument("--time", type=float, default=30.0, help="seconds per search")
    parser.add_argument("--min-nodes", type=int, default=100_000)
    parser.add_argument("--max-nodes", type=int, default=10_000_000,
                        help="skip sides whose roomy search made more nodes")
    parser.add_argument("--only", default="", help="comma-separated file names (relative)")
    args = parser.parse_args()
    files = chosen_files(args.folder, args.only, "table_collection")

    print(f"{'problem':<24}{'side':>4} {'roomy':>6} {'nodes':>10} {'s':>6}   "
          f"{'small':>6} {'table':>9} {'nodes':>10} {'s':>6} {'coll':>5} {'ver':>4}")
    sides = same = gave_up = still_open = wrong = unverified = 0
    ratios = []
    for path in files:
        try:
            problems = [sp.problem for sp in read_file(path)]
        except ProblemFileError:
            continue
        for problem in problems:
            for side in [problem.to_play] if problem.to_play_given else [BLACK, WHITE]:
                roomy = dfs.solve(problem, SearchParams(max_nodes=0, max_seconds=args.time),
                                  to_play=side)
                if roomy.proof is None or not args.min_nodes <= roomy.nodes <= args.max_nodes:
                    continue
                sides += 1
                entries = max(1000, int(roomy.nodes * args.share))
                start = time.monotonic()
                small = dfs.solve(problem, SearchParams(max_nodes=0, max_seconds=args.time,
                                                        max_table_entries=entries),
                                  to_play=side)
                seconds = time.monotonic() - start
                checked = "-"
                if small.proof is not None:
                    report = verify.verify(small.proof)
                    checked = "yes" if report.passed else "NO"
                    unverified += not report.passed
                    ratios.append(small.nodes / roomy.nodes)
                if small.verdict == roomy.verdict:
                    same += 1
                elif small.verdict != "unknown":
                    wrong += 1
                elif small.stop_reason == "memory budget":
                    gave_up += 1
                else:
                    still_open += 1
                stats = small.proof.stats if small.proof is not None else {}
                print(f"{str(path.relative_to(args.folder)):<24}{NAMES[side]:>4} "
                      f"{roomy.verdict:>6} {roomy.nodes:>10} {roomy.seconds:>6.2f}   "
                      f"{small.verdict:>6} {entries:>9} {small.nodes:>10} {seconds:>6.2f} "
                      f"{stats.get('table_collections', 0):>5} {checked:>4}"
                      + ("" if small.proof is not None else f"  ({small.stop_reason})"),
                      flush=True)
    median = statistics.median(ratios) if ratios else float("nan")
    print(f"RESULT sides={sides} same={same} gave_up={gave_up} open={still_open} "
          f"wrong={wrong} unverified={unverified} median_node_ratio={median:.3f}")


if __name__ == "__main__":
    main()
