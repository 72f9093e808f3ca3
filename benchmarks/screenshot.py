"""Screenshot of the app after solving a problem and stepping into its proof; event-loop latency.

    python benchmarks/screenshot.py OUT.png [HARD_PROBLEM] [--seconds S]
                                    [--problem SGF] [--row MOVE] [--shot-only]

Runs under Xvfb (re-executing itself through ``xvfb-run`` when there is no
display; offscreen when xvfb-run is missing).  Loads the bundled
straight-three problem (or ``--problem``), solves it through the app's
worker, waits for the classification of the first moves, steps into the
proof (→) -- or, with ``--row``, selects that first move's row (GTP name or
``pass``) -- and saves a PNG of the window.  ``--shot-only`` stops there.
Then it loads a harder problem
(default: the first 7x7 kill-all problem of ../shared/problems, else the
bundled one) and solves it for up to S seconds (default 5) while a 10 ms
QTimer records its worst delay: how long the GUI thread could not run.
Prints ``RESULT max_event_latency_ms=<x> ...``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "problems"


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
        time.sleep(0.005)
    return predicate()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", help="PNG to write")
    parser.add_argument("hard", nargs="?", help="problem for the latency measurement")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--problem", help="problem for the screenshot (default: bundled)")
    parser.add_argument("--row", help="select this first move's row (GTP or 'pass')")
    parser.add_argument("--shot-only", action="store_true", help="no latency measurement")
    args = parser.parse_args()
    reexec_under_xvfb()
    sys.path.insert(0, str(ROOT))

    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from tsumego_gui.qt.main_window import BUNDLED_PROBLEM, MainWindow
    from tsumego_gui.qt.settings import open_settings

    app = QApplication.instance() or QApplication(sys.argv[:1])
    print(f"platform: {app.platformName()}")
    ini = Path(tempfile.mkdtemp()) / "settings.ini"
    window = MainWindow(open_settings(str(ini)), open_last=False)
    window.confirm_discard = lambda: True
    window.resize(1500, 900)
    window.show()
    window.open_path(Path(args.problem) if args.problem else BUNDLED_PROBLEM, ask=False)
    wait_for(app, lambda: False, 0.3)
    window.solve()
    if not wait_for(app, lambda: window.outcome is not None and not window.solver.running,
                    120):
        print("the solve did not finish")
        return 1
    o = window.outcome
    print(f"solved: {o.result.verdict}, verified={o.verified}, "
          f"winning moves={o.result.proof.winning_moves if o.result.proof else None}")
    c = window.classification
    if c is not None:
        print(f"classified: {c.words(c.status)}; " + ", ".join(
            f"{row[0]} {row[1]}" for row in window.solve_panel.first_moves.rows()))
    if args.row and c is not None:
        from tsumego_gui.core import coords
        window.solve_panel.first_moves.select_move(coords.from_gtp(args.row, c.problem.size))
    else:
        window.board.setFocus()
        QTest.keyClick(window.board, Qt.Key.Key_Right)
    wait_for(app, lambda: False, 0.5)
    out = Path(args.out)
    window.grab().save(str(out))
    print(f"screenshot saved to {out}")
    if args.shot_only:
        window.close()
        return 0

    hard = Path(args.hard) if args.hard else None
    if hard is None:
        candidate = SHARED / "rzone-7x7" / "json" / "1.json"
        hard = candidate if candidate.exists() else BUNDLED_PROBLEM
    window.open_path(hard, ask=False)
    window.solve_panel.seconds_spin.setValue(args.seconds)
    window.solve_panel.nodes_spin.setValue(0)
    idle = measure_idle(app, 2.0)
    print(f"idle event loop (no solve): worst timer delay {idle:.1f} ms (machine load)")
    figures = {}
    stops = {}
    for solver in ("dfs", "mcts"):
        window.solve_panel.solver_combo.setCurrentIndex(
            window.solve_panel.solver_combo.findData(solver))
        figures[solver] = measure_latency(app, window, args.seconds, hard.name, solver)
        stops[solver] = measure_stop(app, window, solver)
    window.close()
    worst = max(f[0] for f in figures.values())
    print(f"RESULT max_event_latency_ms={worst:.1f} idle_latency_ms={idle:.1f} "
          + " ".join(f"{k}_latency_ms={v[0]:.1f} {k}_nodes={v[1]}" for k, v in figures.items())
          + f" max_stop_ms={max(stops.values()):.1f} "
          + " ".join(f"{k}_stop_ms={v:.1f}" for k, v in stops.items()))
    return 0


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
    return timer, worst, reset


def measure_idle(app, seconds: float) -> float:
    timer, worst, reset = timer_probe()
    reset()
    timer.start()
    wait_for(app, lambda: False, seconds)
    timer.stop()
    return worst[0]


def measure_latency(app, window, seconds: float, name: str, solver: str) -> tuple[float, int]:
    """Solve for ``seconds`` while a 10 ms timer records its worst lateness."""
    window.outcome = None
    timer, worst, reset = timer_probe()
    window.solve()
    reset()
    timer.start()
    start = time.monotonic()
    done = wait_for(app, lambda: window.outcome is not None, seconds + 60)
    timer.stop()
    o = window.outcome
    nodes = o.result.nodes if o else 0
    print(f"{solver} on {name}: {time.monotonic() - start:.1f} s, {nodes} nodes, "
          f"finished={done}, verdict={o.result.verdict if o else None}, "
          f"worst timer delay {worst[0]:.1f} ms")
    return worst[0], nodes


def measure_stop(app, window, solver: str, after: float = 1.0) -> float:
    """Milliseconds from Esc (the Stop action's key) to the stopped solve's result, a
    solve started ``after`` seconds before."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    window.outcome = None
    window.solve()
    wait_for(app, lambda: False, after)
    start = time.monotonic()
    QTest.keyClick(window, Qt.Key.Key_Escape)
    wait_for(app, lambda: window.outcome is not None, 30)
    ms = (time.monotonic() - start) * 1000
    o = window.outcome
    print(f"{solver}: Esc after {after:.1f} s stopped the solve in {ms:.1f} ms "
          f"(stop reason {o.result.stop_reason if o else None})")
    return ms


if __name__ == "__main__":
    raise SystemExit(main())
