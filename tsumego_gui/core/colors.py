"""The stone colours, named once: ``EMPTY = 0``, ``BLACK = 1``, ``WHITE = 2`` (opponent: ``c ^ 3``).

Plain constants with no import of the engine, so the slow oracles that check
the Cython engine (``reference_board``, ``benson_reference``) and the modules
that never touch it (diagrams, the GUI's painter and editor) share one
definition without depending on what they test.  ``engine_cy.board`` defines
the same values for its own C code; a test keeps the two equal.  Modules that
already work on engine boards may keep importing the engine's names.

Knows nothing about boards, rules or coordinates (those live in
``core.coords`` and the board modules).
"""

from __future__ import annotations

EMPTY = 0
BLACK = 1
WHITE = 2
