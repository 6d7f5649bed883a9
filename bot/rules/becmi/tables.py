"""The Rules Cyclopedia movement chapter's tables (seed 003_3444ce13aba82e1a.txt), as data.

Figures are copied from the seed; where the bot adds something the seed does
not give (aliases, the lost-direction die) the comment says it is a ruling
(see docs/RULINGS.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bot.names import Vocabulary

SEED_FILE = "003_3444ce13aba82e1a.txt"

# "Map Scales": each square typically represents 10'.
SQUARE_FT = 10

# ------------------------------------------------ Character Movement Rates


@dataclass(frozen=True)
class EncumbranceBand:
    """A row of the Character Movement Rates and Encumbrance Table."""

    max_cn: int | None  # None: no upper limit (2,401 cn and more)
    normal_speed_ft: int  # per turn
    encounter_speed_ft: int  # per round
    running_speed_ft: int  # per round


ENCUMBRANCE_BANDS: tuple[EncumbranceBand, ...] = (
    EncumbranceBand(400, 120, 40, 120),
    EncumbranceBand(800, 90, 30, 90),
    EncumbranceBand(1_200, 60, 20, 60),
    EncumbranceBand(1_600, 30, 10, 30),
    EncumbranceBand(2_400, 15, 5, 15),
    EncumbranceBand(None, 0, 0, 0),
)

# "Any character will have a movement rate of 120' (40') unless he is weighed down".
UNENCUMBERED_SPEED_FT = 120


def encumbrance_band(encumbrance_cn: int) -> EncumbranceBand:
    for band in ENCUMBRANCE_BANDS:
        if band.max_cn is None or encumbrance_cn <= band.max_cn:
            return band
    raise AssertionError("the last band has no upper limit")


# --------------------------------------------------- Overland Movement Rates

# "Divide that speed by 5. The result is the number of miles per day."
FEET_PER_MILE_PER_DAY = 5

# ------------------------------------------- Terrain Effects on Movement Table

TRAIL_ROAD_MULTIPLIER = Fraction(3, 2)


@dataclass(frozen=True)
class Terrain:
    """A terrain of the Terrain Effects on Movement Table and the Becoming Lost list."""

    label: str  # in the game's words, for replies
    multiplier: Fraction
    lost_on_d6: int  # the party is lost on a 1d6 roll this low or lower
    column: str | None  # its column on the Traveling Rates by Terrain Table
    kept_on_unpaved_road: bool = False
    kept_on_paved_road: bool = False

    @property
    def lost_chance(self) -> Fraction:
        return Fraction(self.lost_on_d6, 6)


TERRAINS: dict[str, Terrain] = {
    "clear": Terrain("clear terrain", Fraction(1), 1, "clear"),
    # Overland Movement Rates counts a city as clear terrain, so it is lost as clear is.
    "city": Terrain("city", Fraction(1), 1, "clear"),
    "grassland": Terrain("grassland", Fraction(1), 1, "clear"),
    "forest": Terrain("forest", Fraction(2, 3), 2, None),
    "muddy": Terrain("muddy ground", Fraction(2, 3), 2, None, kept_on_unpaved_road=True),
    "snow": Terrain(
        "snow", Fraction(2, 3), 2, None, kept_on_unpaved_road=True, kept_on_paved_road=True
    ),
    "hill": Terrain("hills", Fraction(2, 3), 2, "hills"),
    "desert": Terrain("desert", Fraction(2, 3), 3, "desert"),
    "broken": Terrain("broken terrain", Fraction(2, 3), 2, None),
    "mountain": Terrain("mountains", Fraction(1, 2), 2, "mountains"),
    "swamp": Terrain("swamp", Fraction(1, 2), 3, None),
    "jungle": Terrain("jungle", Fraction(1, 2), 3, None),
    "ice": Terrain("ice", Fraction(1, 2), 2, None),
    "glacier": Terrain("glacier", Fraction(1, 2), 2, None),
}

TERRAIN_NAMES = Vocabulary(
    "terrain",
    {
        "clear": ("open", "plain", "field", "range"),
        "city": ("town", "urban"),
        "grassland": ("grass", "prairie", "steppe"),
        "forest": ("wood", "woods", "woodland"),
        "muddy": ("mud", "muddy-ground"),
        "snow": ("snowfield",),
        "hill": (),
        "desert": ("sand", "dune"),
        "broken": ("broken-terrain", "badland"),
        "mountain": (),
        "swamp": ("marsh", "bog", "fen"),
        "jungle": (),
        "ice": (),
        "glacier": (),
    },
)

# The footnote's two kinds of road. Ruling: a trail or plain "road" is unpaved.
ROAD_PAVED: dict[str, bool | None] = {
    "none": None,
    "trail": False,
    "unpaved": False,
    "road": False,
    "paved": True,
    "highway": True,
}

ROAD_NAMES = Vocabulary(
    "road",
    {
        "none": ("no", "no-road", "off-road", "trackless"),
        "trail": ("track", "path"),
        "unpaved": ("unpaved-road", "dirt-road"),
        "road": (),
        "paved": ("paved-road",),
        "highway": (),
    },
)

# ------------------------------------------ Traveling Rates by Terrain Table

COLUMNS: tuple[str, ...] = ("trail", "clear", "hills", "mountains", "desert")


@dataclass(frozen=True)
class TravelingRates:
    """One row of the Traveling Rates by Terrain Table: miles covered per day."""

    label: str
    trail: int
    clear: int
    hills: int
    mountains: int
    desert: int

    def miles_per_day(self, column: str) -> int:
        return {
            "trail": self.trail,
            "clear": self.clear,
            "hills": self.hills,
            "mountains": self.mountains,
            "desert": self.desert,
        }[column]


# The foot rows, by the normal speed their footnotes give.
FOOT_RATES: dict[int, TravelingRates] = {
    120: TravelingRates("Foot, no enc", 36, 24, 16, 12, 16),
    90: TravelingRates("Foot, lt enc", 24, 12, 8, 6, 8),
    60: TravelingRates("Foot, hvy enc", 12, 8, 6, 4, 6),
}

MOUNT_RATES: dict[str, TravelingRates] = {
    "camel": TravelingRates("Camel", 48, 32, 24, 16, 32),
    "elephant": TravelingRates("Elephant", 36, 24, 12, 8, 8),
    "riding-horse": TravelingRates("Riding horse", 72, 48, 36, 24, 16),
    "donkey": TravelingRates("Donkey or mule", 36, 24, 16, 12, 16),
    "war-horse": TravelingRates("War horse", 36, 24, 16, 12, 8),
    "draft-horse": TravelingRates("Draft horse", 24, 16, 12, 8, 8),
    "ox": TravelingRates("Ox", 16, 12, 10, 8, 6),
}

RIDING_HORSE_FOOTNOTE = (
    "These rates will kill the horse if only one is used for the entire trip: a rider manages "
    "them by riding one-third of the distance and trading his horse twice at way stations for "
    "fresh mounts (he and the three horses end the day exhausted). A rider who does not mean "
    "to kill or exhaust his horse should use the war horse rates instead."
)

# ------------------------------------------------- Long-Distance Travel and Rest

TRAVEL_DAYS_PER_REST_DAY = 6

# ------------------------------------------------------------ Food in the Wild

FORAGE_MULTIPLIER = Fraction(2, 3)
FORAGE_FOUND_ON_D6 = 3

# ------------------------------------------------------- By Swimming, By Ship

SWIM_FRACTION_OF_RUNNING = Fraction(1, 5)
SWIM_MAX_ENCUMBRANCE_CN = 400
# By Swimming (and Drowning): breath held for Constitution rounds, half when exerting;
# drowned (not yet dead) for 1/3 Constitution rounds, rounded up.
BREATH_EXERTING_FRACTION = Fraction(1, 2)
DROWNED_NOT_DEAD_FRACTION = Fraction(1, 3)


@dataclass(frozen=True)
class WaterMovementRow:
    """A row of the Optional Water Movement Modification Table (2d6).

    ``oared`` is what rowed ships (galleys, lifeboats, rafts) do. Only the
    no-wind row speaks of oars; the others speak of winds and points of sail,
    and the game's galleys have no sails, so a rowed ship moves normally on
    them (a ruling).
    """

    rolls: tuple[int, ...]
    weather: str
    sailing: Fraction
    oared: Fraction
    effect: str
    # the row's asterisk: "May take on water (unsailed vessel chance 20%, sailed
    # vessel chance 10%). Taking on water reduces speed by 1/3 until docking and repair"
    takes_on_water: bool = False


TAKE_ON_WATER_PERCENT = {"sailed": 10, "unsailed": 20}
TAKEN_ON_WATER_MULTIPLIER = Fraction(2, 3)


GALE_MULTIPLIER = Fraction(3)

WATER_MOVEMENT: tuple[WaterMovementRow, ...] = (
    WaterMovementRow(
        (2,),
        "No wind",
        Fraction(0),
        Fraction(1, 3),
        "Becalmed; no movement except by oar; oared movement reduced to 1/3 normal "
        "because of rower fatigue",
    ),
    WaterMovementRow(
        (3,),
        "Extreme light breeze",
        Fraction(1, 3),
        Fraction(1),
        "Movement reduced to 1/3 normal",
    ),
    WaterMovementRow(
        (4,), "Light breeze", Fraction(1, 3), Fraction(1), "Movement reduced to 1/3 normal"
    ),
    WaterMovementRow(
        (5,), "Moderate breeze", Fraction(2, 3), Fraction(1), "Movement reduced to 2/3 normal"
    ),
    WaterMovementRow((6, 7, 8), "Normal winds", Fraction(1), Fraction(1), "Normal movement"),
    WaterMovementRow(
        (9,), "Strong breeze", Fraction(4, 3), Fraction(1), "Movement is 1 1/3 normal"
    ),
    WaterMovementRow((10,), "High winds", Fraction(3, 2), Fraction(1), "Movement is 1 1/2 normal"),
    WaterMovementRow(
        (11,),
        "Extreme high winds",
        Fraction(2),
        Fraction(1),
        "Double normal movement",
        takes_on_water=True,
    ),
    WaterMovementRow(
        (12,),
        "Gale",
        GALE_MULTIPLIER,
        GALE_MULTIPLIER,
        "Galleys have an 80% chance of sinking; triple normal movement in a random direction",
    ),
)


def water_movement(total: int) -> WaterMovementRow:
    for row in WATER_MOVEMENT:
        if total in row.rolls:
            return row
    raise ValueError(f"2d6 cannot total {total}")


# By Ship's plain sea-weather roll: only 2 (no wind) and 12 (gale) change anything.
NO_WIND_ROLL = 2
GALE_ROLL = 12

# The gale row's direction die (1d6).
GALE_DIRECTIONS: dict[int, str] = {
    1: "the desired direction",
    2: "60° starboard",
    3: "120° starboard",
    4: "180° (reverse)",
    5: "120° port",
    6: "60° port",
}

# Ruling, not seed: Becoming Lost leaves the direction to the DM "or random roll".
# A d6 over compass points, so every face is a real deviation; no reversal, since
# a party walking back over its own ground would notice.
LOST_DEVIATIONS: dict[int, str] = {
    1: "45° to the right (thinking it goes north, it goes northeast)",
    2: "45° to the left (thinking it goes north, it goes northwest)",
    3: "90° to the right (thinking it goes north, it goes east)",
    4: "90° to the left (thinking it goes north, it goes west)",
    5: "135° to the right (thinking it goes north, it goes southeast)",
    6: "135° to the left (thinking it goes north, it goes southwest)",
}

# ---------------------------------------------------------------- Aerial Travel

AERIAL_MILES_PER_DAY: dict[str, int] = {"aerial-mount": 72, "aerial-device": 120}

# -------------------------------------------------------------------- modes

SHIPS = frozenset({"sailing-ship", "galley"})

MODE_NAMES = Vocabulary(
    "travel mode",
    {
        "foot": ("on-foot", "walk", "walking"),
        "camel": (),
        "elephant": (),
        "riding-horse": ("horse", "riding"),
        "donkey": ("mule", "donkey-or-mule"),
        "war-horse": ("warhorse",),
        "draft-horse": ("draught-horse", "draft"),
        "ox": ("oxen",),
        "swim": ("swimming",),
        "sailing-ship": ("sail", "sailing", "sailing-vessel", "ship"),
        "galley": ("rowed", "rowed-ship", "rowboat", "raft", "lifeboat", "oared"),
        "aerial-mount": ("flying-mount",),
        "aerial-device": ("flying-carpet", "carpet"),
        # 003 Rounds, Turns, and Days: exploring a dungeon, measured in 10-minute turns
        "explore": ("exploring", "exploration", "dungeon", "turns"),
    },
)

MODE_LABELS: dict[str, str] = {
    "foot": "on foot",
    "camel": "by camel",
    "elephant": "by elephant",
    "riding-horse": "on a riding horse",
    "donkey": "by donkey or mule",
    "war-horse": "on a war horse",
    "draft-horse": "by draft horse",
    "ox": "by ox",
    "swim": "swimming",
    "sailing-ship": "by sailing ship",
    "galley": "by galley",
    "aerial-mount": "on an aerial mount",
    "aerial-device": "by aerial device",
    "explore": "exploring",
}

# 003 Measurements of Game Time Table: 1 turn = 10 minutes; 1 day = 144 turns.
MINUTES_PER_TURN = 10
FEET_PER_MILE = 5280

PACE_NAMES = Vocabulary("pace", {"walk": ("normal", "normal-pace")})
