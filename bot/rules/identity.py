"""What names a ruleset, readable without loading its rules.

Each ruleset package states its ``Identity`` once, in its ``__init__``; the
ruleset class reads it from there. The registry (``bot.rules``) lists the
packages and finds a ruleset by any of its names without importing the rules
of every ruleset at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Identity:
    id: str  # what users and the database call it: 3.5, 5e-alt
    name: str  # "D&D 3.5"
    summary: str  # one line for /ruleset: what the ruleset is
    aliases: tuple[str, ...]  # other spellings users type
    ruleset: str  # "module:Class" of the ruleset class, loaded on first use
