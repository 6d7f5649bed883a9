"""A player's change ruled on the board they see, then put back on the whole board. Pure.

Issue 26's rule: a player's reply on a board with hidden things is the reply the same
board without them would give. So a player's command is ruled on the board as they
see it (``as_seen``): its checks, its errors (which list the tokens there are), the
names and numbers it picks (Orc 3, Orc 4), the squares it finds free are those of the
board without the hidden things. What it changed is then put back on the whole board
(``put_back``) with every hidden thing kept:

- a hidden token whose name a new token takes is renamed (the next free "Orc 5"), so
  two tokens never share a name and the player's Orc 3 is theirs;
- a hidden token a token is put on steps to the nearest square it fits;
- the hidden doors, the hidden tokens' templates, places in the turn order and what the
  visible tokens remember of them (the attacks they had this round, their grapples)
  stay as they were.

What happened to the hidden things is a note for the GM (the /history line's GM part,
``visibility.with_gm_note``): the GM is told, the table is not (docs/RULINGS.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeVar, cast

from bot.encounter import Encounter, Template, Token, token_key
from bot.encounter_ops.outcomes import Outcome
from bot.encounter_ops.placement import check_room, squares_of
from bot.encounter_ops.visibility import as_seen
from bot.errors import IllegalMove, InvalidInput, RulingError
from bot.grid.coords import Cell
from bot.limits import MAX_NAME, MAX_TEMPLATES, MAX_TOKENS
from bot.rules.moving import with_grapplers
from bot.rules.ruleset import Ruleset

OutcomeT = TypeVar("OutcomeT", bound=Outcome)


def hides_from(encounter: Encounter, viewer: str) -> bool:
    """Whether ``encounter`` holds something ``viewer`` (a player) doesn't see."""
    return as_seen(encounter, by_gm=False, viewer=viewer) is not encounter


def change_as_seen(
    whole: Encounter,
    ruleset: Ruleset,
    viewer: str,
    mutate: Callable[[Encounter], OutcomeT],
) -> tuple[OutcomeT, str]:
    """``mutate`` ruled on the board ``viewer`` sees, its change put back on ``whole``:
    the outcome (its encounter the whole board after) and a note for the GM of what
    a hidden thing did to make way ("" when nothing)."""
    seen = as_seen(whole, by_gm=False, viewer=viewer)
    if seen is whole:
        return mutate(whole), ""
    outcome = mutate(seen)
    back = put_back(whole, seen, outcome.encounter, ruleset)
    return cast(OutcomeT, replace(cast(Any, outcome), encounter=back.encounter)), back.note


@dataclass(frozen=True)
class PutBack:
    encounter: Encounter
    note: str  # for the GM: what a hidden thing did to make way ("" when nothing)


def put_back(whole: Encounter, seen: Encounter, after: Encounter, ruleset: Ruleset) -> PutBack:
    """``after`` (``seen`` changed by a player's command) with the hidden things of
    ``whole`` put back. ``seen`` is ``as_seen(whole, ...)``."""
    if after == seen:
        return PutBack(whole, "")
    notes: list[str] = []
    renamed = _renamed_keys(seen, after)
    gone = {k for k in seen.tokens if k not in after.tokens and k not in renamed}
    hidden, moved_keys = _hidden_tokens(whole, seen, after, notes)
    links = {**renamed, **moved_keys}
    hidden = {k: _follow(t, links, gone) for k, t in hidden.items()}
    tokens = _tokens(whole, seen, after, hidden, renamed, moved_keys)
    merged = replace(
        after,
        tokens=tokens,
        templates=_templates(whole, seen, after, moved_keys, notes),
        edges={**after.edges, **{e: k for e, k in whole.edges.items() if e in whole.hidden_edges}},
        hidden_edges=whole.hidden_edges,
    )
    merged = _ordered(merged, whole, seen, after, renamed, moved_keys)
    merged = _make_room(merged, seen, after, set(hidden), ruleset, notes)
    if len(merged.tokens) > MAX_TOKENS:
        raise IllegalMove(
            f"This encounter has {MAX_TOKENS} tokens, the most it can hold. Remove one first."
        )
    if len(merged.templates) > MAX_TEMPLATES:
        raise InvalidInput(f"At most {MAX_TEMPLATES} templates: remove one first.")
    return PutBack(merged, "; ".join(notes))


# ------------------------------------------------------------------ tokens


