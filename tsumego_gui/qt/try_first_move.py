""""Try it" over a classification: the user plays any first move, the app answers from its proof.

The user plays the side to move at the position (``Classification.to_play``)
and may choose any first move, not only a right one.  The move's class is
said at once, and the game goes on from one of that move's proofs (rooted at
the position after it, under the rules of that proof) through a
:class:`~tsumego_gui.qt.proof_view.TryIt` in which the app plays the other
side: the proof's move where that side wins (a wrong first move is refuted),
its longest defence where it loses.  The proof is the class's first, except
after a move classed ``ko``.  With its ko figure (``search.ko_figure``) the
ko is fought with threats: the game follows the figure's proof in which the
user's side wins the fight (``Classification.ko_fight``), each retake spending
a threat elsewhere, and where the app loses it answers as it would win with one
threat more (the figure's other proof), so that it fights.  Without one, the
game follows the proof in which the user's side may capture kos and the app's
may not, since a player who chose a ko takes it, and where the app loses it
answers as it would win with the ko in hand (the other proof's move); the game
ends where the ko fight would begin (``Classification.line_proofs``).  An
open move has no proof to answer from and is refused with the reason.

``app_first``: the user plays the other side (QA s51 book D2: where every move
of the side to move fails, the side worth practising is its opponent's), and the
app plays that first move (:func:`app_first_move`: one of the class's best
moves, or, where every move fails, the most stubborn of them, by
``proof.stubborn_move`` over the first moves' proofs); the user answers from
there, and a ko move's line is the one the user's side wins (the app fights the
ko as above, with the roles turned round).

Same interface as ``TryIt`` (``user``, ``log``, ``finished``, ``node``,
``play``, ``restart``, ``overlay``), so the proof browser uses either.
Knows classifications, proofs and the rules engine; nothing about widgets.
"""

from __future__ import annotations

from engine_cy.board import PASS
from tsumego_gui.core import coords
from tsumego_gui.core.book_lines import Book
from tsumego_gui.core.wording import PLAYERS, capitalised
from tsumego_gui.qt.board_painter import BoardView, Overlay
from tsumego_gui.qt.first_move_list import short_class
from tsumego_gui.qt.proof_view import TryIt, move_refused, view_of
from tsumego_gui.search.classify import OPEN, Classification, FirstMove, pass_note
from tsumego_gui.search.ko_figure import threats_held


