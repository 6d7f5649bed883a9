"""The store keeps each channel's running encounter decoded, by version: a read of an
unchanged encounter doesn't decode its JSON again, and a change made by another
process (another store on the database) is seen at once. On SQLite and PostgreSQL."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.context import Context
from bot.encounter import Encounter
from bot.handlers import run_line
from bot.storage import Store
from bot.user_ids import name_id


async def test_an_unchanged_encounter_is_not_decoded_again(store: Store):
    await store.start_encounter("c", Encounter(5, 5, "3.5", "1001"), user_id="1001", summary="s")
    first = await store.active_encounter("c")
    again = await store.active_encounter("c")
    assert first is not None and again is first  # the same decoded state, not a copy
    after = replace(first.encounter, round=2)
    await store.save_encounter("c", first, after, user_id="1001", command="x", summary="y")
    saved = await store.active_encounter("c")
    assert saved is not None and saved.encounter == after and saved.version == first.version + 1
    assert await store.active_encounter("c") is saved


async def test_a_change_through_another_store_is_seen_at_once(db_url: str):
    mine, theirs = await Store.open(db_url), await Store.open(db_url)
    try:
        gm = Context(mine, "c", name_id("dm"), is_gm=True, rng=random.Random(1))
        await run_line(gm, "/encounter start width:8 height:8")
        await run_line(gm, "/token add name:Ari at:A1")
        before = await mine.active_encounter("c")
        assert before is not None
        other = Context(theirs, "c", name_id("dm"), is_gm=True, rng=random.Random(1))
        await run_line(other, "/move token:Ari to:C3 forced:slide")
        now = await mine.active_encounter("c")
        assert now is not None and now.version > before.version
        assert str(now.encounter.token("Ari").cell) == "C3"
        await run_line(other, "/undo")  # undone elsewhere: back to A1 here too
        undone = await mine.active_encounter("c")
        assert undone is not None and undone.state_json == before.state_json
        await run_line(other, "/encounter end confirm:true")
        assert await mine.active_encounter("c") is None
    finally:
        await mine.close()
        await theirs.close()
