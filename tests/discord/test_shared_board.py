"""Issue 40 ("The shared board"), items 7, 8, 11 and 12, through the interaction path:
commands dispatched as Discord sends them, the channel's board message as the fake
channel holds it."""

from __future__ import annotations

import io
from typing import Any

import discord
from PIL import Image

from bot.discord.dispatch import dispatch
from bot.encounter_ops.visibility import public
from bot.grid.coords import Cell
from bot.render.layout import Layout, plan
from bot.render.legibility import PHONE_WIDTH_PX, texts, too_small
from bot.render.view import BoardView
from bot.rules import get_ruleset
from bot.rules.moving import threat_squares
from bot.storage import Store
from tests.discord.fakes import FULL, FakeInteraction
from tests.render.test_legend import colour_name

go: Any = dispatch  # the options as Discord's namespace gives them


def without(*names: str) -> discord.Permissions:
    permissions = discord.Permissions(FULL.value)
    for name in names:
        setattr(permissions, name, False)
    return permissions


def last_reply(gm: FakeInteraction) -> discord.Embed:
    """The embed of the last reply (a notice to the GM, in plain text, passed over)."""
    return next(s.embed for s in reversed(gm.sent) if "embed" in s.kwargs)


def board_message(gm: FakeInteraction) -> dict[str, Any]:
    """What the channel's board message shows now (its last edit, else as posted)."""
    (message,) = gm.channel.messages.values()
    return message.edits[-1] if message.edits else message.kwargs


def board_embeds(gm: FakeInteraction) -> list[discord.Embed]:
    sent = board_message(gm)
    return list(sent.get("embeds") or [sent["embed"]])


def board_files(gm: FakeInteraction) -> list[discord.File]:
    sent = board_message(gm)
    return list(sent.get("attachments") or sent.get("files") or [sent["file"]])


# ------------------------------------------------------------------ item 11


async def test_the_text_board_labels_tokens_as_the_picture_does(store: Store) -> None:
    """Where Stride may not attach the picture, the board message draws the board as
    text: each token by the label the picture prints (G1, G2, Gn1, Ar), not G/g/1/A."""
    gm = FakeInteraction(store, manage_channels=True, app_permissions=without("attach_files"))
    await go(gm, "encounter start", {"width": 12, "height": 8})
    for name, at in [("Goblin 1", "C2"), ("Goblin 2", "D3"), ("Gnoll 1", "H4"), ("Ari", "B5")]:
        await go(gm, "token add", {"name": name, "at": at, "team": "enemy"})
    text = board_embeds(gm)[0].description or ""
    rows = text.split("```")[1].strip("\n").splitlines()
    assert rows[0].split() == list("ABCDEFGHIJKL")
    assert rows[2].split()[1:] == [".", ".", "G1", ".", ".", ".", ".", ".", ".", ".", ".", "."]
    assert rows[4].split()[8] == "Gn1" and rows[5].split()[2] == "Ar"
    # /encounter show lists the tokens by the same labels
    await go(gm, "encounter show", {})
    listed = "\n".join(f.value or "" for f in last_reply(gm).fields if f.name.startswith("Tokens"))
    for label, name in [("G1", "Goblin 1"), ("G2", "Goblin 2"), ("Gn1", "Gnoll 1"), ("Ar", "Ari")]:
        assert f"`{label}` {name} —" in listed
    # and the label on the picture is a name a command takes
    await go(gm, "token edit", {"token": "Gn1", "at": "H5"})
    edited = last_reply(gm)
    assert "Gnoll 1" in f"{edited.title} {edited.description}", edited.title


async def test_a_board_too_big_for_text_says_where_each_token_is(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True, app_permissions=without("attach_files"))
    await go(gm, "encounter start", {"width": 40, "height": 40})
    for i, at in enumerate(["B2", "AM39", "T20"], start=1):
        await go(gm, "token add", {"name": f"Goblin {i}", "at": at, "team": "enemy"})
    text = board_embeds(gm)[0].description or ""
    assert text.startswith("Too big to draw as text here")
    assert "G1 Goblin 1 B2  G2 Goblin 2 AM39  G3 Goblin 3 T20" in text


