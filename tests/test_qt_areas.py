"""Proving by areas in the app: the solve panel's "Prove by areas" switch, the area list,
browsing each area's proof, exporting the split proof, and the switch remembered.

The problems are the project's decomposable set; the verdicts they must reach are its
answer file (found by plain df-pn without decomposition), not written here."""

import json
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from tsumego_gui.qt.main_window import BUNDLED_PROBLEM  # noqa: E402
from tsumego_gui.search import split_file  # noqa: E402
from tsumego_gui.search.verify_split import verify_split  # noqa: E402

SET = Path(__file__).parent.parent / "benchmarks" / "problems" / "decomposable"
MIAI = SET / "one-eye-two-areas-03.sgf"      # two half eyes: miai (Black to play)


def expected_verdict(name: str, side: str) -> str:
    """The set's answer under the default goal (survive), from its answer file."""
    for entry in json.loads((SET / "expected.json").read_text())["problems"]:
        if entry["file"] == name:
            return entry["expect"][side]["verdict"]
    raise KeyError(name)


def solve_by_areas(w, qtbot, path, on=True):
    assert w.open_path(path, ask=False)
    w.solve_panel.by_areas.setChecked(on)
    with qtbot.waitSignal(w.solver.finished, timeout=60_000):
        w.solve()


def test_a_miai_life_is_proven_by_areas_and_each_area_is_browsed(make_window, qtbot):
    w = make_window("s.ini")
    solve_by_areas(w, qtbot, MIAI)
    qtbot.waitUntil(lambda: not w.solver.running, timeout=5_000)   # no classification
    outcome = w.outcome
    split = outcome.result.split
    assert split is not None and outcome.result.proof is None
    verdict = "lives" if split.defender_wins else "dies"
    assert verdict == expected_verdict(MIAI.name, "B")
    assert outcome.verified and verify_split(split).passed
    panel = w.solve_panel
    assert "proven area by area" in panel.verdict_label.text()
    assert "verified" in panel.badge.text()
    areas = panel.areas
    assert areas.isVisibleTo(w) and areas.list.count() == len(split.split.areas)
    assert "miai" in areas.summary.text()
    texts = [areas.list.item(i).text() for i in range(areas.list.count())]
    assert all(("lives there" in t) == (p is not None)
               for t, p in zip(texts, split.proofs, strict=True))
    used = [p for p in split.proofs if p is not None]
    assert len(used) == 2
    # the first area's proof is shown at once; choosing the other row browses it
    assert w.mode == "proof" and w.browser.proof is used[0]
    rows = [areas.list.item(i) for i in range(areas.list.count())]
    other = next(r for r in rows if split.proofs[r.data(256)] is used[1])
    areas.list.setCurrentItem(other)
    assert w.browser.proof is used[1]
    # an area proof is the area's own problem: its region is that area and the eye
    assert used[1].problem.region <= split.split.areas[rows.index(other)] | {split.split.eye}
    assert w.classification is None
    assert "not classified" in areas.summary.text()
    assert not panel.first_moves.isVisibleTo(w)


def test_the_split_proof_exports_and_reads_back_checked(make_window, qtbot, tmp_path):
    w = make_window("s.ini")
    solve_by_areas(w, qtbot, MIAI)
    out = tmp_path / "areas.json"
    w.ask_export_file = lambda default, filters: str(out)
    assert w.export_proof()
    loaded = split_file.load_json(out)
    assert verify_split(loaded).passed
    assert loaded.defender_wins == w.outcome.result.split.defender_wins
    sgf_out = tmp_path / "areas.sgf"
    w.ask_export_file = lambda default, filters: str(sgf_out)
    assert w.export_proof()
    assert b"miai" in sgf_out.read_bytes()


def test_without_the_switch_every_first_move_is_classified(make_window, qtbot):
    w = make_window("s.ini")
    solve_by_areas(w, qtbot, MIAI)
    qtbot.waitUntil(lambda: not w.solver.running, timeout=5_000)
    w.solve_panel.by_areas.setChecked(False)
    with qtbot.waitSignal(w.solver.classified, timeout=120_000):
        w.solve()
    assert w.outcome.result.split is None and w.outcome.result.proof is not None
    assert not w.solve_panel.areas.isVisibleTo(w)
    assert w.solve_panel.first_moves.isVisibleTo(w)
    assert w.classification is not None


def test_a_problem_that_does_not_split_is_solved_and_classified_as_before(make_window, qtbot):
    w = make_window("s.ini")
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    w.solve_panel.by_areas.setChecked(True)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    assert w.outcome.result.split is None and w.outcome.verified
    assert "not split" in w.solve_panel.progress_label.toolTip()
    assert not w.solve_panel.areas.isVisibleTo(w)


