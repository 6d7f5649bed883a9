"""What a board must pass to be stored or read (the declared schema), and what the
command running now has written (for an honest answer when it then fails).

Every state the store reads comes through ``read_stored`` (``bot.schema``; a board
stored before user ids had to be Discord ids is read mended); every state it is about
to write goes through ``checked`` first, so nothing the schema refuses is stored. A
big state is read on the board pool, in its channel's turn. The store knows no rules:
the invariants that need a board's ruleset are checked against the ``BoardRules`` it
was opened with (``Store.open(..., board_rules=...)``, which the handlers hand it).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

from bot.encounter import Encounter
from bot.work import board as board_work

if TYPE_CHECKING:
    from bot.schema.invariants import BoardRules
    from bot.schema.read import Stored

log = logging.getLogger(__name__)


def read_stored(text: str, rules: BoardRules | None) -> Stored:
    """A stored state, checked against the declared schema and ``rules``
    (``InvalidState`` if it fails), one stored before user ids had to be Discord ids
    read mended (``bot.schema.mending``). The schema loads pydantic, so it is imported
    on the first read: a calculator that never reads a board doesn't pay for it."""
    from bot.schema.read import read_stored_state

    return read_stored_state(text, rules)


# What the command running in this task has written so far: when it then fails, its
# answer says what was saved instead of "nothing was changed" (bot.errors).
_WRITES: ContextVar[list[str] | None] = ContextVar("stride_writes", default=None)


@contextmanager
def recording_writes() -> Iterator[list[str]]:
    """Collect, for the block (and the tasks it starts), a line per change written."""
    written: list[str] = []
    token = _WRITES.set(written)
    try:
        yield written
    finally:
        _WRITES.reset(token)


def wrote(what: str) -> None:
    found = _WRITES.get()
    if found is not None:
        found.append(what)


# A state longer than this is read on the board pool, in the channel's turn (a big
# map's first read takes milliseconds); a small one costs less than the hop.
READ_IN_THREAD_CHARS = 16_384


async def read(text: str, rules: BoardRules | None) -> Stored:
    if len(text) > READ_IN_THREAD_CHARS:
        return await board_work(read_stored, text, rules)
    return read_stored(text, rules)


def checked_now(text: str, rules: BoardRules | None) -> Encounter:
    """The state about to be written, read back as the next load would read it:
    nothing the schema refuses is ever stored (``InvalidState`` names what is wrong:
    a change that would break the board is refused, and nothing is written). Read
    where it is called: a change worked out on the board pool checks its own text
    there (``save_encounter``'s ``decoded``)."""
    from bot.schema.read import InvalidState, read_state

    try:
        return read_state(text, rules)
    except InvalidState as invalid:
        log.error("refused to store an invalid board: %s", invalid.message)
        raise InvalidState(invalid.problems, what="The board after that change") from None


async def checked(text: str, rules: BoardRules | None) -> Encounter:
    """``checked_now``, a big state read on the board pool."""
    if len(text) > READ_IN_THREAD_CHARS:
        return await board_work(checked_now, text, rules)
    return checked_now(text, rules)
