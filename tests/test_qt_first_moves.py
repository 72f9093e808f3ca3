"""The first-move list: every first move classified (lives / seki / ko / dies / open) and
colour-coded, a row's proof in the browser, "try it" from any first move, a classification
stopped part way, export as SGF and JSON.

Expected classes come from Go knowledge, not from running the solver:

* the seki problem: White's group on the edge of an 8x8 board shares the
  two liberties A1 and F1 with Black's four stones B1-E1.  White to play:
  filling either liberty (A1 or F1) lets Black capture everything, so both
  die; passing leaves a seki (neither side can approach).
* the straight three (bundled): B1 makes two eyes (lives unconditionally);
  A1, C1 or a pass leave Black to kill (after White A1, Black B1 or C1 kills).
"""

from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QColor  # noqa: E402

from engine_cy.board import BLACK, PASS  # noqa: E402
from tsumego_gui.core import coords  # noqa: E402
from tsumego_gui.core.sgf_io import read_sgf  # noqa: E402
from tsumego_gui.qt.first_move_list import (  # noqa: E402
    CLASS_COLOURS,
    ROLE,
    FirstMoveList,
    class_colours,
    swatch,
)
from tsumego_gui.qt.help_dialogs import shortcut_rows  # noqa: E402
from tsumego_gui.qt.main_window import BUNDLED_PROBLEM as STRAIGHT_THREE  # noqa: E402
from tsumego_gui.qt.main_window import PROBLEMS_DIR as BUNDLED  # noqa: E402
from tsumego_gui.qt.try_first_move import TryFirstMove  # noqa: E402
from tsumego_gui.search import classification_file  # noqa: E402
from tsumego_gui.search.classify import OPEN, FirstMove, classify  # noqa: E402

SEKI = (b"(;FF[4]GM[1]SZ[8]PL[W]AB[af][bf][cf][df][ef][ff][gf][hf][hg][hh][bh][ch][dh][eh]"
        b"AW[ag][bg][cg][dg][eg][fg][gg][gh]TR[ag]SQ[ah][bh][ch][dh][eh][fh])")
# Our own: a nearly empty 6x6 board, White to live anywhere -- far too big to classify in a
# second, so a stop comes in the middle of the classification.
OPEN_6X6 = b"(;GM[1]SZ[6]PL[W]AB[cc]AW[dd]TG[live_any]TD[W])"
# Our own: the same board with a white wall along the bottom edge that has an eye at A1 and
# makes a second one at D1 by playing E1.  The solve proves White lives at once; its other
# first moves leave Black to take E1, and then White must live in the open board: far too
# big to classify in a second.
EYE_AND_OPEN_6X6 = b"(;GM[1]SZ[6]PL[W]AB[cc]AW[ae][be][bf][cf][ce][de][ee]TG[live_any]TD[W])"


def solve_all(w, qtbot, timeout=60_000):
    """Solve and wait for the end of the request: the classification."""
    with qtbot.waitSignal(w.solver.classified, timeout=timeout):
        w.solve()
    assert not w.solver.running
    return w.classification


@pytest.fixture
def seki(make_window, qtbot, tmp_path):
    w = make_window("s.ini", show=True)
    path = tmp_path / "seki.sgf"
    path.write_bytes(SEKI)
    assert w.open_path(path, ask=False)
    solve_all(w, qtbot)
    return w


@pytest.fixture
def three(make_window, qtbot):
    w = make_window("s.ini", show=True)
    assert w.open_path(STRAIGHT_THREE, ask=False)
    solve_all(w, qtbot)
    return w


def by_move(w):
    return {row[0]: row for row in w.solve_panel.first_moves.rows()}


def class_cell_colours(w):
    tree = w.solve_panel.first_moves.tree
    out = {}
    for i in range(1, tree.topLevelItemCount()):
        item = tree.topLevelItem(i)
        out[item.text(0)] = (item.background(1).color().name(),
                             item.foreground(1).color().name())
    return out


def test_the_seki_problem_lists_two_dying_moves_and_a_seki_pass(seki):
    w = seki
    rows = by_move(w)
    assert set(rows) == {"A1", "F1", "pass"}
    assert {m: r[1] for m, r in rows.items()} == {"A1": "dies", "F1": "dies", "pass": "seki"}
    assert rows["pass"][2] == "lives in seki" and rows["A1"][2] == "dies"
    assert all(r[3] == "✔ verified" for r in rows.values())
    # the pass row says what its pass is (QA s49), the others nothing there
    tree = w.solve_panel.first_moves.tree
    tips = {tree.topLevelItem(i).text(0): tree.topLevelItem(i).toolTip(0)
            for i in range(1, tree.topLevelItemCount())}
    assert tips == {"A1": "", "F1": "", "pass": "Pass is a tenuki: play goes on elsewhere, "
                    "and it does not count toward the two passes that end the game."}
    colours = class_cell_colours(w)
    red, teal = CLASS_COLOURS["fails"][0], CLASS_COLOURS["seki"][0]
    assert {m: c[0] for m, c in colours.items()} == {"A1": red, "F1": red, "pass": teal}
    for fm in w.classification.moves:
        assert colours[coords.to_gtp(fm.move, 8)] == tuple(
            QColor(x).name() for x in class_colours(w.classification, fm.cls))
    assert w.classification.status == "seki" and w.classification.to_play == 2
    # the position's class: its word in the position row, its full words in the row's
    # tooltip (the verdict above says "White lives"; the list's heading no longer repeats
    # the class, QA s55)
    position_row = w.solve_panel.first_moves.tree.topLevelItem(0)
    assert position_row.text(1) == "seki" and position_row.toolTip(1) == "lives in seki"
    # the pass keeps the seki: White need not play (QA s50)
    assert "White need not play: a tenuki keeps this result" in \
        w.solve_panel.first_moves.status_label.text()
    # the verdict says under which goal it was judged: seki counts as life
    verdict = w.solve_panel.verdict_label.text()
    assert "White lives" in verdict and "Goal: survive" in verdict
    assert not w.error_text()


