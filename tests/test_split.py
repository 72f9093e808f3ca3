"""Decomposition at the root (``search.split``) and its independent check
(``search.verify_split``): where a region splits, that the split answer agrees with the
plain df-pn search of the whole region, that linked areas are never split, and that a
tampered split proof is rejected."""

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from engine_cy.board import BLACK, PASS, WHITE
from tsumego_gui.core import coords
from tsumego_gui.core.book_lines import book_replies
from tsumego_gui.core.diagram import parse_diagram, parse_marks
from tsumego_gui.core.problem import Problem
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search import dfs
from tsumego_gui.search.params import SearchParams
from tsumego_gui.search.split import (
    Split,
    SplitProof,
    _components,
    _holds_in_the_whole,
    find_split,
    local_problem,
    pessimistic_problem,
    solve_split,
)
from tsumego_gui.search.verify import verify
from tsumego_gui.search.verify_split import verify_split

SET = Path(__file__).parent.parent / "benchmarks" / "problems" / "decomposable"
ENCLOSED = Path(__file__).resolve().parents[2] / "shared" / "problems" / "enclosed-dev"
PARAMS = SearchParams(max_nodes=0, max_seconds=60.0)

# Black's crucial chain (#) holds one eye at E5; one-line corridors (+) between it
# and White's walls, whose liberties (the dots) are off the region.  No corridor can
# ever hold an eye: each point of it touches a white wall that holds an eye of its
# own, so every Benson region through it holds that eye too.
CORRIDORS = """
    O O O O O O O O O
    O . O . O . O . O
    O O O O O O O O O
    + + + # # # + + +
    # # # # + # # # #
    + + + # # # + + +
    O O O O O O O O O
    O . O . O . O . O
    O O O O O O O O O
"""


def diagram_problem(text: str, to_play: int) -> Problem:
    size = parse_diagram(text.replace("#", "X")).size
    crucial = parse_marks(text, size, "#")
    return Problem(size, parse_marks(text, size, "X") | crucial, parse_marks(text, size, "O"),
                   to_play, BLACK, "live", crucial=crucial, region=parse_marks(text, size, "+"))


def problem_legal(problem: Problem, to_play: int, point: str) -> bool:
    board = problem.to_board()
    board.to_play = to_play
    return board.is_legal(coords.from_gtp(point, problem.size))


def gtp(locs, size):
    return sorted(coords.to_gtp(p, size) for p in locs)


def test_corridors_split_into_four_hopeless_areas_around_the_eye():
    problem = diagram_problem(CORRIDORS, BLACK)
    split = find_split(problem)
    assert isinstance(split, Split)
    assert coords.to_gtp(split.eye, 9) == "E5"
    assert split.areas == ()
    assert sorted(gtp(a, 9) for a in split.hopeless) == [
        ["A4", "B4", "C4"], ["A6", "B6", "C6"], ["G4", "H4", "J4"], ["G6", "H6", "J6"]]


@pytest.mark.parametrize("to_play", [BLACK, WHITE])
def test_corridors_die_without_a_search_as_in_the_plain_one(to_play):
    problem = diagram_problem(CORRIDORS, to_play)
    plain = dfs.solve(problem, PARAMS, to_play=to_play)
    assert verify(plain.proof).passed
    result = solve_split(problem, PARAMS, to_play=to_play)
    composite = result.split
    assert composite is not None and result.verdict == plain.verdict == "dies"
    assert composite.proofs == [] and result.nodes == 0 < plain.nodes
    assert verify_split(composite).passed
    if to_play == WHITE:
        assert composite.first == PASS       # Black never gets a second eye


def test_one_hopeful_area_is_not_split():
    # sound, but the area alone lacks the attacker's moves in the others; the checker
    # still accepts such a split, with the hopeful area's proof
    problem = diagram_problem(hopeful_corridor(), BLACK)
    assert "only one area could hold an eye" in find_split(problem)
    upper_left = frozenset(coords.from_gtp(p, 9) for p in ("A6", "A7", "B6", "B7", "C6", "C7"))
    local = dfs.solve(local_problem(problem, upper_left, BLACK), PARAMS)
    assert local.verdict == "dies"
    hopeless = tuple(frozenset(coords.from_gtp(p, 9) for p in corridor.split())
                     for corridor in ("A4 B4 C4", "G4 H4 J4", "G6 H6 J6"))
    composite = SplitProof(problem, BLACK, Split(coords.from_gtp("E5", 9), (upper_left,),
                                                 hopeless), None, [local.proof])
    report = verify_split(composite)
    assert report.passed, report.errors


