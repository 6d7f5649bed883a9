"""Issue 38: no background loop can be stopped by one stored value. Any board the schema
takes (tests/schema/test_round_trip's boards: any owner, GM and co-GM a Discord id may
be, hidden tokens, any order) run through the turn pings (/turn order and /turn next,
each start of a turn pinging its owner and keeping a reminder) and then the reminders
(``send_due_reminders``, every one due) never raises: each ping and reminder names a
user Discord can be handed."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time

from hypothesis import HealthCheck, event, given, settings

from bot.context import Context
from bot.discord.reminders import send_due_reminders
from bot.discord.sending import pinging
from bot.encounter import Encounter
from bot.errors import RulingError
from bot.handlers import run_line
from bot.storage import Store
from tests.discord.fakes import FakeChannel
from tests.schema.test_round_trip import encounters

CHANNEL = 4242
DAY_S = 86_400


class Client:
    """The client as reminders see it: the one channel this process can see."""

    def __init__(self, channel: FakeChannel) -> None:
        self.channel = channel

    def get_channel(self, channel_id: int) -> FakeChannel | None:
        return self.channel if channel_id == self.channel.id else None


async def _pings_and_reminders(encounter: Encounter) -> None:
    store = await Store.open(":memory:")
    try:
        channel_id = str(CHANNEL)
        await store.start_encounter(
            channel_id, encounter, user_id=encounter.gm_id, summary="a drawn board"
        )
        await store.set_remind_after_s(channel_id, 3600)
        gm = Context(store, channel_id, encounter.gm_id, is_gm=True, rng=random.Random(1))
        lines = [] if encounter.order else ["/turn order roll:true"]
        lines += ["/turn next"] * (len(encounter.tokens) + 1)
        channel = FakeChannel(CHANNEL)
        for n, line in enumerate(lines, start=1):
            with contextlib.suppress(RulingError):  # a clear refusal is an answer
                reply = await run_line(gm, line)
                if reply.pings:
                    event("a turn pinged its owner")
                    pinging(*(user for user, _ in reply.pings))  # as the Discord shell does
            # the loop's look while the turn sits (a day later each time: all are due)
            if await send_due_reminders(Client(channel), store, int(time.time()) + n * DAY_S):
                event("a reminder was sent")
        for message in channel.messages.values():
            assert message.kwargs["content"].startswith("<@")
    finally:
        await store.close()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters())
def test_any_schema_valid_board_through_pings_and_reminders_never_raises(
    encounter: Encounter,
) -> None:
    asyncio.run(_pings_and_reminders(encounter))
