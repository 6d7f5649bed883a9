"""Toy Grid's calculators: a fall is 1d6 per 10 ft (at most 10d6), a jump as far as a
third of the speed (a tenth up), travel a tenth of the slowest speed in miles an hour,
8 hours a day. Made up for the tests; no seed."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import ClassVar

from bot.dice import no_dice, roll
from bot.names import Vocabulary
from bot.rules.calculators import parse_plain_speed
from bot.rules.identity import Identity
from bot.rules.rulings import (
    FallRequest,
    FallResult,
    JumpRequest,
    JumpResult,
    Note,
    Source,
    TravelRequest,
    TravelResult,
)
from tests.contract_ruleset import IDENTITY

DOCUMENT = "Toy Grid"
HOURS_A_DAY = 8


def source(*sections: str) -> Source:
    return Source(IDENTITY.id, DOCUMENT, sections)


class ToyCalculators:
    """/fall, /jump and /travel under Toy Grid."""

    identity: ClassVar[Identity] = IDENTITY
    id: ClassVar[str] = IDENTITY.id
    name: ClassVar[str] = IDENTITY.name
    square_ft: ClassVar[int] = 5
    travel_names: ClassVar[Mapping[str, Vocabulary]] = {
        "mode": Vocabulary.of("mode", ("foot",)),
        "terrain": Vocabulary.of("terrain", ("open", "rough")),
        "pace": Vocabulary.of("pace", ("normal",)),
    }
    travel_min_miles: ClassVar[float] = 0.1
    jump_uses_strength: ClassVar[bool] = False
    travel_options: ClassVar[frozenset[str]] = frozenset({"hours"})

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        dice = min(10, request.height_ft // 10)
        lethal = roll(dice, 6, rng) if dice else no_dice()
        return FallResult(
            height_ft=request.height_ft,
            counted_ft=dice * 10,
            lethal=lethal,
            nonlethal=no_dice(),
            damage=lethal.total,
            nonlethal_damage=0,
            source=source("Falling"),
            headline=f"Falls {request.height_ft} ft",
            notes=(Note("Falling", "1d6 per 10 ft, at most 10d6 (Toy Grid › Falling)."),),
        )

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        speed = request.speed_ft or 30
        across, up = math.floor(speed / 3), math.floor(speed / 10)
        clears = None
        if request.distance_ft is not None:
            clears = request.distance_ft <= across
        elif request.height_ft is not None:
            clears = request.height_ft <= up
        return JumpResult(across, up, None, source("Jumping"), clears=clears)

    def travel_speed_ft(self, text: str) -> int:
        return parse_plain_speed(text)

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        slowest = min(request.speeds_ft or (30,))
        per_hour = slowest / 10 / (2 if "rough" in request.terrain else 1)
        per_day = per_hour * HOURS_A_DAY
        hours = days = covered = None
        if request.distance_miles is not None:
            hours = request.distance_miles / per_hour if per_hour else None
            days = request.distance_miles / per_day if per_day else None
        elif request.days is not None or request.hours is not None:
            covered = per_day * (request.days or 0) + per_hour * (request.hours or 0)
        return TravelResult(
            miles_per_day=per_day,
            miles_per_hour=per_hour,
            source=source("Travel"),
            headline=f"On foot at {slowest} ft",
            days=days,
            hours=hours,
            covered_miles=covered,
        )
