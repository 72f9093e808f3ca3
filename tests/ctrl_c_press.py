"""Ctrl-C pressed while a program starts: the tests of the CLI's and the app's handling."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def as_in_a_terminal() -> Iterator[None]:
    """Within it, this process takes Ctrl-C as a command started in a terminal does
    (Python's KeyboardInterrupt), even where the test run ignores it (a background job:
    the CLI leaves an ignored Ctrl-C ignored)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def start(command: list[str], ignoring: bool = False, **popen) -> subprocess.Popen:
    """``subprocess.Popen(command, **popen)`` with the child's Ctrl-C at its default, as
    a command started in a terminal has it, even where this process ignores it (a test
    run started as a background job: ``nohup pytest &``; the child kept it ignored, and a
    press was lost); ``ignoring``: started ignoring it, as such a job is."""
    wanted = signal.SIG_IGN if ignoring else signal.default_int_handler   # a handler is
    previous = signal.signal(signal.SIGINT, wanted)         # reset to the default by exec
    try:
        return subprocess.Popen(command, **popen)
    finally:
        signal.signal(signal.SIGINT, previous)


def ctrl_c_while_starting(command: list[str], marker: str, delay: float,
                          env: dict | None = None,
                          ignoring: bool = False) -> tuple[int, list[str]]:
    """Run ``command`` with Python's import-time report on stderr and press Ctrl-C ``delay``
    seconds after the report first names ``marker`` (a module only the program's own code
    imports); the exit status and the stderr lines that are not the report's.  Waiting
    for the report, not for a clock, keeps a slow machine from pressing it while Python
    itself starts (``site``), which no program can guard.  ``env``: the environment
    (default this process's); ``ignoring``: :func:`start`'s."""
    env = dict(os.environ if env is None else env, PYTHONPROFILEIMPORTTIME="1")
    child = start(command, ignoring, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                  text=True, env=env)
    lines: list[str] = []
    begun = threading.Event()

    def read() -> None:
        for line in child.stderr:
            lines.append(line)
            if marker in line:
                begun.set()
        begun.set()         # it ended first: the caller's asserts say how

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        begun.wait(120)
        time.sleep(delay)
        child.send_signal(signal.SIGINT)
        child.wait(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        reader.join(10)
    return child.returncode, [line.rstrip("\n") for line in lines
                              if not line.startswith("import time:")]
