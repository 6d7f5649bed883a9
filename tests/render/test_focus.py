"""Where the window goes on a big map when nothing says (no move drawn, no
``at:``): round the action, never on the empty middle between far tokens.

The order: the acting token; else a token that has moved (``Activity.moved``:
the encounter keeps no order of moves across tokens); else the tokens' middle
when they all fit in one window; else the window holding the most tokens, ties
to the earlier token. All on a 200x200 map, whose window at 24 px is 41x41 (as
/map whole:true draws it, ``phone=False``; a phone's window is narrower and chosen the
same way: tests/render/test_phone_width.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.encounter import Activity, Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.render import style as s
from bot.render.board import BoardView, board_window, render_board
from bot.render.layout import Layout, plan
from bot.rules import get_ruleset
from tests.render.pixels import cell_box, draw, share

FOOT = get_ruleset("5e-alt").footprint_squares
FOOT_EP = get_ruleset("epic-path").footprint_squares
MOVED = Activity(budget_ft=30.0, spent_ft=20.0, actions=("move",))


def big(*tokens: Token) -> Encounter:
    e = Encounter(200, 200, "5e-alt", "gm")
    for token in tokens:
        e = e.with_token(token)
    return e


def at(name: str, where: str, team: str = "enemy", **more: object) -> Token:
    return Token(name, Cell.parse(where), team=team, **more)  # type: ignore[arg-type]


def shows(layout: Layout, token: Token, footprints: Mapping[Size, int] = FOOT) -> bool:
    """The token's whole footprint is in the window."""
    side = footprints.get(token.size, 1)
    first, last = layout.first, layout.last
    return (
        first.col <= token.cell.col
        and token.cell.col + side - 1 <= last.col
        and first.row <= token.cell.row
        and token.cell.row + side - 1 <= last.row
    )


