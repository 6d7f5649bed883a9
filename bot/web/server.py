"""The live board's pages over HTTP (issue 39): a shell beside Discord and the console.

Routes, each under the page's link (``/live/<link>``, checked first, every time):

- ``GET  /live/<link>``              the page (HTML; its script and style from /static)
- ``GET  /live/<link>/board``        what the page shows, as JSON (``handlers.live``)
- ``GET  /live/<link>/events``       the same, pushed as server-sent events when it changes
- ``GET  /live/<link>/picture/<d>``  the picture of board ``d`` (PNG)
- ``GET  /live/<link>/reach?token=`` where a token may go (personal and GM links)
- ``POST /live/<link>/move``         a preview or a move, run by the shell's ``Moves``

A link that is forged, altered, expired or revoked gets a plain refusal page and no data.
Nothing is served from elsewhere: the page's script and style are the bot's own files,
and a strict Content-Security-Policy keeps it so. User text reaches the page only as
JSON, which the script puts in as text, never as markup.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any

from aiohttp import web

from bot.errors import RulingError
from bot.handlers.live import (
    LiveBoard,
    board_versions,
    listen_for_changes,
    live_board,
    live_picture,
)
from bot.handlers.live_links import Checked, check_link
from bot.handlers.live_moves import reach_for
from bot.web.feed import EVERY_S, Feed
from bot.web.links import BadLink
from bot.web.moves import MoveAsked, Moves
from bot.web.page import page_html, refusal_html
from bot.work import in_channel

if TYPE_CHECKING:
    from bot.storage import Store

log = logging.getLogger(__name__)

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
KEEPALIVE_S = 15.0  # a comment down every open event stream this often
MOVE_HEADER = "X-Stride-Move"  # a header no cross-site form or simple request can send


@dataclass
class Limits:
    """What the pages may take of the process: open pages per channel and in all, and
    requests per link (a burst, refilled each second)."""

    pages_per_channel: int = 100
    pages: int = 5000
    requests_burst: int = 30
    requests_per_s: float = 10.0
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)

    def admit(self, key: str, now: float) -> bool:
        tokens, at = self._buckets.get(key, (float(self.requests_burst), now))
        tokens = min(float(self.requests_burst), tokens + (now - at) * self.requests_per_s)
        if len(self._buckets) > 20000:
            self._buckets.clear()  # idle ones forgotten; a burst more at worst
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return False
        self._buckets[key] = (tokens - 1.0, now)
        return True


class LiveServer:
    """The pages' routes, on their own server or on another aiohttp app (the health
    endpoint's), and the feed that keeps them live."""

    def __init__(
        self,
        store: Callable[[], Store],
        moves: Moves,
        *,
        secret: str | None = None,
        limits: Limits | None = None,
        every_s: float = EVERY_S,
    ) -> None:
        self._store = store
        self._moves = moves
        self._secret = secret
        self.limits = limits or Limits()
        self.feed = Feed(self._versions, every_s=every_s)
        self._task: asyncio.Task[None] | None = None
        self._unlisten: Callable[[], Awaitable[None]] | None = None
        self._boards: dict[tuple[str, str, str | None, str | None], LiveBoard] = {}
        self._building: dict[tuple[str, str, str | None, str | None], asyncio.Lock] = {}

    async def _versions(self, channels: list[str]) -> dict[str, str | None]:
        return await board_versions(self._store(), channels)

    def add_routes(self, app: web.Application) -> None:
        app.router.add_get("/live/{link}", self._page)
        app.router.add_get("/live/{link}/board", self._board)
        app.router.add_get("/live/{link}/events", self._events)
        app.router.add_get("/live/{link}/picture/{digest}", self._picture)
        app.router.add_get("/live/{link}/reach", self._reach)
        app.router.add_post("/live/{link}/move", self._move)
        app.router.add_get("/static/{name}", self._static)

    def app(self) -> web.Application:
        app = web.Application(client_max_size=16 * 1024)
        self.add_routes(app)
        app.on_startup.append(self._started)
        app.on_cleanup.append(self._stopped)
        return app

    async def _started(self, _: web.Application) -> None:
        await self.start()

    async def _stopped(self, _: web.Application) -> None:
        await self.stop()

    async def start(self) -> None:
        """Look for changes: the versions read every ``every_s``, and on PostgreSQL
        every change any process makes, heard as it commits (LISTEN/NOTIFY)."""
        if self._task is None:
            self._task = asyncio.create_task(self.feed.run(), name="stride-live-feed")
            self._unlisten = await listen_for_changes(self._store(), self._heard)

    def _heard(self, channel_id: str) -> None:
        self.feed.poke((channel_id,) if channel_id else ())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
        if self._unlisten is not None:
            stop, self._unlisten = self._unlisten, None
            await stop()

    def changed(self, channel_id: str) -> None:
        """A change this process made (or heard of) in ``channel_id``: look now."""
        self.feed.poke((channel_id,))

    # ------------------------------------------------------------------ the link

    async def _checked(self, request: web.Request) -> Checked | web.Response:
        link = request.match_info["link"]
        if not self.limits.admit(link[-24:], time.monotonic()):
            return _refusal(429, "Too many requests from this page; it will try again.")
        try:
            return await check_link(self._store(), link, secret=self._secret)
        except BadLink as bad:
            log.debug("live board: refused a link (%s)", bad)
            return _refusal(403, None)

    async def _view(self, checked: Checked, version: str | None) -> LiveBoard:
        """The view's board at ``version``: built once per change and view, whatever
        the number of pages open on it."""
        viewer = checked.viewer
        key = (viewer.channel_id, viewer.view, viewer.user_id, version)
        built = self._boards.get(key)
        if built is not None:
            return built
        lock = self._building.setdefault(key, asyncio.Lock())
        async with lock:
            built = self._boards.get(key)
            if built is None:
                with in_channel(viewer.channel_id):
                    built = await live_board(self._store(), viewer)
                if len(self._boards) > 4096:
                    self._boards.clear()
                self._boards[key] = built
        self._building.pop(key, None)
        return built

    # ------------------------------------------------------------------ routes

    async def _page(self, request: web.Request) -> web.Response:
        checked = await self._checked(request)
        if isinstance(checked, web.Response):
            return checked
        claims = checked.claims
        return _html(200, page_html(view=claims.view, user_id=claims.user_id))

    async def _board(self, request: web.Request) -> web.Response:
        checked = await self._checked(request)
        if isinstance(checked, web.Response):
            return checked
        versions = await board_versions(self._store(), [checked.claims.channel_id])
        board = await self._view(checked, versions.get(checked.claims.channel_id))
        return _json(200, board.data)

    async def _events(self, request: web.Request) -> web.StreamResponse:
        checked = await self._checked(request)
        if isinstance(checked, web.Response):
            return checked
        channel = checked.claims.channel_id
        if (
            self.feed.pages(channel) >= self.limits.pages_per_channel
            or self.feed.pages() >= self.limits.pages
        ):
            return _refusal(503, "Too many pages are open on this board; try again soon.")
        stream = web.StreamResponse(
            headers={**HEADERS, "Content-Type": "text/event-stream", "X-Accel-Buffering": "no"}
        )
        await stream.prepare(request)
        versions = await board_versions(self._store(), [channel])
        sent: str | None = None
        async with self.feed.watch(channel, versions.get(channel)) as watcher:
            await stream.write(b"retry: 2000\n\n")
            version = watcher.version
            while True:
                board = await self._view(checked, version)
                if board.digest != sent:
                    body = json.dumps(board.data, separators=(",", ":"))
                    await stream.write(f"event: board\ndata: {body}\n\n".encode())
                    sent = board.digest
                else:
                    await stream.write(b": still here\n\n")
                version = await watcher.next(KEEPALIVE_S)
        return stream  # pragma: no cover - the loop ends when the page goes

    async def _picture(self, request: web.Request) -> web.Response:
        checked = await self._checked(request)
        if isinstance(checked, web.Response):
            return checked
        digest = request.match_info["digest"].removesuffix(".png")
        with in_channel(checked.claims.channel_id):
            png = await live_picture(self._store(), checked.viewer, digest)
        if png is None:
            return _json(404, {"error": "That board has moved on: the page loads the new one."})
        headers = {**HEADERS, "Cache-Control": "private, max-age=3600"}
        return web.Response(body=png, content_type="image/png", headers=headers)

    async def _reach(self, request: web.Request) -> web.Response:
        checked = await self._checked(request)
        if isinstance(checked, web.Response):
            return checked
        if not checked.claims.moves:
            return _json(403, {"error": "This link shows the board; ask /board link for yours."})
        try:
            with in_channel(checked.claims.channel_id):
                squares = await reach_for(
                    self._store(), checked.viewer, request.query.get("token", "")
                )
        except RulingError as refused:
            return _json(200, {"error": refused.message})
        return _json(200, {"squares": squares})

    async def _move(self, request: web.Request) -> web.Response:
        checked = await self._checked(request)
        if isinstance(checked, web.Response):
            return checked
        claims = checked.claims
        if not claims.moves or claims.user_id is None:
            return _json(403, {"error": "This link shows the board; ask /board link for yours."})
        if request.headers.get(MOVE_HEADER) != "1" or _cross_site(request):
            return _json(403, {"error": "Moves are asked from the page itself."})
        try:
            asked = await request.json()
        except (ValueError, UnicodeDecodeError):
            return _json(400, {"error": "A move is asked as JSON: token, to, preview."})
        options = _move_options(asked)
        if isinstance(options, str):
            return _json(400, {"error": options})
        answer = await self._moves(
            MoveAsked(claims.channel_id, claims.user_id, claims.view == "gm" or claims.gm, options)
        )
        self.changed(claims.channel_id)
        if answer.reply is None:
            return _json(200, {"ok": False, "error": answer.refused, "title": answer.title})
        reply = answer.reply
        return _json(
            200,
            {
                "ok": True,
                "title": reply.title,
                "description": reply.description,
                "fields": [{"name": f.name, "value": f.value} for f in reply.fields],
                "footer": reply.footer,
                "preview": bool(options.get("preview")),
                # the ruling's picture (the path drawn), shown in the page's panel
                "picture": base64.b64encode(reply.image_png).decode() if reply.image_png else None,
            },
        )

    async def _static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        kinds = {"live.js": "text/javascript", "live.css": "text/css"}
        if name not in kinds:
            raise web.HTTPNotFound()
        body = resources.files("bot.web").joinpath("static", name).read_bytes()
        headers = {**HEADERS, "Cache-Control": "public, max-age=300"}
        return web.Response(body=body, content_type=kinds[name], headers=headers)


