"""The proof browser: keys along the proof, board in sync, zone and null-move marks, the lazy
model on a 100,000-node tree and on shared (DAG) nodes, "try it", SGF export."""

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QModelIndex, QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QWheelEvent  # noqa: E402
from PySide6.QtWidgets import QApplication, QTreeView  # noqa: E402

from tests.test_proof_io import FAR, FOUR_AND_FAR  # noqa: E402
from tsumego_gui.core import coords  # noqa: E402
from tsumego_gui.core.sgf_io import read_sgf  # noqa: E402
from tsumego_gui.qt.board_widget import LEFT  # noqa: E402
from tsumego_gui.qt.main_window import BUNDLED_PROBLEM as STRAIGHT_THREE  # noqa: E402
from tsumego_gui.qt.main_window import PROBLEMS_DIR  # noqa: E402
from tsumego_gui.qt.proof_model import ProofTreeModel  # noqa: E402
from tsumego_gui.qt.proof_view import TryIt, explain, node_and_moves, overlay_at  # noqa: E402
from tsumego_gui.search.choice import solve  # noqa: E402
from tsumego_gui.search.proof import Proof, ProofNode  # noqa: E402
from tsumego_gui.search.verify import verify  # noqa: E402

BUNDLED = STRAIGHT_THREE.parent


@pytest.fixture
def solved(make_window, qtbot, tmp_path):
    w = make_window("s.ini")
    w.resize(1200, 800)
    w.show()
    path = tmp_path / "four.sgf"
    path.write_bytes(FOUR_AND_FAR)
    assert w.open_path(path, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):    # the request's end
        w.solve()
    assert w.outcome.verified, w.outcome.verifier_errors
    return w


def test_keys_walk_the_proof_and_the_board_follows(qtbot, solved):
    w, b = solved, solved.browser
    proof = b.proof
    root = proof.root
    assert root.kind == "and" and len(root.children) >= 2
    # forward walks the main line, the diagram's (QA s51: the first child, often a pass)
    main = proof.main_line()
    first = (next(i for i, (m, _) in enumerate(root.children) if m == main[0]),)
    w.board.setFocus()
    qtbot.keyClick(w.board, Qt.Key.Key_Right)
    assert b.path == first
    b.go_to((0,))
    qtbot.keyClick(w.board, Qt.Key.Key_Down)
    assert b.path == (1,)
    move = root.children[1][0]
    assert w.board.view.color_at(move) == proof.problem.attacker      # the move is on the board
    assert w.board.overlay.last_move == move
    qtbot.keyClick(w.board, Qt.Key.Key_Up)
    assert b.path == (0,)
    b.home()
    qtbot.keyClick(w.board, Qt.Key.Key_End)
    node, moves = node_and_moves(proof, b.path)
    assert not node.children and node.kind == "goal"
    assert moves[:len(main)] == main
    assert w.board.overlay.uca and w.board.overlay.vital               # leaf: UCA + vital
    end = b.path
    qtbot.keyClick(w.board, Qt.Key.Key_Left)
    assert b.path == end[:-1]
    qtbot.keyClick(w.board, Qt.Key.Key_Home)
    assert b.path == ()
    # the mouse wheel: one notch down goes forward, one notch up goes back
    for notch, expected in ((-120, first), (120, ())):
        event = QWheelEvent(QPointF(50, 50), QPointF(50, 50), QPoint(0, 0), QPoint(0, notch),
                            Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                            Qt.ScrollPhase.NoScrollPhase, False)
        QApplication.sendEvent(w.board, event)
        assert b.path == expected
    # the tree view follows, and clicking/keys on the tree drive the same navigation
    assert b.model.path_of(b.tree.currentIndex()) == ()
    qtbot.keyClick(b.tree, Qt.Key.Key_Right)
    assert b.path == first and b.model.path_of(b.tree.currentIndex()) == first


