"""/help: private, a place to start, and examples that run in the channel's ruleset.

On Discord each option is its own field, so console quoting habits are forgiven:
one pair of quotes around a value is dropped.
"""

from __future__ import annotations

import random
import re

import pytest

from bot.context import Context
from bot.discord.autocomplete import names_choices
from bot.discord.dispatch import dispatch, unquoted
from bot.errors import InvalidInput
from bot.handlers import COMMANDS, run_line
from bot.handlers.help_examples import example_lines, examples, needs_setup, start_here
from bot.handlers.help_options import READERS
from bot.rules import rulesets
from bot.storage import Store
from bot.user_ids import name_id
from cogs.help import Help
from tests.discord.fakes import FakeInteraction

RULESETS = sorted(rulesets())


def gm(store: Store) -> FakeInteraction:
    return FakeInteraction(store, manage_channels=True)


async def run_all(store: Store, channel: str, ruleset: str, lines: list[str]) -> None:
    ctx = Context(
        store,
        channel,
        name_id("dm"),
        is_gm=True,
        rng=random.Random(1),
        guild_id="server",
        manages_server=True,  # the examples include the server's settings
        web_base_url="http://127.0.0.1:8710",  # as the console has (python -m bot serve)
    )
    await run_line(ctx, f"/ruleset set system:{ruleset}")
    for line in lines:
        try:
            await run_line(ctx, line)
        except Exception as exc:  # the line, the ruleset and why, in the failure
            raise AssertionError(f"{ruleset}: {line!r} failed: {exc}") from exc


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_every_example_help_shows_runs_in_that_ruleset(store: Store, ruleset: str) -> None:
    rules = rulesets()[ruleset]
    setup = list(start_here(rules))
    await run_all(store, f"{ruleset}-start", ruleset, setup)
    for name in COMMANDS:
        shown = examples(name, rules)
        assert shown, f"/{name} has no example"
        before = setup[:3] if needs_setup(name) else []
        for i, example in enumerate(shown):
            await run_all(store, f"{ruleset}-{name}-{i}", ruleset, before + list(example))


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_examples_type_the_same_on_discord_and_in_the_console(ruleset: str) -> None:
    """No value holds a space or a quote: Discord keeps quotes, the console needs them."""
    rules = rulesets()[ruleset]
    lines = [*start_here(rules), *(line for n in COMMANDS for line in example_lines(n, rules))]
    for line in lines:
        assert not re.search(r"[\"'\u201c\u201d]", line), line
        for word in line.split()[1:]:
            assert ":" in word or word.isalpha(), line  # each word a name:value or a name


async def test_help_answers_privately_and_starts_with_start_here(store: Store) -> None:
    asking = FakeInteraction(store)
    await dispatch(asking, "help", {})
    (sent,) = asking.sent
    assert sent.ephemeral
    first = sent.embed.fields[0]
    assert first.name == "Start here"
    # issue 29: a new table (no ruleset set anywhere) is told to pick its rules first
    lines = (first.value or "").splitlines()
    assert lines[0] == "/ruleset set system:5e" and lines[1].startswith("/encounter start")
    assert "no ruleset yet, so Stride uses 5e-alt" in (sent.embed.description or "")
    assert "/token add" in (first.value or "") and "/move" in (first.value or "")
    # once the channel has its rules, the list starts with the encounter
    await dispatch(FakeInteraction(store, manage_channels=True), "ruleset set", {"system": "5e"})
    again = FakeInteraction(store)
    await dispatch(again, "help", {})
    (answer,) = again.sent
    assert (answer.embed.fields[0].value or "").startswith("/encounter start")
    assert "no ruleset yet" not in (answer.embed.description or "")


