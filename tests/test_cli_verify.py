"""``tsumego verify`` as a researcher runs it on saved proofs, kept and edited."""

from __future__ import annotations

import json

from tests.test_cli_solve import BUNDLED, STRAIGHT_THREE
from tsumego_gui.cli.main import main
from tsumego_gui.core import coords
from tsumego_gui.core.sgf_io import read_sgf, write_sgf


def _saved(tmp_path, name: str, *options: str) -> dict:
    path = tmp_path / name
    assert main(["solve", str(STRAIGHT_THREE), "--proof-out", str(path), *options]) == 0
    return json.loads(path.read_text())


def test_a_saved_proof_verifies_and_an_edited_one_does_not(tmp_path, capsys):
    """QA s56 research D2: a proof file could be neither loaded nor checked; given to
    ``solve``, its problem was solved again and the tree, edited or not, went unread."""
    data = _saved(tmp_path, "proof.json", "--to-play", "B")
    capsys.readouterr()
    assert main(["verify", str(tmp_path / "proof.json")]) == 0
    assert capsys.readouterr().out.strip().endswith(": verified")
    # a refutation cut out of the tree: a move of White's left unanswered
    losing = next(n for n in data["nodes"] if n["kind"] == "or" and len(n["children"]) > 1)
    losing["children"].pop()
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    assert main(["verify", str(edited)]) == 1
    assert "NOT verified" in capsys.readouterr().out


def test_a_winning_move_the_tree_does_not_prove_is_refused(tmp_path, capsys):
    data = _saved(tmp_path, "proof.json", "--to-play", "W")
    assert data["winning_moves"] == ["B1"]
    data["winning_moves"] = ["A1"]
    (tmp_path / "claims.json").write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["verify", str(tmp_path / "claims.json")]) == 1
    assert "the file names A1 as winning, and its tree holds no proof of it" in \
        capsys.readouterr().out


