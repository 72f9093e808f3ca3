"""Proof trees saved and read back: JSON round trips exactly, SGF export opens in sgfmill."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from sgfmill import sgf

from engine_cy.board import BLACK, PASS, WHITE
from tests.test_solver import DEAD_FILLING_ITS_DAME, STRAIGHT_THREE, problem_from, solved
from tsumego_gui.core import coords
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search import classification_file
from tsumego_gui.search.classify import classify
from tsumego_gui.search.proof import Proof, ProofNode, main_line, nothing_left, read_zone
from tsumego_gui.search.verify import verify

SHARED = Path(__file__).resolve().parents[2] / "shared" / "problems"
BUNDLED = Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"

# Our own problem: White's straight four in the corner of a 9x9 board, Black to play, plus four
# far-away empty points (H9 J9 H8 J8) in the region -- Black's moves there change nothing, so a
# proof cuts them as null moves.
FOUR_AND_FAR = (b"(;GM[1]SZ[9]PL[B]AB[ag][bg][cg][dg][eg][fg][fh][fi]AW[ah][bh][ch][dh][eh][ei]"
                b"TR[ah]SQ[ai][bi][ci][di][hb][ib][ha][ia])")
FAR = {coords.from_gtp(v, 9) for v in ("H9", "J9", "H8", "J8")}


@pytest.fixture(scope="module")
def proof():
    return solved(problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=BLACK)).proof


def test_json_round_trip_is_exact_and_still_verifies(proof, tmp_path):
    path = tmp_path / "proof.json"
    proof.save_json(path)
    back = Proof.load_json(path)
    assert back.to_json() == proof.to_json()
    assert back.size() == proof.size()
    assert back.problem == proof.problem
    assert verify(back).ok


def _as_version_1(data, size):
    """A version-2 proof dict written as version 1 wrote it: points as locs, sides 1/2."""
    loc = coords.gtp_locs(size)
    side = {"B": 1, "W": 2}

    def locs(names):
        return [loc[n] for n in names]
    return {**data, "version": 1, "to_play": side[data["to_play"]],
            "winning_moves": locs(data["winning_moves"]),
            "nodes": [{**d, "zone": None if d["zone"] is None else locs(d["zone"]),
                       "children": [[loc[m], i] for m, i in d["children"]],
                       "pruned": [locs(p) for p in d["pruned"]],
                       "uca": [[locs(s), [locs(r) for r in regions]] for s, regions in d["uca"]]}
                      for d in data["nodes"]]}


@pytest.mark.parametrize("to_play", [BLACK, WHITE])
def test_json_names_moves_and_points_as_a_go_player_does(to_play):
    """Moves, zones, alive chains and sides are written as GTP names and B/W, not our point
    numbers; a file of the first version (numbers) still reads as the same proof.  (Black
    to play kills the straight three; White to play lives, with alive chains at the goal.)"""
    proof = solved(problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=to_play)).proof
    data = proof.to_json()
    size = proof.problem.size
    assert data["version"] == 2 and data["to_play"] == {BLACK: "B", WHITE: "W"}[to_play]
    root = data["nodes"][0]
    assert [m for m, _ in root["children"]] == [coords.to_gtp(m, size)
                                                for m, _ in proof.root.children]
    assert root["zone"] == sorted((coords.to_gtp(p, size) for p in proof.root.zone),
                                  key=coords.gtp_locs(size).get)
    assert data["winning_moves"] == [coords.to_gtp(m, size) for m in proof.winning_moves]
    alive = [p for d in data["nodes"] for stones, _ in d["uca"] for p in stones]
    assert all(isinstance(p, str) for p in alive) and bool(alive) == (to_play == WHITE)
    old = Proof.from_json(_as_version_1(data, size))
    assert old.to_json() == data and verify(old).ok


def test_a_proof_file_naming_a_point_off_its_board_is_rejected(proof):
    data = proof.to_json()
    data["nodes"][0]["zone"] = [*data["nodes"][0]["zone"], "T19"]     # a 7x7 board
    with pytest.raises(ValueError, match="names 'T19', not a point of its 7x7 board"):
        Proof.from_json(data)


def _deepest(data) -> int:
    """The index of a node at the end of a longest line from the root of a proof dict."""
    line = [0]
    while data["nodes"][line[-1]]["children"]:
        line.append(data["nodes"][line[-1]]["children"][0][1])
    return line[-1]


def test_a_proof_file_whose_moves_lead_back_up_is_rejected(proof):
    """A damaged file whose child indices form a cycle would send every walk of the tree
    round for ever; one that shares a subtree between two lines is a proof as ever."""
    data = proof.to_json()
    deep = _deepest(data)
    assert deep != 0
    looped = json.loads(json.dumps(data))
    looped["nodes"][deep]["children"].append(["A1", 0])
    with pytest.raises(ValueError, match="form a cycle"):
        Proof.from_json(looped)
    shared = json.loads(json.dumps(data))
    fork = next(d for d in shared["nodes"] if len(d["children"]) >= 2)
    fork["children"][1][1] = fork["children"][0][1]     # two moves, one answer: no cycle
    loaded = Proof.from_json(shared)
    forks = [n for n in loaded.root.iter_unique() if len(n.children) >= 2]
    assert any(n.children[0][1] is n.children[1][1] for n in forks)


def test_a_file_that_is_not_a_proof_is_rejected(tmp_path):
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"format": "something else"}))
    with pytest.raises(ValueError, match="not a tsumego_gui proof"):
        Proof.load_json(path)


def test_sgf_export_holds_the_tree_zones_and_winning_moves(proof):
    game = sgf.Sgf_game.from_bytes(proof.to_sgf())
    root = game.get_root()
    assert game.get_size() == 7
    assert "dies" in root.get("C")
    # the players named as a Go text names them
    # one move: "a winning move", others may win too (QA s56: "Winning moves: B1" read as
    # the list of them)
    winning_words = "A winning move" if len(proof.winning_moves) == 1 else "Winning moves"
    assert f"{winning_words} for {({1: 'Black', 2: 'White'})[proof.to_play]}: " in root.get("C")
    first_moves = [child.get_move() for child in root]
    size = proof.problem.size
    winning = {coords.to_sgfmill(m, size) for m in proof.winning_moves}
    assert {mv for colour, mv in first_moves} == {coords.to_sgfmill(m, size)
                                                 for m, _ in proof.root.children}
    marked = [child for child in root if child.has_property("TE")]
    assert {child.get_move()[1] for child in marked} == winning
    # refuted first moves are marked so, or a reader takes them for the answers (QA s44)
    for child in root:
        right = child.get_move()[1] in winning
        assert child.has_property("BM") != right
        assert child.get("C").startswith("RIGHT: " if right else "WRONG: ")

    # every node below carries a status comment in the colours' words (QA s43: "attacker
    # wins" read oddly in another viewer), and nodes carry their zone as TZ
    defender, attacker = (({1: "Black", 2: "White"})[c] for c in (proof.problem.defender,
                                                                   proof.problem.attacker))

    def walk(node, depth):
        count = 1
        for child in node:
            text = child.get("C").removeprefix("RIGHT: ").removeprefix("WRONG: ")
            assert text.startswith((f"{defender} lives", f"{attacker} kills"))
            count += walk(child, depth + 1)
        return count

    assert walk(root, 0) >= proof.size() - 1
    zones = [n for n in game.get_main_sequence() if n.has_property("TZ")]
    assert zones


def _sgf_nodes_below(node):
    for child in node:
        yield child
        yield from _sgf_nodes_below(child)


def test_sgf_export_names_the_moves_a_dying_defender_has_answered_as_another():
    """QA s56 research D1: in a proof that the defender dies the moves cut by a null move
    are the defender's, at OR nodes, and the export named the cuts at AND nodes only (the
    second-line three in the corner, Black to play, kills)."""
    problem = read_sgf(BUNDLED / "corner" / "second-line-three.sgf")[0]
    proof = solved(problem, BLACK, all_moves=False).proof
    cutting = [n for n in proof.root.iter_unique() if n.pruned]
    assert not proof.root.won and cutting and all(n.kind == "or" for n in cutting)
    texts = [n.get("C") for n in _sgf_nodes_below(sgf.Sgf_game.from_bytes(
        proof.to_sgf()).get_root()) if n.has_property("C")]
    assert sum("answered as another move" in t for t in texts) >= len(cutting)


def test_sgf_export_marks_no_squares_below_the_root_only_the_region(proof):
    # other viewers draw SQ as squares: ~a whole zone on every node would bury the board
    game = sgf.Sgf_game.from_bytes(proof.to_sgf())
    root = game.get_root()
    size = proof.problem.size
    assert {coords.from_sgfmill(p, size) for p in root.get("SQ")} == proof.problem.region
    below = list(_sgf_nodes_below(root))
    assert below
    assert not [n for n in below if n.has_property("SQ")]


def test_zones_round_trip_through_tz(proof):
    game = sgf.Sgf_game.from_bytes(proof.to_sgf())
    size = proof.problem.size

    written = 0

    def compare(sgf_node, proof_node, above):
        nonlocal written
        count = 0
        children = dict(proof_node.children)
        for sgf_child in sgf_node:
            child = children[coords.from_sgfmill(sgf_child.get_move()[1], size)]
            zone = read_zone(sgf_child, size, above)
            assert zone == (child.zone or above)
            written += sgf_child.has_property("TZ")
            count += 1 + compare(sgf_child, child, zone)
        return count

    assert compare(game.get_root(), proof.root, None) >= proof.size() - 1
    # a zone is written where it changes (QA s46: the same zone on every node filled 70-80%
    # of a 64-MB file)
    assert 0 < written < proof.size() - 1


def test_a_refuted_first_move_read_back_is_no_book_answer():
    """QA s44: a plain export of a kill, read back, listed every refuted defender move as
    the book's answer; a life's export lists its winning move."""
    bundled = Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"
    direct_ko = read_sgf(bundled / "ko" / "direct-ko.sgf")[0]       # White to play dies
    dies = solved(direct_ko)
    assert dies.verdict == "dies" and dies.proof.root.children
    assert read_sgf(dies.proof.to_sgf())[0].book_moves == ()
    three = read_sgf(bundled / "straight-three.sgf")[0]               # White B1 lives
    lives = solved(three).proof
    assert read_sgf(lives.to_sgf())[0].book_moves == tuple(
        (three.to_play, m) for m in lives.winning_moves)


def test_a_shared_subtree_is_written_once_and_pointed_to():
    """A node the proof reaches by two move orders is written once; where it comes again
    its move names the line its tree is under (QA s44: an 8,514-node proof made a 47 MB,
    168,227-node SGF file)."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "problems" / "decomposable" \
        / "one-eye-two-areas-01.sgf"
    problem = read_sgf(path)[0]
    proof = solved(problem).proof
    unique = proof.size()
    edges = sum(len(n.children) for n in proof.root.iter_unique())
    assert edges > unique             # shared nodes: written out in full, 168,227 SGF nodes
    game = sgf.Sgf_game.from_bytes(proof.to_sgf())
    nodes = list(_sgf_nodes_below(game.get_root()))
    assert unique - 1 <= len(nodes) <= edges
    pointers = [n for n in nodes if "The same position as after " in n.get("C")]
    assert pointers and all(len(n) == 0 for n in pointers)
    # each pointer names a line of the file, under which the tree is written, to the
    # same position
    size = problem.size

    def position(moves):
        board = problem.to_board()
        board.to_play = proof.to_play
        for move in moves:
            board.play(move)
        return board.hash, board.to_play

    def moves_to(node):
        line = []
        while node.parent is not None:
            line.append(coords.from_sgfmill(node.get_move()[1], size))
            node = node.parent
        return line[::-1]

    for n in pointers[:20]:
        line = n.get("C").split("The same position as after ")[1].split(":")[0].split()
        node = game.get_root()
        for colour, name in zip(line[::2], line[1::2], strict=True):
            want = (colour.lower(), coords.to_sgfmill(coords.from_gtp(name, size), size))
            node = next(c for c in node if c.get_move() == want)
        assert len(node) > 0
        assert position(moves_to(node)) == position(moves_to(n))
    assert "cut short" not in game.get_root().get("C")


