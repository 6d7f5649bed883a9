"""5e-alt's conditions as events (seed 000): what a condition can't be put on, what
gaining one does to the token (Losing Movement; Falling Unconscious), and who falls
for it (Falling While Climbing or Flying): ``AltConditions``, the conditions part ``FiveEAlt``
holds."""

from __future__ import annotations

from dataclasses import replace

from bot.encounter import Condition, Token
from bot.rules.engine.moves import last_mode
from bot.rules.five_e_alt.tokens import single_speed
from bot.rules.parts.conditions import ConditionRule
from bot.rules.rulings import Note
from bot.units import feet


def flying(token: Token) -> bool:
    """Whether ``token`` is Flying: it last moved by flying, or it is in the air having
    last moved as a walker (placed up there with /token place altitude:); a climber up a
    wall is climbing (000 Moving On Your Turn › Continuity of Movement)."""
    mode = last_mode(token)
    return mode == "fly" or (mode == "walk" and token.altitude_ft > 0)


class AltConditions(ConditionRule):
    """5e-alt's conditions, read as the variant's events."""

    def condition_refused(self, token: Token, condition: Condition) -> str:
        """000 Prone › Prone Immunity (Swimming) and Fly › Hovering (Flying, Hover)."""
        if condition is not Condition.PRONE:
            return ""
        if last_mode(token) == "swim":
            return (
                f"{token.name} is swimming, and a swimmer is immune to the Prone condition "
                "(Alternate Movement › Prone, Prone Immunity)"
            )
        if flying(token) and single_speed(token).hover:
            return (
                f"{token.name} is flying with Hover, which makes it immune to the Prone "
                "condition (Alternate Movement › Fly, Hovering)"
            )
        return ""

    def conditions_changed(self, before: Token, after: Token) -> tuple[Token, tuple[Note, ...]]:
        """Conditions as events (000 Moving On Your Turn › Losing Movement; Unconscious ›
        Falling Unconscious), not only as flags."""
        notes: list[Note] = []
        if after.has(Condition.IMMOBILIZED) and not before.has(Condition.IMMOBILIZED):
            # "You also lose all your Movement if you are Immobilized": lost, so ending
            # the condition later this turn gives none of it back
            activity = after.activity
            actions = activity.actions
            if "turn" not in actions:
                actions = (*actions, "turn")
            left = activity.left_ft
            after = replace(
                after,
                activity=replace(activity, spent_ft=activity.budget_ft, actions=actions),
            )
            notes.append(
                Note(
                    "Movement lost",
                    f"{after.name} is Immobilized and loses all its Movement"
                    + (f" ({feet(left)} left)" if left else "")
                    + "; ending the condition this turn doesn't give it back "
                    "(Alternate Movement › Moving On Your Turn › Losing Movement).",
                )
            )
        falls_unconscious = (
            after.has(Condition.UNCONSCIOUS)
            and not before.has(Condition.UNCONSCIOUS)
            and not after.has(Condition.PETRIFIED)
        )
        # Unconscious includes Prone while it lasts (bot.encounter.FALLING_UNCONSCIOUS); the seed's
        # Drop Prone makes it the token's own, so it outlasts waking up
        if falls_unconscious and Condition.PRONE.value not in after.conditions:
            immune = self.condition_refused(after, Condition.PRONE)
            if immune:
                notes.append(Note("Unconscious", f"It doesn't drop prone: {immune}."))
            else:
                after = replace(after, conditions=after.conditions | {Condition.PRONE.value})
                notes.append(
                    Note(
                        "Drops prone",
                        f"{after.name} drops all it holds and Drops Prone as it falls "
                        "Unconscious, and stays prone when it wakes (Alternate Movement › "
                        "Conditions › Unconscious › Falling Unconscious; Petrified is the "
                        "exception).",
                    )
                )
        return after, tuple(notes)

    def condition_notes(self, before: Token, after: Token) -> list[Note]:
        """000 Climb / Fly › Falling While Climbing / Flying: a creature still moving that
        way (Continuity of Movement: as it last moved) falls once it is Prone or
        Incapacitated (or, flying, Immobilized), unless it Hovers."""
        mode = last_mode(after)
        reasons = [Condition.PRONE, Condition.INCAPACITATED]
        if mode == "fly":
            if single_speed(after).hover:
                return []
            reasons.append(Condition.IMMOBILIZED)
        elif mode != "climb":
            return []
        why = next((c for c in reasons if after.has(c) and not before.has(c)), None)
        if why is None:
            return []
        verb = "climbing" if mode == "climb" else "flying"
        section = (
            "Climb › Falling While Climbing" if mode == "climb" else "Fly › Falling While Flying"
        )
        return [
            Note(
                "Falls",
                f"{after.name} was {verb} and is now {why.value}: it stops {verb} and falls "
                f"(Alternate Movement › {section}). /fall gives the damage.",
            )
        ]
