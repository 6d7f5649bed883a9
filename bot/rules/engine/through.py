"""Moving through an opponent's space: overrun and tumble (001 Overrun, Tumbling; 002
Overrun; 004 Overrun). The path may enter the spaces of the opponents the rule lets it
pass (never end there); the reply names each check to make, in order, where the mover
stops if that check fails, and what it provokes. A ruleset with such rules supplies a
``ThroughRule`` per kind; the dice are the table's. Pure: no Discord, no database.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.encounter import Token
from bot.grid.coords import Cell
from bot.rules.engine.board import Board, hostile
from bot.rules.engine.kinds import ThroughRule
from bot.rules.rulings import JSONValue, Note

if TYPE_CHECKING:
    pass


@dataclass(frozen=True)
class Passed:
    """One opponent the path goes through: where it enters its space, and the square
    the mover stops in when the check fails."""

    target: Token
    enters: Cell
    stops_at: Cell


def passed(board: Board, cells: list[Cell], *, shunted_back: bool = False) -> list[Passed]:
    """The opponents whose spaces the path enters, in the order it meets them.
    ``shunted_back``: a failure whose square before the foe is taken sends the mover back
    along its path to the first unoccupied square (004 Overrun)."""
    out: list[Passed] = []
    seen: set[str] = set()
    for i, anchor in enumerate(cells[1:], start=1):
        for other in board.others_in(board.cells(anchor)):
            if other.key in seen or not hostile(board.mover, other):
                continue
            seen.add(other.key)
            stop = _first_open_back(board, cells, i - 1) if shunted_back else cells[i - 1]
            out.append(Passed(other, anchor, stop))
    return out


def _first_open_back(board: Board, cells: list[Cell], last: int) -> Cell:
    """The first square at or before ``cells[last]`` no other creature holds (the start,
    which the mover holds, when every one between is taken)."""
    for index in range(last, 0, -1):
        if not board.others_in(board.cells(cells[index])):
            return cells[index]
    return cells[0]


def _avoiding(rule: ThroughRule) -> dict[str, JSONValue]:
    """The DC that spares the attacks for leaving threatened squares, as data, where
    the rule has one (whether or not the path passes a foe's space)."""
    if rule.avoid_attacks_dc is None and rule.avoid_attacks_dc_cmd_plus is None:
        return {}
    return {
        "avoid_attacks_dc": rule.avoid_attacks_dc,
        "avoid_attacks_dc_cmd_plus": rule.avoid_attacks_dc_cmd_plus,
    }


def _dcs(rule: ThroughRule) -> dict[str, JSONValue]:
    """A check's DC as data, where the rule has one: ``dc`` (3.5 tumble: 25) or
    ``dc_cmd_plus`` (Pathfinder tumble: 5 + the opponent's CMD, ``dc`` then None)."""
    if rule.dc is None and rule.dc_cmd_plus is None:
        return {}
    return {"dc": rule.dc, "dc_cmd_plus": rule.dc_cmd_plus}


def through_notes(
    rule: ThroughRule, board: Board, cells: list[Cell], *, charging: bool = False
) -> tuple[list[Note], dict[str, Cell], dict[str, JSONValue]]:
    """The reply's words for the checks, the attacks entering provokes (by name, at the
    square entered), and the JSON for them. ``charging``: the move is a charge."""
    if not rule.passes_spaces:
        return (
            [Note(rule.kind.capitalize(), f"{rule.check}. {rule.note}")],
            {},
            {"kind": rule.kind, "checks": [], "passes_spaces": False, **_avoiding(rule)},
        )
    gone = passed(board, cells, shunted_back=rule.shunted_back)
    if not gone:
        return (
            [Note(rule.kind.capitalize(), f"The path passes no opponent: no {rule.kind} check.")],
            {},
            {"kind": rule.kind, "checks": [], **_avoiding(rule)},
        )
    penalty = -rule.penalty_per_extra * (len(gone) - 1)
    mover = board.mover.name
    lines = []
    checks: list[JSONValue] = []
    for p in gone:
        lines.append(f"{p.target.name} at {p.enters}: a failure stops {mover} at {p.stops_at}")
        checks.append(
            {
                "target": p.target.name,
                "enters": str(p.enters),
                "stops_at_on_failure": str(p.stops_at),
                "penalty": penalty,
                **_dcs(rule),
            }
        )
    count = len(gone)
    head = f"{count} {rule.kind} check{'s' if count != 1 else ''}, in order: {rule.check}"
    if penalty:
        head += f"; each at {penalty} ({rule.penalty_per_extra} less for each foe after the first)"
    head += f". On a failure {mover} {rule.fails}"
    notes = [Note(rule.kind.capitalize(), head + ".\n" + "\n".join(lines))]
    if charging and rule.charge_note:
        notes.append(Note(f"{rule.kind.capitalize()} in a charge", rule.charge_note))
    elif rule.note:
        notes.append(Note(f"{rule.kind.capitalize()} rules", rule.note))
    provoked = {p.target.name: p.enters for p in gone} if rule.provokes_each else {}
    found: dict[str, JSONValue] = {
        "kind": rule.kind,
        "checks": checks,
        "penalty": penalty,
        **_avoiding(rule),
    }
    if charging:
        found["charge"] = True
    return notes, provoked, found
