"""What the /token commands share: the token: option and the reply a changed token gets."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from bot.commands import Option
from bot.encounter_ops.outcomes import TokenEdit
from bot.encounter_ops.token_options import EveryTokenOption
from bot.encounter_ops.visibility import is_hidden, public
from bot.handlers.common import note_fields, note_json
from bot.handlers.encounter_common import (
    Changed,
    encounter_reply,
    ruleset_of,
    token_json,
    token_line,
)
from bot.reply import Field, Reply
from bot.rules import readers, token_options

TOKEN = Option("token", "string", "The token's name", required=True, refers_to="token")


@cache
def every_token_option() -> EveryTokenOption:
    """Every ruleset's /token options and who reads each, from the registry: handed to
    ``encounter_ops`` with the options (which ask no registry themselves)."""
    specs = token_options()
    return EveryTokenOption(specs, {o.name: readers(o.name) for o in specs})


def token_reply(changed: Changed[TokenEdit], title: str, *, explain: bool = False) -> Reply:
    outcome = changed.outcome
    ruleset = ruleset_of(changed.after)
    notes = note_fields(outcome.notes, explain=explain)
    # a visible token as the table sees it: nothing of a hidden grappler in its state
    token = outcome.token
    if not is_hidden(token):
        token = public(changed.after).tokens.get(token.key, token)
    reply = encounter_reply(
        changed.after,
        title=title,
        fields=(Field("Token", token_line(token, ruleset)), *notes),
        result={
            "token": token_json(token, ruleset),
            "summary": outcome.summary,
            "notes": [note_json(n) for n in outcome.notes],
        },
        changed=changed.saved,
    )
    # a hidden token (or one just revealed: say so in the open) answers the GM alone
    return replace(reply, ephemeral=is_hidden(outcome.token))
