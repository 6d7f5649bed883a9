"""The Gateway drops, Discord asks for a reconnect or forgets the session, REST answers
429 or 500: the bot comes back and every interaction still gets its answer."""

from __future__ import annotations

import pytest

from tests.e2e.botproc import BotProcess
from tests.e2e.standin import ERROR_COLOUR, FakeDiscord, Interaction

CALLBACK = r"^/interactions/\d+/[^/]+/callback$"


async def encounter(fake: FakeDiscord) -> None:
    await fake.ask("encounter start", {"width": 10, "height": 10, "ruleset": "3.5"})
    await fake.ask("token add", {"name": "Ari", "at": "A1"})


async def slides(fake: FakeDiscord, cells: list[str]) -> list[Interaction]:
    return [
        await fake.interact("move", {"token": "Ari", "to": cell, "forced": "slide"})
        for cell in cells
    ]


async def assert_moved(fake: FakeDiscord, sent: list[Interaction]) -> None:
    for interaction in sent:
        answer = await fake.answered(interaction)
        assert answer.embed.get("color") != ERROR_COLOUR, answer.embed
        assert interaction.options["to"] in answer.embed["title"], answer.embed["title"]


@pytest.mark.parametrize("code", [1000, 4000])
async def test_gateway_close_mid_encounter_resumes(
    bot: BotProcess, discord_fake: FakeDiscord, code: int
) -> None:
    fake = discord_fake
    await encounter(fake)
    await fake.close_gateway(code)
    queued = await slides(fake, ["B2", "C3"])  # created while the bot is away
    assert all(i.sent_at is None for i in queued)
    await fake.wait_ready()
    await assert_moved(fake, queued)
    assert fake.identifies == 1 and fake.resumes == 1
    resume = [f for d, path, f in fake.gateway_log if d == "recv" and f["op"] == 6]
    assert resume[0]["d"]["session_id"] == fake.session.id if fake.session else False
    assert any(path == "/resume" for d, path, f in fake.gateway_log if f.get("op") == 6)


async def test_reconnect_opcode_resumes_and_answers_queued(
    bot: BotProcess, discord_fake: FakeDiscord
) -> None:
    fake = discord_fake
    await encounter(fake)
    await fake.reconnect()
    queued = await slides(fake, ["B2", "C3", "D4"])
    await fake.wait_ready()
    await assert_moved(fake, queued)
    assert fake.identifies == 1 and fake.resumes == 1


async def test_invalid_session_identifies_again(bot: BotProcess, discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    await encounter(fake)
    await fake.invalid_session()
    await fake.wait_ready()
    assert fake.identifies == 2
    await assert_moved(fake, await slides(fake, ["B2"]))


async def test_429_with_via_and_500_are_retried(bot: BotProcess, discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    fake.fail_next(
        "POST",
        CALLBACK,
        429,
        body={"message": "You are being rate limited.", "retry_after": 0.3, "global": False},
        headers={"Via": "1.1 google", "Retry-After": "1", "X-RateLimit-Scope": "user"},
    )
    answer = await fake.ask("fall", {"height": 30})
    assert answer.embed["title"].startswith("Falls 30 ft")
    fake.fail_next("POST", CALLBACK, 500, body={"message": "500: Internal Server Error", "code": 0})
    answer = await fake.ask("fall", {"height": 40})
    assert answer.embed["title"].startswith("Falls 40 ft")
    statuses = [r.status for r in fake.requests_to("POST", CALLBACK)]
    assert statuses == [429, 200, 500, 200]
    # the board message too: a 429 on its edit is waited out, not lost
    await encounter(fake)
    fake.fail_next(
        "PATCH",
        r"^/channels/\d+/messages/\d+$",
        429,
        body={"message": "You are being rate limited.", "retry_after": 0.2, "global": False},
        headers={"Via": "1.1 google"},
    )
    await assert_moved(fake, await slides(fake, ["B2"]))
    edits = await fake.wait_request(
        "PATCH", r"^/channels/\d+/messages/\d+$", until=lambda r: r.status == 200
    )
    assert [r.status for r in edits][:2] == [429, 200]


async def test_429_without_headers_still_answers(
    bot: BotProcess, discord_fake: FakeDiscord
) -> None:
    fake = discord_fake
    fake.fail_next("POST", CALLBACK, 429, body="error code: 1015")
    interaction = await fake.interact("fall", {"height": 30})
    answer = await fake.answered(interaction)
    # the refused embed is sent again as plain text: the user still gets the ruling
    assert answer.title.startswith("Falls 30 ft"), answer.body
