"""/encounter export and /encounter import: the board in the battle-map notation and as a
full JSON file that imports back exactly."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.commands import Command, Option, Upload
from bot.context import Context
from bot.encounter import Encounter
from bot.encounter_ops.access import require_gm
from bot.encounter_ops.transfer import (
    NotationImport,
    export_json,
    from_export,
    from_notation,
    notation_of,
)
from bot.encounter_ops.visibility import public
from bot.errors import BoardChanged, InvalidInput
from bot.handlers.board_rules import board_rules
from bot.handlers.common import RULESET_CHOICES, ruleset_for
from bot.handlers.damaged import require_repairer
from bot.handlers.encounter import contents, map_text
from bot.handlers.encounter_common import (
    actor_of,
    encounter_reply,
    hidden_field,
    load_active,
    seen_in,
)
from bot.notation import otfbm_url
from bot.reply import Field, Reply
from bot.rules import identities
from bot.storage import Conflict, DamagedState
from bot.work import board as board_work

MAX_NOTATION_SHOWN = 3_900  # the reply's description holds 4,096 characters
MAX_LINK_SHOWN = 1_000  # a field's value holds 1,024
REPLACED = (
    "The encounter running here is archived: /undo takes the import back, a second "
    "/undo brings the old encounter back."
)
MAX_IMPORT_TEXT = 4_000  # Discord's longest text option is 6,000; 100 tokens fit


async def handle_export(ctx: Context, options: Mapping[str, Any]) -> Reply:
    # a player's export leaves hidden tokens out; the GM's has them, and is theirs alone
    seen = seen_in(ctx, (await load_active(ctx)).encounter)
    encounter = seen.encounter
    notation = notation_of(encounter)
    shown = notation if len(notation) <= MAX_NOTATION_SHOWN else notation[:MAX_NOTATION_SHOWN]
    cut = "" if shown == notation else "\n(the notation goes on in the file)"
    url = otfbm_url(notation)
    # a field holds 1,024 characters: a longer link is in the JSON result alone
    draw_it = (Field("Draw it", f"[otfbm.io]({url})"),) if len(url) <= MAX_LINK_SHOWN else ()
    return Reply(
        title=f"Export: {map_text(encounter)}, {contents(encounter)}",
        description=f"```\n{shown}\n```{cut}",
        fields=(
            Field(
                "Import",
                "The JSON file is the exact copy: /encounter import file:<it> brings back "
                "everything (terrain, edges, conditions, turn order). The line above is "
                "OTFBM's map notation (tokens with sizes and team colours, walls, doors "
                "and the terrain it has pictures for): /encounter import text:<it> makes "
                "them anew, and otfbm.io draws it.",
            ),
            *draw_it,
        ),
        footer="Map notation: square, size letter, colour letter, -label (e.g. D4Mr-GO1); "
        "walls _B3J3, a door -d; terrain A3D3$bw.",
        result={"notation": notation, "otfbm_url": url, "tokens": len(encounter.tokens)},
        attachment=(f"encounter-{ctx.channel_id}.json", export_json(encounter)),
        ephemeral=seen.private,
    )


def _read(options: Mapping[str, Any]) -> tuple[str, bool]:
    """The text to import and whether it is a JSON export."""
    text, upload = options.get("text"), options.get("file")
    if text is not None and upload is not None:
        raise InvalidInput("Give text: or file:, not both.")
    if upload is not None:
        assert isinstance(upload, Upload)
        try:
            body = upload.data.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidInput(
                f"{upload.filename} is not text: give a .json export or a .txt notation."
            ) from None
        return body, upload.filename.lower().endswith(".json") or body.lstrip().startswith("{")
    if text is None:
        raise InvalidInput(
            "Give the board: text:<map notation or an otfbm.io link> (e.g. 20x15 D4Mr-GO1 "
            "E7Mr-GO2, or https://otfbm.io/20x15/D4Mr-GO1) or file:<an /encounter export "
            ".json or a .txt notation>."
        )
    return str(text), str(text).lstrip().startswith("{")


async def handle_import(ctx: Context, options: Mapping[str, Any]) -> Reply:
    body, is_export = _read(options)
    actor = actor_of(ctx)
    notes: list[Field] = []
    if is_export:
        if options.get("teams") is not None:
            raise InvalidInput("teams: reads a map notation's tokens; an export keeps its own.")
        encounter = await board_work(from_export, body, ctx.user_id, board_rules())  # off the loop
        if encounter.ruleset not in identities():
            raise InvalidInput(f"That export's ruleset ({encounter.ruleset}) is not one I know.")
        if options.get("ruleset") not in (None, encounter.ruleset):
            notes.append(Field("Ruleset", f"The export's own, {encounter.ruleset}, is kept."))
        made = NotationImport(encounter)  # an export is taken whole: nothing skipped
    else:
        ruleset, notice = await ruleset_for(ctx, options.get("ruleset"))
        made = await board_work(from_notation, body, ruleset, actor, options.get("teams"))
        encounter = made.encounter
        notes.append(Field("Teams", _fitted(made.teams)))
        if made.unplaced:
            notes.append(Field("Not placed", _fitted(_unplaced(made.unplaced))))
        notes += notice
        if made.renamed:
            notes.append(Field("Renamed", _fitted("; ".join(made.renamed))))
        if made.skipped:
            notes.append(Field("Skipped", _fitted("; ".join(made.skipped))))
    summary = f"imported a {map_text(encounter)} board ({contents(public(encounter))})"
    replaced = await start_replacing(ctx, encounter, bool(options.get("replace")), summary)
    return _imported(made, replaced, is_export, notes)


async def start_replacing(
    ctx: Context, encounter: Encounter, replace: bool, summary: str, doing: str = "import"
) -> bool:
    """Start ``encounter`` in the channel; a running one (a damaged one too) is archived
    in the same transaction, only with ``replace`` and by its GM: either both happen or
    neither. True when one was replaced."""
    actor = actor_of(ctx)
    async with ctx.store.channel_lock(ctx.channel_id):
        running = await ctx.store.active_or_damaged(ctx.channel_id)
        if isinstance(running, DamagedState):
            if not replace:
                raise InvalidInput(
                    f"A damaged encounter is running here. Add replace:true to archive it and "
                    f"{doing} this board (its GM), or end it first."
                )
            require_repairer(ctx, running, "replace")
        elif running is not None:
            if not replace:
                shown = seen_in(ctx, running.encounter).encounter  # the asker's count
                raise InvalidInput(
                    f"An encounter is running here ({map_text(shown)}, "
                    f"{contents(shown)}). Add replace:true to archive it and "
                    f"{doing} this board (the GM; it stays in the history), or end it first."
                )
            require_gm(running.encounter, actor, "replace the encounter")
        try:
            await ctx.store.start_encounter(
                ctx.channel_id,
                encounter,
                user_id=ctx.user_id,
                summary=summary,
                guild_id=ctx.guild_id,
                replacing=running,
                archive_summary=f"archived the encounter to {doing} a board",
            )
        except Conflict:
            raise BoardChanged(
                f"The board changed while trying to {doing}: nothing was replaced or started. "
                "Try again."
            ) from None
    return running is not None


def _unplaced(unplaced: tuple[str, ...]) -> str:
    """The tokens with no room where the paste puts them, and how to place them."""
    return (
        "\n".join(unplaced)
        + "\nThe rest are placed; /token add name:<name> at:<square> puts one elsewhere."
    )


def _fitted(text: str) -> str:
    return text if len(text) <= 1000 else text[:999] + "…"


def by_team(encounter: Encounter) -> str:
    """The tokens by side, as a GM checks an import: "party: Aria, Bob · enemy: Orc"."""
    teams: dict[str, list[str]] = {"party": [], "neutral": [], "enemy": []}
    for token in encounter.tokens.values():
        teams.setdefault(token.team, []).append(token.name)
    shown = [f"{team}: {', '.join(names)}" for team, names in teams.items() if names]
    return " · ".join(shown) or "none"


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def built(encounter: Encounter) -> tuple[str, str, dict[str, Any]]:
    """What an imported board holds besides its tokens, as the table sees it (a secret door
    is the wall it looks like): the title's words ("30 wall sides, 2 doors, 4 squares of
    terrain"), the Map field's and the JSON's."""
    edges = Counter(str(kind) for kind in encounter.edges.values())
    terrain = Counter(str(kind) for kind in encounter.terrain.values())
    walls, low = edges["wall"], edges["low-wall"]
    doors, open_doors = edges["door"] + edges["open-door"], edges["open-door"]
    squares = sum(terrain.values())
    title = [
        *([_plural(walls, "wall side", "wall sides")] if walls else []),
        *([_plural(doors, "door", "doors")] if doors else []),
        _plural(squares, "square of terrain", "squares of terrain"),
    ]
    shown = [
        *([f"walls on {_plural(walls, 'square side', 'square sides')}"] if walls else []),
        *([f"low walls on {_plural(low, 'square side', 'square sides')}"] if low else []),
        *([_plural(doors, "door", "doors") + f" ({open_doors} open)"] if doors else []),
        *(
            [f"terrain: {', '.join(f'{n} {kind}' for kind, n in sorted(terrain.items()))}"]
            if squares
            else []
        ),
    ]
    field = "; ".join(shown) or "no walls, doors or terrain"
    data = {"edges": dict(sorted(edges.items())), "terrain": dict(sorted(terrain.items()))}
    return ", ".join(title), field[0].upper() + field[1:] + ".", data


