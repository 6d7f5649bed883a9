"""What every encounter command shares: finding the encounter, who is GM, and the
one way a change is made.

Every change in a channel goes through :func:`change_encounter`: it holds the
channel's lock, loads the running encounter, calls a pure function on it
(``bot.encounter_ops``, or /move's own) and saves the result with a history
entry for /undo. Two commands at once in one channel never lose an update; a
refused change (a ``RulingError`` from the pure function) writes nothing.

A token's line and JSON (``token_line``, ``token_json``, ``chunked_fields``) live in
``token_lines`` and are imported from here as before.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bot.context import Context
from bot.encounter import Encounter
from bot.encounter_ops.access import Actor, is_gm, mention
from bot.encounter_ops.outcomes import Edit, Outcome
from bot.encounter_ops.turns import turn_text
from bot.encounter_ops.unseen import change_as_seen, hides_from
from bot.encounter_ops.visibility import (
    GM_MARK,
    Seen,
    gm_only,
    is_hidden,
    public,
    seen_by,
    with_gm_note,
)
from bot.errors import BoardChanged, InvalidInput
from bot.handlers import GM_NOTES
from bot.handlers.board_rules import board_rules
from bot.handlers.token_lines import (
    FIELD_VALUE_MAX,
    chunked_fields,
    reaction_words,
    state_shown,
    token_json,
    token_line,
)
from bot.metrics import METRICS
from bot.reply import Field, Reply
from bot.rules import rulesets
from bot.rules.ruleset import Ruleset
from bot.storage import Conflict, StoredEncounter, checked_now, dump_state
from bot.storage.settings import notes_in, with_note
from bot.work import board as board_work

# How often a change is worked out again when another writer got there first.
CHANGE_ATTEMPTS = 25
NO_ENCOUNTER = "No encounter is running in this channel. Start one with /encounter start."

OutcomeT = TypeVar("OutcomeT", bound=Outcome)


async def load_active(ctx: Context) -> StoredEncounter:
    """The channel's running encounter, or an ``InvalidInput`` saying how to start one."""
    stored = await ctx.store.active_encounter(ctx.channel_id)
    if stored is None:
        raise InvalidInput(NO_ENCOUNTER)
    return stored


def actor_of(ctx: Context) -> Actor:
    return Actor(ctx.user_id, ctx.is_gm)


def is_encounter_gm(ctx: Context, encounter: Encounter) -> bool:
    """Manage Channels here, or the one who started the encounter."""
    return is_gm(encounter, actor_of(ctx))


def ruleset_of(encounter: Encounter) -> Ruleset:
    """The encounter's ruleset with its options applied (5e's encumbrance: counts in
    every token's speed a reply shows, not only in a move)."""
    return rulesets()[encounter.ruleset].for_encounter(encounter)


@dataclass(frozen=True)
class Changed(Generic[OutcomeT]):
    """A change made: the stored state before it and the pure function's outcome.

    ``saved`` is False when the outcome equals the state before (nothing was
    written, and there is nothing to undo).
    """

    before: StoredEncounter
    outcome: OutcomeT
    saved: bool

    @property
    def after(self) -> Encounter:
        return self.outcome.encounter

    @property
    def summary(self) -> str:
        return self.outcome.summary


def _worked_out(
    ruled: Callable[[Encounter], tuple[OutcomeT, str]], stored: StoredEncounter
) -> tuple[OutcomeT, str, str, Encounter | None]:
    """The change, its note for the GM, the text the store would keep and, when that
    differs from the stored text, the text read back as the store checks it (here, in
    the worker: ``checked_now``)."""
    outcome, note = ruled(stored.encounter)
    after_json = dump_state(outcome.encounter)
    decoded = checked_now(after_json, board_rules()) if after_json != stored.state_json else None
    return outcome, note, after_json, decoded


