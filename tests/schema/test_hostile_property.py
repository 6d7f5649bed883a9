"""Issue 26's property: whatever is imported (JSON with wrong types, numbers out of
range or not finite, duplicates, huge rectangles, deep nesting, huge strings; map
notation of any shape) is either refused with nothing changed, or accepted, and then
every command on that board still answers (a ruling or a clear refusal, never a
crash), in bounded time."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import random
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bot.context import Context
from bot.errors import RulingError
from bot.handlers import run_line
from bot.handlers.board_rules import board_rules
from bot.handlers.upkeep import open_store
from bot.rules import identities
from bot.schema.codec import dump_state
from bot.schema.read import InvalidState, read_state
from bot.user_ids import name_id

BASE: dict[str, Any] = {
    "width": 12,
    "height": 10,
    "ruleset": "epic-path",
    "gm_id": "1001",
    "terrain": {"difficult": "C3:E3", "wall": "G1:G4"},
    "edges": {"door": "B2/B3"},
    "tokens": [
        {"name": "Ari", "cell": "A1", "owner": "1002", "team": "party", "speed_ft": 30},
        {"name": "Orc", "cell": "E5", "team": "enemy", "reach_ft": 10},
        {"name": "Bo", "cell": "H8", "team": "party", "size": "large"},
    ],
    "order": ["ari", "orc", "bo"],
    "turn_index": 1,
    "round": 2,
    "templates": [{"name": "Fog", "shape": "circle", "size_ft": 20, "at": "F6"}],
}

# Where a hostile value may go: a path into the board.
PLACES: list[tuple[str | int, ...]] = [
    ("width",),
    ("height",),
    ("round",),
    ("turn_index",),
    ("ruleset",),
    ("gm_id",),
    ("order",),
    ("order", 0),
    ("terrain",),
    ("terrain", "wall"),
    ("terrain", "difficult"),
    ("edges", "door"),
    ("dark",),
    ("hidden_edges",),
    ("options",),
    ("tokens",),
    ("tokens", 0),
    ("tokens", 0, "name"),
    ("tokens", 0, "cell"),
    ("tokens", 0, "size"),
    ("tokens", 0, "speed_ft"),
    ("tokens", 0, "speeds_ft"),
    ("tokens", 0, "reach_ft"),
    ("tokens", 0, "conditions"),
    ("tokens", 0, "state"),
    ("tokens", 0, "activity"),
    ("tokens", 1, "activity", "spent_ft"),
    ("tokens", 1, "activity", "budget_ft"),
    ("tokens", 1, "initiative_bonus"),
    ("tokens", 2, "owner"),
    ("templates",),
    ("templates", 0, "size_ft"),
    ("templates", 0, "at"),
    ("templates", 0, "follows"),
    ("co_gms",),
    ("background",),
]

huge_ints = st.sampled_from([10**9, 10**18, 2**63, -(10**9), -1, 0, 201, 1001, 100_001])
floats = st.sampled_from([float("nan"), float("inf"), float("-inf"), 1e308, -0.0, 0.5, 30.0])
texts = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        [
            "A1:GR200",
            "A1:ZZ999",
            "A1:ZZZ9999",
            "A1:A1 " * 5_000,
            "A1/A2 A1/A2",
            "x" * 100_000,
            "<@&123> @everyone",
            "ari",
            "ghost",
            "colossal",
            "teleport",
        ]
    ),
)


# JSON nested 50,000 deep: written into the text where this stands (Python's own JSON
# writer can't nest that far)
DEEP = "__nested 50,000 deep__"


hostile = st.one_of(
    huge_ints,
    floats,
    texts,
    st.booleans(),
    st.none(),
    st.lists(st.integers(-5, 5), max_size=5),
    st.sampled_from([DEEP, {"a": {"b": {}}}, ["ari"] * 150, list(range(200))]).map(copy.deepcopy),
    st.dictionaries(st.text(max_size=8), st.integers(), max_size=3),
)


@st.composite
def hostile_boards(draw: st.DrawFn) -> dict[str, Any]:
    """The good base board with one to three places given hostile values, and maybe a
    token copied (a duplicate name, a shared square)."""
    board = copy.deepcopy(BASE)
    for _ in range(draw(st.integers(1, 3))):
        place = draw(st.sampled_from(PLACES))
        target: Any = board
        try:
            for step in place[:-1]:
                target = target[step]
            target[place[-1]] = draw(hostile)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier edit took the path away
    if draw(st.booleans()) and isinstance(board.get("tokens"), list) and board["tokens"]:
        board["tokens"].append(copy.deepcopy(board["tokens"][0]))
    return board


@st.composite
def extreme_boards(draw: st.DrawFn) -> dict[str, Any]:
    """Boards the schema accepts, at its limits: the biggest map, the most tokens, each
    with the longest reach and the fastest speeds, the most and biggest templates."""
    side = draw(st.sampled_from([1, 2, 30, 200]))
    count = draw(st.sampled_from([0, 1, 12, 100])) if side > 2 else 1
    # tokens on distinct squares, spread over the map
    cells = sorted(random.Random(draw(st.integers(0, 99))).sample(range(side * side), count))
    tokens = [
        {
            "name": f"T{i}",
            "cell": f"{_column(n % side)}{n // side + 1}",
            "team": draw(st.sampled_from(["party", "enemy", "neutral"])),
            "reach_ft": draw(st.sampled_from([None, 100])),
            "speed_ft": draw(st.sampled_from([30, 1000])),
            "speeds_ft": draw(st.sampled_from([{}, {"fly": 1000}])),
            "state": draw(st.sampled_from([{}, {"altitude_ft": 10_000}])),
        }
        for i, n in enumerate(cells)
    ]
    templates = [
        {"name": f"Area {i}", "shape": shape, "size_ft": 500, "at": "A1", "toward": "B2"}
        for i, shape in enumerate(
            draw(
                st.lists(st.sampled_from(["circle", "cone", "line", "square", "cube"]), max_size=20)
            )
        )
    ]
    return {
        "width": side,
        "height": side,
        "ruleset": draw(st.sampled_from(list(identities()))),
        "gm_id": "1001",
        "tokens": tokens,
        "templates": templates if side > 1 else [],
        "order": [t["name"].lower() for t in tokens],
        "turn_index": 0 if tokens else None,
        "round": 100_000,
    }


def _column(col: int) -> str:
    letters = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def dumped(board: dict[str, Any]) -> str:
    text = json.dumps(board, allow_nan=True)
    return text.replace(json.dumps(DEEP), "[" * 50_000 + "]" * 50_000)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_boards())
def test_a_board_is_refused_or_read_whole(board: dict[str, Any]) -> None:
    """Read: refused naming what's wrong, or a board that writes back and reads again
    the same (so whatever was read, the store will take)."""
    try:
        encounter = read_state(dumped(board), board_rules())
    except InvalidState as refusal:
        assert refusal.problems and "can't be read" in refusal.message
        return
    assert read_state(dump_state(encounter), board_rules()) == encounter


# What is asked of an accepted board: every kind of work a player or GM can cause.
AFTERWARDS = (
    "/encounter show",
    "/map",
    "/map threats:true",
    "/map flanks:true",
    "/map reach:Orc",
    "/move token:Orc to:F6 preview:true",
    "/move token:Orc to:C8",
    "/move token:T0 to:A2 preview:true",
    "/move token:T1 to:B1",
    "/distance from:Ari to:Bo",
    "/distance from:T0 to:T1",
    "/flank a:Ari b:Bo target:Orc",
    "/template list",
    "/turn next",
    "/turn show",
    "/token add name:Cy",
    "/encounter export",
    "/history",
    "/undo",
)


async def _scenario(text: str, lines: tuple[str, ...]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(Path(folder) / "stride.db")
        try:
            gm = Context(store, "c", name_id("dm"), is_gm=True, rng=random.Random(1))
            await run_line(gm, "/encounter start width:6 height:6")
            await run_line(gm, "/token add name:Keeper at:B2")
            before = (await store.active_encounter("c"), await store.history("c", 50))
            path = Path(folder) / "board.json"
            path.write_text(text)
            try:
                await run_line(gm, f"/encounter import file:{path} replace:true")
            except RulingError:
                after = (await store.active_encounter("c"), await store.history("c", 50))
                assert after == before  # refused: nothing changed
                event("refused")
                return
            event("accepted")
            for line in lines:
                # a clear refusal is an answer; the timeout is a liveness bound, not a
                # measurement: a command that never ends fails
                with contextlib.suppress(RulingError):
                    await asyncio.wait_for(run_line(gm, line), timeout=60)
        finally:
            await store.close()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(hostile_boards(), extreme_boards()))
def test_an_imported_board_never_breaks_a_command(board: dict[str, Any]) -> None:
    document = {"format": "stride-encounter", "version": 1, "notation": "", "state": board}
    asyncio.run(_scenario(dumped(document), AFTERWARDS))


notation_parts = st.one_of(
    st.sampled_from(
        [
            "0x0",
            "1x1",
            "200x200",
            "999x999",
            "20x15",
            "A1-Ari",
            "A1-Ari",
            "ZZ999Gr-Huge",
            "GR200-Edge",
            "A1Gk-Big",
            "B2Tz-Tiny",
            "C3-" + "L" * 40,
            "D4Mr-GO1",
            "/",
        ]
    ),
    st.text(alphabet="AZaz0189x-_/ MLTG", max_size=12),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(notation_parts, min_size=1, max_size=8).map(" ".join))
def test_imported_notation_never_breaks_a_command(text: str) -> None:
    async def scenario() -> None:
        with tempfile.TemporaryDirectory() as folder:
            store = await open_store(Path(folder) / "stride.db")
            try:
                gm = Context(store, "c", name_id("dm"), is_gm=True, rng=random.Random(1))
                quoted = text.replace('"', "")
                try:
                    await run_line(gm, f'/encounter import text:"{quoted}"')
                except RulingError:
                    assert await store.active_encounter("c") is None
                    return
                for line in ("/encounter show", "/map threats:true", "/encounter export"):
                    with contextlib.suppress(RulingError):
                        await asyncio.wait_for(run_line(gm, line), timeout=60)
            finally:
                await store.close()

    asyncio.run(scenario())
