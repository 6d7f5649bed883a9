"""5e-alt's actions (seed 000 › Moving On Your Turn): the Movement a move, a Dash, a
Stand Up or a Drop Prone gives, the ways a creature may or may not move now, and
teleporting: ``AltEconomy``, the action economy part ``FiveEAlt`` holds."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from bot.encounter import Activity, Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.terrain import Terrain
from bot.names import Vocabulary
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import Allowance, Stance, StepContext, check_mode
from bot.rules.engine.moves import MoveRequest, TokenMovement
from bot.rules.engine.teleport import nearest_space, open_space, teleport_allowance
from bot.rules.engine.traits import has_trait
from bot.rules.five_e_alt.speeds import SingleSpeed
from bot.rules.five_e_alt.tokens import ACTIONS, single_speed
from bot.rules.parts.economy import ActionEconomy
from bot.rules.rulings import Note
from bot.rules.srd5.economy import GRANTED, grant, may_take, second_action
from bot.units import feet


class AltEconomy(ActionEconomy):
    """5e-alt's allowances: what each action lets the creature spend now."""

    action_words: ClassVar[Vocabulary] = ACTIONS
    actions: ClassVar[tuple[str, ...]] = ACTIONS.names
    band_action: ClassVar[str] = "dash"

    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        """000 Moving On Your Turn: Movement equal to its Speed when its turn starts, as
        much again for a Dash, half its Speed spent standing up, nothing to Drop Prone."""
        action = request.action or MoveAction.MOVE
        if action == "drop-prone":
            return _drop_prone(encounter, token, request, movement)
        if (request.mode or "walk") == "teleport":
            # 000 Teleport: "effects that Teleport you are Spells that don't use your
            # Movement or Speed", so being Immobilized (Movement and Speed 0) doesn't stop it
            return self._teleport(token, request, token.activity)
        _check_immobilized(token)
        single = single_speed(token)
        mode = _mode_for(token, request, movement, single)
        notes: list[Note] = []
        hover_up = _prone_for(token, mode, single, action, notes)
        granted = request.extra_action
        activity, stand_cost, sections = _movement_gained(
            token, action, movement, notes, granted, self.rules.granted_actions
        )
        if action == "move" and request.to is None:
            raise InvalidInput("Say where to: to:<square>, e.g. to:D4.")
        left = activity.left_ft
        if stand_cost > left:
            raise IllegalMove(
                f"Standing up costs {feet(stand_cost)} (half its Speed) and {token.name} has "
                f"{feet(left)} of Movement left. Dash first for more: action:dash."
            )
        return Allowance(
            action,
            mode,
            left,
            activity,
            sections,
            stance=Stance(stand_up=action == "stand", stand_cost_ft=stand_cost),
            notes=tuple(notes),
            condition_changes=hover_up,
            extra={"extra_action": granted} if granted is not None else {},
        )

    def _teleport(self, token: Token, request: MoveRequest, activity: Activity) -> Allowance:
        """000 Teleport: an effect (usually a spell) that uses no Movement; it
        provokes no opportunity attacks. The GM or the token's player says the
        effect allows it ("Uncommon Movement")."""
        return teleport_allowance(
            replace(token, activity=activity),
            request,
            ("Teleport",),
            Note(
                "Teleport",
                "An effect that allows it, spending no Movement and provoking no "
                "opportunity attacks (Alternate Movement › Teleport).",
            ),
        )

    def arrival(self, ctx: StepContext, token: Token, goal: Cell) -> tuple[Cell, tuple[Note, ...]]:
        """000 Teleport: no path; an occupied or blocked destination becomes the nearest
        unoccupied space ("Teleporting Into Obstacles")."""
        board = ctx.board
        if open_space(board, goal):
            return goal, ()
        best = nearest_space(board, token, goal, lambda anchor: open_space(board, anchor))
        if best is None:
            raise IllegalMove("There is no unoccupied space to teleport into.")
        note = Note(
            "Teleport",
            f"{goal} is occupied or blocked: {token.name} appears in the nearest "
            f"unoccupied space, {best} (Alternate Movement › Teleport).",
        )
        return best, (note,)


def _drop_prone(
    encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
) -> Allowance:
    """000 Drop Prone: costs no Movement; not Restrained, not prone already, not
    swimming (Prone Immunity), and no destination."""
    activity = token.activity
    if token.has(Condition.RESTRAINED):
        raise IllegalMove(
            f"{token.name} is Restrained: it can't willingly Drop Prone "
            "(Alternate Movement › Conditions › Restrained)."
        )
    if token.has(Condition.PRONE):
        raise IllegalMove(f"{token.name} is already prone.")
    if encounter.terrain_at(token.cell) is Terrain.WATER:
        raise IllegalMove(
            f"{token.name} is swimming, and a swimming creature is immune to Prone "
            "(Alternate Movement › Prone › Prone Immunity; Swim)."
        )
    if request.to is not None:
        raise InvalidInput("Dropping prone doesn't move: leave out to:.")
    gained = 0 if "turn" in activity.actions else movement.speed_ft
    turn = () if "turn" in activity.actions else ("turn",)
    return Allowance(
        "drop-prone",
        "walk",
        0.0,
        replace(
            activity,
            budget_ft=activity.budget_ft + gained,
            actions=(*activity.actions, *turn, "drop-prone"),
        ),
        ("Drop Prone",),
        stance=Stance(drop_prone=True),
        provokes=False,
        notes=(Note("Drop Prone", "Costs no Movement (Alternate Movement › Drop Prone)."),),
    )


