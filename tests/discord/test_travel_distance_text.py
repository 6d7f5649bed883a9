"""/travel distance: on Discord takes a unit (issue 28, 003 Feet vs. Yards): a becmi
table types "270 ft" or "90 yards" in the text field, as on the console; a bare
number is miles, as before."""

from __future__ import annotations

from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


async def test_a_short_distance_in_feet_or_yards_is_explored_in_turns(store: Store) -> None:
    asking = FakeInteraction(store)
    await dispatch(
        asking, "travel", {"ruleset": "becmi", "speed": "120' (40')", "distance": "270 ft"}
    )
    assert asking.sent[-1].embed.title == "Exploring 270 ft at 120 ft a turn: 2.25 turns"
    await dispatch(asking, "travel", {"ruleset": "5e", "distance": "24"})
    assert "24" in asking.sent[-1].embed.title  # miles, as a number always was
    await dispatch(asking, "travel", {"ruleset": "becmi", "distance": "far"})
    assert asking.sent[-1].ephemeral  # refused, saying what is accepted
