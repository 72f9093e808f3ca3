"""Where a full first-move classification's time goes, beside a single solve of the same
problem-side: df-pn search, proof extraction, conversion to proof trees, the verifier.

    python benchmarks/classify_phases.py FILE_OR_FOLDER... [--sides B,W] [--time 30]
                                         [--only NAME:SIDE ...]

(from the repository root, with the package importable: ``pip install -e .`` or
``PYTHONPATH=.``).  Each problem-side is run as ``benchmarks/suite.py`` runs it (``run_one``
and ``classify_check``), within one ``gc_pacing.paced()`` block, the heap cleaned after it:
the single solve ``solve_and_verify(problem, "dfs", max_nodes=0, max_seconds=--time,
to_play=side, replays=50)``, then, where it gave a proof (the suite classifies only those),
with its outcome still alive, ``classify(problem, SearchParams(max_nodes=0,
max_seconds=--time), to_play=side, ko_figures=False)``.  The ratio is the suite's
``classify_ratio``: the classification's wall seconds over the single solve's (search,
extraction, conversion and check); like the suite's, it counts only where every first
move was classified.

Each run's wall seconds are split by timers put, for this process only, on the names the
solvers call (no profiler: ``cProfile`` slows the Python-heavy parts, conversion and the
verifier, far more than the C search):

* search and extraction: ``DfpnCore`` in ``search.dfs`` and ``search.classify`` is
  replaced by a subclass whose ``solve`` (which ``solve_move`` calls after playing its
  move) makes two calls where the solver made one: ``solve(control, extract=False)``,
  the df-pn search until the root is resolved (the search part), then, where it was,
  ``solve(None, extract=True)``, which finds the root resolved in the table and builds
  the Result tree (the extraction part).  The work is the one call's, plus one table
  lookup and one progress publication; the grain is one core call.  Calls that ended
  with no result (a budget share ran out: the classification gives each first move a
  share of the time left, so its work varies from run to run) are counted
  (``unknown``).  Superko cover repairs, which search again inside the extraction call,
  count as extraction (their number is printed: ``repairs``).  The iterative-deepening
  fallback of ``search.dfs`` (where df-pn's table gives back no whole tree) builds its
  tree as it searches: its calls count as search (``id`` calls printed);
* conversion: ``results.to_proof_tree`` as ``search.dfs`` and ``search.classify``
  imported it;
* the verifier: ``search.verify.verify`` (the module attribute ``search.choice`` and
  ``search.classify`` call), random replays included; with the positions it walked
  (``VerifyReport.positions_checked``, summed) and the proofs it was given;
* freeing: ``results.let_go`` and ``let_go_memo`` as the two modules imported them
  (the records and extraction memos given back piece by piece); part of the rest;
* the rest: the wall seconds that none of the above took (setting up problems and
  cores, legal moves, the budgets' bookkeeping, young garbage collections between the
  timed calls).

A garbage collection that runs inside a timed call counts in that call's part.  Prints
two lines per problem-side, a table, the median shares, ``WHATIF`` lines (the median ratio
were the verifier and conversion free, or 4 times faster, in both runs, ``both``, or in
the classification alone, ``classify_only``, all else as measured), and ends ``RESULT
sides=<n> median_ratio=<x> verify_share_classify=<x> verify_share_single=<x>
convert_share_classify=<x> extract_share_classify=<x> search_ratio_median=<x>`` (shares:
medians over the sides of part / wall seconds; ``search_ratio_median``: the median of the
classification's search seconds over the single solve's).  Does not measure memory,
nor where the time goes inside a part.  One process, one core; the machine may be
shared: figures vary with its load.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from engine_cy.board import BLACK, WHITE
from engine_cy.dfpn import DfpnCore
from engine_cy.rzs import RzsCore
from tsumego_gui.core.problem import Problem
from tsumego_gui.core.problem_files import ProblemFileError, problem_files, read_file
from tsumego_gui.search import classify as classify_module
from tsumego_gui.search import dfs, gc_pacing, verify
from tsumego_gui.search.choice import solve_and_verify
from tsumego_gui.search.classify import OPEN, classify
from tsumego_gui.search.params import SearchParams
from tsumego_gui.search.results import forget_zones

SIDES = {"B": BLACK, "W": WHITE}
PARTS = ("search", "extract", "convert", "verify")


@dataclass
class Phases:
    """Seconds and counts of one run (a single solve or a classification)."""

    total: float = 0.0
    search: float = 0.0
    extract: float = 0.0
    convert: float = 0.0
    verify: float = 0.0
    free: float = 0.0           # part of the rest
    core_calls: int = 0
    unknown: int = 0            # core calls that ended with no result (a budget ran out)
    repairs: int = 0
    id_calls: int = 0
    positions: int = 0
    proofs: int = 0
    passed: int = 0

    @property
    def rest(self) -> float:
        return self.total - sum(getattr(self, part) for part in PARTS)

    def share(self, part: str) -> float:
        return getattr(self, part) / self.total if self.total > 0 else float("nan")

    def line(self) -> str:
        return (f"total {self.total:7.3f}  search {self.search:6.3f}  "
                f"extract {self.extract:6.3f}  convert {self.convert:6.3f}  "
                f"verify {self.verify:6.3f}  rest {self.rest:6.3f} (free {self.free:5.3f})  "
                f"core calls {self.core_calls} ({self.unknown} unknown)  "
                f"repairs {self.repairs}  id {self.id_calls}  "
                f"verifier: {self.proofs} proofs ({self.passed} passed), "
                f"{self.positions:,} positions")


_current = Phases()     # where the timers add up; replaced for each run


def _add(name: str, seconds: float) -> None:
    setattr(_current, name, getattr(_current, name) + seconds)


class TimedCore(DfpnCore):
    """``DfpnCore`` with its search and its extraction timed apart (module docstring)."""

    def solve(self, control=None, extract=True):
        _current.core_calls += 1
        start = time.perf_counter()
        try:
            status, result = super().solve(control, False)
        finally:
            _add("search", time.perf_counter() - start)
        _current.unknown += status == "unknown"
        if not extract or status == "unknown":
            return status, result
        repairs = self.repairs
        start = time.perf_counter()
        try:
            return super().solve(None, True)
        finally:
            _add("extract", time.perf_counter() - start)
            _current.repairs += self.repairs - repairs


class TimedIdCore(RzsCore):
    """``search.dfs``'s iterative-deepening fallback: search and tree as one (search)."""

    def solve(self, *args, **kwargs):
        _current.id_calls += 1
        start = time.perf_counter()
        try:
            return super().solve(*args, **kwargs)
        finally:
            _add("search", time.perf_counter() - start)


