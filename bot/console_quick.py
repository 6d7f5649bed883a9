"""The console's quick way to a calculator: ``python -m bot ask "/fall height:60"``
answered without asyncio and without opening the store (the cold start, issue 31).

``answer`` takes what ``bot.console.run_once`` takes (the database's URL instead of an
open store) and prints exactly what it would print, or returns None when the line is
not one it answers: the caller then runs the full path."""

from __future__ import annotations

from typing import TextIO

CONSOLE_GUILD = "console-server"


def answer(
    line: str,
    *,
    db: str,
    as_json: bool,
    seed: int | None,
    channel: str,
    user: str,
    out: TextIO,
    manages_channel: bool = True,
    guild: str | None = CONSOLE_GUILD,
    roles: frozenset[str] = frozenset(),
    manages_server: bool | None = None,
) -> int | None:
    """The exit code after printing the reply, or None: not answered here (nothing
    printed, nothing read that matters), run the full path."""
    return None
