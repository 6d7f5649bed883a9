"""A refusal names the real reason (issue 30): what a table trying the board found
misdiagnosed, each case as it was met. Driven through the handlers as the console
drives them, and through the Discord interaction path where a player reads it."""

from __future__ import annotations

import io

import pytest

from bot.console import run_once
from bot.context import Context
from bot.discord.dispatch import dispatch
from bot.errors import IllegalMove
from bot.reply import Reply
from bot.storage import Store
from tests.discord.fakes import FakeInteraction
from tests.handlers.encounter_helpers import refused, run

# a room's east wall built of wall squares down column L, its doorway at L9 with a
# closed door on the edge K9/L9: the way from I7 to M7 goes through it
WALL_SQUARES = '"L1-L8 L10-L15"'


@pytest.fixture
async def room(gm: Context) -> Context:
    await run(
        gm,
        "/encounter start width:20 height:15",
        f"/terrain set cells:{WALL_SQUARES} kind:wall",
        "/terrain edge cells:K9/L9 kind:door",
        "/token add name:Ana at:I7 speed:30 team:party",
    )
    return gm


def fields_of(reply: Reply) -> dict[str, str]:
    return {f.name: f.value for f in reply.fields}


def laid_out(error: IllegalMove) -> dict[str, str]:
    return {name: value for name, value in error.fields}


async def test_a_closed_door_is_named_not_the_wall_beside_it(room: Context) -> None:
    """Was: "blocked: a solid corner at L8 stops a diagonal step past it", and no
    word of the door. The door is what blocks, and /door opens it."""
    error = await refused(room, "/move token:Ana to:M7", IllegalMove)
    assert isinstance(error, IllegalMove)
    fields = laid_out(error)
    assert fields["Why"] == (
        "The cheapest way there is blocked: a closed door between K9 and L9 is in the way."
    )
    assert "corner" not in str(error) and "L8" not in str(error)
    assert fields["Instead"] == (
        "Ana can reach K9 for 10 ft, beside the door, and open it with /door token:Ana edge:K9/L9"
    )
    assert error.result is not None
    refusal = error.result["refusal"]
    assert (refusal["reason"], refusal["blocker"]) == ("blocked_by_wall", "closed door")
    assert (refusal["blocked_by"], refusal["door"], refusal["door_from"]) == ("door", "K9/L9", "K9")
    assert (refusal["nearest"], refusal["nearest_cost_ft"]) == ("K9", 10)


async def test_too_far_through_a_closed_door_still_names_it(room: Context) -> None:
    """Was: "it is at least 35 ft away and move allows 30 ft. Ana can reach K7": the
    only way is through the door, out of range even opened; the door is named, and the
    square beside it offered."""
    error = await refused(room, "/move token:Ana to:P7", IllegalMove)
    assert isinstance(error, IllegalMove)
    fields = laid_out(error)
    assert fields["Why"] == (
        "It is at least 35 ft away and move allows 30 ft; the way (35 ft) is blocked: "
        "a closed door between K9 and L9 is in the way."
    )
    assert fields["Instead"] == (
        "Ana can reach K9 for 10 ft, beside the door, and open it with /door token:Ana edge:K9/L9"
    )
    assert error.result is not None
    refusal = error.result["refusal"]
    assert (refusal["reason"], refusal["at_least"], refusal["door"]) == ("too_far", True, "K9/L9")


async def test_the_door_hint_is_the_move_that_works(room: Context) -> None:
    """Following the hint gets there: to K9, /door, then on to M7."""
    await run(room, "/move token:Ana to:K9", "/door token:Ana edge:K9/L9")
    reply = await run(room, "/move token:Ana to:M7")
    assert reply.title is not None and reply.title.startswith("Ana moves to M7")


async def test_beside_the_door_already_the_hint_is_door_alone(room: Context) -> None:
    await run(room, "/token edit token:Ana at:K9")
    error = await refused(room, "/move token:Ana to:M8", IllegalMove)
    assert isinstance(error, IllegalMove)
    assert "/door token:Ana edge:K9/L9 opens it" in laid_out(error)["Instead"]


