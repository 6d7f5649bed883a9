"""The only place that converts between Discord and the core.

Cogs hand their options to :func:`dispatch`; it builds a :class:`Context`,
runs the command through ``bot.handlers.run`` (the console's way in too) and
turns the :class:`Reply` into an embed. Nothing here knows a rule.

Discord rejects a whole message if one embed part is too long, so
:func:`embed_for` shortens at word boundaries and summarises overflowing
fields instead: a reply that is too long still arrives, a little shorter.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Optional, cast

import discord
from discord import app_commands

from bot.commands import MAX_TEXT, Command, Option
from bot.discord.channel import context_for, readable, store_of
from bot.discord.dispatch import dispatch
from bot.discord.embeds import (
    FIELDS_MAX,
)
from bot.handlers.travel import suggestions
from bot.names import complete
from bot.rules import DEFAULT_RULESET, rulesets
from bot.storage import Store

if TYPE_CHECKING:
    from bot.encounter import Encounter
from bot.work import board as board_work
from bot.work import in_channel

log = logging.getLogger(__name__)

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
