"""One /move, the same way for every ruleset and every kind of move: the request's
common checks, the kind of move that claims it (``engine/specials/``: a walk, a
push, a group, a readied move, a bull rush...) planning its result and its
displacements, and the one consequences stage (``engine/consequences.py``) folding
them into the board. ``Ruleset.move`` calls ``move`` here. An illegal move raises with
the square and rule that stop it and the nearest square the token can reach instead.
Pure: no Discord, no database.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bot.encounter import Encounter
from bot.errors import InvalidInput
from bot.rules.engine.consequences import consequences
from bot.rules.engine.displacement import Planned
from bot.rules.engine.jump import JumpRule
from bot.rules.engine.moves import MoveRequest, MoveResult
from bot.rules.engine.specials import PlanContext, kind_of
from bot.rules.engine.specials.walk import walk

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

__all__ = ["JumpRule", "move", "planned_move"]


def move(rules: Ruleset, encounter: Encounter, request: MoveRequest) -> MoveResult:
    """``Ruleset.move``: one /move under ``rules``, a legal result, or an error that
    changes nothing."""
    return planned_move(rules, encounter, request)[1]


def planned_move(
    rules: Ruleset, encounter: Encounter, request: MoveRequest
) -> tuple[Planned, MoveResult]:
    """One /move: what its kind planned (its displacements), and the result with their
    consequences folded in."""
    if request.bonus is not None:
        _check_bonus(rules, request)
    configured = rules.for_encounter(encounter)
    planned = _context(configured).plan(encounter, request)
    return planned, consequences(configured, encounter, request, planned)


def _context(rules: Ruleset) -> PlanContext:
    """What the kinds of move are lent: the ruleset, its /jump for a jump on the way
    (with the map's options, the check given: no dice roll), the walk, and the
    planning of any request by its kind."""
    jump_rule: JumpRule | None = (
        (lambda jump: rules.calculators.jump(jump, random.Random(0)))
        if rules.jumps_on_grid
        else None
    )

    def plain(
        encounter: Encounter,
        request: MoveRequest,
        *,
        budget_cap_ft: float | None = None,
        dragging: str = "",
    ) -> MoveResult:
        return walk(ctx, encounter, request, budget_cap_ft=budget_cap_ft, dragging=dragging)

    def kind_plan(encounter: Encounter, request: MoveRequest) -> Planned:
        return kind_of(request).planned(ctx, encounter, request)

    ctx = PlanContext(rules, jump_rule, plain, kind_plan)
    return ctx


def _check_bonus(rules: Ruleset, request: MoveRequest) -> None:
    """A bonus action (bonus:) is one this ruleset has, taken on the token's own move."""
    if request.bonus not in rules.economy.bonus_actions:
        has = ", ".join(rules.economy.bonus_actions)
        raise InvalidInput(
            f"{rules.name}'s movement rules have no bonus action "
            f"{request.bonus}" + (f": bonus: takes {has}." if has else ": leave out bonus:.")
        )
    if request.forced:
        raise InvalidInput("A push, pull or slide is no action of the token's: leave out bonus:.")
    if request.ready:
        raise InvalidInput(
            "ready:true is a reaction, out of the token's turn: no bonus action with it. "
            "Leave out bonus:."
        )
