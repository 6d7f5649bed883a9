"""5e-2024: fifth edition as revised in 2024, the System Reference Document 5.2
(CC-BY-4.0)."""

from bot.rules.identity import Identity
from bot.rules.srd5.options import EXHAUSTION, SRD_STATS

IDENTITY = Identity(
    id="5e-2024",
    name="D&D 5e 2024 (SRD 5.2)",
    summary=(
        "Fifth edition as revised in 2024 (SRD 5.2): every diagonal 5 ft, allies and Tiny"
        " creatures passed freely, jumps as part of movement, travel pace capped by terrain"
    ),
    aliases=("5e2024", "5.5e", "5.5", "one d&d 2024", "srd 5.2", "srd5.2", "dnd2024", "2024"),
    ruleset="bot.rules.five_e_2024.ruleset:FiveE2024",
    token_options=(EXHAUSTION, *SRD_STATS),
)
