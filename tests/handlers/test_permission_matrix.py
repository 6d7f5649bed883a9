"""The permission matrix: every command that changes an encounter, tried by the GM, a
token's owner on and off its turn, another player and from another channel. Every
forbidden attempt is refused (NotAllowed, or no encounter there) and changes nothing;
the allowed ones go through. Tested through the handlers both shells call."""

from __future__ import annotations

import random

import pytest

from bot.context import Context
from bot.errors import InvalidInput, NotAllowed, RulingError
from bot.storage import Store
from tests.handlers.encounter_helpers import run, state

CHANNEL = "table-1"


def who(store: Store, user: str, *, gm: bool = False, channel: str = CHANNEL) -> Context:
    return Context(store, channel, user, is_gm=gm, rng=random.Random(1))


async def table(store: Store, ruleset: str = "3.5") -> None:
    """dm's encounter: Ari (ari's), Bo (bo's), Orc (the GM's); a door; Bo's turn."""
    dm = who(store, "dm")
    await run(dm, f"/encounter start width:10 height:10 ruleset:{ruleset}")
    await run(who(store, "ari"), "/token add name:Ari at:A1")
    await run(who(store, "bo"), "/token add name:Bo at:C1")
    await run(dm, "/token add name:Orc at:H8 team:enemy")
    if ruleset != "becmi":
        await run(dm, "/terrain edge cells:A1/A2 kind:door")
    await run(dm, '/turn order order:"Bo, Ari, Orc"')


# (who, line): each must be refused
FORBIDDEN: list[tuple[str, str]] = [
    # another player, on anything that is not theirs
    ("eve", "/move token:Ari to:B2"),
    ("eve", "/token edit token:Ari speed:40"),
    ("eve", "/token remove token:Ari"),
    ("eve", "/token condition token:Ari add:prone"),
    ("eve", "/door token:Ari edge:A1/A2 open:true"),
    ("eve", "/terrain set cells:E5 kind:wall"),
    ("eve", "/terrain clear"),
    ("eve", "/terrain light cells:E5 dark:true"),
    ("eve", "/terrain edge cells:E5/E6 kind:wall"),
    ("eve", '/turn order order:"Ari, Bo"'),
    ("eve", "/turn next"),
    ("eve", "/turn clear"),
    ("eve", "/encounter end confirm:true"),
    ("eve", "/move token:Orc to:H7"),
    ("eve", "/ruleset set system:becmi"),
    ("eve", "/token add name:Spy at:E5"),  # no adding during a turn order
    # the owner, out of its token's turn (it is Bo's)
    ("ari", "/move token:Ari to:B2"),
    ("ari", "/door token:Ari edge:A1/A2 open:true"),
    ("ari", "/token edit token:Ari at:B2"),
    ("ari", "/token add name:Ari2 at:B2"),  # no adding during a turn order
    ("ari", "/turn next"),
    # the acting player, on what isn't theirs
    ("bo", "/move token:Ari to:B2"),
    ("bo", "/move token:Orc to:H7"),
    ("bo", "/move token:Ari to:B3 forced:push by:Bo"),
    ("bo", "/terrain set cells:E5 kind:wall"),
    ("bo", "/undo"),  # the latest change is the GM's turn order
]


@pytest.mark.parametrize(("user", "line"), FORBIDDEN)
async def test_a_forbidden_attempt_is_refused_and_changes_nothing(
    store: Store, user: str, line: str
):
    await table(store)
    before = await state(store)
    with pytest.raises(RulingError) as caught:
        await run(who(store, user), line)
    assert isinstance(caught.value, NotAllowed), (user, line, caught.value)
    assert await state(store) == before, (user, line)


async def test_remove_then_add_cannot_move_a_token_out_of_turn(store: Store):
    """The issue's hole: removing one's own token and adding it again elsewhere."""
    await table(store)
    ari = who(store, "ari")
    await run(ari, "/token remove token:Ari")  # its own token: allowed
    before = await state(store)
    with pytest.raises(NotAllowed):
        await run(ari, "/token add name:Ari at:J10")
    assert await state(store) == before


ALLOWED: list[tuple[str, str]] = [
    ("bo", "/move token:Bo to:D2"),
    ("bo", "/turn next"),  # the acting token's owner ends its turn
    ("dm", "/move token:Ari to:B2"),
    ("dm", "/door token:Ari edge:A1/A2 open:true"),
    ("dm", "/token add name:Wolf at:E5"),
    ("dm", "/terrain set cells:E5 kind:wall"),
    ("dm", "/move token:Orc to:H7 forced:slide"),
]


@pytest.mark.parametrize(("user", "line"), ALLOWED)
async def test_what_is_allowed_goes_through(store: Store, user: str, line: str):
    await table(store)
    before = await state(store)
    await run(who(store, user, gm=user == "dm"), line)
    assert await state(store) != before


async def test_manage_channels_makes_a_player_a_gm(store: Store):
    await table(store)
    await run(who(store, "eve", gm=True), "/terrain set cells:E5 kind:wall")


async def test_another_channel_reaches_no_encounter(store: Store):
    await table(store)
    before = await state(store)
    elsewhere = who(store, "eve", channel="table-2")
    for line in ("/move token:Ari to:B2", "/token remove token:Ari", "/terrain clear", "/undo"):
        with pytest.raises(InvalidInput):
            await run(elsewhere, line)
    assert await state(store) == before


async def test_becmi_group_move_checks_every_token_it_moves(store: Store):
    """The issue's hole: a becmi group move dragged another player's token and the GM's
    monster along, checking only the leader."""
    await table(store, "becmi")
    before = await state(store)
    with pytest.raises(NotAllowed):
        await run(who(store, "bo"), '/move token:Bo to:C3 group:"Ari, Orc"')
    assert await state(store) == before
