"""The invariant under issue 26's rule, on random boards (Hypothesis): a player's change
ruled on the board they see and put back on the whole board (encounter_ops/unseen.py)
is, as the player sees it afterwards, exactly what that change made of the board without
the hidden things; and the whole board stays sound: every hidden token kept and hidden,
names unique, no token on another's square."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.encounter import Encounter, Token, token_key
from bot.encounter_ops.access import Actor
from bot.encounter_ops.bulk_tokens import add_tokens
from bot.encounter_ops.outcomes import TokenEdit, TokensAdded
from bot.encounter_ops.placement import squares_of
from bot.encounter_ops.token_options import TokenOptions
from bot.encounter_ops.tokens import add_token, edit_token
from bot.encounter_ops.unseen import change_as_seen
from bot.encounter_ops.visibility import as_seen, is_hidden
from bot.errors import RulingError
from bot.grid.coords import Cell
from bot.rules import rulesets

RULESET = rulesets()["5e-alt"]
SIDE = 6
PLAYER = Actor("77")
NAMES = ("Orc 1", "Orc 2", "Orc 3", "Orc 4", "Lurker", "Ari", "Bo", "Wolf 1")
Changed = TokenEdit | TokensAdded
CELLS = st.builds(Cell, st.integers(0, SIDE - 1), st.integers(0, SIDE - 1))


@st.composite
def boards(draw: st.DrawFn) -> Encounter:
    """A 6×6 board with a few tokens on their own squares, some hidden (the GM's)."""
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=6, unique=True))
    cells = draw(st.lists(CELLS, min_size=len(names), max_size=len(names), unique=True))
    tokens: dict[str, Token] = {}
    for name, cell in zip(names, cells, strict=True):
        hidden = draw(st.booleans())
        token = Token(name=name, cell=cell, team="enemy" if hidden else "party", owner="77")
        if hidden:
            token = Token(name=name, cell=cell, team="enemy", hidden=True)
        tokens[token.key] = token
    return Encounter(width=SIDE, height=SIDE, ruleset="5e-alt", gm_id="dm", tokens=tokens)


@st.composite
def changes(draw: st.DrawFn) -> tuple[str, str, int, Cell | None]:
    kind = draw(st.sampled_from(("add", "add several", "move")))
    name = draw(st.sampled_from((*NAMES, "Orc", "Wolf", "Cy")))
    return kind, name, draw(st.integers(2, 3)), draw(st.none() | CELLS)


def apply(encounter: Encounter, change: tuple[str, str, int, Cell | None]) -> Changed:
    kind, name, count, cell = change
    at = str(cell) if cell is not None else None
    if kind == "add":
        return add_token(encounter, RULESET, PLAYER, name, TokenOptions(at=at))
    if kind == "add several":
        return add_tokens(encounter, RULESET, PLAYER, name, TokenOptions(at=at), count)
    mine = [t for t in encounter.tokens.values() if t.owner == "77"]
    if not mine or at is None:
        return add_token(encounter, RULESET, PLAYER, name, TokenOptions())
    return edit_token(encounter, RULESET, PLAYER, mine[0].name, TokenOptions(at=at))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), changes())
def test_a_players_change_is_the_plain_boards_and_keeps_the_hidden(
    whole: Encounter, change: tuple[str, str, int, Cell | None]
) -> None:
    seen = as_seen(whole, by_gm=False, viewer="77")
    try:
        on_plain = apply(seen, change)
    except RulingError as refused:
        # refused on the board the player sees: refused the same on the whole board
        try:
            change_as_seen(whole, RULESET, "77", lambda e: apply(e, change))
        except RulingError as again:
            assert str(again) == str(refused)
            return
        raise AssertionError("refused on the plain board, accepted on the whole") from None
    outcome, note = change_as_seen(whole, RULESET, "77", lambda e: apply(e, change))
    after = outcome.encounter
    # the player's view afterwards is exactly the plain board's result
    assert as_seen(after, by_gm=False, viewer="77") == on_plain.encounter
    # every hidden token is still there, still hidden (renamed at most)
    hidden_before = [t for t in whole.tokens.values() if is_hidden(t)]
    hidden_after = [t for t in after.tokens.values() if is_hidden(t)]
    assert len(hidden_after) == len(hidden_before)
    renamed = {t.name for t in hidden_before} - {t.name for t in hidden_after}
    assert not renamed or "is now" in note
    # names unique, keys their names', and nobody on another's square
    assert all(key == token_key(t.name) for key, t in after.tokens.items())
    taken: set[Cell] = set()
    for token in after.tokens.values():
        squares = set(squares_of(token, RULESET))
        assert not squares & taken, (token.name, squares & taken)
        taken |= squares
