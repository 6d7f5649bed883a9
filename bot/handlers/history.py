"""/history and /undo: the channel's recent changes, and walking them back."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter import Encounter
from bot.encounter_ops.access import GM_IS, is_gm, may_undo, mention
from bot.encounter_ops.visibility import (
    for_the_gm,
    for_the_table,
    gm_only,
    names_hidden,
    public,
)
from bot.errors import BoardChanged, InvalidInput, NotAllowed
from bot.handlers.backgrounds import ctx_background
from bot.handlers.board import board_reply, render
from bot.handlers.damaged import problems_field, require_repairer
from bot.handlers.encounter_common import actor_of, chunked_fields, encounter_reply
from bot.render.board import BoardView
from bot.reply import Field, Reply, timestamp
from bot.storage import (
    HISTORY_DEPTH,
    PATCH,
    Change,
    Conflict,
    DamagedState,
    Store,
    StoredEncounter,
)

DEFAULT_COUNT = 10


def when(change: Change) -> str:
    """How long ago: a Discord timestamp ("5 minutes ago", in the reader's own time
    zone), ``2026-11-01 12:03 UTC`` in the console."""
    return timestamp(change.created_at)


def change_json(change: Change, *, by_gm: bool = False) -> dict[str, Any]:
    return {
        "command": change.command,
        "summary": for_the_gm(change.summary) if by_gm else for_the_table(change.summary),
        "by": change.user_id,
        "at": change.created_at,
    }


def secret(encounter: Encounter | None, change: Change) -> bool:
    """Whether a change is the GM's to read: the table saw none of it, or its line names
    a token or an edge hidden now."""
    if gm_only(change.summary):
        return True
    return encounter is not None and names_hidden(encounter, for_the_table(change.summary))


async def gm_of(store: Store, change: Change) -> str:
    """The GM of the encounter a change touched: its state before says so (or, when the
    row keeps only what the change altered, the encounter now); a start's maker is the
    GM of the encounter it started."""
    if change.before_state is None:
        return change.user_id
    before = json.loads(change.before_state)
    gm = before.get(PATCH, before).get("gm_id")
    if gm is None:
        gm = await store.encounter_gm(change.encounter_id)
    return str(gm)


def channel_reply(
    stored: StoredEncounter | None, title: str, fields: list[Field], result: dict[str, Any]
) -> Reply:
    """An encounter reply while one runs (its turn shown); a plain one otherwise."""
    if stored is not None:
        return encounter_reply(stored.encounter, title=title, fields=fields, result=result)
    return Reply(
        title=title, fields=tuple(fields), result={**result, "round": None, "acting": None}
    )


async def handle_history(ctx: Context, options: Mapping[str, Any]) -> Reply:
    count = options.get("count", DEFAULT_COUNT)
    changes = await ctx.store.history(ctx.channel_id, count)
    held = await ctx.store.active_or_damaged(ctx.channel_id)
    if isinstance(held, DamagedState):
        # whom a line names can't be told on a board that can't be read: its GMs only
        require_repairer(ctx, held, "read the history of")
        held = None
    stored = held
    encounter = stored.encounter if stored is not None else None
    by_gm = stored is not None and is_gm(stored.encounter, actor_of(ctx))
    # a change the table didn't see, or one that names a token hidden now, is the GM's
    # to read: left out for players (who get as many of their own as they asked for),
    # and the GM's list that shows one (or a line's GM part) is theirs alone
    if not by_gm and stored is not None:
        changes = [c for c in await ctx.store.history(ctx.channel_id, HISTORY_DEPTH)]
        changes = [c for c in changes if not secret(encounter, c)][:count]
    private = by_gm and any(
        secret(encounter, c) or for_the_gm(c.summary) != c.summary for c in changes
    )

    def line(c: Change) -> str:
        summary = for_the_gm(c.summary) if by_gm else for_the_table(c.summary)
        return f"{when(c)} {mention(c.user_id)} /{c.command}: {summary}"

    # short lines for a phone: how long ago, who, what
    lines = [line(c) for c in changes]
    title = (
        f"The last {len(changes)} change{'s' if len(changes) != 1 else ''} here, newest first"
        if changes
        else "No changes recorded in this channel yet"
    )
    fields = chunked_fields("Changes", lines) or [
        Field("Changes", "Encounter commands (/encounter, /token, /terrain, /turn) record here.")
    ]
    fields.append(Field("Undo", f"/undo walks back the newest; the last {HISTORY_DEPTH} are kept."))
    result = {"changes": [change_json(c, by_gm=by_gm) for c in changes]}
    reply = channel_reply(stored, title, fields, result)
    return replace(reply, ephemeral=private)


async def handle_undo(ctx: Context, options: Mapping[str, Any]) -> Reply:
    async with ctx.store.channel_lock(ctx.channel_id):
        undone = await _undo_latest(ctx)
    change, now_held = undone.change, undone.now_held
    stored = now_held if isinstance(now_held, StoredEncounter) else None
    private = _answered_to_the_gm(undone, stored)
    summary = for_the_gm(change.summary) if private else for_the_table(change.summary)
    title = f"Undid /{change.command}: {summary}"
    fields = [Field("By", f"{mention(change.user_id)}, {when(change)}")]
    result: dict[str, Any] = {
        "undone": change_json(change, by_gm=private),
        "encounter_running": now_held is not None,
    }
    if isinstance(now_held, DamagedState):
        fields += [
            problems_field(now_held),
            Field("Still damaged", "/undo again goes back further."),
        ]
        result["damaged"] = True
        return channel_reply(None, title, fields, result)
    if stored is None:
        fields.append(Field("Encounter", "No encounter is running here now."))
        return channel_reply(stored, title, fields, result)
    shown = stored.encounter if private else public(stored.encounter)
    now = _where_touched_now(undone.was, stored, shown, private)
    if now:
        fields.append(Field("Now", "\n".join(now)))
        result["now"] = now
    reply = replace(channel_reply(stored, title, fields, result), ephemeral=private)
    return board_reply(
        reply,
        await render(
            shown,
            BoardView(whole_map=True),
            await ctx_background(ctx, stored.encounter),
        ),
    )


def _answered_to_the_gm(undone: _Undone, stored: StoredEncounter | None) -> bool:
    """Undoing a change the table didn't see is answered to the GM alone; any other undo
    shows the asker the board they may see, and the GM's part of its line to the GM only."""
    change, was = undone.change, undone.was
    return undone.by_gm and (
        secret(stored.encounter if stored else None, change)
        or secret(was.encounter if was else None, change)
    )


