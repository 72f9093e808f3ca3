"""An open book problem in the app: the frame's stones drawn apart, the assumptions shown,
and "Remove frame" back to the open position (offscreen Qt)."""

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QImage, QPainter  # noqa: E402

from tsumego_gui.core import coords  # noqa: E402
from tsumego_gui.core.colors import BLACK, EMPTY  # noqa: E402
from tsumego_gui.core.open_problem import read_open_position  # noqa: E402
from tsumego_gui.core.problem_files import read_file  # noqa: E402
from tsumego_gui.qt import board_widget  # noqa: E402
from tsumego_gui.qt.board_painter import THEMES, BoardView, Geometry, Overlay, paint_board  # noqa: E402,E501
from tsumego_gui.qt.editor import Draft  # noqa: E402
from tsumego_gui.qt.main_window import BUNDLED_PROBLEM  # noqa: E402

# A book problem as players have it (our own): five black stones on the second line of the
# top-left corner, "Black to live" in the title, a correct line and a failure line; no target,
# no region.  (Framed by the app, the solver proves B19 and E19 live and C19 dies.)
BOOK = (b"(;SZ[19]GN[Black to live]AB[ab][bb][cb][db][eb]AW[fb][ac][bc][cc][dc][ec][fc]"
        b"(;B[ba]C[RIGHT])(;B[ca]C[WRONG]))")


@pytest.fixture
def book(tmp_path):
    path = tmp_path / "book.sgf"
    path.write_bytes(BOOK)
    return path


@pytest.fixture
def window(make_window):
    return make_window()


def test_a_book_problem_opens_framed_with_its_assumptions_shown(window, book, monkeypatch):
    (posed,) = read_file(book)
    assert posed.frame          # the reader framed it: the test is about showing that
    assert window.open_path(book, ask=False)
    shown = window.problem_panel.assumptions_text()
    assert "black must live: from the text" in shown
    assert "framed at distance 1" in shown
    assert shown.splitlines() == list(posed.assumed)
    assert window.problem_panel.remove_frame_button.isEnabled()
    status = window.statusBar().currentMessage()
    assert "Black to play, Black must live" in status and f"{len(posed.frame)} stones" in status
    # the frame's stones are on the board, and the painter is told which they are
    draft = window.editor.draft
    assert posed.frame <= draft.black | draft.white
    assert window.board.frame == posed.frame
    painted = []
    monkeypatch.setattr(board_widget, "paint_board",
                        lambda *args, frame=frozenset(), **kw: painted.append(frame))
    window.board.resize(300, 300)
    window.board.grab()
    assert painted == [posed.frame]


def test_copy_diagram_leaves_the_frame_out(window, book):
    """A forum reader wants the book's position, not the walls round it (QA s48)."""
    (posed,) = read_file(book)
    assert window.open_path(book, ask=False)
    text = window.copy_diagram()
    assert text.splitlines()[-1] == "The stones of the frame that closes the open problem in " \
        "are not drawn."
    # the book's five black and seven white stones, and no more
    stones = "".join(line for line in text.splitlines() if line.startswith("$$ |"))
    assert (stones.count("X"), stones.count("O")) == (5, 7)
    assert len(posed.frame) > 0


def test_remove_frame_gives_back_the_open_position(qtbot, window, book):
    (posed,) = read_file(book)
    open_position = read_open_position(BOOK)
    assert window.open_path(book, ask=False)
    qtbot.mouseClick(window.problem_panel.remove_frame_button, Qt.MouseButton.LeftButton)
    draft = window.editor.draft
    assert (draft.black, draft.white) == (open_position.black, open_position.white)
    assert not (draft.black | draft.white) & posed.frame
    assert draft.frame == frozenset() and window.board.frame == frozenset()
    # the posed marks went with the frame: the user marks the target and region by hand
    assert draft.region == frozenset() and draft.crucial == frozenset()
    assert draft.to_play == posed.problem.to_play and draft.defender == BLACK
    assert "Frame removed" in window.statusBar().currentMessage()
    assert not window.problem_panel.remove_frame_button.isEnabled()
    assert not window.remove_frame_action.isEnabled()
    assert window.editor.is_modified()
    # one edit: Undo brings the frame back, drawn apart again
    window.editor.undo_stack.undo()
    assert window.editor.draft.frame == posed.frame == window.board.frame
    assert window.problem_panel.remove_frame_button.isEnabled()


