"""How many rounds a template has left (issue 29's `rounds:`), on /template list and on the
board message's Areas field: read from the same clock that ends it (`ends_in_round`,
`ends_at_turn_of`), so the count reaches 1 and the next turn that counts ends it."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.encounter import Encounter
from bot.handlers.board import board_message
from bot.storage import Store
from tests.handlers.encounter_helpers import person, refused, run


async def board_of(store: Store) -> Encounter:
    stored = await store.active_encounter("table-1")
    assert stored is not None
    return stored.encounter


def listed(reply: object) -> str:
    return next(f.value for f in reply.fields if f.name == "Templates")  # type: ignore[attr-defined]


async def areas_field(store: Store) -> str | None:
    message = await board_message(await board_of(store))
    return next((f.value for f in message.fields if f.name == "Areas"), None)


async def fight(gm: Context) -> None:
    await run(
        gm,
        "/encounter start width:12 height:10 ruleset:5e",
        "/token add name:Ari at:B2 team:party",
        "/token add name:Goblin at:F5 team:enemy",
        "/token add name:Orc at:J9 team:enemy",
        "/turn order order:Ari,Goblin,Orc",
    )


async def test_a_two_round_area_counts_down_on_its_placers_turn(gm: Context, store: Store) -> None:
    """Placed on Ari's turn for 2 rounds: 2 left through round 1, 1 left from Ari's next
    turn, and gone as Ari's turn in round 3 starts."""
    await fight(gm)
    await run(gm, "/template add shape:circle size:10 at:G6 name:Fog rounds:2")
    seen = []
    for _ in range(6):  # Goblin, Orc, Ari (round 2), Goblin, Orc, Ari (round 3)
        reply = await run(gm, "/turn next")
        ended = [f.value for f in reply.fields if f.name == "Ended"]
        seen.append(ended[0] if ended else listed(await run(gm, "/template list")))
    assert [line.split(", ")[-1].split(" (")[0] for line in seen[:5]] == [
        "2 rounds left",
        "2 rounds left",
        "1 round left",
        "1 round left",
        "1 round left",
    ]
    assert seen[5] == "Round 3: Fog ends"


async def test_the_board_message_says_the_rounds_left_and_lists_every_area(
    gm: Context, store: Store
) -> None:
    await fight(gm)
    assert await areas_field(store) is None  # no area: no field
    await run(gm, "/template add shape:circle size:10 at:G6 name:Fog rounds:3")
    await run(gm, "/template add shape:square size:10 at:C3 name:Web")
    assert await areas_field(store) == "Fog (3 rounds left) · Web"
    await run(gm, "/turn next", "/turn next", "/turn next")  # Ari's turn, round 2
    assert await areas_field(store) == "Fog (2 rounds left) · Web"


async def test_with_no_order_the_rounds_left_count_the_rounds_to_begin(gm: Context) -> None:
    await run(gm, "/encounter start width:12 height:10 ruleset:5e")
    await run(gm, "/template add shape:square size:10 at:C3 name:Web rounds:2")
    assert "at C3, 2 rounds left (4 squares)" in listed(await run(gm, "/template list"))
    await run(gm, "/turn next")  # round 2
    assert "at C3, 1 round left (4 squares)" in listed(await run(gm, "/template list"))


@pytest.mark.parametrize("placed_on", ["Goblin", "Orc"])
async def test_an_area_placed_later_in_the_round_says_a_whole_count(
    gm: Context, placed_on: str
) -> None:
    """Placed on a later turn for 1 round: 1 left until that creature's next turn."""
    await fight(gm)
    steps = ["Goblin", "Orc"].index(placed_on) + 1
    await run(gm, *["/turn next"] * steps)
    await run(gm, "/template add shape:circle size:5 at:G6 name:Fog rounds:1")
    for _ in range(2):
        assert "1 round left" in listed(await run(gm, "/turn next", "/template list"))
    assert "Round 2: Fog ends" in [
        f.value for f in (await run(gm, "/turn next")).fields if f.name == "Ended"
    ]


async def test_an_area_with_no_duration_says_nothing_of_rounds(gm: Context) -> None:
    await fight(gm)
    await run(gm, "/template add shape:circle size:10 at:G6 name:Aura")
    assert "round" not in listed(await run(gm, "/template list"))


async def test_a_colour_is_stored_listed_and_a_strange_one_refused(
    gm: Context, store: Store
) -> None:
    await fight(gm)
    added = await run(gm, "/template add shape:circle size:20 at:G6 name:Fireball colour:red")
    assert added.result["colour"] == "red"  # type: ignore[index]
    assert (await board_of(store)).templates[0].colour == "red"
    assert "Fireball: 20 ft red circle at G6" in listed(await run(gm, "/template list"))
    await run(gm, "/template add shape:circle size:5 at:B2 name:Light")
    assert (await board_of(store)).templates[1].colour == "purple"  # the default
    assert "Light: 5 ft circle at B2" in listed(await run(gm, "/template list"))
    await refused(gm, "/template add shape:circle size:10 at:G6 colour:pink", match="colour")


async def test_a_hidden_creatures_turn_changes_no_ones_count(gm: Context, store: Store) -> None:
    """On a hidden creature's turn the table's copy of the board has no one acting: the
    count is still read on the whole board, so players and the board message say what
    the GM sees, and nothing tells them a turn is under way."""
    await run(
        gm,
        "/encounter start width:12 height:10 ruleset:5e",
        "/token add name:Ari at:B2 team:party",
        "/token add name:Ghost at:F5 team:enemy hidden:true",
        "/token add name:Orc at:J9 team:enemy",
        "/turn order order:Ari,Ghost,Orc",
        "/template add shape:circle size:10 at:G6 name:Fog rounds:1",
        "/turn next",  # the Ghost's turn
    )
    player = person(store, "p1")
    assert "Fog: 10 ft circle at G6, 1 round left" in listed(await run(player, "/template list"))
    assert "Fog: 10 ft circle at G6, 1 round left" in listed(await run(gm, "/template list"))
    assert await areas_field(store) == "Fog (1 round left)"


async def test_an_area_whose_creature_left_the_order_counts_the_rounds_to_begin(
    gm: Context,
) -> None:
    """Placed on the Goblin's turn for 2 rounds, the Goblin then removed: it ends at the
    first turn of its last round (docs/RULINGS.md), so the count is of rounds to begin."""
    await fight(gm)
    await run(gm, "/turn next")  # the Goblin's turn
    added = await run(gm, "/template add shape:circle size:5 at:G6 name:Fog rounds:2")
    assert added.result["rounds_left"] == 2  # type: ignore[index]
    await run(gm, "/token remove token:Goblin")
    assert "2 rounds left" in listed(await run(gm, "/template list"))
    # the Goblin's turn passed with it, to the Orc: next is Ari's, in round 2
    assert (await run(gm, "/turn next")).title == "Round 2 · Ari's turn"
    listing = await run(gm, "/template list")
    assert "1 round left" in listed(listing)
    assert listing.result["rounds_left"] == {"Fog": 1}  # type: ignore[index]
    await run(gm, "/turn next")  # the Orc's
    ends = await run(gm, "/turn next")  # round 3, Ari's turn: the first of round 3
    assert next(f for f in ends.fields if f.name == "Ended").value == "Round 3: Fog ends"
