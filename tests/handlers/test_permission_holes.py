"""Issue 26 "Permissions": the holes found from outside, one test each. A player changes
only what is theirs: a template belongs to who placed it (and the GM), and riding a
creature needs its owner or the GM. Each attempt is refused and changes nothing."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from bot.context import Context
from bot.errors import NotAllowed
from bot.storage import Store
from bot.user_ids import name_id
from tests.handlers.encounter_helpers import refused, run, state, tokens

CHANNEL = "table-1"


def who(store: Store, user: str) -> Context:
    """``user`` with no Manage Channels: the encounter's starter is its GM."""
    return Context(store, CHANNEL, name_id(user), is_gm=False, rng=random.Random(1))


async def stable(store: Store) -> None:
    """dm's encounter (3.5): Ari (ari's), Bo (bo's), Horse (bo's), Pony (the GM's)."""
    await run(who(store, "dm"), "/encounter start width:12 height:10 ruleset:3.5")
    await run(who(store, "ari"), "/token add name:Ari at:A5 team:party speed:30")
    await run(who(store, "bo"), "/token add name:Bo at:A8 team:party speed:30")
    await run(who(store, "bo"), "/token add name:Horse at:C5 size:large team:party speed:50")
    await run(who(store, "dm"), "/token add name:Pony at:C8 size:large team:party speed:40")


async def test_a_player_cannot_remove_the_gms_template_or_another_players(store: Store):
    await stable(store)
    await run(who(store, "dm"), "/template add shape:circle size:10 at:F5 name:Fog")
    await run(who(store, "ari"), "/template add shape:circle size:10 at:H5 name:Web")
    bo = who(store, "bo")
    await refused(bo, "/template remove name:Fog", NotAllowed)
    await refused(bo, "/template remove name:Web", NotAllowed)


async def test_token_place_mount_needs_the_mounts_owner(store: Store):
    await stable(store)
    await refused(who(store, "ari"), "/token place token:Ari mount:Horse", NotAllowed)


async def test_move_mount_needs_the_mounts_owner(store: Store):
    """The GM's pony: nobody's creature is the GM's to lend."""
    await stable(store)
    await refused(who(store, "ari"), "/move token:Ari mount:Pony", NotAllowed)


async def test_a_mounts_owner_cannot_carry_off_another_players_rider(store: Store):
    await stable(store)
    await run(who(store, "dm"), "/token place token:Ari mount:Horse")
    assert (await tokens(store))["Ari"]["riding"] == "horse"
    await refused(who(store, "bo"), "/token edit token:Horse at:F5", NotAllowed)


# ------------------------------------------------------- the rightful ones go through


async def test_a_template_is_its_placers_and_the_gms(store: Store):
    await stable(store)
    await run(who(store, "ari"), "/template add shape:circle size:10 at:H5 name:Web")
    await run(who(store, "ari"), "/template add shape:circle size:10 at:F5 name:Fog")
    await run(who(store, "ari"), "/template remove name:web")  # the placer
    await run(who(store, "dm"), "/template remove name:Fog")  # the GM, anyone's
    assert "templates" not in json.loads(await state(store) or "{}")


async def test_a_template_stored_before_owners_is_the_gms_alone(store: Store):
    """A template saved before templates had an owner has no ``placed_by``: only the GM
    may remove it (docs/RULINGS.md)."""
    await stable(store)
    await run(who(store, "ari"), "/template add shape:circle size:10 at:H5 name:Web")
    assert json.loads(await state(store) or "{}")["templates"][0]["placed_by"] == name_id("ari")
    running = await store.active_encounter(CHANNEL)
    assert running is not None
    before_owners = replace(
        running.encounter,
        templates=tuple(replace(t, placed_by=None) for t in running.encounter.templates),
    )
    await store.save_encounter(
        CHANNEL, running, before_owners, user_id="dm", command="test", summary="stored before"
    )
    assert "placed_by" not in (await state(store) or "")
    await refused(who(store, "ari"), "/template remove name:Web", NotAllowed, "the GM's")
    await run(who(store, "dm"), "/template remove name:Web")


async def test_a_player_mounts_their_own_creature(store: Store):
    await stable(store)
    bo = who(store, "bo")
    await run(bo, "/move token:Bo mount:Horse")
    assert (await tokens(store))["Bo"]["riding"] == "horse"
    await run(bo, "/token place token:Bo mount:none at:A8", "/token place token:Bo mount:Horse")
    assert (await tokens(store))["Bo"]["riding"] == "horse"


async def test_the_gm_seats_a_rider_on_anyones_creature_and_it_rides(store: Store):
    await stable(store)
    await run(who(store, "dm"), "/token place token:Ari mount:Horse", "/move token:Bo mount:Pony")
    placed = await tokens(store)
    assert placed["Ari"]["riding"] == "horse"
    assert placed["Bo"]["riding"] == "pony"
    # seated by the GM, the rider moves on its mount's movement (the rules')
    await run(who(store, "ari"), "/move token:Ari to:C2")
    placed = await tokens(store)
    assert placed["Horse"]["cell"] == placed["Ari"]["cell"] == "C2"


async def test_a_mounts_owner_places_it_with_their_own_rider(store: Store):
    await stable(store)
    bo = who(store, "bo")
    await run(bo, "/token place token:Bo mount:Horse", "/token edit token:Horse at:F5")
    placed = await tokens(store)
    assert placed["Horse"]["cell"] == placed["Bo"]["cell"] == "F5"


async def test_the_gm_places_a_mount_with_anyones_rider(store: Store):
    await stable(store)
    dm = who(store, "dm")
    await run(dm, "/token place token:Ari mount:Horse", "/token edit token:Horse at:F5")
    placed = await tokens(store)
    assert placed["Horse"]["cell"] == placed["Ari"]["cell"] == "F5"


async def test_a_flying_mounts_owner_cannot_lift_another_players_rider(store: Store):
    await stable(store)
    await run(who(store, "bo"), "/token edit token:Horse fly:60")
    await run(who(store, "dm"), "/token place token:Ari mount:Horse")
    await refused(who(store, "bo"), "/token place token:Horse altitude:30", NotAllowed, "Ari")
    await run(who(store, "dm"), "/token place token:Horse altitude:30")
    assert (await tokens(store))["Ari"]["altitude_ft"] == 30


async def test_a_mount_moved_by_its_owner_with_a_rider_aboard_names_the_way_out(store: Store):
    await stable(store)
    await run(who(store, "dm"), "/token place token:Ari mount:Horse")
    error = await refused(who(store, "bo"), "/token edit token:Horse at:F5", NotAllowed)
    assert "Horse carries Ari" in str(error) and "mount:none" in str(error)
    # Ari's player steps off; then the horse is Bo's alone to place
    await run(who(store, "ari"), "/token place token:Ari mount:none at:A5")
    await run(who(store, "bo"), "/token edit token:Horse at:F5")
    assert (await tokens(store))["Ari"]["cell"] == "A5"