def test_a_book_problem_picked_from_a_list_comes_framed_too(window, book):
    (posed,) = read_file(book)
    assert window.open_list(book.parent, ask=False)
    assert window.board.frame == posed.frame
    assert "framed at distance 1" in window.problem_panel.assumptions_text()


def test_a_marked_problem_has_no_frame_and_no_assumptions(window, book):
    assert window.open_path(book, ask=False)
    assert window.open_path(BUNDLED_PROBLEM, ask=False)
    assert window.board.frame == frozenset() and window.editor.draft.frame == frozenset()
    assert window.problem_panel.assumptions_text() == ""
    assert not window.remove_frame_action.isEnabled()
    assert not window.remove_frame()          # nothing to remove: the position stays
    assert not window.editor.is_modified()


def test_a_frame_stone_erased_or_recoloured_by_hand_is_no_longer_the_frames():
    a1, b1 = coords.from_gtp("A1", 5), coords.from_gtp("B1", 5)
    d = Draft(5, black=frozenset({a1, b1}), frame=frozenset({a1, b1}))
    assert d.with_stone(a1, EMPTY).frame == {b1}
    assert d.with_stone(b1, 2).frame == {a1}
    assert d.with_stone(b1, BLACK).frame == {a1, b1}


def render(frame, points=("B3", "D3")):
    """A 5x5 board with black stones on ``points``, painted with ``frame``."""
    img = QImage(250, 250, QImage.Format.Format_ARGB32)
    img.fill(0)
    p = QPainter(img)
    stones = frozenset(coords.from_gtp(x, 5) for x in points)
    paint_board(p, 250, 250, BoardView(5, black=stones), Overlay(), THEMES["light"],
                show_coordinates=False, frame=frame)
    p.end()
    return img, Geometry(5, 250, 250, False)


def test_the_painter_draws_frame_stones_smaller_still_in_their_colour(qapp):
    b3, d3 = coords.from_gtp("B3", 5), coords.from_gtp("D3", 5)
    img, g = render(frozenset({d3}))
    plain, _ = render(frozenset())
    bare, _ = render(frozenset(), ("B3",))

    def at(image, loc, d):
        c = g.center(loc)          # d along the diagonal: off the grid lines
        return image.pixelColor(int(c.x() + d), int(c.y() + d))

    # the problem's own stone: unchanged; the frame's: dark at its centre (a black stone)
    # but leaves the board showing near the rim a full stone covers (towards the top left:
    # a stone's shadow falls to the bottom right)
    rim = -g.cell * 0.43 / 2 ** 0.5
    assert at(img, b3, 0) == at(plain, b3, 0) and at(img, b3, rim) == at(plain, b3, rim)
    assert at(img, d3, 0).lightness() < 110
    assert at(plain, d3, rim).lightness() < 110
    assert at(img, d3, rim) == at(bare, d3, rim)


def test_a_framed_problem_saved_and_opened_again_keeps_its_frame_apart(window, book, tmp_path):
    (posed,) = read_file(book)
    assert window.open_path(book, ask=False)
    saved = tmp_path / "framed.sgf"
    assert window.save_to(saved)
    assert window.open_path(BUNDLED_PROBLEM, ask=False) and window.board.frame == frozenset()
    assert window.open_path(saved, ask=False)
    assert window.board.frame == posed.frame == window.editor.draft.frame
    assert window.problem_panel.remove_frame_button.isEnabled()
    # Remove frame still gives back the open position (the saved marks go with it)
    window.remove_frame_action.trigger()
    assert not (window.editor.draft.black | window.editor.draft.white) & posed.frame


# Black's corner group with room to live inside a white wall, and a white stone further out
# that widens the box of all stones (13x13, tests/test_frame_ladder.py's): the closer frame
# walls in Black's stones alone.
LIVES_CLOSE = (b"(;SZ[13]GN[Black to live]AB[ea][eb][ac][bc][cc][dc][ec]"
               b"AW[fa][fb][fc][ad][bd][cd][dd][ed][fd][cf])")


