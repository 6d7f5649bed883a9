"""5e: standard fifth edition, the System Reference Document 5.1 (CC-BY-4.0)."""

from bot.rules.identity import Identity
from bot.rules.srd5.options import DIAGONALS, ENCUMBRANCE, EXHAUSTION, SRD_STATS

IDENTITY = Identity(
    id="5e",
    name="D&D 5e (SRD 5.1)",
    summary=(
        "Standard fifth edition (2014, SRD 5.1): speed split over the turn, difficult terrain"
        " +1 ft per ft, 5 ft diagonals (or 5-10-5), Strength-based jumps, travel pace"
    ),
    aliases=("5th edition", "fifth edition", "dnd5e", "d&d 5e", "srd 5.1", "srd5.1", "5e-2014"),
    ruleset="bot.rules.five_e.ruleset:FiveE",
    encounter_options=(DIAGONALS, ENCUMBRANCE),
    token_options=(EXHAUSTION, *SRD_STATS),
)
