"""The cached static layers (terrain, darkness, grid, walls, label strips) give
the same pixels as drawing them afresh, and a changed map is never served stale."""

from __future__ import annotations

from dataclasses import replace

from bot.grid.coords import Cell
from bot.grid.terrain import Barrier, Terrain
from bot.render import static as static_module
from bot.render.board import board_image, render_board
from tests.render.scenarios import SCENARIOS


def fresh(scenario):  # type: ignore[no-untyped-def]
    static_module._static.clear()
    return board_image(scenario.encounter, scenario.footprints, scenario.view).tobytes()


def test_a_cached_layer_draws_the_same_pixels_as_a_fresh_one():
    for build in SCENARIOS.values():
        scenario = build()
        first = fresh(scenario)
        # Another view of the same map in between, then the first again from the cache.
        board_image(scenario.encounter, scenario.footprints, replace(scenario.view, move=None))
        again = board_image(scenario.encounter, scenario.footprints, scenario.view).tobytes()
        assert again == first


def test_a_cached_palette_layer_gives_the_same_bytes_as_a_fresh_one():
    """The palette layer ``render_board`` draws on, and the indices it hands out."""
    for build in SCENARIOS.values():
        scenario = build()
        args = (scenario.encounter, scenario.footprints, scenario.view)
        static_module._static.clear()
        first = render_board(*args)
        render_board(scenario.encounter, scenario.footprints, replace(scenario.view, move=None))
        assert render_board(*args) == first


def test_a_changed_map_is_drawn_anew():
    scenario = SCENARIOS["3.5"]()
    e = scenario.encounter
    before = fresh(scenario)
    for changed in (
        e.with_terrain([Cell(9, 7)], Terrain.WALL),
        e.with_barriers([(Cell(8, 0), Cell(9, 0))], Barrier.WALL),
        e.in_dark([Cell(9, 0)], True),
    ):
        cached = board_image(changed, scenario.footprints, scenario.view).tobytes()
        assert cached != before
        assert cached == fresh(replace(scenario, encounter=changed))
