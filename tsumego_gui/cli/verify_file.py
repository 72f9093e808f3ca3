"""``tsumego verify FILE``: check a proof or classification file this app saved.

A researcher keeps a proof (``tsumego solve --proof-out F.json``) and wants to
know later, or after editing it, that it still proves what it says.  This
command reads the file's own tree (``solve`` would read only the problem in it
and search again), runs the independent verifier (``search.verify``) over it,
or over every first move's proofs of a classification (its ko figures' too), and
checks what the file claims beside the tree: a proof's winning first moves are moves
its tree proves, a classification's classes and ko figures what its proofs show
(``class_faults``), its rows every first move of its position and each class made by
the wins and losses its rule sets need, a proof rooted after the move under those rules
or the rules themselves (``position_faults``).  Exit status 0 when every proof is
verified in full and every claim holds, 1 when one is not, 2 for a file that is no
such proof or holds none.  A proof by areas (``--decompose``) is checked whole by
``search.verify_split``: its split and every area's proof.  Knows the three file
formats by their ``format`` key.
"""

from __future__ import annotations

import json
from pathlib import Path

from engine_cy.board import BLACK, PASS, WHITE
from tsumego_gui.cli.exit_status import DONE, NOT_VERIFIED
from tsumego_gui.core import coords
from tsumego_gui.core.file_limits import MAX_PROBLEM_BYTES, refusal
from tsumego_gui.core.problem import ProblemError, opponent, point_names
from tsumego_gui.core.wording import PLAYERS, counted, rules_text, verdict_words
from tsumego_gui.search import classification_file, split_file
from tsumego_gui.search.classify import (
    CLASSES,
    OPEN,
    Classification,
    FirstMove,
    chain_of,
    class_proofs,
    ends_game,
    first_move_problem,
    first_moves,
    game_board,
    rule_sets,
)
from tsumego_gui.search.ko_figure import MAX_TRIED, one_side_threat_rules
from tsumego_gui.search.proof import FORMAT, Proof, malformed_as_value_error
from tsumego_gui.search.verify import MAX_POSITIONS, verify
from tsumego_gui.search.verify_split import verify_split


def run_verify(args) -> int:
    path = Path(args.file)
    budget = args.verify_positions or MAX_POSITIONS
    data = read_json(path)
    if isinstance(data, dict) and data.get("format") == split_file.FORMAT:
        return verify_areas(data, budget)
    proofs, claims = read_proofs(path, data)
    failed = len(claims)
    for fault in claims:
        print(f"NOT verified: {fault}")
    for label, proof, named in proofs:
        report = verify(proof, max_positions=budget)
        size = proof.problem.size
        # a move the file names as winning: the root's move where the side to move wins
        wrong = named if proof.root.mover_loses else \
            [m for m in named if m not in {move for move, _ in proof.root.children}]
        verdict = "lives" if proof.root.won else "dies"
        said = (f"{label}{PLAYERS[proof.to_play]} to play: {PLAYERS[proof.problem.defender]} "
                f"{verdict} ({counted(proof.size(), 'node')}): ")
        if report.passed and not wrong:
            print(said + "verified")
            continue
        failed += 1
        if wrong:
            names = ", ".join(coords.to_gtp(m, size) for m in wrong)
            print(said + f"NOT verified: the file names {names} as winning, and its tree "
                         "holds no proof of it")
        elif not report.ok:
            print(said + "NOT verified: " + "; ".join(report.errors))
        else:
            print(said + f"verified partly: the walk stopped after "
                         f"{report.positions_checked:,} positions (--verify-positions)")
    return NOT_VERIFIED if failed else DONE


def verify_areas(data: dict, budget: int) -> int:
    """Check a proof by areas (QA s57 areas D2: its file was refused as no proof)."""
    with malformed_as_value_error("split proof"):
        proof = split_file.from_json(data)
    report = verify_split(proof, max_positions=budget)
    problem = proof.problem
    verdict = verdict_words(PLAYERS[problem.defender], proof.defender_wins, problem.goal)
    used = sum(p is not None for p in proof.proofs)
    areas = counted(used, "area proof") if used else "no area needs a search"
    said = f"{PLAYERS[proof.to_play]} to play: {verdict}, proven by areas ({areas}): "
    if report.passed:
        print(said + "verified")
        return DONE
    print(said + ("NOT verified: " + "; ".join(report.errors) if not report.ok else
                  f"verified partly: the walk stopped after {report.positions_checked:,} "
                  "positions (--verify-positions)"))
    return NOT_VERIFIED


