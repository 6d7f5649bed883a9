"""5e-alt: "One D&D Rule Variant: Alternate Movement" (seed 000)."""

from bot.rules.five_e_alt.ruleset import FiveEAlt

__all__ = ["FiveEAlt"]
