"""A grappler dragging the creature it holds (000 Grappled; the SRDs' Grappled
condition; 002 grapple movement): the grappler's path is the rules' own, at the
ruleset's ``GrappleRule`` cost; the held creature keeps its place beside it, or shares
its space. Who holds whom, and grapples ending, are ``engine/grapple.py``'s. Pure: no
Discord, no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from bot.encounter import Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.rules.engine.displacement import Displacement, Planned, walked
from bot.rules.engine.forced import forced_move
from bot.rules.engine.grapple import grapplers_of, light_load
from bot.rules.engine.kinds import GrappleRule
from bot.rules.engine.moves import MoveRequest, MoveResult, SpecialPart
from bot.rules.engine.specials.base import PlanContext, SpecialMove
from bot.rules.rulings import Note

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


@dataclass(frozen=True)
class Drag(SpecialPart):
    """``drag:<token>``: the grappled creature the mover drags along."""

    special: ClassVar[str] = "drag"
    held: str

    def moved_along(self) -> tuple[str, ...]:
        return (self.held,)


class DragMove(SpecialMove[Drag]):
    name = "drag"
    part = Drag
    options = ("drag",)
    reports = "dragged"
    alone = "drag: is a grappler's own move: no forced:, group:, ready: or jump:."

    def read(self, options: Mapping[str, Any]) -> Drag | None:
        return Drag(options["drag"]) if options.get("drag") else None

    def plan(
        self, ctx: PlanContext, encounter: Encounter, request: MoveRequest, part: Drag
    ) -> Planned:
        """The grappler moves and drags the creature it holds along: the grappler's path
        is the rules' own (Slowed, +1 ft a foot or half speed while dragging); the held
        creature keeps its place beside it, every square of its way open, or (sharing a
        space) ends in the grappler's space."""
        rules = ctx.rules
        rule = rules.grapple_rule
        if rule is None:
            raise InvalidInput(
                f"drag: {rules.name}'s movement rules have no grappling: move each token on "
                "its own."
            )
        if request.forced or request.group or request.ready or request.jump is not None:
            raise InvalidInput(self.alone)
        grappler = encounter.token(request.token)
        held = encounter.token(part.held)
        if held.key == grappler.key:
            raise InvalidInput(f"{grappler.name} can't drag itself.")
        if grappler.key not in grapplers_of(held):
            raise InvalidInput(
                f"{held.name} isn't grappled by {grappler.name}: /token condition "
                f"token:{held.name} add:grappled by:{grappler.name} first."
            )
        light = light_load(grappler, held)
        without = {k: t for k, t in encounter.tokens.items() if k != held.key}
        board = replace(encounter, tokens=without)  # it moves along: not in its grappler's way
        cap = _cap_ft(rules, rule, encounter, grappler, request, light)
        moved = ctx.move(
            board,
            replace(request, special=None),
            budget_cap_ft=cap,
            dragging="" if light or rule.drag in HALVING else held.name,
        )
        held_path = _held_path(rules, rule, encounter, moved, grappler, held)
        result = _dragged(rule, encounter, moved, grappler, held, held_path, light, cap)
        displaced = (walked(moved), Displacement(held.key, held_path, "dragged"))
        return Planned(result, displaced)


# the drag costs that halve a speed rather than price each foot
HALVING = ("half-speed", "speed-halved")


def _cap_ft(
    rules: Ruleset,
    rule: GrappleRule,
    encounter: Encounter,
    grappler: Token,
    request: MoveRequest,
    light: bool,
) -> float | None:
    """What a halving drag lets this move spend: half the speed for the move (3.5,
    epic-path); the turn's movement with the speed halved, less what was already moved
    (SRD 5.1, and nothing halved when the held creature is light); None: no cap."""
    if rule.drag == "half-speed":
        return rules.sheet.token_movement(grappler).speed_ft / 2
    if rule.drag != "speed-halved" or light:
        return None
    movement = rules.sheet.token_movement(grappler)
    allowance = rules.economy.allowance(encounter, grappler, request, movement)
    return max(0.0, allowance.activity.budget_ft / 2 - grappler.activity.spent_ft)


def _held_path(
    rules: Ruleset,
    rule: GrappleRule,
    encounter: Encounter,
    moved: MoveResult,
    grappler: Token,
    held: Token,
) -> tuple[Cell, ...]:
    """The held creature's way: into the grappler's space (sharing it), or beside it
    all along, every square of it open to the held creature, as for a slide."""
    start, end = moved.path[0], moved.path[-1]
    if rule.shares_space:
        return (held.cell, end) if held.cell != end else (held.cell,)
    dc, dr = held.cell.col - start.col, held.cell.row - start.row
    held_path = tuple(Cell(c.col + dc, c.row + dr) for c in moved.path)
    if len(held_path) > 1:
        placed_at_start = _placed(encounter, moved.encounter, held, held.cell)
        slid = forced_move(
            rules,
            placed_at_start,
            held,
            MoveRequest(token=held.name, to=held_path[-1], via=held_path[1:-1], forced="slide"),
        )
        if slid.path[-1] != held_path[-1]:
            stop = next((n.text for n in slid.warnings if n.label == "Stopped"), "")
            stop = stop.removeprefix("The slide ").rstrip(".") or "blocked"
            if not stop.startswith("stopped"):  # "ends at E3, in the pit at E3"
                stop = "moved into the pit" + stop.rpartition(", in the pit")[2]
            raise IllegalMove(
                f"{grappler.name} can't drag {held.name} that way: {held.name} keeps its place "
                f"beside {grappler.name} and would be {stop}. Try another way (via:)."
            )
    return held_path


def _dragged(
    rule: GrappleRule,
    encounter: Encounter,
    moved: MoveResult,
    grappler: Token,
    held: Token,
    held_path: tuple[Cell, ...],
    light: bool,
    cap: float | None,
) -> MoveResult:
    """The grappler's move with the held creature placed at the end of its way."""
    after = _placed(encounter, moved.encounter, held, held_path[-1])
    cost = "no cost: it is light enough" if light else rule.drag_text
    if rule.drag == "half-speed":
        cost = rule.drag_text
    note = Note(
        "Dragging",
        f"{grappler.name} drags {held.name} {held_path[0]} → {held_path[-1]} ({cost}).",
    )
    if cap is not None:  # what this move may spend is the half speed, not the action's
        moved = replace(moved, total_ft=min(moved.total_ft, moved.used_ft - moved.cost_ft + cap))
    return replace(
        moved,
        encounter=after,
        notes=(*moved.notes, note),
        extra={
            **moved.extra,
            "dragged": {"token": held.name, "path": [str(c) for c in held_path]},
        },
    )


def _placed(original: Encounter, after: Encounter, held: Token, cell: Cell) -> Encounter:
    """``after`` (planned without ``held``) with ``held`` back at ``cell``, in its place
    among the tokens."""
    tokens = {
        k: (replace(held, cell=cell) if k == held.key else after.tokens[k])
        for k in original.tokens
        if k == held.key or k in after.tokens
    }
    return replace(after, tokens=tokens)


# the registry's one line names this module (engine/specials/__init__.py)
KIND = DragMove()


__all__ = ["KIND", "Drag", "DragMove"]
