"""Issue 18's proof: two bot processes split two shards over one real PostgreSQL.

- Each server's interactions reach only the process running its shard and are
  answered exactly once.
- Moves on one channel arriving through both processes at once (one of them sent a
  server of the other's shard, as while shards move between processes) and through
  the console lose nothing: the history has every acknowledged move once, and the
  board is what replaying those moves one after another gives.
- A process killed (SIGKILL) in the middle of a burst and restarted has lost no
  acknowledged move.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.context import Context
from bot.handlers import run_line
from bot.storage import Store
from bot.user_ids import name_id
from tests.e2e.botproc import REPO, BotProcess
from tests.e2e.standin import ERROR_COLOUR, Channel, FakeDiscord, Interaction
from tests.postgres_server import PostgresServer

TOKENS = [f"T{k}" for k in range(6)]
COLUMNS = "ABCDEFGHIJKLMNOPQRST"
MOVED = re.compile(r"^(?P<token>\S+) .* to (?P<cell>[A-T]\d+)$")


@dataclass
class Cluster:
    fake: FakeDiscord
    procs: list[BotProcess]  # procs[i] runs shard i
    db_url: str
    other: Channel  # a channel in a server on shard 1 (general is on shard 0)

    async def start(self, shard: int) -> None:
        await self.procs[shard].start(wait=False)
        await self.fake.wait_shard(shard)


@pytest.fixture
async def cluster(
    tmp_path: Path, postgres_server: PostgresServer, request: pytest.FixtureRequest
) -> AsyncIterator[Cluster]:
    fake = FakeDiscord(shards=2)
    await fake.start()
    other = fake.add_channel("table-b", guild_id=fake.add_guild(shard=1))
    db_url = postgres_server.create_database()
    procs = []
    for shard in (0, 1):
        workdir = tmp_path / f"shard-{shard}"
        workdir.mkdir()
        proc = BotProcess(fake, workdir)
        proc.extra_env = {
            "STRIDE_DB": db_url,
            "STRIDE_SHARD_COUNT": "2",
            "STRIDE_SHARD_IDS": str(shard),
        }
        procs.append(proc)
    cluster = Cluster(fake, procs, db_url, other)
    try:
        await cluster.start(0)  # shard 0's process syncs the commands
        await cluster.start(1)
        yield cluster
    finally:
        for proc in procs:
            await proc.stop()
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            for proc in procs:
                print(f"--- {proc.workdir.name} log ---\n{proc.tail(40)}")
        await fake.stop()


def acknowledged(interaction: Interaction) -> bool:
    return bool(interaction.answers) and interaction.answer.embed.get("color") != ERROR_COLOUR


def callbacks(fake: FakeDiscord, interaction: Interaction) -> int:
    return len(fake.requests_to("POST", rf"/interactions/{interaction.id}/[^/]+/callback$"))


async def console_move(db_url: str, channel_id: str, token: str, cell: str) -> bool:
    """``python -m bot ask`` on the same database: True when the move was made."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "STRIDE_"))}
    env.update(STRIDE_DB=db_url, PYTHONPATH=str(REPO))
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "ask",
        "--json",
        "--channel",
        channel_id,
        f"/move token:{token} to:{cell} forced:slide",
        env=env,
        cwd=REPO,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, _ = await asyncio.wait_for(proc.communicate(), 60)
    return proc.returncode == 0 and bool(json.loads(out)["ok"])


async def board(db_url: str, channel_id: str) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """Where each token stands, and every move in the history in order (token, cell)."""
    store = await Store.open(db_url)
    try:
        stored = await store.active_encounter(channel_id)
        assert stored is not None
        cells = {t.name: str(t.cell) for t in stored.encounter.tokens.values()}
        changes = await store.history(channel_id, 10_000)
    finally:
        await store.close()
    moves = []
    for change in sorted(changes, key=lambda c: c.id):
        if change.command == "move":
            found = MOVED.match(change.summary)
            assert found, change.summary
            moves.append((found["token"], found["cell"]))
    return cells, moves


async def replay(tmp_path: Path, moves: list[tuple[str, str]]) -> dict[str, str]:
    """The same setup and ``moves`` one after another on a fresh database."""
    store = await Store.open(tmp_path / f"replay-{random.random()}.db")
    try:
        ctx = Context(store, "replay", name_id("gm"), is_gm=True, rng=random.Random(1))
        await setup_lines(lambda line: run_line(ctx, line))
        for token, cell in moves:
            await run_line(ctx, f"/move token:{token} to:{cell} forced:slide")
        stored = await store.active_encounter("replay")
        assert stored is not None
        return {t.name: str(t.cell) for t in stored.encounter.tokens.values()}
    finally:
        await store.close()


async def setup_lines(send: object) -> None:
    assert callable(send)
    await send("/encounter start width:20 height:20 ruleset:3.5")
    for row, name in enumerate(TOKENS, start=1):
        await send(f"/token add name:{name} at:A{row}")


