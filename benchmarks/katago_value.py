"""How well a network's priors and values rank moves whose results are proven.

    python benchmarks/katago_value.py FOLDER [FOLDER ...] --network FILE [--device D]
                                      [--time S] [--limit N] [--crop yes|no]

For every problem-side of the folders (both sides when a file names none),
depth-first search with ``all_moves`` proves the result of every first move
(region moves and the pass) within ``--time`` seconds; sides it does not
settle, and sides whose first moves all win or all lose, are left out.  Then,
for each remaining side:

* **policy**: is the move with the highest prior (over the same candidate
  moves) a winning one?  Reported as top-1 accuracy beside the heuristic
  evaluator's priors and beside chance (the share of winning moves);
* **value**: the value of each position after a first move, from the mover's
  side (the defender's value, or one minus it for the attacker): the AUC of
  winning moves against losing ones (the chance that a random winner scores
  above a random loser, ties half), pooled per side and averaged, for each
  value reading of ``KataGoSettings.value`` and for the heuristic evaluator;
* **root value**: the AUC, over sides, of the root's value (from the side to
  move) for sides that win against sides that lose.

The numbers say which reading ranks proven moves best (``KataGoSettings``'s
default).  Ends with ``RESULT policy_top1=<katago> value_auc_<mode>=...``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from engine_cy.board import BLACK, PASS, WHITE
from tsumego_gui.core.problem_files import ProblemFileError, problem_files, read_file
from tsumego_gui.nn.katago_evaluator import VALUE_MODES, KataGoSettings, load_katago_evaluator
from tsumego_gui.search import dfs
from tsumego_gui.search.evaluators import HeuristicEvaluator, Query
from tsumego_gui.search.params import SearchParams


def auc(good: list[float], bad: list[float]) -> float:
    """P(a good score exceeds a bad one), ties counted half."""
    pairs = [(g > b) + 0.5 * (g == b) for g in good for b in bad]
    return float(np.mean(pairs))


def proven_sides(folders: list[Path], seconds: float, limit: int):
    """(name, problem, side, winners, losers, side wins) for every side settled in time."""
    files = [f for folder in folders for f in problem_files(folder)]
    if limit:
        files = files[:limit]
    for path in files:
        try:
            problems = [sp.problem for sp in read_file(path)]
        except ProblemFileError as err:
            print(f"{path.name}: cannot load: {err.reason}", file=sys.stderr)
            continue
        for problem in problems:
            sides = [problem.to_play] if problem.to_play_given else [BLACK, WHITE]
            for side in sides:
                result = dfs.solve(problem, SearchParams(max_seconds=seconds), to_play=side,
                                   all_moves=True)
                if result.verdict == "unknown":
                    continue
                board = problem.to_board()
                board.to_play = side
                candidates = board.legal_moves(problem.region_or_all()) + [PASS]
                winners = set(result.proof.winning_moves)
                side_wins = (result.verdict == "lives") == (side == problem.defender)
                yield (f"{path.parent.name}/{path.name}", problem, side, candidates, winners,
                       side_wins)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", type=Path, nargs="+")
    ap.add_argument("--network", required=True)
    ap.add_argument("--device", default=None)
    ap.add_argument("--time", type=float, default=10.0, help="df-pn seconds per side")
    ap.add_argument("--limit", type=int, default=0, help="only the first N files")
    ap.add_argument("--crop", choices=["yes", "no"], default="yes")
    args = ap.parse_args()
    katago = load_katago_evaluator(args.network, args.device,
                                   settings=KataGoSettings(crop=args.crop == "yes"))
    heuristic = HeuristicEvaluator()
    print(f"network: {katago.describe()}")
    top1 = {"katago": [], "heuristic": [], "chance": []}
    value_auc = {name: [] for name in (*VALUE_MODES, "heuristic")}
    roots: dict[str, list[tuple[float, bool]]] = {name: [] for name in value_auc}
    start = time.monotonic()
    sides = 0
    for name, problem, side, candidates, winners, side_wins in proven_sides(
            args.folders, args.time, args.limit):
        sides += 1
        board = problem.to_board()
        board.to_play = side
        root_query = Query(board, problem, tuple(candidates))
        children = []
        for move in candidates:
            child = board.copy()
            child.play(move)
            legal = tuple(child.legal_moves(problem.region_or_all())) + (PASS,)
            children.append(Query(child, problem, legal, moves=(move,)))
        queries = [root_query, *children]
        readings = katago.readings(queries)
        mover_is_defender = side == problem.defender
        values = {mode: [katago.value_of(q, r, mode)
                         for q, r in zip(queries, readings, strict=True)]
                  for mode in VALUE_MODES}
        values["heuristic"] = [e.value for e in heuristic.evaluate(queries)]
        for mode, vals in values.items():
            root_value = vals[0] if mover_is_defender else 1.0 - vals[0]
            roots[mode].append((root_value, side_wins))
            if 0 < len(winners) < len(candidates):
                scores = [v if mover_is_defender else 1.0 - v for v in vals[1:]]
                good = [s for m, s in zip(candidates, scores, strict=True) if m in winners]
                bad = [s for m, s in zip(candidates, scores, strict=True) if m not in winners]
                value_auc[mode].append(auc(good, bad))
        if 0 < len(winners) < len(candidates):
            prior_k = katago.evaluate([root_query])[0].priors
            prior_h = heuristic.evaluate([root_query])[0].priors
            top1["katago"].append(candidates[int(np.argmax(prior_k))] in winners)
            top1["heuristic"].append(candidates[int(np.argmax(prior_h))] in winners)
            top1["chance"].append(len(winners) / len(candidates))
        print(f"{name:<28} {'BW'[side - 1]} {len(winners)}/{len(candidates)} winning; "
              f"root {'wins' if side_wins else 'loses'}; "
              + " ".join(f"{m}={values[m][0]:.2f}" for m in values), flush=True)
    mixed = len(top1["katago"])
    print(f"\n{sides} sides proven, {mixed} with both winning and losing first moves; "
          f"{katago.network_evals} network evaluations, {time.monotonic() - start:.0f} s")
    print("policy top-1 (the highest prior is a winning move): " + ", ".join(
        f"{k} {np.mean(v):.3f}" for k, v in top1.items()))
    for mode in value_auc:
        wins = [v for v, w in roots[mode] if w]
        losses = [v for v, w in roots[mode] if not w]
        root_auc = auc(wins, losses) if wins and losses else float("nan")
        print(f"value {mode:<10} move AUC {np.mean(value_auc[mode]):.3f}   "
              f"root AUC {root_auc:.3f}")
    print("RESULT " + " ".join([f"policy_top1={np.mean(top1['katago']):.3f}"] + [
        f"value_auc_{m}={np.mean(value_auc[m]):.3f}" for m in value_auc]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
