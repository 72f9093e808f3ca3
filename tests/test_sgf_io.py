"""core.sgf_io: what each SGF property means, game records, errors, exact round trips.

SGF points in the strings below: column letter then row letter from the
top-left, so on 9x9 ``af`` is A4 and ``bi`` is B1; on 7x7 ``ca`` is C7.
"""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sgfmill import sgf

from engine_cy.board import BLACK, PASS, WHITE, Board
from tests.test_cli_solve import KO_JUST_TAKEN
from tsumego_gui.core import coords
from tsumego_gui.core.problem import Problem, ProblemError
from tsumego_gui.core.sgf_io import GAME_INFO, read_sgf, read_sgf_games, write_sgf
from tsumego_gui.search.proof import problem_sgf_for


def pts(text, size):
    return frozenset(coords.from_gtp(v, size) for v in text.split())


def one(data, **kw):
    problems = read_sgf(data, **kw)
    assert len(problems) == 1
    return problems[0]


# White to live in the lower-left corner of 9x9:
#   4 X X X      A4 B4 C4 = af bf cf
#   3 O O X      A3 B3 = ag bg, C3 = cg
#   2 . O X      B2 = bh, C2 = ch
#   1 O O X      A1 B1 = ai bi, C1 = ci
CORNER = ("SZ[9]AB[af][bf][cf][cg][ch][ci]AW[ag][bg][bh][ai][bi]")
CORNER_BLACK = pts("A4 B4 C4 C3 C2 C1", 9)
CORNER_WHITE = pts("A3 B3 B2 A1 B1", 9)

# The golden case of test_region: target C7, wall D7 D6 A5..D5 on 7x7.
ENCLOSED = "SZ[7]AW[ca][ab][bb][cb]AB[da][db][ac][bc][cc][dc]"


def test_setup_pl_tr_gn_c():
    p = one(f"(;GM[1]FF[4]{CORNER}GN[Corner]C[White to live]PL[W]TR[bg])".encode())
    assert p == Problem(9, CORNER_BLACK, CORNER_WHITE, WHITE, WHITE, "survive",
                        crucial=pts("B3", 9), title="Corner", comment="White to live")
    assert p.ko_allowed == (True, False) and p.history == () and p.book_moves == ()


def test_ma_on_a_stone_is_the_target_with_the_region_derived_from_the_wall():
    p = one(f"(;{ENCLOSED}MA[ca])".encode())
    assert p.defender == WHITE and p.goal == "survive"
    assert p.crucial == pts("C7 A6 B6 C6", 7)  # the target's whole chain
    assert p.region == pts("A7 B7", 7)
    assert p.to_play == BLACK and p.to_play_given is False  # no PL: either side


def test_explicit_region_wins_over_the_derived_one_and_auto_region_can_be_off():
    assert one(f"(;{ENCLOSED}MA[ca][aa]PL[W])".encode()).region == pts("A7", 7)
    p = one(f"(;{ENCLOSED}MA[ca])".encode(), auto_region=False)
    assert p.region == frozenset() and p.crucial == pts("C7 A6 B6 C6", 7)
    assert p.with_region(pts("A7 B7 E1", 7)).region == pts("A7 B7 E1", 7)


def test_sq_with_a_target_marks_wall_holes_filled_by_the_attacker():
    # C5 (cc) left out of the wall and marked SQ: filled with a black stone.
    p = one(b"(;SZ[7]AW[ca][ab][bb][cb]AB[da][db][ac][bc][dc]SQ[cc]MA[ca])")
    assert pts("C5", 7) <= p.black
    assert p.region == pts("A7 B7", 7)


def test_a_wall_hole_on_a_stone_is_an_error():
    with pytest.raises(ProblemError, match=r"^wall hole D7 \(SQ\) is not an empty point$"):
        read_sgf(f"(;{ENCLOSED}MA[ca]SQ[da])".encode())


def test_sq_without_a_target_is_the_region_stones_included():
    p = one(f"(;{CORNER}TR[bg]SQ[ah][ag])".encode())
    assert p.region == pts("A2 A3", 9)
    assert p.to_play_given is False


def test_keyword_arguments_override_the_file():
    p = one(f"(;{CORNER}PL[W]TR[bg])".encode(), to_play=BLACK, ko_allowed=(False, False))
    assert p.to_play == BLACK and p.ko_allowed == (False, False)
    q = one(f"(;{CORNER})".encode(), defender=WHITE)
    assert q.goal == "live_any" and q.defender == WHITE
    r = one(f"(;{CORNER}TR[bg])".encode(), goal="live_any")
    assert r.goal == "live_any" and r.crucial == pts("B3", 9)


