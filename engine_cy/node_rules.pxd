# cython: language_level=3
"""The node rules of relevance-zone search, in one place for every search core.

``dfpn`` (proof-number search), ``rzs`` (iterative deepening) and
``mcts_core`` (best-first) differ only in the order of their work; what a
node *is* lives here:

* the leaf test (``leaf_kind``) and each leaf's zone;
* the moves of an inner node (``node_moves``): the legal region moves, best
  first by ``score_move`` where the core orders them, and the pass, which the
  attacker tries first (its zone says where the attacker must play at all)
  and the defender last (the attacker can always pass back);
* null moves (``is_null_move``, ``cover_moves``): a move the mover lost whose
  move changed nothing inside its child's zone covers every other move that
  changes nothing there; the cover is recorded once, when the child is proven.
  The pass is never covered (``covered_by``): it leaves the stones as they
  were, so the line after it can repeat a position of its own past that the
  covering line, one stone apart, never meets -- superko then forbids there a
  move that line relies on (the verifier's cut-line replays found such a hole,
  enclosed-dev gop/13737 W).  It is searched like any move: a few per cent
  more nodes;
* the zone of a resolved node (``win_zone``, ``loss_zone``);
* external ko threats (``engine_cy.board``): the counts are part of the
  position and of its key, so a result holds for its own counts; a retake
  that spends a threat is searched like any move and may be covered (fewer
  threats never help its mover), but never covers another move;
* the end of the game by passes, which depends on the goal (below);
* the transposition key (``position_key``) and the random numbers
  (``rng_seed``, ``rng_next``);
* the result records the cores hand to Python (``Result``).

**Line-bound** results.  Superko makes a move's legality depend on the game
path, which no zone can fix.  A result that superko decided somewhere -- a
move it rejected at the node or below, or a zone dilation that met a move
only superko forbids (``dilate_c`` reports ``LINE_BOUND``) -- holds on its
own line only.  It never enters a shared transposition entry, and it is never
a null move: under another history a move superko forbade may be legal and
unanswered.  ``tsumego_gui.search.verify`` replays every line with the full
history and uses the same word.

**The end of the game.**  Two passes in a row end it.  Under the goals
``live`` and ``live_any`` the defender has then failed (``PASSES``), and the
attacker may end it by passing back after a defender pass (``PASSBACK``).
Both leaves depend on the whole board and on the pass count, so their zone is
the whole board: no null move can stand on them.

Under ``survive`` the defender has then *won* if a crucial stone is still on
the board (``SURVIVES``), which counts seki as life.  A crucial stone is
always on the board at an inner node (``CAPTURED`` comes first), so:

* the attacker's pass always loses: the defender may pass back.  That line
  holds only because a pass came first, so a result won by passing back (a
  ``SURVIVES`` leaf, or a node whose winning move is the pass that ends the
  game) is never a null move (``is_null_move``'s ``child_ends``): a stone
  move outside its zone leaves a game that goes on;
* at a defender node right after the attacker's pass (``survive_by_passing``)
  the defender's pass is a *fallback*: the cores try the region moves first
  and take the pass only when they all fail, so that the attacker's pass is
  refuted, where it can be, by a real move whose zone says where the attacker
  must play at all, as under ``live``; like every pass it is never covered by
  a null move (``covered_by``), and here it also ends the game, which no stone
  move does;
* every other node's value does not depend on the pass count: an attacker
  node loses its pass either way, and the moves that follow a pass reset the
  count.  So a defender's pass whose child the attacker won is a null move as
  usual (the covered moves' children differ from it only in stones outside
  the zone and in the pass count, which the result does not depend on).

The ``SURVIVES`` zone is the region and the crucial points.  The crucial
points alone would carry the leaf's own claim ("the game is over and a
crucial stone is on the board": they hold the same stones in every position
that agrees on them).  But a zone also stands for moves: in a position that
agrees with a node on its zone, a move of the loser outside the zone is
answered as if it were a pass, and after a pass the defender answers by
passing back -- which ends the game only after a pass, not after a stone
move.  With every region point in the zone, no position that agrees on it
offers a move outside it (play is confined to the region), so no such answer
is ever needed.  Above the leaf the usual dilation applies; the ancestors'
zones then hold the region too, which costs null moves above a seki, never
soundness.

Knows the board, Benson, zones and dilation; nothing about proof numbers,
trees or threads.
"""

