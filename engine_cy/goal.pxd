# cython: language_level=3
"""What every search core needs to know of its problem: the defender, the goal, where to play.

Inline helpers shared by ``rzs``, ``dfpn`` and ``mcts_core``: building the
spec from a problem's fields, the "every crucial stone is captured" leaf
test, and the stones a move would capture (what a null move must not touch).
Knows the board's arrays and zones; nothing about search.
"""

from engine_cy.benson cimport OpenBoard, open_board_zone
from engine_cy.board cimport MAX_ARR, Board
from engine_cy.zone cimport Zone, zone_add, zone_clear, zone_has, zone_union


cdef enum:  # goals (``tsumego_gui.core.problem.GOALS`` by index)
    GOAL_SURVIVE = 0          # a crucial stone is on the board when two passes end the game
    GOAL_LIVE = 1             # a crucial stone becomes unconditionally alive
    GOAL_LIVE_ANY = 2         # any defender stone becomes unconditionally alive


cdef struct GoalSpec:
    int defender
    bint live_any             # goal live_any: any defender stone may become UCA
    bint survive              # goal survive: the game's end by passes counts too
    bint has_crucial
    Zone crucial              # crucial points (goal live)
    int n_crucial
    int crucial_list[MAX_ARR] # the same points, for the leaf test
    Zone full                 # every point of the board
    Zone ended                # goal survive: the region and the crucial points (SURVIVES)
    int n_region
    int region[MAX_ARR]       # points where either side may play, row-major
    OpenBoard open_board      # benson.open_board_zone: Benson runs skip it


cdef inline int goal_init(GoalSpec* g, Board board, int defender, int goal, crucial,
                          region) except -1:
    """Fill ``g``; ``goal`` is GOAL_SURVIVE, GOAL_LIVE or GOAL_LIVE_ANY; ``crucial`` and
    ``region`` are iterables of locs (an empty region means the whole board).
    ValueError for a loc that is not a board point, or a goal that needs crucial points
    without them."""
    cdef int i
    if goal not in (GOAL_SURVIVE, GOAL_LIVE, GOAL_LIVE_ANY):
        raise ValueError(f"unknown goal {goal}")
    g.defender = defender
    g.live_any = goal == GOAL_LIVE_ANY
    g.survive = goal == GOAL_SURVIVE
    zone_clear(&g.crucial)
    g.n_crucial = 0
    for loc in crucial:
        zone_add(&g.crucial, board._check_point(loc))
    for i in range(board.n_points):
        if zone_has(&g.crucial, board.points[i]):
            g.crucial_list[g.n_crucial] = board.points[i]
            g.n_crucial += 1
    g.has_crucial = g.n_crucial > 0
    if not g.live_any and not g.has_crucial:
        raise ValueError("goals survive and live need crucial points")
    zone_clear(&g.full)
    for i in range(board.n_points):
        zone_add(&g.full, board.points[i])
    region_set = {board._check_point(loc) for loc in region}
    g.n_region = 0
    cdef Zone region_zone
    zone_clear(&region_zone)
    for i in range(board.n_points):
        if not region_set or board.points[i] in region_set:
            g.region[g.n_region] = board.points[i]
            g.n_region += 1
            if region_set:
                zone_add(&region_zone, board.points[i])
    open_board_zone(board, defender, &region_zone, &g.open_board)
    g.ended = g.full if not region_set else region_zone
    zone_union(&g.ended, &g.crucial)
    return 0


cdef inline bint goal_crucial_lost(const GoalSpec* g, Board b) noexcept nogil:
    """Goal ``live``: no crucial point holds a defender stone any more."""
    cdef int i
    if g.live_any or not g.has_crucial:
        return False
    for i in range(g.n_crucial):
        if b.pos.color[g.crucial_list[i]] == g.defender:
            return False
    return True


cdef inline void add_captured(Board b, int move, int victim, Zone* out) noexcept nogil:
    """Add to ``out`` the stones ``move`` would capture: ``victim`` chains in atari next to it."""
    cdef int k, n, s
    for k in range(4):
        n = move + b.offsets[k]
        if b.pos.color[n] == victim and b.pos.libs[b.pos.head[n]] == 1:
            s = n
            while True:
                zone_add(out, s)
                s = b.pos.next[s]
                if s == n:
                    break
