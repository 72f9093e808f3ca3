"""``tsumego solve``: prove a problem, print the verdict and figures, save the proof.

Solving and checking go through ``search.choice.solve_and_verify``; every
proof is reported ``verified: yes`` (the verifier walked all of it),
``partly`` (its position budget ran out first; ``--verify-positions`` raises
it) or ``NO`` (it found a fault).  With ``--decompose`` a kill or a life proven
area by area (``search.split``) is reported with its areas and checked by
``search.verify_split``; ``--proof-out`` saves such a proof as a split proof
file (``search.split_file``).  With ``--all`` every first move is classified
instead (``search.classify``: lives / seki / ko / dies, each with its verified
proofs) and printed as a table.  An open problem that was posed
and framed is solved in the closer frame around its defender first
(``search.frame_ladder``; not with ``--all``, whose losses a closer wall could
make, nor with ``--no-closer``), and the row says which frame answered.  A kill
proven where the defender may not take kos is read again where it may
(``search.kill_by_ko``), with the time left: the row says whether it is a ko, and
names a kill with no ko in it where the first one found needs the ko.  A life
proven under the goal ``survive`` is read again under ``live``
(``search.seki_reading``): the row says whether it is a seki, and names an
unconditional life where the move found lives only in seki.
``--diagram`` adds the proof's main line as diagram text for a forum post
(``search.line_diagram``).
``--time`` is each search's own clock: a network evaluator is loaded once, before the
first, and standard error says how long that took.

Exit status (``cli.exit_status``): 0 when every position asked about is
proven and every proof verified in full; 1 when a proof is not verified in
full (``partly`` or ``NO``); 2 for bad input, also when a folder's bad file or
a collection's bad game was skipped and the others solved; 3 when some
position is not proven within the budget (with ``--all``: its class stays
open).  The worse news wins, in that order: 1, 2, 3.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import replace

from tsumego_gui.cli.ctrl_c import ignored, quits_at_once
from tsumego_gui.cli.exit_status import DONE, NOT_PROVEN, NOT_VERIFIED, worst
from tsumego_gui.cli.loading import load_from_args
from tsumego_gui.cli.output import check_writable, write_output
from tsumego_gui.core import coords
from tsumego_gui.core.book_lines import Book, book_of_file, with_line
from tsumego_gui.core.colors import BLACK, WHITE
from tsumego_gui.core.coords import PASS
from tsumego_gui.core.file_limits import same_file
from tsumego_gui.core.posing import crucial_warning, text_disagrees
from tsumego_gui.core.problem import GOAL_TEXT, Problem
from tsumego_gui.core.wording import (
    PLAYERS,
    counted,
    printable,
    unproven_finding,
    verdict_words,
)
from tsumego_gui.nn.choice import DEFAULT_EVALUATOR, make_evaluator
from tsumego_gui.search import (
    classification_file,
    gc_pacing,
    kill_by_ko,
    reread,
    seki_reading,
    split_file,
)
from tsumego_gui.search.choice import (
    FOCUSING,
    NETWORK_FREE,
    PARTLY,
    UNCHECKED,
    VERIFIED,
    SolveOutcome,
    classification_search,
    pick_solver,
    solve_and_verify,
)
from tsumego_gui.search.classify import OPEN, classify, first_move_problem, pass_note
from tsumego_gui.search.frame_ladder import solve_closer_first
from tsumego_gui.search.ko_figure import KoFigure
from tsumego_gui.search.line_diagram import ko_heading, line_diagram, proof_diagram, proof_line
from tsumego_gui.search.params import SearchParams
from tsumego_gui.search.proof import with_other_side
from tsumego_gui.search.results import forget_zones
from tsumego_gui.search.running import cancel_reader
from tsumego_gui.search.split import SplitProof

# seconds at most for reading whether a life needs the defender's move at all (a tenuki
# after it: a short read, said only where it proves the life)
TENUKI_SECONDS = 5.0
AREA_POINTS_SAID = 6    # an area of the proof by areas named point by point, a larger by its ends


def sides_to_solve(problem: Problem, to_play: str | None) -> list[int]:
    """The sides to move to solve for: the one asked, the problem's, or both when unknown."""
    if to_play is not None:
        return [BLACK if to_play.upper().startswith("B") else WHITE]
    return [problem.to_play] if problem.to_play_given else [BLACK, WHITE]


