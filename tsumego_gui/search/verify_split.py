"""The independent check of a split proof (``search.split``): the conditions that make
areas independent, re-read from the position, and each hopeful area's proof, checked
by ``search.verify``; for a life, each area's pessimistic problem (C's liberties in
the other areas filled) is derived here on its own and must be the problem the
area's proof proves.

Shares nothing with the split's finder but the rules engine, Benson and the data
types: the areas claimed are checked to be exactly the parts of the region without
the eye (if any) and the crucial chain, the eye an eye of the one crucial chain,
the points off the region fixed for good, no Benson region able to join two areas,
and every point of an area called hopeless next to a sealed part.  The argument
that these conditions and the local proofs make a kill or a life in the whole is in
``search.split``'s docstring.
"""

from __future__ import annotations

from collections.abc import Callable

from engine_cy.benson import unconditionally_alive
from engine_cy.board import BLACK, EMPTY, PASS
from tsumego_gui.core import coords
from tsumego_gui.core.problem import Problem, ProblemError, reach
from tsumego_gui.search.split import SplitProof
from tsumego_gui.search.verify import MAX_POSITIONS, VerifyReport, verify

# what a local problem may differ in from the whole
_LOCAL_FIELDS = ("region", "to_play", "to_play_given", "book_moves")


def split_conditions(problem: Problem, eye: int | None, areas, hopeless,
                     kill: bool = True) -> str | None:
    """What is wrong with the claim that ``problem`` splits into the hopeful ``areas``
    and the ``hopeless`` ones, C's eye in the region being ``eye`` (None: none), for a
    kill (``kill``) or a life; None: nothing."""
    size, defender = problem.size, problem.defender
    board = problem.to_board()
    goals = ("live",) if kill else ("live", "survive")
    if problem.goal not in goals or problem.ko_capture_allowed(defender) \
            or problem.ko_point != PASS or problem.history:
        return (f"a split {'kill' if kill else 'life'} needs the goal "
                f"{' or '.join(repr(g) for g in goals)}, no defender ko captures, no pending "
                "ko and no position before the root")
    crucial = set(board.chain(min(problem.crucial)))
    if not problem.crucial <= crucial:
        return "the crucial stones are not one chain"
    region = problem.region
    if eye is not None and (eye not in region or board.color_at(eye) != EMPTY
                            or not all(n in crucial for n in coords.neighbours(eye, size))):
        return "the eye is not an empty region point surrounded by the crucial chain"
    every = list(areas) + list(hopeless)
    claimed = set().union(*every) if every else set()
    rest = set(region) - crucial - {eye}
    if claimed != rest or sum(len(a) for a in every) != len(rest):
        return "the areas do not partition the region without the eye and the crucial chain"
    if len(every) < 2 and areas:
        return "one area is no split"
    if kill and eye is None and len(areas) > 1:
        return "with no eye, only one area may be hopeful"
    for area in every:
        if reach(size, (min(area),), rest) != set(area):
            return "an area is not one connected part of the region"
    if any(board.color_at(p) == EMPTY and all(n in crucial for n in coords.neighbours(p, size))
           for p in rest):
        return "the crucial chain has a one-point eye that is not the one named"
    off = [p for p in coords.all_locs(size) if p not in region]
    for p in off:
        colour = board.color_at(p)
        if colour == defender and p not in crucial:
            return "a defender stone off the region is not crucial"
        if colour == problem.attacker and not any(
                q not in region and board.color_at(q) == EMPTY for q in board.liberties(p)):
            return "an attacker chain off the region could be captured"
    outside = {p for p in off if board.color_at(p) != defender}
    seen: set[int] = set()
    sealed_points: set[int] = set()
    for p in outside:
        if p in seen:
            continue
        part = reach(size, (p,), outside)
        seen |= part
        touched = {i for i, a in enumerate(every)
                   if any(n in a for q in part for n in coords.neighbours(q, size))}
        sealed = any(board.color_at(q) == EMPTY
                     and all(n in part for n in coords.neighbours(q, size)) for q in part)
        if sealed:
            sealed_points |= part
        elif len(touched) > 1:
            return "a Benson region off the region could join two areas"
    for area in hopeless:
        if not all(any(n in sealed_points for n in coords.neighbours(q, size)) for q in area):
            return "an area called hopeless has a point no sealed part touches"
    if any(not crucial.isdisjoint(s) for s, _ in unconditionally_alive(board, defender)):
        return "the goal already holds"
    return None


