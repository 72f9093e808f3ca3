"""Ctrl-C while a command loads (its modules: numpy, the engine, the search; torch and a
network): within :func:`quits_at_once` it ends the process there and then, with
"interrupted" on stderr and exit status 130 (``cli.exit_status``), as a KeyboardInterrupt
ends it later (``cli.main``).

Not a KeyboardInterrupt there: raised inside an extension module's import it comes out as
another error, with a traceback (numpy's "ImportError: PyCapsule_Import could not import
module "datetime""; the compiler's SyntaxError on a ``\\N`` escape, where a source is
compiled).  Nothing is lost by ending at once: a command writes nothing while it loads.
A process started with Ctrl-C ignored (a background job of a script: ``tsumego solve
... &``) keeps it ignored, here and in ``cli.solve``'s handling, as Python itself does: a
press between the two reached the restored "ignored" and was lost, the command running on
(seen as a flaky test under ``nohup``).  Knows nothing of the commands.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager

from tsumego_gui.cli.exit_status import INTERRUPTED


def _quit(signum, frame) -> None:
    try:
        os.write(2, b"tsumego: interrupted\n")     # not sys.stderr: it may be mid-write
    except OSError:
        pass                                        # stderr closed: the status says it
    os._exit(INTERRUPTED)


def ignored() -> bool:
    """Whether this process ignores Ctrl-C (was started so): then it is left so."""
    return signal.getsignal(signal.SIGINT) == signal.SIG_IGN


@contextmanager
def quits_at_once() -> Iterator[None]:
    """Within it, Ctrl-C ends the process at once (module docstring)."""
    if ignored():
        yield
        return
    try:
        previous = signal.signal(signal.SIGINT, _quit)
    except ValueError:          # not the main thread (a test's): no Ctrl-C comes there
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
