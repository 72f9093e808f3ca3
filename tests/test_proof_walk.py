"""The compiled walk (``engine_cy.proof_walk``) against the reference walk (``verify._Checker``).

Where a proof passes, both must walk the same positions, reuse the same
subtrees, offer the same nodes to the replays' sample and record the same cut
lines; where the reference finds a fault, the compiled walk must find one too
(it then hands the proof to the reference, which says what).  The proofs are
the solver's own, of bundled problems under every goal and ko rule, and the
same proofs damaged at random: a flipped result, a lost child, a zone point
taken away or added, a move or a cover changed, a node of another kind.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from engine_cy import proof_walk
from engine_cy.board import BLACK, PASS, WHITE
from tests.test_solver import BENT_FOUR, STRAIGHT_THREE, problem_from, solved
from tests.test_verify import forbid_a_reply
from tsumego_gui.core import coords
from tsumego_gui.core.problem_files import read_file
from tsumego_gui.search.classify import classify
from tsumego_gui.search.params import SearchParams
from tsumego_gui.search.verify import (
    MAX_POSITIONS,
    UNEXPLAINED,
    WalkRecord,
    _Checker,
    verify,
)

BUNDLED = Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"
SEKI = (b"(;FF[4]GM[1]SZ[8]PL[W]AB[af][bf][cf][df][ef][ff][gf][hf][hg][hh][bh][ch][dh][eh]"
        b"AW[ag][bg][cg][dg][eg][fg][gg][gh]TR[ag]SQ[ah][bh][ch][dh][eh][fh])")
# bundled problems whose classifications take well under a second: direct and approach
# kos, seki, unconditional life and death, a kill-all board
CLASSIFIED = ["ko/direct-ko.sgf", "ko/approach-ko.sgf", "classic/seki-shared-liberties.sgf",
              "classic/bent-four.sgf", "corner/l-group.sgf", "killall7/killall-7x7.sgf"]


def _problem(name: str):
    return read_file(BUNDLED / name)[0].problem


def _classification_proofs(problem, to_play=None) -> list[list]:
    """The verified proofs of every first move, grouped as their checks share a record
    (one rule set, the pass apart)."""
    c = classify(problem, SearchParams(max_seconds=20), to_play=to_play, ko_figures=False)
    groups: dict[tuple, list] = {}
    for fm in c.moves:
        for proof in fm.proofs:
            groups.setdefault((proof.stats["rules"], fm.move == PASS), []).append(proof)
    return list(groups.values())


def _sources() -> list[tuple[str, list[list]]]:
    out = [("kill straight three",
            [[solved(problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=BLACK)).proof]]),
           ("live bent four",
            [[solved(problem_from(BENT_FOUR, 7, crucial="A3"), all_moves=False).proof]])]
    from tsumego_gui.core.sgf_io import read_sgf
    seki = read_sgf(SEKI)[0]
    out.append(("eyeless seki", _classification_proofs(seki)))
    out.append(("eyeless seki, attacker", _classification_proofs(seki, to_play=BLACK)))
    for name in CLASSIFIED:
        out.append((name, _classification_proofs(_problem(name))))
    return out


@pytest.fixture(scope="module")
def sources():
    found = _sources()
    # the collection must hold what the module docstring says it covers
    assert len(found) == 4 + len(CLASSIFIED)
    return found


def _walk_both(proof, records=None, replays=5, **checker):
    """(reference checker, compiled checker, compiled outcome) after walking ``proof``."""
    records = records or (WalkRecord(), WalkRecord())
    walked = []
    for record in records:
        board = proof.problem.to_board()
        board.to_play = proof.to_play
        c = _Checker(proof, checker.get("max_positions", MAX_POSITIONS), random.Random(0),
                     10 * replays, checker.get("stop"))
        c.root_board = board.copy()
        walked.append((c, board, record))
    (ref, board, record), (com, board2, record2) = walked
    ref.walked = record.reference
    ref.report.line_bound = ref.check(proof.root, board, [], parent_zone=None)[1]
    ref.report.nodes_checked = len(ref.on_board_nodes)
    outcome = com.walk_compiled(board2, record2.compiled)
    return ref, com, outcome


def _same_walk(ref: _Checker, com: _Checker) -> None:
    fields = ("ok", "positions_checked", "positions_reused", "nodes_checked", "complete",
              "line_bound", "stopped")
    assert {f: getattr(com.report, f) for f in fields} == \
        {f: getattr(ref.report, f) for f in fields}
    assert [(id(n), p) for n, p in com.proven_nodes] == [(id(n), p) for n, p in ref.proven_nodes]
    assert (com.proven_seen, com.keep_at) == (ref.proven_seen, ref.keep_at)
    assert [(id(n), p, c) for n, p, c in com.cut_lines] == \
        [(id(n), p, c) for n, p, c in ref.cut_lines]


def test_sound_proofs_are_walked_alike_one_by_one_and_sharing_a_record(sources):
    walked = 0
    for _, groups in sources:
        for group in groups:
            shared = (WalkRecord(), WalkRecord())
            for proof in group:
                for records in (None, shared):
                    ref, com, outcome = _walk_both(proof, records)
                    assert ref.report.passed
                    assert outcome == proof_walk.PASSED
                    _same_walk(ref, com)
                    walked += ref.report.positions_checked
    assert walked > 1000


def test_verify_reports_the_same_with_the_compiled_walk_or_without(sources):
    for _, groups in sources:
        for proof in groups[0]:
            a = verify(proof, replays=20, compiled=True)
            b = verify(proof, replays=20, compiled=False)
            assert a == b and a.passed


def _damage(proof, rng: random.Random) -> str:
    """Damage ``proof`` in one random place; what was done."""
    nodes = list(proof.root.iter_unique())
    node = rng.choice(nodes)
    points = sorted(coords.all_locs(proof.problem.size))
    how = rng.randrange(8)
    if how == 0:
        node.won = not node.won
        return "won flipped"
    if how == 1 and node.children:
        node.children.pop(rng.randrange(len(node.children)))
        return "child dropped"
    if how == 2 and node.zone:
        node.zone = node.zone - {rng.choice(sorted(node.zone))}
        return "zone point dropped"
    if how == 3 and node.zone is not None:
        node.zone = node.zone | {rng.choice(points)}
        return "zone point added"
    if how == 4 and node.children:
        k = rng.randrange(len(node.children))
        node.children[k] = (rng.choice(points + [PASS]), node.children[k][1])
        return "child move changed"
    if how == 5 and node.pruned:
        k = rng.randrange(len(node.pruned))
        node.pruned[k] = (node.pruned[k][0], rng.choice(points + [PASS]))
        return "cover changed"
    if how == 6:
        node.kind = rng.choice(["or", "and", "goal", "captured", "passes", "survives"])
        return "kind changed"
    if how == 7 and node.children:
        node.children.append(node.children[0])
        return "child twice"
    node.zone = None
    return "zone dropped"


def test_a_damaged_proof_fails_in_the_compiled_walk_where_it_fails_in_the_reference(sources):
    rng = random.Random(7)
    failed = passed = 0
    for _, groups in sources:
        for proof in [p for group in groups for p in group][:6]:
            for _ in range(25):
                bad = copy.deepcopy(proof)
                what = _damage(bad, rng)
                ref, com, outcome = _walk_both(bad)
                assert (outcome == proof_walk.FAULT_FOUND) == (not ref.report.ok), what
                if ref.report.ok:
                    passed += 1
                    _same_walk(ref, com)
                else:
                    failed += 1
                    # ``verify`` says what the reference says
                    assert verify(bad, replays=0).errors == \
                        verify(bad, replays=0, compiled=False).errors
    assert failed > 100 and passed > 10


def test_a_caller_that_asks_only_whether_a_proof_passes_is_not_told_why(sources):
    proof = sources[0][1][0][0]
    bad = copy.deepcopy(proof)
    bad.root.children[0][1].won = not bad.root.children[0][1].won
    quick = verify(bad, replays=0, explain=False)
    assert not quick.ok and quick.errors == [UNEXPLAINED]
    assert verify(bad, replays=0).errors != [UNEXPLAINED]
    assert verify(proof, explain=False).passed


def test_the_position_budget_and_the_callers_stop_end_both_walks_unfinished(sources):
    proof = max((p for _, groups in sources for group in groups for p in group),
                key=lambda p: p.size())
    ref, com, outcome = _walk_both(proof, max_positions=10)
    assert outcome == proof_walk.HALTED
    assert not com.report.complete and not ref.report.complete and com.report.ok
    calls = []

    def stop() -> str:
        calls.append(1)
        return "cancelled" if len(calls) > 1 else ""

    report = verify(proof, replays=0, stop=stop)
    assert proof.size() > 256 and report.stopped == "cancelled" and not report.complete


def test_proofs_superko_ties_to_their_lines_are_walked_alike(sources):
    """The proofs again, each with a history before the root in which superko forbids a
    reply of the loser: the subtrees that meet it are line-bound, kept from the replays'
    sample and from covering other moves, and the walks must agree on all of it."""
    bound = 0
    for _, groups in sources:
        for proof in (p for group in groups for p in group):
            forbidden = forbid_a_reply(proof)
            if forbidden is None:
                continue
            ref, com, outcome = _walk_both(forbidden)
            assert outcome == (proof_walk.PASSED if ref.report.ok else proof_walk.FAULT_FOUND)
            if ref.report.ok:
                _same_walk(ref, com)
                bound += ref.report.line_bound
    assert bound >= 3


@pytest.mark.parametrize("side", [BLACK, WHITE])
def test_an_enclosed_problems_proof_is_walked_alike(side):
    path = (Path(__file__).resolve().parents[2] / "shared" / "problems" / "enclosed-dev"
            / "gop" / "499.sgf")
    if not path.exists():
        pytest.skip("../shared is not beside the checkout")
    for group in _classification_proofs(read_file(path)[0].problem, to_play=side):
        shared = (WalkRecord(), WalkRecord())
        for proof in group:
            ref, com, outcome = _walk_both(proof, shared)
            assert outcome == proof_walk.PASSED
            _same_walk(ref, com)
