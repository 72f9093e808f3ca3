"""Fuzzing the problem importers: mutated SGF and research json files, fed to what opening a
file goes through, must give a problem or a readable ProblemError, never anything else.

    python benchmarks/fuzz_import.py --cases N [--seed S] [--save DIR] [--no-shared]
                                     [--messages]

**Seeds** (the files mutated): a few small SGF games and research json problems written
here, the problems shipped in ``tsumego_gui/resources/problems``, and, when the checkout
has one beside it, ``../shared/problems`` (read at run time, never copied), with the
book problem (``rawsgf``) inside each research json as an SGF seed of its own.

**Mutations** (one to three per case, from a ``random.Random(seed)``): byte flips,
truncation, deleted or doubled slices, doubled or removed properties, bad points (``zz``,
``a``, ``[]``, off the board, bad rectangles), bad sizes (``SZ[0]``, huge, not a
number), bad encodings (``CA``, bytes that are not UTF-8), deep and odd variations,
properties of ours with bad values, several games in one file; for json: missing keys,
values of the wrong type, bad colours, goals and points, a mutated ``masked_sgf_str``,
something other than an object.

**Entry points**, each case: ``problem_files.read_file`` with the options the CLI and the
GUI pass (``--defender``, ``--goal``, framing on or off), which reads json through
``rzone_json`` and SGF through ``sgf_io`` and ``open_problem`` (posing and framing);
``read_problems`` on a folder holding only that file (the listing of a folder, each bad file
or game an error in its place); for SGF also ``sgf_io.read_sgf``,
``open_problem.read_open_position`` and ``open_problem.read_games`` (bad games in their
places) on the bytes.  Every problem read then goes through the problem check: ``Problem.validate``,
``to_board``, ``tsumego info``'s report, and export and re-import (``write_sgf`` then
``read_sgf``).

A **crash** is any exception but a ProblemError (``ProblemFileError`` from ``read_file``);
a ProblemFileError that does not start with the file's path, or that ``read_file``'s safety
net had to word for a reader that slipped with another exception; a message that is not
readable (:func:`unreadable`: empty, ending in a colon, a bare Python text such as "list
index out of range", more than one line, longer than ``MAX_MESSAGE``); and any exception
at all in the problem check of a problem that was read.  Each crash is printed once per
signature (where it happened, the exception, the message) with the smallest input seen for
it, and ``--save DIR`` writes those inputs out.

Prints ``RESULT cases=<n> crashes=<n> signatures=<n> problems=<n> posed=<n> errors=<n>
cases_per_s=<x>`` (``problems``: cases where ``read_file`` gave problems, ``posed``: those
that include an open problem, posed and framed; ``errors``: where it gave a
ProblemFileError).  Knows the importers' entry points and their documented error; nothing
about search.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine_cy.board import BLACK, WHITE  # noqa: E402
from tsumego_gui.cli.info import describe  # noqa: E402
from tsumego_gui.core.open_problem import read_games, read_open_position  # noqa: E402
from tsumego_gui.core.problem import ProblemError  # noqa: E402
from tsumego_gui.core.problem_files import (  # noqa: E402
    ProblemFileError,
    read_file,
    read_problems,
)
from tsumego_gui.core.sgf_io import read_sgf, write_sgf  # noqa: E402

RESOURCES = ROOT / "tsumego_gui" / "resources" / "problems"
SHARED = ROOT.parent / "shared" / "problems"
MAX_SEED_BYTES = 20_000     # larger files make slow cases and add nothing a small one lacks

# --- seeds -------------------------------------------------------------------------------

OWN_SGF = [
    # a marked problem: crucial stones (TR), a region (SQ), a solution variation
    b"(;GM[1]FF[4]SZ[5]PL[W]AB[ac][bc][cc][cd][ce]AW[ad][bd][be]TR[ad]SQ[ae]"
    b"(;W[ae]C[RIGHT])(;W[bb]C[wrong]))",
    # our own properties
    b"(;GM[1]SZ[7]PL[B]AB[ab][bb][ba]AW[dd][ee]TD[W]TG[live_any]TK[B]TP[1]"
    b"TH[0123456789abcdef][fedcba9876543210])",
    # a target (MA on a stone) with wall holes (SQ)
    b"(;GM[1]SZ[9]AB[aa][ba][ca][da][ea][ab][eb][ac][ec][ad][bd][cd][dd][ed]"
    b"AW[bb][cb][db][bc][dc]MA[bb]SQ[fa]PL[B]GN[target]C[Black to kill])",
    # a game record: moves from the empty board, a pass, a capture
    b"(;GM[1]SZ[7]AB[cc]AW[ee]TD[B];B[dc];W[de];B[];W[ed];B[cd])",
    # two games in one file, the second on a side
    b"(;GM[1]SZ[5]AB[bb]AW[cc]TR[bb]AE[aa])(;SZ[13]AB[ag][bg][cg][dg][dh][di]"
    b"AW[ah][bh][ch]PL[W];W[ai])",
    # escapes, a rectangle, setup in a later node
    b"(;GM[1]SZ[6]AB[aa:bc]AW[da:eb]C[a \\] bracket\\\\ and a\\\nbreak]TR[aa];AW[ff];B[fe])",
]
OWN_OPEN = [       # open problems as books have them: no target, no defender
    # a corner on 19x19
    b"(;GM[1]FF[4]CA[UTF-8]SZ[19]AB[pq][qq][rq][sq][op][oo]AW[pr][qr][rr][sr][qp][rp][sp]"
    b"GN[corner]C[Black to play and kill](;B[rs]N[\xe6\xad\xa3\xe8\xa7\xa3];W[qs];B[ps])"
    b"(;B[qs]N[\xe5\xa4\xb1\xe6\x95\x97]))",
    # a side on 13x13, a centre on 19x19 (with no CA: its title is not read as UTF-8)
    b"(;GM[1]SZ[13]CA[UTF-8]AW[ak][bk][ck][dk][ek][el][em]AB[aj][bj][cj][dj][ej][fk][fl][fm]"
    b"C[White to live](;W[bm]C[correct];B[cl];W[dl])(;W[cl]C[wrong];B[bl]))",
    b"(;SZ[19]AB[ii][ji][ki][ij][kj][ik][jk][kk]AW[hh][ih][jh][kh][lh][hi][li][hj][lj]"
    b"[hk][lk][hl][il][jl][kl][ll]PL[W]GN[\xe7\x99\xbd\xe5\x85\x88\xe6\xae\xba])",
]

_RESEARCH_BASE = {
    "filename": "own-7x7", "winning_color": "w", "turn_color": "b",
    "black_crucial_stone": "", "white_crucial_stone": "",
    "black_search_goal": "TOKILL_ALL", "white_search_goal": "TOLIVE_ANY",
    "black_ko_rule": "allow_ko", "white_ko_rule": "disallow_ko",
    "masked_sgf_str": "(;SZ[7];B[ce];W[dd];B[dc];W[];B[cd])",
    "answer_firstmove": "ee", "region": "",
}
OWN_JSON = [
    _RESEARCH_BASE,
    {**_RESEARCH_BASE, "filename": "own-19", "winning_color": "b", "turn_color": "w",
     "black_crucial_stone": "aa,ba|ab", "white_crucial_stone": "tt",
     "black_search_goal": "TOLIVE", "white_search_goal": "TOKILL",
     "masked_sgf_str": "(;GM[1]SZ[19]AB[aa][ba][ab][ca]AW[da][db][cb][bc][ac]"
                       "MA[bb][cc][ad][bd])",
     "region": "bb,cc,ad,bd", "answer_firstmove": "bb"},
    {**_RESEARCH_BASE, "filename": "gtp", "black_crucial_stone": "C5",
     "white_crucial_stone": "", "winning_color": "b", "black_search_goal": "TOLIVE",
     "white_search_goal": "TOKILL", "masked_sgf_str": "(;SZ[7]AB[cc][dc]AW[ee])",
     "region": "A7, B7,C6", "answer_firstmove": ""},
]


@dataclass(frozen=True)
class Seed:
    kind: str           # "sgf" | "json"
    name: str
    data: bytes
    open: bool = False  # a book problem that names no defender: read by posing and framing


def load_seeds(shared: bool = True) -> list[Seed]:
    """Our own seeds, the shipped problems and (when present and wanted) ../shared/problems."""
    seeds = [Seed("sgf", f"own-{i}.sgf", d) for i, d in enumerate(OWN_SGF)]
    seeds += [Seed("sgf", f"own-open-{i}.sgf", d, open=True) for i, d in enumerate(OWN_OPEN)]
    seeds += [Seed("json", f"own-{i}.json", json.dumps(d).encode())
              for i, d in enumerate(OWN_JSON)]
    folders = [RESOURCES] + ([SHARED] if shared and SHARED.is_dir() else [])
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            kind = path.suffix.lower().lstrip(".")
            if kind in ("sgf", "json") and path.is_file():
                data = path.read_bytes()
                if len(data) <= MAX_SEED_BYTES:
                    name = str(path.relative_to(folder.parent))
                    seeds.append(Seed(kind, name, data))
                    if kind == "json":      # a research json keeps the book's own SGF
                        seeds += [Seed("sgf", f"{name}#rawsgf", raw, open=True)
                                  for raw in _rawsgf(data)]
    return seeds


def _rawsgf(data: bytes) -> list[bytes]:
    """The book problem a research json was made from (``rawsgf``): an open problem, which
    goes through posing and framing."""
    try:
        raw = json.loads(data).get("rawsgf")
    except (ValueError, AttributeError):
        return []
    return [raw.encode()] if isinstance(raw, str) and raw else []


# --- mutations ---------------------------------------------------------------------------

_PROP = re.compile(rb"([A-Z]{1,2})((?:\s*\[(?:[^\]\\]|\\.)*\])+)", re.DOTALL)
_VALUE = re.compile(rb"\[((?:[^\]\\]|\\.)*)\]", re.DOTALL)
_POINT_PROPS = (b"AB", b"AW", b"AE", b"B", b"W", b"TR", b"MA", b"SQ")
BAD_POINTS = [b"zz", b"a", b"", b"aaa", b"tt", b"ss", b"sa", b"AA", b"a1", b"11", b"aa:",
              b":", b"aa:zz", b"cc:aa", b"aa:bb:cc", b"\xff\xfe", b"a]", b"\\", b"  ",
              b"aa:aa", b"za", b"az", b"`a", b"{{"]
BAD_SIZES = [b"0", b"1", b"-3", b"2", b"20", b"25", b"26", b"27", b"52", b"99999999999999999999",
             b"", b"abc", b"9:9", b"9:13", b"19:19", b" 7 ", b"7.5", b"\xff", b"1e3", b"+9"]
EXTRA_PROPS = [b"PL[x]", b"PL[]", b"PL[w]", b"TD[X]", b"TD[]", b"TD[B]", b"TG[win]", b"TG[]",
               b"TG[live]", b"TK[Q]", b"TK[]", b"TK[BW]", b"TH[12]", b"TH[zzzzzzzzzzzzzzzz]",
               b"TH[]", b"TP[2]", b"TP[]", b"TP[1]", b"GM[2]", b"GM[]", b"GM[x]", b"FF[9]",
               b"CA[no-such-codec]", b"CA[UTF-16]", b"CA[latin-1]", b"CA[]", b"CA[rot13]",
               b"CA[hex]", b"CA[ascii]", b"MA[aa]", b"TR[aa]", b"SQ[aa]", b"AE[aa]",
               b"AB[]", b"AW[]", b"B[]", b"W[tt]", b"B[aa]", b"W[aa]", b"KM[x]", b"HA[9]",
               b"C[\xff\xfe]", b"GN[\xc3]", b"N[wrong]", b"C[RIGHT]", b"LB[aa:x]",
               b"SZ[5]", b"SZ[0]"]
NON_UTF8 = [b"\xff", b"\xfe\xff", b"\xc3", b"\xe6\xad", b"\x80\x80", b"\x00", b"\xed\xa0\x80"]
JSON_KEYS = ["filename", "winning_color", "turn_color", "black_crucial_stone",
             "white_crucial_stone", "black_search_goal", "white_search_goal", "black_ko_rule",
             "white_ko_rule", "masked_sgf_str", "answer_firstmove", "region"]
JSON_ODD_VALUES = [None, 0, 1, -1, 3.5, True, False, [], [1, 2], {}, {"a": 1}, "", " ", "x",
                   "b", "w", "B", "W", "tt", "zz", "aa", "a", "TOLIVE", "TOKILL", "allow_ko",
                   "1e999", "\u0000", "\ud800", "aa,zz", "aa&bb", "A0", "Z9", "T20", "pass",
                   "PASS", "aa:cc", ",,,", "|", "é" * 3, "9" * 400]
JSON_TOPS = [b"[]", b"[1, 2]", b"null", b"1", b'"text"', b"true", b"{}", b"", b"{",
             b"\xef\xbb\xbf{}", b'{"masked_sgf_str": 7}', b"[" * 5000 + b"]" * 5000,
             b"\xff\xfe{\x00}\x00"]


def _pick_span(rng: random.Random, data: bytes) -> tuple[int, int]:
    a = rng.randrange(len(data) + 1)
    return a, min(len(data), a + rng.randrange(1, 16))


def flip_bytes(rng: random.Random, data: bytes) -> bytes:
    if not data:
        return bytes([rng.randrange(256)])
    out = bytearray(data)
    for _ in range(rng.randrange(1, 4)):
        i = rng.randrange(len(out))
        if rng.random() < 0.5:
            out[i] ^= 1 << rng.randrange(8)
        else:
            out[i] = rng.choice(b"()[];\\:\n ABWZaz\x00\xff" + bytes([rng.randrange(256)]))
    return bytes(out)


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[:rng.randrange(len(data) + 1)]


def delete_slice(rng: random.Random, data: bytes) -> bytes:
    a, b = _pick_span(rng, data)
    return data[:a] + data[b:]


def double_slice(rng: random.Random, data: bytes) -> bytes:
    a, b = _pick_span(rng, data)
    return data[:b] + data[a:b] + data[b:]


def _props(data: bytes) -> list[re.Match]:
    return list(_PROP.finditer(data))


def double_property(rng: random.Random, data: bytes) -> bytes:
    props = _props(data)
    if not props:
        return flip_bytes(rng, data)
    m = rng.choice(props)
    return data[:m.end()] + m.group(0) + data[m.end():]


def remove_property(rng: random.Random, data: bytes) -> bytes:
    props = _props(data)
    if not props:
        return delete_slice(rng, data)
    m = rng.choice(props)
    return data[:m.start()] + data[m.end():]


def bad_point(rng: random.Random, data: bytes) -> bytes:
    """A value of a point property replaced by a bad point, or such a property added."""
    props = [m for m in _props(data) if m.group(1) in _POINT_PROPS]
    bad = rng.choice(BAD_POINTS)
    if not props or rng.random() < 0.3:
        return add_property(rng, data, rng.choice(_POINT_PROPS) + b"[" + bad + b"]")
    m = rng.choice(props)
    values = list(_VALUE.finditer(m.group(0)))
    v = rng.choice(values)
    start = m.start() + v.start(1)
    return data[:start] + bad + data[m.start() + v.end(1):]


def bad_size(rng: random.Random, data: bytes) -> bytes:
    size = rng.choice(BAD_SIZES) if rng.random() < 0.8 else str(rng.randrange(2, 20)).encode()
    new, n = re.subn(rb"SZ\[[^\]]*\]", b"SZ[" + size + b"]", data, count=1)
    return new if n else add_property(rng, data, b"SZ[" + size + b"]", root=True)


def add_property(rng: random.Random, data: bytes, prop: bytes | None = None,
                 root: bool = False) -> bytes:
    """A property put after a ';' (the root's when ``root``)."""
    prop = prop if prop is not None else rng.choice(EXTRA_PROPS)
    semis = [m.end() for m in re.finditer(rb";", data)]
    if not semis:
        return data + b"(;" + prop + b")"
    at = semis[0] if root or rng.random() < 0.5 else rng.choice(semis)
    return data[:at] + prop + data[at:]


def non_utf8(rng: random.Random, data: bytes) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.choice(NON_UTF8) + data[at:]


def variations(rng: random.Random, data: bytes) -> bytes:
    """Odd or deep variations: a node wrapped in many brackets, stray or unbalanced ones."""
    semis = [m.start() for m in re.finditer(rb";", data)] or [0]
    at = rng.choice(semis)
    choice = rng.randrange(5)
    if choice == 0:
        depth = rng.choice([2, 10, 100, 2000])
        return data[:at] + b"(" * depth + b";B[aa]" + b")" * depth + data[at:]
    if choice == 1:
        depth = rng.choice([10, 1000, 5000])
        return data[:at] + b";B[bb];W[cc]" * depth + data[at:]
    if choice == 2:
        return data[:at] + rng.choice([b"(", b")", b"()", b"(;)", b";;", b")(", b"(;(;)(;))"]) \
            + data[at:]
    if choice == 3:
        return data[:at] + b"(;W[ab])(;B[ab]C[correct])" + data[at:]
    return data + data      # the whole collection twice


def swap_colors(rng: random.Random, data: bytes) -> bytes:
    table = bytes.maketrans(b"BW", b"WB")
    a, b = _pick_span(rng, data)
    return data[:a] + data[a:b].translate(table) + data[b:]


def mutate_sgf(rng: random.Random, data: bytes) -> bytes:
    for _ in range(rng.choice((1, 1, 2, 3))):      # one often, so that more stays readable
        data = rng.choice(SGF_MUTATIONS)(rng, data)
    return data


SGF_MUTATIONS = [flip_bytes, truncate, delete_slice, double_slice, double_property,
                 remove_property, bad_point, bad_point, bad_size, add_property, add_property,
                 non_utf8, variations, swap_colors]


def mutate_json(rng: random.Random, data: bytes) -> bytes:
    """A research json with wrong types, missing keys, bad values or a mutated SGF; or the
    text itself damaged."""
    try:
        obj = json.loads(data)
    except ValueError:
        return mutate_sgf(rng, data)
    if rng.random() < 0.05:
        return rng.choice(JSON_TOPS)
    if not isinstance(obj, dict):
        return json.dumps(obj).encode() if rng.random() < 0.5 else rng.choice(JSON_TOPS)
    for _ in range(rng.randrange(1, 4)):
        key = rng.choice(JSON_KEYS + list(obj))
        what = rng.randrange(5)
        if what == 0:
            obj.pop(key, None)
        elif what == 1:
            obj[key] = rng.choice(JSON_ODD_VALUES)
        elif what in (2, 3) and isinstance(obj.get("masked_sgf_str"), str):
            sgf = obj["masked_sgf_str"].encode("utf-8", "surrogatepass")
            obj["masked_sgf_str"] = mutate_sgf(rng, sgf).decode("utf-8", "replace")
        elif isinstance(obj.get(key), str) and obj[key]:
            text = obj[key]
            obj[key] = mutate_sgf(rng, text.encode("utf-8", "surrogatepass")).decode(
                "utf-8", "replace")
        else:
            obj[key] = rng.choice(JSON_ODD_VALUES)
    out = json.dumps(obj, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
    if rng.random() < 0.15:
        out = rng.choice([flip_bytes, truncate, non_utf8, delete_slice])(rng, out)
    return out


# --- checking ----------------------------------------------------------------------------

# bare texts of Python's own exceptions: a user cannot act on them
PYTHON_TEXTS = re.compile(
    r"not enough values to unpack|too many values to unpack|index out of range"
    r"|invalid literal for|object is not (subscriptable|iterable|callable)"
    r"|unsupported operand|has no attribute|unhashable type|NoneType|positional argument"
    r"|codec can't (de|en)code|maximum recursion depth|unknown encoding"
    r"|^\w*(Error|Exception)$|\bTraceback\b|object of type|can't multiply")


MAX_MESSAGE = 400      # a message quotes what is wrong, not the whole file


def unreadable(message: str) -> str:
    """Why an error message is not readable, "" when it is."""
    text = message.strip()
    if not text:
        return "empty message"
    if text.endswith(":"):
        return "nothing after the colon"
    if "\n" in text or "\r" in text:
        return "more than one line"
    if len(text) > MAX_MESSAGE:
        return f"longer than {MAX_MESSAGE} characters"
    if PYTHON_TEXTS.search(text):
        return "a bare Python exception text"
    if not re.search(r"[A-Za-z]{3,}", text):
        return "no words in it"
    return ""


@dataclass
class Crash:
    where: str
    error: str
    why: str
    data: bytes
    suffix: str
    trace: str = ""
    count: int = 1

    def signature(self) -> tuple[str, str, str]:
        # numbers and quoted values vary from case to case; the wording does not
        return self.where, self.why, re.sub(r"'[^']*'|\d+|\[[^\]]*\]", "#", self.error)[:120]


@dataclass
class Report:
    cases: int = 0
    crashes: int = 0
    problems: int = 0
    posed: int = 0          # cases whose problems include an open one, posed and framed
    errors: int = 0
    seconds: float = 0.0
    slowest: tuple[float, bytes] = (0.0, b"")
    found: dict = field(default_factory=dict)
    messages: Counter = field(default_factory=Counter)

    def add(self, crash: Crash) -> None:
        self.crashes += 1
        sig = crash.signature()
        old = self.found.get(sig)
        if old is None:
            self.found[sig] = crash
        else:
            old.count += 1
            if len(crash.data) < len(old.data):
                old.data, old.suffix, old.trace = crash.data, crash.suffix, crash.trace


def _short_trace(e: BaseException) -> str:
    frames = traceback.extract_tb(e.__traceback__)[-3:]
    return " <- ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in reversed(frames))


def check_problem(problem) -> None:
    """The problem check of a problem that was read (any exception here is a crash)."""
    problem.validate()
    problem.to_board()
    describe(problem)
    [again] = read_sgf(write_sgf(problem))
    again.validate()


def check_case(data: bytes, suffix: str, path: Path, rng: random.Random, report: Report) -> None:
    """Feed one input to every entry point; record crashes in ``report``."""
    path.write_bytes(data)
    crashes: list[Crash] = []

    def crash(where: str, e: BaseException, why: str) -> None:
        crashes.append(Crash(where, f"{type(e).__name__}: {e}", why, data, suffix,
                             _short_trace(e)))

    defender = rng.choice([None, None, BLACK, WHITE])
    goal = rng.choice([None, None, None, "survive", "live", "live_any"])
    distance = rng.choice([1, 1, 0, 2, None])
    try:
        found = read_file(path, defender=defender, goal=goal, frame_distance=distance)
    except ProblemFileError as e:
        report.errors += 1
        report.messages[re.sub(r"\d+", "#", e.reason)[:100]] += 1
        slip = e.__cause__
        if not str(e).startswith(f"{path}: "):
            crash("read_file", e, "does not name the file")
        elif slip is not None and not isinstance(slip, ProblemError | OSError):
            crash("read_file", slip, "a reader slip worded by read_file's safety net")
        elif why := unreadable(e.reason):
            crash("read_file", e, why)
    except Exception as e:          # noqa: BLE001 - anything else is what we look for
        crash("read_file", e, "not a ProblemFileError")
    else:
        report.problems += 1
        report.posed += any(sp.assumed for sp in found)
        for sp in found:
            try:
                check_problem(sp.problem)
            except Exception as e:  # noqa: BLE001
                crash("problem check", e, "the check failed on a problem that was read")
    try:                            # the folder holding only this file, as the CLI reads it
        for entry in read_problems(path.parent):
            if isinstance(entry, ProblemFileError) and (why := unreadable(entry.reason)):
                crash("read_problems", entry, why)
    except ProblemFileError as e:
        if why := unreadable(e.reason):
            crash("read_problems", e, why)
    except Exception as e:          # noqa: BLE001
        crash("read_problems", e, "not a ProblemFileError")
    if suffix == ".sgf":
        for name, reader in (("read_sgf", read_sgf), ("read_open_position", read_open_position),
                             ("read_games", read_games)):
            try:
                read = reader(data)
            except ProblemError as e:
                if why := unreadable(str(e)):
                    crash(name, e, why)
            except Exception as e:  # noqa: BLE001
                crash(name, e, "not a ProblemError")
            else:                   # read_games: a bad game is its error, in its place
                for game in read if isinstance(read, list) else ():
                    if isinstance(game, ProblemError) and (why := unreadable(str(game))):
                        crash(name, game, why)
    for c in crashes:
        report.add(c)


def run(cases: int, seed: int, *, shared: bool = True, progress: bool = False) -> Report:
    """Run ``cases`` mutated inputs from ``random.Random(seed)``."""
    rng = random.Random(seed)
    seeds = load_seeds(shared)
    open_seeds = [s for s in seeds if s.open]
    report = Report()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="fuzz-import-") as tmp:
        for i in range(cases):
            # a quarter of the cases start from an open problem, so posing and framing run
            s = rng.choice(open_seeds if rng.random() < 0.25 else seeds)
            data = (mutate_json if s.kind == "json" else mutate_sgf)(rng, s.data)
            # now and then a file's content under the other suffix
            suffix = "." + (s.kind if rng.random() < 0.95 else {"sgf": "json"}.get(s.kind, "sgf"))
            t0 = time.perf_counter()
            check_case(data, suffix, Path(tmp) / f"case{suffix}", rng, report)
            took = time.perf_counter() - t0
            if took > report.slowest[0]:
                report.slowest = (took, data)
            report.cases += 1
            if progress and (i + 1) % 10_000 == 0:
                print(f"... {i + 1} cases, {report.crashes} crashes, "
                      f"{time.perf_counter() - start:.0f} s", flush=True)
    report.seconds = time.perf_counter() - start
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", type=Path, help="write the smallest input of each crash here")
    ap.add_argument("--no-shared", action="store_true", help="do not seed from ../shared")
    ap.add_argument("--messages", action="store_true",
                    help="list the distinct error messages read_file gave, with counts")
    args = ap.parse_args(argv)
    report = run(args.cases, args.seed, shared=not args.no_shared, progress=True)
    for n, crash in enumerate(report.found.values()):
        print(f"crash x{crash.count} in {crash.where} ({crash.why}): {crash.error[:200]}")
        print(f"    at {crash.trace}")
        print(f"    smallest input ({crash.suffix}, {len(crash.data)} bytes): {crash.data[:300]!r}")
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
            (args.save / f"crash-{n}{crash.suffix}").write_bytes(crash.data)
    if args.messages:
        for message, count in report.messages.most_common():
            print(f"{count:7d}  {message}")
    print(f"slowest case: {report.slowest[0] * 1000:.0f} ms ({len(report.slowest[1])} bytes)")
    rate = report.cases / report.seconds if report.seconds else 0.0
    print(f"RESULT cases={report.cases} crashes={report.crashes} signatures={len(report.found)} "
          f"problems={report.problems} posed={report.posed} errors={report.errors} "
          f"cases_per_s={rate:.0f}")
    return 1 if report.crashes else 0


if __name__ == "__main__":
    sys.exit(main())
