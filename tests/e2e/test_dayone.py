"""Issue 17's day-one commands against the real bot process: templates, GM roles and
co-GMs, the units, scenes, export and import, delete; each answered publicly and
without error."""

from __future__ import annotations

from typing import Any

from tests.e2e.botproc import BotProcess
from tests.e2e.standin import ERROR_COLOUR, FakeDiscord

# (command, options, title starts with)
DAY_ONE: list[tuple[str, dict[str, Any], str]] = [
    ("encounter start", {"width": 8, "height": 8}, "Encounter started"),
    ("token add", {"name": "Orc", "at": "H8"}, "Orc added at H8"),
    (
        "template add",
        {"shape": "circle", "size": 10, "at": "G7", "name": "Fog", "colour": "yellow"},
        "Fog: 10 ft",
    ),
    ("template list", {}, "1 template on the board"),
    ("template remove", {"name": "Fog"}, "Template removed: Fog"),
    ("settings", {"units": "metres"}, "This channel reads distances in metres"),
    ("encounter gm add", {"user": "<Bob>"}, "Co-GM added"),
    ("encounter gm remove", {"user": "<Bob>"}, "Co-GM removed"),
    ("encounter save", {"name": "Crypt"}, "Scene saved: Crypt"),
    ("encounter scenes", {}, "1 scene saved in this channel"),
    ("encounter export", {}, "Export: 8×8"),
    ("encounter load", {"name": "Crypt", "replace": True}, "Scene loaded: Crypt"),
    ("encounter import", {"text": "8x8 D4Mr-Orc A1Lb-Ogre", "replace": True}, "Imported: 8×8"),
    ("encounter scene delete", {"name": "Crypt"}, "Scene deleted: Crypt"),
    ("encounter gm give", {"user": "<Bob>"}, "Encounter handed over"),
    ("encounter delete", {"confirm": True}, "Encounter deleted"),
]
NAMES = {name for name, _, _ in DAY_ONE} - {"encounter start", "token add"}


async def test_the_day_one_commands_answer(bot: BotProcess, discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    bob = fake.new_user("Bob")
    for name, options, title in DAY_ONE:
        given = {k: bob if v == "<Bob>" else v for k, v in options.items()}
        answer = await fake.ask(name, given)
        embed = answer.embed
        assert embed.get("color") != ERROR_COLOUR, (name, embed)
        assert embed.get("title", "").startswith(title), (name, embed.get("title"))
        if name == "encounter export":
            assert next(f[2] for f in answer.files).endswith(".json")