def test_a_tree_cut_by_the_budget_says_so(proof):
    game = sgf.Sgf_game.from_bytes(proof.to_sgf(max_nodes=3))
    assert len(list(_sgf_nodes_below(game.get_root()))) == 3
    assert "The tree was cut short" in game.get_root().get("C")


def test_a_zone_written_as_sq_by_older_versions_is_still_read():
    game = sgf.Sgf_game.from_bytes(b"(;GM[1]SZ[5];B[cc]SQ[bb][cc][dd])")
    (move,) = game.get_root()
    assert read_zone(move, 5) == {coords.from_gtp(p, 5) for p in ("B4", "C3", "D2")}


def test_must_answer_is_the_losing_movers_moves_in_a_proof_and_in_a_disproof():
    leaf = ProofNode("goal", True, frozenset())
    dead = ProofNode("captured", False, frozenset())
    # a proof: the attacker (to move at "and") loses and each of its moves is answered;
    # the defender (to move at "or") wins with one move
    proof_and = ProofNode("and", True, children=[(11, leaf), (12, leaf), (0, leaf)])
    proof_or = ProofNode("or", True, children=[(13, proof_and)])
    assert proof_and.mover_loses and proof_and.must_answer == [11, 12, 0]
    assert proof_and.prover_move is None
    assert not proof_or.mover_loses and proof_or.must_answer == []
    assert proof_or.prover_move == 13
    # a disproof: the roles turn -- the defender's moves at a lost "or" node are answered,
    # the attacker's killing move at a lost "and" node is the prover's move
    kill = ProofNode("and", False, children=[(21, dead)])
    disproof_or = ProofNode("or", False, children=[(22, kill), (23, kill)])
    assert disproof_or.mover_loses and disproof_or.must_answer == [22, 23]
    assert disproof_or.prover_move is None
    assert not kill.mover_loses and kill.must_answer == [] and kill.prover_move == 21
    assert leaf.must_answer == [] and leaf.prover_move is None