from libc.stdint cimport int16_t, uint8_t, uint64_t

from engine_cy.benson cimport Benson, benson_goal
from engine_cy.board cimport EMPTY, LEGAL, MAX_ARR, PASS_LOC, SUPERKO, Board, opp
from engine_cy.dilate cimport LINE_BOUND, dilate_c
from engine_cy.goal cimport GoalSpec, add_captured, goal_crucial_lost
from engine_cy.zone cimport (
    Zone, zone_add, zone_clear, zone_empty, zone_has, zone_intersect, zone_next,
)

cdef enum:
    MAX_MOVES = 362           # 361 points + pass

cdef enum:  # statuses
    UNKNOWN = 0
    WIN = 1                   # the defender wins
    LOSS = 2                  # the attacker wins

cdef enum:  # node kinds
    INNER = 0                 # not a leaf: the mover must choose a move
    GOAL = 1                  # the goal holds (zone: Benson's life zone)
    CAPTURED = 2              # goal live: no crucial point holds a defender stone
    PASSES = 3                # two passes ended the game without the goal
    PASSBACK = 4              # the attacker ends the game by passing after a defender pass
    MOVE = 5                  # results only: the mover wins with one move
    ALL = 6                   # results only: every move of the mover fails
    SURVIVES = 7              # goal survive: two passes ended the game, a crucial stone on it


cdef inline bint attacker_passes_back(const GoalSpec* g, Board b) noexcept nogil:
    """Goals live and live_any, the attacker to move after a defender pass: its pass
    ends the game and wins (a PASSBACK leaf)."""
    return not g.survive and b.pos.passes == 1 and b.pos.to_play != g.defender


cdef inline int leaf_kind(const GoalSpec* g, Board b, Benson* work, Zone* zone) noexcept nogil:
    """What the position on ``b`` is as a node; for a leaf, ``zone`` gets its zone.

    GOAL: the life zone.  CAPTURED: the crucial points (every one is empty or
    the attacker's wherever the pattern holds).  SURVIVES: the region and the
    crucial points (see the docstring).  PASSES and PASSBACK: the whole board,
    as the goal's failure at the end of the game depends on all of it.  A
    PASSBACK leaf is won by the attacker with its pass."""
    if benson_goal(b, g.defender, g.live_any, &g.crucial, work, zone, &g.open_board):
        return GOAL
    if goal_crucial_lost(g, b):
        zone[0] = g.crucial
        return CAPTURED
    if b.pos.passes >= 2:
        if g.survive:
            zone[0] = g.ended
            return SURVIVES
        zone[0] = g.full
        return PASSES
    if attacker_passes_back(g, b):
        zone[0] = g.full
        return PASSBACK
    return INNER


cdef inline int leaf_winner(int kind) noexcept nogil:
    """WIN or LOSS of a leaf kind."""
    return WIN if kind == GOAL or kind == SURVIVES else LOSS


cdef inline bint survive_by_passing(const GoalSpec* g, Board b) noexcept nogil:
    """Goal survive, the defender to move after a pass: its pass ends the game and
    wins.  The cores search the region moves first and fall back on the pass."""
    return g.survive and b.pos.passes >= 1 and b.pos.to_play == g.defender


cdef inline bint superko_forbids_in(Board b, const Zone* z) noexcept nogil:
    """Whether superko, and only superko, forbids the side to move an empty point of ``z``
    (a point off the region too: the zone dilation and the verifier read every point)."""
    return b.superko_forbids_c(z)


cdef inline bint superko_forbids_region(const GoalSpec* g, Board b) noexcept nogil:
    """Whether superko, and only superko, forbids the side to move an empty region point."""
    cdef int i, loc
    for i in range(g.n_region):
        loc = g.region[i]
        if b.pos.color[loc] == EMPTY and b.illegal_reason_c(loc) == SUPERKO:
            return True
    return False


cdef inline uint64_t position_key(Board b) noexcept nogil:
    """Transposition key: the position (stones and side to move), its ko point and passes."""
    return (b.pos.hash ^ (<uint64_t>b.pos.ko_loc * <uint64_t>0x9E3779B97F4A7C15ULL)
            ^ (<uint64_t>b.pos.passes * <uint64_t>0xC2B2AE3D27D4EB4FULL))


