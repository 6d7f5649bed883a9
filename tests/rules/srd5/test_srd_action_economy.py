"""Issue 41 for 5e (SRD 5.1) and 5e-2024 (SRD 5.2): one action a turn (Combat › Your
Turn: "move a distance up to your speed and take one action"), the extra action a GM
grants (extra_action: Action Surge, Haste), through the handlers the console and
Discord use; and a Hypothesis property over the registry's rulesets with that economy.
Each test names its SRD section."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.context import Context
from bot.encounter import Encounter, Token
from bot.errors import IllegalMove, InvalidInput, NotAllowed, RulingError
from bot.grid.coords import Cell
from bot.rules import rulesets
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.moves import MoveRequest
from bot.storage import Store
from tests.handlers.encounter_helpers import ask_json, person, refused, run, tokens

BOTH = pytest.mark.parametrize("ruleset", ["5e", "5e-2024"])
ISSUE_41 = (
    "/move token:Ari to:B1 action:dash",
    "/move token:Ari to:C1 action:dash",
)


async def board(gm: Context, ruleset: str, *lines: str) -> None:
    await run(
        gm,
        f"/encounter start ruleset:{ruleset} width:25 height:12",
        "/token add name:Ari at:A1 team:party owner:ari",
        *lines,
    )


@BOTH
async def test_srd_your_turn_one_action_the_issue_sequence(gm: Context, ruleset: str):
    """SRD 5.1 Combat › Your Turn (SRD 5.2 the same): the issue's Dash, Dash, Dash, Dash
    gave 120 of 150 ft; now the second Dash is refused, nothing changes, and the refusal
    says what is left: the bonus action and the movement."""
    await board(gm, ruleset)
    first = await run(gm, ISSUE_41[0])
    assert first.result["total_ft"] == 60
    error = await refused(gm, ISSUE_41[1], IllegalMove)
    text = error.message
    assert "Ari has taken its action this turn already (dash)" in text
    assert "Combat › Your Turn" in text
    assert "its bonus action (bonus:dash or bonus:disengage" in text
    assert "55 ft of movement" in text
    assert "extra_action:action-surge" in text
    for line in ("/move token:Ari to:D1 action:dash", "/move token:Ari to:Y1 action:dash"):
        await refused(gm, line, RulingError)
    assert (await tokens(gm.store))["Ari"]["activity"]["budget_ft"] == 60


@BOTH
async def test_srd_your_turn_disengage_then_dash_is_refused(gm: Context, ruleset: str):
    """SRD Combat › Your Turn: Disengage is the turn's action, so a Dash after it (as the
    action) is refused; the Dash as a bonus action (Cunning Action) still works."""
    await board(gm, ruleset)
    await run(gm, "/move token:Ari to:B1 action:disengage")
    error = await refused(gm, "/move token:Ari to:C1 action:dash", IllegalMove)
    assert "(disengage)" in error.message and "no Dash action" in error.message
    bonus = await run(gm, "/move token:Ari to:C1 bonus:dash")
    assert bonus.result["total_ft"] == 60
    again = await refused(gm, "/move token:Ari to:D1 action:dash", IllegalMove)
    assert "no bonus action (it took dash as its bonus action)" in again.message


@BOTH
async def test_srd_bonus_actions_dash_as_action_and_as_bonus_action(gm: Context, ruleset: str):
    """SRD 5.1 Bonus Actions; SRD 5.2 Bonus Action: the action's Dash and a feature's
    bonus Dash (Cunning Action) in one turn: three times the speed, no more."""
    await board(gm, ruleset)
    both = await run(gm, "/move token:Ari to:B1 action:dash bonus:dash")
    assert both.result["total_ft"] == 90


@BOTH
async def test_srd_your_turn_a_new_turn_gives_the_action_back(gm: Context, ruleset: str):
    """SRD Combat › Your Turn: the action is one a turn; the next turn has its own."""
    await board(gm, ruleset)
    await run(gm, "/move token:Ari to:B1 action:dash", "/turn next")
    again = await run(gm, "/move token:Ari to:C1 action:dash")
    assert again.result["total_ft"] == 60


@BOTH
async def test_srd_action_surge_grants_one_more_action(gm: Context, ruleset: str):
    """SRD Fighter › Action Surge: "one additional action": granted by the GM
    (extra_action:action-surge), named in the reply and the JSON; one more only."""
    await board(gm, ruleset)
    await run(gm, "/move token:Ari to:B1 action:dash")
    surged = await run(gm, "/move token:Ari to:C1 action:dash extra_action:action-surge")
    assert surged.result["total_ft"] == 90
    assert surged.result["extra_action"] == "action-surge"
    assert "Action Surge" in surged.as_text()
    error = await refused(gm, "/move token:Ari to:D1 action:disengage", IllegalMove)
    assert "with action-surge granted" in error.message


@BOTH
async def test_srd_haste_grants_dash_or_disengage(gm: Context, ruleset: str):
    """SRD Spells › Haste: one extra action, only Attack (one weapon attack), Dash,
    Disengage, Hide or Use an Object: of /move's actions, a Dash or a Disengage."""
    await board(gm, ruleset)
    await run(gm, "/move token:Ari to:B1 action:disengage")
    hasted = await run(gm, "/move token:Ari to:C1 action:dash extra_action:haste")
    assert hasted.result["total_ft"] == 60
    assert "Haste" in hasted.as_text()
    await refused(gm, "/move token:Ari to:D1 action:dash", IllegalMove)


