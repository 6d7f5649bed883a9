"""5e-alt: "One D&D Rule Variant: Alternate Movement" (seed 000)."""

from bot.rules.identity import Identity
from bot.rules.options import OptionSpec

IDENTITY = Identity(
    id="5e-alt",
    name="5e Alternate Movement",
    summary=(
        "Fifth edition with the 'One D&D' Alternate Movement variant: one Speed, Movement"
        " spent and lost, 5 ft squares"
    ),
    aliases=("5e alt", "5ealt", "one-dnd-alt", "one d&d", "onednd", "alternate movement"),
    ruleset="bot.rules.five_e_alt.ruleset:FiveEAlt",
    calculators="bot.rules.five_e_alt.calculators:AltCalculators",
    encounter_options=(
        OptionSpec(
            "diagonals",
            "How a diagonal counts: 5 ft (default), 5-10-5 or euclidean",
            choices=("5", "5-10-5", "euclidean"),
        ),
        OptionSpec("units", "Show distances in Units of 5 ft (optional rule)", kind="boolean"),
    ),
    token_hint=(
        'give its speeds as its stat block writes them (speed:"40 ft., fly 80 ft."): the '
        "Alternate Movement rules have no race, armor or load table"
    ),
)
