"""Solving through the worker thread: progress and result signals, stop, stale results dropped."""

import threading
import time
from dataclasses import replace

import pytest

pytest.importorskip("pytestqt")

from engine_cy.board import BLACK  # noqa: E402
from tsumego_gui.core import coords  # noqa: E402
from tsumego_gui.core.sgf_io import read_sgf  # noqa: E402
from tsumego_gui.qt import proof_facts, solver_worker  # noqa: E402
from tsumego_gui.qt.editor import Draft  # noqa: E402
from tsumego_gui.qt.main_window import BUNDLED_PROBLEM, MainWindow  # noqa: E402
from tsumego_gui.qt.settings import open_settings  # noqa: E402
from tsumego_gui.qt.solver_worker import SolveRequest  # noqa: E402
from tsumego_gui.qt.try_first_move import TryFirstMove  # noqa: E402
from tsumego_gui.search import classification_file  # noqa: E402
from tsumego_gui.search.choice import SolveOutcome, solve  # noqa: E402
from tsumego_gui.search.classification_file import is_right  # noqa: E402
from tsumego_gui.search.results import Progress, SolveResult  # noqa: E402
from tsumego_gui.search.verify import verify  # noqa: E402

# Our own: a nearly empty 6x6 board, White to live anywhere -- far too big to finish in a
# second, so it keeps the worker busy and reports progress.
OPEN_6X6 = b"(;GM[1]SZ[6]PL[W]AB[cc]AW[dd]TG[live_any]TD[W])"



def long_request(seconds=20.0):
    return SolveRequest(read_sgf(OPEN_6X6)[0], solver="dfs", max_nodes=0, max_seconds=seconds,
                        all_moves=False, verify=False)


def test_worker_sends_progress_then_a_result(qtbot, controller):
    progress = []
    controller.progress.connect(progress.append)
    with qtbot.waitSignal(controller.finished, timeout=30_000) as blocker:
        controller.start(long_request(seconds=1.0))
    outcome = blocker.args[0]
    assert progress, "no progress signal during a one-second search"
    assert all(p.nodes > 0 and p.elapsed >= 0 for p in progress)
    assert [p.nodes for p in progress] == sorted(p.nodes for p in progress)
    assert outcome.result.verdict == "unknown" and outcome.result.stop_reason == "time budget"
    assert not controller.running


def test_solving_the_bundled_problem_gives_a_verified_proof_with_the_book_move(make_window, qtbot):
    w = make_window("s.ini")
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    stages = []
    w.solver.stage.connect(stages.append)
    with qtbot.waitSignal(w.solver.finished, timeout=30_000):
        w.solve()
    outcome = w.outcome
    assert stages and "verifier" in stages[0]
    proof = outcome.result.proof
    book = read_sgf(BUNDLED_PROBLEM)[0].book_moves_for(proof.to_play)
    assert outcome.result.verdict == "lives"
    assert set(book) <= set(proof.winning_moves)        # the file's answer is among them
    assert outcome.verified is True and verify(proof).ok
    assert "verified" in w.solve_panel.badge.text()
    names = [coords.to_gtp(m, 9) for m in proof.winning_moves]
    assert all(n in w.solve_panel.verdict_label.text() for n in names)
    assert w.mode == "proof" and w.browser.proof is proof
    w.close()


def test_stop_cancels_the_search(qtbot, controller):
    with qtbot.waitSignal(controller.progress, timeout=20_000):
        controller.start(long_request())
    started = time.monotonic()
    with qtbot.waitSignal(controller.finished, timeout=10_000) as blocker:
        controller.stop()
    assert time.monotonic() - started < 5
    assert blocker.args[0].result.stop_reason == "cancelled"
    assert blocker.args[0].result.verdict == "unknown"


