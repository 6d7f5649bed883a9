"""/travel: overland rates, and the time or distance of a journey."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.commands import Option
from bot.errors import InvalidInput, NotAllowed
from bot.handlers.calc_common import (
    RULESET_CHOICES,
    Sketch,
    calculator_command,
    note_fields,
    roll_json,
)
from bot.names import complete
from bot.reply import Field, Reply
from bot.rules.rulings import TravelRequest, TravelResult

if TYPE_CHECKING:
    from bot.rules.calculators import Calculators
    from bot.rules.ruleset import Ruleset

MAX_PARTY = 50
# The least distance the option takes: 5.28 ft (becmi explores short distances in turns;
# the other rulesets' overland rules start at Ruleset.travel_min_miles).
MIN_DISTANCE_MILES = 0.001
_NUMBER = re.compile(r"\d+(?:\.\d+)?")

OPTIONS = (
    Option(
        "speed",
        "string",
        "Speed in feet; a party as a list (30, 20), the slowest governs; becmi: 120' (40')",
    ),
    Option("mode", "string", "foot, a mount, vehicle, ship or aerial mode (e.g. riding-horse)"),
    Option("terrain", "string", "Terrain, or several separated by commas (the worst governs)"),
    Option(
        "road",
        "string",
        "Road or trail, if any",
        choices=("none", "trackless", "trail", "unpaved", "paved", "road", "highway"),
    ),
    Option(
        "distance",
        "number",
        "Miles to cover (becmi: a short one, in ft or yards, in exploration turns)",
        min_value=MIN_DISTANCE_MILES,
        max_value=100_000,
        unit="miles",
        typed_as_text=True,  # "270 ft", "90 yards" on Discord too (becmi exploring)
    ),
    Option("days", "number", "Days of travel", min_value=0.1, max_value=3_650),
    Option(
        "hours", "number", "Hours of travel (hustle, forced march)", min_value=0.1, max_value=24
    ),
    Option("pace", "string", "walk, hustle or forced-march (where the ruleset has them)"),
    Option("encumbrance", "integer", "becmi: coins (cn) carried", min_value=0, max_value=100_000),
    Option("load", "string", "Carried load (3.5, epic-path)", choices=("light", "medium", "heavy")),
    Option("mount_load", "integer", "Weight on the mount, in lb", min_value=0, max_value=10_000),
    Option("forage", "boolean", "becmi: forage while travelling"),
    Option("guide", "boolean", "becmi: led by a guide (cannot get lost)"),
    Option("river", "boolean", "becmi: following a river (cannot get lost)"),
    Option(
        "ship_speed",
        "number",
        "becmi: the ship's base miles per day",
        min_value=0.1,
        max_value=1_000,
    ),
    Option("sea", "boolean", "becmi ships: sailing at sea (2d6 for the day: no wind or gale)"),
    Option("weather", "boolean", "becmi ships: roll the optional Water Movement table"),
    Option("lost_check", "boolean", "becmi: roll today's check for getting lost (GM only)"),
    Option("outdoors", "boolean", "becmi exploring (mode:explore): outdoors, speeds in yards"),
    Option(
        "constitution",
        "integer",
        "becmi swimming (mode:swim): the swimmer's Constitution, for holding breath and drowning",
        min_value=3,
        max_value=25,
    ),
    Option("exerting", "boolean", "becmi swimming: fighting or panicking under water"),
    Option(
        "ruleset",
        "string",
        "Rule with this ruleset instead of the channel's",
        choices=RULESET_CHOICES,
    ),
    Option("secret", "boolean", "Answer only you: every roll stays the GM's"),
)


LISTED = frozenset({"terrain"})  # options that take several names, separated by commas


def suggestions(ruleset: Ruleset, option: str, typed: str) -> list[str]:
    """What ``typed`` in /travel's ``option`` (mode, terrain or pace) may become under
    ``ruleset``: its accepted names, those matching first (aliases count)."""
    names = ruleset.calculators.travel_names.get(option)
    if names is None:
        return []
    return complete(typed, names.names, aliases=names.entries, listed=option in LISTED)


def parse_speeds(text: str | None, ruleset: Calculators) -> tuple[int, ...]:
    """``30, 20`` → (30, 20); becmi's ``120' (40'), 90' (30')`` → (120, 90): each
    party member's speed as the ruleset writes one (``Ruleset.travel_speed_ft``)."""
    if text is None:
        return ()
    speeds: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        try:
            speeds.append(ruleset.travel_speed_ft(part))
        except InvalidInput as error:
            raise InvalidInput(
                f'{error.message} For a party, separate the speeds with commas: speed:"30, 20".'
            ) from None
    if len(speeds) > MAX_PARTY:
        raise InvalidInput(f"speed: at most {MAX_PARTY} party members.")
    return tuple(speeds)


def request_from(options: Mapping[str, Any], ruleset: Calculators) -> TravelRequest:
    terrain = tuple(t.strip() for t in options.get("terrain", "").split(",") if t.strip())
    return TravelRequest(
        speeds_ft=parse_speeds(options.get("speed"), ruleset),
        mode=options.get("mode"),
        terrain=terrain,
        road=options.get("road"),
        distance_miles=options.get("distance"),
        days=options.get("days"),
        hours=options.get("hours"),
        pace=options.get("pace"),
        encumbrance_cn=options.get("encumbrance"),
        load=options.get("load"),
        mount_load_lb=options.get("mount_load"),
        forage=options.get("forage", False),
        guide=options.get("guide", False),
        river=options.get("river", False),
        ship_speed_miles=options.get("ship_speed"),
        sea=options.get("sea", False),
        weather=options.get("weather", False),
        lost_check=options.get("lost_check", False),
        outdoors=options.get("outdoors", False),
        constitution=options.get("constitution"),
        exerting=options.get("exerting", False),
    )


def _amount(value: float, unit: str) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return f"{text} {unit}" + ("" if value == 1 else "s")


# a fraction of a day as a table writes it (becmi reckons in days, with no hours)
_FRACTIONS = {1 / 4: "¼", 1 / 3: "⅓", 1 / 2: "½", 2 / 3: "⅔", 3 / 4: "¾"}


def _plural(count: int, unit: str) -> str:
    return f"{count} {unit}" + ("" if count == 1 else "s")


def _to_5_minutes(hours: float) -> int:
    return max(5, round(hours * 12) * 5)


def _hours_and_minutes(hours: float) -> str:
    """Under a day, to 5 minutes: "3 hours and 20 minutes"."""
    whole, rest = divmod(_to_5_minutes(hours), 60)
    parts = [_plural(whole, "hour")] if whole else []
    parts += [_plural(rest, "minute")] if rest else []
    return " and ".join(parts)


def duration(days: float, day_hours: float | None) -> tuple[str, dict[str, int]]:
    """A trip of ``days`` travel days as a table says it: "2 days and 5 hours" (of a
    ``day_hours``-hour travel day, to the hour; under a day, to 5 minutes), and the same
    as numbers for the JSON. Without day_hours (becmi reckons in days alone), the days
    with a plain fraction where one fits ("10⅓ days")."""
    if not day_hours:
        whole = int(days)
        fraction = next((f for v, f in _FRACTIONS.items() if abs(days - whole - v) < 0.01), None)
        text = f"{whole or ''}{fraction} days" if fraction else _amount(days, "day")
        return text, {}
    hours = days * day_hours
    if hours < day_hours - 0.5:  # under a day
        whole, rest = divmod(_to_5_minutes(hours), 60)
        return _hours_and_minutes(hours), {"days": 0, "hours": whole, "minutes": rest}
    whole, rest = divmod(round(hours), round(day_hours))
    text = _plural(whole, "day") + (f" and {_plural(rest, 'hour')}" if rest else "")
    if rest and day_hours != 24:  # "2 days and 5 hours" is not 53 hours
        text += f" ({round(day_hours)}-hour days)"
    return text, {"days": whole, "hours": rest, "minutes": 0}


def _day_hours(result: TravelResult) -> float | None:
    day_hours = result.extra.get("day_hours")
    return float(day_hours) if isinstance(day_hours, int | float) and day_hours > 0 else None


def title_of(result: TravelResult) -> str:
    if result.days is not None:
        return f"{result.headline}: {duration(result.days, _day_hours(result))[0]}"
    if result.hours is not None:
        return f"{result.headline}: {_hours_as_said(result.hours)}"
    if result.covered_miles is not None:
        return f"{result.headline}: {_amount(result.covered_miles, 'mile')}"
    if result.miles_per_day is not None:
        return f"{result.headline}: {_amount(result.miles_per_day, 'mile')} a day"
    if result.miles_per_hour is not None:
        return f"{result.headline}: {_amount(result.miles_per_hour, 'mile')} an hour"
    return result.headline


def _hours_as_said(hours: float) -> str:
    """Hours as a table says them: "3 hours and 20 minutes" (a long one in hours)."""
    return _hours_and_minutes(hours) if hours < 24 else _amount(hours, "hour")


def _check_distance(miles: float | None, ruleset: Calculators) -> None:
    """A distance shorter than the ruleset's overland rules reckon is refused, saying what
    is accepted (becmi answers any in exploration turns)."""
    if miles is not None and miles < ruleset.travel_min_miles:
        raise InvalidInput(
            f"distance: {miles:.4g} miles is too short for {ruleset.id}'s overland travel "
            f"(in days and hours); use a number from {ruleset.travel_min_miles:g} to "
            "100,000 miles."
        )


def _check(options: Mapping[str, Any], is_gm: bool) -> None:
    if options.get("lost_check") and not is_gm:
        raise NotAllowed(
            "Only the GM rolls the daily check for getting lost: the result is the GM's secret."
        )


def ruled(
    ruleset: Calculators,
    options: Mapping[str, Any],
    rng: random.Random,
    notice: list[Field],
    is_gm: bool,
) -> tuple[Reply, Sketch | None]:
    """/travel's reply under ``ruleset`` (no sketch)."""
    _check(options, is_gm)
    request = request_from(options, ruleset)  # how speeds read depends on the ruleset
    _check_distance(request.distance_miles, ruleset)
    result = ruleset.travel(request, rng)
    fields = [*note_fields(result.notes), *notice]
    private = note_fields(result.private_notes) if is_gm else []
    data: dict[str, Any] = {
        "ruleset": ruleset.id,
        "miles_per_day": result.miles_per_day,
        "miles_per_hour": result.miles_per_hour,
        "days": result.days,
        "hours": result.hours,
        "covered_miles": result.covered_miles,
        "rest_days": result.rest_days,
        "lost_chance": None if result.lost_chance is None else float(result.lost_chance),
        "rolls": [roll_json(r) for r in result.rolls],
        **result.extra,
    }
    if result.days is not None:  # the title's "2 days and 5 hours" as numbers
        shown = duration(result.days, _day_hours(result))[1]
        if shown:
            data["duration"] = shown
    if is_gm and result.private_rolls:
        data["gm_rolls"] = [roll_json(r) for r in result.private_rolls]
    secret = bool(options.get("secret"))
    if secret:
        data["secret"] = True
    reply = Reply(
        title=title_of(result),
        fields=tuple(fields),
        footer=result.source.cite(),
        result=data,
        private_fields=tuple(private),
        ephemeral=secret,
    )
    return reply, None


TRAVEL = calculator_command(
    "travel",
    "Overland travel: miles a day, and how long a journey takes",
    OPTIONS,
    ruled,
    check=_check,
)
