"""Posing and framing open book problems: who must live, the targets, the frame.

Expected defenders, targets and region sizes are derived by hand from the
diagrams and the rules in ``core.frame``'s docstring (box of the stones,
``distance`` lines of room, sides within ``EDGE_REACH`` of the edge reach it).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_cy.board import BLACK, EMPTY, WHITE
from tsumego_gui.cli.main import main as cli_main
from tsumego_gui.core import coords
from tsumego_gui.core.diagram import parse_diagram, render_diagram
from tsumego_gui.core.frame import AROUND, EDGE_REACH, frame
from tsumego_gui.core.open_problem import (
    REFERENCE,
    RIGHT,
    WRONG,
    pose_and_frame,
    read_open_position,
)
from tsumego_gui.core.posing import GUESS, LIKELY, SURE, named_intent, pose, read_intent
from tsumego_gui.core.problem import ProblemError, check_position
from tsumego_gui.core.problem_files import ProblemFileError, read_file
from tsumego_gui.core.sgf_io import read_sgf, write_sgf

B, W = BLACK, WHITE


def stones(diagram: str, size: int) -> tuple[frozenset[int], frozenset[int]]:
    board = parse_diagram(diagram, size=size)
    locs = coords.all_locs(size)
    return (frozenset(p for p in locs if board.color_at(p) == B),
            frozenset(p for p in locs if board.color_at(p) == W))


def empty_region(problem) -> int:
    return sum(1 for p in problem.region if problem.color_at(p) == EMPTY)


# a black group on the second line of the top-left corner, closed in by White (13x13)
CORNER = """
    . . . . . . .
    X X X X O . .
    O O O O O . .
"""
# a white group on the bottom edge, closed in by Black (19x19; rows 0-15 empty)
SIDE = "\n".join([". " * 19] * 16) + """
    . . . . . . X X X X X X X . . . . . .
    . . . . . . X O O O O O X . . . . . .
    . . . . . . X . . . . . X . . . . . .