def timed(function: Callable, part: str) -> Callable:
    """``function`` with its wall seconds added to ``part``."""
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            _add(part, time.perf_counter() - start)
    return wrapper


def timed_verify(function: Callable) -> Callable:
    """``verify.verify`` timed, its proofs and positions counted."""
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            report = function(*args, **kwargs)
        finally:
            _add("verify", time.perf_counter() - start)
        _current.proofs += 1
        _current.passed += report.passed
        _current.positions += report.positions_checked
        return report
    return wrapper


@contextmanager
def timers() -> Iterator[None]:
    """The timers on the solvers' names, for as long as the block runs."""
    patches = [(dfs, "DfpnCore", TimedCore), (classify_module, "DfpnCore", TimedCore),
               (dfs, "RzsCore", TimedIdCore), (verify, "verify", timed_verify(verify.verify))]
    for module in (dfs, classify_module):
        patches += [(module, "to_proof_tree", timed(module.to_proof_tree, "convert")),
                    (module, "let_go", timed(module.let_go, "free")),
                    (module, "let_go_memo", timed(module.let_go_memo, "free"))]
    saved = [(module, name, getattr(module, name)) for module, name, _ in patches]
    for module, name, value in patches:
        setattr(module, name, value)
    try:
        yield
    finally:
        for module, name, value in saved:
            setattr(module, name, value)


