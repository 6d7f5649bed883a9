"""Issue 40, "The mover", items 1 to 6, through the interaction path: the Move button's
mover opened and pressed with FakeInteraction, as a player on Discord would.

1. The menu offers the squares that matter (the farthest each way, next to each
   creature, what a Dash adds) and pages to the rest; Dash changes it.
2. Every picture the mover shows frames the token being moved and where it can go.
3. It opens on the move (the reachable squares and the Dash band), not the reach.
4. Out of the token's turn it says so at once, with Ready and a preview left.
5. A refused press is said in the mover's terms, once, naming what blocks.
6. Bonus Dash and Disengage, Jump, Up and Down are buttons where the rules have them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from unittest.mock import patch

import discord
import pytest

import bot.discord.dispatch as dispatching
import bot.handlers.board as board_pictures
from bot.cooldown import Cooldown
from bot.discord.dispatch import dispatch
from bot.discord.mover import open_panel, pressed
from bot.encounter import Encounter
from bot.grid.coords import Cell
from bot.handlers.mover_state import MoverState
from bot.render.board import board_window
from bot.render.view import BoardView
from bot.storage import Store
from tests.discord.fakes import FakeInteraction, Sent
from tests.discord.mover_stamps import stamped
from tests.discord.test_mover import custom_ids, state_of

PLAYER = 78
# /move's options as a refusal to a typed command names them ("Give another path:",
# "add jump:<the square to land on>", "action:dash reaches it", "or to: alone")
TYPED = re.compile(r"\b(path|jump|action|bonus|ready|check):\S|\bto: ")


@pytest.fixture(autouse=True)
def own_cooldown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dispatching, "COOLDOWN", Cooldown())


def gm(store: Store, channel: int = 4242) -> FakeInteraction:
    return FakeInteraction(store, manage_channels=True, channel_number=channel)


def player(store: Store, channel: int = 4242) -> FakeInteraction:
    return FakeInteraction(store, user_id=PLAYER, channel_number=channel)


async def setup(store: Store, ruleset: str, size: tuple[int, int], *lines: Any) -> None:
    """A board, and the GM's commands on it: (command, options) pairs."""
    width, height = size
    await dispatch(
        gm(store), "encounter start", {"width": width, "height": height, "ruleset": ruleset}
    )
    for command, options in lines:
        asked = gm(store)
        await dispatch(asked, command, options)
        said = str(asked.sent[0].embed.to_dict()) if asked.sent else ""
        assert "can't" not in said and "isn't" not in said, said


def mine(name: str, at: str, **more: Any) -> tuple[str, dict[str, Any]]:
    return ("token add", {"name": name, "at": at, "owner": str(PLAYER), "team": "party", **more})


async def opened(store: Store) -> Sent:
    asking = player(store)
    await open_panel(asking)  # type: ignore[arg-type]
    (sent,) = asking.sent
    return sent


async def press(store: Store, verb: str, state: str, picked: str = "") -> Sent:
    asking = player(store)
    await pressed(asking, verb, state, picked)  # type: ignore[arg-type]
    return asking.sent[-1]


def menu(sent: Sent) -> dict[str, str]:
    """The square menu's options: value → label, in order."""
    found = next(
        i for c, i in custom_ids(sent.kwargs["view"]).items() if c.startswith("stride:mvs:q:")
    )
    return {o.value: o.label for o in found.options}


def buttons(sent: Sent) -> dict[str, Any]:
    """The mover's buttons by label (a tick dropped)."""
    return {
        str(item.label).removesuffix(" \u2713"): item
        for item in custom_ids(sent.kwargs["view"]).values()
        if isinstance(item, discord.ui.Button)
    }


def said(sent: Sent) -> str:
    return str(sent.embed.to_dict())


async def where(store: Store, name: str, channel: str = "4242") -> str:
    stored = await store.active_encounter(channel)
    assert stored is not None
    return str(stored.encounter.tokens[name].cell)


# ---------------------------------------------------------------- 1. the menu