def test_classification_export_marks_no_squares_below_the_root(proof):
    c = classify(proof.problem)
    game = sgf.Sgf_game.from_bytes(classification_file.to_sgf(c))
    below = list(_sgf_nodes_below(game.get_root()))
    assert [n for n in below if n.has_property("TZ")]
    assert not [n for n in below if n.has_property("SQ")]


def test_a_classification_file_names_its_first_moves_and_reads_its_first_version(proof):
    c = classify(proof.problem)
    size = proof.problem.size
    data = classification_file.to_json(c)
    assert data["version"] == 2 and data["to_play"] == "B"
    assert [m["move"] for m in data["moves"]] == [coords.to_gtp(m.move, size) for m in c.moves]
    loc = coords.gtp_locs(size)
    old = {**data, "version": 1, "to_play": BLACK,
           "moves": [{**m, "move": loc[m["move"]],
                      "proofs": [_as_version_1(p, size) for p in m["proofs"]]}
                     for m in data["moves"]]}
    assert classification_file.to_json(classification_file.from_json(old)) == data


def test_a_ko_moves_variation_shows_the_mover_winning_the_ko():
    """L-shaped four, Black to play: B1 is a ko, RIGHT.  Its variation is the ko fought with
    threats in which Black kills (White one threat short of the one it needs), or without
    the ko figure the line in which Black may take kos and kills (it showed White surviving
    by taking the ko, so the main line of the correct answer ended with White alive)."""
    path = (Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"
            / "corner" / "l-four-corner-ko.sgf")
    problem = read_sgf(path.read_bytes())[0]
    b1 = coords.to_sgfmill(coords.from_gtp("B1", 9), 9)
    for figures, shows in ((True, "the ko fought, neither side holds a ko threat (White "
                                  "needs 1 ko threat)"),
                           (False, "how it is killed when it may not take a ko")):
        c = classify(problem, ko_figures=figures)
        game = sgf.Sgf_game.from_bytes(classification_file.to_sgf(c))
        (node,) = [n for n in game.get_root() if n.get_move()[1] == b1]
        assert node.get("C").startswith("RIGHT: ko")
        assert shows in node.get("C")
        assert all(child.get("C").startswith("Black kills") for child in node)
        # its tree is the ko Black wins: its lines end RIGHT, as a trainer reads an answer
        # (QA s62: they ended neither right nor wrong, and the answer never read as solved)
        ends = [n for n in _sgf_nodes_below(node) if not len(n)]
        assert ends and all(_starts_right(n) for n in ends)


