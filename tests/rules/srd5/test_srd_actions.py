"""Issue 28 for 5e (SRD 5.1) and 5e-2024 (SRD 5.2): Disengage as an action or a bonus
action, Dash as a bonus action, a controlled mount's actions, Incapacitated, 5.2's
Dropping Prone, Stunned and Exhaustion 6, a flyer falling at Speed 0, and teleporting;
through the handlers the console and Discord use. Each test names its SRD section."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput
from bot.storage import Store
from tests.handlers.encounter_helpers import person, refused, run, tokens

BOTH = pytest.mark.parametrize("ruleset", ["5e", "5e-2024"])


async def height(store: Store, name: str) -> int:
    return int((await tokens(store))[name].get("altitude_ft", 0))


async def board(gm: Context, ruleset: str, *lines: str) -> None:
    await run(gm, f"/encounter start ruleset:{ruleset} width:12 height:12", *lines)


async def with_orc(gm: Context, ruleset: str, *lines: str) -> None:
    """Ari (party) at B2 beside an Orc (enemy) at C2: walking off provokes."""
    await board(
        gm,
        ruleset,
        "/token add name:Ari at:B2 team:party",
        "/token add name:Orc at:C2 team:enemy",
        *lines,
    )


# ---------------------------------------------------------------------- Disengage


@BOTH
async def test_srd_disengage_movement_provokes_no_opportunity_attacks(gm: Context, ruleset: str):
    """SRD 5.1 Disengage; SRD 5.2 Rules Glossary › Disengage: its movement doesn't
    provoke opportunity attacks for the rest of the turn."""
    await with_orc(gm, ruleset)
    reply = await run(gm, "/move token:Ari to:B5 action:disengage")
    assert reply.result["provokes"] == []
    assert reply.result["disengaged"] is True
    assert reply.result["action"] == "disengage"
    assert "Disengage" in (reply.footer or "")


@BOTH
async def test_srd_disengage_lasts_for_the_rest_of_the_turn(gm: Context, ruleset: str):
    """SRD 5.1 Disengage; SRD 5.2 Disengage: "for the rest of the turn": a second /move
    in the same turn provokes nothing either; the next turn it does again."""
    await with_orc(gm, ruleset, "/token add name:Bo at:J10 team:party")
    first = await run(gm, "/move token:Ari to:B3 action:disengage")
    assert first.result["provokes"] == [] and first.result["remaining_ft"] == 25
    second = await run(gm, "/move token:Ari to:B6")
    assert second.result["provokes"] == []
    assert second.result["disengaged"] is True
    assert "Disengage" in (second.footer or "")
    await run(gm, "/token edit token:Ari at:B2", "/turn next")
    again = await run(gm, "/move token:Ari to:B5")
    assert again.result["provokes"] == ["Orc"]
    assert "disengaged" not in again.result


@BOTH
async def test_srd_cunning_action_disengage_as_a_bonus_action(gm: Context, ruleset: str):
    """SRD 5.1 Bonus Actions; SRD 5.2 Bonus Action (Cunning Action, Nimble Escape):
    Disengage as the bonus action, with the Dash as the action."""
    await with_orc(gm, ruleset)
    reply = await run(gm, "/move token:Ari to:B12 action:dash bonus:disengage")
    assert reply.result["provokes"] == []
    assert reply.result["disengaged"] is True and reply.result["bonus"] == "disengage"
    assert reply.result["total_ft"] == 60 and reply.result["action"] == "dash"
    footer = reply.footer or ""
    assert "Disengage" in footer and "Bonus Action" in footer


@BOTH
async def test_srd_cunning_action_dash_as_a_bonus_action(gm: Context, ruleset: str):
    """SRD Dash as a bonus action adds the speed, as the Dash action does; both: 3×."""
    await board(gm, ruleset, "/token add name:Ari at:A1 speed:30", "/token add name:Bo at:A12")
    bonus = await run(gm, "/move token:Ari to:A8 bonus:dash")
    assert bonus.result["total_ft"] == 60 and bonus.result["bonus"] == "dash"
    assert "disengaged" not in bonus.result
    both = await run(gm, "/move token:Bo to:L12 action:dash bonus:dash")
    assert both.result["total_ft"] == 90


@BOTH
async def test_srd_one_bonus_action_a_turn(gm: Context, ruleset: str):
    """SRD 5.1 Bonus Actions; SRD 5.2 Bonus Action: one a turn."""
    await with_orc(gm, ruleset)
    await run(gm, "/move token:Ari to:B4 bonus:dash")
    error = await refused(gm, "/move token:Ari to:B6 bonus:disengage", IllegalMove)
    assert "bonus action this turn already (dash)" in error.message


async def test_a_ruleset_without_bonus_actions_refuses_bonus(gm: Context):
    await board(gm, "3.5", "/token add name:Ari at:B2")
    error = await refused(gm, "/move token:Ari to:B4 bonus:disengage", InvalidInput)
    assert "no bonus action" in error.message


@BOTH
async def test_srd_hidden_creatures_get_no_attack_after_a_disengage(gm: Context, ruleset: str):
    """SRD Disengage holds against creatures the mover can't see too (issue 26)."""
    await board(
        gm,
        ruleset,
        "/token add name:Ari at:B2 team:party owner:77",
        "/token add name:Lurker at:C2 team:enemy hidden:true",
    )
    player = person(gm.store, "77")
    moved = await run(player, "/move token:Ari to:B6 action:disengage")
    assert moved.result["provokes"] == []
    assert moved.result.get("discovered", {}).get("attacks_at", []) == []


