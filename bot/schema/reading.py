"""Reading a board from its declared shape: runs of squares sized before they are
expanded, names checked as /token add checks them, then the ``Encounter`` built.

Everything found wrong is collected as a ``Problem`` (where, what) rather than
stopping at the first, so a refused import says all that needs fixing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.encounter import (
    Activity,
    Background,
    Encounter,
    Template,
    Token,
    token_key,
)
from bot.grid.coords import Cell, EdgeKey, edge_key
from bot.grid.sizes import Size
from bot.grid.terrain import Barrier, Terrain
from bot.schema.codec import cell_of, read_once
from bot.schema.models import EncounterModel, TemplateModel, TokenModel
from bot.state import StateValue


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a board: where (``tokens[2].cell``) and what."""

    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}" if self.where else self.what


class Problems:
    """What a read found wrong so far."""

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def add(self, where: str, what: str) -> None:
        self.found.append(Problem(where, what))

    def __bool__(self) -> bool:
        return bool(self.found)


# ------------------------------------------------------------------- squares


def _corners(part: str) -> tuple[Cell, Cell]:
    first, _, last = part.partition(":")
    return cell_of(first), cell_of(last or first)


def _area_of(text: str, width: int, height: int, where: str, problems: Problems) -> int | None:
    """How many squares ``text``'s runs and rectangles name, none expanded; None when
    one is off the map (said in ``problems``)."""
    area = 0
    for part in text.split():
        a, b = _corners(part)
        for cell in (a, b):
            if not (cell.col < width and cell.row < height):
                problems.add(where, f"{cell} is off the {width}×{height} map")
                return None
        area += (abs(a.col - b.col) + 1) * (abs(a.row - b.row) + 1)
    return area


def _expand(text: str) -> list[Cell]:
    cells: list[Cell] = []
    for part in text.split():
        a, b = _corners(part)
        if a == b:
            cells.append(a)
            continue
        rows = range(min(a.row, b.row), max(a.row, b.row) + 1)
        cols = range(min(a.col, b.col), max(a.col, b.col) + 1)
        cells += [Cell(col, row) for row in rows for col in cols]
    return cells


T = TypeVar("T")


def _read_map_part(
    key: tuple[object, ...], read: Callable[[], tuple[T, list[Problem]]], problems: Problems
) -> T:
    """A part of the map (terrain, darkness, edges) read, with what is wrong with it:
    read once for the same text on a map of the same size (every command reads its
    channel's board; a map that doesn't change is checked once)."""
    part, found = read_once(key, read)
    problems.found += found
    return part  # type: ignore[no-any-return]


def _terrain(model: EncounterModel, problems: Problems) -> dict[Cell, Terrain]:
    """The terrain, each square one kind; the runs' sizes are checked first, so text
    that names more squares than the map has is refused without expanding it."""
    key = ("terrain", model.width, model.height, *sorted(model.terrain.items()))
    return _read_map_part(key, lambda: _read_terrain(model), problems)


def _read_terrain(model: EncounterModel) -> tuple[dict[Cell, Terrain], list[Problem]]:
    problems = Problems()
    areas = [
        _area_of(text, model.width, model.height, f"terrain.{kind}", problems)
        for kind, text in model.terrain.items()
    ]
    if problems:
        return {}, problems.found
    total = sum(a or 0 for a in areas)
    if total > model.width * model.height:
        problems.add("terrain", "names more squares than the map has (a square twice?)")
        return {}, problems.found
    terrain: dict[Cell, Terrain] = {}
    for kind, text in model.terrain.items():
        terrain.update(dict.fromkeys(_expand(text), Terrain(kind)))
    if len(terrain) != total:
        problems.add("terrain", "a square is given twice (in two kinds, or in two runs)")
    return terrain, problems.found


def _dark(model: EncounterModel, problems: Problems) -> frozenset[Cell]:
    key = ("dark", model.width, model.height, model.dark)
    return _read_map_part(key, lambda: _read_dark(model), problems)


