"""The token changes: /token add, edit and remove, one token at a time. What the
options are is token_options.py; /token condition is conditions.py; several tokens at
once are bulk_tokens.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, replace

from bot.encounter import (
    Encounter,
    Token,
    token_key,
)
from bot.encounter_ops.access import (
    GM_IS,
    Actor,
    is_gm,
    mention,
    require_control,
    require_riders,
)
from bot.encounter_ops.outcomes import Edit, TokenEdit
from bot.encounter_ops.placement import (
    check_room,
    first_fit,
    size_label,
)
from bot.encounter_ops.token_options import TokenOptions, apply_options, parse_token_size
from bot.errors import IllegalMove, InvalidInput, NotAllowed
from bot.grid.coords import Cell, parse_on_map
from bot.grid.sizes import Size
from bot.limits import MAX_NAME, MAX_TOKENS
from bot.rules.moving import at_altitude, falls_from_the_air, let_go, with_grapplers
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import Note


def check_name(encounter: Encounter, name: str, *, ignore: str | None = None) -> str:
    """A token name: 1 to 32 characters, one line, no commas, unique here."""
    text = name.strip()
    if not text or len(text) > MAX_NAME or "\n" in text or "\r" in text:
        raise InvalidInput(f"A token name is one line of 1 to {MAX_NAME} characters.")
    if "," in text:
        raise InvalidInput(
            f'"{text}": a token name can\'t hold a comma (turn orders are written as '
            'comma lists: "Ari, Goblin 1, Bo").'
        )
    if "`" in text:
        raise InvalidInput(f'"{text}": a token name can\'t hold a backtick (`).')
    if "\u2060" in text:  # the mark of the bot's own mentions (bot.reply.MENTION_MARK)
        raise InvalidInput("A token name can't hold an invisible word joiner (U+2060).")
    key = token_key(text)
    if not key:
        raise InvalidInput(f'"{text}" has no letters or digits to name a token by.')
    existing = encounter.tokens.get(key)
    if existing is not None and key != ignore:
        raise InvalidInput(
            f'There is already a token named "{existing.name}" here (names ignore case). '
            "Pick another name, e.g. with a number: Goblin 2."
        )
    return text


def require_may_give_owner(encounter: Encounter, actor: Actor, owner: str | None) -> None:
    """Players own what they add; only the GM makes someone else a token's owner."""
    if owner is not None and owner != actor.user_id and not is_gm(encounter, actor):
        raise NotAllowed(
            f"Players add and keep tokens for themselves; only the GM gives a token another "
            f"owner ({GM_IS})."
        )


def not_in_order(encounter: Encounter, token: Token) -> tuple[Note, ...]:
    if encounter.order and token.key not in encounter.order:
        return (
            Note(
                "Turn order",
                f"{token.name} is not in the turn order: /turn add token:{token.name} gives "
                "it its place by its initiative (rolled now, or /turn roll value: first for "
                "the table's own roll); /turn order would start round 1 again.",
            ),
        )
    return ()


def add_token(
    encounter: Encounter, ruleset: Ruleset, actor: Actor, name: str, opts: TokenOptions
) -> TokenEdit:
    """/token add: a new token, placed at ``at`` or in the first square it fits."""
    name = check_name(encounter, name)
    if len(encounter.tokens) >= MAX_TOKENS:
        raise IllegalMove(
            f"This encounter has {MAX_TOKENS} tokens, the most it can hold. Remove one first."
        )
    require_may_give_owner(encounter, actor, opts.owner)
    if opts.hidden is not None and not is_gm(encounter, actor):
        raise NotAllowed(f"Only the GM hides tokens ({GM_IS}).")
    # a player's token is theirs and on the party's side; the GM's, nobody's and an enemy
    # (a monster, most often: a GM's ally or bystander says team:party or team:neutral),
    # unless the GM gives it an owner: a player's character, on the party's side
    gm = is_gm(encounter, actor)
    players = opts.owner is not None and not is_gm(encounter, Actor(opts.owner))
    if encounter.order and not gm:
        # else removing a token and adding it again would move it out of turn
        raise NotAllowed(
            "A turn order is running: only the GM adds tokens now (a late combatant joins "
            f"with the GM's /token add and /turn order; {GM_IS})."
        )
    unplaced = Token(
        name=name,
        cell=Cell(0, 0),
        team="enemy" if gm and not players else "party",
        owner=None if gm else actor.user_id,
    )
    size = parse_token_size(ruleset, opts.size) if opts.size else Size.MEDIUM
    token, notes = apply_options(unplaced, ruleset, opts, size)
    if opts.at is not None:
        cell = parse_on_map(opts.at, encounter.width, encounter.height)
        check_room(encounter, ruleset, replace(token, cell=cell))
    else:
        found = first_fit(encounter, ruleset, size)
        if found is None:
            raise IllegalMove(
                f"There is no room left on the map for {name} ({size_label(size, ruleset)}). "
                "Clear some terrain or remove a token."
            )
        cell = found
    token = replace(token, cell=cell)
    after = encounter.with_token(token)
    notes += not_in_order(after, token)
    if opts.team is None:
        said = _team_default(token, gm=gm, players=players)
        if gm and not players and not encounter.tokens:
            said += _asked_once(token)
        notes += (Note("Team", said),)
    summary = f"added {name} ({size.label}, {token.team}) at {cell}"
    return TokenEdit(after, summary, token, notes)


