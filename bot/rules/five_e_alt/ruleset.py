"""5e-alt: "One D&D Rule Variant: Alternate Movement" (seed 000).

Falling and jumping are the seed's own rules. The seed has no overland travel,
so /travel borrows the 3.5 SRD's overland tables, and says so.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar

from bot.dice import roll
from bot.encounter import Encounter
from bot.errors import InvalidInput
from bot.grid.sizes import Size, parse_size
from bot.names import Vocabulary
from bot.rules.d20.overland import overland_travel
from bot.rules.d20.srd35_overland import SRD35_OVERLAND
from bot.rules.engine.grid_rules import GridRules
from bot.rules.engine.moves import parse_plain_speed
from bot.rules.engine.pipeline import OnAGrid
from bot.rules.five_e_alt import grid
from bot.rules.rulings import (
    FallRequest,
    FallResult,
    JumpRequest,
    JumpResult,
    Note,
    Source,
    TravelRequest,
    TravelResult,
    borrowed,
)

SEED = "000_9613c147f2b39ce7.txt"
DOCUMENT = "Alternate Movement"

FALL_CAP_FT = 200
LIQUID_CAP_FT = 100
FT_PER_DIE = 10
FALL_PER_ROUND_FT = 500
SAVE_DC_FLOOR = 10
PRONE_DC_FLOOR = 10

JUMP_HORIZONTAL_FT = 10
JUMP_VERTICAL_FT = 5
JUMP_EXTEND_DC = 10
JUMP_RUN_UP_FT = 10
JUMP_BALANCE_DC = 10  # Jumping Through Difficult Terrain
FT_PER_UNIT = 5


def _source(*sections: str) -> Source:
    return Source("5e-alt", DOCUMENT, sections, seed_file=SEED)


def _ft(value: Fraction) -> float:
    return float(value)


class FiveEAlt(OnAGrid):
    id: ClassVar[str] = "5e-alt"
    name: ClassVar[str] = "5e Alternate Movement"
    document: ClassVar[str] = DOCUMENT
    square_ft: ClassVar[int] = 5
    sizes: ClassVar[tuple[Size, ...]] = (
        Size.TINY,
        Size.SMALL,
        Size.MEDIUM,
        Size.LARGE,
        Size.HUGE,
        Size.GARGANTUAN,
    )
    footprint_squares: ClassVar[Mapping[Size, int]] = grid.FOOTPRINTS
    encounter_options: ClassVar[frozenset[str]] = frozenset({"diagonals", "units"})
    travel_names: ClassVar[Mapping[str, Vocabulary]] = SRD35_OVERLAND.travel_names

    # ------------------------------------------------------------- on a grid

    def grid(self, encounter: Encounter | None) -> GridRules:
        return grid.FiveEAltGrid(encounter.diagonal_rule if encounter else "5")

    # ------------------------------------------------------------------ fall

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        if request.object_size is not None or request.collision_speed_ft is not None:
            raise InvalidInput(
                "5e-alt has no falling-object or collision rule (seed 000 › Fall); "
                "epic-path does: add ruleset:epic-path."
            )
        notes: list[Note] = []
        sections = ["Fall", "Fall Damage"]
        into_liquid = request.into == "water"
        if into_liquid:
            counted = min(Fraction(request.height_ft, 2), Fraction(LIQUID_CAP_FT))
            notes.append(
                Note(
                    "Into liquid",
                    f"Counted as half the distance ({_ft(counted):g} ft), at most "
                    f"{LIQUID_CAP_FT} ft.",
                )
            )
        else:
            counted = min(Fraction(request.height_ft), Fraction(FALL_CAP_FT))
            if request.height_ft > FALL_CAP_FT:
                notes.append(Note("Cap", f"Only the first {FALL_CAP_FT} ft count."))
        if request.jumped_down_ft:
            counted = max(counted - request.jumped_down_ft, Fraction(0))
            sections.append("Jumping Down")
            notes.append(
                Note(
                    "Jumped down",
                    f"{request.jumped_down_ft} ft jumped vertically come off the counted "
                    f"distance: {_ft(counted):g} ft.",
                )
            )
        counted_ft = math.floor(counted)
        dice_count = counted_ft // FT_PER_DIE if counted_ft >= FT_PER_DIE else 0
        if counted_ft < FT_PER_DIE:
            notes.append(Note("Short fall", "Less than 10 ft counted: no damage."))
        if request.intentional and not request.jumped_down_ft:
            notes.append(
                Note(
                    "Deliberate",
                    "5e-alt has no deliberate-jump reduction: jump down first "
                    "(jumped_down:<ft>, Jumping Down) to take distance off the fall.",
                )
            )
        if request.surface != "normal" or request.water_depth_ft is not None:
            notes.append(
                Note("Ignored", "Surfaces and water depth are not part of seed 000's Fall.")
            )
        lethal = roll(dice_count, 6, rng)
        damage = lethal.total
        dcs: dict[str, int] = {}
        extra: dict[str, int | bool | str | None] = {}

        if request.into == "creature":
            damage = self._land_on_creature(request, damage, dcs, extra, notes)
            sections.append("Falling on Something Else")

        prone: bool | None
        if into_liquid:
            prone = False
            notes.append(
                Note(
                    "Landing",
                    "Lands swimming: immune to Prone while Swimming (Continuity of Movement).",
                )
            )
        elif damage > 0 or request.difficult_terrain:
            prone_dc = max(PRONE_DC_FLOOR, damage)
            dcs["prone_dc"] = prone_dc
            sections.append("Falling Prone")
            why = "takes damage" if damage > 0 else "lands in Difficult Terrain"
            if request.check is None:
                prone = None
                if_impacted = ""
                halved = extra.get("damage_if_impacted")
                if isinstance(halved, int) and "target_impacted" not in extra:
                    extra["prone_dc_if_impacted"] = max(PRONE_DC_FLOOR, halved)
                    if extra["prone_dc_if_impacted"] != prone_dc:
                        if_impacted = (
                            f" (DC {extra['prone_dc_if_impacted']} if the creature fails its save)"
                        )
                notes.append(
                    Note(
                        "Landing",
                        f"{why.capitalize()}: lands prone unless a DC {prone_dc} Dexterity "
                        f"(Acrobatics) check succeeds{if_impacted}.",
                    )
                )
            else:
                prone = request.check < prone_dc
                outcome = "lands prone" if prone else "lands on its feet"
                notes.append(
                    Note("Landing", f"Acrobatics {request.check} vs DC {prone_dc}: {outcome}.")
                )
        else:
            prone = False
        if request.height_ft > FALL_PER_ROUND_FT:
            turns = math.ceil(request.height_ft / FALL_PER_ROUND_FT)
            extra["fall_turns"] = turns
            sections.append("Continuous Falling")
            notes.append(
                Note(
                    "Long fall",
                    f"Falls {FALL_PER_ROUND_FT} ft at once, then {FALL_PER_ROUND_FT} ft at the "
                    f"start of each of its turns: lands at the start of its turn {turns - 1} "
                    "turn(s) from now. It can act while falling.",
                )
            )
        return FallResult(
            height_ft=request.height_ft,
            counted_ft=counted_ft,
            lethal=lethal,
            nonlethal=roll(0, 6, rng),
            damage=damage,
            nonlethal_damage=0,
            source=_source(*sections),
            headline=f"Falls {request.height_ft} ft" + (" into liquid" if into_liquid else ""),
            dcs=dcs,
            prone=prone,
            notes=tuple(notes),
            extra=extra,
        )

    def _land_on_creature(
        self,
        request: FallRequest,
        damage: int,
        dcs: dict[str, int],
        extra: dict[str, int | bool | str | None],
        notes: list[Note],
    ) -> int:
        """Seed 000 › Fall › Falling on Something Else. Returns the faller's damage."""
        faller = parse_size(request.faller_size or "medium", self.sizes)
        target = parse_size(request.size or "medium", self.sizes)
        if request.faller_size is None or request.size is None:
            notes.append(Note("Sizes", "Size not given: taken as Medium."))
        if Size.TINY in (faller, target):
            notes.append(
                Note("Landing on a creature", "One of you is Tiny: no impact; a normal fall.")
            )
            return damage
        if damage == 0:
            # Under 10 ft counted "you take no Damage": the fall has no damage to halve or
            # share, so there is no impact to resolve (docs/RULINGS.md › /fall › 5e-alt).
            extra["target_impacted"] = False
            extra["target_damage"] = 0
            notes.append(
                Note(
                    "Landing on a creature",
                    "The fall deals no damage (less than 10 ft counted), so there is no impact "
                    "to resolve: the creature makes no Dexterity save"
                    + (" (the save given is not needed)" if request.save is not None else "")
                    + ", takes no damage and does not drop prone.",
                )
            )
            return damage
        save_dc = max(SAVE_DC_FLOOR, damage // 2)
        dcs["save_dc"] = save_dc
        halved_faller = max(1, damage // 2)  # "halved (minimum 1)"
        target_damage = max(1, damage // 2)  # "half the Fall's Bludgeoning Damage (minimum 1)"
        target_prone = target <= faller + 1
        extra["damage_if_impacted"] = halved_faller
        extra["target_damage_if_impacted"] = target_damage
        extra["target_prone_if_impacted"] = target_prone
        prone_text = (
            f"and drops prone ({target.label} is no more than one size larger)"
            if target_prone
            else f"but stays up ({target.label} is more than one size larger)"
        )
        if request.save is not None:
            impacted = request.save < save_dc
            extra["target_impacted"] = impacted
            if impacted:
                extra["target_damage"] = target_damage
                notes.append(
                    Note(
                        "Landing on a creature",
                        f"Dexterity save {request.save} < DC {save_dc}: the creature takes "
                        f"{target_damage} {prone_text}; the faller's damage halves to "
                        f"{halved_faller}.",
                    )
                )
                return halved_faller
            extra["target_damage"] = 0
            notes.append(
                Note(
                    "Landing on a creature",
                    f"Dexterity save {request.save} ≥ DC {save_dc}: no impact; full damage.",
                )
            )
            return damage
        notes.append(
            Note(
                "Landing on a creature",
                f"The creature makes a DC {save_dc} Dexterity save. On a failure it takes "
                f"{target_damage} {prone_text}, and the faller takes {halved_faller} instead "
                f"of {damage} (give save: to resolve).",
            )
        )
        return damage

    # ------------------------------------------------------------------ jump

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        notes: list[Note] = []
        sections = ["Jump"]
        size = parse_size(request.size or "medium", self.sizes)
        doublings = max(0, size - Size.MEDIUM)
        multiplier = 2**doublings
        if request.speed_ft is not None:
            notes.append(Note("Speed", "Speed does not change a 5e-alt jump; Movement caps it."))
        extended = request.check is not None and request.check >= JUMP_EXTEND_DC
        if request.units:
            sections.append("Optional Rule: Units of Distance")
            if extended:
                assert request.check is not None
                vertical_units = Fraction(math.ceil(request.check / 10))
                horizontal_units = 2 * vertical_units
            else:
                vertical_units = Fraction(JUMP_VERTICAL_FT, FT_PER_UNIT)
                horizontal_units = Fraction(JUMP_HORIZONTAL_FT, FT_PER_UNIT)
            horizontal = horizontal_units * FT_PER_UNIT
            vertical = vertical_units * FT_PER_UNIT
        elif extended:
            assert request.check is not None
            horizontal = Fraction(request.check)
            vertical = Fraction(request.check, 2)
        else:
            horizontal = Fraction(JUMP_HORIZONTAL_FT)
            vertical = Fraction(JUMP_VERTICAL_FT)
        if request.check is not None:
            if extended:
                notes.append(
                    Note(
                        "Check",
                        f"{request.check} ≥ DC {JUMP_EXTEND_DC}: the jump extends"
                        + (
                            " (Units: one-tenth of the total up, rounded up; twice that across)"
                            if request.units
                            else " to the total across and half the total up"
                        )
                        + ".",
                    )
                )
            else:
                notes.append(
                    Note(
                        "Check",
                        f"{request.check} < DC {JUMP_EXTEND_DC}: the distance is unchanged.",
                    )
                )
        else:
            notes.append(
                Note(
                    "Extending",
                    f"A DC {JUMP_EXTEND_DC} Strength (Athletics or Acrobatics) check extends the "
                    "jump to the total across and half the total up (give check:).",
                )
            )
        if request.run_up_ft is None or request.run_up_ft < JUMP_RUN_UP_FT:
            notes.append(
                Note(
                    "Run-up",
                    f"Without moving {JUMP_RUN_UP_FT} ft straight before the jump, the check has "
                    "Disadvantage.",
                )
            )
        if multiplier > 1:
            sections.append("Size and Jumping")
            horizontal *= multiplier
            vertical *= multiplier
            notes.append(
                Note(
                    "Size",
                    f"{size.label}: distances ×{multiplier} (doubled per size above Medium).",
                )
            )
        if request.movement_ft is not None:
            if horizontal > request.movement_ft or vertical > request.movement_ft:
                notes.append(
                    Note("Movement", f"Capped by Movement left ({request.movement_ft} ft).")
                )
            horizontal = min(horizontal, Fraction(request.movement_ft))
            vertical = min(vertical, Fraction(request.movement_ft))
        else:
            notes.append(Note("Movement", "Each foot jumped costs a foot of Movement."))
        dc, clears = self._asked_jump(request, multiplier, horizontal, vertical, notes)
        extra: dict[str, int | float | bool | None] = {
            "size_multiplier": multiplier,
            "extended": extended,
        }
        if request.units:
            extra["max_horizontal_units"] = float(horizontal / FT_PER_UNIT)
            extra["max_vertical_units"] = float(vertical / FT_PER_UNIT)
        if request.difficult_terrain:
            sections.append("Jumping Through Difficult Terrain")
            extra["balance_dc"] = JUMP_BALANCE_DC
            notes.append(
                Note(
                    "Difficult Terrain",
                    f"Jumping through it: DC {JUMP_BALANCE_DC} Dexterity (Acrobatics) or drop "
                    "prone.",
                )
            )
        return JumpResult(
            max_horizontal_ft=_ft(horizontal),
            max_vertical_ft=_ft(vertical),
            dc=dc,
            clears=clears,
            source=_source(*sections),
            notes=tuple(notes),
            extra=extra,
        )

    def _asked_jump(
        self,
        request: JumpRequest,
        multiplier: int,
        horizontal: Fraction,
        vertical: Fraction,
        notes: list[Note],
    ) -> tuple[int | None, bool | None]:
        """The least check total that clears an asked distance or height, if one is needed."""
        if request.distance_ft is None and request.height_ft is None:
            return None, None
        across = request.distance_ft is not None
        asked = request.distance_ft if across else request.height_ft
        assert asked is not None
        base = (JUMP_HORIZONTAL_FT if across else JUMP_VERTICAL_FT) * multiplier
        if request.movement_ft is not None and asked > request.movement_ft:
            notes.append(Note("Too far", f"{asked} ft is more than the Movement left."))
            return None, False
        if asked <= base:
            notes.append(Note("No check", f"{asked} ft is within the unextended jump."))
            return None, True
        if request.units:
            # vertical units = ceil(total / 10); horizontal = twice that
            units_needed = math.ceil(
                Fraction(asked, FT_PER_UNIT * multiplier * (2 if across else 1))
            )
            needed = max(JUMP_EXTEND_DC, 10 * (units_needed - 1) + 1)
        else:
            per_total = Fraction(multiplier) if across else Fraction(multiplier, 2)
            needed = max(JUMP_EXTEND_DC, math.ceil(asked / per_total))
        notes.append(
            Note(
                "Needed",
                f"{asked} ft {'across' if across else 'up'} needs a check total of {needed}+.",
            )
        )
        reach = horizontal if across else vertical
        clears = None if request.check is None else reach >= asked
        return needed, clears

    # ---------------------------------------------------------------- travel

    def travel_speed_ft(self, text: str) -> int:
        return parse_plain_speed(text)

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        source = Source(
            "5e-alt",
            "3.5 SRD overland tables",
            ("Overland Movement",),
            seed_file=SEED,
            borrowed="3.5 SRD (seed 000 has no overland travel)",
        )
        result = overland_travel(request, rng, tables=SRD35_OVERLAND, source=source)
        return borrowed(
            result,
            "Seed 000 has no overland rules: these are the 3.5 SRD's travel tables.",
        )
