"""Collections: readable titles, a practice state per problem kept across runs (in a temporary
settings file, never the user's), random order with a seed; the menus: Help › Keyboard shortcuts
read from the actions, Help › About, File › Open recent."""

from html import escape

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QAction, QKeySequence  # noqa: E402

from engine_cy.board import WHITE  # noqa: E402
from tsumego_gui.core import coords  # noqa: E402
from tsumego_gui.qt.collection_state import FAILED, SOLVED, UNSOLVED, CollectionState  # noqa: E402
from tsumego_gui.qt.help_dialogs import (  # noqa: E402
    NAV_TEXT,
    AboutDialog,
    GuideDialog,
    ShortcutsDialog,
    shortcut_rows,
)
from tsumego_gui.qt.main_window import BUNDLED_PROBLEM  # noqa: E402
from tsumego_gui.qt.problem_list import STATE_ROLE, TITLE_ROLE  # noqa: E402
from tsumego_gui.qt.proof_browser import NAV_KEYS  # noqa: E402
from tsumego_gui.qt.recent_files import RecentFiles  # noqa: E402
from tsumego_gui.qt.settings import load_preferences, open_settings  # noqa: E402

# straight three without its name: White B1 lives at once
THREE = BUNDLED_PROBLEM.read_bytes().replace(b"GN[Straight three in the corner]", b"")
NAMED = b"(;GM[1]SZ[5]GN[Corner eye]PL[W]AB[ac][bc][cc][cd][ce]AW[ad][bd][be]TR[ad]SQ[ae])"
B1, A1 = coords.from_gtp("B1", 9), coords.from_gtp("A1", 9)


def _folder(tmp_path, n=3):
    folder = tmp_path / "set"
    folder.mkdir(exist_ok=True)
    (folder / "10838.sgf").write_bytes(THREE)
    (folder / "named.sgf").write_bytes(NAMED)
    for i in range(n):
        (folder / f"p{i}.sgf").write_bytes(NAMED.replace(b"GN[Corner eye]", b""))
    return folder


def _titles(w):
    lst = w.problem_list.list
    return [lst.item(i).data(TITLE_ROLE) for i in range(lst.count())]


def test_titles_name_the_game_or_the_file_and_its_number(make_window, tmp_path):
    w = make_window()
    assert w.open_path(_folder(tmp_path))
    titles = _titles(w)
    assert "10838.sgf" in titles and "Corner eye" in titles and "10838" not in titles
    item = w.problem_list.list.item(titles.index("10838.sgf"))
    assert item.text() == "10838.sgf\n9×9 · White to play"     # spoiler-free details


def test_the_window_title_tells_files_of_one_name_in_sub_folders_apart(make_window,
                                                                        tmp_path):
    folder = tmp_path / "set"
    for sub in ("4", "6"):
        (folder / sub).mkdir(parents=True)
        (folder / sub / "basic.sgf").write_bytes(THREE)
    w = make_window()
    assert w.open_path(folder)
    first = w.windowTitle()
    assert w.step_problem(1)
    assert first.endswith("— 4/basic.sgf") and w.windowTitle().endswith("— 6/basic.sgf")


def _practise_b1(w):
    w.practice_action.trigger()
    w.browser.try_move(B1)
    assert w.browser.try_it.result == "correct"
    w.practice_action.trigger()                  # P again ends practice


