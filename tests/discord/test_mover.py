"""The one-tap mover (issue 29): the board's Move button opens, for the presser alone, a
mover whose presses preview /move's ruling and picture; nothing is written until
Confirm, which runs /move with its permissions. Driven through the interaction path."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from unittest.mock import patch

import discord
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bot.discord.dispatch as dispatching
from bot.cooldown import Cooldown
from bot.discord.dispatch import dispatch
from bot.discord.mover import MoverButton, MoverMenu, open_panel, pressed
from bot.discord.views import BOARD_MOVE, BoardButtons
from bot.handlers.mover_state import MAX_CLIMB_FT, MAX_PRESSES, PAD, STAMP_CHARS, MoverState
from bot.storage import Store
from tests.discord.fakes import FakeInteraction
from tests.discord.mover_stamps import stamped

ARI_OWNER = 78
STAMP_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@pytest.fixture(autouse=True)
def own_cooldown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's presses counted on their own: the cooldown is the process's, and the
    tests before this one pressed as the same users moments ago."""
    monkeypatch.setattr(dispatching, "COOLDOWN", Cooldown())


def gm(store: Store) -> FakeInteraction:
    return FakeInteraction(store, manage_channels=True)


def player(store: Store) -> FakeInteraction:
    return FakeInteraction(store, user_id=ARI_OWNER)


async def table(store: Store, ruleset: str = "5e") -> None:
    await dispatch(gm(store), "encounter start", {"width": 10, "height": 12, "ruleset": ruleset})
    await dispatch(gm(store), "token add", {"name": "Ari", "at": "B2", "owner": str(ARI_OWNER)})
    await dispatch(gm(store), "token add", {"name": "Orc", "at": "H6"})
    await dispatch(gm(store), "terrain set", {"kind": "wall", "cells": "D1:D3"})


async def where(store: Store, name: str) -> str:
    stored = await store.active_encounter("4242")
    assert stored is not None
    return str(stored.encounter.tokens[name].cell)


def custom_ids(view: discord.ui.View) -> dict[str, Any]:
    """Each control of a mover's view by its custom id."""
    found: dict[str, Any] = {}
    for child in view.children:
        item = getattr(child, "item", child)  # a DynamicItem wraps its button or menu
        found[str(item.custom_id)] = item
    return found


def state_of(view: discord.ui.View) -> str:
    """The mover's state, as its Confirm button carries it."""
    (confirm,) = [c for c in custom_ids(view) if c.startswith("stride:mv:ok:")]
    return confirm.removeprefix("stride:mv:ok:")


async def test_the_move_button_is_on_the_board_and_survives_a_restart() -> None:
    view = BoardButtons()
    assert view.is_persistent()
    assert BOARD_MOVE in {getattr(b, "custom_id", "") for b in view.children}


async def test_move_opens_a_mover_for_the_presser_alone_on_their_token(store: Store) -> None:
    await table(store)
    alice = player(store)
    await open_panel(alice)  # type: ignore[arg-type]
    (sent,) = alice.sent
    assert sent.ephemeral
    assert sent.embed.title == "Move Ari from B2"
    assert sent.kwargs["file"].filename.endswith(".png")
    controls = custom_ids(sent.kwargs["view"])
    menu = next(item for cid, item in controls.items() if cid.startswith("stride:mvs:q:"))
    labels = [o.label for o in menu.options]
    # the squares that matter, each with its cost: the farthest in each direction first
    assert labels[0] == "B1 · 5 ft · farthest \u2191", labels
    assert "G2 · 30 ft · farthest \u2192" in labels  # round the wall, a whole move
    assert all(" ft" in label for label in labels[:-1])
    assert labels[-1].startswith("every square, A1"), "and a way to every other, by pages"
    pad = [cid for cid in controls if cid.startswith("stride:mv:") and cid[10] in PAD]
    assert len(pad) == 8
    words = {item.label for item in controls.values() if isinstance(item, discord.ui.Button)}
    assert {"Dash", "Disengage", "Confirm"} <= words


