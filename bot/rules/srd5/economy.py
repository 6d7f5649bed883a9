"""The SRDs' action economy on the board, for 5e and 5e-2024: one action a turn (SRD 5.1
Combat › Your Turn; SRD 5.2 Playing the Game › Combat › Your Turn: "move a distance up to
your speed and take one action"), and the extra actions a GM grants where a feature gives
one (Action Surge, Haste). The turn's actions are kept on the token's per-turn activity
(``Activity.actions``, emptied at the start of its turn): "dash" and "disengage" are the
action, "bonus-..." the bonus action, "granted-<name>" an extra action granted this turn.
Pure: standard library and the board's values only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.errors import IllegalMove, InvalidInput
from bot.units import feet

# what /move takes as the turn's action (standing up and dropping prone are movement)
ACTION_ENTRIES = ("dash", "disengage")
GRANTED = "granted-"
ACTION_SURGE = "action-surge"
HASTE = "haste"
# Haste's action: "only to take the Attack (one weapon attack only), Dash, Disengage,
# Hide, or Use an Object action"; of those /move takes Dash and Disengage
HASTE_ACTIONS = frozenset({"dash", "disengage"})


def granted_actions(srd: str) -> Mapping[str, str]:
    """The extra actions a GM may grant (extra_action:), each with what it gives, cited
    from ``srd`` ("SRD 5.1" or "SRD 5.2": both word them alike)."""
    return {
        ACTION_SURGE: "Action Surge: one more action this turn, any action "
        f"({srd} › Classes › Fighter › Action Surge).",
        HASTE: "Haste: one more action on each of its turns while the spell lasts, only "
        "Attack (one weapon attack), Dash, Disengage, Hide or Use an Object "
        f"({srd} › Spells › Haste); the GM grants it on each turn it applies.",
    }


def actions_taken(actions: Sequence[str]) -> list[str]:
    """The actions (not bonus actions) taken this turn, oldest first."""
    return [a for a in actions if a in ACTION_ENTRIES]


def grants(actions: Sequence[str]) -> list[str]:
    """The extra actions granted this turn, by name."""
    return [a.removeprefix(GRANTED) for a in actions if a.startswith(GRANTED)]


def may_take(actions: Sequence[str], action: str) -> bool:
    """Whether ``action`` fits this turn: its regular action, then the extra ones
    granted (Haste's only for its list), each used once. With one kind of action a
    slot may refuse (Haste's), so the regular one goes to what the others can't take."""
    taken = [*actions_taken(actions), action]
    slots = ["any", *("any" if g == ACTION_SURGE else "haste" for g in grants(actions))]
    # the narrow slots first, to the actions they take; the rest to the "any" ones
    narrow = sum(1 for s in slots if s == "haste")
    fits_narrow = sum(1 for a in taken if a in HASTE_ACTIONS)
    wide = len(slots) - narrow
    in_narrow = min(narrow, fits_narrow)
    return len(taken) - in_narrow <= wide


def grant(actions: Sequence[str], name: str, known: Mapping[str, str]) -> list[str]:
    """The turn's actions with ``name`` granted (once a turn: granting it again adds
    nothing)."""
    if name not in known:
        raise InvalidInput(
            f'"{name}" is no extra action this ruleset grants: extra_action: takes '
            f"{', '.join(known)}."
        )
    entry = f"{GRANTED}{name}"
    return list(actions) if entry in actions else [*actions, entry]


def second_action(
    name: str,
    actions: Sequence[str],
    asked: str,
    left_ft: float,
    bonus_actions: Sequence[str],
    cite: str,
) -> IllegalMove:
    """The refusal of an action past the turn's (nothing changes), saying what is left:
    the bonus action, the movement, and who grants an extra one."""
    taken = ", ".join(actions_taken(actions)) or "none"
    given = grants(actions)
    extra = f", with {' and '.join(given)} granted" if given else ""
    bonus = next((a.removeprefix("bonus-") for a in actions if a.startswith("bonus-")), None)
    if bonus is not None:
        bonus_left = f"no bonus action (it took {bonus} as its bonus action)"
    elif not bonus_actions:  # /move takes no bonus action here (5e-alt)
        bonus_left = ""
    else:
        words = " or ".join(f"bonus:{b}" for b in bonus_actions)
        bonus_left = (
            f"its bonus action ({words}, where a feature such as Cunning Action or Nimble "
            "Escape gives it)"
        )
    moving = (
        f"{feet(left_ft)} of movement (a move without action:)" if left_ft > 0 else "no movement"
    )
    left = f"{bonus_left}, and {moving}" if bonus_left else moving
    return IllegalMove(
        f"{name} has taken its action this turn already ({taken}{extra}): one action a "
        f"turn ({cite}), so no {asked} action. Left: {left}. An extra "
        "action is the GM's to grant where a feature gives one: extra_action:action-surge "
        "or extra_action:haste."
    )
