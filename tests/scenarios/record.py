"""Write the scenario scripts' pictures as reference images.

    python -m tests.scenarios.record              # every ruleset
    python -m tests.scenarios.record 3.5 becmi    # just these

Run it after a deliberate change to a picture, look at the new images in
tests/scenarios/reference/, and commit them with the change.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from bot.storage import Store
from tests.scenarios.play import PICTURED, RULESETS, play, reference_name

REFERENCE = Path(__file__).resolve().parent / "reference"


async def record(rulesets: list[str]) -> list[Path]:
    written: list[Path] = []
    REFERENCE.mkdir(exist_ok=True)
    for ruleset in rulesets or RULESETS:
        with tempfile.TemporaryDirectory() as tmp:
            store = await Store.open(Path(tmp) / "stride.db")
            try:
                played = await play(store, ruleset)
            finally:
                await store.close()
        for index, step in enumerate(played):
            if step.step.command in PICTURED and step.images:
                path = REFERENCE / reference_name(ruleset, index, step.step)
                path.write_bytes(step.images[0])
                written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    names = sys.argv[1:] if argv is None else argv
    unknown = [n for n in names if n not in RULESETS]
    if unknown:
        raise SystemExit(f"unknown ruleset(s): {', '.join(unknown)}; known: {', '.join(RULESETS)}")
    for path in asyncio.run(record(names)):
        print(path)


if __name__ == "__main__":
    main()