def test_a_wrong_ko_moves_variation_shows_its_refutation():
    """The direct ko, Black to play: E1 kills, F1 only makes a ko (WRONG).  F1's variation
    is the line in which White wins the ko, White's retake its first move (QA s49: it
    showed Black killing where White may not take a ko, the refutation further down); with
    its ko figure (QA s54 D10), the fight Black loses holding no threat."""
    path = (Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"
            / "ko" / "direct-ko.sgf")
    problem = read_sgf(path.read_bytes())[0]
    c = classify(problem, to_play=BLACK)
    f1, e1 = (coords.from_gtp(n, 9) for n in ("F1", "E1"))
    assert {m.move: m.cls for m in c.moves}[f1] == "ko" and c.status == "dies"
    assert all(m.verification == "verified" for m in c.moves)
    game = sgf.Sgf_game.from_bytes(classification_file.to_sgf(c))
    (node,) = [n for n in game.get_root() if n.get_move()[1] == coords.to_sgfmill(f1, 9)]
    assert node.get("C") == ("WRONG: ko (must win the ko to kill); direct ko: Black needs 1 "
                             "ko threat to win it. The tree below: the ko fought, neither "
                             "side holds a ko threat (Black needs 1 ko threat)")
    (retake,) = list(node)
    assert retake.get_move() == ("w", coords.to_sgfmill(e1, 9))
    assert retake.get("C").startswith("White lives")


def test_a_damaged_proof_file_is_a_value_error(tmp_path):
    """QA s46: a missing key or a child index past the list raised KeyError or IndexError,
    where the loaders promise ValueError."""
    path = tmp_path / "p.json"
    solved(problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=BLACK)).proof.save_json(path)
    data = json.loads(path.read_text())
    for damage in (lambda d: d.pop("to_play"),
                   lambda d: d["nodes"][0].update(children=[[None, 999]]),
                   lambda d: d.update(nodes=7)):
        broken = json.loads(json.dumps(data))
        damage(broken)
        path.write_text(json.dumps(broken))
        with pytest.raises(ValueError):
            Proof.load_json(path)
    path.write_text(json.dumps({"format": classification_file.FORMAT, "version": 2}))
    with pytest.raises(ValueError):
        classification_file.load_json(path)


def test_a_pass_is_written_as_ff4_writes_it(proof):
    """QA s46: passes were written ``B[tt]``, which FF[4] keeps for FF[3] files only."""
    data = classification_file.to_sgf(classify(proof.problem))
    assert b"[tt]" not in data
    assert re.search(rb"\b[BW]\[\]", data)
    game = sgf.Sgf_game.from_bytes(data)
    assert any(node.get_move() == (colour, None) for node in _sgf_nodes_below(game.get_root())
               for colour in "bw")


def test_an_export_of_an_export_says_its_summary_once(tmp_path):
    """QA s46: each export of an exported proof appended the summary once more."""
    problem = problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=BLACK)
    first = tmp_path / "p1.sgf"
    first.write_bytes(solved(problem).proof.to_sgf())
    again = read_sgf(first)[0]
    # a player's note after the summary stays (review s46: cut with the summary)
    again = replace(again, comment=again.comment + "\n\nMy note: the vital point.")
    data = solved(again).proof.to_sgf()
    assert data.count(b"tsumego_gui proof:") == 1 and b"My note: the vital point." in data


# ---- what problem sites and trainers read: RIGHT at each line's end, the pass last ------

def _ends(node) -> list:
    """The last node of each line below ``node`` (``node`` itself when nothing follows)."""
    return [node] if not len(node) else [end for child in node for end in _ends(child)]


def _pairs(sgf_node, proof_node, size):
    """Each SGF node below ``sgf_node`` with the proof node its move leads to."""
    children = dict(proof_node.children)
    for sgf_child in sgf_node:
        point = sgf_child.get_move()[1]
        child = children[PASS if point is None else coords.from_sgfmill(point, size)]
        yield sgf_child, child
        yield from _pairs(sgf_child, child, size)


def _lines(node: ProofNode) -> int:
    """How many lines the proof's tree holds below ``node``, a shared subtree on each."""
    return 1 if not node.children else sum(_lines(child) for _, child in node.children)


def _starts_right(node) -> bool:
    return node.get("C").startswith("RIGHT")


def test_every_line_of_the_winning_move_ends_right_and_nothing_else_does(proof):
    """Black kills the straight three at the vital point B1; White's every answer (A1,
    C1, a pass) ends with all of its stones captured.  Trainers read a line as correct when
    its last node says RIGHT: every such end does, and no node on the way."""
    root = sgf.Sgf_game.from_bytes(proof.to_sgf()).get_root()
    (b1,) = root
    assert _starts_right(b1) and b1.has_property("TE")       # the first move's own mark
    ends = _ends(b1)
    assert len(ends) == _lines(proof.root.children[0][1]) > 1
    for node, proof_node in _pairs(b1, proof.root.children[0][1], proof.problem.size):
        assert _starts_right(node) == (not proof_node.children)
        if not proof_node.children:
            assert node.get("C") == "RIGHT: Black kills: the white group is captured"
    assert all(_starts_right(end) for end in ends)


def test_an_end_the_budget_cut_is_not_marked_right(proof):
    """A line cut because the file's node budget ran out is no proven end: it stays
    unmarked, while the lines written to their end are RIGHT."""
    size, first = proof.problem.size, proof.root.children[0][1]
    total = sum(1 for _ in _pairs(sgf.Sgf_game.from_bytes(proof.to_sgf()).get_root(),
                                  proof.root, size))
    cut_ends = 0
    for budget in range(1, total + 1):
        b1 = next(iter(sgf.Sgf_game.from_bytes(proof.to_sgf(max_nodes=budget)).get_root()))
        for node, proof_node in _pairs(b1, first, size):
            if not len(node):
                assert _starts_right(node) == (not proof_node.children), budget
                cut_ends += bool(proof_node.children)
    assert cut_ends        # some budget cut a line short