def _where_touched_now(
    was: StoredEncounter | None, stored: StoredEncounter, shown: Encounter, private: bool
) -> list[str]:
    """Where the tokens the undo touched stand now, as the reply's readers may see them
    (nothing after a whole encounter came back)."""
    if was is None or was.id != stored.id:
        return []
    return where_now(was.encounter if private else public(was.encounter), shown)


@dataclass(frozen=True)
class _Undone:
    """An undo done: the change walked back, the encounter running before (None: none,
    or a damaged board), whether the asker may undo any change (the GM), and what the
    channel holds now."""

    change: Change
    was: StoredEncounter | None
    by_gm: bool
    now_held: StoredEncounter | DamagedState | None


async def _undo_latest(ctx: Context) -> _Undone:
    """The channel's latest change walked back, if the asker may (under the channel's
    lock: it is still the latest when undone)."""
    actor = actor_of(ctx)
    change = await _latest_change(ctx)
    held = await ctx.store.active_or_damaged(ctx.channel_id)
    was = held if isinstance(held, StoredEncounter) else None
    co_gms = was.encounter.co_gms if was is not None else ()
    if isinstance(held, DamagedState):
        co_gms = held.gm_ids  # mending a damaged board: its GMs, as far as they're known
    gm = await gm_of(ctx.store, change)
    by_gm = may_undo(actor, gm, "", co_gms)
    if not by_gm and secret(was.encounter if was else None, change):
        await _refuse_past_a_secret(ctx, was.encounter if was else None)
    if not may_undo(actor, gm, change.user_id, co_gms):
        raise NotAllowed(_not_yours(change))
    try:
        await ctx.store.undo(change)
    except Conflict:
        raise BoardChanged(
            "Another change landed while undoing: nothing was undone. See /history and try again."
        ) from None
    return _Undone(change, was, by_gm, await ctx.store.active_or_damaged(ctx.channel_id))


async def _latest_change(ctx: Context) -> Change:
    latest = await ctx.store.history(ctx.channel_id, 1)
    if not latest:
        raise InvalidInput(
            f"There is nothing to undo in this channel: no changes are recorded "
            f"(the last {HISTORY_DEPTH} are kept)."
        )
    return latest[0]


def _not_yours(change: Change) -> str:
    return (
        f"The last change here is {mention(change.user_id)}'s /{change.command} "
        f"({for_the_table(change.summary)}). A player undoes only their own change, and "
        f"only while it is the latest; the GM undoes any ({GM_IS})."
    )


async def _refuse_past_a_secret(ctx: Context, encounter: Encounter | None) -> None:
    """A player's /undo while the latest change is one the table didn't see: refused as
    the latest change the table did see would refuse it (the same words as on a board
    without the hidden things), or, when that one is the player's own, without saying
    what came after it (docs/RULINGS.md)."""
    changes = await ctx.store.history(ctx.channel_id, HISTORY_DEPTH)
    seen = next((c for c in changes if not secret(encounter, c)), None)
    if seen is None:
        raise InvalidInput(
            f"There is nothing to undo in this channel: no changes are recorded "
            f"(the last {HISTORY_DEPTH} are kept)."
        )
    if seen.user_id != ctx.user_id:
        raise NotAllowed(_not_yours(seen))
    raise NotAllowed(
        f"Your /{seen.command} can't be undone now: the board has changed since. The GM "
        f"can walk changes back ({GM_IS})."
    )


MAX_NOW_LINES = 6


def where_now(before: Encounter, after: Encounter) -> list[str]:
    """Where the tokens an undo touched stand now: "Ari is back at A1 (was at D4)"."""
    lines: list[str] = []
    for key in dict.fromkeys([*before.tokens, *after.tokens]):
        was, now = before.tokens.get(key), after.tokens.get(key)
        if now is None and was is not None:
            lines.append(f"{was.name} is off the map again (was at {was.cell})")
        elif was is None and now is not None:
            lines.append(f"{now.name} is back on the map at {now.cell}")
        elif was is not None and now is not None and was != now:
            moved = f" (was at {was.cell})" if was.cell != now.cell else ""
            lines.append(f"{now.name} is {'back ' if moved else ''}at {now.cell}{moved}")
    if len(lines) > MAX_NOW_LINES:
        lines = [*lines[:MAX_NOW_LINES], f"… and {len(lines) - MAX_NOW_LINES} more"]
    return lines


HISTORY = Command(
    "history",
    "The channel's recent changes, newest first",
    (
        Option(
            "count",
            "integer",
            f"How many (default {DEFAULT_COUNT})",
            min_value=1,
            max_value=HISTORY_DEPTH,
        ),
    ),
    handle_history,
)
UNDO = Command(
    "undo",
    "Undo the channel's last change (players: only their own)",
    (),
    handle_undo,
    changes_state=True,
)
