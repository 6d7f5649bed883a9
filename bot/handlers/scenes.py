"""Scenes: boards a channel keeps under names, so a GM prepares the next room before the
fight. /encounter save, /encounter load, /encounter scenes, /encounter scene delete."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter import Activity
from bot.encounter_ops.access import require_gm
from bot.encounter_ops.visibility import public
from bot.errors import InvalidInput, NotAllowed
from bot.handlers.board_rules import board_rules
from bot.handlers.elsewhere import Source, source
from bot.handlers.encounter import contents, map_text
from bot.handlers.encounter_common import actor_of, encounter_reply, hidden_field, load_active
from bot.handlers.transfer import start_replacing
from bot.reply import Field, Reply, mention, timestamp
from bot.schema.read import InvalidState, read_stored_state
from bot.storage import dump_state
from bot.storage.mended import MENDED, mended_note
from bot.storage.records import Scene

MAX_SCENES = 25  # per channel
MAX_NAME = 40


def _name(options: Mapping[str, Any]) -> str:
    name = " ".join(str(options["name"]).split())
    if not name or len(name) > MAX_NAME:
        raise InvalidInput(f"name: a scene's name is 1 to {MAX_NAME} characters.")
    return name


async def handle_save(ctx: Context, options: Mapping[str, Any]) -> Reply:
    name = _name(options)
    stored = await load_active(ctx)
    encounter = stored.encounter
    require_gm(encounter, actor_of(ctx), "save scenes")
    overwrite = bool(options.get("replace"))
    if not overwrite and await ctx.store.scene_count(ctx.channel_id) >= MAX_SCENES:
        raise InvalidInput(
            f"This channel keeps {MAX_SCENES} scenes, the most it holds: delete one "
            "(/encounter scene delete name:...) or save over one with replace:true."
        )
    # the board as it stands, its turn, movement and reactions spent left out: a room
    rested = {
        key: replace(t, activity=Activity(), reactions_used=0)
        for key, t in encounter.tokens.items()
    }
    fresh = replace(encounter, order=(), turn_index=None, round=1, tokens=rested)
    saved = await ctx.store.save_scene(
        ctx.channel_id, name, dump_state(fresh), ctx.user_id, replace=overwrite
    )
    if not saved:
        raise InvalidInput(
            f'A scene named "{name}" is saved here already: add replace:true to save over it, '
            "or pick another name."
        )
    saved_reply = encounter_reply(
        encounter,
        title=f"Scene saved: {name}",
        fields=(
            Field("Board", f"{map_text(fresh)}, {contents(public(fresh))}"),
            Field(
                "Load it",
                f'/encounter load name:"{name}"' if " " in name else f"/encounter load name:{name}",
            ),
        ),
        result={"scene": name, "replaced": overwrite},
    )
    # the table reads what it sees of the scene; its hidden things are the GM's
    return replace(saved_reply, private_fields=hidden_field(fresh))


async def handle_load(ctx: Context, options: Mapping[str, Any]) -> Reply:
    name = _name(options)
    # a GM's prep channel (issue 29), read with the asker's rights there (issue 38): a
    # scene they may not read there is answered as one that isn't there
    read = await source(ctx, options.get("from"))
    scene = await ctx.store.scene(read.channel_id, name)
    if scene is None or not read.may_read(scene.saved_by):
        where = "here" if read.here else f"in <#{read.channel_id}>"
        raise InvalidInput(f'No scene named "{name}" {where}. {await _listed(ctx, read)}')
    if not ctx.is_gm and scene.saved_by != ctx.user_id:
        raise NotAllowed("Only a GM (or whoever saved it) loads a scene.")
    try:
        kept = read_stored_state(scene.state_json, board_rules())  # an older one's, mended
    except InvalidState as invalid:
        raise InvalidState(invalid.problems, what=f'The scene "{name}"') from None
    encounter = replace(kept.encounter, gm_id=ctx.user_id)
    summary = f"loaded the scene {scene.name} ({map_text(encounter)})"
    replaced = await start_replacing(
        ctx, encounter, bool(options.get("replace")), summary, doing="load"
    )
    loaded = encounter_reply(
        encounter,
        title=f"Scene loaded: {scene.name}",
        fields=(
            Field("Board", f"{map_text(encounter)}, {contents(public(encounter))}"),
            *(
                [Field("Replaced", "The encounter that ran here is archived (/undo twice).")]
                if replaced
                else []
            ),
        ),
        result={"scene": scene.name, "replaced": replaced, "from": read.channel_id},
        changed=True,
    )
    loaded = replace(loaded, private_fields=hidden_field(encounter))
    if not kept.mends:
        return loaded
    # for the new GM's eyes: the mends may name a hidden token
    mends = Field(MENDED, mended_note(kept.mends))
    return replace(loaded, private_fields=(*loaded.private_fields, mends))


async def _readable(ctx: Context, read: Source) -> list[Scene]:
    """The scenes saved in ``read``'s channel that the asker may read there."""
    return [s for s in await ctx.store.scenes(read.channel_id) if read.may_read(s.saved_by)]


