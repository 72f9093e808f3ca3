"""Decomposition at the root (issue #19): a region that the crucial chain and
uncapturable attacker stones cut into separate areas, solved one area at a time: a
kill (every area lost) or a life (one area won, or two as miai).

Where it applies (``find_split``; ``search.verify_split`` checks the same conditions
on its own):

1. goal ``live`` or ``survive`` (a kill splits under ``live`` only, see below); the
   crucial stones are one chain C, and every defender stone off the region belongs
   to it; the goal does not hold yet;
2. the defender may not capture a ko and no ko is pending (so no ko ban ever falls
   on either side: the attacker is banned only after a defender's ko capture), and
   no position came before the root (a position of the whole from before it could
   repeat with the other areas changed, where the local game sees no repetition);
3. C has at most one eye E in the region: an empty region point whose every
   neighbour is a stone of C;
4. every attacker chain off the region has an empty neighbour off the region: no
   move is ever played off the region, so nothing there is ever captured and the
   points off the region never change (C's capture ends the game);
5. the areas are the connected parts of the region without E and C's stones (C is
   never captured while the game goes on), at least two with an empty point;
6. a connected part of the non-defender points off the region that touches two
   areas is *sealed*: it holds an empty point whose neighbours are all points of the
   part, so a Benson region through it is never vital to any defender chain, and
   none spans two areas;
7. an area is *hopeless* when each of its points has a neighbour in a sealed part:
   every Benson region holding a point of it holds that part, so no vital region
   ever lies in it.  The others are *hopeful*.  For a kill, with E any number of
   areas may be hopeful, without E at most one (C then needs both vital regions
   there; ``Split.kills``).  A split has two areas or more, or none hopeful (then
   the defender never lives: the paper's "no potential eye point"; under
   ``survive``, where a seki may still be had, none hopeful is no split).
   ``find_split`` also refuses one hopeful area (sound, but the local problem lacks
   the attacker's moves in the hopeless ones, and was slower than the whole on
   enclosed problems); the checker accepts it.

A kill (an attacker win; goal ``live``): the defender to move, each hopeful area
``A`` is lost for the defender in the *local problem* ``P(A)``: the same position
with ``A`` as region (the other areas frozen), the defender to move, proven by an
ordinary proof whose result superko did not decide.  The attacker's strategy in the whole: answer
a move in a hopeful area ``A`` as ``P(A)``'s proof does, a pass, a move in E or in a
hopeless area with a pass.  Why it wins:

* each area changes only by moves in it, so each area's state is always a
  defender-to-move node of its proof;
* the local games are at worst as good for the attacker as the whole: frozen areas
  keep C's liberties there (the whole can only take them away: fewer defender moves
  are legal, an attacker move may capture C, which wins); a repetition of the whole
  repeats the state the area it was played in had at a move of the local game, which
  the local game saw (condition 2: no position before the root), so a move legal
  locally is legal in the whole; a defender move superko forbids only locally would
  be missing from the local proof, which ``verify_split`` rejects (line-bound);
* the defender filling E only hurts it: its legal moves shrink, the attacker's grow
  by captures of C, and Benson's alive set with E filled is alive with E empty;
* a move in a hopeless area changes nothing in the others, and C's liberties it
  fills only help the attacker (as above);
* the goal: if C were unconditionally alive in the whole, it would have two vital
  regions; each is E, or lies off the region (then it was there at the root), or
  meets one area only (condition 6), a hopeful one (condition 7).  With E, take V
  the one that is not E; without, both lie in the one hopeful area ``A``.  The
  chains around them lie in ``A`` or are C (condition 1), so C would be alive in
  ``P(A)`` at that area's state, a node its proof shows lost;
* two passes end the whole with the goal not holding, as above.

With the attacker to move the claim starts with its move: a pass (every area lost
for a defender moving first), or a move in one area whose local problem is solved
with the attacker to move (the others with the defender to move).

Under ``survive`` a kill does not split: the attacker kills only by capturing C,
which takes C's liberties in every area at once, so each area alone reads as alive.

A life (a defender win; goal ``live`` or ``survive``): the *pessimistic problem*
``Q(A)`` of an area ``A`` is the position with an attacker stone on every liberty of
C in the other areas (the hopeless ones included), ``A`` and E as region, goal
``live`` (unconditional life, which is survival too); none where a filling stone
would have no liberty or take one, or where a defender stone other than C's lies in
another area (the attacker could capture it there, and the Benson regions of the
whole would no longer be those of ``Q(A)``).  The claim: the defender to move wins ``Q(A)``
moving first; or, the attacker to move, it wins some ``Q(A)`` with the attacker
first, or two, ``Q(A)`` and ``Q(B)``, each moving first (miai: it answers the
attacker's first move in the other; a first pass, in either).  The defender's
strategy in the whole: play in ``A`` (and E) as the proof does, answering an
attacker move elsewhere as the proof answers a pass.  Why it wins:

* the defender never plays off ``A`` and E, so the defender's stones, and with them
  the Benson regions (as point sets), are the same in ``Q(A)`` and the whole;
  nothing in the other areas is ever captured by the defender (their chains touch
  neither ``A`` nor E; one joined to stones off the region cannot be captured);
* C's liberties in the whole include those in ``Q(A)`` (``Q(A)`` has them filled), so
  an attacker move in ``A`` or E that captures C in the whole captures it in ``Q(A)``,
  and no move elsewhere can (C keeps its liberties in ``A`` and E there, as in the
  legal position ``Q(A)``); any other move in ``A`` or E is legal in both alike, but
  for superko, and a local proof that superko decided in part is not used;
* a repetition of the whole is one of ``A`` and E, so of ``Q(A)``'s line (no
  position before the root): a defender move legal in ``Q(A)`` is legal in the whole;
* a region vital to a chain in ``Q(A)`` is vital in the whole: its empty points in
  the whole are those of ``Q(A)`` and filled liberties of C, never other points (the
  other areas only lose empty points, the defender capturing nothing there); so
  Benson's fixpoint in the whole holds ``Q(A)``'s, and C reaches unconditional life
  in the whole when it does in ``Q(A)`` (a proof under ``live`` never ends in two
  passes with the defender winning).

A local proof that superko decided in part (the verifier's walk says so: it is
line-bound) does not carry over, and the whole region is searched instead.

Not here: the search below the root (the paper's dynamic split inside df-pn).  Where
nothing splits, or the areas decide nothing, the ordinary search runs on the whole
region.

Knows the rules as the board gives them and the problem type; searches through
``search.dfs`` and asks ``search.verify`` whether a local proof is line-bound.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine_cy.benson import unconditionally_alive
from engine_cy.board import BLACK, EMPTY, PASS
from engine_cy.search_control import now
from tsumego_gui.core import coords
from tsumego_gui.core.problem import Problem, ProblemError
from tsumego_gui.search import dfs
from tsumego_gui.search.params import SearchParams
from tsumego_gui.search.proof import Proof
from tsumego_gui.search.results import SolveResult
from tsumego_gui.search.verify import verify


@dataclass(frozen=True)
class Split:
    """Where a problem splits: C's eye in the region (None: none), the hopeful areas
    (each needs a local proof) and the hopeless ones (region points, sorted by their
    least point); ``kills``: a kill may be proven area by area (goal ``live``, and
    with no eye at most one hopeful area), else only a life."""

    eye: int | None
    areas: tuple[frozenset[int], ...]
    hopeless: tuple[frozenset[int], ...] = ()
    kills: bool = True


@dataclass
class SplitProof:
    """A result of the whole from results in the areas (module docstring).

    A kill (``defender_wins`` False): ``first`` is the attacker's first move (PASS
    included) when the attacker moves at the root, else None; ``proofs[i]`` proves
    area ``i``'s local problem, the attacker to move there only in the area of
    ``first``.  A life: ``proofs[i]`` proves area ``i``'s pessimistic problem or is
    None (the area is not used); one proof, whose mover is the side to move, or with
    the attacker to move two proofs with the defender moving first (miai); ``first``
    is the defender's first move when it moves at the root, else None."""

    problem: Problem
    to_play: int
    split: Split
    first: int | None
    proofs: list[Proof | None]
    defender_wins: bool = False


