"""/help's examples: what it shows for each command, built from the ruleset the channel's
commands will use, so a /travel mode or a /move action shown is one that ruleset
accepts (a test runs every one). Values hold no spaces, so they read the same typed in
Discord's option fields and in the console.
"""

from __future__ import annotations

from bot.rules.ruleset import Ruleset

Example = tuple[str, ...]  # lines run in order on a fresh board: usually one
Table = dict[str, tuple[str | Example, ...]]

# Commands whose examples need no encounter; every other command's examples run
# on the "start here" board (Ari and Goblin on a 10×10 map).
NO_SETUP = frozenset({"fall", "jump", "travel", "ruleset set", "ruleset show", "settings", "help"})


def start_here(ruleset: Ruleset) -> tuple[str, ...]:
    """A first encounter in four lines: a map, two tokens, a move."""
    return (
        "/encounter start width:10 height:10",
        "/token add name:Ari at:A1 team:party",
        "/token add name:Goblin at:E5 team:enemy",
        "/move token:Ari to:B2",
    )


def needs_setup(command_name: str) -> bool:
    return command_name not in NO_SETUP and command_name != "encounter start"


def _travel_name(ruleset: Ruleset, option: str, prefer: str) -> str | None:
    vocabulary = ruleset.calculators.travel_names.get(option)
    if vocabulary is None or not vocabulary.names:
        return None
    names = vocabulary.names
    return prefer if prefer in names else names[-1] if option == "mode" else names[0]


def _quick_rulings(ruleset: Ruleset) -> Table:
    """/fall, /jump and /travel: no board."""
    mode = _travel_name(ruleset, "mode", "riding-horse")
    terrain = _travel_name(ruleset, "terrain", "forest")
    travel = ["/travel distance:60"]
    if terrain:
        travel.append(f"/travel distance:60 terrain:{terrain}")
    if mode:
        travel.append(f"/travel days:3 mode:{mode}")
    return {
        "fall": ("/fall height:60", "/fall height:30 into:water"),
        "jump": (
            ("/jump strength:15", "/jump strength:15 distance:12")
            if ruleset.calculators.jump_uses_strength
            else ("/jump distance:10", "/jump check:17")
        ),
        "travel": tuple(travel),
    }


def _settings(ruleset: Ruleset) -> Table:
    return {
        "ruleset set": (
            f"/ruleset set system:{ruleset.id}",
            f"/ruleset set system:{ruleset.id} scope:server",
        ),
        "ruleset show": ("/ruleset show",),
        "settings": ("/settings", "/settings gm_role:<@&123456789012345678>"),
        "history": ("/history count:5",),
        "undo": (("/token add name:Bo", "/undo"),),
        "board link": ("/board link", "/board link expires:7d"),
        "help": ("/help", "/help command:move", "/help command:turn"),
    }


def _encounter(ruleset: Ruleset) -> Table:
    save = "/encounter save name:Crypt"
    return {
        "encounter start": (f"/encounter start width:20 height:15 ruleset:{ruleset.id}",),
        "encounter show": ("/encounter show",),
        "encounter end": ("/encounter end", "/encounter end confirm:true"),
        "encounter delete": ("/encounter delete", "/encounter delete confirm:true"),
        "encounter export": ("/encounter export",),
        "encounter import": (
            "/encounter import text:12x10/D4Mr-Orc/A1Lb-Ogre replace:true",
            "/encounter import text:https://otfbm.io/12x10/@c50/H3Mr-Orc/a7gr-Dragon/_F1F5-dF6 "
            "replace:true",
        ),
        "encounter save": (save,),
        "encounter load": ((save, "/encounter load name:Crypt replace:true"),),
        "encounter scenes": ("/encounter scenes",),
        "encounter scene delete": ((save, "/encounter scene delete name:Crypt"),),
        "encounter gm add": ("/encounter gm add user:@bob",),
        "encounter gm remove": (("/encounter gm add user:@bob", "/encounter gm remove user:@bob"),),
        "encounter gm give": ("/encounter gm give user:@bob",),
    }


