# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# distutils: language = c++
"""Depth-first proof-number search (df-pn) with relevance zones: the default solver core.

What a node is -- leaves, moves, null moves, zones, line-bound results -- is
``engine_cy.node_rules`` (read its docstring first); this module is only the
order of work.  Every node stores, for the side to move, a proof number ``p``
(how hard it looks to show the mover wins) and a disproof number ``d`` (to
show the mover loses), negamax style:

* ``p(n) = min over children of d(child)``;
* ``d(n) = sum over children still needed of p(child)``: a child that failed
  for the mover (``p(child) == 0``) and is a null move covers every other move
  that changes nothing in its zone, and those are cut;
* the search descends into the child with the smallest ``d`` while the
  node's numbers stay below the thresholds it was given (df-pn, Nagai 2002,
  with the 1 + epsilon threshold rule of Pawlewicz & Lew 2007, epsilon = 1/8),
  so effort goes where a proof or disproof looks cheapest; where the numbers go
  round a cycle of shared entries (a ko and a pass that superko cuts on each
  line) for ``BARREN_STEPS`` steps without a new entry, a node entered over
  its thresholds is descended once anyway, its best child given its own numbers
  + 1, which follows the line to a new node or to superko (the threshold idea
  of Kishimoto's work on df-pn's cycles; s57);
* a new inner node starts from numbers that read the defender's eyes off its
  leaf test (``initial_numbers``): no eye makes living look harder, eyes make
  killing look harder, and under ``survive`` so do the crucial chains'
  liberties (a kill ends only with their capture).

Zones are computed when a node is resolved (``node_rules.win_zone`` /
``loss_zone``).

The table (``dfpn_table``) is keyed by ``node_rules.position_key``.  When it
holds its budget of entries it is collected (``collect``: the open entries
with the least work below them go, resolved ones stay), so a long search goes
on in bounded memory; it stops (memory budget) only when what it must keep
fills the table (or when it would drop most of what it searched, and go round).
A line-bound result is stored under a key that also hashes the whole path, so
it is found only on that path.  A node where superko forbids a move keeps even
its open numbers per path (``own_entry``): its move list depends on the path,
and two histories sharing one entry made df-pn cycle through known entries.
Numbers of open nodes saturate at LARGE, so INF always means resolved.

A shared result was proven on the line that first reached it; on another line
superko may forbid a move inside it.  Extraction (``extract``) follows the
lines of the proof with their history: it reuses a subtree built on another
line only where no position of this line could be repeated in it (the
verifier's stone-count rule, or, where a count meets the line, no position
the subtree's moves leave is on the board's path), and a null move whose
subtree superko changes on this line, or on the line of a move it covers,
covers nothing there
(``holding_cover``: on the cut line, by the hashes of the prover's positions
below, moved by one stone; another null move that covers the same move may
hold where the first does not), and a proven move superko forbids on this line
proves nothing there.  ``solve`` then searches those nodes again, on their
paths only (without covers where a cover was lost), with the nodes above them
(``reopen``), and extracts again.

The search runs without the GIL and talks to other threads only through its
``SearchControl`` (budgets, cancel flag, progress counters).  ``extract``
then rebuilds the proof as ``node_rules.Result`` records from the table, with
the covers ``children`` recorded.  Extraction searches no node, but a large
proof takes seconds to build (each repair round again): it reads the cancel
flag and the clock as it goes (``SearchControl.clock_stop``), so that a
cancel or the time budget ends it as it ends the search (enclosed-dev
gop/5194 W, proven at 29.5 s of a 30-s budget, came back open at 38-46 s).
What it built stays in the memo for the next call on the core.

**Results of other rule sets** (``take_results_of``; a classification's cores,
``tsumego_gui.search.classify``).  Cores of one root under rule sets ordered by
implication (a win of the defender under one is a win under the next) take each
other's results: a new inner node that a lending core holds resolved, shared (not
line-bound), with a winner whose results hold here, is resolved at once with its
numbers, move and zone (``implied_result``; a bit filter of the lender's resolved keys
spares most lookups in its table).  Such zones must hold under both cores' rules: the
rule sets differ in who may take kos, so the lenders dilate their loss zones for
either ko rule (``either_ko_rule``: a ko capture the loser may make keeps its
surroundings as a forbidden one does).  Extraction asks the lender for the subtree on
this line (``extract_on_line``: it plays the line and extracts as if it had come down
it); where superko changes that subtree on this line, the node is searched again here
on its path, as a repair.  The lender's records may list the loser's ko captures that
these rules forbid; the proof's conversion leaves them out
(``tsumego_gui.search.results.to_proof_tree``'s ``lent``).  The verifier checks the
proofs as any others.

**Network focus** (optional: an ``evaluator`` given, the Proof Cost Network
paper's Focused df-pn).  A node fewer than ``focus_depth`` plies below the
root is evaluated once (``Focus``: the policy by point and the value); its
region moves are then tried in policy order, and of the unresolved ones only
the first ``1 + ceil(widening * live)`` enter ``p`` and ``d`` (``window``).
As those fail, the next ones come in; the node is disproved only when every
move has failed, so the focus never changes a result, only the order of
work.  The attacker's pass is always in the window (it is what makes zones
small).  The children in a window are evaluated as one batch, and a new child
starts from numbers read off its value (``value_numbers``).  Network
evaluations have budgets of their own: a count (``max_evals``) and a share of
the search's time (``time_share``: on a CPU one evaluation costs as much as
~10^4 df-pn nodes, so the network may slow the search by that share at most);
when they are spent, or an evaluator fails (``focus_error``), nodes are
searched without the network.

Knows the board, Benson, zones and the node rules; nothing about files,
threads or proof objects (the evaluator is any ``search.evaluators.Evaluator``).
"""

from libc.math cimport ceil, sqrt
from libc.stdint cimport UINT32_MAX, int16_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, qsort
from libc.string cimport memcpy, memset
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cython.operator cimport dereference as deref
from libcpp.unordered_map cimport unordered_map
from libcpp.unordered_set cimport unordered_set

from engine_cy.benson cimport MAX_EYE_LEVEL, Benson
from engine_cy.board cimport BLACK, EMPTY, LEGAL, MAX_ARR, PASS_LOC, SUPERKO, WHITE, Board
from engine_cy.dfpn_table cimport (
    Entry, Slot, Table, table_find, table_free, table_get, table_grow, table_init,
    table_needs_room, table_prefetch, table_sweep,
)
from engine_cy.gil cimport OFFER_SWITCHES, offer_gil
from engine_cy.goal cimport GoalSpec, goal_init
from engine_cy.node_rules cimport (
    CAPTURED, GOAL, INNER, LOSS, MAX_MOVES, PASSBACK, SURVIVES, WIN, Result, all_result,
    attacker_passes_back, cover_moves, covered_by, is_null_move, leaf_kind, leaf_result,
    leaf_winner, loss_zone, move_result, node_moves, position_key, superko_forbids_in,
    survive_by_passing, win_zone,
)
from engine_cy.search_control cimport (
    MEMORY_BUDGET, NODE_BUDGET, NOT_STOPPED, STALLED, SearchControl, monotonic,
)
from engine_cy.zone cimport Zone, zone_clear, zone_has, zone_next, zone_subset, zone_union
from engine_cy.zone_store cimport ZoneStore, zones_add, zones_at, zones_free

from engine_cy.board import zobrist_white_to_play
from engine_cy.search_control import STOP_NAMES

import sys

import numpy as np

cdef enum:
    # extraction's stone counts: (black, white) within +-COUNT_HALF of the root's, one bit
    # each of a Python int; the rest share the bit OVERFLOW (they may meet each other)
    COUNT_HALF = 64
    COUNT_SPAN = 2 * COUNT_HALF
    OVERFLOW = COUNT_SPAN * COUNT_SPAN
    # extraction: a subtree keeps the hashes of its prover's positions while there are at
    # most this many (``cut_line``); past it, their stone counts only
    MAX_PROVER_HASHES = 1024
    # extraction: a subtree keeps the hashes of the positions its moves may leave while
    # there are at most this many (``moves_left``, united up the tree); past it, their
    # stone counts only
    MAX_MOVE_HASHES = 1024
    # ``path_move``'s code of a first-move pass that does not count toward the two passes
    # that end the game (``solve_move``'s tenuki): a line with it replays as it was played
    TENUKI = -2
    CRUCIAL_ZONE = 0           # DfpnCore.zones indices
    BOARD_ZONE = 1
    ENDED_ZONE = 2
    PATH_FILTER_WORDS = 1 << 14     # ``paths_may_hold``: 2^20 bits, 128 kB
    INF = 1 << 28              # only a resolved node's numbers reach it
    LARGE = INF - 1            # where an open node's sums saturate
    WORK_CLASSES = 34          # ``collect``: 0, the bit lengths 1..32, and ON_PATH's
    BARREN_STEPS = 4096        # df-pn steps without a new entry before ``mid`` forces on
    EXTRACT_CLOCK_EVERY = 256      # extraction steps between cancel and clock readings
    EXTRACT_OFFER_EVERY = 64       # extraction steps between GIL offers (a few each ms)
    # entry flags
    RESOLVED = 1
    LINE_BOUND = 2             # superko decided the result: it holds on its own line only
    IMPLIED = 4                # taken from another core's table (``implied_result``) ...
    IMPLIED_SHIFT = 3          # ... whose index in ``implied_cores`` these bits hold
    IMPLIED_MASK = 3
    MAX_IMPLIED = 4            # cores a core takes results from
    KEY_FILTER_FIRST = 1 << 10          # ``KeyFilter`` words: 8 kB at first ...
    KEY_FILTER_MOST = 1 << 19           # ... 4 MB at most

# initial (proof, disproof) numbers for the defender to move, by eye level (initial_numbers);
# tuned on enclosed-dev problems: they halve the nodes of the uniform (1, 1)
cdef uint32_t* LEVEL_P = [3, 3, 2, 2, 1]
cdef uint32_t* LEVEL_D = [1, 1, 1, 1, 3]
# goal survive: the attacker's number gains 1 per CAPTURE_STEP liberties of the crucial chains
# beyond the first (initial_numbers).  Tried on 50 enclosed-dev sides solved in 0.3-8 s
# (benchmarks/results/2026-11-27-s36-capture-numbers.txt): step 2: kills -12% nodes
# (geometric mean), lives +2%; +1 per liberty beyond 2: kills -12%, lives +10%; beyond 3:
# kills -2%; the defender's number up where the chains have <= 2 liberties: kills +4%
cdef enum:
    CAPTURE_STEP = 2


cdef struct Focus:
    # what the network said of one position (``DfpnCore.evaluate``)
    float prior[MAX_ARR]        # policy by loc (PASS_LOC: the pass)


cdef extern from *:
    int __builtin_clz(unsigned int) nogil


cdef uint32_t ON_PATH = UINT32_MAX       # ``collect`` keeps these open entries


cdef inline int work_class(uint32_t work) noexcept nogil:
    """``collect``'s class of an open entry's work: its bit length (ON_PATH apart)."""
    if work == ON_PATH:
        return WORK_CLASSES - 1
    return 0 if work == 0 else 32 - __builtin_clz(work)