def test_forward_steps_into_the_attack_before_the_attackers_pass(qtbot):
    """QA s51 D1: → and End took the first child, in many proofs the attacker's pass, and
    a "Black cannot be killed" problem's line read "White passes" three times.  Our
    straight four, Black to play: the proof lists Black's pass first."""
    from engine_cy.board import BLACK, PASS
    from tsumego_gui.qt.proof_browser import ProofBrowser
    from tsumego_gui.search.choice import VERIFIED, solve_and_verify
    problem = read_sgf((BUNDLED / "classic" / "straight-four.sgf").read_bytes())[0]
    outcome = solve_and_verify(problem, "dfs", to_play=BLACK)
    assert outcome.verification == VERIFIED
    proof = outcome.result.proof
    root = proof.root
    assert root.children[0][0] == PASS and root.prover_move is None
    b = ProofBrowser()
    qtbot.addWidget(b)
    b.set_proof(proof)
    b.forward()
    assert b.path[0] != 0 and root.children[b.path[0]][0] == proof.main_line()[0] != PASS
    b.home()
    b.end()
    moves = node_and_moves(proof, b.path)[1]
    assert moves[0] != PASS and not b.model.node_at(b.path).children


def test_root_marks_and_explanation_show_the_null_moves(solved):
    w, b = solved, solved.browser
    b.home()
    root = b.proof.root
    cut = {m for m, _ in root.pruned}
    assert cut and cut <= FAR                     # the far points, nothing in the corner
    assert w.board.overlay.pruned == cut
    assert w.board.overlay.must_answer == {m for m in root.must_answer if m != 0}
    assert w.board.overlay.zone == root.zone
    text = b.explanation.toPlainText()
    assert "Null moves" in text and "answered as after" in text
    assert all(coords.to_gtp(m, 9) in text for m in cut)


def test_the_root_names_the_proofs_winning_move_as_its_own():
    # a solve proves one winning move (QA s45: the bent four's root said "Winning first
    # moves for White: E1" where D1 lives too)
    result, _, _ = solve(read_sgf(STRAIGHT_THREE)[0], "dfs")        # White lives at B1
    assert "Winning first move of this proof for White: B1 (the first moves list classes " \
        "the others)." in explain(result.proof, ())


def test_the_navigation_buttons_walk_the_proof_as_the_keys_do(solved):
    # QA s45: a mouse-only player had the tree and the wheel only
    b = solved.browser
    first, back, forward, last = b.nav_buttons
    b.home()
    assert not first.isEnabled() and not back.isEnabled() and forward.isEnabled()
    forward.click()
    assert len(b.path) == 1
    assert b.proof.root.children[b.path[0]][0] == b.proof.main_line()[0]
    last.click()
    end = b.path
    assert len(end) > 1 and not b.model.node_at(end).children
    assert not forward.isEnabled() and not last.isEnabled() and back.isEnabled()
    back.click()
    assert b.path == end[:-1]
    first.click()
    assert b.path == ()
    solved.practice_action.trigger()                 # a game is played, not walked
    assert not any(button.isEnabled() for button in b.nav_buttons)


def test_a_note_on_the_proofs_moves_goes_with_the_proof(solved):
    # QA s45: after Ctrl+E the status bar still said "The proof plays C2 here; ..."
    w = solved
    w.browser.home()
    off = next(p for p in coords.all_locs(9) if p not in dict(w.browser.proof.root.children)
               and p not in dict(w.browser.proof.root.pruned))
    w._board_pressed(off, LEFT)                        # a click off the proof's lines
    assert w.statusBar().currentMessage().endswith("(Ctrl+E edits the position.)")
    w.set_mode("edit")
    assert w.statusBar().currentMessage() == ""


def test_the_legend_names_the_frames_stones():
    # QA s45: a posed problem's frame is drawn in small see-through stones, unexplained
    from tsumego_gui.qt.proof_browser import LEGEND_TIP, legend_html
    assert "faded stones: the frame of a book problem" in legend_html("light")
    assert "Small faded stones: the frame added around a book problem" in LEGEND_TIP


def test_a_kill_all_proofs_legend_has_no_crucial_stones(make_window, qtbot):
    """QA s57 kill-all D6: the legend listed crucial stones where the goal (live_any) has
    none; a problem with crucial stones lists them."""
    w = make_window("s.ini")
    assert w.open_path(BUNDLED / "killall7" / "killall-7x7.sgf", ask=False)
    assert "crucial" not in w.browser.legend.text()         # before the solve too (QA s59)
    w = _solved_window(make_window, qtbot, BUNDLED / "killall7" / "killall-7x7.sgf")
    assert w.browser.proof.problem.goal == "live_any"
    assert "crucial" not in w.browser.legend.text()
    assert "relevance zone" in w.browser.legend.text()
    w._toggle_theme(True)           # the legend in the other look keeps to the problem
    assert "crucial" not in w.browser.legend.text()
    w.browser.set_proof(solve(read_sgf(STRAIGHT_THREE)[0], "dfs")[0].proof)
    assert "crucial stones" in w.browser.legend.text()


