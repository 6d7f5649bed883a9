"""The 3.5 SRD's overland tables ("Movement" › "Overland Movement").

No seed carries them (seeds 001 and 002 are tactical movement), so the 3.5
ruleset borrows them from the SRD. Table: Movement and Distance and Table:
Terrain and Overland Movement have the same numbers as seed 004's, so they are
shared (``overland_common``); the mounts differ (3.5's light horse is 6 miles an hour, Epic Path's
5) and so do the loaded weights. A medium or heavy load replaces the speed by
the SRD's table (Carrying Capacity) rather than subtracting feet.
"""

from __future__ import annotations

from fractions import Fraction

from bot.rules.d20.overland_common import (
    DAY_HOURS,
    TERRAIN_ALIASES,
    TERRAIN_MULTIPLIERS,
    WALK_MILES_PER_HOUR,
)
from bot.rules.d20.overland_data import LoadedRow, MountOrVehicle, OverlandTables, TableEncumbrance

F = Fraction

# 3.5 SRD Table: Mounts and Vehicles.
MOUNTS: dict[str, MountOrVehicle] = {
    "light-horse": MountOrVehicle(
        "Light horse", "mount", F(6), F(48), (LoadedRow(151, 450, F(4), F(32)),)
    ),
    "heavy-horse": MountOrVehicle(
        "Heavy horse", "mount", F(5), F(40), (LoadedRow(201, 600, F(7, 2), F(28)),)
    ),
    "pony": MountOrVehicle("Pony", "mount", F(4), F(32), (LoadedRow(76, 225, F(3), F(24)),)),
    # The SRD has one "Donkey or mule" row whose loaded weights differ by animal.
    "donkey-or-mule": MountOrVehicle(
        "Donkey or mule", "mount", F(3), F(24), load_by_animal=("donkey", "mule")
    ),
    "donkey": MountOrVehicle(
        "Donkey", "mount", F(3), F(24), (LoadedRow(51, 150, F(2), F(16)),), aliases=("ass",)
    ),
    "mule": MountOrVehicle("Mule", "mount", F(3), F(24), (LoadedRow(231, 690, F(2), F(16)),)),
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
    "raft-or-barge": MountOrVehicle(
        "Raft or barge", "rowed", F(1, 2), F(5), aliases=("raft", "barge")
    ),
    "keelboat": MountOrVehicle("Keelboat", "rowed", F(1), F(10)),
    "rowboat": MountOrVehicle("Rowboat", "rowed", F(3, 2), F(15)),
    "sailing-ship": MountOrVehicle(
        "Sailing ship", "sailed", F(2), F(48), aliases=("ship", "sailship")
    ),
    "warship": MountOrVehicle("Warship", "sailed", F(5, 2), F(60)),
    "longship": MountOrVehicle("Longship", "sailed", F(3), F(72)),
    "galley": MountOrVehicle("Galley", "sailed", F(4), F(96)),
}

# Medium or heavy load: 20 -> 15 and 30 -> 20 (Table: Carrying Loads), and the
# same reduction carried to other speeds.
ENCUMBRANCE = TableEncumbrance(
    slowed_loads=frozenset({"medium", "heavy"}),
    reduced_ft={
        20: 15,
        30: 20,
        40: 30,
        50: 35,
        60: 40,
        70: 50,
        80: 55,
        90: 60,
        100: 70,
        110: 75,
        120: 80,
    },
    off_table_fraction=F(2, 3),
    step_ft=5,
    minimum_ft=5,
    section="Carrying Capacity",
)

SRD35_OVERLAND = OverlandTables(
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
    overland_section="Overland Movement",
    speed_table="Table: Movement and Distance",
    terrain_table="Table: Terrain and Overland Movement",
    mounts_table="Table: Mounts and Vehicles",
)
