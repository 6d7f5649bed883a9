"""Scenes and server settings on both databases (the store fixture runs each test on
SQLite and on PostgreSQL)."""

from __future__ import annotations

from bot.storage import Store


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
