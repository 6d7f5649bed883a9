"""The d20 overland base rates: a party on foot (slowest member, then load), a mount or
vehicle (its table row, loaded or not), and the terrain's multiplier for the road
class travelled (Table: Movement and Distance; Table: Mounts and Vehicles; Table:
Terrain and Overland Movement)."""

from __future__ import annotations

from fractions import Fraction

from bot.errors import InvalidInput
from bot.rules.d20.overland_data import (
    DEFAULT_SPEED_FT,
    MAX_LOAD_LB,
    MAX_SPEED_FT,
    ROAD_COLUMN,
    Kind,
    OverlandTables,
    RoadClass,
)
from bot.rules.d20.overland_ruling import Ruling, miles_text
from bot.rules.rulings import TravelRequest
from bot.units import miles_word


def _speeds(speeds_ft: tuple[int, ...]) -> tuple[int, ...]:
    for speed in speeds_ft:
        if isinstance(speed, bool) or not isinstance(speed, int):
            raise InvalidInput(f"Speeds are whole feet, like 30 (got {speed!r}).")
        if not 0 < speed <= MAX_SPEED_FT or speed % 5:
            raise InvalidInput(
                f"Speeds are in 5-ft steps from 5 to {MAX_SPEED_FT:,} ft (got {speed} ft)."
            )
    return speeds_ft


def foot_rate(
    request: TravelRequest, load: str | None, tables: OverlandTables, ruling: Ruling
) -> Fraction:
    """The party's walking miles per hour: slowest member, then load."""
    speeds = _speeds(request.speeds_ft)
    if not speeds:
        speed = DEFAULT_SPEED_FT
        ruling.note("Speed", f"No speed given: {speed} ft, a typical walking speed.")
    else:
        speed = min(speeds)
        if len(speeds) > 1:
            listed = ", ".join(f"{s} ft" for s in speeds)
            ruling.note(
                "Slowest member",
                f"A party travels at its slowest member's speed: {speed} ft (of {listed}).",
            )
    ruling.extra["speed_ft"] = speed
    effective = speed
    if load is not None:
        ruling.sections.append(tables.encumbrance.section)
        effective = tables.encumbrance.reduced_speed_ft(speed, load)
        why = tables.encumbrance.why(speed, load)
        if effective == speed:
            ruling.note("Load", f"A {load} load doesn't slow a {speed}-ft speed ({why}).")
        else:
            ruling.note("Load", f"A {load} load slows {speed} ft to {effective} ft ({why}).")
        if effective == 0:
            # Seed 004, Encumbrance: at 0 you still move 5 ft a round (as a standard action).
            effective = 5
            ruling.note(
                "Load",
                "Reduced to 0 ft, a character can still move no more than 5 ft a round: "
                "travels as a 5-ft speed.",
            )
    ruling.extra["effective_speed_ft"] = effective
    if effective in tables.walk_miles_per_hour:
        mph = tables.walk_miles_per_hour[effective]
    else:
        mph = effective * tables.miles_per_hour_per_ft
        ruling.note(
            "Speed",
            f"{effective} ft isn't a column of {tables.speed_table}: the table's proportion "
            "(every 10 ft of speed is 1 mile an hour) gives "
            f"{miles_word(miles_text(mph))} an hour.",
        )
    ruling.note(
        "Walk",
        f"{effective} ft: {miles_word(miles_text(mph))} an hour, "
        f"{miles_word(miles_text(mph * tables.day_hours['foot']))} in a day of "
        f"{tables.day_hours['foot']} hours ({tables.speed_table}).",
    )
    ruling.sections.append(tables.speed_table)
    return mph


