"""Issue 26: nothing stored breaks a channel. A running board whose stored state fails
the schema (an older bug, a hand-edited database) never crashes a command: each says
the board is damaged and changes nothing, and the GM can /undo back to the last good
board, end it, or import over it. Nothing the schema refuses is ever written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.context import Context
from bot.discord.dispatch import dispatch
from bot.errors import NotAllowed
from bot.storage import DamagedBoard, Store
from tests.discord.fakes import FakeInteraction
from tests.handlers.encounter_helpers import CHANNEL, person, run


async def state(store: Store, channel: str = CHANNEL) -> str | None:
    """The running board's stored text, read past the schema (it may be damaged)."""
    async with store.backend.reading() as db:
        row = await db.fetchone(
            "SELECT state FROM encounters WHERE channel_id = ? AND status = 'active'", channel
        )
    return None if row is None else str(row[0])


async def refused(
    ctx: Context, line: str, error: type[Exception] = Exception, match: str | None = None
) -> Any:
    """``line`` is refused with ``error`` (its message matching), nothing changed."""
    before = await state(ctx.store, ctx.channel_id)
    history = await ctx.store.history(ctx.channel_id, 50)
    with pytest.raises(error, match=match) as info:
        await run(ctx, line)
    assert await state(ctx.store, ctx.channel_id) == before
    assert await ctx.store.history(ctx.channel_id, 50) == history
    return info.value


async def damage(store: Store, channel: str, edit: Any) -> None:
    """Edit the running board's stored JSON by hand, as a database user might."""
    text = await state(store, channel)
    assert text is not None
    board = json.loads(text)
    edit(board)
    async with store.backend.transaction() as db:
        await db.execute(
            "UPDATE encounters SET state = ?, version = version + 1 "
            "WHERE channel_id = ? AND status = 'active'",
            json.dumps(board),
            channel,
        )


def reach_of_a_billion(board: dict[str, Any]) -> None:
    board["tokens"][0]["reach_ft"] = 10**9


async def board_with_a_move(gm: Context) -> None:
    await run(
        gm,
        "/encounter start width:10 height:10 ruleset:5e",
        "/token add name:Ari at:B2 owner:bob",
        "/token add name:Orc at:H8",
        "/move token:Ari to:C3",
    )


@pytest.mark.parametrize(
    "line",
    [
        "/move token:Ari to:D4",
        "/move token:Ari to:D4 preview:true",
        "/encounter show",
        "/map threats:true",
        "/distance from:Ari to:Orc",
        "/token add name:Bo",
        '/turn order order:"Ari, Orc"',
        "/template list",
        "/encounter export",
        "/encounter start",
    ],
)
async def test_every_command_says_the_board_is_damaged_and_changes_nothing(
    gm: Context, line: str
) -> None:
    await board_with_a_move(gm)
    await damage(gm.store, gm.channel_id, reach_of_a_billion)
    error = await refused(gm, line, DamagedBoard, "damaged")
    assert "tokens[0] (Ari).reach_ft" in error.message or "reach_ft" in error.message
    assert "/undo" in error.message and "/encounter end" in error.message


async def test_undo_goes_back_to_the_last_good_board(gm: Context) -> None:
    await board_with_a_move(gm)
    good = await state(gm.store)
    await damage(gm.store, gm.channel_id, reach_of_a_billion)
    undone = await run(gm, "/undo")  # the move's patch puts the tokens back as they were
    assert undone.title.startswith("Undid /move")
    shown = await run(gm, "/encounter show")
    assert [t["cell"] for t in shown.result["tokens"]] == ["B2", "H8"]
    assert good is not None and json.loads(good)["tokens"][0]["cell"] == "C3"


async def test_undo_says_when_the_board_is_still_damaged(gm: Context) -> None:
    await board_with_a_move(gm)
    await damage(gm.store, gm.channel_id, lambda b: b.update(round=float("inf")))
    undone = await run(gm, "/undo")  # the move didn't touch the round
    assert undone.result["damaged"] is True
    assert any(f.name == "Still damaged" for f in undone.fields)


async def test_a_player_can_neither_end_nor_mend_it(gm: Context, store: Store) -> None:
    await board_with_a_move(gm)
    await damage(store, gm.channel_id, reach_of_a_billion)
    bob = person(store, "bob")
    await refused(bob, "/encounter end confirm:true", NotAllowed, "only its GM")
    await refused(bob, "/history", NotAllowed, "only its GM")


async def test_the_gm_ends_it_and_starts_anew(gm: Context) -> None:
    await board_with_a_move(gm)
    await damage(gm.store, gm.channel_id, reach_of_a_billion)
    asked = await run(gm, "/encounter end")
    assert asked.result["archived"] is False and await state(gm.store) is not None
    ended = await run(gm, "/encounter end confirm:true")
    assert ended.result == {**ended.result, "archived": True, "damaged": True}
    assert await state(gm.store) is None
    await run(gm, "/encounter start width:5 height:5")


async def test_an_import_replaces_it(gm: Context, tmp_path: Path) -> None:
    await board_with_a_move(gm)
    await damage(gm.store, gm.channel_id, reach_of_a_billion)
    await refused(gm, '/encounter import text:"8x8 A1-Ari"', match="replace:true")
    reply = await run(gm, '/encounter import text:"8x8 A1-Ari" replace:true')
    assert reply.result["replaced"] is True
    assert (await run(gm, "/encounter show")).result["tokens"][0]["name"] == "Ari"


async def test_on_discord_the_answer_is_private_and_nothing_breaks(store: Store) -> None:
    started = FakeInteraction(store, manage_channels=True)
    await dispatch(started, "encounter start", {"width": 8, "height": 8})
    await dispatch(FakeInteraction(store, manage_channels=True), "token add", {"name": "Ari"})
    await damage(store, str(started.channel_id), reach_of_a_billion)
    moved = FakeInteraction(store, manage_channels=True)
    await dispatch(moved, "move", {"token": "Ari", "to": "C3"})
    (sent,) = moved.sent
    assert sent.ephemeral and "damaged" in (sent.embed.title or "")
    assert (
        "at most" in sent.embed.fields[0].value
        or "less than or equal to 100" in sent.embed.fields[0].value
    )
    pressed = FakeInteraction(store, manage_channels=True)
    await dispatch(pressed, "undo", {})
    assert "Undid /token add" in (pressed.sent[0].embed.title or "")


async def test_a_change_that_would_break_the_board_is_not_written(
    gm: Context, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store reads back what it is about to write: a bug that made a bad board
    (here, a change that leaves a token off the map) is refused, nothing written."""
    await run(gm, "/encounter start width:5 height:5", "/token add name:Ari at:A1")
    from bot.encounter_ops import tokens as token_ops
    from bot.grid.coords import Cell

    real = token_ops.add_token

    def off_the_map(*args: Any, **kwargs: Any) -> Any:
        made = real(*args, **kwargs)
        broken = made.token.__class__(made.token.name, Cell(30, 30))
        return made.__class__(made.encounter.with_token(broken), made.summary, broken, made.notes)

    monkeypatch.setattr(token_ops, "add_token", off_the_map)
    import bot.handlers.tokens as token_handlers

    monkeypatch.setattr(token_handlers, "add_token", off_the_map, raising=False)
    before = await state(gm.store)
    error = await refused(gm, "/token add name:Bo")
    assert "after that change" in error.message and "Bo" in error.message
    assert await state(gm.store) == before