@contextmanager
def measured(phases: Phases) -> Iterator[None]:
    """Timers add to ``phases`` while the block runs; its wall seconds are the total."""
    global _current
    _current = phases
    start = time.perf_counter()
    try:
        yield
    finally:
        phases.total = time.perf_counter() - start
        _current = Phases()


@dataclass
class SideRun:
    """One problem-side: the two runs, and whether the classification finished."""

    name: str
    side: int
    single: Phases
    classification: Phases | None = None
    verdict: str = ""
    cls: str = ""
    finished: bool = False

    @property
    def ratio(self) -> float | None:
        if self.classification is None or not self.finished:
            return None
        return self.classification.total / max(self.single.total, 1e-3)


def run_side(name: str, problem: Problem, side: int, seconds: float) -> SideRun:
    """The single solve and the classification of one side, as the suite runs them."""
    run = SideRun(name, side, Phases())
    try:
        with gc_pacing.paced():
            with measured(run.single):
                outcome = solve_and_verify(problem, "dfs", max_nodes=0, max_seconds=seconds,
                                           to_play=side, replays=50)
            run.verdict = outcome.result.verdict
            if outcome.result.proof is not None:
                run.classification = Phases()
                with measured(run.classification):
                    c = classify(problem, SearchParams(max_nodes=0, max_seconds=seconds),
                                 to_play=side, ko_figures=False)
                run.cls = c.status
                run.finished = c.status != OPEN and all(m.cls != OPEN for m in c.moves)
            del outcome
    finally:
        forget_zones()
        gc_pacing.clean_slate()
    return run


def chosen(sources: list[Path], sides: list[int] | None,
           only: list[str]) -> Iterator[tuple[str, Problem, int]]:
    """(name, problem, side) of every problem-side asked for: ``sides``, else the file's
    side to move where it gives one, else both; ``only``: NAME or NAME:SIDE, NAME being
    the path under its folder (or as given), with or without its suffix."""
    wanted: dict[str, set[int] | None] = {}
    for item in only:
        name, _, side = item.partition(":")
        picked = wanted.setdefault(name, set())
        if side and picked is not None:
            picked.add(SIDES[side.upper()])
        elif not side:
            wanted[name] = None     # the default sides
    for source in sources:
        for path in problem_files(source):
            name = str(path.relative_to(source)) if source.is_dir() else str(path)
            if only and not any(k.split("#")[0] in (name, str(Path(name).with_suffix("")))
                                for k in wanted):
                continue
            try:
                problems = [sp.problem for sp in read_file(path)]
            except ProblemFileError as err:
                print(f"{name}: cannot load: {err.reason}", file=sys.stderr)
                continue
            for i, problem in enumerate(problems):
                label = name if len(problems) == 1 else f"{name}#{i + 1}"
                keys = [k for k in (label, str(Path(label).with_suffix(""))) if k in wanted]
                if only and not keys:
                    continue
                named = wanted[keys[0]] if keys else None
                default = sides or ([problem.to_play] if problem.to_play_given
                                    else [BLACK, WHITE])
                for side in sorted(named) if named else default:
                    yield label, problem, side


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def report(run: SideRun) -> None:
    side = "BW"[run.side - 1]
    ratio = f"{run.ratio:.2f}" if run.ratio is not None else "-"
    print(f"{run.name} {side}: single {run.verdict}, class {run.cls or '-'}"
          f"{'' if run.finished or run.classification is None else ' (unfinished)'}, "
          f"ratio {ratio}", flush=True)
    print(f"  single    {run.single.line()}", flush=True)
    if run.classification is not None:
        print(f"  classify  {run.classification.line()}", flush=True)


