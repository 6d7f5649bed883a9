"""Every command typed on (loopback) Discord and answered by the real bot: the embed a
user sees, the PNG where the reply has a picture, and who may do what."""

from __future__ import annotations

import sqlite3
from typing import Any

from bot.handlers import COMMANDS
from tests.e2e.botproc import BotProcess
from tests.e2e.standin import ERROR_COLOUR, MEMBER, Answer, FakeDiscord
from tests.e2e.test_dayone import NAMES as DAY_ONE_NAMES
from tests.e2e.test_live_board import NAMES as LIVE_BOARD_NAMES

PNG = b"\x89PNG\r\n\x1a\n"


def has_png(answer: Answer) -> bool:
    """One PNG attached and shown as the embed's image."""
    pngs = answer.pngs
    image = (answer.embed.get("image") or {}).get("url", "")
    names = [name for _, _, name in answer.files]
    return len(pngs) == 1 and pngs[0].startswith(PNG) and image == f"attachment://{names[0]}"


# (command, options, title starts with, carries a picture)
SCENARIO: list[tuple[str, dict[str, Any], str, bool]] = [
    ("help", {}, "Stride: movement rulings", False),
    ("ruleset show", {}, "This channel rules with 5e-alt", False),
    ("ruleset set", {"system": "3.5"}, "This channel now rules with 3.5", False),
    ("fall", {"height": 60}, "Falls 60 ft", True),
    ("jump", {"check": 17, "size": "large", "ruleset": "5e-alt"}, "Jump: up to 34 ft across", True),
    (
        "travel",
        {"ruleset": "becmi", "speed": "120, 90", "terrain": "forest", "distance": 60},
        "60 miles of forest: 5 days",
        False,
    ),
    ("encounter start", {"width": 12, "height": 12}, "Encounter started: 12×12 map", False),
    (
        "token add",
        {"name": "Ari", "speed": "30", "at": "A1", "team": "party"},
        "Ari added at A1",
        False,
    ),
    (
        "token add",
        {"name": "Orc", "speed": "30", "at": "H8", "team": "enemy"},
        "Orc added at H8",
        False,
    ),
    ("token add", {"name": "Bo", "at": "A3", "owner": "<Bob>"}, "Bo added at A3", False),
    ("token edit", {"token": "Orc", "speed": "20"}, "Orc edited", False),
    ("token condition", {"token": "Orc", "add": "prone"}, "", False),
    ("token trait", {"token": "Orc"}, "Orc: no traits", False),
    ("token place", {"token": "Orc", "altitude": 0}, "Placed Orc on the ground", False),
    ("token stats", {"token": "Orc"}, "Orc: no stats", False),
    ("token reaction", {"token": "Orc", "used": True}, "Orc: attack of opportunity used", False),
    ("terrain set", {"cells": "C3 D3", "kind": "difficult"}, "Difficult", False),
    ("terrain light", {"cells": "K11", "dark": True}, "Darkness on 1 square", False),
    ("turn order", {"order": "Ari, Orc"}, "", False),
    ("turn show", {}, "Round 1", False),
    ("turn add", {"token": "Bo", "after": "Ari"}, "Bo joins the order", False),
    ("turn remove", {"token": "Bo"}, "Bo leaves the turn order", False),
    ("turn roll", {"token": "Bo", "value": 12}, "Bo rolls initiative 12", False),
    (
        "distance",
        {"from": "Ari", "to": "Orc"},
        "Ari to Orc: 50 ft — can get there with action:double",
        False,
    ),
    ("move", {"token": "Ari", "to": "C4", "preview": True}, "Preview: Ari moves to C4", True),
    ("move", {"token": "Ari", "to": "C4"}, "Ari moves to C4", True),
    ("terrain edge", {"cells": "C4/D4", "kind": "door"}, "Door on 1 edge", False),
    ("door", {"token": "Ari", "edge": "C4/D4"}, "", False),
    ("map", {"threats": True}, "The board", True),
    ("map", {"view": "A1:H8"}, "The board", True),
    ("map", {"whole": True}, "The board", True),
    ("flank", {"a": "Ari", "b": "Bo", "target": "Orc"}, "No flanking rule under 3.5", False),
    ("encounter show", {}, "Encounter: 12×12 map, 3 tokens", True),
    ("history", {"count": 5}, "The last 5 changes here", False),
    ("undo", {}, "Undid /door", True),  # and the board as it is now
    ("turn next", {}, "", False),
    ("terrain clear", {"cells": "C3"}, "1 square cleared", False),
    ("turn clear", {}, "", False),
    ("token remove", {"token": "Orc"}, "", False),
    ("encounter end", {"confirm": True}, "Encounter ended and archived", False),
]


