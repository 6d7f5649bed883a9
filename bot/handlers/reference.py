"""The command reference (docs/COMMANDS.md), written from the command specs themselves:
every command's description, its options (what each takes, and which rulesets read it)
and the examples /help shows, which tests/discord/test_help.py runs in every ruleset.

    python -m bot.handlers.reference docs/COMMANDS.md

``tests/test_docs.py`` fails when the file is not what this writes: the reference can't
drift from the commands.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path

from bot.commands import Command, Option
from bot.handlers import COMMANDS
from bot.handlers.help_examples import example_lines
from bot.handlers.help_options import reads
from bot.rules import rulesets
from bot.rules.ruleset import Ruleset

FAMILIES = {
    "fall": "Quick rulings",
    "jump": "Quick rulings",
    "travel": "Quick rulings",
    "ruleset": "Rules and settings",
    "settings": "Rules and settings",
    "help": "Rules and settings",
    "encounter": "Encounters",
    "token": "Tokens",
    "terrain": "Terrain",
    "turn": "Turns",
    "move": "Moving",
    "distance": "Moving",
    "door": "Moving",
    "flank": "Moving",
    "map": "The board",
    "board": "The board",
    "template": "The board",
    "history": "History and undo",
    "undo": "History and undo",
}
EXAMPLES_IN = "5e"  # the examples as a 5e channel's /help shows them
HEADER = """# Commands

The reference for every slash command, written from the command specs themselves
(`python -m bot.handlers.reference docs/COMMANDS.md`; `tests/test_docs.py` fails when it
is stale). Options are typed `name:value` (in the console, quote a value with spaces).
"Read by" names the rulesets that read an option where not all do; /help in a channel
lists only what its ruleset reads. The examples are /help's in a 5e channel: each runs
there as written (tests/discord/test_help.py). How things work, with the readings behind
them: [GUIDE.md](GUIDE.md) and [RULINGS.md](RULINGS.md).
"""


def commands_markdown() -> str:
    """The whole reference, as Markdown."""
    every = rulesets()
    out = [HEADER]
    family = ""
    for name in COMMANDS:
        command = COMMANDS[name]
        heading = FAMILIES.get(name.split()[0], "Other")
        if heading != family:
            out.append(f"\n## {heading}\n")
            family = heading
        out.append(_command(command, every))
    return "\n".join(out).rstrip() + "\n"


def _command(command: Command, every: Mapping[str, Ruleset]) -> str:
    lines = [f"### /{command.name}", "", command.description + "."]
    if command.options:
        lines += ["", "| option | takes | what | read by |", "|---|---|---|---|"]
        lines += [_option(command, o, every) for o in command.options]
    shown = example_lines(command.name, every[EXAMPLES_IN])
    if shown:
        lines += ["", "Examples:", "", "```", *shown, "```"]
    return "\n".join(lines) + "\n"


def _option(command: Command, option: Option, every: Mapping[str, Ruleset]) -> str:
    name = f"`{option.name}`" + (" (required)" if option.required else "")
    readers = [rid for rid, r in every.items() if reads(command, option, r)]
    read_by = "all" if len(readers) == len(every) else ", ".join(readers) or "none yet"
    cells = (name, option.accepted(), option.description, read_by)
    return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    text = commands_markdown()
    if args:
        Path(args[0]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
