"""The stone colours are defined once (``core.colors``) and the engine agrees with them."""

from __future__ import annotations

import ast
from pathlib import Path

import engine_cy.board as engine
from tsumego_gui.core import colors

PACKAGE = Path(__file__).resolve().parents[1] / "tsumego_gui"
NAMES = {"EMPTY", "BLACK", "WHITE"}


def test_the_engine_uses_the_same_colour_values():
    assert (engine.EMPTY, engine.BLACK, engine.WHITE) == (colors.EMPTY, colors.BLACK,
                                                          colors.WHITE)
    assert colors.BLACK ^ 3 == colors.WHITE and colors.WHITE ^ 3 == colors.BLACK


def assigned_names(tree: ast.Module) -> set[str]:
    """Names a module binds at its top level by assignment (not by import)."""
    out = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) else []
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Name):
                    out.add(name.id)
    return out


def test_no_other_module_defines_its_own_colours():
    defining = sorted(
        str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
        if assigned_names(ast.parse(path.read_text(encoding="utf-8"))) & NAMES)
    assert defining == ["core/colors.py"]
