"""The d20 rulesets' actions on a grid (3.5 and epic-path): move, double move, run,
withdraw, charge, 5-foot step, crawl, stand up, drop prone, accelerated climb. Each
action's terms are a table (``action_terms``: how many times the speed, what it
demands); what an action has to say beyond its terms is a method of its own, looked up
by its ``MoveAction``. ``D20Economy`` is the action economy part 3.5 and epic-path
each hold (a subclass of it giving their data); the squares are ``D20Steps`` (grid.py),
reach and threat ``D20Reach`` (reach.py). Pure: no Discord, no database.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import ClassVar

from bot.encounter import Activity, Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.names import Vocabulary
from bot.rules.d20.action_terms import ACTIONS, FULL_ROUND, MOVE_ACTIONS, NO_MOVE, Action
from bot.rules.d20.turn_actions import D20TurnActions
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import Allowance, Limits, Stance, check_mode
from bot.rules.engine.moves import MoveRequest, TokenMovement
from bot.rules.rulings import Note
from bot.state import number


@dataclass
class _Taking:
    """One action being worked out: what it grants and what the reply says of it."""

    action: MoveAction
    terms: Action
    mode: str
    multiple: int
    sections: list[str]
    notes: list[Note]
    actions: list[str]  # the turn's actions with this one taken
    grant_ft: float = 0.0
    after: Callable[[Token], Token] | None = None


def top_speed(movement: TokenMovement, mode: str, combines_flight: bool) -> int:
    """The speed an action's allowance is counted in: walking and swimming share
    one allowance in the faster of the two (004 "Combining Movement Types")."""
    speeds = movement.speeds_ft
    if mode == "walk" and combines_flight:
        return max(speeds.get("walk", 0), speeds.get("swim", 0), speeds.get("fly", 0))
    if mode in ("walk", "swim"):
        return max(speeds.get("walk", 0), speeds.get("swim", 0))
    return speeds.get(mode, 0)


class D20Economy(D20TurnActions):
    """The d20 family's actions; each ruleset's subclass gives the data
    (``action_terms``, ``standing_is_movement``, ``run_multiple``...). The move
    actions that aren't movement (a door, a mount) and the full-round minimum are
    ``D20TurnActions`` (turn_actions.py)."""

    action_words: ClassVar[Vocabulary] = ACTIONS
    actions: ClassVar[tuple[str, ...]] = ACTIONS.names
    band_action: ClassVar[str] = "double"
    action_terms: ClassVar[Mapping[str, Action]]
    # Does standing up count as movement (no 5-foot step after it)? 3.5: no (002
    # "Stand Up from Prone"); epic-path: yes (004 "5-Foot Step").
    standing_is_movement: ClassVar[bool]

    # ---- hooks the rulesets fill in

    @abstractmethod
    def run_multiple(self, token: Token) -> tuple[int, str]:
        """The run's multiple of speed for ``token`` now, and why."""

    def run_endurance(self, name: str, rounds: int) -> Note:
        """How long ``name`` may keep running, in its ``rounds``-th round running in a row.
        3.5's seeds give no limit (002 Run only says creatures without a Constitution
        score run forever), so the 3.5 SRD's Run is borrowed."""
        return Note(
            "Running",
            f"Round {rounds} running in a row. {name} may run for as many rounds as its "
            "Constitution score, then makes a DC 10 Constitution check each round to go on "
            "(+1 to the DC per earlier check); on a failure it stops and must rest 1 minute "
            "(10 rounds) before running again (borrowed: 3.5 SRD › Run). Creatures without "
            f"a Constitution score can run forever ({self.rules.run_rule}).",
        )

    def top_speed(self, movement: TokenMovement, mode: str) -> int:
        """``top_speed`` under this ruleset (does a walk combine flight?)."""
        return top_speed(movement, mode, self.rules.combines_flight)

    def start_turn(self, token: Token) -> Token:
        """A creature that didn't run last turn no longer counts rounds run in a row."""
        ran = "run" in token.activity.actions
        token = super().start_turn(token)
        return token if ran else token.with_state(running_rounds=None)

    def done_for_the_turn(self, activity: Activity) -> bool:
        """Both move actions taken, a full-round move, or a 5-foot step (002)."""
        taken = activity.actions
        moves = sum(1 for a in taken if a in MOVE_ACTIONS)
        return moves >= 2 or any(a in FULL_ROUND or a == "5ft-step" for a in taken)

    # ---- the allowance: the checks every action passes, then the action's own say

    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        action = request.action or MoveAction.MOVE
        if action == MoveAction.DROP_PRONE:
            return self._drop_prone(token, request)
        terms, staggered_multiple = self._terms_now(token, action)
        if action == MoveAction.ACCELERATED_CLIMB:
            request = self._climbing(token, request, movement)
        mode = check_mode(movement, token, request.mode)
        self._check_taken(token, action, terms)
        own_check = self._ACTION_CHECKS.get(action)
        if own_check is not None:
            own_check(self, token, action, movement.speeds_ft[mode])
        taking = _Taking(
            action,
            terms,
            mode,
            terms.speed_multiple,
            list(terms.sections),
            [],
            [*token.activity.actions, action],
        )
        if staggered_multiple is not None:
            self._staggered(taking, staggered_multiple)
        elif action == MoveAction.RUN:
            self._run(token, taking)
        if action == MoveAction.CHARGE and mode == "burrow":
            raise IllegalMove(
                "Creatures can't charge or run while burrowing (SRD › Movement Modes › Burrow)."
            )
        taking.grant_ft = float(self.top_speed(movement, mode) * taking.multiple)
        own_grant = self._ACTION_GRANTS.get(action)
        if own_grant is not None:
            own_grant(self, token, request, movement, taking)
        return self._allowed(token, taking)

    def _drop_prone(self, token: Token, request: MoveRequest) -> Allowance:
        """A free action that moves nothing (Rules of the Game › Drop Prone)."""
        if token.has(Condition.PRONE):
            raise IllegalMove(f"{token.name} is already prone.")
        if request.to is not None:
            raise InvalidInput("Dropping prone doesn't move: leave out to:.")
        activity = token.activity
        return Allowance(
            "drop-prone",
            "walk",
            0.0,
            replace(activity, actions=(*activity.actions, "drop-prone")),
            ("Drop Prone",),
            stance=Stance(drop_prone=True),
            provokes=False,
            notes=(Note("Drop prone", "A free action."),),
        )

    def _terms_now(self, token: Token, action: MoveAction) -> tuple[Action, int | None]:
        """The action's terms, once the token may move at all; a staggered token's
        standard-action version with its multiple (None: not staggered)."""
        stuck = next((c for c in NO_MOVE if token.has(c)), None)
        if stuck is not None:
            raise IllegalMove(
                f"{token.name} is {stuck.value} and can't move. The GM can still move it "
                "with forced:."
            )
        taken = token.activity.actions
        if "5ft-step" in taken:
            raise IllegalMove(
                f"{token.name} took a 5-foot step this round: no other movement the same "
                f"round ({self.rules.step_rule})."
            )
        terms = self.action_terms.get(action)
        if terms is None:
            raise InvalidInput(
                f"{self.rules.id} has no {action} action here. Accepted: "
                f"{', '.join(self.action_terms)}, drop-prone."
            )
        if not token.has(Condition.STAGGERED):
            return terms, None
        return self._standard_action_only(token, action, terms, taken)

    def _climbing(self, token: Token, request: MoveRequest, movement: TokenMovement) -> MoveRequest:
        """An accelerated climb is a climb, for a creature with a climb speed."""
        if request.mode not in (None, "climb"):
            raise InvalidInput("An accelerated climb is a climb: leave out mode: or say climb.")
        if movement.speeds_ft.get("climb", 0) <= 0:
            raise IllegalMove(
                f"{token.name} has no climb speed: an accelerated climb is for creatures "
                "with one (SRD › Movement Modes › Climb)."
            )
        return replace(request, mode="climb")

    def _check_taken(self, token: Token, action: MoveAction, terms: Action) -> None:
        """What being prone and the actions already taken this turn leave possible."""
        taken = token.activity.actions
        prone = token.has(Condition.PRONE)
        if prone and action not in (MoveAction.STAND, MoveAction.CRAWL):
            raise IllegalMove(
                f"{token.name} is prone: stand up first (action:stand, a move action that "
                "provokes) or crawl 5 ft (action:crawl)."
            )
        if action == MoveAction.CRAWL and not prone:
            raise IllegalMove(f"{token.name} isn't prone; crawling is how a prone creature moves.")
        if action == MoveAction.STAND and not prone:
            raise IllegalMove(f"{token.name} isn't prone, so it has nothing to stand up from.")
        if terms.full_round and (taken and any(a != "drop-prone" for a in taken)):
            raise IllegalMove(
                f"A {action} takes the whole round and {token.name} has already acted this "
                f"turn ({', '.join(taken)}). Use action:move for a move action."
            )
        move_actions = sum(1 for a in taken if a in MOVE_ACTIONS)
        full = any(a in FULL_ROUND for a in taken)
        if action in MOVE_ACTIONS and (full or move_actions >= 2):
            raise IllegalMove(
                f"{token.name} has no move action left this turn "
                f"({', '.join(taken)}). /turn next starts the next turn."
            )

    def _check_step(self, token: Token, action: MoveAction, speed: int) -> None:
        """002 Take a 5-Foot Step: not after moving this round, not at a speed of 5 ft."""
        # 002 Move Actions: opening a door, standing up (3.5)... "does not count as
        # movement", so it doesn't use up the 5-foot step; only moving does
        activity = token.activity
        not_movement = {"drop-prone", "door"}
        if not self.standing_is_movement:
            not_movement.add("stand")
        if activity.spent_ft > 0 or any(a not in not_movement for a in activity.actions):
            raise IllegalMove(
                f"{token.name} has already moved this round: no 5-foot step "
                f"({self.rules.step_rule})."
            )
        if speed <= 5:
            raise IllegalMove(
                f"{token.name}'s speed is {speed} ft: a creature with a speed of 5 ft or "
                f"less can't take a 5-foot step ({self.rules.step_rule})."
            )

    def _check_sight(self, token: Token, action: MoveAction, speed: int) -> None:
        """No run or withdraw without sight."""
        if token.has(Condition.BLINDED):
            raise IllegalMove(f"{token.name} is blinded: no {action} without sight.")

    # the checks an action makes of its own, after those every action makes
    _ACTION_CHECKS: ClassVar[Mapping[str, Callable[[D20Economy, Token, MoveAction, int], None]]] = {
        MoveAction.FIVE_FOOT_STEP: _check_step,
        MoveAction.RUN: _check_sight,
        MoveAction.WITHDRAW: _check_sight,
    }

    def _staggered(self, taking: _Taking, multiple: int) -> None:
        taking.multiple = multiple
        taking.sections.append("Standard-action versions (Rules of the Game)")
        taking.notes.append(
            Note(
                "Staggered",
                "Only a single move or standard action this turn: a run, charge or "
                "withdraw is its standard-action version, up to its speed (Rules of the Game).",
            )
        )

    def _run(self, token: Token, taking: _Taking) -> None:
        """The run's multiple and how long the token has been running."""
        taking.multiple, why = self.run_multiple(token)
        taking.notes.append(Note("Run", why))
        running = number(token.state, "running_rounds") + 1
        taking.notes.append(self.run_endurance(token.name, running))

        def after(moved: Token) -> Token:
            return moved.with_state(running_rounds=running)

        taking.after = after
        if taking.mode in ("climb", "burrow"):
            raise IllegalMove(f"Creatures can't run while {taking.mode}ing (SRD › Movement Modes).")

    def _accelerated_grant(
        self, token: Token, request: MoveRequest, movement: TokenMovement, taking: _Taking
    ) -> None:
        land = self.top_speed(movement, "walk")
        taking.grant_ft = float(min(2 * self.top_speed(movement, "climb"), land) * taking.multiple)
        taking.notes.append(
            Note(
                "Accelerated climb",
                f"Double its climb speed or its land speed ({land} ft), whichever is "
                f"lower: {taking.grant_ft:g} ft, with a single Climb check at −5 "
                "(SRD › Movement Modes › Climb).",
            )
        )

    def _one_square_grant(
        self, token: Token, request: MoveRequest, movement: TokenMovement, taking: _Taking
    ) -> None:
        taking.grant_ft = 5.0  # a crawl, a 5-foot step

    def _stand_grant(
        self, token: Token, request: MoveRequest, movement: TokenMovement, taking: _Taking
    ) -> None:
        """Standing up is a move action; with to: the token moves with its other one."""
        taking.notes.append(
            Note(
                "Stand up",
                "A move action that provokes attacks of opportunity (Rules of the Game › "
                "Stand Up from Prone).",
            )
        )
        if request.to is None:
            taking.grant_ft = 0.0
            return
        move_actions = sum(1 for a in token.activity.actions if a in MOVE_ACTIONS)
        if move_actions >= 1 or token.has(Condition.STAGGERED):
            raise IllegalMove(
                f"Standing takes {token.name}'s last move action: it can't also move this turn."
            )
        taking.actions.append("move")
        taking.notes.append(Note("Then", "Moves with its other move action."))

    # what an action grants beyond its speed times its multiple
    _ACTION_GRANTS: ClassVar[
        Mapping[str, Callable[[D20Economy, Token, MoveRequest, TokenMovement, _Taking], None]]
    ] = {
        MoveAction.ACCELERATED_CLIMB: _accelerated_grant,
        MoveAction.CRAWL: _one_square_grant,
        MoveAction.FIVE_FOOT_STEP: _one_square_grant,
        MoveAction.STAND: _stand_grant,
    }

    def _standard_action_only(
        self, token: Token, action: str, terms: Action, taken: tuple[str, ...]
    ) -> tuple[Action, int]:
        """002: "If you're limited to only a standard action during your turn", you can
        withdraw, run or charge as a standard action, moving up to your speed."""
        if any(a != "drop-prone" for a in taken):
            raise IllegalMove(
                f"{token.name} is staggered: one move or standard action a turn, and it "
                f"has taken one ({', '.join(taken)})."
            )
        if action == "double":
            raise IllegalMove(
                f"{token.name} is staggered: no double move, only one move or standard "
                "action a turn (use action:move)."
            )
        if action in ("run", "charge", "withdraw"):
            return replace(terms, full_round=False), 1
        return terms, terms.speed_multiple

    def _allowed(self, token: Token, taking: _Taking) -> Allowance:
        """The allowance the action gives, with what it demands of the path."""
        action, terms, activity = taking.action, taking.terms, token.activity
        new_activity = replace(
            activity,
            budget_ft=activity.budget_ft + taking.grant_ft,
            actions=tuple(taking.actions),
            diagonals=activity.diagonals if action in MOVE_ACTIONS else 0,
        )
        available = new_activity.left_ft
        stepping = action == MoveAction.FIVE_FOOT_STEP
        if terms.one_square:
            available = 5.0 if stepping else max(available, 5.0)
        return Allowance(
            action,
            taking.mode,
            available,
            new_activity,
            tuple(taking.sections),
            limits=Limits(
                straight=terms.straight,
                unhampered=terms.unhampered,
                no_creatures=terms.no_creatures,
                shortest_path=terms.shortest_path,
                min_ft=terms.min_ft,
                one_square=terms.one_square,
                free_square_ft=5.0 if stepping else None,
                safe_start=terms.safe_start,
            ),
            stance=Stance(stand_up=action == MoveAction.STAND, stand_provokes=True),
            provokes=terms.provokes,
            full_round=terms.full_round,
            notes=tuple(taking.notes),
            after=taking.after,
        )
