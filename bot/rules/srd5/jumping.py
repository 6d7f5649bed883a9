"""Jumping in the SRDs (Movement › Jumping; SRD 5.2: Rules Glossary › Long Jump, High
Jump): a long jump of up to the Strength score in feet with a 10 ft run-up on foot,
half that standing; a high jump of 3 + the Strength modifier in feet with the run-up,
half standing; each foot costs a foot of movement; landing in difficult terrain calls
for a DC 10 Dexterity (Acrobatics) check or the jumper lands prone."""

from __future__ import annotations

import math

from bot.errors import InvalidInput
from bot.rules.rulings import JumpRequest, JumpResult, Note, Source

RUN_UP_FT = 10
LANDING_DC = 10


def strength_modifier(score: int) -> int:
    return (score - 10) // 2


def jump(
    request: JumpRequest,
    source: Source,
    *,
    high_jump_minimum_ft: int | None,
    round_down: bool = False,
) -> JumpResult:
    """``high_jump_minimum_ft``: SRD 5.2 says a high jump is at least 0 ft (a Strength
    modifier of −4 or less can't make it negative); SRD 5.1 says nothing (None).
    ``round_down``: SRD 5.2 Rules Glossary › Round Down: a standing jump's half is
    rounded down (Strength 15: 7 ft long, 2 ft high); SRD 5.1 keeps the half."""
    if request.strength is None:
        raise InvalidInput(
            "A jump here is measured by Strength: give strength:<score> (e.g. strength:15). "
            "With distance: or height: the reply says whether it clears."
        )
    score = request.strength
    notes: list[Note] = []
    running = request.run_up_ft is None or request.run_up_ft >= RUN_UP_FT
    long_ft = float(score)
    high_ft = float(3 + strength_modifier(score))
    if high_jump_minimum_ft is not None:
        high_ft = max(high_ft, float(high_jump_minimum_ft))
    if not running:
        long_ft /= 2
        high_ft /= 2
        if round_down:
            long_ft, high_ft = float(math.floor(long_ft)), float(math.floor(high_ft))
        notes.append(
            Note(
                "Standing",
                f"No {RUN_UP_FT} ft run-up on foot just before: half the distance"
                + (", rounded down." if round_down else "."),
            )
        )
    else:
        notes.append(
            Note(
                "Run-up",
                f"With at least {RUN_UP_FT} ft moved on foot just before"
                + (
                    " (assumed: give run_up: to say otherwise)."
                    if request.run_up_ft is None
                    else "."
                ),
            )
        )
    if request.movement_ft is not None:
        long_ft = min(long_ft, float(request.movement_ft))
        high_ft = min(high_ft, float(request.movement_ft))
        notes.append(Note("Movement", "Each foot jumped costs a foot of movement."))
    clears: bool | None = None
    if request.distance_ft is not None:
        clears = request.distance_ft <= long_ft
    elif request.height_ft is not None:
        clears = request.height_ft <= high_ft
    if request.difficult_terrain:
        notes.append(
            Note(
                "Landing",
                f"Landing in difficult terrain: a DC {LANDING_DC} Dexterity (Acrobatics) check "
                "or it lands prone.",
            )
        )
    if request.check is not None:
        notes.append(Note("Not used", "check: the SRD's jump takes no check; strength: sets it."))
    return JumpResult(
        max_horizontal_ft=long_ft,
        max_vertical_ft=high_ft,
        dc=LANDING_DC if request.difficult_terrain else None,
        source=source,
        clears=clears,
        notes=tuple(notes),
        extra={"strength": score, "strength_modifier": strength_modifier(score)},
    )
