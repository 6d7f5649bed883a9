"""becmi's travel over land and through the air (seed 003 › Overland Movement Rates,
Terrain Effects on Movement, Traveling Rates by Terrain, Becoming Lost, Food in the Wild,
Aerial Travel): the day's miles, the governing terrain, roads, foraging and getting lost.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from bot.dice import roll
from bot.rules.becmi import tables as t
from bot.rules.becmi.travel_ruling import Rate, Ruling, say, slowest_speed_ft
from bot.rules.rulings import Note, TravelRequest


def _governing(terrains: tuple[str, ...], rate: Callable[[str], Fraction]) -> str:
    """The worst condition: the slowest rate; on ties the likelier to get lost, then first named."""
    return min(terrains, key=lambda name: (rate(name), -t.TERRAINS[name].lost_on_d6))


def land(
    request: TravelRequest, mode: str, terrains: tuple[str, ...], road: str, r: Ruling
) -> Rate:
    """On foot or a mount: the day's rate on the road, or through the governing terrain."""
    r.cite("Overland Movement Rates", "Terrain Effects on Movement Table")
    if not terrains:
        terrains = ("clear",)
        r.note("Terrain", "No terrain given: clear terrain.")
    paved = t.ROAD_PAVED[road]
    remaining = terrains if paved is None else _kept_on_road(terrains, paved)
    if paved is not None:
        r.extra["road"] = road
        r.extra["road_kind"] = "paved" if paved else "unpaved"
    rates = _foot_rates(request, r) if mode == "foot" else _mount_rates(request, mode, r)
    on_road = paved is not None and not remaining
    if on_road:
        leg = _along_road(mode, terrains, road, rates, r)
    else:
        leg = _through_terrain(mode, terrains, remaining, paved, rates, r)
    miles = leg.miles
    if rates.speed_ft is not None:
        _compare_with_table(r, rates.speed_ft, miles, leg.column)
    elif leg.column is not None:
        r.extra["table_column"] = leg.column
    if miles == 0:
        r.note("Cannot move", "At a normal speed of 0' the character cannot move at all.")
    _pace_note(r, mode, rates.speed_ft, miles, leg.where, on_road=on_road)
    if request.forage:
        miles *= t.FORAGE_MULTIPLIER
        _forage_note(r, terrains)
    lost = _lost_chance_on_land(request, road, leg.governing, r)
    _lost_note(r, lost)
    return Rate(miles, leg.where, on_road=on_road, lost_chance=lost)


@dataclass(frozen=True)
class _DayRates:
    """What a traveler covers in a day: on a trail or road, and in each terrain."""

    on_road: Fraction
    in_terrain: Callable[[str], Fraction]
    speed_ft: int | None = None  # on foot, the slowest normal speed; a mount's row: None


@dataclass(frozen=True)
class _Leg:
    """The day's miles, where they are reckoned and on which table column."""

    miles: Fraction
    where: str
    column: str | None
    governing: str = "clear"


def _foot_rates(request: TravelRequest, r: Ruling) -> _DayRates:
    """On foot: the slowest normal speed ÷ 5 miles a day in clear terrain (Overland
    Movement Rates), times the terrain's modifier."""
    speed_ft = slowest_speed_ft(request, r)
    clear_miles = Fraction(speed_ft, t.FEET_PER_MILE_PER_DAY)

    def in_terrain(name: str) -> Fraction:
        return clear_miles * t.TERRAINS[name].multiplier

    return _DayRates(clear_miles * t.TRAIL_ROAD_MULTIPLIER, in_terrain, speed_ft)


def _mount_rates(request: TravelRequest, mode: str, r: Ruling) -> _DayRates:
    """A mount or vehicle: its row on the Traveling Rates by Terrain Table (a terrain
    without a column: the clear rate times the terrain's modifier)."""
    if request.speeds_ft or request.encumbrance_cn is not None:
        r.unused.append(
            "speed and encumbrance: the mount's row on the Traveling Rates table governs"
        )
    row = t.MOUNT_RATES[mode]
    r.cite("Traveling Rates by Terrain Table")
    if mode == "riding-horse":
        r.note("Riding horse", t.RIDING_HORSE_FOOTNOTE)

    def in_terrain(name: str) -> Fraction:
        terrain = t.TERRAINS[name]
        if terrain.column is not None:
            return Fraction(row.miles_per_day(terrain.column))
        return row.clear * terrain.multiplier

    return _DayRates(Fraction(row.trail), in_terrain)