# Cho Chikun's "Black to live" (the research set's problem 13, its stones only): too large
# for df-pn in a second, posed and framed with a list of assumptions in the Problem dock
BLACK_TO_LIVE = b"(;SZ[19]GN[Black to live]AB[cc][dc]AW[ec][ed][gc][de][cd](;B[bb]C[RIGHT]))"


def test_an_unproven_solve_of_a_posed_problem_shows_its_verdict(make_window, qtbot, tmp_path):
    """QA s45: at the default size the Problem dock, with a posed problem's assumptions,
    left the Solve dock some 80 px after a solve that proved nothing, the verdict out of
    view (a proof gives the Solve dock the column; no proof kept the editing split)."""
    from tsumego_gui.qt.main_window import MainWindow
    from tsumego_gui.qt.settings import open_settings
    path = tmp_path / "live.sgf"
    path.write_bytes(BLACK_TO_LIVE)
    w = MainWindow(open_settings(str(tmp_path / "s.ini")), open_last=False)
    w.confirm_discard = lambda: True
    qtbot.addWidget(w)
    w.show()                                    # the default size
    qtbot.waitExposed(w)
    assert w.open_path(path, ask=False) and w.problem_panel.assumptions_text()
    w.solve_panel.seconds_spin.setValue(0.5)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    assert w.outcome.result.proof is None and w.mode == "edit"
    qtbot.wait(50)
    label = w.solve_panel.verdict_label
    assert "Not proven" in label.text()
    assert label.visibleRegion().boundingRect().height() >= 2 * label.fontMetrics().height()
    # an edit: the Problem dock takes its whole panel again
    shrunk = w.problem_dock.height()
    w.editor.set_fields("edited", black=w.editor.draft.black | {coords.from_gtp("S2", 19)})
    qtbot.wait(50)
    assert w.problem_dock.height() > shrunk
    w.close()


def test_a_search_that_goes_on_in_the_own_frame_says_so(tmp_path):
    """QA s45: when the closer frame did not settle a problem, the progress counters began
    again from nothing, which read as going backwards: the stage says why.  Black's four
    stones under a wall die in either frame (tests/test_frame_ladder.py's DIES)."""
    from tests.test_frame_ladder import DIES
    from tsumego_gui.qt.solver_worker import SolveRequest, run_request
    path = tmp_path / "dies.sgf"
    path.write_text(DIES)
    (posed,) = read_file(path)
    stages = []
    outcome = run_request(SolveRequest(posed.problem, closer=posed.closer, max_seconds=20),
                          lambda: False, lambda p: None, stages.append)
    assert outcome.result.verdict == "dies" and "then searched in the problem's own " \
        "frame" in outcome.note
    assert "The closer frame did not settle it: searching in the problem's own frame…" \
        in stages


def test_the_app_solves_a_posed_problem_in_its_closer_frame_first(window, tmp_path, qtbot):
    """As ``tsumego solve`` does (QA s44: the app solved book problems in their own frame
    only, and proved less than the CLI within the same budget); the verdict says which
    frame answered, the proof shown is the closer frame's, and the first moves stay in the
    problem's own frame.  Edited, the position is no longer the posed one: no closer frame."""
    path = tmp_path / "close.sgf"
    path.write_bytes(LIVES_CLOSE)
    (posed,) = read_file(path)
    assert posed.closer is not None
    assert window.open_path(path, ask=False)
    window.solve_panel.seconds_spin.setValue(2)     # the own frame's classes: open, quickly
    with qtbot.waitSignal(window.solver.classified, timeout=60_000):
        window.solve()
    outcome = window.outcome
    assert outcome.verified and outcome.result.verdict == "lives"
    assert "proven in the closer frame" in outcome.note
    assert "Frame: proven in the closer frame" in window.solve_panel.verdict_label.text()
    assert outcome.result.proof.problem.frame == posed.closer.frame
    assert window.browser.heading.startswith("The proof in the closer frame")
    assert window.board.frame == posed.closer.frame     # its wall drawn as a frame's
    assert window.classification.problem.frame == posed.frame
    # practice plays the problem's own frame: its wall is the one drawn apart (QA s46: the
    # closer wall's points, empty there, were drawn as frame under the app's stones)
    window.set_practice(True)
    assert window.browser.try_it.rules.frame == posed.frame
    assert window.board.frame == posed.frame
    window.set_practice(False)
    # the proof's export says which frame proved it, as the CLI's does (QA s48)
    from sgfmill import sgf
    window.classification = None        # the plain proof is exported
    out = tmp_path / "proof.sgf"
    window.ask_export_file = lambda default, filters: str(out)
    assert window.export_proof()
    root = sgf.Sgf_game.from_bytes(out.read_bytes()).get_root()
    assert "Frame: proven in the closer frame" in root.get("C")
    window.editor.set_fields("edited", black=window.editor.draft.black
                             | {coords.from_gtp("M1", 13)})
    with qtbot.waitSignal(window.solver.classified, timeout=60_000):
        window.solve()
    assert window.outcome.note == ""


