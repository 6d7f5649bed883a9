"""/jump: how far and how high, or the DC of a given jump."""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

from bot.commands import Option
from bot.errors import InvalidInput
from bot.handlers.calc_common import (
    RULESET_CHOICES,
    Sketch,
    calculator_command,
    feet_or_dash,
    note_fields,
)
from bot.handlers.fall import SIZE_CHOICES
from bot.reply import Field, Reply
from bot.rules import rulesets
from bot.rules.rulings import JumpRequest, JumpResult
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.calculators import Calculators

OPTIONS = (
    Option("size", "string", "The jumper's size (default medium)", choices=SIZE_CHOICES),
    Option(
        "check",
        "integer",
        "Total of the jump check (Athletics/Acrobatics/Jump)",
        min_value=-50,
        max_value=200,
    ),
    Option(
        "run_up",
        "integer",
        "Feet moved straight just before the jump",
        min_value=0,
        max_value=10_000,
        unit="ft",
    ),
    Option(
        "movement",
        "integer",
        "Movement left this turn, in feet",
        min_value=0,
        max_value=10_000,
        unit="ft",
    ),
    Option(
        "speed",
        "integer",
        "Base land speed in feet (3.5 and epic-path adjust the check)",
        min_value=0,
        max_value=1_000,
        unit="ft",
    ),
    Option("units", "boolean", "5e-alt optional rule: Units of Distance"),
    Option(
        "distance",
        "integer",
        "Ask about a long jump of this many feet",
        min_value=1,
        max_value=10_000,
        unit="ft",
    ),
    Option(
        "height",
        "integer",
        "Ask about a high jump of this many feet",
        min_value=1,
        max_value=10_000,
        unit="ft",
    ),
    Option("difficult_terrain", "boolean", "Jumps through difficult terrain"),
    Option(
        "strength",
        "integer",
        "The jumper's Strength score (5e and 5e-2024 jump by it)",
        min_value=1,
        max_value=30,
    ),
    Option(
        "ruleset",
        "string",
        "Rule with this ruleset instead of the channel's",
        choices=RULESET_CHOICES,
    ),
)


def request_from(options: Mapping[str, Any]) -> JumpRequest:
    return JumpRequest(
        size=options.get("size"),
        check=options.get("check"),
        run_up_ft=options.get("run_up"),
        movement_ft=options.get("movement"),
        speed_ft=options.get("speed"),
        units=options.get("units", False),
        distance_ft=options.get("distance"),
        height_ft=options.get("height"),
        difficult_terrain=options.get("difficult_terrain", False),
        strength=options.get("strength"),
    )


def title_of(result: JumpResult, request: JumpRequest, ruleset_name: str) -> str:
    asked = request.distance_ft if request.distance_ft is not None else request.height_ft
    way = "across" if request.distance_ft is not None else "up"
    if result.stated:  # the rule in words: what the numbers need wasn't given
        return f"Jump {asked} ft {way}: {result.stated}" if asked else f"Jump: {result.stated}"
    if result.max_horizontal_ft is None and result.max_vertical_ft is None and result.dc is None:
        return f"{ruleset_name} has no jump rule"
    if asked is not None:
        if result.clears is True:
            return f"Jump {asked} ft {way}: clears it"
        reach = _reach(result, request)
        if result.clears is False and reach is not None:  # how far it goes, as a table asks
            return (
                f"Jump {asked} ft {way}: falls short, reaching {feet(reach)} "
                f"({feet(asked - reach)} short)"
            )
        if result.clears is False:
            return f"Jump {asked} ft {way}: falls short"
        if result.dc is not None:
            return f"Jump {asked} ft {way}: needs {result.dc}+"
        return f"Jump {asked} ft {way}"
    across, up = feet_or_dash(result.max_horizontal_ft), feet_or_dash(result.max_vertical_ft)
    return f"Jump: up to {across} across or {up} up"


def _reach(result: JumpResult, request: JumpRequest) -> float | None:
    """How far the jump goes the way it was asked about (across or up)."""
    return result.max_horizontal_ft if request.distance_ft is not None else result.max_vertical_ft


def _sketch(
    across_ft: float | None,
    up_ft: float | None,
    clears: bool | None,
    distance_ft: int | None,
    height_ft: int | None,
) -> bytes:
    """A side view of the arc, with the asked gap or height marked."""
    from bot.render.sketch import render_jump

    return render_jump(
        across_ft, up_ft, clears=clears, distance_ft=distance_ft, height_ft=height_ft
    )


def ruled(
    ruleset: Calculators,
    options: Mapping[str, Any],
    rng: random.Random,
    notice: list[Field],
    is_gm: bool,
) -> tuple[Reply, Sketch | None]:
    """/jump's reply under ``ruleset``, and its sketch still to draw."""
    request = request_from(options)
    if request.strength is not None and not ruleset.jump_uses_strength:
        users = [r.id for r in rulesets().values() if r.calculators.jump_uses_strength]
        raise InvalidInput(
            f"strength: {ruleset.id} doesn't jump by the Strength score (its jump takes "
            f"check:); {' and '.join(users)} {'does' if len(users) == 1 else 'do'}."
        )
    result = ruleset.jump(request, rng)
    fields = [*note_fields(result.notes), *notice]
    data: dict[str, Any] = {
        "ruleset": ruleset.id,
        "max_horizontal_ft": result.max_horizontal_ft,
        "max_vertical_ft": result.max_vertical_ft,
        "dc": result.dc,
        "clears": result.clears,
        **result.extra,
    }
    reach = _reach(result, request)
    if result.clears is False and reach is not None:
        asked = request.distance_ft if request.distance_ft is not None else request.height_ft
        data["short_by_ft"] = float((asked or 0) - reach)
    sketch = None
    if result.max_horizontal_ft is not None or result.max_vertical_ft is not None:
        sketch = partial(
            _sketch,
            result.max_horizontal_ft,
            result.max_vertical_ft,
            result.clears,
            request.distance_ft,
            request.height_ft,
        )
    reply = Reply(
        title=title_of(result, request, ruleset.name),
        fields=tuple(fields),
        footer=result.source.cite(),
        result=data,
        image_name="jump.png",
    )
    return reply, sketch


JUMP = calculator_command("jump", "How far and high a jump goes, or the DC of one", OPTIONS, ruled)
