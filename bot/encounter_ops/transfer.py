"""A board in and out of Stride: the battle-map notation users type (``20x15 D4Mr-GO1``)
and a full JSON export that imports back exactly. Pure: text and bytes in and out.

The notation knows squares, sizes (T S M L H G), a colour and a label; Stride's tokens
have names and teams. A label's underscores are a name's spaces (``Goblin_1`` is
"Goblin 1"); a colour stands for a team (red, orange, purple and black: enemy; blue,
green, cyan and white: party; others, or none: neutral), and a team writes back as
red, blue or no colour. Everything else (terrain, edges, conditions, turn order,
options) travels only in the JSON export.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from bot.encounter import DEFAULT_SIDE, MAX_SIDE, Encounter, Team, from_json, to_json
from bot.encounter_ops.access import Actor
from bot.encounter_ops.tokens import TokenOptions, add_token
from bot.errors import InvalidInput, RulingError
from bot.grid.sizes import Size
from bot.notation import LETTER_OF_SIZE, NotedBoard, NotedToken, parse_board, write_board
from bot.rules.ruleset import Ruleset

EXPORT_FORMAT = "stride-encounter"
EXPORT_VERSION = 1
TEAM_OF_COLOUR: dict[str, Team] = {
    "red": "enemy",
    "orange": "enemy",
    "purple": "enemy",
    "black": "enemy",
    "blue": "party",
    "green": "party",
    "cyan": "party",
    "white": "party",
}
COLOUR_OF_TEAM: dict[str, str] = {"enemy": "red", "party": "blue"}


# ------------------------------------------------------------------ export


def notation_of(encounter: Encounter) -> str:
    """The board in the notation: its size, then every token (sizes the notation has no
    letter for are written as Medium: the JSON export keeps them)."""
    tokens = tuple(
        NotedToken(
            cell=t.cell,
            label=t.name.replace(" ", "_"),
            size=t.size if t.size in LETTER_OF_SIZE else Size.MEDIUM,
            colour=COLOUR_OF_TEAM.get(t.team),
        )
        for t in encounter.tokens.values()
    )
    return write_board(NotedBoard(encounter.width, encounter.height, tokens))


def export_json(encounter: Encounter) -> bytes:
    """Everything about the board, for /encounter import to read back exactly."""
    document = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "notation": notation_of(encounter),
        "state": to_json(encounter),
    }
    return (json.dumps(document, indent=1, sort_keys=True) + "\n").encode()


# ------------------------------------------------------------------ import


def from_export(data: bytes | str, gm_id: str) -> Encounter:
    """An export read back: the same board, run by ``gm_id`` (its co-GMs were someone
    else's). A file that is not a Stride export is refused, saying what was expected."""
    try:
        document: Any = json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        raise InvalidInput(f"That JSON can't be read ({exc}).") from None
    if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
        raise InvalidInput(
            f'That JSON is not a Stride export (an /encounter export file has "format": '
            f'"{EXPORT_FORMAT}").'
        )
    if document.get("version") != EXPORT_VERSION:
        raise InvalidInput(
            f"That export is version {document.get('version')!r}; this bot reads version "
            f"{EXPORT_VERSION}."
        )
    state = document.get("state")
    if not isinstance(state, dict):
        raise InvalidInput('That export has no board ("state") in it.')
    try:
        encounter = from_json(state)
    except (KeyError, TypeError, ValueError, AttributeError, RulingError) as exc:
        raise InvalidInput(f"That export's board can't be read ({exc}).") from None
    if not (1 <= encounter.width <= MAX_SIDE and 1 <= encounter.height <= MAX_SIDE):
        raise InvalidInput(f"A board is 1 to {MAX_SIDE} squares a side.")
    return replace(encounter, gm_id=gm_id, co_gms=())


def from_notation(text: str, ruleset: Ruleset, actor: Actor) -> Encounter:
    """A new board from the notation, its tokens placed as /token add places them (on
    the map, with room); the board is 20×20 when the notation gives no size."""
    board = parse_board(text)
    width, height = board.width or DEFAULT_SIDE, board.height or DEFAULT_SIDE
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise InvalidInput(f"{width}x{height}: a board is 1 to {MAX_SIDE} squares a side.")
    encounter = Encounter(width, height, ruleset.id, gm_id=actor.user_id)
    for noted in board.tokens:
        options = TokenOptions(
            size=noted.size.name.lower(),
            at=str(noted.cell),
            team=TEAM_OF_COLOUR.get(noted.colour or "", "neutral"),
        )
        try:
            encounter = add_token(
                encounter, ruleset, actor, noted.label.replace("_", " "), options
            ).encounter
        except RulingError as exc:
            raise InvalidInput(f'"{noted}": {exc.message}') from None
    return encounter
