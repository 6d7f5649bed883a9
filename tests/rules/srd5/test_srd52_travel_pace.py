"""Issue 28: `5e-2024` /travel by the SRD 5.2 Travel Pace table, driven through the
console (`ask --json`). Each test names the SRD 5.2 section it checks."""

from __future__ import annotations

import pytest

from bot.storage import Store
from tests.handlers.encounter_helpers import ask_json


@pytest.mark.parametrize("speed", [30, 40])
@pytest.mark.parametrize(("pace", "per_day"), [("fast", 30), ("normal", 24), ("slow", 18)])
async def test_srd52_travel_pace_table_is_independent_of_speed(
    store: Store, speed: int, pace: str, per_day: int
):
    """SRD 5.2 Travel Pace table: fast 30, normal 24, slow 18 miles a day, whatever the
    group's Speed."""
    code, reply = await ask_json(
        store, f"/travel ruleset:5e-2024 speed:{speed} pace:{pace} terrain:grassland"
    )
    assert code == 0
    assert reply["result"]["miles_per_day"] == per_day
