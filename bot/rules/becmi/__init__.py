"""becmi: the Rules Cyclopedia's time and movement chapter (seed 003)."""

from bot.rules.becmi.ruleset import Becmi

__all__ = ["Becmi"]