def set_problem(name: str, goal: str = "live") -> Problem:
    path = SET / name
    if not path.exists():
        pytest.skip(f"{name} is absent")
    return read_sgf(path, goal=goal)[0]


@pytest.mark.parametrize("name,to_play", [
    ("one-eye-two-areas-01.sgf", WHITE), ("one-eye-two-areas-01.sgf", BLACK),
    ("one-eye-two-areas-02.sgf", BLACK), ("one-eye-four-areas-01.sgf", BLACK),
])
def test_set_problem_split_agrees_with_the_plain_search(name, to_play):
    problem = set_problem(name)
    plain = dfs.solve(problem, PARAMS, to_play=to_play)
    assert verify(plain.proof).passed
    result = solve_split(problem, PARAMS, to_play=to_play)
    composite = result.split
    assert composite is not None, find_split(problem)
    assert result.verdict == plain.verdict
    report = verify_split(composite)
    assert report.passed, report.errors


@pytest.mark.parametrize("number", range(1, 9))
def test_linked_areas_are_never_split(number):
    # the set's controls: a capturable tooth, areas joined over a short separator, or
    # a black wall that a capture race links (benchmarks/problems/decomposable/README.md)
    problem = set_problem(f"linked-two-areas-{number:02}.sgf")
    assert isinstance(find_split(problem), str)


def test_a_kill_does_not_split_under_survival():
    # under 'survive' the attacker kills only by capture, which takes C's liberties in
    # every area at once: the kill is searched whole, and agrees with the data
    problem = set_problem("one-eye-two-areas-01.sgf", goal="survive")
    assert not find_split(problem).kills
    result = solve_split(problem, PARAMS, to_play=BLACK)
    assert result.split is None
    assert result.verdict == EXPECTED_SURVIVE["one-eye-two-areas-01.sgf", "B"]
    assert verify(result.proof).passed


EXPECTED_SURVIVE = {}
EXPECTED_LIVE = {}


def _read_expected():
    import json
    for entry in json.loads((SET / "expected.json").read_text())["problems"]:
        for side, want in entry["expect"].items():
            EXPECTED_SURVIVE[entry["file"], side] = want["verdict"]
    for name, sides in json.loads((SET / "expected-live.json").read_text())["problems"].items():
        for side, want in sides.items():
            EXPECTED_LIVE[name, side] = want["verdict"]


if (SET / "expected.json").exists() and (SET / "expected-live.json").exists():
    _read_expected()


@pytest.mark.parametrize("name,to_play,goal,used", [
    ("one-eye-two-areas-03.sgf", BLACK, "survive", 2),     # two half eyes: miai
    ("one-eye-two-areas-03.sgf", BLACK, "live", 2),
    ("one-eye-three-areas-03.sgf", WHITE, "survive", 1),   # lives in one area, moving first
    ("one-eye-two-areas-02.sgf", WHITE, "live", 1),
    ("one-eye-four-areas-02.sgf", BLACK, "live", 2),
])
def test_a_life_splits_and_agrees_with_the_data(name, to_play, goal, used):
    problem = set_problem(name, goal=goal)
    result = solve_split(problem, PARAMS, to_play=to_play)
    expected = (EXPECTED_LIVE if goal == "live" else EXPECTED_SURVIVE)[name, "BW"[to_play - 1]]
    assert result.verdict == expected == "lives"
    composite = result.split
    assert composite is not None and composite.defender_wins
    assert sum(p is not None for p in composite.proofs) == used
    report = verify_split(composite)
    assert report.passed, report.errors


def test_the_pessimistic_problem_fills_the_group_s_liberties_in_the_other_areas():
    # two pockets C2-E3 and G2-J3 under the white bar; for a life in the first, Black
    # stands on every liberty of White's group in the second (H3 touches no white stone
    # and stays empty: the filling stones keep a liberty)
    problem = set_problem("one-eye-two-areas-03.sgf", goal="survive")
    split = find_split(problem)
    local = pessimistic_problem(problem, split, split.areas[0], WHITE)
    added = sorted(coords.to_gtp(p, 13) for p in local.black - problem.black)
    assert added == ["G2", "G3", "H2", "J2", "J3"]
    assert local.region == split.areas[0] | {split.eye} and local.goal == "live"