def test_a_line_that_ends_where_a_shared_subtree_is_pointed_to_ends_right():
    """Black to play kills the one-eyed group with two areas; transpositions make the proof
    a DAG, each shared subtree written once and pointed to from its other lines.  A
    pointer ends its line in the file on a position proven for Black: RIGHT, as every
    other end."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "problems" / "decomposable" \
        / "one-eye-two-areas-01.sgf"
    proof = solved(read_sgf(path)[0], to_play=BLACK).proof
    assert not proof.root.won and proof.winning_moves
    root = sgf.Sgf_game.from_bytes(proof.to_sgf()).get_root()
    (first,) = root
    ends = _ends(first)
    pointers = [n for n in ends if "The same position as after " in n.get("C")]
    assert pointers and len(pointers) < len(ends)
    assert all(_starts_right(end) for end in ends)
    inner = [n for n in _sgf_nodes_below(first) if len(n)]
    assert inner and not any(_starts_right(n) for n in inner)


def test_lines_of_a_ko_move_or_a_losing_move_end_neither_right():
    """A first move a ko decides is neither right nor wrong (KO), and so are its lines'
    ends; a refuted first move's lines are wrong all through (the direct ko, White to
    play, dies whatever it plays)."""
    straight = solved(problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=BLACK)).proof
    game = sgf.Sgf_game.from_bytes(straight.to_sgf(ko_moves=straight.winning_moves))
    (first,) = game.get_root()
    assert first.get("C").startswith("KO: ") and _ends(first) != [first]
    assert not any(_starts_right(n) for n in _sgf_nodes_below(game.get_root()))
    bundled = Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"
    dies = solved(read_sgf(bundled / "ko" / "direct-ko.sgf")[0]).proof
    game = sgf.Sgf_game.from_bytes(dies.to_sgf())
    assert all(n.get("C").startswith("WRONG: ") for n in game.get_root())
    assert not any(_starts_right(n) for n in _sgf_nodes_below(game.get_root()))


def _pass_first(node: ProofNode, copies: dict) -> ProofNode:
    """A copy of the tree below ``node`` with each node's pass first, as MCTS lists it."""
    if id(node) not in copies:
        copy = copies[id(node)] = replace(node, children=[])
        copy.children = [(m, _pass_first(c, copies))
                         for m, c in sorted(node.children, key=lambda mc: mc[0] != PASS)]
    return copies[id(node)]


def test_the_pass_is_written_after_the_stone_moves(proof):
    """A viewer shows a node's first child as the main line: with the pass first (as MCTS
    proofs list it), White's main answer to B1 was to pass.  Written, each node's stone
    moves keep their order and the pass comes after them."""
    mcts_order = replace(proof, root=_pass_first(proof.root, {}))
    b1 = mcts_order.root.children[0][1]
    assert b1.children[0][0] == PASS and len(b1.children) > 2
    size = proof.problem.size
    root = sgf.Sgf_game.from_bytes(mcts_order.to_sgf()).get_root()
    checked = 0
    for node, proof_node in _pairs(root, mcts_order.root, size):
        moves = [PASS if p is None else coords.from_sgfmill(p, size)
                 for p in (child.get_move()[1] for child in node)]
        stones = [m for m, _ in proof_node.children if m != PASS]
        passes = [m for m, _ in proof_node.children if m == PASS]
        assert moves == stones + passes
        checked += bool(stones and passes)
    assert checked >= 2
    main_line = [node.get_move()[1] for node in root.owner.get_main_sequence()[1:]]
    assert main_line and None not in main_line        # no pass on the main line


# a file with the game's information beside the problem (the straight three of 7x7)
GAME_INFO_FILE = (b"(;GM[1]FF[4]CA[UTF-8]SZ[7]PL[B]AB[ae][be][ce][de][ee][ef][eg]"
                  b"AW[af][bf][cf][df][dg]TR[af]SQ[ag][bg][cg]GN[Straight three]"
                  b"SO[Go Seigen, Tsumego p. 12]PB[Go Seigen]PW[Kitani Minoru]"
                  b"DT[1933-10-16]RU[Japanese]KM[4.5]CP[(c) someone \\] else]"
                  b"AP[SomeEditor:1.0]ST[2]MULTIGOGM[1])")
GAME_INFO = ("GN", "SO", "PB", "PW", "DT", "RU", "KM", "CP")


def _game_info_kept(exported: bytes) -> None:
    """``exported``'s root says the file's game info unchanged, and copies nothing else of
    the file's root: the position and marks are written from the problem, an editor's own
    properties (AP, ST, MULTIGOGM) are not the problem's."""
    source = sgf.Sgf_game.from_bytes(GAME_INFO_FILE).get_root()
    root = sgf.Sgf_game.from_bytes(exported).get_root()
    assert {p: root.get_raw(p) for p in GAME_INFO} == {p: source.get_raw(p) for p in GAME_INFO}
    assert not {"AP", "ST", "MULTIGOGM"} & set(root.properties())
    assert root.get_raw_list("TR") == [b"af"] and sorted(root.get_raw_list("SQ")) == \
        [b"ag", b"bg", b"cg"]


def test_the_game_info_of_the_problem_file_is_in_every_export():
    problem = read_sgf(GAME_INFO_FILE)[0]
    assert dict(problem.game_info)["PB"] == "Go Seigen"
    proof = solved(problem).proof
    _game_info_kept(proof.to_sgf())
    _game_info_kept(classification_file.to_sgf(classify(problem)))
    again = Proof.from_json(json.loads(json.dumps(proof.to_json())))
    assert again.problem == problem
    _game_info_kept(again.to_sgf())
    # an export read back and exported again says it once, unchanged
    _game_info_kept(solved(read_sgf(proof.to_sgf())[0]).proof.to_sgf())


