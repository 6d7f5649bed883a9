"""Shared helpers for the d20 grid tests: maps drawn in a line, tokens by team, moves.

``GridKit("3.5")`` binds them to one ruleset, so a test file reads
``encounter(8, 3, pc("Ari", "A2"), wall="C1 C3")`` and ``move(e, "Ari", "E2")``.
"""

from __future__ import annotations

import pytest

from bot.encounter import Encounter, Token
from bot.errors import IllegalMove, RulingError
from bot.grid.coords import Cell
from bot.grid.terrain import Terrain
from bot.handlers.refusals import refusal_error
from bot.rules import get_ruleset
from bot.rules.engine.moves import MoveRequest, MoveResult
from bot.rules.rulings import MoveRefused


def said(error: RulingError) -> str:
    """What the player reads for ``error``: a refused move in the handler's words (the
    rules return the refusal as data), anything else as the rules wrote it."""
    if isinstance(error, MoveRefused):
        return refusal_error(error.refusal).message
    return error.message


def cells(text: str) -> tuple[Cell, ...]:
    return tuple(Cell.parse(c) for c in text.split())


def pc(name: str, at: str, **fields: object) -> Token:
    return Token(name, Cell.parse(at), team="party", **fields)  # type: ignore[arg-type]


def foe(name: str, at: str, **fields: object) -> Token:
    return Token(name, Cell.parse(at), team="enemy", **fields)  # type: ignore[arg-type]


def path(result: MoveResult) -> str:
    return " ".join(str(c) for c in result.path)


def step_costs(result: MoveResult) -> list[float]:
    return [s.cost_ft for s in result.steps]


def warning_labels(result: MoveResult) -> list[str]:
    return [w.label for w in result.warnings]


def corridor(width: int) -> dict[str, str]:
    """Walls on rows 1 and 3: a one-square corridor along row 2."""
    return {"wall": " ".join(f"{chr(65 + c)}1 {chr(65 + c)}3" for c in range(width))}


class GridKit:
    """Map-building and moving bound to one ruleset."""

    def __init__(self, ruleset_id: str) -> None:
        self.ruleset_id = ruleset_id
        self.rules = get_ruleset(ruleset_id)

    def encounter(self, width: int, height: int, *tokens: Token, **terrain: str) -> Encounter:
        """A map with tokens and terrain given as ``kind="A1 B2 ..."``."""
        e = Encounter(width, height, self.ruleset_id, "1001")
        for token in tokens:
            e = e.with_token(token)
        for kind, where in terrain.items():
            e = e.with_terrain(cells(where), Terrain(kind))
        return e

    def move(
        self, e: Encounter, token: str, to: str | None = None, **options: object
    ) -> MoveResult:
        via = cells(str(options.pop("via"))) if "via" in options else ()
        if "jump" in options:
            options["jump"] = Cell.parse(str(options["jump"]))
        target = Cell.parse(to) if to is not None else None
        request = MoveRequest(token, target, via=via, **options)  # type: ignore[arg-type]
        return self.rules.move(e, request)

    def refused(self, e: Encounter, token: str, to: str | None = None, **options: object) -> str:
        """The message of an illegal move; the encounter (a value) stays as it was."""
        with pytest.raises(IllegalMove) as caught:
            self.move(e, token, to, **options)
        return said(caught.value)
