"""The board as monospace text: for the console and for readers who can't see the
image (the board image itself is ``bot.render``).

Column letters across the top (two header lines once columns reach ``AA``),
row numbers down the side, one character a square: a token by a mark (its
initial where that is free, else its number's last digit), terrain by a glyph;
with ``key=True`` a key under the board says which mark is which token. Every
token gets a mark of its own, up to ``MAX_TOKENS``: the 52 Latin letters, then
digits, then Greek and Cyrillic capitals and small letters that look like no
Latin one. Maps wider or taller than ``MAX_TEXT_SIDE`` are not drawn: they would not fit a message.
"""

from __future__ import annotations

import re
import string

from bot.encounter import Encounter
from bot.encounter_ops.placement import squares_of
from bot.grid.coords import Cell, column_name
from bot.grid.terrain import Terrain
from bot.limits import MAX_TOKENS
from bot.rules.ruleset import Ruleset

MAX_TEXT_SIDE = 40
# By kind name, so a kind added later draws as UNKNOWN_GLYPH until it gets its own.
TERRAIN_GLYPHS: dict[str, str] = {
    "clear": ".",
    "difficult": ":",
    "slope": "/",
    "obstacle": "+",
    "impeded": "%",
    "water": "~",
    "hazard": "!",
    "narrow": "=",
    "pit": "_",
    "wall": "#",
    "pillar": "|",
    "ice": "*",
    "earth": "&",
}
UNKNOWN_GLYPH = "?"
_LETTERS = string.ascii_uppercase + string.ascii_lowercase
# After the letters: marks no terrain glyph uses, one column wide in a monospace
# font, none mistakable for a Latin letter or digit (no Greek A, B, o, p, x...).
_MORE_MARKS = string.digits + "ΓΔΘΛΞΠΣΦΨΩ" + "αβγδεζηθλμξπστφψω" + "БДЖЗИЛЦЧШЩЭЮЯ"
MARKS = _LETTERS + _MORE_MARKS
assert len(set(MARKS)) == len(MARKS) >= MAX_TOKENS
assert not set(MARKS) & {*TERRAIN_GLYPHS.values(), UNKNOWN_GLYPH}
KEY_WIDTH = 60  # characters a key line holds at most (wider boards: their width)
KEY_MAX_CHARS = 1800  # names are shortened until the key fits in this


def token_glyphs(encounter: Encounter) -> dict[str, str]:
    """A mark per token key, each different: its initial (capital, then small), else
    the last digit of a trailing number ("Goblin 7" → 7) or, for a name without one,
    another of its letters; else the first free one of ``MARKS`` that is no other
    token's initial. A numbered name never takes its other letters: a row of goblins
    read "GOBLINgoblin", which looks like a word, not twelve tokens."""
    initials = {
        ch
        for token in encounter.tokens.values()
        for first in token.name[:1]
        if first.isascii() and first.isalpha()
        for ch in (first.upper(), first.lower())
    }
    taken: set[str] = set()
    glyphs: dict[str, str] = {}
    for key, token in encounter.tokens.items():
        first = token.name[:1]
        wanted = [first.upper(), first.lower()] if first.isascii() and first.isalpha() else []
        number = re.search(r"(\d)\s*$", token.name)
        if number:  # "Goblin 7": its number tells it from the other goblins
            wanted.append(number.group(1))
        else:  # "Gnoll" beside a Goblin: another letter of its own name
            letters = [ch.upper() for ch in token.name[1:] if ch.isascii() and ch.isalpha()]
            wanted += letters + [ch.lower() for ch in letters]
        spare = [ch for ch in MARKS if ch not in initials]
        glyph = next((ch for ch in [*wanted, *spare, *MARKS] if ch not in taken), None)
        if glyph is None:  # more tokens than marks: the encounter's cap prevents it
            raise ValueError(f"more than {len(MARKS)} tokens to mark on the text board")
        taken.add(glyph)
        glyphs[key] = glyph
    return glyphs


def board_key(encounter: Encounter, width: int = KEY_WIDTH, max_chars: int = KEY_MAX_CHARS) -> str:
    """``A Ari  G Goblin 1  O Goblin 2``: which mark is which token, wrapped to
    ``width``; long names are shortened (keeping a trailing number) until the
    key fits in ``max_chars``."""
    glyphs = token_glyphs(encounter)
    names = [(glyphs[key], token.name) for key, token in encounter.tokens.items()]
    text = ""
    for limit in range(max((len(n) for _, n in names), default=1), 2, -1):
        text = _wrap([f"{mark} {_shorten(name, limit)}" for mark, name in names], width)
        if len(text) <= max_chars:
            break
    return text


def _shorten(name: str, limit: int) -> str:
    if len(name) <= limit:
        return name
    number = re.search(r"\d+$", name)
    tail = number.group() if number else ""
    head = name[: max(1, limit - 1 - len(tail))].rstrip()
    return f"{head}…{tail}"


def _wrap(entries: list[str], width: int) -> str:
    lines: list[str] = []
    for entry in entries:
        if lines and len(lines[-1]) + 2 + len(entry) <= width:
            lines[-1] += "  " + entry
        else:
            lines.append(entry)
    return "\n".join(lines)


def board_text(encounter: Encounter, ruleset: Ruleset, *, with_key: bool = False) -> str | None:
    """The board as lines of text, or None when the map is too big to draw as text;
    with ``with_key``, a blank line and ``board_key`` under it (when there are tokens)."""
    if max(encounter.width, encounter.height) > MAX_TEXT_SIDE:
        return None
    glyphs = token_glyphs(encounter)
    at: dict[Cell, str] = {}
    for key, token in encounter.tokens.items():
        for cell in squares_of(token, ruleset):
            at[cell] = glyphs[key]
    margin = len(str(encounter.height))
    names = [column_name(c) for c in range(encounter.width)]
    lines: list[str] = []
    if any(len(n) > 1 for n in names):
        lines.append(" " * (margin + 1) + "".join(n[0] if len(n) > 1 else " " for n in names))
    lines.append(" " * (margin + 1) + "".join(n[-1] for n in names))
    for row in range(encounter.height):
        squares = "".join(
            at.get(Cell(col, row)) or glyph_of(encounter.terrain_at(Cell(col, row)))
            for col in range(encounter.width)
        )
        lines.append(f"{row + 1:>{margin}} {squares}")
    if with_key and encounter.tokens:
        lines += ["", board_key(encounter, max(KEY_WIDTH, margin + 1 + encounter.width))]
    return "\n".join(lines)


def terrain_legend(encounter: Encounter) -> str:
    """``. clear  # wall  : difficult``: the glyphs this board shows."""
    shown = [Terrain.CLEAR, *sorted(set(encounter.terrain.values()), key=list(Terrain).index)]
    return "  ".join(f"{glyph_of(k)} {k.value}" for k in shown)


def glyph_of(kind: Terrain) -> str:
    return TERRAIN_GLYPHS.get(kind.value, UNKNOWN_GLYPH)
