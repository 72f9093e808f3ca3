"""The class of a position and of every first move, as a Go player reads them, each proven.

Classes, from the defender's side (ARCHITECTURE §3), under three rule sets:

=========  ==============================================================
``lives``  it lives unconditionally: goal ``live`` (a crucial stone becomes
           unconditionally alive), the defender may never capture a ko
``seki``   it survives (goal ``survive``: a crucial stone is on the board
           when the game ends), the defender may never capture a ko, but it
           cannot live unconditionally: in Go terms, seki
``ko``     it survives only when the defender may capture kos and the
           attacker may not: the defender must win a ko
``dies``   it does not survive even then
=========  ==============================================================

On a kill-all board (goal ``live_any``) there is no seki: ``lives`` is goal
``live_any`` with the research ko rule, ``ko`` the same goal with the ko
rule turned round.

The rule sets are ordered (lives implies survives, which implies survives
with the ko), so each first move takes at most two searches: under ``survive`` first,
then under ``live`` after a win or the ko rule after a loss.  Where the move
likely dies (``dies_likely``: most of the moves classed so far died, or, before
any, the defender is to move) the ko rule comes first instead, then ``survive``
and ``live`` after wins: a move that dies then takes one search, where the
bisection took two (its one proof is the loss under the ko rule).  Those searches
decide the status only; the proofs of the two results that make the class are
then extracted and verified.  A proof often holds under the next rule set as
well (a survival that never passes to a seki is unconditional life; a kill in
which no ko is ever taken is a kill when the defender may take kos; a life in
which the defender takes no ko is a survival): so each
proof is first checked under the rule set looked at next, and
where the verifier passes it there, it is that rule set's proof and no second
search is made (the verifier decides; a failed check costs the walk up to the
first fault).  Each rule set has one df-pn core rooted at the
position (``DfpnCore.solve_move``), so the first moves share a table, and the
cores take each other's results where the order of the rule sets implies them (a
win under ``live`` is one under ``survive``, a loss under the ko rule one under
``survive``: ``DfpnCore.take_results_of``; the proofs then hold the lending core's
subtrees, checked under the rules of the proof like any).  A
table result was proven on the line that first reached it; where superko
tells another line apart (its proof fails to extract or to verify), the move
is searched again on a core of its own.  The proofs of one core share their
nodes, and the verifier walks a shared node once for all of them (the first
moves start from one position, so their lines share its history).

On a region too large for df-pn (where ``auto`` picks best-first search,
``search.choice``) the same rule sets are decided by a best-first (MCTS) search
of each first move alone, with the caller's evaluator: no table is shared, but
the moves a network likes are proven where df-pn's shared table would fill
before any is (book problems framed with ~40-60 empty points).

A first-move pass is a tenuki (``first_move_problem``; on a board with room off the
region, not on one that is all region): it does not count
toward the two passes that end the game, so "may I tenuki here?" is asked of
the game that goes on, as a player means it.  It is searched in the position's
cores like any first move (``DfpnCore.solve_move``'s ``tenuki``): a tenuki and two
moves lead where the two moves in the other order lead, so its searches meet the
other first moves' results there (s70: 4-17% fewer nodes in a classification).

Each first move classed ``ko`` (the position's best or not) is also measured
with ko threats as a resource (``search.ko_figure``): which side must win the
ko, and whether it is a direct ko or an approach ko with how many approach
moves, each figure with its two verified proofs; the threat rule sets join the
table of rule sets under their own names, so they share cores as the others do.

Every class comes with the verified proofs that make it: ``lives``: the win
under ``live``; ``seki``: the win under ``survive`` and the loss under
``live``; ``ko``: the win under the ko rule and the loss under ``survive``;
``dies``: the loss under the ko rule.  Each proof is rooted at the position
after the first move (``Problem.after``).  A first move that captures some of
the crucial stones leaves the rest at stake there; the shared core still reads
the crucial points it started with (a defender stone played again on a
captured one counts for it), so where that decides, its proof fails the check
and the move is searched on a core of its own, rooted after the move.

The classes ask only who may capture kos: a problem's own ko threats
(``Problem.ko_threats``) are set aside there, and the ko figure counts threats
from none.

A first move that captures a ko is illegal under the rule sets that forbid its
mover to capture kos (the attacker's under ``ko``, the defender's under ``live``
and ``survive``).  There the mover has lost the ko before it starts: the move
counts as a loss for it with no search, and where that result is one of the
two that make the class, the class has one proof and ``FirstMove.forbidden``
says which rule forbids the move (the engine's legality check, not a search,
is the evidence).

An attacker's first move that captures every stone at stake
(``Problem.at_stake``: the crucial stones, under ``live_any`` every defender
stone) ends the game where a rule set allows it: no position follows it to
prove anything about, so that loss of the defender has no proof, and
``FirstMove.ends_game`` says why (the engine's capture stands for the proof,
as its legality check does for a forbidden ko capture).  Where the move is a
ko capture that a rule set forbids the attacker, it is a loss for the attacker
there like any forbidden capture: the last stone taken by a ko is a ko.

The class of the position is the mover's best first move.  The budgets cover
the whole job, the proofs' checks included (the verifier reads the cancel flag
and the clock as it walks): a move whose searches, extraction or checks ran
out of budget (or were cancelled) is ``open``; the others keep their classes.

Knows problems, the df-pn core, proofs and the verifier; nothing about files,
threads or the GUI.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from engine_cy.board import BLACK, PASS, WHITE, Board
from engine_cy.dfpn import DfpnCore, ExtractionError
from engine_cy.node_rules import GOAL_CODES
from engine_cy.search_control import SearchControl, now
from tsumego_gui.core import coords
from tsumego_gui.core.book_lines import Book, moves_at
from tsumego_gui.core.problem import (
    Problem,
    captures_all,
    has_elsewhere,
    one_side_takes_kos,
    opponent,
)
from tsumego_gui.core.wording import PLAYERS, counted, who_takes_kos
from tsumego_gui.search import gc_pacing, mcts, verify
from tsumego_gui.search.evaluators import Evaluator
from tsumego_gui.search.ko_figure import (
    MAX_TRIED,
    KoFigure,
    one_side_threat_rules,
    threat_rules_name,
)
from tsumego_gui.search.params import MctsParams, SearchParams
from tsumego_gui.search.proof import (
    STUBBORN_WALK,
    Proof,
    fills_own_dame,
    ko_barred,
    line_length,
    line_lengths,
    main_line,
    stubborn_move,
    with_other_side,
)
from tsumego_gui.search.results import (
    ConversionStoppedError,
    Progress,
    control_progress,
    let_go,
    let_go_memo,
    to_proof_tree,
)
from tsumego_gui.search.running import run_watched

CLASSES = ("lives", "seki", "ko", "dies")     # best first for the defender
# the rule sets from the strongest claim for the defender to the weakest (each implies the
# next), and the class named by the first under which the defender wins ("dies": none)
CHAIN = ("live", "survive", "ko")
CLASS_OF = {"live": "lives", "survive": "seki", "ko": "ko"}
SEARCHES = ("dfs", "mcts")      # how each first move is decided (module docstring)
STATUS_OF_VERDICT = {"lives": "win", "dies": "loss"}
STATUS_OF_PROOF = {True: "win", False: "loss"}     # by the root's ``won``
OPEN = "open"
# the stop reasons of work on a move (a search, an extraction, a conversion, a check)
# that ran out of budget or was cancelled
BUDGET_STOPS = ("node budget", "time budget", "cancelled")
# nodes walked at most per proof to read how soon a first move's line ends (``quickest``:
# the GUI thread waits for it; a quick win has a small proof)
QUICK_WALK = 20_000
CORE_SHARE = 3      # each df-pn core's share of the table and proof budgets (``_Cores``)
# what a first-move pass is (``first_move_problem``), where the table shows one (QA s49: a
# settled dead group's single solve named a move, the table a pass as well, unexplained)
TENUKI_NOTE = ("pass is a tenuki: play goes on elsewhere, and it does not count toward the "
               "two passes that end the game")
# the same where the board is all region (``has_elsewhere``)
PASS_NOTE = ("pass is a pass: the board is all region, with nowhere else to play, and a pass "
             "after it ends the game")
# how each side reads a class
DEFENDER_WORDS = {"lives": "lives unconditionally", "seki": "lives in seki",
                  "ko": "ko (must win the ko to live)", "dies": "dies"}
ATTACKER_WORDS = {"dies": "kills", "ko": "ko (must win the ko to kill)",
                  "seki": "fails (seki)", "lives": "fails"}


@dataclass
class FirstMove:
    """One first move: its class (or ``open``), the proofs of that class, and why it is open."""

    move: int
    cls: str = OPEN
    proofs: list[Proof] = field(default_factory=list)
    why_open: str = ""
    verification: str = ""          # "verified", or what the verifier found wrong
    ko: KoFigure | None = None      # a ko move of a ``ko`` position: its measured figure
    ko_why: str = ""                # why such a move has no figure
    # a ko capture that one of the class's two rule sets forbids its mover: what stands
    # there for a proof (``classify``'s module docstring)
    forbidden: str = ""
    # a move that ends the game by capture ("captures every crucial stone"): the class is
    # the rules', with no position after it to prove anything about, so no proof
    ends_game: str = ""
    # the side that must win such a move's ko and still loses with ``MAX_TRIED`` threats
    # against none, proven (QA s52: a double ko read "must win the ko" with no more said),
    # and that proof (review s61: it ranks the kos, so a saved file keeps it to be checked)
    ko_beyond: int | None = None
    ko_beyond_proof: Proof | None = None

    @property
    def by_the_rules(self) -> str:
        """Why a move that ends the game has no proof, in words; "" for the others.  A
        ko capture of the last stone at stake is a ko (module docstring): the game ends
        only where its side may take the ko (QA s45: "ko" beside "the game is over")."""
        if not self.ends_game:
            return ""
        if self.forbidden:
            return (f"where its side may take the ko, the move {self.ends_game} and the "
                    f"game is over; where it may not, the move is {self.forbidden}")
        return f"the move {self.ends_game}: the game is over"

@dataclass
class Classification:
    """Every first move of the side to move with its class; the position's class."""

    problem: Problem
    to_play: int
    moves: list[FirstMove]
    seconds: float = 0.0
    nodes: int = 0
    cancelled: bool = False
    # a snapshot taken while the classification runs (``classify``'s ``decided``): its open
    # moves are not decided yet, rather than left open by the budget
    running: bool = False

    @property
    def defender_to_move(self) -> bool:
        return self.to_play == self.problem.defender

    @property
    def best_decided(self) -> str:
        """The class of the mover's best decided first move (``open``: none decided)."""
        order = CLASSES if self.defender_to_move else CLASSES[::-1]
        decided = [m.cls for m in self.moves if m.cls != OPEN]
        return min(decided, key=order.index) if decided else OPEN

    @property
    def status(self) -> str:
        """The position's class: the mover's best decided move; ``open`` when an open move
        could still be better."""
        best = self.best_decided
        best_there_is = CLASSES[0] if self.defender_to_move else CLASSES[-1]
        if any(m.cls == OPEN for m in self.moves) and best != best_there_is:
            return OPEN
        return best

    def best_moves(self) -> list[int]:
        """The first moves of the position's class; of a ``ko`` class with a measured best
        ko (:attr:`ko`, or one a side fails even with threats: ``_ko_rank``), the moves of
        that figure and those whose figure was not measured, which may be as good (QA s50:
        a tenuki that gave the opponent the first ko capture was exported ``RIGHT`` beside
        the direct ko)."""
        best, status = self._best_ko_rank(), self.status
        return [m.move for m in self.moves if m.cls == status and (
            best is None or self._ko_rank(m) in (None, best))]

    @property
    def failure(self) -> str:
        """The class that is a failure for the side to move (``dies`` for the defender,
        ``lives`` for the attacker)."""
        return CLASSES[-1] if self.defender_to_move else CLASSES[0]

    @property
    def failures(self) -> tuple[str, ...]:
        """Every class that fails the side to move: the attacker's fails in seki too."""
        return (CLASSES[-1],) if self.defender_to_move else CLASSES[:2]

    @property
    def need_not_play(self) -> bool:
        """The side to move keeps its best result with a tenuki: the pass is among the best
        moves, and that result is no failure for it (QA s50: a settled life's line began
        with a move that filled its own eye space).  Of a ko, only where every ko move's
        figure was measured (review s50: an unmeasured direct ko beside a measured tenuki)."""
        if self.status in (self.failure, OPEN) or PASS not in self.best_moves():
            return False
        return self.status != "ko" or all(self._ko_rank(m) is not None for m in self.moves
                                          if m.cls == "ko")

    def shown_move(self, book: Book | None = None) -> FirstMove | None:
        """The best first move with a proof whose line a diagram shows: a tenuki where it
        keeps the result (a book shows the attack and its answer), but a ko by a move that
        makes it (QA s52: the bent four in the corner's diagrams were "1: Black passes", no
        ko in sight), not by one that fills the mover's own dame (QA s55: White's first
        move filled its outside liberty, where the table said a tenuki kept the ko) unless
        no other line shows the ko.  Of equals, the one whose line ends soonest
        (:meth:`quickest`).
        ``book``: the file's lines, which the diagram's line follows."""
        stones = [m for m in self.moves if m.move in self.best_moves() and m.proofs
                  and m.move != PASS]
        dame = self._own_dame_fills(stones)
        shown = [m for m in stones if m.move not in dame]
        tenuki = [m for m in self.moves if m.move == PASS and m.proofs] \
            if self.need_not_play else []
        if self.status == "ko":
            # a move whose line reaches the ko (QA s55: the bent four in the corner's
            # approach A4 came first, and its line ended there, White having nothing left
            # but self-atari: no ko in sight, where the throw-in A2 shows it), a tenuki
            # rather than a fill of the mover's own dame, unless only that shows the ko
            order = shown + tenuki + [m for m in stones if m not in shown]
            return next((m for m in order if self._line_takes_a_ko(m, book)),
                        next(iter(order), None))
        if tenuki:
            return tenuki[0]
        if self.status == self.failure:
            # every move fails: the book's try, else the most stubborn, as a single solve's
            # line takes it (QA s56: the table's first row, White A1 filling its own 1-1
            # point, where the book tries D1)
            tries = [m for m in self.moves if m.cls != OPEN and m.proofs]
            book_tries = {e.move for e in moves_at(book, (), self.to_play)} if book else set()
            return next((m for m in tries if m.move in book_tries), None) or \
                (self.most_stubborn(tries) if tries else None)
        return self.quickest(shown or stones) if stones else None

    def most_stubborn(self, moves: list[FirstMove]) -> FirstMove:
        """Of ``moves`` (decided first moves with proofs, all failing the side to move), the
        most stubborn (``proof.stubborn_move`` over their lines' proofs)."""
        board = self.problem.to_board()
        board.to_play = self.to_play
        lines = [(m.move, self.line_proofs(m)[0].root) for m in moves]
        move = stubborn_move(lines, not self.defender_to_move, board, {}, STUBBORN_WALK)
        return next(m for m in moves if m.move == move)

    def move_to_play(self, best: list[FirstMove]) -> FirstMove:
        """Of ``best`` (first moves of the best class), the one to play or hint: a move
        rather than a pass, but a tenuki rather than a move that fills the mover's own dame
        (QA s55: the bent four in the corner's White A4); of the moves, the one whose line
        ends soonest (:meth:`quickest`), or where they all fail, the most stubborn."""
        tenuki = next((m for m in best if m.move == PASS), best[0])
        dame = self._own_dame_fills(best)
        stones = [m for m in best if m.move != PASS and m.move not in dame]
        if not stones:
            return tenuki
        # where every move fails, the longest resistance (review s58: the hint named the
        # quickest loss as "the most stubborn try")
        return self.most_stubborn(stones) if self.status == self.failure \
            else self.quickest(stones)

    def quickest(self, moves: list[FirstMove]) -> FirstMove:
        """Of ``moves`` (first moves of one class, the mover's best), the one whose line
        ends soonest against the most stubborn defence: the shortest longest line of its
        proof (:meth:`line_proofs`), a proof that takes more than ``QUICK_WALK`` nodes to
        read after all that take fewer; the first of equals.  The vital point that settles
        a life at once rather than a move that only keeps it (QA s57 kill-all D5: on a
        whole-board kill-all White played A5 in Black's area as "its best move", where B1
        makes two eyes at once)."""
        def length(fm: FirstMove) -> float:
            proof = self.line_proofs(fm)[0]
            n = -1 if proof is None else line_length(proof.root, line_lengths(proof),
                                                     QUICK_WALK)
            return n if n >= 0 else float("inf")

        return min(moves, key=length)

    def _own_dame_fills(self, moves: list[FirstMove]) -> set[int]:
        """The first moves of ``moves`` that fill the mover's own dame
        (``proof.fills_own_dame``)."""
        board = self.problem.to_board()
        board.to_play = self.to_play
        return {m.move for m in moves if fills_own_dame(board, m.move)}

    def _line_takes_a_ko(self, fm: FirstMove, book: Book | None) -> bool:
        """Whether the line of ``fm``'s proof (:meth:`line_proofs`, by the file's lines
        ``book`` and into the ko as far as its other side goes, as the CLI draws it) takes
        a ko, the first move too, or meets one that its rule bars (a diagram's note says
        so: "After 5: Black may not take the ko at A2")."""
        proof, other = self.line_proofs(fm)
        if other is not None:
            book = with_other_side(book, fm.move, other, self.to_play)
        board, tokens = proof.board(), []
        region = sorted(self.problem.region_or_all())
        try:
            for move in main_line(proof.root, board, goes_on=True, book=book,
                                  before=(fm.move,)):
                if board.ko_loc != PASS or ko_barred(board, region):
                    return True
                if move != PASS and not board.is_legal(move):
                    return False
                tokens.append(board.play(move))
            return board.ko_loc != PASS or ko_barred(board, region)
        finally:
            while tokens:
                board.undo(tokens.pop())

    def words(self, cls: str) -> str:
        """A class as the side to move reads it."""
        if cls == OPEN:
            return "open (not decided within the budget)"
        return (DEFENDER_WORDS if self.defender_to_move else ATTACKER_WORDS)[cls]

    def line_proofs(self, fm: FirstMove) -> tuple[Proof | None, Proof | None]:
        """(the proof a first move's line is shown and played by, the other of its class):
        the class's first, except for a ``ko`` class: the one the side to move wins, in
        which it may capture kos and its opponent may not, since a player who chooses a ko
        means to take it (the other is the same ko won by the opponent).  (None, None) for
        a move with no proof."""
        if fm.cls == "ko" and len(fm.proofs) == 2:
            won = fm.proofs[0] if self.defender_to_move else fm.proofs[1]
            return won, fm.proofs[1] if won is fm.proofs[0] else fm.proofs[0]
        return (fm.proofs[0] if fm.proofs else None), None

    def ko_fight(self, fm: FirstMove) -> tuple[Proof, Proof] | None:
        """A ko move's ko fought with threats (``search.ko_figure``): (the figure's proof in
        which the side to move wins, the other).  The first is the figure's win where the
        side to move must win the ko (it holds the threats it needs, its opponent none),
        else the figure's loss (the opponent one threat short, the side to move none); in
        the other, the opponent wins with one threat more.  None without a figure."""
        figure = fm.ko
        if figure is None or len(figure.proofs) != 2:
            return None
        win, loss = figure.proofs
        return (win, loss) if figure.side == self.to_play else (loss, win)

    def ko_other_side(self, fm: FirstMove, proof: Proof) -> Proof | None:
        """The other side of the ko that ``proof``, one of a ko move's proofs (of its class,
        :meth:`line_proofs`, or of its fight, :meth:`ko_fight`), shows; None for a proof of
        no ko."""
        for pair in (self.ko_fight(fm), self.line_proofs(fm)):
            if pair is not None and pair[1] is not None:
                if pair[0] is proof:
                    return pair[1]
                if pair[1] is proof:
                    return pair[0]
        return None

    def move_words(self, fm: FirstMove) -> str:
        """A first move's class as the side to move reads it, with its ko figure, or why a
        ko has none (QA s61: a ko row beside measured ones, with nothing said), or the
        capture that ends the game."""
        unmeasured = fm.cls == "ko" and fm.ko is None and fm.ko_beyond is None \
            and fm.ko_why and not fm.ends_game
        return self.words(fm.cls) + (f"; {fm.ko.words()}" if fm.ko is not None else "") \
            + (f"; {beyond_words(fm.ko_beyond)}" if fm.ko_beyond is not None else "") \
            + (f"; threats not measured: {fm.ko_why}" if unmeasured else "") \
            + (f" ({fm.ends_game})" if fm.ends_game else "")

    def _ko_rank(self, m: FirstMove) -> int | None:
        """How good ``m``'s measured ko is for the side to move, lower better: the threats
        it needs where it must win the ko, minus those its opponent needs where the opponent
        must; a side that fails even with ``MAX_TRIED`` threats needs one more than that.
        None: not measured."""
        if m.ko is not None:
            return m.ko.threats if m.ko.side == self.to_play else -m.ko.threats
        if m.ko_beyond is not None:
            return MAX_TRIED + 1 if m.ko_beyond == self.to_play else -(MAX_TRIED + 1)
        return None

    def _best_ko_rank(self) -> int | None:
        status = self.status        # (a property over every move: read once)
        ranks = [r for m in self.moves if m.cls == status
                 for r in [self._ko_rank(m)] if r is not None]
        return min(ranks) if ranks else None

    @property
    def ko(self) -> KoFigure | None:
        """The figure of the position's best ko move: the fewest threats where the side to
        move must win the ko, the most where its opponent must; None where none was measured,
        or where a move's ko the opponent fails even with ``MAX_TRIED`` threats is better
        than any figure (s61: the J group's header gave Black's approach ko, White needing
        3 threats, beside moves where White fails even with 3; :attr:`ko_beyond` says it)."""
        best, status = self._best_ko_rank(), self.status
        return next((m.ko for m in self.moves if m.cls == status and m.ko is not None
                     and self._ko_rank(m) == best), None)

    def status_words(self) -> str:
        """The position's class as the side to move reads it, with its ko figure; an open
        one with the best class decided so far where that is no failure for the side to
        move (QA s61: "open" where a ko was proven; review s61: "at least fails" read as
        a failure)."""
        if self.status == OPEN and self.best_decided not in (OPEN, *self.failures):
            opened = sum(m.cls == OPEN for m in self.moves)
            return (f"{self.words(OPEN)}; at least {self.words(self.best_decided)}, "
                    f"{counted(opened, 'first move')} open")
        ko = self.ko
        return self.words(self.status) + (f"; {ko.words()}" if ko is not None else "") \
            + (f"; {beyond_words(self.ko_beyond)}" if self.ko_beyond is not None else "")

    @property
    def ko_beyond(self) -> int | None:
        """The side that fails the position's ko even with ``MAX_TRIED`` threats to none:
        the opponent of the side to move where one of the best ko moves says so (nothing
        is better), the side to move where no figure was measured and every best ko move
        says so of it (review s52: one move's was said of the position)."""
        if self.status != "ko" or self.ko is not None:
            return None
        if self._best_ko_rank() == -(MAX_TRIED + 1):
            return opponent(self.to_play)
        sides = {m.ko_beyond for m in self.moves if m.move in self.best_moves()}
        return sides.pop() if len(sides) == 1 else None

    def set_aside(self) -> list[str]:
        """What the problem holds that the classes do not read, in a player's words (QA s46:
        a file's ko threat made ``solve`` say "lives" where ``--all`` said "dies", and a
        retake the file forbade was missing from the table, unexplained)."""
        notes = []
        held = [f"{PLAYERS[c]} {n}" for c, n in zip((BLACK, WHITE), self.problem.ko_threats,
                                                    strict=True) if n]
        own_rule = self.problem.ko_allowed != one_side_takes_kos(self.problem.defender, False)
        # QA s52: a file's TK[BW] read "lives" in a plain solve, "ko" in the classes
        rule = f"ko rule ({who_takes_kos(self.problem.ko_capture_allowed)})" if own_rule \
            else ""
        threats = f"ko threats ({', '.join(held)})" if held else ""
        if rule or threats:
            what = " and ".join(t for t in (rule, threats) if t)
            notes.append(f"the problem's {what} {'are' if held else 'is'} "
                         "set aside: the classes ask only who may capture kos, and a ko's "
                         "figure lets both sides capture them, counting the threats its "
                         "winner needs")
        ko_point = self.problem.ko_point
        if ko_point != PASS and self.to_play == self.problem.to_play:
            notes.append(f"{coords.to_gtp(ko_point, self.problem.size)} is no first move: a "
                         "ko was just taken there, and it may not be retaken at once")
        return notes