def test_a_newer_request_drops_the_older_result(qtbot, controller):
    finished = []
    controller.finished.connect(finished.append)
    first = controller.start(long_request())
    problem = read_sgf(BUNDLED_PROBLEM)[0]
    second = controller.start(SolveRequest(problem, solver="dfs", max_seconds=20))
    assert second != first
    qtbot.waitUntil(lambda: bool(finished), timeout=30_000)
    qtbot.wait(200)
    assert len(finished) == 1                      # the first (open 6x6) result never came
    assert finished[0].result.verdict == "lives" and finished[0].result.proof.problem == problem


def test_editing_while_solving_cancels_and_shows_nothing_stale(make_window, qtbot, tmp_path):
    w = make_window("s.ini")
    w.show()
    path = tmp_path / "open.sgf"
    path.write_bytes(OPEN_6X6)
    assert w.open_path(path, ask=False)
    w.solve_panel.seconds_spin.setValue(20)
    with qtbot.waitSignal(w.solver.progress, timeout=20_000):
        w.solve()
    assert w.solver.running and not w.solve_panel.solve_button.isEnabled()
    stale = []
    w.solver._worker.finished.connect(lambda rid, o: stale.append(o))
    w.editor.press(coords.from_gtp("A1", 6), 1)       # an edit while the search runs
    w.editor.release()
    assert not w.solver.running
    assert "edited" in w.solve_panel.progress_label.text()
    qtbot.waitUntil(lambda: bool(stale), timeout=10_000)     # the old search did stop...
    assert stale[0].result.stop_reason == "cancelled"
    qtbot.wait(100)
    assert w.outcome is None and w.browser.proof is None   # ...and its result was dropped
    assert w.solve_panel.solve_button.isEnabled()
    w.close()


def test_an_invalid_position_is_not_sent_to_the_solver(qtbot, tmp_path):
    w = MainWindow(open_settings(str(tmp_path / "s.ini")), open_last=False)
    qtbot.addWidget(w)
    w.new_problem(5)
    w.confirm_discard = lambda: True
    w.solve()
    assert w.error_text().startswith("Cannot solve: Place the white stones that must live")
    # done as it says, the advice goes (QA s50 round 5: it stayed beside "✓ Valid problem")
    a1 = coords.from_gtp("A1", 5)
    w.editor.set_fields("a white stone", white=frozenset({a1}), crucial=frozenset({a1}))
    assert not w.error_text()
    assert not w.solver.running
    # a stone with no liberty and no crucial marks: both said (QA s56 editor D9: only the
    # marks were, the stone in brackets in the validation line alone)
    black = frozenset(coords.from_gtp(v, 5) for v in ("A2", "B1"))
    w.editor.set_fields("walled in", black=black, crucial=frozenset())
    w.solve()
    assert w.error_text() == ("Cannot solve: Mark the white stones that must live: choose the "
                              "Crucial stones tool (Ctrl+2) and click their group.  Also: "
                              "the white chain at A1 has no liberties.")
    w.close()


def test_the_chosen_solver_runs_and_its_best_line_is_shown(make_window, qtbot, tmp_path):
    w = make_window("s.ini")
    path = tmp_path / "open.sgf"
    path.write_bytes(OPEN_6X6)
    assert w.open_path(path, ask=False)
    panel = w.solve_panel
    panel.solver_combo.setCurrentIndex(panel.solver_combo.findData("mcts"))
    panel.seconds_spin.setValue(1.0)
    seen = []
    w.solver.progress.connect(seen.append)
    with qtbot.waitSignal(w.solver.finished, timeout=30_000):
        w.solve()
    assert w.outcome.solver_used == "mcts"
    with_line = [p for p in seen if getattr(p, "best_line", ())]
    assert with_line, "best-first search reports its principal line"
    panel.show_progress(with_line[-1])
    first = coords.to_gtp(with_line[-1].best_line[0], 6)
    assert f"best line so far: {first}" in panel.progress_label.text()
    assert w.prefs.solver == "mcts"                    # the choice is remembered
    w.close()


