"""/move through the handlers: who may move what, the reply, the JSON, and that an
illegal move changes nothing."""

from __future__ import annotations

import asyncio

import pytest

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput, NotAllowed
from bot.handlers import run_line
from bot.storage import Store
from tests.handlers.encounter_helpers import ask_json, person, refused, run, state, tokens


@pytest.fixture
async def table(gm: Context) -> Context:
    await run(
        gm,
        "/encounter start width:12 height:12 ruleset:3.5",
        "/token add name:Ari at:A1 team:party owner:ari race:human",
        "/token add name:Bo at:A3 team:party owner:bo race:dwarf",
        "/token add name:Ogre at:E5 size:large team:enemy speed:40",
        '/terrain set cells:"B3 C3" kind:difficult',
    )
    return gm


async def test_move_reply_answers_in_the_title_and_cites_the_seed(table: Context) -> None:
    reply = await run_line(table, "/move token:Ari to:D4")
    assert reply.title == (
        "Ari moves to D4 — 25 ft, 5 ft left of this move action; "
        "a second move action gives 30 ft more"
    )
    fields = {f.name: f.value for f in reply.fields}
    assert fields["Path"] == "A1 → B2 → C3 → D4"
    assert "C3 15 ft (difficult ×2)" in fields["Cost"]
    assert fields["Movement"] == "25/30 ft used (move, walk)"
    assert "Turn" not in fields  # no turn order yet: no noise
    assert reply.footer.startswith("3.5 · SRD: Movement, Position, and Distance")


async def test_move_json_has_the_public_keys(table: Context) -> None:
    reply = await run_line(table, "/move token:Ari to:D6 action:double")
    result = reply.result
    assert result["path"][0] == "A1"
    assert result["path"][-1] == "D6"
    assert len(result["path"]) == 6  # five squares, the 2nd diagonal counting 2
    assert result["cost_ft"] == 30
    assert result["remaining_ft"] == 30
    assert result["provokes"] == ["Ogre"]
    assert result["action"] == "double"


async def test_an_illegal_move_changes_nothing_and_offers_the_nearest(table: Context) -> None:
    error = await refused(table, "/move token:Ari to:L12", IllegalMove)
    assert "Ari can't reach L12" in str(error)
    assert "can reach" in str(error)


async def test_a_move_is_saved_and_listed_in_history(table: Context) -> None:
    await run_line(table, "/move token:Ari to:B2")
    stored = await tokens(table.store)
    assert stored["Ari"]["cell"] == "B2"
    assert stored["Ari"]["activity"]["spent_ft"] == 5
    (latest, *_) = await table.store.history(table.channel_id, 5)
    assert latest.command == "move"
    assert latest.summary == "Ari moved to B2 (5 ft)"


async def test_undo_puts_the_token_back(table: Context) -> None:
    before = await state(table.store)
    await run_line(table, "/move token:Ari to:B2")
    await run_line(table, "/undo")
    assert await state(table.store) == before


async def test_a_player_moves_only_their_own_token(table: Context, store: Store) -> None:
    ari = person(store, "ari")
    await run_line(ari, "/move token:Ari to:B2")
    await refused(ari, "/move token:Bo to:B4", NotAllowed, "belongs to")
    await refused(ari, "/move token:Ogre to:H5 forced:push by:Ari", NotAllowed, "GM")


async def test_with_a_turn_order_a_player_moves_on_their_turn(table: Context, store: Store) -> None:
    await run_line(table, '/turn order order:"Bo, Ari, Ogre"')
    ari = person(store, "ari")
    await refused(ari, "/move token:Ari to:B2", NotAllowed, "It's Bo's turn")
    await run_line(person(store, "bo"), "/turn next")
    reply = await run_line(ari, "/move token:Ari to:B2")
    assert reply.result["path"] == ["A1", "B2"]
    # the GM moves anything, any time
    await run_line(table, "/move token:Ogre to:F5")


async def test_turn_next_gives_a_new_turns_movement(table: Context) -> None:
    await run_line(table, "/move token:Ari to:A7")
    second = await run_line(table, "/move token:Ari to:A12")  # the second move action
    assert second.result["used_ft"] == 55
    await refused(table, "/move token:Ari to:A11", IllegalMove, "no move action left")
    await run_line(table, "/turn next")
    reply = await run_line(table, "/move token:Ari to:A10")
    assert reply.result["used_ft"] == 10
    assert reply.result["total_ft"] == 30


