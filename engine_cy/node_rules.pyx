# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# distutils: language = c++
"""The result records of the search cores, and the Python face of the node rules.

The rules themselves are inline functions in ``node_rules.pxd`` (read its
docstring).  Here: :class:`Result`, the typed record every core hands back
for a resolved node, built only after a search ends (never inside a search
loop), and the names Python reads them by.
"""

from engine_cy.goal cimport GOAL_LIVE, GOAL_LIVE_ANY, GOAL_SURVIVE
from engine_cy.zone cimport ZONE_WORDS

GOAL_CODES = {"survive": GOAL_SURVIVE, "live": GOAL_LIVE, "live_any": GOAL_LIVE_ANY}

KIND_NAMES = {GOAL: "goal", CAPTURED: "captured", PASSES: "passes", SURVIVES: "survives",
              MOVE: "move", ALL: "all"}
STATUS_NAMES = {UNKNOWN: "unknown", WIN: "win", LOSS: "loss"}
DEFENDER_WINS = WIN       # the ``winner`` field of results, for Python
ATTACKER_WINS = LOSS


cdef object zone_to_int(const Zone* z):
    cdef int i
    out = 0
    for i in range(ZONE_WORDS):
        out |= (<object>z.w[i]) << (64 * i)
    return out


cdef class Result:
    """A resolved node: a leaf (``goal``, ``captured``, ``passes``, ``survives``), a node the mover
    wins with ``move`` (``child``), or one where every move of the mover fails
    (``children`` searched, ``cuts`` answered by a null move).  ``zone`` is an int,
    bit ``loc`` set for each point; ``winner`` is DEFENDER_WINS or ATTACKER_WINS."""

    @property
    def kind_name(self):
        return KIND_NAMES[self.kind]

    @property
    def defender_wins(self):
        return self.winner == WIN

    def __repr__(self):
        return f"Result({self.kind_name}, winner={STATUS_NAMES[self.winner]})"


def won_with_move(zone, int winner, int move, Result child not None):
    """A MOVE record made in Python (``zone`` an int of bits): the mover wins with ``move``."""
    cdef Result r = Result.__new__(Result)
    r.kind = MOVE
    r.zone = zone
    r.winner = winner
    r.move = move
    r.child = child
    return r


cdef Result leaf_result(int kind, const Zone* z):
    """A leaf's record; a PASSBACK leaf is the attacker's winning pass into a PASSES leaf."""
    cdef Result r = Result.__new__(Result)
    if kind == PASSBACK:
        return move_result(z, LOSS, PASS_LOC, leaf_result(PASSES, z))
    r.kind = kind
    r.zone = zone_to_int(z)
    r.winner = leaf_winner(kind)
    r.move = -1
    return r


cdef Result move_result(const Zone* z, int winner, int move, Result child):
    return won_with_move(zone_to_int(z), winner, move, child)


cdef Result all_result(const Zone* z, int winner, list children, list cuts):
    cdef Result r = Result.__new__(Result)
    r.kind = ALL
    r.zone = zone_to_int(z)
    r.winner = winner
    r.move = -1
    r.children = children
    r.cuts = cuts
    return r

