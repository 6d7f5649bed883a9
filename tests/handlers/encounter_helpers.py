"""Helpers for the encounter-command tests: contexts, the stored state, refusals."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest

from bot.console import run_once
from bot.context import Context
from bot.errors import RulingError
from bot.handlers import run_line
from bot.reply import Reply
from bot.storage import Store
from bot.user_ids import name_id

CHANNEL = "table-1"


def person(store: Store, user: str, *, gm: bool = False, channel: str = CHANNEL) -> Context:
    """A context for ``user``; ``gm`` means Manage Channels in the channel."""
    return Context(store, channel, name_id(user), is_gm=gm, rng=random.Random(7))


async def state(store: Store, channel: str = CHANNEL) -> str | None:
    """The running encounter's stored JSON text (None: none runs)."""
    stored = await store.active_encounter(channel)
    return stored.state_json if stored else None


async def refused(
    ctx: Context, line: str, error: type[RulingError] = RulingError, match: str | None = None
) -> RulingError:
    """``line`` is refused with ``error`` matching ``match``, and nothing changed."""
    before = await state(ctx.store, ctx.channel_id)
    history = await ctx.store.history(ctx.channel_id, 50)
    with pytest.raises(error, match=match) as info:
        await run_line(ctx, line)
    assert await state(ctx.store, ctx.channel_id) == before  # byte for byte
    assert await ctx.store.history(ctx.channel_id, 50) == history
    return info.value


async def run(ctx: Context, *lines: str) -> Reply:
    """Run each line in turn; the last reply."""
    reply: Reply | None = None
    for line in lines:
        reply = await run_line(ctx, line)
    assert reply is not None
    return reply


async def tokens(store: Store, channel: str = CHANNEL) -> dict[str, dict[str, Any]]:
    """The stored tokens by name, as the database keeps them."""
    text = await state(store, channel)
    assert text is not None
    return {t["name"]: t for t in json.loads(text)["tokens"]}


async def ask_json(store: Store, line: str, *, channel: str = "console") -> tuple[int, Any]:
    """The console's ``ask --json``: exit code and the one JSON object it printed."""
    out = io.StringIO()
    code = await run_once(
        store, line, as_json=True, seed=1, channel=channel, user="console-gm", out=out
    )
    (printed,) = out.getvalue().splitlines()
    return code, json.loads(printed)