@pytest.fixture(scope="module")
def miai_proof():
    composite = solve_split(set_problem("one-eye-two-areas-03.sgf", goal="survive"), PARAMS,
                            to_play=BLACK).split
    assert composite is not None and composite.defender_wins
    return composite


def test_a_life_in_a_frozen_area_is_not_a_life(miai_proof):
    # the area's proof must be of the pessimistic problem: with the other area frozen,
    # White keeps liberties there that Black could take in the whole
    i = next(i for i, p in enumerate(miai_proof.proofs) if p is not None)
    problem, area = miai_proof.problem, miai_proof.split.areas[i]
    frozen = dfs.solve(replace(local_problem(problem, area, WHITE), goal="live"), PARAMS,
                       to_play=WHITE)
    assert frozen.verdict == "lives"
    proofs = list(miai_proof.proofs)
    proofs[i] = frozen.proof
    report = verify_split(replace(miai_proof, proofs=proofs))
    assert not report.passed and "pessimistic" in report.errors[0]


def test_half_a_miai_is_no_life(miai_proof):
    proofs = list(miai_proof.proofs)
    proofs[[i for i, p in enumerate(proofs) if p is not None][1]] = None
    report = verify_split(replace(miai_proof, proofs=proofs))
    assert not report.passed and "two with the defender first" in report.errors[0]


def test_a_life_read_as_a_kill_is_rejected(miai_proof):
    # the same areas claimed as a kill: survival does not split a kill
    report = verify_split(replace(miai_proof, defender_wins=False))
    assert not report.passed and "needs the goal 'live'" in report.errors[0]


@pytest.fixture(scope="module")
def corridor_proof():
    # two hopeful pockets, White (the defender) to move: each lost for it
    problem = set_problem("one-eye-two-areas-01.sgf")
    composite = solve_split(problem, PARAMS, to_play=WHITE).split
    assert composite is not None and len(composite.proofs) == 2
    return composite


def test_a_proof_given_to_another_area_is_rejected(corridor_proof):
    proofs = corridor_proof.proofs
    tampered = replace(corridor_proof, proofs=[proofs[1], proofs[0]] + proofs[2:])
    report = verify_split(tampered)
    assert not report.passed and "not of the area's local problem" in report.errors[0]


def test_a_missing_area_is_rejected(corridor_proof):
    split = corridor_proof.split
    tampered = replace(corridor_proof, split=Split(split.eye, split.areas[1:], split.hopeless),
                       proofs=corridor_proof.proofs[1:])
    assert "partition" in verify_split(tampered).errors[0]


def test_an_eye_that_is_not_one_is_rejected(corridor_proof):
    split = corridor_proof.split
    tampered = replace(corridor_proof,
                       split=Split(min(split.areas[0]), split.areas, split.hopeless))
    assert "eye" in verify_split(tampered).errors[0]


def test_a_hopeful_area_called_hopeless_is_rejected(corridor_proof):
    split = corridor_proof.split
    tampered = replace(corridor_proof, split=Split(split.eye, split.areas[1:],
                                                   split.hopeless + split.areas[:1]),
                       proofs=corridor_proof.proofs[1:])
    assert "hopeless has a point no sealed part touches" in verify_split(tampered).errors[0]


def test_a_first_move_for_the_defender_is_rejected(corridor_proof):
    assert "first move" in verify_split(replace(corridor_proof, first=PASS)).errors[0]


def test_a_first_move_outside_the_areas_is_rejected(corridor_proof):
    # the top right corner: empty, legal for Black (the attacker), off the region
    problem = corridor_proof.problem
    corner = f"{coords.GTP_COLUMNS[problem.size - 1]}{problem.size}"
    assert problem_legal(problem, BLACK, corner)
    tampered = replace(corridor_proof, to_play=BLACK,
                       first=coords.from_gtp(corner, problem.size))
    assert "in no area" in verify_split(tampered).errors[0]


def test_a_walk_cut_short_is_partly_checked_not_rejected(corridor_proof):
    report = verify_split(corridor_proof, max_positions=2)
    assert report.ok and not report.complete and not report.passed


@pytest.mark.parametrize("composite", ["corridor_proof", "miai_proof"])
def test_a_stop_ends_the_check_of_a_split_proof_and_says_why(composite, request):
    report = verify_split(request.getfixturevalue(composite), stop=lambda: "cancelled")
    assert report.ok and not report.passed and report.stopped == "cancelled"