def test_the_straight_three_lists_b1_living_and_the_rest_dying(three):
    w = three
    rows = by_move(w)
    assert {m: r[1] for m, r in rows.items()} == {"A1": "dies", "B1": "lives", "C1": "dies",
                                                  "pass": "dies"}
    assert rows["B1"][2] == "lives unconditionally"
    assert all(r[3] == "✔ verified" for r in rows.values())
    assert w.classification.status == "lives"
    assert w.classification.best_moves() == [coords.from_gtp("B1", 9)]
    # the best move's row is bold
    tree = w.solve_panel.first_moves.tree
    bold = [tree.topLevelItem(i).text(0) for i in range(1, tree.topLevelItemCount())
            if tree.topLevelItem(i).font(0).bold()]
    # the file's own first move (its "Correct" line) is marked as the book's (QA s56
    # book19: a book's moves were named nowhere in the list)
    assert bold == ["B1 · book ✓"]
    marked = {tree.topLevelItem(i).text(0): tree.topLevelItem(i).toolTip(0)
              for i in range(1, tree.topLevelItemCount()) if "book" in tree.topLevelItem(i).text(0)}
    assert marked == {"B1 · book ✓": "The problem file's own solution: its correct line."}


def test_the_attackers_list_reads_kills_and_fails(make_window, qtbot):
    w = make_window("s.ini")
    assert w.open_path(STRAIGHT_THREE, ask=False)
    combo = w.problem_panel.to_play_combo
    combo.setCurrentIndex(0)
    combo.activated.emit(0)                   # Black to play: B1 kills, the rest fail
    solve_all(w, qtbot)
    rows = by_move(w)
    assert rows["B1"][2] == "kills"
    assert all(rows[m][2] == "fails" for m in ("A1", "C1", "pass"))
    # the mover's words, headed so (QA s44: "Class" read as the CLI's defender's class)
    header = w.solve_panel.first_moves.tree.headerItem()
    assert [header.text(i) for i in range(3)] == ["Move", "Result for Black", "Proof"]


def test_selecting_a_row_browses_that_moves_proof_and_the_position_row_goes_back(three):
    w, b, panel = three, three.browser, three.solve_panel.first_moves
    main = w.outcome.result.proof
    assert b.proof is main and b.first_move is None
    a1 = coords.from_gtp("A1", 9)
    fm = next(m for m in w.classification.moves if m.move == a1)
    assert panel.select_move(a1)
    assert w.mode == "proof"
    assert b.proof is fm.proofs[0] and b.first_move == a1 and b.path == ()
    # the board shows the first move played, marked, and the proof's zone shaded
    assert w.board.view.color_at(a1) == 2 and w.board.overlay.last_move == a1
    assert w.board.overlay.zone == fm.proofs[0].root.zone and w.board.overlay.zone
    assert b.model.data(b.model.index_for_path(())) == "After W A1"
    assert b.model.data(b.model.index_for_path(()).siblingAtColumn(1)).endswith(
        "Black to play")
    text = b.explanation.toPlainText()
    assert "After W A1: Black to play." in text and "White dies here." in text
    # what the proof shows, beside its rules (QA s45: "goal live" read as unexplained)
    assert "It shows how it is killed even when it may take kos." in text
    # Black's killing answer is B1 or C1, marked as the proof's move
    answer = fm.proofs[0].root.prover_move
    assert coords.to_gtp(answer, 9) in ("B1", "C1")
    assert w.board.overlay.labels == ((answer, "1"),)
    b.forward()
    assert w.board.view.color_at(answer) == 1
    # the position row goes back to the main proof
    assert panel.select_move(None)
    assert b.proof is main and b.first_move is None
    assert w.board.view.color_at(a1) == 0


def test_a_pass_row_browses_the_tenuki_proof(seki):
    w, b = seki, seki.browser
    fm = next(m for m in w.classification.moves if m.move == PASS)
    assert fm.cls == "seki" and len(fm.proofs) == 2      # the survival and the failed life
    assert w.solve_panel.first_moves.select_move(PASS)
    assert b.proof is fm.proofs[0] and b.first_move == PASS
    assert w.board.overlay.last_move is None              # nothing to mark for a pass
    assert b.model.data(b.model.index_for_path(())) == "After W pass"
    b.end()
    node = b.node()
    assert node.won and not node.children                 # White lives at the end of the line


def test_each_proof_of_a_two_proof_move_has_a_row_that_browses_it(seki):
    """The seki pass is made by White's survival and its failed unconditional life: a row
    below the move for each, saying which, and selecting it browses that proof."""
    w, b, panel = seki, seki.browser, seki.solve_panel.first_moves
    fm = next(m for m in w.classification.moves if m.move == PASS)
    items = panel.proof_items(PASS)
    assert [item.text(1).split(":")[0] for item in items] == ["White lives", "White dies"]
    assert "to survive, a seki counting" in items[0].text(1)
    assert "to live unconditionally" in items[1].text(1)
    assert panel.proof_items(coords.from_gtp("A1", 8)) == []      # one proof, no rows
    panel.tree.setCurrentItem(items[1])
    assert w.mode == "proof" and b.proof is fm.proofs[1] and b.first_move == PASS
    assert not b.proof.root.won


def test_a_ko_moves_figure_proofs_are_browsed_from_its_rows(make_window, qtbot):
    """The L-shaped four, Black to play: B1 makes a direct ko (the SGF comment), White
    needs one threat: rows for the ko class's two proofs, then the figure's win with one
    White threat and loss with none."""
    w = make_window("s.ini")
    assert w.open_path(BUNDLED / "corner" / "l-four-corner-ko.sgf", ask=False)
    combo = w.problem_panel.to_play_combo
    combo.setCurrentIndex(0)
    combo.activated.emit(0)                   # Black to play
    solve_all(w, qtbot)
    panel, b1 = w.solve_panel.first_moves, coords.from_gtp("B1", 9)
    assert "direct ko: White needs 1 ko threat" in by_move(w)["B1"][2]
    items = panel.proof_items(b1)
    assert len(items) == 4
    assert items[2].text(1) == ("White lives: to survive, a seki counting; Black and White may "
                                "capture kos; White holds 1 ko threat")
    assert items[3].text(1) == ("White dies: to survive, a seki counting; Black and White may "
                                "capture kos")
    fm = next(m for m in w.classification.moves if m.move == b1)
    panel.tree.setCurrentItem(items[2])
    assert w.browser.proof is fm.ko.proofs[0] and w.browser.first_move == b1
    assert "White holds 1 ko threat" in w.browser.explanation.toPlainText()


