"""A classification whose df-pn cores share results, against one whose cores do not, in
one run: the rule sets' cores taking each other's results (``--setting
share_rule_results``, the default), or the first-move pass searched in the position's
cores as the other first moves are (``--setting pass_in_position_cores``).

    python benchmarks/rule_results.py FILE_OR_FOLDER... [--sides B,W] [--time 30]
                                      [--only NAME:SIDE ...] [--setting NAME]

(from the repository root, with the package importable).  Each problem-side (chosen as
``benchmarks/classify_phases.py`` chooses them) is classified twice, as
``benchmarks/suite.py`` classifies it (``classify(problem, SearchParams(max_nodes=0,
max_seconds=--time), to_play=side, ko_figures=False)``), first with the setting False
(``alone``), then with the default, True (``shared``; for ``share_rule_results``: a win of
the defender under ``live`` is one under ``survive``, a loss under the ko rule one under
``survive``, and so on, ``engine_cy.dfpn``'s ``take_results_of``), each in its own
``gc_pacing.paced()`` block with the heap cleaned after it.  Prints per side the seconds
and df-pn nodes of both, whether every first move got the same class, the proofs
searched again on a core of their own (``own``: a proof from the shared table failed)
and the classes whose proofs the verifier did not pass, then

    RESULT sides=<n> same_classes=<n> unverified=<n> own=<n>
           node_ratio_median=<x> time_ratio_median=<x> seconds_alone=<s> seconds_shared=<s>

over the sides both classified in full (every first move decided); the ratios are
shared / alone per side.  Timing is one run each, on a machine whose speed varies by
10-25% from run to run: the node counts are deterministic, the seconds are not.
"""

from __future__ import annotations

import statistics
import time

from classify_phases import parsed_sides  # benchmarks/ is on sys.path as a script

from tsumego_gui.search import gc_pacing
from tsumego_gui.search.classify import OPEN, Classification, classify
from tsumego_gui.search.params import SearchParams
from tsumego_gui.search.results import forget_zones

SETTINGS = ("share_rule_results", "pass_in_position_cores")


def classified(problem, side: int, seconds: float, setting: str,
               share: bool) -> tuple[float, Classification]:
    params = SearchParams(max_nodes=0, max_seconds=seconds, **{setting: share})
    try:
        with gc_pacing.paced():
            start = time.monotonic()
            c = classify(problem, params, to_play=side, ko_figures=False)
            return time.monotonic() - start, c
    finally:
        forget_zones()
        gc_pacing.clean_slate()


def finished(c: Classification) -> bool:
    return c.status != OPEN and all(m.cls != OPEN for m in c.moves)


def unverified(c: Classification) -> int:
    return sum(m.cls != OPEN and m.verification != "verified" for m in c.moves)


def main() -> None:
    args, problem_sides = parsed_sides(
        __doc__, "seconds for each classification",
        lambda parser: parser.add_argument("--setting", choices=SETTINGS, default=SETTINGS[0],
                                           help="the SearchParams switch compared"))
    rows = []
    for name, problem, side in problem_sides:
        t_alone, alone = classified(problem, side, args.time, args.setting, share=False)
        t_shared, shared = classified(problem, side, args.time, args.setting, share=True)
        same = [(m.move, m.cls) for m in alone.moves] == [(m.move, m.cls) for m in shared.moves]
        own = sum(p.stats.get("table") == "own" for m in shared.moves for p in m.proofs)
        bad = unverified(alone) + unverified(shared)
        both = finished(alone) and finished(shared)
        print(f"{name:<24}{'BW'[side - 1]:>2}  alone {t_alone:7.2f} s {alone.nodes:>10}  "
              f"shared {t_shared:7.2f} s {shared.nodes:>10}  "
              f"{'same' if same else 'DIFFERENT'} own={own} unverified={bad}"
              f"{'' if both else '  (not classified in full)'}", flush=True)
        if both:
            rows.append((t_alone, t_shared, alone.nodes, shared.nodes, same, own, bad))
    if not rows:
        print("RESULT sides=0")
        return
    node_ratio = statistics.median(r[3] / max(r[2], 1) for r in rows)
    time_ratio = statistics.median(r[1] / max(r[0], 1e-6) for r in rows)
    print(f"RESULT sides={len(rows)} same_classes={sum(r[4] for r in rows)} "
          f"unverified={sum(r[6] for r in rows)} own={sum(r[5] for r in rows)} "
          f"node_ratio_median={node_ratio:.3f} time_ratio_median={time_ratio:.3f} "
          f"seconds_alone={sum(r[0] for r in rows):.1f} "
          f"seconds_shared={sum(r[1] for r in rows):.1f}")


if __name__ == "__main__":
    main()
