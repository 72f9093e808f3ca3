"""``tsumego info``: a problem shown as a player reads it; files that leave the defender open."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tsumego_gui.cli.main import main
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search.choice import pick_solver

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = ROOT / "tsumego_gui" / "resources" / "problems"
KILLALL = ROOT.parent / "shared" / "problems" / "rzone-7x7" / "sgf" / "1.sgf"


def test_info_shows_the_board_fields_and_region(capsys):
    assert main(["info", str(BUNDLED / "straight-three.sgf")]) == 0
    out = capsys.readouterr().out
    assert "1 + + + O X" in out
    assert "defender:     White (must live)" in out
    assert "region:       3 points" in out


def test_a_one_point_region_is_one_point(tmp_path, capsys):
    """QA s62: "region: 1 points", and the solver's reason "(1 empty points)"."""
    path = tmp_path / "one.sgf"
    path.write_text("(;GM[1]SZ[5]PL[B]AB[ba][bb][ab]AW[ca][cb][bc][ac][da]TR[ca]SQ[aa])")
    assert main(["info", str(path)]) == 0
    assert "region:       1 point\n" in capsys.readouterr().out
    assert pick_solver(read_sgf(path.read_bytes())[0])[1] == \
        "small enclosed region (1 empty point): depth-first search"


@pytest.mark.skipif(not KILLALL.is_file(), reason="../shared/problems is absent")
def test_a_kill_all_record_needs_the_defender_and_then_reads(capsys):
    assert main(["info", str(KILLALL)]) == 2
    # the option that says it is named (QA s57 kill-all D3)
    assert "say which side is the defender (--defender B|W; a game record with no marks " \
           "then reads as kill-all, goal live_any)" in capsys.readouterr().err
    assert main(["info", str(KILLALL), "--defender", "W"]) == 0
    out = capsys.readouterr().out
    assert "goal:         live_any" in out
    assert "ko captures:  Black may, White may not" in out


def test_a_gomoku_file_is_rejected_in_one_line(tmp_path, capsys):
    path = tmp_path / "g.sgf"
    path.write_text("(;GM[4]SZ[15];B[hh])")
    assert main(["info", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "not a game of Go" in err and "\n" not in err


def test_a_folder_shows_every_problem_file_in_it_sgf_and_json(tmp_path, capsys):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "three.sgf").write_bytes((BUNDLED / "straight-three.sgf").read_bytes())
    (tmp_path / "7.json").write_text(json.dumps({
        "filename": "tiny", "winning_color": "w", "turn_color": "b",
        "black_search_goal": "TOKILL_ALL", "white_search_goal": "TOLIVE_ANY",
        "black_ko_rule": "allow_ko", "white_ko_rule": "disallow_ko",
        "masked_sgf_str": "(;SZ[7];B[ce];W[dd])"}))
    assert main(["info", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "--- problem 1 ---" in out and "--- problem 2 ---" in out
    assert out.index("size:         7x7") < out.index("size:         9x9")


def test_a_bad_json_names_the_file_in_one_line(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    assert main(["info", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert str(path) in err and "not valid JSON" in err and "\n" not in err


def test_book_moves_that_cannot_be_played_say_why(tmp_path, capsys):
    """White's bent three in the corner, the book's variations given as first moves:
    the file's claims are shown as they are, with what is wrong with each."""
    # 5 . . . . .
    # 4 . . . . .
    # 3 X X X . .
    # 2 O O X . .
    # 1 + O X . .
    #   A B C D E
    path = tmp_path / "book.sgf"
    path.write_text("(;GM[1]SZ[5]PL[W]AB[ac][bc][cc][cd][ce]AW[ad][bd][be]TR[ad]SQ[ae]"
                    "(;W[ad])(;B[ae])(;W[ae])(;W[tt]))")
    assert main(["info", str(path)]) == 0
    [line] = [s for s in capsys.readouterr().out.splitlines() if s.startswith("book moves:")]
    assert line.split(":", 1)[1].strip().split(", ") == [
        "White A2 (not a legal move: occupied)", "Black A1 (not the side to move)",
        "White A1 (not a legal move: suicide)", "White pass"]


def test_the_legend_names_the_region_mark_only_when_there_is_a_region(tmp_path, capsys):
    assert main(["info", str(BUNDLED / "straight-three.sgf")]) == 0
    assert "+ region" in capsys.readouterr().out
    whole = tmp_path / "killall.sgf"       # kill-all: the whole board is in play, no region
    whole.write_text("(;GM[1]SZ[5]PL[B]AB[cc]AW[bb]TD[W]TG[live_any])")
    assert main(["info", str(whole)]) == 0
    out = capsys.readouterr().out
    assert "region:       whole board" in out and "+ region" not in out


# Black's corner group B9-D9 / D8 (marked by TR) in a White wall; the region is A9-C9.
MARKED = "(;FF[4]GM[1]SZ[9]{text}AB[ab][bb][cb][db][da]AW[ac][bc][cc][dc][ec][eb][ea]" \
         "TR[ab]SQ[aa][ba][ca])"


@pytest.mark.parametrize("text, warned", [
    ("C[Black to live]", ""),
    ("PL[W]C[White to play and kill]", ""),
    ("C[Black to play and kill]", "says white must live, but black is the defender here"),
    ("PL[B]C[White to play; black lives]", "says white plays first, but black does here"),
    ("C[Black to play]", ""),        # no PL: both sides are solved, the text names one
])
def test_a_text_that_contradicts_the_marks_is_warned_of(tmp_path, capsys, text, warned):
    """The marks decide (a file's author set them for a solver), but a book's words that
    say otherwise are shown: "Black to play and kill" over Black's marked stones means one
    of the two is wrong, and the verdict would read as the book's answer to the other."""
    path = tmp_path / "p.sgf"
    path.write_text(MARKED.format(text=text))
    assert main(["info", str(path)]) == 0
    warnings = [line for line in capsys.readouterr().out.splitlines()
                if line.startswith("warning:")]
    if warned:
        (line,) = warnings
        assert warned in line and line.endswith("the solve follows the problem as set up, "
                                                "not its text")
    else:
        assert warnings == []


def test_the_texts_words_are_quoted_each_as_it_has_them(tmp_path, capsys):
    """QA s62: two phrases sentences apart were quoted as one ('White dies, Black to
    play'), words the text does not have."""
    path = tmp_path / "p.sgf"
    path.write_text(MARKED.format(text="PL[B]C[White to play. In the end white lives.]"))
    assert main(["info", str(path)]) == 0
    assert "the problem's text ('White to play', 'white lives') says white must live" in \
        capsys.readouterr().out


def test_a_files_control_characters_are_not_printed_and_an_empty_name_is_refused(
        tmp_path, capsys):
    """QA s46: a title's escape codes reached the terminal as they were (a file could
    clear it or set its title); ``info ""`` (an unset $FILE) read the whole current
    folder."""
    path = tmp_path / "p.sgf"
    path.write_bytes((BUNDLED / "straight-three.sgf").read_bytes().replace(
        b"GN[Straight three in the corner]", b"GN[Straight\x1b[2J\x07 three]"))
    assert main(["info", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "Straight\ufffd[2J\ufffd three" in out
    with pytest.raises(SystemExit) as exit_:
        main(["info", ""])
    assert exit_.value.code == 2 and "an empty name" in capsys.readouterr().err
