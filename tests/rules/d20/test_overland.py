"""The overland-travel engine with Epic Path's (seed 004) and the 3.5 SRD's tables.

Expected numbers are copied from the tables' text, not computed from the data
modules, so a transcription slip in either shows up here.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from bot.errors import InvalidInput
from bot.rules.d20.overland import overland_travel
from bot.rules.d20.overland_data import LOAD_NAMES, PACE_NAMES, ROAD_NAMES, OverlandTables
from bot.rules.d20.srd35_overland import SRD35_OVERLAND
from bot.rules.epic_path.overland_tables import EPIC_PATH_OVERLAND
from bot.rules.rulings import Source, TravelRequest, TravelResult

SEED = "004_15d51e0af34ca221.txt"
EPIC = Source("epic-path", "Types of Movement", (), seed_file=SEED)
SRD = Source("3.5", "3.5 SRD", (), borrowed="3.5 SRD Overland Movement")
BOTH = pytest.mark.parametrize(
    ("tables", "source"),
    [(EPIC_PATH_OVERLAND, EPIC), (SRD35_OVERLAND, SRD)],
    ids=["epic-path", "srd35"],
)


def travel(
    tables: OverlandTables = EPIC_PATH_OVERLAND,
    source: Source = EPIC,
    seed: int = 7,
    **options: Any,
) -> TravelResult:
    return overland_travel(
        TravelRequest(**options), random.Random(seed), tables=tables, source=source
    )


def labels(result: TravelResult) -> list[str]:
    return [note.label for note in result.notes]


def note_text(result: TravelResult, label: str) -> str:
    return " ".join(note.text for note in result.notes if note.label == label)


# ------------------------------------------- seed 004 Table: Movement and Distance

MOVEMENT_AND_DISTANCE = [
    # speed ft, walk one hour, hustle one hour, walk one day (miles)
    (15, 1.5, 3, 12),
    (20, 2, 4, 16),
    (30, 3, 6, 24),
    (40, 4, 8, 32),
    (50, 5, 10, 40),
    (60, 6, 12, 48),
    (70, 7, 14, 56),
    (80, 8, 16, 64),
    (90, 9, 18, 72),
    (100, 10, 20, 80),
]


@BOTH
@pytest.mark.parametrize(("speed", "walk_hour", "hustle_hour", "walk_day"), MOVEMENT_AND_DISTANCE)
def test_movement_and_distance_table(
    tables: OverlandTables,
    source: Source,
    speed: int,
    walk_hour: float,
    hustle_hour: float,
    walk_day: float,
) -> None:
    """Seed 004, Overland Travel › Table: Movement and Distance (3.5 SRD: same numbers)."""
    walk = travel(tables, source, speeds_ft=(speed,))
    assert walk.miles_per_hour == walk_hour
    assert walk.miles_per_day == walk_day
    hustle = travel(tables, source, speeds_ft=(speed,), pace="hustle", hours=1)
    assert hustle.miles_per_hour == hustle_hour
    assert hustle.covered_miles == hustle_hour
    assert hustle.miles_per_day == walk_day  # a hustle has no day figure
    assert "Table: Movement and Distance" in walk.source.sections


@BOTH
def test_speed_table_rows_share_one_proportion(tables: OverlandTables, source: Source) -> None:
    """Seed 004 Table: Movement and Distance: each row is speed/10, as off-table speeds are."""
    for speed, mph in tables.walk_miles_per_hour.items():
        assert mph == speed * tables.miles_per_hour_per_ft
    result = travel(tables, source, speeds_ft=(25,))
    assert result.miles_per_hour == 2.5
    assert result.miles_per_day == 20
    assert "isn't a column" in note_text(result, "Speed")


def test_run_is_not_an_overland_pace() -> None:
    """Seed 004 Overland Travel › Run: running and resting in cycles works out to a hustle."""
    with pytest.raises(InvalidInput) as error:
        travel(pace="run")
    assert "work out to a hustle" in str(error.value)
    assert "walk, hustle, forced-march" in str(error.value)


# ------------------------------------ seed 004 Table: Terrain and Overland Movement

TERRAIN_TABLE = [
    # terrain, highway, road or trail, trackless
    ("desert", "1", "1/2", "1/2"),
    ("forest", "1", "1", "1/2"),
    ("hills", "1", "3/4", "1/2"),
    ("jungle", "1", "3/4", "1/4"),
    ("moor", "1", "1", "3/4"),
    ("mountains", "3/4", "3/4", "1/2"),
    ("plains", "1", "1", "3/4"),
    ("swamp", "1", "3/4", "1/2"),
    ("tundra", "1", "3/4", "3/4"),
]
TERRAIN_CELLS = [
    (terrain, road, Fraction(cell))
    for terrain, *row in TERRAIN_TABLE
    for road, cell in zip(("highway", "road", "trackless"), row, strict=True)
]


@BOTH
@pytest.mark.parametrize(("terrain", "road", "multiplier"), TERRAIN_CELLS)
def test_terrain_and_overland_movement_table(
    tables: OverlandTables, source: Source, terrain: str, road: str, multiplier: Fraction
) -> None:
    """Seed 004, Overland Travel › Table: Terrain and Overland Movement, every cell."""
    result = travel(tables, source, speeds_ft=(30,), terrain=(terrain,), road=road)
    assert result.miles_per_hour == float(3 * multiplier)
    assert result.miles_per_day == float(24 * multiplier)
    assert result.extra["terrain_multiplier"] == str(multiplier)
    assert "Table: Terrain and Overland Movement" in result.source.sections


@pytest.mark.parametrize(
    ("typed", "terrain"),
    [("Sandy", "desert"), ("sandy desert", "desert"), ("frozen", "tundra"), ("Hill", "hills")],
)
def test_terrain_aliases(typed: str, terrain: str) -> None:
    """Seed 004 Table: Terrain and Overland Movement rows "Desert, Sandy" and "Tundra, frozen"."""
    assert travel(terrain=(typed,)).extra["terrain"] == [terrain]


def test_several_terrains_take_the_slowest() -> None:
    """Ruling (seed 004 Terrain): a trip through several terrains goes at the slowest."""
    result = travel(terrain=("plains", "jungle", "forest"), road="trackless")
    assert result.extra["terrain_multiplier"] == "1/4"
    assert result.miles_per_day == 6
    assert "slowest governs" in note_text(result, "Terrain")


def test_no_terrain_means_the_tables_rates() -> None:
    result = travel(speeds_ft=(30,))
    assert result.miles_per_day == 24
    assert "Terrain not given: rates are the table's." in note_text(result, "Terrain")


def test_terrain_without_road_is_trackless() -> None:
    """Ruling: no road given means the wild, trackless column."""
    result = travel(terrain=("forest",))
    assert result.extra["road_class"] == "trackless"
    assert result.miles_per_day == 12


def test_trail_helps_walkers_but_not_vehicles() -> None:
    """Seed 004 Terrain: a trail "does not benefit a party traveling with vehicles"."""
    walking = travel(terrain=("hills",), road="trail")
    assert walking.extra["road_class"] == "road-or-trail"
    assert walking.miles_per_day == 18
    cart = travel(mode="wagon", terrain=("hills",), road="trail")
    assert cart.extra["road_class"] == "trackless"
    assert cart.miles_per_day == 8  # 16 × 1/2
    assert "does not benefit" in note_text(cart, "Road")
    on_road = travel(mode="cart", terrain=("hills",), road="road")
    assert on_road.miles_per_day == 12  # 16 × 3/4
    horse = travel(mode="light horse", terrain=("hills",), road="trail")
    assert horse.miles_per_day == 30  # 40 × 3/4


@pytest.mark.parametrize(
    ("road", "column"),
    [
        ("none", "trackless"),
        ("trail", "road-or-trail"),
        ("unpaved", "road-or-trail"),
        ("road", "road-or-trail"),
        ("paved", "highway"),
        ("highway", "highway"),
    ],
)
def test_road_option_values(road: str, column: str) -> None:
    assert travel(terrain=("swamp",), road=road).extra["road_class"] == column


def test_ships_ignore_terrain_and_road() -> None:
    """Seed 004 Table: Mounts and Vehicles › Ship: water craft aren't slowed by land."""
    result = travel(mode="galley", terrain=("mountains",), road="trackless")
    assert result.miles_per_hour == 4
    assert result.miles_per_day == 96
    assert "terrain and roads don't change" in note_text(result, "Terrain")
    assert result.headline == "By galley"


