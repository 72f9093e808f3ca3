"""``tsumego frame FILE --out framed.sgf``: pose and frame open problems, write them as SGF.

An open problem (a book position that names no crucial stones, target or
defender) is posed and closed in by a frame (``core.open_problem``); what was
assumed is said on standard error.  The written file is an ordinary problem
file: the frame's stones, ``TR`` on the target stones, ``SQ`` on the region,
``TD``/``TG``, and the book's answers as variations (the first moves of its
lines, those labelled failures left out; not the moves that follow them);
``tsumego solve`` and the app read it as it is.  Problems that are already
marked are written unchanged.
"""

from __future__ import annotations

import sys

from tsumego_gui.cli.loading import load_from_args
from tsumego_gui.cli.output import check_writable, write_output
from tsumego_gui.core.sgf_io import write_sgf
from tsumego_gui.core.wording import counted


def run_frame(args) -> int:
    out = check_writable(args.out)
    loaded = load_from_args(args)
    chosen = [sp for _, sp in loaded.problems]
    write_output(out, b"".join(write_sgf(sp.problem) for sp in chosen))
    framed = sum(1 for sp in chosen if sp.assumed)
    what = [f"{framed} posed and framed" if framed else
            "already marked (target, crucial stones or defender): written as read"]
    if loaded.skipped:
        what.append(f"{loaded.skipped} skipped")
    print(f"wrote {counted(len(chosen), 'problem')} to {out} ({', '.join(what)})",
          file=sys.stderr)
    return loaded.status
