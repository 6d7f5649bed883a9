"""The turn changes: /turn order, next and clear, and the turn line every reply shows."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace

from bot.dice import roll
from bot.encounter import Encounter, Token
from bot.encounter_ops.access import GM_IS, Actor, is_gm, require_gm
from bot.encounter_ops.outcomes import Edit, Initiative, TurnEdit
from bot.encounter_ops.templates import expired
from bot.encounter_ops.tokens import replace_token
from bot.encounter_ops.visibility import is_hidden, with_gm_note
from bot.errors import InvalidInput, NotAllowed
from bot.rules.ruleset import Ruleset

D20 = 20


def turn_text(encounter: Encounter) -> str:
    """``Round 3 · Ari's turn`` or ``Round 3 · no turn order``; a hidden token's turn is
    ``the GM's turn`` (every reply carries this line, and the table may read it)."""
    acting = encounter.acting
    if acting is not None and is_hidden(acting):
        who = "the GM's turn"
    elif acting is not None:
        who = f"{acting.name}'s turn"
    elif encounter.order and encounter.turn_index is None:
        who = "the GM's turn"  # the board as players see it, a hidden token acting
    else:
        who = "no turn order"
    return f"Round {encounter.round} · {who}"


def _start(encounter: Encounter, ruleset: Ruleset, keys: Iterable[str]) -> Encounter:
    """The turn of ``keys`` begins: their movement fresh, and the board message's lines
    (a reveal, an area that ended) cleared: they were the turn before's news."""
    encounter = replace(encounter, board_lines=())
    for key in keys:
        encounter = replace_token(encounter, key, ruleset.economy.start_turn(encounter.tokens[key]))
    return encounter


def order_from_names(encounter: Encounter, text: str) -> tuple[Token, ...]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise InvalidInput(
            'Name the tokens in turn order, separated by commas: "Ari, Goblin 1, Bo".'
        )
    tokens = [encounter.token(n) for n in names]
    seen: set[str] = set()
    for token in tokens:
        if token.key in seen:
            raise InvalidInput(f"{token.name} is named twice in the order; name each token once.")
        seen.add(token.key)
    return tuple(tokens)


def rolled(token: Token, rng: random.Random) -> Initiative:
    """A d20 plus the token's initiative modifier."""
    d20 = roll(1, D20, rng).total
    return Initiative(token.name, d20 + token.initiative_bonus, d20, token.initiative_bonus)


def typed(token: Token, value: int) -> Initiative:
    """The table's own roll for the token (a player's physical d20 and modifier)."""
    return Initiative(token.name, value, modifier=token.initiative_bonus, typed=True)


def roll_initiative(encounter: Encounter, rng: random.Random) -> tuple[Initiative, ...]:
    """A d20 plus its initiative modifier per token, highest first; a token whose
    initiative the table typed (/turn roll value:) keeps it. Ties go to the higher
    modifier, then to a d20 rolled again between those still tied (the 3.5 SRD's rule;
    5e leaves ties to the table, and the bot uses the same: docs/RULINGS.md).

    The tokens the table sees are rolled first, their ties among themselves, so their
    dice and order are those of the same board without the hidden tokens; the hidden
    ones are rolled after, and one tied with a seen token goes after it
    (docs/RULINGS.md: Hidden tokens in the turn order)."""
    tokens = list(encounter.tokens.values())
    seen = _rolled_in_order([t for t in tokens if not is_hidden(t)], rng)
    unseen = _rolled_in_order([t for t in tokens if is_hidden(t)], rng)
    order = list(seen)
    for r in unseen:  # before the first seen roll it beats outright, or it was tied after
        place = next(
            (i for i, s in enumerate(order) if _beats(r, s)),
            len(order),
        )
        order.insert(place, r)
    return tuple(order)


def _rolled_in_order(tokens: list[Token], rng: random.Random) -> list[Initiative]:
    """The tokens' initiatives, highest first, ties among them rolled again."""
    rolls = [typed(t, t.initiative) if t.initiative is not None else rolled(t, rng) for t in tokens]
    totals = [(r.roll, r.modifier) for r in rolls]
    rolls = [
        replace(r, tiebreak=roll(1, D20, rng).total)
        if totals.count((r.roll, r.modifier)) > 1
        else r
        for r in rolls
    ]
    return sorted(
        rolls, key=lambda r: (-r.roll, -r.modifier, -(r.tiebreak or 0), r.name.casefold())
    )


def _beats(hidden: Initiative, seen: Initiative) -> bool:
    """Whether a hidden token's roll goes before a seen token's: a higher total, or the
    same total with a higher modifier (a tie with a seen token goes after it)."""
    return (hidden.roll, hidden.modifier) > (seen.roll, seen.modifier)


