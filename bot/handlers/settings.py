"""Who the GMs are: /settings gm_role (a server's GM role) and /encounter gm add, remove
and give (an encounter's co-GMs, and handing it over)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter import Encounter
from bot.encounter_ops.access import Actor
from bot.encounter_ops.gms import add_co_gm, give_gm, gm_names, remove_co_gm
from bot.encounter_ops.outcomes import Edit
from bot.errors import InvalidInput, NotAllowed
from bot.handlers.encounter_common import actor_of, change_encounter, encounter_reply
from bot.reply import Field, Reply, role_mention


async def handle_settings(ctx: Context, options: Mapping[str, Any]) -> Reply:
    """/settings: the server's GM role (and what the server sets), shown or changed."""
    if ctx.guild_id is None:
        raise InvalidInput("/settings is a server's: use it in a server channel, not a DM.")
    units = options.get("units")
    if units is not None:
        if not ctx.is_gm:
            raise NotAllowed("Only a GM sets the units this channel reads distances in.")
        await ctx.store.set_channel_units(ctx.channel_id, None if units == "feet" else units)
    pings = options.get("turn_pings")
    if pings is not None:
        if not ctx.is_gm:
            raise NotAllowed("Only a GM turns this channel's turn pings on or off.")
        await ctx.store.set_turn_pings(ctx.channel_id, pings == "on")
    role_given = options.get("gm_role")
    clearing = bool(options.get("clear_gm_role"))
    if role_given is not None and clearing:
        raise InvalidInput("Give gm_role: or clear_gm_role:true, not both.")
    changing = role_given is not None or clearing
    if changing and not ctx.manages_server:
        raise NotAllowed(
            "Only someone with Manage Channels or Manage Server across the server (from "
            "their roles, not granted in one channel) sets the server's GM role."
        )
    before = await ctx.store.guild_settings(ctx.guild_id)
    if changing:
        role = None if clearing else str(role_given)
        await ctx.store.set_guild_gm_role(ctx.guild_id, role, ctx.user_id)
    settings = await ctx.store.guild_settings(ctx.guild_id)
    role_text = role_mention(settings.gm_role_id) if settings.gm_role_id else "none"
    here = await ctx.store.channel_units(ctx.channel_id) or "feet"
    pinging = await ctx.store.turn_pings(ctx.channel_id)
    if not changing and pings is not None:
        title = f"Turn pings are {'on' if pinging else 'off'} in this channel"
    elif not changing and units is not None:
        title = f"This channel reads distances in {here}"
    elif not changing:
        title = "This server's settings"
    elif settings.gm_role_id:
        title = "GM role set: its members are GMs in every channel of this server"
    else:
        title = "GM role cleared: GMs are again the encounter's GM and Manage Channels"
    return Reply(
        title=title,
        fields=(
            Field("GM role", role_text),
            Field("Ruleset", settings.ruleset or "none: each channel's, or the bot's default"),
            Field(
                "Units here",
                f"{here}"
                + (" (1.5 m a 5 ft square)" if here == "metres" else "")
                + "; distances may be typed in feet or metres either way",
            ),
            Field(
                "Turn pings here",
                "on: a player's token's turn mentions its owner"
                if pinging
                else "off: turns start without mentioning anyone",
            ),
            Field(
                "GMs",
                "An encounter's GM (who started it or was handed it) and its co-GMs "
                "(/encounter gm add), anyone with Manage Channels, and the GM role's members.",
            ),
        ),
        footer="/settings gm_role:<role> sets it; clear_gm_role:true removes it.",
        result={
            "gm_role": settings.gm_role_id,
            "previous_gm_role": before.gm_role_id,
            "server_ruleset": settings.ruleset,
            "units": here,
            "turn_pings": pinging,
            "changed": changing and before.gm_role_id != settings.gm_role_id,
        },
    )


def _gm_change(
    command: str, change: Callable[[Encounter, Actor, str], Edit], title: str
) -> Callable[[Context, Mapping[str, Any]], Any]:
    """A handler for one of /encounter gm's changes (the title stays plain text: an
    embed's title shows no mentions, so who changed is in the GMs field)."""

    async def handle(ctx: Context, options: Mapping[str, Any]) -> Reply:
        actor = actor_of(ctx)
        user = str(options["user"])
        changed = await change_encounter(ctx, command, lambda e: change(e, actor, user))
        after = changed.outcome.encounter
        return encounter_reply(
            after,
            title=title,
            fields=(Field("Changed", changed.outcome.summary), Field("GMs", gm_names(after))),
            result={"gm": after.gm_id, "co_gms": list(after.co_gms)},
            changed=changed.saved,
        )

    return handle


USER = Option("user", "user", "Who", required=True)

SETTINGS = Command(
    "settings",
    "The server's GM role (Manage Channels to change), and this channel's units and pings",
    (
        Option("gm_role", "role", "A role whose members are GMs in every channel here"),
        Option("clear_gm_role", "boolean", "Remove the server's GM role"),
        Option(
            "units",
            "string",
            "How this channel's replies write distances (GM)",
            choices=("feet", "metres", "squares"),
        ),
        Option(
            "turn_pings",
            "string",
            "Whether a turn's start mentions its token's owner here (GM; on by default)",
            choices=("on", "off"),
        ),
    ),
    handle_settings,
)
GM_ADD = Command(
    "encounter gm add",
    "Add a co-GM to this encounter (GM)",
    (USER,),
    _gm_change("encounter gm add", add_co_gm, "Co-GM added"),
    changes_state=True,
)
GM_REMOVE = Command(
    "encounter gm remove",
    "Remove a co-GM from this encounter (GM; a co-GM may remove themselves)",
    (USER,),
    _gm_change("encounter gm remove", remove_co_gm, "Co-GM removed"),
    changes_state=True,
)
GM_GIVE = Command(
    "encounter gm give",
    "Hand this encounter to another GM (its GM)",
    (USER,),
    _gm_change("encounter gm give", give_gm, "Encounter handed over to a new GM"),
    changes_state=True,
)