async def test_each_press_previews_and_nothing_moves_until_confirm(store: Store) -> None:
    await table(store)
    alice = player(store)
    await open_panel(alice)  # type: ignore[arg-type]
    state = state_of(alice.sent[-1].kwargs["view"])
    for key in "22":  # two presses south
        press = player(store)
        await pressed(press, key, state)  # type: ignore[arg-type]
        (edit,) = press.sent
        assert edit.via == "edit"
        state = state_of(edit.kwargs["view"])
    assert edit.embed.title.startswith("Preview: Ari")
    assert "10 ft" in str(edit.embed.to_dict())
    assert "\u2193 \u2193" in str(edit.embed.to_dict())  # the way so far, as arrows
    assert await where(store, "ari") == "B2"  # a preview writes nothing
    confirm = player(store)
    await pressed(confirm, "ok", state)  # type: ignore[arg-type]
    public = confirm.sent[0]
    assert not public.ephemeral and public.embed.title.startswith("Ari")
    assert await where(store, "ari") == "B4"


async def test_confirm_moves_the_way_pressed(store: Store) -> None:
    await table(store)
    state = await stamped(store, MoverState(token="ari", start="B2", steps="22"))  # 2 south
    confirm = player(store)
    await pressed(confirm, "ok", state.encode())  # type: ignore[arg-type]
    assert not confirm.sent[0].ephemeral
    assert await where(store, "ari") == "B4"


async def test_a_press_into_a_wall_is_refused_in_the_mover_and_back_undoes_it(
    store: Store,
) -> None:
    await table(store)
    opened = await stamped(store, MoverState(token="ari", start="B2"))
    into_wall = opened.pressed("6").pressed("6")  # D2 is wall
    press = player(store)
    await pressed(press, "6", opened.pressed("6").encode())  # type: ignore[arg-type]
    (edit,) = press.sent
    assert edit.via == "edit" and "D2" in str(edit.embed.to_dict())
    assert state_of(edit.kwargs["view"]) == into_wall.encode()
    back = player(store)
    await pressed(back, "b", into_wall.encode())  # type: ignore[arg-type]
    assert back.sent[0].embed.title.startswith("Preview: Ari")
    assert await where(store, "ari") == "B2"


async def test_picking_a_square_previews_the_cheapest_way(store: Store) -> None:
    await table(store)
    picking = player(store)
    picking.data = {"values": ["C4"]}
    opened = await stamped(store, MoverState(token="ari", start="B2"))
    menu = MoverMenu("q", opened.encode())
    await menu.callback(picking)  # type: ignore[arg-type]
    (edit,) = picking.sent
    assert edit.embed.title.startswith("Preview: Ari")
    assert state_of(edit.kwargs["view"]) == opened.picked("C4").encode()


async def test_dash_is_toggled_and_confirmed_as_the_action(store: Store) -> None:
    await table(store)
    opened = await stamped(store, MoverState(token="ari", start="B2"))
    state = replace(opened, steps="2222222")  # 35 ft: needs a dash
    refused = player(store)
    await pressed(refused, "2", replace(opened, steps="222222").encode())  # type: ignore[arg-type]
    assert not refused.sent[0].embed.title.startswith("Preview")
    dashing = player(store)
    await pressed(dashing, "d", state.encode())  # type: ignore[arg-type]
    assert dashing.sent[0].embed.title.startswith("Preview: Ari")
    dashed = state_of(dashing.sent[0].kwargs["view"])
    assert MoverState.decode(dashed).action == "d"
    confirm = player(store)
    await pressed(confirm, "ok", dashed)  # type: ignore[arg-type]
    assert not confirm.sent[0].ephemeral
    assert await where(store, "ari") == "B9"


def labels_of(view: discord.ui.View) -> set[str]:
    return {str(item.label) for item in custom_ids(view).values() if hasattr(item, "label")}


async def test_5e_offers_the_bonus_action_dash_and_disengage_and_3_5_does_not(
    store: Store,
) -> None:
    """The SRD's Cunning Action and Nimble Escape: Dash or Disengage as a bonus action;
    3.5 has no bonus actions, so its mover offers none."""
    await table(store)
    alice = player(store)
    await open_panel(alice)  # type: ignore[arg-type]
    assert {"Bonus Dash", "Bonus Disengage"} <= labels_of(alice.sent[0].kwargs["view"])
    table35 = FakeInteraction(store, manage_channels=True, channel_number=777)
    await dispatch(table35, "encounter start", {"width": 10, "height": 12, "ruleset": "3.5"})
    await dispatch(
        FakeInteraction(store, manage_channels=True, channel_number=777),
        "token add",
        {"name": "Ari", "at": "B2", "owner": str(ARI_OWNER)},
    )
    bob = FakeInteraction(store, user_id=ARI_OWNER, channel_number=777)
    await open_panel(bob)  # type: ignore[arg-type]
    labels = labels_of(bob.sent[0].kwargs["view"])
    assert "Double move" in labels and not any(label.startswith("Bonus") for label in labels)
    doubling = FakeInteraction(store, user_id=ARI_OWNER, channel_number=777)
    state = await stamped(  # 40 ft: a double move
        store, MoverState(token="ari", start="B2", steps="2" * 8), channel_id="777"
    )
    await pressed(doubling, "d", state.encode())  # type: ignore[arg-type]
    assert doubling.sent[0].embed.title.startswith("Preview: Ari")


