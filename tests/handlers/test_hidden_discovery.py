"""Issue 26's exceptions to "a player's reply is the reply the board without the hidden
things gives": a player's real move that runs into a hidden creature or provokes it
learns what the character perceives, stops where the rules stop it, and the GM is told
privately; what a player's change does to a hidden thing (a name taken, a square
taken) is the GM's to know; a reveal is a public line (docs/RULINGS.md)."""

from __future__ import annotations

import json
from typing import Any

from bot.discord.dispatch import dispatch
from bot.discord.embeds import GM_ONLY_TITLE
from bot.handlers import run_line
from bot.reply import Reply
from tests.discord.fakes import FakeInteraction
from tests.handlers.hidden_twins import GM, PLAYER, Twins, context


def shown(reply: Reply) -> dict[str, Any]:
    """A move's reply without what the character perceived of the hidden things."""
    return {
        "title": reply.title,
        "fields": [f for f in reply.fields if f.name != "Unseen"],
        "result": {k: v for k, v in reply.result.items() if k != "discovered"},
        "picture": reply.image_png,
        "ephemeral": reply.ephemeral,
    }


async def gm_reads(twins: Twins, line: str) -> Reply:
    return await run_line(context(twins.hidden, GM, gm=True), line)


async def stored_tokens(twins: Twins) -> dict[str, dict[str, Any]]:
    stored = await twins.hidden.active_encounter("4242")
    assert stored is not None
    return {t["name"]: t for t in json.loads(stored.state_json)["tokens"]}


async def test_a_move_into_a_hidden_creature_stops_before_it(twins: Twins) -> None:
    moved = await run_line(context(twins.hidden, PLAYER), "/move token:Ari to:G2")
    # the plain board's move to the square it stopped on, and what the character felt
    plain = await run_line(context(twins.plain, PLAYER), "/move token:Ari to:D2")
    assert shown(moved) == shown(plain)
    assert moved.title.startswith("Ari moves to D2")
    unseen = next(f for f in moved.fields if f.name == "Unseen")
    assert unseen.value == "Something blocks the way at E2."
    assert moved.result["discovered"] == {"blocked_at": "E2", "attacks_at": []}
    assert "Lurker" not in moved.as_text() and "Lurker" not in str(moved.result)
    assert not moved.ephemeral and not moved.private_fields  # the table reads it
    assert (await stored_tokens(twins))["Ari"]["cell"] == "D2"
    # the table's history says what the character perceived; the GM's who it was
    told = await run_line(context(twins.hidden, PLAYER), "/history count:1")
    assert "something blocks the way at E2" in told.as_text()
    assert "Lurker" not in told.as_text()
    full = await gm_reads(twins, "/history count:1")
    assert "Lurker (hidden) blocked Ari at E2" in full.as_text() and full.ephemeral


async def test_the_gm_is_told_on_their_next_reply_alone(twins: Twins) -> None:
    await run_line(context(twins.hidden, PLAYER), "/move token:Ari to:G2")
    player_next = await run_line(context(twins.hidden, PLAYER), "/turn show")
    assert not player_next.private_fields
    gm_next = await gm_reads(twins, "/turn show")
    (told,) = gm_next.private_fields
    assert "Lurker (hidden) blocked Ari at E2" in told.value
    assert not (await gm_reads(twins, "/turn show")).private_fields  # told once


async def test_on_discord_the_gm_gets_it_as_a_private_follow_up(twins: Twins) -> None:
    player = FakeInteraction(twins.hidden)
    await dispatch(player, "move", {"token": "Ari", "to": "G2"})
    assert all("Lurker" not in str(s.kwargs) for s in player.sent)
    later = FakeInteraction(twins.hidden)
    await dispatch(later, "turn show", {})
    assert all("Lurker" not in str(s.kwargs) for s in later.sent)
    gm = FakeInteraction(twins.hidden, manage_channels=True, user_id=5)
    await dispatch(gm, "turn show", {})
    private = [s for s in gm.sent if s.ephemeral and s.embed.title == GM_ONLY_TITLE]
    (note,) = private
    assert "Lurker (hidden) blocked Ari at E2" in str(note.embed.to_dict())


async def test_a_hidden_creature_provoked_on_the_way_attacks_unnamed(twins: Twins) -> None:
    line = "/move token:Ari to:D4 via:D3"
    moved = await run_line(context(twins.hidden, PLAYER), line)
    plain = await run_line(context(twins.plain, PLAYER), line)
    assert shown(moved) == shown(plain)  # the same path, cost and picture
    unseen = next(f for f in moved.fields if f.name == "Unseen")
    assert unseen.value == "Something makes an opportunity attack on Ari at D3."
    assert moved.result["discovered"] == {"blocked_at": None, "attacks_at": ["D3"]}
    assert moved.result["provokes"] == [] and "Lurker" not in moved.as_text()
    gm_next = await gm_reads(twins, "/turn show")
    assert "Lurker (hidden) gets an opportunity attack on Ari at D3" in gm_next.as_text()
    # one attack a round: it is remembered on the whole board, and not shown the table
    assert (await stored_tokens(twins))["Ari"]["activity"]["provoked_by"] == ["Lurker"]
    export = await run_line(context(twins.hidden, PLAYER), "/encounter export")
    assert export.attachment is not None and b"Lurker" not in export.attachment[1]


