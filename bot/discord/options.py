"""Slash commands built from the command specs (``bot.commands.Command``).

A cog declares a command with :func:`slash_command`; each option becomes a parameter
of its kind, range and optionality, with the spec's description and choices, so an
option is written once (in its handler's spec) and Discord always offers what the
handler accepts (``tests/discord/test_cogs.py`` checks it).
"""

from __future__ import annotations

import inspect
import keyword
from collections.abc import Mapping
from typing import Any, Optional, cast

import discord
from discord import app_commands

from bot.commands import MAX_TEXT, Command, Option
from bot.discord.dispatch import dispatch


def parameter_name(option: Option) -> str:
    """The Python parameter that carries ``option``: its own name, or ``from_`` for an
    option named after a Python keyword (Discord still sees ``from``)."""
    return f"{option.name}_" if keyword.iskeyword(option.name) else option.name


def _descriptions(command: Command, renamed: Mapping[str, str]) -> dict[str, str]:
    """``@app_commands.describe`` arguments: the spec's own text, so help never drifts.

    ``renamed`` maps an option name to the Python parameter that carries it
    (``from`` → ``from_``), because the decorators key on parameter names.
    """
    return {renamed.get(o.name, o.name): o.description for o in command.options}


def _choices(
    command: Command, renamed: Mapping[str, str]
) -> dict[str, list[app_commands.Choice[str]]]:
    """``@app_commands.choices`` arguments for every option that has choices."""
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
        "channel": app_commands.AppCommandChannel,
        "attachment": discord.Attachment,
    }[option.discord_kind]
    if option.discord_kind in ("integer", "number") and (
        option.min_value is not None or option.max_value is not None
    ):
        low, high = option.min_value, option.max_value
        if option.kind == "number":  # discord.py wants both ends of one type
            low, high = (None if v is None else float(v) for v in (low, high))
        base = app_commands.Range[base, low, high]
    elif option.kind == "string" and option.max_length != MAX_TEXT:
        base = app_commands.Range[str, 1, option.max_length]
    return base if option.required else Optional[base]  # noqa: UP045 (a runtime value)


def slash_command(spec: Command, name: str, cog: str) -> app_commands.Command[Any, ..., None]:
    """The slash command for ``spec``, built from it: each option a parameter of its kind,
    with the spec's description and choices, so an option is written in one place.

    Put it in a cog's class body as ``add = slash_command(ADD, "add", "Token")``;
    autocomplete attaches as usual (``@add.autocomplete("token")``), by parameter name
    (:func:`parameter_name`: ``from_`` for ``from``).
    """
    renamed = {o.name: parameter_name(o) for o in spec.options if parameter_name(o) != o.name}

    async def callback(self: Any, interaction: discord.Interaction[Any], **values: Any) -> None:
        given = {o.name: values.get(parameter_name(o)) for o in spec.options}
        await dispatch(interaction, spec.name, given)

    interaction = inspect.Parameter(
        "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
    )
    parameters = [
        inspect.Parameter(
            parameter_name(o),
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
    described = app_commands.describe(**_descriptions(spec, renamed))(callback)
    chosen = app_commands.choices(**_choices(spec, renamed))(described)
    shown = app_commands.rename(**{p: o for o, p in renamed.items()})(chosen)
    return app_commands.Command(name=name, description=spec.description, callback=shown)