"""


@pytest.mark.parametrize("text, to_play, defender", [
    ("黑先活", B, B),
    ("黒先活", B, B),                  # Japanese form of the same
    ("白先殺", W, B),
    ("白先杀", W, B),
    ("黑棋不死", None, B),             # "Black does not die": White moves and fails
    ("白先黑死", W, B),
    ("黒先白死", B, W),
    ("黒先生き", B, B),                # Japanese "Black to play and live" (QA s50)
    ("白先黒生き", W, B),
    ("흑선활", B, B),
    ("백선흑사", W, B),
    ("흑선 삶", B, B),
    ("백선 잡기", W, B),
    ("Black to live", B, B),
    ("White to play and kill", W, B),
    ("white to play and live.", W, W),
    ("Black to play. White dies", B, W),
    ("Problem 12: black to play", B, None),
])
def test_the_intent_of_a_problem_text(text, to_play, defender):
    intent = read_intent(text)
    assert intent is not None
    assert (intent.to_play, intent.defender) == (to_play, defender)


@pytest.mark.parametrize("text", [
    "",
    "Schwarz lebt",                                      # a language we do not read: ignored
    "右下: 354頁, 黑先劫右上: 355頁, 白先活左下: 356頁, 白先劫",   # a page of three problems
    "Black to live. White to live.",
])
def test_text_without_one_intent_is_ignored(text):
    assert read_intent(text) is None


@pytest.mark.parametrize("text, to_play, defender", [
    # a book page of three problems: the side to move picks the one this file holds
    ("左上: 12頁, 黑先活右上: 13頁, 白先殺左下: 14頁, 白先劫", W, B),
    ("左上: 12頁, 黑先活右上: 13頁, 白先殺左下: 14頁, 白先劫", B, B),
    ("Page 3: black to live. Page 4: white to play and live.", W, W),
])
def test_a_page_of_problems_is_read_for_the_side_to_move(text, to_play, defender):
    black, white = stones(CORNER, 13)
    posing = pose(13, black, white, first_moves=(to_play,), text=text)
    assert (posing.to_play, posing.defender, posing.confidence) == (to_play, defender, LIKELY)
    assert "states several problems" in posing.reasons[-1]


@pytest.mark.parametrize("text, first_moves", [
    ("左上: 12頁, 黑先活右上: 13頁, 白先活", ()),        # nothing says who moves: geometry
    ("右上: 12頁, 白先活左下: 13頁, 白先殺", (W,)),       # White's two problems disagree
])
def test_a_page_of_problems_without_one_reading_is_not_guessed_from(text, first_moves):
    black, white = stones(CORNER, 13)
    posing = pose(13, black, white, first_moves=first_moves, text=text)
    assert posing.confidence == GUESS and "a guess" in posing.reasons[-1]


@pytest.mark.parametrize("text, to_play, defender, quoted", [
    ("白先雙活", W, W, "白先雙活"),        # White to play: seki (life to the goal survive)
    ("黒先セキ", B, B, "黒先セキ"),
    ("백선빅", W, W, "백선빅"),
    ("白先劫", W, None, "白先劫"),          # a ko names no side that must live
    ("白先勝", W, None, "白先勝"),          # nor a race White wins
])
def test_seki_and_ko_goals_are_read_and_quoted_whole(text, to_play, defender, quoted):
    """QA s51 book D8: 白先雙活 and 白先劫 were read, and quoted, as 白先."""
    intent = read_intent(text)
    assert (intent.to_play, intent.defender, intent.text) == (to_play, defender, quoted)


PAGE = "右下: 343頁, 白先活右上: 344頁, 黑先活左上: 345頁, 白先雙活左下: 346頁, 白先殺"


@pytest.mark.parametrize("names, expected", [
    (("左上",), ("左上", W, W)),
    (("右上",), ("右上", B, B)),
    (("左下", "左下 失敗"), ("左下", W, B)),
    (("正解",), None),                      # no place named
    (("右上", "左下"), None),               # two problems named
    (("下邊",), None),                      # a place the page does not list
])
def test_the_problem_a_node_name_picks_from_a_page(names, expected):
    """QA s51 book D8: N[下邊] on the first move named the page's problem it is."""
    named = named_intent(PAGE, names)
    got = None if named is None else (named[0], named[1].to_play, named[1].defender)
    assert got == expected


def test_a_named_problem_of_a_page_poses_its_own_intent():
    black, white = stones(CORNER, 13)
    posing = pose(13, black, white, text=PAGE, names=("左下",))
    assert (posing.to_play, posing.defender, posing.confidence) == (W, B, SURE)
    assert posing.reasons[0] == "the file names this problem '左下', and the text says " \
        "'白先殺' for it"
    unnamed = pose(13, black, white, text=PAGE)
    assert unnamed.confidence != SURE


def test_a_corner_group_closed_in_from_outside_is_the_defender():
    black, white = stones(CORNER, 13)
    posing = pose(13, black, white)
    assert (posing.defender, posing.to_play) == (B, B)
    assert posing.targets == black
    assert posing.confidence == GUESS
    by_text = pose(13, black, white, text="White to kill")
    assert (by_text.defender, by_text.to_play, by_text.confidence) == (B, W, SURE)


def test_the_side_to_move_comes_from_the_file_then_the_variations_then_the_text():
    black, white = stones(CORNER, 13)
    assert pose(13, black, white, to_play=W, text="Black to play").to_play == W
    assert pose(13, black, white, first_moves=(W, W), text="Black to play").to_play == W
    assert pose(13, black, white, first_moves=(W, B), text="Black to play").to_play == B
    assert pose(13, black, white, first_moves=(W, B), text="Black lives").confidence == LIKELY
    # the file's PL against the text and every line (an editor that always writes PL[B]):
    # the text and the lines (QA s50); against one of them alone, PL
    assert pose(13, black, white, to_play=B, first_moves=(W, W), text="白先杀").to_play == W
    assert pose(13, black, white, to_play=B, first_moves=(W, B), text="白先杀").to_play == B
    assert pose(13, black, white, to_play=B, first_moves=(W,), text="").to_play == B


