"""A proof dropped by its last owner is freed by reference counting, not by the cycle collector.

Regression: ``to_proof_tree``'s two nested functions referred to each other,
so the memo of every converted node stayed in a reference cycle: each proof
(hundreds of thousands of objects for a large one) lived on as garbage until
a full collection, and those collections -- walking every object with the GIL
held -- stalled the GUI thread for hundreds of milliseconds during solves.
"""

import gc
import weakref
from pathlib import Path

import pytest

from tsumego_gui.core.sgf_io import read_sgf
from tsumego_gui.search import choice

STRAIGHT_THREE = (Path(__file__).resolve().parents[1] / "tsumego_gui" / "resources"
                  / "problems" / "straight-three.sgf")


@pytest.mark.parametrize("solver", ["dfs", "mcts"])
def test_a_dropped_proof_is_freed_without_a_collection(solver):
    problem = read_sgf(STRAIGHT_THREE.read_bytes())[0]
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()            # only reference counting frees anything from here on
    try:
        result = choice.solve(problem, solver)[0]
        assert result.proof is not None
        root = weakref.ref(result.proof.root)
        leaf = weakref.ref(next(n for n in result.proof.root.iter_unique()
                                if not n.children))
        del result
        assert root() is None and leaf() is None
    finally:
        if enabled:
            gc.enable()
