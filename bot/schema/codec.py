"""Writing a board as the JSON the database keeps and an export carries.

The shape written here is the one ``bot.schema.models`` declares and
``bot.schema.read`` checks; the suite reads back everything it writes
(tests/schema/), so the two cannot drift. Cells are named as players name them
("C4"), terrain as runs along rows ("A1:D1"), so a stored board reads well later
and a big map stays small.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any

from bot.encounter import Background, Encounter, Template, Token
from bot.grid.coords import Cell, EdgeKey, edge_name
from bot.grid.terrain import Barrier, Terrain

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


def cell_of(text: str) -> Cell:
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


def read_once(key: Hashable, make: Callable[[], Any]) -> Any:
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


def _terrain_json(terrain: Mapping[Cell, Terrain]) -> dict[str, str]:
    by_kind: dict[Terrain, list[Cell]] = {}
    for cell, kind in terrain.items():
        found = by_kind.get(kind)
        if found is None:
            by_kind[kind] = [cell]
        else:
            found.append(cell)
    return {k.value: _runs_json(v) for k, v in sorted(by_kind.items(), key=_kind_name)}


def to_json(e: Encounter) -> dict[str, Any]:
    """The board as JSON-ready data (``bot.schema.dump`` makes it the stored text)."""
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
        **({"board_lines": list(e.board_lines)} if e.board_lines else {}),
    }


def _edge_names(edges: Iterable[EdgeKey]) -> str:
    return " ".join(
        edge_name(e) for e in sorted(edges, key=lambda e: (e[0].row, e[0].col, e[1].row, e[1].col))
    )


def _background_json(b: Background) -> dict[str, Any]:
    return {
        "image": b.image,
        "px_per_square": b.px_per_square,
        "cell_px": b.cell_px,
        "offset_px": list(b.offset_px),
        "filename": b.filename,
    }


def _template_json(t: Template) -> dict[str, Any]:
    out: dict[str, Any] = {"name": t.name, "shape": t.shape, "size_ft": t.size_ft, "at": str(t.at)}
    if t.toward is not None:
        out["toward"] = str(t.toward)
    if t.follows is not None:
        out["follows"] = t.follows
        out["offset"] = list(t.offset)
    if t.placed_by is not None:
        out["placed_by"] = t.placed_by
    if t.ends_in_round is not None:
        out["ends_in_round"] = t.ends_in_round
        if t.ends_at_turn_of is not None:
            out["ends_at_turn_of"] = t.ends_at_turn_of
    if t.from_corner:
        out["from_corner"] = True
    if t.centred:
        out["centred"] = True
    if t.colour != "purple":
        out["colour"] = t.colour
    return out


def _kind_name(item: tuple[Terrain, list[Cell]]) -> str:
    return item[0].value


def _edges_json(edges: Mapping[EdgeKey, Barrier]) -> dict[str, str]:
    by_kind: dict[str, list[str]] = {}
    for edge in sorted(edges, key=lambda e: (e[0].row, e[0].col, e[1].row, e[1].col)):
        by_kind.setdefault(edges[edge].value, []).append(edge_name(edge))
    return {k: " ".join(v) for k, v in sorted(by_kind.items())}


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
            **({"legs": [[str(c) for c in leg] for leg in a.legs]} if a.legs else {}),
        },
        "initiative_bonus": t.initiative_bonus,
        "state": dict(sorted(t.state.items())),
        # the shared facts, written only when they hold (most tokens have none)
        **({"altitude_ft": t.altitude_ft} if t.altitude_ft else {}),
        **({"riding": t.riding} if t.riding else {}),
        **({"grappled_by": list(t.grappled_by)} if t.grappled_by else {}),
        **({"traits": list(t.traits)} if t.traits else {}),
        **({"hidden": True} if t.hidden else {}),
        **({"reactions_used": t.reactions_used} if t.reactions_used else {}),
        **({"initiative": t.initiative} if t.initiative is not None else {}),
    }


def dump_state(encounter: Encounter) -> str:
    """The board as the database keeps it: the same state always gives the same text.
    A number that isn't finite can't be written (it could never be read back)."""
    return json.dumps(to_json(encounter), separators=(",", ":"), sort_keys=True, allow_nan=False)