def test_the_books_answer_stands_beside_the_verdict(window, tmp_path, qtbot):
    """QA s51 D4: the book's own answer was shown nowhere in the app.  The book above with
    E19, which lives as well, as its answer: the proof lives by B19, and the book's move is
    said under the verdict."""
    path = tmp_path / "book-e19.sgf"
    path.write_bytes(BOOK.replace(b"(;B[ba]C[RIGHT])", b"(;B[ea]C[RIGHT])"))
    assert window.open_path(path, ask=False)
    with qtbot.waitSignal(window.solver.finished, timeout=60_000):
        window.solve()
    text = window.solve_panel.verdict_label.text()
    window.solver.stop()        # the first moves' classification: not this test's
    proof = window.outcome.result.proof
    assert coords.from_gtp("E19", 19) not in proof.winning_moves
    assert "Book: E19 (the proof's winning move is another" in text


def test_picking_the_other_defender_poses_the_problem_again(window, book):
    """QA s56 book19 D4: setting the Defender box to White on a posed book problem kept the
    frame built around Black and the crucial marks on Black's stones ("not a valid problem
    yet"); it poses the problem again for White, as ``--defender W`` does, one undo away."""
    assert window.open_path(book, ask=False)
    before = window.editor.draft
    open_black = before.black - before.frame
    window.problem_panel.defender_picked.emit(2)
    d = window.editor.draft
    assert d.defender == 2 and d.crucial and d.crucial <= d.white - d.frame
    assert d.frame & d.black != before.frame & before.black      # a frame built for White
    assert d.black - d.frame == open_black
    assert "white must live" in window.problem_panel.assumptions_text()
    assert d.to_problem().defender == 2
    closer = window._closer
    window.undo_action.trigger()
    assert window.editor.draft == before
    # the posing for Black back in words and with its closer frame (review s56: the panel
    # kept White's, and the solve no longer tried Black's closer frame)
    assert "black must live" in window.problem_panel.assumptions_text()
    assert window._closer is not None and window._closer != closer
    window.redo_action.trigger()
    assert "white must live" in window.problem_panel.assumptions_text()
    assert window._closer == closer
    window.undo_action.trigger()
    # during a game the box is refused and says the problem's defender (review s56: the
    # defender changed anyway, the frame built for the other side)
    window.practice_action.trigger()
    assert window.browser.try_it is not None
    window.problem_panel.defender_picked.emit(2)
    assert window.editor.draft == before
    assert window.problem_panel.defender_combo.currentData() == 1


def test_the_frame_distance_box_frames_the_problem_again(window, book):
    """QA s56 book19 D5: a frame could only be removed; its distance was the command
    line's alone.  The box frames the same posing anew, one undo away."""
    assert window.open_path(book, ask=False)
    before = window.editor.draft
    box = window.problem_panel.frame_distance
    assert box.value() == 1 and "framed at distance 1" in \
        window.problem_panel.assumptions_text()
    box.setValue(2)                     # as the user's arrow key does
    d = window.editor.draft
    assert "framed at distance 2" in window.problem_panel.assumptions_text()
    assert len(d.region) > len(before.region) and d.defender == before.defender
    assert d.black - d.frame == before.black - before.frame
    window.undo_action.trigger()
    assert window.editor.draft == before
    # the posed box says the posing on the board, undone or redone
    assert box.value() == 1 and "framed at distance 1" in \
        window.problem_panel.assumptions_text()
    window.redo_action.trigger()
    assert box.value() == 2 and "framed at distance 2" in \
        window.problem_panel.assumptions_text()
    # another problem opened: its frame is the reader's, the box says so
    assert window.open_path(book, ask=False) and box.value() == 1
