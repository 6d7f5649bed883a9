"""/move: a token moves on the channel's grid under the encounter's ruleset.

The ruleset plans the move (path, cost, what the action allows, who it
provokes); this handler checks who may move what, saves the new state with
its history line, and writes the reply (its words: ``move_reply.py``, whose names
are imported from here as before).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter import Encounter
from bot.encounter_ops.access import (
    Actor,
    default_token,
    is_gm,
    require_control,
    require_gm,
    require_mount,
    require_turn,
)
from bot.encounter_ops.discovery import Found, move_meeting_hidden
from bot.encounter_ops.unseen import hides_from
from bot.encounter_ops.visibility import as_seen, is_hidden, public
from bot.errors import InvalidInput
from bot.grid.coords import Cell, parse_waypoints
from bot.grid.directions import parse_directions
from bot.handlers.attack_pings import with_attack_pings
from bot.handlers.backgrounds import ctx_background
from bot.handlers.encounter_common import (
    actor_of,
    change_encounter,
    encounter_reply,
    load_active,
    ruleset_of,
    seen_in,
)
from bot.handlers.move_directions import Legs, as_written, directed
from bot.handlers.move_hidden import without_hidden_attackers
from bot.handlers.move_reply import MAX_PATH_SHOWN as MAX_PATH_SHOWN
from bot.handlers.move_reply import PREVIEW_NOTE as PREVIEW_NOTE
from bot.handlers.move_reply import distance_text as distance_text
from bot.handlers.move_reply import move_reply, move_summary, with_discovery
from bot.handlers.refusals import refusal_error
from bot.names import complete
from bot.reply import Field, Reply
from bot.rules.moving import Mount, MoveAction, MoveRequest, MoveResult, read_special
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import MoveRefused
from bot.work import board as board_work

FORCED_CHOICES = ("push", "pull", "slide")
BONUS_CHOICES = ("dash", "disengage")  # the SRDs' bonus actions that move (MoveAction names)
# what a GM grants on a move (the SRDs' Ruleset.granted_actions)
EXTRA_ACTION_CHOICES = ("action-surge", "haste")


@dataclass(frozen=True)
class Moved:
    encounter: Encounter
    summary: str
    result: MoveResult | None  # None: a player's move a hidden creature stopped at once
    found: Found = field(default_factory=Found)  # what a player's move met of the hidden things
    gm_note: str = ""  # the GM's part of it (change_encounter tells the GM)
    mover: str = ""
    start: Cell | None = None


def _check_permission(encounter: Encounter, actor: Actor, request: MoveRequest) -> None:
    """Players move their own tokens, on their turn once an order runs; the GM anything."""
    token = encounter.token(request.token)
    if request.forced:
        require_gm(encounter, actor, "push, pull or slide a token")
        return
    require_control(encounter, actor, token, "move")
    if request.extra_action:  # a feature's extra action is the GM's to grant (docs/RULINGS.md)
        require_gm(
            encounter,
            actor,
            f"grant an extra action (extra_action:{request.extra_action}); ask the GM to "
            "grant it on this move",
        )
    if not request.ready:  # a readied move is out of the token's turn by nature
        require_turn(encounter, actor, token, "move")
    # a group moves every member: each must be the mover's to move (003 group moves)
    for name in request.group:
        require_control(encounter, actor, encounter.token(name), "move")
    if isinstance(request.special, Mount):  # riding a creature is its owner's or the GM's
        require_mount(encounter, actor, token, encounter.token(request.special.mount))


def move_suggestions(ruleset: Ruleset, option: str, typed: str) -> list[str]:
    """What ``typed`` in /move's ``action`` or ``mode`` may become under ``ruleset``: only
    what that ruleset has (a 5e-alt channel is never offered "double")."""
    names = ruleset.economy.actions if option == "action" else ruleset.move_modes
    return complete(typed, names)


def with_token(encounter: Encounter, actor: Actor, request: MoveRequest) -> MoveRequest:
    """The request naming its token: left out, the user's own one (see ``default_token``)."""
    if request.token:
        return request
    return replace(request, token=default_token(encounter, actor, "move"))