class CtrlC:
    """Whether Ctrl-C was pressed, readable from any thread at any time.

    The searches run in the main thread without the GIL, where Python's own handler
    only runs once a search is over; the interpreter's C handler, though, writes the
    signal to the wakeup fd at once, and the watcher thread of a search
    (``search.running``) reads it there through :meth:`is_set`."""

    def __init__(self, wakeup: int | None = None):
        self.wakeup = wakeup
        self.pressed = threading.Event()

    def is_set(self) -> bool:
        if not self.pressed.is_set() and self.wakeup is not None:
            try:
                if signal.SIGINT in os.read(self.wakeup, 64):
                    self.pressed.set()
            except BlockingIOError:
                pass
        return self.pressed.is_set()


@contextmanager
def ctrl_c_cancels():
    """Within it, Ctrl-C sets the :class:`CtrlC` it yields (the searches poll it and
    stop) instead of raising; a second Ctrl-C raises as usual."""
    presses = [0]       # seen by the handler, which runs late: the wakeup fd may tell first
    read, write = os.pipe()
    for fd in (read, write):
        os.set_blocking(fd, False)
    ctrl_c = CtrlC(read)

    def handler(signum, frame):
        presses[0] += 1
        if presses[0] > 1:
            raise KeyboardInterrupt
        ctrl_c.pressed.set()

    previous = previous_fd = None
    try:
        if not ignored():       # a process started ignoring it is left so (``cli.ctrl_c``)
            previous = signal.signal(signal.SIGINT, handler)
            previous_fd = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
    except ValueError:          # not the main thread (a test's): nothing to catch there
        previous = previous_fd = None
    if previous is None:
        ctrl_c.wakeup = None
    try:
        yield ctrl_c
    finally:
        if previous is not None:
            signal.set_wakeup_fd(previous_fd)
            signal.signal(signal.SIGINT, previous)
            ctrl_c.is_set()             # a press not read yet counts
            ctrl_c.wakeup = None
        os.close(read)
        os.close(write)


def node_budget(problem: Problem, solver: str, args) -> int | None:
    """``--max-nodes``, or when not given: none (0) for df-pn, None (its own) for MCTS."""
    if args.max_nodes is not None:
        return args.max_nodes
    used = pick_solver(problem, args.decompose)[0] if solver == "auto" else solver
    return 0 if used == "dfs" else None


# why a proof by areas has no ko or seki reading (``search.split``'s areas read neither)
BY_AREAS = "a proof by areas reads no ko or seki; a solve without --decompose may"


def proven_by_areas(outcome: SolveOutcome, verdict: str) -> bool:
    """Whether ``outcome`` is a verified proof by areas of ``verdict``."""
    return outcome.verification == VERIFIED and outcome.result.split is not None \
        and outcome.result.verdict == verdict


