"""Thin discord.py cogs, one per command family; ``bot.app`` loads every module here."""