def test_a_disproof_marks_the_defenders_moves_to_answer_and_the_killing_move():
    problem = read_sgf(STRAIGHT_THREE)[0]
    result, _, _ = solve(problem, "dfs", to_play=1, all_moves=True)     # Black kills at B1
    proof = result.proof
    assert result.verdict == "dies" and proof.root.kind == "and"
    b1 = coords.from_gtp("B1", 9)
    pos, overlay = overlay_at(proof, ())
    assert overlay.must_answer == frozenset() and overlay.labels == ((b1, "1"),)
    assert "Black plays B1 (marked on the board)" in explain(proof, ())
    pos, overlay = overlay_at(proof, (0,))          # after B1: White to play, and White dies
    node, _ = node_and_moves(proof, (0,))
    assert node.kind == "or" and not node.won and node.must_answer
    assert overlay.must_answer == {m for m, _ in node.children if m != 0}
    assert overlay.labels == ()
    assert "White loses here whatever it plays" in explain(proof, (0,))


def test_try_it_answers_a_null_move_as_its_covering_sibling(qtbot, solved):
    w, b = solved, solved.browser
    # without a classification (as while it still runs) "try it" plays the main proof
    b.set_classification(None)
    b.try_button.click()
    assert b.try_it is not None and b.try_it.user == 1            # the user plays Black
    root = b.proof.root
    far, cover = root.pruned[0]
    text = b.try_move(far)
    assert "outside the zone" in text and coords.to_gtp(cover, 9) in text
    assert w.board.view.color_at(far) == 1
    # keep playing the first legal proof move until the game ends: the proof always answers
    for _ in range(20):
        if b.try_it.finished:
            break
        b.try_move(b.try_it.node.children[0][0])
    assert b.try_it.finished and "lives" in b.try_it.log[-1]
    b.restart_try()
    assert not b.try_it.finished


def test_try_it_refuses_points_outside_the_region_and_moves_after_the_end(solved):
    t = TryIt(solved.browser.proof)
    assert "outside the problem's region" in t.play(coords.from_gtp("E5", 9))
    assert t.board.color_at(coords.from_gtp("E5", 9)) == 0 and not t.finished
    b1 = coords.from_gtp("B1", 9)
    t.play(b1)                                   # searched by the proof: answered, White lives
    assert t.board.color_at(b1) == 1 and t.finished
    assert "over" in t.play(coords.from_gtp("D1", 9))


def test_export_writes_an_sgf_with_the_problem_and_its_tree(solved, tmp_path):
    out = tmp_path / "proof.sgf"
    solved.ask_export_file = lambda default, filters: str(out)
    assert solved.export_proof()
    data = out.read_bytes()
    again = read_sgf(data)[0]
    assert again.black == solved.browser.proof.problem.black
    assert data.count(b";B[") >= len(solved.browser.proof.root.children)


def _wide_proof(problem, width, depth_leaves):
    locs = coords.all_locs(problem.size)
    children = []
    for i in range(width):
        leaves = [(locs[j % len(locs)], ProofNode("goal", True, frozenset()))
                  for j in range(depth_leaves)]
        children.append((locs[i % len(locs)], ProofNode("or", True, frozenset(), leaves[:1])))
        children[-1][1].children = leaves
    root = ProofNode("and", True, frozenset(), children)
    return Proof(problem, problem.attacker, root, [])


def test_the_model_is_lazy_on_a_100k_node_proof(qtbot):
    problem = read_sgf(FOUR_AND_FAR)[0]
    proof = _wide_proof(problem, 1000, 100)
    assert sum(1 for _ in proof.root.iter_unique()) > 100_000
    model = ProofTreeModel(proof)
    view = QTreeView()
    qtbot.addWidget(view)
    view.setUniformRowHeights(True)
    view.setModel(model)
    view.resize(400, 300)
    view.show()
    root = model.index(0, 0, QModelIndex())
    view.expand(root)
    last = model.index(999, 0, root)
    view.expand(last)
    view.scrollTo(model.index(99, 0, last))
    qtbot.wait(20)
    assert model.rowCount(root) == 1000 and model.rowCount(last) == 100
    assert model.registered_paths() < 5_000      # only what was shown, not 100,000 nodes
    leaf = model.index(99, 0, last)
    assert model.path_of(leaf) == (999, 99)
    assert model.parent(leaf) == last and model.parent(last) == root


