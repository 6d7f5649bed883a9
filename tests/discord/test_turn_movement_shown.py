"""/encounter show right after /turn next (issue 29): the movement it shows is this
turn's, on Discord as in the console: the token that just acted no longer says "moved
30/30 ft", the one now acting has moved nothing yet, and the JSON agrees."""

from __future__ import annotations

from bot.context import Context
from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction
from tests.handlers.encounter_helpers import run


def tokens_field(interaction: FakeInteraction) -> str:
    (sent,) = interaction.sent
    return next(f.value or "" for f in sent.embed.fields if f.name == "Tokens")


async def test_movement_shown_after_turn_next_is_this_turns(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 10, "height": 10, "ruleset": "5e"})
    for name, at in (("Ari", "A1"), ("Bo", "A5")):
        await dispatch(
            FakeInteraction(store, manage_channels=True), "token add", {"name": name, "at": at}
        )
    await dispatch(FakeInteraction(store, manage_channels=True), "turn order", {"order": "Ari, Bo"})
    await dispatch(
        FakeInteraction(store, manage_channels=True), "move", {"token": "Ari", "to": "G1"}
    )
    during = FakeInteraction(store)
    await dispatch(during, "encounter show", {})
    assert "Ari — G1 · Medium · enemy · 30 ft · moved 30/30 ft" in tokens_field(during)

    await dispatch(FakeInteraction(store, manage_channels=True), "turn next", {})
    after = FakeInteraction(store)
    await dispatch(after, "encounter show", {})
    shown = tokens_field(after)
    assert "moved" not in shown  # Ari's 30 ft were last turn's; Bo hasn't moved yet
    assert "Ari — G1 · Medium · enemy · 30 ft" in shown


async def test_the_json_moved_ft_is_this_turns_too(gm: Context) -> None:
    await run(
        gm,
        "/encounter start width:10 height:10 ruleset:5e",
        "/token add name:Ari at:A1",
        "/token add name:Bo at:A5",
        '/turn order order:"Ari, Bo"',
        "/move token:Ari to:G1",
    )
    during = {t["name"]: t["moved_ft"] for t in (await run(gm, "/encounter show")).result["tokens"]}
    assert during == {"Ari": 30.0, "Bo": 0.0}
    await run(gm, "/turn next")
    after = {t["name"]: t["moved_ft"] for t in (await run(gm, "/encounter show")).result["tokens"]}
    assert after == {"Ari": 0.0, "Bo": 0.0}
