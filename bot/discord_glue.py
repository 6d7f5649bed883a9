"""The only place that converts between Discord and the core.

Cogs hand their options to :func:`dispatch`; it builds a :class:`Context`,
runs the command through ``bot.handlers.run`` (the console's way in too) and
turns the :class:`Reply` into an embed. Nothing here knows a rule.

Discord rejects a whole message if one embed part is too long, so
:func:`embed_for` shortens at word boundaries and summarises overflowing
fields instead: a reply that is too long still arrives, a little shorter.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import time
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Optional, cast

import discord
from discord import app_commands

from bot.commands import MAX_TEXT, MAX_UPLOAD_BYTES, Command, Option, Upload
from bot.cooldown import Cooldown
from bot.discord.board import refresh_board, repost_board
from bot.discord.channel import context_for, readable, store_of
from bot.discord.embeds import (
    FIELDS_MAX,
)
from bot.discord.notices import tell_about_plain_replies
from bot.discord.sending import send_error, send_reply
from bot.errors import InvalidInput, RulingError, failure_message
from bot.handlers.travel import suggestions
from bot.metrics import METRICS
from bot.names import complete
from bot.reply import MENTION_MARK
from bot.rules import DEFAULT_RULESET, rulesets
from bot.storage import Store, recording_writes

if TYPE_CHECKING:
    from bot.encounter import Encounter
from bot.work import board as board_work
from bot.work import in_channel

log = logging.getLogger(__name__)

# Discord drops an interaction not answered within 3 seconds: a command still
# working after this long is deferred ("Stride is thinking...") and answered later.
DEFER_AFTER_S = 2.0
# Commands that cost the bot real work (path searches, pictures): one user may not
# flood them (bot.cooldown). The calculators and the encounter edits are cheap.
COSTLY = frozenset({"move", "map"})
COOLDOWN = Cooldown()
NEEDS_SERVER = (
    "Encounters need a server channel or thread (each thread keeps its own). "
    "Here in DMs, /fall, /jump and /travel work."
)

# -------------------------------------------------------- options for the cogs


def descriptions_for(command: Command, renamed: Mapping[str, str] | None = None) -> dict[str, str]:
    """``@app_commands.describe`` arguments: the spec's own text, so help never drifts.

    ``renamed`` maps an option name to the Python parameter that carries it
    (``object`` → ``object_``), because the decorators key on parameter names.
    """
    renamed = renamed or {}
    return {renamed.get(o.name, o.name): o.description for o in command.options}


def choices_for(
    command: Command, renamed: Mapping[str, str] | None = None
) -> dict[str, list[app_commands.Choice[str]]]:
    """``@app_commands.choices`` arguments for every option that has choices."""
    renamed = renamed or {}
    return {
        renamed.get(o.name, o.name): [app_commands.Choice(name=c, value=c) for c in o.choices]
        for o in command.options
        if o.choices
    }


def _annotation(option: Option) -> Any:
    """The parameter type discord.py reads for ``option``: its kind, range and optionality."""
    base: Any = {
        "integer": int,
        "number": float,
        "boolean": bool,
        "string": str,
        "user": discord.User,
        "role": discord.Role,
        "attachment": discord.Attachment,
    }[option.kind]
    if option.kind in ("integer", "number") and (
        option.min_value is not None or option.max_value is not None
    ):
        base = app_commands.Range[base, option.min_value, option.max_value]
    elif option.kind == "string" and option.max_length != MAX_TEXT:
        base = app_commands.Range[str, 1, option.max_length]
    return base if option.required else Optional[base]  # noqa: UP045 (a runtime value)


def slash_command(spec: Command, name: str, cog: str) -> app_commands.Command[Any, ..., None]:
    """The slash command for ``spec``, built from it: each option a parameter of its kind,
    with the spec's description and choices, so an option is written in one place.

    Put it in a cog's class body as ``add = slash_command(ADD, "add", "Token")``;
    autocomplete attaches as usual (``@add.autocomplete("token")``).
    """

    async def callback(self: Any, interaction: discord.Interaction[Any], **values: Any) -> None:
        await dispatch(interaction, spec.name, {o.name: values.get(o.name) for o in spec.options})

    interaction = inspect.Parameter(
        "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
    )
    parameters = [
        inspect.Parameter(
            o.name,
            inspect.Parameter.KEYWORD_ONLY,
            annotation=_annotation(o),
            default=inspect.Parameter.empty if o.required else None,
        )
        for o in spec.options
    ]
    self_ = inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)
    cast(Any, callback).__signature__ = inspect.Signature([self_, interaction, *parameters])
    # a method of the cog (discord.py binds commands whose qualified name has a dot)
    callback.__qualname__ = f"{cog}.{name}"
    callback.__name__ = name
    described = app_commands.describe(**descriptions_for(spec))(callback)
    chosen = app_commands.choices(**choices_for(spec))(described)
    return app_commands.Command(name=name, description=spec.description, callback=chosen)


# ------------------------------------------------------------------ dispatch


async def uploaded(value: object, max_bytes: int = MAX_UPLOAD_BYTES) -> object:
    """An attachment option's file, read (within the size its option takes), as the
    specs read it; any other value as it is."""
    if not isinstance(value, discord.Attachment):
        return value
    if value.size > max_bytes:
        raise InvalidInput(
            f"{value.filename} is {value.size:,} bytes; this file may be at most "
            f"{max_bytes:,} bytes."
        )
    return Upload(value.filename, await value.read())


def option_value(value: object) -> object:
    """Discord's value as the specs read it: a user or member option becomes its id;
    text loses the mark of the bot's own mentions (only the bot makes those)."""
    if isinstance(value, discord.User | discord.Member | discord.Role):
        return str(value.id)
    if isinstance(value, str):
        return unquoted(value.replace(MENTION_MARK, ""))
    return value


