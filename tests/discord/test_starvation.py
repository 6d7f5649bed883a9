"""No channel starves the others (issue 26): a hostile channel saturating the bot with
the heaviest board work there is (previews on a big board, threats, flanks, reach,
templates) while another channel's /fall, /move and /map still answer within
Discord's 3 s. The bound is a liveness bound (``asyncio.wait_for``), not a timing.

Two hostile boards: one at every cap the commands and the import apply (200×200,
100 tokens reaching 100 ft, 20 templates of 500 ft, speeds of 1,000 ft), and one
past them (a reach of 10^9 ft), written into the database by hand as a state that got
there some other way would be: the schema finds it damaged, so its commands are
answered at once, and the victim is served either way. (The work itself stays bounded
past the caps too: tests/rules/epic_path/test_flank_bounds.py and tests/grid/.)
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import pytest

import bot.discord.dispatch as dispatching
from bot.cooldown import Cooldown
from bot.discord.dispatch import dispatch
from bot.encounter import Encounter, Template, Token
from bot.grid.coords import Cell
from bot.schema.codec import dump_state
from bot.storage import Store
from tests.discord.fakes import FakeInteraction

HOSTILE = 666
VICTIM = 4242
DISCORD_S = 3.0  # an interaction unanswered this long fails in the user's client

# who runs the hostile channel and owns its tokens
HOSTILE_USER = "666"


def hostile_board(reach_ft: int) -> Encounter:
    """epic-path, 200×200: 100 tokens in a tight block, party and enemy alternating
    (every creature flanked many times over), 20 circles of 500 ft."""
    tokens: dict[str, Token] = {}
    for i in range(100):
        name = f"T{i}"
        tokens[name.casefold()] = Token(
            name,
            Cell(90 + i % 10, 90 + i // 10),
            team="enemy" if (i + i // 10) % 2 else "party",
            speed_ft=1_000,
            reach_ft=reach_ft,
            owner=HOSTILE_USER,
        )
    templates = tuple(
        Template(f"Circle {n + 1}", "circle", 500, Cell(10 * n, 10 * n)) for n in range(20)
    )
    return Encounter(200, 200, "epic-path", gm_id=HOSTILE_USER, tokens=tokens, templates=templates)


def victim_board() -> Encounter:
    ari = Token("Ari", Cell(1, 1), team="party", owner="5")
    return Encounter(10, 10, "5e", gm_id="5", tokens={"ari": ari})


@pytest.fixture(autouse=True)
def fresh_cooldown(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(dispatching, "COOLDOWN", Cooldown())
    yield


def hostile_commands(store: Store) -> list[tuple[FakeInteraction, str, dict[str, object], bool]]:
    """Many users of the hostile channel at once (each within their own cooldown)."""
    commands: list[tuple[FakeInteraction, str, dict[str, object], bool]] = []
    heavy: list[tuple[str, dict[str, object], bool]] = [
        ("map", {"threats": True}, True),  # the board message's Threats button
        ("map", {"flanks": True}, False),
        ("move", {"token": "T0", "to": "A1", "preview": True}, False),
        ("move", {"token": "T11", "to": "GR200", "preview": True}, False),
        ("map", {"reach": "T5", "threats": True}, False),
        ("template list", {}, False),
        ("move", {"token": "T22", "to": "A200", "preview": True}, False),
        ("map", {"flanks": True, "threats": True}, False),
    ]
    for n, (name, options, ephemeral) in enumerate(heavy * 2):
        user = 1000 + n
        interaction = FakeInteraction(store, channel_number=HOSTILE, user_id=user, id=user)
        commands.append((interaction, name, options, ephemeral))
    return commands


@pytest.mark.parametrize("reach_ft", [100, 10**9], ids=["at-the-caps", "past-the-caps"])
async def test_a_hostile_channel_does_not_starve_another(store: Store, reach_ft: int) -> None:
    await store.start_encounter(
        str(HOSTILE),
        hostile_board(min(reach_ft, 100)),
        user_id=HOSTILE_USER,
        summary="s",
        guild_id="1",
    )
    if reach_ft > 100:  # past the caps: only a hand in the database puts it there
        async with store.backend.transaction() as db:
            await db.execute(
                "UPDATE encounters SET state = ?, version = version + 1 WHERE channel_id = ?",
                dump_state(hostile_board(reach_ft)),
                str(HOSTILE),
            )
    await store.start_encounter(
        str(VICTIM), victim_board(), user_id="victim", summary="s", guild_id="1"
    )
    flood = [
        asyncio.ensure_future(dispatch(i, name, options, ephemeral=ephemeral))
        for i, name, options, ephemeral in hostile_commands(store)
    ]
    try:
        await asyncio.sleep(0.3)  # the flood is under way: every worker it can take, taken
        for name, options in (
            ("fall", {"height": 60}),
            ("move", {"token": "Ari", "to": "D4"}),
            ("map", {}),
        ):
            victim = FakeInteraction(store, channel_number=VICTIM, user_id=5, id=5)
            await asyncio.wait_for(dispatch(victim, name, options), timeout=DISCORD_S)
            (reply,) = victim.sent
            assert "embed" in reply.kwargs and not reply.ephemeral, (name, reply.kwargs)
            assert "went wrong" not in (reply.embed.description or ""), name
        moved = await store.active_encounter(str(VICTIM))
        assert moved is not None and moved.encounter.token("Ari").cell == Cell(3, 3)
    finally:
        for task in flood:
            task.cancel()  # those still waiting leave; those running end their bounded work
        await asyncio.gather(*flood, return_exceptions=True)
        await idle()


async def idle() -> None:
    """Until no board work runs or waits (what a test left running ends, bounded)."""
    from bot import work

    async def drained() -> None:
        while work.BOARD.busy() != (0, 0):
            await asyncio.sleep(0.05)

    await asyncio.wait_for(drained(), timeout=60)


async def test_calculators_never_wait_behind_board_work(store: Store) -> None:
    """Every board worker held (deterministically: jobs waiting on an event), a /fall
    with its sketch still answers; a /move in a channel whose turn hasn't come waits
    for a board worker, and goes as soon as one is free."""
    from bot import work

    await store.start_encounter(
        str(VICTIM), victim_board(), user_id="victim", summary="s", guild_id="1"
    )
    await idle()
    release = threading.Event()
    holders = []
    for n in range(work.BOARD.workers):
        with work.in_channel(f"busy-{n}"):  # one each: no channel's share is the limit
            holders.append(asyncio.ensure_future(work.board(release.wait, 30)))
    try:
        await asyncio.sleep(0.05)
        assert work.BOARD.busy()[0] == work.BOARD.workers
        fall = FakeInteraction(store, channel_number=VICTIM, user_id=5)
        await asyncio.wait_for(dispatch(fall, "fall", {"height": 60}), timeout=DISCORD_S)
        assert fall.sent[0].kwargs["file"].filename == "fall.png"  # the light pool drew it
        move = FakeInteraction(store, channel_number=VICTIM, user_id=5)
        moving = asyncio.ensure_future(dispatch(move, "move", {"token": "Ari", "to": "D4"}))
        await asyncio.sleep(0.2)
        assert not moving.done() and work.BOARD.busy() == (work.BOARD.workers, 1)
        release.set()
        await asyncio.wait_for(moving, timeout=DISCORD_S)
        assert "Ari" in (move.sent[-1].embed.title or "")
    finally:
        release.set()
        await asyncio.gather(*holders)
