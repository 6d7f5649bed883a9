"""Issue 26's rule for hidden things, proved by difference: a player asking the same
thing on a board with a hidden token and a secret door, and on the same board without
them, gets the same reply (text, fields, JSON, picture, error), except where the rules
let the character discover it (docs/RULINGS.md: Hidden tokens and secret doors).

Two stores, one channel id each, built by the same GM lines; the hidden twin adds a
hidden Lurker, a hidden Orc 3 and a secret door where the plain twin has a wall."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest.mock import patch

import discord
import pytest
from discord import app_commands

import bot.discord.dispatch as dispatching
from bot.commands import split_line
from bot.config import Settings
from bot.cooldown import Cooldown
from bot.discord.app import StrideBot, extension_names
from bot.discord.dispatch import dispatch
from bot.discord.mover import MoverMenu, pressed
from bot.discord.views import BoardButtons
from bot.handlers import COMMANDS, run_line
from bot.handlers.mover import MoverState
from bot.storage import Store
from tests.discord.fakes import FakeInteraction
from tests.discord.mover_stamps import stamped
from tests.handlers.hidden_twins import (
    _STAMP,
    GM,
    PLAYER,
    Twins,
    context,
)

SEEDED = random.Random


async def test_the_twins_differ_only_in_what_is_hidden(twins: Twins) -> None:
    """The fixture itself: the GM sees Lurker on one board only; the player's /map and
    /encounter show are the same on both."""
    gm_view = await run_line(context(twins.hidden, GM, gm=True), "/encounter show")
    assert "Lurker" in gm_view.as_text()
    for line in ("/encounter show", "/map"):
        on_hidden, on_plain = await twins.ask(line)
        assert on_hidden == on_plain, line


# ------------------------------------------------------------------ every command

# What a player asks of each command: names and squares of the hidden things included
# (the twin without them answers those as it does any unknown name or open square).
# Lines run in order on one pair of boards; the player's view of the state after each
# is compared too. A real move that meets a hidden creature differs by design: those
# are test_discovery_* below.
CASES: dict[str, tuple[str, ...]] = {
    "fall": ("/fall height:60",),
    "jump": ("/jump distance:10",),
    "travel": ("/travel distance:10",),
    "ruleset set": ("/ruleset set system:5e",),
    "ruleset show": ("/ruleset show",),
    "settings": ("/settings units:feet",),
    "help": ("/help", "/help command:move"),
    "encounter start": ("/encounter start",),
    "encounter show": ("/encounter show",),
    "encounter end": ("/encounter end confirm:true",),
    "encounter delete": ("/encounter delete confirm:true",),
    "encounter export": ("/encounter export",),
    "encounter import": ('/encounter import text:"4x4" replace:true',),
    "encounter save": ("/encounter save name:camp",),
    "encounter load": ("/encounter load name:camp",),
    "encounter scenes": ("/encounter scenes",),
    "encounter scene delete": ("/encounter scene delete name:camp",),
    "encounter gm add": ("/encounter gm add user:78",),
    "encounter gm remove": ("/encounter gm remove user:dm",),
    "encounter gm give": ("/encounter gm give user:77",),
    "token add": (
        "/token add name:Lurker",
        "/token add name:Cy at:E2",
        "/token add name:Dee at:K10",
        "/token add name:Orc count:2",
        '/token add name:"Orc 3" at:F6',
        "/token add name:Eve",
        "/token add name:Wolf count:3 at:E3",
    ),
    "token edit": (
        "/token edit token:Lurker speed:40",
        "/token edit token:Ari rename:Lurker",
        "/token edit token:Bo at:E2",
        "/token edit token:Lurker explain:true",
        "/token edit token:Ari explain:true",
        "/token edit token:Lurker hidden:false",
    ),
    "token remove": (
        "/token remove token:Lurker",
        "/token remove token:L*",
        "/token remove token:Orc*",
        "/token remove token:*",
    ),
    "token condition": (
        "/token condition token:Lurker add:prone",
        "/token condition token:Ari add:grappled by:Lurker",
        "/token condition token:Ari add:prone",
        "/token condition token:Lurker add:prone save:12",  # a rider's save to stay on
        "/token condition token:Bo add:prone save:3",
    ),
    "token trait": ("/token trait token:Lurker", "/token trait token:Ari"),
    "token reaction": (
        "/token reaction token:Lurker",
        "/token reaction token:Lurker used:true",
        "/token reaction token:Ari used:true",
        "/token reaction token:Ari",
        "/token reaction token:Ari used:false",
    ),
    "token place": (
        "/token place token:Ari mount:Lurker",
        "/token place token:Lurker altitude:10",
        "/token place token:Bo mount:none at:E2",
    ),
    "token stats": (
        "/token stats token:Lurker",
        "/token stats token:Lurker strength:15",
        "/token stats token:Ari",
    ),
    "terrain set": ("/terrain set cells:E2 kind:wall",),
    "terrain clear": ("/terrain clear cells:E2",),
    "terrain light": ("/terrain light cells:E2 dark:true",),
    "terrain edge": ("/terrain edge cells:H8/I8 kind:door",),
    "turn order": ("/turn order roll:true",),
    "turn next": ("/turn next",),
    "turn add": ("/turn add token:Lurker",),
    "turn roll": ("/turn roll token:Lurker value:12", "/turn roll token:Ari value:30"),
    "turn remove": ("/turn remove token:Lurker",),
    "turn show": ("/turn show",),
    "turn clear": ("/turn clear",),
    "move": (
        "/move token:Ari to:E2 preview:true",
        "/move token:Ari to:F2 preview:true",
        "/move token:Ari to:G2 preview:true",
        "/move token:Ari to:G3 preview:true",
        "/move token:Bo to:J8 action:double preview:true",
        "/move token:Bo to:I8 preview:true",
        "/move token:Bo to:J7 action:double preview:true",
        "/move token:Bo to:I7 preview:true",
        "/move token:Ari to:E3 through:tumble preview:true",
        "/move token:Ari to:E3 bonus:disengage preview:true",
        "/move token:Ari to:E3 extra_action:haste preview:true",
        "/move token:Ari to:F2 bonus:dash",
        "/move token:Ari to:C3 drag:Lurker",
        "/move token:Ari mount:Lurker",
        "/move token:Ari to:D2 action:bull-rush target:Lurker margin:5",
        "/move token:Lurker to:E3",
        "/move token:Ari to:A4",
        '/move token:Ari path:"20e" preview:true',
        '/move token:Ari path:"5s 25e" preview:true',
        "/move to:B5",
        '/move token:Bo path:"10ne 5e"',
        "/move token:Bo to:C8",
    ),
    "distance": (
        "/distance to:Lurker",
        "/distance from:Ari to:E2",
        "/distance from:Ari to:G2",
        "/distance from:Bo to:J8",
        "/distance from:Lurker to:Ari",
    ),
    "map": (
        "/map",
        "/map threats:true",
        "/map reach:Lurker",
        "/map reach:Ari",
        "/map flanks:true",
        "/map at:E2 zoom:2",
        "/map view:A1:F6",
        "/map whole:true",
        "/map view:all",
    ),
    "door": ("/door token:Bo edge:H8/I8 open:true",),
    "flank": (
        '/flank a:Ari b:"Orc 1" target:Lurker',
        '/flank a:Lurker b:Ari target:"Orc 1"',
    ),
    "template add": (
        "/template add shape:circle size:10 at:E3 follows:Lurker",
        "/template add shape:circle size:10 at:E3",
        "/template add shape:square size:10 at:D1",
        "/template add shape:circle size:5 at:K10 name:Fog rounds:1 colour:blue",
    ),
    "template remove": ('/template remove name:"Circle 1"', "/template remove name:Lurker"),
    "template list": ("/template list",),
    "history": ("/history", "/history count:3"),
    "board link": ("/board link", "/board link revoke:true", "/board link expires:7d"),
    "undo": ("/undo", "/move token:Ari to:A4", "/undo", "/undo"),
}
# A command that cannot be compared, with the reason (none today): a command in neither
# table fails test_every_command_is_compared.
NOT_COMPARED: dict[str, str] = {}
# What the player reads of the state after each line, on both boards.
AFTER = ("/encounter show", "/encounter export", "/map", "/history count:20")


def test_every_command_is_compared() -> None:
    """The table is enumerated: a new command is compared by default, or listed with a
    reason it can't be."""
    assert not set(CASES) & set(NOT_COMPARED)
    missing = [name for name in COMMANDS if name not in CASES and name not in NOT_COMPARED]
    assert not missing, f"add a player's lines for {missing} to CASES (or a reason)"
    assert not set(CASES) - set(COMMANDS), "CASES names a command that isn't in the table"


