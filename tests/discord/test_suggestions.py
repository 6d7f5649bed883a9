"""Enumerations offered as the user types (issue 12): terrain kinds with the words
tables use, the channel's ruleset's sizes, armor and loads, the conditions the rules
know (and a token's own for remove:), token names for /move by: and group:, and the
squares a token can reach with their cost for /move to:."""

from __future__ import annotations

from types import SimpleNamespace

from discord import app_commands

from bot.config import Settings
from bot.discord.app import StrideBot, extension_names
from bot.discord.autocomplete import option_choices
from bot.discord.dispatch import dispatch
from bot.discord.embeds import ERROR_COLOUR
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


async def offered(
    store: Store, command: str, option: str, typed: str = "", **given: object
) -> list[tuple[str, str]]:
    typing = FakeInteraction(store, namespace=SimpleNamespace(**given))
    return [(c.name, c.value) for c in await option_choices(typing, typed, command, option)]


async def start(store: Store, *commands: tuple[str, dict[str, object]]) -> None:
    for name, options in commands:
        await dispatch(FakeInteraction(store, manage_channels=True), name, options)


async def test_terrain_kind_offers_kinds_and_finds_them_by_the_words_tables_use(
    store: Store,
) -> None:
    kinds = [v for _, v in await offered(store, "terrain set", "kind")]
    assert {"difficult", "water", "wall", "pit"} <= set(kinds)
    assert [v for _, v in await offered(store, "terrain set", "kind", "lava")] == ["hazard"]


async def test_size_armor_and_load_follow_the_channels_ruleset(store: Store) -> None:
    await start(store, ("encounter start", {"ruleset": "becmi"}))
    sizes = [v for _, v in await offered(store, "token add", "size")]
    assert "medium" in sizes
    loads = [v for _, v in await offered(store, "token add", "load")]
    assert "400cn" in loads and "heavy" not in loads  # becmi counts coins
    assert await offered(store, "token add", "armor") == []  # becmi reads no armor


async def test_3_5_offers_its_races_armor_and_loads(store: Store) -> None:
    await start(store, ("encounter start", {"ruleset": "3.5"}))
    assert "dwarf" in [v for _, v in await offered(store, "token add", "race", "dw")]
    assert [v for _, v in await offered(store, "token edit", "armor")] == [
        "none",
        "light",
        "medium",
        "heavy",
    ]


async def test_conditions_offered_to_add_and_the_tokens_own_to_remove(store: Store) -> None:
    await start(
        store,
        ("encounter start", {}),
        ("token add", {"name": "Ari"}),
        ("token condition", {"token": "Ari", "add": "prone, frightened"}),
    )
    adding = [v for _, v in await offered(store, "token condition", "add", "pro")]
    assert adding[0] == "prone"
    listed = [v for _, v in await offered(store, "token condition", "add", "prone, gra")]
    assert listed == ["prone, grappled"]
    held = await offered(store, "token condition", "remove", token="Ari")
    assert [v for _, v in held] == ["frightened", "prone"]


async def test_move_to_offers_reachable_squares_cheapest_first_with_cost(store: Store) -> None:
    await start(
        store,
        ("encounter start", {"width": 6, "height": 6}),
        ("token add", {"name": "Ari", "at": "A1", "team": "party"}),
        ("token add", {"name": "Bo", "at": "B1", "team": "party"}),
        ("terrain set", {"cells": "A3", "kind": "wall"}),
    )
    squares = await offered(store, "move", "to", token="Ari")
    shown, values = zip(*squares, strict=True)
    assert shown[0] == "A2 · 5 ft"  # B1 is Bo's: no ending there; A3 is a wall
    assert "A3" not in values and "B1" not in values and "A1" not in values
    costs = [int(s.split("· ")[1].split(" ")[0]) for s in shown]
    assert costs == sorted(costs) and max(costs) <= 30
    assert all(v.startswith("C") for _, v in await offered(store, "move", "to", "c", token="Ari"))
    assert await offered(store, "move", "to", token="Nobody") == []


