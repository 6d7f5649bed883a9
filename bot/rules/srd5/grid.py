"""Movement on a grid as the fifth-edition SRDs rule it (Combat › Movement and
Position; SRD 5.2 Rules Glossary), for 5e and 5e-2024: the parts both hold (their
squares, ``SrdSteps``; squeezing, ``SrdSpace``; reach, ``SrdReach``), each built with the
ruleset's differences as data (``SrdData``).

Speed is spent over the turn and may be split; Dash adds the current speed; switching
to another speed subtracts what was already moved (Using Different Speeds).
Difficult terrain costs 1 extra foot per foot, however many causes a square has;
crawling, climbing or swimming without that speed, and (SRD 5.1) squeezing each cost 1
extra foot on top, so crawling through difficult terrain costs 3 feet per foot. Leaving
a hostile creature's reach provokes an opportunity attack.
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Condition, Token
from bot.grid.coords import Cell
from bot.grid.geometry import squares_one_two
from bot.grid.paths import Edge
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.rules.engine.board import Board, StepContext, in_reach, within_reach
from bot.rules.engine.kinds import GrappleRule, MountRule, ReactionRule, VerticalRule
from bot.rules.engine.moves import last_mode, remembering_mode
from bot.rules.engine.traits import has_trait
from bot.rules.parts.reach import ReachRule
from bot.rules.parts.space import SpaceRule
from bot.rules.parts.steps import StepRule
from bot.rules.rulings import JumpRequest, Note
from bot.rules.srd5.actions import ACTIONS as ACTIONS
from bot.rules.srd5.actions import exhaustion as exhaustion
from bot.rules.srd5.data import SrdData
from bot.rules.srd5.jumping import LANDING_DC
from bot.rules.srd5.senses import sight_traits
from bot.rules.srd5.sheet import strength

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

FOOTPRINTS: Mapping[Size, int] = {
    Size.TINY: 1,
    Size.SMALL: 1,
    Size.MEDIUM: 1,
    Size.LARGE: 2,
    Size.HUGE: 3,
    Size.GARGANTUAN: 4,
}
SIZES: tuple[Size, ...] = tuple(FOOTPRINTS)
DEFAULT_REACH_FT = 5
REACH_WEAPON_FT = 5  # both SRDs' Weapon Properties › Reach: "adds 5 feet to your reach"
DIFFICULT = frozenset(
    {Terrain.DIFFICULT, Terrain.OBSTACLE, Terrain.IMPEDED, Terrain.SLOPE, Terrain.ICE}
)
NO_MOVE = "Immobilized"


def srd_traits(document: str) -> Mapping[str, str]:
    """The monster traits the SRDs' movement reads on the board (/token trait), cited
    from ``document`` (SRD 5.1 or 5.2: both word them alike)."""
    return {
        "ice-walk": "Ice Walk: difficult terrain of ice or snow costs it no extra movement "
        f"({document} › White Dragon › Ice Walk).",
        "spider-climb": "Spider Climb: climbs difficult surfaces, even upside down, with no "
        f"ability check: climbing costs it no extra movement and a steep slope isn't "
        f"difficult terrain for it ({document} › Spider Climb; the spell gives a climbing "
        "speed equal to the walking speed).",
        **sight_traits(f"{document} › Blindsight; Truesight"),
    }


# The rule kinds and grid data both SRDs state alike (each ruleset class names them)
SQUARE_FT = 5
# the SRDs' areas on a grid start on an intersection (a 20 ft radius: 8 × 8 squares)
CIRCLE_FROM_CORNER = True
# 5 ft diagonals: a climb alongside a move counts the longer of the two
VERTICAL = VerticalRule(
    "feet", "longer", "every foot up or down spent as a foot: Movement › Flying"
)
MOUNT_RULE = MountRule(
    "half-speed",
    "half its speed: Combat › Mounted Combat › Mounting and Dismounting",
    within_5_ft=True,
    once_per_move=True,
    stay_mounted_dc=10,
    mounted_combat="Combat › Mounted Combat",
)
# SRD 5.2 costs 1 extra foot a foot; SRD 5.1 halves the speed (FiveE's own rule):
# the same reach on open ground only (docs/RULINGS.md)
GRAPPLE_RULE = GrappleRule(
    drag="extra-foot",
    shares_space=False,
    drag_text="every foot costs 1 extra foot while dragging: Conditions › Grappled",
    ends_text="Conditions › Grappled",
)
READIED_MOVE = (
    "A readied move: when its trigger comes, it uses its reaction to move up to its "
    "speed, out of its turn (Actions in Combat › Ready)."
)
# one reaction, back at the start of its turn; an opportunity attack and a readied
# move each use it (Combat › Reactions, Opportunity Attacks, Ready)
REACTION_RULE = ReactionRule(1, "reaction", True, "Combat › Reactions")


class SrdSteps(StepRule):
    """The SRDs' squares (an extra foot per foot, however many reasons), the speed a
    token last moved by, and jumps by the Strength score."""

    def __init__(self, rules: Ruleset, data: SrdData, diagonal_rule: str) -> None:
        super().__init__(rules)
        self.data = data
        self.diagonal_rule = diagonal_rule  # the encounter's: 5 or 5-10-5

    def step_cost(
        self,
        ctx: StepContext,
        frm: Cell,
        to: Cell,
        diagonals: int,
        spent: float,
        squeezing: bool,
    ) -> Edge | str:
        diagonal = frm.col != to.col and frm.row != to.row
        extras = self._extra_feet(ctx, frm, to, squeezing)
        if diagonal and self.diagonal_rule == "5-10-5" and diagonals % 2 == 1:
            base, why = 10.0, ", ".join(("2nd diagonal 10 ft", *extras))
        else:
            base, why = 5.0, ", ".join(extras)
        return Edge(
            to,
            base * (1 + len(extras)),
            diagonals + 1 if diagonal else diagonals,
            why,
            bool(extras),
        )

    def _extra_feet(self, ctx: StepContext, frm: Cell, to: Cell, squeezing: bool) -> list[str]:
        """Why each foot of the step costs more, one reason per extra foot: difficult
        terrain (once, whatever its causes), crawling, dragging, climbing or swimming
        without the speed, and squeezing where it is an extra of its own (SRD 5.1)."""
        allowance = ctx.allowance
        extras: list[str] = []
        flying = allowance.mode == "fly"
        cause = "" if flying else self._difficult(ctx, frm, to)
        if squeezing and not self.data.squeezing_is_extra and not cause:
            cause = "squeezing"
        if cause:
            # "difficult at C2" is said "at C2" here: "difficult terrain +1 (at C2)"
            extras.append(f"difficult terrain +1 ({cause.removeprefix('difficult ')})")
        if ctx.board.mover.has(Condition.PRONE) and not ctx.stood:
            extras.append("crawling +1")
        if allowance.stance.dragging:
            extras.append(f"dragging {allowance.stance.dragging} +1")
        need = "" if flying else self._speed_lacked(ctx, to)
        if need:
            extras.append(f"{'swimming' if need == 'swim' else 'climbing'} without the speed +1")
        if squeezing and self.data.squeezing_is_extra:
            extras.append("squeezing +1")
        return extras

    def _speed_lacked(self, ctx: StepContext, to: Cell) -> str:
        """The speed entering ``to`` calls for that the mover lacks (``swim`` in deep
        water, ``climb`` climbing), or "" (Spider Climb climbs as with a speed)."""
        board, mover = ctx.board, ctx.board.mover
        water = all(board.terrain(c) is Terrain.WATER for c in board.cells(to))
        need = "swim" if water else "climb" if ctx.allowance.mode == "climb" else ""
        if need == "climb" and has_trait(mover, "spider-climb"):
            return ""
        return need if need and not ctx.movement.speeds_ft.get(need) else ""

    def _difficult(self, ctx: StepContext, frm: Cell, to: Cell) -> str:
        """What makes the square entered difficult terrain (one cause is enough), or ""."""
        board = ctx.board
        for cell in board.cells(to):
            terrain = board.terrain(cell)
            if terrain is Terrain.ICE and has_trait(board.mover, "ice-walk"):
                continue  # Ice Walk: ice or snow costs it nothing extra
            if terrain is Terrain.SLOPE and has_trait(board.mover, "spider-climb"):
                continue  # Spider Climb: a climbable surface, climbed freely
            if terrain in DIFFICULT:
                return f"{terrain.value} at {cell}"
            if (
                terrain is Terrain.NARROW
                and board.mover.size == Size.MEDIUM
                and not self.data.squeezing_is_extra
            ):
                # SRD 5.2: the opening is difficult terrain; SRD 5.1 prices the
                # squeezing itself instead (_extra_feet), never both
                return f"a narrow opening at {cell}"
        for other in board.others_in(board.cells(to)):
            if (
                self.data.every_creature_hampers
                or self.rules.space.pass_creature(board, other).hampers
            ):
                return f"{other.name}'s space"
        return ""

    def moved_as(self, board: Board, token: Token, anchor: Cell, mode: str) -> Token:
        """SRD Using Different Speeds: what it moved as counts against the next speed."""
        return remembering_mode(token, mode)

    def landing_notes(self, board: Board, landing: Cell) -> tuple[Note, ...]:
        """Landing a long jump in difficult terrain (5.1 Jumping; 5.2 Long Jump)."""
        if not any(board.terrain(c) in DIFFICULT for c in board.cells(landing)):
            return ()
        return (
            Note(
                "Landing",
                f"{landing} is difficult terrain: a DC {LANDING_DC} Dexterity (Acrobatics) "
                f"check, or {board.mover.name} lands prone ({self.data.jump_section}).",
            ),
        )

    # ------------------------------------------------------------------ jumps

    def jump_problem(self, ctx: StepContext) -> str:
        """A jump is measured by the Strength score and made on foot."""
        mover = ctx.board.mover
        if strength(mover.state) is None:
            return (
                f"a jump is measured by its Strength score ({self.data.jump_section}), and "
                f"{mover.name} has none: set it with /token stats token:{mover.name} "
                "strength:<score> (e.g. strength:15)"
            )
        if mover.has(Condition.PRONE) and not ctx.stood:
            return f"{mover.name} is prone: it only crawls. Stand up first: action:stand"
        if ctx.allowance.mode != "walk":
            return f"a jump is made on foot, not moving by {ctx.allowance.mode}"
        return ""

    def jump_asked(self, ctx: StepContext, request: JumpRequest) -> JumpRequest:
        """With its Strength score; the run-up goes on from the movement on foot it
        made earlier this turn (a /move that ended where this one starts)."""
        mover = ctx.board.mover
        run_up = request.run_up_ft
        if run_up is not None and not ctx.stood and last_mode(mover) == "walk":
            run_up += int(mover.activity.spent_ft)
        return replace(request, strength=strength(mover.state), run_up_ft=run_up)


class SrdSpace(SpaceRule, ABC):
    """Squeezing under the SRDs; who may pass whom is each SRD's own (5e, 5e-2024)."""

    def squeeze_width(self, side: int) -> int:
        # squeezing through a space one size smaller
        return max(1, side - 1)