def read_json(path: Path) -> object:
    """The JSON in ``path``; ProblemError for a file refused or not JSON."""
    refused = refusal(path, MAX_PROBLEM_BYTES)
    if refused:
        raise ProblemError(f"cannot read {path.name}: {refused}")
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except (ValueError, RecursionError) as err:
        raise ProblemError(f"{path.name} is not a proof file: not JSON ({err}); a proof is "
                           "checked as the .json --proof-out writes (its .sgf is for other "
                           "programs)") from None


def read_proofs(path: Path, data: object) -> tuple[list[tuple[str, Proof, list[int]]],
                                                   list[str]]:
    """(label, proof, the winning first moves the file claims) for each proof in ``data``
    (``path``'s), and what a classification file claims beside its proofs that they do
    not bear out; ProblemError for a file that holds none."""
    kind = data.get("format") if isinstance(data, dict) else None
    if kind == FORMAT:
        with malformed_as_value_error("proof"):
            proof = Proof.from_json(data)
        return [("", proof, proof.winning_moves)], []
    if kind == classification_file.FORMAT:
        with malformed_as_value_error("classification"):
            c = classification_file.from_json(data)
        size = c.problem.size
        # each proof under its rules: a ko's win and loss are under two (QA s61: "White
        # lives" under a kill read as a contradiction)
        proofs = [(f"{coords.to_gtp(m.move, size)} ({m.cls}), proof {i} "
                   f"({rules_text(proof.problem)}): ", proof, [])
                  for m in c.moves for i, proof in enumerate(m.proofs, 1)]
        # the ko figures' proofs and those of a ko lost even with the most threats tried:
        # they rank the kos, and so the best moves (review s61)
        proofs += [(f"{coords.to_gtp(m.move, size)} ({m.cls}), its ko {what} "
                    f"({rules_text(proof.problem)}): ", proof, [])
                   for m in c.moves for what, proof in ko_proofs(m)]
        faults = class_faults(c, data.get("status")) + position_faults(c)
        if not proofs and not faults:
            raise ProblemError(f"{path.name} holds no proof: every first move is open")
        return proofs, faults
    raise ProblemError(f"{path.name} is not a proof, classification or split proof file of "
                       "tsumego_gui (tsumego solve --proof-out FILE.json writes them)")


def ko_proofs(m: FirstMove) -> list[tuple[str, Proof]]:
    """(what it shows, proof) for a first move's ko figure and ko lost with threats."""
    out = []
    if m.ko is not None:
        # a figure with other than two proofs is a fault of its own (``ko_faults``)
        out += list(zip(("won with its threats", "lost with one fewer"), m.ko.proofs,
                        strict=False))
    if m.ko_beyond_proof is not None:
        out.append((f"lost with {MAX_TRIED} threats", m.ko_beyond_proof))
    return out


def ko_faults(m: FirstMove, defender: int, name: str) -> list[str]:
    """What a first move's ko figure, or its ko lost even with ``MAX_TRIED`` threats,
    claims that its proofs do not bear out: the side wins with its threats and loses with
    one fewer (the other side holding none), or loses with ``MAX_TRIED``."""
    if m.ko is None and m.ko_beyond is None:
        return []
    if m.cls != "ko":
        return [f"{name}: a ko figure on a move of class {m.cls}"]
    if m.ko is not None and m.ko_beyond is not None:
        # review s62: the second claim went unchecked beside the first
        return [f"{name}: a ko figure and a ko lost even with {MAX_TRIED} threats at once"]
    if m.ko is not None and m.ko.threats < 1:
        # QA s62: "loses with -1 threats"; a side that wins with none has no ko to win
        return [f"{name}: its ko figure counts {m.ko.threats} threats, where a figure "
                "counts 1 at least"]
    if m.ko is not None:
        side, claims = m.ko.side, [(m.ko.threats, True), (m.ko.threats - 1, False)]
        proofs = m.ko.proofs
    else:
        side, claims = m.ko_beyond, [(MAX_TRIED, False)]
        proofs = [m.ko_beyond_proof] if m.ko_beyond_proof is not None else []
    if len(proofs) != len(claims):
        return [f"{name}: its ko figure has {counted(len(proofs), 'proof')}, where it needs "
                f"{len(claims)}"]
    faults = []
    for proof, (threats, wins) in zip(proofs, claims, strict=True):
        held = dict(zip((BLACK, WHITE), proof.problem.ko_threats, strict=True))
        if (held[side], held[opponent(side)]) != (threats, 0) \
                or proof.root.won != (wins == (side == defender)):
            faults.append(f"{name}: its ko figure says {PLAYERS[side]} "
                          f"{'wins' if wins else 'loses'} with {counted(threats, 'threat')} "
                          "to none, where its proof says otherwise")
    return faults


