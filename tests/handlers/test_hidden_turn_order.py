"""Issue 38: the hidden-information differential with a turn order running, hidden
tokens in the order and out of it. A player's reply (text, fields, JSON, ping, picture,
error), and what the table reads of the GM's public replies, is the reply on the same
board without the hidden tokens: a /turn roll places a token where the twin places it,
a rolled order rolls the seen tokens' dice as the twin does, and every later turn reply,
ping and export reads the same.

What the twins cannot share by design is a hidden token's own turn: the table reads
"the GM's turn" there (README: Hidden tokens). The orders below keep the hidden tokens
off the turns the lines reach, so every line is compared."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest

import bot.discord.dispatch as dispatching
from bot.commands import split_line
from bot.console_output import envelope
from bot.cooldown import Cooldown
from bot.discord.dispatch import dispatch
from bot.handlers import COMMANDS, run_line
from bot.storage import Store
from tests.discord.fakes import FakeInteraction
from tests.handlers.hidden_twins import GM, Twins, context, open_twins, outcome
from tests.handlers.test_hidden_differential import (
    AFTER,
    CASES,
    NOT_COMPARED,
    _channel,
    _message,
    sent_by_discord,
)

SEEDED = random.Random  # the class itself: the patch below replaces the module's

# The GM's lines that set the order on each board: (the hidden twin's, the plain twin's).
# Ari (the player's) acts first; the hidden tokens sit where no line's turn reaches them,
# and their initiatives (typed, low) keep them off the top of a rolled order.
ORDERS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "hidden tokens out of the order": (
        (
            "/turn roll token:Lurker value:3",
            '/turn roll token:"Orc 3" value:2',
            '/turn roll token:"Orc 1" value:11',
            '/turn order order:"Ari, Bo, Orc 1, Orc 2"',
        ),
        ('/turn roll token:"Orc 1" value:11', '/turn order order:"Ari, Bo, Orc 1, Orc 2"'),
    ),
    "hidden tokens in the order": (
        (
            "/turn roll token:Lurker value:9",
            '/turn roll token:"Orc 3" value:4',
            '/turn roll token:"Orc 1" value:11',
            '/turn order order:"Ari, Bo, Orc 3, Orc 1, Lurker, Orc 2"',
        ),
        ('/turn roll token:"Orc 1" value:11', '/turn order order:"Ari, Bo, Orc 1, Orc 2"'),
    ),
}

# What the GM does to the order, line by line on one pair of boards; what the table reads
# of each (a public reply; an answer to the GM alone is nothing to the table) and the
# player's view after it are compared. Every command that changes the turn order has
# lines here (test_every_order_change_is_compared).
GM_ORDER_CASES: dict[str, tuple[str, ...]] = {
    "turn order": ("/turn order roll:true", '/turn order order:"Bo, Ari, Orc 1"'),
    "turn roll": ('/turn roll token:"Orc 2" value:12', "/turn roll token:Bo"),
    "turn add": ("/token add name:Cy at:E5", "/turn add token:Cy", "/turn add token:Lurker"),
    "turn remove": ('/turn remove token:"Orc 1"', "/turn remove token:Ari"),
    "turn next": ("/turn next",),
    "turn clear": ("/turn clear", '/turn order order:"Ari, Bo"'),
    "token add": ("/token add name:Dee at:K2 init:13",),
    "token edit": ('/token edit token:"Orc 2" rename:Grik', "/token edit token:Bo init:20"),
    "token remove": ('/token remove token:"Orc 1"', "/token remove token:Orc*"),
    "undo": ('/turn roll token:"Orc 2" value:19', "/undo"),
}
ORDER_COMMANDS = {
    name
    for name in COMMANDS
    if (name.startswith("turn ") and name != "turn show")
    or name in ("token add", "token edit", "token remove", "undo")
}
# what the player reads of the order after each line, on both boards
SEEN_AFTER = ("/turn show", *AFTER)


@pytest.fixture(params=list(ORDERS))
async def ordered(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Twins]:
    """The twins of test_hidden_differential with an order running (Ari acting)."""
    twins = await open_twins(tmp_path)
    on_hidden, on_plain = ORDERS[request.param]
    for store, lines in ((twins.hidden, on_hidden), (twins.plain, on_plain)):
        for line in lines:
            await run_line(context(store, GM, gm=True), line)
    yield twins
    await twins.hidden.close()
    await twins.plain.close()


async def seen_by_table(store: Store, line: str) -> Any:
    """What the table reads of the GM's ``line``: its reply if public, else nothing."""
    reply = await outcome(context(store, GM, gm=True), line)
    if isinstance(reply, tuple) or reply["ephemeral"]:
        return None  # a refusal or an answer to the GM alone
    return {k: v for k, v in reply.items() if k != "private"}  # the GM's own follow-up


