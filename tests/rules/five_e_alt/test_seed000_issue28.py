"""Issue 28, "The seeds: still wrong": 5e-alt's (seed 000) last exceptions, through the
console handlers."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import IllegalMove
from tests.handlers.encounter_helpers import refused, run, tokens

HOVERER = '/token add name:Bee at:A5 team:party speed:"30 ft., fly 60 ft. (hover)"'


@pytest.mark.parametrize(
    "aloft",
    [
        "/token place token:Bee altitude:30",
        "/move token:Bee to:B5 up:20",
        "/move token:Bee to:B5 mode:fly up:20",
    ],
)
async def test_seed000_fly_hovering_immune_to_prone_while_flying(gm: Context, aloft: str) -> None:
    """000 Fly › Hovering: "you are Immune to the Prone Condition while Flying"; a
    hovering creature in the air is flying, however it got there."""
    await run(gm, "/encounter start width:12 height:10 ruleset:5e-alt", HOVERER, aloft)
    await refused(gm, "/token condition token:Bee add:prone", IllegalMove, "Hovering")


@pytest.mark.parametrize(
    "aloft", ["/token place token:Bee altitude:30", "/move token:Bee to:B5 mode:fly up:20"]
)
async def test_seed000_fly_hovering_falling_unconscious_no_prone_when_immune(
    gm: Context, aloft: str
) -> None:
    """000 Unconscious › Falling Unconscious: "automatically Drop Prone"; Drop Prone ›
    Common Movement: "unless you are Immune to the Prone condition" (Fly › Hovering)."""
    await run(gm, "/encounter start width:12 height:10 ruleset:5e-alt", HOVERER, aloft)
    reply = await run(gm, "/token condition token:Bee add:unconscious")
    assert reply.result["token"]["conditions"] == ["unconscious"]
    assert "doesn't drop prone" in reply.as_text()
    assert (await tokens(gm.store))["Bee"]["conditions"] == ["unconscious"]


async def test_seed000_fly_hovering_on_the_ground_still_drops_prone(gm: Context) -> None:
    """000 Fly › Hovering: immune "while Flying" only: a hoverer on the ground drops prone."""
    await run(gm, "/encounter start width:12 height:10 ruleset:5e-alt", HOVERER)
    reply = await run(gm, "/token condition token:Bee add:unconscious")
    assert reply.result["token"]["conditions"] == ["prone", "unconscious"]