def solve_one(problem: Problem, closer: Problem | None, to_play: int, args,
              evaluator, stop: CtrlC, book: Book | None = None) -> dict:
    """Solve one side (``closer``: the posed problem's closer frame, tried first); a kill
    is then read under the turned ko rule (``search.kill_by_ko``); ``book``: the problem
    file's lines, which the diagram's line follows where the proof holds their moves."""
    start = time.monotonic()

    def solve(framed: Problem, seconds: float | None, side: int = to_play) -> SolveOutcome:
        return solve_and_verify(
            framed, args.solver, evaluator=evaluator,
            max_nodes=node_budget(framed, args.solver, args),
            max_seconds=seconds, to_play=side, seed=args.seed,
            batch_size=args.batch_size, max_positions=args.verify_positions,
            decompose=args.decompose, cancelled=stop.is_set)

    ladder = solve_closer_first(problem, closer, solve, args.time)
    outcome, problem = ladder.outcome, ladder.problem
    # why the solver was picked, for the problem as asked: the re-reads below solve it
    # again under other rules (QA s57 areas D5: "not split: the defender may capture a
    # ko" where it may not, said of the ko re-read)
    asked_reason = outcome.reason
    ko = None
    if kill_by_ko.applies(outcome) and not stop.is_set():
        left = args.time - (time.monotonic() - start) if args.time > 0 else None
        ko = kill_by_ko.read_kill(outcome, solve, left, stop=cancel_reader(stop.is_set),
                                  max_positions=args.verify_positions)
        outcome = ko.outcome
    elif outcome.verification == PARTLY and \
            kill_by_ko.applies(replace(outcome, verification=VERIFIED)):
        # QA s56 research D7: "no ko" turned into the plain words without a reason
        ko = kill_by_ko.KoReading(None, outcome, why_open="the proof was verified only "
                                  "partly (--verify-positions), so not read again")
    elif proven_by_areas(outcome, "dies") and not problem.ko_capture_allowed(problem.defender):
        # QA s57 areas D10: "--all tells kos apart" alone, where the area proof read no ko
        ko = kill_by_ko.KoReading(None, outcome, why_open=BY_AREAS)
    seki = None
    if proven_by_areas(outcome, "lives") and problem.goal == "survive":
        seki = seki_reading.SekiReading(None, outcome, why_open=BY_AREAS)
    elif seki_reading.applies(outcome) and not stop.is_set():
        left = args.time - (time.monotonic() - start) if args.time > 0 else None
        seki = seki_reading.read_life(outcome, solve, left, stop=cancel_reader(stop.is_set),
                                      max_positions=args.verify_positions)
        if seki.seki and ladder.closer:
            # a nearer wall only helps the attacker: the own frame may give more
            seki = replace(seki, seki=None, why_open="a seki in the closer frame; the "
                           "problem's own frame may give more")
        outcome = seki.outcome
    result = outcome.result
    need_not_play = False
    if result.verdict == "lives" and to_play == problem.defender and result.proof is not None \
            and result.proof.root.kind != "goal" and result.split is None \
            and not stop.is_set():
        # QA s56 shapes D3: a group alive already was given a winning move, no word that a
        # tenuki keeps it (--all said so): the tenuki read, within a short budget
        left = args.time - (time.monotonic() - start) if args.time > 0 else TENUKI_SECONDS
        # not read with the time spent (s61: a life proven as --time ran out gave this
        # read a negative budget, and the solve ended in an error, its life unsaid)
        if left >= reread.MIN_SECONDS:
            tenuki = solve(first_move_problem(problem, PASS, to_play),
                           min(left, TENUKI_SECONDS), problem.attacker)
            need_not_play = tenuki.verification == VERIFIED and \
                tenuki.result.verdict == "lives"
        else:
            need_not_play = None        # not read (JSON: null), not "it must play"
    size = problem.size
    row = {
        "frame": "closer" if ladder.closer else "own",
        "frame_note": ladder.note,
        "solver": outcome.solver_used,
        "solver_reason": asked_reason,
        "to_play": PLAYERS[to_play],
        "defender": PLAYERS[problem.defender],
        "goal": problem.goal,
        "defender_takes_kos": problem.ko_capture_allowed(problem.defender),
        # a kill under that rule read where the defender may take kos (None: not read)
        "kill_needs_ko": None if ko is None else ko.needs_ko,
        # the move that makes the ko (the defender's, or the attacker's kill that needs it)
        # and the attacker's kill with no ko in it (QA s44: one key held either)
        "ko_move": None, "clean_kill": None,
        "ko_open": "" if ko is None else ko.why_open,
        # what the row says of it, in words (a kill where the defender may not take kos)
        "ko_reading": kill_by_ko.words(ko, "--all") if result.verdict == "dies"
        and not problem.ko_capture_allowed(problem.defender) else "",
        # what the goal live said of a life: a seki or not (search.seki_reading)
        "seki_reading": seki_reading.words(seki, "--all"),
        "verdict": result.verdict,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 3),
        "nodes_per_s": round(result.nodes_per_s),
        "stopped_by": result.stop_reason,
        # not proven: the verdict the search reached before the budget stopped its proof
        "decided_unproven": result.decided or None,
        # the same keys whether or not a proof came (QA s43: scripts met missing keys)
        "verified": None, "verification": None, "verifier_errors": [],
        "winning_moves": [], "proof_size": 0, "alive_already": False,
        "need_not_play": need_not_play,
    }
    if result.proof is not None or result.split is not None:
        row.update({
            "verified": outcome.verified,               # the whole proof walked, no fault
            "verification": outcome.verification,       # verified | partly | rejected
            "verifier_errors": list(outcome.verifier_errors),
        })
    if result.proof is not None:
        row.update({
            "winning_moves": [coords.to_gtp(m, size) for m in result.proof.winning_moves],
            "proof_size": result.proof.size(),
            # the goal holds at the root: no move is needed (the app says so too)
            "alive_already": result.proof.root.kind == "goal",
        })
    if args.diagram and result.proof is not None:
        proof = result.proof
        # a kill that needs a ko: the line starts with the move the ko decides
        first = ko.ko_move if ko is not None else None
        followed, turned = book, ""
        if ko is not None and ko.turned is not None:
            # the ko itself: the line where the defender may take kos, from the same move;
            # the first line goes into the ko as far as its rule lets it (QA s54)
            line, _ = proof_line(proof.root, proof.board(), first, book=book)
            turned, ko_line = proof_diagram(ko.turned.problem, to_play, ko.turned,
                                            first=line[0] if line else None)
            followed = with_line(book, ko_line, to_play)
            turned = f"\n\n{ko_heading(problem, ko.turned)}:\n{turned}"
        row["diagram"] = proof_diagram(proof.problem, to_play, proof, first=first,
                                       book=followed)[0] + turned
    elif args.diagram:
        row["diagram"] = position_diagram(problem, to_play, by_areas=result.split is not None)
    if ko is not None and ko.needs_ko is not None:
        named = result.proof.winning_moves[0] if result.proof.winning_moves else None
        move = ko.ko_move if ko.needs_ko else (ko.move if ko.move is not None else named)
        if move is not None:
            row["ko_move" if ko.needs_ko else "clean_kill"] = coords.to_gtp(move, size)
    if result.split is not None:
        split = result.split
        first = [] if split.first is None else [split.first]
        row.update({
            "winning_moves": [coords.to_gtp(m, size) for m in first],
            "proof_size": sum(p.size() for p in split.proofs if p is not None),
            "split": {"eye": None if split.split.eye is None
                      else coords.to_gtp(split.split.eye, size),
                      # in board order (QA s57 areas D8: names sorted as text, "F10-F9")
                      "areas": [[coords.to_gtp(p, size) for p in sorted(area)]
                                for area in split.split.areas],
                      "hopeless": [[coords.to_gtp(p, size) for p in sorted(area)]
                                   for area in split.split.hopeless],
                      "area_nodes": [p.stats.get("nodes", 0) if p is not None else None
                                     for p in split.proofs],
                      "proven_in": [i + 1 for i, p in enumerate(split.proofs)
                                    if p is not None]},
        })
    # a kill proven and verified before a Ctrl-C that stopped its ko reading is kept
    # (QA s44), with the reading "not settled: cancelled"
    finished = result.verdict != "unknown" and outcome.verification != UNCHECKED
    return {"result": result, "row": row, "finished": finished}


