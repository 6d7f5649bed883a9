"""becmi's calculators: overland travel by the day (travel.py); the Rules Cyclopedia
has no falling and no jumping rule, so falling is borrowed from the 3.5 SRD and says
so. The part ``Becmi.calculators`` holds; loads none of the movement engine."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from bot.dice import no_dice, roll
from bot.errors import InvalidInput
from bot.names import Vocabulary
from bot.rules.becmi import IDENTITY, travel
from bot.rules.becmi import tables as t
from bot.rules.becmi.tokens import parse_rate
from bot.rules.becmi.travel import MAX_TRAVEL_SPEED_FT
from bot.rules.identity import Identity
from bot.rules.rulings import (
    FallRequest,
    FallResult,
    JumpRequest,
    JumpResult,
    Note,
    Source,
    TravelRequest,
    TravelResult,
)
from bot.units import feet

FALL_BORROWED = "3.5 SRD falling damage (the Rules Cyclopedia has no falling rule)"
FALL_MAX_DICE = 20
FALL_FT_PER_DIE = 10


class BecmiCalculators:
    """/fall, /jump and /travel under becmi."""

    identity: ClassVar[Identity] = IDENTITY
    id: ClassVar[str] = IDENTITY.id
    name: ClassVar[str] = IDENTITY.name
    document: ClassVar[str] = "Rules Cyclopedia"
    square_ft: ClassVar[int] = t.SQUARE_FT
    # 003 Character Movement Rates, Feet vs. Yards: short distances go in turns
    travel_min_miles: ClassVar[float] = 0.0
    travel_names: ClassVar[Mapping[str, Vocabulary]] = {
        "mode": t.MODE_NAMES,
        "terrain": t.TERRAIN_NAMES,
        "pace": t.PACE_NAMES,
    }
    jump_uses_strength: ClassVar[bool] = False
    # the Rules Cyclopedia's travel reads these (and refuses hours: a day is its unit)
    travel_options: ClassVar[frozenset[str]] = frozenset(
        {
            "road",
            "encumbrance",
            "forage",
            "guide",
            "river",
            "ship_speed",
            "sea",
            "weather",
            "lost_check",
            "outdoors",
            "constitution",
            "exerting",
        }
    )

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        if request.height_ft < 0:
            raise InvalidInput(f"A fall height cannot be negative (got {request.height_ft} ft).")
        if request.collision_speed_ft is not None and request.height_ft == 0:
            return self._no_collision_rule(request)
        counted_ft = min(request.height_ft, FALL_MAX_DICE * FALL_FT_PER_DIE)
        counted_ft -= counted_ft % FALL_FT_PER_DIE
        lethal = roll(counted_ft // FALL_FT_PER_DIE, 6, rng)
        notes = [
            Note(
                "Falling damage (borrowed)",
                "The Rules Cyclopedia movement chapter has no falling rule, so the bot uses "
                "the 3.5 SRD's: 1d6 per full 10 ft fallen, at most 20d6."
                + (" Under 10 ft: no damage." if counted_ft == 0 else ""),
            ),
            *_fall_refinements_ignored(request),
        ]
        return FallResult(
            height_ft=request.height_ft,
            counted_ft=counted_ft,
            lethal=lethal,
            nonlethal=no_dice(),
            damage=lethal.total,
            nonlethal_damage=0,
            source=Source(
                self.id, self.document, (), seed_file=t.SEED_FILE, borrowed=FALL_BORROWED
            ),
            headline=f"Falls {feet(request.height_ft)}",
            notes=tuple(notes),
        )

    def _no_collision_rule(self, request: FallRequest) -> FallResult:
        """A collision alone: BECMI has no rule for it, and the borrowed 3.5 SRD falling
        rule has none either, so nothing is rolled (docs/RULINGS.md › /fall › becmi)."""
        return FallResult(
            height_ft=0,
            counted_ft=0,
            lethal=no_dice(),
            nonlethal=no_dice(),
            damage=0,
            nonlethal_damage=0,
            source=Source(self.id, self.document, ("Movement",), seed_file=t.SEED_FILE),
            headline="BECMI has no collision rule",
            notes=(
                Note(
                    "No collision rule",
                    f"A collision at {request.collision_speed_ft} ft speed: the Rules Cyclopedia "
                    "movement chapter has no collision rule, and the 3.5 SRD the bot borrows "
                    "for falls has none either, so nothing is rolled. The GM decides; "
                    "ruleset:epic-path has a collision rule.",
                ),
            ),
            extra={"collision_speed_ft": request.collision_speed_ft, "nothing_rolled": True},
        )

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        return JumpResult(
            max_horizontal_ft=None,
            max_vertical_ft=None,
            dc=None,
            source=Source(self.id, self.document, ("Movement",), seed_file=t.SEED_FILE),
            notes=(
                Note(
                    "No jumping rule",
                    "The Rules Cyclopedia movement chapter has no jumping rule: the GM decides, "
                    "for example with a Strength or Dexterity ability check.",
                ),
            ),
        )

    def travel_speed_ft(self, text: str) -> int:
        """Read as /token add reads a becmi speed (003 "Normal, Encounter, and Running
        Speeds"): the normal speed, its encounter speed in brackets a third of it."""
        speed = parse_rate(text)
        if speed > MAX_TRAVEL_SPEED_FT:
            raise InvalidInput(f"speed: {speed}' is more than {MAX_TRAVEL_SPEED_FT}' per turn.")
        return speed

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        return travel.travel(request, rng, self.id, self.document)


def _fall_refinements_ignored(request: FallRequest) -> list[Note]:
    ignored: list[str] = []
    if request.into == "water" or request.water_depth_ft is not None:
        ignored.append(
            "Falling into water: the Rules Cyclopedia has no rule, so the same dice apply; the "
            "GM may "
            "reduce them."
        )
    if request.into == "creature" or request.size is not None or request.save is not None:
        ignored.append(
            "Landing on a creature: the Rules Cyclopedia has no rule; the faller takes the dice."
        )
    if request.intentional or request.jumped_down_ft:
        ignored.append("A deliberate jump: BECMI has no Jump or Tumble skill to soften it.")
    if request.check is not None:
        ignored.append("A check: BECMI has no check that reduces falling damage.")
    if request.surface != "normal" or request.difficult_terrain:
        ignored.append("The landing surface: BECMI has no such refinement.")
    if request.faller_size is not None:
        ignored.append("The faller's size: BECMI has no size categories.")
    if request.object_size is not None or request.object_light:
        ignored.append(
            "A falling object: the Rules Cyclopedia has no rule for objects falling on creatures."
        )
    if request.collision_speed_ft is not None:
        ignored.append("A collision: the Rules Cyclopedia has no collision rule.")
    if not ignored:
        return []
    return [Note("No such refinement in BECMI", " ".join(ignored))]
