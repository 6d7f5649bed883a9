"""A refused /move in words: the rules say what stopped it (a ``Refusal``), this module
says it to the player. The title answers the question, "Why" and "Instead" explain,
the footer cites the rule (UX.md, "/move that the rules refuse"); the console's JSON
carries the same refusal as data under ``result["refusal"]``.
"""

from __future__ import annotations

from typing import Any

from bot.errors import IllegalMove
from bot.rules.rulings import Refusal, RefusalReason
from bot.units import feet

BLOCKED = frozenset(
    {
        RefusalReason.BLOCKED_BY_CREATURE,
        RefusalReason.BLOCKED_BY_WALL,
        RefusalReason.BLOCKED_BY_CORNER,
        RefusalReason.BLOCKED_BY_TERRAIN,
        RefusalReason.RULE_FORBIDS,
    }
)


def refusal_error(refusal: Refusal) -> IllegalMove:
    """The error the shells show for ``refusal``: one paragraph (the console's
    ``error``), and a title, Why, Instead and footer for an embed."""
    title, why, instead = title_of(refusal), why_of(refusal), instead_of(refusal)
    if refusal.reason is RefusalReason.NO_MOVEMENT_LEFT:
        message = f"{title} ({why}): {', or '.join(instead)}."
    else:
        message = " ".join((f"{title}: {why}.", *(f"{i}." for i in instead)))
    fields: tuple[tuple[str, str], ...] = (("Why", _sentence(why)),)
    if instead:
        fields += (("Instead", "; or ".join(instead)),)
    if refusal.group_rate is not None:
        slowest, rate = refusal.group_rate
        group = (
            f"The group moves at {slowest}'s rate ({feet(rate)}), and {refusal.token} can't "
            "keep formation"
        )
        message = f"{group}: {message}"
        fields += (("Group", f"{group}."),)
    return IllegalMove(
        message,
        title=title,
        fields=fields,
        footer=refusal.source.cite(),
        result={"refusal": refusal_json(refusal)},
    )


def title_of(refusal: Refusal) -> str:
    """The short answer: can't reach, can't move to, can't end at, can't step to."""
    name, goal, reason = refusal.token, refusal.goal, refusal.reason
    if reason is RefusalReason.NO_MOVEMENT_LEFT:
        return f"{name} has no movement left this turn"
    if reason is RefusalReason.CANNOT_END_THERE:
        return f"{name} can't end at {goal}"
    if refusal.at_goal:
        return f"{name} can't move to {goal}"
    if refusal.limit == "one-square" and reason in BLOCKED:
        return f"{name} can't step to {goal}"
    if refusal.limit == "unhampered" and refusal.five_foot_step:
        return f"{name} can't take a 5-foot step to {goal}"
    if refusal.limit == "min-distance":
        return f"{name} can't {refusal.action} to {goal}"
    return f"{name} can't reach {goal}"


def why_of(refusal: Refusal) -> str:
    """What really stops it: too far (by how much), blocked (by what), or the
    action's own limit."""
    r = refusal
    action, allowed = r.action, feet(r.allowed_ft or 0.0)
    if r.reason is RefusalReason.NO_MOVEMENT_LEFT:
        return f"{feet(r.used_ft or 0.0)} of {feet(r.gained_ft or 0.0)} used"
    if r.reason is RefusalReason.CANNOT_END_THERE or r.at_goal:
        return r.rule
    if r.reason is RefusalReason.WALLED_IN:
        more = len(r.pocket) - 1
        pocket = f" (with {more} more square{'s' if more != 1 else ''})" if more > 0 else ""
        return (
            f"{r.goal} is walled in{pocket}: terrain closes it off from {r.start}, "
            "however far the token moves"
        )
    if r.reason is RefusalReason.TOO_FAR:
        cost = feet(r.cost_ft or 0.0)
        text = (
            f"it is at least {cost} away and {action} allows {allowed}"
            if r.at_least
            else f"that costs {cost} and {action} allows {allowed}"
        )
        if r.at is not None and r.blocked_cost_ft is not None:
            way = "the way" if r.at_least else "the shorter way"
            text += f"; {way} ({feet(r.blocked_cost_ft)}) is blocked: {r.rule}"
        return text + _priced(r)
    if r.reason is RefusalReason.ACTION_LIMIT:
        return _limit(r)
    if r.reason in BLOCKED:
        if r.limit == "one-square" or r.step_to == r.goal:
            return r.rule or "it is not open"
        return f"the cheapest way there is blocked: {r.rule}"
    return f"no legal path reaches it ({action} allows {allowed})"