async def test_a_door_in_an_edge_wall_is_told_from_a_wall(gm: Context) -> None:
    """Walls drawn on edges with a door among them: the door, not the wall next to it
    (the way through the wall is no cheaper, so the door's tier comes first)."""
    await run(
        gm,
        "/encounter start width:20 height:15",
        "/terrain edge cells:K1-K15 side:east kind:wall",
        "/terrain edge cells:K9/L9 kind:door",
        "/token add name:Ana at:I7 speed:30 team:party",
    )
    error = await refused(gm, "/move token:Ana to:N7", IllegalMove)
    assert isinstance(error, IllegalMove)
    assert error.result is not None
    refusal = error.result["refusal"]
    assert (refusal["blocked_by"], refusal["door"]) == ("door", "K9/L9")
    assert "wall between" not in laid_out(error)["Why"]


async def test_a_wall_is_still_a_wall(room: Context) -> None:
    """No door on the way: the wall stays the reason, and no /door is offered."""
    await run(room, "/terrain edge cells:K9/L9 kind:wall")
    error = await refused(room, "/move token:Ana to:M7", IllegalMove)
    assert isinstance(error, IllegalMove)
    assert "/door" not in str(error)
    assert error.result is not None
    assert error.result["refusal"]["door"] is None


async def test_a_player_on_discord_reads_the_door_and_the_command(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 20, "height": 15})
    await dispatch(gm, "terrain set", {"cells": "L1-L8 L10-L15", "kind": "wall"})
    await dispatch(gm, "terrain edge", {"cells": "K9/L9", "kind": "door"})
    await dispatch(gm, "token add", {"name": "Ana", "at": "I7", "owner": "78", "speed": 30})
    player = FakeInteraction(store, user_id=78)
    await dispatch(player, "move", {"token": "Ana", "to": "M7"})
    embed = player.sent[-1].embed
    fields = {f.name: f.value for f in embed.fields}
    assert "a closed door between K9 and L9" in str(fields["Why"])
    assert "/door token:Ana edge:K9/L9" in str(fields["Instead"])


async def test_a_secret_door_stays_a_wall_to_a_player(store: Store) -> None:
    """A player never learns what the GM hid: a secret door is refused as the wall
    they see, with no /door to try."""
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 20, "height": 15})
    await dispatch(gm, "terrain set", {"cells": "L1-L8 L10-L15", "kind": "wall"})
    await dispatch(gm, "terrain edge", {"cells": "K9/L9", "kind": "door", "hidden": True})
    await dispatch(gm, "token add", {"name": "Ana", "at": "I7", "owner": "78", "speed": 30})
    player = FakeInteraction(store, user_id=78)
    await dispatch(player, "move", {"token": "Ana", "to": "M7"})
    shown = player.sent[-1].embed
    text = " ".join([str(shown.title), *(str(f.value) for f in shown.fields)])
    assert shown.title == "Ana can't reach M7"
    assert "The cheapest way there is blocked" in text  # by the wall the player sees
    assert "door" not in text.lower()


# ------------------------------------------------- /distance: out of movement


@pytest.fixture
async def spent(gm: Context) -> Context:
    """5e-alt: Ana has used all 30 ft of her move."""
    await run(
        gm,
        "/encounter start width:20 height:15",
        "/token add name:Ana at:B2 speed:30 team:party",
        "/token add name:Gob at:J2",
        "/move token:Ana to:H2",
    )
    return gm


