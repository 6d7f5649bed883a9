"""What the live board's pages show (issue 39): a channel's board as one view sees it,
as data (tokens, the order, the latest lines, the picture's geometry) and as a picture
of the whole map; and where a token may go from there.

A view is the table's (the board as everyone may see it), a player's (the board they
see: the table's, and their own hidden tokens) or the GM's (everything, hidden things
marked as on the GM's pictures). Each is built once per change of the board it shows
(``LiveBoard.digest``: two boards that look the same to a view have the same digest),
never once per open page, and a player's page is built from what they may see alone,
so it is the page of the same board without the hidden things.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.encounter import Encounter
from bot.encounter_ops.turns import turn_text
from bot.encounter_ops.visibility import as_seen, for_the_gm, for_the_table, is_hidden, public
from bot.grid.sizes import Size
from bot.handlers.backgrounds import background_of
from bot.handlers.board_areas import with_areas
from bot.handlers.encounter_common import ruleset_of
from bot.handlers.history import secret
from bot.render.board import render_board
from bot.render.layout import plan
from bot.render.legibility import texts
from bot.render.view import BoardView, MoveOverlay
from bot.rules.moving import destinations, speed_bands
from bot.schema.codec import dump_state
from bot.storage import HISTORY_DEPTH, Change, DamagedBoard, Store
from bot.token_labels import token_labels
from bot.units import feet
from bot.work import board as board_work

PAGE_CELL_PX = 40  # the page's squares: token labels read at 9 px or more unzoomed
LINES = 8  # the latest /history lines a page shows
PICTURES_KEPT = 64  # pictures kept, by digest, for the pages asking for them


@dataclass(frozen=True)
class Viewer:
    """Who looks: the channel, the view, and the user (a personal or GM link's)."""

    channel_id: str
    view: str  # "table", "personal" or "gm"
    user_id: str | None = None

    def shown(self, whole: Encounter) -> Encounter:
        """The board this viewer sees."""
        if self.view == "gm":
            return whole
        if self.view == "personal" and self.user_id is not None:
            return as_seen(whole, by_gm=False, viewer=self.user_id)
        return public(whole)


@dataclass(frozen=True)
class LiveBoard:
    """One view's page data (JSON-ready) and the digest that names it."""

    data: dict[str, Any]
    digest: str


async def board_versions(store: Store, channel_ids: list[str]) -> dict[str, str | None]:
    """The running boards' versions in these channels (None: no board): what the feed
    reads to learn that something changed."""
    return await store.board_versions(channel_ids)


async def listen_for_changes(
    store: Store, heard: Callable[[str], None]
) -> Callable[[], Awaitable[None]]:
    """Call ``heard(channel_id)`` whenever any process changes a board ("": one it can't
    name), where the database can say so (PostgreSQL); what it returns stops listening."""
    return await store.listen_boards(heard)


async def live_board(store: Store, viewer: Viewer) -> LiveBoard:
    """The page's data for ``viewer``: nothing but what that view may show."""
    try:
        stored = await store.active_encounter(viewer.channel_id)
    except DamagedBoard as damaged:
        return _named({"board": None, "notice": damaged.message})
    if stored is None:
        return _named({"board": None, "notice": "No encounter here yet: /encounter start."})
    changes = await store.history(viewer.channel_id, HISTORY_DEPTH)
    # the bands, the layout and the lines read the whole board: beside the event loop
    built: LiveBoard = await board_work(_built, stored.encounter, changes, viewer)
    return built


def _built(whole: Encounter, changes: list[Change], viewer: Viewer) -> LiveBoard:
    shown = viewer.shown(whole)
    return _named(
        {
            "board": _board(shown, viewer),
            "lines": _lines(changes, whole, viewer)[:LINES],
            "notice": None,
        },
        background=shown.background.image if shown.background else "",
    )


def _named(data: dict[str, Any], background: str = "") -> LiveBoard:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(f"{text}|{background}".encode()).hexdigest()[:24]
    return LiveBoard({**data, "digest": digest}, digest)


def _board(shown: Encounter, viewer: Viewer) -> dict[str, Any]:
    rules = ruleset_of(shown)
    view = _page_view(shown)
    layout = plan(shown, rules.footprint_squares, view)
    labels = token_labels(shown, rules.footprint_squares)
    acting = shown.acting
    return {
        "width": shown.width,
        "height": shown.height,
        "ruleset": rules.id,
        "square_ft": rules.square_ft,
        "turn": turn_text(shown),
        "round": shown.round,
        "acting": acting.name if acting is not None else None,
        "state": hashlib.sha256(dump_state(shown).encode()).hexdigest()[:24],
        "picture": {
            "cell_px": layout.cell,
            "left_px": layout.left,
            "top_px": layout.top,
            "width_px": layout.width,
            "height_px": layout.height,
            # the picture's smallest text, drawn at this size: the page shows the picture
            # at its own size, so this is what a phone reads (docs/PICTURES.md: 9 or more)
            "smallest_text_px": min(
                t.font_px for t in texts(shown, rules.footprint_squares, view, layout)
            ),
        },
        "tokens": [
            {
                "name": t.name,
                "label": labels[t.key],
                "cell": str(t.cell),
                "col": t.cell.col,
                "row": t.cell.row,
                "squares": rules.footprint_squares.get(t.size, 1),
                "team": t.team,
                "hidden": is_hidden(t),
                "mine": viewer.user_id is not None and t.owner == viewer.user_id,
            }
            for t in shown.tokens.values()
        ],
        "order": [shown.tokens[k].name for k in shown.order],
    }


def _lines(changes: list[Change], whole: Encounter, viewer: Viewer) -> list[str]:
    """The latest /history lines as the view reads them, as /history reads them to the
    same user: the GM's whole, the table's without the lines it never saw and without
    the GM's part of the rest."""
    if viewer.view == "gm":
        return [f"/{c.command}: {for_the_gm(c.summary)}" for c in changes]
    return [f"/{c.command}: {for_the_table(c.summary)}" for c in changes if not secret(whole, c)]


def _page_view(shown: Encounter) -> BoardView:
    """The page's picture: the whole map, the acting token's bands shaded."""
    return BoardView(page=True, zoom=PAGE_CELL_PX, phone=False, move=_acting_bands(shown))


_pictures: OrderedDict[tuple[str, str], bytes] = OrderedDict()


async def live_picture(store: Store, viewer: Viewer, digest: str) -> bytes | None:
    """The page's picture of the board ``digest`` names (None when the board has moved
    on: the page asks for the new one), drawn once per board and view."""
    key = (viewer.channel_id, digest)
    kept = _pictures.get(key)
    if kept is not None:
        _pictures.move_to_end(key)
        return kept
    board = await live_board(store, viewer)
    if board.digest != digest or board.data["board"] is None:
        return None
    stored = await store.active_encounter(viewer.channel_id)
    if stored is None:
        return None
    shown = viewer.shown(stored.encounter)
    rules = ruleset_of(shown)
    background = await background_of(store, viewer.channel_id, shown)
    view = replace(
        _page_view(shown),
        background=background,
        square_ft=rules.square_ft,
    )
    png: bytes = await board_work(_drawn, shown, rules.footprint_squares, view)
    _pictures[key] = png
    while len(_pictures) > PICTURES_KEPT:
        _pictures.popitem(last=False)
    return png


def _drawn(encounter: Encounter, footprints: Mapping[Size, int], view: BoardView) -> bytes:
    """``render_board``, handed the templates' squares (worked out here, on the pool)."""
    return render_board(encounter, footprints, with_areas(encounter, view))


def _acting_bands(shown: Encounter) -> MoveOverlay | None:
    """The acting token's reach this turn and what a dash adds, as the page shades them,
    and the last moves' paths."""
    acting = shown.acting
    if acting is None:
        return None
    rules = ruleset_of(shown)
    now, more = speed_bands(rules, shown, acting.name, None)
    # the last moves' paths: each token's ways in its latest turn (the acting token's
    # on top), drawn under the tokens
    legs = (
        *(leg for t in shown.tokens.values() if t.key != acting.key for leg in t.activity.legs),
        *acting.activity.legs,
    )
    if not now and not more and not legs:
        return None
    return MoveOverlay(
        path=(acting.cell,),
        costs_ft=(0.0,),
        mover=acting.name,
        reach_now=now,
        reach_more=more,
        square_ft=rules.square_ft,
        earlier=legs,
    )


def reachable(shown: Encounter, name: str, dash_word: str | None) -> list[dict[str, Any]]:
    """Where ``name`` may end a move this turn, with each square's cost: the squares its
    move reaches, then those only a dash (``dash_word``, the ruleset's) adds."""
    rules = ruleset_of(shown)
    plain = destinations(rules, shown, name)
    seen = {cell for cell, _ in plain}
    out = [
        {"cell": str(c), "cost": feet(cost), "cost_ft": cost, "dash": False} for c, cost in plain
    ]
    if dash_word:
        action = rules.economy.read_action(dash_word)
        extra = destinations(rules, shown, name, action=action)
        out += [
            {"cell": str(c), "cost": feet(cost), "cost_ft": cost, "dash": True}
            for c, cost in extra
            if c not in seen
        ]
    return out


__all__ = [
    "PAGE_CELL_PX",
    "LiveBoard",
    "Viewer",
    "board_versions",
    "live_board",
    "live_picture",
    "reachable",
]
