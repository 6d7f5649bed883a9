"""Suggestions as the user types an option: token names, /turn order's list, /travel's
and /move's names, and whatever ``bot.handlers.suggest`` offers (sizes, conditions,
the squares a token reaches).

Which ruleset suggests is decided where the handlers decide it
(``bot.handlers.common.choose_ruleset``), so what is offered is what the command
will accept. What a player is offered names nothing hidden (:func:`seen_encounter`).
Suggestions only: the handler checks the value again.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.channel import context_for, store_of
from bot.discord.embeds import FIELDS_MAX
from bot.errors import RulingError
from bot.handlers.common import choose_ruleset
from bot.handlers.running import seen_by
from bot.handlers.travel import suggestions
from bot.names import complete
from bot.work import board as board_work
from bot.work import in_channel

if TYPE_CHECKING:
    from bot.encounter import Encounter
    from bot.encounter_ops.access import Actor
    from bot.rules.ruleset import Ruleset
    from bot.storage import Store


async def ruleset_being_typed(interaction: discord.Interaction[Any], store: Store) -> Ruleset:
    """The ruleset the command being typed will use, chosen as the handlers choose it:
    its ruleset: option, else the running encounter's, the channel's, the server's,
    the default. A ruleset: no ruleset answers to (the handler will refuse it) counts
    as not given."""
    ctx = context_for(interaction, store)
    override = getattr(interaction.namespace, "ruleset", None)
    try:
        return (await choose_ruleset(ctx, override)).ruleset
    except RulingError:
        return (await choose_ruleset(ctx, None)).ruleset


async def seen_encounter(interaction: discord.Interaction[Any], store: Store) -> Encounter | None:
    """The channel's running encounter as the one typing may see it (None: none runs):
    what is offered as a player types names nothing hidden and routes round nothing
    hidden (issue 26), the GM's suggestions know everything."""
    return (await _seen_by(interaction, store))[0]


async def _seen_by(
    interaction: discord.Interaction[Any], store: Store
) -> tuple[Encounter | None, Actor]:
    """:func:`seen_encounter`, and who is typing as the handlers read them (a GM by the
    server's GM role too)."""
    return await seen_by(context_for(interaction, store))


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
    from bot.handlers.labels import labels_of  # local: the handlers

    typed = current.strip().lower()
    user = str(interaction.user.id)
    # the label the picture prints on each token ("G1"), matched as well as its name
    labels = labels_of(encounter)
    by_label = {key for key, label in labels.items() if typed and label.lower().startswith(typed)}
    tokens = [
        t for key, t in encounter.tokens.items() if typed in t.name.lower() or key in by_label
    ]
    tokens.sort(
        key=lambda t: (
            t.owner != user,
            t.key not in by_label and not t.name.lower().startswith(typed),
            t.name,
        )
    )
    return [
        app_commands.Choice(name=_shown(t.name, labels.get(t.key)), value=t.name)
        for t in tokens[:FIELDS_MAX]
    ]


def _shown(name: str, label: str | None) -> str:
    """A suggestion as the picture names it too: "Goblin 1 (G1)"."""
    return f"{name} ({label})" if label and label.lower() != name.lower() else name


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
    command will use (:func:`ruleset_being_typed`)."""
    ruleset = await ruleset_being_typed(interaction, store_of(interaction))
    return _choices(suggestions(ruleset, option, current))


async def move_choices(
    interaction: discord.Interaction[Any], current: str, option: str
) -> list[app_commands.Choice[str]]:
    """Suggestions for /move's ``action`` or ``mode``: only what the ruleset of this
    channel's encounter has."""
    from bot.handlers.move import move_suggestions

    ruleset = await ruleset_being_typed(interaction, store_of(interaction))
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
    encounter, asker = await _seen_by(interaction, store)
    ruleset = await ruleset_being_typed(interaction, store)
    given = {k: v for k, v in vars(interaction.namespace).items() if v is not None}
    with in_channel(channel):
        found = await board_work(
            suggest, ruleset, encounter, command, option, current, given, asker
        )
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
