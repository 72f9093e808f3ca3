"""Book problems as players have them: pose and frame each open problem, prove it, judge it
against the book's own lines.

    python benchmarks/book.py FOLDER [--time S] [--distance D] [--around stones|defender]
                              [--no-closer] [--jobs N] [--only a.json,b.json]
                              [--evaluator NAME --network FILE [--device D] [--network-depth N]]
                              [--solver S]

For each research json of FOLDER (``../shared/problems/rzone-19x19-dev/json``)
it takes only ``rawsgf``, the original book problem (an open corner or side
position with its correct line and failure lines), and:

1. poses it (``core.posing``: who must live, who moves, the targets) and
   frames it (``core.frame`` at ``--distance``); the posed defender and side to
   move are checked against the json's ``winning_color``/``turn_color``;
2. solves it as the CLI does, the closer frame first (``search.frame_ladder``: a
   life proven in the frame around the defender's stones is the answer, else the
   problem's own frame gets the time left; ``--no-closer`` skips it; the ``reg``
   column is the region of the frame the answer came from, marked ``c`` when
   the closer one; ``s`` counts both frames' searches and proof checks, ``nodes``
   the answering search's), with the CLI's ``auto`` solver and default evaluator
   (``nn.choice.DEFAULT_EVALUATOR``; ``--evaluator`` as in ``suite.py``;
   ``--solver dfs|mcts`` forces one, to compare) and checks the proof with the
   verifier;
3. compares with the book:

   * ``first_move_right``: posed as the book poses it (defender and side to
     move), proven, and the book's correct first move is a
     proven winning first move (a correct move that is not our proof's is
     searched on its own).  Where the side to move is the attacker (黑棋不死:
     "White cannot kill"), right means proving that no attacker move works.
     Where the book marks no correct line, right means the proven verdict
     agrees with the book's;
   * ``failures_refuted``: failure lines whose first move is proven to lose
     (each searched on its own with ``--check-time``, the closer frame first as
     above), of all failure lines of the proven problems;
   * ``wrong``: a proven verdict against the book's, a book correct move proven
     to lose, or a failure move proven to win; each is listed with the book's
     errata where known (``ERRATA``).

Prints one row per problem beside the research framing's region size, then
``RESULT posed=<n> proven=<n> first_move_right=<n> failures_refuted=<n>
failures=<n> wrong=<n> unverified=<n> total=<n> median_region=<n>``.  ``posed``
counts problems whose posing matches the book's defender and side to move;
``median_region`` is the median number of empty points in our framed regions.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from suite import evaluator_for, problem_after  # benchmarks/ is on sys.path as a script

from engine_cy.board import BLACK, WHITE
from tsumego_gui.core import coords
from tsumego_gui.core.frame import AROUND, DISTANCE
from tsumego_gui.core.open_problem import (
    RIGHT,
    WRONG,
    frame_closer,
    pose_and_frame,
    read_open_position,
)
from tsumego_gui.core.problem import Problem, ProblemError
from tsumego_gui.nn.choice import DEFAULT_EVALUATOR
from tsumego_gui.search.choice import REJECTED, SOLVERS, VERIFIED, solve_and_verify
from tsumego_gui.search.frame_ladder import solve_closer_first

COLORS = {"b": BLACK, "w": WHITE}
NAMES = {BLACK: "B", WHITE: "W"}
# book errata: the research data's problem 3 gives a failure move as its answer
ERRATA = {"3.json": "the research answer (answer_firstmove) is a failure move of the book"}


def solve(problem: Problem, to_play: int, seconds: float, options: dict):
    evaluator = evaluator_for(options) if options["evaluator"] else None
    return solve_and_verify(problem, options["solver"], evaluator=evaluator, max_seconds=seconds,
                            max_nodes=0,
                            to_play=to_play, replays=50)


def solve_posed(problem: Problem, closer: Problem | None, to_play: int, seconds: float,
                options: dict):
    """``solve`` through the frame ladder: (the framed problem answered, outcome, closer?)."""
    ladder = solve_closer_first(problem, closer if options["closer"] else None,
                                lambda p, s: solve(p, to_play, s, options), seconds)
    return ladder.problem, ladder.outcome, ladder.closer


def move_result(problem: Problem, closer: Problem | None, side: int, move: int,
                seconds: float, options: dict) -> str:
    """"wins", "loses", "illegal" or "open": ``side`` playing ``move`` first."""
    board = problem.to_board()
    board.to_play = side
    if not board.is_legal(move):
        return "illegal"
    if closer is not None:
        board = closer.to_board()
        board.to_play = side
        closer = problem_after(closer, side, move) if (
            move in closer.region and board.is_legal(move)) else None
    _, outcome, _ = solve_posed(problem_after(problem, side, move), closer, side ^ 3, seconds,
                                options)
    result = outcome.result
    if result.verdict == "unknown" or outcome.verification != VERIFIED:
        return "open"
    return "wins" if (result.verdict == "lives") == (side == problem.defender) else "loses"


def run_one(path: Path, options: dict) -> dict:
    data = json.loads(path.read_text(encoding="utf-8"))
    row = {"problem": path.name, "notes": [],
           "research_region": len(data["region"].split(",")) if data.get("region") else 0}
    try:
        position = read_open_position(data["rawsgf"].encode("utf-8"), path.name)
        posing, framed = pose_and_frame(position, distance=options["distance"],
                                        around=options["around"])
    except ProblemError as e:
        row["notes"].append(f"not posed: {e}")
        return _print(row)
    problem, side = framed.problem, posing.to_play
    closer = frame_closer(position, posing, framed)
    closer = closer and closer.problem
    book_defender, book_turn = COLORS[data["winning_color"]], COLORS[data["turn_color"]]
    row.update(side=NAMES[side], defender=NAMES[posing.defender],
               posed=posing.defender == book_defender and side == book_turn,
               confidence=posing.confidence, region=framed.empty_region)
    if not row["posed"]:
        row["notes"].append("posed " + "; ".join(posing.reasons))
    start = time.monotonic()
    answered, outcome, row["closer"] = solve_posed(problem, closer, side, options["time"],
                                                   options)
    row["region"] = answered.empty_region()
    result = outcome.result
    # the seconds of both frames' searches and checks; the nodes of the answering one
    row.update(verdict=result.verdict, seconds=round(time.monotonic() - start, 2),
               nodes=result.nodes, solver=outcome.solver_used)
    if result.proof is None:
        row["notes"].append(f"open: {result.stop_reason or 'no proof'}")
        return _print(row)
    row["verified"] = outcome.verification == VERIFIED
    if outcome.verification == REJECTED:
        row["notes"].append("verifier: " + "; ".join(outcome.verifier_errors[:2]))
    side_wins = (result.verdict == "lives") == (side == problem.defender)
    defender_lives = result.verdict == "lives"
    row["proven"] = row["verified"]
    winning = list(result.proof.winning_moves)
    name = lambda m: coords.to_gtp(m, problem.size)  # noqa: E731
    # book and failure moves are searched on their own in the problem's frame, the
    # closer frame first (the ladder's rule: only a life carries over from it)
    row["winning"] = [name(m) for m in winning]
    wrong = []
    if row["posed"] and defender_lives != (book_defender == problem.defender):
        wrong.append(f"verdict: we prove {NAMES[problem.defender]} "
                     f"{'lives' if defender_lives else 'dies'}, the book says otherwise")
    correct = [m for c, m in position.book_moves(RIGHT) if c == side]
    # a failure line may start with the correct move and go wrong later (it then says
    # nothing about the first move)
    failures = [m for c, m in position.book_moves(WRONG) if c == side and m not in correct]
    right = False
    if not row["posed"]:
        pass        # we posed another problem than the book's: its first moves say nothing
    elif side != posing.defender:
        right = not side_wins           # the attacker moves: no kill is the book's answer
    elif not correct:
        right = side_wins
    elif side_wins:
        for move in correct:
            status = "wins" if move in winning else move_result(
                problem, closer, side, move, options["check_time"], options)
            if status == "wins":
                right = True
                break
            if status == "loses":
                wrong.append(f"book correct move {name(move)} proven to lose")
            row["notes"].append(f"book move {name(move)}: {status}")
    refuted = 0
    for move in failures:
        if move in winning:
            wrong.append(f"failure move {name(move)} is our proven winning move")
            continue
        status = move_result(problem, closer, side, move, options["check_time"], options)
        refuted += status in ("loses", "illegal")
        if status == "wins":
            wrong.append(f"failure move {name(move)} proven to win")
        elif status == "open":
            row["notes"].append(f"failure move {name(move)}: open")
    row.update(first_move_right=row["verified"] and right, failures=len(failures),
               refuted=refuted if row["verified"] else 0)
    if wrong:
        row["wrong"] = wrong
        row["notes"] += wrong + ([f"errata: {ERRATA[path.name]}"] if path.name in ERRATA else [])
    return _print(row)


def _print(row: dict) -> dict:
    verdict = {None: "-", "lives": "lives", "dies": "dies", "unknown": "?"}[row.get("verdict")]
    print(f"{row['problem']:<10}{row.get('side', '-'):>3}{row.get('defender', '-'):>4}"
          f"{'ok' if row.get('posed') else 'NO':>4} {row.get('confidence', '-'):<6}"
          f"{row.get('region', '-'):>4}{'c' if row.get('closer') else ' '}"
          f"{row['research_region']:>5} {verdict:>6}"
          f"{row.get('seconds', 0):>8.1f}{row.get('nodes', 0):>10}"
          f"{'yes' if row.get('verified') else '-':>5}"
          f"{'yes' if row.get('first_move_right') else '-':>6}"
          f"{row.get('refuted', 0):>3}/{row.get('failures', 0):<3} {'; '.join(row['notes'])}",
          flush=True)
    return row


def summarize(rows: list[dict]) -> None:
    regions = [r["region"] for r in rows if "region" in r]
    unverified = sum(1 for r in rows if r.get("verdict") in ("lives", "dies")
                     and not r.get("verified"))
    print("\nwrong:" if any(r.get("wrong") for r in rows) else "\nwrong: none")
    for r in rows:
        for w in r.get("wrong", []):
            print(f"  {r['problem']}: {w}" + (f" ({ERRATA[r['problem']]})"
                                              if r["problem"] in ERRATA else ""))
    print(f"RESULT posed={sum(1 for r in rows if r.get('posed'))} "
          f"proven={sum(1 for r in rows if r.get('proven'))} "
          f"first_move_right={sum(1 for r in rows if r.get('first_move_right'))} "
          f"failures_refuted={sum(r.get('refuted', 0) for r in rows)} "
          f"failures={sum(r.get('failures', 0) for r in rows if r.get('proven'))} "
          f"wrong={sum(1 for r in rows if r.get('wrong'))} unverified={unverified} "
          f"total={len(rows)} median_region={statistics.median(regions) if regions else 0:g}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--time", type=float, default=300.0, help="seconds per problem")
    ap.add_argument("--check-time", type=float, default=None,
                    help="seconds per book or failure move searched on its own (default --time)")
    ap.add_argument("--distance", type=int, default=DISTANCE, help="frame distance")
    ap.add_argument("--around", choices=AROUND, default=AROUND[0],
                    help="the frame's box holds all the stones or the defender's only")
    ap.add_argument("--no-closer", action="store_true",
                    help="solve in the problem's own frame only (no closer frame first)")
    ap.add_argument("--jobs", type=int, default=1, help="problems solved at once")
    ap.add_argument("--only", default="", help="comma-separated file names")
    ap.add_argument("--evaluator", default=DEFAULT_EVALUATOR)
    ap.add_argument("--network", default=None)
    ap.add_argument("--device", default="auto")
    ap.add_argument("--network-depth", type=int, default=None,
                    help="katago: ask the network this many moves below the root (as suite.py)")
    ap.add_argument("--solver", default="auto", choices=SOLVERS)
    args = ap.parse_args()
    paths = sorted(args.folder.glob("*.json"), key=lambda p: (len(p.stem), p.stem))
    if args.only:
        wanted = set(args.only.split(","))
        paths = [p for p in paths if p.name in wanted]
    if not paths:
        sys.exit(f"no research json files in {args.folder}")
    options = {"time": args.time, "check_time": args.check_time or args.time,
               "distance": args.distance, "evaluator": args.evaluator,
               "network": args.network, "device": args.device, "threads": 1,
               "solver": args.solver, "network_depth": args.network_depth,
               "around": args.around, "closer": not args.no_closer}
    box = {"stones": "all stones", "defender": "the defender's stones"}[args.around]
    print(f"frame distance {args.distance} from the box of {box}, {args.time:g} s per "
          f"problem{'' if args.no_closer else ', the closer frame first'}, solver {args.solver}"
          + (f", evaluator {args.evaluator}" if args.evaluator else "")
          + (f", network depth {args.network_depth}" if args.network_depth is not None else ""))
    print(f"{'problem':<10}{'to':>3}{'def':>4}{'pos':>4} {'conf':<6}{'reg':>5}{'rz':>5} "
          f"{'ours':>6}{'s':>8}{'nodes':>10}{'ver':>5}{'right':>6} refuted  notes")
    if args.jobs > 1:
        ctx = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(args.jobs, mp_context=ctx) as pool:
            rows = list(pool.map(run_one, paths, [options] * len(paths)))
    else:
        rows = [run_one(p, options) for p in paths]
    summarize(rows)


if __name__ == "__main__":
    main()
