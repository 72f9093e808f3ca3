"""``tsumego solve`` as a user runs it: verdict, every winning move, proof files, clean errors."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
import types
from pathlib import Path

import pytest
from sgfmill import sgf, sgf_properties

from tests.ctrl_c_press import as_in_a_terminal, ctrl_c_while_starting, start
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
    assert "a winning move: B1" in out
    assert "verified: yes" in out
    assert "warning" not in out
    assert re.search(r"; searched [0-9,]+ nodes in", out)
    # MCTS counts the positions it evaluated (QA s56 research D3: "proof size: 2 nodes;
    # searched 1 node" read as fewer nodes searched than proven)
    assert main(["solve", str(STRAIGHT_THREE), "--solver", "mcts"]) == 0
    assert re.search(r"; evaluated [0-9,]+ positions? in [0-9.]+ s \([0-9,]+ positions/s\)",
                     capsys.readouterr().out)


def test_a_plain_solve_says_where_a_tenuki_keeps_the_life(capsys):
    """QA s56 shapes D3: a group that lives without a move (the straight four: either end
    of the four answers the other) was given a winning move, with no word that a tenuki
    keeps it, where --all said so; the straight three needs its B1."""
    four = BUNDLED / "classic" / "straight-four.sgf"
    assert main(["solve", str(four), "--to-play", "W"]) == 0
    assert "  White need not play: a tenuki keeps this result" in \
        capsys.readouterr().out.splitlines()
    assert main(["solve", str(STRAIGHT_THREE), "--json"]) == 0
    row = json.loads(capsys.readouterr().out)[0]
    assert row["verdict"] == "lives" and row["need_not_play"] is False


def test_a_life_proven_as_the_time_runs_out_gets_no_tenuki_read(capsys, monkeypatch):
    """s61: gop/13500 W at --time 120 proved its life as the time ran out; the tenuki read
    then got the negative time left and the solve ended "tsumego: budgets must be >= 0"
    (exit 2) instead of giving the proven life.  The clock here jumps a minute on as
    the solve ends."""
    import tsumego_gui.cli.solve as cli_solve
    solved = []

    def solve_then_late(*args, **kwargs):
        out = ladder(*args, **kwargs)
        solved.append(True)
        return out

    ladder = cli_solve.solve_closer_first
    monkeypatch.setattr(cli_solve, "solve_closer_first", solve_then_late)
    monkeypatch.setattr(cli_solve, "time", types.SimpleNamespace(
        monotonic=lambda: time.monotonic() + (60.0 if solved else 0.0)))
    four = BUNDLED / "classic" / "straight-four.sgf"
    assert main(["solve", str(four), "--to-play", "W", "--time", "30", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)[0]
    assert row["verdict"] == "lives" and row["verified"] is True
    assert row["need_not_play"] is None         # not read: no time was left for it


def test_solve_all_prints_every_first_move_with_its_class(capsys):
    """Straight three, White to play: B1 lives (two eyes); A1, C1 and a tenuki die
    (Black takes the vital point B1)."""
    assert main(["solve", str(STRAIGHT_THREE), "--all"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("White to play: lives unconditionally")
    rows = lines[2:-1]          # the last line says what the pass is
    table = {line.split()[0]: line.split()[1] for line in rows}
    assert table == {"A1": "dies", "B1": "lives", "C1": "dies", "pass": "dies"}
    assert all(line.split()[2] == "yes" for line in rows)


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


def test_a_budget_too_small_says_not_proven_and_exits_3(capsys, tmp_path):
    # one node cannot prove anything here beyond the root expansion: a script must be able
    # to tell that from an answer
    assert main(["solve", str(STRAIGHT_THREE), "--max-nodes", "1", "--to-play", "B"]) == 3
    assert "not proven within budget" in (out := capsys.readouterr().out)
    assert "a larger --max-nodes may prove it" in out
    assert main(["solve", str(STRAIGHT_THREE), "--max-nodes", "1", "--to-play", "B",
                 "--json"]) == 3
    row = json.loads(capsys.readouterr().out)[0]
    assert row["verdict"] == "unknown"
    # a row has the keys of a proven one (QA s43), with nothing proven in them
    assert (row["verified"], row["winning_moves"], row["proof_size"]) == (None, [], 0)
    # classified: the position's class left open is no answer either
    assert main(["solve", str(STRAIGHT_THREE), "--max-nodes", "1", "--to-play", "B",
                 "--all"]) == 3
    lines = capsys.readouterr().out.splitlines()
    # under the table, the pass's note and what a plain solve proved (QA s57 kill-all D2)
    assert lines[-2].startswith("  (pass is a tenuki") and \
        lines[-1] == "  a plain solve proved nothing either within the budget"
    rows = [line.split(None, 3) for line in lines[2:-2]]
    assert rows and all(row[1:] == ["open", "-", "not decided: node budget"] for row in rows)
    # nothing decided: nothing verified, and no file of open moves (QA s45)
    out_path = tmp_path / "none.sgf"
    assert main(["solve", str(STRAIGHT_THREE), "--max-nodes", "1", "--to-play", "B",
                 "--all", "--json", "--proof-out", str(out_path)]) == 3
    captured = capsys.readouterr()
    assert json.loads(captured.out)[0]["verified"] is None
    assert "nothing was proven" in captured.err and not out_path.exists()


def test_a_decided_root_whose_proof_was_not_built_says_what_the_search_found(
        capsys, monkeypatch):
    # a proof too large to keep stands for any stop while the proof is built (a time
    # budget spent there first came out as a bare "not proven": QA s44)
    from functools import partial

    from tsumego_gui.search import choice
    from tsumego_gui.search.params import SearchParams
    monkeypatch.setattr(choice, "SearchParams", partial(SearchParams, max_proof_nodes=3))
    assert main(["solve", str(STRAIGHT_THREE), "--to-play", "B"]) == 3
    out = capsys.readouterr().out
    assert "not proven within budget (the proof has more than 3 nodes" in out
    assert "the search found that White dies, but it stopped while it built the proof" in out
    assert "unproven and unchecked" in out
    assert main(["solve", str(STRAIGHT_THREE), "--to-play", "B", "--json"]) == 3
    row = json.loads(capsys.readouterr().out)[0]
    assert (row["verdict"], row["decided_unproven"]) == ("unknown", "dies")


def test_a_verifier_walk_cut_short_says_partly_not_yes(capsys):
    assert main(["solve", str(STRAIGHT_THREE), "--verify-positions", "1"]) == 1
    out = capsys.readouterr().out
    assert "verified: partly" in out and "verified: yes" not in out
    assert main(["solve", str(STRAIGHT_THREE), "--verify-positions", "1", "--json"]) == 1
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["verified"] is False and rows[0]["verification"] == "partly"
    assert rows[0]["verifier_errors"] == []
    # a kill checked in part is not read again under the other ko rule, and says why (QA
    # s56 research D7: the plain "a ko counts as dying" stood where "no ko" was said before)
    assert main(["solve", str(STRAIGHT_THREE), "--to-play", "B", "--verify-positions",
                 "1"]) == 1
    assert "(not settled: the proof was verified only partly (--verify-positions), so not " \
        "read again)" in capsys.readouterr().out


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


SHARED = Path(__file__).resolve().parents[2] / "shared" / "problems"
LONG_SOLVE = SHARED / "enclosed-dev" / "gop" / "17101.sgf"    # some 30 s of df-pn
MODEL = SHARED.parent / "katago" / "b10c384h6nbttflrs.bin.gz"


@pytest.mark.skipif(not LONG_SOLVE.exists(), reason="../shared/problems is not beside the repo")
def test_ctrl_c_stops_a_search_at_once_with_one_line():
    """The search runs without the GIL in the main thread, where Python's own handler
    would wait for it to end: Ctrl-C must stop it through the cancel flag."""
    command = [sys.executable, "-m", "tsumego_gui.cli.main", "solve", str(LONG_SOLVE),
               "--time", "60", "--json"]
    child = start(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(2.0)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert time.monotonic() - sent < 5.0
    assert child.returncode == 130
    assert err.decode().strip() == "tsumego: interrupted"
    assert json.loads(out) == []        # the cut-short solve is neither printed nor kept


@pytest.mark.skipif(not LONG_SOLVE.exists(), reason="../shared/problems is not beside the repo")
def test_ctrl_c_keeps_the_proof_already_finished(tmp_path):
    """QA s44: the first problem of a folder was proven and printed, Ctrl-C stopped the
    second, and --proof-out wrote nothing although the first proof is the one it saves."""
    folder = tmp_path / "two"
    folder.mkdir()
    (folder / "a.sgf").write_bytes(STRAIGHT_THREE.read_bytes())
    (folder / "b.sgf").write_bytes(LONG_SOLVE.read_bytes())
    saved = tmp_path / "first.sgf"
    command = [sys.executable, "-m", "tsumego_gui.cli.main", "solve", str(folder),
               "--time", "60", "--proof-out", str(saved)]
    child = start(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = b""
    while b"verified: yes" not in out:          # the first problem is done
        line = child.stdout.readline()
        assert line, out                        # the run ended before it
        out += line
    time.sleep(1.0)
    child.send_signal(signal.SIGINT)
    rest, err = child.communicate(timeout=60)
    assert child.returncode == 130
    assert f"proof saved to {saved}" in rest.decode()
    assert read_sgf(saved)[0].size == read_sgf(STRAIGHT_THREE)[0].size


def _entry_point(name: str) -> list[str]:
    if name == "tsumego":
        script = Path(sys.executable).with_name("tsumego")
        if not script.exists():
            pytest.skip("the tsumego console script is not installed beside this Python")
        return [str(script)]
    return [sys.executable, "-m", "tsumego_gui"]


@pytest.mark.skipif(not LONG_SOLVE.exists(), reason="../shared/problems is not beside the repo")
@pytest.mark.parametrize("entry", ["tsumego", "python -m tsumego_gui"])
def test_ctrl_c_while_the_cli_starts_is_one_line_not_a_traceback(entry):
    """Ctrl-C while numpy, the engine and the search modules are still being imported
    (the first tenths of a second) ended in a traceback: the handling began only once
    they were in.  Pressed from the first numpy import on, at a few moments."""
    command = [*_entry_point(entry), "solve", str(LONG_SOLVE), "--time", "60"]
    for delay in (0.0, 0.01, 0.03, 0.06, 0.1, 0.2, 0.4):
        status, err = ctrl_c_while_starting(command, "numpy", delay)
        assert (status, err) == (130, ["tsumego: interrupted"]), f"pressed at {delay} s: {err}"


def test_a_cli_started_ignoring_ctrl_c_keeps_ignoring_it():
    """A background job of a script (``tsumego solve ... &``) starts with Ctrl-C ignored,
    and Python leaves it so; the CLI's own handling took it over while the modules
    loaded, then gave it back, so a press ended the run or was lost by the moment it
    came (a flaky test under ``nohup``).  Pressed at any moment, the run goes on."""
    command = [*_entry_point("tsumego"), "solve", str(STRAIGHT_THREE), "--time", "5"]
    for delay in (0.0, 0.03, 0.1):
        status, err = ctrl_c_while_starting(command, "numpy", delay, ignoring=True)
        assert (status, err) == (0, []), f"pressed at {delay} s: {err}"


@pytest.mark.skipif(not (LONG_SOLVE.exists() and MODEL.is_file()),
                    reason="../shared/problems or ../shared/katago is not beside the repo")
def test_ctrl_c_while_torch_and_the_network_load_is_one_line():
    """torch and the KataGo model take seconds to load, after the CLI's own imports; a
    KeyboardInterrupt inside an extension module's import can come out as another error
    (numpy's did: "PyCapsule_Import could not import module"), so Ctrl-C ends it at once."""
    command = [*_entry_point("tsumego"), "solve", str(LONG_SOLVE), "--time", "60",
               "--evaluator", "katago", "--network", str(MODEL)]
    for delay in (0.0, 0.3, 1.0):
        status, err = ctrl_c_while_starting(command, "torch", delay)
        assert (status, err) == (130, ["tsumego: interrupted"]), f"pressed at {delay} s: {err}"


def test_time_is_the_searchs_and_the_network_loading_is_said(monkeypatch, capsys):
    """--time is the searches' clock, as its help says; a network takes seconds to
    load before the first (a KataGo solve with --time 2 took 3 s without a word why), and
    the run says how long, so that the wall time adds up."""
    from tsumego_gui.cli import solve as cli_solve
    from tsumego_gui.search.choice import network_free_evaluator

    def slow_network(name, network, device):
        time.sleep(1.0)             # torch and a model file, loaded
        return network_free_evaluator("heuristic")

    monkeypatch.setattr(cli_solve, "make_evaluator", slow_network)
    began = time.monotonic()
    assert main(["solve", str(STRAIGHT_THREE), "--evaluator", "katago", "--network",
                 "net.bin.gz", "--time", "1"]) == 0
    wall = time.monotonic() - began
    captured = capsys.readouterr()
    said = re.fullmatch(r"katago network loaded in ([\d.]+) s \(--time counts the searches "
                        r"only\)", captured.err.strip())
    assert said, captured.err
    searched = float(re.search(r"searched .* in ([\d.]+) s", captured.out)[1])
    assert 1.0 <= float(said[1]) and float(said[1]) + searched <= wall + 0.1
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "checking a proof with the verifier comes after" in said
    assert "loading a network (--evaluator katago or ftl) comes before" in said


@pytest.mark.slow
@pytest.mark.skipif(not (LONG_SOLVE.exists() and MODEL.is_file()),
                    reason="../shared/problems or ../shared/katago is not beside the repo")
def test_a_katago_solve_takes_the_loading_it_says_and_its_time():
    """The real model: the wall time of ``--time 1`` is the loading said, the search's
    seconds and Python's start-up and exit; the last are less than the loading (QA: a
    --time 2 solve took some 3 s, the loading unsaid)."""
    command = [*_entry_point("tsumego"), "solve", str(LONG_SOLVE), "--evaluator", "katago",
               "--network", str(MODEL), "--time", "1", "--to-play", "B", "--json"]
    began = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    wall = time.monotonic() - began
    assert done.returncode == 3, done.stderr            # not proven in a second
    said = re.search(r"katago network loaded in ([\d.]+) s", done.stderr)
    assert said, done.stderr
    loaded, searched = float(said[1]), json.loads(done.stdout)[0]["seconds"]
    assert 0 < loaded and wall - loaded - searched < loaded, (wall, loaded, searched)


def test_ctrl_c_during_the_ko_reading_keeps_the_kill(tmp_path, capsys, monkeypatch):
    """QA s44: the kill was proven and verified, Ctrl-C came while it was read for a ko
    (which may take the rest of --time), and the kill was thrown away."""
    from tsumego_gui.search import kill_by_ko

    def interrupted(outcome, solve, seconds, **kw):
        signal.raise_signal(signal.SIGINT)          # as the key would, mid-reading
        return kill_by_ko.KoReading(None, outcome, why_open="cancelled")

    monkeypatch.setattr(kill_by_ko, "read_kill", interrupted)
    saved = tmp_path / "kill.sgf"
    direct_ko = BUNDLED / "ko" / "direct-ko.sgf"
    with as_in_a_terminal():
        assert main(["solve", str(direct_ko), "--proof-out", str(saved)]) == 130
    out, err = capsys.readouterr()
    assert "White to play: White dies" in out and "not settled: cancelled" in out
    assert f"proof saved to {saved}" in out and saved.exists()
    assert err.strip() == "tsumego: interrupted"


def test_nothing_proven_with_a_proof_file_is_the_budgets_news(tmp_path, capsys):
    """QA s44: it ended with exit status 2 (bad input), after the row said 3."""
    saved = tmp_path / "p.sgf"
    assert main(["solve", str(BUNDLED / "classic" / "rabbity-six.sgf"), "--max-nodes", "3",
                 "--proof-out", str(saved)]) == 3
    out, err = capsys.readouterr()
    assert "not proven within budget" in out
    assert err.strip() == f"tsumego: nothing was proven, so {saved} was not written"
    assert not saved.exists()


def test_a_proof_file_that_cannot_be_written_is_refused_before_the_solve(tmp_path, capsys):
    missing = tmp_path / "no-such-folder" / "p.sgf"
    assert main(["solve", str(STRAIGHT_THREE), "--proof-out", str(missing)]) == 2
    out, err = capsys.readouterr()
    assert out == ""                    # nothing was solved
    assert err.startswith(f"tsumego: cannot write {missing}")
    assert main(["solve", str(STRAIGHT_THREE), "--proof-out", str(tmp_path)]) == 2
    assert "cannot write" in capsys.readouterr().err
    # a folder that takes no file, though it reads as writable (QA s45: found only after
    # the solve, which was lost)
    if Path("/proc/self").is_dir():
        assert main(["solve", str(STRAIGHT_THREE), "--proof-out", "/proc/p.sgf"]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.startswith("tsumego: cannot write /proc/p.sgf")


@pytest.mark.parametrize("option", [["--time", "-1"], ["--time", "nan"], ["--time", "inf"],
                                    ["--max-nodes", "-5"], ["--verify-positions", "0"],
                                    ["--batch-size", "0"],
                                    # QA s46: past a C long / a 64-bit seed, a traceback
                                    ["--max-nodes", str(2**63)],
                                    ["--max-nodes", str(2**63 - 1)], ["--seed", "-1"],
                                    ["--seed", str(2**64)]])
def test_budgets_out_of_range_are_refused_by_name(option, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["solve", str(STRAIGHT_THREE), *option])
    assert exit_.value.code == 2
    assert f"argument {option[0]}" in capsys.readouterr().err


@pytest.mark.parametrize("goal", ["live", "survive"])
def test_a_goal_the_classes_already_cover_gives_the_same_table_with_all(goal, capsys):
    """QA s46: ``--goal survive --all`` (the default goal, named) was refused; the classes
    cover both goals, so naming either changes nothing."""
    seki = BUNDLED / "classic" / "seki-shared-liberties.sgf"
    assert main(["solve", str(seki), "--all"]) == 0
    plain = capsys.readouterr().out.splitlines()[1:]         # the headline holds the time
    assert main(["solve", str(seki), "--goal", goal, "--all"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == plain
    assert any("seki" in line for line in plain)


def test_a_kill_is_told_from_a_ko():
    """QA s39 (A2): under the problem's rule (White may not take a ko) Black F1 in the direct
    ko kills too, and the solve named it; a player names E1, the kill with no ko in it.  The
    classes are the bundled expectations (expected.json)."""
    direct_ko = BUNDLED / "ko" / "direct-ko.sgf"
    out = _output(["solve", str(direct_ko), "--to-play", "B"])
    assert "a winning move: E1" in out
    assert "no ko: White dies even where it may take kos" in out
    out = _output(["solve", str(direct_ko), "--to-play", "W"])
    assert "a ko: White dies only while it may not take a ko; E1 makes a ko" in out
    out = _output(["solve", str(BUNDLED / "ko" / "approach-ko.sgf"), "--to-play", "B"])
    assert "a ko: B1 kills only while White may not take a ko; where White may, no move " \
           "kills" in out
    row, = json.loads(_output(["solve", str(direct_ko), "--to-play", "W", "--json"]))
    assert (row["kill_needs_ko"], row["ko_move"], row["clean_kill"]) == (True, "E1", None)
    row, = json.loads(_output(["solve", str(direct_ko), "--to-play", "B", "--json"]))
    assert (row["kill_needs_ko"], row["ko_move"], row["clean_kill"]) == (False, None, "E1")
    row, = json.loads(_output(["solve", str(BUNDLED / "ko" / "approach-ko.sgf"), "--to-play",
                               "B", "--json"]))
    assert (row["kill_needs_ko"], row["ko_move"], row["clean_kill"]) == (True, "B1", None)
    assert "ko" not in _output(["solve", str(STRAIGHT_THREE)])      # a life: no ko note


def test_a_folder_names_each_problem(tmp_path):
    for name in ("a.sgf", "b.sgf"):
        (tmp_path / name).write_bytes(STRAIGHT_THREE.read_bytes())
    out = _output(["solve", str(tmp_path)])
    assert "--- 1: a.sgf" in out and "--- 2: b.sgf" in out
    rows = json.loads(_output(["solve", str(tmp_path), "--json"]))
    assert [row["problem"].split(" (")[0] for row in rows] == ["1: a.sgf", "2: b.sgf"]


def test_a_bad_file_of_a_folder_is_skipped_with_a_line_and_exit_2(tmp_path, capsys):
    (tmp_path / "a.sgf").write_bytes(STRAIGHT_THREE.read_bytes())
    (tmp_path / "b.sgf").write_text("(;GM[1]SZ[9]AB[zz")
    (tmp_path / "c.sgf").write_bytes(STRAIGHT_THREE.read_bytes())
    assert main(["solve", str(tmp_path)]) == 2       # bad input, though the rest was solved
    captured = capsys.readouterr()
    assert captured.out.count("verified: yes") == 2
    assert "--- 1: a.sgf" in captured.out and "--- 3: c.sgf" in captured.out
    [line] = captured.err.splitlines()
    assert line.startswith("tsumego: skipped problem 2: ") and "b.sgf: not a readable SGF" in line


def test_index_reads_its_game_past_a_bad_one_and_names_a_bad_one_by_its_number(tmp_path,
                                                                                capsys):
    collection = tmp_path / "three.sgf"
    collection.write_bytes(b"(;GM[1]SZ[30])" + STRAIGHT_THREE.read_bytes() + b"(;GM[1]SZ[1])")
    assert main(["solve", str(collection), "--index", "2"]) == 0
    captured = capsys.readouterr()
    assert "White lives" in captured.out and captured.err == ""
    assert main(["solve", str(collection), "--index", "3"]) == 2
    assert "game 3: board size 1" in capsys.readouterr().err


def test_an_override_refused_by_one_game_names_that_game():
    killall = BUNDLED / "killall7" / "killall-7x7.sgf"
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["solve", str(killall), "--index", "4", "--goal", "survive"]) == 2
    assert "game 4: goal 'survive'" in err.getvalue()


def test_the_exit_statuses_are_in_the_help():
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main(["solve", "--help"])
    text = " ".join(out.getvalue().split())
    assert "3 not proven within the budget" in text and "1 a proof not verified" in text


def test_a_proof_file_of_neither_format_is_refused_before_the_solve(tmp_path, capsys):
    assert main(["solve", str(STRAIGHT_THREE), "--proof-out", str(tmp_path / "p.txt")]) == 2
    captured = capsys.readouterr()
    assert "name a .sgf or a .json file" in captured.err and captured.out == ""
    assert not (tmp_path / "p.txt").exists()


def test_a_closed_pipe_ends_quietly():
    command = f"{sys.executable} -m tsumego_gui.cli.main info {STRAIGHT_THREE} | head -1"
    done = subprocess.run(command, shell=True, capture_output=True, timeout=60)
    assert done.stderr == b""


@pytest.mark.parametrize("all_moves", [False, True])
def test_a_saved_proof_starts_with_the_proof_for_the_side_asked(all_moves, tmp_path):
    """direct-ko.sgf says White to play and holds the book's White E1; asked for Black,
    the file must say Black to play, and every variation must be a commented Black move
    of the proof (a bare book move would be the main line in other programs)."""
    direct_ko = BUNDLED / "ko" / "direct-ko.sgf"
    out = tmp_path / "p.sgf"
    _output(["solve", str(direct_ko), "--to-play", "B", "--proof-out", str(out)]
            + (["--all"] if all_moves else []))
    root = sgf.Sgf_game.from_bytes(out.read_bytes()).get_root()
    assert root.get("PL") == "b"
    assert [child.get_move()[0] for child in root] == ["b"] * len(root)
    assert all(child.has_property("C") for child in root)


def _output(argv: list[str]) -> str:
    """What ``tsumego`` prints on standard output (asserting a clean exit status)."""
    stream = io.StringIO()
    with contextlib.redirect_stdout(stream):
        assert main(argv) in (0, 3)
    return stream.getvalue()


def test_a_region_that_leaves_out_a_liberty_of_the_crucial_stones_is_warned(tmp_path, capsys):
    """QA s40: straight three with C1 left out of the region.  No move is played at C1, so
    the white stones keep that liberty and cannot be captured: a tenuki then "lives in
    seki", true of this region and not of the Go problem.  The answer stays as proven,
    with a warning naming the point, printed and in the JSON rows."""
    path = tmp_path / "short.sgf"
    path.write_bytes(STRAIGHT_THREE.read_bytes().replace(b"SQ[ai][bi][ci]", b"SQ[ai][bi]"))
    warning = ("crucial stones have a liberty outside the region (C1): no move is ever "
               "played there, so those stones can never be captured; add it to the region")
    assert main(["solve", str(path), "--all"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == f"warning: {warning}"
    assert {line.split()[0]: line.split()[1] for line in lines[3:]}["pass"] == "seki"
    assert main(["solve", str(path)]) == 0
    assert f"warning: {warning}" in capsys.readouterr().out.splitlines()
    assert main(["solve", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["region_warning"] == warning
    assert main(["info", str(path)]) == 0               # where a user checks the posing
    assert f"warning:      {warning}" in capsys.readouterr().out.splitlines()


def test_under_the_goal_live_a_loss_reads_as_no_unconditional_life(capsys, tmp_path):
    """QA s45: "White dies (no move lives)" for a seki under ``--goal live``: the goal
    fails, but nothing dies.  Straight three: White B1 makes two eyes, Benson-alive."""
    assert main(["solve", str(STRAIGHT_THREE), "--goal", "live"]) == 0
    assert "White to play: White lives unconditionally" in capsys.readouterr().out
    assert main(["solve", str(STRAIGHT_THREE), "--goal", "live", "--to-play", "B"]) == 0
    out = capsys.readouterr().out
    assert "Black to play: White does not live unconditionally\n" in out
    assert "no ko: White does not live unconditionally even where it may take kos" in out


def test_a_network_names_its_evaluator_and_a_network_free_one_refuses_it(tmp_path, capsys):
    """QA s45: ``--network FILE`` without ``--evaluator`` ran the heuristic evaluator and
    never read the file; ``--device`` was dropped with df-pn.  The file's kind names the
    evaluator; a network-free evaluator says it runs none."""
    missing = tmp_path / "model.bin.gz"
    assert main(["solve", str(STRAIGHT_THREE), "--network", str(missing)]) == 2
    assert "KataGo model file not found" in capsys.readouterr().err
    assert main(["solve", str(STRAIGHT_THREE), "--network", str(tmp_path / "w.pt")]) == 2
    assert "w.pt" in capsys.readouterr().err                # read as the ftl weights
    for option in (["--network", str(missing)], ["--device", "cuda"]):
        assert main(["solve", str(STRAIGHT_THREE), "--evaluator", "heuristic", *option]) == 2
        assert f"{option[0]} is for a network evaluator" in capsys.readouterr().err
    # df-pn takes only katago's focus (QA s56 research D5: ftl loaded, then plain df-pn ran)
    for option in (["--evaluator", "ftl"], ["--evaluator", "heuristic"],
                   ["--network", str(tmp_path / "w.pt")]):
        assert main(["solve", str(STRAIGHT_THREE), "--solver", "dfs", *option]) == 2
        assert "evaluator guides MCTS (--solver mcts or auto); df-pn takes only katago's" in \
            capsys.readouterr().err


# The L-four corner ko just after Black took it (A1 was White's): White holds one ko threat
# and may not retake at A1 at once (TO).  QA s46.
KO_JUST_TAKEN = (b"(;FF[4]GM[1]SZ[9]PL[W]TK[BW]TO[ai]TT[0:1]"
                 b"AB[af][bf][cf][cg][dg][eg][eh][ei][bi][ah]AW[ag][bg][bh][ch][dh][di]"
                 b"TR[ag][bg][bh][ch][dh][di]SQ[ah][ai][bi][ci])")


def test_all_says_what_the_classes_set_aside(tmp_path, capsys):
    """A plain solve spends White's threat to retake and lives; the classes ask only who may
    capture kos, so --all says "dies": the table says why, and why A1 is not in it."""
    path = tmp_path / "ko-taken.sgf"
    path.write_bytes(KO_JUST_TAKEN)
    assert main(["solve", str(path)]) == 0
    assert "White lives" in capsys.readouterr().out
    assert main(["solve", str(path), "--all", "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert [m["move"] for m in row["first_moves"]] == ["pass"]
    assert len(row["set_aside"]) == 2
    assert "ko threats (White 1) are set aside" in row["set_aside"][0]
    assert row["set_aside"][1].startswith("A1 is no first move")
    assert main(["solve", str(path), "--all"]) == 0
    assert "note: A1 is no first move" in capsys.readouterr().out
    # Black to play instead: a move elsewhere came between, which lifts the ban (review s46:
    # A1 was missing for Black too, with no note)
    assert main(["solve", str(path), "--all", "--to-play", "B", "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert "A1" in [m["move"] for m in row["first_moves"]]
    assert not any("no first move" in note for note in row["set_aside"])


def test_the_all_json_gives_the_positions_ko_figure_as_fields(capsys):
    """QA s62: the position's ko figure was only in the status sentence, where every row
    had it as fields.  The direct ko, White to play: White needs 1 threat; the J group,
    Black to play: White fails even with 3."""
    assert main(["solve", str(BUNDLED / "ko" / "direct-ko.sgf"), "--all", "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["ko_threats"] == {"side": "White", "threats": 1, "kind": "direct ko"}
    assert "ko_beyond" not in row
    assert main(["solve", str(BUNDLED / "corner" / "j-group.sgf"), "--all", "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["ko_beyond"] == "White" and "ko_threats" not in row


def test_a_file_name_that_is_not_utf8_does_not_lose_the_proof(tmp_path, capsys):
    """QA s46: the proof of "caf\\xe9.sgf" (a Latin-1 name unzipped on Linux) was solved
    and then never written: the name went into the SGF as a lone surrogate."""
    name = os.fsdecode(b"caf\xe9.sgf")
    (tmp_path / name).write_bytes(STRAIGHT_THREE.read_bytes())
    out = tmp_path / "p.sgf"
    assert main(["solve", str(tmp_path / name), "--proof-out", str(out)]) == 0
    assert "caf\ufffd.sgf" in out.read_text(encoding="utf-8")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_an_output_that_fails_loses_the_lines_not_the_proof(tmp_path):
    """QA s46: with stdout on a full disk the proof was never saved and the error named the
    problem file as unreadable; with stdout closed, --json ended in a traceback."""
    out = tmp_path / "p.sgf"
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "tsumego_gui.cli.main", "solve",
                               str(STRAIGHT_THREE), "--proof-out", str(out)],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 2 and out.exists()
    assert "cannot go on: No space left on device" in done.stderr
    out_json = tmp_path / "p.json"
    done = subprocess.run(["bash", "-c", f'"{sys.executable}" -m tsumego_gui.cli.main solve '
                           f'"{STRAIGHT_THREE}" --json --proof-out "{out_json}" >&-'],
                          stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert json.loads(out_json.read_text())["nodes"]


def test_the_problems_own_file_is_not_overwritten_by_its_proof(tmp_path, capsys):
    """QA s46: --proof-out naming the input replaced the problem and its book lines."""
    path = tmp_path / "mine.sgf"
    path.write_bytes(STRAIGHT_THREE.read_bytes())
    assert main(["solve", str(path), "--proof-out", str(path)]) == 2
    assert "is the problem's own file" in capsys.readouterr().err
    assert path.read_bytes() == STRAIGHT_THREE.read_bytes()


def test_a_run_over_several_problems_says_which_proof_it_saved(tmp_path, capsys):
    """QA s46: a collection saved its first proof and said nothing of the others; review
    s46: a problem solved for both sides (no PL) counts once."""
    game = STRAIGHT_THREE.read_bytes().strip()
    two = tmp_path / "two.sgf"
    two.write_bytes(game + b"\n" + game)
    assert main(["solve", str(two), "--proof-out", str(tmp_path / "p.sgf")]) == 0
    assert "(the first of 2 problems proven; one per file)" in capsys.readouterr().out
    both_sides = tmp_path / "nopl.sgf"
    both_sides.write_bytes(game.replace(b"PL[W]", b""))
    assert main(["solve", str(both_sides), "--proof-out", str(tmp_path / "q.sgf")]) == 0
    assert capsys.readouterr().out.rstrip().endswith(f"proof saved to {tmp_path / 'q.sgf'}")


def test_the_move_that_makes_the_ko_is_marked_ko_in_the_plain_export(tmp_path, capsys):
    """QA s46: the direct ko's E1 was "WRONG" (BM) in the plain export, where the CLI said
    "E1 makes the ko", and "RIGHT" with --all."""
    out = tmp_path / "p.sgf"
    assert main(["solve", str(BUNDLED / "ko" / "direct-ko.sgf"), "--proof-out", str(out)]) == 0
    assert "E1 makes a ko" in capsys.readouterr().out
    game = sgf.Sgf_game.from_bytes(out.read_bytes())
    e1 = next(n for n in game.get_root() if n.get_move()[1] == (0, 4))
    assert e1.get("C").startswith("KO: ") and not e1.has_property("BM") \
        and not e1.has_property("TE")


def test_a_run_forgets_each_problems_zones_once_it_is_done(tmp_path, capsys):
    """The zones spelled out for a problem's proofs serve that problem only: kept, they
    pinned the memory its proofs were freed from (QA s47: 1.6 GB after a run over
    enclosed-dev, 334 MB without them)."""
    from tsumego_gui.search.results import zone_locs
    assert main(["solve", str(STRAIGHT_THREE), "--all"]) == 0
    assert "B1" in capsys.readouterr().out
    assert zone_locs.cache_info().currsize == 0


def test_diagram_prints_the_main_line_for_a_forum_post(capsys):
    """Straight three: White's B1 lives at once; the diagram numbers it on the corner the
    app shows, under the side to move."""
    assert main(["solve", str(STRAIGHT_THREE), "--diagram"]) == 0
    out = capsys.readouterr().out
    diagram = out[out.index("$$W White to play"):].splitlines()
    assert all(line.startswith("$$") for line in diagram)
    assert diagram[-2] == "$$ | . 1 . O X . . . . |"        # the first line: B1 numbered 1
    assert main(["solve", str(STRAIGHT_THREE), "--to-play", "B", "--all", "--json",
                 "--diagram"]) == 0
    row = json.loads(capsys.readouterr().out)[0]
    # Black's B1 kills: the line starts before it, so B1 is 1, and ends there: White has
    # nothing left but to pass or put its group in atari (C1 or A1), and a book stops
    lines = row["diagram"].splitlines()
    assert lines[0] == "$$B Black to play" and lines[-2] == "$$ | . 1 . O X . . . . |"


def test_a_diagram_starts_a_lost_ko_with_the_ko_move_and_says_the_rule(capsys):
    """QA s48: the direct ko, White to play, dies only while White may not take a ko; the
    line starts with E1, which makes the ko (not the longest failure), and says why White
    does not retake, as the SGF export's comments do."""
    direct_ko = BUNDLED / "ko" / "direct-ko.sgf"
    assert main(["solve", str(direct_ko), "--to-play", "W", "--diagram"]) == 0
    out = capsys.readouterr().out
    diagram = out[out.index("$$W White to play"):].splitlines()
    assert "$$ | . X O X 1 2 O X . |" in diagram         # White E1, Black takes at F1
    assert "After 2: White may not retake the ko at E1 (this line's ko rule)" in diagram


def test_all_with_diagram_shows_both_sides_of_a_ko(capsys):
    """QA s49: with --all a ko's diagram was the line in which Black kills where White may
    not take a ko, with no ko in it; the line where White may take it follows, as the plain
    solve's diagram has it, from the same first move.  QA s54: the first line still had
    no ko (White answered B1 at A2 and died); it follows White into the ko, A1, where
    Black takes it at A2 and White may not retake.  The second line ends where White has
    taken the ko (s57: Black has nothing left White must answer; it had gone on with
    Black's pass and White's connection at C1)."""
    ko = BUNDLED / "corner" / "l-four-corner-ko.sgf"
    assert main(["solve", str(ko), "--all", "--diagram"]) == 0
    out = capsys.readouterr().out
    first, _, second = out.partition("\n\nWhere White may take kos (and Black may not), "
                                     "it lives:\n")
    assert second.startswith("$$B Black to play")
    board = first.splitlines()
    assert "$$ | 3 O O O X . . . . |" in board and "$$ | 2 1 . O X . . . . |" in board
    assert "After 3: White may not retake the ko at A1 (this line's ko rule)" in board
    assert "$$ | 2 1 . O X . . . . |" in second.splitlines()   # B1, White takes the ko
    assert "After 2: Black may not take the ko at A2 (this line's ko rule)" in second


def test_a_ko_black_need_not_start_is_drawn_from_the_move_that_starts_it(tmp_path, capsys):
    """QA s52 D3: bent four in the corner (our own: White's group A5-C5, B2-B4, C1-C4 with
    Black's A1-A3 inside, A4 and B1 empty).  Black may start the ko at B1 whenever it
    likes, so a tenuki
    keeps the class, and both diagrams were "1: Black passes" with no ko in them; they
    start with B1, White taking four stones at A4 (2), as the books show it."""
    path = tmp_path / "bent-four.sgf"
    path.write_text("(;FF[4]GM[1]SZ[9]PL[B]AB[ad][ag][ah][ai][bd][cd][dd][de][df][dg][dh][di]"
                    "AW[ae][be][bf][bg][bh][ce][cf][cg][ch][ci]TR[ae]SQ[af][ag][ah][ai][bi])")
    assert main(["solve", str(path), "--all", "--diagram"]) == 0
    out = capsys.readouterr().out
    assert "Black need not play: a tenuki keeps this result" in out
    first, _, second = out.partition("\n\nWhere White may take kos (and Black may not), "
                                     "it lives:\n")
    for line in (first, second):
        board = line.splitlines()
        assert "$$ | X 1 O X . . . . . |" in board and "$$ | 2 O O X . . . . . |" in board
        assert "1: Black passes" not in line


# bent four in the corner with one outside liberty, A4 (our own; QA s55): a ko either side
BENT_FOUR_ONE_LIBERTY = (
    "(;FF[4]GM[1]SZ[9]AB[ac][bc][cc][dc][ec][fc][gc][hc][ad][cd][ed][fd][gd][hd][ae][be]"
    "[ce][de][ee][fe][ge][he][bf][cf][df][ef][ff][gf][hf][fg][hg][fh][gh][hh][ai][bi][ci]"
    "[fi][hi]AW[ag][bg][cg][dg][eg][bh][ch][dh][eh][ei]MA[bh])")


def test_a_ko_a_tenuki_keeps_is_drawn_from_the_move_whose_line_shows_the_ko(tmp_path,
                                                                           capsys):
    """QA s55 D3 and the regression round: White to play, no White move helps and a tenuki
    keeps the ko (the table says so).  The diagram began with White A4, which fills its
    own last outside liberty; drawn from the tenuki instead, it showed no ko (White
    passes, Black fills A4, and both lines end).  A tenuki is drawn before such a move only
    where its line shows the ko too: here A4's does ("Black may not take the ko")."""
    path = tmp_path / "bent-four-1.sgf"
    path.write_text(BENT_FOUR_ONE_LIBERTY)
    assert main(["solve", str(path), "--all", "--diagram", "--to-play", "W"]) == 0
    out = capsys.readouterr().out
    assert "White need not play: a tenuki keeps this result" in out
    table = {row.split()[0]: row.split()[1] for row in out.splitlines()
             if row.startswith("  ") and row.split()[0] in ("A4", "A2", "pass")}
    assert table["A4"] == table["pass"] == "ko"
    first = out.split("\n\n")[0]
    assert "1: White passes" not in first and "may not take the ko" in first


def test_a_ko_is_drawn_from_a_move_whose_line_reaches_it(tmp_path, capsys):
    """QA s55 D1: Black to play, the approach A4 and the throw-in A2 both make the ko; the
    diagram took A4, whose line ended at once (White has nothing left but self-atari under
    the problem's rule), so a "ko" verdict stood over a diagram with no ko in it.  A2's
    line goes on to the ko, White taking four stones at D1 first."""
    path = tmp_path / "bent-four-1.sgf"
    path.write_text(BENT_FOUR_ONE_LIBERTY)
    assert main(["solve", str(path), "--all", "--diagram", "--to-play", "B"]) == 0
    out = capsys.readouterr().out
    table = {row.split()[0]: row.split()[1] for row in out.splitlines()
             if row.startswith("  ") and row.split()[0] in ("A4", "A2", "pass")}
    assert table["A4"] == table["A2"] == "ko"
    first = out.split("\n\n")[0].splitlines()
    assert "$$ | 1 O O O O X X X . |" in first and "$$ | X X X 4 O X . X . |" in first
    assert any(line.startswith("After ") and "may not retake the ko" in line
               for line in first)


def test_all_with_diagram_draws_a_first_move_that_takes_a_ko(tmp_path, capsys):
    """QA s50: the L-four ko just taken by Black (A2), White to play: White's A1 retakes
    the ko, which the problem's own rule forbids White, so drawing the line under that rule
    stopped the run as bad input ("A1 is illegal"); it is drawn under its proof's rule."""
    path = tmp_path / "ko-taken.sgf"
    path.write_text("(;FF[4]GM[1]SZ[9]PL[W]AB[af][bf][cf][cg][dg][eg][eh][ei][bi][ah]"
                    "AW[ag][bg][bh][ch][dh][di]TR[ag][bg][bh][ch][dh][di]SQ[ai][ci][bi][ah])")
    assert main(["solve", str(path), "--all", "--diagram"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[2].split()[:2] == ["A1", "ko"]
    assert "$$ | 1 X 3 O X . . . . |" in out.splitlines()      # A1 retakes, then C1
    assert "After 1: Black may not retake the ko at A2 (this line's ko rule)" in out
    # the line's rule is not the problem's: a heading says so, as over a ko's other side
    # (QA s55 shapes D5: only a footnote did)
    headings = [line for line in out.splitlines() if line.startswith("Where ")]
    assert headings == ["Where White may take kos (and Black may not), it lives:"]
    # a ko's two lines, White or Black to play: both under a heading (regression round)
    for name, first in (("direct-ko.sgf", "Where White may take kos (and Black may not), "
                         "it lives:"),
                        ("approach-ko.sgf", "Where White may not take a ko (and Black may),"
                         " it dies:")):
        assert main(["solve", str(BUNDLED / "ko" / name), "--all", "--diagram"]) == 0
        headings = [line for line in capsys.readouterr().out.splitlines()
                    if line.startswith("Where ")]
        assert len(headings) == 2 and headings[0] == first and headings[1] != first


def test_a_plain_solve_says_whether_a_life_is_a_seki(tmp_path, capsys):
    """QA s49 D8: an eye-against-eye seki read "White lives" with a liberty fill named and
    no word of seki; a straight three's life is unconditional.  In a closer frame a seki is
    not said: the problem's own, wider, frame may give more."""
    seki = BUNDLED / "classic" / "seki-shared-liberties.sgf"
    assert main(["solve", str(seki)]) == 0
    assert ("  seki: White lives only in seki, it cannot live unconditionally (--all gives "
            "every first move's class)") in capsys.readouterr().out.splitlines()
    assert main(["solve", str(STRAIGHT_THREE), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["seki_reading"] == \
        "no seki: White lives unconditionally"
    # rectangular eight on the edge of an open 19x19 board: Black gets a seki at best in
    # the closer frame
    open_eight = tmp_path / "open-eight.sgf"
    open_eight.write_text("(;FF[4]GM[1]SZ[19]C[Black to play. What is White's status?]PL[B]"
                          "AB[ap][bp][cp][dp][ep][fp][fq][fr][fs]"
                          "AW[aq][bq][cq][dq][eq][er][es])")
    assert main(["solve", str(open_eight)]) == 0
    out = capsys.readouterr().out
    assert "frame: proven in the closer frame" in out
    assert ("seki or unconditional life: not settled (a seki in the closer frame; the "
            "problem's own frame may give more)") in out


def test_all_says_what_a_plain_solve_proves_where_the_classes_stay_open(tmp_path, capsys):
    """QA s56 book19 D1: on a book problem ``--all`` left every first move open where a
    plain solve, the closer frame first, proved the life at once; it says so under them."""
    open_eight = tmp_path / "open-eight.sgf"
    open_eight.write_text("(;FF[4]GM[1]SZ[19]C[Black to play. What is White's status?]PL[B]"
                          "AB[ap][bp][cp][dp][ep][fp][fq][fr][fs]"
                          "AW[aq][bq][cq][dq][eq][er][es])")
    saved = tmp_path / "proof.json"
    main(["solve", str(open_eight), "--all", "--max-nodes", "5000", "--diagram",
          "--proof-out", str(saved)])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Black to play: open")
    assert ("  a plain solve proves in a closer frame around the defender: White lives "
            "(verified; the classes above stay open)") in lines
    # its line and its proof stand for the classes' (QA s56 regression D4: "No line:
    # nothing was proven" under it, and no proof saved)
    assert "$$B Black to play" in lines and not any(x.startswith("No line") for x in lines)
    assert Proof.load_json(saved).root.won
    # too few nodes for the plain solve as well: said so, not "try a plain solve"
    main(["solve", str(open_eight), "--all", "--max-nodes", "50"])
    assert capsys.readouterr().out.splitlines()[-1] == (
        "  a plain solve, the closer frame first, proved nothing either within the budget")


def test_all_on_a_research_problem_says_what_a_plain_solve_proves(capsys):
    """QA s57 kill-all D2: on a 7x7 kill-all (rzone-7x7 json 18) every first move stayed
    open within the budget, exit 3 and nothing saved, where a plain solve proves White's
    life (B7) at once; a problem that was not posed gets the plain solve's line too."""
    path = SHARED / "rzone-7x7" / "json" / "18.json"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    # exit 3 still: the classes the job asked for stay open
    assert main(["solve", str(path), "--all", "--max-nodes", "40000"]) == 3
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("White to play: open")
    assert ("  a plain solve proves: White lives, a winning move: B7 (verified; the classes "
            "above stay open)") in lines


def test_what_a_plain_solve_proves_keeps_its_kill_that_needs_a_ko():
    """QA s61: under a table left open, "a plain solve proves: Black dies, a winning move:
    C9" where the plain solve itself said C9 kills only while Black may not take a ko."""
    from tsumego_gui.cli.solve import plain_words
    row = {"verdict": "dies", "verification": "verified", "winning_moves": ["C9"],
           "frame": "own", "defender": "Black", "kill_needs_ko": True}
    assert plain_words(row) == ("a plain solve proves: Black dies only while Black may not "
                                "take a ko, a winning move: C9 (verified; the classes above "
                                "stay open)")
    assert "only while" not in plain_words({**row, "kill_needs_ko": False})
    unread = plain_words({**row, "kill_needs_ko": None, "defender_takes_kos": False})
    assert unread.startswith("a plain solve proves: Black dies while Black may not take a "
                             "ko (whether the kill needs one was not read), a winning move")
    assert "ko" not in plain_words({**row, "kill_needs_ko": None, "defender_takes_kos": True})


def test_all_says_where_the_side_to_move_need_not_play(capsys):
    """QA s50: where a tenuki keeps the best result (White's seki), the table says so and
    the diagram is the tenuki's line (a liberty fill came first), without the passes that
    end the game; where it does not (the straight three's B1), neither is said."""
    seki = BUNDLED / "classic" / "seki-shared-liberties.sgf"
    assert main(["solve", str(seki), "--all", "--diagram"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "  White need not play: a tenuki keeps this result"
    assert lines[-1] == "1: White passes"
    assert main(["solve", str(STRAIGHT_THREE), "--all", "--diagram"]) == 0
    out = capsys.readouterr().out
    assert "need not play" not in out and "$$ | . 1 . O X . . . . |" in out


def test_a_line_of_passes_alone_says_its_first(capsys):
    """Review s50: a seki's attacker passes and so does the defender: with the passes that
    end a line dropped, the diagram was the bare position, with nothing said."""
    seki = BUNDLED / "classic" / "seki-shared-liberties.sgf"
    assert main(["solve", str(seki), "--to-play", "B", "--diagram"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1: Black passes"


def test_a_13x13_side_problem_is_framed_small_and_proven(tmp_path, capsys):
    """QA s50: a straight three on the left side of 13x13, White to kill: the frame ran
    from edge to edge (36 empty points), auto picked MCTS, and nothing was proven in 20 s;
    df-pn proves A6 at once."""
    path = tmp_path / "side13.sgf"
    path.write_text("(;GM[1]FF[4]SZ[13]PL[W]AB[aj][bj][bi][bh][bg][bf][af]AW[ak][bk][cj][ci]"
                    "[ch][cg][cf][be][ae]C[White to kill](;W[ah]C[Correct])(;W[ai];B[ah]"
                    "C[Wrong]))")
    assert main(["solve", str(path), "--time", "20"]) == 0
    out = capsys.readouterr().out
    assert "solver: dfs" in out and "White to play: Black dies" in out
    assert "a winning move: A6" in out and "verified: yes" in out


def test_an_exported_kos_main_line_starts_with_the_move_that_makes_it(tmp_path, capsys):
    """Review s50: the diagram's line of the direct ko (White to play) starts with E1, which
    makes the ko; the exported proof's main line started with F1."""
    out = tmp_path / "ko.sgf"
    assert main(["solve", str(BUNDLED / "ko" / "direct-ko.sgf"), "--to-play", "W",
                 "--proof-out", str(out)]) == 0
    first = sgf.Sgf_game.from_bytes(out.read_bytes()).get_main_sequence()[1]
    assert first.get_move() == ("w", (0, 4)) and first.get("C").startswith("KO")    # E1


def test_the_first_move_table_says_what_its_pass_is(capsys):
    """QA s49: a pass "kills" in the table where the single solve names a move: the table's
    pass is a tenuki, which does not end the game; the line under the table says so."""
    assert main(["solve", str(STRAIGHT_THREE), "--all"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == ("  (pass is a tenuki: play goes on elsewhere, and it does not count "
                         "toward the two passes that end the game)")
    assert lines[-2].split()[:2] == ["pass", "dies"]


def test_a_group_alive_already_needs_no_move(tmp_path, capsys):
    """QA s49: straight three with White's B1 played already: "winning moves: none" read
    as "no move works"; the app says "none needed" (QA s46), and so does the CLI."""
    path = tmp_path / "alive.sgf"
    path.write_bytes(STRAIGHT_THREE.read_bytes().replace(b"AW[ah]", b"AW[bi][ah]")
                     .replace(b"SQ[ai][bi][ci]", b"SQ[ai][ci]"))
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "  winning moves: none needed (White is unconditionally alive already)" in out
    assert main(["solve", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["alive_already"] is True
    # Black to play has no move at all: not "none needed" (review s49)
    assert main(["solve", str(path), "--to-play", "B"]) == 0
    assert "  winning moves: none (White is unconditionally alive already)" in \
        capsys.readouterr().out


def test_a_long_line_is_cut_and_said_to_go_on(capsys, monkeypatch):
    from tsumego_gui.search import line_diagram
    monkeypatch.setattr(line_diagram, "DIAGRAM_MOVES", 2)
    assert main(["solve", str(BUNDLED / "classic" / "rabbity-six.sgf"), "--to-play", "B",
                 "--diagram"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("The line goes on in the proof (shown to move 2).")
    assert " 3 " not in out[out.index("$$B"):]


def test_an_unproven_diagram_shows_the_position_and_says_why_no_line(capsys):
    assert main(["solve", str(BUNDLED / "classic" / "bent-three.sgf"), "--to-play", "B",
                 "--diagram", "--max-nodes", "3"]) == 3
    out = capsys.readouterr().out
    diagram = out[out.index("$$B Black to play"):].splitlines()
    assert diagram[-1] == "No line: nothing was proven within the budget."
    assert not any(c.isdigit() for line in diagram[:-1] for c in line)


def test_a_search_that_filled_its_memory_says_so_not_to_raise_a_budget(tmp_path, capsys):
    """The MCTS tree's memory budget (``MctsParams.max_tree_bytes``) is no option to raise:
    the line names what may go further instead (QA s48)."""
    from tsumego_gui.cli.solve import print_row
    row = {"to_play": "White", "defender": "White", "solver": "mcts", "solver_reason": "x",
           "goal": "survive", "frame_note": "", "region_warning": "", "text_warning": "",
           "verdict": "unknown", "stopped_by": "memory budget", "nodes": 10, "seconds": 1.0,
           "decided_unproven": None}
    print_row(row)
    out = capsys.readouterr().out
    assert "filled its memory (--solver dfs or --evaluator heuristic may go further)" in out


def test_a_kill_that_needs_a_ko_shows_the_ko_where_the_defender_may_take_it(capsys):
    """QA s48: the L-four in the corner, Black to play: B1 kills only while White may not
    take a ko, and its line never showed the ko (White's longest defence fills an eye).
    The line where White may take kos follows: White's A1 makes the ko Black may not
    take at A2."""
    assert main(["solve", str(BUNDLED / "corner" / "l-four-corner-ko.sgf"), "--to-play",
                 "B", "--diagram"]) == 0
    out = capsys.readouterr().out
    turned = out[out.index("Where White may take kos (and Black may not), it lives:"):]
    lines = turned.splitlines()
    assert lines[1] == "$$B Black to play" and "$$ | 2 1 " in turned
    assert "After 2: Black may not take the ko at A2 (this line's ko rule)" in lines
    # the first line goes into the same ko, which White may not retake there (QA s54)
    first = out[:out.index("Where White may take kos")].splitlines()
    assert "$$ | 2 1 . O X . . . . |" in first
    assert "After 3: White may not retake the ko at A1 (this line's ko rule)" in first


# four stones on the second line in the corner (A2-D2) under a living wall: dead even with
# White to play ("four die, six live"; Segoe, Go Proverbs Illustrated)
CORNER_FOUR = ("(;FF[4]GM[1]SZ[9]PL[W]AB[ae][be][ce][de][ee][fe][ge][he][ie][af][cf][df][ff]"
               "[gf][hf][if][ag][bg][cg][dg][eg][fg][gg][hg][ig][eh][fh][gh][hh][ih][ei][fi]"
               "[gi][hi][ii]AW[ah][bh][ch][dh]TR[ah][bh][ch][dh]MA[ah]{lines})")


def test_a_lost_position_is_drawn_from_its_book_try_not_the_tables_first_row(tmp_path,
                                                                          capsys):
    """QA s56 shapes D1: where every first move dies, ``--all --diagram`` drew the table's
    first row, White A1 filling its own 1-1 point; a book draws White's widening D1 and
    Black's 2-1 point B1 (the single solve's line too), or the file's own try."""
    path = tmp_path / "four.sgf"
    path.write_text(CORNER_FOUR.format(lines=""))
    assert main(["solve", str(path), "--all", "--diagram"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("White to play: dies")
    assert "$$ | . 2 . 1 X X X X X |" in out
    path.write_text(CORNER_FOUR.format(lines="(;W[ci]C[Wrong.])"))
    assert main(["solve", str(path), "--all", "--diagram"]) == 0
    first = [line for line in capsys.readouterr().out.splitlines() if line.startswith("$$ |")]
    assert first[-1].split()[2:5] == [".", ".", "1"]     # the file's C1


def test_a_failing_attacker_tries_what_must_be_answered_not_a_throw_in(capsys):
    """QA s55 practice D9, s56 shapes D2: after White's tenuki on the bent four Black threw
    in at E2, a stone in atari that threatens nothing (a tenuki still lives); a book shows
    the vital point D1 and White's E1, the miai.  (A throw-in that must be answered stays:
    ``test_line_threats``.)"""
    assert main(["solve", str(BUNDLED / "classic" / "bent-four.sgf"), "--all",
                 "--diagram"]) == 0
    assert "$$ | X O . 2 3 O X . . |" in capsys.readouterr().out.splitlines()


def test_of_equal_first_moves_the_diagram_shows_the_quickest(capsys):
    """QA s57 kill-all D5: of first moves of one class the table's first was drawn (and
    played by practice).  White's L-four in the corner lives by A1 or B1; B1 makes two
    eyes at once, where A1 lets Black throw in at B1 first."""
    assert main(["solve", str(BUNDLED / "corner" / "l-four-corner-ko.sgf"), "--all",
                 "--diagram", "--to-play", "W"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "  A1     lives  yes       lives unconditionally" in out
    assert "$$ | . 1 . O X . . . . |" in out


def test_the_diagram_follows_the_files_own_line(tmp_path, capsys):
    """QA s51 book D5: the diagram's replies were the longest, not the file's.  The
    bundled rabbity six with White's answer D1 to the vital D2 as the file's line: the
    diagram answers D2 with D1 (2), where without it White's E2 stands there."""
    text = (BUNDLED / "side" / "rabbity-six.sgf").read_text()
    path = tmp_path / "six.sgf"
    path.write_text(text.replace("(;B[dr]C[Correct: the vital point.])",
                                 "(;B[dr]C[Correct: the vital point.];W[ds])"))
    assert main(["solve", str(path), "--diagram"]) == 0
    board = capsys.readouterr().out.splitlines()
    assert "$$ | X O O 2 . O X X . ." in board          # the first line: White's D1 is 2
    # the saved proof's main sequence too (QA s52 left: it was the proof's own line)
    saved = tmp_path / "proof.sgf"
    assert main(["solve", str(path), "--proof-out", str(saved)]) == 0
    game = sgf.Sgf_game.from_bytes(saved.read_bytes())
    assert [node.get_move()[1] for node in game.get_main_sequence()[1:3]] == \
        [sgf_properties.interpret_go_point(p, game.get_size()) for p in (b"dr", b"ds")]


@pytest.mark.parametrize(("ko", "verdict"), [
    ("W", "White to play: White lives"),        # White's E1 ko, never retaken
    ("-", "White to play: White lives"),        # nobody may take it: E1 stands
    ("WB", "White to play: White dies"),        # Black takes first; no threats for White
])
def test_the_ko_option_sets_who_may_capture_kos(capsys, ko, verdict):
    """QA s57 kill-all D4: the research ko rule (the attacker alone may take kos) was
    applied to every file without a TK, with no option to change it.  The bundled direct
    ko, White to play: White's E1 makes a ko that Black takes first."""
    path = BUNDLED / "ko" / "direct-ko.sgf"
    assert main(["solve", str(path), "--ko", ko]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith(verdict)
    assert main(["info", str(path), "--ko", ko.lower()]) == 0
    allowed = {"W": "Black may not, White may", "-": "Black may not, White may not",
               "WB": "Black may, White may"}[ko]
    assert f"ko captures:  {allowed}" in capsys.readouterr().out