def verify_split(split_proof: SplitProof, *, replays: int = 100, seed: int = 0,
                 max_positions: int = MAX_POSITIONS,
                 stop: Callable[[], str] | None = None,
                 walking: Callable[[int], None] | None = None) -> VerifyReport:
    """Check a split proof; never raises on a bad one.  ``stop``: as ``verify``'s, for
    each area's proof; ``walking``: as ``verify``'s, counting the areas' nodes
    together."""
    report = VerifyReport()
    problem, split = split_proof.problem, split_proof.split
    why = split_conditions(problem, split.eye, split.areas, split.hopeless,
                           kill=not split_proof.defender_wins)
    if why is not None:
        report.fail(why)
        return report
    if len(split_proof.proofs) != len(split.areas):
        report.fail("not one proof per area")
        return report
    budgets = {"replays": replays, "seed": seed, "max_positions": max_positions, "stop": stop,
               "walking": walking}
    if split_proof.defender_wins:
        return _verify_life(split_proof, report, budgets)
    if any(proof is None for proof in split_proof.proofs):
        report.fail("a kill needs every hopeful area's proof")
        return report
    first, attacker = split_proof.first, problem.attacker
    if (first is None) != (split_proof.to_play == problem.defender):
        report.fail("a first move goes with the attacker to move, and only then")
        return report
    if first not in (None, PASS) and not (problem.to_board().is_legal(first)
                                          and any(first in a for a in split.areas)):
        report.fail("the first move is illegal or in no area")
        return report
    for i, (area, proof) in enumerate(zip(split.areas, split_proof.proofs, strict=True)):
        mover = attacker if first not in (None, PASS) and first in area else problem.defender
        local = proof.problem
        same = all(getattr(local, f) == getattr(problem, f)
                   for f in Problem.__dataclass_fields__ if f not in _LOCAL_FIELDS)
        if not same or local.region != area or proof.to_play != mover:
            report.fail(f"area {i + 1}: the proof is not of the area's local problem")
            return report
        if proof.defender_lives:
            report.fail(f"area {i + 1}: the proof says the defender lives")
            return report
        if mover == attacker and proof.root.prover_move != first:
            report.fail(f"area {i + 1}: the proof does not start with the first move")
            return report
        if not _local_proof_holds(proof, i, report, budgets):
            return report
    return report


def _local_proof_holds(proof, i: int, report: VerifyReport, budgets: dict) -> bool:
    """Verify area ``i``'s local proof into ``report``; whether to go on."""
    walking = budgets["walking"]
    local_report = verify(proof, **budgets | {"walking": None if walking is None else (
        lambda n: walking(report.nodes_checked + n))})
    report.positions_checked += local_report.positions_checked
    report.nodes_checked += local_report.nodes_checked
    report.positions_reused += local_report.positions_reused
    report.replays += local_report.replays
    report.cut_replays += local_report.cut_replays
    if not local_report.ok:
        for error in local_report.errors:
            report.fail(f"area {i + 1}: {error}")
        return False
    if not local_report.complete:     # the position budget ran out, or ``stop``: partly checked
        report.complete = False
        report.stopped = local_report.stopped
        return False
    if local_report.line_bound:
        report.fail(f"area {i + 1}: superko decided part of the proof (it holds on its "
                    "own line only, not in the whole)")
        return False
    return True


def _pessimistic(problem: Problem, board, crucial: set[int], region: set[int],
                 to_play: int) -> Problem:
    """The local problem a life in an area must be proven in (``search.split``'s
    ``pessimistic_problem``, derived here on its own): C's liberties in the rest of
    the problem's region filled by attacker stones; ``region`` (the area and the eye)
    as region; goal live.  ``board``: the problem's; ``crucial``: C's stones."""
    fills = {q for p in crucial for q in coords.neighbours(p, problem.size)
             if board.color_at(q) == EMPTY and q in problem.region and q not in region}
    attacker = set(problem.stones(problem.attacker)) | fills
    black, white = (attacker, problem.white) if problem.attacker == BLACK else \
        (problem.black, attacker)
    fields = {f: getattr(problem, f) for f in Problem.__dataclass_fields__}
    fields.update(black=black, white=white, to_play=to_play, goal="live", region=region,
                  to_play_given=True, book_moves=())
    return Problem(**fields)


def _verify_life(split_proof: SplitProof, report: VerifyReport, budgets: dict) -> VerifyReport:
    """A life: the proofs given are lives of the areas' pessimistic problems, one with
    the side to move moving first there, or two with the defender moving first when
    the attacker is to move (the defender answers in the other)."""
    problem, split = split_proof.problem, split_proof.split
    used = [(i, p) for i, p in enumerate(split_proof.proofs) if p is not None]
    movers = {p.to_play for _, p in used}
    attacker_first = split_proof.to_play == problem.attacker
    one = len(used) == 1 and movers == {split_proof.to_play}
    miai = attacker_first and len(used) == 2 and movers == {problem.defender}
    if not (one or miai):
        report.fail("a life needs one area's proof with the side to move first, or, the "
                    "attacker to move, two with the defender first")
        return report
    first = used[0][1].root.prover_move if not attacker_first else None
    if split_proof.first != first:
        report.fail("the first move is not the local proof's")
        return report
    board = problem.to_board()
    crucial = set(board.chain(min(problem.crucial)))
    for i, proof in used:
        keep = set(split.areas[i]) | ({split.eye} if split.eye is not None else set())
        if any(board.color_at(p) == problem.defender and p not in crucial and p not in keep
               for p in problem.region):
            report.fail(f"area {i + 1}: a defender stone outside C lies in another area "
                        "(the attacker could capture it there)")
            return report
        try:
            local = _pessimistic(problem, board, crucial, keep, proof.to_play)
        except ProblemError as e:       # a filled liberty left a chain without one
            report.fail(f"area {i + 1}: no pessimistic problem ({e})")
            return report
        if proof.problem != local:
            report.fail(f"area {i + 1}: the proof is not of the area's pessimistic problem")
            return report
        if not proof.defender_lives:
            report.fail(f"area {i + 1}: the proof says the defender dies")
            return report
        if not _local_proof_holds(proof, i, report, budgets):
            return report
    return report