async def test_every_command_is_answered(bot: BotProcess, discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    bob = fake.new_user("Bob")
    seen = set()
    for name, options, title, picture in SCENARIO:
        # a user option goes over the wire as a resolved Discord user
        options = {k: bob if v == "<Bob>" else v for k, v in options.items()}
        answer = await fake.ask(name, options)
        embed = answer.embed
        assert embed.get("color") != ERROR_COLOUR, (name, embed)
        assert answer.ephemeral == (name == "help"), name  # /help answers privately
        assert embed.get("title", "").startswith(title), (name, embed.get("title"))
        assert has_png(answer) == picture, (name, [f[2] for f in answer.files])
        assert embed.get("footer", {}).get("text") or name in ("help",), name
        seen.add(name)
    # the day-one commands (issue 17) have their own scenario: tests/e2e/test_dayone.py;
    # /board link needs the pages served: tests/e2e/test_live_board.py
    elsewhere = DAY_ONE_NAMES | LIVE_BOARD_NAMES
    assert seen | elsewhere == set(COMMANDS), set(COMMANDS) - seen - elsewhere
    for interaction in fake.interactions.values():
        assert interaction.late_callbacks == 0 and interaction.ack_type == 4, interaction.name

    # the channel's board message: posted once, then edited in place
    posts = fake.requests_to("POST", rf"^/channels/{fake.general.id}/messages$")
    assert len(posts) == 1 and posts[0].status == 200
    edits = await fake.wait_request(
        "PATCH",
        rf"^/channels/{fake.general.id}/messages/\d+$",
        until=lambda r: r.json["components"] == [],  # ended: the board loses its buttons
    )
    assert all(e.status == 200 and e.path == edits[0].path for e in edits)
    first = posts[0]
    assert first.files and first.files[0][1].startswith(PNG)
    labels = [c["label"] for row in first.json["components"] for c in row["components"]]
    assert labels == ["Move", "Threats", "Next turn", "Undo"]


async def test_gm_rules_with_and_without_manage_channels(
    bot: BotProcess, discord_fake: FakeDiscord
) -> None:
    fake = discord_fake
    gm, bob, cy = fake.owner, fake.new_user("Bob"), fake.new_user("Cy")
    await fake.ask("encounter start", {"width": 10, "height": 10}, user=gm)
    await fake.ask("token add", {"name": "Ari", "at": "A1"}, user=gm)
    added = await fake.ask("token add", {"name": "Bo", "at": "A3"}, user=bob, permissions=MEMBER)
    assert added.embed["title"] == "Bo added at A3"

    def state() -> str:
        with sqlite3.connect(bot.db) as db:
            return str(db.execute("SELECT state FROM encounters WHERE status='active'").fetchone())

    before = state()
    refusals = [
        ("terrain set", {"cells": "C3", "kind": "wall"}, bob, "Only the GM"),
        ("move", {"token": "Ari", "to": "B2"}, bob, ""),
        ("move", {"token": "Bo", "to": "B4"}, cy, ""),
        ("encounter end", {"confirm": True}, cy, ""),
        ("ruleset set", {"system": "becmi"}, bob, ""),
    ]
    for name, options, user, text in refusals:
        answer = await fake.ask(name, options, user=user, permissions=MEMBER)
        assert answer.ephemeral, (name, answer.body)
        assert answer.embed.get("color") == ERROR_COLOUR, name
        assert text in answer.embed.get("description", "") + answer.embed.get("title", "")
        assert not answer.files
    assert state() == before, "a refused command changes nothing"

    # the same user with Manage Channels counts as the GM; a player moves their own token
    ok = await fake.ask("terrain set", {"cells": "C3", "kind": "wall"}, user=bob)
    assert ok.embed["title"].startswith("Wall") and not ok.ephemeral
    moved = await fake.ask("move", {"token": "Bo", "to": "B4"}, user=bob, permissions=MEMBER)
    assert moved.embed["title"].startswith("Bo moves to B4") and has_png(moved)
