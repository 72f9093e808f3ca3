"""Garbage collection paced around a request run in the calling thread (the CLI, the benchmarks):
no full collection while it runs, the interpreter's thresholds back after it, however it ends.
(The GUI's controllers, which pace requests run in a worker thread, are tested in
``test_qt_responsiveness``.)"""

import gc
import threading
from pathlib import Path

import pytest

from tsumego_gui.cli.main import main
from tsumego_gui.search import gc_pacing

STRAIGHT_THREE = (Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" /
                  "problems" / "straight-three.sgf")


@pytest.fixture
def full_collections():
    seen = []

    def note(phase, info):
        if phase == "start" and info["generation"] == 2:
            seen.append(info)

    gc.callbacks.append(note)
    try:
        yield seen
    finally:
        gc.callbacks.remove(note)
        gc_pacing.clean_slate()


def test_no_full_collection_runs_inside_a_paced_request(full_collections):
    before = gc.get_threshold()
    kept = []
    with gc_pacing.paced():
        assert gc_pacing.searching()
        # what a growing proof does: enough surviving containers to set off several full
        # collections under the interpreter's own thresholds
        for i in range(400_000):
            kept.append([i])
        assert full_collections == []
    assert not gc_pacing.searching() and gc.get_threshold() == before
    assert gc.get_freeze_count() > len(kept)      # what was alive is frozen, not walked
    kept.clear()


def test_the_thresholds_come_back_when_a_paced_request_fails():
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), gc_pacing.paced():
        raise RuntimeError("a search that fails")
    assert not gc_pacing.searching() and gc.get_threshold() == before
    gc_pacing.clean_slate()


def test_the_apps_settle_walks_a_large_heap_again_only_once_it_has_grown(full_collections):
    """A large collection's problems (many objects, frozen after their reading) are walked
    once; stepping to the next problem walks nothing more until half as many again were
    frozen since (QA s47: 1-2 s per step in a collection of 50,000)."""
    with gc_pacing.paced():                     # the reading: what is alive ends frozen
        kept = [[i] for i in range(2 * gc_pacing.SMALL_HEAP)]
    before = len(full_collections)
    gc_pacing.settle()
    assert len(full_collections) == before + 1
    frozen = gc.get_freeze_count()
    assert frozen > len(kept)                   # walked once, then frozen again
    gc_pacing.settle()                          # the next problem: nothing new was frozen
    assert len(full_collections) == before + 1 and gc.get_freeze_count() == frozen
    with gc_pacing.paced():                     # a solve's large proof, frozen as it ends
        more = [[i] for i in range(frozen)]
    gc_pacing.settle()
    assert len(full_collections) == before + 2
    kept.clear()
    more.clear()


@pytest.mark.parametrize("options", [[], ["--all"]], ids=["solve", "classify"])
def test_the_cli_paces_its_request(monkeypatch, capsys, options):
    during = []
    real = gc_pacing.search_started

    def started():
        real()
        during.append(gc.get_threshold()[2])

    monkeypatch.setattr(gc_pacing, "search_started", started)
    try:
        assert main(["solve", str(STRAIGHT_THREE), *options]) == 0
        frozen = gc.get_freeze_count()
    finally:
        gc_pacing.clean_slate()
    assert during == [gc_pacing.NEVER]      # one request: the problem's one side
    assert not gc_pacing.searching()
    # nothing stays frozen once the problem is done: no garbage cycle piles up frozen in
    # a run over a collection
    assert frozen == 0


@pytest.mark.parametrize("enabled_before", [True, False])
def test_a_bulk_allocation_turns_collection_off_and_back_as_it_was(enabled_before):
    was = gc.isenabled()
    (gc.enable if enabled_before else gc.disable)()
    try:
        with gc_pacing.bulk_allocation():
            assert not gc.isenabled()           # young collections would walk the proof
        assert gc.isenabled() == enabled_before
        with pytest.raises(RuntimeError), gc_pacing.bulk_allocation():
            raise RuntimeError("an extraction that fails")
        assert gc.isenabled() == enabled_before
        with gc_pacing.paced(), gc_pacing.bulk_allocation():
            assert not gc.isenabled()
        assert gc.isenabled() == enabled_before
    finally:
        (gc.enable if was else gc.disable)()
        gc_pacing.clean_slate()