def classify_one(problem: Problem, to_play: int, args, evaluator,
                 stop: CtrlC, book: Book | None = None) -> dict:
    budgets = {"max_seconds": args.time}
    search = classification_search(problem, args.solver)
    nodes = node_budget(problem, search, args)
    if nodes is not None:
        budgets["max_nodes"] = nodes
    kwargs = {} if args.verify_positions is None else {"verify_positions": args.verify_positions}
    c = classify(problem, SearchParams(**budgets), to_play=to_play, search=search,
                 evaluator=evaluator if search == "mcts" else None, cancelled=stop.is_set,
                 **kwargs)
    size = problem.size
    figure, beyond = c.ko, c.ko_beyond      # the position's best ko (QA s62: in words only)
    row = {
        "search": search,
        "to_play": PLAYERS[to_play],
        "defender": PLAYERS[problem.defender],
        "goal": problem.goal,
        "class": c.status,
        "status": c.status_words(),
        **({"ko_threats": _figure_json(figure)} if figure is not None else {}),
        **({"ko_beyond": PLAYERS[beyond]} if beyond is not None else {}),
        "need_not_play": c.need_not_play,
        "pass_note": pass_note(problem),
        "nodes": c.nodes,
        "seconds": round(c.seconds, 3),
        "set_aside": c.set_aside(),
        "first_moves": [{"move": coords.to_gtp(m.move, size), "class": m.cls,
                         "reads": c.move_words(m), "why_open": m.why_open,
                         "verification": m.verification or "unchecked",
                         "proofs": len(m.proofs),
                         **({"ko_threats": _figure_json(m.ko)} if m.ko else {}),
                         **({"ko_not_measured": m.ko_why} if m.ko_why else {}),
                         **({"ko_beyond": PLAYERS[m.ko_beyond]}
                            if m.ko_beyond is not None else {}),
                         **({"forbidden": m.forbidden} if m.forbidden else {}),
                         **({"ends_game": m.ends_game} if m.ends_game else {})}
                        for m in c.moves],
        # None where nothing was decided, as a plain solve's row with no proof (QA s45: it
        # said true with every move open)
        "verified": all(m.verification == "verified" for m in c.moves if m.cls != OPEN)
        if any(m.cls != OPEN for m in c.moves) else None,
    }
    best = c.shown_move(book)
    if args.diagram and best is not None:
        # the line starts before the first move, which it numbers 1
        proof, other = c.line_proofs(best)
        if other is None:
            row["diagram"], _ = proof_diagram(problem, to_play, proof, before=[best.move],
                                              book=book)
        else:
            # a ko: its other side, the ko the first line leaves out: the same move where
            # the other side wins it (QA s49: "ko" above a line with no ko in it), as the
            # plain solve shows it; the first line goes into the ko as far as its rule lets
            # it (QA s54: its loser avoided the ko)
            text, _ = proof_diagram(problem, to_play, other, before=[best.move], book=book)
            row["diagram"], _ = proof_diagram(
                problem, to_play, proof, before=[best.move],
                book=with_other_side(book, best.move, other, to_play))
            row["diagram"] += f"\n\n{ko_heading(problem, other)}:\n{text}"
        if best.cls == "ko" and (other is not None
                                 or proof.problem.ko_allowed != problem.ko_allowed):
            # a ko's line says its rule, as its other side's does (QA s55 shapes D5: only
            # a footnote did), where there are two or it is not the problem's own
            row["diagram"] = f"{ko_heading(problem, proof)}:\n{row['diagram']}"
    elif args.diagram:
        row["diagram"] = position_diagram(problem, to_play)
    # a classification a Ctrl-C stopped keeps the classes it proved, the rest open
    return {"classification": c, "row": row, "finished": any(m.cls != OPEN for m in c.moves)}


