"""The becmi ruleset against seed 003_3444ce13aba82e1a.txt (Rules Cyclopedia movement chapter).

Every test names the seed section it checks. Expected figures are copied from
the seed here, independently of ``bot.rules.becmi.tables``, so a typo in the
data shows up as a failing test.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from bot.errors import InvalidInput
from bot.rules.becmi import tables as table
from bot.rules.becmi.ruleset import Becmi
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import FallRequest, JumpRequest, TravelRequest, TravelResult
from tests.rules.faces import Faces

BECMI = Becmi()
SEED = "003_3444ce13aba82e1a.txt"


def travel(rng: random.Random | None = None, /, **options: object) -> TravelResult:
    return BECMI.calculators.travel(TravelRequest(**options), rng or random.Random(1))  # type: ignore[arg-type]


def note_text(result: TravelResult) -> str:
    return "\n".join(f"{n.label}: {n.text}" for n in result.notes)


# ------------------------------------------------------------------ identity


def test_ruleset_identity_and_map_scale() -> None:
    """Seed 003 "Map Scales": each square typically represents 10'."""
    ruleset: Ruleset = BECMI
    assert (ruleset.id, ruleset.name, ruleset.document) == ("becmi", "BECMI", "Rules Cyclopedia")
    assert ruleset.square_ft == 10
    assert ruleset.sizes == ()


def test_source_cites_seed_and_sections() -> None:
    """Seed 003 "Overland Movement Rates": citations name the seed file and sections."""
    result = travel(terrain=("forest",))
    assert result.source.ruleset == "becmi"
    assert result.source.document == "Rules Cyclopedia"
    assert result.source.seed_file == SEED
    assert "Overland Movement Rates" in result.source.sections
    assert "Terrain Effects on Movement Table" in result.source.sections
    assert result.miles_per_hour is None


# ------------------------------------- Character Movement Rates and Encumbrance


@pytest.mark.parametrize(
    ("cn", "normal_ft", "encounter_ft", "running_ft"),
    [
        (0, 120, 40, 120),
        (400, 120, 40, 120),
        (401, 90, 30, 90),
        (800, 90, 30, 90),
        (801, 60, 20, 60),
        (1_200, 60, 20, 60),
        (1_201, 30, 10, 30),
        (1_600, 30, 10, 30),
        (1_601, 15, 5, 15),
        (2_400, 15, 5, 15),
        (2_401, 0, 0, 0),
        (50_000, 0, 0, 0),
    ],
)
def test_encumbrance_table_rows(
    cn: int, normal_ft: int, encounter_ft: int, running_ft: int
) -> None:
    """Seed 003 "Character Movement Rates and Encumbrance Table": every row, at its edges."""
    band = table.encumbrance_band(cn)
    assert (band.normal_speed_ft, band.encounter_speed_ft, band.running_speed_ft) == (
        normal_ft,
        encounter_ft,
        running_ft,
    )
    result = travel(encumbrance_cn=cn)
    assert result.extra["encumbrance_speed_ft"] == normal_ft
    assert result.miles_per_day == normal_ft / 5


def test_worked_example_600_cn_moves_90_30() -> None:
    """Seed 003 "Character Movement Rates": 60 lbs. (600 cn) slows a character to MV 90' (30')."""
    result = travel(encumbrance_cn=600)
    assert result.extra["slowest_speed_ft"] == 90
    assert "90' (30')" in note_text(result)


def test_encumbered_character_joins_the_party_speeds() -> None:
    """Seed 003 "Important Note": groups move at the rate of the slowest character."""
    result = travel(speeds_ft=(120,), encumbrance_cn=900)
    assert result.extra["slowest_speed_ft"] == 60
    assert result.miles_per_day == 12


def test_no_speed_means_an_unencumbered_120() -> None:
    """Seed 003 "Character Movement Rates": any character moves 120' (40') unless weighed down."""
    result = travel()
    assert result.miles_per_day == 24
    assert "120' (40')" in note_text(result)


def test_slowest_party_member_governs() -> None:
    """Seed 003 "Overland Movement Rates" / "Important Note": the slowest sets the pace."""
    result = travel(speeds_ft=(120, 90, 60))
    assert result.extra["slowest_speed_ft"] == 60
    assert result.miles_per_day == 12


@pytest.mark.parametrize("options", [{"speeds_ft": (0,)}, {"encumbrance_cn": 2_401}])
def test_speed_zero_cannot_move(options: dict[str, object]) -> None:
    """Seed 003 encumbrance table, 2,401+ cn: speed 0; the bot rules the party cannot move."""
    result = travel(distance_miles=10, **options)
    assert result.miles_per_day == 0
    assert result.days is None
    assert "cannot move" in note_text(result)


# -------------------------------------------------------- Overland Movement Rates


def test_worked_example_120_feet_is_24_miles_in_clear() -> None:
    """Seed 003 "Overland Movement Rates": normal speed ÷ 5 = miles per day in clear terrain."""
    result = travel(speeds_ft=(120,), terrain=("clear",))
    assert result.miles_per_day == 24
    assert result.extra["table_miles_per_day"] == 24
    assert "Traveling Rates table" not in note_text(result)