# what a proof's problem must share with the position after its move: the position, the
# side to move, what is at stake, and the rules (ko threats: ``ko_faults`` reads a ko
# figure's)
POSITION_FIELDS = ("size", "black", "white", "to_play", "history", "previous_pass",
                   "ko_point", "defender", "crucial", "region")
RULE_FIELDS = ("goal", "ko_allowed")


def position_faults(c: Classification) -> list[str]:
    """What a classification says of its moves that the rules do not bear out (QA s62: a
    row taken out, another move's proof under a move, the side to move turned round, and
    review s62: a class with the wrong results, a move said to end the game or to be
    forbidden, all passed): its moves are the first moves of its position
    (``classify.first_moves``), and each class is made as ``classify.class_proofs`` says:
    under each of its rule sets the defender's win or loss, given by the rules where the
    move is a ko capture its mover may not make there (the mover loses) or takes every
    stone at stake (the defender loses), else by a proof that starts from the position
    after the move under that rule set, in that order; a ko figure's proofs and a ko's
    lost with the most threats start there under their threat rules."""
    problem, to_play = c.problem, c.to_play
    game = game_board(problem, to_play)
    legal = first_moves(game, problem)
    listed = {m.move for m in c.moves}
    faults = []
    missing = [m for m in legal if m not in listed]
    if missing:
        faults.append(f"{point_names(missing, problem.size)} "
                      f"{'is' if len(missing) == 1 else 'are'} not listed, where every first "
                      f"move of {PLAYERS[to_play]} is classed")
    extra = sorted(listed - set(legal))
    if extra:
        faults.append(f"{point_names(extra, problem.size)} "
                      f"{'is' if len(extra) == 1 else 'are'} listed, where "
                      f"{PLAYERS[to_play]} has no such first move")
    rules = rule_sets(problem)
    chain = chain_of(rules)
    for m in c.moves:
        if m.move not in legal:
            continue
        name = coords.to_gtp(m.move, problem.size)
        if m.cls in CLASSES:
            faults += _class_faults(m, name, game, problem, rules, chain)
        parts = []
        if m.ko is not None and m.ko.threats >= 1:
            held = [m.ko.threats, m.ko.threats - 1]
            parts += [(f"its ko {what}", proof, one_side_threat_rules(problem, m.ko.side, n))
                      for what, proof, n in zip(("won with its threats", "lost with one fewer"),
                                                m.ko.proofs, held, strict=False)]
        if m.ko_beyond_proof is not None and m.ko_beyond is not None:
            parts.append((f"its ko lost with {MAX_TRIED} threats", m.ko_beyond_proof,
                          one_side_threat_rules(problem, m.ko_beyond, MAX_TRIED)))
        for what, proof, rule in parts:
            faults += _start_faults(f"{name}, {what}", proof, rule, m.move, to_play)
    return faults


