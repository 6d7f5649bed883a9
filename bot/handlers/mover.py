"""The one-tap mover behind the board's Move button (issue 29): a token, a list of the
squares it can reach with their cost, and a direction pad, each press previewed as
/move would rule it. Nothing moves until Confirm, which runs /move itself, with its
permissions.

The whole state of a mover is a :class:`MoverState`, small enough to ride in a
button's custom id (:meth:`MoverState.encode`): a mover still answers after a restart,
and two movers never share anything. This module builds what a mover shows; the
Discord shell (``bot.discord.mover``) turns it into buttons and menus.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from bot.commands import Command
from bot.context import Context
from bot.encounter import Encounter, Token
from bot.encounter_ops.access import is_gm, own_tokens
from bot.errors import InvalidInput, NotAllowed, RulingError
from bot.grid.coords import Cell, parse_on_map
from bot.handlers.encounter_common import actor_of, load_active, ruleset_of, seen_in
from bot.names import normalize
from bot.reply import Field, Reply
from bot.rules.moving import MoveAction, destinations
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

# the pad's presses as a phone's keypad draws them: 7 8 9 / 4 · 6 / 1 2 3
PAD: dict[str, str] = {
    "7": "nw",
    "8": "n",
    "9": "ne",
    "4": "w",
    "6": "e",
    "1": "sw",
    "2": "s",
    "3": "se",
}
ARROWS: dict[str, str] = {
    "7": "\u2196",
    "8": "\u2191",
    "9": "\u2197",
    "4": "\u2190",
    "6": "\u2192",
    "1": "\u2199",
    "2": "\u2193",
    "3": "\u2198",
}
# a custom id holds at most 100 characters: the pad takes this many presses, and a
# longer way is typed (/move path:)
MAX_PRESSES = 36
MAX_LISTED = 25  # a Discord select menu lists at most 25 choices
DASH_WORDS = ("dash", "double", "run")  # the ruleset's action that doubles a move
DISENGAGE_WORDS = ("disengage", "withdraw")  # the one that leaves without provoking
STALE = "This mover is out of date: {name} is no longer on {start}. Press Move on the board again."
_FIELDS = ("token", "start", "steps", "to", "action", "bonus", "up")
_SEP = ","  # token names never hold a comma
_SAFE = re.compile(r"[^,]*")
ACTIONS = ("d", "g")  # the mover's Dash and Disengage, as the state writes them
BONUSES = ("bd", "bg")  # the same taken as a bonus action (5e's Cunning Action), as pressed
FLY = ("fu", "fd")  # fly up and down, 5 ft a press (a token with a fly speed, or aloft)
MAX_CLIMB_FT = 200  # a mover's climb or dive; more is typed (/move up:)
_UP = re.compile(r"-?[1-9][0-9]{0,2}")
Words = dict[str, str]  # the mover's action codes ("d", "bd"...) to the ruleset's words
UNREADABLE = "This mover can't be read any more: press Move on the board again."


@dataclass(frozen=True)
class MoverState:
    """What a mover has been told so far: the token (its key; "" until chosen), the
    square it stood on when chosen (a mover whose token has moved since is stale),
    the pad's presses (keypad digits), or a square picked from the list, and the
    action: "d" for the ruleset's Dash (or its double move), "g" for its Disengage
    (or withdraw), "" for a plain move; and the bonus action taken with it, in the
    same letters (5e's Cunning Action and Nimble Escape: Dash or Disengage); and the
    feet flown up on the way ("-10": down; "" neither)."""

    token: str = ""
    start: str = ""
    steps: str = ""
    to: str = ""
    action: str = ""
    bonus: str = ""
    up: str = ""

    def encode(self) -> str:
        return _SEP.join(getattr(self, name) for name in _FIELDS)

    @classmethod
    def decode(cls, text: str) -> MoverState:
        parts = text.split(_SEP)
        if len(_FIELDS) - 2 <= len(parts) < len(_FIELDS):  # a mover from before bonus or fly
            parts += [""] * (len(_FIELDS) - len(parts))
        if len(parts) != len(_FIELDS) or any(not _SAFE.fullmatch(p) for p in parts):
            raise InvalidInput(UNREADABLE)
        state = cls(**dict(zip(_FIELDS, parts, strict=True)))
        if (
            any(step not in PAD for step in state.steps)
            or state.action not in ("", *ACTIONS)
            or state.bonus not in ("", *ACTIONS)
            or (state.up and not _UP.fullmatch(state.up))
            or state.up_ft % 5
            or abs(state.up_ft) > MAX_CLIMB_FT
        ):
            raise InvalidInput(UNREADABLE)
        return state

    def pressed(self, key: str) -> MoverState:
        """One more press of the pad (a picked square is dropped: the pad takes over)."""
        if key not in PAD:
            raise InvalidInput(f"{key!r} is not a direction of the pad.")
        if len(self.steps) >= MAX_PRESSES:
            raise InvalidInput(
                f"The pad takes {MAX_PRESSES} presses; for a longer way type it: "
                '/move path:"30n 20e".'
            )
        return replace(self, steps=self.steps + key, to="")

    def picked(self, square: str) -> MoverState:
        """A square picked from the list: the cheapest way there (the pad's presses dropped)."""
        text = square.strip().upper()
        if not re.fullmatch(r"[A-Z]{1,2}[0-9]{1,3}", text):
            raise InvalidInput(f"{square!r} is not a square of the list.")
        return replace(self, to=text, steps="")

    def back(self) -> MoverState:
        """The last press undone (or the picked square dropped); with no way left, the
        climb or dive 5 ft less."""
        if self.to:
            return replace(self, to="")
        if self.steps:
            return replace(self, steps=self.steps[:-1])
        return self.flown("fd" if self.up_ft > 0 else "fu") if self.up_ft else self

    def flown(self, verb: str) -> MoverState:
        """Fly up ("fu") or down ("fd") 5 ft more on the way."""
        change = self.up_ft + (5 if verb == "fu" else -5)
        if abs(change) > MAX_CLIMB_FT:
            raise InvalidInput(
                f"The mover flies up or down {MAX_CLIMB_FT} ft at most; for more type it: "
                "/move up:<feet> or down:<feet>."
            )
        return replace(self, up=str(change) if change else "")

    @property
    def up_ft(self) -> int:
        return int(self.up or 0)

    def toggled(self, action: str) -> MoverState:
        """Dash or Disengage pressed ("d", "g"), or the same as a bonus action ("bd",
        "bg"): on, or off when it was on."""
        if action in BONUSES:
            bonus = action[1]
            return replace(self, bonus="" if self.bonus == bonus else bonus)
        return replace(self, action="" if self.action == action else action)

    @property
    def path_text(self) -> str:
        """The presses as /move path: reads them, one square each ("n n ne")."""
        return " ".join(PAD[key] for key in self.steps)

    @property
    def has_way(self) -> bool:
        return bool(self.steps or self.to or self.up)

    def move_options(self, token_name: str, words: Words, *, preview: bool) -> dict[str, object]:
        """/move's options for this state (``words``: the ruleset's word for each action
        and bonus action)."""
        options: dict[str, object] = {"token": token_name}
        if self.to:
            options["to"] = self.to
        elif self.steps:
            options["path"] = self.path_text
        if self.action and words.get(self.action):
            options["action"] = words[self.action]
        if self.bonus and words.get(f"b{self.bonus}"):
            options["bonus"] = words[f"b{self.bonus}"]
        if self.up_ft:
            options["up" if self.up_ft > 0 else "down"] = abs(self.up_ft)
        if preview:
            options["preview"] = True
        return options


@dataclass(frozen=True)
class MoverPanel:
    """What a mover shows: the ruling so far (a preview, with its picture), and what
    can be pressed next."""

    state: MoverState
    reply: Reply
    tokens: tuple[tuple[str, str], ...] = ()  # (shown, key): a token is to be chosen
    squares: tuple[tuple[str, str], ...] = ()  # (shown, square), cheapest first
    # the ruleset's word for the mover's Dash ("d") and Disengage ("g"), and for the
    # same as a bonus action ("bd", "bg"), where it has one
    words: Words = field(default_factory=dict)
    # the token flies (a fly speed, or already aloft): the mover offers Up and Down;
    # where it would end, in feet above the ground
    flies: bool = False
    altitude_ft: int = 0


# the buttons' labels where the ruleset's word alone reads oddly on a button
BUTTON_LABELS = {"double": "Double move"}


def button_label(word: str) -> str:
    return BUTTON_LABELS.get(word, word.capitalize())


def action_words(rules: Ruleset) -> Words:
    """The ruleset's words for the mover's action buttons (3.5 doubles, withdraws), and
    for its bonus actions that move (the SRDs' Dash and Disengage)."""
    actions, bonuses = rules.actions, tuple(str(b) for b in rules.bonus_actions)
    words = {
        "d": next((w for w in DASH_WORDS if w in actions), ""),
        "g": next((w for w in DISENGAGE_WORDS if w in actions), ""),
        "bd": next((w for w in DASH_WORDS if w in bonuses), ""),
        "bg": next((w for w in DISENGAGE_WORDS if w in bonuses), ""),
    }
    return {code: word for code, word in words.items() if word}


def movable(encounter: Encounter, ctx: Context) -> list[Token]:
    """The tokens the asker may move from the mover, the one taking its turn first:
    their own (for the GM, every token)."""
    actor = actor_of(ctx)
    gm = is_gm(encounter, actor)
    tokens = list(encounter.tokens.values()) if gm else own_tokens(encounter, actor)
    acting = encounter.acting
    order = {key: i for i, key in enumerate(encounter.order)}

    def rank(token: Token) -> tuple[bool, int, str]:
        is_acting = acting is not None and token.key == acting.key
        return (not is_acting, order.get(token.key, len(order)), token.name)

    return sorted(tokens, key=rank)


def chosen_for(encounter: Encounter, ctx: Context) -> Token | None:
    """The token a mover takes without asking: the asker's token whose turn it is, or
    the one token that is theirs; None when they must choose (a GM with monsters)."""
    own = own_tokens(encounter, actor_of(ctx))
    acting = encounter.acting
    if acting is not None and any(t.key == acting.key for t in own):
        return acting
    return own[0] if len(own) == 1 else None


async def open_mover(ctx: Context) -> MoverPanel:
    """The mover as the Move button opens it: its token chosen when that is clear."""
    encounter = seen_in(ctx, (await load_active(ctx)).encounter).encounter
    token = chosen_for(encounter, ctx)
    if token is not None:
        return await mover_panel(ctx, MoverState(token=token.key, start=str(token.cell)))
    choices = movable(encounter, ctx)
    if not choices:
        raise NotAllowed(
            "You have no token here to move. The GM adds one for you with "
            "/token add name:<name> owner:@you."
        )
    more = f" (the first {MAX_LISTED} of {len(choices)})" if len(choices) > MAX_LISTED else ""
    return MoverPanel(
        MoverState(),
        Reply(
            title="Which token moves?",
            description=f"Pick it below{more}. Nothing moves until you confirm.",
            ephemeral=True,
        ),
        tokens=tuple((f"{t.name} · {t.cell}", t.key) for t in choices[:MAX_LISTED]),
    )


def chose_token(encounter: Encounter, key: str) -> MoverState:
    """The state once a token is picked from the list."""
    token = encounter.tokens.get(normalize(key))
    if token is None:
        raise InvalidInput("That token is no longer on the board: press Move on the board again.")
    return MoverState(token=token.key, start=str(token.cell))


async def chosen(ctx: Context, key: str) -> MoverPanel:
    encounter = seen_in(ctx, (await load_active(ctx)).encounter).encounter
    return await mover_panel(ctx, chose_token(encounter, key))


def _token(encounter: Encounter, state: MoverState) -> Token:
    token = encounter.tokens.get(normalize(state.token))
    if token is None:
        raise InvalidInput("That token is no longer on the board: press Move on the board again.")
    if state.start and str(token.cell) != state.start:
        raise InvalidInput(STALE.format(name=token.name, start=state.start))
    return token


async def mover_panel(ctx: Context, state: MoverState) -> MoverPanel:
    """The mover for ``state``: the ruling of the way so far (a /move preview, or why
    the rules refuse it), or, before the first press, the token's reach."""
    from bot.handlers.board import MAP
    from bot.handlers.move import MOVE

    encounter = seen_in(ctx, (await load_active(ctx)).encounter).encounter
    token = _token(encounter, state)
    rules = ruleset_of(encounter)
    words = action_words(rules)
    if state.to:
        parse_on_map(state.to, encounter.width, encounter.height)
    if state.has_way:
        try:
            shown = await _shown(ctx, MOVE, state.move_options(token.name, words, preview=True))
        except RulingError as refused:  # shown in the mover, where Back undoes the press
            shown = Reply(
                title=refused.title or f"{token.name} can't go that way",
                description=refused.message,
                fields=tuple(Field(name, value) for name, value in refused.fields),
                footer=refused.footer or "",
            )
    else:
        shown = await _shown(ctx, MAP, {"reach": token.name})
        shown = replace(shown, title=f"Move {token.name} from {token.cell}")
    squares = tuple(
        (f"{cell} · {feet(cost)}", str(cell))
        for cell, cost in _reachable(rules, encounter, token, state, words)[:MAX_LISTED]
    )
    # the preview's own "send it again without preview:true" is the Confirm button here
    fields = tuple(f for f in shown.fields if f.name != "Preview")
    return MoverPanel(
        state,
        replace(shown, fields=(*fields, _way_field(state, words)), ephemeral=True),
        squares=squares,
        words=words,
        flies="fly" in rules.token_movement(token).speeds_ft or token.altitude_ft > 0,
        altitude_ft=token.altitude_ft + state.up_ft,
    )


async def _shown(ctx: Context, command: Command, options: dict[str, object]) -> Reply:
    """What ``command`` shows for ``options``, in the channel's units: run as the
    command itself is, except that the GM's waiting notes stay for their next real
    reply (a mover shows no private part)."""
    from bot.handlers import in_units

    return await in_units(ctx, await command.handler(ctx, command.validate(options)))


def _reachable(
    rules: Ruleset, encounter: Encounter, token: Token, state: MoverState, words: Words
) -> list[tuple[Cell, float]]:
    """The squares the menu lists: those reached with the actions pressed (Dash on: the
    squares a Dash reaches)."""
    action = rules.read_action(words.get(state.action)) if state.action else None
    bonus = MoveAction(words[f"b{state.bonus}"]) if f"b{state.bonus}" in words else None
    return destinations(rules, encounter, token.name, action=action, bonus=bonus)


def _way_field(state: MoverState, words: Words) -> Field:
    if state.to:
        way = f"to {state.to} (the cheapest way)"
    elif state.steps:
        arrows = " ".join(ARROWS[key] for key in state.steps)
        way = f"{arrows} ({len(state.steps)} square{'s' if len(state.steps) > 1 else ''})"
    else:
        way = "nothing yet: press the arrows, or pick a square"
    action = f", {words[state.action]}" if state.action in words else ""
    if f"b{state.bonus}" in words:
        action += f", bonus action: {words[f'b{state.bonus}']}"
    if state.up_ft:
        action += f", {'up' if state.up_ft > 0 else 'down'} {abs(state.up_ft)} ft"
    return Field("Mover", f"{way}{action}. Nothing moves until Confirm.")


async def confirm_options(ctx: Context, state: MoverState) -> dict[str, object]:
    """Confirm: /move's options for the way so far (the shell runs /move with them, its
    permissions and its reply), once the mover is known to be current."""
    if not state.has_way:
        raise InvalidInput("Nothing to confirm yet: press the arrows or pick a square first.")
    encounter = seen_in(ctx, (await load_active(ctx)).encounter).encounter
    token = _token(encounter, state)
    words = action_words(ruleset_of(encounter))
    return state.move_options(token.name, words, preview=False)
