"""/token reaction: a reaction a token took out of its turn (an opportunity attack), or
one given back. It stays spent until the token's turn starts (``ActionEconomy.start_turn``);
a readied move spends one by itself (``engine/specials/readied.py``). Pure."""

from __future__ import annotations

from bot.encounter import Encounter, Token
from bot.encounter_ops.access import Actor, require_control
from bot.encounter_ops.outcomes import TokenEdit
from bot.encounter_ops.tokens import replace_token
from bot.errors import InvalidInput
from bot.rules.moving import reactions_left, regain_reaction, spend_reaction, spent_words
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import Note


def mark_reaction(
    encounter: Encounter, ruleset: Ruleset, actor: Actor, name: str, *, used: bool
) -> TokenEdit:
    """``name``'s reaction marked used (``used``) or given back; its owner's or the GM's."""
    token = encounter.token(name)
    require_control(encounter, actor, token, "mark the reaction of")
    rule = ruleset.reaction_rule
    if rule is None:
        raise InvalidInput(
            f"{ruleset.name}'s movement rules have no reactions or opportunity attacks to "
            "mark: a creature acts on its own turn."
        )
    if used and not reactions_left(rule, token):
        raise InvalidInput(
            f"{token.name} has already used {spent_words(rule)}: it has none left until its "
            f"turn starts ({rule.cite}). If that was a mistake, used:false gives it back."
        )
    if not used and not token.reactions_used:
        raise InvalidInput(f"{token.name} hasn't used {spent_words(rule)}: nothing to give back.")
    changed = spend_reaction(token) if used else regain_reaction(token)
    summary = f"{token.name}: {reaction_state(rule.word, changed, reactions_left(rule, changed))}"
    many = "one" if rule.per_round == 1 else str(rule.per_round)
    note = Note(
        "Reactions",
        f"{many.capitalize()} {rule.word} between its turns, back when {token.name}'s turn "
        f"starts ({rule.cite}).",
    )
    return TokenEdit(replace_token(encounter, token.key, changed), summary, changed, (note,))


def reaction_state(word: str, token: Token, left: int) -> str:
    """``reaction used`` / ``reaction ready``: what a token line says of it."""
    if token.reactions_used and not left:
        return f"{word} used"
    if token.reactions_used:
        return f"{word} used, {left} left"
    return f"{word} ready"