def test_a_proven_root_shows_while_its_proof_tree_is_built(make_window):
    panel = make_window("s.ini").solve_panel
    panel.show_progress(Progress(5_000_000, 1e6, 5.0, 40, 3_000_000, root_status="dies",
                                 proof_nodes=123_456))
    assert "proven: dies; building the proof tree: 123,456 nodes" in \
        panel.progress_label.text()


def test_a_long_check_shows_how_far_the_verifier_has_come(make_window, monkeypatch):
    """The verifier's walk of a large proof takes up to a minute: the worker reports the
    proof nodes checked so far, and the panel shows them with a bar of their own (the
    time budget's bar stood full meanwhile; counting positions walked, which pass the
    proof's size where lines meet again, it stood near full for half the check, QA s60)."""
    monkeypatch.setattr(solver_worker, "WALK_REPORT_SECONDS", 0.0)
    heard = []
    request = SolveRequest(read_sgf(BUNDLED_PROBLEM)[0], solver="dfs", all_moves=False)
    outcome = solver_worker.run_request(request, lambda: False, lambda p: None,
                                        walked=lambda done, size: heard.append((done, size)))
    assert outcome.verification == "verified" and heard
    size = proof_facts.count(outcome.result.proof).size
    assert {s for _, s in heard} == {size}
    assert [d for d, _ in heard] == sorted(d for d, _ in heard) and heard[-1][0] == size
    panel = make_window("s.ini").solve_panel
    panel.show_stage("dies: checking the proof (200 nodes) with the independent verifier…")
    panel.show_walked(150, 200)
    panel._tick()
    assert panel.progress_bar.value() == 750
    assert panel.progress_label.text().endswith("\n150 of 200 nodes checked")
    panel.show_walked(200, 200)
    assert panel.progress_bar.value() == 1000


def test_the_ko_read_again_says_its_check_is_of_the_other_rule():
    """QA s60: after "dies" and "is it a ko?", "lives: checking the proof" read as the
    verdict turning round; the read again's check says whose rule its verdict is under."""
    from tsumego_gui.qt.main_window import PROBLEMS_DIR
    stages = []
    request = SolveRequest(read_sgf(PROBLEMS_DIR / "ko" / "direct-ko.sgf")[0], solver="dfs",
                           all_moves=False)
    outcome = solver_worker.run_request(request, lambda: False, lambda p: None, stages.append)
    assert outcome.ko_move is not None
    checks = [text for text in stages if "checking the proof" in text]
    assert len(checks) == 2
    assert checks[0].startswith("dies: checking the proof")
    assert checks[1].startswith("dies: is it a ko? Where the defender may take kos, it lives: "
                                "checking the proof")


def test_the_bar_follows_each_stage_s_own_clock_and_never_goes_back(make_window):
    """QA s60: the bar went back and forth five times a second through "is it a ko?" and
    the classification: the timer filled it by the time since Solve was pressed, the
    stage's search by its own clock."""
    panel = make_window("s.ini").solve_panel
    panel.seconds_spin.setValue(30.0)
    panel.set_running(True)
    panel._stage_started -= 20.0        # the request has run for 20 s
    panel.show_stage("dies: is it a ko? Searching again where the defender may take kos…")
    panel.show_progress(Progress(100_000, 1e5, 3.0, 20, 50_000))
    panel._tick()
    assert panel.progress_bar.value() == 100        # 3 s of 30, not the request's 20
    panel.show_progress(Progress(110_000, 1e5, 2.5, 20, 50_000))
    assert panel.progress_bar.value() == 100        # a report a little behind the timer
    panel.set_running(False)


def test_a_check_cut_short_by_the_verifiers_budget_shows_partly_not_verified(
        make_window, qtbot, monkeypatch):
    monkeypatch.setattr(solver_worker, "VERIFY_POSITIONS", 1)
    w = make_window("s.ini")
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    with qtbot.waitSignal(w.solver.finished, timeout=30_000):
        w.solve()
    assert w.outcome.verification == "partly" and not w.outcome.verified
    badge = w.solve_panel.badge.text()
    assert "partly verified" in badge and "✔" not in badge
    assert not w.error_text()                            # no fault found: no alarm
    w.close()


