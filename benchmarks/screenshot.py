"""Screenshots of the app (for a person to look at) and its responsiveness while it solves.

    python benchmarks/screenshot.py OUTDIR [--seconds S] [--dfs-problem FILE]
                                    [--mcts-problem FILE] [--shots-only | --no-shots]

Runs under Xvfb (re-executing itself through ``xvfb-run -a`` when there is no
display; offscreen when xvfb-run is missing), in a window of the default
size with its own settings file, made the active window so that keys reach
its shortcuts as a user's would.  Writes into OUTDIR:

* ``corner-19x19.png``: an open book problem on 19x19 (the ``rawsgf`` of
  ../shared/problems/rzone-19x19-dev/json/1.json, else the bundled nine-point
  corner), posed and framed as File > Open does, the board zoomed to the
  corner;
* ``proof-node.png``: the bundled rabbity six on the edge (Black kills),
  solved, and the proof stepped to the node after the killing move: White to
  move, the relevance zone shaded, every White try the proof answers marked;
* ``practice.png``: practice on the same problem, mid-line: the user's first
  move and the app's answer on the board;
* ``collection.png``: the bundled problems opened as a folder, scrolled to
  the end: the practice game above (won) and one lost on purpose on the
  straight three remembered as solved / failed.

Then the figures: the worst delay of a 10 ms timer on the GUI thread (a
"stall") while a whole solve request runs -- search, verification, proof
shown, every first move classified, and the first moves' main lines the worker
draws ahead after that -- by depth-first search (default
../shared/problems/enclosed-dev/gop/12403.sgf, else the bundled nine-point
corner) and by MCTS with the network-free evaluator the app uses by default
(default ../shared/problems/rzone-7x7/json/1.json, else the bundled 7x7
kill-all); and Esc: the time from the key press to the window back to idle
(the worker's last signal in, Stop disabled), pressed 1 s into each search
and 1 s into a classification.  The same timer with nothing running gives
the machine's own noise (``idle_ms``).  Prints
``RESULT stall_dfs_ms=<x> stall_mcts_ms=<y> esc_ms=<z> ...`` (esc_ms: the
worst of the three presses).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "problems"
BUNDLED = ROOT / "tsumego_gui" / "resources" / "problems"
CORNER_JSON = SHARED / "rzone-19x19-dev" / "json" / "1.json"
DFS_PROBLEM = SHARED / "enclosed-dev" / "gop" / "12403.sgf"
MCTS_PROBLEM = SHARED / "rzone-7x7" / "json" / "1.json"
RABBITY_SIX = BUNDLED / "side" / "rabbity-six.sgf"
STALL_TARGET_MS, ESC_TARGET_MS = 50.0, 100.0


def reexec_under_xvfb() -> None:
    if os.environ.get("DISPLAY") or os.environ.get("QT_QPA_PLATFORM") \
            or os.environ.get("_TSUMEGO_SCREENSHOT_CHILD"):
        return
    xvfb = shutil.which("xvfb-run")
    if xvfb is None:
        print("xvfb-run not found (apt-get install -y xvfb); using QT_QPA_PLATFORM=offscreen")
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        return
    env = dict(os.environ, _TSUMEGO_SCREENSHOT_CHILD="1")
    cmd = [xvfb, "-a", "-s", "-screen 0 1600x1000x24", sys.executable, *sys.argv]
    raise SystemExit(subprocess.call(cmd, env=env))


def wait_for(app, predicate, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.processEvents()
        if predicate():
            return True
        time.sleep(0.002)
    return predicate()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("outdir", help="folder for the PNGs (created)")
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="the solve panel's time budget for the measured solves")
    parser.add_argument("--dfs-problem", type=Path, help="problem for the df-pn stall")
    parser.add_argument("--mcts-problem", type=Path, help="problem for the MCTS stall")
    parser.add_argument("--shots-only", action="store_true", help="no measurements")
    parser.add_argument("--no-shots", action="store_true", help="measurements only")
    args = parser.parse_args()
    reexec_under_xvfb()
    sys.path.insert(0, str(ROOT))

    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from tsumego_gui.qt.main_window import MainWindow
    from tsumego_gui.qt.settings import open_settings

    app = QApplication.instance() or QApplication(sys.argv[:1])
    print(f"platform: {app.platformName()}")
    out = Path(args.outdir)
    out.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp())
    window = MainWindow(open_settings(str(scratch / "settings.ini")), open_last=False)
    window.confirm_discard = lambda: True
    window.show()
    window.activateWindow()
    print(f"window {window.width()}x{window.height()}, active: "
          f"{QTest.qWaitForWindowActive(window, 5000)}")
    wait_for(app, lambda: False, 0.3)
    if not args.no_shots:
        shots(app, window, out, scratch)
    if args.shots_only:
        window.close()
        return 0
    dfs_problem = args.dfs_problem or first_existing(DFS_PROBLEM,
                                                     BUNDLED / "corner" / "nine-point-corner.sgf")
    mcts_problem = args.mcts_problem or first_existing(MCTS_PROBLEM,
                                                       BUNDLED / "killall7" / "killall-7x7.sgf")
    idle = measure_idle(app, 3.0)
    print(f"idle: worst timer delay {idle:.1f} ms with nothing running (machine noise)")
    stall, esc = {}, {}
    for solver, problem in (("dfs", dfs_problem), ("mcts", mcts_problem)):
        stall[solver] = measure_stall(app, window, solver, problem, args.seconds)
        esc[solver] = measure_esc(app, window, solver, problem, args.seconds)
    esc["classify"] = measure_esc(app, window, "dfs", dfs_problem, args.seconds,
                                  in_classification=True)
    window.close()
    worst_esc = max(esc.values())
    print(f"targets: stall <= {STALL_TARGET_MS:.0f} ms, Esc <= {ESC_TARGET_MS:.0f} ms")
    print(f"RESULT stall_dfs_ms={stall['dfs']:.1f} stall_mcts_ms={stall['mcts']:.1f} "
          f"esc_ms={worst_esc:.1f} esc_dfs_ms={esc['dfs']:.1f} esc_mcts_ms={esc['mcts']:.1f} "
          f"esc_classify_ms={esc['classify']:.1f} idle_ms={idle:.1f} "
          f"dfs_problem={dfs_problem.name} mcts_problem={mcts_problem.name}")
    return 0


def first_existing(*paths: Path) -> Path:
    return next((p for p in paths if p.exists()), paths[-1])


# ---- screenshots ----------------------------------------------------------------------------

def save(app, window, path: Path) -> None:
    wait_for(app, lambda: False, 0.4)
    window.grab().save(str(path))
    print(f"screenshot: {path}")


def corner_problem(scratch: Path) -> Path:
    """The open 19x19 corner problem: the research json's raw book SGF as a file."""
    if CORNER_JSON.exists():
        sgf = scratch / "cho-1-corner.sgf"
        sgf.write_text(json.loads(CORNER_JSON.read_text(encoding="utf-8"))["rawsgf"],
                       encoding="utf-8")
        return sgf
    return BUNDLED / "corner" / "nine-point-corner.sgf"


