"""core.problem: validation messages, defender derivation, derived values, engine board."""

import dataclasses
import re
from pathlib import Path

import pytest

from engine_cy.board import BLACK, PASS, WHITE
from tsumego_gui.core import coords
from tsumego_gui.core.problem import Problem, ProblemError, point_name
from tsumego_gui.core.sgf_io import read_sgf


def pts(text, size=9):
    """GTP vertices separated by spaces -> frozenset of locs."""
    return frozenset(coords.from_gtp(v, size) for v in text.split())


def loc(v, size=9):
    return coords.from_gtp(v, size)


# A white group in the lower-left corner of a 9x9 board, black around it.
#   4 X X X .
#   3 O O X .
#   2 . O X .
#   1 O O X .
#     A B C D
BLACK_STONES = "A4 B4 C4 C3 C2 C1"
WHITE_STONES = "A3 B3 B2 A1 B1"


def corner(**fields):
    kw = dict(size=9, black=pts(BLACK_STONES), white=pts(WHITE_STONES), to_play=BLACK,
              defender=WHITE, goal="live", crucial=pts("B3"))
    kw.update(fields)
    return Problem(**kw)


def test_a_valid_problem_and_its_derived_values():
    p = corner(region=pts("A2 D1 D2"))
    assert p.attacker == BLACK
    assert p.color_at(loc("A3")) == WHITE and p.color_at(loc("C3")) == BLACK
    assert p.color_at(loc("A2")) == 0
    assert p.stones(BLACK) == pts(BLACK_STONES)
    assert p.region_or_all() == pts("A2 D1 D2")
    assert corner().region_or_all() == frozenset(coords.all_locs(9))
    assert p.to_play_given is True
    assert isinstance(p.black, frozenset)
    hash(p)  # frozen and hashable


def test_fields_accept_any_iterable_and_are_stored_immutably():
    p = corner(black=list(pts(BLACK_STONES)), crucial={loc("B3")}, history=[5, 6],
               book_moves=[[BLACK, loc("A2")]])
    assert p == corner(history=(5, 6), book_moves=((BLACK, loc("A2")),))
    assert p.history == (5, 6) and p.book_moves == ((BLACK, loc("A2")),)


def test_research_ko_default_forbids_the_defender_only():
    p = corner()  # defender white
    assert p.ko_allowed == (True, False)
    assert p.ko_capture_allowed(BLACK) and not p.ko_capture_allowed(WHITE)
    q = corner(black=pts(WHITE_STONES), white=pts(BLACK_STONES), defender=BLACK)
    assert q.ko_allowed == (False, True)
    assert corner(ko_allowed=(False, False)).ko_allowed == (False, False)


def test_book_moves_for_a_side():
    p = corner(book_moves=((BLACK, loc("A2")), (WHITE, loc("A2")), (BLACK, PASS)))
    assert p.book_moves_for(BLACK) == (loc("A2"), PASS)
    assert p.book_moves_for(WHITE) == (loc("A2"),)


def test_to_board_sets_stones_side_ko_policy_and_history():
    p = corner(to_play=WHITE, history=(11, 22))
    board = p.to_board()
    assert board.size == 9 and board.to_play == WHITE
    for v in BLACK_STONES.split():
        assert board.color_at(loc(v)) == BLACK
    for v in WHITE_STONES.split():
        assert board.color_at(loc(v)) == WHITE
    assert sum(board.color_at(x) != 0 for x in coords.all_locs(9)) == 11
    assert board.ko_capture_allowed(BLACK) and not board.ko_capture_allowed(WHITE)
    assert board.history() == [11, 22, board.hash]


def test_with_region_overrides_and_validates():
    p = corner()
    assert p.with_region(pts("A2")).region == pts("A2")
    assert p.with_region(pts("A2")).with_region(()).region == frozenset()
    with pytest.raises(ProblemError, match="region point"):
        p.with_region({0})


def test_problem_error_is_a_value_error():
    assert issubclass(ProblemError, ValueError)


# --- every validation message ---------------------------------------------------

T20 = coords.stride(19) * 0 + 19  # the wall cell above T19 on a 19x19 board


