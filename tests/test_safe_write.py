"""Files written whole or not at all (``core.safe_write``)."""

import errno
import os
import stat

import pytest

from tsumego_gui.core import safe_write
from tsumego_gui.core.safe_write import write_atomically


def test_a_write_that_fails_leaves_the_old_file_as_it_was(tmp_path, monkeypatch):
    """QA s46: a full disk cut a user's problem file to 100 bytes on Save."""
    path = tmp_path / "mine.sgf"
    path.write_bytes(b"(;SZ[9]AB[aa])")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(safe_write.os, "fsync", full)
    with pytest.raises(OSError):
        write_atomically(path, b"(;SZ[9]AB[bb])" * 1000)
    assert path.read_bytes() == b"(;SZ[9]AB[aa])"
    assert os.listdir(tmp_path) == ["mine.sgf"]          # no part file left behind


def test_the_new_file_keeps_the_old_ones_permissions_and_a_links_target_is_written(tmp_path):
    path = tmp_path / "mine.sgf"
    path.write_bytes(b"old")
    path.chmod(0o640)
    link = tmp_path / "link.sgf"
    link.symlink_to(path)
    write_atomically(link, "new")
    assert link.is_symlink() and path.read_bytes() == b"new"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_pipe_is_written_to_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        write_atomically(fifo, b"proof")
        assert os.read(reader, 100) == b"proof"
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_a_file_that_may_not_be_written_is_not_replaced(tmp_path):
    """Review s46: a read-only file was replaced by a new one (the folder allowed it)."""
    if os.geteuid() == 0:
        pytest.skip("root may write any file")
    path = tmp_path / "mine.sgf"
    path.write_bytes(b"old")
    path.chmod(0o444)
    with pytest.raises(PermissionError):
        write_atomically(path, b"new")
    assert path.read_bytes() == b"old"


def test_stdout_as_a_pipe_is_written_to(tmp_path):
    """Review s46: ``--out /dev/stdout | cat`` resolved to "pipe:[N]" and failed."""
    import subprocess
    import sys
    code = "from tsumego_gui.core.safe_write import write_atomically as w; w('/dev/stdout', 'ok')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60)
    assert done.returncode == 0 and done.stdout == b"ok"

