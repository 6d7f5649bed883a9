"""What a ruleset adds to an encounter and to its tokens, declared once as data.

A ruleset lists the options it reads (``Ruleset.encounter_options`` for
``/encounter start``, ``Ruleset.token_options`` for ``/token add`` and
``/token edit``) as ``OptionSpec``s. The shells build their slash options from
these specs, so an option exists in one place; the values end up in
``Encounter.options`` and ``Token.state``, which only the ruleset that declared
them reads, through the small typed views below.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

OptionKind = Literal["string", "integer", "boolean"]


@dataclass(frozen=True)
class OptionSpec:
    """One option a ruleset reads, as a slash command offers it."""

    name: str  # as typed: race, armor, load, diagonals...
    description: str  # the help line (at most 100 characters: Discord's limit)
    kind: OptionKind = "string"
    choices: tuple[str, ...] = ()
    min_value: int | None = None
    max_value: int | None = None
    unit: str = ""
    # what to do instead under a ruleset that doesn't read it (a token option)
    instead: str = ""
    # values offered as the user types (autocomplete), where any text is accepted
    suggestions: tuple[str, ...] = ()
    # a token option set with /token stats rather than /token add and /token edit
    # (those are at Discord's 25 options): numbers off the sheet, e.g. 5e's Strength
    stats: bool = False

    def __post_init__(self) -> None:
        if len(self.description) > 100:
            raise ValueError(f"{self.name}: a description is at most 100 characters")


def union(groups: Iterable[tuple[str, Iterable[OptionSpec]]]) -> tuple[OptionSpec, ...]:
    """Every option any of ``groups`` reads, once each, in first-seen order.

    ``groups`` pairs a ruleset id with its specs. One slash option serves every
    ruleset that declares the name: they must agree on its kind; its choices are
    all of theirs, and a ruleset that describes it differently is named in the help
    when the line has room.
    """
    seen: dict[str, OptionSpec] = {}
    for ruleset_id, specs in groups:
        for spec in specs:
            first = seen.get(spec.name)
            if first is None:
                seen[spec.name] = spec
                continue
            if first.kind != spec.kind:
                raise ValueError(
                    f"{ruleset_id} declares {spec.name} as {spec.kind}, another as {first.kind}"
                )
            choices = first.choices + tuple(c for c in spec.choices if c not in first.choices)
            description = first.description
            extra = f"; {ruleset_id}: {spec.description}"
            if spec.description not in description and len(description + extra) <= 100:
                description += extra
            seen[spec.name] = replace(first, choices=choices, description=description)
    return tuple(seen.values())