class TryFirstMove:
    def __init__(self, classification: Classification, app_first: FirstMove | None = None,
                 book: Book | None = None):
        self.classification = classification
        self.app_first = app_first
        self.book = book        # the problem file's lines, for the app's replies (``TryIt``)
        self.user = 3 - classification.to_play if self.switched else classification.to_play
        self.prover = 3 - self.user       # the app's side
        self.restart()

    @property
    def switched(self) -> bool:
        """The user plays the other side (module docstring)."""
        return self.app_first is not None

    # ---- the game ------------------------------------------------------------------------

    def restart(self) -> str:
        c = self.classification
        self.game: TryIt | None = None
        self.first: FirstMove | None = None
        self._board = c.problem.to_board()
        self._board.to_play = c.to_play
        if self.switched:
            self._log = [f"You play {PLAYERS[self.user]}: the app plays {PLAYERS[self.prover]}'s "
                         "first move, then answers from that move's proof."]
            fm = self.app_first
            # its best move, or where every move fails its most stubborn try
            what = "its most stubborn try" if c.status == c.failure else "its best move"
            said = (f"{PLAYERS[self.prover]} plays {self._name(fm.move)}, {what}: with best "
                    f"play, {c.move_words(fm)}.")
            self._start(fm, said)
            return self.log[-1]
        self._log = [f"You play {PLAYERS[self.user]}: choose any first move (or pass); the app "
                     f"answers for {PLAYERS[self.prover]} from that move's proof."]
        return self._log[-1]

    @property
    def log(self) -> list[str]:
        return self.game.log if self.game is not None else self._log

    @property
    def board(self):
        """The game's engine board (after the first move: the one of its proof's rules)."""
        return self.game.board if self.game is not None else self._board

    @property
    def finished(self) -> bool:
        return self.game is not None and self.game.finished

    @property
    def proof(self):
        """The proof the game follows; None before the first move."""
        return self.game.proof if self.game is not None else None

    @property
    def node(self):
        """The proof node the game is at; None before the first move."""
        return self.game.node if self.game is not None else None

    def _name(self, loc: int) -> str:
        return coords.to_gtp(loc, self.classification.problem.size)

    def _say(self, text: str) -> str:
        self.log.append(text)
        return text

    def play(self, loc: int) -> str:
        """The user's move; returns what the app says about it (and its answer)."""
        if self.game is not None:
            return self.game.play(loc)
        c = self.classification
        refused = move_refused(self.board, loc, c.problem, self._name(loc))
        if refused:
            return self._say(refused + ".")
        fm = next((m for m in c.moves if m.move == loc), None)
        if fm is None:
            return self._say(f"{self._name(loc)} is not among the classified first moves.")
        if fm.ends_game:
            # no position follows to play on: the move's class is the whole answer
            return self._say(f"You play {self._name(loc)}: {self.classification.words(fm.cls)}"
                             f"; {fm.by_the_rules}.  Choose another move to try.")
        if fm.cls == OPEN or not fm.proofs:
            return self._say(f"{self._name(loc)} is open ({fm.why_open or 'not decided'}): "
                             "there is no proof to answer from; choose another move.")
        verified = "" if fm.verification == "verified" else \
            f" (its proof is NOT verified: {fm.verification})"
        # the class is what best play from here gives, not where the game stands (QA s48:
        # "lives unconditionally" after one move of a line read as settled)
        said = f"You play {self._name(loc)}: with best play, {c.move_words(fm)}{verified}."
        if loc == PASS:
            # QA s50: after the player's pass and the app's, the game went on, unexplained
            said += f" ({capitalised(pass_note(c.problem))}.)"
        if fm.cls != c.status and c.status != OPEN:
            # the game goes on from the move played; the player hears what was better
            # (QA s44: the direct ko's F1 ended in a ko, and E1, a clean kill, went unsaid)
            best = ", ".join(self._name(m) for m in c.best_moves())
            word = c.status if c.status in ("seki", "ko") else short_class(c, c.status)
            said += f" Better: {best} ({word})."
        self._start(fm, said)
        return "\n".join(self.game.log[len(self._log):])

    def _start(self, fm: FirstMove, said: str) -> None:
        """The game goes on from ``fm``'s line, where the user's side takes the ko of a ko
        move (with the app fighting it by the other proof: the module docstring)."""
        c = self.classification
        self.first = fm
        fight = c.ko_fight(fm)
        line, rival = c.line_proofs(fm) if fight is None else fight
        if self.switched and rival is not None:
            line, rival = rival, line
        if fight is not None:
            said += f" The ko is fought with ko threats elsewhere: {threats_held(line.problem)}."
        self.game = TryIt(line, user=self.user, first_move=fm.move, rival=rival,
                          intro=(*self._log, said), book=self.book)

    # ---- the board -----------------------------------------------------------------------

    def overlay(self, show_zone: bool = True) -> tuple[BoardView, Overlay]:
        if self.game is not None:
            return self.game.overlay(show_zone)
        p = self.classification.problem
        view = view_of(self.board)
        crucial = frozenset(x for x in p.crucial if view.color_at(x) == p.defender)
        return view, Overlay(crucial=crucial)


def app_first_move(c: Classification) -> FirstMove:
    """The first move the app plays for the side to move where the user takes the other
    side: a best move (``Classification.move_to_play``), or, where every decided move
    fails, the most stubborn.  ValueError where no first move has a proof to play on."""
    if c.status == OPEN:
        raise ValueError("the position's class is open")
    playable = [m for m in c.moves if m.cls != OPEN and m.proofs and not m.ends_game]
    if not playable:
        raise ValueError("no first move has a proof to play on")
    if c.status != c.failure:
        best = [m for m in playable if m.move in c.best_moves()]
        if not best:        # a capture of every stone at stake, say: no game follows
            raise ValueError("no best first move has a position after it to play on")
        return c.move_to_play(best)
    return c.most_stubborn(playable)
