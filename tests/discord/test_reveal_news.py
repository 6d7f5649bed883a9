"""A hidden token revealed is said in the open (issue 29, and issue 30's "Lurker edited"):
the reply and /history say "Lurker is revealed at F6", and the channel's board message
carries it under Latest with its round (the encounter's own state keeps it, so an /undo
that hides the token again takes the line away: the board never names a hidden token).
The line is news for the turn it happened in: the next turn's board drops it."""

from __future__ import annotations

from typing import Any

from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction, FakeMessage


class Table:
    """One channel's interactions, all seeing the same board message."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.board: FakeMessage | None = None

    async def ask(self, name: str, options: dict[str, Any], *, gm: bool = True) -> FakeInteraction:
        asking = FakeInteraction(self.store, manage_channels=gm, user_id=77 if gm else 78)
        if self.board is not None:
            asking.channel.messages[self.board.id] = self.board
        await dispatch(asking, name, options)
        if self.board is None:
            self.board = next(iter(asking.channel.messages.values()))
        return asking

    def news(self) -> str | None:
        assert self.board is not None
        shown = self.board.edits[-1] if self.board.edits else self.board.kwargs
        fields = {f.name: f.value for f in shown["embed"].fields}
        return fields.get("Latest")


async def test_a_reveal_is_announced_on_the_board_until_the_next_turn(store: Store) -> None:
    table = Table(store)
    await table.ask("encounter start", {"width": 8, "height": 8, "ruleset": "5e"})
    await table.ask("token add", {"name": "Ari", "at": "A1", "team": "party"})
    await table.ask("token add", {"name": "Lurker", "at": "F6", "hidden": True})
    await table.ask("turn order", {"order": "Ari"})
    assert table.news() is None

    revealing = await table.ask("token edit", {"token": "Lurker", "hidden": False})
    (sent,) = revealing.sent
    assert not sent.ephemeral and sent.embed.title == "Lurker is revealed at F6"
    assert table.news() == "Round 1: Lurker is revealed at F6"
    history = await table.ask("history", {}, gm=False)
    assert "/token edit: Lurker is revealed at F6" in history.sent[0].embed.fields[0].value

    await table.ask("undo", {})  # hidden again: the board says nothing of it
    assert table.news() is None
    await table.ask("token edit", {"token": "Lurker", "hidden": False})
    assert table.news() == "Round 1: Lurker is revealed at F6"
    await table.ask("turn next", {})  # round 2: a new turn, the reveal is old news
    assert table.news() is None


async def test_the_board_keeps_only_the_turns_own_lines(store: Store) -> None:
    """Two turns in one round: a reveal on Ari's turn is gone once Bo's turn starts; a
    reveal on Bo's turn is shown alone; an area ending as a turn starts is that turn's."""
    table = Table(store)
    await table.ask("encounter start", {"width": 8, "height": 8, "ruleset": "5e"})
    await table.ask("token add", {"name": "Ari", "at": "A1", "team": "party"})
    await table.ask("token add", {"name": "Bo", "at": "B1", "team": "party"})
    await table.ask("token add", {"name": "Lurker", "at": "F6", "hidden": True})
    await table.ask("token add", {"name": "Skulker", "at": "G7", "hidden": True})
    await table.ask("turn order", {"order": "Ari, Bo"})
    await table.ask(
        "template add", {"shape": "square", "size": 10, "at": "C3", "name": "Web", "rounds": 1}
    )
    await table.ask("token edit", {"token": "Lurker", "hidden": False})
    assert table.news() == "Round 1: Lurker is revealed at F6"
    await table.ask("turn next", {})  # Bo's turn
    assert table.news() is None
    await table.ask("token edit", {"token": "Skulker", "hidden": False})
    assert table.news() == "Round 1: Skulker is revealed at G7"
    await table.ask("turn next", {})  # round 2, Ari's: the Web placed on Ari's turn ends
    assert table.news() == "Round 2: Web ends"