def test_shared_nodes_get_one_index_per_path():
    problem = read_sgf(FOUR_AND_FAR)[0]
    a, b = (coords.from_gtp(v, 9) for v in ("A1", "B1"))
    leaf = ProofNode("goal", True, frozenset())
    shared = ProofNode("or", True, frozenset(), [(b, leaf)])
    root = ProofNode("and", True, frozenset(), [(a, shared), (b, shared)])
    model = ProofTreeModel(Proof(problem, problem.attacker, root, []))
    top = model.index(0, 0)
    first, second = model.index(0, 0, top), model.index(1, 0, top)
    x, y = model.index(0, 0, first), model.index(0, 0, second)
    assert model.node_at(model.path_of(x)) is model.node_at(model.path_of(y)) is leaf
    assert model.path_of(x) == (0, 0) and model.path_of(y) == (1, 0)
    assert model.parent(x) == first and model.parent(y) == second
    assert model.data(first) == "B A1" and model.data(second) == "B B1"
    # the status column's whole text is its tooltip (QA s43: a narrow dock cut it)
    status = model.index(0, 1, top)
    assert model.data(status, Qt.ItemDataRole.ToolTipRole) == model.data(status) != ""


def test_the_proofs_shown_are_checked_by_the_verifier(solved):
    # the badge comes from search.verify; re-check here independently of the worker
    assert verify(solved.browser.proof).ok
    assert "verified" in solved.solve_panel.badge.text()


RABBITY_SIX = STRAIGHT_THREE.parent / "classic" / "rabbity-six.sgf"     # Black to kill