def beyond_words(side: int) -> str:
    """:attr:`FirstMove.ko_beyond` in words."""
    return (f"{PLAYERS[side]} fails even with {MAX_TRIED} ko threats to none (a double ko, "
            "or a ko that needs more)")


def rule_sets(problem: Problem) -> dict[str, Problem]:
    """The problem under each rule set of the classes: ``live``, ``survive`` (not on a
    kill-all board) and ``ko``."""
    research = one_side_takes_kos(problem.defender, False)
    turned = one_side_takes_kos(problem.defender, True)
    # ``derived``: a valid problem stays valid without its ko threats (see the module
    # docstring), under the other ko rule, and, with its crucial stones, under either goal
    # (validating again was a thirtieth of a small classification)
    problem = problem.derived(ko_threats=(0, 0))
    if problem.goal == "live_any":
        return {"live": problem.derived(ko_allowed=research),
                "ko": problem.derived(ko_allowed=turned)}
    return {"live": problem.derived(goal="live", ko_allowed=research),
            "survive": problem.derived(goal="survive", ko_allowed=research),
            "ko": problem.derived(goal="survive", ko_allowed=turned)}


def chain_of(rules: dict[str, Problem]) -> tuple[str, ...]:
    """The names of ``rules`` (:func:`rule_sets`) in :data:`CHAIN`'s order."""
    return tuple(name for name in CHAIN if name in rules)


