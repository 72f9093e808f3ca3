"""Readers take regular files of a plausible size only (``core.file_limits``); QA s46: a
pipe given as a problem or network file blocked for ever, /dev/zero filled the memory."""

import os

import pytest

from tsumego_gui.core import problem_files
from tsumego_gui.core.file_limits import refusal
from tsumego_gui.core.problem_files import ProblemFileError, read_file_entries
from tsumego_gui.nn.katago_file import KataGoModelError, read_katago_model

STRAIGHT_THREE = (b"(;FF[4]GM[1]SZ[9]PL[W]AB[ag][bg][cg][dg][eg][eh][ei]AW[ah][bh][ch][dh][di]"
                  b"TR[ah][bh][ch][dh][di]SQ[ai][bi][ci])")


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "problem.sgf"
    os.mkfifo(path)
    return path


def test_a_pipe_is_refused_without_waiting_for_a_writer(fifo):
    [error] = read_file_entries(fifo)
    assert isinstance(error, ProblemFileError)
    assert "not a regular file" in str(error)
    with pytest.raises(KataGoModelError, match="not a regular file"):
        read_katago_model(fifo)


def test_a_device_is_refused():
    assert "not a regular file" in refusal("/dev/zero", 1 << 20)


def test_a_file_larger_than_any_problem_file_is_refused_by_its_size(tmp_path, monkeypatch):
    path = tmp_path / "big.sgf"
    path.write_bytes(STRAIGHT_THREE)
    assert not isinstance(read_file_entries(path)[0], ProblemFileError)
    monkeypatch.setattr(problem_files, "MAX_PROBLEM_BYTES", len(STRAIGHT_THREE) - 1)
    [error] = read_file_entries(path)
    assert isinstance(error, ProblemFileError) and "more than any such file" in str(error)


def test_what_does_not_exist_is_left_to_the_readers_own_words(tmp_path):
    assert refusal(tmp_path / "nope.sgf", 1) == ""
    assert refusal(tmp_path, 1) == ""


def test_an_sgf_of_more_nodes_than_any_problem_file_is_refused_before_parsing():
    """QA s46: 30 MB of empty nodes took 9 GB to parse; a proof export of 26 MB (173,000
    nodes) reads in seconds, so the bound is on nodes."""
    from tsumego_gui.core.file_limits import MAX_SGF_NODES
    from tsumego_gui.core.problem import ProblemError
    from tsumego_gui.core.sgf_io import read_sgf_games
    with pytest.raises(ProblemError, match="more than any problem file"):
        read_sgf_games(b"(;SZ[9]" + b";" * MAX_SGF_NODES + b")")
