"""/turn order, next, show and clear."""

from __future__ import annotations

import random

import pytest

from bot.context import Context
from bot.encounter import Token
from bot.errors import InvalidInput, NotAllowed
from bot.rules import rulesets
from bot.storage import Store
from bot.user_ids import name_id
from tests.handlers.encounter_helpers import ask_json, person, refused, run


@pytest.fixture
async def trio(gm: Context, player: Context) -> Context:
    """Ari (the player's), Bo and Goblin on a 10×10 map."""
    await run(gm, "/encounter start width:10 height:10")
    await run(player, "/token add name:Ari")
    await run(gm, "/token add name:Bo", "/token add name:Goblin team:enemy")
    return gm


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names ``ruleset.economy.start_turn`` is called with (5e-alt), in order."""
    calls: list[str] = []
    ruleset = rulesets()["5e-alt"]
    original = ruleset.economy.start_turn

    def spy(token: Token) -> Token:
        calls.append(token.name)
        return original(token)

    monkeypatch.setattr(ruleset.economy, "start_turn", spy)
    return calls


async def test_a_given_order_starts_round_1(trio: Context, started: list[str]):
    reply = await run(trio, '/turn order order:"goblin, Ari"')
    assert reply.result["order"] == ["Goblin", "Ari"]  # Bo, not named, is left out
    assert reply.result["round"] == 1 and reply.result["acting"] == "Goblin"
    assert reply.title == "Round 1 · Goblin goes first"
    assert started == ["Goblin"]
    assert reply.fields[-1].value == "Round 1 · Goblin's turn"


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ('/turn order order:"Ari, Zed"', 'No token named "Zed" here. Tokens: Ari, Bo, Goblin'),
        ('/turn order order:"Ari, ari"', "named twice"),
        ('/turn order order:" , "', "separated by commas"),
        ("/turn order", "roll:true"),
        ('/turn order order:"Ari" roll:true', "not both"),
    ],
)
async def test_bad_orders_are_refused(trio: Context, line: str, says: str):
    await refused(trio, line, InvalidInput, says)


async def test_rolled_order_is_highest_first_ties_rolled_again(trio: Context):
    reply = await run(trio, "/turn order roll:true")
    rolls = reply.result["rolls"]
    assert sorted(r["name"] for r in rolls) == ["Ari", "Bo", "Goblin"]
    assert all(1 <= r["roll"] <= 20 for r in rolls)
    keys = [(-r["roll"], -(r["tiebreak"] or 0), r["name"].casefold()) for r in rolls]
    assert keys == sorted(keys)
    assert reply.result["order"] == [r["name"] for r in rolls]
    shown = next(f for f in reply.fields if f.name == "Rolls (d20 + initiative)")
    assert all(f"{r['name']} {r['roll']}" in shown.value for r in rolls)


async def test_rolls_come_from_the_commands_dice(store: Store):
    results = []
    for channel in ("a", "b"):
        ctx = Context(store, channel, name_id("dm"), is_gm=True, rng=random.Random(5))
        await run(ctx, "/encounter start", *(f"/token add name:T{i}" for i in range(6)))
        results.append((await run(ctx, "/turn order roll:true")).result["rolls"])
    assert results[0] == results[1]


async def test_ties_go_by_name(trio: Context, monkeypatch: pytest.MonkeyPatch):
    trio.rng = random.Random()
    monkeypatch.setattr(trio.rng, "randint", lambda a, b: 12)
    reply = await run(trio, "/turn order roll:true")
    assert reply.result["order"] == ["Ari", "Bo", "Goblin"]


async def test_next_walks_the_order_and_wraps_into_the_next_round(
    trio: Context, started: list[str]
):
    await run(trio, '/turn order order:"Ari, Bo, Goblin"')
    titles = [(await run(trio, "/turn next")).title for _ in range(4)]
    assert titles == [
        "Round 1 · Bo's turn",
        "Round 1 · Goblin's turn",
        "Round 2 · Ari's turn",
        "Round 2 · Bo's turn",
    ]
    assert started == ["Ari", "Bo", "Goblin", "Ari", "Bo"]


async def test_without_an_order_next_starts_a_round_for_everyone(trio: Context, started: list[str]):
    reply = await run(trio, "/turn next")
    assert reply.result["round"] == 2 and reply.result["acting"] is None
    assert reply.result["started"] == ["Ari", "Bo", "Goblin"]
    assert started == ["Ari", "Bo", "Goblin"]


async def test_who_may_end_a_turn(trio: Context, player: Context, store: Store):
    bo_player = person(store, "bo")
    await refused(player, "/turn next", NotAllowed, "Only the GM can start the next round")
    await run(trio, '/turn order order:"Ari, Bo"')
    await refused(bo_player, "/turn next", NotAllowed, "It is Ari's turn")
    await run(player, "/turn next")  # Ari's owner ends Ari's turn
    await refused(player, "/turn next", NotAllowed, "only its owner or the GM")
    await run(trio, "/turn next")
    for line in ('/turn order order:"Ari"', "/turn clear"):
        await refused(player, line, NotAllowed, "Only the GM")


async def test_show_and_clear(trio: Context):
    await run(trio, '/turn order order:"Bo, Ari"', "/turn next")
    shown = await run(trio, "/turn show")
    assert shown.title == "Round 1 · Ari's turn"
    assert shown.fields[0].value == "1. Bo\n2. Ari ← acting"
    cleared = await run(trio, "/turn clear")
    assert cleared.result["acting"] is None and cleared.result["order"] == []
    assert (await run(trio, "/encounter show")).result["tokens"][0]["name"] == "Ari"
    await refused(trio, "/turn clear", InvalidInput, "no turn order to clear")
    assert (await run(trio, "/turn show")).title == "Round 1 · no turn order"


async def test_an_order_needs_tokens(gm: Context):
    await run(gm, "/encounter start")
    await refused(gm, "/turn order roll:true", InvalidInput, "no tokens yet")


async def test_console_json(store: Store):
    await ask_json(store, "/encounter start width:5 height:5")
    await ask_json(store, "/token add name:Ari")
    await ask_json(store, "/token add name:Bo")
    code, data = await ask_json(store, "/turn order roll:true")
    assert code == 0
    assert [r["name"] for r in data["result"]["rolls"]] == data["result"]["order"]
    code, data = await ask_json(store, "/turn next")
    assert data["result"]["acting"] == data["result"]["order"][1]


async def test_the_turn_line_appears_once_a_turn_order_runs(gm: Context):
    """Before an order exists no reply carries 'Round 1 · no turn order'; once one runs,
    every encounter reply says whose turn it is."""
    await run(gm, "/encounter start width:6 height:6", "/token add name:Ari at:A1")
    before = await run(gm, "/token edit token:Ari at:B1")
    assert not any(f.name == "Turn" for f in before.fields)
    await run(gm, '/turn order order:"Ari"')
    after = await run(gm, "/token edit token:Ari at:C1")
    assert any(f.name == "Turn" and "Ari" in f.value for f in after.fields)


async def test_a_late_combatant_joins_without_restarting_the_fight(trio: Context):
    """/turn add keeps the round and whose turn it is; /turn remove likewise."""
    await run(trio, '/turn order order:"Ari, Goblin"', "/turn next", "/turn next", "/turn next")
    shown = await run(trio, "/turn show")
    assert shown.result["round"] == 2 and shown.result["acting"] == "Goblin"
    joined = await run(trio, "/turn add token:Bo after:Ari")
    assert joined.result["order"] == ["Ari", "Bo", "Goblin"]
    assert joined.result["round"] == 2 and joined.result["acting"] == "Goblin"
    left = await run(trio, "/turn remove token:Goblin")  # the acting one leaves
    assert left.result["order"] == ["Ari", "Bo"]
    assert left.result["round"] == 2 and left.result["acting"] == "Ari"


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("/turn add token:Ari", "already in the turn order"),
        ("/turn add token:Bo after:Zed", 'No token named "Zed"'),
        ("/turn add token:Bo after:Ari position:2", "not both"),
        ("/turn remove token:Bo", "not in the turn order"),
    ],
)
async def test_turn_add_and_remove_refuse_bad_input(trio: Context, line: str, says: str):
    await run(trio, '/turn order order:"Ari, Goblin"')
    with pytest.raises(InvalidInput, match=says):
        await run(trio, line)


async def test_only_the_gm_changes_a_running_order(trio: Context, player: Context):
    await run(trio, '/turn order order:"Ari, Goblin"')
    with pytest.raises(NotAllowed):
        await run(player, "/turn add token:Bo")


async def test_rolled_order_adds_each_initiative_modifier_and_shows_each_roll(gm: Context):
    """/turn order roll:true: d20 + the token's init: modifier, highest first; ties to
    the higher modifier, then a d20 rolled again (docs/RULINGS.md)."""
    await run(gm, "/encounter start width:10 height:10")
    await run(gm, "/token add name:Ari init:+30", "/token add name:Bo init:-30")
    reply = await run(gm, "/turn order roll:true")
    assert reply.result["order"] == ["Ari", "Bo"]
    ari = reply.result["rolls"][0]
    assert ari["roll"] == ari["d20"] + 30 and ari["modifier"] == 30
    shown = {f.name: f.value for f in reply.fields}["Rolls (d20 + initiative)"]
    assert f"Ari {ari['roll']} ({ari['d20']}+30)" in shown


def test_initiative_ties_go_to_the_higher_modifier_then_a_reroll():
    from bot.encounter import Encounter, Token
    from bot.encounter_ops.turns import roll_initiative
    from bot.grid.coords import Cell

    tokens = {
        n.lower(): Token(n, Cell(i, 0), initiative_bonus=b)
        for i, (n, b) in enumerate((("Lo", 0), ("Hi", 5)))
    }
    encounter = Encounter(5, 5, "3.5", "gm", tokens=tokens)
    for seed in range(50):
        rolls = roll_initiative(encounter, random.Random(seed))
        if rolls[0].roll == rolls[1].roll:
            assert rolls[0].name == "Hi"  # equal totals: the higher modifier first
            break
    else:
        pytest.skip("no tie in 50 seeds")
