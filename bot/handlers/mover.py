"""The one-tap mover behind the board's Move button (issue 29): a token, a list of the
squares it can reach with their cost, and a direction pad, each press previewed as
/move would rule it. Nothing moves until Confirm, which runs /move itself, with its
permissions.

The whole state of a mover is a :class:`MoverState` (``bot.handlers.mover_state``),
small enough to ride in a button's custom id: a mover still answers after a restart,
and two movers never share anything. Every press first checks the mover is current
(``_current``: its token where it was, its turn and board still the ones it was
opened on); an out-of-date one moves nothing and says how to open a fresh one. This
module builds what a mover shows; the Discord shell (``bot.discord.mover``) turns it
into buttons and menus.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from bot.commands import Command
from bot.context import Context
from bot.encounter import Encounter, Token
from bot.encounter_ops.access import is_gm, own_tokens, require_turn
from bot.errors import InvalidInput, NotAllowed, RulingError
from bot.grid.coords import Cell, parse_on_map
from bot.handlers.backgrounds import ctx_background
from bot.handlers.encounter_common import (
    actor_of,
    encounter_reply,
    load_active,
    ruleset_of,
    seen_in,
)
from bot.handlers.mover_squares import Menu, check_menu, squares_menu
from bot.handlers.mover_state import ARROWS, MoverState, Words, turn_stamp
from bot.handlers.mover_words import Refused, button, out_of_turn, refused_press
from bot.names import normalize
from bot.render.view import BoardView, MoveOverlay
from bot.reply import Field, Reply
from bot.rules.move_rulings import MoveRefused, RefusalReason
from bot.rules.moving import MoveAction, destinations
from bot.units import feet
from bot.work import board as board_work

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

MAX_LISTED = 25  # a Discord select menu lists at most 25 choices (the tokens' menu)
DASH_WORDS = ("dash", "double", "run")  # the ruleset's action that doubles a move
DISENGAGE_WORDS = ("disengage", "withdraw")  # the one that leaves without provoking
STALE = "This mover is out of date: {name} is no longer on {start}. Press Move on the board again."
FRESH = "Nothing moved; press Move on the board for a fresh mover."
OUT_OF_DATE = (
    "This mover is out of date: it was opened on an earlier turn or board, or before "
    "{name} last moved. " + FRESH
)
OUT_OF_DATE_CHOICE = (
    "This mover is out of date: it was opened on an earlier turn or board. " + FRESH
)


@dataclass(frozen=True)
class MoverPanel:
    """What a mover shows: the ruling so far (a preview, with its picture), and what
    can be pressed next."""

    state: MoverState
    reply: Reply
    tokens: tuple[tuple[str, str], ...] = ()  # (shown, key): a token is to be chosen
    # the menu: the squares that matter (or a page of every square), or a jump check's
    # totals; None when a token is to be chosen
    menu: Menu | None = None
    # the ruleset's word for the mover's Dash ("d") and Disengage ("g"), and for the
    # same as a bonus action ("bd", "bg"), where it has one
    words: Words = field(default_factory=dict)
    # the token flies (a fly speed, or already aloft): the mover offers Up and Down;
    # where it would end, in feet above the ground
    flies: bool = False
    altitude_ft: int = 0
    jumps: bool = False  # the ruleset has a jump rule: the mover offers Jump
    # not the token's turn (for the one pressing): Ready where the rules have a
    # readied move; Confirm only once Ready is on
    out_of_turn: bool = False
    readies: bool = False

    @property
    def confirmable(self) -> bool:
        return self.state.has_way and (not self.out_of_turn or self.state.ready)


button_label = button  # the buttons' labels: a ruleset's word as a button reads


def action_words(rules: Ruleset) -> Words:
    """The ruleset's words for the mover's action buttons (3.5 doubles, withdraws), and
    for its bonus actions that move (the SRDs' Dash and Disengage)."""
    actions, bonuses = rules.economy.actions, tuple(str(b) for b in rules.economy.bonus_actions)
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
    stored = await load_active(ctx)
    encounter = seen_in(ctx, stored.encounter).encounter
    token = chosen_for(encounter, ctx)
    if token is not None:
        return await _panel(ctx, encounter, token, _fresh(stored.id, encounter, token))
    choices = movable(encounter, ctx)
    if not choices:
        raise NotAllowed(
            "You have no token here to move. The GM adds one for you with "
            "/token add name:<name> owner:@you."
        )
    more = f" (the first {MAX_LISTED} of {len(choices)})" if len(choices) > MAX_LISTED else ""
    return MoverPanel(
        MoverState(stamp=turn_stamp(stored.id, encounter, None)),
        Reply(
            title="Which token moves?",
            description=f"Pick it below{more}. Nothing moves until you confirm.",
            ephemeral=True,
        ),
        tokens=tuple((f"{t.name} · {t.cell}", t.key) for t in choices[:MAX_LISTED]),
    )


def _fresh(encounter_id: int, encounter: Encounter, token: Token) -> MoverState:
    """A new mover's state for ``token``, stamped with the turn and board it opens on."""
    return MoverState(
        token=token.key, start=str(token.cell), stamp=turn_stamp(encounter_id, encounter, token)
    )


def chose_token(encounter_id: int, encounter: Encounter, key: str) -> MoverState:
    """The state once a token is picked from the list."""
    token = encounter.tokens.get(normalize(key))
    if token is None:
        raise InvalidInput("That token is no longer on the board: press Move on the board again.")
    return _fresh(encounter_id, encounter, token)


async def chosen(ctx: Context, state: MoverState, key: str) -> MoverPanel:
    """A token picked from the menu of ``state`` (a mover with no token yet)."""
    encounter_id, encounter, _ = await _current(ctx, state)
    picked = chose_token(encounter_id, encounter, key)
    return await _panel(ctx, encounter, _token(encounter, picked), picked)


def _token(encounter: Encounter, state: MoverState) -> Token:
    token = encounter.tokens.get(normalize(state.token))
    if token is None:
        raise InvalidInput("That token is no longer on the board: press Move on the board again.")
    if state.start and str(token.cell) != state.start:
        raise InvalidInput(STALE.format(name=token.name, start=state.start))
    return token


async def _current(ctx: Context, state: MoverState) -> tuple[int, Encounter, Token | None]:
    """The board as the asker sees it, and the mover's token, once ``state`` is known to
    be current: its token still where it was chosen, and the turn, the board and the
    token's own doings those it was opened on (``turn_stamp``). Every press asks this
    first, Confirm too: an out-of-date mover moves nothing."""
    stored = await load_active(ctx)
    encounter = seen_in(ctx, stored.encounter).encounter
    token = _token(encounter, state) if state.token else None
    if state.stamp != turn_stamp(stored.id, encounter, token):
        if token is None:
            raise InvalidInput(OUT_OF_DATE_CHOICE)
        raise InvalidInput(OUT_OF_DATE.format(name=token.name))
    return stored.id, encounter, token


async def mover_panel(ctx: Context, state: MoverState, page: int = 0) -> MoverPanel:
    """The mover for ``state`` (a press's next state), once it is known to be current;
    ``page``: the menu's page of every square (0: the squares that matter)."""
    _, encounter, token = await _current(ctx, state)
    if token is None:
        raise InvalidInput("Pick the token that moves from the menu first.")
    return await _panel(ctx, encounter, token, state, page)


async def _panel(
    ctx: Context, encounter: Encounter, token: Token, state: MoverState, page: int = 0
) -> MoverPanel:
    """The mover for ``state``: the ruling of the way so far (a /move preview, or why
    the rules refuse it, in the mover's words), or, before the first press, where the
    token can go (the move's bands, framed round the token); the menu of the squares
    that matter (``page`` > 0: every square, a page at a time); and, out of the token's
    turn, that it is, with what can still be done."""
    from bot.handlers.move import MOVE

    rules = ruleset_of(encounter)
    words = action_words(rules)
    jumps = rules.jumps_here()
    if state.to:
        parse_on_map(state.to, encounter.width, encounter.height)
    turn = _turn(ctx, encounter, token)
    now, more = await board_work(_reachable, rules, encounter, token, state, words)
    refused: Refused | None = None
    if state.has_way:
        try:
            shown = await _shown(ctx, MOVE, state.move_options(token.name, words, preview=True))
        except RulingError as error:  # shown in the mover, where Back undoes the press
            dash_reaches = await _dash_would_reach(ctx, encounter, token, state, words, error)
            refused = refused_press(
                error, token.name, state, words, jumps=jumps, dash_reaches=dash_reaches
            )
            shown = await _where_it_can_go(ctx, encounter, token, now, more, words, refused)
    else:
        shown = await _where_it_can_go(ctx, encounter, token, now, more, words, None)
    if refused is not None and refused.check is not None:
        menu = check_menu(*refused.check, state)
    else:
        menu = squares_menu(
            encounter,
            token,
            now,
            more,
            dash_word=button(words.get("d", "dash")),
            footprints=rules.footprint_squares,
            state=state,
            page=page,
            nearest=refused.nearest if refused is not None else None,
        )
    readies = rules.readied_move is not None
    # the preview's own "send it again without preview:true" is the Confirm button here
    fields = [f for f in shown.fields if f.name != "Preview"]
    if turn is not None:
        fields.insert(0, out_of_turn(turn, token.name, readies=readies, ready=state.ready))
    return MoverPanel(
        state,
        replace(shown, fields=(*fields, _way_field(state, words)), ephemeral=True),
        menu=menu,
        words=words,
        flies="fly" in rules.sheet.token_movement(token).speeds_ft or token.altitude_ft > 0,
        altitude_ft=token.altitude_ft + state.up_ft,
        jumps=jumps,
        out_of_turn=turn is not None,
        readies=readies,
    )


async def _dash_would_reach(
    ctx: Context,
    encounter: Encounter,
    token: Token,
    state: MoverState,
    words: Words,
    refused: RulingError,
) -> bool:
    """Whether the way the rules refuse as too far is one they take with Dash pressed
    (the refusal of a way pressed square by square names no bigger action: the mover
    asks, so that it offers Dash only where Dash does it)."""
    cause = refused.__cause__
    too_far = isinstance(cause, MoveRefused) and cause.refusal.reason is RefusalReason.TOO_FAR
    if not too_far or "d" not in words or state.action == "d" or state.ready:
        return False
    from bot.handlers.move import ruled_preview

    dashed = replace(state, action="d").move_options(token.name, words, preview=True)
    try:
        await board_work(ruled_preview, encounter, actor_of(ctx), dashed)
    except RulingError:
        return False
    return True


def _turn(ctx: Context, encounter: Encounter, token: Token) -> NotAllowed | None:
    """Why the one pressing can't move ``token`` now (not its turn), or None: /move's
    own check, asked at once rather than at Confirm."""
    try:
        require_turn(encounter, actor_of(ctx), token, "move")
    except NotAllowed as refused:
        return refused
    return None


async def _where_it_can_go(
    ctx: Context,
    encounter: Encounter,
    token: Token,
    now: Costs,
    more: Costs,
    words: Words,
    refused: Refused | None,
) -> Reply:
    """The mover before a press (or after one the rules refuse): the token's move, its
    squares shaded as a /move's bands are (what it reaches now, and what a Dash adds),
    the picture framed round the token and where it can go."""
    from bot.handlers.board import render

    rules = ruleset_of(encounter)
    dash = words.get("d", "")
    legs = earlier_legs_of(encounter, token)
    overlay = MoveOverlay(
        path=(token.cell,),
        costs_ft=(0.0,),
        mover=token.key,
        reach_now=frozenset(now),
        reach_more=frozenset(more),
        more_action=dash or rules.economy.band_action,
        units=await ctx.channel_units() or "feet",
        square_ft=rules.square_ft,
        over_pits="fly" in rules.sheet.token_movement(token).speeds_ft,
        earlier=legs,
    )
    png = await render(encounter, BoardView(move=overlay), await ctx_background(ctx, encounter))
    if refused is not None:
        reply = encounter_reply(
            encounter, title=refused.title, fields=refused.fields, show_turn=False
        )
        reply = replace(reply, footer=refused.footer or reply.footer)
    else:
        reply = encounter_reply(
            encounter,
            title=f"Move {token.name} from {token.cell}",
            fields=(Field("Can go", _reach_text(now, more, dash)),),
        )
    return await in_units(ctx, replace(reply, image_png=png, image_name="mover.png"))


def _reach_text(now: Costs, more: Costs, dash: str) -> str:
    if not now and not more:
        return "Nowhere now: it has no movement it can use this turn."
    parts = []
    if now:
        far = max(now.values())
        parts.append(
            f"{len(now)} square{'s' if len(now) != 1 else ''} now (up to {feet(far)}), shaded"
        )
    if more:
        parts.append(f"{len(more)} more with {button(dash)}, striped")
    return "; ".join(parts) + ". Pick one in the menu, or press the arrows."


async def _shown(ctx: Context, command: Command, options: dict[str, object]) -> Reply:
    """What ``command`` shows for ``options``, in the channel's units: run as the
    command itself is, except that the GM's waiting notes stay for their next real
    reply (a mover shows no private part)."""
    return await in_units(ctx, await command.handler(ctx, command.validate(options)))


async def in_units(ctx: Context, reply: Reply) -> Reply:
    from bot.handlers import in_units as converted

    return await converted(ctx, reply)


def earlier_legs_of(encounter: Encounter, token: Token) -> tuple[tuple[Cell, ...], ...]:
    """The token's legs of movement this turn, drawn fainter under its bands (none
    outside its own turn: those are of a turn already over)."""
    acting = encounter.acting
    return token.activity.legs if acting is not None and acting.key == token.key else ()


Costs = dict[Cell, float]


def _reachable(
    rules: Ruleset, encounter: Encounter, token: Token, state: MoverState, words: Words
) -> tuple[Costs, Costs]:
    """The squares the mover offers: those reached with the actions pressed (Dash on:
    the squares a Dash reaches), and those only a Dash adds (none once Dash is on, or
    where the ruleset has none). A flyer flying up or down from the ground flies."""
    action = rules.economy.read_action(words.get(state.action)) if state.action else None
    bonus = MoveAction(words[f"b{state.bonus}"]) if f"b{state.bonus}" in words else None
    mode = "fly" if state.up_ft else None
    now = dict(destinations(rules, encounter, token.name, action=action, bonus=bonus, mode=mode))
    more: Costs = {}
    if "d" in words and state.action != "d" and not state.ready:
        dash = rules.economy.read_action(words["d"])
        dashed = destinations(rules, encounter, token.name, action=dash, bonus=bonus, mode=mode)
        more = {cell: cost for cell, cost in dashed if cell not in now}
    return now, more


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
    if state.ready:
        action += ", a readied move"
    if state.up_ft:
        action += f", {'up' if state.up_ft > 0 else 'down'} {abs(state.up_ft)} ft"
    if state.jump:
        check = f" (check {state.check})" if state.check is not None else ""
        action += f", jumping{check}: it lands on the way's last square"
    return Field("Mover", f"{way}{action}. Nothing moves until Confirm.")


async def confirm_options(ctx: Context, state: MoverState) -> dict[str, object]:
    """Confirm: /move's options for the way so far (the shell runs /move with them, its
    permissions and its reply), once the mover is known to be current."""
    _, encounter, token = await _current(ctx, state)
    if token is None or not state.has_way:
        raise InvalidInput("Nothing to confirm yet: press the arrows or pick a square first.")
    words = action_words(ruleset_of(encounter))
    return state.move_options(token.name, words, preview=False)