@pytest.mark.parametrize("distance, area_rows, area_cols", [(0, 3, 5), (1, 4, 6), (2, 5, 7)])
def test_a_corner_problem_is_framed_with_room_towards_the_centre(distance, area_rows, area_cols):
    black, white = stones(CORNER, 13)
    framed = frame(13, black, white, pose(13, black, white), distance=distance)
    problem = framed.problem
    # the box of the stones is rows 1-2 and columns A-E; the top and left reach the edge
    assert len(framed.area) == area_rows * area_cols
    assert problem.region == framed.area
    assert empty_region(problem) == area_rows * area_cols - len(black) - len(white)
    assert problem.crucial == black and problem.goal == "survive"
    assert not framed.added & framed.area


def test_a_side_problem_reaches_the_edge_it_sits_on():
    black, white = stones(SIDE, 19)
    posing = pose(19, black, white, text="白先活")
    assert (posing.defender, posing.to_play) == (W, W)
    framed = frame(19, black, white, posing, distance=1)
    # stones: rows 16-18, columns 6-12 (G-N); one line of room above and on both sides
    rows = {coords.from_loc(p, 19)[0] for p in framed.area}
    cols = {coords.from_loc(p, 19)[1] for p in framed.area}
    assert rows == set(range(15, 19)) and cols == set(range(5, 14))
    assert framed.problem.crucial == white


def test_no_move_in_the_region_can_capture_a_frame_stone():
    black, white = stones(CORNER, 13)
    framed = frame(13, black, white, pose(13, black, white), distance=1)
    board = framed.problem.to_board()
    for p in framed.added:
        assert any(lib not in framed.area for lib in board.liberties(p))
    added_colors = {framed.problem.color_at(p) for p in framed.added}
    assert added_colors == {B, W}      # the attacker's wall and the defender's outside


def test_the_frame_is_walls_and_territory_as_at_the_end_of_a_game():
    black, white = stones(CORNER, 13)
    framed = frame(13, black, white, pose(13, black, white), distance=1)
    # the area is rows 0-3, columns A-F; White (the attacker) has a line next to it, two
    # empty lines of territory and a second line; then Black's line and territory
    assert render_diagram(framed.problem.to_board()).split() == """
        . . . . . . O . . O X . .
        X X X X O . O . . O X . .
        O O O O O . O . . O X . .
        . . . . . . O . . O X . .
        O O O O O O O . . O X . .
        . . . . . . . . . O X . .
        . . . . . . . . . O X . .
        O O O O O O O O O O X . .
        X X X X X X X X X X X . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
    """.split()


BOOK_SGF = """(;SZ[13]GN[Black to live]AB[ab][bb][cb][db]AW[eb][ac][bc][cc][dc][ec]
(;B[ba]C[RIGHT])(;B[ca]C[wrong: White plays B1])(;B[aa];W[ba]))"""


def test_a_book_file_gives_its_lines_and_is_posed_and_framed():
    position = read_open_position(BOOK_SGF.encode())
    assert [(line.color, coords.to_gtp(line.move, 13), line.verdict)
            for line in position.lines] == [(B, "B13", RIGHT), (B, "C13", WRONG), (B, "A13", "")]
    posing, framed = pose_and_frame(position, distance=0)
    assert (posing.defender, posing.to_play, posing.confidence) == (B, B, SURE)
    # the book's answers: the failure line's C13 is not one (QA s43), nor the unlabelled
    # A13 beside a line labelled right (QA s50: White's B13 kills there)
    assert framed.problem.book_moves == ((B, coords.from_gtp("B13", 13)),)
    assert framed.problem.title == "Black to live"