def drawn(e: Encounter, name: str) -> bool:
    """The token's disc is on the rendered image, in its team colour."""
    image, layout = draw(e, FOOT, BoardView(phone=False))
    token = e.token(name)
    if not layout.shows(token.cell):
        return False
    box = cell_box(layout, token.cell, inset=layout.cell // 4)
    return share(image, box, s.TEAM_COLOUR[token.team]) > 0.4


def test_two_far_tokens_show_one_of_them_not_the_empty_middle():
    """The reported case: K40 and GR190 used to give CH95–DV135, empty."""
    e = big(at("Ari", "K40", "party"), at("Orc", "GR190"))
    layout = plan(e, FOOT, BoardView(phone=False))
    assert layout.inset and layout.cols < 200
    assert shows(layout, e.token("Ari"))  # a tie: the earlier token
    assert drawn(e, "Ari")
    first, last = board_window(e, FOOT)
    assert (str(first), str(last)) != ("CH95", "DV135")


def test_the_acting_token_comes_first():
    e = big(at("Ari", "K40", "party"), at("Orc", "GR190"), at("Gob", "GP188"))
    e = replace(e, order=("ari", "orc"), turn_index=1)
    e = e.with_token(replace(e.token("Ari"), activity=MOVED))  # moved, but not its turn
    layout = plan(e, FOOT, BoardView(phone=False))
    assert shows(layout, e.token("Orc")) and not shows(layout, e.token("Ari"))
    assert drawn(e, "Orc")


def test_the_token_that_moved_when_no_turn_order_runs():
    """/move Ari to:K44, then /map: the window is round Ari, though two
    tokens stand together far away."""
    e = big(at("Orc", "GR190"), at("Gob", "GP188"), at("Ari", "K44", "party", activity=MOVED))
    layout = plan(e, FOOT, BoardView(phone=False))
    assert shows(layout, e.token("Ari"))
    assert not shows(layout, e.token("Orc"))
    assert drawn(e, "Ari") and not drawn(e, "Orc")
    # Round Ari: level with it down the window (across, the map's edge stops it).
    assert layout.x0 == 0
    assert abs(layout.y0 + layout.rows / 2 - (43 + 0.5)) <= 1


def test_with_several_movers_the_window_holding_most_of_them():
    e = big(
        at("Ari", "K40", "party", activity=MOVED),
        at("Orc", "GR190", activity=MOVED),
        at("Gob", "GP188", activity=MOVED),
        at("Idle 1", "L41", "neutral"),
        at("Idle 2", "L42", "neutral"),
    )
    layout = plan(e, FOOT, BoardView(phone=False))
    assert shows(layout, e.token("Orc")) and shows(layout, e.token("Gob"))
    assert not shows(layout, e.token("Ari"))


def test_a_token_that_only_dropped_prone_has_not_moved():
    prone_only = Activity(actions=("drop-prone",))
    e = big(at("Ari", "K40", "party", activity=prone_only), at("Orc", "GR190", activity=MOVED))
    assert shows(plan(e, FOOT, BoardView(phone=False)), e.token("Orc"))


def test_tokens_that_fit_in_one_window_are_all_shown_round_their_middle():
    """40 columns apart: with the 2-square margin the region needs 44 (more than
    the 41 a window holds), but the two tokens themselves fit."""
    e = big(at("Ari", "K100", "party"), at("Orc", "AY130"))
    layout = plan(e, FOOT, BoardView(phone=False))
    assert layout.inset and layout.cols == 41
    assert shows(layout, e.token("Ari")) and shows(layout, e.token("Orc"))
    assert drawn(e, "Ari") and drawn(e, "Orc")


def test_otherwise_the_densest_cluster():
    e = big(
        at("Ari", "K40", "party"),  # alone, and first
        at("Bo", "CV100", "party"),
        at("Orc", "GR190"),
        at("Gob 1", "GP188"),
        at("Gob 2", "GM180"),
        at("Gob 3", "GC170"),
    )
    layout = plan(e, FOOT, BoardView(phone=False))
    for name in ("Orc", "Gob 1", "Gob 2", "Gob 3"):
        assert shows(layout, e.token(name)), name
    assert not shows(layout, e.token("Ari")) and not shows(layout, e.token("Bo"))
    assert drawn(e, "Gob 3")


def test_the_densest_cluster_is_centred_on_its_middle():
    """Three tokens across 31 columns: no window centred on one of them holds
    all three, but one window does, and it is round their middle."""
    e = big(
        at("Far", "A1", "neutral"),
        at("Orc", "CV100"),
        at("Gob 1", "DA100"),
        at("Gob 2", "DZ100"),
    )
    layout = plan(e, FOOT, BoardView(phone=False))
    middle = (99 + 129 + 1) / 2
    assert abs(layout.x0 + layout.cols / 2 - middle) <= 1
    for name in ("Orc", "Gob 1", "Gob 2"):
        assert shows(layout, e.token(name)), name


def test_ties_go_to_the_earlier_token():
    ari, orc = at("Ari", "K40", "party"), at("Orc", "GR190")
    assert shows(plan(big(ari, orc), FOOT, BoardView(phone=False)), ari)
    assert shows(plan(big(orc, ari), FOOT, BoardView(phone=False)), orc)


def test_big_tokens_count_by_their_whole_footprint():
    """A Colossal dragon (5x5) and two rats: the rats' window wins, 2 to 1."""
    e = Encounter(200, 200, "epic-path", "gm")
    e = e.with_token(Token("Dragon", Cell.parse("K40"), size=Size.COLOSSAL, team="enemy"))
    e = e.with_token(Token("Rat 1", Cell.parse("GR190"), size=Size.TINY))
    e = e.with_token(Token("Rat 2", Cell.parse("GQ189"), size=Size.TINY))
    layout = plan(e, FOOT_EP, BoardView(phone=False))
    assert shows(layout, e.token("Rat 1"), FOOT_EP) and shows(layout, e.token("Rat 2"), FOOT_EP)
    e = e.with_token(Token("Imp", Cell.parse("N40"), size=Size.TINY))
    e = e.with_token(Token("Imp 2", Cell.parse("K46"), size=Size.TINY))
    layout = plan(e, FOOT_EP, BoardView(phone=False))
    assert shows(layout, e.token("Dragon"), FOOT_EP)


def test_no_tokens_keeps_the_middle_of_the_map():
    layout = plan(big(), FOOT, BoardView(phone=False))
    assert abs(layout.x0 + layout.cols / 2 - 100) <= 1
    assert abs(layout.y0 + layout.rows / 2 - 100) <= 1


def test_an_explicit_centre_still_wins():
    e = big(at("Ari", "K40", "party", activity=MOVED), at("Orc", "GR190"))
    layout = plan(e, FOOT, BoardView(phone=False, center=Cell.parse("CV100")))
    assert layout.x0 <= 99 < layout.x0 + layout.cols
    assert not shows(layout, e.token("Ari")) and not shows(layout, e.token("Orc"))


def test_same_encounter_same_bytes():
    def build() -> Encounter:
        return big(at("Ari", "K40", "party"), at("Orc", "GR190"), at("Gob", "GP188"))

    assert render_board(build(), FOOT) == render_board(build(), FOOT)


@st.composite
def crowds(draw_: st.DrawFn) -> Encounter:
    width = draw_(st.integers(1, 200))
    height = draw_(st.integers(1, 200))
    e = Encounter(width, height, "epic-path", "gm")
    for i in range(draw_(st.integers(1, 6))):
        size = draw_(st.sampled_from([Size.TINY, Size.MEDIUM, Size.LARGE, Size.COLOSSAL]))
        side = FOOT_EP[size]
        if side > min(width, height):
            size, side = Size.MEDIUM, 1
        cell = Cell(draw_(st.integers(0, width - side)), draw_(st.integers(0, height - side)))
        activity = MOVED if draw_(st.booleans()) else Activity()
        e = e.with_token(Token(f"T{i}", cell, size=size, activity=activity))
    if draw_(st.booleans()):
        keys = tuple(e.tokens)
        e = replace(e, order=keys, turn_index=draw_(st.integers(0, len(keys) - 1)))
    return e


@settings(max_examples=150, deadline=None)
@given(crowds(), st.one_of(st.none(), st.integers(24, 64)))
def test_the_default_window_always_shows_the_action(e: Encounter, zoom: int | None):
    """Some token is always wholly in view; the acting token, or else a mover,
    when there is one."""
    layout = plan(e, FOOT_EP, BoardView(phone=False, zoom=zoom))
    tokens = list(e.tokens.values())
    assert any(shows(layout, t, FOOT_EP) for t in tokens)
    if e.acting is not None:
        assert shows(layout, e.acting, FOOT_EP)
    elif any(t.activity.moved for t in tokens):
        assert any(shows(layout, t, FOOT_EP) for t in tokens if t.activity.moved)


@st.composite
def clusters(draw_: st.DrawFn) -> Encounter:
    """Up to 12 idle Medium tokens on a map a little bigger than a 41x41 window."""
    width, height = draw_(st.integers(42, 90)), draw_(st.integers(42, 90))
    e = Encounter(width, height, "5e-alt", "gm")
    for i in range(draw_(st.integers(2, 12))):
        cell = Cell(draw_(st.integers(0, width - 1)), draw_(st.integers(0, height - 1)))
        e = e.with_token(Token(f"T{i}", cell))
    return e


@settings(max_examples=100, deadline=None)
@given(clusters())
def test_no_window_position_holds_more_tokens(e: Encounter):
    """Checked against every position a window of the same size could take."""
    layout = plan(e, FOOT, BoardView(phone=False))
    tokens = list(e.tokens.values())

    def held(x0: int, y0: int) -> int:
        return sum(
            x0 <= t.cell.col < x0 + layout.cols and y0 <= t.cell.row < y0 + layout.rows
            for t in tokens
        )

    if (layout.cols, layout.rows) == (e.width, e.height):
        return  # the whole map fits: no window to place
    most = max(
        held(x0, y0)
        for x0 in range(e.width - layout.cols + 1)
        for y0 in range(e.height - layout.rows + 1)
    )
    assert held(layout.x0, layout.y0) == most