_QUOTE_PAIRS = {'"': '"', "'": "'", "\u201c": "\u201d", "\u2018": "\u2019", "\u00ab": "\u00bb"}


def unquoted(text: str) -> str:
    """``text`` without one pair of surrounding quotes: on Discord each option is its
    own field, so console habits (name:"Goblin 1") would make the quotes part of the
    value. Phones type curly quotes, so those count too."""
    stripped = text.strip()
    if len(stripped) >= 2 and _QUOTE_PAIRS.get(stripped[0]) == stripped[-1]:
        return stripped[1:-1].strip()
    return text


def given(command: Command, values: Mapping[str, Any]) -> dict[str, Any]:
    """The spec's options, taken from the parameters of the same names (``locals()``):
    the parameter list is the one place a cog names them."""
    return {o.name: values[o.name] for o in command.options}


async def dispatch(
    interaction: discord.Interaction[Any],
    command_name: str,
    raw: Mapping[str, object],
    *,
    ephemeral: bool = False,
) -> None:
    """Run ``command_name`` with the options the user gave and answer the interaction.

    A command that changes an encounter also refreshes the channel's board message.
    ``ephemeral`` answers only the user (the board's buttons use it for /map). Every
    answer is counted in ``bot.metrics`` by outcome (ok, refused, error) with its time.
    """
    started = time.monotonic()
    outcome = "error"
    try:
        with in_channel(str(interaction.channel_id)):  # its work in the channel's lane
            outcome = await _dispatch(interaction, command_name, raw, ephemeral=ephemeral)
    finally:
        METRICS.command(command_name, outcome, time.monotonic() - started)


