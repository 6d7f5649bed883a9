"""Issue 38: a mover belongs to one turn of one board. A mover opened on an earlier turn
or round, on a board since replaced, or before its token last moved, moves nothing
whatever is pressed (the pad, an action, Back, a menu, Confirm) and says it is out of
date and how to open a fresh one; another token's move or the GM's terrain elsewhere
leaves it current. Its state rides in the custom id alone, so a restart changes none of
this. Driven through the interaction path, as test_mover.py is."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

import bot.discord.dispatch as dispatching
from bot.cooldown import Cooldown
from bot.discord.dispatch import dispatch
from bot.discord.mover import MoverButton, MoverMenu, open_panel, pressed
from bot.handlers.mover_state import MoverState
from bot.storage import Store
from tests.discord.fakes import FakeInteraction
from tests.discord.mover_stamps import stamped
from tests.discord.test_mover import custom_ids, gm, player, state_of, table, where

OUT_OF_DATE = "out of date"
FRESH = "press Move on the board for a fresh mover"


@pytest.fixture(autouse=True)
def own_cooldown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dispatching, "COOLDOWN", Cooldown())


def said(interaction: FakeInteraction) -> str:
    (sent,) = interaction.sent
    assert sent.ephemeral and sent.via != "edit", "a refusal, to the presser alone"
    return str(sent.embed.to_dict())


async def in_turn_order(store: Store) -> None:
    """The table of test_mover.py, in a turn order: Ari, then the Orc; round 1."""
    await table(store)
    await dispatch(gm(store), "turn order", {"order": "Ari, Orc"})


async def next_round(store: Store) -> None:
    """The Orc's turn, then round 2's first: Ari's again."""
    for _ in range(2):
        await dispatch(gm(store), "turn next", {})


async def opened_and_pressed(store: Store, keys: str) -> str:
    """A mover opened with the board's Move button, ``keys`` pressed on the pad: its
    state, as its Confirm button carries it."""
    opening = player(store)
    await open_panel(opening)  # type: ignore[arg-type]
    state = state_of(opening.sent[-1].kwargs["view"])
    for key in keys:
        press = player(store)
        await pressed(press, key, state)  # type: ignore[arg-type]
        state = state_of(press.sent[-1].kwargs["view"])
    return state


async def test_confirm_from_round_1_pressed_in_round_2_on_the_start_square_moves_nothing(
    store: Store,
) -> None:
    """The issue's case: Ari moves from B2 with a mover, walks back to B2 next round, and
    the old mover's Confirm is pressed again: nothing moves, it says it is out of date."""
    await in_turn_order(store)
    state = await opened_and_pressed(store, "22")
    confirm = player(store)
    await pressed(confirm, "ok", state)  # type: ignore[arg-type]
    assert await where(store, "ari") == "B4"
    await next_round(store)
    await dispatch(player(store), "move", {"token": "Ari", "to": "B2"})
    assert await where(store, "ari") == "B2"
    again = player(store)
    await pressed(again, "ok", state)  # type: ignore[arg-type]
    text = said(again)
    assert OUT_OF_DATE in text and FRESH in text
    assert await where(store, "ari") == "B2"


async def test_a_pad_press_from_round_1_pressed_in_round_2_is_out_of_date(store: Store) -> None:
    """Ari never moved: only the round tells the old mover from a new one."""
    await in_turn_order(store)
    state = await opened_and_pressed(store, "2")
    await next_round(store)
    press = player(store)
    await pressed(press, "2", state)  # type: ignore[arg-type]
    assert OUT_OF_DATE in said(press)
    confirm = player(store)
    await pressed(confirm, "ok", state)  # type: ignore[arg-type]
    assert OUT_OF_DATE in said(confirm)
    assert await where(store, "ari") == "B2"


