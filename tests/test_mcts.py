"""The best-first (MCTS) solver: verdicts agree with the depth-first solver, every proof verifies.

The independent peer is ``search.dfs`` (df-pn with the same rules and zones,
but another search); every proof is checked by ``search.verify``.  The 7x7
case's answer comes from the RZS paper (every problem of its Table 2 is a
White win).  Shared problem sets are skipped when ``../shared`` is absent.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine_cy.board import BLACK, PASS, WHITE
from tsumego_gui.core import coords
from tsumego_gui.core.diagram import parse_diagram, parse_marks
from tsumego_gui.core.problem import Problem
from tsumego_gui.core.rzone_json import read_rzone_json
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search import choice, dfs, mcts
from tsumego_gui.search.evaluators import HeuristicEvaluator, UniformEvaluator
from tsumego_gui.search.params import MctsParams, SearchParams
from tsumego_gui.search.verify import verify

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "problems"
STRAIGHT_THREE = ROOT / "tsumego_gui" / "resources" / "problems" / "straight-three.sgf"
EVALUATORS = [UniformEvaluator(), HeuristicEvaluator()]
FAST = MctsParams(max_nodes=100_000, max_seconds=20.0)


def straight_three() -> Problem:
    return read_sgf(STRAIGHT_THREE.read_bytes())[0]


def diagram_problem(text: str, defender: int, to_play: int, goal: str = "live") -> Problem:
    board = parse_diagram(text, size=6, extra_empty="*")
    size = board.size
    black = {p for p in coords.all_locs(size) if board.color_at(p) == BLACK}
    white = {p for p in coords.all_locs(size) if board.color_at(p) == WHITE}
    region = parse_marks(text, size, "*")
    crucial = (black if defender == BLACK else white) if goal == "live" else set()
    return Problem.create(size, black, white, to_play=to_play, defender=defender, goal=goal,
                          crucial=crucial, region=region)


# small positions: the white corner group to live / die; ``*`` marks the region
DIAGRAMS = [
    """
    * * * O X .
    O O O O X .
    X X X X X .
    """,
    """
    * * * * O X
    O O O O O X
    X X X X X X
    """,
    """
    * * O * O X
    * O O O O X
    O O X X X X
    X X X . . .
    """,
]


def check(problem: Problem, to_play: int, evaluator, params: MctsParams = FAST):
    """Solve with MCTS, verify the proof, compare with df-pn; returns the result."""
    peer = dfs.solve(problem, SearchParams(max_seconds=20.0), to_play=to_play)
    result = mcts.solve(problem, params, evaluator=evaluator, to_play=to_play)
    assert result.proof is not None, f"not solved: {result.stop_reason}"
    report = verify(result.proof, replays=50)
    assert report.ok and report.complete, report.errors
    assert result.proof.defender_lives == (result.verdict == "lives")
    if peer.verdict != "unknown":
        assert result.verdict == peer.verdict
    return result


@pytest.mark.parametrize("evaluator", EVALUATORS, ids=lambda e: e.name)
@pytest.mark.parametrize("to_play", [BLACK, WHITE])
def test_straight_three(evaluator, to_play):
    check(straight_three(), to_play, evaluator)


@pytest.mark.parametrize("evaluator", EVALUATORS, ids=lambda e: e.name)
@pytest.mark.parametrize("index", range(len(DIAGRAMS)))
@pytest.mark.parametrize("to_play", [BLACK, WHITE])
def test_diagrams(evaluator, index, to_play):
    check(diagram_problem(DIAGRAMS[index], WHITE, to_play), to_play, evaluator)


ENCLOSED = ["cc1/891.sgf", "cc1/892.sgf", "cc1/895.sgf", "cc1/899.sgf", "gop/10945.sgf"]


@pytest.mark.skipif(not (SHARED / "enclosed-dev").is_dir(), reason="../shared is absent")
@pytest.mark.parametrize("evaluator", EVALUATORS, ids=lambda e: e.name)
@pytest.mark.parametrize("name", ENCLOSED)
def test_enclosed_problems(evaluator, name):
    problem = read_sgf((SHARED / "enclosed-dev" / name).read_bytes())[0]
    peer = dfs.solve(problem, SearchParams(max_seconds=20.0))
    assert peer.verdict != "unknown"
    result = check(problem, problem.to_play, evaluator)
    assert result.verdict == peer.verdict


@pytest.mark.skipif(not (SHARED / "rzone-7x7").is_dir(), reason="../shared is absent")
def test_7x7_kill_all_problem_lives():
    # json 2 = the paper's Table 2 id 1, proven a White (defender) win there
    problem = read_rzone_json(SHARED / "rzone-7x7" / "json" / "2.json")
    assert problem.goal == "live_any" and problem.defender == WHITE
    assert problem.to_play == BLACK
    assert problem.ko_capture_allowed(BLACK) and not problem.ko_capture_allowed(WHITE)
    result = mcts.solve(problem, MctsParams(max_nodes=100_000, max_seconds=30.0),
                        evaluator=HeuristicEvaluator())
    assert result.verdict == "lives", result.stop_reason
    assert 0 < result.nodes <= 100_000
    report = verify(result.proof, replays=50)
    assert report.ok and report.complete, report.errors
    # a node is made only for a move a simulation goes down (and for a leaf proven when
    # made: a goal reached at once, or the defender's pass), at most two a simulation
    # (an evaluation or a table hit); a node for every move of each expanded node was
    # some 20 a simulation on these boards (s48 golden, rzone-7x7 1.json: 241,818 nodes
    # for 9,164 evaluations)
    stats = result.proof.stats
    assert stats["tree_nodes"] <= 1 + 2 * (result.nodes + stats["table_hits"])


class Wrapped:
    """Hides a built-in evaluator behind the protocol, so the core calls
    ``evaluate`` with batches instead of its native copy."""

    def __init__(self, inner):
        self.inner = inner
        self.name = "wrapped-" + inner.name
        self.c_puct = mcts.c_puct_for(MctsParams(), inner)
        self.batches: list[int] = []

    def evaluate(self, queries):
        self.batches.append(len(queries))
        return self.inner.evaluate(queries)


def proof_signature(result):
    return (result.verdict, result.nodes, result.proof.to_json()["nodes"])


@pytest.mark.parametrize("evaluator", EVALUATORS, ids=lambda e: e.name)
def test_deterministic_and_native_equals_protocol(evaluator):
    problem = diagram_problem(DIAGRAMS[2], WHITE, BLACK)
    params = MctsParams(max_nodes=50_000, seed=7, batch_size=4)
    a = mcts.solve(problem, params, evaluator=evaluator)
    b = mcts.solve(problem, params, evaluator=evaluator)
    wrapped = Wrapped(evaluator)
    c = mcts.solve(problem, params, evaluator=wrapped)
    assert proof_signature(a) == proof_signature(b) == proof_signature(c)
    assert wrapped.batches and max(wrapped.batches) <= 4
    assert verify(c.proof).ok


@pytest.mark.skipif(not (SHARED / "enclosed-dev").is_dir(), reason="../shared is absent")
def test_each_query_carries_the_line_that_reaches_its_position():
    problem = diagram_problem(DIAGRAMS[0], WHITE, BLACK)
    seen = []

    class Recording(Wrapped):
        def evaluate(self, queries):
            seen.extend(queries)
            return super().evaluate(queries)

    mcts.solve(problem, MctsParams(max_nodes=2_000, batch_size=4),
               evaluator=Recording(UniformEvaluator()))
    assert len({len(q.moves) for q in seen}) > 2          # leaves at several depths
    for q in seen:
        board = problem.to_board()
        for move in q.moves:
            board.play(move)
        assert (board.hash, board.to_play) == (q.board.hash, q.board.to_play)


def test_an_evaluator_with_a_network_depth_is_asked_only_near_the_root():
    problem = diagram_problem(DIAGRAMS[0], WHITE, BLACK)
    seen = []

    class Shallow(Wrapped):
        network_depth = 2

        def evaluate(self, queries):
            seen.extend(queries)
            return super().evaluate(queries)

    result = mcts.solve(problem, MctsParams(max_nodes=20_000, batch_size=4),
                        evaluator=Shallow(UniformEvaluator()))
    everywhere = mcts.solve(problem, MctsParams(max_nodes=20_000, batch_size=4),
                            evaluator=Wrapped(UniformEvaluator()))
    assert seen and max(len(q.moves) for q in seen) == 1
    assert result.nodes > len(seen)              # the deeper leaves were valued natively
    # batches mix asked and native leaves: answers must land on their own leaves, so a
    # protocol heuristic asked near the root searches exactly as the native one
    params = MctsParams(max_nodes=50_000, seed=7, batch_size=4)
    native = mcts.solve(diagram_problem(DIAGRAMS[2], WHITE, BLACK), params,
                        evaluator=HeuristicEvaluator())
    mixed = Wrapped(HeuristicEvaluator())
    mixed.network_depth = 3
    split = mcts.solve(diagram_problem(DIAGRAMS[2], WHITE, BLACK), params, evaluator=mixed)
    assert proof_signature(split) == proof_signature(native)
    assert result.verdict == everywhere.verdict != "unknown"
    assert verify(result.proof).passed
    with pytest.raises(ValueError, match="network_depth"):
        Shallow.network_depth = -5
        mcts.solve(problem, MctsParams(max_nodes=100), evaluator=Shallow(UniformEvaluator()))


@pytest.mark.skipif(not (SHARED / "enclosed-dev").is_dir(), reason="../shared is absent")
def test_seed_changes_the_search_not_the_verdict():
    problem = read_sgf((SHARED / "enclosed-dev" / "cc1/891.sgf").read_bytes())[0]
    results = [mcts.solve(problem, MctsParams(max_nodes=50_000, seed=s)) for s in range(4)]
    assert len({r.verdict for r in results}) == 1
    assert len({r.nodes for r in results}) > 1
    assert all(verify(r.proof).ok for r in results)


def test_cancellation_and_node_budget_give_unknown():
    problem = read_sgf((SHARED / "enclosed-dev" / "gop/10838.sgf").read_bytes())[0] \
        if (SHARED / "enclosed-dev").is_dir() else diagram_problem(DIAGRAMS[2], WHITE, BLACK)
    cancelled = mcts.solve(problem, MctsParams(), cancelled=lambda: True)
    assert cancelled.verdict == "unknown" and cancelled.proof is None
    assert cancelled.stop_reason == "cancelled"
    small = mcts.solve(problem, MctsParams(max_nodes=5))
    assert small.verdict == "unknown" and small.stop_reason == "node budget"
    assert small.nodes <= 5


def test_the_tree_memory_budget_ends_a_search_without_a_node_budget():
    """s48: with no node budget the tree grew by some 6 kB an evaluation on a 19x19 book
    problem (9 GB in 30 s); ``max_tree_bytes`` ends it as df-pn's full table does."""
    problem = straight_three()
    unbounded = mcts.solve(problem, MctsParams(max_nodes=0, max_seconds=20.0))
    assert unbounded.verdict == "lives" and verify(unbounded.proof, replays=20).passed
    # a budget the root and its two fixed zones already pass
    small = mcts.solve(problem, MctsParams(max_nodes=0, max_seconds=20.0, max_tree_bytes=100))
    assert small.verdict == "unknown" and small.stop_reason == "memory budget"
    assert small.nodes == 0 < unbounded.nodes
    with pytest.raises(ValueError, match="max_tree_bytes"):
        MctsParams(max_tree_bytes=-1)


