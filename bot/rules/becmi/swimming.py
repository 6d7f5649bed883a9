"""becmi's swimming (seed 003 › By Swimming (and Drowning)): a swimmer's rate per
round, and the drowning timeline rolled out for the GM."""

from __future__ import annotations

import math
import random

from bot.dice import roll
from bot.errors import InvalidInput
from bot.rules.becmi import tables as t
from bot.rules.becmi.travel_ruling import Rate, Ruling, say, shown_miles, slowest_speed_ft
from bot.rules.rulings import JSONValue, TravelRequest


def swim(request: TravelRequest, terrains: tuple[str, ...], road: str, r: Ruling) -> Rate:
    r.cite("By Swimming (and Drowning)", "Normal, Encounter, and Running Speeds")
    if terrains or road != "none":
        r.unused.append("terrain and road: swimming rates do not depend on them")
    speed_ft = slowest_speed_ft(request, r)
    per_round = speed_ft * t.SWIM_FRACTION_OF_RUNNING
    r.extra["running_speed_yards_per_round"] = speed_ft
    r.extra["swim_yards_per_round"] = shown_miles(per_round)
    r.extra["swim_underwater_ft_per_round"] = shown_miles(per_round)
    r.note(
        "Swimming",
        f"1/5 of outdoor running speed: {speed_ft} yards per round ÷ 5 = {say(per_round)} "
        f"yards per round on the surface; underwater the same number in feet: "
        f"{say(per_round)}' per round.",
    )
    r.note("No daily rate", "The Rules Cyclopedia gives no miles per day for swimming.")
    if request.encumbrance_cn is not None and request.encumbrance_cn > t.SWIM_MAX_ENCUMBRANCE_CN:
        r.note(
            "Drowning",
            f"Carrying more than {t.SWIM_MAX_ENCUMBRANCE_CN} cn, sheer weight drags the swimmer "
            "down: the DM decides the chance of drowning.",
        )
    return Rate(None, "", on_land=False, rests=False)


def drowning_headline(r: Ruling) -> str | None:
    if "drowned_round" not in r.extra:
        return None
    held, drowned = r.extra["breath_rounds"], r.extra["drowned_round"]
    return f"Under water: {held} rounds of breath, drowned in round {drowned}"


MIN_CONSTITUTION = 3


MAX_CONSTITUTION = 25


def drowning(constitution: int, exerting: bool, r: Ruling, rng: random.Random) -> None:
    """003 By Swimming (and Drowning), from the moment the swimmer goes under: breath held
    for Constitution rounds (half, rounded down, when exerting); then a Constitution check
    every round, d20 + a penalty growing by 1 each check against the score; the first
    failure drowns him, and he dies 1/3 Constitution rounds (rounded up) later unless a
    healer reaches him. The checks are rolled, so the GM has the whole timeline."""
    if not MIN_CONSTITUTION <= constitution <= MAX_CONSTITUTION:
        raise InvalidInput(
            f"constitution: a score from {MIN_CONSTITUTION} to {MAX_CONSTITUTION}, "
            f"not {constitution}."
        )
    held = constitution
    if exerting:
        held = math.floor(constitution * t.BREATH_EXERTING_FRACTION)
    checks: list[str] = []
    faces: list[JSONValue] = []
    penalty = 0
    while True:  # ends: d20 + penalty > constitution once penalty reaches constitution
        check = roll(1, 20, rng)
        r.rolls.append(check)
        faces.append(check.total)
        total = check.total + penalty
        failed = total > constitution
        shown = f"{check.total}" + (f"+{penalty}" if penalty else "")
        checks.append(f"{shown} {'fails' if failed else 'holds'}")
        if failed:
            break
        penalty += 1
    drowned_round = held + len(checks)
    not_dead = math.ceil(constitution * t.DROWNED_NOT_DEAD_FRACTION)
    r.extra.update(
        breath_rounds=held,
        drowning_checks=faces,
        drowned_round=drowned_round,
        dies_round=drowned_round + not_dead,
    )
    how = (
        f"exerting (fighting, panicking): half his Constitution of {constitution}, rounded down"
        if exerting
        else f"not exerting: his Constitution of {constitution} in rounds"
    )
    r.note("Holding breath", f"Rounds 1–{held} under water, {how}.")
    r.note(
        "Drowning",
        f"From round {held + 1}, a Constitution check each round, d20 against "
        f"{constitution} with +1 more on each: " + ", ".join(checks) + f" (round "
        f"{drowned_round}). He has drowned but is not dead yet.",
    )
    r.note(
        "Dying",
        f"{not_dead} rounds ({constitution} ÷ 3, rounded up): dead after round "
        f"{drowned_round + not_dead} unless a character with the Healing skill or healing "
        "magic treats him; then he recovers normally. Rescued or not, having made "
        "Constitution checks he is exhausted (rest 3 turns before running or fighting).",
    )
    r.cite("Exhaustion")
