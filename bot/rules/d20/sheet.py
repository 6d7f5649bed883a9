"""What the d20 rulesets (3.5 and epic-path) read off a token's sheet: the armor it
wears, the load it carries, its body (tall or long: the reach tables' column)."""

from __future__ import annotations

from bot.encounter import Token
from bot.names import Vocabulary
from bot.rules.engine.moves import TokenSpec
from bot.state import StateValue, text

# Armor and load categories, as both rulesets' tables name them.
ARMOR_NAMES = Vocabulary(
    "armor", {"none": ("no", "unarmored"), "light": (), "medium": (), "heavy": ()}
)
LOAD_NAMES = Vocabulary("load", {"light": (), "medium": (), "heavy": ()})


def armor(token: Token) -> str | None:
    """The armor it wears (none, light, medium, heavy; None: not given)."""
    return text(token.state, "armor")


def load(token: Token) -> str | None:
    """The load it carries (light, medium, heavy; None: not given)."""
    return text(token.state, "load")


def d20_token_state(spec: TokenSpec) -> dict[str, StateValue | None]:
    """The armor, load and body given, checked (tall, the default, is not stored)."""
    given, state = spec.options, dict[str, StateValue | None]()
    if "armor" in given:
        state["armor"] = ARMOR_NAMES.match(given["armor"])
    if "load" in given:
        state["load"] = LOAD_NAMES.match(given["load"])
    if "body" in given:
        state["body"] = None if given["body"] == "tall" else str(given["body"])
    return state