def test_the_proofs_conversion_reads_the_callers_stop(monkeypatch):
    """The classification's budget covers the proofs (QA s49: a best-first classification
    of 20 s took 24-27 s, converting proofs past its deadline): a reason ``stop`` gives
    ends the conversion, the result unknown for it; the search itself is not cut."""
    from tsumego_gui.search import results
    monkeypatch.setattr(results, "STOP_EVERY", 1)       # a small proof: read at once
    problem = straight_three()
    done = mcts.solve(problem, MctsParams())
    assert done.verdict == "lives" and verify(done.proof, replays=20).passed
    late = mcts.solve(problem, MctsParams(), stop=lambda: "time budget")
    assert (late.verdict, late.proof, late.stop_reason) == ("unknown", None, "time budget")
    assert late.nodes == done.nodes


def test_progress_reports_status_and_line():
    problem = diagram_problem(DIAGRAMS[2], WHITE, BLACK)
    seen = []
    result = mcts.solve(problem, MctsParams(report_every=1e-6, batch_size=1),
                        progress=seen.append)
    assert seen and seen[-1].nodes == result.nodes
    assert seen[-1].root_status == result.verdict
    assert all(isinstance(m, int) for p in seen for m in p.best_line)
    assert [p.nodes for p in seen] == sorted(p.nodes for p in seen)