@pytest.mark.parametrize("verb", ["2", "b", "d", "g", "bd", "bg", "fu", "fd", "ok"])
async def test_every_button_of_an_earlier_turns_mover_is_out_of_date(
    store: Store, verb: str
) -> None:
    """Every press checks it, not only Confirm: the pad, Back, Dash, Disengage, their
    bonus forms, fly up and down (refused for a walker otherwise) and Confirm."""
    await in_turn_order(store)
    state = await opened_and_pressed(store, "2")
    await dispatch(gm(store), "turn next", {})  # the Orc's turn: Ari's is over
    press = player(store)
    await pressed(press, verb, state)  # type: ignore[arg-type]
    assert OUT_OF_DATE in said(press)
    assert await where(store, "ari") == "B2"


async def test_both_menus_of_an_earlier_rounds_mover_are_out_of_date(store: Store) -> None:
    """The square menu, and the GM's token menu (a mover with no token yet)."""
    await in_turn_order(store)
    await dispatch(gm(store), "token add", {"name": "Goblin", "at": "H2"})  # the GM chooses
    squares = MoverMenu("q", await opened_and_pressed(store, ""))
    asking = gm(store)
    await open_panel(asking)  # type: ignore[arg-type]
    (token_menu,) = [c for c in custom_ids(asking.sent[0].kwargs["view"]) if "mvs:t:" in c]
    choosing = MoverMenu("t", token_menu.removeprefix("stride:mvs:t:"))
    await next_round(store)
    for menu, interaction, value in ((squares, player(store), "B3"), (choosing, gm(store), "ari")):
        interaction.data = {"values": [value]}
        await menu.callback(interaction)  # type: ignore[arg-type]
        assert OUT_OF_DATE in said(interaction)
    assert await where(store, "ari") == "B2"


async def test_a_mover_survives_another_tokens_move_and_terrain_elsewhere(store: Store) -> None:
    """A free-for-all round (no turn order): the GM moves the Orc and paints terrain far
    off while Ari's player presses; the mover stays current and Confirm moves Ari."""
    await table(store)
    state = await opened_and_pressed(store, "2")
    await dispatch(gm(store), "move", {"token": "Orc", "to": "H8"})
    await dispatch(gm(store), "terrain set", {"kind": "difficult", "cells": "J10:J12"})
    press = player(store)
    await pressed(press, "2", state)  # type: ignore[arg-type]
    (edit,) = press.sent
    assert edit.via == "edit" and edit.embed.title.startswith("Preview: Ari")
    confirm = player(store)
    await pressed(confirm, "ok", state_of(edit.kwargs["view"]))  # type: ignore[arg-type]
    assert not confirm.sent[0].ephemeral
    assert await where(store, "ari") == "B4"


async def test_a_mover_survives_a_turn_order_change_that_keeps_the_turn(store: Store) -> None:
    """A late combatant joins the order before Ari: Ari's place in it moves, Ari's turn
    does not, and the mover is still current."""
    await in_turn_order(store)
    state = await opened_and_pressed(store, "2")
    await dispatch(gm(store), "token add", {"name": "Wolf", "at": "H9"})
    await dispatch(gm(store), "turn add", {"token": "Wolf", "position": 1})
    confirm = player(store)
    await pressed(confirm, "ok", state)  # type: ignore[arg-type]
    assert not confirm.sent[0].ephemeral
    assert await where(store, "ari") == "B3"


async def test_the_next_free_round_makes_a_mover_out_of_date(store: Store) -> None:
    """No turn order: the GM's /turn next starts a new round (every token's movement
    fresh), and a mover from the round before is out of date."""
    await table(store)
    state = await opened_and_pressed(store, "2")
    await dispatch(gm(store), "turn next", {})
    confirm = player(store)
    await pressed(confirm, "ok", state)  # type: ignore[arg-type]
    assert OUT_OF_DATE in said(confirm)
    assert await where(store, "ari") == "B2"


async def test_a_replaced_board_makes_a_mover_out_of_date(store: Store) -> None:
    """The encounter ended and a new one started with Ari on B2 again: same round, same
    square, another board."""
    await table(store)
    state = await opened_and_pressed(store, "2")
    await dispatch(gm(store), "encounter end", {"confirm": True})
    await table(store)
    confirm = player(store)
    await pressed(confirm, "ok", state)  # type: ignore[arg-type]
    assert OUT_OF_DATE in said(confirm)
    assert await where(store, "ari") == "B2"


