"""Issue 26's honest failure: a command that fails on our side after it saved says
what was saved (and the board shows it), never "nothing was changed"; one that fails
before saving still says nothing changed."""

from __future__ import annotations

import json
from typing import Any

import pytest

import bot.handlers.tokens as token_handlers
from bot.discord.dispatch import dispatch
from bot.errors import NOTHING_CHANGED
from bot.storage import Store
from tests.discord.fakes import FakeInteraction
from tests.handlers.encounter_helpers import ask_json


def broken_reply(*args: Any, **kwargs: Any) -> Any:
    raise RuntimeError("a bug in the reply")


async def test_the_console_says_what_was_saved(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    await ask_json(store, "/encounter start width:8 height:8")
    monkeypatch.setattr(token_handlers, "token_reply", broken_reply)
    code, printed = await ask_json(store, "/token add name:Ari at:B2")
    assert code != 0 and printed["ok"] is False
    assert printed["error"].startswith("Saved: added Ari")
    assert "nothing was changed" not in printed["error"]
    stored = await store.active_encounter("console")
    assert stored is not None and "ari" in stored.encounter.tokens  # it was saved


async def test_a_failure_before_saving_says_nothing_changed(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    await ask_json(store, "/encounter start width:8 height:8")

    def broken_add(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug in the rules")

    monkeypatch.setattr(token_handlers, "add_token", broken_add)
    _, printed = await ask_json(store, "/token add name:Ari at:B2")
    assert printed["error"].startswith(NOTHING_CHANGED)


async def test_on_discord_the_answer_names_the_change_and_the_board_shows_it(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    await dispatch(FakeInteraction(store, manage_channels=True), "encounter start", {})
    monkeypatch.setattr(token_handlers, "token_reply", broken_reply)
    failed = FakeInteraction(store, manage_channels=True)
    await dispatch(failed, "token add", {"name": "Ari", "at": "B2"})
    (answer,) = [s for s in failed.sent if s.ephemeral]
    assert (answer.embed.description or "").startswith("Saved: added Ari")
    # the board message was refreshed with the change that stands
    (board,) = failed.channel.messages.values()
    shown = json.dumps(board.kwargs["embed"].to_dict())
    assert "1 token" in shown