@pytest.mark.parametrize("verification, badge, alarm", [
    ("verified", "✔ verified", False),
    ("partly", "partly verified", False),
    ("rejected", "REJECTED", True),
    ("unchecked", "not verified", False),
])
def test_the_badge_says_what_the_verifier_found(make_window, verification, badge, alarm):
    w = make_window("s.ini")
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    problem = read_sgf(BUNDLED_PROBLEM)[0]
    result, used, reason = solve(problem, "dfs")
    errors = ("a fault",) if verification == "rejected" else ()
    w.solve_problem = problem
    w._solved(SolveOutcome(result, used, reason, verification, errors))
    assert badge in w.solve_panel.badge.text()
    assert ("REJECTED" in w.error_text()) == alarm
    w.close()


def test_a_stop_in_the_check_says_so_and_classifies_nothing(make_window):
    """QA s60: Esc while the verifier checked the proof left a plain "not verified" badge,
    and "Classification stopped by you: 4 first move(s) left open" where no classification
    had begun."""
    from tsumego_gui.search.classify import classify
    w = make_window("s.ini")
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    problem = read_sgf(BUNDLED_PROBLEM)[0]
    result, used, reason = solve(problem, "dfs")
    w.solve_problem = problem
    w._solved(SolveOutcome(result, used, reason))       # proven, its check stopped
    assert w.solve_panel.badge.text() == \
        "not verified: stopped before the independent checker finished"
    c = classify(problem, cancelled=lambda: True)       # what the worker runs after a stop
    assert c.cancelled and all(m.cls == "open" for m in c.moves)
    w._classified(c)
    assert w.statusBar().currentMessage() == "Stopped by you: the first moves not classified."
    assert "you stopped the solve" in w.solve_panel.first_moves.status_label.text()
    assert w.classification is None
    # not a finished result to keep or show again (review s60: a stopped re-solve gave it
    # back with the cancelled request's "deciding…" list)
    assert w._finished_result() is None
    w.close()


EXPECTED = BUNDLED_PROBLEM.parent / "expected.json"


@pytest.mark.parametrize("side", ["W", "B"])
def test_both_sides_of_the_bundled_problem_match_the_collections_expectations(
        make_window, qtbot, side):
    import json
    if not EXPECTED.exists():
        pytest.skip("the bundled collection has no expected.json")
    entry = next(p for p in json.loads(EXPECTED.read_text())["problems"]
                 if p["file"] == BUNDLED_PROBLEM.name)["expect"][side]
    w = make_window("s.ini")
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    combo = w.problem_panel.to_play_combo
    combo.setCurrentIndex(0 if side == "B" else 1)
    combo.activated.emit(combo.currentIndex())          # as a user's choice does
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    proof = w.outcome.result.proof
    assert w.outcome.result.verdict == entry["verdict"]
    assert set(coords.to_gtp(m, 9) for m in proof.winning_moves) <= set(entry["winning"])
    assert w.outcome.verified and verify(proof).ok
    # every winning first move: the right rows of the classification
    c = w.classification
    right = {coords.to_gtp(m.move, 9) for m in c.moves if is_right(c, m)}
    assert right == set(entry["winning"])
    # the proof browser works for a disproof as for a proof
    text = w.browser.explanation.toPlainText()
    assert ("White dies here." if entry["verdict"] == "dies" else "White lives here.") in text
    # "try it": the user plays the side to move; a right first move wins against the app
    w.browser.try_button.click()
    t = w.browser.try_it
    assert t.user == (1 if side == "B" else 2)
    t.play(coords.from_gtp(entry["winning"][0], 9))
    for _ in range(20):
        if t.finished:
            break
        node = t.node
        t.play(node.prover_move if node.prover_move is not None else node.children[0][0])
    words = {"lives": "White lives", "dies": "White is dead"}[entry["verdict"]]
    assert t.finished and t.log[-1].startswith(f"Correct: {words}")
    w.close()


