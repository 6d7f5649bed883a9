"""Which of a command's options the channel's ruleset reads, for /help (issue 28: a 5e
channel was shown 3.5's and becmi's options).

/token add|edit and /encounter start take every ruleset's own options (its
``token_options`` and ``encounter_options``): those name their readers. /move's
special options follow the ruleset's rules (a bull rush, a heavy object...). /travel's
are listed here by the rulesets whose travel rules read them; a test checks the names
against the command specs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.commands import Command, Option
from bot.rules import readers
from bot.rules.ruleset import Ruleset

Reads = Callable[[Ruleset], bool]


def _in(*ids: str) -> Reads:
    return lambda ruleset: ruleset.id in ids


BECMI = _in("becmi")
D20 = _in("3.5", "epic-path")  # the d20 overland tables (bot.rules.d20)

TRAVEL_READERS: Mapping[str, Reads] = {
    "road": _in("5e-2024", "3.5", "epic-path", "becmi"),  # SRD 5.1 has no road rule
    "hours": lambda ruleset: ruleset.id != "becmi",  # becmi refuses hours
    "load": D20,
    "mount_load": D20,
    **{
        name: BECMI
        for name in (
            "encumbrance",
            "forage",
            "guide",
            "river",
            "ship_speed",
            "sea",
            "weather",
            "lost_check",
            "outdoors",
            "constitution",
            "exerting",
        )
    },
}


def _groups(ruleset: Ruleset) -> bool:
    return type(ruleset).group_move is not Ruleset.group_move


MOVE_READERS: Mapping[str, Reads] = {
    "jump": lambda ruleset: ruleset.jumps_on_grid,
    "group": _groups,
    "through": lambda ruleset: bool(ruleset.moving_through),
    "target": lambda ruleset: ruleset.bull_rush is not None,
    "margin": lambda ruleset: ruleset.bull_rush is not None,
    "heavy": lambda ruleset: ruleset.heavy_rule is not None,
    "ready": lambda ruleset: ruleset.readied_move is not None,
    "extra_action": lambda ruleset: bool(ruleset.granted_actions),
}

READERS: Mapping[str, Mapping[str, Reads]] = {"travel": TRAVEL_READERS, "move": MOVE_READERS}
# commands taking every ruleset's own options (bot.rules.token_options, encounter_options)
RULESETS_OWN = frozenset({"token add", "token edit", "encounter start"})


def reads(command: Command, option: Option, ruleset: Ruleset) -> bool:
    """Does ``ruleset`` read ``option`` of ``command``?"""
    if command.name in RULESETS_OWN:
        own = readers(option.name)
        return not own or ruleset.id in own
    test = READERS.get(command.name, {}).get(option.name)
    return test is None or test(ruleset)


def options_read(command: Command, ruleset: Ruleset) -> tuple[list[Option], list[Option]]:
    """The options ``ruleset`` reads, and those only other rulesets read."""
    shown: list[Option] = []
    others: list[Option] = []
    for option in command.options:
        (shown if reads(command, option, ruleset) else others).append(option)
    return shown, others
