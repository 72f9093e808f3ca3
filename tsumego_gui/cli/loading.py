"""The problems an ``info`` / ``solve`` / ``frame`` command line names: a file or folder,
``--index``, the ``--defender`` / ``--goal`` overrides and the framing of open problems
(``--no-frame``, ``--frame-distance``).  Reading is ``core.problem_files``'s; what posing an
open problem assumed is said on standard error, so that ``--json`` output stays clean."""

from __future__ import annotations

import sys

from tsumego_gui.core.colors import BLACK, WHITE
from tsumego_gui.core.problem import Problem, ProblemError
from tsumego_gui.core.problem_files import SourcedProblem, read_problems


def load_from_args(args) -> list[tuple[int, Problem]]:
    """The problems an ``info`` / ``solve`` command line names (file, --index, overrides)."""
    return [(i, sp.problem) for i, sp in load_sourced(args)]


def load_sourced(args) -> list[tuple[int, SourcedProblem]]:
    """Like :func:`load_from_args`, with each problem's source; says what posing assumed."""
    defender = {"B": BLACK, "W": WHITE}.get((args.defender or "").upper())
    distance = None if args.no_frame else args.frame_distance
    found = read_problems(args.file, defender=defender, goal=args.goal, frame_distance=distance)
    chosen = pick(found, args.index)
    for i, sp in chosen:
        if sp.assumed:
            label = f"problem {i}" if len(found) > 1 else sp.path.name
            print(f"{label}: an open problem, posed and framed:", file=sys.stderr)
            for line in sp.assumed:
                print(f"  {line}", file=sys.stderr)
    return chosen


def pick(problems: list, index: int | None) -> list[tuple[int, object]]:
    """The problems selected by a 1-based ``--index`` (all when None)."""
    if index is None:
        return list(enumerate(problems, 1))
    if not 1 <= index <= len(problems):
        raise ProblemError(f"--index {index} is out of range (there are {len(problems)} "
                           "problems)")
    return [(index, problems[index - 1])]