async def test_a_move_blocked_at_its_first_step_goes_nowhere(twins: Twins) -> None:
    await twins.gm("/token edit token:Ari at:D2")
    before = await stored_tokens(twins)
    stayed = await run_line(context(twins.hidden, PLAYER), "/move token:Ari to:G2")
    assert stayed.title == "Ari stays at D2 — something blocks the way at E2"
    assert stayed.result["changed"] is False and stayed.result["path"] == ["D2"]
    assert "Lurker" not in stayed.as_text()
    assert await stored_tokens(twins) == before  # nothing spent, nothing moved
    gm_next = await gm_reads(twins, "/turn show")
    assert "Lurker (hidden) blocked Ari at E2" in gm_next.as_text()


async def test_a_preview_discovers_nothing(twins: Twins) -> None:
    line = "/move token:Ari to:G2 preview:true"
    hidden, plain = await twins.ask(line)
    assert hidden == plain
    assert not (await gm_reads(twins, "/turn show")).private_fields


async def test_a_players_numbered_tokens_take_a_hidden_tokens_name(twins: Twins) -> None:
    added = await run_line(context(twins.hidden, PLAYER), "/token add name:Orc count:2")
    assert added.title == "2 tokens added: Orc 3 to Orc 4"
    tokens = await stored_tokens(twins)
    assert tokens["Orc 3"]["owner"] == PLAYER and tokens["Orc 5"]["hidden"] is True
    assert tokens["Orc 5"]["cell"] == "K10"  # the GM's orc, renamed where it stood
    gm_next = await gm_reads(twins, "/history count:1")
    assert "the hidden Orc 3 is now Orc 5" in gm_next.as_text()
    player = await run_line(context(twins.hidden, PLAYER), "/history count:1")
    assert "Orc 5" not in player.as_text()


async def test_a_token_put_on_a_hidden_creature_makes_it_step_aside(twins: Twins) -> None:
    await run_line(context(twins.hidden, PLAYER), "/token add name:Cy at:E2")
    tokens = await stored_tokens(twins)
    assert tokens["Cy"]["cell"] == "E2"
    assert tokens["Lurker"]["cell"] != "E2"
    gm_next = await gm_reads(twins, "/turn show")
    assert "the hidden Lurker stepped from E2 to" in gm_next.as_text()


async def test_revealing_a_token_is_a_public_line(twins: Twins) -> None:
    hidden_map = (await gm_reads(twins, "/map")).image_png
    revealed = await gm_reads(twins, "/token edit token:Lurker hidden:false")
    assert revealed.title == "Lurker is revealed at E2" and not revealed.ephemeral
    # the GM's picture marked it as hidden (a dashed ring, "hidden"); now it is plain
    assert (await gm_reads(twins, "/map")).image_png != hidden_map
    seen = await run_line(context(twins.hidden, PLAYER), "/encounter show")
    assert "Lurker" in seen.as_text()


# ------------------------------------------------- issue 41: every displaced token


async def test_a_players_bull_rush_pushes_a_foe_no_farther_than_a_hidden_creature(
    twins: Twins,
) -> None:
    """002 Bull Rush on the twins' 3.5 board: Ari pushes Gob (C2) east toward the hidden
    Lurker (E2). Planned on the board the player sees, the push would go 15 ft through
    E2; met on the whole board, Gob stops before it as a push stops before any creature
    (004 Forced Movement, borrowed: "the push ends in the square prior to this
    obstruction"), Ari follows no farther, and the player learns only that something
    blocks Gob's way. Before issue 41 only Ari's path was checked."""
    await twins.gm("/token add name:Gob at:C2 team:enemy")
    line = "/move token:Ari action:bull-rush target:Gob margin:10"
    rushed = await run_line(context(twins.hidden, PLAYER), line)
    assert rushed.result["bull_rush"]["pushed_path"] == ["C2", "D2"]
    push = next(f.value for f in rushed.fields if f.name == "Push")
    assert "The push stopped before E2: something is there." in push
    unseen = next(f for f in rushed.fields if f.name == "Unseen")
    assert unseen.value == "Something blocks Gob's way at E2."
    assert rushed.result["discovered"] == {
        "blocked_at": "E2",
        "attacks_at": [],
        "blocked_token": "Gob",
    }
    assert "Lurker" not in rushed.as_text() and "Lurker" not in str(rushed.result)
    stored = await stored_tokens(twins)
    assert (stored["Gob"]["cell"], stored["Ari"]["cell"], stored["Lurker"]["cell"]) == (
        "D2",
        "C2",
        "E2",
    )
    # the move and picture are those of a 5 ft push on the board without the Lurker
    plain = await run_line(
        context(twins.plain, PLAYER), "/move token:Ari action:bull-rush target:Gob margin:0"
    )
    assert (rushed.title, rushed.image_png) == (plain.title, plain.image_png)
    assert rushed.result["path"] == plain.result["path"]
    gm_next = await gm_reads(twins, "/turn show")
    assert "Lurker (hidden) blocked Gob at E2" in gm_next.as_text()