def _move_options(asked: object) -> dict[str, object] | str:
    """/move's options from the page's request, or what was wrong with it."""
    if not isinstance(asked, dict):
        return "A move is asked as JSON: token, to, preview."
    token, to, preview = asked.get("token"), asked.get("to"), asked.get("preview", False)
    if not isinstance(token, str) or not isinstance(to, str) or not isinstance(preview, bool):
        return "A move names its token and square (text) and whether it is a preview."
    if len(token) > 100 or len(to) > 8:
        return "That token or square is too long to be one."
    action = asked.get("action")
    options: dict[str, object] = {"token": token, "to": to, "preview": preview}
    if isinstance(action, str) and action and len(action) <= 20:
        options["action"] = action
    return options


def _cross_site(request: web.Request) -> bool:
    """Whether a request came from another site (the browser says so)."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site not in ("same-origin", "none"):
        return True
    origin = request.headers.get("Origin")
    return origin is not None and origin != f"{request.scheme}://{request.host}"


def _json(status: int, data: dict[str, Any]) -> web.Response:
    return web.Response(
        status=status,
        text=json.dumps(data, separators=(",", ":")),
        content_type="application/json",
        headers=HEADERS,
    )


def _html(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text, content_type="text/html", headers=HEADERS)


def _refusal(status: int, message: str | None) -> web.Response:
    return _html(status, refusal_html(message))


async def serve(server: LiveServer, host: str, port: int) -> Callable[[], Awaitable[None]]:
    """Listen on ``host``:``port``; the coroutine that stops it."""
    runner = web.AppRunner(server.app(), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    return runner.cleanup


__all__ = ["CSP", "Limits", "LiveServer", "serve"]
