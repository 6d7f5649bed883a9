"""Issue 41's ruleset contract: a ruleset is one class holding its parts
(``bot/rules/parts``; docs/ARCHITECTURE.md "What a ruleset provides"), and one defined
outside ``bot/`` joins the registry and answers the commands with no line of ``bot/``
changed: Toy Grid, in ``tests/contract_ruleset``.

Toy Grid is imported in a subprocess (it registers itself on import, as a plugin
would, before the commands are built), so the modules that check "every ruleset in
the registry" in this process never meet it; the in-process tests here register it
and take it out again.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.encounter import Encounter
from bot.grid.sizes import Size
from bot.handlers import COMMANDS
from bot.rules import (
    identities,
    load_calculators,
    load_ruleset,
    register,
    rulesets,
    unregister,
)
from bot.rules.engine.steps import ProvokeRule
from bot.rules.identity import Identity
from bot.rules.parts.conditions import ConditionRule
from bot.rules.parts.economy import ActionEconomy
from bot.rules.parts.flanking import FlankRule
from bot.rules.parts.reach import ReachRule
from bot.rules.parts.sheet import Sheet
from bot.rules.parts.space import SpaceRule
from bot.rules.parts.steps import StepRule
from bot.rules.ruleset import Ruleset

ROOT = Path(__file__).resolve().parents[2]
PARTS = {
    "economy": ActionEconomy,
    "sheet": Sheet,
    "steps": StepRule,
    "space": SpaceRule,
    "reach": ReachRule,
    "conditions": ConditionRule,
    "flanking": FlankRule,
}

# one console process: the ruleset registers itself on import, then each line runs
# through the console's handlers (bot.console.run_once) on one store
RUNNER = """
import asyncio, io, json, sys
import tests.contract_ruleset  # registers Toy Grid
from bot.console import run_once
from bot.storage import Store

async def main(db, lines):
    store = await Store.open(db)
    try:
        for line in lines:
            out = io.StringIO()
            code = await run_once(
                store, line, as_json=True, seed=1, channel="c", user="gm", out=out
            )
            print(json.dumps({"code": code, "reply": json.loads(out.getvalue())}))
    finally:
        await store.close()

asyncio.run(main(sys.argv[1], sys.argv[2:]))
"""


def console(tmp_path: Path, *lines: str) -> list[dict[str, Any]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", RUNNER, str(tmp_path / "stride.db"), *lines],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=True,
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(replies) == len(lines), done.stderr
    return replies


def test_a_ruleset_defined_in_the_tests_answers_every_command_through_the_console(
    tmp_path: Path,
) -> None:
    """Issue 41: Toy Grid registers itself and answers /fall, /jump, /travel, /help and
    /move (its own rules: 1d6 per 10 ft, a third of the speed across, a tenth of it in
    miles an hour, 5-ft squares an enemy blocks) through the console's handlers."""
    ruleset, fall, jump, travel, help_travel, start, ari, gob, move, dash, bad = console(
        tmp_path,
        "/ruleset set system:toy",
        "/fall height:30",
        "/jump distance:8",
        "/travel distance:12",
        "/help command:travel",
        "/encounter start width:8 height:8 ruleset:toy",
        "/token add name:Ari at:A1 speed:30 team:party",
        "/token add name:Gob at:C1 team:enemy",
        "/move token:Ari to:D1",
        "/move token:Ari to:D8 action:sprint",
        "/move token:Ari to:D8 action:fly",
    )
    assert ruleset["reply"]["result"]["ruleset"] == "toy"
    assert fall["reply"]["result"]["dice"] == "3d6" and fall["reply"]["result"]["counted_ft"] == 30
    assert jump["reply"]["result"]["max_horizontal_ft"] == 10
    assert jump["reply"]["result"]["clears"] is True
    assert travel["reply"]["result"]["miles_per_hour"] == 3.0
    assert travel["reply"]["result"]["hours"] == 4.0
    # /help lists what Toy Grid's travel reads (hours, and what every ruleset reads),
    # the other rulesets' own options apart
    shown, others = (
        help_travel["reply"]["result"][k] for k in ("options", "other_rulesets_options")
    )
    assert "hours" in shown and "distance" in shown and "speed" in shown
    assert {"road", "load", "encumbrance"} <= set(others)
    assert start["reply"]["result"]["ruleset"] == "toy"
    assert ari["code"] == gob["code"] == 0
    # an enemy's square blocks: around Gob at C1, 5 ft a square
    assert move["reply"]["result"]["path"] == ["A1", "B1", "C2", "D1"]
    assert move["reply"]["result"]["cost_ft"] == 15.0
    # a dash (its alias, sprint) doubles the speed: 60 ft this turn, 15 ft spent
    assert dash["reply"]["result"]["action"] == "dash"
    assert dash["reply"]["result"]["remaining_ft"] == 10.0
    # bad input: what was wrong and what is accepted, no traceback, nothing changed
    assert bad["code"] != 0 and bad["reply"]["result"] is None
    assert bad["reply"]["error"] == 'Unknown action "fly". Accepted: move, dash.'


