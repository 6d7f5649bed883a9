"""The board as monospace text: for the console and for readers who can't see the
image (the board image itself is ``bot.render``).

Column letters across the top (two header lines once columns reach ``AA``),
row numbers down the side, one character a square: a token by a letter (its
initial where that is free), terrain by a glyph. Maps wider or taller than
``MAX_TEXT_SIDE`` are not drawn: they would not fit a message.
"""

from __future__ import annotations

import string

from bot.encounter import Encounter
from bot.encounter_ops.placement import squares_of
from bot.grid.coords import Cell, column_name
from bot.grid.terrain import Terrain
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
}
UNKNOWN_GLYPH = "?"
SPARE_GLYPH = "@"  # once every letter is taken (at most 52 tokens get their own)
_LETTERS = string.ascii_uppercase + string.ascii_lowercase


def token_glyphs(encounter: Encounter) -> dict[str, str]:
    """A letter per token key: its initial, else another letter of its name, else any free."""
    taken: set[str] = set()
    glyphs: dict[str, str] = {}
    for key, token in encounter.tokens.items():
        wanted = [ch.upper() for ch in token.name if ch.isascii() and ch.isalpha()]
        wanted += [ch.lower() for ch in wanted]
        glyph = next(
            (ch for ch in [*wanted, *_LETTERS] if ch not in taken),
            SPARE_GLYPH,
        )
        if glyph != SPARE_GLYPH:
            taken.add(glyph)
        glyphs[key] = glyph
    return glyphs


def board_text(encounter: Encounter, ruleset: Ruleset) -> str | None:
    """The board as lines of text, or None when the map is too big to draw as text."""
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
    return "\n".join(lines)


def terrain_legend(encounter: Encounter) -> str:
    """``. clear  # wall  : difficult``: the glyphs this board shows."""
    shown = [Terrain.CLEAR, *sorted(set(encounter.terrain.values()), key=list(Terrain).index)]
    return "  ".join(f"{glyph_of(k)} {k.value}" for k in shown)


def glyph_of(kind: Terrain) -> str:
    return TERRAIN_GLYPHS.get(kind.value, UNKNOWN_GLYPH)