def _read_dark(model: EncounterModel) -> tuple[frozenset[Cell], list[Problem]]:
    problems = Problems()
    area = _area_of(model.dark, model.width, model.height, "dark", problems)
    if area is None:
        return frozenset(), problems.found
    if area > model.width * model.height:
        problems.add("dark", "names more squares than the map has")
        return frozenset(), problems.found
    return frozenset(_expand(model.dark)), problems.found


def _edges_of(text: str, model: EncounterModel, where: str, problems: Problems) -> list[EdgeKey]:
    out: list[EdgeKey] = []
    for name in text.split():
        first, _, second = name.partition("/")
        a, b = cell_of(first), cell_of(second)
        if not all(c.col < model.width and c.row < model.height for c in (a, b)):
            problems.add(where, f"{name} is off the {model.width}×{model.height} map")
        elif abs(a.col - b.col) + abs(a.row - b.row) != 1:
            problems.add(where, f"{name}: an edge lies between two squares side by side")
        else:
            out.append(edge_key(a, b))
    return out


def _edges(model: EncounterModel, problems: Problems) -> dict[EdgeKey, Barrier]:
    """The walls and doors, each edge once."""
    key = ("edges", model.width, model.height, *sorted(model.edges.items()))
    return _read_map_part(key, lambda: _read_edges(model), problems)


def _read_edges(model: EncounterModel) -> tuple[dict[EdgeKey, Barrier], list[Problem]]:
    problems = Problems()
    edges: dict[EdgeKey, Barrier] = {}
    for kind, text in model.edges.items():
        for edge in _edges_of(text, model, f"edges.{kind}", problems):
            if edge in edges:
                problems.add(f"edges.{kind}", f"{edge[0]}/{edge[1]} is given twice")
            edges[edge] = Barrier(kind)
    return edges, problems.found


# ------------------------------------------------------------------- tokens

# The characters a name can't hold, as /token add says (a turn order is a comma
# list; a backtick would break the code blocks names are shown in).
_NOT_IN_NAMES = {
    ",": "a comma",
    "`": "a backtick",
    "\n": "a line break",
    "\r": "a line break",
    # the mark of the bot's own mentions (bot.reply.MENTION_MARK): a name holding it
    # would be drawn as a mention where replies escape what users typed
    "\u2060": "a word joiner (U+2060)",
}


def check_name(name: str) -> str | None:
    """What is wrong with ``name`` as a token's or template's name, or None."""
    if name != name.strip():
        return "a name has no spaces around it"
    for char, what in _NOT_IN_NAMES.items():
        if char in name:
            return f"a name can't hold {what}"
    if not token_key(name):
        return "a name needs a letter or a digit"
    return None


# Before they were typed (issue 27), the shared facts were keys of a token's state:
# read from there, they become the fields (a history row restores such a state too).
FACTS_IN_STATE = ("altitude_ft", "riding", "grappled_by", "traits", "hidden")


def _facts(raw: TokenModel) -> tuple[dict[str, StateValue], dict[str, Any]]:
    """The token's own state, and its shared facts (typed, or read from an older state)."""
    state = _state(raw.state, _legacy(raw, LEGACY_TOKEN_STATE))
    kept = {k: state.pop(k) for k in FACTS_IN_STATE if k in state}
    high, mount = kept.get("altitude_ft"), kept.get("riding")
    held, traits = kept.get("grappled_by"), kept.get("traits")
    return state, {
        "altitude_ft": raw.altitude_ft or (high if isinstance(high, int) else 0),
        "riding": raw.riding or (mount if isinstance(mount, str) and mount else None),
        "grappled_by": tuple(raw.grappled_by) or tuple(k for k in str(held or "").split(",") if k),
        "traits": tuple(sorted(set(raw.traits)))
        or tuple(sorted({t for t in str(traits or "").split(",") if t})),
        "hidden": raw.hidden or kept.get("hidden") is True,
    }