def plan(
    encounter: Encounter, actor: Actor, request: MoveRequest, word: str | None = None
) -> Moved:
    """The pure part of /move: permission, then the ruleset's ruling (``word``: the
    action as the user gave it, read by the ruleset)."""
    request = with_token(encounter, actor, request)
    _check_permission(encounter, actor, request)
    request = with_action(encounter, request, word)
    result = ruleset_of(encounter).move(encounter, request)
    return Moved(result.encounter, move_summary(result), result)


def real_move(
    encounter: Encounter, actor: Actor, request: MoveRequest, word: str | None = None
) -> Moved:
    """A move that is made: the GM's (and a player's on a board hiding nothing from them)
    on the whole board; a player's planned on the board they see, then met by what is
    hidden (``encounter_ops.discovery``)."""
    if is_gm(encounter, actor) or not hides_from(encounter, actor.user_id):
        return plan(encounter, actor, request, word)
    # read here: the hidden creatures' attacks are worked out for the action taken
    request = with_action(encounter, request, word)
    met = move_meeting_hidden(
        encounter,
        ruleset_of(encounter),
        actor.user_id,
        request,
        lambda board, asked: _checked(plan(board, actor, asked).result),
    )
    said = met.found.for_the_table(met.mover)
    summary = move_summary(met.result) if met.result is not None else f"{met.mover} stayed"
    return Moved(
        met.encounter,
        "; ".join([summary, *said]),
        met.result,
        met.found,
        met.found.for_the_gm(met.mover),
        met.mover,
        met.start,
    )


def _checked(result: MoveResult | None) -> MoveResult:
    assert result is not None  # plan() always rules
    return result


def preview(
    encounter: Encounter, actor: Actor, request: MoveRequest, word: str | None = None
) -> Moved:
    """/move preview:true: the same ruling, for anyone and at any time (asking writes
    nothing, so there is no one's turn to wait for)."""
    request = with_action(encounter, with_token(encounter, actor, request), word)
    result = ruleset_of(encounter).move(encounter, request)
    return Moved(result.encounter, move_summary(result), result)


def read_request(options: Mapping[str, Any]) -> tuple[MoveRequest, str | None]:
    """/move's options read once into a typed request (its special move, if any, read by
    the registry), and the action's word: the ruleset reads that (``with_action``), once
    the encounter says which ruleset it is."""
    to = Cell.parse(options["to"]) if options.get("to") else None
    special = read_special(options)
    request = MoveRequest(
        token=options.get("token") or "",
        to=to,
        via=parse_waypoints(options.get("via")),
        mode=options["mode"].strip().lower() if options.get("mode") else None,
        forced=options.get("forced"),
        by=options.get("by"),
        jump=Cell.parse(options["jump"]) if options.get("jump") else None,
        check=options.get("check"),
        bonus=MoveAction(options["bonus"]) if options.get("bonus") else None,
        extra_action=options.get("extra_action") or None,
        group=tuple(n.strip() for n in options.get("group", "").split(",") if n.strip()),
        ready=bool(options.get("ready")),
        through=options.get("through"),
        up_ft=int(options.get("up") or 0) - int(options.get("down") or 0),
        special=special,
    )
    if request.by and not request.forced:
        raise InvalidInput("by: names who pushes or pulls; give forced:push or forced:pull too.")
    # the ruleset's action, unless the word named the special move (action:bull-rush)
    word = options.get("action") if special is None or special.keeps_action else None
    return request, word


def with_action(encounter: Encounter, request: MoveRequest, word: str | None) -> MoveRequest:
    """``request`` with its action: ``word`` read in the encounter's ruleset's words (a
    push, pull or slide takes no action: the word is left unread, as it always was).
    An extra action granted (extra_action:) is checked against the ruleset here too."""
    rules = ruleset_of(encounter)
    if request.extra_action is not None:
        _check_extra_action(rules, request)
    if word is None or request.forced:
        return request
    return replace(request, action=rules.economy.read_action(word))