def test_try_it_answers_a_wrong_first_move_with_the_refutation_from_its_proof(three):
    w, b = three, three.browser
    b.try_button.click()
    t = b.try_it
    assert isinstance(t.segment, TryFirstMove) and t.user == 2    # the side to move plays
    a1 = coords.from_gtp("A1", 9)
    text = b.try_move(a1)
    proof = next(m for m in w.classification.moves if m.move == a1).proofs[0]
    answer = proof.root.prover_move
    assert coords.to_gtp(answer, 9) in ("B1", "C1")       # Black kills from the A1 proof
    assert "You play A1: with best play, dies." in text
    assert f"Black answers {coords.to_gtp(answer, 9)}" in text
    assert w.board.view.color_at(a1) == 2 and w.board.view.color_at(answer) == 1
    for _ in range(20):
        if t.finished:
            break
        b.try_move(t.node.children[0][0])                 # any move the proof answers
    assert t.finished and t.log[-1].startswith("Wrong: White is dead")    # said once:
    assert sum("White is dead" in line for line in t.log) == 1      # the result line only
    # restart: the right move B1 lives
    b.restart_try()
    assert t.node is None and w.board.view.color_at(a1) == 0
    text = b.try_move(coords.from_gtp("B1", 9))
    assert "lives unconditionally" in text and t.finished
    assert t.log[-1] == "Correct: White lives (unconditionally alive)." and t.result == "correct"


def test_try_it_from_the_seki_pass_ends_in_seki(seki):
    b = seki.browser
    b.try_button.click()
    t = b.try_it
    assert "seki" in b.try_move(PASS)
    for _ in range(20):
        if t.finished:
            break
        node = t.node          # the user is on the surviving side: play the proof's move
        b.try_move(node.prover_move if node.prover_move is not None else node.children[0][0])
    assert t.finished and t.log[-1].startswith("Correct: White lives")
    # the app, which cannot kill, keeps the seki: it passes after the user's tenuki (QA s49:
    # it filled a shared liberty, F1 or A1, its four stones in atari, taken next), and the
    # user's pass ends the game in seki
    b.restart_try()
    b.try_move(PASS)
    assert not t.finished and t.last_move is None and t.log[-1] == "Black answers pass."
    b.try_move(PASS)
    assert t.finished and t.log[-1].startswith("Correct: White lives")


def test_an_open_move_is_shown_grey_and_refused_in_try_it(three, qtbot):
    """A classification stopped part way: decided rows keep their class, the rest are open."""
    w = three
    c = w.classification
    b1 = coords.from_gtp("B1", 9)
    cut = [m if m.move == b1 else FirstMove(m.move, why_open="cancelled") for m in c.moves]
    partial = replace(c, moves=cut, cancelled=True)
    w._classified(partial)
    rows = by_move(w)
    assert rows["B1"][1] == "lives"
    assert all(rows[m][1] == "open" and rows[m][3] == "—" for m in ("A1", "C1", "pass"))
    grey = QColor(CLASS_COLOURS["open"][0]).name()
    assert all(class_cell_colours(w)[m][0] == grey for m in ("A1", "C1", "pass"))
    assert "1 of 4 first moves classified" in w.solve_panel.first_moves.status_label.text()
    assert "3 move(s) open (stopped by you)" in w.solve_panel.first_moves.status_label.text()
    assert partial.status == "lives"          # B1 is the best there is: decided anyway
    w.solve_panel.first_moves.select_move(coords.from_gtp("A1", 9))
    assert "open" in w.statusBar().currentMessage()
    w.browser.try_button.click()
    said = w.browser.try_move(coords.from_gtp("A1", 9))
    # no proof to answer from: played, and the app solves the position on demand
    assert "open" in said and w.browser.try_it.thinking == "answer"


def test_stopping_mid_classification_leaves_open_rows_and_no_traceback(
        make_window, qtbot, tmp_path, capfd):
    w = make_window("s.ini")
    path = tmp_path / "open.sgf"
    path.write_bytes(EYE_AND_OPEN_6X6)
    assert w.open_path(path, ask=False)
    panel = w.solve_panel
    panel.solver_combo.setCurrentIndex(panel.solver_combo.findData("dfs"))
    panel.nodes_spin.setValue(0)
    panel.seconds_spin.setValue(1.5)          # the solve: 1.5 s, then the classification
    stages, failures, classified, snapshots = [], [], [], []
    w.solver.stage.connect(stages.append)
    w.solver.failed.connect(failures.append)
    w.solver.classified.connect(classified.append)
    w.solver.partly_classified.connect(snapshots.append)
    with qtbot.waitSignal(w.solver.finished, timeout=30_000):
        w.solve()
    assert w.solver.running                    # still classifying
    qtbot.waitUntil(lambda: any("Classifying" in s for s in stages), timeout=10_000)
    # under way: a move decided (stopped before any was, the list says "not classified":
    # a run on a busy machine stopped it there)
    qtbot.waitUntil(lambda: any(m.cls != "open" for c in snapshots for m in c.moves),
                    timeout=20_000)
    assert not classified
    w.stop()
    qtbot.waitUntil(lambda: bool(classified), timeout=10_000)
    c = classified[0]
    assert c is w.classification and c.cancelled
    rows = w.solve_panel.first_moves.rows()
    assert len(rows) == len(c.moves) > 0
    opened = [r for r in rows if r[1] == "open"]
    # open, or (the solve's winning move) won by the solve with its class open
    assert opened and all(r[2].startswith("open") or r[2] == "wins (solve)" for r in opened)
    assert "stopped" in w.solve_panel.first_moves.status_label.text()
    assert not failures and not w.error_text() and not w.solver.running
    assert "Traceback" not in capfd.readouterr().err


def test_a_newer_request_drops_the_older_classification(make_window, qtbot, tmp_path):
    w = make_window("s.ini")
    path = tmp_path / "open.sgf"
    path.write_bytes(OPEN_6X6)
    assert w.open_path(path, ask=False)
    w.solve_panel.seconds_spin.setValue(20)
    with qtbot.waitSignal(w.solver.progress, timeout=20_000):
        w.solve()
    seen = []
    w.solver.classified.connect(seen.append)
    assert w.open_path(STRAIGHT_THREE, ask=False)          # forgets the running request
    solve_all(w, qtbot)
    qtbot.wait(200)
    assert len(seen) == 1 and seen[0].problem.size == 9


@pytest.mark.parametrize("suffix", [".sgf", ".json"])
def test_export_offers_the_classification_as_sgf_or_json(seki, tmp_path, suffix):
    w = seki
    out = tmp_path / f"classes{suffix}"
    asked = []

    def ask(default, filters):
        asked.append((default, filters))
        return str(out)
    w.ask_export_file = ask
    assert w.export_proof()
    assert asked[0][0].endswith("-proof.sgf")                 # one name (QA s50)
    assert "Proof of every first move" in asked[0][1]
    assert "SGF" in asked[0][1] and "JSON" in asked[0][1]
    if suffix == ".json":
        back = classification_file.load_json(out)
        assert [(m.move, m.cls) for m in back.moves] == \
            [(m.move, m.cls) for m in w.classification.moves]
    else:
        data = out.read_bytes()
        assert b"TC[seki]" in data and data.count(b"TC[dies]") == 2
        assert b"RIGHT" in data and b"WRONG" in data
        # opened again: the app says what it shows of it (QA s45: no word of the lines)
        assert w.open_path(out, ask=False)
        assert w.statusBar().currentMessage().startswith("A proof saved by tsumego_gui")


