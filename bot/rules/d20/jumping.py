"""Jumping as a skill check (3.5 SRD Jump; Pathfinder Acrobatics).

Neither 3.5 seed nor seed 004 has a jump rule, so both rulesets borrow their
system's skill: long jump DC = distance, high jump DC = 4 × height, doubled
without the run-up, adjusted by base land speed. ``SkillJumpRules`` holds the
differences; the rule is ``skill_jump``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bot.errors import InvalidInput
from bot.names import with_article
from bot.rules.rulings import JumpRequest, JumpResult, Note, Source

BASE_SPEED_FT = 30
HIGH_JUMP_DC_PER_FT = 4


@dataclass(frozen=True)
class SkillJumpRules:
    skill: str  # "Jump" / "Acrobatics"
    run_up_ft: int  # the running start that avoids doubling the DC
    bonus_per_10_ft_above: int
    penalty_per_10_ft_below: int
    edge_grab: bool  # 3.5: failing a long jump by 4 or less allows a DC 20 Reflex save


def speed_modifier(speed_ft: int, rules: SkillJumpRules) -> int:
    """The racial bonus or penalty on jump checks for base land speed."""
    if speed_ft > BASE_SPEED_FT:
        return rules.bonus_per_10_ft_above * ((speed_ft - BASE_SPEED_FT) // 10)
    return -rules.penalty_per_10_ft_below * ((BASE_SPEED_FT - speed_ft) // 10)


def _ft(value: Fraction) -> float:
    return float(max(value, Fraction(0)))


def skill_jump(request: JumpRequest, rules: SkillJumpRules, source: Source) -> JumpResult:
    if request.check is None and request.distance_ft is None and request.height_ft is None:
        raise InvalidInput(
            f"A jump here is {with_article(rules.skill)} check: give check:<your total> to see "
            "how far it carries you, or distance:<ft> / height:<ft> to get the DC."
        )
    notes: list[Note] = []
    running = request.run_up_ft is None or request.run_up_ft >= rules.run_up_ft
    divisor = 1 if running else 2
    _note_run_up(request, rules, running, notes)
    modifier = _speed_modifier_noted(request, rules, notes)
    if request.size is not None:
        notes.append(Note("Size", "Size does not change a jump here; speed does."))
    if request.units:
        notes.append(Note("Units", "The Units rule is a 5e-alt option; distances are in feet."))
    horizontal, vertical = _reach(request, rules, modifier, running, notes)
    dc = _asked_dc(request, divisor, notes)
    clears: bool | None = None
    if dc is not None and request.check is not None:
        clears = _clears(request, rules, request.check + modifier, dc, notes)
    return JumpResult(
        max_horizontal_ft=horizontal,
        max_vertical_ft=vertical,
        dc=dc,
        clears=clears,
        source=source,
        notes=tuple(notes),
        extra={"speed_modifier": modifier, "running_start": running},
    )


def _note_run_up(
    request: JumpRequest, rules: SkillJumpRules, running: bool, notes: list[Note]
) -> None:
    """Without the run-up every DC doubles; a run-up not given is taken as enough."""
    if request.run_up_ft is None:
        notes.append(
            Note(
                "Run-up",
                f"Run-up not given: taken as at least {rules.run_up_ft} ft. Standing, every "
                "DC doubles (distances halve).",
            )
        )
    elif not running:
        notes.append(
            Note("Run-up", f"Less than {rules.run_up_ft} ft of run-up: every DC is doubled.")
        )


def _speed_modifier_noted(request: JumpRequest, rules: SkillJumpRules, notes: list[Note]) -> int:
    """The check's modifier for base land speed, if a speed is given."""
    if request.speed_ft is None:
        return 0
    modifier = speed_modifier(request.speed_ft, rules)
    if modifier:
        notes.append(
            Note(
                "Speed",
                f"Base land speed {request.speed_ft} ft: {modifier:+d} on the check "
                "(leave speed: out if your skill bonus already includes it).",
            )
        )
    return modifier


def _reach(
    request: JumpRequest, rules: SkillJumpRules, modifier: int, running: bool, notes: list[Note]
) -> tuple[float | None, float | None]:
    """How far across and how high the check given carries it (None: no check given):
    the total across, a quarter of it up, halved standing, within the movement left."""
    if request.check is None:
        return None, None
    divisor = 1 if running else 2
    total = request.check + modifier
    horizontal = _ft(Fraction(total, divisor))
    vertical = _ft(Fraction(total, HIGH_JUMP_DC_PER_FT * divisor))
    notes.append(
        Note(
            "Check",
            f"{rules.skill} {total}: long jump up to {horizontal:g} ft, high jump up to "
            f"{vertical:g} ft" + ("" if running else " (standing)") + ".",
        )
    )
    if request.movement_ft is not None:
        horizontal = min(horizontal, float(request.movement_ft))
        vertical = min(vertical, float(request.movement_ft))
        notes.append(
            Note("Movement", "The distance jumped counts against your movement this round.")
        )
    return horizontal, vertical


def _asked_dc(request: JumpRequest, divisor: int, notes: list[Note]) -> int | None:
    """The DC of the distance or height asked: the distance, or 4 × the height (doubled
    standing)."""
    if request.distance_ft is not None:
        dc = request.distance_ft * divisor
        notes.append(Note("Long jump", f"{request.distance_ft} ft across: DC {dc}."))
        return dc
    if request.height_ft is not None:
        dc = HIGH_JUMP_DC_PER_FT * request.height_ft * divisor
        notes.append(Note("High jump", f"{request.height_ft} ft up: DC {dc} (4 × height)."))
        return dc
    return None


def _clears(
    request: JumpRequest, rules: SkillJumpRules, total: int, dc: int, notes: list[Note]
) -> bool:
    """Whether the check total clears the jump asked (and the movement left allows it);
    3.5's near miss on a long jump."""
    clears = total >= dc
    asked = request.distance_ft if request.distance_ft is not None else request.height_ft
    if (
        clears
        and request.movement_ft is not None
        and asked is not None
        and asked > request.movement_ft
    ):
        clears = False
        notes.append(Note("Movement", f"Not enough movement left for {asked} ft."))
    if not clears and rules.edge_grab and request.distance_ft is not None and dc - total <= 4:
        notes.append(
            Note("Near miss", "Failed by 4 or less: a DC 20 Reflex save grabs the far edge.")
        )
    return clears
