"""The ``tsumego`` command's subcommands: argparse over the library.

Each subcommand turns a user's input into library calls and prints the result;
bad input ends with a one-line message on stderr and exit status 2, never a
traceback; so does a file that cannot be written (``OutputError``).  A closed
output pipe (``| head``) ends a command quietly.  Ctrl-C while a command's
modules load ends the process at once (``cli.ctrl_c``); later it raises
KeyboardInterrupt, which ``cli.main``, the entry point, turns into "interrupted"
and exit status 130.
"""

from __future__ import annotations

import argparse
import math
import os
import sys

from tsumego_gui.cli.ctrl_c import quits_at_once
from tsumego_gui.cli.exit_status import BAD_INPUT, DONE
from tsumego_gui.cli.exit_status import HELP as EXIT_HELP
from tsumego_gui.cli.loading import KO_RULES, ko_sides
from tsumego_gui.cli.output import OutputError
from tsumego_gui.core.frame import DISTANCE
from tsumego_gui.core.problem import GOALS, ProblemError
from tsumego_gui.nn.choice import DEFAULT_EVALUATOR
from tsumego_gui.nn.choice import NAMES as EVALUATOR_NAMES

MAX_NODES = 10**15      # far past any search this program can run, well inside a C long


def seconds(text: str) -> float:
    """A time budget: a finite number of seconds, 0 for no limit."""
    value = float(text)
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds >= 0")
    return value


def count(least: int, most: int | None = None):
    """An argparse type: a whole number >= ``least`` (and <= ``most``)."""
    def parse(text: str) -> int:
        value = int(text)
        if value < least:
            raise argparse.ArgumentTypeError(f"{text!r} is less than {least}")
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(f"{text!r} is more than {most}")
        return value
    parse.__name__ = f"whole number >= {least}" if most is None else \
        f"whole number {least}..{most}"
    return parse


def named_path(text: str) -> str:
    """A file or folder argument: not empty (QA s46: an unset ``$FILE`` read the current
    folder and everything below it)."""
    if not text:
        raise argparse.ArgumentTypeError("an empty name: give a file or a folder")
    return text


