"""Start-up: login, the command sync, the Gateway session."""

from __future__ import annotations

from tests.e2e.botproc import BotProcess
from tests.e2e.standin import FakeDiscord


async def test_smoke(bot: BotProcess, discord_fake: FakeDiscord) -> None:
    answer = await discord_fake.ask("fall", {"height": 60})
    print(answer.body, [f[2] for f in answer.files])
    print(bot.tail())