def _renamed_keys(seen: Encounter, after: Encounter) -> dict[str, str]:
    """Visible tokens the change renamed (old key → new key): a rename keeps the token's
    place among the tokens (``replace_token``), so it is the one key that changed at
    its place."""
    if len(seen.tokens) != len(after.tokens):
        return {}
    pairs = [(a, b) for a, b in zip(seen.tokens, after.tokens, strict=True) if a != b]
    return dict(pairs) if len(pairs) == 1 and pairs[0][0] not in after.tokens else {}


def _hidden_tokens(
    whole: Encounter, seen: Encounter, after: Encounter, notes: list[str]
) -> tuple[dict[str, Token], dict[str, str]]:
    """The hidden tokens (by key), renamed where the change gave a visible token their
    name, and those renames (old key → new key)."""
    taken = set(after.tokens) | {k for k in whole.tokens if k not in seen.tokens}
    hidden: dict[str, Token] = {}
    moved: dict[str, str] = {}
    for key, token in whole.tokens.items():
        if key in seen.tokens:
            continue
        if key in after.tokens:
            name = free_name(token.name, taken)
            notes.append(f"the hidden {token.name} is now {name} (a player's token took its name)")
            token = replace(token, name=name)
            taken.add(token.key)
            moved[key] = token.key
        hidden[token.key] = token
    return hidden, moved


def free_name(name: str, taken: Iterable[str]) -> str:
    """The first "<name> N" (its own number dropped) whose key isn't ``taken``."""
    keys = set(taken)
    base = re.sub(r"\s+\d+$", "", name.strip()) or name.strip()
    number = 2
    while True:
        suffix = f" {number}"
        candidate = base[: MAX_NAME - len(suffix)].rstrip() + suffix
        if token_key(candidate) not in keys:
            return candidate
        number += 1


def _follow(token: Token, links: Mapping[str, str], gone: set[str]) -> Token:
    """``token`` with its links (its mount, its grapplers) following renamed tokens, and
    let go of those no longer on the board."""
    mount = token.riding
    if mount is not None and mount in gone:
        token = replace(token, riding=None)
    elif mount is not None and mount in links:
        token = replace(token, riding=links[mount])
    holders = token.grappled_by
    kept = tuple(links.get(k, k) for k in holders if k not in gone)
    return with_grapplers(token, kept) if kept != holders else token


def _tokens(
    whole: Encounter,
    seen: Encounter,
    after: Encounter,
    hidden: Mapping[str, Token],
    renamed: Mapping[str, str],
    moved_keys: Mapping[str, str],
) -> dict[str, Token]:
    """Every token, in the whole board's order: the hidden ones, and the visible ones as
    the change left them (with what they remember of the hidden ones restored)."""
    out: dict[str, Token] = {}
    for key, token in whole.tokens.items():
        if key not in seen.tokens:
            new = hidden[moved_keys.get(key, key)]
            out[new.key] = new
            continue
        now = after.tokens.get(renamed.get(key, key))
        if now is None:
            continue  # removed by the change
        out[now.key] = token if now == seen.tokens[key] else _remembering(now, token, moved_keys)
    for key, token in after.tokens.items():
        out.setdefault(key, token)
    return out


def _remembering(now: Token, was: Token, moved_keys: Mapping[str, str]) -> Token:
    """A visible token the change altered, with what ``as_seen`` hid from the change
    put back: the hidden tokens it provoked this round, their grapple (while it is
    still grappled)."""
    unseen_attacks = [n for n in was.activity.provoked_by if n not in now.activity.provoked_by]
    activity = now.activity
    if unseen_attacks and now.activity.spent_ft >= was.activity.spent_ft:
        # the same round (a new one clears the list: nothing to put back then)
        provoked = tuple(dict.fromkeys((*activity.provoked_by, *unseen_attacks)))
        now = replace(now, activity=replace(activity, provoked_by=provoked))
    holders = [moved_keys.get(k, k) for k in was.grappled_by if k not in now.grappled_by]
    if holders and "grappled" in now.conditions:
        now = with_grapplers(now, (*now.grappled_by, *holders))
    return now