# Our own: a 19x19 corner problem, only loaded here (never solved).
CORNER_19 = b"(;GM[1]SZ[19]PL[B]AB[ap][bp][cp][cq][cr][cs]AW[aq][bq][br]TR[aq])"


def test_opening_another_problem_or_new_starts_with_an_empty_solve_panel(
        make_window, qtbot, tmp_path):
    """Nothing of the last problem's solve stays: no "position changed" note (it is another
    problem), no empty green "verified" bar while the next one solves, and the size box
    says the size of the problem on the board."""
    w = make_window("s.ini")
    panel = w.solve_panel
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    assert "verified" in panel.badge.text() and panel.badge.isVisibleTo(panel)
    corner = tmp_path / "corner.sgf"
    corner.write_bytes(CORNER_19)
    assert w.open_path(corner)
    assert panel.progress_label.text() == "Not solved yet."
    assert not panel.verdict_label.text() and not panel.badge.isVisibleTo(panel)
    assert not panel.first_moves.rows()
    assert w.problem_panel.size_combo.currentData() == 19
    assert w.open_path(BUNDLED_PROBLEM)
    assert w.problem_panel.size_combo.currentData() == 9
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
        # while it solves: no badge left over from the solve before, not even its colour
        assert not panel.badge.isVisibleTo(panel) and not panel.badge.styleSheet()
    assert "verified" in panel.badge.text()
    w.new_problem(13)
    assert panel.progress_label.text() == "Not solved yet."
    assert not panel.badge.isVisibleTo(panel) and not panel.verdict_label.text()
    assert w.problem_panel.size_combo.currentData() == 13
    w.close()


def test_an_unproven_solve_keeps_its_best_line_and_names_a_best_guess(make_window, qtbot,
                                                                      tmp_path):
    w = make_window("s.ini")
    path = tmp_path / "open.sgf"
    path.write_bytes(OPEN_6X6)                       # far too big for a second
    assert w.open_path(path, ask=False)
    panel = w.solve_panel
    panel.solver_combo.setCurrentIndex(panel.solver_combo.findData("mcts"))
    panel.seconds_spin.setValue(1.0)
    lines = []
    # the solve's progress only (the classification that follows reports its own)
    w.solver.progress.connect(lambda p: w.outcome is None and lines.append(p.best_line))
    with qtbot.waitSignal(w.solver.finished, timeout=30_000):
        w.solve()
    assert w.outcome.result.proof is None
    best = [line for line in lines if line][-1]      # the line shown last during the search
    text = panel.verdict_label.text()
    assert "Not proven within the budget" in text
    assert f"Best guess (not proven, may be wrong): {coords.to_gtp(best[0], 6)}<br>" in text
    assert "Best line found: " + " ".join(coords.to_gtp(m, 6) for m in best[:12]) in text
    w.close()


def test_an_unproven_solve_that_decided_the_root_says_what_the_search_found(make_window):
    # the search had decided, and the time ran out while it built the proof (enclosed-dev
    # gop/12403 B at 1.4 s): a bare "not proven" hid that
    w = make_window("s.ini")
    w.solve_problem = read_sgf(BUNDLED_PROBLEM)[0]      # White defends
    result = SolveResult("unknown", None, 1_951_883, 1.4, "time budget", 30, decided="dies")
    w._solved(SolveOutcome(result, "dfs", "test"))
    text = w.solve_panel.verdict_label.text()
    assert "Not proven within the budget" in text
    assert "The search found that White dies, but it stopped while it built the proof: " \
        "unproven and unchecked" in text
    assert w.browser.explanation.toPlainText().startswith(
        "The search found that White dies, but it stopped while it built the proof")
    w.close()