@pytest.mark.parametrize("fields, message", [
    (dict(size=25), "board size 25 is not supported (2..19)"),
    (dict(size=1), "board size 1 is not supported (2..19)"),
    (dict(size=9.0), "board size 9.0 is not supported (2..19)"),
    (dict(black=pts(BLACK_STONES + " A3")), "a point is both black and white: A3"),
    (dict(black=pts(BLACK_STONES + " A3 B3")), "a point is both black and white: A3, B3"),
    (dict(black=pts(BLACK_STONES + " A2")), "the white chain at A3 has no liberties"),
    (dict(black=pts("A2 A1"), white=pts("A3 B2 B1")), "the black chain at A2 has no liberties"),
    (dict(black=pts(BLACK_STONES) | {coords.stride(9)}), "black stone loc 11 is off a 9x9 board"),
    (dict(white=pts(WHITE_STONES) | {"D4"}), "white stone 'D4' is not a point index"),
    (dict(to_play=3), "to_play must be black (1) or white (2), not 3"),
    (dict(defender=0), "the defender must be black (1) or white (2), not 0"),
    (dict(goal="kill"), "goal must be one of 'survive', 'live', 'live_any', not 'kill'"),
    (dict(crucial=pts("D4")), "crucial stone at D4 is an empty point"),
    (dict(crucial=pts("B3 C3")), "crucial stone at C3 is black but the defender is white"),
    # every stone of the chain, the one clicked among them (QA s62: the other one named)
    (dict(crucial=pts("B3 C3 C4")),
     "crucial stones at C4, C3 are black but the defender is white"),
    (dict(crucial=frozenset({999})), "crucial stone loc 999 is off a 9x9 board"),
    (dict(region=frozenset({coords.to_loc(8, 8, 9) + 1})),
     "region point loc 109 is off a 9x9 board"),
    (dict(white=frozenset(), crucial=frozenset()), "no defender stones on the board"),
    (dict(white=frozenset(), goal="live_any", crucial=frozenset()),
     "no defender stones on the board"),
    (dict(crucial=frozenset()), "goal 'live' needs at least one crucial stone"),
    (dict(ko_allowed=(True,)), "ko_allowed must be two bools"),
    (dict(ko_allowed=(1, 0)), "ko_allowed must be two bools"),
    (dict(to_play=WHITE, to_play_given=False),
     "to_play must be black when the side to move is not given"),
    (dict(history=(-1,)), "history hash -1 is not a 64-bit unsigned int"),
    (dict(history=(2 ** 64,)), "is not a 64-bit unsigned int"),
    (dict(book_moves=((3, PASS),)), "a book move's colour must be black (1) or white (2), not 3"),
    (dict(book_moves=((BLACK, 5),)), "book move E10 is off a 9x9 board"),
    (dict(book_moves=((BLACK,),)), "is not a (colour, loc) pair"),
    (dict(title=None), "title must be a str"),
])
def test_validation_names_the_fault(fields, message):
    with pytest.raises(ProblemError, match=re.escape(message)):
        corner(**fields)


def test_off_board_points_are_named_like_gtp_where_possible():
    with pytest.raises(ProblemError, match="^region point T20 is off a 19x19 board$"):
        Problem(19, pts("A1 B2", 19), pts("T19 S18", 19), BLACK, WHITE, "live_any",
                region={T20})
    assert point_name(T20, 19) == "T20"
    assert point_name(coords.to_loc(8, 0, 9) + coords.stride(9), 9) == "A0"
    assert point_name(PASS, 9) == "pass"
    assert point_name(loc("E5"), 9) == "E5"
    assert point_name(-4, 9) == "loc -4"


def test_construction_validates_so_an_invalid_problem_never_exists():
    p = corner()
    with pytest.raises(ProblemError, match="crucial stone at D4 is an empty point"):
        dataclasses.replace(p, crucial=pts("D4"))
    assert p.validate() is None


# --- Problem.create: deriving the defender ----------------------------------------

