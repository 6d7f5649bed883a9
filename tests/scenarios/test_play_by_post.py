"""A play-by-post round (issue 29), through the interaction handlers as a server plays
it over a day: the GM pastes a board, players type their own initiative rolls, each
turn pings its owner alone, a turn that sits is re-pinged after a clock jump (from the
store, as after a restart), a player moves with the board's Move button, and the next
round comes back to the first player."""

from __future__ import annotations

import time

from bot.discord.dispatch import dispatch
from bot.discord.mover import open_panel, pressed
from bot.discord.reminders import send_due_reminders
from bot.storage import Store
from tests.discord.fakes import FakeChannel, FakeInteraction, Sent

ALICE, BOB = 78, 79
HOUR_S = 3600
# what a GM pastes from Avrae's map alias: its otfbm.io link, lower case and with a view
# option (@c50) and a spell overlay (*c20r...) that mean nothing on Stride's board
PASTED = "https://otfbm.io/10x10/@c50/b2m-Ari/c8mb-Bo/h5mr-Goblin/*c20rh5"


class Client:
    """What the reminder loop sees of the bot: the channels of this process."""

    def __init__(self, channel: FakeChannel) -> None:
        self.channels = {channel.id: channel}

    def get_channel(self, channel_id: int) -> FakeChannel | None:
        return self.channels.get(channel_id)


def gm(store: Store) -> FakeInteraction:
    return FakeInteraction(store, manage_channels=True)


def said(sent: list[Sent]) -> str:
    """Everything one interaction showed: the ping's text and the embeds."""
    parts = []
    for message in sent:
        parts.append(str(message.kwargs.get("content") or ""))
        if "embed" in message.kwargs:
            parts.append(str(message.embed.to_dict()))
    return "\n".join(parts)


async def next_turn(store: Store) -> Sent:
    asking = gm(store)
    await dispatch(asking, "turn next", {})
    return next(s for s in asking.sent if not s.ephemeral)


async def where(store: Store, key: str) -> str:
    stored = await store.active_encounter("4242")
    assert stored is not None
    return str(stored.encounter.tokens[key].cell)


def mover_state(shown: FakeInteraction) -> str:
    """The state a mover's buttons carry (this turn's stamp too), read back from the
    Confirm button of the message ``shown`` answered with."""
    confirm_id = next(
        str(getattr(c, "item", c).custom_id)
        for c in shown.sent[0].kwargs["view"].children
        if str(getattr(c, "item", c).custom_id).startswith("stride:mv:ok:")
    )
    return confirm_id.removeprefix("stride:mv:ok:")


async def test_a_round_of_play_by_post(store: Store) -> None:
    # the GM pastes the board and hands the heroes to their players
    pasted = gm(store)
    await dispatch(pasted, "encounter import", {"text": PASTED, "ruleset": "5e"})
    assert not pasted.sent[0].ephemeral, said(pasted.sent)
    assert "Skipped" in said(pasted.sent)  # one line for what the paste held in vain
    for name, owner in (("Ari", ALICE), ("Bo", BOB)):
        await dispatch(gm(store), "token edit", {"token": name, "owner": str(owner)})
    await dispatch(gm(store), "settings", {"remind_after": "12h"})

    # initiative as tables roll it: players type their own dice, the GM rolls the goblin
    for user, name, value in ((ALICE, "Ari", 17), (BOB, "Bo", 12)):
        rolling = FakeInteraction(store, user_id=user)
        await dispatch(rolling, "turn roll", {"token": name, "value": value})
        assert f"{name} rolls initiative {value}" in said(rolling.sent)
    await dispatch(gm(store), "turn roll", {"token": "Goblin", "value": 5})
    ordering = gm(store)
    await dispatch(ordering, "turn order", {"roll": True})
    started = next(s for s in ordering.sent if not s.ephemeral)
    assert started.kwargs["content"].startswith(f"<@{ALICE}> it's your turn: Ari")
    assert started.kwargs["allowed_mentions"].to_dict() == {"users": [ALICE], "parse": []}

    # Ari's player moves with the board's Move button: two presses south, then Confirm
    opened = FakeInteraction(store, user_id=ALICE)
    await open_panel(opened)  # type: ignore[arg-type]
    assert opened.sent[0].ephemeral and opened.sent[0].embed.title == "Move Ari from B2"
    state = mover_state(opened)
    for key in "22":
        press = FakeInteraction(store, user_id=ALICE)
        await pressed(press, key, state)  # type: ignore[arg-type]
        state = mover_state(press)
    assert await where(store, "ari") == "B2", "nothing moves before Confirm"
    confirmed = FakeInteraction(store, user_id=ALICE)
    await pressed(confirmed, "ok", state)  # type: ignore[arg-type]
    assert not confirmed.sent[0].ephemeral
    assert await where(store, "ari") == "B4"

    # Bo's turn pings Bob, and Bob is asleep: half a day later he is pinged again
    bos_turn = await next_turn(store)
    assert bos_turn.kwargs["content"].startswith(f"<@{BOB}> it's your turn: Bo")
    channel = FakeChannel(4242)
    now = int(time.time())
    assert await send_due_reminders(Client(channel), store, now + 11 * HOUR_S) == 0
    assert await send_due_reminders(Client(channel), store, now + 13 * HOUR_S) == 1
    (reminder,) = channel.messages.values()
    assert reminder.kwargs["content"].startswith(f"<@{BOB}> your turn is waiting: Bo")
    assert reminder.kwargs["allowed_mentions"].to_dict() == {"users": [BOB], "parse": []}

    # Bob types his move the Avrae way; the goblin's turn pings no one (the GM's own)
    typed = FakeInteraction(store, user_id=BOB)
    await dispatch(typed, "move", {"path": "10n"})
    assert not typed.sent[0].ephemeral, said(typed.sent)
    assert await where(store, "bo") == "C6"
    goblins_turn = await next_turn(store)
    assert not goblins_turn.kwargs.get("content")

    # round 2 comes back to Ari, whose player is pinged again
    round_two = await next_turn(store)
    assert round_two.kwargs["content"].startswith(f"<@{ALICE}> it's your turn: Ari, round 2")
