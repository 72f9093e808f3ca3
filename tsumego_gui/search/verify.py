"""The independent proof checker: does this tree really prove what it says?

It shares only the rules engine (``engine_cy.board``) and Benson
(``engine_cy.benson.unconditionally_alive``) with the solver; zones, the
consistent-replay conditions and the life closure are re-derived here from
their definitions.  The zone conditions of each node (chains whole, DL-1,
CR-1..CR-3, and whether a move changes a zone) are checked by
``engine_cy.zone_conditions``, the verifier's own C code (the solver makes
its zones with ``engine_cy.dilate``, which shares nothing with it), held by
differential tests to the plain-Python reference
``tsumego_gui.core.zone_conditions_reference``; it halves the time of a
check (enclosed-dev proofs of 650-62,000 positions: 1.3-2.2x).  The walk
itself is made by ``engine_cy.proof_walk``, the same walk in C, which says
only whether the proof passes; where it finds a fault, the walk here
(``_Checker.check``, the reference the differential tests hold it to) walks
the proof again and says what the fault is.  The random replays are made
here in either case.

Proofs (the defender lives) and disproofs (the attacker kills) are checked
the same way, with the *prover* (the side the node says wins) in the role
the papers give the defender.  Along every line from the root, with the full
superko history:

* a node the mover wins: one child; its move is legal and in the region (or
  pass); the child is won by the same side;
* a node the mover loses: every legal move of the mover in the region, and
  the pass, has a child or is covered by a null-move sibling (a child whose
  move changed nothing in its zone, while the covered move changes nothing in
  it either); a child for a move superko forbids on this line (a subtree
  shared with lines where the move is legal) is not walked on it and covers
  nothing; under ``live`` and ``live_any`` the defender never wins a node
  where the attacker may end the game by passing;
* the end of the game under ``survive``: two passes in a row end it, and the
  defender has won if a crucial stone is on the board.  A pass whose child
  ends the game that way, or is won by the pass that ends it, covers no move:
  the claim holds only because a pass came first, and after a stone move the
  game goes on.  The pass that would end the game is never covered either;
* leaves: ``goal``: the goal holds and the zone contains the life closure of
  a chain that meets it (its stones, its vital regions, and the same for every
  chain bordering those regions); ``captured``: no crucial stone is left and
  the zone holds the crucial points; ``passes``: two passes ended the game and
  the zone is the whole board; ``survives`` (goal ``survive``): two passes
  ended the game with a crucial stone on the board, and the zone holds the
  crucial points (so every agreeing position has the same stones there) and
  the region (so no agreeing position offers a move outside the zone, which
  would be answered as after a pass: the pass back that ended this game
  would not end that one); the goal holds at no lost node;
* zones: a child's zone lies in its parent's (ZZ-1); chains are whole in a
  zone; every chain of a zone has a liberty in it (DL-1); where the prover's
  opponent moves: CR-1 (its suicide / forbidden ko-capture points keep their
  surroundings) and CR-2 (the prover's chains keep two zone liberties, or
  their whole surroundings when in atari); where the prover moves: CR-3 (the
  move, what it captures and the chains around that, and a second liberty
  for the opponent chains it touches);
* external ko threats (``engine_cy.board``): a retake that spends one covers
  no move (the covered move keeps the threat);
* superko: a subtree in which superko forbade a move of the prover's
  opponent (in the region or the zone) is *line-bound* (the solvers' word,
  ``engine_cy.node_rules``): it holds for its own line only, since under
  another history that move may be legal and unanswered; such a child covers
  no other move;
* moves: every move of a node (its children's, its cut moves and their
  covering moves) is a point of the board or the pass, and every zone point
  is a point of the board; a proof that names another number is rejected
  before any of it is played;
* replays: positions that agree with a node inside its zone but differ
  outside it are still won by the prover following the tree (the opponent's
  moves chosen at random, moves outside a zone answered as the null-move
  sibling, the goal checked at every step).  Two kinds:

  - cut lines, each once: the position after a cut move, with its real
    history, played on from the covering child (not for a defender's pass
    under ``live`` and ``live_any``: the attacker passes back and the game
    ends without the goal, which the walk checked does not hold there).  These lines are part of the
    game the proof covers, so superko counts there as anywhere: a prover's
    move that repeats a position of the line or one from before the root is
    a hole (the walk cannot see it, since it plays only the covering move);
  - perturbed positions, at random: a node's position with stones outside
    its zone changed.  Such a position is hypothetical: it is on no line of
    the game, so the line's history (the positions before the root and on
    the way to the node) is not its history, and a repetition of one of those
    positions is manufactured by the perturbation, not a counterexample.  The
    replay starts a game of its own there (its history is the perturbed
    position alone) and ends without a verdict if superko alone forbids a
    prover's move.  Nothing is lost: the zone conditions this replay samples
    are about the rules without history (captures, suicide, the simple ko);
    where superko decides, the walk checks every line with its full history
    (and keeps a subtree superko decided to its own line, so it is never
    replayed), and the lines a null-move cut stands for are the cut-line
    replays above, with their real history.

A node reached again by another move order (the same node object, the same
position) is not walked again when the first walk's verdict must hold for the
new line too.  Only superko ties a subtree to its line, and a move can repeat
an earlier position only if it leaves as many black and as many white stones
as that position had; so the walk keeps, per checked subtree, the (black,
white) stone counts its tested moves may leave, and reuses the verdict only
where no position on the line before it (nor on the first line) has one of
those counts, or where each that has is outside the filter of the positions
those moves may leave (``Board.moves_left_filter``: a position outside it is
none of them; most positions that share counts with the subtree's moves are
other positions, and walking those subtrees again was a fifth to a third of
a classification's walk).  The positions before the root (the problem's
history) are on every line alike, so they tell no two lines apart: they
forbid a move on the new line exactly where they forbade it on the first.

Knows the rules, Benson's output and the proof data type; nothing about how
the proof was searched.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from engine_cy import proof_walk, zone_conditions
from engine_cy.benson import unconditionally_alive
from engine_cy.board import PASS, Board
from tsumego_gui.core import coords
from tsumego_gui.core.problem import Problem
from tsumego_gui.search.proof import Proof, ProofNode

MAX_ERRORS = 20
UNEXPLAINED = "a fault (the compiled walk found one; not asked what it is)"
# positions walked at most by default: twice the largest proof the solvers keep
# (``SearchParams.max_proof_nodes``), since a subtree met again on a line that could
# repeat one of its positions is walked again (enclosed-dev gop/5194 W: a proof of
# 1.02M nodes, 2.08M positions walked, 32-40 s)
MAX_POSITIONS = 4_000_000
MAX_RECORDED = 20_000     # cut lines kept for their replays
STOP_EVERY = 256          # positions walked between readings of the caller's ``stop``
# What a walk of a subtree tells the walk above it: the (black, white) stone counts its
# tested moves may leave (None: unknown, never reused), whether superko decided it, and
# the filter of the positions those moves may leave (``Board.moves_left_filter``).
Walked = tuple[frozenset | None, bool, int]
UNKNOWN: Walked = (None, True, 0)
LEAF: Walked = (frozenset(), False, 0)
# the filter's size, 2 ** FILTER_BITS bits: a subtree of a few positions (where most
# reuses that stone counts block are: enclosed-dev gop/14322) sets a few hundred; the
# compiled walk's, which the reference must share
FILTER_BITS = proof_walk.FILTER_BITS


# what the verifier says of each fault ``engine_cy.zone_conditions`` finds (its point in {})
_ZONE_FAULTS = {
    "split chain": "zone splits the chain at {}",
    "no zone liberty": "chain at {} has no liberty in the zone (DL-1)",
    "CR-1": "CR-1 fails at {}",
    "CR-2 liberties": "CR-2 fails: defender chain at {} has < 2 zone liberties",
    "CR-2 atari": "CR-2 fails: defender chain in atari at {} is not enclosed",
    "move outside": "the winning move is outside the zone",
    "may be suicide": "CR-3 fails: {} has no liberty the zone fixes (suicide in an agreeing "
                      "position)",
    "ko not fixed": "CR-3 fails: the ko capture at {} is not fixed by the zone",
    "may be a forbidden ko capture": "CR-3 fails: the capture at {} could be a forbidden ko "
                                     "capture in an agreeing position",
    "capture not fixed": "CR-3 fails: the captured chain at {} or its surroundings are outside "
                         "the zone",
    "no other liberty": "CR-3 fails: attacker chain at {} has no zone liberty besides the move",
}


@dataclass
class VerifyReport:
    """The verdict of the checker."""

    ok: bool = True
    errors: list[str] = field(default_factory=list)
    positions_checked: int = 0
    positions_reused: int = 0     # nodes met again on another line, not walked again
    nodes_checked: int = 0        # the proof's distinct nodes among the positions walked
    replays: int = 0             # replays from perturbed positions
    cut_replays: int = 0         # replays of the lines null-move cuts stand for
    complete: bool = True        # False when the position budget or ``stop`` cut it short
    stopped: str = ""            # why the caller's ``stop`` ended the check ("" if it did not)
    line_bound: bool = False     # superko forbade a move of the prover's opponent somewhere

    @property
    def passed(self) -> bool:
        """No error, and the walk covered the whole proof."""
        return self.ok and self.complete

    def fail(self, message: str) -> None:
        self.ok = False
        if len(self.errors) < MAX_ERRORS:
            self.errors.append(message)


class WalkRecord:
    """What the walks of proofs that follow one history share (``verify``'s ``walked``):
    the reference walk's verdicts by node and position, and the compiled walk's record
    (the nodes it read and its verdicts, by the same key)."""

    def __init__(self):
        self.reference: dict[tuple, Walked] = {}
        self.compiled = proof_walk.Record()

    def let_go(self) -> None:
        """Drop it all piece by piece (see ``_Checker.let_go``)."""
        while self.reference:
            self.reference.popitem()
        self.compiled.clear()


def verify(proof: Proof, *, replays: int = 100, seed: int = 0,
           max_positions: int = MAX_POSITIONS, reuse: bool = True,
           walked: WalkRecord | None = None,
           stop: Callable[[], str] | None = None,
           walking: Callable[[int], None] | None = None,
           compiled: bool = True, explain: bool = True) -> VerifyReport:
    """Check ``proof`` (see the module docstring); never raises on a bad proof.

    ``reuse``: False walks every line in full (for tests of the reuse rule).
    ``walked``: the record of nodes walked by earlier calls, to reuse as a node met
    again on another line is reused: only for proofs of one problem under the same
    rules whose roots follow the same history (the first moves of one position:
    that position and what came before it are on every line alike).
    ``stop``: read as the walk goes (every ``STOP_EVERY`` positions, and before each
    replay); a reason it returns (a cancel, a spent time budget) ends the check
    unfinished, ``complete`` False and ``stopped`` that reason: what was walked is
    kept in ``walked`` only where it was walked to the end.
    ``walking``: told the proof's distinct nodes checked so far wherever ``stop`` is
    read (a caller that shows how far a long check has come: a node met again on
    another line may be walked again, so the positions walked pass the proof's size,
    its distinct nodes reach it).
    ``compiled``: walk with ``engine_cy.proof_walk`` (the same walk in C: 2.5-3 times as
    fast on enclosed-dev proofs, ``benchmarks/zone_conditions.py --compare walk``), and
    where it finds a fault, walk again with the reference (``_Checker.check``), which says
    what the fault is; False: the reference alone.  Where a proof passes, both walk, reuse,
    sample and record the same (where it fails, the figures are those of the reference's
    walk from scratch).  ``explain`` False: a caller that needs only whether the proof
    passes (a proof tried under another rule set) is told of a fault the compiled walk
    found without that second walk."""
    record = WalkRecord() if walked is None else walked

    board = proof.problem.to_board()
    board.to_play = proof.to_play

    def checker_of() -> _Checker:
        checker = _Checker(proof, max_positions, random.Random(seed), 10 * replays, stop,
                           walking, reuse)
        checker.root_board = board.copy()
        return checker

    checker = checker_of()
    outcome = checker.walk_compiled(board, record.compiled) if compiled else None
    if outcome == proof_walk.FAULT_FOUND and not explain:
        checker.report.fail(UNEXPLAINED)
    elif outcome is None or outcome == proof_walk.FAULT_FOUND:
        if outcome is None:
            checker.walked = record.reference
        else:       # the reference walks from scratch, as a check without the compiled walk
            checker = checker_of()
        checker.report.line_bound = checker.check(proof.root, board, [], parent_zone=None)[1]
        checker.report.nodes_checked = len(checker.on_board_nodes)
    if walking is not None:
        walking(checker.report.nodes_checked)       # the walk is over; the replays follow
    if checker.report.ok and replays > 0:
        checker.random_replays(replays)
    checker.let_go()
    if walked is None:
        record.let_go()
    return checker.report


class _Checker:
    def __init__(self, proof: Proof, max_positions: int, rng: random.Random,
                 sample_size: int, stop: Callable[[], str] | None = None,
                 walking: Callable[[int], None] | None = None, reuse: bool = True):
        self.proof = proof
        self.problem: Problem = proof.problem
        self.region = self.problem.region_or_all()
        self.max_positions = max_positions
        self.stop = stop
        self.walking = walking
        self.rng = rng
        self.report = VerifyReport()
        # a uniform sample (a reservoir) of the nodes the replays may start from: a copy
        # of every node's position cost a tenth of the walk, for some 50 replays
        self.proven_nodes: list[tuple[ProofNode, tuple[int, ...]]] = []
        self.sample_size = sample_size
        self.proven_seen = 0
        # the reservoir skips ahead (Li's algorithm L): a random draw per node kept, not
        # per node offered, which was a twentieth of a walk (s61)
        self.keep_at = sample_size
        self.keep_weight = 1.0
        self.root_board: Board | None = None      # the root's position, set by ``verify``
        # (covering child, the line to the position after the cut move, its cover)
        self.cut_lines: list[tuple[ProofNode, tuple[int, ...], int]] = []
        self.all_points = frozenset(coords.all_locs(self.problem.size))
        self.moves_on_board = self.all_points | {PASS}
        self.on_board_nodes: set[int] = set()     # ids of nodes ``off_board`` passed
        self.survive = self.problem.goal == "survive"
        self.reuse = reuse
        self.line: list[tuple[int, int]] = []     # (black, white) stones before this node
        self.line_hashes: list[int] = []          # and the hashes of those positions
        self.walked: dict[tuple, Walked] = {}     # node + position -> what its walk found

    def stopped(self) -> bool:
        """Whether the caller's ``stop`` ended the check (now or before)."""
        report = self.report
        if self.walking is not None:
            # the compiled walk counts its nodes itself: the report has them after it
            self.walking(len(self.on_board_nodes) or self.report.nodes_checked)
        if not report.stopped and self.stop is not None:
            report.stopped = self.stop()
            report.complete = report.complete and not report.stopped
        return bool(report.stopped)

    def let_go(self) -> None:
        """Drop what the walk kept piece by piece: freed at once when ``verify`` returned,
        a large proof's positions were one deallocation holding the GIL for tens of
        milliseconds, while a GUI thread waited; a Python loop lets other threads run in
        between."""
        for kept in (self.proven_nodes, self.cut_lines, self.on_board_nodes):
            while kept:
                kept.pop()

    # ---- helpers ------------------------------------------------------------------

    def name(self, path: list[int]) -> str:
        return "root" if not path else " ".join(self.spell(m) for m in path)

    def spell(self, move: int) -> str:
        """A move as GTP, or as the number it is when it names no point of the board."""
        if self.on_board(move):
            return coords.to_gtp(move, self.problem.size)
        return repr(move)

    def on_board(self, move) -> bool:
        return move == PASS or move in self.all_points

    def off_board(self, node: ProofNode) -> str | None:
        """What in ``node`` names no point of the board (nor the pass), or None."""
        if id(node) in self.on_board_nodes:
            return None         # a node met again: its points were read the first time
        if node.zone <= self.all_points and self.moves_on_board.issuperset(
                [move for move, _ in node.children]) and self.moves_on_board.issuperset(
                [move for cut in node.pruned for move in cut]):
            self.on_board_nodes.add(id(node))
            return None
        size = self.problem.size
        off = f"is not a point of the {size}x{size} board"
        for p in sorted(node.zone - self.all_points, key=repr):
            return f"zone point {p!r} {off}"
        for move, _ in node.children:
            if not self.on_board(move):
                return f"the child move {move!r} {off}"
        for move, cover in node.pruned:
            if not self.on_board(move):
                return f"the cut move {move!r} {off}"
            if not self.on_board(cover):
                return f"the covering move {cover!r} of {self.spell(move)} {off}"
        return None

    def line_apart(self, walked: Walked) -> bool:
        """No position on the line to here can be repeated by a move of the subtree whose
        walk found ``walked``: none has stone counts among those its moves may leave, or
        each that has is outside their filter."""
        counts = walked[0]
        if not self.reuse or counts is None:
            return False
        if counts.isdisjoint(self.line):
            return True
        bits, shift = walked[2], 64 - FILTER_BITS
        return not any(c in counts and (bits >> (h >> shift)) & 1
                       for c, h in zip(self.line, self.line_hashes, strict=True))

    def crucial_on_board(self, board: Board) -> bool:
        return any(board.color_at(p) == self.problem.defender for p in self.problem.crucial)

    def goal_holds(self, board: Board) -> bool:
        return bool(self.goal_chains(board))

    def goal_chains(self, board: Board) -> list[tuple[list[int], list[list[int]]]]:
        alive = unconditionally_alive(board, self.problem.defender)
        if self.problem.goal == "live_any":
            return alive
        crucial = self.problem.crucial
        return [(s, r) for s, r in alive if not crucial.isdisjoint(s)]

    def life_closure(self, board: Board, chain: list[int]) -> set[int]:
        alive = {s[0]: (s, r) for s, r in unconditionally_alive(board, self.problem.defender)}
        first_of = {p: s[0] for s, _ in alive.values() for p in s}
        out: set[int] = set()
        todo = [chain[0]]
        while todo:
            stones, regions = alive[first_of[todo.pop()]]
            if stones[0] in out:
                continue
            out |= set(stones)
            for region in regions:
                out |= set(region)
                for p in region:
                    for n in coords.neighbours(p, board.size):
                        if n in first_of and first_of[n] not in out:
                            todo.append(first_of[n])
        return out

    def moves(self, board: Board) -> list[int]:
        return board.legal_moves(self.region) + [PASS]

    # ---- the walk ------------------------------------------------------------------

    def walk_compiled(self, board: Board, record: proof_walk.Record) -> str:
        """Walk the proof with ``engine_cy.proof_walk`` (the same walk as ``check``, in C);
        its outcome: passed, a fault found (``check`` must say what), or halted (the
        position budget or ``stop``).  Fills the report, the sample and the cut lines
        as ``check`` does."""
        problem = self.problem
        walk = proof_walk.Walk(record, board, self, problem.defender, problem.goal,
                               self.region, problem.crucial, self.reuse, self.max_positions,
                               self.stop, self.walking, self.sample_size, MAX_RECORDED,
                               self.cut_lines)
        outcome, positions, reused, nodes, stopped, line_bound, seen = walk.run(self.proof.root)
        report = self.report
        report.positions_checked, report.positions_reused = positions, reused
        report.nodes_checked, report.line_bound = nodes, line_bound
        self.proven_seen = seen
        if outcome == proof_walk.HALTED:
            report.complete, report.stopped = False, stopped
        return outcome

    def goal_leaf_sound(self, node: ProofNode, board: Board) -> bool:
        """At a goal leaf the defender wins: the goal holds, and the zone holds the life
        closure of a goal chain (for ``engine_cy.proof_walk``)."""
        return any(self.life_closure(board, s) <= node.zone for s, _ in self.goal_chains(board))

    def check(self, node: ProofNode, board: Board, path: list[int],
              parent_zone: frozenset[int] | None) -> Walked:
        """Check the subtree (see the module docstring)."""
        report = self.report
        if not report.ok:
            return UNKNOWN
        report.positions_checked += 1
        if report.positions_checked > self.max_positions:
            report.complete = False
            return UNKNOWN
        if report.stopped or (report.positions_checked % STOP_EVERY == 1 and self.stopped()):
            return UNKNOWN
        if node.zone is None:
            self.fail_at(path, "a node without a zone")
            return UNKNOWN
        off = self.off_board(node)
        if off is not None:
            self.fail_at(path, f"{off}")
            return UNKNOWN
        if parent_zone is not None and not node.zone <= parent_zone:
            self.fail_at(path, "zone is not inside the parent's zone (ZZ-1)")
            return UNKNOWN
        key = (id(node), board.hash, board.ko_loc, board.consecutive_passes)
        known = self.walked.get(key)
        if known is not None and self.line_apart(known):
            report.positions_reused += 1
            return known
        walked = self.check_position(node, board, path)
        if self.report.ok and self.line_apart(walked):
            self.walked[key] = walked
        return walked

    def check_position(self, node: ProofNode, board: Board, path: list[int]) -> Walked:
        if node.kind == "goal":
            chains = self.goal_chains(board) if node.won else []
            if not chains:
                self.fail_at(path, "a goal leaf where the goal does not hold")
                return UNKNOWN
            if not any(self.life_closure(board, s) <= node.zone for s, _ in chains):
                self.fail_at(path, "the leaf zone misses the life closure of every goal chain")
            self.zone_fault(zone_conditions.basics_fault(board, node.zone), path)
            return LEAF
        # Benson only where it decides something: at a won node the prover wins whether or
        # not the goal holds already (a tenth of a walk went to it: gop/14322 W, cProfile)
        if not node.won and self.goal_holds(board):
            self.fail_at(path, "marked lost but the goal holds")
            return UNKNOWN
        if node.kind == "captured":
            if (node.won or self.problem.goal == "live_any"
                    or any(board.color_at(p) == self.problem.defender
                           for p in self.problem.crucial)):
                self.fail_at(path, "'captured' leaf with a crucial stone on the board")
            elif not self.problem.crucial <= node.zone:
                self.fail_at(path, "'captured' leaf whose zone misses a crucial point")
            return LEAF
        if node.kind == "passes":
            if node.won or board.consecutive_passes < 2 or self.survive:
                self.fail_at(path, "'passes' leaf without two passes, or under the goal "
                            "survive")
            elif node.zone != self.all_points:
                self.fail_at(path, "'passes' leaf whose zone is not the whole board")
            return LEAF
        if node.kind == "survives":
            if not (node.won and self.survive and board.consecutive_passes >= 2
                    and self.crucial_on_board(board)):
                self.fail_at(path, "'survives' leaf where two passes did not end the game "
                            "with a crucial stone on the board under the goal survive")
            elif not (self.problem.crucial | self.region) <= node.zone:
                self.fail_at(path, "'survives' leaf whose zone misses a crucial or a "
                            "region point")
            return LEAF
        if board.consecutive_passes >= 2:
            self.fail_at(path, "the game ended by two passes but the tree goes on")
            return UNKNOWN
        mover = board.to_play
        if (node.kind == "or") != (mover == self.problem.defender):
            self.fail_at(path, f"{node.kind} node with the wrong side to move")
            return UNKNOWN
        prover = self.problem.defender if node.won else self.problem.attacker
        self.zone_fault(zone_conditions.basics_fault(board, node.zone), path)
        self.line.append(board.stone_counts())
        self.line_hashes.append(board.hash)
        if mover == prover:
            counts, line_bound, bits = self.check_move_node(node, board, path, prover)
        else:
            counts, line_bound, bits = self.check_all_node(node, board, path, prover)
        self.line.pop()
        self.line_hashes.pop()
        if not line_bound:
            self.sample(node, board, path)
        if counts is None:
            return None, line_bound, 0
        return (counts | board.stone_counts_after_moves(), line_bound,
                bits | board.moves_left_filter(FILTER_BITS))

    def sample(self, node: ProofNode, board: Board, path: list[int]) -> None:
        """Offer a proven node to the replays' reservoir sample (one that ``perturb`` can
        change: no ko point, something outside its zone)."""
        if board.ko_loc != PASS or node.zone >= self.all_points:
            return
        self.proven_seen += 1
        if self.proven_seen <= self.sample_size or self.proven_seen == self.keep_at:
            self.keep(node, tuple(path), self.proven_seen)

    def keep(self, node: ProofNode, path: tuple[int, ...], seen: int) -> int:
        """Keep ``node``, the ``seen``-th offered, in the sample (while it is not full, or
        where the draw says so); returns the number of the next one to keep."""
        self.proven_seen = seen
        if len(self.proven_nodes) < self.sample_size:
            self.proven_nodes.append((node, path))
            if len(self.proven_nodes) == self.sample_size:
                self.skip_ahead()
        else:
            self.proven_nodes[self.rng.randrange(self.sample_size)] = (node, path)
            self.skip_ahead()
        return self.keep_at

    def skip_ahead(self) -> None:
        """Draw the next node the full reservoir keeps (each offered node is kept with
        probability sample size / nodes offered, as drawing a slot for every one does)."""
        rng = self.rng
        self.keep_weight *= math.exp(math.log(1.0 - rng.random()) / self.sample_size)
        if self.keep_weight >= 1.0:         # a draw of 0 left it at 1: keep the next one
            self.keep_at = self.proven_seen + 1
            return
        skip = math.floor(math.log(1.0 - rng.random()) / math.log1p(-self.keep_weight))
        self.keep_at = self.proven_seen + skip + 1

    def position_at(self, path: tuple[int, ...]) -> Board:
        """The position at the end of ``path`` from the root (the walk played it)."""
        board = self.root_board.copy()
        for move in path:
            board.play(move)
        return board

    def play_child(self, node, move, child, board, path) -> Walked:
        if move != PASS and (move not in self.region or not board.is_legal(move)):
            self.report.fail(f"{self.name(path + [move])}: the move is illegal or off the region")
            return UNKNOWN
        token = board.play(move)
        walked = self.check(child, board, path + [move], node.zone)
        board.undo(token)
        return walked

    def check_move_node(self, node, board, path, prover) -> Walked:
        """The mover (the prover) wins with its one child."""
        if len(node.children) != 1:
            self.fail_at(path, "a won node of the mover needs one child")
            return UNKNOWN
        move, child = node.children[0]
        if child.won != node.won:
            self.fail_at(path, "the winning move's child is not won")
            return UNKNOWN
        if move != PASS and (move not in self.region or not board.is_legal(move)):
            self.report.fail(f"{self.name(path + [move])}: the move is illegal or off the region")
            return UNKNOWN
        # CR-3 for the prover's winning move
        self.zone_fault(zone_conditions.move_fault(board, node.zone, move, prover), path)
        return self.play_child(node, move, child, board, path)

    def check_all_node(self, node, board, path, prover) -> Walked:
        """Every move of the mover fails: searched, or cut by a null-move sibling."""
        if prover == self.problem.defender and board.consecutive_passes >= 1 \
                and not self.survive:
            self.fail_at(path, "the attacker could end the game by passing here")
            return UNKNOWN
        children = dict(node.children)
        if len(children) != len(node.children):
            self.fail_at(path, "a move has two children")
            return UNKNOWN
        # CR-1 and CR-2 where the prover's opponent moves
        self.zone_fault(zone_conditions.reply_fault(board, node.zone, prover), path)
        moves = self.moves(board)
        counts: frozenset | None = frozenset()
        bits = 0
        forbidden_here = board.superko_forbids(self.region)
        line_bound = forbidden_here or board.superko_forbids(node.zone)
        line_bound_child = {}
        for move, child in node.children:
            if child.won != node.won:
                self.report.fail(f"{self.name(path + [move])}: a reply that does not fail")
                return UNKNOWN
            if (forbidden_here and move in self.region
                    and board.illegal_reason(move) == "superko"):
                # the answer for the lines where the move is legal; on this one it is
                # never played, so it is not walked here and covers nothing
                line_bound_child[move] = line_bound = True
                continue
            below, line_bound_child[move], below_bits = self.play_child(node, move, child,
                                                                        board, path)
            counts = None if counts is None or below is None else counts | below
            bits |= below_bits
            line_bound |= line_bound_child[move]
        if not self.report.complete:
            # the position budget ran out below: the walks read as unknown, which says
            # nothing about superko (their line-bound flag is only the safe default)
            return UNKNOWN
        pruned = dict(node.pruned)
        for move in moves:
            if move in children:
                continue
            cover = pruned.get(move)
            name = coords.to_gtp(move, board.size)
            if cover is None or cover not in children:
                self.fail_at(path, f"move {name} is not answered")
                return UNKNOWN
            if cover != PASS and cover == board.ko_loc:
                self.fail_at(path, f"{name} is covered by the ko retake "
                                 f"{coords.to_gtp(cover, board.size)}, which spends a ko "
                                 "threat that the covered move keeps")
                return UNKNOWN
            # a cover's zone is read here even where its walk stopped early (a fault below,
            # or a move superko forbids on this line, never walked): its points first
            off = self.off_board(children[cover]) if children[cover].zone is not None else None
            if off is not None:
                self.fail_at(path, f"the cover {coords.to_gtp(cover, board.size)} of "
                                 f"{name}: {off}")
                return UNKNOWN
            zone = children[cover].zone or frozenset()
            if (zone_conditions.changes_inside(board, cover, zone)
                    or zone_conditions.changes_inside(board, move, zone)):
                self.fail_at(path, f"{name} is not a null move "
                                 f"for {coords.to_gtp(cover, board.size)}'s zone")
                return UNKNOWN
            ends = move == PASS and self.survive and board.consecutive_passes >= 1
            if ends and prover != self.problem.defender:
                self.fail_at(path, "the defender's pass ends the game here and "
                                 "survives; no move covers it")
                return UNKNOWN
            if cover == PASS and ends_the_game(children[cover]):
                self.fail_at(path, f"{name} is covered by a pass whose line ends the "
                                 "game by passing, which no stone move does")
                return UNKNOWN
            if line_bound_child[cover]:
                self.fail_at(path, f"{name} is covered by "
                                 f"{coords.to_gtp(cover, board.size)}, whose result superko "
                                 "decided (it holds on its own line only)")
                return UNKNOWN
            # lines a pass decides at once need no replay: under live and live_any the
            # attacker passes back after a defender's pass; under survive the attacker's
            # pass after a pass ends the game with the crucial stones on the board
            passes_back = move == PASS and prover != self.problem.defender and not self.survive
            if ends and not self.crucial_on_board(board):
                self.fail_at(path, "the game ends with no crucial stone")
                return UNKNOWN
            if len(self.cut_lines) < MAX_RECORDED and not passes_back and not ends:
                self.cut_lines.append((children[cover], tuple(path) + (move,), cover))
        return counts, line_bound, bits

    # ---- zone conditions ------------------------------------------------------------

    def fail_at(self, path: list[int], message: str) -> None:
        """A fault at the node at the end of ``path`` (its line spelled out only now)."""
        self.report.fail(f"{self.name(path)}: {message}")

    def zone_fault(self, found: tuple[str, int] | None, path: list[int]) -> None:
        """Report what an ``engine_cy.zone_conditions`` check found, if anything."""
        if found is not None:
            self.fail_at(path, f"{_ZONE_FAULTS[found[0]].format(self.spell(found[1]))}")

    # ---- randomized replay ----------------------------------------------------------

    def random_replays(self, count: int) -> None:
        for child, path, cover in self.cut_lines:
            if self.stopped():
                return
            self.report.cut_replays += 1
            problem = self.replay(child, self.position_at(path), child.won, 0, real_line=True)
            if problem:
                self.report.fail(f"replay of the cut line {self.name(path)} (answered as after "
                                 f"{self.spell(cover)}): {problem}")
                return
        if not self.proven_nodes:
            return
        # some nodes cannot be perturbed (a ko point, a zone that is the whole board)
        for _ in range(10 * count):
            if self.report.replays >= count or self.stopped():
                return
            node, path = self.proven_nodes[self.rng.randrange(len(self.proven_nodes))]
            variant = self.perturb(self.position_at(path), node.zone)
            if variant is None:
                continue
            # a position on no line of the game: the line's history is not its history
            variant.set_history([])
            self.report.replays += 1
            problem = self.replay(node, variant, node.won, 0, real_line=False)
            if problem:
                self.report.fail(f"replay from {self.name(path)} with the outside of the zone "
                                 f"changed: {problem}")
                return

    def perturb(self, board: Board, zone: frozenset[int]) -> Board | None:
        """``board`` (a position of its own) changed into a legal position that agrees
        with it on ``zone`` and differs outside, or None."""
        outside = sorted(self.all_points - zone)
        if not outside or board.ko_loc != PASS:
            # setup edits clear the ko point, which is part of the zone pattern
            return None
        variant = board
        changes = 0
        chosen = self.rng.sample(outside, max(1, len(outside) // 4))
        colours = [self.rng.randrange(3) for _ in chosen]       # EMPTY, BLACK, WHITE
        for p, colour in zip(chosen, colours, strict=True):
            if colour == variant.color_at(p):
                continue
            try:
                variant.set_stone(p, colour)
                changes += 1
            except ValueError:
                continue
        return variant if changes else None

    def replay(self, node: ProofNode, board: Board, defender_wins: bool,
               depth: int, real_line: bool) -> str | None:
        """Follow the tree from ``board`` (the prover's moves from the tree, the
        opponent's at random); return what went wrong, or None.

        ``real_line``: the line is part of the game, so a repetition superko forbids is
        real; otherwise a prover's move that only superko forbids ends the replay
        without a verdict (see the module docstring)."""
        if depth > 400:
            return "replay did not end"
        goal = self.goal_holds(board)
        if node.kind == "goal":
            return None if goal else "a leaf where the goal fails"
        if goal and not defender_wins:
            return "the goal holds on a line the attacker should win"
        if node.kind == "captured":
            return "a crucial stone survives" if self.crucial_on_board(board) else None
        if node.kind in ("passes", "survives"):
            if board.consecutive_passes < 2:
                return "the game did not end"
            if node.kind == "survives" and not self.crucial_on_board(board):
                return "no crucial stone is left at the end"
            return None
        prover = self.problem.defender if defender_wins else self.problem.attacker
        if board.to_play == prover:
            move, child = node.children[0]
            if move != PASS and not board.is_legal(move):
                reason = board.illegal_reason(move)
                if reason == "superko" and not real_line:
                    return None
                return f"the prover's {coords.to_gtp(move, board.size)} is illegal ({reason})"
            target = child
        else:
            moves = self.moves(board)
            move = moves[self.rng.randrange(len(moves))]
            children = dict(node.children)
            pruned = dict(node.pruned)
            if move in children:
                target = children[move]
            elif move in pruned:
                target = children[pruned[move]]
            elif move not in node.zone:
                target = children.get(PASS)
                if target is None and PASS in pruned:
                    target = children.get(pruned[PASS])
                if target is None:
                    return "no null-move child to answer a move outside the zone"
            else:
                return (f"the reply {coords.to_gtp(move, board.size)} inside the zone has "
                        "no answer (CR-1)")
        token = board.play(move)
        try:
            return self.replay(target, board, defender_wins, depth + 1, real_line)
        finally:
            board.undo(token)


def ends_the_game(node: ProofNode) -> bool:
    """A leaf (after a pass: the game's end), or a node won by its mover's pass."""
    return not node.children or node.prover_move == PASS
