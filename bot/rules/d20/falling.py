"""Falling in the d20 family (3.5 SRD and seed 004's Pathfinder variant).

One mechanic, parameterised by what each ruleset's text has: epic-path adds
surfaces, falling objects and collisions; 3.5 borrows the SRD rule where its
seeds are silent. ``D20FallRules`` is the data; ``d20_fall`` the rule.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

from bot.dice import Roll, no_dice, roll
from bot.errors import InvalidInput
from bot.grid.sizes import Size, parse_size
from bot.rules.rulings import FallRequest, FallResult, Note, Source
from bot.units import feet

FT_PER_DIE = 10
DELIBERATE_CHECK_DC = 15
DIVE_BASE_DC = 15
DIVE_DC_STEP = 5  # per 50 ft of the dive
DIVE_DC_EVERY_FT = 50
DEEP_WATER_FT = 10  # "If the water is at least 10 feet deep"
DIVE_DEPTH_PER_FT = Fraction(10, 30)  # "10 feet deep for every 30 feet fallen"
WATER_FREE_FT = 20
WATER_NONLETHAL_FT = 20
OBJECT_REFLEX_DC = 15


@dataclass(frozen=True)
class D20FallRules:
    """What one ruleset's falling text contains."""

    max_dice: int
    check_name: str  # the skill for a deliberate jump: "Jump or Tumble", "Acrobatics"
    dive_check_name: str
    surface_per_die: Mapping[str, int] = field(default_factory=dict)  # empty: no surfaces
    yielding_surfaces: frozenset[str] = frozenset()  # first die becomes nonlethal
    object_dice: Mapping[Size, int] = field(default_factory=dict)  # empty: no falling objects
    collisions: bool = False
    lethal_damage_lands_prone: bool = False
    sizes: tuple[Size, ...] = ()


def d20_fall(
    request: FallRequest, rng: random.Random, rules: D20FallRules, source: Source
) -> FallResult:
    if request.object_size is not None:
        return _falling_object(request, rng, rules, source)
    if request.collision_speed_ft is not None:
        return _collision(request, rng, rules, source)
    notes: list[Note] = []
    if request.into == "creature":
        notes.append(
            Note(
                "Landing on a creature",
                "This ruleset has no rule for landing on a creature: ruled as a fall onto "
                "the ground (the GM may say the creature breaks the fall).",
            )
        )
    if request.jumped_down_ft:
        notes.append(Note("Jumped down", "Jumping Down is a 5e-alt rule; not applied here."))
    if request.into == "water":
        deep = request.water_depth_ft is None or request.water_depth_ft >= DEEP_WATER_FT
        if deep:
            return _into_water(request, rng, rules, source, notes)
        notes.append(
            Note(
                "Shallow water",
                f"Water under {DEEP_WATER_FT} ft deep does not soften the fall: "
                "ruled as a fall onto the ground.",
            )
        )
    return _onto_ground(request, rng, rules, source, notes)


def _surface(request: FallRequest, rules: D20FallRules, notes: list[Note]) -> int:
    if request.surface == "normal":
        return 0
    if not rules.surface_per_die:
        notes.append(
            Note("Surface", f'This ruleset has no surface modifiers: "{request.surface}" ignored.')
        )
        return 0
    return rules.surface_per_die[request.surface]


