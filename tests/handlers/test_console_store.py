"""What the console asks of the store besides a command, through the handlers (issue 41,
Layers: the console reaches the store only through the handlers): a database copied
(``handlers/migrate.migrate_database``, ``python -m bot migrate``), a calculator's
reads without the store (``handlers/calc_reads.channel_reads``, the quick path), the
server a channel was last seen in (``handlers/elsewhere.server_of``, the console's
sight of a channel an option names), the store closed (``upkeep.close_store``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.context import Context
from bot.handlers import run_line
from bot.handlers.calc_reads import ChannelReads, channel_reads
from bot.handlers.elsewhere import server_of
from bot.handlers.migrate import migrate_database
from bot.handlers.upkeep import close_store, open_store
from bot.storage import StorageError
from bot.user_ids import name_id


async def _filled(path: Path) -> None:
    """A database with a channel set up in a server: a ruleset, units, an encounter."""
    store = await open_store(path)
    try:
        gm = Context(store, "c1", name_id("dm"), is_gm=True, rng=random.Random(1), guild_id="g1")
        for line in (
            "/ruleset set system:becmi",
            "/settings units:metres",
            "/encounter start width:8 height:8",
            "/token add name:Ari at:A1",
        ):
            await run_line(gm, line)
    finally:
        await close_store(store)


async def test_a_database_is_copied_and_checked_through_the_handler(tmp_path: Path) -> None:
    """``python -m bot migrate``'s copy: every row across, each table's count and
    checksum the same in both; the copy reads as the original did."""
    await _filled(tmp_path / "source.db")
    copied = await migrate_database(
        str(tmp_path / "source.db"), str(tmp_path / "target.db"), force=False
    )
    assert copied.source.endswith("source.db") and copied.target.endswith("target.db")
    checks = {check.table: check.rows for check in copied.checks}
    assert checks["encounters"] == 1 and checks["channel_settings"] == 1
    store = await open_store(tmp_path / "target.db")
    try:
        held = await store.active_encounter("c1")
        assert held is not None and [t.name for t in held.encounter.tokens.values()] == ["Ari"]
    finally:
        await close_store(store)


async def test_a_copy_into_a_database_that_holds_rows_is_refused_unchanged(
    tmp_path: Path,
) -> None:
    """A target that holds rows is refused (``StorageError``, saying why and what
    --force does) and left as it was; ``force`` replaces what it holds."""
    await _filled(tmp_path / "source.db")
    target = await open_store(tmp_path / "target.db")
    try:
        gm = Context(target, "other", name_id("dm"), is_gm=True, rng=random.Random(1))
        await run_line(gm, "/encounter start width:5 height:5")
    finally:
        await close_store(target)
    with pytest.raises(StorageError, match=r"is not empty.*--force"):
        await migrate_database(
            str(tmp_path / "source.db"), str(tmp_path / "target.db"), force=False
        )
    target = await open_store(tmp_path / "target.db")
    try:
        assert await target.active_encounter("other") is not None
        assert await target.active_encounter("c1") is None
    finally:
        await close_store(target)
    forced = await migrate_database(
        str(tmp_path / "source.db"), str(tmp_path / "target.db"), force=True
    )
    assert {c.table: c.rows for c in forced.checks}["encounters"] == 1


async def test_the_quick_reads_are_the_channels_settings(tmp_path: Path) -> None:
    """The quick path's reads, through the handler: the running encounter's ruleset,
    the channel's, its units and the server's; None where the full path must run (no
    file there, a database that isn't a SQLite file)."""
    await _filled(tmp_path / "stride.db")
    reads = channel_reads(str(tmp_path / "stride.db"), "c1", "g1")
    assert reads == ChannelReads(
        running="becmi",
        stored="becmi",
        notice_shown=True,  # the channel has had its first reply
        server=None,
        gm_role=None,
        units="metres",
        gm_notes_waiting=False,
    )
    assert channel_reads(str(tmp_path / "missing.db"), "c1", "g1") is None
    assert not (tmp_path / "missing.db").exists()
    assert channel_reads("postgresql://nobody@localhost/stride", "c1", "g1") is None


async def test_a_channel_is_known_in_the_server_it_was_last_seen_in(tmp_path: Path) -> None:
    """The console's sight of a channel an option names (``from:``): the server the
    store last saw it in (here an encounter started there); None: never seen in one."""
    await _filled(tmp_path / "stride.db")
    store = await open_store(tmp_path / "stride.db")
    try:
        asker = Context(store, "c2", name_id("dm"), is_gm=True, rng=random.Random(1))
        assert await server_of(asker, "c1") == "g1"
        assert await server_of(asker, "never-seen") is None
    finally:
        await close_store(store)