def _components(points: set[int], size: int) -> list[frozenset[int]]:
    left, out = set(points), []
    while left:
        todo = [left.pop()]
        part = set(todo)
        while todo:
            for n in coords.neighbours(todo.pop(), size):
                if n in left:
                    left.discard(n)
                    part.add(n)
                    todo.append(n)
        out.append(frozenset(part))
    return sorted(out, key=min)


def find_split(problem: Problem) -> Split | str:
    """The split of ``problem`` at its root, or why there is none (a sentence)."""
    size, defender = problem.size, problem.defender
    board = problem.to_board()
    if problem.goal not in ("live", "survive"):
        return f"the goal is {problem.goal!r}, not 'live' or 'survive'"
    if not problem.region:
        return "the problem has no region"
    crucial = set(board.chain(next(iter(problem.crucial))))
    if not problem.crucial <= crucial:
        return "the crucial stones are more than one chain"
    own = problem.stones(defender)
    if any(p not in problem.region and p not in crucial for p in own):
        return "a defender stone off the region is not crucial"
    if problem.ko_capture_allowed(defender) or problem.ko_point != PASS:
        return "the defender may capture a ko, or a ko is pending"
    if problem.history:
        return "positions came before this one (superko could tie the areas together)"
    eyes = [p for p in problem.region if board.color_at(p) == EMPTY
            and all(n in crucial for n in coords.neighbours(p, size))]
    if len(eyes) > 1:
        return f"the crucial chain has {len(eyes)} one-point eyes"
    eye = eyes[0] if eyes else None
    off = set(coords.all_locs(size)) - problem.region
    empty_off = {p for p in off if board.color_at(p) == EMPTY}
    for p in off:
        if board.color_at(p) == problem.attacker and not empty_off & set(board.liberties(p)):
            return f"the attacker's stone at {coords.to_gtp(p, size)} off the region " \
                   "has no liberty off it"
    areas = _components(set(problem.region) - crucial - set(eyes), size)
    area_of = {p: i for i, a in enumerate(areas) for p in a}
    sealed: set[int] = set()
    for part in _components({p for p in off if p not in own}, size):
        if any(p in empty_off and all(n in part for n in coords.neighbours(p, size)) for p in part):
            sealed |= part
        elif len({area_of[n] for p in part for n in coords.neighbours(p, size)
                  if n in area_of}) > 1:
            return "a Benson region off the region may join two areas"
    hopeful = [a for a in areas
               if any(sealed.isdisjoint(coords.neighbours(p, size)) for p in a)]
    hopeless = [a for a in areas if a not in hopeful]
    # a kill splits only under 'live' (a kill under 'survive' is a capture, which
    # takes C's liberties in every area at once), and with no eye only when C must
    # find both vital regions in one area
    kills = problem.goal == "live" and (eye is not None or len(hopeful) <= 1)
    if not kills and not hopeful:
        return "no area could hold an eye, and under 'survive' that decides nothing (seki)"
    if len(areas) < 2 and hopeful:
        return "the region is one area"
    if len(hopeful) == 1:
        # measured (s30, 20 enclosed-dev problems under 'live'): the one area alone is
        # often harder, as the attacker loses its moves in the others (C's liberties
        # there): 0.67x the plain search's speed, one problem lost
        return "only one area could hold an eye: searching it alone takes the attacker's " \
               "moves in the others away"
    if any(not crucial.isdisjoint(s) for s, _ in unconditionally_alive(board, defender)):
        return "the goal holds already"
    return Split(eye, tuple(hopeful), tuple(hopeless), kills)


