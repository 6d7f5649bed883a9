"""becmi on a grid: seed 003 (Rules Cyclopedia, time and movement).

Squares are 10 ft ("Map Scales", "Miniature Figures"). A token's ``speed`` is
its normal speed per turn as a stat block writes it (``120' (40')``); in a
round it moves its encounter speed (normal ÷ 3), or runs at its normal speed
per round, for at most 30 rounds before it is exhausted. Outdoors the same
numbers are yards. Swimming is 1/5 of the running speed. The chapter has no
attacks of opportunity and no grid rules for diagonals or rough ground: the
bot counts a diagonal as one square and rough ground at half speed (its
Terrain Effects table's "1/2 normal"), and says so in docs/RULINGS.md.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from bot.encounter import Token
from bot.errors import InvalidInput
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.names import Vocabulary
from bot.rules.becmi.tables import encumbrance_band
from bot.rules.engine.moves import TokenFields, TokenMovement, TokenSpec
from bot.rules.rulings import Note
from bot.state import StateValue, text

SEED = "003_3444ce13aba82e1a.txt"
GRID_DOCUMENT = "Rules Cyclopedia: Time and Movement"
SQUARE_FT = 10
MAX_RUNNING_ROUNDS = 30
YARDS = 3
SWIM_FRACTION = 5  # 1/5 of the running speed (By Swimming)
FOOTPRINTS: Mapping[Size, int] = {
    Size.SMALL: 1,
    Size.MEDIUM: 1,
    Size.LARGE: 1,
    Size.HUGE: 2,
    Size.GARGANTUAN: 3,
}
ACTIONS = Vocabulary(
    "action", {"move": ("walk", "normal", "encounter"), "run": ("running", "sprint")}
)
# 003 Land Travel: terrain "makes no difference to the combat round or the 10-minute
# turn" (its Terrain Effects table is for a day's travel), so on the grid only a gap
# narrower than the figure slows it: squeezing, the bot's ruling.
ROUGH = frozenset({Terrain.NARROW})
_RATE = re.compile(
    r"^\s*(?:mv|move|movement)?\s*:?\s*(\d{1,4})\s*(?:'|ft\.?|feet)?\s*"
    r"(?:\(\s*(\d{1,4})\s*(?:'|ft\.?|feet)?\s*\))?\s*$",
    re.IGNORECASE,
)
_COINS = re.compile(r"^\s*([\d,]{1,9})\s*(?:cn|coins?)?\s*$", re.IGNORECASE)


def parse_rate(text: str) -> int:
    """``120' (40')``, ``MV 120' (40')``, ``120`` → 120 (the normal speed)."""
    match = _RATE.match(text)
    if match is None:
        raise InvalidInput(
            f'speed: "{text}" is not a movement rate. Write it as the stat block does: '
            "120' (40') or just 120 (normal speed per turn)."
        )
    normal = int(match.group(1))
    if match.group(2) is not None and int(match.group(2)) * 3 != normal:
        raise InvalidInput(
            f"speed: {text} doesn't add up: the encounter speed in brackets is a third "
            f"of the normal speed ({normal}' ({normal // 3}'))."
        )
    return normal


def parse_coins(text: str) -> int:
    match = _COINS.match(text)
    if match is None:
        raise InvalidInput(
            f'load: "{text}" is not an encumbrance. becmi counts it in coins: e.g. 600cn '
            "(Rules Cyclopedia › Character Movement Rates)."
        )
    return int(match.group(1).replace(",", ""))


def token_fields(spec: TokenSpec) -> TokenFields:
    values: dict[str, object] = {}
    state: dict[str, StateValue | None] = {}
    notes: list[Note] = []
    if spec.speed is not None:
        normal = values["speed_ft"] = parse_rate(spec.speed)
        notes.append(
            Note(
                "Speed",
                f"speed:{spec.speed.strip()} read as the normal speed {normal}' a turn: "
                f"{normal // 3}' a round in an encounter, {normal}' running "
                "(Rules Cyclopedia › Normal, Encounter, and Running Speeds).",
            )
        )
    if "load" in spec.options:
        coins = parse_coins(str(spec.options["load"]))
        state["load"] = f"{coins}cn"
    monster = "carries" in spec.options or "carries" in spec.current
    if "load" in spec.options and not monster:
        band = encumbrance_band(coins)
        if spec.speed is None:
            values["speed_ft"] = band.normal_speed_ft
        notes.append(
            Note(
                "Encumbrance",
                f"{coins:,} cn: {band.normal_speed_ft}' ({band.encounter_speed_ft}') "
                "(Rules Cyclopedia › Character Movement Rates and Encumbrance Table).",
            )
        )
    if "carries" in spec.options:
        # 003 Monster Movement Rates: a monster or animal "will be able to move at its full
        # movement rate up to a certain amount of encumbrance carried", half up to twice it
        capacity = parse_coins(str(spec.options["carries"]))
        if capacity <= 0:
            raise InvalidInput("carries: a load in coins above 0, e.g. 3000cn.")
        state["carries"] = f"{capacity}cn"
        notes.append(
            Note(
                "Monster encumbrance",
                f"Carries {capacity:,} cn at its full rate, up to {2 * capacity:,} cn at half, "
                "no more (Rules Cyclopedia › Monster Movement Rates); load: is then its own, "
                "not a character's.",
            )
        )
    extra = {
        m: v
        for m, v in (("fly", spec.fly_ft), ("swim", spec.swim_ft), ("climb", spec.climb_ft))
        if v is not None
    }
    if spec.burrow_ft is not None:
        extra["burrow"] = spec.burrow_ft
    if extra:
        values["speeds_ft"] = extra
    if spec.hover is not None:
        values["hover"] = spec.hover
    return TokenFields(values, tuple(notes), state)


def coins_carried(token: Token) -> int:
    """Its encumbrance in coins (cn), where given (003 Encumbrance)."""
    given = text(token.state, "load")
    return parse_coins(given) if given else 0


def full_speed_load(token: Token) -> int:
    """A monster's or animal's full-speed load in cn (003 Monster Movement Rates); 0:
    it is counted as a character."""
    given = text(token.state, "carries")
    return parse_coins(given) if given else 0


def normal_speed(token: Token) -> int:
    speed = token.speed_ft + token.total_speed_bonus_ft
    capacity, coins = full_speed_load(token), coins_carried(token)
    if capacity:
        # 003 Monster Movement Rates: full rate up to its load, half up to twice it, none
        # beyond
        speed = speed if coins <= capacity else speed // 2 if coins <= 2 * capacity else 0
    elif coins:
        speed = min(speed, encumbrance_band(coins).normal_speed_ft)
    return max(0, speed)


def token_movement(token: Token) -> TokenMovement:
    normal = normal_speed(token)
    encounter = normal // 3
    speeds = {"walk": encounter}
    speeds |= {m: max(0, v) // 3 for m, v in token.speeds_ft.items() if v > 0}
    note = Note(
        "Movement",
        f"{normal}' ({encounter}'): {encounter} ft a round, running {normal} ft a round "
        "(Rules Cyclopedia › Normal, Encounter, and Running Speeds).",
    )
    return TokenMovement(encounter, speeds, token.hover, (note,))
