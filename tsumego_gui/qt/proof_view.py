"""What the board shows at a proof node, in pictures and in words.

:func:`position_at` replays a path of the proof on an engine board;
:func:`overlay_at` turns the node into board marks (zone shaded, the
moves the proof must answer, null-moved moves, unconditionally alive chains
and their vital regions at leaves); :func:`explain` writes the plain-language
panel.  A proof of one first move (``search.classify``) is rooted at the
position after that move; the functions take that move as ``first_move`` so
the board marks it and the words name it.  :class:`TryIt` plays against a
proof.  Knows the proof data type, the rules engine and coordinates; nothing
about widgets.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace

from engine_cy.board import BLACK, PASS, WHITE, Board
from tsumego_gui.core import coords
from tsumego_gui.core.book_lines import Book
from tsumego_gui.core.wording import PLAYERS, counted, rules_text
from tsumego_gui.qt.board_painter import NEXT_MOVE, BoardView, Overlay
from tsumego_gui.search.classification_file import TREE_SHOWS
from tsumego_gui.search.ko_notes import KoNotes
from tsumego_gui.search.line_threats import ThreatReader, reader_for
from tsumego_gui.search.proof import (
    STUBBORN_WALK,
    Proof,
    ProofNode,
    book_reply,
    line_lengths,
    stubborn_reply,
)
from tsumego_gui.search.proof_memo import ProofMemo

# seconds the attacker's threat questions may take for one line (or one move of the app's)
# in the GUI thread: it waits for their searches (the solver worker reads with more)
GUI_LINE_SECONDS = 0.5
_gui_readers: ProofMemo[ThreatReader] = ProofMemo()


def gui_reader(proof: Proof) -> ThreatReader:
    """The reader the GUI thread asks ``proof``'s threats with (the browser, Try it,
    practice): the proof's (``line_threats.reader_for``, whose decided answers the worker
    shares) hurried to ``GUI_LINE_SECONDS`` a line, one per proof, so that the questions it
    leaves open are not asked again; each line or move begins with ``new_line``."""
    return _gui_readers.get(proof, lambda p: reader_for(p).hurried(GUI_LINE_SECONDS))


@dataclass(frozen=True)
class NodePosition:
    view: BoardView
    to_play: int
    last_move: int | None
    moves: tuple[int, ...]


def node_and_moves(proof: Proof, path: tuple[int, ...]) -> tuple[ProofNode, list[int]]:
    node, moves = proof.root, []
    for i in path:
        move, node = node.children[i]
        moves.append(move)
    return node, moves


def view_of(board: Board) -> BoardView:
    locs = coords.all_locs(board.size)
    return BoardView(board.size,
                     frozenset(p for p in locs if board.color_at(p) == BLACK),
                     frozenset(p for p in locs if board.color_at(p) == WHITE))


def position_at(proof: Proof, path: tuple[int, ...],
                first_move: int | None = None) -> NodePosition:
    """The position at ``path`` (moves replayed with captures); ``first_move``: the move that
    led to the proof's root (marked as the last move there)."""
    _, moves = node_and_moves(proof, path)
    board = proof.board()
    for m in moves:
        board.play(m)
    last = moves[-1] if moves else first_move
    return NodePosition(view_of(board), board.to_play, None if last == PASS else last,
                        tuple(moves))


def overlay_for_node(proof: Proof, node: ProofNode, view: BoardView, last_move: int | None,
                     show_next: bool = True) -> Overlay:
    crucial = frozenset(p for p in proof.problem.crucial
                        if view.color_at(p) == proof.problem.defender)
    uca = frozenset(p for stones, _ in node.uca for p in stones)
    vital = frozenset(p for _, regions in node.uca for r in regions for p in r)
    labels: tuple[tuple[int, str], ...] = ()
    move = node.prover_move
    if show_next and move is not None and move != PASS:
        labels = ((move, NEXT_MOVE),)
    return Overlay(zone=node.zone or frozenset(), crucial=crucial,
                   must_answer=frozenset(m for m in node.must_answer if m != PASS),
                   pruned=frozenset(m for m, _ in node.pruned if m != PASS),
                   uca=uca, vital=vital, last_move=last_move, labels=labels)


