"""Who a user is: a Discord id (a snowflake), everywhere a board or a command keeps one.

Discord hands the bot ids: digits, at most 20 of them, below 2**64. The board's schema
holds nothing else (``bot.schema.models.UserId``), so whatever reads one back (a ping,
a reminder) can take it as Discord would.

The console has no Discord: its users are names (``--user bob``, ``owner:bob``). A
name stands for an id of its own, the same in every run (``name_id``), in a range no
Discord account has (Discord's ids count milliseconds from 2015 in their top bits: an
id below 10**15 would date from the first days of January 2015, before Discord
opened). The console's text turns those ids back into the names it was given
(``NamesSeen``); its JSON carries the ids, as Discord's replies do.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

# the most a snowflake can be: an unsigned 64-bit number
MAX_SNOWFLAKE = 2**64 - 1
SNOWFLAKE_DIGITS = 20
_DIGITS = re.compile(rf"[0-9]{{1,{SNOWFLAKE_DIGITS}}}")
# what the refusals say is accepted
SNOWFLAKE_WORDS = "a Discord user id (1 to 20 digits, below 2**64)"

# the ids names stand for: [NAME_IDS_FROM, NAME_IDS_FROM + NAME_IDS_SPAN), 15 digits
NAME_IDS_FROM = 10**14
NAME_IDS_SPAN = 9 * 10**14
# what a name may be: the console's --user and a user option's plain name
NAME_PATTERN = r"[\w.-]{1,32}"
_NAME = re.compile(NAME_PATTERN)
_MENTION = re.compile(r"<@!?([0-9]{1,20})>")


def is_snowflake(text: str) -> bool:
    """Whether ``text`` is a Discord id as Discord writes it: ASCII digits only (not
    "²", which ``str.isdigit`` takes and ``int`` refuses), at most 20, below 2**64."""
    return _DIGITS.fullmatch(text) is not None and int(text) <= MAX_SNOWFLAKE


def name_id(name: str) -> str:
    """The id a user's name stands for: a Discord id is itself; any other name the same
    15-digit id in every run (from a hash of the name, as typed)."""
    if is_snowflake(name):
        return name
    digest = hashlib.blake2b(name.encode("utf-8"), digest_size=8).digest()
    return str(NAME_IDS_FROM + int.from_bytes(digest, "big") % NAME_IDS_SPAN)


def is_name(text: str) -> bool:
    """Whether ``text`` can name a user in the console (``--user``, ``owner:bob``)."""
    return _NAME.fullmatch(text) is not None


@dataclass
class NamesSeen:
    """The names a console run was given (its --user, every word of the lines it ran),
    by the ids they stand for: its text shows ``<@id>`` as ``@name`` for those."""

    by_id: dict[str, str] = field(default_factory=dict)

    def named(self, name: str) -> str:
        """The id ``name`` stands for, kept to be shown back as ``@name``."""
        found = name_id(name)
        if found != name:
            self.by_id.setdefault(found, name)
        return found

    def learn(self, line: str) -> None:
        """Every word of ``line`` that may be a name (``owner:bob``'s ``bob``)."""
        for word in _NAME.findall(line):
            self.named(word)

    def shown(self, text: str) -> str:
        """``text`` with the mentions of names it learnt written ``@name``."""

        def named(found: re.Match[str]) -> str:
            name = self.by_id.get(found.group(1))
            return f"@{name}" if name is not None else found.group(0)

        return _MENTION.sub(named, text)


__all__ = [
    "MAX_SNOWFLAKE",
    "SNOWFLAKE_WORDS",
    "NamesSeen",
    "is_name",
    "is_snowflake",
    "name_id",
]
