"""``tsumego verify FILE``: check a proof or classification file this app saved.

A researcher keeps a proof (``tsumego solve --proof-out F.json``) and wants to
know later, or after editing it, that it still proves what it says.  This
command reads the file's own tree (``solve`` would read only the problem in it
and search again), runs the independent verifier (``search.verify``) over it,
or over every first move's proofs of a classification, and checks what the
file claims beside the tree: a proof's winning first moves are moves its tree
proves.  Exit status 0 when every proof is verified in full, 1 when one is not,
2 for a file that is no such proof.  Knows the two file formats by their
``format`` key; a split proof (``--decompose``) is not read.
"""

from __future__ import annotations

import json
from pathlib import Path

from tsumego_gui.cli.exit_status import DONE, NOT_VERIFIED
from tsumego_gui.core import coords
from tsumego_gui.core.problem import ProblemError
from tsumego_gui.core.wording import PLAYERS, counted
from tsumego_gui.search import classification_file
from tsumego_gui.search.proof import FORMAT, Proof, malformed_as_value_error
from tsumego_gui.search.verify import MAX_POSITIONS, verify


def run_verify(args) -> int:
    path = Path(args.file)
    proofs = read_proofs(path)
    budget = args.verify_positions or MAX_POSITIONS
    failed = 0
    for label, proof, claims in proofs:
        report = verify(proof, max_positions=budget)
        size = proof.problem.size
        # a move the file names as winning: the root's move where the side to move wins
        wrong = claims if proof.root.mover_loses else \
            [m for m in claims if m not in {move for move, _ in proof.root.children}]
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


def read_proofs(path: Path) -> list[tuple[str, Proof, list[int]]]:
    """(label, proof, the winning first moves the file claims) for each proof in ``path``;
    ProblemError for a file that holds none."""
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (ValueError, RecursionError) as err:
        raise ProblemError(f"{path.name} is not a proof file: not JSON ({err})") from None
    kind = data.get("format") if isinstance(data, dict) else None
    if kind == FORMAT:
        with malformed_as_value_error("proof"):
            proof = Proof.from_json(data)
        return [("", proof, proof.winning_moves)]
    if kind == classification_file.FORMAT:
        with malformed_as_value_error("classification"):
            c = classification_file.from_json(data)
        size = c.problem.size
        return [(f"{coords.to_gtp(m.move, size)} ({m.cls}), proof {i}: ", proof, [])
                for m in c.moves for i, proof in enumerate(m.proofs, 1)]
    raise ProblemError(f"{path.name} is not a tsumego_gui proof or classification file "
                       "(tsumego solve --proof-out FILE.json writes one)")
