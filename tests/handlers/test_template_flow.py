"""Area templates in the table's flow (issues 29 and 30): the fifth editions' circles from
a grid intersection, `rounds:` that end an area with a line on the board, the turn line
naming the areas a creature starts its turn in, and the picture: a tinted, dotted area
with its name, the creatures inside outlined. A reveal is announced on the board too."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from bot.context import Context
from bot.grid.coords import Cell
from bot.grid.templates import template_squares
from bot.handlers.board import board_message
from bot.render import style as s
from bot.rules import rulesets
from bot.storage import Store
from tests.handlers.encounter_helpers import refused, run

SRD = ["5e", "5e-2024"]


async def board_of(store: Store) -> object:
    stored = await store.active_encounter("table-1")
    assert stored is not None
    return stored.encounter


def test_srd_a_20_ft_sphere_from_an_intersection_covers_the_8_by_8_block() -> None:
    """SRD 5.2 Rules Glossary, Area of Effect on a grid (and SRD 5.1's Areas of Effect:
    the point of origin is a point, here a grid intersection): a 20 ft radius from the
    corner between four squares covers 4 squares each way, the 8 × 8 block with its
    corners rounded off: 52 squares, symmetric about the corner."""
    covered = template_squares(
        "circle", 20, Cell.parse("K10"), None, square_ft=5, width=30, height=30, from_corner=True
    )
    assert len(covered) == 52
    cols = {c.col for c in covered}
    rows = {c.row for c in covered}
    assert (min(cols), max(cols)) == (Cell.parse("G1").col, Cell.parse("N1").col)
    assert (min(rows), max(rows)) == (5, 12)  # rows 6 to 13, zero-based
    # the four squares round the corner are all in; the block's corners are not
    assert {str(c) for c in covered} >= {"J9", "K9", "J10", "K10"}
    assert not {"G6", "N6", "G13", "N13"} & {str(c) for c in covered}


@given(radius=st.sampled_from([5, 10, 15, 20, 30]), col=st.integers(8, 20), row=st.integers(8, 20))
def test_a_corner_circle_is_symmetric_about_its_corner(radius: int, col: int, row: int) -> None:
    covered = template_squares(
        "circle", radius, Cell(col, row), None, square_ft=5, width=40, height=40, from_corner=True
    )
    mirrored = {Cell(2 * col - 1 - c.col, 2 * row - 1 - c.row) for c in covered}
    assert mirrored == set(covered)
    assert len(covered) % 4 == 0


def test_only_the_srd_rulesets_put_circles_on_an_intersection() -> None:
    for name, ruleset in rulesets().items():
        assert ruleset.circle_from_corner is (name in SRD), name


@pytest.mark.parametrize("ruleset", SRD)
async def test_srd_template_add_places_a_circle_from_the_corner(gm: Context, ruleset: str) -> None:
    await run(gm, f"/encounter start width:20 height:20 ruleset:{ruleset}")
    added = await run(gm, "/template add shape:circle size:20 at:K10 name:Fireball")
    assert "(52 squares)" in added.fields[0].value


async def test_a_seed_ruleset_keeps_the_circle_on_the_square(gm: Context) -> None:
    await run(gm, "/encounter start width:20 height:20 ruleset:3.5")
    added = await run(gm, "/template add shape:circle size:20 at:K10 name:Fireball")
    assert "(49 squares)" in added.fields[0].value


async def fight(gm: Context) -> None:
    await run(
        gm,
        "/encounter start width:12 height:10 ruleset:5e",
        "/token add name:Ari at:B2 team:party",
        "/token add name:Goblin at:F5 team:enemy",
        "/token add name:Orc at:J9 team:enemy",
        "/turn order order:Ari,Goblin,Orc",
    )


async def test_an_area_for_one_round_ends_as_its_placers_turn_comes_round(
    gm: Context, store: Store
) -> None:
    """Placed on Ari's turn for 1 round: still there through the Goblin's and the Orc's
    turns, gone as Ari's next turn starts, with a line on the turn and on the board."""
    await fight(gm)
    await run(gm, "/template add shape:circle size:10 at:G6 name:Fog rounds:1")
    for _ in range(2):  # the Goblin's turn, the Orc's turn
        reply = await run(gm, "/turn next")
        assert "Ended" not in [f.name for f in reply.fields]
        assert [t.name for t in (await board_of(store)).templates] == ["Fog"]  # type: ignore[attr-defined]
    ends = await run(gm, "/turn next")  # round 2, Ari's turn
    ended = next(f for f in ends.fields if f.name == "Ended")
    assert ended.value == "Round 2: Fog ends"
    after = await board_of(store)
    assert after.templates == ()  # type: ignore[attr-defined]
    message = await board_message(after)  # type: ignore[arg-type]
    latest = next(f for f in message.fields if f.name == "Latest")
    assert latest.value == "Round 2: Fog ends"


