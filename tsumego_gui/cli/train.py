"""``tsumego train --config FILE --out DIR``: train the FTL network by self-play.

The config is a JSON or TOML file of ``nn.train.TrainConfig`` settings (a
``selfplay`` table holds the self-play ones); ``--out`` is the run folder,
where checkpoints (``latest.pt``, ``ckpt-*.pt``), the replay buffer and
``train_log.jsonl`` go.  A run resumes from ``DIR/latest.pt`` unless
``--fresh`` is given.  ``--export FILE`` copies the latest weights (without
the optimiser state) to FILE and exits, e.g. to ship them as
``resources/models/ftl-7x7.pt``.

Torch is imported only when the command runs.  Bad input raises ValueError
with a one-line message (the ``tsumego`` front end prints it).
"""

from __future__ import annotations

import argparse
import sys


def add_train_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``train`` subcommand to an argparse subparsers object."""
    p = subparsers.add_parser("train", help="train the Faster-to-Life network by self-play")
    p.add_argument("--config", metavar="FILE",
                   help="training settings (.json or .toml); needed to train, not to export")
    p.add_argument("--out", required=True, metavar="DIR",
                   help="run folder for checkpoints and logs (resumed when it has latest.pt)")
    p.add_argument("--fresh", action="store_true",
                   help="start from a new network even if DIR has a checkpoint")
    p.add_argument("--export", metavar="FILE",
                   help="write DIR's latest weights to FILE (no training) and exit")
    return p


def run_train(args: argparse.Namespace) -> int:
    """Run (or export) as asked; returns the exit status."""
    from pathlib import Path

    from tsumego_gui.cli.output import check_writable
    from tsumego_gui.nn import checkpoint
    from tsumego_gui.nn.train import Trainer, load_config

    try:
        if args.export:
            # checked first, as solve's --proof-out is (QA s45: a file for a folder ended
            # in torch's traceback)
            check_writable(args.export)
            src = Path(args.out) / "latest.pt"
            meta = checkpoint.export(src, args.export)
            print(f"wrote {args.export}: preset {meta['preset']}, {meta['games']} games, "
                  f"{meta['steps']} steps")
            return 0
        if args.config is None:
            raise ValueError("--config FILE is needed to train (only --export goes without)")
        config = load_config(args.config)
        trainer = Trainer(config, args.out, resume=not args.fresh,
                          log=lambda line: print(line, flush=True))
        trainer.run()
    except OSError as err:
        # The front end's OSError message names an input file; here it is the run folder.
        raise ValueError(f"cannot write {err.filename or args.out}: {err.strerror or err}"
                         ) from None
    return 0


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry point (``python -m tsumego_gui.cli.train``)."""
    parser = argparse.ArgumentParser(prog="tsumego")
    add_train_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["train", *(sys.argv[1:] if argv is None else argv)])
    try:
        return run_train(args)
    except ValueError as err:
        print(f"tsumego: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("tsumego: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
