"""5e-alt: one Speed from a stat block's several speeds.

Seed 000_9613c147f2b39ce7.txt › Updating A Creature's Movement, Steps 1-3 (and
its Young White Dragon example). A 5e stat block lists a walking speed and
perhaps burrow, climb, fly and swim speeds; the variant gives a creature one
Speed, the Moves it can make, the Burrow/Climb/Fly/Swim traits, and a Speed
modifier trait for each way it Moves.

Step 3 says to "choose the most appropriate trait from the options below,
approximating as necessary". The options are no modifier (a ratio of 1), Half
Speed (1/2) and One-Third Speed (1/3), then Less Than One-Third Speed. This
module picks by the ratio ``r`` = the move's speed / Speed and cuts at the
midpoints between the options:

* ``r >= 3/4`` (midway between 1 and 1/2): no modifier;
* ``5/12 <= r < 3/4`` (5/12 is midway between 1/2 and 1/3): Half Speed;
* ``1/4 <= r < 5/12`` (1/4 sits as far below 1/3 as 5/12 sits above it): One-Third Speed;
* ``r < 1/4``: Less Than One-Third Speed.

Where a way of Moving crosses Difficult Terrain by its nature (burrowing through
material, unless the Burrow trait makes it unhindered), the Slowed condition
already halves it, so the ratio is doubled before choosing, as in the seed's
example: the dragon's burrow 20 ft. against Speed 80 ft. "would be half its
Speed if unhindered", so it gets Half Speed.

Pure: no Discord, database or I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType

from bot.errors import InvalidInput
from bot.rules.five_e_alt.speed_line import MAX_SPEED_FT, MOVES, parse_speed_line
from bot.rules.five_e_alt.tables import HALF_FROM, NONE_FROM, ONE_THIRD_FROM

SEED = "000_9613c147f2b39ce7.txt"
SECTION = "Updating A Creature's Movement"

COMMON_MOVES = ("climb", "drop-prone", "fall", "jump", "stand-up", "swim", "walk")
"""Step 2: 'A typical creature can Climb, Drop Prone, Fall, Jump, Stand Up, Swim, and Walk.'"""

# The seed's names for the Moves, for the reply.
_TITLES = {
    "burrow": "Burrow",
    "climb": "Climb",
    "drop-prone": "Drop Prone",
    "fall": "Fall",
    "fly": "Fly",
    "jump": "Jump",
    "stand-up": "Stand Up",
    "swim": "Swim",
    "walk": "Walk",
}


class SpeedModifier(StrEnum):
    """Seed 000 › Updating A Creature's Movement › Step 3: Determine Speed Modifiers."""

    NONE = "none"
    HALF = "half"
    ONE_THIRD = "one-third"
    LESS_THAN_ONE_THIRD = "less-than-one-third"

    @property
    def cost_multiplier(self) -> int | None:
        """Feet of Movement spent per foot moved; None for Less Than One-Third Speed,
        which spends all of the creature's Movement (minimum 5 ft.) per 5 ft."""
        return _COSTS[self]

    @property
    def label(self) -> str:
        """The trait's name in the seed ("Half Speed"), or "no modifier"."""
        return _MODIFIER_TITLES[self]

    @property
    def rule(self) -> str:
        """What the trait does, in the seed's words."""
        return _MODIFIER_RULES[self]


_COSTS: dict[SpeedModifier, int | None] = {
    SpeedModifier.NONE: 1,
    SpeedModifier.HALF: 2,
    SpeedModifier.ONE_THIRD: 3,
    SpeedModifier.LESS_THAN_ONE_THIRD: None,
}
_MODIFIER_TITLES = {
    SpeedModifier.NONE: "no modifier",
    SpeedModifier.HALF: "Half Speed",
    SpeedModifier.ONE_THIRD: "One-Third Speed",
    SpeedModifier.LESS_THAN_ONE_THIRD: "Less Than One-Third Speed",
}
_MODIFIER_RULES = {
    SpeedModifier.NONE: "spends 1 foot of Movement for every foot it Moves",
    SpeedModifier.HALF: "must spend 1 additional foot of Movement for every foot it Moves",
    SpeedModifier.ONE_THIRD: "must spend 2 additional feet of Movement for every foot it Moves",
    SpeedModifier.LESS_THAN_ONE_THIRD: (
        "must spend all of its Movement (minimum 5 feet) to Move 5 feet"
    ),
}


def modifier_for(ratio: Fraction) -> SpeedModifier:
    """The most appropriate Step 3 trait for a move whose speed is ``ratio`` x Speed."""
    if ratio >= NONE_FROM:
        return SpeedModifier.NONE
    if ratio >= HALF_FROM:
        return SpeedModifier.HALF
    if ratio >= ONE_THIRD_FROM:
        return SpeedModifier.ONE_THIRD
    return SpeedModifier.LESS_THAN_ONE_THIRD


