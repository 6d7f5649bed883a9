"""What names a ruleset, readable without loading its rules.

Each ruleset package states its ``Identity`` once, in its ``__init__``; the
ruleset class reads it from there, options included. The registry (``bot.rules``) lists the
packages and finds a ruleset by any of its names without importing the rules
of every ruleset at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.rules.options import OptionSpec


@dataclass(frozen=True)
class Identity:
    id: str  # what users and the database call it: 3.5, 5e-alt
    name: str  # "D&D 3.5"
    summary: str  # one line for /ruleset: what the ruleset is
    aliases: tuple[str, ...]  # other spellings users type
    ruleset: str  # "module:Class" of the ruleset class, loaded on first use
    # The options it reads: /encounter start's (kept in Encounter.options) and
    # /token add|edit's (checked by its token_fields, kept in Token.state). The slash
    # commands offer every ruleset's, so they are declared here, loadable without rules.
    encounter_options: tuple[OptionSpec, ...] = ()
    token_options: tuple[OptionSpec, ...] = ()
    # What to give instead when a token option it doesn't read is given.
    token_hint: str = ""
    # "module:Class" of its calculators alone (bot.rules.calculators), which its ruleset
    # class derives from, where it has one: loaded without the movement engine
    calculators: str = ""
