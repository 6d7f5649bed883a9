"""/move's reply in words: the title that answers, the path and its cost, the
movement used, the notes, what a player's move met of the hidden things, and the
/history line. The picture is ``handlers.board.render_move``'s.

Split from ``bot/handlers/move.py`` (which imports these names from here as before).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.handlers.board import render_move
from bot.handlers.encounter_common import encounter_reply, ruleset_of
from bot.render.background import BackgroundImage
from bot.reply import Field, Reply
from bot.rules.moving import MoveResult
from bot.units import FT_PER_UNIT, feet

if TYPE_CHECKING:
    from bot.handlers.move import Moved

MAX_PATH_SHOWN = 40


# /history's line for a move, in the past tense: "Ari moved to D4 (20 ft, dash)"
_DONE = {
    "stand": "stood up",
    "drop-prone": "dropped prone",
    "push": "was pushed",
    "pull": "was pulled",
    "slide": "was slid",
}


def move_summary(result: MoveResult) -> str:
    name, action, end = result.token.name, result.action, result.path[-1]
    if action in _DONE:
        moved = len(result.path) > 1
        verb = _DONE[action]
        where = f" to {end}" if moved else f" at {end}"
        cost = "" if result.mode == "forced" else f" ({feet(result.cost_ft)})"
        return f"{name} {verb}{where}{cost}"
    how = "" if action == "move" else f", {action}"
    return f"{name} moved to {end} ({feet(result.cost_ft)}{how})"


def _breakdown(result: MoveResult) -> str:
    steps = result.steps
    if not steps:
        return "—"
    if result.mode == "forced":
        squares = len(steps)
        return f"{squares} square{'s' if squares != 1 else ''}, no movement spent"
    if all(not s.why and s.cost_ft == steps[0].cost_ft for s in steps):
        count = len(steps)
        return f"{count} square{'s' if count != 1 else ''} × {feet(steps[0].cost_ft)}"
    shown = [f"{s.cell} {feet(s.cost_ft)}" + (f" ({s.why})" if s.why else "") for s in steps]
    if len(shown) > MAX_PATH_SHOWN:
        shown = [*shown[:MAX_PATH_SHOWN], f"… {len(shown) - MAX_PATH_SHOWN} more"]
    return " · ".join(shown)


def distance_text(distance_ft: float, units: bool) -> str:
    """Feet, or Units of 5 ft with the feet beside them (000 Optional Rule: Units)."""
    if not units:
        return feet(distance_ft)
    count = round(distance_ft / FT_PER_UNIT, 1)
    return f"{count:g} Unit{'' if count == 1 else 's'} ({feet(distance_ft)})"


def _title(result: MoveResult, units: bool) -> str:
    name = result.token.name
    left = distance_text(result.remaining_ft, units)
    cost = distance_text(result.cost_ft, units)
    if result.mode == "forced":
        moved = {"push": "pushed", "pull": "pulled", "slide": "slid"}.get(result.action, "moved")
        return f"{name} is {moved} to {result.path[-1]}"
    if result.mode == "teleport":
        # a teleport spends no movement: say what is left only when some is
        spare = f" — {left} of movement left" if result.remaining_ft > 0 else ""
        return f"{name} teleports to {result.path[-1]}{spare}"
    rest = f"{left} left" if not result.done_for_the_turn else "no move left this turn"
    if result.action == "ready":  # out of its turn: spent in one go (000 Sudden Movement)
        rest = f"out of turn, the other {left} lost" if result.remaining_ft else "out of turn"
    if result.again_ft and not result.done_for_the_turn:
        # 3.5's first move action: what is left of it, and what a second one adds
        more = distance_text(result.again_ft, units)
        action = result.action
        rest = (
            f"{left} left of this {action} action; a second {action} action gives {more} more"
            if result.remaining_ft
            else f"this {action} action is spent; a second {action} action gives {more}"
        )
    height = result.extra.get("altitude_ft")
    if len(result.path) == 1 and isinstance(height, int) and result.cost_ft:
        return f"{name} flies to {feet(height)} up at {result.path[0]} — {cost}, {rest}"
    if len(result.path) == 1:
        did = {"stand": "stands up", "drop-prone": "drops prone"}.get(result.action, "stays")
        if not result.cost_ft:  # 3.5's stand is a move action, not movement
            if result.action == "stand" and result.again_ft and not result.remaining_ft:
                more = distance_text(result.again_ft, units)
                return f"{name} {did} at {result.path[0]} — a move action left gives {more}"
            return f"{name} {did} at {result.path[0]}" + (
                f" — {rest}" if result.remaining_ft and not result.done_for_the_turn else ""
            )
        return f"{name} {did} at {result.path[0]} — {cost}, {rest}"
    up = f" ({feet(height)} up)" if isinstance(height, int) and height else ""
    return f"{name} moves to {result.path[-1]}{up} — {cost}, {rest}"


def with_discovery(reply: Reply, moved: Moved) -> Reply:
    """The reply to a player's move that met hidden things: what the character
    perceives, as a field and in the JSON (never the creature's name)."""
    said = moved.found.for_the_table(moved.mover)
    text = "; ".join(said)
    fields = list(reply.fields)
    at = next((i for i, f in enumerate(fields) if f.name == "Turn"), len(fields))
    fields.insert(at, Field("Unseen", text[0].upper() + text[1:] + "."))
    found = moved.found
    discovered: dict[str, Any] = {
        "blocked_at": str(found.blocked.cell) if found.blocked is not None else None,
        "attacks_at": [str(c) for c in found.attacks.values()],
    }
    if found.blocked_token is not None:  # a creature it pushed, dragged or led was blocked
        discovered["blocked_token"] = found.blocked_token
    return replace(reply, fields=tuple(fields), result={**reply.result, "discovered": discovered})


PREVIEW_NOTE = Field(
    "Preview", "Nothing moved: send the same /move without preview:true to make the move."
)


async def move_reply(
    result: MoveResult,
    *,
    saved: bool,
    preview: bool = False,
    background: BackgroundImage | None = None,
    table_units: str = "feet",
) -> Reply:
    """/move's reply: the title answers, the fields show the path and its cost."""
    units = ruleset_of(result.encounter).for_encounter(result.encounter).in_units
    path = " → ".join(str(c) for c in result.path)
    if len(result.path) > MAX_PATH_SHOWN:
        path = " → ".join(str(c) for c in result.path[:MAX_PATH_SHOWN]) + " → …"
    fields = [
        Field("Path", path),
        Field("Cost", _breakdown(result)),
    ]
    if result.mode != "forced" and result.total_ft:
        fields.append(
            Field(
                "Movement",
                f"{feet(result.used_ft).removesuffix(' ft')}/{feet(result.total_ft)} used "
                f"({result.action}, {result.mode})"
                + (
                    f" = {round(result.used_ft / FT_PER_UNIT, 1):g}/"
                    f"{round(result.total_ft / FT_PER_UNIT, 1):g} Units"
                    if units
                    else ""
                ),
            )
        )
    fields += [Field(w.label, w.text) for w in result.warnings]
    fields += [Field(n.label, n.text) for n in result.notes]
    if preview:
        fields.append(PREVIEW_NOTE)
    data: dict[str, Any] = {
        "token": result.token.name,
        "path": [str(c) for c in result.path],
        "cost_ft": result.cost_ft,
        "remaining_ft": result.remaining_ft,
        "done_for_the_turn": result.done_for_the_turn,
        "used_ft": result.used_ft,
        "total_ft": result.total_ft,
        "provokes": list(result.provokes),
        "provoked_at": {k: str(v) for k, v in result.provoked_at.items()},
        "action": result.action,
        "mode": result.mode,
        "steps": [
            {"cell": str(s.cell), "cost_ft": s.cost_ft, "total_ft": s.total_ft, "why": s.why}
            for s in result.steps
        ],
        "warnings": [{"name": w.label, "text": w.text} for w in result.warnings],
        "conditions": sorted(result.token.conditions),
        **(
            {
                "cost_units": round(result.cost_ft / FT_PER_UNIT, 1),
                "remaining_units": round(result.remaining_ft / FT_PER_UNIT, 1),
            }
            if units
            else {}
        ),
        "again_ft": result.again_ft,
        **dict(result.extra),
        **({"preview": True, "changed": False} if preview else {}),
    }
    reply = encounter_reply(
        result.encounter,
        title=("Preview: " if preview else "") + _title(result, units),
        fields=fields,
        result=data,
        changed=None if preview else saved,
    )
    png = await render_move(result, background, table_units)
    return replace(reply, footer=result.source.cite(), image_png=png, image_name="move.png")