def overlay_at(proof: Proof, path: tuple[int, ...],
               first_move: int | None = None) -> tuple[NodePosition, Overlay]:
    pos = position_at(proof, path, first_move)
    node, _ = node_and_moves(proof, path)
    overlay = overlay_for_node(proof, node, pos.view, pos.last_move)
    # the moves numbered on the board when asked: a first move's proof starts after it
    played = ((first_move,) if first_move is not None else ()) + pos.moves
    return pos, replace(overlay, moves=played)


def _names(locs, size: int) -> str:
    return ", ".join(coords.to_gtp(m, size) for m in locs)


def taking(board: Board, mover: int, before: int) -> str:
    """", taking N stones" where ``mover`` has taken stones since it had taken ``before``
    (``board.captures``), else "" (QA s50: a player's stones went without a word)."""
    taken = board.captures(mover) - before
    return f", taking {counted(taken, 'stone')}" if taken else ""


def answer_to(node: ProofNode, move: int) -> int | None:
    """The reply the proof gives after ``move`` at ``node`` (the child's single move)."""
    for m, child in node.children:
        if m == move:
            return child.children[0][0] if len(child.children) == 1 else None
    return None


GOAL_WORDS = {"survive": "must survive (seki counts as life)",
              "live": "must live unconditionally",
              "live_any": "must make some stones live unconditionally"}


def forbidden_ko_points(board, problem) -> dict[int, str]:
    """The empty points of ``problem``'s region where the side to move at ``board`` may
    not take a ko, in board order, each with why: "ko" (a ko taken back at once) or "ko
    capture forbidden" (this line's rule)."""
    out = {}
    for p in sorted(problem.region_or_all()):
        if board.color_at(p) == 0:
            why = board.illegal_reason(p)
            if why in ("ko", "ko capture forbidden"):
                out[p] = why
    return out


def move_refused(board, loc: int, problem, name: str) -> str:
    """Why the side to move at ``board`` may not play ``loc`` (named ``name``) in
    ``problem``'s game, or "" where it may: a stone there first (QA s44: a stone inside the
    eye space was called "outside the problem's region"), then the region, then the
    rules (:func:`refusal`)."""
    if loc == PASS:
        return ""
    if board.color_at(loc) != 0:
        return f"{name} is occupied"
    if loc not in problem.region_or_all():
        return f"{name} is outside the problem's region"
    return "" if board.is_legal(loc) else refusal(board, loc, problem, name)


def refusal(board, loc: int, problem, name: str) -> str:
    """Why the side to move at ``board`` may not play ``loc`` (named ``name``) under
    ``problem``'s rules: a forbidden ko capture says whose kos the line's rules allow, since
    a player expects to take a ko."""
    reason = board.illegal_reason(loc)
    side = PLAYERS[board.to_play]
    if reason == "ko capture forbidden":
        return (f"{name} takes a ko, which {side} may not do in this line "
                f"({rules_text(problem)})")
    if reason == "ko":
        if not problem.ko_capture_allowed(board.to_play):
            return (f"{name} retakes the ko, which {side} may not do in this line "
                    f"({rules_text(problem)})")
        return (f"{name} retakes the ko at once: that takes a ko threat elsewhere first, and "
                f"{side} holds none in this line")
    return f"{name} is illegal here ({reason})"


def ko_note(proof: Proof, moves: list[int]) -> str:
    """What the line's ko rule or a missing ko threat decides at its last move
    (``search.ko_notes``, as the exported SGF says it), or ""."""
    notes = KoNotes(proof.problem, proof.to_play)
    note = ""
    for move in moves:
        token, note = notes.play(move)
        if token is None:
            return ""
    return note.removeprefix(". ") + "." if note else ""


