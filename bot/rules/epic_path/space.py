"""epic-path's creatures in each other's space (seed 004 › Squeezing, Stepover,
Space): who may pass whom, sharing a square as squeezing, and how many a square holds.
The space part ``EpicPath`` holds."""

from __future__ import annotations

from dataclasses import replace

from bot.encounter import Condition, Token
from bot.errors import IllegalMove
from bot.grid.coords import Cell
from bot.grid.paths import EPSILON
from bot.grid.sizes import Size
from bot.rules.engine.altitude import altitude, height_ft
from bot.rules.engine.board import Board, Passing, StepContext, hostile, join
from bot.rules.engine.plan import Route
from bot.rules.epic_path.tokens import MAX_PER_SQUARE
from bot.rules.parts.space import SpaceRule
from bot.rules.rulings import Note
from bot.units import feet


class EpicSpace(SpaceRule):
    """Passing, stepping over and sharing a space."""

    def squeeze_width(self, side: int) -> int:
        # a space designed for creatures one size category smaller (004 Squeezing)
        return max(1, side - 1)

    def pass_creature(self, board: Board, other: Token) -> Passing:
        passing = self._on_one_level(board, other)
        over, at_end = self._cubes_apart(board, other)
        if at_end:
            return Passing(True, may_end=True)  # above or below its cube, all the way
        return replace(passing, allowed=True) if over else passing

    def _cubes_apart(self, board: Board, other: Token) -> tuple[bool, bool]:
        """004 Three Dimensional Movement: creatures are cubes "a number of squares high
        equal to the number of squares per side". Whether the mover's cube clears
        ``other``'s on its way (rising first or coming down last) and where it ends."""
        start, end = board.heights_ft or (altitude(board.mover), altitude(board.mover))
        bottom, top = altitude(other), altitude(other) + height_ft(self.rules, other)
        tall = height_ft(self.rules, board.mover)

        def apart(high: int) -> bool:
            return high >= top or high + tall <= bottom

        return apart(max(start, end)) or apart(min(start, end)), apart(end)

    def _on_one_level(self, board: Board, other: Token) -> Passing:
        mover = board.mover
        if mover.size - other.size >= 2:
            return Passing(True, may_end=True)  # 004 Stepover: neither is squeezing
        if other.size - mover.size >= 2 and set(board.cells(mover.cell)) & set(
            board.footprint_of(other)
        ):
            # 004 Stepover: the smaller creatures "may also move out of the occupied space
            # (provoking as per normal movement rules)"; stopping inside takes Might
            return Passing(True, "moving out from under it (Epic Path › Stepover)")
        return self._pass_other(board, other)

    def forced_over(self, board: Board, other: Token) -> bool:
        """004 Stepover: "If the larger creature is subjected to forced movement, it is
        possible to make the larger creature stepover legally sized (smaller) creatures
        as part of that movement"."""
        return board.mover.size - other.size >= 2

    def _pass_other(self, board: Board, other: Token) -> Passing:
        mover = board.mover
        if other.has(Condition.DEAD):
            return Passing(True, may_end=True)  # 004 Squeezing: rough terrain
        if not hostile(mover, other) or other.has(Condition.INCAPACITATED):
            # 004 Squeezing: both squeeze when each normally takes up the full space;
            # Internal Flanking: not two or more sizes apart
            squeezing = (
                mover.size >= Size.SMALL
                and other.size >= Size.SMALL
                and abs(mover.size - other.size) < 2
            )
            return Passing(True, may_end=True, squeezing=squeezing)
        return Passing(
            False,
            "a hostile creature's space takes an Overrun, or Might to clamber in "
            "(Epic Path › Walk, Stepover)",
        )

    def share_space(
        self, ctx: StepContext, route: Route, sharing: list[str], *, jumped: bool
    ) -> tuple[Route, tuple[Note, ...]]:
        """004 Squeezing: "Entering a square which requires squeezing is treated as
        difficult terrain" — the last step, into the shared space, costs double (once:
        difficult terrain doesn't stack). Passing through a friend's space is not
        squeezing; only ending there is. Refused where the action can't afford it or
        can't be hampered (run, charge, 5-foot step)."""
        note = Note(
            "Squeezing",
            f"Shares {', '.join(sharing)}'s space: both are squeezing (−4 on attacks and AC).",
        )
        if jumped or not route.edges or route.edges[-1].hampered:
            return route, (note,)  # a landing is its own length; difficult doesn't double
        allowance, last = ctx.allowance, route.edges[-1]
        name, end = ctx.board.mover.name, route.end
        where = f"squeezing into {', '.join(sharing)}'s space counts as difficult terrain"
        if allowance.limits.unhampered or allowance.limits.free_square_ft is not None:
            what = (
                "a 5-foot step"
                if allowance.limits.free_square_ft is not None
                else f"a {allowance.action}"
            )
            raise IllegalMove(
                f"{name} can't end at {end}: {where} (Epic Path › Squeezing), and {what} can't "
                "be hampered."
            )
        cost = route.cost + last.cost_ft
        total = cost + allowance.stance.stand_cost_ft
        if total > allowance.available_ft + EPSILON:
            raise IllegalMove(
                f"{name} can't end at {end}: {where} (Epic Path › Squeezing), so the move costs "
                f"{feet(total)} and {allowance.action} allows {feet(allowance.available_ft)}."
            )
        doubled = replace(
            last, cost_ft=2 * last.cost_ft, why=join(last.why, "squeezing ×2"), hampered=True
        )
        return replace(route, edges=[*route.edges[:-1], doubled], cost=cost), (note,)

    def sharing_problem(self, board: Board, anchor: Cell) -> str:
        problem = super().sharing_problem(board, anchor)
        if problem:
            return problem
        for cell in board.cells(anchor):
            beside = [
                o for o in board.occupants.get(cell, ()) if not self._cubes_apart(board, o)[1]
            ]
            if len(beside) >= MAX_PER_SQUARE:
                return (
                    f"{cell} already holds {MAX_PER_SQUARE} creatures, the most a square "
                    "may (Epic Path › Space)"
                )
        return ""

    def creature_hampers(self, mover: Token, other: Token) -> bool:
        # 004 Squeezing: a dead creature is treated as rough terrain
        return other.has(Condition.DEAD) and mover.size - other.size < 2