async def test_a_bonus_dash_reaches_further_and_is_confirmed_as_the_bonus_action(
    store: Store,
) -> None:
    await table(store)
    far = await stamped(store, MoverState(token="ari", start="B2", steps="2" * 10))  # to B12
    dashing = player(store)
    await pressed(dashing, "bd", far.encode())  # type: ignore[arg-type]
    (edit,) = dashing.sent
    assert edit.embed.title.startswith("Preview: Ari")
    assert "bonus action: dash" in str(edit.embed.to_dict())
    state = state_of(edit.kwargs["view"])
    assert MoverState.decode(state).bonus == "d"
    assert "Bonus Dash \u2713" in labels_of(edit.kwargs["view"])
    confirm = player(store)
    await pressed(confirm, "ok", state)  # type: ignore[arg-type]
    assert not confirm.sent[0].ephemeral
    assert await where(store, "ari") == "B12"
    stored = await store.active_encounter("4242")
    assert stored is not None
    assert "bonus-dash" in stored.encounter.tokens["ari"].activity.actions


async def test_the_square_menu_lists_what_the_pressed_actions_reach(store: Store) -> None:
    """Issue 40: without Dash the menu offers the plain move's squares and, marked "with
    Dash", what a Dash adds; with Dash and a bonus Dash pressed, what they reach (a
    corridor, so every square it reaches fits the menu)."""
    await table(store)
    walls = "A1:A12 C1:J5 C7:J12 C6:F6"
    await dispatch(gm(store), "terrain set", {"kind": "wall", "cells": walls})

    def costs(view: discord.ui.View) -> dict[str, int]:
        menu = next(i for c, i in custom_ids(view).items() if c.startswith("stride:mvs:q:"))
        return {o.value: int(o.label.split("· ")[1].split()[0]) for o in menu.options}

    plain = player(store)
    south = await stamped(store, MoverState(token="ari", start="B2", steps="2"))
    await pressed(plain, "b", south.encode())  # type: ignore[arg-type]
    both = player(store)
    dashed = replace(south, action="d")
    await pressed(both, "bd", dashed.encode())  # type: ignore[arg-type]
    offered = costs(plain.sent[0].kwargs["view"])
    assert max(c for v, c in offered.items() if not v.endswith("+d")) == 30
    assert offered["B12+d"] == 50  # the corridor's end, with a Dash (picking it presses Dash)
    assert max(costs(both.sent[0].kwargs["view"]).values()) == 50
    assert not any(v.endswith("+d") for v in costs(both.sent[0].kwargs["view"]))


def test_a_mover_opened_before_bonus_actions_flight_and_stamps_still_reads() -> None:
    """A custom id from before the bonus, fly and stamp fields (five to seven parts)
    reads as none of them: a mover opened before an upgrade still answers after it (that
    it is out of date: test_a_mover_from_before_stamps_is_out_of_date)."""
    assert MoverState.decode("ari,B2,22,,d") == MoverState("ari", "B2", "22", "", "d")
    assert MoverState.decode("ari,B2,22,,d,g") == MoverState("ari", "B2", "22", "", "d", "g")
    assert MoverState.decode("ari,B2,22,,,,5") == MoverState("ari", "B2", "22", up="5")
    # from before Jump (issue 40): a state without a jump is written as it was
    stamped_id = "ari,B2,22,,d,,,abcd"
    assert MoverState.decode(stamped_id) == MoverState("ari", "B2", "22", "", "d", stamp="abcd")
    assert MoverState.decode(stamped_id).encode() == stamped_id