async def test_help_for_one_command_uses_the_channels_ruleset(store: Store) -> None:
    await dispatch(gm(store), "ruleset set", {"system": "becmi"})
    asking = FakeInteraction(store)
    await dispatch(asking, "help", {"command": "/Travel"})
    (sent,) = asking.sent
    assert sent.ephemeral
    shown = {f.name: f.value or "" for f in sent.embed.fields}
    assert "Examples (becmi)" in shown
    becmi_modes = rulesets()["becmi"].calculators.travel_names["mode"].names
    used = re.findall(r"mode:(\S+)", shown["Examples (becmi)"])
    assert used and all(m in becmi_modes for m in used)
    assert "quote" not in shown["Examples (becmi)"]


async def test_an_unknown_command_gets_a_suggestion(store: Store) -> None:
    asking = FakeInteraction(store)
    await dispatch(asking, "help", {"command": "mvoe"})
    assert "Did you mean /move?" in (asking.sent[0].embed.description or "")


async def test_the_command_option_is_suggested() -> None:
    assert [c.value for c in names_choices(list(COMMANDS), "/tok")][:1] == ["token add"]


@pytest.mark.parametrize(
    ("typed", "value"),
    [
        ('"Goblin 1"', "Goblin 1"),
        ("\u201cGoblin 1\u201d", "Goblin 1"),
        ("'C3 D3'", "C3 D3"),
        ("120' (40')", "120' (40')"),
        ('"', '"'),
        ('"a" and "b"', 'a" and "b'),  # one pair only, as typed around the value
    ],
)
def test_one_pair_of_quotes_is_dropped(typed: str, value: str) -> None:
    assert unquoted(typed) == value


async def test_quoted_discord_values_work_as_if_unquoted(store: Store) -> None:
    await dispatch(gm(store), "encounter start", {"width": 8, "height": 8})
    named = gm(store)
    await dispatch(named, "token add", {"name": '"Goblin 1"'})
    assert (named.sent[-1].embed.title or "").startswith("Goblin 1 added")
    cells = gm(store)
    await dispatch(cells, "terrain set", {"cells": '"C3 D3"', "kind": "difficult"})
    assert cells.sent[-1].embed.colour != discord_error_colour()


def discord_error_colour() -> object:
    from bot.discord.embeds import ERROR_COLOUR

    return ERROR_COLOUR


@pytest.mark.parametrize(("ruleset", "more"), [("3.5", "double move"), ("becmi", "run")])
async def test_move_help_carries_the_key_to_the_picture_in_the_rulesets_words(
    store: Store, ruleset: str, more: str
) -> None:
    """The board's marks (bands, hatching, badges) are explained in /help, naming the
    channel's own bigger action for the second band."""
    await dispatch(gm(store), "ruleset set", {"system": ruleset})
    asking = FakeInteraction(store)
    await dispatch(asking, "help", {"command": "move"})
    shown = {f.name: f.value or "" for f in asking.sent[0].embed.fields}
    key = shown["Reading the picture"]
    assert "Green band" in key and "hatching" in key and "P badge" in key
    assert f"only with a {more}" in key


# ------------------------------------------------ issue 28: the channel's own options


def _fields(sent: FakeInteraction) -> dict[str, str]:
    """The embed's fields by name; a field continued in the next is joined to it."""
    fields: dict[str, str] = {}
    for f in sent.sent[-1].embed.fields:
        name = (f.name or "").removesuffix(", continued")
        value = (f.value or "").replace("\\_", "_")  # Discord markdown escapes _
        fields[name] = "\n".join(filter(None, (fields.get(name), value)))
    return fields


@pytest.mark.parametrize("ruleset", ["5e", "5e-2024"])
async def test_help_for_a_5e_channel_lists_no_3_5_or_becmi_only_option(
    store: Store, ruleset: str
) -> None:
    await dispatch(gm(store), "ruleset set", {"system": ruleset})
    for command, absent, present in (
        ("travel", ("encumbrance", "lost_check", "load", "mount_load", "sea"), ("speed", "pace")),
        ("move", ("group", "through", "heavy", "margin"), ("token", "to", "mode")),
        ("token add", ("race", "armor", "carries"), ("name", "speed")),
        ("encounter start", ("outdoors",), ("width",)),
    ):
        asking = FakeInteraction(store)
        await dispatch(asking, "help", {"command": command})
        options = _fields(asking)[f"Options ({ruleset})"]
        named = {line.split(" — ")[0].split(" (")[0] for line in options.splitlines()}
        assert not named & set(absent), (command, named & set(absent))
        assert set(present) <= named, command
        assert "other rulesets' only" in options


