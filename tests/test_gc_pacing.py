"""Garbage collection paced around a request run in the calling thread (the CLI, the benchmarks):
no full collection while it runs, the interpreter's thresholds back after it, however it ends.
(The GUI's controllers, which pace requests run in a worker thread, are tested in
``test_qt_responsiveness``.)"""

import gc
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
