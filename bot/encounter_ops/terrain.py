"""The terrain changes: /terrain set, light, edge and clear, and /door."""

from __future__ import annotations

from dataclasses import replace

from bot.encounter import Encounter
from bot.encounter_ops.access import Actor, is_gm, require_control, require_gm, require_turn
from bot.encounter_ops.outcomes import TerrainEdit
from bot.encounter_ops.placement import NO_STANDING, squares_of
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell, edge_name, parse_cells, parse_edges
from bot.grid.geometry import footprint
from bot.grid.terrain import BARRIER_NAMES, Barrier, Terrain, parse_terrain
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import Note

MAX_TERRAIN_CELLS = 2000


def set_terrain(
    encounter: Encounter, ruleset: Ruleset, actor: Actor, cells_text: str, kind_text: str
) -> TerrainEdit:
    """/terrain set: one kind on the cells given; nothing solid under a token."""
    require_gm(encounter, actor, "change terrain")
    kind = parse_terrain(kind_text)
    cells = parse_cells(cells_text, encounter.width, encounter.height, limit=MAX_TERRAIN_CELLS)
    if kind in NO_STANDING:
        chosen = set(cells)
        for token in encounter.tokens.values():
            under = [c for c in squares_of(token, ruleset) if c in chosen]
            if under:
                raise IllegalMove(
                    f"{token.name} stands on {under[0]}: it can't be {kind.value} while a "
                    f"token is there. Move or remove {token.name} first, or leave that square out."
                )
    return _terrain_edit(encounter, cells, kind, f"{kind.value} on {_cells_summary(cells)}")


def set_light(encounter: Encounter, actor: Actor, cells_text: str, dark: bool) -> TerrainEdit:
    """/terrain light: squares in darkness, or lit again (the GM's)."""
    require_gm(encounter, actor, "change the light")
    cells = parse_cells(cells_text, encounter.width, encounter.height, limit=MAX_TERRAIN_CELLS)
    after = encounter.in_dark(cells, dark)
    changed = len(after.dark ^ encounter.dark)
    what = "darkness" if dark else "light"
    return TerrainEdit(
        after, f"{what} on {_cells_summary(cells)}", Terrain.CLEAR, tuple(cells), changed
    )


def set_barriers(
    encounter: Encounter,
    actor: Actor,
    cells_text: str,
    kind_text: str,
    side: str | None,
    hidden: bool | None = None,
) -> TerrainEdit:
    """/terrain edge: walls, low walls and doors on the edges between squares (GM);
    ``hidden`` True hides them from players (a secret door), False shows them again."""
    require_gm(encounter, actor, "put walls and doors between squares")
    name = BARRIER_NAMES.match(kind_text)
    edges = parse_edges(cells_text, encounter.width, encounter.height, side)
    if len(edges) > MAX_TERRAIN_CELLS:
        raise InvalidInput(f"That is more than {MAX_TERRAIN_CELLS} edges at once.")
    kind = None if name == "clear" else Barrier(name)
    if kind is None and hidden:
        raise InvalidInput("hidden:true hides a wall or door: give kind:wall, door...")
    after = encounter.with_barriers(edges, kind)
    if hidden is not None and kind is not None:
        given = frozenset(edges)
        hiding = after.hidden_edges | given if hidden else after.hidden_edges - given
        after = replace(after, hidden_edges=hiding)
    changed = sum(
        1
        for e in edges
        if encounter.edges.get(e) != after.edges.get(e)
        or (e in encounter.hidden_edges) != (e in after.hidden_edges)
    )
    names = " ".join(edge_name(e) for e in edges[:6]) + (" ..." if len(edges) > 6 else "")
    return TerrainEdit(after, f"{name} on {names}", Terrain.CLEAR, (), changed)


def use_door(
    encounter: Encounter,
    rules: Ruleset,
    actor: Actor,
    token_name: str,
    edge_text: str,
    want_open: bool,
) -> tuple[Encounter, str, Note]:
    """/door: a token next to a door opens or closes it (002 "Open or Close a Door")."""
    token = encounter.token(token_name)
    require_control(encounter, actor, token, "open doors for")
    # opening a door is a move action in 3.5 and epic-path: it happens on the token's turn
    require_turn(encounter, actor, token, "open or close a door")
    (edge,) = parse_edges(edge_text, encounter.width, encounter.height)[:1]
    kind = encounter.edges.get(edge)
    if edge in encounter.hidden_edges and not is_gm(encounter, actor):
        kind = None  # a secret door is found when the GM reveals it
    if kind not in (Barrier.DOOR, Barrier.OPEN_DOOR):
        raise InvalidInput(f"There is no door between {edge[0]} and {edge[1]}.")
    side = rules.footprint_squares.get(token.size, 1)
    if not any(c in footprint(token.cell, side) for c in edge):
        raise IllegalMove(
            f"{token.name} must stand next to the door ({edge_name(edge)}) to use it."
        )
    if (kind is Barrier.OPEN_DOOR) == want_open:
        raise IllegalMove(
            f"The door {edge_name(edge)} is already {'open' if want_open else 'closed'}."
        )
    moved, note = rules.economy.door_action(token)
    after = encounter.with_barriers([edge], Barrier.OPEN_DOOR if want_open else Barrier.DOOR)
    after = after.with_token(moved)
    verb = "opens" if want_open else "closes"
    return after, f"{token.name} {verb} the door {edge_name(edge)}", note


def clear_terrain(encounter: Encounter, actor: Actor, cells_text: str | None) -> TerrainEdit:
    """/terrain clear: the cells given back to clear ground, or the whole map."""
    require_gm(encounter, actor, "change terrain")
    if cells_text is None:
        cells = list(encounter.terrain)
        return _terrain_edit(encounter, cells, Terrain.CLEAR, "cleared all terrain")
    cells = parse_cells(cells_text, encounter.width, encounter.height, limit=MAX_TERRAIN_CELLS)
    return _terrain_edit(encounter, cells, Terrain.CLEAR, f"cleared {_cells_summary(cells)}")


def _terrain_edit(
    encounter: Encounter, cells: list[Cell], kind: Terrain, summary: str
) -> TerrainEdit:
    changed = sum(1 for c in cells if encounter.terrain_at(c) is not kind)
    return TerrainEdit(encounter.with_terrain(cells, kind), summary, kind, tuple(cells), changed)


def _cells_summary(cells: list[Cell], shown: int = 8) -> str:
    noun = "square" if len(cells) == 1 else "squares"
    listed = " ".join(str(c) for c in cells[:shown])
    more = " …" if len(cells) > shown else ""
    return f"{len(cells)} {noun} ({listed}{more})"


def terrain_counts(encounter: Encounter) -> dict[str, int]:
    counts: dict[str, int] = {}
    for kind in encounter.terrain.values():
        counts[kind.value] = counts.get(kind.value, 0) + 1
    return dict(sorted(counts.items()))