def test_the_practice_result_marks_the_problem_and_is_remembered(make_window, qtbot,
                                                                 tmp_path):
    folder = _folder(tmp_path)
    w = make_window("state.ini")
    assert w.open_path(folder) and w.open_path(folder / "10838.sgf")
    _practise_b1(w)
    assert w.browser.try_it is None
    lst = w.problem_list.list
    row = _titles(w).index("10838.sgf")
    assert lst.item(row).data(STATE_ROLE) == SOLVED and "✓ solved" in lst.item(row).text()
    # a wrong game afterwards: failed (the last game counts); then right again
    w.practice_action.trigger()
    game = w.browser.try_it
    w.browser.try_move(A1)
    for _ in range(10):
        qtbot.waitUntil(lambda: not game.thinking, timeout=30_000)
        if game.finished:
            break
        w.browser.try_move(game.node.children[0][0])
    assert game.result == "wrong" and lst.item(row).data(STATE_ROLE) == FAILED
    assert "✗ failed" in lst.item(row).text()
    # solved with the move shown by a hint: not marked (QA s45), the last result stays
    w.practice_action.trigger()                  # the wrong game ends ...
    w.practice_action.trigger()                  # ... and another starts
    game = w.browser.try_it
    for _ in range(2):                           # the second press shows the move
        game.hint()
        qtbot.waitUntil(lambda: not game.thinking, timeout=30_000)   # a hint may solve
    assert game.move_shown
    # a click, as a player plays: the game's own last line goes to the status bar first,
    # and the note after it (QA s52: overwritten at once)
    qtbot.mouseClick(w.board, Qt.MouseButton.LeftButton, pos=w.board.point_position(B1))
    assert w.browser.try_it.result == "correct" and lst.item(row).data(STATE_ROLE) == FAILED
    qtbot.waitUntil(lambda: "not marked solved" in w.statusBar().currentMessage(),
                    timeout=2000)
    w.restart_practice()                         # R: the game again, its result counts
    w.browser.try_move(B1)
    assert lst.item(row).data(STATE_ROLE) == SOLVED
    w.practice_action.trigger()
    _practise_b1(w)
    assert lst.item(row).data(STATE_ROLE) == SOLVED
    w.close()
    # another run with the same settings file: the state is there
    w2 = make_window("state.ini")
    assert w2.open_path(folder)
    row = _titles(w2).index("10838.sgf")
    assert w2.problem_list.list.item(row).data(STATE_ROLE) == SOLVED
    others = [w2.problem_list.list.item(i).data(STATE_ROLE) for i in range(len(_titles(w2)))
              if i != row]
    assert set(others) == {UNSOLVED}
    # the file changed (another position): it starts unsolved again
    (folder / "10838.sgf").write_bytes(THREE.replace(b"PL[W]", b"PL[B]"))
    w3 = make_window("state.ini")
    assert w3.open_path(folder)
    row = _titles(w3).index("10838.sgf")
    assert w3.problem_list.list.item(row).data(STATE_ROLE) == UNSOLVED


def test_states_are_keyed_by_file_game_and_position(tmp_path):
    from tsumego_gui.core.sgf_io import read_sgf
    store = CollectionState(open_settings(str(tmp_path / "k.ini")))
    p = read_sgf(BUNDLED_PROBLEM)[0]
    a, b = tmp_path / "a.sgf", tmp_path / "b.sgf"
    store.set(a, 0, p, FAILED)
    assert store.get(a, 0, p) == FAILED
    assert store.get(a, 1, p) == UNSOLVED and store.get(b, 0, p) == UNSOLVED
    with pytest.raises(ValueError):
        store.set(a, 0, p, "maybe")


def test_random_order_is_seeded_followed_by_next_and_kept(make_window, tmp_path):
    folder = _folder(tmp_path, n=6)
    w = make_window("order.ini")
    assert w.open_path(folder)
    natural = _titles(w)
    w.problem_list.set_order(7)
    shuffled = _titles(w)
    assert sorted(shuffled) == sorted(natural) and shuffled != natural
    w.problem_list.set_order(7)
    assert _titles(w) == shuffled                               # same seed, same order
    w.problem_list.set_order(None)
    assert _titles(w) == natural
    # the menu's switch: a seed kept in the preferences, so the order stays across runs
    w.set_random_order(True)
    prefs = load_preferences(w.settings)
    assert prefs.random_order and w.problem_list.seed == prefs.order_seed
    order = _titles(w)
    first = w.problem_list.entries()[0]
    w._load_problem(first[2], first[0], first[1], 1)
    assert w.step_problem(1)                                    # PgDown: the next in this order
    assert (w.file_path, w.prefs.last_index)[:2] == w.problem_list.entries()[1][:2]
    w.close()
    w2 = make_window("order.ini")
    assert w2.open_path(folder) and _titles(w2) == order