def test_bad_evaluator_answers_are_rejected():
    class Bad:
        name = "bad"

        def evaluate(self, queries):
            return UniformEvaluator().evaluate(queries)[:-1]

    with pytest.raises(ValueError, match="bad"):
        mcts.solve(straight_three(), MctsParams(batch_size=2), evaluator=Bad(), to_play=BLACK)
    with pytest.raises(ValueError):
        mcts.solve(straight_three(), evaluator=object())


@pytest.mark.parametrize("to_play", [BLACK, WHITE])
def test_all_moves_lists_every_winning_first_move(to_play):
    problem = diagram_problem(DIAGRAMS[2], WHITE, to_play)
    peer = dfs.solve(problem, to_play=to_play, all_moves=True)
    result = mcts.solve(problem, FAST, to_play=to_play, all_moves=True)
    assert result.verdict == peer.verdict
    assert sorted(result.proof.winning_moves) == sorted(peer.proof.winning_moves)
    assert verify(result.proof).ok


def test_choice_front_door():
    three = straight_three()
    result, used, reason = choice.solve(three, max_nodes=10_000, max_seconds=10.0,
                                        to_play=BLACK)
    assert used == "dfs" and "region" in reason
    forced, used, _ = choice.solve(three, "mcts", evaluator_name="heuristic",
                                   max_nodes=10_000, max_seconds=10.0, to_play=BLACK)
    assert used == "mcts" and forced.verdict == result.verdict
    assert verify(forced.proof).ok
    open_board = Problem.create(5, [], [coords.from_gtp("C3", 5)], to_play=BLACK,
                                defender=WHITE, goal="live_any")
    assert choice.pick_solver(open_board)[0] == "mcts"
    with pytest.raises(ValueError):
        choice.solve(three, "nope", max_nodes=10, max_seconds=1.0)
    with pytest.raises(ValueError):
        choice.solve(three, "mcts", evaluator_name="ftl", max_nodes=10, max_seconds=1.0)


