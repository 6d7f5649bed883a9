"""5e-alt: "One D&D Rule Variant: Alternate Movement" (seed 000).

Falling and jumping are the seed's own rules. The seed has no overland travel,
so /travel borrows the 3.5 SRD's overland tables, and says so.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar, Literal

from bot.encounter import Activity, Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.geometry import chebyshev, squares_one_two
from bot.grid.search import Edge
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.names import Vocabulary
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import (
    Allowance,
    Board,
    Passing,
    Stance,
    StepContext,
    check_mode,
    hostile,
    in_reach,
    within_reach,
)
from bot.rules.engine.kinds import GrappleRule, MountRule, VerticalRule
from bot.rules.engine.moves import (
    MOVE_MODES,
    MoveRequest,
    TokenFields,
    TokenMovement,
    TokenSpec,
    last_mode,
    moving_as,
    parse_plain_speed,
    remembering_mode,
)
from bot.rules.engine.steps import stops
from bot.rules.engine.teleport import nearest_space, open_space, teleport_allowance
from bot.rules.engine.traits import has_trait
from bot.rules.five_e_alt import IDENTITY, falling, jumping
from bot.rules.five_e_alt.sources import DOCUMENT, SEED
from bot.rules.five_e_alt.speeds import (
    SingleSpeed,
)
from bot.rules.five_e_alt.tables import FOOTPRINTS
from bot.rules.five_e_alt.tokens import (
    ACTIONS,
    DEFAULT_REACH_FT,
    GROUND,
    SIZES,
    single_speed,
    speed_notes,
    token_fields,
    token_movement,
)
from bot.rules.identity import Identity
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import (
    FallRequest,
    FallResult,
    JumpRequest,
    JumpResult,
    Note,
    TravelRequest,
    TravelResult,
    borrowed,
)
from bot.rules.srd5 import travel
from bot.rules.srd5.cite import SRD51, srd_source
from bot.state import flag, text
from bot.units import feet

SEED_FILES = (SEED,)
GRID_DOCUMENT = DOCUMENT


class FiveEAlt(Ruleset):
    identity: ClassVar[Identity] = IDENTITY
    document: ClassVar[str] = DOCUMENT
    grid_document: ClassVar[str] = GRID_DOCUMENT
    seed_files: ClassVar[tuple[str, ...]] = SEED_FILES
    square_ft: ClassVar[int] = 5
    sizes: ClassVar[tuple[Size, ...]] = SIZES
    footprint_squares: ClassVar[Mapping[Size, int]] = FOOTPRINTS
    travel_names: ClassVar[Mapping[str, Vocabulary]] = travel.TRAVEL_NAMES_51

    # ------------------------------------------------------------- on a grid

    # ------------------------------------------------------------------ fall

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        return falling.fall(request, rng)

    # ------------------------------------------------------------------ jump

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        if self.in_units and not request.units:
            # 000 Optional Rule: Units of Distance › Extended Jumps, on a map in Units
            request = replace(request, units=True)
        return jumping.jump(request, rng)

    # ---------------------------------------------------------------- travel

    def travel_speed_ft(self, text: str) -> int:
        return parse_plain_speed(text)

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        """Seed 000 has no overland rules; 5e-alt is a variant of fifth edition, so its
        travel is the SRD 5.1 travel pace, borrowed and said so."""
        source = srd_source(
            self.id,
            SRD51,
            borrowed="SRD 5.1 travel pace (Alternate Movement has no overland travel)",
        )
        return borrowed(
            travel.travel_51(request, source),
            "The Alternate Movement variant has no overland rules: this is the fifth "
            "edition SRD 5.1's travel pace.",
        )

    # ------------------------------------------------------------ on a grid

    sharing_rule: ClassVar[str] = (
        "no creature ends a move in another's space "
        "(Alternate Movement › Moving Around Other Creatures, Separate Spaces)"
    )
    provoke_rule: ClassVar[Literal["leave-threatened", "leave-reach", "never"]] = "leave-reach"
    action_words: ClassVar[Vocabulary] = ACTIONS
    actions: ClassVar[tuple[str, ...]] = ACTIONS.names
    band_action: ClassVar[str] = "dash"
    grapple_rule: ClassVar[GrappleRule | None] = GrappleRule(
        drag="slowed",
        shares_space=False,
        drag_text="Slowed while dragging: Alternate Movement › Conditions › Grappled › Movable",
        ends_text="Alternate Movement › Conditions › Grappled › Ending the Grappled Condition",
    )
    # 000 Climb › Falling While Climbing (Hands; Upside Down: Spider Climb); the Young
    # White Dragon's Ice Walk
    traits: ClassVar[Mapping[str, str]] = {
        "ice-walk": "Ice Walk: ice and snow aren't Difficult Terrain for it (Alternate "
        "Movement › Additional Notes: Ice Walk).",
        "spider-climb": "Spider Climb: climbs any surface unhindered, even upside down "
        "(Alternate Movement › Climb).",
        "climb": "Climb: slopes of 45 degrees or more aren't Difficult Terrain for it, with no "
        "climb speed listed (Alternate Movement › Updating A Creature's Movement › Step 2).",
        "hands-full": "No empty hand: it can't climb, it would fall (Alternate Movement › "
        "Climb › Falling While Climbing › Hands).",
    }
    vertical: ClassVar[VerticalRule] = VerticalRule(
        "feet", "straight", "every foot up or down spent as a foot: Alternate Movement › Fly"
    )
    # the variant is silent on mounts: the 5e SRD's half speed, borrowed
    mount_rule: ClassVar[MountRule | None] = MountRule(
        "half-speed", "half its Speed: SRD 5.1 › Mounted Combat, borrowed"
    )
    readied_move: ClassVar[str | None] = (
        "Out of its turn (a readied Dash) it gains Movement equal to its Speed and spends "
        "it in one go; the rest is lost at once (Alternate Movement › Moving Out Of Your "
        "Turn › Sudden Movement; Dashing › Dashing Out of Your Turn)."
    )
    move_modes: ClassVar[tuple[str, ...]] = MOVE_MODES  # and teleport (000 Teleport)
    # 000 Updating A Creature's Movement › Step 2: "If a creature's Speed for the
    # corresponding Move is 0, the creature can't Move in that way"
    zero_speed_modes: ClassVar[frozenset[str]] = frozenset({"climb", "swim"})

    def __init__(self, diagonal_rule: str = "5", *, in_units: bool = False) -> None:
        if diagonal_rule not in self.diagonal_rules:
            diagonal_rule = "5"
        self.diagonal_rule = diagonal_rule
        self.diagonal_parity = diagonal_rule == "5-10-5"
        self.in_units = in_units

    def measure_ft(self, a: Cell, b: Cell) -> float:
        """000's diagonals as the encounter chose them: 5 ft each, 5-10-5 alternating,
        or euclidean (5 ft × √2 each diagonal square, as a move counts them)."""
        dx, dy = abs(a.col - b.col), abs(a.row - b.row)
        if self.diagonal_rule == "5-10-5":
            return float(squares_one_two(dx, dy) * 5)
        if self.diagonal_rule == "euclidean":
            diagonal = min(dx, dy)
            return round((max(dx, dy) - diagonal) * 5.0 + diagonal * 5.0 * math.sqrt(2), 1)
        return float(chebyshev(a, b) * 5)

    def for_encounter(self, encounter: Encounter | None) -> FiveEAlt:
        """With the encounter's diagonal rule (5, 5-10-5 or euclidean) and whether it
        shows distances in Units (000 Optional Rule: Units of Distance)."""
        options = encounter.options if encounter else {}
        rule, in_units = text(options, "diagonals") or "5", flag(options, "units")
        if (rule, in_units) == (self.diagonal_rule, self.in_units):
            return self
        return FiveEAlt(rule, in_units=in_units)

    def token_movement(self, token: Token) -> TokenMovement:
        return token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return token_fields(spec)

    def speed_notes(self, token: Token) -> tuple[Note, ...]:
        return speed_notes(token)

    # ---------------------------------------------------------------- actions

    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        action = request.action or MoveAction.MOVE
        single = single_speed(token)
        prone = token.has(Condition.PRONE)
        activity = token.activity
        sections = ["Moving On Your Turn"]
        notes: list[Note] = []
        if action == "drop-prone":
            if token.has(Condition.RESTRAINED):
                raise IllegalMove(
                    f"{token.name} is Restrained: it can't willingly Drop Prone "
                    "(Alternate Movement › Conditions › Restrained)."
                )
            if prone:
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
        if (request.mode or "walk") == "teleport":
            # 000 Teleport: "effects that Teleport you are Spells that don't use your
            # Movement or Speed", so being Immobilized (Movement and Speed 0) doesn't stop it
            return self._teleport(token, request, activity)
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
        mode = request.mode or "walk"
        if (
            mode == "climb"
            and has_trait(token, "hands-full")
            and not has_trait(token, "spider-climb")
        ):
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
        hover_up: tuple[tuple[str, bool], ...] = ()
        if prone and mode == "fly" and single.hover and action != "stand":
            # 000 Fly › Hovering: immune to Prone while Flying; Flying ends it
            hover_up = ((Condition.PRONE.value, False),)
            notes.append(
                Note(
                    "Hover",
                    "Flying ends the Prone condition (Alternate Movement › Fly › Hovering).",
                )
            )
        elif prone and mode in ("climb", "fly") and action != "stand":
            raise IllegalMove(
                f"{token.name} is prone and can't {mode} (Alternate Movement › Conditions › "
                "Prone). "
                "Stand up first: action:stand."
            )
        budget = activity.budget_ft
        actions = list(activity.actions)
        if "turn" not in actions:
            # 000 "Gaining Movement": Movement equal to Speed at the start of the turn
            budget += movement.speed_ft
            actions.append("turn")
        if action == "dash":
            budget += movement.speed_ft
            actions.append("dash")
            sections.append("Dashing")
            notes.append(
                Note("Dash", f"Gains Movement equal to its Speed ({movement.speed_ft} ft).")
            )
        stand_cost = 0.0
        if action == "stand":
            if not prone:
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
        if action == "move" and request.to is None:
            raise InvalidInput("Say where to: to:<square>, e.g. to:D4.")
        new_activity = replace(activity, budget_ft=budget, actions=tuple(actions))
        left = new_activity.left_ft
        if stand_cost > left:
            raise IllegalMove(
                f"Standing up costs {feet(stand_cost)} (half its Speed) and {token.name} has "
                f"{feet(left)} of Movement left. Dash first for more: action:dash."
            )
        return Allowance(
            action,
            mode,
            left,
            new_activity,
            tuple(sections),
            stance=Stance(stand_up=action == "stand", stand_cost_ft=stand_cost),
            notes=tuple(notes),
            condition_changes=hover_up,
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

    def jump_problem(self, ctx: StepContext) -> str:
        """000 Prone › Limited Movement: "You can't Climb, Drop Prone, Fly, or Jump"."""
        mover = ctx.board.mover
        if mover.has(Condition.PRONE) and not ctx.stood:
            return (
                f"{mover.name} is prone, and a prone creature can't Jump "
                "(Alternate Movement › Conditions › Prone). Stand up first: action:stand"
            )
        if "jump" not in single_speed(mover).moves:
            return (
                f"{mover.name} can't Jump "
                "(Alternate Movement › Updating A Creature's Movement › Step 2)"
            )
        return ""

    def jump_cost_ft(
        self, ctx: StepContext, length_ft: float, takeoff: Cell, landing: Cell
    ) -> tuple[float, str]:
        """000 Slowed: "you must spend twice as much Movement to Move", a Jump included;
        000 Difficult Terrain: "you are Slowed while you Move in or out of the space", so
        taking off from or landing in Difficult Terrain doubles the jump too (once: the
        squares it flies over are not moved in)."""
        if ctx.board.mover.has(Condition.SLOWED) or ctx.allowance.stance.dragging:
            return length_ft * 2, "Slowed ×2"
        single = ctx.memo.get("single")
        if single is None:
            single = ctx.memo["single"] = single_speed(ctx.board.mover)
        for anchor, what in ((takeoff, "taking off from"), (landing, "landing in")):
            cause = self._difficult_at(ctx, single, anchor)
            if cause:
                return length_ft * 2, f"Slowed ×2 ({what} {cause})"
        return length_ft, ""

    def _difficult_at(self, ctx: StepContext, single: SingleSpeed, anchor: Cell) -> str:
        """What makes the token's space at ``anchor`` Difficult Terrain for it, or ""."""
        board = ctx.board
        cells = board.cells(anchor)
        swimming = all(board.terrain(c) is Terrain.WATER for c in cells)
        return self._difficult(ctx, single, anchor, anchor, "swim" if swimming else "walk")

    def landing_notes(self, board: Board, landing: Cell) -> tuple[Note, ...]:
        if board.terrain(landing) not in (Terrain.DIFFICULT, Terrain.SLOPE, Terrain.OBSTACLE):
            return ()
        return (
            Note(
                "Landing",
                f"{landing} is difficult terrain: a check to keep its balance or it lands "
                "prone (Alternate Movement › Jumping Through Difficult Terrain; the GM rules "
                "elsewhere).",
            ),
        )

    # ------------------------------------------------------------------ steps

    def step_cost(
        self,
        ctx: StepContext,
        frm: Cell,
        to: Cell,
        diagonals: int,
        spent: float,
        squeezing: bool,
    ) -> Edge | str:
        board, allowance = ctx.board, ctx.allowance
        single = ctx.memo.get("single")
        if single is None:
            single = ctx.memo["single"] = single_speed(board.mover)
        diagonal = frm.col != to.col and frm.row != to.row
        base: float = 5.0
        why: list[str] = []
        if diagonal:
            if self.diagonal_rule == "5-10-5" and diagonals % 2 == 1:
                base = 10.0
                why.append("2nd diagonal 10 ft")
            elif self.diagonal_rule == "euclidean":
                base = 5.0 * math.sqrt(2)
        mode = allowance.mode
        cells = board.cells(to)
        if mode in ("walk", "swim"):
            if all(board.terrain(c) is Terrain.WATER for c in cells):
                move = "swim"
            elif mode == "walk" and all(board.terrain(c) is Terrain.SLOPE for c in cells):
                # 000 Walk › Terrain Requirements: a slope of 45 degrees or more is Climbed
                move = "climb"
            else:
                move = "walk"
        else:
            move = mode
        if move not in single.modifiers:
            name = board.mover.name
            cannot = (
                f"its {move} speed is 0"
                if single.speeds_ft.get(move) == 0
                else f"it has no way to {move}"
            )
            slope = (
                "; nobody Walks a slope of 45 degrees or more (Alternate Movement › Walk)"
                if move == "climb" and mode == "walk"
                else ""
            )
            return (
                f"{name} can't {move} at {to}: {cannot} (Alternate Movement › Updating A "
                f"Creature's Movement › Step 2){slope}"
            )
        if move == "climb" and board.mover.has(Condition.PRONE) and not ctx.stood:
            return (
                f"{to} is a slope to Climb, and a prone creature can't Climb "
                "(Alternate Movement › Conditions › Prone)"
            )
        # 000 "Difficult Terrain: Squeezing" is one more cause of being Slowed
        key = ("5e", frm, to, move)
        cause = ctx.memo.get(key)
        if cause is None:
            cause = ctx.memo[key] = self._difficult(ctx, single, frm, to, move)
        cause = cause or ("squeezing" if squeezing else "")
        # 000 Conditions: Prone and Immobilized include Slowed
        prone = board.mover.has(Condition.PRONE) and not ctx.stood
        if mode == "fly" and single.hover:
            prone = False  # 000 Fly › Hovering: flying ends Prone
        if not cause:
            dragging = allowance.stance.dragging
            cause = (
                "Slowed"
                if board.mover.has(Condition.SLOWED)
                else f"dragging {dragging}"
                if dragging
                else "prone"
                if prone
                else ""
            )
        slowed = bool(cause)
        trait = single.modifiers[move]
        factor = trait.cost_multiplier
        if factor is None:
            # Less Than One-Third Speed: all its Movement (minimum 5 ft) per 5 ft
            cost = max(base * (2 if slowed else 1), allowance.available_ft - spent)
            why.append(f"{trait.label} ({move}): all its Movement")
        else:
            cost = base * factor * (2 if slowed else 1)
            if factor > 1:
                why.append(f"{trait.label} ({move}) ×{factor}")
        if slowed:
            why.append(f"Slowed ×2 ({cause})")
        return Edge(to, cost, diagonals + (1 if diagonal else 0), ", ".join(why), hampered=slowed)

    def _difficult(
        self, ctx: StepContext, single: SingleSpeed, frm: Cell, to: Cell, move: str
    ) -> str:
        """What makes the step Difficult Terrain (moving in, out or while in it), or ""."""
        board = ctx.board
        squares = dict.fromkeys((*board.cells(frm), *board.cells(to)))
        for cell in squares:
            terrain = board.terrain(cell)
            if move == "burrow":
                if not single.burrow_unhindered:
                    return f"burrowing through material at {cell}"
                continue
            if move == "fly":
                continue
            if terrain is Terrain.ICE and has_trait(board.mover, "ice-walk"):
                continue  # Ice Walk: ice and snow are no Difficult Terrain for it
            climbs_freely = single.climb_unhindered or any(
                has_trait(board.mover, t) for t in ("spider-climb", "climb")
            )
            if terrain in GROUND and not (terrain is Terrain.SLOPE and climbs_freely):
                return f"{terrain.value} at {cell}"
            if terrain is Terrain.WATER and not single.swim_unhindered:
                return f"liquid at {cell}"
        # 000 Squeezing: Slowed moving out of a squeeze as well as into it, flying too
        for anchor in (frm, to):
            if self._squeezed(ctx, anchor):
                return f"squeezing at {anchor}"
        for other in board.others_in(squares):
            if other.size != Size.TINY:
                return f"{other.name}'s space"
        return ""

    def _squeezed(self, ctx: StepContext, anchor: Cell) -> bool:
        """Does the token squeeze with its top-left square at ``anchor``: a Medium one in
        an opening sized for Small, or a big one whose block walls narrow?"""
        board = ctx.board
        for cell in board.cells(anchor):
            terrain = board.terrain(cell)
            if terrain is Terrain.NARROW and board.mover.size == Size.MEDIUM:
                return True
            if board.on_map(cell) and stops(self, terrain, ctx.allowance.mode):
                return True
        return False

    def after_path(
        self, ctx: StepContext, token: Token, cells: list[Cell]
    ) -> tuple[tuple[tuple[str, bool], ...], tuple[Note, ...]]:
        board = ctx.board
        swam = ctx.allowance.mode in ("walk", "swim") and any(
            all(board.terrain(c) is Terrain.WATER for c in board.cells(cell)) for cell in cells[1:]
        )
        if swam and token.has(Condition.PRONE) and not ctx.stood:
            note = Note(
                "Prone ends",
                "Swimming ends the Prone condition (Alternate Movement › Prone, Swim).",
            )
            return ((Condition.PRONE.value, False),), (note,)
        return (), ()

    def moved_as(self, board: Board, token: Token, anchor: Cell, mode: str) -> Token:
        """000 Continuity of Movement: it counts as moving as it last moved, and as the
        terrain forces it: "you automatically Swim if you are immersed in liquid" (Swim),
        and no Walking "across a slope of 45 degrees or more" (Walk), so a walker ending
        there is Swimming or Climbing."""
        terrain = {board.terrain(c) for c in board.cells(anchor)}
        if mode == "walk" and terrain == {Terrain.WATER}:
            mode = "swim"
        elif mode == "walk" and Terrain.SLOPE in terrain:
            mode = "climb"
        return remembering_mode(token, mode)

    def token_words(self, token: Token) -> tuple[str, ...]:
        return moving_as(token)

    def condition_refused(self, token: Token, condition: Condition) -> str:
        """000 Prone › Prone Immunity (Swimming) and Fly › Hovering (Flying, Hover)."""
        if condition is not Condition.PRONE:
            return ""
        if last_mode(token) == "swim":
            return (
                f"{token.name} is swimming, and a swimmer is immune to the Prone condition "
                "(Alternate Movement › Prone, Prone Immunity)"
            )
        if last_mode(token) == "fly" and single_speed(token).hover:
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

    def squeeze_width(self, side: int) -> int:
        # an opening sized for a creature one Size smaller (000 Difficult Terrain)
        return max(1, side - 1)

    def pass_creature(self, board: Board, other: Token) -> Passing:
        mover = board.mover
        hampers = other.size != Size.TINY
        if other.has(Condition.INCAPACITATED) or not hostile(mover, other):
            return Passing(True, hampers=hampers)
        if abs(other.size - mover.size) >= 2 or other.size == Size.TINY:
            return Passing(True, hampers=hampers)
        return Passing(
            False,
            "a hostile creature within one size of the mover blocks its space "
            "(Alternate Movement › Moving Around Other Creatures)",
        )

    def threatened(self, board: Board, enemy: Token) -> frozenset[Cell]:
        reach = enemy.reach_ft if enemy.reach_ft is not None else DEFAULT_REACH_FT
        return within_reach(board, enemy, reach, self.square_ft)

    def threatens(self, board: Board, enemy: Token, cell: Cell) -> bool:
        reach = enemy.reach_ft if enemy.reach_ft is not None else DEFAULT_REACH_FT
        return in_reach(board, enemy, reach, self.square_ft, cell)
