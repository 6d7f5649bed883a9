"""How a token reads in an encounter reply: its line (``Ari — C3 · Medium · party ·
30 ft``) and its JSON, and long lists of lines as Discord fields.

Split from ``encounter_common`` (which re-exports these names); pure, no store.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.encounter import Encounter, Token
from bot.encounter_ops.access import mention
from bot.encounter_ops.placement import size_label, squares_of
from bot.encounter_ops.reactions import reaction_state
from bot.encounter_ops.visibility import is_hidden
from bot.reply import Field
from bot.rules.moving import reactions_left
from bot.rules.ruleset import Ruleset
from bot.units import feet

# Discord's limit on one field's text; longer lists are split over several fields.
FIELD_VALUE_MAX = 1024


def token_json(
    token: Token, ruleset: Ruleset, encounter: Encounter | None = None
) -> dict[str, Any]:
    """A token as replies' JSON shows it: where, how big, whose, how fast now; with the
    ``encounter``, ``moved_ft`` is this turn's (0 for a token whose turn it isn't while an
    order runs, as its line says: issue 29)."""
    movement = ruleset.sheet.token_movement(token)
    return {
        "name": token.name,
        "cell": str(token.cell),
        "cells": [str(c) for c in squares_of(token, ruleset)],
        "size": token.size.name.lower(),
        "team": token.team,
        "owner": token.owner,
        "conditions": sorted(token.conditions),
        "speed_ft": movement.speed_ft,
        "speeds_ft": dict(movement.speeds_ft),
        "hover": movement.hover,
        "reach_ft": token.reach_ft,
        "moved_ft": 0.0 if _last_turns(token, encounter) else token.activity.spent_ft,
        # what its ruleset keeps (race, armor, load...), and the shared facts as this key
        # has always shown them (a public interface: scripts read them here)
        "state": state_shown(token),
    }


def state_shown(token: Token) -> dict[str, Any]:
    """A token's state as replies' JSON has always shown it: its ruleset's keys, with
    the shared facts (now typed fields) among them under their old names and forms."""
    facts: dict[str, Any] = {
        "altitude_ft": token.altitude_ft or None,
        "riding": token.riding,
        "grappled_by": ",".join(token.grappled_by) or None,
        "traits": ",".join(token.traits) or None,
        "hidden": token.hidden or None,
    }
    shown = {**token.state, **{k: v for k, v in facts.items() if v is not None}}
    return dict(sorted(shown.items()))


def token_line(token: Token, ruleset: Ruleset, encounter: Encounter | None = None) -> str:
    """``Ari — C3 · Medium · party · <@1> · 30 ft · prone · moved 10/30 ft``; with the
    ``encounter``, whom it rides and who grapples it, by name."""
    parts = [f"{token.name} — {token.cell}", size_label(token.size, ruleset), token.team]
    if token.owner:
        parts.append(mention(token.owner))
    parts.append(ruleset.sheet.token_movement(token).describe())
    parts += ruleset.sheet.token_words(token)  # its ruleset's state: "exhaustion 2", "swimming"
    if token.conditions:
        parts.append(", ".join(sorted(token.conditions)))
    if is_hidden(token):
        parts.append("hidden (the GM's eyes only)")
    parts += reaction_words(token, ruleset)
    if token.traits:
        parts.append(", ".join(token.traits))
    high = token.altitude_ft
    if high:
        parts.append(f"{feet(high)} up")
    if encounter is not None:
        mount = encounter.mount_of(token)
        if mount is not None:
            parts.append(f"riding {mount.name}")
        holders = [encounter.tokens[k].name for k in token.grappled_by if k in encounter.tokens]
        if holders:
            parts.append("grappled by " + ", ".join(holders))
    activity = token.activity
    if (activity.spent_ft or activity.budget_ft) and not _last_turns(token, encounter):
        parts.append(f"moved {activity.spent_ft:g}/{activity.budget_ft:g} ft")
    return " · ".join(parts)


def reaction_words(token: Token, ruleset: Ruleset) -> list[str]:
    """``["reaction used"]`` while a token's reaction is spent, until its turn (issue 29)."""
    rule = ruleset.reaction_rule
    if rule is None or not token.reactions_used:
        return []
    return [reaction_state(rule.word, token, reactions_left(rule, token))]


def _last_turns(token: Token, encounter: Encounter | None) -> bool:
    """Whether what ``token`` moved is from its last turn, not this one: while a turn
    order runs, a token that isn't acting has not moved this turn (issue 29: /encounter
    show said "moved 30/30 ft" of every token that had moved last round)."""
    if encounter is None or not encounter.order:
        return False
    acting = encounter.acting
    return acting is None or acting.key != token.key


def chunked_fields(name: str, lines: Sequence[str], limit: int = FIELD_VALUE_MAX) -> list[Field]:
    """``lines`` as fields of at most ``limit`` characters: "Tokens", "Tokens (more)"..."""
    out: list[Field] = []
    current: list[str] = []
    for line in lines:
        if current and len("\n".join([*current, line])) > limit:
            out.append(Field(name if not out else f"{name} (more)", "\n".join(current)))
            current = []
        current.append(line)
    if current:
        out.append(Field(name if not out else f"{name} (more)", "\n".join(current)))
    return out
