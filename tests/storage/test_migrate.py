"""``python -m bot migrate``: a SQLite database copied into an empty one (PostgreSQL or
SQLite) with every encounter, archive, history line and setting, verified by counts
and checksums; a non-empty target is refused without --force."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.context import Context
from bot.handlers import run_line
from bot.storage import StorageError, Store, TurnReminder
from bot.storage.copy import copy_database, verify
from bot.user_ids import name_id

ROOT = Path(__file__).resolve().parents[2]


async def filled(path: Path) -> Store:
    """A SQLite database with something in every table: settings, a running and an
    ended encounter, history and meta."""
    store = await Store.open(path)
    try:
        await fill(store)
    except BaseException:
        await store.close()
        raise
    return store


async def fill(store: Store) -> None:
    gm = Context(store, "c1", name_id("dm"), is_gm=True, rng=random.Random(1))
    for line in (
        "/ruleset set system:becmi",
        "/encounter start width:8 height:8",
        "/token add name:Ari at:A1",
        "/move token:Ari to:C3 forced:slide",
        "/encounter end confirm:true",
        "/encounter start width:10 height:10",
        "/token add name:Bo at:B2",
        "/terrain set cells:C1:C9 kind:difficult",
    ):
        await run_line(gm, line)
    other = Context(store, "c2", name_id("dm"), is_gm=True, rng=random.Random(1))
    await run_line(other, "/ruleset set system:5e diagonals:5-10-5")
    await run_line(other, "/encounter start width:5 height:5")
    await store.set_meta("command_hash:global", "abc")
    await store.save_background("c1", "digest-1", b"\xff\xd8a map", 40, "dm")
    await store.set_turn_reminder(TurnReminder("c1", "78", "Bo", 1, 1_800_000_000))


async def snapshot(store: Store) -> dict[str, object]:
    """What the bot reads, channel by channel."""
    out: dict[str, object] = {}
    for channel in ("c1", "c2"):
        active = await store.active_encounter(channel)
        out[channel] = (
            await store.channel_rules_state(channel),
            active.state_json if active else None,
            active.version if active else None,
            await store.history(channel, 50),
            [(a.id, a.state_json) for a in await store.archived_encounters(channel)],
        )
    out["meta"] = await store.get_meta("command_hash:global")
    out["background"] = await store.background("c1", "digest-1")
    out["reminders"] = await store.due_reminders(2_000_000_000)
    return out


async def test_a_copy_holds_everything_and_takes_new_writes(tmp_path: Path, db_url: str):
    source = await filled(tmp_path / "source.db")
    target = await Store.open(db_url)
    try:
        checks = await copy_database(source, target)
        assert {c.table: c.rows for c in checks} == {
            "meta": 1,
            "guild_settings": 0,
            "channel_settings": 2,
            "encounters": 3,
            "history": 8,  # c1: 7 changes, c2: 1
            "scenes": 0,
            "backgrounds": 1,
            "turn_reminders": 1,
        }
        assert await snapshot(target) == await snapshot(source)
        # the copy goes on where the source stopped: new rows get new ids, /undo works
        gm = Context(target, "c1", name_id("dm"), is_gm=True, rng=random.Random(1))
        await run_line(gm, "/move token:Bo to:B5 forced:slide")
        await run_line(gm, "/undo")
        await run_line(gm, "/undo")  # the terrain change, copied from the source
        after = await target.active_encounter("c1")
        assert after is not None and "difficult" not in after.state_json
        third = Context(target, "c3", name_id("dm"), is_gm=True, rng=random.Random(1))
        await run_line(third, "/encounter start width:5 height:5")
        started = await target.active_encounter("c3")
        assert started is not None and started.id == 4
    finally:
        await source.close()
        await target.close()


async def test_a_non_empty_target_is_refused_without_force(tmp_path: Path, db_url: str):
    source = await filled(tmp_path / "source.db")
    target = await Store.open(db_url)
    try:
        await target.set_channel_ruleset("elsewhere", "3.5", "dm")
        with pytest.raises(StorageError, match=r"not empty \(channel_settings: 1\).*--force"):
            await copy_database(source, target)
        assert await target.channel_ruleset("elsewhere") == "3.5"  # untouched
        assert await target.active_encounter("c1") is None
        await copy_database(source, target, force=True)
        assert await target.channel_ruleset("elsewhere") is None  # replaced
        assert await snapshot(target) == await snapshot(source)
    finally:
        await source.close()
        await target.close()


async def test_a_copy_that_differs_is_caught(tmp_path: Path, db_url: str):
    source = await filled(tmp_path / "source.db")
    target = await Store.open(db_url)
    try:
        await copy_database(source, target)
        async with target.backend.transaction() as db:
            await db.execute("UPDATE history SET summary = 'tampered' WHERE id = 2")
        with pytest.raises(StorageError, match=r"history has 8 rows .* 8 .*checksum"):
            await verify(source, target)
    finally:
        await source.close()
        await target.close()


def migrate(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ}
    env.pop("STRIDE_DB", None)
    return subprocess.run(
        [sys.executable, "-m", "bot", "migrate", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


async def test_the_migrate_command_copies_and_refuses_a_second_time(tmp_path: Path, db_url: str):
    source = await filled(tmp_path / "source.db")
    await source.close()
    first = migrate("--from", f"sqlite:///{tmp_path}/source.db", "--to", db_url)
    assert first.returncode == 0, first.stderr
    assert "encounters: 3 rows" in first.stdout and "(matches)" in first.stdout
    again = migrate("--from", f"sqlite:///{tmp_path}/source.db", "--to", db_url)
    assert again.returncode == 2
    assert "is not empty" in again.stderr and "Traceback" not in again.stderr
    forced = migrate("--from", f"sqlite:///{tmp_path}/source.db", "--to", db_url, "--force")
    assert forced.returncode == 0, forced.stderr


async def test_rows_that_share_a_page_edge_are_all_copied(
    tmp_path: Path, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: scenes and backgrounds were paged by channel_id, which many rows share,
    so the rows at each page's edge were skipped (751 scenes became 750) and the check,
    reading the same way, agreed. Paged by their unique key, every row comes across."""
    from bot.storage import copy as copying

    monkeypatch.setattr(copying, "BATCH_ROWS", 4)  # many page edges, few rows
    source = await Store.open(tmp_path / "source.db")
    target = await Store.open(db_url)
    try:
        for channel in ("c1", "c2"):
            for i in range(11):
                await source.save_scene(channel, f"Room {i}", "{}", "dm", replace=False)
            for i in range(10):  # the most a channel keeps
                await source.save_background(channel, f"digest-{i}", b"jpeg", 40, "dm")
        checks = {c.table: c.rows for c in await copy_database(source, target)}
        assert (checks["scenes"], checks["backgrounds"]) == (22, 20)
        assert len(await target.scenes("c1")) == len(await target.scenes("c2")) == 11
    finally:
        await source.close()
        await target.close()