def test_the_shortcut_list_is_read_from_the_actions(make_window):
    w = make_window()
    rows = shortcut_rows(w.menuBar())
    keys = {(cmd, k) for _, cmd, k in rows}
    assert ("Solve", "Space") in keys and ("Stop", "Esc") in keys
    assert ("Hint (zone, then move)", "H") in keys and ("Next problem", "PgDown") in keys
    assert ("Back along the line", "←") in keys
    # a shortcut added to a menu shows without touching the dialog's code
    extra = QAction("Count the liberties", w)
    extra.setShortcut(QKeySequence("Ctrl+L"))
    w.menuBar().actions()[0].menu().addAction(extra)
    assert ("File", "Count the liberties", "Ctrl+L") in shortcut_rows(w.menuBar())
    shown = []
    w.show_dialog = shown.append
    w.show_shortcuts()
    table = shown[0].table
    assert isinstance(shown[0], ShortcutsDialog)
    assert table.rowCount() == len(shortcut_rows(w.menuBar()))


def test_the_shortcut_list_shows_the_proof_keys_first_in_order(make_window, qtbot):
    """The proof browser's keys are in no menu: the dialog lists them first, every one the
    browser handles, in a fixed order, with the wheel and the click, and they show without
    scrolling."""
    w = make_window()
    rows = shortcut_rows(w.menuBar())
    assert set(NAV_TEXT) == NAV_KEYS             # a key the browser handles has its line
    assert [k for _, _, k in rows[:8]] == ["←", "→", "↑", "↓", "Home", "End",
                                           "Wheel down / up", "Click the move"]
    assert rows[0][:2] == ("Proof (board, tree)", "Back along the line")
    assert rows[6][1] == "Forward / back along the line"      # wheel down = forward
    dialog = ShortcutsDialog(w.menuBar(), w)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    table = dialog.table
    for row in range(8):
        rect = table.visualItemRect(table.item(row, 1))
        assert table.viewport().rect().contains(rect), row
    assert "Ctrl+B" in dialog.note.text()


def test_about_names_the_version_the_network_and_the_licences(make_window):
    w = make_window()
    shown = []
    w.show_dialog = shown.append
    w.show_about()
    text = shown[0].label.text()
    assert isinstance(shown[0], AboutDialog)
    assert "0.1.0" in text and "no network loaded" in text
    for words in ("PySide6", "LGPL", "PyTorch", "BSD", "sgfmill", "MIT", "NumPy"):
        assert words in text
    w._network_ready("FTL network on cpu (fp32)")
    w.show_about()
    assert "FTL network on cpu (fp32)" in shown[1].label.text()


def test_open_recent_keeps_the_last_files_and_drops_missing_ones(make_window, tmp_path):
    w = make_window("recent.ini")
    files = []
    for i in range(10):
        f = tmp_path / f"r{i}.sgf"
        f.write_bytes(NAMED)
        files.append(f)
        assert w.open_path(f)
    paths = RecentFiles(w.settings).paths()
    assert paths == [f.absolute() for f in reversed(files[2:])]       # the last 8, newest first
    names = [a.text() for a in w.recent_menu.actions() if a.data()]
    assert names[0] == "&1 r9.sgf" and len(names) == 8
    assert w.open_path(files[5]) and RecentFiles(w.settings).paths()[0] == files[5].absolute()
    files[7].unlink()
    action = next(a for a in w.recent_menu.actions() if a.data() == str(files[7].absolute()))
    action.trigger()
    assert "r7.sgf is no longer there" in w.error_text()
    assert files[7].absolute() not in RecentFiles(w.settings).paths()
    assert w.file_path == files[5]                                     # nothing else changed
    # another run reads the same list
    w.close()
    w2 = make_window("recent.ini")
    assert RecentFiles(w2.settings).paths()[0] == files[5].absolute()
    assert len([a for a in w2.recent_menu.actions() if a.data()]) == 7


