"""Main lines that stop where a living group need answer nothing (``search.line_threats``).

Every claim a line's end makes is checked by an independent solve: the position after
an attacker's move and a defender tenuki (the attacker to move again), solved and
verified (``tests.test_solver.solved``).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from sgfmill import sgf

from engine_cy.board import BLACK, WHITE
from tests.golden import BUNDLED, SHARED
from tests.test_solver import solved
from tsumego_gui.core import coords
from tsumego_gui.core.problem import Problem
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search.line_threats import ThreatReader, reader_for
from tsumego_gui.search.proof import _gives_away, main_line, stubborn_reply

NINE_POINTS = BUNDLED / "corner" / "nine-point-corner.sgf"


def unhurried(problem: Problem) -> ThreatReader:
    """A reader whose node budgets end its questions, not the clock: the app's reads the
    clock too, so that its lines depend on the machine's speed where a question takes
    half a second (these tests assert what each answer says)."""
    return ThreatReader(problem, seconds=600.0, move_seconds=60.0)


def after(problem: Problem, line: list[int], first: int) -> Problem:
    """``problem`` after ``line``, ``first`` moving first."""
    side = first
    for move in line:
        problem = problem.after(move, side)
        side = 3 - side
    return problem


def lives_after_tenuki(problem: Problem, move: int) -> bool:
    """The defender's verified result where the attacker plays ``move`` and the defender
    plays elsewhere: the attacker moves again."""
    there = problem.after(move, problem.attacker)
    return solved(there, problem.attacker, all_moves=False).verdict == "lives"


def assert_threats_then_quiet(problem: Problem, line: list[int], defender: int) -> None:
    """Each attacker's move on ``line`` (the defender moving first) is a threat (a
    verified kill after it and a defender tenuki), and where the line ends after the
    defender's move, no attacker try but a stone given away needs an answer."""
    for i in range(1, len(line), 2):
        assert not lives_after_tenuki(after(problem, line[:i], defender), line[i])
    if len(line) % 2:
        settled = after(problem, line, defender)
        board = settled.to_board()
        for move in board.legal_moves(problem.region):
            if not _gives_away(board, move):
                assert lives_after_tenuki(settled, move), coords.to_gtp(move, problem.size)


def test_the_nine_point_corner_line_is_a_try_white_need_not_answer():
    """White is alive as it stands: whatever Black plays (but a stone given away), White
    may play elsewhere and still live.  The line is Black's most stubborn try, left
    unanswered, where the proof (and the line drawn without the reader) goes on with
    White's answers and Black's fills."""
    problem = read_sgf(NINE_POINTS)[0]
    proof = solved(problem, BLACK, all_moves=False).proof
    line = main_line(proof.root, proof.board(), threats=unhurried(proof.problem))
    assert [coords.to_gtp(m, 19) for m in line] == ["B1"]
    assert len(main_line(proof.root, proof.board())) > 2      # the case is met
    board = problem.to_board()
    for move in board.legal_moves(problem.region):
        if not _gives_away(board, move):
            assert lives_after_tenuki(problem, move), coords.to_gtp(move, 19)


def test_a_line_stops_after_the_answer_to_the_last_threat():
    """enclosed-dev gop/14322, Black to play lives (QA s56 judge: four moves after the
    eyes were settled): each of White's tries on the line must be answered, and after
    the last answer none must."""
    path = SHARED / "enclosed-dev" / "gop" / "14322.sgf"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    problem = replace(read_sgf(path)[0], to_play=BLACK, to_play_given=True)
    proof = solved(problem, BLACK, all_moves=False).proof
    line = main_line(proof.root, proof.board(), threats=unhurried(proof.problem))
    assert len(line) < len(main_line(proof.root, proof.board()))
    assert len(line) % 2 == 1       # it ends with Black's answer
    assert_threats_then_quiet(problem, line, BLACK)


def test_a_reader_out_of_budget_changes_no_line():
    """An open question counts as a threat: with no nodes to search, the line is the one
    drawn without the reader (where some try of the attacker's does not give stones
    away: with none, the line stops whatever the reader knows)."""
    problem = read_sgf(NINE_POINTS)[0]
    proof = solved(problem, BLACK, all_moves=False).proof
    spent = ThreatReader(proof.problem, budget=0)
    assert main_line(proof.root, proof.board(), threats=spent) == \
        main_line(proof.root, proof.board())


def test_a_dying_defenders_line_reads_nothing():
    """The reader speaks of the attacker's tries at nodes the defender wins only: a kill's
    line (the straight three, Black to play) is the same with it or without it."""
    straight = read_sgf(BUNDLED / "straight-three.sgf")[0]
    proof = solved(straight, straight.attacker, all_moves=False).proof
    assert not proof.root.won
    idle = ThreatReader(proof.problem)
    assert main_line(proof.root, proof.board(), threats=idle) == \
        main_line(proof.root, proof.board())
    assert not idle.known and not idle.open


def test_a_try_white_need_not_answer_gives_way_to_threats():
    """enclosed-dev gop/13684, White to play lives: drawn by the longest resistance, the
    line went E3, J1, which White need not answer (a verified life after it and a White
    tenuki); with the reader each try on the line is a threat (a verified kill after it
    and a White tenuki), and where the line ends after White's move no try of Black's but
    a stone given away needs an answer (s58: it ends at E3)."""
    path = SHARED / "enclosed-dev" / "gop" / "13684.sgf"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    problem = replace(read_sgf(path)[0], to_play=WHITE, to_play_given=True)
    proof = solved(problem, WHITE, all_moves=False).proof
    e3, j1 = coords.from_gtp("E3", problem.size), coords.from_gtp("J1", problem.size)
    assert main_line(proof.root, proof.board())[:2] == [e3, j1]     # the case is met
    assert lives_after_tenuki(after(problem, [e3], WHITE), j1)
    line = main_line(proof.root, proof.board(), threats=unhurried(proof.problem))
    assert line[0] == e3 and line[1:2] != [j1]
    assert_threats_then_quiet(problem, line, WHITE)


