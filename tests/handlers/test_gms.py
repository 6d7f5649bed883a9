"""Issue 17's GM roles and the server default ruleset: /settings gm_role, /encounter gm
add|remove|give, /ruleset set scope:server; refusals change nothing."""

from __future__ import annotations

import random

import pytest

from bot.context import Context
from bot.errors import InvalidInput, NotAllowed
from bot.handlers import run_line
from bot.storage import Store
from bot.user_ids import name_id
from tests.handlers.encounter_helpers import refused, run, tokens

SERVER = "guild-1"


def someone(
    store: Store,
    user: str,
    *,
    gm: bool = False,
    roles: frozenset[str] = frozenset(),
    channel: str = "table-1",
    server_wide: bool | None = None,
) -> Context:
    """``gm``: Manage Channels here; ``server_wide``: across the server (default: as
    ``gm``; False: granted in this channel alone)."""
    return Context(
        store,
        channel,
        name_id(user),
        is_gm=gm,
        rng=random.Random(1),
        guild_id=SERVER,
        role_ids=roles,
        manages_server=gm if server_wide is None else server_wide,
    )


async def fight(store: Store) -> Context:
    owner = someone(store, "dm", gm=True)
    await run(
        owner,
        "/encounter start width:8 height:8",
        "/token add name:Ari at:A1 owner:bob",
        "/token add name:Orc at:H8",
    )
    # the one who started it is its GM even without Manage Channels
    return someone(store, "dm")


async def test_a_co_gm_runs_the_encounter_until_removed(store: Store) -> None:
    gm = await fight(store)
    cy = someone(store, "cy")
    await refused(cy, "/token edit token:Orc at:G8", NotAllowed)
    added = await run(gm, "/encounter gm add user:@cy")
    assert added.result["co_gms"] == [name_id("cy")]
    await run(cy, "/token edit token:Orc at:G8")
    assert (await tokens(store))["Orc"]["cell"] == "G8"
    shown = await run(gm, "/encounter show")
    assert shown.result["co_gms"] == [name_id("cy")]
    assert f"co-GMs: <@{name_id('cy')}>" in shown.as_text()
    await run(cy, "/encounter gm remove user:cy")  # a co-GM may step down
    await refused(cy, "/token edit token:Orc at:F8", NotAllowed)


async def test_only_the_gm_adds_and_bad_asks_change_nothing(store: Store) -> None:
    gm = await fight(store)
    bob = someone(store, "bob")
    await refused(bob, "/encounter gm add user:@bob", NotAllowed, "Only the GM")
    await refused(gm, "/encounter gm add user:@dm", InvalidInput, "GM already")
    await run(gm, "/encounter gm add user:@cy")
    await refused(gm, "/encounter gm add user:@cy", InvalidInput, "co-GM here already")
    await refused(gm, "/encounter gm remove user:@zed", InvalidInput, "not a co-GM")
    await refused(someone(store, "bob"), "/encounter gm remove user:@cy", NotAllowed)


async def test_the_gm_hands_the_encounter_over(store: Store) -> None:
    gm = await fight(store)
    await run(gm, "/encounter gm add user:@cy")
    await refused(someone(store, "cy"), "/encounter gm give user:@cy", NotAllowed)
    given = await run(gm, "/encounter gm give user:@bob")
    assert given.result["gm"] == name_id("bob")
    await refused(gm, "/token edit token:Orc at:G8", NotAllowed)  # no longer the GM
    await run(someone(store, "bob"), "/token edit token:Orc at:G8")


async def test_the_servers_gm_role_makes_its_members_gms(store: Store) -> None:
    await fight(store)
    admin = someone(store, "admin", gm=True)
    holder = someone(store, "ivy", roles=frozenset({"555", "777"}))
    await refused(holder, "/token edit token:Orc at:G8", NotAllowed)
    await refused(holder, "/settings gm_role:<@&555>", NotAllowed, "Manage Channels")
    set_ = await run(admin, "/settings gm_role:<@&555>")
    assert set_.result["gm_role"] == "555"
    await run(holder, "/token edit token:Orc at:G8")
    # a role holder may not make themselves the role's keeper
    await refused(holder, "/settings clear_gm_role:true", NotAllowed)
    shown = await run(admin, "/encounter show")
    assert "the server's GM role <@&555>" in shown.as_text()
    await run(admin, "/settings clear_gm_role:true")
    await refused(holder, "/token edit token:Orc at:F8", NotAllowed)


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("/settings gm_role:<@&5> clear_gm_role:true", "not both"),
        ("/settings gm_role:admins", "is not accepted"),
    ],
)
async def test_bad_settings_are_refused(store: Store, line: str, error: str) -> None:
    admin = someone(store, "admin", gm=True)
    with pytest.raises(InvalidInput, match=error):
        await run_line(admin, line)
    assert (await store.guild_settings(SERVER)).gm_role_id is None


async def test_settings_need_a_server(store: Store) -> None:
    dm = Context(store, "dm-channel", name_id("u"), is_gm=True, rng=random.Random(1))
    with pytest.raises(InvalidInput, match="server"):
        await run_line(dm, "/settings")
    with pytest.raises(InvalidInput, match="needs a server"):
        await run_line(dm, "/ruleset set system:3.5 scope:server")


