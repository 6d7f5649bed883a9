"""Two stores on one database (as two processes of a cluster would have) racing on one
channel: moves and /undo through both lose nothing and duplicate nothing, and the
final board equals a serial replay of the history. On SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.config import DatabaseUrl
from bot.context import Context
from bot.errors import BoardChanged
from bot.handlers import run_line
from bot.storage import StorageError, Store
from bot.user_ids import name_id

CHANNEL = "table-1"


def gm(store: Store, seed: int) -> Context:
    return Context(store, CHANNEL, name_id("dm"), is_gm=True, rng=random.Random(seed))


async def answered(ctx: Context, line: str) -> bool:
    """True when the command was carried out; False when it was refused because the
    board changed meanwhile (the one refusal a race may cause)."""
    try:
        await run_line(ctx, line)
    except BoardChanged:
        return False
    return True


def cell_of(summary: str) -> str:
    return summary.split(" to ")[1].split()[0]


async def test_moves_and_undos_through_two_stores_equal_a_serial_replay(db_url: str):
    first, second = await Store.open(db_url), await Store.open(db_url)
    try:
        await run_line(gm(first, 1), "/encounter start width:30 height:6")
        await run_line(gm(first, 1), "/token add name:Ari at:A1")
        # as many moves made first as there are undos racing: whichever order the race
        # runs them in, no undo reaches back past the board's start
        for cell in ("A2", "A3", "A4", "A5"):
            await run_line(gm(first, 1), f"/move token:Ari to:{cell} forced:slide")
        cells = [f"{chr(ord('B') + n)}{1 + n % 5}" for n in range(20)]
        jobs = []
        for n, cell in enumerate(cells):
            store = first if n % 2 else second
            jobs.append(answered(gm(store, n), f"/move token:Ari to:{cell} forced:slide"))
            if n % 5 == 4:
                jobs.append(answered(gm(store, n), "/undo"))
        done = await asyncio.gather(*jobs)
        assert any(done)
        history = list(reversed(await first.history(CHANNEL, 50)))
        assert [c.command for c in history[:2]] == ["encounter start", "token add"]
        moves = [c for c in history if c.command == "move"]
        assert len({c.id for c in history}) == len(history)  # no line twice
        # replay the recorded moves, in order, on a fresh database: the same board
        replay = await Store.open(":memory:")
        try:
            ctx = gm(replay, 1)
            await run_line(ctx, "/encounter start width:30 height:6")
            await run_line(ctx, "/token add name:Ari at:A1")
            for change in moves:
                await run_line(ctx, f"/move token:Ari to:{cell_of(change.summary)} forced:slide")
            expected = await replay.active_encounter(CHANNEL)
        finally:
            await replay.close()
        for store in (first, second):
            now = await store.active_encounter(CHANNEL)
            assert now is not None and expected is not None
            assert now.state_json == expected.state_json
    finally:
        await first.close()
        await second.close()


async def test_tokens_added_through_two_stores_at_once_are_all_there(db_url: str):
    first, second = await Store.open(db_url), await Store.open(db_url)
    try:
        await run_line(gm(first, 1), "/encounter start width:30 height:30")
        names = [f"T{n}" for n in range(16)]
        done = await asyncio.gather(
            *(
                answered(gm(first if n % 2 else second, n), f"/token add name:{name}")
                for n, name in enumerate(names)
            )
        )
        added = sorted(name for name, ok in zip(names, done, strict=True) if ok)
        stored = await second.active_encounter(CHANNEL)
        assert stored is not None
        assert sorted(stored.encounter.tokens) == sorted(n.lower() for n in added)  # keys
        history = await first.history(CHANNEL, 50)
        assert len([c for c in history if c.command == "token add"]) == len(added)
    finally:
        await first.close()
        await second.close()


@pytest.mark.parametrize(
    ("text", "kind", "target"),
    [
        ("./stride.db", "sqlite", "./stride.db"),
        ("sqlite:///stride.db", "sqlite", "stride.db"),
        ("sqlite:////data/stride.db", "sqlite", "/data/stride.db"),
        ("postgresql://u@db/stride", "postgresql", "postgresql://u@db/stride"),
        ("postgres://u@db/stride", "postgresql", "postgres://u@db/stride"),
    ],
)
def test_stride_db_names_a_file_or_a_server(text: str, kind: str, target: str):
    url = DatabaseUrl.parse(text)
    assert (url.kind, url.target) == (kind, target)


async def test_an_unknown_database_kind_is_refused_clearly():
    with pytest.raises(StorageError, match=r"mysql:// database; Stride uses a SQLite file"):
        await Store.open("mysql://u@db/stride")


async def test_an_unreachable_server_is_a_clear_error_without_the_password():
    with pytest.raises(StorageError, match="Can't reach the PostgreSQL database") as info:
        await Store.open("postgresql://stride:hunter2@127.0.0.1:1/stride")
    assert "hunter2" not in str(info.value)
    assert "stride:***@127.0.0.1:1" in str(info.value)


async def test_notes_appended_through_two_stores_are_all_kept(db_url: str) -> None:
    """The GM's waiting notes (a JSON list in meta) are appended by players' moves in any
    process: each append is one locked read-modify-write, so none overwrites another, and
    taking them leaves a note added meanwhile for the next time."""
    import json

    first, second = await Store.open(db_url), await Store.open(db_url)
    try:

        def adding(line: str):  # type: ignore[no-untyped-def]
            return lambda held: json.dumps([*json.loads(held or "[]"), line])

        await asyncio.gather(
            *(
                store.update_meta("notes", adding(f"{name}{i}"))
                for i in range(25)
                for name, store in (("a", first), ("b", second))
            )
        )
        held = await first.update_meta("notes", lambda _: "[]")
        assert held is not None
        assert sorted(json.loads(held)) == sorted(f"{n}{i}" for i in range(25) for n in "ab")
        assert await second.get_meta("notes") == "[]"
    finally:
        await first.close()
        await second.close()