def _make_room(
    merged: Encounter,
    seen: Encounter,
    after: Encounter,
    hidden: set[str],
    ruleset: Ruleset,
    notes: list[str],
) -> Encounter:
    """A token the change put where a hidden token stands: the hidden one steps aside to
    the nearest square it fits (it was there first, but the table must not learn it)."""
    placed = [
        t
        for k, t in after.tokens.items()
        if k not in seen.tokens or (seen.tokens[k].cell, seen.tokens[k].size) != (t.cell, t.size)
    ]
    for token in placed:
        squares = set(squares_of(token, ruleset))
        for key in [k for k in hidden if k in merged.tokens]:
            other = merged.tokens[key]
            if not squares & set(squares_of(other, ruleset)):
                continue
            cell = _nearest_fit(merged, ruleset, other)
            if cell is None:
                continue  # nowhere else on the map: they share
            merged = merged.with_token(replace(other, cell=cell))
            notes.append(
                f"the hidden {other.name} stepped from {other.cell} to {cell} "
                f"({token.name} was put there)"
            )
    return merged


def _nearest_fit(encounter: Encounter, ruleset: Ruleset, token: Token) -> Cell | None:
    """The nearest top-left square (ring by ring, then row by row) where ``token`` fits."""
    span = max(encounter.width, encounter.height)
    for ring in range(1, span + 1):
        around = sorted(
            (
                token.cell.offset(dc, dr)
                for dc in range(-ring, ring + 1)
                for dr in range(-ring, ring + 1)
                if max(abs(dc), abs(dr)) == ring
            ),
            key=lambda c: (c.row, c.col),
        )
        for cell in around:
            try:
                check_room(encounter, ruleset, replace(token, cell=cell), ignore=token.key)
            except RulingError:
                continue
            return cell
    return None


# ------------------------------------------------------------------ the rest


def _templates(
    whole: Encounter,
    seen: Encounter,
    after: Encounter,
    moved_keys: Mapping[str, str],
    notes: list[str],
) -> tuple[Template, ...]:
    """The templates in the whole board's order: the hidden tokens' where they were
    (renamed where the change took a name one of them holds), the change's own kept or
    dropped, and those it added last."""
    names = {t.name.casefold() for t in after.templates}
    out: list[Template] = []
    for template in whole.templates:
        if template in seen.templates:
            if template in after.templates:
                out.append(template)
            continue
        if template.follows is not None and template.follows in moved_keys:
            template = replace(template, follows=moved_keys[template.follows])
        if template.name.casefold() in names:
            number = 2
            while f"{template.name} {number}".casefold() in names:
                number += 1
            label = f"{template.name} {number}"
            notes.append(f"the hidden template {template.name} is now {label}")
            template = replace(template, name=label)
        names.add(template.name.casefold())
        out.append(template)
    return (*out, *(t for t in after.templates if t not in seen.templates))


def _ordered(
    merged: Encounter,
    whole: Encounter,
    seen: Encounter,
    after: Encounter,
    renamed: Mapping[str, str],
    moved_keys: Mapping[str, str],
) -> Encounter:
    """The turn order the change gave the visible tokens (a /turn roll moves one), with
    the hidden tokens put back in their places: each right after the visible token it
    followed (the one before that if it was the token the change moved; first if none),
    and whose turn it is: a hidden token's turn stays its own."""
    if not whole.order and not after.order:
        return merged
    order = list(after.order)
    was = [renamed.get(k, k) for k in whole.order if k in seen.tokens]
    moved = _moved_one(was, order)
    followed: str | None = None  # the token the next hidden one comes after
    for key in whole.order:
        if key in seen.tokens:
            now = renamed.get(key, key)
            followed = now if now in order and now != moved else followed
            continue
        hidden_key = moved_keys.get(key, key)
        order.insert(order.index(followed) + 1 if followed is not None else 0, hidden_key)
        followed = hidden_key
    acting = whole.acting
    if acting is not None and acting.key not in seen.tokens:
        now_acting: str | None = moved_keys.get(acting.key, acting.key)
    else:
        now_acting = after.acting.key if after.acting is not None else None
    index = order.index(now_acting) if now_acting in order else None
    return replace(merged, order=tuple(order), turn_index=index)


def _moved_one(was: list[str], now: list[str]) -> str | None:
    """The one token a change moved to another place in the order (``was`` and ``now``
    are the same tokens in a new order but for it), or None."""
    kept = [k for k in was if k in now]
    if kept == [k for k in now if k in was]:
        return None
    for key in kept:
        if [k for k in kept if k != key] == [k for k in now if k in was and k != key]:
            return key
    return None
