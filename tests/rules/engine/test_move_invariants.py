"""Issue 41's invariants of a move's consequences, over every ruleset of the registry
and every kind of move of the kinds registry (``bot.rules.engine.specials.KINDS``), on
random small boards: after any accepted move a rider is where its mount is, no grapple
outlasts its reach, no token ends in a wall, a pushed creature never moves farther
than the rule allows, a displacement ending over a pit or in the air without flying
carries a fall (the consequences stage: ``engine/consequences.py``), and a player's
move leaves no displaced token sharing a hidden creature's square
(``encounter_ops/discovery.py``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.encounter import Condition, Encounter, Token
from bot.encounter_ops.discovery import move_meeting_hidden
from bot.errors import RulingError
from bot.grid.coords import Cell
from bot.grid.geometry import footprint
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.rules import rulesets
from bot.rules.engine.falls import can_fly
from bot.rules.engine.pipeline import planned_move
from bot.rules.engine.specials import KINDS
from bot.rules.engine.specials.bull_rush import BullRush
from bot.rules.engine.specials.dismount import Dismount
from bot.rules.engine.specials.drag import Drag
from bot.rules.engine.specials.heavy import Heavy
from bot.rules.engine.specials.mount import Mount
from bot.rules.engine.unseen import hidden_in_the_way, share_a_cube
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


def _flying_horse(encounter: Encounter, up: int) -> Encounter:
    """The Horse a flyer ``up`` ft above the ground, Bo in its saddle with it."""
    horse, bo = encounter.tokens["horse"], encounter.tokens["bo"]
    horse = replace(horse, speeds_ft={"fly": 60}, altitude_ft=up)
    return encounter.with_token(horse).with_token(replace(bo, altitude_ft=up))


@pytest.mark.parametrize("kind", KIND_NAMES)
@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    pits=st.frozensets(cells, max_size=10),
    spots=st.lists(cells, min_size=3, max_size=3, unique=True),
    to=cells,
    n=st.integers(0, 25),
    up=st.sampled_from([0, 0, 20]),
)
def test_a_displacement_ending_over_a_pit_or_in_the_air_without_flying_carries_a_fall(
    ruleset: str, kind: str, pits: frozenset[Cell], spots: list[Cell], to: Cell, n: int, up: int
) -> None:
    """Issue 41: whatever the kind (a walk into a pit where the ruleset allows it, a push,
    a bull rush's push, a drag), a creature the move leaves in a pit it can't fly over
    or in the air out of the saddle without flying falls: a ``falls`` entry for it (004
    Hazardous Terrain, Forced Movement; the SRDs' Flying Movement), and no such creature
    is left up in the air. Every entry is a displaced creature's."""
    rules = rulesets()[ruleset]
    if {spots[0], spots[2]} & set(footprint(spots[1], 2)):
        return  # the Horse's space holds no one else on foot
    encounter = _flying_horse(board(ruleset, frozenset(), spots), up)
    filled = {c for t in encounter.tokens.values() for c in footprint(t.cell, _side(rules, t))}
    terrain = {c: Terrain.PIT for c in pits if c not in filled}
    encounter = replace(encounter, terrain=terrain)
    try:
        planned, result = planned_move(rules, encounter, REQUESTS[kind](to, n))
    except RulingError:
        return
    after = result.encounter
    falls = result.extra.get("falls", [])
    assert isinstance(falls, list)
    fallen = {}
    for entry in falls:
        assert isinstance(entry, dict)
        fallen[entry["token"]] = entry
    displaced = {d.token: d for d in planned.displacements}
    names = {encounter.tokens[key].name for key in displaced}
    assert set(fallen) <= names, "a fall is a displaced creature's"
    for key, moved in displaced.items():
        token = after.tokens[key]
        if token.riding is not None or can_fly(rules, token):
            assert token.name not in fallen
            continue
        assert not token.altitude_ft, f"{token.name} is left in the air"
        if token.name in fallen and fallen[token.name]["into"] == "air":
            assert fallen[token.name]["height_ft"] > 0
        high = encounter.tokens[key].altitude_ft
        if high and not rules.vertical.forced_in_air:  # moved level: it falls from there
            assert fallen[token.name] == {
                "token": token.name,
                "at": str(token.cell),
                "into": "air",
                "height_ft": high,
            }
        over = [c for c in footprint(token.cell, _side(rules, token)) if c in terrain]
        if over and moved.squares and token.name not in fallen:
            raise AssertionError(f"{token.name} ends over the pit at {over[0]} without a fall")


@pytest.mark.parametrize("kind", KIND_NAMES)
@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    spots=st.lists(cells, min_size=4, max_size=4, unique=True),
    to=cells,
    n=st.integers(0, 25),
)
def test_no_displaced_token_ends_sharing_a_hidden_creatures_square(
    ruleset: str, kind: str, spots: list[Cell], to: Cell, n: int
) -> None:
    """Issue 41 and issue 26: a player's move, planned on the board they see, is met by
    a hidden creature on every displaced token's way (the mover, a foe its bull rush
    pushes, a creature it drags, a group's member): none of them walks into its space
    or ends sharing it, and the hidden creature never has to step aside."""
    rules = rulesets()[ruleset]
    if {spots[0], spots[2], spots[3]} & set(footprint(spots[1], 2)):
        return
    encounter = board(ruleset, frozenset(), spots[:3])
    lurker = Token("Lurker", spots[3], speed_ft=30, team="enemy", hidden=True)
    taken = {c for t in encounter.tokens.values() for c in footprint(t.cell, _side(rules, t))}
    if lurker.cell in taken:
        return
    whole = encounter.with_token(lurker)
    try:
        met = move_meeting_hidden(
            whole, rules, "77", REQUESTS[kind](to, n), lambda seen, asked: rules.move(seen, asked)
        )
    except RulingError:
        return  # refused on the board the player sees: nothing changed
    still = met.encounter.tokens[lurker.key]
    assert still.cell == lurker.cell, "the hidden creature had to step aside"
    if met.result is None:
        assert met.encounter == whole
        return
    hidden = {lurker.key}
    for moved in met.result.displacements:
        token = met.encounter.tokens[moved.token]
        mine = set(footprint(token.cell, _side(rules, token)))
        if share_a_cube(rules, token, still):
            assert not mine & {still.cell}, f"{token.name} ends in the hidden Lurker's square"
        if moved.how != "pushed":  # (a push may pass over a smaller one: 004 Stepover)
            before = whole.tokens[moved.token]
            assert hidden_in_the_way(rules, whole, before, moved.path, hidden) is None
