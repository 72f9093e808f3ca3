"""``core.problem_files``: one reader for a file or a folder of SGF and research json problems."""

from __future__ import annotations

import json

import pytest

from tsumego_gui.core.colors import BLACK, WHITE
from tsumego_gui.core.problem import ProblemError
from tsumego_gui.core.problem_files import (
    POSING,
    READING,
    ProblemFileError,
    ReadCancelled,
    problem_files,
    read_file,
    read_file_entries,
    read_problems,
)

GAME_A = b"(;GM[1]SZ[5]PL[W]AB[ac][bc][cc][cd][ce]AW[ad][bd][be]TR[ad]SQ[ae])"
GAME_B = b"(;GM[1]SZ[7]PL[B]AB[ab][bb][ba]AW[dd][ee]TD[W]TG[live_any])"
RESEARCH = {
    "filename": "tiny", "winning_color": "w", "turn_color": "b",
    "black_crucial_stone": "", "white_crucial_stone": "",
    "black_search_goal": "TOKILL_ALL", "white_search_goal": "TOLIVE_ANY",
    "black_ko_rule": "allow_ko", "white_ko_rule": "disallow_ko",
    "masked_sgf_str": "(;SZ[7];B[ce];W[dd])",
}


def write(path, data: bytes | dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(json.dumps(data).encode() if isinstance(data, dict) else data)


def test_an_sgf_file_gives_its_problem_with_its_source(tmp_path):
    write(tmp_path / "a.sgf", GAME_A)
    [sp] = read_file(tmp_path / "a.sgf")
    assert (sp.path, sp.index, sp.count) == (tmp_path / "a.sgf", 0, 1)
    assert sp.problem.size == 5 and sp.problem.defender == WHITE


def test_a_multi_game_sgf_gives_every_game_in_order(tmp_path):
    write(tmp_path / "two.sgf", GAME_A + b"\n" + GAME_B)
    found = read_file(tmp_path / "two.sgf")
    assert [(sp.index, sp.count, sp.problem.size) for sp in found] == [(0, 2, 5), (1, 2, 7)]
    assert found[1].problem.goal == "live_any"


def test_a_research_json_file_is_one_problem(tmp_path):
    write(tmp_path / "7.json", RESEARCH)
    [sp] = read_file(tmp_path / "7.json")
    assert sp.problem.size == 7 and sp.problem.defender == WHITE
    assert sp.problem.goal == "live_any" and sp.problem.to_play == BLACK
    # its number, then the research set's file name (QA s57: that name alone)
    assert sp.problem.title == "7 (tiny)" and sp.problem.source == "7.json"
    write(tmp_path / "8.json", {k: v for k, v in RESEARCH.items() if k != "filename"})
    assert read_file(tmp_path / "8.json")[0].problem.title == "8"


def test_overrides_fill_in_what_an_sgf_leaves_open(tmp_path):
    write(tmp_path / "k.sgf", b"(;GM[1]SZ[7]AB[cc]AW[ee])")
    with pytest.raises(ProblemError, match="defender"):
        read_file(tmp_path / "k.sgf")
    [sp] = read_file(tmp_path / "k.sgf", defender=BLACK, goal="live_any")
    assert sp.problem.defender == BLACK and sp.problem.goal == "live_any"


def test_overrides_apply_to_a_research_file_or_say_why_they_cannot(tmp_path):
    """QA s45: ``--goal`` and ``--defender`` on a research json were dropped without a
    word.  This kill-all board (White to live anywhere) has no crucial stones: the goal
    survive cannot apply; the other side as defender can."""
    write(tmp_path / "3.json", RESEARCH)
    [sp] = read_file(tmp_path / "3.json", defender=BLACK)
    assert sp.problem.defender == BLACK and sp.problem.goal == "live_any"
    # with the research rule for Black as defender (White may take kos, Black not), not
    # the file's rule for White turned round (review s45)
    assert sp.problem.ko_allowed == (False, True)
    with pytest.raises(ProblemError, match="goal 'survive' needs at least one crucial stone"):
        read_file(tmp_path / "3.json", goal="survive")


def test_a_folder_is_its_problem_files_recursively_sorted(tmp_path):
    write(tmp_path / "b.sgf", GAME_A)
    write(tmp_path / "a" / "two.SGF", GAME_A + GAME_B)
    write(tmp_path / "a" / "3.json", RESEARCH)
    write(tmp_path / "notes.txt", b"not a problem")
    write(tmp_path / "expected.json", {"problems": []})     # data beside problems: left out
    files = problem_files(tmp_path)
    assert [f.relative_to(tmp_path).as_posix() for f in files] == \
        ["a/3.json", "a/two.SGF", "b.sgf"]
    found = read_problems(tmp_path)
    assert [(sp.path.name, sp.index) for sp in found] == \
        [("3.json", 0), ("two.SGF", 0), ("two.SGF", 1), ("b.sgf", 0)]


@pytest.mark.parametrize("name, content, words", [
    ("bad.sgf", b"(;GM[1]SZ[9]AB[zz", "not a readable SGF"),
    ("big.sgf", b"(;GM[1]SZ[33]AB[aa])", "board size 33"),
    ("bad.json", b"{not json", "not valid JSON"),
    ("goal.json", b'{"masked_sgf_str": "(;SZ[7])", "winning_color": "x"}', "winning_color"),
    ("list.json", b"[1, 2]", "does not hold an object"),
])
def test_a_bad_file_is_a_problem_error_naming_the_file(tmp_path, name, content, words):
    write(tmp_path / name, content)
    with pytest.raises(ProblemFileError) as info:
        read_file(tmp_path / name)
    assert str(info.value).startswith(f"{tmp_path / name}: ")
    assert info.value.path == tmp_path / name and words in info.value.reason
    assert isinstance(info.value, ProblemError)


def test_missing_files_and_empty_folders_are_named(tmp_path):
    with pytest.raises(ProblemFileError, match="nope.sgf: cannot read the file"):
        read_file(tmp_path / "nope.sgf")
    with pytest.raises(ProblemFileError, match="nowhere: no such file or folder"):
        read_problems(tmp_path / "nowhere")
    (tmp_path / "empty").mkdir()
    assert problem_files(tmp_path / "empty") == []
    with pytest.raises(ProblemFileError, match="empty: the folder holds no problem file"):
        read_problems(tmp_path / "empty")


def test_a_bad_file_in_a_folder_is_its_error_in_its_place(tmp_path):
    write(tmp_path / "a.sgf", GAME_A)
    write(tmp_path / "b.json", b"{broken")          # not valid JSON: kept, so its error shows
    write(tmp_path / "c.sgf", GAME_B)
    assert [f.name for f in problem_files(tmp_path)] == ["a.sgf", "b.json", "c.sgf"]
    a, b, c = read_problems(tmp_path)
    assert a.path.name == "a.sgf" and c.path.name == "c.sgf"
    assert isinstance(b, ProblemFileError) and b.path == tmp_path / "b.json"
    with pytest.raises(ProblemFileError, match="b.json"):
        read_file(tmp_path / "b.json")


BAD_GAME = b"(;GM[1]SZ[30])"


def test_a_bad_game_of_a_collection_does_not_hide_the_others(tmp_path):
    write(tmp_path / "three.sgf", GAME_A + BAD_GAME + GAME_B)
    first, bad, last = read_file_entries(tmp_path / "three.sgf")
    assert (first.index, first.count, last.index, last.count) == (0, 3, 2, 3)
    assert isinstance(bad, ProblemFileError)
    assert str(bad) == f"{tmp_path / 'three.sgf'}: game 2: board size 30 is not supported (2..19)"
    with pytest.raises(ProblemFileError, match="game 2: board size 30"):
        read_file(tmp_path / "three.sgf")           # the strict reader: the first bad game


def test_an_override_that_fits_one_game_only_names_the_game_it_does_not_fit(tmp_path):
    # a kill-all board has no crucial stone, so the goal survive fits game 1 only
    write(tmp_path / "two.sgf", GAME_A + GAME_B)
    good, bad = read_file_entries(tmp_path / "two.sgf", goal="survive")
    assert good.problem.goal == "survive"
    assert isinstance(bad, ProblemFileError) and "game 2: goal 'survive'" in bad.reason


def test_a_bad_game_among_open_problems_is_its_error_in_its_place(tmp_path):
    # game 1 names no defender (posed and framed), game 2 cannot be read at all
    write(tmp_path / "open.sgf", b"(;GM[1]SZ[9]AB[bb][cb][db]AW[bc][cc][dc][ec])" + BAD_GAME)
    posed, bad = read_file_entries(tmp_path / "open.sgf")
    assert posed.assumed and isinstance(bad, ProblemFileError)
    assert "game 2: board size 30" in bad.reason


def test_an_exported_proof_or_classification_opens_as_the_problem_it_was_made_for(tmp_path):
    from tsumego_gui.search import classification_file
    from tsumego_gui.search.choice import solve_and_verify
    from tsumego_gui.search.classify import classify

    write(tmp_path / "a.sgf", GAME_A)
    [sp] = read_file(tmp_path / "a.sgf")
    proof = solve_and_verify(sp.problem).result.proof
    write(tmp_path / "proof.json", proof.to_json())
    write(tmp_path / "classes.json", classification_file.to_json(classify(sp.problem)))
    for name in ("proof.json", "classes.json"):
        [again] = read_file(tmp_path / name)
        assert (again.problem.black, again.problem.white, again.problem.crucial) == \
            (sp.problem.black, sp.problem.white, sp.problem.crucial)


# a book's corner problem: no marks, posed and framed on reading
OPEN_GAME = b"(;GM[1]SZ[19]PL[B]AB[pq][qq][rq][sq][op][oo]AW[qr][rr][sr][pr][or][qs])"


def test_a_collections_reading_reports_its_progress(tmp_path):
    """Review s46: a collection of 50,000 games read for a minute with nothing to show."""
    write(tmp_path / "c.sgf", GAME_A * 3)
    seen = []
    entries = read_file_entries(tmp_path / "c.sgf", progress=lambda *p: seen.append(p))
    assert len(entries) == 3
    assert seen == [(READING, 0, 3), (READING, 1, 3), (READING, 2, 3), (READING, 3, 3)]
    # open problems are read again to be posed: that too is said
    write(tmp_path / "o.sgf", GAME_A + OPEN_GAME)
    seen.clear()
    entries = read_file_entries(tmp_path / "o.sgf", progress=lambda *p: seen.append(p))
    assert [type(e).__name__ for e in entries] == ["SourcedProblem"] * 2
    assert entries[1].assumed           # posed
    # the first reading stops at the first open game: all are read again to be posed
    assert seen == [(READING, 0, 2), (READING, 1, 2),
                    (POSING, 0, 2), (POSING, 1, 2), (POSING, 2, 2)]


@pytest.mark.parametrize("games", [GAME_A * 5, OPEN_GAME * 5])
def test_a_progress_callback_stops_the_reading_by_raising_read_cancelled(tmp_path, games):
    """Cancelled is not a bad file: it comes out as it is, never as a ProblemFileError."""
    write(tmp_path / "c.sgf", games)
    seen = []

    def progress(stage, done, total):
        seen.append(done)
        if done == 2:
            raise ReadCancelled

    with pytest.raises(ReadCancelled):
        read_file_entries(tmp_path / "c.sgf", progress=progress)
    assert seen[-1] == max(seen) == 2               # no game read after it