def test_formula_governs_and_table_figure_is_shown_when_they_differ() -> None:
    """Seed 003 "Overland Movement Rates" vs "Traveling Rates by Terrain Table": 90' clear is
    18 by the formula, 12 in the table; the bot uses 18 and shows 12."""
    result = travel(speeds_ft=(90,), terrain=("clear",))
    assert result.miles_per_day == 18
    assert result.extra["table_miles_per_day"] == 12
    assert "12 miles/day for Foot, lt enc" in note_text(result)


# ------------------------------------------------ Terrain Effects on Movement Table


@pytest.mark.parametrize(
    ("terrain", "multiplier"),
    [
        ("clear", Fraction(1)),
        ("city", Fraction(1)),
        ("grassland", Fraction(1)),
        ("forest", Fraction(2, 3)),
        ("muddy", Fraction(2, 3)),
        ("muddy ground", Fraction(2, 3)),
        ("mud", Fraction(2, 3)),
        ("snow", Fraction(2, 3)),
        ("hills", Fraction(2, 3)),
        ("desert", Fraction(2, 3)),
        ("broken terrain", Fraction(2, 3)),
        ("Mountains", Fraction(1, 2)),
        ("swamp", Fraction(1, 2)),
        ("jungle", Fraction(1, 2)),
        ("ice", Fraction(1, 2)),
        ("glacier", Fraction(1, 2)),
    ],
)
def test_terrain_effects_multipliers(terrain: str, multiplier: Fraction) -> None:
    """Seed 003 "Terrain Effects on Movement Table": each terrain's modifier on 24 miles/day."""
    result = travel(speeds_ft=(120,), terrain=(terrain,))
    assert result.extra["terrain_multiplier"] == str(multiplier)
    assert result.miles_per_day == round(float(24 * multiplier), 2)


def test_several_terrains_use_the_worst_not_cumulative() -> None:
    """Seed 003 "Terrain Effects on Movement Table": modifiers are not cumulative; use the worst."""
    result = travel(speeds_ft=(120,), terrain=("forest", "mountain", "hills"))
    assert result.extra["governing_terrain"] == "mountain"
    assert result.miles_per_day == 12


def test_terrain_tie_goes_to_the_higher_lost_chance() -> None:
    """Seed 003 "Terrain Effects" + "Becoming Lost": hills and desert both 2/3; desert governs."""
    result = travel(terrain=("hills", "desert"))
    assert result.extra["governing_terrain"] == "desert"
    assert result.lost_chance == Fraction(1, 2)


def test_trail_multiplier() -> None:
    """Seed 003 "Terrain Effects on Movement Table": trail/road is 1½ normal."""
    result = travel(speeds_ft=(120,), road="trail")
    assert result.miles_per_day == 36
    assert result.extra["terrain_multiplier"] == "3/2"


@pytest.mark.parametrize(
    ("road", "terrain", "miles"),
    [
        ("unpaved", "forest", 36),  # ignored: road ×1½
        ("unpaved", "mountain", 36),
        ("unpaved", "muddy", 16),  # kept: 2/3 alone, no road bonus
        ("unpaved", "snow", 16),
        ("trail", "swamp", 36),
        ("trail", "mud", 16),
        ("road", "hills", 36),
        ("road", "snow", 16),
        ("paved", "muddy", 36),
        ("paved", "swamp", 36),
        ("paved", "snow", 16),
        ("highway", "glacier", 36),
        ("highway", "snow", 16),
    ],
)
def test_road_footnote(road: str, terrain: str, miles: int) -> None:
    """Seed 003 "Terrain Effects on Movement Table" footnote: unpaved roads ignore every terrain
    modifier except muddy ground/snow, paved roads every one except snow."""
    result = travel(speeds_ft=(120,), road=road, terrain=(terrain,))
    assert result.miles_per_day == miles
    assert result.extra["road_kind"] == ("paved" if road in ("paved", "highway") else "unpaved")


def test_paved_road_keeps_only_the_worst_remaining_modifier() -> None:
    """Seed 003 "Terrain Effects on Movement Table" footnote: snow on a paved road through
    mountains: mountains ignored, snow's 2/3 applies alone."""
    result = travel(speeds_ft=(120,), road="paved", terrain=("mountain", "snow"))
    assert result.extra["governing_terrain"] == "snow"
    assert result.miles_per_day == 16
    assert "without the road" in note_text(result)


# ------------------------------------------------- Traveling Rates by Terrain Table

# (mode, Trail, Clear, Hills, Mountains, Desert), copied from seed 003.
MOUNT_ROWS = [
    ("camel", 48, 32, 24, 16, 32),
    ("elephant", 36, 24, 12, 8, 8),
    ("riding-horse", 72, 48, 36, 24, 16),
    ("donkey", 36, 24, 16, 12, 16),
    ("war-horse", 36, 24, 16, 12, 8),
    ("draft-horse", 24, 16, 12, 8, 8),
    ("ox", 16, 12, 10, 8, 6),
]
FOOT_ROWS = [
    (120, 36, 24, 16, 12, 16),
    (90, 24, 12, 8, 6, 8),
    (60, 12, 8, 6, 4, 6),
]
# How each column is asked for: (road, terrain) and the Terrain Effects multiplier.
COLUMNS = [
    ("trail", "trail", None, Fraction(3, 2)),
    ("clear", None, "clear", Fraction(1)),
    ("hills", None, "hills", Fraction(2, 3)),
    ("mountains", None, "mountains", Fraction(1, 2)),
    ("desert", None, "desert", Fraction(2, 3)),
]


