"""Token options read as the picture labels tokens: a player who sees "G1" on the
board types `token:G1` and means Goblin 1 (issue 29). Each option that names a token
(``Option.refers_to``) and names none is read as a label of the board as the asker
sees it (a label never reaches a token hidden from them); a name always wins over a
label, and anything else is left for the handler to refuse as it would.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.commands import Command
from bot.context import Context
from bot.encounter import Encounter
from bot.grid.sizes import Size
from bot.handlers.encounter_common import ruleset_of, seen_in
from bot.storage import DamagedBoard
from bot.token_labels import token_for_label, token_labels


async def names_for_labels(
    ctx: Context, command: Command, options: Mapping[str, Any]
) -> Mapping[str, Any]:
    """``options`` with each token label replaced by the name of the token it labels."""
    asked = [
        o
        for o in command.options
        if o.refers_to in ("token", "tokens") and isinstance(options.get(o.name), str)
    ]
    if not asked:
        return options
    try:
        stored = await ctx.store.active_encounter(ctx.channel_id)
    except DamagedBoard:
        return options  # the handler says it is damaged
    if stored is None:
        return options
    seen = seen_in(ctx, stored.encounter).encounter
    footprints = ruleset_of(seen).footprint_squares
    read = dict(options)
    for option in asked:
        text = str(options[option.name])
        if option.refers_to == "token":
            read[option.name] = _named(seen, footprints, text)
        else:
            read[option.name] = ",".join(_named(seen, footprints, t) for t in text.split(","))
    return read


def labels_of(encounter: Encounter) -> dict[str, str]:
    """The label the picture prints on each token, by token key."""
    return token_labels(encounter, ruleset_of(encounter).footprint_squares)


def _named(encounter: Encounter, footprints: Mapping[Size, int], text: str) -> str:
    token = token_for_label(encounter, footprints, text)
    return token.name if token is not None else text


__all__ = ["labels_of", "names_for_labels"]
