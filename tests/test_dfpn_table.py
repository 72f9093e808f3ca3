"""The df-pn table's bulk removal and growth (``engine_cy/dfpn_table.pxd``), against a dict.

``DfpnCore.collect`` sweeps the table in place (``table_sweep``): the entries
it drops go, every other must still be found by a probe from its home slot.
``engine_cy.table_testing`` drives the inline table functions the same way; a
dict of what was kept is the model.  Seeded random
keys, and keys built to share one home slot (long probe runs that wrap round
the end of the table), at several fill levels and drop shares.  Growing
(``table_grow``) doubles the table in place; ``insert_all`` checks the keys
after the growths alone, with no sweep to put entries back.
"""

from __future__ import annotations

import random

import pytest

from engine_cy.table_testing import drop_and_sweep, insert_all


def check(keys: list[int], dropped: set[int], capacity: int) -> None:
    found, count, swept = drop_and_sweep(keys, dropped, capacity)
    for index, key in enumerate(keys):
        assert found[key] == (None if key in dropped else index), hex(key)
    assert count == len(keys) - len(dropped) and swept == len(dropped)


@pytest.mark.parametrize("seed", range(20))
def test_random_keys_kept_are_found_and_dropped_are_gone(seed):
    rng = random.Random(seed)
    n = rng.choice([10, 100, 1000, 5000])
    keys = list({rng.getrandbits(64) | 2 for _ in range(n)})    # never 0 or 1 (one slot)
    share = rng.choice([0.0, 0.1, 0.5, 0.9, 1.0])
    dropped = {k for k in keys if rng.random() < share}
    check(keys, dropped, 16)


@pytest.mark.parametrize("seed", range(10))
def test_keys_sharing_a_home_slot_wrap_round_the_end(seed):
    # 40 keys in 64 slots, all homed 4 slots from the end: one probe run of 40 that
    # wraps round, from which a random share is dropped
    rng = random.Random(100 + seed)
    keys = [(i << 6) | 60 for i in range(1, 41)]
    dropped = set(rng.sample(keys, rng.randrange(0, 41)))
    check(keys, dropped, 64)


def test_a_run_from_the_tables_end_keeps_its_entries_when_its_first_slots_go():
    # 16 slots: K, L, M homed at 14 fill 14, 15, 0; N1, N2 homed at 15 go to 1, 2.
    # Dropping K and M empties 14 and 0: a sweep started at slot 0 (the first empty
    # one) put N1 at 0 and N2 at 1, then moved L to 14 and N1 to 15, and N2 was lost
    k, l_, m, n1, n2 = (1 << 8) | 14, (2 << 8) | 14, (3 << 8) | 14, (4 << 8) | 15, (5 << 8) | 15
    check([k, l_, m, n1, n2], {k, m}, 16)


def test_nothing_dropped_and_everything_dropped():
    keys = [(i << 6) | 63 for i in range(1, 30)]
    check(keys, set(), 64)
    check(keys, set(keys), 64)


def check_grown(keys: list[int], capacity: int, grown_to: int) -> None:
    found, final = insert_all(keys, capacity)
    assert final == grown_to
    for index, key in enumerate(keys):
        assert found[key] == index, hex(key)


@pytest.mark.parametrize("seed", range(10))
def test_random_keys_are_found_after_the_table_doubled_in_place(seed):
    rng = random.Random(200 + seed)
    keys = list({rng.getrandbits(64) | 2 for _ in range(3000)})
    check_grown(keys, 16, 4096)


@pytest.mark.parametrize("step", [1, 3, 7])
def test_growing_in_place_splits_runs_that_wrap_round_the_end(step):
    # 16 slots grown while the keys arrive: every key is homed at 14 of 16, and at
    # 14, 30, 46 ... as the table doubles, so each growth splits one long run that wraps
    # round the end into runs of their own, some of them wrapping again
    keys = [(i << 4) | 14 for i in range(1, 90, step)]
    check_grown(keys, 16, {1: 128, 3: 64, 7: 32}[step])
    check(keys, set(keys[::2]), 16)


def test_growing_keeps_the_entries_of_a_table_three_quarters_full():
    # 99 keys homed over every slot of 64: the 49th grows it to 128, the 97th to 256
    keys = [(i << 6) | (i % 64) for i in range(1, 100)]
    check_grown(keys, 64, 256)
