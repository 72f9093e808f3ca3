"""Read the problems of a file the user named (SGF or research json), whatever its kind."""

from __future__ import annotations

from pathlib import Path

from tsumego_gui.core.problem import Problem, ProblemError


def load_problems(path: str | Path, *, defender: int | None = None,
                  goal: str | None = None) -> list[Problem]:
    """All problems in ``path``: research json by its suffix, SGF otherwise.

    ``defender`` and ``goal`` override (SGF) or fill in what the file leaves
    open: a kill-all record has no crucial stones, so the user names the side
    that must live.  Raises ProblemError for unreadable or invalid files
    (OSError propagates for missing files, so the caller can say which file).
    """
    path = Path(path)
    if path.suffix.lower() == ".json":
        from tsumego_gui.core.rzone_json import read_rzone_json
        return [read_rzone_json(path)]
    from tsumego_gui.core.sgf_io import read_sgf
    problems = read_sgf(path.read_bytes(), defender=defender, goal=goal)
    if not problems:
        raise ProblemError(f"{path.name} holds no problem")
    return problems


def load_from_args(args) -> list[tuple[int, Problem]]:
    """The problems an ``info`` / ``solve`` command line names (file, --index, overrides)."""
    defender = {"B": 1, "W": 2}.get((args.defender or "").upper())
    return pick(load_problems(args.file, defender=defender, goal=args.goal), args.index)


def pick(problems: list[Problem], index: int | None) -> list[tuple[int, Problem]]:
    """The problems selected by a 1-based ``--index`` (all when None)."""
    if index is None:
        return list(enumerate(problems, 1))
    if not 1 <= index <= len(problems):
        raise ProblemError(f"--index {index} is out of range (the file holds {len(problems)})")
    return [(index, problems[index - 1])]