def _check_immobilized(token: Token) -> None:
    """000 Conditions › Immobilized (and Grappled, Restrained): Movement and Speed 0."""
    if token.has(Condition.IMMOBILIZED):
        why = next(
            c.value
            for c in (Condition.GRAPPLED, Condition.RESTRAINED, Condition.IMMOBILIZED)
            if token.has(c)
        )
        raise IllegalMove(
            f"{token.name} is {why}: Immobilized, its Movement and Speed are 0 "
            "(Alternate Movement › Conditions › Immobilized). The GM can still move it with "
            "forced:."
        )


def _mode_for(
    token: Token, request: MoveRequest, movement: TokenMovement, single: SingleSpeed
) -> str:
    """The way it moves, if it can now: a hand free to climb (Falling While Climbing ›
    Hands), a speed above 0 for it (Updating A Creature's Movement › Step 2)."""
    mode = request.mode or "walk"
    if mode == "climb" and has_trait(token, "hands-full") and not has_trait(token, "spider-climb"):
        raise IllegalMove(
            f"{token.name} has no empty hand: it can't climb, it would fall (Alternate "
            "Movement › Climb › Falling While Climbing › Hands). /token trait "
            f"token:{token.name} remove:hands-full once a hand is free."
        )
    if mode in ("walk", "climb", "swim") and mode not in single.moves:
        raise IllegalMove(
            f"{token.name} can't {mode}: its speed for it is 0 "
            "(Alternate Movement › Updating A Creature's Movement › Step 2)."
        )
    if mode not in ("walk", "climb", "swim"):
        mode = check_mode(movement, token, mode)
    return mode


def _prone_for(
    token: Token, mode: str, single: SingleSpeed, action: str, notes: list[Note]
) -> tuple[tuple[str, bool], ...]:
    """A prone creature can't climb or fly (Conditions › Prone), unless it Hovers:
    flying then ends Prone (Fly › Hovering), the change the move makes."""
    prone = token.has(Condition.PRONE)
    if prone and mode == "fly" and single.hover and action != "stand":
        notes.append(
            Note("Hover", "Flying ends the Prone condition (Alternate Movement › Fly › Hovering).")
        )
        return ((Condition.PRONE.value, False),)
    if prone and mode in ("climb", "fly") and action != "stand":
        raise IllegalMove(
            f"{token.name} is prone and can't {mode} (Alternate Movement › Conditions › "
            "Prone). "
            "Stand up first: action:stand."
        )
    return ()


# the variant gains Movement by the Dash Action (000 Gaining Movement) and keeps 5e's
# turn, "move a distance up to your speed and take one action" (docs/RULINGS.md)
ONE_ACTION = "SRD 5.1 › Combat › Your Turn, which Alternate Movement keeps"


def _movement_gained(
    token: Token,
    action: str,
    movement: TokenMovement,
    notes: list[Note],
    granted: str | None,
    known: Mapping[str, str],
) -> tuple[Activity, float, tuple[str, ...]]:
    """000 Gaining Movement: its Speed at the start of its turn, its Speed again for a
    Dash (Dashing), one action a turn unless the GM grants another (``granted``, one of
    ``known``: Action Surge, Haste); Stand Up costs half its Speed (unaffected by
    Slowed). The activity after, what standing costs, and the sections cited."""
    activity = token.activity
    sections = ["Moving On Your Turn"]
    budget = activity.budget_ft
    actions = list(activity.actions)
    if granted is not None:
        again = " Granted earlier this turn." if f"{GRANTED}{granted}" in actions else ""
        actions = grant(actions, granted, known)
        notes.append(Note("Extra action", known[granted] + again))
    if "turn" not in actions:
        budget += movement.speed_ft
        actions.append("turn")
    if action == "dash":
        if not may_take(actions, "dash"):
            raise second_action(token.name, actions, "Dash", activity.left_ft, (), ONE_ACTION)
        budget += movement.speed_ft
        actions.append("dash")
        sections.append("Dashing")
        notes.append(Note("Dash", f"Gains Movement equal to its Speed ({movement.speed_ft} ft)."))
    stand_cost = 0.0
    if action == "stand":
        if not token.has(Condition.PRONE):
            raise IllegalMove(f"{token.name} isn't prone, so it has nothing to stand up from.")
        stand_cost = float(math.floor(movement.speed_ft / 2))
        actions.append("stand")
        sections.append("Stand Up")
        notes.append(
            Note(
                "Stand Up",
                f"Costs half its Speed ({feet(stand_cost)}), unaffected by Slowed "
                "(Alternate Movement › Stand Up).",
            )
        )
    return replace(activity, budget_ft=budget, actions=tuple(actions)), stand_cost, tuple(sections)