def _holds_in_the_whole(proof: Proof) -> bool:
    """Whether a local proof carries over: superko decided none of it (the verifier's
    walk says; a repetition in the local game need not be one in the whole, where the
    other areas may have changed meanwhile), and the walk found no fault."""
    report = verify(proof, replays=0)
    return report.passed and not report.line_bound


def local_problem(problem: Problem, area: frozenset[int], to_play: int) -> Problem:
    """The problem with ``area`` as its region and ``to_play`` to move (the other areas
    frozen as they are)."""
    return replace(problem, region=area, to_play=to_play, to_play_given=True, book_moves=())


def pessimistic_problem(problem: Problem, split: Split, area: frozenset[int],
                        to_play: int) -> Problem | None:
    """The problem in which a life in ``area`` is a life in the whole: every liberty of
    C in the other areas filled by an attacker stone, ``area`` and C's eye as region,
    goal ``live``; None where a filling stone would have no liberty or take one (the
    fills must be a legal position that the whole can only be better than), or where
    a defender stone other than C's lies in another area."""
    board = problem.to_board()
    keep = area | ({split.eye} if split.eye is not None else frozenset())
    crucial = set(board.chain(min(problem.crucial)))
    own = problem.stones(problem.defender)
    if any(p in own and p not in crucial and p not in keep for p in problem.region):
        # a defender stone the attacker could capture there would change the Benson
        # regions of the whole, which the defender's stones no longer match
        return None
    fills = {p for p in board.liberties(min(problem.crucial))
             if p in problem.region and p not in keep}
    attacker = problem.stones(problem.attacker) | fills
    stones = {"black" if problem.attacker == BLACK else "white": attacker}
    try:        # the problem's own check refuses a chain with no liberty
        return replace(problem, **stones, region=keep, goal="live", to_play=to_play,
                       to_play_given=True, book_moves=())
    except ProblemError:
        return None