def explain(proof: Proof, path: tuple[int, ...], first_move: int | None = None,
            problem_name: str = "The problem") -> str:
    """Plain-language description of the node at ``path``; ``first_move``: the move that
    led to the proof's root (a first move's proof), named in the line of moves;
    ``problem_name``: what the root's line calls the proof's problem (one that is not the
    problem on the board, e.g. an area's, says so)."""
    p = proof.problem
    size = p.size
    node, moves = node_and_moves(proof, path)
    mover = proof.to_play if len(moves) % 2 == 0 else 3 - proof.to_play
    d, a = PLAYERS[p.defender], PLAYERS[p.attacker]
    lead = [] if first_move is None else [first_move]
    first = proof.to_play if first_move is None else 3 - proof.to_play
    lines = []
    if lead or moves:
        seq = " ".join(f"{PLAYERS[first if i % 2 == 0 else 3 - first][0]} "
                       f"{coords.to_gtp(m, size)}" for i, m in enumerate(lead + moves))
        lines.append(f"After {seq}: {PLAYERS[mover]} to play.")
        if lead and not moves:
            lines.append(f"The proof of the first move {PLAYERS[first]} "
                         f"{coords.to_gtp(first_move, size)}, under its rules: "
                         f"{rules_text(p)}.")
            # why a survive problem's move has a proof under live (QA s45): what it shows
            shows = TREE_SHOWS.get((proof.stats.get("rules"), proof.root.won))
            if shows:
                group = f"the {PLAYERS[p.defender].lower()} group"
                lines.append(f"It shows {shows.format(group=group)}.")
    else:
        lines.append(f"{problem_name}: {PLAYERS[mover]} to play; {d} {GOAL_WORDS[p.goal]}.")
        if proof.winning_moves:
            # the proof's own: a solve proves one winning move (QA s45: "Winning first
            # moves: E1" where D1 lives too); the first moves' list has them all
            one = len(proof.winning_moves) == 1
            lines.append(f"Winning first move{'' if one else 's'} of this proof for "
                         f"{PLAYERS[mover]}: {_names(proof.winning_moves, size)}"
                         f"{' (the first moves list classes the others)' if one else ''}.")
    lines.append(f"{d} lives here." if node.won else f"{d} dies here.")
    ko = ko_note(proof, moves)
    if ko:
        lines.append(ko)
    if node.kind == "goal":
        chains = [stones for stones, _ in node.uca]
        # a region vital to two chains is one region
        vital = list(dict.fromkeys(frozenset(r) for _, regions in node.uca for r in regions))
        text = f"{d}'s goal holds: "
        if chains:
            text += ("the chain at " + "; the chain at ".join(
                coords.to_gtp(s[0], size) for s in chains)
                + (" are" if len(chains) > 1 else " is")
                + " unconditionally alive (Benson): ")
            points = "; ".join(_names(sorted(r), size) for r in vital)
            text += f"{counted(len(vital), 'vital region')} ({points}) that {a} can never fill."
        else:
            text += "unconditional life (Benson)."
        lines.append(text + " The zone is those chains and their regions.")
    elif node.kind == "captured":
        lines.append(f"Every crucial stone has been captured: {a} has killed.")
    elif node.kind == "passes":
        lines.append(f"Both sides passed and {d} has not reached the goal.")
    elif node.kind == "survives":
        lines.append(f"Both sides passed with {d}'s crucial stones on the board: under the "
                     "goal 'survive' that is life (seki counts). The zone is the crucial "
                     "points and the whole region: the game ends by passes only where "
                     "neither side has a move left that the proof would have to answer.")
    elif node.prover_move is not None:
        move = node.prover_move
        lines.append(f"{PLAYERS[mover]} plays {coords.to_gtp(move, size)} (marked on the board): "
                     "the proof's move here.")
    else:
        tried = [m for m in node.must_answer if m != PASS]
        if tried:
            passed = " and passing" if PASS in node.must_answer else ""
            lines.append(f"{PLAYERS[mover]} loses here whatever it plays: its moves "
                         f"{_names(tried, size)}{passed} are each answered below in the tree "
                         "(squares on the board).")
        elif node.pruned:
            lines.append(f"{PLAYERS[mover]} loses here whatever it plays: passing is "
                         "answered below in the tree, its other moves as null moves.")
        else:
            lines.append(f"{PLAYERS[mover]} loses here: its only move is to pass (no move "
                         "of the region is legal for it), answered below in the tree.")
    if node.pruned:
        by_cover: dict[int, list[int]] = defaultdict(list)
        for m, c in node.pruned:
            by_cover[c].append(m)
        for c, cut in sorted(by_cover.items()):
            reply = answer_to(node, c)
            after = f"{coords.to_gtp(c, size)}"
            if reply is not None:
                after += f": {PLAYERS[3 - mover]} {coords.to_gtp(reply, size)}"
            lines.append(f"Null moves: {PLAYERS[mover]}'s moves at {_names(sorted(cut), size)} "
                         f"(crosses) are answered as after {after}; they lie outside that "
                         "line's zone, so they change nothing that matters.")
    if path and moves:
        parent, _ = node_and_moves(proof, path[:-1])
        covered = [m for m, c in parent.pruned if c == moves[-1]]
        if covered and len(node.children) == 1:
            reply = node.children[0][0]
            lines.append(f"{PLAYERS[3 - mover]}'s moves outside the shaded zone "
                         f"({_names(sorted(covered), size)}) are answered as after "
                         f"{coords.to_gtp(moves[-1], size)}: {PLAYERS[mover]} "
                         f"{coords.to_gtp(reply, size)}.")
    if node.zone is not None:
        outside = len(node.zone - proof.problem.region_or_all())
        # a capture's zone is where the captured stones stood, empty now (QA s56 research
        # D6: it was said as stones in the fight)
        what = ("where the captured stones stood" if node.kind == "captured" else
                "stones of the chains in the fight and liberties that keep them, where no "
                "move is played")
        beyond = f", {outside} of them outside the region: {what}" if outside else ""
        lines.append(f"Shaded: the relevance zone ({len(node.zone)} points{beyond}). Any "
                     "position that agrees with this one inside it is decided the same way.")
    return "\n".join(lines)


