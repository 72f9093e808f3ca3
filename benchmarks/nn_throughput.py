"""Positions per second of a network evaluator at batch sizes 1, 16, 64 and 256.

    python benchmarks/nn_throughput.py [--weights FILE | --preset NAME] [--device D]
                                       [--threads N] [--size 7] [--min-seconds S]
    python benchmarks/nn_throughput.py --network KATAGO_MODEL [--device D] [--threads N]
                                       [--sizes 19,13,9] [--batches 1,16,64]

With ``--network`` it measures a KataGo model through ``KataGoEvaluator`` on
each of ``--sizes`` (whole boards, no window, no cache), and ends with one
``RESULT katago_<size>_b<batch>=<positions/s>`` line per pair; without it,
the FTL network as below.

(from the repository root, with the package importable: ``pip install -e .``
or ``PYTHONPATH=.``).

The network is the shipped ``resources/models/ftl-7x7.pt`` when it exists
(else a randomly initialised ``--preset``, default ``small``; the speed does
not depend on the weights).  Positions are 7x7 kill-all positions reached by
random legal moves from the empty board (fixed seed), so the benchmark needs
no external data.  Two figures per batch size, each the best of three timed
runs of at least ``--min-seconds``:

* ``net``: ``NetRunner.run`` on ready-made planes (the network alone);
* ``evaluator``: ``FtlEvaluator.evaluate`` on ``Query`` objects (feature
  encoding, the network, priors mapped to the legal moves) -- what a search
  sees.

Ends with ``RESULT positions_per_s_b64=<evaluator positions/s at batch 64>``.
The machine may be shared: figures vary with its load.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import torch

from engine_cy.board import BLACK, PASS, WHITE, Board
from tsumego_gui.core import coords
from tsumego_gui.core.problem import Problem
from tsumego_gui.nn import checkpoint
from tsumego_gui.nn.choice import DEFAULT_WEIGHTS
from tsumego_gui.nn.evaluator import FtlEvaluator, NetRunner
from tsumego_gui.nn.features import NUM_PLANES, encode_problem_position
from tsumego_gui.nn.model import FtlNet, count_parameters, preset
from tsumego_gui.search.evaluators import Query

BATCHES = (1, 16, 64, 256)


def positions(size: int, count: int, seed: int) -> list[Query]:
    """``count`` queries from random games (White defends, goal live_any)."""
    rng = np.random.default_rng(seed)
    out: list[Query] = []
    while len(out) < count:
        board = Board(size, BLACK)
        for _ in range(int(rng.integers(4, 2 * size * size // 3))):
            moves = board.legal_moves()
            if not moves:
                break
            board.play(int(rng.choice(moves)))
        black = [loc for loc in coords.all_locs(size) if board.color_at(loc) == BLACK]
        white = [loc for loc in coords.all_locs(size) if board.color_at(loc) == WHITE]
        if not white:
            continue
        problem = Problem.create(size, black, white, to_play=board.to_play, defender=WHITE,
                                 goal="live_any")
        b = problem.to_board()
        out.append(Query(b, problem, tuple(b.legal_moves()) + (PASS,), 20))
    return out


def best_rate(fn, batch: int, min_seconds: float) -> float:
    """Best positions/s over three runs of at least ``min_seconds`` each."""
    fn()  # warm-up
    rates = []
    for _ in range(3):
        n, start = 0, time.perf_counter()
        while True:
            fn()
            n += 1
            elapsed = time.perf_counter() - start
            if elapsed >= min_seconds:
                break
        rates.append(n * batch / elapsed)
    return max(rates)


def katago_main(args) -> int:
    from tsumego_gui.nn.katago_evaluator import KataGoSettings, load_katago_evaluator
    settings = KataGoSettings(crop=False, cache_positions=0,
                              max_batch=max(int(b) for b in args.batches.split(",")))
    try:
        evaluator = load_katago_evaluator(args.network, args.device, settings=settings)
    except ValueError as err:
        print(f"nn_throughput: {err}", file=sys.stderr)
        return 2
    net = evaluator.net
    print(f"network: {args.network}: {net.name}, version {net.version}, "
          f"{net.num_parameters()} parameters; {evaluator.describe()}, "
          f"torch threads {torch.get_num_threads()}")
    batches = [int(b) for b in args.batches.split(",")]
    results = []
    print(f"{'size':>5} {'batch':>6} {'net pos/s':>12} {'evaluator pos/s':>16}")
    for size in (int(n) for n in args.sizes.split(",")):
        queries = positions(size, max(batches), seed=5)
        for b in batches:
            chunk = queries[:b]
            inputs = evaluator.encode(chunk)     # the network alone: inputs encoded once
            rate_net = best_rate(lambda inputs=inputs: evaluator.forward(*inputs), b,
                                 args.min_seconds)
            rate = best_rate(lambda chunk=chunk: evaluator.evaluate(chunk), b,
                             args.min_seconds)
            print(f"{size:>5} {b:>6} {rate_net:>12.1f} {rate:>16.1f}", flush=True)
            results.append(f"katago_{size}_b{b}={rate:.1f}")
    print("RESULT " + " ".join(results))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--network", default=None, help="a KataGo model file (see above)")
    ap.add_argument("--sizes", default="19,13,9", help="board sizes for --network")
    ap.add_argument("--batches", default="1,16,64", help="batch sizes for --network")
    ap.add_argument("--weights", type=Path, default=None)
    ap.add_argument("--preset", default="small")
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--threads", type=int, default=1,
                    help="torch CPU threads (default 1: the machine is shared; 0 = torch's "
                         "own choice)")
    ap.add_argument("--size", type=int, default=7)
    ap.add_argument("--min-seconds", type=float, default=1.0)
    args = ap.parse_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)
    if args.network:
        return katago_main(args)
    weights = args.weights or (DEFAULT_WEIGHTS if DEFAULT_WEIGHTS.exists() else None)
    try:
        if weights is not None:
            net, data = checkpoint.load_net(weights)
            label = f"{weights} (preset {data['metadata']['preset']})"
        else:
            net = FtlNet(preset(args.preset)).eval()
            label = f"random {args.preset} network"
        runner = NetRunner(net, args.device)
    except ValueError as err:
        print(f"nn_throughput: {err}", file=sys.stderr)
        return 2
    cfg = net.config
    print(f"network: {label}: {cfg.blocks} blocks x {cfg.filters} filters, "
          f"{count_parameters(net)} parameters; device {runner.device}, "
          f"half={runner.half}, torch threads {torch.get_num_threads()}")
    evaluator = FtlEvaluator(runner)
    queries = positions(args.size, max(BATCHES), seed=5)
    planes = np.zeros((len(queries), NUM_PLANES, args.size, args.size), np.float32)
    for i, q in enumerate(queries):
        encode_problem_position(q.board, q.problem, planes[i])
    print(f"{'batch':>6} {'net pos/s':>12} {'evaluator pos/s':>16}")
    result = 0.0
    for b in BATCHES:
        net_rate = best_rate(lambda b=b: runner.run(planes[:b]), b, args.min_seconds)
        ev_rate = best_rate(lambda b=b: evaluator.evaluate(queries[:b]), b, args.min_seconds)
        print(f"{b:>6} {net_rate:>12.0f} {ev_rate:>16.0f}")
        if b == 64:
            result = ev_rate
    print(f"RESULT positions_per_s_b64={result:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