def runs_until_stopped(monkeypatch, phase):
    """From now on the worker's search (``phase`` "search") or classification
    ("classification") runs until the user stops it, as a long one does; returns an event
    set once it runs."""
    name = {"search": "run_request", "classification": "run_classification"}[phase]
    real = getattr(solver_worker, name)
    running = threading.Event()

    def until_stopped(request, cancelled, *args, **kwargs):
        running.set()
        while not cancelled():
            time.sleep(0.01)
        return real(request, cancelled, *args, **kwargs)

    monkeypatch.setattr(solver_worker, name, until_stopped)
    return running


@pytest.mark.parametrize("phase", ["search", "classification"])
def test_a_re_solve_stopped_by_the_user_keeps_the_finished_result(
        make_window, qtbot, monkeypatch, tmp_path, phase):
    """Space after a finished solve, then Esc: the earlier result stays whole (verdict,
    first moves, proof), and export and practice use it."""
    w = make_window("s.ini")
    panel = w.solve_panel
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    outcome, c, proof = w.outcome, w.classification, w.browser.proof
    verdict, rows = panel.verdict_label.text(), panel.first_moves.rows()
    assert proof is not None and not c.cancelled and rows
    running = runs_until_stopped(monkeypatch, phase)
    w.solve()                                           # Space again
    qtbot.waitUntil(running.is_set, timeout=30_000)
    w.stop()                                            # Esc
    qtbot.waitUntil(lambda: not w.solver.running, timeout=10_000)
    assert w.outcome is outcome and w.classification is c
    assert w.browser.proof is proof and w.browser.classification is c
    assert panel.verdict_label.text() == verdict and panel.first_moves.rows() == rows
    assert "verified" in panel.badge.text()
    assert "stopped" in w.statusBar().currentMessage()
    assert "earlier result is kept" in w.statusBar().currentMessage()
    out = tmp_path / "kept.json"
    w.ask_export_file = lambda default, filters: str(out)
    assert w.export_proof()
    assert [(m.move, m.cls) for m in classification_file.load_json(out).moves] == \
        [(m.move, m.cls) for m in c.moves]
    w.practice_action.trigger()                         # P: against the kept proofs
    segment = w.browser.try_it.segment
    assert isinstance(segment, TryFirstMove) and segment.classification is c
    w.close()


def test_esc_in_the_search_says_stopped_by_you_not_the_budget(make_window, qtbot,
                                                              monkeypatch):
    """A first solve stopped in its search: no "budget" words, no "Classification
    stopped" (none ran), and no full progress bar."""
    w = make_window("s.ini")
    panel = w.solve_panel
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    running = runs_until_stopped(monkeypatch, "search")
    w.solve()
    qtbot.waitUntil(running.is_set, timeout=30_000)
    w.stop()
    qtbot.waitUntil(lambda: not w.solver.running, timeout=10_000)
    assert w.outcome.result.stop_reason == "cancelled"
    verdict = panel.verdict_label.text()
    assert "Not proven: stopped by you" in verdict and "budget" not in verdict
    assert "stopped by you" in panel.progress_label.text()
    assert panel.progress_bar.value() < panel.progress_bar.maximum()
    # no list of moves "open (stopped by you)" (QA s45: it contradicted "not classified")
    assert panel.first_moves.rows() == []
    assert panel.first_moves.status_label.text() == \
        "First moves: not classified: you stopped the solve."
    message = w.statusBar().currentMessage()
    assert "Solve stopped by you" in message and "Classification" not in message
    panel.progress_bar.setValue(300)
    panel.show_outcome(w.outcome, 9, 2)     # the verdict alone: the bar stays where it was
    assert panel.progress_bar.value() == 300
    w.close()


def test_a_solve_clears_the_last_error_from_the_status_bar(make_window, qtbot):
    w = make_window("s.ini")
    w.new_problem(5)
    w.solve()                                     # an empty board is no problem yet
    assert "Cannot solve" in w.statusBar().currentMessage()
    w.editor.reset(Draft.from_problem(read_sgf(BUNDLED_PROBLEM)[0]))    # set up by hand
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    assert w.outcome.result.verdict == "lives"
    assert not w.error_text() and "Cannot solve" not in w.statusBar().currentMessage()
    w.close()


