"""Several processes on one database lose nothing: each change is a compare-and-swap
on the encounter's version, migrations run once inside an exclusive transaction, and
a file that isn't a database is refused clearly. Real ``python -m bot ask`` processes,
each bounded by a timeout, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.storage import Conflict, StorageError, Store
from bot.storage.sqlite import SqliteBackend
from bot.user_ids import name_id

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 60


def ask(db: str | Path, line: str, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "STRIDE_DB": str(db)}
    env.pop("DISCORD_TOKEN", None)
    return subprocess.run(
        [sys.executable, "-m", "bot", "ask", "--json", *extra, line],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )


def tokens_saved(db: str) -> list[str]:
    shown = json.loads(ask(db, "/encounter show").stdout)
    return sorted(t["name"] for t in shown["result"]["tokens"])


def test_16_processes_adding_tokens_at_once_lose_none(db_url: str):
    db = db_url
    assert ask(db, "/encounter start width:40 height:40").returncode == 0
    names = [f"T{p}x{i}" for p in range(16) for i in range(2)]
    with ThreadPoolExecutor(max_workers=16) as pool:
        results = list(pool.map(lambda n: ask(db, f"/token add name:{n}"), names))
    acknowledged = sorted(n for n, r in zip(names, results, strict=True) if r.returncode == 0)
    failed = [r.stdout + r.stderr for r in results if r.returncode != 0]
    assert acknowledged == sorted(names), failed  # every one answered ok...
    assert tokens_saved(db) == sorted(names)  # ...and every one is there


def test_concurrent_moves_of_one_token_lose_and_duplicate_nothing(db_url: str):
    """Each process slides Ari to its own square: every answered move is one history
    line, and the board ends where the last recorded move put it (a serial replay)."""
    db = db_url
    ask(db, "/encounter start width:40 height:4")
    ask(db, "/token add name:Ari at:A1")
    targets = [f"{chr(ord('B') + n)}2" for n in range(12)]
    with ThreadPoolExecutor(max_workers=12) as pool:
        results = list(
            pool.map(lambda cell: ask(db, f"/move token:Ari to:{cell} forced:slide"), targets)
        )
    assert all(r.returncode == 0 for r in results), [r.stdout for r in results]
    history = json.loads(ask(db, "/history count:50").stdout)["result"]["changes"]
    moves = [c["summary"] for c in history if c["command"] == "move"]
    assert len(moves) == len(targets)
    assert sorted(m.split(" to ")[1].split()[0] for m in moves) == sorted(targets)
    shown = json.loads(ask(db, "/encounter show").stdout)["result"]
    assert moves[0].startswith("Ari was slid")
    assert shown["tokens"][0]["cell"] == moves[0].split(" to ")[1].split()[0]


def test_16_processes_opening_a_new_database_together_all_start(db_url: str):
    db = db_url
    with ThreadPoolExecutor(max_workers=16) as pool:
        results = list(pool.map(lambda _: ask(db, "/ruleset show"), range(16)))
    assert [r.returncode for r in results] == [0] * 16, [r.stderr for r in results if r.returncode]


def test_a_file_that_is_not_a_database_is_refused_clearly(tmp_path: Path):
    junk = tmp_path / "junk.db"
    junk.write_bytes(os.urandom(5000))
    result = ask(junk, "/fall height:10")
    assert result.returncode == 2
    assert "can't be used as Stride's database" in result.stderr
    assert "Traceback" not in result.stderr


async def test_a_newer_schema_is_refused(db_url: str):
    db = db_url
    store = await Store.open(db)
    await store.backend.set_schema_version(999)
    await store.close()
    with pytest.raises(StorageError, match="newer than this Stride knows"):
        await Store.open(db)


async def test_a_stale_write_is_a_conflict_and_writes_nothing(db_url: str):
    from dataclasses import replace

    store = await Store.open(db_url)
    try:
        from bot.encounter import Encounter

        await store.start_encounter(
            "c", Encounter(5, 5, "3.5", "1001"), user_id="1001", summary="s"
        )
        read = await store.active_encounter("c")
        assert read is not None
        await store.save_encounter(
            "c", read, replace(read.encounter, round=2), user_id="a", command="x", summary="first"
        )
        with pytest.raises(Conflict):  # the same read again: someone wrote meanwhile
            await store.save_encounter(
                "c",
                read,
                replace(read.encounter, round=3),
                user_id="b",
                command="x",
                summary="late",
            )
        now = await store.active_encounter("c")
        assert now is not None and now.encounter.round == 2
        assert [c.summary for c in await store.history("c", 10)] == ["first", "s"]
    finally:
        await store.close()


async def test_a_refused_command_leaves_the_default_ruleset_notice(store: Store):
    import random

    from bot.context import Context
    from bot.errors import RulingError
    from bot.handlers import run_line

    ctx = Context(store, "fresh", name_id("dm"), is_gm=True, rng=random.Random(1))
    with pytest.raises(RulingError):
        await run_line(ctx, "/encounter start width:10 height:10 outdoors:true")
    ok = await run_line(ctx, "/fall height:20")
    assert any(f.name == "Ruleset" for f in ok.fields)  # the notice is still to come
    again = await run_line(ctx, "/fall height:20")
    assert not any(f.name == "Ruleset" for f in again.fields)  # and comes once


async def test_sqlite_commits_under_wal_without_waiting_for_the_disk(tmp_path: Path):
    """Issue 31: WAL with synchronous=NORMAL (a crashed process loses nothing it
    committed, the file is never corrupted; the README states the power-cut trade-off),
    on every connection the backend opens."""
    backend = await SqliteBackend.connect(str(tmp_path / "wal.db"))
    try:
        async with backend.reading() as session:
            assert await session.fetchone("PRAGMA journal_mode") == ("wal",)
            assert await session.fetchone("PRAGMA synchronous") == (1,)  # NORMAL
    finally:
        await backend.close()
