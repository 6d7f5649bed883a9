"""What every command answers: a reply model both Discord and the console render.

The title answers the question, the fields explain it, the footer cites the
rule (shared/UX.md). ``result`` is the machine-readable part the console's
``--json`` prints; ``private_fields`` are for the GM's eyes only (an ephemeral
follow-up on Discord, a marked section in the console).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

# The bot's own mentions and timestamps carry this invisible mark, so the Discord
# shell can show them as Discord renders them while it escapes everything users
# typed (a token named "<@123>" reads as typed). Other shells drop the mark with
# :func:`plain` (and read a timestamp as a UTC time).
MENTION_MARK = "\u2060"  # WORD JOINER: zero-width, never part of an id
_OWN_TIME = re.compile(re.escape(MENTION_MARK) + r"<t:(-?\d{1,12}):R>")


def mention(user_id: str) -> str:
    """The bot's own mention of a user: a real mention on Discord, ``<@id>`` elsewhere."""
    return f"{MENTION_MARK}<@{user_id}>"


def role_mention(role_id: str) -> str:
    """The bot's own mention of a server role (``<@&id>``), marked like a user's."""
    return f"{MENTION_MARK}<@&{role_id}>"


def timestamp(iso: str) -> str:
    """The bot's own "how long ago": ``<t:1732456080:R>`` on Discord (each reader sees
    "5 minutes ago" in their own language and time zone), a UTC time elsewhere.
    ``iso`` is a stored ISO time; one that doesn't parse is shown as it is."""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return f"{MENTION_MARK}<t:{int(moment.timestamp())}:R>"


def _utc(match: re.Match[str]) -> str:
    return datetime.fromtimestamp(int(match.group(1)), UTC).strftime("%Y-%m-%d %H:%M UTC")


def plain(text: str) -> str:
    """``text`` without the marks of the bot's own mentions, its timestamps as UTC times
    (the console's view)."""
    return _OWN_TIME.sub(_utc, text).replace(MENTION_MARK, "")


@dataclass(frozen=True)
class Field:
    name: str
    value: str
    inline: bool = False


@dataclass(frozen=True)
class Picture:
    """One more picture a reply carries, under its first (the board message's: the
    tokens its first picture can't hold at a phone's width, issue 40): the PNG, its
    file name and a line saying what it shows."""

    png: bytes
    name: str
    caption: str


@dataclass(frozen=True)
class Reply:
    title: str
    fields: tuple[Field, ...] = ()
    footer: str = ""
    description: str = ""
    result: dict[str, Any] = field(default_factory=dict)
    private_fields: tuple[Field, ...] = ()
    image_png: bytes | None = None
    image_name: str = "stride.png"
    ephemeral: bool = False
    # a file that goes with the reply (an /encounter export's JSON): (name, bytes)
    attachment: tuple[str, bytes] | None = None
    # the users this reply may ping, each with the words that go with the mention: a
    # turn starting (its token's owner), a move's opportunity attacks (each attacker's
    # owner); every other mention in a reply pings no one
    pings: tuple[tuple[str, str], ...] = ()
    # pictures after the first, each shown on its own under it (the board message's;
    # the Discord shell's board sends them, other replies carry none)
    pictures: tuple[Picture, ...] = ()

    def as_text(self) -> str:
        """The reply as a person reads it in a terminal."""
        lines = [self.title]
        # on Discord, the message's text above the embed
        lines[:0] = [f"{mention(user)} {words}" for user, words in self.pings]
        if self.description:
            lines.append(self.description)
        width = max((len(f.name) for f in self.fields), default=0)
        indent = "\n" + " " * (width + 2)  # a value's later lines stay in its column
        lines += [
            f"{f.name + ':':<{width + 1}} {f.value.replace(chr(10), indent)}" for f in self.fields
        ]
        if self.private_fields:
            lines.append("— for the GM only —")
            lines += [f"{f.name}: {f.value}" for f in self.private_fields]
        if self.footer:
            lines.append(f"[{self.footer}]")
        return plain("\n".join(lines))
