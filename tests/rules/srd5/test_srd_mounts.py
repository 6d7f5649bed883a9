"""Issue 28, the SRDs' Mounted Combat on the board: mounting a creature within 5 ft and
dismounting for half the speed, once during a move; the DC 10 Dexterity save to stay
mounted; a mount knocked prone. Driven through the console handlers (and once through
Discord's interaction path); each test names its SRD section."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.discord.dispatch import dispatch
from bot.errors import RulingError
from bot.grid.coords import Cell
from bot.storage import Store
from tests.discord.fakes import FakeInteraction
from tests.handlers.encounter_helpers import refused, run, tokens
from tests.rules.grid_kit import said

SRDS = ["5e", "5e-2024"]


async def board(gm: Context, ruleset: str, *lines: str) -> None:
    await run(gm, f"/encounter start ruleset:{ruleset} width:12 height:12", *lines)


async def stable(gm: Context, ruleset: str, horse_at: str) -> None:
    """Ari (speed 30) at A5 and a Large party Horse (speed 60) at ``horse_at``."""
    await board(
        gm,
        ruleset,
        "/token add name:Ari at:A5 team:party speed:30",
        f"/token add name:Horse at:{horse_at} size:large team:party speed:60",
    )


async def next_turn(gm: Context) -> None:
    """Ari's next turn: its movement (and its mounting or dismounting) is fresh."""
    await run(gm, "/turn order order:Ari,Horse", "/turn next", "/turn next")


@pytest.mark.parametrize("ruleset", SRDS)
async def test_srd_mounted_combat_mounting_a_creature_within_5_ft_costs_half_the_speed(
    gm: Context, store: Store, ruleset: str
):
    """SRD 5.1 / 5.2 Mounted Combat › Mounting and Dismounting: mounting a creature
    within 5 ft costs half the speed (15 ft of 30), and nothing for entering its space."""
    await stable(gm, ruleset, horse_at="B5")
    mounted = await run(gm, "/move token:Ari mount:Horse")
    assert mounted.result["cost_ft"] == 15
    assert mounted.result["remaining_ft"] == 15
    assert (await tokens(store))["Ari"]["riding"] == "horse"


@pytest.mark.parametrize("ruleset", SRDS)
async def test_srd_mounted_combat_mounting_with_exactly_half_the_speed_left(
    gm: Context, store: Store, ruleset: str
):
    """SRD Mounted Combat: with 15 ft of 30 left, a creature within 5 ft can still be
    mounted (walking up to it first is movement as usual)."""
    await stable(gm, ruleset, horse_at="E5")
    await run(gm, "/move token:Ari to:D5")  # 15 ft
    mounted = await run(gm, "/move token:Ari mount:Horse")
    assert mounted.result["cost_ft"] == 15
    assert mounted.result["used_ft"] == 30
    assert (await tokens(store))["Ari"]["riding"] == "horse"


@pytest.mark.parametrize("ruleset", SRDS)
async def test_srd_mounted_combat_walking_up_then_mounting(gm: Context, ruleset: str):
    """SRD Mounted Combat: 5 ft to come within 5 ft of the horse, then half the speed."""
    await stable(gm, ruleset, horse_at="C5")
    mounted = await run(gm, "/move token:Ari mount:Horse")
    assert mounted.result["cost_ft"] == 20


@pytest.mark.parametrize("ruleset", SRDS)
async def test_srd_mounted_combat_dismounting_costs_half_the_speed(
    gm: Context, store: Store, ruleset: str
):
    """SRD Mounted Combat: dismounting costs half the speed and lands the rider within
    5 ft of the mount; walking on from there costs as usual."""
    await stable(gm, ruleset, horse_at="C5")
    await run(gm, "/move token:Ari mount:Horse")
    await next_turn(gm)
    off = await run(gm, "/move token:Ari dismount:true to:B5")
    assert off.result["cost_ft"] == 15
    assert off.result["remaining_ft"] == 15
    placed = await tokens(store)
    assert placed["Ari"]["cell"] == "B5" and "riding" not in placed["Ari"]


@pytest.mark.parametrize("ruleset", SRDS)
async def test_srd_mounted_combat_dismounting_on_the_far_side_of_a_large_mount(
    gm: Context, ruleset: str
):
    """SRD Mounted Combat: any space within 5 ft of the mount is a landing, the far side
    of a Large one too: half the speed, no squares crossed inside its space."""
    await stable(gm, ruleset, horse_at="C5")
    await run(gm, "/move token:Ari mount:Horse")
    await next_turn(gm)
    off = await run(gm, "/move token:Ari dismount:true to:E7")
    assert off.result["cost_ft"] == 15
    assert off.result["path"][-1] == "E7"


