"""The one small interface every special move of /move fulfils (a bull rush, a drag,
mounting...): what it asks of the request, how it plans, what it reports. The
pipeline (``engine/pipeline.py``) finds a special move by the tag of the request's
special part and hands it a ``PlanContext``: the ruleset and the pipeline's own plain
move, so a mechanism never imports the pipeline back. Pure: no Discord, no database.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from bot.encounter import Encounter
from bot.rules.engine.moves import MoveRequest, MoveResult, SpecialPart

if TYPE_CHECKING:
    from bot.rules.engine.jump import JumpRule
    from bot.rules.ruleset import Ruleset

PartT = TypeVar("PartT", bound=SpecialPart)


class PlainMove(Protocol):
    """The pipeline's move for a request (any special part already taken off):
    ``budget_cap_ft`` caps what it may spend, ``dragging`` names a grappled creature
    pulled along at the ruleset's cost."""

    def __call__(
        self,
        encounter: Encounter,
        request: MoveRequest,
        *,
        budget_cap_ft: float | None = None,
        dragging: str = "",
    ) -> MoveResult: ...


@dataclass(frozen=True)
class PlanContext:
    """What the pipeline lends a special move: the ruleset (its rules for this
    encounter), the ruleset's /jump for a jump on the way, and its own plain move."""

    rules: Ruleset
    jump_rule: JumpRule | None
    plain: PlainMove

    def move(
        self,
        encounter: Encounter,
        request: MoveRequest,
        *,
        budget_cap_ft: float | None = None,
        dragging: str = "",
    ) -> MoveResult:
        """A move of the pipeline's own on ``encounter`` (the approach to a foe, the
        mover's path while it drags or carries something)."""
        return self.plain(encounter, request, budget_cap_ft=budget_cap_ft, dragging=dragging)


class SpecialMove(ABC, Generic[PartT]):
    """One special move: registered by ``name`` (``bot.rules.engine.specials``),
    claiming the requests whose special part is a ``part``."""

    # the registry's key, and the tag of the request part it plans
    name: ClassVar[str]
    # the request's special part this move plans (a frozen dataclass, ``special`` = name)
    part: ClassVar[type[SpecialPart]]
    # the /move options it reads (declared with the command, bot/handlers/move.py)
    options: ClassVar[tuple[str, ...]]
    # the key it adds to the result's ``extra`` (the console's JSON): what it reports
    reports: ClassVar[str]
    # the refusal when another special move is asked for in the same /move
    alone: ClassVar[str]

    @abstractmethod
    def read(self, options: Mapping[str, Any]) -> PartT | None:
        """Its part of the request from /move's options (typed already by the command's
        spec); None when the options don't ask for this move."""

    @abstractmethod
    def plan(
        self, ctx: PlanContext, encounter: Encounter, request: MoveRequest, part: PartT
    ) -> MoveResult:
        """The whole move: a result, or an error that changes nothing."""


__all__ = ["PartT", "PlainMove", "PlanContext", "SpecialMove"]
