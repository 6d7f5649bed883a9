"""Record the golden corpus: what the console prints now, for every corpus line.

    python -m tests.golden.record

Run it only when a change is meant to alter what the console prints (or after
adding lines to corpus.txt); read the diff of expected.jsonl before keeping it.
A restructuring that changes no behaviour must pass tests/test_golden_console.py
without re-recording.
"""

from __future__ import annotations

import asyncio
import sys

from bot.commands import split_line
from bot.errors import InvalidInput
from bot.handlers import COMMANDS
from tests.golden.replay import EXPECTED, dumps, id_keys, load_corpus, run_scenario

INTERNAL_ERROR = "Something went wrong on our side"


async def record() -> list[str]:
    """Every corpus line's record, as expected.jsonl's lines; refuses to record a
    line that hit a bug (the console's generic error) or prints a database id."""
    lines: list[str] = []
    problems: list[str] = []
    for scenario in load_corpus():
        for record in await run_scenario(scenario):
            where = f"{scenario.name}: {record['line']}"
            if INTERNAL_ERROR in (record["json"]["error"] or ""):
                problems.append(f"{where}: an internal error (see the log above)")
            problems += [f"{where}: database id {key}" for key in id_keys(record["json"])]
            lines.append(dumps(record))
    if problems:
        raise SystemExit("Not recorded:\n" + "\n".join(problems))
    return lines


def uncovered() -> list[str]:
    """Commands no corpus line runs (a new command should get its lines)."""
    used: set[str] = set()
    for scenario in load_corpus():
        for step in scenario.steps:
            try:
                used.add(split_line(step.line)[0])
            except InvalidInput:  # a line written to be unreadable
                continue
    return [f"/{name}" for name in COMMANDS if name not in used]


def main() -> None:
    lines = asyncio.run(record())
    missing = uncovered()
    if missing:
        print(f"warning: no corpus line runs {', '.join(missing)}", file=sys.stderr)
    EXPECTED.write_text("\n".join(lines) + "\n", encoding="utf-8")
    scenarios = len(load_corpus())
    print(f"wrote {len(lines)} lines of {scenarios} scenarios to {EXPECTED}", file=sys.stderr)


if __name__ == "__main__":
    main()
