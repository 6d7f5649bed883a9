"""Scenes and server settings on both databases (the store fixture runs each test on
SQLite and on PostgreSQL)."""

from __future__ import annotations

from bot.storage import Store
from bot.storage.settings import GM_NOTES


async def test_a_scene_name_is_taken_until_replaced(store: Store) -> None:
    assert await store.save_scene("c", "Crypt", '{"a": 1}', "gm", replace=False)
    assert not await store.save_scene("c", "Crypt", '{"a": 2}', "gm", replace=False)
    scene = await store.scene("c", "Crypt")
    assert scene is not None and scene.state_json == '{"a": 1}'
    assert await store.save_scene("c", "Crypt", '{"a": 3}', "bo", replace=True)
    scene = await store.scene("c", "Crypt")
    assert scene is not None and (scene.state_json, scene.saved_by) == ('{"a": 3}', "bo")
    await store.save_scene("c", "Attic", "{}", "gm", replace=False)
    await store.save_scene("other", "Cellar", "{}", "gm", replace=False)
    assert [s.name for s in await store.scenes("c")] == ["Attic", "Crypt"]
    assert await store.scene_count("c") == 2
    assert await store.delete_scene("c", "Crypt")
    assert not await store.delete_scene("c", "Crypt")
    assert [s.name for s in await store.scenes("c")] == ["Attic"]


async def test_server_settings_are_kept_apart(store: Store) -> None:
    assert (await store.guild_settings("g1")).ruleset is None
    await store.set_guild_ruleset("g1", "3.5", "admin")
    await store.set_guild_gm_role("g1", "555", "admin")
    await store.set_guild_gm_role("g2", "777", "admin")
    one = await store.guild_settings("g1")
    assert (one.ruleset, one.gm_role_id) == ("3.5", "555")
    await store.set_guild_gm_role("g1", None, "admin")
    assert (await store.guild_settings("g1")).gm_role_id is None
    assert (await store.guild_settings("g1")).ruleset == "3.5"
    assert (await store.guild_settings("g2")).gm_role_id == "777"


async def test_a_left_servers_data_goes_after_the_grace_period(store: Store) -> None:
    from bot.encounter import Encounter

    board = Encounter(5, 5, "3.5", gm_id="1001")
    await store.start_encounter("c1", board, user_id="gm", summary="s", guild_id="g1")
    await store.set_channel_ruleset("c2", "becmi", "gm", "g1")
    await store.save_scene("c1", "Crypt", "{}", "gm", replace=False)
    await store.save_background("c1", "d1", b"jpeg", 40, "gm")
    await store.start_encounter("k1", board, user_id="gm", summary="s", guild_id="g2")
    await store.guild_left("g1", left=True)
    await store.guild_left("g2", left=True)
    await store.guild_left("g2", left=False)  # invited back: kept
    assert await store.purge_left_guilds(30) == 0  # within the grace period
    assert await store.active_encounter("c1") is not None
    assert await store.purge_left_guilds(-1) == 1  # past it (a cutoff in the future)
    assert await store.active_encounter("c1") is None
    assert await store.history("c1", 10) == []
    assert await store.scenes("c1") == []
    assert await store.background("c1", "d1") is None
    assert await store.channel_ruleset("c2") is None
    assert await store.active_encounter("k1") is not None
    assert (await store.guild_settings("g1")).ruleset is None


async def test_deleting_an_encounter_takes_its_history(store: Store) -> None:
    from bot.encounter import Encounter

    board = Encounter(5, 5, "3.5", gm_id="1001")
    await store.start_encounter("c", board, user_id="gm", summary="s")
    stored = await store.active_encounter("c")
    assert stored is not None
    await store.delete_encounter(stored)
    assert await store.active_encounter("c") is None
    assert await store.history("c", 10) == []


async def test_a_channel_keeps_its_newest_map_images(store: Store) -> None:
    """/map background: the same image twice is one row; beyond BACKGROUNDS_KEPT a
    channel's oldest go; another channel's are its own."""
    from bot.storage.settings import BACKGROUNDS_KEPT

    await store.save_background("c", "first", b"\xff\xd8one", 40, "gm")
    assert await store.background("c", "first") == (b"\xff\xd8one", 40)
    assert await store.background("elsewhere", "first") is None
    await store.save_background("c", "first", b"\xff\xd8one", 40, "gm")  # again: one row
    for n in range(BACKGROUNDS_KEPT):
        await store.save_background("c", f"later-{n:02}", b"x", 32, "gm")
    assert await store.background("c", "first") is None
    assert await store.background("c", f"later-{BACKGROUNDS_KEPT - 1:02}") == (b"x", 32)


async def test_a_commands_reads_come_in_one_query_on_both_backends(store: Store) -> None:
    """The units and whether notes wait for the GM: what every reply reads, in one trip."""
    assert await store.command_reads("c1") == (None, False)
    await store.set_channel_units("c1", "metres")
    await store.set_meta(GM_NOTES + "c1", "[]")
    assert await store.command_reads("c1") == ("metres", False)
    await store.set_meta(GM_NOTES + "c1", '["Ari bumped into something at E2"]')
    assert await store.command_reads("c1") == ("metres", True)
    assert await store.command_reads("c2") == (None, False)  # another channel's are its own


async def test_the_server_a_channel_was_last_seen_in(store: Store) -> None:
    """What the console asks of a channel an option names (it has no Discord to say):
    the newest encounter's server, else the channel's settings', else none."""
    from bot.encounter import Encounter

    assert await store.channel_guild("c") is None
    await store.set_channel_ruleset("c", "3.5", "gm", "g1")
    assert await store.channel_guild("c") == "g1"
    board = Encounter(width=4, height=4, ruleset="5e-alt", gm_id="1")
    await store.start_encounter("c", board, user_id="gm", summary="start", guild_id="g2")
    assert await store.channel_guild("c") == "g2"
    running = await store.active_encounter("c")
    assert running is not None
    await store.end_encounter("c", running, user_id="gm", summary="end")
    await store.start_encounter("c", board, user_id="gm", summary="again")  # none said
    assert await store.channel_guild("c") == "g2"
    assert await store.channel_guild("elsewhere") is None