@pytest.mark.parametrize(
    ("mode", "column", "road", "terrain", "miles"),
    [
        (row[0], column, road, terrain, row[1 + i])
        for row in MOUNT_ROWS
        for i, (column, road, terrain, _) in enumerate(COLUMNS)
    ],
)
def test_traveling_rates_mount_rows(
    mode: str, column: str, road: str | None, terrain: str | None, miles: int
) -> None:
    """Seed 003 "Traveling Rates by Terrain Table": every mount row, every column."""
    result = travel(mode=mode, road=road, terrain=(terrain,) if terrain else ())
    assert result.miles_per_day == miles
    assert result.extra["table_column"] == column


@pytest.mark.parametrize(
    ("speed_ft", "column", "road", "terrain", "table_miles", "multiplier"),
    [
        (row[0], column, road, terrain, row[1 + i], multiplier)
        for row in FOOT_ROWS
        for i, (column, road, terrain, multiplier) in enumerate(COLUMNS)
    ],
)
def test_traveling_rates_foot_rows(
    speed_ft: int,
    column: str,
    road: str | None,
    terrain: str | None,
    table_miles: int,
    multiplier: Fraction,
) -> None:
    """Seed 003 "Traveling Rates by Terrain Table", foot rows (120'/90'/60' per the footnotes):
    the table's figure is shown beside the formula (speed ÷ 5 × terrain), which governs."""
    result = travel(speeds_ft=(speed_ft,), road=road, terrain=(terrain,) if terrain else ())
    assert result.extra["table_miles_per_day"] == table_miles
    formula = Fraction(speed_ft, 5) * multiplier
    assert result.miles_per_day == round(float(formula), 2)
    shown = any(n.label == "Traveling Rates table" for n in result.notes)
    assert shown == (formula != table_miles)


def test_table_data_matches_the_seed() -> None:
    """Seed 003 "Traveling Rates by Terrain Table": the data module holds the seed's figures."""
    for mode, *figures in MOUNT_ROWS:
        row = table.MOUNT_RATES[mode]
        assert [row.miles_per_day(c) for c in table.COLUMNS] == figures
    for speed, *figures in FOOT_ROWS:
        row = table.FOOT_RATES[speed]
        assert [row.miles_per_day(c) for c in table.COLUMNS] == figures


@pytest.mark.parametrize(
    ("mode", "terrain", "miles"),
    [
        ("elephant", "forest", 16),  # 24 × 2/3
        ("camel", "swamp", 16),  # 32 × 1/2
        ("ox", "glacier", 6),  # 12 × 1/2
        ("war horse", "broken", 16),  # 24 × 2/3
        ("mule", "city", 24),  # city reads the Clear column
    ],
)
def test_mount_in_terrain_without_a_column(mode: str, terrain: str, miles: int) -> None:
    """Seed 003 "Traveling Rates by Terrain Table" has no column for these terrains: the bot
    applies the "Terrain Effects on Movement Table" multiplier to the mount's Clear figure."""
    assert travel(mode=mode, terrain=(terrain,)).miles_per_day == miles


def test_mount_on_road_with_a_kept_modifier() -> None:
    """Seed 003 road footnote + Traveling Rates table: a camel on an unpaved road in mud keeps
    the muddy 2/3 on its Clear figure (32 × 2/3), not the Trail column."""
    result = travel(mode="camel", road="unpaved", terrain=("muddy",))
    assert result.miles_per_day == round(32 * 2 / 3, 2)
    assert result.extra["governing_terrain"] == "muddy"


def test_mount_in_several_terrains_takes_its_slowest_figure() -> None:
    """Seed 003 "use the worst condition" with the Traveling Rates table: a camel crossing hills
    and desert goes at its Hills figure (24), slower than its Desert figure (32)."""
    assert travel(mode="camel", terrain=("desert", "hills")).miles_per_day == 24


def test_riding_horse_footnote() -> None:
    """Seed 003 "Traveling Rates by Terrain Table" footnote tt: the rates kill a single horse."""
    result = travel(mode="riding horse")
    assert result.miles_per_day == 48
    assert "war horse rates" in note_text(result)
    assert "war horse rates" not in note_text(travel(mode="war-horse"))


def test_mount_ignores_walker_speeds() -> None:
    """Seed 003 "Overland Movement Rates": mounted, the mount's rate governs; speeds unused."""
    result = travel(mode="ox", speeds_ft=(60,))
    assert result.miles_per_day == 12
    assert "Not used" in note_text(result)


# ---------------------------------------------------- Long-Distance Travel and Rest


