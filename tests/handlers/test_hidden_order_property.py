"""Issue 38's invariant for the turn order, on random boards (Hypothesis): whatever
hidden tokens a running order holds (in it or out of it, with or without initiatives),
a change to the order reads, as the table sees it, exactly as the same change on the
board without them: a player's /turn roll (ruled on their view, put back), the GM's
/turn roll and /turn add of a seen token, and a rolled order (the seen tokens' dice
and ties, with the same seed). And the whole board keeps every hidden token, each
once."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.encounter import Encounter, Token
from bot.encounter_ops.access import Actor
from bot.encounter_ops.turns import add_to_order, roll_for, set_order
from bot.encounter_ops.unseen import change_as_seen
from bot.encounter_ops.visibility import is_hidden, public
from bot.grid.coords import Cell
from bot.rules import rulesets

RULESET = rulesets()["3.5"]
GM = Actor("1")
PLAYER = Actor("77")
NAMES = ("Ari", "Bo", "Cy", "Orc 1", "Orc 2", "Lurker", "Shade", "Wolf")
INITIATIVE = st.none() | st.integers(-2, 25)


@st.composite
def ordered_boards(draw: st.DrawFn) -> Encounter:
    """A board with a running order: seen tokens (the player's and the GM's), hidden
    ones in the order or out of it, any of them with an initiative already."""
    names = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=8, unique=True))
    tokens: dict[str, Token] = {}
    for i, name in enumerate(names):
        token = Token(
            name=name,
            cell=Cell(i, 0),
            team="party" if name in ("Ari", "Bo", "Cy") else "enemy",
            owner="77" if name in ("Ari", "Bo", "Cy") else None,
            initiative=draw(INITIATIVE),
            initiative_bonus=draw(st.integers(-1, 3)),
        )
        if name not in ("Ari", "Bo", "Cy") and draw(st.booleans()):
            token = replace(token, hidden=True)
        tokens[token.key] = token
    in_order = [k for k in tokens if draw(st.booleans()) or not is_hidden(tokens[k])]
    order = draw(st.permutations(in_order))
    seen = [k for k in order if not is_hidden(tokens[k])]
    acting = draw(st.sampled_from(seen)) if seen else None
    return Encounter(
        width=10,
        height=3,
        ruleset="3.5",
        gm_id="1",
        tokens=tokens,
        order=tuple(order),
        turn_index=order.index(acting) if acting is not None else None,
    )


def names_in_order(encounter: Encounter) -> list[str]:
    return [encounter.tokens[k].name for k in encounter.order]


def keeps_hidden(whole: Encounter, after: Encounter) -> bool:
    hidden = {k for k, t in whole.tokens.items() if is_hidden(t)}
    in_order = [k for k in after.order if k in hidden]
    return hidden <= set(after.tokens) and len(in_order) == len(set(in_order))


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(ordered_boards(), st.sampled_from(("Ari", "Bo", "Cy")), st.integers(-5, 30))
def test_a_players_roll_reads_as_on_the_board_without_the_hidden_tokens(
    whole: Encounter, name: str, value: int
) -> None:
    if name.lower() not in whole.tokens or whole.acting is None:
        return
    mine = lambda e: roll_for(e, PLAYER, name, value=value, rng=random.Random(1))  # noqa: E731
    outcome, _ = change_as_seen(whole, RULESET, PLAYER.user_id, mine)
    twin = mine(public(whole))
    assert names_in_order(public(outcome.encounter)) == names_in_order(twin.encounter)
    assert public(outcome.encounter).turn_index == twin.encounter.turn_index
    assert keeps_hidden(whole, outcome.encounter)


@SETTINGS
@given(ordered_boards(), st.sampled_from(("Ari", "Bo", "Cy", "Orc 1", "Wolf")), st.integers(-5, 30))
def test_the_gms_roll_for_a_seen_token_reads_as_on_the_board_without(
    whole: Encounter, name: str, value: int
) -> None:
    token = whole.tokens.get(name.lower())
    if token is None or is_hidden(token) or whole.acting is None:
        return
    mine = roll_for(whole, GM, name, value=value, rng=random.Random(1))
    twin = roll_for(public(whole), GM, name, value=value, rng=random.Random(1))
    assert names_in_order(public(mine.encounter)) == names_in_order(twin.encounter)
    assert mine.summary == twin.summary
    assert keeps_hidden(whole, mine.encounter)


@SETTINGS
@given(ordered_boards(), st.integers(0, 2**16))
def test_a_late_seen_token_joins_where_it_would_on_the_board_without(
    whole: Encounter, seed: int
) -> None:
    if whole.acting is None:
        return
    late = Token(name="Dee", cell=Cell(9, 2), team="enemy", initiative_bonus=1)
    board = replace(whole, tokens={**whole.tokens, late.key: late})
    mine = add_to_order(board, GM, "Dee", after=None, position=None, rng=random.Random(seed))
    twin = add_to_order(
        public(board), GM, "Dee", after=None, position=None, rng=random.Random(seed)
    )
    assert names_in_order(public(mine.encounter)) == names_in_order(twin.encounter)
    assert mine.summary == twin.summary
    assert keeps_hidden(board, mine.encounter)


@SETTINGS
@given(ordered_boards(), st.integers(0, 2**16))
def test_a_rolled_order_rolls_the_seen_tokens_as_the_board_without(
    whole: Encounter, seed: int
) -> None:
    if not public(whole).tokens:
        return
    mine = set_order(whole, RULESET, GM, names=None, rng=random.Random(seed))
    twin = set_order(public(whole), RULESET, GM, names=None, rng=random.Random(seed))
    shown = {t.name for t in public(whole).tokens.values()}
    assert [r for r in mine.rolls if r.name in shown] == list(twin.rolls)
    assert names_in_order(public(mine.encounter)) == names_in_order(twin.encounter)
    assert mine.summary.split("\u2063")[0] == twin.summary  # the table's part of the line
