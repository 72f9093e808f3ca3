"""Differential test: the Cython engine against the reference board on 2,000 seeded random games.

Both boards play the same random moves from an empty board with random
ko-capture flags, random external ko threats (0-2 a side, drawn from a stream of
their own) and a random side to move: a uniformly random legal point, or
a capturing one a quarter of the time; 5% passes (35% right after a ko capture
or a pass, so that ko retakes meet superko), 5% undos of the last move and 5%
attempts at an illegal point.  Two passes do not end a game.  After
every move, undo and rejected move they must agree on the colours, both capture
counts, ko_loc, hash, to_play, consecutive passes and the whole history, and
the engine's ``check_consistency()`` must pass.  At the end every move is undone
and each position on the way back must equal the one recorded before that move.

Legality of *every* point (``illegal_reason``, so the reasons must agree too,
and ``legal_moves()``) is compared after every move on boards up to 9x9.  The
reference recomputes every chain from scratch, so on 13x13 that is done every
4th move and on 19x19 every 8th; between those full checks the boards still
compare ``illegal_reason`` of every point they try as the next move.  That
keeps the whole file under a minute on two cores.

A workload that never met a rule would prove little, so each size also asserts
which illegal reasons its games ran into.
"""

from collections import Counter

import numpy as np
import pytest

from tsumego_gui.core import coords
from tsumego_gui.core.diagram import render_diagram
from tsumego_gui.core.reference_board import BLACK, EMPTY, PASS, WHITE, ReferenceBoard
from tsumego_gui.core.reference_board import IllegalMoveError as RefIllegalMoveError
from tsumego_gui.search.verify import FILTER_BITS

SEED = 20240611

# size: (games, moves per game at most, full legality check every k moves, reasons met)
WORKLOAD = {
    5: (1050, 40, 1, {"occupied", "ko", "suicide", "ko capture forbidden", "superko",
                      "retake with a threat"}),
    7: (430, 50, 1, {"occupied", "ko", "suicide", "ko capture forbidden", "superko",
                     "retake with a threat"}),
    9: (220, 50, 1, {"occupied", "ko", "suicide", "ko capture forbidden"}),
    13: (180, 60, 4, {"occupied", "suicide"}),
    19: (120, 60, 8, {"occupied", "suicide"}),
}
assert sum(w[0] for w in WORKLOAD.values()) == 2000


def state(board):
    """The public state both boards must agree on, as named fields."""
    return {
        "colors": board.colors().tobytes(),
        "captures(BLACK)": board.captures(BLACK),
        "captures(WHITE)": board.captures(WHITE),
        "ko_loc": board.ko_loc,
        "hash": board.hash,
        "to_play": board.to_play,
        "consecutive_passes": board.consecutive_passes,
        "ko_threats(BLACK)": board.ko_threats(BLACK),
        "ko_threats(WHITE)": board.ko_threats(WHITE),
        "history": board.history(),
    }


def brief(value):
    """A field value short enough for a failure message."""
    if isinstance(value, bytes):
        return "(see the diagrams)"
    if isinstance(value, list):
        return f"[{len(value)} hashes, ending {value[-2:]}]"
    return repr(value)


