"""Practice mode: the problem played as posed, answered from the proof and, off it, by a solve
on demand in the practice worker; hints (zone, then move); the result in the player's words,
said once; Esc while the app thinks; Space keeps the game.

Expected play comes from Go knowledge: in the straight three (bundled; White to live) B1 makes
two eyes at once, and after White A1 Black kills at B1 or C1.
"""

from dataclasses import replace

import pytest

pytest.importorskip("pytestqt")

from engine_cy.board import BLACK, PASS, WHITE  # noqa: E402
from tests.test_cli_solve import KO_JUST_TAKEN  # noqa: E402
from tests.test_solver import DEAD_FILLING_ITS_DAME, problem_from, solved  # noqa: E402
from tsumego_gui.core import coords  # noqa: E402
from tsumego_gui.core.book_lines import BookMove, book_of_file  # noqa: E402
from tsumego_gui.core.sgf_io import RIGHT, WRONG, read_sgf  # noqa: E402
from tsumego_gui.qt.collection_state import UNSOLVED  # noqa: E402
from tsumego_gui.qt.editor import Draft  # noqa: E402
from tsumego_gui.qt.main_window import BUNDLED_PROBLEM as STRAIGHT_THREE  # noqa: E402
from tsumego_gui.qt.main_window import PROBLEMS_DIR  # noqa: E402
from tsumego_gui.qt.practice import END_REASONS, Practice, position_problem  # noqa: E402
from tsumego_gui.qt.proof_view import refusal  # noqa: E402
from tsumego_gui.qt.try_first_move import app_first_move  # noqa: E402
from tsumego_gui.search.classify import classify, first_move_problem  # noqa: E402

A1, B1, C1 = (coords.from_gtp(v, 9) for v in ("A1", "B1", "C1"))
# Our own: a nearly empty 6x6 board, White to live anywhere: nothing is proven in a second
OPEN_6X6 = b"(;GM[1]SZ[6]PL[W]AB[cc]AW[dd]TG[live_any]TD[W])"


def _practising(make_window, path=STRAIGHT_THREE):
    w = make_window("s.ini", show=True)
    assert w.open_path(path, ask=False)
    w.practice_action.trigger()                       # P
    game = w.browser.try_it
    assert isinstance(game, Practice) and w.practice_action.isChecked()
    return w, game


def _wait_answer(qtbot, game, timeout=30_000):
    qtbot.waitUntil(lambda: not game.thinking, timeout=timeout)


def test_practice_without_a_solve_answers_by_solving_on_demand(make_window, qtbot):
    w, game = _practising(make_window)
    assert w.browser.proof is None and game.user == 2          # White to live, never solved
    said = w.browser.try_move(A1)
    assert "no proof covers this position" in said and "Thinking" in said
    assert game.thinking == "answer" and w.practice_solver.running
    assert "thinking" in w.mode_label.text()
    assert w.board.view.color_at(A1) == 2                      # the move stays on the board
    w.solve_action.trigger()                                   # Space: no solve, no lost moves
    assert not w.solver.running and game.board.color_at(A1) == 2
    _wait_answer(qtbot, game)
    answer = game.last_move
    assert answer in (B1, C1) and "Black answers" in game.log[-1]     # Black kills
    # the proven loss is said when it is known, as after a solve (QA s45); no move of
    # the proof takes a ko, so the ko rule is not named (QA s53 re-check N1)
    assert "After your A1, White dies whatever White plays (proven): this game is lost." \
        in game.log
    assert w.board.view.color_at(answer) == 1
    for _ in range(10):                                        # play on: the proof answers
        if game.finished:
            break
        node = game.node
        w.browser.try_move(node.children[0][0] if node is not None else PASS)
        _wait_answer(qtbot, game)
    assert game.finished and game.result == "wrong"
    assert game.log[-1].startswith("Wrong: White is dead")
    assert sum("is dead" in line for line in game.log) == 1    # the result, said once
    w.browser.try_move(B1)
    w.browser.try_move(C1)
    assert sum("game is over" in line for line in game.log) == 1


