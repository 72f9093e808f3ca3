"""Golden guards: the exact figures and proofs of the deterministic searches, to keep them so.

The cases are fixed problem-sides solved with fixed settings: df-pn and
iterative deepening (``search.dfs``) on enclosed-dev problems (``../shared``)
and on the bundled problems, and the best-first search (``search.mcts``) with
the uniform and the heuristic evaluator on a few bundled problems and on one
of the RZS paper's 7x7 kill-all problems with two seeds.  Every budget is in
nodes (``max_seconds=0``: no time limit), so a case's outcome does not depend
on the machine or its load.  For each case :func:`run_case` gives a record:
verdict, nodes, proof size and depth, search depth, winning moves, stop
reason, and a digest of the whole proof tree (:func:`dump_proof` without
diagrams), plus the core's tree and table-hit counts for the best-first
search.  :func:`dump_proof` writes a proof tree as text (every node: its
move path, kind, winner, children, pruned moves with their covering move,
and its zone drawn on the position); the dumps of :data:`DUMPS` are kept
whole.

``python tests/golden.py --write`` runs every case, checks each proof with
``search.verify`` (it refuses to write a proof that does not pass), prints
each record with the time it took, and rewrites ``data/golden_searches.json``
and ``data/golden/*.txt``.  ``tests/test_golden_searches.py`` reruns the
cases and compares.  A change of the stored data must be explained in the
commit that makes it.

Knows the search front doors, the proof data type, problem readers and
``core.diagram``; nothing about why a search takes the figures it takes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from engine_cy.board import BLACK, PASS, WHITE
from tsumego_gui.core import coords
from tsumego_gui.core.diagram import render_diagram
from tsumego_gui.core.problem import Problem
from tsumego_gui.core.rzone_json import read_rzone_json
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search import dfs, mcts
from tsumego_gui.search.evaluators import HeuristicEvaluator, UniformEvaluator
from tsumego_gui.search.params import MctsParams, SearchParams
from tsumego_gui.search.proof import Proof, ProofNode
from tsumego_gui.search.results import SolveResult
from tsumego_gui.search.verify import verify

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BUNDLED = ROOT / "tsumego_gui" / "resources" / "problems"
SHARED = ROOT.parent / "shared" / "problems"
RECORDS = HERE / "data" / "golden_searches.json"
GOLDEN = HERE / "data" / "golden"
SIDES = {"B": BLACK, "W": WHITE}
COLOUR_LETTER = {BLACK: "B", WHITE: "W"}
EVALUATORS = {"uniform": UniformEvaluator, "heuristic": HeuristicEvaluator}
DFS_NODES = 3_000_000     # as tests/test_enclosed_subset.py; every case needs far fewer
MCTS_NODES = 200_000      # bundled problems: the largest case needs under 2,000
RZONE7_NODES = 500_000    # benchmarks/rzone7.py's default


@dataclass(frozen=True)
class Case:
    """One search: a problem-side and the solver settings.

    ``source``: "bundled" (``problem`` relative to the resources' problems
    folder) or "shared" (relative to ``../shared/problems``); ``game`` is the
    1-based game of an SGF file (json files hold one problem)."""

    source: str
    problem: str
    side: str
    solver: str = "dfs"          # "dfs" | "mcts"
    game: int = 1
    algorithm: str = "dfpn"      # dfs: "dfpn" | "id"
    all_moves: bool = False
    evaluator: str = ""          # mcts: "uniform" | "heuristic"
    seed: int = 0                # mcts
    batch_size: int = 8          # mcts
    max_nodes: int = DFS_NODES

    @property
    def id(self) -> str:
        name = f"{self.source}:{self.problem}"
        if self.game != 1:
            name += f"#{self.game}"
        name += f"-{self.side}-{self.solver}"
        if self.solver == "dfs":
            name += f"-{self.algorithm}" + ("-all" if self.all_moves else "")
        else:
            name += f"-{self.evaluator}-seed{self.seed}-batch{self.batch_size}"
        return name

    @property
    def path(self) -> Path:
        return (BUNDLED if self.source == "bundled" else SHARED) / self.problem

    def settings(self) -> dict:
        if self.solver == "dfs":
            return {"solver": "dfs", "algorithm": self.algorithm, "all_moves": self.all_moves,
                    "max_nodes": self.max_nodes, "max_seconds": 0}
        return {"solver": "mcts", "evaluator": self.evaluator, "seed": self.seed,
                "batch_size": self.batch_size, "max_nodes": self.max_nodes, "max_seconds": 0}


def _bundled_entries() -> list[dict]:
    return json.loads((BUNDLED / "expected.json").read_text())["problems"]


def _enclosed_fast() -> list[dict]:
    return json.loads((HERE / "data" / "enclosed_fast.json").read_text())["cases"]


# enclosed-dev sides on which iterative deepening also finishes fast (under 60k nodes)
ID_CASES = [("cc1/892.sgf", "W"), ("cc1/899.sgf", "B"), ("gop/10838.sgf", "W"),
            ("gop/17623.sgf", "B")]
# bundled problem-sides for the best-first search, with both evaluators
MCTS_CASES = [("classic/square-four.sgf", 1, "B"), ("classic/rabbity-six.sgf", 1, "B"),
              ("corner/nine-point-corner.sgf", 1, "B"), ("side/rabbity-six.sgf", 1, "B"),
              ("side/bulky-five-13.sgf", 1, "W"), ("killall7/killall-7x7.sgf", 3, "W")]
# the RZS paper's 7x7 json 1 (table 15): the heuristic evaluator proves it in ~10k nodes
RZONE7_PROBLEM = "rzone-7x7/json/1.json"
RZONE7_SEEDS = (0, 1)


def all_cases() -> list[Case]:
    """Every case, in a fixed order (the order of the data file)."""
    cases = [Case("shared", "enclosed-dev/" + c["problem"], c["side"]) for c in _enclosed_fast()]
    cases += [Case("shared", "enclosed-dev/" + name, side, algorithm="id")
              for name, side in ID_CASES]
    bundled = [(e["file"], e["game"], side) for e in _bundled_entries()
               for side in sorted(e["expect"])]
    cases += [Case("bundled", f, side, game=g, max_nodes=2_000_000) for f, g, side in bundled]
    cases += [Case("bundled", f, side, game=g, all_moves=True, max_nodes=2_000_000)
              for f, g, side in bundled]
    cases += [Case("bundled", f, side, solver="mcts", game=g, evaluator=ev,
                   max_nodes=MCTS_NODES)
              for f, g, side in MCTS_CASES for ev in ("uniform", "heuristic")]
    cases += [Case("shared", RZONE7_PROBLEM, "B", solver="mcts", evaluator="heuristic",
                   seed=seed, max_nodes=RZONE7_NODES) for seed in RZONE7_SEEDS]
    return cases


# proof dumps kept whole: (file name under data/golden, bundled file, side)
DUMPS = [("straight-three-B.txt", "straight-three.sgf", "B"),
         ("straight-three-W.txt", "straight-three.sgf", "W"),
         ("bent-four-B.txt", "classic/bent-four.sgf", "B"),
         ("bent-four-W.txt", "classic/bent-four.sgf", "W")]
DUMP_PARAMS = SearchParams(max_nodes=100_000, max_seconds=0)


def load_problem(case: Case) -> Problem:
    if case.path.suffix == ".json":
        return read_rzone_json(case.path)
    return read_sgf(case.path.read_bytes())[case.game - 1]


def solve_case(case: Case) -> SolveResult:
    problem = load_problem(case)
    side = SIDES[case.side]
    if case.solver == "dfs":
        params = SearchParams(max_nodes=case.max_nodes, max_seconds=0, algorithm=case.algorithm)
        return dfs.solve(problem, params, to_play=side, all_moves=case.all_moves)
    params = MctsParams(max_nodes=case.max_nodes, max_seconds=0, seed=case.seed,
                        batch_size=case.batch_size)
    return mcts.solve(problem, params, evaluator=EVALUATORS[case.evaluator](), to_play=side)


def record_of(case: Case, result: SolveResult) -> dict:
    """What is compared: the figures of ``result`` that only the search decides."""
    proof = result.proof
    out = {"verdict": result.verdict, "nodes": result.nodes, "search_depth": result.depth,
           "stop_reason": result.stop_reason}
    if proof is None:
        out.update(proof_size=None, proof_depth=None, winning=None, proof_sha256=None)
        return out
    size = proof.problem.size
    out.update(proof_size=proof.size(), proof_depth=proof.depth(),
               winning=[coords.to_gtp(m, size) for m in proof.winning_moves],
               proof_sha256=proof_digest(proof))
    if case.solver == "mcts":
        out.update(tree_nodes=proof.stats["tree_nodes"], table_hits=proof.stats["table_hits"])
    return out


def run_case(case: Case) -> dict:
    return record_of(case, solve_case(case))


def dump_case(name: str) -> str:
    """The dump of :data:`DUMPS` entry ``name`` as it comes out now."""
    _, file, side = next(d for d in DUMPS if d[0] == name)
    problem = read_sgf((BUNDLED / file).read_bytes())[0]
    result = dfs.solve(problem, DUMP_PARAMS, to_play=SIDES[side])
    if result.proof is None:
        return f"unsolved: {result.stop_reason}\n"
    header = (f"problem: {file} (bundled), {side} to play; dfs df-pn, max_nodes="
              f"{DUMP_PARAMS.max_nodes}, no time limit; nodes searched: {result.nodes}")
    return dump_proof(result.proof, header=header)


# ---- proof dumps ----------------------------------------------------------------------


def _move(loc: int, size: int) -> str:
    return "pass" if loc == PASS else coords.to_gtp(loc, size)


def _locs(locs, size: int) -> str:
    return " ".join(_move(p, size) for p in sorted(locs)) or "-"


LEGEND = ("legend: nodes are numbered in preorder (children in the proof's order); a node\n"
          "reached again is shown once, at its first path.  or: the defender to move;\n"
          "and: the attacker to move.  Diagrams show the position at the node: X O stones,\n"
          ". empty; inside the zone x o stones, * empty.")


def dump_proof(proof: Proof, header: str = "", diagrams: bool = True) -> str:
    """The whole proof tree as text, one block per distinct node; deterministic.

    Without ``diagrams`` the blocks hold no positions (no move is replayed):
    the text then names only the tree itself, for a digest."""
    size = proof.problem.size
    board = proof.problem.to_board()
    board.to_play = proof.to_play
    number: dict[int, int] = {}
    first: list[tuple[ProofNode, list[tuple[int, int]], int, object]] = []

    def visit(node: ProofNode, path: list[tuple[int, int]]) -> None:
        number[id(node)] = len(number)
        colours = board.colors().copy() if diagrams else None
        first.append((node, list(path), board.to_play, colours))
        for move, child in node.children:
            if id(child) in number:
                continue
            if diagrams:
                mover = board.to_play
                token = board.play(move)
                visit(child, path + [(mover, move)])
                board.undo(token)
            else:
                visit(child, path + [(0, move)])

    visit(proof.root, [])
    verdict = "lives" if proof.defender_lives else "dies"
    lines = [header] if header else []
    lines += [f"verdict: the defender ({COLOUR_LETTER[proof.problem.defender]}) {verdict}; "
              f"{COLOUR_LETTER[proof.to_play]} to play; winning moves: "
              f"{_locs(proof.winning_moves, size) if proof.winning_moves else 'none'}",
              f"proof: {proof.size()} distinct nodes, depth {proof.depth()}"]
    if diagrams:
        lines.append(LEGEND)
    for node, path, to_play, colours in first:
        where = " ".join(f"{COLOUR_LETTER.get(c, '')}{' ' if c else ''}{_move(m, size)}"
                         for c, m in path) if path else "(root)"
        who = "defender" if node.won else "attacker"
        lines.append("")
        lines.append(f"node {number[id(node)]}: {where}")
        kind = f"{node.kind}, {who} wins"
        if diagrams and node.kind in ("or", "and"):
            kind += f", {COLOUR_LETTER[to_play]} to play"
        lines.append(f"  {kind}")
        if node.children:
            lines.append("  children: " + ", ".join(
                f"{_move(m, size)} -> node {number[id(c)]}" for m, c in node.children))
        if node.pruned:
            lines.append("  pruned: " + ", ".join(
                f"{_move(m, size)} (covered by {_move(c, size)})" for m, c in node.pruned))
        for stones, regions in node.uca:
            lines.append(f"  alive chain {_locs(stones, size)}; vital regions "
                         + " | ".join(_locs(r, size) for r in regions))
        if node.zone is None:
            lines.append("  zone: none")
            continue
        if not diagrams:
            lines.append(f"  zone ({len(node.zone)} points): {_locs(node.zone, size)}")
            continue
        lines.append(f"  zone ({len(node.zone)} points):")
        marks = {p: {0: "*", BLACK: "x", WHITE: "o"}[int(colours.flat[_flat(p, size)])]
                 for p in node.zone}
        lines += ["    " + row for row in
                  render_diagram(colours, marks, coordinates=True).splitlines()]
    return "\n".join(lines) + "\n"


def _flat(loc: int, size: int) -> int:
    row, col = coords.from_loc(loc, size)
    return row * size + col


def proof_digest(proof: Proof) -> str:
    """sha256 of the tree (kinds, winners, moves, sharing, pruned moves, zones, leaves)."""
    return hashlib.sha256(dump_proof(proof, diagrams=False).encode()).hexdigest()


# ---- the data files -------------------------------------------------------------------


def load_records() -> dict[str, dict]:
    """The stored records by case id."""
    data = json.loads(RECORDS.read_text())
    return {r["id"]: r for r in data["records"]}


def _commit() -> str:
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    dirty = git("status", "--porcelain", "--", "engine_cy", "tsumego_gui")
    return git("rev-parse", "HEAD") + (" (engine_cy or tsumego_gui modified)" if dirty else "")


def write(check_verify: bool = True) -> int:
    """Run every case and rewrite the data; 1 when a proof failed the verifier."""
    records = []
    bad = 0
    total = 0.0
    for case in all_cases():
        if case.source == "shared" and not SHARED.is_dir():
            print(f"{SHARED} is absent: cannot write the data", file=sys.stderr)
            return 2
        start = time.process_time()
        result = solve_case(case)
        spent = time.process_time() - start
        total += spent
        record = record_of(case, result)
        passed = "-"
        if check_verify and result.proof is not None:
            report = verify(result.proof, replays=30)
            passed = "yes" if report.passed else "NO"
            if not report.passed:
                bad += 1
                print(f"    verifier: {report.errors[:3]}", file=sys.stderr)
        print(f"{case.id}: {record['verdict']} nodes={record['nodes']} "
              f"proof={record['proof_size']} depth={record['proof_depth']} "
              f"winning={record['winning']} stop={record['stop_reason']} verified={passed} "
              f"cpu={spent:.3f}s", flush=True)
        records.append({"id": case.id, "source": case.source, "problem": case.problem,
                        "game": case.game, "side": case.side, "settings": case.settings(),
                        "result": record})
    if bad:
        print(f"{bad} proofs failed the verifier: nothing written", file=sys.stderr)
        return 1
    commit = _commit()
    data = {
        "about": "Golden guards (tests/golden.py, tests/test_golden_searches.py): the exact "
                 "outcome of each deterministic search of tsumego_gui on fixed problem-sides "
                 "with budgets in nodes (no time limit): verdict, nodes (SolveResult.nodes), "
                 "search depth, stop reason, proof size (distinct nodes) and depth, winning "
                 "moves (GTP), a sha256 of the proof tree (tests/golden.py proof_digest), and "
                 "for the best-first search the core's tree size and table hits. Problems are "
                 "relative to tsumego_gui/resources/problems (bundled) or ../shared/problems "
                 "(shared). Every proof passed search.verify when written. Made with "
                 "`python tests/golden.py --write` at commit " + commit + ". A change to "
                 "these records or to tests/data/golden/*.txt must be explained in the "
                 "commit that makes it.",
        "commit": commit,
        "records": records,
    }
    RECORDS.write_text(json.dumps(data, indent=1) + "\n")
    GOLDEN.mkdir(exist_ok=True)
    for name, _, _ in DUMPS:
        (GOLDEN / name).write_text(dump_case(name))
    print(f"wrote {len(records)} records and {len(DUMPS)} dumps; search cpu {total:.1f}s")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true",
                    help="run every case and rewrite tests/data/golden_searches.json and "
                         "tests/data/golden/*.txt")
    args = ap.parse_args(argv)
    if not args.write:
        ap.print_help()
        return 0
    return write()


if __name__ == "__main__":
    raise SystemExit(main())
