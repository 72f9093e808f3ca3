"""Fuzzing the importers (``benchmarks/fuzz_import.py``): a short seeded run finds no crash,
the checker itself catches what it must, and every crash the fuzzer found has a regression
test here with its smallest input, through ``read_file`` (the message names the file) and
through the reader it came from."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from tsumego_gui.core import open_problem, problem_files
from tsumego_gui.core.open_problem import read_games, read_open_position
from tsumego_gui.core.problem import ProblemError
from tsumego_gui.core.problem_files import ProblemFileError, read_file
from tsumego_gui.core.problem_files import problem_files as list_files
from tsumego_gui.core.sgf_io import read_sgf

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("fuzz_import",
                                               ROOT / "benchmarks" / "fuzz_import.py")
fuzz = importlib.util.module_from_spec(_spec)
sys.modules["fuzz_import"] = fuzz        # its dataclasses look their module up there
_spec.loader.exec_module(fuzz)

RESEARCH = {
    "filename": "tiny", "winning_color": "w", "turn_color": "b",
    "black_crucial_stone": "", "white_crucial_stone": "",
    "black_search_goal": "TOKILL_ALL", "white_search_goal": "TOLIVE_ANY",
    "black_ko_rule": "allow_ko", "white_ko_rule": "disallow_ko",
    "masked_sgf_str": "(;SZ[7];B[ce];W[dd])",
}


def research(**fields) -> bytes:
    return json.dumps({**RESEARCH, **fields}).encode()


def file_error(tmp_path, name: str, data: bytes) -> str:
    """read_file's reason for a bad file, checked to name the file and to be readable."""
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(ProblemFileError) as info:
        read_file(path)
    assert str(info.value).startswith(f"{path}: ")
    assert not isinstance(info.value.__context__, (TypeError, IndexError, RecursionError,
                                                    LookupError, UnicodeError))
    assert fuzz.unreadable(info.value.reason) == "", info.value.reason
    return info.value.reason


# --- the fuzzer -------------------------------------------------------------------------

def test_a_short_seeded_run_finds_no_crash():
    report = fuzz.run(300, seed=2026, shared=False)
    assert report.cases == 300
    assert report.problems > 0 and report.errors > 0       # both outcomes are exercised
    assert report.crashes == 0, [(c.where, c.error) for c in report.found.values()]


@pytest.mark.skipif(not fuzz.SHARED.is_dir(), reason="../shared/problems is not here")
def test_a_short_run_seeded_from_the_shared_problems_finds_no_crash():
    report = fuzz.run(200, seed=7, shared=True)
    assert report.crashes == 0, [(c.where, c.error) for c in report.found.values()]


def test_a_run_is_the_same_for_the_same_seed():
    a, b = fuzz.run(40, seed=5, shared=False), fuzz.run(40, seed=5, shared=False)
    assert (a.problems, a.errors, a.messages) == (b.problems, b.errors, b.messages)


@pytest.mark.parametrize("message, why", [
    ("", "empty message"),
    ("malformed SGF: ", "nothing after the colon"),
    ("bad SGF property: not enough values to unpack (expected 2, got 1)",
     "a bare Python exception text"),
    ("list index out of range", "a bare Python exception text"),
    ("not valid JSON: 'utf-8' codec can't decode byte 0xff in position 3",
     "a bare Python exception text"),
    ("ValueError", "a bare Python exception text"),
    ("AB[aa\nbb] is not a point", "more than one line"),
    ("x" * 500 + " is off the board", "longer than 400 characters"),
    ("AB[zz] is off the 9x9 board (its points run from aa to ii)", ""),
])
def test_the_checker_tells_a_readable_message_from_an_unreadable_one(message, why):
    assert fuzz.unreadable(message) == why


def test_the_checker_counts_a_reader_slip_as_a_crash(tmp_path, monkeypatch):
    def slip(*args, **kwargs):
        raise ValueError("not enough values to unpack (expected 2, got 1)")
    monkeypatch.setattr(fuzz, "read_sgf", slip)
    report = fuzz.Report()
    # no problem is read from it (no white stones), so only the slip itself is a crash
    fuzz.check_case(b"(;SZ[5]AB[aa])", ".sgf", tmp_path / "case.sgf",
                    fuzz.random.Random(0), report)
    assert report.crashes == 1
    [crash] = report.found.values()
    assert crash.where == "read_sgf" and crash.why == "not a ProblemError"


