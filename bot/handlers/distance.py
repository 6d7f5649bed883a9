"""/distance: measure between two tokens or squares without moving anything.

The straight distance is counted under the encounter's ruleset (``measure_ft``:
its diagonal rule). From a token, the /move pipeline is asked, on the stored
encounter and without saving, what the cheapest legal way there costs and
whether an action this turn covers it: "Can I reach the goblin?".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter import Activity, Encounter, Token, token_key
from bot.encounter_ops.access import default_token
from bot.encounter_ops.placement import side, squares_of
from bot.errors import InvalidInput, RulingError
from bot.grid.coords import Cell, parse_on_map
from bot.grid.geometry import footprint
from bot.handlers.encounter_common import (
    actor_of,
    encounter_reply,
    load_active,
    ruleset_of,
    seen_in,
)
from bot.handlers.move import distance_text
from bot.handlers.refusals import refusal_error
from bot.reply import Field, Reply
from bot.rules.moving import MoveRequest, measure_3d_ft
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import MoveRefused, Refusal, RefusalReason
from bot.units import feet
from bot.work import board as board_work

_SQUARE = re.compile(r"\s*[A-Za-z]{1,3}\s*\d{1,4}\s*")


@dataclass(frozen=True)
class End:
    """One end of a measure: a token (all its squares), or a square."""

    label: str
    squares: tuple[Cell, ...]
    token: Token | None = None


def _end(encounter: Encounter, rules: Ruleset, text: str) -> End:
    """A token by name (first: a token may be called "D4"), else a square on the map."""
    found = encounter.tokens.get(token_key(text))
    if found is not None:
        return End(found.name, tuple(squares_of(found, rules)), found)
    if _SQUARE.fullmatch(text):
        cell = parse_on_map(text.strip(), encounter.width, encounter.height)
        return End(str(cell), (cell,))
    encounter.token(text)  # the error names the tokens there are
    raise InvalidInput(f'"{text}" is neither a token here nor a square such as D4.')


@dataclass(frozen=True)
class Reach:
    """The cheapest legal way for a token to ``goal``: its cost (``at_least``: a lower
    bound), and the action that covers it this turn ("" when none does)."""

    goal: Cell
    cost_ft: float | None
    action: str
    now: bool  # the action it is taking (or a plain move) covers it
    at_least: bool = False
    left_ft: float | None = None
    why: str = ""  # why no action this turn gets there
    spent: str = ""  # the mover is out of movement: how much it used of what it had


def _goals(encounter: Encounter, rules: Ruleset, mover: Token, target: End) -> list[Cell]:
    """Where the mover's top-left square may be to stand at ``target``: on a square, that
    square; beside a token, every place its footprint touches the token's without
    overlapping it."""
    if target.token is None:
        return [target.squares[0]]
    n = side(rules, mover.size)
    taken = set(target.squares)
    around = {c.offset(dc, dr) for c in target.squares for dc in (-1, 0, 1) for dr in (-1, 0, 1)}
    goals: set[Cell] = set()
    for cell in around - taken:
        for dc in range(n):
            for dr in range(n):
                top_left = cell.offset(-dc, -dr)
                corner = top_left.offset(n - 1, n - 1)
                if not (encounter.on_map(top_left) and encounter.on_map(corner)):
                    continue
                if not taken & set(footprint(top_left, n)):
                    goals.add(top_left)
    return sorted(goals, key=lambda c: (c.row, c.col))


def reach(encounter: Encounter, rules: Ruleset, mover: Token, target: End) -> Reach | None:
    """The /move pipeline asked, for each square the mover could stand on, with nothing
    saved: the cheapest one covered this turn, else the cheapest one a bigger action
    covers, else the cheapest one at all. None: the mover is already there."""
    goals = _goals(encounter, rules, mover, target)
    if mover.cell in goals:
        return None
    if not goals:
        return Reach(
            target.squares[0],
            None,
            "",
            False,
            why=f"{mover.name} has no room to stand beside {target.label} on this map",
        )
    found = [_reach_one(encounter, rules, mover, goal) for goal in goals]

    def rank(r: Reach) -> tuple[int, float]:
        tier = 0 if r.now else 1 if r.action else 2 if r.cost_ft is not None else 3
        return tier, r.cost_ft if r.cost_ft is not None else 0.0

    return min(found, key=rank) if found else None


def _reach_one(encounter: Encounter, rules: Ruleset, mover: Token, goal: Cell) -> Reach:
    """The /move pipeline asked about one square, nothing saved."""
    try:
        result = rules.move(encounter, MoveRequest(mover.name, to=goal))
    except MoveRefused as refused:
        r = refused.refusal
        if r.reason is RefusalReason.NO_MOVEMENT_LEFT:
            return _spent(encounter, rules, mover, goal, r)
        if r.reason is RefusalReason.TOO_FAR and r.bigger_action:
            return Reach(goal, r.cost_ft, r.bigger_action, False, r.at_least)
        message = refusal_error(r).message
        return Reach(goal, r.cost_ft, "", False, r.at_least, why=message)
    except RulingError as error:
        return _not_now(encounter, rules, mover, goal, error.message)
    left = None if result.done_for_the_turn else result.remaining_ft
    return Reach(goal, result.cost_ft, result.action, True, left_ft=left)


def _not_now(encounter: Encounter, rules: Ruleset, mover: Token, goal: Cell, message: str) -> Reach:
    """A move refused before any way is priced: if next turn's move is allowed, the
    actions taken this turn are what stop it, and the way is priced as next turn's."""
    if mover.activity == Activity():
        return Reach(goal, None, "", False, why=message)  # nothing this turn to undo
    rested = encounter.with_token(replace(mover, activity=Activity()))
    try:
        later = rules.move(rested, MoveRequest(mover.name, to=goal))
    except MoveRefused as refused:
        cost = refused.refusal.cost_ft
        return Reach(goal, cost, "", False, refused.refusal.at_least, why=message, spent=message)
    except RulingError:
        return Reach(goal, None, "", False, why=message)
    return Reach(goal, later.cost_ft, "", False, why=message, spent=message)