async def _dispatch(
    interaction: discord.Interaction[Any],
    command_name: str,
    raw: Mapping[str, object],
    *,
    ephemeral: bool,
) -> str:
    # local: the handlers pull in every ruleset
    from bot.handlers import COMMANDS, ENCOUNTER_NAMES

    command = COMMANDS[command_name]
    limits = {o.name: o.max_bytes for o in command.options}
    try:
        given = {
            name: option_value(await uploaded(value, limits.get(name, MAX_UPLOAD_BYTES)))
            for name, value in raw.items()
            if value is not None
        }
    except RulingError as exc:
        await send_error(interaction, exc)
        return "refused"
    if getattr(interaction, "guild_id", None) is None and command_name in ENCOUNTER_NAMES:
        await send_error(interaction, NEEDS_SERVER)
        return "refused"
    store = store_of(interaction)
    user_id = str(interaction.user.id)
    # a GM's push, pull or slide searches nothing: only real path searches count
    costly = command_name in COSTLY and not given.get("forced")
    if costly:
        wait_s = COOLDOWN.take(user_id, time.monotonic())
        if wait_s:
            await send_error(
                interaction,
                f"Slow down a little: /{command_name} searches paths and draws the board. "
                f"Try again in {max(1, round(wait_s))} s.",
            )
            return "refused"
    try:
        return await _run_and_answer(interaction, command_name, command, given, store, ephemeral)
    finally:
        if costly:
            COOLDOWN.release(user_id)


async def _run_and_answer(
    interaction: discord.Interaction[Any],
    command_name: str,
    command: Command,
    given: dict[str, object],
    store: Store,
    ephemeral: bool,
) -> str:
    """Run the handler and answer; the outcome: ok, refused or error."""
    from bot.handlers import run

    with recording_writes() as written:  # the task started here records into it too
        task = asyncio.ensure_future(run(context_for(interaction, store), command, given))
    try:
        done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER_S)
        if not done:
            await _defer(interaction, ephemeral=ephemeral)
        reply = await task
    except RulingError as exc:
        log.debug("/%s refused %r: %s", command_name, given, exc)
        await send_error(interaction, exc)
        return "refused"
    except Exception:
        log.exception(
            "/%s failed (options %r, user %s, channel %s)",
            command_name,
            given,
            interaction.user.id,
            interaction.channel_id,
        )
        # honest: a failure after a save says what was saved, and the board shows it
        await send_error(interaction, failure_message(written))
        if written:
            await _refresh_after_failure(interaction, store)
        return "error"
    if ephemeral:
        reply = replace(reply, ephemeral=True)
    outcome = "ok"
    try:
        await send_reply(interaction, reply)
    except discord.HTTPException:
        # Discord refused what we built (a limit we missed?): log it for us,
        # and still tell the user something rather than "interaction failed".
        log.exception("Discord refused the reply to /%s (options %r)", command_name, given)
        await send_error(interaction, failure_message(written))
        outcome = "error"
    await tell_about_plain_replies(interaction, store, reply)
    if command.changes_state and reply.result.get("changed", True) is not False:
        await refresh_board(interaction, store)
    if reply.result.get("post_board"):
        await repost_board(interaction, store, pin=bool(reply.result.get("pin")))
    return outcome


async def _refresh_after_failure(interaction: discord.Interaction[Any], store: Store) -> None:
    try:
        await refresh_board(interaction, store)
    except Exception:
        log.exception("the board could not be refreshed after a failed command")


async def _defer(interaction: discord.Interaction[Any], *, ephemeral: bool) -> None:
    try:
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True, ephemeral=ephemeral)
    except discord.NotFound:
        log.warning("Interaction %s expired before Stride could defer", interaction.id)


# ------------------------------------------------------------- autocomplete


async def seen_encounter(interaction: discord.Interaction[Any], store: Store) -> Encounter | None:
    """The channel's running encounter as the one typing may see it (None: none runs):
    what is offered as a player types names nothing hidden and routes round nothing
    hidden (issue 26), the GM's suggestions know everything."""
    from bot.handlers.encounter_common import seen_in  # local: the handlers

    stored = await readable(store, str(interaction.channel_id))
    if stored is None:
        return None
    ctx = context_for(interaction, store)
    await ctx.settle_gm_role()
    return seen_in(ctx, stored.encounter).encounter