def _along_road(
    mode: str, terrains: tuple[str, ...], road: str, rates: _DayRates, r: Ruling
) -> _Leg:
    """A road that lets travelers ignore every terrain named: trail/road ×1½."""
    where = _road_label(road)
    if mode == "foot":
        r.extra["terrain_multiplier"] = str(t.TRAIL_ROAD_MULTIPLIER)
    ignored = [t.TERRAINS[n].label for n in terrains if t.TERRAINS[n].multiplier != 1]
    r.note(
        "Road",
        "Trail/road: ×1½ normal"
        + (f"; the {where} lets travelers ignore {', '.join(ignored)}." if ignored else "."),
    )
    return _Leg(rates.on_road, where, "trail")


def _through_terrain(
    mode: str,
    terrains: tuple[str, ...],
    remaining: tuple[str, ...],
    paved: bool | None,
    rates: _DayRates,
    r: Ruling,
) -> _Leg:
    """Off the road, or on one that doesn't help: the worst terrain governs alone."""
    governing = _governing(remaining, rates.in_terrain)
    terrain = t.TERRAINS[governing]
    where = terrain.label
    column = terrain.column
    r.extra["governing_terrain"] = governing
    if mode == "foot" or column is None:
        r.extra["terrain_multiplier"] = str(terrain.multiplier)
    if mode != "foot" and column is None:
        r.note(
            "Terrain",
            f"The Traveling Rates table has no {where} column: the mount's clear rate "
            f"× {terrain.multiplier}.",
        )
    if len(set(terrains)) > 1:
        r.note("Terrain", f"Modifiers are not cumulative: the worst condition, {where}, governs.")
    if paved is not None:
        r.note(
            "Road",
            f"A{' paved' if paved else 'n unpaved'} road does not let travelers ignore "
            f"{where}: that modifier applies alone, without the road's ×1½.",
        )
    return _Leg(rates.in_terrain(governing), where, column, governing)


def _pace_note(
    r: Ruling, mode: str, speed_ft: int | None, miles: Fraction, where: str, *, on_road: bool
) -> None:
    """How the day's rate comes about, in one line: "slowest 90' → 18 miles/day clear;
    forest ×2/3 → 12 miles/day" (Overland Movement Rates, Terrain Effects)."""
    if speed_ft is None:
        r.note("Pace", f"{t.MOUNT_RATES[mode].label}: {say(miles)} miles/day ({where}).")
        return
    clear = Fraction(speed_ft, t.FEET_PER_MILE_PER_DAY)
    text = f"{speed_ft}' ÷ {t.FEET_PER_MILE_PER_DAY} → {say(clear)} miles/day clear"
    if miles != clear:
        factor = miles / clear if clear else Fraction(0)
        how = "trail or road" if on_road else where
        text += f"; {how} ×{_fraction(factor)} → {say(miles)} miles/day"
    r.note("Pace", text + ".")


def _fraction(value: Fraction) -> str:
    return str(value)


def _lost_note(r: Ruling, chance: Fraction) -> None:
    """Becoming Lost: the daily chance, and the roll that means lost."""
    if chance == 0:
        return
    lost_on = int(chance * 6)
    roll_text = "1" if lost_on == 1 else f"1–{lost_on}"
    r.note(
        "Lost",
        f"{chance.numerator} in {chance.denominator} per day without a road, trail, river or "
        f"guide (the GM rolls 1d6: lost on {roll_text}).",
    )


def _kept_on_road(terrains: tuple[str, ...], paved: bool) -> tuple[str, ...]:
    """The footnote: the terrain modifiers a road does not let travelers ignore."""
    return tuple(
        name
        for name in terrains
        if (t.TERRAINS[name].kept_on_paved_road if paved else t.TERRAINS[name].kept_on_unpaved_road)
    )