def _figure_json(figure: KoFigure) -> dict:
    """A ko figure in a JSON row: the side that must win the ko, its threats, the kind."""
    return {"side": PLAYERS[figure.side], "threats": figure.threats, "kind": figure.kind}


def position_diagram(problem: Problem, to_play: int, by_areas: bool = False) -> str:
    """The position alone, where no proof gives a line (QA s48: nothing was printed), or
    (``by_areas``) where a proof by areas has none (QA s57 areas D3: it said "nothing was
    proven" under the verified proof)."""
    why = ("No line: a proof by areas has a line in each area it searches (--proof-out "
           "F.sgf saves them)." if by_areas else "No line: nothing was proven within the "
           "budget.")
    return line_diagram(problem, to_play, [], problem) + "\n" + why


def print_diagram(row: dict) -> None:
    if row.get("diagram"):
        print(row["diagram"])


def print_classes(row: dict) -> None:
    how = "df-pn" if row["search"] == "dfs" else "best-first search of each move"
    print(f"{row['to_play']} to play: {row['status']}  (defender {row['defender']}; "
          f"{counted(row['nodes'], 'node')} in {row['seconds']} s; {how})")
    print_warnings(row)
    if row["need_not_play"]:
        print(f"  {row['to_play']} need not play: a tenuki keeps this result")
    for note in row["set_aside"]:
        print(f"note: {note}")
    print(f"  {'move':6} {'class':6} {'verified':8}  result for {row['to_play']}")
    for m in row["first_moves"]:
        ver = "yes" if m["verification"] == "verified" else m["verification"]
        reads = m["reads"]
        if m["class"] == OPEN:
            # "open" stands in the class column: the row says why (QA s43: it said "open
            # (not decided within the budget) (time budget)")
            ver, reads = "-", f"not decided: {m['why_open'] or 'budget'}"
        print(f"  {m['move']:6} {m['class']:6} {ver:8}  {reads}")
    if any(m["move"] == "pass" for m in row["first_moves"]):
        print(f"  ({row['pass_note']})")
    if "plain_solve" in row:
        # QA s53 (a teacher): "open" where a plain solve proves life at once
        closer = ", the closer frame first," if row["closer_frame"] else ""
        print(f"  {row['plain_solve'] or PLAIN_UNPROVEN.format(closer)}")


PLAIN_UNPROVEN = "a plain solve{} proved nothing either within the budget"


def plain_words(row: dict) -> str:
    """What a plain solve (``solve_one``'s row) proved of a position whose class was left
    open, in a line; "" where it proved nothing either."""
    if row["verdict"] == "unknown" or row["verification"] not in (VERIFIED, PARTLY):
        return ""
    moves = ", ".join(row["winning_moves"])
    winning = f", a winning move: {moves}" if len(row["winning_moves"]) == 1 else \
        f", winning moves: {moves}" if moves else ""
    where = " in a closer frame around the defender" if row["frame"] == "closer" else ""
    checked = "verified" if row["verification"] == VERIFIED else "verified partly"
    # a kill that needs the ko, as the plain solve says it (QA s61: "Black dies, a winning
    # move: C9" under a table in which C9 is a ko White fails even with three threats)
    ko = f" only while {row['defender']} may not take a ko" if row.get("kill_needs_ko") \
        else ""
    if row["verdict"] == "dies" and row.get("kill_needs_ko") is None \
            and not row.get("defender_takes_kos"):
        # not read (the time ran out, a partial check): said as the rule it holds under
        # (review s61 L8)
        ko = (f" while {row['defender']} may not take a ko (whether the kill needs one was "
              "not read)")
    return (f"a plain solve proves{where}: {row['defender']} {row['verdict']}{ko}{winning} "
            f"({checked}; the classes above stay open)")


