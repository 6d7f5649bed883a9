"""A move's opportunity attacks reach the players who take them (issue 40 item 9): in
play-by-post the attacker's player never saw the "Ari attacks" button. A /move reply the
table reads mentions the owner of each attacker it names, allowing those users' mentions
only, as a turn's ping does (``turns.with_ping``): never the GM for the GM's own creatures
(their attacks are the GM's to take), never the one who moved (they read the reply), never
a hidden attacker's owner (the table's reply doesn't name it: ``move_hidden``), and not
where the channel's GM turned pings off (/settings turn_pings:off)."""

from __future__ import annotations

from dataclasses import replace

from bot.context import Context
from bot.encounter import Encounter, token_key
from bot.encounter_ops.access import Actor, is_gm
from bot.encounter_ops.visibility import is_hidden
from bot.reply import Reply

# a message holds 2,000 characters: at most this many players are mentioned in one
MAX_PINGED = 10


def owners_of_attackers(
    encounter: Encounter, attackers: list[str], asker: str
) -> dict[str, list[str]]:
    """Who takes each of ``attackers`` (names the reply shows, on ``encounter``, the whole
    board): each player owner but ``asker`` with their attackers, in the reply's order."""
    owners: dict[str, list[str]] = {}
    for name in attackers:
        token = encounter.tokens.get(token_key(name))
        if token is None or is_hidden(token) or token.owner is None:
            continue
        if token.owner == asker or is_gm(encounter, Actor(token.owner)):
            continue
        owners.setdefault(token.owner, []).append(token.name)
    return dict(list(owners.items())[:MAX_PINGED])


async def with_attack_pings(ctx: Context, reply: Reply, encounter: Encounter) -> Reply:
    """``reply`` (a /move's, hidden attackers already taken out) mentioning the owners of
    the attackers it names; a private reply or a preview pings no one."""
    if reply.ephemeral or reply.result.get("preview"):
        return reply
    attackers = [str(n) for n in reply.result.get("provokes") or ()]
    mover = str(reply.result.get("token", ""))
    owners = owners_of_attackers(encounter, attackers, ctx.user_id)
    if not owners or not await ctx.store.turn_pings(ctx.channel_id):
        return reply
    pings = tuple(
        (
            owner,
            f"{mover} provokes an opportunity attack"
            + (f" from {names[0]}." if len(names) == 1 else f"s from {_listed(names)}."),
        )
        for owner, names in owners.items()
    )
    return replace(
        reply,
        pings=(*reply.pings, *pings),
        result={**reply.result, "pings": [owner for owner, _ in pings]},
    )


def _listed(names: list[str]) -> str:
    """Names as a sentence lists them: "Ari, Bo and Cy"."""
    return ", ".join(names[:-1]) + f" and {names[-1]}"
