"""Solve every problem of a folder, verify every proof, compare with the book and a peer solver.

    python benchmarks/suite.py FOLDER [--time S] [--max-nodes N] [--peer auto|yes|no] [--jobs N]
                               [--shard K/N] [--json-out F] [--classify yes|no]
                               [--evaluator NAME [--network FILE] [--device D]]
    python benchmarks/suite.py --merge F [F ...]

For each problem (SGF or research json) and each side to move (the file's, or
both when it names none) it runs our depth-first RZS with the budget and checks
the proof with the verifier (both through ``search.choice.solve_and_verify``).
With ``--evaluator`` (``nn.choice`` names: ``heuristic``, ``ftl``, ``katago``
with ``--network``) it runs the solver the CLI's ``auto`` picks with that
evaluator instead (best-first MCTS on large regions, df-pn on small ones).
It compares:

* with the book: the first moves recorded in the file (solution variations,
  ``answer_firstmove``).  A book move that is not our winning move is
  searched on its own, so a mismatch means "we prove the book's move does not
  win" (books can be incomplete or wrong: each case is listed);
* with the book again, through the classes a player reads (``search.classify``,
  every first move classified, each class's proofs verified): a *book
  contradiction* is a book first move whose class is a failure for the side
  that plays it (``dies`` for the defender; ``lives`` or ``seki`` for the
  attacker).  A ko is no contradiction: a book may give a ko as the answer.
  The classification's cost is timed against the single solve (both with
  verification), with the same budgets: the ratio's median is over the
  problem-sides where both finish (every first move decided), and the ones
  where the classification does not finish are counted apart.  It is the cost
  of the first-move classes and their proofs, as in earlier runs: the ko
  figures a ``ko`` position also gets (``search.ko_figure``: threats, direct
  or approach ko) are left out here, since they cost about as much again
  (measured on six enclosed-dev ko sides: 0.9 to 5.5 times the classification,
  median 2; ``benchmarks/results/2026-11-25-s25-ko-figures.txt``);
* with tsumego.js (an exact solver for enclosed problems; ``npm install
  tsumego.js`` into a cache folder outside the repo, done here on first use),
  on SGF problems that mark a target with ``MA``: same problem, same side,
  same time limit, in the same run, one after the other (run side by side on
  this machine's two cores, the peer slowed our search by about a quarter).

Ends with ``RESULT solved=<n> total=<m> wrong=<w> unverified=<u>
book_mismatch=<b> median_ratio_vs_peer=<r> book_contradictions=<c>
median_classify_ratio=<k>``: ``wrong`` counts verdicts that contradict the
peer's (seki is life for both: our default goal is ``survive``) or that say
"no winning move" where the book shows one, except where ``peer_walk`` shows
a documented difference in ko semantics (ko history the peer cannot see);
``r`` is the median of our time / the peer's time over problem-sides both
solve; ``k`` the median of classification time / single-solve time over the
problem-sides where both finish, followed by ``classify_unfinished=<n>``: the
problem-sides whose single solve finished and whose classification did not.
"""

from __future__ import annotations

import argparse
import builtins
import json
import multiprocessing
import os
import shutil
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path

from peer_walk import explain  # benchmarks/ is on sys.path when run as a script

from engine_cy.board import BLACK, PASS, WHITE
from tsumego_gui.core import coords
from tsumego_gui.core.problem import Problem
from tsumego_gui.core.problem_files import ProblemFileError, problem_files, read_file
from tsumego_gui.nn.choice import make_evaluator
from tsumego_gui.search import gc_pacing
from tsumego_gui.search.choice import PARTLY, REJECTED, solve_and_verify
from tsumego_gui.search.classify import OPEN, classify
from tsumego_gui.search.dfs import solve
from tsumego_gui.search.params import SearchParams
from tsumego_gui.search.results import forget_zones