def _spent(encounter: Encounter, rules: Ruleset, mover: Token, goal: Cell, r: Refusal) -> Reach:
    """A mover out of movement: what the way costs all the same (as on its next turn),
    and whether the action that gains more (the SRDs' Dash) gets there now."""
    used, gained = feet(r.used_ft or 0.0), feet(r.gained_ft or 0.0)
    spent = f"{mover.name} is out of movement ({used} of {gained} used)"
    if r.more_action:
        more = MoveRequest(mover.name, to=goal, action=rules.economy.read_action(r.more_action))
        try:
            result = rules.move(encounter, more)
        except RulingError:
            pass
        else:
            return Reach(goal, result.cost_ft, r.more_action, False, spent=spent)
    rested = encounter.with_token(replace(mover, activity=Activity()))
    try:
        later = rules.move(rested, MoveRequest(mover.name, to=goal))
    except MoveRefused as refused:
        after = refused.refusal
        why = f"{spent}; next turn's move doesn't get there either"
        return Reach(goal, after.cost_ft, "", False, after.at_least, why=why, spent=spent)
    except RulingError:
        return Reach(goal, None, "", False, why=spent, spent=spent)
    why = f"{spent}; next turn's move gets there (/turn next starts it)"
    return Reach(goal, later.cost_ft, "", False, why=why, spent=spent)


def _straight_ft(rules: Ruleset, a: End, b: End) -> tuple[float, Cell, Cell]:
    """The shortest measure between any square of ``a`` and any of ``b``."""
    return min(
        ((rules.reach.measure_ft(p, q), p, q) for p in a.squares for q in b.squares),
        key=lambda t: (t[0], t[1].row, t[1].col, t[2].row, t[2].col),
    )


