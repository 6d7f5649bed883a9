"""Hidden tokens (an ambush): on the board for the GM, left out for everyone else. Pure.

A hidden token still stands where it stands: it occupies its space and threatens as
any creature does, so a player's move that runs into it, or that it gets an attack of
opportunity on, finds it (the ambush is sprung; the GM then /token edit hidden:false).
What hiding changes is what the table is shown: every picture, the text board and
/encounter show leave it out (no gap, no count) for anyone but the GM, the channel's
board message (which everyone reads) always, and its moves are answered to the GM
alone (docs/RULINGS.md).
"""

from __future__ import annotations

from dataclasses import replace

from bot.encounter import Encounter, Token
from bot.state import flag


def is_hidden(token: Token) -> bool:
    return flag(token.state, "hidden")


def as_seen(encounter: Encounter, *, by_gm: bool, viewer: str | None = None) -> Encounter:
    """The encounter as its viewer may see it: the GM sees every token, a player the
    hidden tokens they own; others (and the public board message) none of them."""
    if by_gm or not any(is_hidden(t) for t in encounter.tokens.values()):
        return encounter
    shown = {
        k: t
        for k, t in encounter.tokens.items()
        if not is_hidden(t) or (viewer is not None and t.owner == viewer)
    }
    templates = tuple(t for t in encounter.templates if t.follows is None or t.follows in shown)
    order = tuple(k for k in encounter.order if k in shown)
    return replace(encounter, tokens=shown, templates=templates, order=order)
