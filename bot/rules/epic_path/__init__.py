"""epic-path: Epic Path's "Types of Movement" (seed 004)."""

from bot.rules.epic_path.ruleset import EpicPath

__all__ = ["EpicPath"]