def test_a_problem_needs_a_defender():
    with pytest.raises(ProblemError, match="no crucial stones: say which side is the defender"):
        read_sgf(f"(;{CORNER}PL[B])".encode())


def test_pl_empty_counts_as_absent():
    p = one(f"(;{CORNER}PL[]TR[bg])".encode())
    assert p.to_play == BLACK and not p.to_play_given


# --- solution variations and game records -------------------------------------------

def test_children_of_a_problem_root_are_book_moves_not_played():
    p = one(f"(;{CORNER}TR[bg](;W[ah];B[di])(;B[ah])(;B[tt]))".encode())
    assert p.book_moves == ((WHITE, coords.from_gtp("A2", 9)), (BLACK, coords.from_gtp("A2", 9)),
                            (BLACK, PASS))
    assert p.white == CORNER_WHITE and p.history == ()


def test_a_single_solution_line_under_a_marked_root_is_not_played():
    p = one(f"(;{CORNER}MA[bg];W[ah];B[di])".encode(), auto_region=False)
    assert p.book_moves == ((WHITE, coords.from_gtp("A2", 9)),)
    assert p.white == CORNER_WHITE


def test_failure_lines_and_repeated_answers_are_not_book_moves():
    """QA s43: a book's file (Cho Chikun, MultiGo) names its lines N[正解] and N[失敗圖];
    the failures were read as answers, and an answer with three variations three times."""
    p = one(f"(;CA[UTF-8]{CORNER}TR[bg](;W[ah]N[正解];B[ai])(;W[ah]N[變化圖];B[bi])"
            f"(;W[bi]N[失敗圖1];B[ah])(;W[ci]N[실패])(;W[ai]C[WRONG])(;W[di]N[參考圖2]))"
            .encode())
    assert p.book_moves == ((WHITE, coords.from_gtp("A2", 9)),)     # and no reference line


def test_two_children_without_markup_are_still_variations():
    p = one(f"(;{CORNER}(;W[ah])(;B[ah]))".encode(), defender=WHITE)
    assert p.book_moves == ((WHITE, coords.from_gtp("A2", 9)), (BLACK, coords.from_gtp("A2", 9)))


def test_a_game_record_is_played_with_captures():
    # B A4, W A5, B B4, W B5, B C5 takes A5 B5; W E1.
    p = one(b"(;GM[1]SZ[5];B[ab];W[aa];B[bb];W[ba];B[ca];W[ee])", defender=WHITE)
    assert p.black == pts("A4 B4 C5", 5)
    assert p.white == pts("E1", 5)
    assert p.to_play == BLACK and p.to_play_given
    # one earlier position per move, the first the empty board with Black to move
    assert len(p.history) == 6 and len(set(p.history)) == 6
    assert p.history[0] == Board(5).hash
    assert p.to_board().hash not in p.history


def test_passes_and_two_moves_of_one_colour_in_a_row():
    p = one(b"(;SZ[5];B[cc];W[];B[dd];B[bb];W[tt])", defender=BLACK)
    assert p.black == pts("C3 D2 B4", 5) and p.white == frozenset()
    assert p.to_play == BLACK  # after White's pass
    # before each of the 5 moves, plus the position with White to move
    # before Black's second move in a row (White's implied pass)
    assert len(p.history) == 6 and len(set(p.history)) == 6


def test_the_ko_point_and_the_history_forbid_retaking_a_ko():
    # B4 (bb) is a white stone in atari: Black C4 (cb) takes it, making a ko.
    record = b"(;GM[1]FF[4]SZ[5]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb])"
    p = one(record, defender=WHITE, ko_allowed=(True, True))
    assert p.black == pts("B5 A4 B3 C4", 5) and p.white == pts("C5 D4 C3", 5)
    assert p.to_play == WHITE
    retake = coords.from_gtp("B4", 5)
    assert p.ko_point == retake
    board = p.to_board()
    assert board.illegal_reason(retake) == "ko"
    board.set_ko_point(PASS)        # without the ko point, superko forbids the same retake
    assert board.illegal_reason(retake) == "superko"
    assert Problem.create(5, p.black, p.white, to_play=WHITE, defender=WHITE,
                          ko_allowed=(True, True)).to_board().is_legal(retake)


@pytest.mark.parametrize("data, message", [
    (b"(;SZ[5];B[cc];W[cc])", "move 2 (W C3) is illegal: occupied"),
    (b"(;SZ[5]AB[ab][ba];W[aa])", "move 1 (W A5) is illegal: suicide"),
    (b"(;SZ[5];B[cc];W[zz])", "node 2: W[zz] is off the 5x5 board (its points run from aa to ee)"),
])
def test_illegal_moves_in_a_record(data, message):
    with pytest.raises(ProblemError, match=re.escape(message)):
        read_sgf(data, defender=BLACK)


