"""Which of a command's options the channel's ruleset reads, for /help (issue 28: a 5e
channel was shown 3.5's and becmi's options).

/token add|edit and /encounter start take every ruleset's own options (its
``token_options`` and ``encounter_options``): those name their readers. /move's
special options follow the ruleset's rules (a bull rush, a heavy object...). /travel's
are those its calculators say they read (``Calculators.travel_options``): an option
some ruleset declares is read by those that declare it, one none declares by all. No
ruleset is named here, so a new ruleset changes nothing in this module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.commands import Command, Option
from bot.rules import readers, rulesets
from bot.rules.ruleset import Ruleset

Reads = Callable[[Ruleset], bool]


def travel_options_declared() -> frozenset[str]:
    """The /travel options some ruleset's travel rules declare (the rest every ruleset
    reads)."""
    return frozenset().union(*(r.calculators.travel_options for r in rulesets().values()))


def _reads_travel(option: Option, ruleset: Ruleset) -> bool:
    return (
        option.name in ruleset.calculators.travel_options
        or option.name not in travel_options_declared()
    )


MOVE_READERS: Mapping[str, Reads] = {
    "jump": lambda ruleset: ruleset.jumps_on_grid,
    "group": lambda ruleset: ruleset.group_moves,
    "through": lambda ruleset: bool(ruleset.moving_through),
    "target": lambda ruleset: ruleset.bull_rush is not None,
    "margin": lambda ruleset: ruleset.bull_rush is not None,
    "heavy": lambda ruleset: ruleset.heavy_rule is not None,
    "ready": lambda ruleset: ruleset.readied_move is not None,
    "extra_action": lambda ruleset: bool(ruleset.granted_actions),
}

READERS: Mapping[str, Mapping[str, Reads]] = {"move": MOVE_READERS}
# commands taking every ruleset's own options (bot.rules.token_options, encounter_options)
RULESETS_OWN = frozenset({"token add", "token edit", "encounter start"})


def reads(command: Command, option: Option, ruleset: Ruleset) -> bool:
    """Does ``ruleset`` read ``option`` of ``command``?"""
    if command.name in RULESETS_OWN:
        own = readers(option.name)
        return not own or ruleset.id in own
    if command.name == "travel":
        return _reads_travel(option, ruleset)
    test = READERS.get(command.name, {}).get(option.name)
    return test is None or test(ruleset)


def options_read(command: Command, ruleset: Ruleset) -> tuple[list[Option], list[Option]]:
    """The options ``ruleset`` reads, and those only other rulesets read."""
    shown: list[Option] = []
    others: list[Option] = []
    for option in command.options:
        (shown if reads(command, option, ruleset) else others).append(option)
    return shown, others