def _onto_ground(
    request: FallRequest,
    rng: random.Random,
    rules: D20FallRules,
    source: Source,
    notes: list[Note],
) -> FallResult:
    increments = request.height_ft // FT_PER_DIE
    dcs: dict[str, int] = {}
    ignored, nonlethal_count = _deliberate_jump(request, rules, dcs, notes)
    per_die = _surface(request, rules, notes)
    if request.surface in rules.yielding_surfaces:
        nonlethal_count += 1
        notes.append(Note("Yielding surface", "The first die of damage becomes nonlethal."))
    dice_count = min(max(increments - ignored, 0), rules.max_dice)
    nonlethal_count = min(nonlethal_count, dice_count)
    lethal_count = dice_count - nonlethal_count
    nonlethal = roll(nonlethal_count, 6, rng, per_die=per_die)
    lethal = roll(lethal_count, 6, rng, per_die=per_die)
    if per_die:
        notes.append(Note("Surface", f"{request.surface}: {per_die:+d} per die (never below 0)."))
    if increments > rules.max_dice + ignored:
        notes.append(Note("Cap", f"Falling damage stops at {rules.max_dice}d6."))
    prone: bool | None = None
    if rules.lethal_damage_lands_prone:
        prone = lethal.total > 0
        if prone:
            notes.append(Note("Landing", "Lethal damage from a fall: lands prone."))
    if increments == 0:
        notes.append(Note("Short fall", "Under 10 ft: no falling damage."))
    return FallResult(
        height_ft=request.height_ft,
        counted_ft=dice_count * FT_PER_DIE,
        lethal=lethal,
        nonlethal=nonlethal,
        damage=lethal.total,
        nonlethal_damage=nonlethal.total,
        source=source,
        headline=f"Falls {feet(request.height_ft)}",
        dcs=dcs,
        prone=prone,
        notes=tuple(notes),
    )


def _deliberate_jump(
    request: FallRequest, rules: D20FallRules, dcs: dict[str, int], notes: list[Note]
) -> tuple[int, int]:
    """A deliberate jump down: the first die is nonlethal, and a DC 15 check ignores
    the first 10 ft and makes the next 10 ft nonlethal. The 10 ft increments ignored
    and the dice made nonlethal."""
    if not request.intentional:
        if request.check is not None:
            notes.append(
                Note(
                    "Check",
                    f"The DC 15 {rules.check_name} check only helps a deliberate jump "
                    "(intentional:true); ignored.",
                )
            )
        return 0, 0
    dcs["check_dc"] = DELIBERATE_CHECK_DC
    if request.check is None:
        notes.append(
            Note(
                "Deliberate jump",
                "The first die is nonlethal. A DC 15 "
                f"{rules.check_name} check would ignore the first 10 ft and make the next "
                "10 ft nonlethal (give check:).",
            )
        )
        return 0, 1
    if request.check < DELIBERATE_CHECK_DC:
        notes.append(
            Note(
                "Deliberate jump",
                f"{rules.check_name} {request.check} < DC {DELIBERATE_CHECK_DC}: only the "
                "first die is nonlethal.",
            )
        )
        return 0, 1
    # the first 10 ft deal nothing; the second 10 ft are the nonlethal die
    notes.append(
        Note(
            "Deliberate jump",
            f"{rules.check_name} {request.check} ≥ DC {DELIBERATE_CHECK_DC}: no damage "
            "from the first 10 ft, the next 10 ft deal nonlethal damage.",
        )
    )
    return 1, 1


