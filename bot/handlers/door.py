"""/door: a token opens or closes a door beside it (002 "Open or Close a Door")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter import Encounter
from bot.encounter_ops.terrain import use_door
from bot.handlers.encounter_common import actor_of, change_encounter, encounter_reply, ruleset_of
from bot.reply import Field, Reply
from bot.rules.rulings import Note


@dataclass(frozen=True)
class DoorUsed:
    encounter: Encounter
    summary: str
    note: Note


async def handle_door(ctx: Context, options: Mapping[str, Any]) -> Reply:
    actor = actor_of(ctx)
    want_open = options.get("open", True)

    def mutate(encounter: Encounter) -> DoorUsed:
        rules = ruleset_of(encounter).for_encounter(encounter)
        after, summary, note = use_door(
            encounter, rules, actor, options["token"], options["edge"], want_open
        )
        return DoorUsed(after, summary, note)

    changed = await change_encounter(ctx, "door", mutate)
    return encounter_reply(
        changed.after,
        title=changed.summary,
        fields=(Field(changed.outcome.note.label, changed.outcome.note.text),),
        result={"open": want_open, "edge": options["edge"]},
        sections=("Open or Close a Door",),
        changed=changed.saved,
    )


DOOR = Command(
    "door",
    "Open or close a door beside a token",
    (
        Option("token", "string", "Who opens or closes it", required=True, refers_to="token"),
        Option(
            "edge",
            "string",
            'The door, as the two squares it stands between: "C3/C4"',
            required=True,
        ),
        Option("open", "boolean", "true to open (default), false to close"),
    ),
    handle_door,
    changes_state=True,
)