async def token_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """Token names in this channel's encounter for an option being typed: the user's
    own first, then the rest, those containing what was typed. Suggestions only: the
    handler checks the name again."""
    store = store_of(interaction)
    encounter = await seen_encounter(interaction, store)
    if encounter is None:
        return []
    typed = current.strip().lower()
    user = str(interaction.user.id)
    tokens = [t for t in encounter.tokens.values() if typed in t.name.lower()]
    tokens.sort(key=lambda t: (t.owner != user, not t.name.lower().startswith(typed), t.name))
    return [app_commands.Choice(name=t.name, value=t.name) for t in tokens[:FIELDS_MAX]]


async def order_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """/turn order's list as it is typed: the token names not yet in it, completing
    the last one ("Ari, Gob" → "Ari, Goblin 1")."""
    store = store_of(interaction)
    encounter = await seen_encounter(interaction, store)
    if encounter is None:
        return []
    keys = [*encounter.order, *sorted(k for k in encounter.tokens if k not in encounter.order)]
    names = [encounter.tokens[k].name for k in keys]
    return _choices(complete(current, names, listed=True))


async def travel_choices(
    interaction: discord.Interaction[Any], current: str, option: str
) -> list[app_commands.Choice[str]]:
    """Suggestions for /travel's ``option`` (mode, terrain, pace) from the ruleset the
    command will use: its ruleset: option, else the channel's, else the default."""
    chosen = getattr(interaction.namespace, "ruleset", None)
    if not chosen:
        store = store_of(interaction)
        chosen = await store.channel_ruleset(str(interaction.channel_id))
    ruleset = rulesets().get(chosen or DEFAULT_RULESET, rulesets()[DEFAULT_RULESET])
    return _choices(suggestions(ruleset, option, current))


async def move_choices(
    interaction: discord.Interaction[Any], current: str, option: str
) -> list[app_commands.Choice[str]]:
    """Suggestions for /move's ``action`` or ``mode``: only what the ruleset of this
    channel's encounter has."""
    from bot.handlers.move import move_suggestions

    store = store_of(interaction)
    channel = str(interaction.channel_id)
    chosen = await store.active_ruleset(channel) or await store.channel_ruleset(channel)
    ruleset = rulesets().get(chosen or DEFAULT_RULESET, rulesets()[DEFAULT_RULESET])
    return _choices(move_suggestions(ruleset, option, current))


async def option_choices(
    interaction: discord.Interaction[Any], current: str, command: str, option: str
) -> list[app_commands.Choice[str]]:
    """Suggestions for ``option`` of ``command`` from the channel's encounter and its
    ruleset (bot.handlers.suggest); the squares a token reaches are searched beside
    the event loop."""
    from bot.handlers.suggest import suggest

    store = store_of(interaction)
    channel = str(interaction.channel_id)
    encounter = await seen_encounter(interaction, store)
    chosen = encounter.ruleset if encounter else await store.channel_ruleset(channel)
    ruleset = rulesets().get(chosen or DEFAULT_RULESET, rulesets()[DEFAULT_RULESET])
    given = {k: v for k, v in vars(interaction.namespace).items() if v is not None}
    with in_channel(channel):
        found = await board_work(suggest, ruleset, encounter, command, option, current, given)
    return [app_commands.Choice(name=shown, value=value) for shown, value in found]


Completer = Callable[
    [discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[str]]]
]


def suggesting(command: str, option: str) -> Completer:
    """The autocomplete for ``option`` of ``command``, for a cog to attach:
    ``add.autocomplete("size")(suggesting("token add", "size"))``."""

    async def complete(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await option_choices(interaction, current, command, option)

    return complete


def names_choices(names: Sequence[str], current: str) -> list[app_commands.Choice[str]]:
    """Names containing what was typed, those starting with it first (/help command:)."""
    typed = current.strip().lstrip("/").lower()
    found = [n for n in names if typed in n.lower()]
    found.sort(key=lambda n: not n.lower().startswith(typed))
    return _choices(found)


def _choices(texts: Sequence[str]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=text, value=text) for text in texts[:FIELDS_MAX]]