async def set_up_board(fake: FakeDiscord, channel: Channel) -> None:
    await fake.ask(
        "encounter start", {"width": 20, "height": 20, "ruleset": "3.5"}, channel=channel
    )
    for row, name in enumerate(TOKENS, start=1):
        answer = await fake.ask("token add", {"name": name, "at": f"A{row}"}, channel=channel)
        assert answer.embed.get("color") != ERROR_COLOUR, answer.title


def burst_moves(count: int) -> list[tuple[str, str]]:
    """Each token along its own row to a new column each time: nothing blocks a slide."""
    moves = []
    for i in range(count):
        row = i % len(TOKENS)
        column = COLUMNS[1 + (i // len(TOKENS)) % 19]
        moves.append((TOKENS[row], f"{column}{row + 1}"))
    return moves


# -------------------------------------------------------------------- the tests


async def test_each_server_is_answered_once_by_the_process_of_its_shard(
    cluster: Cluster,
) -> None:
    fake = cluster.fake
    here = await fake.interact("fall", {"height": 60})
    there = await fake.interact("fall", {"height": 30}, channel=cluster.other)
    for interaction, shard in ((here, 0), (there, 1)):
        answer = await fake.answered(interaction)
        assert answer.embed.get("color") != ERROR_COLOUR
        assert fake.delivered[interaction.id] == shard  # only that process ever saw it
        await asyncio.sleep(0.2)
        assert callbacks(fake, interaction) == 1
    # each channel's board message is posted by the process of its shard, and its
    # buttons (persistent views, registered in every process) answer there
    for channel, shard in ((fake.general, 0), (cluster.other, 1)):
        await set_up_board(fake, channel)
        await fake.wait_request("POST", rf"/channels/{channel.id}/messages$")
        board = next(
            m for m in fake.messages.values() if m["channel_id"] == channel.id and m["components"]
        )
        pressed = await fake.press(board["id"], "stride:board:threats")
        answer = await fake.answered(pressed)
        assert answer.ephemeral and answer.embed.get("color") != ERROR_COLOUR, answer.title
        assert fake.delivered[pressed.id] == shard
        await asyncio.sleep(0.2)
        assert callbacks(fake, pressed) == 1


async def test_moves_through_both_processes_and_the_console_lose_nothing(
    cluster: Cluster, tmp_path: Path
) -> None:
    fake, channel = cluster.fake, cluster.fake.general
    await set_up_board(fake, channel)
    moves = burst_moves(36)
    sent: list[tuple[tuple[str, str], Interaction]] = []
    consoles: list[tuple[tuple[str, str], asyncio.Task[bool]]] = []
    for i, (token, cell) in enumerate(moves):
        if i % 6 == 5:
            task = asyncio.create_task(console_move(cluster.db_url, channel.id, token, cell))
            consoles.append(((token, cell), task))
            continue
        # every third move goes to the other process, as while its shard changes hands
        shard = 1 if i % 3 == 1 else 0
        options = {"token": token, "to": cell, "forced": "slide"}
        sent.append(((token, cell), await fake.interact("move", options, shard=shard)))
    for _, interaction in sent:
        await fake.settled(interaction, timeout=60)
        await fake.answered(interaction, timeout=60)
    made = [move for move, i in sent if acknowledged(i)]
    made += [move for move, task in consoles if await task]
    assert {fake.delivered[i.id] for _, i in sent} == {0, 1}
    assert len(made) >= len(moves) * 3 // 4, "most moves go through"
    cells, history = await board(cluster.db_url, channel.id)
    assert sorted(history) == sorted(made)  # each acknowledged move once, nothing else
    assert cells == await replay(tmp_path, history)


async def test_a_process_killed_mid_burst_loses_no_acknowledged_move(
    cluster: Cluster, tmp_path: Path
) -> None:
    fake, channel = cluster.fake, cluster.other  # a server on shard 1
    await set_up_board(fake, channel)
    moves = burst_moves(30)
    burst = [
        (
            move,
            await fake.interact(
                "move", {"token": move[0], "to": move[1], "forced": "slide"}, channel=channel
            ),
        )
        for move in moves
    ]
    while sum(acknowledged(i) for _, i in burst) < 6:
        await asyncio.sleep(0.01)
    await cluster.procs[1].kill()
    made = [move for move, i in burst if acknowledged(i)]
    assert 6 <= len(made) < len(moves), "the kill lands mid-burst"
    await cluster.start(1)
    after = await fake.ask("move", {"token": "T0", "to": "T1", "forced": "slide"}, channel=channel)
    assert after.embed.get("color") != ERROR_COLOUR, "the restarted process answers"
    cells, history = await board(cluster.db_url, channel.id)
    assert all(move in history for move in made), "every acknowledged move is kept"
    assert len(history) == len(set(history)), "no move is recorded twice"
    assert history[-1] == ("T0", "T1")
    assert cells == await replay(tmp_path, history)
