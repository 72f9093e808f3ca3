"""Write a file whole or not at all: the bytes go to a new file beside it, which then
replaces it, so a full disk, a size limit or a crash mid-write leaves the old file as it
was (QA s46: a full disk left a user's problem file cut to 100 bytes).

Knows files; nothing about what is in them.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomically(path: str | os.PathLike, data: bytes | str) -> None:
    """Write ``data`` (str as UTF-8) to ``path``, replacing any file there only once the
    whole of it is written.  The new file keeps the old one's permissions, else the
    usual ones for a new file; a link's target is replaced, and a device or a pipe is
    simply written to.  Raises OSError as ``open`` and ``write`` would."""
    # a link's target is what gets replaced, not the link
    path = Path(os.path.realpath(path))
    if isinstance(data, str):
        data = data.encode("utf-8")
    if path.exists() and not path.is_file():
        # a device or a pipe (/dev/stdout, /dev/full) is written to, never replaced
        with open(path, "wb") as out:
            out.write(data)
        return
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, _mode_for(path))
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _mode_for(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
