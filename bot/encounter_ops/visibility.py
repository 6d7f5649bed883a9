"""Hidden tokens (an ambush): on the board for the GM, left out for everyone else. Pure.

A hidden token still stands where it stands: it occupies its space and threatens as
any creature does, so a player's move that runs into it, or that it gets an attack of
opportunity on, finds it (the ambush is sprung; the GM then /token edit hidden:false).
What hiding changes is what the table is shown: every picture, the text board and
/encounter show leave it out (no gap, no count) for anyone but the GM, the channel's
board message (which everyone reads) always, and its moves are answered to the GM
alone (docs/RULINGS.md).

The rule every reply follows: a reply the table reads (public) shows the board as
the table may see it (``public``); a reply that shows something hidden (the GM's
/map, /encounter show, /turn show...) goes to the asker alone (``seen_by`` says which).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from bot.encounter import Encounter, Token
from bot.grid.coords import EdgeKey, edge_name
from bot.grid.terrain import Barrier
from bot.rules.moving import with_grapplers

# In a /history line, what follows this mark is the GM's alone (who was found where, a
# hidden token renamed); a line that starts with it is the GM's altogether (a change
# the table can't see). INVISIBLE SEPARATOR: nothing the bot writes itself holds it.
GM_MARK = "\u2063"


def is_hidden(token: Token) -> bool:
    return token.hidden


def as_seen(encounter: Encounter, *, by_gm: bool, viewer: str | None = None) -> Encounter:
    """The encounter as its viewer may see it: the GM sees every token, a player the
    hidden tokens they own; others (and the public board message) none of them."""
    if by_gm or not (
        encounter.hidden_edges or any(is_hidden(t) for t in encounter.tokens.values())
    ):
        return encounter
    shown = {
        k: t
        for k, t in encounter.tokens.items()
        if not is_hidden(t) or (viewer is not None and t.owner == viewer)
    }
    unseen = {k: t.name for k, t in encounter.tokens.items() if k not in shown}
    if unseen:  # what the shown tokens remember of the unseen ones goes too
        shown = {k: _forgetting(t, unseen) for k, t in shown.items()}
    templates = tuple(t for t in encounter.templates if t.follows is None or t.follows in shown)
    order = tuple(k for k in encounter.order if k in shown)
    acting = encounter.acting
    # the acting token keeps its turn; a hidden one's turn shows as nobody's
    turn_index = order.index(acting.key) if acting is not None and acting.key in shown else None
    return replace(
        encounter,
        tokens=shown,
        templates=templates,
        order=order,
        turn_index=turn_index,
        edges=seen_edges(encounter),
        hidden_edges=frozenset(),
    )


def _forgetting(token: Token, unseen: Mapping[str, str]) -> Token:
    """``token`` without its memory of the ``unseen`` tokens (key → name): the attacks
    they had of it this round and their grapple on it."""
    activity = token.activity
    names = set(unseen.values())
    kept = tuple(n for n in activity.provoked_by if n not in names)
    if kept != activity.provoked_by:
        token = replace(token, activity=replace(activity, provoked_by=kept))
    holders = token.grappled_by
    if any(k in unseen for k in holders):
        token = with_grapplers(token, tuple(k for k in holders if k not in unseen))
    return token


def seen_edges(encounter: Encounter) -> dict[EdgeKey, Barrier]:
    """The walls and doors as players see them: a hidden (secret) door looks like the
    wall it is set in; any other hidden edge isn't there to see."""
    if not encounter.hidden_edges:
        return dict(encounter.edges)
    seen: dict[EdgeKey, Barrier] = {}
    for edge, kind in encounter.edges.items():
        if edge not in encounter.hidden_edges:
            seen[edge] = kind
        elif kind in (Barrier.DOOR, Barrier.OPEN_DOOR):
            seen[edge] = Barrier.WALL
    return seen


def public(encounter: Encounter) -> Encounter:
    """What a reply everyone reads may show: no hidden token."""
    return as_seen(encounter, by_gm=False)


@dataclass(frozen=True)
class Seen:
    """The board as a reply shows it, and whether that reply must go to the asker
    alone (it shows a hidden token)."""

    encounter: Encounter
    private: bool


def seen_by(encounter: Encounter, *, by_gm: bool, viewer: str | None) -> Seen:
    """What a viewer's reply shows: the GM everything, privately when something is
    hidden; a player the board without others' hidden tokens (privately when it shows
    their own hidden token)."""
    shown = as_seen(encounter, by_gm=by_gm, viewer=viewer)
    return Seen(shown, bool(shown.hidden_edges) or any(is_hidden(t) for t in shown.tokens.values()))


def names_hidden(encounter: Encounter, text: str) -> bool:
    """Whether ``text`` (a /history summary) names a token or an edge hidden now: what
    lines written before the GM's part was kept apart (``GM_MARK``) are read by. A line
    putting a wall on a secret door's edge says what the table saw (the wall it looks
    like)."""
    if not text.startswith("wall on ") and any(
        edge_name(e) in text for e in encounter.hidden_edges
    ):
        return True
    return any(
        re.search(rf"(?<!\w){re.escape(t.name)}(?!\w)", text, re.IGNORECASE)
        for t in encounter.tokens.values()
        if is_hidden(t)
    )


def for_the_table(summary: str) -> str:
    """A /history line as the table reads it: without the GM's part."""
    return summary.partition(GM_MARK)[0].rstrip()


def for_the_gm(summary: str) -> str:
    """A /history line as the GM reads it: the GM's part in brackets."""
    table, mark, gm = summary.partition(GM_MARK)
    if not mark:
        return summary
    return f"{table} [GM: {gm}]" if table else f"[GM: {gm}]"


def gm_only(summary: str) -> bool:
    """Whether a /history line is the GM's altogether (the table saw no change)."""
    return summary.startswith(GM_MARK)


def with_gm_note(summary: str, note: str) -> str:
    """``summary`` with ``note`` for the GM's eyes; an empty note adds nothing."""
    if not note:
        return summary
    table, mark, gm = summary.partition(GM_MARK)
    return f"{table}{GM_MARK}{gm + '; ' if mark else ''}{note}"