PEER_DIR = Path(os.path.expanduser("~/.cache/tsumego_gui/peer"))
PEER_SCRIPT = """
const ts = require(process.argv[2] + '/node_modules/tsumego.js');
const sgf = require('fs').readFileSync(process.argv[3], 'utf8');
const t = process.hrtime.bigint();
let move = null, error = null;
try { move = new ts.Solver(sgf).solve(process.argv[4]); }
catch (e) { error = String(e.message || e); }
const ms = Number(process.hrtime.bigint() - t) / 1e6;
console.log(JSON.stringify({move: move, ms: ms, error: error}));
"""
NAMES = {BLACK: "B", WHITE: "W"}


def ensure_peer() -> Path | None:
    """Install tsumego.js into the cache folder once; None when node/npm are missing."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        return None
    if not (PEER_DIR / "node_modules" / "tsumego.js").is_dir():
        PEER_DIR.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "init", "-y"], cwd=PEER_DIR, capture_output=True, check=False)
        done = subprocess.run(["npm", "install", "tsumego.js"], cwd=PEER_DIR,
                              capture_output=True, check=False)
        if done.returncode != 0:
            return None
    script = PEER_DIR / "run_peer.js"
    script.write_text(PEER_SCRIPT)
    return script


def run_peer(script: Path, sgf_path: Path, side: int, seconds: float) -> dict:
    """The peer's answer: {'wins': bool|None, 'move': str|None, 'seconds': float|None}."""
    try:
        done = subprocess.run(["node", str(script), str(PEER_DIR), str(sgf_path), NAMES[side]],
                              capture_output=True, text=True, timeout=seconds)
    except subprocess.TimeoutExpired:
        return {"wins": None, "move": None, "seconds": None, "note": "timeout"}
    try:
        out = json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        return {"wins": None, "move": None, "seconds": None, "note": done.stderr[-200:]}
    if out.get("error"):
        return {"wins": None, "move": None, "seconds": None, "note": out["error"][:120]}
    move = out.get("move")
    return {"wins": bool(move), "move": move or None, "seconds": out["ms"] / 1000.0}


def book_check(problem: Problem, side: int, winning: list[int], side_wins: bool,
               params: SearchParams, options: dict) -> tuple[bool, list[str]]:
    """(mismatch?, notes): is every book first move for ``side`` a proven winner?
    (searched with the run's solver and evaluator)"""
    book = [m for m in problem.book_moves_for(side) if m != PASS]
    if not book or not side_wins:
        return False, []
    notes = []
    mismatch = False
    for move in book:
        if move in winning:
            continue
        child = problem.to_board()
        child.to_play = side
        if not child.is_legal(move):
            notes.append(f"book move {coords.to_gtp(move, problem.size)} is illegal")
            mismatch = True
            continue
        # search the position after the book move with the other side to move
        after = problem_after(problem, side, move)
        if options["evaluator"]:
            result = solve_and_verify(after, "auto", evaluator=evaluator_for(options),
                                      max_nodes=params.max_nodes,
                                      max_seconds=params.max_seconds, to_play=side ^ 3,
                                      check=False, batch_size=options["batch_size"]).result
        else:
            result = solve(after, params, to_play=side ^ 3)
        move_wins = (result.verdict == "lives") == (side == problem.defender)
        if result.verdict == "unknown":
            notes.append(f"book move {coords.to_gtp(move, problem.size)} unresolved")
        elif not move_wins:
            notes.append(f"book move {coords.to_gtp(move, problem.size)} does not win")
            mismatch = True
    return mismatch, notes


