"""/board link (issue 39): links to this channel's live board, and the checks every page
request makes of its link.

The table's link goes on the board message's "Open the live board" button; the asker
gets a personal link (their moves, as them) and a GM a GM link too (the hidden things).
Links are signed with the deployment's secret (``STRIDE_WEB_SECRET``, else one made
once and kept in the store, so every process of a deployment signs alike), expire (a
month unless the GM sets the channel's lifetime) and are revoked together by the GM
(``revoke:true``: the channel's epoch moves on and every older link stops working).
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.errors import InvalidInput, NotAllowed
from bot.handlers.live import Viewer
from bot.reply import Field, Reply
from bot.storage import Store
from bot.web.links import (
    DAY_S,
    DEFAULT_LIFETIME_S,
    MAX_LIFETIME_S,
    MIN_LIFETIME_S,
    BadLink,
    LinkClaims,
    View,
    sign,
    verify,
)

SECRET_KEY = "live_board_secret"
LINKS_KEY = "live_board_links:"  # + channel id: {"epoch": n, "lifetime_s": s}


@dataclass(frozen=True)
class LinkRules:
    """A channel's links: the epoch they are made under and how long they last."""

    epoch: int = 0
    lifetime_s: int = DEFAULT_LIFETIME_S


@dataclass(frozen=True)
class Checked:
    """A genuine link's claims, as a page request acts on them."""

    claims: LinkClaims

    @property
    def viewer(self) -> Viewer:
        user = self.claims.user_id if self.claims.view != "table" else None
        return Viewer(self.claims.channel_id, self.claims.view, user)


async def link_secret(store: Store, configured: str | None = None) -> bytes:
    """The secret links are signed with: the one configured (``STRIDE_WEB_SECRET``), or
    the one kept in the store (made the first time it is asked for, by whichever process
    asks first, so every process sharing the store signs alike)."""
    if configured:
        return configured.encode()
    made = secrets.token_urlsafe(32)
    held = await store.update_meta(SECRET_KEY, lambda old: old or made)
    return (held or made).encode()


def _rules(text: str | None) -> LinkRules:
    if not text:
        return LinkRules()
    try:
        kept = json.loads(text)
        return LinkRules(int(kept["epoch"]), int(kept["lifetime_s"]))
    except (ValueError, KeyError, TypeError):
        return LinkRules(epoch=1)  # unreadable: no link made before it is taken


async def link_rules(store: Store, channel_id: str) -> LinkRules:
    return _rules(await store.get_meta(LINKS_KEY + channel_id))


async def check_link(
    store: Store, token: str, *, secret: str | None = None, now_s: int | None = None
) -> Checked:
    """The link's claims if it is genuine, unexpired and not revoked; ``BadLink``
    otherwise (the page then shows nothing but that the link doesn't work)."""
    key = await link_secret(store, secret)
    now = int(time.time()) if now_s is None else now_s
    claims = verify(key, token, now_s=now)  # forged or expired: no more store reads
    rules = await link_rules(store, claims.channel_id)
    if claims.epoch != rules.epoch:
        raise BadLink("revoked")
    return Checked(claims)


def read_lifetime(text: str) -> int:
    """``expires:`` as seconds: "12h", "7d", "30 days", "2w"."""
    words = text.strip().lower().replace(" ", "")
    units = {"h": 3600, "d": DAY_S, "w": 7 * DAY_S}
    for suffix, size in (
        ("hours", 3600),
        ("hour", 3600),
        ("days", DAY_S),
        ("day", DAY_S),
        ("weeks", 7 * DAY_S),
        ("week", 7 * DAY_S),
        *units.items(),
    ):
        number = words.removesuffix(suffix)
        if number != words and number.isdigit():
            seconds = int(number) * size
            if MIN_LIFETIME_S <= seconds <= MAX_LIFETIME_S:
                return seconds
            break
    raise InvalidInput(
        f'expires: "{text}" is not a lifetime. Give hours, days or weeks from 1 hour to '
        "365 days, e.g. 12h, 7d, 4w."
    )


