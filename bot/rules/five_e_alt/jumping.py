"""5e-alt's Jump (seed 000 › Jump): 10 ft across and 5 ft up, a DC 10 check to go
further, size doubling, run-up and Units."""

from __future__ import annotations

import math
import random
from fractions import Fraction

from bot.grid.sizes import Size, parse_size
from bot.rules.five_e_alt.sources import FT_PER_UNIT, ft, source
from bot.rules.five_e_alt.tables import (
    JUMP_BALANCE_DC,
    JUMP_EXTEND_DC,
    JUMP_HORIZONTAL_FT,
    JUMP_RUN_UP_FT,
    JUMP_VERTICAL_FT,
    SIZES,
)
from bot.rules.rulings import JumpRequest, JumpResult, Note


def jump(request: JumpRequest, rng: random.Random) -> JumpResult:
    notes: list[Note] = []
    sections = ["Jump"]
    size = parse_size(request.size or "medium", SIZES)
    doublings = max(0, size - Size.MEDIUM)
    multiplier = 2**doublings
    if request.speed_ft is not None:
        notes.append(Note("Speed", "Speed does not change a 5e-alt jump; Movement caps it."))
    extended = request.check is not None and request.check >= JUMP_EXTEND_DC
    if request.units:
        sections.append("Optional Rule: Units of Distance")
    horizontal, vertical = _jump_distances(request, extended)
    notes.append(_check_note(request, extended))
    if request.run_up_ft is None or request.run_up_ft < JUMP_RUN_UP_FT:
        notes.append(
            Note(
                "Run-up",
                f"Without moving {JUMP_RUN_UP_FT} ft straight before the jump, the check has "
                "Disadvantage.",
            )
        )
    if multiplier > 1:
        sections.append("Size and Jumping")
        horizontal *= multiplier
        vertical *= multiplier
        notes.append(
            Note(
                "Size",
                f"{size.label}: distances ×{multiplier} (doubled per size above Medium).",
            )
        )
    horizontal, vertical = _capped_by_movement(request, horizontal, vertical, notes)
    dc, clears = _asked_jump(request, multiplier, horizontal, vertical, notes)
    extra: dict[str, int | float | bool | None] = {
        "size_multiplier": multiplier,
        "extended": extended,
    }
    if request.units:
        extra["max_horizontal_units"] = float(horizontal / FT_PER_UNIT)
        extra["max_vertical_units"] = float(vertical / FT_PER_UNIT)
    if request.difficult_terrain:
        sections.append("Jumping Through Difficult Terrain")
        extra["balance_dc"] = JUMP_BALANCE_DC
        notes.append(_difficult_terrain_note())
    return JumpResult(
        max_horizontal_ft=ft(horizontal),
        max_vertical_ft=ft(vertical),
        dc=dc,
        clears=clears,
        source=source(*sections),
        notes=tuple(notes),
        extra=extra,
    )


def _jump_distances(request: JumpRequest, extended: bool) -> tuple[Fraction, Fraction]:
    """Across and up before size and Movement: 10 ft and 5 ft, or the check's total
    across and half of it up when it extends the jump (in Units: a tenth of the total
    up, rounded up, and twice that across)."""
    if request.units:
        if extended:
            assert request.check is not None
            vertical_units = Fraction(math.ceil(request.check / 10))
            horizontal_units = 2 * vertical_units
        else:
            vertical_units = Fraction(JUMP_VERTICAL_FT, FT_PER_UNIT)
            horizontal_units = Fraction(JUMP_HORIZONTAL_FT, FT_PER_UNIT)
        return horizontal_units * FT_PER_UNIT, vertical_units * FT_PER_UNIT
    if extended:
        assert request.check is not None
        return Fraction(request.check), Fraction(request.check, 2)
    return Fraction(JUMP_HORIZONTAL_FT), Fraction(JUMP_VERTICAL_FT)


def _check_note(request: JumpRequest, extended: bool) -> Note:
    """What the check given did, or how a check would extend the jump."""
    if request.check is None:
        return Note(
            "Extending",
            f"A DC {JUMP_EXTEND_DC} Strength (Athletics or Acrobatics) check extends the "
            "jump to the total across and half the total up (give check:).",
        )
    if not extended:
        return Note(
            "Check",
            f"{request.check} < DC {JUMP_EXTEND_DC}: the distance is unchanged.",
        )
    return Note(
        "Check",
        f"{request.check} ≥ DC {JUMP_EXTEND_DC}: the jump extends"
        + (
            " (Units: one-tenth of the total up, rounded up; twice that across)"
            if request.units
            else " to the total across and half the total up"
        )
        + ".",
    )


def _capped_by_movement(
    request: JumpRequest, horizontal: Fraction, vertical: Fraction, notes: list[Note]
) -> tuple[Fraction, Fraction]:
    """Each foot jumped costs a foot of Movement: the Movement left caps both distances."""
    if request.movement_ft is None:
        notes.append(Note("Movement", "Each foot jumped costs a foot of Movement."))
        return horizontal, vertical
    if horizontal > request.movement_ft or vertical > request.movement_ft:
        notes.append(Note("Movement", f"Capped by Movement left ({request.movement_ft} ft)."))
    return (
        min(horizontal, Fraction(request.movement_ft)),
        min(vertical, Fraction(request.movement_ft)),
    )


def _difficult_terrain_note() -> Note:
    """Seed 000 › Jump › Jumping Through Difficult Terrain."""
    return Note(
        "Difficult Terrain",
        f"Jumping through it: DC {JUMP_BALANCE_DC} Dexterity (Acrobatics) or drop prone. "
        "Taking off from it or landing in it, the jumper is Slowed: each foot "
        "jumped costs 2 ft of Movement (Difficult Terrain; Slowed).",
    )


def _asked_jump(
    request: JumpRequest,
    multiplier: int,
    horizontal: Fraction,
    vertical: Fraction,
    notes: list[Note],
) -> tuple[int | None, bool | None]:
    """The least check total that clears an asked distance or height, if one is needed."""
    if request.distance_ft is None and request.height_ft is None:
        return None, None
    across = request.distance_ft is not None
    asked = request.distance_ft if across else request.height_ft
    assert asked is not None
    base = (JUMP_HORIZONTAL_FT if across else JUMP_VERTICAL_FT) * multiplier
    if request.movement_ft is not None and asked > request.movement_ft:
        notes.append(Note("Too far", f"{asked} ft is more than the Movement left."))
        return None, False
    if asked <= base:
        notes.append(Note("No check", f"{asked} ft is within the unextended jump."))
        return None, True
    if request.units:
        # vertical units = ceil(total / 10); horizontal = twice that
        units_needed = math.ceil(Fraction(asked, FT_PER_UNIT * multiplier * (2 if across else 1)))
        needed = max(JUMP_EXTEND_DC, 10 * (units_needed - 1) + 1)
    else:
        per_total = Fraction(multiplier) if across else Fraction(multiplier, 2)
        needed = max(JUMP_EXTEND_DC, math.ceil(asked / per_total))
    notes.append(
        Note(
            "Needed",
            f"{asked} ft {'across' if across else 'up'} needs a check total of {needed}+.",
        )
    )
    reach = horizontal if across else vertical
    clears = None if request.check is None else reach >= asked
    return needed, clears
