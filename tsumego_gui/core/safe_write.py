"""Write a file whole or not at all: the bytes go to a new file beside it, which then
replaces it, so a full disk, a size limit or a crash mid-write leaves the old file as it
was (QA s46: a full disk left a user's problem file cut to 100 bytes).

A device or a pipe (``/dev/stdout``) is written to as it is: there is nothing to replace.
The new file keeps the old one's permissions; its other links (hard links), owner and
extended attributes are not carried over.

Knows files; nothing about what is in them.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path

# read once, here: asking for the umask sets it, which is not safe in a thread
_UMASK = os.umask(0)
os.umask(_UMASK)


def write_atomically(path: str | os.PathLike, data: bytes | str) -> None:
    """Write ``data`` (str as UTF-8) to ``path``, replacing any file there only once the
    whole of it is written; a link's target is what is replaced.  Raises OSError as
    ``open`` and ``write`` would, PermissionError for a file that may not be written
    (replacing it would go round its read-only mode)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        # review s46: resolving /dev/stdout gave "pipe:[N]", which cannot be opened
        with open(path, "wb") as out:
            out.write(data)
        return
    if st is not None and not os.access(path, os.W_OK):
        raise PermissionError(errno.EACCES, "permission denied", str(path))
    target = Path(os.path.realpath(path))
    fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                suffix=".part")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if os.name != "nt":     # Windows: a read-only mode would stop the replace itself
            os.chmod(temp, stat.S_IMODE(st.st_mode) if st is not None else 0o666 & ~_UMASK)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
