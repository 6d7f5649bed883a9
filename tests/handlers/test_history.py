"""/history and /undo."""

from __future__ import annotations

import itertools
import json
import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.context import Context
from bot.errors import InvalidInput, NotAllowed, RulingError
from bot.handlers import run_line
from bot.reply import plain
from bot.storage import Store
from bot.user_ids import name_id
from tests.handlers.encounter_helpers import ask_json, person, refused, run, state, tokens

DM, ARI = name_id("dm"), name_id("ari")  # the conftest's gm and player


async def test_history_lists_the_newest_first(gm: Context, player: Context):
    await run(gm, "/encounter start width:10 height:10")
    await run(player, "/token add name:Ari")
    await run(gm, "/terrain set cells:B2 kind:water")
    reply = await run(player, "/history")
    changes = reply.result["changes"]
    assert [(c["command"], c["by"]) for c in changes] == [
        ("terrain set", DM),
        ("token add", ARI),
        ("encounter start", DM),
    ]
    assert changes[1]["summary"] == "added Ari (Medium, party) at A1"
    lines = [plain(line) for line in reply.fields[0].value.splitlines()]
    assert lines[1].endswith(f"<@{ARI}> /token add: added Ari (Medium, party) at A1")
    # one short line each: a timestamp Discord shows as "5 minutes ago", no UTC date
    assert re.fullmatch(
        rf"\u2060<t:\d+:R> \u2060<@{ARI}> /token add: added Ari \(Medium, party\) at A1",
        reply.fields[0].value.splitlines()[1],
    )
    assert reply.title == "The last 3 changes here, newest first"
    assert not any(f.name == "Turn" for f in reply.fields)  # no turn order yet
    assert len((await run(gm, "/history count:2")).result["changes"]) == 2


async def test_history_of_a_quiet_channel(player: Context):
    reply = await run(player, "/history")
    assert reply.result["changes"] == [] and reply.title.startswith("No changes")
    await refused(player, "/history count:0", InvalidInput, "from 1 to 50")


async def test_undo_says_what_it_undid(gm: Context):
    await run(gm, "/encounter start", "/token add name:Ari")
    before = await state(gm.store)
    await run(gm, "/token edit token:Ari at:E5")
    reply = await run(gm, "/undo")
    assert reply.title == "Undid /token edit: edited Ari: at E5"
    assert ("Now", "Ari is back at A1 (was at E5)") in [(f.name, f.value) for f in reply.fields]
    assert reply.result["now"] == ["Ari is back at A1 (was at E5)"]
    assert reply.image_png is not None and reply.image_png.startswith(b"\x89PNG")
    assert reply.result["undone"] == {
        "command": "token edit",
        "summary": "edited Ari: at E5",
        "by": DM,
        "at": reply.result["undone"]["at"],
    }
    assert await state(gm.store) == before


async def test_a_player_undoes_only_their_own_latest_change(
    gm: Context, player: Context, store: Store
):
    """Issue 5 item 10."""
    bo = person(store, "bo")
    await run(gm, "/encounter start")
    await run(player, "/token add name:Ari")
    await refused(bo, "/undo", NotAllowed, f"<@{ARI}>'s /token add")
    await run(player, "/token edit token:Ari at:C3")
    await run(gm, "/terrain set cells:A1 kind:water")
    # the GM's change is newer: Ari's owner can't reach past it
    await refused(player, "/undo", NotAllowed, "only their own change, and only while it is")
    await run(gm, "/undo")
    undone = await run(player, "/undo")
    assert undone.result["undone"]["summary"] == "edited Ari: at C3"
    assert (await tokens(store))["Ari"]["cell"] == "A1"


async def test_the_gm_undoes_anything_step_by_step(gm: Context, player: Context, store: Store):
    sam = person(store, "sam")  # starts it: the encounter's GM
    await run(sam, "/encounter start")
    states = [await state(store)]
    for ctx, line in (
        (player, "/token add name:Ari"),
        (sam, "/token add name:Goblin team:enemy"),
        (player, "/token condition token:Ari add:prone"),
        (gm, '/turn order order:"Goblin, Ari"'),
    ):
        await run(ctx, line)
        states.append(await state(store))
    for expected in reversed(states[:-1]):
        await run(sam, "/undo")
        assert await state(store) == expected
    gone = await run(gm, "/undo")  # the start itself: the encounter is gone
    assert gone.result["undone"]["command"] == "encounter start"
    assert gone.result["encounter_running"] is False
    assert await state(store) is None
    assert await store.archived_encounters("table-1") == []  # undone, not archived
    await refused(gm, "/undo", InvalidInput, "nothing to undo")


async def test_undo_of_an_end_brings_the_encounter_back(gm: Context):
    await run(gm, "/encounter start", "/token add name:Ari")
    before = await state(gm.store)
    await run(gm, "/encounter end confirm:true")
    back = await run(gm, "/undo")
    assert back.result["encounter_running"] is True
    assert await state(gm.store) == before
    assert (await run(gm, "/encounter show")).result["tokens"][0]["name"] == "Ari"


async def test_undo_crosses_encounters_in_order(gm: Context):
    await run(gm, "/encounter start width:5 height:5", "/encounter end confirm:true")
    await run(gm, "/encounter start width:7 height:7")
    await run(gm, "/undo")  # the second start
    assert await state(gm.store) is None
    await run(gm, "/undo")  # the end: the first one is back
    assert json.loads(await state(gm.store) or "")["width"] == 5