# -------------------------------------------- seed 004 Table: Mounts and Vehicles

EPIC_MOUNTS = [
    # mode, mount_load_lb, miles per hour, miles per day
    ("light-horse", None, 5, 40),
    ("light-horse", 175, 3.5, 28),
    ("light-horse", 525, 3.5, 28),
    ("heavy-horse", None, 5, 40),
    ("heavy-horse", 229, 3.5, 28),
    ("heavy-horse", 690, 3.5, 28),
    ("pony", None, 4, 32),
    ("pony", 151, 3, 24),
    ("pony", 450, 3, 24),
    ("riding-dog", None, 4, 32),
    ("riding-dog", 101, 3, 24),
    ("riding-dog", 300, 3, 24),
    ("cart-or-wagon", None, 2, 16),
    ("raft-or-barge", None, 0.5, 5),
    ("keelboat", None, 1, 10),
    ("rowboat", None, 1.5, 15),
    ("sailing-ship", None, 2, 48),
    ("warship", None, 2.5, 60),
    ("longship", None, 3, 72),
    ("galley", None, 4, 96),
]


@pytest.mark.parametrize(("mode", "load_lb", "per_hour", "per_day"), EPIC_MOUNTS)
def test_seed_004_mounts_and_vehicles(
    mode: str, load_lb: int | None, per_hour: float, per_day: float
) -> None:
    """Seed 004, Overland Travel › Table: Mounts and Vehicles, every row."""
    result = travel(mode=mode, mount_load_lb=load_lb)
    assert result.miles_per_hour == per_hour
    assert result.miles_per_day == per_day
    assert "Table: Mounts and Vehicles" in result.source.sections