def _token(raw: TokenModel) -> Token:
    a = raw.activity
    state, facts = _facts(raw)
    return Token(
        name=raw.name,
        cell=cell_of(raw.cell),
        size=Size[raw.size.upper()],
        speed_ft=raw.speed_ft,
        speeds_ft={str(mode): feet for mode, feet in raw.speeds_ft.items()},
        hover=raw.hover,
        team=raw.team,
        owner=raw.owner,
        conditions=frozenset(raw.conditions),
        reach_ft=raw.reach_ft,
        reach_weapon=raw.reach_weapon,
        speed_bonus_ft=raw.speed_bonus_ft,
        speed_bonuses_ft=dict(raw.speed_bonuses_ft),
        activity=Activity(
            budget_ft=float(a.budget_ft),
            spent_ft=float(a.spent_ft),
            actions=tuple(a.actions),
            diagonals=a.diagonals,
            provoked_by=tuple(a.provoked_by),
            legs=tuple(tuple(cell_of(c) for c in leg) for leg in a.legs),
        ),
        initiative_bonus=raw.initiative_bonus,
        initiative=raw.initiative,
        reactions_used=raw.reactions_used,
        state=state,
        **facts,
    )


def _tokens(model: EncounterModel, problems: Problems) -> dict[str, Token]:
    tokens: dict[str, Token] = {}
    for i, raw in enumerate(model.tokens):
        where = f"tokens[{i}]"
        wrong = check_name(raw.name)
        if wrong:
            problems.add(f"{where}.name", f"{raw.name!r}: {wrong}")
            continue
        key = token_key(raw.name)
        if key in tokens:
            problems.add(
                f"{where}.name",
                f"{raw.name!r}: there is already a token named {tokens[key].name!r} "
                "(names ignore case)",
            )
            continue
        tokens[key] = _token(raw)
    return tokens


def _template(raw: TemplateModel) -> Template:
    return Template(
        name=raw.name,
        shape=raw.shape,
        size_ft=raw.size_ft,
        at=cell_of(raw.at),
        toward=cell_of(raw.toward) if raw.toward else None,
        follows=raw.follows,
        offset=raw.offset,
        placed_by=raw.placed_by,
        ends_in_round=raw.ends_in_round,
        ends_at_turn_of=raw.ends_at_turn_of if raw.ends_in_round is not None else None,
        from_corner=raw.from_corner,
        colour=raw.colour,
        centred=raw.centred,
    )


def _background(model: EncounterModel) -> Background | None:
    b = model.background
    if b is None:
        return None
    return Background(b.image, b.px_per_square, b.cell_px, b.offset_px, b.filename)


def build(model: EncounterModel, problems: Problems) -> Encounter:
    """The ``Encounter`` ``model`` describes, with what is wrong in its squares and
    names added to ``problems`` (an encounter built with problems is never used)."""
    terrain = _terrain(model, problems)
    dark = _dark(model, problems)
    edges = _edges(model, problems)
    hidden = _edges_of(model.hidden_edges, model, "hidden_edges", problems)
    for edge in hidden:
        if edge not in edges:
            problems.add("hidden_edges", f"{edge[0]}/{edge[1]} hides an edge that isn't there")
    for i, t in enumerate(model.templates):
        wrong = check_name(t.name)
        if wrong:
            problems.add(f"templates[{i}].name", f"{t.name!r}: {wrong}")
    return Encounter(
        width=model.width,
        height=model.height,
        ruleset=model.ruleset,
        gm_id=model.gm_id,
        terrain=terrain,
        tokens=_tokens(model, problems),
        order=tuple(model.order),
        turn_index=model.turn_index,
        round=model.round,
        options=_state(model.options, _legacy(model, LEGACY_OPTIONS)),
        dark=dark,
        edges=edges,
        co_gms=tuple(model.co_gms),
        templates=tuple(_template(t) for t in model.templates),
        background=_background(model),
        hidden_edges=frozenset(hidden),
        board_lines=tuple(model.board_lines),
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


def _legacy(raw: object, fields: Mapping[str, tuple[str, object]]) -> dict[str, StateValue]:
    out: dict[str, StateValue] = {}
    for name, (key, default) in fields.items():
        value: Any = getattr(raw, name, None)
        if value is not None and value != default:
            out[key] = value
    return out


def _state(
    data: Mapping[str, StateValue], legacy: Mapping[str, StateValue]
) -> dict[str, StateValue]:
    return dict(sorted({**legacy, **data}.items()))