def problem_after(problem: Problem, side: int, move: int) -> Problem:
    """The problem after ``side`` plays ``move`` (captures applied, history extended)."""
    board = problem.to_board()
    board.to_play = side
    board.play(move)
    colors = board.colors()
    size = problem.size
    black = [coords.to_loc(r, c, size) for r in range(size) for c in range(size)
             if colors[r, c] == BLACK]
    white = [coords.to_loc(r, c, size) for r in range(size) for c in range(size)
             if colors[r, c] == WHITE]
    crucial = [p for p in problem.crucial if board.color_at(p) == problem.defender]
    from dataclasses import replace
    return replace(problem, black=frozenset(black), white=frozenset(white), to_play=side ^ 3,
                   to_play_given=True, crucial=frozenset(crucial or problem.crucial),
                   history=tuple(board.history()[:-1]), book_moves=())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?")
    parser.add_argument("--time", type=float, default=30.0, help="seconds per problem-side")
    parser.add_argument("--max-nodes", type=int, default=0, help="node budget (0 = none)")
    parser.add_argument("--peer", choices=["auto", "yes", "no"], default="auto")
    parser.add_argument("--limit", type=int, default=0, help="only the first N files")
    parser.add_argument("--shard", default="", metavar="K/N",
                        help="only every N-th file from the K-th (1-based): N runs side by "
                             "side, one core each, with the peer; join them with --merge")
    parser.add_argument("--merge", type=Path, nargs="+", metavar="JSON",
                        help="print the summary of the rows of earlier runs' --json-out")
    parser.add_argument("--only", default="", help="comma-separated file names (relative)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="problem-sides solved at once, one process each (for readings "
                             "without the peer: each search gets a core, but they share "
                             "the memory bus, so times are not comparable with --jobs 1)")
    parser.add_argument("--json-out", type=Path, help="write per-problem rows as JSON")
    parser.add_argument("--classify", choices=["yes", "no"], default="yes",
                        help="also classify every first move of each solved side (default yes)")
    parser.add_argument("--evaluator", default="",
                        help="solve with the CLI's auto solver and this evaluator (default: "
                             "depth-first search alone)")
    parser.add_argument("--network", default=None, help="the evaluator's network file")
    parser.add_argument("--device", default=None, help="the network's device (default auto)")
    parser.add_argument("--batch-size", type=int, default=None,
                        help="MCTS leaves per evaluator call (default: MCTS's own)")
    parser.add_argument("--torch-threads", type=int, default=None,
                        help="torch's threads in each worker (default: the cores shared out "
                             "among the jobs)")
    parser.add_argument("--network-depth", type=int, default=None,
                        help="katago: ask the network only this many moves from the search's "
                             "root (-1 everywhere; default 4)")
    parser.add_argument("--paper-table", type=Path,
                        help="CSV of the paper's node counts by problem id (research json "
                             "files are named <id>.json): printed beside our counts")
    args = parser.parse_args()
    if args.merge:
        summarize([row for path in args.merge for row in json.loads(path.read_text())])
        return
    if args.folder is None:
        parser.error("a FOLDER is needed (or --merge)")
    paper = read_paper_table(args.paper_table) if args.paper_table else {}

    params = SearchParams(max_nodes=args.max_nodes, max_seconds=args.time)
    files = chosen_files(args.folder, args.only, "suite")
    if args.limit:
        files = files[: args.limit]
    if args.shard:
        k, n = (int(x) for x in args.shard.split("/"))
        files = files[k - 1::n]
    peer = ensure_peer() if args.peer != "no" else None
    if args.peer == "yes" and peer is None:
        sys.exit("suite: the peer (node + npm install tsumego.js) is not available")

    if args.jobs > 1 and peer is not None:
        sys.exit("suite: --jobs needs --peer no (the peer's times would share the cores)")

    options = {"classify": args.classify == "yes", "evaluator": args.evaluator,
               "network": args.network, "device": args.device,
               "batch_size": args.batch_size, "network_depth": args.network_depth,
               # each worker's share of the cores: torch's default (all of them, in every
               # worker) oversubscribes the machine
               "threads": args.torch_threads or max(1, (os.cpu_count() or 1)
                                                    // max(1, args.jobs))}
    if args.evaluator:
        try:
            describe = evaluator_for(options)
        except ValueError as err:
            sys.exit(f"suite: {err}")
        depth = getattr(describe, "network_depth", None)
        print(f"evaluator: {args.evaluator} ({getattr(describe, 'describe', lambda: '')()})"
              + (f", network depth {depth}" if depth is not None else ""))
    rows = []
    tasks = []
    print(f"{'problem':<28}{'side':>4} {'ours':>8} {'s':>7} {'nodes':>9} {'ver':>4} "
          f"{'peer':>6} {'s':>7}  notes")
    for path in files:
        name = str(path.relative_to(args.folder))
        try:
            problems = [sp.problem for sp in read_file(path)]
        except ProblemFileError as err:
            print(f"{name:<28} cannot load: {err.reason}")
            rows.append({"problem": name, "error": err.reason})
            continue
        for problem in problems:
            sides = [problem.to_play] if problem.to_play_given else [BLACK, WHITE]
            tasks += [(name, path, problem, side, params, peer, args.time, options)
                      for side in sides]
    # spawned, not forked: a network evaluator's CUDA state does not survive a fork
    pool_context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(args.jobs, mp_context=pool_context) if args.jobs > 1 \
            else nullcontext() as pool:
        done = (pool or builtins).map(run_task, tasks)
        for (name, path, *_), row in zip(tasks, done, strict=True):
            if path.stem in paper:
                row["paper"] = paper[path.stem]
                print(f"{'':<28}{name} paper: " + " ".join(
                    f"{k}={v or '-'}" for k, v in paper[path.stem].items()), flush=True)
            rows.append(row)
    summarize(rows)
    if args.json_out:
        args.json_out.write_text(json.dumps(rows, indent=1))


def chosen_files(folder: Path, only: str, tool: str) -> list[Path]:
    """The problem files of ``folder``, or those of them ``only`` names (comma-separated,
    relative); a folder that cannot be read ends ``tool`` with its reason."""
    try:
        files = problem_files(folder)
    except ProblemFileError as err:
        sys.exit(f"{tool}: {err}")
    if only:
        wanted = set(only.split(","))
        files = [f for f in files if str(f.relative_to(folder)) in wanted]
    return files


def read_paper_table(path: Path) -> dict[str, dict[str, str]]:
    """The paper's node counts (column -> value, '' = not solved) by problem id."""
    import csv
    with path.open(newline="") as f:
        return {row.pop("id"): row for row in csv.DictReader(f)}


def run_task(task: tuple) -> dict:
    """One problem-side, with garbage collection paced as the CLI and the app pace it
    (``search.gc_pacing``), and the heap cleaned after it."""
    try:
        with gc_pacing.paced():
            return run_one(*task)
    finally:
        forget_zones()
        gc_pacing.clean_slate()


def classify_check(problem: Problem, side: int, single_seconds: float,
                   params: SearchParams, row: dict) -> None:
    """Classify every first move with the single solve's budgets; record the cost ratio
    and any book first move whose class is a failure for ``side``."""
    start = time.monotonic()
    c = classify(problem, params, to_play=side, ko_figures=False)
    spent = time.monotonic() - start
    row["classify_seconds"] = round(spent, 3)
    row["class"] = c.status
    finished = c.status != OPEN and all(m.cls != OPEN for m in c.moves)
    row["classify_finished"] = finished
    if finished:
        row["classify_ratio"] = spent / max(single_seconds, 1e-3)
    failure = ("dies",) if side == problem.defender else ("lives", "seki")
    classes = {m.move: m.cls for m in c.moves}
    bad = [m for m in c.moves if m.cls != OPEN and m.verification != "verified"]
    if bad:
        row["notes"].append(f"classification unverified: {bad[0].verification}")
        row["classify_unverified"] = True
    for move in problem.book_moves_for(side):
        if move == PASS:
            continue
        cls = classes.get(move)
        name = coords.to_gtp(move, problem.size)
        if cls in failure:
            row["book_contradiction"] = True
            row["notes"].append(f"book move {name}: {c.words(cls)}")
        elif cls == OPEN:
            row["notes"].append(f"book move {name}: class open")
        elif cls is None:
            row["book_contradiction"] = True
            row["notes"].append(f"book move {name} is not a legal region move")


_EVALUATORS: dict[tuple, object] = {}


def evaluator_for(options: dict):
    """The options' evaluator, built once per process (a network loads once)."""
    depth = options.get("network_depth")
    key = (options["evaluator"], options["network"], options["device"], depth)
    if key not in _EVALUATORS:
        import torch
        torch.set_num_threads(options["threads"])
        settings = None
        if depth is not None and options["evaluator"] == "katago":
            from tsumego_gui.nn.katago_evaluator import KataGoSettings
            settings = KataGoSettings(network_depth=depth)
        _EVALUATORS[key] = make_evaluator(options["evaluator"], options["network"],
                                          options["device"], settings=settings)
    return _EVALUATORS[key]


def run_one(name, path, problem, side, params, peer, seconds, options) -> dict:
    start = time.monotonic()
    if options["evaluator"]:
        evaluator = evaluator_for(options)
        evals_before = getattr(evaluator, "network_evals", None)
        outcome = solve_and_verify(problem, "auto", evaluator=evaluator,
                                   max_nodes=params.max_nodes,
                                   max_seconds=params.max_seconds, to_play=side, replays=50,
                                   batch_size=options["batch_size"])
    else:
        outcome = solve_and_verify(problem, "dfs", max_nodes=params.max_nodes,
                                   max_seconds=params.max_seconds, to_play=side, replays=50)
    single = time.monotonic() - start
    result = outcome.result
    row = {"problem": name, "side": NAMES[side], "verdict": result.verdict,
           "seconds": round(result.seconds, 3), "nodes": result.nodes, "notes": [],
           "solver": outcome.solver_used}
    if options["evaluator"] and evals_before is not None:
        row["network_evals"] = evaluator.network_evals - evals_before
    side_wins = None
    if result.proof is not None:
        # a walk the verifier's position budget cut short checked only part of the proof
        row["verified"] = outcome.verified
        if outcome.verification == REJECTED:
            row["notes"].append("verifier: " + "; ".join(outcome.verifier_errors[:2]))
        elif outcome.verification == PARTLY:
            row["notes"].append("verifier: walk cut short by its position budget")
        side_wins = (result.verdict == "lives") == (side == problem.defender)
        row["side_wins"] = side_wins
        row["winning"] = [coords.to_gtp(m, problem.size) for m in result.proof.winning_moves]
        row["book_mismatch"], notes = book_check(problem, side, result.proof.winning_moves,
                                                 side_wins, params, options)
        row["notes"] += notes
        if not side_wins and [m for m in problem.book_moves_for(side) if m != PASS]:
            row["notes"].append("we say no winning move but the book shows one")
        if options["classify"]:
            classify_check(problem, side, single, params, row)
    if peer is not None and path.suffix.lower() == ".sgf" and b"MA[" in path.read_bytes():
        p = run_peer(peer, path, side, seconds)
        row["peer_wins"], row["peer_seconds"] = p["wins"], p["seconds"]
        if p.get("note"):
            row["notes"].append(f"peer: {p['note']}")
        if side_wins is not None and p["wins"] is not None and p["wins"] != side_wins:
            row["notes"].append(f"peer says {'win' if p['wins'] else 'loss'} ({p['move']})")
            why = explain(result.proof, path, peer, PEER_DIR)
            row["notes"].append(why)
            if why.startswith(("ko", "peer gives up")):
                row["semantics"] = True     # a documented difference, not a wrong verdict
            else:
                row["wrong"] = True
    if row.get("book_contradiction"):
        row["wrong"] = True
    ours = {None: "?", True: "win", False: "loss"}[side_wins]
    peer_text = {None: "-", True: "win", False: "loss"}[row.get("peer_wins")]
    ps = row.get("peer_seconds")
    print(f"{name:<28}{row['side']:>4} {ours:>8} {row['seconds']:>7.2f} {row['nodes']:>9} "
          f"{'yes' if row.get('verified') else ('NO' if 'verified' in row else '-'):>4} "
          f"{peer_text:>6} {(f'{ps:.2f}' if ps is not None else '-'):>7}  "
          f"{'; '.join(row['notes'])}", flush=True)
    return row


def summarize(rows: list[dict]) -> None:
    done = [r for r in rows if "verdict" in r]
    solved = [r for r in done if r["verdict"] != "unknown"]
    wrong = [r for r in done if r.get("wrong")]
    unverified = [r for r in solved if not r.get("verified") or r.get("classify_unverified")]
    mismatch = [r for r in solved if r.get("book_mismatch")]
    ratios = [r["seconds"] / r["peer_seconds"] for r in solved
              if r.get("peer_seconds") and r.get("peer_wins") is not None
              and r["peer_seconds"] > 0]
    peer_solved = [r for r in done if r.get("peer_wins") is not None]
    missed = [r for r in peer_solved if r["verdict"] == "unknown"]
    print()
    print(f"solved {len(solved)}/{len(done)} problem-sides; peer solved {len(peer_solved)}; "
          f"solved by the peer but not by us: {len(missed)}")
    if solved:
        times = sorted(r["seconds"] for r in solved)
        print(f"our median time when solved: {statistics.median(times):.3f} s")
    semantics = [r for r in done if r.get("semantics")]
    for label, group in (("wrong", wrong), ("unverified", unverified),
                         ("semantic difference", semantics),
                         ("book mismatch", mismatch), ("peer solved, we did not", missed)):
        for r in group:
            print(f"  {label}: {r['problem']} {r['side']}: {'; '.join(r['notes'])}")
    with_paper = [r for r in done if "paper" in r]
    if with_paper:
        problems = {r["problem"] for r in with_paper}
        ours = {r["problem"] for r in with_paper if r["verdict"] != "unknown"}
        by_problem = {r["problem"]: r["paper"] for r in with_paper}
        columns = [c for c in next(iter(by_problem.values())) if c not in ("volume", "page")]
        paper_counts = ", ".join(
            f"{c} {sum(1 for counts in by_problem.values() if counts[c])}" for c in columns)
        print(f"paper table: we prove {len(ours)}/{len(problems)} problems; "
              f"the paper's columns prove {paper_counts}")
    median_ratio = statistics.median(ratios) if ratios else float("nan")
    contradictions = [r for r in done if r.get("book_contradiction")]
    classify_ratios = [r["classify_ratio"] for r in done if "classify_ratio" in r]
    unfinished = [r for r in done if r.get("classify_finished") is False]
    median_classify = statistics.median(classify_ratios) if classify_ratios else float("nan")
    quartiles = (statistics.quantiles(classify_ratios, n=4) if len(classify_ratios) > 1
                 else classify_ratios)
    print(f"classification: {len(classify_ratios)} problem-sides finished (cost ratio "
          f"quartiles {', '.join(f'{q:.2f}' for q in quartiles)}), "
          f"{len(unfinished)} not within the budget; classes: " + ", ".join(
              f"{k} {sum(1 for r in done if r.get('class') == k)}"
              for k in ("lives", "seki", "ko", "dies", OPEN)))
    print(f"RESULT solved={len(solved)} total={len(done)} wrong={len(wrong)} "
          f"unverified={len(unverified)} book_mismatch={len(mismatch)} "
          f"median_ratio_vs_peer={median_ratio:.3f} book_contradictions={len(contradictions)} "
          f"median_classify_ratio={median_classify:.3f} "
          f"classify_unfinished={len(unfinished)}")


if __name__ == "__main__":
    start = time.monotonic()
    main()
    print(f"(suite took {time.monotonic() - start:.0f} s)", file=sys.stderr)
