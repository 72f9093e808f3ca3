"""Decomposition against the plain search, in one run (issue #19).

    python benchmarks/dds.py [FOLDER] [--time S] [--goal live|survive] [--both-sides]

For every SGF problem of FOLDER (default: ``benchmarks/problems/decomposable``),
with the side to move of the file (``--both-sides``: each side in turn), it solves
the problem twice with df-pn and the same budget: on the whole region (plain), and
with ``SearchParams(decompose=True)`` (``search.split``: split at the root where the
conditions hold, else the same plain search).  Every proof is checked: the plain one by
``search.verify``, a split one by ``search.verify_split``.  Prints per problem the
verdicts, nodes and seconds of both, then

    RESULT solved_dds=<n> solved_plain=<n> lost=<n> split=<n> wrong=<n>
           dds_speedup_median=<x> speedup_median_all=<x> unverified=<n>

``lost``: solved plain, not with decomposition; ``wrong``: both solved, verdicts
differ; ``dds_speedup_median``: plain nodes / decomposition nodes over the problems
both solve where the root split (``speedup_median_all``: over all they both
solve).  A kill splits under the goal ``live`` only (unconditional life:
``search.split`` says why survival does not split an attacker's win), a life under
both, so ``--goal`` defaults to ``live``.  Where FOLDER holds the answers of an
exhaustive plain df-pn, each proof verified (the decomposable set has
``expected-live.json`` for ``live`` and ``expected.json`` for ``survive``), every
verdict of both searches is also checked against them and the RESULT line adds
``contradicts_data=<n>`` (a problem-side missing from the file counts as a
contradiction, so that a stale file is seen).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import replace
from pathlib import Path

from engine_cy.board import BLACK, WHITE
from tsumego_gui.core.problem import ProblemError
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search import dfs
from tsumego_gui.search.params import SearchParams
from tsumego_gui.search.verify import verify
from tsumego_gui.search.verify_split import verify_split

DEFAULT_FOLDER = Path(__file__).parent / "problems" / "decomposable"
SIDE = {BLACK: "B", WHITE: "W"}


def run_one(problem, to_play: int, seconds: float) -> dict:
    params = SearchParams(max_nodes=0, max_seconds=seconds)
    plain = dfs.solve(problem, params, to_play=to_play)
    plain_ok = plain.proof is not None and verify(plain.proof).passed
    split_result = dfs.solve(problem, replace(params, decompose=True), to_play=to_play)
    composite = split_result.split
    if composite is not None:
        split_ok = verify_split(composite).passed
    else:
        split_ok = split_result.proof is not None and verify(split_result.proof).passed
    return {"plain": plain.verdict, "plain_nodes": plain.nodes, "plain_s": plain.seconds,
            "plain_ok": plain_ok, "dds": split_result.verdict, "dds_nodes": split_result.nodes,
            "dds_s": split_result.seconds, "dds_ok": split_ok, "split": composite is not None}


def read_expected(folder: Path, goal: str) -> tuple[Path, dict | None]:
    """The data file for ``goal`` and its verdicts, {file: {side: {"verdict": ...}}}
    (None: no file).  ``expected.json`` lists problems with their answers under
    ``expect``; ``expected-<goal>.json`` maps files to sides directly."""
    path = folder / f"expected-{goal}.json"
    if path.exists():
        return path, json.loads(path.read_text(encoding="utf-8"))["problems"]
    path = folder / "expected.json"
    if path.exists() and goal == "survive":
        return path, {e["file"]: e["expect"]
                      for e in json.loads(path.read_text(encoding="utf-8"))["problems"]}
    return path, None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", nargs="?", type=Path, default=DEFAULT_FOLDER)
    ap.add_argument("--time", type=float, default=60.0, help="seconds per search")
    ap.add_argument("--goal", default="live")
    ap.add_argument("--both-sides", action="store_true")
    args = ap.parse_args(argv)
    files = sorted(args.folder.glob("*.sgf"))
    if not files:
        print(f"no SGF problem in {args.folder}", file=sys.stderr)
        return 2
    data_path, expected = read_expected(args.folder, args.goal)
    print(f"goal {args.goal}, {args.time:g} s per search, df-pn"
          + (f"; answers checked against {data_path.name}" if expected is not None else ""))
    print(f"{'problem':30} to  {'plain':>6} {'nodes':>10} {'s':>7}  {'dds':>6} {'nodes':>10} "
          f"{'s':>7} split ver")
    rows = []
    for path in files:
        try:
            problem = read_sgf(path, goal=args.goal)[0]
        except ProblemError as e:
            print(f"{path.name:30} cannot be read: {e}")
            continue
        sides = (BLACK, WHITE) if args.both_sides else (problem.to_play,)
        for to_play in sides:
            row = run_one(problem, to_play, args.time)
            if expected is not None:
                want = expected.get(path.name, {}).get(SIDE[to_play], {}).get("verdict")
                row["contradicts"] = sum(1 for kind in ("plain", "dds")
                                         if row[kind] not in ("unknown", want))
            rows.append(row)
            ver = "yes" if row["plain_ok"] == (row["plain"] != "unknown") and \
                row["dds_ok"] == (row["dds"] != "unknown") else "NO"
            print(f"{path.name:30} {SIDE[to_play]:2}  {row['plain']:>6} {row['plain_nodes']:>10} "
                  f"{row['plain_s']:7.2f}  {row['dds']:>6} {row['dds_nodes']:>10} "
                  f"{row['dds_s']:7.2f} {'yes' if row['split'] else '-':>5} {ver:>3}"
                  + ("  contradicts the data" if row.get("contradicts") else ""), flush=True)
    solved_plain = [r for r in rows if r["plain"] != "unknown"]
    solved_dds = [r for r in rows if r["dds"] != "unknown"]
    lost = sum(1 for r in solved_plain if r["dds"] == "unknown")
    wrong = sum(1 for r in solved_plain if r["dds"] not in ("unknown", r["plain"]))
    unverified = sum(1 for r in rows for kind in ("plain", "dds")
                     if r[kind] != "unknown" and not r[kind + "_ok"])
    ratios = [r["plain_nodes"] / max(r["dds_nodes"], 1) for r in solved_plain
              if r["split"] and r["dds"] != "unknown"]
    median = statistics.median(ratios) if ratios else 0.0
    every = [r["plain_nodes"] / max(r["dds_nodes"], 1) for r in solved_plain
             if r["dds"] != "unknown"]
    print(f"RESULT solved_dds={len(solved_dds)} solved_plain={len(solved_plain)} lost={lost} "
          f"split={sum(r['split'] for r in rows)} wrong={wrong} "
          f"dds_speedup_median={median:.1f} "
          f"speedup_median_all={statistics.median(every) if every else 0.0:.2f} "
          f"unverified={unverified}"
          + (f" contradicts_data={sum(r['contradicts'] for r in rows)}"
             if expected is not None else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