def _check_extra_action(rules: Ruleset, request: MoveRequest) -> None:
    """extra_action: is an action granted on the token's own turn, where the ruleset has
    such features (the SRDs' Action Surge, Haste)."""
    if not rules.granted_actions:
        raise InvalidInput(
            f"{rules.name}'s movement rules grant no extra actions: leave out extra_action:."
        )
    if request.extra_action not in rules.granted_actions:
        raise InvalidInput(
            f'"{request.extra_action}" is no extra action {rules.id} grants: extra_action: '
            f"takes {', '.join(rules.granted_actions)}."
        )
    if request.forced or request.ready:
        raise InvalidInput(
            "An extra action is taken on the token's own turn: no extra_action: with "
            "forced: or ready:true."
        )


async def handle_move(ctx: Context, options: Mapping[str, Any]) -> Reply:
    request, word = read_request(options)
    legs = parse_directions(options.get("path"))
    if legs and (request.to is not None or request.via):
        raise InvalidInput(
            "path: gives the whole way from where the token stands: leave out "
            "to: and via: (or give to: alone for the cheapest way)."
        )
    actor = actor_of(ctx)
    previewing = bool(options.get("preview"))

    def previewed(board: Encounter) -> Moved:
        return _previewed(board, actor, request, word, legs)

    def made(whole: Encounter) -> Moved:
        asked = directed(whole, with_token(whole, actor, request), legs)
        moved = real_move(whole, actor, asked, word)
        if not moved.found.anything:  # what is hidden may stop it short, as any move
            as_written(moved.result, asked, legs, seen_in(ctx, whole).encounter)
        return moved

    try:
        if previewing:
            # on the board as the asker sees it: a preview discovers nothing
            board = seen_in(ctx, (await load_active(ctx)).encounter).encounter
            moved = await board_work(previewed, board)
            saved = False
        else:
            changed = await change_encounter(ctx, "move", made, whole_board=True)
            moved, saved = changed.outcome, changed.saved
    except MoveRefused as refused:  # the rules say what stopped it; here it is put in words
        raise refusal_error(refused.refusal) from refused
    result = moved.result
    if result is None:
        return await stopped_at_once(ctx, moved)
    by_gm = is_gm(result.encounter, actor)
    # a move is announced on the board the table may see; a hidden token's own move is
    # answered to the asker alone, on the board they see
    shown = (
        as_seen(result.encounter, by_gm=by_gm, viewer=ctx.user_id)
        if is_hidden(result.token)
        else public(result.encounter)
    )
    reply = await move_reply(
        replace(result, encounter=shown),
        saved=saved,
        preview=previewing,
        background=await ctx_background(ctx, result.encounter),
        table_units=await ctx.channel_units() or "feet",
    )
    if is_hidden(result.token):  # a hidden token's move is the GM's to know
        reply = replace(reply, ephemeral=True)
    reply = without_hidden_attackers(reply, result.encounter)  # named to the GM alone
    if moved.found.anything:
        reply = with_discovery(reply, moved)
    return await with_attack_pings(ctx, reply, result.encounter)


def _previewed(
    board: Encounter, actor: Actor, request: MoveRequest, word: str | None, legs: Legs
) -> Moved:
    asked = directed(board, with_token(board, actor, request), legs)
    moved = preview(board, actor, asked, word)
    as_written(moved.result, asked, legs, board)
    return moved


def ruled_preview(board: Encounter, actor: Actor, options: Mapping[str, Any]) -> Moved:
    """/move preview:true's ruling of ``options`` on ``board`` (as the asker sees it),
    without its words or picture: whether the rules would take it (a refusal raises).
    The mover asks it of a way it might offer (a Dash that would reach)."""
    request, word = read_request(options)
    legs = parse_directions(options.get("path"))
    if legs and (request.to is not None or request.via):
        raise InvalidInput("path: gives the whole way: leave out to: and via:.")
    return _previewed(board, actor, request, word, legs)