async def change_encounter(
    ctx: Context,
    command_name: str,
    mutate: Callable[[Encounter], OutcomeT],
    *,
    whole_board: bool = False,
) -> Changed[OutcomeT]:
    """Apply ``mutate`` to the channel's running encounter and save it.

    ``mutate`` is pure: it returns an outcome (``Edit(encounter, summary)`` or any
    object with ``encounter`` and ``summary``) or raises a ``RulingError``, and
    then nothing is written. ``command_name`` ("token add") goes into /history.

    The write is a compare-and-swap on the encounter's version: if another command
    (in this process or another) changed the board after it was read, the change is
    worked out again from the fresh state, a few times, and then refused with
    ``BoardChanged``; nothing is ever written over a state this command didn't see.
    The pure work runs on the board pool (``bot/work.py``), so a long path search
    never holds the event loop.

    A player's change is ruled on the board as they see it (issue 26: the same board
    without the hidden things would answer the same) and put back on the whole board
    (``encounter_ops.unseen``); ``whole_board`` rules it on the whole board instead
    (/move, which finds hidden creatures by the rules; the turn order, whose hidden
    turns are real). What the GM alone may read goes in the /history line's GM part
    and to the GM (``tell_gm``).
    """
    ruled = _on_the_whole_board(mutate) if whole_board else _as_the_asker_sees(ctx, mutate)
    async with ctx.store.channel_lock(ctx.channel_id):
        for attempt in range(CHANGE_ATTEMPTS):
            stored = await load_active(ctx)
            # one dump, in the worker too (a big board's text is real work): compared
            # with the stored text (the same state always gives the same text), then
            # written as it is
            outcome, note, after_json, decoded = await board_work(_worked_out, ruled, stored)
            if after_json == stored.state_json:
                if note:  # nothing changed, but the GM is still told (a move stopped at once)
                    await tell_gm(ctx, f"/{command_name} by {mention(ctx.user_id)}: {note}")
                return Changed(stored, outcome, saved=False)
            summary = history_line(stored.encounter, outcome.encounter, outcome.summary, note)
            try:
                await ctx.store.save_encounter(
                    ctx.channel_id,
                    stored,
                    outcome.encounter,
                    user_id=ctx.user_id,
                    command=command_name,
                    summary=summary,
                    state_json=after_json,
                    decoded=decoded,
                )
            except Conflict:
                METRICS.store_retry()
                await asyncio.sleep(random.uniform(0.01, 0.05) * min(attempt + 1, 6))
                continue
            if note:
                await tell_gm(ctx, f"/{command_name} by {mention(ctx.user_id)}: {note}")
            return Changed(stored, outcome, saved=True)
    METRICS.store_conflict_refused()
    raise BoardChanged(
        "The board changed while this command worked (someone else moved at the same "
        "moment): nothing was changed. Try again."
    )


Ruled = Callable[[Encounter], tuple[OutcomeT, str]]


def _on_the_whole_board(mutate: Callable[[Encounter], OutcomeT]) -> Ruled[OutcomeT]:
    """``mutate`` as it is, with the note for the GM an outcome may carry (``gm_note``:
    a player's move that found a hidden creature)."""

    def ruled(whole: Encounter) -> tuple[OutcomeT, str]:
        outcome = mutate(whole)
        return outcome, str(getattr(outcome, "gm_note", ""))

    return ruled


def _as_the_asker_sees(ctx: Context, mutate: Callable[[Encounter], OutcomeT]) -> Ruled[OutcomeT]:
    """``mutate`` ruled on the board the asker sees when they are a player and something
    is hidden from them, with the GM's note of what the hidden things did to make way."""
    actor = actor_of(ctx)

    def ruled(whole: Encounter) -> tuple[OutcomeT, str]:
        if is_gm(whole, actor) or not hides_from(whole, ctx.user_id):
            return mutate(whole), ""
        return change_as_seen(whole, ruleset_of(whole), ctx.user_id, mutate)

    return ruled


def history_line(before: Encounter, after: Encounter, summary: str, gm_note: str = "") -> str:
    """A change's /history line: the GM's part added, and the whole line the GM's when
    the table sees no change at all (a hidden token moved or added, a secret door)."""
    line = with_gm_note(summary, gm_note)
    table_before, table_after = public(before), public(after)
    if table_before is before and table_after is after:
        return line  # nothing hidden, before or after
    return GM_MARK + line if table_before == table_after and not gm_only(line) else line


async def tell_gm(ctx: Context, line: str) -> None:
    """Keep ``line`` for the channel's GM: their next command's reply carries it, for
    their eyes only (``take_gm_notes``)."""
    await ctx.store.update_meta(GM_NOTES + ctx.channel_id, lambda held: with_note(held, line))