def test_a_result_for_a_problem_not_listed_is_kept_for_when_it_is(make_window, tmp_path):
    folder = _folder(tmp_path)
    w = make_window("unlisted.ini")
    assert w.open_path(folder / "10838.sgf")          # one game: the list stays as it was
    assert w.problem_list.source != folder
    _practise_b1(w)
    w.close()
    w2 = make_window("unlisted.ini")
    assert w2.open_path(folder)
    row = _titles(w2).index("10838.sgf")
    assert w2.problem_list.list.item(row).data(STATE_ROLE) == SOLVED


def test_next_problem_from_a_file_not_in_the_list_says_so_and_keeps_the_problem(make_window,
                                                                               qtbot,
                                                                               tmp_path):
    """QA s40: PageDown after File › Open of a file outside the list opened the list's first
    problem (the bundled collection's), dropping the solve that ran."""
    folder = _folder(tmp_path)
    w = make_window()
    listed = w.problem_list
    assert not listed.elsewhere.isVisibleTo(listed)   # the bundled problem is listed
    assert w.open_path(folder / "named.sgf")          # one game: the bundled list stays
    assert listed.source != folder
    # over the list, a line says why nothing in it is highlighted (QA s59)
    assert listed.elsewhere.isVisibleTo(listed)
    assert listed.elsewhere.text() == "The problem on the board is not in this list."
    w.solve()
    for step in (1, -1):
        assert not w.step_problem(step)
        assert w.file_path == folder / "named.sgf" and w.solver.running
        message = w.statusBar().currentMessage()
        assert "named.sgf is not in the problem list" in message
        assert "Open folder as problem list" in message
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        pass                                          # the solve runs to its end
    w.new_problem(5)
    assert not w.step_problem(1) and w.file_path is None
    assert "new problem is not in the problem list" in w.statusBar().currentMessage()
    assert listed.elsewhere.isVisibleTo(listed)
    listed.problem_chosen.emit(*listed.entries()[0])  # one of the list's: the line goes
    assert not listed.elsewhere.isVisibleTo(listed)


def test_after_save_as_the_list_highlights_the_file_saved_to(make_window, tmp_path):
    """Review s60 S6: after Save As to a new name the list still highlighted the file the
    problem came from, with no word that the board's file is not in it; a save back to a
    listed file keeps it highlighted."""
    folder = _folder(tmp_path)
    w = make_window()
    assert w.open_path(folder)
    listed = w.problem_list
    row = _titles(w).index("10838.sgf")
    listed.problem_chosen.emit(*listed.entries()[row])
    assert listed.list.currentRow() == row and not listed.elsewhere.isVisibleTo(listed)
    w.ask_save_file = lambda default: str(tmp_path / "copy.sgf")
    assert w.save_as()
    assert listed.list.currentRow() == -1 and listed.elsewhere.isVisibleTo(listed)
    w.ask_save_file = lambda default: str(folder / "10838.sgf")
    assert w.save_as()
    assert listed.list.currentRow() == row and not listed.elsewhere.isVisibleTo(listed)


