"""What a ruleset's calculators (/fall, /jump, /travel) are, apart from its grid: the
``Calculators`` part every ``Ruleset`` holds (``Ruleset.calculators``), and the plain
speed most of them read.

A ruleset's calculators are a class of their own, with the data they read, that loads
none of the movement engine; where its ``Identity`` names it (``calculators``) the
console's quick path (``bot/console_quick.py``) loads that class alone
(``bot.rules.load_calculators``), and the handlers ask the same methods of the whole
ruleset, which hands them to its part. Pure: no Discord, database or images.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Protocol

from bot.errors import InvalidInput
from bot.limits import MAX_SPEED_FT

if TYPE_CHECKING:
    from bot.names import Vocabulary
    from bot.rules.identity import Identity
    from bot.rules.rulings import (
        FallRequest,
        FallResult,
        JumpRequest,
        JumpResult,
        TravelRequest,
        TravelResult,
    )


class Calculators(Protocol):
    """What /fall, /jump and /travel ask of a ruleset (``Ruleset.calculators``)."""

    identity: ClassVar[Identity]
    id: ClassVar[str]
    name: ClassVar[str]
    square_ft: ClassVar[int]
    travel_names: ClassVar[Mapping[str, Vocabulary]]
    travel_min_miles: ClassVar[float]
    jump_uses_strength: ClassVar[bool]
    # The /travel options its travel rules read beyond those every ruleset reads
    # (distance, speed, mode, terrain, days, pace...): /help lists these as its own.
    travel_options: ClassVar[frozenset[str]]

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult: ...

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult: ...

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult: ...

    def travel_speed_ft(self, text: str) -> int: ...


_SPEED = re.compile(r"^\s*(\d{1,4})\s*(?:ft\.?|feet|foot|')?\s*$", re.IGNORECASE)


def parse_plain_speed(text: str, what: str = "speed") -> int:
    """``"30"``, ``"30 ft"``, ``"30'"`` → 30; anything else is an ``InvalidInput``."""
    match = _SPEED.match(text)
    if match is None or int(match.group(1)) > MAX_SPEED_FT:
        raise InvalidInput(
            f'{what}: "{text}" is not a speed. Use feet as a whole number from 0 to '
            f"{MAX_SPEED_FT}, e.g. 30 or 30 ft."
        )
    return int(match.group(1))
