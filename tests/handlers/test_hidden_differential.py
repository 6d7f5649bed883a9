"""Issue 26's rule for hidden things, proved by difference: a player asking the same
thing on a board with a hidden token and a secret door, and on the same board without
them, gets the same reply (text, fields, JSON, picture, error), except where the rules
let the character discover it (docs/RULINGS.md: Hidden tokens and secret doors).

Two stores, one channel id each, built by the same GM lines; the hidden twin adds a
hidden Lurker, a hidden Orc 3 and a secret door where the plain twin has a wall."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.context import Context
from bot.errors import RulingError
from bot.handlers import run_line
from bot.reply import Reply
from bot.storage import Store

CHANNEL = "twin-table"
GM = "dm"
PLAYER = "bob"

SHARED = (
    "/encounter start width:12 height:12 ruleset:3.5",
    "/token add name:Ari at:A2 team:party owner:bob speed:30",
    '/token add name:"Orc 1" at:H2 team:enemy',
    '/token add name:"Orc 2" at:J4 team:enemy',
)
HIDDEN_ONLY = (
    "/token add name:Lurker at:E2 team:enemy hidden:true",
    '/token add name:"Orc 3" at:K10 team:enemy hidden:true',
    "/terrain edge cells:H8/I8 kind:door hidden:true",
)
PLAIN_ONLY = ("/terrain edge cells:H8/I8 kind:wall",)


def context(store: Store, user: str, *, gm: bool = False) -> Context:
    return Context(store, CHANNEL, user, is_gm=gm, rng=random.Random(7))


@dataclass
class Twins:
    hidden: Store
    plain: Store

    async def gm(self, line: str) -> None:
        """The GM does the same on both boards."""
        for store in (self.hidden, self.plain):
            await run_line(context(store, GM, gm=True), line)

    async def ask(self, line: str, user: str = PLAYER) -> tuple[Any, Any]:
        """The player's reply (or refusal) on each board, as comparable data."""
        return (
            await outcome(context(self.hidden, user), line),
            await outcome(context(self.plain, user), line),
        )


async def outcome(ctx: Context, line: str) -> Any:
    try:
        reply = await run_line(ctx, line)
    except RulingError as error:
        return ("refused", type(error).__name__, str(error), error.title, error.fields)
    return comparable(reply)


_STAMP = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?( UTC|\+00:00)?")


def comparable(reply: Reply) -> dict[str, Any]:
    """Everything a reply shows, with times (which differ between two runs) blanked."""
    text = _STAMP.sub("<time>", repr(reply.result))
    return {
        "title": reply.title,
        "description": reply.description,
        "fields": [(f.name, _STAMP.sub("<time>", f.value), f.inline) for f in reply.fields],
        "private": reply.private_fields,
        "footer": reply.footer,
        "result": text,
        "picture": reply.image_png,
        "ephemeral": reply.ephemeral,
        "attachment": reply.attachment,
    }


@pytest.fixture
async def twins(tmp_path: Path) -> AsyncIterator[Twins]:
    hidden = await Store.open(tmp_path / "hidden.db")
    plain = await Store.open(tmp_path / "plain.db")
    for line in SHARED:
        await run_line(context(hidden, GM, gm=True), line)
        await run_line(context(plain, GM, gm=True), line)
    for line in HIDDEN_ONLY:
        await run_line(context(hidden, GM, gm=True), line)
    for line in PLAIN_ONLY:
        await run_line(context(plain, GM, gm=True), line)
    yield Twins(hidden, plain)
    await hidden.close()
    await plain.close()


async def test_the_twins_differ_only_in_what_is_hidden(twins: Twins) -> None:
    """The fixture itself: the GM sees Lurker on one board only; the player's /map and
    /encounter show are the same on both."""
    gm_view = await run_line(context(twins.hidden, GM, gm=True), "/encounter show")
    assert "Lurker" in gm_view.as_text()
    for line in ("/encounter show", "/map"):
        on_hidden, on_plain = await twins.ask(line)
        assert on_hidden == on_plain, line


@pytest.mark.parametrize(
    "line",
    [
        "/distance from:Ari to:H2",
        "/distance from:Ari to:Lurker",
    ],
)
async def test_a_players_question_is_answered_as_on_the_plain_board(
    twins: Twins, line: str
) -> None:
    on_hidden, on_plain = await twins.ask(line)
    assert on_hidden == on_plain


@pytest.mark.xfail(strict=True, reason="issue 26: these are ruled on the full board (fixing)")
@pytest.mark.parametrize(
    "line",
    [
        "/move token:Ari to:E2 preview:true",
        "/move token:Ari to:F2 preview:true",
        "/move token:Ari to:G2 preview:true",
        "/token add name:Orc count:2 at:C5",
        "/token add name:Lurker at:C5",
        "/token remove token:L*",
    ],
)
async def test_a_players_question_near_hidden_things(twins: Twins, line: str) -> None:
    on_hidden, on_plain = await twins.ask(line)
    assert on_hidden == on_plain
