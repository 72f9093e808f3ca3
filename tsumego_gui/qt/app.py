"""``tsumego-gui``: start the desktop app (or say in one line why it cannot start here).

Without a display, Qt's xcb plugin aborts the process with a long message;
:func:`headless_message` spots that case first, so the user reads how to run
the app under Xvfb, or offscreen for a smoke run, and that ``tsumego solve``
works without a display.  A system library missing for the display plugin is
said in one line too (``system_libs``).  ``--smoke DIR`` is the installers'
end-to-end check (``smoke``).  Ctrl-C in the terminal that started it closes the window as
its close button does (:class:`CtrlCCloses`); pressed while PySide6 and the engine are
still being imported, it ends the start-up with one line and exit status 130, as the
``tsumego`` command does.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Mapping

HEADLESS_HINT = ("tsumego-gui: no display found ({why}); run it under Xvfb "
                 "(xvfb-run tsumego-gui), or with QT_QPA_PLATFORM=offscreen for a smoke run; "
                 "`tsumego solve FILE` works without a display.")
INTERRUPTED = 130       # the shell's status for Ctrl-C, as ``cli.exit_status`` has it
CTRL_C_POLL_MS = 200    # how soon Ctrl-C is seen (the interpreter's wake-up period)


def headless_message(env: Mapping[str, str], platform: str) -> str | None:
    """The one-line message for a machine without a display, None when the app can start."""
    if not platform.startswith("linux"):
        return None     # Windows and macOS always have their native platform plugin
    qpa = env.get("QT_QPA_PLATFORM", "")
    if qpa and not qpa.startswith(("xcb", "wayland")):
        return None     # offscreen, minimal, vnc, eglfs...: the user chose a display-less one
    if qpa.startswith("wayland"):
        return None if env.get("WAYLAND_DISPLAY") else HEADLESS_HINT.format(
            why="QT_QPA_PLATFORM is wayland but WAYLAND_DISPLAY is not set")
    if env.get("DISPLAY") or (not qpa and env.get("WAYLAND_DISPLAY")):
        return None
    return HEADLESS_HINT.format(why="DISPLAY is not set")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tsumego-gui",
                                     description="Prove Go life-and-death problems and browse "
                                                 "the proofs.")
    parser.add_argument("file", nargs="?", help="an SGF file, research json, or a folder")
    parser.add_argument("--settings", metavar="INI",
                        help="keep settings in this ini file instead of the user's store")
    parser.add_argument("--quit-after", type=int, metavar="MS", default=0,
                        help="quit after MS milliseconds (smoke tests)")
    parser.add_argument("--smoke", metavar="DIR",
                        help="installers' check: open FILE (default: the bundled problem), "
                             "solve, verify, export the proof and screenshots to DIR, print "
                             "SMOKE OK and quit (see tsumego_gui/qt/smoke.py)")
    return parser


class CtrlCCloses:
    """Ctrl-C in the terminal that started the app.  Made first thing, it only notes a
    press: a KeyboardInterrupt inside PySide6's own start-up aborts the process ("Fatal
    Python error: libshiboken/signature"), and :func:`main` ends a start-up that was
    pressed once the imports are in.  Once it watches the window (:meth:`watch`), a press
    closes the window as its close button does (its ``closeEvent`` may ask about unsaved
    edits, and stops a running solve), and the app ends.

    Qt's event loop runs in C++, where Python's signal handlers never get a turn (the
    interpreter's C handler only notes the signal): a timer wakes the interpreter a few
    times a second so that they run.  The close comes from that timer, between events,
    not in the middle of whatever Python code the signal interrupted."""

    def __init__(self) -> None:
        self.pressed = False
        self.app = self.window = self.timer = None
        self.closing = False
        self.previous = signal.signal(signal.SIGINT, self._press)

    def _press(self, signum, frame) -> None:
        self.pressed = True

    def watch(self, app, window) -> None:
        """From now on a press (one already made too) closes ``window``."""
        from PySide6.QtCore import QTimer

        self.app, self.window = app, window
        self.timer = QTimer(app)
        self.timer.timeout.connect(self._close)
        self.timer.start(CTRL_C_POLL_MS)

    def release(self) -> None:
        """Ctrl-C raises KeyboardInterrupt again, as before."""
        if self.timer is not None:
            self.timer.stop()
        signal.signal(signal.SIGINT, self.previous)

    def _close(self) -> None:
        if not self.pressed:
            return
        self.pressed = False
        if self.closing:
            return      # pressed again while the window asks about unsaved edits: it still asks
        self.closing = True
        try:
            if self.window.close():
                self.app.quit()     # a help window left open would keep the app running
        finally:
            self.closing = False


def main(argv: list[str] | None = None) -> int:
    try:
        return _run(argv)
    except KeyboardInterrupt:
        # pressed in the moment before CtrlCCloses was made: no traceback either
        return _interrupted()


def _interrupted() -> int:
    print("tsumego-gui: interrupted", file=sys.stderr)
    return INTERRUPTED


def _run(argv: list[str] | None) -> int:
    import os

    ctrl_c = CtrlCCloses()
    args = build_parser().parse_args(argv)
    from tsumego_gui.qt.system_libs import missing_library_message

    message = headless_message(os.environ, sys.platform) \
        or missing_library_message(os.environ, sys.platform)
    if message is not None:
        print(message, file=sys.stderr)
        return 2
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from tsumego_gui.qt.main_window import BUNDLED_PROBLEM, MainWindow
    from tsumego_gui.qt.settings import open_settings

    if ctrl_c.pressed:
        return _interrupted()       # while PySide6 and the engine were imported
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("tsumego_gui")
    app.setOrganizationName("tsumego_gui")
    if args.smoke:
        from tsumego_gui.qt.smoke import run_smoke
        ctrl_c.release()            # an unattended check: Ctrl-C stops it as it always did
        return run_smoke(app, args.file, args.smoke, args.settings)
    window = MainWindow(open_settings(args.settings), open_last=args.file is None)
    if args.file and not window.open_path(args.file, ask=False):
        error = window.error_text()
        window.open_path(BUNDLED_PROBLEM, ask=False)   # something to look at, error kept
        window.show_error(error)
    _show_unexpected_errors(window)
    window.show()
    if args.quit_after > 0:
        QTimer.singleShot(args.quit_after, window.close)
    ctrl_c.watch(app, window)       # a press while the window was built closes it now
    return app.exec()



def _show_unexpected_errors(window) -> None:
    """Exceptions escaping a slot go to the window's banner (and stderr), not to oblivion."""
    import traceback

    def hook(kind, value, tb):
        traceback.print_exception(kind, value, tb)
        try:
            window.show_error(f"Internal error: {kind.__name__}: {value}")
        except RuntimeError:     # the window is already gone
            pass
    sys.excepthook = hook


if __name__ == "__main__":
    raise SystemExit(main())