def mount_rate(
    name: str, request: TravelRequest, tables: OverlandTables, ruling: Ruling
) -> tuple[Fraction, Fraction]:
    """A mount's or vehicle's miles per hour and per day, loaded row if it applies."""
    vehicle = tables.mounts[name]
    ruling.sections.append(tables.mounts_table)
    if request.speeds_ft:
        ruling.note("Speed", f"A {vehicle.label.lower()}'s rate is the table's: speeds ignored.")
    if request.load is not None:
        ruling.note(
            "Load",
            "Load categories slow characters on foot; for a mount give the weight it "
            "carries in lb (mount_load).",
        )
    ruling.note(
        vehicle.label,
        f"{miles_word(miles_text(vehicle.miles_per_hour))} an hour, "
        f"{miles_word(miles_text(vehicle.miles_per_day))} a day ({tables.mounts_table}).",
    )
    lb = request.mount_load_lb
    if lb is None:
        return vehicle.miles_per_hour, vehicle.miles_per_day
    if isinstance(lb, bool) or not 0 <= lb <= MAX_LOAD_LB:
        raise InvalidInput(f"A mount's load is a weight in lb from 0 to {MAX_LOAD_LB:,}.")
    if vehicle.load_by_animal:
        raise InvalidInput(
            f"A {vehicle.label.lower()}'s loaded rate depends on the animal: give one of "
            f"{', '.join(vehicle.load_by_animal)}."
        )
    if not vehicle.loaded:
        ruling.note(
            "Load",
            f"{tables.mounts_table} gives no loaded rate for a {vehicle.label.lower()}: "
            "the load doesn't change it.",
        )
        return vehicle.miles_per_hour, vehicle.miles_per_day
    heaviest = max(vehicle.loaded, key=lambda row: row.max_lb)
    if lb > heaviest.max_lb:
        raise InvalidInput(
            f"Too heavy for a {vehicle.label.lower()}: it carries at most {heaviest.max_lb} lb "
            f"({tables.mounts_table}); {lb} lb given."
        )
    rows = [row for row in vehicle.loaded if row.min_lb <= lb]
    if not rows:
        ruling.note(
            "Load",
            f"{lb} lb is under a {vehicle.label.lower()}'s loaded row "
            f"({vehicle.loaded[0].min_lb} lb and up): its full rate.",
        )
        return vehicle.miles_per_hour, vehicle.miles_per_day
    row = max(rows, key=lambda r: r.min_lb)
    ruling.note(
        "Load",
        f"Carrying {lb} lb ({row.min_lb}–{row.max_lb} lb), a {vehicle.label.lower()} "
        f"travels {miles_word(miles_text(row.miles_per_hour))} an hour, "
        f"{miles_text(row.miles_per_day)} a day.",
    )
    ruling.extra["mount_load_lb"] = lb
    return row.miles_per_hour, row.miles_per_day


def terrain_multiplier(
    terrains: tuple[str, ...],
    road: str | None,
    kind: Kind,
    label: str,
    tables: OverlandTables,
    ruling: Ruling,
) -> tuple[Fraction, RoadClass | None]:
    """The slowest multiplier of the given terrains for the road class travelled."""
    if kind in tables.terrain_free:
        if terrains or road is not None:
            ruling.note(
                "Terrain",
                f"A {label.lower()} travels on water: terrain and roads don't change its rate.",
            )
        return Fraction(1), None
    if not terrains:
        text = "Terrain not given: rates are the table's."
        if road is not None:
            text += " A road class only matters with a terrain."
        ruling.note("Terrain", text)
        return Fraction(1), None
    if road is None:
        road = "trackless"
        ruling.note("Road", "No road given: trackless, a wild area with no paths.")
    column = ROAD_COLUMN[road]
    if road == "trail" and kind in tables.trail_no_benefit:
        column = "trackless"
        ruling.note(
            "Road",
            "A trail allows only single-file travel and does not benefit a party traveling "
            "with vehicles: counted as trackless.",
        )
    by_terrain = {t: tables.terrain_multipliers[(t, column)] for t in terrains}
    slowest = min(by_terrain.values())
    where = ", ".join(f"{t} ×{m}" for t, m in by_terrain.items())
    if len(terrains) > 1:
        ruling.note(
            "Terrain",
            f"Several terrains ({column}): {where}. The slowest governs the whole trip: "
            f"×{slowest} ({tables.terrain_table}).",
        )
    else:
        ruling.note(
            "Terrain", f"{terrains[0].capitalize()}, {column}: ×{slowest} ({tables.terrain_table})."
        )
    ruling.sections.append(tables.terrain_table)
    ruling.extra["terrain"] = list(terrains)
    ruling.extra["road_class"] = column
    ruling.extra["terrain_multiplier"] = str(slowest)
    return slowest, column
