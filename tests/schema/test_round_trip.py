"""The encounter's JSON, which the database keeps and /undo restores, loses nothing.

Every field of ``Encounter`` and ``Token`` round-trips, the rulesets' own options
and state included, and an encounter stored before the rulesets kept their own
state (flat ``race``, ``diagonal_rule``... fields) still loads, into them.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.encounter import (
    TEAMS,
    TEMPLATE_COLOURS,
    Activity,
    Background,
    Condition,
    Encounter,
    Template,
    Token,
    token_key,
)
from bot.grid.coords import Cell, edge_key
from bot.grid.sizes import Size
from bot.grid.terrain import Barrier, Terrain
from bot.handlers.board_rules import board_rules
from bot.rules import rulesets
from bot.rules.options import OptionSpec
from bot.rules.ruleset import Ruleset
from bot.schema.codec import to_json
from bot.schema.read import read_state
from bot.state import StateValue

FIXTURE = Path(__file__).parents[1] / "data" / "encounter_flat_fields.json"
SIDE = 24
# where the drawn tokens stand: far enough apart that even a Colossal one stands alone
ANCHORS = (Cell(0, 0), Cell(6, 0), Cell(12, 0), Cell(18, 0))
NAMES = ("Ari", "Bo", "Ogre", "Goblin 1")


def from_json(data: object) -> Encounter:
    """A board read back as the store reads one: checked against the schema."""
    return read_state(json.dumps(data), board_rules())


# Any id the schema takes as a user (a Discord snowflake), its edges included.
user_ids = st.one_of(
    st.sampled_from(("0", "77", "999", str(2**64 - 1))), st.integers(0, 2**64 - 1).map(str)
)


def cells() -> st.SearchStrategy[Cell]:
    return st.builds(Cell, st.integers(0, SIDE - 1), st.integers(0, SIDE - 1))


def value_for(spec: OptionSpec) -> st.SearchStrategy[StateValue]:
    """A value the option may hold, of its kind."""
    if spec.kind == "boolean":
        return st.booleans()
    if spec.kind == "integer":
        return st.integers(spec.min_value or 0, spec.max_value or 100)
    if spec.choices:
        return st.sampled_from(spec.choices)
    return st.text(st.characters(codec="utf-8"), min_size=1, max_size=12)


def state_of(specs: tuple[OptionSpec, ...]) -> st.SearchStrategy[dict[str, StateValue]]:
    """Some of ``specs`` set, plus the state rulesets keep without an option."""
    kept = {
        "running_rounds": st.integers(0, 40),
        "last_mode": st.sampled_from(("fly", "swim", "climb", "burrow")),
    }
    by_name = {s.name: value_for(s) for s in specs} | kept
    return st.fixed_dictionaries({}, optional=by_name)


activities = st.builds(
    Activity,
    budget_ft=st.floats(0, 240, allow_nan=False).map(lambda f: round(f, 2)),
    spent_ft=st.floats(0, 240, allow_nan=False).map(lambda f: round(f, 2)),
    actions=st.lists(st.sampled_from(("move", "dash", "run", "stand")), max_size=3).map(tuple),
    diagonals=st.integers(0, 9),
    provoked_by=st.lists(st.sampled_from(("Ogre", "Goblin 1")), max_size=2).map(tuple),
    legs=st.lists(
        st.lists(
            st.builds(Cell, st.integers(0, 30), st.integers(0, 30)), min_size=2, max_size=6
        ).map(tuple),
        max_size=3,
    ).map(tuple),
)


@st.composite
def tokens(
    draw: st.DrawFn, name: str, ruleset: Ruleset, anchor: Cell, others: tuple[str, ...]
) -> Token:
    """A token at ``anchor``; ``others`` are the keys of the board's other tokens (who
    may grapple it)."""
    return Token(
        name=name,
        cell=anchor,
        size=draw(st.sampled_from(list(ruleset.footprint_squares))),
        speed_ft=draw(st.integers(0, 120)),
        speeds_ft=draw(
            st.dictionaries(st.sampled_from(("fly", "swim", "climb", "burrow")), st.integers(5, 90))
        ),
        hover=draw(st.booleans()),
        team=draw(st.sampled_from(TEAMS)),
        owner=draw(st.none() | user_ids),
        conditions=frozenset(draw(st.sets(st.sampled_from([c.value for c in Condition])))),
        reach_ft=draw(st.none() | st.sampled_from((0, 5, 10, 15))),
        reach_weapon=draw(st.booleans()),
        speed_bonus_ft=draw(st.integers(-30, 30)),
        speed_bonuses_ft=draw(
            st.dictionaries(st.sampled_from(("enhancement", "morale")), st.integers(-10, 30))
        ),
        activity=draw(activities),
        initiative_bonus=draw(st.integers(-5, 10)),
        initiative=draw(st.none() | st.integers(-5, 40)),
        state=draw(state_of(ruleset.identity.token_options)),
        altitude_ft=draw(st.sampled_from([0, 5, 60, 10_000])),
        grappled_by=tuple(draw(st.lists(st.sampled_from(others), unique=True)) if others else ()),
        traits=tuple(sorted(draw(st.sets(st.sampled_from(["ice-walk", "spider-climb"]))))),
        hidden=draw(st.booleans()),
        reactions_used=draw(st.sampled_from([0, 1, 3])),
    )


def points_somewhere(drawn: tuple[Any, ...]) -> bool:
    """A cone or a line points toward a square other than its own (as /template add
    makes them; the schema refuses any other)."""
    shape, _, at, toward = drawn[:4]
    return shape not in ("cone", "line") or toward not in (None, at)


@st.composite
def encounters(draw: st.DrawFn) -> Encounter:
    ruleset = draw(st.sampled_from(list(rulesets().values())))
    names = draw(st.lists(st.sampled_from(NAMES), unique=True))
    placed = [
        draw(tokens(n, ruleset, at, tuple(token_key(o) for o in names if o != n)))
        for n, at in zip(names, ANCHORS, strict=False)
    ]
    order = tuple(t.key for t in placed if draw(st.booleans()))
    a = draw(cells())
    b = Cell(min(a.col + 1, SIDE - 1), a.row) if a.col < SIDE - 1 else Cell(a.col - 1, a.row)
    edges = draw(st.dictionaries(st.just(edge_key(a, b)), st.sampled_from(list(Barrier))))
    followed = st.just("ari") if "Ari" in names else st.none()
    return Encounter(
        width=SIDE,
        height=SIDE,
        ruleset=ruleset.id,
        gm_id=draw(user_ids),
        terrain=draw(
            st.dictionaries(
                cells(), st.sampled_from([t for t in Terrain if t is not Terrain.CLEAR])
            )
        ),
        tokens={t.key: t for t in placed},
        order=order,
        turn_index=draw(st.integers(0, len(order) - 1)) if order else None,
        round=draw(st.integers(1, 50)),
        options=draw(state_of(ruleset.identity.encounter_options)),
        dark=frozenset(draw(st.sets(cells(), max_size=5))),
        edges=edges,
        co_gms=tuple(draw(st.lists(user_ids, max_size=3, unique=True))),
        templates=tuple(
            Template(
                f"T{i}",
                shape,  # type: ignore[arg-type]
                size,
                at,
                toward,
                follows,
                offset if follows else (0, 0),
                placed_by=placed_by,
                ends_in_round=ends[0] if ends else None,
                ends_at_turn_of=ends[1] if ends else None,
                from_corner=corner,
                colour=colour,  # type: ignore[arg-type]
                centred=centred,
            )
            for i, (
                shape,
                size,
                at,
                toward,
                follows,
                offset,
                placed_by,
                ends,
                corner,
                colour,
                centred,
            ) in enumerate(
                draw(
                    st.lists(
                        st.tuples(
                            st.sampled_from(["circle", "cone", "line", "square", "cube"]),
                            st.sampled_from([5, 10, 20, 60]),
                            cells(),
                            st.none() | cells(),
                            st.none() | followed,
                            st.tuples(st.integers(-3, 3), st.integers(-3, 3)),
                            st.none() | user_ids,
                            st.none() | st.tuples(st.integers(1, 60), st.none() | followed),
                            st.booleans(),
                            st.sampled_from(TEMPLATE_COLOURS),
                            st.booleans(),
                        ).filter(points_somewhere),
                        max_size=3,
                    )
                )
            )
        ),
        hidden_edges=frozenset(draw(st.sets(st.sampled_from(list(edges)))) if edges else ()),
        board_lines=tuple(
            draw(
                st.lists(
                    st.sampled_from(["Round 2: Fog ends", "Round 1: Lurker appears at E2"]),
                    max_size=3,
                )
            )
        ),
        background=draw(
            st.none()
            | st.builds(
                Background,
                image=st.sampled_from(["0f3a9c", "deadbeef"]),
                px_per_square=st.integers(1, 64),
                cell_px=st.integers(8, 1000),
                offset_px=st.tuples(st.integers(0, 500), st.integers(0, 500)),
                filename=st.sampled_from(["", "crypt.png", "a map (2).webp"]),
            )
        ),
    )


@settings(max_examples=150, deadline=None)
@given(encounters())
def test_every_field_round_trips_through_json(encounter: Encounter) -> None:
    text = json.dumps(to_json(encounter), sort_keys=True)
    again = from_json(json.loads(text))
    assert again == encounter
    assert json.dumps(to_json(again), sort_keys=True) == text


def test_the_round_trip_test_draws_every_field() -> None:
    """A field added to Encounter or Token without a strategy above fails here."""
    drawn_encounter = {
        "width", "height", "ruleset", "gm_id", "terrain", "tokens", "order",
        "turn_index", "round", "options", "dark", "edges", "co_gms", "templates",
        "background", "hidden_edges", "board_lines",
    }  # fmt: skip
    drawn_template = {
        "name", "shape", "size_ft", "at", "toward", "follows", "offset", "placed_by",
        "ends_in_round", "ends_at_turn_of", "from_corner", "colour",
        "centred",
    }  # fmt: skip
    assert {f.name for f in dataclasses.fields(Template)} == drawn_template
    drawn_token = {
        "name", "cell", "size", "speed_ft", "speeds_ft", "hover", "team", "owner",
        "conditions", "reach_ft", "reach_weapon", "speed_bonus_ft", "speed_bonuses_ft",
        "activity", "initiative_bonus", "initiative", "state", "altitude_ft", "riding",
        "grappled_by", "traits", "hidden", "reactions_used",
    }  # fmt: skip
    assert {f.name for f in dataclasses.fields(Encounter)} == drawn_encounter
    assert {f.name for f in dataclasses.fields(Token)} == drawn_token


def test_an_encounter_stored_with_flat_fields_loads_into_options_and_state() -> None:
    """Before the rulesets kept their own state, ``diagonal_rule``, ``units``, ``race``,
    ``armor``, ``load``, ``body``, ``running_rounds``, ``exhaustion`` and ``last_mode``
    were flat fields; such a stored encounter (and its /undo history) still loads."""
    stored = json.loads(FIXTURE.read_text())
    encounter = from_json(stored)
    assert encounter.options == {"diagonals": "5-10-5", "units": True}
    ari, ogre, bo = encounter.token("Ari"), encounter.token("Ogre"), encounter.token("Bo")
    assert ari.state == {"race": "dwarf", "armor": "heavy", "load": "medium"}
    assert ogre.state == {"body": "long", "running_rounds": 2}
    assert bo.state == {"exhaustion": 3, "last_mode": "swim"}
    # the defaults (tall, walk, 0, none) were never stored, and are not carried over
    assert "body" not in ari.state and "last_mode" not in ari.state
    # written back, it is in the current form
    written = to_json(encounter)
    assert "diagonal_rule" not in written and "race" not in written["tokens"][0]
    assert from_json(written) == encounter


def test_state_holds_only_json_scalars() -> None:
    stored = json.loads(FIXTURE.read_text())
    stored["tokens"][0]["state"] = {"armor": ["heavy"]}
    try:
        from_json(stored)
    except ValueError as error:
        assert "armor" in str(error)
    else:
        raise AssertionError("a list in a token's state was accepted")


def test_clearing_state_stores_no_default() -> None:
    token = Token("Ari", Cell(0, 0)).with_state(armor="heavy", running_rounds=2)
    cleared = token.with_state(armor=None, running_rounds=0)
    assert cleared.state == {} and cleared == dataclasses.replace(token, state={})


def test_terrain_and_darkness_are_stored_as_runs_and_read_in_either_form() -> None:
    """A run along a row is stored by its ends; a state stored one name per square
    (before runs) reads the same."""
    cells = [Cell(c, 0) for c in range(5)] + [Cell(2, 3), Cell(3, 3), Cell(9, 9)]
    e = Encounter(12, 12, "3.5", "1001").with_terrain(cells, Terrain.DIFFICULT)
    e = e.in_dark([Cell(0, 1), Cell(1, 1)], True)
    written = to_json(e)
    assert written["terrain"] == {"difficult": "A1:E1 C4:D4 J10"}
    assert written["dark"] == "A2:B2"
    old = dict(written, terrain={"difficult": "A1 B1 C1 D1 E1 C4 D4 J10"}, dark="A2 B2")
    assert from_json(old) == from_json(written) == e


def test_a_rider_and_the_shared_facts_round_trip() -> None:
    """Riding (drawn apart: a rider shares its mount's space), and the shared facts a
    state kept before they were typed (issue 27) read into the fields."""
    horse = Token("Horse", Cell(2, 2), size=Size.LARGE)
    ari = Token("Ari", Cell(2, 2), riding="horse", altitude_ft=0)
    e = Encounter(8, 8, "3.5", "1001", tokens={"horse": horse, "ari": ari})
    assert from_json(to_json(e)) == e
    old = to_json(e)
    del old["tokens"][1]["riding"]
    old["tokens"][1]["state"] = {"riding": "horse", "traits": "spider-climb,ice-walk"}
    old["tokens"][0]["state"] = {"altitude_ft": 30, "hidden": True, "grappled_by": "ari"}
    read = from_json(old)
    assert read.token("Ari").riding == "horse" and read.token("Ari").state == {}
    assert read.token("Ari").traits == ("ice-walk", "spider-climb")
    horse_read = read.token("Horse")
    assert (horse_read.altitude_ft, horse_read.hidden, horse_read.grappled_by) == (
        30,
        True,
        ("ari",),
    )
