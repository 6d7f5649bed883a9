"""A refused /move says what really stops it (issue 12): too far, with the nearest
square the token reaches, or blocked, by what, on the cheapest way that would otherwise
be in range. The rules return the refusal as data; the handler writes the words
(issue 10). Driven through the handlers, as the cogs and the console drive them."""

from __future__ import annotations

from typing import Any

import pytest

from bot.context import Context
from bot.errors import IllegalMove
from bot.handlers import run_line
from bot.handlers.refusals import refusal_error
from bot.rules import rulesets
from bot.rules.rulings import Refusal, RefusalReason
from bot.storage import Store
from tests.handlers.encounter_helpers import ask_json, refused, run

# a corridor along row 5 (walls on rows 4 and 6), the rest of the map open
CORRIDOR = " ".join(f"{col}{row}" for col in "ABCDEFGHIJ" for row in (4, 6))


@pytest.fixture
async def field(gm: Context) -> Context:
    """3.5 (001 Tactical Speed: a human's move action is 30 ft) on a 20×8 map."""
    await run(
        gm,
        "/encounter start width:20 height:8 ruleset:3.5",
        "/token add name:Ari at:A1 team:party race:human",
        f'/terrain set cells:"{CORRIDOR}" kind:wall',
        "/token add name:Bo at:A5 team:party race:human",
    )
    return gm


def laid_out(error: IllegalMove) -> dict[str, str]:
    return {name: value for name, value in error.fields}


async def test_001_a_far_goal_is_too_far_not_blocked_by_an_enemy_off_the_line(
    field: Context,
) -> None:
    """001 Tactical Movement: T1 is 95 ft away and a move action gives 30 ft. An orc
    beside the start, off the straight line, has nothing to do with it."""
    await run(field, "/token add name:Orc at:B2 team:enemy")
    error = await refused(field, "/move token:Ari to:T1", IllegalMove)
    assert isinstance(error, IllegalMove)
    assert error.title == "Ari can't reach T1"
    fields = laid_out(error)
    assert fields["Why"] == "That costs 95 ft and move allows 30 ft."
    assert fields["Instead"] == "Ari can reach G1 for 30 ft"
    assert "Orc" not in str(error)
    assert error.footer is not None and error.footer.startswith("3.5 · SRD")
    assert error.result is not None
    refusal = error.result["refusal"]
    assert (refusal["reason"], refusal["cost_ft"], refusal["allowed_ft"]) == ("too_far", 95, 30)
    assert (refusal["nearest"], refusal["nearest_cost_ft"]) == ("G1", 30)
    assert refusal["blocker"] is None


async def test_001_a_goal_in_range_behind_an_enemy_names_the_enemy(field: Context) -> None:
    """001 Moving through a Square: an opponent's square blocks the way. E5 is 20 ft
    down the corridor, within the move action's 30 ft; the goblin in it stops Bo."""
    await run(field, "/token add name:Gob at:C5 team:enemy")
    error = await refused(field, "/move token:Bo to:E5", IllegalMove)
    assert isinstance(error, IllegalMove)
    assert error.title == "Bo can't reach E5"
    why = laid_out(error)["Why"]
    assert why.startswith("The cheapest way there is blocked: Gob at C5: an opponent's square")
    assert laid_out(error)["Instead"] == "Bo can reach B5 for 5 ft"
    assert error.result is not None
    refusal = error.result["refusal"]
    assert refusal["reason"] == "blocked_by_creature"
    assert (refusal["blocker"], refusal["at"], refusal["blocked_cost_ft"]) == ("Gob", "C5", 20)


async def test_002_a_goal_in_range_behind_a_closed_door_names_the_door(field: Context) -> None:
    """002 Open or Close a Door: a closed door blocks until opened."""
    await run(field, '/terrain edge cells:"C5/D5" kind:door')
    error = await refused(field, "/move token:Bo to:E5", IllegalMove)
    assert isinstance(error, IllegalMove)
    why = laid_out(error)["Why"]
    assert why == (
        "The cheapest way there is blocked: a closed door between C5 and D5 is in the way."
    )
    assert error.result is not None
    assert error.result["refusal"]["reason"] == "blocked_by_wall"
    assert error.result["refusal"]["blocker"] == "closed door"


async def test_001_too_far_round_an_enemy_says_the_shorter_way_is_blocked(gm: Context) -> None:
    """001 Moving through a Square: the way through the goblin's gap would be 20 ft;
    round by the other gap it costs more than the move action's 30 ft, and the reply
    says both."""
    await run(
        gm,
        "/encounter start width:12 height:8 ruleset:3.5",
        '/terrain set cells:"C1 C2 C3 C4 C6 C7" kind:wall',  # gaps at C5 and C8
        "/token add name:Bo at:A5 team:party race:human",
        "/token add name:Gob at:C5 team:enemy",
    )
    error = await refused(gm, "/move token:Bo to:E5", IllegalMove)
    assert isinstance(error, IllegalMove)
    assert error.result is not None
    refusal = error.result["refusal"]
    assert refusal["reason"] == "too_far"
    assert refusal["cost_ft"] > 30
    assert (refusal["blocker"], refusal["blocked_cost_ft"]) == ("Gob", 20)
    assert "the shorter way (20 ft) is blocked: Gob at C5" in laid_out(error)["Why"]