def whatif(runs: list[SideRun], factor: float, single_too: bool = True) -> float:
    """The median ratio were the verifier and conversion ``factor`` times faster (``inf``:
    free) in both runs, or (``single_too`` False) in the classification alone."""
    def cut(p: Phases) -> float:
        return p.total - (p.verify + p.convert) * (1 - 1 / factor)
    return median([cut(r.classification) / max(cut(r.single) if single_too else
                                               r.single.total, 1e-3) for r in runs])


def summarize(runs: list[SideRun]) -> None:
    done = [r for r in runs if r.ratio is not None]
    heads = "".join(f"{h:>7}" for h in ("srch", "extr", "conv", "ver", "rest"))
    print(f"\n{'side':<22}{'ratio':>6} {'single s':>8}{heads} {'class s':>8}{heads} "
          f"{'srch x':>7}")
    for r in done:
        s, c = r.single, r.classification
        print(f"{r.name + ' ' + 'BW'[r.side - 1]:<22}{r.ratio:6.2f} {s.total:8.3f}"
              + "".join(f"{getattr(s, f):7.3f}" for f in (*PARTS, "rest"))
              + f" {c.total:8.3f}" + "".join(f"{getattr(c, f):7.3f}" for f in (*PARTS, "rest"))
              + f" {c.search / max(s.search, 1e-6):7.2f}")
    for part in (*PARTS, "rest"):
        print(f"median share {part:<8} single {median([r.single.share(part) for r in done]):.3f}"
              f"  classify {median([r.classification.share(part) for r in done]):.3f}")
    left = len(runs) - len(done)
    if left:
        print(f"({left} side(s) left out: no proof, or the classification left a move open)")
    for label, single_too in (("both", True), ("classify_only", False)):
        print(f"WHATIF {label} verify_convert_free median_ratio="
              f"{whatif(done, float('inf'), single_too):.3f} verify_convert_4x_faster "
              f"median_ratio={whatif(done, 4.0, single_too):.3f}")
    print(f"RESULT sides={len(done)} median_ratio={median([r.ratio for r in done]):.3f} "
          f"verify_share_classify={median([r.classification.share('verify') for r in done]):.3f} "
          f"verify_share_single={median([r.single.share('verify') for r in done]):.3f} "
          f"convert_share_classify="
          f"{median([r.classification.share('convert') for r in done]):.3f} "
          f"extract_share_classify="
          f"{median([r.classification.share('extract') for r in done]):.3f} "
          f"search_ratio_median="
          f"{median([r.classification.search / max(r.single.search, 1e-6) for r in done]):.3f}")


def parsed_sides(doc: str, time_help: str,
                 more: Callable[[argparse.ArgumentParser], None] | None = None
                 ) -> tuple[argparse.Namespace, Iterator]:
    """The command line of a script that runs problem-sides (FILE_OR_FOLDER..., --sides,
    --time, --only, and what ``more`` adds): its arguments and the (name, problem, side)
    they choose."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    if more is not None:
        more(parser)
    parser.add_argument("sources", type=Path, nargs="+", metavar="FILE_OR_FOLDER",
                        help="SGF or research json files, or folders of them")
    parser.add_argument("--sides", default=None,
                        help="B, W or B,W (default: the file's side to move, else both)")
    parser.add_argument("--time", type=float, default=30.0, help=time_help)
    parser.add_argument("--only", nargs="+", action="extend", default=[],
                        metavar="NAME:SIDE",
                        help="problem-sides to run (NAME: the path under its folder, suffix "
                             "optional; :SIDE optional)")
    args = parser.parse_args()
    sides = [SIDES[s.strip().upper()] for s in args.sides.split(",")] if args.sides else None
    return args, chosen(args.sources, sides, args.only)


def main() -> None:
    args, problem_sides = parsed_sides(__doc__,
                                       "seconds for the single solve and for the classification")
    runs = []
    with timers():
        for name, problem, side in problem_sides:
            runs.append(run_side(name, problem, side, args.time))
            report(runs[-1])
    summarize(runs)


if __name__ == "__main__":
    main()