# ---------------------------------------------------------------- converting


@dataclass(frozen=True)
class SingleSpeed:
    """A creature's movement under the variant (seed 000 › Updating A Creature's Movement).

    ``moves`` holds the Moves it can make (``walk``, ``burrow``, ``climb``,
    ``fly``, ``swim``, ``jump``, ``drop-prone``, ``stand-up``, ``fall``);
    ``modifiers`` has a Speed modifier trait for each of walk, burrow, climb,
    fly and swim that it can make. ``steps`` explains Steps 1-3, one line each.
    """

    speed_ft: int
    moves: frozenset[str]
    modifiers: Mapping[str, SpeedModifier]
    hover: bool
    burrow_unhindered: bool
    climb_unhindered: bool
    swim_unhindered: bool
    speeds_ft: Mapping[str, int]
    steps: tuple[str, ...]


def _check_speeds(speeds_ft: Mapping[str, int]) -> dict[str, int]:
    speeds: dict[str, int] = {}
    for move, value in speeds_ft.items():
        if move not in MOVES:
            raise InvalidInput(
                f'speed: "{move}" is not a move with a speed. Accepted: {", ".join(MOVES)}.'
            )
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidInput(f'speed: {move} "{value}" is not a whole number of feet.')
        if not 0 <= value <= MAX_SPEED_FT:
            raise InvalidInput(
                f"speed: {move} {value} ft. is out of range: give 0 to {MAX_SPEED_FT} ft."
            )
        speeds[move] = value
    return {m: speeds[m] for m in MOVES if m in speeds}


def _titles(moves: list[str]) -> str:
    names = [_TITLES[m] for m in moves]
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _ratio_text(ratio: Fraction) -> str:
    return str(ratio.numerator) if ratio.denominator == 1 else str(ratio)


def _set_speed(speeds: Mapping[str, int]) -> tuple[int, str]:
    """Step 1: the Speed (the highest speed) and the line explaining it."""
    speed = max(speeds.values(), default=0)
    if speed > 0:
        fastest = [m for m, v in speeds.items() if v == speed]
        return speed, (
            f"Step 1 · Set Speed: its highest speed is {' and '.join(fastest)} {speed} ft., "
            f"so its Speed is {speed} ft."
        )
    return speed, "Step 1 · Set Speed: it has no speed above 0, so its Speed is 0 ft."


def _determine_moves(speeds: Mapping[str, int], walk: int) -> set[str]:
    """Step 2: the Moves it can make (Climb and Swim follow Walking without a speed)."""
    moves: set[str] = {"fall"}
    if walk > 0:
        moves |= {"walk", "jump", "drop-prone", "stand-up"}
    for move in ("climb", "swim"):
        listed = speeds.get(move)
        if (listed is None and walk > 0) or (listed is not None and listed > 0):
            moves.add(move)
    for move in ("burrow", "fly"):
        if speeds.get(move, 0) > 0:
            moves.add(move)
    return moves


@dataclass(frozen=True)
class _Traits:
    """Step 2's Burrow, Climb and Swim traits: which ways ignore their Difficult Terrain."""

    burrow_unhindered: bool
    climb_unhindered: bool
    swim_unhindered: bool


def _traits(moves: set[str], speeds: Mapping[str, int], walk: int, *, climb_trait: bool) -> _Traits:
    return _Traits(
        burrow_unhindered="burrow" in moves and speeds.get("burrow", 0) * 2 > walk,
        climb_unhindered="climb" in moves and (speeds.get("climb", 0) > 0 or climb_trait),
        swim_unhindered="swim" in moves and speeds.get("swim", 0) > 0,
    )


def _burrow_line(burrow_ft: int, walk: int, unhindered: bool) -> str:
    if unhindered:
        return (
            f"Burrow: burrow {burrow_ft} ft. is more than half its walking {walk} ft., "
            "so the material it can Burrow through is not Difficult Terrain."
        )
    return (
        f"Burrow: burrow {burrow_ft} ft. is half its walking {walk} ft. or less, "
        "so a space filled with material is still Difficult Terrain."
    )


def _climb_line(climb_ft: int, unhindered: bool) -> str:
    if unhindered:
        why = "climb speed" if climb_ft > 0 else "Climb trait"
        return f"Climb ({why}): slopes of 45 degrees or more are not Difficult Terrain."
    return "Climb: no climb speed, so slopes of 45 degrees or more are Difficult Terrain."


def _swim_line(unhindered: bool) -> str:
    if unhindered:
        return "Swim: liquid does not cause a space to be Difficult Terrain."
    return "Swim: no swim speed, so liquid is Difficult Terrain."