def test_the_list_widget_alone_clears_and_emits(qtbot, three):
    c = three.classification
    widget = FirstMoveList()
    qtbot.addWidget(widget)
    assert not widget.tree.isEnabled() and widget.rows() == []
    chosen = []
    widget.chosen.connect(chosen.append)
    widget.show_classification(c)
    assert chosen == []                       # filling it selects the position row silently
    widget.select_move(coords.from_gtp("C1", 9))
    assert chosen[-1].move == coords.from_gtp("C1", 9)
    widget.select_move(None)
    assert chosen[-1] is None
    widget.clear()
    assert widget.rows() == [] and widget.classification is None


def test_the_list_fills_in_move_by_move_while_the_classification_runs(make_window, qtbot,
                                                                      tmp_path):
    w = make_window("s.ini", show=True)
    path = tmp_path / "seki.sgf"
    path.write_bytes(SEKI)
    assert w.open_path(path, ask=False)
    seen = []       # the list's rows and heading each time a move more has its class

    def record(c):
        position_row = w.solve_panel.first_moves.tree.topLevelItem(0)
        seen.append((w.solve_panel.first_moves.rows(),
                     w.solve_panel.first_moves.status_label.text() + position_row.text(1)))

    w.solver.partly_classified.connect(record)      # after the window's own slot
    solve_all(w, qtbot)
    # every move listed before the first is decided (QA s60: a minute of "classified
    # after the solve…" on a large problem), then one more each time
    assert [sum(cls != "open" for _, cls, _, _ in rows) for rows, _ in seen] == [0, 1, 2, 3]
    assert [words for _, _, words, _ in seen[0][0]] == ["deciding…"] * 3
    assert "0 of 3 first moves classified so far" in seen[0][1]
    first_rows, first_heading = seen[1]
    assert [words for _, cls, words, _ in first_rows if cls == "open"] == ["deciding…"] * 2
    assert "1 of 3 first moves classified so far" in first_heading
    assert "deciding" in first_heading             # the position's class is not known yet
    final = w.solve_panel.first_moves.rows()
    assert {move: cls for move, cls, _, _ in final} == {"A1": "dies", "F1": "dies",
                                                        "pass": "seki"}
    assert not any("deciding" in words for _, _, words, _ in final)


def test_the_books_right_and_wrong_first_moves_are_marked(qtbot):
    """QA s56 book19: a book problem's failure moves were named nowhere; each of the file's
    first moves is marked in its row by its line's verdict."""
    from tsumego_gui.core.book_lines import BookMove
    from tsumego_gui.core.sgf_io import RIGHT, WRONG
    three = read_sgf(STRAIGHT_THREE)[0]
    a1, b1 = coords.from_gtp("A1", 9), coords.from_gtp("B1", 9)
    widget = FirstMoveList()
    qtbot.addWidget(widget)
    widget.book_source = lambda: {(): (BookMove(b1, 2, RIGHT), BookMove(a1, 2, WRONG),
                                       BookMove(b1, 1, WRONG))}     # Black's: not this list
    widget.show_classification(classify(three))
    cells = [widget.tree.topLevelItem(i).text(0)
             for i in range(1, widget.tree.topLevelItemCount())]
    assert cells == ["A1 · book ✗", "B1 · book ✓", "C1", "pass"]
    assert [row[0] for row in widget.rows()] == ["A1", "B1", "C1", "pass"]


def test_the_problems_answers_keep_their_mark_once_the_files_lines_are_gone(qtbot):
    """QA s59: after an edit elsewhere the verdict still said "Book: B1 (... the
    first-move list classes the book's)" while the list (which reads the file's lines,
    gone with the edit) marked no row."""
    three = read_sgf(STRAIGHT_THREE)[0]
    b1 = coords.from_gtp("B1", 9)
    widget = FirstMoveList()
    qtbot.addWidget(widget)
    widget.book_source = dict       # an edited position: no file lines
    widget.show_classification(classify(replace(three, book_moves=((2, b1), (1, PASS)))))
    cells = [widget.tree.topLevelItem(i).text(0)
             for i in range(1, widget.tree.topLevelItemCount())]
    assert cells == ["A1", "B1 · book", "C1", "pass"]


def test_undo_and_redo_bring_back_each_positions_own_book_marks(three, qtbot):
    """QA s60: a result shown again on redo marked the edited position's list from the
    file ("B1 · book ✓"), and one shown again on undo to the file's position from the
    problem ("B1 · book"): the file's lines were read by the undo stack's clean state,
    which changes only after the draft has."""
    w = three
    stack = w.editor.undo_stack

    def b1_cell():
        tree = w.solve_panel.first_moves.tree
        return next(tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())
                    if tree.topLevelItem(i).text(0).startswith("B1"))
    assert b1_cell() == "B1 · book ✓"
    w.editor.apply(w.editor.draft.with_stone(coords.from_gtp("J9", 9), BLACK), "stone")
    stack.undo()                # back to the file's position: its result shown again
    assert b1_cell() == "B1 · book ✓"
    stack.redo()
    solve_all(w, qtbot)
    assert b1_cell() == "B1 · book"         # the problem's answer, the file's lines gone
    stack.undo()
    stack.redo()                # the edited position again: its result shown again
    assert b1_cell() == "B1 · book"


def test_an_undecided_row_chosen_while_the_classification_runs_says_so(three):
    """Review s60: a running snapshot's undecided move has no reason yet, and choosing its
    row said "This first move is open (): no proof to browse."."""
    three.browse_first_move(FirstMove(coords.from_gtp("A1", 9)))
    assert three.statusBar().currentMessage() == \
        "This first move is open (not decided): no proof to browse."


def test_a_running_classification_keeps_the_row_the_user_chose(qtbot):
    snapshots = []
    final = classify(read_sgf(SEKI)[0], decided=snapshots.append)
    widget = FirstMoveList()
    qtbot.addWidget(widget)
    chosen = []
    widget.chosen.connect(chosen.append)
    widget.show_classification(snapshots[0])
    a1 = coords.from_gtp("A1", 8)
    assert widget.select_move(a1) and chosen[-1].move == a1
    widget.show_classification(snapshots[1])
    widget.show_classification(final)
    assert widget.tree.currentItem().text(0) == "A1"
    assert len(chosen) == 1                   # kept silently: the browser is not sent again


