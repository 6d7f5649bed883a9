"""Falling in the SRDs (Adventuring › The Environment › Falling): 1d6 bludgeoning per
10 ft fallen, at most 20d6, and the creature lands prone unless it avoids all
damage. SRD 5.2 adds falling into liquid: a Reaction and a DC 15 Strength (Athletics)
or Dexterity (Acrobatics) check halves the damage."""

from __future__ import annotations

import random

from bot.dice import roll
from bot.errors import InvalidInput
from bot.rules.rulings import FallRequest, FallResult, Note, Source
from bot.units import feet

FT_PER_DIE = 10
MAX_DICE = 20
LIQUID_DC = 15


def fall(
    request: FallRequest, rng: random.Random, source: Source, *, liquid_check: bool
) -> FallResult:
    """``liquid_check``: SRD 5.2's Reaction to halve the damage of a fall into liquid."""
    if request.object_size is not None or request.collision_speed_ft is not None:
        raise InvalidInput(
            "The SRD has no falling-object or collision rule; epic-path does: add "
            "ruleset:epic-path."
        )
    notes: list[Note] = []
    dice = min(request.height_ft // FT_PER_DIE, MAX_DICE)
    if request.height_ft >= FT_PER_DIE * (MAX_DICE + 1):
        notes.append(Note("Cap", f"At most {MAX_DICE}d6: only the first 200 ft count."))
    if dice == 0:
        notes.append(Note("Short fall", "Less than 10 ft: no damage."))
    lethal = roll(dice, 6, rng)
    damage = lethal.total
    dcs: dict[str, int] = {}
    sections = ["Falling"]
    into_liquid = request.into == "water"
    if into_liquid and liquid_check and damage:
        dcs["liquid_dc"] = LIQUID_DC
        sections.append("Falling into Liquid")
        if request.check is None:
            notes.append(
                Note(
                    "Into liquid",
                    f"As a Reaction, a DC {LIQUID_DC} Strength (Athletics) or Dexterity "
                    f"(Acrobatics) check halves the damage (to {damage // 2}); give check: "
                    "to resolve it.",
                )
            )
        elif request.check >= LIQUID_DC:
            damage //= 2
            notes.append(Note("Into liquid", f"Check {request.check} ≥ DC 15: half damage."))
        else:
            notes.append(Note("Into liquid", f"Check {request.check} < DC 15: full damage."))
    elif into_liquid:
        notes.append(
            Note("Into liquid", "SRD 5.1 has no rule for falling into water: full damage.")
        )
    ignored = [
        name
        for name, given in (
            ("intentional", request.intentional),
            ("surface", request.surface != "normal"),
            ("water_depth", request.water_depth_ft is not None),
            ("jumped_down", bool(request.jumped_down_ft)),
        )
        if given
    ]
    if ignored:
        notes.append(Note("Not used", f"{', '.join(ignored)}: the SRD's Falling has no such rule."))
    prone = damage > 0
    notes.append(
        Note(
            "Landing",
            "Lands prone." if prone else "Takes no damage, so it doesn't land prone.",
        )
    )
    return FallResult(
        height_ft=request.height_ft,
        counted_ft=min(request.height_ft, FT_PER_DIE * MAX_DICE),
        lethal=lethal,
        nonlethal=roll(0, 6, rng),
        damage=damage,
        nonlethal_damage=0,
        source=Source(source.ruleset, source.document, tuple(sections), source.seed_file),
        headline=f"Falls {feet(request.height_ft)}",
        dcs=dcs,
        prone=prone,
        notes=tuple(notes),
    )