def test_create_takes_the_defender_from_the_crucial_stones():
    p = Problem.create(9, pts(BLACK_STONES), pts(WHITE_STONES), crucial=pts("A3 B2"),
                       to_play=BLACK)
    assert p.defender == WHITE and p.goal == "survive" and p.to_play_given
    q = Problem.create(9, pts(BLACK_STONES), pts(WHITE_STONES), crucial=pts("C4"),
                       to_play=WHITE)
    assert q.defender == BLACK and q.attacker == WHITE


def test_create_without_to_play_means_either_side():
    p = Problem.create(9, pts(BLACK_STONES), pts(WHITE_STONES), crucial=pts("A3"))
    assert p.to_play == BLACK and p.to_play_given is False


def test_create_with_a_given_defender_and_no_crucial_stones_is_live_any():
    p = Problem.create(9, pts(BLACK_STONES), pts(WHITE_STONES), defender=WHITE, to_play=BLACK)
    assert p.goal == "live_any" and p.crucial == frozenset()


@pytest.mark.parametrize("crucial, message", [
    ("", "no crucial stones: say which side is the defender"),
    ("A3 C4", "crucial stones of both colours (black at C4, white at A3): "
              "say which side is the defender"),
    ("A3 D5", "crucial stone at D5 is an empty point"),
])
def test_create_refuses_to_guess_the_defender(crucial, message):
    with pytest.raises(ProblemError, match=re.escape(message)):
        Problem.create(9, pts(BLACK_STONES), pts(WHITE_STONES), crucial=pts(crucial) if crucial
                       else (), goal="live_any")


def test_create_with_mixed_crucial_stones_and_a_given_defender_names_the_wrong_stone():
    with pytest.raises(ProblemError,
                       match="crucial stone at C4 is black but the defender is white"):
        Problem.create(9, pts(BLACK_STONES), pts(WHITE_STONES), crucial=pts("A3 C4"),
                       defender=WHITE)


def test_create_checks_the_stones_before_deriving():
    with pytest.raises(ProblemError, match="board size 30 is not supported"):
        Problem.create(30, (), (), crucial=())
    with pytest.raises(ProblemError, match="the white chain at A3 has no liberties"):
        Problem.create(9, pts(BLACK_STONES + " A2"), pts(WHITE_STONES), crucial=pts("A3"))


def test_liberties_of_the_crucial_stones_outside_the_region_are_named():
    """The corner group's one liberty is A2: a region without it leaves a point no move ever
    fills, so the group can never be captured (QA s40: such a region gave "lives in seki"
    with nothing said)."""
    from tsumego_gui.core.problem import liberties_outside_region

    def outside(problem):
        return liberties_outside_region(problem.size, problem.black, problem.white,
                                        problem.crucial, problem.region)
    assert outside(corner(region=pts("A2 D1 D2"))) == frozenset()
    assert outside(corner()) == frozenset()                 # no region: the whole board
    assert outside(corner(region=pts("D1 D2"))) == pts("A2")
    assert corner(region=pts("D1 D2")).region_warning() == (
        "crucial stones have a liberty outside the region (A2): no move is ever played "
        "there, so those stones can never be captured; add it to the region")
    assert corner(region=pts("A2 D1 D2")).region_warning() == ""
    # a liberty of a chain that holds no crucial stone is no concern: it can be captured
    # through its other liberties, and only crucial stones must survive
    lone = corner(black=pts(BLACK_STONES + " F5"), white=pts(WHITE_STONES + " F6"),
                  region=pts("A2 E6 G6 F7"))
    assert outside(lone) == frozenset() and lone.region_warning() == ""


def test_a_region_of_stones_only_is_warned():
    """QA s43: a region marking only stones holds no move at all; a pass then "lived in
    seki" with nothing said."""
    assert corner(region=pts("C1 C2")).region_warning() == (
        "the region has no empty point: no move can be played in it, only passes")


