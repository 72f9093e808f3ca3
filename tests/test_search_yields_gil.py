"""A long search leaves the GIL to other threads: the GUI thread stays responsive.

Regression: the searches released the GIL on every batch, so often that
CPython's waiting thread never timed out and asked for it; the GUI thread then
waited up to seconds at a time.  Here the main thread ticks every 10 ms while a
search runs in a worker thread; before the fix it managed about 6 ticks a second.
"""

import threading
import time

import pytest

from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search import choice

# Our own: a nearly empty 6x6 board, White to live anywhere: no proof within seconds.
OPEN_6X6 = b"(;GM[1]SZ[6]PL[W]AB[cc]AW[dd]TG[live_any]TD[W])"
SECONDS = 2.0


@pytest.mark.parametrize("solver", ["dfs", "mcts"])
def test_main_thread_runs_while_a_search_does(solver):
    problem = read_sgf(OPEN_6X6)[0]
    done = threading.Event()
    results = []

    def search():
        results.append(choice.solve(problem, solver, max_nodes=0, max_seconds=SECONDS)[0])
        done.set()

    worker = threading.Thread(target=search)
    worker.start()
    ticks, longest, last = 0, 0.0, time.monotonic()
    while not done.is_set():
        time.sleep(0.01)
        now = time.monotonic()
        ticks, longest, last = ticks + 1, max(longest, now - last), now
    worker.join()
    assert results[0].stop_reason == "time budget"
    # 10 ms sleeps: up to ~200 ticks in 2 s; starved, the main thread got about 12
    assert ticks >= 60, f"{ticks} ticks, longest wait {longest:.2f} s"