async def test_on_discord_the_pushed_foes_discovery_names_no_hidden_creature(
    twins: Twins,
) -> None:
    """The same bull rush through the loopback Discord: the table's embed says what the
    character perceives, never the Lurker."""
    await twins.gm("/token add name:Gob at:C2 team:enemy")
    player = FakeInteraction(twins.hidden)
    options = {"token": "Ari", "action": "bull-rush", "target": "Gob", "margin": 10}
    await dispatch(player, "move", options)
    embeds = [s.embed.to_dict() for s in player.sent if "embed" in s.kwargs]
    said = " ".join(str(e) for e in embeds) + " ".join(str(s.kwargs) for s in player.sent)
    assert "Something blocks Gob's way at E2." in said
    assert "Lurker" not in said
    assert (await stored_tokens(twins))["Gob"]["cell"] == "D2"


async def five_e_twins(twins: Twins) -> None:
    """The twins on a 5e board (where a grappler drags its foe beside it): Ari grapples
    Gob below it, the hidden Lurker at E2."""
    for line in (
        "/encounter end confirm:true",
        "/encounter start width:12 height:12 ruleset:5e",
        "/token add name:Ari at:C1 team:party owner:77 speed:30",
        "/token add name:Gob at:C2 team:enemy",
        "/token condition token:Gob add:grappled by:Ari",
    ):
        await twins.gm(line)
    await gm_reads(twins, "/token add name:Lurker at:E2 team:enemy hidden:true")


async def test_a_creature_dragged_into_a_hidden_one_stops_the_drag_before_it(
    twins: Twins,
) -> None:
    """SRD 5.1 Combat › Grappling › Moving a Grappled Creature: Ari drags Gob along
    beside it, Gob's way running through the hidden Lurker at E2. The drag stops where
    Gob is still clear of it (Ari at D1, Gob at D2): the reply is the plain board's drag
    to D1, plus what the character perceives."""
    await five_e_twins(twins)
    dragged = await run_line(context(twins.hidden, PLAYER), "/move token:Ari to:F1 drag:Gob")
    plain = await run_line(context(twins.plain, PLAYER), "/move token:Ari to:D1 drag:Gob")
    assert shown(dragged) == shown(plain)
    assert dragged.result["dragged"] == {"token": "Gob", "path": ["C2", "D2"]}
    unseen = next(f for f in dragged.fields if f.name == "Unseen")
    assert unseen.value == "Something blocks Gob's way at E2."
    assert dragged.result["discovered"]["blocked_token"] == "Gob"
    assert "Lurker" not in dragged.as_text() and "Lurker" not in str(dragged.result)
    stored = await stored_tokens(twins)
    assert (stored["Ari"]["cell"], stored["Gob"]["cell"], stored["Lurker"]["cell"]) == (
        "D1",
        "D2",
        "E2",
    )
    assert stored["Gob"]["grappled_by"] == ["ari"]


async def test_a_bull_rush_stopped_on_its_way_to_the_foe_is_the_move_to_there(
    twins: Twins,
) -> None:
    """002 Bull Rush starts beside the foe; a hidden creature on the way there (the
    Lurker at E2) stops Ari first: it never reaches Gob, so the reply is the plain
    board's move to D2, and Gob isn't pushed."""
    await twins.gm("/token add name:Gob at:G2 team:enemy")
    line = "/move token:Ari action:bull-rush target:Gob margin:5"
    rushed = await run_line(context(twins.hidden, PLAYER), line)
    plain = await run_line(context(twins.plain, PLAYER), "/move token:Ari to:D2")
    assert shown(rushed) == shown(plain)
    assert "bull_rush" not in rushed.result
    assert rushed.result["discovered"] == {"blocked_at": "E2", "attacks_at": []}
    stored = await stored_tokens(twins)
    assert (stored["Ari"]["cell"], stored["Gob"]["cell"]) == ("D2", "G2")


async def test_a_gms_push_stopped_by_a_hidden_creature_names_it_to_no_one(
    twins: Twins,
) -> None:
    """004 Forced Movement (borrowed): the GM's push on the whole board stops before the
    hidden Lurker as before any creature; the reply, which the table reads, says
    "something is there" rather than its name."""
    await twins.gm("/token add name:Gob at:C2 team:enemy")
    pushed = await gm_reads(twins, "/move token:Gob to:G2 forced:push by:Ari")
    assert pushed.result["path"] == ["C2", "D2"]
    assert "The push stopped before E2: something is there." in pushed.as_text()
    assert "Lurker" not in pushed.as_text()