async def test_the_menu_offers_a_whole_move_each_way_in_one_tap(store: Store) -> None:
    """The farthest square each way is one tap: the pad took six presses for it."""
    await setup(store, "5e", (20, 20), mine("Ari", "J10"))
    first = await opened(store)
    offered = menu(first)
    assert offered["J4"] == "J4 · 30 ft · farthest \u2191"
    assert offered["P4"] == "P4 · 30 ft · farthest \u2197"  # 5e: a diagonal costs 5 ft
    assert offered["P10"] == "P10 · 30 ft · farthest \u2192"
    assert offered["D16"] == "D16 · 30 ft · farthest \u2199"
    picked = await press(store, "q", state_of(first.kwargs["view"]), "P10")
    assert picked.embed.title.startswith("Preview: Ari moves to P10 — 30 ft, 0 ft left")
    confirm = player(store)
    await pressed(confirm, "ok", state_of(picked.kwargs["view"]))  # type: ignore[arg-type]
    assert not confirm.sent[0].ephemeral
    assert await where(store, "ari") == "P10"


async def test_the_menu_offers_the_squares_next_to_each_creature_and_what_a_dash_adds(
    store: Store,
) -> None:
    await setup(
        store,
        "5e",
        (20, 20),
        mine("Ari", "B10"),
        ("token add", {"name": "Bo", "at": "B14", "team": "party"}),
        ("token add", {"name": "Orc", "at": "F10", "team": "enemy"}),
        ("token add", {"name": "Ogre", "at": "N10", "team": "enemy", "size": "large"}),
    )
    first = await opened(store)
    offered = menu(first)
    labels = list(offered.values())
    assert "E9 · 15 ft · next to Orc" in labels
    assert "A13 · 15 ft · next to Bo" in labels
    # the Ogre is past a move: the square next to it a Dash reaches presses Dash too
    assert offered["M9+d"] == "M9 · 55 ft · next to Ogre, with Dash"
    assert offered["N1+d"] == "N1 · 60 ft · farthest \u2197, with Dash"
    labels_in_order = [label.split(" · ")[2] for label in labels[:-1]]
    assert labels_in_order.index("next to Orc") < labels_in_order.index("next to Bo"), "foes first"
    dashing = await press(store, "q", state_of(first.kwargs["view"]), "N1+d")
    assert dashing.embed.title.startswith("Preview: Ari moves to N1")
    assert MoverState.decode(state_of(dashing.kwargs["view"])).action == "d"
    assert "Dash" in str(buttons(dashing)) and buttons(dashing)["Dash"].label.endswith("\u2713")


async def test_dash_and_a_double_move_change_what_the_menu_offers(store: Store) -> None:
    """3.5's double move pressed: the farthest squares are the double move's, and there
    is no "with Double move" band left to offer."""
    await setup(store, "3.5", (30, 30), mine("Ari", "O15"))
    first = await opened(store)
    plain = menu(first)
    assert plain["U15"] == "U15 · 30 ft · farthest \u2192"
    assert plain["AA15+d"] == "AA15 · 60 ft · farthest \u2192, with Double move"
    doubled = await press(store, "d", state_of(first.kwargs["view"]))
    offered = menu(doubled)
    assert offered["AA15"] == "AA15 · 60 ft · farthest \u2192"
    assert not any(value.endswith("+d") for value in offered)


async def test_every_other_square_is_a_page_away_in_name_order(store: Store) -> None:
    await setup(store, "5e", (12, 12), mine("Ari", "F6"))
    first = await opened(store)
    state = state_of(first.kwargs["view"])
    last = list(menu(first).items())[-1]
    assert last == ("p1", "every square, A1–B11 (page 1 of 7) \u203a")
    seen: list[str] = []
    page, pages = await press(store, "q", state, "p1"), 0
    while True:
        pages += 1
        options = list(menu(page).items())
        assert options[0] == ("p0", "\u2039 Back: the squares that matter")
        squares = [v for v, _ in options[1:] if not v.startswith("p")]
        assert len(squares) <= 23
        seen += squares
        following = [v for v, _ in options[1:] if v.startswith("p")]
        if not following:
            break
        page = await press(store, "q", state, following[0])
    assert pages == 7
    cells = [Cell.parse(v.removesuffix("+d")) for v in seen]
    assert cells == sorted(cells), "in the order squares are named: A1, A2... B1"
    assert len(seen) == 143, "every square of the 12×12 map but its own"
    back = await press(store, "q", state, "p0")
    assert menu(back) == menu(first)
    picked = await press(store, "q", state, seen[0])
    assert picked.embed.title.startswith("Preview: Ari moves to A1")


