"""Golden guards: each deterministic search gives exactly the figures and proofs stored.

The cases, how they run and the proof dump live in ``tests/golden.py``; the
stored outcomes in ``data/golden_searches.json`` and ``data/golden/*.txt``.
Any difference fails, whatever its size: a change to the search cores must
keep them, or regenerate them (``python tests/golden.py --write``) in a commit
that explains each change.  The budgets are in nodes, so the machine and its
load cannot change an outcome.  Cases on ``../shared/problems`` are skipped
when that folder is absent.  This module knows nothing about why a search
takes the figures it takes.
"""

from __future__ import annotations

import difflib

import pytest

from tests.golden import (
    DUMPS,
    GOLDEN,
    RECORDS,
    SHARED,
    all_cases,
    dump_case,
    load_records,
    run_case,
)

CASES = all_cases()
STORED = load_records()
NO_SHARED = pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/problems is absent")
REGENERATE = ("if the change is intended, explain it in the commit and rewrite the data with "
              "`python tests/golden.py --write`")


def test_the_data_file_holds_exactly_the_cases():
    assert list(STORED) == [case.id for case in CASES], REGENERATE
    assert len(STORED) >= 25


@pytest.mark.parametrize("case", [
    pytest.param(case, id=case.id, marks=[NO_SHARED] if case.source == "shared" else [])
    for case in CASES])
def test_search_gives_its_golden_figures(case):
    stored = STORED.get(case.id)
    if stored is None:
        pytest.fail(f"{case.id} has no record in {RECORDS.name}; {REGENERATE}", pytrace=False)
    assert stored["settings"] == case.settings(), REGENERATE
    want = stored["result"]
    got = run_case(case)
    if got != want:
        lines = [f"  {key}: expected {want.get(key)!r}, got {got.get(key)!r}"
                 for key in sorted(set(want) | set(got)) if want.get(key) != got.get(key)]
        pytest.fail(f"{case.id} differs from {RECORDS.name}:\n" + "\n".join(lines)
                    + f"\n{REGENERATE}", pytrace=False)


@pytest.mark.parametrize("name", [name for name, _, _ in DUMPS])
def test_proof_dump_is_golden(name):
    want = (GOLDEN / name).read_text()
    got = dump_case(name)
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(keepends=True),
                                            got.splitlines(keepends=True),
                                            f"expected (data/golden/{name})", "got"))
        if len(diff) > 8000:
            diff = diff[:8000] + "\n... (diff cut short)\n"
        pytest.fail(f"the proof dump {name} differs:\n{diff}{REGENERATE}", pytrace=False)
