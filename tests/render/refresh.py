"""Regenerate the stored reference images the board tests compare against.

    python -m tests.render.refresh            # every scenario
    python -m tests.render.refresh 3.5 becmi  # just these

Run it after a deliberate change to how the board looks, look at the new
images in tests/render/reference/ (they are small PNGs), and keep them with
the change. The scenarios are in tests/render/scenarios.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bot.render.board import render_board
from tests.render.scenarios import SCENARIOS

REFERENCE = Path(__file__).resolve().parent / "reference"


def reference_path(name: str) -> Path:
    return REFERENCE / f"{name}.png"


def refresh(names: list[str]) -> list[Path]:
    REFERENCE.mkdir(exist_ok=True)
    written = []
    for name in names or list(SCENARIOS):
        scenario = SCENARIOS[name]()
        path = reference_path(name)
        path.write_bytes(render_board(scenario.encounter, scenario.footprints, scenario.view))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    names = sys.argv[1:] if argv is None else argv
    unknown = [n for n in names if n not in SCENARIOS]
    if unknown:
        raise SystemExit(
            f"unknown scenario(s): {', '.join(unknown)}; known: {', '.join(SCENARIOS)}"
        )
    for path in refresh(names):
        print(path)


if __name__ == "__main__":
    main()
