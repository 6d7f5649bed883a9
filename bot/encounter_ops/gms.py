"""Who runs an encounter: its GM, the co-GMs the GM adds, and handing it over. Pure."""

from __future__ import annotations

from dataclasses import replace

from bot.encounter import Encounter
from bot.encounter_ops.access import Actor, is_gm, mention, require_gm
from bot.encounter_ops.outcomes import Edit
from bot.errors import InvalidInput, NotAllowed
from bot.limits import MAX_CO_GMS


def add_co_gm(encounter: Encounter, actor: Actor, user_id: str) -> Edit:
    require_gm(encounter, actor, "add a co-GM")
    if user_id == encounter.gm_id:
        raise InvalidInput(f"{mention(user_id)} is this encounter's GM already.")
    if user_id in encounter.co_gms:
        raise InvalidInput(f"{mention(user_id)} is a co-GM here already.")
    if len(encounter.co_gms) >= MAX_CO_GMS:
        raise InvalidInput(f"At most {MAX_CO_GMS} co-GMs; remove one first.")
    after = replace(encounter, co_gms=(*encounter.co_gms, user_id))
    return Edit(after, f"{mention(user_id)} is now a co-GM")


def remove_co_gm(encounter: Encounter, actor: Actor, user_id: str) -> Edit:
    # a co-GM may step down; taking someone else off is the GM's
    if user_id != actor.user_id:
        require_gm(encounter, actor, "remove a co-GM")
    if user_id not in encounter.co_gms:
        listed = ", ".join(mention(u) for u in encounter.co_gms) or "none"
        raise InvalidInput(f"{mention(user_id)} is not a co-GM here (co-GMs: {listed}).")
    after = replace(encounter, co_gms=tuple(u for u in encounter.co_gms if u != user_id))
    return Edit(after, f"{mention(user_id)} is no longer a co-GM")


def give_gm(encounter: Encounter, actor: Actor, user_id: str) -> Edit:
    """The encounter's GM (or someone with Manage Channels) hands it over: the new GM
    runs it; the old one keeps no GM rights unless a co-GM adds them back."""
    if not (actor.manages_channel or actor.user_id == encounter.gm_id):
        raise NotAllowed("Only the encounter's GM (or anyone with Manage Channels) hands it over.")
    if user_id == encounter.gm_id:
        raise InvalidInput(f"{mention(user_id)} is this encounter's GM already.")
    previous = encounter.gm_id
    after = replace(
        encounter, gm_id=user_id, co_gms=tuple(u for u in encounter.co_gms if u != user_id)
    )
    return Edit(after, f"{mention(previous)} handed the encounter to {mention(user_id)}")


def gm_names(encounter: Encounter) -> str:
    """The GM and co-GMs, as mentions."""
    co = ", ".join(mention(u) for u in encounter.co_gms)
    return mention(encounter.gm_id) + (f" (co-GMs: {co})" if co else "")


__all__ = ["MAX_CO_GMS", "add_co_gm", "give_gm", "gm_names", "is_gm", "remove_co_gm"]