def _road_label(road: str) -> str:
    return {"unpaved": "unpaved road", "paved": "paved road"}.get(road, road)


def _compare_with_table(
    r: Ruling, speed_ft: int, formula_miles: Fraction, column: str | None
) -> None:
    """Show the Traveling Rates table's figure where the seed's two methods disagree."""
    row = t.FOOT_RATES.get(speed_ft)
    if row is None or column is None:
        return
    table_miles = row.miles_per_day(column)
    r.extra["table_miles_per_day"] = table_miles
    if table_miles != formula_miles:
        r.cite("Traveling Rates by Terrain Table")
        r.note(
            "Traveling Rates table",
            f"The table lists {table_miles} miles/day for {row.label} ({column}); the bot uses "
            f"the stated method, normal speed ÷ 5 with the terrain modifier: "
            f"{say(formula_miles)}. The GM may prefer the table.",
        )


def _forage_note(r: Ruling, terrains: tuple[str, ...]) -> None:
    r.cite("Food in the Wild")
    r.extra["forage_multiplier"] = str(t.FORAGE_MULTIPLIER)
    text = (
        "Foraging slows daily movement to 2/3 (no foraging on a forced march). In good terrain "
        f"and weather there is a 50% chance (1–{t.FORAGE_FOUND_ON_D6} on 1d6) of finding enough "
        "food; the DM may modify this and makes the rolls."
    )
    if "swamp" in terrains:
        text += " Some swamps have no food to forage."
    r.note("Foraging", text)


def _lost_chance_on_land(request: TravelRequest, road: str, governing: str, r: Ruling) -> Fraction:
    r.cite("Becoming Lost")
    if road != "none" or request.river or request.guide:
        return Fraction(0)
    return t.TERRAINS[governing].lost_chance


def roll_lost_check(
    request: TravelRequest, chance: Fraction | None, r: Ruling, rng: random.Random
) -> None:
    if not request.lost_check:
        return
    if chance is None:
        r.note(
            "Becoming Lost",
            "The Rules Cyclopedia gives no chance of becoming lost here: the GM decides.",
        )
        return
    if chance == 0:
        r.note(
            "Becoming Lost",
            "A party following a road, trail or river, or led by a reliable guide, will not "
            "become lost: no check.",
        )
        return
    check = roll(1, 6, rng)
    r.private_rolls.append(check)
    lost_on = int(chance * 6)
    r.note("Becoming Lost", "The GM rolled the daily lost check before the party set out.")
    if check.total > lost_on:
        r.private_notes.append(
            Note(
                "Lost check", f"{check.describe()}: lost on 1–{lost_on}; the party stays on course."
            )
        )
        return
    deviation = roll(1, 6, rng)
    r.private_rolls.append(deviation)
    r.private_notes.append(
        Note(
            "Lost check",
            f"{check.describe()}: lost on 1–{lost_on}; the party is lost. Direction "
            f"{deviation.describe()}: it believes it holds its intended heading but goes "
            f"{t.LOST_DEVIATIONS[deviation.total]}. Keep track of where it really is.",
        )
    )


def aerial(
    request: TravelRequest, mode: str, terrains: tuple[str, ...], road: str, r: Ruling
) -> Rate:
    r.cite("Aerial Travel")
    if request.speeds_ft or request.encumbrance_cn is not None:
        r.unused.append("speed and encumbrance: aerial travel has a fixed daily rate")
    miles = Fraction(t.AERIAL_MILES_PER_DAY[mode])
    r.note(
        "Aerial travel",
        f"{say(miles)} miles per day {t.MODE_LABELS[mode]}; terrain does not slow it"
        + (" (it still decides the chance of becoming lost)." if terrains else "."),
    )
    if request.forage:
        miles *= t.FORAGE_MULTIPLIER
        _forage_note(r, terrains)
    governing = _governing(terrains, lambda name: miles) if terrains else "clear"
    lost = _lost_chance_on_land(request, road, governing, r)
    return Rate(miles, "", rests=mode == "aerial-mount", lost_chance=lost)
