"""/token add count: and /token remove with a pattern, through the handlers: several
tokens in one change, placed where asked then around it; refusals change nothing."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput, NotAllowed, RulingError
from bot.handlers import run_line
from bot.user_ids import name_id
from tests.handlers.encounter_helpers import person, refused, run, tokens


async def test_count_names_and_places_them(board: Context) -> None:
    reply = await run_line(board, '/token add name:Goblin count:6 at:"D4 E4 F4"')
    assert reply.title == "6 tokens added: Goblin 1 to Goblin 6"
    stored = await tokens(board.store)
    cells = {name: t["cell"] for name, t in stored.items()}
    assert [cells[f"Goblin {i}"] for i in (1, 2, 3)] == ["D4", "E4", "F4"]
    # the rest on the first free squares around the listed ones, nearest first
    assert [cells[f"Goblin {i}"] for i in (4, 5, 6)] == ["C3", "D3", "E3"]
    assert [t["name"] for t in reply.result["tokens"]] == [f"Goblin {i}" for i in range(1, 7)]
    assert reply.result["token"]["name"] == "Goblin 1"
    assert all(t["team"] == "enemy" for t in stored.values())


async def test_count_numbers_on_from_those_already_there(board: Context) -> None:
    await run(board, "/token add name:Goblin count:2")
    reply = await run_line(board, "/token add name:goblin count:2")
    assert [t["name"] for t in reply.result["tokens"]] == ["goblin 3", "goblin 4"]
    assert sorted(await tokens(board.store)) == ["Goblin 1", "Goblin 2", "goblin 3", "goblin 4"]


async def test_count_without_at_fills_from_a1(board: Context) -> None:
    await run(board, "/token add name:Ari at:A1", "/token add name:Rat count:3 size:large")
    cells = {n: t["cell"] for n, t in (await tokens(board.store)).items()}
    assert [cells["Rat 1"], cells["Rat 2"], cells["Rat 3"]] == ["B1", "D1", "F1"]


async def test_one_undo_takes_them_all_back(board: Context) -> None:
    await run(board, "/token add name:Ari", "/token add name:Goblin count:4", "/undo")
    assert list(await tokens(board.store)) == ["Ari"]


@pytest.mark.parametrize(
    ("line", "error", "match"),
    [
        ("/token add name:Goblin count:21", InvalidInput, "1 to 20"),
        ("/token add name:Goblin count:0", InvalidInput, "1 to 20"),
        ('/token add name:Goblin count:2 at:"A1 B1 C1"', InvalidInput, "3 squares for 2"),
        ('/token add name:Goblin count:2 at:"A1 Z1"', InvalidInput, "off the map"),
        ('/token add name:Goblin count:2 at:"A1 A1"', InvalidInput, "twice"),
        ('/token add name:Goblin count:2 at:"A1 B1"', IllegalMove, "can't stand"),
        ("/token add name:Goblin count:2 size:gigantic", InvalidInput, None),
        ("/token add name:Bad,Name count:2", InvalidInput, "comma"),
    ],
)
async def test_bad_bulk_adds_change_nothing(
    board: Context, line: str, error: type[RulingError], match: str | None
) -> None:
    await run(board, "/token add name:Ari at:B1")
    await refused(board, line, error, match)


async def test_a_full_map_refuses_the_whole_batch(gm: Context) -> None:
    await run(gm, "/encounter start width:3 height:3", "/token add name:Ari at:A1")
    await refused(gm, "/token add name:Goblin count:9", IllegalMove, "no room left")
    assert list(await tokens(gm.store)) == ["Ari"]


async def test_the_encounters_token_limit_holds(board: Context) -> None:
    await run(board, *(f"/token add name:G{i} count:20" for i in range(4)))
    await run(board, "/token add name:Orc count:19")  # 99 tokens now
    await refused(board, "/token add name:Rat count:2", IllegalMove, "100")


async def test_players_bulk_add_their_own(board: Context) -> None:
    reply = await run_line(person(board.store, "ari"), "/token add name:Wolf count:2")
    assert all(
        t["owner"] == name_id("ari") and t["team"] == "party" for t in reply.result["tokens"]
    )


# ------------------------------------------------------------- removing by pattern


async def test_gm_removes_every_match(board: Context) -> None:
    await run(
        board, "/token add name:Goblin count:3", "/token add name:Gobbo", "/token add name:Ari"
    )
    reply = await run_line(board, '/token remove token:"Goblin*"')
    assert reply.title == "3 tokens removed from the map"
    assert reply.result["removed_all"] == ["Goblin 1", "Goblin 2", "Goblin 3"]
    assert sorted(await tokens(board.store)) == ["Ari", "Gobbo"]


async def test_a_players_pattern_removes_only_their_own(board: Context) -> None:
    await run(board, "/token add name:Goblin count:2")
    await run(person(board.store, "ari"), '/token add name:"Goblin pet"')
    reply = await run_line(person(board.store, "ari"), '/token remove token:"gob*"')
    assert reply.result["removed_all"] == ["Goblin pet"]
    assert reply.result["skipped"] == ["Goblin 1", "Goblin 2"]
    assert sorted(await tokens(board.store)) == ["Goblin 1", "Goblin 2"]


async def test_a_pattern_refusals_change_nothing(board: Context) -> None:
    await run(board, "/token add name:Goblin count:2")
    await refused(board, '/token remove token:"Orc*"', InvalidInput, "No token here matches")
    await refused(person(board.store, "ari"), '/token remove token:"Gob*"', NotAllowed)


async def test_removing_the_acting_token_by_pattern_passes_the_turn(board: Context) -> None:
    await run(
        board,
        "/token add name:Goblin count:2",
        "/token add name:Ari",
        '/turn order order:"Goblin 1, Goblin 2, Ari"',
    )
    reply = await run_line(board, '/token remove token:"Goblin ?"')
    assert reply.result["acting"] == "Ari"
