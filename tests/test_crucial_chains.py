"""Crucial chains alive before a move (``core.crucial_chains``): a problem whose crucial
stones form several chains, one alive by Benson already, holds its goal at once, whatever
happens to the others, and the player is told which (QA s53).

Go knowledge: the corner group's eye space A1-B1-C1 is a straight three (Black B1 kills);
the group at G3-J3 has two eyes, H2 and J1.
"""

from tests.test_solver import problem_from
from tsumego_gui.core.crucial_chains import alive_already_warning, separate_groups_warning
from tsumego_gui.core.posing import problem_warnings

TWO_GROUPS = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . X X X X
    X X X X X X O O O
    O O O O X X O * O
    * * * O X X O O *
"""
CORNER_AND_TAIL = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X X X X X X . .
    O O O O X O X . .
    * * * O * O X . .
"""


def _warning(diagram: str, crucial: str, goal: str = "survive") -> str:
    p = problem_from(diagram, 9, crucial=crucial)
    return alive_already_warning(p.size, p.black, p.white, p.crucial, goal)


def test_an_alive_crucial_group_beside_a_killable_one_is_named():
    assert _warning(TWO_GROUPS, "A2 G3") == (
        "the crucial stones at G3 are unconditionally alive already, so the goal (a crucial "
        "stone survives) holds whatever happens to those at A2: mark only the group the "
        "problem is about")
    problem = problem_from(TWO_GROUPS, 9, crucial="A2 G3")
    assert _warning(TWO_GROUPS, "A2 G3") in problem_warnings(problem)
    # review s53: named by a crucial stone of each chain (J2, D1: not G3, A2, the chains'
    # first stones), and in the goal's own words
    assert _warning(TWO_GROUPS, "D1 J2", "live").startswith(
        "the crucial stones at J2 are unconditionally alive already, so the goal (a "
        "crucial stone becomes unconditionally alive) holds whatever happens to those at D1")
    assert _warning(TWO_GROUPS, "A2 G3", "live_any") == ""     # it reads no crucial stones


def test_no_warning_for_one_group_or_where_none_or_all_are_alive():
    assert _warning(TWO_GROUPS, "A2") == ""             # the question is the corner alone
    assert _warning(TWO_GROUPS, "G3") == ""             # one chain, alive: the verdict says it
    assert _warning(CORNER_AND_TAIL, "A2 F2") == ""     # two chains, neither alive yet
    one_eye = TWO_GROUPS.replace("O O *\n", "O O O\n")  # J1 filled: G3's group has one eye
    assert _warning(one_eye, "A2 G3") == ""


TWO_STRAIGHT_THREES = """
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X X X X X X X X
    O O O O X O O O O
    * * * O X O * * *
"""


def test_crucial_groups_that_nothing_joins_are_said_to_be_separate():
    """QA s53 (a teacher): two straight-three groups marked crucial, White to play; White's
    B1 kills the left one, and "fails", since the other survives.  Groups that an empty
    point of the region joins are one (the tail of CORNER_AND_TAIL: E1 joins them)."""
    p = problem_from(TWO_STRAIGHT_THREES, 9, crucial="A2 F2")
    assert separate_groups_warning(p.size, p.black, p.white, p.crucial, p.region,
                                   "survive") == (
        "the crucial stones lie in 2 separate groups (at A2, F2): the goal holds where any "
        "one of them survives, not all (mark one group where the problem is about that one)")
    assert _warning_for(TWO_STRAIGHT_THREES, "A2 F2") in problem_warnings(p)
    one = problem_from(TWO_STRAIGHT_THREES, 9, crucial="A2")
    assert separate_groups_warning(one.size, one.black, one.white, one.crucial, one.region,
                                   "survive") == ""
    joined = problem_from(CORNER_AND_TAIL, 9, crucial="A2 F2")
    assert separate_groups_warning(joined.size, joined.black, joined.white, joined.crucial,
                                   joined.region, "survive") == ""


def _warning_for(diagram: str, crucial: str) -> str:
    p = problem_from(diagram, 9, crucial=crucial)
    return separate_groups_warning(p.size, p.black, p.white, p.crucial, p.region, p.goal)
