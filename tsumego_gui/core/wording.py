"""Small pieces of English shared by what the CLI, the exports and the app print.
Knows words only."""

from __future__ import annotations


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless there is one: "1 node", "3 nodes", "0 nodes"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


# the players as Go writing names them, capitalised (colour codes as ``engine_cy.board``)
PLAYERS = {1: "Black", 2: "White"}
