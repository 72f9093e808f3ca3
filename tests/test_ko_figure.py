"""Ko threats as a resource: which side must win a ko, direct or approach ko (issue #15).

Expected figures come from Go reading, stated in each bundled problem's SGF
comment: in the L-shaped four in the corner, Black B1 makes a direct ko that
Black takes first (White A1, Black A2), so White needs one ko threat to retake
and live.
"""

from dataclasses import replace
from pathlib import Path

import pytest

from engine_cy.board import BLACK, PASS, WHITE
from tsumego_gui.core import coords
from tsumego_gui.core.problem import ProblemError
from tsumego_gui.core.sgf_io import read_sgf, write_sgf
from tsumego_gui.search import classification_file, verify
from tsumego_gui.search.choice import solve_and_verify
from tsumego_gui.search.classify import classify
from tsumego_gui.search.ko_figure import KoFigure, threat_rules

BUNDLED = Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"


@pytest.fixture(scope="module")
def l_four():
    return read_sgf(BUNDLED / "corner" / "l-four-corner-ko.sgf")[0]


@pytest.fixture(scope="module")
def l_four_black(l_four):
    return classify(l_four, to_play=BLACK)


def move(c, name):
    (fm,) = [m for m in c.moves if m.move == coords.from_gtp(name, c.problem.size)]
    return fm


def test_the_direct_ko_of_the_l_four_needs_one_white_threat(l_four_black):
    c = l_four_black
    assert c.status == "ko"
    b1 = move(c, "B1")
    assert b1.cls == "ko" and b1.ko is not None, b1.ko_why
    assert (b1.ko.side, b1.ko.threats, b1.ko.kind) == (WHITE, 1, "direct ko")
    assert c.ko is b1.ko
    assert "direct ko: White needs 1 ko threat" in c.status_words()
    # the moves of other classes are not measured
    assert all(m.ko is None for m in c.moves if m.cls != "ko")


def test_a_figure_comes_with_the_win_and_the_loss_one_threat_short(l_four_black):
    win, loss = move(l_four_black, "B1").ko.proofs
    # White (the defender) holds one threat and lives; with none it dies
    assert (win.problem.ko_threats, win.root.won) == ((0, 1), True)
    assert (loss.problem.ko_threats, loss.root.won) == ((0, 0), False)
    for proof in (win, loss):
        assert proof.problem.ko_allowed == (True, True)
        assert verify.verify(proof).passed


def test_the_figure_is_saved_and_exported(l_four_black, tmp_path):
    path = tmp_path / "c.json"
    classification_file.save_json(l_four_black, path)
    back = classification_file.load_json(path)
    figure = move(back, "B1").ko
    assert (figure.side, figure.threats, len(figure.proofs)) == (WHITE, 1, 2)
    assert back.status_words() == l_four_black.status_words()
    assert b"direct ko: White needs 1 ko threat" in classification_file.to_sgf(l_four_black)


def test_threat_rules_let_both_sides_capture_kos(l_four):
    p = threat_rules(l_four, 2, 1)      # White defends
    assert p.ko_allowed == (True, True) and p.ko_threats == (1, 2) and p.goal == "survive"
    assert p.to_board().ko_threats(WHITE) == 2


def test_a_side_that_may_not_capture_kos_holds_no_threats(l_four):
    # White is the defender: by default it may not capture kos
    with pytest.raises(ProblemError, match="white holds 1 ko threat"):
        replace(l_four, ko_threats=(0, 1))
    with pytest.raises(ProblemError, match="ko_threats"):
        replace(l_four, ko_threats=(0, 99))


def test_words_name_the_approach_moves():
    assert KoFigure(BLACK, 3).words() == \
        "approach ko, 2 approach moves: Black needs 3 ko threats to win it"
    assert KoFigure(WHITE, 2).kind == "approach ko"


