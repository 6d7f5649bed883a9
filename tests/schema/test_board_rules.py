"""Issue 41, Layers: the board's schema knows no rules. What its invariants need of a
board's ruleset is handed to it as data (``handlers/board_rules.board_rules``), the
store the bot opens is handed the same, and without them only what needs no ruleset
is checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.handlers.board_rules import board_rules
from bot.handlers.upkeep import open_store
from bot.rules import identities
from bot.schema.read import InvalidState, read_state

BOARD: dict[str, Any] = {
    "width": 8,
    "height": 8,
    "ruleset": "5e",
    "gm_id": "999",
    "tokens": [{"name": "Ari", "cell": "A1", "owner": "77", "team": "party"}],
}


def text(**changed: Any) -> str:
    return json.dumps({**BOARD, **changed})


def test_an_unknown_ruleset_is_refused_against_the_registry() -> None:
    with pytest.raises(InvalidState, match="'nope' is not a ruleset Stride knows") as refused:
        read_state(text(ruleset="nope"), board_rules())
    assert [p.where for p in refused.value.problems] == ["ruleset"]


@pytest.mark.parametrize("ruleset", list(identities()))
def test_a_token_past_the_map_by_its_rulesets_footprint_is_refused(ruleset: str) -> None:
    """A Huge token's space (its ruleset's footprint) must be on the map: only the
    ruleset knows how many squares that is."""
    huge = {"name": "Roc", "cell": "H8", "team": "enemy", "size": "huge"}
    with pytest.raises(InvalidState, match=r"tokens\[1\] \(Roc\)"):
        read_state(text(ruleset=ruleset, tokens=[*BOARD["tokens"], huge]), board_rules())


def test_without_the_rules_only_what_needs_no_ruleset_is_checked() -> None:
    """The schema alone (no rules handed) reads a board naming a ruleset it can't know,
    and still refuses what needs none: a turn order naming no token."""
    assert read_state(text(ruleset="nope"), None).ruleset == "nope"
    with pytest.raises(InvalidState, match=r"order\[0\]"):
        read_state(text(order=["bo"], turn_index=0), None)


async def test_the_store_the_bot_opens_checks_boards_against_their_rulesets(
    tmp_path: Path,
) -> None:
    store = await open_store(tmp_path / "stride.db")
    try:
        assert store.board_rules is board_rules()
    finally:
        await store.close()
