"""An encounter on a grid: the map, its terrain, the tokens and whose turn it is.

Values are frozen: a change makes a new ``Encounter`` (``dataclasses.replace``),
so an illegal move changes nothing and undo is a stored earlier value. The
JSON form (``to_json`` / ``from_json``) is what the database keeps; it names
cells as players do (``"C4"``) so a stored encounter reads well later.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Literal

from bot.errors import InvalidInput
from bot.grid.coords import Cell, EdgeKey, edge_key, edge_name
from bot.grid.sizes import Size
from bot.grid.terrain import Barrier, Terrain
from bot.names import Vocabulary, normalize
from bot.state import State, StateValue, with_values

Team = Literal["party", "enemy", "neutral"]
TEAMS: tuple[Team, ...] = ("party", "enemy", "neutral")
TEAM_NAMES = Vocabulary(
    "team",
    {
        "party": ("players", "pc", "pcs", "ally", "allies", "friend", "friends"),
        "enemy": ("enemies", "foe", "foes", "hostile", "monster", "monsters"),
        "neutral": ("npc", "npcs", "bystander"),
    },
)
MAX_TOKENS = 100
MAX_NAME = 32
DEFAULT_SIDE = 20
MAX_SIDE = 200


class Condition(StrEnum):
    """Conditions that change how a token moves or is moved past."""

    PRONE = "prone"
    GRAPPLED = "grappled"
    RESTRAINED = "restrained"
    IMMOBILIZED = "immobilized"
    SLOWED = "slowed"
    INCAPACITATED = "incapacitated"
    UNCONSCIOUS = "unconscious"
    PARALYZED = "paralyzed"
    STUNNED = "stunned"
    PETRIFIED = "petrified"
    HELPLESS = "helpless"
    BLINDED = "blinded"
    EXHAUSTED = "exhausted"
    FATIGUED = "fatigued"
    DEAD = "dead"
    # Only a single move or standard action a turn (3.5 "disabled", "staggered").
    STAGGERED = "staggered"
    # Not a condition so much as a nature: passes difficult terrain and most obstacles
    # (001 "Difficult Terrain", "Obstacles").
    INCORPOREAL = "incorporeal"
    # Sees in the dark: darkness doesn't hamper it (a sense, kept with the conditions).
    DARKVISION = "darkvision"
    # Unseen: 004 Withdraw, an invisible enemy still gets its attack of opportunity.
    INVISIBLE = "invisible"


CONDITION_NAMES = Vocabulary(
    "condition",
    {
        Condition.PRONE: ("down", "knocked-down"),
        Condition.GRAPPLED: ("grabbed",),
        Condition.RESTRAINED: ("bound",),
        Condition.IMMOBILIZED: ("held", "stuck"),
        Condition.SLOWED: ("slow",),
        Condition.INCAPACITATED: ("incap",),
        Condition.UNCONSCIOUS: ("ko", "asleep", "sleeping"),
        Condition.PARALYZED: ("paralysed",),
        Condition.STUNNED: (),
        Condition.INVISIBLE: ("unseen",),
        Condition.PETRIFIED: ("stoned",),
        Condition.HELPLESS: (),
        Condition.BLINDED: ("blind",),
        Condition.EXHAUSTED: ("exhaustion",),
        Condition.FATIGUED: ("tired",),
        Condition.DEAD: ("slain",),
        Condition.STAGGERED: ("disabled",),
        Condition.INCORPOREAL: ("ghostly",),
        Condition.DARKVISION: ("darksight", "sees-in-the-dark"),
    },
)

# Conditions that include others (000 "Conditions": Stunned is Incapacitated and
# Restrained; Unconscious is Paralyzed; Paralyzed is Stunned; Petrified is Unconscious).
IMPLIED: Mapping[Condition, tuple[Condition, ...]] = {
    Condition.PETRIFIED: (Condition.UNCONSCIOUS,),
    Condition.UNCONSCIOUS: (Condition.PARALYZED,),
    Condition.PARALYZED: (Condition.STUNNED,),
    Condition.STUNNED: (Condition.INCAPACITATED, Condition.RESTRAINED),
    Condition.RESTRAINED: (Condition.IMMOBILIZED,),
    Condition.GRAPPLED: (Condition.IMMOBILIZED,),
    Condition.IMMOBILIZED: (Condition.SLOWED,),
    Condition.DEAD: (Condition.HELPLESS, Condition.INCAPACITATED),
    Condition.HELPLESS: (Condition.INCAPACITATED,),
}
# A creature knocked Unconscious is down (000 Unconscious › Falling Unconscious, SRD 5.1
# Unconscious), so Unconscious includes Prone, except where Petrified is what makes it
# Unconscious: a statue doesn't fall over (000 Petrified: "though don't suffer the effects
# of Falling Unconscious"; no ruleset here makes a petrified creature prone). A token
# that was prone before it was petrified keeps its own Prone.
FALLING_UNCONSCIOUS: tuple[Condition, Condition] = (Condition.UNCONSCIOUS, Condition.PRONE)
FALLING_EXCEPTION = Condition.PETRIFIED


_KNOWN = frozenset(c.value for c in Condition)


def expand_conditions(conditions: Iterable[str]) -> frozenset[Condition]:
    """The conditions a token has, with everything they include."""
    out = _closure(conditions)
    fallen, prone = FALLING_UNCONSCIOUS
    if fallen in out and prone not in out and FALLING_EXCEPTION not in out:
        out = _closure((*out, prone))  # Conditions are their names (StrEnum)
    return out


def _closure(conditions: Iterable[str]) -> frozenset[Condition]:
    out: set[Condition] = set()
    # free-form reminders (frightened, charmed) change nothing here
    todo = [Condition(c) for c in conditions if c in _KNOWN]
    while todo:
        c = todo.pop()
        if c not in out:
            out.add(c)
            todo.extend(IMPLIED.get(c, ()))
    return frozenset(out)


@dataclass(frozen=True)
class Activity:
    """What a token has done with its movement this turn (or this round).

    ``budget_ft`` is the movement it has gained so far this turn (5e-alt's
    Movement; the d20 rulesets' allowance from the actions taken), ``spent_ft``
    what it used. ``diagonals`` continues the 1-2-1-2 count across the turn.
    """

    budget_ft: float = 0.0
    spent_ft: float = 0.0
    actions: tuple[str, ...] = ()
    diagonals: int = 0
    provoked_by: tuple[str, ...] = ()

    @property
    def left_ft(self) -> float:
        return max(0.0, self.budget_ft - self.spent_ft)

    @property
    def moved(self) -> bool:
        return self.spent_ft > 0 or any(a != "drop-prone" for a in self.actions)


@dataclass(frozen=True)
class Token:
    """A creature on the map; ``cell`` is its top-left square."""

    name: str
    cell: Cell
    size: Size = Size.MEDIUM
    speed_ft: int = 30  # walk / land speed as the ruleset reads it (becmi: normal speed)
    speeds_ft: Mapping[str, int] = field(default_factory=dict)  # fly, swim, climb, burrow
    hover: bool = False
    team: Team = "neutral"
    owner: str | None = None
    conditions: frozenset[str] = frozenset()
    reach_ft: int | None = None  # None: the ruleset's reach for the size
    reach_weapon: bool = False
    speed_bonus_ft: int = 0  # untyped: adds to any other
    # typed bonuses, the highest of each type (001 "Bonuses to Speed": multiple
    # bonuses of the same type don't stack)
    speed_bonuses_ft: Mapping[str, int] = field(default_factory=dict)
    activity: Activity = Activity()
    initiative_bonus: int = 0  # added to its d20 when /turn order rolls
    # what its ruleset keeps on it (race, armor, load, running rounds...): only the
    # ruleset that declared a key reads it
    state: State = field(default_factory=dict)

    @property
    def key(self) -> str:
        return token_key(self.name)

    @property
    def all_conditions(self) -> frozenset[Condition]:
        return expand_conditions(self.conditions)

    def has(self, condition: Condition) -> bool:
        return condition in self.all_conditions

    def with_state(self, **values: StateValue | None) -> Token:
        """The token with its ruleset's ``values`` set (None clears one)."""
        return replace(self, state=with_values(self.state, **values))

    @property
    def total_speed_bonus_ft(self) -> int:
        """The untyped bonus plus the best bonus of each type."""
        return self.speed_bonus_ft + sum(self.speed_bonuses_ft.values())


def token_key(name: str) -> str:
    return normalize(name)


TemplateShape = Literal["circle", "cone", "line", "square", "cube"]
TEMPLATE_SHAPES: tuple[str, ...] = ("circle", "cone", "line", "square", "cube")


@dataclass(frozen=True)
class Template:
    """An area on the board (a spell's, an aura): its shape and size, where it starts
    (``at``; for a cone or line, pointing ``toward``), and, when it ``follows`` a token,
    where it sits from that token's square (``offset``, so it moves with it)."""

    name: str
    shape: TemplateShape
    size_ft: int
    at: Cell
    toward: Cell | None = None
    follows: str | None = None  # a token's key
    offset: tuple[int, int] = (0, 0)
    # who placed it (a user id): they and the GM may remove it. None: placed before
    # templates had an owner, so only the GM may
    placed_by: str | None = None

    def origin(self, encounter: Encounter) -> Cell:
        """Where it starts now: following its token, or where it was put."""
        token = encounter.tokens.get(self.follows) if self.follows else None
        if token is None:
            return self.at
        return Cell(token.cell.col + self.offset[0], token.cell.row + self.offset[1])

    def aim(self, encounter: Encounter) -> Cell | None:
        """Where a cone or line points now (it turns with nothing; it moves with its token)."""
        if self.toward is None:
            return None
        moved = self.origin(encounter)
        return Cell(
            self.toward.col + moved.col - self.at.col, self.toward.row + moved.row - self.at.row
        )


@dataclass(frozen=True)
class Background:
    """The map image under the grid (/map background): which stored image (its
    digest), at how many px a square it was stored, and the grid as the GM gave it
    on the uploaded file (a square's px, the first square's corner)."""

    image: str
    px_per_square: int
    cell_px: int
    offset_px: tuple[int, int] = (0, 0)
    filename: str = ""


@dataclass(frozen=True)
class Encounter:
    width: int
    height: int
    ruleset: str
    gm_id: str
    terrain: Mapping[Cell, Terrain] = field(default_factory=dict)
    tokens: Mapping[str, Token] = field(default_factory=dict)  # by token_key, in order added
    order: tuple[str, ...] = ()  # token keys; empty: no turn order
    turn_index: int | None = None
    round: int = 1
    # the ruleset's own options (diagonals, units, outdoors...), as /encounter start set them
    options: State = field(default_factory=dict)
    dark: frozenset[Cell] = frozenset()  # squares in darkness (poor visibility)
    edges: Mapping[EdgeKey, Barrier] = field(default_factory=dict)  # walls, doors between
    co_gms: tuple[str, ...] = ()  # user ids the GM added (/encounter gm add): GMs here too
    templates: tuple[Template, ...] = ()  # areas on the board (/template add)
    background: Background | None = None  # a map image under the grid (/map background)
    # edges only the GM sees (a secret door): /terrain edge hidden:true
    hidden_edges: frozenset[EdgeKey] = frozenset()

    # ---------------------------------------------------------------- queries

    def token(self, name: str) -> Token:
        found = self.tokens.get(token_key(name))
        if found is None:
            listed = ", ".join(t.name for t in self.tokens.values()) or "none yet"
            raise InvalidInput(f'No token named "{name}" here. Tokens: {listed}.')
        return found

    def terrain_at(self, cell: Cell) -> Terrain:
        return self.terrain.get(cell, Terrain.CLEAR)

    def on_map(self, cell: Cell) -> bool:
        return 0 <= cell.col < self.width and 0 <= cell.row < self.height

    @property
    def acting(self) -> Token | None:
        if self.turn_index is None or not self.order:
            return None
        return self.tokens.get(self.order[self.turn_index])

    # ---------------------------------------------------------------- changes

    def with_token(self, token: Token) -> Encounter:
        tokens = dict(self.tokens)
        tokens[token.key] = token
        return replace(self, tokens=tokens)

    def without_token(self, key: str) -> Encounter:
        tokens = {k: t for k, t in self.tokens.items() if k != key}
        order = tuple(k for k in self.order if k != key)
        index = self.turn_index
        if index is not None and self.order:
            current = self.order[index]
            if current == key:
                index = index % len(order) if order else None
            else:
                index = order.index(current)
        return replace(self, tokens=tokens, order=order, turn_index=index if order else None)

    def barrier(self, a: Cell, b: Cell) -> Barrier | None:
        """What stands between two side-by-side squares (None: nothing)."""
        return self.edges.get(edge_key(a, b)) if self.edges else None

    def with_barriers(self, edges: Iterable[EdgeKey], kind: Barrier | None) -> Encounter:
        """The encounter with ``kind`` on ``edges`` (None clears them)."""
        changed = dict(self.edges)
        cleared: set[EdgeKey] = set()
        for edge in edges:
            if kind is None:
                changed.pop(edge, None)
                cleared.add(edge)
            else:
                changed[edge] = kind
        hidden = self.hidden_edges - cleared if cleared else self.hidden_edges
        return replace(self, edges=changed, hidden_edges=hidden)

    def in_dark(self, cells: Iterable[Cell], dark: bool) -> Encounter:
        """The encounter with ``cells`` dark (or lit again)."""
        given = frozenset(cells)
        return replace(self, dark=self.dark | given if dark else self.dark - given)

    def with_terrain(self, cells: Iterable[Cell], kind: Terrain) -> Encounter:
        terrain = dict(self.terrain)
        for cell in cells:
            if kind is Terrain.CLEAR:
                terrain.pop(cell, None)
            else:
                terrain[cell] = kind
        return replace(self, terrain=terrain)


# -------------------------------------------------------------------- JSON


_CELL_TEXT: dict[Cell, str] = {}
_TEXT_CELL: dict[str, Cell] = {}
_CACHED = 1 << 17  # cells named or read (a 360x360 map): the caches stop growing there


def _cell_text(cell: Cell) -> str:
    text = _CELL_TEXT.get(cell)
    if text is None:
        text = str(cell)
        if len(_CELL_TEXT) < _CACHED:
            _CELL_TEXT[cell] = text
    return text


def _text_cell(text: str) -> Cell:
    cell = _TEXT_CELL.get(text)
    if cell is None:
        cell = Cell.parse(text)
        if len(_TEXT_CELL) < _CACHED:
            _TEXT_CELL[text] = cell
    return cell


# The map's parts last read or written, by their JSON (read) and by identity
# (written): a state read again shares its terrain, darkness and edges with the last
# read (they are never changed in place), so writing it back and compiling its map
# (bot.rules.engine.compiled, which keeps its tables by identity) cost nothing twice.
_READ: OrderedDict[Hashable, Any] = OrderedDict()
_WRITTEN: OrderedDict[int, tuple[object, Any]] = OrderedDict()
_KEPT = 32
_LOCK = threading.Lock()


def _read_once(key: Hashable, make: Callable[[], Any]) -> Any:
    with _LOCK:
        found = _READ.get(key)
        if found is not None:
            _READ.move_to_end(key)
            return found
    made = make()
    with _LOCK:
        _READ[key] = made
        while len(_READ) > _KEPT:
            _READ.popitem(last=False)
    return made


def _written_once(part: object, make: Callable[[], Any]) -> Any:
    with _LOCK:
        found = _WRITTEN.get(id(part))
        if found is not None and found[0] is part:
            _WRITTEN.move_to_end(id(part))
            return found[1]
    made = make()
    with _LOCK:
        _WRITTEN[id(part)] = (part, made)
        while len(_WRITTEN) > _KEPT:
            _WRITTEN.popitem(last=False)
    return made


def _runs_json(cells: Iterable[Cell]) -> str:
    """Cells as text, row by row: a run along a row as its ends ("A1:D1"), a lone
    square by itself ("F1"). A map's terrain comes in runs, so this is far shorter
    (and quicker to read back) than one name per square."""
    ordered = sorted([(c.row, c.col) for c in cells])
    parts: list[str] = []
    i, n = 0, len(ordered)
    while i < n:
        row, first = ordered[i]
        last = first
        i += 1
        while i < n and ordered[i][0] == row and ordered[i][1] == last + 1:
            last += 1
            i += 1
        start = _cell_text(Cell(first, row))
        parts.append(start if last == first else f"{start}:{_cell_text(Cell(last, row))}")
    return " ".join(parts)


def _runs_from_json(text: str) -> list[Cell]:
    """``_runs_json``'s cells; also reads one name per square (encounters stored
    before runs) and any rectangle given by two corners."""
    cells: list[Cell] = []
    for part in text.split():
        first, sep, last = part.partition(":")
        if not sep:
            cells.append(_text_cell(part))
            continue
        a, b = _text_cell(first), _text_cell(last)
        rows = range(min(a.row, b.row), max(a.row, b.row) + 1)
        cols = range(min(a.col, b.col), max(a.col, b.col) + 1)
        cells += [Cell(col, row) for row in rows for col in cols]
    return cells


def _terrain_json(terrain: Mapping[Cell, Terrain]) -> dict[str, str]:
    by_kind: dict[Terrain, list[Cell]] = {}
    for cell, kind in terrain.items():
        found = by_kind.get(kind)
        if found is None:
            by_kind[kind] = [cell]
        else:
            found.append(cell)
    return {k.value: _runs_json(v) for k, v in sorted(by_kind.items(), key=_kind_name)}


def _terrain_from_json(data: Mapping[str, str]) -> dict[Cell, Terrain]:
    terrain: dict[Cell, Terrain] = {}
    for kind, cells in data.items():
        terrain.update(dict.fromkeys(_runs_from_json(cells), Terrain(kind)))
    return terrain


def to_json(e: Encounter) -> dict[str, Any]:
    return {
        "width": e.width,
        "height": e.height,
        "ruleset": e.ruleset,
        "gm_id": e.gm_id,
        "terrain": dict(_written_once(e.terrain, lambda: _terrain_json(e.terrain))),
        "tokens": [_token_json(t) for t in e.tokens.values()],
        "order": list(e.order),
        "turn_index": e.turn_index,
        "round": e.round,
        "options": dict(sorted(e.options.items())),
        "dark": _written_once(e.dark, lambda: _runs_json(e.dark)),
        "edges": dict(_written_once(e.edges, lambda: _edges_json(e.edges))),
        # written only when there are some: states without co-GMs stay as they were
        **({"co_gms": list(e.co_gms)} if e.co_gms else {}),
        **({"templates": [_template_json(t) for t in e.templates]} if e.templates else {}),
        **({"background": _background_json(e.background)} if e.background else {}),
        **({"hidden_edges": _edge_names(e.hidden_edges)} if e.hidden_edges else {}),
    }


def _edge_names(edges: Iterable[EdgeKey]) -> str:
    return " ".join(
        edge_name(e) for e in sorted(edges, key=lambda e: (e[0].row, e[0].col, e[1].row, e[1].col))
    )


def _edges_named(text: str) -> frozenset[EdgeKey]:
    out: set[EdgeKey] = set()
    for name in text.split():
        a, _, b = name.partition("/")
        out.add(edge_key(Cell.parse(a), Cell.parse(b)))
    return frozenset(out)


def _background_json(b: Background) -> dict[str, Any]:
    return {
        "image": b.image,
        "px_per_square": b.px_per_square,
        "cell_px": b.cell_px,
        "offset_px": list(b.offset_px),
        "filename": b.filename,
    }


def _background_from_json(raw: Mapping[str, Any] | None) -> Background | None:
    if not raw:
        return None
    offset = raw.get("offset_px", (0, 0))
    return Background(
        image=str(raw["image"]),
        px_per_square=int(raw["px_per_square"]),
        cell_px=int(raw["cell_px"]),
        offset_px=(int(offset[0]), int(offset[1])),
        filename=str(raw.get("filename", "")),
    )


def _template_json(t: Template) -> dict[str, Any]:
    out: dict[str, Any] = {"name": t.name, "shape": t.shape, "size_ft": t.size_ft, "at": str(t.at)}
    if t.toward is not None:
        out["toward"] = str(t.toward)
    if t.follows is not None:
        out["follows"] = t.follows
        out["offset"] = list(t.offset)
    if t.placed_by is not None:
        out["placed_by"] = t.placed_by
    return out


def _template_from_json(raw: Mapping[str, Any]) -> Template:
    shape = str(raw["shape"])
    if shape not in TEMPLATE_SHAPES:
        raise ValueError(f"unknown template shape {shape!r}")
    offset = raw.get("offset", (0, 0))
    return Template(
        name=str(raw["name"]),
        shape=shape,  # type: ignore[arg-type]
        size_ft=int(raw["size_ft"]),
        at=Cell.parse(str(raw["at"])),
        toward=Cell.parse(str(raw["toward"])) if raw.get("toward") else None,
        follows=str(raw["follows"]) if raw.get("follows") else None,
        offset=(int(offset[0]), int(offset[1])),
        placed_by=str(raw["placed_by"]) if raw.get("placed_by") else None,
    )


def _kind_name(item: tuple[Terrain, list[Cell]]) -> str:
    return item[0].value


def _edges_json(edges: Mapping[EdgeKey, Barrier]) -> dict[str, str]:
    by_kind: dict[str, list[str]] = {}
    for edge in sorted(edges, key=lambda e: (e[0].row, e[0].col, e[1].row, e[1].col)):
        by_kind.setdefault(edges[edge].value, []).append(edge_name(edge))
    return {k: " ".join(v) for k, v in sorted(by_kind.items())}


def _edges_from_json(data: Mapping[str, str]) -> dict[EdgeKey, Barrier]:
    edges: dict[EdgeKey, Barrier] = {}
    for kind, names in data.items():
        for name in names.split():
            a, _, b = name.partition("/")
            edges[edge_key(Cell.parse(a), Cell.parse(b))] = Barrier(kind)
    return edges


def _token_json(t: Token) -> dict[str, Any]:
    a = t.activity
    return {
        "name": t.name,
        "cell": str(t.cell),
        "size": t.size.name.lower(),
        "speed_ft": t.speed_ft,
        "speeds_ft": dict(sorted(t.speeds_ft.items())),
        "hover": t.hover,
        "team": t.team,
        "owner": t.owner,
        "conditions": sorted(t.conditions),
        "reach_ft": t.reach_ft,
        "reach_weapon": t.reach_weapon,
        "speed_bonus_ft": t.speed_bonus_ft,
        "speed_bonuses_ft": dict(sorted(t.speed_bonuses_ft.items())),
        "activity": {
            "budget_ft": a.budget_ft,
            "spent_ft": a.spent_ft,
            "actions": list(a.actions),
            "diagonals": a.diagonals,
            "provoked_by": list(a.provoked_by),
        },
        "initiative_bonus": t.initiative_bonus,
        "state": dict(sorted(t.state.items())),
    }


def from_json(data: Mapping[str, Any]) -> Encounter:
    terrain_data: Mapping[str, str] = data.get("terrain", {})
    terrain = _read_once(
        ("terrain", *sorted(terrain_data.items())), lambda: _terrain_from_json(terrain_data)
    )
    dark_text = str(data.get("dark", ""))
    edges_data: Mapping[str, str] = data.get("edges", {})
    tokens = {}
    for raw in data.get("tokens", []):
        token = _token_from_json(raw)
        tokens[token.key] = token
    return Encounter(
        width=int(data["width"]),
        height=int(data["height"]),
        ruleset=str(data["ruleset"]),
        gm_id=str(data["gm_id"]),
        co_gms=tuple(str(u) for u in data.get("co_gms", ())),
        templates=tuple(_template_from_json(t) for t in data.get("templates", ())),
        background=_background_from_json(data.get("background")),
        hidden_edges=_edges_named(str(data.get("hidden_edges", ""))),
        terrain=terrain,
        tokens=tokens,
        order=tuple(data.get("order", ())),
        turn_index=data.get("turn_index"),
        round=int(data.get("round", 1)),
        options=_state_from_json(data.get("options", {}), _legacy(data, LEGACY_OPTIONS)),
        dark=_read_once(("dark", dark_text), lambda: frozenset(_runs_from_json(dark_text))),
        edges=_read_once(
            ("edges", *sorted(edges_data.items())), lambda: _edges_from_json(edges_data)
        ),
    )


def _token_from_json(raw: Mapping[str, Any]) -> Token:
    a = raw.get("activity", {})
    return Token(
        name=raw["name"],
        cell=_text_cell(raw["cell"]),
        size=Size[raw.get("size", "medium").upper()],
        speed_ft=int(raw.get("speed_ft", 30)),
        speeds_ft={str(k): int(v) for k, v in raw.get("speeds_ft", {}).items()},
        hover=bool(raw.get("hover", False)),
        team=raw.get("team", "neutral"),
        owner=raw.get("owner"),
        conditions=frozenset(raw.get("conditions", ())),
        reach_ft=raw.get("reach_ft"),
        reach_weapon=bool(raw.get("reach_weapon", False)),
        speed_bonus_ft=int(raw.get("speed_bonus_ft", 0)),
        speed_bonuses_ft={str(k): int(v) for k, v in raw.get("speed_bonuses_ft", {}).items()},
        activity=Activity(
            budget_ft=float(a.get("budget_ft", 0)),
            spent_ft=float(a.get("spent_ft", 0)),
            actions=tuple(a.get("actions", ())),
            diagonals=int(a.get("diagonals", 0)),
            provoked_by=tuple(a.get("provoked_by", ())),
        ),
        initiative_bonus=int(raw.get("initiative_bonus", 0)),
        state=_state_from_json(raw.get("state", {}), _legacy(raw, LEGACY_TOKEN_STATE)),
    )


# Encounters stored before the rulesets kept their own state had these as flat
# fields: each maps to its key in ``options`` / ``state`` and the value that was
# the default (not carried over, as ``with_values`` never stores a default).
LEGACY_OPTIONS: Mapping[str, tuple[str, object]] = {
    "diagonal_rule": ("diagonals", "5"),
    "outdoors": ("outdoors", False),
    "units": ("units", False),
}
LEGACY_TOKEN_STATE: Mapping[str, tuple[str, object]] = {
    "body": ("body", "tall"),
    "race": ("race", None),
    "armor": ("armor", None),
    "load": ("load", None),
    "running_rounds": ("running_rounds", 0),
    "exhaustion": ("exhaustion", 0),
    "last_mode": ("last_mode", "walk"),
}


def _legacy(raw: Mapping[str, Any], fields: Mapping[str, tuple[str, object]]) -> dict[str, Any]:
    return {
        key: raw[name]
        for name, (key, default) in fields.items()
        if name in raw and raw[name] is not None and raw[name] != default
    }


def _state_from_json(data: Mapping[str, Any], legacy: Mapping[str, Any]) -> dict[str, StateValue]:
    state: dict[str, StateValue] = {}
    for key, value in {**legacy, **data}.items():
        if not isinstance(value, str | int | bool):
            raise ValueError(f"state {key!r}: {value!r} is not a text, number or flag")
        state[str(key)] = value
    return dict(sorted(state.items()))