def test_the_main_line_follows_the_longest_resistance_and_the_provers_moves():
    """At the prover's nodes its move; at its opponent's, the reply with the longest line
    below (not the largest subtree; a pass only where nothing else is there; the first of
    equals); a shared node is walked once."""
    def leaf():
        return ProofNode("captured", False)

    def kill(move):             # the attacker to move kills with ``move``
        return ProofNode("and", False, children=[(move, leaf())])

    a, b, c, d = (coords.from_gtp(n, 7) for n in ("A1", "B1", "C1", "D1"))
    shared = kill(d)
    # the defender to move and losing: B1 holds out four nodes deep; A1's subtree is
    # larger (7 nodes) but three deep; the pass holds out longest but is a pass
    root = ProofNode("or", False, children=[
        (PASS, ProofNode("and", False, children=[(c, ProofNode("or", False, children=[
            (a, ProofNode("and", False, children=[(b, ProofNode("or", False, children=[
                (c, kill(d))]))]))]))])),
        (a, ProofNode("or", False, children=[(b, kill(c)), (c, kill(b)), (d, kill(b))])),
        (b, ProofNode("and", False, children=[(c, ProofNode("or", False, children=[
            (a, shared), (d, shared)]))]))])
    problem = problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=BLACK)
    proof = Proof(problem=problem, to_play=WHITE, root=root, winning_moves=[])
    assert proof.main_line() == [b, c, a, d]
    assert proof.main_line(most=2) == [b, c]
    only_pass = ProofNode("or", False, children=[(PASS, kill(a))])
    assert replace(proof, root=only_pass).main_line() == [PASS, a]


@pytest.mark.parametrize("to_play", [WHITE, BLACK])
def test_in_a_seki_the_main_line_leaves_the_shared_liberties_alone(to_play):
    """QA s49: the attacker that cannot kill answered by filling a shared liberty of the
    seki (its own stones in atari, captured next), the longest line; it keeps the seki
    instead, a pass, and the line ends where two passes end the game."""
    path = BUNDLED / "classic" / "seki-shared-liberties.sgf"
    problem = read_sgf(path.read_bytes())[0]
    assert problem.goal == "survive" and problem.defender == WHITE
    proof = solved(problem, to_play, all_moves=False).proof     # verified there
    assert proof.root.won
    line = proof.main_line()
    assert line == [PASS, PASS]
    node = proof.root
    for move in line:
        node = dict(node.children)[move]
    assert node.kind == "survives"


def test_a_main_line_goes_on_where_its_board_forbids_a_move():
    """A board the line cannot be followed on (a proof read under another ko rule, say):
    the replies are chosen without it from there, the line is whole, and the board is
    left as it was."""
    from tsumego_gui.search.proof import main_line
    problem = problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=BLACK)
    proof = solved(problem, WHITE, all_moves=False).proof
    first = proof.main_line()[0]
    blocked = proof.board()
    blocked.set_stone(first, BLACK)
    before = blocked.colors().tolist()
    assert main_line(proof.root, blocked) == main_line(proof.root, None)
    assert blocked.colors().tolist() == before


# an eye-against-eye seki: Black's eye B2, White's eye F1, the shared liberties D1 and D2
EYE_SEKI = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    O O O X X X X X .
    O O O X O O X X .
    X X X O O O X X .
    X * X * O O O X .
    X X X * O * O X .
"""


def test_in_an_eye_seki_the_attacker_keeps_its_eye_and_the_last_liberty():
    """QA s49: after Black's liberty fill the app, White, answered by filling the other
    liberty and then its own eye (its ten stones in atari either way, the longest lines)."""
    problem = problem_from(EYE_SEKI, 9, crucial="A1", to_play=BLACK, goal="survive")
    proof = solved(problem, all_moves=False).proof
    line = proof.main_line()
    assert line[0] in (coords.from_gtp("D1", 9), coords.from_gtp("D2", 9), PASS)
    assert line[1] == PASS


def test_the_main_line_of_a_solved_proof_is_legal_and_ends_at_a_leaf(proof):
    """...or where the dying defender has nothing left but to pass or give stones away."""
    line = proof.main_line()
    board = proof.board()
    node = proof.root
    for move in line:
        assert move == PASS or board.is_legal(move)
        board.play(move)
        node = dict(node.children)[move]
    assert line[0] in proof.winning_moves
    assert not node.children or nothing_left(node, board)


BULKY_FIVE = """
    . . . . . . .
    . . . . . . .
    . . . . . . .
    X X X X X . .
    O O O O X . .
    * * O O X . .
    * * * O X . .
"""


def test_a_dying_defenders_line_ends_where_it_could_only_give_stones_away():
    """QA s49 D4: after the vital point the line went on with White's self-atari and
    Black taking everything; a book stops when White is dead.  No White move on the line
    leaves two stones or more in atari without taking any, and the proof goes on."""
    problem = problem_from(BULKY_FIVE, 7, crucial="A3", to_play=BLACK)
    proof = solved(problem, all_moves=False).proof
    assert not proof.root.won
    line = proof.main_line()
    board = proof.board()
    node = proof.root
    for move in line:
        mover, taken = board.to_play, board.captures(board.to_play)
        board.play(move)
        node = dict(node.children)[move]
        if mover == WHITE and move != PASS:
            assert (board.num_liberties(move) > 1 or len(board.chain(move)) == 1
                    or board.captures(WHITE) > taken)
    assert node.children and nothing_left(node, board)


def test_an_exported_proofs_main_sequence_is_its_main_line():
    """QA s50: a viewer shows an SGF node's first child as the main line; at a losing side's
    node that was its first stone move, a seki's attacker filling a shared liberty (its
    stones in atari).  It is the most stubborn reply, the line ``main_line`` draws."""
    problem = problem_from(EYE_SEKI, 9, crucial="A1", to_play=BLACK, goal="survive")
    lines = []
    for to_play in (BLACK, WHITE):
        proof = solved(problem, to_play, all_moves=False).proof
        line = proof.main_line()
        game = sgf.Sgf_game.from_bytes(proof.to_sgf())
        shown = [node.get_move()[1] for node in game.get_main_sequence()[1:]]
        shown = [PASS if move is None else coords.from_sgfmill(move, 9) for move in shown]
        assert shown[:len(line)] == line
        lines.append(line)
    assert any(PASS in line for line in lines)      # a pass's place is shown too


def test_a_line_ends_where_the_winner_leaves_the_losers_move_unanswered():
    """QA s52 lines: the ko lines of enclosed problems ran on for 10-23 moves, the winner
    passing while the loser filled points; a book stops where the result stands.  The
    eye seki, White to play: White's D2 changes nothing, Black passes (the proof goes on
    with the pass), and the line is D2 alone; a pass that ends the game after the
    loser's pass stays (Black to play: D2, White passes, Black passes)."""
    problem = problem_from(EYE_SEKI, 9, crucial="A1", to_play=BLACK, goal="survive")
    proof = solved(problem, WHITE, all_moves=False).proof
    d2 = coords.from_gtp("D2", 9)
    assert proof.main_line() == [d2]
    after = dict(proof.root.children)[d2]
    assert after.prover_move == PASS and dict(after.children)[PASS].children
    board = proof.board()
    board.play(d2)
    # from the node after D2, as the browser walks it (review s53: the tail came back)
    assert main_line(after, board, goes_on=True, before=[d2]) == []
    assert solved(problem, BLACK, all_moves=False).proof.main_line() == [d2, PASS, PASS]