def test_a_running_classification_keeps_the_lists_scroll_and_expanded_rows(qtbot):
    """Each snapshot rebuilds the list: the rows the user opened stay open and the list
    stays where it was scrolled to, so the lower rows can be watched as they fill in."""
    final = classify(read_sgf(SEKI)[0])
    two_proofs = next(m for m in final.moves if m.move == PASS)     # a row below it each
    undecided = [FirstMove(coords.from_gtp(f"{col}{row}", 8))
                 for col in "ABCDEFGH" for row in (5, 6, 7, 8)]
    first = replace(final, moves=[two_proofs, *undecided], running=True)
    widget = FirstMoveList()
    qtbot.addWidget(widget)
    widget.resize(300, 240)
    widget.show()
    qtbot.waitExposed(widget)
    widget.show_classification(first)
    widget.tree.topLevelItem(1).setExpanded(True)
    bar = widget.tree.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    bar.setValue(bar.maximum())
    scrolled = bar.value()
    one_more = replace(first, moves=[two_proofs, replace(undecided[0], cls="dies"),
                                     *undecided[1:]])
    widget.show_classification(one_more)
    assert widget.tree.topLevelItem(2).text(1) == "dies"
    assert widget.tree.topLevelItem(1).isExpanded()
    assert bar.value() == scrolled > 0


KO_RULE = "(only Black may capture kos; the Problem panel's Ko captures setting)"


@pytest.mark.parametrize("name, said", [
    # White to play dies under the default rule (only Black may capture kos); White E1
    # starts a direct ko (the problem's own comment)
    ("ko/direct-ko.sgf", ["<b>Ko</b> with White to play: White must win it to live.  Ko at "
                          "best: <b>E1</b> (direct ko: White needs 1 ko threat to win it).",
                          f"counted under this problem's ko rule {KO_RULE}: there White "
                          "dies, White loses the ko."]),
    # Black to play kills the L-four in the corner with B1, a ko Black may take
    ("corner/l-four-corner-ko.sgf", ["<b>Ko</b> with Black to play: Black must win it to "
                                     "kill.  Ko at best: <b>B1</b> (direct ko: White needs "
                                     "1 ko threat to win it).",
                                     f"counted under this problem's ko rule {KO_RULE}: there "
                                     "White dies, Black wins the ko.",
                                     "Winning first move of the proof for Black: <b>B1</b>"]),
])
def test_a_ko_verdict_says_how_it_counted_the_ko_and_names_the_ko_moves(
        make_window, qtbot, name, said):
    """"Dies ... winning first move: none" above and "ko" in the list below read as one
    result: the verdict says the ko decided it, by the problem's ko rule.  QA s50 (a new
    user): "Ko", "dies", "none" and "E1 makes a ko" read as four answers: the ko and its
    figure come first, the rule's count once after, and "none" is not said."""
    w = make_window("s.ini")
    assert w.open_path(BUNDLED / name, ask=False)
    c = solve_all(w, qtbot)
    assert c.status == "ko" and w.outcome.result.verdict == "dies"
    text = w.solve_panel.verdict_label.text()
    assert all(part in text for part in said)
    assert "none" not in text and "makes a ko" not in text


def test_the_ko_is_said_once_above_the_list_which_keeps_its_counts(make_window, qtbot):
    """QA s55: the verdict and the line above the first moves both said "ko (must win the
    ko to kill); approach ko, 1 approach move: Black needs 2 ko threats", the repeat in a
    three-line orange badge that took the height of two rows of the list."""
    w = make_window("s.ini")
    assert w.open_path(BUNDLED / "ko" / "approach-ko.sgf", ask=False)
    c = solve_all(w, qtbot)
    figure = c.ko.words()            # "approach ko, 1 approach move: Black needs ..."
    verdict = w.solve_panel.verdict_label.text()
    heading = w.solve_panel.first_moves.status_label.text()
    assert figure in verdict and "must win it to kill" in verdict
    assert figure not in heading and "must win the ko" not in heading
    assert f"{len(c.moves)} first moves classified in" in heading
    # the position row keeps the class in a word and its colour
    position_row = w.solve_panel.first_moves.tree.topLevelItem(0)
    assert position_row.text(1) == "ko"
    assert position_row.background(1).color().name() == CLASS_COLOURS["ko"][0]
    # a seki the verdict does not name ("White lives"): the line says it (review s55)
    assert w.open_path(BUNDLED / "classic" / "seki-shared-liberties.sgf", ask=False)
    solve_all(w, qtbot)
    assert "lives in seki" in w.solve_panel.first_moves.status_label.text()


BENT_FOUR_IN_THE_CORNER = (b"(;FF[4]GM[1]SZ[9]PL[W]"
                           b"AB[ai][ah][ag][ae][be][ce][de][ee][df][dg][dh][di]"
                           b"AW[af][bf][cf][cg][bh][ch][ci]TR[ch]SQ[ai][ah][ag][bg][bi])")


def test_a_ko_the_side_to_move_need_not_start_says_who_starts_it(make_window, qtbot,
                                                                 tmp_path):
    """QA s49: bent four in the corner, White to play: "Ko at best: pass" and "pass makes
    the ko".  White's best is to wait; Black must start the ko."""
    w = make_window("s.ini")
    path = tmp_path / "bent-four.sgf"
    path.write_bytes(BENT_FOUR_IN_THE_CORNER)
    assert w.open_path(path, ask=False)
    c = solve_all(w, qtbot)
    assert c.status == "ko" and c.best_moves() == [PASS]
    assert all(m.verification == "verified" for m in c.moves)
    said = w.solve_panel.verdict_label.text()
    assert "Ko at best: <b>pass</b>: Black must start the ko." in said
    assert "Winning first move" not in said         # "none" under the rule (QA s50)


def test_a_double_ko_verdict_says_no_threats_win_it(make_window, qtbot, tmp_path):
    """QA s52: a double ko read "Black must win it to kill", as if threats decided it."""
    from tests.test_ko_figure import DOUBLE_KO
    w = make_window("s.ini")
    path = tmp_path / "double-ko.sgf"
    path.write_bytes(DOUBLE_KO)
    assert w.open_path(path, ask=False)
    c = solve_all(w, qtbot)
    assert c.status == "ko" and c.ko is None
    assert "Black fails even with 3 ko threats to none (a double ko, or a ko that needs " \
        "more)." in w.solve_panel.verdict_label.text()


