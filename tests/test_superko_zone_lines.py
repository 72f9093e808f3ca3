"""A loss proven on one line is not reused as a null move on a line where superko forbids a
point of its zone (df-pn's proof extraction; the verifier's rule for line-bound results).

Found on book problem 81.json of ``../shared/problems/rzone-19x19-dev`` framed around the
defender at distance 1, with the target stones' points left out of the region (the frame's
rule then): a captured target's point was a point no one could fill, and superko forbade
it after a recapture on one line only.  df-pn reused a loss proven on another line as the
cover of a cut move there, and the verifier rejected the proof.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tsumego_gui.core.open_problem import pose_and_frame, read_open_position
from tsumego_gui.search.choice import VERIFIED, solve_and_verify

BOOK = Path(__file__).resolve().parents[2] / "shared/problems/rzone-19x19-dev/json/81.json"


@pytest.mark.slow
@pytest.mark.skipif(not BOOK.is_file(), reason="../shared/problems is absent")
def test_a_loss_whose_zone_superko_changes_on_this_line_covers_no_move_there():
    data = json.loads(BOOK.read_text(encoding="utf-8"))
    position = read_open_position(data["rawsgf"].encode("utf-8"), BOOK.name)
    posing, framed = pose_and_frame(position, distance=1, around="defender")
    problem = framed.problem.with_region(framed.area - posing.targets)
    outcome = solve_and_verify(problem, "dfs", max_nodes=0, max_seconds=0,
                               to_play=posing.to_play)
    assert outcome.result.verdict == "dies"        # the wall is too tight for White here
    assert outcome.verification == VERIFIED, outcome.verifier_errors[:2]
