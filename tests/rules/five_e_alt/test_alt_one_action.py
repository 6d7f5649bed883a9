"""5e-alt keeps fifth edition's turn: "move a distance up to your speed and take one
action" (SRD 5.1 Combat › Your Turn; seed 000 is silent, docs/RULINGS.md). Its Dash
Action gains Movement equal to its Speed (000 Gaining Movement; Dashing), once a turn,
unless the GM grants an extra action (Action Surge, Haste: extra_action:). Through the
handlers the console and Discord use."""

from __future__ import annotations

from bot.context import Context
from bot.errors import IllegalMove, NotAllowed
from tests.handlers.encounter_helpers import person, refused, run, tokens


async def board(gm: Context) -> None:
    await run(
        gm,
        "/encounter start ruleset:5e-alt width:25 height:5",
        "/token add name:Ari at:A1 team:party owner:ari",
    )


async def test_000_dashing_one_dash_a_turn(gm: Context):
    """000 Gaining Movement ("by taking the Dash Action") under SRD 5.1's one action a
    turn: a second Dash is refused, nothing changes, and the refusal says the movement
    left and who grants an extra action (no bonus action: /move takes none here)."""
    await board(gm)
    first = await run(gm, "/move token:Ari to:B1 action:dash")
    assert first.result["total_ft"] == 60
    error = await refused(gm, "/move token:Ari to:C1 action:dash", IllegalMove)
    assert "Ari has taken its action this turn already (dash)" in error.message
    assert "Left: 55 ft of movement" in error.message
    assert "bonus" not in error.message
    assert "extra_action:action-surge" in error.message
    ari = (await tokens(gm.store))["Ari"]
    assert ari["cell"] == "B1" and ari["activity"]["budget_ft"] == 60


async def test_000_dashing_a_new_turn_gives_the_dash_back(gm: Context):
    """SRD 5.1 Combat › Your Turn: the action is one a turn; the next turn has its own."""
    await board(gm)
    await run(gm, "/move token:Ari to:B1 action:dash", "/turn next")
    again = await run(gm, "/move token:Ari to:C1 action:dash")
    assert again.result["total_ft"] == 60


async def test_000_dashing_action_surge_gains_movement_once_more(gm: Context):
    """SRD 5.1 Fighter › Action Surge, granted by the GM: a second Dash gains Movement
    equal to the Speed again (000 Dashing); the reply and the JSON name the grant; a third
    is refused."""
    await board(gm)
    await run(gm, "/move token:Ari to:B1 action:dash")
    surged = await run(gm, "/move token:Ari to:C1 action:dash extra_action:action-surge")
    assert surged.result["total_ft"] == 90
    assert surged.result["extra_action"] == "action-surge"
    assert "Action Surge" in surged.as_text()
    error = await refused(gm, "/move token:Ari to:D1 action:dash", IllegalMove)
    assert "with action-surge granted" in error.message


async def test_000_dashing_haste_gives_a_dash(gm: Context):
    """SRD 5.1 Spells › Haste: the hasted creature's extra action may be a Dash."""
    await board(gm)
    await run(gm, "/move token:Ari to:B1 action:dash")
    hasted = await run(gm, "/move token:Ari to:C1 action:dash extra_action:haste")
    assert hasted.result["total_ft"] == 90 and "Haste" in hasted.as_text()


async def test_an_extra_action_is_the_gms_to_grant_under_5e_alt(gm: Context):
    """A player asking for an extra action is told the GM grants it; nothing changes."""
    await board(gm)
    ari = person(gm.store, "ari")
    await run(ari, "/move token:Ari to:B1 action:dash")
    error = await refused(
        ari, "/move token:Ari to:C1 action:dash extra_action:action-surge", NotAllowed
    )
    assert "GM" in error.message
    assert (await tokens(gm.store))["Ari"]["cell"] == "B1"
