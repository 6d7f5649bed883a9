"""Readied and sudden movement (issue 16; 000 Moving Out Of Your Turn, Sudden Movement,
Dashing Out of Your Turn): /move ready:true moves a token out of its turn with the
movement of one readied move, spent in one go, the rest lost at once; its own turn's
movement is left as it was."""

from __future__ import annotations

import json

import pytest

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput, NotAllowed
from bot.storage import Store
from tests.handlers.encounter_helpers import person, refused, run, state


async def table(gm: Context, ruleset: str) -> Context:
    await run(
        gm,
        f"/encounter start width:14 height:10 ruleset:{ruleset}",
        "/token add name:Ari at:A1 team:party owner:bob",
        "/token add name:Orc at:N10",
        "/turn order order:Orc,Ari",
    )
    return person(gm.store, "bob")


async def activity(store: Store, name: str) -> dict[str, object]:
    tokens = json.loads(await state(store) or "{}")["tokens"]
    found: dict[str, object] = next(t for t in tokens if t["name"] == name)["activity"]
    return found


async def test_000_a_readied_dash_is_spent_in_one_go_out_of_turn(gm: Context, store: Store) -> None:
    """000 Dashing Out of Your Turn: Movement equal to Speed, spent at once; Sudden
    Movement: the rest is lost at once."""
    bob = await table(gm, "5e-alt")
    await refused(bob, "/move token:Ari to:C1", NotAllowed, "It's Orc's turn")
    before = await activity(store, "Ari")
    moved = await run(bob, "/move token:Ari to:C1 ready:true")
    assert moved.title == "Ari moves to C1 — 10 ft, out of turn, the other 20 ft lost"
    assert moved.result["action"] == "ready" and moved.result["remaining_ft"] == 20
    notes = {f.name: f.value for f in moved.fields}
    assert (
        "Sudden Movement" in notes["Out of turn"]
        and "20 ft of it went unused" in notes["Out of turn"]
    )
    assert await activity(store, "Ari") == before  # its own turn's movement untouched
    # the readied Dash took its reaction (issue 29): given back, a second is still too far
    await refused(bob, "/move token:Ari to:J1 ready:true", IllegalMove, "used its reaction")
    await run(gm, "/token reaction token:Ari used:false")
    await refused(bob, "/move token:Ari to:J1 ready:true", IllegalMove, "costs 35 ft")


@pytest.mark.parametrize(
    ("ruleset", "cited"),
    [("3.5", "3.5 SRD"), ("epic-path", "Pathfinder SRD"), ("5e", "Ready"), ("5e-2024", "Ready")],
)
async def test_other_rulesets_ready_one_move(gm: Context, ruleset: str, cited: str) -> None:
    bob = await table(gm, ruleset)
    moved = await run(bob, "/move token:Ari to:C1 ready:true")
    assert cited in {f.name: f.value for f in moved.fields}["Out of turn"]
    assert moved.result["total_ft"] == 30  # one move, not a double move or a dash


async def test_becmi_has_no_readied_movement_and_bad_asks_change_nothing(gm: Context) -> None:
    bob = await table(gm, "becmi")
    await refused(bob, "/move token:Ari to:B1 ready:true", IllegalMove, "no readied movement")
    bob = person(gm.store, "bob", channel="other")
    other = person(gm.store, "dm", gm=True, channel="other")
    await table(other, "5e-alt")
    await refused(bob, "/move token:Ari to:B1 ready:true action:dash", InvalidInput, "leave out")
    await refused(other, "/move token:Ari to:B1 ready:true forced:slide", InvalidInput)
