"""/help: the commands, a place to start, and examples that run in this channel.

Examples are built from the ruleset the channel's commands will use (the running
encounter's, else the channel's, else the default), so a /travel mode or a /move
action shown is one that ruleset accepts; a test runs every one of them. Their
values hold no spaces, so they read the same typed in Discord's option fields and
in the console.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from bot.commands import Command
from bot.context import Context
from bot.errors import InvalidInput
from bot.render.legend import legend_lines
from bot.reply import Field, Reply
from bot.rules import DEFAULT_RULESET, rulesets
from bot.rules.ruleset import Ruleset
from bot.storage import StoredEncounter

# /help's sections: the first word of a command names its group.
HELP_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Quick rulings", ("fall", "jump", "travel")),
    ("Moving", ("move", "distance", "map", "door", "flank", "template")),
    ("Encounter", ("encounter",)),
    ("Tokens", ("token",)),
    ("Terrain", ("terrain",)),
    ("Turns", ("turn",)),
    ("History", ("history", "undo")),
    ("Ruleset and settings", ("ruleset", "settings", "help")),
)

# Commands whose replies carry a board picture: their help carries its key.
PICTURE_COMMANDS = frozenset({"move", "map"})

# Commands whose examples need no encounter; every other command's examples run
# on the "start here" board (Ari and Goblin on a 10×10 map).
NO_SETUP = frozenset({"fall", "jump", "travel", "ruleset set", "ruleset show", "settings", "help"})
SETUP_NOTE = "Examples act on the board from /help's start here (Ari at A1, Goblin at E5)."
CONSOLE_NOTE = (
    "On Discord each option is its own field: type values as they are. "
    'In the console, quote values with spaces: name:"Goblin 1".'
)


def start_here(ruleset: Ruleset) -> tuple[str, ...]:
    """A first encounter in four lines: a map, two tokens, a move."""
    return (
        "/encounter start width:10 height:10",
        "/token add name:Ari at:A1 team:party",
        "/token add name:Goblin at:E5 team:enemy",
        "/move token:Ari to:B2",
    )


def _travel_name(ruleset: Ruleset, option: str, prefer: str) -> str | None:
    vocabulary = ruleset.travel_names.get(option)
    if vocabulary is None or not vocabulary.names:
        return None
    names = vocabulary.names
    return prefer if prefer in names else names[-1] if option == "mode" else names[0]


Example = tuple[str, ...]  # lines run in order on a fresh board: usually one


def examples(command_name: str, ruleset: Ruleset) -> tuple[Example, ...]:
    """What /help shows for a command under ``ruleset``. Each example runs on its own:
    after :func:`start_here`'s first three lines, or on an empty channel for the
    commands in ``NO_SETUP`` and /encounter start."""
    mode = _travel_name(ruleset, "mode", "riding-horse")
    terrain = _travel_name(ruleset, "terrain", "forest")
    travel = ["/travel distance:60"]
    if terrain:
        travel.append(f"/travel distance:60 terrain:{terrain}")
    if mode:
        travel.append(f"/travel days:3 mode:{mode}")
    band = ruleset.band_action
    # the longer move uses the ruleset's bigger action (dash, double move, run)
    bigger = f" action:{band}" if band != "move" else ""
    move = [
        "/move token:Ari to:B2",
        f"/move token:Ari to:C3 via:B2{bigger}",
        "/move token:Ari to:B2 preview:true",
    ]
    if ruleset.readied_move is not None:
        move.append("/move token:Ari to:B2 ready:true")
    table: dict[str, tuple[str | Example, ...]] = {
        "fall": ("/fall height:60", "/fall height:30 into:water"),
        "jump": (
            ("/jump strength:15", "/jump strength:15 distance:12")
            if ruleset.jump_uses_strength
            else ("/jump distance:10", "/jump check:17")
        ),
        "travel": tuple(travel),
        "ruleset set": (
            f"/ruleset set system:{ruleset.id}",
            f"/ruleset set system:{ruleset.id} scope:server",
        ),
        "ruleset show": ("/ruleset show",),
        "settings": ("/settings", "/settings gm_role:<@&123456789012345678>"),
        "encounter start": (f"/encounter start width:20 height:15 ruleset:{ruleset.id}",),
        "encounter show": ("/encounter show",),
        "encounter end": ("/encounter end", "/encounter end confirm:true"),
        "encounter delete": ("/encounter delete", "/encounter delete confirm:true"),
        "encounter export": ("/encounter export",),
        "encounter import": ("/encounter import text:12x10/D4Mr-Orc/A1Lb-Ogre replace:true",),
        "encounter save": ("/encounter save name:Crypt",),
        "encounter load": (
            ("/encounter save name:Crypt", "/encounter load name:Crypt replace:true"),
        ),
        "encounter scenes": ("/encounter scenes",),
        "encounter scene delete": (
            ("/encounter save name:Crypt", "/encounter scene delete name:Crypt"),
        ),
        "encounter gm add": ("/encounter gm add user:@bob",),
        "encounter gm remove": (("/encounter gm add user:@bob", "/encounter gm remove user:@bob"),),
        "encounter gm give": ("/encounter gm give user:@bob",),
        "token add": (
            "/token add name:Bo at:C1 team:party",
            "/token add name:Orc count:3 at:G2,H2",
        ),
        "token edit": ("/token edit token:Ari at:B1", "/token edit token:Ari rename:Aria"),
        "token remove": ("/token remove token:Goblin", "/token remove token:Gob*"),
        "token condition": (
            "/token condition token:Ari add:prone",
            ("/token condition token:Ari add:prone", "/token condition token:Ari remove:prone"),
        ),
        "token trait": (
            ("/token trait token:Ari", f"/token trait token:Ari add:{next(iter(ruleset.traits))}")
            if ruleset.traits
            else ("/token trait token:Ari",)
        ),
        "token place": (
            ("/token add name:Bat at:J9 fly:40", "/token place token:Bat altitude:30"),
        ),
        "token stats": (
            ("/token stats token:Ari strength:15 carried_lb:60", "/token stats token:Ari")
            if any(o.name == "strength" for o in ruleset.token_options)
            else ("/token stats token:Ari",)
        ),
        "terrain set": ("/terrain set cells:C3-D3 kind:difficult",),
        "terrain clear": ("/terrain clear cells:C3", "/terrain clear"),
        "terrain light": ("/terrain light cells:F1:H2 dark:true",),
        "terrain edge": (
            "/terrain edge cells:B1/B2 kind:wall",
            "/terrain edge cells:C3-E3 kind:wall side:north",
        ),
        "turn order": ("/turn order order:Goblin,Ari", "/turn order roll:true"),
        "turn next": (("/turn order roll:true", "/turn next"),),
        "turn add": (("/turn order order:Ari", "/turn add token:Goblin after:Ari"),),
        "turn roll": ("/turn roll token:Ari value:17", "/turn roll token:Goblin"),
        "turn remove": (("/turn order roll:true", "/turn remove token:Goblin"),),
        "turn show": ("/turn show",),
        "turn clear": (("/turn order roll:true", "/turn clear"),),
        "move": tuple(move),
        "distance": ("/distance from:Ari to:Goblin", "/distance from:A1 to:E5"),
        "map": (
            "/map",
            "/map threats:true",
            "/map reach:Goblin",
            "/map post:true pin:true",
        ),
        "door": (("/terrain edge cells:A1/A2 kind:door", "/door token:Ari edge:A1/A2 open:true"),),
        "flank": (
            (
                "/token add name:Bo at:D5 team:party",
                "/token add name:Cy at:F5 team:party",
                "/flank a:Bo b:Cy target:Goblin",
            ),
        ),
        "template add": (
            "/template add shape:circle size:20 at:E5",
            "/template add shape:cone size:15 at:A1 toward:D4 follows:Ari",
        ),
        "template remove": (
            ("/template add shape:circle size:10 at:E5 name:Fog", "/template remove name:Fog"),
        ),
        "template list": ("/template list",),
        "history": ("/history count:5",),
        "undo": (("/token add name:Bo", "/undo"),),
        "help": ("/help", "/help command:move"),
    }
    return tuple((e,) if isinstance(e, str) else e for e in table.get(command_name, ()))


def example_lines(command_name: str, ruleset: Ruleset) -> list[str]:
    """The examples as shown: a line each, repeated first steps shown once."""
    lines: list[str] = []
    for example in examples(command_name, ruleset):
        lines += [line for line in example if line not in lines]
    return lines


def needs_setup(command_name: str) -> bool:
    return command_name not in NO_SETUP and command_name != "encounter start"


async def help_ruleset(ctx: Context) -> Ruleset:
    """The ruleset this channel's commands use, read without side effects."""
    known = rulesets()
    stored = await ctx.store.active_or_damaged(ctx.channel_id)
    if isinstance(stored, StoredEncounter) and stored.encounter.ruleset in known:
        return known[stored.encounter.ruleset]
    chosen, _ = await ctx.store.channel_rules_state(ctx.channel_id)
    return known.get(chosen or DEFAULT_RULESET, known[DEFAULT_RULESET])