def test_save_as_and_export_never_write_over_a_collection_or_the_problems_own_file(
        make_window, qtbot, tmp_path):
    """QA s62: Save As onto a listed file of three games left it one, the list still showed
    the three and PgDown opened games no longer in it; Export wrote the proof over the
    problem's own file and over a collection without a word.  A file written over that
    the list holds is listed as it is now."""
    folder = _folder(tmp_path)
    multi = folder / "multi.sgf"
    multi.write_bytes(b"\n".join([SMALL_GAME] * 3))
    w = make_window()
    assert w.open_path(folder)
    listed = w.problem_list
    own = folder / "10838.sgf"
    listed.problem_chosen.emit(*listed.entries()[_titles(w).index("10838.sgf")])
    before = {p: p.read_bytes() for p in (own, multi)}
    w.ask_save_file = lambda default: str(multi)
    assert not w.save_as()
    assert w.error_text() == ("Not saved: multi.sgf holds 3 problems, and the problem written "
                              "over it would lose them: name another file.")
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    for target, said in ((own, "10838.sgf is the problem's own file: name another, or the "
                               "proof would replace the problem."),
                         (multi, "multi.sgf holds 3 problems, and the proof written over it "
                                 "would lose them: name another file.")):
        w.ask_export_file = lambda default, kinds, target=target: str(target)
        assert not w.export_proof()
        assert w.error_text() == f"Not exported: {said}"
    assert {p: p.read_bytes() for p in (own, multi)} == before
    assert listed.games_listed(multi) == 3
    # over a listed file of one game: written, and the list reads it again
    three = w.solve_problem
    w.ask_export_file = lambda default, kinds: str(folder / "p0.sgf")
    assert w.export_proof()
    w.ask_save_file = lambda default: str(folder / "p1.sgf")
    assert w.save_as()
    assert listed.list.currentRow() == _titles(w).index("p1.sgf")
    # a file too large to count its problems (review s62: read as none, and written over)
    big = tmp_path / "big.sgf"
    with big.open("wb") as f:
        f.truncate(65 << 20)
    w.ask_save_file = lambda default: str(big)
    assert not w.save_as()
    assert w.error_text().startswith("Not saved: big.sgf is larger than this app reads")
    # a listed file written by another name (review s62: a link kept its old entry)
    (tmp_path / "link.sgf").symlink_to(folder / "p2.sgf")
    w.ask_save_file = lambda default: str(tmp_path / "link.sgf")
    assert w.save_as()
    for name in ("p0.sgf", "p1.sgf", "p2.sgf"):
        shown = listed.sourced(folder / name, 0).problem
        assert (shown.black, shown.white) == (three.black, three.white), name


def test_a_folder_named_relative_to_the_start_finds_its_files_by_their_full_paths(
        make_window, tmp_path, monkeypatch):
    """Review s61 L6: a folder opened by a relative name (as from the command line) listed
    relative paths, and a save back to a listed file, by the full path a dialog gives,
    read as "not in this list"."""
    _folder(tmp_path)
    monkeypatch.chdir(tmp_path)
    w = make_window()
    assert w.open_path("set")
    listed = w.problem_list
    row = _titles(w).index("10838.sgf")
    listed.problem_chosen.emit(*listed.entries()[row])
    w.ask_save_file = lambda default: str(tmp_path / "set" / "10838.sgf")
    assert w.save_as()
    assert listed.list.currentRow() == row and not listed.elsewhere.isVisibleTo(listed)


def test_a_folder_that_fails_to_open_leaves_the_list_as_it_was(make_window, tmp_path):
    """QA s44: an empty folder failed to open, and the open collection's list was emptied
    anyway; PgDown then said the problem on the board was not in the list."""
    folder = _folder(tmp_path, n=3)
    w = make_window("empty.ini")
    assert w.open_path(folder)
    listed = _titles(w)
    empty = tmp_path / "empty"
    empty.mkdir()
    assert not w.open_list(empty, ask=False)
    assert _titles(w) == listed and w.problem_list.source == folder
    assert w.step_problem(1)                                    # PgDown still goes on
    assert (w.file_path, w.prefs.last_index)[:2] == w.problem_list.entries()[1][:2]


# a 5x5 problem, quick to read: a collection of thousands of it reads in about a second
SMALL_GAME = NAMED.replace(b"GN[Corner eye]", b"")


def _collection(tmp_path, games):
    path = tmp_path / "big.sgf"
    path.write_bytes(b"\n".join([SMALL_GAME] * games))
    return path