def class_proofs(cls: str, chain: Sequence[str]) -> list[tuple[str, str]]:
    """(rule set, status) of the proofs that make class ``cls`` where the rule sets are
    ``chain``: the win under the rule set that names the class, and the loss under the
    one before it (``lives``: one proof, ``dies``: the loss under the last; empty for a
    class the chain has not, ``seki`` on a kill-all board)."""
    at = len(chain) if cls == "dies" else \
        next((i for i, name in enumerate(chain) if CLASS_OF[name] == cls), None)
    if at is None:
        return []
    return ([(chain[at], "win")] if at < len(chain) else []) + \
        ([(chain[at - 1], "loss")] if at > 0 else [])


def game_rules(problem: Problem) -> Problem:
    """``problem`` under the rules of a game: either side may take a ko (the rule sets that
    forbid one to its mover count it as lost there), no threats set aside."""
    return problem.derived(ko_allowed=(True, True), ko_threats=(0, 0))


def game_board(problem: Problem, to_play: int) -> Board:
    """:func:`game_rules`' board of ``problem``'s position, ``to_play`` to move."""
    board = game_rules(problem).to_board()
    board.to_play = to_play
    return board


def first_moves(board: Board, problem: Problem) -> list[int]:
    """The first moves :func:`classify` classes at ``board`` (:func:`game_board`): those a
    game allows in the region, and the pass, unless a pass came just before (the pass after
    it ends the game, and no position follows it to prove anything about)."""
    return board.legal_moves(problem.region_or_all()) + \
        ([] if board.consecutive_passes else [PASS])