def _moves_line(
    moves: set[str], speeds: Mapping[str, int], walk: int, traits: _Traits, *, hover: bool
) -> str:
    """Step 2's line: the Moves, then what each trait means for its terrain."""
    order = sorted(moves, key=list(_TITLES).index)
    step2 = [f"Step 2 · Determine Moves: it can {_titles(order)}."]
    if walk == 0:
        step2.append(
            "With a walking speed of 0 it can't Walk, Jump, Stand Up or Drop Prone, "
            "nor Climb or Swim without a speed for it."
        )
    if "burrow" in moves:
        step2.append(_burrow_line(speeds.get("burrow", 0), walk, traits.burrow_unhindered))
    if "climb" in moves:
        step2.append(_climb_line(speeds.get("climb", 0), traits.climb_unhindered))
    if "fly" in moves:
        step2.append("Fly: it can Fly" + (" and has the Hover trait." if hover else "; no Hover."))
    if "swim" in moves:
        step2.append(_swim_line(traits.swim_unhindered))
    return " ".join(step2)


def _speed_modifiers(
    moves: set[str], speeds: Mapping[str, int], speed: int, burrow_unhindered: bool
) -> tuple[dict[str, SpeedModifier], list[str]]:
    """Step 3: a Speed modifier trait per way it Moves, and the working for each."""
    modifiers: dict[str, SpeedModifier] = {}
    working: list[str] = []
    for move in MOVES:
        if move not in moves:
            continue
        if move in ("climb", "swim") and move not in speeds:
            modifiers[move] = modifiers["walk"]
            working.append(f"{_TITLES[move]} as Walk → {modifiers[move].label}")
            continue
        ratio = Fraction(speeds[move], speed)
        text = f"{_TITLES[move]} {speeds[move]}/{speed}"
        if move == "burrow" and not burrow_unhindered:
            ratio *= 2
            text += ", ×2 for Difficult Terrain"
        modifiers[move] = modifier_for(ratio)
        working.append(f"{text} = {_ratio_text(ratio)} → {modifiers[move].label}")
    return modifiers, working


def _modifiers_line(modifiers: Mapping[str, SpeedModifier], working: list[str]) -> str:
    """Step 3's line: the working, then the rule of each trait other than no modifier."""
    if not working:
        return "Step 3 · Determine Speed Modifiers: none (it can only Fall)."
    used = sorted(
        {m for m in modifiers.values() if m is not SpeedModifier.NONE},
        key=list(SpeedModifier).index,
    )
    rules = "".join(f" {m.label}: {m.rule} that way." for m in used)
    return f"Step 3 · Determine Speed Modifiers: {'; '.join(working)}.{rules}"


def convert(
    speeds_ft: Mapping[str, int], *, hover: bool = False, climb_trait: bool = False
) -> SingleSpeed:
    """Steps 1-3 of seed 000 › Updating A Creature's Movement.

    ``speeds_ft`` maps moves in ``MOVES`` to feet (0 to 10000); a missing walk
    speed is 0. ``hover`` needs a fly speed above 0. ``climb_trait`` grants the
    Step 2 Climb trait (slopes of 45 degrees or more are not Difficult Terrain)
    to a creature with no climb speed: Step 2 gives the traits for "additional
    Speeds or special traits", and the seed's Young White Dragon example gives
    it to a dragon with none (see tests and docs/RULINGS.md).

    Readings: a creature with a walking speed of 0 and no climb or swim speed
    can't Climb or Swim (those follow Walking) and can't Jump, Stand Up or Drop
    Prone, like the seed's Beholder; it can always Fall. A creature with no
    speed above 0 has Speed 0 and can only Fall.
    """
    speeds = _check_speeds(speeds_ft)
    walk = speeds.get("walk", 0)
    if hover and speeds.get("fly", 0) <= 0:
        raise InvalidInput(
            "speed: (hover) needs a fly speed above 0. Write it as a stat block does: "
            "fly 80 ft. (hover)."
        )
    speed, step1 = _set_speed(speeds)
    moves = _determine_moves(speeds, walk)
    traits = _traits(moves, speeds, walk, climb_trait=climb_trait)
    step2 = _moves_line(moves, speeds, walk, traits, hover=hover)
    modifiers, working = _speed_modifiers(moves, speeds, speed, traits.burrow_unhindered)
    return SingleSpeed(
        speed_ft=speed,
        moves=frozenset(moves),
        modifiers=MappingProxyType(modifiers),
        hover=hover,
        burrow_unhindered=traits.burrow_unhindered,
        climb_unhindered=traits.climb_unhindered,
        swim_unhindered=traits.swim_unhindered,
        speeds_ft=MappingProxyType(speeds),
        steps=(step1, step2, _modifiers_line(modifiers, working)),
    )


def convert_line(text: str, *, climb_trait: bool = False) -> SingleSpeed:
    """``convert`` of ``parse_speed_line(text)``: one call for a typed stat-block line."""
    speeds, hover = parse_speed_line(text)
    return convert(speeds, hover=hover, climb_trait=climb_trait)
