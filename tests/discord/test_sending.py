"""A refused send still delivers the ruling: a 429 without the headers discord.py
expects, or any other refusal but an expired interaction, falls back to plain text,
then to a plain channel message for a public answer."""

from __future__ import annotations

from bot.discord.dispatch import dispatch
from bot.discord.embeds import GENERIC_ERROR
from bot.storage import Store
from tests.discord.fakes import FakeInteraction, forbidden, http_error


async def test_a_refused_first_response_sends_the_ruling_as_text(store: Store) -> None:
    asking = FakeInteraction(store)
    asking.response.failures.append(http_error(429))
    await dispatch(asking, "fall", {"height": 60})
    (sent,) = asking.sent
    assert sent.via == "response"
    assert "embed" not in sent.kwargs
    text = sent.kwargs["content"]
    assert text.startswith("**Falls 60 ft")
    assert GENERIC_ERROR not in text
    assert sent.kwargs["allowed_mentions"].to_dict() == {"parse": []}


async def test_when_the_interaction_refuses_twice_the_channel_gets_it(store: Store) -> None:
    asking = FakeInteraction(store)
    asking.response.failures += [http_error(429), http_error(500, "Internal Server Error")]
    await dispatch(asking, "fall", {"height": 60})
    assert asking.sent == []
    (posted,) = asking.channel.messages.values()
    assert posted.kwargs["content"].startswith("**Falls 60 ft")
    assert posted.kwargs["allowed_mentions"].to_dict() == {"parse": []}


async def test_a_refused_followup_falls_back_the_same_way(store: Store) -> None:
    asking = FakeInteraction(store)
    asking.response.done = True  # deferred
    asking.followup.failures.append(http_error(429))
    await dispatch(asking, "fall", {"height": 60})
    (sent,) = asking.sent
    assert sent.via == "followup" and sent.kwargs["content"].startswith("**Falls 60 ft")


async def test_a_private_answer_never_falls_back_to_the_channel(store: Store) -> None:
    asking = FakeInteraction(store)
    asking.response.failures += [http_error(429), forbidden()]
    await dispatch(asking, "help", {})  # /help answers privately
    assert asking.sent == [] and asking.channel.messages == {}


async def test_a_refusal_is_still_explained_when_the_embed_is_refused(store: Store) -> None:
    asking = FakeInteraction(store)
    asking.response.failures.append(http_error(429))
    await dispatch(asking, "fall", {"height": -5})
    (sent,) = asking.sent
    assert sent.ephemeral and "height" in sent.kwargs["content"]