def test_setup_nodes_later_in_a_record_are_applied():
    p = one(b"(;SZ[5];B[cc];AW[aa]AE[cc];W[ee])", defender=WHITE)
    assert p.black == frozenset() and p.white == pts("A5 E1", 5)
    assert p.to_play == BLACK and len(p.history) == 3


# --- collections ---------------------------------------------------------------------

def test_a_collection_gives_one_problem_per_game():
    problems = read_sgf(b"(;SZ[5]AW[aa]TR[aa])\n(;SZ[7]AB[bb]TR[bb]PL[W])")
    assert [p.size for p in problems] == [5, 7]
    assert problems[0].defender == WHITE and problems[1].defender == BLACK


def test_an_error_in_a_collection_names_the_game():
    with pytest.raises(ProblemError, match=r"^game 2: crucial stone at B6 is an empty point$"):
        read_sgf(b"(;SZ[5]AW[aa]TR[aa])(;SZ[7]TR[bb])")


# --- malformed input ---------------------------------------------------------------

@pytest.mark.parametrize("data, message", [
    (b"", "not a readable SGF file"),
    (b"hello", "not a readable SGF file"),
    (b"(;FF[4]SZ[9]AB[aa", "not a readable SGF file: it ends in the middle of game 1"),
    (b"(;SZ[5]AW[aa]TR[aa])(;SZ[5]AW[aa]TR[aa]", "it ends in the middle of game 2"),
    (b"(;SZ[25]AW[aa]TR[aa])", "board size 25 is not supported (2..19)"),
    (b"(;SZ[1])", "board size 1 is not supported (2..19)"),
    (b"(;SZ[9:7])", "SZ[9:7] is not a supported board size (2..19)"),
    (b"(;SZ[9]AW[zz]TR[zz])", "AW[zz] is off the 9x9 board (its points run from aa to ii)"),
    (b"(;SZ[9]AW[a]TR[a])", "AW[a] is not a point (an SGF point is two lower-case letters"),
    (b"(;SZ[9]AW[aa]TR[aa:zz])", "TR[aa:zz] is off the 9x9 board"),
    (b"(;SZ[9]AW[aa]TR[cc:aa])", "TR[cc:aa] is not a rectangle"),
    (b"(;SZ[9]AW[aa]TR[aa];W[q])", "a solution move: W[q] is not a point"),
    (b"(;GM[4]SZ[15])", "GM[4] is not a game of Go (GM[1])"),
    (b"(;SZ[9]PL[X]AW[aa]TR[aa])", "PL[X] is not B or W"),
    (b"(;SZ[9]AB[aa]AW[aa])", "a point is both black and white: A9"),
    (b"(;SZ[9]AB[aa]AW[ba][ab])", "the black chain at A9 has no liberties"),
    (b"(;SZ[9]AW[aa]TR[ba])", "crucial stone at B9 is an empty point"),
    (b"(;SZ[7]AW[ca]AB[da]MA[ca][da])", "MA targets of both colours: C7, D7"),
    (b"(;SZ[9]AW[aa]TR[aa]TH[xyz])", "TH[xyz] is not a 16-digit hex hash"),
    (b"(;SZ[9]AW[aa]TR[aa]TG[kill])", "TG[kill] is not a goal (survive, live, live_any)"),
    (b"(;SZ[9]AW[aa]TR[aa]TK[Q])", "TK[Q] is not B, W, BW or -"),
    (b"(;SZ[9]AW[aa]TD[W]TG[live_any]TH[0000000000000001]SZ[9]CA[no-such-codec]GN[x])",
     "CA[no-such-codec] is not a character set this reader knows"),
    (b"(;SZ[9]AW[aa]TR[aa]CA[rot13])", "CA[rot13] is not a character set"),   # not text
    (b"(;SZ[9]AW[aa]TR[aa]TF[aa][bb])", "frame stone at B8 is an empty point"),
    (b"(;SZ[9]AW[aa]TR[aa]TF[zz])", "TF[zz] is off the 9x9 board"),
])
def test_malformed_input_is_a_problem_error(data, message):
    with pytest.raises(ProblemError, match=re.escape(message)):
        read_sgf(data)


def test_a_missing_file_is_a_problem_error(tmp_path):
    with pytest.raises(ProblemError, match="cannot read"):
        read_sgf(tmp_path / "nowhere.sgf")


def test_reading_a_path_records_the_file_name_unless_so_says_otherwise(tmp_path):
    path = tmp_path / "corner.sgf"
    path.write_bytes(f"(;{CORNER}TR[bg])".encode())
    assert one(path).source == "corner.sgf"
    assert one(str(path)).source == "corner.sgf"
    path.write_bytes(f"(;{CORNER}TR[bg]SO[Cho p.31])".encode())
    assert one(path).source == "Cho p.31"