async def test_out_of_movement_is_said_with_the_dash_that_fixes_it(spent: Context) -> None:
    """Was: "Cheapest way: to I1, beside Gob: no legal way found" and "out of reach
    this turn", as if no path existed. The way costs 5 ft; she is out of movement,
    and a Dash gets her there."""
    reply = await run(spent, "/distance from:Ana to:Gob")
    assert reply.title == "Ana to Gob: 10 ft — out of movement this turn; action:dash gets there"
    fields = fields_of(reply)
    assert fields["Cheapest way"] == "to I1, beside Gob: 5 ft"
    assert (
        fields["This turn"]
        == "Ana is out of movement (30 ft of 30 ft used); action:dash gets there"
    )
    assert "no legal way" not in str(fields_of(reply))
    reach = reply.result["reach"]
    assert (reach["out_of_movement"], reach["action"], reach["cost_ft"]) == (True, "dash", 5)
    assert reach["reachable"] is False


async def test_out_of_movement_and_too_far_for_a_dash(spent: Context) -> None:
    reply = await run(spent, "/distance from:Ana to:T15")
    assert reply.title == "Ana to T15: 65 ft — out of movement this turn"
    fields = fields_of(reply)
    assert fields["Cheapest way"] == "to T15: 65 ft"
    assert fields["This turn"] == (
        "Ana is out of movement (30 ft of 30 ft used); next turn's move doesn't get there either"
    )


async def test_3_5_out_of_move_actions_prices_the_way_for_next_turn(gm: Context) -> None:
    """3.5: both move actions spent (a double move); the way is still priced."""
    await run(
        gm,
        "/encounter start width:20 height:15 ruleset:3.5",
        "/token add name:Ana at:B2 team:party race:human",
        "/move token:Ana to:H2 action:double",
    )
    reply = await run(gm, "/distance from:Ana to:K2")
    assert reply.title == "Ana to K2: 15 ft — out of movement this turn"
    fields = fields_of(reply)
    assert fields["Cheapest way"] == "to K2: 15 ft"
    assert fields["This turn"].startswith("Ana has no move action left this turn")
    assert reply.result["reach"]["out_of_movement"] is True


async def test_within_a_move_is_not_said_as_reach(gm: Context) -> None:
    """Was "in reach (move)": a D&D table reads "reach" as melee reach."""
    await run(gm, "/encounter start width:20 height:15", "/token add name:Ana at:B2 speed:30")
    reply = await run(gm, "/distance from:Ana to:E2")
    assert reply.title == "Ana to E2: 15 ft — can get there this turn (move)"
    assert fields_of(reply)["This turn"] == "can get there with move; 15 ft left after it"
    text = " ".join([reply.title, *fields_of(reply).values()])
    assert "reach" not in text
    far = await run(gm, "/distance from:Ana to:T2")
    assert far.title == "Ana to T2: 90 ft — can't get there this turn"
    dash = await run(gm, "/distance from:Ana to:L2")
    assert dash.title == "Ana to L2: 50 ft — can get there with action:dash"


# ------------------------------------------------- a condition's price


@pytest.mark.parametrize("ruleset", ["5e-alt", "5e", "5e-2024"])
async def test_a_prone_refusal_says_it_was_priced_as_crawling(gm: Context, ruleset: str) -> None:
    """Was: "that costs 60 ft and move allows 30 ft", with no word of the crawl that
    doubled it (000 Prone; SRD 5.1/5.2 Being Prone: 1 extra foot for every foot)."""
    await run(
        gm,
        f"/encounter start width:20 height:15 ruleset:{ruleset}",
        "/token add name:Ana at:B2 speed:30 team:party",
        "/token condition token:Ana add:prone",
    )
    error = await refused(gm, "/move token:Ana to:H2", IllegalMove)
    assert isinstance(error, IllegalMove)
    assert laid_out(error)["Why"] == (
        "That costs 60 ft and move allows 30 ft; priced as crawling while prone (30 ft standing)."
    )
    assert error.result is not None
    refusal = error.result["refusal"]
    assert (refusal["priced_by"], refusal["unpriced_cost_ft"]) == ("prone", 30)


async def test_5e_alt_slowed_says_what_it_costs_without(gm: Context) -> None:
    """000 Slowed: twice the Movement to Move."""
    await run(
        gm,
        "/encounter start width:20 height:15",
        "/token add name:Ana at:B2 speed:30 team:party",
        "/token condition token:Ana add:slowed",
    )
    error = await refused(gm, "/move token:Ana to:L2", IllegalMove)
    assert isinstance(error, IllegalMove)
    assert laid_out(error)["Why"].endswith("; priced as slowed (50 ft without it).")