def test_a_wall_that_could_be_captured_does_not_split():
    # the lower white wall has no liberty off the region: Black could capture it, and
    # its points would join the lower corridors
    lines = CORRIDORS.strip("\n").splitlines()
    lines[-2] = lines[-1]
    problem = diagram_problem("\n".join(lines), BLACK)
    assert "no liberty off it" in find_split(problem)


def test_the_search_switch_and_the_command_line(capsys):
    from tsumego_gui.cli.main import main

    problem = set_problem("one-eye-three-areas-02.sgf")
    split = dfs.solve(problem, replace(PARAMS, decompose=True), to_play=BLACK)
    assert split.split is not None and split.proof is None and split.verdict == "dies"
    plain = dfs.solve(problem, PARAMS, to_play=BLACK)
    assert plain.split is None and plain.proof is not None
    assert verify_split(split.split).passed and verify(plain.proof).passed
    path = str(SET / "one-eye-three-areas-02.sgf")
    assert main(["solve", path, "--goal", "live", "--decompose", "--to-play", "B"]) == 0
    out = capsys.readouterr().out
    # each area's points in board order (QA s57 areas D8: ends sorted as text, "F10-F9")
    assert ("proved area by area (the eye at A1): 3 areas (C3, D3, E3, C2, D2, E2; "
            "G3, H3, J3, G2, H2, J2; L3, M3, N3, L2, M2, N2)") in out
    assert "verified: yes" in out
    # a kill by areas reads no ko, and says so (QA s57 areas D10: "--all tells kos apart"
    # alone, where --all does not go with --decompose)
    assert "not settled: a proof by areas reads no ko or seki; a solve without --decompose " \
        "may" in out
    # a proof by areas has no one line to draw, and says so (QA s57 areas D3: "nothing was
    # proven" under the verified proof)
    assert main(["solve", path, "--goal", "live", "--decompose", "--to-play", "B",
                 "--diagram"]) == 0
    out = capsys.readouterr().out
    assert "No line: a proof by areas has a line in each area it searches" in out
    assert "nothing was proven" not in out
    # the solver's reason is the problem's as asked, not its ko re-read's (QA s57 areas
    # D5: "not split: the defender may capture a ko" where it may not)
    assert main(["solve", str(SET / "one-eye-two-areas-02.sgf"), "--decompose"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "split at the root" in first and "may capture a ko" not in first
    # and why a kill did not split there (QA s57 areas D4)
    assert "a kill is proven by areas under goal live only" in first
    # asked for where it does not apply: solved whole, and the reason is said
    small = str(SET / "one-eye-single-area-02.sgf")
    assert main(["solve", small, "--decompose", "--to-play", "B"]) == 0
    assert "not split: the region is one area" in capsys.readouterr().out
    # a life split under the default goal (survival), said as such
    miai = str(SET / "one-eye-two-areas-03.sgf")
    assert main(["solve", miai, "--decompose", "--to-play", "B"]) == 0
    out = capsys.readouterr().out
    assert "White lives (no move kills)" in out and "areas 1 and 2 are miai" in out
    assert "seki or unconditional life: not settled (a proof by areas reads no ko or seki" \
        in out
    # refused before any search: nothing is lost
    assert main(["solve", path, "--goal", "live", "--decompose", "--all"]) == 2
    assert "--decompose does not go with --all" in capsys.readouterr().err
    assert main(["solve", path, "--decompose", "--solver", "mcts"]) == 2
    assert "does not go with --solver mcts" in capsys.readouterr().err


def test_auto_picks_depth_first_search_only_for_a_region_that_splits():
    from tsumego_gui.search import choice

    problem = set_problem("one-eye-three-areas-02.sgf")
    _, used, reason = choice.solve(problem, "auto", decompose=True, to_play=BLACK,
                                   max_nodes=0, max_seconds=60)
    assert used == "dfs" and "splits into areas" in reason
    # a board too open for df-pn, which no switch splits: auto's usual best-first search
    board = read_sgf(b"(;GM[1]SZ[6]PL[W]AB[cc]AW[dd]TG[live_any]TD[W])")[0]
    assert choice.pick_solver(board)[0] == choice.pick_solver(board, True)[0] == "mcts"
    assert choice.pick_solver(problem, True)[0] == "dfs"
    result, used, reason = choice.solve(board, "auto", decompose=True, max_nodes=300)
    assert used == "mcts" and "not split" in reason and result.split is None


def test_a_split_proof_file_reads_back_and_checks(tmp_path, capsys):
    from sgfmill import sgf

    from tsumego_gui.cli.main import main
    from tsumego_gui.search import split_file

    path = str(SET / "one-eye-two-areas-01.sgf")
    saved = tmp_path / "split.json"
    assert main(["solve", path, "--goal", "live", "--decompose", "--to-play", "B",
                 "--proof-out", str(saved)]) == 0
    assert "proof saved to" in capsys.readouterr().out
    loaded = split_file.load_json(saved)
    assert loaded.first == PASS and len(loaded.proofs) == len(loaded.split.areas) == 2
    assert verify_split(loaded).passed
    # the file is checked, not trusted: one area's proof given for both
    data = split_file.to_json(loaded)
    data["proofs"][1] = data["proofs"][0]
    assert not verify_split(split_file.from_json(data)).passed
    with pytest.raises(ValueError, match="not a tsumego_gui split proof"):
        split_file.from_json({"format": "tsumego_gui proof", "version": 1})
    # the SGF export: the areas numbered on the board, one variation per area's first moves
    exported = tmp_path / "split.sgf"
    assert main(["solve", path, "--goal", "live", "--decompose", "--to-play", "W",
                 "--proof-out", str(exported)]) == 0
    root = sgf.Sgf_game.from_bytes(exported.read_bytes()).get_root()
    labels = dict(root.get("LB"))
    areas = find_split(set_problem("one-eye-two-areas-01.sgf")).areas
    for i, area in enumerate(areas, 1):
        assert {labels[coords.to_sgfmill(p, 13)] for p in area} == {str(i)}
    # the goal's own words: a kill under unconditional life is no "dies" (QA s57 areas D6)
    assert "White does not live unconditionally, proven area by area" in root.get("C")
    heads = [child.get("C").split(".")[0] for child in root]
    assert sorted(set(heads)) == ["Area 1", "Area 2"]
    assert read_sgf(exported)[0].region == set_problem("one-eye-two-areas-01.sgf").region
    # ``tsumego verify`` checks the saved file whole, and a tampered one fails (QA s57
    # areas D2: refused as "not a tsumego_gui proof")
    capsys.readouterr()
    assert main(["verify", str(saved)]) == 0
    assert capsys.readouterr().out.strip().endswith("proven by areas (2 area proofs): verified")
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    assert main(["verify", str(tampered)]) == 1
    assert "NOT verified" in capsys.readouterr().out


def test_dds_benchmark_compares_both_searches_in_one_run(tmp_path):
    # a split problem and a linked control, copied from the set
    for name in ("one-eye-two-areas-01.sgf", "linked-two-areas-03.sgf", "expected-live.json"):
        (tmp_path / name).write_bytes((SET / name).read_bytes())
    out = subprocess.run([sys.executable, str(SET.parents[1] / "dds.py"), str(tmp_path),
                          "--time", "30", "--both-sides"], capture_output=True, text=True,
                         timeout=300, check=True).stdout
    rows = [line.split() for line in out.splitlines() if ".sgf" in line]
    split_column = {(r[0], r[1]): r[8] for r in rows}
    assert split_column[("one-eye-two-areas-01.sgf", "B")] == "yes"
    assert split_column[("linked-two-areas-03.sgf", "B")] == "-"
    assert "RESULT solved_dds=4 solved_plain=4 lost=0 split=2 wrong=0" in out
    assert "unverified=0 contradicts_data=0" in out


def test_a_problem_with_earlier_positions_does_not_split():
    # a position of the whole from before the root could repeat with other areas changed
    problem = diagram_problem(CORRIDORS, BLACK)
    after = problem.after(coords.from_gtp("A6", 9))
    assert "positions came before" in find_split(replace(after, to_play=BLACK))


def test_the_checker_refuses_earlier_positions_too(corridor_proof):
    problem = corridor_proof.problem
    with_history = replace(problem, history=(problem.to_board().hash,))
    report = verify_split(replace(corridor_proof, problem=with_history))
    assert "no position before the root" in report.errors[0]


def hopeful_corridor() -> str:
    # the upper left corridor's wall is one line higher: A6-C6 no longer touch it
    lines = CORRIDORS.strip("\n").splitlines()
    lines[2] = "    + + + O O O O O O"
    lines[1] = "    O O O O . O . O O"
    lines[0] = "    O . O O O O O O O"
    return "\n".join(lines)


def test_a_problem_that_names_no_side_to_move_splits_for_either():
    # enclosed problems often leave the side to move open (Problem.to_play_given): with
    # the colours of a set problem swapped, White attacks, and its one local search with
    # the attacker to move (the half eye C2-D3) is made with White to move
    src = set_problem("one-eye-two-areas-02.sgf")
    problem = Problem(src.size, src.white, src.black, BLACK, BLACK, "live", src.crucial,
                      src.region, to_play_given=False)
    result = solve_split(problem, PARAMS, to_play=WHITE)
    assert result.split is not None and result.split.first is not None
    plain = dfs.solve(problem, PARAMS, to_play=WHITE)
    assert result.verdict == plain.verdict == "dies" and verify(plain.proof).passed
    assert verify_split(result.split).passed


@pytest.mark.skipif(not (ENCLOSED / "gop" / "18342.sgf").is_file(),
                    reason="../shared/problems is absent")
def test_a_local_proof_that_superko_decided_does_not_carry_over():
    # enclosed-dev gop/18342, Black to move under 'live': the area beside the crucial
    # chain, alone, is lost for Black, but superko decided part of that proof (the
    # verifier's walk: line-bound), so a split must not use it
    problem = read_sgf(ENCLOSED / "gop" / "18342.sgf", goal="live")[0]
    chain = set(problem.to_board().chain(min(problem.crucial)))
    area = max(_components(set(problem.region) - chain, problem.size), key=len)
    local = dfs.solve(local_problem(problem, area, BLACK), PARAMS)
    assert local.verdict == "dies"
    report = verify(local.proof)
    assert report.passed and report.line_bound
    assert not _holds_in_the_whole(local.proof)


def test_a_life_split_proof_file_reads_back_and_checks(miai_proof):
    from sgfmill import sgf

    from tsumego_gui.search import split_file

    loaded = split_file.from_json(split_file.to_json(miai_proof))
    assert loaded.defender_wins and [p is None for p in loaded.proofs] == \
        [p is None for p in miai_proof.proofs]
    assert verify_split(loaded).passed
    data = split_file.to_sgf(miai_proof)
    root = sgf.Sgf_game.from_bytes(data).get_root()
    assert "White lives, proven area by area" in root.get("C") and "miai" in root.get("C")
    assert {child.get("C").split(".")[0] for child in root} == {"Area 1", "Area 2"}
    # each area's game starts at a node that says whose turn it is: no move of the side
    # not to move right below the root, read as the answer (QA s57 areas D9)
    for area, local in zip(root, (p for p in miai_proof.proofs if p is not None),
                           strict=True):
        assert area.get_move() == (None, None)
        assert area.get("PL") == "bw"[local.to_play - 1]
        assert all(child.get_move()[0] == area.get("PL") for child in area)
    assert book_replies(data) == {}


def test_a_defender_stone_in_another_area_stops_a_life_split(miai_proof):
    # a lone white stone at H3 in the second pocket: Black could capture it there, and
    # the Benson regions of the whole would no longer be those of the first pocket's
    # pessimistic problem
    problem = set_problem("one-eye-two-areas-03.sgf", goal="survive")
    h3 = coords.from_gtp("H3", 13)
    with_stone = replace(problem, white=problem.white | {h3})
    split = find_split(with_stone)
    first_pocket = next(a for a in split.areas if coords.from_gtp("C3", 13) in a)
    assert pessimistic_problem(with_stone, split, first_pocket, WHITE) is None
    report = verify_split(replace(miai_proof, problem=with_stone))
    assert not report.passed and "defender stone outside C" in report.errors[0]


def test_a_split_proof_export_keeps_the_problems_game_info_and_passes_last(miai_proof):
    """The file a split proof is exported to names the game as the problem's file did, and
    each node's pass comes after its stone moves (a viewer's main line is the first)."""
    from sgfmill import sgf

    from tsumego_gui.search import split_file

    game_info = (("PB", "Honinbo Shusaku"), ("DT", "1846-09-11"), ("RU", "Japanese"))
    proof = replace(miai_proof, problem=replace(miai_proof.problem, game_info=game_info))
    data = split_file.to_sgf(proof)
    root = sgf.Sgf_game.from_bytes(data).get_root()
    assert {p: root.get(p) for p, _ in game_info} == dict(game_info)
    assert read_sgf(data)[0].game_info == proof.problem.game_info
    stack = [root]
    while stack:
        node = stack.pop()
        points = [child.get_move()[1] for child in node]
        assert points == sorted(points, key=lambda p: p is None)
        stack.extend(node)