VALID = f"(;GM[1]FF[4]{CORNER}PL[W]TR[bg]C[c]GN[g](;W[ah];B[di])(;B[ah]))".encode()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_damaged_files_raise_only_problem_errors(data):
    raw = bytearray(VALID)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(raw) - 1))
        action = data.draw(st.sampled_from(["cut", "replace", "insert", "delete"]))
        byte = data.draw(st.sampled_from(b"()[];\\:ABWXYZabstz019 \n\xff"))
        if action == "cut":
            del raw[i:]
        elif action == "replace":
            raw[i] = byte
        elif action == "insert":
            raw.insert(i, byte)
        else:
            del raw[i]
        if not raw:
            break
    try:
        problems = read_sgf(bytes(raw))
    except ProblemError:
        return
    assert all(isinstance(p, Problem) for p in problems)


# --- writing and round trips ---------------------------------------------------------

RICH = Problem(
    9, CORNER_BLACK, CORNER_WHITE, WHITE, WHITE, "live", crucial=pts("B3 A3", 9),
    region=pts("A2 A3 B2 D1 D2", 9), ko_allowed=(False, False),
    history=(0, 1, 2 ** 64 - 1, 0x0123456789ABCDEF),
    book_moves=((WHITE, coords.from_gtp("A2", 9)), (BLACK, PASS),
                (BLACK, coords.from_gtp("A2", 9))),
    title="死活 #1 (白先活)", comment="line one\nline two [bracketed] back\\slash: colon",
    source="Cho p.31")


def test_write_uses_standard_properties_that_editors_show():
    game = sgf.Sgf_game.from_bytes(write_sgf(RICH))
    root = game.get_root()
    black, white, _ = root.get_setup_stones()
    assert {coords.from_sgfmill(p, 9) for p in black} == CORNER_BLACK
    assert {coords.from_sgfmill(p, 9) for p in white} == CORNER_WHITE
    assert root.get("PL") == "w"
    assert {coords.from_sgfmill(p, 9) for p in root.get("TR")} == pts("B3 A3", 9)
    assert {coords.from_sgfmill(p, 9) for p in root.get("SQ")} == pts("A2 A3 B2 D1 D2", 9)
    assert root.get("GN") == RICH.title and root.get("SO") == "Cho p.31"
    assert [child.get_move() for child in root] == [("w", (1, 0)), ("b", None), ("b", (1, 0))]
    assert root.get_raw("TG") == b"live" and root.get_raw("TD") == b"W"
    assert root.get_raw("TK") == b"-"
    assert root.get_raw_list("TH")[2] == b"ffffffffffffffff"


@pytest.mark.parametrize("problem", [
    RICH,
    Problem(9, CORNER_BLACK, CORNER_WHITE, BLACK, WHITE, "live_any", to_play_given=False),
    Problem(5, pts("A1", 5), pts("E5", 5), WHITE, BLACK, "live", crucial=pts("A1", 5),
            ko_allowed=(True, True)),
    Problem(19, pts("A1 T19", 19), pts("K10", 19), BLACK, BLACK, "live_any",
            ko_allowed=(True, False), region=pts("A1 B1", 19)),
], ids=["rich", "either-side", "tiny", "19x19"])
def test_round_trip_is_exact(problem):
    assert read_sgf(write_sgf(problem)) == [problem]


def test_a_frame_is_written_as_tf_and_read_back_rectangles_too():
    framed = Problem(9, CORNER_BLACK, CORNER_WHITE, BLACK, WHITE, "survive",
                     crucial=pts("A3", 9), frame=pts("A1 B1 B2", 9))
    root = sgf.Sgf_game.from_bytes(write_sgf(framed)).get_root()
    assert sorted(root.get_raw_list("TF")) == [b"ai", b"bh", b"bi"]
    assert read_sgf(write_sgf(framed)) == [framed]
    as_rectangle = write_sgf(framed).replace(b"TF[ai][bh][bi]", b"TF[ai:bi][bh]")
    assert one(as_rectangle).frame == pts("A1 B1 B2", 9)