SRD_MOUNTS = [
    ("light-horse", None, 6, 48),
    ("light-horse", 151, 4, 32),
    ("light-horse", 450, 4, 32),
    ("heavy-horse", None, 5, 40),
    ("heavy-horse", 201, 3.5, 28),
    ("heavy-horse", 600, 3.5, 28),
    ("pony", None, 4, 32),
    ("pony", 76, 3, 24),
    ("pony", 225, 3, 24),
    ("donkey-or-mule", None, 3, 24),
    ("donkey", None, 3, 24),
    ("donkey", 51, 2, 16),
    ("donkey", 150, 2, 16),
    ("mule", None, 3, 24),
    ("mule", 231, 2, 16),
    ("mule", 690, 2, 16),
    ("riding-dog", None, 4, 32),
    ("riding-dog", 101, 3, 24),
    ("riding-dog", 300, 3, 24),
    ("cart-or-wagon", None, 2, 16),
    ("raft-or-barge", None, 0.5, 5),
    ("keelboat", None, 1, 10),
    ("rowboat", None, 1.5, 15),
    ("sailing-ship", None, 2, 48),
    ("warship", None, 2.5, 60),
    ("longship", None, 3, 72),
    ("galley", None, 4, 96),
]


@pytest.mark.parametrize(("mode", "load_lb", "per_hour", "per_day"), SRD_MOUNTS)
def test_srd35_mounts_and_vehicles(
    mode: str, load_lb: int | None, per_hour: float, per_day: float
) -> None:
    """3.5 SRD Mounts and Vehicles , every row."""
    result = travel(SRD35_OVERLAND, SRD, mode=mode, mount_load_lb=load_lb)
    assert result.miles_per_hour == per_hour
    assert result.miles_per_day == per_day


@BOTH
def test_every_row_is_per_hour_times_its_day(tables: OverlandTables, source: Source) -> None:
    """Seed 004 Overland Travel: a day is 8 hours, 10 of rowing, 24 for a sailing ship."""
    for vehicle in tables.mounts.values():
        day = tables.day_hours[vehicle.kind]
        assert vehicle.miles_per_day == vehicle.miles_per_hour * day, vehicle.label
        for row in vehicle.loaded:
            assert row.miles_per_day == row.miles_per_hour * day, vehicle.label