async def test_the_console_json_carries_the_refusal_with_its_words(store: Store) -> None:
    """Issue 10: result.refusal has the structured fields; error, title, fields and
    footer are the words the handler wrote."""
    for line in (
        "/encounter start width:20 height:4 ruleset:3.5",
        "/token add name:Ari at:A1 team:party race:human",
    ):
        await ask_json(store, line)
    code, data = await ask_json(store, "/move token:Ari to:T1")
    assert code == 2 and data["ok"] is False
    assert data["error"] == (
        "Ari can't reach T1: that costs 95 ft and move allows 30 ft. Ari can reach G1 for 30 ft."
    )
    result: dict[str, Any] = data["result"]
    assert result["title"] == "Ari can't reach T1"
    assert [f["name"] for f in result["fields"]] == ["Why", "Instead"]
    assert result["footer"].startswith("3.5 · SRD")
    assert result["refusal"]["reason"] == "too_far"
    assert result["refusal"]["source"]["ruleset"] == "3.5"


def test_the_handler_words_every_reason() -> None:
    """Every reason the rules can give gets a title and a Why (no reason falls through
    to an empty sentence)."""
    from bot.grid.coords import Cell
    from bot.rules.rulings import Source

    source = Source("3.5", "SRD", ("Tactical Movement",))
    for reason in RefusalReason:
        refusal = Refusal(
            reason=reason,
            token="Ari",
            goal=Cell.parse("D4"),
            start=Cell.parse("A1"),
            source=source,
            action="move",
            rule="a rule",
            cost_ft=40.0,
            allowed_ft=30.0,
            used_ft=30.0,
            gained_ft=30.0,
            pocket=(Cell.parse("D4"),),
        )
        error = refusal_error(refusal)
        assert error.title and error.title.startswith("Ari ")
        why = laid_out(error)["Why"]
        assert len(why) > 3 and why.endswith(".")
        assert error.footer == "3.5 · SRD › Tactical Movement"


async def test_001_a_first_move_action_shows_what_is_left_and_what_a_second_gives(
    gm: Context,
) -> None:
    """001 Move Actions: "5 ft left" after a first move action hid the second move
    action still to come; the title shows both."""
    await run(
        gm,
        "/encounter start width:20 height:4 ruleset:3.5",
        "/token add name:Ari at:A1 team:party speed:20",
    )
    first = await run_line(gm, "/move token:Ari to:D1")
    assert first.title == (
        "Ari moves to D1 — 15 ft, 5 ft left of this move action; "
        "a second move action gives 20 ft more"
    )
    assert first.result["again_ft"] == 20
    second = await run_line(gm, "/move token:Ari to:E1")
    assert second.title == "Ari moves to E1 — 5 ft, no move left this turn"
    assert second.result["again_ft"] == 0


# the rulesets with no second move action (the d20 double move): one pool of movement
POOLED = tuple(r for r, rules in rulesets().items() if "double" not in rules.economy.actions)


@pytest.mark.parametrize("ruleset", POOLED)
async def test_a_pool_of_movement_just_says_what_is_left(gm: Context, ruleset: str) -> None:
    """000 Moving On Your Turn, 003 Encounter Movement and SRD 5.1/5.2 Breaking Up Your
    Move: movement is one pool for the turn (round), so what is left is all there is; no
    second action to promise."""
    await run(
        gm,
        f"/encounter start width:20 height:4 ruleset:{ruleset}",
        "/token add name:Ari at:A1 team:party speed:120",
    )
    reply = await run_line(gm, "/move token:Ari to:C1")
    assert reply.title.endswith(" left")
    assert "second" not in reply.title
    assert reply.result["again_ft"] == 0


async def test_002_a_charge_too_short_and_an_occupied_end_are_refusals_with_words(
    gm: Context,
) -> None:
    """002 Charge: at least 10 ft; 001 Moving through a Square: no move ends in an
    opponent's square. Both come from the rules as data and read as before."""
    await run(
        gm,
        "/encounter start width:12 height:8 ruleset:3.5",
        "/token add name:Ari at:A1 team:party race:human",
        "/token add name:Orc at:C1 team:enemy",
        "/token add name:Bo at:A3 team:party race:human",
    )
    short = await refused(gm, "/move token:Ari to:B1 action:charge", IllegalMove)
    assert str(short) == (
        "Ari can't charge to B1: a charge must cover at least 10 ft; A1 to B1 is 5 ft."
    )
    assert short.result is not None
    assert short.result["refusal"]["limit"] == "min-distance"
    occupied = await refused(gm, "/move token:Bo to:C1", IllegalMove)
    assert occupied.title == "Bo can't end at C1"
    assert occupied.result is not None
    assert occupied.result["refusal"]["reason"] == "cannot_end_there"
