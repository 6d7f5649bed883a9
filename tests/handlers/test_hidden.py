"""Issue 17's hidden tokens: the GM sees them marked; players' replies, /encounter show,
/map, /distance and the public board message leave them out; their moves and edits
answer the GM privately (docs/RULINGS.md: a hidden token still occupies its space)."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import InvalidInput, NotAllowed
from bot.storage import Store
from tests.handlers.encounter_helpers import person, refused, run


async def ambush(gm: Context) -> None:
    await run(
        gm,
        "/encounter start width:10 height:10 ruleset:3.5",
        "/token add name:Ari at:A1 team:party owner:bob",
        "/token add name:Orc at:H8",
    )
    hid = await run(gm, "/token add name:Lurker at:E5 hidden:true")
    assert hid.ephemeral  # adding it is not announced


async def test_players_do_not_see_a_hidden_token(gm: Context, store: Store) -> None:
    await ambush(gm)
    bob = person(store, "bob")
    shown = await run(bob, "/encounter show")
    assert [t["name"] for t in shown.result["tokens"]] == ["Ari", "Orc"]
    assert "Lurker" not in shown.as_text() and "2 tokens" in shown.title
    gm_view = await run(gm, "/encounter show")
    assert "Lurker" in gm_view.as_text() and "hidden (the GM's eyes only)" in gm_view.as_text()
    with pytest.raises(InvalidInput, match="No token named"):
        await run(bob, "/distance from:Ari to:Lurker")
    assert (await run(gm, "/distance from:Ari to:Lurker")).result is not None


async def test_a_hidden_tokens_move_answers_the_gm_alone(gm: Context) -> None:
    await ambush(gm)
    moved = await run(gm, "/move token:Lurker to:E6")
    assert moved.ephemeral
    seen = await run(gm, "/move token:Orc to:H7")
    assert not seen.ephemeral


async def test_only_the_gm_hides_and_reveals(gm: Context, store: Store) -> None:
    await ambush(gm)
    bob = person(store, "bob")
    await refused(bob, "/token edit token:Ari hidden:true", NotAllowed, "Only the GM")
    revealed = await run(gm, "/token edit token:Lurker hidden:false")
    assert not revealed.ephemeral  # revealed: the table may know
    shown = await run(bob, "/encounter show")
    assert "Lurker" in shown.as_text()


async def test_the_public_board_leaves_it_out(gm: Context) -> None:
    from bot.handlers.board import board_message

    await ambush(gm)
    stored = await gm.store.active_encounter(gm.channel_id)
    assert stored is not None
    board = await board_message(stored.encounter)
    assert "3 tokens" not in board.as_text() and "2 tokens" in board.as_text()


async def test_the_gms_views_of_hidden_tokens_are_private(gm: Context, store: Store) -> None:
    """A reply that shows a hidden token goes to the GM alone: on Discord a public reply
    is read by the whole table."""
    await ambush(gm)
    for line in ("/encounter show", "/map", "/distance from:Ari to:Lurker", "/encounter export"):
        assert (await run(gm, line)).ephemeral, line
    bob = person(store, "bob")
    for line in ("/encounter show", "/map", "/distance from:Ari to:Orc", "/encounter export"):
        shown = await run(bob, line)
        assert not shown.ephemeral and "Lurker" not in shown.as_text(), line
    exported = await run(bob, "/encounter export")
    assert exported.attachment is not None and b"Lurker" not in exported.attachment[1]


async def test_a_gms_public_move_picture_leaves_hidden_tokens_out(gm: Context) -> None:
    await ambush(gm)
    moved = await run(gm, "/move token:Orc to:H7")
    assert not moved.ephemeral and "Lurker" not in moved.as_text()
    assert "Lurker" not in str(moved.result)


async def test_the_turn_order_keeps_a_hidden_tokens_turn_to_the_gm(
    gm: Context, store: Store
) -> None:
    await ambush(gm)
    ordered = await run(gm, "/turn order order:Lurker,Ari,Orc")
    assert not ordered.ephemeral
    assert ordered.title == "Round 1 · the GM goes first"
    assert ordered.result["order"] == ["Ari", "Orc"]
    # the table's part names no Lurker; the GM alone is told whose turn it is (issue 29)
    public, _, private = ordered.as_text().partition("— for the GM only —")
    assert "Lurker" not in public and "It is Lurker's turn (hidden), round 1." in private
    assert ordered.result["acting"] is None  # the table's view: nobody it can see
    bob = person(store, "bob")
    seen = await run(bob, "/turn show")
    assert seen.title == "Round 1 · the GM's turn" and "Lurker" not in seen.as_text()
    assert not seen.ephemeral
    gm_view = await run(gm, "/turn show")
    assert gm_view.ephemeral and "1. Lurker (hidden) ← acting" in gm_view.as_text()
    after = await run(gm, "/turn next")
    assert after.title == "Round 1 · Ari's turn" and "Lurker" not in after.as_text()
    joined = await run(gm, "/turn remove token:Lurker")
    assert joined.ephemeral


async def test_history_and_undo_keep_a_hidden_tokens_changes_to_the_gm(
    gm: Context, store: Store
) -> None:
    await ambush(gm)
    await run(gm, "/move token:Lurker to:E6", "/move token:Orc to:H7")
    bob = person(store, "bob")
    told = await run(bob, "/history")
    assert not told.ephemeral and "Lurker" not in told.as_text()
    assert any("Orc" in c["summary"] for c in told.result["changes"])
    full = await run(gm, "/history")
    assert full.ephemeral and "Lurker" in full.as_text()
    undone = await run(gm, "/undo")  # the Orc's move: public, the picture without Lurker
    assert not undone.ephemeral and "Lurker" not in undone.as_text()
    undone = await run(gm, "/undo")  # the Lurker's move
    assert undone.ephemeral


async def test_a_secret_door_is_a_wall_to_players_until_revealed(gm: Context, store: Store) -> None:
    """Issue 17: "secret doors as hidden edges"."""
    from bot.encounter_ops.visibility import public
    from bot.grid.coords import Cell, edge_key
    from bot.grid.terrain import Barrier

    await ambush(gm)
    hid = await run(gm, "/terrain edge cells:B1/B2 kind:door hidden:true")
    assert hid.ephemeral and hid.result["hidden"] is True
    stored = await store.active_encounter(gm.channel_id)
    assert stored is not None
    door = edge_key(Cell(1, 0), Cell(1, 1))
    assert stored.encounter.edges[door] is Barrier.DOOR and door in stored.encounter.hidden_edges
    assert public(stored.encounter).edges[door] is Barrier.WALL  # it looks like the wall
    bob = person(store, "bob")
    await refused(bob, "/door token:Ari edge:B1/B2 open:true", InvalidInput, "no door")
    assert not (await run(bob, "/encounter show")).ephemeral
    assert (await run(gm, "/encounter show")).ephemeral  # the GM's view shows it
    history = await run(bob, "/history")
    assert "B1/B2" not in history.as_text()
    revealed = await run(gm, "/terrain edge cells:B1/B2 kind:door hidden:false")
    assert not revealed.ephemeral
    after = await store.active_encounter(gm.channel_id)
    assert after is not None and not after.encounter.hidden_edges
    await refused(gm, "/terrain edge cells:C1/C2 kind:clear hidden:true", InvalidInput, "hides a")
