"""Python-facing API of the Cython rules engine (``engine_cy.board``).

Points are ``loc`` ints as defined in ``tsumego_gui.core.coords`` (padded 1-D
index, stride ``size + 2``, ``PASS == 0``).  Colours: EMPTY=0, BLACK=1, WHITE=2.
"""

from collections.abc import Iterable

import numpy as np

EMPTY: int
BLACK: int
WHITE: int
PASS: int

class IllegalMoveError(ValueError): ...

def zobrist_key(color: int, loc: int) -> int: ...
def zobrist_white_to_play() -> int: ...

class Board:
    def __init__(self, size: int, to_play: int = ...) -> None: ...
    @property
    def size(self) -> int: ...
    to_play: int
    """Side to move; setting it updates the hash."""
    @property
    def hash(self) -> int:
        """64-bit Zobrist hash of (stones, side to move)."""
    @property
    def ko_loc(self) -> int:
        """The point the side to move may not retake now, else PASS."""
    @property
    def consecutive_passes(self) -> int: ...
    def captures(self, color: int) -> int:
        """Stones captured BY ``color``."""
    def ko_capture_allowed(self, color: int) -> bool: ...
    def forbidden_ko_captures(self, locs: Iterable[int]) -> list[int]: ...
    def set_ko_capture_allowed(self, color: int, allowed: bool) -> None: ...
    def set_ko_point(self, loc: int) -> None:
        """The side to move may not retake at ``loc`` now (PASS: nowhere)."""
    def ko_threats(self, color: int) -> int:
        """External ko threats ``color`` holds: each makes one retake of a ko legal."""
    def set_ko_threats(self, color: int, count: int) -> None:
        """0..15 threats for ``color``; the counts are part of the hash."""
    def color_at(self, loc: int) -> int: ...
    def set_stone(self, loc: int, color: int) -> None:
        """Setup edit; rejects chains left without liberties (ValueError)."""
    def colors(self) -> np.ndarray:
        """(size, size) int8 colours, row 0 at the top."""
    def chain(self, loc: int) -> list[int]:
        """Sorted stones of the chain at ``loc``."""
    def chains_at(self, locs: Iterable[int]) -> list[list[int]]:
        """The chains with a stone among ``locs``, each once (sorted stones)."""
    def adjacent_stones(self, loc: int) -> list[int]:
        """Sorted stones of every chain touching the chain at ``loc``."""
    def liberties(self, loc: int) -> list[int]:
        """Sorted liberties of the chain at ``loc``."""
    def num_liberties(self, loc: int) -> int: ...
    def is_legal(self, loc: int) -> bool:
        """For the side to move; pass is always legal."""
    def illegal_reason(self, loc: int) -> str | None:
        """None, "occupied", "ko", "suicide", "ko capture forbidden" or "superko"."""
    def legal_moves(self, region: object = ...) -> list[int]:
        """Legal points (pass excluded), optionally only those in an iterable of locs."""
    def play(self, loc: int) -> int:
        """Play for the side to move; returns an undo token; raises IllegalMoveError."""
    def undo(self, token: int) -> None:
        """Take back the last move; ``token`` must be the last one returned."""
    def history(self) -> list[int]:
        """Hashes of the positions on the path, oldest first, the current one last."""
    def set_history(self, hashes: list[int]) -> None:
        """Set the positions before the current one (the current hash is appended)."""
    def copy(self) -> Board: ...
    def check_consistency(self) -> None:
        """Rebuild chains from the colours and compare; AssertionError on a mismatch."""