def test_mutations_keep_to_bytes_and_vary():
    rng = fuzz.random.Random(1)
    seed = fuzz.OWN_SGF[0]
    outs = {fuzz.mutate_sgf(rng, seed) for _ in range(50)}
    assert len(outs) > 40 and all(isinstance(o, bytes) for o in outs)
    assert all(isinstance(fuzz.mutate_json(rng, json.dumps(RESEARCH).encode()), bytes)
               for _ in range(50))


# --- regressions: the smallest inputs of the crashes the fuzzer found ------------------

@pytest.mark.parametrize("data, words", [
    (b"(;SZ[9]AB[a]AW[cc])", "AB[a] is not a point"),           # was "not enough values..."
    (b"(;SZ[9]AB[zz]AW[cc])", "AB[zz] is off the 9x9 board"),    # was "bad SGF property: "
    (b"(;SZ[9]AB[aa:bb:cc]AW[cc])", "AB[aa:bb:cc] is not a point or a rectangle"),
    (b"(;SZ[9]AB[bb]AW[cc](;B[zz])(;B[aa]))", "a solution move: B[zz] is off the 9x9 board"),
    (b"(;SZ[9]AB[bb]AW[cc]PL[x])", "PL[X] is not B or W"),
    (b"(;SZ[-3]AB[bb]AW[cc])", "board size -3 is not supported"),  # was sgfmill's own text
    (b"(;SZ[52])", "board size 52 is not supported"),
    (b"(;SZ[]AB[bb])", "SZ[] is not a supported board size"),
    (b"(;CA[no-such-codec]SZ[9]AB[bb]AW[cc])", "CA[no-such-codec] is not a character set"),
    (b"(;CA[rot13]SZ[9]AB[bb]AW[cc])", "CA[rot13] is not a character set"),   # LookupError
    # text codecs for host names, which refuse a comment (QA s46: "this is a bug")
    (b"(;CA[idna]GN[\xff]SZ[9]AB[bb]AW[cc])", "CA[idna] is not a character set"),
    (b"(;CA[punycode]GN[\xff]SZ[9]AB[bb]AW[cc])", "CA[punycode] is not a character set"),
    (b"(;CA[UTF-8\x00]SZ[9]AB[bb]AW[cc])", "is not a character set"),
    (b"(;CA[\xc3\xa9]SZ[9]AB[bb]AW[cc])", "is not a character set"),   # sgfmill: "ascii"
    (b"(;SZ[19]AB[aa:ss]AW[aa:ss])", "a point is both black and white: A19, B19"),
])
def test_an_open_position_with_a_bad_value_names_it(data, words):
    with pytest.raises(ProblemError) as info:
        read_open_position(data)
    try:
        [game] = read_games(data)       # a bad game is its error, in its place
    except ProblemError as e:           # or the bytes give no game at all
        game = e
    for error in (info.value, game):
        assert isinstance(error, ProblemError)
        assert words in str(error)
        assert fuzz.unreadable(str(error)) == ""


@pytest.mark.parametrize("data, words", [
    (b"(;SZ[-3]AB[bb]AW[cc])", "board size -3 is not supported"),
    (b"(;CA[]CA[x]SZ[9]AB[bb]AW[cc])", ""),                       # first CA[]: as absent
    (b"(;CA[no-such-codec]SZ[9]AB[bb]AW[cc]TR[cc])", "CA[no-such-codec] is not a character set"),
    (b"(;CA[rot13]SZ[9]AB[bb]AW[cc]TR[cc])", "CA[rot13] is not a character set"),
    (b"(;SZ[9]AB[" + b"x" * 500 + b"]AW[cc])", "AB[xxxxxxxxxxxxxxx\u2026] is not a point"),
    (b"(;SZ[9]AB[aa\nbb]AW[cc])", "AB[aa bb] is not a point"),
    (b"(;SZ[19]AB[aa:ss]AW[aa:ss])", "J19, K19 and 351 more"),
])
def test_a_bad_sgf_file_is_named_in_one_short_line(tmp_path, data, words):
    if not words:       # this one is read
        path = tmp_path / "ok.sgf"
        path.write_bytes(data)
        assert read_file(path)
        return
    reason = file_error(tmp_path, "bad.sgf", data)
    assert words in reason and len(reason) < 200


@pytest.mark.parametrize("data", [
    b"(;CA[]SZ[9]AB[bb]AW[cc]TR[cc])",                 # was "unknown encoding: "
    b"(;CA[latin-1]CA[UTF-8]SZ[9]AB[bb]AW[cc])",      # was "unsupported charset: b'latin-1'"
    b"(;SZ[9]AB[bb]AW[cc]PL[])",                      # open: was "bad SGF property: "
])
def test_what_was_refused_with_a_bare_error_is_now_read(tmp_path, data):
    path = tmp_path / "p.sgf"
    path.write_bytes(data)
    [sp] = read_file(path)
    assert sp.problem.size == 9
    assert read_games(data) and read_open_position(data)


