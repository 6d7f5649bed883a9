"""/encounter export and import through the interaction path: the export's JSON rides on
the reply as a file, an attachment is read and imported, and a too-big one is refused
privately without reading it."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot.commands import MAX_UPLOAD_BYTES
from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


class FakeAttachment(discord.Attachment):
    """An attachment as Discord hands it over, its bytes at hand."""

    def __init__(self, filename: str, data: bytes, *, size: int | None = None) -> None:
        payload: Any = {
            "id": 1,
            "filename": filename,
            "size": len(data) if size is None else size,
            "url": "https://cdn.invalid/x",
            "proxy_url": "https://cdn.invalid/x",
        }
        super().__init__(data=payload, state=SimpleNamespace(http=None))  # type: ignore[arg-type]
        self._bytes = data
        self.reads = 0

    async def read(self, *, use_cached: bool = False) -> bytes:
        self.reads += 1
        return self._bytes


async def test_export_attaches_the_json_and_import_reads_an_attachment(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 8, "height": 8})  # type: ignore[arg-type]
    await dispatch(gm, "token add", {"name": "Orc", "at": "H8"})  # type: ignore[arg-type]
    await dispatch(gm, "encounter export", {})  # type: ignore[arg-type]
    sent = gm.sent[-1]
    exported = sent.kwargs["file"]
    assert isinstance(exported, discord.File) and exported.filename.endswith(".json")
    data = exported.fp.read()
    elsewhere = FakeInteraction(store, manage_channels=True, channel_number=5151)
    upload = FakeAttachment("board.json", data)
    await dispatch(elsewhere, "encounter import", {"file": upload})  # type: ignore[arg-type]
    assert (elsewhere.sent[-1].embed.title or "").startswith("Imported: 8×8")
    assert upload.reads == 1


async def test_a_too_big_attachment_is_refused_unread(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True)
    upload = FakeAttachment("huge.json", b"{}", size=MAX_UPLOAD_BYTES + 1)
    await dispatch(gm, "encounter import", {"file": upload})  # type: ignore[arg-type]
    refusal = gm.sent[-1]
    assert refusal.ephemeral and "at most 1,000,000 bytes" in (refusal.embed.description or "")
    assert upload.reads == 0
    assert await store.active_encounter(str(gm.channel_id)) is None


async def test_an_otfbm_url_pasted_on_discord_says_what_it_skipped(store: Store) -> None:
    """Issue 29: the link Avrae prints is imported; the reply's one Skipped line says what
    meant nothing on Stride's board, and the export's line says the JSON is the copy."""
    gm = FakeInteraction(store, manage_channels=True)
    url = "https://otfbm.io/10x8/@c50/D4Mr-GO1/b2mb-Aria/_C1C4/*a15kA2D3/?bg=https://x.png"
    await dispatch(gm, "encounter import", {"text": url})  # type: ignore[arg-type]
    embed = gm.sent[-1].embed
    assert (embed.title or "").startswith("Imported: 10×8")
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Skipped"] == "view options; overlays (arrows, areas); background image"
    assert fields["Tokens"] == "party: Aria · enemy: GO1"
    await dispatch(gm, "encounter export", {})  # type: ignore[arg-type]
    exported = gm.sent[-1].embed
    assert "10x8 D4Mr-GO1 B2Mb-Aria _C1C4" in (exported.description or "")
    assert any("JSON file is the exact copy" in (f.value or "") for f in exported.fields)


def _fields(interaction: FakeInteraction) -> dict[str, str]:
    return {f.name or "": f.value or "" for f in interaction.sent[-1].embed.fields}


async def test_an_otfbm_paste_says_how_teams_were_read_and_teams_sets_them(store: Store) -> None:
    """Issue 40 item 13: OTFBM's own example, a red Bob and a green Goblin, put the Goblin
    in the party (every colour was a team). Only Avrae's two colours say a side (blue
    party, red enemy); the reply says so, and teams: sets them. Stacked tokens, which
    OTFBM draws, no longer refuse the paste: the rest is placed and the reply says which
    one wasn't."""
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter import", {"text": "A1r-Bob/B3g-Goblin/A1b-Ari"})
    said = _fields(gm)
    assert said["Tokens"] == "neutral: Goblin · enemy: Bob"
    assert said["Teams"].startswith("By colour: blue party, red enemy, any other colour")
    assert 'teams:"party:Bob enemy:Goblin"' in said["Teams"]
    assert said["Not placed"].startswith("Ari at A1: Bob at A1: no creature ends a move")

    again = FakeInteraction(store, manage_channels=True)
    options = {"text": "A1r-Bob/B3g-Goblin/C1b-Ari", "teams": "party:Bob enemy:g", "replace": True}
    await dispatch(again, "encounter import", options)
    said = _fields(again)
    assert said["Tokens"] == "party: Bob, Ari · enemy: Goblin"
    assert said["Teams"] == (
        "As teams: says (party: Bob; enemy: g); the rest by colour: blue party, red enemy, "
        "any other colour or none neutral (as Avrae's map draws them)."
    )
    assert "Not placed" not in said

    wrong = FakeInteraction(store, manage_channels=True)
    options = {"text": "A1r-Bob", "teams": "party:Bobby", "replace": True}
    await dispatch(wrong, "encounter import", options)
    (refusal,) = wrong.sent
    assert refusal.ephemeral and '"Bobby" is neither a label' in (refusal.embed.description or "")