class GameLog:
    """What a game the user plays says, in order (``log``), each line once in a row; and
    its points named as players read them.  The game gives ``board`` and ``log``."""

    board: Board
    log: list[str]

    def _name(self, loc: int) -> str:
        return coords.to_gtp(loc, self.board.size)

    def _say(self, text: str) -> str:
        if not self.log or self.log[-1] != text:     # a refusal said again is not news
            self.log.append(text)
        return text


class TryIt(GameLog):
    """Play against the proof as the problem is posed: by default the user plays the side to
    move (for a first move's proof, ``first_move``: the side that played it), the app the
    other side.

    At a node where the app's side wins, the app plays the proof's move there;
    where it loses, the problem file's next move where the game has followed the file's
    lines and the proof holds it (``book``: ``core.book_lines``; ``before``: the moves
    played before this game's first), else its most stubborn move of the proof
    (``proof.stubborn_reply``: the longest line below, where an attacker that
    cannot kill keeps its own chains out of atari and plays first a threat the
    player must answer, as the main line does: ``search.line_threats``, asked
    for ``GUI_LINE_SECONDS`` a move at most).
    The user's moves are looked up in the tree: moves outside a node's
    must-answer set that the proof cut as null moves are answered as after
    their covering move, and the game then follows that subtree on the real
    board (the consistent-replay conditions make that sound, and
    ``search.verify`` checks it by random replays).  Where the user's side
    wins, the proof holds only its own move: another one is refused, and the
    user is told that the proof says nothing about it.  ``first_move``: the move
    that led to the proof's root (a first move's proof, ``search.classify``),
    shown as the last move; ``intro``: lines the log starts with.  ``rival``: a
    proof of the same position under other rules in which the app's side wins
    (a ko class's other proof): where the app loses here but the rival, followed
    along the game's moves, has a winning move that this proof also holds, the
    app plays that one (it fights the ko it would win if it could take kos).
    Where the rival's move is a ko capture that this line forbids the app, the
    game has reached the ko fight, which ko threats decide and no proof of the
    classes holds: it ends there, saying so (``ko_fight``: that point; QA s43:
    the app passed, or played on elsewhere, and no ko was ever fought).  So does
    a pass of the app's, once the game has left the rival (the player's ko
    capture, which the rival's rule forbids), where this line's rule forbids the
    app to take a ko back (QA s53 D6: "White fights it", then White passed).
    Elsewhere a pass of the app's where this line's rules forbid it a ko capture
    says so.
    """

    def __init__(self, proof: Proof, user: int | None = None, first_move: int | None = None,
                 intro: tuple[str, ...] = (), rival: Proof | None = None,
                 book: Book | None = None, before: tuple[int, ...] = ()):
        self.proof = proof
        self.rival = rival
        self.book, self.before = book or {}, before
        # the side to move plays the problem; after a first move, the side that played it
        posed = proof.to_play if first_move is None else 3 - proof.to_play
        self.user = posed if user is None else user
        self.prover = 3 - self.user      # the app's side
        self.first_move = first_move
        self.intro = tuple(intro)
        self.restart()

    def restart(self) -> str:
        self.node = self.proof.root
        self._rival_node = self.rival.root if self.rival is not None else None
        self.board = self.proof.board()
        self.last_move: int | None = None if self.first_move == PASS else self.first_move
        # the moves played, the first move included: numbered on the board when asked
        self.moves: list[int] = [] if self.first_move is None else [self.first_move]
        self.finished = False
        self.ko_fight: int | None = None     # the ko the app would take where the game ended
        self.log: list[str] = list(self.intro) or [
            f"You play {PLAYERS[self.user]}; the proof answers for {PLAYERS[self.prover]}."]
        self._app_moves()
        return self.log[-1]

    def _check_end(self) -> bool:
        node, d = self.node, PLAYERS[self.proof.problem.defender]
        if node.kind == "goal":
            self._say(f"{d} lives: the goal holds (unconditionally alive).")
        elif node.kind == "captured":
            self._say(f"{d} dies: every crucial stone is captured.")
        elif node.kind == "passes":
            self._say(f"{d} dies: two passes ended the game.")
        elif node.kind == "survives":
            self._say(f"{d} lives: two passes ended the game with its crucial stones on "
                      "the board (seki counts as life).")
        elif not node.children:
            self._say("The proof ends here (no line below this node).")
        else:
            return False
        self.finished = True
        return True

    def _app_choice(self) -> int:
        """The app's move here: the proof's move where it wins, else the problem file's
        next move where the game is on its lines and the proof holds it (``book``,
        ``before``: the moves before this game's first), else its most stubborn reply
        (``proof.stubborn_reply``)."""
        node = self.node
        if node.prover_move is not None:
            return node.prover_move
        rival = self._rival_node
        if rival is not None and rival.prover_move in dict(node.children):
            return rival.prover_move
        booked = book_reply(self.book, (*self.before, *self.moves), node, self.prover)
        if booked is not None:
            return booked
        threats = gui_reader(self.proof)
        threats.new_line()        # each move's questions get budgets of their own
        return stubborn_reply(node, self.board, line_lengths(self.proof), STUBBORN_WALK,
                              threats=threats)

    def _advance(self, node: ProofNode, move: int) -> None:
        """Go to ``node`` by ``move`` on the board, the rival along with it while it has
        the move."""
        if self._rival_node is not None:
            self._rival_node = dict(self._rival_node.children).get(move)
        self.node = node
        self.board.play(move)
        self.moves.append(move)
        self.last_move = None if move == PASS else move

    def _app_moves(self) -> None:
        while not self._check_end() and self.board.to_play == self.prover:
            move = self._app_choice()
            if self._ko_to_fight(move):
                return
            why = self._why_pass() if move == PASS else self._retake(move)
            before = self.board.captures(self.prover)
            self._advance(dict(self.node.children)[move], move)
            took = taking(self.board, self.prover, before)
            # the app's first move of a game it starts answers nothing (QA s52)
            verb = "answers" if len(self.moves) > 1 else "plays"
            self._say(f"{PLAYERS[self.prover]} {verb} {self._name(move)}{took}{why}.")

    def _ko_to_fight(self, move: int) -> bool:
        """Whether the game has reached the ko fight (class docstring): the rival's move
        here is a ko capture this line forbids the app, or, the rival left, the app would
        pass (``move``) where this line's rule forbids it to take a ko back; if so, end
        the game there, saying so."""
        rival = self._rival_node
        take = rival.prover_move if rival is not None else None
        if take in (None, PASS) or self.board.illegal_reason(take) != "ko capture forbidden":
            left = self.rival is not None and rival is None and move == PASS and \
                not self.proof.problem.ko_capture_allowed(self.prover)
            take = next(iter(forbidden_ko_points(self.board, self.proof.problem)), None) \
                if left else None
            if take is None:
                return False
        self.ko_fight, self.finished = take, True
        back = " back" if self.board.illegal_reason(take) == "ko" else ""
        self._say(f"{PLAYERS[self.prover]} would take the ko{back} at {self._name(take)} "
                  f"here, which this line's rule forbids it "
                  f"({rules_text(self.proof.problem)}): from here the ko fight decides, "
                  "with ko threats.")
        return True

    def _retake(self, move: int) -> str:
        """Where ``move`` retakes a ko at once (legal with an external ko threat, which it
        spends: ``engine_cy.board``), that, as " (...)"; else ""."""
        board = self.board
        if move == PASS or move != board.ko_loc:
            return ""
        left = counted(board.ko_threats(board.to_play) - 1, "threat")
        return (f" (retaking the ko: a ko threat elsewhere, answered by "
                f"{PLAYERS[3 - board.to_play]}, pays for it; {left} left)")

    def _why_pass(self) -> str:
        """Where the side to move passes but for a ko it may not take (this line's rule, or
        a retake at once), the reason, as ": ..."; else ""."""
        board, rules = self.board, self.proof.problem
        points = forbidden_ko_points(board, rules)
        forbidden = [p for p, why in points.items() if why == "ko capture forbidden"]
        side = PLAYERS[board.to_play]
        if forbidden:
            return (f": taking the ko at {', '.join(map(self._name, forbidden))} is not "
                    f"allowed to {side} in this line ({rules_text(rules)})")
        retakes = [p for p, why in points.items() if why == "ko"]
        if retakes:
            where = ", ".join(map(self._name, retakes))
            if rules.ko_capture_allowed(board.to_play):
                return (f": retaking the ko at {where} at once takes a ko threat elsewhere "
                        f"first, and {side} holds none in this line")
            return (f": retaking the ko at {where} at once is against the ko rule, and in "
                    f"this line {side} may not capture kos at all ({rules_text(rules)})")
        return ""

    def play(self, loc: int) -> str:
        """The user's move; returns what the app says about it (and its answer)."""
        if self.finished:
            return self._say("The game is over: restart to try again.")
        node, board = self.node, self.board
        refused = move_refused(board, loc, self.proof.problem, self._name(loc))
        if refused:
            return self._say(refused + ".")
        children = dict(node.children)
        covers = dict(node.pruned)
        if loc in children:
            reply = answer_to(node, loc) if node.mover_loses else None
            to = children[loc]
            # in a player's words (QA s45: "a move the proof searched")
            note = f"You play {self._name(loc)}: " + (
                f"the proof refutes it with {self._name(reply)}." if reply is not None else
                "the proof's move." if not node.mover_loses else "the proof answers it.")
        elif loc in covers:
            c = covers[loc]
            to = children[c]
            # not "changes nothing": it may be the book's move (QA s52), only one the
            # proof need not read apart
            note = (f"You play {self._name(loc)}: it lies outside the zone of the answer to "
                    f"{self._name(c)}, so that answer works here too; answered as after "
                    f"{self._name(c)}.")
        elif node.prover_move is not None:
            return self._say(f"The proof does not cover {self._name(loc)}: your side wins here "
                             f"with {self._name(node.prover_move)}, the proof's move; it says "
                             "nothing about other moves (try that one).")
        else:
            return self._say(f"The proof has no line for {self._name(loc)} "
                             "(it should cover every legal move: please report this).")
        retake = self._retake(loc)
        if retake:
            note = note[:-1] + retake + "." if note.endswith(".") else note + retake
        before = board.captures(self.user)
        self._advance(to, loc)
        # the player's own captures too (QA s50 round 5: only the app's were said)
        played = f"You play {self._name(loc)}"
        note = note.replace(played, played + taking(self.board, self.user, before), 1)
        first = len(self.log)
        self._say(note)
        self._app_moves()
        return "\n".join(self.log[first:])

    def overlay(self, show_zone: bool = True) -> tuple[BoardView, Overlay]:
        view = view_of(self.board)
        ov = overlay_for_node(self.proof, self.node, view, self.last_move, show_next=False)
        if not show_zone:
            ov = Overlay(crucial=ov.crucial, last_move=ov.last_move, moves=tuple(self.moves))
        else:
            # in try-it the attacker's options stay hidden: zone only
            ov = Overlay(zone=ov.zone, crucial=ov.crucial, uca=ov.uca, vital=ov.vital,
                         last_move=ov.last_move, moves=tuple(self.moves))
        return view, ov
