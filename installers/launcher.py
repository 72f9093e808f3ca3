"""Entry point of the frozen app.

Started as ``tsumego`` it runs the command line (``tsumego solve FILE`` ...),
under any other name the desktop app (which also answers ``tsumego-gui solve
...`` like ``python -m tsumego_gui``).  The name it was started as picks: on
Windows ``tsumego.exe`` is a second executable, elsewhere a symbolic link to
``tsumego-gui``.
"""

import multiprocessing
import os
import sys


def main() -> int:
    multiprocessing.freeze_support()
    names = {os.path.splitext(os.path.basename(p))[0].lower()
             for p in (sys.argv[0], sys.executable) if p}
    if "tsumego" in names:
        from tsumego_gui.cli.main import main as cli_main
        return cli_main(sys.argv[1:])
    from tsumego_gui.__main__ import main as app_main
    return app_main(sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
