"""A ruleset's calculators loaded alone (bot.rules.load_calculators) are its ruleset's:
the same data and the same class as the part it holds (``Ruleset.calculators``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.rules import identities, load_calculators, load_ruleset

ROOT = Path(__file__).resolve().parents[2]
DATA = ("id", "name", "square_ft", "travel_names", "travel_min_miles", "jump_uses_strength")


@pytest.mark.parametrize("ruleset_id", list(identities()))
def test_the_calculators_alone_are_the_rulesets(ruleset_id: str) -> None:
    alone, ruleset = load_calculators(ruleset_id), load_ruleset(ruleset_id)
    for name in DATA:
        assert getattr(alone, name) == getattr(ruleset.calculators, name), name
    assert type(alone) is type(ruleset.calculators)  # the part the ruleset holds
    if not identities()[ruleset_id].calculators:
        assert alone is ruleset.calculators


def test_5e_alts_calculators_load_no_movement_engine() -> None:
    probe = (
        "import sys; from bot.rules import load_calculators; load_calculators('5e-alt'); "
        "print(sorted(m for m in sys.modules if m.startswith('bot.')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout
    for absent in (
        "bot.rules.engine",
        "bot.encounter",
        "bot.rules.ruleset",
        "bot.rules.five_e_alt.ruleset",
    ):
        assert f"'{absent}" not in loaded, absent
