"""A kill read where the defender may take kos (``search.kill_by_ko``) against the classes.

    python benchmarks/kill_by_ko.py FOLDER [--time S] [--classes SUITE.json ...] [--shard K/N]

For every problem-side of FOLDER (each side in turn where the file names none) it
solves with df-pn as ``tsumego solve`` does and, where that proves a kill, reads the
kill as the CLI does, with what is left of ``--time``.  The reading says whether the
kill needs the ko; the classification of the position (``search.classify``: ``ko``
or ``dies``) says it independently, by its own searches and rule sets: taken from
``--classes`` (the JSON rows of ``benchmarks/suite.py``, whose ``class`` is that
classification) where given, else classified here with the same budget.  Prints a
line per kill, then

    RESULT kills=<n> read=<n> agree=<n> disagree=<n> open=<n> renamed=<n>

Each line gives the solve's seconds (its search and the check of its proof, which is
not bound to the budget) and the reading's.  ``read``: kills both the reading and the
classes decided; ``open``: kills one of them
left undecided within the budget; ``renamed``: kills whose named first move the
reading replaced by a kill with no ko in it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from engine_cy.board import BLACK, WHITE
from tsumego_gui.core import coords
from tsumego_gui.core.problem_files import ProblemFileError, problem_files, read_file
from tsumego_gui.search import kill_by_ko
from tsumego_gui.search.choice import solve_and_verify
from tsumego_gui.search.classify import OPEN, classify
from tsumego_gui.search.params import SearchParams

SIDES = {"B": BLACK, "W": WHITE}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--time", type=float, default=30.0, help="seconds per side (30)")
    parser.add_argument("--classes", type=Path, nargs="*", default=[],
                        help="suite.py --json-out files whose rows give each side's class")
    parser.add_argument("--shard", default="", help="K/N: every N-th file from the K-th")
    args = parser.parse_args(argv)
    known = {(r["problem"], r["side"]): r.get("class") for path in args.classes
             for r in json.loads(path.read_text()) if "side" in r}    # not a file's error row
    try:
        files = problem_files(args.folder)
    except ProblemFileError as err:
        sys.exit(f"kill_by_ko: {err}")
    if args.shard:
        k, n = (int(x) for x in args.shard.split("/"))
        files = files[k - 1::n]
    counts = dict.fromkeys(("kills", "read", "agree", "disagree", "open", "renamed"), 0)
    for path in files:
        name = str(path.relative_to(args.folder))
        try:
            problem = read_file(path)[0].problem
        except ProblemFileError as err:
            print(f"{name:<28}    skipped: {err.reason}", flush=True)
            continue
        sides = [problem.to_play] if problem.to_play_given else [BLACK, WHITE]
        for side in sides:
            line = read_side(name, problem, side, args.time, known, counts)
            if line:
                print(line, flush=True)
    print("RESULT " + " ".join(f"{k}={v}" for k, v in counts.items()))
    return 0


def read_side(name, problem, side, seconds, known, counts) -> str:
    """Solve, read a kill and compare it with the class; the line printed ("" for no
    kill)."""
    start = time.monotonic()

    def solve(framed, left):
        # no node budget, as ``tsumego solve`` gives df-pn none
        return solve_and_verify(framed, "dfs", to_play=side, max_nodes=0,
                                max_seconds=seconds if left is None else left)

    outcome = solve(problem, seconds)
    solved = time.monotonic() - start       # the search and its check (not time-bounded)
    if not kill_by_ko.applies(outcome):
        return ""
    counts["kills"] += 1
    reading = kill_by_ko.read_kill(outcome, solve, seconds - solved)
    read = time.monotonic() - start - solved
    cls = known.get((name, "BW"[side - 1]))
    if cls is None:
        cls = classify(problem, SearchParams(max_seconds=seconds), to_play=side,
                       ko_figures=False).status
    size = problem.size
    before = outcome.result.proof.winning_moves
    after = reading.outcome.result.proof.winning_moves
    if before != after:
        counts["renamed"] += 1
    if reading.needs_ko is None or cls == OPEN:
        counts["open"] += 1
        verdict = "open"
    else:
        counts["read"] += 1
        agrees = reading.needs_ko == (cls == "ko")
        counts["agree" if agrees else "disagree"] += 1
        verdict = "agree" if agrees else "DISAGREE"

    def names(moves):
        return ",".join(coords.to_gtp(m, size) for m in moves) or "-"

    return (f"{name:<28}{'BW'[side - 1]:>2}  class {cls:<5} needs ko {reading.needs_ko!s:<5} "
            f"{verdict:<8} named {names(before)} -> {names(after)}  solve {solved:6.2f} s, "
            f"reading {read:6.2f} s {reading.why_open}")


if __name__ == "__main__":
    sys.exit(main())
