"""Issue 26: nothing invalid enters the store. Each hand-edited import the issue saw
accepted, or crash, is refused naming the field and the reason, and changes nothing;
the board already running stays as it was."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.context import Context
from bot.errors import InvalidInput
from bot.grid.terrain import Barrier, Terrain
from bot.handlers.board_rules import board_rules
from bot.limits import MAX_TEMPLATES, MAX_TOKENS
from bot.schema import models
from bot.schema.read import InvalidState, read_state
from tests.handlers.encounter_helpers import refused, run, state

Edit = Callable[[dict[str, Any]], object]


def token(name: str, cell: str, **more: object) -> dict[str, Any]:
    return {"name": name, "cell": cell, **more}


def export_of(board: dict[str, Any]) -> dict[str, Any]:
    return {"format": "stride-encounter", "version": 1, "notation": "", "state": board}


BOARD: dict[str, Any] = {
    "width": 20,
    "height": 15,
    "ruleset": "5e",
    "gm_id": "999",
    "tokens": [token("Ari", "A1", owner="111", team="party"), token("Orc", "E5", team="enemy")],
    "order": ["ari", "orc"],
    "turn_index": 0,
}


def edited(change: Edit) -> dict[str, Any]:
    board = copy.deepcopy(BOARD)
    change(board)
    return board


def _tokens(n: int) -> list[dict[str, Any]]:
    return [token(f"T{i}", f"{chr(65 + i % 20)}{1 + i // 20}") for i in range(n)]


# (what, the edit, a word the refusal must name)
HOSTILE: list[tuple[str, Edit, str]] = [
    ("reach of 10^9 ft", lambda b: b["tokens"][0].update(reach_ft=10**9), "reach_ft"),
    ("reach as text", lambda b: b["tokens"][0].update(reach_ft="abc"), "reach_ft"),
    (
        "a wall over 183 million squares",
        lambda b: b.update(terrain={"wall": "A1:ZZZ9999"}),
        "terrain",
    ),
    ("a wall past the map", lambda b: b.update(terrain={"wall": "A1:ZZ2000"}), "terrain.wall"),
    ("a square in two kinds", lambda b: b.update(terrain={"wall": "C3", "water": "C3"}), "terrain"),
    ("a token off the map", lambda b: b["tokens"][0].update(cell="Z99"), "tokens[0]"),
    (
        "a Large token hanging off",
        lambda b: b["tokens"][1].update(cell="T15", size="large"),
        "cell",
    ),
    ("two on one square", lambda b: b["tokens"][1].update(cell="A1"), "share A1"),
    ("two with one name", lambda b: b["tokens"][1].update(name="ARI"), "already a token named"),
    ("5,000 tokens", lambda b: b.update(tokens=_tokens(5000), order=[], turn_index=None), "tokens"),
    (
        "30 templates",
        lambda b: b.update(
            templates=[
                {"name": f"T{i}", "shape": "circle", "size_ft": 10, "at": "C3"}
                for i in range(MAX_TEMPLATES + 10)
            ]
        ),
        "templates",
    ),
    (
        "a template of 5,000 ft",
        lambda b: b.update(
            templates=[{"name": "Big", "shape": "circle", "size_ft": 5000, "at": "C3"}]
        ),
        "size_ft",
    ),
    ("a speed of a million feet", lambda b: b["tokens"][0].update(speed_ft=10**6), "speed_ft"),
    (
        "an altitude past the sky",
        lambda b: b["tokens"][0].update(state={"altitude_ft": 10**6}),
        "altitude_ft",
    ),
    ("round Infinity", lambda b: b.update(round=float("inf")), "round"),
    ("width Infinity", lambda b: b.update(width=float("inf")), "width"),
    ("a zero-wide board", lambda b: b.update(width=0), "width"),
    (
        "NaN movement",
        lambda b: b["tokens"][0].update(activity={"spent_ft": float("nan")}),
        "spent_ft",
    ),
    (
        "Infinity movement",
        lambda b: b["tokens"][0].update(activity={"budget_ft": float("inf")}),
        "budget_ft",
    ),
    ("turn index out of range", lambda b: b.update(turn_index=7), "turn_index"),
    ("turn index as text", lambda b: b.update(turn_index="first"), "turn_index"),
    ("a turn without an order", lambda b: b.update(order=[], turn_index=0), "turn_index"),
    ("an order naming nobody", lambda b: b.update(order=["ari", "ghost"]), "order[1]"),
    ("an order of 103", lambda b: b.update(order=["ari"] * 103), "order"),
    ("a token twice in the order", lambda b: b.update(order=["ari", "orc", "ari"]), "twice"),
    ("an unknown ruleset", lambda b: b.update(ruleset="4e"), "ruleset"),
    ("an unknown size", lambda b: b["tokens"][0].update(size="colossal"), "size"),
    (
        "a condition that is code",
        lambda b: b["tokens"][0].update(conditions=["<@&1>"]),
        "conditions",
    ),
    ("a name with a comma", lambda b: b["tokens"][0].update(name="Ari, Bo"), "comma"),
    ("a name of 500 characters", lambda b: b["tokens"][0].update(name="A" * 500), "name"),
    ("a key the format doesn't have", lambda b: b.update(reach=10), "reach"),
    (
        "a mount that isn't there",
        lambda b: b["tokens"][0].update(state={"riding": "pony"}),
        "riding",
    ),
    (
        "a template following nobody",
        lambda b: b.update(
            templates=[
                {
                    "name": "Aura",
                    "shape": "circle",
                    "size_ft": 10,
                    "at": "C3",
                    "follows": "ghost",
                    "offset": [0, 0],
                }
            ]
        ),
        "follows",
    ),
    ("an edge past the map", lambda b: b.update(edges={"wall": "A1/A99"}), "edges.wall"),
    ("an edge across a diagonal", lambda b: b.update(edges={"door": "A1/B2"}), "side by side"),
    ("a hidden edge that isn't there", lambda b: b.update(hidden_edges="A1/A2"), "hidden_edges"),
    (
        "an option out of range",
        lambda b: b.update(ruleset="5e-alt", options={"diagonals": "sideways"}),
        "options.diagonals",
    ),
    (
        "a token value out of range",
        lambda b: b["tokens"][0].update(state={"exhaustion": 99}),
        "exhaustion",
    ),
    (
        "a cone pointing nowhere",
        lambda b: b.update(
            templates=[{"name": "Breath", "shape": "cone", "size_ft": 15, "at": "C3"}]
        ),
        "templates[0] (Breath).toward",
    ),
    # issue 38: every user is a Discord id (the console's names stand for ids of their own)
    (
        "an owner that isn't a Discord id",
        lambda b: b["tokens"][0].update(owner="player.one"),
        "tokens[0].owner: should be a Discord user id",
    ),
    ("an owner in superscript digits", lambda b: b["tokens"][0].update(owner="²³"), "owner"),
    ("an owner past 2**64", lambda b: b["tokens"][0].update(owner=str(2**64)), "owner"),
    ("an owner as a number", lambda b: b["tokens"][0].update(owner=111), "owner"),
    ("a GM that isn't a Discord id", lambda b: b.update(gm_id="console-gm"), "gm_id"),
    ("a co-GM that isn't a Discord id", lambda b: b.update(co_gms=["77", "cy"]), "co_gms[1]"),
    (
        "a template placed by a name",
        lambda b: b.update(
            templates=[
                {"name": "Fog", "shape": "circle", "size_ft": 10, "at": "C3", "placed_by": "dm"}
            ]
        ),
        "templates[0].placed_by",
    ),
]


@pytest.mark.parametrize(("what", "change", "named"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_board_is_refused_naming_the_field(what: str, change: Edit, named: str) -> None:
    text = json.dumps(edited(change))
    with pytest.raises(InvalidState) as refusal:
        read_state(text, board_rules())
    assert named in refusal.value.message, refusal.value.message


def test_the_unedited_board_is_good() -> None:
    """The base the hostile boards are made from is read (so each refusal is its edit's)."""
    encounter = read_state(json.dumps(BOARD), board_rules())
    assert [t.name for t in encounter.tokens.values()] == ["Ari", "Orc"]


def test_json_nested_50000_deep_is_refused() -> None:
    deep = '{"width": ' + "[" * 50_000 + "]" * 50_000 + "}"
    with pytest.raises(InvalidState, match="can't be read"):
        read_state(deep, board_rules())


def test_a_board_past_the_size_limit_is_refused_unread() -> None:
    with pytest.raises(InvalidState, match="at most"):
        read_state(" " * 3_000_000, board_rules())


def test_the_declared_kinds_are_the_models_kinds() -> None:
    """The schema's names for terrain and edges are the model's (a kind added to one
    and not the other fails here)."""
    terrain = set(models.TerrainName.__args__)  # type: ignore[attr-defined]
    barriers = set(models.BarrierName.__args__)  # type: ignore[attr-defined]
    assert terrain == {t.value for t in Terrain if t is not Terrain.CLEAR}
    assert barriers == {b.value for b in Barrier}


async def _running(gm: Context) -> str:
    await run(gm, "/encounter start width:8 height:8", "/token add name:Ari at:B2")
    before = await state(gm.store)
    assert before is not None
    return before


@pytest.mark.parametrize(
    ("what", "change", "named"), HOSTILE[:12], ids=[h[0] for h in HOSTILE[:12]]
)
async def test_a_hostile_import_changes_nothing(
    gm: Context, tmp_path: Path, what: str, change: Edit, named: str
) -> None:
    """Refused through the command too, with replace:true over a running board: the
    running board stays, and no history line is written."""
    await _running(gm)
    path = tmp_path / "board.json"
    path.write_text(json.dumps(export_of(edited(change))))
    error = await refused(
        gm, f"/encounter import file:{path} replace:true", InvalidInput, "That export"
    )
    assert named in error.message


async def test_notation_0x0_is_refused_not_made_20x20(gm: Context) -> None:
    await refused(gm, '/encounter import text:"0x0 A1-Ari"', InvalidInput, "1 to 200")
    assert await state(gm.store) is None


async def test_the_token_cap_holds_for_imports(gm: Context, tmp_path: Path) -> None:
    board = edited(lambda b: b.update(tokens=_tokens(MAX_TOKENS + 1), order=[], turn_index=None))
    path = tmp_path / "many.json"
    path.write_text(json.dumps(export_of(board)))
    await refused(gm, f"/encounter import file:{path}", InvalidInput, "at most 100")
    ok = edited(lambda b: b.update(tokens=_tokens(MAX_TOKENS), order=[], turn_index=None))
    path.write_text(json.dumps(export_of(ok)))
    reply = await run(gm, f"/encounter import file:{path}")
    assert len(reply.result["tokens"]) == MAX_TOKENS