def _solved_window(make_window, qtbot, path):
    w = make_window("s.ini")
    assert w.open_path(path, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    w.browser.set_classification(None)     # the main proof's game, as while classifying
    return w


@pytest.mark.parametrize("path, side", [(RABBITY_SIX, 1), (STRAIGHT_THREE, 2)])
def test_try_it_plays_the_problem_as_posed_and_the_proof_answers(make_window, qtbot,
                                                                  path, side):
    """Rabbity six is Black to kill, straight three White to live: the user plays that side,
    from the start position, and the app answers for the other side from the proof."""
    w = _solved_window(make_window, qtbot, path)
    problem = w.editor.draft.to_problem()
    w.browser.try_button.click()
    t = w.browser.try_it
    name = "Black" if side == 1 else "White"
    assert t.user == side and f"you play {name}" in w.mode_label.text()
    assert w.board.view.black == problem.black and w.board.view.white == problem.white
    right = t.node.prover_move                          # the side to move wins here
    wrong = next(m for m in sorted(problem.region) if m != right and t.board.is_legal(m))
    said = w.browser.try_move(wrong)
    # off the proof: played, and answered by a solve on demand (practice mode)
    assert "does not cover" in said and "Thinking" in said
    assert w.board.view.color_at(wrong) == side
    qtbot.waitUntil(lambda: not t.thinking, timeout=30_000)
    assert t.finished or f"{'White' if side == 1 else 'Black'} answers" in t.log[-1]
    w.restart_practice()
    assert w.board.view.color_at(wrong) == 0
    said = w.browser.try_move(right)
    assert said.startswith(f"You play {coords.to_gtp(right, 9)}: the proof's move.")
    assert w.board.view.color_at(right) == side
    # the app answers for the other side, or the goal is settled at once (straight three)
    other = "White" if side == 1 else "Black"
    assert f"{other} answers" in said or (t.finished and "White lives" in said)


def test_space_during_try_it_keeps_the_game_and_the_end_is_said_once(make_window, qtbot):
    w = _solved_window(make_window, qtbot, STRAIGHT_THREE)
    w.browser.try_button.click()
    t = w.browser.try_it
    b1 = coords.from_gtp("B1", 9)
    t.play(b1)
    assert t.finished
    w.solve_action.trigger()                 # Space
    assert w.browser.try_it is t and not w.solver.running
    assert t.board.color_at(b1) == 2          # the move played is still there
    w.browser.try_move(coords.from_gtp("A1", 9))
    w.browser.try_move(coords.from_gtp("C1", 9))
    assert sum("game is over" in line for line in t.log) == 1


def test_the_verdict_names_one_depth_the_proofs_longest_line(make_window, qtbot):
    w = _solved_window(make_window, qtbot, STRAIGHT_THREE)
    panel = w.solve_panel
    assert "Proof: 2 nodes, longest line 1 move" in panel.verdict_label.text()
    assert "depth" not in panel.progress_label.text()


def test_a_click_on_a_move_of_the_proof_follows_that_variation(qtbot, solved):
    w, b = solved, solved.browser
    b.home()
    root = b.proof.root
    second = root.children[1][0]
    qtbot.mouseClick(w.board, Qt.MouseButton.LeftButton, pos=w.board.point_position(second))
    assert b.path == (1,) and w.board.view.color_at(second) == b.proof.problem.attacker
    b.home()
    far, cover = root.pruned[0]           # a null move: shown as the line that answers it
    qtbot.mouseClick(w.board, Qt.MouseButton.LeftButton, pos=w.board.point_position(far))
    moves = [m for m, _ in root.children]
    assert b.path == (moves.index(cover),)
    assert "null move" in w.statusBar().currentMessage()
    b.home()
    qtbot.mouseClick(w.board, Qt.MouseButton.LeftButton,
                     pos=w.board.point_position(coords.from_gtp("E5", 9)))
    assert b.path == () and "No line of the proof" in w.statusBar().currentMessage()


def test_the_move_column_shows_whole_moves_deep_in_the_proof(make_window, qtbot):
    w = _solved_window(make_window, qtbot, RABBITY_SIX)       # lines up to 31 moves deep
    w.resize(1240, 680)
    w.show()
    b = w.browser
    b.end()
    qtbot.wait(50)
    assert len(b.path) >= 8
    tree, model = b.tree, b.model
    for depth in (4, 8, len(b.path)):
        index = model.index_for_path(b.path[:depth])
        text = model.data(index)
        rect = tree.visualRect(index)            # the cell, after the indentation
        needed = tree.fontMetrics().horizontalAdvance(text)
        assert rect.width() >= needed, (depth, text, rect.width(), needed)


def test_the_zone_column_fits_beside_the_others(solved):
    """At the window's size the whole Zone column (its title included) is in view."""
    tree = solved.browser.tree
    header = tree.header()
    assert header.sectionSize(2) >= header.sectionSizeHint(2)
    assert header.sectionViewportPosition(2) + header.sectionSize(2) <= \
        tree.viewport().width()


def test_the_words_for_a_forced_pass_and_for_shared_vital_regions():
    """L-shaped four, Black B1 and White A1 in the line where Black may not take kos: Black
    can only pass (the words said "its moves none and passing"); then White C1 lives with two
    chains sharing their two vital regions, each region named once (they were listed twice,
    "4 vital region(s) (A2, A2, B1, B1)")."""
    from tsumego_gui.search.classify import classify
    problem = read_sgf(STRAIGHT_THREE.parent / "corner" / "l-four-corner-ko.sgf")[0]
    b1, a1 = coords.from_gtp("B1", 9), coords.from_gtp("A1", 9)
    fm = next(m for m in classify(problem).moves if m.move == b1)
    proof = next(p for p in fm.proofs if p.root.won)        # White may take kos there
    at_a1 = ([m for m, _ in proof.root.children].index(a1),)
    text = explain(proof, at_a1, first_move=b1)
    assert "Black loses here: its only move is to pass" in text and "none" not in text

    def goal(node, path):
        if node.kind == "goal" and node.uca:
            return path
        return next(filter(None, (goal(c, (*path, i))
                                  for i, (_, c) in enumerate(node.children))), None)
    text = explain(proof, goal(proof.root, ()), first_move=b1)
    assert "2 vital regions (A2; B1) that Black can never fill" in text


def test_a_node_says_where_the_ko_rule_decides():
    """Where the line's ko rule decides a move, the node's text says so, as the exported
    SGF does (``search.ko_notes``): the direct ko's comment, White E1 answered by Black F1,
    after which White needs a threat to take back at E1."""
    problem = read_sgf(BUNDLED / "ko" / "direct-ko.sgf")[0]      # White to play
    result, _, _ = solve(problem, "dfs")
    proof = result.proof
    assert verify(proof).passed
    e1, f1 = (coords.from_gtp(n, problem.size) for n in ("E1", "F1"))
    path = (next(i for i, (m, _) in enumerate(proof.root.children) if m == e1),)
    node = proof.root.children[path[0]][1]
    path += (next(i for i, (m, _) in enumerate(node.children) if m == f1),)
    assert "White may not retake the ko at E1 (this tree's ko rule)." in explain(proof, path)
    assert "ko rule" not in explain(proof, path[:1])


def test_a_shorter_proof_after_browsing_a_long_one_starts_at_its_root(make_window, qtbot):
    """QA s46: End in rabbity six's proof, then straight three's proof shown: the browser
    kept the deep path, which led nowhere in the short proof (IndexError, no proof shown)."""
    w = _solved_window(make_window, qtbot, RABBITY_SIX)
    w.board.setFocus()
    qtbot.keyClick(w.board, Qt.Key.Key_End)
    deep = w.browser.path
    short = _solved_window(make_window, qtbot, STRAIGHT_THREE).browser.proof
    assert len(deep) > short.depth()        # the deep path leads nowhere in the short proof
    w.browser.set_proof(short)
    assert w.browser.path == () and w.browser.node() is short.root
    assert [b.isEnabled() for b in w.browser.nav_buttons] == [False, False, True, True]


def test_the_status_column_names_whose_turn_it_is_by_colour(solved):
    """QA s46: "defender to move" / "attacker to move" where a player reads "White to play"."""
    model, proof = solved.browser.model, solved.browser.proof
    attacker = "Black" if proof.problem.attacker == 1 else "White"
    defender = "White" if attacker == "Black" else "Black"
    assert proof.root.kind == "and"           # the attacker moves first
    # a reply of the defender's that the proof goes on from (a node it must play at)
    below = next(i for i, (_, child) in enumerate(proof.root.children) if child.kind == "or")
    for path, turn in (((), attacker), ((below,), defender)):
        index = model.index_for_path(path)
        assert model.data(model.index(index.row(), 1, index.parent())).endswith(
            f"{turn} to play")


def test_browsing_proof_after_proof_leaves_no_selection_models_behind(solved, qtbot):
    """A view makes a selection model (and its header another) for each model it is given
    and deletes neither: the browser deletes them with the old model (QA s47: two more at
    every problem)."""
    from PySide6.QtCore import QEvent, QItemSelectionModel
    b = solved.browser
    proof = b.proof

    def selection_models() -> int:
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)    # deleteLater's
        return len(solved.findChildren(QItemSelectionModel))

    before = selection_models()
    for _ in range(5):
        b.set_proof(None)
        b.set_proof(proof)
    assert selection_models() == before
    assert b.tree.selectionModel() is not None and b.tree.selectionModel().model() is b.model