def _class_faults(m: FirstMove, name: str, game, problem, rules: dict,
                  chain: tuple[str, ...]) -> list[str]:
    """Where a decided first move's class is not made as ``position_faults`` says (``game``:
    ``classify.game_board`` of the position)."""
    to_play = game.to_play
    ends = ends_game(problem, game, m.move)
    if bool(m.ends_game) != ends:
        return [f"{name}: the file says it {'ends' if m.ends_game else 'does not end'} the "
                f"game, where it {'does' if ends else 'does not'}"]
    needed = class_proofs(m.cls, chain)
    forbids = {r: _forbids(rules[r], m.move, to_play) for r, _ in needed}
    if bool(m.forbidden) != any(forbids.values()):
        return [f"{name}: the file says the move is {'' if m.forbidden else 'never '}illegal "
                f"under its class's rules, where it is {'' if any(forbids.values()) else 'not '}"
                "so"]
    faults, searched = [], []
    for r, status in needed:
        if not (forbids[r] or ends):
            searched.append((r, status))
            continue
        # the rules decide: a forbidden ko capture loses its mover the move, a capture of
        # every stone at stake loses the defender the game
        given = "win" if forbids[r] and to_play == problem.attacker else "loss"
        if given != status:
            faults.append(f"{name}: class {m.cls} needs a {status} for the defender "
                          f"({rules_text(rules[r])}), where the rules give a {given} there "
                          f"(the move {'is illegal' if forbids[r] else 'ends the game'})")
    if len(searched) != len(m.proofs):
        return faults + [f"{name}: class {m.cls} is made by {counted(len(searched), 'proof')} "
                         f"here, where it has {len(m.proofs)}"]
    for i, (proof, (r, status)) in enumerate(zip(m.proofs, searched, strict=True), 1):
        faults += _start_faults(f"{name}, proof {i}", proof, rules[r], m.move, to_play,
                                (m.cls, status))
    return faults


def _forbids(rules, move: int, to_play: int) -> bool:
    """Whether ``move`` is a ko capture that ``rules`` forbid ``to_play``."""
    board = rules.to_board()
    board.to_play = to_play
    return move != PASS and board.illegal_reason(move) is not None


def _start_faults(label: str, proof: Proof, rules, move: int, to_play: int,
                  role: tuple[str, str] | None = None) -> list[str]:
    """Where ``proof`` does not start from the position after ``move`` under ``rules`` (a
    problem of the classification's position under a rule set), why; with ``role`` (a
    class, and the defender's "win" or "loss" it needs there), where its result is not
    that one (a ko figure's results and threats are ``ko_faults``')."""
    try:
        there = first_move_problem(rules, move, to_play)
    except ProblemError as e:
        return [f"{label}: {e}"]
    if any(getattr(proof.problem, f) != getattr(there, f) for f in POSITION_FIELDS):
        played = f"{PLAYERS[to_play]}'s pass" if move == PASS else \
            f"{PLAYERS[to_play]} {coords.to_gtp(move, there.size)}"
        return [f"{label}: it does not start from the position after {played}"]
    if role is None:
        if any(getattr(proof.problem, f) != getattr(there, f) for f in RULE_FIELDS):
            return [f"{label}: it is under the rules {rules_text(proof.problem)}, where its "
                    f"part needs {rules_text(there)}"]
        return []
    got = "win" if proof.root.won else "loss"
    if got != role[1] or any(getattr(proof.problem, f) != getattr(there, f)
                             for f in (*RULE_FIELDS, "ko_threats")):
        return [f"{label}: class {role[0]} needs a {role[1]} for the defender "
                f"({rules_text(there)}), where this proof is a {got} "
                f"({rules_text(proof.problem)})"]
    return []


def class_faults(c: Classification, status: object) -> list[str]:
    """What a classification claims beside its proofs that they do not bear out (QA s56: a
    class edited by hand, a move listed twice and a position's class changed passed):
    each move once, a known class, no proof on an open move, its ko figures
    (``ko_faults``), and the position's class as its moves give it.  Whether each class is
    made by its proofs is ``position_faults``'."""
    size = c.problem.size
    faults = []
    seen = [m.move for m in c.moves]
    for move in sorted({m for m in seen if seen.count(m) > 1}):
        faults.append(f"{coords.to_gtp(move, size)} is listed more than once")
    for m in c.moves:
        name = coords.to_gtp(m.move, size)
        if m.cls not in (*CLASSES, OPEN):
            faults.append(f"{name}: {m.cls!r} is no class")
        elif m.cls == OPEN and m.proofs:
            faults.append(f"{name}: open, yet it holds proofs")
        faults += ko_faults(m, c.problem.defender, name)
    if not faults and status is not None and status != c.status:
        faults.append(f"the position is said to be {status!r}, where its moves give "
                      f"{c.status!r}")
    return faults
