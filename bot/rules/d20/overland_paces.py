"""Pushing on: a hustle and a forced march for the d20 family's overland rules
(Hustle, Forced March, Mounted Movement). Each gives the pace's miles an hour, what
it covers and its hours, and notes its damage and fatigue."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction

from bot.dice import roll
from bot.errors import InvalidInput
from bot.rules.d20.overland_data import MAX_HOURS_IN_A_DAY, OverlandTables
from bot.rules.d20.overland_ruling import Ruling, figure, miles_text
from bot.units import miles_word


def _whole_hours(hours: Fraction, pace: str) -> int:
    if hours.denominator != 1 or not 1 <= hours <= MAX_HOURS_IN_A_DAY:
        raise InvalidInput(
            f"A {pace} is counted in whole hours within one day: give hours from 1 to "
            f"{MAX_HOURS_IN_A_DAY} (got {miles_text(hours)})."
        )
    return int(hours)


def _hustle_damage(hours: int) -> list[int]:
    """Damage in each hour: none in the 1st, 1 in the 2nd, then double the hour before."""
    return [0 if hour == 1 else 2 ** (hour - 2) for hour in range(1, hours + 1)]


@dataclass(frozen=True)
class Pace:
    """How fast the pace goes, what it covers and, pushing on, for how many hours."""

    miles_per_hour: Fraction
    covered: Fraction | None = None
    pushed_hours: int | None = None


def hustle(
    walk_mph: Fraction,
    hours: Fraction | None,
    distance: Fraction | None,
    *,
    label: str,
    lethal: bool,
    tables: OverlandTables,
    ruling: Ruling,
) -> Pace:
    """Hustle: double the walking rate, for whole hours within one day; damage from the
    2nd hour on (lethal for a mount, Mounted Movement), and fatigue with it."""
    miles_per_hour = walk_mph * tables.hustle_factor
    if hours is not None:
        pushed_hours = _whole_hours(hours, "hustle")
    elif distance is not None:
        pushed_hours = math.ceil(distance / miles_per_hour)
        if pushed_hours > MAX_HOURS_IN_A_DAY:
            raise InvalidInput(
                f"At a hustle ({miles_word(miles_text(miles_per_hour))} an hour), "
                f"{miles_word(miles_text(distance))} take more than {MAX_HOURS_IN_A_DAY} hours: a "
                "hustle is counted in hours between sleeps. Give hours, or walk."
            )
    else:
        pushed_hours = 1
        ruling.note("Hustle", "Hours not given: one hour of hustling.")
    covered = miles_per_hour * pushed_hours
    per_hour = _hustle_damage(pushed_hours)
    damage_type = "lethal" if lethal else "nonlethal"
    ruling.extra["hustle_hours"] = pushed_hours
    ruling.extra["hustle_miles"] = figure(covered)
    ruling.extra[f"hustle_{damage_type}_damage"] = sum(per_hour)
    ruling.extra[f"hustle_{damage_type}_damage_per_hour"] = list(per_hour)
    ruling.extra["fatigued"] = sum(per_hour) > 0
    who = f"The {label.lower()}" if lethal else "Each character"
    text = (
        f"Hustling doubles the rate: {miles_word(miles_text(miles_per_hour))} an hour. "
        "The 1st hour "
        f"is no problem; the 2nd deals 1 point of {damage_type} damage and each further hour "
        f"twice the hour before. {pushed_hours} h: {sum(per_hour)} {damage_type} damage"
    )
    if sum(per_hour):
        text += f" ({', '.join(str(d) for d in per_hour[1:])})"
        text += (
            f". {who} becomes fatigued: can't run or charge, −2 Strength and Dexterity "
            "until the damage is gone."
        )
    else:
        text += "."
    ruling.note("Hustle", text)
    if lethal:
        ruling.note("Mounted hustle", "A mount's hustle damage is lethal damage, not nonlethal.")
        ruling.sections.append(tables.mounted_section)
    ruling.note(
        "Day",
        "A hustle has no day figure: miles per day is a walking day; the hustle's "
        "own distance is for its hours.",
    )
    return Pace(miles_per_hour, covered, pushed_hours)


def forced_march(
    walk_mph: Fraction,
    hours: Fraction | None,
    day_hours: int,
    *,
    lethal: bool,
    tables: OverlandTables,
    ruling: Ruling,
    rng: random.Random,
) -> Pace:
    """Forced March: walking past a day's hours, a Constitution check each extra hour
    (a ridden mount's fail: its lethal damage is rolled, Mounted Movement)."""
    if hours is None or hours <= day_hours:
        raise InvalidInput(
            f"A forced march is walking more than {day_hours} hours in a day: give hours "
            f"from {day_hours + 1} to {MAX_HOURS_IN_A_DAY}."
        )
    pushed_hours = _whole_hours(hours, "forced march")
    extra_hours = pushed_hours - day_hours
    dcs = [
        tables.forced_march_base_dc + tables.forced_march_dc_step * n for n in range(extra_hours)
    ]
    march_day = walk_mph * pushed_hours
    ruling.sections.append(tables.forced_march_section)
    ruling.extra["forced_march_hours"] = pushed_hours
    ruling.extra["forced_march_dcs"] = list(dcs)
    ruling.extra["forced_march_miles_per_day"] = figure(march_day)
    listed = ", ".join(f"hour {day_hours + 1 + n}: DC {dc}" for n, dc in enumerate(dcs))
    if lethal:
        damage = roll(extra_hours, tables.forced_march_die_sides, rng)
        ruling.rolls.append(damage)
        ruling.sections.append(tables.mounted_section)
        ruling.extra["mount_forced_march_lethal_damage"] = damage.total
        ruling.extra["mount_forced_march_lethal_damage_per_hour"] = list(damage.faces)
        ruling.extra["fatigued"] = True
        ruling.note(
            "Forced march",
            f"{pushed_hours} h of riding ({miles_word(miles_text(march_day))}). A ridden mount's "
            f"Constitution checks automatically fail ({listed}): "
            f"1d{tables.forced_march_die_sides} lethal damage each extra hour, "
            f"{damage.describe()}; the mount becomes fatigued.",
        )
    else:
        ruling.note(
            "Forced march",
            f"{pushed_hours} h of marching ({miles_word(miles_text(march_day))}). Each hour beyond "
            f"{day_hours}: a Constitution check ({listed}). Each failure deals "
            f"1d{tables.forced_march_die_sides} nonlethal damage, and any such damage "
            "leaves the character fatigued. Players roll their own checks.",
        )
    ruling.note(
        "Day",
        f"Miles per day is a normal day of {day_hours} hours; the forced march's own "
        f"day is {miles_word(miles_text(march_day))}.",
    )
    return Pace(walk_mph, march_day, pushed_hours)
