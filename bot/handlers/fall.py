"""/fall: falling damage, landing, and the checks that change them."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from bot.commands import Option
from bot.errors import InvalidInput
from bot.grid.sizes import Size
from bot.handlers.calc_common import (
    RULESET_CHOICES,
    Sketch,
    calculator_command,
    note_fields,
    roll_json,
)
from bot.reply import Field, Reply
from bot.rules.rulings import FallRequest, FallResult

if TYPE_CHECKING:
    from bot.rules.calculators import Calculators

SIZE_CHOICES = tuple(s.name.lower() for s in Size)
MAX_HEIGHT_FT = 1_000_000

OPTIONS = (
    Option(
        "height",
        "integer",
        "How far it falls, in feet",
        min_value=0,
        max_value=MAX_HEIGHT_FT,
        unit="ft",
    ),
    Option(
        "into",
        "string",
        "What it lands in or on (default ground)",
        choices=("ground", "water", "creature"),
    ),
    Option(
        "water_depth",
        "integer",
        "Depth of the water, in feet",
        min_value=0,
        max_value=10_000,
        unit="ft",
    ),
    Option("intentional", "boolean", "A deliberate jump or dive down"),
    Option(
        "check",
        "integer",
        "Total of the check the ruleset offers (Acrobatics, Jump...)",
        min_value=-50,
        max_value=200,
    ),
    Option(
        "surface",
        "string",
        "What it lands on (epic-path modifies damage per die)",
        choices=("normal", "soft", "stone", "jagged"),
    ),
    Option(
        "jumped_down",
        "integer",
        "5e-alt Jumping Down: feet jumped vertically first",
        min_value=0,
        max_value=MAX_HEIGHT_FT,
        unit="ft",
    ),
    Option("size", "string", "Size of the creature landed on", choices=SIZE_CHOICES),
    Option("faller_size", "string", "Size of the one falling", choices=SIZE_CHOICES),
    Option(
        "save",
        "integer",
        "Saving throw total of the creature landed on or hit",
        min_value=-50,
        max_value=200,
    ),
    Option(
        "object", "string", "Size of a falling object that hits a creature", choices=SIZE_CHOICES
    ),
    Option("light_object", "boolean", "The falling object is light material (wood)"),
    Option(
        "collision_speed",
        "integer",
        "Speed at the moment of a collision, in feet",
        min_value=1,
        max_value=2_000,
        unit="ft",
    ),
    Option("difficult_terrain", "boolean", "Lands in difficult terrain"),
    Option(
        "ruleset",
        "string",
        "Rule with this ruleset instead of the channel's",
        choices=RULESET_CHOICES,
    ),
    Option("secret", "boolean", "Answer only you (a GM's roll the table shouldn't see)"),
)


def request_from(options: Mapping[str, Any]) -> FallRequest:
    if options.get("height") is None and options.get("collision_speed") is None:
        raise InvalidInput(
            "/fall needs height:<ft> (or collision_speed:<ft> for a collision). "
            "Example: /fall height:60"
        )
    return FallRequest(
        height_ft=options.get("height", 0),
        into=options.get("into", "ground"),
        water_depth_ft=options.get("water_depth"),
        intentional=options.get("intentional", False),
        check=options.get("check"),
        surface=options.get("surface", "normal"),
        jumped_down_ft=options.get("jumped_down", 0),
        size=options.get("size"),
        faller_size=options.get("faller_size"),
        save=options.get("save"),
        object_size=options.get("object"),
        object_light=options.get("light_object", False),
        collision_speed_ft=options.get("collision_speed"),
        difficult_terrain=options.get("difficult_terrain", False),
    )


def title_of(result: FallResult) -> str:
    parts = [result.headline]
    if result.extra.get("nothing_rolled"):
        # no rule to apply (becmi collisions): "no damage" would be a ruling it never made
        parts.append("nothing rolled")
    elif result.damage or result.nonlethal_damage:
        if result.damage:
            parts.append(f"{result.damage} {result.damage_type} damage")
        if result.nonlethal_damage:
            parts.append(f"{result.nonlethal_damage} nonlethal")
    else:
        parts.append("no damage")
    return " · ".join(parts)


def reply_for(result: FallResult, ruleset_id: str, notice: list[Field]) -> Reply:
    fields: list[Field] = []
    if result.lethal.count:
        fields.append(Field("Damage", result.lethal.describe()))
    if result.nonlethal.count:
        fields.append(Field("Nonlethal", result.nonlethal.describe()))
    fields += note_fields(result.notes)
    fields += notice
    data: dict[str, Any] = {
        "ruleset": ruleset_id,
        "height_ft": result.height_ft,
        "counted_ft": result.counted_ft,
        "dice": result.lethal.expression,
        "nonlethal_dice": result.nonlethal.expression,
        "damage": result.damage,
        "nonlethal_damage": result.nonlethal_damage,
        "damage_type": result.damage_type,
        "prone": result.prone,
        "rolls": {"lethal": roll_json(result.lethal), "nonlethal": roll_json(result.nonlethal)},
        **result.dcs,
        **result.extra,
    }
    return Reply(
        title=title_of(result), fields=tuple(fields), footer=result.source.cite(), result=data
    )


def _sketch(height_ft: float, into: str, counted_ft: float, damage: int | None) -> bytes:
    """A side view of the drop, its height and what it lands on."""
    from bot.render.sketch import render_fall

    return render_fall(height_ft, into=into, counted_ft=counted_ft, damage=damage)


def ruled(
    ruleset: Calculators,
    options: Mapping[str, Any],
    rng: random.Random,
    notice: list[Field],
    is_gm: bool,
) -> tuple[Reply, Sketch | None]:
    """/fall's reply under ``ruleset``, and its sketch still to draw."""
    request = request_from(options)
    result = ruleset.fall(request, rng)
    reply = reply_for(result, ruleset.id, notice)
    sketch = None
    if request.object_size is None and request.collision_speed_ft is None and result.height_ft:
        sketch = partial(_sketch, result.height_ft, request.into, result.counted_ft, result.damage)
        reply = replace(reply, image_name="fall.png")
    if options.get("secret"):  # the dice and the result stay with the asker
        reply = replace(reply, ephemeral=True, result={**reply.result, "secret": True})
    return reply, sketch


def _check(options: Mapping[str, Any], is_gm: bool) -> None:
    request_from(options)  # a /fall with neither height nor speed: refused before a read


FALL = calculator_command(
    "fall", "Falling damage and landing, by the channel's ruleset", OPTIONS, ruled, check=_check
)