def test_a_retake_that_spends_a_threat_covers_no_move(l_four):
    """White holds one threat, Black two: after Black B1 and White A1, Black takes the ko at
    A2 and White, retaking at A1 with its threat, still dies.  Its retake changes nothing at
    J9 (a point of the region in Black's sphere), but it cannot stand for J9: J9 keeps the
    threat the retake spent."""
    g = lambda name: coords.from_gtp(name, 9)     # noqa: E731
    p = replace(l_four, region=l_four.region | {g("H8"), g("J9")}, ko_allowed=(True, True),
                ko_threats=(2, 1))
    p = p.after(g("B1"), BLACK).after(g("A1"), WHITE)
    outcome = solve_and_verify(p, "dfs")
    assert outcome.result.verdict == "dies" and outcome.verified
    proof = outcome.result.proof
    ((take, node),) = proof.root.children
    assert take == g("A2") and g("A1") in dict(node.children)
    node.children = [(m, child) for m, child in node.children if m != g("H8")]
    node.pruned = [(g("J9"), g("A1")), (g("H8"), g("A1"))]
    errors = verify.verify(proof).errors
    assert any("covered by the ko retake A1, which spends a ko threat" in e for e in errors), \
        errors


def test_a_problem_taken_just_after_a_ko_capture_keeps_the_ko_point(l_four):
    """After Black B1, White A1 and Black A2 (taking the ko at A1), White may retake only
    with a threat, and spends it; the point survives SGF and makes the same board."""
    g = lambda name: coords.from_gtp(name, 9)     # noqa: E731
    p = replace(l_four, ko_allowed=(True, True), ko_threats=(0, 1))
    p = p.after(g("B1"), BLACK).after(g("A1"), WHITE).after(g("A2"), BLACK)
    assert p.ko_point == g("A1")
    again = read_sgf(write_sgf(p))[0]
    assert again == p
    board = again.to_board()
    assert board.ko_loc == g("A1") and board.is_legal(g("A1"))
    board.play(g("A1"))
    assert board.ko_threats(WHITE) == 0
    with pytest.raises(ProblemError, match="ko point"):
        replace(p, ko_point=g("B2"))            # a white stone


@pytest.fixture(scope="module")
def direct_ko():
    return read_sgf(BUNDLED / "ko" / "direct-ko.sgf")[0]


def test_a_first_move_that_takes_a_ko_its_mover_may_not_take_under_one_rule_set(direct_ko):
    """After White E1 in the bundled direct ko, Black F1 takes the ko (its SGF comment):
    under the ko rule, where only White may capture kos, Black may not play it, and that
    stands for the win that makes the class ``ko``; the loss under survive is proven."""
    g = lambda name: coords.from_gtp(name, 9)     # noqa: E731
    after = direct_ko.after(g("E1"), WHITE)
    c = classify(after, to_play=BLACK)
    f1 = move(c, "F1")
    assert (c.status, f1.cls, f1.verification) == ("ko", "ko", "verified")
    assert f1.forbidden == "illegal under ko (ko capture forbidden)"
    ((proof,),) = [f1.proofs]
    assert (proof.stats["rules"], proof.root.won) == ("survive", False)
    assert (f1.ko.side, f1.ko.threats) == (WHITE, 1)
    back = classification_file.from_json(classification_file.to_json(c))
    assert move(back, "F1").forbidden == f1.forbidden


def test_a_defenders_first_move_that_takes_a_ko(direct_ko):
    """After White E1 and Black F1 (taking the ko), play went on elsewhere (no ko ban, no
    repetition): White E1 takes the ko back.  Under survive White may not capture kos, so
    the move is listed (a game allows it) and lost there; under the ko rule it wins, and
    Black needs one threat to take the ko again."""
    g = lambda name: coords.from_gtp(name, 9)     # noqa: E731
    after = replace(direct_ko.after(g("E1"), WHITE).after(g("F1"), BLACK), ko_point=PASS,
                    history=())
    c = classify(after, to_play=WHITE)
    e1 = move(c, "E1")
    assert (e1.cls, e1.verification) == ("ko", "verified")
    assert e1.forbidden == "illegal under survive (ko capture forbidden)"
    assert [(p.stats["rules"], p.root.won) for p in e1.proofs] == [("ko", True)]
    assert (e1.ko.side, e1.ko.threats) == (BLACK, 1)


