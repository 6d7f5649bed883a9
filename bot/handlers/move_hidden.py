"""A move answered in the open never names a hidden attacker (issue 26's rule, kept for
issue 29's buttons): a GM's move of a visible token is ruled on the whole board, so a
hidden creature it provokes is taken out of the table's reply (its "Provokes" line, its
JSON and so the buttons built from it) and told to the GM in a private field."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.encounter import Encounter
from bot.encounter_ops.visibility import is_hidden
from bot.reply import Field, Reply

PROVOKES = "Provokes"


def without_hidden_attackers(reply: Reply, encounter: Encounter) -> Reply:
    """``reply`` (a public /move reply on ``encounter``, the whole board) with the hidden
    creatures it provoked moved to the GM's private fields."""
    if reply.ephemeral:
        return reply
    hidden = {t.name for t in encounter.tokens.values() if is_hidden(t)}
    provokes = [str(n) for n in reply.result.get("provokes") or ()]
    unseen = [n for n in provokes if n in hidden]
    if not unseen:
        return reply
    at = dict(reply.result.get("provoked_at") or {})
    told = Field(
        "Hidden attackers",
        ", ".join(f"{n} (at {at.get(n, '?')})" for n in unseen)
        + ": an opportunity attack each, not shown to the table.",
    )
    result = {
        **reply.result,
        "provokes": [n for n in provokes if n not in hidden],
        "provoked_at": {k: v for k, v in at.items() if k not in hidden},
    }
    return replace(
        reply,
        fields=_fields_without(reply.fields, unseen),
        result=result,
        private_fields=(*reply.private_fields, told),
    )


def _fields_without(fields: tuple[Field, ...], unseen: list[str]) -> tuple[Field, ...]:
    """The reply's fields with ``unseen`` taken out of its Provokes line (the line gone
    when nobody the table sees is left in it)."""
    out: list[Field] = []
    for f in fields:
        if f.name != PROVOKES:
            out.append(f)
            continue
        text = f.value
        for name in unseen:
            text = re.sub(rf"{re.escape(name)} \([^)]*\)(, )?", "", text)
        text = text.replace(", .", ".")
        if "(" in text:  # a visible attacker is left
            out.append(replace(f, value=text))
    return tuple(out)
