"""Issue 27: /move's action is read once, in the ruleset's own words, into a typed
``MoveAction``; the rules compare members, never re-parse the user's word."""

from __future__ import annotations

import pytest

from bot.errors import InvalidInput
from bot.rules import rulesets
from bot.rules.engine.actions import MoveAction

RULESETS = sorted(rulesets())


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_action_a_ruleset_accepts_is_a_move_action(ruleset_id: str) -> None:
    rules = rulesets()[ruleset_id]
    for name in rules.economy.action_words.names:
        assert rules.economy.read_action(name) is MoveAction(name)
    assert rules.economy.read_action(None) is None  # not given: a move


@pytest.mark.parametrize(
    ("ruleset_id", "word", "action"),
    [
        ("3.5", "run", MoveAction.RUN),
        ("5e", "run", MoveAction.DASH),  # the same word, each ruleset's own action
        ("3.5", "double move", MoveAction.DOUBLE),
        ("5e", "double", MoveAction.DASH),
        ("epic-path", "step", MoveAction.FIVE_FOOT_STEP),
        ("becmi", "sprint", MoveAction.RUN),
        ("5e-alt", "dashing", MoveAction.DASH),
    ],
)
def test_a_word_is_read_in_the_rulesets_vocabulary(
    ruleset_id: str, word: str, action: MoveAction
) -> None:
    assert rulesets()[ruleset_id].economy.read_action(word) is action


def test_a_word_the_ruleset_lacks_is_refused_with_what_it_accepts() -> None:
    with pytest.raises(InvalidInput) as refused:
        rulesets()["5e"].economy.read_action("withdraw")
    assert "Accepted: move, dash" in refused.value.message
