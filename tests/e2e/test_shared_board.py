"""Issue 40, item 7, through the loopback Discord and the real bot: on a wide map the
board message shows every token, both sides of the fight, as an embed per picture."""

from __future__ import annotations

import io

from PIL import Image

from tests.e2e.botproc import BotProcess
from tests.e2e.standin import FakeDiscord, Recorded

PNG = b"\x89PNG\r\n\x1a\n"
PARTY = {"Hero 1": "B3", "Hero 2": "C5", "Hero 3": "B8", "Hero 4": "D10"}
ENEMIES = {"Goblin 1": "Z3", "Goblin 2": "AA5", "Goblin 3": "AB8", "Goblin 4": "AC10"}


def pictures(request: Recorded) -> list[tuple[str, str, bytes]]:
    """The board message's embeds as (what it says, its image's file, the PNG)."""
    files = {name: content for _, content, name in request.files}
    out = []
    for embed in request.json["embeds"]:
        image = embed["image"]["url"].removeprefix("attachment://")
        out.append((str(embed.get("description") or embed.get("title") or ""), image, files[image]))
    return out


async def test_a_wide_board_shows_both_sides_of_the_fight(
    bot: BotProcess, discord_fake: FakeDiscord
) -> None:
    fake = discord_fake
    await fake.ask("encounter start", {"width": 30, "height": 20})
    for name, at in PARTY.items():
        await fake.ask("token add", {"name": name, "at": at, "team": "party"})
    for name, at in ENEMIES.items():
        await fake.ask("token add", {"name": name, "at": at, "team": "enemy"})
    board = rf"^/channels/{fake.general.id}/messages/\d+$"
    edits = await fake.wait_request(
        "PATCH", board, until=lambda r: "Goblin 4" in str(r.json.get("embeds"))
    )
    shown = pictures(edits[-1])
    assert len(shown) == 2  # one picture can't hold both sides at a phone's width
    (_, first_file, first_png), (said, second_file, second_png) = shown
    assert first_file != second_file and first_png.startswith(PNG)
    assert Image.open(io.BytesIO(second_png)).width <= 480
    # the first picture holds one side (here the party: as many goblins, and the party
    # came first), the second names the other
    assert said.startswith("Also on the board, ")
    assert all(name in said for name in ENEMIES) and not any(name in said for name in PARTY)

    # on a goblin's turn the window goes round the goblins, and the party comes second
    await fake.ask("turn order", {"order": ", ".join([*ENEMIES, *PARTY])})
    edits = await fake.wait_request(
        "PATCH", board, until=lambda r: "Goblin 1's turn" in str(r.json.get("embeds"))
    )
    shown = pictures(next(e for e in reversed(edits) if "Goblin 1's turn" in str(e.json)))
    assert len(shown) == 2
    assert all(name in shown[1][0] for name in PARTY)
    assert not any(name in shown[1][0] for name in ENEMIES)
