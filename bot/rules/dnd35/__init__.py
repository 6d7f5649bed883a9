"""3.5: the SRD's "Movement, Position, and Distance" (seed 001) and "Rules of the Game:
All About Movement" (seed 002)."""

from bot.rules.dnd35.ruleset import Dnd35

__all__ = ["Dnd35"]