async def test_a_condition_that_changes_nothing_is_not_named(gm: Context) -> None:
    await run(
        gm,
        "/encounter start width:20 height:15 ruleset:5e",
        "/token add name:Ana at:B2 speed:30 team:party",
        "/token condition token:Ana add:blinded",
    )
    error = await refused(gm, "/move token:Ana to:L2", IllegalMove)
    assert isinstance(error, IllegalMove)
    assert error.result is not None and error.result["refusal"]["priced_by"] is None
    assert "priced" not in str(error)


async def test_a_prone_player_reads_the_crawl_on_discord(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 20, "height": 15, "ruleset": "5e"})
    await dispatch(gm, "token add", {"name": "Ana", "at": "B2", "owner": "78", "speed": 30})
    await dispatch(gm, "token condition", {"token": "Ana", "add": "prone"})
    player = FakeInteraction(store, user_id=78)
    await dispatch(player, "move", {"token": "Ana", "to": "H2"})
    sent = player.sent[-1]
    assert sent.ephemeral
    why = {f.name: f.value for f in sent.embed.fields}["Why"]
    assert "priced as crawling while prone (30 ft standing)" in str(why)


async def test_the_console_says_its_own_remark_on_map_post(store: Store) -> None:
    out = io.StringIO()
    for line in ("/encounter start width:8 height:8", "/map post:true"):
        out = io.StringIO()
        await run_once(store, line, as_json=False, seed=1, channel="console", user="gm", out=out)
    assert "(In the console there is no board message: /map shows the board.)" in out.getvalue()


# ------------------------------------------------- /encounter show: this turn's movement


def embed_text(interaction: FakeInteraction) -> str:
    embed = interaction.sent[-1].embed
    return " ".join(
        [embed.title or "", embed.description or "", *(str(f.value) for f in embed.fields)]
    )


async def test_encounter_show_on_discord_drops_last_turns_movement(store: Store) -> None:
    """Issue 30 (fixed on main by e88b4b8 for the console; here through Discord, with
    and without a turn order): a token's line says this turn's movement only."""
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 10, "height": 10, "ruleset": "5e"})
    await dispatch(gm, "token add", {"name": "Ari", "at": "A1"})
    await dispatch(gm, "token add", {"name": "Bo", "at": "A5"})
    await dispatch(gm, "move", {"token": "Ari", "to": "G1"})
    await dispatch(gm, "encounter show", {})
    assert "moved 30/30 ft" in embed_text(gm)
    await dispatch(gm, "turn next", {})  # no order: a new round, every token fresh
    await dispatch(gm, "encounter show", {})
    assert "moved" not in embed_text(gm)
    await dispatch(gm, "turn order", {"order": "Ari, Bo"})
    await dispatch(gm, "move", {"token": "Ari", "to": "A1"})
    await dispatch(gm, "turn next", {})
    await dispatch(gm, "move", {"token": "Bo", "to": "B5"})
    await dispatch(gm, "encounter show", {})
    shown = embed_text(gm)
    assert "moved 30/30 ft" not in shown  # Ari's was last turn's
    assert "moved 5/30 ft" in shown


async def test_out_of_movement_on_discord(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 20, "height": 15})
    await dispatch(gm, "token add", {"name": "Ana", "at": "B2", "owner": "78", "speed": 30})
    player = FakeInteraction(store, user_id=78)
    await dispatch(player, "move", {"token": "Ana", "to": "H2"})
    await dispatch(player, "distance", {"to": "K2"})
    embed = player.sent[-1].embed
    assert embed.title == "Ana to K2: 15 ft — out of movement this turn; action:dash gets there"
    fields = {f.name: str(f.value) for f in embed.fields}
    assert fields["Cheapest way"] == "to K2: 15 ft"
