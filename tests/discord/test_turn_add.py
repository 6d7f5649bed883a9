"""/turn add and /turn remove through the interaction path: a late combatant joins the
running order without restarting the fight."""

from __future__ import annotations

from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


async def test_turn_add_keeps_the_round_on_discord(store: Store) -> None:
    def gm() -> FakeInteraction:
        return FakeInteraction(store, manage_channels=True)

    await dispatch(gm(), "encounter start", {"width": 8, "height": 8})
    for name in ("Ari", "Goblin", "Bo"):
        await dispatch(gm(), "token add", {"name": name})
    await dispatch(gm(), "turn order", {"order": "Ari, Goblin"})
    await dispatch(gm(), "turn next", {})
    asking = gm()
    await dispatch(asking, "turn add", {"token": '"Bo"', "after": "Ari"})  # quotes forgiven
    (sent,) = asking.sent
    assert not sent.ephemeral
    fields = {f.name: f.value or "" for f in sent.embed.fields}
    assert fields["Order"].splitlines() == ["1. Ari", "2. Bo", "3. Goblin ← acting"]
    assert "Round 1" in fields["Turn"]


async def test_move_offers_only_the_channels_rulesets_actions_and_modes(store: Store) -> None:
    """Refusing "double" in a 5e-alt channel should be impossible to reach from the
    picker: /move's action: and mode: suggest what the encounter's ruleset has."""
    from bot.discord.autocomplete import move_choices

    await dispatch(FakeInteraction(store, manage_channels=True), "encounter start", {})
    typing = FakeInteraction(store)
    actions = [c.value for c in await move_choices(typing, "", "action")]
    assert "dash" in actions and "double" not in actions and "charge" not in actions
    modes = [c.value for c in await move_choices(typing, "", "mode")]
    assert "teleport" in modes  # 5e-alt has it (000 Teleport)
    other = FakeInteraction(store, channel_number=99)
    await dispatch(
        FakeInteraction(store, manage_channels=True, channel_number=99),
        "encounter start",
        {"ruleset": "3.5"},
    )
    actions = [c.value for c in await move_choices(other, "", "action")]
    assert "double" in actions and "charge" in actions and "dash" not in actions
    assert "teleport" not in [c.value for c in await move_choices(other, "", "mode")]
