"""The overland tables the 3.5 SRD and Epic Path print alike: Table: Movement and
Distance (walking, by speed) and Table: Terrain and Overland Movement (seed 004
"Overland Travel"; the 3.5 SRD's "Overland Movement" has the same numbers).
Numbers are the tables'; fractions stay fractions.
"""

from __future__ import annotations

from fractions import Fraction

from bot.rules.d20.overland_data import ROAD_CLASSES, Kind, RoadClass

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
