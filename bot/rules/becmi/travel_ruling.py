"""What a becmi travel ruling gathers on its way to a reply, and how it says numbers.

Every part of becmi's travel (overland.py, swimming.py, voyage.py, explore.py) writes
into one ``Ruling``; travel.py turns it into the ``TravelResult``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from bot.dice import Roll
from bot.rules.becmi import tables as t
from bot.rules.rulings import JSONValue, Note, TravelRequest


@dataclass
class Ruling:
    """What a travel ruling accumulates on its way to a TravelResult."""

    sections: list[str] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    private_notes: list[Note] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)
    private_rolls: list[Roll] = field(default_factory=list)
    extra: dict[str, JSONValue] = field(default_factory=dict)
    unused: list[str] = field(default_factory=list)
    voyage: Totals | None = None  # a voyage rolled day by day sets its own totals

    def cite(self, *sections: str) -> None:
        self.sections.extend(s for s in sections if s not in self.sections)

    def note(self, label: str, text: str) -> None:
        self.notes.append(Note(label, text))


@dataclass(frozen=True)
class Rate:
    """A day's movement and where it is."""

    miles_per_day: Fraction | None
    where: str  # "forest", "paved road", "" (no terrain: ships, swimming)
    on_road: bool = False
    on_land: bool = True
    rests: bool = True  # "Characters and mounts must rest one full day for every six days"
    lost_chance: Fraction | None = None


@dataclass(frozen=True)
class Totals:
    days: float | None = None
    covered_miles: float | None = None
    rest_days: int | None = None


def exact(value: float) -> Fraction:
    """A user's decimal as they wrote it (0.1 stays 1/10, not its binary neighbour)."""
    return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


def shown_miles(value: Fraction) -> float:
    return round(float(value), 2)


def say(value: Fraction | float) -> str:
    """A number as a table says it: 24, 10.67."""
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def slowest_speed_ft(request: TravelRequest, r: Ruling) -> int:
    r.cite("Character Movement Rates")
    speeds = list(request.speeds_ft)
    if request.encumbrance_cn is not None:
        band = t.encumbrance_band(request.encumbrance_cn)
        speeds.append(band.normal_speed_ft)
        r.cite("Character Movement Rates and Encumbrance Table")
        r.extra["encumbrance_speed_ft"] = band.normal_speed_ft
        r.note(
            "Encumbrance",
            f"{request.encumbrance_cn} cn: normal speed {band.normal_speed_ft}' "
            f"({band.encounter_speed_ft}').",
        )
    if not speeds:
        r.note(
            "Speed",
            f"No speed or encumbrance given: an unencumbered character moves "
            f"{t.UNENCUMBERED_SPEED_FT}' (40').",
        )
        speeds.append(t.UNENCUMBERED_SPEED_FT)
    slowest = min(speeds)
    if len(speeds) > 1:
        r.note("Slowest governs", f"Groups move at the rate of the slowest character: {slowest}'.")
    r.extra["slowest_speed_ft"] = slowest
    return slowest
