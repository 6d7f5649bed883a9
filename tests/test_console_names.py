"""The console's users are names (``--user bob``, ``owner:bob``), while everything stored
is a Discord id (issue 38): a name stands for an id of its own, the same in every run,
which the JSON carries and the text shows back as ``@bob``."""

from __future__ import annotations

import io
import json

from hypothesis import given
from hypothesis import strategies as st

from bot.console import run_once
from bot.storage import Store
from bot.user_ids import NAME_IDS_FROM, NAME_IDS_SPAN, NamesSeen, is_snowflake, name_id

# Discord's ids count milliseconds since 2015-01-01 in their top bits; Discord opened in
# May 2015, so no account's id is below this one (1 May 2015, 00:00 UTC)
FIRST_DISCORD_ID = (120 * 86_400_000) << 22


@given(st.text(min_size=1, max_size=32))
def test_a_name_stands_for_a_discord_shaped_id_no_account_has(name: str) -> None:
    found = name_id(name)
    assert is_snowflake(found) and found == name_id(name)  # the same in every run
    if not is_snowflake(name):
        assert NAME_IDS_FROM <= int(found) < NAME_IDS_FROM + NAME_IDS_SPAN < FIRST_DISCORD_ID


def test_an_id_stands_for_itself_and_names_differ() -> None:
    assert name_id("77") == "77" and name_id("1305483953210998834") == "1305483953210998834"
    names = ["dm", "gm", "console-gm", "bob", "Bob", "ari", "player.one", "18446744073709551616"]
    assert len({name_id(n) for n in names}) == len(names)


def test_the_text_shows_the_names_it_was_given_and_no_others() -> None:
    names = NamesSeen()
    names.named("console-gm")
    names.learn("/token add name:Ari owner:@bob")
    text = f"<@{name_id('bob')}> <@{name_id('console-gm')}> <@{name_id('cy')}> <@77>"
    assert names.shown(text) == f"@bob @console-gm <@{name_id('cy')}> <@77>"


async def ask(store: Store, line: str, *, user: str, player: bool = False, as_json: bool) -> str:
    out = io.StringIO()
    await run_once(
        store,
        line,
        as_json=as_json,
        seed=1,
        channel="console",
        user=user,
        out=out,
        manages_channel=not player,
    )
    return out.getvalue()


async def test_user_bob_works_and_reads_as_a_name_while_the_board_keeps_ids(
    store: Store,
) -> None:
    await ask(store, "/encounter start width:6 height:6", user="console-gm", as_json=False)
    added = await ask(
        store, "/token add name:Ari at:A1 owner:bob", user="console-gm", as_json=False
    )
    assert "@bob" in added and "<@" not in added
    # bob, a player, moves the token he owns: the same id from --user as from owner:
    moved = await ask(store, "/move token:Ari to:B2", user="bob", player=True, as_json=True)
    assert json.loads(moved)["ok"] is True
    shown = json.loads(await ask(store, "/encounter show", user="console-gm", as_json=True))
    assert shown["result"]["gm"] == name_id("console-gm")
    assert shown["result"]["tokens"][0]["owner"] == name_id("bob")
    stored = await store.active_encounter("console")
    assert stored is not None and "bob" not in stored.state_json
