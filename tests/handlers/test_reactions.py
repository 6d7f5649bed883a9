"""Reactions (issue 29): a reaction spent is marked on the token until its next turn."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.encounter import Token
from bot.grid.coords import Cell
from bot.rules import rulesets


@pytest.mark.parametrize("ruleset_id", sorted(rulesets()))
def test_a_tokens_reactions_come_back_as_its_turn_starts(ruleset_id: str):
    spent = replace(Token("Goblin", Cell(0, 0)), reactions_used=2)
    assert rulesets()[ruleset_id].start_turn(spent).reactions_used == 0