def add_problem_arguments(command: argparse.ArgumentParser) -> None:
    """The file and what it may leave open (a kill-all record has no crucial stones)."""
    command.add_argument("file", type=named_path,
                         help="SGF file, research json, or a folder of them "
                              "(every problem file in it, sorted)")
    command.add_argument("--index", type=int, default=None,
                         help="which problem, counted from 1 over the games of a multi-game "
                              "SGF or a folder's files (default: all)")
    command.add_argument("--defender", choices=["B", "W", "b", "w"], default=None,
                         help="the side that must live (default: the colour of the crucial "
                              "stones, or the file's TD; an open book problem is posed and "
                              "framed with it)")
    command.add_argument("--goal", choices=list(GOALS), default=None,
                         help="survive: a crucial stone is on the board when the game ends "
                              "(seki counts as life, as in Go books); live: a crucial stone "
                              "becomes unconditionally alive; live_any: any defender stone does "
                              "(default: the file's TG, else survive with crucial stones, "
                              "else live_any)")
    command.add_argument("--ko", type=ko_sides, choices=list(KO_RULES), default=None,
                         help="the sides that may capture a ko, as a file's TK says it: B, "
                              "W, BW or - for none (default: the file's TK, else the "
                              "attacker only, the research rule)")
    command.add_argument("--frame-distance", type=count(0), default=DISTANCE, metavar="N",
                         help="an open problem (no crucial stones, target or defender: a book "
                              "problem) is posed and closed in by a frame N empty lines beyond "
                              f"its stones (default {DISTANCE})")
    command.add_argument("--no-frame", action="store_true",
                         help="do not pose open problems: they are an error, as before")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tsumego", description="Prove Go life-and-death problems.", epilog=EXIT_HELP)
    sub = parser.add_subparsers(dest="command", required=True)

    info = sub.add_parser("info", help="show a problem and its unconditionally alive chains",
                          epilog=EXIT_HELP)
    add_problem_arguments(info)

    solve = sub.add_parser("solve", help="prove whether the defender lives, with a proof tree",
                           epilog=EXIT_HELP)
    add_problem_arguments(solve)
    solve.add_argument("--to-play", choices=["B", "W", "b", "w"], default=None,
                       help="side to move (default: the file's; both sides when it says none)")
    solve.add_argument("--solver", choices=["auto", "dfs", "mcts"], default="auto",
                       help="depth-first df-pn, best-first MCTS, or auto (by problem shape)")
    solve.add_argument("--evaluator", choices=list(EVALUATOR_NAMES), default=None,
                       help=f"leaf evaluator of the MCTS solver (default: {DEFAULT_EVALUATOR}, "
                            "or the network --network names); katago: a KataGo network, from "
                            "--network or where KaTrain keeps one, which also focuses df-pn")
    solve.add_argument("--network", metavar="FILE", default=None,
                       help="the evaluator's network file (a KataGo .bin.gz model: katago; a "
                            ".pt file: ftl); it names the evaluator when --evaluator does not")
    solve.add_argument("--device", default=None,
                       help="where the network runs: auto (CUDA, then MPS, then CPU), cpu, "
                            "cuda or mps (default auto)")
    solve.add_argument("--seed", type=count(0, 2**64 - 1), default=0,
                       help="MCTS seed (default 0)")
    # checked whatever solver runs (QA s45: 0 passed where df-pn solved)
    solve.add_argument("--batch-size", type=count(1, 4096), default=None,
                       help="MCTS leaves per evaluator call (default 8)")
    # the search counts nodes in a C long, and a classification shares the budget out
    # through floats (QA s46, review s46: 2**63 and 2**63 - 1 ended in tracebacks)
    solve.add_argument("--max-nodes", type=count(0, MAX_NODES), default=None,
                       help="node budget per solve, 0 for no limit (default: dfs none, the "
                            "time decides and df-pn's table bounds the memory; mcts 500,000)")
    solve.add_argument("--time", type=seconds, default=30.0,
                       help="seconds per solve, 0 for no limit (default 30): the searches "
                            "of a side (the ko or seki reading after a proof takes what is "
                            "left); checking a proof with the verifier comes after, so a "
                            "large proof adds its check's time; loading a network "
                            "(--evaluator katago or ftl) comes before, and the run says how "
                            "long it took")
    solve.add_argument("--all", action="store_true",
                       help="classify every first move (lives / seki / ko / dies, each with "
                            "verified proofs) and print them as a table; the budgets cover "
                            "each side's whole classification")
    solve.add_argument("--verify-positions", type=count(1), default=None, metavar="N",
                       help="position budget of the proof verifier (default: its own); a "
                            "walk it cuts short is reported as 'verified: partly'")
    solve.add_argument("--no-closer", action="store_true",
                       help="solve a posed open problem in its own frame only (by default a "
                            "life proven in a closer frame around the defender is the answer)")
    solve.add_argument("--decompose", action="store_true",
                       help="where the crucial chain and safe attacker stones cut the "
                            "region into areas, prove a kill (goal 'live') or a life area by "
                            "area (df-pn); each area's proof is checked")
    solve.add_argument("--diagram", action="store_true",
                       help="print the proof's main line (with --all: the best first "
                            "move's) as Sensei's Library diagram text, to paste in a forum "
                            "post; with --json it is the row's 'diagram'")
    solve.add_argument("--json", action="store_true", help="print the results as JSON")
    solve.add_argument("--proof-out", metavar="FILE",
                       help="save the (first) proof, or with --all the (first) "
                            "classification with every first move's proofs, or with "
                            "--decompose a proof split into areas, as .sgf or .json")

    frame = sub.add_parser("frame", help="pose an open (book) problem, close it in with a "
                                         "frame, and write it as a problem SGF",
                           epilog=EXIT_HELP)
    add_problem_arguments(frame)
    frame.add_argument("--out", required=True, metavar="FILE", help="the SGF file to write")

    check = sub.add_parser("verify", help="check a proof or classification file saved with "
                                          "--proof-out (.json) with the independent verifier",
                           epilog=EXIT_HELP)
    check.add_argument("file", type=named_path, metavar="FILE",
                       help="a .json proof or classification file this program wrote")
    check.add_argument("--verify-positions", type=count(1), default=None, metavar="N",
                       help="position budget of the verifier (default: its own); a walk it "
                            "cuts short is reported as 'verified partly'")

    from tsumego_gui.cli.train import add_train_parser
    add_train_parser(sub)
    return parser


def command_function(name: str):
    """The function that runs the command ``name`` (its modules imported)."""
    if name == "info":
        from tsumego_gui.cli.info import run_info
        return run_info
    if name == "solve":
        from tsumego_gui.cli.solve import run_solve
        return run_solve
    if name == "frame":
        from tsumego_gui.cli.frame import run_frame
        return run_frame
    if name == "verify":
        from tsumego_gui.cli.verify_file import run_verify
        return run_verify
    from tsumego_gui.cli.train import run_train
    return run_train


def run(argv: list[str] | None = None) -> int:
    """Run the command line ``argv`` (default: the process's); its exit status."""
    args = build_parser().parse_args(argv)
    if sys.stdout is None:
        # started with stdout closed (``>&-``): the files it writes still are (QA s46: the
        # JSON output ended in a traceback and the proof was not saved)
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - for the process's life
    with quits_at_once():       # the command's modules load (cli.ctrl_c)
        command = command_function(args.command)
    try:
        return command(args)
    except ProblemError as err:
        print(f"tsumego: {err}", file=sys.stderr)
        return BAD_INPUT
    except ValueError as err:
        print(f"tsumego: {err}", file=sys.stderr)
        return BAD_INPUT
    except BrokenPipeError:
        # the reader went away (``| head``): nothing more to say, and nothing to flush
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return DONE
    except OutputError as err:
        print(f"tsumego: cannot write {err.filename}: {err.strerror}", file=sys.stderr)
        return BAD_INPUT
    except OSError as err:
        if err.filename is None:
            # no file named: the output itself (a full disk under ``> log``; QA s46: it was
            # said as the problem file that could not be read)
            print(f"tsumego: cannot go on: {err.strerror or err}", file=sys.stderr)
        else:
            print(f"tsumego: cannot read {err.filename}: {err.strerror}", file=sys.stderr)
        return BAD_INPUT
