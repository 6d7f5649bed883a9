"""Rulesets by id. Each ruleset is one module; this registry only finds them."""

from __future__ import annotations

from bot.names import Vocabulary
from bot.rules.base import Ruleset

DEFAULT_RULESET = "5e-alt"


def _load() -> dict[str, Ruleset]:
    from bot.rules.becmi import Becmi
    from bot.rules.dnd35 import Dnd35
    from bot.rules.epic_path import EpicPath
    from bot.rules.five_e_alt import FiveEAlt

    rulesets: list[Ruleset] = [FiveEAlt(), Dnd35(), Becmi(), EpicPath()]
    return {r.id: r for r in rulesets}


RULESETS: dict[str, Ruleset] = _load()

RULESET_NAMES = Vocabulary(
    "ruleset",
    {
        "5e-alt": ("5e", "5e alt", "one d&d", "onednd", "alternate movement"),
        "3.5": ("3.5e", "dnd3.5", "d&d 3.5", "srd", "35"),
        "becmi": ("rules cyclopedia", "rc", "bx", "basic"),
        "epic-path": ("epic path", "epicpath", "ep", "pathfinder variant"),
    },
)


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name`` (any accepted spelling)."""
    return RULESETS[RULESET_NAMES.match(name)]