def test_a_square_a_dash_reaches_presses_dash_and_a_jump_lands_on_the_ways_end() -> None:
    """Issue 40: the menu's "K6+d" picks the square and presses Dash; with Jump on, the
    way's last square (pressed or picked) is where it lands, with the check's total."""
    state = MoverState(token="ari", start="B2", steps="3366", stamp="abcd")
    assert state.picked("k6+d") == MoverState("ari", "B2", "", "K6", "d", stamp="abcd")
    assert state.end == "F4"
    jumping = state.jumped().checked(14)
    assert jumping.move_options("Ari", {}, preview=False) == {
        "token": "Ari",
        "to": "F4",
        "jump": "F4",
        "check": 14,
    }
    assert jumping.jumped().jump == ""  # pressed again: off, its check with it
    assert MoverState(token="ari", start="A1", steps="7").end == ""  # off the map: path:
    with pytest.raises(Exception, match="list"):
        state.checked(14)  # no check without Jump


@pytest.mark.parametrize("stamp", ["abc", "abcde", "ab c", "ab.c"])
def test_a_mangled_stamp_is_refused(stamp: str) -> None:
    with pytest.raises(Exception, match="press Move"):
        MoverState.decode(f"ari,B2,22,,,,,{stamp}")


@pytest.mark.parametrize("up", ["x", "07", "3", "-0", "205", "-400"])
def test_a_mangled_climb_is_refused(up: str) -> None:
    with pytest.raises(Exception, match="press Move"):
        MoverState.decode(f"ari,B2,22,,,,{up}")


async def test_a_flyer_flies_up_from_the_mover_and_a_walker_is_not_offered_it(
    store: Store,
) -> None:
    """Up and Down (5 ft a press) for a token with a fly speed; Down is off on the
    ground; Confirm moves it as /move up: does (SRD Movement › Flying)."""
    await table(store)
    await dispatch(gm(store), "token add", {"name": "Bat", "at": "F9", "fly": 60})
    walker = player(store)
    await open_panel(walker)  # type: ignore[arg-type]
    assert not {"Up 5 ft", "Down 5 ft"} & labels_of(walker.sent[0].kwargs["view"])
    state = await stamped(store, MoverState(token="bat", start="F9", steps="6"), gm=True)
    for verb in ("fu", "fu"):
        press = gm(store)
        await pressed(press, verb, state.encode())  # type: ignore[arg-type]
        (edit,) = press.sent
        state = MoverState.decode(state_of(edit.kwargs["view"]))
    assert state.up == "10"
    assert "up 10 ft" in str(edit.embed.to_dict())
    controls = custom_ids(edit.kwargs["view"]).values()
    down = next(i for i in controls if getattr(i, "label", "") == "Down 5 ft")
    assert not down.disabled  # it would end 10 ft up: it may come down again
    confirm = gm(store)
    await pressed(confirm, "ok", state.encode())  # type: ignore[arg-type]
    assert not confirm.sent[0].ephemeral
    stored = await store.active_encounter("4242")
    assert stored is not None
    bat = stored.encounter.tokens["bat"]
    assert (str(bat.cell), bat.altitude_ft) == ("G9", 10)
    await dispatch(gm(store), "token add", {"name": "Owl", "at": "H9", "fly": 60})
    grounded = gm(store)  # up 5 ft pressed, then down: back on the ground
    owl = await stamped(store, MoverState(token="owl", start="H9", up="5"), gm=True)
    await pressed(grounded, "fd", owl.encode())  # type: ignore[arg-type]
    landing = next(
        i
        for i in custom_ids(grounded.sent[0].kwargs["view"]).values()
        if getattr(i, "label", "") == "Down 5 ft"
    )
    assert landing.disabled  # it would end on the ground: no lower


async def test_the_gm_chooses_which_token_from_a_menu(store: Store) -> None:
    await table(store)
    await dispatch(gm(store), "token add", {"name": "Goblin", "at": "H2"})
    asking = gm(store)
    await open_panel(asking)  # type: ignore[arg-type]
    (sent,) = asking.sent
    assert sent.embed.title == "Which token moves?"
    controls = custom_ids(sent.kwargs["view"])
    menu = next(item for cid, item in controls.items() if cid.startswith("stride:mvs:t:"))
    assert {o.value for o in menu.options} == {"ari", "orc", "goblin"}
    picking = gm(store)
    picking.data = {"values": ["goblin"]}
    choosing = await stamped(store, MoverState(), gm=True)
    await MoverMenu("t", choosing.encode()).callback(picking)  # type: ignore[arg-type]
    assert picking.sent[0].embed.title == "Move Goblin from H2"


