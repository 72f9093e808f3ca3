"""Solving off the GUI thread: a worker QObject in a QThread, driven by request ids.

:class:`SolverController` lives in the GUI thread.  :meth:`~SolverController.start`
gives each request a new id and a cancellation flag, cancels the request
before it, and queues the new one to the :class:`SolverWorker` in its own
QThread (the Qt worker-object pattern).  The worker calls the front door
``search.choice.solve_and_verify``, which solves (polling the flag) and
checks the proof with the independent verifier (with a position budget, so a
large proof cannot hold the GUI's worker for long: such a proof is reported
``partly`` verified).  When the request asks for all moves, the worker then
classifies every first move (``search.classify``: lives / seki / ko / dies,
each with verified proofs) under the same budgets; the outcome is sent as soon
as it exists, so the proof can be browsed while the classification runs, and
each first move as soon as it has its class (``partly_classified``, a running
snapshot of the classification).  A solve that did not decide the position
within its budget is not followed by a classification: the request ends with
``classified(None)``.  A posed open problem is solved in its closer frame first
(``search.frame_ladder``, as ``tsumego solve`` does; the outcome's ``note`` says
so), and a kill is read where the defender may take kos (``search.kill_by_ko``);
the classification stays in the problem's own frame.
Cancelling stops both; a classification cut short keeps the moves it decided
and leaves the rest ``open``.

Network evaluators (``ftl``, ``katago``) are built here, in the worker's
thread, through ``nn.choice.make_evaluator`` (torch is imported only then), and
only when the search that runs uses an evaluator (MCTS; depth-first search
only for the networks that focus it, ``search.choice.FOCUSING``).  A KataGo
network takes seconds to load, so the worker keeps the last one while its file
(path, size, date) and device stay the same; it says
what it loads (a ``stage``) and, once built, on what it runs (``network``,
e.g. "KataGo b10c384h6nbttflrs on cpu (fp32)").  A file that is missing, not a
KataGo model or unsupported fails the request with a one-line message.

The worker counts a proof's nodes and longest line (``proof_facts``) before
it hands the proof over, and reads its main line's threats after (and the first
moves' lines after it hands the classification over, while no other request
comes: ``lines_read`` ends that), so the panels do not walk a large proof or
search in the GUI thread; and the controllers tell
``gc_pacing`` when requests are in flight (no full garbage collection walks the
heap meanwhile) and set the GIL's switch interval to a millisecond
(``GUI_SWITCH_INTERVAL``), so that the GUI thread gets the GIL between the
worker's steps.

Progress and results come back as signals tagged with the request id; the
controller drops every signal whose id is not the current request's, so a
result computed for a position the user has since edited never shows.  A
request ends with its last signal: ``failed``, ``classified``, or (without
a classification) ``finished``.  A request may ask to prove by areas
(``decompose``, ``search.split``): a result proven so has no first-move
classes, and its ``finished`` ends the request.

Knows problems, solver options, the solver's result types and network files
by path; nothing about widgets.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from tsumego_gui.core.book_lines import Book
from tsumego_gui.core.problem import Problem
from tsumego_gui.core.wording import PLAYERS
from tsumego_gui.nn.choice import DEFAULT_EVALUATOR
from tsumego_gui.qt import proof_facts
from tsumego_gui.search import gc_pacing, kill_by_ko
from tsumego_gui.search.choice import (
    FOCUSING,
    NETWORK_FREE,
    SolveOutcome,
    classification_search,
    network_free_evaluator,
    pick_solver,
    solve_and_verify,
)
from tsumego_gui.search.classify import Classification, classify
from tsumego_gui.search.evaluators import Evaluator
from tsumego_gui.search.frame_ladder import solve_closer_first
from tsumego_gui.search.params import SearchParams
from tsumego_gui.search.results import Progress, SolveResult
from tsumego_gui.search.running import cancel_reader

SOLVER_LABELS = {"auto": "auto", "dfs": "depth-first", "mcts": "MCTS"}
NETWORK_LABELS = {"katago": "KataGo", "ftl": "FTL"}
VERIFY_REPLAYS = 50            # the verifier's random replays of a proof
# seconds a thread waits for the GIL before it asks the holder to hand it over (CPython's
# default: 5 ms).  The GUI thread needs it several times a frame while the worker runs
# Python or a search's extraction (which offers it every two intervals, engine_cy.gil):
# at 5 ms the 10 ms timer of benchmarks/screenshot.py was 86-167 ms late, at 1 ms 26-41
# (alternating runs: benchmarks/results/2026-11-30-s58-*, section 3)
GUI_SWITCH_INTERVAL = 0.001
# the verifier's position budget (a larger proof: "partly"): its own, as in the CLI.  It
# was 300,000 while the app's solves stopped at 2,000,000 nodes; with the time budget alone
# they prove larger trees (enclosed-dev cc2/333 B: 237,396 nodes, "partly" at 300,000)
VERIFY_POSITIONS: int | None = None
# why a search stopped when the user stopped it (``SolveResult.stop_reason``); also what a
# request stopped before it began fails with
CANCELLED = "cancelled"
# seconds the worker leaves the GIL alone after it hands a classification over, before it
# draws the first moves' lines: the GUI thread's many calls into Python as it lists the
# classes would each wait for the worker (helper s58 stall probe: 121 in one tick)
HAND_OVER_SECONDS = 0.3
# seconds between the verifier's reports of the proof nodes it has checked (``walked``)
WALK_REPORT_SECONDS = 0.25


@dataclass(frozen=True)
class SolveRequest:
    """What to solve and how."""

    problem: Problem
    # a posed open problem's closer frame, solved first (``search.frame_ladder``)
    closer: Problem | None = None
    solver: str = "auto"             # "auto" | "dfs" | "mcts"
    evaluator: str = DEFAULT_EVALUATOR
    katago_model: str = ""           # the KataGo model file ("": the one found automatically)
    device: str | None = None        # where a network runs (None: the best one here)
    max_nodes: int = 0               # 0: no limit (the time budget decides)
    max_seconds: float = 30.0
    to_play: int | None = None
    all_moves: bool = True           # after the solve, classify every first move
    decompose: bool = False          # prove by areas where the region splits (no classes then)
    verify: bool = True
    request_id: int = 0
    # the problem file's lines (``core.book_lines``), which the lines the worker draws
    # ahead follow as the browser's do (the browser's own: ``ProofBrowser.book_source``)
    book: Book = field(default_factory=dict)


class NetworkError(Exception):
    """A network evaluator could not be built; the message is one line for the user."""


class NetworkCache:
    """The KataGo evaluator built last, kept while its file and device stay the same.

    Used from the worker's thread only.
    """

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.evaluator: Evaluator | None = None
        self.loads = 0          # how many networks were built (tests, statistics)

    def clear(self) -> None:
        self.key = None
        self.evaluator = None


def uses_evaluator(request: SolveRequest) -> bool:
    """Whether the search that runs for ``request`` asks an evaluator (MCTS does; DFS only
    one that focuses it)."""
    solver = pick_solver(request.problem, request.decompose)[0] if request.solver == "auto" \
        else request.solver
    return solver == "mcts" or request.evaluator in FOCUSING


def describe_network(evaluator: Evaluator) -> str:
    """The network and where it runs, e.g. "KataGo b10c384h6nbttflrs on cpu (fp32)"; ""
    when the evaluator cannot say."""
    describe = getattr(evaluator, "describe", None)
    if describe is None:
        return ""
    name = getattr(evaluator, "name", "")
    return f"{NETWORK_LABELS.get(name, name)} {describe()}".strip()


def build_network(request: SolveRequest, cache: NetworkCache | None = None,
                  stage: Callable[[str], None] = lambda text: None) -> Evaluator:
    """The network evaluator ``request.evaluator`` (KataGo: from the cache when its file and
    device are the ones loaded); :class:`NetworkError` with a one-line message otherwise."""
    # network evaluators are built in the nn layer (search may not import it)
    from tsumego_gui.nn import choice
    name = request.evaluator
    if name != "katago":
        try:
            return choice.make_evaluator(name, device=request.device)
        except Exception as e:  # noqa: BLE001 - any failure becomes a message
            raise NetworkError(f"Cannot use the {name} evaluator: {_one_line(e)}") from None
    from tsumego_gui.nn.katago_locate import default_katago_model
    path = Path(request.katago_model).expanduser() if request.katago_model else \
        default_katago_model()
    if path is None:
        raise NetworkError("No KataGo network found: choose a KataGo model file (.bin.gz, e.g. "
                           "the one KaTrain or Lizzie uses) with Network… in the Solve panel, "
                           "or pick another evaluator.")
    if not path.is_file():
        raise NetworkError(f"Cannot use the KataGo network: there is no file {path} (choose "
                           "one with Network…, or pick another evaluator).")
    key = _file_key(path, request.device)
    if cache is not None and key is not None and cache.key == key:
        return cache.evaluator
    if cache is not None:
        cache.clear()           # let the old network go before the new one loads
    stage(f"Loading the KataGo network {path.name}…")
    try:
        evaluator = choice.make_evaluator("katago", path, request.device)
    except Exception as e:  # noqa: BLE001 - a bad file, no torch, no device: a message
        text = _one_line(e)
        where = "" if path.name in text else f" {path.name}"
        raise NetworkError(f"Cannot use the KataGo network{where}: {text}") from None
    if cache is not None:
        cache.loads += 1
        if key is not None:
            cache.key, cache.evaluator = key, evaluator
    return evaluator


def _file_key(path: Path, device: str | None) -> tuple | None:
    """What names a loaded network: the file (and its size and date, so a replaced file is
    read again) and the device; None when the file cannot be looked at."""
    try:
        st = path.stat()
        return (str(path.resolve()), st.st_size, st.st_mtime_ns, device)
    except OSError:
        return None


def _one_line(e: Exception) -> str:
    lines = str(e).strip().splitlines()
    text = lines[0] if lines else ""
    if isinstance(e, ValueError) and text:
        return text           # the nn layer's messages are written for the user
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def run_request(request: SolveRequest, cancelled: Callable[[], bool],
                progress: Callable[[Progress], None],
                stage: Callable[[str], None] = lambda text: None, *,
                networks: NetworkCache | None = None,
                network: Callable[[str], None] = lambda text: None,
                walked: Callable[[int, int], None] = lambda done, size: None) -> SolveOutcome:
    """Solve, then verify the proof, through ``search.choice.solve_and_verify``; blocking
    (the worker calls it in its thread).  A network evaluator comes from ``networks``
    when it holds it; ``network(text)`` hears on what it runs once it is built;
    ``walked(nodes checked, proof nodes)`` how far the verifier has come (a large proof's
    check takes a minute), every ``WALK_REPORT_SECONDS`` at most."""
    extra = {}
    if request.evaluator not in NETWORK_FREE and uses_evaluator(request):
        evaluator = build_network(request, networks, stage)
        extra["evaluator"] = evaluator
        text = describe_network(evaluator)
        if text:
            network(text)
            stage(f"Solving with {text}…")

    size = 0
    reported = 0.0
    ko_read = False         # the kill read again where the defender may take kos

    def checking(result: SolveResult) -> None:
        nonlocal size, reported
        proofs = [result.proof] if result.split is None else \
            [p for p in result.split.proofs if p is not None]
        size = sum(proof_facts.count(p).size for p in proofs)
        reported = time.monotonic()
        # the read again's own verdict, said as its own (QA s60: "lives: checking the
        # proof" after "dies" read as the verdict turning round)
        said = f"dies: is it a ko? Where the defender may take kos, it {result.verdict}" \
            if ko_read else result.verdict
        stage(f"{said}: checking the proof ({size:,} nodes) with the independent verifier…")

    def walking(nodes: int) -> None:
        nonlocal reported
        now = time.monotonic()
        if now - reported >= WALK_REPORT_SECONDS:
            reported = now
            walked(nodes, size)

    start = time.monotonic()
    closer = None if request.decompose else request.closer

    def solve(problem: Problem, seconds: float | None) -> SolveOutcome:
        if closer is not None and problem is request.problem:
            # the counters start again: said, or they read as going backwards (QA s45)
            stage("The closer frame did not settle it: searching in the problem's own "
                  "frame…")
        return solve_and_verify(
            problem, request.solver, check=request.verify, replays=VERIFY_REPLAYS,
            max_positions=VERIFY_POSITIONS, on_verify=checking, walking=walking,
            evaluator_name=request.evaluator, max_nodes=request.max_nodes,
            max_seconds=seconds, to_play=request.to_play,
            decompose=request.decompose, cancelled=cancelled, progress=progress, **extra)

    ladder = solve_closer_first(request.problem, closer, solve, request.max_seconds)
    outcome = replace(ladder.outcome, note=ladder.note)
    if not kill_by_ko.applies(outcome) or cancelled():
        return outcome
    # a kill that takes a ko where one with no ko exists: the proof shown is the latter's
    # (QA s39: the direct ko's verdict named F1, which the first-move list calls a ko)
    stage("dies: is it a ko? Searching again where the defender may take kos…")
    ko_read = True
    left = request.max_seconds - (time.monotonic() - start) if request.max_seconds > 0 \
        else None
    # the turned rule's kill, checked again under the problem's rule, reports as the checks
    # of the solves do: it is the proof the last one checked (review s60: the label stood
    # on that check's end while this one ran)
    read = kill_by_ko.read_kill(outcome, solve, left, stop=cancel_reader(cancelled),
                                max_positions=VERIFY_POSITIONS, walking=walking)
    return replace(read.outcome, note=outcome.note,
                   ko_move=read.ko_move,
                   ko_words=kill_by_ko.words(read, "the first-move list"))


def run_classification(request: SolveRequest, cancelled: Callable[[], bool],
                       progress: Callable[[Progress], None], *,
                       networks: NetworkCache | None = None,
                       decided: Callable[[Classification], None] | None = None,
                       first: Sequence[int] = ()) -> Classification:
    """Classify every first move of the side to move (``search.classify``, by the search
    the request's solver picks, with its evaluator) under the request's budgets;
    blocking.  Cancelled, it returns what it decided, the rest open.  ``decided``: called
    with a running snapshot each time a move gets its class.  ``first``: the moves to
    decide first (the solve's winning moves)."""
    params = SearchParams(max_nodes=request.max_nodes, max_seconds=request.max_seconds)
    search = classification_search(request.problem, request.solver)
    evaluator = None
    if search == "mcts":
        evaluator = network_free_evaluator(request.evaluator) \
            if request.evaluator in NETWORK_FREE else build_network(request, networks,
                                                                    lambda text: None)
    return classify(request.problem, params, to_play=request.to_play, cancelled=cancelled,
                    progress=progress, search=search, evaluator=evaluator, decided=decided,
                    first=first)


class SolverWorker(QObject):
    """Runs requests one after another in the thread it was moved to."""

    progress = Signal(int, object)     # request id, Progress
    finished = Signal(int, object)     # request id, search.choice.SolveOutcome
    # request id, search.classify.Classification (None: not classified, the solve having
    # decided nothing)
    classified = Signal(int, object)
    # request id, a running snapshot of the classification: one more move has its class
    partly_classified = Signal(int, object)
    failed = Signal(int, str)          # request id, message
    stage = Signal(int, str)           # request id, what the worker is doing now
    # request id, the proof nodes the verifier has checked, the proof's nodes
    walked = Signal(int, int, int)
    network = Signal(int, str)         # request id, the network and where it runs
    # request id: after ``classified``, the first moves' lines drawn ahead (or not, where
    # it was cancelled): the request's work is over
    lines_read = Signal(int)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.networks = NetworkCache()

    @Slot(object, object)
    def solve(self, request: SolveRequest, flag: threading.Event) -> None:
        rid = request.request_id
        if flag.is_set():        # cancelled while it waited in the queue
            self.failed.emit(rid, CANCELLED)
            return
        last = [0.0]

        def progress(p: Progress) -> None:
            # The solver reports every few thousand nodes; at most ~20 signals a second.
            now = time.monotonic()
            if now - last[0] >= 0.05:
                last[0] = now
                self.progress.emit(rid, p)

        try:
            outcome = run_request(request, flag.is_set, progress,
                                  lambda text: self.stage.emit(rid, text),
                                  networks=self.networks,
                                  network=lambda text: self.network.emit(rid, text),
                                  walked=lambda done, size: self.walked.emit(rid, done, size))
        except NetworkError as e:
            self.failed.emit(rid, str(e))
            return
        except Exception as e:  # noqa: BLE001 - any solver failure becomes a message
            self.failed.emit(rid, f"the solver failed: {type(e).__name__}: {e}")
            return
        split = outcome.result.split
        for proof in [outcome.result.proof] + ([] if split is None else split.proofs):
            if proof is not None:
                proof_facts.count(proof)    # here, not in the GUI thread
        self.finished.emit(rid, outcome)
        proof = outcome.result.proof
        if proof is not None and proof.root.won and split is None and not flag.is_set():
            # the main line's questions, read before the browser asks them (two seconds at
            # most, stopped by a cancel); a failure there costs the request nothing.  Only
            # where the defender lives: elsewhere the reader is never asked, and the line's
            # walk of a large proof held the GIL for nothing (helper s57 stallprobe: 130 ms
            # on gop/12403's kill, the GUI's repaint waiting)
            try:
                proof_facts.read_threats(proof, flag.is_set, request.book)
            except Exception:  # noqa: BLE001 - the browser asks again, in its own time
                pass
        if not request.all_moves or split is not None:
            return
        if outcome.result.verdict == "unknown" and outcome.result.stop_reason != CANCELLED:
            # the position itself was not decided within the budget: its first moves under
            # the same budget would be left open too (a 19x19 one: 140 moves, another full
            # budget of waiting for nothing).  None ends the request: not classified
            self._classified(request, None, flag)
            return
        mover = PLAYERS[request.to_play or request.problem.to_play]
        proof = outcome.result.proof
        self.stage.emit(rid, f"Classifying every first move of {mover} (each class proven "
                             "and verified)…")
        last[0] = 0.0
        try:
            # run even after a stop: a cancelled classify returns at once, every move open,
            # and the request still ends with its ``classified`` signal
            classification = run_classification(
                request, flag.is_set, progress, networks=self.networks,
                decided=lambda c: self.partly_classified.emit(rid, c),
                first=proof.winning_moves if proof is not None else ())
        except Exception as e:  # noqa: BLE001 - the outcome stays; the failure is shown
            self.failed.emit(rid, f"the classification failed: {type(e).__name__}: {e}")
            return
        self._classified(request, classification, flag)

    def _classified(self, request: SolveRequest, c: Classification | None,
                    flag: threading.Event) -> None:
        """Hand ``c`` over, then draw its first moves' lines before the browser draws them
        (seconds at most, stopped by the next request), and say so (``lines_read``); a
        failure there costs the request nothing."""
        self.classified.emit(request.request_id, c)
        try:
            if c is not None and not flag.wait(HAND_OVER_SECONDS):
                proof_facts.read_first_move_lines(c, flag.is_set, request.book)
        except Exception:  # noqa: BLE001 - the browser draws them in its own time
            pass
        finally:
            self.lines_read.emit(request.request_id)


class SolverController(QObject):
    """The GUI side: starts, stops and forgets requests; re-emits the current one's signals."""

    progress = Signal(object)          # Progress
    finished = Signal(object)          # SolveOutcome
    # Classification (after ``finished``, when asked for; None: the solve decided nothing,
    # so nothing was classified)
    classified = Signal(object)
    partly_classified = Signal(object)  # a running snapshot, before ``classified``
    failed = Signal(str)
    stage = Signal(str)
    walked = Signal(int, int)          # the proof nodes the verifier has checked, of all
    network = Signal(str)              # "KataGo b10c384h6nbttflrs on cpu (fp32)"
    running_changed = Signal(bool)
    _submit = Signal(object, object)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._next_id = 0
        self._current: int | None = None
        self._flags: dict[int, threading.Event] = {}
        self._classifying: set[int] = set()     # ids whose request ends with ``classified``
        sys.setswitchinterval(GUI_SWITCH_INTERVAL)     # process-wide: the GUI's process
        self._thread = QThread()
        self._thread.setObjectName("solver")
        self._worker = SolverWorker()
        self._worker.moveToThread(self._thread)
        self._submit.connect(self._worker.solve)
        self._worker.progress.connect(self._on_progress)
        self._worker.finished.connect(self._on_finished)
        self._worker.classified.connect(self._on_classified)
        self._worker.partly_classified.connect(self._on_partly_classified)
        self._worker.lines_read.connect(self._release)
        self._worker.failed.connect(self._on_failed)
        self._worker.stage.connect(self._on_stage)
        self._worker.walked.connect(self._on_walked)
        self._worker.network.connect(self._on_network)
        self._thread.finished.connect(self._worker.deleteLater)
        self._thread.start()
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)

    @property
    def running(self) -> bool:
        return self._current is not None

    @property
    def busy(self) -> bool:
        """Whether the worker still has a request's work: running, or drawing the first
        moves' lines ahead after one (``lines_read``)."""
        return bool(self._flags)

    @property
    def current_id(self) -> int | None:
        return self._current

    def start(self, request: SolveRequest) -> int:
        """Queue ``request`` under a new id (:meth:`forget` the one before); returns the
        id."""
        self.forget()
        self._next_id += 1
        rid = self._next_id
        flag = threading.Event()
        if not self._flags:
            gc_pacing.search_started()      # no full collection while a request is in flight
        self._flags[rid] = flag
        self._current = rid
        if request.all_moves:
            self._classifying.add(rid)
        self._submit.emit(_with_id(request, rid), flag)
        self.running_changed.emit(True)
        return rid

    def stop(self) -> None:
        """Ask the current search to stop; its (unknown) result and its classification (the
        moves decided so far, the rest open) still arrive."""
        if self._current is not None:
            self._flags[self._current].set()

    def forget(self) -> None:
        """Cancel the current request and drop whatever it sends from now on; stop the
        lines a request over draws ahead (review s58: a problem opened or edited let them
        run on for the old one)."""
        for flag in self._flags.values():
            flag.set()
        if self._current is None:
            return
        self._current = None
        self.running_changed.emit(False)

    def shutdown(self) -> None:
        """Cancel everything and wait for the thread (searches poll the flag; verification is
        bounded), so a running QThread is never destroyed."""
        for flag in self._flags.values():
            flag.set()
        self._current = None
        if self._thread.isRunning():
            self._thread.quit()
            self._thread.wait()
        if self._flags:
            self._flags.clear()
            gc_pacing.search_ended()

    def _done(self, rid: int, release: bool = True) -> bool:
        """Whether ``rid`` is current; it is over either way, and its flag forgotten unless
        the worker goes on (``release`` False: it draws the first moves' lines ahead)."""
        if release:
            self._release(rid)
        self._classifying.discard(rid)
        if rid != self._current:
            return False
        self._current = None
        self.running_changed.emit(False)
        return True

    def _release(self, rid: int) -> None:
        """Forget ``rid``'s flag: the worker is done with it."""
        if self._flags.pop(rid, None) is not None and not self._flags:
            gc_pacing.search_ended()        # the last request in flight is over

    def _on_progress(self, rid: int, progress: Progress) -> None:
        if rid == self._current:
            self.progress.emit(progress)

    def _on_stage(self, rid: int, text: str) -> None:
        if rid == self._current:
            self.stage.emit(text)

    def _on_walked(self, rid: int, done: int, size: int) -> None:
        if rid == self._current:
            self.walked.emit(done, size)

    def _on_network(self, rid: int, text: str) -> None:
        if rid == self._current:
            self.network.emit(text)

    def _on_finished(self, rid: int, outcome: SolveOutcome) -> None:
        if rid in self._classifying and outcome.result.split is None:
            # the request goes on (classifying): still running, the outcome shown already
            if rid == self._current:
                self.finished.emit(outcome)
        elif self._done(rid):
            self.finished.emit(outcome)

    def _on_partly_classified(self, rid: int, classification: Classification) -> None:
        if rid == self._current:
            self.partly_classified.emit(classification)

    def _on_classified(self, rid: int, classification: Classification) -> None:
        # the worker goes on to draw the first moves' lines: ``lines_read`` releases it
        if self._done(rid, release=False):
            self.classified.emit(classification)

    def _on_failed(self, rid: int, message: str) -> None:
        if self._done(rid):
            self.failed.emit(message)


def _with_id(request: SolveRequest, rid: int) -> SolveRequest:
    from dataclasses import replace
    return replace(request, request_id=rid)
