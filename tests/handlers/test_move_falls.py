"""Issue 41, a fall as a consequence of any move: the consequences stage
(engine/consequences.py, engine/falls.py) gives every displacement that ends where the
creature falls (a pit it can't fly over, the air without flying) the same fall: a
"Falls" note handing the damage to /fall, and a ``falls`` entry in the console's JSON
with the fall's height where the board knows it (docs/RULINGS.md "A fall at the end of
any move")."""

from __future__ import annotations

import io
import json
from typing import Any

from bot.console import run_once
from bot.storage import Store
from tests.handlers.encounter_helpers import tokens


async def ask(store: Store, line: str) -> dict[str, Any]:
    """The console's ``ask --json`` as the GM."""
    out = io.StringIO()
    await run_once(store, line, as_json=True, seed=1, channel="c", user="gm", out=out)
    data: dict[str, Any] = json.loads(out.getvalue())
    return data


async def board(store: Store, *lines: str) -> None:
    for line in lines:
        answer = await ask(store, line)
        assert answer["ok"] is True, (line, answer["error"])


def falls_note(result: dict[str, Any]) -> str:
    return next(w["text"] for w in result["warnings"] if w["name"] == "Falls")


async def cells(store: Store) -> dict[str, Any]:
    """The stored tokens by name (the console's channel is "c")."""
    return await tokens(store, "c")


async def test_002_bull_rush_pushing_a_foe_into_a_pit_is_a_fall(store: Store) -> None:
    """002 Bull Rush pushes the foe back; 004 Forced Movement: a push into "a hazardous
    square, such as a pit" ends there (3.5 borrows it: docs/RULINGS.md). Before issue
    41 only forced:push said so; now the bull rush's push falls the same way."""
    await board(
        store,
        "/encounter start width:12 height:6 ruleset:3.5",
        "/token add name:Ari at:B2 team:party speed:30",
        "/token add name:Orc at:D2 team:enemy",
        "/terrain set cells:F2 kind:pit",
    )
    rushed = await ask(store, "/move token:Ari to:C2 action:bull-rush target:Orc margin:12")
    assert rushed["ok"] is True
    result = rushed["result"]
    # won by 12 (15 ft), but the push ends in the pit, 10 ft on: Ari follows to E2
    assert result["bull_rush"]["pushed_path"] == ["D2", "E2", "F2"]
    assert result["path"][-1] == "E2"
    assert result["falls"] == [{"token": "Orc", "at": "F2", "into": "pit", "height_ft": None}]
    assert "Orc is moved into the pit at F2" in falls_note(result)
    assert "/fall" in falls_note(result)
    assert (await cells(store))["Orc"]["cell"] == "F2"


async def test_004_forced_push_into_a_pit_is_the_same_fall(store: Store) -> None:
    """004 Forced Movement › Push ("a hazardous square, such as a pit"): the push ends
    at the pit; the fall is the stage's note and JSON, as for the bull rush."""
    await board(
        store,
        "/encounter start width:12 height:6 ruleset:epic-path",
        "/token add name:Ari at:B2 team:party speed:30",
        "/token add name:Orc at:C2 team:enemy",
        "/terrain set cells:E2 kind:pit",
    )
    pushed = await ask(store, "/move token:Orc to:G2 forced:push by:Ari")
    result = pushed["result"]
    assert result["path"] == ["C2", "D2", "E2"]
    assert result["falls"] == [{"token": "Orc", "at": "E2", "into": "pit", "height_ft": None}]
    stopped = next(w["text"] for w in result["warnings"] if w["name"] == "Stopped")
    assert stopped == "The push ends at E2, in the pit at E2."
    assert "how deep is the GM's" in falls_note(result)


async def test_004_a_flyer_slid_over_a_pit_flies_on(store: Store) -> None:
    """004 Combining Movement Types: a creature with a fly speed stays up over a pit; a
    slide carries it across, and nothing falls."""
    await board(
        store,
        "/encounter start width:12 height:6 ruleset:epic-path",
        "/token add name:Bat at:C4 team:enemy speed:20 fly:40",
        "/terrain set cells:E4 kind:pit",
    )
    slid = await ask(store, "/move token:Bat to:G4 forced:slide")
    assert slid["result"]["path"] == ["C4", "D4", "E4", "F4", "G4"]
    assert "falls" not in slid["result"]