@pytest.mark.parametrize("name", list(COMMANDS))
async def test_a_player_gets_the_same_replies_on_both_boards(twins: Twins, name: str) -> None:
    if name in NOT_COMPARED:
        pytest.skip(NOT_COMPARED[name])
    for line in CASES[name]:
        on_hidden, on_plain = await twins.ask(line)
        assert on_hidden == on_plain, line
        for seen in AFTER:
            after_hidden, after_plain = await twins.ask(seen)
            assert after_hidden == after_plain, f"{seen} after {line}"
        pages_hidden, pages_plain = await twins.pages()
        assert pages_hidden == pages_plain, f"the live pages after {line}"


async def test_a_5e_bonus_action_past_a_hidden_creature_is_the_same(twins: Twins) -> None:
    """Issue 28's bonus: on a 5e board, where it is ruled (the twins' 3.5 board refuses
    it): a Disengage past a hidden foe provokes it no more than it would a seen one, so
    the player learns nothing; a bonus Dash's preview is the same on both boards."""
    for line in (
        "/encounter end confirm:true",
        "/encounter start width:12 height:12 ruleset:5e",
        "/token add name:Ari at:A2 team:party owner:77 speed:30",
    ):
        await twins.gm(line)
    await run_line(
        context(twins.hidden, GM, gm=True), "/token add name:Lurker at:B3 team:enemy hidden:true"
    )
    for line in (
        "/move token:Ari to:A9 bonus:dash preview:true",
        "/move token:Ari to:A6 bonus:disengage",
        "/move token:Ari to:A4",
    ):
        on_hidden, on_plain = await twins.ask(line)
        assert on_hidden == on_plain, line
        # (/history would still list the ended 3.5 board's lines, which differ)
        for seen in ("/encounter show", "/encounter export", "/map"):
            after_hidden, after_plain = await twins.ask(seen)
            assert after_hidden == after_plain, f"{seen} after {line}"


