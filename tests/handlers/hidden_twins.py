"""Twin boards for issue 26's hidden-information tests: one with a hidden token, a hidden
numbered orc and a secret door, one without them, built by the same GM lines; a
player's replies on both, as comparable data."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.context import Context
from bot.errors import RulingError
from bot.handlers import run_line
from bot.handlers.live import Viewer, live_board, live_picture
from bot.reply import Reply
from bot.storage import Store
from bot.user_ids import name_id

CHANNEL = "4242"  # FakeInteraction's channel: the Discord path reads the same boards
GM = "dm"
PLAYER = "77"  # FakeInteraction's user

SHARED = (
    "/encounter start width:12 height:12 ruleset:3.5",
    "/token add name:Ari at:A2 team:party owner:77 speed:30",
    "/token add name:Bo at:A8 team:party owner:77 speed:30",
    '/token add name:"Orc 1" at:H2 team:enemy',
    '/token add name:"Orc 2" at:J4 team:enemy',
    "/terrain edge cells:H8/I8 kind:wall",
    "/terrain edge cells:H7/I7 kind:wall",
    "/terrain edge cells:H9/I9 kind:wall",
)
# the GM hides an ambusher, a numbered orc and turns walls into secret doors (one open): the
# table sees no change (each is a /history line for the GM alone)
HIDDEN_ONLY = (
    "/token add name:Lurker at:E2 team:enemy hidden:true",
    '/token add name:"Orc 3" at:K10 team:enemy hidden:true',
    "/terrain edge cells:H8/I8 kind:door hidden:true",
    "/terrain edge cells:H7/I7 kind:open-door hidden:true",
)
PLAIN_ONLY: tuple[str, ...] = ()


def context(store: Store, user: str, *, gm: bool = False) -> Context:
    # one secret and address for both boards' live links (issue 39), as one deployment's
    return Context(
        store,
        CHANNEL,
        name_id(user),
        is_gm=gm,
        rng=random.Random(7),
        web_base_url="http://127.0.0.1:8710",
        web_secret="twins",
    )


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

    async def pages(self, user: str = PLAYER) -> tuple[Any, Any]:
        """The live board's pages (issue 39) a player opens on each board: the table's and
        their own, as data and picture."""
        return (await live_pages(self.hidden, user), await live_pages(self.plain, user))


async def live_pages(store: Store, user: str) -> list[Any]:
    shown = []
    for viewer in (Viewer(CHANNEL, "table"), Viewer(CHANNEL, "personal", user)):
        board = await live_board(store, viewer)
        picture = await live_picture(store, viewer, board.digest)
        shown.append((_STAMP.sub("<time>", repr(board.data)), picture))
    return shown


async def open_twins(folder: Path) -> Twins:
    """The two boards, built in ``folder``."""
    hidden = await Store.open(folder / "hidden.db")
    plain = await Store.open(folder / "plain.db")
    for line in SHARED:
        await run_line(context(hidden, GM, gm=True), line)
        await run_line(context(plain, GM, gm=True), line)
    for line in HIDDEN_ONLY:
        await run_line(context(hidden, GM, gm=True), line)
    for line in PLAIN_ONLY:
        await run_line(context(plain, GM, gm=True), line)
    return Twins(hidden, plain)


async def outcome(ctx: Context, line: str) -> Any:
    try:
        reply = await run_line(ctx, line)
    except RulingError as error:
        return ("refused", type(error).__name__, str(error), error.title, error.fields)
    return comparable(reply)


_STAMP = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?( UTC|\+00:00)?|<t:\d+:R>")


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
        "pings": reply.pings,  # a turn's ping, a move's attackers': whom, and the words
    }
