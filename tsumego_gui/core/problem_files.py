"""Reading problems from what a user names: a file or a folder of files.

The one reader shared by the ``tsumego`` command, the GUI (opening a file, the
problem list) and the benchmark runners:

* a file ending in ``.json`` is one research-format problem
  (``core.rzone_json``), or a proof, classification or split proof file this
  app exported, which gives the problem it was made for; any other file is
  SGF (``core.sgf_io``), one problem per game of a collection;
* a folder stands for its problem files (``.sgf`` and ``.json``, any case),
  in all its sub-folders, sorted by path.  A json file there that is valid
  JSON but not a research problem (no ``masked_sgf_str`` field, such as an
  expectations table kept beside the problems) is data, not a problem, and is
  left out; a json file that is not valid JSON is kept, so its error shows.

An SGF game that names no defender (no crucial stones, no target, no ``TD``:
a book problem as players have it) is posed and framed
(``core.open_problem``) unless ``frame_distance`` is None; its
:class:`SourcedProblem` then says what was assumed and which stones the frame
added.

Every problem comes back with its source (:class:`SourcedProblem`: the file,
its 0-based index in the file, how many the file holds).  Bad input is a
:class:`ProblemFileError`, a ``ProblemError`` whose message names the file
(and the game, in a collection of several) and what is wrong with it:
:func:`read_file` raises the first; :func:`read_file_entries` and
:func:`read_problems` put each in the place of the file or game it stands for,
so that one bad file of a folder or one bad game of a collection does not
hide the others.  A long read (a collection of 50,000 games) reports its
progress to a callback, which may stop it by raising :class:`ReadCancelled`.
Nothing else escapes for a bad file.  Should a
reader slip on some input with another exception (a bug: fuzzing,
``benchmarks/fuzz_import.py``, looks for them), it too comes out as a
ProblemFileError that says so, rather than as a traceback.

Knows file kinds and the two readers; nothing about what a problem means
beyond them, about search, or about the GUI.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from os import PathLike
from pathlib import Path

from tsumego_gui.core.file_limits import MAX_PROBLEM_BYTES, refusal
from tsumego_gui.core.frame import DISTANCE
from tsumego_gui.core.problem import Problem, ProblemError

SUFFIXES = (".sgf", ".json")
# what :func:`read_file_entries` reports the progress of: reading the games, then (a
# collection with open problems) reading them again to pose and frame them
READING, POSING = "reading", "posing"
FileProgress = Callable[[str, int, int], None]      # (READING or POSING, done, total)


class ReadCancelled(Exception):  # noqa: N818 - a request, not a fault
    """Raised by a progress callback to stop a read (the user cancelled it): it comes out
    of the readers as it is, never as a ProblemFileError."""


class ProblemFileError(ProblemError):
    """A file (or folder) that does not give problems: ``str()`` is ``"<path>: <reason>"``."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


@dataclass(frozen=True)
class SourcedProblem:
    """A problem and where it came from."""

    problem: Problem
    path: Path
    index: int = 0      # 0-based position among the file's problems (games of an SGF)
    count: int = 1      # how many problems the file holds
    assumed: tuple[str, ...] = ()        # a posed open problem: what was assumed, a line each
    closer: Problem | None = None        # a posed one framed closer (``open_problem.Posed``)

    @property
    def frame(self) -> frozenset[int]:
        """The stones a frame added (``Problem.frame``: kept when a framed problem is saved)."""
        return self.problem.frame


def problem_files(source: str | PathLike[str]) -> list[Path]:
    """``source`` itself when it is a file; a folder's problem files, recursively, sorted.

    Raises ProblemFileError when ``source`` does not exist.  A folder without
    problem files gives an empty list.
    """
    source = Path(source)
    if source.is_dir():
        return sorted(p for p in source.rglob("*")
                      if p.suffix.lower() in SUFFIXES and p.is_file() and not _is_data_json(p))
    if not source.exists():
        raise ProblemFileError(source, "no such file or folder")
    return [source]


def read_file(path: str | PathLike[str], *, defender: int | None = None,
              goal: str | None = None,
              frame_distance: int | None = DISTANCE) -> list[SourcedProblem]:
    """Every problem of one file (research json by its suffix, SGF otherwise).

    ``defender`` and ``goal`` fill in or override what a file says (a
    kill-all record has no crucial stones, so the user names the side that
    must live); on a research json, which names both itself, they override it
    where the problem allows (goal ``survive`` needs crucial stones).  SGF games that name no
    defender are posed and framed at ``frame_distance`` (None: they are an
    error, as before framing existed).  Raises ProblemFileError: the first
    bad game's (:func:`read_file_entries` keeps the good ones).
    """
    entries = read_file_entries(path, defender=defender, goal=goal,
                                frame_distance=frame_distance)
    for entry in entries:
        if isinstance(entry, ProblemFileError):
            raise entry
    return entries