cdef inline int score_move(Board b, int move) noexcept nogil:
    """Cheap Go ordering for the depth-first cores: captures, saving chains in atari,
    ataris, liberties, and diagonal contact (which shapes eyes)."""
    cdef int me = b.pos.to_play, them = opp(me)
    cdef int k, n, libs, score = 0
    for k in range(4):
        n = move + b.offsets[k]
        if b.pos.color[n] == EMPTY:
            score += 2
        elif b.pos.color[n] == them:
            libs = b.pos.libs[b.pos.head[n]]
            if libs == 1:
                score += 40 + 4 * b.pos.stones[b.pos.head[n]]
            elif libs == 2:
                score += 12
            else:
                score += 3
        elif b.pos.color[n] == me:
            libs = b.pos.libs[b.pos.head[n]]
            if libs == 1:
                score += 30
            elif libs == 2:
                score += 6
            else:
                score += 1
    k = b.stride
    score += ((b.pos.color[move - k - 1] == me) + (b.pos.color[move - k + 1] == me)
              + (b.pos.color[move + k - 1] == me) + (b.pos.color[move + k + 1] == me))
    return score


cdef inline int region_moves(const GoalSpec* g, Board b, int16_t* moves, uint64_t* hashes,
                             int* kos, bint ordered, bint* line_bound) noexcept nogil:
    """The legal region moves of the side to move (no pass); their count.

    ``ordered``: best first by ``score_move`` (ties in region order); else in
    region order.  ``hashes`` and ``kos`` (both NULL, or both set) get the hash
    and ko point each move leads to.  ``line_bound`` is set when superko forbids
    a move here."""
    cdef int i, j, loc, reason, n = 0, s, ko
    cdef uint64_t h
    cdef int scores[MAX_MOVES]
    for i in range(g.n_region):
        loc = g.region[i]
        if b.pos.color[loc] != EMPTY:
            continue
        reason = b.check_move_c(loc, &h, &ko)
        if reason == SUPERKO:
            line_bound[0] = True
        if reason != LEGAL:
            continue
        j = n
        if ordered:
            s = score_move(b, loc)
            while j > 0 and scores[j - 1] < s:
                scores[j] = scores[j - 1]
                moves[j] = moves[j - 1]
                if hashes != NULL:
                    hashes[j] = hashes[j - 1]
                    kos[j] = kos[j - 1]
                j -= 1
            scores[j] = s
        moves[j] = loc
        if hashes != NULL:
            hashes[j] = h
            kos[j] = ko
        n += 1
    return n


cdef inline int region_start(const GoalSpec* g, Board b) noexcept nogil:
    """Where the region moves of an inner node start in its move list: 1 for the attacker,
    whose pass comes first (its zone says where the attacker must play at all), 0 for the
    defender, whose pass comes last (the attacker can always pass back)."""
    return 0 if b.pos.to_play == g.defender else 1


cdef inline int add_pass(const GoalSpec* g, Board b, int16_t* moves, uint64_t* hashes,
                         int* kos, int n) noexcept nogil:
    """Put the pass beside ``n`` region moves stored from ``region_start`` (hash 0 marks
    it in ``hashes``); the new count."""
    cdef int i = n if region_start(g, b) == 0 else 0
    moves[i] = PASS_LOC
    if hashes != NULL:
        hashes[i] = 0
        kos[i] = 0
    return n + 1


cdef inline int node_moves(const GoalSpec* g, Board b, int16_t* moves, uint64_t* hashes,
                           int* kos, bint* line_bound) noexcept nogil:
    """Every move of an inner node, for the depth-first cores: the region moves best
    first and the pass (``add_pass``)."""
    cdef int s = region_start(g, b), n
    if hashes != NULL:
        n = region_moves(g, b, moves + s, hashes + s, kos + s, True, line_bound)
    else:
        n = region_moves(g, b, moves + s, NULL, NULL, True, line_bound)
    return add_pass(g, b, moves, hashes, kos, n)


cdef inline void move_changes(Board b, int move, Zone* out) noexcept nogil:
    """The points ``move`` of the side to move changes: the point and what it captures."""
    zone_clear(out)
    if move != PASS_LOC:
        zone_add(out, move)
        add_captured(b, move, opp(b.pos.to_play), out)


cdef inline bint changes_nothing_in(Board b, int move, const Zone* zone) noexcept nogil:
    """Nothing ``move`` changes (``move_changes``) lies in ``zone``."""
    cdef Zone changed
    move_changes(b, move, &changed)
    zone_intersect(&changed, zone)
    return zone_empty(&changed)


