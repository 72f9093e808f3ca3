"""``tsumego solve`` as a user runs it: verdict, every winning move, proof files, clean errors."""

from __future__ import annotations

import json
from pathlib import Path

from tsumego_gui.cli.main import main
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search.proof import Proof

BUNDLED = Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"
STRAIGHT_THREE = BUNDLED / "straight-three.sgf"


def test_solve_prints_the_verdict_the_goal_and_verified(capsys):
    assert main(["solve", str(STRAIGHT_THREE)]) == 0
    out = capsys.readouterr().out
    assert "goal: survive" in out
    assert "White to play: White lives" in out
    assert "winning moves: B1" in out
    assert "verified: yes" in out


def test_solve_all_prints_every_first_move_with_its_class(capsys):
    """Straight three, White to play: B1 lives (two eyes); A1, C1 and a tenuki die
    (Black takes the vital point B1)."""
    assert main(["solve", str(STRAIGHT_THREE), "--all"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("White to play: lives unconditionally")
    table = {line.split()[0]: line.split()[1] for line in lines[2:]}
    assert table == {"A1": "dies", "B1": "lives", "C1": "dies", "pass": "dies"}
    assert all(line.split()[2] == "yes" for line in lines[2:])


def test_solve_all_for_the_other_side_finds_the_kill(capsys):
    assert main(["solve", str(STRAIGHT_THREE), "--to-play", "B", "--all", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["class"] == "dies" and rows[0]["status"] == "kills"
    moves = {m["move"]: m["class"] for m in rows[0]["first_moves"]}
    assert moves == {"A1": "lives", "B1": "dies", "C1": "lives", "pass": "lives"}
    assert rows[0]["verified"] is True


def test_proofs_are_saved_as_sgf_and_json(tmp_path, capsys):
    out_json = tmp_path / "p.json"
    out_sgf = tmp_path / "p.sgf"
    assert main(["solve", str(STRAIGHT_THREE), "--proof-out", str(out_json)]) == 0
    assert main(["solve", str(STRAIGHT_THREE), "--proof-out", str(out_sgf)]) == 0
    assert Proof.load_json(out_json).root.won
    assert out_sgf.read_bytes().startswith(b"(;")


def test_a_broken_file_gives_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;GM[1]SZ[9]AB[zz")
    assert main(["solve", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("tsumego:") and "\n" not in err


def test_a_missing_file_gives_one_line_and_exit_2(tmp_path, capsys):
    assert main(["solve", str(tmp_path / "nope.sgf")]) == 2
    err = capsys.readouterr().err.strip()
    assert "nope.sgf" in err and "\n" not in err


def test_a_budget_too_small_says_not_proven_and_exits_3(capsys):
    # one node cannot prove anything here beyond the root expansion: a script must be able
    # to tell that from an answer
    assert main(["solve", str(STRAIGHT_THREE), "--max-nodes", "1", "--to-play", "B"]) == 3
    assert "not proven within budget" in capsys.readouterr().out
    assert main(["solve", str(STRAIGHT_THREE), "--max-nodes", "1", "--to-play", "B",
                 "--json"]) == 3
    assert json.loads(capsys.readouterr().out)[0]["verdict"] == "unknown"
    # classified: the position's class left open is no answer either
    assert main(["solve", str(STRAIGHT_THREE), "--max-nodes", "1", "--to-play", "B",
                 "--all"]) == 3
    assert "open" in capsys.readouterr().out


def test_a_verifier_walk_cut_short_says_partly_not_yes(capsys):
    assert main(["solve", str(STRAIGHT_THREE), "--verify-positions", "1"]) == 1
    out = capsys.readouterr().out
    assert "verified: partly" in out and "verified: yes" not in out
    assert main(["solve", str(STRAIGHT_THREE), "--verify-positions", "1", "--json"]) == 1
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["verified"] is False and rows[0]["verification"] == "partly"
    assert rows[0]["verifier_errors"] == []


def test_a_collection_saves_the_proof_of_its_first_problem(tmp_path, capsys):
    """``--proof-out`` keeps the first proof only (a long run does not hold every proof)."""
    seki = (b"(;FF[4]GM[1]SZ[8]PL[W]AB[af][bf][cf][df][ef][ff][gf][hf][hg][hh][bh][ch][dh][eh]"
            b"AW[ag][bg][cg][dg][eg][fg][gg][gh]TR[ag]SQ[ah][bh][ch][dh][eh][fh])")
    collection = tmp_path / "two.sgf"
    collection.write_bytes(STRAIGHT_THREE.read_bytes().strip() + b"\n" + seki)
    saved = tmp_path / "first.json"
    assert main(["solve", str(collection), "--proof-out", str(saved)]) == 0
    out = capsys.readouterr().out
    assert out.count("verified: yes") == 2
    assert Proof.load_json(saved).problem.size == read_sgf(STRAIGHT_THREE)[0].size != 8