def test_a_problem_that_holds_threats_is_classified_as_without_them(l_four, l_four_black):
    """The classes ask who may capture kos; threats the problem holds do not change them."""
    held = replace(l_four, ko_allowed=(True, True), ko_threats=(0, 1))
    c = classify(held, to_play=BLACK)
    assert [(m.move, m.cls) for m in c.moves] == [(m.move, m.cls) for m in l_four_black.moves]
    assert (move(c, "B1").ko.side, move(c, "B1").ko.threats) == (WHITE, 1)


# Our own (QA s52): White's group lives by a double ko.  Black A4 takes A3 and White C1
# takes D1 (or the other way round): whenever Black takes one ko, White takes the other,
# so no number of ko threats lets Black kill, and White never needs one.
DOUBLE_KO = (b"(;FF[4]GM[1]SZ[9]PL[B]AB[ab][ah][bb][bg][bh][bi][cb][cc][cd][ce][ch][de][df][di]"
             b"[ef][eg][fg][fh][fi]AW[ac][ae][ag][bc][bd][be][bf][cf][cg][dg][dh][eh][ei]"
             b"TR[ac][ae][bc][bd][be][bf][cf][cg][dg][dh][eh][ei]"
             b"SQ[ad][af][ag][ah][ai][bg][bh][bi][ch][ci][di])")


def test_a_double_ko_says_no_threats_win_it():
    """QA s52 D2: a double ko read "ko (must win the ko to kill)" with nothing more, as if
    threats decided it; Black's A4 still fails with three threats to none (proven)."""
    problem = read_sgf(DOUBLE_KO)[0]
    c = classify(problem, to_play=BLACK)
    a4 = move(c, "A4")
    assert (a4.cls, a4.ko, a4.ko_beyond) == ("ko", None, BLACK)
    assert c.status_words() == ("ko (must win the ko to kill); Black fails even with 3 ko "
                                "threats to none (a double ko, or a ko that needs more)")
    again = classification_file.from_json(classification_file.to_json(c))
    assert move(again, "A4").ko_beyond == BLACK and move(again, "A1").ko_beyond is None
    # said of the position only where every best ko move says it (review s52)
    one_unsaid = replace(c, moves=[replace(m, ko_beyond=None) if m.move == PASS else m
                                   for m in c.moves])
    assert PASS in c.best_moves() and one_unsaid.ko_beyond is None
    assert "fails even" not in one_unsaid.status_words()


def test_a_ko_the_opponent_fails_even_with_threats_is_the_best_ko():
    """s61, the J group with Black to play: A3 gives an approach ko in which White needs 3
    threats, E1 and B2 a ko White fails even with 3; the position's ko was A3's, and A3
    was listed among the best moves.  The side to move prefers the ko its opponent cannot
    win; and a ko it cannot win itself is no best move beside one it can."""
    problem = read_sgf(DOUBLE_KO)[0]
    c = classify(problem, to_play=BLACK, ko_figures=False)
    a, b, other = (fm.move for fm in c.moves[:3])
    needs_3 = KoFigure(WHITE, 3)

    def with_kos(kos):
        return replace(c, moves=[replace(m, cls="ko", **kos.get(m.move, {}))
                                 for m in c.moves if m.move in kos])

    opponent_fails = with_kos({a: {"ko": needs_3}, b: {"ko_beyond": WHITE}, other: {}})
    assert opponent_fails.ko is None and opponent_fails.ko_beyond == WHITE
    assert opponent_fails.best_moves() == [b, other]        # the unmeasured may be as good
    assert "White fails even with 3 ko threats" in opponent_fails.status_words()
    mover_fails = with_kos({a: {"ko": KoFigure(BLACK, 2)}, b: {"ko_beyond": BLACK}})
    assert mover_fails.ko.threats == 2 and mover_fails.ko_beyond is None
    assert mover_fails.best_moves() == [a]
    measured_only = with_kos({a: {"ko": needs_3}, b: {"ko": KoFigure(WHITE, 1)}})
    assert measured_only.ko is needs_3 and measured_only.best_moves() == [a]
    both_fail = with_kos({a: {"ko_beyond": WHITE}, b: {"ko_beyond": BLACK}})
    assert both_fail.ko_beyond == WHITE and both_fail.best_moves() == [a]
    mover_fails_or_unknown = with_kos({a: {"ko_beyond": BLACK}, other: {}})
    assert mover_fails_or_unknown.ko_beyond is None        # the other may be better
    assert mover_fails_or_unknown.best_moves() == [a, other]
    # a tenuki as good as the best ko: Black need not play (review s61: a ko a side fails
    # even with threats counted as not measured there)
    tenuki_too = with_kos({b: {"ko_beyond": WHITE}, PASS: {"ko_beyond": WHITE}})
    assert tenuki_too.best_moves() == [b, PASS] and tenuki_too.need_not_play


