"""A GM's public reply about the whole board (a scene saved or loaded, an encounter
ended, deleted or imported) counts and names what the table sees: the same reply as on
the board without the hidden things, with the hidden ones in a private field for the
GM (issue 38's differential, for the GM's replies the table reads)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.commands import Upload
from bot.handlers import COMMANDS, run, run_line
from tests.handlers.hidden_twins import GM, Twins, context, outcome

# each case on a fresh pair of boards, line by line
CASES = {
    "encounter save": ("/encounter save name:camp",),
    "encounter load": ("/encounter save name:camp", "/encounter load name:camp replace:true"),
    "encounter end": ("/encounter end", "/encounter end confirm:true"),
    "encounter delete": ("/encounter delete",),
}


async def table_reads(twins: Twins, line: str) -> tuple[Any, Any]:
    """What the table reads of the GM's ``line`` on each board: a public reply without
    its private fields (Discord sends those to the GM alone), else nothing."""
    shown = []
    for store in (twins.hidden, twins.plain):
        reply = await outcome(context(store, GM, gm=True), line)
        public = not isinstance(reply, tuple) and not reply["ephemeral"]
        shown.append({k: v for k, v in reply.items() if k != "private"} if public else None)
    return shown[0], shown[1]


@pytest.mark.parametrize("name", list(CASES))
async def test_the_table_reads_a_gms_board_summary_as_on_the_plain_board(
    twins: Twins, name: str
) -> None:
    for line in CASES[name]:
        on_hidden, on_plain = await table_reads(twins, line)
        assert on_hidden == on_plain, line
        assert on_hidden is not None, line  # public: the table reads it


async def test_the_gm_reads_the_hidden_things_in_a_private_field(twins: Twins) -> None:
    reply = await run_line(context(twins.hidden, GM, gm=True), "/encounter end")
    (private,) = reply.private_fields
    assert "2 hidden tokens: Lurker, Orc 3" in private.value and "2 secret doors" in private.value
    plain = await run_line(context(twins.plain, GM, gm=True), "/encounter end")
    assert plain.private_fields == ()


async def test_an_imported_export_reads_as_the_plain_boards_import(twins: Twins) -> None:
    """The GM's own export of each board, imported again over it: the public reply lists
    the tokens the table sees."""
    shown = []
    for store in (twins.hidden, twins.plain):
        gm = context(store, GM, gm=True)
        exported = await run_line(gm, "/encounter export")
        assert exported.attachment is not None
        options = {"file": Upload(*exported.attachment), "replace": True}
        reply = await run(gm, COMMANDS["encounter import"], options)
        shown.append((reply.title, [f for f in reply.fields if f.name == "Tokens"]))
    assert shown[0] == shown[1]
    assert "Lurker" not in str(shown[0])