@pytest.mark.parametrize(
    ("tables", "mode", "heaviest"),
    [
        (EPIC_PATH_OVERLAND, "light horse", 525),
        (SRD35_OVERLAND, "light horse", 450),
        (SRD35_OVERLAND, "donkey", 150),
        (SRD35_OVERLAND, "mule", 690),
        (EPIC_PATH_OVERLAND, "pony", 450),
    ],
)
def test_too_heavy_a_load(tables: OverlandTables, mode: str, heaviest: int) -> None:
    with pytest.raises(InvalidInput) as error:
        travel(tables, mode=mode, mount_load_lb=heaviest + 1)
    assert f"carries at most {heaviest} lb" in str(error.value)


def test_light_load_below_the_loaded_row_keeps_full_rate() -> None:
    result = travel(mode="light horse", mount_load_lb=174)
    assert result.miles_per_hour == 5


def test_donkey_or_mule_with_a_load_asks_which() -> None:
    """3.5 SRD Mounts and Vehicles : the loaded weights differ."""
    with pytest.raises(InvalidInput) as error:
        travel(SRD35_OVERLAND, SRD, mode="donkey or mule", mount_load_lb=100)
    assert "donkey, mule" in str(error.value)


def test_epic_path_has_no_donkey() -> None:
    with pytest.raises(InvalidInput) as error:
        travel(mode="donkey")
    assert "light-horse" in str(error.value)


@pytest.mark.parametrize(
    ("typed", "mode"),
    [
        ("dog", "riding-dog"),
        ("cart", "cart-or-wagon"),
        ("Wagon", "cart-or-wagon"),
        ("barge", "raft-or-barge"),
        ("Sailing Ships", "sailing-ship"),
        ("on foot", "foot"),
    ],
)
def test_mode_aliases(typed: str, mode: str) -> None:
    assert travel(mode=typed).extra["mode"] == mode


def test_vehicle_load_without_a_loaded_row_is_noted() -> None:
    result = travel(mode="cart", mount_load_lb=300)
    assert result.miles_per_day == 16
    assert "no loaded rate" in note_text(result, "Load")


# ------------------------------------------------------------ days of travel


@pytest.mark.parametrize(
    ("mode", "day_hours", "distance", "days", "hours"),
    [
        ("rowboat", 10, 30, 2, 20),
        ("keelboat", 10, 25, 2.5, 25),
        ("raft", 10, 5, 1, 10),
        ("sailing ship", 24, 96, 2, 48),
        ("galley", 24, 100, 1.04, 25),
        ("pony", 8, 64, 2, 16),
    ],
)
def test_length_of_a_day(
    mode: str, day_hours: int, distance: float, days: float, hours: float
) -> None:
    """Seed 004 Overland Travel: 8 hours a day; 10 for rowed watercraft; 24 for a sailing ship."""
    result = travel(mode=mode, distance_miles=distance)
    assert result.extra["day_hours"] == day_hours
    assert result.days == days
    assert result.hours == hours


def test_distance_gives_hours_days_and_whole_days() -> None:
    result = travel(speeds_ft=(30,), terrain=("forest",), distance_miles=60)
    assert result.headline == "60 miles of forest"
    assert result.miles_per_day == 12
    assert result.days == 5
    assert result.hours == 40
    assert result.extra["travel_days"] == 5
    uneven = travel(speeds_ft=(20,), distance_miles=50)
    assert uneven.days == 3.12  # 50 / 16 = 3.125, shown to 2 decimals
    assert uneven.extra["travel_days"] == 4


def test_days_and_hours_give_covered_miles() -> None:
    assert travel(speeds_ft=(30,), days=2).covered_miles == 48
    assert travel(speeds_ft=(30,), days=1, hours=2).covered_miles == 30
    assert travel(mode="galley", days=0.5).covered_miles == 48
    result = travel(terrain=("hills",), road="road", days=1)
    assert result.headline == "A day on the road through hills"
    assert result.covered_miles == 18