# ----------------------------------------------------------------- a controlled mount


async def riding(gm: Context, ruleset: str) -> None:
    await with_orc(
        gm,
        ruleset,
        "/token add name:Horse at:E6 size:large speed:60 team:party",
        "/token edit token:Ari at:H10",
        "/token place token:Ari mount:Horse",
        "/token edit token:Orc at:G6",
    )


@BOTH
async def test_srd_mounted_combat_a_controlled_mount_dashes_and_disengages(
    gm: Context, ruleset: str
):
    """SRD Mounted Combat › Controlling a Mount: it can take the Dash and Disengage
    actions (and Dodge): its move provokes nothing when it Disengages. One action a
    turn (Combat › Your Turn, issue 41): a Disengage, then a Dash, is refused."""
    await riding(gm, ruleset)
    plain = await run(gm, "/move token:Ari to:E10 preview:true")
    assert plain.result["provokes"] == ["Orc"]
    dashed = await run(gm, "/move token:Ari to:A1 action:dash preview:true")
    assert dashed.result["total_ft"] == 120
    moved = await run(gm, "/move token:Ari to:E10 action:disengage")
    assert moved.result["provokes"] == [] and moved.result["token"] == "Horse"
    error = await refused(gm, "/move token:Ari to:A1 action:dash", IllegalMove)
    assert "Horse has taken its action this turn already (disengage)" in error.message


@BOTH
@pytest.mark.parametrize(
    ("line", "doing"),
    [
        ("/move token:Ari to:E10 ready:true", "readied move"),
        ("/move token:Ari to:E10 bonus:dash", "bonus action"),
        ("/move token:Ari to:E10 mode:teleport", "teleport"),
    ],
)
async def test_srd_mounted_combat_a_controlled_mount_takes_no_other_action(
    gm: Context, ruleset: str, line: str, doing: str
):
    """SRD Mounted Combat › Controlling a Mount: only Dash, Disengage and Dodge."""
    await riding(gm, ruleset)
    error = await refused(gm, line, IllegalMove)
    assert "only the Dash, Disengage and Dodge actions" in error.message
    assert doing in error.message


# ---------------------------------------------------------------------- Incapacitated