@pytest.mark.parametrize(
    ("distance", "days", "travel_days", "rest_days", "calendar_days"),
    [
        (100, 4.17, 5, 0, 5),
        (144, 6.0, 6, 0, 6),
        (168, 7.0, 7, 1, 8),
        (312, 13.0, 13, 2, 15),
        (12, 0.5, 1, 0, 1),
    ],
)
def test_rest_days_within_the_trip(
    distance: int, days: float, travel_days: int, rest_days: int, calendar_days: int
) -> None:
    """Seed 003 "Long-Distance Travel and Rest": one full rest day for every six days traveling."""
    result = travel(speeds_ft=(120,), distance_miles=distance)
    assert result.days == days
    assert result.rest_days == rest_days
    assert result.extra["travel_days"] == travel_days
    assert result.extra["calendar_days"] == calendar_days
    assert "−1 on attack and damage" in note_text(result)


def test_days_give_covered_miles() -> None:
    """Seed 003 "Overland Movement Rates": miles per day × days."""
    assert travel(speeds_ft=(120,), terrain=("forest",), days=3).covered_miles == 48
    assert travel(speeds_ft=(90,), days=0.5).covered_miles == 9


def test_headlines() -> None:
    """Seed 003 "Overland Movement Rates": the reply title names distance or day and terrain."""
    assert travel(terrain=("forest",), distance_miles=60).headline == "60 miles of forest"
    assert travel(terrain=("hills",)).headline == "A day's travel through hills"
    assert travel(road="paved", days=2).headline == "2 days' travel along the paved road"
    assert travel(mode="camel", distance_miles=40).headline == "40 miles of clear terrain by camel"


# ----------------------------------------------------------------- Becoming Lost


@pytest.mark.parametrize(
    ("terrain", "chance"),
    [
        ("clear", Fraction(1, 6)),
        ("grassland", Fraction(1, 6)),
        ("city", Fraction(1, 6)),  # ruling: a city is clear terrain
        ("swamp", Fraction(3, 6)),
        ("jungle", Fraction(3, 6)),
        ("desert", Fraction(3, 6)),
        ("forest", Fraction(2, 6)),
        ("muddy", Fraction(2, 6)),
        ("snow", Fraction(2, 6)),
        ("hills", Fraction(2, 6)),
        ("broken", Fraction(2, 6)),
        ("mountain", Fraction(2, 6)),
        ("ice", Fraction(2, 6)),
        ("glacier", Fraction(2, 6)),
    ],
)
def test_lost_chance_by_terrain(terrain: str, chance: Fraction) -> None:
    """Seed 003 "Becoming Lost": clear/grasslands 1, swamp/jungle/desert 1-3, others 1-2 on 1d6."""
    assert travel(terrain=(terrain,)).lost_chance == chance


@pytest.mark.parametrize(
    "options", [{"road": "trail"}, {"road": "highway"}, {"river": True}, {"guide": True}]
)
def test_road_river_or_guide_never_lost(options: dict[str, object]) -> None:
    """Seed 003 "Becoming Lost": a party on a road, trail or river, or with a guide, is not lost."""
    result = travel(terrain=("swamp",), lost_check=True, **options)
    assert result.lost_chance == 0
    assert result.rolls == ()
    assert "will not become lost" in note_text(result)


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_lost_check_result_is_private(face: int) -> None:
    """Seed 003 "Becoming Lost": the DM rolls 1d6 each day and secretly tracks the direction."""
    result = travel(Faces(face, 3), terrain=("forest",), lost_check=True)
    assert result.rolls == ()  # the secret d6 never joins the public rolls
    assert result.private_rolls[0].total == face
    public = note_text(result)
    assert "GM rolled the daily lost check" in public
    assert "is lost" not in public and "on course" not in public
    private = "\n".join(n.text for n in result.private_notes)
    if face <= 2:
        assert "the party is lost" in private
        assert table.LOST_DEVIATIONS[3] in private
    else:
        assert "stays on course" in private


@pytest.mark.parametrize("face", sorted(table.LOST_DEVIATIONS))
def test_lost_direction_is_a_deviation(face: int) -> None:
    """Seed 003 "Becoming Lost": e.g. the party thinks it goes north but goes northeast."""
    result = travel(Faces(1, face), terrain=("clear",), lost_check=True)
    private = result.private_notes[0].text
    assert table.LOST_DEVIATIONS[face] in private
    assert "thinking it goes north" in private


# --------------------------------------------------------------- Food in the Wild


def test_forage_slows_to_two_thirds() -> None:
    """Seed 003 "Food in the Wild": foraging slows daily movement to 2/3; 1-3 on 1d6 for food."""
    result = travel(speeds_ft=(120,), forage=True)
    assert result.miles_per_day == 16
    assert result.extra["forage_multiplier"] == "2/3"
    assert "1–3 on 1d6" in note_text(result)
    assert travel(mode="camel", terrain=("hills",), forage=True).miles_per_day == 16


# ---------------------------------------------------------------------- pace, hours


@pytest.mark.parametrize("pace", [None, "walk", "Normal"])
def test_normal_pace_accepted(pace: str | None) -> None:
    """Seed 003 "Overland Movement Rates": the chapter gives one, normal, travel rate."""
    assert travel(pace=pace).miles_per_day == 24


