"""The RZS paper's 20 7x7 kill-all problems with the best-first (MCTS) solver.

Usage: python benchmarks/rzone7.py FOLDER --evaluator uniform|heuristic|ftl|katago
       [--max-nodes 500000] [--max-seconds 0] [--only 1,2,...] [--seed 0] [--batch-size 8]
       [--weights FILE]

FOLDER is ``../shared/problems/rzone-7x7`` (its ``json/`` subfolder, or a
folder of json files).  Every problem is solved with the node budget and every
proof checked by the verifier (``search.choice.solve_and_verify``); node
counts are printed next to the paper's Table 2
(``paper-tables/rzs_7x7_node_counts.csv`` found next to the problems folder;
json -> table id mapping from the problems README).  "wrong"
counts verdicts that contradict the known answer: the json's
``winning_color`` is the defender, and the paper proves every problem a win
for it (White lives).  Ends with
``RESULT solved=<n> total=<n> wrong=<n> unverified=<n> nodes_per_s=<x> peak_rss_mb=<x>``.
"""

from __future__ import annotations

import argparse
import csv
import resource
import sys
from pathlib import Path

from tsumego_gui.core.problem_files import ProblemFileError, problem_files, read_file
from tsumego_gui.nn.choice import make_evaluator
from tsumego_gui.search import mcts
from tsumego_gui.search.choice import solve_and_verify
from tsumego_gui.search.params import MctsParams

# json file number -> paper Table 2 id (shared/problems/README.md)
JSON_TO_TABLE = {1: 15, 2: 1, 3: 10, 4: 7, 5: 18, 6: 14, 7: 20, 8: 16, 9: 8, 10: 3, 11: 6,
                 12: 9, 13: 19, 14: 12, 15: 11, 16: 4, 17: 5, 18: 13, 19: 17, 20: 2}


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def paper_table(folder: Path) -> dict[int, dict[str, str]]:
    for base in (folder, *folder.parents):
        path = base / "paper-tables" / "rzs_7x7_node_counts.csv"
        if path.exists():
            with path.open() as f:
                return {int(row["id"]): row for row in csv.DictReader(f)}
    return {}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder")
    ap.add_argument("--evaluator", default="uniform")
    ap.add_argument("--max-nodes", type=int, default=500_000)
    ap.add_argument("--max-seconds", type=float, default=0.0, help="per problem (0 = none)")
    ap.add_argument("--only", default="", help="comma-separated json numbers")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--batch-size", type=int, default=8)
    ap.add_argument("--c-puct", type=float, default=None,
                    help="PUCT exploration constant (default: the evaluator's own)")
    ap.add_argument("--weights", default=None,
                    help="the network file (ftl: default the shipped one; katago: a KataGo "
                         ".bin.gz model, default the one KaTrain uses)")
    ap.add_argument("--network-depth", type=int, default=None,
                    help="katago: ask the network only this many moves from the root "
                         "(-1 everywhere; default 4)")
    args = ap.parse_args(argv)
    folder = Path(args.folder)
    json_dir = folder / "json" if (folder / "json").is_dir() else folder
    try:
        files = [f for f in problem_files(json_dir) if f.suffix.lower() == ".json"]
    except ProblemFileError as err:
        print(f"rzone7: {err}", file=sys.stderr)
        return 2
    files.sort(key=lambda p: int(p.stem) if p.stem.isdigit() else 0)
    if args.only:
        wanted = {s.strip() for s in args.only.split(",") if s.strip()}
        files = [f for f in files if f.stem in wanted]
    if not files:
        print(f"no json problems in {json_dir}", file=sys.stderr)
        return 2
    try:
        problems = [read_file(path)[0].problem for path in files]
    except ProblemFileError as err:
        print(f"rzone7: {err}", file=sys.stderr)
        return 2
    table = paper_table(folder.resolve())
    settings = None
    if args.network_depth is not None and args.evaluator == "katago":
        from tsumego_gui.nn.katago_evaluator import KataGoSettings
        settings = KataGoSettings(network_depth=args.network_depth)
    evaluator = make_evaluator(args.evaluator, weights=args.weights, settings=settings)
    params = MctsParams(max_nodes=args.max_nodes, max_seconds=args.max_seconds,
                        seed=args.seed, batch_size=args.batch_size, c_puct=args.c_puct)
    print(f"evaluator={evaluator.name} max_nodes={args.max_nodes} seed={args.seed} "
          f"batch_size={args.batch_size} c_puct={mcts.c_puct_for(params, evaluator)}")
    print(f"{'json':>4} {'table':>5} {'verdict':>8} {'nodes':>8} {'secs':>7} {'nodes/s':>8} "
          f"{'proof':>6} {'verified':>8} | paper: {'no_rzs':>7} {'rzs':>7} {'ftl':>7} "
          f"{'ftl_rzs':>7}")
    solved = wrong = unverified = 0
    total_nodes = 0
    total_seconds = 0.0
    for path, problem in zip(files, problems, strict=True):
        outcome = solve_and_verify(problem, "mcts", evaluator=evaluator,
                                   max_nodes=params.max_nodes, max_seconds=params.max_seconds,
                                   seed=params.seed, batch_size=params.batch_size,
                                   c_puct=params.c_puct)
        result = outcome.result
        total_nodes += result.nodes
        total_seconds += result.seconds
        verified = "-"
        size = "-"
        if result.proof is not None:
            verified = "yes" if outcome.verified else "NO"
            if verified == "NO":
                unverified += 1
                for err in outcome.verifier_errors[:3] or ["walk cut short by its position "
                                                           "budget"]:
                    print(f"    verifier: {err}")
            size = str(result.proof.size())
            # every problem of the set is a defender (White) win in the paper
            if result.verdict == "dies":
                wrong += 1
            elif verified == "yes":
                solved += 1
        tid = JSON_TO_TABLE.get(int(path.stem)) if path.stem.isdigit() else None
        row = table.get(tid, {}) if tid else {}
        paper = " ".join(f"{row.get(k) or '-':>7}" for k in ("no_rzs", "rzs", "ftl_no_rzs",
                                                              "ftl_rzs"))
        print(f"{path.stem:>4} {tid or '-':>5} {result.verdict:>8} {result.nodes:>8} "
              f"{result.seconds:>7.1f} {result.nodes_per_s:>8.0f} {size:>6} {verified:>8} | "
              f"paper: {paper}", flush=True)
    rate = total_nodes / total_seconds if total_seconds > 0 else 0.0
    print(f"RESULT solved={solved} total={len(files)} wrong={wrong} unverified={unverified} "
          f"nodes_per_s={rate:.0f} peak_rss_mb={peak_rss_mb():.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