def test_a_solve_that_decides_nothing_skips_the_classification_and_says_why(
        make_window, qtbot, tmp_path):
    """Classifying every first move under the same budget again would only double the wait
    for a table of open rows (QA s39: 19x19, 8 s + 8 s for 142 open moves)."""
    w = make_window("s.ini")
    path = tmp_path / "open.sgf"
    path.write_bytes(OPEN_6X6)                       # far too big for a second
    assert w.open_path(path, ask=False)
    w.solve_panel.seconds_spin.setValue(1.0)
    stages, classified = [], []
    w.solver.stage.connect(stages.append)
    w.solver.classified.connect(classified.append)
    with qtbot.waitSignal(w.solver.finished, timeout=30_000):
        w.solve()
    assert w.outcome.result.verdict == "unknown"
    qtbot.waitUntil(lambda: not w.solver.running, timeout=2_000)    # no second budget
    assert classified == [None] and w.classification is None
    assert not any("Classifying" in s for s in stages)
    assert w.solve_panel.first_moves.status_label.text() == (
        "First moves: not classified: the position itself was not decided within the "
        "budget; raise the Time budget.")


def test_a_search_stopped_by_its_memory_says_no_budget_of_the_panel_was_the_limit(qtbot):
    """QA s48: a best-first search that filled its 3-GiB tree read "raise the budgets",
    though neither the time nor the node budget had run out."""
    from engine_cy.board import WHITE
    from tsumego_gui.qt.settings import Preferences
    from tsumego_gui.qt.solve_panel import SolvePanel
    panel = SolvePanel(Preferences())
    qtbot.addWidget(panel)
    stopped = SolveResult("unknown", None, 1_600_000, 23.0, "memory budget", 0)
    panel.show_outcome(SolveOutcome(stopped, "mcts", "chosen by the caller"), 19, WHITE)
    panel.show_not_classified()
    text = panel.first_moves.status_label.text()
    assert "filled its memory" in text and "raise" not in text


