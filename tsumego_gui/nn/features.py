"""The network's input planes: the ONE place they are defined (``FEATURE_VERSION``).

A position is encoded as ``NUM_PLANES`` planes of ``size x size`` float32,
row 0 at the top (the engine's ``Board.colors()`` layout).  Points are
indexed ``row * size + col``; index ``size * size`` is the pass (policy only).

Planes (version 1):

==  ==========================================================================
 0  stones of the side to move
 1  stones of the other side
 2  defender stones (the side that must live; roles matter in life and death,
    colours do not)
 3  all ones when the side to move is the defender
 4  all ones (marks the board's extent: the trunk pads with zeros)
 5  the region: points where moves may be played (all points if no region)
 6  goal targets: the chains holding crucial stones (goal ``live``), or every
    point (goal ``live_any``, as the research code's "to-life" plane)
 7  stones of chains with exactly 1 liberty (either colour)
 8  ... exactly 2 liberties
 9  ... exactly 3 liberties
10  ... 4 or more liberties
11  the simple-ko point the side to move may not retake now
12  legal moves of the side to move inside the region (pass excluded;
    superko and the ko-capture rule already applied by the engine)
13  all ones when the side to move may capture kos
14  all ones when the previous move was a pass (two passes end the game)
==  ==========================================================================

Why these: the side-to-move/defender split lets one network play both roles;
liberties, ko and legality are what a small network cannot cheaply derive; the
region and goal planes carry the problem's spec (paper, 19x19 experiments:
"two additional feature planes to represent the crucial stones").  No move
history: the engine keeps position hashes, not moves, and the FTL target does
not need it.

The encoder takes the goal as plain values (defender, live_any, crucial,
region) so self-play can use it on boards that are not yet valid
``Problem`` objects (the empty opening board).  Knows the engine's ``Board``
and coordinates; nothing about torch or search.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

import numpy as np

from engine_cy.board import BLACK, EMPTY, PASS, WHITE, Board
from tsumego_gui.core import coords
from tsumego_gui.core.problem import Problem

FEATURE_VERSION = 1
NUM_PLANES = 15


def point_index(loc: int, size: int) -> int:
    """Policy index of a loc: ``row * size + col``, and ``size * size`` for the pass."""
    if loc == PASS:
        return size * size
    row, col = coords.from_loc(loc, size)
    return row * size + col


@functools.cache
def index_table(size: int) -> np.ndarray:
    """``table[loc]`` = :func:`point_index` for every point and the pass, -1 on walls."""
    table = np.full(coords.array_size(size), -1, dtype=np.int64)
    for loc in coords.all_locs(size):
        table[loc] = point_index(loc, size)
    table[PASS] = size * size
    return table


def goal_spec(problem: Problem) -> tuple[int, bool, frozenset[int], frozenset[int]]:
    """(defender, live_any, crucial, region) of a problem, as :func:`encode` takes them."""
    return problem.defender, problem.goal == "live_any", problem.crucial, problem.region


def encode(board: Board, defender: int, live_any: bool,
           crucial: Iterable[int] = (), region: Iterable[int] = (),
           out: np.ndarray | None = None) -> np.ndarray:
    """The ``(NUM_PLANES, size, size)`` float32 planes of ``board`` (see the module docstring).

    ``region`` empty means the whole board.  ``out``, when given, is filled
    in place (it must have the right shape) and returned.
    """
    n = board.size
    if out is None:
        out = np.zeros((NUM_PLANES, n, n), dtype=np.float32)
    else:
        out.fill(0.0)
    flat = out.reshape(NUM_PLANES, n * n)
    table = index_table(n)
    me = board.to_play
    opp = BLACK + WHITE - me
    colors = board.colors()
    out[0] = colors == me
    out[1] = colors == opp
    out[2] = colors == defender
    if me == defender:
        out[3] = 1.0
    out[4] = 1.0
    region = frozenset(region)
    if region:
        flat[5, table[list(region)]] = 1.0
    else:
        out[5] = 1.0
    if live_any:
        out[6] = 1.0
    else:
        for loc in crucial:
            if board.color_at(loc) == defender:
                flat[6, table[board.chain(loc)]] = 1.0
    # Liberties: one count per chain (chains are found through their stones).
    done = np.zeros(n * n, dtype=bool)
    stride = n + 2
    for i in np.flatnonzero(colors.reshape(-1) != EMPTY).tolist():
        if done[i]:
            continue
        loc = (i // n + 1) * stride + i % n + 1
        stones = table[board.chain(loc)]
        done[stones] = True
        flat[6 + min(board.num_liberties(loc), 4), stones] = 1.0
    ko = board.ko_loc
    if ko != PASS:
        flat[11, table[ko]] = 1.0
    legal = board.legal_moves(region or None)
    if legal:
        flat[12, table[legal]] = 1.0
    if board.ko_capture_allowed(me):
        out[13] = 1.0
    if board.consecutive_passes >= 1:
        out[14] = 1.0
    return out


def encode_problem_position(board: Board, problem: Problem,
                            out: np.ndarray | None = None) -> np.ndarray:
    """:func:`encode` with the goal taken from ``problem``."""
    defender, live_any, crucial, region = goal_spec(problem)
    return encode(board, defender, live_any, crucial, region, out)


# --- the 8 symmetries of a square board --------------------------------------

NUM_SYMMETRIES = 8


def transform_planes(planes: np.ndarray, sym: int) -> np.ndarray:
    """Apply symmetry ``sym`` (0..7; 0 = identity) to the last two axes."""
    x = planes
    if sym & 4:
        x = np.swapaxes(x, -1, -2)
    if sym & 1:
        x = x[..., ::-1, :]
    if sym & 2:
        x = x[..., :, ::-1]
    return x


def transform_policy(policy: np.ndarray, size: int, sym: int) -> np.ndarray:
    """Apply symmetry ``sym`` to policy vectors (last axis: size*size points + pass)."""
    lead = policy.shape[:-1]
    board = policy[..., : size * size].reshape(*lead, size, size)
    moved = transform_planes(board, sym).reshape(*lead, size * size)
    return np.concatenate([moved, policy[..., size * size:]], axis=-1)


def inverse_symmetry(sym: int) -> int:
    """The symmetry that undoes ``sym``."""
    # Flips are their own inverse; with a transpose the flips swap axes.
    if sym & 4:
        return 4 | ((sym & 1) << 1) | ((sym & 2) >> 1)
    return sym
