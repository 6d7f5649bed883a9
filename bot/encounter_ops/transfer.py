"""A board in and out of Stride: the battle-map notation users type and paste (OTFBM's:
``20x15 D4Mr-GO1`` or an otfbm.io link) and a full JSON export that imports back
exactly. Pure: text and bytes in and out.

The notation knows squares, sizes (T S M L H G), a colour and a label, walls and doors
along grid lines, and objects; Stride's tokens have names and teams. A label's
underscores are a name's spaces (``Goblin_1`` is "Goblin 1"); a token's team is read as
``import_teams`` says (blue party, red enemy, as Avrae's map draws them, the rest
neutral, unless the import's ``teams:`` says otherwise), and a team writes back as blue,
red or no colour. Walls, doors and secret doors (the GM's alone) go both ways; objects
that hamper or block moving come in as terrain. Everything else (other terrain, low
walls, conditions, turn order, options) travels only in the JSON export.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from bot.encounter import Encounter
from bot.encounter_ops.access import Actor
from bot.encounter_ops.import_teams import TEAM_OF_COLOUR, read_teams
from bot.encounter_ops.token_options import TokenOptions
from bot.encounter_ops.tokens import add_token
from bot.errors import InvalidInput, RulingError
from bot.grid.sizes import Size
from bot.limits import DEFAULT_SIDE, MAX_SIDE
from bot.notation import NotedBoard, NotedEdge, NotedToken, write_board
from bot.notation_otfbm import parse_board
from bot.rules.ruleset import Ruleset
from bot.schema.codec import to_json
from bot.schema.read import BoardRules, InvalidState, read_export

EXPORT_FORMAT = "stride-encounter"
EXPORT_VERSION = 1
# written as the import reads them back (``import_teams``: Avrae's map's colours)
COLOUR_OF_TEAM: dict[str, str] = {colour: team for team, colour in TEAM_OF_COLOUR.items()}


# ------------------------------------------------------------------ export


def notation_of(encounter: Encounter) -> str:
    """The board in the notation: its size, every token (a size the notation has no
    letter for as the nearest it has: the JSON export keeps it), the terrain otfbm.io
    draws as objects (difficult terrain and water too; slopes, ice and the like only in
    the JSON), then its walls and doors (a hidden door as a secret one; a low or hidden
    wall only in the JSON)."""
    tokens = tuple(
        NotedToken(
            cell=t.cell,
            label=t.name.replace(" ", "_"),
            size=t.size,
            colour=COLOUR_OF_TEAM.get(t.team),
        )
        for t in encounter.tokens.values()
    )
    edges = tuple(
        NotedEdge(edge, barrier, secret=edge in encounter.hidden_edges)
        for edge, barrier in sorted(encounter.edges.items())
    )
    terrain = tuple(encounter.terrain.items())
    return write_board(NotedBoard(encounter.width, encounter.height, tokens, edges, terrain))


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


def from_export(data: bytes | str, gm_id: str, rules: BoardRules | None) -> Encounter:
    """An export read back: the same board, run by ``gm_id`` (its co-GMs were someone
    else's). Anything that breaks the declared schema (or its ruleset's facts in
    ``rules``, handed in by the handler) is refused with every field that is wrong and
    why (``bot.schema``); nothing is taken in part."""
    try:
        encounter, _ = read_export(data, rules)
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


@dataclass(frozen=True)
class NotationImport:
    """A board made from the notation, what of the paste it could not use (``unplaced``:
    the tokens with no room where the paste puts them, and why), and how the tokens'
    teams were read."""

    encounter: Encounter
    skipped: tuple[str, ...] = ()
    renamed: tuple[str, ...] = ()
    unplaced: tuple[str, ...] = ()
    teams: str = ""


def from_notation(
    text: str, ruleset: Ruleset, actor: Actor, teams: str | None = None
) -> NotationImport:
    """A new board from the notation: its walls, doors and terrain, then its tokens placed
    as /token add places them (on the map, with room), on the teams ``teams`` (the
    option) and their colours say (``import_teams``); without a size the board is 20×20,
    or as big as what it holds. What means nothing on Stride's board or lies off the map
    is skipped and said; a token that can't be placed where the paste puts it (stacked
    on another, as OTFBM draws them) is left out and said, the rest placed."""
    board = parse_board(text)
    sides = read_teams(teams, board.tokens)
    width, height = board.width, board.height
    if width is None or height is None:
        width, height = _room_for(board)
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise InvalidInput(f"{width}x{height}: a board is 1 to {MAX_SIDE} squares a side.")
    encounter = Encounter(width, height, ruleset.id, gm_id=actor.user_id)
    encounter, off = _built(encounter, board)
    unplaced: list[str] = []
    for noted in board.tokens:
        options = TokenOptions(
            size=noted.size.name.lower(), at=str(noted.cell), team=sides.team_of(noted)
        )
        name = noted.label.replace("_", " ")
        try:
            encounter = add_token(encounter, ruleset, actor, name, options).encounter
        except RulingError as exc:
            unplaced.append(_why_not(name, noted, exc.message))
    return NotationImport(
        encounter, (*board.skipped, *off), board.renamed, tuple(unplaced), sides.how()
    )


def _why_not(name: str, noted: NotedToken, message: str) -> str:
    """A token left out and the rule that keeps it out, as /token add says it, shortened:
    "Ari at A1: Bob at A1: no creature ends a move in another's space (…)"."""
    message = message.removeprefix(f"{name} can't stand at {noted.cell}: ")
    message = message.removesuffix(" Pick another square.").rstrip(".")
    return f"{name} at {noted.cell}: {message}"


def _room_for(board: NotedBoard) -> tuple[int, int]:
    """A board with no size given: 20×20, or as far as its tokens, walls and terrain go."""
    span = {Size.LARGE: 2, Size.HUGE: 3, Size.GARGANTUAN: 4}
    cells = [t.cell.offset(span.get(t.size, 1) - 1, span.get(t.size, 1) - 1) for t in board.tokens]
    cells += [e.edge[1] for e in board.edges] + [c for c, _ in board.terrain]
    width = max([DEFAULT_SIDE, *(c.col + 1 for c in cells)])
    height = max([DEFAULT_SIDE, *(c.row + 1 for c in cells)])
    return min(width, MAX_SIDE), min(height, MAX_SIDE)


def _built(encounter: Encounter, board: NotedBoard) -> tuple[Encounter, list[str]]:
    """``encounter`` with the board's walls, doors and terrain (what lies on the map),
    and what lay off it."""
    width, height = encounter.width, encounter.height
    edges = {
        e.edge: e
        for e in board.edges
        if all(0 <= c.col < width and 0 <= c.row < height for c in e.edge)
    }
    terrain = {c: k for c, k in board.terrain if 0 <= c.col < width and 0 <= c.row < height}
    built = replace(
        encounter,
        edges={key: e.barrier for key, e in edges.items()},
        hidden_edges=frozenset(key for key, e in edges.items() if e.secret),
        terrain=terrain,
    )
    off = [
        f"{what} off the map ({lost})"
        for what, lost in (
            ("walls", len(board.edges) - len(edges)),
            ("object squares", len(board.terrain) - len(terrain)),
        )
        if lost
    ]
    return built, off
