"""The book's lines of a problem file (``core.book_lines``): the move the book plays after
each line of moves, its main variation first, reference diagrams left out."""

import json

from tsumego_gui.core import coords
from tsumego_gui.core.book_lines import (
    MAX_BOOK_BYTES,
    MAX_BOOK_MOVES,
    BookMove,
    book_of_file,
    book_replies,
    with_line,
)
from tsumego_gui.core.sgf_io import RIGHT, WRONG

B, W = 1, 2

# Our own: a correct line of three moves that parts at its third (the second branch a
# failure), a failure line, a reference diagram, a line that sets up a stone midway, and a
# pass
BOOK = (b"(;SZ[9]AB[ab][bb][cb][db]AW[eb][ac][bc][cc][dc][ec]"
        b"(;B[ba]C[RIGHT];W[ca](;B[aa])(;B[da]C[fails]))"
        b"(;B[ca]C[wrong];W[ba];B[])"
        b"(;B[da]N[Reference];W[ba])"
        b"(;B[ea];AW[fa]W[ga]))")


def names(line):
    return tuple(coords.to_gtp(m, 9) if m != coords.PASS else "pass" for m in line)


def test_each_line_of_moves_maps_to_the_books_next_moves():
    replies = {names(before): [(names((m.move,))[0], m.colour, m.verdict) for m in moves]
               for before, moves in book_replies(BOOK).items()}
    assert replies == {
        # the lines' first moves, each with its colour and its labels' verdict
        (): [("B9", B, RIGHT), ("C9", B, WRONG), ("E9", B, "")],
        ("B9",): [("C9", W, RIGHT)],                     # a line's moves take its verdict
        ("B9", "C9"): [("A9", B, RIGHT), ("D9", B, WRONG)],     # a branch its own label's
        ("C9",): [("B9", W, WRONG)],                     # the book's refutation
        ("C9", "B9"): [("pass", B, WRONG)],
    }
    # left out: the reference diagram (D9) and, after E9, a node that sets up a stone


def test_a_line_joins_the_book_after_its_own_moves():
    """A ko's other line, followed where the file has no move or after the file's own."""
    line = [coords.from_gtp(p, 9) for p in ("B9", "D9", "A9")]
    book = with_line(book_replies(BOOK), line, B)
    replies = {names(before): [(names((m.move,))[0], m.colour) for m in moves]
               for before, moves in book.items()}
    assert replies[()] == [("B9", B), ("C9", B), ("E9", B), ("B9", B)]
    assert replies[("B9",)] == [("C9", W), ("D9", W)]
    assert replies[("B9", "D9")] == [("A9", B)]
    assert with_line(None, line[:1], W) == {(): (BookMove(line[0], W, ""),)}


def test_a_file_the_book_cannot_come_from_gives_no_lines(tmp_path):
    assert book_replies(b"not sgf") == {}
    assert book_replies(BOOK, index=1) == {}
    big = tmp_path / "big.sgf"
    big.write_bytes(BOOK + b" " * MAX_BOOK_BYTES)
    assert book_of_file(big) == {}
    assert book_of_file(tmp_path / "missing.sgf") == {}
    research = tmp_path / "1.json"
    research.write_text(json.dumps({"rawsgf": BOOK.decode()}))
    assert book_of_file(research) == book_replies(BOOK)


def test_a_branch_is_what_its_own_label_says_first():
    """Review s52: a branch inside a line took the verdict of every comment down it,
    failure words first: "Correct: White fails to make two eyes" read as a failure.  A
    branch its first node does not label is what the line it leaves is (books name their
    branches there: 失敗圖, 變化圖)."""
    book = (b"(;SZ[9]AB[ab][bb][cb][db]AW[eb][ac][bc][cc][dc][ec]"
            b"(;B[ba]C[RIGHT];W[ca](;B[aa]C[Correct: White fails to make two eyes];W[da])"
            b"(;B[da];W[aa])))")
    replies = book_replies(book)
    a9, d9 = (coords.from_gtp(n, 9) for n in ("A9", "D9"))
    b9, c9 = (coords.from_gtp(n, 9) for n in ("B9", "C9"))
    assert [(m.move, m.verdict) for m in replies[(b9, c9)]] == [(a9, RIGHT), (d9, RIGHT)]


def test_a_line_is_read_so_deep_at_most():
    """Review s52: each place is keyed by the whole line to it, so a very long line cost
    memory by its square; it is cut at MAX_BOOK_MOVES."""
    moves = "".join(f";{'BW'[i % 2]}[]" for i in range(MAX_BOOK_MOVES + 50))
    replies = book_replies(f"(;SZ[9]AB[aa]AW[ii]({moves}))".encode())
    assert max(len(before) for before in replies) == MAX_BOOK_MOVES - 1