async def test_a_5e_action_economy_and_sight_past_a_hidden_creature_are_the_same(
    twins: Twins,
) -> None:
    """Issue 41 on a 5e board: one action a turn (a second Dash refused with what is
    left), a player's extra_action: (the GM's to grant), and a blinded hidden foe or an
    invisible mover (no opportunity attack, and no "Lurker is blinded" for the player):
    the same replies on both boards."""
    for line in (
        "/encounter end confirm:true",
        "/encounter start width:12 height:12 ruleset:5e",
        "/token add name:Ari at:A2 team:party owner:77 speed:30",
    ):
        await twins.gm(line)
    gm = context(twins.hidden, GM, gm=True)
    await run_line(gm, "/token add name:Lurker at:B3 team:enemy hidden:true")
    await run_line(gm, "/token condition token:Lurker add:blinded")
    for line in (
        "/move token:Ari to:A3 action:dash extra_action:action-surge",
        "/move token:Ari to:A5 action:dash",
        "/move token:Ari to:A6 action:dash",
        "/move token:Ari to:A7 action:disengage preview:true",
        "/move token:Ari to:A8 bonus:dash preview:true",
    ):
        on_hidden, on_plain = await twins.ask(line)
        assert on_hidden == on_plain, line
        for seen in ("/encounter show", "/encounter export", "/map"):
            after_hidden, after_plain = await twins.ask(seen)
            assert after_hidden == after_plain, f"{seen} after {line}"
    await twins.gm("/token condition token:Ari add:invisible")
    on_hidden, on_plain = await twins.ask("/move token:Ari to:A1")
    assert on_hidden == on_plain


async def test_a_players_push_and_drag_clear_of_hidden_creatures_are_the_same(
    twins: Twins,
) -> None:
    """Issue 41: every token a player's move displaces is met by what is hidden, not
    only the mover. A bull rush whose foe is pushed clear of the hidden Lurker, and a
    drag whose held creature's way is clear of it, answer the same on both boards, in
    the console's JSON and on Discord, and leave the same board (a foe pushed into a
    hidden creature, or dragged through one, differs by design: test_hidden_discovery)."""
    for line in (
        "/token add name:Gob at:B3 team:enemy",
        "/token add name:Imp at:A9 team:enemy",
        "/token condition token:Imp add:grappled by:Bo",
    ):
        await twins.gm(line)
    for line in (
        "/move token:Ari action:bull-rush target:Gob margin:6 preview:true",
        "/move token:Ari action:bull-rush target:Gob margin:6",
        "/move token:Bo to:B8 drag:Imp",
    ):
        on_hidden, on_plain = await twins.ask(line)
        assert isinstance(on_hidden, dict), on_hidden  # ruled, not refused
        assert on_hidden == on_plain, line
        for seen in AFTER:
            after_hidden, after_plain = await twins.ask(seen)
            assert after_hidden == after_plain, f"{seen} after {line}"


