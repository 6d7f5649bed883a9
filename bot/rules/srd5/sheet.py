"""What the fifth-edition SRDs read off a token's sheet, for 5e and 5e-2024: its speeds,
exhaustion, and its Strength score with what follows from it: jumping on the grid (5.1
Movement › Jumping; 5.2 Rules Glossary › Long Jump), carrying, pushing and dragging (5.1
Using Ability Scores › Lifting and Carrying; 5.2 Rules Glossary › Carrying Capacity),
heavy armor's Strength requirement (both: Armor) and 5.1's Encumbrance variant:
``SrdSheet``, the sheet part 5e and 5e-2024 hold (the jumps themselves are ``SrdSteps``',
grid.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Token
from bot.errors import InvalidInput
from bot.grid.sizes import Size
from bot.rules.engine.moves import (
    TokenFields,
    TokenMovement,
    TokenSpec,
    moving_as,
    plain_token_fields,
    plain_token_movement,
)
from bot.rules.parts.sheet import Sheet
from bot.rules.rulings import Note
from bot.rules.srd5.actions import DEATH_LEVEL
from bot.rules.srd5.data import SrdData
from bot.state import State, number
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

# the token options SrdSheet.token_fields reads (bot.rules.srd5.options)
SHEET_OPTIONS = ("exhaustion", "strength", "armor_strength", "carried_lb", "dragging_lb")
LOADS = ("carried_lb", "dragging_lb", "armor_strength")
# Carrying capacity in lb per point of Strength, by size (5.1 Size and Strength: double
# per size above Medium, half for Tiny; 5.2 Carrying Capacity's table gives the same)
CAPACITY_PER_STRENGTH: Mapping[Size, float] = {
    Size.TINY: 7.5,
    Size.SMALL: 15,
    Size.MEDIUM: 15,
    Size.LARGE: 30,
    Size.HUGE: 60,
    Size.GARGANTUAN: 120,
}
DRAGGING_SPEED_FT = 5  # pushing or dragging more than it can carry
HEAVY_ARMOR_MINUS_FT = 10
# 5.1 Variant: Encumbrance: over 5 × Strength lb −10 ft, over 10 × Strength lb −20 ft
ENCUMBERED = ((10, 20, "heavily encumbered"), (5, 10, "encumbered"))


def _exhaustion(token: Token) -> int:
    """Its exhaustion level, 0 to 6 (as ``srd5.grid.exhaustion``, which imports this
    module)."""
    return number(token.state, "exhaustion")


def strength(state: State) -> int | None:
    """Its Strength score (the ``strength`` token option), None when not given."""
    return number(state, "strength") or None


def capacity_lb(size: Size, score: int) -> float:
    """Carrying capacity: Strength × 15 lb for a Medium or Small creature."""
    return CAPACITY_PER_STRENGTH.get(size, 15) * score


def _lb(weight: float) -> str:
    return f"{weight:g} lb"


class SrdSheet(Sheet):
    """The SRDs' token fields and the speed they give, by the ruleset's ``SrdData``."""

    def __init__(self, rules: Ruleset, data: SrdData, *, encumbrance: bool = False) -> None:
        super().__init__(rules)
        self.data = data
        # the encounter's encumbrance: option (5.1's variant; 5e-2024 has none)
        self.encumbrance = encumbrance

    # ---------------------------------------------------------------- fields

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        fields = plain_token_fields(spec)
        given = {k: v for k, v in spec.options.items() if k in SHEET_OPTIONS}
        if not given:
            return fields
        self._check_sheet(spec, {**spec.current, **given}, given)
        return replace(fields, state=given)

    def _check_sheet(self, spec: TokenSpec, after: State, given: Mapping[str, object]) -> None:
        """A load or an armor's requirement is weighed against the Strength score: it
        needs one; more than it can push or drag is refused."""
        score = strength(after)
        loads = [k for k in LOADS if number(after, k)]
        if loads and score is None:
            raise InvalidInput(
                f"{loads[0]}: it is weighed against the token's Strength score: give "
                f"strength: too (/token stats token:<name> strength:15 {loads[0]}:"
                f"{number(after, loads[0])})."
            )
        if score is None:
            return
        most = 2 * capacity_lb(spec.size, score)
        for key in ("carried_lb", "dragging_lb"):
            weight = number(after, key)
            if (key in given or "strength" in given) and weight > most:
                raise InvalidInput(
                    f"{key}: {_lb(weight)} is more than a creature of Strength {score} can "
                    f"push, drag or lift (twice its carrying capacity: {_lb(most)}; "
                    f"{self.data.carrying_section})."
                )

    def token_words(self, token: Token) -> tuple[str, ...]:
        state = token.state
        level = _exhaustion(token)
        score = strength(state)
        words = [f"exhaustion {level}"] if level else []
        words += [f"Str {score}"] if score else []
        for key, word in (("carried_lb", "carries"), ("dragging_lb", "drags")):
            if number(state, key):
                words.append(f"{word} {number(state, key)} lb")
        if number(state, "armor_strength"):
            words.append(f"armor needs Str {number(state, 'armor_strength')}")
        return (*words, *moving_as(token))

    # ---------------------------------------------------------------- speed

    def token_movement(self, token: Token) -> TokenMovement:
        movement = plain_token_movement(token)
        minus, notes = self._burdens(token)
        speeds = {m: max(0, v - minus) for m, v in movement.speeds_ft.items()}
        level = _exhaustion(token)
        if level:
            speeds = {m: self.exhausted_speed(v, level) for m, v in speeds.items()}
            notes.append(Note("Exhaustion", f"Level {level}: {self.data.exhaustion_effect}."))
        hauling = self._hauling(token)
        if hauling is not None:
            most, why = hauling
            speeds = {m: min(v, most) for m, v in speeds.items()}
            notes.append(why)
        if not notes:
            return movement
        return replace(
            movement,
            speed_ft=speeds.get("walk", 0),
            speeds_ft=speeds,
            notes=(*movement.notes, *notes),
        )

    def exhausted_speed(self, speed_ft: int, level: int) -> int:
        """A speed under ``level`` of exhaustion (SRD 5.1: halved from level 2, 0 from
        level 5; SRD 5.2: 5 ft less per level; both: 0, dead, at level 6)."""
        if level >= DEATH_LEVEL:
            return 0  # both SRDs: level 6 is death
        if self.data.exhaustion_minus_ft:
            return max(0, speed_ft - self.data.exhaustion_minus_ft * level)
        if level >= 5:
            return 0
        return speed_ft // 2 if level >= 2 else speed_ft

    def _burdens(self, token: Token) -> tuple[int, list[Note]]:
        """What comes off every speed: heavy armor worn without the Strength it needs,
        and (5.1's Encumbrance variant) the weight carried."""
        state, score = token.state, strength(token.state)
        minus, notes = 0, []
        needs = number(state, "armor_strength")
        if score is not None and needs > score:
            minus += HEAVY_ARMOR_MINUS_FT
            notes.append(
                Note(
                    "Heavy armor",
                    f"Its armor needs Strength {needs} and it has {score}: speed "
                    f"−{HEAVY_ARMOR_MINUS_FT} ft ({self.data.armor_section}).",
                )
            )
        carried = number(state, "carried_lb")
        if self.encumbrance and score is not None and carried:
            for times, less, state_name in ENCUMBERED:
                if carried > times * score:
                    minus += less
                    notes.append(
                        Note(
                            "Encumbrance",
                            f"{_lb(carried)} is more than {times} × its Strength "
                            f"({_lb(times * score)}): {state_name}, speed −{less} ft "
                            "(SRD 5.1 Using Ability Scores › Variant: Encumbrance).",
                        )
                    )
                    break
        return minus, notes

    def _hauling(self, token: Token) -> tuple[int, Note] | None:
        """The most any speed can be while it pushes, drags or carries more than its
        carrying capacity (5 ft; 0 past twice it), and why; None when it doesn't."""
        score = strength(token.state)
        if score is None:
            return None
        capacity = capacity_lb(token.size, score)
        heaviest = max(number(token.state, k) for k in ("carried_lb", "dragging_lb"))
        if heaviest <= capacity:
            return None
        if heaviest > 2 * capacity:
            return 0, Note(
                "Carrying",
                f"{_lb(heaviest)} is more than twice its carrying capacity "
                f"({_lb(2 * capacity)}): it can't move it ({self.data.carrying_section}).",
            )
        return DRAGGING_SPEED_FT, Note(
            "Carrying",
            f"{_lb(heaviest)} is more than its carrying capacity (Strength {score} × "
            f"{CAPACITY_PER_STRENGTH.get(token.size, 15):g} = {_lb(capacity)}): pushing or "
            f"dragging it, its speed is {feet(DRAGGING_SPEED_FT)} ({self.data.carrying_section}).",
        )