def test_within_a_request_what_a_bulk_allocation_made_is_frozen_as_it_ends():
    try:
        with gc_pacing.paced():
            frozen = gc.get_freeze_count()
            with gc_pacing.bulk_allocation():
                made = [[i] for i in range(20_000)]     # a proof's records
            # moved out of every generation at once: no young collection walks them
            assert gc.get_freeze_count() >= frozen + len(made)
            assert gc.get_count()[0] < 100
            assert gc.isenabled()
        gc_pacing.clean_slate()
        with gc_pacing.bulk_allocation():               # no request: nothing frozen
            made = [[i] for i in range(20_000)]
        assert gc.get_freeze_count() == 0
    finally:
        gc_pacing.clean_slate()


def test_the_last_of_overlapping_bulk_allocations_turns_collection_back_on():
    # two requests in flight (the app's solver workers): the first to end must not turn
    # collection on under the other's extraction
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    seen = []

    def first():
        with gc_pacing.bulk_allocation():
            first_in.set()
            second_in.wait(5)
        first_out.set()

    try:
        with gc_pacing.paced():
            thread = threading.Thread(target=first)
            thread.start()
            first_in.wait(5)
            with gc_pacing.bulk_allocation():
                second_in.set()
                first_out.wait(5)
                seen.append(gc.isenabled())     # the first has ended, this one has not
            thread.join(5)
            seen.append(gc.isenabled())
    finally:
        gc_pacing.clean_slate()
    assert seen == [False, True]


SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "problems" / "enclosed-dev"


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"the enclosed problems are absent ({SHARED})")
@pytest.mark.parametrize("job", ["solve", "classify"])
def test_a_paced_request_never_leaves_the_young_generation_piled_up(job):
    # Regression: df-pn turned collection off while it extracted a proof, so that every
    # object it made waited in the youngest generation, and the first young collections
    # after it walked them all at once with the GIL held (55-120 ms stalls of the GUI
    # thread on gop/12403 B).  Collections now start at the interpreter's threshold.
    from engine_cy.board import BLACK
    from tsumego_gui.core.problem_files import read_file
    from tsumego_gui.search import dfs, verify
    from tsumego_gui.search.classify import classify

    # large enough that young collections start at all: 12357 W's classification made
    # too few objects outside its bulk allocations once the rule sets shared results (s69)
    name, side = ("18969.sgf", BLACK) if job == "solve" else ("19031.sgf", BLACK)
    problem = read_file(SHARED / "gop" / name)[0].problem
    young = []

    def note(phase, info):
        if phase == "start":
            young.append(gc.get_count()[0])

    gc.callbacks.append(note)
    try:
        with gc_pacing.paced():
            if job == "solve":
                proof = dfs.solve(problem, to_play=side).proof
                assert proof.size() > 3000 and verify.verify(proof).passed
            else:       # each class's proofs checked by the verifier, as classify does
                c = classify(problem, to_play=side, ko_figures=False)
                assert c.status != "open"
                assert all(m.verification == "verified" for m in c.moves)
    finally:
        gc.callbacks.remove(note)
        gc_pacing.clean_slate()
    assert young and max(young) <= 2 * gc.get_threshold()[0]


def test_a_solve_leaves_no_garbage_cycle_to_collect():
    """Frozen after a request (``gc_pacing``), garbage in reference cycles waits for the
    next walk of the heap: a solve makes none (QA s47: df-pn's nested search function
    called itself, a cycle holding the problem, the budgets and the closures)."""
    from engine_cy.board import WHITE
    from tests.test_solver import STRAIGHT_THREE, problem_from
    from tsumego_gui.search.dfs import solve
    problem = problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=WHITE)
    from tsumego_gui.search.verify import verify
    first = solve(problem)  # the modules' first use, with whatever that makes
    assert first.verdict == "lives" and verify(first.proof).passed
    del first
    gc.collect()
    gc.disable()
    try:
        for _ in range(3):
            assert solve(problem).verdict == "lives"
        assert gc.collect() == 0
    finally:
        gc.enable()