def _tokens(ruleset: Ruleset) -> Table:
    prone = "/token condition token:Ari add:prone"
    return {
        "token add": (
            "/token add name:Bo at:C1 team:party",
            "/token add name:Orc count:3 at:G2,H2",
        ),
        "token edit": ("/token edit token:Ari at:B1", "/token edit token:Ari rename:Aria"),
        "token remove": ("/token remove token:Goblin", "/token remove token:Gob*"),
        "token condition": (prone, (prone, "/token condition token:Ari remove:prone")),
        "token trait": (
            ("/token trait token:Ari", f"/token trait token:Ari add:{next(iter(ruleset.traits))}")
            if ruleset.traits
            else ("/token trait token:Ari",)
        ),
        "token place": (
            ("/token add name:Bat at:J9 fly:40", "/token place token:Bat altitude:30"),
        ),
        # an opportunity attack the Goblin took; alone, what it has left
        "token reaction": (
            ("/token reaction token:Goblin used:true", "/token reaction token:Goblin")
            if ruleset.reaction_rule is not None
            else ("/token reaction token:Goblin",)
        ),
        "token stats": (
            ("/token stats token:Ari strength:15 carried_lb:60", "/token stats token:Ari")
            if any(o.name == "strength" for o in ruleset.token_options)
            else ("/token stats token:Ari",)
        ),
    }


def _terrain_and_turns(ruleset: Ruleset) -> Table:
    rolled = "/turn order roll:true"
    return {
        "terrain set": ("/terrain set cells:C3-D3 kind:difficult",),
        "terrain clear": ("/terrain clear cells:C3", "/terrain clear"),
        "terrain light": ("/terrain light cells:F1:H2 dark:true",),
        "terrain edge": (
            "/terrain edge cells:B1/B2 kind:wall",
            "/terrain edge cells:C3-E3 kind:wall side:north",
        ),
        "turn order": ("/turn order order:Goblin,Ari", rolled),
        "turn next": ((rolled, "/turn next"),),
        "turn add": (("/turn order order:Ari", "/turn add token:Goblin after:Ari"),),
        "turn roll": ("/turn roll token:Ari value:17", "/turn roll token:Goblin"),
        "turn remove": ((rolled, "/turn remove token:Goblin"),),
        "turn show": ("/turn show",),
        "turn clear": ((rolled, "/turn clear"),),
    }


def _moving(ruleset: Ruleset) -> Table:
    band = ruleset.economy.band_action
    # the longer move uses the ruleset's bigger action (dash, double move, run)
    bigger = f" action:{band}" if band != "move" else ""
    move = [
        "/move token:Ari to:B2",
        f"/move token:Ari to:C3 via:B2{bigger}",
        "/move token:Ari to:B2 preview:true",
        f"/move token:Ari path:{ruleset.square_ft}e preview:true",
    ]
    if ruleset.readied_move is not None:
        move.append("/move token:Ari to:B2 ready:true")
    examples: list[str | Example] = list(move)
    if ruleset.granted_actions:  # one action a turn; the GM grants a feature's extra one
        second = "disengage" if "disengage" in ruleset.economy.actions else "dash"
        examples.append(
            (
                "/move token:Ari to:C3 action:dash",
                f"/move token:Ari to:D4 action:{second} extra_action:action-surge",
            )
        )
    return {
        "move": tuple(examples),
        "distance": ("/distance from:Ari to:Goblin", "/distance from:A1 to:E5"),
        "map": (
            "/map",
            "/map threats:true",
            "/map reach:Goblin",
            "/map post:true pin:true",
            "/map view:A1:H8",
            "/map whole:true",
        ),
        "door": (("/terrain edge cells:A1/A2 kind:door", "/door token:Ari edge:A1/A2 open:true"),),
        "flank": (
            (
                "/token add name:Bo at:D5 team:party",
                "/token add name:Cy at:F5 team:party",
                "/flank a:Bo b:Cy target:Goblin",
            ),
        ),
    }


def _templates(ruleset: Ruleset) -> Table:
    return {
        "template add": (
            "/template add shape:circle size:20 at:E5",
            "/template add shape:cone size:15 at:A1 toward:D4 follows:Ari",
            "/template add shape:circle size:10 at:E5 name:Fog rounds:10",
            "/template add shape:circle size:20 at:E5 name:Fireball colour:red",
        ),
        "template remove": (
            ("/template add shape:circle size:10 at:E5 name:Fog", "/template remove name:Fog"),
        ),
        "template list": ("/template list",),
    }


SECTIONS = (_quick_rulings, _settings, _encounter, _tokens, _terrain_and_turns, _moving, _templates)


def examples(command_name: str, ruleset: Ruleset) -> tuple[Example, ...]:
    """What /help shows for a command under ``ruleset``. Each example runs on its own:
    after :func:`start_here`'s first three lines, or on an empty channel for the
    commands in ``NO_SETUP`` and /encounter start."""
    for section in SECTIONS:
        table = section(ruleset)
        if command_name in table:
            return tuple((e,) if isinstance(e, str) else e for e in table[command_name])
    return ()


def example_lines(command_name: str, ruleset: Ruleset) -> list[str]:
    """The examples as shown: a line each, repeated first steps shown once."""
    lines: list[str] = []
    for example in examples(command_name, ruleset):
        lines += [line for line in example if line not in lines]
    return lines
