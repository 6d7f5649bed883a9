"""The one small interface every special move of /move fulfils (a bull rush, a drag,
mounting...): what it asks of the request, how it plans, what it reports. The
pipeline (``engine/pipeline.py``) finds a special move by the tag of the request's
special part and hands it a ``PlanContext``: the ruleset and the pipeline's own plain
move, so a mechanism never imports the pipeline back. Pure: no Discord, no database.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, TypeVar

from bot.encounter import Encounter
from bot.rules.engine.moves import MoveRequest, MoveResult, SpecialPart
from bot.rules.engine.plan import PlainMove, PlanContext

PartT = TypeVar("PartT", bound=SpecialPart)


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
