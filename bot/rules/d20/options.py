"""The token options the d20 rulesets (3.5 and epic-path) both read."""

from bot.rules.options import OptionSpec

ARMOR = OptionSpec(
    "armor",
    "Armor worn: none, light, medium, heavy",
    suggestions=("none", "light", "medium", "heavy"),
)
LOAD = OptionSpec(
    "load", "Load carried: light, medium, heavy", suggestions=("light", "medium", "heavy")
)
BODY = OptionSpec(
    "body", "Tall or long: a long Large or bigger creature reaches less", choices=("tall", "long")
)
