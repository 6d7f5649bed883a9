"""Reading a board: the text checked against the declared shape, then built.

``read_state`` is the one way a board comes in (a load from the store, an import, a
scene); see the package's docstring. Each reader is handed the ``BoardRules`` its
board is checked against (``bot.handlers.board_rules.board_rules``; None: only what
needs no ruleset): the schema knows no rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bot.encounter import Encounter
from bot.errors import InvalidInput
from bot.schema.codec import dump_state
from bot.schema.invariants import BoardRules, check_board
from bot.schema.mending import mended, user_ids_to_mend
from bot.schema.models import EncounterModel, ExportModel
from bot.schema.reading import Problem, Problems, build

# The most problems a refusal lists (the rest are counted).
SHOWN_PROBLEMS = 6
# A board's text is at most this long: a full 200×200 board with 100 tokens, 20
# templates and every square's edge named is well under it.
MAX_STATE_BYTES = 2_000_000


class InvalidState(InvalidInput):
    """A board that breaks the declared shape: every problem found, by field."""

    def __init__(self, problems: Sequence[Problem], *, what: str = "That board") -> None:
        self.problems = tuple(problems)
        listed = "; ".join(str(p) for p in self.problems[:SHOWN_PROBLEMS])
        more = len(self.problems) - SHOWN_PROBLEMS
        tail = f" (and {more} more)" if more > 0 else ""
        super().__init__(f"{what} can't be read: {listed}{tail}.")


# What a text field that fails its pattern should look like, by the field's name.
PATTERN_HINTS = {
    "cell": "a square such as C4",
    "at": "a square such as C4",
    "toward": "a square such as C4",
    "terrain": 'squares as runs along a row and rectangles, "A1:D1 F3 B2:C4"',
    "dark": 'squares as runs along a row and rectangles, "A1:D1 F3 B2:C4"',
    "edges": 'edges between side-by-side squares, "C3/C4 D3/E3"',
    "hidden_edges": 'edges between side-by-side squares, "C3/C4 D3/E3"',
    "state": "a lower-case name (letters, digits, _)",
    "options": "a lower-case name (letters, digits, _)",
    "image": "the image's digest (hexadecimal)",
}


def _hint(loc: tuple[int | str, ...]) -> str:
    for part in reversed(loc):
        if isinstance(part, str) and part in PATTERN_HINTS:
            return f"should be {PATTERN_HINTS[part]}"
    return "is not written as it should be"


def _pydantic_problems(error: ValidationError) -> list[Problem]:
    out = []
    for item in error.errors(include_url=False):
        where = "".join(
            f"[{part}]" if isinstance(part, int) else f".{part}" for part in item["loc"]
        ).lstrip(".")
        if item["type"] == "string_pattern_mismatch":
            item["msg"] = _hint(tuple(item["loc"]))
        shown = item.get("input")
        got = ""
        if item["type"] not in ("missing", "json_invalid", "recursion_loop") and isinstance(
            shown, int | float | str | bool
        ):
            text = repr(shown)
            got = f" (got {text if len(text) <= 40 else text[:39] + '…'})"
        out.append(Problem(where, f"{item['msg']}{got}"))
    return out


def _model(text: str | bytes, kind: type[EncounterModel] | type[ExportModel]) -> Any:
    if len(text) > MAX_STATE_BYTES:
        raise InvalidState(
            [Problem("", f"it is {len(text):,} bytes; a board is at most {MAX_STATE_BYTES:,}")]
        )
    try:
        return kind.model_validate_json(text)
    except ValidationError as error:
        raise InvalidState(_pydantic_problems(error)) from None


def from_model(model: EncounterModel, rules: BoardRules | None) -> Encounter:
    """The board ``model`` describes, or ``InvalidState`` with all that is wrong."""
    problems = Problems()
    encounter = build(model, problems)
    if not problems:
        check_board(encounter, problems, rules)
    if problems:
        raise InvalidState(problems.found)
    return encounter


def read_state(text: str | bytes, rules: BoardRules | None) -> Encounter:
    """A stored board's JSON text, checked whole (against its ruleset's facts in
    ``rules``): the board, or ``InvalidState``."""
    model: EncounterModel = _model(text, EncounterModel)
    return from_model(model, rules)


@dataclass(frozen=True)
class Stored:
    """A board as the store reads it, and what was mended as it was read, for its GM
    (``bot.schema.mending``; none: read as it was)."""

    encounter: Encounter
    mends: tuple[str, ...] = ()


def read_stored_state(text: str | bytes, rules: BoardRules | None) -> Stored:
    """A board from the store: ``read_state``'s, except that one whose only problems
    are user ids stored before they had to be Discord ids is read mended."""
    try:
        return Stored(read_state(text, rules))
    except InvalidState as refused:
        places = user_ids_to_mend(text) if len(text) <= MAX_STATE_BYTES else None
        if not places:
            raise
        fixed, mends = mended(text, places)
        try:
            return Stored(read_state(fixed, rules), tuple(mends))
        except InvalidState as still:  # more is wrong once the ids are mended
            raise InvalidState((*refused.problems, *still.problems)) from None


def read_export(text: str | bytes, rules: BoardRules | None) -> tuple[Encounter, str]:
    """An /encounter export file: its board and its notation line."""
    document: ExportModel = _model(text, ExportModel)
    return from_model(document.state, rules), document.notation


def check(encounter: Encounter, rules: BoardRules | None) -> None:
    """``InvalidState`` unless ``encounter`` would be read back as it is."""
    read_state(dump_state(encounter), rules)


__all__ = [
    "BoardRules",
    "InvalidState",
    "Problem",
    "Stored",
    "check",
    "from_model",
    "read_export",
    "read_state",
    "read_stored_state",
]
