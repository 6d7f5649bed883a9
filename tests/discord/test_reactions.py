"""/token reaction through the interaction path (issue 29): a player marks the
opportunity attack their token took, the table reads it on /encounter show, and a
hidden token's reaction is the GM's alone."""

from __future__ import annotations

import re

from bot.discord.dispatch import dispatch
from bot.discord.reactions import ReactionButton
from bot.storage import Store
from tests.discord.fakes import FakeInteraction

TEMPLATE = r"stride:rx:(?P<token>.{1,64})"


def player(store: Store) -> FakeInteraction:
    return FakeInteraction(store, user_id=78)


def fields(interaction: FakeInteraction) -> dict[str, str]:
    (sent,) = interaction.sent
    return {f.name or "": f.value or "" for f in sent.embed.fields}


async def test_a_reaction_marked_on_discord_shows_until_the_tokens_turn(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 8, "height": 8, "ruleset": "5e"})
    await dispatch(gm, "token add", {"name": "Orc", "at": "C2", "team": "enemy"})
    await dispatch(gm, "token add", {"name": "Lurker", "at": "C3", "hidden": True})
    await dispatch(player(store), "token add", {"name": "Kit", "at": "B2"})
    await dispatch(gm, "turn order", {"order": "Kit, Orc"})

    marking = player(store)  # Kit's owner: an opportunity attack Kit took
    await dispatch(marking, "token reaction", {"token": "Kit", "used": True})
    (sent,) = marking.sent
    assert not sent.ephemeral and sent.embed.title == "Kit: reaction used"
    assert "reaction used" in fields(marking)["Token"]
    showing = player(store)
    await dispatch(showing, "encounter show", {})
    shown = fields(showing)["Tokens"]
    assert "Kit — B2 · Medium · party · <@78> · 30 ft · reaction used" in shown
    assert "Lurker" not in shown

    hiding = FakeInteraction(store, manage_channels=True)
    await dispatch(hiding, "token reaction", {"token": "Lurker", "used": True})
    (gms,) = hiding.sent
    assert gms.ephemeral  # a hidden token's change answers the GM alone
    guessing = player(store)
    await dispatch(guessing, "token reaction", {"token": "Lurker", "used": True})
    (refusal,) = guessing.sent
    assert refusal.ephemeral and 'No token named "Lurker"' in (refusal.embed.description or "")

    await dispatch(player(store), "turn next", {})  # Kit's owner ends it: the Orc's turn
    await dispatch(FakeInteraction(store, manage_channels=True), "turn next", {})  # Kit's
    again = player(store)
    await dispatch(again, "encounter show", {})
    assert "reaction used" not in fields(again)["Tokens"]


async def test_a_moves_provoked_attacks_come_with_a_button_each(store: Store) -> None:
    """The /move reply lists who it provoked with a button per attacker; the GM's press
    marks the Goblin's reaction, a player's press on the GM's Goblin is refused, and a
    button built again from its custom id (after a restart) does the same."""
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 8, "height": 8, "ruleset": "5e"})
    await dispatch(gm, "token add", {"name": "Goblin", "at": "C2", "team": "enemy"})
    await dispatch(player(store), "token add", {"name": "Kit", "at": "B2"})
    moving = player(store)
    await dispatch(moving, "move", {"token": "Kit", "to": "B6"})
    (sent,) = moving.sent
    view = sent.kwargs["view"]
    (button,) = view.children
    assert button.item.label == "Goblin attacks" and button.custom_id == "stride:rx:Goblin"
    previewing = player(store)
    await dispatch(previewing, "move", {"token": "Kit", "to": "B2", "preview": True})
    assert "view" not in previewing.sent[0].kwargs  # a preview provokes nothing

    refused = player(store)
    item = await ReactionButton.from_custom_id(
        refused, button, re.match(TEMPLATE, "stride:rx:Goblin")
    )  # type: ignore[arg-type]
    await item.callback(refused)  # type: ignore[arg-type]
    (no,) = refused.sent
    assert no.ephemeral and "belongs to the GM" in (no.embed.description or "")
    pressing = FakeInteraction(store, manage_channels=True)
    await item.callback(pressing)  # type: ignore[arg-type]
    (yes,) = pressing.sent
    assert yes.embed.title == "Goblin: reaction used"
    again = player(store)
    await dispatch(again, "move", {"token": "Kit", "to": "B7"})
    assert "view" not in again.sent[0].kwargs  # the Goblin has no reaction left


