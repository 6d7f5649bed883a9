"""What an option offers as the user types it on Discord (autocomplete): the channel's
ruleset's own sizes, armor and loads, the conditions the rules know, terrain kinds
with the words tables use for them, token names, and the squares a token can reach
with their cost. Pure: bot.discord.autocomplete gives the encounter and what was typed
so far, and the handler checks whatever is finally sent."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.encounter import CONDITION_NAMES, Encounter
from bot.encounter_ops.access import Actor, default_token
from bot.errors import RulingError
from bot.grid.terrain import TERRAIN_NAMES
from bot.names import complete, normalize
from bot.rules.moving import destinations
from bot.rules.ruleset import Ruleset
from bot.units import feet

Suggestion = tuple[str, str]  # (what the list shows, the value sent)
MAX_SUGGESTIONS = 25


def suggest(
    ruleset: Ruleset,
    encounter: Encounter | None,
    command: str,
    option: str,
    typed: str,
    given: Mapping[str, Any],
    asker: Actor | None = None,
) -> list[Suggestion]:
    """Suggestions for ``option`` of ``command`` while ``typed`` is being written;
    ``given`` holds the options already filled in (the token, for /move to:), ``asker``
    is who types (whose token /move moves when token: is left out)."""
    words = _words(ruleset, option, typed)
    if words is not None:
        return _plain(words)
    if encounter is None:
        return []
    return _on_the_board(ruleset, encounter, command, option, typed, given, asker)


def _words(ruleset: Ruleset, option: str, typed: str) -> list[str] | None:
    """The words an option takes that need no board: the ruleset's sizes and its own
    token options' values, terrain kinds (None: the option isn't one of those)."""
    if option == "size":
        return complete(typed, [s.name.lower() for s in ruleset.footprint_squares])
    spec = next((o for o in ruleset.token_options if o.name == option), None)
    if spec is not None:
        return complete(typed, spec.suggestions or spec.choices)
    if option == "kind":
        return complete(typed, TERRAIN_NAMES.names, aliases=TERRAIN_NAMES.entries)
    return None


def _on_the_board(
    ruleset: Ruleset,
    encounter: Encounter,
    command: str,
    option: str,
    typed: str,
    given: Mapping[str, Any],
    asker: Actor | None = None,
) -> list[Suggestion]:
    """What the running encounter offers: conditions and traits, token names, squares."""
    if command in ("token condition", "token trait") and option in ("add", "remove"):
        return _plain(_marks(ruleset, encounter, command, option, typed, given))
    names = [t.name for t in encounter.tokens.values()]
    if option in ("by", "drag", "mount", "target"):
        return _plain(complete(typed, names))
    if option == "group":
        return _plain(complete(typed, names, listed=True))
    if option == "to" and command == "move":
        return _squares(ruleset, encounter, _moving(encounter, given, asker), typed)
    return []


def _moving(encounter: Encounter, given: Mapping[str, Any], asker: Actor | None) -> str:
    """The token /move would move: token: as given, else the asker's own one, chosen as
    the move handler chooses it (``access.default_token``: the one taking its turn, or
    the only one); "" when it would ask which."""
    named = str(given.get("token") or "")
    if named or asker is None:
        return named
    try:
        return default_token(encounter, asker, "move")
    except RulingError:
        return ""


def _marks(
    ruleset: Ruleset,
    encounter: Encounter,
    command: str,
    option: str,
    typed: str,
    given: Mapping[str, Any],
) -> list[str]:
    """/token condition's and /token trait's add: (what the rules know) and remove:
    (what the token has)."""
    condition = command == "token condition"
    if option == "add" and condition:
        return complete(typed, CONDITION_NAMES.names, aliases=CONDITION_NAMES.entries, listed=True)
    if option == "add":
        return complete(typed, list(ruleset.traits), listed=True)
    token = encounter.tokens.get(normalize(str(given.get("token", ""))))
    if token is None:
        return complete(typed, [], listed=True)
    held = sorted(token.conditions) if condition else list(token.traits)
    return complete(typed, held, listed=True)


def _squares(ruleset: Ruleset, encounter: Encounter, name: str, typed: str) -> list[Suggestion]:
    """Reachable squares with their cost, cheapest first ("D4 · 15 ft")."""
    if normalize(name) not in encounter.tokens:
        return []
    rules = ruleset.for_encounter(encounter)
    try:
        found = destinations(rules, encounter, name)
    except RulingError:
        return []
    want = typed.strip().upper()
    shown = [(f"{cell} · {feet(cost)}", str(cell)) for cell, cost in found]
    return [s for s in shown if s[1].startswith(want)][:MAX_SUGGESTIONS]


def _plain(texts: list[str]) -> list[Suggestion]:
    return [(text, text) for text in texts[:MAX_SUGGESTIONS]]
