"""The one-tap mover on Discord (issue 29, issue 40): the board's Move button opens, for
the one who pressed it, an ephemeral message with a token or square menu, a direction
pad and Dash, Disengage, Jump, Ready, Back and Confirm buttons (and the bonus actions
and flying where the rules and the token have them); each press edits it with the
ruling so far.

Every button and menu carries the mover's whole state in its custom id
(``bot.handlers.mover.MoverState``), and they are :class:`discord.ui.DynamicItem`s the
bot registers at start: a mover opened before a restart still answers after it.
Confirm runs /move through :func:`bot.discord.dispatch.dispatch`, as the slash
command does (its permissions, its public reply, the board's refresh). Every press,
Confirm included, is refused as out of date when the mover was opened on another turn
or board (``bot.handlers.mover._current``): custom ids are the user's to forge, so the
handlers check what they carry, and /move its permissions.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord

import bot.discord.dispatch as dispatching
from bot.discord.channel import context_for, store_of
from bot.discord.dispatch import dispatch
from bot.discord.embeds import embed_for, file_for
from bot.discord.sending import NO_MENTIONS, send_error
from bot.errors import RulingError
from bot.handlers.mover import (
    MoverPanel,
    button_label,
    chosen,
    confirm_options,
    mover_panel,
    open_mover,
)
from bot.handlers.mover_state import (
    ACTIONS,
    ARROWS,
    BONUSES,
    FLY,
    JUMP,
    MAX_PRESSES,
    READY,
    MoverState,
)
from bot.work import in_channel

log = logging.getLogger(__name__)

PREFIX = "stride:mv"
# the pad as a phone's keypad draws it, Back in its middle, the actions beside it
PAD_ROWS = (("7", "8", "9"), ("4", "b", "6"), ("1", "2", "3"))
BACK = "\u21ba"  # ↺


class MoverButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"stride:mv:(?P<verb>[0-9a-z]{1,2}):(?P<state>.*)",
):
    """One button of a mover: a press of the pad (keypad digits), Back ("b"), Dash
    ("d"), Disengage ("g"), the same as a bonus action ("bd", "bg"), Jump ("j"), Ready
    ("r"), fly up or down ("fu", "fd") or Confirm ("ok"), with the mover's state before
    it."""

    def __init__(
        self,
        verb: str,
        state: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or verb,
                style=style,
                row=row,
                disabled=disabled,
                custom_id=f"{PREFIX}:{verb}:{state}",
            )
        )
        self.verb = verb
        self.state = state

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> MoverButton:
        return cls(match["verb"], match["state"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await pressed(interaction, self.verb, self.state)


class MoverMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"stride:mvs:(?P<kind>[tq]):(?P<state>.*)",
):
    """A mover's menu: the tokens to choose from ("t"), or the squares that matter with
    a way to every other, page by page, or a jump check's totals ("q")."""

    def __init__(
        self,
        kind: str,
        state: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"stride:mvs:{kind}:{state}",
                options=options or [discord.SelectOption(label="-")],
                placeholder=placeholder or None,
                row=0,
            )
        )
        self.kind = kind
        self.state = state

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> MoverMenu:
        return cls(match["kind"], match["state"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = (getattr(interaction, "data", None) or {}).get("values") or []
        picked = str(values[0]) if values else ""
        await pressed(interaction, "t" if self.kind == "t" else "q", self.state, picked)


def mover_view(panel: MoverPanel) -> discord.ui.View:
    """The buttons and menu under a mover message: the menu on top, the pad with
    Dash and Jump, Disengage, Ready (out of the token's turn) and Confirm beside it, and
    a row of the bonus actions and flying."""
    view = discord.ui.View(timeout=None)
    state = panel.state
    code = state.encode()
    if panel.tokens:
        options = [discord.SelectOption(label=shown, value=key) for shown, key in panel.tokens]
        view.add_item(MoverMenu("t", code, options, "Which token moves?"))
        return view
    if panel.menu is not None:
        menu = panel.menu
        options = [
            discord.SelectOption(label=o.label, value=o.value, default=o.value == menu.chosen)
            for o in menu.options
        ]
        view.add_item(MoverMenu("q", code, options, menu.placeholder))
    full = len(state.steps) >= MAX_PRESSES
    for row, keys in enumerate(PAD_ROWS, start=1):
        for key in keys:
            if key == "b":
                view.add_item(
                    MoverButton("b", code, label=BACK, row=row, disabled=not state.has_way)
                )
            else:
                view.add_item(MoverButton(key, code, label=ARROWS[key], row=row, disabled=full))
    for row, action in ((1, "d"), (2, "g"), (4, "bd"), (4, "bg")):
        word = panel.words.get(action)
        if word and not (action in BONUSES and state.ready):  # a readied move takes none
            on = (state.bonus if action in BONUSES else state.action) == action[-1]
            label = ("Bonus " if action in BONUSES else "") + button_label(word)
            view.add_item(_toggle(action, code, label, on, row))
    if panel.jumps:
        view.add_item(_toggle("j", code, "Jump", bool(state.jump), 1))
    if panel.out_of_turn and panel.readies:
        view.add_item(_toggle("r", code, "Ready", state.ready, 3))
    if panel.flies:
        for verb, label in (("fu", "Up 5 ft"), ("fd", "Down 5 ft")):
            low = verb == "fd" and panel.altitude_ft <= 0  # on the ground: no lower
            view.add_item(MoverButton(verb, code, label=label, row=4, disabled=low))
    view.add_item(
        MoverButton(
            "ok",
            code,
            label="Confirm",
            style=discord.ButtonStyle.success,
            row=3,
            disabled=not panel.confirmable,
        )
    )
    return view


def _toggle(verb: str, code: str, label: str, on: bool, row: int) -> MoverButton:
    """A button that is on or off (Dash, Jump, Ready...): ticked and blue when on."""
    return MoverButton(
        verb,
        code,
        label=label + (" \u2713" if on else ""),
        style=discord.ButtonStyle.primary if on else discord.ButtonStyle.secondary,
        row=row,
    )


async def open_panel(interaction: discord.Interaction[Any]) -> None:
    """The board's Move button: a new mover, for the one who pressed it alone."""
    await _answer(interaction, lambda ctx: open_mover(ctx), edit=False)


async def pressed(
    interaction: discord.Interaction[Any], verb: str, encoded: str, picked: str = ""
) -> None:
    """A press in a mover: the next state's ruling, or, for Confirm, the move itself."""
    try:
        state = MoverState.decode(encoded)
        if verb == "ok":
            with in_channel(str(interaction.channel_id)):
                options = await confirm_options(
                    context_for(interaction, store_of(interaction)), state
                )
            await dispatch(interaction, "move", options)
            return
        following, page = _next(state, verb, picked)
    except RulingError as exc:
        await send_error(interaction, exc)
        return
    if verb == "t":
        await _answer(interaction, lambda ctx: chosen(ctx, state, picked), edit=True)
    else:
        await _answer(interaction, lambda ctx: mover_panel(ctx, following, page), edit=True)


def _next(state: MoverState, verb: str, picked: str) -> tuple[MoverState, int]:
    """The state a press leaves, and the menu's page to show (0: the squares that
    matter; a menu's "p3" turns to page 3 and changes nothing else)."""
    if verb == "b":
        return state.back(), 0
    if verb in ACTIONS or verb in BONUSES or verb == READY:
        return state.toggled(verb), 0
    if verb == JUMP:
        return state.jumped(), 0
    if verb in FLY:
        return state.flown(verb), 0
    if verb == "q":
        return _picked(state, picked)
    if verb == "t":
        return state, 0
    return state.pressed(verb), 0


def _picked(state: MoverState, picked: str) -> tuple[MoverState, int]:
    """A choice in the menu: a square ("K6", "K6+d" with Dash), a page ("p2"), or a
    jump check's total ("c14")."""
    number = re.fullmatch(r"([pc])(-?[0-9]{1,3})", picked)
    if number is not None and number[1] == "p":
        return state, int(number[2])
    if number is not None:
        return state.checked(int(number[2])), 0
    return state.picked(picked), 0


async def _answer(
    interaction: discord.Interaction[Any],
    build: Callable[[Any], Awaitable[MoverPanel]],
    *,
    edit: bool,
) -> None:
    """Build the mover's next panel in the channel's lane and show it: a new ephemeral
    message (``edit`` False) or the pressed one, edited. Slow work is deferred first,
    as a command's is; a refusal goes to the presser alone. Each press searches paths
    and draws, so it counts in the user's cooldown as /move does."""
    user_id = str(interaction.user.id)
    cooldown = dispatching.COOLDOWN  # the one /move and /map count in
    wait_s = cooldown.take(user_id, time.monotonic())
    if wait_s:
        await send_error(
            interaction, f"Slow down a little. Try again in {max(1, round(wait_s))} s."
        )
        return
    try:
        await _build_and_show(interaction, build, edit=edit)
    finally:
        cooldown.release(user_id)


async def _build_and_show(
    interaction: discord.Interaction[Any],
    build: Callable[[Any], Awaitable[MoverPanel]],
    *,
    edit: bool,
) -> None:
    ctx = context_for(interaction, store_of(interaction))
    with in_channel(str(interaction.channel_id)):
        task = asyncio.ensure_future(build(ctx))
    try:
        # the one setting every command defers by, read when used
        done, _ = await asyncio.wait({task}, timeout=dispatching.DEFER_AFTER_S)
        if not done and not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=not edit)
        panel = await task
    except RulingError as exc:
        await send_error(interaction, exc)
        return
    except Exception:
        log.exception("The mover failed (channel %s)", interaction.channel_id)
        await send_error(interaction, "Something went wrong in the mover; nothing moved.")
        return
    embed = embed_for(panel.reply)
    file = file_for(panel.reply)
    view = mover_view(panel)
    try:
        if interaction.response.is_done():
            await interaction.edit_original_response(
                embed=embed, attachments=[file] if file else [], view=view
            )
        elif edit:
            await interaction.response.edit_message(
                embed=embed, attachments=[file] if file else [], view=view
            )
        elif file is not None:
            await interaction.response.send_message(
                embed=embed, file=file, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS
            )
        else:
            await interaction.response.send_message(
                embed=embed, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS
            )
    except discord.NotFound:
        log.warning("Interaction %s expired before the mover could answer", interaction.id)
