"""Shared English (``core.wording``)."""

from tsumego_gui.core.wording import one_of


def test_alternatives_read_as_a_sentence_says_them():
    # QA s54: "A1 or B1 or C1 lives unconditionally"
    assert one_of(["A1"]) == "A1"
    assert one_of(["A1", "B1"]) == "A1 or B1"
    assert one_of(["A1", "B1", "a tenuki"]) == "A1, B1 or a tenuki"