# ------------------------------------------------------------------ item 12


def reply_png(gm: FakeInteraction) -> Image.Image:
    file = next(s.kwargs["file"] for s in reversed(gm.sent) if "file" in s.kwargs)
    assert isinstance(file, discord.File) and isinstance(file.fp, io.IOBase)
    file.fp.seek(0)
    return Image.open(io.BytesIO(file.fp.read())).convert("RGB")


def square_pixels(image: Image.Image, layout: Layout, at: str) -> bytes:
    x, y = layout.corner(Cell.parse(at))
    return image.crop((x + 1, y + 1, x + layout.cell - 1, y + layout.cell - 1)).tobytes()


async def test_threat_shading_leaves_walls_out_of_its_squares_and_its_count(
    store: Store,
) -> None:
    """A goblin by a wall and a pillar reaches 9 squares (its own too), 4 of them wall or
    pillar: /map threats:true (the board's Threats button) shades and counts the 5
    others."""
    gm = FakeInteraction(store, manage_channels=True)
    await go(gm, "encounter start", {"width": 8, "height": 8, "ruleset": "5e-alt"})
    await go(gm, "terrain set", {"cells": "C3:E3", "kind": "wall"})
    await go(gm, "terrain set", {"cells": "E5", "kind": "pillar"})
    await go(gm, "token add", {"name": "Goblin", "at": "D4", "team": "enemy"})
    await go(gm, "token add", {"name": "Ari", "at": "A8", "team": "party"})
    await go(gm, "map", {})
    plain = reply_png(gm)
    await go(gm, "map", {"threats": True})
    shaded = reply_png(gm)
    said = next(f.value or "" for f in last_reply(gm).fields if f.name == "Threats")
    assert said.startswith("5 squares the enemies threaten")  # not 9
    stored = await store.active_encounter(str(gm.channel_id))
    assert stored is not None
    encounter = stored.encounter
    rules = get_ruleset("5e-alt")
    threats = threat_squares(rules, encounter)
    assert sorted(str(c) for c in threats) == ["C4", "C5", "D4", "D5", "E4"]
    view = BoardView(threats=threats)
    layout = plan(encounter, rules.footprint_squares, view)
    for wall in ("C3", "D3", "E3", "E5"):  # drawn as they are without shading
        assert square_pixels(shaded, layout, wall) == square_pixels(plain, layout, wall), wall
    for open_square in ("C4", "D5"):  # hatched
        assert square_pixels(shaded, layout, open_square) != square_pixels(
            plain, layout, open_square
        )


