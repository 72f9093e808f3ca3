"""Result files a command writes (``solve --proof-out``, ``frame --out``): checked before
the work that fills them, so that a solve of minutes is not lost to a mistyped folder, and
written with an error that says *write*, not read (``cli.commands`` prints it)."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from tsumego_gui.core.safe_write import write_atomically


class OutputError(OSError):
    """A result file that cannot be written."""


def check_writable(path: str | Path) -> Path:
    """``path`` as a Path, or OutputError when it names a folder, an empty name, or a
    file in a folder that does not exist or is not writable."""
    out = Path(path)
    if not str(path):
        raise OutputError(errno.ENOENT, "no file name given", "''")
    if out.is_dir():
        raise OutputError(errno.EISDIR, "it is a folder", str(out))
    folder = out.parent
    if not folder.is_dir():
        raise OutputError(errno.ENOENT, f"there is no folder {folder}", str(out))
    if not os.access(folder, os.W_OK) or (out.exists() and not os.access(out, os.W_OK)):
        raise OutputError(errno.EACCES, "permission denied", str(out))
    try:
        # a file made and dropped there: a folder that takes none (/proc, a read-only
        # mount, for root too) is found before the solve, not after it (QA s45)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as e:
        raise OutputError(e.errno or errno.EACCES, e.strerror or "cannot write there",
                          str(out)) from None
    return out


def write_output(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path``; OutputError naming the file when that fails."""
    out = Path(path)
    try:
        write_atomically(out, data)
    except OSError as e:
        raise OutputError(e.errno, e.strerror, str(out)) from None