class Game:
    """One seeded random game on both boards, with a readable account of any mismatch."""

    def __init__(self, engine_module, size, index):
        self.size = size
        self.seed = (SEED, size, index)
        self.rng = np.random.default_rng(self.seed)
        to_play = BLACK if self.rng.random() < 0.8 else WHITE
        self.engine = engine_module.Board(size, to_play)
        self.ref = ReferenceBoard(size, to_play)
        self.engine_error = engine_module.IllegalMoveError
        for color in (BLACK, WHITE):
            allowed = bool(self.rng.random() < 0.6)
            self.engine.set_ko_capture_allowed(color, allowed)
            self.ref.set_ko_capture_allowed(color, allowed)
        # a stream of their own, so that the games' moves stay those of the seeds above
        threats = np.random.default_rng((*self.seed, 1)).integers(0, 3, size=2)
        for color, count in zip((BLACK, WHITE), threats, strict=True):
            self.engine.set_ko_threats(color, int(count))
            self.ref.set_ko_threats(color, int(count))
        self.moves = []        # GTP names of the moves on the board now
        self.stack = []        # (engine token, reference token, state before the move)
        self.reasons = Counter()
        self.current = None    # the agreed state, set by compare()
        self.points = coords.all_locs(size)  # row-major, the order of colors().ravel()

    # -- reporting ----------------------------------------------------------------------

    def where(self, event):
        flags = {c: self.ref.ko_capture_allowed(c) for c in (BLACK, WHITE)}
        threats = {c: self.ref.ko_threats(c) for c in (BLACK, WHITE)}
        return (f"\nseed {self.seed}, {event}\nmoves so far: {' '.join(self.moves) or '-'}\n"
                f"reference position ({'BW'[self.ref.to_play - 1]} to play, "
                f"ko_loc {coords.to_gtp(self.ref.ko_loc, self.size)}, "
                f"ko captures allowed {flags}, ko threats {threats}):\n"
                + render_diagram(self.ref, coordinates=True))

    def compare(self, event, expected=None):
        self.engine_consistent(event)
        ours, theirs = state(self.engine), state(self.ref)
        bad = [f"{k}: engine {brief(ours[k])} != reference {brief(theirs[k])}"
               for k in ours if ours[k] != theirs[k]]
        if ours["colors"] != theirs["colors"]:
            bad.append("engine position:\n" + render_diagram(self.engine, coordinates=True))
        assert not bad, self.where(event) + "\n" + "\n".join(bad)
        counts = tuple(int((self.ref.colors() == c).sum()) for c in (BLACK, WHITE))
        assert self.engine.stone_counts() == counts, self.where(event) + (
            f"\nstone_counts: engine {self.engine.stone_counts()} != reference {counts}")
        self.current = theirs  # the state before the next move
        if expected is not None:
            bad = [f"{k}: now {theirs[k]!r}, before the move {expected[k]!r}"
                   for k in theirs if theirs[k] != expected[k]]
            assert not bad, self.where(event + " (undo did not restore)") + "\n" + "\n".join(bad)

    def engine_consistent(self, event):
        try:
            self.engine.check_consistency()
        except AssertionError as exc:
            raise AssertionError(self.where(event) + f"\nengine check_consistency: {exc}") from exc

    def compare_reason(self, loc, event):
        ours, theirs = self.engine.illegal_reason(loc), self.ref.illegal_reason(loc)
        assert ours == theirs, self.where(event) + (
            f"\nillegal_reason({coords.to_gtp(loc, self.size)}): "
            f"engine {ours!r} != reference {theirs!r}")
        return theirs

    def compare_all_legality(self, event):
        points = self.points
        ours = [self.engine.illegal_reason(p) for p in points]
        theirs = [self.ref.illegal_reason(p) for p in points]
        bad = [f"{coords.to_gtp(p, self.size)}: engine {a!r} != reference {b!r}"
               for p, a, b in zip(points, ours, theirs, strict=True) if a != b]
        assert not bad, self.where(event) + "\nillegal_reason differs at\n" + "\n".join(bad)
        legal = [p for p, r in zip(points, theirs, strict=True) if r is None]
        engine_legal = self.engine.legal_moves()
        assert engine_legal == legal, self.where(event) + (
            f"\nengine legal_moves() {engine_legal} != reference {legal}")
        # what the verifier relies on: every legal move leaves counts in this set
        after = self.engine.stone_counts_after_moves()
        for p in legal[:: max(1, len(legal) // 3)]:    # a sample: the reference is slow
            token = self.ref.play(p)
            counts = tuple(int((self.ref.colors() == c).sum()) for c in (BLACK, WHITE))
            self.ref.undo(token)
            assert counts in after, self.where(event) + (
                f"\n{coords.to_gtp(p, self.size)} leaves {counts}, not in {sorted(after)}")
        # and every move that only superko may forbid leaves a position in this filter
        bits = self.engine.moves_left_filter(FILTER_BITS)
        for p, r in zip(points, theirs, strict=True):
            if r is None or r == "superko":
                h = self.ref.hash_after(p)
                assert (bits >> (h >> (64 - FILTER_BITS))) & 1, self.where(event) + (
                    f"\n{coords.to_gtp(p, self.size)} ({r or 'legal'}) leaves hash {h:#x}, "
                    "outside moves_left_filter")
        assert all(self.engine.is_legal(p) == (r is None) for p, r in zip(points, theirs,
                                                                           strict=True))
        self.reasons.update(r for r in theirs if r is not None)
        return legal, [p for p, r in zip(points, theirs, strict=True) if r is not None]

    # -- moves --------------------------------------------------------------------------

    def play(self, loc, event):
        before = self.current
        if loc != PASS and loc == self.ref.ko_loc:
            self.reasons["retake with a threat"] += 1
        foreseen = self.engine.hash_and_ko_after(loc)
        self.stack.append((self.engine.play(loc), self.ref.play(loc), before))
        if loc != PASS:     # what the search reads off a move without playing it
            assert foreseen == (self.ref.hash, self.ref.ko_loc), self.where(event) + (
                f"\nhash_and_ko_after: {foreseen} != {(self.ref.hash, self.ref.ko_loc)}")
        self.moves.append(coords.to_gtp(loc, self.size))
        try:
            self.compare(event)
        except AssertionError as exc:
            # show the position the move was played in, not only the one it led to
            self.ref.undo(self.stack[-1][1])
            raise AssertionError(f"{exc}\nreference position before the move:\n"
                                 + render_diagram(self.ref, coordinates=True)) from None
        if loc != PASS:
            for name in ("chain", "liberties", "num_liberties"):
                ours, theirs = getattr(self.engine, name)(loc), getattr(self.ref, name)(loc)
                assert ours == theirs, self.where(event) + (
                    f"\n{name}({self.moves[-1]}): engine {ours} != reference {theirs}")
            # the verifier's view of a zone: its chains, each once, by first point
            zone = self.points[len(self.moves) % 3::3]
            theirs, seen = [], set()
            for p in zone:
                if self.ref.color_at(p) != EMPTY and p not in seen:
                    seen.update(self.ref.chain(p))
                    theirs.append(self.ref.chain(p))
            assert self.engine.chains_at(zone) == theirs, self.where(event) + "\nchains_at"
            own = set(self.ref.chain(loc))
            touching = {t for s in own for n in coords.neighbours(s, self.size)
                        if n not in own and self.ref.color_at(n) != EMPTY
                        for t in self.ref.chain(n)}
            assert self.engine.adjacent_stones(loc) == sorted(touching), \
                self.where(event) + "\nadjacent_stones"

    def undo(self, event):
        engine_token, ref_token, before = self.stack.pop()
        self.engine.undo(engine_token)
        self.ref.undo(ref_token)
        self.moves.pop()
        self.compare(event, expected=before)

    def try_illegal(self, loc, event):
        before = self.current
        with pytest.raises(self.engine_error):
            self.engine.play(loc)
        with pytest.raises(RefIllegalMoveError):
            self.ref.play(loc)
        self.compare(event, expected=before)

    def captures_among(self, points):
        """The points that take the last liberty of an opponent chain (move choice only)."""
        board, opponent = self.engine, self.ref.to_play ^ 3
        return [p for p in points
                if any(board.color_at(n) == opponent and board.num_liberties(n) == 1
                       for n in coords.neighbours(p, self.size))]

    def random_legal_by_trial(self, event):
        """A random legal point found by trying empty points (each try compared on both)."""
        empty = self.ref.colors().ravel() == 0
        empties = [p for p, free in zip(self.points, empty, strict=True) if free]
        self.rng.shuffle(empties)
        for p in empties:
            reason = self.compare_reason(p, event)
            if reason is None:
                return p
            self.reasons[reason] += 1
        return PASS

    def run(self, max_moves, every):
        self.compare("at the start")
        start = self.current
        for n in range(max_moves):
            event = f"move {n + 1}"
            full = n % every == 0
            legal, illegal = self.compare_all_legality(event) if full else (None, None)
            r = self.rng.random()
            # Passing right after a ko capture or a pass is what makes a retake a superko
            # (the ko point is free again but the position would repeat), so it is likelier.
            pass_rate = 0.35 if self.ref.ko_loc != PASS or self.ref.consecutive_passes else 0.05
            if r < pass_rate:
                self.play(PASS, f"{event}: pass")
            elif r > 0.95 and self.stack:
                self.undo(f"{event}: undo of {self.moves[-1]}")
            elif r > 0.90 and full and illegal:
                loc = illegal[int(self.rng.integers(len(illegal)))]
                self.try_illegal(loc, f"{event}: illegal try {coords.to_gtp(loc, self.size)}")
            else:
                if full:
                    # a bias towards captures makes kos (and so superko) come up far more often
                    captures = self.captures_among(legal) if r > 0.65 else []
                    choice = captures or legal
                    loc = choice[int(self.rng.integers(len(choice)))] if choice else PASS
                else:
                    loc = self.random_legal_by_trial(event)
                self.play(loc, f"{event}: {'BW'[self.ref.to_play - 1]} "
                               f"{coords.to_gtp(loc, self.size)}")
        while self.stack:
            self.undo(f"final undo of {self.moves[-1]}")
        self.compare("after undoing everything", expected=start)


@pytest.mark.slow
@pytest.mark.parametrize("size", sorted(WORKLOAD))
def test_engine_matches_reference(engine_board_module, size):
    games, max_moves, every, must_meet = WORKLOAD[size]
    reasons = Counter()
    for index in range(games):
        game = Game(engine_board_module, size, index)
        game.run(max_moves, every)
        reasons += game.reasons
    missing = must_meet - set(reasons)
    assert not missing, f"the {size}x{size} games never met {missing}: {dict(reasons)}"


def test_zobrist_keys_match(engine_board_module):
    from tsumego_gui.core import reference_board

    for color in (BLACK, WHITE):
        for loc in range(441):
            assert engine_board_module.zobrist_key(color, loc) == \
                reference_board.zobrist_key(color, loc)
    assert engine_board_module.zobrist_white_to_play() == reference_board.zobrist_white_to_play()