cdef bint open_below_class(const Entry* e, const void* cut) noexcept nogil:
    """``collect``'s ``table_sweep`` test: an open entry whose work class is below ``cut``."""
    return not (e.flags & RESOLVED) and work_class(e.zone) < (<const int*>cut)[0]


cdef inline uint64_t mix(uint64_t x) noexcept nogil:
    x ^= x >> 33
    x *= 0xFF51AFD7ED558CCDULL
    x ^= x >> 33
    x *= 0xC4CEB9FE1A85EC53ULL
    x ^= x >> 33
    return x


cdef object PY_ONE = 1      # a Python int: its shifts go past 64 bits
cdef bytes NO_HASHES = b""      # ``hash_union``'s empty set
# what a pass changes in a position's hash: the side to move
cdef uint64_t PASS_HASH = zobrist_white_to_play()


cdef bytes hash_union(bytes a, bytes b, Py_ssize_t most=MAX_PROVER_HASHES):
    """The union of two sets of hashes (``extract``); None stands for more than ``most``.
    A set is a ``bytes`` of sorted distinct uint64s (``hash_set``; a bytes object's data
    is 8-aligned in CPython): frozensets of Python ints took a quarter of a large proof's
    extraction to make, merge, free and have the cycle collector walk (perf,
    enclosed-dev gop/6083 W)."""
    return hash_union_all([a, b], most)