def set_order(
    encounter: Encounter,
    ruleset: Ruleset,
    actor: Actor,
    *,
    names: str | None,
    rng: random.Random | None,
) -> TurnEdit:
    """/turn order: the order given (``names``) or rolled (``rng``); round 1 begins."""
    require_gm(encounter, actor, "set the turn order")
    if not encounter.tokens:
        raise InvalidInput("There are no tokens yet: add some with /token add first.")
    rolls: tuple[Initiative, ...] = ()
    if names is not None:
        tokens = order_from_names(encounter, names)
    elif rng is not None:
        rolls = roll_initiative(encounter, rng)
        tokens = tuple(encounter.token(r.name) for r in rolls)
    else:
        raise InvalidInput('Give the order (order:"Ari, Goblin 1, Bo") or roll:true to roll it.')
    order = tuple(t.key for t in tokens)
    if rolls:  # each keeps its initiative: who joins later takes its place by it
        for r in rolls:
            token = encounter.token(r.name)
            encounter = replace_token(encounter, token.key, replace(token, initiative=r.roll))
    after = replace(encounter, order=order, turn_index=0, round=1)
    after = _start(after, ruleset, order[:1])
    how = "rolled" if rolls else "set"
    summary = _table_and_gm(
        f"turn order {how}: {', '.join(t.name for t in tokens if not is_hidden(t))}",
        f"the whole order: {', '.join(t.name for t in tokens)}",
        any(is_hidden(t) for t in tokens),
    )
    return TurnEdit(after, summary, rolls, (tokens[0].name,))


def _table_and_gm(table: str, gm: str, hides: bool) -> str:
    """A summary the table reads (``table``), with the GM's part (``gm``) when what it
    changed ``hides`` something: a line that names a hidden token is the GM's alone."""
    return with_gm_note(table, gm) if hides else table


def seen_place(encounter: Encounter, order: list[str] | tuple[str, ...], index: int) -> int:
    """The place (from 1) of ``order[index]`` counting the tokens the table sees."""
    return 1 + sum(not is_hidden(encounter.tokens[k]) for k in order[:index])


def next_turn(encounter: Encounter, ruleset: Ruleset, actor: Actor) -> TurnEdit:
    """/turn next: the next token in order (a new round after the last), or the next round."""
    acting = encounter.acting
    if not is_gm(encounter, actor):
        if acting is None:
            raise NotAllowed(f"Only the GM can start the next round ({GM_IS}).")
        if acting.owner != actor.user_id:
            whose = "the GM's" if is_hidden(acting) else f"{acting.name}'s"
            raise NotAllowed(f"It is {whose} turn: only its owner or the GM can end it ({GM_IS}).")
    if acting is None or encounter.turn_index is None:
        keys = tuple(encounter.tokens)
        after, ended = expired(_start(replace(encounter, round=encounter.round + 1), ruleset, keys))
        return TurnEdit(
            after,
            f"round {after.round} begins",
            started=tuple(after.tokens[k].name for k in keys),
            ended=ended,
        )
    index = (encounter.turn_index + 1) % len(encounter.order)
    round_ = encounter.round + 1 if index == 0 else encounter.round
    key = encounter.order[index]
    after = _start(replace(encounter, turn_index=index, round=round_), ruleset, (key,))
    after, ended = expired(after)
    token = after.tokens[key]
    summary = (
        with_gm_note(f"round {round_} · the GM's turn", f"{token.name}'s turn")
        if is_hidden(token)
        else f"round {round_} · {token.name}'s turn"
    )
    return TurnEdit(after, summary, started=(token.name,), ended=ended)


def add_to_order(
    encounter: Encounter,
    actor: Actor,
    name: str,
    *,
    after: str | None,
    position: int | None,
    rng: random.Random | None = None,
) -> TurnEdit:
    """/turn add: a late combatant joins the running order, keeping the round and whose
    turn it is: after ``after``, at ``position`` from 1, or else at its place by its
    initiative (rolled now with ``rng`` when it has none yet)."""
    require_gm(encounter, actor, "change the turn order")
    if not encounter.order or encounter.turn_index is None:
        raise InvalidInput("There is no turn order yet: /turn order sets one.")
    acting_key = encounter.order[encounter.turn_index]
    token = encounter.token(name)
    if token.key in encounter.order:
        raise InvalidInput(f"{token.name} is already in the turn order.")
    if after is not None and position is not None:
        raise InvalidInput("Give after: or position:, not both.")
    rolls: tuple[Initiative, ...] = ()
    order = list(encounter.order)
    if after is not None:
        before = encounter.token(after)
        if before.key not in order:
            raise InvalidInput(f"{before.name} is not in the turn order.")
        index = order.index(before.key) + 1
    elif position is not None:
        index = min(max(position, 1), len(order) + 1) - 1
    else:
        if token.initiative is None and rng is not None:
            rolls = (rolled(token, rng),)
            token = replace(token, initiative=rolls[0].roll)
            encounter = replace_token(encounter, token.key, token)
        index = place_by_initiative(encounter, order, token)
    order.insert(index, token.key)
    after_edit = replace(encounter, order=tuple(order), turn_index=order.index(acting_key))
    where = seen_place(encounter, order, index) if not is_hidden(token) else index + 1
    return TurnEdit(after_edit, f"{token.name} joins the turn order at {where}", rolls)