async def handle_distance(ctx: Context, options: Mapping[str, Any]) -> Reply:
    whole = (await load_active(ctx)).encounter
    # measured on the board as the asker sees it: no hidden token to name or route round
    seen = seen_in(ctx, whole)
    encounter = seen.encounter
    rules = ruleset_of(encounter).for_encounter(encounter)
    given_from = options.get("from")
    if given_from is None:
        given_from = default_token(encounter, actor_of(ctx), "measure from")
    start, end = _end(encounter, rules, given_from), _end(encounter, rules, options["to"])
    if start.token is not None and start.token is end.token:
        raise InvalidInput(f"from: and to: are both {start.label}: measure to something else.")
    straight_ft, p, q = _straight_ft(rules, start, end)
    units = rules.in_units
    fields = [Field("Distance", f"{distance_text(straight_ft, units)} ({p} to {q}, straight)")]
    data: dict[str, Any] = {
        "from": start.label,
        "to": end.label,
        "distance_ft": straight_ft,
        "squares": [str(p), str(q)],
    }
    high = [e.token.altitude_ft if e.token is not None else 0 for e in (start, end)]
    if any(high):
        # 004 Three Dimensional Movement: heights count, under the ruleset's diagonals
        apart = abs(high[0] - high[1])
        flat_ft = straight_ft
        straight_ft = measure_3d_ft(rules.vertical, flat_ft, apart)
        fields[0] = Field(
            "Distance",
            f"{distance_text(straight_ft, units)} ({p} to {q}, {feet(apart)} apart in "
            f"height: {rules.vertical.text})",
        )
        data.update(distance_ft=straight_ft, flat_ft=flat_ft, height_apart_ft=apart)
    title = f"{start.label} to {end.label}: {distance_text(straight_ft, units)}"
    if start.token is not None:
        mover = start.token
        way = await board_work(reach, encounter, rules, mover, end)
        if way is None:
            title += " — already there" if end.token is None else " — already beside it"
            data["reach"] = {"reachable": True, "cost_ft": 0, "goal": str(mover.cell)}
        else:
            title += " — " + _answer(way)
            fields += _reach_fields(end, way, units)
            data["reach"] = {
                "goal": str(way.goal),
                "cost_ft": way.cost_ft,
                "at_least": way.at_least,
                "reachable": way.now,
                "action": way.action or None,
                "left_ft": way.left_ft,
                "out_of_movement": bool(way.spent),
            }
    reply = encounter_reply(encounter, title=title, fields=fields, result=data)
    return replace(reply, ephemeral=seen.private)  # it may name a hidden token


def _answer(way: Reach) -> str:
    """The title's answer, in movement's words ("reach" is a melee word at the table)."""
    if way.now:
        return f"can get there this turn ({way.action})"
    if way.spent:
        more = f"; action:{way.action} gets there" if way.action else ""
        return f"out of movement this turn{more}"
    if way.action:
        return f"can get there with action:{way.action}"
    return "can't get there this turn"


def _reach_fields(target: End, way: Reach, units: bool) -> list[Field]:
    where = str(way.goal) if target.token is None else f"{way.goal}, beside {target.label}"
    cost = (
        ("at least " if way.at_least else "") + distance_text(way.cost_ft, units)
        if way.cost_ft is not None
        else "none this turn"
    )
    fields = [Field("Cheapest way", f"to {where}: {cost}")]
    if way.now:
        left = (
            f"; {distance_text(way.left_ft, units)} left after it"
            if way.left_ft
            else "; nothing left after it"
        )
        fields.append(Field("This turn", f"can get there with {way.action}{left}"))
    elif way.spent and way.action:
        fields.append(Field("This turn", f"{way.spent}; action:{way.action} gets there"))
    elif way.action:
        fields.append(Field("This turn", f"not with a plain move; action:{way.action} gets there"))
    else:
        fields.append(Field("This turn", way.why or "no action this turn gets there"))
    fields.append(Field("Nothing moved", "Measured only: send /move to go there."))
    return fields


DISTANCE = Command(
    "distance",
    "Measure between tokens or squares, and whether a token can reach it this turn",
    (
        Option("to", "string", "A token or a square, e.g. Goblin or E5", required=True),
        Option(
            "from",
            "string",
            "A token or a square (default: your token, when you have one or it's your turn)",
        ),
    ),
    handle_distance,
)
