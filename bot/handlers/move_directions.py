"""/move path: the way written as directions (``10nw 5n``, Avrae map users' syntax;
issue 29), walked from where the token stands into waypoints, and ruled like any path:
the move goes the way written or is refused, never round it.
"""

from __future__ import annotations

from dataclasses import replace

from bot.encounter import Encounter
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.directions import Leg, walk
from bot.handlers.encounter_common import ruleset_of
from bot.rules.moving import MoveRequest, MoveResult, step_blocked

Legs = tuple[Leg, ...]


def directed(encounter: Encounter, request: MoveRequest, legs: Legs) -> MoveRequest:
    """The request (naming its token) with ``legs`` walked from where its token stands:
    every square on the way a waypoint, the last its end."""
    if not legs:
        return request
    start = encounter.token(request.token).cell
    cells = walk(start, legs, ruleset_of(encounter).square_ft)
    off = next((i for i, c in enumerate(cells) if not encounter.on_map(c)), None)
    if off is not None:
        last = cells[off - 1] if off else start
        corner = Cell(encounter.width - 1, encounter.height - 1)
        raise InvalidInput(f"path: leaves the map after {last} (the map runs from A1 to {corner}).")
    return replace(request, via=cells[:-1], to=cells[-1])


def as_written(
    result: MoveResult | None, request: MoveRequest, legs: Legs, seen: Encounter | None = None
) -> None:
    """A directional move goes the way written or not at all: where the rules would go
    round a step that isn't open, it is refused, naming the step and what refuses it
    on ``seen``, the board as the asker sees it (before the move); the refusal's
    ``result["way_written"]`` holds the same as data (the mover words it its own way)."""
    if not legs or result is None or request.to is None:
        return
    written = (result.path[0], *request.via, request.to)
    if result.path == written:
        return
    step = next(
        (i for i, (a, b) in enumerate(zip(written, result.path, strict=False)) if a != b),
        min(len(written), len(result.path)),
    )
    frm, to = written[step - 1], written[min(step, len(written) - 1)]
    blocked = (
        step_blocked(ruleset_of(seen), seen, request.token, frm, to, mode=request.mode)
        if seen is not None
        else None
    ) or {}
    rule = str(blocked.get("rule") or "")
    door = blocked.get("door")
    rules_way = " → ".join(map(str, result.path))
    raise IllegalMove(
        f"{result.token.name} can't go the way written: the step from {frm} to {to} isn't "
        f"open to it{f' ({rule})' if rule else ''}; the rules would go {rules_way}. Give "
        "another path:, or to: alone for the cheapest way.",
        result={
            "way_written": {
                "token": result.token.name,
                "from": str(frm),
                "to": str(to),
                "step": step,
                "rules_path": [str(c) for c in result.path],
                "blocker": blocked.get("blocker") or None,
                "blocked_by": blocked.get("blocked_by") or None,
                "door": None if door is None else f"{door[0]}/{door[1]}",
                "rule": rule or None,
            }
        },
    )


__all__ = ["Legs", "as_written", "directed"]
