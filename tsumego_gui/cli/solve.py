"""``tsumego solve``: prove a problem, print the verdict and figures, save the proof.

Solving and checking go through ``search.choice.solve_and_verify``; every
proof is reported ``verified: yes`` (the verifier walked all of it),
``partly`` (its position budget ran out first; ``--verify-positions`` raises
it) or ``NO`` (it found a fault).  The exit status is 0 when every proof is
verified in full, 1 otherwise.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tsumego_gui.cli.loading import load_from_args
from tsumego_gui.core import coords
from tsumego_gui.core.colors import BLACK, WHITE
from tsumego_gui.core.problem import Problem, ProblemError
from tsumego_gui.nn.choice import make_evaluator
from tsumego_gui.search.choice import PARTLY, VERIFIED, solve_and_verify

NAMES = {BLACK: "Black", WHITE: "White"}


def sides_to_solve(problem: Problem, to_play: str | None) -> list[int]:
    """The sides to move to solve for: the one asked, the problem's, or both when unknown."""
    if to_play is not None:
        return [BLACK if to_play.upper().startswith("B") else WHITE]
    return [problem.to_play] if problem.to_play_given else [BLACK, WHITE]


def solve_one(problem: Problem, to_play: int, args, evaluator) -> dict:
    outcome = solve_and_verify(
        problem, args.solver, evaluator=evaluator, max_nodes=args.max_nodes,
        max_seconds=args.time, to_play=to_play, all_moves=args.all, seed=args.seed,
        batch_size=args.batch_size, max_positions=args.verify_positions)
    result = outcome.result
    size = problem.size
    row = {
        "solver": outcome.solver_used,
        "solver_reason": outcome.reason,
        "to_play": NAMES[to_play],
        "defender": NAMES[problem.defender],
        "verdict": result.verdict,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 3),
        "nodes_per_s": round(result.nodes_per_s),
        "stopped_by": result.stop_reason,
    }
    if result.proof is not None:
        row.update({
            "winning_moves": [coords.to_gtp(m, size) for m in result.proof.winning_moves],
            "proof_size": result.proof.size(),
            "verified": outcome.verified,               # the whole proof walked, no fault
            "verification": outcome.verification,       # verified | partly | rejected
            "verifier_errors": list(outcome.verifier_errors),
        })
    return {"result": result, "row": row}


def print_row(row: dict) -> None:
    side, defender = row["to_play"], row["defender"]
    print(f"solver: {row['solver']} ({row['solver_reason']})")
    if row["verdict"] == "unknown":
        print(f"{side} to play: not proven within budget ({row['stopped_by']}); "
              f"{row['nodes']} nodes in {row['seconds']} s")
        return
    lives = row["verdict"] == "lives"
    moves = ", ".join(row["winning_moves"]) or "none"
    if side == defender:
        what = f"{defender} lives" if lives else f"{defender} dies (no move lives)"
    else:
        what = f"{defender} dies" if not lives else f"{defender} lives (no move kills)"
    print(f"{side} to play: {what}")
    print(f"  winning moves: {moves}" if row["winning_moves"] else "  winning moves: none")
    print(f"  proof size: {row['proof_size']} nodes; searched {row['nodes']} nodes in "
          f"{row['seconds']} s ({row['nodes_per_s']} nodes/s)")
    if row["verification"] == VERIFIED:
        print("  verified: yes")
    elif row["verification"] == PARTLY:
        print("  verified: partly (the verifier's position budget ran out before it walked "
              "the whole proof; no fault in the part it checked)")
    else:
        print("  verified: NO")
    for err in row["verifier_errors"]:
        print(f"    {err}")


def run_solve(args) -> int:
    try:
        evaluator = make_evaluator(args.evaluator)
    except (ImportError, FileNotFoundError) as err:
        raise ValueError(f"the {args.evaluator} evaluator is not available here ({err})") from None
    rows = []
    proofs = []
    for _, problem in load_from_args(args):
        for to_play in sides_to_solve(problem, args.to_play):
            out = solve_one(problem, to_play, args, evaluator)
            rows.append(out["row"])
            if out["result"].proof is not None:
                proofs.append(out["result"].proof)
            if not args.json:
                print_row(out["row"])
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
    if args.proof_out:
        if not proofs:
            raise ProblemError("no proof to save: nothing was proven")
        out_path = Path(args.proof_out)
        if out_path.suffix.lower() == ".json":
            proofs[0].save_json(out_path)
        else:
            out_path.write_bytes(proofs[0].to_sgf())
        if not args.json:
            print(f"proof saved to {out_path}")
    return 0 if all(r.get("verified", True) for r in rows) else 1
