"""/map post:true (issue 17 "Play-by-post boards"): the board message again at the
bottom of the channel, the old one a link to it, pinned when the GM asks."""

from __future__ import annotations

from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


async def test_the_board_is_posted_again_and_the_old_one_links_to_it(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 8, "height": 8})  # type: ignore[arg-type]
    await dispatch(gm, "token add", {"name": "Orc", "at": "H8"})  # type: ignore[arg-type]
    (first,) = gm.channel.messages.values()
    await dispatch(gm, "map", {"post": True, "pin": True})  # type: ignore[arg-type]
    assert (gm.sent[-1].embed.title or "").startswith("The board is posted again")
    messages = list(gm.channel.messages.values())
    assert len(messages) == 2
    newest = messages[-1]
    assert newest.pinned and newest.kwargs.get("view") is not None
    assert first.edits[-1]["content"] == f"The board moved: {newest.jump_url}"
    assert first.edits[-1]["view"] is None
    # later changes edit the new message, not the old one
    old_edits = len(first.edits)
    await dispatch(gm, "token edit", {"token": "Orc", "at": "G8"})  # type: ignore[arg-type]
    assert newest.edits and len(first.edits) == old_edits


async def test_pinning_is_the_gms_and_needs_post(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 8, "height": 8})  # type: ignore[arg-type]
    player = FakeInteraction(store, user_id=99)
    await dispatch(player, "map", {"post": True, "pin": True})  # type: ignore[arg-type]
    assert player.sent[-1].ephemeral
    await dispatch(player, "map", {"pin": True})  # type: ignore[arg-type]
    assert "goes with post:true" in (player.sent[-1].embed.description or "")
    await dispatch(player, "map", {"post": True})  # type: ignore[arg-type]
    assert not player.sent[-1].ephemeral
    assert not any(m.pinned for m in player.channel.messages.values())


async def test_the_consoles_remark_stays_in_the_console(store: Store) -> None:
    """Issue 30: "(In the console there is no board message...)" reached Discord."""
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 8, "height": 8})  # type: ignore[arg-type]
    await dispatch(gm, "map", {"post": True})  # type: ignore[arg-type]
    embed = gm.sent[-1].embed
    shown = " ".join([embed.title or "", *(str(f.value) for f in embed.fields)])
    assert "The board message moves to the bottom of the channel" in shown
    assert "console" not in shown.lower()
