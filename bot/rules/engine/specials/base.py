"""The one small interface every kind of move fulfils (a walk, a push, a group, a
readied move, a bull rush, a drag, mounting...): which requests it claims, how it plans
them, the displacements it makes. The pipeline (``engine/pipeline.py``) finds the kind
that claims a request in the registry (``engine/specials/__init__.py``) and hands it a
``PlanContext``: the ruleset and the pipeline's own moves, so a kind never imports the
pipeline back. What the displacements do to the board (riders, saves, grapples) is the
consequences stage's (``engine/consequences.py``), never a kind's. Pure: no Discord, no
database.

A special move is a kind read from /move options of its own (``SpecialMove``): the
request's special part names it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, TypeVar

from bot.encounter import Encounter
from bot.rules.engine.displacement import Planned
from bot.rules.engine.moves import MoveRequest, SpecialPart
from bot.rules.engine.plan import PlainMove, PlanContext

PartT = TypeVar("PartT", bound=SpecialPart)


class MoveKind(ABC):
    """One kind of move, registered by ``name`` (``bot.rules.engine.specials``)."""

    # the registry's key
    name: ClassVar[str]

    @abstractmethod
    def claims(self, request: MoveRequest) -> bool:
        """Whether ``request`` is this kind of move (the registry asks the kinds in
        order; the walk, last, claims what none other does)."""

    @abstractmethod
    def planned(self, ctx: PlanContext, encounter: Encounter, request: MoveRequest) -> Planned:
        """The move's result and its displacements, or an error that changes nothing."""


class SpecialMove(MoveKind, Generic[PartT]):
    """A kind of move with /move options of its own, claiming the requests whose
    special part is a ``part``."""

    # the request's special part this move plans (a frozen dataclass, ``special`` = name)
    part: ClassVar[type[SpecialPart]]
    # the /move options it reads (declared with the command, bot/handlers/move.py)
    options: ClassVar[tuple[str, ...]]
    # the key it adds to the result's ``extra`` (the console's JSON): what it reports
    reports: ClassVar[str]
    # the refusal when another special move is asked for in the same /move
    alone: ClassVar[str]

    def claims(self, request: MoveRequest) -> bool:
        return request.special is not None and request.special.special == self.name

    def planned(self, ctx: PlanContext, encounter: Encounter, request: MoveRequest) -> Planned:
        assert request.special is not None
        part: Any = request.special
        return self.plan(ctx, encounter, request, part)

    @abstractmethod
    def read(self, options: Mapping[str, Any]) -> PartT | None:
        """Its part of the request from /move's options (typed already by the command's
        spec); None when the options don't ask for this move."""

    @abstractmethod
    def plan(
        self, ctx: PlanContext, encounter: Encounter, request: MoveRequest, part: PartT
    ) -> Planned:
        """The whole move and its displacements: a result, or an error that changes
        nothing."""


__all__ = ["MoveKind", "PartT", "PlainMove", "PlanContext", "SpecialMove"]
