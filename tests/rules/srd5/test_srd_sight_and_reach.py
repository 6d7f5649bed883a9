"""Issue 41 for 5e (SRD 5.1) and 5e-2024 (SRD 5.2), and 5e-alt where it keeps 5e's
opportunity attacks: an opportunity attack needs sight (Combat › Opportunity Attacks:
"a hostile creature that you can see"), blindsight and truesight as /token traits, and
a reach weapon's 5 ft (Weapon Properties › Reach) for provokes, /map threats and reach.
Through the handlers the console and Discord use; each test names its section."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.storage import Store
from tests.handlers.encounter_helpers import ask_json, run

SRDS = pytest.mark.parametrize("ruleset", ["5e", "5e-2024"])
SIGHTED = pytest.mark.parametrize("ruleset", ["5e", "5e-2024", "5e-alt"])


async def orc_beside_ari(gm: Context, ruleset: str, *lines: str) -> None:
    """Ari (party) at A1, an Orc (enemy) at B1: walking down to A5 leaves its reach."""
    await run(
        gm,
        f"/encounter start ruleset:{ruleset} width:10 height:10",
        "/token add name:Ari at:A1 team:party",
        "/token add name:Orc at:B1 team:enemy",
        *lines,
    )


async def provokes(gm: Context) -> list[str]:
    reply = await run(gm, "/move token:Ari to:A5 preview:true")
    return list(reply.result["provokes"])


@SIGHTED
async def test_opportunity_attacks_a_blinded_creature_gets_none(gm: Context, ruleset: str):
    """SRD 5.1 Combat › Opportunity Attacks (SRD 5.2 the same; 5e-alt keeps them): "a
    hostile creature that you can see moves out of your reach": a blinded Orc gets no
    attack, and the reply says why."""
    await orc_beside_ari(gm, ruleset)
    assert await provokes(gm) == ["Orc"]
    await run(gm, "/token condition token:Orc add:blinded")
    reply = await run(gm, "/move token:Ari to:A5 preview:true")
    assert reply.result["provokes"] == []
    assert "Orc is blinded: no opportunity attack" in reply.as_text()


@SIGHTED
async def test_opportunity_attacks_blindsight_perceives_anyway(gm: Context, ruleset: str):
    """SRD Blindsight: it perceives without sight, so a blinded creature with it (the
    GM's /token trait) still gets its opportunity attack; truesight doesn't help the
    blinded."""
    await orc_beside_ari(gm, ruleset, "/token condition token:Orc add:blinded")
    await run(gm, "/token trait token:Orc add:truesight")
    assert await provokes(gm) == []
    await run(gm, "/token trait token:Orc add:blindsight")
    assert await provokes(gm) == ["Orc"]


@SIGHTED
async def test_opportunity_attacks_an_invisible_mover_provokes_only_seers(
    gm: Context, ruleset: str
):
    """SRD Combat › Opportunity Attacks with SRD Invisible: an invisible mover provokes
    only from creatures that can see it: truesight or blindsight."""
    await orc_beside_ari(gm, ruleset, "/token condition token:Ari add:invisible")
    reply = await run(gm, "/move token:Ari to:A5 preview:true")
    assert reply.result["provokes"] == []
    assert "Ari is invisible to Orc: no opportunity attack" in reply.as_text()
    await run(gm, "/token trait token:Orc add:truesight")
    assert await provokes(gm) == ["Orc"]


async def test_sight_changes_nothing_where_the_seed_says_otherwise(gm: Context):
    """004 Withdraw: "Invisible enemies still get attacks of opportunity": epic-path
    reads no sight rule, so a blinded enemy still threatens there."""
    await run(
        gm,
        "/encounter start ruleset:epic-path width:10 height:10",
        "/token add name:Ari at:A1 team:party",
        "/token add name:Orc at:B1 team:enemy",
        "/token condition token:Orc add:blinded",
    )
    assert await provokes(gm) == ["Orc"]


@SRDS
async def test_weapon_properties_reach_adds_5_ft_for_opportunity_attacks(gm: Context, ruleset: str):
    """SRD 5.1 Weapon Properties › Reach (SRD 5.2 the same): "adds 5 feet to your reach
    ... when determining your reach for opportunity attacks with it": leaving 10 ft
    provokes with a reach weapon, not without."""
    await run(
        gm,
        f"/encounter start ruleset:{ruleset} width:10 height:10",
        "/token add name:Ari at:A3 team:party",
        "/token add name:Orc at:C3 team:enemy",
    )
    away = "/move token:Ari to:A8 preview:true"
    assert (await run(gm, away)).result["provokes"] == []
    await run(gm, "/token edit token:Orc reach_weapon:true")
    assert (await run(gm, away)).result["provokes"] == ["Orc"]


@SRDS
async def test_weapon_properties_reach_shades_threats_and_reach(store: Store, ruleset: str):
    """SRD Weapon Properties › Reach: /map threats and reach follow the reach weapon
    (10 ft: two squares out), in the console's JSON."""
    for line in (
        f"/encounter start ruleset:{ruleset} width:10 height:10",
        "/token add name:Ari at:A1 team:party",
        "/token add name:Orc at:E5 team:enemy",
    ):
        await ask_json(store, line)
    _, before = await ask_json(store, "/map threats:true")
    assert "C5" not in before["result"]["threats"]
    await ask_json(store, "/token edit token:Orc reach_weapon:true")
    _, after = await ask_json(store, "/map threats:true")
    assert {"C5", "G7", "C3"} <= set(after["result"]["threats"])


@SIGHTED
async def test_opportunity_attacks_a_blinded_creature_threatens_no_square(
    store: Store, ruleset: str
):
    """SRD 5.1 Combat › Opportunity Attacks ("a hostile creature that you can see"; SRD
    5.2 the same; 5e-alt keeps them): /map threats shades no square for a blinded Orc,
    whose reach provokes nothing, and shades it again once it has blindsight."""
    for line in (
        f"/encounter start ruleset:{ruleset} width:10 height:10",
        "/token add name:Ari at:A1 team:party",
        "/token add name:Orc at:E5 team:enemy",
    ):
        await ask_json(store, line)
    _, seeing = await ask_json(store, "/map threats:true")
    assert "D4" in seeing["result"]["threats"]
    await ask_json(store, "/token condition token:Orc add:blinded")
    _, blinded = await ask_json(store, "/map threats:true")
    assert blinded["result"]["threats"] == []
    await ask_json(store, "/token trait token:Orc add:blindsight")
    _, sensing = await ask_json(store, "/map threats:true")
    assert sensing["result"]["threats"] == seeing["result"]["threats"]
