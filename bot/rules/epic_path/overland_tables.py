"""Epic Path's overland tables (seed 004_15d51e0af34ca221.txt, "Overland Travel").

Transcribed from Table: Movement and Distance, Table: Terrain and Overland
Movement and Table: Mounts and Vehicles, with the "Encumbrance" section's
speed penalties. Numbers are the seed's; fractions stay fractions.
"""

from __future__ import annotations

from fractions import Fraction

from bot.rules.d20.overland_common import (
    DAY_HOURS,
    TERRAIN_ALIASES,
    TERRAIN_MULTIPLIERS,
    WALK_MILES_PER_HOUR,
)
from bot.rules.d20.overland_data import (
    LoadedRow,
    MountOrVehicle,
    OverlandTables,
    PenaltyEncumbrance,
)

F = Fraction

# Table: Mounts and Vehicles. Loaded rows are "Mount (Carrying Load)".
MOUNTS: dict[str, MountOrVehicle] = {
    "light-horse": MountOrVehicle(
        "Light horse", "mount", F(5), F(40), (LoadedRow(175, 525, F(7, 2), F(28)),)
    ),
    "heavy-horse": MountOrVehicle(
        "Heavy horse", "mount", F(5), F(40), (LoadedRow(229, 690, F(7, 2), F(28)),)
    ),
    "pony": MountOrVehicle("Pony", "mount", F(4), F(32), (LoadedRow(151, 450, F(3), F(24)),)),
    "riding-dog": MountOrVehicle(
        "Riding dog",
        "mount",
        F(4),
        F(32),
        (LoadedRow(101, 300, F(3), F(24)),),
        aliases=("dog", "dog-riding"),
    ),
    "cart-or-wagon": MountOrVehicle(
        "Cart or wagon", "land-vehicle", F(2), F(16), aliases=("cart", "wagon")
    ),
    # Poled or towed, yet its day is 10 hours (½ mile an hour, 5 miles a day):
    # the table counts it with the rowed craft.
    "raft-or-barge": MountOrVehicle(
        "Raft or barge", "rowed", F(1, 2), F(5), aliases=("raft", "barge")
    ),
    "keelboat": MountOrVehicle("Keelboat", "rowed", F(1), F(10)),
    "rowboat": MountOrVehicle("Rowboat", "rowed", F(3, 2), F(15)),
    "sailing-ship": MountOrVehicle(
        "Sailing ship", "sailed", F(2), F(48), aliases=("ship", "sailship")
    ),
    # Sailed and rowed: 24-hour days (2½ × 24 = 60), so counted as sailed.
    "warship": MountOrVehicle("Warship", "sailed", F(5, 2), F(60)),
    "longship": MountOrVehicle("Longship", "sailed", F(3), F(72)),
    "galley": MountOrVehicle("Galley", "sailed", F(4), F(96)),
}

# "Encumbrance": medium −5 ft; heavy −10 ft above 20 ft, −5 ft otherwise. The
# rule's sentence gives medium's −5 only "above 20 feet" and is silent below;
# the worked example (heavy armor + medium load: −10 ft at 20 ft or below) and
# "exactly as the armor of the same name" give −5 there too (docs/RULINGS.md).
ENCUMBRANCE = PenaltyEncumbrance(
    threshold_ft=20,
    penalty_above_ft={"light": 0, "medium": 5, "heavy": 10},
    penalty_at_or_below_ft={"light": 0, "medium": 5, "heavy": 5},
    section="Encumbrance",
)

EPIC_PATH_OVERLAND = OverlandTables(
    walk_miles_per_hour=WALK_MILES_PER_HOUR,
    miles_per_hour_per_ft=F(1, 10),
    hustle_factor=2,
    day_hours=DAY_HOURS,
    terrain_multipliers=TERRAIN_MULTIPLIERS,
    terrain_aliases=TERRAIN_ALIASES,
    mounts=MOUNTS,
    encumbrance=ENCUMBRANCE,
    trail_no_benefit=frozenset({"land-vehicle"}),
    terrain_free=frozenset({"rowed", "sailed"}),
    can_push=frozenset({"foot", "mount"}),
    forced_march_base_dc=10,
    forced_march_dc_step=2,
    forced_march_die_sides=6,
    overland_section="Overland Travel",
    speed_table="Table: Movement and Distance",
    terrain_table="Table: Terrain and Overland Movement",
    mounts_table="Table: Mounts and Vehicles",
)