@st.composite
def problems(draw):
    size = draw(st.integers(2, 9))
    points = coords.all_locs(size)
    colors = draw(st.lists(st.sampled_from([0, 0, 1, 2]), min_size=len(points),
                           max_size=len(points)))
    black = {p for p, c in zip(points, colors, strict=True) if c == 1}
    white = {p for p, c in zip(points, colors, strict=True) if c == 2}
    defender = draw(st.sampled_from([BLACK, WHITE]))
    own = sorted(black if defender == BLACK else white)
    crucial = draw(st.sets(st.sampled_from(own))) if own else set()
    to_play_given = draw(st.booleans())
    empty = [p for p in points if p not in black and p not in white]
    book = draw(st.lists(st.tuples(st.sampled_from([BLACK, WHITE]),
                                   st.sampled_from(empty + [PASS])), max_size=3,
                         unique=True))      # a book's answers, each once
    try:
        return Problem(
            size, black, white, BLACK if not to_play_given else draw(st.sampled_from([1, 2])),
            defender, "live" if crucial else "live_any", crucial=crucial,
            region=draw(st.sets(st.sampled_from(points))),
            ko_allowed=draw(st.none() | st.tuples(st.booleans(), st.booleans())),
            history=tuple(draw(st.lists(st.integers(0, 2 ** 64 - 1), max_size=3))),
            to_play_given=to_play_given, book_moves=book,
            title=draw(st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=8)),
            comment=draw(st.text(st.sampled_from("ab []\\:\n;()é"), max_size=12)),
            frame=draw(st.sets(st.sampled_from(sorted(black | white)))) if black | white
            else frozenset(),
            game_info=tuple(draw(st.dictionaries(
                st.sampled_from(GAME_INFO), st.text(st.sampled_from("ab []\\:\n;()é"),
                                                    min_size=1, max_size=8),
                max_size=3)).items()),
        )
    except ProblemError:
        return None


@settings(max_examples=200, deadline=None)
@given(problems())
def test_round_trip_of_random_valid_problems(problem):
    if problem is None:
        return
    assert read_sgf(write_sgf(problem)) == [problem]


# a Chinese site's problem: "Black to live", a right line and a failure line (正解, 失败)
EAST_ASIAN = ("(;GM[1]FF[4]{ca}SZ[19]GN[死活题]C[黑先活]AW[bb][cb][db][eb][fb][gb][ab][hb][hc][hd]"
              "[he]AB[bc][cc][dc][ec][fc][gc][bd](;B[ad]C[正解])(;B[ae]C[失败]))")
JAPANESE = {"题": "題", "黑": "黒", "失败": "失敗"}


@pytest.mark.parametrize("charset, ca", [("utf-8", ""), ("gbk", ""), ("shift_jis", ""),
                                          ("gbk", "CA[gb2312]"), ("shift_jis", "CA[Shift_JIS]")])
def test_a_file_in_an_east_asian_character_set_reads_with_or_without_ca(tmp_path, charset,
                                                                         ca):
    """QA s45: with no CA (SGF's default is ISO-8859-1) UTF-8 and GBK text read as
    "é»åæ´»" / "ºÚÏÈ»î": no intent read, and the failure line counted as an answer.  Framed,
    a GBK file's lines kept their GBK bytes under the output's CA[UTF-8]: unreadable."""
    from tsumego_gui.cli.main import main
    from tsumego_gui.core.problem_files import read_file
    text = EAST_ASIAN.format(ca=ca)
    if charset == "shift_jis":
        for chinese, japanese in JAPANESE.items():
            text = text.replace(chinese, japanese)
    path, out = tmp_path / "p.sgf", tmp_path / "framed.sgf"
    path.write_bytes(text.encode(charset))
    (posed,) = read_file(path)
    assert posed.problem.comment in ("黑先活", "黒先活")
    assert posed.problem.defender == BLACK and posed.problem.book_moves == (
        (BLACK, coords.from_gtp("A16", 19)),)
    assert main(["frame", str(path), "--out", str(out)]) == 0
    game = sgf.Sgf_game.from_bytes(out.read_bytes())       # UTF-8 throughout
    assert [line.get("C") for line in game.get_root()] == \
        ["正解", "失败" if charset != "shift_jis" else "失敗"]


def test_a_position_set_up_after_a_bare_root_is_read_as_the_roots():
    """QA s46: SZ in the root and the stones, PL and marks in the next node read as an
    open position, posed with Black to play, and proved the wrong side's verdict."""
    data = (b"(;FF[4]SZ[9];PL[W]AB[ag][bg][cg][dg][eg][eh][ei]AW[ah][bh][ch][dh][di]"
            b"TR[ah][bh][ch][dh][di]SQ[ai][bi][ci](;W[bi]C[RIGHT])(;W[ai]C[WRONG]))")
    [problem] = read_sgf_games(data)
    assert problem.to_play == WHITE and problem.defender == WHITE
    assert problem.crucial == {coords.from_gtp(p, 9) for p in ("A2", "B2", "C2", "D2", "D1")}
    assert problem.book_moves == ((WHITE, coords.from_gtp("B1", 9)),)