def test_the_books_answer_is_said_beside_the_verdict():
    """QA s51 D4: a book problem's own answer was shown nowhere, and an unproven guess was
    the only move on screen.  Straight three in the corner: the proof lives at B1."""
    from engine_cy.board import PASS
    from tsumego_gui.qt.solve_panel import book_note
    from tsumego_gui.search.choice import solve_and_verify
    problem = read_sgf(STRAIGHT_THREE.read_bytes())[0]
    proof = solve_and_verify(problem, "dfs").result.proof
    b1, a1 = (coords.from_gtp(v, problem.size) for v in ("B1", "A1"))
    assert list(proof.winning_moves) == [b1]
    assert book_note((), proof, problem.size) == book_note((PASS,), proof, problem.size) == ""
    assert book_note((b1,), proof, problem.size) == ""      # the winning line says it
    assert "the proof wins with B1 too; the first-move list classes the others" in \
        book_note((a1, b1), proof, problem.size)
    assert "the proof's winning move is another" in book_note((a1,), proof, problem.size)
    assert "Book: A1 (not proven here)" in book_note((a1,), None, problem.size)


@pytest.mark.parametrize("name", ["corner/pyramid-four-corner.sgf", "side/rabbity-six.sgf"])
def test_the_view_holds_still_along_the_main_line(make_window, qtbot, name):
    """QA s51 book D7: the crop followed each node's zone and stones, so the board jumped a
    row at a step (these two bundled problems did, before the crop kept what it showed
    while one proof is walked), and (QA s52) again when practice began; a new problem
    starts its own crop."""
    w = make_window("s.ini", show=True)
    w.resize(1240, 680)
    assert w.open_path(BUNDLED / name, ask=False)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    assert w.outcome.verified, w.outcome.verifier_errors
    windows = [w.board.visible_window()]
    while True:
        path = w.browser.path
        w.browser.forward()
        if w.browser.path == path:
            break
        windows.append(w.board.visible_window())
    assert len(windows) > 3 and set(windows) == {windows[0]}
    w.practice_action.trigger()         # QA s52: practice on the proof kept the view too
    assert w.board.visible_window() == windows[0]
    w.browser.try_move(w.classification.best_moves()[0])
    assert w.board.visible_window() == windows[0]
    shown = []
    for window in (w, make_window("fresh.ini", show=True)):
        window.resize(1240, 680)
        assert window.open_path(STRAIGHT_THREE, ask=False)
        with qtbot.waitSignal(window.solver.classified, timeout=60_000):
            window.solve()
        shown.append(window.board.visible_window())
    assert shown[0] == shown[1] and shown[0].size == 9


