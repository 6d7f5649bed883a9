"""/terrain set and /terrain clear: what the squares of the map are (GM)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.board_text import glyph_of
from bot.commands import Command, Option
from bot.context import Context
from bot.encounter_ops.outcomes import TerrainEdit
from bot.encounter_ops.terrain import clear_terrain, set_barriers, set_light, set_terrain
from bot.grid.terrain import BARRIER_NAMES, TERRAIN_NAMES
from bot.handlers.encounter_common import (
    Changed,
    actor_of,
    change_encounter,
    encounter_reply,
    ruleset_of,
)
from bot.reply import Field, Reply


def terrain_reply(changed: Changed[TerrainEdit], title: str) -> Reply:
    outcome = changed.outcome
    return encounter_reply(
        changed.after,
        title=title,
        fields=(
            Field("Squares", changed.summary),
            Field("Changed", f"{outcome.changed} of these {len(outcome.cells)} squares"),
        ),
        result={
            "kind": outcome.kind.value,
            "cells": [str(c) for c in outcome.cells],
            "squares": len(outcome.cells),
            "changed_squares": outcome.changed,
            "summary": changed.summary,
        },
        changed=changed.saved,
    )


async def handle_set(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx,
        "terrain set",
        lambda e: set_terrain(e, ruleset_of(e), actor, options["cells"], options["kind"]),
    )
    outcome = changed.outcome
    squares = len(outcome.cells)
    glyph = glyph_of(outcome.kind)
    return terrain_reply(
        changed,
        f"{outcome.kind.value.capitalize()} ({glyph}) on {squares} square"
        f"{'s' if squares != 1 else ''}",
    )


async def handle_clear(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx, "terrain clear", lambda e: clear_terrain(e, actor, options.get("cells"))
    )
    if options.get("cells") is None:
        title = "All terrain cleared"
    else:
        title = (
            f"{changed.outcome.changed} square{'s' if changed.outcome.changed != 1 else ''} cleared"
        )
    return terrain_reply(changed, title)


async def handle_light(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor = actor_of(ctx)
    dark = options.get("dark", True)
    changed = await change_encounter(
        ctx, "terrain light", lambda e: set_light(e, actor, options["cells"], dark)
    )
    squares = len(changed.outcome.cells)
    what = "Darkness" if dark else "Light"
    reply = terrain_reply(changed, f"{what} on {squares} square{'s' if squares != 1 else ''}")
    effect = Field(
        "Effect",
        "3.5: poor visibility hampers movement (×2, SRD › Hampered Movement); epic-path: no "
        "5-foot step, no run (Epic Path); darkvision ignores it; 5e-alt and becmi: none.",
    )
    return replace(
        reply,
        fields=(*reply.fields[:-1], effect, reply.fields[-1]),
        result={**reply.result, "kind": "dark" if dark else "lit"},
    )


async def handle_edge(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor = actor_of(ctx)
    changed = await change_encounter(
        ctx,
        "terrain edge",
        lambda e: set_barriers(
            e, actor, options["cells"], options["kind"], options.get("side"), options.get("hidden")
        ),
    )
    kind = BARRIER_NAMES.match(options["kind"])
    reply = encounter_reply(
        changed.after,
        title=f"{kind.capitalize()} on {changed.outcome.changed} edge"
        f"{'s' if changed.outcome.changed != 1 else ''}",
        fields=(
            Field("Edges", changed.summary),
            Field(
                "Rule",
                {
                    "wall": "Blocks, and no diagonal passes its end (SRD › Diagonals).",
                    "low-wall": "Hampers: crossing it costs extra (SRD › Obstacles).",
                    "door": (
                        "Closed: blocks until opened with /door (Rules of the Game › Open "
                        "or Close a Door)."
                    ),
                    "open-door": "Open: nothing in the way.",
                    "clear": "Nothing between these squares now.",
                }[kind],
            ),
        ),
        result={
            "kind": kind,
            "changed_edges": changed.outcome.changed,
            "hidden": options.get("hidden"),
        },
        sections=("Obstacles",),
        changed=changed.saved,
    )
    if options.get("hidden"):  # a secret door is the GM's to know
        hidden_note = Field(
            "Hidden",
            "Players see a hidden door as wall, and any other hidden edge not at all; it "
            "still blocks as it is. /terrain edge ... hidden:false reveals it.",
        )
        reply = replace(reply, fields=(*reply.fields, hidden_note), ephemeral=True)
    return reply


CELLS_DESCRIPTION = "Squares: C3 D3, runs E3-E6, rectangles F1:H2"
DESCRIPTION_MAX = 100  # Discord's limit on an option's description


def _listed(names: tuple[str, ...], limit: int) -> str:
    """As many names as fit in ``limit`` characters, then "..."."""
    text = ", ".join(names)
    while len(text) > limit and names:
        names = names[:-1]
        text = ", ".join(names) + "..."
    return text


KIND_DESCRIPTION = _listed(TERRAIN_NAMES.names, DESCRIPTION_MAX)
SET = Command(
    "terrain set",
    "Make squares difficult, water, wall, pit... (GM)",
    (
        Option("cells", "string", CELLS_DESCRIPTION, required=True),
        Option("kind", "string", KIND_DESCRIPTION, required=True),
    ),
    handle_set,
    changes_state=True,
)
EDGE = Command(
    "terrain edge",
    "Walls, low walls and doors between squares (GM)",
    (
        Option(
            "cells",
            "string",
            'Edges "C3/C4 D3/D4", or squares with side:, e.g. C3-E3',
            required=True,
        ),
        Option(
            "kind",
            "string",
            "wall, low-wall, door, open-door or clear",
            required=True,
            choices=("wall", "low-wall", "door", "open-door", "clear"),
        ),
        Option(
            "side",
            "string",
            "With squares: which side of each",
            choices=("north", "south", "east", "west"),
        ),
        Option("hidden", "boolean", "Hide them from players (a secret door); false reveals"),
    ),
    handle_edge,
    changes_state=True,
)
LIGHT = Command(
    "terrain light",
    "Put squares in darkness, or light them again (GM)",
    (
        Option("cells", "string", CELLS_DESCRIPTION, required=True),
        Option("dark", "boolean", "true: darkness (default); false: lit again"),
    ),
    handle_light,
    changes_state=True,
)
CLEAR = Command(
    "terrain clear",
    "Clear terrain from squares, or from the whole map (GM)",
    (Option("cells", "string", f"{CELLS_DESCRIPTION} (default: the whole map)"),),
    handle_clear,
    changes_state=True,
)