def test_a_book_page_problem_named_on_its_first_move_is_posed_by_its_own_goal():
    """QA s51 book D8: the first move's N[] names which of the page's problems the file
    holds."""
    page = BOOK_SGF.replace("GN[Black to live]", "C[右上: 2頁, 白先活左上: 1頁, 黑先活]")
    named = page.replace("(;B[ba]C[RIGHT])", "(;B[ba]N[左上]C[RIGHT])")
    posing, _ = pose_and_frame(read_open_position(named.encode()), distance=0)
    assert (posing.defender, posing.to_play, posing.confidence) == (B, B, SURE)
    assert "names this problem '左上', and the text says '黑先活'" in posing.reasons[0]
    unnamed, _ = pose_and_frame(read_open_position(page.encode()), distance=0)
    assert unnamed.confidence == LIKELY


def test_a_posed_book_problem_keeps_its_source_and_game_info(tmp_path):
    """A book's file names where it comes from and whose game it is: posed and framed,
    the problem keeps them (read as a marked file's are), so that its exports say them;
    the game comment is the problem's comment, as posing reads it, and not kept twice."""
    path = tmp_path / "book.sgf"
    path.write_text(BOOK_SGF.replace("GN[Black to live]", "GN[Black to live]SO[Gokyo Shumyo 1]"
                                     "PB[Hayashi Genbi]DT[1812]GC[Black first]"))
    (posed,) = read_file(path)
    assert posed.frame and posed.problem.source == "Gokyo Shumyo 1"
    assert dict(posed.problem.game_info) == {"PB": "Hayashi Genbi", "DT": "1812"}
    assert "Black first" in posed.problem.comment
    assert read_sgf(write_sgf(posed.problem)) == [posed.problem]


def test_reference_diagrams_are_no_answers():
    """QA s44: on a "Black does not die" page (Cho Chikun 23, 17: 黑棋不死) the lines are
    reference diagrams of White's tries, which fail; they were read as White's answers.
    One names another problem's answer in its comment (正解), as book 17's does."""
    position = read_open_position(
        "(;CA[UTF-8]SZ[13]GN[黑棋不死]AB[ab][bb][cb][db]AW[eb][ac][bc][cc][dc][ec]"
        "(;W[ba]N[參考圖1];B[ca]C[黑棋淨活])(;W[aa]N[參考圖2];B[ca]C[參考第15型中正解2])"
        "(;W[ca]N[参考図];B[ba]))".encode())
    assert [line.verdict for line in position.lines] == [REFERENCE] * 3
    posing, framed = pose_and_frame(position, distance=0)
    assert (posing.defender, posing.to_play) == (B, W)     # the lines still say who moves
    assert framed.problem.book_moves == ()


@pytest.mark.parametrize("where", ["GC[{}]", "XYZ[{}]", "C[Page 3]XYZ[{}]"])
def test_a_statement_in_the_game_comment_or_an_editors_own_property_is_read(where):
    statement = where.format("White to live")
    position = read_open_position(
        f"(;SZ[13]{statement}AB[ab][bb][cb][db][eb][ac][ec]AW[ba][ca][bc][cc][dc]PL[W])".encode())
    assert "White to live" in position.comment
    posing = pose_and_frame(position)[0]
    assert (posing.defender, posing.to_play, posing.confidence) == (W, W, SURE)


def test_values_read_for_their_meaning_are_not_texts():
    position = read_open_position(b"(;SZ[9]AP[White to live]PL[B]AB[aa][ba]AW[ab][bb][cb])")
    assert position.comment == ""
    # an editor's flag is no text either (QA s43: MultiGo's MULTIGOGM[1] read as "1")
    position = read_open_position(b"(;SZ[9]MULTIGOGM[1]XYZ[ 2.5 ]PL[B]AB[aa][ba]AW[ab][bb][cb])")
    assert position.comment == ""
    # nor goproblems.com's difficulty and genre (QA s50: "12k", "life and death")
    position = read_open_position(b"(;SZ[9]DI[12k]GE[life and death]DP[74]CO[6]PL[B]"
                                  b"AB[aa][ba]AW[ab][bb][cb])")
    assert position.comment == ""


