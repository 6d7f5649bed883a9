"""Thin discord.py cogs, one per command family; ``bot.discord.app`` loads every module here."""
