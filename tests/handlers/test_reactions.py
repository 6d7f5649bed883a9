"""Reactions (issue 29): a reaction spent (an opportunity attack taken, a readied move)
is marked on the token until its next turn starts, and a token with none left is no
longer offered an opportunity attack."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.context import Context
from bot.encounter import Token
from bot.errors import IllegalMove, InvalidInput, NotAllowed
from bot.grid.coords import Cell
from bot.rules import rulesets
from bot.user_ids import name_id
from tests.handlers.encounter_helpers import person, refused, run, tokens


@pytest.mark.parametrize("ruleset_id", sorted(rulesets()))
def test_a_tokens_reactions_come_back_as_its_turn_starts(ruleset_id: str):
    spent = replace(Token("Goblin", Cell(0, 0)), reactions_used=2)
    assert rulesets()[ruleset_id].economy.start_turn(spent).reactions_used == 0


async def skirmish(gm: Context, ruleset: str = "5e") -> Context:
    """Ari (bob's) and Bo beside a Goblin, Ari acting; bob's context."""
    await run(
        gm,
        f"/encounter start width:10 height:10 ruleset:{ruleset}",
        "/token add name:Ari at:B2 team:party owner:bob",
        "/token add name:Bo at:B3 team:party",
        "/token add name:Goblin at:C2 team:enemy",
        '/turn order order:"Ari, Bo, Goblin"',
    )
    return person(gm.store, "bob")


async def test_a_spent_reaction_provokes_nothing_until_its_turn(gm: Context) -> None:
    bob = await skirmish(gm)
    before = await run(bob, "/move token:Ari to:B6 preview:true")
    assert before.result["provokes"] == ["Goblin"]
    marked = await run(gm, "/token reaction token:Goblin used:true")
    assert marked.title == "Goblin: reaction used"
    assert marked.result["reactions_used"] == 1 and marked.result["reactions_left"] == 0
    assert (await tokens(gm.store))["Goblin"]["reactions_used"] == 1
    shown = (await run(gm, "/encounter show")).as_text()
    assert "Goblin — C2 · Medium · enemy · 30 ft · reaction used" in shown
    moved = await run(bob, "/move token:Ari to:B6")
    assert moved.result["provokes"] == [] and moved.result["provoked_at"] == {}
    notes = {f.name: f.value for f in moved.fields}
    assert "Provokes" not in notes
    assert notes["No reaction left"].startswith("Goblin (at B2): no opportunity attack")
    # it stays spent through Bo's turn, and comes back when the Goblin's own starts
    await run(gm, "/turn next")
    assert (await run(gm, "/move token:Bo to:B8")).result["provokes"] == []
    await run(gm, "/turn next")
    assert "reactions_used" not in (await tokens(gm.store))["Goblin"]
    assert "reaction used" not in (await run(gm, "/encounter show")).as_text()


async def test_a_reaction_is_marked_by_its_owner_or_the_gm_and_given_back(gm: Context) -> None:
    bob = await skirmish(gm)
    await refused(bob, "/token reaction token:Goblin used:true", NotAllowed, "belongs to the GM")
    took = await run(bob, "/token reaction token:Ari used:true")
    assert took.title == "Ari: reaction used"
    await refused(
        bob, "/token reaction token:Ari used:true", InvalidInput, "already used its reaction"
    )
    back = await run(bob, "/token reaction token:Ari used:false")
    assert back.title == "Ari: reaction ready" and back.result["reactions_left"] == 1
    await refused(gm, "/token reaction token:Ari used:false", InvalidInput, "nothing to give")
    await refused(
        gm, "/token reaction token:Nobody used:true", InvalidInput, 'No token named "Nobody"'
    )


async def test_a_readied_move_spends_the_reaction_in_the_srds(gm: Context) -> None:
    bob = await skirmish(gm)
    await run(gm, "/turn next")  # Bo's turn: Ari moves only by a readied move
    moved = await run(bob, "/move token:Ari to:A1 ready:true")
    assert moved.result["reaction_spent"] is True
    assert (
        f"Ari — A1 · Medium · party · <@{name_id('bob')}> · 30 ft · reaction used"
        in (await run(gm, "/encounter show")).as_text()
    )
    await refused(bob, "/move token:Ari to:A2 ready:true", IllegalMove, "used its reaction")
    await run(gm, "/turn next", "/turn next")  # round 2: Ari's turn
    assert "reactions_used" not in (await tokens(gm.store))["Ari"]


@pytest.mark.parametrize("ruleset", ["3.5", "epic-path"])
async def test_d20_attacks_of_opportunity_are_one_a_round_and_ready_is_no_aoo(
    gm: Context, ruleset: str
) -> None:
    bob = await skirmish(gm, ruleset)
    marked = await run(gm, "/token reaction token:Goblin used:true")
    assert marked.title == "Goblin: attack of opportunity used"
    moved = await run(bob, "/move token:Ari to:B6")
    assert moved.result["provokes"] == []
    no_aoo = {f.name: f.value for f in moved.fields}["No reaction left"]
    assert "its attack of opportunity this round" in no_aoo
    await run(gm, "/turn next")
    readied = await run(bob, "/move token:Ari to:B7 ready:true")
    assert readied.result["reaction_spent"] is False  # the round's action, not an AoO
    assert "reactions_used" not in (await tokens(gm.store))["Ari"]


async def test_becmi_has_no_reactions_to_mark(gm: Context) -> None:
    await skirmish(gm, "becmi")
    await refused(gm, "/token reaction token:Goblin used:true", InvalidInput, "no reactions")


async def test_a_hidden_tokens_reaction_is_the_gms_to_see(gm: Context) -> None:
    bob = await skirmish(gm)
    await run(gm, "/token add name:Lurker at:C3 team:enemy hidden:true")
    marked = await run(gm, "/token reaction token:Lurker used:true")
    assert marked.ephemeral  # a hidden token's change answers the GM alone
    await refused(
        bob, "/token reaction token:Lurker used:true", InvalidInput, 'No token named "Lurker"'
    )
    shown = (await run(bob, "/encounter show")).as_text()
    assert "Lurker" not in shown


async def test_a_hidden_creature_with_no_reaction_left_is_never_named(gm: Context) -> None:
    """A move past a hidden Lurker whose reaction is spent: it attacks nobody, and the
    reply the table reads doesn't say it was there."""
    await run(
        gm,
        "/encounter start width:10 height:10 ruleset:5e",
        "/token add name:Ari at:B2 team:party owner:bob",
        "/token add name:Lurker at:C2 team:enemy hidden:true",
        "/token reaction token:Lurker used:true",
    )
    for who in (gm, person(gm.store, "bob")):
        moved = await run(who, "/move token:Ari to:B6 preview:true")
        assert moved.result["provokes"] == []
        assert "Lurker" not in moved.as_text() and "No reaction left" not in moved.as_text()


async def test_a_saved_scene_keeps_no_spent_reaction(gm: Context) -> None:
    """A scene is a room to start a fight in: what was spent in the last one is left out."""
    await skirmish(gm)
    await run(gm, "/token reaction token:Goblin used:true", "/encounter save name:Camp")
    await run(gm, "/encounter load name:Camp replace:true")
    assert "reactions_used" not in (await tokens(gm.store))["Goblin"]
