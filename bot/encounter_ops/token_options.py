"""What /token add and /token edit take besides the name (``TokenOptions``), and how
they are checked and set on a token: the ruleset's movement fields, the plain options,
typed speed bonuses, and the ruleset options it doesn't read refused."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from bot.encounter import (
    Team,
    Token,
)
from bot.errors import InvalidInput
from bot.grid.sizes import Size, parse_size
from bot.rules.moving import TokenSpec
from bot.rules.options import OptionSpec
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import Note
from bot.state import State


@dataclass(frozen=True)
class EveryTokenOption:
    """Every ruleset's /token options, in the order replies list them, and the rulesets
    that read each: the registry's answer, handed in by the handler (nothing here asks
    the registry; ``bot.handlers.token_common.every_token_option``)."""

    specs: tuple[OptionSpec, ...] = ()
    readers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def names(self) -> list[str]:
        return [o.name for o in self.specs]


@dataclass(frozen=True)
class TokenOptions:
    """What /token add and /token edit take besides the name; None: not given."""

    size: str | None = None
    speed: str | None = None
    fly: int | None = None
    swim: int | None = None
    climb: int | None = None
    burrow: int | None = None
    hover: bool | None = None
    at: str | None = None
    team: Team | None = None
    owner: str | None = None
    reach: int | None = None
    reach_weapon: bool | None = None
    speed_bonus: int | None = None
    bonuses: str | None = None
    init: int | None = None
    hidden: bool | None = None  # an ambush: the GM's, left out of what others see
    explain: bool | None = None  # how the reply is worded, not a change
    # the rulesets' own options given (race, armor, load, exhaustion...), by name
    ruleset: Mapping[str, Any] = field(default_factory=dict)
    # every ruleset's options, as the handler read them (not an option itself)
    every: EveryTokenOption = field(default_factory=EveryTokenOption, compare=False, repr=False)

    @classmethod
    def of(cls, options: Mapping[str, Any], every: EveryTokenOption) -> TokenOptions:
        mine = ("ruleset", "every")
        shared = {f.name: options.get(f.name) for f in fields(cls) if f.name not in mine}
        own = {o.name: options[o.name] for o in every.specs if options.get(o.name) is not None}
        return cls(**shared, ruleset=own, every=every)

    def given(self) -> list[str]:
        shared = [f.name for f in fields(self) if f.name not in ("ruleset", "every", "explain")]
        return [n for n in shared if getattr(self, n) is not None] + list(self.ruleset)


# The options stored as given, with the Token field each sets.
PLAIN_FIELDS = {
    "team": "team",
    "owner": "owner",
    "reach": "reach_ft",
    "reach_weapon": "reach_weapon",
    "speed_bonus": "speed_bonus_ft",
    "init": "initiative_bonus",
}


def parse_token_size(ruleset: Ruleset, text: str) -> Size:
    """A size the ruleset puts on a grid (the keys of its footprint table)."""
    return parse_size(text, tuple(ruleset.footprint_squares))


def _spec(opts: TokenOptions, size: Size, state: State | None = None) -> TokenSpec:
    return TokenSpec(
        current=state or {},
        size=size,
        speed=opts.speed,
        fly_ft=opts.fly,
        swim_ft=opts.swim,
        climb_ft=opts.climb,
        burrow_ft=opts.burrow,
        hover=opts.hover,
        options=opts.ruleset,
    )


def apply_options(
    token: Token, ruleset: Ruleset, opts: TokenOptions, size: Size
) -> tuple[Token, tuple[Note, ...]]:
    """The token with the ruleset's checked movement fields and the plain options set."""
    if opts.reach is not None and opts.reach % ruleset.square_ft:
        raise InvalidInput(
            f"reach: {opts.reach} ft isn't a whole number of {ruleset.square_ft} ft squares: "
            f"reach is counted in squares (e.g. reach:{ruleset.square_ft * 2})."
        )
    require_read(ruleset, opts.ruleset, opts.every)
    checked = ruleset.sheet.token_fields(_spec(opts, size, token.state))
    values = dict(checked.values)
    if "speeds_ft" in values:
        # A stat block's speed line gives every mode; otherwise the modes not given
        # keep their speed. A speed of 0 removes a mode, unless the ruleset reads it as
        # "can't move that way" (5e-alt's climb:0, swim:0).
        kept = {} if opts.speed is not None else token.speeds_ft
        merged = {**kept, **values["speeds_ft"]}
        values["speeds_ft"] = {
            m: v for m, v in sorted(merged.items()) if v > 0 or m in ruleset.zero_speed_modes
        }
    notes = list(checked.notes)
    plain: dict[str, Any] = {"size": size}
    for option, field_name in PLAIN_FIELDS.items():
        if getattr(opts, option) is not None:
            plain[field_name] = getattr(opts, option)
    if opts.bonuses is not None:
        plain["speed_bonuses_ft"], bonus_notes = parse_bonuses(opts.bonuses)
        notes.extend(bonus_notes)
    if opts.init is not None:  # echoed back: the table sees what the rolls will add
        notes.append(
            Note(
                "Initiative",
                f"{opts.init:+}: added to its d20 when the bot rolls its initiative "
                "(/turn order roll:true, /turn add, /turn roll without value:)",
            )
        )
    changed = replace(token, **{**plain, **values}).with_state(**checked.state)
    if opts.hidden is not None:
        changed = replace(changed, hidden=bool(opts.hidden))
    if values.keys() & {"speed_ft", "speeds_ft", "hover"}:
        # explained from the token as it now is, not only the speeds just given
        notes[len(checked.notes) : len(checked.notes)] = ruleset.sheet.speed_notes(changed)
    return changed, tuple(notes)