def print_warnings(row: dict) -> None:
    for key in ("region_warning", "crucial_warning", "text_warning"):
        if row.get(key):
            print(f"warning: {row[key]}")


def print_ko_reading(row: dict) -> None:
    """What the turned ko rule said of a kill (``search.kill_by_ko``)."""
    print(f"  {row['ko_reading']}")


def print_row(row: dict) -> None:
    side, defender = row["to_play"], row["defender"]
    print(f"solver: {row['solver']} ({row['solver_reason']}); goal: {GOAL_TEXT[row['goal']]}")
    if row["frame_note"]:
        print(f"frame: {row['frame_note']}")
    print_warnings(row)
    if row["verdict"] == "unknown":
        raise_it = {"time budget": "; a larger --time may prove it",
                    "node budget": "; a larger --max-nodes may prove it",
                    "memory budget": "; the search filled its memory (--solver dfs or "
                                     "--evaluator heuristic may go further)"}
        print(f"{side} to play: not proven within budget ({row['stopped_by']}); "
              f"{counted(row['nodes'], 'node')} in {row['seconds']} s "
              f"(exit status {NOT_PROVEN}){raise_it.get(row['stopped_by'], '')}")
        if row["decided_unproven"]:
            print(f"  {unproven_finding(defender, row['decided_unproven'], row['goal'])}: "
                  "unproven and unchecked")
        return
    lives = row["verdict"] == "lives"
    moves = ", ".join(row["winning_moves"]) or "none"
    what = verdict_words(defender, lives, row["goal"])
    if side == defender and not lives:
        what += " (no move lives)" if row["goal"] != "live" else " (no move makes it so)"
    elif side != defender and lives:
        what += " (no move kills)" if row["goal"] != "live" else " (no move stops it)"
    if row["kill_needs_ko"]:
        # the ko first, the verdict under the problem's rule in the ko line below, as the
        # app says it (QA s50: "Black dies (no move lives)" headed a ten-thousand-year ko)
        what = "a ko"
    print(f"{side} to play: {what}")
    if len(row["winning_moves"]) == 1:
        # --all classifies in the problem's own frame: say so where the closer one proved
        where = " in the problem's own frame, which can take much longer" \
            if row["frame"] == "closer" else ""
        print(f"  a winning move: {moves} (--all gives every first move its class{where})")
    elif row.get("alive_already"):
        # QA s49: "winning moves: none" read as "no move works"; for the attacker, "none"
        needed = " needed" if side == defender else ""
        print(f"  winning moves: none{needed} ({defender} is unconditionally alive already)")
    elif row["kill_needs_ko"]:
        # review s50: "a ko" over "winning moves: none" read as a contradiction
        print(f"  winning moves: {moves} without a ko")
    else:
        print(f"  winning moves: {moves}")
    if not lives and not row["defender_takes_kos"]:
        print_ko_reading(row)
    if row.get("need_not_play"):
        print(f"  {side} need not play: a tenuki keeps this result")
    if lives and row["seki_reading"]:
        print(f"  {row['seki_reading']}")
    if "split" in row:
        split = row["split"]

        def spans(areas):
            # every point of a small area; a large one by its ends (its points are not a
            # rectangle: QA s57 areas D8 read "A1-F2" as one)
            return "; ".join(", ".join(a) if len(a) <= AREA_POINTS_SAID
                             else f"{a[0]} ... {a[-1]} ({len(a)} points)" for a in areas)

        attacker = "Black" if defender == "White" else "White"
        eye = f"the eye at {split['eye']}" if split["eye"] else "no eye yet"
        # QA s57 areas D7: "0 areas", then "2 areas can never hold an eye"
        searched = f"{counted(len(split['areas']), 'area')} ({spans(split['areas'])})" \
            if split["areas"] else "no area needs a search"
        print(f"  proved area by area ({eye}): {searched}")
        if lives:
            used = split["proven_in"]
            print(f"  lives in area {used[0]} alone" if len(used) == 1 else
                  f"  areas {used[0]} and {used[1]} are miai (lives in either)")
        if split["hopeless"]:
            # QA s57 areas D7: "a wall with an eye of its own" where the wall had none
            print(f"  {counted(len(split['hopeless']), 'area')} can never hold an eye "
                  f"({spans(split['hopeless'])}): every point there touches "
                  f"{attacker}'s outside, whose room (an eye of its own, or the board "
                  "beyond the region) no capture there can take")
    # MCTS counts the positions it evaluated, not the nodes of its tree (QA s56 research
    # D3: "proof size: 2 nodes; searched 1 node")
    mcts = row["solver"] == "mcts"
    searched = f"evaluated {counted(row['nodes'], 'position')}" if mcts \
        else f"searched {counted(row['nodes'], 'node')}"
    print(f"  proof size: {counted(row['proof_size'], 'node')}; {searched} in "
          f"{row['seconds']} s ({row['nodes_per_s']} {'positions' if mcts else 'nodes'}/s)")
    if row["verification"] == VERIFIED:
        print("  verified: yes")
    elif row["verification"] == PARTLY:
        print("  verified: partly (the verifier's position budget ran out before it walked "
              "the whole proof; no fault in the part it checked)")
    else:
        print("  verified: NO")
    for err in row["verifier_errors"]:
        print(f"    {err}")