def test_after_a_solve_that_found_no_proof_the_browser_says_so_and_why(make_window, qtbot):
    """Not "Solve the problem to browse its proof here", and not the proof of the solve
    before, which the panel no longer stands by."""
    w = make_window("s.ini")
    assert w.open_path(BUNDLED_PROBLEM, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    assert w.browser.proof is not None and w.mode == "proof"
    w.solve_panel.nodes_spin.setValue(1)                # far too few to prove anything
    with qtbot.waitSignal(w.solver.classified, timeout=30_000):
        w.solve()
    assert w.outcome.result.proof is None
    text = w.browser.explanation.toPlainText()
    assert w.browser.proof is None and w.mode == "edit"
    assert text.startswith("The solve found no proof: its node budget ran out")


def test_a_region_that_leaves_out_a_liberty_of_the_crucial_stones_is_noted_by_the_verdict(
        make_window, qtbot, tmp_path):
    """QA s40: straight three with C1 left out of the region lives as posed (no move fills
    C1); the verdict says why, naming the point, where a plain solve shows it; the bundled
    problem itself has no such note."""
    w = make_window("s.ini")
    path = tmp_path / "short.sgf"
    path.write_bytes(BUNDLED_PROBLEM.read_bytes().replace(b"SQ[ai][bi][ci]", b"SQ[ai][bi]"))
    for problem, noted in ((BUNDLED_PROBLEM, False), (path, True)):
        assert w.open_path(problem, ask=False)
        with qtbot.waitSignal(w.solver.classified, timeout=60_000):
            w.solve()
        text = w.solve_panel.verdict_label.text()
        # read first, above the verdict (QA s49: in small print under it, it went unread)
        assert ("⚠ Read first: crucial stones have a liberty outside the region (C1)"
                in text.split("<b>")[0]) == noted, text
    # a text that says another side moves first than the file's PL is noted too
    path.write_bytes(BUNDLED_PROBLEM.read_bytes().replace(b"White to play and live.",
                                                          b"Black to play and kill."))
    assert w.open_path(path, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    assert "Black to play and kill&#x27;) says black plays first, but white does here" \
        in w.solve_panel.verdict_label.text()


def test_a_group_alive_already_needs_no_winning_move(make_window, qtbot, tmp_path):
    """QA s46: a group with two eyes already read "Winning first move: none" beside a list
    in which every first move lives."""
    w = make_window("s.ini")
    path = tmp_path / "alive.sgf"
    path.write_bytes(BUNDLED_PROBLEM.read_bytes().replace(b"AW[ah]", b"AW[bi][ah]")
                     .replace(b"SQ[ai][bi][ci]", b"SQ[ai][ci]"))
    assert w.open_path(path, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    assert "none needed (White is unconditionally alive already)" \
        in w.solve_panel.verdict_label.text()
    # Black to play has no move: "none", not "none needed" (review s49)
    w.problem_panel.to_play_combo.setCurrentIndex(0)
    w.problem_panel.to_play_combo.activated.emit(0)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    said = w.solve_panel.verdict_label.text()
    assert "with Black to play" in said
    assert "<b>none (White is unconditionally alive already)</b>" in said
    # a dead group: no move wins, said as such (QA s56 book19 D7: "Winning first move of
    # the proof for White: none")
    assert w.open_path(BUNDLED_PROBLEM.parent / "classic" / "square-four.sgf", ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    said = w.solve_panel.verdict_label.text()
    assert "No first move wins for White: the proof answers each" in said
    assert "Winning first move" not in said


def test_an_undecided_whole_board_search_says_to_mark_the_region(make_window, qtbot):
    """QA s50 (a new user): no region marked, the whole 9x9 board searched and nothing
    decided: the advice was "raise the Time budget"; marking the region is the way."""
    w = make_window("s.ini")
    straight_three = Draft.from_problem(read_sgf(BUNDLED_PROBLEM)[0])
    w.editor.reset(replace(straight_three, region=frozenset(), to_play=BLACK))
    w.solve_panel.seconds_spin.setValue(1.0)
    w.solve_panel.solver_combo.setCurrentIndex(w.solve_panel.solver_combo.findData("mcts"))
    with qtbot.waitSignal(w.solver.classified, timeout=30_000):
        w.solve()
    assert w.outcome.result.verdict == "unknown"
    assert w.solve_panel.first_moves.status_label.text().endswith(
        "mark where play happens with the Region tool (Ctrl+3): the whole board was searched.")


def test_the_classes_come_at_once_and_the_next_request_stops_the_lines_read_ahead(
        qtbot, controller, monkeypatch):
    """Helper s58 browse: the first moves' main lines are drawn in the worker, after it
    hands the classification over (the browser needs it at once), and the next request
    stops that: nothing waits for it."""
    reading, stopped = threading.Event(), []

    def slow_read(c, cancelled, book):
        reading.set()
        while not cancelled():
            time.sleep(0.01)
        stopped.append(c)

    monkeypatch.setattr(solver_worker.proof_facts, "read_first_move_lines", slow_read)
    problem = read_sgf(BUNDLED_PROBLEM)[0]
    with qtbot.waitSignal(controller.classified, timeout=60_000) as blocker:
        controller.start(SolveRequest(problem, solver="dfs", max_seconds=20))
    assert not controller.running and reading.wait(10) and not stopped
    assert controller.busy
    with qtbot.waitSignal(controller.finished, timeout=30_000):
        controller.start(long_request(seconds=0.5))
    assert stopped == [blocker.args[0]]
    qtbot.waitUntil(lambda: not controller.busy, timeout=10_000)    # released
    # opening another problem stops them too (review s58)
    reading.clear()
    with qtbot.waitSignal(controller.classified, timeout=60_000):
        controller.start(SolveRequest(problem, solver="dfs", max_seconds=20))
    assert reading.wait(10)
    controller.forget()
    qtbot.waitUntil(lambda: len(stopped) == 2 and not controller.busy, timeout=10_000)