def find_command(name: str, commands: Mapping[str, Command]) -> Command:
    # "token condition", "/token-condition" and "token_condition" are one command
    key = " ".join(name.strip().lstrip("/").lower().replace("-", " ").replace("_", " ").split())
    if key in commands:
        return commands[key]
    close = difflib.get_close_matches(key, list(commands), n=1)
    hint = f" Did you mean /{close[0]}?" if close else ""
    raise InvalidInput(f'There is no command "/{key}".{hint} /help lists them all.')


async def help_reply(
    ctx: Context, options: Mapping[str, Any], commands: Mapping[str, Command]
) -> Reply:
    ruleset = await help_ruleset(ctx)
    if options.get("command"):
        return _one_command(find_command(options["command"], commands), ruleset)
    fields = [Field("Start here", "\n".join(start_here(ruleset)))]
    for title, heads in HELP_GROUPS:
        lines = [
            f"/{c.name} — {c.description}" for c in commands.values() if c.name.split()[0] in heads
        ]
        if lines:
            fields.append(Field(title, "\n".join(lines)))
    return Reply(
        title=f"Stride: movement rulings ({ruleset.id} here)",
        description=(
            "/help command:move explains one command, with examples for this channel and "
            "a key to the board picture."
        ),
        fields=tuple(fields),
        footer=CONSOLE_NOTE,
        result={"commands": list(commands), "ruleset": ruleset.id},
        ephemeral=True,
    )


