"""3.5's calculators: neither seed has falling, jumping or overland travel, so those
borrow the 3.5 SRD rules the seeds come from, and every reply says so. The part
``Dnd35.calculators`` holds; loads none of the movement engine."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from bot.names import Vocabulary
from bot.rules.calculators import parse_plain_speed
from bot.rules.d20.falling import D20FallRules, d20_fall
from bot.rules.d20.jumping import SkillJumpRules, skill_jump
from bot.rules.d20.overland import D20_TRAVEL_OPTIONS, overland_travel
from bot.rules.d20.srd35_overland import SRD35_OVERLAND
from bot.rules.dnd35 import IDENTITY
from bot.rules.identity import Identity
from bot.rules.rulings import (
    FallRequest,
    FallResult,
    JumpRequest,
    JumpResult,
    Source,
    TravelRequest,
    TravelResult,
    borrowed,
)

SEED = "001_4b6f19466d0b9c61.txt"
SEED_ACTIONS = "002_212d8eb547f4c056.txt"

SEED_FILES = (SEED, SEED_ACTIONS)
DOCUMENT = "SRD"
GRID_DOCUMENT = "SRD: Movement, Position, and Distance"

FALL_RULES = D20FallRules(
    max_dice=20,
    check_name="Jump or Tumble",
    dive_check_name="Swim or Jump",
)
JUMP_RULES = SkillJumpRules(
    skill="Jump",
    run_up_ft=20,
    bonus_per_10_ft_above=4,
    penalty_per_10_ft_below=6,
    edge_grab=True,
)


def _srd_source(document: str, *sections: str, why: str) -> Source:
    return Source("3.5", document, sections, seed_file=SEED, borrowed=f"3.5 SRD ({why})")


class Dnd35Calculators:
    """/fall, /jump and /travel under 3.5 (the 3.5 SRD's, borrowed)."""

    identity: ClassVar[Identity] = IDENTITY
    id: ClassVar[str] = IDENTITY.id
    name: ClassVar[str] = IDENTITY.name
    square_ft: ClassVar[int] = 5
    travel_names: ClassVar[Mapping[str, Vocabulary]] = SRD35_OVERLAND.travel_names
    travel_min_miles: ClassVar[float] = 0.1
    jump_uses_strength: ClassVar[bool] = False
    travel_options: ClassVar[frozenset[str]] = D20_TRAVEL_OPTIONS

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        source = _srd_source(
            "SRD Falling", "Falling Damage", why="the 3.5 movement chapters have no falling rule"
        )
        result = d20_fall(request, rng, FALL_RULES, source)
        return borrowed(
            result,
            "3.5's movement chapters have no falling rule: this is the 3.5 "
            "SRD's (1d6 per 10 ft, "
            "at most 20d6).",
        )

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        source = _srd_source(
            "SRD Jump skill", "Jump", why="the 3.5 movement chapters have no jump rule"
        )
        result = skill_jump(request, JUMP_RULES, source)
        return borrowed(
            result,
            "3.5's movement chapters have no jump rule: this is the SRD's "
            "Jump skill (long jump DC = "
            "distance with a 20 ft run-up, high jump DC = 4 × height).",
        )

    def travel_speed_ft(self, text: str) -> int:
        return parse_plain_speed(text)

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        source = _srd_source(
            "SRD Overland Movement",
            "Overland Movement",
            why="the 3.5 movement chapters have no overland travel",
        )
        result = overland_travel(request, rng, tables=SRD35_OVERLAND, source=source)
        return borrowed(
            result,
            "3.5's movement chapters have no overland rules: these are the "
            "3.5 SRD's tables, "
            "including its Mounts and Vehicles table.",
        )