def test_a_ko_without_its_figure_says_why():
    """QA s61: a ko row whose threats were not measured (the time ran out) read like the
    measured rows beside it, less their figure, with nothing said."""
    problem = read_sgf(DOUBLE_KO)[0]
    c = classify(problem, to_play=BLACK, ko_figures=False)
    unmeasured = replace(c.moves[0], cls="ko", ko_why="time budget")
    assert c.move_words(unmeasured) == ("ko (must win the ko to kill); threats not measured: "
                                        "time budget")
    assert "not measured" not in c.move_words(replace(unmeasured, ko=KoFigure(WHITE, 1)))
    assert "not measured" not in c.move_words(replace(unmeasured, ko_why=""))


def test_kos_a_stop_leaves_unmeasured_say_so(direct_ko):
    """Review s61: a stop after the classes, before the ko figures, left the ko rows with
    nothing said of their figures (the time budget's said why)."""
    done = []

    def decided(c):
        if not any(m.cls == "open" for m in c.moves):
            done.append(True)           # every class decided: the stop comes now

    c = classify(direct_ko, to_play=BLACK, decided=decided, cancelled=lambda: bool(done))
    kos = [m for m in c.moves if m.cls == "ko"]
    assert c.cancelled and len(kos) == 2
    assert all(c.move_words(m).endswith("; threats not measured: cancelled") for m in kos)


def test_a_ko_rule_of_the_files_own_is_said_to_be_set_aside():
    """QA s52 D1: with TK[BW] (both sides may capture kos) a plain solve read "White lives"
    and the classes "ko", and nothing said the file's rule was not theirs."""
    problem = read_sgf(DOUBLE_KO)[0]
    assert not any("ko rule" in note for note in classify(problem, to_play=BLACK).set_aside())
    both = replace(problem, ko_allowed=(True, True))
    assert "the problem's ko rule (both sides may capture kos) is set aside" in \
        classify(both, to_play=BLACK).set_aside()[0]


def test_a_ko_move_that_is_not_the_best_has_its_figure_too(direct_ko):
    """QA s54 D10: the direct ko with Black to play kills at E1; F1 and a tenuki only make
    a ko, and read alike.  After F1 White takes the ko first (E1), so Black needs a threat;
    after a tenuki, White E1 and Black's F1 takes first, so White needs one."""
    c = classify(direct_ko, to_play=BLACK)
    assert c.status == "dies"
    figures = {m.move: (m.ko.side, m.ko.threats) for m in c.moves if m.cls == "ko"}
    assert figures == {coords.from_gtp("F1", 9): (BLACK, 1), PASS: (WHITE, 1)}


def test_filling_the_approach_point_oneself_leaves_a_direct_ko():
    """The five-point L, White to play (its comment): a tenuki lets Black B1 make the
    approach ko (Black needs two threats); White D1 fills White's own approach point, so
    after Black's retake at A2 White is in atari and the ko is direct (one threat)."""
    problem = read_sgf(BUNDLED / "ko" / "approach-ko.sgf")[0]
    c = classify(problem, to_play=WHITE)
    figures = {m.move: (m.ko.side, m.ko.threats) for m in c.moves if m.cls == "ko"}
    assert figures == {coords.from_gtp("D1", 9): (BLACK, 1), PASS: (BLACK, 2)}