def test_walking_past_eight_hours_is_flagged() -> None:
    result = travel(hours=10)
    assert result.covered_miles == 30
    assert "forced march" in note_text(result, "Forced march")


def test_party_moves_at_slowest_member() -> None:
    """Ruling: the slowest member's speed governs the party."""
    result = travel(speeds_ft=(30, 20, 40))
    assert result.extra["speed_ft"] == 20
    assert result.miles_per_day == 16
    assert "slowest" in note_text(result, "Slowest member")


def test_default_speed_is_thirty_feet_with_a_note() -> None:
    result = travel()
    assert result.miles_per_hour == 3
    assert "No speed given: 30 ft" in note_text(result, "Speed")


def test_mount_ignores_walking_speeds() -> None:
    result = travel(mode="pony", speeds_ft=(20,))
    assert result.miles_per_hour == 4
    assert "speeds ignored" in note_text(result, "Speed")


# --------------------------------------------------------------- encumbrance


@pytest.mark.parametrize(
    ("speed", "load", "reduced"),
    [
        (30, "light", 30),
        (30, "medium", 25),
        (30, "heavy", 20),
        (20, "light", 20),
        (20, "medium", 15),
        (20, "heavy", 15),
        (10, "medium", 5),
        (40, "heavy", 30),
        (15, "heavy", 10),
    ],
)
def test_epic_path_encumbrance(speed: int, load: str, reduced: int) -> None:
    """Seed 004 Special Movement Rules › Encumbrance: medium −5 ft; heavy −10 / −5 at ≤ 20 ft."""
    result = travel(speeds_ft=(speed,), load=load)
    assert result.extra["speed_ft"] == speed
    assert result.extra["effective_speed_ft"] == reduced
    assert result.miles_per_hour == reduced / 10
    assert "Encumbrance" in result.source.sections


def test_epic_path_encumbrance_worked_example() -> None:
    """Seed 004 Encumbrance example: heavy armor + medium encumbrance is −15 ft
    above 20 ft and −10 ft at 20 ft or below.

    Heavy armor costs what heavy encumbrance costs ("exactly as the armor of the
    same name category"): above 20 ft heavy (−10) + medium (−5) = −15; at or
    below, heavy (−5) + medium (−5) = −10. The rule's sentence states medium's
    −5 only above 20 ft; the example fills in the rest (docs/RULINGS.md).
    """

    def penalty(speed: int, load: str) -> int:
        return speed - EPIC_PATH_OVERLAND.encumbrance.reduced_speed_ft(speed, load)

    assert penalty(30, "heavy") + penalty(30, "medium") == 15
    assert penalty(25, "heavy") + penalty(25, "medium") == 15
    assert penalty(20, "heavy") + penalty(20, "medium") == 10
    assert penalty(15, "heavy") + penalty(15, "medium") == 10


def test_epic_path_speed_reduced_to_zero_still_moves_five_feet() -> None:
    """Seed 004 Encumbrance: at 0 ft you can still move no more than 5 ft a round."""
    result = travel(speeds_ft=(5,), load="heavy")
    assert result.extra["effective_speed_ft"] == 5
    assert result.miles_per_hour == 0.5
    assert "no more than 5 ft" in note_text(result, "Load")


@pytest.mark.parametrize(
    ("speed", "reduced"),
    [
        (20, 15),
        (30, 20),
        (40, 30),
        (50, 35),
        (60, 40),
        (70, 50),
        (80, 55),
        (90, 60),
        (100, 70),
        (110, 75),
        (120, 80),
        # off the table: two-thirds, down to a 5-ft step, minimum 5
        (15, 10),
        (10, 5),
        (5, 5),
        (25, 15),
        (130, 85),
        (45, 30),
    ],
)
@pytest.mark.parametrize("load", ["medium", "heavy"])
def test_srd35_encumbrance(speed: int, reduced: int, load: str) -> None:
    """3.5 SRD Carrying Capacity: a medium or heavy load makes 20 ft 15 ft and 30 ft 20 ft."""
    result = travel(SRD35_OVERLAND, SRD, speeds_ft=(speed,), load=load)
    assert result.extra["effective_speed_ft"] == reduced
    assert result.miles_per_hour == reduced / 10
    light = travel(SRD35_OVERLAND, SRD, speeds_ft=(speed,), load="light")
    assert light.extra["effective_speed_ft"] == speed


