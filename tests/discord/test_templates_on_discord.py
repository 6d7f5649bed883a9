"""Area templates through the interaction path: /template list and the board message
say how many rounds an area with `rounds:` has left, counting down as its placer's
turn comes round."""

from __future__ import annotations

from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeChannel, FakeInteraction


def gm(store: Store, channel: FakeChannel) -> FakeInteraction:
    asking = FakeInteraction(store, manage_channels=True)
    asking.channel = channel  # one channel: the board message is edited in place
    return asking


async def test_the_rounds_left_on_template_list_and_the_board_message(store: Store) -> None:
    channel = FakeChannel(4242)
    await dispatch(
        gm(store, channel), "encounter start", {"width": 10, "height": 10, "ruleset": "5e"}
    )
    for name, at in (("Ari", "A1"), ("Orc", "H8")):
        await dispatch(gm(store, channel), "token add", {"name": name, "at": at})
    await dispatch(gm(store, channel), "turn order", {"order": "Ari, Orc"})
    options = {"shape": "circle", "size": 10, "at": "E5", "name": "Fog", "rounds": 2}
    await dispatch(gm(store, channel), "template add", options)
    (board,) = channel.messages.values()
    fields = {f.name: f.value for f in board.edits[-1]["embed"].fields}
    assert fields["Areas"] == "Fog (2 rounds left)"

    for _ in range(2):  # the Orc's turn, then Ari's in round 2
        await dispatch(gm(store, channel), "turn next", {})
    fields = {f.name: f.value for f in board.edits[-1]["embed"].fields}
    assert fields["Areas"] == "Fog (1 round left)"
    listing = gm(store, channel)
    await dispatch(listing, "template list", {})
    (sent,) = listing.sent
    templates = {f.name: f.value for f in sent.embed.fields}["Templates"]
    assert templates.startswith("Fog: 10 ft circle at E5, 1 round left (")

    orc_turn = gm(store, channel)
    await dispatch(orc_turn, "turn next", {})
    fields = {f.name: f.value for f in orc_turn.sent[0].embed.fields}
    assert "Ended" not in fields
    ari_turn = gm(store, channel)
    await dispatch(ari_turn, "turn next", {})  # round 3, Ari's turn: it ends
    fields = {f.name: f.value for f in ari_turn.sent[0].embed.fields}
    assert fields["Ended"] == "Round 3: Fog ends"
    board_fields = {f.name: f.value for f in board.edits[-1]["embed"].fields}
    assert "Areas" not in board_fields
    assert board_fields["Latest"] == "Round 3: Fog ends"


async def test_a_colour_on_discord_is_drawn_and_a_strange_one_refused(store: Store) -> None:
    channel = FakeChannel(4242)
    await dispatch(gm(store, channel), "encounter start", {"width": 10, "height": 10})
    adding = gm(store, channel)
    options = {"shape": "square", "size": 10, "at": "C3", "name": "Web", "colour": "yellow"}
    await dispatch(adding, "template add", options)
    (sent,) = adding.sent
    assert sent.embed.title == "Web: 10 ft square at C3"
    assert "Web: 10 ft yellow square at C3" in sent.embed.fields[0].value
    stored = await store.active_encounter("4242")
    assert stored is not None and stored.encounter.templates[0].colour == "yellow"

    refusing = gm(store, channel)
    await dispatch(
        refusing, "template add", {"shape": "circle", "size": 10, "at": "E5", "colour": "pink"}
    )
    (sent,) = refusing.sent
    assert sent.ephemeral and "colour" in (sent.embed.description or "").lower()
    after = await store.active_encounter("4242")
    assert after is not None and after.state_json == stored.state_json
