"""The problems an ``info`` / ``solve`` / ``frame`` command line names: a file or folder,
``--index``, the ``--defender`` / ``--goal`` / ``--ko`` overrides and the framing of open problems
(``--no-frame``, ``--frame-distance``).  Reading is ``core.problem_files``'s; what posing an
open problem assumed, and which bad files or games were left out, is said on standard
error, so that ``--json`` output stays clean.

A folder's bad file or a collection's bad game is skipped with a line saying why; the
others are still read, and numbered as if it were there, so that ``--index`` means the same
with or without it.  ``--index`` naming a bad one, or nothing good to read at all, is an
error (``ProblemError``)."""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from pathlib import Path

from tsumego_gui.cli.exit_status import BAD_INPUT, DONE
from tsumego_gui.core.colors import BLACK, WHITE
from tsumego_gui.core.problem import NO_DEFENDER, ProblemError
from tsumego_gui.core.problem_files import ProblemFileError, SourcedProblem, read_problems
from tsumego_gui.core.wording import counted

# ``--ko``: the sides that may capture a ko (black, white), in the SGF's ``TK`` words
KO_RULES = {"B": (True, False), "W": (False, True), "BW": (True, True), "-": (False, False)}


def ko_sides(text: str) -> str:
    """``--ko``'s value as a key of ``KO_RULES``: any case and order (``wb`` is ``BW``, as
    a file's TK may say it)."""
    return "".join(sorted(text.upper()))


@dataclass(frozen=True)
class Loaded:
    """The problems chosen, numbered from 1 among all the entries read, and how many bad
    files or games were skipped."""

    problems: list[tuple[int, SourcedProblem]]
    skipped: int = 0

    @property
    def status(self) -> int:
        """The exit status reading alone gives: BAD_INPUT when something was skipped."""
        return BAD_INPUT if self.skipped else DONE


def load_from_args(args) -> Loaded:
    """The problems an ``info`` / ``solve`` / ``frame`` command line names (file, --index,
    overrides); says what posing assumed and what was skipped."""
    defender = {"B": BLACK, "W": WHITE}.get((args.defender or "").upper())
    distance = None if args.no_frame else args.frame_distance
    entries = read_problems(args.file, defender=defender, goal=args.goal,
                            frame_distance=distance)
    chosen = pick(entries, args.index)
    bad = [(i, with_option_named(e)) for i, e in chosen if isinstance(e, ProblemFileError)]
    if len(bad) == len(chosen) == 1:
        raise bad[0][1]
    for i, err in bad:
        print(f"tsumego: skipped problem {i}: {err}", file=sys.stderr)
    good = [(i, with_ko_option(e, args.ko)) for i, e in chosen
            if not isinstance(e, ProblemFileError)]
    if not good:
        raise ProblemError(f"{args.file}: none of its {len(chosen)} problems can be read "
                           "(each is said above)")
    from tsumego_gui.search.classification_file import is_saved_proof
    if is_saved_proof(Path(args.file)):
        # QA s56 research D2: a proof file given to solve was solved again, its tree unread
        print(f"tsumego: {args.file} is a saved proof: its problem is read, not its tree "
              f"(tsumego verify {args.file} checks the tree)", file=sys.stderr)
    for i, sp in good:
        if sp.assumed:
            label = f"problem {i}" if len(entries) > 1 else sp.path.name
            print(f"{label}: an open problem, posed and framed:", file=sys.stderr)
            for line in sp.assumed:
                print(f"  {line}", file=sys.stderr)
    return Loaded(good, len(bad))


def with_ko_option(sp: SourcedProblem, ko: str | None) -> SourcedProblem:
    """``sp`` under the ``--ko`` rule (None: as read; QA s57 kill-all D4: the research
    rule was applied to a set whose own rules let both sides take kos, with no option)."""
    if ko is None:
        return sp
    allowed = KO_RULES[ko]
    return replace(sp, problem=replace(sp.problem, ko_allowed=allowed),
                   closer=None if sp.closer is None else replace(sp.closer, ko_allowed=allowed))


def with_option_named(err: ProblemFileError) -> ProblemFileError:
    """``err``, where it asks which side defends, with the option that says it (QA s57
    kill-all D3: the sets' game records were refused with no word of ``--defender``)."""
    asked = f"no crucial stones: {NO_DEFENDER}"
    if asked not in err.reason:
        return err
    return ProblemFileError(err.path, err.reason.replace(
        asked, f"{asked} (--defender B|W; a game record with no marks then reads as "
               "kill-all, goal live_any)", 1))


def pick(entries: list, index: int | None) -> list[tuple[int, object]]:
    """The entries selected by a 1-based ``--index`` (all when None)."""
    if index is None:
        return list(enumerate(entries, 1))
    if not 1 <= index <= len(entries):
        raise ProblemError(f"--index {index} is out of range (the file or folder holds "
                           f"{counted(len(entries), 'problem')})")
    return [(index, entries[index - 1])]