@BOTH
@pytest.mark.parametrize(
    "line",
    [
        "/move token:Ari to:B5 action:dash",
        "/move token:Ari to:B5 action:disengage",
        "/move token:Ari to:B5 bonus:disengage",
        "/move token:Ari to:B5 bonus:dash",
        "/move token:Ari to:B5 ready:true",
    ],
)
async def test_srd_incapacitated_takes_no_actions_or_reactions(
    gm: Context, ruleset: str, line: str
):
    """SRD 5.1 and 5.2 Incapacitated: it can't take actions or reactions (a readied
    move uses the reaction); moving where its speed allows is still its."""
    await with_orc(gm, ruleset, "/token condition token:Ari add:incapacitated")
    error = await refused(gm, line, IllegalMove)
    assert "incapacitated: it can't take actions or reactions" in error.message
    walked = await run(gm, "/move token:Ari to:B5")
    assert walked.result["path"][-1] == "B5"


# ---------------------------------------------------- 5.2: Prone, Stunned, Exhaustion


async def test_srd52_dropping_prone_is_impossible_at_speed_0(gm: Context):
    """SRD 5.2 Rules Glossary › Prone: "you can't drop prone if your Speed is 0"."""
    await with_orc(gm, "5e-2024", "/token condition token:Ari add:grappled by:Orc")
    error = await refused(gm, "/move token:Ari action:drop-prone", IllegalMove)
    assert "Speed is 0 (grappled): it can't drop prone" in error.message


async def test_srd51_a_grappled_creature_still_drops_prone(gm: Context):
    """SRD 5.1 Being Prone: dropping prone costs no movement, and nothing bars it."""
    await with_orc(gm, "5e", "/token condition token:Ari add:grappled by:Orc")
    dropped = await run(gm, "/move token:Ari action:drop-prone")
    assert "prone" in dropped.result["conditions"]


async def test_srd52_stunned_has_no_speed_0(gm: Context):
    """SRD 5.2 Stunned: Incapacitated, with no Speed 0: it may move (no Dash)."""
    await with_orc(gm, "5e-2024", "/token condition token:Ari add:stunned")
    moved = await run(gm, "/move token:Ari to:B5")
    assert moved.result["path"][-1] == "B5"
    await refused(gm, "/move token:Ari to:B6 action:dash", IllegalMove, "incapacitated")


async def test_srd51_stunned_cant_move(gm: Context):
    """SRD 5.1 Stunned: "can't move"."""
    await with_orc(gm, "5e", "/token condition token:Ari add:stunned")
    await refused(gm, "/move token:Ari to:B5", IllegalMove, "speed is 0")


@BOTH
async def test_srd_exhaustion_level_6_is_death(gm: Context, ruleset: str):
    """SRD 5.1 and 5.2 Exhaustion: level 6 is death; no movement at all."""
    await board(gm, ruleset, "/token add name:Ari at:B2 speed:40 exhaustion:6")
    error = await refused(gm, "/move token:Ari to:B3", IllegalMove)
    assert "exhaustion level 6: it dies" in error.message
    await refused(gm, "/move token:Ari to:F2 mode:teleport", IllegalMove, "it dies")


# --------------------------------------------------------------------------- Flying


async def aloft(gm: Context, ruleset: str, fly: int = 40) -> None:
    await board(
        gm,
        ruleset,
        f"/token add name:Bat at:B5 speed:30 fly:{fly} team:party",
        "/token add name:Orc at:C5 team:enemy",
        "/move token:Bat up:20",
    )


@pytest.mark.parametrize(("ruleset", "falls"), [("5e", False), ("5e-2024", True)])
async def test_srd_flying_incapacitated(gm: Context, store: Store, ruleset: str, falls: bool):
    """SRD 5.1 Flying Movement: knocked prone, speed 0 or deprived of the ability to
    move (Incapacitated alone is none); SRD 5.2 Flying: Incapacitated too."""
    await aloft(gm, ruleset)
    reply = await run(gm, "/token condition token:Bat add:incapacitated")
    assert ("/fall height:20" in reply.as_text()) is falls
    assert (await height(store, "Bat") == 0) is falls


