"""Handlers: options → ruling → reply, as both shells see them (bot/handlers)."""

from __future__ import annotations

import json
import random

import pytest

from bot.context import Context
from bot.errors import InvalidInput, NotAllowed
from bot.handlers import run_line
from bot.handlers.travel import OPTIONS as TRAVEL_OPTIONS
from bot.rules import identities
from bot.user_ids import name_id


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

    The formula reading : 90 / 5 = 18 miles a day clear, forest ×2/3
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
    assert reply.result == {"ruleset": "3.5", "previous": None, "square_ft": 5, "diagonals": None}
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


# ----------------------------------------------- /travel and /fall (audit fixes)

# The request's field names, which must never reach a user: the /travel options are
# speed, encumbrance, mount_load, distance and ship_speed (bot/handlers/travel.py OPTIONS).
TRAVEL_FIELDS = ("ship_speed_miles", "encumbrance_cn", "mount_load_lb", "distance_miles")


def reply_text(reply) -> str:
    return json.dumps([reply.title, [(f.name, f.value) for f in reply.fields]])


@pytest.mark.parametrize(
    "line",
    [
        "/travel ruleset:becmi mode:galley",
        "/travel ruleset:becmi mode:sailing-ship speed:120",
        "/travel ruleset:epic-path pace:hustle days:2",
    ],
)
async def test_travel_errors_name_declared_options(gm: Context, line: str):
    """Seed 003 "By Ship" (the Sailing Vessels Table is not in the seed) and seed 004
    "Overland Travel" › Hustle: a refusal that asks for an option names it as /travel
    declares it (the audit: "give ship_speed_miles" named an option that doesn't exist)."""
    declared = {o.name for o in TRAVEL_OPTIONS}
    with pytest.raises(InvalidInput) as error:
        await run_line(gm, line)
    message = error.value.message
    assert not any(field in message for field in TRAVEL_FIELDS), message
    asked = message.split("give ", 1)[1].split(",")[0].split()[0].strip(".()")
    assert asked in declared, message


@pytest.mark.parametrize(
    "line",
    [
        "/travel ruleset:becmi load:heavy mount_load:100",
        "/travel ruleset:becmi ship_speed:60 sea:true weather:true",
        "/travel ruleset:becmi mode:galley ship_speed:60 speed:90 encumbrance:500 terrain:hills",
        "/travel ruleset:becmi mode:ox speed:60 encumbrance:500",
        "/travel ruleset:3.5 mount_load:100",
        "/travel ruleset:3.5 mode:light-horse load:heavy",
        "/travel ruleset:epic-path encumbrance:400 ship_speed:90 forage:true",
    ],
)
async def test_travel_replies_use_the_declared_option_names(gm: Context, line: str):
    """Seed 003 "Character Movement Rates and Encumbrance Table", "By Ship" and seed 004
    "Overland Travel": "Not used" and load notes name the /travel options (encumbrance,
    ship_speed, mount_load), never the request's fields."""
    text = reply_text(await run_line(gm, line))
    assert not any(field in text for field in TRAVEL_FIELDS), text


async def test_travel_ship_error_names_ship_speed(gm: Context):
    """Seed 003 "By Ship": the base rate is the user's; the error says give ship_speed, and
    the option so named is accepted."""
    with pytest.raises(InvalidInput, match=r"give ship_speed, e\.g\. ship_speed:72"):
        await run_line(gm, "/travel ruleset:becmi mode:ship")
    reply = await run_line(gm, "/travel ruleset:becmi mode:ship ship_speed:72")
    assert reply.result["miles_per_day"] == 72


@pytest.mark.parametrize(
    "speed",
    ["\"abc' (40')\"", "x40", "\"120' (30')\"", "\"120' (40') 90' (30')\"", "-40", "30.5"],
)
async def test_travel_becmi_refuses_speeds_token_add_refuses(gm: Context, speed: str):
    """Seed 003 "Normal, Encounter, and Running Speeds": a becmi speed is the normal speed
    per turn, the encounter speed in brackets a third of it (120' (40')). /travel reads it
    as /token add does (becmi_grid.parse_rate) and says what it accepts."""
    with pytest.raises(InvalidInput, match=r"120' \(40'\)") as error:
        await run_line(gm, f"/travel ruleset:becmi speed:{speed}")
    await run_line(gm, "/ruleset set system:becmi")
    await run_line(gm, "/encounter start width:10 height:10")
    with pytest.raises(InvalidInput) as token_error:
        await run_line(gm, f"/token add name:Ari at:B2 speed:{speed}")
    # the same reading, the same words (plus how to list a party)
    assert error.value.message.startswith(token_error.value.message)


@pytest.mark.parametrize("ruleset", tuple(identities()))
@pytest.mark.parametrize("speed", ["x40", '"30 ft 20 ft"', "-30", "30.5", "fast"])
async def test_travel_feet_speeds_are_read_as_token_add_reads_them(
    gm: Context, ruleset: str, speed: str
):
    """A speed is feet as a whole number ("30", "30 ft"), as /token add takes it; text
    around a number is no longer read as its first number (Ruleset.travel_speed_ft).
    becmi's movement rate (120' (40')) refuses these as well, in its own words."""
    with pytest.raises(InvalidInput, match=r"is not a (speed|movement rate)"):
        await run_line(gm, f"/travel ruleset:{ruleset} speed:{speed}")


