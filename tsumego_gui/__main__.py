"""``python -m tsumego_gui``: the desktop app; ``python -m tsumego_gui info|solve ...``: the CLI."""

import sys

CLI_COMMANDS = ("info", "solve")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in CLI_COMMANDS:
        from tsumego_gui.cli.main import main as cli_main
        return cli_main(argv)
    from tsumego_gui.qt.app import main as app_main
    return app_main(argv)


if __name__ == "__main__":
    raise SystemExit(main())