async def test_an_area_placed_with_no_order_ends_as_its_last_round_begins(gm: Context) -> None:
    await run(gm, "/encounter start width:12 height:10 ruleset:5e")
    await run(gm, "/template add shape:square size:10 at:C3 name:Web rounds:2")
    assert "Ended" not in [f.name for f in (await run(gm, "/turn next")).fields]  # round 2
    ends = await run(gm, "/turn next")  # round 3
    assert next(f for f in ends.fields if f.name == "Ended").value == "Round 3: Web ends"


async def test_rounds_out_of_range_are_refused_and_change_nothing(gm: Context) -> None:
    await fight(gm)
    await refused(gm, "/template add shape:circle size:10 at:G6 rounds:0", match="rounds")


async def test_the_turn_line_names_the_areas_a_creature_starts_in(gm: Context) -> None:
    await fight(gm)
    await run(gm, '/template add shape:circle size:10 at:G6 name:"Spirit Guardians"')
    goblins = await run(gm, "/turn next")
    inside = next(f for f in goblins.fields if f.name == "Inside")
    assert inside.value == "Goblin starts its turn inside Spirit Guardians"
    orcs = await run(gm, "/turn next")
    assert "Inside" not in [f.name for f in orcs.fields]


async def test_a_hidden_creature_inside_an_area_is_never_named(
    gm: Context, player: Context
) -> None:
    await fight(gm)
    await run(gm, "/token add name:Lurker at:G5 team:enemy hidden:true")
    await run(gm, "/turn add token:Lurker after:Goblin")
    await run(gm, "/template add shape:circle size:10 at:G6 name:Fog")
    await run(gm, "/turn next")  # the Goblin's
    lurkers = await run(gm, "/turn next")  # the hidden Lurker's: the table reads the GM's turn
    public = lurkers.title + " ".join(f.value for f in lurkers.fields)
    assert "Lurker" not in public and "Inside" not in [f.name for f in lurkers.fields]


async def test_a_reveal_is_announced_on_the_board(gm: Context, store: Store) -> None:
    await fight(gm)
    await run(gm, "/token add name:Lurker at:E2 team:enemy hidden:true")
    assert "Latest" not in [f.name for f in (await board_message(await board_of(store))).fields]  # type: ignore[arg-type]
    revealed = await run(gm, "/token edit token:Lurker hidden:false")
    assert revealed.title == "Lurker is revealed at E2"
    message = await board_message(await board_of(store))  # type: ignore[arg-type]
    latest = next(f for f in message.fields if f.name == "Latest")
    assert latest.value == "Round 1: Lurker is revealed at E2"


async def test_the_picture_tints_names_and_outlines_an_area(gm: Context, store: Store) -> None:
    await fight(gm)
    plain = await run(gm, "/map")
    await run(gm, "/template add shape:circle size:10 at:G6 name:Fog")
    shown = await run(gm, "/map")
    assert plain.image_png is not None and shown.image_png is not None
    before = Image.open(io.BytesIO(plain.image_png)).convert("RGB")
    after = Image.open(io.BytesIO(shown.image_png)).convert("RGB")
    # the board itself (the caption under it gains the area's key)
    height = min(before.height, after.height) - 40
    before, after = (
        before.crop((0, 0, before.width, height)),
        after.crop((0, 0, after.width, height)),
    )
    # the pixels the area changed lean toward its colour (tint, dots, label, outlines)
    changed = [
        after.getpixel((x, y))
        for x in range(after.width)
        for y in range(after.height)
        if before.getpixel((x, y)) != after.getpixel((x, y))
    ]
    purple = sum(1 for px in changed if _near(px, s.TEMPLATE_OUTLINE, 40))
    assert len(changed) > 2_000 and purple > 200
    # a dot is darker than the tint around it: the area reads without its colour
    greys = {round(0.299 * r + 0.587 * g + 0.114 * b) for r, g, b in changed}
    assert max(greys) - min(greys) > 60


def _near(px: tuple[int, int, int], colour: tuple[int, int, int], within: int) -> bool:
    return all(abs(a - b) <= within for a, b in zip(px, colour, strict=True))


async def test_a_reveal_leaves_the_board_as_the_next_turn_starts(gm: Context, store: Store) -> None:
    """The board's Latest is the current turn's news: a reveal on Ari's turn is dropped as
    the Goblin's turn starts (it does not linger until three newer lines push it out)."""
    await fight(gm)
    await run(gm, "/token add name:Lurker at:E2 team:enemy hidden:true")
    await run(gm, "/token edit token:Lurker hidden:false")
    assert (await board_of(store)).board_lines == ("Round 1: Lurker is revealed at E2",)  # type: ignore[attr-defined]
    await run(gm, "/turn next")  # the Goblin's turn
    after = await board_of(store)
    assert after.board_lines == ()  # type: ignore[attr-defined]
    message = await board_message(after)  # type: ignore[arg-type]
    assert "Latest" not in [f.name for f in message.fields]