async def test_channels_have_their_own_history(store: Store):
    one, two = person(store, "dm", gm=True), person(store, "dm", gm=True, channel="table-2")
    await run(one, "/encounter start")
    await run(two, "/encounter start", "/token add name:Ari")
    await run(one, "/undo")
    assert await state(store) is None
    assert list(await tokens(store, "table-2")) == ["Ari"]


async def test_console_json(store: Store):
    await ask_json(store, "/encounter start width:5 height:5")
    await ask_json(store, "/token add name:Ari")
    code, data = await ask_json(store, "/history")
    assert code == 0
    assert [c["command"] for c in data["result"]["changes"]] == ["token add", "encounter start"]
    code, data = await ask_json(store, "/undo")
    assert data["result"]["undone"]["command"] == "token add"
    assert data["result"]["undone"]["by"] == name_id("console-gm")


# ------------------------------------------------------------ the property

NAMES = ["Ari", "Bo", "Cy", "Dee", "Ogre", "Rat"]
CELLS = ["A1", "B2", "C3", "D4", "F6", "H8", "I9", "Z99", "B2-B4", "A1:C2"]
SIZES = ["medium", "large", "tiny", "huge", "colossal"]

command_lines = st.one_of(
    st.builds(
        "/token add name:{} size:{} at:{}".format,
        st.sampled_from(NAMES),
        st.sampled_from(SIZES),
        st.sampled_from(CELLS),
    ),
    st.builds("/token add name:{}".format, st.sampled_from(NAMES)),
    st.builds("/token edit token:{} at:{}".format, st.sampled_from(NAMES), st.sampled_from(CELLS)),
    st.builds(
        "/token edit token:{} size:{} fly:{}".format,
        st.sampled_from(NAMES),
        st.sampled_from(SIZES),
        st.integers(-5, 90),
    ),
    st.builds("/token remove token:{}".format, st.sampled_from(NAMES)),
    st.builds(
        "/token condition token:{} {}:{}".format,
        st.sampled_from(NAMES),
        st.sampled_from(["add", "remove"]),
        st.sampled_from(["prone", "grappled", "ko", "on-fire"]),
    ),
    st.builds(
        '/terrain set cells:"{}" kind:{}'.format,
        st.sampled_from(CELLS),
        st.sampled_from(["wall", "difficult", "pit", "water", "clear", "lava", "jelly"]),
    ),
    st.builds('/terrain clear cells:"{}"'.format, st.sampled_from(CELLS)),
    st.just("/terrain clear"),
    st.just("/turn order roll:true"),
    st.builds('/turn order order:"{}, {}"'.format, st.sampled_from(NAMES), st.sampled_from(NAMES)),
    st.just("/turn next"),
    st.just("/turn clear"),
    st.builds(
        "/move token:{} to:{} action:{}".format,
        st.sampled_from(NAMES),
        st.sampled_from(CELLS[:7]),
        st.sampled_from(["move", "dash", "stand", "drop-prone", "run"]),
    ),
    st.builds(
        "/move token:{} to:{} jump:{}".format,
        st.sampled_from(NAMES),
        st.sampled_from(CELLS[:7]),
        st.sampled_from(CELLS[:7]),
    ),
    st.builds(
        "/move token:{} to:{} forced:push by:{}".format,
        st.sampled_from(NAMES),
        st.sampled_from(CELLS[:7]),
        st.sampled_from(NAMES),
    ),
    st.builds(
        "/terrain edge cells:{} kind:{}".format,
        st.sampled_from(["B2/B3", "C3/D3", "A1/C1", "Z9/Z10"]),
        st.sampled_from(["wall", "door", "open-door", "low-wall", "clear"]),
    ),
    st.builds("/door token:{} edge:C3/D3".format, st.sampled_from(NAMES)),
    st.builds('/terrain light cells:"{}"'.format, st.sampled_from(CELLS)),
)
channels = itertools.count()


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    steps=st.lists(st.tuples(st.booleans(), command_lines), max_size=20),
    seed=st.integers(0, 1000),
)
async def test_undo_restores_the_state_before_any_sequence(
    store: Store, steps: list[tuple[bool, str]], seed: int
):
    """Issue 3: undo after any sequence of commands restores the earlier state; an
    invalid command never changes the state, byte for byte."""
    channel = f"prop-{next(channels)}"
    gm = Context(store, channel, name_id("dm"), is_gm=True, rng=random.Random(seed))
    player = Context(store, channel, name_id("ari"), is_gm=False, rng=random.Random(seed))
    await run(gm, "/encounter start width:8 height:8", "/token add name:Ogre size:large at:E5")
    await run(player, "/token add name:Ari at:A1")
    start = await state(store, channel)
    made = 0
    for as_player, line in steps:
        ctx = player if as_player else gm
        before = await state(store, channel)
        try:
            reply = await run_line(ctx, line)
        except RulingError:
            assert await state(store, channel) == before
            continue
        if reply.result["changed"]:
            made += 1
        else:
            assert await state(store, channel) == before
    assert len(await store.history(channel, 50)) == made + 3
    for _ in range(made):
        await run_line(gm, "/undo")
    assert await state(store, channel) == start
