"""The battle-map notation users already type: a board size and tokens written as
square + size letter + colour letter + ``-`` + label.

``20x15 D4Mr-GO1 E7Mr-GO2 A1Lb-Ogre`` is a 20 by 15 board with two Medium red
tokens labelled GO1 and GO2 and a Large blue Ogre at A1. Tokens are separated by
spaces or ``/``; the size letter is one of T S M L H G; the colour letter is
optional (``D4M-Ari``), and so is the whole size-and-colour part (``D4-Ari`` is a
Medium token). ``parse_board`` and ``write_board`` round-trip. Pure: no Discord,
no database.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.errors import InvalidInput
from bot.grid.coords import Cell
from bot.grid.sizes import Size

SIZE_LETTERS: dict[str, Size] = {
    "T": Size.TINY,
    "S": Size.SMALL,
    "M": Size.MEDIUM,
    "L": Size.LARGE,
    "H": Size.HUGE,
    "G": Size.GARGANTUAN,
}
LETTER_OF_SIZE = {size: letter for letter, size in SIZE_LETTERS.items()}
COLOURS: dict[str, str] = {
    "r": "red",
    "b": "blue",
    "g": "green",
    "y": "yellow",
    "p": "purple",
    "o": "orange",
    "c": "cyan",
    "k": "black",
    "w": "white",
    "a": "grey",
    "n": "brown",
    "i": "pink",
}
LETTER_OF_COLOUR = {name: letter for letter, name in COLOURS.items()}
MAX_ENTRIES = 100
MAX_LABEL = 32

_SIZE = re.compile(r"^(\d{1,3})\s*[xX×]\s*(\d{1,3})$")
_TOKEN = re.compile(
    r"^(?P<cell>[A-Za-z]{1,2}\d{1,3})(?P<size>[TSMLHG])?(?P<colour>[a-z])?-(?P<label>\S+)$"
)


@dataclass(frozen=True)
class NotedToken:
    """One token as the notation writes it."""

    cell: Cell
    label: str
    size: Size = Size.MEDIUM
    colour: str | None = None  # a colour name from COLOURS, or None

    def __str__(self) -> str:
        colour = LETTER_OF_COLOUR[self.colour] if self.colour else ""
        size = LETTER_OF_SIZE.get(self.size, "M")
        return f"{self.cell}{size}{colour}-{self.label}"


@dataclass(frozen=True)
class NotedBoard:
    """A board in the notation: its size (None when not given) and its tokens."""

    width: int | None
    height: int | None
    tokens: tuple[NotedToken, ...]

    def __str__(self) -> str:
        return write_board(self)


def parse_token(text: str) -> NotedToken:
    """``D4Mr-GO1`` → a Medium red token labelled GO1 at D4."""
    match = _TOKEN.match(text)
    if match is None:
        raise InvalidInput(
            f'"{text}" is not a token in map notation. Write square, size letter (T S M L '
            "H G), colour letter, a dash and the label, e.g. D4Mr-GO1 or A1Lb-Ogre."
        )
    label = match["label"]
    if len(label) > MAX_LABEL:
        raise InvalidInput(f'"{text}": a label is at most {MAX_LABEL} characters.')
    colour_letter = match["colour"]
    if colour_letter is not None and colour_letter not in COLOURS:
        known = ", ".join(f"{k} {v}" for k, v in COLOURS.items())
        raise InvalidInput(f'"{text}": "{colour_letter}" is not a colour letter ({known}).')
    return NotedToken(
        cell=Cell.parse(match["cell"]),
        label=label,
        size=SIZE_LETTERS[match["size"] or "M"],
        colour=COLOURS[colour_letter] if colour_letter else None,
    )


def parse_board(text: str) -> NotedBoard:
    """``20x15 D4Mr-GO1 / E7Mr-GO2`` → the board's size and its tokens."""
    entries = [e for e in re.split(r"[\s/]+", text.strip()) if e]
    if not entries:
        raise InvalidInput("Nothing to read: give a board size (20x15) and/or tokens (D4Mr-GO1).")
    width = height = None
    size = _SIZE.match(entries[0])
    if size is not None:
        width, height = int(size.group(1)), int(size.group(2))
        entries = entries[1:]
    if len(entries) > MAX_ENTRIES:
        raise InvalidInput(f"At most {MAX_ENTRIES} tokens in one notation, please.")
    tokens = tuple(parse_token(e) for e in entries)
    labels = [t.label.casefold() for t in tokens]
    twice = sorted({t.label for t in tokens if labels.count(t.label.casefold()) > 1})
    if twice:
        raise InvalidInput(f"Each label once, please: {', '.join(twice)} is given twice.")
    return NotedBoard(width, height, tokens)


def write_board(board: NotedBoard) -> str:
    """The notation for ``board``: the size first (when known), then every token."""
    parts = [f"{board.width}x{board.height}"] if board.width and board.height else []
    parts += [str(t) for t in board.tokens]
    return " ".join(parts)
