"""Altitude: how high a flying token is above the board, what climbing or diving costs
under each ruleset, whom a token in the air is within reach of, and falling when a flyer
stops flying (004 Three Dimensional Movement, Forced Movement In 3-D; 000 Fly, Falling
While Flying; the SRDs' Flying Movement). Pure: no Discord, no database.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Condition, Token
from bot.limits import MAX_ALTITUDE_FT as MAX_ALTITUDE_FT
from bot.rules.engine.kinds import VerticalRule
from bot.rules.rulings import Note
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


def altitude(token: Token) -> int:
    """Feet above the ground (0: on it)."""
    return token.altitude_ft


def at_altitude(token: Token, feet_up: int) -> Token:
    return replace(token, altitude_ft=max(0, feet_up))


def climb_cost_ft(rule: VerticalRule, square_ft: int, squares: int, up_ft: int) -> float:
    """What changing altitude by ``up_ft`` (negative: down) costs on top of a move that
    crossed ``squares`` squares."""
    if up_ft == 0:
        return 0.0
    if rule.cost == "cubes":
        return float(max(0, math.ceil(abs(up_ft) / square_ft) - squares) * square_ft)
    if rule.cost == "half-up-double-down":
        return float(up_ft * 2) if up_ft > 0 else abs(up_ft) / 2
    return float(abs(up_ft))


def measure_3d_ft(rule: VerticalRule, flat_ft: float, up_ft: float) -> float:
    """The distance between two points ``flat_ft`` apart on the map and ``up_ft`` apart
    in height, under the ruleset's diagonal rule."""
    up_ft = abs(up_ft)
    if rule.measure == "longer":
        return max(flat_ft, up_ft)
    if rule.measure == "longer-and-half":
        longer, shorter = max(flat_ft, up_ft), min(flat_ft, up_ft)
        return longer + math.floor(shorter / 10) * 5
    return round(math.hypot(flat_ft, up_ft), 1)


def height_ft(rules: Ruleset, token: Token) -> int:
    """How tall its space is: as many squares high as it is across (004's cubes)."""
    return rules.footprint_squares.get(token.size, 1) * rules.square_ft


def within_reach_up(rules: Ruleset, reacher: Token, other: Token, reach_ft: int) -> bool:
    """Whether the height between them leaves ``other`` within ``reacher``'s reach
    (004: reach "affects all adjacent cubes, including the one above your head"): the
    gap between the top of the lower and the bottom of the higher is at most its reach."""
    low, high = sorted((reacher, other), key=altitude)
    gap = altitude(high) - (altitude(low) + height_ft(rules, low))
    return gap < reach_ft


def reaches_the_ground(rules: Ruleset, token: Token, reach_ft: int) -> bool:
    """Whether ``token`` reaches a creature one square tall standing on the ground below
    it (``within_reach_up`` against a Small or Medium creature): what a threatened square
    on the map means for a token in the air. A token on the ground always does."""
    return altitude(token) - rules.square_ft < reach_ft


GROUNDING = (Condition.PRONE, Condition.IMMOBILIZED, Condition.INCAPACITATED)
FALLING_SECTION = "Fly › Falling While Flying"


def grounding(token: Token) -> tuple[str, ...]:
    """Why a flyer can't stay up by the general rule: prone, immobilized, incapacitated."""
    return tuple(c.value for c in GROUNDING if token.has(c))


def falls_from_the_air(before: Token, after: Token, rules: Ruleset | None = None) -> Note | None:
    """A flyer that becomes prone, immobilized or incapacitated (or whatever ``rules``
    says grounds it: ``Ruleset.grounded``) stops flying and falls, unless it hovers
    (000 Fly › Falling While Flying; the SRDs' Flying Movement)."""
    up = altitude(after)
    if not up or after.hover:
        return None
    why = rules.conditions.grounded if rules is not None else grounding
    was = set(why(before))
    new = [reason for reason in why(after) if reason not in was]
    if not new:
        return None
    section = rules.falling_section if rules is not None else FALLING_SECTION
    return Note(
        "Falls",
        f"{after.name} is {new[0]} {feet(up)} up and stops flying: it falls "
        f"{feet(up)} (/fall height:{up}) and lands below ({section}).",
    )