def solve_and_wait(app, window, timeout: float = 120) -> bool:
    window.solve()
    return wait_for(app, lambda: not window.solver.running, timeout)


def shots(app, window, out: Path, scratch: Path) -> None:
    from tsumego_gui.core import coords

    # (a) a corner problem on 19x19, zoomed to the corner
    corner = corner_problem(scratch)
    window.open_path(corner, ask=False)
    d = window.editor.draft
    print(f"corner: {corner.name} {d.size}x{d.size}, frame of {len(d.frame)} stones, "
          f"board window {window.board._window}")
    save(app, window, out / "corner-19x19.png")

    # (b) a proof node: White to move after Black's killing move, zone and tries marked
    window.open_path(RABBITY_SIX, ask=False)
    if not solve_and_wait(app, window):
        print("the rabbity six solve did not finish")
    o = window.outcome
    print(f"rabbity six: {o.result.verdict if o else None}, "
          f"verified={o.verified if o else None}")
    window.board.setFocus()
    window.browser.forward()
    node = window.browser.node()
    size = window.editor.draft.size
    if node is not None:
        print(f"proof node {window.browser.path}: {node.kind}, must answer "
              + ", ".join(coords.to_gtp(m, size) for m in node.must_answer)
              + f"; zone of {len(node.zone or ())} points")
    save(app, window, out / "proof-node.png")

    # (c) practice mid-line: the user's first move and the app's answer
    window.set_practice(True)
    game = window.browser.try_it
    first = window.classification.problem if window.classification else None
    move = _winning_first_move(window)
    print(f"practice: user plays {coords.to_gtp(move, size) if move is not None else None}"
          f" ({'classified' if first is not None else 'proof'})")
    if move is not None:
        window._practice_move(move)
        wait_for(app, lambda: not getattr(game, "thinking", None), 10)
    print("practice log: " + " | ".join(getattr(game, "log", [])[-3:]))
    save(app, window, out / "practice.png")
    # finish the game along the proof: the list remembers it solved
    print("rabbity six game: " + play_out(app, window))
    # and a game lost on purpose: straight three, White plays A1 (the eye shape dies)
    window.open_path(BUNDLED / "straight-three.sgf", ask=False)
    solve_and_wait(app, window)
    window.set_practice(True)
    window._practice_move(coords.from_gtp("A1", 9))
    wait_for(app, lambda: not getattr(window.browser.try_it, "thinking", None), 10)
    print("straight three game: " + play_out(app, window))

    # (d) the collection: the bundled problems opened as a folder, the two games remembered
    window.open_list(BUNDLED, ask=False)
    rows = window.problem_list.list
    rows.scrollToBottom()       # where the two games' problems are listed
    texts = [rows.item(i).text().replace("\n", " — ") for i in range(rows.count())]
    print(f"collection: {rows.count()} entries; with a state: "
          + " / ".join(t for t in texts if "solved" in t or "failed" in t))
    save(app, window, out / "collection.png")


