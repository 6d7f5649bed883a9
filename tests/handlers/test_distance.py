"""/distance and /move preview:true through the handlers: measuring changes nothing,
under the encounter's own diagonal rule, with the /move rules' answer to "can I reach
it this turn"; and /move's token: left out takes the user's own token."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.handlers import run_line
from bot.handlers.distance import End, reach
from bot.handlers.encounter_common import ruleset_of
from tests.handlers.encounter_helpers import person, refused, run, state, tokens


@pytest.fixture
async def table(gm: Context) -> Context:
    await run(
        gm,
        "/encounter start width:12 height:12 ruleset:3.5",
        "/token add name:Ari at:A1 team:party owner:ari race:human",
        "/token add name:Bo at:A3 team:party owner:bo race:dwarf",
        "/token add name:Bo2 at:L1 team:party owner:bo race:dwarf",
        "/token add name:Goblin at:E5 team:enemy",
        "/token add name:Ogre at:K10 size:large team:enemy",
    )
    return gm


async def test_001_diagonals_squares_measure_one_two(table: Context) -> None:
    """001 "Diagonals": the 2nd diagonal counts 2 squares, as /distance measures it."""
    before = await state(table.store)
    reply = await run_line(table, "/distance from:A1 to:E5")
    assert reply.result["distance_ft"] == 30  # 4 diagonals: 1+2+1+2 squares
    assert reply.title == "A1 to E5: 30 ft"
    assert "reach" not in reply.result  # from a square: only the measure
    assert await state(table.store) == before


async def test_a_token_is_measured_from_its_nearest_square(table: Context) -> None:
    reply = await run_line(table, "/distance from:Goblin to:Ogre")
    # the Ogre (Large) covers K10-L11: nearest K10, 6 columns and 5 rows from E5
    assert reply.result["squares"] == ["E5", "K10"]
    assert reply.result["distance_ft"] == 40  # 5 diagonals (1+2+1+2+1) + 1 straight


async def test_can_i_reach_the_goblin_answers_with_the_action_and_changes_nothing(
    table: Context,
) -> None:
    ari = person(table.store, "ari")
    before = await state(table.store)
    history = await table.store.history(table.channel_id, 50)
    reply = await run_line(ari, "/distance from:Ari to:Goblin")
    reach = reply.result["reach"]
    assert reach == {
        "goal": "D4",
        "cost_ft": 20,
        "at_least": False,
        "reachable": True,
        "action": "move",
        "left_ft": 10,
        "out_of_movement": False,
    }
    assert reply.title == "Ari to Goblin: 30 ft — can get there this turn (move)"
    assert await state(table.store) == before
    assert await table.store.history(table.channel_id, 50) == history


async def test_a_farther_square_names_the_bigger_action(table: Context) -> None:
    reply = await run_line(table, "/distance from:Ari to:F7")
    reach = reply.result["reach"]
    assert reach["reachable"] is False
    assert reach["action"] == "double"  # 3.5: 40 ft away, a double move reaches it
    assert reach["cost_ft"] == 40
    assert "action:double" in reply.title


async def test_out_of_reach_says_what_stops_it(table: Context) -> None:
    reply = await run_line(table, "/distance from:Ari to:Ogre")
    assert reply.result["reach"]["reachable"] is False
    assert reply.title.endswith("can't get there this turn")
    fields = {f.name: f.value for f in reply.fields}
    assert "can reach" in fields["This turn"]


async def test_5e_distance_follows_the_encounters_diagonal_rule(gm: Context) -> None:
    await run(gm, "/encounter start width:10 height:10 ruleset:5e diagonals:5-10-5")
    assert (await run_line(gm, "/distance from:A1 to:E5")).result["distance_ft"] == 30
    await run(gm, "/encounter end confirm:true", "/encounter start width:10 height:10 ruleset:5e")
    assert (await run_line(gm, "/distance from:A1 to:E5")).result["distance_ft"] == 20


async def test_from_defaults_to_the_users_one_token(table: Context) -> None:
    reply = await run_line(person(table.store, "ari"), "/distance to:C3")
    assert reply.result["from"] == "Ari"


@pytest.mark.parametrize(
    ("line", "match"),
    [
        ("/distance from:Zed to:A1", 'No token named "Zed"'),
        ("/distance from:Ari to:Z99", "off the map"),
        ("/distance from:Ari to:Ari", "both Ari"),
        ("/distance from:Ari", "needs to:"),
    ],
)
async def test_bad_measures_are_refused_and_change_nothing(
    table: Context, line: str, match: str
) -> None:
    await refused(table, line, InvalidInput, match)


async def test_several_tokens_and_no_from_names_them(table: Context) -> None:
    await refused(person(table.store, "bo"), "/distance to:C3", InvalidInput, "Bo, Bo2")


# ------------------------------------------------------------- /move preview:true


async def test_move_preview_rules_and_draws_but_writes_nothing(table: Context) -> None:
    before = await state(table.store)
    history = await table.store.history(table.channel_id, 50)
    reply = await run_line(table, "/move token:Ari to:D4 preview:true")
    assert reply.title.startswith("Preview: Ari moves to D4 — 20 ft")
    assert reply.result["preview"] is True
    assert reply.result["changed"] is False
    assert reply.result["path"] == ["A1", "B2", "C3", "D4"]
    assert reply.image_png  # the picture of the move
    assert any(f.name == "Preview" for f in reply.fields)
    assert await state(table.store) == before
    assert await table.store.history(table.channel_id, 50) == history


async def test_a_refused_preview_is_the_same_refusal(table: Context) -> None:
    await refused(table, "/move token:Ari to:L12 preview:true", IllegalMove, "can't reach L12")


async def test_a_player_previews_out_of_turn(table: Context) -> None:
    await run(table, "/turn order order:Goblin,Ari,Bo,Bo2,Ogre")
    ari = person(table.store, "ari")
    await refused(ari, "/move token:Ari to:B2")  # not Ari's turn
    reply = await run_line(ari, "/move token:Ari to:B2 preview:true")
    assert reply.result["path"][-1] == "B2"


# ------------------------------------------------------------- token: left out


async def test_move_without_token_moves_the_players_one_token(table: Context) -> None:
    reply = await run_line(person(table.store, "ari"), "/move to:B2")
    assert reply.result["token"] == "Ari"
    assert (await tokens(table.store))["Ari"]["cell"] == "B2"


async def test_move_without_token_takes_the_token_whose_turn_it_is(table: Context) -> None:
    await run(table, "/turn order order:Bo2,Goblin,Ari,Bo,Ogre")
    reply = await run_line(person(table.store, "bo"), "/move to:K2")
    assert reply.result["token"] == "Bo2"


async def test_move_without_token_and_several_names_them(table: Context) -> None:
    error = await refused(person(table.store, "bo"), "/move to:B4", InvalidInput)
    assert "Bo, Bo2" in str(error)
    await refused(person(table.store, "cy"), "/move to:B4", InvalidInput, "no token here")


async def test_no_room_beside_the_target_is_said_not_taken_for_already_there(
    gm: Context,
) -> None:
    await run(gm, "/encounter start width:3 height:3 ruleset:3.5", "/token add name:Ari at:A1")
    stored = await gm.store.active_encounter(gm.channel_id)
    assert stored is not None
    encounter = stored.encounter
    rules = ruleset_of(encounter)
    ari = encounter.token("Ari")
    everywhere = tuple(Cell(c, r) for c in range(3) for r in range(3))
    # a target covering the whole map leaves no square beside it
    way = reach(encounter, rules, ari, End("Dragon", everywhere, ari))
    assert way is not None and not way.now and "no room" in way.why


async def test_a_gm_with_many_tokens_is_told_only_some_names(board: Context) -> None:
    await run(board, "/token add name:Rat count:12")
    error = await refused(board, "/move to:B4", InvalidInput, "Rat 1, Rat 2")
    assert "Rat 11" not in str(error) and "…" in str(error)