def test_params_are_validated():
    with pytest.raises(ValueError):
        MctsParams(batch_size=0)
    with pytest.raises(ValueError):
        MctsParams(max_nodes=-1)
    with pytest.raises(ValueError):
        MctsParams(attacker_pass_prior=1.0)


def test_exploration_constant_is_the_params_else_the_evaluators():
    problem = diagram_problem(DIAGRAMS[2], WHITE, BLACK)
    own = mcts.solve(problem, FAST, evaluator=HeuristicEvaluator())
    assert own.proof.stats["c_puct"] == HeuristicEvaluator.c_puct
    assert mcts.solve(problem, FAST).proof.stats["c_puct"] == mcts.DEFAULT_C_PUCT
    named = mcts.solve(problem, MctsParams(max_nodes=100_000, c_puct=0.7),
                       evaluator=HeuristicEvaluator())
    assert named.proof.stats["c_puct"] == 0.7

    class Reckless(UniformEvaluator):
        c_puct = 0.0

    with pytest.raises(ValueError, match="c_puct"):
        mcts.solve(problem, FAST, evaluator=Reckless())
    with pytest.raises(ValueError):
        MctsParams(c_puct=-1.0)


def test_defender_pass_never_wins():
    # with the attacker passing back, a defender pass is never the winning move
    result = check(straight_three(), WHITE, UniformEvaluator())
    assert PASS not in result.proof.winning_moves