async def test_a_stale_mover_refuses_and_changes_nothing(store: Store) -> None:
    await table(store)
    opened = await stamped(store, MoverState(token="ari", start="B2", steps="2"))
    await dispatch(gm(store), "move", {"token": "Ari", "to": "B3"})
    confirm = player(store)
    await pressed(confirm, "ok", opened.encode())  # type: ignore[arg-type]
    (sent,) = confirm.sent
    assert sent.ephemeral and "out of date" in str(sent.embed.to_dict())
    assert await where(store, "ari") == "B3"


async def test_a_player_cant_move_anothers_token_from_a_mover(store: Store) -> None:
    await table(store)
    confirm = player(store)  # a forged id, current in every other way
    forged = await stamped(store, MoverState(token="orc", start="H6", steps="4"))
    await pressed(confirm, "ok", forged.encode())  # type: ignore[arg-type]
    assert confirm.sent[0].ephemeral and "out of date" not in str(confirm.sent[0].embed.to_dict())
    assert await where(store, "orc") == "H6"


async def test_presses_count_in_the_users_cooldown(store: Store) -> None:
    """Each press searches paths and draws: a user out of their burst is told to wait,
    and nothing is drawn for them."""
    await table(store)
    spent = Cooldown(burst=1, refill_s=60.0)
    opened = (await stamped(store, MoverState(token="ari", start="B2"))).encode()
    with patch.object(dispatching, "COOLDOWN", spent):
        first = player(store)
        await pressed(first, "2", opened)  # type: ignore[arg-type]
        assert first.sent[0].via == "edit"
        second = player(store)
        await pressed(second, "2", opened)  # type: ignore[arg-type]
        assert second.sent[0].ephemeral and "Slow down" in str(second.sent[0].embed.to_dict())


async def test_a_player_without_a_token_is_told_how_to_get_one(store: Store) -> None:
    await table(store)
    stranger = FakeInteraction(store, user_id=99)
    await open_panel(stranger)  # type: ignore[arg-type]
    (sent,) = stranger.sent
    assert sent.ephemeral and "no token here" in str(sent.embed.to_dict())


async def test_a_mangled_custom_id_is_a_clear_refusal(store: Store) -> None:
    await table(store)
    asking = player(store)
    await pressed(asking, "6", "ari,B2,66x,,")  # type: ignore[arg-type]
    assert asking.sent[0].ephemeral and "press Move" in str(asking.sent[0].embed.to_dict())


@given(
    token=st.text(
        alphabet=st.characters(blacklist_characters=",", blacklist_categories=("Cs",)),
        max_size=32,
    ),
    steps=st.text(alphabet="12346789", max_size=MAX_PRESSES),
    action=st.sampled_from(["", "d", "g"]),
    bonus=st.sampled_from(["", "d", "g", "r"]),
    up_ft=st.integers(-MAX_CLIMB_FT // 5, MAX_CLIMB_FT // 5).map(lambda n: 5 * n),
    stamp=st.text(alphabet=STAMP_ALPHABET, min_size=STAMP_CHARS, max_size=STAMP_CHARS),
    jump=st.sampled_from(["", "j", "j0", "j-9", "j99", "j14"]),
)
def test_every_mover_state_fits_a_custom_id_and_reads_back(
    token: str, steps: str, action: str, bonus: str, up_ft: int, stamp: str, jump: str
) -> None:
    """The longest state (a 32-character token, the farthest square, a full pad, both
    actions or Ready, the highest climb, the turn's stamp and a jump with its check)
    still fits Discord's 100."""
    up = str(up_ft) if up_ft else ""
    state = MoverState(
        token=token,
        start="AD200",
        steps=steps,
        action=action,
        bonus=bonus,
        up=up,
        stamp=stamp,
        jump=jump,
    )
    assert MoverState.decode(state.encode()) == state
    for verb in ("ok", "7", "b", "bd", "fd", "j", "r"):
        button = MoverButton(verb, state.encode())
        assert len(button.custom_id) <= 100
    assert len(MoverMenu("q", state.encode()).custom_id) <= 100


def test_back_undoes_the_way_then_the_climb() -> None:
    state = MoverState(token="bat", start="F9", steps="6", up="10")
    assert state.back() == MoverState(token="bat", start="F9", up="10")
    assert state.back().back().back() == MoverState(token="bat", start="F9")
    assert MoverState(token="bat", start="F9", up="-5").back().up == ""


def test_the_pad_stops_at_its_limit() -> None:
    state = MoverState(token="ari", start="B2", steps="6" * MAX_PRESSES)
    with pytest.raises(Exception, match="path:"):
        state.pressed("6")