async def test_a_token_that_went_and_came_back_this_turn_makes_its_mover_out_of_date(
    store: Store,
) -> None:
    """Ari walks off and back with /move in the same turn: the square is the mover's start,
    the turn is the same, but the board is not the one the mover was opened on."""
    await in_turn_order(store)
    state = await opened_and_pressed(store, "2")
    await dispatch(player(store), "move", {"token": "Ari", "to": "B3"})
    await dispatch(player(store), "move", {"token": "Ari", "to": "B2"})
    confirm = player(store)
    await pressed(confirm, "ok", state)  # type: ignore[arg-type]
    assert OUT_OF_DATE in said(confirm)
    assert await where(store, "ari") == "B2"


async def test_confirm_pressed_twice_on_a_climb_in_place_climbs_once(store: Store) -> None:
    """A flyer's Up 5 ft confirmed where it stands ends on its start square: the second
    press of the same Confirm (a double tap) is out of date, not another 5 ft."""
    await table(store)
    await dispatch(gm(store), "token add", {"name": "Bat", "at": "F9", "fly": 60})
    state = await stamped(store, MoverState(token="bat", start="F9", up="5"), gm=True)
    for _ in range(2):
        confirm = gm(store)
        await pressed(confirm, "ok", state.encode())  # type: ignore[arg-type]
    assert OUT_OF_DATE in said(confirm)
    stored = await store.active_encounter("4242")
    assert stored is not None
    bat = stored.encounter.tokens["bat"]
    assert (str(bat.cell), bat.altitude_ft) == ("F9", 5)


async def test_a_mover_from_before_stamps_is_out_of_date(store: Store) -> None:
    """A custom id made before issue 38 (seven parts, no stamp) reads, and is out of date:
    the turn it was opened on can't be told."""
    await table(store)
    confirm = player(store)
    await pressed(confirm, "ok", "ari,B2,2,,,,")  # type: ignore[arg-type]
    assert OUT_OF_DATE in said(confirm)
    assert await where(store, "ari") == "B2"


def rebuilt(custom_id: str) -> Any:
    """The button as discord.py rebuilds it from a press's custom id alone, in a process
    that never saw the mover (after a restart): the template's match, then from_custom_id."""
    match = re.fullmatch(MoverButton.__discord_ui_compiled_template__, custom_id)
    assert match is not None
    return match


async def test_a_restart_changes_nothing_the_custom_id_is_the_whole_mover(store: Store) -> None:
    """Rebuilt from its custom id alone, the same Confirm moves on its own turn and is out
    of date on the next round: nothing the process kept decides either."""
    await in_turn_order(store)
    state = await opened_and_pressed(store, "2")
    custom_id = f"stride:mv:ok:{state}"
    stale = player(store)
    await next_round(store)
    button = await MoverButton.from_custom_id(stale, None, rebuilt(custom_id))  # type: ignore[arg-type]
    await button.callback(stale)  # type: ignore[arg-type]
    assert OUT_OF_DATE in said(stale)
    fresh = await opened_and_pressed(store, "2")
    assert fresh != state
    current = player(store)
    button = await MoverButton.from_custom_id(  # type: ignore[arg-type]
        current, None, rebuilt(f"stride:mv:ok:{fresh}")
    )
    await button.callback(current)  # type: ignore[arg-type]
    assert not current.sent[0].ephemeral
    assert await where(store, "ari") == "B3"


async def test_a_fresh_mover_on_the_same_square_differs_only_in_its_stamp(store: Store) -> None:
    """What makes the round-1 mover out of date in round 2 is its stamp alone: the rest of
    its state (token, start square, presses) is the same as a new one's."""
    await in_turn_order(store)
    old = MoverState.decode(await opened_and_pressed(store, "2"))
    await next_round(store)
    new = MoverState.decode(await opened_and_pressed(store, "2"))
    assert old.stamp != new.stamp and replace(old, stamp=new.stamp) == new