# ---------------------------------------------------------------- 2. and 3. the picture


@pytest.fixture
def pictures() -> Iterator[list[tuple[Encounter, BoardView]]]:
    """Every board picture drawn meanwhile: the board and the view it was drawn with."""
    drawn: list[tuple[Encounter, BoardView]] = []
    real = board_pictures.render_board

    def spy(encounter: Encounter, footprints: Any, view: BoardView) -> bytes:
        drawn.append((encounter, view))
        return real(encounter, footprints, view)

    with patch.object(board_pictures, "render_board", spy):
        yield drawn


def framed(encounter: Encounter, view: BoardView) -> tuple[Cell, Cell]:
    from bot.rules import get_ruleset

    return board_window(encounter, get_ruleset(encounter.ruleset).footprint_squares, view)


def phone_unreadable(encounter: Encounter, view: BoardView) -> list[Any]:
    """The texts of the picture under the phone rule's 9 px at 360 px wide."""
    from bot.render.layout import plan
    from bot.render.legibility import texts, too_small
    from bot.rules import get_ruleset

    footprints = get_ruleset(encounter.ruleset).footprint_squares
    layout = plan(encounter, footprints, view)
    return list(too_small(texts(encounter, footprints, view, layout), layout))


def inside(cell: Cell, window: tuple[Cell, Cell]) -> bool:
    first, last = window
    return first.col <= cell.col <= last.col and first.row <= cell.row <= last.row


async def test_every_picture_the_mover_shows_frames_the_token_it_moves(
    store: Store, pictures: list[tuple[Encounter, BoardView]]
) -> None:
    """The issue's board: 28×12, the Ogre's turn, Bo at C6. "Move Bo from C6" drew
    O1–AA12 (the acting Ogre's part) with Bo off the picture; now the opening, a
    preview, Dash and a refused press each frame Bo and the squares it can go to."""
    await setup(
        store,
        "5e",
        (28, 12),
        mine("Bo", "C6"),
        ("token add", {"name": "Ogre", "at": "Y6", "team": "enemy", "size": "large"}),
        ("turn order", {"order": "Ogre, Bo"}),
        ("terrain set", {"kind": "wall", "cells": "E1:E5"}),
    )
    pictures.clear()  # the board message's
    first = await opened(store)
    assert first.embed.title == "Move Bo from C6"
    state = state_of(first.kwargs["view"])
    east = await press(store, "6", state)
    await press(store, "d", state_of(east.kwargs["view"]))
    refused = await press(store, "9", state_of(east.kwargs["view"]))  # D6 → E5: wall
    assert "E5" in said(refused)
    assert len(pictures) == 4
    for encounter, view in pictures:
        bo = encounter.tokens["bo"].cell
        window = framed(encounter, view)
        assert not phone_unreadable(encounter, view), "docs/PICTURES.md's rule"
        assert inside(bo, window), (bo, window)
        assert view.move is not None, "the move's bands, not /map's melee reach"
        band = view.move.reach_now
        cols = max(c.col for c in band) - min(c.col for c in band) + 1
        if cols <= window[1].col - window[0].col + 1:  # where it fits, all of it
            assert all(inside(cell, window) for cell in band), window
        else:  # a Dash's band is wider than a phone's picture: round the token
            assert sum(inside(cell, window) for cell in band) > len(band) / 2, window


async def test_the_mover_opens_on_the_move_not_the_melee_reach(
    store: Store, pictures: list[tuple[Encounter, BoardView]]
) -> None:
    """Before any press the picture is the move: the squares the token reaches now and
    those only a Dash adds, as the menu offers them; no reach box is outlined."""
    await setup(store, "5e", (20, 20), mine("Ari", "J10"))
    pictures.clear()  # the board message's
    first = await opened(store)
    ((_, view),) = pictures
    assert view.move is not None and not view.reach
    assert view.move.path == (Cell.parse("J10"),)
    now, more = view.move.reach_now, view.move.reach_more
    assert len(now) == 13 * 13 - 1 and Cell.parse("P16") in now  # 30 ft each way
    assert Cell.parse("T10") in more and not now & more  # 50 ft: with a Dash
    assert "Can go" in said(first) and "reach is outlined" not in said(first)
    offered = {Cell.parse(v.removesuffix("+d")) for v in menu(first) if not v.startswith("p")}
    assert offered <= now | more


