"""Issue 29, initiative as tables roll it: players type their own rolls (/turn roll
value:), the GM rolls the rest with their modifiers, and a latecomer takes its place
by its initiative instead of the end of the order."""

from __future__ import annotations

from bot.context import Context
from bot.errors import NotAllowed
from bot.storage import Store
from tests.handlers.encounter_helpers import person, refused, run, tokens


async def table(gm: Context, player: Context) -> None:
    """Ari (the player's), Goblin 1 and Goblin 2 (the GM's, init +2)."""
    await run(gm, "/encounter start width:10 height:10 ruleset:5e")
    await run(player, "/token add name:Ari init:3")
    await run(gm, "/token add name:Goblin count:2 init:2")


async def test_a_player_types_their_roll_and_the_gm_rolls_the_rest(
    gm: Context, player: Context
) -> None:
    await table(gm, player)
    typed = await run(player, "/turn roll token:Ari value:17")
    assert typed.title == "Ari rolls initiative 17; /turn order roll:true starts the order"
    assert typed.result["rolls"][0] | {"roll": 17, "typed": True} == typed.result["rolls"][0]
    started = await run(gm, "/turn order roll:true")
    rolls = {r["name"]: r for r in started.result["rolls"]}
    assert rolls["Ari"]["roll"] == 17 and rolls["Ari"]["typed"]
    for goblin in ("Goblin 1", "Goblin 2"):  # the bot's d20 plus their +2
        assert rolls[goblin]["roll"] == rolls[goblin]["d20"] + 2 and not rolls[goblin]["typed"]
    assert "Ari 17 (typed)" in started.as_text()
    kept = await tokens(gm.store)
    assert kept["Ari"]["initiative"] == 17  # the order keeps each one's initiative


async def test_a_latecomer_takes_its_place_by_initiative_not_the_end(
    gm: Context, player: Context
) -> None:
    await table(gm, player)
    await run(player, "/turn roll token:Ari value:20")
    await run(gm, '/turn roll token:"Goblin 1" value:15')
    await run(gm, '/turn roll token:"Goblin 2" value:5')
    await run(gm, "/turn order roll:true")
    added = await run(gm, "/token add name:Ogre init:1")
    hint = added.as_text()
    assert "/turn add token:Ogre" in hint and "/turn order would start round 1 again" in hint
    # the GM's roll for it: it joins the running order at its place
    joined = await run(gm, "/turn roll token:Ogre value:10")
    assert joined.title == "Ogre rolls initiative 10: it goes at 3 in the order"
    assert joined.result["order"] == ["Ari", "Goblin 1", "Ogre", "Goblin 2"]
    # a roll typed late moves a token that isn't acting to its place
    moved = await run(gm, '/turn roll token:"Goblin 2" value:30')
    assert moved.title == "Goblin 2 rolls initiative 30: it goes at 1 in the order"
    assert moved.result["order"] == ["Goblin 2", "Ari", "Goblin 1", "Ogre"]
    assert moved.result["round"] == 1 and "Ari's turn" in moved.as_text()  # still acting


async def test_turn_add_rolls_a_latecomers_initiative_with_its_modifier(
    gm: Context, player: Context
) -> None:
    await table(gm, player)
    await run(gm, "/turn order roll:true")
    await run(gm, "/token add name:Ogre init:4")
    joined = await run(gm, "/turn add token:Ogre")
    (roll,) = joined.result["rolls"]
    assert roll["name"] == "Ogre" and roll["roll"] == roll["d20"] + 4
    assert "Ogre" in joined.result["order"]
    placed = (await tokens(gm.store))["Ogre"]["initiative"]
    assert placed == roll["roll"]


async def test_a_player_rolls_only_for_their_own_tokens(
    gm: Context, player: Context, store: Store
) -> None:
    await table(gm, player)
    await refused(player, '/turn roll token:"Goblin 1" value:20', NotAllowed, "isn't yours")
    await refused(person(store, "eve"), "/turn roll token:Ari value:20", NotAllowed, "isn't yours")
    assert (await tokens(gm.store))["Ari"].get("initiative") is None


async def test_clearing_the_order_forgets_the_fights_initiative(
    gm: Context, player: Context
) -> None:
    await table(gm, player)
    await run(player, "/turn roll token:Ari value:17")
    await run(gm, "/turn order roll:true", "/turn clear")
    assert all(t.get("initiative") is None for t in (await tokens(gm.store)).values())


async def test_the_init_modifier_is_echoed_where_it_is_given(gm: Context) -> None:
    await run(gm, "/encounter start width:10 height:10 ruleset:5e")
    added = await run(gm, "/token add name:Ogre init:-1")
    assert "Initiative: -1: added to its d20 when the bot rolls its initiative" in added.as_text()


async def test_encounter_show_gives_this_turns_movement_not_last_turns(gm: Context) -> None:
    """Issue 29: after Ari's turn, /encounter show still said "moved 30/30 ft" of Ari."""
    await run(
        gm,
        "/encounter start width:10 height:10 ruleset:5e",
        "/token add name:Ari at:A1",
        "/token add name:Bo at:A5",
        '/turn order order:"Ari, Bo"',
        "/move token:Ari to:G1",
    )
    during = (await run(gm, "/encounter show")).as_text()
    assert "Ari — G1 · Medium · enemy · 30 ft · moved 30/30 ft" in during
    await run(gm, "/turn next", "/move token:Bo to:B5")
    after = (await run(gm, "/encounter show")).as_text()
    assert "moved 30/30 ft" not in after  # Ari's was last turn's
    assert "Bo — B5 · Medium · enemy · 30 ft · moved 5/30 ft" in after


async def test_a_turn_that_starts_pings_its_players_owner_on_the_console_too(
    gm: Context, player: Context
) -> None:
    """Issue 29 (turn pings): the console shows the mention Discord would send."""
    await run(gm, "/encounter start width:10 height:10 ruleset:5e", "/token add name:Orc")
    await run(player, "/token add name:Ari")
    started = await run(gm, '/turn order order:"Orc, Ari"')
    assert "ping" not in started.result  # the GM's own Orc
    turn = await run(gm, "/turn next")
    assert turn.pings == ((player.user_id, "it's your turn: Ari, round 1."),)
    assert turn.result["ping"] == player.user_id
    assert turn.as_text().startswith(f"<@{player.user_id}> it's your turn: Ari, round 1.")


async def test_when_the_acting_token_leaves_the_next_ones_turn_starts(
    gm: Context, player: Context
) -> None:
    await run(gm, "/encounter start width:10 height:10 ruleset:5e", "/token add name:Orc")
    await run(player, "/token add name:Ari")
    await run(gm, '/turn order order:"Orc, Ari"', "/move token:Orc to:E1")
    left = await run(gm, "/turn remove token:Orc")
    assert left.result["started"] == ["Ari"] and left.result["ping"] == player.user_id