async def test_on_discord_a_push_clear_of_hidden_creatures_is_the_same(twins: Twins) -> None:
    """The same bull rush through the loopback Discord: embeds, picture, board message."""
    await twins.gm("/token add name:Gob at:B3 team:enemy")
    line = "/move token:Ari action:bull-rush target:Gob margin:6"
    on_hidden = await sent_by_discord(twins.hidden, line)
    assert "Bull rush" in repr(on_hidden)
    assert on_hidden == await sent_by_discord(twins.plain, line)


# ------------------------------------------------------------------ Discord


async def sent_by_discord(store: Store, line: str, *, user_id: int = 77) -> Any:
    """What Discord shows for ``line`` sent by the player: every message to them, and
    the channel's messages (the board)."""
    name, raw = split_line(line)
    interaction = FakeInteraction(store, user_id=user_id)
    # each board's asking is the player's first in a while (no cooldown between twins),
    # and the dice are the same on both
    with (
        patch.object(dispatching, "COOLDOWN", Cooldown()),
        patch("bot.discord.channel.random.Random", lambda *_: SEEDED(7)),
    ):
        await dispatch(interaction, name, raw)
    return [_message(s.kwargs) for s in interaction.sent], _channel(interaction)


def _message(kwargs: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in kwargs.items():
        if isinstance(value, discord.Embed):
            out[key] = _STAMP.sub("<time>", repr(value.to_dict()))
        elif isinstance(value, discord.File):
            out[key] = (value.filename, value.fp.read())
        elif isinstance(value, list):
            out[key] = [_message({"item": v})["item"] for v in value]
        elif isinstance(value, discord.ui.View):
            out[key] = type(value).__name__
        elif key == "content" and isinstance(value, str):
            out[key] = _STAMP.sub("<time>", value)
        else:
            out[key] = repr(value)
    return out


def _channel(interaction: FakeInteraction) -> list[Any]:
    return [
        (_message(m.kwargs), [_message(e) for e in m.edits])
        for m in interaction.channel.messages.values()
    ]


@pytest.mark.parametrize("name", list(COMMANDS))
async def test_a_player_on_discord_gets_the_same_on_both_boards(twins: Twins, name: str) -> None:
    """The interaction path: embeds, pictures, files, the board message it refreshes."""
    if name in NOT_COMPARED:
        pytest.skip(NOT_COMPARED[name])
    for line in CASES[name]:
        on_hidden = await sent_by_discord(twins.hidden, line)
        on_plain = await sent_by_discord(twins.plain, line)
        assert on_hidden == on_plain, line


async def test_the_board_buttons_answer_a_player_the_same(twins: Twins) -> None:
    for button in BoardButtons().children:
        assert isinstance(button, discord.ui.Button)
        answers = []
        for store in (twins.hidden, twins.plain):
            interaction = FakeInteraction(store)
            with patch.object(dispatching, "COOLDOWN", Cooldown()):
                await button.callback(interaction)
            answers.append(([_message(s.kwargs) for s in interaction.sent], _channel(interaction)))
        assert answers[0] == answers[1], button.label


def _controls(view: discord.ui.View) -> list[Any]:
    """A mover's buttons and menus as the player sees them: ids, labels, choices."""
    shown = []
    for child in view.children:
        item = getattr(child, "item", child)
        options = [(o.label, o.value) for o in getattr(item, "options", [])]
        shown.append((item.custom_id, getattr(item, "label", None), item.disabled, options))
    return shown


# east from A2 toward the hidden Lurker at E2, then past the secret door's wall
MOVER_WAYS = ("", "6", "66", "666", "6666", "3333333")


async def test_the_mover_shows_a_player_the_same_on_both_boards(twins: Twins) -> None:
    """The Move button's mover: its preview, picture, reachable squares and buttons."""
    for steps in MOVER_WAYS:
        answers = []
        for store in (twins.hidden, twins.plain):
            interaction = FakeInteraction(store)
            with patch.object(dispatching, "COOLDOWN", Cooldown()):
                if steps:
                    before = MoverState(token="ari", start="A2", steps=steps[:-1])
                    before = await stamped(store, before, viewer=PLAYER)
                    await pressed(interaction, steps[-1], before.encode())  # type: ignore[arg-type]
                else:
                    interaction.data = {"values": ["ari"]}
                    choosing = await stamped(store, MoverState(), viewer=PLAYER)
                    menu = MoverMenu("t", choosing.encode())
                    await menu.callback(interaction)  # type: ignore[arg-type]
            answers.append(
                [
                    (_message(s.kwargs), _controls(s.kwargs["view"]) if "view" in s.kwargs else [])
                    for s in interaction.sent
                ]
            )
        assert answers[0] == answers[1], steps
        assert "out of date" not in repr(answers[0]), "the mover was pressed on its own turn"


# the mover's other buttons and menu choices, pressed on a way toward the Lurker: a bonus
# Dash, Disengage, fly up (refused for a walker: the same refusal on both boards), Back,
# Jump (3.5: the menu asks for the check's total) and its total, Ready, a page of every
# square, the farthest a double move reaches (past the Lurker), the square next to Orc 1
MOVER_PRESSES = (
    (MoverState(token="ari", start="A2", steps="666"), "bd", ""),
    (MoverState(token="ari", start="A2", steps="6666", action="d"), "bg", ""),
    (MoverState(token="ari", start="A2", steps="66"), "fu", ""),
    (MoverState(token="ari", start="A2", steps="666", bonus="d"), "b", ""),
    (MoverState(token="ari", start="A2", steps="6666"), "j", ""),
    (MoverState(token="ari", start="A2", steps="66666", jump="j"), "q", "c12"),
    (MoverState(token="ari", start="A2", steps="66"), "r", ""),
    (MoverState(token="ari", start="A2"), "q", "p1"),
    (MoverState(token="ari", start="A2"), "q", "p3"),
    (MoverState(token="ari", start="A2"), "q", "L2+d"),
    (MoverState(token="ari", start="A2"), "q", "G1"),
)


@pytest.mark.parametrize(("before", "verb", "picked"), MOVER_PRESSES)
async def test_the_movers_action_and_fly_buttons_show_a_player_the_same(
    twins: Twins, before: MoverState, verb: str, picked: str
) -> None:
    answers = []
    for store in (twins.hidden, twins.plain):
        interaction = FakeInteraction(store)
        current = await stamped(store, before, viewer=PLAYER)
        with patch.object(dispatching, "COOLDOWN", Cooldown()):
            await pressed(interaction, verb, current.encode(), picked)  # type: ignore[arg-type]
        answers.append(
            [
                (_message(s.kwargs), _controls(s.kwargs["view"]) if "view" in s.kwargs else [])
                for s in interaction.sent
            ]
        )
    assert answers[0] == answers[1]
    assert "out of date" not in repr(answers[0]), "the mover was pressed on its own turn"


@pytest.fixture
async def stride(tmp_path: Path) -> AsyncIterator[StrideBot]:
    settings = Settings(
        discord_token=None, dev_guild_id=None, db_path=str(tmp_path / "bot.db"), log_level="INFO"
    )
    bot = StrideBot(settings)
    for name in extension_names():
        await bot.load_extension(name)
    yield bot
    await bot.close()


def completions(bot: StrideBot) -> list[tuple[str, str]]:
    """Every (command, option) Discord autocompletes, from the cogs themselves."""
    return [
        (command.qualified_name, param.display_name)
        for command in bot.tree.walk_commands()
        if isinstance(command, app_commands.Command)
        for param in command._params.values()
        if param.autocomplete is not None
    ]


TYPED = ("", "L", "Lu", "E", "O", "Orc ", "A", "Ari, ")


async def test_every_autocomplete_offers_a_player_the_same(twins: Twins, stride: StrideBot) -> None:
    """What Discord offers as a player types any option that autocompletes: no hidden
    name, and /move to: offers the squares the board without them gives."""
    found = completions(stride)
    assert ("move", "to") in found and ("token edit", "token") in found
    commands = {c.qualified_name: c for c in stride.tree.walk_commands()}
    for command_name, option in found:
        command = commands[command_name]
        assert isinstance(command, app_commands.Command)
        param = next(p for p in command._params.values() if p.display_name == option)
        complete = param.autocomplete
        assert complete is not None
        for typed in TYPED:
            offered = []
            for store in (twins.hidden, twins.plain):
                interaction = FakeInteraction(
                    store, namespace=SimpleNamespace(**{"token": "Ari", option: typed})
                )
                if getattr(complete, "pass_command_binding", False):
                    choices = await complete(command.binding, interaction, typed)
                else:
                    choices = await complete(interaction, typed)
                offered.append([(c.name, c.value) for c in choices])
            assert offered[0] == offered[1], (command_name, option, typed)