def test_text_that_is_not_in_the_files_character_set_is_read_with_replacement(tmp_path):
    # was "malformed SGF: 'utf-8' codec can't decode byte 0xc3 in position 0: ..."
    for data in (b"(;CA[UTF-8]GN[\xc3]SZ[9]AB[bb]AW[cc]TR[cc])",
                 b"(;CA[UTF-8]GN[\xc3]SZ[9]AB[bb]AW[cc])",
                 b"(;CA[UTF-8]SZ[9]AB[bb]AW[cc](;B[dd]N[\xff]C[wrong]))"):
        path = tmp_path / "t.sgf"
        path.write_bytes(data)
        [sp] = read_file(path)
        assert "\ufffd" in sp.problem.title or sp.problem.title == ""
    [line] = read_open_position(data).lines
    assert line.label == "\ufffd wrong" and line.verdict == open_problem.WRONG
    assert read_sgf(b"(;CA[UTF-8]GN[\xc3]SZ[9]AB[bb]AW[cc]TR[cc])")[0].title == "\ufffd"


@pytest.mark.parametrize("data, words", [
    (research().replace(b"tiny", b"t\xffy"), "not UTF-8 text: the byte 0xff at position"),
    (b"[" * 100_000 + b"]" * 100_000, "nest too deeply"),        # was RecursionError
    (b"", "the file is empty"),
    (research(masked_sgf_str="(;SZ[7]MA[a];B[ce];W[dd])"),       # was "...not enough values"
     "masked_sgf_str: MA[a] is not a point"),
    (research(masked_sgf_str="(;SZ[7]MA[zz];B[ce];W[dd])"),      # was "masked_sgf_str: "
     "masked_sgf_str: MA[zz] is off the 7x7 board"),
    (research(masked_sgf_str="(;SZ[52])"), "masked_sgf_str: board size 52 is not supported"),
    (research(masked_sgf_str="(;SZ[7]"), "masked_sgf_str: not a readable SGF file"),
    (research(winning_color="(" * 300), "winning_color '((((((((((((((((((("),
    (research(region="(" * 300), "region: '((((((((((((((((((("),
    (research(answer_firstmove="zz"), "answer_firstmove 'zz' is not a point of the 7x7 board"),
])
def test_a_bad_research_json_is_named_in_one_short_line(tmp_path, data, words):
    reason = file_error(tmp_path, "bad.json", data)
    assert words in reason and len(reason) < 200


def test_a_json_string_with_half_a_surrogate_pair_is_read(tmp_path):
    # was "masked_sgf_str: 'utf-8' codec can't encode character '\ud800' ..."
    path = tmp_path / "s.json"
    path.write_bytes(research(masked_sgf_str="(;SZ[7]C[\ud800];B[ce];W[dd])",
                              filename="a\udc00b"))
    [sp] = read_file(path)
    assert sp.problem.title == "s (a\ufffdb)"


def test_pass_in_a_crucial_or_region_list_marks_nothing(tmp_path):
    # was "crucial stone pass is off a 7x7 board"
    path = tmp_path / "p.json"
    path.write_bytes(research(white_crucial_stone="pass", region="PASS, tt"))
    [sp] = read_file(path)
    assert sp.problem.crucial == frozenset() and sp.problem.region == frozenset()


def test_a_json_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + research())
    [sp] = read_file(path)
    assert sp.problem.title == "bom (tiny)"
    assert list_files(tmp_path) == [path]


def test_listing_a_folder_with_a_deeply_nested_json_keeps_it_and_reports_it(tmp_path):
    # was a RecursionError out of problem_files()
    (tmp_path / "deep.json").write_bytes(b"[" * 100_000 + b"]" * 100_000)
    assert list_files(tmp_path) == [tmp_path / "deep.json"]


def test_a_reader_slip_is_still_a_problem_file_error_that_says_it_is_a_bug(tmp_path, monkeypatch):
    import tsumego_gui.core.sgf_io as sgf_io

    def slip(*args, **kwargs):
        raise IndexError("list index out of range")
    monkeypatch.setattr(sgf_io, "read_sgf_games", slip)
    path = tmp_path / "a.sgf"
    path.write_bytes(b"(;SZ[5]AB[aa]AW[bb]TR[aa])")
    with pytest.raises(ProblemFileError) as info:
        problem_files.read_file(path)
    assert str(info.value).startswith(f"{path}: the reader failed on it (IndexError: ")
    assert "a bug in tsumego_gui" in info.value.reason