def _imported(made: NotationImport, replaced: bool, exact: bool, notes: list[Field]) -> Reply:
    encounter = made.encounter
    # the table reads what it sees of the board; its hidden things are the GM's
    seen = public(encounter)
    names = by_team(seen)
    holds, holds_said, holds_data = built(seen)
    count = len(seen.tokens)
    reply = encounter_reply(
        encounter,
        title=f"Imported: {map_text(encounter)}, {_plural(count, 'token', 'tokens')}, {holds}",
        fields=(
            Field("Tokens", names if len(names) <= 1000 else names[:999] + "…"),
            Field("Map", holds_said),
            Field(
                "From",
                "an export: terrain, edges, conditions and turn order as they were"
                if exact
                else "map notation: tokens (sizes, teams), walls, doors and terrain",
            ),
            *([Field("Replaced", REPLACED)] if replaced else []),
            *notes,
        ),
        result={
            "width": encounter.width,
            "height": encounter.height,
            "ruleset": encounter.ruleset,
            "tokens": [t.name for t in public(encounter).tokens.values()],
            "replaced": replaced,
            "exact": exact,
            "skipped": list(made.skipped),
            "renamed": list(made.renamed),
            "unplaced": list(made.unplaced),
            **holds_data,
        },
        changed=True,
    )
    return replace(reply, private_fields=hidden_field(encounter))


EXPORT = Command(
    "encounter export",
    "This board in map notation, with a JSON file that /encounter import reads back",
    (),
    handle_export,
)
IMPORT = Command(
    "encounter import",
    "Start a board from map notation or an otfbm.io link (20x15 D4Mr-GO1) or an export file",
    (
        Option(
            "text",
            "string",
            "Map notation or an otfbm.io link, e.g. 20x15 D4Mr-GO1 E7Mr-GO2 A1Lb-Ogre",
            max_length=MAX_IMPORT_TEXT,
        ),
        Option("file", "attachment", "An /encounter export .json, or a .txt notation"),
        Option("replace", "boolean", "Archive the running encounter and import (GM)"),
        Option(
            "ruleset",
            "string",
            "The ruleset for a notation board (an export keeps its own)",
            choices=RULESET_CHOICES,
        ),
        Option(
            "teams",
            "string",
            'Sides, if not by colour (blue party, red enemy): "party:Bob enemy:Goblin,green"',
            max_length=MAX_IMPORT_TEXT,
        ),
    ),
    handle_import,
    changes_state=True,
)
