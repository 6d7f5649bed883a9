"""Issue 41, "the consequences of a move": every kind of move folds its displacements
into the board in one consequences stage (engine/consequences.py), so a rider follows
its mount however the mount was moved, a pushed rider is unseated, the riders make
their save, and grapples part the same way for a walk, a push or a bull rush."""

from __future__ import annotations

import io
import json
from typing import Any

from bot.console import run_once
from bot.context import Context
from bot.storage import Store
from tests.handlers.encounter_helpers import run, tokens


async def mounted_orc(gm: Context, ruleset: str) -> None:
    await run(
        gm,
        f"/encounter start width:14 height:10 ruleset:{ruleset}",
        "/token add name:Ari at:A5 team:party speed:30",
        "/token add name:Horse at:E5 size:large team:enemy speed:50",
        "/token add name:Orc at:H8 team:enemy",
        "/token place token:Orc mount:Horse",
    )


async def test_002_bull_rush_on_a_mount_carries_its_rider(gm: Context, store: Store) -> None:
    """002 Bull Rush pushes the mount; 002 Mount or Dismount a Steed: a rider moves with
    its mount. Before issue 41 the bull rush called the forced move itself and left the
    Orc two squares behind, still riding."""
    await mounted_orc(gm, "3.5")
    rushed = await run(gm, "/move token:Ari action:bull-rush target:Horse margin:7")
    pushed = rushed.result["bull_rush"]["pushed_path"]
    assert len(pushed) == 3  # won by 7: 10 ft
    placed = await tokens(store)
    assert placed["Horse"]["cell"] == placed["Orc"]["cell"] == pushed[-1]
    assert placed["Orc"]["riding"] == "horse"


async def test_002_forced_push_of_a_mount_carries_its_rider_the_same_way(
    gm: Context, store: Store
) -> None:
    """The same push as forced:push: the rider is where its mount is."""
    await mounted_orc(gm, "3.5")
    await run(gm, "/move token:Horse to:G5 forced:push by:Ari")
    placed = await tokens(store)
    assert placed["Horse"]["cell"] == placed["Orc"]["cell"] == "G5"


async def test_srd_bull_rush_less_rulesets_push_a_mount_and_the_riders_save(
    gm: Context, store: Store
) -> None:
    """SRD 5.1 Combat › Mounted Combat: "If an effect moves your mount against its will
    while you're on it, you must succeed on a DC 10 Dexterity saving throw or fall off":
    a failed save given with the push throws the rider off, prone."""
    await mounted_orc(gm, "5e")
    thrown = await run(gm, "/move token:Horse to:G5 forced:push by:Ari check:4")
    assert thrown.result["stay_mounted"]["stays"] is False
    placed = await tokens(store)
    assert "riding" not in placed["Orc"] and "prone" in placed["Orc"]["conditions"]


async def test_becmi_a_group_move_pushes_nobody_and_carries_a_members_rider(
    gm: Context, store: Store
) -> None:
    """003 Character Movement Rates, a group moving together: the Horse walks in the
    group and its rider goes with it (the consequences stage seats it for every kind)."""
    await run(
        gm,
        "/encounter start width:14 height:10 ruleset:becmi",
        "/token add name:Ari at:A5 team:party speed:120",
        "/token add name:Horse at:A7 size:large team:party speed:240",
        "/token add name:Bo at:A10 team:party speed:120",
        "/token place token:Bo mount:Horse",
    )
    await run(gm, "/move token:Ari to:C5 group:Horse")
    placed = await tokens(store)
    assert placed["Horse"]["cell"] == placed["Bo"]["cell"] == "C7"
    assert placed["Bo"]["riding"] == "horse"


async def test_000_a_readied_move_of_a_mount_carries_its_rider(gm: Context, store: Store) -> None:
    """000 Moving Out Of Your Turn › Sudden Movement (5e-alt's readied Dash): the readied
    kind plans the Horse's move, and the consequences stage carries its rider, once."""
    await run(
        gm,
        "/encounter start width:14 height:10 ruleset:5e-alt",
        "/token add name:Horse at:B5 size:large team:party speed:50",
        "/token add name:Ari at:A1 team:party speed:30",
        "/token place token:Ari mount:Horse",
    )
    readied = await run(gm, "/move token:Horse to:F5 ready:true")
    assert readied.result["ready"] is True
    placed = await tokens(store)
    assert placed["Horse"]["cell"] == placed["Ari"]["cell"] == "F5"
    assert readied.as_text().count("moves with Horse") == 1


async def test_002_a_bull_rush_parts_a_grapple_like_any_push(gm: Context, store: Store) -> None:
    """002 Bull Rush pushes the Orc out of its grappler's reach; the grapple ends as for
    forced:push (000 Ending the Grappled Condition › Forced Movement, the rule every
    ruleset's grapple shares here): the consequences stage parts it for every kind."""
    await run(
        gm,
        "/encounter start width:14 height:10 ruleset:3.5",
        "/token add name:Ari at:A5 team:party",
        "/token add name:Orc at:E5 team:enemy",
        "/token add name:Bo at:E4 team:party",
        "/token condition token:Orc add:grappled by:Bo",
    )
    rushed = await run(gm, "/move token:Ari action:bull-rush target:Orc margin:7")
    assert "Grapple ends" in rushed.as_text()
    assert "moved out of Bo's reach" in rushed.as_text()
    orc = (await tokens(store))["Orc"]
    assert "grappled" not in orc.get("conditions", []) and not orc.get("grappled_by")


async def test_002_the_console_json_shows_the_rider_carried_by_a_bull_rush(store: Store) -> None:
    """The console (python -m bot ask --json): the bull rush's reply names the rider
    moving with the pushed Horse, and the board the next command reads has both on the
    same square (002 Bull Rush; 002 Mount or Dismount a Steed)."""
    lines = [
        "/encounter start width:14 height:10 ruleset:3.5",
        "/token add name:Ari at:A5 team:party speed:30",
        "/token add name:Horse at:E5 size:large team:enemy speed:50",
        "/token add name:Orc at:H8 team:enemy",
        "/token place token:Orc mount:Horse",
    ]
    for line in lines:
        assert (await ask(store, line))["ok"] is True
    rushed = await ask(store, "/move token:Ari action:bull-rush target:Horse margin:7")
    assert rushed["ok"] is True and rushed["error"] is None
    end = rushed["result"]["bull_rush"]["pushed_path"][-1]
    assert any("Orc moves with Horse" in w["text"] for w in rushed["result"]["warnings"])
    shown = await ask(store, "/encounter show")
    cells = {t["name"]: t["cell"] for t in shown["result"]["tokens"]}
    assert cells["Horse"] == cells["Orc"] == end


async def ask(store: Store, line: str) -> dict[str, Any]:
    out = io.StringIO()
    await run_once(store, line, as_json=True, seed=1, channel="c", user="gm", out=out)
    data: dict[str, Any] = json.loads(out.getvalue())
    return data