async def test_forced_push_spends_nothing_and_provokes_nothing(table: Context) -> None:
    reply = await run_line(table, "/move token:Ogre to:H5 forced:push by:Ari")
    assert reply.title == "Ogre is pushed to H5"
    assert reply.result["cost_ft"] == 0
    assert reply.result["provokes"] == []
    assert "borrowed" in reply.footer


@pytest.mark.parametrize(
    ("line", "match"),
    [
        ("/move token:Nobody to:B2", 'No token named "Nobody"'),
        ("/move token:Ari to:Z99", "off the map"),
        ("/move token:Ari to:B", "column letter and a row number"),
        ("/move token:Ari to:B2 mode:teleport", "mode"),
        ("/move token:Ari to:B2 action:dash", 'Unknown action "dash". Accepted: move, double'),
        ("/move token:Ari", "Say where to"),
        ("/move token:Ari to:B2 by:Ogre", "forced:"),
        ("/move token:Ari to:B2 via:QQ", "column letter"),
    ],
)
async def test_bad_input_says_what_is_accepted(table: Context, line: str, match: str) -> None:
    await refused(table, line, InvalidInput, match)


async def test_no_encounter_no_move(gm: Context) -> None:
    with pytest.raises(InvalidInput, match="No encounter is running"):
        await run_line(gm, "/move token:Ari to:B2")


async def test_two_moves_at_once_never_lose_an_update(table: Context, store: Store) -> None:
    """Issue 3: every change in a channel is serialized."""
    await asyncio.gather(
        run_line(table, "/move token:Ari to:B1"),
        run_line(table, "/move token:Bo to:B4"),
        run_line(table, "/terrain set cells:J10 kind:hazard"),
    )
    stored = await tokens(store)
    assert stored["Ari"]["cell"] == "B1"
    assert stored["Bo"]["cell"] == "B4"
    assert len(await store.history(table.channel_id, 50)) == 8


async def test_console_json_for_move(store: Store) -> None:
    await ask_json(store, "/encounter start width:8 height:8")
    await ask_json(store, "/token add name:Kit at:A1")
    code, data = await ask_json(store, "/move token:Kit to:C3")
    assert code == 0
    assert data["ok"] is True
    assert data["result"]["path"] == ["A1", "B2", "C3"]
    assert data["result"]["cost_ft"] == 10
    assert data["result"]["remaining_ft"] == 20
    assert data["result"]["provokes"] == []
    code, data = await ask_json(store, "/move token:Kit to:H8")
    assert code != 0
    assert data["ok"] is False
    assert "can reach" in data["error"]


async def test_encounter_options_diagonals_5_10_5(gm: Context) -> None:
    """Issue 5 item 7: 5e-alt's per-encounter diagonal alternatives."""
    await run(gm, "/encounter start width:8 height:8 ruleset:5e-alt diagonals:5-10-5")
    await run(gm, "/token add name:Kit at:A1")
    reply = await run_line(gm, "/move token:Kit to:C3")
    assert reply.result["cost_ft"] == 15


async def test_units_show_beside_feet(gm: Context) -> None:
    """000 Optional Rule: Units of Distance (1 Unit = 5 ft)."""
    await run(gm, "/encounter start width:8 height:8 ruleset:5e-alt units:true")
    await run(gm, "/token add name:Kit at:A1")
    reply = await run_line(gm, "/move token:Kit to:A5")
    assert reply.title == "Kit moves to A5 — 4 Units (20 ft), 2 Units (10 ft) left"
    assert reply.result["cost_units"] == 4
    assert reply.result["remaining_units"] == 2


async def test_becmi_outdoors_reads_yards(gm: Context) -> None:
    """003 Feet vs. Yards: outdoors, 120' (40') moves 40 yards (120 ft) a round."""
    await run(gm, "/encounter start width:20 height:20 ruleset:becmi outdoors:true")
    await run(gm, "/token add name:Kit at:A1 speed:\"120' (40')\"")
    reply = await run_line(gm, "/move token:Kit to:A13")
    assert reply.result["cost_ft"] == 120
    assert reply.result["remaining_ft"] == 0