async def _listed(ctx: Context, read: Source) -> str:
    scenes = await _readable(ctx, read)
    if not scenes:
        return "None are saved: /encounter save name:<name> keeps the board as it stands."
    return "Scenes: " + ", ".join(s.name for s in scenes) + "."


async def handle_list(ctx: Context, options: Mapping[str, Any]) -> Reply:
    read = await source(ctx, options.get("from"))
    scenes = await _readable(ctx, read)
    lines = [f"{s.name} — saved by {mention(s.saved_by)} {timestamp(s.saved_at)}" for s in scenes]
    where = "this channel" if read.here else "that channel"
    return Reply(
        title=f"{len(scenes)} scene{'s' if len(scenes) != 1 else ''} saved in {where}",
        fields=(
            *((Field("Channel", f"<#{read.channel_id}>"),) if not read.here else ()),
            Field("Scenes", "\n".join(lines) or "none yet: /encounter save name:<name>"),
        ),
        footer="/encounter load name:<name> starts one; /encounter scene delete removes one.",
        result={"scenes": [{"name": s.name, "saved_by": s.saved_by} for s in scenes]},
    )


async def handle_delete(ctx: Context, options: Mapping[str, Any]) -> Reply:
    name = _name(options)
    here = await source(ctx, None)
    scene = await ctx.store.scene(ctx.channel_id, name)
    if scene is None:
        raise InvalidInput(f'No scene named "{name}" here. {await _listed(ctx, here)}')
    if not ctx.is_gm and scene.saved_by != ctx.user_id:
        raise NotAllowed("Only a GM (or whoever saved it) deletes a scene.")
    await ctx.store.delete_scene(ctx.channel_id, name)
    return Reply(
        title=f"Scene deleted: {name}",
        fields=(Field("Left", await _listed(ctx, here)),),
        result={"scene": name, "deleted": True},
    )


NAME = Option("name", "string", "The scene's name", required=True, max_length=MAX_NAME)
FROM = Option("from", "channel", "Another channel of this server it was saved in (a prep channel)")

SAVE = Command(
    "encounter save",
    "Keep this board as a scene to load later (GM)",
    (NAME, Option("replace", "boolean", "Save over a scene of the same name")),
    handle_save,
)
LOAD = Command(
    "encounter load",
    "Start a saved scene (GM); replace:true archives a running encounter",
    (NAME, Option("replace", "boolean", "Archive the running encounter and load"), FROM),
    handle_load,
    changes_state=True,
)
SCENES = Command(
    "encounter scenes", "List the scenes saved in this channel (or another)", (FROM,), handle_list
)
DELETE_SCENE = Command(
    "encounter scene delete", "Delete a saved scene (GM)", (NAME,), handle_delete
)
