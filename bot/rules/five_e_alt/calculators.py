"""5e-alt's calculators: the seed's falling and jumping, and SRD 5.1's travel pace
borrowed (seed 000 has no overland rules). The part ``FiveEAlt.calculators`` holds; the
console's quick path loads it alone, without the movement engine."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from bot.names import Vocabulary
from bot.rules.calculators import parse_plain_speed
from bot.rules.five_e_alt import IDENTITY, falling, jumping
from bot.rules.identity import Identity
from bot.rules.rulings import (
    FallRequest,
    FallResult,
    JumpRequest,
    JumpResult,
    TravelRequest,
    TravelResult,
    borrowed,
)
from bot.rules.srd5 import travel
from bot.rules.srd5.cite import SRD51, srd_source


class AltCalculators:
    """/fall, /jump and /travel under 5e-alt, and the data they read."""

    identity: ClassVar[Identity] = IDENTITY
    id: ClassVar[str] = IDENTITY.id
    name: ClassVar[str] = IDENTITY.name
    square_ft: ClassVar[int] = 5
    travel_names: ClassVar[Mapping[str, Vocabulary]] = travel.TRAVEL_NAMES_51
    travel_min_miles: ClassVar[float] = 0.1
    jump_uses_strength: ClassVar[bool] = False
    travel_options: ClassVar[frozenset[str]] = frozenset({"hours"})  # SRD 5.1's pace

    def __init__(self, *, in_units: bool = False) -> None:
        self.in_units = in_units  # are distances shown in Units of 5 ft (an encounter option)?

    # ------------------------------------------------------------------ fall

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        return falling.fall(request, rng)

    # ------------------------------------------------------------------ jump

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        if self.in_units and not request.units:
            # 000 Optional Rule: Units of Distance › Extended Jumps, on a map in Units
            request = replace(request, units=True)
        return jumping.jump(request, rng)

    # ---------------------------------------------------------------- travel

    def travel_speed_ft(self, text: str) -> int:
        return parse_plain_speed(text)

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        """Seed 000 has no overland rules; 5e-alt is a variant of fifth edition, so its
        travel is the SRD 5.1 travel pace, borrowed and said so."""
        source = srd_source(
            self.id,
            SRD51,
            borrowed="SRD 5.1 travel pace (Alternate Movement has no overland travel)",
        )
        return borrowed(
            travel.travel_51(request, source),
            "The Alternate Movement variant has no overland rules: this is the fifth "
            "edition SRD 5.1's travel pace.",
        )