def _expiry(now_s: int, lifetime_s: int) -> int:
    """When a link made now stops working: the lifetime, rounded up to a whole day, so
    a day's links are the same text (the board message's button isn't edited for it)."""
    return (now_s + lifetime_s) // DAY_S * DAY_S + DAY_S


async def table_link(store: Store, channel_id: str, base_url: str, secret: str | None) -> str:
    """The table's link to ``channel_id``'s live board (the board message's button)."""
    rules = await link_rules(store, channel_id)
    claims = LinkClaims(
        channel_id, "table", None, _expiry(int(time.time()), rules.lifetime_s), rules.epoch
    )
    return f"{base_url.rstrip('/')}/live/{sign(await link_secret(store, secret), claims)}"


async def handle_link(ctx: Context, options: Mapping[str, Any]) -> Reply:
    """/board link [expires] [revoke]: the live board's links for this channel."""
    if ctx.web_base_url is None:
        raise InvalidInput(
            "The live board isn't served here: whoever runs this bot turns it on with "
            "STRIDE_HEALTH_PORT (and STRIDE_PUBLIC_URL, the address players open)."
        )
    revoke = bool(options.get("revoke"))
    lifetime = options.get("expires")
    if (revoke or lifetime is not None) and not ctx.is_gm:
        raise NotAllowed("Only a GM sets how long this channel's links last or revokes them.")
    seconds = read_lifetime(str(lifetime)) if lifetime is not None else None
    key = LINKS_KEY + ctx.channel_id
    if revoke or seconds is not None:

        def changed(old: str | None) -> str:
            rules = _rules(old)
            return json.dumps(
                {
                    "epoch": rules.epoch + (1 if revoke else 0),
                    "lifetime_s": seconds if seconds is not None else rules.lifetime_s,
                }
            )

        await ctx.store.update_meta(key, changed)
    rules = await link_rules(ctx.store, ctx.channel_id)
    secret = await link_secret(ctx.store, ctx.web_secret)
    expires = _expiry(int(time.time()), rules.lifetime_s)
    base = ctx.web_base_url.rstrip("/")

    def url(view: View, user: str | None) -> str:
        claims = LinkClaims(ctx.channel_id, view, user, expires, rules.epoch, ctx.is_gm)
        return f"{base}/live/{sign(secret, claims)}"

    result: dict[str, Any] = {
        "url": await table_link(ctx.store, ctx.channel_id, base, ctx.web_secret),
        "personal_url": url("personal", ctx.user_id),
        "expires_at": expires,
        "revoked": revoke,
    }
    fields = [
        Field("The table's link", f"{result['url']}\n(on the board message's button too)"),
        Field("Yours", f"{result['personal_url']}\nMoves your tokens as you: keep it to yourself."),
    ]
    if ctx.is_gm:
        result["gm_url"] = url("gm", ctx.user_id)
        fields.append(
            Field("GM", f"{result['gm_url']}\nShows what is hidden: never share or stream it.")
        )
    days = rules.lifetime_s // DAY_S
    lasting = f"{days} day{'s' if days != 1 else ''}" if days else f"{rules.lifetime_s // 3600} h"
    return Reply(
        title="Every link revoked; new ones below" if revoke else "The live board",
        description="The whole board, live, on a phone or a shared screen.",
        fields=tuple(fields),
        footer=f"Links work for {lasting}; /board link revoke:true (GM) ends them all.",
        result=result,
        ephemeral=True,
    )


LINK = Command(
    "board link",
    "Links to this channel's live board: the table's, your own (your moves), the GM's",
    (
        Option("expires", "string", "How long new links work, e.g. 12h, 7d (GM): default 30d"),
        Option("revoke", "boolean", "End every link of this channel now (GM); new ones follow"),
    ),
    handle_link,
)
