"""df-pn leaves a cycle of shared table entries that superko cuts on every line.

A carpenter's-square-like corner (our own, QA s54 shapes: White's group A4-D4 down to D1,
two outside liberties A5 and B5), after Black's B1 and a White tenuki with Black to move
again: the table's entries for a ko and a pass went round (B B1 retakes, W passes, B C1,
W A1, ...) with numbers rising a little each time and no new node, and the search spun at
some 6,000 nodes/s until its clock ran out at 17,577 nodes.  It is proven now, and the
verifier checks the proof.
"""

from __future__ import annotations

from engine_cy.board import BLACK
from engine_cy.dfpn import DfpnCore
from engine_cy.node_rules import GOAL_CODES
from engine_cy.search_control import SearchControl
from tests.test_solver import solved
from tsumego_gui.core import coords
from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search.params import SearchParams

#   A B C D E F G H J
# 9 . . . . . . . . .
# 8 X X X X X X X . .
# 7 X X . X . X X . .
# 6 X X X X X X X . .
# 5 . . X X X X X . .
# 4 O O O O X X X . .
# 3 . . . O X . X . .
# 2 . . . O X X X . .
# 1 . . . O X X X . .
CARPENTER = (b"(;FF[4]GM[1]SZ[9]PL[B]AB[ab][bb][cb][db][eb][fb][gb][ac][bc][dc][fc][gc][ad]"
             b"[bd][cd][dd][ed][fd][gd][ce][de][ee][fe][ge][ef][ff][gf][eg][gg][eh][fh][gh]"
             b"[ei][fi][gi]AW[af][bf][cf][df][dg][dh][di]MA[af])")


def test_a_cycle_through_a_ko_and_a_pass_does_not_hold_the_search():
    problem = read_sgf(CARPENTER)[0]
    after_b1 = problem.after(coords.from_gtp("B1", 9), BLACK)
    result = solved(after_b1, BLACK, all_moves=False,       # White plays elsewhere
                    params=SearchParams(max_nodes=200_000, max_seconds=30.0))
    assert result.verdict == "lives"
    assert result.nodes < 100_000
    # the core itself: a forced descent is what took it out of the cycle
    board = after_b1.to_board()
    board.to_play = BLACK
    core = DfpnCore(board, after_b1.defender, GOAL_CODES[after_b1.goal], after_b1.crucial,
                    after_b1.region, SearchControl(200_000, 30.0))
    assert core.solve(extract=False)[0] == "win" and core.forced > 0
