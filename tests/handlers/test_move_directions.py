"""/move path:"10nw 5n" (issue 29): directions walked from where the token stands and
ruled like any path; refused, changing nothing, when written wrong or when the way
written isn't open (never taken round it)."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput
from tests.handlers.encounter_helpers import refused, run, state, tokens


@pytest.fixture
async def ari(gm: Context) -> Context:
    await run(
        gm,
        "/encounter start width:10 height:10 ruleset:5e",
        "/token add name:Ari at:E5 speed:60",
        "/terrain edge cells:B2/B3 kind:wall",
    )
    return gm


async def test_a_directional_move_goes_the_squares_written(ari: Context) -> None:
    reply = await run(ari, '/move token:Ari path:"10nw 5n"')
    assert reply.result["path"] == ["E5", "D4", "C3", "C2"]
    assert reply.result["cost_ft"] == 15
    assert (await tokens(ari.store))["Ari"]["cell"] == "C2"


async def test_a_preview_of_a_directional_move_changes_nothing(ari: Context) -> None:
    before = await state(ari.store)
    reply = await run(ari, '/move token:Ari path:"10w" preview:true')
    assert reply.result["path"] == ["E5", "D5", "C5"]
    assert await state(ari.store) == before


@pytest.mark.parametrize(
    ("line", "error", "says"),
    [
        ('/move token:Ari path:"5 n"', InvalidInput, '"5" is not a direction'),
        ('/move token:Ari path:"7n"', InvalidInput, "not a whole number of 5 ft squares"),
        ('/move token:Ari path:"n" to:C3', InvalidInput, "leave out to: and via:"),
        ('/move token:Ari path:"30n"', InvalidInput, "leaves the map after E1"),
        # round the wall would be cheapest; the way written is refused instead
        ('/move token:Ari path:"15w 15n"', IllegalMove, "step from B3 to B2 isn't open"),
    ],
)
async def test_a_directional_move_written_wrong_or_walled_changes_nothing(
    ari: Context, line: str, error: type[Exception], says: str
) -> None:
    before = await state(ari.store)
    await refused(ari, line, error, says)
    assert await state(ari.store) == before