def test_a_classification_file_has_each_first_moves_proofs_verified(tmp_path, capsys):
    _saved(tmp_path, "moves.json", "--all", "--to-play", "W")
    capsys.readouterr()
    assert main(["verify", str(tmp_path / "moves.json")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["A1", "B1", "C1", "pass"]
    assert all(line.endswith(": verified") for line in lines)
    # each proof says its rules (QA s61: a ko's "White lives" under a kill, unexplained):
    # B1's life is unconditional, A1's death holds where White may take kos
    assert lines[1].startswith("B1 (lives), proof 1 (to live unconditionally; Black may "
                               "capture kos): Black to play: White lives")
    assert lines[0].startswith("A1 (dies), proof 1 (to survive, a seki counting; White may "
                               "capture kos): Black to play: White dies")


def test_a_classification_whose_classes_its_proofs_do_not_bear_out_is_refused(tmp_path,
                                                                              capsys):
    """QA s56 regression D2: a class edited by hand, a move listed twice, a row whose proofs
    were taken out and a position's class changed were all "verified"."""
    data = _saved(tmp_path, "moves.json", "--all", "--to-play", "W")
    capsys.readouterr()
    rows = {row["move"]: row for row in data["moves"]}
    edits = {
        "class": (lambda d: rows["A1"].update({"class": "lives"}),
                  "A1, proof 1: class lives needs a win for the defender (to live "
                  "unconditionally; Black may capture kos), where this proof is a loss (to "
                  "survive, a seki counting; White may capture kos)"),
        "twice": (lambda d: d["moves"].append(dict(rows["C1"])), "C1 is listed more than once"),
        "emptied": (lambda d: rows["B1"].update({"proofs": []}),
                    "B1: class lives is made by 1 proof here, where it has 0"),
        "status": (lambda d: d.update({"status": "dies"}),
                   "the position is said to be 'dies', where its moves give 'lives'"),
        "no class": (lambda d: rows["C1"].update({"class": "banana"}), "C1: 'banana' is no class"),
    }
    for name, (change, said) in edits.items():
        edited = json.loads(json.dumps(data))
        rows = {row["move"]: row for row in edited["moves"]}
        change(edited)
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(edited))
        assert main(["verify", str(path)]) == 1, name
        assert f"NOT verified: {said}" in capsys.readouterr().out.splitlines(), name
    for row in data["moves"]:          # every move open: nothing to check at all
        row.update({"class": "open", "proofs": []})
    data["status"] = "open"
    (tmp_path / "open.json").write_text(json.dumps(data))
    assert main(["verify", str(tmp_path / "open.json")]) == 2
    assert "holds no proof: every first move is open" in capsys.readouterr().err


def test_a_classifications_ko_figures_are_checked_with_their_proofs(tmp_path, capsys):
    """Review s61: the ko figures rank the kos (and so the best moves and the RIGHT marks),
    but their proofs went unchecked and a ko lost even with three threats had none in the
    file.  The J group, Black to play: E1 and others leave White a ko it fails even with
    three threats, A3 one in which White needs three."""
    j_group = BUNDLED / "corner" / "j-group.sgf"
    path = tmp_path / "j.json"
    assert main(["solve", str(j_group), "--all", "--proof-out", str(path)]) == 0
    data = json.loads(path.read_text())
    capsys.readouterr()
    assert main(["verify", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("E1 (ko), its ko lost with 3 threats (to survive, a seki "
                               "counting; Black and White may capture kos; White holds 3 ko "
                               "threats): White to play: White dies") for line in lines)
    assert any(line.startswith("A3 (ko), its ko won with its threats") for line in lines)
    rows = {row["move"]: row for row in data["moves"]}
    assert rows["A3"]["ko"]["threats"] == 3 and rows["E1"]["ko_beyond"] == "W"
    edits = {
        "no proof": (lambda r: r["E1"].update({"ko_beyond_proof": None}),
                     "E1: its ko figure has 0 proofs, where it needs 1"),
        "side": (lambda r: r["E1"].update({"ko_beyond": "B"}),
                 "E1: its ko figure says Black loses with 3 threats to none, where its proof "
                 "says otherwise"),
        "threats": (lambda r: r["A3"]["ko"].update({"threats": 2}),
                    "A3: its ko figure says White wins with 2 threats to none, where its "
                    "proof says otherwise"),
    }
    for name, (change, said) in edits.items():
        edited = json.loads(json.dumps(data))
        change({row["move"]: row for row in edited["moves"]})
        (tmp_path / f"{name}.json").write_text(json.dumps(edited))
        assert main(["verify", str(tmp_path / f"{name}.json")]) == 1, name
        assert f"NOT verified: {said}" in capsys.readouterr().out.splitlines(), name


def test_a_classification_classes_every_first_move_from_its_own_position(tmp_path, capsys):
    """QA s62: a row left out (the one move that saves White), another move's proofs put
    under a move, the side to move turned round and a class's proofs under each other's
    rules were all "verified", and a ko figure of 0 threats read "loses with -1 threats".
    The direct ko, White to play: E1 makes the ko; D2, F1 and the pass die."""
    path = tmp_path / "ko.json"
    assert main(["solve", str(BUNDLED / "ko" / "direct-ko.sgf"), "--all", "--proof-out",
                 str(path)]) == 0
    data = json.loads(path.read_text())
    capsys.readouterr()
    assert main(["verify", str(path)]) == 0
    assert [row["move"] for row in data["moves"]] == ["D2", "E1", "F1", "pass"]

    def dropped(d, rows):
        d["moves"].remove(rows["E1"])
        d["status"] = "dies"

    edits = {
        "dropped": (dropped, "E1 is not listed, where every first move of White is classed"),
        "swapped": (lambda d, rows: rows["E1"].update(
            {"class": "dies", "proofs": rows["D2"]["proofs"], "ko": None}),
            "E1, proof 1: it does not start from the position after White E1"),
        "turned": (lambda d, rows: d.update({"to_play": "B"}),
                   "D2, proof 1: it does not start from the position after Black D2"),
        "reversed": (lambda d, rows: rows["E1"]["proofs"].reverse(),
                     "E1, proof 1: class ko needs a win for the defender (to survive, a seki "
                     "counting; White may capture kos), where this proof is a loss (to "
                     "survive, a seki counting; Black may capture kos)"),
        # review s62: a row said to end the game needed no proof, whatever its class
        "ends": (lambda d, rows: (rows["D2"].update({"class": "lives", "proofs": [],
                                                     "ends_game": "made up"}),
                                  d.update({"status": "lives"})),
                 "D2: the file says it ends the game, where it does not"),
        # ... and a class could be a worse one than its proofs show, or said forbidden
        "worse": (lambda d, rows: rows["E1"].update({"class": "dies", "ko": None,
                                                     "proofs": rows["E1"]["proofs"][:1]}),
                  "E1, proof 1: class dies needs a loss for the defender (to survive, a seki "
                  "counting; White may capture kos), where this proof is a win (to survive, "
                  "a seki counting; White may capture kos)"),
        "forbidden": (lambda d, rows: rows["D2"].update({"forbidden": "made up"}),
                      "D2: the file says the move is illegal under its class's rules, where "
                      "it is not so"),
        "no threats": (lambda d, rows: rows["E1"]["ko"].update({"threats": 0}),
                       "E1: its ko figure counts 0 threats, where a figure counts 1 at least"),
    }
    for name, (change, said) in edits.items():
        edited = json.loads(json.dumps(data))
        change(edited, {row["move"]: row for row in edited["moves"]})
        (tmp_path / f"{name}.json").write_text(json.dumps(edited))
        assert main(["verify", str(tmp_path / f"{name}.json")]) == 1, name
        assert f"NOT verified: {said}" in capsys.readouterr().out.splitlines(), name


def test_a_ko_capture_the_ko_rule_forbids_makes_its_class_with_one_proof(tmp_path, capsys):
    """Review s62: the direct ko after White E1, Black to play: Black F1 takes the ko, which
    the ko rule set forbids the attacker, so White wins there with no search, and the loss
    under survive makes it a ko with one proof; verify said "class ko, where its proofs say
    the defender dies" of the file solve had just written and verified."""
    problem = read_sgf((BUNDLED / "ko" / "direct-ko.sgf").read_bytes())[0]
    (tmp_path / "after-e1.sgf").write_bytes(write_sgf(problem.after(coords.from_gtp("E1", 9))))
    path = tmp_path / "after-e1.json"
    assert main(["solve", str(tmp_path / "after-e1.sgf"), "--all", "--proof-out",
                 str(path)]) == 0
    rows = {row["move"]: row for row in json.loads(path.read_text())["moves"]}
    assert rows["F1"]["class"] == "ko" and len(rows["F1"]["proofs"]) == 1
    assert rows["F1"]["forbidden"]
    capsys.readouterr()
    assert main(["verify", str(path)]) == 0


def test_a_file_that_holds_no_proof_is_refused_with_its_reason(tmp_path, capsys):
    for name, text, reason in (
            ("game.sgf", (BUNDLED / "straight-three.sgf").read_text(), "not JSON"),
            ("other.json", '{"format": "something else"}',
             "not a proof, classification or split proof file of tsumego_gui")):
        (tmp_path / name).write_text(text)
        assert main(["verify", str(tmp_path / name)]) == 2
        assert reason in capsys.readouterr().err


def test_solve_says_a_saved_proof_is_read_for_its_problem_only(tmp_path, capsys):
    _saved(tmp_path, "proof.json")
    capsys.readouterr()
    assert main(["solve", str(tmp_path / "proof.json")]) == 0
    assert "is a saved proof: its problem is read, not its tree (tsumego verify" in \
        capsys.readouterr().err


def test_a_pipe_is_refused_not_waited_on(tmp_path, capsys):
    """QA s56 regression D10: ``verify`` waited for ever on a FIFO (``solve`` refused it)."""
    import os
    fifo = tmp_path / "proof.json"
    os.mkfifo(fifo)
    assert main(["verify", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err