def ends_game(problem: Problem, board: Board, move: int) -> bool:
    """Whether ``move`` of the side to move at ``board`` (``problem``'s position under the
    game's rules) is the attacker's and takes every stone at stake: the game is over, with
    no position after it (the module docstring)."""
    if move == PASS or board.to_play != problem.attacker:
        return False
    token = board.play(move)
    over = not any(board.color_at(p) == problem.defender for p in problem.at_stake())
    board.undo(token)
    return over


def dies_likely(moves: Sequence[FirstMove], defender_moves: bool) -> bool:
    """Whether the next first move had best be looked at under the last rule set first:
    where its class is ``dies``, that one search decides it (the loss under the ko rule is
    its one proof), where the middle one's would be followed by a second.  Guessed from
    the moves classed so far (``ko`` moves cost the same either way, so they do not
    count), with the defender's own moves leaning to ``dies`` (a player has few good
    ones) and the attacker's to living (the attacker's first move fails more often than
    not); no guess costs a wrong answer, only, where it is wrong, a search or a check."""
    dies = sum(fm.cls == "dies" for fm in moves)
    lives = sum(fm.cls in ("lives", "seki") for fm in moves)
    return dies + (0.5 if defender_moves else -0.5) > lives


def first_move_problem(problem: Problem, move: int, to_play: int) -> Problem:
    """The problem after a first move.  A first-move pass is a tenuki where the board has
    room elsewhere (:func:`has_elsewhere`): play goes on there, so it does not count
    toward the two passes that end the game.  On a board that is all region it is a pass."""
    child = problem.after(move, to_play)
    return child.derived(previous_pass=False) if move == PASS and has_elsewhere(problem) \
        else child


