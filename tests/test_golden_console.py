"""The console's JSON for a broad corpus of commands is what was recorded.

tests/golden/corpus.txt holds the scenarios; expected.jsonl what the console
printed for each line when it was recorded (``python -m tests.golden.record``).
A refactoring that changes no behaviour passes this unchanged; a deliberate
change re-records and shows its effect in the diff of expected.jsonl.
"""

from __future__ import annotations

import difflib
import json
from typing import Any

import pytest

from tests.golden.replay import Scenario, load_corpus, read_expected, run_scenario

SCENARIOS = load_corpus()
EXPECTED = read_expected()
REGENERATE = "If the change is meant, re-record with: python -m tests.golden.record"


def _pretty(value: Any) -> list[str]:
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True).splitlines()


def test_every_scenario_is_recorded() -> None:
    """expected.jsonl and corpus.txt name the same scenarios (none stale, none new)."""
    names = [s.name for s in SCENARIOS]
    assert sorted(EXPECTED) == sorted(names), REGENERATE


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
async def test_console_output_unchanged(scenario: Scenario) -> None:
    expected = EXPECTED.get(scenario.name, [])
    actual = await run_scenario(scenario)
    assert [r["line"] for r in actual] == [r["line"] for r in expected], (
        f"{scenario.name}: the corpus lines differ from the recorded ones. {REGENERATE}"
    )
    problems: list[str] = []
    for number, (got, want) in enumerate(zip(actual, expected, strict=True), start=1):
        if got == want:
            continue
        diff = difflib.unified_diff(
            _pretty(want), _pretty(got), "recorded", "now", lineterm="", n=2
        )
        problems.append(f"line {number}: {got['line']}\n" + "\n".join(diff))
    if problems:  # just the diff: the scenario's repr and this source say nothing more
        pytest.fail(
            f"## {scenario.name}: {len(problems)} line(s) print differently\n\n"
            + "\n\n".join(problems)
            + f"\n\n{REGENERATE}",
            pytrace=False,
        )
