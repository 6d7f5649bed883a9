"""epic-path's flanking as the ruleset answers it (seed 004 › Flanking, Reach and
Flanking, Internal Flanking): for two creatures and a third (/flank), for the whole
board (/map flanks:true, flank_board.py) and after a move. The geometry is
flanking.py. The flanking part ``EpicPath`` holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.encounter import Condition, Encounter, Token
from bot.rules.engine.altitude import altitude, within_reach_up
from bot.rules.engine.board import Board, hostile
from bot.rules.epic_path.flank_board import board_flanks
from bot.rules.epic_path.flanking import Creature, Space, flank_between
from bot.rules.parts.flanking import FlankRule
from bot.rules.rulings import BoardFlanks, Flank, Note

if TYPE_CHECKING:
    from bot.rules.d20.reach import D20Reach
    from bot.rules.ruleset import Ruleset


class EpicFlanking(FlankRule):
    """Who flanks whom, by the seed's lines through a space (and the ruleset's reach)."""

    def __init__(self, rules: Ruleset, reach: D20Reach) -> None:
        super().__init__(rules)
        self.d20_reach = reach

    def natural_reach_ft(self, token: Token) -> int:
        return self.d20_reach.natural_reach_ft(token)

    def flank(self, encounter: Encounter, a: Token, b: Token, target: Token) -> Flank:
        """004 Flanking, Reach and Flanking, Internal Flanking: two allies who both
        threaten an enemy flank it when a line between them passes through opposite
        sides or opposite corners of its space, or when one is inside the other's
        space two or more sizes apart."""
        board = Board.of(encounter, target, self.rules.footprint_squares)
        sections = ["Flanking"]
        for one in (a, b):
            if not hostile(one, target):
                return Flank(
                    False,
                    f"{one.name} isn't {target.name}'s enemy ({one.team} and {target.team}): "
                    "only allies who both threaten an enemy flank it",
                    self.rules.source(*sections),
                )
        if a.team != b.team:  # pragma: no cover - hostile() leaves one enemy side
            return Flank(
                False, f"{a.name} and {b.name} aren't allies", self.rules.source(*sections)
            )
        for one in (a, b):
            if (altitude(one) or altitude(target)) and not within_reach_up(
                self.rules, one, target, self.rules.reach.reach_ft(one)
            ):
                # 004 Three Dimensional Movement: reach counts cubes, up as across
                return Flank(
                    False,
                    f"{one.name} is too far above or below {target.name} to threaten it",
                    self.rules.source(*sections, "Three Dimensional Movement"),
                )
        verdict = flank_between(
            self._flanker(board, a, target),
            self._flanker(board, b, target),
            self._flanker(board, target, target),
        )
        if verdict.internal:
            sections.append("Internal Flanking")
        elif verdict.line is not None and any(
            x.denominator == 1 for point in verdict.line for x in point
        ):
            sections.append("Reach and Flanking")
        line = (
            None if verdict.line is None else tuple((float(x), float(y)) for x, y in verdict.line)
        )
        return Flank(
            verdict.flanks,
            verdict.why,
            self.rules.source(*sections),
            line=(line[0], line[1]) if line is not None else None,
            internal=verdict.internal,
        )

    def board_flanks(self, encounter: Encounter) -> BoardFlanks:
        """004 Flanking: every creature two of its foes flank (/map flanks:true), worked
        out for the whole board at once and bounded (``flank_board``)."""
        return board_flanks(self, encounter)

    def _flanker(self, board: Board, token: Token, target: Token) -> Creature:
        side = board.sides.get(token.key, self.rules.footprint_squares.get(token.size, 1))
        threatens = not token.has(Condition.INCAPACITATED) and any(
            self.rules.reach.threatens(board, token, cell) for cell in board.footprint_of(target)
        )
        return Creature(
            token.name,
            Space(token.cell, side),
            int(token.size),
            self.natural_reach_ft(token) > self.rules.square_ft or token.reach_weapon,
            threatens,
        )

    def after_move_notes(self, encounter: Encounter, mover: Token) -> tuple[Note, ...]:
        """004 Flanking, said after each move: the enemies the mover now flanks, and
        with whom (+2 on melee attacks against it, for both)."""
        if mover.has(Condition.INCAPACITATED):
            return ()
        flanked = board_flanks(self, encounter, mover=mover).flanked  # bounded
        if not flanked:
            return ()
        parts = "; ".join(f"{f.target} with {', '.join(ally for _, ally in f.by)}" for f in flanked)
        return (
            Note(
                "Flanking",
                f"{mover.name} now flanks {parts}: +2 on melee attacks against a flanked "
                "foe, for both flankers (Epic Path › Flanking).",
            ),
        )