@BOTH
async def test_srd_flying_grappled_speed_0_falls(gm: Context, store: Store, ruleset: str):
    """SRD Flying: a flyer whose speed becomes 0 (Grappled) falls."""
    await aloft(gm, ruleset)
    reply = await run(gm, "/token condition token:Bat add:grappled by:Orc")
    assert "/fall height:20" in reply.as_text()
    assert await height(store, "Bat") == 0


@pytest.mark.parametrize(("ruleset", "level"), [("5e", 5), ("5e-2024", 4)])
async def test_srd_flying_exhaustion_to_speed_0_falls(
    gm: Context, store: Store, ruleset: str, level: int
):
    """SRD 5.1 Flying Movement ("speed reduced to 0"), SRD 5.2 ("Fly Speed is reduced to
    0"), by exhaustion: 5.1 level 5; 5.2 5 ft a level off a fly speed of 20."""
    await aloft(gm, ruleset, fly=20)
    reply = await run(gm, f"/token edit token:Bat exhaustion:{level}")
    assert "/fall height:20" in reply.as_text() and "fly speed 0" in reply.as_text()
    assert await height(store, "Bat") == 0


@BOTH
async def test_srd_flying_exhaustion_6_death_falls(gm: Context, store: Store, ruleset: str):
    """SRD Exhaustion 6 is death: a dead flyer falls, whatever its fly speed."""
    await aloft(gm, ruleset, fly=80)
    reply = await run(gm, "/token edit token:Bat exhaustion:6")
    assert "/fall height:20" in reply.as_text()
    assert await height(store, "Bat") == 0


@BOTH
async def test_srd_flying_a_hovering_flyer_stays_up(gm: Context, store: Store, ruleset: str):
    """SRD Flying: "unless it can hover"."""
    await board(
        gm, ruleset, "/token add name:Wisp at:B5 fly:30 hover:true", "/move token:Wisp up:20"
    )
    await run(gm, "/token condition token:Wisp add:grappled")
    assert await height(store, "Wisp") == 20


async def test_srd52_flying_stunned_falls(gm: Context, store: Store):
    """SRD 5.2: Stunned is Incapacitated: the flyer falls."""
    await aloft(gm, "5e-2024")
    await run(gm, "/token condition token:Bat add:stunned")
    assert await height(store, "Bat") == 0


# ---------------------------------------------------------------------- Teleportation


@BOTH
async def test_srd_teleportation_spends_nothing_and_provokes_nothing(gm: Context, ruleset: str):
    """SRD 5.1 Opportunity Attacks ("you don't provoke ... when you teleport"); SRD 5.2
    Rules Glossary › Teleportation: no movement spent, no opportunity attacks."""
    await with_orc(gm, ruleset)
    reply = await run(gm, "/move token:Ari to:H2 mode:teleport")
    assert reply.result["path"] == ["B2", "H2"] and reply.result["cost_ft"] == 0
    assert reply.result["provokes"] == [] and reply.result["teleport_ft"] == 30
    assert reply.result["remaining_ft"] == 30
    assert "teleports to H2" in reply.title


@BOTH
async def test_srd_teleportation_into_an_occupied_space(gm: Context, ruleset: str):
    """SRD 5.2 Teleportation: an occupied destination becomes the nearest unoccupied
    space (SRD 5.1's spells ask for an unoccupied one: the same reading)."""
    await with_orc(gm, ruleset, "/token add name:Bo at:H2 team:party")
    reply = await run(gm, "/move token:Ari to:H2 mode:teleport")
    landed = reply.result["path"][-1]
    assert landed != "H2" and landed in {"G1", "H1", "I1", "G2", "I2", "G3", "H3", "I3"}


@BOTH
async def test_srd_teleportation_needs_no_speed(gm: Context, ruleset: str):
    """SRD Teleportation uses no movement: a grappled creature (Speed 0) still teleports."""
    await with_orc(gm, ruleset, "/token condition token:Ari add:grappled by:Orc")
    reply = await run(gm, "/move token:Ari to:F6 mode:teleport")
    assert reply.result["path"][-1] == "F6"
