"""The live board's server (issue 39) over HTTP, without a browser: what each link may
read and ask, the protections on a move, the events a page gets (none for what it may
not see), the limits, and /board link itself."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.context import Context
from bot.errors import InvalidInput, NotAllowed
from bot.handlers import run_line
from bot.storage import Store
from bot.web.moves import run_here
from bot.web.server import CSP, Limits, LiveServer

CHANNEL = "4242"
GM = "1001"
PLAYER = "77"
SECRET = "server-test"


def ctx(store: Store, user: str = GM, *, gm: bool = True) -> Context:
    return Context(
        store,
        CHANNEL,
        user,
        is_gm=gm,
        rng=random.Random(5),
        web_base_url="http://x",
        web_secret=SECRET,
    )


async def board(store: Store, *, hidden: bool = True) -> None:
    lines = [
        "/encounter start width:12 height:8 ruleset:5e",
        f"/token add name:Ari at:A2 owner:{PLAYER}",
        "/token add name:Orc at:H2",
    ]
    if hidden:
        lines.append("/token add name:Lurker at:E5 hidden:true")
    for line in lines:
        await run_line(ctx(store), line)


async def link(store: Store, view: str = "personal_url", user: str = PLAYER) -> str:
    reply = await run_line(ctx(store, user, gm=user == GM), "/board link")
    return str(reply.result[view]).removeprefix("http://x")


async def where(store: Store, name: str) -> str:
    stored = await store.active_encounter(CHANNEL)
    assert stored is not None
    return str(stored.encounter.token(name).cell)


@pytest.fixture
async def client(store: Store) -> AsyncIterator[TestClient]:
    await board(store)
    server = LiveServer(lambda: store, run_here(lambda: store), secret=SECRET, every_s=0.05)
    async with TestClient(TestServer(server.app())) as http:
        yield http


async def test_every_answer_carries_a_strict_policy(client: TestClient, store: Store) -> None:
    url = await link(store)
    for path in (url, f"{url}/board", "/live/nope", "/static/live.js"):
        response = await client.get(path)
        assert response.headers["Content-Security-Policy"] == CSP, path
        assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "'unsafe-inline'" not in CSP and "http" not in CSP


async def test_a_move_needs_a_personal_link_the_page_and_the_same_site(
    client: TestClient, store: Store
) -> None:
    move = {"token": "Ari", "to": "C2", "preview": False}
    personal, table = await link(store), await link(store, "url")
    header = {"X-Stride-Move": "1"}
    refused = [
        await client.post(f"{table}/move", json=move, headers=header),  # the table's link
        await client.post(f"{personal}/move", json=move),  # no header: a form, a script elsewhere
        await client.post(
            f"{personal}/move", json=move, headers={**header, "Origin": "https://evil.example"}
        ),
        await client.post(
            f"{personal}/move", json=move, headers={**header, "Sec-Fetch-Site": "cross-site"}
        ),
    ]
    assert [r.status for r in refused] == [403, 403, 403, 403]
    assert await where(store, "Ari") == "A2"
    done = await client.post(f"{personal}/move", json=move, headers=header)
    assert (await done.json())["ok"] is True
    assert await where(store, "Ari") == "C2"


async def test_a_move_that_isnt_one_is_refused_with_what_is_accepted(
    client: TestClient, store: Store
) -> None:
    url = f"{await link(store)}/move"
    header = {"X-Stride-Move": "1"}
    for body in ('"C2"', '{"token": 3, "to": "C2"}', "{not json"):
        response = await client.post(
            url, data=body, headers={**header, "Content-Type": "application/json"}
        )
        assert response.status == 400
        assert "token" in (await response.json())["error"]


async def test_a_players_events_never_hear_of_a_hidden_change(
    client: TestClient, store: Store
) -> None:
    url = await link(store)
    async with client.get(f"{url}/events") as stream:
        first = await next_board_event(stream)
        await run_line(ctx(store), "/token edit token:Lurker at:F6")  # the GM's, unseen
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(next_board_event(stream), 0.6)
        await run_line(ctx(store), "/token edit token:Orc at:H3")
        second = await asyncio.wait_for(next_board_event(stream), 5)
    assert first["digest"] != second["digest"]
    assert "Lurker" not in json.dumps(first) + json.dumps(second)
    assert any(t["cell"] == "H3" for t in second["board"]["tokens"])


async def next_board_event(stream: Any) -> dict[str, Any]:
    """The next ``board`` event's data on a page's event stream."""
    while True:
        line = (await stream.content.readline()).decode()
        if line.startswith("data: "):
            return dict(json.loads(line[6:]))


async def test_open_pages_and_requests_are_bounded(store: Store) -> None:
    await board(store)
    limits = Limits(pages_per_channel=2, requests_burst=5, requests_per_s=0.01)
    server = LiveServer(lambda: store, run_here(lambda: store), secret=SECRET, limits=limits)
    url = await link(store)
    async with TestClient(TestServer(server.app())) as http:
        first = await http.get(f"{url}/events")
        second = await http.get(f"{url}/events")
        third = await http.get(f"{url}/events")
        assert (first.status, second.status, third.status) == (200, 200, 503)
        for response in (first, second, third):
            response.close()
        statuses = [(await http.get(f"{url}/board")).status for _ in range(5)]
    assert statuses[-1] == 429


async def test_only_a_gm_revokes_or_sets_how_long_links_last(store: Store) -> None:
    await board(store, hidden=False)
    with pytest.raises(NotAllowed):
        await run_line(ctx(store, PLAYER, gm=False), "/board link revoke:true")
    with pytest.raises(InvalidInput, match="1 hour to 365 days"):
        await run_line(ctx(store), "/board link expires:forever")
    reply = await run_line(ctx(store, PLAYER, gm=False), "/board link")
    assert "gm_url" not in reply.result and reply.ephemeral


async def test_a_revoked_link_reads_nothing_and_a_new_one_works(
    client: TestClient, store: Store
) -> None:
    old = await link(store)
    assert (await client.get(f"{old}/board")).status == 200
    await run_line(ctx(store), "/board link revoke:true")
    gone = await client.get(f"{old}/board")
    assert gone.status == 403 and "Ari" not in await gone.text()
    assert (await client.get(f"{await link(store)}/board")).status == 200


async def test_the_pages_arent_served_where_the_bot_doesnt_serve_them(store: Store) -> None:
    await board(store, hidden=False)
    plain = Context(store, CHANNEL, GM, is_gm=True, rng=random.Random(1))
    with pytest.raises(InvalidInput, match="STRIDE_PUBLIC_URL"):
        await run_line(plain, "/board link")


def test_the_server_needs_no_file_but_its_own(tmp_path: Path) -> None:
    """The page's script and style ship in the package (pyproject's package data)."""
    from importlib import resources

    for name in ("live.js", "live.css"):
        text = resources.files("bot.web").joinpath("static", name).read_text()
        assert "http://" not in text and "https://" not in text


async def test_a_change_is_drawn_once_however_many_pages_show_it(
    client: TestClient, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The board drawn once per change and view, never once per viewer: ten pages of the
    table fetching the new picture after a move cost one drawing."""
    import bot.handlers.live as live

    drawn: list[int] = []
    real = live.render_board

    def counting(*args: Any, **kwargs: Any) -> bytes:
        drawn.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(live, "render_board", counting)
    url = await link(store, "url")
    await run_line(ctx(store), "/token edit token:Orc at:H4")
    digest = (await (await client.get(f"{url}/board")).json())["digest"]
    pictures = [await client.get(f"{url}/picture/{digest}.png") for _ in range(10)]
    assert {p.status for p in pictures} == {200}
    assert len({await p.read() for p in pictures}) == 1
    assert len(drawn) == 1
