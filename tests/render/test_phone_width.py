"""Issue 30, "legible at phone width" (docs/PICTURES.md): every picture the scenario
scripts draw (tests/scenarios/play.py: the /move and /map replies and the board
message, through the interaction path) is read as a phone shows it, 360 px wide, and
every text on it (column letters, token labels, cost labels, caption lines) must be
at least 9 px tall there and a square at least 14 px.

The sizes are the layout's own (``bot.render.legibility.texts``: the fonts the drawing
uses), and the picture's real width is checked against the layout's."""

from __future__ import annotations

import io
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import pytest
from PIL import Image

import bot.handlers.board as board_handlers
from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.render import style as s
from bot.render.board import BoardView, MoveOverlay, render_board
from bot.render.layout import plan
from bot.render.legibility import MIN_TEXT_PX, on_phone, texts, too_small
from bot.rules import get_ruleset
from bot.storage import Store
from tests.render.pixels import cell_box, draw, share
from tests.scenarios.play import RULESETS, play


@dataclass(frozen=True)
class Drawn:
    encounter: Encounter
    footprints: Mapping[Size, int]
    view: BoardView
    png: bytes


async def drawn_pictures(
    store: Store, ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> list[Drawn]:
    """Every board picture the ruleset's scenario draws, with what it was drawn from."""
    drawn: list[Drawn] = []
    real = board_handlers.render_board

    def recording(encounter: Encounter, footprints: Mapping[Size, int], view: BoardView) -> bytes:
        png = real(encounter, footprints, view)
        drawn.append(Drawn(encounter, footprints, view, png))
        return png

    monkeypatch.setattr(board_handlers, "render_board", recording)
    await play(store, ruleset)
    return drawn


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_every_scenario_picture_reads_at_phone_width(
    store: Store, ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pictures = await drawn_pictures(store, ruleset, monkeypatch)
    assert sum(p.view.move is not None for p in pictures) >= 2  # the two moves, at least
    failures: dict[int, Any] = {}
    for number, picture in enumerate(pictures):
        layout = plan(picture.encounter, picture.footprints, picture.view)
        width, height = Image.open(io.BytesIO(picture.png)).size
        assert width == layout.width and height >= layout.height  # (an inset strip under it)
        printed = texts(picture.encounter, picture.footprints, picture.view, layout)
        if picture.encounter.tokens:  # the labels are counted
            assert any(t.what.startswith("token ") for t in printed)
        small = too_small(printed, layout)
        if small:
            failures[number] = (width, small)
    assert not failures, f"{ruleset}: unreadable on a phone: {failures}"


def test_the_rule_scales_with_the_picture() -> None:
    assert on_phone(12, 360) == 12
    assert on_phone(12, 720) == 6
    assert on_phone(12, 200) == 12  # a narrow picture is shown at its own size
    assert on_phone(MIN_TEXT_PX * 2, 720) == MIN_TEXT_PX


def thirty_by_thirty() -> tuple[Encounter, BoardView]:
    """A representative 30x30 board (as bench/bench_render.py's): one square in eight
    with terrain, 16 tokens (some Large, some prone), a move with both speed bands and
    threats shaded."""
    rng = random.Random(7)
    kinds = [Terrain.DIFFICULT] * 6 + [Terrain.WALL] * 2 + [Terrain.WATER, Terrain.PIT]
    cells = [Cell(c, r) for r in range(30) for c in range(30)]
    terrain = {cell: rng.choice(kinds) for cell in rng.sample(cells, len(cells) // 8)}
    e = Encounter(30, 30, "3.5", "gm", terrain=terrain)
    free = [c for c in cells if c not in terrain]
    for i in range(16):
        cell = free.pop(rng.randrange(len(free)))
        e = e.with_token(
            Token(
                f"Token {i}",
                cell,
                size=Size.LARGE if i % 7 == 3 else Size.MEDIUM,
                team=("party", "enemy", "neutral")[i % 3],
                conditions=frozenset({"prone"}) if i % 5 == 4 else frozenset(),
            )
        )
    path = [Cell(8, 10)]
    for i in range(8):
        path.append(Cell(path[-1].col + 1, path[-1].row + (1 if i % 3 == 0 else 0)))
    end = path[-1]
    e = e.with_token(Token("Token 0", end, team="party"))
    near = frozenset(Cell(end.col + c, end.row + r) for c in range(-4, 5) for r in range(-4, 5))
    far = frozenset(Cell(end.col + c, end.row + r) for c in range(-8, 9) for r in range(-8, 9))
    far = frozenset(c for c in far if 0 <= c.col < 30 and 0 <= c.row < 30)
    move = MoveOverlay(tuple(path), tuple(5.0 * i for i in range(len(path))), "token-0")
    move = replace(move, provoked_at=(path[0],), reach_now=near & far, reach_more=far)
    threats = frozenset(Cell(c, r) for c in range(18, 24) for r in range(14, 20))
    return e, BoardView(move=move, threats=threats)


def test_the_30_by_30_picture_stays_under_60_kb_and_the_phone_s_is_smaller() -> None:
    e, view = thirty_by_thirty()
    foot = get_ruleset("3.5").footprint_squares
    phone = render_board(e, foot, view)
    whole = render_board(e, foot, replace(view, phone=False))
    assert len(whole) < 60_000 and len(phone) < 60_000
    assert len(phone) < len(whole)
    layout = plan(e, foot, view)
    assert not too_small(texts(e, foot, view, layout), layout)


def test_an_inset_that_would_cover_a_token_goes_under_the_board() -> None:
    """The goblins fill every corner of the phone's window: the overview inset is drawn
    in a strip under the board, and every goblin's disc shows."""
    e = Encounter(40, 40, "3.5", "gm")
    corners = ("AH33", "AI34", "AJ35", "AK36", "AL37", "AM38", "AH38", "AM33", "AJ33", "AN40")
    for i, at in enumerate(corners, start=1):
        e = e.with_token(Token(f"Goblin {i}", Cell.parse(at), team="enemy"))
    foot = get_ruleset("3.5").footprint_squares
    image, layout = draw(e, foot, BoardView())
    assert layout.inset and image.height > layout.height
    for token in e.tokens.values():
        assert layout.shows(token.cell)
        box = cell_box(layout, token.cell, inset=layout.cell // 4)
        assert share(image, box, s.TEAM_COLOUR["enemy"]) > 0.4, token.name
