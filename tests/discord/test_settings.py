"""The GM role and co-GMs through the interaction path: Discord's member roles reach the
handlers, and a refusal is ephemeral."""

from __future__ import annotations

from types import SimpleNamespace

from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


def member(store: Store, user_id: int, *roles: int, manage: bool = False) -> FakeInteraction:
    interaction = FakeInteraction(store, user_id=user_id, manage_channels=manage)
    interaction.user = SimpleNamespace(
        id=user_id,
        roles=[SimpleNamespace(id=r) for r in roles],
        guild_permissions=interaction.user.guild_permissions,
    )
    return interaction


async def test_a_member_with_the_servers_gm_role_is_a_gm(store: Store) -> None:
    admin = member(store, 1, manage=True)
    await dispatch(admin, "encounter start", {"width": 8, "height": 8})  # type: ignore[arg-type]
    await dispatch(admin, "token add", {"name": "Orc", "at": "H8"})  # type: ignore[arg-type]
    ivy = member(store, 2, 555)
    await dispatch(ivy, "token edit", {"token": "Orc", "at": "G8"})  # type: ignore[arg-type]
    refused = ivy.sent[-1]
    assert refused.ephemeral
    assert "it belongs to the GM" in (refused.embed.description or "")
    await dispatch(admin, "settings", {"gm_role": "555"})  # type: ignore[arg-type]
    assert "GM role set" in (admin.sent[-1].embed.title or "")
    ivy = member(store, 2, 555)
    await dispatch(ivy, "token edit", {"token": "Orc", "at": "G8"})  # type: ignore[arg-type]
    assert not ivy.sent[0].ephemeral
    assert ivy.sent[0].embed.title == "Orc edited"


async def test_the_gm_adds_a_co_gm_with_a_user_option(store: Store) -> None:
    admin = member(store, 1, manage=True)
    await dispatch(admin, "encounter start", {"width": 8, "height": 8})  # type: ignore[arg-type]
    await dispatch(admin, "encounter gm add", {"user": "42"})  # type: ignore[arg-type]
    sent = admin.sent[-1]
    assert sent.embed.title == "Co-GM added"
    assert any("<@42>" in (f.value or "") for f in sent.embed.fields)


async def test_units_are_a_choice_and_the_embed_reads_them(store: Store) -> None:
    gm = member(store, 1, manage=True)
    await dispatch(gm, "settings", {"units": "metres"})  # type: ignore[arg-type]
    await dispatch(gm, "fall", {"height": 30})  # type: ignore[arg-type]
    assert (gm.sent[-1].embed.title or "").startswith("Falls 9 m")


async def test_a_hidden_token_is_added_privately_and_left_off_the_board(store: Store) -> None:
    gm = member(store, 1, manage=True)
    await dispatch(gm, "encounter start", {"width": 8, "height": 8})  # type: ignore[arg-type]
    await dispatch(gm, "token add", {"name": "Orc", "at": "H8"})  # type: ignore[arg-type]
    await dispatch(gm, "token add", {"name": "Lurker", "at": "D4", "hidden": True})  # type: ignore[arg-type]
    assert gm.sent[-1].ephemeral
    (board,) = gm.channel.messages.values()
    latest = board.edits[-1] if board.edits else board.kwargs
    shown = " ".join(f.value or "" for f in latest["embed"].fields)
    assert "1 token" in shown and "Lurker" not in shown


async def test_a_secret_fall_or_journey_answers_the_asker_alone(store: Store) -> None:
    """Issue 17: secret rolls (a GM's fall, becmi's journey with its lost check)."""
    gm = member(store, 1, manage=True)
    await dispatch(gm, "fall", {"height": 60, "secret": True})  # type: ignore[arg-type]
    assert gm.sent[-1].ephemeral
    await dispatch(gm, "fall", {"height": 60})  # type: ignore[arg-type]
    assert not gm.sent[-1].ephemeral
    await dispatch(
        gm,
        "travel",
        {"ruleset": "becmi", "distance": 30, "lost_check": True, "secret": True},  # type: ignore[arg-type]
    )
    assert gm.sent[-1].ephemeral
