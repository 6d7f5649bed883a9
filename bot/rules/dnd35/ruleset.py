"""3.5: the SRD's "Movement, Position, and Distance" (seed 001) and "All About
Movement" (seed 002).

Neither seed has falling, jumping or overland travel, so those borrow the 3.5
SRD rules the seeds come from, and every reply says so.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from bot.encounter import Encounter
from bot.grid.sizes import Size
from bot.names import Vocabulary
from bot.rules.d20.falling import D20FallRules, d20_fall
from bot.rules.d20.jumping import SkillJumpRules, skill_jump
from bot.rules.d20.overland import overland_travel
from bot.rules.d20.srd35_overland import SRD35_OVERLAND
from bot.rules.dnd35 import grid
from bot.rules.engine.grid_rules import GridRules
from bot.rules.engine.moves import parse_plain_speed
from bot.rules.engine.pipeline import OnAGrid
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
DOCUMENT = "SRD"

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


class Dnd35(OnAGrid):
    id: ClassVar[str] = "3.5"
    name: ClassVar[str] = "D&D 3.5"
    document: ClassVar[str] = DOCUMENT
    square_ft: ClassVar[int] = 5
    sizes: ClassVar[tuple[Size, ...]] = (
        Size.FINE,
        Size.DIMINUTIVE,
        Size.TINY,
        Size.SMALL,
        Size.MEDIUM,
        Size.LARGE,
        Size.HUGE,
        Size.GARGANTUAN,
        Size.COLOSSAL,
    )
    footprint_squares: ClassVar[Mapping[Size, int]] = grid.FOOTPRINTS
    encounter_options: ClassVar[frozenset[str]] = frozenset()
    travel_names: ClassVar[Mapping[str, Vocabulary]] = SRD35_OVERLAND.travel_names

    # ------------------------------------------------------------- on a grid

    def grid(self, encounter: Encounter | None) -> GridRules:
        return grid.Dnd35Grid()

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        source = _srd_source(
            "SRD Falling", "Falling Damage", why="seeds 001 and 002 have no falling rule"
        )
        result = d20_fall(request, rng, FALL_RULES, source)
        return borrowed(
            result,
            "The 3.5 seeds have no falling rule: this is the 3.5 SRD's (1d6 per 10 ft, "
            "at most 20d6).",
        )

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        source = _srd_source("SRD Jump skill", "Jump", why="seeds 001 and 002 have no jump rule")
        result = skill_jump(request, JUMP_RULES, source)
        return borrowed(
            result,
            "The 3.5 seeds have no jump rule: this is the SRD's Jump skill (long jump DC = "
            "distance with a 20 ft run-up, high jump DC = 4 × height).",
        )

    def travel_speed_ft(self, text: str) -> int:
        return parse_plain_speed(text)

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        source = _srd_source(
            "SRD Overland Movement",
            "Overland Movement",
            why="seeds 001 and 002 have no overland travel",
        )
        result = overland_travel(request, rng, tables=SRD35_OVERLAND, source=source)
        return borrowed(
            result,
            "The 3.5 seeds have no overland rules: these are the 3.5 SRD's tables, "
            "including its Mounts and Vehicles table.",
        )
