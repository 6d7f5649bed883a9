"""Handlers: options → ruling → reply, as both shells see them (bot/handlers)."""

from __future__ import annotations

import json

import pytest

from bot.context import Context
from bot.errors import NotAllowed
from bot.handlers import run_line


async def test_fall_reply_answers_in_the_title_and_cites_the_rule(gm: Context):
    """shared/UX.md: /fall 5e-alt, 60 ft onto solid ground."""
    reply = await run_line(gm, "/fall height:60 ruleset:5e-alt")
    assert reply.title.startswith("Falls 60 ft · ")
    assert reply.title.endswith("bludgeoning damage")
    damage = next(f for f in reply.fields if f.name == "Damage")
    assert damage.value.startswith("6d6 (") and damage.value.endswith(f"= {reply.result['damage']}")
    assert reply.footer.startswith("5e-alt · Alternate Movement › Fall")
    assert reply.result["prone_dc"] == max(10, reply.result["damage"])


async def test_jump_reply_matches_the_ux_example(gm: Context):
    """shared/UX.md: /jump 5e-alt, a Large creature, check total 17."""
    reply = await run_line(gm, "/jump size:large check:17 ruleset:5e-alt")
    assert reply.title == "Jump: up to 34 ft across or 17 ft up"
    assert reply.result["max_horizontal_ft"] == 34
    assert reply.result["max_vertical_ft"] == 17


async def test_travel_reply_matches_the_becmi_ux_example(gm: Context):
    """shared/UX.md and seed 003: a party of 120' and 90' over 60 miles of forest.

    The formula reading (issue correction 2): 90 / 5 = 18 miles a day clear, forest ×2/3
    = 12, so 5 days; no rest day needed within six days of travel; lost on 1–2."""
    reply = await run_line(gm, '/travel ruleset:becmi speed:"120, 90" terrain:forest distance:60')
    assert reply.title == "60 miles of forest: 5 days"
    assert reply.result["miles_per_day"] == 12
    assert reply.result["days"] == 5
    assert reply.result["rest_days"] == 0
    assert reply.result["lost_chance"] == pytest.approx(2 / 6)


async def test_becmi_lost_check_is_the_gms_secret(gm: Context, player: Context):
    """Issue 5 / seed 003 › Becoming Lost: the GM's roll; the public reply hides it."""
    line = "/travel ruleset:becmi terrain:swamp lost_check:true"
    reply = await run_line(gm, line)
    public = json.dumps([reply.title, [(f.name, f.value) for f in reply.fields]])
    assert "Lost check" not in public
    assert reply.result["rolls"] == []  # the d6 is not among the public rolls
    assert reply.private_fields and reply.private_fields[0].name == "Lost check"
    assert reply.result["gm_rolls"]
    with pytest.raises(NotAllowed, match="Only the GM"):
        await run_line(player, line)


async def test_ruleset_set_is_for_the_gm(gm: Context, player: Context):
    with pytest.raises(NotAllowed, match="Manage Channels"):
        await run_line(player, "/ruleset set system:3.5")
    reply = await run_line(gm, "/ruleset set system:3.5")
    assert reply.result == {"ruleset": "3.5", "previous": None, "square_ft": 5}
    assert (await run_line(player, "/ruleset show")).result["ruleset"] == "3.5"


async def test_first_reply_in_a_channel_without_ruleset_says_which_it_used(gm: Context):
    """Issue 5 correction 13."""
    first = await run_line(gm, "/jump")
    assert any("5e-alt (the default)" in f.value for f in first.fields)
    second = await run_line(gm, "/jump")
    assert not any(f.name == "Ruleset" for f in second.fields)


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("/fall height:60 ruleset:3.5", "counted_ft"),
        ("/fall height:60 ruleset:becmi", "counted_ft"),
        ("/fall height:60 ruleset:epic-path", "counted_ft"),
        ("/jump check:15 ruleset:3.5", "max_horizontal_ft"),
        ("/jump check:15 ruleset:epic-path", "max_horizontal_ft"),
        ("/jump ruleset:becmi", "max_horizontal_ft"),
        ("/travel ruleset:3.5 speed:30 distance:48", "miles_per_day"),
        ("/travel ruleset:5e-alt speed:30 distance:48", "miles_per_day"),
        ("/travel ruleset:epic-path speed:30 distance:48", "miles_per_day"),
        ("/travel ruleset:becmi speed:120 distance:48", "miles_per_day"),
    ],
)
async def test_every_ruleset_answers_every_calculator(gm: Context, line: str, key: str):
    reply = await run_line(gm, line)
    assert key in reply.result
    assert reply.footer.startswith(reply.result["ruleset"] + " · ")


async def test_borrowed_rules_say_so(gm: Context):
    reply = await run_line(gm, "/fall height:60 ruleset:3.5")
    assert "borrowed: 3.5 SRD" in reply.footer
    assert any(f.name == "Borrowed" for f in reply.fields)
    becmi = await run_line(gm, "/jump ruleset:becmi")
    assert becmi.title == "BECMI has no jump rule"
    assert becmi.result["max_horizontal_ft"] is None