@pytest.mark.parametrize(
    ("ruleset", "speed", "miles"),
    [
        ("becmi", "\"120' (40'), 90' (30')\"", 18),
        ("becmi", '"120 (40), 90"', 18),
        ("becmi", "\"MV 120' (40')\"", 24),
        ("becmi", '"30, 20"', 4),
        ("becmi", "120", 24),
        ("becmi", "0", 0),
        ("3.5", '"30, 20"', 16),
        ("5e-alt", "30", 24),
        ("epic-path", '"30, 20"', 16),
    ],
)
async def test_travel_party_lists_and_plain_numbers_still_work(
    gm: Context, ruleset: str, speed: str, miles: int
):
    """Seed 003 "Overland Movement Rates" (the slowest normal speed ÷ 5) and seed 004 /
    3.5 SRD Table: Movement and Distance (slowest member): lists and plain numbers."""
    reply = await run_line(gm, f"/travel ruleset:{ruleset} speed:{speed}")
    assert reply.result["miles_per_day"] == miles


async def test_travel_galley_weather_row_for_sails_does_not_claim_a_reduction(gm: Context):
    """Seed 003 "Water Movement Modification Table" row 3 with "By Ship" (D&D galleys have
    no sails): the audit's /travel ruleset:becmi mode:galley ship_speed:72 weather:true
    --seed 15 rolls a 3 (extreme light breeze); the galley keeps 72 miles and the reply says
    the row does not apply to an oared ship."""
    seeded = Context(gm.store, gm.channel_id, gm.user_id, is_gm=True, rng=random.Random(15))
    reply = await run_line(seeded, "/travel ruleset:becmi mode:galley ship_speed:72 weather:true")
    assert reply.result["weather_roll"] == 3
    today = next(f.value for f in reply.fields if f.name == "Today's weather")
    assert "does not apply to an oared ship" in today
    assert "reduced" not in today
    assert reply.result["miles_today"] == 72


async def test_fall_becmi_collision_title_says_there_is_no_rule(gm: Context):
    """Seed 003 has no collision rule (docs/RULINGS.md › /fall › becmi): the title says so
    and that nothing is rolled, in the form of epic-path's "Collision at ..." and becmi's
    "BECMI has no jump rule", instead of "Falls 0 ft · no damage"."""
    reply = await run_line(gm, "/fall ruleset:becmi collision_speed:50")
    assert reply.title == "BECMI has no collision rule · nothing rolled"
    assert reply.result["nothing_rolled"] is True
    assert reply.result["dice"] == "0"
    assert "borrowed" not in reply.footer
    epic = await run_line(gm, "/fall ruleset:epic-path collision_speed:50")
    assert epic.title.startswith("Collision at 50 ft speed · ")
    fall = await run_line(gm, "/fall ruleset:becmi height:5")
    assert fall.title == "Falls 5 ft · no damage"


async def test_fall_5e_alt_onto_a_creature_under_10ft(gm: Context):
    """Seed 000 › Fall › Fall Damage ("less than 10 feet, you take no Damage") and Falling on
    Something Else: no damage, no impact: no save, the creature takes nothing."""
    reply = await run_line(
        gm, "/fall height:5 into:creature size:medium faller_size:medium save:0 ruleset:5e-alt"
    )
    assert reply.title == "Falls 5 ft · no damage"
    landing = next(f.value for f in reply.fields if f.name == "Landing on a creature")
    assert "no impact to resolve" in landing and "takes 0" not in landing
    assert "save_dc" not in reply.result
    assert reply.result["target_impacted"] is False
    assert reply.result["target_damage"] == 0


async def test_calculators_follow_the_channels_encounter_ruleset(tmp_path):
    """After /encounter start ruleset:3.5 in a channel with no ruleset set, /fall there
    rules by 3.5 too (unless ruleset: is given), and /ruleset show says why."""
    import random

    from bot.context import Context
    from bot.handlers import run_line
    from bot.storage import Store

    store = await Store.open(tmp_path / "s.db")
    try:
        ctx = Context(store, "chan", name_id("dm"), is_gm=True, rng=random.Random(1))
        await run_line(ctx, "/encounter start ruleset:3.5 width:6 height:6")
        fall = await run_line(ctx, "/fall height:30")
        assert fall.result["ruleset"] == "3.5"
        once = await run_line(ctx, "/fall height:30 ruleset:becmi")
        assert once.result["ruleset"] == "becmi"
        shown = await run_line(ctx, "/ruleset show")
        assert shown.result["ruleset"] == "3.5"
        assert "encounter" in shown.result["why"]
        await run_line(ctx, "/encounter end confirm:true")
        after = await run_line(ctx, "/fall height:30")
        assert after.result["ruleset"] == "5e-alt"
    finally:
        await store.close()


@pytest.mark.parametrize("ruleset", ["epic-path", "3.5"])
async def test_004_terrain_road_trackless_is_the_tables_column(gm: Context, ruleset: str):
    """004 Overland Travel › Table: Terrain and Overland Movement (and the 3.5 SRD's): the
    Trackless column is accepted by its own name, as docs/RULINGS.md says."""
    line = f"/travel ruleset:{ruleset} speed:30 terrain:forest distance:20"
    named = await run_line(gm, line + " road:trackless")
    plain = await run_line(gm, line + " road:none")
    assert named.result["miles_per_day"] == plain.result["miles_per_day"]
