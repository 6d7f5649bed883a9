"""5e-alt's steps (seed 000): what each square costs as the creature moves (Slowed by
Difficult Terrain moving in, out or while in it, squeezing, prone, dragging; a move's
speed modifiers), jumping on the way, and what a move leaves it doing (Continuity of
Movement): ``AltSteps``, the steps part ``FiveEAlt`` holds."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from bot.encounter import Condition, Token
from bot.grid.coords import Cell
from bot.grid.paths import Edge
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.rules.engine.board import Board, StepContext
from bot.rules.engine.moves import remembering_mode
from bot.rules.engine.steps import stops
from bot.rules.engine.traits import has_trait
from bot.rules.five_e_alt.speeds import SingleSpeed
from bot.rules.five_e_alt.tokens import GROUND, single_speed
from bot.rules.parts.steps import StepRule
from bot.rules.rulings import Note

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


class AltSteps(StepRule):
    """5e-alt's step costs and what a path does to the mover."""

    def __init__(self, rules: Ruleset, diagonal_rule: str) -> None:
        super().__init__(rules)
        self.diagonal_rule = diagonal_rule  # the encounter's: 5, 5-10-5 or euclidean

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

    def step_cost(
        self,
        ctx: StepContext,
        frm: Cell,
        to: Cell,
        diagonals: int,
        spent: float,
        squeezing: bool,
    ) -> Edge | str:
        """5 ft a square (a diagonal as the encounter counts it), times the move's speed
        modifier, doubled when Slowed: by Difficult Terrain or squeezing, by the Slowed
        condition, dragging or being prone."""
        allowance = ctx.allowance
        single = ctx.memo.get("single")
        if single is None:
            single = ctx.memo["single"] = single_speed(ctx.board.mover)
        diagonal = frm.col != to.col and frm.row != to.row
        base, why = self._diagonal_ft(diagonal, diagonals)
        move = _move_into(ctx.board, allowance.mode, to)
        refused = _cannot_move(ctx, single, move, to)
        if refused:
            return refused
        cause = self._slowed_by(ctx, single, frm, to, move, squeezing)
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
        if move == "climb" and allowance.mode == "walk":
            why.insert(0, "climbing")  # 000 Walk: nobody Walks a slope of 45 degrees or more
        return Edge(to, cost, diagonals + (1 if diagonal else 0), ", ".join(why), hampered=slowed)

    def _diagonal_ft(self, diagonal: bool, diagonals: int) -> tuple[float, list[str]]:
        """A square's feet before modifiers, by the encounter's diagonal rule (000
        Diagonals): 5 ft, every second diagonal 10 ft, or 5 ft × √2."""
        if diagonal:
            if self.diagonal_rule == "5-10-5" and diagonals % 2 == 1:
                return 10.0, ["2nd diagonal 10 ft"]
            if self.diagonal_rule == "euclidean":
                return 5.0 * math.sqrt(2), []
        return 5.0, []

    def _slowed_by(
        self,
        ctx: StepContext,
        single: SingleSpeed,
        frm: Cell,
        to: Cell,
        move: str,
        squeezing: bool,
    ) -> str:
        """What Slows this step, or "": Difficult Terrain or squeezing (000 "Difficult
        Terrain: Squeezing" is one more cause), else the Slowed condition, dragging, or
        being prone (000 Conditions: Prone and Immobilized include Slowed)."""
        board = ctx.board
        key = ("5e", frm, to, move)
        cause = ctx.memo.get(key)
        if cause is None:
            cause = ctx.memo[key] = self._difficult(ctx, single, frm, to, move)
        cause = cause or ("squeezing" if squeezing else "")
        if cause:
            return cause
        prone = board.mover.has(Condition.PRONE) and not ctx.stood
        if ctx.allowance.mode == "fly" and single.hover:
            prone = False  # 000 Fly › Hovering: flying ends Prone
        dragging = ctx.allowance.stance.dragging
        if board.mover.has(Condition.SLOWED):
            return "Slowed"
        if dragging:
            return f"dragging {dragging}"
        return "prone" if prone else ""

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
            if board.on_map(cell) and stops(self.rules, terrain, ctx.allowance.mode):
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


def _move_into(board: Board, mode: str, to: Cell) -> str:
    """How it moves into ``to``: walking or swimming, a square all water is Swum and
    (walking) a slope of 45 degrees or more is Climbed (000 Walk › Terrain
    Requirements); any other mode as it is."""
    if mode not in ("walk", "swim"):
        return mode
    cells = board.cells(to)
    if all(board.terrain(c) is Terrain.WATER for c in cells):
        return "swim"
    if mode == "walk" and all(board.terrain(c) is Terrain.SLOPE for c in cells):
        return "climb"
    return "walk"


def _cannot_move(ctx: StepContext, single: SingleSpeed, move: str, to: Cell) -> str:
    """Why it can't move into ``to`` that way (a speed of 0 or none: Updating A
    Creature's Movement › Step 2; a prone creature can't Climb), or ""."""
    board, mode = ctx.board, ctx.allowance.mode
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
    if move == "climb" and mode == "walk" and _hands_full(board.mover):
        return (
            f"{to} is a slope to Climb (nobody Walks a slope of 45 degrees or more), and "
            f"{board.mover.name} has no empty hand: it can't climb, it would fall "
            "(Alternate Movement › Walk; Climb › Falling While Climbing › Hands)"
        )
    if move == "climb" and board.mover.has(Condition.PRONE) and not ctx.stood:
        return (
            f"{to} is a slope to Climb, and a prone creature can't Climb "
            "(Alternate Movement › Conditions › Prone)"
        )
    return ""


def _hands_full(token: Token) -> bool:
    """000 Climb › Falling While Climbing › Hands: no empty hand to Climb with (the
    ``hands-full`` trait), unless Spider Climb leaves them free (Step 2 › Climb)."""
    return has_trait(token, "hands-full") and not has_trait(token, "spider-climb")