@pytest.mark.parametrize(
    ("ruleset", "travel", "move"),
    [
        ("becmi", {"encumbrance", "lost_check", "outdoors"}, {"group"}),
        ("3.5", {"load", "mount_load", "hours"}, {"through", "heavy", "target", "margin"}),
        ("epic-path", {"load", "mount_load"}, {"through"}),
    ],
)
async def test_help_lists_a_rulesets_own_options_in_its_channel(
    store: Store, ruleset: str, travel: set[str], move: set[str]
) -> None:
    await dispatch(gm(store), "ruleset set", {"system": ruleset})
    for command, wanted in (("travel", travel), ("move", move)):
        asking = FakeInteraction(store)
        await dispatch(asking, "help", {"command": command})
        options = _fields(asking)[f"Options ({ruleset})"]
        named = {line.split(" — ")[0] for line in options.splitlines()}
        assert wanted <= named, (command, wanted - named)


async def test_help_options_json_lists_shown_and_other_rulesets_options(store: Store) -> None:
    ctx = Context(store, "c", name_id("dm"), is_gm=True, rng=random.Random(1))
    await run_line(ctx, "/ruleset set system:5e")
    reply = await run_line(ctx, "/help command:travel")
    assert "encumbrance" in reply.result["other_rulesets_options"]
    assert "encumbrance" not in reply.result["options"] and "speed" in reply.result["options"]


def test_help_option_readers_name_real_options() -> None:
    """help_options.py names options of the commands' specs (a renamed option fails here)."""
    for command, table in READERS.items():
        names = {o.name for o in COMMANDS[command].options}
        assert set(table) <= names, (command, set(table) - names)


@pytest.mark.parametrize("typed", ["turn", "/turn", "Turn"])
async def test_help_command_turn_lists_the_groups_subcommands(store: Store, typed: str) -> None:
    asking = FakeInteraction(store)
    await dispatch(asking, "help", {"command": typed})
    (sent,) = asking.sent
    assert sent.ephemeral and sent.embed.title == "/turn — 7 commands"
    listed = _fields(asking)["Commands"]
    for sub in ("order", "next", "add", "roll", "remove", "show", "clear"):
        assert f"/turn {sub} — " in listed


async def test_help_command_names_a_nested_group(store: Store) -> None:
    ctx = Context(store, "c", name_id("dm"), is_gm=True, rng=random.Random(1))
    reply = await run_line(ctx, "/help command:encounter-gm")
    assert reply.result["commands"] == [
        "encounter gm add",
        "encounter gm remove",
        "encounter gm give",
    ]
    assert reply.result["group"] == "encounter gm"


async def test_help_an_unknown_name_is_still_refused_with_a_hint(store: Store) -> None:
    ctx = Context(store, "c", name_id("dm"), is_gm=True, rng=random.Random(1))
    with pytest.raises(InvalidInput, match="Did you mean /turn"):
        await run_line(ctx, "/help command:trun-order")


async def test_help_command_suggests_groups_after_commands() -> None:
    """/help command: offers a group name too (turn), after the commands it starts."""
    cog = Help()

    async def offered(typed: str) -> list[str]:
        return [c.value for c in await cog._command(None, typed)]  # type: ignore[arg-type]

    tur = await offered("tur")
    assert tur[0] == "turn order" and "turn" in tur
    assert (await offered("/tok"))[:1] == ["token add"]
    assert "encounter gm" in await offered("encounter g")
