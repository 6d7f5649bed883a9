"""The rulesets as the board's schema checks a board against them (issue 41, Layers):
the schema knows no rules, so whoever reads a board hands it these facts, looked up
in the registry here (the store is opened with them: ``upkeep.open_store``; an
import, a scene and a change's check are handed them by their handlers). Nothing is
loaded until a board is read: then its ruleset alone."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from bot.rules import identities, load_ruleset

if TYPE_CHECKING:
    from bot.encounter import Encounter, Token
    from bot.schema.invariants import BoardRules, RulesetFacts


class _Registry:
    """``BoardRules`` from the registry: a ruleset's facts loaded on first asking."""

    def known(self) -> Iterable[str]:
        return identities()

    def facts(self, ruleset_id: str) -> RulesetFacts | None:
        return _facts(ruleset_id) if ruleset_id in identities() else None


@cache
def _facts(ruleset_id: str) -> RulesetFacts:
    from bot.encounter_ops.placement import may_share
    from bot.schema.invariants import RulesetFacts

    ruleset = load_ruleset(ruleset_id)

    def shares(encounter: Encounter, a: Token, b: Token) -> bool:
        return may_share(encounter, ruleset, a, b)

    return RulesetFacts(
        id=ruleset.id,
        encounter_options=ruleset.identity.encounter_options,
        token_options=ruleset.identity.token_options,
        footprint_squares=ruleset.footprint_squares,
        sharing_rule=ruleset.sharing_rule,
        may_share=shares,
    )


_RULES = _Registry()


def board_rules() -> BoardRules:
    """Every ruleset's facts, for the schema's invariants."""
    return _RULES