def test_a_single_solution_line_after_setup_stones_is_not_played():
    position = read_open_position(b"(;SZ[9]AB[aa][ba]AW[ab][bb][cb]PL[W];W[cc];B[dd])")
    assert len(position.black) == 2 and len(position.white) == 3
    assert position.to_play == W and position.lines[0].color == W


@pytest.mark.parametrize("diagram, message", [
    (". . .\n. . .", "no stones"),
    ("X X .\n. . .", "no white stones"),
    ("X O . . . . . . . . . . X\n" + ". " * 13 + "\n" + ". " * 12 + "O", "separate fights"),
])
def test_a_position_with_no_plausible_problem_is_refused(diagram, message):
    black, white = stones(diagram, 13)
    with pytest.raises(ProblemError, match=message):
        pose(13, black, white)


def test_a_board_full_of_stones_has_no_room_for_a_frame():
    rows = [" ".join("X" if (r + c) % 4 else "." for c in range(9)) for r in range(8)]
    rows.append(" ".join("O" if c % 3 else "." for c in range(9)))
    black, white = stones("\n".join(rows), 9)
    with pytest.raises(ProblemError, match="no room for a frame"):
        frame(9, black, white, pose(9, black, white, text="White to live"))


def test_a_fight_across_a_small_board_is_framed_towards_the_nearer_edge_only():
    """QA s50: on a small board both ends of an axis may be near an edge; both reached it,
    so a 9x9 top-side fight (as enclosed-dev's scp/1) had no room for a frame, and a 13x13
    side problem's area ran from edge to edge (36 empty points where 19x19 gives 20).
    Only the nearer end reaches the edge; the other gets its line of room."""
    black, white = stones(TOP_SIDE_9, 9)
    framed = frame(9, black, white, pose(9, black, white, text="Black to kill"), distance=1)
    rows = {coords.from_loc(p, 9)[0] for p in framed.area}
    assert rows == set(range(0, 6))      # the stones' rows 9-5 and one line of room
    assert {coords.from_loc(p, 9)[0] for p in framed.added} == {6}      # the wall, row 3


def test_no_room_says_where_the_stones_reach_not_where_the_frame_would():
    """The stones take rows 9-2 of the 9x9 board: the message must not say rows 9-1."""
    black, white = stones(TOP_SIDE_9.replace("\n. . . . . . . . .", "\nX . . . . . . . .", 3),
                          9)
    with pytest.raises(ProblemError) as info:
        frame(9, black, white, pose(9, black, white, text="Black to kill"))
    message = str(info.value)
    assert "from row 9 down to row 2 and from column A to J" in message
    assert "no point of the 9x9 board outside it" in message


UNCONDITIONAL2 = (Path(__file__).resolve().parents[2] / "shared" / "problems" /
                  "gnugo-unconditional" / "games" / "unconditional" / "unconditional2.sgf")


@pytest.mark.skipif(not UNCONDITIONAL2.exists(), reason="needs ../shared/problems")
def test_on_a_full_board_a_position_near_both_edges_has_no_room():
    """Review s50: the nearer-edge rule of small boards framed GNU Go's whole-board test
    position as a 136-point problem no search finishes; on 19x19 it has no room."""
    from tsumego_gui.core.open_problem import read_games
    [game] = read_games(UNCONDITIONAL2.read_bytes())
    assert isinstance(game, ProblemError) and "no room for a frame" in str(game)


TOP_SIDE_9 = "\n".join([
    ". X . . . . . . X",
    ". O . . . O X X X",
    ". O . O O O X . .",
    "X O . X X X X . .",
    "X X X X . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . ."])


# a black corner group closed in by White, and white stones below it that say "this side
# is White's" (19x19; the rest of the board empty)
WITH_OUTSIDE_STONES = "\n".join(row + " ." * 13 for row in [
    ". X X O . .",
    "X . X O . .",
    "X X O O . .",
    "O O O . . .",
    ". . . . . .",
    ". O . . . .",
    ". . . . . .",
    ". . . . . .",
    ". O . . . .",
]) + "\n" + "\n".join([". " * 19] * 10)


