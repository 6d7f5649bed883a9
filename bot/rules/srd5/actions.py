"""The SRDs' actions on the board, for 5e and 5e-2024: what a move, a Dash, a Disengage
(each as the action or, where a feature gives it, the bonus action), standing up and
dropping prone allow, and what stops them: Speed 0, Incapacitated (no actions, no
reactions), exhaustion 6: ``SrdActions``, the base of ``SrdEconomy`` (effects.py: what a
controlled mount may do, teleporting), the action economy part 5e and 5e-2024 hold.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, ClassVar

from bot.encounter import Condition, Encounter, Token, expand_conditions
from bot.errors import IllegalMove, InvalidInput
from bot.names import Vocabulary
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import Allowance, Stance, check_mode
from bot.rules.engine.moves import MoveRequest, TokenMovement, last_mode
from bot.rules.parts.economy import ActionEconomy
from bot.rules.rulings import JSONValue, Note
from bot.rules.srd5.data import SrdData
from bot.rules.srd5.economy import grant, may_take, second_action
from bot.state import number
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

ACTIONS = Vocabulary(
    "action",
    {
        "move": ("walk", "normal"),
        "dash": ("run", "double"),
        "disengage": ("disengage-action",),
        "stand": ("stand-up", "get-up"),
        "drop-prone": ("prone", "drop", "go-prone"),
        "crawl": ("crawling",),
    },
)
# what a turn's actions remember of a Disengage, as the action or the bonus action
DISENGAGED = frozenset({"disengage", "bonus-disengage"})
# the conditions that take Speed to 0, the worst first (for the refusal's words)
SPEED_ZERO = (
    Condition.PETRIFIED,
    Condition.UNCONSCIOUS,
    Condition.PARALYZED,
    Condition.STUNNED,
    Condition.RESTRAINED,
    Condition.GRAPPLED,
    Condition.IMMOBILIZED,
)
DEATH_LEVEL = 6


def exhaustion(token: Token) -> int:
    """Its exhaustion level, 0 to 6 (the ``exhaustion`` token option)."""
    return number(token.state, "exhaustion")


@dataclass
class _Taking:
    """One action being worked out: the turn's actions, the reply's sections and notes,
    the Dashes taken and what standing up costs."""

    actions: list[str]
    sections: list[str]
    notes: list[Note]
    dashes: int
    stand_cost: float = 0.0
    extra: dict[str, JSONValue] = field(default_factory=dict)


class SrdActions(ActionEconomy):
    """The SRDs' allowances: what each action lets the creature spend now, by the
    ruleset's ``SrdData``."""

    action_words: ClassVar[Vocabulary] = ACTIONS
    actions: ClassVar[tuple[str, ...]] = ACTIONS.names
    bonus_actions: ClassVar[tuple[str, ...]] = (MoveAction.DASH, MoveAction.DISENGAGE)
    band_action: ClassVar[str] = "dash"

    def __init__(self, rules: Ruleset, data: SrdData) -> None:
        super().__init__(rules)
        self.data = data

    def speed_zero_by(self, token: Token) -> Condition | None:
        """The condition that makes its Speed 0 here (None: none does). Both SRDs:
        Grappled, Restrained, Paralyzed, Petrified, Unconscious; SRD 5.1 Stunned too."""
        conditions = token.conditions
        if self.data.stunned_can_move:
            conditions = frozenset(c for c in conditions if c != Condition.STUNNED)
        held = expand_conditions(conditions)
        if Condition.IMMOBILIZED not in held:
            return None
        return next(c for c in SPEED_ZERO if c in held)

    def dead_by_exhaustion(self, token: Token) -> None:
        """Both SRDs' Exhaustion: level 6 is death; a dead creature doesn't move."""
        if exhaustion(token) >= DEATH_LEVEL:
            raise IllegalMove(
                f"{token.name} has exhaustion level 6: it dies ({self.data.srd_name} › "
                f"{self.data.conditions_section} › Exhaustion), "
                "and a dead creature doesn't move. The GM can still move it with forced:."
            )

    def no_actions(self, token: Token, doing: str) -> None:
        """Both SRDs' Incapacitated: it can't take actions (bonus actions included) or
        reactions; ``doing`` names what was asked."""
        if token.has(Condition.INCAPACITATED):
            raise IllegalMove(
                f"{token.name} is incapacitated: it can't take actions or reactions "
                f"({self.data.srd_name} › {self.data.conditions_section} › Incapacitated), so no "
                f"{doing}. It may still move where its speed allows: leave out action:, "
                "bonus: and ready:."
            )

    # ---------------------------------------------------------------- actions

    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        action = request.action or MoveAction.MOVE
        self._may_act(token, request, action)
        if action == MoveAction.DROP_PRONE:
            return self._drop_prone(token, request, movement)
        if self.speed_zero_by(token) is not None:
            raise IllegalMove(
                f"{token.name}'s speed is 0 (grappled, restrained or worse): it can't move. "
                "The GM can still move it with forced:."
            )
        prone = token.has(Condition.PRONE)
        if action == MoveAction.STAND and prone and movement.speed_ft <= 0:
            raise IllegalMove(f"{token.name}'s speed is 0: it can't stand up.")
        mode = self._mode(token, request, movement, action)
        speed = movement.speeds_ft.get(mode, movement.speed_ft)
        activity = token.activity
        taking = _Taking(
            list(activity.actions),
            [self.data.movement_section],
            [],
            activity.actions.count("dash") + activity.actions.count("bonus-dash"),
        )
        if request.extra_action is not None:
            self._granted(request.extra_action, taking)
        own = self._ACTIONS.get(action)
        if own is not None:
            own(self, token, speed, taking)
        if request.bonus is not None:
            self._bonus(token, request.bonus, speed, taking)
        if action in ("move", "crawl", "dash", "disengage") and request.to is None:
            raise InvalidInput("Say where to: to:<square>, e.g. to:D4.")
        if action == MoveAction.CRAWL and not prone:
            raise IllegalMove(f"{token.name} isn't prone: crawling is how a prone creature moves.")
        self._moving_notes(token, action, mode, taking)
        disengaged = self._disengaged(token, taking)
        budget = float(speed * (1 + taking.dashes))
        new_activity = replace(activity, budget_ft=budget, actions=tuple(taking.actions))
        left = max(0.0, budget - activity.spent_ft)
        if taking.stand_cost > left:
            raise IllegalMove(
                f"Standing up costs {feet(taking.stand_cost)} (half its speed) and {token.name} "
                f"has {feet(left)} of movement left. Dash first for more: action:dash."
            )
        return Allowance(
            "move" if action == MoveAction.CRAWL else action,
            mode,
            left,
            new_activity,
            tuple(dict.fromkeys(taking.sections)),
            stance=Stance(stand_up=action == MoveAction.STAND, stand_cost_ft=taking.stand_cost),
            provokes=not disengaged,
            notes=tuple(taking.notes),
            extra=taking.extra,
        )

    def _may_act(self, token: Token, request: MoveRequest, action: MoveAction) -> None:
        """Refused at once: a dead creature (exhaustion 6), or an incapacitated one
        taking an action or a bonus action."""
        self.dead_by_exhaustion(token)
        if action in (MoveAction.DASH, MoveAction.DISENGAGE):
            self.no_actions(token, f"{str(action).title()} action")
        if request.bonus is not None:
            self.no_actions(token, "bonus action")

    def _moving_notes(self, token: Token, action: MoveAction, mode: str, taking: _Taking) -> None:
        """What crawling and switching speeds add to the reply."""
        if token.has(Condition.PRONE) and action != MoveAction.STAND:
            taking.sections.append("Being Prone")
            taking.notes.append(Note("Crawl", "Prone: it crawls, 1 extra foot for every foot."))
        spent = token.activity.spent_ft
        if spent and last_mode(token) != mode:
            taking.notes.append(
                Note(
                    "Speeds",
                    f"Switching speeds: {feet(spent)} already moved comes off its {mode} speed.",
                )
            )

    def _drop_prone(self, token: Token, request: MoveRequest, movement: TokenMovement) -> Allowance:
        if token.has(Condition.PRONE):
            raise IllegalMove(f"{token.name} is already prone.")
        if request.to is not None:
            raise InvalidInput("Dropping prone doesn't move: leave out to:.")
        if self.data.drop_prone_needs_speed:
            held = self.speed_zero_by(token)
            if held is not None or movement.speed_ft <= 0:
                why = f"{held.value}" if held is not None else "its speed"
                raise IllegalMove(
                    f"{token.name}'s Speed is 0 ({why}): it can't drop prone "
                    f"({self.data.srd_name} › Rules Glossary › Prone › Dropping Prone)."
                )
        activity = token.activity
        return Allowance(
            "drop-prone",
            "walk",
            0.0,
            replace(activity, actions=(*activity.actions, "drop-prone")),
            (self.data.movement_section, "Being Prone"),
            stance=Stance(drop_prone=True),
            provokes=False,
            notes=(Note("Drop prone", "Dropping prone costs no movement."),),
        )

    def _mode(
        self, token: Token, request: MoveRequest, movement: TokenMovement, action: MoveAction
    ) -> str:
        """The way it moves: swimming and climbing without the speed are a walk's (at an
        extra foot per foot); a prone creature only crawls."""
        mode = "walk" if request.mode in (None, "swim", "climb") else request.mode
        if request.mode == "swim":
            # without the speed, it swims at walking speed, 1 extra foot per foot of water
            mode = request.mode if movement.speeds_ft.get(request.mode) else "walk"
        mode = check_mode(movement, token, mode)
        if request.mode == "climb":
            # without the speed, it climbs at walking speed, 1 extra foot per foot (SRD
            # Climbing, Swimming, and Crawling)
            mode = "climb"
        if token.has(Condition.PRONE) and mode != "walk" and action != MoveAction.STAND:
            raise IllegalMove(
                f"{token.name} is prone: its only way to move is to crawl. Stand up first "
                "(action:stand)."
            )
        return mode

    def _disengaged(self, token: Token, taking: _Taking) -> bool:
        """SRD 5.1 Disengage; SRD 5.2 Rules Glossary › Disengage: its movement provokes
        no opportunity attacks for the rest of the turn (the turn's actions remember it)."""
        if not DISENGAGED & set(taking.actions):
            return False
        taking.sections.append("Disengage")
        if not DISENGAGED & set(token.activity.actions):
            text = "Its movement provokes no opportunity attacks for the rest of the turn."
        else:
            text = "Disengaged earlier this turn: its movement provokes no opportunity attacks."
        taking.notes.append(Note("Disengage", text))
        taking.extra["disengaged"] = True
        return True

    def _granted(self, name: str, taking: _Taking) -> None:
        """An extra action the GM grants this turn (extra_action:): Action Surge, Haste."""
        known = self.rules.granted_actions
        already = f"granted-{name}" in taking.actions
        taking.actions = grant(taking.actions, name, known)
        taking.sections.append("Your Turn")
        text = known[name] + (" Granted earlier this turn." if already else "")
        taking.notes.append(Note("Extra action", text))
        taking.extra["extra_action"] = name

    def _one_action(self, token: Token, speed: int, taking: _Taking, action: str) -> None:
        """Both SRDs' Your Turn: one action a turn (and what the GM granted); a second is
        refused with what is left."""
        if may_take(taking.actions, action):
            return
        left = max(0.0, speed * (1 + taking.dashes) - token.activity.spent_ft)
        raise second_action(
            token.name,
            taking.actions,
            action.title(),
            left,
            [str(b) for b in self.bonus_actions],
            f"{self.data.srd_name} › Combat › Your Turn",
        )

    def _dash(self, token: Token, speed: int, taking: _Taking) -> None:
        self._one_action(token, speed, taking, "dash")
        taking.dashes += 1
        taking.actions.append("dash")
        taking.sections.append("Dash")
        taking.notes.append(Note("Dash", f"Gains movement equal to its speed ({feet(speed)})."))

    def _disengage(self, token: Token, speed: int, taking: _Taking) -> None:
        self._one_action(token, speed, taking, "disengage")
        taking.actions.append("disengage")

    def _stand(self, token: Token, speed: int, taking: _Taking) -> None:
        if not token.has(Condition.PRONE):
            raise IllegalMove(f"{token.name} isn't prone, so it has nothing to stand up from.")
        if speed <= 0:
            raise IllegalMove(f"{token.name}'s speed is 0: it can't stand up.")
        taking.stand_cost = float(math.floor(speed / 2))
        taking.actions.append("stand")
        taking.sections.append("Being Prone")
        taking.notes.append(
            Note("Stand up", f"Standing up costs half its speed ({feet(taking.stand_cost)}).")
        )

    def _bonus(self, token: Token, bonus: MoveAction, speed: int, taking: _Taking) -> None:
        """A Dash or Disengage as the bonus action (a feature gives it: the Rogue's
        Cunning Action, a goblin's Nimble Escape); one bonus action a turn."""
        taken = next((a for a in taking.actions if a.startswith("bonus-")), None)
        if taken is not None:
            raise IllegalMove(
                f"{token.name} has taken its bonus action this turn already "
                f"({taken.removeprefix('bonus-')}): one bonus action a turn "
                f"({self.data.srd_name} › {self.data.bonus_section})."
            )
        taking.actions.append(f"bonus-{bonus}")
        taking.sections.append(self.data.bonus_section)
        taking.extra["bonus"] = str(bonus)
        if bonus == MoveAction.DASH:
            taking.dashes += 1
            taking.sections.append("Dash")
            taking.notes.append(
                Note(
                    "Dash",
                    f"Dash as a bonus action (a feature such as Cunning Action): movement "
                    f"equal to its speed ({feet(speed)}).",
                )
            )

    # what an action adds to the turn's movement, looked up by its MoveAction
    _ACTIONS: ClassVar[Mapping[str, Callable[[SrdActions, Token, int, _Taking], None]]] = {
        MoveAction.DASH: _dash,
        MoveAction.DISENGAGE: _disengage,
        MoveAction.STAND: _stand,
    }
