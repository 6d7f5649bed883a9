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
from dataclasses import dataclass, replace

from bot.encounter import Encounter, Token
from bot.grid.coords import EdgeKey, edge_name
from bot.grid.terrain import Barrier
from bot.state import flag


def is_hidden(token: Token) -> bool:
    return flag(token.state, "hidden")


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
    """Whether ``text`` (a /history summary) names a token or an edge hidden now."""
    if any(edge_name(e) in text for e in encounter.hidden_edges):
        return True
    return any(
        re.search(rf"(?<!\w){re.escape(t.name)}(?!\w)", text, re.IGNORECASE)
        for t in encounter.tokens.values()
        if is_hidden(t)
    )