@pytest.mark.parametrize("pace", ["hustle", "forced march", "run", "fast"])
def test_other_paces_rejected(pace: str) -> None:
    """Seed 003 "Overland Movement Rates" / "Food in the Wild": no hustle or forced-march rate."""
    with pytest.raises(InvalidInput, match="Accepted: walk"):
        travel(pace=pace)


def test_hours_rejected() -> None:
    """Seed 003 "Measurements of Game Time Table": long-distance movement is in miles/day."""
    with pytest.raises(InvalidInput, match="per day"):
        travel(hours=4)


@pytest.mark.parametrize(
    "options",
    [
        {"distance_miles": 0},
        {"distance_miles": -5},
        {"days": float("nan")},
        {"speeds_ft": (-10,)},
        {"encumbrance_cn": -1},
        {"mode": "galley", "ship_speed_miles": 0},
    ],
)
def test_bad_numbers_rejected(options: dict[str, object]) -> None:
    """Seed 003 "Overland Movement Rates": distances, days and speeds must make sense."""
    with pytest.raises(InvalidInput):
        travel(**options)


# -------------------------------------------------------------------- swimming


@pytest.mark.parametrize(("speed_ft", "per_round"), [(120, 24), (90, 18), (60, 12), (15, 3)])
def test_swimming_is_a_fifth_of_running(speed_ft: int, per_round: int) -> None:
    """Seed 003 "By Swimming (and Drowning)": 120 yards per round ÷ 5 = 24 yards per round;
    underwater, 24 feet per round."""
    result = travel(mode="swim", speeds_ft=(speed_ft,))
    assert result.extra["swim_yards_per_round"] == per_round
    assert result.extra["swim_underwater_ft_per_round"] == per_round
    assert result.miles_per_day is None
    assert "no miles per day" in note_text(result)


@pytest.mark.parametrize(("cn", "warned"), [(400, False), (401, True)])
def test_swimming_heavy_drags_down(cn: int, warned: bool) -> None:
    """Seed 003 "By Swimming (and Drowning)": over 400 cn, sheer weight drags a swimmer down."""
    assert ("drags the swimmer down" in note_text(travel(mode="swim", encumbrance_cn=cn))) is warned


# ------------------------------------------------------------------------- ships


def test_ship_needs_a_base_rate() -> None:
    """Seed 003 "By Ship": the Sailing Vessels Table (chapter 4) is not in the seeds. The
    error names the /travel option to give (ship_speed), not the request's field."""
    with pytest.raises(InvalidInput, match=r"give ship_speed, e\.g\. ship_speed:72") as error:
        travel(mode="sailing ship")
    assert "ship_speed_miles" not in error.value.message


@pytest.mark.parametrize(
    ("options", "named", "field"),
    [
        ({"load": "heavy"}, "give encumbrance)", "encumbrance_cn"),
        ({"mount_load_lb": 200}, "load and mount_load:", "mount_load_lb"),
        ({"ship_speed_miles": 60.0}, "ship_speed, sea and weather", "ship_speed_miles"),
        ({"mode": "galley", "ship_speed_miles": 60.0, "speeds_ft": (90,)}, "speed,", "speeds_ft"),
    ],
)
def test_not_used_names_the_travel_options(
    options: dict[str, object], named: str, field: str
) -> None:
    """Seed 003 "Character Movement Rates and Encumbrance Table" and "By Ship": options
    BECMI does not use are listed under "Not used" by their /travel option names."""
    text = note_text(travel(**options))
    assert named in text
    assert field not in text


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"distance_miles": 0}, "distance"),
        ({"days": -1}, "days"),
        ({"mode": "galley", "ship_speed_miles": -3}, "ship_speed"),
    ],
)
def test_bad_numbers_name_the_travel_option(options: dict[str, object], option: str) -> None:
    """Seed 003 "Overland Movement Rates" / "By Ship": a refused number names its option."""
    with pytest.raises(InvalidInput, match=rf"^{option} must be a number above 0"):
        travel(**options)


def test_ship_without_weather() -> None:
    """Seed 003 "By Ship": characters move at the ship's rate; winds may double it."""
    result = travel(mode="galley", ship_speed_miles=18, distance_miles=90)
    assert result.miles_per_day == 18
    assert result.days == 5
    assert result.rest_days is None
    assert result.rolls == ()
    assert "double" in note_text(result)
    assert "base rate you gave" in note_text(result)


@pytest.mark.parametrize("name", ["raft", "lifeboat", "rowed", "Galleys"])
def test_rowed_vessels_are_galleys(name: str) -> None:
    """Seed 003 "By Ship": "Galley (Lifeboat, Raft)": any vessel without sails."""
    assert travel(mode=name, ship_speed_miles=10).extra["mode"] == "galley"


# (2d6 faces, weather, sailing-ship multiplier, galley multiplier)
WATER_ROWS = [
    ((1, 1), "No wind", "0", "1/3"),
    ((1, 2), "Extreme light breeze", "1/3", "1"),
    ((2, 2), "Light breeze", "1/3", "1"),
    ((2, 3), "Moderate breeze", "2/3", "1"),
    ((3, 3), "Normal winds", "1", "1"),
    ((3, 4), "Normal winds", "1", "1"),
    ((4, 4), "Normal winds", "1", "1"),
    ((4, 5), "Strong breeze", "4/3", "1"),
    ((5, 5), "High winds", "3/2", "1"),
    ((5, 6), "Extreme high winds", "2", "1"),
    ((6, 6), "Gale", "3", "3"),
]


