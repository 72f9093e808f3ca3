"""core.coords: the loc layout, GTP (skips I, rows from the bottom) and SGF (aa top-left)."""

import pytest

from tsumego_gui.core import coords


def test_loc_table_19():
    # stride 21: the top-left point sits after one wall row and one wall column
    assert coords.to_loc(0, 0, 19) == 22
    assert coords.to_loc(0, 18, 19) == 40
    assert coords.to_loc(18, 0, 19) == 400
    assert coords.to_loc(18, 18, 19) == 418
    assert coords.to_loc(1, 0, 5) == 15  # stride 7 on 5x5
    assert coords.stride(5) == 7 and coords.array_size(5) == 49
    assert coords.array_size(19) == 441
    assert coords.PASS == 0


def test_gtp_table_19():
    assert coords.to_gtp(22, 19) == "A19"
    assert coords.to_gtp(400, 19) == "A1"
    assert coords.to_gtp(418, 19) == "T1"
    assert coords.to_gtp(40, 19) == "T19"
    assert coords.to_gtp(coords.to_loc(0, 8, 19), 19) == "J19"  # no I column
    assert coords.to_gtp(coords.to_loc(0, 7, 19), 19) == "H19"
    assert coords.from_gtp("J10", 19) == coords.to_loc(9, 8, 19)
    assert coords.from_gtp("d4", 19) == coords.to_loc(15, 3, 19)  # case-insensitive
    assert coords.from_gtp(" C3 ", 5) == coords.to_loc(2, 2, 5)
    assert coords.to_gtp(coords.PASS, 9) == "pass"
    assert coords.from_gtp("pass", 9) == coords.from_gtp("PASS", 9) == coords.PASS


def test_gtp_small_boards():
    assert coords.from_gtp("A1", 2) == coords.to_loc(1, 0, 2)
    assert coords.from_gtp("B2", 2) == coords.to_loc(0, 1, 2)
    assert coords.to_gtp(coords.to_loc(0, 8, 9), 9) == "J9"


def test_sgf_table():
    assert coords.from_sgf("aa", 19) == 22
    assert coords.from_sgf("sa", 19) == 40      # top-right
    assert coords.from_sgf("as", 19) == 400     # bottom-left
    assert coords.from_sgf("ss", 19) == 418
    assert coords.to_gtp(coords.from_sgf("dp", 19), 19) == "D4"
    assert coords.to_sgf(coords.from_gtp("C3", 5), 5) == "cc"
    assert coords.to_sgf(coords.from_gtp("A1", 5), 5) == "ae"
    assert coords.from_sgf("tt", 19) == coords.PASS
    assert coords.from_sgf("tt", 9) == coords.PASS
    assert coords.from_sgf("", 9) == coords.PASS
    assert coords.to_sgf(coords.PASS, 9) == ""


def test_sgfmill_rows_count_from_the_bottom():
    assert coords.to_sgfmill(coords.from_gtp("A1", 19), 19) == (0, 0)
    assert coords.to_sgfmill(coords.from_gtp("T19", 19), 19) == (18, 18)
    assert coords.from_sgfmill((18, 0), 19) == 22
    assert coords.to_sgfmill(coords.PASS, 9) is None
    assert coords.from_sgfmill(None, 9) == coords.PASS


@pytest.mark.parametrize("size", range(2, 20))
def test_round_trips(size):
    locs = coords.all_locs(size)
    assert len(locs) == size * size
    assert locs == sorted(locs)  # row-major from the top-left is increasing loc
    for loc in locs:
        row, col = coords.from_loc(loc, size)
        assert coords.to_loc(row, col, size) == loc
        assert coords.is_on_board(loc, size)
        assert coords.from_gtp(coords.to_gtp(loc, size), size) == loc
        assert coords.from_sgf(coords.to_sgf(loc, size), size) == loc
        assert coords.from_sgfmill(coords.to_sgfmill(loc, size), size) == loc
    on_board = set(locs)
    walls = [x for x in range(coords.array_size(size)) if x not in on_board]
    assert len(walls) == 4 * size + 4
    assert not any(coords.is_on_board(x, size) for x in walls)
    # the tables for files agree with the one-point conversions, walls named by none
    names, by_name = coords.gtp_names(size), coords.gtp_locs(size)
    assert [names[loc] for loc in locs] == [coords.to_gtp(loc, size) for loc in locs]
    assert names[coords.PASS] == "pass" and not any(names[x] for x in walls if x)
    assert by_name == {coords.to_gtp(x, size): x for x in [coords.PASS, *locs]}


def test_neighbours():
    assert sorted(coords.neighbours(coords.from_gtp("A1", 5), 5)) == sorted(
        [coords.from_gtp("A2", 5), coords.from_gtp("B1", 5)])
    assert len(coords.neighbours(coords.from_gtp("C1", 5), 5)) == 3
    assert len(coords.neighbours(coords.from_gtp("C3", 5), 5)) == 4
    assert len(coords.neighbours(coords.from_gtp("T19", 19), 19)) == 2


@pytest.mark.parametrize("size", [1, 20, 0, -3, "9", 9.0])
def test_bad_sizes(size):
    with pytest.raises(ValueError):
        coords.check_size(size)


@pytest.mark.parametrize("loc", [0, 1, 6, 7, 13, 14, 42, 48, 49, -1, 10**6])
def test_from_loc_rejects_walls_and_pass(loc):
    # 5x5, stride 7: 0..6 top wall, 7 and 13 left/right walls of row 1, 42..48 bottom wall
    with pytest.raises(ValueError):
        coords.from_loc(loc, 5)
    assert not coords.is_on_board(loc, 5)


@pytest.mark.parametrize("row, col", [(-1, 0), (0, -1), (5, 0), (0, 5)])
def test_to_loc_off_board(row, col):
    with pytest.raises(ValueError):
        coords.to_loc(row, col, 5)


@pytest.mark.parametrize("text", ["A6", "F1", "A0", "I3", "Z1", "11", "A", "", "A-1", "pas"])
def test_bad_gtp(text):
    with pytest.raises(ValueError):
        coords.from_gtp(text, 5)


@pytest.mark.parametrize("text", ["ff", "af", "fa", "a", "abc", "A1", "zz", "tt "])
def test_bad_sgf(text):
    with pytest.raises(ValueError):
        coords.from_sgf(text, 5)


def test_off_board_conversions_raise():
    with pytest.raises(ValueError):
        coords.to_gtp(1, 5)
    with pytest.raises(ValueError):
        coords.to_sgf(7, 5)
    with pytest.raises(ValueError):
        coords.from_sgfmill((5, 0), 5)
    with pytest.raises(ValueError):
        coords.neighbours(coords.PASS, 5)
