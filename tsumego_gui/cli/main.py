"""The ``tsumego`` command's entry point (the console script, ``python -m tsumego_gui
info|solve ...``, the frozen launcher): runs ``cli.commands`` and ends a Ctrl-C, whenever
it comes, with "interrupted" on stderr and exit status 130 (``cli.exit_status``).

It imports next to nothing itself, so that the handling is in place before numpy, the
Cython engine, the search and torch load (up to a few seconds): while they do, Ctrl-C ends
the process at once (``cli.ctrl_c``); afterwards it raises KeyboardInterrupt, caught here
(a search stops through ``cli.solve``'s own handler).  Python's own start-up, before this
module runs, is out of its reach.  Knows nothing of the commands.
"""

from __future__ import annotations

import sys

from tsumego_gui.cli.exit_status import INTERRUPTED


def main(argv: list[str] | None = None) -> int:
    try:
        from tsumego_gui.cli.ctrl_c import quits_at_once
        with quits_at_once():
            # imported here, inside the handling: the import is most of a short run's time
            from tsumego_gui.cli.commands import run
        return run(argv)
    except KeyboardInterrupt:
        print("tsumego: interrupted", file=sys.stderr)
        return INTERRUPTED


if __name__ == "__main__":
    raise SystemExit(main())