@pytest.mark.parametrize(("faces", "weather", "sailing", "galley"), WATER_ROWS)
def test_water_movement_modification_table(
    faces: tuple[int, int], weather: str, sailing: str, galley: str
) -> None:
    """Seed 003 "Water Movement Modification Table" (optional, 2d6): every row, both ships."""
    for mode, factor in (("sailing-ship", sailing), ("galley", galley)):
        # the third die: the gale's direction (1d6), or row 11's 1d100 for taking on
        # water (100: it doesn't)
        third = 100 if sum(faces) == 11 else 1
        result = travel(Faces(*faces, third), mode=mode, ship_speed_miles=60, weather=True)
        assert result.extra["weather_roll"] == sum(faces)
        assert result.extra["weather"] == weather
        assert result.extra["weather_multiplier"] == factor
        assert result.extra["miles_today"] == 60 * Fraction(factor)
        assert result.rolls[0].total == sum(faces)
        assert result.miles_per_day == 60  # planning rate stays the base


@pytest.mark.parametrize(
    ("faces", "sailing", "galley"),
    [((1, 1), 0, 1), ((3, 4), 1, 1), ((1, 2), 1, 1), ((5, 6), 1, 1), ((6, 6), 3, 3)],
)
def test_sea_weather_roll(faces: tuple[int, int], sailing: int, galley: int) -> None:
    """Seed 003 "By Ship": at sea roll 2d6 daily; 2 = no wind (sailing ships stay, rowed ships
    unaffected), 12 = gale; other rolls leave movement normal without the optional table."""
    for mode, factor in (("sailing-ship", sailing), ("galley", galley)):
        result = travel(Faces(*faces, 1), mode=mode, ship_speed_miles=30, sea=True)
        assert result.extra["miles_today"] == 30 * factor


def test_gale_for_a_sailing_ship() -> None:
    """Seed 003 "By Ship", Gale or Storm: sit (80% sinking) or run before the wind at triple
    movement in a random direction (the Water Movement table's 1d6 direction generator)."""
    result = travel(Faces(6, 6, 2), mode="sailing-ship", ship_speed_miles=40, sea=True)
    assert [r.total for r in result.rolls] == [12, 2]
    assert result.extra["gale_direction"] == "60° starboard"
    assert "80% chance of sinking" in note_text(result)
    assert result.extra["miles_today"] == 120


def test_gale_for_a_galley() -> None:
    """Seed 003 "By Ship", Gale or Storm: a vessel without sails has a 20% chance to weather it."""
    result = travel(Faces(6, 6, 4), mode="raft", ship_speed_miles=10, weather=True)
    assert "20% chance of weathering" in note_text(result)
    assert result.extra["gale_direction"] == "180° (reverse)"


@pytest.mark.parametrize(
    ("faces", "weather"),
    [
        ((1, 2), "Extreme light breeze"),
        ((2, 2), "Light breeze"),
        ((2, 3), "Moderate breeze"),
        ((4, 5), "Strong breeze"),
        ((5, 5), "High winds"),
        ((5, 6), "Extreme high winds"),
    ],
)
def test_sail_only_weather_rows_say_they_do_not_apply_to_galleys(
    faces: tuple[int, int], weather: str
) -> None:
    """Seed 003 "Water Movement Modification Table" rows 3-5 and 9-11 (breezes, points of
    sail) with "By Ship" ("the galleys found in the D&D game do not" have sails): the ruling
    leaves a galley's rate unchanged, and the reply says so instead of quoting the row's
    "Movement reduced to 1/3 normal" (the /travel mode:galley ship_speed:72 weather:true
    --seed 15 report)."""
    galley = travel(Faces(*faces, 100), mode="galley", ship_speed_miles=72, weather=True)
    today = next(n.text for n in galley.notes if n.label == "Today's weather")
    assert weather in today
    assert "does not apply to an oared ship" in today
    assert "reduced" not in today and "normal movement" not in today.lower()
    assert "72 miles today" in today
    assert galley.extra["miles_today"] == 72
    assert galley.extra["weather_applies"] is False
    sailing = travel(Faces(*faces, 100), mode="sailing-ship", ship_speed_miles=72, weather=True)
    sailing_today = next(n.text for n in sailing.notes if n.label == "Today's weather")
    assert "oared" not in sailing_today
    assert sailing.extra["weather_applies"] is True


@pytest.mark.parametrize(
    ("faces", "miles_today", "says"),
    [((1, 1), 24, "oared movement reduced to 1/3"), ((3, 4), 72, "Normal movement")],
)
def test_rows_that_do_apply_to_galleys_keep_the_tables_words(
    faces: tuple[int, int], miles_today: int, says: str
) -> None:
    """Seed 003 "Water Movement Modification Table": the no-wind row speaks of oars (rower
    fatigue, 1/3) and normal winds change nothing: a galley's reply quotes those rows."""
    result = travel(Faces(*faces), mode="galley", ship_speed_miles=72, weather=True)
    today = next(n.text for n in result.notes if n.label == "Today's weather")
    assert says in today and f"{miles_today} miles today" in today
    assert "does not apply" not in today
    assert result.extra["weather_applies"] is True