def test_a_line_shows_a_capture_cycle_once():
    """QA s54: enclosed-dev gop/8509, White to play lives: Black's A4, White taking two at
    A2 and Black taking one back at A3 came round twice (the loser's longest resistance),
    the line running on to its 20 moves; a book shows the cycle once, and the line stops
    where its three moves would come round again."""
    path = SHARED / "enclosed-dev" / "gop" / "8509.sgf"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    proof = solved(read_sgf(path)[0], WHITE, all_moves=False).proof

    def windows(line):
        return [tuple(line[i:i + 3]) for i in range(len(line) - 2)]
    line = proof.main_line()
    assert len(set(windows(line))) == len(windows(line))
    # the line the proof gives without the stop repeats itself: the case is met
    full = main_line(proof.root, proof.board(), settled=False)
    assert len(set(windows(full))) < len(windows(full)) and full[:len(line)] == line


def test_a_ko_fight_with_threats_on_both_sides_is_no_cycle():
    """Review s54: a fight's retakes, each paid for with a threat, repeat the same three
    moves, and the cycle rule stopped the line on Black's second retake.  The L-four in
    the corner with both sides allowed kos, Black holding 2 threats and White 3: White
    lives; the line runs on until Black has no threat left (Black takes at A2 and retakes
    twice, White retakes three times), where Black passes."""
    problem = replace(read_sgf(BUNDLED / "corner" / "l-four-corner-ko.sgf")[0],
                      ko_allowed=(True, True), ko_threats=(2, 3))
    proof = solved(problem, BLACK, all_moves=False).proof
    assert proof.root.won
    b1, a1, a2 = (coords.from_gtp(v, 9) for v in ("B1", "A1", "A2"))
    assert proof.main_line()[:9] == [b1, a1, a2, a1, a2, a1, a2, a1, PASS]


def test_the_cycle_rule_reads_three_moves_without_passes_or_retakes():
    from tsumego_gui.search.proof import _repeats
    line = [5, 6, 7, 8, 5, 6]
    assert _repeats(line, [False] * 6, 7, False)
    assert not _repeats(line, [False] * 6, 9, False)
    assert not _repeats(line, [False] * 6, 7, True)                  # a threat retake
    assert not _repeats(line, [False] * 5 + [True], 7, False)
    assert not _repeats([5, PASS, 7, 5, PASS], [False] * 5, 7, False)
    assert not _repeats([5], [False], 6, False)


def test_a_sacrifice_the_proof_goes_on_after_is_not_nothing_left():
    """Review s50: a stone move that gives stones away and after whose capture the proof
    goes on (under the stones, a throw-in met by a snapback) is a try the line shows: the
    line stops only where every such move is answered by the end of the proof."""
    problem = problem_from(BULKY_FIVE, 7, crucial="A3", to_play=BLACK)
    proof = solved(problem, all_moves=False).proof
    board, node = proof.board(), proof.root
    for move in proof.main_line():
        board.play(move)
        node = dict(node.children)[move]
    assert nothing_left(node, board)
    move, child = next((m, c) for m, c in node.children if m != PASS)
    answer = dict(child.children)[child.prover_move]
    answer.children.append((PASS, ProofNode("captured", False)))      # the proof goes on
    assert not nothing_left(node, board)


def test_a_sacrifice_played_under_the_stones_stays_on_the_main_line():
    """QA s51: the line of an under-the-stones problem left out the attacker's sacrifice
    (two stones put in atari), the try the problem is about, since a seki's attacker
    must not fill a shared liberty (s49).  A sacrifice whose points the attacker plays
    on again, taking stones, is kept; the seki's filled liberties stay out (above).
    enclosed-dev gop/580, White to play: White lives whatever Black tries."""
    from tsumego_gui.search.choice import VERIFIED, solve_and_verify
    path = Path(__file__).resolve().parents[2] / "shared" / "problems" / "enclosed-dev" \
        / "gop" / "580.sgf"
    if not path.is_file():
        pytest.skip("../shared/problems is absent")
    problem = read_sgf(path.read_bytes())[0]
    outcome = solve_and_verify(problem, "dfs", to_play=WHITE)
    assert outcome.verification == VERIFIED
    proof = outcome.result.proof
    assert proof.root.won
    board = proof.board()
    given: set[int] = set()
    under = []
    for move in proof.main_line():
        mover, taken = board.to_play, board.captures(board.to_play)
        board.play(move)
        if mover == BLACK and move != PASS:
            if move in given and board.captures(BLACK) > taken:
                under.append(move)
            if board.num_liberties(move) == 1 and len(board.chain(move)) >= 2:
                given |= set(board.chain(move))
    assert under, "no Black move on the line takes stones where its given stones stood"


