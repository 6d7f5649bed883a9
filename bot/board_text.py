"""The board as monospace text: for the console and for readers who can't see the
image (the board image itself is ``bot.render``).

Column letters across the top, row numbers down the side, a square as wide as the
longest token label on the board: a token by the label its picture prints ("G1",
"Gn1", "Ar": ``bot.token_labels``, one label per token everywhere), terrain by a
glyph. A token of two squares or more prints its label along its top row and a
ditto mark (``"``) on the rest of its squares. A board of one-character squares
(no tokens) keeps them side by side, its columns' names on two lines once they
reach ``AA``; wider squares are apart, each column's name over it. With
``key=True`` a key under the board says which label is which token. Maps wider or
taller than ``MAX_TEXT_SIDE``, or whose text would pass the caller's ``max_chars``,
are not drawn: they would not fit a message.
"""

from __future__ import annotations

import math
import re

from bot.encounter import Encounter
from bot.grid.coords import Cell, column_name
from bot.grid.terrain import Terrain
from bot.rules.ruleset import Ruleset
from bot.token_labels import token_labels

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
DITTO = '"'  # a big token's squares under its label: "the same as above"
assert DITTO not in {*TERRAIN_GLYPHS.values(), UNKNOWN_GLYPH}
KEY_WIDTH = 60  # characters a key line holds at most (wider boards: their width)
KEY_MAX_CHARS = 1800  # names are shortened until the key fits in this


def token_marks(encounter: Encounter, ruleset: Ruleset) -> dict[str, str]:
    """What the text board prints for each token key: the label its picture prints."""
    return token_labels(encounter, ruleset.footprint_squares)


def square_width(encounter: Encounter, ruleset: Ruleset, marks: dict[str, str]) -> int:
    """Characters a square takes: enough for every label along its token's top row
    (a token ``side`` squares across has ``side - 1`` gaps between them to use too)."""
    width = 1
    for key, token in encounter.tokens.items():
        side = ruleset.footprint_squares.get(token.size, 1)
        width = max(width, math.ceil((len(marks[key]) - (side - 1)) / side))
    return width


def board_key(
    encounter: Encounter,
    ruleset: Ruleset,
    width: int = KEY_WIDTH,
    max_chars: int = KEY_MAX_CHARS,
    *,
    where: bool = False,
) -> str:
    """``Ar Ari  G1 Goblin 1  G2 Goblin 2``: which label is which token, wrapped to
    ``width``; with ``where``, each token's square too (``G1 Goblin 1 C4``); long
    names are shortened (keeping a trailing number) until the key fits in
    ``max_chars``."""
    marks = token_marks(encounter, ruleset)
    names = [
        (marks[key], token.name, f" {token.cell}" if where else "")
        for key, token in encounter.tokens.items()
    ]
    text = ""
    for limit in range(max((len(n) for _, n, _ in names), default=1), 2, -1):
        entries = [f"{mark} {_shorten(name, limit)}{at}" for mark, name, at in names]
        text = _wrap(entries, width)
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


def board_text(
    encounter: Encounter,
    ruleset: Ruleset,
    *,
    with_key: bool = False,
    max_chars: int | None = None,
) -> str | None:
    """The board as lines of text, or None when the map is too big to draw as text
    (a side past ``MAX_TEXT_SIDE``, or more than ``max_chars`` characters, key
    included); with ``with_key``, a blank line and ``board_key`` under it (when there
    are tokens)."""
    if max(encounter.width, encounter.height) > MAX_TEXT_SIDE:
        return None
    marks = token_marks(encounter, ruleset)
    w = square_width(encounter, ruleset, marks)
    step = w + 1 if w > 1 else 1  # wide squares stand apart; one-character ones touch
    margin = len(str(encounter.height))
    rows = [
        list(
            (" " * (step - w)).join(
                glyph_of(encounter.terrain_at(Cell(col, row))).ljust(w)
                for col in range(encounter.width)
            )
        )
        for row in range(encounter.height)
    ]
    for row, col, text in _token_texts(encounter, ruleset, marks, step):
        rows[row][col * step : col * step + len(text)] = text
    names = [column_name(c) for c in range(encounter.width)]
    lines: list[str] = []
    if w == 1 and any(len(n) > 1 for n in names):
        lines.append(" " * (margin + 1) + "".join(n[0] if len(n) > 1 else " " for n in names))
    heads = (n[-1] for n in names) if w == 1 else (n.ljust(w) for n in names)
    lines.append((" " * (margin + 1) + (" " * (step - w)).join(heads)).rstrip())
    lines += [f"{row + 1:>{margin}} {''.join(chars).rstrip()}" for row, chars in enumerate(rows)]
    if with_key and encounter.tokens:
        width = max(KEY_WIDTH, margin + 1 + len(rows[0]) if rows else 0)
        lines += ["", board_key(encounter, ruleset, width)]
    text = "\n".join(lines)
    return None if max_chars is not None and len(text) > max_chars else text


def _token_texts(
    encounter: Encounter, ruleset: Ruleset, marks: dict[str, str], step: int
) -> list[tuple[int, int, str]]:
    """(row, column, text) to write over the terrain, in drawing order: the biggest
    tokens first, so one sharing their squares (a rider, a Tiny creature) shows over
    them, and a big token's label on the first row of its squares no smaller token is
    on (ditto marks on the rest)."""
    footprints = ruleset.footprint_squares
    tokens = sorted(
        encounter.tokens.items(), key=lambda kt: -footprints.get(kt[1].size, 1)
    )  # stable: token order among the same size
    small_at = {
        token.cell for token in encounter.tokens.values() if footprints.get(token.size, 1) == 1
    }
    out: list[tuple[int, int, str]] = []
    for key, token in tokens:
        side = footprints.get(token.size, 1)
        col0, row0 = token.cell.col, token.cell.row
        cols = [c for c in range(col0, col0 + side) if c < encounter.width]
        rows = [r for r in range(row0, row0 + side) if r < encounter.height]
        if side == 1:
            out.append((row0, col0, marks[key]))
            continue
        free = [r for r in rows if not any(Cell(c, r) in small_at for c in cols)]
        label_row = free[0] if free else None
        for r in rows:
            if r == label_row:
                span = len(cols) * step - (1 if step > 1 else 0)  # the last gap is not its
                out.append((r, col0, marks[key][:span].ljust(span)))
            else:
                out += [(r, c, DITTO) for c in cols]
    return out


def terrain_legend(encounter: Encounter) -> str:
    """``. clear  # wall  : difficult``: the glyphs this board shows."""
    shown = [Terrain.CLEAR, *sorted(set(encounter.terrain.values()), key=list(Terrain).index)]
    return "  ".join(f"{glyph_of(k)} {k.value}" for k in shown)


def glyph_of(kind: Terrain) -> str:
    return TERRAIN_GLYPHS.get(kind.value, UNKNOWN_GLYPH)
