"""Turn pings (issue 29): when a player's token's turn starts, the answer mentions its
owner, allowing that one user's mention only; not for the GM's own tokens, not for a
hidden token's turn, not where /settings turn_pings:off."""

from __future__ import annotations

from bot.discord.dispatch import dispatch
from bot.discord.views import BoardButtons
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


def gm(store: Store) -> FakeInteraction:
    return FakeInteraction(store, manage_channels=True)


async def fight(store: Store, *, hidden: bool = False) -> None:
    await dispatch(gm(store), "encounter start", {"width": 8, "height": 8, "ruleset": "5e"})
    await dispatch(gm(store), "token add", {"name": "Orc", "at": "H8"})
    await dispatch(gm(store), "token add", {"name": "Ari", "at": "A1", "owner": "78"})
    await dispatch(gm(store), "token add", {"name": "Lurker", "at": "E5", "hidden": hidden})
    await dispatch(gm(store), "turn order", {"order": "Orc, Ari, Lurker"})


async def test_the_next_turn_mentions_its_owner_and_only_them(store: Store) -> None:
    await fight(store)
    asking = gm(store)
    await dispatch(asking, "turn next", {})
    sent = asking.sent[-1]
    assert sent.kwargs["content"] == "<@78> it's your turn: Ari, round 1."
    assert sent.kwargs["allowed_mentions"].to_dict() == {"users": [78], "parse": []}
    assert sent.embed is not None and "Ari's turn" in sent.embed.title


async def test_the_board_buttons_next_turn_pings_too(store: Store) -> None:
    await fight(store)
    asking = gm(store)
    await BoardButtons().next_turn.callback(asking)  # type: ignore[call-arg,arg-type]
    assert asking.sent[-1].kwargs["content"].startswith("<@78> it's your turn: Ari")


async def test_no_ping_for_the_gms_tokens_hidden_turns_or_when_turned_off(store: Store) -> None:
    await fight(store, hidden=True)
    asking = gm(store)
    await dispatch(asking, "turn next", {})  # Ari's: pinged
    await dispatch(asking, "turn next", {})  # the hidden Lurker's: "the GM's turn"
    told = [s for s in asking.sent if s.ephemeral]  # the GM alone is told whose
    assert told and "It is Lurker's turn (hidden), round 1." in str(told[-1].embed.to_dict())
    hidden_turn = next(s for s in reversed(asking.sent) if not s.ephemeral)
    assert "content" not in hidden_turn.kwargs or not hidden_turn.kwargs["content"]
    assert hidden_turn.kwargs["allowed_mentions"].to_dict() == {"parse": []}
    await dispatch(asking, "turn next", {})  # the Orc's (the GM's own): no ping
    assert not asking.sent[-1].kwargs.get("content")
    await dispatch(asking, "settings", {"turn_pings": "off"})
    await dispatch(asking, "turn next", {})  # Ari's again, pings off
    assert not asking.sent[-1].kwargs.get("content")
    assert asking.sent[-1].kwargs["allowed_mentions"].to_dict() == {"parse": []}