# Examples that need a file the user attaches: shown, but not run by the help tests
# (a path or an attachment is the user's own).
WITH_A_FILE: dict[str, tuple[str, ...]] = {
    "map": (
        "/map background:<your map image> cell_px:70 offset_x:0 offset_y:0 — a map under "
        "the grid (GM); /map clear_background:true removes it",
    ),
    "encounter import": ("/encounter import file:<an /encounter export .json>",),
}


def _one_command(command: Command, ruleset: Ruleset) -> Reply:
    shown = [
        f"{o.name}{' (required)' if o.required else ''} — {o.description}" for o in command.options
    ]
    lines = example_lines(command.name, ruleset) + list(WITH_A_FILE.get(command.name, ()))
    fields = [Field("Options", "\n".join(shown) or "none")]
    if lines:
        note = f"\n{SETUP_NOTE}" if needs_setup(command.name) else ""
        fields.append(Field(f"Examples ({ruleset.id})", "\n".join(lines) + note))
    if command.name in PICTURE_COMMANDS:
        fields.append(Field("Reading the picture", "\n".join(legend_lines(ruleset.band_action))))
    return Reply(
        title=f"/{command.name} — {command.description}",
        fields=tuple(fields),
        footer=CONSOLE_NOTE,
        result={"command": command.name, "examples": list(lines), "ruleset": ruleset.id},
        ephemeral=True,
    )