def _paths(node, path=(), depth=6):
    """Every child-index path from ``node`` down to ``depth`` plies, with its node."""
    yield path, node
    if depth:
        for i, (_, child) in enumerate(node.children):
            yield from _paths(child, (*path, i), depth - 1)


def test_the_zone_text_counts_the_points_outside_the_region():
    # a kill's zone reaches the wall around the straight three and, at the capture,
    # the wall's liberties outside the region: no move is played there
    problem = read_sgf(STRAIGHT_THREE)[0]
    proof = solve(problem, "dfs", to_play=1)[0].proof
    region = problem.region_or_all()
    outside = {len(node.zone - region): path for path, node in _paths(proof.root)
               if node.zone is not None}
    beyond = max(outside)
    assert beyond > 0
    assert f"points, {beyond} of them outside the region: stones of the chains in the fight" \
        in explain(proof, outside[beyond])
    # at the capture itself: the points where the captured stones stood (QA s56 research
    # D6: said as stones in the fight, the points empty)
    captured = next(path for path, node in _paths(proof.root, depth=12)
                    if node.kind == "captured")
    assert "of them outside the region: where the captured stones stood" in \
        explain(proof, captured)


def test_a_seki_leaf_says_its_zone_holds_the_region():
    problem = read_sgf(PROBLEMS_DIR / "classic" / "seki-shared-liberties.sgf")[0]
    proof = solve(problem, "dfs")[0].proof
    path = next(path for path, node in _paths(proof.root, depth=12) if node.kind == "survives")
    node, _ = node_and_moves(proof, path)
    assert node.zone >= problem.region
    assert "The zone is the crucial points and the whole region" in explain(proof, path)


def test_the_worker_draws_the_first_moves_lines_the_browser_draws(qtbot, monkeypatch):
    """Helper s58: Copy main line and End on a first move's proof waited up to 1.8 s in
    the GUI thread, asking the line's threats; the worker now draws those lines after it
    classifies (``proof_facts.read_first_move_lines``).  White's nine points in the corner,
    Black to play (every first move lives): the browser's line after the worker's read
    asks no question, and counts no line length, that it did not."""
    from engine_cy.board import BLACK
    from tsumego_gui.qt import proof_facts
    from tsumego_gui.qt.proof_browser import ProofBrowser
    from tsumego_gui.search.classify import classify
    from tsumego_gui.search.line_threats import ThreatReader, reader_for
    from tsumego_gui.search.proof import line_lengths
    problem = read_sgf((BUNDLED / "corner" / "nine-point-corner.sgf").read_bytes())[0]
    c = classify(problem, to_play=BLACK)
    proof_facts.read_first_move_lines(c, lambda: False)
    b = ProofBrowser()
    qtbot.addWidget(b)
    b.set_classification(c)
    searched = []
    monkeypatch.setattr(ThreatReader, "_kills_after",
                        lambda self, board, move: (searched.append(move), (None, True))[1])
    asked = 0
    for fm in c.moves:
        proof = c.line_proofs(fm)[0]
        asked += len(reader_for(proof).known)
        lengths = line_lengths(proof)
        counted = dict(lengths)
        b.set_proof(proof, first_move=fm.move)
        assert b.main_line() is not None
        assert not searched and lengths == counted, coords.to_gtp(fm.move, 19)
    assert asked      # the case is met: the lines ask


