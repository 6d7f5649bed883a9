"""The options the SRD rulesets read."""

from bot.rules.options import OptionSpec

EXHAUSTION = OptionSpec(
    "exhaustion",
    "Exhaustion level, 0 to 6 (it slows the token)",
    kind="integer",
    min_value=0,
    max_value=6,
    instead="use the condition instead: /token condition add:exhausted (or fatigued)",
)
# SRD 5.1 counts every diagonal 5 ft, or optionally alternates 5 and 10 ft.
DIAGONALS = OptionSpec(
    "diagonals", "How a diagonal counts: 5 ft (default) or 5-10-5", choices=("5", "5-10-5")
)
