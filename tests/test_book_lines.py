"""The book's lines of a problem file (``core.book_lines``): the move the book plays after
each line of moves, its main variation first, reference diagrams left out."""

import json

from tsumego_gui.core import coords
from tsumego_gui.core.book_lines import MAX_BOOK_BYTES, book_of_file, book_replies
from tsumego_gui.core.sgf_io import RIGHT, WRONG

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
    replies = {names(before): [(names((m.move,))[0], m.verdict) for m in moves]
               for before, moves in book_replies(BOOK).items()}
    assert replies == {
        # the lines' first moves, each with its labels' verdict ("" for none)
        (): [("B9", RIGHT), ("C9", WRONG), ("E9", "")],
        ("B9",): [("C9", RIGHT)],                        # a line's moves take its verdict
        ("B9", "C9"): [("A9", RIGHT), ("D9", WRONG)],    # a branch its own labels'
        ("C9",): [("B9", WRONG)],                        # the book's refutation
        ("C9", "B9"): [("pass", WRONG)],
    }
    # left out: the reference diagram (D9) and, after E9, a node that sets up a stone


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
