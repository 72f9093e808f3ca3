"""Practice mode: the user plays the problem as posed; the app answers, from a proof or by thinking.

A :class:`Practice` game starts at the problem (or, for a first move's proof
browsed alone, right after that move) with the user as the side to move.
While the game stays on a known proof it is played through a *segment*: a
:class:`~tsumego_gui.qt.proof_view.TryIt` (or, with the first moves
classified, a :class:`~tsumego_gui.qt.try_first_move.TryFirstMove`) that
answers from the proof.  A move the proof does not cover -- or any move of a
problem never solved -- leaves the proof: the move is played on the game's own
board and the position after it is handed to ``ask(problem)`` to be solved on
demand, under the problem's rules (in a ko fought with threats, the fight's, with
the threats left; the window runs that in a worker thread with a short budget, then
calls :meth:`Practice.answer`).  A proven answer becomes the next segment; an
unproven one is said plainly and the app plays the book's reply where the game
is on one of the file's lines (``book``: ``core.book_lines``; QA s51 book D3),
else its best guess: the search's, if it had one (best-first search keeps a
best line, depth-first search none), else the region's move that the cheap
shape heuristic of best-first search likes best
(``search.evaluators.HeuristicEvaluator``); it passes only where no move of the
region is legal.

Hints (:meth:`Practice.hint`): the first press shades the zone of the node the
user is at, the second marks the proof's move there ("1"); where no proof
covers the position, a hint asks for a solve first, and where none is found in
time, says the book's move there, if the game is on the book's lines.  The end
of the game is said once, in the player's words: "Correct: White is dead",
"Wrong: Black lives", or "Ko: ..." after a first move whose class is ko.  A game
the app answered by unproven moves has no result, unless each of them was the
next move of the book's correct line, the game on it so far ("Correct, by the
book's correct line"; the game may go on past the line, on proofs).

Without the first moves' classes, the proofs a game is answered from are made
under the problem's ko rule, which lets one side alone capture kos (the
attacker, in a problem as posed).  A win for that side may then be only a won
ko, so the user's first move, once proven to win, is solved again before the
app answers it, with the ko rule turned round (the app's side may capture kos,
the user's may not, no threats: the classes' rule, ``search.classify``): where
the app then wins, the game is a ko, the app fights it (that proof is its
rival line, ``TryIt``) and the result is "Ko"; where it is not proven in time,
the "Correct" says the ko was not checked.  (A pass, and a first move the proof
at hand cut as a null move, are checked so at the game's end.)  Likewise a loss of
the side the rule forbids kos is only a lost ko, maybe: the first move is
solved again with that side alone allowed to capture kos, and where it then
wins, the result is "Ko", not "Wrong" (QA s52: the direct ko's right move
ended "Wrong").

The game's first move, a pass, is a tenuki, as in the classes
(``search.classify.first_move_problem``): play goes on elsewhere, and it does
not count toward the two passes that end the game (a proof's pass at its root
does, so such a pass leaves the proof); later passes count.

``switched``: the user plays the other side, and the app moves first (QA s51
book D2: on a "Black cannot be killed" problem with White to play, the side
worth practising is Black's): over the classification, its best first move or,
where every move fails, its most stubborn (``TryFirstMove``); over a proof, the
proof's move or stubborn reply at its root; with neither, by a solve.  Such a
game's ko check solves its start position with the ko rule turned round.

Same interface as ``TryIt`` for the proof browser (``user``, ``log``,
``finished``, ``node``, ``board``, ``play``, ``restart``, ``overlay``).
Knows problems, proofs, classifications, the rules engine and the heuristic
evaluator; nothing about widgets or threads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from engine_cy.benson import unconditionally_alive
from engine_cy.board import PASS, Board
from tsumego_gui.core import coords
from tsumego_gui.core.book_lines import Book, BookMove, moves_at
from tsumego_gui.core.problem import Problem, ProblemError, has_elsewhere
from tsumego_gui.core.sgf_io import RIGHT as BOOK_RIGHT
from tsumego_gui.core.sgf_io import WRONG as BOOK_WRONG
from tsumego_gui.core.wording import PLAYERS, capitalised, one_of, who_takes_kos
from tsumego_gui.qt.board_painter import NEXT_MOVE, BoardView, Overlay
from tsumego_gui.qt.proof_view import (
    GameLog,
    TryIt,
    forbidden_ko_points,
    gui_reader,
    move_refused,
    taking,
    view_of,
)
from tsumego_gui.qt.try_first_move import TryFirstMove, app_first_move
from tsumego_gui.search.classify import (
    OPEN,
    TENUKI_NOTE,
    Classification,
    FirstMove,
    first_move_problem,
)
from tsumego_gui.search.evaluators import HeuristicEvaluator, Query
from tsumego_gui.search.ko_figure import threats_held
from tsumego_gui.search.proof import (
    STUBBORN_WALK,
    Proof,
    ProofNode,
    line_lengths,
    meets_a_ko,
    stubborn_reply,
)

CORRECT, WRONG, KO = "correct", "wrong", "ko"
BARRED = "barred"      # a hint's move: lost by the line's rule, which bars it a ko there
# why a game ended, by the kind of the proof leaf (or of the position on the game's own board)
END_REASONS = {"goal": "unconditionally alive",
               "captured": "every crucial stone is captured",
               "passes": "two passes ended the game",
               # the goal's rule, said as such (QA s46: "seki counts as life" read as a
               # claim that the game ended in a seki)
               "survives": "two passes ended the game with its crucial stones still on the "
                           "board, which the goal counts as living"}


def position_problem(rules: Problem, board: Board) -> Problem:
    """The problem at ``board``'s position under ``rules`` (goal, defender, region, ko
    policy): its stones, side to move, superko history and a pass just played (as
    ``Problem.after`` builds it).  Crucial stones captured since are dropped; ProblemError
    when none is left (the game is over)."""
    locs = coords.all_locs(board.size)
    black = frozenset(p for p in locs if board.color_at(p) == 1)
    white = frozenset(p for p in locs if board.color_at(p) == 2)
    defender_stones = black if rules.defender == 1 else white
    # the board's ko ban and the threats left, not the start's (review s62: the start's ko
    # point, kept after the stones changed, made no problem)
    return replace(rules, black=black, white=white, to_play=board.to_play, to_play_given=True,
                   crucial=rules.crucial & defender_stones,
                   history=tuple(board.history()[:-1]),
                   previous_pass=board.consecutive_passes >= 1, book_moves=(),
                   ko_point=board.ko_loc,
                   ko_threats=(board.ko_threats(1), board.ko_threats(2)))


def game_end(rules: Problem, board: Board) -> tuple[bool, str] | None:
    """(the defender lives, why) when the game is over at ``board``, else None: the goal
    holds, every crucial (kill-all: every defender) stone is gone, or two passes ended it."""
    d = rules.defender
    on_board = [p for p in rules.at_stake() if board.color_at(p) == d]
    if not on_board:
        return False, END_REASONS["captured"]
    alive = unconditionally_alive(board, d)
    if any(rules.goal == "live_any" or rules.crucial & set(s) for s, _ in alive):
        return True, END_REASONS["goal"]
    if board.consecutive_passes >= 2:
        if rules.goal == "survive":
            return True, END_REASONS["survives"]
        return False, END_REASONS["passes"]
    return None


class Practice(GameLog):
    """One practice game (see the module docstring).

    ``ask(problem)`` is called when the game needs a position solved (the app to
    move after the user left the proof, or the user to move for a hint); the
    caller answers with :meth:`answer` (a proof, or None when unproven or failed).
    """

    def __init__(self, problem: Problem, ask: Callable[[Problem], None], *,
                 proof: Proof | None = None, classification: Classification | None = None,
                 first_move: int | None = None, seconds: float = 3.0,
                 switched: bool = False, book: Book | None = None):
        self.ask = ask
        self.seconds = seconds
        self.book = book or {}
        self._proof, self._classification, self._first_move = proof, classification, first_move
        self._not_switched = ""              # why the other side is not offered
        self._app_first: FirstMove | None = None     # switched: the app's first move
        if switched and classification is not None:
            try:
                self._app_first = app_first_move(classification)
            except ValueError as e:
                switched, self._not_switched = False, str(e)
        self.switched = switched
        if classification is not None:
            self.rules = classification.problem
            posed = classification.to_play
        elif proof is not None:
            self.rules = proof.problem
            posed = proof.to_play if first_move is None else 3 - proof.to_play
        else:
            self.rules = problem
            posed = problem.to_play
        self.posed = posed                   # the side to move as the problem is posed
        self.user = 3 - posed if switched else posed
        self.prover = 3 - self.user          # the app's side
        self.restart()

    # ---- state --------------------------------------------------------------------------

    def restart(self) -> str:
        c, proof = self._classification, self._proof
        self.segment: TryIt | TryFirstMove | None = None
        self._own: Board | None = None
        self.last_move: int | None = None
        # "answer" | "hint" | "ko" | "ko-first" while a solve runs
        self.thinking: str | None = None
        self.hint_level = 0
        self.move_shown = False              # a hint showed a move this game (second press)
        self._no_hint: tuple[int, str] | None = None    # (moves played, why) of a failed hint
        self.result: str | None = None       # CORRECT | WRONG | KO once the game is over
        self.finished = False
        self.ko = False                      # the game went into a first move classed ko
        self.seki = False                    # ... into a first move classed seki
        # the app played a move it could not prove: a game the player then wins shows
        # nothing about the player's moves (QA s46: the book's failure move was "Correct"
        # after the app's unproven passes)
        self.guessed = False
        self.booked = True          # ... and every such move was the book's
        self.book_right = True      # ... on the book's correct line
        self._book_checked = 0      # the moves looked at for the end of a book line
        self._barred: dict[int, int | None] = {}     # by proof node: ``_barred_ko_move``
        # the user's first move (for a first move's proof, the move before its root)
        self.opening: int | None = self._first_move if c is None and proof is not None \
            and not self.switched else None
        self._ending: tuple[bool, str] | None = None    # held while the ko check runs
        self._ko_taker = self.prover                    # the side the ko check lets take kos
        # whether the player's side had lost already after its first move (switched: at
        # the start), under the problem's ko rule, proven; None: not known (a lost game
        # is checked for a ko only where it was: QA s52, a blunder after a right first
        # move read "Ko")
        self._opening_lost: bool | None = None
        # the player was to move where a ko capture was there but the rule forbade it
        # (a lost game is checked for a ko only then: QA s53 D4, a blunder that gave the
        # ko away read "Ko")
        self._ko_faced = False
        # the ko check run before the app's first answer (``_check_ko_first``): its
        # (proof, failure), and the first answer's proof held while it runs
        self._first_ko_check: tuple[Proof | None, str] | None = None
        self._held: Proof | None = None
        # the rules of the ko fight the game left the proofs in, its threats as they were
        # when it began (the fight goes on off the proofs: ``_rules_off_the_proofs``)
        self._fight_begun: Problem | None = None
        opening = (f"You play {PLAYERS[self.user]}; the app "
                   f"{'moves first and answers' if self.switched else 'answers'} for "
                   f"{PLAYERS[self.prover]}")
        if c is not None:
            self.segment = TryFirstMove(c, self._app_first, self.book)
            first = self.segment.first
            if first is not None:
                self.ko, self.seki = first.cls == "ko", first.cls == "seki"
            source = "from the proofs of the first moves"
        elif proof is not None:
            self.segment = TryIt(proof, user=self.user, first_move=self._first_move,
                                 intro=("",), book=self.book)
            self.last_move = None if self._first_move == PASS else self._first_move
            source = "from the proof"
            root_lost = proof.root.won != (self.user == self.rules.defender)
            if root_lost or self.opening is not None or self.switched:
                # every first move loses where the root is lost; after a first move (or,
                # switched, at the start) the root is the position it is about
                self._opening_lost = root_lost
        else:
            self._own = self.rules.to_board()
            source = "by solving each position as it comes (a few seconds each)"
        not_switched = f"  (The app cannot play the other side here: " \
                       f"{self._not_switched}.)" if self._not_switched else ""
        self.log: list[str] = [f"{opening} {source}.  H: hint.{self._lost_note()}"
                               f"{not_switched}"]
        if self.switched and c is None and self._first_move is not None:
            # the first move browsed is the app's (review s52: it went unsaid)
            self._say(f"{PLAYERS[self.prover]} played {self._name(self._first_move)} (the "
                      "first move browsed).")
        # the moves played, on proofs and off them: numbered on the board when asked (QA
        # s44: practice numbered none)
        game = self._game()
        self.moves: list[int] = list(game.moves) if game is not None else []
        if self._app_passed_first():
            self._app_tenukis()
        elif game is not None:
            # a game that starts with the app's moves (the first line is its intro)
            self._take(game.log[1:-1] if game.finished else game.log[1:])
            self.last_move = game.last_move
            if game.finished:
                self._end_at_node(game.node)
            else:
                # where the app's moves end a book line, said after them (QA s55 D5: it
                # came after the player's reply, as if that had ended it)
                self._note_book_end()
        elif self.switched:
            self._think("answer")
        return self.log[-1]

    def _lost_note(self) -> str:
        """Where the side the player takes loses whatever it plays (proven), say so at the
        start (QA s51: a "Black cannot be killed" problem put the player on White, and
        every game ended "Wrong" unexplained)."""
        c, proof = self._classification, self._proof
        if c is not None:
            # switched: the app's first move has the position's class
            mover_wins = c.status in (("lives", "seki") if c.defender_to_move else ("dies",))
            lost = mover_wins if self.switched else c.status == c.failure
        elif proof is not None and (self._first_move is None or self.switched):
            lost = proof.root.won != (self.user == self.rules.defender)
        else:
            return ""
        if not lost:
            return ""
        goal = "lives" if self.prover == self.rules.defender else "kills"
        moves = "answer" if self.switched else "move"
        other = "" if self.switched else (
            f"; or O: play {PLAYERS[self.prover]}, the side that wins")
        return (f"  Every {PLAYERS[self.user]} {moves} fails here (proven): play your most "
                f"stubborn try and see how {PLAYERS[self.prover]} {goal}{other}.")

    @property
    def board(self) -> Board:
        """The game's engine board."""
        return self.segment.board if self.segment is not None else self._own

    @property
    def node(self) -> ProofNode | None:
        """The proof node the game is at; None off the proof (or before a first move)."""
        return self.segment.node if self.segment is not None else None

    def _take(self, lines: Sequence[str]) -> None:
        for line in lines:
            if line:
                self._say(line)

    # ---- the user's moves ---------------------------------------------------------------

    def play(self, loc: int) -> str:
        """The user's move; returns what the app says about it (and its answer)."""
        if self.thinking:
            return self._say("The app is thinking: wait for its answer (Esc stops it).")
        if self.finished:
            return self._say("The game is over: restart to try again.")
        self._ko_faced = self._ko_faced or self._ko_denied(loc)
        # said under the rules the game is played by (QA s62: a retake refused for want of
        # a threat, in a ko fought with threats, read "White may not do in this line")
        refused = move_refused(self.board, loc, self._line_rules(), self._name(loc))
        if refused:
            return self._say(refused + ".")
        first = len(self.log)
        self.hint_level = 0
        if self.opening is None:
            self.opening = loc
        held = self._wins_at_first(loc)
        if held is not None:
            self._hold_for_ko_check(loc, held)
        elif self._covered(loc):
            self._play_segment(loc)
        else:
            self._play_off(loc)
        if not self.finished:
            self._note_book_end()
        return "\n".join(self.log[first:])

    def _covered(self, loc: int) -> bool:
        """Whether the segment's proof answers ``loc`` here."""
        seg = self.segment
        if seg is None:
            return False
        if isinstance(seg, TryFirstMove) and seg.game is None:
            fm = next((m for m in seg.classification.moves if m.move == loc), None)
            return fm is not None and fm.cls != OPEN and bool(fm.proofs)
        if self._tenuki(loc):
            return False        # a proof's pass counts toward the two that end the game
        node = seg.node
        return node is not None and (loc in dict(node.children) or loc in dict(node.pruned))

    def _tenuki(self, loc: int) -> bool:
        """Whether ``loc`` is a pass as the game's first move after a move that was no
        pass: a tenuki, as the classes count it (``first_move_problem``), not a pass
        toward the two that end the game (QA s55: the square four with Black to play
        read "Wrong: White lives" after Black's pass and White's)."""
        return loc == PASS and not self.moves and not self.rules.previous_pass and \
            has_elsewhere(self.rules)

    def _wins_at_first(self, loc: int) -> ProofNode | None:
        """Where ``loc`` is the player's first move, a child of the proof at hand that
        wins for the player and the app answers, and the ko check before the app's answer
        is due (``_first_check_due``), that child (QA s53 D5: after a hint, White answered
        the L-four's ko move elsewhere); else None.  A move the proof cut as a null move
        is answered from the proof, and checked at the end."""
        seg = self.segment
        if len(self.moves) or not isinstance(seg, TryIt) or not self._first_check_due(loc):
            return None
        child = dict(seg.node.children).get(loc)
        if child is None or not child.children or \
                child.won != (self.user == self.rules.defender):
            return None
        return child

    def _hold_for_ko_check(self, loc: int, child: ProofNode) -> None:
        """Play the player's first move ``loc`` and hold the answer the proof at hand has
        for it (``child``) while the ko check runs."""
        self._leave_segment()
        before = self._own.captures(self.user)
        self._own.play(loc)
        self.moves.append(loc)
        self.last_move = loc
        self._say(f"You play {self._name(loc)}{taking(self._own, self.user, before)}: the "
                  "proof's move.")
        self._note_book_end()
        self._opening_lost = False
        held = Proof(position_problem(self.rules, self._own), self._own.to_play, child, [])
        if not self._check_ko_first(held):      # not expected: ``_wins_at_first`` asked
            self._held, self.thinking = held, "ko-first"
            self._answer(None, (), "the position could not be checked")

    def _play_segment(self, loc: int) -> None:
        seg = self.segment
        if isinstance(seg, TryFirstMove) and seg.game is None:
            fm = next(m for m in seg.classification.moves if m.move == loc)
            self.ko, self.seki = fm.cls == "ko", fm.cls == "seki"
        game = self._game()         # None before a first move is chosen
        before = len(game.moves) if game is not None else 0
        played = len(self.moves) + 1     # the moves once the player's is in
        lines = seg.play(loc).splitlines()
        game = self._game()
        if game is not None:
            self.moves += game.moves[before:]
        self.last_move = None if loc == PASS else loc
        if seg.finished:
            lines = lines[:-1]           # the segment's own end line: said once, below
        # the player's move is said first: where it ends a book line, that comes next
        # (QA s52: said after the app's answer, which read as the book's)
        self._take(lines[:1])
        self._note_book_end(played)
        self._take(lines[1:])
        if game is not None:
            self.last_move = game.last_move
        if seg.finished:
            self._end_at_node(seg.node, game.ko_fight if game is not None else None)

    def _leave_segment(self) -> None:
        if self.segment is not None:
            if self._fight_begun is None:
                self._fight_begun = self._fought()
            self._own = self.segment.board.copy()
            self.segment = None

    def _play_off(self, loc: int) -> None:
        """A move no proof at hand answers: play it and ask for a solve with the app to
        move."""
        seg = self.segment
        if isinstance(seg, TryFirstMove) and seg.game is None:
            fm = next((m for m in seg.classification.moves if m.move == loc), None)
            why = ("it is not among the classified first moves" if fm is None else
                   fm.ends_game if fm.ends_game else
                   f"its class is open ({fm.why_open or 'not decided'}): no proof to answer "
                   "from")
        elif seg is not None:
            why = "the proof does not cover it"
        else:
            why = "no proof covers this position yet"
        if self.ko and self._first_ko_check is not None:
            # the ko's line was the held proof's (review s53)
            why += "; off the ko's line, the app answers by the problem's rule from here"
        tenuki = self._tenuki(loc)
        if tenuki and isinstance(seg, TryIt):
            why = "a tenuki, which the proof at hand does not answer"
        self._leave_segment()
        if tenuki:
            # the position after it as the classes have it, its superko history too
            self._own = first_move_problem(self.rules, PASS, self.user).to_board()
        else:
            self._own.play(loc)
        self.moves.append(loc)
        self.last_move = None if loc == PASS else loc
        note = f"  ({capitalised(TENUKI_NOTE)}.)" if tenuki else ""
        self._say(f"You play {self._name(loc)}: {why}.{note}")
        if self._check_own_end():
            return
        self._note_book_end()
        self._think("answer")

    def _think(self, purpose: str) -> None:
        try:
            problem = position_problem(self._rules_off_the_proofs(), self._own)
        except ProblemError as e:       # not expected: game_end catches the empty cases
            self._say(f"The app cannot solve this position: {e}.")
            return
        self.thinking = purpose
        who = PLAYERS[problem.to_play]
        self._say(f"Thinking… (solving with {who} to play, up to {self.seconds:g} s)")
        self.ask(problem)

    def _rules_off_the_proofs(self) -> Problem:
        """The rules a position the proofs do not cover is solved under: the problem's
        own, except in a ko fought with threats (the game left a fight's line: its board
        lets both sides take kos), where the fight goes on with the threats left (QA s54
        D3: the approach ko's other approach point, D1, was answered under the problem's
        rule, and White, forbidden the retake, put itself in atari)."""
        board = self._own
        if board.ko_capture_allowed(1) and board.ko_capture_allowed(2):
            return replace(self.rules, ko_allowed=(True, True),
                           ko_threats=(board.ko_threats(1), board.ko_threats(2)))
        return self.rules

    def _check_own_end(self) -> bool:
        end = game_end(self.rules, self._own)
        if end is None:
            return False
        self._announce(*end)
        return True

    # ---- answers from a solve -----------------------------------------------------------

    def answer(self, proof: Proof | None, best_line: Sequence[int] = (),
               failure: str = "") -> str:
        """The solve asked for is over: ``proof`` (rooted at the position asked about), or
        None with the search's best line so far and why it failed, if it did."""
        purpose, first = self.thinking, len(self.log)
        self._answer(proof, best_line, failure)
        if purpose in ("answer", "ko-first") and not self.finished and not self.thinking:
            self._note_book_end()
        return "\n".join(self.log[first:])

    def _answer(self, proof: Proof | None, best_line: Sequence[int], failure: str) -> None:
        purpose, self.thinking = self.thinking, None
        if purpose is None:
            return
        if purpose == "ko":
            self._end_after_ko_check(proof, failure)
            return
        rival, checked = None, purpose == "ko-first"
        if checked:
            rival = self._after_first_ko_check(proof, failure)
            proof, purpose = self._held, "answer"
            self._held = None
        if proof is not None:
            played = self.moves[-1] if self.moves else None     # the player's, a pass too
            user_wins = proof.root.won == (self.user == self.rules.defender)
            d = PLAYERS[self.rules.defender]
            if not checked:         # said before the ko check's words
                self._say(f"Solved: with {PLAYERS[proof.to_play]} to play, {d} "
                          f"{'lives' if proof.root.won else 'dies'}.")
            # the position right after the player's first move (switched: the start)
            opening = purpose == "answer" and self._opening_lost is None and \
                len(self.moves) == (0 if self.switched else 1)
            if opening:
                self._opening_lost = not user_wins
                if user_wins and self._check_ko_first(proof):
                    return
            elif purpose == "hint" and not user_wins and not self.moves and \
                    not self.switched:
                # every first move loses, as where a game starts from a lost proof: the
                # end's ko check is due as without the hint (QA s55 D1: a hint before the
                # direct ko's E1 turned its "Ko" into "Wrong")
                self._opening_lost = True
            # the game's moves before the segment's first (its first is the last played)
            before = self.moves if self.last_move is None else self.moves[:-1]
            self.segment = TryIt(proof, user=self.user, first_move=self.last_move,
                                 intro=("",), book=self.book, before=tuple(before),
                                 rival=rival)
            # its first move is the one played last, counted already
            self.moves += self.segment.moves[0 if self.last_move is None else 1:]
            self._own = None
            # after the player's move, a pass too (QA s46: not said after a pass)
            if purpose == "answer" and not user_wins:
                # the app's answers are proven from here: said now (QA s45: practice
                # before a solve never said it), as the game's loss, not the move's fault
                # (every move may lose here), and "Wrong" stays the end's word, said once
                after = "From the start" if played is None else \
                    f"After your {self._name(played)}"
                # a first move lost while the player may not take a ko may be a ko, which
                # the end's check says (QA s52: the direct ko's right move read "this
                # game is lost")
                # (QA s53 D8: said flatly, it read as the ko move's refutation)
                proven = f"proven, where {who_takes_kos(self.rules.ko_capture_allowed)}" \
                    if opening and self._ko_check_due(False) and meets_a_ko(proof) \
                    else "proven"
                lost = "" if proven != "proven" else ": this game is lost"
                self._say(f"{after}, {d} "
                          f"{'lives' if proof.root.won else 'dies'} whatever "
                          f"{PLAYERS[self.user]} plays ({proven}){lost}.")
            if self._app_passed_first():
                self._app_tenukis()
                return
            if purpose == "answer":
                self._take(self.segment.log[1:-1] if self.segment.finished
                           else self.segment.log[1:])
                self.last_move = self.segment.last_move
                if self.segment.finished:
                    # where the app would take a ko (QA s53 D1: the reason was lost)
                    self._end_at_node(self.segment.node, self.segment.ko_fight)
            else:
                self._take([self._hint_text()])
            return
        why = failure or f"not proven within {self.seconds:g} s"
        booked = self._book_move(for_hint=purpose == "hint")
        if purpose == "hint":
            self.hint_level = 0
            said = f"No hint: {why}." if booked is None else \
                f"No proven hint ({why}); the book plays {self._name(booked)} here."
            # the book's move is a move shown (review s52: the game was marked solved)
            self.move_shown = self.move_shown or booked is not None
            if not failure:     # not proven in time: the same solve would say the same
                self._no_hint = (len(self.moves), said)
            self._say(said)
            return
        if booked == PASS and self.prover != self.rules.defender:
            booked = None       # an unsure attacker does not pass (below; QA s46)
        if booked is not None:
            self._say(f"The app could not prove an answer ({why}); it answers as the book "
                      f"does (not proven): {self._name(booked)}.")
            self._play_guess(booked, from_book=True)
            return
        guess = next((m for m in best_line[:1] if m == PASS or self._own.is_legal(m)), None)
        if guess == PASS and self.prover != self.rules.defender:
            # an attacker's pass when unsure lets two passes end the game with the group
            # on the board (QA s46); the point the line's opponent takes next is the one
            # both want (QA s48: the shape rules' F19 where the line named A17), else the
            # shape rules' move while there is one
            guess = next((m for m in best_line[1:2]
                          if m != PASS and self._own.is_legal(m)), None)
        shape = self._shape_guess() if guess is None else None
        if guess is not None:
            self._say(f"The app could not prove an answer ({why}); its best guess "
                      f"(not proven): {self._name(guess)}.")
        elif shape is not None:
            guess = shape
            self._say(f"The app could not prove an answer ({why}); its best guess (not "
                      f"proven), by simple shape rules: {self._name(guess)}.")
        else:
            guess = PASS
            self._say(f"The app could not prove an answer ({why}) and has no legal move in "
                      "the problem's region: it passes.")
        self._play_guess(guess)

    def _app_passed_first(self) -> bool:
        """Whether the game's only move is the app's first (switched), a pass of a proof
        at the start (not of the classes, whose pass is a tenuki already) after a move
        that was no pass."""
        return self.switched and self._classification is None and self.moves == [PASS] \
            and not self.rules.previous_pass and has_elsewhere(self.rules)

    def _app_tenukis(self) -> None:
        """The app's first move, a proof's pass (:meth:`_app_passed_first`), is a tenuki,
        as in the classes (``_tenuki``; QA s55 D4: the player's one pass after it ended the
        game, "the proof answers it" with nothing played): off the proof, with the player
        to move and no pass before."""
        self.segment = None
        self._own = first_move_problem(self.rules, PASS, self.prover).to_board()
        self.last_move = None
        self._say(f"{PLAYERS[self.prover]} plays pass.  ({capitalised(TENUKI_NOTE)}.)")

    def _play_guess(self, guess: int, from_book: bool = False) -> None:
        """The app plays ``guess``, a move it could not prove, on the game's own board."""
        before = self._own.captures(self.prover)
        verb = "answers" if self.moves else "plays"     # the app's first move, switched
        self._own.play(guess)
        self.moves.append(guess)
        self.guessed = True
        self.booked = self.booked and from_book
        self.book_right = self.booked and self.book_right and \
            self._book_verdict() == BOOK_RIGHT
        self.last_move = None if guess == PASS else guess
        self._say(f"{PLAYERS[self.prover]} {verb} {self._name(guess)}"
                  f"{taking(self._own, self.prover, before)}.")
        self._check_own_end()

    def _book_move(self, for_hint: bool = False) -> int | None:
        """The book's next move where the game has followed one of its lines, of the side
        to move and legal on the game's own board.  The book's lines are the posed side's:
        its moves are taken from lines not labelled failures (QA s52: a hint named the move
        after which the book says the group is dead), its opponent's from any (a failure
        line's refutation is that side's best answer)."""
        board = self._own
        if board is None:
            return None
        posed_moves = board.to_play == self.posed
        return next((e.move for e in moves_at(self.book, self.moves, board.to_play)
                     if not (posed_moves and e.verdict == BOOK_WRONG)
                     and (e.move == PASS or board.is_legal(e.move))), None)

    def _note_book_end(self, upto: int | None = None) -> None:
        """Where the moves played since the last look (up to the first ``upto``, None:
        all) finish one of the book's lines, say so, and what the book calls it (QA s52: a
        game went on past the end of the book's correct line, and past a failure line's,
        with nothing said)."""
        moves = tuple(self.moves[:upto])
        for n in range(self._book_checked + 1, len(moves) + 1):
            entry = self._book_entry(moves[:n])
            if entry is not None and moves[:n] not in self.book:
                kind = {BOOK_RIGHT: "correct line", BOOK_WRONG: "failure line"}.get(
                    entry.verdict, "line")
                self._say(f"The book's {kind} for {PLAYERS[self.posed]} ends here.")
        self._book_checked = len(moves)

    def _book_verdict(self) -> str:
        """What the book calls the line the whole game has followed (``BOOK_RIGHT``,
        ``BOOK_WRONG`` or ""); "" where a move left the book's lines (past their end
        too)."""
        verdict = ""
        for n in range(1, len(self.moves) + 1):
            entry = self._book_entry(self.moves[:n])
            if entry is None:
                return ""
            verdict = entry.verdict
        return verdict

    def _book_entry(self, moves: Sequence[int]) -> BookMove | None:
        """The book's entry for the last of ``moves`` (played from the start), or None
        where the book plays no such move there."""
        colour = self.posed if len(moves) % 2 else 3 - self.posed     # moves alternate
        return next((e for e in moves_at(self.book, moves[:-1], colour)
                     if e.move == moves[-1]), None)

    def _shape_guess(self) -> int | None:
        """The region's legal move that the heuristic evaluator's priors (captures, ataris,
        eye points, no self-atari) rank first at the game's own position, for the app to
        play where a search left no best guess; None when no move of the region is legal."""
        legal = tuple(self._own.legal_moves(self.rules.region_or_all()))
        if not legal:
            return None
        try:
            problem = position_problem(self.rules, self._own)
        except ProblemError:        # not expected: the game would be over
            return legal[0]
        (evaluation,) = HeuristicEvaluator().evaluate([Query(self._own, problem, legal)])
        priors = evaluation.priors
        return legal[max(range(len(legal)), key=lambda i: priors[i])]

    # ---- hints --------------------------------------------------------------------------

    def _user_node(self) -> ProofNode | None:
        """The proof node at which the user is to move, when the game is on a proof."""
        seg = self.segment
        if seg is None or seg.finished or self.board.to_play != self.user:
            return None
        return seg.node

    def hint(self) -> str:
        """First press: the zone of the node the user is at; second: the proof's move."""
        if self.thinking:
            return self._say("The app is thinking: wait for its answer.")
        if self.finished:
            return self._say("The game is over: restart to try again.")
        seg = self.segment
        if isinstance(seg, TryFirstMove) and seg.game is None:
            c = seg.classification
            if not any(m.proofs for m in c.moves if m.move in c.best_moves()):
                self._leave_segment()     # nothing decided to hint from: solve the position
        elif self._user_node() is None:
            self._leave_segment()
        self.hint_level = min(2, self.hint_level + 1)
        if self.hint_level == 1 and self.segment is not None and self._zone_is_everything():
            # a zone over every empty point of the region narrows nothing (QA s50: a
            # rabbity six's first hint shaded the whole fight): the move at once
            self.hint_level = 2
        self.move_shown = self.move_shown or self.hint_level == 2
        if self.segment is None:
            if self._no_hint is not None and self._no_hint[0] == len(self.moves):
                # asked here already: the same short solve would say the same (QA s52)
                self.hint_level = 0
                return self._say(self._no_hint[1])
            first = len(self.log)
            self._think("hint")
            return "\n".join(self.log[first:])
        return self._say(self._hint_text())

    def _zone_is_everything(self) -> bool:
        """Whether the hint's zone holds every empty point of the problem's region."""
        zone = self._hint_target()[0]
        rules = self.rules
        empty = rules.region - rules.black - rules.white
        return bool(empty) and empty <= zone

    def _hint_target(self) -> tuple[frozenset[int], int | None, bool | str]:
        """(zone, the move to hint, the user's side wins with it: True, False, ``KO`` (a
        first move that makes the best ko) or ``BARRED`` (lost, into a ko the line's rule
        bars the user)) where the user is."""
        seg = self.segment
        if isinstance(seg, TryFirstMove) and seg.game is None:
            c = seg.classification
            # QA s55: the hint named A4, which fills the player's own dame, where a tenuki
            # keeps the ko
            best = c.move_to_play([m for m in c.moves
                                   if m.move in c.best_moves() and m.proofs])
            zone = best.proofs[0].root.zone or frozenset()
            # a ko is the best either side gets there (QA s50: the attacker's best, a
            # direct ko, was hinted as "cannot win from here; the most stubborn try")
            wins = KO if best.cls == "ko" else \
                (c.to_play == c.problem.defender) == (best.cls in ("lives", "seki"))
            return zone, best.move, wins
        node = seg.node
        zone = node.zone or frozenset()
        if node.prover_move is not None:
            return zone, node.prover_move, True
        # the try the app would play in the user's place (``TryIt``): a threat first
        threats = gui_reader(seg.proof)
        threats.new_line()
        stubborn = stubborn_reply(node, seg.board, line_lengths(seg.proof), STUBBORN_WALK,
                                  threats=threats)
        if id(node) not in self._barred:        # a walk of proofs: once a node
            self._barred[id(node)] = self._barred_ko_move(node, seg.board, stubborn)
        barred = self._barred[id(node)]
        return (zone, barred, BARRED) if barred is not None else (zone, stubborn, False)

    def _barred_ko_move(self, node: ProofNode, board: Board, first: int) -> int | None:
        """Where the player loses at ``node`` (``board``: its position) under a rule that
        forbids it kos and nothing has settled the ko question, a move of the proof there
        whose line meets a ko (``proof.meets_a_ko``; ``first`` tried first), else None
        (QA s55 D2: before a solve, the direct ko's hint was F1, which dies with no ko,
        where E1 makes the ko the rule forbids White to fight)."""
        rules = self._line_rules()
        if not self._kos_forbidden(self.user) or forbidden_ko_points(board, rules):
            return None     # a ko barred here and now: the hint names it (``_hint_text``)
        for move, child in sorted(node.children, key=lambda mc: mc[0] != first):
            if move == PASS or not board.is_legal(move):
                continue    # a pass leads nowhere a player can follow (QA s55 regression)
            after = board.copy()
            after.play(move)
            try:
                line = Proof(position_problem(rules, after), after.to_play, child, [])
            except ProblemError:        # the move ends the game: no line after it
                continue
            if meets_a_ko(line, unknown=False):     # a hint says only what it knows
                return move
        return None

    def _hint_text(self) -> str:
        zone, move, wins = self._hint_target()
        if self.hint_level <= 1:
            return (f"Hint: the shaded zone ({len(zone)} points) is where this is decided; "
                    "H again shows a move.")
        name = self._name(move) if move is not None else "pass"
        # a pass has no point to mark (QA s46: "play pass (marked on the board)")
        marked = "" if move in (None, PASS) else " (marked on the board)"
        if move == PASS and wins in (True, KO):
            return (f"Hint: you need not play here: a tenuki keeps "
                    f"{'the ko' if wins == KO else 'the result'}.")
        if wins == KO:
            return f"Hint: play {name}{marked}: it makes a ko, the best you can get here."
        if wins == BARRED:
            user, rules = PLAYERS[self.user], self._line_rules()
            return (f"Hint: the proof says {user} cannot win from here, where "
                    f"{who_takes_kos(rules.ko_capture_allowed)}; {name}{marked} leads to a "
                    f"ko {user} may not fight in this line: in a game, a ko.")
        if wins:
            return f"Hint: play {name}{marked}."
        # a ko the line's rule forbids the player is why it cannot win (QA s53: "the most
        # stubborn try is pass" at the direct ko, the rule unsaid)
        rules = self._line_rules()
        kos = [] if rules.ko_capture_allowed(self.user) else \
            list(forbidden_ko_points(self.board, rules))
        why = f" ({PLAYERS[self.user]} may not take the ko at " \
            f"{', '.join(map(self._name, kos))} in this line: " \
            f"{who_takes_kos(rules.ko_capture_allowed)})" if kos else ""
        return (f"Hint: the proof says {PLAYERS[self.user]} cannot win from here{why}; the "
                f"most stubborn try is {name}{marked}.")

    # ---- the end ------------------------------------------------------------------------

    def _end_at_node(self, node: ProofNode, ko_fight: int | None = None) -> None:
        """The game ended at ``node`` of a segment's proof (at a leaf, or where the app
        would take the ko ``ko_fight`` that the line forbids it: ``TryIt``)."""
        if ko_fight is None:
            reason = END_REASONS.get(node.kind, "the proof's line ends here")
        elif ko_fight == self.board.ko_loc:
            # a retake at once takes a ko threat first (QA s54 D9: it read as a first take)
            reason = (f"{PLAYERS[self.prover]} would take the ko back at "
                      f"{self._name(ko_fight)} here, after a ko threat")
        else:
            reason = f"{PLAYERS[self.prover]} would take the ko at {self._name(ko_fight)} here"
        self._announce(node.won, reason)

    def _announce(self, defender_lives: bool, reason: str) -> None:
        """Say the result once, in the player's words (after the ko check where one is
        due: the module docstring)."""
        if self.finished or self.thinking:
            return
        self._note_book_end()
        won = defender_lives == (self.user == self.rules.defender)
        if won and self.guessed:
            # before the ko check and the "Ko" result too (review s46: a ko game the app
            # played by guesses was marked solved)
            self._finish(defender_lives, reason, None)
            return
        # won: was it only the app's kos that the rule forbade?  lost: the player's?  (QA
        # s52: the direct ko's right move ended "Wrong", the player's retake refused)
        if self._ko_check_due(won) and (won or self._ko_faced):
            self._ending = (defender_lives, reason)
            if won and self._first_ko_check is not None:       # asked already
                self._ko_taker = self.prover
                self._end_after_ko_check(*self._first_ko_check, said=True)
            else:
                self._check_ko(self.prover if won else self.user)
            return
        # a ko move's game the player lost (it passed instead of retaking, say) is lost:
        # "Ko" says the player won it, as the ko's winner (QA s44: it read "Ko", solved)
        self._finish(defender_lives, reason, KO if self.ko and won else None)

    def _finish(self, defender_lives: bool, reason: str, result: str | None,
                note: str = "") -> None:
        self.finished, self._ending = True, None
        d, user = PLAYERS[self.rules.defender], PLAYERS[self.user]
        state = "lives" if defender_lives else "is dead"
        if defender_lives and self.seki and reason == END_REASONS["survives"]:
            # the first move's class says what the two passes left (QA s50: a seki's
            # practice never said seki)
            state = "lives in seki"
        won = defender_lives == (self.user == self.rules.defender)
        if self.switched and self.opening is None:
            # the app's first move ended it: nothing of the player's was wrong (or right);
            # a ko the app's rule let it win is still a ko (review s55: "correct")
            self.result = result or (WRONG if not won else CORRECT)
            ko = "; in a game it is a ko" if result == KO else ""
            self._say(f"Game over: {d} {state} ({reason}) before {user} had a move{note}"
                      f"{ko}.")
            return
        if won and self.guessed:
            if self.book_right and not self.switched and not self.ko:
                # the app's unproven answers were the book's correct line's, the rest
                # proven (QA s52: it ended "not a proof" and was not marked; QA s53 D2:
                # the game went on past the book's line, on proofs)
                self.result = CORRECT
                self._say(f"Correct, by the book's correct line: {d} {state} ({reason})"
                          f"{note}.  The app answered from the book's correct line where "
                          "it could not prove a move.")
                return
            # the app's unproven moves may be what lost it: no result, said so
            if self.booked:
                # QA s52: the book's own lines ended in words that discounted them
                which = "" if self.book_right else ", and not on its correct line"
                self._say(f"Game over: {d} {state} ({reason}){note}.  The app answered as "
                          f"the book does where it could not prove a move{which}, so this "
                          "does not show that your moves were right.")
            else:
                self._say(f"Game over: {d} {state} ({reason}){note}.  The app played moves "
                          "it could not prove, so this does not show that your moves were "
                          "right.")
            return
        if result == KO:
            self.result = KO
            fought = self._fought()
            if fought is not None:
                self._say(f"Ko: {d} {state}: the ko was fought with ko threats elsewhere "
                          f"({threats_held(fought)} at the start; {reason}); in a game "
                          f"{user} must win the ko{note}.{self._better_than_ko()}")
                return
            # the line's rule, not a ko taken on it, may be what decided it
            kos = who_takes_kos(self._line_rules().ko_capture_allowed)
            self._say(f"Ko: {d} {state} in this line, where {kos} ({reason}); in a game "
                      f"{user} must win the ko{note}.{self._better_than_ko()}")
            return
        self.result = CORRECT if won else WRONG
        self._say(f"{'Correct' if won else 'Wrong'}: {d} {state} ({reason}){note}.")

    def _better_than_ko(self) -> str:
        """Where the classes say the player's side had better than a ko, what (QA s54 D4:
        a ko chosen where a clean life was at hand ended "Ko" with no word of it, and the
        problem was marked failed)."""
        c = self._classification
        if c is None or self.switched or c.status in ("ko", OPEN):
            return ""
        best = one_of([self._name(m) if m != PASS else "a tenuki" for m in c.best_moves()])
        return f"  Not the best: {best} {c.words(c.status)}, without a ko."

    def _line_rules(self) -> Problem:
        """The rules the game is played under: its proof's while it follows one (a first
        move's, under that move's rule set), else the problem's own (off the proofs, the
        app solves each position under them)."""
        game = self._game()
        return game.proof.problem if game is not None else self.rules

    def _fought(self) -> Problem | None:
        """The rules of the ko fight the game follows (a ko figure's proof, in which both
        sides may capture kos with threats: ``TryFirstMove``), as they were when the fight
        began, also once the game left the fight's proofs (QA s55 D6: the end then said
        "where only Black may capture kos" of a fight White had just retaken), or None."""
        if self._fight_begun is not None:
            return self._fight_begun
        rules = self._line_rules()
        return rules if all(rules.ko_allowed) else None

    def _ko_check_due(self, won: bool) -> bool:
        """Whether a game the player ``won`` (or lost) is solved again for a ko at its end:
        without the classes, where the problem's rule forbade the kos of the side that
        lost; a lost one only where its first move (switched: its start) was lost already,
        proven (review s52: a later blunder read "Ko")."""
        if not self._kos_forbidden(self.prover if won else self.user):
            return False
        if won:
            return self.opening is not None
        return bool(self._opening_lost) and (self.opening is not None or self.switched)

    def _kos_forbidden(self, side: int) -> bool:
        """Whether the game's proofs forbid ``side`` kos and nothing has settled the ko
        question yet: no classes, no ko found."""
        return not (self.ko or self._classification is not None
                    or self.rules.ko_capture_allowed(side))

    def _ko_denied(self, loc: int) -> bool:
        """Whether the player, to play ``loc``, meets a ko the problem's rule forbids it:
        the ko just taken, which it may not take back, or ``loc`` itself, a ko capture
        (review s53: any ko shape of the region counted, one standing from the start
        too)."""
        board = self.board
        if self.rules.ko_capture_allowed(self.user) or board.to_play != self.user:
            return False
        return bool({board.ko_loc, loc} & forbidden_ko_points(board, self.rules).keys())

    def _ko_check_rules(self, taker: int) -> Problem:
        """The problem's rules with only ``taker`` allowed to capture kos, no threats."""
        allowed = {taker: True, 3 - taker: False}
        return replace(self.rules, ko_allowed=(allowed[1], allowed[2]), ko_threats=(0, 0))

    def _check_ko(self, taker: int) -> None:
        """Solve the user's first move (where the app moved first, the start position)
        again with only ``taker`` allowed to capture kos: the app where the player won,
        the player where it lost."""
        first, rules = self._ko_subject(), self._ko_check_rules(taker)
        self._ko_taker = taker
        kos = f"{PLAYERS[taker]} allowed to capture kos and {PLAYERS[3 - taker]} not"
        if self.switched:
            start = self._proof.to_play if self._proof is not None else self.rules.to_play
            self.thinking = "ko"
            self._say(f"Checking for a ko: {self._ko_place()} solved again with {kos} (up "
                      f"to {self.seconds:g} s)…")
            self.ask(replace(rules, to_play=start, to_play_given=True))
            return
        board = rules.to_board()
        board.to_play = self.user
        if self.opening != PASS and \
                board.illegal_reason(self.opening) == "ko capture forbidden":
            self._finish(*self._ending, KO, f": {first} itself takes a ko")
            return
        try:
            problem = first_move_problem(rules, self.opening, self.user)
        except ProblemError as e:      # the game ended at the first move: nothing to check
            self._finish(*self._ending, None, f"; whether a ko could change it was not "
                                              f"checked ({e})")
            return
        self.thinking = "ko"
        self._say(f"Checking for a ko: {first} solved again with {kos} (up to "
                  f"{self.seconds:g} s)…")
        self.ask(problem)

    def _check_ko_first(self, proof: Proof) -> bool:
        """Where the ko check would be due if the player won, run it before the app
        answers the player's first move (switched: before the app's first move), with
        ``proof`` held meanwhile, so that the app can fight the ko the rule forbids it
        (QA s52 D5: without the classes, White answered the corner L-four's ko move
        elsewhere, and the game ended "Ko" with no ko played; QA s53 D3: the same for
        the app's first move, switched).  Whether it was asked."""
        if self._own is None or not self._first_check_due(self.opening):
            return False
        try:
            problem = position_problem(self._ko_check_rules(self.prover), self._own)
        except ProblemError:        # not expected: the game would be over
            return False
        self._held, self._ko_taker = proof, self.prover
        app = PLAYERS[self.prover]
        self.thinking = "ko-first"
        self._say(f"Checking for a ko before {app} "
                  f"{'plays' if self.switched else 'answers'}: {self._ko_place()} "
                  f"solved again with {app} allowed to capture kos and "
                  f"{PLAYERS[self.user]} not (up to {self.seconds:g} s)…")
        self.ask(problem)
        return True

    def _first_check_due(self, first: int | None) -> bool:
        """Whether the ko check runs before the app's answer to the player's first move
        ``first`` (switched: before the app's first move): where it would be due at the
        end of a game the player won, and the game is at that point."""
        if self.switched:
            return not self.moves and self._kos_forbidden(self.prover)
        return first not in (None, PASS) and len(self.moves) <= 1 and \
            self._ko_check_due(True)

    def _after_first_ko_check(self, proof: Proof | None, failure: str) -> Proof | None:
        """Keep the early ko check's outcome for the game's end; where the app wins once
        it may capture kos, the game is a ko: that proof, the app's rival line, else None."""
        self._first_ko_check = (proof, failure)
        if proof is None:
            # said now, not only at the end (QA s53 D7: Esc there went unsaid)
            why = failure or f"not proven within {self.seconds:g} s"
            self._say(f"The ko check did not finish ({why}): {PLAYERS[self.prover]} "
                      "answers by the problem's rule.")
            return None
        app = PLAYERS[self.prover]
        # switched: "From the start, Black wins ..." (QA s53: "Black from the start
        # fails", Black not having moved)
        mover = f"From {self._ko_place()}, {PLAYERS[self.user]}" if self.switched else \
            self._ko_place()
        if proof.root.won == (self.user == self.rules.defender):
            self._say(f"{mover} wins even when {app} may capture kos (proven): no ko.")
            return None
        self.ko = True
        self._say(f"{mover} {'does not win' if self.switched else 'fails'} when {app} may "
                  f"capture kos (proven): this is a ko, and {app} fights it.")
        return proof

    def _end_after_ko_check(self, proof: Proof | None, failure: str,
                            said: bool = False) -> None:
        """End the game with the ko check's outcome; ``said``: the early check's, whose "no
        ko" was said when it ran (QA s55 D8: the result line said it again)."""
        ending, self._ending = self._ending, None
        first, taker = self._ko_subject(), PLAYERS[self._ko_taker]
        if proof is None:
            why = failure or f"not proven within {self.seconds:g} s"
            self._finish(*ending, None, f"; whether a ko could change it was not checked "
                                        f"({why})")
            return
        wins = proof.root.won == (self.user == self.rules.defender)
        if self._ko_taker == self.prover:
            if wins:
                self._finish(*ending, None, "" if said else
                             f"; {first} wins even when {taker} may capture kos")
            else:
                self._finish(*ending, KO, f" ({first} does not win when {taker} may capture "
                                          "kos: proven)")
        elif wins:
            self._finish(*ending, KO, f" ({first} wins when {taker} may capture kos: "
                                      "proven)")
        else:
            self._finish(*ending, None, f"; {first} fails even when {taker} may capture kos")

    def _ko_place(self) -> str:
        """Where the ko check solves from, as its words name it: the player's first move,
        or (switched) "the start", "the position after X"."""
        if not self.switched:
            return self._name(self.opening)
        return "the start" if self._first_move is None else \
            f"the position after {self._name(self._first_move)}"

    def _ko_subject(self) -> str:
        """What the ko check solves again, as its words name it."""
        if not self.switched:
            return self._name(self.opening)
        user = PLAYERS[self.user]
        if self._first_move is not None:
            return f"{user} after {self._name(self._first_move)}"
        return f"{user} from the start"

    # ---- the board ----------------------------------------------------------------------

    def overlay(self, show_zone: bool = False) -> tuple[BoardView, Overlay]:
        """The position, crucial stones and last move; the zone and the hinted move only
        after H (``show_zone`` shows the zone anyway)."""
        board = self.board
        view = view_of(board)
        crucial = frozenset(p for p in self.rules.crucial
                            if view.color_at(p) == self.rules.defender)
        ov = Overlay(crucial=crucial, last_move=self.last_move, moves=tuple(self.moves))
        if self.segment is not None and not self.finished and \
                (self.hint_level or show_zone) and not self.thinking:
            zone, move, _ = self._hint_target() if self._hintable() else (frozenset(), None,
                                                                          False)
            labels = ((move, NEXT_MOVE),) if self.hint_level >= 2 and move not in (None, PASS) \
                else ()
            ov = replace(ov, zone=zone, labels=labels)
        return view, ov

    def _game(self) -> TryIt | None:
        """The game the segment plays on a proof (a first move's, once it is chosen), or
        None (off the proofs, or no first move yet)."""
        seg = self.segment
        return seg.game if isinstance(seg, TryFirstMove) else seg

    def _hintable(self) -> bool:
        seg = self.segment
        if isinstance(seg, TryFirstMove) and seg.game is None:
            c = seg.classification
            return any(m.proofs for m in c.moves if m.move in c.best_moves())
        return self._user_node() is not None