@pytest.mark.parametrize(
    ("line", "match"),
    [
        ("/encounter start ruleset:3.5 diagonals:5-10-5", "3.5 has no such option.*5e-alt"),
        ("/encounter start ruleset:5e-alt outdoors:true", "5e-alt has no such option.*becmi"),
        ("/encounter start ruleset:becmi units:true", "becmi has no such option"),
        ("/encounter start diagonals:7", "diagonals"),
    ],
)
async def test_encounter_options_belong_to_their_ruleset(
    gm: Context, line: str, match: str
) -> None:
    with pytest.raises(InvalidInput, match=match):
        await run_line(gm, line)
    assert await state(gm.store) is None


async def test_move_with_a_jump_on_the_way(gm: Context) -> None:
    """Issue 5: /move ... jump:<square>, costed and limited per /jump."""
    await run(
        gm,
        "/encounter start width:8 height:3 ruleset:5e-alt",
        "/token add name:Kit at:A2",
        '/terrain set cells:"A1:H1 A3:H3" kind:wall',
        '/terrain set cells:"C2 D2" kind:pit',
    )
    reply = await run_line(gm, "/move token:Kit to:F2 jump:E2")
    assert reply.result["path"] == ["A2", "B2", "E2", "F2"]
    assert reply.result["cost_ft"] == 25
    assert any(w["name"] == "Jump" for w in reply.result["warnings"])


async def test_3_5_jump_limits_in_one_reply_each_name_their_run_up(gm: Context) -> None:
    """Issue 28 (On the board): a 3.5 /move jump said "it can clear 14 ft" and "clears
    at most 7 ft" in one reply. Each limit comes with its take-off's run-up (the Jump
    skill's DC doubles under 20 ft, borrowed: 3.5 SRD), and the reply says so."""
    await run(
        gm,
        "/encounter start width:20 height:10 ruleset:3.5",
        '/terrain set cells:"F1-F10 G1-G10" kind:pit',
        "/token add name:Ari at:A5 speed:30",
    )
    reply = await run_line(gm, "/move token:Ari jump:H5 to:H5 check:14 action:double")
    jumps = [f.value for f in reply.fields if f.name == "Jump"]
    assert jumps == [
        "From E5 to H5, clearing 10 ft: after 20 ft of run-up it can clear 14 ft.",
        "From D4, after 15 ft of run-up with a check of 14, it clears at most 7 ft, short "
        "of the 15 ft jump from there (DC 30): it takes off from E5 instead.",
    ]


async def test_a_jump_with_nothing_to_clear_says_so_even_where_jumps_take_a_check(
    gm: Context,
) -> None:
    """3.5's /jump asks for a check; a jump to the next square is no jump at all."""
    await run(gm, "/encounter start width:8 height:3 ruleset:3.5", "/token add name:Ari at:A2")
    await refused(gm, "/move token:Ari to:B2 jump:B2 check:10", IllegalMove, "nothing to jump over")


async def test_3_5_titles_say_when_no_move_is_left_and_standing_costs_no_feet(
    gm: Context,
) -> None:
    """002 Stand Up from Prone is a move action, not movement: no "0 ft, 0 ft left";
    after the turn's last move action the title says so instead of "N ft left"."""
    await run(
        gm,
        "/encounter start width:10 height:6 ruleset:3.5",
        "/token add name:Ari at:D4 race:human",
        "/token condition token:Ari add:prone",
    )
    stood = await run_line(gm, "/move token:Ari action:stand")
    # the move action it leaves is in the title (002 Stand Up from Prone; 001 Move Actions)
    assert stood.title == "Ari stands up at D4 — a move action left gives 30 ft"
    assert stood.result["again_ft"] == 30
    assert not any(f.name == "Movement" for f in stood.fields)
    moved = await run_line(gm, "/move token:Ari to:D2")
    assert moved.title == "Ari moves to D2 — 10 ft, no move left this turn"
    assert moved.result["done_for_the_turn"] is True
    assert moved.result["remaining_ft"] == 20  # of that move action's allowance
