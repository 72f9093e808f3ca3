"""``python -m tsumego_gui``: the command-line interface (the app arrives with its own issue)."""

from tsumego_gui.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
