"""The problems an ``info`` / ``solve`` command line names: a file or folder, ``--index``,
and the ``--defender`` / ``--goal`` overrides.  Reading is ``core.problem_files``'s."""

from __future__ import annotations

from tsumego_gui.core.colors import BLACK, WHITE
from tsumego_gui.core.problem import Problem, ProblemError
from tsumego_gui.core.problem_files import read_problems


def load_from_args(args) -> list[tuple[int, Problem]]:
    """The problems an ``info`` / ``solve`` command line names (file, --index, overrides)."""
    defender = {"B": BLACK, "W": WHITE}.get((args.defender or "").upper())
    found = read_problems(args.file, defender=defender, goal=args.goal)
    return pick([sp.problem for sp in found], args.index)


def pick(problems: list[Problem], index: int | None) -> list[tuple[int, Problem]]:
    """The problems selected by a 1-based ``--index`` (all when None)."""
    if index is None:
        return list(enumerate(problems, 1))
    if not 1 <= index <= len(problems):
        raise ProblemError(f"--index {index} is out of range (there are {len(problems)} "
                           "problems)")
    return [(index, problems[index - 1])]
