"""Moving a heavy object (issue 16 "Heavy objects"; 002 Move a Heavy Object): it counts
as movement at the weight rule's speed (no effect within a light load; as encumbered up
to the maximum load; half speed dragged beyond it), and the very act provokes every
foe that threatens the mover."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import InvalidInput, RulingError
from bot.storage import Store
from tests.handlers.encounter_helpers import refused, run, tokens


async def vault(gm: Context, ruleset: str = "3.5") -> None:
    await run(
        gm,
        f"/encounter start width:14 height:10 ruleset:{ruleset}",
        "/token add name:Ari at:B5 team:party speed:30",
        "/token add name:Orc at:A6",
    )


@pytest.mark.parametrize(
    ("weight", "allowed_ft"),
    [("light", 30), ("medium", 20), ("heavy", 20), ("over", 15)],
)
async def test_002_the_weight_sets_the_speed(gm: Context, weight: str, allowed_ft: int) -> None:
    """002: "no effect ... less than your light load rating", "as though encumbered" up
    to the maximum heavy load, "half speed" dragged beyond it (3.5 SRD reduced speeds:
    30 ft becomes 20 ft)."""
    await vault(gm)
    moved = await run(gm, f"/move token:Ari to:C5 heavy:{weight}")
    assert moved.result["total_ft"] == allowed_ft
    assert moved.result["heavy"] == weight
    assert "Orc" in moved.result["provokes"]  # the very act provokes, even moving away


async def test_002_dragged_beyond_the_maximum_load_half_speed(gm: Context) -> None:
    await vault(gm)
    await run(gm, "/token edit token:Orc at:N10")
    await refused(gm, "/move token:Ari to:F5 heavy:over", RulingError)  # 20 ft > 15 ft
    moved = await run(gm, "/move token:Ari to:E5 heavy:over")
    assert moved.result["cost_ft"] == 15 and moved.result["provokes"] == []


async def test_its_own_load_is_kept(gm: Context, store: Store) -> None:
    await vault(gm)
    await run(gm, "/move token:Ari to:C5 heavy:heavy")
    assert "load" not in (await tokens(store))["Ari"]["state"]


async def test_only_3_5_prices_it(gm: Context) -> None:
    await vault(gm, "5e")
    await refused(gm, "/move token:Ari to:C5 heavy:medium", InvalidInput, "no speeds")


@pytest.mark.parametrize("other", ["mount:Orc", "drag:Orc", "dismount:true"])
async def test_a_heavy_object_goes_with_no_other_special_move(
    gm: Context, store: Store, other: str
) -> None:
    """Issue 27: the request has one special part, so a heavy object with a mount, a
    drag or a dismount is refused as it is read, and nothing moves."""
    await vault(gm)
    before = await tokens(store)
    await refused(gm, f"/move token:Ari to:C5 heavy:medium {other}", InvalidInput, "own move only")
    assert await tokens(store) == before


async def test_a_readied_heavy_object_moves_at_its_speed(gm: Context) -> None:
    """A readied move wraps the token's own move, a heavy object's too (000 Sudden
    Movement): what the object allows, spent in one go."""
    await vault(gm)
    moved = await run(gm, "/move token:Ari to:C5 heavy:medium ready:true")
    assert moved.result["heavy"] == "medium" and moved.result["ready"] is True
