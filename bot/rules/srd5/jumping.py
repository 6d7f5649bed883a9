"""Jumping in the SRDs (Movement › Jumping; SRD 5.2: Rules Glossary › Long Jump, High
Jump): a long jump of up to the Strength score in feet with a 10 ft run-up on foot,
half that standing; a high jump of 3 + the Strength modifier in feet with the run-up,
half standing; each foot costs a foot of movement; landing in difficult terrain calls
for a DC 10 Dexterity (Acrobatics) check or the jumper lands prone."""

from __future__ import annotations

import math

from bot.rules.rulings import JSONValue, JumpRequest, JumpResult, Note, Source

RUN_UP_FT = 10
LANDING_DC = 10
MAX_STRENGTH = 30  # the highest score (/jump and /token stats take 1 to 30)
LONG_RULE = (
    f"up to the Strength score in feet with at least {RUN_UP_FT} ft moved on foot just "
    "before, half that standing"
)
HIGH_RULE = "3 + the Strength modifier in feet with the run-up, half that standing"


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
        return rule_stated(request, source, high_jump_minimum_ft=high_jump_minimum_ft)
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


def strength_to_clear(request: JumpRequest, *, running: bool) -> int | None:
    """The least Strength score whose jump clears the asked distance or height, with the
    run-up or standing (None: no score up to 30 does). A standing jump's half, rounded
    down or not, clears a whole number of feet at the same score."""
    if request.distance_ft is not None:
        needed = request.distance_ft * (1 if running else 2)
    else:
        assert request.height_ft is not None
        # 3 + (score - 10) // 2 >= h (twice h standing)
        needed = 2 * (request.height_ft * (1 if running else 2) - 3) + 10
    needed = max(needed, 1)
    return needed if needed <= MAX_STRENGTH else None


def rule_stated(
    request: JumpRequest, source: Source, *, high_jump_minimum_ft: int | None
) -> JumpResult:
    """/jump without strength: the rule in words, and for an asked distance or height the
    Strength that clears it (issue 40: it refused)."""
    minimum = " (never below 0)" if high_jump_minimum_ft is not None else ""
    notes = [
        Note("Long jump", LONG_RULE[0].upper() + LONG_RULE[1:] + "."),
        Note("High jump", HIGH_RULE[0].upper() + HIGH_RULE[1:] + minimum + "."),
        Note("Strength", "Give strength:<score> for this jumper's (e.g. strength:15)."),
    ]
    extra: dict[str, JSONValue] = {
        "strength": None,
        "rule": f"long jump: {LONG_RULE}; high jump: {HIGH_RULE}{minimum}",
    }
    stated = f"the Strength score in feet across, 3 + its modifier up{minimum}; half standing"
    if request.distance_ft is not None or request.height_ft is not None:
        running = request.run_up_ft is None or request.run_up_ft >= RUN_UP_FT
        with_run = strength_to_clear(request, running=True) if running else None
        standing = strength_to_clear(request, running=False)
        extra["strength_to_clear"] = with_run
        extra["strength_to_clear_standing"] = standing
        stated = _takes(with_run, standing, running)
        asked = request.distance_ft or request.height_ft or 0
        if request.movement_ft is not None and asked > request.movement_ft:
            notes.append(
                Note(
                    "Movement",
                    f"Each foot jumped costs a foot of movement: {request.movement_ft} ft "
                    "left is too little, whatever the Strength.",
                )
            )
    if request.difficult_terrain:
        notes.append(
            Note(
                "Landing",
                f"Landing in difficult terrain: a DC {LANDING_DC} Dexterity (Acrobatics) check "
                "or it lands prone.",
            )
        )
    return JumpResult(
        max_horizontal_ft=None,
        max_vertical_ft=None,
        dc=LANDING_DC if request.difficult_terrain else None,
        source=source,
        notes=tuple(notes),
        extra=extra,
        stated=stated,
    )


def _takes(with_run: int | None, standing: int | None, running: bool) -> str:
    """The Strength an asked jump takes: "takes Strength 20 with a 10 ft run-up, 40 standing"."""
    if not running:
        return f"takes Strength {standing} standing" if standing else _NO_SCORE
    if with_run is None:
        return _NO_SCORE
    run = f"takes Strength {with_run} with a {RUN_UP_FT} ft run-up"
    return f"{run}, {standing} standing" if standing else f"{run} (no score clears it standing)"


_NO_SCORE = f"no Strength score (up to {MAX_STRENGTH}) clears it"