def chosen_evaluator(args) -> str:
    """``--evaluator``, else the one ``--network``'s file is for, else the default; a
    network or a device given to an evaluator that runs none is refused (QA s45: both were
    dropped without a word)."""
    name = args.evaluator
    if name is None:
        network = (args.network or "").lower()
        name = "ftl" if network.endswith(".pt") else "katago" if network else \
            DEFAULT_EVALUATOR
    if name in NETWORK_FREE and (args.network or args.device):
        given = "--network" if args.network else "--device"
        raise ValueError(f"{given} is for a network evaluator (--evaluator katago or ftl); "
                         f"the {name} evaluator runs none")
    if args.solver == "dfs" and (args.evaluator or args.network) and name not in FOCUSING:
        # QA s56: ftl loaded for 1.5 s, then plain df-pn ran, and nothing said so
        raise ValueError(f"the {name} evaluator guides MCTS (--solver mcts or auto); df-pn "
                         "takes only katago's")
    return name


def run_solve(args) -> int:
    args.evaluator = chosen_evaluator(args)
    began = time.monotonic()
    try:
        with quits_at_once():       # torch and the network load (cli.ctrl_c)
            evaluator = make_evaluator(args.evaluator, args.network, args.device)
    except (ImportError, FileNotFoundError) as err:
        raise ValueError(f"the {args.evaluator} evaluator is not available here ({err})") from None
    if args.evaluator not in NETWORK_FREE:
        # --time is each search's own clock (its help says so), and torch and the network
        # take seconds to load before the first: said, so that the wall time adds up (a
        # KataGo solve with --time 2 took 3 s without a word why)
        print(f"{args.evaluator} network loaded in {time.monotonic() - began:.1f} s "
              "(--time counts the searches only)", file=sys.stderr)
    if args.decompose and args.all:
        raise ValueError("--decompose does not go with --all (each first move is searched "
                         "on the whole region)")
    if args.decompose and args.solver == "mcts":
        raise ValueError("--decompose searches the areas with df-pn: it does not go with "
                         "--solver mcts")
    out_path = check_writable(args.proof_out) if args.proof_out is not None else None
    if out_path is not None and out_path.suffix.lower() not in (".sgf", ".json"):
        raise ValueError(f"--proof-out {out_path}: name a .sgf or a .json file (the name "
                         "says which format is written)")
    rows = []
    saved = False   # whether --proof-out has its proof: the first (the others are not kept)
    proven: set[str] = set()        # the problems with a proof, for what was not saved
    loaded = load_from_args(args)
    chosen = loaded.problems
    if out_path is not None and any(same_file(out_path, sourced.path) for _, sourced in chosen):
        # QA s46: the proof replaced the problem and its book lines without a word
        raise ValueError(f"--proof-out {out_path} is the problem's own file: name another, "
                         "or the proof would replace the problem")
    with ctrl_c_cancels() as stop:
        for i, sourced in chosen:
            problem = sourced.problem
            closer = None if args.no_closer else sourced.closer
            label = problem_label(sourced, i)
            if (len(chosen) > 1 or loaded.skipped) and not args.json:
                print(f"--- {label} ---")
            # the file's own lines, for the diagram's line and the saved SGF's main
            # sequence to follow (QA s51 book D5)
            book = book_of_file(sourced.path, sourced.index) \
                if args.diagram or out_path is not None else {}
            for to_play in sides_to_solve(problem, args.to_play):
                with gc_pacing.paced():
                    out = classify_one(problem, to_play, args, evaluator, stop, book) \
                        if args.all else solve_one(problem, closer, to_play, args,
                                                   evaluator, stop, book)
                plain = None
                if args.all:
                    out["row"]["closer_frame"] = closer is not None
                    if out["row"]["class"] == OPEN and not stop.is_set():
                        # the verdict, as a plain solve finds it (a posed problem's, the
                        # closer frame first), where the classes left it open (QA s56 book19
                        # D1: every move open where a plain solve proved a life in 0.1 s;
                        # QA s57 kill-all D2: a 7x7 kill-all, the same); its line and proof
                        # stand for the classes' (QA s56 regression D4)
                        plain = solve_one(problem, closer, to_play, args, evaluator, stop,
                                          book)
                        out["row"]["plain_solve"] = plain_words(plain["row"])
                        if plain["result"].proof is not None and args.diagram:
                            out["row"]["diagram"] = plain["row"]["diagram"]
                if stop.is_set() and not out["finished"]:
                    break       # cut short: neither printed nor kept
                out["row"]["region_warning"] = problem.region_warning()
                out["row"]["crucial_warning"] = crucial_warning(problem)
                out["row"]["text_warning"] = text_disagrees(problem)
                rows.append({"problem": label, **out["row"]})
                if args.all:
                    # a classification with every move open proves nothing to save; the
                    # plain solve's proof, where it proved the position
                    found = out["classification"] if out["finished"] else \
                        plain["result"].proof if plain is not None else None
                else:
                    result = out["result"]
                    found = result.proof if result.proof is not None else result.split
                if found is not None:
                    proven.add(label)       # a problem, whichever sides were proven
                if found is not None and not saved:
                    saved = True
                    if out_path is not None:
                        # saved before anything is printed: a pipe closed early (``| head``)
                        # or a full terminal log loses the lines, not the proof (QA s46)
                        whole = args.all and found is out["classification"]
                        said = plain["row"] if args.all and not whole else out["row"]
                        write_output(out_path, saved_proof(found, said, whole,
                                                           out_path.suffix.lower() == ".json",
                                                           book))
                if not args.json:
                    (print_classes if args.all else print_row)(out["row"])
                    print_diagram(out["row"])
                if stop.is_set():
                    break
            # the problem's proofs go before the next one is searched (QA s47: a large first
            # one, kept for the whole run, made each later problem's collection 1.4 s), and
            # what the requests left frozen (``gc_pacing``) is looked at again, once a
            # problem, so that no garbage cycle stays frozen through a long run
            out = found = result = None
            forget_zones()
            gc_pacing.clean_slate()
            if stop.is_set():
                break
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
    if out_path is not None:
        # a proof finished before a Ctrl-C is kept, as the rows printed are (QA s44)
        if saved:
            if not args.json:
                # one problem's proof: say so where there were more (QA s46)
                print(f"proof saved to {out_path}" + (
                    f" (the first of {len(proven)} problems proven; one per file)"
                    if len(proven) > 1 else ""))
        elif not stop.is_set():
            # nothing proven is the budget's news (exit status 3), not bad input (QA s44)
            print(f"tsumego: nothing was proven, so {out_path} was not written",
                  file=sys.stderr)
    if stop.is_set():
        raise KeyboardInterrupt
    return worst(exit_status(rows), loaded.status)