async def test_move_to_without_token_offers_the_squares_of_the_token_move_would_move(
    store: Store,
) -> None:
    """Issue 40 item 10: /move to: offered nothing when token: was left out, the shortcut
    the README and /help teach. It offers the squares of the token /move moves then
    (``access.default_token``): a player's only one; the GM's taking its turn; none while
    /move would ask which."""
    await start(
        store,
        ("encounter start", {"width": 6, "height": 6}),
        ("token add", {"name": "Goblin", "at": "F6", "team": "enemy"}),
        ("token add", {"name": "Orc", "at": "F1", "team": "enemy"}),
    )
    await dispatch(FakeInteraction(store, user_id=78), "token add", {"name": "Ari", "at": "A1"})

    async def typing(user_id: int, gm: bool = False, **given: object) -> list[tuple[str, str]]:
        asking = FakeInteraction(
            store, user_id=user_id, manage_channels=gm, namespace=SimpleNamespace(**given)
        )
        return [(c.name, c.value) for c in await option_choices(asking, "", "move", "to")]

    aris = await typing(78, token="Ari")
    assert aris and aris[0] == ("B1 · 5 ft", "B1")
    assert await typing(78) == aris  # the player's one token
    assert await typing(79) == []  # no token of their own: /move would ask which
    assert await typing(77, gm=True) == []  # the GM's two, neither taking its turn
    await start(store, ("turn order", {"order": "Orc, Ari, Goblin"}))
    orcs = await typing(77, gm=True)
    assert (
        orcs == await typing(77, gm=True, token="Orc")
        and orcs[0][1] in ("E1", "E2", "F2")
        and orcs != aris
    )
    assert await typing(78) == aris  # a player's only token, its turn or not
    moving = FakeInteraction(store, manage_channels=True)
    await dispatch(moving, "move", {"to": orcs[0][1]})  # the handler agrees: the Orc moves
    assert moving.sent[0].embed.title.startswith(f"Orc moves to {orcs[0][1]}")


async def test_move_by_and_group_offer_token_names(store: Store) -> None:
    await start(
        store,
        ("encounter start", {}),
        ("token add", {"name": "Ari"}),
        ("token add", {"name": "Bo"}),
        ("token add", {"name": "Cy"}),
    )
    assert [v for _, v in await offered(store, "move", "by", "b")] == ["Bo"]
    assert [v for _, v in await offered(store, "move", "group", "Ari, ")] == ["Ari, Bo", "Ari, Cy"]


async def test_the_slash_commands_offer_them_through_the_cogs(
    store: Store, settings: Settings
) -> None:
    """The cogs attach these suggestions to the options Discord shows; calling one the
    way discord.py does gives the same list."""
    stride = StrideBot(settings)
    try:
        for name in extension_names():
            await stride.load_extension(name)
        commands = {c.qualified_name: c for c in stride.tree.walk_commands()}
        wanted = {
            "token add": ("size", "race", "armor", "load"),
            "token edit": ("size", "race", "armor", "load"),
            "token condition": ("add", "remove"),
            "terrain set": ("kind",),
            "move": ("to", "by", "group"),
        }
        for command, options in wanted.items():
            params = commands[command]._params
            for option in options:
                assert params[option].autocomplete is not None, (command, option)
        kind = commands["terrain set"]._params["kind"].autocomplete
        assert kind is not None
        typing = FakeInteraction(store)
        choices = await kind(typing, "lava")
        assert [c.value for c in choices] == ["hazard"]
    finally:
        await stride.close()


async def through_the_cog(
    stride: StrideBot, command: str, option: str, typing: FakeInteraction, typed: str
) -> list[str]:
    """What Discord shows for ``option`` of ``command`` while ``typed`` is written: the
    autocomplete the cog attached, called the way discord.py calls it."""
    slash = next(c for c in stride.tree.walk_commands() if c.qualified_name == command)
    assert isinstance(slash, app_commands.Command)
    complete = next(p for p in slash._params.values() if p.display_name == option).autocomplete
    assert complete is not None
    if getattr(complete, "pass_command_binding", False):
        choices = await complete(slash.binding, typing, typed)
    else:
        choices = await complete(typing, typed)
    return [c.value for c in choices]


async def test_travel_and_move_names_follow_the_encounters_ruleset(
    store: Store, settings: Settings
) -> None:
    """Issue 27: /travel mode: offered 5e-alt's modes in a channel whose encounter is
    3.5, though /travel there rules by 3.5. Autocomplete now chooses the ruleset as the
    handlers do (choose_ruleset): a ruleset: typed, else the encounter's."""
    await start(store, ("encounter start", {"ruleset": "3.5"}))
    stride = StrideBot(settings)
    try:
        for name in extension_names():
            await stride.load_extension(name)
        modes = await through_the_cog(stride, "travel", "mode", FakeInteraction(store), "")
        assert "light-horse" in modes and "mount" not in modes  # 3.5's, not 5e-alt's
        asked = FakeInteraction(store)
        await dispatch(asked, "travel", {"mode": "light-horse"})  # the handler agrees
        assert asked.sent[-1].embed.colour != ERROR_COLOUR
        asked_becmi = FakeInteraction(store, namespace=SimpleNamespace(ruleset="becmi"))
        horses = await through_the_cog(stride, "travel", "mode", asked_becmi, "hor")
        assert horses == ["riding-horse", "war-horse", "draft-horse"]  # ruleset: wins
        actions = await through_the_cog(stride, "move", "action", FakeInteraction(store), "")
        assert "double" in actions  # 3.5's double move
    finally:
        await stride.close()