def test_a_setup_node_that_clears_points_is_not_lifted():
    """An AE after the root's stones depends on their order: the root stays the problem."""
    data = (b"(;FF[4]SZ[9]PL[W]AB[ag][bg][cg][dg][eg][eh][ei]AW[ah][bh][ch][dh][di]"
            b"TR[ah][bh][ch][dh][di]SQ[ai][bi][ci];AE[ah]AB[ah])")
    [problem] = read_sgf_games(data)
    assert coords.from_gtp("A2", 9) in problem.white


@pytest.mark.parametrize("next_node", [b";AW[bi]C[Answer: B1]",          # an answer drawn
                                       b";AW[bi](;B[ai])(;B[ci])",
                                       b";MA[bi]C[hint](;W[bi])"])     # a hint marked
def test_a_root_that_holds_the_problem_keeps_its_next_node_as_a_line(next_node):
    """Review s46: the lift merged the answer's stone (or a hint's mark) into a root that
    already held the problem."""
    root = (b"(;FF[4]SZ[9]PL[W]AB[ag][bg][cg][dg][eg][eh][ei]AW[ah][bh][ch][dh][di]"
            b"TR[ah][bh][ch][dh][di]SQ[ai][bi][ci]C[White to live]")
    [problem] = read_sgf_games(root + next_node + b")")
    assert coords.from_gtp("B1", 9) not in problem.white
    assert problem.comment == "White to live" and problem.to_play == WHITE


def test_a_file_labelled_gb2312_reads_gbk_characters():
    """QA s46: 殺 is GBK, not GB2312; files labelled GB2312 hold GBK, and it was lost."""
    data = ("(;FF[4]CA[GB2312]GN[黑先殺]SZ[9]PL[W]AB[ag][bg][cg][dg][eg][eh][ei]"
            "AW[ah][bh][ch][dh][di]TR[ah][bh][ch][dh][di]SQ[ai][bi][ci])").encode("gbk")
    [problem] = read_sgf_games(data)
    assert problem.title == "黑先殺"


# --- game info: the players, the date, the rules... kept beside the problem ----------------

# the straight three of 9x9 (``CORNER`` style) as a book's file gives it, with the game's
# information, an editor's own properties and a game comment
WITH_GAME_INFO = ("(;FF[4]GM[1]CA[{ca}]SZ[9]PL[W]AB[ag][bg][cg][dg][eg][eh][ei]"
                  "AW[ah][bh][ch][dh][di]TR[ah][bh][ch][dh][di]SQ[ai][bi][ci]GN[直三]"
                  "SO[玄玄棋經]PB[趙治勲]PW[小林光一]DT[1986-01-17,18]RU[Japanese]KM[5.5]"
                  "EV[第10期棋聖戦]GC[Game 1\nthe corner]CP[(c) a [b\\] c]PBX[1]AP[Editor:2]ST[2])")


@pytest.mark.parametrize("charset", ["UTF-8", "GB18030"])
def test_the_game_info_is_read_as_text_and_written_back_unchanged(charset):
    data = WITH_GAME_INFO.format(ca=charset).encode(charset)
    problem = one(data)
    source = sgf.Sgf_game.from_bytes(data).get_root()
    assert dict(problem.game_info) == {
        "PB": "趙治勲", "PW": "小林光一", "DT": "1986-01-17,18", "RU": "Japanese", "KM": "5.5",
        "EV": "第10期棋聖戦", "GC": "Game 1\nthe corner", "CP": "(c) a [b] c"}
    kept = ("PB", "PW", "DT", "RU", "KM", "EV", "GC", "CP")
    root = sgf.Sgf_game.from_bytes(write_sgf(problem)).get_root()       # UTF-8
    assert {p: root.get(p) for p in (*kept, "GN", "SO")} == \
        {p: source.get(p) for p in (*kept, "GN", "SO")}
    # an editor's own properties and its style of showing variations are not the game's
    assert not {"PBX", "AP", "ST"} & set(root.properties())
    assert read_sgf(write_sgf(problem)) == [problem]


def test_game_info_never_carries_the_position_or_its_marks():
    """A problem built by hand may hold any pair: only game-info properties are written,
    never one that sets up or marks the position (the stones come from the problem)."""
    problem = Problem(9, CORNER_BLACK, CORNER_WHITE, WHITE, WHITE, "survive",
                      crucial=pts("B3", 9),
                      game_info=(("PB", "Black"), ("AB", "ii"), ("TR", "ii"), ("PL", "B")))
    root = sgf.Sgf_game.from_bytes(write_sgf(problem)).get_root()
    assert root.get("PB") == "Black" and root.get("PL") == "w"
    assert {coords.from_sgfmill(p, 9) for p in root.get_setup_stones()[0]} == CORNER_BLACK
    assert {coords.from_sgfmill(p, 9) for p in root.get("TR")} == pts("B3", 9)