async def test_a_server_default_ruleset_rules_channels_without_their_own(store: Store) -> None:
    admin = someone(store, "admin", gm=True)
    elsewhere = someone(store, "admin", gm=True, channel="table-2")
    await run(admin, "/ruleset set system:3.5 scope:server")
    shown = await run(elsewhere, "/ruleset show")
    assert shown.result["ruleset"] == "3.5"
    assert shown.result["why"] == "the server's default"
    assert shown.result["server_ruleset"] == "3.5"
    await run(elsewhere, "/ruleset set system:becmi")  # the channel's own wins
    assert (await run(elsewhere, "/ruleset show")).result["ruleset"] == "becmi"
    assert (await run(admin, "/fall height:30")).result["ruleset"] == "3.5"
    other_server = Context(
        store, "t-3", name_id("admin"), is_gm=True, rng=random.Random(1), guild_id="guild-2"
    )
    assert (await run(other_server, "/ruleset show")).result["ruleset"] == "5e-alt"
    with pytest.raises(InvalidInput, match="channel's setting"):
        await run_line(admin, "/ruleset set system:5e scope:server diagonals:5-10-5")
    with pytest.raises(NotAllowed):
        await run_line(someone(store, "bob"), "/ruleset set system:5e scope:server")
    assert (await store.guild_settings(SERVER)).ruleset == "3.5"


# ------------------------------------------------------------------ units


async def test_a_channel_reads_distances_in_its_units(store: Store) -> None:
    """Issue 17 "Units": metres as 1.5 m a 5 ft square, or squares; typed either way."""
    gm = someone(store, "dm", gm=True)
    await run(gm, "/encounter start width:8 height:8", "/token add name:Ari at:A1")
    await run(gm, "/settings units:metres")
    moved = await run(gm, "/move token:Ari to:C3")
    assert moved.title == "Ari moves to C3 — 3 m, 6 m left"
    assert moved.result["units"] == "metres" and moved.result["cost_ft"] == 10
    assert "Movement: 10/9 m" not in moved.as_text() and "3/9 m used" in moved.as_text()
    await run(gm, "/settings units:squares")
    stepped = await run(gm, "/move token:Ari to:D3")
    assert stepped.title == "Ari moves to D3 — 1 square, 3 squares left"
    await run(gm, "/settings units:feet")
    assert (await run(gm, "/fall height:9m")).title.startswith("Falls 30 ft")
    elsewhere = someone(store, "dm", gm=True, channel="table-2")
    assert "ft" in (await run(elsewhere, "/fall height:30")).title  # per channel


async def test_only_a_gm_sets_the_units(store: Store) -> None:
    with pytest.raises(NotAllowed):
        await run_line(someone(store, "bob"), "/settings units:metres")
    assert await store.channel_units("table-1") is None


@pytest.mark.parametrize(
    ("text", "units", "shown"),
    [
        ("15 ft, 1,000 ft, 30 feet", "metres", "4.5 m, 300 m, 9 m"),
        ("7.5 ft", "metres", "2.3 m"),
        ("10/30 ft used", "metres", "3/9 m used"),
        ("5 ft and 20 ft", "squares", "1 square and 4 squares"),
        ("5-10-5 diagonals at D5", "metres", "5-10-5 diagonals at D5"),
    ],
)
def test_feet_in_text_read_in_the_tables_units(text: str, units: str, shown: str) -> None:
    from bot.units import in_units

    assert in_units(text, units) == shown


async def test_manage_channels_in_one_channel_sets_nothing_for_the_server(store: Store) -> None:
    """Issue 26: Manage Channels granted in one channel (an override) makes a GM there,
    not a keeper of the server's GM role or default ruleset."""
    here_only = someone(store, "cal", gm=True, server_wide=False)
    await refused(here_only, "/settings gm_role:<@&555>", NotAllowed, "across the server")
    await refused(here_only, "/ruleset set system:3.5 scope:server", NotAllowed, "across")
    assert (await store.guild_settings(SERVER)).gm_role_id is None
    assert (await store.guild_settings(SERVER)).ruleset is None
    await run(here_only, "/ruleset set system:3.5")  # this channel's is theirs to set
    assert await store.channel_ruleset("table-1") == "3.5"
    # the server-wide permission without it in this channel sets the server's
    server_only = someone(store, "sol", server_wide=True)
    await run(server_only, "/settings gm_role:<@&555>", "/ruleset set system:becmi scope:server")
    settings = await store.guild_settings(SERVER)
    assert (settings.gm_role_id, settings.ruleset) == ("555", "becmi")


async def test_the_servers_gm_role_sets_the_servers_ruleset_not_the_role(store: Store) -> None:
    """The GM role is server-wide (only a server-wide manager gives it): its holders set
    the server's default ruleset, even with Manage Channels in one channel as well."""
    await run(someone(store, "admin", gm=True), "/settings gm_role:<@&555>")
    holder = someone(store, "ivy", gm=True, server_wide=False, roles=frozenset({"555"}))
    await run(holder, "/ruleset set system:3.5 scope:server")
    assert (await store.guild_settings(SERVER)).ruleset == "3.5"
    await refused(holder, "/settings clear_gm_role:true", NotAllowed)
