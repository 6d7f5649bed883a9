"""A fall as a consequence of a move, the same for every kind of move (issue 41): a
creature a displacement leaves in a pit it can't fly over, or in the air without
flying, falls. The consequences stage (``engine/consequences.py``) asks this of every
displacement, whatever moved it (walked, pushed, dragged), and the reply hands the
damage over to /fall. docs/RULINGS.md "A fall at the end of any move".

- **A pit** (004 Hazardous Terrain: "pit openings"; 004 Forced Movement's "a hazardous
  square, such as a pit"): a creature whose space ends over a pit falls in, unless it
  can fly (a fly speed, and nothing grounding it: ``rules.conditions.grounded``). The
  board keeps no depth, so the height is the GM's: /fall height:<feet>. A walk into a
  pit (where the ruleset lets one: ``pits_enterable``) says it in the ruleset's words
  (``rules.steps.pit_fall``).
- **The air**: a creature above the ground out of the saddle that can't fly (a rider
  pushed off its flying mount, a flyer grounded) falls its altitude and lands below (000
  Fly › Falling While Flying; the SRDs' Flying Movement), as ``falls_from_the_air``
  has it for a condition.

Pure: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.terrain import Terrain
from bot.rules.engine.altitude import altitude, at_altitude
from bot.rules.engine.board import Board
from bot.rules.engine.displacement import Displacement
from bot.rules.rulings import JSONValue, Note
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


def can_fly(rules: Ruleset, token: Token) -> bool:
    """Whether ``token`` stays up by flying: a fly speed under the ruleset, and nothing
    that grounds it (prone, immobilized...: ``conditions.grounded``) unless it hovers."""
    if rules.sheet.token_movement(token).speeds_ft.get("fly", 0) <= 0:
        return False
    return token.hover or not rules.conditions.grounded(token)


def pit_under(rules: Ruleset, encounter: Encounter, token: Token) -> Cell | None:
    """The first pit square of ``token``'s space, or None."""
    board = Board.of(encounter, token, rules.footprint_squares)
    return next((c for c in board.cells(token.cell) if board.terrain(c) is Terrain.PIT), None)


def fallen(
    rules: Ruleset, encounter: Encounter, displacements: Sequence[Displacement]
) -> tuple[Encounter, list[JSONValue], list[Note]]:
    """The board after every displaced creature that ends where it falls has fallen (out
    of the air: on the ground below), what the console reports of each fall (token,
    square, into "pit" or from the "air", its height in feet where the board knows it)
    and the notes."""
    falls: list[JSONValue] = []
    notes: list[Note] = []
    done: set[str] = set()
    for moved in displacements:
        token = encounter.tokens.get(moved.token)
        if token is None or token.key in done or token.riding is not None:
            continue  # a rider goes where its mount goes: the mount's fall is its own
        done.add(token.key)
        if can_fly(rules, token):
            continue
        high = altitude(token)
        if high:
            encounter = encounter.with_token(at_altitude(token, 0))
            falls.append(_fall(token, token.cell, "air", high))
            notes.append(
                Note(
                    "Falls",
                    f"{token.name} is {feet(high)} up and can't fly: it falls {feet(high)} "
                    f"(/fall height:{high}) and lands below ({rules.falling_section}).",
                )
            )
            continue
        pit = pit_under(rules, encounter, token) if moved.squares else None
        if pit is None:
            continue
        falls.append(_fall(token, pit, "pit", None))
        notes.extend(_into_the_pit(rules, encounter, token, moved, pit))
    return encounter, falls, notes


def _fall(token: Token, at: Cell, into: str, height: int | None) -> dict[str, JSONValue]:
    return {"token": token.name, "at": str(at), "into": into, "height_ft": height}


def _into_the_pit(
    rules: Ruleset, encounter: Encounter, token: Token, moved: Displacement, pit: Cell
) -> tuple[Note, ...]:
    """The fall into ``pit``: a walk in says it in the ruleset's words where it has them
    (004 Hazardous Terrain); anything else (a push, a drag) in the shared words."""
    if moved.how == "walked":
        said = rules.steps.pit_fall(Board.of(encounter, token, rules.footprint_squares), pit)
        if said:
            return said
    how = {"walked": "moves", "pushed": "is moved", "dragged": "is dragged"}[moved.how]
    return (
        Note(
            "Falls",
            f"{token.name} {how} into the pit at {pit} and falls in: how deep is the "
            "GM's (/fall height:<feet> for the damage).",
        ),
    )


__all__ = ["can_fly", "fallen", "pit_under"]