def test_an_exported_proofs_main_sequence_is_the_line_with_its_threats():
    """A viewer's main sequence of the SGF export is the line ``--diagram`` draws: on
    gop/13684 (White to play) Black's second try there is a threat, where the proof's
    longest resistance, J1, which the export's main sequence showed, is none."""
    path = SHARED / "enclosed-dev" / "gop" / "13684.sgf"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    problem = replace(read_sgf(path)[0], to_play=WHITE, to_play_given=True)
    proof = solved(problem, WHITE, all_moves=False).proof
    reader = reader_for(proof)       # the export's too
    line = main_line(proof.root, proof.board(), threats=reader)
    game = sgf.Sgf_game.from_bytes(proof.to_sgf())
    shown = [coords.from_sgfmill(node.get_move()[1], problem.size)
             for node in game.get_main_sequence()[1:len(line) + 1]]
    assert shown == line and line[:2] != main_line(proof.root, proof.board())[:2]


def test_a_throw_in_that_must_be_answered_stays_on_the_line():
    """QA s56 shapes D2: a stone in atari given away is set aside where it threatens
    nothing, but kept where it must be answered.  White's L-four in the corner after
    White A1: Black's throw-in at B1 kills if White plays elsewhere, and White's C1 is the
    answer."""
    problem = replace(read_sgf(BUNDLED / "corner" / "l-four-corner-ko.sgf")[0],
                      to_play=WHITE, to_play_given=True)
    a1 = coords.from_gtp("A1", problem.size)
    there = problem.after(a1, WHITE)
    proof = solved(there, BLACK, all_moves=False).proof
    line = main_line(proof.root, proof.board(), threats=unhurried(proof.problem))
    assert [coords.to_gtp(m, problem.size) for m in line[:2]] == ["B1", "C1"]
    assert not lives_after_tenuki(there, line[0])


class AllThreats(ThreatReader):
    """A reader that calls every try a threat and records the tries it was asked."""

    def __init__(self, problem: Problem):
        super().__init__(problem)
        self.asked: list[int] = []

    def needs_answer(self, board, move):
        self.asked.append(move)
        return True


def test_a_reply_asks_no_question_after_the_first_threat():
    """The reader's questions are searches: a reply asks its tries in the order of the
    other keys and stops at the first threat, which nothing after it can beat.  Where
    every try is a threat, one question is asked, and the reply is the one drawn
    without the reader."""
    problem = read_sgf(NINE_POINTS)[0]
    proof = solved(problem, BLACK, all_moves=False).proof
    node, board = proof.root, proof.board()
    assert node.won and len(node.children) > 2          # the case is met
    reader = AllThreats(proof.problem)
    reply = stubborn_reply(node, board, {}, threats=reader)
    assert reader.asked == [reply]
    assert reply == stubborn_reply(node, board, {})


def test_a_hurried_reader_shares_answers_but_not_its_open_questions(monkeypatch):
    """The GUI thread's reader (``hurried``) gets half a second a line: what it decides
    the proof's reader knows, but a question it leaves open is asked again by the proof's
    reader, which has the time to decide it; a question the proof's reader left open is
    open for it too."""
    problem = read_sgf(NINE_POINTS)[0]
    proof = solved(problem, BLACK, all_moves=False).proof
    board = proof.board()
    a, b, c = board.legal_moves(proof.problem.region)[:3]
    answers = {a: True, b: None, c: None}
    monkeypatch.setattr(ThreatReader, "_kills_after",
                        lambda self, board, move: (answers[move], True))
    full = ThreatReader(proof.problem)
    assert full.needs_answer(board, c) is None            # left open with all its time
    quick = full.hurried(0.5)
    assert quick.budget[1] == 0.5 and quick.per_move[1] <= 0.5
    assert quick.needs_answer(board, a) is True and quick.needs_answer(board, b) is None
    answers.update({b: False, c: False})
    assert full.needs_answer(board, a) is True            # decided by the hurried one
    assert full.needs_answer(board, b) is False           # asked again, now decided
    assert quick.needs_answer(board, b) is False          # and known to both since
    assert quick.needs_answer(board, c) is None           # the full reader's open one


def test_a_question_the_lines_budget_cut_short_is_asked_again():
    """Review s58: a question never searched (the line's budget spent, or the read
    cancelled) was kept as open, and no later line asked it.  Only a question searched
    with a whole question's budgets stays open."""
    problem = read_sgf(NINE_POINTS)[0]
    proof = solved(problem, BLACK, all_moves=False).proof
    board = proof.board()
    move = board.legal_moves(proof.problem.region)[0]
    reader = ThreatReader(proof.problem)
    reader.left = 0                                     # the line's budget spent
    assert reader.needs_answer(board, move) is None and not reader.open
    reader.new_line()
    assert reader.needs_answer(board, move) is not None     # asked again, decided
    cancelled = ThreatReader(proof.problem, cancelled=lambda: True)
    assert cancelled.needs_answer(board, move) is None and not cancelled.open