@pytest.mark.parametrize(("face", "direction"), sorted(table.GALE_DIRECTIONS.items()))
def test_gale_directions(face: int, direction: str) -> None:
    """Seed 003 "Water Movement Modification Table", gale row: 1d6 direction."""
    expected = {
        1: "desired direction",
        2: "60° starboard",
        3: "120° starboard",
        4: "180° (reverse)",
        5: "120° port",
        6: "60° port",
    }[face]
    assert expected in direction
    result = travel(Faces(6, 6, face), mode="sailing-ship", ship_speed_miles=40, weather=True)
    assert result.extra["gale_direction"] == direction


# ---------------------------------------------------------------------- aerial


@pytest.mark.parametrize(("mode", "miles"), [("aerial-mount", 72), ("aerial device", 120)])
def test_aerial_travel(mode: str, miles: int) -> None:
    """Seed 003 "Aerial Travel": aerial mounts 72 miles/day, aerial devices 120; no terrain."""
    assert travel(mode=mode).miles_per_day == miles
    result = travel(mode=mode, terrain=("mountains",))
    assert result.miles_per_day == miles
    assert "terrain does not slow it" in note_text(result)


# ------------------------------------------------------------------------ names


@pytest.mark.parametrize(
    ("options", "kind"),
    [
        ({"terrain": ("lava",)}, "terrain"),
        ({"mode": "bicycle"}, "mode"),
        ({"road": "canal"}, "road"),
    ],
)
def test_unknown_names_list_what_is_accepted(options: dict[str, object], kind: str) -> None:
    """Seed 003 "Terrain Effects on Movement Table" / "Traveling Rates": unknown names explain."""
    with pytest.raises(InvalidInput, match="Accepted:"):
        travel(**options)


# ------------------------------------------------------------------- fall, jump


@pytest.mark.parametrize(
    ("height", "counted", "dice"),
    [(0, 0, 0), (9, 0, 0), (10, 10, 1), (75, 70, 7), (200, 200, 20), (500, 200, 20)],
)
def test_fall_borrowed_from_the_srd(height: int, counted: int, dice: int) -> None:
    """Seed 003 has no falling rule: 1d6 per 10 ft, at most 20d6, borrowed from the 3.5 SRD."""
    result = BECMI.calculators.fall(FallRequest(height_ft=height), random.Random(7))
    assert (result.counted_ft, result.lethal.count, result.lethal.sides) == (counted, dice, 6)
    assert result.damage == result.lethal.total
    assert (result.nonlethal.count, result.nonlethal_damage) == (0, 0)
    assert (
        result.source.borrowed
        == "3.5 SRD falling damage (the Rules Cyclopedia has no falling rule)"
    )
    assert result.headline == f"Falls {height} ft"
    assert result.prone is None and dict(result.dcs) == {}


def test_fall_refinements_are_ignored_with_a_note() -> None:
    """Seed 003 has no falling rule, no nonlethal damage and no Jump/Tumble skill."""
    plain = BECMI.calculators.fall(FallRequest(height_ft=60), random.Random(3))
    fancy = BECMI.calculators.fall(
        FallRequest(height_ft=60, into="water", intentional=True, check=25, surface="soft"),
        random.Random(3),
    )
    assert fancy.damage == plain.damage
    text = " ".join(n.text for n in fancy.notes)
    assert "the same dice apply" in text and "Jump or Tumble" in text
    assert "check" in text and "surface" in text


def test_collision_has_no_rule_and_rolls_nothing() -> None:
    """Seed 003 has no collision rule (nor does the 3.5 SRD falling rule it borrows): a
    collision alone is not a fall of 0 ft; the headline says there is no rule."""
    result = BECMI.calculators.fall(
        FallRequest(height_ft=0, collision_speed_ft=50), random.Random(1)
    )
    assert result.headline == "BECMI has no collision rule"
    assert "Falls" not in result.headline
    assert (result.lethal.count, result.nonlethal.count, result.damage) == (0, 0, 0)
    assert result.extra["nothing_rolled"] is True
    assert not result.source.borrowed and result.source.seed_file == SEED
    assert "nothing is rolled" in result.notes[0].text


def test_collision_with_a_fall_keeps_the_fall() -> None:
    """Seed 003 has no collision rule: given with a height, the borrowed fall is ruled and the
    collision is named under "No such refinement in BECMI"."""
    result = BECMI.calculators.fall(
        FallRequest(height_ft=30, collision_speed_ft=50), random.Random(1)
    )
    assert result.headline == "Falls 30 ft"
    assert result.lethal.count == 3
    assert "collision" in " ".join(n.text for n in result.notes)


def test_fall_negative_height_rejected() -> None:
    """Seed 003 has no falling rule; a negative height is meaningless anyway."""
    with pytest.raises(InvalidInput):
        BECMI.calculators.fall(FallRequest(height_ft=-10), random.Random(1))