def _team_default(token: Token, *, gm: bool, players: bool) -> str:
    """Why a token added without team: is on its side, and how to say otherwise."""
    if not gm:
        whose = "a player's tokens are the party's"
    elif players:
        whose = "a token with a player for its owner is the party's"
    else:
        whose = "the GM's tokens are enemies"
    return f"{token.team}: {whose} unless team: says otherwise."


def _asked_once(token: Token) -> str:
    """Said with the board's first token when the GM adds it with neither owner: nor team:
    (issue 40: a console GM's first "/token add name:Ari" was an enemy, unasked)."""
    return (
        f" Is {token.name} a player's character? /token edit token:{token.name} team:party "
        "makes it the party's (owner:<player> also gives it to them)."
    )


def replace_token(encounter: Encounter, key: str, token: Token) -> Encounter:
    """``token`` in place of the token at ``key``, keeping its place (a rename too: who
    rides it or is grappled by it follows the new name)."""
    tokens = {
        (token.key if k == key else k): (token if k == key else _renamed(t, key, token.key))
        for k, t in encounter.tokens.items()
    }
    order = tuple(token.key if k == key else k for k in encounter.order)
    return replace(encounter, tokens=tokens, order=order)


def edit_token(
    encounter: Encounter,
    ruleset: Ruleset,
    actor: Actor,
    name: str,
    opts: TokenOptions,
    rename: str | None = None,
) -> TokenEdit:
    """/token edit: change what was given, keep the rest."""
    old = encounter.token(name)
    require_control(encounter, actor, old, "edit")
    if not opts.given() and rename is None:
        raise InvalidInput(
            f"Nothing to change on {old.name}: give an option to change, e.g. "
            f"/token edit token:{old.name} speed:40 or rename:<new name>."
        )
    require_may_give_owner(encounter, actor, opts.owner)
    if opts.hidden is not None and not is_gm(encounter, actor):
        raise NotAllowed(f"Only the GM hides or reveals tokens ({GM_IS}).")
    if opts.at is not None and encounter.order and not is_gm(encounter, actor):
        raise NotAllowed(
            f"A turn order is running: move {old.name} with /move. Only the GM places "
            "tokens with /token edit at: during one."
        )
    new_name = check_name(encounter, rename, ignore=old.key) if rename is not None else old.name
    size = parse_token_size(ruleset, opts.size) if opts.size else old.size
    token, notes = apply_options(old, ruleset, opts, size)
    token = replace(token, name=new_name)
    if opts.at is not None:
        token = replace(token, cell=parse_on_map(opts.at, encounter.width, encounter.height))
    moved = token.cell != old.cell
    riders = encounter.riders_of(old)
    if moved:
        require_riders(encounter, actor, old, riders, f"placing {old.name} at {token.cell}")
    if moved and token.riding:  # placed elsewhere, a rider is off its mount
        token = replace(token, riding=None)
        notes = (*notes, Note("Off its mount", f"{old.name} stands at {token.cell}, on foot."))
    if moved or token.size != old.size:
        others = encounter
        for rider in riders:  # its riders sit in its space: they go where it goes
            others = others.without_token(rider.key)
        check_room(others, ruleset, token, ignore=old.key)
    fell = falls_from_the_air(old, token, ruleset)
    if fell is not None:  # a flyer whose speed fails it lands below: the fall is /fall's
        notes = (*notes, fell)
        token = at_altitude(token, 0)
    changes = describe_changes(old, token, opts.every.names())
    after = replace_token(encounter, old.key, token)
    if moved:
        for rider in riders:
            after = replace_token(after, rider.key, replace(rider, cell=token.cell))
    return TokenEdit(after, _edit_summary(old, token, changes), token, notes)