def test_a_gap_in_the_wall_the_crucial_stones_can_walk_through_is_named():
    """QA s49: White's bulky five (A2-D3) with E2 missing from Black's wall: E2 is in the
    region, F2 beyond it is not; White E2 joins F2, a liberty no move fills, and the
    classes said "seki".  A region that reaches past the wall where no stone of the
    defender can come is no concern."""
    white = pts("A3 B3 C3 D3 C2 D2 D1")
    black = pts("A4 B4 C4 D4 E4 E3 E1")
    leaky = Problem.create(9, black, white, crucial=white,
                           region=pts("A1 B1 C1 A2 B2 E2"))
    # (and Black's lone E1 there, with F1 outside: named since s53)
    assert leaky.region_warning().startswith(
        "the region leaks: a crucial stone can reach F2 outside it by moves in it, and no "
        "move is ever played there, so that point would be a liberty nothing fills; add it "
        "to the region or close the gap")
    closed = Problem.create(9, black | pts("E2"), white, crucial=white,
                            region=pts("A1 B1 C1 A2 B2"))
    assert closed.region_warning() == ""
    # the region widened past the wall: the defender never gets there
    assert closed.with_region(pts("A1 B1 C1 A2 B2 F1 F2 F3")).region_warning() == ""


def test_stones_inside_the_fight_but_outside_the_region_are_named():
    """QA s45: White's straight four A1-D1 (White A2-E2, E1 in Black's wall A3-F3, F2,
    F1) holds two black stones, B1 and C1.  With the region on the empty points A1 and D1
    only, once White takes the stones no move is ever played at B1 or C1, and White
    "lives", verified; the region that holds them too is the problem (Black A1, White
    takes three, Black B1 kills).  The wall is not named: it meets points outside the
    region."""
    white = pts("A2 B2 C2 D2 E2 E1")
    empty_only = Problem.create(9, pts("A3 B3 C3 D3 E3 F3 F2 F1 B1 C1"), white,
                                crucial=white, region=pts("A1 D1"))
    assert empty_only.region_warning() == (
        "the stones at B1, C1 can be captured by moves in the region but are not in it: "
        "once they are taken, no move is ever played on their points; add them to the "
        "region")
    assert empty_only.with_region(pts("A1 B1 C1 D1")).region_warning() == ""


def test_a_cutting_chain_a_region_leaves_out_is_named():
    """QA s55: White's group (one eye, E2) holds Black's cutting chain A2-B2-C2-C1, whose
    two liberties A1 and B1 no flood from White's stones reaches.  The region the peer
    derives, E2 and G1 (ours takes the chain in: ``core.region``), reads "White dies",
    where White A1 or B1 lives by a snapback.  None of the chain's liberties is in that
    region; it is named all the same."""
    problem = read_sgf(b"(;FF[4]GM[1]SZ[9]PL[W]AB[ac][bc][cc][dc][ec][fc][gc][hc][ic][ad]"
                       b"[cd][ed][fd][hd][id][ae][be][ce][de][ee][fe][ge][he][ie][af][bf]"
                       b"[cf][df][ef][ff][gf][hf][if][hg][ig][ah][bh][ch][hh][ih][ci][hi]"
                       b"[ii]AW[ag][bg][cg][dg][eg][fg][gg][dh][fh][gh][di][ei][fi]MA[di])")[0]
    assert problem.region == pts("A1 B1 A2 B2 C2 C1 E2 G1")
    assert problem.region_warning() == ""
    assert "stones in the fight have liberties outside the region (A1, B1)" in \
        problem.with_region(pts("E2 G1")).region_warning()


def test_a_chain_of_the_fight_with_a_liberty_outside_the_region_is_named():
    """QA s53 (a teacher): a capturing race's eyeless chain kept one liberty out of the
    region; no move is ever played there, so the chain could never be captured and the
    race read "Black dies", with no warning.  White E1-F1 (liberties D1 in the region, G1
    out of it) next to the crucial E2-F2; a wall with liberties all round (three or more
    outside) is not named, nor a chain away from the crucial stones."""
    from tsumego_gui.core.problem import fight_liberties_outside_region, region_warning
    black, white, crucial = pts("E2 F2 A1"), pts("E1 F1"), pts("E2 F2")
    assert fight_liberties_outside_region(9, black, white, crucial, pts("B1 C1 D1")) == \
        pts("G1")
    assert fight_liberties_outside_region(9, black, white, crucial, pts("B1 C1 D1 G1")) \
        == frozenset()
    assert "stones in the fight have a liberty outside the region (G1)" in region_warning(
        9, black, white, crucial, pts("B1 C1 D1"))
    wall = pts("E1 F1 G1 H1")           # liberties D1 (in), G2 H2 J1 (out)
    assert fight_liberties_outside_region(9, black, wall, crucial,
                                          pts("B1 C1 D1")) == frozenset()
    assert fight_liberties_outside_region(9, black, white, pts("A1"),
                                          pts("B1 C1 D1")) == frozenset()


