"""Reach and threatened squares as the d20 rulesets count them (3.5 and epic-path):
natural reach by size and body, reach weapons (001: not at natural reach or less), and
distance with 1-2-1-2 diagonals where the ruleset has them: the reach part 3.5 and
epic-path each hold, with their own tables."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from bot.encounter import Token
from bot.grid.coords import Cell, cell_row
from bot.grid.geometry import gap, squares_one_two
from bot.grid.sizes import Size
from bot.rules.engine.board import Board, around
from bot.rules.parts.reach import ReachRule
from bot.state import text

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


class D20Reach(ReachRule):
    """Who threatens which squares, and how far apart two squares are, by the ruleset's
    reach tables (a tall and a long body), its diagonal rule, and whether a creature
    threatens its own space."""

    def __init__(
        self,
        rules: Ruleset,
        *,
        tall_ft: Mapping[Size, int],
        long_ft: Mapping[Size, int],
        one_two_diagonals: bool,
        threatens_own_space: bool,
    ) -> None:
        super().__init__(rules)
        self.reach_tall_ft = tall_ft
        self.reach_long_ft = long_ft
        self.one_two_diagonals = one_two_diagonals
        self.threatens_own_space = threatens_own_space

    def reach_ft(self, token: Token) -> int:
        return self.natural_reach_ft(token)

    def natural_reach_ft(self, token: Token) -> int:
        if token.reach_ft is not None:
            return token.reach_ft
        long = text(token.state, "body") == "long"
        table = self.reach_long_ft if long else self.reach_tall_ft
        return table.get(token.size, 5)

    def distance_ft(self, a: Cell, b: Cell) -> float:
        dx, dy = abs(a.col - b.col), abs(a.row - b.row)
        return float(self.distance_squares(dx, dy) * self.rules.square_ft)

    def distance_squares(self, dx: int, dy: int) -> int:
        return squares_one_two(dx, dy) if self.one_two_diagonals else max(dx, dy)

    def threat_range(self, enemy: Token) -> tuple[int, int]:
        """How many squares away ``enemy`` threatens, nearest and farthest: from the next
        square to its natural reach, or with a reach weapon from beyond its natural
        reach to double it (001: not at natural reach or less)."""
        squares = self.natural_reach_ft(enemy) // self.rules.square_ft
        if enemy.reach_weapon:
            return max(1, squares) + 1, 2 * max(1, squares)
        return 1, squares

    def threatens(self, board: Board, enemy: Token, cell: Cell) -> bool:
        """Whether ``enemy`` threatens ``cell``: one square of ``threatened``, found
        without working out the rest."""
        side = board.sides.get(enemy.key, 1)
        if self.threatens_own_space and cell in board.footprint_of(enemy):
            return True
        lo, hi = self.threat_range(enemy)
        d = self.distance_squares(*gap(cell, 1, enemy.cell, side))
        return d > 0 and lo <= d <= hi

    def threatened(self, board: Board, enemy: Token) -> frozenset[Cell]:
        lo, hi = self.threat_range(enemy)
        side = board.sides.get(enemy.key, 1)
        cells: set[Cell] = set()
        if self.threatens_own_space:
            cells.update(board.footprint_of(enemy))
        cols, rows = around(board, enemy.cell, side, hi)  # a reach past the map: the map
        if not cols:
            return frozenset(cells)
        first, last = enemy.cell.col, enemy.cell.col + side - 1  # the enemy's own columns
        widest = max(first - cols.start, cols.stop - 1 - last, 0)
        for row in rows:
            dy = gap(Cell(first, row), 1, enemy.cell, side)[1]
            across = self._gaps_within(dy, lo, hi, widest)
            if across is None:
                continue
            near, far = across
            spans = []
            if near == 0:
                spans.append((first, last))
                near = 1
            if near <= far:
                spans += [(first - far, first - near), (last + near, last + far)]
            whole_row = cell_row(row, board.encounter.width)
            for start, stop in spans:
                start, stop = max(start, cols.start), min(stop, cols[-1])
                if start <= stop:  # (a slice's negative end would count from the right)
                    cells.update(whole_row[start : stop + 1])
        return frozenset(cells)

    def _gaps_within(self, dy: int, lo: int, hi: int, widest: int) -> tuple[int, int] | None:
        """The squares across (nearest, farthest; at most ``widest``, the map's edge) at
        which a square ``dy`` rows away is between ``lo`` and ``hi`` squares away: the
        distance grows with the squares across, so each end is a binary search, however
        far the reach."""
        if self.distance_squares(0, dy) > hi:
            return None
        low, high = 0, min(hi, widest)  # the farthest within hi (distance >= across)
        while low < high:
            mid = (low + high + 1) // 2
            if self.distance_squares(mid, dy) <= hi:
                low = mid
            else:
                high = mid - 1
        far = low
        if self.distance_squares(far, dy) < lo:
            return None
        low, high = 0, far  # the nearest: the first at lo or more
        while low < high:
            mid = (low + high) // 2
            if self.distance_squares(mid, dy) >= lo:
                high = mid
            else:
                low = mid + 1
        return low, far
