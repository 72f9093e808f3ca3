"""The verifier's zone conditions: ``engine_cy.zone_conditions`` against the plain-Python reference.

Differential: on positions of seeded random games (2x2 to 19x19, each side's
ko permission drawn at random, so that ko points, suicides and forbidden ko
captures occur), with zones of three kinds -- random point sets (which fault
early), chains grown whole from random seeds, and zones the solver's dilation
makes (which pass, so that every check runs to its end) -- both
implementations must name the same fault at the same point, or none, for
every check: the zone basics, CR-1/CR-2 for each prover, CR-3 for every legal
move of the side to move, and whether each move changes the zone; and the
verifier gives the same report, error for error, with either, on whole proofs
intact and damaged.  The golden cases pin single faults to diagrams, so that a
fault both implementations share shows too.
"""

from __future__ import annotations

import copy
import random

import pytest

from engine_cy import zone_conditions as fast
from engine_cy.board import BLACK, EMPTY, PASS, WHITE, Board
from engine_cy.dilate import dilate_and, dilate_or
from tests.test_solver import BENT_FOUR, STRAIGHT_THREE, problem_from, solved
from tsumego_gui.core import coords
from tsumego_gui.core import zone_conditions_reference as reference
from tsumego_gui.core.diagram import parse_diagram, parse_marks
from tsumego_gui.search import verify


