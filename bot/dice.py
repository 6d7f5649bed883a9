"""Dice rolled with an injected ``random.Random``, keeping every die.

Why not the d20 library: it draws from the module-level ``random``, so a
per-command seed (``--seed``) or two channels rolling at once could not be made
reproducible without patching globals. Our needs are small: NdS with a
modifier per die, each die shown, and scaling (halved, doubled) stated.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

MAX_DICE = 200


@dataclass(frozen=True)
class Roll:
    """A rolled group of same-sided dice.

    ``per_die`` is added to every die (seed 004's falling surfaces: "+1 per
    die"); a die never goes below ``floor_per_die``. ``scale`` halves or
    doubles the sum (falling objects); the result rounds down.
    """

    count: int
    sides: int
    faces: tuple[int, ...]
    per_die: int = 0
    floor_per_die: int = 0
    scale: Fraction = Fraction(1)

    @property
    def expression(self) -> str:
        """The dice as a table writes them: ``6d6``, ``3d6+3``, ``2d6-2``, ``0``."""
        if self.count == 0:
            return "0"
        text = f"{self.count}d{self.sides}"
        bonus = self.per_die * self.count
        if bonus:
            text += f"{bonus:+d}"
        if self.scale != 1:
            text = f"({text})×{self.scale}" if self.scale > 1 else f"({text})÷{1 / self.scale}"
        return text

    @property
    def adjusted_faces(self) -> tuple[int, ...]:
        return tuple(max(self.floor_per_die, f + self.per_die) for f in self.faces)

    @property
    def total(self) -> int:
        return int(sum(self.adjusted_faces) * self.scale)

    def describe(self) -> str:
        """``6d6 (4, 2, 6, 1, 5, 3) = 21``; the per-die bonus is shown on each die."""
        if self.count == 0:
            return "no dice"
        if self.per_die:
            shown = ", ".join(f"{f}{self.per_die:+d}" for f in self.faces)
        else:
            shown = ", ".join(str(f) for f in self.faces)
        body = f"{self.count}d{self.sides} ({shown})"
        if self.scale != 1:
            word = "halved" if self.scale == Fraction(1, 2) else f"×{self.scale}"
            return f"{body} = {sum(self.adjusted_faces)}, {word} = {self.total}"
        return f"{body} = {self.total}"


def roll(
    count: int,
    sides: int,
    rng: random.Random,
    *,
    per_die: int = 0,
    floor_per_die: int = 0,
    scale: Fraction = Fraction(1),
) -> Roll:
    """Roll ``count`` dice of ``sides`` faces. ``count`` may be 0 (no dice)."""
    if count < 0 or count > MAX_DICE:
        raise ValueError(f"dice count out of range: {count}")
    if sides < 1:
        raise ValueError(f"dice sides out of range: {sides}")
    faces = tuple(rng.randint(1, sides) for _ in range(count))
    return Roll(count, sides, faces, per_die, floor_per_die, scale)


def no_dice(sides: int = 6) -> Roll:
    return Roll(0, sides, ())


def rescale(r: Roll, scale: Fraction) -> Roll:
    """The same dice with their sum scaled (no re-roll)."""
    return Roll(r.count, r.sides, r.faces, r.per_die, r.floor_per_die, r.scale * scale)
