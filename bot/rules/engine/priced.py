"""How the mover's conditions priced a move refused as too far: the same way without
each condition in turn (prone's crawl, Slowed...). ``refusal.why_not`` adds it to the
refusal, so the reply says "priced as crawling while prone" instead of a bare cost.
Pure: no Discord, no database.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.encounter import Condition, Encounter, Token
from bot.errors import RulingError
from bot.grid.search import EPSILON
from bot.rules.engine.plan import MovePlan
from bot.rules.engine.planning import plan_of
from bot.rules.engine.search import search_route

# a free-form reminder ("frightened") prices nothing: only the conditions the rules read
KNOWN = frozenset(c.value for c in Condition)


def priced_by(plan: MovePlan, cost_ft: float, allowed_ft: float) -> dict[str, Any]:
    """The first of the mover's conditions without which the way costs less or the
    action allows more: ``priced_by`` (the condition), ``unpriced_cost_ft`` and
    ``unpriced_allowed_ft`` (without it)."""
    token, encounter = plan.token, plan.ctx.board.encounter
    for condition in sorted(c for c in token.conditions if c in KNOWN):
        other = replace(token, conditions=token.conditions - {condition})
        without = _costed(plan, encounter.with_token(other), other, cost_ft)
        if without is None:
            continue
        cost, allowed = without
        if cost < cost_ft - EPSILON or allowed > allowed_ft + EPSILON:
            return {
                "priced_by": condition,
                "unpriced_cost_ft": cost,
                "unpriced_allowed_ft": allowed,
            }
    return {}


def _costed(
    plan: MovePlan, encounter: Encounter, token: Token, cap_ft: float
) -> tuple[float, float] | None:
    """What the way costs (searched up to ``cap_ft``) and what the action allows, for
    ``token`` on ``encounter``; None where it isn't found or the move is refused."""
    try:
        other = plan_of(plan.rules, encounter, token, plan.request, None)
    except RulingError:
        return None
    allowed = other.allowance.available_ft - other.stand_cost
    roomy = replace(other.allowance, available_ft=max(cap_ft, other.allowance.available_ft))
    route = search_route(replace(other, ctx=replace(other.ctx, allowance=roomy), diagnosing=True))
    return None if route is None else (route.cost, allowed)
