"""The shape of a source's overland tables (``OverlandTables``) and the words /travel
accepts for the d20 family's overland rules (Epic Path's "Overland Travel", the 3.5
SRD's "Overland Movement"). The numbers are each source's: overland_common.py,
srd35_overland.py, epic_path/overland_tables.py.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from bot.names import Vocabulary

# How something travels; it decides the length of a day, whether terrain
# applies and whether it can hustle.
Kind = Literal["foot", "mount", "land-vehicle", "rowed", "sailed"]
# The three columns of Table: Terrain and Overland Movement.
RoadClass = Literal["highway", "road-or-trail", "trackless"]
ROAD_CLASSES: tuple[RoadClass, ...] = ("highway", "road-or-trail", "trackless")

# What a user may type for ``road``. "trail" stays apart from "road" because a
# trail "does not benefit a party traveling with vehicles" (Terrain).
ROAD_NAMES = Vocabulary(
    "road",
    {
        "highway": ("paved", "paved-road", "major-road"),
        "road": ("unpaved", "dirt-road", "dirt-track", "road-or-trail"),
        "trail": ("path", "footpath", "single-file"),
        "trackless": ("none", "no-road", "off-road", "wild", "wilderness", "cross-country"),
    },
)
ROAD_COLUMN: Mapping[str, RoadClass] = {
    "highway": "highway",
    "road": "road-or-trail",
    "trail": "road-or-trail",
    "trackless": "trackless",
}

PACE_NAMES = Vocabulary(
    "pace",
    {
        "walk": ("walking", "normal"),
        "hustle": ("hustling",),
        "forced-march": ("forced", "forced-marching", "march"),
    },
)
# Typed as a pace, these get the rule's own answer instead of "unknown pace".
RUN_WORDS = frozenset({"run", "running", "sprint", "sprinting", "jog", "jogging"})

LOAD_NAMES = Vocabulary(
    "load",
    {
        "light": ("light-load", "unencumbered", "none"),
        "medium": ("medium-load", "moderate"),
        "heavy": ("heavy-load",),
    },
)

FOOT_ALIASES: tuple[str, ...] = ("on-foot", "by-foot", "walking")

DEFAULT_SPEED_FT = 30
# Hustling and forced marching are measured within one day between sleeps.
MAX_HOURS_IN_A_DAY = 24
# Bounds that keep every answer a real number of miles a table could use.
MAX_SPEED_FT = 10_000
MAX_MILES = 1_000_000
MAX_DAYS = 100_000
MAX_LOAD_LB = 1_000_000

# Options that belong to other rulesets' travel rules (BECMI); given here they
# get a note, never an error.
OTHER_RULES: tuple[tuple[str, str], ...] = (
    ("forage", "foraging"),
    ("guide", "hiring a guide"),
    ("river", "river currents"),
    ("lost_check", "getting lost"),
    ("encumbrance_cn", "encumbrance in coins (cn)"),
    ("ship_speed_miles", "a ship's own speed in miles"),
    ("weather", "rolling the weather"),
    ("sea", "sea versus coastal travel"),
    ("constitution", "holding breath and drowning while swimming"),
    ("exerting", "holding breath and drowning while swimming"),
)


# ---------------------------------------------------------------- the data


@dataclass(frozen=True)
class LoadedRow:
    """A mount's slower rate while it carries ``min_lb`` to ``max_lb`` (inclusive)."""

    min_lb: int
    max_lb: int
    miles_per_hour: Fraction
    miles_per_day: Fraction


@dataclass(frozen=True)
class MountOrVehicle:
    """One row of Table: Mounts and Vehicles, with its loaded row if it has one.

    ``load_by_animal`` names the animals a shared row splits into when loaded
    (3.5's "donkey or mule": the donkey's and the mule's loads differ).
    """

    label: str
    kind: Kind
    miles_per_hour: Fraction
    miles_per_day: Fraction
    loaded: tuple[LoadedRow, ...] = ()
    aliases: tuple[str, ...] = ()
    load_by_animal: tuple[str, ...] = ()