cdef inline bint is_null_move(Board b, int move, const Zone* child_zone,
                              bint child_line_bound, bint child_ends) noexcept nogil:
    """A move whose child the mover lost is a null move when nothing it changed lies in
    the child's zone, and superko decided nothing below it (a line-bound result covers
    no other move).  ``child_ends``: the child is a leaf, or won by its mover's pass;
    then a pass that led to it ended the game, or let the next pass end it, which no
    stone move does (see the docstring).  A retake the ko forbids (legal with an
    external ko threat, ``engine_cy.board``) is never a null move: it spends a
    threat that the moves it would cover keep, and more threats never hurt."""
    if move == PASS_LOC and child_ends:
        return False
    if move != PASS_LOC and move == b.pos.ko_loc:
        return False
    return not child_line_bound and changes_nothing_in(b, move, child_zone)


cdef inline bint covered_by(Board b, int move,
                            const Zone* null_zone) noexcept nogil:
    """A null move with zone ``null_zone`` covers ``move`` when the move, too, changes
    nothing in that zone: it fails the same way.  Never the pass (see the docstring:
    its line can repeat a position the covering line never meets)."""
    if move == PASS_LOC:
        return False
    return changes_nothing_in(b, move, null_zone)


cdef inline void cover_moves(Board b, const int16_t* moves, int n,
                             int null_index,
                             const Zone* null_zone, const uint8_t* settled,
                             int16_t* cut_by) noexcept nogil:
    """Record the null move ``moves[null_index]`` as the cover of every move it covers
    that is neither settled (``settled[j]``; NULL: none is) nor covered already
    (``cut_by[j] >= 0``): ``cut_by[j] = null_index``."""
    cdef int j
    for j in range(n):
        if j == null_index or cut_by[j] >= 0 or (settled != NULL and settled[j]):
            continue
        if covered_by(b, moves[j], null_zone):
            cut_by[j] = <int16_t>null_index


cdef inline bint win_zone(Board b, Zone* z, int move) noexcept nogil:
    """``z``, the zone of the child the mover wins with ``move``, becomes the node's
    zone: dilated for the mover (the OR rule).  True when that makes it line-bound."""
    return (dilate_c(b, z, False, move, False) & LINE_BOUND) != 0


cdef inline bint loss_zone(Board b, Zone* z, bint either_ko_rule) noexcept nogil:
    """``z``, the union of the zones of the children the mover needs, becomes the
    node's zone: dilated for the winner (the AND rule; ``either_ko_rule``: see
    ``dilate``).  True when line-bound."""
    return (dilate_c(b, z, True, PASS_LOC, either_ko_rule) & LINE_BOUND) != 0


cdef inline uint64_t rng_seed(uint64_t seed) noexcept nogil:
    """A xorshift state from any seed (splitmix64: nearby seeds give unrelated streams)."""
    cdef uint64_t s = seed + <uint64_t>0x9E3779B97F4A7C15ULL
    s = (s ^ (s >> 30)) * <uint64_t>0xBF58476D1CE4E5B9ULL
    s = (s ^ (s >> 27)) * <uint64_t>0x94D049BB133111EBULL
    s ^= s >> 31
    return s if s != 0 else 1


cdef inline uint64_t rng_next(uint64_t* state) noexcept nogil:
    """xorshift64*: fast, seedable, good enough to pick moves (state must not be 0)."""
    state[0] ^= state[0] >> 12
    state[0] ^= state[0] << 25
    state[0] ^= state[0] >> 27
    return state[0] * <uint64_t>0x2545F4914F6CDD1DULL


cdef object zone_to_int(const Zone* z)


cdef class Result:
    cdef readonly int kind          # GOAL / CAPTURED / PASSES / SURVIVES (leaves), MOVE, ALL
    cdef readonly object zone       # int: bit ``loc`` set for each point of the zone
    cdef readonly int winner        # WIN (the defender) or LOSS (the attacker)
    cdef readonly int move          # MOVE: the winning move
    cdef readonly Result child      # MOVE: its child
    cdef readonly list children     # ALL: [(move, Result)] of the moves searched
    cdef readonly list cuts         # ALL: [(cut move, covering null move)]


cdef Result leaf_result(int kind, const Zone* z)
cdef Result move_result(const Zone* z, int winner, int move, Result child)
cdef Result all_result(const Zone* z, int winner, list children, list cuts)
