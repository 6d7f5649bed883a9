"""Epic Path's tables as data (004 Space and Reach, Run, Encumbrance, Falling)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.grid.sizes import Size

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


# Space: Colossal 25 ft, Titanic 30 ft.
FOOTPRINTS: Mapping[Size, int] = {
    Size.FINE: 1,
    Size.DIMINUTIVE: 1,
    Size.TINY: 1,
    Size.SMALL: 1,
    Size.MEDIUM: 1,
    Size.LARGE: 2,
    Size.HUGE: 3,
    Size.GARGANTUAN: 4,
    Size.COLOSSAL: 5,
    Size.TITANIC: 6,
}


# Reach: "a reach equal to the side of their space"; Tiny and smaller none.
REACH_FT: Mapping[Size, int] = {
    Size.FINE: 0,
    Size.DIMINUTIVE: 0,
    Size.TINY: 0,
    Size.SMALL: 5,
    Size.MEDIUM: 5,
    Size.LARGE: 10,
    Size.HUGE: 15,
    Size.GARGANTUAN: 20,
    Size.COLOSSAL: 25,
    Size.TITANIC: 30,
}


RUN_STEP_DOWN: Mapping[tuple[str, str], int] = {
    ("armor", "medium"): 1,
    ("armor", "heavy"): 2,
    ("load", "medium"): 1,
    ("load", "heavy"): 2,
}