def place_by_initiative(encounter: Encounter, order: list[str], token: Token) -> int:
    """Where ``token`` goes in ``order`` by its initiative, as the table sees it: a token
    the table sees takes the place among the tokens it sees that the same board without
    the hidden ones would give it (so a public reply, and every later one, reads as on
    that board), then its place by initiative among the hidden tokens between those two;
    a hidden token its place among all."""
    if is_hidden(token):
        return by_initiative(encounter, order, token)
    seen = [k for k in order if not is_hidden(encounter.tokens[k])]
    place = by_initiative(encounter, seen, token)
    low = order.index(seen[place - 1]) + 1 if place > 0 else 0
    high = order.index(seen[place]) if place < len(seen) else len(order)
    return low + by_initiative(encounter, order[low:high], token)


def by_initiative(encounter: Encounter, order: list[str], token: Token) -> int:
    """Where ``token`` goes in ``order`` by its initiative: before the first token with a
    lower one (or an equal one with a lower modifier); last when it has none."""
    if token.initiative is None:
        return len(order)
    mine = (token.initiative, token.initiative_bonus)
    for i, key in enumerate(order):
        other = encounter.tokens[key]
        if other.initiative is not None and (other.initiative, other.initiative_bonus) < mine:
            return i
    return len(order)


def roll_for(
    encounter: Encounter,
    actor: Actor,
    name: str,
    *,
    value: int | None,
    rng: random.Random,
) -> TurnEdit:
    """/turn roll: a token's initiative, the table's own roll (``value``) or the bot's
    d20 plus its modifier; a player rolls for their own tokens, the GM for any. In a
    running order the token takes (or moves to) its place by it, unless it is acting."""
    token = encounter.token(name)
    if not is_gm(encounter, actor) and token.owner != actor.user_id:
        raise NotAllowed(
            f"{token.name} isn't yours: players roll initiative for their own tokens, the "
            f"GM for any ({GM_IS})."
        )
    result = typed(token, value) if value is not None else rolled(token, rng)
    token = replace(token, initiative=result.roll)
    encounter = replace_token(encounter, token.key, token)
    said = f"{token.name} rolls initiative {result.roll}"
    if not encounter.order:
        return TurnEdit(encounter, said, (result,))
    # no turn index with an order: a hidden token acts, on the board a player sees
    index = encounter.turn_index
    acting_key = encounter.order[index] if index is not None else None
    if token.key == acting_key:
        return TurnEdit(encounter, f"{said}; it is acting, so its place stays", (result,))
    order = [k for k in encounter.order if k != token.key]
    place = place_by_initiative(encounter, order, token)
    order.insert(place, token.key)
    acting_index = order.index(acting_key) if acting_key is not None else None
    moved = replace(encounter, order=tuple(order), turn_index=acting_index)
    where = seen_place(moved, order, place) if not is_hidden(token) else place + 1
    return TurnEdit(moved, f"{said}: it goes at {where} in the order", (result,))


def remove_from_order(
    encounter: Encounter, actor: Actor, name: str, ruleset: Ruleset | None = None
) -> TurnEdit:
    """/turn remove: a token leaves the order; the round goes on, and if it was acting
    the next token's turn begins (its movement fresh, with ``ruleset``)."""
    require_gm(encounter, actor, "change the turn order")
    token = encounter.token(name)
    if token.key not in encounter.order or encounter.turn_index is None:
        raise InvalidInput(f"{token.name} is not in the turn order.")
    if len(encounter.order) == 1:
        raise InvalidInput(f"{token.name} is the only one in the order: /turn clear ends it.")
    acting_key = encounter.order[encounter.turn_index]
    order = [k for k in encounter.order if k != token.key]
    if acting_key == token.key:
        index = encounter.turn_index % len(order)  # the next one's turn
    else:
        index = order.index(acting_key)
    edited = replace(encounter, order=tuple(order), turn_index=index)
    if acting_key != token.key:
        return TurnEdit(edited, f"{token.name} leaves the turn order")
    if ruleset is not None:
        edited = _start(edited, ruleset, order[index : index + 1])
    following = edited.tokens[order[index]].name
    return TurnEdit(edited, f"{token.name} leaves the turn order", started=(following,))


def clear_order(encounter: Encounter, actor: Actor) -> Edit:
    require_gm(encounter, actor, "clear the turn order")
    if not encounter.order:
        raise InvalidInput("There is no turn order to clear.")
    for key, token in encounter.tokens.items():  # the next fight rolls anew
        if token.initiative is not None:
            encounter = replace_token(encounter, key, replace(token, initiative=None))
    return Edit(replace(encounter, order=(), turn_index=None), "turn order cleared")