def read_file_entries(path: str | PathLike[str], *, defender: int | None = None,
                      goal: str | None = None, frame_distance: int | None = DISTANCE,
                      progress: FileProgress | None = None
                      ) -> list[SourcedProblem | ProblemFileError]:
    """Like :func:`read_file`, a game that gives no problem in its place as the
    ProblemFileError saying why ("game 2: ..."); a file that gives none at all
    (unreadable, not SGF, no game) is one such error.  An SGF file's games are reported
    to ``progress(stage, done, total)`` as they are read; :class:`ReadCancelled` raised
    there stops the reading and comes out of this call."""
    path = Path(path)
    refused = refusal(path, MAX_PROBLEM_BYTES)
    if refused:
        return [ProblemFileError(path, f"cannot read the file: {refused}")]
    try:
        with path.open("rb"):
            pass
    except OSError as e:
        return [ProblemFileError(path, f"cannot read the file: {e.strerror or e}")]
    try:
        if path.suffix.lower() == ".json":
            from tsumego_gui.core.rzone_json import read_rzone_json
            try:
                games = [read_rzone_json(path)]
            except ProblemError:    # not a research problem: perhaps a file we exported
                games = _exported_problem(path)
                if not games:
                    raise
            # the caller's goal and defender apply here too, or say why they cannot (QA
            # s45: ``--goal survive`` on a research file was dropped without a word)
            given = {name: value for name, value in (("goal", goal), ("defender", defender))
                     if value is not None}
            # the file's ko rule is its defender's: the other side as defender takes the
            # default, not the same rule turned round (review s45)
            games = [replace(g, **given, **({"ko_allowed": None} if defender not in
                                            (None, g.defender) else {}))
                     for g in games]
        else:
            from tsumego_gui.core.sgf_io import read_sgf_games
            # no defender said, crucial stones without a region, or marks that do not
            # read (a book's triangles, perhaps), or a defender given to a position that
            # marks nothing: ``open_problem`` tells, and poses and frames where need be
            open_ones = (lambda g: isinstance(g, ProblemError)
                         or (isinstance(g, Problem) and g.crucial and not g.region)) \
                if defender is None else \
                (lambda g: isinstance(g, ProblemError)
                 or (isinstance(g, Problem) and not g.crucial and not g.region))
            # the first open game settles it: all are read again below, the rest of this
            # reading would be thrown away (a book's collection of 50,000 read twice)
            games = read_sgf_games(path, defender=defender, goal=goal,
                                   progress=progress and partial(progress, READING),
                                   stop_at=open_ones if frame_distance is not None else None)
            if frame_distance is not None and any(open_ones(g) for g in games):
                from tsumego_gui.core.open_problem import read_games
                games = read_games(path.read_bytes(), path.name, distance=frame_distance,
                                   goal=goal, defender=defender,
                                   progress=progress and partial(progress, POSING))
    except ReadCancelled:
        raise
    except OSError as e:
        return [ProblemFileError(path, f"cannot read the file: {e.strerror or e}")]
    except ProblemError as e:
        return [ProblemFileError(path, str(e))]
    except Exception as e:  # noqa: BLE001 - a slip of a reader: still a message, not a traceback
        slip = ProblemFileError(path, f"the reader failed on it ({type(e).__name__}: {e}); "
                                "this is a bug in tsumego_gui: please report it with the file")
        slip.__cause__ = e      # kept for whoever looks for such slips (the fuzzer)
        return [slip]
    if not games:
        return [ProblemFileError(path, "holds no problem")]
    return [_sourced(g, path, i, len(games)) for i, g in enumerate(games)]


def _sourced(game, path: Path, index: int, count: int) -> SourcedProblem | ProblemFileError:
    """One game as read (a Problem, a posed one, or why it gives none) with its source."""
    if isinstance(game, ProblemError):
        return ProblemFileError(path, str(game))
    if isinstance(game, Problem):
        return SourcedProblem(game, path, index, count)
    return SourcedProblem(game.problem, path, index, count, game.assumed, game.closer)


def read_problems(source: str | PathLike[str], *, defender: int | None = None,
                  goal: str | None = None,
                  frame_distance: int | None = DISTANCE) -> list[SourcedProblem | ProblemFileError]:
    """Every problem of a file or of a folder's files, in order, each bad file or game in
    its place as its ProblemFileError (:func:`read_file_entries`), so that a caller can
    go on past it.  Raises ProblemFileError when ``source`` is missing or an empty folder.
    """
    files = problem_files(source)
    if not files:
        raise ProblemFileError(Path(source), "the folder holds no problem file "
                               f"({' or '.join(SUFFIXES)})")
    return [entry for f in files
            for entry in read_file_entries(f, defender=defender, goal=goal,
                                           frame_distance=frame_distance)]


def _exported_problem(path: Path) -> list[Problem]:
    """The problem a proof, classification or split proof file this app exported was made
    for (its ``problem_sgf``), so that such a file opens; [] for any other json."""
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError):
        return []       # read_rzone_json has said what is wrong with it
    if not (isinstance(data, dict) and str(data.get("format", "")).startswith("tsumego_gui")
            and isinstance(data.get("problem_sgf"), str)):
        return []
    from tsumego_gui.core.sgf_io import read_sgf
    return read_sgf(data["problem_sgf"].encode("utf-8"))[:1]


def _is_data_json(path: Path) -> bool:
    """A .json file holding valid JSON that is not a research problem."""
    if path.suffix.lower() != ".json":
        return False
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError):
        return False         # unreadable: listed, so reading it reports the fault
    return not (isinstance(data, dict) and "masked_sgf_str" in data)
