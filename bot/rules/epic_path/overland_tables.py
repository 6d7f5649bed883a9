"""Epic Path's overland tables (seed 004_15d51e0af34ca221.txt, "Overland Travel").

Transcribed from Table: Movement and Distance, Table: Terrain and Overland
Movement and Table: Mounts and Vehicles, with the "Encumbrance" section's
speed penalties. Numbers are the seed's; fractions stay fractions.
"""

from __future__ import annotations

from fractions import Fraction

from bot.rules.d20.overland import (
    ROAD_CLASSES,
    Kind,
    LoadedRow,
    MountOrVehicle,
    OverlandTables,
    PenaltyEncumbrance,
    RoadClass,
)

F = Fraction

# Table: Movement and Distance, One Hour, Walk: speed in feet -> miles.
WALK_MILES_PER_HOUR: dict[int, Fraction] = {
    15: F(3, 2),
    20: F(2),
    30: F(3),
    40: F(4),
    50: F(5),
    60: F(6),
    70: F(7),
    80: F(8),
    90: F(9),
    100: F(10),
}

# "A day represents 8 hours of actual travel time. For rowed watercraft, a day
# represents 10 hours of rowing. For a sailing ship, it represents 24 hours."
DAY_HOURS: dict[Kind, int] = {
    "foot": 8,
    "mount": 8,
    "land-vehicle": 8,
    "rowed": 10,
    "sailed": 24,
}

# Table: Terrain and Overland Movement, columns Highway, Road or Trail, Trackless.
TERRAIN_ROWS: dict[str, tuple[Fraction, Fraction, Fraction]] = {
    "desert": (F(1), F(1, 2), F(1, 2)),
    "forest": (F(1), F(1), F(1, 2)),
    "hills": (F(1), F(3, 4), F(1, 2)),
    "jungle": (F(1), F(3, 4), F(1, 4)),
    "moor": (F(1), F(1), F(3, 4)),
    "mountains": (F(3, 4), F(3, 4), F(1, 2)),
    "plains": (F(1), F(1), F(3, 4)),
    "swamp": (F(1), F(3, 4), F(1, 2)),
    "tundra": (F(1), F(3, 4), F(3, 4)),
}
TERRAIN_MULTIPLIERS: dict[tuple[str, RoadClass], Fraction] = {
    (terrain, column): multiplier
    for terrain, row in TERRAIN_ROWS.items()
    for column, multiplier in zip(ROAD_CLASSES, row, strict=True)
}
# The table's rows read "Desert, Sandy" and "Tundra, frozen".
TERRAIN_ALIASES: dict[str, tuple[str, ...]] = {
    "desert": ("sandy", "sandy-desert", "desert-sandy"),
    "forest": (),
    "hills": (),
    "jungle": (),
    "moor": ("moorland",),
    "mountains": (),
    "plains": (),
    "swamp": (),
    "tundra": ("frozen", "frozen-tundra", "tundra-frozen"),
}

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
