"""``tsumego frame FILE --out framed.sgf``: pose and frame open problems, write them as SGF.

An open problem (a book position that names no crucial stones, target or
defender) is posed and closed in by a frame (``core.open_problem``); what was
assumed is said on standard error.  The written file is an ordinary problem
file: the frame's stones, ``TR`` on the target stones, ``SQ`` on the region,
``TD``/``TG``, and the book's first moves as variations; ``tsumego solve`` and
the app read it as it is.  Problems that are already marked are written
unchanged.
"""

from __future__ import annotations

import sys

from tsumego_gui.cli.loading import load_sourced
from tsumego_gui.cli.output import check_writable, write_output
from tsumego_gui.core.sgf_io import write_sgf


def run_frame(args) -> int:
    out = check_writable(args.out)
    chosen = load_sourced(args)
    write_output(out, b"".join(write_sgf(sp.problem) for _, sp in chosen))
    framed = sum(1 for _, sp in chosen if sp.assumed)
    print(f"wrote {len(chosen)} problem{'s' if len(chosen) != 1 else ''} to {out} "
          f"({framed} posed and framed)", file=sys.stderr)
    return 0