def test_a_losing_side_resists_rather_than_fill_its_own_liberty():
    """QA s52: the rabbity six's main line had White answer Black's vital D2 at F4, its own
    outside liberty (which, the bundled file says, does not matter), the longest line but
    no try a player makes; in a semeai (our own, eye against no eye) Black, which cannot
    win, filled its own outer liberty G3 at once.  The replies touch the other side's
    stones instead."""
    problem = read_sgf((BUNDLED / "side" / "rabbity-six.sgf").read_bytes())[0]
    line = solved(problem, BLACK, all_moves=False).proof.main_line()     # verified there
    assert [coords.to_gtp(m, 19) for m in line[:1]] == ["D2"]
    assert coords.to_gtp(line[1], 19) != "F4" and line[1] != PASS
    semeai = problem_from("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X X O O O O
        X O O O O X O O O
        X O O O * X * O O
        X O * O * X * O O
        X O O O * X * O O
    """, 9, crucial="B1")
    proof = solved(semeai, WHITE, all_moves=False).proof        # verified there
    assert proof.root.won                           # White's group with the eye wins
    line = [coords.to_gtp(m, 9) for m in proof.main_line()]
    # after White's move, Black's try fills a shared liberty (E3 E2 E1), not its own outer
    # one (G3 G2 G1)
    assert line[1] in ("E3", "E2", "E1"), line


def test_a_dead_group_waits_rather_than_fill_its_own_dame():
    """QA s55 (enclosed-dev gop/3185 B after its E4; the bent four in the corner): a dead
    group's most stubborn try was to fill a liberty of its own with no empty point beside
    it (E5 here), which only brings the capture closer; a player tenukis.  White's chain
    has the liberties E5, E3 and J8 and each fills a dame of its own."""
    dead = problem_from(DEAD_FILLING_ITS_DAME, 9, crucial="G7")
    proof = solved(dead, WHITE, all_moves=False).proof        # verified there
    assert not proof.root.won
    line = proof.main_line()
    assert line[0] == PASS and coords.to_gtp(line[1], 9) in ("E5", "E3", "J8"), line


def test_a_proof_meets_a_ko_where_one_is_taken_or_barred():
    """``proof.meets_a_ko``: the straight three's proof takes no ko and bars none; the
    direct ko's start, lost for White where only Black may take kos, holds Black's ko
    capture; a walk cut short says what it is told to say of what it does not know."""
    from tsumego_gui.search.proof import meets_a_ko
    three = solved(read_sgf((BUNDLED / "straight-three.sgf").read_bytes())[0],
                   all_moves=False).proof
    assert not meets_a_ko(three)
    ko = solved(read_sgf((BUNDLED / "ko" / "direct-ko.sgf").read_bytes())[0],
                all_moves=False).proof
    assert meets_a_ko(ko)
    assert meets_a_ko(three, most=0) and not meets_a_ko(three, most=0, unknown=False)


def test_the_main_line_follows_the_files_own_line_where_the_proof_holds_it():
    """QA s51 book D5: the main line's replies were the longest, not the book's.  Where
    the line so far is the file's and the proof holds the file's next move for the losing
    side, that move is the line's; elsewhere the most stubborn reply, as before."""
    from tsumego_gui.core.book_lines import BookMove
    problem = read_sgf((BUNDLED / "side" / "rabbity-six.sgf").read_bytes())[0]
    proof = solved(problem, BLACK, all_moves=False).proof          # verified there
    plain = proof.main_line()
    kill = plain[0]
    replies = [m for m, _ in dict(proof.root.children)[kill].children
               if m not in (PASS, plain[1])]
    assert replies, "the proof holds one White reply only"
    book = {(): (BookMove(kill, BLACK, "right"),), (kill,): (BookMove(replies[0], WHITE, ""),)}
    line = main_line(proof.root, proof.board(), book=book)
    assert line[:2] == [kill, replies[0]] != plain[:2]
    assert main_line(proof.root, proof.board(), book={(): book[()]}) == plain
    # a move of the other colour at that place is not the reply
    wrong = {**book, (kill,): (BookMove(replies[0], BLACK, ""),)}
    assert main_line(proof.root, proof.board(), book=wrong) == plain
    # an exported proof's main sequence is that line too (QA s52: the browser followed the
    # file's lines, the SGF the proof's own)
    for followed, line_drawn in ((book, line), ({}, plain)):
        game = sgf.Sgf_game.from_bytes(proof.to_sgf(book=followed))
        shown = [coords.from_sgfmill(node.get_move()[1], problem.size)
                 for node in game.get_main_sequence()[1:3]]
        assert shown == line_drawn[:2]


def test_the_files_null_move_is_followed_as_after_the_move_that_covers_it():
    """QA s52: the book's hane was a null move in the proof (answered as another move),
    and the main line left the book there.  White's straight four with four far points in
    the region (Black's moves there change nothing, so the proof cuts them as null moves):
    a file line that starts at H9 is the main line's start, and the line goes on as after
    the covering move, legal on the board."""
    from tsumego_gui.core.book_lines import BookMove
    problem = read_sgf(FOUR_AND_FAR)[0]
    proof = solved(problem, BLACK, all_moves=False).proof          # verified there
    far = sorted(FAR & {m for m, _ in proof.root.pruned})
    assert far, "no far move is a null move at the root"
    book = {(): (BookMove(far[0], BLACK, "wrong"),)}
    line = main_line(proof.root, proof.board(), book=book)
    assert line[0] == far[0] and len(line) > 1
    board = proof.board()
    for move in line:
        assert move == PASS or board.is_legal(move)
        board.play(move)
