"""``benchmarks/book.py`` end to end on book problems of our own, written as research json
files hold them (only ``rawsgf``, ``winning_color`` and ``turn_color`` are read)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Black's corner group with room to live inside a white wall (13x13, our own; the white
# stone at C8 widens the box of all stones, so the closer frame is smaller)
STONES = "AB[ea][eb][ac][bc][cc][dc][ec]AW[fa][fb][fc][ad][bd][cd][dd][ed][fd][cf]"


def write_book(folder: Path, name: str, rawsgf: str) -> None:
    (folder / name).write_text(json.dumps(
        {"rawsgf": rawsgf, "winning_color": "b", "turn_color": "b"}), encoding="utf-8")


def run_book(folder: Path, *options: str) -> str:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "book.py"), str(folder),
                           "--time", "20", "--check-time", "5", *options],
                          capture_output=True, text=True, timeout=600, check=True)
    return done.stdout


def test_book_poses_proves_and_judges_against_the_books_lines(tmp_path):
    write_book(tmp_path, "1.json", f"(;SZ[13]GN[Black to live]{STONES}(;B[bb]C[RIGHT]))")
    # the statement in a comment, in Chinese, and the correct line named as the book names it
    write_book(tmp_path, "2.json", f"(;SZ[13]C[黑先活]{STONES}(;B[bb]N[正解]))")
    out = run_book(tmp_path)
    rows = {line.split()[0]: line for line in out.splitlines() if ".json " in line}
    assert set(rows) == {"1.json", "2.json"}
    # proven alive in the closer frame: its region, marked c
    assert all(re.search(r" \d+c .* lives ", row) for row in rows.values())
    assert "RESULT posed=2 proven=2 first_move_right=2 failures_refuted=0 failures=0 wrong=0 " \
           "unverified=0 total=2" in out
    no_closer = run_book(tmp_path, "--no-closer", "--only", "1.json")
    assert "RESULT posed=1 proven=1 first_move_right=1" in no_closer
