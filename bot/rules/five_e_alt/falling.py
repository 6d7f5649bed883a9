"""5e-alt's Fall (Alternate Movement › Fall): damage, the cap, liquid, landing on a creature,
falling prone and continuous falling."""

from __future__ import annotations

import math
import random
from fractions import Fraction

from bot.dice import roll
from bot.errors import InvalidInput
from bot.grid.sizes import Size, parse_size
from bot.rules.five_e_alt.sources import ft, source
from bot.rules.five_e_alt.tables import (
    FALL_CAP_FT,
    FALL_PER_ROUND_FT,
    FT_PER_DIE,
    LIQUID_CAP_FT,
    PRONE_DC_FLOOR,
    SAVE_DC_FLOOR,
    SIZES,
)
from bot.rules.rulings import FallRequest, FallResult, Note
from bot.units import feet


def fall(request: FallRequest, rng: random.Random) -> FallResult:
    if request.object_size is not None or request.collision_speed_ft is not None:
        raise InvalidInput(
            "5e-alt has no falling-object or collision rule (Alternate Movement › Fall); "
            "epic-path does: add ruleset:epic-path."
        )
    notes: list[Note] = []
    sections = ["Fall", "Fall Damage"]
    into_liquid = request.into == "water"
    counted_ft = math.floor(_counted_distance(request, into_liquid, notes, sections))
    dice_count = counted_ft // FT_PER_DIE if counted_ft >= FT_PER_DIE else 0
    _note_what_does_not_count(request, counted_ft, notes)
    lethal = roll(dice_count, 6, rng)
    damage = lethal.total
    dcs: dict[str, int] = {}
    extra: dict[str, int | bool | str | None] = {}

    if request.into == "creature":
        damage = _land_on_creature(request, damage, dcs, extra, notes)
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
        sections.append("Falling Prone")
        prone = _falling_prone(request, damage, dcs, extra, notes)
    else:
        prone = False
    if request.height_ft > FALL_PER_ROUND_FT:
        sections.append("Continuous Falling")
        _continuous_falling(request.height_ft, extra, notes)
    return FallResult(
        height_ft=request.height_ft,
        counted_ft=counted_ft,
        lethal=lethal,
        nonlethal=roll(0, 6, rng),
        damage=damage,
        nonlethal_damage=0,
        source=source(*sections),
        headline=f"Falls {feet(request.height_ft)}" + (" into liquid" if into_liquid else ""),
        dcs=dcs,
        prone=prone,
        notes=tuple(notes),
        extra=extra,
    )


def _counted_distance(
    request: FallRequest, into_liquid: bool, notes: list[Note], sections: list[str]
) -> Fraction:
    """Seed 000 › Fall › Fall Damage (the cap, liquid) and Jumping Down: the feet that count."""
    if into_liquid:
        counted = min(Fraction(request.height_ft, 2), Fraction(LIQUID_CAP_FT))
        notes.append(
            Note(
                "Into liquid",
                f"Counted as half the distance ({ft(counted):g} ft), at most {LIQUID_CAP_FT} ft.",
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
                f"distance: {ft(counted):g} ft.",
            )
        )
    return counted


def _note_what_does_not_count(request: FallRequest, counted_ft: int, notes: list[Note]) -> None:
    """A short fall's lack of damage, and the options Alternate Movement's Fall ignores."""
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
            Note("Ignored", "Surfaces and water depth are not part of Alternate Movement's Fall.")
        )


def _falling_prone(
    request: FallRequest,
    damage: int,
    dcs: dict[str, int],
    extra: dict[str, int | bool | str | None],
    notes: list[Note],
) -> bool | None:
    """Seed 000 › Fall › Falling Prone: prone unless the Acrobatics check meets the DC;
    None when no check is given."""
    prone_dc = max(PRONE_DC_FLOOR, damage)
    dcs["prone_dc"] = prone_dc
    if request.check is not None:
        prone = request.check < prone_dc
        outcome = "lands prone" if prone else "lands on its feet"
        notes.append(Note("Landing", f"Acrobatics {request.check} vs DC {prone_dc}: {outcome}."))
        return prone
    why = "takes damage" if damage > 0 else "lands in Difficult Terrain"
    if_impacted = ""
    halved = extra.get("damage_if_impacted")
    if isinstance(halved, int) and "target_impacted" not in extra:
        extra["prone_dc_if_impacted"] = max(PRONE_DC_FLOOR, halved)
        if extra["prone_dc_if_impacted"] != prone_dc:
            if_impacted = f" (DC {extra['prone_dc_if_impacted']} if the creature fails its save)"
    notes.append(
        Note(
            "Landing",
            f"{why.capitalize()}: lands prone unless a DC {prone_dc} Dexterity "
            f"(Acrobatics) check succeeds{if_impacted}.",
        )
    )
    return None


def _continuous_falling(
    height_ft: int, extra: dict[str, int | bool | str | None], notes: list[Note]
) -> None:
    """Seed 000 › Fall › Continuous Falling: the turns a long fall takes."""
    turns = math.ceil(height_ft / FALL_PER_ROUND_FT)
    extra["fall_turns"] = turns
    notes.append(
        Note(
            "Long fall",
            f"Falls {FALL_PER_ROUND_FT} ft at once, then {FALL_PER_ROUND_FT} ft at the "
            f"start of each of its turns: lands at the start of {_its_turn(turns - 1)}. "
            "It can act while falling.",
        )
    )


def _land_on_creature(
    request: FallRequest,
    damage: int,
    dcs: dict[str, int],
    extra: dict[str, int | bool | str | None],
    notes: list[Note],
) -> int:
    """Seed 000 › Fall › Falling on Something Else. Returns the faller's damage."""
    faller = parse_size(request.faller_size or "medium", SIZES)
    target = parse_size(request.size or "medium", SIZES)
    if request.faller_size is None or request.size is None:
        notes.append(Note("Sizes", "Size not given: taken as Medium."))
    if Size.TINY in (faller, target):
        notes.append(Note("Landing on a creature", "One of you is Tiny: no impact; a normal fall."))
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


def _its_turn(later: int) -> str:
    """``its next turn``, ``its 2nd turn from now``, ``its 633rd turn from now``."""
    if later == 1:
        return "its next turn"
    suffix = (
        "th" if later % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(later % 10, "th")
    )
    return f"its {later:,}{suffix} turn from now"
