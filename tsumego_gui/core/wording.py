"""Small pieces of English shared by what the CLI, the exports and the app print.
Knows words only."""

from __future__ import annotations


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless there is one: "1 node", "3 nodes", "0 nodes"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def one_of(names: list[str]) -> str:
    """Alternatives as a sentence says them: "A1", "A1 or B1", "A1, B1 or C1"."""
    return ", ".join(names) if len(names) < 2 else f"{', '.join(names[:-1])} or {names[-1]}"


def capitalised(text: str) -> str:
    """``text`` with its first letter a capital, to start a sentence with it."""
    return text[:1].upper() + text[1:]


# the players as Go writing names them, capitalised (colour codes as ``engine_cy.board``)
PLAYERS = {1: "Black", 2: "White"}


def who_takes_kos(may_capture) -> str:
    """Who may capture kos, as the app says it: "only White may capture kos", "both sides
    may capture kos", "nobody may capture a ko"; ``may_capture(colour)`` says it of a side
    (``Problem.ko_capture_allowed``)."""
    allowed = [PLAYERS[side] for side in PLAYERS if may_capture(side)]
    if len(allowed) == 1:
        return f"only {allowed[0]} may capture kos"
    return "both sides may capture kos" if allowed else "nobody may capture a ko"


def verdict_words(defender: str, lives: bool, goal: str) -> str:
    """A verdict as a player reads it under ``goal``: under ``live`` a loss is no death (a
    seki, or a ko, fails that goal too), so it is said as what it is (QA s45)."""
    if goal == "live":
        return f"{defender} lives unconditionally" if lives else \
            f"{defender} does not live unconditionally"
    return f"{defender} lives" if lives else f"{defender} dies"


def unproven_finding(defender: str, decided: str, goal: str) -> str:
    """What a search found where it was stopped while it built the proof (``decided``:
    "lives" / "dies"), for the CLI, the verdict and the proof browser alike."""
    return (f"the search found that {verdict_words(defender, decided == 'lives', goal)}, "
            "but it stopped while it built the proof")


# control characters but the line break and the tab, and the marks that turn the writing
# direction round: a file's text printed as it came could clear a terminal, set its title,
# overwrite the line printed before it (a lone carriage return) or show it reversed
# (QA s46, review s46)
_CONTROLS = {c: "\N{REPLACEMENT CHARACTER}" for c in [
    *range(0x00, 0x09), *range(0x0b, 0x20), *range(0x7f, 0xa0),
    *range(0x202a, 0x202f), *range(0x2066, 0x206a)]}


def printable(text: str) -> str:
    """A file's text (a title, a comment) safe to print on a terminal."""
    return text.replace("\r\n", "\n").translate(_CONTROLS)


# a rule set's goal as the line that names its rules says it ("goal live" read as jargon
# on a problem whose goal is survive: the first moves' proofs are under each class's rules)
# no brackets: said inside them (QA s53 D6: "(to survive (seki counts); ...)")
RULE_GOALS = {"survive": "to survive, a seki counting", "live": "to live unconditionally",
              "live_any": "to make some stones live unconditionally"}


def rules_text(problem) -> str:
    """The goal and the ko policy of a problem (``core.problem.Problem``), in words."""
    ko = [PLAYERS[c] for c in PLAYERS if problem.ko_capture_allowed(c)]
    kos = (" and ".join(ko) + " may capture kos") if ko else "nobody may capture a ko"
    held = [f"{PLAYERS[c]} holds {n} ko threat{'s' if n != 1 else ''}"
            for c, n in zip(PLAYERS, problem.ko_threats, strict=True) if n]
    return f"{RULE_GOALS[problem.goal]}; {kos}" + "".join(f"; {h}" for h in held)
