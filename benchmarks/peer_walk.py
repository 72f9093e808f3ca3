"""Explain a verdict that differs from the peer's by playing the peer's moves against our proof.

Used by ``suite.py``.  When the peer says the defender lives and our disproof
says it dies (or the other way round), we walk down our tree: where the side
the peer backs is to move, the peer chooses the move (asked on the current
position, written out as a setup SGF with the same target mark); where the
other side moves, our tree answers.  The walk ends at one of our leaves, and
its kind says what the difference is:

* ``passes`` with a crucial stone still on the board: the game ended with the
  target alive but not unconditionally alive -- a seki or a shared-liberty
  shape.  tsumego.js only asks that the target is never captured; we ask for
  unconditional life (ARCHITECTURE §3), so this is a documented difference in
  semantics, not a wrong verdict;
* the peer's move is a ko capture our rules forbid there (the defender may
  not capture a ko, ARCHITECTURE §3 ko policy; or a simple-ko / superko
  retake): a documented difference in ko semantics;
* the peer gives up on the way (no move): its verdict changed along the line,
  which happens where ko and repetition history matter (the setup SGF cannot
  carry the ko ban or the path);
* anything else is unexplained and counts as wrong.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

from engine_cy.board import BLACK, PASS, WHITE
from tsumego_gui.core import coords
from tsumego_gui.search.proof import Proof

NAMES = {BLACK: "B", WHITE: "W"}
MAX_STEPS = 60


def position_sgf(board, size: int, target_mark: str) -> str:
    colours = board.colors()
    stones = {BLACK: "", WHITE: ""}
    for r in range(size):
        for c in range(size):
            if colours[r, c]:
                stones[int(colours[r, c])] += f"[{chr(97 + c)}{chr(97 + r)}]"
    black = f"AB{stones[BLACK]}" if stones[BLACK] else ""
    white = f"AW{stones[WHITE]}" if stones[WHITE] else ""
    return f"(;FF[4]GM[1]SZ[{size}]{black}{white}{target_mark})"


def peer_move(script: Path, peer_dir: Path, sgf_text: str, side: int, size: int) -> int | None:
    """The peer's winning move for ``side`` (PASS for a pass), or None when it has none."""
    with tempfile.NamedTemporaryFile("w", suffix=".sgf", delete=False) as f:
        f.write(sgf_text)
    try:
        done = subprocess.run(["node", str(script), str(peer_dir), f.name, NAMES[side]],
                              capture_output=True, text=True, timeout=120)
    finally:
        Path(f.name).unlink()
    out = json.loads(done.stdout.strip().splitlines()[-1])
    move = out.get("move")
    if not move:
        return None
    point = move[move.index("[") + 1:move.index("]")]
    if point in ("", "tt"):
        return PASS
    return coords.to_loc(ord(point[1]) - 97, ord(point[0]) - 97, size)


def explain(proof: Proof, sgf_path: Path, script: Path, peer_dir: Path) -> str:
    """One line saying why our verdict and the peer's differ (see the module docstring)."""
    problem = proof.problem
    size = problem.size
    text = sgf_path.read_text(errors="replace")
    marks = "".join(f"MA{part.split(']', 1)[0]}]" for part in text.split("MA")[1:])
    backed = problem.defender if not proof.root.won else problem.attacker
    board = problem.to_board()
    board.to_play = proof.to_play
    node, line = proof.root, []
    for _ in range(MAX_STEPS):
        if not node.children:
            break
        if board.to_play == backed:
            move = peer_move(script, peer_dir, position_sgf(board, size, marks), backed, size)
            if move is None:
                return ("peer gives up after " + " ".join(line)
                        + " (its verdict depends on ko or repetition history)")
            reason = board.illegal_reason(move) if move != PASS else None
            if reason in ("ko", "ko capture forbidden", "superko"):
                side = "defender" if backed == problem.defender else "attacker"
                return (f"ko: after {' '.join(line) or 'the start'} the peer's line needs "
                        f"{coords.to_gtp(move, size)}, a ko capture the {side} may not make "
                        f"here ({reason}; life must not depend on winning a ko)")
            children = dict(node.children)
            cover = dict(node.pruned).get(move)
            if move in children:
                child = children[move]
            elif cover is not None:
                child = children[cover]     # answered as after the covering null move
            else:
                return f"peer's move {coords.to_gtp(move, size)} is not in our tree: unexplained"
        else:
            move, child = node.children[0]
        line.append(coords.to_gtp(move, size))
        board.play(move)
        node = child
    alive = [p for p in problem.crucial if board.color_at(p) == problem.defender]
    if node.kind == "passes" and alive:
        return ("seki: after " + " ".join(line) + " the game ends with the target on the board "
                "but not unconditionally alive (we require unconditional life)")
    return f"unexplained: the walk ends at a '{node.kind}' leaf after " + " ".join(line)
