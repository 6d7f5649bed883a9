"""Grapples on the board: who holds whom, a grappler dragging its victim along, and the
grapple ending when the two are parted (000 Grappled; the SRDs' Grappled condition; 002
grapple movement). The mechanism for every ruleset; a ruleset with grappling rules
supplies a ``GrappleRule`` with its drag cost and its words. Pure: no Discord, no
database.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.geometry import footprint
from bot.grid.sizes import Size
from bot.rules.engine.kinds import GrappleRule
from bot.rules.engine.moves import MoveRequest, MoveResult
from bot.rules.rulings import Note

if TYPE_CHECKING:
    from bot.rules.engine.jump import JumpRule
    from bot.rules.ruleset import Ruleset


def grapplers_of(token: Token) -> tuple[str, ...]:
    """The keys of the tokens grappling ``token`` (an order kept: first grappler first)."""
    return token.grappled_by


def with_grapplers(token: Token, keys: tuple[str, ...]) -> Token:
    """``token`` held by ``keys`` (none: the grapple link is gone; the Grappled
    condition goes with the last one only when the link was its cause)."""
    return replace(token, grappled_by=tuple(dict.fromkeys(keys)))


def light_load(grappler: Token, held: Token) -> bool:
    """000 and the SRDs: dragging is free of its cost when the held creature is Tiny or
    two sizes smaller (or less)."""
    return held.size <= Size.TINY or held.size <= grappler.size - 2


def drag_move(
    rules: Ruleset,
    encounter: Encounter,
    request: MoveRequest,
    *,
    jump_rule: JumpRule | None,
) -> MoveResult:
    """The grappler moves and drags the creature it holds along (``request.drag``): the
    grappler's path is the rules' own (Slowed, +1 ft a foot or half speed while
    dragging); the held creature keeps its place beside it, every square of its way
    open, or (sharing a space) ends in the grappler's space."""
    from bot.rules.engine.forced import forced_move
    from bot.rules.engine.pipeline import plan_move

    rule = rules.grapple_rule
    if rule is None:
        raise InvalidInput(
            f"drag: {rules.name}'s movement rules have no grappling: move each token on its own."
        )
    if request.forced or request.group or request.ready or request.jump is not None:
        raise InvalidInput("drag: is a grappler's own move: no forced:, group:, ready: or jump:.")
    grappler = encounter.token(request.token)
    held = encounter.token(request.drag or "")
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
    single = replace(request, drag=None)
    cap = None
    if rule.drag == "half-speed":
        cap = rules.token_movement(grappler).speed_ft / 2
    moved = plan_move(
        rules,
        board,
        single,
        jump_rule=jump_rule,
        budget_cap_ft=cap,
        dragging="" if light or rule.drag == "half-speed" else held.name,
    )
    start, end = moved.path[0], moved.path[-1]
    held_path: tuple[Cell, ...]
    if rule.shares_space:
        held_path = (held.cell, end) if held.cell != end else (held.cell,)
    else:
        dc, dr = held.cell.col - start.col, held.cell.row - start.row
        held_path = tuple(Cell(c.col + dc, c.row + dr) for c in moved.path)
    after = _placed(encounter, moved.encounter, held, held_path[-1])
    if not rule.shares_space and len(held_path) > 1:
        # every square of the held creature's way must be open to it, as for a slide
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
            raise IllegalMove(
                f"{grappler.name} can't drag {held.name} that way: {held.name} keeps its place "
                f"beside {grappler.name} and would be {stop}. Try another way (via:)."
            )
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


def parted(
    rules: Ruleset, encounter: Encounter, moved: tuple[str, ...], *, forced: bool
) -> tuple[Encounter, tuple[Note, ...]]:
    """Grapples that end because a move parted the two (the held creature out of its
    grappler's reach): the link and, with the last grapple, the Grappled condition go.
    ``moved``: the keys of the tokens that moved; ``forced``: it was a push, pull or
    slide (000 Ending the Grappled Condition › Forced Movement)."""
    rule = rules.grapple_rule
    if rule is None:
        return encounter, ()
    notes: list[Note] = []
    tokens = dict(encounter.tokens)
    for key, token in encounter.tokens.items():
        holders = grapplers_of(token)
        if not holders or not (key in moved or any(h in moved for h in holders)):
            continue
        kept = []
        for holder_key in holders:
            holder = tokens.get(holder_key)
            if holder is not None and _within_reach(rules, holder, token):
                kept.append(holder_key)
                continue
            name = holder.name if holder is not None else holder_key
            why = (
                f"{token.name} was moved out of {name}'s reach"
                if forced
                else f"{name} and {token.name} are out of reach of each other ({name} let go)"
            )
            notes.append(Note("Grapple ends", f"{why}: the grapple ends ({rule.ends_text})."))
        if len(kept) != len(holders):
            released = with_grapplers(token, tuple(kept))
            if not kept:
                released = replace(
                    released, conditions=released.conditions - {Condition.GRAPPLED.value}
                )
            tokens[key] = released
    if not notes:
        return encounter, ()
    return replace(encounter, tokens=tokens), tuple(notes)


def let_go(encounter: Encounter, holder: Token, why: str) -> tuple[Encounter, tuple[Note, ...]]:
    """Every grapple ``holder`` keeps ends (it is incapacitated, or leaves the board)."""
    notes: list[Note] = []
    tokens = dict(encounter.tokens)
    for key, token in encounter.tokens.items():
        holders = grapplers_of(token)
        if holder.key not in holders:
            continue
        kept = tuple(h for h in holders if h != holder.key)
        released = with_grapplers(token, kept)
        if not kept:
            released = replace(
                released, conditions=released.conditions - {Condition.GRAPPLED.value}
            )
        tokens[key] = released
        notes.append(Note("Grapple ends", f"{holder.name} {why}: {token.name} is free of it."))
    if not notes:
        return encounter, ()
    return replace(encounter, tokens=tokens), tuple(notes)


def _within_reach(rules: Ruleset, holder: Token, held: Token) -> bool:
    """Whether any square of ``held`` is within ``holder``'s reach (5 ft, or its own)."""
    side = rules.footprint_squares
    reach_squares = max(1, int((holder.reach_ft or rules.square_ft) // rules.square_ft))
    mine = footprint(holder.cell, side.get(holder.size, 1))
    theirs = footprint(held.cell, side.get(held.size, 1))
    return any(
        max(abs(a.col - b.col), abs(a.row - b.row)) <= reach_squares for a in mine for b in theirs
    )


__all__ = [
    "GrappleRule",
    "drag_move",
    "grapplers_of",
    "let_go",
    "light_load",
    "parted",
    "with_grapplers",
]