@BOTH
async def test_srd_extra_action_is_the_gms_to_grant(store: Store, gm: Context, ruleset: str):
    """A player who grants their own extra action is told who grants it (the GM), and
    nothing changes."""
    await board(gm, ruleset)
    ari = person(store, "ari")
    error = await refused(
        ari, "/move token:Ari to:B1 action:dash extra_action:action-surge", NotAllowed
    )
    assert "Only the GM can grant an extra action" in error.message


async def test_extra_action_elsewhere_is_refused_with_what_it_takes(gm: Context):
    """A ruleset without granted actions refuses extra_action: with a clear message."""
    await run(gm, "/encounter start ruleset:3.5", "/token add name:Ari at:A1")
    error = await refused(gm, "/move token:Ari to:B1 extra_action:haste", InvalidInput)
    assert "grant no extra actions" in error.message


@BOTH
async def test_srd_your_turn_console_json(store: Store, ruleset: str):
    """The console's JSON: the refusal is ok:false with the reason; the grant's result
    names it (the public keys only added to)."""
    for line in (
        f"/encounter start ruleset:{ruleset}",
        "/token add name:Ari at:A1",
        "/move token:Ari to:B1 action:dash",
    ):
        code, _ = await ask_json(store, line)
        assert code == 0
    code, out = await ask_json(store, "/move token:Ari to:C1 action:dash")
    assert code != 0 and out["ok"] is False
    assert "one action a turn" in out["error"]
    code, out = await ask_json(store, "/move token:Ari to:C1 action:dash extra_action:action-surge")
    assert code == 0 and out["result"]["extra_action"] == "action-surge"


# ------------------------------------------------------------ the property, by registry


def one_action_rulesets() -> list[str]:
    """The registry's rulesets with the SRDs' action economy: one action a turn, and the
    extra actions a GM grants (``Ruleset.granted_actions``)."""
    return sorted(rid for rid, rules in rulesets().items() if rules.granted_actions)


def test_one_action_rulesets_are_found_in_the_registry():
    assert {"5e", "5e-2024"} <= set(one_action_rulesets())


MOVES = st.tuples(
    st.sampled_from([None, MoveAction.DASH, MoveAction.DISENGAGE]),
    st.sampled_from([None, MoveAction.DASH, MoveAction.DISENGAGE]),
    st.sampled_from([None, None, None, "action-surge", "haste"]),
)


@pytest.mark.parametrize("ruleset", one_action_rulesets())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moves=st.lists(MOVES, max_size=8))
def test_srd_your_turn_no_sequence_dashes_past_one_action(ruleset: str, moves: list) -> None:
    """SRD Combat › Your Turn, Bonus Actions, Action Surge, Haste: whatever /move
    actions one turn takes, its movement is at most its speed times (1 + the Dashes its
    one action, the granted extra actions and its one bonus action allow)."""
    rules = rulesets()[ruleset]
    encounter = Encounter(12, 4, ruleset, "1001").with_token(Token("Ari", Cell(0, 0)))
    speed = encounter.token("Ari").speed_ft
    for i, (action, bonus, extra) in enumerate(moves):
        to = Cell((i + 1) % 2, 0)
        request = MoveRequest("Ari", to, action=action, bonus=bonus, extra_action=extra)
        try:
            encounter = rules.move(encounter, request).encounter
        except RulingError:
            continue
        taken = encounter.token("Ari").activity.actions
        grants = sum(1 for a in taken if a.startswith("granted-"))
        actions = sum(1 for a in taken if a in ("dash", "disengage"))
        assert actions <= 1 + grants
        assert taken.count("bonus-dash") + taken.count("bonus-disengage") <= 1
        dashes = min(taken.count("dash"), 1 + grants) + taken.count("bonus-dash")
        assert encounter.token("Ari").activity.budget_ft <= speed * (1 + dashes)
        assert encounter.token("Ari").activity.budget_ft <= speed * (3 + grants)


@BOTH
async def test_srd_your_turn_a_board_from_before_loads(gm: Context, ruleset: str):
    """The turn's actions are the token's per-turn activity the schema already kept: a
    board stored before issue 41 with two Dashes this turn loads as it was, and the next
    Dash is refused (SRD Combat › Your Turn)."""
    await board(gm, ruleset, "/move token:Ari to:B1 action:dash")
    stored = await gm.store.active_encounter(gm.channel_id)
    assert stored is not None
    old = json.loads(stored.state_json)
    ari = next(t for t in old["tokens"] if t["name"] == "Ari")
    ari["activity"]["actions"] = ["dash", "dash"]
    ari["activity"]["budget_ft"] = 90.0
    async with gm.store.backend.transaction() as db:
        await db.execute(
            "UPDATE encounters SET state = ?, version = version + 1 "
            "WHERE channel_id = ? AND status = 'active'",
            json.dumps(old),
            gm.channel_id,
        )
    shown = await run(gm, "/encounter show")
    assert "Ari" in shown.as_text()
    error = await refused(gm, "/move token:Ari to:C1 action:dash", IllegalMove)
    assert "(dash, dash)" in error.message
    assert (await run(gm, "/move token:Ari to:C1")).result["remaining_ft"] == 80