def test_load_applies_to_the_slowest_member() -> None:
    result = travel(speeds_ft=(40, 30), load="heavy")
    assert result.extra["speed_ft"] == 30
    assert result.extra["effective_speed_ft"] == 20


# ------------------------------------------------------- hustle, forced march


@pytest.mark.parametrize(
    ("hours", "per_hour", "total"),
    [
        (1, [0], 0),
        (2, [0, 1], 1),
        (3, [0, 1, 2], 3),
        (4, [0, 1, 2, 4], 7),
        (5, [0, 1, 2, 4, 8], 15),
        (6, [0, 1, 2, 4, 8, 16], 31),
    ],
)
def test_hustle_damage_doubles(hours: int, per_hour: list[int], total: int) -> None:
    """Seed 004 Overland Travel › Hustle: 2nd hour 1 nonlethal, then twice the hour before."""
    result = travel(speeds_ft=(30,), pace="hustle", hours=hours)
    assert result.extra["hustle_nonlethal_damage_per_hour"] == per_hour
    assert result.extra["hustle_nonlethal_damage"] == total
    assert result.extra["fatigued"] is (total > 0)
    assert result.covered_miles == 6 * hours
    assert result.extra["hustle_miles"] == 6 * hours
    assert result.miles_per_hour == 6
    assert result.miles_per_day == 24


def test_hustle_defaults_to_one_hour() -> None:
    result = travel(pace="hustle")
    assert result.extra["hustle_hours"] == 1
    assert result.extra["hustle_nonlethal_damage"] == 0


def test_hustle_hours_from_distance() -> None:
    result = travel(speeds_ft=(30,), pace="hustle", distance_miles=15)
    assert result.extra["hustle_hours"] == 3
    assert result.hours == 2.5
    assert result.extra["hustle_nonlethal_damage"] == 3


def test_mounted_hustle_is_lethal_and_fatigues_the_mount() -> None:
    """Seed 004 Overland Travel › Mounted Movement: a mount's hustle damage is lethal."""
    result = travel(mode="light horse", pace="hustle", hours=3)
    assert result.miles_per_hour == 10
    assert result.extra["hustle_lethal_damage"] == 3
    assert result.extra["hustle_lethal_damage_per_hour"] == [0, 1, 2]
    assert "hustle_nonlethal_damage" not in result.extra
    assert result.extra["fatigued"] is True
    assert "Mounted Movement" in result.source.sections


@pytest.mark.parametrize(
    ("hours", "dcs"),
    [(9, [10]), (10, [10, 12]), (12, [10, 12, 14, 16]), (16, [10, 12, 14, 16, 18, 20, 22, 24])],
)
def test_forced_march_dcs(hours: int, dcs: list[int]) -> None:
    """Seed 004 Overland Travel › Forced March: Con DC 10 for the 9th hour, +2 each hour after."""
    result = travel(speeds_ft=(30,), pace="forced march", hours=hours)
    assert result.extra["forced_march_dcs"] == dcs
    assert result.covered_miles == 3 * hours
    assert result.extra["forced_march_miles_per_day"] == 3 * hours
    assert result.miles_per_day == 24
    assert result.rolls == ()  # the players roll their own Constitution checks
    assert "Forced March" in result.source.sections


@pytest.mark.parametrize("hours", [None, 8, 4])
def test_forced_march_needs_more_than_eight_hours(hours: float | None) -> None:
    with pytest.raises(InvalidInput) as error:
        travel(pace="forced-march", hours=hours)
    assert "more than 8 hours" in str(error.value)


def test_forced_march_with_distance() -> None:
    result = travel(speeds_ft=(30,), pace="forced-march", hours=10, distance_miles=90)
    assert result.extra["forced_march_days"] == 3
    assert result.extra["forced_march_travel_days"] == 3
    assert result.extra["travel_days"] == 4  # at normal 24-mile days