def test_the_switch_is_remembered(make_window, qtbot):
    w = make_window("same.ini")
    solve_by_areas(w, qtbot, MIAI)
    w.close()
    again = make_window("same.ini")
    assert again.solve_panel.by_areas.isChecked()
    assert again.prefs.by_areas is True


def test_stopping_a_solve_by_areas_leaves_it_unproven_and_the_app_usable(make_window, qtbot):
    # under survival a kill does not split: the life tries fail and the whole region is
    # searched, some 10^7 nodes (expected.json) -- stopped long before
    w = make_window("s.ini")
    assert w.open_path(SET / "one-eye-three-areas-02.sgf", ask=False)
    w.solve_panel.by_areas.setChecked(True)
    with qtbot.waitSignal(w.solver.progress, timeout=30_000):
        w.solve()
    with qtbot.waitSignal(w.solver.finished, timeout=15_000) as blocker:
        w.stop()
    outcome = blocker.args[0]
    assert outcome.result.verdict == "unknown" and outcome.result.split is None
    assert "Not proven" in w.solve_panel.verdict_label.text()
    assert not w.solve_panel.areas.isVisibleTo(w)
    qtbot.waitUntil(lambda: not w.solver.running, timeout=10_000)
    solve_by_areas(w, qtbot, MIAI)          # the next solve works as ever
    assert w.outcome.result.split is not None


def test_an_area_proof_of_a_survival_says_it_proves_more_than_the_goal(make_window, qtbot):
    """Under the goal survive an area's life is proven as unconditional life (search.split's
    pessimistic problem, goal live): the browser and the verdict say so rather than state
    a goal other than the problem's."""
    w = make_window("s.ini")
    solve_by_areas(w, qtbot, SET / "one-eye-four-areas-01.sgf")
    split = w.outcome.result.split
    assert split.problem.goal == "survive" and split.defender_wins
    assert w.browser.proof.problem.goal == "live"
    assert "Proved: White lives unconditionally, which is more than the goal survive asks" \
        in w.solve_panel.verdict_label.text()
    text = w.browser.explanation.toPlainText()
    first, second = text.splitlines()[:2]
    assert first.startswith("Area 1 (") and first.endswith(
        "Proved: White lives unconditionally there, which is more than the problem's goal, "
        "survive, asks (an unconditional life survives too).")
    assert second == "This proof's problem: White to play; White must live unconditionally."
    model = w.browser.model
    statuses = [model.data(model.index(0, 1)),
                model.data(model.index(0, 1, model.index(0, 0)))]
    assert statuses[1] == "lives · unconditionally alive"
    assert not any("(goal)" in s for s in statuses)


# QA s57 areas D1: White's group (every white stone crucial) has its eye at A1; its two
# other pockets, B6 and F2, each touch Black's stones joined to the open board, so
# neither can ever hold an eye (goal live: White dies whoever moves).
#   A B C D E F G H J
# 9 . . . . . . . . .
# 8 X X X X . . . . .
# 7 O O O X . . . . .
# 6 O + X X . . . . .
# 5 O O O X . . . . .
# 4 O O O X X X X X X
# 3 O O O O O X O O X
# 2 O O O O O + O O X
# 1 + O O O O O O O X
NO_HOPEFUL_AREA = (
    "(;FF[4]GM[1]SZ[9]PL[W]TG[live]"
    "AB[ab][bb][cb][db][dc][cd][dd][de][df][ef][ff][gf][hf][if][fg][ig][ih][ii]"
    "AW[ac][bc][cc][ad][ae][be][ce][af][bf][cf][ag][bg][cg][dg][eg][gg][hg][ah][bh][ch]"
    "[dh][eh][gh][hh][bi][ci][di][ei][fi][gi][hi]"
    "TR[ac][bc][cc][ad][ae][be][ce][af][bf][cf][ag][bg][cg][dg][eg][gg][hg][ah][bh][ch]"
    "[dh][eh][gh][hh][bi][ci][di][ei][fi][gi][hi]SQ[bd][fh][ai])")


def test_a_kill_where_no_area_can_hold_an_eye_has_nothing_to_browse(make_window, qtbot,
                                                                     tmp_path):
    """The split proves the kill with no search (no area can hold an eye); the app shows
    the verdict and says there is no area proof to browse (it stopped on an IndexError)."""
    path = tmp_path / "no-hopeful-area.sgf"
    path.write_text(NO_HOPEFUL_AREA)
    w = make_window("s.ini")
    solve_by_areas(w, qtbot, path)
    qtbot.waitUntil(lambda: not w.solver.running, timeout=5_000)
    split = w.outcome.result.split
    assert split is not None and not split.defender_wins and split.proofs == []
    assert len(split.split.hopeless) == 2 and verify_split(split).passed
    assert "no area needed a search" in w.solve_panel.verdict_label.text()
    assert w.browser.proof is None