# ---------------------------------------------------------------- 4. out of turn


async def test_out_of_turn_the_mover_says_so_at_once_and_offers_ready_and_a_preview(
    store: Store,
) -> None:
    await setup(
        store,
        "5e",
        (12, 12),
        mine("Bo", "C6"),
        ("token add", {"name": "Ogre", "at": "J6", "team": "enemy"}),
        ("turn order", {"order": "Ogre, Bo"}),
    )
    first = await opened(store)
    note = next(f for f in first.embed.fields if f.name == "Not its turn")
    assert note.value.startswith("It's Ogre's turn (round 1): Bo can move on its own turn.")
    assert "Ready" in str(note.value) and "previews" in str(note.value)
    assert buttons(first)["Confirm"].disabled and "Ready" in buttons(first)
    planned = await press(store, "6", state_of(first.kwargs["view"]))
    assert planned.embed.title.startswith("Preview: Bo moves to D6")
    assert buttons(planned)["Confirm"].disabled, "Confirm waits for its turn"
    readied = await press(store, "r", state_of(planned.kwargs["view"]))
    assert not buttons(readied)["Confirm"].disabled
    assert "Bonus Dash" not in buttons(readied), "a readied move takes no bonus action"
    confirm = player(store)
    await pressed(confirm, "ok", state_of(readied.kwargs["view"]))  # type: ignore[arg-type]
    assert not confirm.sent[0].ephemeral and "out of turn" in confirm.sent[0].embed.title
    assert await where(store, "bo") == "D6"


async def test_out_of_turn_under_becmi_there_is_no_ready(store: Store) -> None:
    await setup(
        store,
        "becmi",
        (12, 12),
        mine("Bo", "C6"),
        ("token add", {"name": "Ogre", "at": "J6", "team": "enemy"}),
        ("turn order", {"order": "Ogre, Bo"}),
    )
    first = await opened(store)
    assert "Ready" not in buttons(first) and buttons(first)["Confirm"].disabled
    assert "Confirm waits for its turn" in said(first)


# ---------------------------------------------------------------- 5. refusals


def once(text: str, words: str) -> bool:
    return text.count(words) == 1


async def test_a_refused_press_names_the_door_once_in_the_movers_words(store: Store) -> None:
    await setup(
        store,
        "5e",
        (12, 12),
        mine("Ari", "B2"),
        ("terrain edge", {"cells": "B2/C2", "kind": "door"}),
    )
    first = await opened(store)
    refused = await press(store, "6", state_of(first.kwargs["view"]))
    text = said(refused)
    assert refused.embed.title == "Ari can't step \u2192 from B2 to C2"
    assert once(text, "A closed door between B2 and C2 is in the way")
    assert "\u21ba takes the press back" in text
    assert not refused.embed.description
    assert not TYPED.search(text), text


async def test_a_press_too_far_says_press_dash_and_lists_the_nearest_square(
    store: Store,
) -> None:
    await setup(store, "5e", (20, 20), mine("Ari", "B2"))
    state = await stamped(store, MoverState(token="ari", start="B2", steps="3" * 6))
    refused = await press(store, "3", state.encode())  # 35 ft
    text = said(refused)
    assert refused.embed.title == "Ari can't reach I9"
    assert once(text, "That costs 35 ft and move allows 30 ft")
    assert "press Dash" in text and "H8 (30 ft) in the menu" in text
    assert not TYPED.search(text), text
    assert next(iter(menu(refused).items())) == (
        "H8",
        "H8 · 30 ft · nearest to I9, farthest \u2198",
    )


async def test_a_pit_says_press_jump_not_add_jump(store: Store) -> None:
    await setup(
        store,
        "5e",
        (12, 12),
        mine("Ari", "B7"),
        ("terrain set", {"kind": "pit", "cells": "E1:E12"}),
    )
    state = await stamped(store, MoverState(token="ari", start="B7", steps="66"))
    refused = await press(store, "6", state.encode())
    text = said(refused)
    assert once(text, "E7 is a pit: only a flyer crosses it")
    assert "Press Jump and end the way past it" in text
    assert not TYPED.search(text), text