def test_mount_forced_march_fails_automatically_and_rolls_lethal_damage() -> None:
    """Seed 004 Mounted Movement: a ridden mount's Con checks automatically fail; lethal."""
    first = travel(mode="heavy horse", pace="forced-march", hours=11, seed=3)
    again = travel(mode="heavy horse", pace="forced-march", hours=11, seed=3)
    assert first.rolls == again.rolls
    (damage,) = first.rolls
    assert damage.count == 3
    assert damage.sides == 6
    assert first.extra["mount_forced_march_lethal_damage"] == damage.total
    assert first.extra["mount_forced_march_lethal_damage_per_hour"] == list(damage.faces)
    assert 3 <= damage.total <= 18
    assert first.extra["fatigued"] is True
    assert first.covered_miles == 55


@pytest.mark.parametrize("mode", ["cart", "rowboat", "galley"])
@pytest.mark.parametrize("pace", ["hustle", "forced-march"])
def test_vehicles_cannot_be_pushed(mode: str, pace: str) -> None:
    with pytest.raises(InvalidInput) as error:
        travel(mode=mode, pace=pace, hours=10)
    assert "walk" in str(error.value)


@pytest.mark.parametrize("pace", ["hustle", "forced-march"])
def test_pushed_paces_take_hours_not_days(pace: str) -> None:
    with pytest.raises(InvalidInput):
        travel(pace=pace, days=2, hours=10)


@pytest.mark.parametrize("hours", [1.5, 25, 0.5])
def test_hustle_hours_are_whole_hours_in_a_day(hours: float) -> None:
    with pytest.raises(InvalidInput):
        travel(pace="hustle", hours=hours)


# ------------------------------------------------------ other rulesets' options


@pytest.mark.parametrize(
    "option",
    [
        {"forage": True},
        {"guide": True},
        {"river": True},
        {"lost_check": True},
        {"encumbrance_cn": 400},
        {"ship_speed_miles": 90.0},
        {"weather": True},
    ],
)
def test_becmi_options_are_noted_not_failed(option: dict[str, Any]) -> None:
    result = travel(**option)
    assert "no rule for" in note_text(result, "Not in this ruleset")
    assert result.rest_days is None
    assert result.lost_chance is None
    assert result.private_notes == ()


def test_source_keeps_callers_fields_and_adds_sections() -> None:
    result = travel(mode="pony", terrain=("moor",))
    assert result.source.seed_file == SEED
    assert result.source.sections == (
        "Overland Travel",
        "Table: Mounts and Vehicles",
        "Table: Terrain and Overland Movement",
    )
    srd = travel(SRD35_OVERLAND, SRD)
    assert srd.source.sections[0] == "Overland Movement"
    assert srd.source.borrowed == "3.5 SRD Overland Movement"


@pytest.mark.parametrize(
    ("options", "headline"),
    [
        ({"distance_miles": 60, "terrain": ("forest",)}, "60 miles of forest"),
        ({"days": 1, "terrain": ("hills",), "road": "road"}, "A day on the road through hills"),
        ({"mode": "galley"}, "By galley"),
        ({"mode": "galley", "distance_miles": 200}, "200 miles by galley"),
        ({}, "On foot"),
        ({"pace": "hustle", "hours": 2}, "A 2-hour hustle on foot"),
        (
            {"days": 3, "terrain": ("plains",), "road": "highway"},
            "3 days on the highway through plains",
        ),
    ],
)
def test_headlines(options: dict[str, Any], headline: str) -> None:
    assert travel(**options).headline == headline


@pytest.mark.parametrize(
    "options",
    [
        {"speeds_ft": (0,)},
        {"speeds_ft": (-30,)},
        {"speeds_ft": (32,)},
        {"distance_miles": 0},
        {"distance_miles": float("nan")},
        {"days": float("inf")},
        {"hours": -1},
        {"mode": "pony", "mount_load_lb": -5},
    ],
)
def test_bad_numbers(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidInput):
        travel(**options)


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"mode": "light horse", "load": "heavy"}, "(mount_load)"),
        ({"mount_load_lb": 100}, "mount_load is a mount's load"),
    ],
)
def test_load_notes_name_the_travel_option(options: dict[str, Any], option: str) -> None:
    """Seed 004 "Overland Travel" › Table: Mounts and Vehicles: a mount's load is given in lb
    by the /travel option mount_load (the request's field name never reaches the user)."""
    text = note_text(travel(**options), "Load")
    assert option in text
    assert "mount_load_lb" not in text