def test_cli_solver_and_evaluator_options(capsys):
    from tsumego_gui.cli.main import main

    code = main(["solve", str(STRAIGHT_THREE), "--solver", "mcts", "--evaluator", "heuristic",
                 "--seed", "3", "--batch-size", "2", "--to-play", "B", "--max-nodes", "20000"])
    out = capsys.readouterr().out
    assert code == 0
    assert "solver: mcts" in out and "verified: yes" in out
    code = main(["solve", str(STRAIGHT_THREE), "--to-play", "W"])
    assert code == 0 and "solver: dfs" in capsys.readouterr().out
    with pytest.raises(SystemExit) as refused:      # refused by the option's own check
        main(["solve", str(STRAIGHT_THREE), "--batch-size", "0", "--solver", "mcts"])
    assert refused.value.code == 2


SUPERKO_CORNER = """
O X . .
. O X .
O O X O
X X . X
"""


@pytest.mark.parametrize("max_nodes", [20_000, 50_000])
def test_a_table_result_that_superko_changes_on_its_new_line_is_walked_there(max_nodes):
    """White to play defends B3 (no region).  A loss stored in the table and reused on
    another line held a reply at D2, which superko forbids on that line: building the
    proof raised IllegalMoveError, then (s17) searched again without the table.  Now the
    proof is walked on the new line with the verifier's rules: the forbidden reply is
    left out there, and the proof with the table's results verifies (df-pn: White dies)."""
    board = parse_diagram(SUPERKO_CORNER, 4)
    black = {p for p in coords.all_locs(4) if board.color_at(p) == BLACK}
    white = {p for p in coords.all_locs(4) if board.color_at(p) == WHITE}
    problem = Problem.create(4, black, white, to_play=WHITE, goal="live",
                             crucial={coords.from_gtp("B3", 4)})
    result, used, _ = choice.solve(problem, "mcts", max_nodes=max_nodes, max_seconds=0)
    assert used == "mcts"
    assert result.verdict == "dies" and result.proof.stats["table_hits"] > 0
    report = verify(result.proof)
    assert report.passed, report.errors
    assert dfs.solve(problem, SearchParams(max_seconds=0)).verdict == "dies"


def test_a_tree_that_outgrows_the_memory_is_a_budget_that_ran_out(monkeypatch):
    """QA s46: with no node budget the tree grew until std::bad_alloc, which ended the CLI
    in a traceback (exit 1, "not verified"); df-pn says "memory budget" there."""
    def no_memory(*args, **kwargs):
        raise MemoryError("std::bad_alloc")

    monkeypatch.setattr(mcts, "run_watched", no_memory)
    result = mcts.solve(straight_three(), MctsParams(max_nodes=0))
    assert (result.verdict, result.proof, result.stop_reason) == ("unknown", None,
                                                                  "memory budget")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's /proc")
def test_the_engine_out_of_memory_ends_the_search_as_a_budget():
    """Review s46: the test above stands in for the engine; here the engine itself runs
    out (an address-space limit 150 MB above what the process holds), in a process of
    its own: std::bad_alloc in the tree's vectors or table comes back as "memory budget",
    not as a printed error that the search ignores, nor as an abort."""
    problem = SHARED / "rzone-7x7" / "json" / "3.json"
    if not problem.exists():
        pytest.skip("needs ../shared/problems/rzone-7x7")
    script = (
        "import resource, sys\n"
        "from tsumego_gui.core.problem_files import read_file\n"
        "from tsumego_gui.search import mcts\n"
        "from tsumego_gui.search.params import MctsParams\n"
        f"problem = read_file({str(problem)!r})[0].problem\n"
        "vm = int(next(line for line in open('/proc/self/status')\n"
        "              if line.startswith('VmSize')).split()[1]) * 1024\n"
        "resource.setrlimit(resource.RLIMIT_AS, (vm + 150 * 2**20, resource.RLIM_INFINITY))\n"
        "r = mcts.solve(problem, MctsParams(max_nodes=0, max_seconds=60.0))\n"
        "print(r.verdict, r.stop_reason)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.split() == ["unknown", "memory", "budget"]
    assert "Exception ignored" not in done.stderr