cdef bytes hash_union_all(list sets, Py_ssize_t most):
    """The union of all of ``sets`` (``hash_set`` sets; None stands for too many), or
    None where it has more than ``most``: merged pairwise in rounds (a chain of
    ``hash_union`` calls copied the growing union once per set, an eighth of a large
    proof's extraction: perf, enclosed-dev gop/5194 W, s63)."""
    cdef Py_ssize_t total = 0, n, runs = 0, r, w, i, j, k, end_x, end_y
    only = NO_HASHES
    for one in sets:
        if one is None:
            return None
        n = PyBytes_GET_SIZE(one) // 8
        if n > most:
            return None
        if n:
            total += n
            runs += 1
            only = one
    if runs <= 1:
        return only
    # runs side by side in ``a``, each ending at ``ends[r]``; a round merges pairs into ``b``
    cdef uint64_t* a = <uint64_t*>malloc(total * sizeof(uint64_t))
    cdef uint64_t* b = <uint64_t*>malloc(total * sizeof(uint64_t))
    cdef Py_ssize_t* ends = <Py_ssize_t*>malloc(runs * sizeof(Py_ssize_t))
    cdef uint64_t* swap
    if a == NULL or b == NULL or ends == NULL:
        free(a)
        free(b)
        free(ends)
        raise MemoryError()
    try:
        k = 0
        r = 0
        for one in sets:
            n = PyBytes_GET_SIZE(one) // 8
            if n:
                memcpy(a + k, PyBytes_AS_STRING(one), n * sizeof(uint64_t))
                k += n
                ends[r] = k
                r += 1
        while runs > 1:
            w = 0       # write position in b
            i = 0       # start of the next run in a
            for r in range(0, runs, 2):
                end_x = ends[r]
                if r + 1 == runs:       # an odd run out: copied as it is
                    memcpy(b + w, a + i, (end_x - i) * sizeof(uint64_t))
                    w += end_x - i
                    ends[r // 2] = w
                    break
                end_y = ends[r + 1]
                j = end_x
                k = w
                while i < end_x and j < end_y:
                    if a[i] < a[j]:
                        b[w] = a[i]
                        i += 1
                    elif a[j] < a[i]:
                        b[w] = a[j]
                        j += 1
                    else:
                        b[w] = a[i]
                        i += 1
                        j += 1
                    w += 1
                while i < end_x:
                    b[w] = a[i]
                    i += 1
                    w += 1
                while j < end_y:
                    b[w] = a[j]
                    j += 1
                    w += 1
                if w - k > most:
                    return None
                ends[r // 2] = w
                i = end_y
            runs = (runs + 1) // 2
            swap = a
            a = b
            b = swap
        return PyBytes_FromStringAndSize(<char*>a, ends[0] * sizeof(uint64_t))
    finally:
        free(a)
        free(b)
        free(ends)


cdef int _ascending(const void* a, const void* b) noexcept nogil:
    cdef uint64_t x = (<const uint64_t*>a)[0], y = (<const uint64_t*>b)[0]
    return (x > y) - (x < y)


cdef bytes hash_set(uint64_t* values, Py_ssize_t n):
    """The set of ``n`` hashes (sorted in place, repeats dropped), as ``hash_union`` reads
    it."""
    cdef Py_ssize_t i, k = 0
    qsort(values, n, sizeof(uint64_t), _ascending)
    for i in range(n):
        if k == 0 or values[i] != values[k - 1]:
            values[k] = values[i]
            k += 1
    return PyBytes_FromStringAndSize(<char*>values, k * sizeof(uint64_t))


PROVER_HASH_CAP = MAX_PROVER_HASHES       # for tests


def prover_hash_union(a, b):
    """For tests: ``hash_union`` of two collections of hashes (None: too many), each made
    a set by ``hash_set``; the union as a sorted list, or None."""
    return _as_list(hash_union(_as_set(a), _as_set(b)))


def hash_union_of(list collections, Py_ssize_t most):
    """For tests: ``hash_union_all`` of collections of hashes (None: too many), each made a
    set by ``hash_set``, with cap ``most``; the union as a sorted list, or None."""
    return _as_list(hash_union_all([_as_set(c) for c in collections], most))


cdef object _as_set(object values):
    if values is None:
        return None
    cdef uint64_t[::1] held = np.array(values, dtype=np.uint64).reshape(-1)
    return hash_set(&held[0], len(held)) if len(held) else NO_HASHES


cdef object _as_list(object hashes):
    if hashes is None:
        return None
    return np.frombuffer(hashes, dtype=np.uint64).tolist()


class ExtractionError(RuntimeError):
    """The table could not give back a whole proof tree (a budget or a superko corner)."""


class _NotOnThisLine(ExtractionError):
    """A result taken from another core does not hold on the line extraction met it on."""


class _ExtractionStopped(Exception):
    """Extraction read a cancel or a spent time budget (``DfpnCore.stop`` says which)."""


class ProofTooLarge(ExtractionError):
    """The proof has more nodes than the core may extract (``max_proof_nodes``): kept in
    memory as a tree a player browses, it would take gigabytes."""


MAX_REPAIR_ROUNDS = 100     # extractions per solve that find nodes to repair, before it gives up


cdef struct KeyFilter:
    # a bit per key (bits are never cleared); it grows with what it holds, so that a small
    # search does not pay for a large one's
    uint64_t* words
    size_t n_words              # a power of two
    size_t marked               # keys marked since it was last built


cdef inline bint key_filter_has(const KeyFilter* f, uint64_t k) noexcept nogil:
    return (f.words[(k >> 6) & (f.n_words - 1)] >> (k & 63)) & 1


cdef inline void key_filter_add(KeyFilter* f, uint64_t k) noexcept nogil:
    f.words[(k >> 6) & (f.n_words - 1)] |= (<uint64_t>1) << (k & 63)
    f.marked += 1


cdef class DfpnCore:
    """One df-pn search over one problem position; see the module docstring."""

    cdef Board b
    cdef GoalSpec g             # defender, goal, crucial points, region
    cdef Benson benson          # Benson's scratch for the leaf test, read by initial_numbers
    cdef Table table
    cdef Entry spare            # handed out when the table cannot grow (memory budget)
    cdef unordered_map[uint64_t, Entry] paths     # results that hold on one path only
    # a bit per key of ``paths`` (bits never cleared: a stale one only costs a find); most
    # lookups are of positions with no path entry, and the map's find (a modulo and a
    # bucket walk) was 7% of a long search (enclosed-dev gop/6083 W)
    cdef uint64_t path_filter[PATH_FILTER_WORDS]
    cdef bint shared_only       # extraction below a shared result: no path entries
    cdef bint listed_on_path    # extraction: a listing below depended on the path
    cdef ZoneStore zones        # zones of resolved entries; 0: the crucial points, 1: the board
    # from the last node_moves, by move index: the hash and ko point each move leads to
    # (pass: hash 0), so known children are found without playing them (``entries``)
    cdef uint64_t next_hash[MAX_MOVES]
    cdef int next_ko[MAX_MOVES]
    cdef uint64_t path_hash[1024]     # running hash of the path, by ply from the root
    cdef int16_t path_move[1024]      # the move that led to each ply
    # cover repairs (``reopen``), by path key: the nodes searched again on their own
    # path, and among them those searched without null-move covers
    cdef unordered_set[uint64_t] reopened
    cdef unordered_set[uint64_t] no_cover
    cdef readonly long repairs
    # the root's status ("win" / "loss") where its result was decided but not extracted (a
    # budget, a cancel or the proof size stopped the extraction): no tree to show for it
    cdef readonly str decided
    cdef int extraction_root
    cdef list lost_covers       # extraction: (line, without covers) of the nodes to repair
    cdef bint tainted           # extraction: a lost cover below; such subtrees are not kept
    # extraction's subtrees by position key (or path key), kept for the core's life: a
    # resolved entry never changes, so later extractions (another first move's, or the
    # same one's after a repair) reuse them where the stone-count rule allows; a repair
    # drops those of the nodes it opens
    cdef dict memo
    cdef long max_proof_nodes   # the memo's size at most (``ProofTooLarge``)
    # stones on the board by ply from the root (``play``), for extraction's stone counts
    cdef int black_at[1024]
    cdef int white_at[1024]
    # extraction: by side to move (index BLACK, WHITE), how many positions of the line
    # have each stone-count bit, and the bits; those of the positions before the
    # extraction root (``cut_line_repeats``)
    cdef int line_bits_side[3][OVERFLOW + 1]
    cdef list line_mask_side
    cdef list before_mask_side
    cdef int ply
    cdef readonly long nodes
    cdef readonly SearchControl control     # budgets, cancel flag, published progress
    cdef long steps             # calls of out_of_budget (df-pn iterations)
    cdef long last_new_step     # ``steps`` when ``lookup`` last made an entry (``mid``)
    cdef readonly long forced   # descents ``mid`` forced past a barren stretch
    cdef double next_offer      # clock time of the next GIL offer (engine_cy.gil)
    cdef double offer_every     # seconds between offers: a few switch intervals
    cdef readonly long extracted_steps   # calls of extract_entry (EXTRACT_CLOCK_EVERY)
    cdef long max_entries
    # a full table is collected (``collect``) unless ``collect`` was off; never while a
    # proof is extracted, which reads the entries it walks
    cdef bint collect_when_full
    cdef bint collecting
    cdef readonly long collections
    cdef readonly long collected        # open entries dropped, over all collections
    cdef uint64_t ply_key[1024]         # position key by ply of the nodes ``mid`` is in
    cdef int stop
    cdef readonly int max_ply
    # network focus (module docstring): off unless an evaluator is given
    cdef bint focusing
    cdef object evaluator
    cdef object problem
    cdef object query_type
    cdef tuple root_line        # the moves from the problem's position to the root
    cdef unordered_map[uint64_t, Focus] focus     # by position key
    cdef int focus_depth
    cdef long max_evals
    cdef double widening
    cdef double value_scale
    cdef double time_share
    cdef double started         # clock time the search began (``time_share``)
    cdef readonly double eval_seconds
    cdef readonly long evals
    cdef readonly object focus_error    # why the network was dropped, or None
    # subtrees reused where a stone count of this line met their moves' counts but none of
    # the positions those moves leave was on it (``extract_entry``); declared last: put
    # before ``ply_key`` it moved the fields ``mid`` reads and the search ran ~10% slower
    # (enclosed-dev gop/5194 W, five runs side by side with the old build, s63)
    cdef readonly long reused_off_line
    # cores of the same root under rule sets whose results of one winner hold here too
    # (``take_results_of``): their tables and zones, that winner, and the cores themselves
    cdef Table* implied_tables[MAX_IMPLIED]
    cdef ZoneStore* implied_zones[MAX_IMPLIED]
    cdef KeyFilter* implied_filters[MAX_IMPLIED]
    cdef uint8_t implied_winner[MAX_IMPLIED]
    cdef int n_implied
    cdef list implied_cores
    cdef bint lending           # ``extract_on_line`` runs: the board is on another's line
    cdef bint either_ko_rule    # loss zones hold under either ko rule (``dilate``)
    # a core that lends its results: a bit per key of a shared inner result (bits are
    # never cleared).  Most positions a search meets are not in the lender's table, and
    # looking each up there (a cache miss) cost a tenth of a classification (s69)
    cdef KeyFilter resolved_keys

    def __cinit__(self):
        memset(self.path_filter, 0, sizeof(self.path_filter))
        # small at first, doubling in place as it fills: a first move's search is often a
        # few hundred nodes, and zeroing 2^16 slots (1.5 MB) per core was a fifth of the
        # classification of a small problem (enclosed-dev cc1/891 B: 21 -> 16 ms, s66)
        if not table_init(&self.table, 1 << 10):
            raise MemoryError()

    def __dealloc__(self):
        with nogil:
            # millions of entries take a while to free (10-45 ms measured with the GIL
            # held): let the GUI thread run meanwhile
            table_free(&self.table)
            free(self.resolved_keys.words)
            self.paths.clear()
            zones_free(&self.zones)
            self.reopened.clear()
            self.no_cover.clear()
            self.focus.clear()

    def __init__(self, Board board not None, int defender, int goal, crucial, region,
                 SearchControl control not None, long max_entries=4_000_000, *,
                 bint collect=True, long max_proof_nodes=2_000_000, evaluator=None,
                 problem=None, tuple root_line=(), focus=None, bint either_ko_rule=False):
        """``board`` is searched in place (and restored); ``goal`` is a ``goal.pxd``
        code; ``crucial`` and ``region`` are iterables of locs (an empty region means
        the whole board).

        Network focus: ``evaluator`` (a ``search.evaluators.Evaluator``), the
        ``problem`` it is asked about, ``root_line`` (the moves from the
        problem's position to ``board``) and ``focus`` (a
        ``search.params.FocusParams``).

        ``max_entries``: the table's budget.  When it is full, the open entries with
        the least work below them are dropped (``collect``); with ``collect`` False,
        or when resolved entries fill it, the search stops (memory budget).
        ``max_proof_nodes``: extraction's budget over the core's life (the first moves
        of one core share theirs), beyond which it raises ``ProofTooLarge``.
        ``either_ko_rule``: its loss zones hold whichever side may take kos, so that a
        core of the other ko rule may take its results (``take_results_of``)."""
        self.focusing = evaluator is not None
        if self.focusing:
            if problem is None or focus is None:
                raise ValueError("network focus needs the problem and FocusParams")
            from tsumego_gui.search.evaluators import Query
            self.query_type = Query
            self.evaluator = evaluator
            self.problem = problem
            self.root_line = root_line
            self.focus_depth = focus.max_depth
            self.max_evals = focus.max_evals
            self.widening = focus.widening
            self.value_scale = focus.value_scale
            self.time_share = focus.time_share
        self.started = monotonic()
        self.eval_seconds = 0.0
        self.evals = 0
        self.focus_error = None
        self.b = board
        self.either_ko_rule = either_ko_rule
        if either_ko_rule:
            self.resolved_keys.words = <uint64_t*>calloc(KEY_FILTER_FIRST, sizeof(uint64_t))
            self.resolved_keys.n_words = KEY_FILTER_FIRST
            if self.resolved_keys.words == NULL:
                raise MemoryError()
        goal_init(&self.g, board, defender, goal, crucial, region)
        self.control = control
        self.offer_every = OFFER_SWITCHES * sys.getswitchinterval()
        self.max_entries = max_entries
        self.collect_when_full = collect
        self.collecting = collect
        self.collections = 0
        self.collected = 0
        self.nodes = 0
        self.steps = 0
        self.stop = NOT_STOPPED
        self.decided = ""
        self.ply = 0
        self.max_ply = 0
        self.path_hash[0] = mix(board.pos.hash)
        cdef uint32_t zone_index     # CRUCIAL_ZONE, BOARD_ZONE, ENDED_ZONE in turn
        if not (zones_add(&self.zones, &self.g.crucial, &zone_index)
                and zones_add(&self.zones, &self.g.full, &zone_index)
                and zones_add(&self.zones, &self.g.ended, &zone_index)):
            raise MemoryError()
        self.memo = {}
        self.max_proof_nodes = max_proof_nodes
        self.black_at[0], self.white_at[0] = board.stone_counts()

    @property
    def stop_reason(self):
        return STOP_NAMES[self.stop]

    def release_memo(self, long most):
        """Drop up to ``most`` of the subtrees extraction keeps (``extract``); returns how
        many are left.  Freed all at once with the core, a classification's memo of a few
        hundred thousand held the GIL for some 50 ms (``tsumego_gui.search.classify``
        lets go of it piece by piece)."""
        cdef long i
        for i in range(most):
            if not self.memo:
                break
            self.memo.popitem()
        return len(self.memo)

    @property
    def path_entries(self):
        """Results kept for one path only (superko decided them)."""
        return self.paths.size()

    @property
    def depth(self):
        return self.max_ply

    # ---- keys, budgets -----------------------------------------------------------------

    cdef inline uint64_t key(self) noexcept nogil:
        return position_key(self.b)

    cdef inline uint64_t path_key(self) noexcept nogil:
        """``key`` for a result that holds on the current path only."""
        return self.key() ^ self.path_hash[self.ply]

    cdef bint out_of_budget(self) noexcept nogil:
        self.steps += 1
        if self.stop != NOT_STOPPED:
            return True
        if (self.steps & 63) == 0:
            # df-pn can work long on known entries without new nodes: read the clock anyway
            self.control.next_clock = 0
            self.control.publish(self.nodes, self.max_ply,
                                 <long>(self.table.count + self.paths.size()))
        self.stop = self.control.budget_stop(self.nodes)
        if self.stop == NOT_STOPPED and not self.collecting and self.full():
            self.stop = MEMORY_BUDGET
        return self.stop != NOT_STOPPED

    # ---- positions ----------------------------------------------------------------------

    cdef void play(self, int move) noexcept nogil:
        cdef int mover = self.b.pos.to_play
        cdef int took = self.b.pos.captures[mover]
        cdef int16_t code = <int16_t>move
        if move == TENUKI:
            move = PASS_LOC
        self.b.play_c(move)
        if code == TENUKI:
            self.b.pos.passes = 0
        self.ply += 1
        took = self.b.pos.captures[mover] - took
        cdef int placed = 0 if move == PASS_LOC else 1
        if mover == BLACK:
            self.black_at[self.ply] = self.black_at[self.ply - 1] + placed
            self.white_at[self.ply] = self.white_at[self.ply - 1] - took
        else:
            self.white_at[self.ply] = self.white_at[self.ply - 1] + placed
            self.black_at[self.ply] = self.black_at[self.ply - 1] - took
        self.path_hash[self.ply] = mix(self.path_hash[self.ply - 1] ^ self.b.pos.hash)
        self.path_move[self.ply] = code
        if self.ply > self.max_ply:
            self.max_ply = self.ply

    cdef void undo(self) noexcept nogil:
        self.b.undo_c()
        self.ply -= 1

    cdef uint32_t add_zone(self, const Zone* z) noexcept nogil:
        """Store a zone; its index.  Out of memory, the search stops (memory budget) and
        the result gets the whole board: a larger zone only holds for fewer positions."""
        cdef uint32_t index
        if zones_add(&self.zones, z, &index):
            return index
        self.stop = MEMORY_BUDGET
        return BOARD_ZONE

    cdef inline bint full(self) noexcept nogil:
        return <long>(self.table.count + self.paths.size()) >= self.max_entries

    cdef inline void make_room(self) noexcept nogil:
        """Collect a full table, and grow it before an insert would fill it."""
        cdef bint grown = False
        if self.collecting and self.full():
            self.collect()
        if table_needs_room(&self.table):
            if <long>self.table.count < self.max_entries:     # else the budget is spent
                grown = table_grow(&self.table)
            if not grown:
                self.stop = MEMORY_BUDGET

    cdef void collect(self) noexcept nogil:
        """Make room in a full table (SmallTreeGC, as df-pn solvers do): drop the open
        entries with the least work below them, down to half the budget; df-pn makes
        them again if it comes back.  What stays: every resolved entry (extraction
        rebuilds proofs from them, and a proven node may have cost a search), the
        open entries of the current path (the searches in progress write their
        numbers back), and results kept per path.  Work is counted in bit-length
        classes, and a class goes whole.  Entries never searched below (most of the
        table: the children a node's expansion made) cost nothing to drop, as
        ``lookup`` makes them again as they were.  When what stays is still more than
        3/4 of the budget (resolved entries fill it), or what goes holds most of the
        work of the open entries (weighed by class; the search would go round redoing
        it: a 150,000-node proof in a 10,000-entry table), the search stops: memory
        budget."""
        cdef size_t i, cap = self.table.mask + 1
        cdef long counts[WORK_CLASSES]
        cdef long over, dropping = 0, searched = 0, lost = 0
        cdef bint gives_up
        cdef int p, cut = 0
        cdef uint32_t saved[1024]
        cdef Entry* e
        cdef Slot* s
        for p in range(self.ply + 1):
            e = table_find(&self.table, self.ply_key[p])
            saved[p] = e.zone if e != NULL else 0
            if e != NULL and not (e.flags & RESOLVED):
                e.zone = ON_PATH
        memset(counts, 0, sizeof(counts))
        for i in range(cap):
            s = &self.table.slots[i]
            if s.key != 0 and not (s.e.flags & RESOLVED):
                counts[work_class(s.e.zone)] += 1
        over = <long>(self.table.count + self.paths.size()) - self.max_entries // 2
        while cut < WORK_CLASSES - 1 and dropping < over:
            dropping += counts[cut]
            cut += 1
        # work by class, as if each entry had its class's least work (2^(class-1))
        for p in range(1, WORK_CLASSES - 1):
            searched += counts[p] << (p - 1)
            if p < cut:
                lost += counts[p] << (p - 1)
        # dropping most of what df-pn searched, it would search it again and again
        gives_up = 2 * lost > searched
        self.collected += <long>table_sweep(&self.table, open_below_class, &cut)
        p = self.ply
        while p >= 0:       # backwards: a position met twice gets its first value back
            e = table_find(&self.table, self.ply_key[p])
            if e != NULL and not (e.flags & RESOLVED) and e.zone == ON_PATH:
                e.zone = saved[p]
            p -= 1
        self.collections += 1
        if gives_up or 4 * <long>(self.table.count + self.paths.size()) > 3 * self.max_entries:
            self.stop = MEMORY_BUDGET

    cdef inline bint paths_may_hold(self, uint64_t k) noexcept nogil:
        """False when ``paths`` surely has no entry under ``k`` (path keys are mixed)."""
        return (self.path_filter[(k >> 6) & (PATH_FILTER_WORDS - 1)] >> (k & 63)) & 1

    cdef Entry* lookup(self) noexcept nogil:
        """The entry of the current position, evaluating leaves on first sight."""
        cdef uint64_t k = self.key()
        cdef uint64_t pk = k ^ self.path_hash[self.ply]
        cdef unordered_map[uint64_t, Entry].iterator it
        cdef Entry* e
        # a result that superko decided is kept under a key of its own path
        if not self.shared_only and self.paths_may_hold(pk):
            it = self.paths.find(pk)
            if it != self.paths.end():
                return &deref(it).second
        self.make_room()
        cdef bint fresh
        if table_needs_room(&self.table):      # could not grow: out of memory, stopping
            self.spare.p = 1
            self.spare.d = 1
            self.spare.kind = INNER
            self.spare.flags = 0
            return &self.spare
        e = table_get(&self.table, k, &fresh)
        if not fresh:
            return e
        self.nodes += 1
        self.last_new_step = self.steps
        e.flags = 0
        e.kind = INNER
        e.best = -1
        e.p = 1
        e.d = 1
        cdef Zone z
        cdef int kind = leaf_kind(&self.g, self.b, &self.benson, &z)
        if kind == PASSBACK:
            # searched as an inner node: its one move, the pass, wins (``mid``)
            kind = INNER
        if kind == INNER:
            if self.n_implied and self.implied_result(e, k):
                return e
            self.initial_numbers(e)
            return e
        e.kind = kind
        if kind == GOAL:
            e.zone = self.add_zone(&z)
        else:
            e.zone = CRUCIAL_ZONE if kind == CAPTURED else \
                ENDED_ZONE if kind == SURVIVES else BOARD_ZONE
        e.flags = RESOLVED
        if (leaf_winner(kind) == WIN) == (self.b.pos.to_play == self.g.defender):
            e.p, e.d = 0, INF
        else:
            e.p, e.d = INF, 0
        return e

    cdef bint implied_result(self, Entry* e, uint64_t k) noexcept nogil:
        """Resolve the new inner entry ``e`` (key ``k``) from another core's table where
        that core holds the position resolved with a winner whose results hold under this
        core's rules too (``take_results_of``): its numbers, move and zone.  Only a shared
        result (one that holds on every line) of an inner node is taken; extraction asks
        that core for the subtree (``extract_implied``)."""
        cdef int i
        cdef Entry* found
        cdef bint defender_to_move = self.b.pos.to_play == self.g.defender
        for i in range(self.n_implied):
            if not key_filter_has(self.implied_filters[i], k):
                continue
            found = table_find(self.implied_tables[i], k)
            if found == NULL or found.kind != INNER \
                    or (found.flags & (RESOLVED | LINE_BOUND)) != RESOLVED:
                continue
            if ((found.p == 0) == defender_to_move) != (self.implied_winner[i] == WIN):
                continue
            e.p = found.p
            e.d = found.d
            e.best = found.best
            e.zone = self.add_zone(zones_at(self.implied_zones[i], found.zone))
            e.flags = RESOLVED | IMPLIED | (i << IMPLIED_SHIFT)
            self.mark_resolved(k)
            return True
        return False

    cdef inline uint64_t child_key(self, int i) noexcept nogil:
        """``key`` of the position move ``i`` of the last ``node_moves`` leads to (no pass)."""
        return self.next_hash[i] ^ (<uint64_t>self.next_ko[i] * 0x9E3779B97F4A7C15ULL)

    cdef Entry* known_child(self, int i) noexcept nogil:
        """``lookup`` of that position if it has an entry, else NULL (nothing added)."""
        cdef uint64_t k = self.child_key(i)
        # the child's path hash, as ``play`` would make it
        cdef uint64_t pk = k ^ mix(self.path_hash[self.ply] ^ self.next_hash[i])
        cdef unordered_map[uint64_t, Entry].iterator it
        if self.paths_may_hold(pk):
            it = self.paths.find(pk)
            if it != self.paths.end():
                return &deref(it).second
        return table_find(&self.table, k)

    cdef void initial_numbers(self, Entry* e) noexcept nogil:
        """Proof and disproof numbers of a new inner node from the defender's eyes:
        the eye level of its goal chains that the leaf test's ``benson_goal`` just
        read (regions vital to a chain, and small regions that may still become
        eyes) picks them.  Under ``survive`` the attacker's number also grows with
        the liberties of the crucial chains (``CAPTURE_STEP``): there a kill ends
        only when they are captured, so each liberty is a move still to make."""
        cdef uint32_t pd = LEVEL_P[self.benson.eye_level], dd = LEVEL_D[self.benson.eye_level]
        cdef int i, loc, libs, most = 0
        if self.g.survive and self.benson.eye_level < MAX_EYE_LEVEL:
            for i in range(self.g.n_crucial):
                loc = self.g.crucial_list[i]
                if self.b.pos.color[loc] == self.g.defender:
                    libs = self.b.pos.libs[self.b.pos.head[loc]]
                    if libs > most:
                        most = libs
            if most > 1:
                dd += <uint32_t>((most - 1) // CAPTURE_STEP)
        if self.b.pos.to_play == self.g.defender:
            e.p, e.d = pd, dd
        else:
            e.p, e.d = dd, pd

    # ---- df-pn ---------------------------------------------------------------------------

    def take_results_of(self, DfpnCore other not None, bint defender_wins):
        """Resolve new positions from ``other``'s table where it holds them won by the
        defender (``defender_wins``) or by the attacker: ``other`` searches the same root
        under rule sets where such a result implies the same result here (a classification's
        rule sets, ``tsumego_gui.search.classify``).  The caller vouches for that order;
        the proofs are checked anyway.  The link holds ``other`` alive until
        ``forget_results_of``."""
        if other is self or self.n_implied == MAX_IMPLIED:
            raise ValueError("a core takes results from up to four other cores")
        if other.resolved_keys.words == NULL:
            raise ValueError("the other core does not lend its results (either_ko_rule)")
        if other.b.pos.hash != self.b.pos.hash or other.b.pos.to_play != self.b.pos.to_play \
                or other.ply != 0 or self.ply != 0:
            raise ValueError("the cores do not share a root")
        if self.implied_cores is None:
            self.implied_cores = []
        self.implied_tables[self.n_implied] = &other.table
        self.implied_zones[self.n_implied] = &other.zones
        self.implied_filters[self.n_implied] = &other.resolved_keys
        self.implied_winner[self.n_implied] = WIN if defender_wins else LOSS
        self.implied_cores.append(other)
        self.n_implied += 1

    @property
    def takes_results(self):
        """Whether the core takes results of other cores (``take_results_of``)."""
        return self.n_implied > 0

    def forget_results_of(self):
        """Drop the links of ``take_results_of`` (they would keep the cores alive in a
        cycle); results already taken stay, and their proofs can no longer be built."""
        self.n_implied = 0
        self.implied_cores = None

    def solve(self, SearchControl control=None, bint extract=True):
        """Run to a result or a budget; returns (status name, Result or None).  The search
        runs without the GIL; building the Result afterwards holds it.  ``control``
        replaces the core's (budgets start again; the table stays).  ``extract`` False
        gives the status alone (a later call finds the result in the table)."""
        if control is not None:
            self.control = control
            self.stop = NOT_STOPPED
        self.decided = ""
        # a barren stretch is this search's own: a first move's search on a shared core
        # (``search.classify``) does not inherit one from the searches before it
        self.last_new_step = self.steps
        # extraction makes millions of objects and no cycle: how the cycle collector is
        # kept off them is the caller's (``tsumego_gui.search.gc_pacing.bulk_allocation``)
        return self.search_rounds(extract)

    cdef tuple search_rounds(self, bint extract):
        """``solve``'s work: search, extract, and repair and extract again while
        extraction finds results that superko changes on its line."""
        cdef Entry* root
        cdef int repairs = 0
        while True:
            with nogil:
                root = self.lookup()
                if not (root.flags & RESOLVED):
                    self.mid(INF, INF)
                    root = self.lookup()
                self.control.publish(self.nodes, self.max_ply,
                                     <long>(self.table.count + self.paths.size()))
            if not (root.flags & RESOLVED):
                if self.stop == NOT_STOPPED:
                    # cannot happen (the root's thresholds are INF, which only a resolved
                    # node's numbers reach): kept so that a bug reads as a stop reason
                    self.stop = STALLED
                return "unknown", None
            defender_wins = (root.p == 0) == (self.b.pos.to_play == self.g.defender)
            status = "win" if defender_wins else "loss"
            self.control.publish_line(WIN if defender_wins else LOSS, NULL, 0)
            if not extract:
                return status, None
            self.extraction_root = self.ply
            memset(self.line_bits_side, 0, sizeof(self.line_bits_side))
            self.line_mask_side = [0, 0, 0]
            self.before_mask_side = [0, 0, 0]
            for i in range(self.extraction_root):
                # the sides alternate, passes too
                side = self.b.pos.to_play if (self.extraction_root - i) % 2 == 0 else \
                    BLACK + WHITE - self.b.pos.to_play
                self.before_mask_side[side] |= PY_ONE << self.count_bit(self.black_at[i],
                                                                        self.white_at[i])
            self.listed_on_path = False
            self.tainted = False
            self.lost_covers = []
            self.collecting = False
            self.decided = status       # until the tree is built
            try:
                result = self.extract(self.memo)[0]
                self.control.publish_proof(len(self.memo))
            except (_ExtractionStopped, ExtractionError) as stopped:
                # raised deep in the tree: take the board back to the root
                while self.ply > self.extraction_root:
                    self.undo()
                if isinstance(stopped, _ExtractionStopped):
                    return "unknown", None
                raise
            finally:
                self.collecting = self.collect_when_full
            if not self.lost_covers:
                self.decided = ""
                return status, result
            self.decided = ""       # the repair reopens the root: decided again, or not
            repairs += 1
            if repairs > MAX_REPAIR_ROUNDS:
                raise ExtractionError("too many results that superko changes on this line")
            for line, without_covers in self.lost_covers:
                self.reopen(line, without_covers)

    cdef void reopen(self, tuple line, bint without_covers):
        """Search again, on this path only, the node ``line`` (moves) below the current
        position leads to, and every node from here down to it: each gets an open entry
        of its own path, which the search resolves as line-bound (``resolve``), so that
        extraction follows them.  ``without_covers``: the node's null moves cover
        nothing (one lost its cover on this line); else superko forbids its proven move
        here."""
        cdef int start = self.ply, i
        cdef Entry* e
        cdef Entry* own
        for i in range(len(line) + 1):
            if i > 0:
                self.play(line[i - 1])
            e = self.lookup()
            own = self.own_entry(e)
            own.p = 1
            own.d = 1
            own.kind = INNER
            own.flags = 0
            own.best = -1
            self.reopened.insert(self.path_key())
            self.memo.pop(self.path_key(), None)
        if without_covers:
            self.no_cover.insert(self.path_key())
        self.repairs += 1
        while self.ply > start:
            self.undo()

    def solve_move(self, int move, SearchControl control not None, bint extract=True,
                   bint tenuki=False):
        """Like ``solve``, for the position after the root's ``move`` (a legal region
        move or the pass), under ``control``; the table stays, so the first moves of one
        root share their work.  ``tenuki``: the pass is played elsewhere on the board, so
        it does not count toward the two passes that end the game (the position after it
        is the one a problem with the other side to move and no previous pass has).
        Returns (status name, Result or None) for that position."""
        if tenuki and move != PASS_LOC:
            raise ValueError("only a pass can be a tenuki")
        if move != PASS_LOC and self.b.illegal_reason_c(move) != 0:
            raise ValueError(f"move {move} is not legal at the root")
        self.play(TENUKI if tenuki else move)
        try:
            return self.solve(control, extract)
        finally:
            self.undo()

    cdef void mid(self, uint32_t th_p, uint32_t th_d) noexcept nogil:
        """Work below the current position until p >= th_p or d >= th_d; an entry left
        open adds the df-pn steps taken meanwhile to its work (``collect``)."""
        self.ply_key[self.ply] = self.key()
        cdef long steps_before = self.steps
        cdef int16_t moves[MAX_MOVES]
        cdef bint line_bound = False
        cdef int n = node_moves(&self.g, self.b, moves, self.next_hash, self.next_ko,
                                &line_bound)
        cdef Entry* e
        if attacker_passes_back(&self.g, self.b):
            # the attacker passes (its first move) and the game is over
            e = self.lookup()
            e.p = 0
            e.d = INF
            self.resolve(e, moves, n, NULL, 0, line_bound)
            return
        if self.ply >= 1000:
            self.stop = NODE_BUDGET
            return
        # the children's entries, looked up once (see ``entries``)
        # per child: its entry, numbers, cover, and (focus) whether it is in the window
        # and whether the network was asked about it
        cdef Entry** child = <Entry**>malloc(n * (sizeof(Entry*) + 2 * sizeof(uint32_t)
                                                 + sizeof(int16_t) + 2 * sizeof(uint8_t)))
        if child == NULL:
            self.stop = MEMORY_BUDGET
            return
        cdef uint32_t* cp = <uint32_t*>(child + n)
        cdef uint32_t* cd = cp + n
        cdef int16_t* cut_by = <int16_t*>(cd + n)
        cdef uint8_t* in_window = <uint8_t*>(cut_by + n)
        cdef uint8_t* asked = in_window + n
        cdef int i, best
        cdef uint32_t p, d, d2, child_th_p, child_th_d
        cdef uint64_t sum_p, work
        cdef bint resolved = False
        # the defender's pass that ends the game (the last move) is a fallback, taken when
        # every region move fails: the numbers are those of the region moves
        cdef bint fallback = survive_by_passing(&self.g, self.b)
        cdef int n_open = n - 1 if fallback else n
        cdef Focus* f = NULL
        if self.focusing and self.ply < self.focus_depth:
            f = self.focus_here(moves, n)
            if f != NULL:
                self.order_by_policy(f, moves, n)
        memset(asked, 0, n)
        e = self.entries(moves, n, child, True)
        if line_bound:
            e = self.own_entry(e)
        cdef uint32_t generation = self.table.generation
        cdef bint first = True, force
        while True:
            if self.out_of_budget():
                break
            self.children(moves, n, child, cp, cd, cut_by, NULL)
            if f != NULL:
                self.window(moves, n_open, cp, cd, cut_by, in_window)
                if self.evaluate_window(moves, n_open, child, in_window, asked) > 0:
                    continue        # new children's numbers: read them again
            p = INF
            sum_p = 0
            best = -1
            d2 = INF
            for i in range(n_open):
                if cut_by[i] >= 0 or (f != NULL and not in_window[i]):
                    continue
                sum_p += cp[i]
                if cd[i] < p:
                    d2 = p
                    p = cd[i]
                    best = i
                elif cd[i] < d2:
                    d2 = cd[i]
            # a saturated sum stays open: were it INF, the node would read as lost for
            # its mover, and its parent (p = min d) as won with nothing proven
            d = <uint32_t>(sum_p if sum_p < LARGE else LARGE)
            if fallback and d == 0:
                p, d, best = 0, INF, n - 1
            elif fallback:
                # the pass wins here whatever the region moves do: the node cannot be
                # disproved, so no parent looks for a win of its own through it; it is
                # searched (for a region move's smaller zone) only when the parent's
                # other moves fail too
                d = LARGE
            # a resolved node's other number is INF, never a saturated LARGE: a parent
            # reads LARGE as open, keeps descending into the resolved child, and the
            # search goes round without a new node (enclosed-dev gop/20048 B)
            if p == 0:
                d = INF
            elif d == 0:
                p = INF
            e.p = p
            e.d = d
            if p == 0 or d == 0:
                self.resolve(e, moves, n, cut_by, best, line_bound)
                resolved = True     # (and ``e`` may have moved)
                break
            force = False
            if p >= th_p or d >= th_d:
                # a stretch of BARREN_STEPS without a new entry: the numbers go round a
                # cycle of shared entries (a ko and a pass) that superko cuts on every
                # line, rising a little each time, and nothing is ever resolved (s57: the
                # carpenter's square after B1 and a tenuki spun until the clock ran out at
                # 17,577 nodes).  Descend once anyway, the best child given its own
                # numbers + 1: the line is followed to a new node or to superko, whose
                # own entries break the cycle
                if not (first and self.steps - self.last_new_step > BARREN_STEPS):
                    break
                force = True
                self.forced += 1
            first = False
            if force:
                child_th_p = cp[best] + 1
                child_th_d = cd[best] + 1
            else:
                # thresholds for the most promising child (negamax: its p is our d)
                child_th_p = th_d - d + cp[best]
                if child_th_p > INF:
                    child_th_p = INF
                child_th_d = d2 + d2 // 8 + 1
                if th_p < child_th_d:
                    child_th_d = th_p
            self.play(moves[best])
            self.mid(child_th_p, child_th_d)
            child[best] = self.lookup()
            self.undo()
            if self.table.generation != generation:     # the table grew or was collected
                e = self.entries(moves, n, child, False)
                if line_bound:
                    e = self.own_entry(e)
                generation = self.table.generation
            if self.stop != NOT_STOPPED:
                break
        free(child)
        if not resolved and not (e.flags & RESOLVED) and e != &self.spare:
            # at least 1: an entry that never was searched below holds the numbers
            # ``lookup`` gives it, and only those are dropped for nothing
            work = <uint64_t>e.zone + <uint64_t>(self.steps - steps_before) + 1
            e.zone = <uint32_t>(work if work < ON_PATH else ON_PATH - 1)

    # ---- network focus -------------------------------------------------------------------

    cdef Focus* focus_here(self, int16_t* moves, int n) noexcept nogil:
        """What the network said of the current position, asking it now if it has not
        been asked and the budget allows; NULL if nothing is known."""
        cdef unordered_map[uint64_t, Focus].iterator it = self.focus.find(self.key())
        cdef int here = -1
        if it == self.focus.end():
            if self.evaluate(moves, &here, 1, NULL) == 0:
                return NULL
            it = self.focus.find(self.key())
            if it == self.focus.end():
                return NULL
        return &deref(it).second

    cdef void order_by_policy(self, const Focus* f, int16_t* moves, int n) noexcept nogil:
        """Sort the region moves (the pass keeps its place, first or last) by the policy,
        best first, stably, with the ``next_hash`` / ``next_ko`` of each move."""
        cdef int start = 1 if moves[0] == PASS_LOC else 0
        cdef int end = n - 1 if n > 0 and moves[n - 1] == PASS_LOC else n
        cdef int i, j, m, ko
        cdef uint64_t h
        cdef float pr
        for i in range(start + 1, end):
            m = moves[i]
            h = self.next_hash[i]
            ko = self.next_ko[i]
            pr = f.prior[m]
            j = i - 1
            while j >= start and f.prior[moves[j]] < pr:
                moves[j + 1] = moves[j]
                self.next_hash[j + 1] = self.next_hash[j]
                self.next_ko[j + 1] = self.next_ko[j]
                j -= 1
            moves[j + 1] = <int16_t>m
            self.next_hash[j + 1] = h
            self.next_ko[j + 1] = ko

    cdef void window(self, int16_t* moves, int n, uint32_t* cp, uint32_t* cd,
                     int16_t* cut_by, uint8_t* in_window) noexcept nogil:
        """Which children count at an evaluated node: every resolved one (what is known
        is used), the attacker's pass, and the first ``1 + ceil(widening * live)`` of
        the ``live`` unresolved region moves in policy order.  While a move is
        unresolved one of them is in, so the node is never disproved early."""
        cdef int i, live = 0, taken = 0, width
        cdef bint attacker = self.b.pos.to_play != self.g.defender
        for i in range(n):
            if cut_by[i] < 0 and cp[i] != 0 and cd[i] != 0 and \
                    not (attacker and moves[i] == PASS_LOC):
                live += 1
        width = 1 + <int>ceil(self.widening * live)
        for i in range(n):
            if cut_by[i] >= 0:
                in_window[i] = 0
            elif cp[i] == 0 or cd[i] == 0 or (attacker and moves[i] == PASS_LOC):
                in_window[i] = 1
            else:
                in_window[i] = taken < width
                taken += 1

    cdef int evaluate_window(self, int16_t* moves, int n, Entry** child,
                             uint8_t* in_window, uint8_t* asked) noexcept nogil:
        """Evaluate, as one batch, the window's unresolved children not asked about yet
        (within ``focus_depth``); how many were evaluated."""
        cdef int i, count = 0
        cdef int idx[MAX_MOVES]
        if self.ply + 1 >= self.focus_depth or not self.focusing:
            return 0
        for i in range(n):
            if in_window[i] and not asked[i] and child[i].kind == INNER and \
                    not (child[i].flags & RESOLVED) and child[i] != &self.spare:
                asked[i] = 1
                idx[count] = i
                count += 1
        if count == 0:
            return 0
        return self.evaluate(moves, idx, count, child)

    cdef int evaluate(self, int16_t* moves, int* idx, int count, Entry** child) noexcept nogil:
        """Ask the evaluator, in one batch, about the positions after ``moves[idx[j]]``
        (``idx[j]`` -1: the current position) that it has not been asked about, within
        the budget; store the policies (``focus``) and set each new child's numbers
        from its value.  How many it was asked about.  An evaluator that fails turns
        the focus off (``focus_error``): the search goes on without it."""
        cdef int i, j, m, n_legal
        cdef int16_t legal[MAX_MOVES]
        cdef bint line_bound
        cdef uint64_t k
        cdef Focus* f
        cdef Entry* c
        cdef double w, clock = monotonic()
        if not self.focusing or (self.max_evals > 0 and self.evals >= self.max_evals) or \
                (self.evals > 0 and self.eval_seconds > self.time_share * (clock - self.started)):
            return 0
        if self.evals > 0 and self.control.deadline > 0 and \
                clock + self.eval_seconds / self.evals > self.control.deadline:
            # a batch as long as the others would end past the time budget, and cannot be
            # cut short (a network's batch on a CPU: seconds): the search goes on without
            # it (QA s47: --time 2 with a KataGo network searched for 3.4 s)
            return 0
        with gil:
            queries = []
            asked = []
            try:
                for j in range(count):
                    if self.max_evals > 0 and self.evals + len(queries) >= self.max_evals:
                        break
                    if idx[j] >= 0:
                        self.play(moves[idx[j]])
                    try:
                        k = self.key()
                        if self.focus.count(k) == 0:
                            line_bound = False
                            n_legal = node_moves(&self.g, self.b, legal, NULL, NULL,
                                                 &line_bound)
                            line = self.root_line + tuple(
                                [PASS_LOC if self.path_move[m] == TENUKI else self.path_move[m]
                                 for m in range(1, self.ply + 1)])
                            queries.append(self.query_type(
                                board=self.b.copy(), problem=self.problem,
                                legal=tuple([legal[m] for m in range(n_legal)]), moves=line))
                            asked.append((idx[j], k))
                    finally:
                        if idx[j] >= 0:
                            self.undo()
                if not queries:
                    return 0
                answers = list(self.evaluator.evaluate(queries))
                if len(answers) != len(queries):
                    raise ValueError(f"{len(answers)} answers for {len(queries)} positions")
                for (i, k), q, ev in zip(asked, queries, answers):
                    priors = np.asarray(ev.priors, dtype=np.float32).reshape(-1)
                    w = float(ev.value)
                    if priors.shape[0] != len(q.legal) or not np.all(np.isfinite(priors)) \
                            or not 0.0 <= w <= 1.0:
                        raise ValueError("priors not aligned with the moves or not finite, "
                                         "or a value outside [0, 1]")
                    f = &self.focus[k]
                    memset(f.prior, 0, sizeof(f.prior))
                    for m in range(len(q.legal)):
                        f.prior[<int>q.legal[m]] = priors[m]
                    if i >= 0:
                        c = child[i]
                        if not (c.flags & RESOLVED):
                            # the value is the defender's; the numbers are the child's mover's
                            self.value_numbers(c, w if q.board.to_play == self.g.defender
                                               else 1.0 - w)
                self.evals += len(queries)
                self.eval_seconds += monotonic() - clock
                return len(queries)
            except Exception as exc:     # noqa: BLE001 - any evaluator failure
                self.focus_error = f"{getattr(self.evaluator, 'name', 'evaluator')}: " \
                    f"{type(exc).__name__}: {exc}"
                self.focusing = False
                return 0

    cdef inline void value_numbers(self, Entry* c, double w) noexcept nogil:
        """A new child's proof and disproof numbers from ``w``, its mover's chance to win."""
        c.p = 1 + <uint32_t>(self.value_scale * (1.0 - w) + 0.5)
        c.d = 1 + <uint32_t>(self.value_scale * w + 0.5)

    cdef Entry* own_entry(self, const Entry* shared) noexcept nogil:
        """This path's entry of a node where superko forbids a move, made from the shared
        one on first sight.  Its moves, so its numbers, hold on this path only: shared,
        two histories would overwrite each other's numbers, and df-pn could cycle
        through known entries forever without a new node (cc2/333 B)."""
        cdef uint64_t k = self.path_key()
        cdef unordered_map[uint64_t, Entry].iterator it = self.paths.find(k)
        if it != self.paths.end():
            return &deref(it).second
        cdef Entry* e = &self.paths[k]
        e[0] = shared[0]
        self.path_filter[(k >> 6) & (PATH_FILTER_WORDS - 1)] |= (<uint64_t>1) << (k & 63)
        return e

    cdef Entry* entries(self, int16_t* moves, int n, Entry** child,
                        bint foreseen) noexcept nogil:
        """The children's entries into ``child``; the current position's entry.

        ``foreseen``: ``next_hash`` and ``next_ko`` hold these moves' positions
        (``node_moves`` just ran), so a child already in the table is found
        without playing its move; only new children are played (to evaluate).

        Pointers stay good until the table grows or is collected; only the child
        searched below can change which entry its position uses (its own path), so
        the caller refreshes that one after each search and all of them after a
        growth or a collection."""
        cdef int i
        cdef uint32_t generation
        cdef Entry* e
        if foreseen:
            for i in range(n):
                if self.next_hash[i] != 0:
                    table_prefetch(&self.table, self.child_key(i))
        while True:
            generation = self.table.generation
            for i in range(n):
                if foreseen and self.next_hash[i] != 0:
                    child[i] = self.known_child(i)
                    if child[i] != NULL:
                        continue
                self.play(moves[i])
                child[i] = self.lookup()
                self.undo()
            e = self.lookup()       # this node's shared entry until it is resolved
            if self.table.generation == generation:
                return e

    cdef void children(self, int16_t* moves, int n, Entry** child, uint32_t* cp, uint32_t* cd,
                       int16_t* cut_by, const Zone* within,
                       uint32_t* null_zone=NULL) noexcept nogil:
        """The children's numbers, and ``cut_by``: for a move covered by a null move, the
        index of that null move (``node_rules.cover_moves``), else -1.

        ``child``: the children's entries if the caller has them, else NULL.
        ``null_zone`` (or NULL): by child, the zone index of a null move, else UINT32_MAX.

        A null move is a child that failed for the mover (``cp == 0``) and is a null
        move by ``node_rules.is_null_move``; null moves themselves are never cut.

        ``within`` (proof extraction): only children whose zone lies inside this
        node's stored zone count as null moves.  Children resolved after this
        node was (through transpositions) must not change which moves the proof
        lists, or a listed child's zone could leave the node's zone (ZZ-1).
        """
        cdef int i
        cdef Entry* c
        cdef const Zone* z
        cdef uint8_t is_null[MAX_MOVES]
        cdef uint32_t zone_of[MAX_MOVES]
        for i in range(n):
            if child != NULL:
                c = child[i]
            else:
                self.play(moves[i])
                c = self.lookup()
                self.undo()
            cp[i] = c.p
            cd[i] = c.d
            cut_by[i] = -1
            is_null[i] = (c.flags & RESOLVED) != 0 and c.p == 0
            if is_null[i]:
                zone_of[i] = c.zone
                z = zones_at(&self.zones, c.zone)
                is_null[i] = (within == NULL or zone_subset(z, within)) \
                    and is_null_move(self.b, moves[i], z,
                                     (c.flags & LINE_BOUND) != 0,
                                     c.kind != INNER or c.best == PASS_LOC)
        if null_zone != NULL:
            for i in range(n):
                null_zone[i] = zone_of[i] if is_null[i] else UINT32_MAX
        if not self.no_cover.empty() and not self.shared_only and \
                self.no_cover.count(self.path_key()):
            return      # a repaired node: searched without covers (``reopen``)
        for i in range(n):
            if is_null[i]:
                cover_moves(self.b, moves, n, i, zones_at(&self.zones, zone_of[i]), is_null,
                            cut_by)

    cdef void resolve(self, Entry* e, int16_t* moves, int n, int16_t* cut_by, int best,
                      bint line_bound) noexcept nogil:
        """Store the zone of a node just resolved (win with ``best``, or loss)."""
        cdef Zone z
        cdef Entry* c
        cdef Entry* own
        cdef int i
        cdef uint32_t p = e.p, d = e.d
        zone_clear(&z)
        if p == 0:
            self.play(moves[best])
            c = self.lookup()
            z = zones_at(&self.zones, c.zone)[0]
            line_bound |= (c.flags & LINE_BOUND) != 0
            self.undo()
            line_bound |= win_zone(self.b, &z, moves[best])
        else:
            for i in range(n):
                if cut_by[i] >= 0:
                    continue
                self.play(moves[i])
                c = self.lookup()
                zone_union(&z, zones_at(&self.zones, c.zone))
                line_bound |= (c.flags & LINE_BOUND) != 0
                self.undo()
            line_bound |= loss_zone(self.b, &z, self.either_ko_rule)
        if not self.reopened.empty() and self.reopened.count(self.path_key()):
            line_bound = True       # searched again for this path (``reopen``)
        e = self.lookup()     # the map may have moved entries while children were added
        if line_bound:
            own = self.own_entry(e)
            if own != e:
                # keep the shared entry open for other paths; this path gets its own
                e.p = 1
                e.d = 1
            e = own
        e.p = p
        e.d = d
        e.zone = self.add_zone(&z)
        e.best = moves[best] if p == 0 else -1
        e.flags = RESOLVED | (LINE_BOUND if line_bound else 0)
        if not line_bound:
            self.mark_resolved(self.key())

    cdef void mark_resolved(self, uint64_t k) noexcept nogil:
        """Mark a shared result's key in ``resolved_keys`` (a core that lends); past a
        bit in eight, the filter grows four times and is built again from the table (or
        stays, out of memory or at its most: it only lets more lookups through)."""
        cdef KeyFilter* f = &self.resolved_keys
        cdef size_t i, n
        cdef Slot* slot
        if f.words == NULL:
            return
        key_filter_add(f, k)
        if f.marked * 8 <= f.n_words * 64 or f.n_words >= KEY_FILTER_MOST:
            return
        n = f.n_words * 4
        cdef uint64_t* words = <uint64_t*>calloc(n, sizeof(uint64_t))
        if words == NULL:
            return
        free(f.words)
        f.words = words
        f.n_words = n
        f.marked = 0
        for i in range(self.table.mask + 1):
            slot = &self.table.slots[i]
            if slot.key != 0 and slot.e.kind == INNER \
                    and (slot.e.flags & (RESOLVED | LINE_BOUND)) == RESOLVED:
                key_filter_add(f, slot.key)

    # ---- proof extraction ------------------------------------------------------------

    cdef inline int count_bit(self, int black, int white) noexcept nogil:
        """The bit of a (black, white) stone count, relative to the root's.

        Counts near the root's get low bits: each offset zigzagged (0, -1, 1, -2, ...
        to 0, 1, 2, 3, ...), the pair in Rosenberg-Strong order (``m = max``: bits
        ``m^2 .. m^2 + 2m``).  A proof's counts stay near its root's, so its masks
        are short Python ints, and their ``&`` and ``|`` were most of extraction's
        time while the root's count sat at bit 8,256 (enclosed-dev gop/17663 B)."""
        cdef int i = black - self.black_at[0], j = white - self.white_at[0]
        if i < -COUNT_HALF or i >= COUNT_HALF or j < -COUNT_HALF or j >= COUNT_HALF:
            return OVERFLOW
        i = 2 * i if i >= 0 else -2 * i - 1
        j = 2 * j if j >= 0 else -2 * j - 1
        cdef int m = i if i > j else j
        return m * m + m + i - j

    cdef tuple moves_left(self, const Zone* zone, int best):
        """What the side to move may leave here: (the bits of the stone counts a region
        move may leave, legal or not, a superset of those of the legal moves, as an int;
        the hashes of the positions the moves that decide the node leave, as a
        ``hash_set``, or None where superko forbids one of them here).  ``zone`` (a loss
        of the mover): a stone on an empty point of it counts too, since superko
        forbidding such a point, off the region as well, ties the loss to its line
        (``extract_entry``); the hashes are of every region and zone move the rules allow
        on every line (a move they forbid, occupied, suicide, a retake the ko forbids or
        a ko capture the mover may not make, is forbidden on every line alike).  No zone
        (a win): the hash of the winning move ``best`` alone, the one move the proof
        plays there (none for a pass, which superko never forbids)."""
        cdef int i, j, loc, taken, bit, why, ko_after, n_bits = 0, n = 0, next_zone = -1
        cdef int me = self.b.pos.to_play
        cdef int bits[8]
        # a zone's points may be region points too: room for both lists
        cdef uint64_t values[2 * MAX_ARR]
        cdef uint64_t h
        cdef bint dup, superko = False
        cdef int black = self.black_at[self.ply], white = self.white_at[self.ply]
        counts = 0
        if zone != NULL:
            next_zone = zone_next(zone, 0)
        i = 0
        while True:
            if i < self.g.n_region:
                loc = self.g.region[i]
                i += 1
            elif next_zone >= 0:
                loc = next_zone
                next_zone = zone_next(zone, loc + 1)
            else:
                break
            if self.b.pos.color[loc] != EMPTY:
                continue
            taken = self.b.stones_taken_by(loc)
            bit = self.count_bit(black + 1, white - taken) if me == BLACK else \
                self.count_bit(black - taken, white + 1)
            # most moves capture nothing: a few distinct bits, each set once
            dup = False
            for j in range(n_bits):
                dup = dup or bits[j] == bit
            if not dup:
                counts |= PY_ONE << bit
                if n_bits < 8:
                    bits[n_bits] = bit
                    n_bits += 1
            if zone == NULL and loc != best:
                continue
            why = self.b.check_move_c(loc, &h, &ko_after)
            if why == SUPERKO:
                superko = True
            elif why == LEGAL:
                values[n] = h
                n += 1
        if superko:
            return counts, None
        if n == 0:
            return counts, NO_HASHES
        left = hash_set(values, n)
        return counts, (None if PyBytes_GET_SIZE(left) // 8 > MAX_MOVE_HASHES else left)

    cdef bint none_on_path(self, object hashes):
        """Whether no position of ``hashes`` (``moves_left``; None: unknown) is on the
        board's path, the history before the root included: superko then forbids none of
        those moves here."""
        if hashes is None:
            return False
        cdef const uint64_t* h = <const uint64_t*>PyBytes_AS_STRING(hashes)
        cdef Py_ssize_t i
        for i in range(PyBytes_GET_SIZE(hashes) // 8):
            if self.b.path_contains(h[i]):
                return False
        return True

    cdef void repair_here(self, bint without_covers):
        """Have ``solve`` search the current node again on its own path after this
        extraction (``reopen``); nothing above it is kept in the memo meanwhile."""
        cdef int j
        self.lost_covers.append((tuple([self.path_move[j] for j in range(
            self.extraction_root + 1, self.ply + 1)]), without_covers))
        self.tainted = True

    cdef uint64_t hash_after(self, int move):
        """The hash of the position a legal ``move`` of the side to move leads to."""
        cdef uint64_t h
        cdef int ko
        if move == PASS_LOC:
            return self.b.pos.hash ^ PASS_HASH
        self.b.check_move_c(move, &h, &ko)
        return h

    cdef tuple holding_cover(self, int16_t* moves, int n, int cut, int cover,
                             const uint32_t* null_zone, const uint8_t* listed_on_path,
                             list hashes_of, list counts_of):
        """A null move whose subtree answers move ``cut`` on every line here, as (its
        index, the hashes of the prover's positions on the cut line: ``cut_line``):
        ``cover``, the one the search recorded, else another null move that covers the
        cut (the first covering null move is often a capture); (-1, None) if none does.
        The moves the node lists stay the same, so its zone does too.

        Superko may change a cover's subtree in two ways.  On this line: a listing below
        changed (``listed_on_path``).  On the cut line, which extraction does not follow
        (``cut_line_repeats``), where neither move captures."""
        cdef int j, k
        if self.captures_any(moves[cut]):
            return -1, None
        for k in range(n + 1):
            j = cover if k == 0 else k - 1
            if k > 0 and (j == cover or null_zone[j] == UINT32_MAX
                          or not covered_by(self.b, moves[cut],
                                            zones_at(&self.zones, null_zone[j]))):
                continue
            if listed_on_path[j] or self.captures_any(moves[j]):
                continue
            line = self.cut_line(moves[cut], moves[j], hashes_of[j])
            if not self.cut_line_repeats(moves[j], line, counts_of[j]):
                return j, line
        return -1, None

    cdef bytes cut_line(self, int cut, int cover, bytes hashes):
        """The hashes of the prover's positions on the line of ``cut``, from ``hashes``,
        those below null move ``cover`` (None: too many).  That line's positions are the
        subtree's with the cover's stone moved to the cut point; and where the loser plays
        on the cover's point (empty there, so the move is one the subtree does not list:
        the verifier answers it as the pass), those of the pass's line with the cut's
        stone added."""
        if hashes is None:
            return None
        cdef uint64_t after_cut = self.hash_after(cut)
        cdef uint64_t as_passed = after_cut ^ self.hash_after(PASS_LOC)
        cdef uint64_t moved = after_cut ^ self.hash_after(cover)
        cdef Py_ssize_t i, n = PyBytes_GET_SIZE(hashes) // 8
        cdef const uint64_t* h = <const uint64_t*>PyBytes_AS_STRING(hashes)
        cdef uint64_t* line = <uint64_t*>malloc((2 * n + 1) * sizeof(uint64_t))
        if line == NULL:
            raise MemoryError()
        try:
            for i in range(n):
                line[2 * i] = h[i] ^ as_passed
                line[2 * i + 1] = h[i] ^ moved
            return hash_set(line, 2 * n)
        finally:
            free(line)

    cdef bint cut_line_repeats(self, int cover, bytes line_hashes, object prover_counts):
        """Whether a position a prover's move leads to on a cut line may repeat one of
        this line's past.  Only those matter there: a repetition that forbids a loser's
        move is one answer fewer to find (the verifier's cut-line replays, too, fault
        only the prover's moves).  By hash (``line_hashes``, ``cut_line``) against the
        board's path, the problem's history included; where the subtree had too many,
        by stone counts (``prover_counts``, the subtree's, one more stone of the mover
        for the pass's line) against this line's positions with the mover to move.  The
        verifier's cut-line replays found such a repetition (enclosed-dev gop/13737 W,
        first move D1)."""
        cdef Py_ssize_t i
        cdef const uint64_t* h
        if line_hashes is not None:
            h = <const uint64_t*>PyBytes_AS_STRING(line_hashes)
            for i in range(PyBytes_GET_SIZE(line_hashes) // 8):
                if self.b.path_contains(h[i]):
                    return True
            return False
        cdef int me = self.b.pos.to_play
        past = self.line_mask_side[me] | self.before_mask_side[me]
        return (self.shift_counts(prover_counts, me) & past) != 0 or \
            (cover != PASS_LOC and (prover_counts & past) != 0)

    cdef object shift_counts(self, object mask, int color):
        """``mask`` (``count_bit`` bits) with one more stone of ``color`` in every count."""
        out = 0
        cdef int k, m, r, i, j, black, white
        while mask:
            low = mask & -mask
            mask ^= low
            k = low.bit_length() - 1
            if k == OVERFLOW:
                # a count far from the root's, which one stone may bring back: any
                return (PY_ONE << (OVERFLOW + 1)) - 1
            # undo count_bit: Rosenberg-Strong, then the zigzags
            m = <int>sqrt(<double>k)
            while m * m > k:
                m -= 1
            while (m + 1) * (m + 1) <= k:
                m += 1
            r = k - m * m
            if r >= m:
                i, j = m, 2 * m - r
            else:
                i, j = r, m
            black = self.black_at[0] + (i // 2 if i % 2 == 0 else -(i + 1) // 2)
            white = self.white_at[0] + (j // 2 if j % 2 == 0 else -(j + 1) // 2)
            if color == BLACK:
                black += 1
            else:
                white += 1
            out |= PY_ONE << self.count_bit(black, white)
        return out

    def hashes_left(self, int best=PASS_LOC, bint whole_board=False):
        """For tests: ``moves_left``'s hashes at the current position, of a win by ``best``
        or (``whole_board``) of a loss whose zone is the whole board; a sorted list, or
        None."""
        return _as_list(self.moves_left(&self.g.full if whole_board else NULL, best)[1])

    def shift_agrees(self, int black, int white, int color):
        """For tests: whether ``shift_counts`` takes the bit of (``black``, ``white``) to
        the bit of those counts with one more stone of ``color``."""
        return self.shift_counts(PY_ONE << self.count_bit(black, white), color) == (
            PY_ONE << self.count_bit(black + (color == BLACK), white + (color == WHITE)))

    cdef bint captures_any(self, int move):
        """Whether ``move`` of the side to move captures a stone."""
        return move != PASS_LOC and self.b.stones_taken_by(move) > 0

    cdef void line_enter(self, int bit):
        cdef int s = self.b.pos.to_play
        self.line_bits_side[s][bit] += 1
        if self.line_bits_side[s][bit] == 1:
            self.line_mask_side[s] |= PY_ONE << bit

    cdef void line_leave(self, int bit):
        cdef int s = self.b.pos.to_play
        self.line_bits_side[s][bit] -= 1
        if self.line_bits_side[s][bit] == 0:
            self.line_mask_side[s] ^= PY_ONE << bit

    cdef tuple extract(self, dict memo):
        """The resolved current position as (Result, the bits of the stone counts its
        moves may leave: ``moves_left``'s counts over the subtree, the hashes of its
        positions where the loser is to move or None past MAX_PROVER_HASHES, and the
        bits of their stone counts, the lines its covers stand for included in those
        two (``cut_line``); the hashes of the positions its moves may leave,
        ``moves_left``'s over the subtree, or None where superko forbade one of them
        or past MAX_MOVE_HASHES).

        A shared result was resolved from shared children only (a line-bound child
        would have made it a path result), so its subtree is rebuilt from shared
        entries: path entries met on this line may belong to later work that reached
        the same children, and may differ in what they cut.
        """
        cdef Entry* e = self.lookup()
        cdef bint was_shared_only = self.shared_only
        if not (e.flags & LINE_BOUND):
            self.shared_only = True
        try:
            return self.extract_entry(e, memo)
        finally:
            self.shared_only = was_shared_only

    cdef tuple extract_implied(self, int source):
        """``extract`` of a result taken from core ``source`` (``implied_result``): that
        core builds the subtree on this line (``extract_on_line``), with its own memo."""
        cdef int j
        cdef DfpnCore lender = self.implied_cores[source]
        line = [self.path_move[j] for j in range(1, self.ply + 1)]
        try:
            known, on_path = lender.extract_on_line(line, self.extraction_root, self.control)
        except _ExtractionStopped:
            self.stop = lender.stop
            raise
        except _NotOnThisLine:
            # searched again here on this path, as a result superko changes is; this
            # extraction is dropped after the repair, so any record stands in for now
            self.repair_here(False)
            return (leaf_result(CAPTURED, zones_at(&self.zones, CRUCIAL_ZONE)), 0, NO_HASHES,
                    0, NO_HASHES)
        self.listed_on_path = self.listed_on_path or on_path
        return known

    cdef tuple extract_on_line(self, list line, int root, SearchControl control):
        """(``extract``'s tuple, whether it depends on the path) of the position ``line``
        (moves from this core's root) leads to, for another core whose extraction from
        ply ``root`` met it there: the line's positions from that ply on count as this
        extraction's own line, as they would had it come down them.  A subtree that
        superko changes on the line (a repair would be needed) raises ``_NotOnThisLine``:
        the other core searches the node again on its path."""
        if self.ply != 0 or self.lending:
            raise ExtractionError("a result taken from another search is needed while "
                                  "that search is busy")
        cdef SearchControl own_control = self.control
        cdef int i, side, n = len(line)
        self.lending = True
        self.control = control
        self.extraction_root = root
        memset(self.line_bits_side, 0, sizeof(self.line_bits_side))
        self.line_mask_side = [0, 0, 0]
        self.before_mask_side = [0, 0, 0]
        self.listed_on_path = False
        self.tainted = False
        self.lost_covers = []
        self.collecting = False
        try:
            for i in range(n):
                self.play(line[i])
                if root <= self.ply < n:
                    self.line_enter(self.count_bit(self.black_at[self.ply],
                                                   self.white_at[self.ply]))
            for i in range(root):
                side = self.b.pos.to_play if (n - i) % 2 == 0 else \
                    BLACK + WHITE - self.b.pos.to_play
                self.before_mask_side[side] |= PY_ONE << self.count_bit(self.black_at[i],
                                                                        self.white_at[i])
            known = self.extract(self.memo)
            if self.lost_covers or self.tainted:
                raise _NotOnThisLine()
            return known, self.listed_on_path
        finally:
            while self.ply > 0:
                self.undo()
            memset(self.line_bits_side, 0, sizeof(self.line_bits_side))
            self.line_mask_side = [0, 0, 0]
            self.lost_covers = []
            self.control = own_control
            self.collecting = self.collect_when_full
            self.lending = False

    cdef tuple extract_entry(self, Entry* e, dict memo):
        """``extract`` of entry ``e``.  A subtree already built on another line is reused
        as ``tsumego_gui.search.verify`` reuses a walk: only where no position on this
        line has the (black, white) stone counts one of its moves may leave, since only
        such a position can be repeated, and a repetition superko forbids could change
        a listing or a cover below (the verifier's walk then finds a hole).  Where a
        count meets the line, the subtree is still reused if none of the positions its
        moves leave (``moves_left``, kept while there are at most MAX_MOVE_HASHES) is
        on the board's path, the history before the root included: the count was
        another position's, and superko forbids here just what it forbade where the
        subtree was built.  Either way the covers' prover counts must miss the line.
        A count met blocked reuse 850,000 times in enclosed-dev gop/17101 B's
        extraction, and rebuilding those subtrees was half its steps (s63: 1.35M steps
        -> 0.57M, 9.8 s -> 6.0 s); the verifier walks such a subtree again on the new
        line, as before."""
        if not (e.flags & RESOLVED):
            # kept resolved entries are never dropped (``collect``): a full table that
            # could not take a new leaf hands out an open spare
            raise ExtractionError("proof extraction met an unresolved position")
        if e.flags & IMPLIED:
            return self.extract_implied((e.flags >> IMPLIED_SHIFT) & IMPLIED_MASK)
        cdef int mover = self.b.pos.to_play
        cdef int16_t moves[MAX_MOVES]
        cdef uint32_t cp[MAX_MOVES]
        cdef uint32_t cd[MAX_MOVES]
        cdef int16_t cut_by[MAX_MOVES]
        cdef uint8_t listed_on_path[MAX_MOVES]      # by child: superko changed its listing
        cdef uint32_t null_zone[MAX_MOVES]
        cdef bint line_bound = False
        cdef int n = 0, i, j, m
        if e.kind == INNER and e.p != 0:
            n = node_moves(&self.g, self.b, moves, self.next_hash, self.next_ko, &line_bound)
            # a loss whose zone holds a point superko forbids the loser on this line holds
            # on this line only, as the loss zone's dilation would have found had it been
            # searched here (a shared loss resolved on another line could not see it:
            # book 81.json framed around the defender, the verifier's catch)
            line_bound = line_bound or superko_forbids_in(self.b, zones_at(&self.zones, e.zone))
        # the moves listed where superko forbids one hold on this path only, and so does
        # every subtree holding such a listing: those are kept per path, like line-bound
        # results, so that no other line reuses them
        cdef uint64_t shared_key = self.key()
        cdef uint64_t path_key = self.path_key()
        cdef bint outer = self.listed_on_path
        cdef bint own_path = line_bound or (e.flags & LINE_BOUND) != 0
        cdef int loser = mover if e.p != 0 else BLACK + WHITE - mover
        if not own_path:
            known = memo.get(shared_key)
            if known is not None:
                on_line = self.line_mask_side[BLACK] | self.line_mask_side[WHITE]
                # the prover's positions on the lines its covers stand for where the loser
                # plays on the cover's point are not among the counts its moves leave;
                # where a count is, the positions its moves leave may still all be off
                # this line (most counts met again are other positions: s63)
                if not (known[3] & self.line_mask_side[loser]):
                    if not (known[1] & on_line):
                        return known
                    if self.none_on_path(known[4]):
                        self.reused_off_line += 1
                        return known
        if path_key in memo:
            self.listed_on_path = True
            return memo[path_key]
        self.listed_on_path = own_path
        if len(memo) >= self.max_proof_nodes:
            raise ProofTooLarge(f"the proof has more than {self.max_proof_nodes:,} nodes, "
                                "too many to keep and check")
        cdef bint outer_taint = self.tainted
        self.tainted = False
        if (len(memo) & 255) == 255:     # a big tree takes a while to build
            self.control.publish_proof(len(memo))
        self.extracted_steps += 1
        # by steps: offered where the memo's size was a multiple of 256, most multiples
        # passed unseen (the size is read as a node is entered and grows as nodes are
        # left), and the GUI thread waited 50-170 ms for the GIL during a classification
        # (benchmarks/screenshot.py, s43)
        if (self.extracted_steps & (EXTRACT_OFFER_EVERY - 1)) == 0:
            offer_gil(monotonic(), &self.next_offer, self.offer_every)
        if (self.extracted_steps & (EXTRACT_CLOCK_EVERY - 1)) == 0:
            self.stop = self.control.clock_stop()
            if self.stop != NOT_STOPPED:
                raise _ExtractionStopped()
        # zones stay where they were stored (``zone_store``): no copy needed
        cdef const Zone* own = zones_at(&self.zones, e.zone)
        winner = WIN if (e.p == 0) == (mover == self.g.defender) else LOSS
        cdef Result out
        counts = 0
        left = NO_HASHES
        prover_hashes = NO_HASHES
        prover_counts = 0
        cdef uint64_t own_hash = self.b.pos.hash
        if mover == loser:
            prover_hashes = hash_set(&own_hash, 1)
            prover_counts = PY_ONE << self.count_bit(self.black_at[self.ply],
                                                     self.white_at[self.ply])
        cdef int here = -1
        if e.kind == INNER:
            here = self.count_bit(self.black_at[self.ply], self.white_at[self.ply])
            self.line_enter(here)
            counts, left = self.moves_left(own if e.p != 0 else NULL, e.best)
        if e.kind != INNER:
            out = leaf_result(e.kind, own)
        elif e.p == 0 and e.best != PASS_LOC and self.b.illegal_reason_c(e.best) != 0:
            # a shared result proven on a line where its move was legal; superko forbids
            # it on this one (graph history interaction): searched again on this path
            self.repair_here(False)
            out = None
        elif e.p == 0:
            m = e.best
            self.play(m)
            if not (self.lookup().flags & RESOLVED):
                self.undo()
                raise ExtractionError("proof extraction met an unresolved position")
            child, below, hashes_below, counts_below, left_below = self.extract(memo)
            self.undo()
            counts = counts | below
            left = hash_union(left, left_below, MAX_MOVE_HASHES)
            prover_hashes = hash_union(prover_hashes, hashes_below)
            prover_counts = prover_counts | counts_below
            out = move_result(own, winner, m, child)
        else:
            self.children(moves, n, NULL, cp, cd, cut_by, own, null_zone)
            failed = []
            on_path = self.listed_on_path
            hashes_of = [None] * n
            counts_of = [0] * n
            lefts = [left]
            provers = [prover_hashes]
            for i in range(n):
                if cut_by[i] >= 0:
                    continue
                self.listed_on_path = False
                self.play(moves[i])
                child, below, hashes_of[i], counts_of[i], left_below = self.extract(memo)
                self.undo()
                failed.append((moves[i], child))
                counts = counts | below
                lefts.append(left_below)
                provers.append(hashes_of[i])
                prover_counts = prover_counts | counts_of[i]
                listed_on_path[i] = self.listed_on_path
                on_path |= self.listed_on_path
            self.listed_on_path = on_path
            cuts = []
            covers_counts = 0
            for i in range(n):
                if cut_by[i] < 0:
                    continue
                j, line = self.holding_cover(moves, n, i, cut_by[i], null_zone,
                                             listed_on_path, hashes_of, counts_of)
                if j < 0:
                    self.repair_here(True)
                    break
                cut_by[i] = j
                cuts.append((moves[i], moves[j]))
                provers.append(line)
                covers_counts = covers_counts | counts_of[j]
            if covers_counts:
                prover_counts = prover_counts | self.shift_counts(covers_counts, mover)
            left = hash_union_all(lefts, MAX_MOVE_HASHES)
            prover_hashes = hash_union_all(provers, MAX_PROVER_HASHES)
            out = all_result(own, winner, failed, cuts)
        if here >= 0:
            self.line_leave(here)
        known = (out, counts, prover_hashes, prover_counts, left)
        if not self.tainted:
            memo[path_key if self.listed_on_path else shared_key] = known
        self.tainted |= outer_taint
        self.listed_on_path |= outer
        return known