def test_hustle_for_days_names_the_distance_option() -> None:
    """Seed 004 "Overland Travel" › Hustle: counted in hours; the refusal names /travel's
    options (hours, distance), not the request's field distance_miles."""
    with pytest.raises(InvalidInput, match=r"give hours \(and distance if") as error:
        travel(pace="hustle", days=2)
    assert "distance_miles" not in error.value.message
    with pytest.raises(InvalidInput, match=r"^distance must be a number above 0"):
        travel(distance_miles=0)


# ------------------------------------------------------------------ properties

TABLES = st.sampled_from([EPIC_PATH_OVERLAND, SRD35_OVERLAND])
SPEEDS = st.integers(min_value=1, max_value=60).map(lambda n: n * 5)
TERRAINS = st.sampled_from(sorted({t for t, _ in EPIC_PATH_OVERLAND.terrain_multipliers}))
LOADS = st.sampled_from([None, "light", "medium", "heavy"])
ROADS = ["trackless", "trail", "road", "highway"]


@given(
    tables=TABLES,
    a=SPEEDS,
    b=SPEEDS,
    load=LOADS,
    terrain=st.lists(TERRAINS, max_size=3).map(tuple),
    road=st.sampled_from(ROADS),
    pace=st.sampled_from(["walk", "hustle"]),
)
def test_faster_never_travels_less(
    tables: OverlandTables,
    a: int,
    b: int,
    load: str | None,
    terrain: tuple[str, ...],
    road: str,
    pace: str,
) -> None:
    slow, fast = sorted((a, b))
    options: dict[str, Any] = {
        "load": load,
        "terrain": terrain,
        "road": road,
        "pace": pace,
        "hours": 1,
    }
    slower = travel(tables, speeds_ft=(slow,), **options)
    faster = travel(tables, speeds_ft=(fast,), **options)
    assert faster.miles_per_hour is not None and slower.miles_per_hour is not None
    assert faster.miles_per_hour >= slower.miles_per_hour
    assert faster.miles_per_day is not None and slower.miles_per_day is not None
    assert faster.miles_per_day >= slower.miles_per_day


LAND_MODES = ["foot", "light-horse", "heavy-horse", "pony", "riding-dog", "cart-or-wagon"]


@given(
    tables=TABLES,
    mode=st.sampled_from(LAND_MODES),
    terrain=st.lists(TERRAINS, min_size=1, max_size=3).map(tuple),
    worse=st.integers(min_value=0, max_value=3),
    better=st.integers(min_value=0, max_value=3),
)
def test_a_better_road_never_slows(
    tables: OverlandTables, mode: str, terrain: tuple[str, ...], worse: int, better: int
) -> None:
    worse, better = sorted((worse, better))
    on_worse = travel(tables, mode=mode, terrain=terrain, road=ROADS[worse])
    on_better = travel(tables, mode=mode, terrain=terrain, road=ROADS[better])
    assert on_worse.miles_per_day is not None and on_better.miles_per_day is not None
    assert on_better.miles_per_day >= on_worse.miles_per_day


NAME_TEXT = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), min_size=0, max_size=20
)


@given(
    tables=TABLES,
    text=NAME_TEXT,
    field=st.sampled_from(["terrain", "mode", "pace", "load", "road"]),
)
def test_bad_names_raise_invalid_input(tables: OverlandTables, text: str, field: str) -> None:
    vocabularies = {
        "terrain": tables.terrain_names,
        "mode": tables.mode_names,
        "pace": PACE_NAMES,
        "load": LOAD_NAMES,
        "road": ROAD_NAMES,
    }
    assume(text not in vocabularies[field])
    value: Any = (text,) if field == "terrain" else text
    with pytest.raises(InvalidInput):
        travel(tables, **{field: value})
