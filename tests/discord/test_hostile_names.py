"""Issue 38: every message text Stride sends escapes what users typed as replies do.
Tokens named like mentions, a role, everyone and markdown go through every kind of
message: a turn's ping above its embed, the plain-text answer of a channel without
Embed Links, the board message, a refusal, the GM's private follow-up and the mover.
Only the bot's own mention of the owner (and of the GM) renders; every typed ``<@…>``,
``<@&…>``, ``@everyone`` and ``**…**`` reads as typed."""

from __future__ import annotations

import json
import re
from typing import Any

import discord
import pytest

from bot.discord.dispatch import dispatch
from bot.discord.mover import MoverMenu
from bot.handlers.mover import MoverState
from bot.storage import Store
from tests.discord.fakes import FULL, FakeInteraction

GM_ID = 157412345678901234
OWNER_ID = 157412345678901299
HOSTILE = ("<@&4242>", "<@123>", "@everyone", "**Boss**", "<#999>")
# a mention, a role, a channel as Discord renders them: not after a backslash
MARKUP = re.compile(r"(?<!\\)<(@[!&]?\d+|#\d+)>")
NO_EMBEDS = discord.Permissions(**{**dict(iter(FULL)), "embed_links": False})


def texts(kwargs: dict[str, Any]) -> list[str]:
    """The texts of one message as Discord would render them (content, embeds)."""
    out = [kwargs.get("content") or ""]
    embeds = [kwargs["embed"]] if kwargs.get("embed") else list(kwargs.get("embeds") or [])
    for embed in embeds:
        shown = embed.to_dict()
        out += [shown.get("title", ""), shown.get("description", "")]
        out += [f"{f['name']} {f['value']}" for f in shown.get("fields", [])]
        out.append(shown.get("footer", {}).get("text", ""))
    return out


def everything(interaction: FakeInteraction) -> list[str]:
    """Every text the interaction sent or posted: answers, follow-ups, the board."""
    out = [t for s in interaction.sent for t in texts(s.kwargs)]
    for message in interaction.channel.messages.values():
        out += texts(message.kwargs)
        out += [t for edit in message.edits for t in texts(edit)]
    return out


def assert_read_as_typed(shown: list[str]) -> None:
    rendered = {m.group(0) for text in shown for m in MARKUP.finditer(text)}
    assert rendered <= {f"<@{OWNER_ID}>", f"<@{GM_ID}>"}, rendered
    for text in shown:
        assert "@everyone" not in text, text
        assert "**Boss**" not in text, text


def gm(store: Store, **kwargs: Any) -> FakeInteraction:
    return FakeInteraction(store, manage_channels=True, user_id=GM_ID, **kwargs)


async def hostile_board(store: Store) -> None:
    await dispatch(gm(store), "encounter start", {"width": 10, "height": 6, "ruleset": "5e"})
    await dispatch(gm(store), "token add", {"name": HOSTILE[0], "owner": str(OWNER_ID)})
    for i, name in enumerate(HOSTILE[1:]):
        await dispatch(gm(store), "token add", {"name": name, "at": f"{'DEFG'[i]}4"})
    await dispatch(gm(store), "token add", {"name": "Ari", "at": "J6", "hidden": True})


@pytest.mark.parametrize("embeds", [True, False], ids=["embeds", "plain text"])
async def test_hostile_token_names_read_as_typed_in_every_message_kind(
    store: Store, embeds: bool
) -> None:
    await hostile_board(store)
    extra = {} if embeds else {"app_permissions": NO_EMBEDS}
    shown: list[str] = []
    order = ", ".join(HOSTILE)
    steps: list[tuple[str, dict[str, Any]]] = [
        ("turn order", {"order": order}),  # the owner's token starts: a ping above it
        ("encounter show", {}),
        ("map", {}),
        ("turn show", {}),
        ("history", {}),
        ("move", {"token": HOSTILE[1], "to": "Z99"}),  # a refusal naming it
        ("token remove", {"token": "*"}),  # seen ones in the open, the hidden to the GM
    ]
    for name, options in steps:
        interaction = gm(store, **extra)
        await dispatch(interaction, name, options)
        shown += everything(interaction)
    pinged = [t for t in shown if t.startswith(f"<@{OWNER_ID}> it's your turn")]
    assert pinged, "the turn's ping is among them"
    assert "\\<@&4242>" in pinged[0]
    assert_read_as_typed(shown)


async def test_the_mover_reads_hostile_names_as_typed(store: Store) -> None:
    await hostile_board(store)
    player = FakeInteraction(store, user_id=OWNER_ID)
    player.data = {"values": ["<@&4242>".casefold()]}
    menu = MoverMenu("t", MoverState().encode())
    await menu.callback(player)  # type: ignore[arg-type]
    assert player.sent
    assert_read_as_typed(everything(player))


async def test_a_name_cant_carry_the_mark_of_the_bots_own_mentions(store: Store) -> None:
    """The bot marks its own mentions with U+2060 so that replies show them as mentions;
    a typed or imported name holding it would be drawn as one. Discord's options lose
    it on the way in; a name typed at the console, or in an import, is refused."""
    from bot.commands import Upload
    from bot.context import Context
    from bot.errors import InvalidInput
    from bot.handlers import COMMANDS, run, run_line

    await dispatch(gm(store), "encounter start", {"width": 6, "height": 6})
    await dispatch(gm(store), "token add", {"name": "\u2060<@&99>"})
    looking = gm(store)
    await dispatch(looking, "encounter show", {})
    assert_read_as_typed(everything(looking))
    console = Context(store, "4242", str(GM_ID), is_gm=True, rng=__import__("random").Random(1))
    with pytest.raises(InvalidInput, match="U\\+2060"):
        await run_line(console, '/token add name:"\u2060<@&98>"')
    exported = json.loads(
        (await run_line(console, "/encounter export")).attachment[1]  # type: ignore[index]
    )
    exported["state"]["tokens"][0]["name"] = "\u2060<@&97>"
    upload = Upload("board.json", json.dumps(exported).encode())
    with pytest.raises(InvalidInput, match="word joiner"):
        await run(console, COMMANDS["encounter import"], {"file": upload, "replace": True})
