"""bot/storage: numbered migrations and per-channel settings that survive a restart
(each test runs on SQLite and on PostgreSQL)."""

from __future__ import annotations

from pathlib import Path

from bot.storage import MIGRATIONS, Store


async def test_new_database_is_migrated_to_the_latest_version(store: Store):
    assert await store.schema_version() == len(MIGRATIONS)


async def test_channel_ruleset_survives_reopening(db_url: str):
    first = await Store.open(db_url)
    await first.set_channel_ruleset("c1", "becmi", "dm")
    await first.close()
    again = await Store.open(db_url)
    assert await again.channel_ruleset("c1") == "becmi"
    assert await again.channel_ruleset("c2") is None
    assert await again.schema_version() == len(MIGRATIONS)
    await again.close()


async def test_default_notice_is_taken_once_per_channel(store: Store):
    assert await store.take_default_notice("c1") is True
    assert await store.take_default_notice("c1") is False
    assert await store.take_default_notice("c2") is True


async def test_setting_a_ruleset_means_no_default_notice(store: Store):
    await store.set_channel_ruleset("c1", "3.5", "dm")
    assert await store.take_default_notice("c1") is False


async def test_a_sqlite_folder_is_created_on_first_use(tmp_path: Path):
    for target in (tmp_path / "db" / "stride.db", f"sqlite:///{tmp_path}/other/stride.db"):
        store = await Store.open(target)
        assert store.kind == "sqlite"
        await store.close()
    assert (tmp_path / "db" / "stride.db").exists()
    assert (tmp_path / "other" / "stride.db").exists()


async def test_meta_round_trips(store: Store):
    assert await store.get_meta("k") is None
    await store.set_meta("k", "v1")
    await store.set_meta("k", "v2")
    assert await store.get_meta("k") == "v2"
