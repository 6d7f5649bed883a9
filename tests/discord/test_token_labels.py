"""Issue 29, token names as the picture shows them: the label a picture prints on a
token ("G1") names it in every token option and in autocomplete, through the
interaction path; a label never reaches a token hidden from the one typing."""

from __future__ import annotations

from bot.discord import autocomplete
from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


def gm(store: Store) -> FakeInteraction:
    return FakeInteraction(store, manage_channels=True)


async def board(store: Store) -> None:
    await dispatch(gm(store), "encounter start", {"width": 10, "height": 10, "ruleset": "5e"})
    await dispatch(gm(store), "token add", {"name": "Goblin", "count": 2})
    await dispatch(gm(store), "token add", {"name": "Ari", "at": "A5", "owner": "77"})


async def test_a_move_names_its_token_by_the_label_on_the_picture(store: Store) -> None:
    await board(store)
    asking = gm(store)
    await dispatch(asking, "move", {"token": "g2", "to": "E5"})
    reply = asking.sent[-1]
    assert not reply.ephemeral
    assert reply.embed is not None and reply.embed.title.startswith("Goblin 2 moves to E5")
    stored = await store.active_encounter("4242")
    assert stored is not None and str(stored.encounter.token("Goblin 2").cell) == "E5"


async def test_autocomplete_offers_the_token_a_label_names(store: Store) -> None:
    await board(store)
    choices = await autocomplete.token_choices(gm(store), "G1")  # type: ignore[arg-type]
    assert [(c.name, c.value) for c in choices] == [("Goblin 1 (G1)", "Goblin 1")]


async def test_a_label_never_reaches_a_hidden_token(store: Store) -> None:
    await dispatch(gm(store), "encounter start", {"width": 10, "height": 10, "ruleset": "5e"})
    await dispatch(gm(store), "token add", {"name": "Lurker", "at": "J10", "hidden": True})
    await dispatch(gm(store), "token add", {"name": "Ari", "at": "A5", "owner": "78"})
    player = FakeInteraction(store, user_id=78)  # a player: not the GM (77)
    assert await autocomplete.token_choices(player, "Lu") == []  # type: ignore[arg-type]
    await dispatch(player, "distance", {"from": "Ari", "to": "Lu"})
    refusal = player.sent[-1]
    assert refusal.ephemeral
    text = (refusal.embed.description if refusal.embed else refusal.content) or ""
    assert "Lurker" not in text and 'No token named "Lu"' in text
