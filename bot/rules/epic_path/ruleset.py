"""epic-path: "Types of Movement" from Epic Path, a Pathfinder variant (seed 004).

Falling, falling objects, collisions and overland travel are the seed's own.
The seed has no jump rule, so /jump borrows Pathfinder's Acrobatics.
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
from bot.rules.engine.grid_rules import GridRules
from bot.rules.engine.moves import parse_plain_speed
from bot.rules.engine.pipeline import OnAGrid
from bot.rules.epic_path import grid
from bot.rules.epic_path.overland_tables import EPIC_PATH_OVERLAND
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
DOCUMENT = "Epic Path › Types of Movement"

# Seed 004 › Falling: "jagged broken obsidian shards might add +2 per die, a jumble
# of broken tree-trunks or solid stone may add +1 per die ... Soft loam or deep
# grass might remove -1 per die."
SURFACE_PER_DIE = {"normal": 0, "soft": -1, "stone": 1, "jagged": 2}

# Seed 004 › Falling Objects, Table: Damage from Falling Objects.
OBJECT_DICE = {
    Size.TINY: 1,
    Size.SMALL: 2,
    Size.MEDIUM: 3,
    Size.LARGE: 4,
    Size.HUGE: 6,
    Size.GARGANTUAN: 8,
    Size.COLOSSAL: 10,
    Size.TITANIC: 15,
}

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


class EpicPath(OnAGrid):
    id: ClassVar[str] = "epic-path"
    name: ClassVar[str] = "Epic Path"
    document: ClassVar[str] = DOCUMENT
    square_ft: ClassVar[int] = 5
    sizes: ClassVar[tuple[Size, ...]] = tuple(Size)
    footprint_squares: ClassVar[Mapping[Size, int]] = grid.FOOTPRINTS
    encounter_options: ClassVar[frozenset[str]] = frozenset()
    travel_names: ClassVar[Mapping[str, Vocabulary]] = EPIC_PATH_OVERLAND.travel_names

    # ------------------------------------------------------------- on a grid

    def grid(self, encounter: Encounter | None) -> GridRules:
        return grid.EpicPathGrid()

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        source = Source("epic-path", DOCUMENT, ("Falling",), seed_file=SEED)
        return d20_fall(request, rng, FALL_RULES, source)

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        source = Source(
            "epic-path",
            "Pathfinder Acrobatics",
            ("Jumping",),
            seed_file=SEED,
            borrowed="Pathfinder Acrobatics (seed 004 has no jump rule)",
        )
        result = skill_jump(request, JUMP_RULES, source)
        return borrowed(
            result,
            "Seed 004 has no jump rule: this is Pathfinder's Acrobatics (long jump DC = "
            "distance, high jump DC = 4 × height, doubled without a 10 ft run-up).",
        )

    def travel_speed_ft(self, text: str) -> int:
        return parse_plain_speed(text)

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        source = Source("epic-path", DOCUMENT, ("Overland Travel",), seed_file=SEED)
        return overland_travel(request, rng, tables=EPIC_PATH_OVERLAND, source=source)
