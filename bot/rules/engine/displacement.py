"""What one kind of move plans: its result (what the reply shows) and the
displacements it makes, each a token, the squares it crossed and how it went (walked on
its own movement, pushed against its will, dragged by its grappler). The consequences
stage (``engine/consequences.py``) folds every displacement into the board the same way
for every kind. Pure: no Discord, no database.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from bot.grid.coords import Cell

if TYPE_CHECKING:  # the result carries its displacements (moves.py imports this module)
    from bot.rules.engine.moves import MoveResult

# walked: on its own movement (a mount's riders go with it); pushed: against its will
# (a push, pull or slide, a bull rush's push: a rider is unseated, a mount's riders
# save); dragged: by the creature grappling it
How = Literal["walked", "pushed", "dragged"]


@dataclass(frozen=True)
class Displacement:
    """One token moved by a move: its key, its squares (its start first), how."""

    token: str
    path: tuple[Cell, ...]
    how: How
    # for a push: the farthest the rule lets it go, in squares (None: no such limit)
    most_squares: int | None = None

    @property
    def squares(self) -> int:
        return len(self.path) - 1


@dataclass(frozen=True)
class Planned:
    """One kind of move planned: the result before its consequences, and what it moved."""

    result: MoveResult
    displacements: tuple[Displacement, ...]

    @property
    def forced(self) -> bool:
        """Whether the move's own token went against its will (a push, pull or slide)."""
        return any(
            d.how == "pushed" and d.token == self.result.token.key for d in self.displacements
        )


def walked(result: MoveResult) -> Displacement:
    """The result's token on the squares of its path, on its own movement."""
    return Displacement(result.token.key, tuple(result.path), "walked")


__all__ = ["Displacement", "How", "Planned", "walked"]
