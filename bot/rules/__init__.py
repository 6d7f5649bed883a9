"""Rulesets by id. Each ruleset is one module; this registry only finds them.

Loading is lazy so that importing one ruleset's module (or ``bot.rules.rulings``)
never pulls in the others.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from bot.names import Vocabulary

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

DEFAULT_RULESET = "5e-alt"

RULESET_NAMES = Vocabulary(
    "ruleset",
    {
        "5e-alt": ("5e", "5e alt", "one d&d", "onednd", "alternate movement"),
        "3.5": ("3.5e", "dnd3.5", "d&d 3.5", "srd", "35"),
        "becmi": ("rules cyclopedia", "rc", "bx", "basic"),
        "epic-path": ("epic path", "epicpath", "ep", "pathfinder variant"),
    },
)


@cache
def rulesets() -> dict[str, Ruleset]:
    """Every ruleset, by id, in the order replies list them."""
    from bot.rules.becmi.ruleset import Becmi
    from bot.rules.dnd35.ruleset import Dnd35
    from bot.rules.epic_path.ruleset import EpicPath
    from bot.rules.five_e_alt.ruleset import FiveEAlt

    found: list[Ruleset] = [FiveEAlt(), Dnd35(), Becmi(), EpicPath()]
    return {r.id: r for r in found}


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name`` (any accepted spelling)."""
    return rulesets()[RULESET_NAMES.match(name)]
