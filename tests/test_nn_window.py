"""The window a network looks at, and where a player's KataGo model is found.

Windows: a corner problem on 19x19 is seen through the rectangle holding its
region and wall (``*`` marks the region), stretched to the real edges it comes
near; a problem without a region is seen whole.  The model lookup follows
KaTrain's own places (its settings file, its download folder, its package).
"""

from __future__ import annotations

import json

import pytest

from engine_cy.board import BLACK, PASS, WHITE
from tsumego_gui.core import coords
from tsumego_gui.core.diagram import parse_diagram, parse_marks
from tsumego_gui.core.problem import Problem
from tsumego_gui.nn import katago_locate
from tsumego_gui.nn.window import Window, problem_window

# the top-left corner of a 19x19 board: a white group inside a black wall
CORNER = """
* * * * O X .
O O O O O X .
X X X X X X .
. . . . . . .
"""


def corner_problem(size: int = 19) -> Problem:
    board = parse_diagram(CORNER, size=size, extra_empty="*")
    black = {p for p in coords.all_locs(size) if board.color_at(p) == BLACK}
    white = {p for p in coords.all_locs(size) if board.color_at(p) == WHITE}
    return Problem.create(size, black, white, to_play=BLACK, defender=WHITE, goal="survive",
                          crucial=white, region=parse_marks(CORNER, size, "*"))


def test_a_corner_problem_is_seen_through_its_corner():
    window = problem_window(corner_problem())
    # the region (row 19, A-D) and the white stones touching it (rows 19-18, A-E), six
    # more lines around: the black wall and room outside it
    assert window == Window(19, 0, 0, 8, 11)
    assert window.index(coords.from_gtp("A19", 19)) == 0
    assert window.index(coords.from_gtp("B18", 19)) == 1 * 11 + 1
    assert window.index(PASS) == 8 * 11
    assert list(window.indices([PASS, coords.from_gtp("B18", 19)])) == [88, 12]
    with pytest.raises(ValueError, match="outside"):
        window.index(coords.from_gtp("K10", 19))
    with pytest.raises(ValueError, match="outside"):
        window.indices([coords.from_gtp("K10", 19)])


def test_a_window_near_an_edge_reaches_it():
    # on 13x13 the window's bottom (row 6, the eighth from the top) is six lines from the
    # edge and stays; its right side (column L) is within two lines of the edge (N)
    assert problem_window(corner_problem(13)) == Window(13, 0, 0, 8, 13)
    assert not problem_window(corner_problem(13)).whole
    assert problem_window(corner_problem(9)).whole


def test_a_problem_without_a_region_is_seen_whole():
    problem = corner_problem().with_region(())
    assert problem_window(problem) == Window(19, 0, 0, 19, 19)


def test_crop_takes_the_windows_points():
    import numpy as np
    planes = np.arange(2 * 19 * 19).reshape(2, 19, 19)
    window = Window(19, 3, 5, 4, 6)
    assert window.crop(planes).shape == (2, 4, 6)
    assert window.crop(planes)[1, 0, 0] == planes[1, 3, 5]


# --- where the model is --------------------------------------------------------------------

def touch(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"model")
    return path


def test_katrains_configured_model_comes_first(tmp_path, monkeypatch):
    monkeypatch.delenv(katago_locate.ENV_VAR, raising=False)
    monkeypatch.setattr(katago_locate, "katrain_package_dir", lambda: None)
    downloaded = touch(tmp_path / ".katrain" / "a-downloaded.bin.gz")
    chosen = touch(tmp_path / "nets" / "chosen.bin.gz")
    (tmp_path / ".katrain" / "config.json").write_text(
        json.dumps({"engine": {"model": "~/nets/chosen.bin.gz"}}))
    monkeypatch.setenv("HOME", str(tmp_path))
    assert katago_locate.find_katago_models(tmp_path) == [chosen, downloaded]


def test_the_models_a_katrain_package_ships_are_found(tmp_path, monkeypatch):
    monkeypatch.delenv(katago_locate.ENV_VAR, raising=False)
    package = tmp_path / "site" / "katrain"
    shipped = touch(package / "models" / "kata1-b18.bin.gz")
    touch(package / "models" / "readme.txt")
    monkeypatch.setattr(katago_locate, "katrain_package_dir", lambda: package)
    home = tmp_path / "home"
    # KaTrain's default setting names the shipped model relative to the package's folder
    touch(home / ".katrain" / "config.json").write_text(
        json.dumps({"engine": {"model": "katrain/models/kata1-b18.bin.gz"}}))
    assert katago_locate.find_katago_models(home) == [shipped]
    assert katago_locate.default_katago_model(home) == shipped


def test_the_environment_names_a_model_and_nothing_is_found_without_one(tmp_path, monkeypatch):
    monkeypatch.setattr(katago_locate, "katrain_package_dir", lambda: None)
    monkeypatch.delenv(katago_locate.ENV_VAR, raising=False)
    assert katago_locate.default_katago_model(tmp_path) is None
    named = touch(tmp_path / "mine.bin")
    monkeypatch.setenv(katago_locate.ENV_VAR, str(named))
    assert katago_locate.default_katago_model(tmp_path) == named
    # a broken settings file is ignored, not an error
    touch(tmp_path / ".katrain" / "config.json").write_text("{not json")
    assert katago_locate.find_katago_models(tmp_path) == [named]


def test_a_model_the_environment_names_but_that_is_not_there_is_said_so(tmp_path,
                                                                        monkeypatch):
    # QA s45: the message advised setting the variable the user had set
    from tsumego_gui.nn.choice import make_evaluator
    monkeypatch.setattr(katago_locate, "katrain_package_dir", lambda: None)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv(katago_locate.ENV_VAR, str(tmp_path / "gone.bin.gz"))
    with pytest.raises(ValueError, match=r"TSUMEGO_KATAGO_MODEL names .*gone\.bin\.gz, which "
                                         r"is not a KataGo model file here"):
        make_evaluator("katago")
