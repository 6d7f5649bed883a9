"""Issue 38's stamp against issue 26's rule: a mover's stamp (the turn and board it was
opened on) reads the same for a player on the board with a hidden token in the turn
order as on the twin without it. The hidden Lurker acts first on one board, so Ari's
place in the order differs (2nd against 1st): a stamp of the turn's index would tell
the player a hidden creature has a turn; the acting token's key as they see it does
not. Driven through the interaction path, as test_hidden_differential's mover tests."""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

import bot.discord.dispatch as dispatching
from bot.cooldown import Cooldown
from bot.discord.mover import MoverMenu, open_panel, pressed
from bot.handlers import run_line
from bot.handlers.mover_state import MoverState
from bot.storage import Store
from tests.discord.fakes import FakeInteraction
from tests.discord.mover_stamps import stamped
from tests.discord.test_mover import state_of
from tests.handlers.hidden_twins import GM, PLAYER, Twins, context
from tests.handlers.test_hidden_differential import _controls, _message


async def turns(twins: Twins) -> None:
    """Round 1, Ari's turn on both: the hidden board's order is Lurker, Ari, Bo (the
    Lurker's turn over), the plain one's Ari, Bo."""
    await run_line(context(twins.hidden, GM, gm=True), '/turn order order:"Lurker, Ari, Bo"')
    await run_line(context(twins.hidden, GM, gm=True), "/turn next")
    await run_line(context(twins.plain, GM, gm=True), '/turn order order:"Ari, Bo"')


async def next_round(twins: Twins) -> None:
    """Round 2, Ari's turn again on both (the hidden board through the Lurker's)."""
    for store, turns_left in ((twins.hidden, 3), (twins.plain, 2)):
        for _ in range(turns_left):
            await run_line(context(store, GM, gm=True), "/turn next")


def shown(interaction: FakeInteraction) -> list[Any]:
    """What the player was shown: the messages, and each mover's controls (ids included)."""
    return [
        (_message(s.kwargs), _controls(s.kwargs["view"]) if "view" in s.kwargs else [])
        for s in interaction.sent
    ]


async def press(store: Store, verb: str, state: str) -> FakeInteraction:
    interaction = FakeInteraction(store)
    with patch.object(dispatching, "COOLDOWN", Cooldown()):
        await pressed(interaction, verb, state)  # type: ignore[arg-type]
    return interaction


async def open_on(store: Store) -> FakeInteraction:
    interaction = FakeInteraction(store)
    with patch.object(dispatching, "COOLDOWN", Cooldown()):
        await open_panel(interaction)  # type: ignore[arg-type]
    return interaction


async def test_a_hidden_token_in_the_turn_order_stamps_no_mover_differently(
    twins: Twins,
) -> None:
    await turns(twins)
    opened = [await open_on(store) for store in (twins.hidden, twins.plain)]
    assert shown(opened[0]) == shown(opened[1])
    states = [state_of(o.sent[-1].kwargs["view"]) for o in opened]
    assert states[0] == states[1], "the same custom ids, stamp and all"
    east = [await press(s, "6", states[0]) for s in (twins.hidden, twins.plain)]
    assert shown(east[0]) == shown(east[1])
    assert "Preview: Ari" in repr(shown(east[0])), "current on both boards"


async def test_a_round_passing_through_a_hidden_turn_reads_the_same(twins: Twins) -> None:
    """The round goes on through the Lurker's turn on one board only: the old mover is
    out of date on both alike, and a fresh one is the same on both."""
    await turns(twins)
    states = [state_of((await open_on(s)).sent[-1].kwargs["view"]) for s in (twins.hidden,)]
    await next_round(twins)
    old = [await press(s, "ok", states[0]) for s in (twins.hidden, twins.plain)]
    assert shown(old[0]) == shown(old[1])
    assert "out of date" in repr(shown(old[0]))
    fresh = [await open_on(store) for store in (twins.hidden, twins.plain)]
    assert shown(fresh[0]) == shown(fresh[1])
    assert state_of(fresh[0].sent[-1].kwargs["view"]) != states[0]


async def test_a_hidden_tokens_turn_leaves_a_players_mover_out_of_date_as_any_turn_does(
    twins: Twins,
) -> None:
    """Ari's turn ends: on the hidden board the Lurker's ("the GM's turn") follows in
    round 2, on the plain one Ari's own in round 2. Either way Ari's mover from round 1 is
    out of date, with the same words: the hidden turn shows in nothing of the reply."""
    await turns(twins)
    state = state_of((await open_on(twins.plain)).sent[-1].kwargs["view"])
    await run_line(context(twins.hidden, GM, gm=True), "/turn next")  # Bo's
    await run_line(context(twins.hidden, GM, gm=True), "/turn next")  # the Lurker's: round 2
    for _ in range(2):
        await run_line(context(twins.plain, GM, gm=True), "/turn next")  # Bo's, Ari's
    old = [await press(s, "2", state) for s in (twins.hidden, twins.plain)]
    assert shown(old[0]) == shown(old[1])
    assert "out of date" in repr(shown(old[0]))


async def test_a_mover_out_of_its_tokens_turn_reads_the_same(twins: Twins) -> None:
    """Issue 40 item 4 against issue 26's rule: on Ari's turn the player picks Bo, and
    Bo's mover says at once that it is Ari's turn, with Ready and Confirm held back, in
    the same words and controls on both boards; Ready, pressed, reads the same too."""
    await turns(twins)
    answers = []
    states = []
    for store in (twins.hidden, twins.plain):
        choosing = await stamped(store, MoverState(), viewer=PLAYER)
        interaction = FakeInteraction(store)
        interaction.data = {"values": ["bo"]}
        with patch.object(dispatching, "COOLDOWN", Cooldown()):
            await MoverMenu("t", choosing.encode()).callback(interaction)  # type: ignore[arg-type]
        answers.append(shown(interaction))
        states.append(state_of(interaction.sent[-1].kwargs["view"]))
    assert answers[0] == answers[1]
    assert "Not its turn" in repr(answers[0])
    assert "turn (round 1): Bo can move on its own turn" in repr(answers[0])
    assert states[0] == states[1]
    east = MoverState.decode(states[0]).pressed("6").encode()
    readied = [await press(s, "r", east) for s in (twins.hidden, twins.plain)]
    assert shown(readied[0]) == shown(readied[1])
    assert "a readied move" in repr(shown(readied[0]))