def _edit_summary(old: Token, new: Token, changes: list[str]) -> str:
    """/history's line for an edit: a reveal said in the open (issue 29), not "edited"."""
    if old.hidden and not new.hidden:
        rest = [c for c in changes if not c.startswith("hidden ")]
        edited = f"; edited: {', '.join(rest)}" if rest else ""
        return f"{new.name} is revealed at {new.cell}{edited}"
    return f"edited {old.name}: " + (", ".join(changes) or "no change")


_LABELS = {
    "cell": "at",
    "speed_ft": "speed",
    "speeds_ft": "speeds",
    "reach_ft": "reach",
    "speed_bonus_ft": "speed bonus",
    "speed_bonuses_ft": "typed speed bonuses",
    "reach_weapon": "reach weapon",
}


def _shown(value: object) -> str:
    if isinstance(value, Size):
        return value.label
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {v} ft" for k, v in value.items()) or "none"
    if isinstance(value, frozenset):
        return ", ".join(sorted(value)) or "none"
    return "none" if value is None else str(value)


def describe_changes(old: Token, new: Token, order: Sequence[str] = ()) -> list[str]:
    """``["renamed Aria", "size Large", "at D4"]``: what differs, in the game's words
    (the ruleset options in ``order``, every ruleset's as the registry lists them)."""

    def _state_order(key: str) -> int:
        return order.index(key) if key in order else len(order)

    out: list[str] = []
    for f in fields(Token):
        before, after = getattr(old, f.name), getattr(new, f.name)
        if before == after:
            continue
        if f.name == "state":
            keys = sorted(set(before) | set(after), key=_state_order)
            out += [f"{k} {_shown(after.get(k))}" for k in keys if before.get(k) != after.get(k)]
        elif f.name == "name":
            out.append(f"renamed {after}")
        elif f.name == "owner":
            out.append(f"owner {mention(after) if after else 'the GM'}")
        else:
            out.append(f"{_LABELS.get(f.name, f.name)} {_shown(after)}")
    return out


def _pass_turn_on(before: Encounter, after: Encounter, ruleset: Ruleset) -> Encounter:
    """When the acting token left, the next in order starts its turn (a wrap: a new round)."""
    if before.turn_index is None or after.turn_index is None:
        return after
    if after.acting is None or before.acting is None or before.acting.key in after.tokens:
        return after
    round_ = after.round + 1 if after.turn_index < before.turn_index else after.round
    started = ruleset.economy.start_turn(after.acting)
    return replace(replace_token(after, started.key, started), round=round_)


def _renamed(token: Token, old: str, new: str) -> Token:
    """``token`` with its links to the token keyed ``old`` (its mount, its grapplers)
    following that token's new key ``new``."""
    if old == new:
        return token
    if token.riding == old:
        token = replace(token, riding=new)
    holders = token.grappled_by
    if old in holders:
        token = with_grapplers(token, tuple(new if h == old else h for h in holders))
    return token


def remove_token(encounter: Encounter, ruleset: Ruleset, actor: Actor, name: str) -> Edit:
    token = encounter.token(name)
    require_control(encounter, actor, token, "remove")
    after = _pass_turn_on(encounter, encounter.without_token(token.key), ruleset)
    after, _ = let_go(after, token, "left the board")  # what it held is free
    for rider in after.riders_of(token):  # its riders stay where it stood, on foot
        after = replace_token(after, rider.key, replace(rider, riding=None))
    summary = f"removed {token.name} (was at {token.cell})"
    was_acting = encounter.acting is not None and encounter.acting.key == token.key
    if was_acting and after.acting is not None:
        summary += f"; {after.acting.name}'s turn"
    return Edit(after, summary)
