"""5e-alt: a stat block's speed line read (``40 ft., fly 80 ft. (hover), swim 40 ft.``).

Seed 000_9613c147f2b39ce7.txt › Updating A Creature's Movement, Step 1: the speeds a
stat block lists, which ``bot.rules.five_e_alt.speeds`` turns into one Speed.

Pure: no Discord, database or I/O.
"""

from __future__ import annotations

import re

from bot.errors import Ambiguous, InvalidInput
from bot.names import Vocabulary

MOVES = ("walk", "burrow", "climb", "fly", "swim")
"""The moves a stat block gives a speed for (the ones Step 3 gives a modifier)."""

MAX_SPEED_FT = 10_000

EXAMPLE = "40 ft., fly 80 ft. (hover), swim 40 ft."
_HOW = f"Write it as a stat block does: {EXAMPLE}"

MOVE_NAMES = Vocabulary(
    "move",
    {
        "walk": ("walking", "walk speed", "walking speed", "land", "ground"),
        "burrow": ("burrowing", "burrow speed", "burrowing speed", "dig", "digging"),
        "climb": ("climbing", "climb speed", "climbing speed"),
        "fly": ("flying", "fly speed", "flying speed", "flight"),
        "swim": ("swimming", "swim speed", "swimming speed"),
    },
)

# ------------------------------------------------------------------ parsing

_LEADING_SPEED = re.compile(r"^\s*speeds?\b\s*:?", re.IGNORECASE)
_PIECE = re.compile(
    r"""
    ^(?P<name>[^0-9+\-−]*?)\s*:?\s*
    (?P<sign>[+\-−]?)\s*
    (?P<number>[0-9]+)\s*
    (?:ft\b\.?|feet\b\.?|foot\b\.?|'|’)?\s*
    (?P<hover>\(\s*hover\s*\)|hover)?\s*\.?$
    """,
    re.IGNORECASE | re.VERBOSE,
)


def _not_a_speed(piece: str, why: str = "") -> InvalidInput:
    because = f": {why}" if why else ""
    return InvalidInput(f'speed: "{piece}" is not a speed{because}. {_HOW}')


def parse_speed_line(text: str) -> tuple[dict[str, int], bool]:
    """The speeds (in feet, by move) and whether it can hover, from a stat block's line.

    ``'40 ft., burrow 20 ft., fly 80 ft. (hover), swim 40 ft.'`` gives
    ``({'walk': 40, 'burrow': 20, 'fly': 80, 'swim': 40}, True)``. Also accepted:
    ``30``, ``30 ft``, ``walk 30, fly 60``, ``30', climb 30'``, a leading ``Speed``
    word, any case, commas or semicolons between speeds, and the moves' other
    names (``flying 60``).

    The walking speed is the number with no move name in front of it, or
    ``walk N``. A line with no walking speed (``fly 30 ft. (hover)``, a
    beholder's) has a walking speed of 0: the result always has ``'walk'``.
    ``(hover)`` goes after the fly speed. Unknown moves, a move given twice,
    a negative speed or one above 10000 ft., and an empty line are
    ``InvalidInput``.
    """
    body = _LEADING_SPEED.sub("", text, count=1)
    pieces = [p.strip() for p in re.split(r"[,;]", body)]
    pieces = [p for p in pieces if p.strip(" .")]
    if not pieces:
        raise InvalidInput(f'speed: "{text.strip()}" gives no speed. {_HOW}')
    speeds: dict[str, int] = {}
    hover = False
    for piece in pieces:
        found = _PIECE.match(piece)
        if found is None:
            raise _not_a_speed(piece)
        name_text = found["name"].strip()
        move = _move(piece, name_text) if name_text else "walk"
        if found["sign"] in ("-", "−"):
            raise _not_a_speed(
                piece, "a speed can't be negative (0 ft. means it can't Move that way)"
            )
        digits = found["number"]
        if len(digits) > len(str(MAX_SPEED_FT)) or int(digits) > MAX_SPEED_FT:
            raise _not_a_speed(piece, f"the most accepted is {MAX_SPEED_FT} ft.")
        if move in speeds:
            raise InvalidInput(
                f'speed: "{piece}" gives a {move} speed again '
                f"(it already has {move} {speeds[move]} ft.). Give each move once. {_HOW}"
            )
        if found["hover"]:
            if move != "fly":
                raise _not_a_speed(piece, "(hover) goes after the fly speed: fly 80 ft. (hover)")
            hover = True
        speeds[move] = int(digits)
    speeds.setdefault("walk", 0)
    return {m: speeds[m] for m in MOVES if m in speeds}, hover


def _move(piece: str, name: str) -> str:
    try:
        return MOVE_NAMES.match(name)
    except (InvalidInput, Ambiguous) as error:
        why = error.message.rstrip(".")
        raise _not_a_speed(piece, why[:1].lower() + why[1:]) from None