def _priced(r: Refusal) -> str:
    """How the mover's condition priced the way: "; priced as crawling while prone
    (15 ft standing)", or what the condition leaves of the action's movement."""
    if not r.priced_by:
        return ""
    text = ""
    cost, allowed = r.unpriced_cost_ft, r.unpriced_allowed_ft
    if cost is not None and r.cost_ft is not None and cost < r.cost_ft - 1e-6:
        if r.priced_by == "prone":
            text += f"; priced as crawling while prone ({feet(cost)} standing)"
        else:
            text += f"; priced as {r.priced_by} ({feet(cost)} without it)"
    if allowed is not None and r.allowed_ft is not None and allowed > r.allowed_ft + 1e-6:
        text += f"; {r.priced_by}, it has {feet(r.allowed_ft)} ({feet(allowed)} without it)"
    return text


def _limit(r: Refusal) -> str:
    if r.limit == "one-square":
        what = "a 5-foot step" if r.five_foot_step else f"a {r.action}"
        return f"{what} moves one square only"
    if r.limit == "unhampered" and r.five_foot_step:
        return (
            f"its movement there is hampered ({r.rule}), and a 5-foot step can't be ({r.step_rule})"
        )
    if r.limit == "min-distance":
        return (
            f"a {r.action} must cover at least {feet(r.min_ft or 0.0)}; {r.start} to {r.goal} "
            f"is {feet(r.cost_ft or 0.0)}"
        )
    if r.limit == "shortest-path":
        return (
            f"a charge goes by the shortest path ({feet(r.shortest_ft or 0.0)}), and that one "
            f"is hampered or blocked ({r.rule or 'Charge'})"
        )
    what = "in a straight line with " if r.limit == "straight" else "with "
    return f"a {r.action} goes {what}nothing hampering it, and no such path reaches it"


def instead_of(refusal: Refusal) -> tuple[str, ...]:
    """What the token can do instead: the nearest square it reaches, the bigger action."""
    r = refusal
    if r.reason is RefusalReason.NO_MOVEMENT_LEFT:
        more = (f"action:{r.more_action} gains more",) if r.more_action else ()
        return (*more, "/turn next starts the next turn")
    instead: list[str] = []
    door = _door_command(r)
    if r.nearest is not None and r.nearest_cost_ft is not None:
        reach = f"{r.token} can reach {r.nearest} for {feet(r.nearest_cost_ft)}"
        if door and r.nearest == r.door_from:
            reach += f", beside the door, and open it with {door}"
            door = ""
        instead.append(reach)
    if door:
        instead.append(_door_opens(r, door))
    if r.bigger_action and r.bigger_ft is not None:
        instead.append(f"action:{r.bigger_action} reaches it ({feet(r.bigger_ft)} of movement)")
    return tuple(instead)


def _door_command(r: Refusal) -> str:
    """The /door line that opens the closed door blocking the way ("" when none does)."""
    if r.door is None:
        return ""
    token = f'"{r.token}"' if " " in r.token else r.token
    return f"/door token:{token} edge:{r.door[0]}/{r.door[1]}"


def _door_opens(r: Refusal, door: str) -> str:
    if r.door_from is None or r.door_from == r.start:
        where = "" if r.door_from == r.start else f" ({r.token} must stand beside it)"
        return f"{door} opens it{where}"
    return f"{door} opens it from {r.door_from}"


def refusal_json(refusal: Refusal) -> dict[str, Any]:
    """The refusal as the console's JSON carries it (every key, null when unset)."""
    r = refusal

    def cell(value: object) -> str | None:
        return None if value is None else str(value)

    return {
        "reason": r.reason.name.lower(),
        "token": r.token,
        "goal": str(r.goal),
        "start": str(r.start),
        "action": r.action,
        "at": cell(r.at),
        "step_to": cell(r.step_to),
        "at_goal": r.at_goal,
        "blocker": r.blocker or None,
        "blocked_by": r.blocked_by or None,
        "door": None if r.door is None else f"{r.door[0]}/{r.door[1]}",
        "door_from": cell(r.door_from),
        "rule": r.rule or None,
        "cost_ft": r.cost_ft,
        "at_least": r.at_least,
        "blocked_cost_ft": r.blocked_cost_ft,
        "allowed_ft": r.allowed_ft,
        "limit": r.limit or None,
        "min_ft": r.min_ft,
        "shortest_ft": r.shortest_ft,
        "nearest": cell(r.nearest),
        "nearest_cost_ft": r.nearest_cost_ft,
        "bigger_action": r.bigger_action or None,
        "bigger_ft": r.bigger_ft,
        "used_ft": r.used_ft,
        "gained_ft": r.gained_ft,
        "pocket": [str(c) for c in r.pocket],
        "priced_by": r.priced_by or None,
        "unpriced_cost_ft": r.unpriced_cost_ft,
        "unpriced_allowed_ft": r.unpriced_allowed_ft,
        "group": (
            {"slowest": r.group_rate[0], "rate_ft": r.group_rate[1]} if r.group_rate else None
        ),
        "source": {
            "ruleset": r.source.ruleset,
            "document": r.source.document,
            "sections": list(r.source.sections),
        },
    }


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