def test_an_edit_tool_picked_in_the_problem_panel_after_a_solve_edits(three, qtbot):
    """QA s49: the Region radio button left the board showing the proof, and the next
    click went to the proof ("No line of the proof plays there"), marking nothing."""
    w = three
    assert w.mode == "proof"
    w.problem_panel.tool_buttons["region"].click()
    assert w.mode == "edit" and w.editor.tool == "region"
    d5 = coords.from_gtp("D5", 9)
    assert d5 not in w.editor.draft.region
    qtbot.mouseClick(w.board, Qt.MouseButton.LeftButton, pos=w.board.point_position(d5))
    assert d5 in w.editor.draft.region


def test_no_edit_tool_shows_checked_beside_a_proof_and_the_current_one_edits(three):
    """QA s50 (a new user; s49's QA saw it too): a checked tool button beside a proof read
    as a tool in use.  None is checked while the proof shows; pressing the tool that was in
    use (Stones) edits with it."""
    w = three
    assert w.mode == "proof" and w.editor.tool == "stones"
    assert not any(b.isChecked() for b in w.problem_panel.tool_buttons.values())
    w.problem_panel.tool_buttons["stones"].click()
    assert w.mode == "edit" and w.problem_panel.tool_buttons["stones"].isChecked()
    # during practice a tool press is refused and shows no tool picked; after the game it
    # edits (QA s50 round 5: Crucial stayed checked, and pressing it again did nothing)
    w.set_mode("proof")
    w.set_practice(True)
    w.problem_panel.tool_buttons["crucial"].click()
    assert w.mode == "proof" and w.browser.try_it is not None
    assert not any(b.isChecked() for b in w.problem_panel.tool_buttons.values())
    w.set_practice(False)
    w.problem_panel.tool_buttons["crucial"].click()
    assert w.mode == "edit" and w.editor.tool == "crucial"


def test_a_proven_verdict_is_not_called_open_when_only_its_class_is(three):
    """The classification ran out of budget before White B1 had its class: the position's
    class is open, but its verdict (White lives, verified) is not."""
    w = three
    c = w.classification
    b1 = coords.from_gtp("B1", 9)
    cut = replace(c, moves=[replace(m, cls="open", proofs=[], why_open="time budget")
                            if m.move == b1 else m for m in c.moves])
    assert cut.status == "open" and w.outcome.result.verdict == "lives"
    w.solve_panel.show_classification(cut)
    fm = w.solve_panel.first_moves
    position = fm.tree.topLevelItem(0)
    assert position.text(1) == "lives (proven); class open (budget ran out)"
    assert position.toolTip(1) == position.text(1)
    assert "the verdict above stands; whether it is a ko or a seki is open" \
        in fm.status_label.text()


def test_the_keyboard_walks_a_first_moves_proof_from_the_list_and_goes_back_to_the_board(
        three, qtbot):
    """Keyboard only (QA s40): in the first-move list → and ← walk the chosen move's proof as
    on the board, Space solves as anywhere else, and Ctrl+G gives the keys back to the
    board without tabbing through every field of the panels."""
    from PySide6.QtWidgets import QApplication
    w, tree = three, three.solve_panel.first_moves.tree
    with qtbot.waitActive(w):         # the menus' shortcuts work in the active window
        w.activateWindow()
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_Down)                # the position row, then A1
    a1 = coords.from_gtp("A1", 9)
    assert w.browser.first_move == a1 and w.browser.path == ()
    answer = next(m for m in w.classification.moves if m.move == a1).proofs[0].root.prover_move
    qtbot.keyClick(tree, Qt.Key.Key_Right)
    assert w.browser.path == (0,) and w.board.view.color_at(answer) == 1   # Black's answer
    qtbot.keyClick(tree, Qt.Key.Key_Left)
    assert w.browser.path == () and w.browser.first_move == a1
    assert QApplication.focusWidget() is tree            # the keys stayed in the list
    qtbot.keyClick(tree, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is w.board
    assert ("View", "Keyboard to the board", "Ctrl+G") in shortcut_rows(w.menuBar())   # F1
    tree.setFocus()
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        qtbot.keyClick(tree, Qt.Key.Key_Space)


def test_home_and_end_on_the_first_move_list_walk_that_moves_proof(three, qtbot):
    """QA s55 D10: End on the list chose its last row, the pass, and the line being walked
    in A1's proof was lost; Home chose the position row.  They walk the proof there, as
    ←/→ do and as they do on the board."""
    w, tree = three, three.solve_panel.first_moves.tree
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_Down)                # the position row, then A1
    a1 = coords.from_gtp("A1", 9)
    assert w.browser.first_move == a1 and w.browser.path == ()
    qtbot.keyClick(tree, Qt.Key.Key_End)
    walked = w.browser.path
    assert walked and w.browser.first_move == a1 and tree.currentItem().text(0) == "A1"
    assert not w.browser.node().children                # the end of A1's main line
    qtbot.keyClick(tree, Qt.Key.Key_Home)
    assert w.browser.path == () and w.browser.first_move == a1
    assert tree.currentItem().text(0) == "A1"


def test_a_narrow_list_names_classes_in_a_word_and_wraps_longer_rows(qtbot):
    """L-shaped four, Black to play.  The class column holds a player's word ("ko",
    "fails"), the full words in its tooltip (they used to be cut: "ko (must win …"); a
    proof's row, longer, wraps onto more lines in a dock-wide list and takes fewer again in a
    wider one."""
    problem = read_sgf(BUNDLED / "corner" / "l-four-corner-ko.sgf")[0]
    widget = FirstMoveList()
    qtbot.addWidget(widget)
    widget.resize(280, 400)
    widget.show()
    qtbot.waitExposed(widget)
    widget.show_classification(classify(problem))
    tree = widget.tree
    # (B1, the file's answer, is marked " · book")
    rows = {tree.topLevelItem(i).text(0).split(" · ")[0]: tree.topLevelItem(i)
            for i in range(tree.topLevelItemCount())}
    assert (rows["Position"].text(1), rows["B1"].text(1), rows["A2"].text(1)) == \
        ("ko", "ko", "fails")
    assert rows["B1"].toolTip(1) == ("ko (must win the ko to kill); direct ko: White needs 1 "
                                     "ko threat to win it")
    rows["B1"].setExpanded(True)
    proof_row = rows["B1"].child(0)
    assert proof_row.text(1).startswith("White lives: to survive, a seki counting")

    def height(item):
        return tree.visualItemRect(item).height()
    assert height(proof_row) > 2 * height(rows["A2"])
    narrow = height(proof_row)
    widget.resize(900, 400)
    qtbot.waitUntil(lambda: height(proof_row) < narrow)