def problem_label(sourced, index: int) -> str:
    """How a row names its problem: the file, the game in it, the title."""
    where = sourced.path.name + (f" #{sourced.index + 1}" if sourced.count > 1 else "")
    title = sourced.problem.title
    return printable(f"{index}: {where}" + (f" ({title})" if title else ""))


def saved_proof(first, row: dict, classification: bool, as_json: bool,
                book: Book | None = None) -> bytes:
    """What ``--proof-out`` writes: a classification, a split proof or a proof tree, each
    in its own format, as JSON or SGF.  A proof tree's SGF says on its root which frame
    proved it, where the closer one did, and marks KO the first move whose result a ko
    decides, by ``row``'s ko reading (QA s46); an SGF's main sequence follows ``book``,
    the problem file's lines, where the proof holds their moves."""
    if as_json:
        files = classification_file if classification else \
            split_file if isinstance(first, SplitProof) else None
        return json.dumps(first.to_json() if files is None else files.to_json(first)).encode()
    if classification:
        return classification_file.to_sgf(first, book=book)
    if isinstance(first, SplitProof):
        return split_file.to_sgf(first)
    note = f"Frame: {row['frame_note']}" if row.get("frame") == "closer" else ""
    ko = row.get("ko_move")
    return first.to_sgf(note=note, ko_moves=(coords.from_gtp(ko, first.problem.size),)
                        if ko else (), book=book)


def exit_status(rows: list[dict]) -> int:
    """DONE, NOT_VERIFIED or NOT_PROVEN for the rows printed (``cli.exit_status``)."""
    if any(r.get("verified") is False for r in rows):       # None: nothing to verify
        return NOT_VERIFIED
    if any(r.get("verdict") == "unknown" or r.get("class") == OPEN for r in rows):
        return NOT_PROVEN
    return DONE
