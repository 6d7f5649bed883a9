"""The mover's menu (issue 40 item 1) as a property: whatever a token reaches, the menu
is one Discord takes (at most 25 options, each value once, labels within 100
characters), offers only squares it reaches (a Dash's marked, and only those), and its
pages hold every square it reaches exactly once, in name order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.handlers.mover_squares import DASH_SUFFIX, MAX_OPTIONS, squares_menu
from bot.handlers.mover_state import MoverState

FOOTPRINTS = {size: 1 for size in Size}
SIDE = 30

cells = st.builds(Cell, st.integers(0, SIDE - 1), st.integers(0, SIDE - 1))


def board(others: list[Cell]) -> tuple[Encounter, Token]:
    mover = Token(name="Ari", cell=Cell(15, 15), team="party")
    tokens = {mover.key: mover}
    for i, cell in enumerate(others):
        other = Token(name=f"Orc {i}", cell=cell, team="enemy" if i % 2 else "party")
        tokens[other.key] = other
    return Encounter(width=SIDE, height=SIDE, ruleset="5e", gm_id="1", tokens=tokens), mover


@settings(max_examples=60, deadline=None)
@given(
    now=st.dictionaries(cells, st.integers(1, 12).map(lambda n: 5.0 * n), max_size=300),
    more=st.dictionaries(cells, st.integers(13, 24).map(lambda n: 5.0 * n), max_size=300),
    others=st.lists(cells, max_size=30, unique=True),
)
def test_the_menu_is_one_discord_takes_and_pages_reach_every_square(
    now: dict[Cell, float], more: dict[Cell, float], others: list[Cell]
) -> None:
    encounter, token = board([c for c in others if c != token_cell()])
    more = {c: v for c, v in more.items() if c not in now}
    state = MoverState(token="ari", start="P16")

    def menu(page: int) -> list[tuple[str, str]]:
        shown = squares_menu(
            encounter,
            token,
            now,
            more,
            dash_word="Dash",
            footprints=FOOTPRINTS,
            state=state,
            page=page,
        )
        options = [(o.value, o.label) for o in shown.options]
        assert 1 <= len(options) <= MAX_OPTIONS
        assert len({v for v, _ in options}) == len(options)
        assert all(len(label) <= 100 for _, label in options)
        return options

    reached = {c for c in (*now, *more) if c != token.cell}
    for value, _ in menu(0):
        if value.startswith("p") or value == "-":
            continue
        cell = Cell.parse(value.removesuffix(DASH_SUFFIX))
        assert cell in reached
        assert value.endswith(DASH_SUFFIX) == (cell not in now)
    listed: list[Cell] = []
    pages = [v for v, _ in menu(0) if v.startswith("p")]
    while pages:
        options = menu(int(pages[-1][1:]))
        listed += [Cell.parse(v.removesuffix(DASH_SUFFIX)) for v, _ in options if v[0] != "p"]
        pages = [v for v, _ in options[1:] if v.startswith("p")]
    if listed:
        assert listed == sorted(reached, key=lambda c: (c.col, c.row))
    else:  # it all fits on the first: every square it reaches is there
        first = {Cell.parse(v.removesuffix(DASH_SUFFIX)) for v, _ in menu(0) if v != "-"}
        assert first == reached


def token_cell() -> Cell:
    return Cell(15, 15)