def _into_water(
    request: FallRequest,
    rng: random.Random,
    rules: D20FallRules,
    source: Source,
    notes: list[Note],
) -> FallResult:
    source = replace(source, sections=(*source.sections, "Falling into Water"))
    if request.water_depth_ft is None:
        notes.append(Note("Depth", "Water depth not given: taken as at least 10 ft deep."))
    increments = min(request.height_ft // FT_PER_DIE, rules.max_dice)
    free = WATER_FREE_FT // FT_PER_DIE
    soft = WATER_NONLETHAL_FT // FT_PER_DIE
    nonlethal = roll(min(max(increments - free, 0), soft), 3, rng)
    lethal = roll(max(increments - free - soft, 0), 6, rng)
    notes.append(
        Note(
            "Into water",
            "At least 10 ft deep: the first 20 ft deal nothing, the next 20 ft 1d3 nonlethal "
            "per 10 ft, the rest 1d6 per 10 ft.",
        )
    )
    dcs: dict[str, int] = {}
    damage, nonlethal_damage = lethal.total, nonlethal.total
    if request.intentional:
        dive_dc = DIVE_BASE_DC + DIVE_DC_STEP * (request.height_ft // DIVE_DC_EVERY_FT)
        depth_needed = max(
            DEEP_WATER_FT, math.ceil(request.height_ft * DIVE_DEPTH_PER_FT / 10) * 10
        )
        dcs["dive_dc"] = dive_dc
        deep_enough = request.water_depth_ft is None or request.water_depth_ft >= depth_needed
        if not deep_enough:
            notes.append(
                Note(
                    "Dive",
                    f"A {feet(request.height_ft)} dive needs water at least {depth_needed} ft deep "
                    "for the check to help; the damage above applies.",
                )
            )
        elif request.check is not None and request.check >= dive_dc:
            damage = nonlethal_damage = 0
            notes.append(
                Note("Dive", f"{rules.dive_check_name} {request.check} ≥ DC {dive_dc}: no damage.")
            )
        elif request.check is not None:
            notes.append(
                Note("Dive", f"{rules.dive_check_name} {request.check} < DC {dive_dc}: damage.")
            )
        else:
            notes.append(
                Note(
                    "Dive",
                    f"A DC {dive_dc} {rules.dive_check_name} check means no damage "
                    f"(water at least {depth_needed} ft deep); give check: to resolve.",
                )
            )
    prone = None
    if rules.lethal_damage_lands_prone:
        prone = False  # in water one swims; there is no ground to lie on
    return FallResult(
        height_ft=request.height_ft,
        counted_ft=max(increments - free, 0) * FT_PER_DIE,
        lethal=lethal,
        nonlethal=nonlethal,
        damage=damage,
        nonlethal_damage=nonlethal_damage,
        source=source,
        headline=f"Falls {feet(request.height_ft)} into water",
        dcs=dcs,
        prone=prone,
        notes=tuple(notes),
    )


def _falling_object(
    request: FallRequest, rng: random.Random, rules: D20FallRules, source: Source
) -> FallResult:
    if not rules.object_dice:
        raise InvalidInput(
            "This ruleset has no falling-objects table; epic-path has one "
            "(ruleset:epic-path object:<size>)."
        )
    assert request.object_size is not None
    size = parse_size(request.object_size, tuple(rules.object_dice))
    scale = Fraction(1)
    notes: list[Note] = []
    if request.height_ft < 30:
        scale /= 2
        notes.append(Note("Short drop", "Fell less than 30 ft: half the listed damage."))
    elif request.height_ft > 150:
        scale *= 2
        notes.append(Note("Long drop", "Fell more than 150 ft: double the listed damage."))
    if request.object_light:
        scale /= 2
        notes.append(Note("Light material", "Wood, not stone: half damage."))
    dice = roll(rules.object_dice[size], 6, rng, scale=scale)
    damage = dice.total
    if request.save is not None and request.save >= OBJECT_REFLEX_DC:
        damage //= 2
        notes.append(Note("Reflex", f"Save {request.save} ≥ DC 15: damage halved to {damage}."))
    else:
        notes.append(
            Note("Reflex", "A creature aware of the object may save (Reflex DC 15) for half.")
        )
    notes.append(Note("The object", "A falling object takes the same damage it deals."))
    return FallResult(
        height_ft=request.height_ft,
        counted_ft=request.height_ft,
        lethal=dice,
        nonlethal=no_dice(),
        damage=damage,
        nonlethal_damage=0,
        source=replace(source, sections=("Falling Objects",)),
        headline=f"A {size.label} object falls {feet(request.height_ft)}",
        dcs={"reflex_dc": OBJECT_REFLEX_DC},
        notes=tuple(notes),
    )


def _collision(
    request: FallRequest, rng: random.Random, rules: D20FallRules, source: Source
) -> FallResult:
    if not rules.collisions:
        raise InvalidInput(
            "This ruleset has no collision rule; epic-path has one "
            "(ruleset:epic-path collision_speed:<ft>)."
        )
    assert request.collision_speed_ft is not None
    dice: Roll = roll(min(request.collision_speed_ft // FT_PER_DIE, 200), 6, rng)
    notes = (
        Note("Collision", "1d6 per 10 ft of speed at the moment of the collision."),
        Note(
            "Only when not cautious",
            "Charging, running, swept away or thrown from a mount: yes. A normal or double "
            "move is cautious and takes no damage; deliberate rams never hurt the rammer.",
        ),
    )
    return FallResult(
        height_ft=0,
        counted_ft=request.collision_speed_ft,
        lethal=dice,
        nonlethal=no_dice(),
        damage=dice.total,
        nonlethal_damage=0,
        source=replace(source, sections=("Collisions",)),
        headline=f"Collision at {feet(request.collision_speed_ft)} speed",
        notes=notes,
    )