async def test_a_gms_move_never_names_a_hidden_attacker_to_the_table(store: Store) -> None:
    """The GM moves Kit past the Goblin and a hidden Lurker: the table's reply (its
    Provokes line, its buttons) has the Goblin alone; the Lurker is the GM's, privately."""
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 8, "height": 8, "ruleset": "5e"})
    await dispatch(gm, "token add", {"name": "Goblin", "at": "C2", "team": "enemy"})
    await dispatch(gm, "token add", {"name": "Lurker", "at": "A3", "team": "enemy", "hidden": True})
    await dispatch(player(store), "token add", {"name": "Kit", "at": "B2"})
    moving = FakeInteraction(store, manage_channels=True)
    await dispatch(moving, "move", {"token": "Kit", "to": "B6"})
    public, private = moving.sent
    assert not public.ephemeral and private.ephemeral
    said = " ".join(f"{f.name} {f.value}" for f in public.embed.fields)
    assert "Goblin" in said and "Lurker" not in said
    assert [b.custom_id for b in public.kwargs["view"].children] == ["stride:rx:Goblin"]
    assert "Lurker" in " ".join(f.value or "" for f in private.embed.fields)


async def test_a_move_mentions_the_owners_of_the_attackers_it_offers_and_no_one_else(
    store: Store,
) -> None:
    """Issue 40 item 9: in play-by-post the attacker's player never saw the "Kit attacks"
    button. The reply mentions each player attacker's owner, allowing those users alone;
    not the GM's own Guard, never the hidden Scout's owner (it isn't named to the table),
    and nobody where /settings turn_pings:off."""
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 8, "height": 8, "ruleset": "5e"})
    await dispatch(gm, "token add", {"name": "Goblin", "at": "C2", "team": "enemy"})
    await dispatch(gm, "token add", {"name": "Guard", "at": "C1", "team": "party"})
    await dispatch(gm, "token add", {"name": "Scout", "at": "B3", "owner": "80", "hidden": True})
    await dispatch(FakeInteraction(store, user_id=78), "token add", {"name": "Kit", "at": "B2"})
    await dispatch(
        FakeInteraction(store, user_id=79), "token add", {"name": "<@&1> Ari", "at": "D2"}
    )
    moving = FakeInteraction(store, manage_channels=True)
    await dispatch(moving, "move", {"token": "Goblin", "to": "C7"})
    public, private = moving.sent
    assert public.kwargs["content"] == (
        "<@78> Goblin provokes an opportunity attack from Kit.\n"
        "<@79> Goblin provokes an opportunity attack from \\<@&1> Ari."  # read as typed
    )
    assert public.kwargs["allowed_mentions"].to_dict() == {"users": [78, 79], "parse": []}
    assert [b.custom_id for b in public.kwargs["view"].children] == [
        "stride:rx:Guard",
        "stride:rx:Kit",
        "stride:rx:<@&1> Ari",
    ]
    assert "Scout" in str(private.embed.to_dict())  # the GM's, privately, unpinged
    assert private.kwargs["allowed_mentions"].to_dict() == {"parse": []}

    kits = FakeInteraction(store, user_id=78)  # a player's move past the GM's Goblin
    await dispatch(kits, "move", {"token": "Kit", "to": "A1"})
    assert not kits.sent[-1].kwargs.get("content")  # the Goblin's attack is the GM's
    await dispatch(gm, "undo", {})
    await dispatch(gm, "settings", {"turn_pings": "off"})
    quiet = FakeInteraction(store, manage_channels=True)
    await dispatch(quiet, "move", {"token": "Goblin", "to": "C8"})
    assert not quiet.sent[0].kwargs.get("content")
    assert quiet.sent[0].kwargs["allowed_mentions"].to_dict() == {"parse": []}