def pass_note(problem: Problem) -> str:
    """What a first-move pass is on ``problem``'s board, in words."""
    return TENUKI_NOTE if has_elsewhere(problem) else PASS_NOTE


class _Cores:
    """The df-pn cores, made when first needed: per rule set, one rooted at the position
    (its first moves share it; with ``pass_in_position_cores`` off, the pass has one
    rooted after it); and cores of one first move's own, for a move whose shared-table
    proof does not hold on its line."""

    def __init__(self, problems: dict[str, Problem], to_play: int, params: SearchParams):
        self.problems = problems
        self.chain = chain_of(problems)
        self.to_play = to_play
        self.params = params
        self.cores: dict[tuple[str, bool], tuple[DfpnCore, Board]] = {}
        self.own: DfpnCore | None = None      # the one in use (its table is large)
        self.own_nodes = 0                    # searched by those dropped
        # per core: its records converted to proof nodes, and the verifier's record of
        # the nodes it walked, so that the proofs of one core share both
        self.shared: dict[int, tuple[dict, verify.WalkRecord]] = {}
        # per core: the records its proofs were converted from, parents last, to be freed
        # one by one after the core (``results.let_go``)
        self.records: dict[int, list] = {}
        # per (rule set, rooted after the pass): the verifier's walked nodes of proofs
        # carried over to that rule set from another (``classify``'s ``carry_over``)
        self.carried_walked: dict[tuple[str, bool], verify.WalkRecord] = {}

    def shared_work(self, core: DfpnCore) -> tuple[dict, verify.WalkRecord]:
        """(proof nodes by record id, the verifier's walked nodes) of ``core``'s proofs."""
        if id(core) not in self.shared:
            self.shared[id(core)] = ({}, verify.WalkRecord())
        return self.shared[id(core)]

    def records_of(self, core: DfpnCore) -> list:
        return self.records.setdefault(id(core), [])

    def core(self, problem: Problem, board: Board, linked: bool = False) -> DfpnCore:
        # up to seven cores live at once (three rule sets, with and without a tenuki
        # where the pass has cores of its own, and one of a move's own): each gets a
        # third of the table and proof budgets, and full tables are collected, so that
        # the job stays within some 2.5 times one solve's memory (a shard of the
        # enclosed-dev suite was killed at 22.6 GB)
        return DfpnCore(board, problem.defender, GOAL_CODES[problem.goal], problem.crucial,
                        problem.region, SearchControl(1, 0.0),
                        max_entries=max(1000, self.params.max_table_entries // CORE_SHARE),
                        collect=self.params.collect_table,
                        max_proof_nodes=max(1, self.params.max_proof_nodes // CORE_SHARE),
                        either_ko_rule=linked)

    def apart(self, move: int) -> bool:
        """Whether the position after ``move`` is searched on cores rooted there (the pass,
        unless ``pass_in_position_cores``) rather than on the position's."""
        return move == PASS and not self.params.pass_in_position_cores

    def at(self, rules: str, move: int) -> tuple[DfpnCore, Board, bool]:
        """(core, its board, whether it is rooted after ``move``) that searches the
        position after ``move`` under ``rules``."""
        return (*self.get(rules, self.apart(move)), self.apart(move))

    def get(self, rules: str, tenuki: bool) -> tuple[DfpnCore, Board]:
        if (rules, tenuki) not in self.cores:
            problem = self.problems[rules]
            if tenuki:
                problem = first_move_problem(problem, PASS, self.to_play)
            board = problem.to_board()
            if not tenuki:
                board.to_play = self.to_play
            linked = self.params.share_rule_results and not tenuki and rules in self.chain
            self.cores[rules, tenuki] = (self.core(problem, board, linked), board)
            if linked:
                self.link(rules)
        return self.cores[rules, tenuki]

    def link(self, rules: str) -> None:
        """Let the new core of ``rules`` and the chain's other cores at the position take
        each other's results where they imply their own: a win of the defender under a
        rule set holds under every later one of the chain, a loss under every earlier
        one (the module docstring).  The first moves' searches under the second rule set
        then stop where the first proved the same, and so do their proofs, which the
        other core builds (s69: gop/12403 B's survive searches 1.53M -> 0.56M nodes)."""
        core = self.cores[rules, False][0]
        at = self.chain.index(rules)
        for other_rules in self.chain:
            if other_rules == rules or (other_rules, False) not in self.cores:
                continue
            other = self.cores[other_rules, False][0]
            earlier = self.chain.index(other_rules) < at
            core.take_results_of(other, defender_wins=earlier)
            other.take_results_of(core, defender_wins=not earlier)

    def own_core(self, rules: str, move: int) -> tuple[DfpnCore, Board]:
        """A core rooted at the position after ``move``, with a table of its own (the
        one made before is dropped)."""
        problem = first_move_problem(self.problems[rules], move, self.to_play)
        board = problem.to_board()
        if self.own is not None:
            self.own_nodes += self.own.nodes
            self.shared.pop(id(self.own), None)
            records = self.records.pop(id(self.own), [])
            let_go_memo(self.own)
            self.own = None
            let_go(records)
        self.own = self.core(problem, board)
        return self.own, board

    def let_go(self) -> None:
        """Free what the cores kept piece by piece: the shared maps entry by entry, then
        the cores one at a time.  Freed all at once (when ``classify`` returns), hundreds of
        thousands of entries and several cores' tables and records took one deallocation
        that held the GIL for some 130 ms, and the GUI thread waited; a Python loop lets
        other threads in between the pieces.  A core goes before its records (kept parents
        last as they were converted), so that its memo lets go of them without freeing
        any; then they go one by one."""
        for converted, walked in self.shared.values():
            while converted:
                converted.popitem()
            walked.let_go()
        for walked in self.carried_walked.values():
            walked.let_go()
        for core, _ in self.cores.values():
            core.forget_results_of()
        self.shared.clear()
        self.carried_walked.clear()
        while self.cores:
            let_go_memo(self.cores.popitem()[1][0])   # one core (its table) at a time ...
        if self.own is not None:
            let_go_memo(self.own)
        self.own = None
        while self.records:
            let_go(self.records.popitem()[1])     # ... and its records one by one

    @property
    def nodes(self) -> int:
        return (sum(core.nodes for core, _ in self.cores.values()) + self.own_nodes
                + (self.own.nodes if self.own is not None else 0))


def classify(problem: Problem, params: SearchParams | None = None, *,
             to_play: int | None = None,
             cancelled: Callable[[], bool] | None = None,
             progress: Callable[[Progress], None] | None = None,
             verify_positions: int | None = None, replays: int = 50,
             search: str = "dfs", evaluator: Evaluator | None = None,
             ko_figures: bool = True,
             decided: Callable[[Classification], None] | None = None,
             first: Sequence[int] = ()) -> Classification:
    """Classify every legal first move of ``to_play`` in the region, and the pass.

    ``search``: ``dfs`` (df-pn cores whose tables the first moves share) or
    ``mcts`` (a best-first search of each first move alone, guided by
    ``evaluator``, default uniform); see the module docstring.

    ``params``' budgets cover the whole job: each move first gets an even share
    of what is left, then the moves left open share the rest.  After a
    previous pass, the pass ends the game: it is not listed (no position
    follows it to prove anything about).  ``verify_positions``: the verifier's
    position budget for each proof (None: the verifier's own, as for a single solve).
    ``replays``: the verifier's random replays, as for a single solve, spread evenly
    over the proofs (a class rests on at most two, so each proof checked gets ``replays`` /
    twice the first moves, at least one): the walk checks every node of every proof in
    full, and the proofs of one position share their nodes, so a sample per proof as
    large as a single solve's adds checks of the same nodes (s61: half the verifier's
    time on small problems; s71: spread over the first moves alone, a small problem's
    classification made 56-96 replays where its solve made 50; the cut lines' replays,
    part of the game each proof covers, are all made).  ``ko_figures``: measure the ko
    moves with ko threats (module docstring), with what is left of the budgets.  ``decided``:
    called, in this thread, with a ``running`` snapshot of the classification before
    the first search (every move undecided) and each time a first move gets its class
    (a copy: the job goes on with its own).  ``first``:
    moves to decide before the others (a solve's winning moves), each with half of what is
    left in the first sweep: where the budget ends the job early, they are the moves a
    player most wants decided (a 19x19 book problem: the solve's winning move was left open
    among 140 others)."""
    if search not in SEARCHES:
        raise ValueError(f"unknown search {search!r} (choose from {', '.join(SEARCHES)})")
    params = SearchParams() if params is None else params
    to_play = problem.to_play if to_play is None else to_play
    start = now()
    deadline = start + params.max_seconds if params.max_seconds > 0 else 0.0
    # the game's rules (either side may take a ko): its position after each first move
    # serves every rule set of the chain (``after``)
    game = game_rules(problem)
    board = game_board(problem, to_play)
    rules = rule_sets(problem)
    chain = chain_of(rules)
    cores = _Cores(rules, to_play, params)
    moves = [FirstMove(m) for m in first_moves(board, problem)]
    tenuki = has_elsewhere(problem)     # the first-move pass (``first_move_problem``)
    out = Classification(problem, to_play, moves)
    proof_replays = max(1, round(replays / max(1, 2 * len(moves)))) if replays > 0 else 0

    def stopped() -> bool:
        return cancelled is not None and cancelled()

    # decided by best-first search: (status, the proof, not yet checked)
    best_first: dict[tuple[str, int], tuple[str, Proof]] = {}
    # by (rule set, first move): proofs as extracted, not yet checked (or None and why);
    # proofs carried over from another rule set, checked under this one
    extracted: dict[tuple[str, int], tuple[Proof | None, str]] = {}
    proven: dict[tuple[str, int], Proof] = {}
    best_first_nodes = 0

    afters: dict[tuple[str, int], Problem] = {}

    def after(rules_name: str, move: int) -> Problem:
        """The problem after a first move under a rule set (one it does not forbid), made
        once.  The chain's rule sets differ from the game only in goal and ko rule, which
        the move leaves as they are: its position is made once for all of them (a twentieth
        of a small problem's classification, s62)."""
        if (rules_name, move) not in afters:
            there = rules[rules_name]
            if rules_name in CHAIN:
                # the game allows what the rule set forbids: its callers ask first
                assert not forbidden(rules_name, move), (rules_name, move)
                if ("", move) not in afters:
                    afters["", move] = first_move_problem(game, move, to_play)
                afters[rules_name, move] = afters["", move].derived(
                    goal=there.goal, ko_allowed=there.ko_allowed)
            else:       # ko threats: a ko capture may spend one
                afters[rules_name, move] = first_move_problem(there, move, to_play)
        return afters[rules_name, move]

    def spent_nodes() -> int:
        return cores.nodes + best_first_nodes

    def budgets(share: float, base: int = 0) -> tuple[int, float] | str:
        """(node cap, seconds) for one search given ``share`` of what is left (a core's
        cap counts from its ``base`` nodes), or the budget that ran out."""
        left_time = deadline - now() if deadline else 0.0
        if deadline and left_time <= 0:
            return "time budget"
        left_nodes = params.max_nodes - spent_nodes() if params.max_nodes > 0 else 0
        if params.max_nodes > 0 and left_nodes <= 0:
            return "node budget"
        cap_nodes = base + max(1, int(left_nodes * share)) if left_nodes else 0
        return cap_nodes, max(left_time * share, 1e-3) if deadline else 0.0

    def search_alone(rules_name: str, move: int, share: float) -> tuple[str, str]:
        """(status, stop reason) of a best-first search of the position after ``move``;
        its proof is kept for ``prove``."""
        nonlocal best_first_nodes
        if (rules_name, move) in best_first:
            return best_first[rules_name, move][0], ""
        caps = budgets(share)
        if isinstance(caps, str):
            return "unknown", caps
        child = after(rules_name, move)
        offset = spent_nodes()

        def report(p: Progress) -> None:
            # the search is rooted after a first move: its root's status and principal
            # line would read as the position's
            elapsed = now() - start
            progress(replace(p, nodes=offset + p.nodes, elapsed=elapsed,
                             nodes_per_s=(offset + p.nodes) / max(elapsed, 1e-9),
                             root_status="", best_line=()))

        # its proof is converted within the job's budget too (QA s49: 20 s took 24-27)
        result = mcts.solve(child, MctsParams(max_nodes=caps[0], max_seconds=caps[1]),
                            evaluator=evaluator, cancelled=cancelled,
                            progress=report if progress else None, stop=budget_spent)
        best_first_nodes += result.nodes
        if result.proof is None:
            return "unknown", result.stop_reason or "budget"
        result.proof.stats["rules"] = rules_name
        status = STATUS_OF_VERDICT[result.verdict]
        best_first[rules_name, move] = status, result.proof
        return status, ""

    def run(core: DfpnCore, move: int, rooted_after: bool, share: float,
            extract: bool) -> tuple[str, object, str]:
        """(status, Result or None, why none) of one search of the position after ``move``."""
        caps = budgets(share, core.nodes)
        if isinstance(caps, str):
            return "unknown", None, caps
        control = SearchControl(*caps)

        def report(control: SearchControl) -> None:
            progress(control_progress(control, cores.nodes - core.nodes, now() - start,
                                      position_root=False))

        def search() -> tuple[str, object]:
            if rooted_after:
                return core.solve(control, extract)
            return core.solve_move(move, control, extract, tenuki=move == PASS and tenuki)

        try:
            with gc_pacing.bulk_allocation():
                status, result = run_watched(search, control, cancelled,
                                             report if progress else None)
        except ExtractionError as e:
            return "unknown", None, str(e)
        return status, result, core.stop_reason if status == "unknown" else ""

    def decide(rules_name: str, move: int, share: float) -> tuple[str, str]:
        """(status, stop reason) of the position after ``move`` under one rule set."""
        if search == "mcts":
            return search_alone(rules_name, move, share)
        core, _, rooted_after = cores.at(rules_name, move)
        status, _, why = run(core, move, rooted_after, share, extract=False)
        return status, why

    def proof_of(core: DfpnCore, board_there: Board, rules_name: str, move: int,
                 rooted_after: bool, share: float) -> tuple[str, Proof | None, str]:
        status, result, why = run(core, move, rooted_after, share, extract=True)
        if result is None:
            return status, None, why
        child = after(rules_name, move)
        converted, _ = cores.shared_work(core)
        records = cores.records_of(core)
        token = None
        if move == PASS and not rooted_after:
            # the child's own board: a tenuki is a pass that does not count, and
            # ``Board.play`` counts every pass
            board_there = child.to_board()
        elif not rooted_after:
            token = board_there.play(move)
        try:
            tree = to_proof_tree(result, board_there, child, converted, records,
                                 stop=budget_spent, lent=core.takes_results)
        except ConversionStoppedError as stopped:
            return "unknown", None, stopped.args[0]
        finally:
            if token is not None:
                board_there.undo(token)
        # "table": the search shared its table with the other first moves, or had its own
        proof = Proof(problem=child, to_play=child.to_play, root=tree, winning_moves=[],
                      stats={"rules": rules_name, "nodes": core.nodes,
                             "table": "own" if core is cores.own else "shared"})
        return status, proof, ""

    def extract(rules_name: str, move: int, status: str,
                share: float) -> tuple[Proof | None, str]:
        """The proof of a decided ``status`` as the search has it, not yet checked (or
        None and why), kept for ``prove``."""
        if (rules_name, move) in extracted:
            return extracted[rules_name, move]
        if search == "mcts":
            out = best_first[rules_name, move][1], ""
        else:
            core, board_there, rooted_after = cores.at(rules_name, move)
            got, proof, why = proof_of(core, board_there, rules_name, move, rooted_after,
                                       share)
            if proof is not None and got != status:
                # extraction searched a node again on its own line (a cover superko broke)
                proof, why = None, f"under {rules_name} the move's own lines change its result"
            out = proof, why
        if out[0] is not None:
            extracted[rules_name, move] = out
        return out

    def carry_over(rules_name: str, to_rules: str, move: int, status: str,
                   share: float) -> bool:
        """Whether the proof of ``status`` under ``rules_name`` is also one under
        ``to_rules``: the verifier checks it under those rules (see the module
        docstring); when it passes, it is that rule set's proof."""
        if forbidden(rules_name, move) or forbidden(to_rules, move):
            return False
        # a proof carried over already (``settle`` from the last rule set) is carried on
        proof = proven.get((rules_name, move)) or extract(rules_name, move, status, share)[0]
        if proof is None:
            return False
        there = after(to_rules, move)
        carried = Proof(problem=there, to_play=there.to_play, root=proof.root,
                        winning_moves=[],
                        stats={**proof.stats, "rules": to_rules, "carried_from": rules_name})
        walked = cores.carried_walked.setdefault((to_rules, cores.apart(move)),
                                                 verify.WalkRecord())
        # a proof that does not hold there is searched for: what is wrong with it is not
        # asked (a game ended by two passes is one: its leaf is "survives" under
        # ``survive`` only, and "passes" under the other goals only; the compiled walk
        # meets one sooner than a scan of the whole proof for it, s68)
        if checked(carried, None, walked, explain=False):
            return False
        proven[to_rules, move] = carried
        return True

    def prove(rules_name: str, move: int, status: str, share: float) -> tuple[Proof | None, str]:
        """The proof of a decided ``status``, and "" when the verifier passed it, else
        what is wrong (or why there is none).

        A proof carried over from another rule set was checked already.  A
        best-first search's proof is the one it kept.  The shared table's results
        were proven on the lines that first reached them; where superko tells this
        move's lines apart (the proof fails to extract or to verify), the move is
        searched again on a core of its own."""
        if (rules_name, move) in proven:
            return proven[rules_name, move], ""
        proof, why = extract(rules_name, move, status, share)
        if search == "mcts":
            return judged(proof, None)
        core = cores.at(rules_name, move)[0]
        if proof is not None:
            proof, why = judged(proof, core)
            if not why:
                return proof, ""
        if why in BUDGET_STOPS:
            # the budget ran out while the proof was built or checked (what was built
            # stays in the core's memo, for the next sweep): the move stays open, and no
            # search of the move alone is made either
            return None, why
        core, board_there = cores.own_core(rules_name, move)
        again, proof, why_again = proof_of(core, board_there, rules_name, move, True, share)
        if proof is None:
            return None, why_again or why
        if again != status:
            return None, (f"under {rules_name} the shared table and a search of this move "
                          "alone disagree (superko)")
        return judged(proof, core)

    def judged(proof: Proof, core: DfpnCore | None) -> tuple[Proof | None, str]:
        """``proof`` and what the verifier found wrong ("" if nothing); None and why
        where the budget ended the check before it was done."""
        why = checked(proof, core)
        return (None, why) if why in BUDGET_STOPS else (proof, why)

    forbidding: dict[tuple[str, int], str] = {}
    boards_of_rules: dict[str, Board] = {}

    def forbidden(rules_name: str, move: int) -> str:
        """Why ``move`` is illegal under a rule set (a ko capture its mover may not make
        there), or ""."""
        if (rules_name, move) not in forbidding:
            if rules_name not in boards_of_rules:
                boards_of_rules[rules_name] = rules[rules_name].to_board()
                boards_of_rules[rules_name].to_play = to_play
            forbidding[rules_name, move] = "" if move == PASS else (
                boards_of_rules[rules_name].illegal_reason(move) or "")
        return forbidding[rules_name, move]

    def checked(proof: Proof, core: DfpnCore | None,
                walked: verify.WalkRecord | None = None, explain: bool = True) -> str:
        # the proofs of one core follow the same history (the position before the first
        # move), so the verifier may reuse what it walked for the others
        if walked is None:
            walked = cores.shared_work(core)[1] if core is not None else None
        budget = {} if verify_positions is None else {"max_positions": verify_positions}
        report = verify.verify(proof, replays=proof_replays, walked=walked, stop=budget_spent,
                               explain=explain, **budget)
        if report.passed:
            return ""
        return report.stopped or "; ".join(report.errors[:1]) or \
            "the verifier's position budget ran out"

    def budget_spent() -> str:
        """Why the job must stop now (a cancel, the time budget), or ""; read by the
        verifier as it walks, so that checking the proofs keeps to the job's budget."""
        if stopped():
            return "cancelled"
        return "time budget" if deadline and now() >= deadline else ""

    def settle(fm: FirstMove, share: float, from_last: bool) -> None:
        ends = ends_game(problem, board, fm.move)

        def probe(lo: int, hi: int) -> int:
            # the rule set to look at next: the middle one (bisection), or, ``from_last``,
            # the last open one (the weakest claim for the defender first)
            return hi - 1 if from_last else (lo + hi - 1) // 2

        # search the chain for the first rule set under which the defender wins
        lo, hi = 0, len(chain)
        while lo < hi:
            mid = probe(lo, hi)
            if (chain[mid], fm.move) in proven:
                status = STATUS_OF_PROOF[proven[chain[mid], fm.move].root.won]
            elif forbidden(chain[mid], fm.move):
                status = "loss" if to_play == problem.defender else "win"
            elif ends:
                status = "loss"         # the defender's stones at stake are gone
            else:
                status, why = decide(chain[mid], fm.move, share)
            if status == "unknown":
                fm.why_open = why
                return
            if status == "win":
                hi = mid
            else:
                lo = mid + 1
            if lo < hi and not ends and (chain[probe(lo, hi)], fm.move) not in proven:
                # the rule set looked at next may have the same result by the same proof
                carry_over(chain[mid], chain[probe(lo, hi)], fm.move, status, share)
        cls = CLASS_OF[chain[lo]] if lo < len(chain) else "dies"
        proofs, faults, forbids, over = [], [], "", ""
        for rules_name, status in class_proofs(cls, chain):
            if forbidden(rules_name, fm.move):
                forbids = f"illegal under {rules_name} ({forbidden(rules_name, fm.move)})"
                continue
            if ends:        # a loss with no position after it to prove anything about
                over = captures_all(problem)
                continue
            proof, fault = prove(rules_name, fm.move, status, share)
            if proof is None:
                fm.why_open = fault
                return
            proofs.append(proof)
            faults.append(fault)
        fm.cls = cls
        fm.why_open = ""        # an earlier sweep may have left it open
        fm.proofs = proofs
        fm.forbidden = forbids
        fm.ends_game = over
        fm.verification = next((f for f in faults if f), "verified")

    def measure_ko(fm: FirstMove, share: float) -> None:
        """The ko figure after ``fm`` (``search.ko_figure``), or why it has none."""
        if fm.ends_game:        # no position after the capture: no fight with threats
            fm.ko_why = "the capture ends the game where the ko may be taken"
            return
        def status_with(for_defender: bool, threats: int) -> tuple[str, str, str]:
            name = threat_rules_name(for_defender, threats)
            if name not in rules:
                side = problem.defender if for_defender else problem.attacker
                rules[name] = one_side_threat_rules(problem, side, threats)
            return (name, *decide(name, fm.move, share))

        last = status_with(True, 0)
        if last[1] == "unknown":
            fm.ko_why = last[2]
            return
        for_defender = last[1] == "loss"        # the side that fails with no threats
        wins = "win" if for_defender else "loss"
        for threats in range(1, MAX_TRIED + 1):
            name, status, why = status_with(for_defender, threats)
            if status == "unknown":
                fm.ko_why = why
                return
            if status == wins:
                proofs = []
                for rules_at, status_at in ((name, status), last[:2]):
                    proof, fault = prove(rules_at, fm.move, status_at, share)
                    if proof is None or fault:
                        fm.ko_why = fault or "no proof"
                        return
                    proofs.append(proof)
                side = problem.defender if for_defender else problem.attacker
                fm.ko = KoFigure(side, threats, proofs)
                return
            last = (name, status, why)
        fm.ko_why = f"not won with {MAX_TRIED} ko threats"
        proof, fault = prove(last[0], fm.move, last[1], share)
        if proof is not None and not fault:
            fm.ko_beyond = problem.defender if for_defender else problem.attacker
            fm.ko_beyond_proof = proof
        else:       # review s61: "threats not measured: not won with 3 ko threats" alone
            fm.ko_why += f", but that is not proven ({fault or 'no proof'})"

    def snapshot() -> Classification:
        return replace(out, moves=[replace(m, proofs=list(m.proofs)) for m in moves],
                       seconds=now() - start, nodes=spent_nodes(), running=True)

    if decided is not None and not stopped():
        # every first move listed at once, none decided yet: a large problem's first class
        # can take most of the budget (QA s60: a minute of "classified after the solve…")
        decided(snapshot())
    for sweep in (0, 1):
        todo = sorted((fm for fm in moves if fm.cls == OPEN), key=lambda fm: fm.move not in first)
        for i, fm in enumerate(todo):
            if stopped():
                out.cancelled = True
                break
            # the first sweep gives each move an even share of what is left (a move to
            # decide first, half of it); the second gives the moves still open all of it,
            # one after another
            share = 1.0 / (len(todo) - i)
            if sweep == 0 and fm.move in first:
                share = max(share, 0.5)
            settle(fm, share if sweep == 0 else 1.0,
                   dies_likely(moves, to_play == problem.defender))
            if decided is not None and fm.cls != OPEN:
                decided(snapshot())
        if out.cancelled or not any(fm.cls == OPEN for fm in moves):
            break
    # every ko move, not only where the position is a ko: a ko that is not the best is
    # told apart by its figure too (QA s54 D10: the direct ko's F1 and pass read alike)
    kos = [fm for fm in moves if fm.cls == "ko"] if ko_figures else []
    for i, fm in enumerate(kos):
        if stopped():
            out.cancelled = True
            for unmeasured in kos[i:]:      # said as the time budget's are (QA s61)
                unmeasured.ko_why = "cancelled"
            break
        measure_ko(fm, 1.0 / (len(kos) - i))
    for fm in moves:
        if fm.cls == OPEN and not fm.why_open:
            fm.why_open = "cancelled" if out.cancelled else "budget"
    out.seconds = now() - start
    out.nodes = spent_nodes()
    cores.let_go()
    return out