class _ProgressWatch:
    """Looks at the window's progress dialog while an open runs (its timer runs in the open's
    own event loop); cancels once the reading is under way, when asked to."""

    def __init__(self, window, cancel_at=None):
        from PySide6.QtCore import QTimer
        self.window, self.cancel_at = window, cancel_at
        self.seen: list[tuple[str, int, int]] = []
        self.ticks = 0
        self.timer = QTimer()
        self.timer.timeout.connect(self.look)
        self.timer.start(10)

    def look(self):
        from PySide6.QtWidgets import QProgressDialog, QPushButton
        self.ticks += 1
        for dialog in self.window.findChildren(QProgressDialog):
            if not dialog.isVisible():
                continue
            self.seen.append((dialog.labelText(), dialog.value(), dialog.maximum()))
            if self.cancel_at is not None and dialog.value() >= self.cancel_at:
                dialog.findChild(QPushButton).click()           # the user's Cancel

    def stop(self):
        self.timer.stop()


def test_a_large_collection_opens_with_its_progress_shown(make_window, qtbot, tmp_path,
                                                         monkeypatch):
    """Review s46: a collection of 50,000 games opened after a minute with nothing shown,
    the window frozen; it was read twice, and every thumbnail drawn at once."""
    from tsumego_gui.qt import busy_work, problem_list
    monkeypatch.setattr(busy_work, "SHOW_AFTER_MS", 0)         # the dialog at once
    reads, drawn = [], []
    read, draw = problem_list.read_file_entries, problem_list.thumbnail
    monkeypatch.setattr(problem_list, "read_file_entries",
                        lambda *a, **k: reads.append(a) or read(*a, **k))
    monkeypatch.setattr(problem_list, "thumbnail", lambda *a, **k: drawn.append(a) or draw(*a, **k))
    games = 3000
    path = _collection(tmp_path, games)
    w = make_window("big.ini", show=True)
    qtbot.wait(100)     # the window's first paint done: it is not what the watch measures
    watch = _ProgressWatch(w)
    assert w.open_path(path)
    watch.stop()
    assert w.problem_list.list.count() == games and w.file_path == path
    assert watch.ticks >= 5                       # the window's events ran while it read
    words = [text for text, _, _ in watch.seen]
    assert any(text.startswith("Reading games… ") and text.endswith(f" of {games:,}")
               for text in words), words
    values = [value for _, value, maximum in watch.seen if maximum == games]
    assert values and values == sorted(values)    # a bar that goes forward
    assert reads.count((path,)) == 1              # read once, for the board and the list
    w.repaint()
    assert 0 < len(drawn) < 100                   # the thumbnails shown, not all 3,000
    assert not any(d.isVisible() for d in w.findChildren(busy_work.QProgressDialog))


def test_cancelling_a_large_open_leaves_the_window_as_it_was(make_window, qtbot, tmp_path,
                                                             monkeypatch):
    from tsumego_gui.qt import busy_work
    from tsumego_gui.qt.editor import LEFT
    monkeypatch.setattr(busy_work, "SHOW_AFTER_MS", 0)
    folder = _folder(tmp_path)
    w = make_window("cancel.ini", show=True)
    assert w.open_path(folder) and w.step_problem(1)
    before = (w.file_path, w.prefs.last_index, _titles(w), w.problem_list.source)
    w.editor.press(coords.from_gtp("E5", 5), LEFT)              # an edit not saved
    w.editor.release()
    draft = w.editor.draft
    asked = []
    w.confirm_discard = lambda: asked.append(True) or True
    qtbot.wait(100)     # the window painted: the watch's timer runs while the open reads
    watch = _ProgressWatch(w, cancel_at=100)
    assert not w.open_path(_collection(tmp_path, 20_000))
    watch.stop()
    assert watch.seen and watch.seen[-1][1] < 20_000            # stopped half-way
    assert (w.file_path, w.prefs.last_index, _titles(w), w.problem_list.source) == before
    assert w.editor.draft == draft and w.editor.is_modified() and not asked
    assert w.problem_list.current() == before[:2]               # the highlight stays too
    assert "cancelled" in w.statusBar().currentMessage()
    assert w.step_problem(1)                                    # the list still steps


