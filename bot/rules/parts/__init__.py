"""The parts a ruleset is made of, each a small object it holds (``Ruleset.economy``,
``.reach``, ``.sheet``, ``.steps``, ``.space``, ``.conditions``, ``.flanking``, and its
``calculators``), the way it holds its rule kinds (``bull_rush``, ``mount_rule``...).

A part answers one concern and is bound to the ruleset that holds it (``Part.rules``),
whose data it may read (its square, documents, sources). Where rulesets share a part
(the d20 actions, the SRDs' squares) they share the part's class, never a base class
of the ruleset. Pure: no Discord, no database, no images.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


class Part:
    """One concern of a ruleset, bound to the ruleset that holds it."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