def require_read(
    ruleset: Ruleset, given: Mapping[str, Any], every: EveryTokenOption = EveryTokenOption()
) -> None:
    """Refuse a ruleset's token option that this ruleset doesn't read (exhaustion under
    3.5): storing it would change nothing, and silence would look like it did. ``every``
    says who reads it instead (handed in: nothing here asks the registry)."""
    own = {o.name for o in ruleset.token_options}
    for name in given:
        if name in own:
            continue
        spec = next((o for o in every.specs if o.name == name), None)
        hint = (spec.instead if spec is not None else None) or ruleset.token_hint
        readers = every.readers.get(name, ())
        who = f" (only {', '.join(readers)} do)" if readers else ""
        raise InvalidInput(
            f"{name}: {ruleset.id} doesn't read {name} on a token{who}"
            + (f"; {hint}." if hint else ".")
        )


_BONUS = re.compile(r"^\s*([a-z][a-z -]{0,30}?)\s*([+-]\s*\d{1,4})\s*(?:ft\.?|feet)?\s*$")


def parse_bonuses(text: str) -> tuple[dict[str, int], list[Note]]:
    """``"enhancement +30, morale +10"`` → the best bonus of each type (001 "Bonuses to
    Speed": bonuses of the same type don't stack). "none" clears them."""
    if text.strip().lower() in ("", "none", "clear"):
        return {}, []
    best: dict[str, int] = {}
    notes: list[Note] = []
    for part in (p for p in re.split(r"[,;]", text) if p.strip()):
        match = _BONUS.match(part.lower())
        if match is None:
            raise InvalidInput(
                f'bonuses: "{part.strip()}" is not a typed bonus. Write each as its type and '
                'feet: "enhancement +30, morale +10" (or "none").'
            )
        kind, value = match.group(1).strip(), int(match.group(2).replace(" ", ""))
        if kind in best:
            kept = max(best[kind], value)
            notes.append(
                Note(
                    "Bonuses",
                    f"Two {kind} bonuses don't stack: the better, {kept:+} ft, counts "
                    "(SRD › Bonuses to Speed).",
                )
            )
            best[kind] = kept
        else:
            best[kind] = value
    return best, notes