def play_out(app, window) -> str:
    """Play the practice game on to its end along the proof; what it said last."""
    for _ in range(40):
        game = window.browser.try_it
        if game is None or game.finished:
            break
        nxt = _proof_move(game)
        if nxt is None:
            break
        window._practice_move(nxt)
        wait_for(app, lambda: not getattr(window.browser.try_it, "thinking", None), 10)
    game = window.browser.try_it
    said = game.log[-1] if game is not None and game.log else ""
    window.set_practice(False)
    return said


def _winning_first_move(window) -> int | None:
    proof = window.outcome.result.proof if window.outcome else None
    return proof.winning_moves[0] if proof is not None and proof.winning_moves else None


def _proof_move(game) -> int | None:
    """The user's move the proof plays next in ``game`` (None off the proof)."""
    node = getattr(game, "node", None)
    if node is None or not node.children:
        return None
    return node.prover_move if node.prover_move is not None else node.children[0][0]


# ---- responsiveness -------------------------------------------------------------------------

def timer_probe():
    """A 10 ms precise timer and the worst lateness it saw: (timer, worst list, reset)."""
    from PySide6.QtCore import QElapsedTimer, Qt, QTimer

    worst = [0.0]
    clock = QElapsedTimer()
    clock.start()
    last = [clock.nsecsElapsed()]

    def tick() -> None:
        now = clock.nsecsElapsed()
        worst[0] = max(worst[0], (now - last[0]) / 1e6 - 10.0)
        last[0] = now

    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(10)
    timer.timeout.connect(tick)

    def reset() -> None:
        last[0] = clock.nsecsElapsed()
        worst[0] = 0.0
    return timer, worst, reset


def measure_idle(app, seconds: float) -> float:
    timer, worst, reset = timer_probe()
    reset()
    timer.start()
    wait_for(app, lambda: False, seconds)
    timer.stop()
    return worst[0]


def prepare(window, solver: str, problem: Path, seconds: float) -> None:
    window.open_path(problem, ask=False)
    panel = window.solve_panel
    panel.solver_combo.setCurrentIndex(panel.solver_combo.findData(solver))
    panel.evaluator_combo.setCurrentIndex(panel.evaluator_combo.findData("uniform"))
    panel.seconds_spin.setValue(seconds)
    panel.nodes_spin.setValue(0)


def measure_stall(app, window, solver: str, problem: Path, seconds: float) -> float:
    """The worst timer delay over a whole request: search, verification, classification,
    and the first moves' lines the worker draws ahead after it."""
    prepare(window, solver, problem, seconds)
    wait_for(app, lambda: False, 0.5)
    window.outcome = None
    phases: dict[str, float] = {}
    timer, worst, reset = timer_probe()
    start = time.monotonic()
    reset()
    timer.start()
    window.solve()
    wait_for(app, lambda: window.outcome is not None, seconds * 3 + 60)
    phases["solve"] = worst[0]
    shown = time.monotonic() - start
    reset()
    done = wait_for(app, lambda: not window.solver.running, 120)
    phases["classify"] = worst[0]
    classified = time.monotonic() - start
    reset()
    # the worker then draws the first moves' lines ahead, while the user browses
    wait_for(app, lambda: not window.solver.busy, 60)
    phases["lines"] = worst[0]
    timer.stop()
    o = window.outcome
    r = o.result if o else None
    print(f"{solver} on {problem.name}: {r.verdict if r else None} in {r.seconds if r else 0:.1f}"
          f" s ({r.nodes if r else 0:,} nodes, verification {o.verification if o else None}), "
          f"shown after {shown:.1f} s, classified after {classified:.1f} s "
          f"(finished={done}), lines read after {time.monotonic() - start:.1f} s; worst "
          f"timer delay: solve+verify {phases['solve']:.1f} ms, classification "
          f"{phases['classify']:.1f} ms, lines {phases['lines']:.1f} ms")
    return max(phases.values())


def measure_esc(app, window, solver: str, problem: Path, seconds: float, *,
                in_classification: bool = False, after: float = 1.0) -> float:
    """Milliseconds from Esc (sent to the window) to the window back to idle, pressed
    ``after`` s into the search (or into the classification)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    prepare(window, solver, problem, seconds)
    wait_for(app, lambda: False, 0.3)
    window.outcome = None
    window.solve()
    if in_classification:
        wait_for(app, lambda: window.outcome is not None, seconds * 3 + 60)
    wait_for(app, lambda: False, after)
    if not window.solver.running:
        print(f"{solver}: the request was over before Esc")
        return 0.0
    start = time.monotonic()
    QTest.keyClick(window, Qt.Key.Key_Escape)
    wait_for(app, lambda: not window.solver.running, 30)
    ms = (time.monotonic() - start) * 1000
    o = window.outcome
    c = window.classification
    where = "classification" if in_classification else "search"
    what = (f"{sum(m.cls == 'open' for m in c.moves)} first moves left open"
            if in_classification and c is not None
            else f"stop reason {o.result.stop_reason if o else None}")
    print(f"{solver}: Esc {after:.1f} s into the {where} -> idle in {ms:.1f} ms ({what}; "
          f"Stop enabled: {window.solve_panel.stop_button.isEnabled()})")
    return ms


if __name__ == "__main__":
    raise SystemExit(main())
