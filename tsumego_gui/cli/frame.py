"""``tsumego frame FILE --out framed.sgf``: pose and frame open problems, write them as SGF.

An open problem (a book position that names no crucial stones, target or
defender) is posed and closed in by a frame (``core.open_problem``); what was
assumed is said on standard error.  The written file is an ordinary problem
file: the frame's stones, ``TR`` on the target stones, ``SQ`` on the region,
``TD``/``TG``, and the book's lines of an SGF source as they are, with the
moves that follow their first moves and their comments (a line the frame's
stones cut ends there, said in a comment); ``tsumego solve`` and the app read
it as it is, the lines labelled failures or reference diagrams not as answers.
Problems that are already marked are written unchanged.
"""

from __future__ import annotations

import sys

from tsumego_gui.cli.loading import load_from_args
from tsumego_gui.cli.output import check_writable, write_output
from tsumego_gui.core.problem_files import SourcedProblem
from tsumego_gui.core.sgf_io import game_of, parse_games, write_sgf
from tsumego_gui.core.wording import counted


def run_frame(args) -> int:
    out = check_writable(args.out)
    loaded = load_from_args(args)
    chosen = [sp for _, sp in loaded.problems]
    write_output(out, b"".join(write_sgf(sp.problem, lines=source_root(sp)) for sp in chosen))
    framed = sum(1 for sp in chosen if sp.assumed)
    what = [f"{framed} posed and framed" if framed else
            "already marked (target, crucial stones or defender): written as read"]
    if loaded.skipped:
        what.append(f"{loaded.skipped} skipped")
    print(f"wrote {counted(len(chosen), 'problem')} to {out} ({', '.join(what)})",
          file=sys.stderr)
    return loaded.status


def source_root(sourced: SourcedProblem):
    """The root of the SGF game a problem was read from (its lines below it), or None for
    another kind of file (a research json's position has no lines of its own)."""
    if sourced.path.suffix.lower() != ".sgf":
        return None
    tree = parse_games(sourced.path.read_bytes())[sourced.index]
    return game_of(tree).get_root()