async def test_the_exports_map_line_brings_back_terrain_walls_and_doors_and_says_so(
    store: Store,
) -> None:
    """Issue 40 item 14: the export's map line dropped difficult terrain and water, so the
    line imported again lost them, and the import's reply said "0 squares of terrain" and
    nothing of the walls and doors it had brought. Difficult terrain is written as thorns
    ($or) and water as a puddle ($pu), read back as they were; the reply counts the walls,
    doors and terrain the table sees (a secret door is the GM's: a wall to the table)."""
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 8, "height": 8})
    await dispatch(gm, "terrain set", {"cells": "C3-E3", "kind": "difficult"})
    await dispatch(gm, "terrain set", {"cells": "F5 F6", "kind": "water"})
    await dispatch(gm, "terrain set", {"cells": "H1", "kind": "pit"})
    await dispatch(gm, "terrain edge", {"cells": "A1/A2 B1/B2 C1/C2", "kind": "wall"})
    await dispatch(gm, "terrain edge", {"cells": "D1/D2", "kind": "door"})
    await dispatch(gm, "terrain edge", {"cells": "E1/E2", "kind": "door", "hidden": True})
    exporting = FakeInteraction(store, manage_channels=True)
    await dispatch(exporting, "encounter export", {})
    line = (exporting.sent[0].embed.description or "").strip("`\n")
    assert "C3E3$or" in line and "F5$pu" in line and "F6$pu" in line, line

    elsewhere = FakeInteraction(store, manage_channels=True, channel_number=5151)
    await dispatch(elsewhere, "encounter import", {"text": line})
    public, private = elsewhere.sent
    assert public.embed.title == (
        "Imported: 8×8 squares (A1–H8), 0 tokens, 4 wall sides, 1 door, 6 squares of terrain"
    )
    said = {f.name: f.value for f in public.embed.fields}
    assert said["Map"] == (
        "Walls on 4 square sides; 1 door (0 open); terrain: 3 difficult, 1 pit, 2 water."
    )
    assert "1 secret door" in str(private.embed.to_dict())
    here = (await store.active_encounter("4242")).encounter  # type: ignore[union-attr]
    there = (await store.active_encounter("5151")).encounter  # type: ignore[union-attr]
    assert there.terrain == here.terrain
    assert there.edges == here.edges and there.hidden_edges == here.hidden_edges