async def stopped_at_once(ctx: Context, moved: Moved) -> Reply:
    """A player's move a hidden creature blocked at its first step: it goes nowhere."""
    stored = await load_active(ctx)
    shown = seen_in(ctx, stored.encounter).encounter
    found = moved.found
    where = found.blocked.cell if found.blocked is not None else moved.start
    reply = encounter_reply(
        shown,
        title=f"{moved.mover} stays at {moved.start} — something blocks the way at {where}",
        fields=(
            Field("Path", str(moved.start)),
            Field("Cost", "—; nothing was spent"),
        ),
        result={
            "token": moved.mover,
            "path": [str(moved.start)],
            "cost_ft": 0.0,
            "provokes": [],
            "provoked_at": {},
        },
        changed=False,
    )
    return with_discovery(reply, moved)


MOVE = Command(
    "move",
    "Move a token on the grid: path, cost, what's left, and who it provokes",
    (
        Option(
            "token",
            "string",
            "The token that moves (default: yours, when you have one or it's your turn)",
            refers_to="token",
        ),
        Option("to", "string", "Where it ends (top-left square), e.g. D4"),
        Option("via", "string", 'Squares to pass on the way, in order, e.g. "C3 D5"'),
        Option(
            "path",
            "string",
            'The way as directions instead of to:, e.g. "10nw 5n" (feet and compass points)',
        ),
        Option("mode", "string", "How it moves (default walk; the ruleset's modes are suggested)"),
        Option("action", "string", "Which action (the channel's ruleset's are suggested)"),
        Option(
            "bonus",
            "string",
            "5e and 5e-2024: a bonus action too, Dash or Disengage (Cunning Action, Nimble Escape)",
            choices=BONUS_CHOICES,
        ),
        Option(
            "extra_action",
            "string",
            "GM, 5e and 5e-2024: grant one more action this turn (Action Surge; Haste: "
            "Dash or Disengage)",
            choices=EXTRA_ACTION_CHOICES,
        ),
        Option(
            "forced",
            "string",
            "GM: push, pull or slide it (spends no movement)",
            choices=FORCED_CHOICES,
        ),
        Option("by", "string", "Who pushes or pulls (with forced:)", refers_to="token"),
        Option("jump", "string", "Jump on the way, landing on this square, e.g. E4"),
        Option(
            "group",
            "string",
            'becmi: tokens moving with it, e.g. "Bo, Cy" (slowest rate)',
            refers_to="tokens",
        ),
        Option(
            "check",
            "integer",
            "A check's total where the rules ask (a jump; 3.5: Ride; 5e: save to stay mounted)",
            min_value=-50,
            max_value=200,
        ),
        Option("preview", "boolean", "Only show the ruling and the picture: nothing moves"),
        Option("ready", "boolean", "A readied move out of the token's turn: spent in one go"),
        Option(
            "drag",
            "string",
            "A creature it grapples, dragged along (at the rules' cost)",
            refers_to="token",
        ),
        Option(
            "through",
            "string",
            "Pass opponents' spaces: overrun or tumble (3.5, epic-path); the checks are listed",
            choices=("overrun", "tumble"),
        ),
        Option(
            "target",
            "string",
            "With action:bull-rush (or charge): the foe to push (3.5)",
            refers_to="token",
        ),
        Option(
            "margin",
            "integer",
            "With action:bull-rush: what the opposed check was won by (a loss: negative)",
            min_value=-99,
            max_value=99,
        ),
        Option(
            "mount",
            "string",
            "Climb onto this mount (it enters its space and pays the cost)",
            refers_to="token",
        ),
        Option("dismount", "boolean", "Get off its mount, stepping down to to:"),
        Option(
            "heavy",
            "string",
            "Moving a heavy object (3.5): its weight for the mover (over: beyond max load)",
            choices=("light", "medium", "heavy", "over"),
        ),
        Option(
            "up", "integer", "Fly up this far too, in feet", min_value=5, max_value=5000, unit="ft"
        ),
        Option(
            "down",
            "integer",
            "Fly down this far too, in feet",
            min_value=5,
            max_value=5000,
            unit="ft",
        ),
    ),
    handle_move,
    changes_state=True,
)