async def test_004_walking_into_a_pit_falls_in_the_rulesets_words(store: Store) -> None:
    """004 Hazardous Terrain: a walk may end in a pit; the stage gives its fall the
    ruleset's own words (1d6 per 10 ft, the Acrobatics check) and the same JSON."""
    await board(
        store,
        "/encounter start width:12 height:6 ruleset:epic-path",
        "/token add name:Ari at:B2 team:party speed:30",
        "/terrain set cells:D2 kind:pit",
    )
    walked = await ask(store, "/move token:Ari to:D2")
    result = walked["result"]
    assert result["falls"] == [{"token": "Ari", "at": "D2", "into": "pit", "height_ft": None}]
    assert "1d6 per 10 ft" in falls_note(result)
    assert [w["name"] for w in result["warnings"]].count("Falls") == 1


async def test_srd_a_rider_pushed_off_a_flying_mount_falls_its_altitude(store: Store) -> None:
    """SRD 5.1 Combat › Mounted Combat (a rider moved against its will is out of the
    saddle) and Movement and Position › Flying Movement: out of the saddle 30 ft up
    without flying, it falls 30 ft and lands below; the fall's height is in the JSON."""
    await board(
        store,
        "/encounter start width:12 height:6 ruleset:5e",
        "/token add name:Ari at:B2 team:party speed:30",
        "/token add name:Griff at:D2 size:large team:enemy speed:30 fly:80",
        "/token add name:Orc at:H5 team:enemy",
        "/token place token:Orc mount:Griff",
        "/token place token:Griff altitude:30",
    )
    pushed = await ask(store, "/move token:Orc to:G2 forced:push by:Ari")
    result = pushed["result"]
    assert result["path"] == ["D2", "E2", "F2", "G2"]  # its own mount isn't in its way
    assert result["falls"] == [{"token": "Orc", "at": "G2", "into": "air", "height_ft": 30}]
    labels = [w["name"] for w in result["warnings"]]
    assert labels.index("Unseated") < labels.index("Falls")
    assert "/fall height:30" in falls_note(result)
    placed = await cells(store)
    assert placed["Orc"]["cell"] == "G2" and not placed["Orc"].get("altitude_ft")
    assert placed["Griff"]["altitude_ft"] == 30  # the mount flies on


async def test_srd_a_flying_mount_pushed_keeps_its_rider_up(store: Store) -> None:
    """The same flyer pushed with its rider: the mount flies, the rider stays in the
    saddle (no save given: the note says so), nobody falls."""
    await board(
        store,
        "/encounter start width:12 height:6 ruleset:5e",
        "/token add name:Ari at:B2 team:party speed:30",
        "/token add name:Griff at:D2 size:large team:enemy speed:30 fly:80",
        "/token add name:Orc at:H5 team:enemy",
        "/token place token:Orc mount:Griff",
        "/token place token:Griff altitude:30",
    )
    pushed = await ask(store, "/move token:Griff to:F2 forced:push by:Ari")
    assert pushed["ok"] is True and "falls" not in pushed["result"]
    placed = await cells(store)
    assert placed["Orc"]["altitude_ft"] == placed["Griff"]["altitude_ft"] == 30


async def test_a_rider_pushed_against_a_wall_at_once_still_falls_from_its_flying_mount(
    store: Store,
) -> None:
    """docs/RULINGS.md (issue 41's consequences): a rider pushed, pulled or slid is
    unseated even if the push is stopped at once; out of a flying mount's saddle 30 ft
    up, it falls as any displaced creature left in the air does."""
    await board(
        store,
        "/encounter start width:12 height:6 ruleset:5e",
        "/token add name:Ari at:H2 team:party speed:30",
        "/token add name:Griff at:D2 size:large team:enemy speed:30 fly:80",
        "/token add name:Orc at:H5 team:enemy",
        "/token place token:Orc mount:Griff",
        "/token place token:Griff altitude:30",
        '/terrain set cells:"C1:C6" kind:wall',
    )
    pushed = await ask(store, "/move token:Orc to:A2 forced:push by:Ari")
    result = pushed["result"]
    assert result["path"] == ["D2"]
    assert result["falls"] == [{"token": "Orc", "at": "D2", "into": "air", "height_ft": 30}]
    placed = await cells(store)
    assert "riding" not in placed["Orc"] and not placed["Orc"].get("altitude_ft")