@pytest.mark.parametrize("ruleset", SRDS)
async def test_srd_mounted_combat_dismounting_then_walking_on(gm: Context, ruleset: str):
    """SRD Mounted Combat: landing within 5 ft of the mount (B4) for 15 ft, then 10 ft
    on to A2, and no further than what is left (I9: 20 ft past the landing)."""
    await stable(gm, ruleset, horse_at="C5")
    await run(gm, "/move token:Ari mount:Horse")
    await next_turn(gm)
    error = await refused(gm, "/move token:Ari dismount:true to:I9", RulingError)
    assert "lands within 5 ft of Horse" in said(error)
    off = await run(gm, "/move token:Ari dismount:true to:A2")
    assert off.result["path"][:2] == ["C5", "B4"]
    assert [s["cost_ft"] for s in off.result["steps"]] == [15, 5, 5]
    assert off.result["cost_ft"] == 25


@pytest.mark.parametrize("ruleset", SRDS)
async def test_srd_mounted_combat_mounting_or_dismounting_only_once_during_a_move(
    gm: Context, ruleset: str
):
    """SRD 5.1 / 5.2 Mounted Combat: "you can mount or dismount only once during your
    move"; on the next turn it may again."""
    await stable(gm, ruleset, horse_at="B5")
    await run(gm, "/move token:Ari mount:Horse")
    error = await refused(gm, "/move token:Ari dismount:true to:A5", RulingError)
    assert "only once during its move" in said(error)
    await next_turn(gm)
    await run(gm, "/move token:Ari dismount:true to:A5")
    error = await refused(gm, "/move token:Ari mount:Horse", RulingError)
    assert "already dismounted" in said(error)


async def riding(gm: Context, ruleset: str) -> None:
    """Ari in the saddle of the Horse at B5."""
    await stable(gm, ruleset, horse_at="B5")
    await run(gm, "/move token:Ari mount:Horse")


def within_5_ft_of_large(cell: str, mount_at: str) -> bool:
    """``cell`` is outside the Large mount's space at ``mount_at`` and touches it."""
    c, m = Cell.parse(cell), Cell.parse(mount_at)
    dc, dr = c.col - m.col, c.row - m.row
    return -1 <= dc <= 2 and -1 <= dr <= 2 and not (0 <= dc <= 1 and 0 <= dr <= 1)


@pytest.mark.parametrize("ruleset", SRDS)
async def test_srd_mounted_combat_a_mount_moved_against_its_will_asks_the_save(
    gm: Context, store: Store, ruleset: str
):
    """SRD Mounted Combat: "If an effect moves your mount against its will while you're
    on it, you must succeed on a DC 10 Dexterity saving throw or fall off." Without the
    save's total the rider stays on and the reply says what to roll."""
    await riding(gm, ruleset)
    pushed = await run(gm, "/move token:Horse to:E5 forced:slide")
    assert "DC 10 Dexterity saving throw" in pushed.as_text()
    placed = await tokens(store)
    assert placed["Ari"]["riding"] == "horse" and placed["Ari"]["cell"] == "E5"


@pytest.mark.parametrize("ruleset", SRDS)
async def test_srd_mounted_combat_a_rider_who_saves_stays_on(
    gm: Context, store: Store, ruleset: str
):
    """SRD Mounted Combat: a save of 10 or more keeps the rider in the saddle."""
    await riding(gm, ruleset)
    pushed = await run(gm, "/move token:Horse to:E5 forced:slide check:10")
    assert pushed.result["stay_mounted"] == {
        "riders": ["Ari"],
        "save": 10,
        "dc": 10,
        "stays": True,
    }
    assert (await tokens(store))["Ari"]["riding"] == "horse"


@pytest.mark.parametrize("ruleset", SRDS)
async def test_srd_mounted_combat_a_failed_save_drops_the_rider_prone_within_5_ft(
    gm: Context, store: Store, ruleset: str
):
    """SRD Mounted Combat: on a failure the rider falls off, "landing prone in a space
    within 5 feet of it"."""
    await riding(gm, ruleset)
    pushed = await run(gm, "/move token:Horse to:E5 forced:slide check:9")
    assert pushed.result["stay_mounted"]["stays"] is False
    ari = (await tokens(store))["Ari"]
    assert "riding" not in ari and "prone" in ari["conditions"]
    assert within_5_ft_of_large(ari["cell"], "E5")


@pytest.mark.parametrize("ruleset", SRDS)
async def test_srd_mounted_combat_a_rider_knocked_prone_makes_the_save(
    gm: Context, store: Store, ruleset: str
):
    """SRD Mounted Combat: "If you're knocked prone while mounted, you must make the
    same saving throw": /token condition takes no roll, so the reply states it."""
    await riding(gm, ruleset)
    knocked = await run(gm, "/token condition token:Ari add:prone")
    assert "DC 10 Dexterity saving throw" in knocked.as_text()
    assert (await tokens(store))["Ari"]["riding"] == "horse"


