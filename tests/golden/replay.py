"""Replay the golden corpus through the console, and normalise what it prints.

The corpus (corpus.txt, its syntax is at its top) is a list of scenarios; each
runs in one fresh channel on one fresh in-memory database, line by line,
through ``bot.console.run_once(..., as_json=True)``: the function behind
``python -m bot ask --json``, so what is compared is the console's public JSON.
Line k (from 1) of a scenario runs with ``--seed k``.

``record.py`` writes what the current code prints to expected.jsonl;
tests/test_golden_console.py replays and compares.
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.console import IMAGE_DIR, run_once
from bot.storage import Store

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus.txt"
EXPECTED = HERE / "expected.jsonl"

CHANNEL = "golden"
GM_USER = "console-gm"  # the console's default user, with Manage Channels

_HEADER = re.compile(r"##\s+(?P<name>\S.*?)\s*$")
_ACTOR = re.compile(r"@(?P<user>[\w.-]+)(?P<player>!?)\s+(?P<line>/.*)$")


@dataclass(frozen=True)
class Step:
    """One console line: who types it, and whether they have Manage Channels."""

    line: str
    user: str = GM_USER
    manages_channel: bool = True

    @property
    def written(self) -> str:
        """The line as the corpus writes it (the key compared in expected.jsonl)."""
        if self.user == GM_USER and self.manages_channel:
            return self.line
        return f"@{self.user}{'' if self.manages_channel else '!'} {self.line}"


@dataclass(frozen=True)
class Scenario:
    name: str
    steps: tuple[Step, ...]


def parse_corpus(text: str) -> list[Scenario]:
    """The scenarios of ``text``; a malformed corpus raises ``ValueError`` naming the line."""
    scenarios: list[Scenario] = []
    name: str | None = None
    steps: list[Step] = []
    seen: set[str] = set()

    def close() -> None:
        if name is not None:
            if not steps:
                raise ValueError(f"scenario {name!r} has no lines")
            scenarios.append(Scenario(name, tuple(steps)))

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        header = _HEADER.fullmatch(line)
        if header:
            close()
            name, steps = header.group("name"), []
            if name in seen:
                raise ValueError(f"corpus.txt:{number}: scenario {name!r} appears twice")
            seen.add(name)
            continue
        if not line or line.startswith("#"):
            continue
        if name is None:
            raise ValueError(f"corpus.txt:{number}: a command before the first ## header")
        actor = _ACTOR.fullmatch(line)
        if actor:
            steps.append(Step(actor.group("line"), actor.group("user"), not actor.group("player")))
        elif line.startswith("/"):
            steps.append(Step(line))
        else:
            raise ValueError(f"corpus.txt:{number}: expected /command or @user /command: {raw!r}")
    close()
    return scenarios


def load_corpus() -> list[Scenario]:
    return parse_corpus(CORPUS.read_text(encoding="utf-8"))


# What changes from run to run, and only that: everything else is kept verbatim.
_ISO_TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[+-]\d{2}:\d{2}|Z)?")
_SHOWN_TIME = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC")


def normalise(value: Any, key: str | None = None) -> Any:
    """The console JSON with what is nondeterministic replaced by a fixed marker.

    - times: ``/history`` and ``/undo`` print when a change was made, as ISO
      (``"at": "2026-...T...+00:00"``) and as ``2026-11-01 12:03 UTC`` in text;
      both become ``<time>``.
    - images: the console saves a reply's PNG to a temp dir and prints its path;
      the path becomes ``<image:NAME>`` (the file name is kept: which picture a
      reply carries is behaviour; its pixels are the render tests' business).

    Database ids do not appear in the console JSON (checked when recording: a
    key ending in ``_id`` or named ``id`` fails the recording), so nothing is
    done for them. Keys, titles, fields, footers, errors and values stay as printed.
    """
    if isinstance(value, dict):
        return {k: normalise(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [normalise(v) for v in value]
    if isinstance(value, str):
        if key == "image" and value.startswith(str(IMAGE_DIR)):
            # the console names each picture uniquely (move-k3j9x2.png): keep the kind
            return f"<image:{re.sub(r'-[^-.]+(?=[.][a-z]+$)', '', Path(value).name)}>"
        return _SHOWN_TIME.sub("<time> UTC", _ISO_TIME.sub("<time>", value))
    return value


def id_keys(value: Any, where: str = "") -> list[str]:
    """Keys that look like database ids, so a new one is noticed, not recorded."""
    found: list[str] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "id" or k.endswith("_id"):
                found.append(f"{where}.{k}")
            found += id_keys(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += id_keys(v, f"{where}[{i}]")
    return found


async def run_scenario(scenario: Scenario) -> list[dict[str, Any]]:
    """Each line's record: scenario, line, exit code and the normalised console JSON."""
    store = await Store.open(":memory:")
    records: list[dict[str, Any]] = []
    try:
        for seed, step in enumerate(scenario.steps, start=1):
            out = io.StringIO()
            code = await run_once(
                store,
                step.line,
                as_json=True,
                seed=seed,
                channel=CHANNEL,
                user=step.user,
                manages_channel=step.manages_channel,
                out=out,
            )
            (printed,) = out.getvalue().splitlines()  # the console prints exactly one object
            records.append(
                {
                    "scenario": scenario.name,
                    "line": step.written,
                    "exit": code,
                    "json": normalise(json.loads(printed)),
                }
            )
    finally:
        await store.close()
    return records


def read_expected(path: Path = EXPECTED) -> dict[str, list[dict[str, Any]]]:
    """expected.jsonl's records, by scenario, in order."""
    by_scenario: dict[str, list[dict[str, Any]]] = {}
    for text in path.read_text(encoding="utf-8").splitlines():
        if text.strip():
            record = json.loads(text)
            by_scenario.setdefault(record["scenario"], []).append(record)
    return by_scenario


def dumps(record: dict[str, Any]) -> str:
    """One record as one line of expected.jsonl (keys sorted, so diffs are stable)."""
    return json.dumps(record, ensure_ascii=False, sort_keys=True)
