"""5e-alt: "One D&D Rule Variant: Alternate Movement" (seed 000)."""

from bot.rules.identity import Identity

IDENTITY = Identity(
    id="5e-alt",
    name="5e Alternate Movement",
    summary=(
        "Fifth edition with the 'One D&D' Alternate Movement variant: one Speed, Movement"
        " spent and lost, 5 ft squares"
    ),
    aliases=("5e alt", "5ealt", "one-dnd-alt", "one d&d", "onednd", "alternate movement"),
    ruleset="bot.rules.five_e_alt.ruleset:FiveEAlt",
)
