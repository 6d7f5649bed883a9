"""Who the GMs are: /settings gm_role (a server's GM role) and /encounter gm add, remove
and give (an encounter's co-GMs, and handing it over)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
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


@dataclass(frozen=True)
class _Here:
    """What this channel sets, as it stands after the command."""

    units: str
    pinging: bool
    wait_s: int | None


async def handle_settings(ctx: Context, options: Mapping[str, Any]) -> Reply:
    """/settings: the server's GM role (and what the server sets) and this channel's
    units, turn pings and reminders, shown or changed."""
    if ctx.guild_id is None:
        raise InvalidInput("/settings is a server's: use it in a server channel, not a DM.")
    await _set_channel(ctx, options)
    changing = await _set_gm_role(ctx, ctx.guild_id, options)
    before_role = changing[1]
    settings = await ctx.store.guild_settings(ctx.guild_id)
    here = _Here(
        await ctx.channel_units() or "feet",
        await ctx.store.turn_pings(ctx.channel_id),
        await ctx.store.remind_after_s(ctx.channel_id),
    )
    role_text = role_mention(settings.gm_role_id) if settings.gm_role_id else "none"
    return Reply(
        title=_title(options, here, changing[0], settings.gm_role_id),
        fields=(
            Field("GM role", role_text),
            Field("Ruleset", settings.ruleset or "none: each channel's, or the bot's default"),
            Field(
                "Units here",
                f"{here.units}"
                + (" (1.5 m a 5 ft square)" if here.units == "metres" else "")
                + "; distances may be typed in feet or metres either way",
            ),
            Field(
                "Turn pings here",
                (
                    "on: a player's token's turn mentions its owner, and a move's opportunity "
                    "attacks each player attacker's owner"
                    if here.pinging
                    else "off"
                )
                + (
                    f"; again after {say_wait(here.wait_s)} waiting"
                    if here.wait_s and here.pinging
                    else ""
                ),
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
            "previous_gm_role": before_role,
            "server_ruleset": settings.ruleset,
            "units": here.units,
            "turn_pings": here.pinging,
            "remind_after_s": here.wait_s,
            "changed": changing[0] and before_role != settings.gm_role_id,
        },
    )


async def _set_channel(ctx: Context, options: Mapping[str, Any]) -> None:
    """This channel's units, turn pings and reminders: a GM's to set."""
    units, pings, remind = (options.get(n) for n in ("units", "turn_pings", "remind_after"))
    if (units, pings, remind) == (None, None, None):
        return
    if not ctx.is_gm:
        raise NotAllowed("Only a GM sets this channel's units, turn pings and reminders.")
    wait_s = read_wait(remind) if remind is not None else None  # refused before any change
    if units is not None:
        await ctx.set_channel_units(None if units == "feet" else units)
    if pings is not None:
        await ctx.store.set_turn_pings(ctx.channel_id, pings == "on")
    if remind is not None:
        await ctx.store.set_remind_after_s(ctx.channel_id, wait_s)


async def _set_gm_role(
    ctx: Context, guild_id: str, options: Mapping[str, Any]
) -> tuple[bool, str | None]:
    """The server's GM role, given or cleared: (whether it was asked, the role before)."""
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
    before = (await ctx.store.guild_settings(guild_id)).gm_role_id
    if changing:
        role = None if clearing else str(role_given)
        await ctx.store.set_guild_gm_role(guild_id, role, ctx.user_id)
    return changing, before


def _title(options: Mapping[str, Any], here: _Here, changing: bool, role: str | None) -> str:
    if changing:
        if role:
            return "GM role set: its members are GMs in every channel of this server"
        return "GM role cleared: GMs are again the encounter's GM and Manage Channels"
    if options.get("remind_after") is not None:
        if here.wait_s:
            return f"A turn that sits {say_wait(here.wait_s)} pings its owner again"
        return "Turns here are not re-pinged"
    if options.get("turn_pings") is not None:
        return f"Turn pings are {'on' if here.pinging else 'off'} in this channel"
    if options.get("units") is not None:
        return f"This channel reads distances in {here.units}"
    return "This server's settings"


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

WAIT_UNITS_S = {"m": 60, "h": 3600, "d": 86400}
WAIT_RANGE_S = (10 * 60, 30 * 86400)  # ten minutes to thirty days


def read_wait(text: str) -> int | None:
    """``12h`` → 43200 seconds (``m``, ``h``, ``d``); ``off`` → None."""
    typed = text.strip().lower().replace(" ", "")
    if typed in ("off", "0", "none", "never"):
        return None
    found = re.fullmatch(r"(\d+)(m|min|h|hours?|d|days?)", typed)
    if found is None:
        raise InvalidInput(
            f'remind_after: "{text}" is not a wait. Use minutes, hours or days, e.g. '
            '"12h", "90m", "2d", or "off".'
        )
    seconds = int(found.group(1)) * WAIT_UNITS_S[found.group(2)[0]]
    low, high = WAIT_RANGE_S
    if not low <= seconds <= high:
        raise InvalidInput("remind_after: between 10 minutes and 30 days, or off.")
    return seconds


def say_wait(seconds: int | None) -> str:
    """43200 → "12 h"; 5400 → "90 min"; 172800 → "2 days"."""
    if not seconds:
        return "never"
    if seconds % 86400 == 0:
        days = seconds // 86400
        return f"{days} day{'s' if days != 1 else ''}"
    if seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    return f"{seconds // 60} min"


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
            "Whether a turn's start (or a move's attacks) mentions the owner here "
            "(GM; on by default)",
            choices=("on", "off"),
        ),
        Option(
            "remind_after",
            "string",
            'Ping a turn\'s owner again when it has sat this long, e.g. "12h" (GM; "off")',
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