async def take_gm_notes(ctx: Context) -> list[tuple[str, str]]:
    """The notes kept for this channel's GM, each (heading, line), when the asker is its
    GM (and then they are taken: each is told once)."""
    key = GM_NOTES + ctx.channel_id
    if await ctx.store.get_meta(key) in (None, "", "[]"):
        return []
    stored = await ctx.store.active_encounter(ctx.channel_id)
    if stored is None or not is_gm(stored.encounter, actor_of(ctx)):
        return []
    # taken in one transaction: a note a player's move adds meanwhile is kept, not lost
    return notes_in(await ctx.store.update_meta(key, lambda _: "[]"))


# ------------------------------------------------------------------ replies


def seen_in(ctx: Context, whole: Encounter) -> Seen:
    """The board as the asker's reply may show it, and whether that reply must be
    theirs alone (it shows a hidden token: the GM's view of an ambush)."""
    return seen_by(whole, by_gm=is_gm(whole, actor_of(ctx)), viewer=ctx.user_id)


def turn_field(encounter: Encounter) -> Field:
    """``Round 3 · Ari's turn``: in every encounter reply."""
    return Field("Turn", turn_text(encounter))


def turn_json(encounter: Encounter) -> dict[str, Any]:
    acting = encounter.acting
    # a hidden token's turn is "the GM's turn" (turn_text): nobody the table may name
    shown = acting.name if acting is not None and not is_hidden(acting) else None
    return {"round": encounter.round, "acting": shown}


def footer_for(ruleset: Ruleset, *sections: str) -> str:
    where = f"{ruleset.document} › {', '.join(sections)}" if sections else ruleset.document
    return f"{ruleset.id} · {where} · {ruleset.square_ft} ft squares"


UNCHANGED = Field("Nothing changed", "It already was so; there is nothing to undo.")


def hidden_field(encounter: Encounter) -> tuple[Field, ...]:
    """What a public reply about a whole board leaves out (its counts are the table's),
    as a private field for the GM: the hidden tokens and the secret doors."""
    names = [t.name for t in encounter.tokens.values() if is_hidden(t)]
    doors = len(encounter.hidden_edges)
    parts = [f"{len(names)} hidden token{'s' if len(names) != 1 else ''}: {', '.join(names)}"]
    parts = parts if names else []
    if doors:
        parts.append(f"{doors} secret door{'s' if doors != 1 else ''}")
    return (Field("Hidden too (not counted above)", "; ".join(parts)),) if parts else ()


def encounter_reply(
    encounter: Encounter,
    *,
    title: str,
    fields: Sequence[Field] = (),
    result: dict[str, Any] | None = None,
    description: str = "",
    sections: Sequence[str] = (),
    changed: bool | None = None,
    show_turn: bool = True,
) -> Reply:
    """A reply about an encounter: the turn field last, the round and acting token in JSON.

    ``changed`` is whether a change was saved (False: it already was so); None
    for a reply that changes nothing by design (/encounter show). ``show_turn=False``
    leaves the turn field out (an ended encounter has no next turn to name).
    """
    # before anything has happened, "Round 1 · no turn order" on every reply is only noise
    # (an order of hidden tokens alone isn't one the table knows of)
    running = public(encounter).order or encounter.round > 1
    turn = (turn_field(encounter),) if show_turn and running else ()
    shown = [*fields, *((UNCHANGED,) if changed is False else ()), *turn]
    data = {**(result or {}), **turn_json(encounter)}
    if changed is not None:
        data["changed"] = changed
    return Reply(
        title=title,
        description=description,
        fields=tuple(shown),
        footer=footer_for(ruleset_of(encounter), *sections),
        result=data,
    )


__all__ = [
    "FIELD_VALUE_MAX",
    "NO_ENCOUNTER",
    "Changed",
    "Edit",
    "actor_of",
    "change_encounter",
    "chunked_fields",
    "encounter_reply",
    "footer_for",
    "is_encounter_gm",
    "load_active",
    "reaction_words",
    "ruleset_of",
    "state_shown",
    "token_json",
    "token_line",
    "turn_field",
    "turn_json",
]
