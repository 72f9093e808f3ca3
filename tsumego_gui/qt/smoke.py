"""``tsumego-gui --smoke DIR [FILE]``: an end-to-end check of an installed or frozen app.

Used by ``installers/smoke_test.py`` on the built bundles.  It opens the real
window on FILE (default: the bundled straight-three problem) with the user's
own settings store, and prints ``SMOKE window shown`` as soon as the window is
on screen (the installers' start-up timing reads that line).  Then it solves
through the app's own worker, requires the independent verifier to accept the
proof and every first move's proofs, exports them through the window's Export
action to ``DIR/proof.sgf``, saves ``DIR/window.png`` (the window) and
``DIR/screen.png`` (the whole screen as the display server has it), imports
torch, and prints one ``SMOKE OK ...`` line: verdict, platform, torch and its
device, where settings and user data live, how many colours the screen shows.
Anything else prints ``SMOKE FAILED: why`` and returns 1.  Each ``SMOKE`` line
also goes to ``DIR/smoke.log``: a windowed Windows executable has no stdout.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

TIMEOUT_S = 180.0


class SmokeError(Exception):
    pass


def _wait(app, predicate, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.processEvents()
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()


def _colours(image, samples: int = 4096) -> int:
    """Distinct colours over a grid of ``samples`` pixels (a blank screen has one)."""
    if image.isNull():
        return 0
    w, h = image.width(), image.height()
    side = max(1, int(samples ** 0.5))
    return len({image.pixel(min(w - 1, x * w // side), min(h - 1, y * h // side))
                for x in range(side) for y in range(side)})


def _say(out: Path, line: str) -> None:
    print(line, flush=True)
    with open(out / "smoke.log", "a", encoding="utf-8") as log:
        log.write(line + "\n")


def run_smoke(app, file: str | None, out_dir: str, settings_path: str | None = None) -> int:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    try:
        line = _smoke(app, file, out, settings_path)
    except SmokeError as e:
        _say(out, f"SMOKE FAILED: {e}")
        return 1
    except Exception as e:  # noqa: BLE001 - any error is a failed smoke test, said in one line
        import traceback
        traceback.print_exc()
        _say(out, f"SMOKE FAILED: {type(e).__name__}: {e}")
        return 1
    _say(out, line)
    return 0


def _smoke(app, file: str | None, out: Path, settings_path: str | None) -> str:
    from PySide6.QtCore import QStandardPaths

    from tsumego_gui.qt.main_window import BUNDLED_PROBLEM, MainWindow
    from tsumego_gui.qt.settings import open_settings

    settings = open_settings(settings_path)
    window = MainWindow(settings, open_last=False)
    window.confirm_discard = lambda: True
    window.show()
    if not _wait(app, lambda: window.windowHandle() is not None
                 and window.windowHandle().isExposed(), 30):
        raise SmokeError("the window was never shown")
    _say(out, "SMOKE window shown")
    problem = Path(file) if file else BUNDLED_PROBLEM
    if not window.open_path(problem, ask=False):
        raise SmokeError(f"cannot open {problem}: {window.error_text()}")
    window.solve()
    if not _wait(app, lambda: window.outcome is not None and window.classification is not None
                 and not window.solver.running, TIMEOUT_S):
        raise SmokeError(f"the solve did not finish in {TIMEOUT_S:.0f} s")
    outcome, c = window.outcome, window.classification
    if not outcome.verified:
        raise SmokeError(f"the proof is not verified ({outcome.verification})")
    faults = [m for m in c.moves if m.cls != "open" and m.verification != "verified"]
    if faults:
        raise SmokeError(f"{len(faults)} first move(s) not verified")
    proof_file = out / "proof.sgf"
    window.ask_export_file = lambda _default, _filters: str(proof_file)
    if not window.export_proof():
        raise SmokeError(f"export failed: {window.error_text()}")
    text = proof_file.read_bytes()
    if not text.startswith(b"(;") or len(text) < 20:
        raise SmokeError(f"{proof_file} is not an SGF proof")
    _wait(app, lambda: False, 0.3)          # let the proof view paint
    window.grab().save(str(out / "window.png"))
    screen = app.primaryScreen().grabWindow(0).toImage()
    colours = _colours(screen)
    if not screen.isNull():
        screen.save(str(out / "screen.png"))

    import torch
    device = "cuda" if torch.cuda.is_available() else "cpu"
    torch.ones(2, 2, device=device).sum().item()

    settings.sync()
    window.close()
    data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    from tsumego_gui.core import coords
    proof = outcome.result.proof
    winners = ",".join(coords.to_gtp(m, proof.problem.size) for m in proof.winning_moves)
    return (f"SMOKE OK verdict={outcome.result.verdict} verified={outcome.verification} "
            f"winning={winners or '-'} first_moves={len(c.moves)} proof={proof_file} "
            f"platform={app.platformName()} torch={torch.__version__} device={device} "
            f"frozen={getattr(sys, 'frozen', False)} settings={settings.fileName()} "
            f"data={data} screen_colours={colours}")