class SrdReach(ReachRule):
    """A creature's reach (5 ft unless the GM set one, 5 more with a reach weapon), and
    the table's diagonal rule."""

    def __init__(self, rules: Ruleset, diagonal_rule: str) -> None:
        super().__init__(rules)
        self.diagonal_rule = diagonal_rule

    def measure_ft(self, a: Cell, b: Cell) -> float:
        """5 ft a square, every diagonal too; with the optional 5-10-5 rule every second
        diagonal counts 10 ft (the encounter's diagonals: option)."""
        dx, dy = abs(a.col - b.col), abs(a.row - b.row)
        if self.diagonal_rule == "5-10-5":
            return float(squares_one_two(dx, dy) * self.rules.square_ft)
        return float(max(dx, dy) * self.rules.square_ft)

    def reach_ft(self, token: Token) -> int:
        """Its reach for opportunity attacks: its own (5 ft unless the GM set one), plus
        5 ft with a reach weapon (reach_weapon:true; both SRDs' Weapon Properties ›
        Reach: "as well as when determining your reach for opportunity attacks")."""
        reach = token.reach_ft if token.reach_ft is not None else DEFAULT_REACH_FT
        return reach + (REACH_WEAPON_FT if token.reach_weapon else 0)

    def threatened(self, board: Board, enemy: Token) -> frozenset[Cell]:
        return within_reach(board, enemy, self.reach_ft(enemy), self.rules.square_ft)

    def threatens(self, board: Board, enemy: Token, cell: Cell) -> bool:
        return in_reach(board, enemy, self.reach_ft(enemy), self.rules.square_ft, cell)