@pytest.fixture
def toy() -> Iterator[Identity]:
    import tests.contract_ruleset as package

    register(package.IDENTITY)  # again, after an earlier test took it out
    try:
        yield package.IDENTITY
    finally:
        unregister(package.IDENTITY.id)


def test_a_registered_ruleset_joins_the_registry_and_leaves_it(toy: Identity) -> None:
    """Issue 41: the registry accepts a ruleset registered from outside bot/rules."""
    assert list(identities())[-1] == "toy"
    rules = rulesets()["toy"]
    assert isinstance(rules, Ruleset) and rules.name == "Toy Grid"
    assert type(load_calculators("toy")) is type(rules.calculators)
    unregister("toy")
    assert "toy" not in identities() and "toy" not in rulesets()


def test_a_registered_name_already_taken_is_refused(toy: Identity) -> None:
    taken = Identity("5e", "Another 5e", "", (), "tests.contract_ruleset.ruleset:ToyGrid")
    with pytest.raises(ValueError, match="already taken: 5e"):
        register(taken)
    alias = Identity("toy2", "Toy", "", ("toy-grid",), "tests.contract_ruleset.ruleset:ToyGrid")
    with pytest.raises(ValueError, match="toy-grid"):
        register(alias)
    assert "toy2" not in identities()


class Partless(Ruleset):
    """A ruleset that forgets to build its parts."""

    identity: ClassVar[Identity] = Identity("partless", "Partless", "", (), f"{__name__}:Partless")
    document: ClassVar[str] = "none"
    grid_document: ClassVar[str] = "none"
    seed_files: ClassVar[tuple[str, ...]] = ("none",)
    sizes: ClassVar[tuple[Size, ...]] = ()
    footprint_squares: ClassVar[Mapping[Size, int]] = {}
    provoke_rule: ClassVar[ProvokeRule] = "never"


def test_a_ruleset_that_builds_no_parts_is_refused_when_loaded() -> None:
    register(Partless.identity)
    try:
        with pytest.raises(TypeError, match="Partless builds no calculators, economy"):
            load_ruleset("partless")
    finally:
        unregister("partless")
    assert "partless" not in identities()


@pytest.mark.parametrize("ruleset_id", list(identities()))
def test_every_ruleset_is_one_class_holding_its_parts(ruleset_id: str) -> None:
    """Issue 41: no partial subclasses chosen by the method resolution order: each
    ruleset class derives from ``Ruleset`` alone, and holds its parts, each bound to it."""
    rules = rulesets()[ruleset_id]
    assert type(rules).__bases__ == (Ruleset,)
    for name, kind in PARTS.items():
        part = getattr(rules, name)
        assert isinstance(part, kind), name
        assert part.rules is rules, name
    encounter_rules = rules.for_encounter(None)
    assert encounter_rules.economy.rules is encounter_rules
    # /help offers group: where the data says so: the ruleset's own group_move answers
    assert rules.group_moves == (type(rules).group_move is not Ruleset.group_move)


@pytest.mark.parametrize("ruleset_id", list(identities()))
def test_the_travel_options_a_ruleset_reads_are_travels(ruleset_id: str) -> None:
    """What a ruleset's travel says it reads are /travel's options (a renamed option
    fails here), as /help lists them."""
    names = {o.name for o in COMMANDS["travel"].options}
    declared = rulesets()[ruleset_id].calculators.travel_options
    assert declared <= names, declared - names


@st.composite
def configured(draw: st.DrawFn) -> tuple[Ruleset, Encounter]:
    """A ruleset from the registry and an encounter with its options drawn."""
    ruleset_id = draw(st.sampled_from(list(identities())))
    rules = rulesets()[ruleset_id]
    options: dict[str, str | bool] = {}
    for spec in rules.encounter_options:
        if spec.kind == "boolean":
            options[spec.name] = draw(st.booleans())
        elif spec.choices:
            options[spec.name] = draw(st.sampled_from(spec.choices))
    return rules, Encounter(6, 6, ruleset_id, gm_id="gm", options=options)


@given(configured())
def test_a_ruleset_for_an_encounter_holds_parts_bound_to_it(
    drawn: tuple[Ruleset, Encounter],
) -> None:
    """The ruleset an encounter's options configure (5e-alt's diagonals and units, 5e's
    encumbrance, becmi's outdoors) is built anew with its own parts: none answers for
    the ruleset it was made from."""
    rules, encounter = drawn
    mapped = rules.for_encounter(encounter)
    assert type(mapped) is type(rules)
    for name in PARTS:
        assert getattr(mapped, name).rules is mapped, name
    assert mapped.for_encounter(encounter) is mapped
