"""/token condition: conditions put on and taken off a token, known ones and free
reminders, and a grappler named with add:grappled."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.encounter import (
    CONDITION_NAMES,
    Condition,
    Encounter,
    Token,
)
from bot.encounter_ops.access import (
    Actor,
    require_control,
)
from bot.encounter_ops.outcomes import TokenEdit
from bot.encounter_ops.tokens import replace_token
from bot.errors import IllegalMove, InvalidInput
from bot.rules.moving import (
    at_altitude,
    falls_from_the_air,
    knocked_prone,
    let_go,
    with_grapplers,
)
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import Note

# A condition the rules don't know (frightened, charmed, hasted...) is kept as a
# reminder on the token, marked as changing nothing about movement.
_FREE_CONDITION = re.compile(r"[a-z][a-z' -]{1,23}")


def parse_conditions(text: str | None) -> tuple[tuple[Condition, ...], tuple[str, ...]]:
    """The conditions named: those the rules know, and free-form reminders. A near miss
    of a known one ("pronne") is refused with its suggestion rather than kept."""
    if text is None:
        return (), ()
    known: list[Condition] = []
    free: list[str] = []
    for part in (p.strip() for p in text.replace(";", ",").split(",") if p.strip()):
        try:
            known.append(Condition(CONDITION_NAMES.match(part)))
        except InvalidInput as error:
            word = part.lower()
            if "Did you mean" in error.message or not _FREE_CONDITION.fullmatch(word):
                raise
            free.append(word)
    return tuple(dict.fromkeys(known)), tuple(dict.fromkeys(free))


def condition_token(
    encounter: Encounter,
    ruleset: Ruleset,
    actor: Actor,
    name: str,
    add: str | None,
    remove: str | None,
    by: str | None = None,
    save: int | None = None,
) -> TokenEdit:
    """/token condition: add and remove conditions (remove first, then add); ``by``
    names who grapples it, with add:grappled (a grappler drags it: /move drag:);
    ``save`` is a rider's save to stay mounted when it is knocked prone. ``ruleset`` is
    the encounter's, handed in by the handler (which chose it)."""
    token = encounter.token(name)
    require_control(encounter, actor, token, "change the conditions of")
    adding, free_adding = parse_conditions(add)
    removing, free_removing = parse_conditions(remove)
    holder = _grappler(encounter, token, by, adding)
    if not (adding or removing or free_adding or free_removing):
        raise InvalidInput(
            f"Say which condition: add:<condition> or remove:<condition>. "
            f"Accepted: {CONDITION_NAMES.accepted()}."
        )
    both = {c.value for c in adding} & {c.value for c in removing}
    both |= set(free_adding) & set(free_removing)
    if both:
        raise InvalidInput(f"{', '.join(sorted(both))} is both added and removed; pick one.")
    grid = ruleset.for_encounter(encounter)
    for condition in adding:
        refused = grid.conditions.condition_refused(token, condition)
        if refused:
            raise IllegalMove(f"Can't make {token.name} {condition.value}: {refused}.")
    conditions = (token.conditions - {c.value for c in removing} - set(free_removing)) | {
        *(c.value for c in adding),
        *free_adding,
    }
    changed, events = grid.conditions.conditions_changed(
        token, replace(token, conditions=frozenset(conditions))
    )
    notes = [*events, *_what_it_means(grid, token, changed, adding, removing, free_adding)]
    changed = _grapples_after(changed, token, holder, removing, notes)
    parts = [f"+{c.value}" for c in adding] + [f"+{w}" for w in free_adding]
    parts += [f"-{c.value}" for c in removing] + [f"-{w}" for w in free_removing]
    summary = f"{token.name}: {' '.join(parts)}" + (f" (by {holder.name})" if holder else "")
    fell = falls_from_the_air(token, changed, grid)
    if fell is not None:  # a flyer that stops flying lands below: the fall is /fall's
        notes.append(fell)
        changed = at_altitude(changed, 0)
    after = replace_token(encounter, token.key, changed)
    # the SRDs' Mounted Combat: a rider's save (``save``), a mount's riders
    after, saddle = knocked_prone(grid, after, token, changed, save)
    notes += saddle
    if changed.has(Condition.INCAPACITATED) and not token.has(Condition.INCAPACITATED):
        # 000 Ending the Grappled Condition › Incapacitation: its grapples end
        after, let = let_go(after, changed, "is incapacitated")
        notes += let
    return TokenEdit(after, summary, changed, tuple(notes))


def _what_it_means(
    grid: Ruleset,
    token: Token,
    changed: Token,
    adding: tuple[Condition, ...],
    removing: tuple[Condition, ...],
    free_adding: tuple[str, ...],
) -> list[Note]:
    """What the change means for its movement: a condition still included by another,
    the ruleset's notes, and reminders that change nothing under this ruleset."""
    notes = [
        Note("Still", f"{token.name} is still {c.value}: another condition includes it.")
        for c in removing
        if changed.has(c)
    ]
    notes += grid.conditions.condition_notes(token, changed)
    inert = [c.value for c in adding if c in grid.inert_conditions]
    if free_adding or inert:
        kept = ", ".join((*inert, *free_adding))
        notes.append(
            Note(
                "Reminder",
                f"{kept}: no movement effect under {grid.id}; kept on the token as a reminder.",
            )
        )
    return notes


def _grapples_after(
    changed: Token,
    token: Token,
    holder: Token | None,
    removing: tuple[Condition, ...],
    notes: list[Note],
) -> Token:
    """Who grapples it now: nobody once it isn't grappled, ``by:``'s grappler added."""
    if Condition.GRAPPLED in removing or not changed.has(Condition.GRAPPLED):
        changed = with_grapplers(changed, ())  # no longer grappled: by nobody
    if holder is not None:
        changed = with_grapplers(changed, (*changed.grappled_by, holder.key))
        notes.append(
            Note(
                "Grappled",
                f"{holder.name} holds {token.name}: /move token:{holder.name} drag:{token.name} "
                "drags it along; parting them ends the grapple.",
            )
        )
    return changed


def _grappler(
    encounter: Encounter, token: Token, by: str | None, adding: tuple[Condition, ...]
) -> Token | None:
    """The token ``by:`` names as the grappler, checked (None when not given)."""
    if by is None:
        return None
    if Condition.GRAPPLED not in adding:
        raise InvalidInput(
            f"by: names who grapples {token.name}: give it with add:grappled, e.g. "
            f"/token condition token:{token.name} add:grappled by:Ogre."
        )
    holder = encounter.token(by)
    if holder.key == token.key:
        raise InvalidInput(f"{token.name} can't grapple itself.")
    if holder.key in token.grappled_by:
        raise InvalidInput(f"{holder.name} already grapples {token.name}.")
    return holder