def random_zones(rng: random.Random, board: Board) -> list[frozenset[int]]:
    points = coords.all_locs(board.size)
    zones = [frozenset(rng.sample(points, rng.randint(0, len(points))))]
    grown: set[int] = set()
    for p in rng.sample(points, rng.randint(1, min(6, len(points)))):
        grown |= set(board.chain(p)) if board.color_at(p) != EMPTY else {p}
        grown |= {n for q in list(grown) for n in coords.neighbours(q, board.size)
                  if rng.random() < 0.5}
        for q in list(grown):
            if board.color_at(q) != EMPTY:
                grown |= set(board.chain(q))
    zones.append(frozenset(grown))
    seed = rng.sample(points, rng.randint(0, len(points) // 5))
    zones.append(frozenset(dilate_and(board, seed)[0]))
    legal = [m for m in points if board.color_at(m) == EMPTY and board.is_legal(m)]
    if legal:
        zones.append(frozenset(dilate_or(board, rng.choice(legal), seed)))
    return zones


def compare(board: Board, zone: frozenset[int], where: str) -> int:
    """Compare every check on ``board`` and ``zone``; how many faults were found."""
    faults = 0
    got = fast.basics_fault(board, zone)
    assert got == reference.basics_fault(board, zone), "basics " + where
    faults += got is not None
    for prover in (BLACK, WHITE):
        got = fast.reply_fault(board, zone, prover)
        assert got == reference.reply_fault(board, zone, prover), f"reply {prover} " + where
        faults += got is not None
    for move in coords.all_locs(board.size) + [PASS]:
        if move != PASS and (board.color_at(move) != EMPTY or not board.is_legal(move)):
            continue
        name = coords.to_gtp(move, board.size)
        got = fast.move_fault(board, zone, move, board.to_play)
        assert got == reference.move_fault(board, zone, move, board.to_play), \
            f"move {name} " + where
        faults += got is not None
        assert fast.changes_inside(board, move, zone) == \
            reference.changes_inside(board, move, zone), f"changes {name} " + where
    return faults


@pytest.mark.parametrize("seed", range(6))
def test_cython_and_reference_agree_on_random_games(seed):
    rng = random.Random(seed)
    faults = checked = 0
    for game in range(8):
        size = rng.choice((2, 3, 5, 6, 7, 8, 9, 9, 13, 19))
        board = Board(size, rng.choice((BLACK, WHITE)))
        for c in (BLACK, WHITE):
            board.set_ko_capture_allowed(c, rng.random() < 0.5)
        plies = rng.randint(10, min(3 * size * size, 400))
        looked_at = set(rng.sample(range(plies), min(plies, 12 if size <= 9 else 2)))
        for ply in range(plies):
            moves = [m for m in coords.all_locs(size)
                     if board.color_at(m) == EMPTY and board.is_legal(m)]
            if not moves:
                break
            board.play(rng.choice(moves) if rng.random() < 0.97 else PASS)
            if ply in looked_at:
                for zone in random_zones(rng, board):
                    where = f"(seed {seed}, game {game}, ply {ply}, zone {sorted(zone)})"
                    faults += compare(board, zone, where)
                    checked += 1
    # both kinds of answer were compared, not only one
    assert checked > 50 and 0 < faults


def zone_board(text: str, to_play: int) -> tuple[Board, frozenset[int]]:
    """The position and the zone of a zone diagram: ``#`` an empty zone point, ``x``/``o``
    a black/white stone in the zone (as in ``test_dilate``)."""
    board = parse_diagram(text.translate(str.maketrans("xo#", "XO.")), to_play=to_play)
    return board, frozenset(parse_marks(text, board.size, "#xo"))


# (name, diagram with its zone, side to move, check, the fault and the point it names)
# the prover is the side to move for a move, its opponent for a reply
GOLDEN = [
    ("a chain half in the zone", """
        . . . . .
        . x X . .
        . # . . .
        . . . . .
        . . . . .""", BLACK, "basics", ("split chain", "B4")),
    ("a chain with no liberty in the zone (DL-1)", """
        . . . . .
        . x . . .
        . . . . .
        . . . . .
        . . . . .""", BLACK, "basics", ("no zone liberty", "B4")),
    ("a chain whole, with a liberty in the zone", """
        . . . . .
        . x # . .
        . . . . .
        . . . . .
        . . . . .""", BLACK, "basics", None),
    ("CR-1: Black's suicide point without the white chain around it", """
        . . . . .
        . . . . .
        . . . . .
        O O . . .
        # O . . .""", BLACK, "reply", ("CR-1", "A1")),
    ("CR-1 holds when the chain around the point is in the zone", """
        . . . . .
        . . . . .
        # # . . .
        o o # . .
        # o # . .""", BLACK, "reply", None),
    ("CR-2: a white chain with four liberties, none in the zone", """
        . . . . .
        . . . . .
        . . o . .
        . . . . .
        . . . . .""", BLACK, "reply", ("CR-2 liberties", "C3")),
    ("CR-2: a white chain in atari, the black chains around it outside", """
        . . . . .
        . . X . .
        . X o X .
        . . # . .
        . . . . .""", BLACK, "reply", ("CR-2 atari", "C3")),
    ("CR-3: Black's move outside the zone", """
        # . . . .
        . . . . .
        . . . . .
        . . . . .
        . . . . .""", BLACK, "move E1", ("move outside", "E1")),
    ("CR-3: a move with no liberty the zone fixes", """
        . . . . .
        . . . . .
        . . # . .
        . . . . .
        . . . . .""", BLACK, "move C3", ("may be suicide", "C3")),
    ("CR-3: a ko capture whose chains around it are outside", """
        . . . . .
        . X O . .
        X O # O .
        . X O . .
        . . . . .""", BLACK, "move C3", ("ko not fixed", "C3")),
    ("CR-3: a single-stone capture by a side that may not take kos", """
        . . . . .
        . X . . .
        X O # . .
        . X . . .
        . . . . .""", BLACK, "move C3 no ko", ("may be a forbidden ko capture", "C3")),
    ("CR-3: a capture whose captured chain is outside", """
        . . . . .
        . X . . .
        X O # . .
        . X . . .
        . . . . .""", BLACK, "move C3", ("capture not fixed", "B3")),
    ("CR-3: a white chain next to the move with no other zone liberty", """
        . . . . .
        . . . . .
        . . o # #
        . . . . .
        . . . . .""", BLACK, "move D3", ("no other liberty", "C3")),
]


@pytest.mark.parametrize("impl", [fast, reference], ids=["cython", "reference"])
@pytest.mark.parametrize("case", GOLDEN, ids=[c[0] for c in GOLDEN])
def test_golden_faults(impl, case):
    _, text, to_play, check, expected = case
    board, zone = zone_board(text, to_play)
    if check == "basics":
        got = impl.basics_fault(board, zone)
    elif check == "reply":
        got = impl.reply_fault(board, zone, to_play ^ 3)
    else:
        _, move, *options = check.split()
        if options:
            board.set_ko_capture_allowed(to_play, False)
        got = impl.move_fault(board, zone, coords.from_gtp(move, board.size), to_play)
    if expected is not None:
        expected = (expected[0], coords.from_gtp(expected[1], board.size))
    assert got == expected


@pytest.mark.parametrize("impl", [fast, reference], ids=["cython", "reference"])
def test_a_move_changes_the_zone_by_its_point_or_its_capture(impl):
    board, _ = zone_board("""
        . . . . .
        . X . . .
        X O . . .
        . X . . .
        . . . . .""", BLACK)
    c3, b3 = coords.from_gtp("C3", 5), coords.from_gtp("B3", 5)
    assert impl.changes_inside(board, c3, {c3})
    assert impl.changes_inside(board, c3, {b3})          # the white stone it captures
    assert not impl.changes_inside(board, c3, {coords.from_gtp("A1", 5)})
    assert not impl.changes_inside(board, PASS, {c3, b3})


@pytest.mark.parametrize("call", [
    lambda b: fast.basics_fault(b, [0]),
    lambda b: fast.basics_fault(b, ["C3"]),
    lambda b: fast.reply_fault(b, [], 3),
    lambda b: fast.move_fault(b, [], 10_000, BLACK),
    lambda b: fast.changes_inside(b, -1, []),
])
def test_bad_arguments_are_clear_errors(call):
    with pytest.raises((ValueError, TypeError)):
        call(Board(5, BLACK))


def shrunk(proof, rng: random.Random):
    """``proof`` with one random node's zone one random point smaller."""
    damaged = copy.deepcopy(proof)
    nodes = [n for n in damaged.root.iter_unique() if n.zone]
    node = rng.choice(nodes)
    node.zone = node.zone - {rng.choice(sorted(node.zone))}
    return damaged


@pytest.mark.parametrize("which", ["kill", "live"])
def test_the_verifier_says_the_same_with_either_implementation(which, monkeypatch):
    """Whole proofs, intact and with one zone point taken away (200 seeded damages): the
    verifier's report is the same, error for error, with the reference's checks."""
    if which == "kill":
        proof = solved(problem_from(STRAIGHT_THREE, 7, crucial="A2", to_play=BLACK)).proof
    else:
        proof = solved(problem_from(BENT_FOUR, 7, crucial="A3"), all_moves=False).proof
    rng = random.Random(7)
    proofs = [proof] + [shrunk(proof, rng) for _ in range(200)]

    def reports():
        return [(r.ok, r.errors, r.positions_checked, r.cut_replays, r.replays)
                for r in (verify.verify(p, replays=20) for p in proofs)]

    with_cython = reports()
    monkeypatch.setattr(verify, "zone_conditions", reference)
    assert reports() == with_cython
    # the damages were caught for several reasons, not one
    faults = {e.split(": ", 1)[1].split(" at ")[0] for _, errors, *_ in with_cython
              for e in errors}
    assert with_cython[0][0] and len(faults) >= 4, faults