def phone_blocks(image: Image.Image, block: int = 6) -> list[str]:
    """The picture as a phone shows it (360 px wide), named block by block by the
    colour a reader sees there (``test_legend.colour_name`` of the block's mean)."""
    if image.width > PHONE_WIDTH_PX:
        height = round(image.height * PHONE_WIDTH_PX / image.width)
        image = image.resize((PHONE_WIDTH_PX, height), Image.Resampling.LANCZOS)
    small = image.resize((image.width // block, image.height // block), Image.Resampling.BOX)
    return [
        colour_name(small.getpixel((x, y))) for y in range(small.height) for x in range(small.width)
    ]


async def test_the_dash_band_does_not_read_as_water_at_a_phone_s_width(store: Store) -> None:
    """A short move on a small board: the band reachable only with a dash covers most
    of it. At 360 px wide it reads green (the reach family), not the light blue of
    water; water on the same picture still reads blue."""
    gm = FakeInteraction(store, manage_channels=True)
    await go(gm, "encounter start", {"width": 12, "height": 10, "ruleset": "5e"})
    await go(gm, "terrain set", {"cells": "J8:L10", "kind": "water"})
    await go(gm, "token add", {"name": "Goblin", "at": "A1", "team": "enemy", "speed": 30})
    await go(gm, "move", {"token": "Goblin", "to": "B2"})
    names = phone_blocks(reply_png(gm))
    share = {name: names.count(name) / len(names) for name in set(names)}
    blue = share.get("blue", 0) + share.get("pale blue", 0)
    green = share.get("green", 0) + share.get("pale green", 0)
    assert green > 0.4, share  # the bands
    assert 0 < blue < 0.12, share  # the nine water squares, and nothing else


async def test_the_overview_inset_never_covers_the_map_s_last_squares(store: Store) -> None:
    """/map at:AN40 on a 40×40 map: the window holds the map's bottom-right corner,
    where the inset used to sit (hiding AL38–AN40 from every picture). It goes to a
    corner whose squares continue past the window instead."""
    gm = FakeInteraction(store, manage_channels=True)
    await go(gm, "encounter start", {"width": 40, "height": 40})
    await go(gm, "token add", {"name": "Ari", "at": "B2", "team": "party"})
    await go(gm, "map", {"at": "AN40"})
    image = reply_png(gm)
    stored = await store.active_encounter(str(gm.channel_id))
    assert stored is not None
    rules = get_ruleset(stored.encounter.ruleset)
    layout = plan(stored.encounter, rules.footprint_squares, BoardView(center=Cell.parse("AN40")))
    assert layout.inset and layout.last == Cell.parse("AN40")
    middle = Cell(layout.x0 + layout.cols // 2, layout.y0 + layout.rows // 2)
    blank = square_pixels(image, layout, str(middle))  # an empty square, nothing over it
    last = [Cell(layout.last.col - dx, layout.last.row - dy) for dx in range(4) for dy in range(4)]
    for cell in last:  # drawn as any empty floor square: nothing over them
        assert square_pixels(image, layout, str(cell)) == blank, cell
    # the inset is there, in the window's top-left corner (no side on the map's edge)
    top_left = image.crop((layout.left, layout.top, layout.left + 40, layout.top + 40))
    assert len(top_left.getcolors(4096) or []) > 3


async def test_help_s_picture_key_names_the_colours_drawn(store: Store) -> None:
    """/help move's key names the bands and marks in the colours the pictures draw
    them (tests/render/test_legend.py reads each colour from the pixels)."""
    asking = FakeInteraction(store)
    await go(asking, "help", {"command": "move"})
    key = next(f.value or "" for f in last_reply(asking).fields if f.name == "Reading the picture")
    assert "Pale green band with diagonal stripes: reachable only with a dash" in key
    assert "Orange-red diagonal hatching" in key and "Orange-red ! badge" in key
    assert "Light-blue" not in key and "Red diagonal" not in key and "Red !" not in key


# ------------------------------------------------------------------ item 8


def showing(gm: FakeInteraction) -> str:
    return next(f.value or "" for f in last_reply(gm).fields if f.name == "Showing")


def board_picture(gm: FakeInteraction) -> Image.Image:
    sent = board_message(gm)
    files = sent.get("attachments") or [sent.get("file")]
    file = files[0]
    assert isinstance(file, discord.File) and isinstance(file.fp, io.IOBase)
    file.fp.seek(0)
    return Image.open(io.BytesIO(file.fp.read()))


async def framed_layout(store: Store, gm: FakeInteraction, frame: str) -> Layout:
    """The layout the board message's picture of the pinned ``frame`` has."""
    stored = await store.active_encounter(str(gm.channel_id))
    assert stored is not None
    first, last = (Cell.parse(c) for c in frame.split(":"))
    encounter = public(stored.encounter)
    rules = get_ruleset(encounter.ruleset)
    return plan(encounter, rules.footprint_squares, BoardView(frame=(first, last)))


async def test_a_pinned_view_draws_its_squares_scaled_to_read_on_a_phone(store: Store) -> None:
    """/map view:A1:P12 on a 30×20 map drew C1–O20: rows the GM never pinned, and 3
    of the columns they did cut away. The pin is drawn whole, at a smaller square,
    where that still reads on a phone; /map and the board message alike."""
    gm = FakeInteraction(store, manage_channels=True)
    await go(gm, "encounter start", {"width": 30, "height": 20})
    await go(gm, "terrain set", {"cells": "D4:F6", "kind": "difficult"})
    await go(gm, "map", {"view": "A1:P12"})
    assert showing(gm) == "A1–P12 (the pinned view)"
    layout = await framed_layout(store, gm, "A1:P12")
    assert (str(layout.first), str(layout.last)) == ("A1", "P12")
    assert layout.cell < 32  # scaled down to fit
    picture = board_picture(gm)
    assert picture.size == (layout.width, layout.height + layout.inset * picture_strip(layout))
    stored = await store.active_encounter(str(gm.channel_id))
    assert stored is not None
    rules = get_ruleset(stored.encounter.ruleset)
    view = BoardView(frame=(Cell.parse("A1"), Cell.parse("P12")))
    assert too_small(texts(stored.encounter, rules.footprint_squares, view, layout), layout) == []
    assert not any(f.name == "View" for f in board_embeds(gm)[0].fields)


def picture_strip(layout: Layout) -> int:
    """The height of the strip the inset takes under a pinned view's board."""
    from bot.render.inset import INSET_GAP, inset_size

    return inset_size(layout)[1] + 4 + 2 * INSET_GAP


async def test_a_pinned_view_too_big_to_read_shows_its_middle_and_says_so(store: Store) -> None:
    """With tokens' labels to read, 16 columns never read on a phone: the picture
    shows the pin's middle, inside the pin (never the rows below it), and both /map
    and the board message say so plainly."""
    gm = FakeInteraction(store, manage_channels=True)
    await go(gm, "encounter start", {"width": 30, "height": 20})
    for i, at in enumerate(["B3", "H5", "O10"], start=1):
        await go(gm, "token add", {"name": f"Goblin {i}", "at": at, "team": "enemy"})
    await go(gm, "map", {"view": "A1:P12"})
    said = showing(gm)
    window, note = said.split(" ", 1)
    first, last = (Cell.parse(c) for c in window.split("–"))
    assert first.row == 0 and last.row == 11  # the pinned rows, no others
    assert first.col >= 0 and last.col <= 15 and last.col - first.col < 15  # inside, cut
    assert note.startswith("(the middle of the pinned view A1–P12, too big to read whole")
    view = next(f.value or "" for f in board_embeds(gm)[0].fields if f.name == "View")
    assert view.startswith(f"{window}: the middle of the pinned view A1–P12")
    layout = await framed_layout(store, gm, "A1:P12")
    stored = await store.active_encounter(str(gm.channel_id))
    assert stored is not None
    rules = get_ruleset(stored.encounter.ruleset)
    view_ = BoardView(frame=(Cell.parse("A1"), Cell.parse("P12")))
    assert too_small(texts(stored.encounter, rules.footprint_squares, view_, layout), layout) == []


async def test_a_small_pin_on_a_small_map_is_drawn_as_pinned(store: Store) -> None:
    """A map that fits whole used to be drawn whole whatever was pinned, and a small
    pin grown to 8 squares: the pin is drawn as pinned."""
    gm = FakeInteraction(store, manage_channels=True)
    await go(gm, "encounter start", {"width": 12, "height": 12})
    await go(gm, "token add", {"name": "Ari", "at": "D4", "team": "party"})
    await go(gm, "map", {"view": "C3:F6"})
    assert showing(gm) == "C3–F6 (the pinned view)"
    layout = await framed_layout(store, gm, "C3:F6")
    assert (layout.cols, layout.rows, layout.inset) == (4, 4, False)
    assert board_picture(gm).size == (layout.width, layout.height)


# ------------------------------------------------------------------ item 7


async def two_sides(store: Store) -> FakeInteraction:
    """A 30×20 fight: four heroes at the left edge, five goblins at the right."""
    gm = FakeInteraction(store, manage_channels=True)
    await go(gm, "encounter start", {"width": 30, "height": 20})
    for i, at in enumerate(["B3", "C5", "B8", "D10"], start=1):
        await go(gm, "token add", {"name": f"Hero {i}", "at": at, "team": "party"})
    for i, at in enumerate(["Z3", "AA5", "AB8", "AC10", "Y12"], start=1):
        await go(gm, "token add", {"name": f"Goblin {i}", "at": at, "team": "enemy"})
    return gm


def caption_names(embed: discord.Embed) -> str:
    return embed.description or ""


async def test_the_board_message_shows_both_sides_of_a_wide_fight(store: Store) -> None:
    """On a 30×20 map one phone picture holds one side: the board message carries a
    second picture round the other, an embed of its own naming who it holds."""
    gm = await two_sides(store)
    main, more = board_embeds(gm)  # the goblins' window first (more of them)
    main_file, more_file = board_files(gm)
    assert main.image.url == f"attachment://{main_file.filename}"
    assert more.image.url == f"attachment://{more_file.filename}" != main.image.url
    said = caption_names(more)
    assert said.startswith("Also on the board, A1–")
    assert "H1 Hero 1 · H2 Hero 2 · H3 Hero 3 · H4 Hero 4" in said and "Goblin" not in said
    for file in (main_file, more_file):  # each keeps to the phone rule
        assert isinstance(file.fp, io.IOBase)
        file.fp.seek(0)
        assert Image.open(io.BytesIO(file.fp.read())).width <= 480

    # a hero's turn: the window goes round the party; the goblins are the second picture
    await go(gm, "turn order", {"order": "Hero 1, Goblin 1, Hero 2, Goblin 2"})
    main, more = board_embeds(gm)
    assert "Hero 1's turn" in (main.title or "")
    assert "G1 Goblin 1" in caption_names(more) and "Hero" not in caption_names(more)

    # once the fight closes in, one picture holds everyone: one embed, one file again
    await go(gm, "turn clear", {})
    for i, at in enumerate(["F3", "G5", "H8", "I10", "G12"], start=1):
        await go(gm, "token edit", {"token": f"Goblin {i}", "at": at})
    assert len(board_embeds(gm)) == 1 and len(board_files(gm)) == 1
    assert "embeds" not in board_message(gm)


async def test_a_hidden_token_far_away_adds_no_picture(store: Store) -> None:
    """The pictures are drawn from the board the table sees: a hidden goblin outside
    every window neither gets a picture nor is named."""
    gm = FakeInteraction(store, manage_channels=True)
    await go(gm, "encounter start", {"width": 30, "height": 20})
    await go(gm, "token add", {"name": "Hero", "at": "B3", "team": "party"})
    before = [e.to_dict() for e in board_embeds(gm)]
    await go(gm, "token add", {"name": "Lurker", "at": "AC18", "team": "enemy", "hidden": True})
    assert len(board_embeds(gm)) == 1
    assert "Lurker" not in str([e.to_dict() for e in board_embeds(gm)])
    assert [e.to_dict() for e in board_embeds(gm)] == before


async def test_past_four_pictures_the_rest_are_listed_where_they_stand(store: Store) -> None:
    """Six groups far apart on a 200×200 map: four pictures, and the board message
    names the tokens past them with their squares."""
    gm = FakeInteraction(store, manage_channels=True)
    await go(gm, "encounter start", {"width": 200, "height": 200})
    spots = ["A1", "BA1", "CZ1", "A100", "BA100", "CZ100"]
    for i, at in enumerate(spots, start=1):
        await go(gm, "token add", {"name": f"Scout {i}", "at": at, "team": "party"})
    embeds = board_embeds(gm)
    assert len(embeds) == 4 and len(board_files(gm)) == 4
    pictured = " ".join(caption_names(e) for e in embeds[1:])
    elsewhere = next(f.value or "" for f in embeds[0].fields if f.name == "Elsewhere")
    named = {i for i in range(1, 7) if f"Scout {i}" in pictured}
    listed = {i for i, at in enumerate(spots, start=1) if f"Scout {i} at {at}" in elsewhere}
    assert len(named) == 3 and len(listed) == 2 and not named & listed
    assert elsewhere.count(" at ") == 2  # and the one left is the first picture's
