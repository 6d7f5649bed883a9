"""The one error root for everything a user can get wrong.

Every subclass carries a message written for players: it says what was wrong
and what is accepted. The console prints it as ``error``; on Discord it becomes
an ephemeral reply. Anything that is *not* a ``RulingError`` is a bug.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class RulingError(Exception):
    """Something the user asked for cannot be ruled on as asked.

    ``message`` is the whole answer in one paragraph (the console's ``error``).
    A refusal worth laying out can add a ``title`` (the short answer), named
    ``fields`` (why, and what to do instead) and a ``footer`` citing the rule;
    Discord shows them as an embed's parts. ``result`` is what the console's JSON
    carries as its ``result`` for such a refusal (its structured form), else nothing.
    """

    def __init__(
        self,
        message: str,
        *,
        title: str | None = None,
        fields: tuple[tuple[str, str], ...] = (),
        footer: str | None = None,
        result: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.title = title
        self.fields = fields
        self.footer = footer
        self.result = result

    def __str__(self) -> str:
        return self.message


class InvalidInput(RulingError, ValueError):
    """An option is missing, malformed, out of range or unknown."""


class IllegalMove(RulingError):
    """The rules forbid what was asked (the state stays unchanged)."""


class Ambiguous(RulingError):
    """The input matches more than one thing."""


class NotAllowed(RulingError):
    """The user may not do this here (permissions, turn order)."""


class BoardChanged(RulingError):
    """Another command (maybe in another process) changed the board while this one was
    working, again and again: nothing was changed, and trying again will work."""


NOTHING_CHANGED = "Something went wrong on our side; nothing was changed."


def failure_message(written: list[str] | tuple[str, ...]) -> str:
    """What to tell a user when a command failed on our side (a bug, logged): that
    nothing changed, or, when it failed after saving, what was saved, so nobody takes
    a change that stands for one that didn't happen."""
    if not written:
        return NOTHING_CHANGED
    saved = "; ".join(dict.fromkeys(written))
    return (
        f"Saved: {saved}. Then something went wrong on our side making the reply (it is "
        "logged): the change stands, /history shows it and /undo takes it back."
    )
