"""epic-path's actions (seed 004 › General Movement Rules, Double Move, Run,
Encumbrance, Withdraw, Blocked Terrain): a walk that goes on until a double move is
declared, the run's multiple, speed 0 under armor and load, teleporting in sight, and
the prone creature's record against forced movement: ``EpicEconomy``, the action economy
part ``EpicPath`` holds (the d20 family's, with epic-path's data and rules)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from bot.encounter import Activity, Condition, Encounter, Token
from bot.errors import IllegalMove
from bot.grid.coords import Cell
from bot.grid.sight import clear_line
from bot.rules.d20.action_terms import Action
from bot.rules.d20.actions import D20Economy
from bot.rules.d20.sheet import armor, load
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import Allowance, Limits, StepContext
from bot.rules.engine.moves import MoveRequest, TokenMovement
from bot.rules.engine.teleport import nearest_space, open_space, teleport_allowance
from bot.rules.epic_path.tables import RUN_STEP_DOWN
from bot.rules.epic_path.tokens import ACTION_TERMS, ENCUMBERED_RUN_BASE, RUN_MULTIPLE
from bot.rules.rulings import Note
from bot.units import feet


class EpicEconomy(D20Economy):
    """What each of epic-path's actions lets a creature do now."""

    action_terms: ClassVar[Mapping[str, Action]] = ACTION_TERMS
    standing_is_movement: ClassVar[bool] = True  # 004 5-Foot Step
    minimum_sections: ClassVar[tuple[str, ...]] = ("Impeded Terrain",)

    def run_multiple(self, token: Token) -> tuple[int, str]:
        """004 Run's ×4 (×3 in heavy armor), and 004 Encumbrance's ×5 less one for a
        medium and two for a heavy load or armor, stacking: the lower of the two."""
        steps = 0
        why = []
        for what, value in (("armor", armor(token)), ("load", load(token))):
            step = RUN_STEP_DOWN.get((what, value or ""), 0)
            if step:
                steps += step
                why.append(f"{value} {what} −{step}")
        multiple = max(1, min(RUN_MULTIPLE, ENCUMBERED_RUN_BASE - steps))
        text = f"×{multiple} speed in a straight line (Epic Path › Run"
        text += f"; Encumbrance: ×{ENCUMBERED_RUN_BASE} {', '.join(why)})" if why else ")"
        return multiple, text

    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        """Each action's allowance, keeping 004 Forced Movement's record of a creature
        that dropped prone by choice (it may ignore forced movement while prone)."""
        allowance = self._allowance(encounter, token, request, movement)
        before = allowance.after
        chose = allowance.action == "drop-prone"

        def after(moved: Token) -> Token:
            moved = before(moved) if before is not None else moved
            if chose:
                return moved.with_state(prone_resists=True)
            if not moved.has(Condition.PRONE):
                return moved.with_state(prone_resists=None)
            return moved

        return replace(allowance, after=after)

    def run_endurance(self, name: str, rounds: int) -> Note:
        """004 Run: Constitution-score rounds, then DC 10 Constitution checks rising by 1;
        a failure stops the run, and a creature that ran to its limit is Fatigued."""
        return Note(
            "Running",
            f"Round {rounds} running in a row. {name} may run for as many rounds as its "
            "Constitution score, then makes a DC 10 Constitution check each round to go on "
            "(+1 to the DC per earlier check); on a failure it stops and is fatigued "
            "(/token condition add:fatigued) (Epic Path › Run).",
        )

    def start_turn(self, token: Token) -> Token:
        """004 Forced Movement: a creature knocked prone resists forced movement once it
        "has had an opportunity to stand up": from the start of its turn (a ruling)."""
        token = super().start_turn(token)
        if token.has(Condition.PRONE):
            return token.with_state(prone_resists=True)
        return token

    def _allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        if (request.mode or "walk") == "teleport":
            return _teleport(token, request)
        action = request.action or MoveAction.MOVE
        if action in ("run", "charge"):
            tired = next(
                (c for c in (Condition.EXHAUSTED, Condition.FATIGUED) if token.has(c)), None
            )
            if tired is not None:
                raise IllegalMove(
                    f"{token.name} is {tired.value}: a fatigued creature can't run or charge "
                    "(Epic Path › Overland Travel › Hustle)."
                )
        walk = movement.speeds_ft.get("walk", 0)
        encumbered = walk == 0 and token.speed_ft > 0 and (armor(token) or load(token))
        if encumbered and (request.mode or "walk") == "walk" and action != "drop-prone":
            return self._standard_five_feet(token, request, action)
        doubled = self._last_taken(token, "double")
        if doubled is not None and action in ("move", "double") and token.activity.left_ft > 0:
            return self._double_on(encounter, token, request, movement, doubled)
        walked = self._walking(token)
        if walked is not None and action == "move":
            return self._walk_on(encounter, token, request, movement, walked)
        if walked is not None and action == "double":
            return self._declare_double(encounter, token, request, movement, walked)
        return super().allowance(encounter, token, request, movement)

    @staticmethod
    def _walking(token: Token) -> int | None:
        """Where in its actions the token's walk this turn is, if walking is the last
        thing it did (a drop prone, free, doesn't end it)."""
        return EpicEconomy._last_taken(token, "move")

    @staticmethod
    def _last_taken(token: Token, action: str) -> int | None:
        """Where in its actions ``action`` is, if it is the last thing the token did this
        turn (a drop prone, free, doesn't end it)."""
        taken = token.activity.actions
        for index in range(len(taken) - 1, -1, -1):
            if taken[index] == "drop-prone":
                continue
            return index if taken[index] == action else None
        return None

    def done_for_the_turn(self, activity: Activity) -> bool:
        """A double move with movement left isn't done: "a double-move is considered a
        single action, so there is no need for the creature to stop" (004 Double Move);
        a second /move goes on with it (issue 41: it said "no move left this turn")."""
        last = next((a for a in reversed(activity.actions) if a != "drop-prone"), None)
        if last == "double" and activity.left_ft > 0:
            return False
        return super().done_for_the_turn(activity)

    def _double_on(
        self,
        encounter: Encounter,
        token: Token,
        request: MoveRequest,
        movement: TokenMovement,
        doubled: int,
    ) -> Allowance:
        """004 Double Move: one action up to twice the speed in all; a second /move after
        a partial double move goes on with it, not a fresh one."""
        asked = replace(request, action=MoveAction.DOUBLE)
        return self._going_on(
            encounter,
            token,
            asked,
            movement,
            doubled,
            "Double move",
            "Goes on with this turn's double move, which had {left} left: one action, no "
            "need to stop (Epic Path › Double Move).",
        )

    def _walk_on(
        self,
        encounter: Encounter,
        token: Token,
        request: MoveRequest,
        movement: TokenMovement,
        walked: int,
    ) -> Allowance:
        """004 General Movement Rules: "When you have moved a distance equal to your
        movement rate ... you must stop moving for this round, or declare a double move".
        A second /move after a walk goes on with the same walk (a move action, up to its
        speed in all), not a second walk with a fresh speed."""
        return self._going_on(
            encounter,
            token,
            request,
            movement,
            walked,
            "Walk",
            "Goes on with this turn's walk, which had {left} left. A walk stops at its speed "
            "unless a double move is declared (action:double) (Epic Path › General Movement "
            "Rules).",
        )

    def _going_on(
        self,
        encounter: Encounter,
        token: Token,
        request: MoveRequest,
        movement: TokenMovement,
        started: int,
        label: str,
        said: str,
    ) -> Allowance:
        """The allowance of the action begun at ``token.activity.actions[started]``,
        carried on: asked as if it hadn't begun, kept with what it has spent, and a note
        (``said`` with ``{left}``) saying so."""
        activity = token.activity
        taken = activity.actions
        probe = replace(token, activity=replace(activity, actions=taken[:started]))
        allowance = super().allowance(encounter, probe, request, movement)
        kept = replace(allowance.activity, budget_ft=activity.budget_ft, actions=taken)
        return replace(
            allowance,
            available_ft=kept.left_ft,
            activity=kept,
            notes=(*allowance.notes, Note(label, said.format(left=feet(kept.left_ft)))),
        )

    def _declare_double(
        self,
        encounter: Encounter,
        token: Token,
        request: MoveRequest,
        movement: TokenMovement,
        walked: int,
    ) -> Allowance:
        """004 General Movement Rules: at the end of its walk a creature may "declare a
        double move" (004 Double Move: twice its speed, one action): the walk so far
        becomes part of the double move."""
        activity = token.activity
        taken = activity.actions
        if any(a not in ("move", "drop-prone") for a in taken):
            return super().allowance(encounter, token, request, movement)
        probe = replace(
            token,
            activity=replace(
                activity, budget_ft=0.0, actions=tuple(a for a in taken if a != "move")
            ),
        )
        allowance = super().allowance(encounter, probe, request, movement)
        return replace(
            allowance,
            notes=(
                *allowance.notes,
                Note(
                    "Double move",
                    f"Its walk this turn ({feet(activity.spent_ft)}) becomes a double move "
                    "(Epic Path › General Movement Rules; Double Move).",
                ),
            ),
        )

    def withdraw_spares(self, enemy: Token) -> bool:
        """004 Withdraw: the first square "is not considered threatened by any opponent
        you can see ... Invisible enemies still get attacks of opportunity against you"."""
        return not enemy.has(Condition.INVISIBLE)

    def arrival(self, ctx: StepContext, token: Token, goal: Cell) -> tuple[Cell, tuple[Note, ...]]:
        """004 Blocked Terrain: "teleport can move through blocked terrain as long as line
        of sight and line of effect rules are satisfied"; walls, pillars, wall edges and
        closed doors block both. An occupied or blocked square: the nearest space the
        teleporter can see and reach takes its place (a ruling, docs/RULINGS.md)."""
        board = ctx.board
        encounter = board.encounter
        start = board.footprint_of(token)
        walls = [edge for edge, barrier in encounter.edges.items() if barrier.blocks]

        def in_sight(anchor: Cell) -> bool:
            return clear_line(start, board.cells(anchor), lambda c: board.terrain(c).blocks, walls)

        if open_space(board, goal):
            if not in_sight(goal):
                raise IllegalMove(
                    f"{token.name} has no line of effect to {goal}: a wall, pillar or closed "
                    "door stands between, and a teleport needs line of sight and line of "
                    "effect (Epic Path › Blocked Terrain)."
                )
            return goal, ()
        best = nearest_space(
            board, token, goal, lambda anchor: open_space(board, anchor) and in_sight(anchor)
        )
        if best is None or best == token.cell:
            raise IllegalMove(
                f"{goal} is occupied or blocked, and no open space {token.name} can see is "
                "near it to teleport into (Epic Path › Blocked Terrain)."
            )
        return best, (
            Note(
                "Teleport",
                f"{goal} is occupied or blocked: {token.name} lands in the nearest open space "
                f"in sight, {best} (Epic Path › Blocked Terrain).",
            ),
        )

    def _standard_five_feet(self, token: Token, request: MoveRequest, action: str) -> Allowance:
        """004 Encumbrance: "If these penalties reduce your base move to zero ... You must
        now use a standard action to move five feet, and can move no more than five feet
        per round"."""
        activity = token.activity
        if action != "move":
            raise IllegalMove(
                f"{token.name}'s armor and load take its speed to 0: a standard action "
                "moving 5 ft is all it can do (Epic Path › Encumbrance). Use action:move."
            )
        if "standard-5ft" in activity.actions or activity.spent_ft > 0:
            raise IllegalMove(
                f"{token.name}'s armor and load take its speed to 0: it moves no more than "
                "5 ft a round (Epic Path › Encumbrance). /turn next starts the next turn."
            )
        if token.has(Condition.PRONE):
            raise IllegalMove(f"{token.name} is prone: stand up first (action:stand).")
        return Allowance(
            "move",
            "walk",
            5.0,
            replace(
                activity,
                budget_ft=activity.budget_ft + 5.0,
                actions=(*activity.actions, "standard-5ft"),
            ),
            ("Encumbrance",),
            limits=Limits(one_square=True),
            notes=(
                Note(
                    "Speed 0",
                    "Armor and load take its speed to 0: a standard action moves it 5 ft, "
                    "no more this round (Epic Path › Encumbrance).",
                ),
            ),
        )


def _teleport(token: Token, request: MoveRequest) -> Allowance:
    """004 Blocked Terrain: a teleport (a spell or power the GM allows)."""
    return teleport_allowance(
        token,
        request,
        ("Blocked Terrain",),
        Note(
            "Teleport",
            "An effect that allows it (its range and action are the spell's or power's): "
            "no movement spent, no attacks of opportunity, and blocked terrain in between "
            "doesn't stop it where line of sight and line of effect reach "
            "(Epic Path › Blocked Terrain).",
        ),
    )