def test_jump_has_no_rule() -> None:
    """Seed 003 (the movement chapter) has no jumping rule: the GM decides."""
    result = BECMI.calculators.jump(JumpRequest(distance_ft=10), random.Random(1))
    assert (result.max_horizontal_ft, result.max_vertical_ft, result.dc) == (None, None, None)
    assert "no jumping rule" in result.notes[0].text
    assert result.source.seed_file == SEED


# ------------------------------------------------------------------- properties

TERRAIN_NAMES = sorted(table.TERRAINS)
ROADS = sorted(table.ROAD_PAVED)


@given(
    slow=st.integers(0, 5_000),
    extra=st.integers(0, 5_000),
    terrain=st.lists(st.sampled_from(TERRAIN_NAMES), max_size=3),
    road=st.sampled_from(ROADS),
    forage=st.booleans(),
)
def test_faster_never_travels_less(
    slow: int, extra: int, terrain: list[str], road: str, forage: bool
) -> None:
    """Seed 003 "Overland Movement Rates": miles per day grow with normal speed."""
    options = {"terrain": tuple(terrain), "road": road, "forage": forage}
    slower = travel(speeds_ft=(slow,), **options).miles_per_day
    faster = travel(speeds_ft=(slow + extra,), **options).miles_per_day
    assert slower is not None and faster is not None
    assert faster >= slower


@given(light=st.integers(0, 5_000), more=st.integers(0, 5_000))
def test_more_encumbrance_never_faster(light: int, more: int) -> None:
    """Seed 003 "Character Movement Rates and Encumbrance Table": speed falls as load rises."""
    light_band = table.encumbrance_band(light)
    heavy_band = table.encumbrance_band(light + more)
    assert heavy_band.normal_speed_ft <= light_band.normal_speed_ft


@given(name=st.text(max_size=20), kind=st.sampled_from(["terrain", "mode", "road", "pace"]))
def test_bad_names_raise_invalid_input(name: str, kind: str) -> None:
    """Seed 003 tables: any name not in a vocabulary is an InvalidInput, never another error."""
    vocabulary = {
        "terrain": table.TERRAIN_NAMES,
        "mode": table.MODE_NAMES,
        "road": table.ROAD_NAMES,
        "pace": table.PACE_NAMES,
    }[kind]
    assume(name not in vocabulary and name.strip(" -_.,;\t\n"))
    options: dict[str, object] = {kind: (name,) if kind == "terrain" else name}
    with pytest.raises(InvalidInput):
        travel(**options)


@given(height=st.integers(0, 10_000), seed=st.integers(0, 2**32))
def test_fall_dice_within_bounds(height: int, seed: int) -> None:
    """Borrowed falling rule (seed 003 has none): between 1 and 6 per die, at most 20 dice."""
    result = BECMI.calculators.fall(FallRequest(height_ft=height), random.Random(seed))
    dice = result.lethal.count
    assert dice == min(height, 200) // 10
    assert dice <= result.damage <= 6 * dice


@given(
    seed=st.integers(0, 2**32),
    mode=st.sampled_from(["sailing-ship", "galley"]),
    weather=st.booleans(),
)
def test_weather_rolls_within_bounds(seed: int, mode: str, weather: bool) -> None:
    """Seed 003 "By Ship": the day's 2d6 is 2-12 and never more than triples movement."""
    result = travel(random.Random(seed), mode=mode, ship_speed_miles=24, weather=weather, sea=True)
    assert 2 <= result.rolls[0].total <= 12
    assert 0 <= float(str(result.extra["miles_today"])) <= 72


@pytest.mark.parametrize(
    ("mode", "d100", "took", "miles"),
    [
        ("sailing-ship", 10, True, 96),  # double 72 = 144, less 1/3
        ("sailing-ship", 11, False, 144),
        ("galley", 20, True, 48),  # its normal 72, less 1/3
        ("galley", 21, False, 72),
    ],
)
def test_water_movement_extreme_high_winds_may_take_on_water(
    mode: str, d100: int, took: bool, miles: int
) -> None:
    """Seed 003 Water Movement Modification Table, row 11's asterisk: "May take on water
    (unsailed vessel chance 20%, sailed vessel chance 10%). Taking on water reduces speed
    by 1/3 until docking and repair are possible." """
    result = travel(Faces(5, 6, d100), mode=mode, ship_speed_miles=72, weather=True)
    assert result.extra["took_on_water"] is took
    assert result.extra["miles_today"] == miles
    note = next(n.text for n in result.notes if n.label == "Taking on water")
    assert ("takes on water" in note) is took
    assert f"{miles} miles today" in note or not took


def test_becmi_travel_shows_the_pace_terrain_factor_and_the_lost_chance():
    """003 Overland Movement Rates, Terrain Effects, Becoming Lost: the reply says how
    the day's rate comes about and the daily chance of getting lost, not only the days."""
    result = travel(speeds_ft=(120, 90), terrain=("forest",), distance_miles=60)
    notes = {n.label: n.text for n in result.notes}
    assert notes["Pace"] == "90' ÷ 5 → 18 miles/day clear; forest ×2/3 → 12 miles/day."
    assert notes["Lost"].startswith("1 in 3 per day")
    assert "lost on 1–2" in notes["Lost"]
    assert notes["Rest"].startswith("No rest day needed")