def test_the_guide_explains_the_screens_own_words(make_window):
    """QA s50 (a new user): Help held the keys only.  The guide opens from Help and speaks of
    what the screen shows by the screen's own names: the goals, the classes, the tools and
    their keys."""
    from tsumego_gui.core.problem import GOALS
    from tsumego_gui.search.classify import ATTACKER_WORDS, DEFENDER_WORDS
    w = make_window()
    shown = []
    w.show_dialog = shown.append
    help_menu = w.menuBar().actions()[-1].menu()
    next(a for a in help_menu.actions() if a.text() == "&How to read the screen").trigger()
    [dialog] = shown
    assert isinstance(dialog, GuideDialog)
    text = dialog.text.toPlainText()
    assert all(goal in text for goal in GOALS)
    # the classes as the list names them ("ko (must win the ko to live)": "ko")
    assert all(words.split(" (must")[0] in text
               for words in (*DEFENDER_WORDS.values(), *ATTACKER_WORDS.values()))
    keys = {cmd: key for _, cmd, key in shortcut_rows(w.menuBar())}
    assert f"Crucial stones tool ({keys['Crucial stones tool']})" in text
    assert f"Region tool ({keys['Region tool']})" in text
    assert "relevance zone" in text and "crucial stones" in text


def test_the_collection_worked_through_is_listed_again_at_the_next_start(make_window, qtbot,
                                                                          tmp_path):
    """QA s55 collection D1: after a restart the last problem of a folder worked through
    came back under our own collection, unhighlighted and unmarked, and PgDown said it
    was "not in the problem list"."""
    from tsumego_gui.qt.main_window import MainWindow
    folder = _folder(tmp_path)
    (folder / "two.sgf").write_bytes(THREE + b"\n" + NAMED)     # games of one file too
    w = make_window("again.ini")
    assert w.open_path(folder)
    while w.file_path.name != "two.sgf" or w.prefs.last_index != 1:
        assert w.step_problem(1)
    at = (w.file_path, w.prefs.last_index)
    w.close()
    again = MainWindow(open_settings(str(tmp_path / "again.ini")), open_last=True)
    again.confirm_discard = lambda: True
    qtbot.addWidget(again)
    assert again.problem_list.source == folder and again.file_path == at[0]
    assert again.problem_list.current() == at
    assert again.step_problem(-1)                       # PgUp goes on through the list
    again.close()


def test_a_file_that_does_not_say_who_plays_first_is_said_to(make_window, qtbot, tmp_path):
    """QA s62: gop/1305.sgf, with no PL, opened as Black to play without a word and the app
    solved that side alone, where ``tsumego solve`` solves both: a player took one side's
    answer for the problem's.  Said on opening and over the verdict; the To play box,
    once set, gives the side."""
    path = tmp_path / "unsaid.sgf"
    path.write_bytes(NAMED.replace(b"PL[W]", b""))
    w = make_window()
    assert w.open_path(path, ask=False)
    said = ("the file does not say who plays first: this is Black to play, and White to "
            "play is a problem too (the Problem panel's To play box solves it)")
    assert w.statusBar().currentMessage() == said[0].upper() + said[1:] + "."
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    assert f"⚠ Read first: {escape(said)}." in w.solve_panel.verdict_label.text()
    combo = w.problem_panel.to_play_combo
    index = combo.findData(WHITE)
    combo.setCurrentIndex(index)
    combo.activated.emit(index)
    with qtbot.waitSignal(w.solver.classified, timeout=60_000):
        w.solve()
    assert "does not say who plays first" not in w.solve_panel.verdict_label.text()
