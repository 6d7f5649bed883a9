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

from bot.encounter import Encounter, Team
from bot.encounter_ops.access import Actor
from bot.encounter_ops.token_options import TokenOptions
from bot.encounter_ops.tokens import add_token
from bot.errors import InvalidInput, RulingError
from bot.grid.sizes import Size
from bot.limits import DEFAULT_SIDE, MAX_SIDE
from bot.notation import LETTER_OF_SIZE, NotedBoard, NotedToken, parse_board, write_board
from bot.rules.ruleset import Ruleset
from bot.schema.codec import to_json
from bot.schema.read import InvalidState, read_export

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
    return (json.dumps(document, indent=1, sort_keys=True, allow_nan=False) + "\n").encode()


# ------------------------------------------------------------------ import


def from_export(data: bytes | str, gm_id: str) -> Encounter:
    """An export read back: the same board, run by ``gm_id`` (its co-GMs were someone
    else's). Anything that breaks the declared schema is refused with every field
    that is wrong and why (``bot.schema``); nothing is taken in part."""
    try:
        encounter, _ = read_export(data)
    except InvalidState as invalid:
        wrong = {p.where for p in invalid.problems}
        if "format" in wrong:
            raise InvalidInput(
                f'That JSON is not a Stride export (an /encounter export file has "format": '
                f'"{EXPORT_FORMAT}"; {invalid.problems[0]}).'
            ) from None
        if "version" in wrong:
            raise InvalidInput(
                f"That export is not version {EXPORT_VERSION}, the one this bot reads "
                f"({next(p for p in invalid.problems if p.where == 'version')})."
            ) from None
        raise InvalidState(invalid.problems, what="That export") from None
    return replace(encounter, gm_id=gm_id, co_gms=())


def from_notation(text: str, ruleset: Ruleset, actor: Actor) -> Encounter:
    """A new board from the notation, its tokens placed as /token add places them (on
    the map, with room); the board is 20×20 when the notation gives no size."""
    board = parse_board(text)
    width = DEFAULT_SIDE if board.width is None else board.width
    height = DEFAULT_SIDE if board.height is None else board.height
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