@pytest.mark.parametrize("game_info", [(("pb", "x"),), (("PB",),), ((1, "x"),),
                                       (("PB", b"x"),), (("PB", "x"), ("PB", "y"))])
def test_game_info_is_a_tuple_of_property_and_text_pairs(game_info):
    with pytest.raises(ProblemError, match="game info"):
        Problem(9, CORNER_BLACK, CORNER_WHITE, WHITE, WHITE, "survive",
                crucial=pts("B3", 9), game_info=game_info)


# --- where the answers branch: the problem (QA s50) -----------------------------------

BULKY_SETUP = (b"AB[ac][bc][cc][cb][db][da]AW[ad][bd][cd][dd][dc][ec][eb][ea][ba]")


def posed(data: bytes):
    from tsumego_gui.core.open_problem import read_games
    [game] = read_games(data)
    return game.problem


def test_a_node_that_takes_stones_off_before_the_answers_is_the_problem():
    """QA s50: the third node took White's B19 off (a bulky five whose vital point is
    empty); it was read as a game, the answer B19 played, "Black dies", verified."""
    problem = posed(b"(;GM[1]FF[4]SZ[19];" + BULKY_SETUP + b";AE[ba]PL[B]C[Black to play and "
                    b"live](;B[ba]C[RIGHT])(;B[bb];W[ba]C[WRONG]))")
    b19 = coords.from_gtp("B19", 19)
    assert b19 not in problem.white | problem.black
    assert problem.to_play == BLACK and problem.defender == BLACK
    assert problem.book_moves == ((BLACK, b19),)
    assert problem.comment == "Black to play and live"


def test_stones_set_up_over_two_nodes_before_the_answers_are_the_problem():
    """QA s50: Black's stones in the root, White's and the text in the next node, then the
    answers: refused as "no white stones"."""
    problem = posed(b"(;GM[1]FF[4]SZ[19]AB[ac][bc][cc][cb][db][da];AW[ad][bd][cd][dd][dc]"
                    b"[ec][eb][ea]PL[W]C[White to kill](;W[ba]C[RIGHT])(;W[bb];B[ba]C[WRONG]))")
    assert len(problem.white - problem.frame) == 8 and problem.to_play == WHITE
    assert problem.defender == BLACK


def test_moves_that_set_up_a_problem_before_its_labelled_answers_are_played_not_the_answer():
    """QA s50: a position made by moves (passes between), the question on the last one and
    the answers as variations: the first variation, the right answer, was played too."""
    problem = posed(b"(;GM[1]FF[4]SZ[19];B[cc];W[ec];B[dc];W[ed];B[];W[gc];B[];W[de];B[];"
                    b"W[cd]C[Black to play and live](;B[bb]C[Correct];W[bd];B[eb];W[fb];B[ca])"
                    b"(;B[bd]C[Wrong];W[be]))")
    assert len(problem.black - problem.frame) == 2 and problem.to_play == BLACK
    assert coords.from_gtp("B18", 19) not in problem.black
    assert problem.book_moves == ((BLACK, coords.from_gtp("B18", 19)),)
    assert problem.defender == BLACK


def test_a_labelled_first_move_before_the_branch_stays_the_answer():
    """A book's file: the right first move N[正解] on the main line, White's replies as
    variations below it; the root is the problem and the move its answer."""
    problem = posed(("(;CA[UTF-8]SZ[19]GN[黑先活]AB[cc][dc][ec][bb][fb][fa]AW[bc][bd][cd][dd]"
                     "[ed][fc][gc][gb][da];B[db]N[正解](;W[ca];B[cb])(;W[ba]N[變化圖];B[ea]))"
                     ).encode())
    assert coords.from_gtp("D18", 19) not in problem.black
    assert problem.book_moves == ((BLACK, coords.from_gtp("D18", 19)),)


def test_a_commented_games_unlabelled_variations_leave_it_a_game():
    p = one(b"(;SZ[5];B[cc];W[aa];B[bb](;W[ee])(;W[ea]))", defender=WHITE)
    assert p.black == pts("C3 B4", 5) and p.white == pts("A5 E1", 5)


def test_a_collection_cut_short_keeps_its_complete_games():
    """QA s50: a download cut inside its last game opened none of the games before it."""
    from tsumego_gui.core.open_problem import read_games
    data = b"(;SZ[5]AW[aa]TR[aa])\n(;SZ[7]AB[bb]TR[bb]PL[W])\n(;SZ[7]AB[bb]C[cut he"
    *problems, broken = read_sgf_games(data)
    assert [p.size for p in problems] == [5, 7]
    assert isinstance(broken, ProblemError) and str(broken).startswith(
        "it ends in the middle of game 3")
    *posed, broken = read_games(data)
    assert [p.problem.size for p in posed] == [5, 7] and "game 3" in str(broken)
    with pytest.raises(ProblemError, match="not a readable SGF file: it ends in the middle "
                                           "of game 1"):
        read_sgf_games(b"(;SZ[7]AB[bb]C[cut he")


