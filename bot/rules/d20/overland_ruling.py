"""What one d20 overland ruling builds up, and how it writes its figures."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from bot.dice import Roll
from bot.rules.rulings import JSONValue, Note, Source


@dataclass
class Ruling:
    """What the steps of one ruling build up before the result is assembled."""

    notes: list[Note] = field(default_factory=list)
    extra: dict[str, JSONValue] = field(default_factory=dict)
    sections: list[str] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)

    def note(self, label: str, text: str) -> None:
        self.notes.append(Note(label, text))


def figure(value: Fraction) -> float:
    """A figure as replies show it: at most 2 decimals."""
    return float(round(value, 2))


def miles_text(value: Fraction) -> str:
    """``3``, ``1.5``, ``2.25``: whole numbers without a decimal point."""
    return f"{figure(value):.2f}".rstrip("0").rstrip(".")


def plural(count: Fraction, one: str, many: str) -> str:
    return f"{miles_text(count)} {one if count == 1 else many}"


def add_sections(source: Source, *sections: str) -> Source:
    merged = tuple(dict.fromkeys((*source.sections, *sections)))
    return replace(source, sections=merged)