@dataclass(frozen=True)
class PenaltyEncumbrance:
    """A load takes feet off the speed, more when the speed is above a threshold.

    Epic Path (seed 004, Encumbrance): medium −5 ft; heavy −10 ft above 20 ft,
    else −5 ft.
    """

    threshold_ft: int
    penalty_above_ft: Mapping[str, int]
    penalty_at_or_below_ft: Mapping[str, int]
    section: str

    def reduced_speed_ft(self, speed_ft: int, load: str) -> int:
        above = speed_ft > self.threshold_ft
        penalty = (self.penalty_above_ft if above else self.penalty_at_or_below_ft)[load]
        return max(0, speed_ft - penalty)

    def why(self, speed_ft: int, load: str) -> str:
        above = speed_ft > self.threshold_ft
        penalty = (self.penalty_above_ft if above else self.penalty_at_or_below_ft)[load]
        side = "above" if above else "at or below"
        cost = f"−{penalty} ft" if penalty else "no penalty"
        return f"{cost} for a {load} load at a speed {side} {self.threshold_ft} ft"


@dataclass(frozen=True)
class TableEncumbrance:
    """A load replaces the speed by a table (3.5 SRD, Carrying Capacity).

    Speeds the table doesn't list take ``off_table_fraction`` of the speed,
    rounded down to a ``step_ft`` step, never less than the listed speed below
    (so a faster creature is never slowed more) nor than ``minimum_ft``.
    """

    slowed_loads: frozenset[str]
    reduced_ft: Mapping[int, int]
    off_table_fraction: Fraction
    step_ft: int
    minimum_ft: int
    section: str

    def reduced_speed_ft(self, speed_ft: int, load: str) -> int:
        if load not in self.slowed_loads:
            return speed_ft
        if speed_ft in self.reduced_ft:
            return self.reduced_ft[speed_ft]
        steps = math.floor(speed_ft * self.off_table_fraction / self.step_ft)
        listed_below = (v for k, v in self.reduced_ft.items() if k < speed_ft)
        return min(
            speed_ft, max(steps * self.step_ft, max(listed_below, default=0), self.minimum_ft)
        )

    def why(self, speed_ft: int, load: str) -> str:
        if load not in self.slowed_loads:
            return f"a {load} load doesn't slow"
        if speed_ft in self.reduced_ft:
            return f"a {load} load makes {speed_ft} ft into {self.reduced_ft[speed_ft]} ft"
        return (
            f"{speed_ft} ft isn't on the table: {self.off_table_fraction} of it, rounded down "
            f"to a {self.step_ft}-ft step"
        )


EncumbranceRule = PenaltyEncumbrance | TableEncumbrance


@dataclass(frozen=True)
class OverlandTables:
    """One source's overland tables, as data.

    ``walk_miles_per_hour`` is Table: Movement and Distance by speed in feet;
    speeds it doesn't list travel ``miles_per_hour_per_ft`` × speed (the same
    proportion every row has). ``terrain_multipliers`` is Table: Terrain and
    Overland Movement by (terrain, road class). ``day_hours`` is how many
    hours of travel make a day for each kind of traveller.
    """

    walk_miles_per_hour: Mapping[int, Fraction]
    miles_per_hour_per_ft: Fraction
    hustle_factor: int
    day_hours: Mapping[Kind, int]
    terrain_multipliers: Mapping[tuple[str, RoadClass], Fraction]
    terrain_aliases: Mapping[str, tuple[str, ...]]
    mounts: Mapping[str, MountOrVehicle]
    encumbrance: EncumbranceRule
    # A trail "does not benefit a party traveling with vehicles" (Terrain).
    trail_no_benefit: frozenset[Kind]
    # Water craft: the terrain table is for land.
    terrain_free: frozenset[Kind]
    # Who may hustle or force-march: walkers, and mounts bearing a rider.
    can_push: frozenset[Kind]
    forced_march_base_dc: int
    forced_march_dc_step: int
    forced_march_die_sides: int
    overland_section: str
    speed_table: str
    terrain_table: str
    mounts_table: str
    forced_march_section: str = "Forced March"
    mounted_section: str = "Mounted Movement"
    terrain_names: Vocabulary = field(init=False, repr=False, compare=False)
    mode_names: Vocabulary = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "terrain_names", Vocabulary("terrain", self.terrain_aliases))
        modes: dict[str, tuple[str, ...]] = {"foot": FOOT_ALIASES}
        modes.update({name: m.aliases for name, m in self.mounts.items()})
        object.__setattr__(self, "mode_names", Vocabulary("mode of travel", modes))

    @property
    def travel_names(self) -> Mapping[str, Vocabulary]:
        """The names /travel's free-text options accept, by option."""
        return {"mode": self.mode_names, "terrain": self.terrain_names, "pace": PACE_NAMES}
