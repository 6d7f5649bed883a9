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

# Strength and what it moves (SRD 5.1 Using Ability Scores › Strength; SRD 5.2 Rules
# Glossary › Carrying Capacity, Long Jump, High Jump): set with /token stats.
STRENGTH = OptionSpec(
    "strength",
    "Strength score, 1 to 30: its jumps and what it can carry, push or drag",
    kind="integer",
    min_value=1,
    max_value=30,
    stats=True,
)
ARMOR_STRENGTH = OptionSpec(
    "armor_strength",
    "The Strength its heavy armor needs (chain mail 13, splint or plate 15; 0: none)",
    kind="integer",
    min_value=0,
    max_value=30,
    stats=True,
)
MAX_LOAD_LB = 100_000
CARRIED = OptionSpec(
    "carried_lb",
    "Weight it carries, in lb (0: nothing)",
    kind="integer",
    min_value=0,
    max_value=MAX_LOAD_LB,
    unit="lb",
    stats=True,
)
DRAGGING = OptionSpec(
    "dragging_lb",
    "Weight it pushes or drags (5e-2024: or lifts), in lb (0: nothing)",
    kind="integer",
    min_value=0,
    max_value=MAX_LOAD_LB,
    unit="lb",
    stats=True,
)
SRD_STATS = (STRENGTH, ARMOR_STRENGTH, CARRIED, DRAGGING)
# SRD 5.1 Using Ability Scores › Variant: Encumbrance
ENCUMBRANCE = OptionSpec(
    "encumbrance",
    "The Encumbrance variant: speed -10 ft over 5 x Strength lb carried, -20 over 10 x",
    kind="boolean",
)
