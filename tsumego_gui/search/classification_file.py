"""A classification (``search.classify``) saved as JSON or exported as SGF.

JSON (``to_json`` / ``from_json``): the problem as SGF text, the side to
move (``"B"``/``"W"``), and per first move (by its GTP name) its class, why it
is open, what the verifier found, its proofs in the proof JSON of
``search.proof``, and for a ko move its ko figure (``search.ko_figure``) with
that figure's two proofs, or the side that fails its ko even with the most threats
tried with that proof, and for a ko capture one of the class's rule sets forbids,
which.  Version 1 files (moves and sides as numbers, as in the proofs' version 1)
are still read.

SGF (``to_sgf``): the problem with the side to move as ``PL`` (the book's own
first moves left out: they would come first and read as the main line) and
its game info, then one variation per first move, the ``RIGHT`` ones first and
a pass after the stone moves.  Its comment starts with ``RIGHT`` for the moves
of the position's class when that class is a success for the side to move
(the convention of problem sites; a ko is a success when nothing better
exists, and of kos only the best: ``Classification.best_moves``), ``OPEN``
for a move not decided within the budget, else ``WRONG``,
followed by the class in words (and a ko move's figure) and what the tree
below shows; our own property ``TC`` holds the class word (``lives``,
``seki``, ``ko``, ``dies`` or ``open``).  Below it, the tree of the move's
proof (``search.proof.TreeWriter``): for a ko move with its figure, the ko
fought with threats, won by the side to move (``shown_tree``); otherwise
``Classification.line_proofs``' (for a ko, the one in which the side to move
wins it; for a ``WRONG`` ko move, the one in which its opponent does).  Below
a ``RIGHT`` move, the comment of each end of its lines starts ``RIGHT`` as
well (trainers judge a line by its end: ``search.proof.TreeWriter.mark_right_ends``),
a ko's too, whose tree is the ko won by the side to move; the other moves' lines
end unmarked.  Move comments say where the
tree's ko rule or a missing ko threat decides a move (``search.ko_notes``);
zones are in our own property ``TZ``; the root keeps the region as ``SQ``.
Other SGF programs open it as a problem file with variations.

Knows classifications, proofs and SGF; nothing about searching.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from sgfmill import sgf

from engine_cy.board import PASS
from tsumego_gui.core import coords
from tsumego_gui.core.book_lines import Book
from tsumego_gui.core.safe_write import write_atomically
from tsumego_gui.core.sgf_io import read_sgf, set_move, write_sgf
from tsumego_gui.core.wording import PLAYERS, counted
from tsumego_gui.search.classify import OPEN, Classification, FirstMove
from tsumego_gui.search.ko_figure import KoFigure, threats_held
from tsumego_gui.search.ko_notes import KoNotes
from tsumego_gui.search.proof import FORMAT as PROOF_FORMAT
from tsumego_gui.search.proof import (
    JSON_SIDES,
    Proof,
    TreeWriter,
    json_points_reader,
    malformed_as_value_error,
    problem_sgf_for,
    read_json_side,
    with_other_side,
)
from tsumego_gui.search.split_file import FORMAT as SPLIT_FORMAT

FORMAT = "tsumego_gui classification"
VERSION = 2         # see the module docstring; 1 is still read


def to_json(c: Classification) -> dict:
    name = coords.gtp_names(c.problem.size)
    return {
        "format": FORMAT,
        "version": VERSION,
        "problem_sgf": write_sgf(c.problem).decode("utf-8"),
        "to_play": JSON_SIDES[c.to_play],
        "status": c.status,
        "seconds": round(c.seconds, 4),
        "nodes": c.nodes,
        "cancelled": c.cancelled,
        "moves": [{"move": name[m.move], "class": m.cls, "why_open": m.why_open,
                   "verification": m.verification,
                   "proofs": [p.to_json() for p in m.proofs],
                   "ko": m.ko.to_json() if m.ko is not None else None,
                   "ko_why": m.ko_why, "forbidden": m.forbidden, "ends_game": m.ends_game,
                   "ko_beyond": None if m.ko_beyond is None else JSON_SIDES[m.ko_beyond],
                   "ko_beyond_proof": None if m.ko_beyond_proof is None
                   else m.ko_beyond_proof.to_json()}
                  for m in c.moves],
    }


def from_json(data: dict) -> Classification:
    version = data.get("version")
    if data.get("format") != FORMAT or version not in (1, VERSION):
        raise ValueError("not a tsumego_gui classification file (or another version)")
    problem = read_sgf(data["problem_sgf"].encode())[0]
    locs = json_points_reader(problem.size, version)
    moves = [FirstMove(locs([d["move"]])[0], d["class"], [Proof.from_json(p) for p in d["proofs"]],
                       d["why_open"], d["verification"],
                       KoFigure.from_json(d["ko"], version) if d.get("ko") else None,
                       d.get("ko_why", ""), d.get("forbidden", ""), d.get("ends_game", ""),
                       None if d.get("ko_beyond") is None
                       else read_json_side(d["ko_beyond"], version),
                       Proof.from_json(d["ko_beyond_proof"]) if d.get("ko_beyond_proof")
                       else None)
             for d in data["moves"]]
    return Classification(problem, read_json_side(data["to_play"], version), moves,
                          data["seconds"], data["nodes"], data["cancelled"])


def is_saved_proof(path: Path) -> bool:
    """Whether ``path`` is a proof, classification or split proof file this program saved
    (opened as a problem, only the problem in it is read; QA s57 areas D2: a split proof's
    was read without a word)."""
    if path.suffix.lower() != ".json" or not path.is_file():
        return False
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("format") in (PROOF_FORMAT, FORMAT,
                                                             SPLIT_FORMAT)


def save_json(c: Classification, path: str | Path) -> None:
    write_atomically(path, json.dumps(to_json(c)))


def load_json(path: str | Path) -> Classification:
    with malformed_as_value_error("classification"):
        return from_json(json.loads(Path(path).read_text()))


# what the tree under a first move shows, by (its proof's rule set, the defender wins)
TREE_SHOWS = {
    ("live", True): "how {group} lives unconditionally",
    ("live", False): "why {group} cannot live unconditionally",
    ("survive", True): "how {group} survives (a seki counts) without taking a ko",
    ("survive", False): "how it is killed when it may not take a ko",
    ("ko", True): "how {group} survives when it may take kos",
    ("ko", False): "how it is killed even when it may take kos",
}


def is_right(c: Classification, m: FirstMove) -> bool:
    """A first move is a correct answer: one of the best (``Classification.best_moves``:
    the position's class, the best ko of a ko), when that class is not a failure for
    the side to move."""
    return m.cls not in (c.failure, OPEN) and m.move in c.best_moves()


def shown_tree(c: Classification, m: FirstMove, group: str) -> tuple[Proof, str | None]:
    """The proof a first move's variation shows, and what it shows (None: no words for
    it): a ko move's fight with threats where it has a figure (``Classification.ko_fight``:
    the one its mover wins, or for a wrong ko move the one it loses, a threat short),
    else ``Classification.line_proofs``' line, in which the mover wins a ko, except for a
    wrong ko move: the line in which its opponent wins the ko."""
    fight = c.ko_fight(m)
    if fight is not None:
        # a wrong ko move shows the fight its mover loses, one threat short (QA s54 D10:
        # every ko move has its figure now, the wrong ones too)
        shown = fight[0] if is_right(c, m) else fight[1]
        need = "" if m.ko.side == c.to_play and shown is fight[0] else \
            f" ({PLAYERS[m.ko.side]} needs {counted(m.ko.threats, 'ko threat')})"
        return shown, f"the ko fought, {threats_held(shown.problem)}{need}"
    proof, other = c.line_proofs(m)
    if other is not None and not is_right(c, m):       # only a ko has another
        # a wrong ko move shows why it is wrong: the opponent's win of the ko (QA s49: the
        # mover's win was shown, the refutation the third reply below it)
        proof = other
    shows = TREE_SHOWS.get((proof.stats.get("rules"), proof.root.won))
    return proof, None if shows is None else shows.format(group=group)


def to_sgf(c: Classification, max_nodes: int = 200_000, book: Book | None = None) -> bytes:
    """The classification as SGF: the problem, each first move with its class and the tree
    that shows it, the right moves first; ``book``: the problem file's lines, which a
    losing side's replies follow where the proofs hold them (``proof.TreeWriter``)."""
    size = c.problem.size
    game = sgf.Sgf_game.from_bytes(problem_sgf_for(c.problem, c.to_play))
    root = game.get_root()
    side = PLAYERS[c.to_play]
    root.add_comment_text(f"tsumego_gui: {side} to play: {c.status_words()}.")
    writer = TreeWriter(size, c.problem.defender, max_nodes, book)
    group = "the black group" if c.problem.defender == 1 else "the white group"
    # the right moves first, and a pass after the stone moves of its word: another
    # viewer's main line is the first variation
    def word_of(m) -> str:
        return "OPEN" if m.cls == OPEN else "RIGHT" if is_right(c, m) else "WRONG"

    for m in sorted(c.moves, key=lambda m: (("RIGHT", "OPEN", "WRONG").index(word_of(m)),
                                            m.move == PASS)):
        word = word_of(m)
        text = f"{word}: {c.move_words(m)}"
        if m.cls == OPEN and m.why_open:
            text += f" ({m.why_open})"
        shows, proof = None, None
        if m.proofs:
            proof, shows = shown_tree(c, m, group)
            rules = replace(c.problem, goal=proof.problem.goal,
                            ko_allowed=proof.problem.ko_allowed,
                            ko_threats=proof.problem.ko_threats)
            other = c.ko_other_side(m, proof)
            writer.book = book if other is None else \
                with_other_side(book, m.move, other, c.to_play)
            node = writer.write(root, m.move, proof.root, c.to_play, KoNotes(rules, c.to_play))
        elif writer.left > 0:
            writer.left -= 1
            node = root.new_child()
            set_move(node, "bw"[c.to_play - 1], m.move, size)
        else:
            writer.cut, node = True, None
        if node is None:
            break
        node.set("C", f"{text}. The tree below: {shows}" if shows else text)
        node.set_raw("TC", m.cls.encode())
        if word != "OPEN":
            node.set("TE" if word == "RIGHT" else "BM", 1)
        # a ko's too: its tree is the ko won by the side to move (QA s62: the bundled kos'
        # answers never read as solved in a trainer, which judges a line by its end)
        if word == "RIGHT" and (proof is None or
                                proof.root.won == (c.to_play == c.problem.defender)):
            writer.mark_right_ends(node)
    writer.say_on_root(root)
    return game.serialise()
