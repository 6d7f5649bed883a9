"""A short encounter per ruleset, played the way a Discord table plays it.

Every step goes through ``bot.discord.dispatch.dispatch`` (what the cogs call) with a
stand-in interaction, so what is checked is what Discord would receive: the
embeds (title, description, fields, footer), plain-text fallbacks, private
follow-ups and the channel's board message. The GM has Manage Channels; Bob is a
player and moves his own token.

The pictures of the /move and /map steps are stored as reference images in
tests/scenarios/reference/ (``python -m tests.scenarios.record`` writes them).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import discord

import bot.discord.dispatch as dispatching
from bot.cooldown import Cooldown
from bot.discord.dispatch import dispatch
from bot.discord.embeds import ERROR_COLOUR
from bot.rules import identities, rulesets
from bot.storage import Store
from tests.discord.fakes import FakeInteraction

GM_ID = 157412345678901234  # ids as long as Discord's, so a leaked raw id would show
BOB_ID = 157412345678905678
RULESETS = tuple(identities())
SPEED = {"becmi": "120"}  # a normal speed in feet a turn; the others take 30 ft
# what each ruleset's /jump is measured by: an SRD 5.x jump by Strength, the others a check
JUMP: dict[str, dict[str, Any]] = {
    ruleset: {"strength": 15} if rules.calculators.jump_uses_strength else {"check": 15}
    for ruleset, rules in rulesets().items()
}
PICTURED = ("move", "map")  # the steps whose images are kept as reference images


@dataclass(frozen=True)
class Step:
    who: str  # "gm" or "bob"
    command: str
    options: dict[str, Any] = field(default_factory=dict)
    refused: bool = False  # the rules (or permissions) refuse it, and say why


def script(ruleset: str) -> tuple[Step, ...]:
    """Start, tokens, a move, a refused move, turns, history, undo, the calculators."""
    speed = SPEED.get(ruleset, "30")
    return (
        Step("gm", "encounter start", {"width": 12, "height": 10, "ruleset": ruleset}),
        Step("bob", "token add", {"name": "Ari", "at": "A1", "speed": speed, "team": "party"}),
        Step("gm", "token add", {"name": "Goblin", "at": "H5", "speed": speed, "team": "enemy"}),
        Step("gm", "turn order", {"order": "Ari, Goblin"}),
        Step("bob", "move", {"token": "Ari", "to": "C3"}),
        Step("bob", "move", {"token": "Ari", "to": "H5"}, refused=True),  # the Goblin's square
        Step("bob", "turn next"),
        Step("gm", "move", {"token": "Goblin", "to": "E4"}),
        Step("gm", "map", {"threats": True}),
        Step("gm", "history"),
        Step("gm", "undo"),
        Step("gm", "jump", JUMP[ruleset]),
        Step("gm", "fall", {"height": "30"}),
        Step("gm", "travel", {"speed": speed, "distance": "60"}),
        Step("gm", "help", {"command": "move"}),
        Step("gm", "encounter end", {"confirm": True}),
    )


@dataclass
class Played:
    step: Step
    texts: list[str]  # everything the step put on screen, as Discord receives it
    images: list[bytes]
    refused: bool


def _embed_text(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or ""]
    parts += [f"{f.name}: {f.value}" for f in embed.fields]
    parts.append(embed.footer.text or "")
    return "\n".join(p for p in parts if p)


def _seen(kwargs: dict[str, Any]) -> Iterator[str]:
    if isinstance(kwargs.get("embed"), discord.Embed):
        yield _embed_text(kwargs["embed"])
    if isinstance(kwargs.get("content"), str):
        yield kwargs["content"]


def _images(kwargs: dict[str, Any]) -> Iterator[bytes]:
    for file in [kwargs.get("file"), *kwargs.get("files", [])]:
        if isinstance(file, discord.File):
            fp = file.fp
            assert isinstance(fp, io.IOBase)
            fp.seek(0)
            yield fp.read()


async def play(store: Store, ruleset: str) -> list[Played]:
    # a table of its own: the per-user cooldown on /move and /map starts full
    saved, dispatching.COOLDOWN = dispatching.COOLDOWN, Cooldown()
    try:
        return [await _play_step(store, step) for step in script(ruleset)]
    finally:
        dispatching.COOLDOWN = saved


async def _play_step(store: Store, step: Step) -> Played:
    interaction = FakeInteraction(
        store,
        manage_channels=step.who == "gm",
        user_id=GM_ID if step.who == "gm" else BOB_ID,
    )
    await dispatch(interaction, step.command, dict(step.options))
    texts = [t for sent in interaction.sent for t in _seen(sent.kwargs)]
    texts += [t for m in interaction.channel.messages.values() for t in _seen(m.kwargs)]
    images = [i for sent in interaction.sent for i in _images(sent.kwargs)]
    first = interaction.sent[0].kwargs.get("embed") if interaction.sent else None
    refused = isinstance(first, discord.Embed) and first.colour == ERROR_COLOUR
    return Played(step, texts, images, refused)


def reference_name(ruleset: str, index: int, step: Step) -> str:
    return f"{ruleset}-{index:02}-{step.command.replace(' ', '-')}.png"
