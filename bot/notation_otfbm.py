"""Reading a board as users paste it: an otfbm.io URL (with or without its scheme, view
options and ``?bg=`` query) or its bare path, or Stride's own ``20x15 D4Mr-GO1`` line.

Entries are separated by ``/`` or spaces and read in any case, as OTFBM reads them
(otfbm/docs pages/tokens.md, wallsanddoors.md, objects.md, overlays.md, view.md):
- ``20x15``: the board's size; ``M3:Q6`` or ``B3:10x10`` (a panned view) reaches to
  its far corner.
- tokens: square, size letters (T S M L H G), a colour (one or two letters, or ``~`` and
  hex digits), ``-label``, then ``~image`` (skipped). ``D4G`` is a green token: a
  Gargantuan one needs its colour (``D4GR``), and ``GY`` alone is Gargantuan yellow.
- ``_B3J3_B6J6``: walls along grid lines, from corner to corner (a square's name is its
  top-left corner); ``-d`` before a corner makes the piece ending there a closed door,
  ``-b`` a double door, ``-o`` an open one, ``-s`` a secret door (the GM's alone).
- ``a1d3$po``: an object over squares; the ones that hamper or block moving become
  terrain (``OBJECT_TERRAIN``; a puddle is water unless coloured other than blue or
  cyan), the rest are skipped.
- ``*...`` overlays (arrows, spell areas, fog), ``@...`` view options, token images and
  backgrounds mean nothing on Stride's board: skipped, and said so in one line.
Anything else is named as not read; a paste with nothing usable is refused.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise
from urllib.parse import unquote

from bot.errors import InvalidInput
from bot.grid.coords import Cell, edge_key
from bot.grid.terrain import Barrier, Terrain
from bot.notation import (
    COLOUR_RGB,
    COLOURS,
    MAX_ENTRIES,
    MAX_LABEL,
    SIZE_LETTERS,
    NotedBoard,
    NotedEdge,
    NotedToken,
)

_COLOUR = r"PK|PU|BK|GY|BN|[WKEARGBYPCNOI]|~[0-9A-F]{6}|~[0-9A-F]{3}"
_CELL = r"[A-Z]{1,2}[0-9]{1,3}"
_SIZE = re.compile(r"^([0-9]{1,3})\s*[x×]\s*([0-9]{1,3})$", re.I)
_PAN = re.compile(rf"^({_CELL}):(?:({_CELL})|([0-9]{{1,3}})x([0-9]{{1,3}}))$", re.I)
_TOKEN = re.compile(
    rf"^(?P<cell>{_CELL})(?P<size>[TSMLHG]*?)(?P<colour>{_COLOUR})?"
    r"(?:-(?P<label>[^~]+))?(?P<image>~[a-z0-9]+~?)?$",
    re.I,
)
_OBJECT = re.compile(rf"^({_CELL})({_CELL})?({_COLOUR})?\$([A-Z]{{1,2}})?$", re.I)
_WALL_POINT = re.compile(rf"(-[BDOS])?(-C(?:{_COLOUR}))?({_CELL})", re.I)
_URL = re.compile(r"^(?:https?://)?(?:www\.)?otfbm\.io(?=/|$)", re.I)
# OTFBM's objects (otfbm/docs pages/objects.md) that stand for something in the way
OBJECT_TERRAIN: dict[str, Terrain] = {
    "bw": Terrain.WALL,  # brick wall
    "pa": Terrain.WALL,  # palisade
    "ps": Terrain.WALL,  # square pillar: fills its square
    "pr": Terrain.PILLAR,  # round pillar
    "co": Terrain.PILLAR,  # column
    "gs": Terrain.PILLAR,  # gargoyle statue
    "ss": Terrain.PILLAR,  # star statue
    "po": Terrain.PIT,  # open pit
    "sp": Terrain.PIT,  # spiked pit
    "pc": Terrain.HAZARD,  # covered pit
    "tr": Terrain.HAZARD,  # trap
    "tw": Terrain.HAZARD,  # trip wire
    "fi": Terrain.HAZARD,  # fire
    "we": Terrain.DIFFICULT,  # web
    "or": Terrain.DIFFICULT,  # thorns
    "ow": Terrain.DIFFICULT,  # crowd
    "ta": Terrain.OBSTACLE,  # table
    "pu": Terrain.WATER,  # puddle: the only water OTFBM draws (uncoloured, blue or cyan)
}
WATER_COLOURS = (None, "blue", "cyan")
DOOR_OF_LETTER = {
    "d": Barrier.DOOR,
    "b": Barrier.DOOR,
    "o": Barrier.OPEN_DOOR,
    "s": Barrier.DOOR,
}
ACCEPTED = (
    "an otfbm.io link (https://otfbm.io/20x15/D4Mr-GO1/E7-Ari) or its path: a board size "
    "(20x15), tokens (square, size letter, colour, -label: D4Mr-GO1) and walls (_B3J3)"
)


def _distance(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True))


def colour_name(code: str | None) -> str | None:
    """The colour a code names (OTFBM's letters, any case, or ``~hex``: the nearest)."""
    if not code:
        return None
    if code.startswith("~"):
        digits = code[1:]
        if len(digits) == 3:
            digits = "".join(d * 2 for d in digits)
        rgb = tuple(int(digits[i : i + 2], 16) for i in (0, 2, 4))
        return min(COLOUR_RGB, key=lambda c: _distance(rgb, c[1]))[0]
    return COLOURS[code.lower()]


def read_token(match: re.Match[str]) -> NotedToken:
    """A token entry matched by ``_TOKEN``, read as OTFBM reads it."""
    sizes, colour = match["size"].upper(), match["colour"]
    if not sizes and colour is not None and colour.upper() == "GY":
        sizes, colour = "G", "y"  # OTFBM: "GY" alone is Gargantuan yellow
    size = SIZE_LETTERS.get(sizes, SIZE_LETTERS["M"])
    label = (match["label"] or "").replace(" ", "_")
    return NotedToken(Cell.parse(match["cell"]), label, size, colour_name(colour))


class _Reading:
    """What a paste holds, gathered entry by entry."""

    def __init__(self) -> None:
        self.width: int | None = None
        self.height: int | None = None
        self.tokens: list[NotedToken] = []
        self.edges: dict[tuple[Cell, Cell], NotedEdge] = {}
        self.terrain: dict[Cell, Terrain] = {}
        self.skipped: Counter[str] = Counter()
        self.unread: list[str] = []

    def entry(self, text: str) -> None:
        try:
            self.read(text)
        except InvalidInput:  # a square with no row 0 (A0): not notation
            self.unread.append(text)

    def read(self, text: str) -> None:
        if (size := _SIZE.match(text)) is not None:
            self.width, self.height = int(size[1]), int(size[2])
        elif (pan := _PAN.match(text)) is not None:
            self.view(pan)
        elif (token := _TOKEN.match(text)) is not None:
            self.tokens.append(read_token(token))
            if token["image"]:
                self.skipped["token images"] += 1
        elif (thing := _OBJECT.match(text)) is not None:
            self.object(thing)
        elif text.startswith("_"):
            self.walls(text[1:])
        elif text.startswith("*"):
            self.skipped["fog" if text[1:2].lower() == "f" else "overlays (arrows, areas)"] += 1
        elif text.startswith("@"):
            self.skipped["view options"] += 1
        else:
            self.unread.append(text)

    def view(self, pan: re.Match[str]) -> None:
        """A panned view: the board reaches its far corner (unless a size is given)."""
        start = Cell.parse(pan[1])
        if pan[2]:
            far = Cell.parse(pan[2])
            wide, high = far.col + 1, far.row + 1
        else:
            wide, high = start.col + int(pan[3]), start.row + int(pan[4])
        self.skipped["panned view"] += 1
        if self.width is None or self.height is None:
            self.width, self.height = wide, high

    def object(self, thing: re.Match[str]) -> None:
        first = Cell.parse(thing[1])
        last = Cell.parse(thing[2]) if thing[2] else first
        kind = OBJECT_TERRAIN.get((thing[4] or "").lower())
        if kind is Terrain.WATER and colour_name(thing[3]) not in WATER_COLOURS:
            kind = None  # a golden puddle (OTFBM's own example) is no water to swim
        if kind is None:
            self.skipped["objects"] += 1
            return
        for col in range(min(first.col, last.col), max(first.col, last.col) + 1):
            for row in range(min(first.row, last.row), max(first.row, last.row) + 1):
                self.terrain[Cell(col, row)] = kind

    def walls(self, text: str) -> None:
        for line in text.split("_"):
            points = list(_WALL_POINT.finditer(line))
            if any(p[2] for p in points):
                self.skipped["wall colours"] += 1
            for start, end in pairwise(points):
                door = (end[1] or "")[1:].lower()
                self.segment(Cell.parse(start[3]), Cell.parse(end[3]), door)

    def segment(self, start: Cell, end: Cell, door: str) -> None:
        """A wall from one grid corner to another (a square's name: its top-left)."""
        if start.col != end.col and start.row != end.row:
            self.skipped["diagonal walls"] += 1
            return
        down = start.col == end.col
        low, high = sorted((start.row, end.row) if down else (start.col, end.col))
        length = high - low
        middle = {length // 2} if length % 2 else {length // 2 - 1, length // 2}
        for i, at in enumerate(range(low, high)):
            a, b = (
                (Cell(start.col - 1, at), Cell(start.col, at))
                if down
                else (
                    Cell(at, start.row - 1),
                    Cell(at, start.row),
                )
            )
            if min(a.col, a.row) < 0:
                continue  # the map's own border
            barrier = DOOR_OF_LETTER[door] if door and i in middle else Barrier.WALL
            key = edge_key(a, b)
            self.edges[key] = NotedEdge(key, barrier, secret=door == "s" and i in middle)

    def skipped_line(self) -> tuple[str, ...]:
        said = [f"{n} {what}" if n > 1 else what for what, n in self.skipped.items()]
        if self.unread:
            shown = ", ".join(self.unread[:5]) + (", …" if len(self.unread) > 5 else "")
            said.append(f"not map notation: {shown}")
        return tuple(said)


def split_paste(text: str) -> tuple[list[str], list[str]]:
    """A paste → its entries, and what its query said (``?bg=``: a background...)."""
    text = text.strip().strip("<>").strip()
    if (url := _URL.match(text)) is not None:
        text = text[url.end() :]
    query: list[str] = []
    path, mark, rest = text.partition("?")
    if mark:
        query = [p.partition("=")[0].lower() for p in re.split(r"[&\s]+", rest) if p]
    path = path.partition("#")[0]
    entries = [unquote(e).strip() for e in re.split(r"[\s/]+", path) if e]
    return [e for e in entries if e], query


QUERY_NAMES = {"bg": "background image", "load": "loaded setup"}


def _unique(tokens: list[NotedToken]) -> tuple[list[NotedToken], list[str]]:
    """Names kept apart: a label given twice gets a number (OTFBM allows repeats), a
    token without one is named Token 1, Token 2..."""
    taken = {t.label.casefold() for t in tokens if t.label}
    seen: set[str] = set()
    out: list[NotedToken] = []
    renamed: list[str] = []
    for token in tokens:
        label = token.label
        if label and label.casefold() not in seen:
            seen.add(label.casefold())
            out.append(token)
            continue
        stem, n = (label, 2) if label else ("Token", 1)
        while f"{stem}_{n}".casefold() in taken | seen:
            n += 1
        new = f"{stem}_{n}"
        seen.add(new.casefold())
        renamed.append(f"{label or 'no label'} at {token.cell} → {new.replace('_', ' ')}")
        out.append(NotedToken(token.cell, new, token.size, token.colour))
    return out, renamed


def parse_board(text: str) -> NotedBoard:
    """A pasted board (an otfbm.io link, its path, or ``20x15 D4Mr-GO1 / E7Mr-GO2``) → its
    size, tokens, walls, doors and terrain, with what was skipped."""
    entries, query = split_paste(text)
    reading = _Reading()
    for entry in entries:
        reading.entry(entry)
    for name in query:
        reading.skipped[QUERY_NAMES.get(name, f"?{name}=")] += 1
    if reading.width is None and not (reading.tokens or reading.edges or reading.terrain):
        said = "; ".join(reading.skipped_line())
        only = f" (only what means nothing on Stride's board: {said})" if said else ""
        raise InvalidInput(f"Nothing to read as a board{only}. Give {ACCEPTED}.")
    if len(reading.tokens) > MAX_ENTRIES:
        raise InvalidInput(f"At most {MAX_ENTRIES} tokens in one notation, please.")
    long = [t.label for t in reading.tokens if len(t.label) > MAX_LABEL]
    if long:
        raise InvalidInput(f'"{long[0]}": a label is at most {MAX_LABEL} characters.')
    tokens, renamed = _unique(reading.tokens)
    return NotedBoard(
        reading.width,
        reading.height,
        tuple(tokens),
        edges=tuple(sorted(reading.edges.values(), key=lambda e: e.edge)),
        terrain=tuple(sorted(reading.terrain.items())),
        skipped=reading.skipped_line(),
        renamed=tuple(renamed),
    )
