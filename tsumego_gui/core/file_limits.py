"""Which files a reader takes at all: a regular file of a plausible size.

A pipe or a device given as a file (a FIFO, /dev/zero) blocked the reader for ever or
filled the memory, and a 30-MB file of empty SGF nodes took 9 GB (QA s46).  The limits
sit far above any real file of their kind: the largest problem collections are a few
megabytes, our largest proof exports some tens, the largest KataGo networks a few hundred.

Knows files and sizes; nothing about their contents.
"""

from __future__ import annotations

import os
import stat

MEGABYTE = 1 << 20
MAX_PROBLEM_BYTES = 64 * MEGABYTE     # an SGF collection, a research json, an export
# what an SGF parse costs grows with its nodes, not its bytes (a 30-MB file of empty nodes
# took 9 GB; a 26-MB exported proof of 173,000 nodes reads in seconds): a bound on them
MAX_SGF_NODES = 2_000_000
MAX_NETWORK_BYTES = 4096 * MEGABYTE   # a KataGo model or FTL weights


def refusal(path: str | os.PathLike, max_bytes: int) -> str:
    """Why ``path`` is not read ("" where it may be): not a regular file, or too large.
    Does not open it (opening a pipe waits for a writer).  A path that does not exist
    or cannot be looked at is left to the reader's own error."""
    try:
        st = os.stat(path)
    except OSError:
        return ""
    if stat.S_ISDIR(st.st_mode):
        return ""                         # a folder: its callers list its files
    if not stat.S_ISREG(st.st_mode):
        return "it is not a regular file (a pipe or a device?)"
    if st.st_size > max_bytes:
        return (f"it is {st.st_size / MEGABYTE:,.0f} MB, more than any such file "
                f"(at most {max_bytes // MEGABYTE:,} MB)")
    return ""


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Whether two names are one file (a link, a ``..`` in one of them); False where one
    cannot be looked at."""
    try:
        return os.fspath(a) == os.fspath(b) or os.path.samefile(a, b)
    except OSError:
        return False
