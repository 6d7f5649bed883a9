"""Issue 40 item 15: the quick rulings answer as a table asks. /jump that falls short says
how far it goes; /jump without a Strength score states the SRD's rule (and the Strength an
asked jump takes) instead of refusing; /travel gives days and hours, the number kept in
the JSON. Through the interaction path, and the console's JSON."""

from __future__ import annotations

import io
import json
from typing import Any

from bot.console import run_once
from bot.discord.dispatch import dispatch
from bot.rules import identities
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


def _said(asking: FakeInteraction) -> tuple[str, dict[str, str]]:
    sent = asking.sent[-1]
    assert not sent.ephemeral, sent.embed.description  # an answer, not a refusal
    return sent.embed.title or "", {f.name or "": f.value or "" for f in sent.embed.fields}


async def _json(store: Store, line: str) -> dict[str, Any]:
    out = io.StringIO()
    await run_once(store, line, as_json=True, seed=1, channel="c", user="gm", out=out)
    answer = json.loads(out.getvalue())
    assert answer["ok"], answer
    return answer["result"]  # type: ignore[no-any-return]


async def test_a_jump_that_falls_short_says_how_far_it_goes(store: Store) -> None:
    asking = FakeInteraction(store)
    await dispatch(asking, "jump", {"ruleset": "5e", "strength": 15, "distance": 20})
    title, _ = _said(asking)
    assert title == "Jump 20 ft across: falls short, reaching 15 ft (5 ft short)"
    await dispatch(asking, "jump", {"ruleset": "5e-2024", "strength": 15, "height": 6})
    assert _said(asking)[0] == "Jump 6 ft up: falls short, reaching 5 ft (1 ft short)"
    result = await _json(store, "/jump ruleset:5e strength:15 distance:20")
    assert (result["clears"], result["max_horizontal_ft"], result["short_by_ft"]) == (
        False,
        15.0,
        5.0,
    )
    cleared = await _json(store, "/jump ruleset:5e strength:15 distance:10")
    assert "short_by_ft" not in cleared


async def test_a_jump_without_strength_states_the_rule(store: Store) -> None:
    asking = FakeInteraction(store)
    await dispatch(asking, "jump", {"ruleset": "5e"})
    title, fields = _said(asking)
    assert title == "Jump: the Strength score in feet across, 3 + its modifier up; half standing"
    assert fields["Long jump"].startswith("Up to the Strength score in feet with at least 10 ft")
    assert fields["High jump"].startswith("3 + the Strength modifier in feet")
    assert "strength:<score>" in fields["Strength"]
    await dispatch(asking, "jump", {"ruleset": "5e-2024", "distance": 12})
    title, _ = _said(asking)
    assert title == "Jump 12 ft across: takes Strength 12 with a 10 ft run-up, 24 standing"
    await dispatch(asking, "jump", {"ruleset": "5e", "height": 6, "run_up": 0})
    assert _said(asking)[0] == "Jump 6 ft up: takes Strength 28 standing"
    await dispatch(asking, "jump", {"ruleset": "5e", "distance": 31})
    assert _said(asking)[0] == "Jump 31 ft across: no Strength score (up to 30) clears it"
    result = await _json(store, "/jump ruleset:5e-2024 distance:12")
    assert result["max_horizontal_ft"] is None and result["clears"] is None  # as the keys were
    assert (result["strength_to_clear"], result["strength_to_clear_standing"]) == (12, 24)
    assert result["strength"] is None and result["rule"].startswith("long jump: up to the")


async def test_travel_says_days_and_hours_and_keeps_the_number_in_json(store: Store) -> None:
    asking = FakeInteraction(store)
    await dispatch(asking, "travel", {"ruleset": "5e", "distance": "62.2"})
    assert _said(asking)[0] == "62.2 miles: 2 days and 5 hours (8-hour days)"
    await dispatch(asking, "travel", {"ruleset": "5e", "mode": "sailing-ship", "distance": "200"})
    assert _said(asking)[0] == "200 miles: 4 days and 4 hours"  # a ship sails 24 hours
    await dispatch(asking, "travel", {"ruleset": "3.5", "speed": "30", "distance": "20"})
    assert _said(asking)[0] == "20 miles on foot: 6 hours and 40 minutes"
    await dispatch(asking, "travel", {"ruleset": "becmi", "speed": "30", "distance": "62"})
    assert _said(asking)[0] == "62 miles of clear terrain: 10⅓ days"  # becmi has no hours
    result = await _json(store, "/travel ruleset:5e distance:62.2")
    assert result["days"] == 2.59 and result["hours"] == 20.73  # the numbers, kept
    assert result["duration"] == {"days": 2, "hours": 5, "minutes": 0}


async def test_one_mile_is_a_mile_in_every_ruleset(store: Store) -> None:
    """A distance of 1 reads "1 mile", as a table says it, under every ruleset of the
    registry that travels a mile (becmi, 3.5, epic-path, the SRDs, 5e-alt)."""
    asking = FakeInteraction(store)
    for ruleset_id in identities():
        await dispatch(asking, "travel", {"ruleset": ruleset_id, "distance": 1})
        title = _said(asking)[0]
        assert title.startswith("1 mile") and not title.startswith("1 miles"), title
        await dispatch(asking, "travel", {"ruleset": ruleset_id, "distance": 3})
        assert _said(asking)[0].startswith("3 miles"), ruleset_id