async def test_the_ordered_twins_differ_only_in_what_is_hidden(ordered: Twins) -> None:
    on_hidden, on_plain = await ordered.ask("/turn show")
    assert on_hidden == on_plain
    gm_view = await run_line(context(ordered.hidden, GM, gm=True), "/turn show")
    assert "Lurker" in gm_view.as_text() or "Orc 3" not in gm_view.as_text()


async def test_a_players_turn_roll_takes_the_same_place_with_a_hidden_token_on_the_board(
    ordered: Twins,
) -> None:
    """The issue's case: Bo's roll puts it where the twin without the hidden tokens puts
    it, and the order every later reply shows is the twin's."""
    on_hidden, on_plain = await ordered.ask("/turn roll token:Bo value:5")
    assert on_hidden == on_plain
    assert "it goes at 4 in the order" in on_plain["title"]
    for line in ("/turn show", "/encounter export"):
        after_hidden, after_plain = await ordered.ask(line)
        assert after_hidden == after_plain, line
    whole = await run_line(context(ordered.hidden, GM, gm=True), "/turn show")
    names = whole.result["order"]
    assert names[0] == "Ari" and names[-1] == "Bo"  # the hidden ones kept their places


def test_every_order_change_is_compared() -> None:
    assert set(GM_ORDER_CASES) == ORDER_COMMANDS


@pytest.mark.parametrize("name", sorted(ORDER_COMMANDS))
async def test_the_table_reads_the_same_of_the_gms_order_changes(ordered: Twins, name: str) -> None:
    for line in GM_ORDER_CASES[name]:
        on_hidden = await seen_by_table(ordered.hidden, line)
        on_plain = await seen_by_table(ordered.plain, line)
        assert on_hidden == on_plain, line
        for seen in SEEN_AFTER:
            after_hidden, after_plain = await ordered.ask(seen)
            assert after_hidden == after_plain, f"{seen} after {line}"
        pages_hidden, pages_plain = await ordered.pages()
        assert pages_hidden == pages_plain, f"the live pages after {line}"


@pytest.mark.parametrize("name", list(COMMANDS))
async def test_a_player_gets_the_same_replies_with_an_order_running(
    ordered: Twins, name: str
) -> None:
    if name in NOT_COMPARED:
        pytest.skip(NOT_COMPARED[name])
    for line in (*CASES[name], *(("/turn roll token:Bo value:5",) if name == "turn roll" else ())):
        on_hidden, on_plain = await ordered.ask(line)
        assert on_hidden == on_plain, line
        for seen in SEEN_AFTER:
            after_hidden, after_plain = await ordered.ask(seen)
            assert after_hidden == after_plain, f"{seen} after {line}"
        pages_hidden, pages_plain = await ordered.pages()
        assert pages_hidden == pages_plain, f"the live pages after {line}"


async def sent_to_table(store: Store, line: str) -> Any:
    """What Discord shows the table for the GM's ``line``: the public answers and the
    channel's messages (the board)."""
    name, raw = split_line(line)
    interaction = FakeInteraction(store, manage_channels=True, user_id=1)
    with (
        patch.object(dispatching, "COOLDOWN", Cooldown()),
        patch("bot.discord.channel.random.Random", lambda *_: SEEDED(7)),
    ):
        await dispatch(interaction, name, raw)
    public = [_message(s.kwargs) for s in interaction.sent if not s.ephemeral]
    return public, _channel(interaction)


@pytest.mark.parametrize("name", sorted(ORDER_COMMANDS))
async def test_on_discord_the_table_sees_the_same_of_an_order_change(
    ordered: Twins, name: str
) -> None:
    """The interaction path: the GM's public answers (a turn's ping among them) and the
    board message, then the player's own /turn roll and /turn show."""
    for line in GM_ORDER_CASES[name]:
        assert await sent_to_table(ordered.hidden, line) == await sent_to_table(
            ordered.plain, line
        ), line
    for line in ("/turn roll token:Bo value:5", "/turn show"):
        on_hidden = await sent_by_discord(ordered.hidden, line)
        assert on_hidden == await sent_by_discord(ordered.plain, line), line


async def test_the_gms_public_rolled_order_reads_in_the_consoles_json_as_on_the_twin(
    ordered: Twins,
) -> None:
    """The console's JSON of the GM's public /turn order roll:true said "the turn order
    changed" where the twin said "turn order rolled: ..."; a public reply's JSON, like its
    embed, is the twin's."""
    shown = []
    for store in (ordered.hidden, ordered.plain):
        reply = await run_line(context(store, GM, gm=True), "/turn order roll:true")
        assert not reply.ephemeral
        shown.append(envelope(reply, None))
    assert shown[0] == shown[1]
    assert shown[0]["result"]["summary"].startswith("turn order rolled: ")
    assert "Lurker" not in str(shown[0]) and "Orc 3" not in str(shown[0])
