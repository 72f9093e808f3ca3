"""``tsumego info``: show a problem — board, fields, region, unconditionally alive chains."""

from __future__ import annotations

from engine_cy.benson import unconditionally_alive
from engine_cy.board import BLACK, WHITE
from tsumego_gui.cli.loading import load_from_args
from tsumego_gui.core import coords
from tsumego_gui.core.diagram import render_diagram
from tsumego_gui.core.posing import problem_warnings
from tsumego_gui.core.problem import Problem
from tsumego_gui.core.wording import PLAYERS, counted, printable


def describe(problem: Problem) -> str:
    """A human-readable report of one problem."""
    size = problem.size
    board = problem.to_board()
    alive = {c: unconditionally_alive(board, c) for c in (BLACK, WHITE)}
    marks: dict[int, str] = {}
    if problem.region:
        marks.update({p: "+" for p in problem.region if board.color_at(p) == 0})
    for c, mark in ((BLACK, "#"), (WHITE, "@")):
        for stones, _ in alive[c]:
            marks.update({p: mark for p in stones})
    gtp = lambda locs: " ".join(coords.to_gtp(p, size) for p in sorted(locs)) or "-"  # noqa: E731
    lines = []
    if problem.title:
        lines.append(printable(problem.title))
    lines.append(render_diagram(board, marks=marks, coordinates=True))
    region_mark = "+ region (empty points)  " if problem.region else ""
    lines.append(f"legend: X black  O white  {region_mark}"
                 "# / @ unconditionally alive black / white")
    to_play = PLAYERS[problem.to_play]
    if not problem.to_play_given:
        to_play += " (not given: either side)"
    region = counted(len(problem.region), "point") if problem.region else "whole board"
    lines += [
        f"size:         {size}x{size}",
        f"to play:      {to_play}",
        f"defender:     {PLAYERS[problem.defender]} (must live), "
        f"attacker: {PLAYERS[problem.attacker]}",
        f"goal:         {problem.goal}",
        f"crucial:      {gtp(problem.crucial)}",
        f"region:       {region}",
        *(f"warning:      {warning}" for warning in problem_warnings(problem)),
        "ko captures:  " + ", ".join(
            f"{PLAYERS[c]} {'may' if problem.ko_capture_allowed(c) else 'may not'}"
            for c in (BLACK, WHITE)),
    ]
    if any(problem.ko_threats):
        lines.append("ko threats:   " + ", ".join(
            f"{PLAYERS[c]} {n}" for c, n in zip((BLACK, WHITE), problem.ko_threats, strict=True)))
    if problem.history:
        lines.append(f"history:      {len(problem.history)} earlier positions (superko)")
    if problem.book_moves:
        lines.append("book moves:   " + ", ".join(
            book_move_text(problem, board, c, m) for c, m in problem.book_moves))
    for c in (BLACK, WHITE):
        chains = alive[c]
        lines.append(f"UCA {PLAYERS[c].lower()}:    " + ("; ".join(
            f"{gtp(stones)} (vital: {', '.join(gtp(r) for r in regions)})"
            for stones, regions in chains) or "none"))
    if problem.comment:
        lines.append(f"comment:      {printable(problem.comment)}")
    return "\n".join(lines)


def book_move_text(problem: Problem, board, color: int, loc: int) -> str:
    """A book move as the file gives it, and what is wrong with it on ``board`` (the
    problem's): a book move is the source's claim, kept even when it cannot be played."""
    text = f"{PLAYERS[color]} {coords.to_gtp(loc, problem.size)}"
    if problem.to_play_given and color != problem.to_play:
        return f"{text} (not the side to move)"
    board = board.copy()
    board.to_play = color
    reason = board.illegal_reason(loc)
    return f"{text} (not a legal move: {reason})" if reason else text


def run_info(args) -> int:
    loaded = load_from_args(args)
    for i, sp in loaded.problems:
        if len(loaded.problems) > 1 or args.index is not None or loaded.skipped:
            print(f"--- problem {i} ---")
        print(describe(sp.problem))
    return loaded.status