async def test_a_check_that_reads_fewer_rows_than_there_are_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check counts each table itself, so a read that skipped rows can't pass."""
    from bot.storage import copy as copying

    source = await filled(tmp_path / "source.db")
    target = await Store.open(tmp_path / "target.db")
    try:
        await copy_database(source, target)
        real = copying._batches

        async def skipping(store: Store, table: str, columns: tuple[str, ...]):  # type: ignore[no-untyped-def]
            async for batch in real(store, table, columns):
                yield batch[1:] if table == "history" else batch

        monkeypatch.setattr(copying, "_batches", skipping)
        with pytest.raises(StorageError, match="gave 7 rows of the 8"):
            await verify(source, target)
    finally:
        await source.close()
        await target.close()


async def test_a_templates_colour_and_duration_are_copied(tmp_path: Path, db_url: str):
    """/template add colour: and rounds: live in the encounter's JSON: copied as stored."""
    source = await Store.open(tmp_path / "source.db")
    target = await Store.open(db_url)
    try:
        gm = Context(source, "c1", name_id("dm"), is_gm=True, rng=random.Random(1))
        await run_line(gm, "/encounter start width:10 height:10")
        await run_line(gm, "/template add shape:circle size:10 at:E5 name:Fog colour:red rounds:2")
        await copy_database(source, target)
        copied = await target.active_encounter("c1")
        assert copied is not None
        (fog,) = copied.encounter.templates
        assert (fog.name, fog.colour, fog.ends_in_round) == ("Fog", "red", 3)
        stored = await source.active_encounter("c1")
        assert stored is not None and copied.state_json == stored.state_json
    finally:
        await source.close()
        await target.close()