def solve_split(problem: Problem, params: SearchParams | None = None, *,
                to_play: int | None = None, cancelled=None, progress=None,
                evaluator=None) -> SolveResult:
    """Solve ``problem`` area by area where it splits (module docstring), else on the
    whole region, with df-pn (``cancelled``, ``progress`` and ``evaluator`` as
    ``dfs.solve`` takes them); the budgets cover the whole call.  A verdict the split
    proved comes with ``split`` (the SplitProof) and no ``proof``."""
    params = replace(SearchParams() if params is None else params, decompose=False)
    to_play = problem.to_play if to_play is None else to_play
    start = now()
    spent = 0
    searching = 0.0     # the searches' own seconds, as ``dfs.solve`` counts them

    def left() -> SearchParams:
        seconds = params.max_seconds - (now() - start) if params.max_seconds else 0.0
        nodes = params.max_nodes - spent if params.max_nodes else 0
        return replace(params, max_seconds=max(seconds, 1e-3) if params.max_seconds else 0.0,
                       max_nodes=max(nodes, 1) if params.max_nodes else 0)

    def run(p: Problem, mover: int) -> SolveResult:
        nonlocal spent, searching
        result = dfs.solve(p, left(), to_play=mover, cancelled=cancelled, progress=progress,
                           evaluator=evaluator)
        spent += result.nodes
        searching += result.seconds
        return result

    split = find_split(problem)
    if isinstance(split, Split):
        composite = _kill(problem, split, to_play, run) if split.kills else None
        if composite is None:
            composite = _life(problem, split, to_play, run)
        if composite is not None:
            verdict = "lives" if composite.defender_wins else "dies"
            return SolveResult(verdict, None, spent, searching, None, 0, split=composite)
    result = run(problem, to_play)
    return replace(result, nodes=spent, seconds=searching)


def _kill(problem: Problem, split: Split, to_play: int, run) -> SplitProof | None:
    """The kill proven area by area, or None."""
    proofs: list[Proof | None] = []
    for area in split.areas:
        result = run(local_problem(problem, area, problem.defender), problem.defender)
        proofs.append(result.proof if result.verdict == "dies" else None)
        # every area must be lost for a defender moving first, but for the attacker's
        # one area when it moves
        open_areas = proofs.count(None)
        if result.verdict == "unknown" or open_areas > (to_play == problem.attacker):
            return None
    lost = [p is not None for p in proofs]
    first: int | None = None
    if all(lost):
        first = PASS if to_play == problem.attacker else None
    elif to_play == problem.attacker:
        j = lost.index(False)
        result = run(local_problem(problem, split.areas[j], to_play), to_play)
        if result.verdict == "dies" and result.proof.winning_moves:
            first = result.proof.winning_moves[0]
            proofs[j] = result.proof
    if all(p is not None and _holds_in_the_whole(p) for p in proofs):
        return SplitProof(problem, to_play, split, first, proofs)
    return None


def _life(problem: Problem, split: Split, to_play: int, run) -> SplitProof | None:
    """The life proven in one area (or, the attacker to move, in either of two: miai)
    of the pessimistic problems, or None."""
    def life_in(i: int, mover: int) -> Proof | None:
        local = pessimistic_problem(problem, split, split.areas[i], mover)
        if local is None:
            return None
        result = run(local, mover)
        if result.verdict == "lives" and _holds_in_the_whole(result.proof):
            return result.proof
        return None

    defender = problem.defender
    proofs: list[Proof | None] = [None] * len(split.areas)
    miai = []
    for i in range(len(split.areas)):
        proof = life_in(i, defender)
        if proof is None:
            continue
        if to_play == defender:
            proofs[i] = proof
            return SplitProof(problem, to_play, split, proof.root.prover_move, proofs,
                              defender_wins=True)
        miai.append((i, proof))
        if len(miai) == 2:
            for j, found in miai:
                proofs[j] = found
            return SplitProof(problem, to_play, split, None, proofs, defender_wins=True)
    if to_play == defender:
        return None
    # the attacker to move: one area where it cannot kill even moving first
    for i, _ in miai:
        proof = life_in(i, to_play)
        if proof is not None:
            proofs[i] = proof
            return SplitProof(problem, to_play, split, None, proofs, defender_wins=True)
    return None
