"""Issue 41's invariants of a move's consequences, over every ruleset of the registry
and every kind of move of the kinds registry (``bot.rules.engine.specials.KINDS``), on
random small boards: after any accepted move a rider is where its mount is, no grapple
outlasts its reach, no token ends in a wall, and a pushed creature never moves farther
than the rule allows (the consequences stage: ``engine/consequences.py``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.encounter import Condition, Encounter, Token
from bot.errors import RulingError
from bot.grid.coords import Cell
from bot.grid.geometry import footprint
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.rules import rulesets
from bot.rules.engine.pipeline import planned_move
from bot.rules.engine.specials import KINDS
from bot.rules.engine.specials.bull_rush import BullRush
from bot.rules.engine.specials.dismount import Dismount
from bot.rules.engine.specials.drag import Drag
from bot.rules.engine.specials.heavy import Heavy
from bot.rules.engine.specials.mount import Mount
from bot.rules.moving import MoveRequest
from bot.rules.ruleset import Ruleset

RULESETS = sorted(rulesets())
SIDE = 8

# One request of each kind of move on the board below (Ari walks, Bo rides the Horse,
# Ari grapples the Orc, Cy walks beside Ari): a new kind adds its line here, or
# test_every_kind_has_a_request fails.
Asking = Callable[[Cell, int], MoveRequest]
REQUESTS: dict[str, Asking] = {
    "walk": lambda to, n: MoveRequest("Bo" if n % 2 else "Ari", to=to),  # Bo: the Horse
    "readied": lambda to, n: MoveRequest("Ari", to=to, ready=True),
    "group": lambda to, n: MoveRequest("Ari", to=to, group=("Cy",)),
    "bull-rush": lambda to, n: MoveRequest(
        "Ari", special=BullRush("Horse" if n % 2 else "Orc", n - 3)
    ),
    "heavy": lambda to, n: MoveRequest("Ari", to=to, special=Heavy("medium")),
    "mount": lambda to, n: MoveRequest("Cy", special=Mount("Horse")),
    "dismount": lambda to, n: MoveRequest("Bo", to=to, special=Dismount()),
    "drag": lambda to, n: MoveRequest("Ari", to=to, special=Drag("Orc")),
    "forced": lambda to, n: MoveRequest(
        "Horse" if n % 2 else "Bo",
        to=to,
        forced=("push", "pull", "slide")[n % 3],
        by="Ari",
        check=n,
    ),
}
KIND_NAMES = [kind.name for kind in KINDS]


def test_every_kind_has_a_request() -> None:
    assert set(KIND_NAMES) <= set(REQUESTS), "add a request for the new kind to REQUESTS"


def board(ruleset: str, walls: frozenset[Cell], spots: list[Cell]) -> Encounter:
    """Ari and Cy (party), Bo riding the Large Horse, the Orc grappled by Ari beside it,
    walls elsewhere."""
    ari, horse, cy = spots[0], spots[1], spots[2]
    orc = Cell(min(ari.col + 1, SIDE - 1), ari.row)
    if orc in (horse, cy) or orc == ari:
        orc = Cell(max(ari.col - 1, 0), ari.row)
    tokens = {
        "ari": Token("Ari", ari, speed_ft=30, team="party"),
        "horse": Token("Horse", horse, speed_ft=50, size=Size.LARGE, team="party"),
        "bo": Token("Bo", horse, speed_ft=30, team="party", riding="horse"),
        "cy": Token("Cy", cy, speed_ft=30, team="party"),
        "orc": Token(
            "Orc",
            orc,
            speed_ft=30,
            team="enemy",
            grappled_by=("ari",),
            conditions=frozenset({Condition.GRAPPLED.value}),
        ),
    }
    rules = rulesets()[ruleset]
    filled = {c for t in tokens.values() for c in footprint(t.cell, _side(rules, t))}
    terrain = {c: Terrain.WALL for c in walls if c not in filled}
    return Encounter(SIDE, SIDE, ruleset, "gm", tokens=tokens, terrain=terrain)


def _side(rules: Ruleset, token: Token) -> int:
    return rules.footprint_squares.get(token.size, 1)


def _reach(rules: Ruleset, holder: Token, held: Token) -> bool:
    squares = max(1, (holder.reach_ft or rules.square_ft) // rules.square_ft)
    mine = footprint(holder.cell, _side(rules, holder))
    theirs = footprint(held.cell, _side(rules, held))
    return any(max(abs(a.col - b.col), abs(a.row - b.row)) <= squares for a in mine for b in theirs)


def _in_a_wall(rules: Ruleset, encounter: Encounter, token: Token) -> bool:
    """Whether ``token``'s space holds a wall, past what squeezing allows: a creature of
    several squares squeezes into a space as narrow as its ruleset's squeeze width,
    anchored where it stands (engine/steps.py)."""

    def open_(cells: tuple[Cell, ...]) -> bool:
        return not any(encounter.terrain.get(c, Terrain.CLEAR).blocks for c in cells)

    side = _side(rules, token)
    if open_(footprint(token.cell, side)):
        return False
    width = rules.space.squeeze_width(side)
    return width >= side or not (
        open_(footprint(token.cell, width, side)) or open_(footprint(token.cell, side, width))
    )


cells = st.builds(Cell, st.integers(0, SIDE - 2), st.integers(0, SIDE - 2))


@pytest.mark.parametrize("kind", KIND_NAMES)
@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    walls=st.frozensets(cells, max_size=8),
    spots=st.lists(cells, min_size=3, max_size=3, unique=True),
    to=cells,
    n=st.integers(0, 25),
)
def test_after_any_accepted_move_the_consequences_hold(
    ruleset: str, kind: str, walls: frozenset[Cell], spots: list[Cell], to: Cell, n: int
) -> None:
    """Issue 41's invariants for ``kind`` under ``ruleset``."""
    rules = rulesets()[ruleset]
    horse = spots[1]
    big = set(footprint(horse, 2))
    if spots[0] in big or spots[2] in big:
        return  # the Horse's space holds no one else on foot
    encounter = board(ruleset, walls, spots)
    try:
        planned, result = planned_move(rules, encounter, REQUESTS[kind](to, n))
    except RulingError:
        return  # refused: nothing changed, nothing to check
    after = result.encounter
    for token in after.tokens.values():
        # no token ends in a wall
        assert not _in_a_wall(rules, after, token), f"{token.name} ends in a wall"
        # a rider is where its mount is
        mount = after.mount_of(token)
        if token.riding is not None:
            assert mount is not None and token.cell == mount.cell, f"{token.name} left behind"
            assert token.altitude_ft == mount.altitude_ft
        # no grapple outlasts its reach
        for holder_key in token.grappled_by:
            holder = after.tokens[holder_key]
            assert _reach(rules, holder, token), f"{holder.name} holds {token.name} out of reach"
    # a pushed creature never moves farther than the rule allows
    for moved in planned.displacements:
        if moved.how == "pushed":
            assert moved.most_squares is not None, "a push says how far its rule allows"
            assert moved.squares <= moved.most_squares