@pytest.mark.parametrize("ruleset", SRDS)
async def test_srd_mounted_combat_a_rider_with_its_reaction_lands_on_its_feet(
    gm: Context, store: Store, ruleset: str
):
    """SRD 5.1 / 5.2 Mounted Combat: "If your mount is knocked prone, you can use your
    reaction to dismount it as it falls and land on your feet." A rider with its
    reaction left takes it (docs/RULINGS.md, Fixes: a falling mount's rider): it is
    dismounted within 5 ft, standing, its reaction spent; the reply says how to take
    the other choice."""
    await riding(gm, ruleset)
    knocked = await run(gm, "/token condition token:Horse add:prone")
    text = knocked.as_text()
    assert "Ari uses its reaction" in text and "lands on its feet" in text
    assert "/token reaction token:Ari used:false" in text  # the other choice
    ari = (await tokens(store))["Ari"]
    assert "riding" not in ari and "prone" not in ari.get("conditions", [])
    assert ari["reactions_used"] == 1
    assert within_5_ft_of_large(ari["cell"], "B5")


@pytest.mark.parametrize("ruleset", SRDS)
async def test_srd_mounted_combat_a_rider_without_its_reaction_falls_prone(
    gm: Context, store: Store, ruleset: str
):
    """SRD Mounted Combat: "Otherwise, you are dismounted and fall prone in a space
    within 5 feet it": a rider whose reaction is spent can't land on its feet."""
    await riding(gm, ruleset)
    await run(gm, "/token reaction token:Ari used:true")
    knocked = await run(gm, "/token condition token:Horse add:prone")
    assert "no reaction left" in knocked.as_text()
    ari = (await tokens(store))["Ari"]
    assert "riding" not in ari and "prone" in ari["conditions"]
    assert ari["reactions_used"] == 1  # nothing more spent
    assert within_5_ft_of_large(ari["cell"], "B5")


@pytest.mark.parametrize("ruleset", ["3.5", "epic-path", "5e-alt"])
async def test_the_seeds_keep_a_rider_on_a_mount_knocked_prone(
    gm: Context, store: Store, ruleset: str
):
    """Seeds 000, 001/002 and 004 say nothing of a mount knocked prone under its rider
    (002's Ride checks are the table's): the rider stays where it is, as it was."""
    await stable(gm, ruleset, horse_at="B5")
    await run(gm, "/move token:Ari mount:Horse")
    await run(gm, "/token condition token:Horse add:prone")
    ari = (await tokens(store))["Ari"]
    assert ari["riding"] == "horse" and "prone" not in ari.get("conditions", [])


async def test_the_seeds_keep_a_rider_on_a_pushed_mount_without_a_save(gm: Context, store: Store):
    """3.5 has no such save on the board (its Ride checks are the table's)."""
    await stable(gm, "3.5", horse_at="B5")
    await run(gm, "/move token:Ari mount:Horse")
    pushed = await run(gm, "/move token:Horse to:E5 forced:slide check:1")
    assert "stay_mounted" not in pushed.result
    assert (await tokens(store))["Ari"]["riding"] == "horse"


async def test_srd_mounted_combat_the_save_through_discord(store: Store):
    """SRD Mounted Combat, as a Discord user sees it: the GM's forced move of a mount
    with the rider's failed save (check:) shows the fall in the embed."""
    gm = FakeInteraction(store, manage_channels=True)
    for command, options in (
        ("encounter start", {"width": 12, "height": 12, "ruleset": "5e"}),
        ("token add", {"name": "Ari", "at": "A5", "team": "party"}),
        ("token add", {"name": "Horse", "at": "B5", "size": "large", "team": "party"}),
        ("move", {"token": "Ari", "mount": "Horse"}),
        ("move", {"token": "Horse", "to": "E5", "forced": "slide", "check": 3}),
    ):
        await dispatch(gm, command, options)  # type: ignore[arg-type]
    embed = gm.sent[-1].embed
    fields = {f.name: f.value for f in embed.fields}
    assert "fails the save (3 against DC 10)" in fields["Stay mounted"]
    stored = await store.active_encounter(str(gm.channel_id))
    assert stored is not None
    ari = stored.encounter.token("Ari")
    assert ari.riding is None and "prone" in ari.conditions


async def test_srd_mounted_combat_a_falling_mounts_rider_lands_standing_through_discord(
    store: Store,
):
    """SRD Mounted Combat, as a Discord user sees it: the Horse knocked prone, Ari (its
    reaction left) lands on its feet; the embed says so and the stored Ari is standing."""
    gm = FakeInteraction(store, manage_channels=True)
    for command, options in (
        ("encounter start", {"width": 12, "height": 12, "ruleset": "5e"}),
        ("token add", {"name": "Ari", "at": "A5", "team": "party"}),
        ("token add", {"name": "Horse", "at": "B5", "size": "large", "team": "party"}),
        ("move", {"token": "Ari", "mount": "Horse"}),
        ("token condition", {"token": "Horse", "add": "prone"}),
    ):
        await dispatch(gm, command, options)  # type: ignore[arg-type]
    fields = {f.name: f.value for f in gm.sent[-1].embed.fields}
    assert "lands on its feet" in fields["Unseated"]
    stored = await store.active_encounter(str(gm.channel_id))
    assert stored is not None
    ari = stored.encounter.token("Ari")
    assert ari.riding is None and "prone" not in ari.conditions and ari.reactions_used == 1
