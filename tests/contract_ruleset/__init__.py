"""A ruleset defined only in the tests (issue 41): "Toy Grid", which registers itself
when imported and fills the contract ``bot.rules.ruleset.Ruleset`` documents, with no
line of ``bot/`` naming it. ``tests/rules/test_contract_ruleset.py`` proves that it
answers /move, /jump, /fall, /travel and /help through the console handlers.

Importing this package registers the ruleset for the rest of the process: the tests
import it only in a process of its own (a subprocess, or after ``unregister``), so no
other test module's "every ruleset in the registry" meets it by accident.
"""

from __future__ import annotations

from bot.rules import register
from bot.rules.identity import Identity

IDENTITY = Identity(
    id="toy",
    name="Toy Grid",
    summary="a ruleset defined in the tests: 5-ft squares, a move or a dash, 1d6 per 10 ft",
    aliases=("toy-grid",),
    ruleset="tests.contract_ruleset.ruleset:ToyGrid",
    calculators="tests.contract_ruleset.calculators:ToyCalculators",
)

register(IDENTITY)