def test_the_pass_button_says_what_the_game_says(make_window, qtbot):
    """QA s54 D7: the Proof dock's Pass button played the pass, but what the game said
    (here the app's answer) never reached the status bar, as it does after Shift+P."""
    w = make_window("s.ini", show=True)
    assert w.open_path(STRAIGHT_THREE, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    w.set_practice(True)
    game = w.browser.try_it
    w.statusBar().clearMessage()
    w.browser.pass_button.click()
    assert game.moves and game.moves[0] == PASS
    assert w.statusBar().currentMessage() == game.log[-1]


def test_practice_asks_with_the_heuristic_and_no_node_budget(make_window, qtbot,
                                                           monkeypatch):
    """s48: a 1,000,000-node cap ended depth-first search at 0.6 s of practice's 3 s, and
    uniform best-first search proved fewer book positions than the heuristic (results
    file), with ten times the tree's memory."""
    w, game = _practising(make_window)
    asked = []
    monkeypatch.setattr(w.practice_solver, "start", asked.append)
    w.browser.try_move(A1)
    request, = asked
    assert (request.evaluator, request.max_nodes, request.solver) == ("heuristic", 0, "auto")
    assert request.max_seconds == 3.0 and not request.all_moves


def test_practice_hides_the_answers_and_gives_them_back(make_window, qtbot):
    """QA s45: while practising, the first moves' classes ("B1 lives") and the proof tree
    stayed in view, giving the answer away."""
    w = make_window("s.ini", show=True)
    assert w.open_path(STRAIGHT_THREE, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    answers = (w.solve_panel.verdict_label, w.solve_panel.first_moves, w.browser.tree)
    assert all(a.isVisible() for a in answers)
    w.solve_panel.first_moves.tree.setFocus()         # P from the list: the keys follow
    w.practice_action.trigger()                       # P
    assert isinstance(w.browser.try_it, Practice)
    assert not any(a.isVisible() for a in answers)
    assert w.board.hasFocus()
    w.practice_action.trigger()                       # P again: practice ends
    assert w.browser.try_it is None and all(a.isVisible() for a in answers)


def test_undo_during_practice_says_why_and_keeps_the_game(make_window, qtbot):
    """QA s45: Ctrl+Z in practice took back an edit made before the solve, and the game
    ended with it."""
    w = make_window("s.ini", show=True)
    assert w.open_path(STRAIGHT_THREE, ask=False)
    w.editor.set_fields("edited", black=w.editor.draft.black | {coords.from_gtp("J9", 9)})
    assert w.undo_action.isEnabled() and w.undo_action.text() == "&Undo edited"
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    w.practice_action.trigger()
    game = w.browser.try_it
    w.undo_action.trigger()
    assert w.browser.try_it is game and coords.from_gtp("J9", 9) in w.editor.draft.black
    assert "end the game first (P)" in w.statusBar().currentMessage()
    w._take_tool("region")                          # Ctrl+3, a tool: the same
    assert w.browser.try_it is game and w.editor.tool == "stones"
    from PySide6.QtCore import Qt
    qtbot.keyClick(w, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)   # Ctrl+E too
    assert w.browser.try_it is game and w.mode == "proof"
    w.practice_action.trigger()                     # practice ends: undo edits again
    w.undo_action.trigger()
    assert coords.from_gtp("J9", 9) not in w.editor.draft.black


def test_the_right_move_ends_at_once_in_the_players_words(make_window):
    w, game = _practising(make_window)
    said = w.browser.try_move(B1)               # two eyes: the goal holds, nothing to solve
    assert not game.thinking and game.finished and game.result == "correct"
    assert said.endswith("Correct: White lives (unconditionally alive).")
    assert "Correct: White lives" in w.mode_label.text()


def test_killing_is_said_from_the_killers_side(make_window, qtbot):
    """Black to kill the straight three: the user plays Black, and a kill reads 'Correct:
    White is dead'."""
    w = make_window("s.ini", show=True)
    problem = read_sgf(STRAIGHT_THREE)[0]
    w.editor.reset(Draft.from_problem(replace(problem, to_play=1)))
    w.practice_action.trigger()
    game = w.browser.try_it
    assert game.user == 1
    w.browser.try_move(B1)                      # the vital point
    _wait_answer(qtbot, game)
    for _ in range(10):
        if game.finished:
            break
        node = game.node
        w.browser.try_move(node.prover_move if node.prover_move is not None
                           else node.children[0][0])
        _wait_answer(qtbot, game)
    assert game.result == "correct" and game.log[-1].startswith("Correct: White is dead")


def test_hints_show_the_zone_then_the_move(make_window, qtbot):
    """Bent three on the 13x13 side: the first hint's zone (11 points) leaves part of the
    region out; the second shows White's F1."""
    w = make_window("s.ini", show=True)
    assert w.open_path(PROBLEMS_DIR / "side" / "bent-three-13.sgf", ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    w.practice_action.trigger()
    game = w.browser.try_it
    assert not w.board.overlay.zone and not w.board.overlay.labels      # no spoiler
    w.hint_action.trigger()                                             # H
    assert w.board.overlay.zone and not w.board.overlay.labels
    assert "zone" in game.log[-1]
    w.hint_action.trigger()                                             # H again
    f1 = coords.from_gtp("F1", 13)
    assert w.board.overlay.labels == ((f1, "1"),) and "play F1" in game.log[-1]
    w.browser.try_move(f1)
    assert game.result == "correct" and not w.board.overlay.labels


def test_a_zone_over_the_whole_region_is_no_hint(make_window, qtbot):
    """QA s50 (a new user): the first hint shaded every point of the fight, which narrows
    nothing; on the straight three (its zone the whole corner) H shows the move at once."""
    w = make_window("s.ini", show=True)
    assert w.open_path(STRAIGHT_THREE, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    w.practice_action.trigger()
    game = w.browser.try_it
    w.hint_action.trigger()                                             # H
    assert w.board.overlay.labels == ((B1, "1"),) and "play B1" in game.log[-1]


def test_a_hint_to_a_ko_says_it_makes_the_ko():
    """QA s50: the attacker's best, a direct ko, was hinted as "cannot win from here"."""
    problem = read_sgf(PROBLEMS_DIR / "corner" / "l-four-corner-ko.sgf")[0]
    game = Practice(problem, lambda p: None, classification=classify(problem))
    assert game.hint() == ("Hint: play B1 (marked on the board): it makes a ko, the best you "
                           "can get here.")


def test_a_hint_on_a_problem_never_solved_solves_it_first(make_window, qtbot):
    w, game = _practising(make_window)
    w.hint_action.trigger()
    assert game.thinking == "hint"
    _wait_answer(qtbot, game)
    assert w.board.overlay.zone and "zone" in game.log[-1]
    w.hint_action.trigger()
    assert w.board.overlay.labels == ((B1, "1"),)


def test_esc_while_thinking_stops_and_the_best_guess_is_said_plainly(make_window, qtbot,
                                                                     tmp_path):
    path = tmp_path / "open.sgf"
    path.write_bytes(OPEN_6X6)
    w, game = _practising(make_window, path)
    w.browser.try_move(coords.from_gtp("C3", 6))
    assert game.thinking == "answer"
    qtbot.wait(300)                     # the GUI runs on while the worker searches
    w.stop_action.trigger()             # Esc
    _wait_answer(qtbot, game, timeout=5_000)
    said = "\n".join(game.log[-3:])
    assert "could not prove an answer (stopped)" in said
    assert "best guess (not proven)" in said or "no best guess" in said
    assert game.board.to_play == game.user and w.browser.try_it is game   # the game goes on


def test_an_unproven_answer_plays_the_best_guess():
    problem = read_sgf(STRAIGHT_THREE)[0]
    asked = []
    game = Practice(problem, asked.append)
    game.play(A1)
    assert asked and asked[0].to_play == 1 and A1 in asked[0].white
    text = game.answer(None, best_line=(C1, B1))
    assert "not proven within 3 s" in text and "best guess (not proven): C1" in text
    assert game.board.color_at(C1) == 1 and game.last_move == C1 and not game.finished


def test_a_first_move_classed_ko_ends_in_ko(make_window, qtbot):
    """The result after a first move whose class is ko reads 'Ko', not correct or wrong (the
    class is set by hand here: the straight three has no ko)."""
    w = make_window("s.ini")
    assert w.open_path(STRAIGHT_THREE, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    c = w.classification
    ko = replace(c, moves=[replace(m, cls="ko") if m.move == B1 else m for m in c.moves])
    game = Practice(ko.problem, lambda problem: None, classification=ko)
    said = game.play(B1)
    assert game.finished and game.result == "ko"
    assert said.splitlines()[-1].startswith("Ko: White lives")
    assert sum(line.startswith(("Ko", "Correct", "Wrong")) for line in game.log) == 1


def test_practice_waits_for_a_running_solve(make_window, qtbot, tmp_path):
    """The proof a solve brings would end a game started meanwhile: P (and the browser's
    Practice button) are refused while it runs, with the reason, as Space is in practice."""
    path = tmp_path / "open.sgf"
    path.write_bytes(OPEN_6X6)
    w = make_window("s.ini", show=True)
    assert w.open_path(path, ask=False)
    w.solve_panel.seconds_spin.setValue(20)
    with qtbot.waitSignal(w.solver.progress, timeout=20_000):
        w.solve()
    w.practice_action.trigger()                         # P
    assert w.browser.try_it is None and not w.practice_action.isChecked()
    assert "A solve is running" in w.statusBar().currentMessage()
    w.browser.try_button.click()
    assert w.browser.try_it is None and not w.browser.try_button.isChecked()
    w.stop_action.trigger()                             # Esc
    qtbot.waitUntil(lambda: not w.solver.running, timeout=10_000)
    w.practice_action.trigger()
    assert isinstance(w.browser.try_it, Practice)


def test_the_practice_log_shows_its_newest_line(make_window, qtbot):
    w = make_window("s.ini", show=True)
    log = w.browser.explanation
    log.setFixedHeight(3 * log.fontMetrics().lineSpacing())     # room for a line or two
    assert w.open_path(STRAIGHT_THREE, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    w.practice_action.trigger()
    w.hint_action.trigger()
    w.hint_action.trigger()
    game = w.browser.try_it
    w.browser.try_move(A1)                              # wrong: Black kills
    _wait_answer(qtbot, game)
    bar = log.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == bar.maximum()
    assert log.toPlainText().splitlines()[-1] == game.log[-1]


def test_esc_with_nothing_to_stop_keeps_the_game(make_window, qtbot):
    """Esc stops a search; a second Esc, or one just after the answer came, must not throw
    the game away (P ends practice)."""
    w, game = _practising(make_window)
    w.browser.try_move(A1)
    _wait_answer(qtbot, game)
    moves = len(game.log)
    w.stop_action.trigger()                             # Esc: nothing runs
    w.stop_action.trigger()
    assert w.browser.try_it is game and w.practice_action.isChecked()
    assert len(game.log) == moves and game.board.color_at(A1) == 2
    assert "P ends practice" in w.statusBar().currentMessage()


def test_with_no_best_guess_the_app_plays_a_region_move_not_a_pass():
    """Depth-first search keeps no best line: the app answers with the move the heuristic
    evaluator likes best (here Black B1, the vital point of the straight three after White
    A1), not a pass in the middle of the problem."""
    problem = read_sgf(STRAIGHT_THREE)[0]
    game = Practice(problem, lambda asked: None)
    game.play(A1)
    text = game.answer(None, best_line=(), failure="stopped")
    assert "could not prove an answer (stopped)" in text and "passes" not in text
    assert "best guess (not proven), by simple shape rules: B1" in text
    assert game.last_move == B1 and game.board.color_at(B1) == 1


def test_an_attackers_best_line_that_passes_first_plays_the_point_the_opponent_wants():
    """QA s48: the search's best line "pass, then White C1" had the app play a shape move
    away from the fight; the point the opponent takes next is the one both want."""
    problem = read_sgf(STRAIGHT_THREE)[0]
    game = Practice(problem, lambda asked: None)
    game.play(A1)                               # White, the user; the app plays Black
    text = game.answer(None, best_line=(PASS, C1), failure="stopped")
    assert "best guess (not proven): C1" in text and game.last_move == C1
    assert game.board.color_at(C1) == 1


# ---- ko: the proofs' ko rule lets one side alone capture kos ----------------------------

L_FOUR_KO = PROBLEMS_DIR / "corner" / "l-four-corner-ko.sgf"     # Black B1 makes a direct ko


def _played_out(game: Practice, solve_asked) -> None:
    """Play the user's side by the proof's winning moves and answer every solve the game
    asks for at once with ``solve_asked(problem)`` (no worker thread)."""
    for _ in range(30):
        if game.finished:
            return
        if game.thinking:
            game.answer(solve_asked(game.asked[-1]))
        else:
            game.play(game.node.prover_move)
    raise AssertionError(f"the game did not end: {game.log}")


def _asking_practice(problem) -> Practice:
    asked = []
    game = Practice(problem, asked.append)
    game.asked = asked
    return game


def test_a_kill_that_needs_the_ko_is_said_to_be_ko_without_a_solve():
    """Before a solve the answers come from proofs in which White (the defender) may never
    capture a ko, so B1 kills there; with White allowed to take kos White lives, and a Go
    player calls that a ko, not a kill (the problem's comment: "Black B1 makes a direct
    ko").  QA s52 D5: the check runs before White's first answer, so that White fights the
    ko (A1, the ko shape) instead of answering elsewhere, and is not asked again at the
    end."""
    problem = read_sgf(L_FOUR_KO)[0]
    game = _asking_practice(problem)
    assert game.user == 1
    game.play(coords.from_gtp("B1", 9))
    _played_out(game, lambda asked: solved(asked, all_moves=False).proof)
    assert game.result == "ko"
    assert game.log[-1].startswith(
        "Ko: White is dead in this line, where only Black may capture kos")
    # QA s53 D6: the game ends where White would retake, not with White's pass
    assert game.moves == [coords.from_gtp(v, 9) for v in ("B1", "A1", "A2")]
    assert "(White would take the ko back at A1 here, after a ko threat)" in game.log[-1]
    checks = [p for p in game.asked if p.ko_capture_allowed(2)]
    assert len(checks) == 1 and not checks[0].ko_capture_allowed(1)
    assert "B1 fails when White may capture kos (proven): this is a ko, and White " \
        "fights it." in game.log
    assert sum(line.startswith(("Ko", "Correct", "Wrong")) for line in game.log) == 1


def test_an_approach_kos_game_ends_where_white_would_take_the_ko():
    """QA s53 D1: the approach ko's B1 was found a ko, White "fights it", and the game
    ended at once "(the proof's line ends here)": White's first move there, A1, takes a
    ko that the line forbids it, and that reason was dropped."""
    game = _asking_practice(read_sgf(PROBLEMS_DIR / "ko" / "approach-ko.sgf")[0])
    game.play(coords.from_gtp("B1", 9))
    _played_out(game, lambda asked: solved(asked, all_moves=False).proof)
    assert game.result == "ko"
    assert "(White would take the ko at A1 here)" in game.log[-1]


def test_after_a_hint_the_first_move_is_still_checked_for_a_ko():
    """QA s53 D5: the hint's proof answered B1 at once, with no ko check, and White played
    A2, not the ko shape A1."""
    game = _asking_practice(read_sgf(L_FOUR_KO)[0])
    game.hint()
    game.answer(solved(game.asked[-1], all_moves=False).proof)
    assert game.node is not None                    # on the hint's proof
    said = game.play(coords.from_gtp("B1", 9))
    assert said.startswith("You play B1: the proof's move.\nChecking for a ko before White")
    _played_out(game, lambda asked: solved(asked, all_moves=False).proof)
    assert game.moves[:2] == [coords.from_gtp(v, 9) for v in ("B1", "A1")]
    assert game.result == "ko"


def test_a_stopped_ko_check_is_said_when_it_stops():
    """QA s53 D7: Esc during the check before the app's answer went unsaid until the end."""
    game = _asking_practice(read_sgf(L_FOUR_KO)[0])
    game.play(coords.from_gtp("B1", 9))
    game.answer(solved(game.asked[-1], all_moves=False).proof)
    assert game.thinking == "ko-first"
    said = game.answer(None, failure="stopped").splitlines()
    assert said[0] == "The ko check did not finish (stopped): White answers by the " \
        "problem's rule."
    assert not game.ko


def test_a_blunder_that_gives_the_ko_away_is_wrong_not_ko():
    """QA s53 D4: the corner L-four with a liberty, White to live: after C3 Black B1, White
    A1 makes the ko (Black takes at A2, and White may not retake: "Ko"), but White A2 gives
    it away (Black A1, no ko anywhere): that loss read "Ko" too."""
    problem = read_sgf(PROBLEMS_DIR / "corner" / "l-four-corner-liberty.sgf")[0]
    for second, result in (("A1", "ko"), ("A2", "wrong")):
        game = _asking_practice(problem)
        game.play(coords.from_gtp("C3", 9))
        game.answer(solved(game.asked[-1], all_moves=False).proof)
        assert game.moves[-1] == coords.from_gtp("B1", 9)
        game.play(coords.from_gtp(second, 9))
        while not game.finished:
            if game.thinking:
                game.answer(solved(game.asked[-1], all_moves=False).proof)
            else:
                game.play(PASS)
        assert game.result == result, game.log


def test_the_end_of_a_book_line_at_the_apps_first_answer_is_said_there():
    """Review s53: after the ko check, the app's first answer ended the book's line, and
    that was said after the player's next move."""
    book = {(): (BookMove(coords.from_gtp("B1", 9), BLACK, RIGHT),),
            (coords.from_gtp("B1", 9),): (BookMove(coords.from_gtp("A1", 9), WHITE, RIGHT),)}
    asked = []
    game = Practice(read_sgf(L_FOUR_KO)[0], asked.append, book=book)
    game.play(coords.from_gtp("B1", 9))
    game.answer(solved(asked[-1], all_moves=False).proof)
    said = game.answer(solved(asked[-1], all_moves=False).proof).splitlines()
    assert said[-2:] == ["White answers A1.", "The book's correct line for Black ends here."]


def test_a_ko_game_is_not_correct_by_the_book():
    """Review s53: a game the app had found a ko (proven) ended "Correct, by the book's
    correct line" where its later answers came from the book."""
    problem = replace(read_sgf(STRAIGHT_THREE)[0], to_play=BLACK)
    book = {(): (BookMove(B1, BLACK, RIGHT),), (B1,): (BookMove(A1, WHITE, RIGHT),)}
    game = Practice(problem, lambda p: None, book=book)
    game.ko = True          # as a ko check before the app's first answer leaves it
    game.play(B1)
    game.answer(None)
    game.play(C1)
    assert game.finished and game.result is None


def test_a_ko_class_without_its_figure_ends_where_the_app_would_take_the_ko_back():
    """Review s53 (QA s53 D6 in the classes): without the ko figures, the L-four's B1 game
    follows the ko class's line (White may not take kos) with White's winning proof as
    its rival: White A1 makes the ko, Black A2 takes it (the rival is left there: its rule
    forbids Black kos) and the game ends where White would take it back, not with White's
    pass and the capture."""
    problem = read_sgf(L_FOUR_KO)[0]
    c = classify(problem, ko_figures=False)
    b1, a1, a2 = (coords.from_gtp(v, 9) for v in ("B1", "A1", "A2"))
    assert {m.move: m.cls for m in c.moves}[b1] == "ko"
    game = Practice(c.problem, lambda asked: None, classification=c)
    game.play(b1)
    assert game.last_move == a1
    game.play(a2)
    assert game.finished and game.result == "ko" and game.moves == [b1, a1, a2]
    assert "(White would take the ko back at A1 here, after a ko threat)" in game.log[-1]


def test_a_clean_kill_stays_correct_after_the_ko_check():
    """The straight three, Black to play: B1 kills whoever may capture kos."""
    problem = replace(read_sgf(STRAIGHT_THREE)[0], to_play=1)
    game = _asking_practice(problem)
    game.play(B1)
    _played_out(game, lambda asked: solved(asked, all_moves=False).proof)
    assert game.result == "correct"
    assert game.log[-1].startswith("Correct: White is dead")
    # said once, when the check ran before White's answer (QA s55 D8: twice)
    assert sum("B1 wins even when White may capture kos" in line for line in game.log) == 1
    assert "no ko" in game.log[game.log.index("White answers C1.") - 1]


def test_an_unfinished_ko_check_says_so():
    problem = replace(read_sgf(STRAIGHT_THREE)[0], to_play=1)
    game = _asking_practice(problem)
    game.play(B1)
    _played_out(game, lambda asked: None if asked.ko_capture_allowed(2) and
                not asked.ko_capture_allowed(1) else solved(asked, all_moves=False).proof)
    assert game.result == "correct"
    assert "whether a ko could change it was not checked" in game.log[-1]


def test_after_a_solve_a_ko_move_is_played_with_the_player_taking_kos(make_window, qtbot):
    """After a first move classed ko the game follows its ko figure's fight, in which the
    player wins, and the app answers as it would win with one threat more: Black B1, White
    A1 (the ko shape), and Black takes the ko at A2; White, holding no threat, cannot take
    back (the problem's comment: White needs one ko threat to retake and live).  The game
    used to refuse A2 as a forbidden ko capture, then to answer A2 with no ko ever fought.
    Without the figure, the class's own line lets the player alone capture kos."""
    w = make_window("s.ini")
    assert w.open_path(L_FOUR_KO, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    c = w.classification
    b1, a1, a2 = (coords.from_gtp(v, 9) for v in ("B1", "A1", "A2"))
    fm = next(m for m in c.moves if m.move == b1)
    assert fm.cls == "ko"
    line, rival = c.line_proofs(fm)
    assert line.problem.ko_capture_allowed(1) and not line.problem.ko_capture_allowed(2)
    assert rival.problem.ko_capture_allowed(2) and rival.root.prover_move == a1
    fight, other = c.ko_fight(fm)
    assert fight.problem.ko_threats == (0, 0) and other.problem.ko_threats == (0, 1)
    game = Practice(c.problem, lambda asked: None, classification=c)
    game.play(b1)
    assert game.last_move == a1 and game.log[-1] == "White answers A1."
    said = game.play(a2)
    assert "illegal" not in said and game.board.color_at(a1) == 0      # the ko is taken
    assert game.log[-1] == ("White answers pass: retaking the ko at A1 at once takes a ko "
                            "threat elsewhere first, and White holds none in this line.")
    for _ in range(10):
        if game.finished:
            break
        game.play(game.node.prover_move)
    assert game.result == "ko"
    assert game.log[-1].startswith("Ko: White is dead: the ko was fought with ko threats "
                                   "elsewhere (neither side holds a ko threat at the start")


def test_a_ko_chosen_where_life_was_at_hand_says_what_was_better(make_window, qtbot):
    """QA s54 D4: the L-four with an outside liberty, White to play: C3 only makes a ko
    where A1 or B1 lives unconditionally (the bundled expectations); the game ended "Ko"
    with no word of that, and the list marked the problem failed."""
    w = make_window("s.ini")
    assert w.open_path(PROBLEMS_DIR / "corner" / "l-four-corner-liberty.sgf", ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    c = w.classification
    assert c.status == "lives"
    game = Practice(c.problem, lambda asked: None, classification=c)
    game.play(coords.from_gtp("C3", 9))
    for _ in range(20):
        if game.finished:
            break
        game.play(game.node.prover_move)
    assert game.result == "ko"
    assert game.log[-1].startswith("Ko: ")
    assert game.log[-1].endswith("  Not the best: A1 or B1 lives unconditionally, without a ko.")


def test_the_other_approach_point_keeps_the_ko_fight_going():
    """QA s54 D3: the five-point L (Black holds the two threats it needs): B1, White takes
    at A1, Black retakes at A2 with a threat, White plays elsewhere; Black approaches at D1,
    which the problem's comment allows, where the fight's proof has C1.  The position was
    solved under the problem's rule (White may never take a ko) and White put itself in
    atari at C1; it is solved as the fight goes on, with the threat Black has left, and
    White takes the ko again at A1, no threat needed after the approach."""
    problem = read_sgf(PROBLEMS_DIR / "ko" / "approach-ko.sgf")[0]
    game = Practice(problem, lambda asked: game.asked.append(asked),
                    classification=classify(problem, to_play=1))
    game.asked = []
    b1, a2, d1, a1 = (coords.from_gtp(v, 9) for v in ("B1", "A2", "D1", "A1"))
    game.play(b1)
    game.play(a2)
    assert game.log[-1].startswith("White answers pass")
    game.play(d1)
    asked = game.asked[-1]
    assert asked.ko_allowed == (True, True) and asked.ko_threats == (1, 0)
    game.answer(solved(asked, all_moves=False).proof)
    assert game.last_move == a1
    _played_out(game, lambda asked: solved(asked, all_moves=False).proof)
    assert game.result == "ko"
    assert "(Black holds 2 ko threats, White none at the start;" in game.log[-1]


def test_a_forbidden_ko_capture_is_explained():
    """Where a line's rule forbids the player's ko capture, the refusal names the rule."""
    problem = replace(read_sgf(L_FOUR_KO)[0], ko_allowed=(False, True))
    board = problem.to_board()
    for move in ("B1", "A1"):                     # Black B1, White A1: A2 takes the ko
        board.play(coords.from_gtp(move, 9))
    said = refusal(board, coords.from_gtp("A2", 9), problem, "A2")
    assert said.startswith("A2 takes a ko, which Black may not do in this line")
    assert "White may capture kos" in said


def test_in_the_window_a_ko_found_without_the_classes_leaves_the_problem_unmarked(
        make_window, qtbot):
    """The ko check runs in the practice worker like any answer; its "Ko" does not mark the
    problem solved or failed (whether the problem offers more than a ko is not known
    without the classes)."""
    w, game = _practising(make_window, L_FOUR_KO)
    assert w.browser.proof is None
    w.browser.try_move(coords.from_gtp("B1", 9))
    for _ in range(20):
        _wait_answer(qtbot, game)
        if game.finished:
            break
        w.browser.try_move(game.node.prover_move)
    assert game.result == "ko" and any(line.startswith("Checking for a ko") for line in game.log)
    assert w.problem_list.state(L_FOUR_KO, 0) == UNSOLVED


def test_the_game_ends_at_the_ko_the_app_would_take():
    """Direct ko, White to play: White E1 is classed ko.  With its ko figure, practice
    fights the ko out with the threats it needs (E1, F1 takes, E1 back with a threat, D2)
    and ends as a ko.  Without the figure the game follows the line in which only White
    may capture kos; Black would take the ko at F1 (its move in the class's other proof):
    the game ends there, naming the point (QA s43: Black passed, White captured, and no ko
    was ever fought).  Followed without that other proof, the line's pass says why it
    passes (it used to pass with no word)."""
    from tsumego_gui.qt.proof_view import TryIt
    problem = replace(read_sgf(PROBLEMS_DIR / "ko" / "direct-ko.sgf")[0], to_play=2)
    c = classify(problem, to_play=2)
    e1 = coords.from_gtp("E1", problem.size)
    fm = next(m for m in c.moves if m.move == e1)
    assert fm.cls == "ko"
    game = Practice(c.problem, lambda asked: None, classification=c)
    for move in ("E1", "E1", "D2"):         # with its ko figure, the ko is fought out
        game.play(coords.from_gtp(move, problem.size))
    assert game.finished and game.result == "ko"
    assert game.log[-1] == ("Ko: White lives: the ko was fought with ko threats elsewhere "
                            "(White holds 1 ko threat, Black none at the start; unconditionally "
                            "alive); in a game White must win the ko.")
    line, rival = c.line_proofs(fm)         # "try it" without the ko figure says it too
    tried = TryIt(line, first_move=e1, rival=rival)
    assert tried.finished and tried.ko_fight == coords.from_gtp("F1", problem.size)
    assert tried.log[-1] == ("Black would take the ko at F1 here, which this line's rule "
                             "forbids it (to survive, a seki counting; White may capture kos): "
                             "from here the ko fight decides, with ko threats.")
    alone = TryIt(line, first_move=e1)
    assert alone.ko_fight is None and alone.log[-1] == (
        "Black answers pass: taking the ko at F1 is not allowed to Black in this line (to "
        "survive, a seki counting; White may capture kos).")


def test_try_it_fights_the_ko_with_its_threats():
    """Direct ko, White to play: the problem's comment reads White E1, Black F1 takes, and
    White needs a ko threat to take back at E1; with it, White D2 captures and lives.  "Try
    it" on E1 plays that fight from the ko figure's proof (White holds the one threat it
    needs, Black none), each retake paid for by a threat."""
    from tsumego_gui.qt.try_first_move import TryFirstMove
    problem = replace(read_sgf(PROBLEMS_DIR / "ko" / "direct-ko.sgf")[0], to_play=2)
    c = classify(problem, to_play=2)
    e1, f1, d2 = (coords.from_gtp(v, problem.size) for v in ("E1", "F1", "D2"))
    tried = TryFirstMove(c)
    said = tried.play(e1)
    assert "The ko is fought with ko threats elsewhere: White holds 1 ko threat, Black none." \
        in said
    assert said.endswith("Black answers F1, taking 1 stone.")   # takes the ko
    said = tried.play(e1)
    assert "(retaking the ko: a ko threat elsewhere, answered by Black, pays for it; 0 " \
           "threats left)" in said
    assert said.endswith("Black answers pass: retaking the ko at F1 at once takes a ko threat "
                         "elsewhere first, and Black holds none in this line.")
    assert tried.play(d2).endswith("White lives: the goal holds (unconditionally alive).")
    assert tried.finished and tried.game.ko_fight is None
    tried.restart()
    tried.play(e1)                   # Black F1 again; without a threat E1 may not come back
    assert tried.board.ko_threats(2) == 1 and tried.board.color_at(f1) == 1


def test_a_move_can_be_played_from_the_keyboard(make_window, qtbot):
    """The arrows reach the board in practice (the proof's keys are off there): they move
    the keyboard cursor, and Enter plays where it stands, as a click does."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    w, game = _practising(make_window)
    w.board.setFocus()
    QTest.keyClick(w.board, Qt.Key.Key_Down)         # the first arrow shows the cursor
    QTest.keyClick(w.board, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)
    QTest.keyClick(w.board, Qt.Key.Key_Left, Qt.KeyboardModifier.ShiftModifier)
    QTest.keyClick(w.board, Qt.Key.Key_Right)
    assert w.board.cursor == B1
    QTest.keyClick(w.board, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert w.statusBar().currentMessage() == \
        "Practice: a left click (or Enter) plays your move."
    QTest.keyClick(w.board, Qt.Key.Key_Return)
    assert game.finished and game.result == "correct"     # B1: two eyes
    w.practice_action.trigger()                           # P ends practice: the proof's
    assert w.browser.try_it is None and w.board.cursor is None     # place, no cursor
    QTest.keyClick(w.board, Qt.Key.Key_Return)
    assert w.board.cursor is None and "The proof plays" not in w.statusBar().currentMessage()


def test_a_stone_in_the_way_is_called_so():
    """QA s44: in the nine-point corner a click on the white stone at B2, inside the eye
    space, was answered "B2 is outside the problem's region"."""
    problem = read_sgf(PROBLEMS_DIR / "corner" / "nine-point-corner.sgf")[0]
    b2 = coords.from_gtp("B2", problem.size)
    assert b2 in problem.white
    game = Practice(problem, lambda asked: None)
    assert game.play(b2) == "B2 is occupied."
    far = coords.from_gtp("J9", problem.size)
    assert far not in problem.region_or_all()
    assert game.play(far) == "J9 is outside the problem's region."


def test_a_ko_fight_the_player_gives_up_is_lost():
    """QA s44: after White E1 (a ko) and Black's capture at F1, White passed instead of
    retaking with the threat it held; Black D2 captured, and the game said "Ko: White is
    dead in this line, where only White may capture kos" and marked the problem solved."""
    problem = replace(read_sgf(PROBLEMS_DIR / "ko" / "direct-ko.sgf")[0], to_play=2)
    c = classify(problem, to_play=2)
    asked = []
    game = Practice(c.problem, asked.append, classification=c)
    game.play(coords.from_gtp("E1", 9))                 # Black answers F1
    game.play(PASS)                                      # no retake: off the fight's proof
    for _ in range(10):
        if game.finished:
            break
        if game.thinking:
            game.answer(solved(asked[-1], all_moves=False).proof)
        else:
            game.play(PASS)
    assert game.result == "wrong"
    assert game.log[-1].startswith("Wrong: White is dead")


def test_a_move_worse_than_the_position_says_what_was_better():
    """QA s44: in the direct ko with Black to play, F1 only makes a ko, and the game said
    nothing of E1, which kills outright (the problem's comment)."""
    from tsumego_gui.qt.try_first_move import TryFirstMove
    problem = replace(read_sgf(PROBLEMS_DIR / "ko" / "direct-ko.sgf")[0], to_play=1)
    tried = TryFirstMove(classify(problem, to_play=1))
    said = tried.play(coords.from_gtp("F1", 9))
    assert said.startswith("You play F1: with best play, ko (must win the ko to kill); "
                           "direct ko: Black needs 1 ko threat to win it. Better: E1 (kills).")
    tried.restart()
    assert "Better" not in tried.play(coords.from_gtp("E1", 9))



def test_a_ko_the_app_cannot_take_back_is_waited_on_not_given_up():
    """QA s54: the L-four with an outside liberty, Black to play: B1, White A1 (the ko),
    Black takes it at A2.  White, holding no threat, cannot retake at once; it answered
    C1, putting its own stones in atari, where a player plays elsewhere (a pass here) and
    waits for a threat."""
    from tsumego_gui.qt.try_first_move import TryFirstMove
    problem = replace(read_sgf(PROBLEMS_DIR / "corner" / "l-four-corner-liberty.sgf")[0],
                      to_play=1)
    tried = TryFirstMove(classify(problem, to_play=1))
    assert tried.play(coords.from_gtp("B1", 9)).endswith("White answers A1.")
    assert tried.play(coords.from_gtp("A2", 9)).splitlines()[-1].startswith(
        "White answers pass: retaking the ko at A1 at once takes a ko threat elsewhere first")


def test_a_first_move_that_captures_every_crucial_stone_is_tried_and_listed():
    """QA s45: such a move has its class with no proof (no position follows it): try-it
    says so and ends there, and the list's verified cell says no proof is needed."""
    from tests.test_classify import IN_ATARI
    from tsumego_gui.qt.first_move_list import verified_text
    from tsumego_gui.qt.try_first_move import TryFirstMove
    problem = read_sgf(IN_ATARI.format(more="", tr="").encode())[0]
    c = classify(problem, to_play=problem.attacker)
    tried = TryFirstMove(c)
    assert tried.play(coords.from_gtp("A1", 9)) == \
        "You play A1: kills; the move captures every crucial stone: the game is over.  " \
        "Choose another move to try."
    assert verified_text(c.moves[0]) == ("✔ no proof needed", "the move captures every "
                                                              "crucial stone: the game is over")
    assert tried.play(PASS).startswith("You play pass: with best play, kills")     # a proof


def test_the_moves_of_a_game_are_there_to_be_numbered():
    """QA s44: with move numbers on, practice numbered no stone: its overlays held no
    moves.  On the proofs and off them, every move played is listed, in order."""
    problem = replace(read_sgf(PROBLEMS_DIR / "ko" / "direct-ko.sgf")[0], to_play=2)
    c = classify(problem, to_play=2)
    asked = []
    game = Practice(c.problem, asked.append, classification=c)
    e1, f1 = (coords.from_gtp(v, 9) for v in ("E1", "F1"))
    game.play(e1)                                       # Black answers F1
    assert game.overlay()[1].moves == (e1, f1)
    game.play(PASS)                                     # off the fight's proof
    game.answer(solved(asked[-1], all_moves=False).proof)
    moves = game.overlay()[1].moves
    assert moves[:3] == (e1, f1, PASS) and len(moves) == 4     # and Black's answer


def test_a_game_the_app_played_by_guesses_is_no_correct_answer():
    """QA s46: off the proofs the app, unable to prove a reply, passed; the player passed
    back, and the book's failure move was called "Correct" and marked solved."""
    problem = read_sgf(STRAIGHT_THREE)[0]          # White to live; the app plays Black
    game = Practice(problem, lambda asked: None)
    game.play(A1)
    text = game.answer(None, best_line=(PASS,))
    # the attacker does not pass while it has a move: two passes would end the game
    assert "by simple shape rules" in text and game.last_move in (B1, C1)
    game._announce(True, END_REASONS["survives"])   # as if two passes came next
    assert game.finished and game.result is None
    assert "could not prove, so this does not show that your moves were right" in game.log[-1]


def test_a_ko_game_the_app_played_by_guesses_is_no_ko_result_either():
    """Review s46: the guesses' rule came after the ko check, so such a game ended "Ko" and
    a classified problem was marked solved."""
    problem = read_sgf(L_FOUR_KO)[0]
    game = _asking_practice(problem)
    game.play(coords.from_gtp("B1", 9))
    proof = solved(game.asked[-1], all_moves=False).proof
    game.answer(None, best_line=(proof.root.children[0][0],))      # the app guesses
    assert game.guessed
    for _ in range(30):             # the player plays on by proofs, on and off the app's
        if game.finished:
            break
        if game.thinking:
            game.answer(solved(game.asked[-1], all_moves=False).proof)
        elif game.node is None:
            game.play(solved(position_problem(game.rules, game.board),
                             all_moves=False).proof.root.prover_move)
        else:
            game.play(game.node.prover_move)
    assert game.finished and game.result is None
    assert game.log[-1].startswith("Game over:")


def test_a_first_move_classed_seki_ends_in_seki(make_window, qtbot, tmp_path):
    """QA s50: a seki's practice ended "Correct: White lives (two passes ended the game
    ...)" and never said seki; the tenuki's class is seki."""
    path = tmp_path / "seki.sgf"
    path.write_bytes((PROBLEMS_DIR / "classic" / "seki-shared-liberties.sgf").read_bytes())
    w = make_window("s.ini")
    assert w.open_path(path, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    c = w.classification
    assert {m.move: m.cls for m in c.moves}[PASS] == "seki"
    game = Practice(c.problem, lambda problem: None, classification=c)
    first = game.play(PASS)     # a tenuki: Black passes too
    assert "(Pass is a tenuki: play goes on elsewhere" in first     # QA s50 round 5
    said = game.play(PASS)      # the two passes that end the game
    assert game.finished and game.result == "correct"
    assert said.splitlines()[-1].startswith("Correct: White lives in seki (two passes")


def test_an_answer_that_takes_stones_says_so():
    """QA s50 (a new user): on the rabbity six, Black's D2 has one liberty and White's
    answer takes it; the stone went without a word."""
    problem = read_sgf(PROBLEMS_DIR / "classic" / "rabbity-six.sgf")[0]
    game = Practice(problem, lambda p: None, classification=classify(problem))
    said = game.play(coords.from_gtp("D2", 9)).splitlines()
    assert "White answers E2, taking 1 stone." in said


def test_the_players_own_capture_is_said():
    """QA s50 round 5: only the app's captures were said.  Straight three, Black kills at
    B1; White's C1 puts its group in atari and Black's A1 takes all six stones."""
    problem = replace(read_sgf(STRAIGHT_THREE)[0], to_play=1)
    game = Practice(problem, lambda p: None, classification=classify(problem, to_play=BLACK))
    assert game.play(B1).splitlines()[-1] == "White answers C1."
    said = game.play(coords.from_gtp("A1", 9)).splitlines()
    assert said[0] == "You play A1, taking 6 stones: the proof's move."


def test_a_side_that_loses_every_move_is_told_so_at_the_start():
    """QA s51 book D2: on a "Black cannot be killed" problem the player takes White, every
    White move fails, and each game ended "Wrong" with no word why.  Bundled straight four,
    Black (the attacker) to play: no Black move kills, and the start says so; with White to
    play nothing of the kind is said."""
    problem = read_sgf((PROBLEMS_DIR / "classic" / "straight-four.sgf").read_bytes())[0]
    lost = Practice(problem, lambda p: None, classification=classify(problem, to_play=BLACK))
    assert lost.log[0].endswith("Every Black move fails here (proven): play your most "
                                "stubborn try and see how White lives; or O: play White, "
                                "the side that wins.")
    won = Practice(problem, lambda p: None, classification=classify(problem, to_play=WHITE))
    assert "fails here" not in won.log[0]
    proof = solved(problem, BLACK, all_moves=False).proof
    assert "Every Black move fails here" in Practice(problem, lambda p: None,
                                                     proof=proof).log[0]


# ---- the other side (O): the app moves first ------------------------------------------

STRAIGHT_FOUR = PROBLEMS_DIR / "classic" / "straight-four.sgf"


def test_the_other_side_answers_the_most_stubborn_try():
    """QA s51 book D2: where every move of the side to move fails, the side worth playing
    is the other.  Straight four, Black to play: nothing kills, so the app plays one of
    Black's tries and the player, White, must answer it; the start says the player's
    side is the one that wins."""
    problem = read_sgf(STRAIGHT_FOUR.read_bytes())[0]
    c = classify(problem, to_play=BLACK)
    assert c.status == "lives"
    posed = Practice(problem, lambda p: None, classification=c)
    assert posed.log[0].endswith("; or O: play White, the side that wins.")
    game = Practice(problem, lambda p: None, classification=c, switched=True)
    assert game.user == WHITE and game.switched and "fails here" not in game.log[0]
    tried = game.moves[0]
    assert game.board.color_at(tried) == BLACK and game.board.to_play == WHITE
    assert game.log[1].startswith(f"Black plays {coords.to_gtp(tried, 9)}, its most "
                                  "stubborn try: with best play, fails")
    # the proof's answer is the right one (the proof of that first move says so)
    node = game.node
    assert node.prover_move is not None
    game.play(node.prover_move)
    while not game.finished:
        game.play(game.node.prover_move)
    assert game.result == "correct" and game.log[-1].startswith("Correct: White lives")


def test_the_app_tenukis_rather_than_open_with_a_move_that_fills_its_own_dame():
    """QA s55 (the bent four in the corner with one outside liberty, A4, White to play; our
    own): no White move helps and a tenuki keeps the ko, so the app, playing White while
    the player takes Black, does not open with A4, which fills its own last outside
    liberty (a best move too, and once its first choice as a move rather than a pass)."""
    problem = read_sgf(b"(;FF[4]GM[1]SZ[9]PL[W]AB[ac][bc][cc][dc][ec][fc][gc][hc][ad][cd]"
                       b"[ed][fd][gd][hd][ae][be][ce][de][ee][fe][ge][he][bf][cf][df][ef]"
                       b"[ff][gf][hf][fg][hg][fh][gh][hh][ai][bi][ci][fi][hi]AW[ag][bg][cg]"
                       b"[dg][eg][bh][ch][dh][eh][ei]MA[bh])")[0]
    c = classify(problem, to_play=WHITE)
    a4 = coords.from_gtp("A4", 9)
    assert c.status == "ko" and {a4, PASS} <= set(c.best_moves())
    assert app_first_move(c).move == PASS
    # nor does the hint to the player taking White name A4 (review s55)
    game = Practice(problem, lambda p: None, classification=c)
    game.hint()
    game.hint()
    assert game.log[-1] == "Hint: you need not play here: a tenuki keeps the ko."


def test_the_apps_first_move_pass_is_a_tenuki_before_a_solve_too():
    """QA s55 D4: the seki, the player taking Black (O) before a solve: the start's proof
    has White pass, and the player's one pass after it ended the game ("You play pass:
    the proof answers it", nothing played).  As after a solve, White's first pass is a
    tenuki: the game takes three passes."""
    problem = read_sgf(PROBLEMS_DIR / "classic" / "seki-shared-liberties.sgf")[0]
    asked = []
    game = Practice(problem, asked.append, switched=True)
    game.answer(solved(asked[-1], all_moves=False).proof)
    assert game.moves == [PASS] and game.log[-1].startswith(
        "White plays pass.  (Pass is a tenuki: play goes on elsewhere")
    game.play(PASS)
    assert not game.finished and game.thinking == "answer"
    assert asked[-1].previous_pass and asked[-1].to_play == WHITE
    game.answer(solved(asked[-1], all_moves=False).proof)
    assert game.finished and game.moves == [PASS, PASS, PASS]
    assert game.log[-1].startswith("Wrong: White lives (two passes ended the game")
    # over a single proof of the start (review s55: a classification not finished, say)
    over_proof = Practice(problem, asked.append, proof=solved(problem, all_moves=False).proof,
                          switched=True)
    assert over_proof.moves == [PASS] and "(Pass is a tenuki" in over_proof.log[-1]
    over_proof.play(PASS)
    assert not over_proof.finished and over_proof.thinking == "answer"


def test_the_end_of_a_book_line_the_app_plays_is_said_after_its_move():
    """QA s55 D5: the player taking White (O) after a solve of the L-four in the corner:
    the book's correct line for Black is B1 alone, which the app plays first; its end was
    said after the player's reply, as if that had ended it."""
    problem = read_sgf(L_FOUR_KO)[0]
    game = Practice(problem, lambda p: None, classification=classify(problem),
                    switched=True, book=book_of_file(L_FOUR_KO))
    assert game.moves == [coords.from_gtp("B1", 9)]
    assert game.log[-1] == "The book's correct line for Black ends here."
    game.play(coords.from_gtp("A1", 9))
    assert sum("ends here" in line for line in game.log) == 1


def test_a_game_the_apps_ko_ends_before_the_player_moves_is_a_ko():
    """Review s55: the player taking Black (O) before a solve, where White to play dies
    only while Black alone may take kos (White's chain, liberties E5, E3 and J8, and the
    ko at H3 that White would take): the ko check found the ko ("White fights it"), and
    the game, over before Black had a move, was "correct"."""
    dead = problem_from(DEAD_FILLING_ITS_DAME, 9, crucial="G7")
    asked = []
    game = Practice(dead, asked.append, switched=True)
    while game.thinking:
        game.answer(solved(asked[-1], all_moves=False).proof)
    assert game.finished and not game.moves and game.result == "ko"
    assert game.log[-1].endswith("before Black had a move; in a game it is a ko.")


def test_the_other_side_where_the_side_to_move_wins_and_a_ko():
    """Straight four, White to play: the app lives at once, before the player (Black) has a
    move, and says so, not "Wrong".  The L-shaped four in the corner, Black to play, is a
    ko (bundled expectations: Black B1, White needs one threat): the player takes White's
    side of the ko, and the game ends "Ko" once White has won it with its threat."""
    problem = read_sgf(STRAIGHT_FOUR.read_bytes())[0]
    game = Practice(problem, lambda p: None, classification=classify(problem, to_play=WHITE),
                    switched=True)
    assert "Every Black answer fails here (proven)" in game.log[0]
    assert game.finished and game.log[-1].startswith("Game over: White lives")
    assert game.log[-1].endswith("before Black had a move.")
    asked = []          # the same off the proofs: the loss is said once the answer is proven
    game = Practice(problem, asked.append, switched=True)
    game.answer(solved(asked[-1], all_moves=False).proof)
    assert "From the start, White lives whatever Black plays (proven): this game is lost." \
        in game.log and game.log[-1].startswith("Game over: White lives")

    problem = read_sgf(L_FOUR_KO.read_bytes())[0]
    at = {name: coords.from_gtp(name, problem.size) for name in ("A1", "A2", "B1", "C1")}
    game = Practice(problem, lambda p: None, classification=classify(problem, to_play=BLACK),
                    switched=True)
    assert game.moves == [at["B1"]] and game.ko
    game.play(at["A1"])                  # the ko: Black takes at A2
    assert game.moves[-1] == at["A2"]
    game.play(at["A1"])                  # White retakes with its threat; Black has none
    game.play(at["C1"])                  # and lives
    assert game.result == "ko" and game.log[-1].startswith("Ko: White lives")


def test_the_other_side_off_the_proofs_checks_the_ko_from_the_start():
    """No solve yet: the app's first move is solved on demand.  The L-shaped four after
    Black's B1, White (the defender) to play: under the problem's ko rule White may not
    retake and dies; with the ko rule turned round White (the app) lives, so the
    player's kill is a ko.  QA s53 D3: that is checked before the app's first move, so
    that White makes the ko (A1), which Black takes (A2); the game ends where White
    would take it back."""
    problem = read_sgf(L_FOUR_KO.read_bytes())[0]
    after = first_move_problem(problem, coords.from_gtp("B1", problem.size), BLACK)
    asked = []
    game = Practice(after, asked.append, switched=True)
    assert game.user == BLACK and game.thinking == "answer" and len(asked) == 1
    game.answer(solved(asked[-1], all_moves=False).proof)
    assert "Solved: with White to play, White dies." in game.log
    assert not any("whatever" in line for line in game.log)     # the player's side wins
    assert game.thinking == "ko-first" and "before White plays: the start solved again" in \
        game.log[-1]
    check = asked[-1]
    assert check.to_play == WHITE and check.ko_capture_allowed(WHITE)
    game.answer(solved(check, all_moves=False).proof)
    assert game.moves == [coords.from_gtp("A1", problem.size)]
    while not game.finished and not game.thinking:
        game.play(game.node.prover_move)
    assert game.result == "ko" and len(asked) == 2
    assert "(White would take the ko back at A1 here, after a ko threat)" in game.log[-1]


def test_o_plays_the_other_side_and_its_result_is_not_recorded(make_window, qtbot,
                                                               tmp_path):
    path = tmp_path / "four.sgf"            # the straight four with Black (nothing kills) to play
    path.write_bytes(STRAIGHT_FOUR.read_bytes().replace(b"PL[W]", b"PL[B]"))
    w = make_window("s.ini", show=True)
    assert w.open_path(path, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    w.switch_action.trigger()                          # O: practice starts, sides turned
    game = w.browser.try_it
    assert isinstance(game, Practice) and game.switched and game.user == WHITE
    assert w.practice_action.isChecked() and w.switch_action.isChecked()
    assert "you play White" in w.mode_label.text()
    while not game.finished:
        w.browser.try_move(game.node.prover_move)
    assert game.result == "correct"
    assert w.problem_list.state(path, 0) == UNSOLVED     # not the problem as posed
    w.switch_action.trigger()                          # O again: the side to move
    game = w.browser.try_it
    assert not game.switched and game.user == BLACK
    w.practice_action.trigger()                        # P ends practice; the next is as posed
    assert not w.switch_action.isChecked()


def test_unproven_answers_and_hints_follow_the_books_lines():
    """QA s51 book D3: where the app could not prove an answer in time it played its own
    guess, not the book's recorded reply.  Straight three, White to live, a book whose
    failure line is White A1, Black B1 (as the bundled file's comment says, B1 or C1
    kills); the search's guess here would be C1.  QA s52: the end of a book line is said,
    and a hint never names a failure line's move."""
    problem = read_sgf(STRAIGHT_THREE)[0]
    book = {(): (BookMove(A1, WHITE, WRONG), BookMove(B1, WHITE, RIGHT)),
            (A1,): (BookMove(B1, BLACK, WRONG),)}
    asked = []
    game = Practice(problem, asked.append, book=book)
    game.play(A1)
    said = game.answer(None, best_line=(C1,)).splitlines()
    assert game.moves == [A1, B1] and game.guessed
    assert said[0].endswith("it answers as the book does (not proven): B1.")
    assert said[1:] == ["Black answers B1.", "The book's failure line for White ends here."]
    off_book = Practice(problem, asked.append, book=book)
    off_book.play(C1)
    off_book.answer(None, best_line=(B1,))
    assert off_book.moves == [C1, B1] and not any("book" in line for line in off_book.log)
    hinted = Practice(problem, asked.append, book=book)
    hinted.hint()
    hinted.answer(None)
    assert hinted.log[-1] == f"No proven hint (not proven within {hinted.seconds:g} s); the " \
        "book plays B1 here."               # its correct line's, not the failure's A1
    assert hinted.move_shown        # the book's move was shown (review s52)
    asks = len(asked)
    assert hinted.hint() == hinted.log[-1] and len(asked) == asks   # no second 3-s solve
    assert not hinted.thinking
    stopped = Practice(problem, asked.append, book=book)
    stopped.hint()
    stopped.answer(None, failure="stopped")         # Esc: asked again, it solves again
    stopped.hint()
    assert stopped.thinking == "hint"


def test_a_game_along_the_books_correct_line_is_correct():
    """QA s52: a game that followed the book's correct line to its end, the app answering
    from the book where it could not prove a move, ended "this follows the book's lines,
    not a proof" and was not marked.  Straight three, Black to kill: B1, White A1 (the
    book's reply), Black C1 takes every crucial stone."""
    problem = replace(read_sgf(STRAIGHT_THREE)[0], to_play=BLACK)
    for verdict, result in ((RIGHT, "correct"), ("", None), (WRONG, None)):
        book = {(): (BookMove(B1, BLACK, verdict),), (B1,): (BookMove(A1, WHITE, verdict),),
                (B1, A1): (BookMove(C1, BLACK, verdict),)}
        game = Practice(problem, lambda p: None, book=book)
        game.play(B1)
        game.answer(None, best_line=(C1,))
        assert game.moves == [B1, A1] and game.guessed
        game.play(C1)
        assert game.finished and game.result == result
        assert game.log[-1].startswith("Correct, by the book's correct line: White is dead"
                                       if result else "Game over: White is dead")
    # QA s53 D2: the book's line ends before the game does (C1 is no book move): the app's
    # unproven answer was the correct line's, so it is correct all the same
    short = {(): (BookMove(B1, BLACK, RIGHT),), (B1,): (BookMove(A1, WHITE, RIGHT),)}
    game = Practice(problem, lambda p: None, book=short)
    game.play(B1)
    game.answer(None)
    game.play(C1)
    assert game.result == "correct"


def test_the_other_sides_book_moves_are_the_posed_sides_correct_ones():
    """Review s52: with the sides turned the app plays the posed side (Black, to kill the
    bundled rabbity six), so from the book it takes Black's correct move, not the failure
    line's listed first nor White's; the player's hint may be any line's move.  Go
    knowledge: D2, the point next to four others, kills; E2 fails; White's E2 answers."""
    problem = read_sgf((PROBLEMS_DIR / "side" / "rabbity-six.sgf").read_bytes())[0]
    d2, e2 = (coords.from_gtp(name, 19) for name in ("D2", "E2"))
    book = {(): (BookMove(e2, WHITE, ""), BookMove(e2, BLACK, WRONG),
                 BookMove(d2, BLACK, RIGHT)),
            (d2,): (BookMove(e2, WHITE, RIGHT),)}
    asked = []
    game = Practice(problem, asked.append, book=book, switched=True)
    assert game.user == WHITE and game.thinking == "answer"
    game.answer(None)
    assert game.moves == [d2] and game.log[-2].endswith("as the book does (not proven): D2.")
    assert game.log[-1] == "Black plays D2."        # its first move: no answer to anything
    game.hint()
    game.answer(None)
    assert game.log[-1].endswith("the book plays E2 here.")


def test_the_window_reads_the_files_lines_for_practice(make_window, monkeypatch, tmp_path):
    """The lines come from the file the problem came from, while the position is the
    file's (an edit makes them another position's)."""
    path = tmp_path / "three.sgf"           # the bundled file with a failure line added
    path.write_bytes(STRAIGHT_THREE.read_bytes().rstrip()[:-1] + b"(;W[ai]C[wrong];B[bi]))")
    w, game = _practising(make_window, path)
    assert game.book == {(): (BookMove(B1, WHITE, RIGHT), BookMove(A1, WHITE, WRONG)),
                         (A1,): (BookMove(B1, BLACK, WRONG),)}
    monkeypatch.setattr(w.editor, "holds_saved_position", lambda: False)     # edited
    w.restart_practice()
    w.switch_action.trigger()               # a new game
    assert w.browser.try_it.book == {}


def test_a_ko_the_player_may_not_retake_ends_ko_not_wrong():
    """QA s52 D1: without the classes, the direct ko's right move (White E1, the file's
    own answer) ended "Wrong: White is dead", since the problem's rule forbids White to
    retake; the lost game is checked with White allowed to take kos, and ends "Ko"."""
    problem = read_sgf(PROBLEMS_DIR / "ko" / "direct-ko.sgf")[0]
    asked = []
    game = Practice(problem, asked.append)
    assert game.user == WHITE == problem.defender
    game.play(coords.from_gtp("E1", 9))
    game.answer(solved(asked[-1], all_moves=False).proof)
    assert "After your E1, White dies whatever White plays (proven, where only Black " \
        "may capture kos)." in game.log
    while not game.finished and not game.thinking:
        game.play(PASS)
    assert game.thinking == "ko"
    check = asked[-1]
    assert check.ko_capture_allowed(WHITE) and not check.ko_capture_allowed(BLACK)
    game.answer(solved(check, all_moves=False).proof)
    assert game.result == "ko"
    assert game.log[-1].endswith("in a game White must win the ko (E1 wins when White may "
                                 "capture kos: proven).")


def test_a_hint_before_the_first_move_keeps_the_ko_check_of_a_lost_game():
    """QA s55 D1: before a solve, a hint at the start of the direct ko (White to play) put
    the start's proof in hand, White dying there where only Black may take kos; E1 was
    then answered from it, and the lost game ended "Wrong" with no ko check, where the
    same moves without the hint end "Ko" (the problem's comment: White E1 makes a direct
    ko)."""
    game = _asking_practice(read_sgf(PROBLEMS_DIR / "ko" / "direct-ko.sgf")[0])
    game.hint()
    game.answer(solved(game.asked[-1], all_moves=False).proof)
    game.play(coords.from_gtp("E1", 9))
    for _ in range(12):
        if game.finished or game.thinking:
            break
        game.play(PASS)
    assert game.thinking == "ko"
    game.answer(solved(game.asked[-1], all_moves=False).proof)
    assert game.result == "ko" and game.log[-1].startswith("Ko: White is dead in this line")


def test_a_loss_where_the_rule_bars_a_ko_is_not_said_to_be_lost_outright():
    """QA s55 D3: the approach ko, the player taking White (O) before a solve: White dies
    from the start where only Black may take kos, and no move of that proof takes a ko
    (White may never take it at A1), so the start said "(proven): this game is lost", and
    the game then ended "Ko".  A ko barred by the rule is named as one taken is."""
    problem = read_sgf(PROBLEMS_DIR / "ko" / "approach-ko.sgf")[0]
    asked = []
    game = Practice(problem, asked.append, switched=True)
    game.answer(solved(asked[-1], all_moves=False).proof)
    assert "From the start, White dies whatever White plays (proven, where only Black may " \
        "capture kos)." in game.log
    assert not any("this game is lost" in line for line in game.log)


def test_a_ko_fight_left_by_a_pass_ends_in_the_fights_words():
    """QA s55 D6: the direct ko after a solve: White E1, Black takes at F1, White retakes
    with its one threat, Black (no threat) passes, and White's pass leaves the fight's
    proofs and ends the game.  The end said "where only Black may capture kos" of a fight
    White had just retaken; it is the fight, with the threats it began with."""
    problem = read_sgf(PROBLEMS_DIR / "ko" / "direct-ko.sgf")[0]
    game = Practice(problem, lambda p: None, classification=classify(problem))
    e1 = coords.from_gtp("E1", 9)
    game.play(e1)
    game.play(e1)                                       # the retake, paid with the threat
    assert game.moves[-1] == PASS and not game.finished    # Black has none
    game.play(PASS)
    assert game.finished and game.result == "ko"
    assert game.log[-1].startswith("Ko: White lives: the ko was fought with ko threats "
                                   "elsewhere (White holds 1 ko threat, Black none at the "
                                   "start;")


def test_a_hint_before_a_solve_points_to_the_ko_the_rule_bars():
    """QA s55 D2: before a solve, the direct ko's start is lost for White where only Black
    may take kos, and the hint named the most stubborn try, F1, which fills White's own
    liberty and dies with no ko; E1 makes the ko (the problem's comment)."""
    game = _asking_practice(read_sgf(PROBLEMS_DIR / "ko" / "direct-ko.sgf")[0])
    game.hint()
    game.answer(solved(game.asked[-1], all_moves=False).proof)
    game.hint()
    assert game.log[-1] == ("Hint: the proof says White cannot win from here, where only "
                            "Black may capture kos; E1 (marked on the board) leads to a ko "
                            "White may not fight in this line: in a game, a ko.")
    # the approach ko, the player taking White (O): after Black's B1 the ko at A1 is barred
    # here and now, and the hint says so; no pass "leads to a ko" (regression round s55)
    problem = read_sgf(PROBLEMS_DIR / "ko" / "approach-ko.sgf")[0]
    asked = []
    other = Practice(problem, asked.append, switched=True)
    other.answer(solved(asked[-1], all_moves=False).proof)
    other.hint()
    other.hint()
    assert "(White may not take the ko at A1 in this line: only Black may capture kos)" \
        in other.log[-1] and "leads to a ko" not in other.log[-1]


def test_a_hint_where_the_rule_forbids_the_ko_says_so():
    """QA s53: at the direct ko, after White's E1 and Black's capture, the hint said only
    "the most stubborn try is pass"; the rule that forbids White's retake is why."""
    game = _asking_practice(read_sgf(PROBLEMS_DIR / "ko" / "direct-ko.sgf")[0])
    game.play(coords.from_gtp("E1", 9))
    game.answer(solved(game.asked[-1], all_moves=False).proof)
    game.hint()
    game.hint()
    assert game.log[-1] == ("Hint: the proof says White cannot win from here (White may not "
                            "take the ko at E1 in this line: only Black may capture kos); "
                            "the most stubborn try is pass.")


def test_a_blunder_after_a_right_first_move_is_wrong_not_ko():
    """Review s52: the lost game's ko check ran after any loss, so a blunder after a right
    first move read "Ko".  Straight four, White to live: White's pass keeps it alive
    (proven), then White fills its own eye space at F1 and dies: "Wrong", and no ko
    check, since the first move did not lose."""
    problem = read_sgf(STRAIGHT_FOUR.read_bytes())[0]
    at = {name: coords.from_gtp(name, 9) for name in ("C1", "D1", "E1", "F1")}
    asked = []
    game = Practice(problem, asked.append)
    game.play(PASS)
    game.answer(solved(asked[-1], all_moves=False).proof)
    assert "whatever" not in game.log[-1]
    blunder = next(m for m in (at["F1"], at["C1"]) if game.board.color_at(m) == 0)
    game.play(blunder)
    for _ in range(12):
        if game.finished:
            break
        if game.thinking:
            game.answer(solved(asked[-1], all_moves=False).proof)
            continue
        game.play(PASS)
    assert game.finished and game.result == "wrong"
    assert not any(line.startswith("Checking for a ko") for line in game.log)


def test_a_first_move_pass_is_a_tenuki_before_a_solve_too():
    """QA s55 (D8 of s54): the square four is dead whoever moves (its comment), so Black
    may tenuki; before a solve the game counted Black's pass toward the two that end the
    game, White passed back and the game ended "Wrong: White lives".  As in the classes,
    the first move's pass is a tenuki: White must move, and dies."""
    problem = replace(read_sgf(PROBLEMS_DIR / "classic" / "square-four.sgf")[0],
                      to_play=BLACK, to_play_given=True)
    game = _asking_practice(problem)
    assert game.user == BLACK
    said = game.play(PASS)
    assert "(Pass is a tenuki: play goes on elsewhere" in said
    assert not game.asked[-1].previous_pass and game.asked[-1].to_play == WHITE
    _played_out(game, lambda asked: solved(asked, all_moves=False).proof)
    assert game.moves[1] != PASS                        # White plays in the square
    assert game.result == "correct" and "every crucial stone is captured" in game.log[-1]


def test_a_single_proofs_pass_does_not_answer_a_tenuki():
    """The single proof of the seki with Black to play holds Black's pass, answered by
    White's pass that ends the game; the game's first pass is a tenuki, so it is solved
    with White to move and no pass before, and the game goes on after White's pass."""
    problem = replace(read_sgf(PROBLEMS_DIR / "classic" / "seki-shared-liberties.sgf")[0],
                      to_play=BLACK, to_play_given=True)
    proof = solved(problem, all_moves=False).proof
    assert PASS in dict(proof.root.children)
    asked = []
    game = Practice(problem, asked.append, proof=proof)
    said = game.play(PASS)
    assert "a tenuki, which the proof at hand does not answer" in said
    assert game.thinking == "answer" and not asked[-1].previous_pass
    game.answer(solved(asked[-1], all_moves=False).proof)
    assert game.moves == [PASS, PASS] and not game.finished      # seki: White passes too
    game.play(PASS)
    assert game.finished and "two passes ended the game" in game.log[-1]


def test_the_restart_button_of_an_other_side_game_asks_again(make_window, qtbot):
    """Review s52: with no proof the other side's game asks for the app's first move at
    once; the Restart button dropped that question after the restart had asked it, and
    the game thought for ever."""
    w = make_window("s.ini", show=True)
    assert w.open_path(STRAIGHT_THREE, ask=False)
    w.switch_action.trigger()                       # O, no solve yet
    game = w.browser.try_it
    assert game.switched and game.thinking == "answer"
    _wait_answer(qtbot, game)
    w.browser.restart_button.click()
    assert game.thinking == "answer" and w.practice_solver.running
    _wait_answer(qtbot, game)
    assert game.moves and not game.thinking


def test_the_end_of_a_book_line_is_said_after_the_move_that_ends_it():
    """QA s52: "The book's ... line ends here" came after the app's answer, which then read
    as the book's.  Straight three, the book's correct line White B1 alone: said right
    after B1, before the result."""
    problem = read_sgf(STRAIGHT_THREE)[0]
    game = Practice(problem, lambda p: None, classification=classify(problem),
                    book={(): (BookMove(B1, WHITE, RIGHT),)})
    said = game.play(B1).splitlines()
    ends = said.index("The book's correct line for White ends here.")
    assert said[ends - 1].startswith("You play B1") and said[-1].startswith("Correct")


def test_the_apps_first_move_of_a_game_it_starts_is_played_not_answered():
    """QA s52: the app's first move in a game where the player takes the other side read
    "Black answers C1", though nothing was answered."""
    problem = read_sgf(STRAIGHT_FOUR.read_bytes())[0]
    proof = solved(problem, BLACK, all_moves=False).proof
    game = Practice(problem, lambda p: None, proof=proof, switched=True)
    assert game.log[1].startswith("Black plays ")
    game.play(game.node.prover_move)
    assert not any(" plays " in line for line in game.log[2:])


def test_the_apps_losing_replies_on_a_proof_follow_the_files_line(make_window, qtbot,
                                                                   tmp_path):
    """QA s51 book D5: the app's and the browser's replies were the longest, not the
    file's.  The bundled rabbity six with White's D1 as the file's answer to the vital D2:
    after a solve, → from the root walks D2 then D1, and in practice the app answers D2
    with D1 (without the line, E2: test_proof_io)."""
    path = tmp_path / "six.sgf"
    text = (PROBLEMS_DIR / "side" / "rabbity-six.sgf").read_text()
    path.write_text(text.replace("(;B[dr]C[Correct: the vital point.])",
                                 "(;B[dr]C[Correct: the vital point.];W[ds])"))
    d2, d1 = (coords.from_gtp(name, 19) for name in ("D2", "D1"))
    w = make_window("s.ini", show=True)
    assert w.open_path(path, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    w.browser.set_proof(w.outcome.result.proof)
    w.browser.forward()
    w.browser.forward()
    assert w.board.overlay.last_move == d1 and w.board.view.color_at(d2) == BLACK
    w.practice_action.trigger()
    game = w.browser.try_it
    w.browser.try_move(d2)
    assert game.moves[:2] == [d2, d1]


def test_o_and_r_start_a_new_game_without_the_last_games_hint(make_window, qtbot):
    """QA s55 D11: after P and H, O (the app now moving first, the user White) and R left
    "Hint: play B1 ... the best you can get here" in the status bar for 8 s."""
    w = make_window("s.ini", show=True)
    assert w.open_path(PROBLEMS_DIR / "ko" / "approach-ko.sgf", ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    status = w.statusBar()
    w.practice_action.trigger()                        # P
    w.hint()                                           # H
    assert status.currentMessage().startswith("Hint")
    w.switch_action.trigger()                          # O: a new game, sides turned
    game = w.browser.try_it
    assert game.switched and status.currentMessage() == game.log[0]
    assert game.log[0].startswith("You play White")
    w.hint()
    assert status.currentMessage().startswith("Hint")
    w.restart_practice()                               # R
    assert not status.currentMessage().startswith("Hint")
    w.hint()
    w.browser.restart_button.click()                   # the Restart button, as R
    assert not status.currentMessage().startswith("Hint")


def test_the_apps_first_move_is_the_quickest_of_its_best():
    """QA s57 kill-all D5: on a whole-board kill-all, White to play, every stone move of
    White's lives; the app played A5, in Black's area, as "its best move" (the table's
    first), where B1, C1 or D1 makes two eyes at once.  The app plays the move whose
    line ends soonest: there its proof is the goal itself."""
    problem = read_sgf(b"(;GM[1]FF[4]SZ[5]PL[W]TG[live_any]TD[W]AB[ac][bc][cc][dc][ec]"
                       b"AW[ad][bd][cd][dd][ed])")[0]
    c = classify(problem, to_play=WHITE)
    assert c.status == "lives" and coords.from_gtp("A5", 5) in c.best_moves()
    first = app_first_move(c)
    assert coords.to_gtp(first.move, 5) in ("B1", "C1", "D1")
    assert not first.proofs[0].root.children       # alive at once


def test_where_every_first_move_fails_the_hint_is_the_most_stubborn_try():
    """Review s58: the quickest of equal first moves is for a side that succeeds; where
    every move fails, the hint ("the most stubborn try") is the longest resistance.
    White's nine points in the corner, Black to play (Black cannot kill)."""
    problem = read_sgf(PROBLEMS_DIR / "corner" / "nine-point-corner.sgf")[0]
    c = classify(problem, to_play=BLACK)
    assert c.status == c.failure
    best = [m for m in c.moves if m.move in c.best_moves() and m.proofs]
    stones = [m for m in best if m.move != PASS]
    assert c.move_to_play(best) is c.most_stubborn(stones)
    assert c.move_to_play(best) is not c.quickest(stones)      # the case is met


def test_a_losing_players_hint_is_the_try_the_app_would_play(monkeypatch):
    """The hint where the player cannot win names the try the app plays in its place: one
    the other side must answer (a verified kill where it plays elsewhere).  enclosed-dev
    gop/17379, the player Black against White's F1: not F3, the longest line's try, which
    White need not answer."""
    import re

    from tests.golden import SHARED
    from tests.test_line_threats import lives_after_tenuki
    from tsumego_gui.qt import proof_view
    from tsumego_gui.search.choice import solve
    path = SHARED / "enclosed-dev" / "gop" / "17379.sgf"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    monkeypatch.setattr(proof_view, "GUI_LINE_SECONDS", 60.0)   # the clock ends none
    problem = replace(read_sgf(path)[0], to_play=WHITE, to_play_given=True)
    proof = solve(problem, "dfs", to_play=WHITE)[0].proof
    f1, f3 = coords.from_gtp("F1", problem.size), coords.from_gtp("F3", problem.size)
    assert proof.main_line()[:2] == [f1, f3]        # the case is met
    game = Practice(problem, lambda p: None, proof=proof, switched=True)
    assert game.log[-1] == "White plays F1."
    game.hint()
    game.hint()
    hinted = re.search(r"the most stubborn try is (\w+)", game.log[-1])
    assert hinted is not None, game.log[-1]
    move = coords.from_gtp(hinted.group(1), problem.size)
    assert move != f3 and not lives_after_tenuki(problem.after(f1, WHITE), move)


def test_the_position_of_a_game_keeps_the_boards_ko_ban_not_the_starts(tmp_path):
    """Review s62: a game from a problem taken just after a ko (the L-four corner, Black
    took at A1, White to play with one threat) kept the start's ko point when it asked for a
    solve after a pass: no problem (a ko point after a pass), and the app could not
    answer.  The position after White's retake holds Black's ban there, and the threat is
    spent."""
    rules = read_sgf(KO_JUST_TAKEN)[0]
    a1 = coords.from_gtp("A1", 9)
    board = rules.to_board()
    board.play(PASS)                    # White plays elsewhere: the ban is gone
    assert position_problem(rules, board).ko_point == PASS
    board = rules.to_board()
    board.play(a1)                      # White retakes with its threat
    after = position_problem(rules, board)
    assert after.ko_point == board.ko_loc != PASS and after.ko_threats == (0, 0)
    assert replace(after) == after      # a valid problem


def test_a_retake_with_no_threat_left_is_refused_for_the_threat_not_a_rule(make_window,
                                                                            qtbot):
    """QA s62: the approach ko with O (the app plays Black B1 first, the user White): the
    ko is fought with threats, Black holding 1 and White none.  White takes at A1, Black
    retakes with its threat, and White's retake at once was refused as "White may not do
    in this line (... Black may capture kos)": the problem's rule, not the fight's, where
    White may take kos and holds no threat."""
    w = make_window("s.ini", show=True)
    assert w.open_path(PROBLEMS_DIR / "ko" / "approach-ko.sgf", ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    w.switch_action.trigger()                          # O: the app plays Black first
    game = w.browser.try_it
    assert any("Black holds 1 ko threat, White none" in line for line in game.log)
    a1 = coords.from_gtp("A1", 9)
    game.play(a1)
    assert "retaking the ko: a ko threat elsewhere" in game.log[-1]
    said = game.play(a1)
    assert said == ("A1 retakes the ko at once: that takes a ko threat elsewhere first, and "
                    "White holds none in this line.")