def test_the_worker_draws_the_lines_the_files_book_sends_the_browser_along(qtbot,
                                                                         monkeypatch):
    """The browser's lines follow the problem file's own moves where the proof holds them;
    the worker's read ahead follows the same book (it ignored it: the browser asked the
    book's line's questions in the GUI thread).  White's nine points in the corner, Black
    to play: a book that, on one first move's line, has Black try another move than the
    line's stubborn one."""
    from engine_cy.board import BLACK, PASS
    from tsumego_gui.core.book_lines import BookMove
    from tsumego_gui.qt import proof_facts
    from tsumego_gui.qt.proof_browser import ProofBrowser
    from tsumego_gui.search.classify import classify
    from tsumego_gui.search.line_threats import ThreatReader, reader_for
    problem = read_sgf((BUNDLED / "corner" / "nine-point-corner.sgf").read_bytes())[0]
    c = classify(problem, to_play=BLACK)
    b = ProofBrowser()
    qtbot.addWidget(b)
    b.set_classification(c)
    book, booked = {}, None
    for fm in c.moves:        # a book's other try, whose line asks other questions
        b.set_proof(c.line_proofs(fm)[0], first_move=fm.move)
        b.book_source = dict
        line = b.main_line()[1]         # the first move, White's answer, Black's try...
        if len(line) < 3:
            continue
        asked = len(reader_for(b.proof).known)
        node = dict(b.proof.root.children)[line[1]]
        for other in (m for m, _ in node.children if m not in (PASS, line[2])):
            book = {tuple(line[:2]): (BookMove(other, BLACK, "wrong"),)}
            b.book_source = lambda book=book: book
            b.main_line()
            if len(reader_for(b.proof).known) > asked:
                break
        else:
            continue
        booked = fm.move
        break
    assert book and booked      # the case is met
    c = classify(problem, to_play=BLACK)       # new proofs: nothing asked yet
    proof_facts.read_first_move_lines(c, lambda: False, book)
    b.set_classification(c)
    b.book_source = lambda: book
    searched = []
    monkeypatch.setattr(ThreatReader, "_kills_after",
                        lambda self, board, move: (searched.append(move), (None, True))[1])
    for fm in c.moves:
        b.set_proof(c.line_proofs(fm)[0], first_move=fm.move)
        line = b.main_line()[1]
        assert not searched, coords.to_gtp(fm.move, 19)
        if fm.move == booked:       # the book's line, its questions read ahead
            assert line[2] == book[tuple(line[:2])][0].move


def test_try_it_the_attacker_plays_a_threat_the_player_must_answer(monkeypatch):
    """QA s57: practice's app moves ranked the attacker's tries by their lines alone, as
    the main line did before the threat reader.  enclosed-dev gop/17379, White to play
    lives by F1: the app's Black answers with a try White must answer (a verified kill
    where White plays elsewhere), where the longest line's F3 is none."""
    from dataclasses import replace

    from engine_cy.board import WHITE
    from tests.golden import SHARED
    from tests.test_line_threats import lives_after_tenuki
    from tsumego_gui.qt import proof_view
    path = SHARED / "enclosed-dev" / "gop" / "17379.sgf"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    monkeypatch.setattr(proof_view, "GUI_LINE_SECONDS", 60.0)   # the clock ends none
    problem = replace(read_sgf(path.read_bytes())[0], to_play=WHITE, to_play_given=True)
    proof = solve(problem, "dfs", to_play=WHITE)[0].proof
    f1, f3 = coords.from_gtp("F1", problem.size), coords.from_gtp("F3", problem.size)
    after = problem.after(f1, WHITE)
    assert proof.main_line()[:2] == [f1, f3]        # the case is met: the longest line
    assert lives_after_tenuki(after, f3)
    game = TryIt(proof)
    game.play(f1)
    reply = game.moves[-1]
    assert reply != f3 and not lives_after_tenuki(after, reply)
