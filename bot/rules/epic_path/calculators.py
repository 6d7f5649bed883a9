"""epic-path's calculators: falling, falling objects, collisions and overland travel
are the seed's own; the seed has no jump rule, so /jump borrows Pathfinder's
Acrobatics. The part ``EpicPath.calculators`` holds; loads none of the movement engine."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from bot.names import Vocabulary
from bot.rules.calculators import parse_plain_speed
from bot.rules.d20.falling import D20FallRules, d20_fall
from bot.rules.d20.jumping import SkillJumpRules, skill_jump
from bot.rules.d20.overland import D20_TRAVEL_OPTIONS, overland_travel
from bot.rules.epic_path import IDENTITY
from bot.rules.epic_path.overland_tables import EPIC_PATH_OVERLAND
from bot.rules.epic_path.tables import OBJECT_DICE, SURFACE_PER_DIE
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

SEED = "004_15d51e0af34ca221.txt"
SEED_FILES = (SEED,)
DOCUMENT = "Epic Path › Types of Movement"
GRID_DOCUMENT = "Epic Path: Types of Movement"


FALL_RULES = D20FallRules(
    max_dice=20,  # "In normal air, on the Prime Material, a maximum of 20d6 is recommended."
    check_name="Acrobatics",
    dive_check_name="Swim or Acrobatics",
    surface_per_die=SURFACE_PER_DIE,
    yielding_surfaces=frozenset({"soft"}),
    object_dice=OBJECT_DICE,
    collisions=True,
    lethal_damage_lands_prone=True,
)
JUMP_RULES = SkillJumpRules(
    skill="Acrobatics",
    run_up_ft=10,
    bonus_per_10_ft_above=4,
    penalty_per_10_ft_below=4,
    edge_grab=False,
)


class EpicCalculators:
    """/fall, /jump and /travel under epic-path."""

    identity: ClassVar[Identity] = IDENTITY
    id: ClassVar[str] = IDENTITY.id
    name: ClassVar[str] = IDENTITY.name
    square_ft: ClassVar[int] = 5
    travel_names: ClassVar[Mapping[str, Vocabulary]] = EPIC_PATH_OVERLAND.travel_names
    travel_min_miles: ClassVar[float] = 0.1
    jump_uses_strength: ClassVar[bool] = False
    travel_options: ClassVar[frozenset[str]] = D20_TRAVEL_OPTIONS

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        source = Source("epic-path", DOCUMENT, ("Falling",), seed_file=SEED)
        return d20_fall(request, rng, FALL_RULES, source)

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        source = Source(
            "epic-path",
            "Pathfinder Acrobatics",
            ("Jumping",),
            seed_file=SEED,
            borrowed="Pathfinder Acrobatics (Epic Path has no jump rule)",
        )
        result = skill_jump(request, JUMP_RULES, source)
        return borrowed(
            result,
            "Epic Path's Types of Movement has no jump rule: this is Pathfinder's Acrobatics "
            "(long jump DC = "
            "distance, high jump DC = 4 × height, doubled without a 10 ft run-up).",
        )

    def travel_speed_ft(self, text: str) -> int:
        return parse_plain_speed(text)

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        source = Source("epic-path", DOCUMENT, ("Overland Travel",), seed_file=SEED)
        return overland_travel(request, rng, tables=EPIC_PATH_OVERLAND, source=source)
