"""A KataGo network as the search's evaluator: what it says of groups every player can read.

The expectations are Go, not the network's numbers: a corner group with two
eyes lives and one with no eye space dies, so the defender's value must say
so clearly; priors cover exactly the moves the search asks about; a search
guided by the network proves what depth-first search proves, and the proof
verifies.  Needs the KataGo model in ``../shared/katago`` (skipped without).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")

from engine_cy.board import BLACK, PASS, WHITE  # noqa: E402
from tsumego_gui.core import coords  # noqa: E402
from tsumego_gui.core.diagram import parse_diagram, parse_marks  # noqa: E402
from tsumego_gui.core.problem import Problem  # noqa: E402
from tsumego_gui.search import dfs, mcts  # noqa: E402
from tsumego_gui.search.evaluators import Query  # noqa: E402
from tsumego_gui.search.params import MctsParams, SearchParams  # noqa: E402
from tsumego_gui.search.verify import verify  # noqa: E402

MODEL = Path(__file__).resolve().parents[2] / "shared" / "katago" / "b10c384h6nbttflrs.bin.gz"
pytestmark = pytest.mark.skipif(not MODEL.is_file(),
                                reason=f"the KataGo reference model is absent ({MODEL})")

# White's corner group on 19x19 inside a thick black wall; ``*`` is the region
TWO_EYES = """
. O * O X X . .
O O O O X . . .
X X X X X . . .
"""
NO_EYES = """
* * O O X X . .
O O O O X . . .
X X X X X . . .
"""
# White to live: only B19 (the vital point of the straight three) makes two eyes
STRAIGHT_THREE = """
* * * O X . . .
O O O O X . . .
X X X X X . . .
"""


def problem_of(text: str, to_play: int = BLACK) -> Problem:
    board = parse_diagram(text, size=19, extra_empty="*")
    black = {p for p in coords.all_locs(19) if board.color_at(p) == BLACK}
    white = {p for p in coords.all_locs(19) if board.color_at(p) == WHITE}
    return Problem.create(19, black, white, to_play=to_play, defender=WHITE, goal="survive",
                          crucial=white, region=parse_marks(text, 19, "*"))


@pytest.fixture(scope="module")
def evaluator():
    from tsumego_gui.nn.katago_evaluator import load_katago_evaluator
    return load_katago_evaluator(MODEL, "cpu")


def query(problem: Problem, to_play: int | None = None, moves: tuple[int, ...] = ()) -> Query:
    board = problem.to_board()
    if to_play is not None:
        board.to_play = to_play
    for move in moves:
        board.play(move)
    legal = tuple(board.legal_moves(problem.region)) + (PASS,)
    return Query(board, problem, legal, moves=moves)


def test_two_eyes_live_and_no_eyes_die(evaluator):
    alive, dead = evaluator.evaluate([query(problem_of(TWO_EYES)), query(problem_of(NO_EYES))])
    assert alive.value > 0.9
    assert dead.value < 0.1


def test_priors_cover_the_search_moves_and_find_the_vital_point(evaluator):
    problem = problem_of(STRAIGHT_THREE, to_play=WHITE)
    q = query(problem)
    (answer,) = evaluator.evaluate([q])
    assert answer.priors.shape == (len(q.legal),)
    assert answer.priors.sum() == pytest.approx(1.0, abs=1e-5)
    assert q.legal[int(np.argmax(answer.priors))] == coords.from_gtp("B19", 19)


def test_either_side_may_move_first_and_repeats_come_from_the_cache(evaluator):
    problem = problem_of(STRAIGHT_THREE, to_play=WHITE)
    b19 = coords.from_gtp("B19", 19)
    # the search of the other side: Black moves first from the problem's position
    lines = [query(problem, BLACK, (b19,)), query(problem, WHITE, (b19,))]
    first = evaluator.evaluate(lines)
    evals, hits = evaluator.network_evals, evaluator.cache_hits
    again = evaluator.evaluate(lines)
    assert evaluator.network_evals == evals and evaluator.cache_hits == hits + 2
    assert [a.value for a in again] == [a.value for a in first]
    # Black on the vital point kills; White there lives
    assert first[0].value < 0.5 < first[1].value


@pytest.mark.parametrize("to_play", [BLACK, WHITE])
def test_a_search_guided_by_the_network_proves_what_dfs_proves(evaluator, to_play):
    problem = problem_of(STRAIGHT_THREE, to_play=to_play)
    guided = mcts.solve(problem, MctsParams(max_nodes=5_000, batch_size=4),
                        evaluator=evaluator)
    plain = dfs.solve(problem, SearchParams(max_nodes=200_000))
    assert guided.verdict == plain.verdict != "unknown"
    assert verify(guided.proof).passed


def mirrored(problem: Problem) -> tuple[Problem, dict[int, int]]:
    """The problem seen in a mirror (columns reversed), and where each point goes."""
    size = problem.size
    to = {loc: coords.to_loc(r, size - 1 - c, size)
          for loc in coords.all_locs(size) for r, c in [coords.from_loc(loc, size)]}
    to[PASS] = PASS
    return Problem.create(size, {to[p] for p in problem.black}, {to[p] for p in problem.white},
                          to_play=problem.to_play, defender=problem.defender,
                          goal=problem.goal, crucial={to[p] for p in problem.crucial},
                          region={to[p] for p in problem.region}), to


def test_with_symmetries_a_mirrored_problem_gets_the_mirrored_answer():
    from tsumego_gui.nn.katago_evaluator import KataGoSettings, load_katago_evaluator
    averaged = load_katago_evaluator(MODEL, "cpu", settings=KataGoSettings(symmetries=True))
    problem = problem_of(STRAIGHT_THREE, to_play=WHITE)
    other, to = mirrored(problem)
    q, q_other = query(problem), query(other)
    assert sorted(to[m] for m in q.legal) == sorted(q_other.legal)
    a, b = averaged.evaluate([q, q_other])
    assert a.value == pytest.approx(b.value, abs=1e-5)
    prior_of = dict(zip(q_other.legal, b.priors, strict=True))
    assert [prior_of[to[m]] for m in q.legal] == pytest.approx(list(a.priors), abs=1e-5)
    assert averaged.network_evals == 2 * 8


def test_cuda_graph_replays_equal_the_plain_forward_pass():
    import torch
    if not torch.cuda.is_available():
        pytest.skip("no CUDA GPU")
    from tsumego_gui.nn.cuda_graphs import GraphedForward
    from tsumego_gui.nn.katago_model import load_katago_model
    net = load_katago_model(MODEL).cuda().half()
    graphed = GraphedForward(net)
    rng = np.random.default_rng(3)
    # (rows, cols, batch): a batch padded to 4, a window, the first shape again (replayed)
    for rows, cols, n in ((19, 19, 3), (5, 8, 5), (19, 19, 3), (19, 19, 4)):
        stones = rng.integers(0, 3, size=(n, rows, cols))
        spatial = np.zeros((n, 22, rows, cols), np.float32)
        spatial[:, 0] = 1.0
        spatial[:, 1], spatial[:, 2] = stones == 1, stones == 2
        global_ = np.zeros((n, 19), np.float32)
        global_[:, 5] = -0.35
        s = torch.from_numpy(spatial).cuda().half()
        g = torch.from_numpy(global_).cuda().half()
        with torch.inference_mode():
            plain, replayed = net(s, g), graphed(s, g)
        assert graphed.enabled
        for a, b in zip(plain, replayed, strict=True):
            if isinstance(a, torch.Tensor):
                assert a.shape == b.shape
                # fp16 (10-bit mantissa): a padded batch reduces in another order, so logits of
                # ~20 may differ by a few units in the last place (0.016 each there)
                assert ((a.float() - b.float()).abs() <= 2e-2 + 4e-3 * a.float().abs()).all()
    assert len(graphed._graphs) == 2
