"""The ``tsumego`` command's exit statuses, so that scripts can tell an answer from none,
and the text ``--help`` shows for them.  Knows nothing of what produced them."""

from __future__ import annotations

DONE = 0            # every position asked about proven, every proof verified in full
NOT_VERIFIED = 1    # a proof the verifier did not accept in full (``partly`` or ``NO``)
BAD_INPUT = 2       # bad input or options, a file that cannot be written; or a bad file or
                    # game of several that was skipped (the others were still done)
NOT_PROVEN = 3      # a position proven neither way within the budget (--all: a class open)
INTERRUPTED = 130   # the shell's status for a command ended by Ctrl-C (128 + SIGINT)

# the worse news wins: a proof the verifier refused, then input left out, then no answer
_WORST_FIRST = (NOT_VERIFIED, BAD_INPUT, NOT_PROVEN)

HELP = (f"exit status: {DONE} done (every proof verified in full); {NOT_VERIFIED} a proof "
        f"not verified in full; {BAD_INPUT} bad input (or, among several problems, one "
        f"skipped as unreadable); {NOT_PROVEN} not proven within the budget; {INTERRUPTED} "
        "interrupted (Ctrl-C)")


def worst(*statuses: int) -> int:
    """The status that says the worst news among ``statuses`` (DONE when all are)."""
    return next((s for s in _WORST_FIRST if s in statuses), DONE)
