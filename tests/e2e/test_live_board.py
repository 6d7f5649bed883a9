"""The live board from Discord, end to end on the loopback Discord (issue 39): the bot
serves the pages beside its health endpoint, /board link answers privately with the
links, the board message carries the table's "Open the live board" button, and a
player's move from their page is ruled as them and posted in the channel as if typed."""

from __future__ import annotations

import re
import socket
from typing import Any

import aiohttp

from tests.e2e.botproc import BotProcess
from tests.e2e.standin import EPHEMERAL, MEMBER, FakeDiscord

SECRET = "e2e-live"
NAMES = {"board link"}  # the commands this scenario answers (test_commands counts them)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def link_buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        item
        for row in message.get("components") or []
        for item in row.get("components") or []
        if item.get("url")
    ]


async def test_a_players_page_moves_their_token_and_the_channel_gets_the_ruling(
    bot_process: BotProcess, discord_fake: FakeDiscord
) -> None:
    port = free_port()
    bot_process.extra_env.update(
        STRIDE_HEALTH_PORT=str(port), STRIDE_WEB_SECRET=SECRET, STRIDE_HEALTH_HOST="127.0.0.1"
    )
    await bot_process.start()
    fake = discord_fake
    alice = fake.new_user("Alice")
    await fake.ask("encounter start", {"width": 10, "height": 10, "ruleset": "5e"})
    await fake.ask("token add", {"name": "Ari", "at": "B2", "owner": alice})
    await fake.ask("token add", {"name": "Orc", "at": "H8"})
    await fake.wait_request("POST", rf"/channels/{fake.general.id}/messages$")
    board = next(m for m in fake.messages.values() if link_buttons(m))
    (button,) = link_buttons(board)
    assert button["label"] == "Open the live board"
    assert button["url"].startswith(f"http://127.0.0.1:{port}/live/")

    answer = await fake.ask("board link", {}, user=alice, permissions=MEMBER)
    assert int(answer.body.get("flags") or 0) & EPHEMERAL  # a personal link is theirs alone
    fields = {f["name"]: f["value"] for f in answer.embed["fields"]}
    assert "GM" not in fields
    personal = re.search(r"http://\S+", fields["Yours"])
    assert personal is not None
    url = personal.group(0)

    async with aiohttp.ClientSession() as http:
        async with http.get(url + "/board") as shown:
            data = await shown.json()
        assert [t["name"] for t in data["board"]["tokens"]] == ["Ari", "Orc"]
        header = {"X-Stride-Move": "1"}
        async with http.post(
            url + "/move", json={"token": "Orc", "to": "G7", "preview": False}, headers=header
        ) as refused:
            assert (await refused.json())["ok"] is False  # not hers
        async with http.post(
            url + "/move", json={"token": "Ari", "to": "D4", "preview": False}, headers=header
        ) as moved:
            ruled = await moved.json()
    assert ruled["ok"] is True and ruled["title"].startswith("Ari moves to D4")
    posted = await fake.wait_request(
        "POST",
        rf"/channels/{fake.general.id}/messages$",
        until=lambda r: "Ari moves to D4" in str(r.json),
    )
    assert posted
