"""Issue 30, "legible at phone width" (docs/PICTURES.md): every picture the scenario
scripts draw (tests/scenarios/play.py: the /move and /map replies and the board
message, through the interaction path) is read as a phone shows it, 360 px wide, and
every text on it (column letters, token labels, cost labels, caption lines) must be
at least 9 px tall there and a square at least 14 px.

The sizes are the layout's own (``bot.render.legibility.texts``: the fonts the drawing
uses), and the picture's real width is checked against the layout's."""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image

import bot.handlers.board as board_handlers
from bot.encounter import Encounter
from bot.grid.sizes import Size
from bot.render.board import BoardView
from bot.render.layout import plan
from bot.render.legibility import MIN_TEXT_PX, on_phone, texts, too_small
from bot.storage import Store
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
        assert (width, height) == (layout.width, layout.height)
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