def test_a_move_the_solve_won_with_reads_so_while_its_class_is_open(qtbot):
    """A budget that ends the classification early leaves moves open; the one the solve's
    proof wins with is not listed as plain "open" (QA s41: a 19x19 problem's winning move
    read "open (not decided within the budget)")."""
    problem = read_sgf(BUNDLED / "corner" / "l-four-corner-ko.sgf")[0]
    c = classify(problem)
    b1 = coords.from_gtp("B1", 9)
    c = replace(c, moves=[replace(m, cls="open", proofs=[], why_open="time budget", ko=None)
                          if m.move == b1 else m for m in c.moves])
    widget = FirstMoveList()
    qtbot.addWidget(widget)
    widget.show_classification(c, proven="dies", winning=[b1])
    (row,) = [r for r in widget.rows() if r[0] == "B1"]
    assert row[1] == "open" and row[2] == "wins (solve)"
    widget.show_classification(c, proven="dies")
    (row,) = [r for r in widget.rows() if r[0] == "B1"]
    assert row[2] == "open (not decided within the budget)"


def test_the_colours_follow_the_side_to_move_as_the_words_do(make_window, qtbot):
    """QA s43: Bent three in the corner, Black to kill: the killing move was a red badge and
    the failures green (the colours were the defender's, the words Black's)."""
    from tsumego_gui.qt.main_window import PROBLEMS_DIR
    w = make_window("s.ini")
    assert w.open_path(PROBLEMS_DIR / "corner" / "bent-three-corner.sgf", ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    c = w.classification
    assert not c.defender_to_move and c.status == "dies"
    colours = {m: bg for m, (bg, _) in class_cell_colours(w).items()}
    tree = w.solve_panel.first_moves.tree
    words = {tree.topLevelItem(i).text(0): tree.topLevelItem(i).text(1)
             for i in range(1, tree.topLevelItemCount())}
    green, red = (QColor(CLASS_COLOURS[k][0]).name() for k in ("best", "fails"))
    assert {m for m, word in words.items() if word == "kills"} == \
        {m for m, bg in colours.items() if bg == green} != set()
    assert {m for m, word in words.items() if word == "fails"} == \
        {m for m, bg in colours.items() if bg == red} != set()
    position_row = tree.topLevelItem(0)
    assert (position_row.text(1), position_row.background(1).color().name()) == \
        ("kills", green)


def test_copy_diagram_numbers_the_first_moves_line_as_forum_text(three):
    """Edit › Copy diagram in the proof of White's A1: the part in view as a Sensei's
    Library diagram from before A1 (White to play), A1 numbered 1 and Black's killing
    answer 2, with the edges in view drawn; in the editor, the position unnumbered."""
    w, b, panel = three, three.browser, three.solve_panel.first_moves
    a1 = coords.from_gtp("A1", 9)
    assert panel.select_move(a1)
    b.forward()
    answer = b.proof.root.prover_move
    text = w.copy_diagram()
    from PySide6.QtWidgets import QApplication
    assert QApplication.clipboard().text() == text
    lines = text.splitlines()
    assert lines[0] == "$$W White to play"
    view = w.board.visible_window()         # the bottom-left corner is in view, edges drawn
    assert (view.row1, view.col0) == (8, 0) and lines[-1].startswith("$$ +--")
    bottom = lines[-2].split()[2:]          # the first line's cells, after "$$" and "|"
    assert lines[-2].split()[1] == "|" and bottom[0] == "1"
    assert bottom[coords.from_loc(answer, 9)[1]] == "2"
    assert not any(c.isdigit() for line in lines[1:-2] for c in line)
    w.set_mode("edit")
    edited = w.copy_diagram().splitlines()
    assert edited[0] == "$$W White to play"
    assert not any(c.isdigit() for line in edited[1:] for c in line)


@pytest.mark.parametrize("name,ko,said", [
    # White to play: E1 makes the ko White must win (review s47)
    ("ko/direct-ko.sgf", "E1", "Ko at best: <b>E1</b>"),
    # Black to play: B1 kills only while White may not take the ko (QA s48: it read RIGHT)
    ("corner/l-four-corner-ko.sgf", "B1", "Ko at best: <b>B1</b>"),
])
def test_the_plain_proof_export_marks_the_move_a_ko_decides(make_window, qtbot, tmp_path,
                                                             name, ko, said):
    """Without a classification (one stopped, say) Export writes the solve's proof: the
    first move whose kill holds only while White may not take kos is marked KO there, as
    the CLI's export marks it, not RIGHT; the verdict says so as the CLI does (QA s48: the
    app said nothing of the ko reading)."""
    from sgfmill import sgf
    w = make_window("s.ini", show=True)
    assert w.open_path(BUNDLED / name, ask=False)
    solve_all(w, qtbot)
    assert w.outcome.verified and w.outcome.ko_move == coords.from_gtp(ko, 9)
    assert said in w.solve_panel.verdict_label.text()
    w.classification = None
    out = tmp_path / "proof.sgf"
    w.ask_export_file = lambda default, filters: str(out)
    assert w.export_proof()
    game = sgf.Sgf_game.from_bytes(out.read_bytes())
    point = coords.to_sgfmill(coords.from_gtp(ko, 9), 9)
    node = next(n for n in game.get_root() if n.get_move()[1] == point)
    assert node.get("C").startswith("KO: ") and not node.has_property("TE")


def test_the_solve_panels_choices_are_kept_when_the_window_closes_unsolved(make_window):
    """QA s48: a budget changed in the Solve panel was saved only by a solve."""
    from tsumego_gui.qt.settings import load_preferences
    w = make_window("kept.ini")
    w.solve_panel.seconds_spin.setValue(12.5)
    w.solve_panel.nodes_spin.setValue(5_000_000)
    w.close()
    prefs = load_preferences(w.settings)
    assert (prefs.max_seconds, prefs.max_nodes) == (12.5, 5_000_000)


def test_each_class_colour_is_one_icon_however_often_the_list_is_painted(three):
    """A new icon per row and snapshot filled Qt's pixmap cache (QA s47); the rows of one
    class share one."""
    rows = three.solve_panel.first_moves.tree
    keys = {}
    for i in range(rows.topLevelItemCount()):
        item = rows.topLevelItem(i)
        keys.setdefault(item.data(1, ROLE), set()).add(item.icon(0).cacheKey())
    assert keys and all(len(k) == 1 for k in keys.values())
    assert swatch("#123456") is swatch("#123456")


def test_copy_main_line_goes_on_from_the_node_shown_and_says_the_ko_rule(make_window,
                                                                          qtbot):
    """Edit › Copy main line: the line of the direct ko's E1 (White makes the ko; in this
    proof Black may not take it) from before E1 on to its end, as `tsumego solve --diagram`
    prints it; with no proof browsed it copies nothing and says why."""
    w = make_window("s.ini", show=True)
    assert w.open_path(BUNDLED / "ko" / "direct-ko.sgf", ask=False)
    solve_all(w, qtbot)
    assert w.solve_panel.first_moves.select_move(coords.from_gtp("E1", 9))
    lines = w.copy_main_line().splitlines()
    assert lines[0] == "$$W White to play"
    assert "$$ | . X O X 1 . O X . |" in lines                   # E1 numbered 1
    # Black has nothing White must answer: the line ends at E1 (s57; it had gone on with
    # Black's pass)
    assert lines[-2:] == ["$$ +-------------------+",
                          "After 1: Black may not take the ko at F1 (this line's ko rule)"]
    w.set_mode("edit")
    assert w.copy_main_line() == ""
    assert "needs a proof" in w.statusBar().currentMessage()


def test_the_solves_own_ko_line_copies_from_the_move_that_makes_the_ko(make_window, qtbot):
    """QA s48: at the root of the direct ko's solve (White to play dies only while it may
    not take a ko), the copied main line started with the longest failure, F1; it starts
    with E1, which makes the ko, as `tsumego solve --diagram` does."""
    w = make_window("s.ini", show=True)
    assert w.open_path(BUNDLED / "ko" / "direct-ko.sgf", ask=False)
    solve_all(w, qtbot)
    assert w.solve_panel.first_moves.select_move(None)        # the position: the solve's
    assert w.browser.proof is w.outcome.result.proof
    lines = w.copy_main_line().splitlines()
    assert "$$ | . X O X 1 2 O X . |" in lines                   # White E1, Black F1 takes
    assert "After 2: White may not retake the ko at E1 (this line's ko rule)" in lines


def test_a_ko_moves_main_line_goes_into_the_ko(make_window, qtbot):
    """QA s54: the L-four in the corner, Black's B1 classed ko: the main line of its kill
    (the class's other proof, where White may not take the ko) had White answer at A2 and
    die, no ko in sight, as the CLI's diagram did; it follows the ko's other side where
    its proof allows: White's A1, Black takes the ko at A2, White may not retake.  The End
    key walks the same line."""
    w = make_window("s.ini", show=True)
    assert w.open_path(BUNDLED / "corner" / "l-four-corner-ko.sgf", ask=False)
    solve_all(w, qtbot)
    b1 = coords.from_gtp("B1", 9)
    fm = next(m for m in w.classification.moves if m.move == b1)
    kill = next(p for p in fm.proofs if not p.root.won)
    w.browse_first_move_proof(fm, kill)
    lines = w.copy_main_line().splitlines()
    assert "$$ | 3 O O O X . . . . |" in lines and "$$ | 2 1 . O X . . . . |" in lines
    assert "After 3: White may not retake the ko at A1 (this line's ko rule)" in lines
    w.browser.end()
    walked = w.browser._walked(w.browser.path)[1]
    assert walked[:3] == [coords.from_gtp(p, 9) for p in ("B1", "A1", "A2")]
    # so does the ko fight's line where White has no threat (QA s54 D2: White's A2 again)
    fight = w.classification.ko_fight(fm)[0]
    assert not fight.root.won and all(fight.problem.ko_allowed)
    w.browse_first_move_proof(fm, fight)
    assert "$$ | 2 1 . O X . . . . |" in w.copy_main_line().splitlines()
    w.browser.end()
    walked = w.browser._walked(w.browser.path)[1]
    assert walked[:3] == [coords.from_gtp(p, 9) for p in ("B1", "A1", "A2")]


@pytest.mark.parametrize("name,side,move", [("ko/approach-ko.sgf", BLACK, "B1"),
                                            ("ko/direct-ko.sgf", BLACK, "F1")])
def test_a_ko_moves_line_copies_past_its_ko_captures(make_window, qtbot, name, side, move):
    """QA s48: the line of a first move classed ko is played by its proof's ko rule (the
    side that chose the ko may take it); under the problem's own rule the copy met a
    forbidden capture and stopped on an internal error, at the root and at every node
    below the capture."""
    w = make_window("s.ini", show=True)
    assert w.open_path(BUNDLED / name, ask=False)
    combo = w.problem_panel.to_play_combo
    combo.setCurrentIndex(0 if side == BLACK else 1)
    combo.activated.emit(combo.currentIndex())
    solve_all(w, qtbot)
    assert w.solve_panel.first_moves.select_move(coords.from_gtp(move, 9))
    b = w.browser
    for _ in range(4):
        assert w.copy_main_line().startswith("$$")
        assert w.copy_diagram().startswith("$$")
        b.forward()


def test_an_export_with_open_first_moves_says_how_many(three, tmp_path):
    """QA s50 round 5: a classification stopped early was exported as "Proof of every first
    move saved", its undecided moves unsaid (the file marks them OPEN)."""
    w = three
    c = w.classification
    w.classification = replace(c, moves=[replace(c.moves[0], cls=OPEN, proofs=[]),
                                         *c.moves[1:]])
    out = tmp_path / "stopped.sgf"
    w.ask_export_file = lambda default, filters: str(out)
    assert w.export_proof()
    assert w.statusBar().currentMessage().endswith(
        f"(1 of {len(c.moves)} first moves not decided)")


GOP_12689 = Path(__file__).resolve().parents[2] / "shared" / "problems" / "enclosed-dev" / \
    "gop" / "12689.sgf"


@pytest.mark.skipif(not GOP_12689.exists(), reason="needs ../shared/problems/enclosed-dev")
def test_a_proof_that_wins_by_a_worse_ko_says_so(make_window, qtbot, tmp_path):
    """QA s55 collection D3 (enclosed-dev gop/12689, White to play, White the attacker):
    the solve's proof wins with B2, an approach ko (White 2 threats), under "Ko at best:
    B1", a direct ko (1 threat): the board's proof and the verdict named two answers."""
    w = make_window("s.ini")
    path = tmp_path / "12689.sgf"
    path.write_bytes(GOP_12689.read_bytes())              # PL[W]
    assert w.open_path(path, ask=False)
    c = solve_all(w, qtbot)
    assert c.status == "ko" and c.best_moves() == [coords.from_gtp("B1", 9)]
    verdict = w.solve_panel.verdict_label.text()
    assert "Ko at best: <b>B1</b>" in verdict
    assert "<b>B2</b> <small>(a worse ko than B1, whose proof the first-move list shows)" \
        in verdict
