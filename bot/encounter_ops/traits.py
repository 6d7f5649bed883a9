"""/token trait: give or take traits the encounter's ruleset reads. Pure."""

from __future__ import annotations

from bot.encounter import Encounter
from bot.encounter_ops.access import Actor, require_control
from bot.encounter_ops.outcomes import TokenEdit
from bot.encounter_ops.tokens import replace_token
from bot.errors import InvalidInput
from bot.rules.moving import with_traits
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import Note


def trait_token(
    encounter: Encounter,
    ruleset: Ruleset,
    actor: Actor,
    name: str,
    add: str | None,
    remove: str | None,
) -> TokenEdit:
    token = encounter.token(name)
    require_control(encounter, actor, token, "change the traits of")
    known = ruleset.traits
    if not known:
        raise InvalidInput(f"{ruleset.name}'s movement rules read no traits on the board.")
    adding = _names(add, ruleset)
    removing = _names(remove, ruleset)
    if not adding and not removing:
        raise InvalidInput(
            f"Say which trait: add:<trait> or remove:<trait>. {ruleset.id} reads: "
            f"{', '.join(known)}."
        )
    both = set(adding) & set(removing)
    if both:
        raise InvalidInput(f"{', '.join(sorted(both))} is both added and removed; pick one.")
    held = [t for t in token.traits if t not in removing]
    for trait in adding:
        group = ruleset.exclusive_traits.get(trait)
        if group:  # one of a kind: a flyer has one maneuverability
            held = [t for t in held if ruleset.exclusive_traits.get(t) != group]
        held.append(trait)
    changed = with_traits(token, tuple(held))
    notes = tuple(Note(t, known[t]) for t in adding)
    parts = [f"+{t}" for t in adding] + [f"-{t}" for t in removing]
    summary = f"{token.name}: traits {' '.join(parts)}"
    return TokenEdit(replace_token(encounter, token.key, changed), summary, changed, notes)


def _names(text: str | None, ruleset: Ruleset) -> list[str]:
    if not text:
        return []
    out: list[str] = []
    for part in (p.strip().lower().replace(" ", "-") for p in text.split(",") if p.strip()):
        if part not in ruleset.traits:
            raise InvalidInput(
                f'"{part}" is not a trait {ruleset.id} reads. It reads: '
                f"{', '.join(ruleset.traits)}."
            )
        out.append(part)
    return list(dict.fromkeys(out))