def test_the_problem_after_a_move_is_one_validation_would_give():
    """``after`` builds the problem after a move without validating it again (a
    classification makes one per first move and rule set): it must be exactly what
    validating it gives, for every move and the pass, captures and a ko among them, with
    the stones the engine's board has after the move (``after`` reads only the points a
    move can change).  The bundled kos: ko captures among the moves."""
    bundled = Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"
    for name in ("ko/approach-ko.sgf", "ko/direct-ko.sgf", "straight-three.sgf"):
        problem = read_sgf((bundled / name).read_bytes())[0]
        for to_play in (BLACK, WHITE):
            board = problem.to_board()
            board.to_play = to_play
            for move in board.legal_moves(problem.region_or_all()) + [PASS]:
                try:
                    child = problem.after(move, to_play)
                except ProblemError:
                    continue            # the move takes every crucial stone: no problem
                again = dataclasses.replace(child)          # validated from its fields
                assert child == again
                played = board.copy()
                played.play(move)
                for color, stones in ((BLACK, child.black), (WHITE, child.white)):
                    assert stones == {p for p in coords.all_locs(problem.size)
                                      if played.color_at(p) == color}
                # in the stored forms too (a list is not a tuple, a set not a frozenset)
                assert [type(getattr(child, f.name)) for f in dataclasses.fields(child)] \
                    == [type(getattr(again, f.name)) for f in dataclasses.fields(again)]


def test_a_frame_stone_a_move_takes_is_no_longer_in_the_frame():
    """Review s61: the problem after a move kept a frame stone the move had taken, a
    problem validation refuses (a classification saved with it did not read back).  Black's
    frame stone J9, in atari, taken by White J8."""
    problem = corner(black=pts(BLACK_STONES + " J9"), white=pts(WHITE_STONES + " H9"),
                     frame=pts("J9"))
    child = problem.after(loc("J8"), WHITE)
    assert loc("J9") not in child.black and child.frame == frozenset()
    assert dataclasses.replace(child) == child          # valid: validation agrees
    assert problem.after(loc("E5"), WHITE).frame == pts("J9")   # not taken: kept
    with pytest.raises(TypeError, match="no such fields of a problem: frames"):
        problem.derived(frames=frozenset())


def test_a_ko_point_must_be_where_a_ko_was_just_taken():
    """QA s62: ``TO[E1]`` on the direct ko, where no stone could just have been taken, was
    read and forbade White its one saving move (the answer read "White dies").  Black's
    single stones D1 and E2 share E1 and D2, and White has no stone beside E1: E1 is no
    ko point.  The kos a game takes in the bundled ko problems (two or three moves in)
    keep theirs, and read back as valid."""
    bundled = Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"
    data = (bundled / "ko" / "direct-ko.sgf").read_bytes()
    with pytest.raises(ProblemError, match=re.escape(
            "the ko point E1 (a ko just taken, the retake forbidden to white) is no ko: "
            "black stones must stand on every point beside it, one of them alone with no "
            "other liberty")):
        read_sgf(data.replace(b"SZ[9]", b"SZ[9]TO[ei]", 1))
    kos = 0
    for name in ("ko/approach-ko.sgf", "ko/direct-ko.sgf"):
        lines = [read_sgf((bundled / name).read_bytes())[0]]
        for _ in range(3):
            lines = [child for p in lines for m in p.to_board().legal_moves(p.region)
                     if (child := _after(p, m)) is not None]
            taken = [p for p in lines if p.ko_point != PASS]
            kos += len(taken)
            for p in taken:
                assert dataclasses.replace(p) == p       # validated: the same problem
    assert kos > 0


def _after(problem, move):
    """The problem after ``move``, None where it takes every crucial stone."""
    try:
        return problem.after(move)
    except ProblemError:
        return None
