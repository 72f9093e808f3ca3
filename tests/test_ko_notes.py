"""Exported lines say where a ko rule or a missing ko threat decides a move
(``search.ko_notes``).

The lines and their readings come from the bundled problems' own comments (written
from Go reading): in the direct ko, White E1 is answered by Black F1, which captures
the E1 stone, and White needs a ko threat to take back at E1; in the L-shaped four in
the corner, Black B1 makes a direct ko that Black takes first (White A1, Black A2),
so White needs one ko threat to retake."""

from dataclasses import replace
from pathlib import Path

import pytest
from sgfmill import sgf

from engine_cy.board import BLACK, WHITE
from tsumego_gui.core import coords
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search import classification_file
from tsumego_gui.search.choice import solve_and_verify
from tsumego_gui.search.classify import classify
from tsumego_gui.search.ko_notes import KoNotes

BUNDLED = Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources" / "problems"


def bundled(name, to_play):
    problem = read_sgf(BUNDLED / name)[0]
    return replace(problem, to_play=to_play, to_play_given=True)


def comment_at(sgf_bytes, line):
    """The comment of the node a line of moves ("W E1", "B F1", ...) leads to."""
    game = sgf.Sgf_game.from_bytes(sgf_bytes)
    node = game.get_root()
    size = game.get_size()
    for step in line:
        colour, name = step.split()
        want = (colour.lower(), coords.to_sgfmill(coords.from_gtp(name, size), size))
        node = next(child for child in node if child.get_move() == want)
    return node.get("C")


def all_comments(sgf_bytes):
    out, todo = [], [sgf.Sgf_game.from_bytes(sgf_bytes).get_root()]
    while todo:
        node = todo.pop()
        out.append(node.get("C") if node.has_property("C") else "")
        todo.extend(node)
    return out


def classified_sgf(name, to_play):
    """A bundled problem's classification for ``to_play``, exported as SGF."""
    return classification_file.to_sgf(classify(bundled(name, to_play), to_play=to_play))


def test_the_plain_proof_says_the_defender_may_not_retake():
    problem = bundled("ko/direct-ko.sgf", WHITE)
    outcome = solve_and_verify(problem, "dfs", max_seconds=20)
    assert outcome.result.verdict == "dies"     # the default rule: White may not take kos
    text = comment_at(outcome.result.proof.to_sgf(), ["W E1", "B F1"])
    assert "White may not retake the ko at E1 (this tree's ko rule)" in text


def test_the_exported_ko_is_fought_with_its_threat():
    exported = classified_sgf("ko/direct-ko.sgf", WHITE)
    assert "The tree below: the ko fought, White holds 1 ko threat, Black none" in \
        comment_at(exported, ["W E1"])
    # the threat and its answer stand as two passes, so that a program keeping the ko rule
    # plays the retake as legal
    assert comment_at(exported, ["W E1", "B F1", "W pass"]) == \
        "White plays a ko threat elsewhere (shown as a pass)"
    assert "Two passes in a row before a ko is taken back stand for a ko threat" in \
        sgf.Sgf_game.from_bytes(exported).get_root().get("C")
    retake = comment_at(exported, ["W E1", "B F1", "W pass", "B pass", "W E1"])
    assert "White retakes the ko with a ko threat elsewhere, which Black answers " \
           "(0 threats left)" in retake
    assert "Black has no ko threat to retake at F1" in retake


def test_the_side_that_must_win_the_ko_is_shown_one_threat_short():
    exported = classified_sgf("corner/l-four-corner-ko.sgf", BLACK)
    assert "the ko fought, neither side holds a ko threat (White needs 1 ko threat)" in \
        comment_at(exported, ["B B1"])
    assert "White has no ko threat to retake at A1" in \
        comment_at(exported, ["B B1", "W A1", "B A2"])
    # the viewer's main line is that ko (QA s54: White's A2 came first, no ko in it)
    assert main_variation(exported)[:3] == ["B B1", "W A1", "B A2"]


def test_the_exported_approach_ko_is_fought_with_its_approach():
    """QA s54 D1: the approach ko's variation (Black holds the 2 threats it needs) ended
    after one retake with White's self-atari at C1; a book shows the approach: B1, White
    takes at A1, Black retakes with a threat (two passes), White plays elsewhere, Black
    approaches (C1, or D1), White takes again, Black retakes with its second threat."""
    moves = main_variation(classified_sgf("ko/approach-ko.sgf", BLACK))
    assert moves[:6] == ["B B1", "W A1", "B pass", "W pass", "B A2", "W pass"]
    assert moves[6] in ("B C1", "B D1") and moves[7:11] == ["W A1", "B pass", "W pass", "B A2"]


def main_variation(sgf_bytes) -> list[str]:
    """The moves of the first variation all the way down, as "B B1"."""
    game = sgf.Sgf_game.from_bytes(sgf_bytes)
    node, size, out = game.get_root(), game.get_size(), []
    while len(node):
        node = node[0]
        colour, move = node.get_move()
        out.append(f"{colour.upper()} " + ("pass" if move is None else coords.to_gtp(
            coords.from_sgfmill(move, size), size)))
    return out


@pytest.mark.parametrize("name", ["classic/bent-three.sgf", "classic/rabbity-six.sgf"])
def test_a_problem_without_a_ko_has_no_ko_notes(name):
    problem = read_sgf(BUNDLED / name)[0]
    c = classify(problem, to_play=problem.to_play)
    notes = ("this tree's ko rule", "ko threat", "Two passes in a row")
    assert not [t for t in all_comments(classification_file.to_sgf(c))
                if any(n in t for n in notes)]


def test_a_line_the_board_cannot_follow_ends_the_notes():
    problem = bundled("ko/direct-ko.sgf", WHITE)
    notes = KoNotes(problem, WHITE)
    occupied = coords.from_gtp("C2", problem.size)        # a White stone
    assert notes.play(occupied) == (None, "")