def test_beside_a_line_labelled_right_an_unlabelled_line_is_no_answer():
    """QA s50: goproblems.com labels only the right line ("RIGHT - Black has two eyes."),
    the wrong ones end in words such as "Dead."; all three first moves were answers."""
    data = (b"(;GM[1]FF[4]SZ[19]AP[goproblems.com]AB[rb][qb][pb][ob]AW[rc][qc][pc][oc][nc][mc]"
            b"[lc][re]C[Black to play and live.](;B[nb];W[sb]C[White takes the vital point. "
            b"Black is dead.])(;B[sc];W[nb];B[oa];W[sb]C[Dead.])(;B[sb];W[nb];B[oa]"
            b"C[RIGHT - Black has two eyes.]))")
    t18 = (BLACK, coords.from_gtp("T18", 19))
    assert posed(data).book_moves == (t18,)
    marked = data.replace(b"C[Black to play", b"TR[rb][qb][pb][ob]C[Black to play")
    assert one(marked).book_moves == (t18,)


def test_a_single_answer_after_set_up_stones_stays_the_answer():
    """Review s50: the stones and the question in the root, Black's one right move, then
    White's replies as labelled variations: the lift played the answer into the problem
    (White to play, "White dies"); moves after setup stones are the answer."""
    problem = posed(b"(;FF[4]GM[1]SZ[19]C[Black to play and kill.]AB[an][bn][cn][dn][en][fn]"
                    b"[ao][bo][co][do][eo][fo][ap][cp][ep][fp][gp][aq][eq][fq][gq][fr][gr][fs]"
                    b"[gs]AW[bq][cq][dq][ar][br][dr][er][as][es];B[cs](;W[cr];B[bs]C[RIGHT])"
                    b"(;W[bs];B[cr]C[RIGHT]))")
    c1 = coords.from_gtp("C1", 19)
    assert problem.to_play == BLACK and c1 not in problem.black
    assert problem.book_moves == ((BLACK, c1),)


def test_a_reviewed_game_whose_game_line_goes_on_unlabelled_stays_a_game():
    """Review s50: a game record with "A mistake." on the game's move and "Correct was
    this." on a variation was read at the branch; its game line is played to the end."""
    data = (b"(;FF[4]GM[1]SZ[9]KM[7];B[ee];W[gc];B[cg];W[ce];B[gg];W[dc];B[ge];W[hd];B[hf];"
            b"W[ef];B[df];W[eg];B[dg](;W[fg]C[A mistake.];B[fh];W[de];B[cd];W[dd];B[eh])"
            b"(;W[de]C[Correct was this.];B[fg]))")
    p = one(data, defender=WHITE)
    assert len(p.black | p.white) == 19 and len(p.history) == 19     # all 19 moves


def test_an_earlier_moves_mark_is_not_the_problems():
    """Review s50: a triangle on a move of the line that sets a problem up (a last-move
    mark) became the problem's crucial stone."""
    data = (b"(;GM[1]FF[4]SZ[19];B[cc];W[ec];B[dc]TR[dc];W[ed];B[];W[gc];B[];W[de];B[];"
            b"W[cd]C[Black to play and live](;B[bb]C[Correct];W[bd];B[eb];W[fb];B[ca])"
            b"(;B[bd]C[Wrong];W[be]))")
    problem = posed(data)
    assert problem.defender == BLACK and coords.from_gtp("B18", 19) not in problem.black
    assert problem.book_moves == ((BLACK, coords.from_gtp("B18", 19)),)


def test_a_ko_point_the_side_to_move_took_bans_nothing():
    """Review s62: the L-four corner ko just after Black took it at A1 (White may not retake
    at once).  With Black to move instead (a file that turned PL and kept TO, or the proof
    exported for Black), the ban is gone, as a move elsewhere lifts it: the file reads, and
    the export for Black writes no ko point (it was refused, and no proof written)."""
    a1 = coords.from_gtp("A1", 9)
    problem = read_sgf(KO_JUST_TAKEN)[0]
    assert (problem.to_play, problem.ko_point) == (WHITE, a1)
    turned = read_sgf(KO_JUST_TAKEN.replace(b"PL[W]", b"PL[B]"))[0]
    assert (turned.to_play, turned.ko_point) == (BLACK, PASS)
    for to_play, ko_point in ((BLACK, PASS), (WHITE, a1)):
        again = read_sgf(problem_sgf_for(problem, to_play))[0]
        assert (again.to_play, again.ko_point) == (to_play, ko_point)