# ---------------------------------------------------------------- 6. the buttons


@pytest.mark.parametrize("ruleset", ["5e", "5e-2024", "5e-alt", "3.5", "epic-path", "becmi"])
async def test_each_button_is_there_where_the_ruleset_has_it(store: Store, ruleset: str) -> None:
    """Bonus Dash and Disengage under the SRDs' bonus actions, Jump where a jump rule is
    (not becmi's), Up and Down for a token that flies, Ready out of its turn where the
    rules have a readied move (not becmi)."""
    bat = ("token add", {"name": "Bat", "at": "H8", "fly": 60})
    await setup(store, ruleset, (12, 12), mine("Ari", "B2"), bat)
    walker = buttons(await opened(store))  # Ari, their one token
    srd = ruleset in ("5e", "5e-2024")
    assert ("Bonus Dash" in walker) == ("Bonus Disengage" in walker) == srd
    assert ("Jump" in walker) == (ruleset != "becmi")
    assert "Up 5 ft" not in walker and "Ready" not in walker  # no turn order: all move
    flying = await stamped(store, MoverState(token="bat", start="H8"), gm=True)
    pressing = gm(store)
    await pressed(pressing, "6", flying.encode())  # type: ignore[arg-type]
    flyer = buttons(pressing.sent[-1])
    assert "Up 5 ft" in flyer and "Down 5 ft" in flyer
    await dispatch(gm(store), "turn order", {"order": "Bat, Ari"})
    ari = await stamped(store, MoverState(token="ari", start="B2"), viewer=str(PLAYER))
    waiting = buttons(await press(store, "2", ari.encode()))
    assert ("Ready" in waiting) == (ruleset != "becmi")


async def test_a_5e_jump_over_a_pit_from_the_mover(store: Store) -> None:
    """Jump on: the way's last square is where Ari lands, the run-up the rules' (SRD 5.1
    Jumping: a long jump of the Strength score with a 10 ft run-up)."""
    await setup(
        store,
        "5e",
        (12, 12),
        mine("Ari", "B7"),
        ("token stats", {"token": "Ari", "strength": 14}),
        ("terrain set", {"kind": "pit", "cells": "E1:E12"}),
    )
    first = await opened(store)
    state = state_of(first.kwargs["view"])
    jumping = await press(store, "j", state)
    assert buttons(jumping)["Jump"].label == "Jump \u2713"
    for _ in range(4):  # to F7, past the pit
        jumping = await press(store, "6", state_of(jumping.kwargs["view"]))
    assert jumping.embed.title.startswith("Preview: Ari moves to F7")
    assert "From D7 to F7" in said(jumping)
    confirm = player(store)
    await pressed(confirm, "ok", state_of(jumping.kwargs["view"]))  # type: ignore[arg-type]
    assert not confirm.sent[0].ephemeral
    assert await where(store, "ari") == "F7"


async def test_a_3_5_jump_asks_for_the_checks_total_from_the_menu(store: Store) -> None:
    await setup(
        store,
        "3.5",
        (12, 12),
        mine("Ari", "B7"),
        ("terrain set", {"kind": "pit", "cells": "F1:F12"}),
    )
    state = await stamped(store, MoverState(token="ari", start="B7", steps="6666", jump="j"))
    asked = await press(store, "6", state.encode())  # landing on G7
    assert asked.embed.title == "Ari jumps to G7: what did the check come to?"
    assert "DC 10" in said(asked) and not TYPED.search(said(asked))
    totals = menu(asked)
    assert totals["c10"] == "Check 10 · DC 10 to land on G7" and len(totals) == 25
    made = await press(store, "q", state_of(asked.kwargs["view"]), "c14")
    assert made.embed.title.startswith("Preview: Ari moves to G7")
    assert MoverState.decode(state_of(made.kwargs["view"])).jump == "j14"
    confirm = player(store)
    await pressed(confirm, "ok", state_of(made.kwargs["view"]))  # type: ignore[arg-type]
    assert await where(store, "ari") == "G7"