def test_a_frame_around_the_defender_leaves_outside_attacker_stones_outside():
    black, white = stones(WITH_OUTSIDE_STONES, 19)
    posing = pose(19, black, white)
    assert posing.defender == B
    by_all = frame(19, black, white, posing)
    by_defender = frame(19, black, white, posing, around="defender")
    outside = {coords.to_loc(5, 1, 19), coords.to_loc(8, 1, 19)}
    # the box of all stones reaches the stones below: rows 1-10, columns A-E (distance 1)
    assert len(by_all.area) == 10 * 5 and outside <= by_all.area
    # the defender's box is rows 1-3, columns A-C, and one line of room: 4 x 4; the
    # lower stone sits where the frame's defender line runs (row 9), and stays White's
    assert len(by_defender.area) == 4 * 4 and not outside & by_defender.area
    problem = by_defender.problem
    assert all(problem.color_at(p) == W for p in outside) and not outside & by_defender.added
    assert problem.region == by_defender.area and problem.crucial == black
    assert empty_region(problem) < empty_region(by_all.problem)
    with pytest.raises(ProblemError, match="frame around"):
        frame(19, black, white, posing, around="attacker")


@st.composite
def corner_positions(draw):
    """Random legal positions of both colours in a box at the top-left of a 19x19 board."""
    size, rows, cols = 19, draw(st.integers(2, 6)), draw(st.integers(2, 7))
    cells = draw(st.lists(st.sampled_from([EMPTY, EMPTY, B, W]), min_size=rows * cols,
                          max_size=rows * cols))
    black = frozenset(coords.to_loc(i // cols, i % cols, size)
                      for i, v in enumerate(cells) if v == B)
    white = frozenset(coords.to_loc(i // cols, i % cols, size)
                      for i, v in enumerate(cells) if v == W)
    return size, black, white


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(corner_positions(), st.integers(0, 2), st.sampled_from(AROUND))
def test_framing_never_changes_a_problem_stone(position, distance, around):
    size, black, white = position
    try:
        check_position(size, black, white)
        posing = pose(size, black, white)
        framed = frame(size, black, white, posing, distance=distance, around=around)
    except ProblemError:
        return              # not a position, not one fight, or no room for a wall: tested above
    problem = framed.problem
    for p in black | white:
        assert problem.color_at(p) == (B if p in black else W)
    for p in framed.area - black - white:
        assert problem.color_at(p) == EMPTY
    assert posing.targets <= framed.area and problem.region == framed.area
    if around == "stones":
        assert (black | white) <= framed.area
        rows = [coords.from_loc(p, size)[0] for p in framed.area]
        assert min(rows) == 0 and max(rows) <= max(
            coords.from_loc(p, size)[0] for p in black | white) + max(framed.distance, EDGE_REACH)


def test_an_open_sgf_file_is_posed_and_framed_by_the_one_reader(tmp_path):
    marked = "(;SZ[9]AB[aa][ba][ca]AW[ab][bb][cb][db]TR[aa]PL[W])"
    path = tmp_path / "two.sgf"
    path.write_text(BOOK_SGF + marked)
    first, second = read_file(path)
    assert first.assumed[0] == "the text says 'Black to live'"
    assert first.assumed[-1].startswith("framed at distance 1")
    assert first.frame and first.frame == frozenset(
        p for p in coords.all_locs(13) if first.problem.color_at(p) != EMPTY) - stones(
            CORNER, 13)[0] - stones(CORNER, 13)[1]
    # TR marks alone on an open board give the defender's colour, and the problem is
    # posed and framed round it (QA s44: a book's triangle made one stone crucial and the
    # whole 19x19 board the region)
    assert "black must live: the file's TR marks are on its stones" in second.assumed
    assert second.assumed[-1].startswith("the file's TR marks (1 point) give the defender")
    assert second.frame and second.problem.defender == BLACK
    assert second.problem.crucial == {coords.from_gtp(v, 9) for v in ("A9", "B9", "C9")}
    with pytest.raises(ProblemError, match="say which side is the defender"):
        read_file(path, frame_distance=None)
    # where no frame fits (a research file's board, framed already) TR marks are kept
    full = tmp_path / "full.sgf"
    full.write_text("(;SZ[5]AB[aa][ba][ab]AW[ca][ea][cb][db][eb][ac][bc][cc][ec][bd][dd]"
                    "[ed][ae][be][ce][de]TR[aa])")
    (kept,) = read_file(full)
    assert kept.assumed == () and kept.problem.crucial == {coords.from_gtp("A5", 5)}


def test_region_marks_of_a_posed_problem_are_said_to_be_unused(tmp_path):
    """MA on empty points marks a region, but names no one who must live: the problem
    is posed, and what was dropped is said rather than lost without a word."""
    path = tmp_path / "ma.sgf"
    path.write_text(BOOK_SGF.replace("GN[Black to live]", "GN[Black to live]MA[ja][ka][la]"))
    [posed] = read_file(path)
    assert posed.assumed[-1].startswith("the file's MA marks (3 points) are not used")
    path.write_text(BOOK_SGF)
    [posed] = read_file(path)
    assert "not used" not in " ".join(posed.assumed)


def test_the_text_outweighs_a_triangle_on_the_other_sides_stone(tmp_path):
    """QA s44: a TR mark on a white stone of a "Black to live" page made White the
    defender; a book's triangle marks a stone to look at, the text says who must live."""
    path = tmp_path / "marked.sgf"
    path.write_text(BOOK_SGF.replace("GN[Black to live]", "GN[Black to live]TR[eb]"))
    (posed,) = read_file(path)
    assert posed.problem.defender == B
    assert "black must live: from the text (the file's TR marks are on white stones)" in \
        posed.assumed


@pytest.mark.parametrize("marks, fault", [
    ("TR[ja]", "crucial stone at K13 is an empty point"),
    ("TR[eb][ab]", "crucial stones of both colours"),
])
def test_triangles_that_mark_no_crucial_stones_leave_the_book_readable(tmp_path, marks,
                                                                        fault):
    """QA s44: a book's triangle on an empty point, or on both sides' stones, made the
    file impossible to open; posed from its text, it opens, the marks said unused.  Given
    a defender (--defender), it is posed with that one."""
    path = tmp_path / "marked.sgf"
    path.write_text(BOOK_SGF.replace("GN[Black to live]", f"GN[Black to live]{marks}"))
    (posed,) = read_file(path)
    assert posed.problem.defender == B and posed.frame
    assert any(line.startswith("the file's TR marks") and fault in line
               for line in posed.assumed)
    (given,) = read_file(path, defender=W)          # given, it outweighs text and marks
    assert given.problem.defender == W and given.frame
    assert any(line.startswith("the file's TR marks") and "(the defender is given)" in line
               for line in given.assumed)


def test_a_defender_given_to_a_book_problem_is_posed_with_it(tmp_path):
    """QA s44: ``--defender`` on a book problem turned its posing off, and the whole board
    was read as a kill-all problem.  Given, the defender outweighs the text and the rest is
    posed and framed; a game record (a kill-all board) is read as marked, as before."""
    path = tmp_path / "book.sgf"
    path.write_text(BOOK_SGF)
    (posed,) = read_file(path, defender=W)
    assert posed.problem.defender == W and posed.frame and posed.problem.goal == "survive"
    assert "white must live: as given" in posed.assumed
    record = tmp_path / "record.sgf"
    record.write_text("(;GM[1]SZ[7];B[dd];W[cc];B[cd])")
    (game,) = read_file(record, defender=W)
    assert game.assumed == () and not game.frame and game.problem.goal == "live_any"


def test_a_book_line_the_frame_cuts_ends_where_it_is_cut(tmp_path):
    """A line that goes on to a point the frame's stones now hold stops there, saying so
    (QA s43: ``tsumego frame`` kept only the lines' first moves)."""
    source, out = tmp_path / "book.sgf", tmp_path / "framed.sgf"
    source.write_text(BOOK_SGF)
    (posed,) = read_file(source, frame_distance=0)
    walled = coords.to_sgf(min(posed.frame), 13)
    # the cut line's verdict is said at its end: kept, or a failure would read as an answer
    source.write_text(BOOK_SGF.replace("(;B[aa];W[ba]))",
                                       f"(;B[aa];W[ba];B[{walled}]C[Failure: White lives]))"))
    assert cli_main(["frame", str(source), "--out", str(out), "--frame-distance", "0"]) == 0
    (again,) = read_sgf(out)
    assert again.book_moves == ((B, coords.from_gtp("B13", 13)),)
    name = coords.to_gtp(min(posed.frame), 13)
    assert f"The book's line goes on with B {name}, which this position does not allow " \
           "(occupied). The book there: Failure: White lives" in out.read_text()


ONE_BROKEN_LINE = ("(;FF[4]GM[1]SZ[19]PL[B]AB[ap][bp][cp][dp][ep][eq][er][es]"
                   "AW[aq][bq][cq][dq][dr][ds]{lines})")


@pytest.mark.parametrize("lines", ["(;B[br];W[cr];B[dr])",
                                   "(;B[br];W[cr];B[dr])(;B[cr];W[br])"])
def test_a_book_line_that_breaks_is_cut_whether_or_not_it_is_the_only_one(tmp_path, lines):
    """Black's third move D2 is on a white stone.  With two lines the file was posed,
    the broken one cut; with that line alone it was read as a game record whose line does
    not play, and the file was rejected (s44).  A book's one line is its solution."""
    path = tmp_path / "book.sgf"
    path.write_text(ONE_BROKEN_LINE.format(lines=lines))
    (posed,) = read_file(path)
    assert posed.problem.to_play == B and posed.problem.defender == W and posed.frame
    assert (B, coords.from_gtp("B2", 19)) in posed.problem.book_moves
    # a bad setup is still the file's fault, said once
    path.write_text("(;FF[4]GM[1]SZ[9]AB[aa][ba]AW[ab][bb][ca];B[ee])")
    with pytest.raises(ProblemFileError, match=r"no liberties$"):
        read_file(path)


def test_tsumego_frame_writes_a_problem_that_reads_back_unchanged(tmp_path, capsys):
    source, out = tmp_path / "book.sgf", tmp_path / "framed.sgf"
    source.write_text(BOOK_SGF)
    assert cli_main(["frame", str(source), "--out", str(out), "--frame-distance", "0"]) == 0
    assert "black must live: from the text" in capsys.readouterr().err
    (posed,) = read_file(source, frame_distance=0)
    (again,) = read_sgf(out)
    assert again == replace(posed.problem, source=again.source)
    # the book's lines are kept whole, their later moves and comments too, the failure
    # line among them (read back, it is no answer)
    written = out.read_text()
    assert "(;B[ba]C[RIGHT])" in written and "(;B[aa];W[ba]))" in written
    assert "wrong: White plays B1" in written
    # framing the framed file again: it is marked now, and written as read
    assert cli_main(["frame", str(out), "--out", str(tmp_path / "again.sgf")]) == 0
    assert "(already marked (target, crucial stones or defender): written as read)" in \
        capsys.readouterr().err
    assert read_sgf(tmp_path / "again.sgf") == [again]


def test_a_book_line_of_a_thousand_moves_is_framed_whole(tmp_path):
    """QA s46: ``tsumego frame`` reached Python's recursion limit on a line of ~1000 moves
    (its copy recursed once per move) and wrote nothing."""
    source, out = tmp_path / "book.sgf", tmp_path / "framed.sgf"
    passes = "".join(";W[];B[]" for _ in range(500))
    source.write_text(BOOK_SGF.replace("(;B[aa];W[ba]))", f"(;B[aa];W[ba]{passes}))"))
    assert cli_main(["frame", str(source), "--out", str(out)]) == 0
    assert out.read_text().count("W[]") == 500
